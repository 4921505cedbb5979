"""Save and load a game as JSON (format ``papertales-game/2``): :func:`dumps` and
:func:`loads`, as in the standard library's ``json``.

>>> from papertales import Game
>>> from papertales.serialize import dumps, loads
>>> game = Game.new(players=3, seed=7).advance()
>>> loads(dumps(game)).history == game.history
True

Saving sits above the rules (python-chess keeps PGN out of its board the same way): the
game never imports its file format, and the loader builds games, what-if positions'
games included.  Loading checks everything before building anything: a malformed or
tampered file raises :class:`~papertales.errors.SaveFileError` and no half-built game is
ever returned."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any, Literal, NoReturn, overload

from . import results
from .actions import Action
from .decisions import KINDS as DECISION_KINDS, Decision
from .cards import BUILTIN_PACKS, CardSet, UnitType, card_set
from .necropolis import PILES, LichKingCard, NecropolisCard
from .solo import LichKing
from .errors import PaperTalesError, Phrase, SaveFileError
from .variants import check as check_variants
from .events import KINDS as EVENT_KINDS, Event
from .rng import Rng
from .state import SPOTS, Player, Unit
from .files import MOST
from .game import MULTI_RULES, SOLO_RULES, STAGES, Game
from .position import game_from_position

FORMAT = "papertales-game/2"


def to_dict(game: Game) -> dict[str, Any]:
    def ids(cards: Iterable[UnitType]) -> list[str]:
        return [t.id for t in cards]

    lk = game.lich
    return {
        "format": FORMAT,
        "packs": list(game.cards.pack_ids),
        "options": game.options,
        "buildings": [b.id for b in game.buildings],
        "lich": None if lk is None else {
            "lp": lk.lp, "line": [c.id for c in lk.line], "time": lk.time, "revealed": lk.revealed,
            "netherworld": ids(lk.netherworld), "cards": [c.id for c in lk.cards],
            "draft_step": lk.draft_step},
        "seed": game.seed,
        "turn": game.turn,
        "phase": game.phase,
        "stage": game.stage,
        "rng": game.rng.state,
        "draw": ids(game.draw),
        "discard": ids(game.discard),
        "players": [{
            "name": p.name, "gold": p.gold, "lp": p.lp,
            "hand": ids(p.hand), "pack": ids(p.pack),
            "kept": p.kept.id if p.kept is not None else None,
            "spots": p.spots,
            "units": [None if u is None else {"card": u.type.id, "age": u.age, "new": u.new}
                      for u in p.units],
            "buildings": {game.buildings[i].id: lvl for i, lvl in enumerate(p.buildings) if lvl},
        } for p in game.players],
        "pending": [d.to_json() if d is not None else None for d in game.pending],
        "queues": [[d.to_json() for d in q] for q in game.queues],
        "saved": game.saved,
        "build_choices": None if game.build_choices is None else [
            None if a is None else str(a) for a in game.build_choices],
        "record_events": game.record_events,
        "events": [list(e) for e in game.events],
        "results": [results.to_json(r) for r in game.results],
        "history": [[seat, a.to_json()] for seat, a in game.history],
    }


def dumps(game: Game) -> str:
    return json.dumps(to_dict(game), ensure_ascii=False)


def _err(key: str, **params: object) -> NoReturn:
    raise SaveFileError(key, **params)


def _int(v: object, where: str, lo: int | None = None, hi: int | None = None) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        _err("err.save.whole_number", where=where, value=repr(v))
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        _err("err.save.between", where=where, lo=lo, hi=hi, value=v)
    return v


def _need(obj: Mapping[str, Any], key: str, where: str) -> Any:
    """``obj[key]``, or the error naming the missing field ``where``."""
    if key not in obj:
        _err("err.save.missing", field=where)
    return obj[key]


def _list(v: object, where: str) -> list[Any]:
    if not isinstance(v, list):
        _err("err.save.list", where=where, type=type(v).__name__)
    return v


# long: a save checked field by field in the file's order, each refusal beside its field, nothing
# changed until all pass
def loads(text: object, cards: CardSet | None = None, cls: type[Game] = Game) -> Game:
    """Rebuild a game saved by :func:`dumps`; raises SaveFileError on any problem.
    Built-in packs are found by themselves; pass ``cards`` for a game that used your own
    packs, ``cls`` for a subclass of :class:`~papertales.game.Game`."""
    try:
        data = json.loads(text) if isinstance(text, (str, bytes)) else text
    except (ValueError, RecursionError) as exc:     # not JSON, not UTF-8, a 5,000-digit number, nested too deep
        _err("err.save.json", error=str(exc) or type(exc).__name__)
    if not isinstance(data, dict):
        _err("err.save.object")
    if data.get("format") != FORMAT:
        _err("err.save.format", value=repr(data.get("format")), expected=repr(FORMAT))
    packs = data.get("packs")
    if cards is None:
        if not isinstance(packs, list) or not packs or packs[0] != "base":
            _err("err.save.packs", value=repr(packs))
        unknown = [p for p in packs if not isinstance(p, str) or p not in BUILTIN_PACKS]
        if unknown:
            _err("err.save.packs_not_builtin", packs=", ".join(map(str, unknown)))
        cards = card_set(*packs[1:])
    if packs != list(cards.pack_ids):
        _err("err.save.packs_differ", packs=repr(packs), loaded=repr(list(cards.pack_ids)))

    def card(ident: object, where: str) -> UnitType:
        t = cards.unit_by_id.get(ident) if isinstance(ident, str) else None
        if t is None:
            _err("err.save.unknown_card", where=where, value=repr(ident))
        return t

    def card_list(v: object, where: str) -> list[UnitType]:
        return [card(c, f"{where}[{i}]") for i, c in enumerate(_list(v, where))]

    try:
        players_data = _list(_need(data, "players", "players"), "players")
        n = len(players_data)
        if not 1 <= n <= 7:
            _err("err.save.players", n=n)
        options = _need(data, "options", "options")
        if not isinstance(options, dict) or options.get("players") != n:
            _err("err.save.options")
        try:
            variants = check_variants(options.get("rules"))
        except PaperTalesError as exc:
            _err("err.save.field", where="options.rules", reason=exc)
        phase, stage = _need(data, "phase", "phase"), _need(data, "stage", "stage")
        if not isinstance(phase, str) or phase not in STAGES or stage not in STAGES[phase]:
            _err("err.save.phase", phase_id=repr(phase), stage=repr(stage))
        g = cls.__new__(cls)
        g.cards = cards
        g.n = n
        g.seed = _int(_need(data, "seed", "seed"), "seed")
        g.turn = _int(_need(data, "turn", "turn"), "turn", 1, 4)
        g.phase, g.stage = phase, stage
        g.rng = Rng(_int(_need(data, "rng", "rng"), "rng", 0, (1 << 64) - 1))
        g.draw = card_list(_need(data, "draw", "draw"), "draw")
        g.discard = card_list(_need(data, "discard", "discard"), "discard")
        g.options = {**options, "rules": variants}
        g.variants = variants
        bids: dict[str, int] = {}
        for i, bid in enumerate(_list(_need(data, "buildings", "buildings"), "buildings")):
            if not isinstance(bid, str) or bid not in cards.building_by_id or bid in bids:
                _err("err.save.building", where=f"buildings[{i}]", value=repr(bid))
            bids[bid] = i
        g.buildings = tuple(cards.building_by_id[b] for b in bids)
        g.players = []
        for i, pd in enumerate(players_data):
            w = f"players[{i}]"
            if not isinstance(pd, dict):
                _err("err.save.player_object", where=w)
            p = Player(str(_need(pd, "name", f"{w}.name")), len(g.buildings), _int(_need(pd, "gold", f"{w}.gold"), f"{w}.gold", 0, MOST))
            p.lp = _int(_need(pd, "lp", f"{w}.lp"), f"{w}.lp", 0, MOST)
            p.hand = card_list(_need(pd, "hand", f"{w}.hand"), f"{w}.hand")
            p.pack = card_list(_need(pd, "pack", f"{w}.pack"), f"{w}.pack")
            p.kept = None if _need(pd, "kept", f"{w}.kept") is None else card(_need(pd, "kept", f"{w}.kept"), f"{w}.kept")
            p.spots = _int(_need(pd, "spots", f"{w}.spots"), f"{w}.spots", 4, 5)
            units = _list(_need(pd, "units", f"{w}.units"), f"{w}.units")
            if len(units) != SPOTS:
                _err("err.save.units", where=f"{w}.units", n=SPOTS, got=len(units))
            for s, ud in enumerate(units):
                if ud is None:
                    continue
                if not isinstance(ud, dict):
                    _err("err.save.unit", where=f"{w}.units[{s}]")
                p.units[s] = Unit(card(_need(ud, "card", f"{w}.units[{s}].card"), f"{w}.units[{s}].card"),
                                  _int(_need(ud, "age", f"{w}.units[{s}].age"), f"{w}.units[{s}].age", 0, 99), bool(_need(ud, "new", f"{w}.units[{s}].new")))
            bd = _need(pd, "buildings", f"{w}.buildings")
            if not isinstance(bd, dict):
                _err("err.save.buildings", where=f"{w}.buildings")
            for bid, lvl in bd.items():
                if bid not in bids:
                    _err("err.save.unknown_building", where=f"{w}.buildings", value=repr(bid),
                         known=", ".join(bids))
                p.buildings[bids[bid]] = _int(lvl, f"{w}.buildings.{bid}", 1, 2)
            if p.units[4] is not None and 2 not in p.buildings:
                _err("err.save.fifth_spot", where=w)
            g.players.append(p)
        g.pending = []
        for i, d in enumerate(_list(_need(data, "pending", "pending"), "pending")):
            g.pending.append(_decision(d, i, f"pending[{i}]", allow_none=True))
        g.queues = [[_decision(d, i, f"queues[{i}][{j}]") for j, d in enumerate(_list(q, f"queues[{i}]"))]
                    for i, q in enumerate(_list(_need(data, "queues", "queues"), "queues"))]
        if len(g.pending) != n or len(g.queues) != n:
            _err("err.save.pending")
        saved = data.get("saved")
        g.saved = None if saved is None else [[_int(s, "saved", 0, 4) for s in _list(x, "saved")]
                                              for x in _list(saved, "saved")]
        g.record_events = bool(data.get("record_events", True))
        g.build_options = None
        choices = _need(data, "build_choices", "build_choices")
        try:
            g.build_choices = None if choices is None else [
                None if a is None else Action.from_json(a) for a in _list(choices, "build_choices")]
        except ValueError as exc:
            _err("err.save.field", where="build_choices", reason=exc)
        if g.build_choices is not None and len(g.build_choices) != n:
            _err("err.save.build_choices")
        g.lich = None
        g.rules = MULTI_RULES
        if n == 1:
            g.rules = SOLO_RULES
            g.lich = _lich(_need(data, "lich", "lich"), cards, g)
        elif _need(data, "lich", "lich") is not None:
            _err("err.save.lich_not_solo")
        g.events = []
        for i, e in enumerate(_list(_need(data, "events", "events"), "events")):
            if not isinstance(e, list) or len(e) != 8 or e[3] not in EVENT_KINDS or not isinstance(e[7], dict):
                _err("err.save.event", where=f"events[{i}]")
            g.events.append(Event(*e))
        g.results = []
        for i, r in enumerate(_list(_need(data, "results", "results"), "results")):
            try:
                g.results.append(results.from_json(r))
            except (ValueError, TypeError, AttributeError, KeyError) as exc:
                _err("err.save.field", where=f"results[{i}]", reason=exc if isinstance(exc, PaperTalesError)
                     else Phrase("err.save.record", record=r.get("type") if isinstance(r, dict) else None))
        g.history = []
        for i, h in enumerate(_list(_need(data, "history", "history"), "history")):
            if not isinstance(h, list) or len(h) != 2:
                _err("err.save.history", where=f"history[{i}]")
            try:
                g.history.append((_int(h[0], f"history[{i}] seat", 0, n - 1), Action.from_json(h[1])))
            except ValueError as exc:
                _err("err.save.field", where=f"history[{i}]", reason=exc)
    except KeyError as exc:
        _err("err.save.missing", field=str(exc))
    except (TypeError, AttributeError, ValueError, IndexError) as exc:
        _err("err.save.malformed", error=f"{type(exc).__name__}: {exc}")
    expected: dict[str, int] = {}
    for t in cards.deck:
        expected[t.id] = expected.get(t.id, 0) + 1
    counts = g.card_counts()
    if counts != expected:
        wrong = next(c for c in list(expected) + list(counts) if counts.get(c, 0) != expected.get(c, 0))
        _err("err.save.deck", card=wrong, got=counts.get(wrong, 0), n=expected.get(wrong, 0))
    return _replayed(data, g, cls, cards)


def _replayed(data: dict[str, Any], g: Game, cls: type[Game], cards: CardSet) -> Game:
    """The game the save's options and history give, played again by the engine; refused
    unless it is exactly the saved state.  A save is its history plus a redundant copy of
    the state: any state the rules cannot reach (a pending decision of the wrong phase, a
    card in two places, a face-up card too many ...) differs from the replay and is
    refused here, at load time, so the engine's hot path never checks it again."""
    o = g.options
    where = "options"
    try:
        if "position" in o:                  # a game set up from a what-if position
            where = "options.position"
            r = game_from_position(o["position"], cards, seed=g.seed)
            r.record_events = g.record_events
        else:
            r = cls.new(players=g.n, seed=g.seed, names=o.get("names"), cards=cards, expansion=o.get("expansion"),
                        lich_king_cards=o.get("lich_king_cards", 0), rules=o.get("rules"),
                        record_events=g.record_events)
    except PaperTalesError as exc:
        _err("err.save.field", where=where, reason=exc)
    except (TypeError, ValueError) as exc:
        _err("err.save.field", where=where, reason=f"{type(exc).__name__}: {exc}")
    start = len(r.history)                   # the position's own Deployment actions
    if g.history[:start] != r.history:
        _err("err.save.field", where="history", reason=Phrase("err.save.position_history", n=start))
    for i, (seat, action) in enumerate(g.history[start:], start):
        if r.phase != "over" and not any(r.pending):
            r.advance()
        try:
            r.apply(seat, action)
        except PaperTalesError as exc:
            _err("err.save.history_illegal", where=f"history[{i}]", reason=exc)
    want = (g.turn, g.phase, g.stage)
    closest = None                           # the replay at the saved phase and stage
    while True:
        if (r.turn, r.phase, r.stage) == want:
            closest = json.loads(dumps(r))
            if closest == data:
                return r
        if r.phase == "over" or any(r.pending):
            break
        r.step()
    where, value, expected = _difference(closest if closest is not None else json.loads(dumps(r)), data)
    _err("err.save.not_from_history", where=where, value=_short(value), expected=_short(expected),
         n=len(g.history))


_ABSENT = object()


def _difference(expected: object, got: object, where: str = "") -> tuple[str, object, object]:
    """(field, saved value, value of the replay) of the first place where two JSON values differ."""
    if isinstance(expected, dict) and isinstance(got, dict):
        for key in list(expected) + [k for k in got if k not in expected]:
            a, b = expected.get(key, _ABSENT), got.get(key, _ABSENT)
            if a != b:
                return _difference(a, b, f"{where}.{key}" if where else str(key))
    if isinstance(expected, list) and isinstance(got, list) and len(expected) == len(got):
        for i, (a, b) in enumerate(zip(expected, got)):
            if a != b:
                return _difference(a, b, f"{where}[{i}]")
    return where or "(the file)", got, expected


def _short(value: object) -> str:
    text = "(absent)" if value is _ABSENT else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 80 else text[:77] + "..."


def _lich(d: object, cards: CardSet, game: Game) -> LichKing:
    if not isinstance(d, dict):
        _err("err.save.lich")
    necro = {c.id: c for c in cards.necropolis}
    lkc = {c.id: c for c in cards.lich_king_cards}
    raw = _list(_need(d, "line", "lich.line"), "lich.line")
    if len(raw) != len(PILES):
        _err("err.save.lich_line", n=len(PILES), piles=" ".join(PILES))
    line: list[NecropolisCard] = []
    for i, (cid, pile) in enumerate(zip(raw, PILES)):
        c = necro.get(cid) if isinstance(cid, str) else None
        if c is None or c.pile != pile:
            _err("err.save.lich_line_card", where=f"lich.line[{i}]", value=repr(cid), pile=pile)
        line.append(c)
    chosen: list[LichKingCard] = []
    for i, cid in enumerate(_list(_need(d, "cards", "lich.cards"), "lich.cards")):
        if not isinstance(cid, str) or cid not in lkc:
            _err("err.save.lich_card", where=f"lich.cards[{i}]", value=repr(cid))
        chosen.append(lkc[cid])
    lk = LichKing(line, chosen)
    lk.lp = _int(_need(d, "lp", "lich.lp"), "lich.lp", 0, MOST)
    lk.time = _int(_need(d, "time", "lich.time"), "lich.time", 0, len(PILES) - 1)
    lk.revealed = _int(_need(d, "revealed", "lich.revealed"), "lich.revealed", 1, len(PILES))
    lk.draft_step = _int(_need(d, "draft_step", "lich.draft_step"), "lich.draft_step", 0, 5)
    for i, c in enumerate(_list(_need(d, "netherworld", "lich.netherworld"), "lich.netherworld")):
        if not isinstance(c, str) or c not in cards.unit_by_id:
            _err("err.save.unknown_card", where=f"lich.netherworld[{i}]", value=repr(c))
        lk.netherworld.append(cards.unit_by_id[c])
    return lk


@overload
def _decision(d: object, seat: int, where: str) -> Decision: ...
@overload
def _decision(d: object, seat: int, where: str, allow_none: Literal[True]) -> Decision | None: ...
def _decision(d: object, seat: int, where: str, allow_none: bool = False) -> Decision | None:
    if d is None:
        if allow_none:
            return None
        _err("err.save.decision_null", where=where)
    if not isinstance(d, dict) or d.get("kind") not in DECISION_KINDS \
            or set(d) - {"kind", "count", "cause", "spot"}:
        _err("err.save.decision", where=where, value=repr(d), kinds=", ".join(DECISION_KINDS))
    spot = d.get("spot")
    return Decision(seat, d["kind"], _int(d.get("count", 0), f"{where}.count", 0, 9),
                    str(d.get("cause", "")), None if spot is None else _int(spot, f"{where}.spot", 0, 4))
