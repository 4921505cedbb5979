"""What-if positions, the format: kingdoms described in JSON, and the game they stand for.

The format (``papertales-position/1``) is documented in ``docs/whatif-positions.md``.
This module reads and checks a position (every refusal names the faulty field), builds the
:class:`Game` it describes (:func:`game_from_position`) and writes a game back as a position
(:func:`position_of`).  What the coming phases would do with it is :mod:`papertales.whatif`'s.
"""

from __future__ import annotations

import json
import os
from collections.abc import Container, Iterable, Sequence
from typing import Any, NoReturn, cast

from .actions import (BUILD, CHOOSE, DEPLOYMENT_FIRST, ORDER, ORDER_DECISION, PASS, REVEAL_FIRST, SAVE, SPARE,
                      Action)
from .cards import BASE, CardSet, UnitType, card_set
from .decisions import Decision
from .deployment import usable_spots
from .errors import IllegalActionError, PaperTalesError, PositionError
from .expansion import EXPANSIONS, FIXED_WITH_TILES, MAX_PLAYERS, TILES_DRAWN, tile_candidates
from .files import MOST, os_reason
from .game import Game
from .i18n import card_name, t
from .necropolis import PILES
from .solo import NETHERWORLD_SCORED, SCORING
from .state import BACK_SPOTS, FRONT_SPOTS, SPOT_INDEX, SPOT_NAMES, Player, Unit
from .turns import PHASES
from .variants import DEFAULTS, check as check_variants

FORMAT = "papertales-position/1"
#: the phases a position may stand at the start of
POSITION_PHASES = PHASES + ("end",)
TOP_FIELDS = ("format", "turn", "phase", "players", "note", "expansion", "tiles", "rules", "lich_king")
PLAYER_FIELDS = ("name", "gold", "lp", "front", "back", "units", "buildings", "hand", "kept",
                 "place", "actions", "choices")
LICH_FIELDS = ("lp", "line", "time", "revealed", "cards", "netherworld")
CONSTRUCTION_CHOICE = "construction"
#: the choice of which of one's own abilities resolve first (rule variant ``own_order=ask``)
ORDER_CHOICE = "order"
#: the choices named by what they decide rather than by a card
_PLAYER_CHOICES = {CONSTRUCTION_CHOICE: "construction", ORDER_CHOICE: "deployment"}

#: a choice of a position, parsed: (field path, [(value text, action or spot)], phase)
Choice = tuple[str, list[tuple[str, int | Action]], str]


def _err(key: str, **params: object) -> NoReturn:
    raise PositionError(key, **params)


def _fields(names: Iterable[str]) -> str:
    return ", ".join(sorted(names))


def _whole(v: object, lo: int = 0, hi: int | None = None) -> bool:
    return not isinstance(v, bool) and isinstance(v, int) and v >= lo and (hi is None or v <= hi)


def _unit(entry: object, where: str, cards: CardSet) -> Unit:
    ident: object
    age: object
    if isinstance(entry, str):
        ident, age = entry, 0
    elif isinstance(entry, dict):
        extra = set(entry) - {"card", "age"}
        if extra:
            _err("err.position.unit_fields", where=where, fields=_fields(extra))
        ident, age = entry.get("card"), entry.get("age", 0)
    else:
        _err("err.position.unit_shape", where=where, value=repr(entry))
    if not isinstance(ident, str):
        _err("err.position.card_id", where=where, value=repr(ident))
    try:
        kind = cards.unit(ident)
    except KeyError:
        _err("err.position.unknown_card", where=where, value=repr(ident), known=_fields(cards.unit_by_id))
    if not isinstance(age, int) or not _whole(age, 0, 20):     # (isinstance: for the type checker)
        _err("err.position.age", where=where, value=repr(age))
    return Unit(kind, age)


class Position(Game):
    """A :class:`Game` built from a position; ``plan`` holds what the position says its
    players do (Deployment actions already applied, choices still to come)."""

    __slots__ = ("plan",)
    plan: Plan


class Plan:
    """The choices of a position, consumed as the decisions come up during one run."""

    def __init__(self, choices: dict[int, dict[str, Choice]]) -> None:
        # seat -> key -> (field path, [(value text, action or spot)], phase)
        self.choices = choices
        self.used = {(s, k): 0 for s, c in choices.items() for k in c}

    def clone(self) -> "Plan":
        p = Plan.__new__(Plan)
        p.choices = self.choices
        p.used = dict(self.used)
        return p

    def take(self, g: Game, seat: int, d: Decision, legal: Sequence[Action]) -> Action | None:
        """The action the position chose for this decision, or None (not stated)."""
        key = choice_key(d)
        entry = self.choices.get(seat, {}).get(key)
        if entry is None:
            return None
        where, values, _ = entry
        i = self.used[(seat, key)]
        if i >= len(values):
            return None
        self.used[(seat, key)] = i + 1
        text, value = values[i]
        if isinstance(value, int):          # a spot: save it or target it
            action = Action(SPARE if d.kind == SAVE else CHOOSE, value)
        else:
            action = value
        if action not in legal:
            field = where if len(values) == 1 else f"{where}[{i}]"
            _err("err.position.choice_illegal", where=field, value=repr(text),
                 allowed=", ".join(str(a) for a in legal))
        return action

    def unused(self, phases_run: Container[str]) -> tuple[str, str] | None:
        """(field, phase) of the first choice whose phase ran without using it all."""
        for seat, c in self.choices.items():
            for key, (where, values, phase) in c.items():
                if phase in phases_run and self.used[(seat, key)] < len(values):
                    return where, phase
        return None


def choice_key(d: Decision) -> str:
    """The key of ``players[i].choices`` that answers the decision ``d``."""
    if d.kind == BUILD:
        return CONSTRUCTION_CHOICE
    if d.kind == ORDER_DECISION:
        return ORDER_CHOICE
    return d.cause or ""


def _choice_phase(cards: CardSet, key: str) -> str | None:
    """The phase a choice key decides in, or None if that card makes no choice."""
    if key in _PLAYER_CHOICES:
        return _PLAYER_CHOICES[key]
    u = cards.unit(key)
    if u.saves is not None:
        return "aging"
    if any(getattr(e, "target", None) == "chosen" for e in tuple(u.reveal) + tuple(u.deployment)):
        return "deployment"
    return None


def _choices(pd: dict[str, Any], w: str, cards: CardSet, phase: str, has: Container[str]) -> dict[str, Choice]:
    """Parse ``players[i].choices``: key -> (field, [(text, spot or Action)], phase)."""
    raw = pd.get("choices", {})
    if not isinstance(raw, dict):
        _err("err.position.choices", where=f"{w}.choices")
    out: dict[str, Choice] = {}
    for key, value in raw.items():
        where = f"{w}.choices.{key}"
        if key not in _PLAYER_CHOICES:
            try:
                key = cards.unit(key).id
            except (KeyError, AttributeError):
                _err("err.position.choice_key", where=where, value=repr(key))
        when = _choice_phase(cards, key)
        if when is None:
            _err("err.position.choice_none", where=where, card=card_name(key, cards=cards))
        if key not in _PLAYER_CHOICES and key not in has:
            _err("err.position.choice_absent", where=where, card=card_name(key, cards=cards))
        if POSITION_PHASES.index(when) < POSITION_PHASES.index(phase):
            _err("err.position.choice_past", where=where, when_phase=when, phase=phase)
        values = value if isinstance(value, list) else [value]
        if not values:
            _err("err.position.choice_value", where=where, value=repr(value))
        parsed: list[tuple[str, int | Action]] = []
        for j, v in enumerate(values):
            wj = where if not isinstance(value, list) else f"{where}[{j}]"
            if not isinstance(v, str):
                _err("err.position.choice_value", where=wj, value=repr(v))
            if key == ORDER_CHOICE and v.lower() in (REVEAL_FIRST, DEPLOYMENT_FIRST):
                parsed.append((v, Action(ORDER, v.lower())))      # "reveal" for "order reveal"
                continue
            if v.upper() in SPOT_INDEX and when in ("aging", "deployment") and key != ORDER_CHOICE:
                parsed.append((v, SPOT_INDEX[v.upper()]))
                continue
            try:
                action = Action.parse(v)
            except ValueError:
                _err("err.position.choice_value", where=wj, value=repr(v))
            wanted = {"aging": (SPARE, PASS), "deployment": (CHOOSE,), "construction": ("build", "upgrade", PASS),
                      "order": (ORDER,)}
            if action.kind not in wanted["order" if key == ORDER_CHOICE else when]:
                _err("err.position.choice_value", where=wj, value=repr(v))
            parsed.append((v, action))
        out[key] = (where, parsed, when)
    return out


def _lines(pd: dict[str, Any], w: str, cards: CardSet, p: Player) -> None:
    """Units in play from ``front``/``back`` lists or the spot-keyed ``units``."""
    has_lines = "front" in pd or "back" in pd
    if has_lines and "units" in pd:
        _err("err.position.units_and_lines", where=w)
    fifth = 2 in p.buildings
    if "units" in pd:
        spots = pd["units"]
        if not isinstance(spots, dict):
            _err("err.position.units", where=f"{w}.units")
        for name, entry in spots.items():
            s = SPOT_INDEX.get(name.upper()) if isinstance(name, str) else None
            if s is None:
                _err("err.position.spot", where=f"{w}.units", value=repr(name), spots=" ".join(SPOT_NAMES))
            if s == 4 and not fifth:
                _err("err.position.fifth_spot", where=f"{w}.units.{name}")
            if p.units[s] is not None:
                _err("err.position.spot_twice", where=f"{w}.units.{name}")
            p.units[s] = _unit(entry, f"{w}.units.{name}", cards)
        return
    front, back = pd.get("front", []), pd.get("back", [])
    if not isinstance(front, list) or not isinstance(back, list):
        _err("err.position.lines", where=w)
    max_front = 3 if fifth else 2
    if len(front) > max_front:
        _err("err.position.front_full" if max_front == 2 else "err.position.front_full_5th",
             where=w, n=len(front))
    if len(back) > 2:
        _err("err.position.back_full", where=w, n=len(back))
    for i, (spot, entry) in enumerate(zip(FRONT_SPOTS, front)):
        p.units[spot] = _unit(entry, f"{w}.front[{i}]", cards)
    for i, (spot, entry) in enumerate(zip(BACK_SPOTS, back)):
        p.units[spot] = _unit(entry, f"{w}.back[{i}]", cards)


def _deployment_actions(pd: dict[str, Any], w: str, cards: CardSet) -> list[tuple[str, Action]]:
    """``place`` (card -> spot or spot -> card) or ``actions`` (notation) as
    ``[(field, Action)]``."""
    if "place" in pd and "actions" in pd:
        _err("err.position.place_and_actions", where=w)
    out: list[tuple[str, Action]] = []
    if "place" in pd:
        place = pd["place"]
        if not isinstance(place, dict):
            _err("err.position.place", where=f"{w}.place")
        for a, b in place.items():
            where = f"{w}.place.{a}"
            if isinstance(a, str) and a.upper() in SPOT_INDEX:
                spot, card = a, b
            else:
                card, spot = a, b
            if not isinstance(spot, str) or spot.upper() not in SPOT_INDEX or not isinstance(card, str):
                _err("err.position.place", where=where)
            try:
                cid = cards.unit(card).id
            except KeyError:
                _err("err.position.unknown_card", where=where, value=repr(card), known=_fields(cards.unit_by_id))
            out.append((where, Action("place", cid, SPOT_INDEX[spot.upper()])))
        out.append((f"{w}.place", Action("done")))
    elif "actions" in pd:
        acts = pd["actions"]
        if not isinstance(acts, list):
            _err("err.position.actions", where=f"{w}.actions")
        for j, text in enumerate(acts):
            where = f"{w}.actions[{j}]"
            try:
                out.append((where, Action.from_json(text)))
            except ValueError as exc:
                _err("err.position.action", where=where, reason=str(exc))
            if out[-1][1].a is not None and out[-1][1].kind in ("place", "done"):
                try:
                    out[-1] = (where, out[-1][1]._replace(a=cards.unit(out[-1][1].a).id))
                except KeyError:
                    pass                     # the engine says it is not in the hand
    return out


def _setup_lich(game: Game, ld: dict[str, Any], turn: int, phase: str, cards: CardSet) -> None:
    lk = game.lich
    assert lk is not None, "a solo game"
    extra = set(ld) - set(LICH_FIELDS)
    if extra:
        _err("err.position.where_fields", where="lich_king", fields=_fields(extra), allowed=", ".join(LICH_FIELDS))
    lp = ld.get("lp", 0)
    if not _whole(lp, 0, MOST):
        _err("err.position.whole_between", where="lich_king.lp", value=repr(lp), most=MOST)
    lk.lp = lp
    if "line" in ld:
        line = ld["line"]
        by_id = {c.id: c for c in cards.necropolis}
        if not isinstance(line, list) or len(line) != len(PILES):
            _err("err.position.line", where="lich_king.line", known=_fields(by_id))
        chosen = []
        for i, (ident, pile) in enumerate(zip(line, PILES)):
            c = by_id.get(ident) if isinstance(ident, str) else None
            if c is None or c.pile != pile:
                _err("err.position.line_card", where=f"lich_king.line[{i}]", value=repr(ident), pile=pile,
                     known=", ".join(sorted(k for k, v in by_id.items() if v.pile == pile)))
            chosen.append(c)
        lk.line = chosen
    # the Time token moves one card per turn, and Wars reveals the card after it: any other
    # value would make Wars reveal a card too many (and its quest score) or read past the line
    time = ld.get("time", turn - 1)
    if not _whole(time, 0, len(PILES) - 1):
        _err("err.position.time", where="lich_king.time", value=repr(time))
    if time != turn - 1:
        _err("err.position.time_turn", where="lich_king.time", value=repr(time), turn=turn, time=turn - 1)
    lk.time = time
    after_wars = POSITION_PHASES.index(phase) > POSITION_PHASES.index("wars")
    face_up = min(len(PILES), time + (2 if after_wars else 1))
    revealed = ld.get("revealed", face_up)
    if revealed != face_up or not _whole(revealed):
        _err("err.position.revealed_time", where="lich_king.revealed", value=repr(revealed), n=face_up,
             time=time, phase=phase)
    lk.revealed = revealed
    nether = ld.get("netherworld", [])
    if not isinstance(nether, list):
        _err("err.position.hand", where="lich_king.netherworld")
    if nether and phase != "recruitment":
        _err("err.position.netherworld_phase", where="lich_king.netherworld")
    if len(nether) > NETHERWORLD_SCORED:
        _err("err.position.netherworld_size", where="lich_king.netherworld", n=NETHERWORLD_SCORED,
             got=len(nether))
    lk.netherworld = [_unit(c, f"lich_king.netherworld[{j}]", cards).type for j, c in enumerate(nether)]


def _setup_tiles(game: Game, tiles: object, cards: CardSet) -> None:
    """Replace the drawn Beyond the Gates tiles by the ones the position names."""
    candidates = {b.id: b for b in tile_candidates(cards)}
    want = min(TILES_DRAWN, len(candidates))
    if not isinstance(tiles, list) or len(tiles) != want or len(set(map(str, tiles))) != len(tiles) \
            or any(x not in candidates for x in tiles):
        _err("err.position.tiles", n=want, known=_fields(candidates), value=repr(tiles))
    fixed = [cards.building(i) for i in FIXED_WITH_TILES]
    game.buildings = tuple(sorted(fixed + [candidates[x] for x in tiles], key=lambda b: b.index))
    for p in game.players:
        p.buildings = [0] * len(game.buildings)


def _with_lich_king_cards(cards: CardSet) -> CardSet:
    if cards.necropolis:
        return cards
    return card_set(*[p for p in cards.packs if p["id"] != "base"], "lich-king-illustrative")


# long: a position checked field by field in the file's order, each refusal beside its field,
# nothing built until all pass
def game_from_position(data: object, cards: CardSet | None = None, seed: int = 0) -> Game:
    """A game standing at the start of ``data["phase"]`` with the given kingdoms (a
    :class:`Position`, i.e. a :class:`Game`).  At ``deployment`` the placements the
    position states are already made (face down); the reveal is still to come.

    Cards not in any kingdom, hand or Netherworld form the draw pile (shuffled with
    ``seed``).  Raises :class:`PositionError` naming the faulty field."""
    cards = cards or BASE
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except (ValueError, RecursionError) as exc:     # not JSON, a 5,000-digit number, nested too deep
            _err("err.position.json", error=str(exc) or type(exc).__name__)
    if not isinstance(data, dict):
        _err("err.position.object")
    extra = set(data) - set(TOP_FIELDS)
    if extra:
        _err("err.position.fields", fields=_fields(extra), allowed=", ".join(TOP_FIELDS))
    if data.get("format", FORMAT) != FORMAT:
        _err("err.position.format", expected=repr(FORMAT), value=repr(data.get("format")))
    turn = data.get("turn", 1)
    if not _whole(turn, 1, 4):
        _err("err.position.turn", value=repr(turn))
    phase = data.get("phase", "wars")
    if phase not in POSITION_PHASES:
        _err("err.position.phase", allowed=", ".join(POSITION_PHASES), value=repr(phase))
    if phase == "end" and turn != 4:
        _err("err.position.end_turn", value=turn)
    expansion = data.get("expansion")
    if expansion is not None and expansion not in EXPANSIONS:
        _err("err.position.expansion", value=repr(expansion), allowed=", ".join(EXPANSIONS))
    if "tiles" in data and expansion is None:
        _err("err.position.tiles_without_expansion")
    players = data.get("players")
    most = MAX_PLAYERS[expansion]
    solo = isinstance(players, list) and len(players) == 1
    if not isinstance(players, list) or not 1 <= len(players) <= most or (solo and "lich_king" not in data):
        _err("err.position.players", most=most)
    if "lich_king" in data and not solo:
        _err("err.position.lich_not_solo")
    ld: Any = data.get("lich_king")            # JSON: a dict in a solo game (checked next)
    if solo and not isinstance(ld, dict):
        _err("err.position.lich_object")
    if solo:
        cards = _with_lich_king_cards(cards)
        lk_cards = ld.get("cards", [])
        if not isinstance(lk_cards, list) or not all(isinstance(c, str) for c in lk_cards):
            _err("err.position.lich_cards", where="lich_king.cards",
                 known=_fields(c.id for c in cards.lich_king_cards))
    rules = data.get("rules")
    if rules is not None:
        try:
            check_variants(rules)
        except PaperTalesError as exc:
            _err("err.position.field", where="rules", reason=str(exc))
    names = [p.get("name", t("cli.player", n=i + 1)) if isinstance(p, dict) else "?"
             for i, p in enumerate(players)]
    try:
        game = cast(Position, Position.new(players=len(players), seed=seed, cards=cards, names=names, expansion=expansion,
                                             lich_king_cards=lk_cards if solo else 0, rules=rules))
    except PaperTalesError as exc:
        _err("err.position.field", where="lich_king.cards" if solo else "players", reason=str(exc))
    if "tiles" in data:
        _setup_tiles(game, data["tiles"], cards)
    if solo:
        _setup_lich(game, ld, turn, phase, cards)
    used: dict[str, int] = {}
    deploy: dict[int, list[tuple[str, Action]]] = {}
    choices: dict[int, dict[str, Choice]] = {}
    known = [b.id for b in game.buildings]
    for i, pd in enumerate(players):
        w = f"players[{i}]"
        if not isinstance(pd, dict):
            _err("err.position.player_object", where=w)
        extra = set(pd) - set(PLAYER_FIELDS)
        if extra:
            _err("err.position.where_fields", where=w, fields=_fields(extra), allowed=", ".join(PLAYER_FIELDS))
        p = game.players[i]
        for key in ("gold", "lp"):
            v = pd.get(key, 3 if key == "gold" else 0)
            if not _whole(v, 0, MOST):
                _err("err.position.whole_between", where=f"{w}.{key}", value=repr(v), most=MOST)
            setattr(p, key, v)
        bd = pd.get("buildings", {})
        if not isinstance(bd, dict):
            _err("err.position.buildings", where=f"{w}.buildings")
        for bid, lvl in bd.items():
            if bid not in known:
                _err("err.position.unknown_building", where=f"{w}.buildings", value=repr(bid), known=", ".join(known))
            if lvl not in (0, 1, 2) or isinstance(lvl, bool):
                _err("err.position.level", where=f"{w}.buildings.{bid}", value=repr(lvl))
            p.buildings[known.index(bid)] = lvl
        _lines(pd, w, cards, p)
        p.spots = usable_spots(p)
        for key in ("hand", "place", "actions"):
            if key in pd and phase != "deployment":
                _err("err.position.deployment_only", where=f"{w}.{key}", phase=repr(phase))
        hand = pd.get("hand", [])
        if not isinstance(hand, list):
            _err("err.position.hand", where=f"{w}.hand")
        p.hand = [_unit(c, f"{w}.hand[{j}]", cards).type for j, c in enumerate(hand)]
        if pd.get("kept") is not None:
            if phase == "deployment":
                _err("err.position.kept_at_deployment", where=f"{w}.kept")
            p.kept = _unit(pd["kept"], f"{w}.kept", cards).type
        deploy[i] = _deployment_actions(pd, w, cards)
        has = {u.type.id for u in p.units if u is not None} | {c.id for c in p.hand}
        c = _choices(pd, w, cards, phase, has)
        if c:
            choices[i] = c
        for ut in [u.type for u in p.units if u is not None] + p.hand + ([p.kept] if p.kept else []):
            used[ut.id] = used.get(ut.id, 0) + 1
    if game.lich is not None:
        for ut in game.lich.netherworld:
            used[ut.id] = used.get(ut.id, 0) + 1
    draw: list[UnitType] = []
    left = dict(used)
    for ut in cards.deck:
        if left.get(ut.id, 0) > 0:
            left[ut.id] -= 1
        else:
            draw.append(ut)
    over = [k for k, v in left.items() if v > 0]
    if over:
        _err("err.position.copies", cards=", ".join(
            t("err.position.copies_of", name=card_name(k, cards=cards), used=used[k],
              copies=cards.unit_by_id[k].copies) for k in over))
    game.rng.shuffle(draw)
    game.draw = draw
    try:                                     # a save of this game is rebuilt from its position
        game.options = {**game.options, "position": json.loads(json.dumps(data))}
    except (TypeError, ValueError):          # a dict that is not JSON: the game can be played, not saved
        pass
    game.turn = turn
    game.phase = phase
    game.stage = "start"
    game.plan = Plan(choices)
    if game.lich is not None and game.lich.netherworld:
        game.stage = SCORING                 # the draft is over: the Lich King scores this Netherworld
    if phase == "deployment":
        game.step()                          # everyone now places units face down
        for seat, actions in deploy.items():
            for where, action in actions:
                if game.pending[seat] is None:
                    _err("err.position.after_done", where=where)
                try:
                    game.apply(seat, action)
                except IllegalActionError as exc:
                    _err("err.position.action", where=where, reason=str(exc))
    return game


def load_position(path: str | os.PathLike[str], cards: CardSet | None = None,
                  rules: dict[str, str] | None = None) -> Game:
    """The position in the file ``path`` (``rules``: variants laid over its own); a refusal
    names the file, then the field."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except UnicodeDecodeError:
        _err("err.position.file", file=path, error=PositionError("err.position.not_text"))
    except OSError as exc:
        _err("err.position.cannot_read", path=path, reason=os_reason(exc))
    try:
        if rules:
            data = json.loads(text)
            if isinstance(data, dict):
                data["rules"] = {**(data.get("rules") or {}), **rules}
                text = json.dumps(data)
        return game_from_position(text, cards)
    except (ValueError, RecursionError):        # not JSON: the position's own words for it
        try:
            return game_from_position(text, cards)
        except PositionError as exc:
            _err("err.position.file", file=path, error=exc)
    except PositionError as exc:
        _err("err.position.file", file=path, error=exc)


def position_of(game: Game) -> dict[str, Any]:
    """The position (JSON-ready dict) of a game: the inverse of :func:`game_from_position`
    for what it describes.  Units fill ``front``/``back`` lists when no spot is left empty
    before an occupied one, else they are keyed by spot (``units``); in a Deployment,
    until the reveal, the units placed face down are listed under ``hand`` and ``place``
    (``actions`` ending in ``done CARD`` once a player has kept a card; ``actions`` without
    ``done`` while a player is still placing, so that read back they still are)."""
    def unit(u: Unit) -> str | dict[str, str | int]:
        return {"card": u.type.id, "age": u.age} if u.age else u.type.id

    phase = game.phase if game.phase in POSITION_PHASES else "aging"
    # placed face down, not yet revealed (everyone may already have said "done")
    deploying = game.phase == "deployment" and game.stage in ("start", "place", "reveal")
    out: dict[str, Any] = {"format": FORMAT, "turn": game.turn, "phase": phase, "players": []}
    for i, p in enumerate(game.players):
        old = [u if u is not None and not (deploying and u.new) else None for u in p.units]
        entry: dict[str, Any] = {"name": p.name, "gold": p.gold, "lp": p.lp}
        front = [old[s] for s in FRONT_SPOTS]
        back = [old[s] for s in BACK_SPOTS]
        if _in_order(front) and _in_order(back):
            entry["front"] = [unit(u) for u in front if u is not None]
            entry["back"] = [unit(u) for u in back if u is not None]
        else:
            entry["units"] = {SPOT_NAMES[s]: unit(u) for s, u in enumerate(old) if u is not None}
        entry["buildings"] = {game.buildings[i].id: lvl for i, lvl in enumerate(p.buildings) if lvl}
        if deploying:
            placed = {SPOT_NAMES[s]: u.type.id for s, u in enumerate(p.units) if u is not None and u.new}
            hand = [c.id for c in p.hand] + list(placed.values())
            places = [f"place {card} {spot}" for spot, card in placed.items()]
            if p.kept is not None:          # said "done", keeping this card for next turn
                entry["hand"] = hand + [p.kept.id]
                entry["actions"] = places + [f"done {p.kept.id}"]
            elif placed and game.pending[i] is not None:    # still placing: no "done" yet
                entry["hand"] = hand
                entry["actions"] = places
            else:
                if hand:
                    entry["hand"] = hand
                if placed:
                    entry["place"] = placed
        if p.kept is not None and phase != "deployment":
            entry["kept"] = p.kept.id
        out["players"].append(entry)
    expansion = game.options.get("expansion")
    if expansion:
        out["expansion"] = expansion
        out["tiles"] = [b.id for b in game.buildings if b.id not in FIXED_WITH_TILES]
    rules = {k: v for k, v in (game.options.get("rules") or {}).items() if v != _default_rule(k)}
    if rules:
        out["rules"] = rules
    lk = game.lich
    if lk is not None:
        out["lich_king"] = {"lp": lk.lp, "line": [c.id for c in lk.line], "time": lk.time,
                            "revealed": lk.revealed, "cards": [c.id for c in lk.cards]}
        if lk.netherworld:
            out["lich_king"]["netherworld"] = [c.id for c in lk.netherworld]
    return out


def _in_order(line: Iterable[Unit | None]) -> bool:
    """No empty spot before an occupied one (a list can say where the units stand)."""
    gap = False
    for u in line:
        if u is None:
            gap = True
        elif gap:
            return False
    return True


def _default_rule(name: str) -> str | None:
    return DEFAULTS.get(name)
