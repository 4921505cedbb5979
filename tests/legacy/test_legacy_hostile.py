"""Hostile input: tampered save files, broken packs, nonsense actions.  Each input is either
refused with the engine's own error (naming the file or field, in English and Polish) and
nothing changes, or it loads into a campaign that plays on legally.  Never a traceback.

The mutations are drawn from a seeded generator, so every run checks the same inputs."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from legacy_helpers import arrange, fresh, where

from kingdom_legacy import (Campaign, IllegalAction, LegacyError, PackError, RandomBot, SaveError, demo_pack,
                            load_pack)

PACK = demo_pack()
SAVES = 2000
ODD = [None, True, False, 0, -1, 1, 2, 7, 22, 25, 26, 50, 99, 10 ** 20, -(10 ** 20), 1.5, "", "x", "front",
       "back_rotated", "coin", "wool", "order", "target", "manual", [], [1], [[]], {}, {"kind": "target"},
       {"t": "frame", "ref": [1, "front", "effect", 0], "i": 0, "len": 1, "me": 1}]


def base_saves():
    """Saves at positions with every kind of work under way: pending choices, triggered
    effects waiting, effects half done, a purge, a mini-expansion, the end."""
    out = []
    for seed in range(12):
        c = Campaign.new(PACK, seed)
        bot = RandomBot(seed)
        step = 0
        while True:
            acts = c.legal_actions()
            if c.is_over and not acts:
                break
            if step % 9 == 4 or c.decision() in ("purge", "order", "target", "mark", "discover", "side") \
                    and step % 3 == 0:
                out.append(c.to_dict())
            c.apply(acts[0] if c.is_over else bot.choose(c))
            step += 1
            if len(c.history) > 90:
                break
    return [json.loads(json.dumps(d)) for d in out[::4]]


def paths(x, prefix=()):
    yield prefix
    if isinstance(x, dict):
        for k, v in x.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from paths(v, prefix + (i,))


_PATHS = {}


def _copy(x):
    return dict(x) if isinstance(x, dict) else list(x)


def tamper(d, rng):
    """One random change somewhere in the file (in the pack inside it one time in 20)."""
    key = id(d)
    if key not in _PATHS:
        every = [p for p in paths(d) if p]
        _PATHS[key] = ([p for p in every if p[0] != "pack"], [p for p in every if p[0] == "pack"])
    mine, pack = _PATHS[key]
    path = rng.choice(pack if pack and rng.random() < 0.05 else mine)
    d = parent = _copy(d)                    # the containers on the path are copied, the rest shared
    for k in path[:-1]:
        parent[k] = _copy(parent[k])
        parent = parent[k]
    key = path[-1]
    old = parent[key]
    how = rng.randrange(6)
    if how == 0 and isinstance(parent, dict):
        del parent[key]
    elif how == 1 and isinstance(old, int) and not isinstance(old, bool):
        parent[key] = old + rng.choice([-1, 1, -old - 1, 50])
    elif how == 2 and isinstance(old, list) and old:
        old = parent[key] = list(old)
        rng.choice([lambda: old.pop(rng.randrange(len(old))), lambda: old.append(rng.choice(old)),
                    lambda: old.reverse()])()
    elif how == 3 and isinstance(old, dict):
        old = parent[key] = dict(old)
        old[rng.choice(["x", "1", "card", "options", "kind"])] = rng.choice(ODD)
    else:
        parent[key] = rng.choice(ODD)
    return d, path


def plays_on(c, seed):
    """A loaded campaign plays on legally: every card in one place, every action offered
    accepted, every refused one changing nothing."""
    bot = RandomBot(seed)
    for _ in range(12):
        where(c)
        acts = c.legal_actions()
        if not acts:
            break
        before = c.to_json()
        with pytest.raises(IllegalAction):
            c.apply("upgrade 99 back")
        assert c.to_json() == before
        c.apply(acts[0] if c.is_over else bot.choose(c))


@pytest.mark.slow
def test_thousands_of_tampered_saves_are_refused_clearly_or_play_on():
    rng = random.Random(20240617)
    bases = base_saves()
    assert len(bases) > 40 and {b["pending"]["kind"] for b in bases if b["pending"]} >= {"target", "purge"}
    assert any(b["queue"] for b in bases) and any(b["expansion"] for b in bases)
    refused, loaded, fields = 0, 0, set()
    for i in range(SAVES):
        base = bases[i % len(bases)]
        d, path = tamper(base, rng)
        text = json.dumps(d)
        try:
            c = Campaign.from_json(text)
        except SaveError as exc:
            refused += 1
            en, pl = exc.message("en"), exc.message("pl")
            assert en.startswith("this save") or en.startswith("the pack inside"), en
            assert pl.startswith("nie można wczytać zapisu") or pl.startswith("zestaw kart w zapisie"), pl
            assert "Traceback" not in en and "\n" not in en
            assert "KeyError" not in en and "TypeError" not in en and "IndexError" not in en, en
            fields.add(str(path[0]))
            continue
        loaded += 1
        assert c.to_dict() == json.loads(text) or d == base or path[0] in ("pack", "start_pack")
        plays_on(c, i)
    assert refused + loaded == SAVES and refused > SAVES * 0.8
    assert {"pending", "queue", "work", "expansion", "cards", "zones", "history", "stickers"} <= fields


@pytest.mark.parametrize("edit, fragment", [
    (lambda d: d.update(purged_glory=-3), "field purged_glory: must be between 0 and 99999, got -3"),
    (lambda d: d["cards"]["4"]["stickers"].append(["front", "glory", 50]),
     "field cards.4.stickers.glory: must be between 1 and 20, got 50"),
    (lambda d: d["cards"]["4"]["stickers"].append(["front", "effect", 7]), "field cards.4.stickers: not a sticker"),
    (lambda d: d.update(pending={"kind": "target", "options": [99]}), "field pending"),
    (lambda d: d.update(queue=[{"card": 1, "me": 1, "stage": "front", "idx": 5, "forced": True}]), "field queue"),
    (lambda d: d["work"].append({"t": "frame", "ref": [1, "front", "effect", 0], "i": 0, "len": 1, "me": 1}),
     "field work"),
    (lambda d: d.update(expansion={"card": 22, "rounds_left": 4, "size": 6, "pos": 0, "seen": 0, "picks": [],
                                   "permanent_left": 1}), "field expansion"),
    (lambda d: d.update(expansion={"card": 5, "rounds_left": 4}), "field expansion.card: must be one of 22"),
    (lambda d: d["stickers"].update({"7": 9}), "field stickers.7: must be between 0 and 3, got 9"),
    (lambda d: d["pool"].update(gold=1), "field pool.gold"),
    (lambda d: d.update(seed=-1), "field seed"),
    (lambda d: d.update(history=d["history"] + ["pass"]), "field"),
])
def test_a_tampered_field_is_named(edit, fragment):
    c = fresh(2)
    d = c.to_dict()
    edit(d)
    with pytest.raises(SaveError) as info:
        Campaign.from_json(json.dumps(d))
    assert fragment in info.value.message("en"), info.value.message("en")
    assert info.value.message("pl").startswith("nie można wczytać zapisu")


def test_a_save_that_is_not_utf8_or_not_json_is_refused():
    for data, fragment in ((b"\xff\xfe{}", "not UTF-8"), ("[" * 100000, "nested too deeply"),
                           ("[1, 2", "not valid JSON"), ("[]", "field save")):
        with pytest.raises(SaveError) as info:
            Campaign.from_json(data)
        assert fragment in info.value.message("en")


def test_a_save_of_format_1_still_loads():
    """Files written before the format had tabs, crossed-out production and edits load as
    they were (their log is written again by the replay)."""
    c = fresh(4)
    for a in ("pass", "pass"):
        c.apply(a if a in map(str, c.legal_actions()) else c.legal_actions()[0])
    d = c.to_dict()
    d["format"] = "kingdom-legacy-campaign/1"
    for k in ("start_pack", "edits"):
        d.pop(k)
    for v in d["cards"].values():
        v.pop("struck")
        v.pop("tab")
    d["events"] = [e[:4] + [{}] for e in d["events"]]          # an older log: not compared
    loaded = Campaign.from_json(json.dumps(d))
    assert loaded.to_json() == c.to_json()


# ---------------------------------------------------------------------------- actions


def test_apply_rolls_back_on_any_exception(monkeypatch):
    """Whatever goes wrong inside an action -- even a bug -- the campaign is left byte for
    byte as it was, and the error is the engine's own."""
    c = arrange(fresh(), play=[3, 1], deck=[2, 4, 5, 6])
    before = c.to_json()

    def broken(self, bundle, cause):
        self.pool["stone"] = 99
        raise KeyError("boom")

    monkeypatch.setattr(Campaign, "_gain", broken)
    with pytest.raises(LegacyError) as info:
        c.apply("produce 3 1")
    assert c.to_json() == before
    assert info.value.message("en") == "'produce 3 1' could not be done (KeyError); nothing was changed"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(st.sampled_from(["produce", "use", "manual", "target", "move", "done", "start", "gain",
                                           "upgrade", "back", "front", "-1", "0", "99999", "1", "3", "é", "1e3"]),
                          st.text(max_size=6)), max_size=5))
def test_nonsense_actions_are_refused_and_change_nothing(words):
    c = CAMPAIGN
    before = c.to_json()
    text = " ".join(words)
    try:
        c.apply(text)
    except IllegalAction as exc:
        assert "\n" not in exc.message("en") and exc.message("pl")
        assert c.to_json() == before
    else:                                   # a legal action by chance: undo it
        c.undo()
        assert c.to_json() == before


CAMPAIGN = fresh(6)


# ---------------------------------------------------------------------------- packs


def pack_mutants(n, seed):
    rng = random.Random(seed)
    raw = PACK.raw
    for _ in range(n):
        d, path = tamper(raw, rng)
        yield d, path


@pytest.mark.slow
def test_tampered_packs_are_refused_naming_the_field_or_play():
    refused = 0
    for i, (d, path) in enumerate(pack_mutants(400, 7)):
        try:
            pack = load_pack(d, "mine.json")
        except PackError as exc:
            refused += 1
            msg = exc.message("en")
            assert msg.startswith("mine.json: ") and "\n" not in msg, msg
            assert exc.message("pl").startswith("mine.json: ")
            continue
        c = Campaign.new(pack, i)
        bot = RandomBot(i)
        for _ in range(300):                    # a pack that loads is safe for the engine
            acts = c.legal_actions()
            if not acts:
                break
            try:
                c.apply(acts[0] if c.is_over else bot.choose(c))
            except LegacyError as exc:          # only the owner's missing card may stop it
                assert exc.key == "legacy.error.missing_card", exc.message("en")
                break
    assert refused > 200


@pytest.mark.parametrize("edit, fragment", [
    (lambda d: d["cards"][9]["stages"]["back"]["effects"][0]["do"][0].update(cards=[19, 99]),
     "card 10, stage back, field effects[0].do[0].cards: must be between 1 and 25, got 99"),
    (lambda d: d["expansions"].append(dict(d["expansions"][0])),
     "field expansions[1].card: mini-expansion 22 is listed twice"),
    (lambda d: d["stickers"].append({"number": 7, "kind": "glory", "count": 1}),
     "field stickers[10].number: sticker 7 appears twice"),
    (lambda d: d["stickers"][6].update(glory=50), "field stickers[6].glory: must be between 1 and 20, got 50"),
    (lambda d: d["cards"][23]["stages"]["back"]["effects"][0]["do"][0].update(number=9),
     "field effects[0].do[0].number: no sticker 9 on the sheet (stickers: 1, 2, 3, 4, 5, 6, 7, 8, 10, 11)"),
    (lambda d: d["expansions"][0]["resources"].append({"id": "coin", "name": "x"}),
     "field expansions[0].resources[1].id: coin cannot be the id of a new resource"),
])
def test_pack_problems_found_by_the_hostile_input_review(edit, fragment):
    d = json.loads(json.dumps(PACK.raw))
    edit(d)
    with pytest.raises(PackError) as info:
        load_pack(d, "mine.json")
    assert fragment in info.value.message("en"), info.value.message("en")


def test_a_pack_file_that_is_not_utf8_is_refused(tmp_path):
    bad = tmp_path / "latin.json"
    bad.write_bytes(json.dumps(PACK.raw, ensure_ascii=False).encode("cp1250"))
    with pytest.raises(PackError) as info:
        load_pack(bad)
    assert info.value.message("en") == f"{bad}: not UTF-8 text (byte 101); save the pack as UTF-8"
