"""Save and load a campaign as JSON (format ``kingdom-legacy-campaign/1``).

The save holds the pack it was played with (an owner's cards stay on the owner's
machine, inside their own save files) and the whole state.  Loading checks everything
before anything is built: a broken or tampered file raises
:class:`~kingdom_legacy.errors.SaveError` naming the field, and no half-loaded campaign
is ever returned."""

from __future__ import annotations

import json

from .actions import Action
from .cards import RESOURCES, STAGES, STICKERS, Pack, load_pack
from .errors import LegacyError, SaveError
from .events import Event
from .rng import Rng

FORMAT = "kingdom-legacy-campaign/1"
_FLOWS = ("begin_round", "start_round", "discover_natural", "destroy_parchment", "start_turn", "end_turn",
          "cleanup_turn", "end_round", "after_round", "purge_group", "purge_permanent", "purge_finish",
          "expansion_begin")
_PENDING = ("target", "resource", "mark", "discover", "side", "purge", "reveal")
_ZONES = ("box", "deck", "play", "discard", "permanent", "aside", "destroyed")


def to_dict(c) -> dict:
    return {
        "format": FORMAT,
        "pack": c.pack.raw,
        "seed": c.seed, "rng": c.rng.state, "manual": c.manual,
        "phase": c.phase, "round": c.round, "turn": c.turn,
        "zones": {z: list(getattr(c, z)) for z in _ZONES},
        "purged": list(c.purged), "purged_glory": c.purged_glory,
        "cards": {str(n): v for n, v in sorted(c.cards.items())},
        "entered": {str(n): v for n, v in c.entered.items()},
        "blocked": {str(n): v for n, v in c.blocked.items()},
        "attached": {str(n): v for n, v in c.attached.items()},
        "pool": c.pool, "stickers": c.stickers,
        "pending": c.pending, "work": c.work, "queue": c.queue,
        "last_round": c.last_round, "expansion": c.expansion,
        "expansions_done": c.expansions_done, "scores": c.scores,
        "events": [e.to_json() for e in c.events],
        "history": c.history,
    }


def dumps(c) -> str:
    return json.dumps(to_dict(c), ensure_ascii=False)


def _bad(field, problem, **params):
    raise SaveError("legacy.save.bad", field=field, problem=SaveError("legacy.save.problem." + problem, **params))


def _int(v, field, lo=None, hi=None):
    if isinstance(v, bool) or not isinstance(v, int):
        _bad(field, "whole", value=repr(v)[:40])
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        _bad(field, "range", value=v, lo=lo if lo is not None else "-", hi=hi if hi is not None else "-")
    return v


def _list(v, field):
    if not isinstance(v, list):
        _bad(field, "list")
    return v


def _dict(v, field):
    if not isinstance(v, dict):
        _bad(field, "object")
    return v


def _num_keys(d, field, box):
    out = {}
    for k, v in _dict(d, field).items():
        if not (isinstance(k, str) and k.isdigit()):
            _bad(f"{field}.{k}", "card_key")
        out[_int(int(k), f"{field}.{k}", 1, box)] = v
    return out


def _bundle(v, field, keys=RESOURCES):
    for k, n in _dict(v, field).items():
        if k not in keys:
            _bad(f"{field}.{k}", "choice", value=k, allowed=", ".join(keys))
        _int(n, f"{field}.{k}", 0)
    return dict(v)


def loads(text, pack: Pack | None = None):
    """A :class:`Campaign` from :func:`dumps` output (``pack``: use this pack instead of
    the one saved, e.g. the owner's pack with more cards entered)."""
    from .campaign import Campaign
    try:
        d = json.loads(text) if isinstance(text, (str, bytes)) else text
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise SaveError("legacy.save.json", reason=str(exc)) from None
    try:
        return _build(Campaign, d, pack)
    except LegacyError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise SaveError("legacy.save.broken", reason=f"{type(exc).__name__}: {exc}") from None


def _build(Campaign, d, pack):
    _dict(d, "save")
    if d.get("format") != FORMAT:
        _bad("format", "format", value=repr(d.get("format"))[:40], expected=FORMAT)
    if pack is None:
        try:
            pack = load_pack(_dict(d.get("pack"), "pack"), "save:pack")
        except LegacyError as exc:
            raise SaveError("legacy.save.pack", reason=exc) from None
    box = pack.box_size
    c = Campaign.__new__(Campaign)
    c.pack = pack
    c.lang = None
    c.seed = _int(d["seed"], "seed")
    c.rng = Rng(0)
    c.rng.state = _int(d["rng"], "rng", 0, (1 << 64) - 1)
    if not isinstance(d["manual"], bool):
        _bad("manual", "bool")
    c.manual = d["manual"]
    if d["phase"] not in ("play", "over"):
        _bad("phase", "choice", value=d["phase"], allowed="play, over")
    c.phase = d["phase"]
    c.round = _int(d["round"], "round", 1)
    c.turn = _int(d["turn"], "turn", 0)
    zones = _dict(d["zones"], "zones")
    seen = {}
    for z in _ZONES:
        lst = [_int(n, f"zones.{z}", 1, box) for n in _list(zones.get(z), f"zones.{z}")]
        for n in lst:
            if n in seen:
                _bad(f"zones.{z}", "twice", card=n, other=seen[n])
            seen[n] = z
        setattr(c, z, lst)
    missing = [n for n in range(1, box + 1) if n not in seen]
    if missing:
        _bad("zones", "missing", cards=", ".join(map(str, missing[:10])))
    c.purged = [_int(n, "purged", 1, box) for n in _list(d["purged"], "purged")]
    if any(n not in c.destroyed for n in c.purged):
        _bad("purged", "purged")
    c.purged_glory = _int(d["purged_glory"], "purged_glory")
    c.cards = {}
    for n, v in _num_keys(d["cards"], "cards", box).items():
        field = f"cards.{n}"
        _dict(v, field)
        if set(v) != {"stage", "stickers", "checks", "crossed"}:
            _bad(field, "card_fields")
        if not pack.has(n):
            _bad(field, "no_data", card=n)
        card = pack.card(n)
        if v["stage"] not in STAGES or card.stages[v["stage"]] is None:
            _bad(f"{field}.stage", "stage", value=repr(v["stage"])[:30])
        for s in _list(v["stickers"], f"{field}.stickers"):
            ok = (isinstance(s, list) and len(s) in (2, 3) and s[0] in STAGES and card.stages[s[0]] is not None
                  and s[1] in STICKERS and (len(s) == 2) == (s[1] != "glory"))
            if not ok or (len(s) == 3 and (isinstance(s[2], bool) or not isinstance(s[2], int))):
                _bad(f"{field}.stickers", "sticker", value=repr(s)[:40])
        for key in ("checks", "crossed"):
            for s in _list(v[key], f"{field}.{key}"):
                if not (isinstance(s, list) and len(s) == 2 and s[0] in STAGES and card.stages[s[0]] is not None
                        and isinstance(s[1], int) and not isinstance(s[1], bool)):
                    _bad(f"{field}.{key}", "mark", value=repr(s)[:40])
                st = card.stages[s[0]]
                size = len(st.checkboxes) if key == "checks" else len(st.effects)
                if not 0 <= s[1] < size:
                    _bad(f"{field}.{key}", "mark", value=repr(s)[:40])
        c.cards[n] = {"stage": v["stage"], "stickers": [list(s) for s in v["stickers"]],
                      "checks": [list(s) for s in v["checks"]], "crossed": [list(s) for s in v["crossed"]]}
    for n, z in seen.items():
        if z != "box" and n not in c.cards:
            _bad(f"cards.{n}", "no_state", card=n, zone=z)
    c.entered = {n: v for n, v in _num_keys(d["entered"], "entered", box).items()}
    for n, v in c.entered.items():
        if n not in c.play or v not in STAGES:
            _bad(f"entered.{n}", "entered")
    if set(c.entered) != set(c.play):
        _bad("entered", "entered")
    c.blocked = {n: _int(v, f"blocked.{n}", 1, box) for n, v in _num_keys(d["blocked"], "blocked", box).items()}
    c.attached = {n: _int(v, f"attached.{n}", 1, box) for n, v in _num_keys(d["attached"], "attached", box).items()}
    for rel in ("blocked", "attached"):
        for n, m in getattr(c, rel).items():
            if n not in c.play or m not in c.play or n == m:
                _bad(f"{rel}.{n}", "relation", other=m)
    for e, w in c.attached.items():
        if not c._st(e).equip or c._st(e).equip not in c._st(w).keywords:
            _bad(f"attached.{e}", "relation", other=w)
    c.pool = _bundle(d["pool"], "pool")
    c.stickers = _bundle(d["stickers"], "stickers", STICKERS)
    c.pending = d["pending"]
    if c.pending is not None:
        _dict(c.pending, "pending")
        if c.pending.get("kind") not in _PENDING:
            _bad("pending.kind", "choice", value=repr(c.pending.get("kind"))[:30], allowed=", ".join(_PENDING))
    c.work = _list(d["work"], "work")
    for i, w in enumerate(c.work):
        _dict(w, f"work[{i}]")
        if w.get("t") == "flow":
            if w.get("name") not in _FLOWS:
                _bad(f"work[{i}].name", "choice", value=repr(w.get("name"))[:30], allowed=", ".join(_FLOWS))
        elif w.get("t") == "frame":
            n, sid, kind, j = w["ref"]
            st = pack.card(n).stages[sid]
            steps = st.effects[j]["do"] if kind == "effect" else st.all_checked
            _int(w["i"], f"work[{i}].i", 0, len(steps))
            _int(w["len"], f"work[{i}].len", len(steps), len(steps))
            _int(w["me"], f"work[{i}].me", 1, box)
        elif w.get("t") == "draw":
            _int(w["left"], f"work[{i}].left", 0)
            _list(w["batch"], f"work[{i}].batch")
        else:
            _bad(f"work[{i}].t", "choice", value=repr(w.get("t"))[:30], allowed="flow, frame, draw")
    c.queue = _list(d["queue"], "queue")
    for i, q in enumerate(c.queue):
        st = pack.card(q["card"]).stages[q["stage"]]
        if not 0 <= q["idx"] < len(st.effects) or not isinstance(q["forced"], bool):
            _bad(f"queue[{i}]", "queue")
    c.last_round = None if d["last_round"] is None else _int(d["last_round"], "last_round", 1)
    c.expansion = d["expansion"]
    if c.expansion is not None:
        _dict(c.expansion, "expansion")
        _int(c.expansion["card"], "expansion.card", 1, box)
        _int(c.expansion["rounds_left"], "expansion.rounds_left", 0)
    c.expansions_done = [_int(n, "expansions_done", 1, box) for n in _list(d["expansions_done"], "expansions_done")]
    c.scores = _list(d["scores"], "scores")
    for i, s in enumerate(c.scores):
        _int(_dict(s, f"scores[{i}]")["glory"], f"scores[{i}].glory", -9999)
    c.events = []
    for i, e in enumerate(_list(d["events"], "events")):
        if not (isinstance(e, list) and len(e) == 5 and isinstance(e[2], str) and isinstance(e[3], str)
                and isinstance(e[4], dict)):
            _bad(f"events[{i}]", "event")
        c.events.append(Event(_int(e[0], f"events[{i}]", 1), _int(e[1], f"events[{i}]", 0), e[2], e[3], e[4]))
    c.history = []
    for i, h in enumerate(_list(d["history"], "history")):
        if not isinstance(h, str):
            _bad(f"history[{i}]", "action", value=repr(h)[:30])
        try:
            Action.parse(h)
        except LegacyError:
            _bad(f"history[{i}]", "action", value=repr(h)[:30])
        c.history.append(h)
    if c.phase == "play" and not c.pending and not c.queue and not c.work:
        c.legal_actions()            # the main actions must be computable
    return c
