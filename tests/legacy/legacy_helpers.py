"""Helpers for the Kingdom Legacy tests: small packs written inline, and a campaign
arranged at a chosen position (which cards are in play, in what order the draw pile is)."""

from __future__ import annotations

import copy

import pytest

from kingdom_legacy import Campaign, IllegalAction, demo_pack, load_pack
from kingdom_legacy.campaign import new_card_state
from kingdom_legacy.cards import PACK_FORMAT


def stage(name="Card", keywords=("building",), **kw) -> dict:
    d = {"name": name, "keywords": list(keywords)}
    d.update(kw)
    return d


def card(n, front=None, **stages) -> dict:
    return {"number": n, "stages": {"front": front or stage(f"Card {n}"), **stages}}


def pack_dict(cards, box=None, start=None, final=None, **kw) -> dict:
    """A pack of ``cards`` (dicts); cards 1..start missing from the list are filled with
    plain buildings producing 1 coin."""
    numbers = {c["number"] for c in cards}
    start = start or max(n for n in numbers if n <= (box or 99))
    full = list(cards) + [card(n, stage(f"Filler {n}", production=[{"coin": 1}]))
                          for n in range(1, start + 1) if n not in numbers]
    box = box or max(c["number"] for c in full) + 1
    d = {"format": PACK_FORMAT, "id": "test", "box_size": box, "kingdom_start": start,
         "final_card": final or box, "cards": sorted(full, key=lambda c: c["number"])}
    d.update(kw)
    return d


def make_pack(cards, **kw):
    return load_pack(pack_dict(cards, **kw), "test.json")


def demo_dict() -> dict:
    return copy.deepcopy(demo_pack().raw)


def arrange(c: Campaign, play=(), deck=None, pool=None, stages=None) -> Campaign:
    """Put campaign ``c`` (waiting for a turn action) at a position: ``play`` in the play
    area, ``deck`` as the draw pile (top first; default: no change for cards not in play),
    every other kingdom card in the discard pile; ``stages``: card -> stage."""
    settle(c)
    kingdom = set(c.deck + c.play + c.discard)
    for n, sid in (stages or {}).items():
        c.cards[n]["stage"] = sid
    play = list(play)
    deck = [n for n in c.deck if n not in play] if deck is None else list(deck)
    assert set(play) | set(deck) <= kingdom, "only kingdom cards can be arranged"
    c.play = play
    c.deck = deck
    c.discard = sorted(kingdom - set(play) - set(deck))
    c.entered = {n: c.cards[n]["stage"] for n in play}
    c.blocked, c.attached = {}, {}
    c.pool = dict(pool or {})
    return c


def where(c: Campaign) -> dict:
    """card -> zone for every card of the box (used by the invariant checks)."""
    out = {}
    for z in ("box", "deck", "play", "discard", "permanent", "aside", "destroyed"):
        for n in getattr(c, z):
            assert n not in out, f"card {n} is in {out.get(n)} and in {z}"
            out[n] = z
    return out


def kinds(c: Campaign, since=0) -> list[str]:
    return [e.kind for e in c.events[since:]]


def events_of(c: Campaign, kind, since=0) -> list[dict]:
    return [e.params for e in c.events[since:] if e.kind == kind]


def settle(c: Campaign) -> Campaign:
    """Answer what is waiting (optional effects skipped, else the first choice) until a
    turn action is asked."""
    while c.decision() != "main":
        acts = c.legal_actions()
        skip = [a for a in acts if a.kind == "skip"]
        c.apply(skip[0] if skip else acts[0])
    return c


def fresh(seed=1, pack=None, manual=False) -> Campaign:
    """A new campaign, its first triggered effects answered (optional ones skipped)."""
    return settle(Campaign.new(pack or demo_pack(), seed, manual=manual))


def take_from_box(c: Campaign, *numbers, stage="front") -> Campaign:
    """Discover cards by hand (to the discard pile) for a test position."""
    for n in numbers:
        c.box.remove(n)
        c.cards[n] = new_card_state(stage)
        (c.permanent if c._st(n).permanent else c.discard).append(n)
    return c


def refused(c: Campaign, action, *fragments, lang="en"):
    """``action`` raises, names the reason, lists what is allowed, and changes nothing."""
    before = c.to_json()
    with pytest.raises(IllegalAction) as info:
        c.apply(action)
    msg = info.value.message(lang)
    for f in fragments:
        assert f in msg, msg
    assert c.to_json() == before
    return msg


def play_until(c: Campaign, stop, limit=2000) -> Campaign:
    """Answer every decision with ``pass`` or the first legal action (optional effects
    skipped, no manual step) until ``stop(c)``."""
    for _ in range(limit):
        if stop(c):
            return c
        acts = [a for a in c.legal_actions() if a.kind != "manual"]
        skip = [a for a in acts if a.kind == "skip"]
        c.apply("pass" if c.decision() == "main" else (skip or acts)[0])
    raise AssertionError("did not get there")
