"""What-if positions: describe kingdoms in JSON, see what the coming phases would do.

The format (``papertales-position/1``) is documented in ``docs/whatif-positions.md``.
The evaluation never re-implements a rule: it runs the real phase on a copy of the game
and reports the events it produced, so what you see is exactly what the engine does.
"""

from __future__ import annotations

import json

from . import aging, construction, income, wars
from .cards import BASE
from .errors import PositionError
from .game import PHASES, Game
from .state import BACK_SPOTS, FRONT_SPOTS, SPOT_NAMES, Unit, production

FORMAT = "papertales-position/1"
EVALUATED = ("wars", "income", "construction", "aging")


def _err(msg):
    raise PositionError(msg)


def _unit(entry, where, cards):
    if isinstance(entry, str):
        ident, age = entry, 0
    elif isinstance(entry, dict):
        extra = set(entry) - {"card", "age"}
        if extra:
            _err(f"{where}: unknown field(s) {', '.join(sorted(extra))}; a unit is \"card\" or {{\"card\": ..., \"age\": n}}")
        ident, age = entry.get("card"), entry.get("age", 0)
    else:
        _err(f"{where}: a unit is a card id or {{\"card\": id, \"age\": n}}, got {entry!r}")
    if not isinstance(ident, str):
        _err(f"{where}: 'card' must be a card id such as \"knight\", got {ident!r}")
    try:
        t = cards.unit(ident)
    except KeyError:
        _err(f"{where}: unknown card {ident!r}; known cards: {', '.join(sorted(cards.unit_by_id))}")
    if isinstance(age, bool) or not isinstance(age, int) or not 0 <= age <= 20:
        _err(f"{where}: 'age' must be a whole number from 0 to 20, got {age!r}")
    return Unit(t, age)


def game_from_position(data, cards=None, seed: int = 0) -> Game:
    """A :class:`Game` standing at the start of ``data["phase"]`` with the given kingdoms.

    Cards not in any kingdom form the draw pile (shuffled with ``seed``)."""
    cards = cards or BASE
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            _err(f"not valid JSON: {exc}")
    if not isinstance(data, dict):
        _err("a position must be a JSON object")
    extra = set(data) - {"format", "turn", "phase", "players", "note"}
    if extra:
        _err(f"unknown field(s) {', '.join(sorted(extra))}; allowed: format, turn, phase, players, note")
    if data.get("format", FORMAT) != FORMAT:
        _err(f"'format' must be {FORMAT!r}, got {data.get('format')!r}")
    turn = data.get("turn", 1)
    if isinstance(turn, bool) or not isinstance(turn, int) or not 1 <= turn <= 4:
        _err(f"'turn' must be 1, 2, 3 or 4, got {turn!r}")
    phase = data.get("phase", "wars")
    if phase not in PHASES:
        _err(f"'phase' must be one of {', '.join(PHASES)}, got {phase!r}")
    players = data.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 5:
        _err("'players' must list 2 to 5 players in seat order")
    game = Game.new(players=len(players), seed=seed, cards=cards,
                    names=[p.get("name", f"Player {i + 1}") if isinstance(p, dict) else "?"
                           for i, p in enumerate(players)])
    used: dict[str, int] = {}
    for i, pd in enumerate(players):
        w = f"players[{i}]"
        if not isinstance(pd, dict):
            _err(f"{w} must be an object")
        extra = set(pd) - {"name", "gold", "lp", "front", "back", "buildings", "hand", "kept"}
        if extra:
            _err(f"{w}: unknown field(s) {', '.join(sorted(extra))}; allowed: name, gold, lp, front, back, buildings, hand, kept")
        p = game.players[i]
        for key in ("gold", "lp"):
            v = pd.get(key, 3 if key == "gold" else 0)
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                _err(f"{w}.{key} must be a whole number >= 0, got {v!r}")
            setattr(p, key, v)
        bd = pd.get("buildings", {})
        if not isinstance(bd, dict):
            _err(f"{w}.buildings must map building ids to level 1 or 2, e.g. {{\"town\": 2}}")
        known = [b.id for b in game.buildings]
        for bid, lvl in bd.items():
            if bid not in known:
                _err(f"{w}.buildings: unknown building {bid!r}; known: {', '.join(known)}")
            if lvl not in (0, 1, 2) or isinstance(lvl, bool):
                _err(f"{w}.buildings.{bid}: level must be 0, 1 or 2, got {lvl!r}")
            p.buildings[known.index(bid)] = lvl
        front, back = pd.get("front", []), pd.get("back", [])
        if not isinstance(front, list) or not isinstance(back, list):
            _err(f"{w}: 'front' and 'back' must be lists of units")
        max_front = 3 if 2 in p.buildings else 2
        if len(front) > max_front:
            _err(f"{w}: {len(front)} Front units, but at most {max_front} fit "
                 f"({'a level-2 building opens a 3rd Front spot' if max_front == 2 else '2 + the 5th spot'})")
        if len(back) > 2:
            _err(f"{w}: {len(back)} Back units, but a kingdom has only 2 Back spots")
        for i, (spot, entry) in enumerate(zip(FRONT_SPOTS, front)):
            p.units[spot] = _unit(entry, f"{w}.front[{i}]", cards)
        for i, (spot, entry) in enumerate(zip(BACK_SPOTS, back)):
            p.units[spot] = _unit(entry, f"{w}.back[{i}]", cards)
        p.spots = 5 if 2 in p.buildings else 4
        hand = pd.get("hand", [])
        if not isinstance(hand, list):
            _err(f"{w}.hand must be a list of card ids")
        p.hand = [_unit(c, f"{w}.hand[{j}]", cards).type for j, c in enumerate(hand)]
        if pd.get("kept") is not None:
            p.kept = _unit(pd["kept"], f"{w}.kept", cards).type
        for t in [u.type for u in p.units if u is not None] + p.hand + ([p.kept] if p.kept else []):
            used[t.id] = used.get(t.id, 0) + 1
    draw = []
    left = dict(used)
    for t in cards.deck:
        if left.get(t.id, 0) > 0:
            left[t.id] -= 1
        else:
            draw.append(t)
    over = [k for k, v in left.items() if v > 0]
    if over:
        _err("more copies than the game has of: " + ", ".join(
            f"{cards.unit_by_id[k].name} ({used[k]} used, {cards.unit_by_id[k].copies} exist)" for k in over))
    game.rng.shuffle(draw)
    game.draw = draw
    game.turn = turn
    game.phase = phase
    game.stage = "start"
    return game


def load_position(path, cards=None) -> Game:
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as exc:
        _err(f"cannot read {path}: {exc.strerror}")
    return game_from_position(text, cards)


def position_of(game) -> dict:
    """The position (JSON-ready dict) of a game's kingdoms: the inverse of
    :func:`game_from_position` for what it describes."""
    def unit(u):
        return {"card": u.type.id, "age": u.age} if u.age else u.type.id

    phase = game.phase if game.phase in PHASES else "aging"
    return {
        "format": FORMAT, "turn": game.turn, "phase": phase,
        "players": [{
            "name": p.name, "gold": p.gold, "lp": p.lp,
            "front": [unit(p.units[s]) for s in FRONT_SPOTS if p.units[s] is not None],
            "back": [unit(p.units[s]) for s in BACK_SPOTS if p.units[s] is not None],
            "buildings": {game.buildings[i].id: lvl for i, lvl in enumerate(p.buildings) if lvl},
        } for p in game.players],
    }


def _events(game, phase):
    return [{"seat": e.seat, "kind": e.kind, "amount": e.amount, "cause": e.cause, "detail": e.detail,
             "data": list(e.data)} for e in game.events if e.phase == phase]


def _run(game, phase):
    """Run ``phase`` on a copy, with no decisions (healers pass), and return the copy."""
    g = game.clone()
    g.events = []
    g.record_events = True
    g.phase, g.stage = phase, "start"
    g.pending = [None] * g.n           # decisions of the phase the game stands in do not matter
    g.queues = [[] for _ in range(g.n)]
    g.build_options = None
    g.advance(until="phase")
    while any(g.pending):          # Mystical Healers pass in the preview
        for seat in g.pending_players():
            g.apply(seat, "pass")
        g.advance(until="phase")
    return g


def evaluate(game: Game, phases=EVALUATED) -> dict:
    """Explain the position: per player strength (per unit), resources, income,
    construction options, and what Wars, Income and Aging would do, with causes."""
    out = {"turn": game.turn, "players": []}
    for seat, p in enumerate(game.players):
        rows = []
        strength = wars.kingdom_strength(game, seat, None, rows)
        wood, food, ore = production(p, game.buildings)
        entry = {
            "seat": seat, "name": p.name, "gold": p.gold, "lp": p.lp,
            "units": [{"spot": SPOT_NAMES[s], "card": u.type.id, "name": u.type.name, "age": u.age}
                      for s, u in enumerate(p.units) if u is not None],
            "buildings": {game.buildings[i].id: lvl for i, lvl in enumerate(p.buildings) if lvl},
            "resources": {"wood": wood, "food": food, "ore": ore},
            "strength": {"total": strength,
                         "breakdown": [{"cause": c, "strength": v, "note": n} for c, v, n in rows]},
        }
        if "income" in phases:
            items = income.items(game, seat)
            entry["income"] = {"total": sum(v for _, v in items),
                               "breakdown": [{"cause": c, "gold": v} for c, v in items]}
        if "construction" in phases:
            entry["construction"] = [{"action": str(a), "gold": gold, "how": why}
                                     for a, gold, why in construction.options(game, seat, explain=True)]
        if "aging" in phases:
            entry["aging"] = {
                "dies": [f"{u.type.name} at {SPOT_NAMES[s]}" for s, u in enumerate(p.units)
                         if u is not None and aging.dies(u)],
                "healer_can_save": [f"{u.type.name} at {SPOT_NAMES[s]}" for s, u in enumerate(p.units)
                                    if u is not None and any(h is not None and h.type.saves == u.age
                                                             for h in p.units) and aging.dies(u)],
            }
        out["players"].append(entry)
    for phase in ("wars", "income", "aging"):
        if phase in phases:
            g = _run(game, phase)
            out[phase] = {"events": _events(g, phase),
                          "lp_after": g.scores, "gold_after": [q.gold for q in g.players]}
    return out
