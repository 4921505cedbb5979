"""Tampering with the files a user brings: saved games (and the helpers the what-if and
pack fuzz tests share).  Deterministic: every tampered file comes from a seed.

A tampered input must either be refused with the engine's own error (a
:class:`~papertales.PaperTalesError` whose message exists in English and Polish and names
the field), or load into a game that plays on legally to the end: random legal actions,
each checked, with illegal ones refused and the state byte-identical after each refusal."""

from __future__ import annotations

import collections
import json
import random

from papertales import Action, Game, IllegalActionError, PaperTalesError, SaveFileError
from papertales.serialize import dumps, loads
from papertales.bots import RandomBot
from papertales.cards import card_set

#: values a tampered field may take (every JSON type, edges of ranges, ids of the game)
ODD_VALUES = [None, True, False, 0, -1, 1, 2, 3, 4, 5, 7, 99, 1000, 2 ** 64, -(2 ** 63), 1.5, "", "x", "knight",
              "kraken", "town", "F1", "pass", "pick knight", "recruitment", "over", "ashen_gate", [], {}, [None],
              [0], ["knight"], {"kind": "deploy"}, {"card": "knight", "age": 0, "new": False}]

#: the games saves are taken from: 2-7 players, solo at every difficulty, Beyond the Gates, variants
CONFIGS = [
    dict(players=2, seed=11), dict(players=3, seed=12), dict(players=4, seed=13), dict(players=5, seed=14),
    dict(players=1, seed=15, lich_king_cards=0), dict(players=1, seed=16, lich_king_cards=2),
    dict(players=1, seed=17, lich_king_cards=4),
    dict(players=6, seed=18, expansion="beyond-the-gates"), dict(players=7, seed=19, expansion="beyond-the-gates"),
    dict(players=3, seed=20, rules={"discard_in_play": "any", "own_order": "fixed"}),
    dict(players=2, seed=21, rules={"two_player_zero": "double"}),
]


def new_game(options) -> Game:
    o = dict(options)
    if o["players"] == 1:
        o["cards"] = card_set("lich-king-illustrative")
    return Game.new(**o)


def random_play(options, seed: int):
    """A random game of ``options`` (``RandomBot(seed + seat)`` in each seat) as it goes:
    yields ``(game, None)`` for the new game and after each automatic stage, ``(game, seat)``
    before each decision.  The same game object, changing: clone (or save) what you keep."""
    g = new_game(options)
    bots = [RandomBot(seed + s) for s in range(g.n)]
    yield g, None
    while not g.is_over:
        if not any(g.pending):
            g.step()
            yield g, None
            continue
        seat = g.pending_players()[0]
        yield g, seat
        g.apply(seat, bots[seat].choose(g, seat))


def saves_of_game(options, every=1) -> list[str]:
    """Saves of one random game at every stage it passes through (automatic stages and
    decisions; ``every``: keep one decision in so many), from the new game to its end."""
    out, k = [], 0
    for g, seat in random_play(options, 7):
        if seat is not None:
            k += 1
            if k % every:
                continue
        out.append(dumps(g))
    return out


def base_saves(every=6) -> list[str]:
    """Saves of every configuration at every phase and stage (a few decisions apart)."""
    return [s for o in CONFIGS for s in saves_of_game(o, every)]


# ------------------------------------------------------------------ tampering

def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, path + (i,))


def _get(data, path):
    for p in path:
        data = data[p]
    return data


def _set(data, path, value):
    _get(data, path[:-1])[path[-1]] = value


def tamper(text: str, rng: random.Random, edits: int = 1) -> tuple[str, list[str]]:
    """``text`` with ``edits`` random changes; returns the new text and what was done."""
    data = json.loads(text)
    done = []
    for _ in range(edits):
        paths = [p for p in _paths(data) if p]
        # the event log is most of a save: sample its paths less, so that the state is hit too
        states = [p for p in paths if p[0] != "events"]
        path = rng.choice(states if states and rng.random() < 0.85 else paths)
        parent, key = _get(data, path[:-1]), path[-1]
        value = parent[key]
        how = rng.randrange(8)
        if how == 0:
            new = rng.choice(ODD_VALUES)
            parent[key] = json.loads(json.dumps(new))
        elif how == 1 and isinstance(value, int) and not isinstance(value, bool):
            parent[key] = value + rng.choice((-1, 1, -2, 2, 10))
        elif how == 2 and isinstance(parent, dict):
            del parent[key]
        elif how == 3 and isinstance(value, dict):
            value[rng.choice(["extra", "card", "kind", "age", "new", "gold"])] = rng.choice(ODD_VALUES)
        elif how == 4 and isinstance(value, list) and value:
            i = rng.randrange(len(value))
            rng.choice((lambda: value.pop(i), lambda: value.insert(i, json.loads(json.dumps(value[i]))),
                        lambda: value.append(json.loads(json.dumps(rng.choice(value))))))()
        elif how == 5 and isinstance(value, list) and len(value) > 1:
            i, j = rng.sample(range(len(value)), 2)
            value[i], value[j] = value[j], value[i]
        elif how == 6:                  # a value from elsewhere in the same save
            other = rng.choice(states or paths)
            try:
                parent[key] = json.loads(json.dumps(_get(data, other)))
            except (KeyError, IndexError, TypeError):
                pass
        else:                           # a string replaced by another of the save's strings (ids)
            strings = [_get(data, p) for p in states[:4000] if isinstance(_get(data, p), str)]
            if isinstance(value, str) and strings:
                parent[key] = rng.choice(strings)
            else:
                parent[key] = rng.choice(ODD_VALUES)
        done.append(f"{'.'.join(map(str, path))} ({how})")
    return json.dumps(data), done


# ------------------------------------------------------------------ what a refusal or a load must be


def tampered_outcomes(bases: list[str], count: int, judge, what: str, edits=(1, 1, 2)) -> collections.Counter:
    """How ``judge(text, i)`` ("refused", "played" ...) takes ``count`` tampered copies of
    ``bases`` (copy ``i`` seeded by ``i``, so a failure can be replayed alone); a crash
    is reported with the edits that caused it."""
    outcomes: collections.Counter = collections.Counter()
    for i in range(count):
        rng = random.Random(i)
        text, done = tamper(rng.choice(bases), rng, edits=rng.choice(edits))
        try:
            outcomes[judge(text, i)] += 1
        except Exception as exc:                     # noqa: BLE001 - reported with how to reproduce it
            raise AssertionError(f"tampered {what} {i} ({', '.join(done)}): {type(exc).__name__}: {exc}") from exc
    return outcomes

def check_refusal(exc: PaperTalesError) -> None:
    """A refusal is worded in both languages and says where."""
    from papertales import i18n
    assert i18n.has(exc.key, "en") and i18n.has(exc.key, "pl"), exc.key
    en, pl = exc.text("en"), exc.text("pl")
    assert en and pl and "Traceback" not in en


ILLEGAL = [Action("pick", "no_such_card"), Action("place", "kraken", 9), Action("move", 0, 0), Action("build", "castle", 1),
           Action("upgrade", "temple"), Action("save", 4), Action("target", 4), Action("pass"), Action("done", "dragon"),
           Action("pick", 3), Action("place", "knight", "F1"), Action("order", "sideways")]


def play_on(g: Game, seed: int, illegal_every: int = 5, limit: int = 3000) -> Game:
    """Play ``g`` to the end with checked random legal actions; every ``illegal_every``
    decisions also try illegal actions: each must be refused and change nothing."""
    rng = random.Random(seed)
    steps = 0
    while not g.is_over:
        steps += 1
        assert steps < limit, "the game does not end"
        pending = g.pending_players()
        if not pending:
            g.step()
            continue
        seat = rng.choice(pending)
        legal = g.legal_actions(seat)
        assert legal, f"seat {seat} must decide but has no legal action"
        if steps % illegal_every == 0:
            before = dumps(g)
            for a in ILLEGAL:
                if a not in legal:
                    try:
                        g.apply(seat, a)
                    except IllegalActionError as exc:
                        check_refusal(exc)
                    else:
                        raise AssertionError(f"{a} was accepted but is not legal")
                    assert dumps(g) == before
            for other in range(g.n):
                if other not in pending:
                    try:
                        g.apply(other, legal[0])
                    except IllegalActionError:
                        pass
                    else:
                        raise AssertionError("a seat without a decision acted")
                    assert dumps(g) == before
        g.apply(seat, rng.choice(legal))
    return g


def load_or_refuse(text: str, seed: int) -> str:
    """``"refused"`` or ``"played"``: the outcome of loading a (tampered) save."""
    try:
        g = loads(text)
    except SaveFileError as exc:
        check_refusal(exc)
        assert exc.key != "err.save.malformed", f"a refusal that names no field: {exc}"
        return "refused"
    again = loads(dumps(g))          # what it saves loads again, identically
    assert dumps(again) == dumps(g)
    play_on(g, seed)
    return "played"


# ------------------------------------------------------------------ what-if positions

def base_positions() -> list[str]:
    """The documented example positions and positions of random games at every phase
    (2-7 players and solo), as JSON text."""
    from pathlib import Path

    from papertales.position import position_of
    folder = Path(__file__).resolve().parent.parent / "docs" / "positions"
    out = [p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.json"))]
    for options in CONFIGS:
        k = 0
        for g, seat in random_play(options, 5):
            if seat is None:
                if g.stage == "start" and g.phase != "over":
                    out.append(json.dumps(position_of(g)))
                continue
            k += 1
            if k % 11 == 0:
                out.append(json.dumps(position_of(g)))
    return out


def position_or_refuse(text: str, seed: int) -> str:
    """``"refused"`` or ``"played"``: load a (tampered) position, evaluate a phase, play on."""
    from papertales import PositionError
    from papertales.position import game_from_position
    from papertales.whatif import PHASE_CHOICES, evaluate
    rng = random.Random(seed)
    try:
        g = game_from_position(text)
    except PositionError as exc:
        check_refusal(exc)
        return "refused"
    try:
        evaluate(g, rng.choice([None, *PHASE_CHOICES]), lang=rng.choice(["en", "pl"]))
    except PositionError as exc:          # a choice that never comes up, or is not possible then
        check_refusal(exc)
    again = loads(dumps(g))   # a game set up from a position saves and loads
    assert dumps(again) == dumps(g)
    play_on(g, seed)
    return "played"


# ------------------------------------------------------------------ card packs

def base_packs() -> list[str]:
    """Packs a user could write: the shipped cards under new ids (units, buildings as
    Beyond the Gates tiles, Necropolis and Lich King cards), as JSON text."""
    from importlib import resources
    data = resources.files("papertales.data")
    base = json.loads(data.joinpath("base.json").read_text(encoding="utf-8"))
    lich = json.loads(data.joinpath("lich_king_illustrative.json").read_text(encoding="utf-8"))
    gates = json.loads(data.joinpath("beyond_the_gates.json").read_text(encoding="utf-8"))

    def renamed(items, k):
        out = json.loads(json.dumps(items))
        for c in out:
            c["id"] = f"my_{c['id']}_{k}"
        return out

    packs = []
    for k in range(4):
        units = renamed(base["units"][k * 8:(k + 1) * 8], k)
        buildings = renamed(base["buildings"][k:k + 2], k)
        for b in buildings:
            b["tile"] = True
        packs.append({"format": "papertales-pack/1", "id": f"my-cards-{k}", "title": "mine", "units": units,
                      "buildings": buildings, "necropolis": renamed(lich["necropolis"], k),
                      "lich_king_cards": renamed(lich["lich_king_cards"], k),
                      "incomplete": gates["incomplete"][:2]})
    return [json.dumps(p) for p in packs]


def pack_or_refuse(text: str, seed: int) -> str:
    """``"refused"`` or ``"played"``: load a (tampered) pack, play a game with it (solo
    when it has Necropolis cards of every pile, else 2-5 players, or 6-7 with Beyond the
    Gates when it has tiles) to the end, and save and load that game."""
    from papertales import PackError, card_set, load_pack
    rng = random.Random(seed)
    try:
        pack = load_pack(json.loads(text), name="my-cards.json")
        cards = card_set(pack)
    except PackError as exc:
        check_refusal(exc)
        assert exc.text("en").startswith(("my-cards.json", "pack ids", "unit ids", "building ids",
                                          "Necropolis ids", "Lich King ids")) or "my-cards.json" in exc.text("en"), exc
        return "refused"
    piles = {c.pile for c in cards.necropolis}
    options = {"seed": seed, "cards": cards}
    if len(piles) == 5 and rng.random() < 0.4:
        options.update(players=1, lich_king_cards=rng.randrange(min(4, len(cards.lich_king_cards)) + 1))
    elif any(b.tile for b in cards.buildings) and rng.random() < 0.3:
        options.update(players=rng.choice((6, 7)), expansion="beyond-the-gates")
    else:
        options.update(players=rng.randrange(2, 6))
    g = Game.new(**options)
    play_on(g, seed, illegal_every=23)
    again = loads(dumps(g), cards=cards)
    assert dumps(again) == dumps(g)
    return "played"
