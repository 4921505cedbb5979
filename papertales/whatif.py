"""What-if positions: describe kingdoms in JSON, see what the coming phases would do.

The format (``papertales-position/1``) is documented in ``docs/whatif-positions.md``.
The evaluation never re-implements a rule: it runs the real phases on copies of the game
and reports the events they produced, so what you see is exactly what the engine does.
Choices a position does not make (a Mystical Healer's save, a Time Master's target, a
construction) are shown side by side: every option is run on its own copy.
"""

from __future__ import annotations

import errno
import json

from . import aging, construction, income, wars
from .actions import (BUILD, CHOOSE, DEPLOY, DEPLOYMENT_FIRST, DONE, DRAFT, DRAFT_DISCARD, ORDER, ORDER_DECISION,
                      PASS, PLACE, REVEAL_FIRST, SAVE, SPARE, Action)
from .cards import BASE, card_set
from .deployment import usable_spots
from .errors import IllegalActionError, PaperTalesError, PositionError
from .events import WAR, cause_label, render_parts
from .expansion import EXPANSIONS, FIXED_WITH_TILES, MAX_PLAYERS, TILES_DRAWN, tile_candidates
from .game import OVER, PHASES, Game
from .i18n import card_name, get_language, t
from .necropolis import PILES
from .solo import NETHERWORLD_SCORED, SCORING, recruitment_gains
from .serialize import MOST
from .state import BACK_SPOTS, FRONT_SPOTS, SPOT_INDEX, SPOT_NAMES, Unit, production
from .variants import DEFAULTS, check as check_variants

FORMAT = "papertales-position/1"
EVALUATED = ("wars", "income", "construction", "aging")
#: what ``evaluate`` (and ``papertales whatif --phase``) can be asked for
PHASE_CHOICES = ("deployment", "wars", "income", "construction", "aging", "end", "all")
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
#: decisions never shown side by side (positions state them)
_NOT_BRANCHED = (DRAFT, DRAFT_DISCARD)


def _err(key, **params):
    raise PositionError(key, **params)


def _fields(names) -> str:
    return ", ".join(sorted(names))


def _whole(v, lo=0, hi=None) -> bool:
    return not isinstance(v, bool) and isinstance(v, int) and v >= lo and (hi is None or v <= hi)


def os_reason(exc: OSError, lang: str | None = None) -> str:
    """Why a file could not be read, in words (the system's own words are English)."""
    name = errno.errorcode.get(exc.errno or 0, "")
    if name in ("ENOENT", "EACCES", "EISDIR", "ENOTDIR"):
        return t(f"cli.oserror.{name}", lang)
    return t("cli.oserror.other", lang, detail=exc.strerror or str(exc))


def _unit(entry, where, cards):
    if isinstance(entry, str):
        ident, age = entry, 0
    elif isinstance(entry, dict):
        extra = set(entry) - {"card", "age"}
        if extra:
            _err("cli.whatif.error.unit_fields", where=where, fields=_fields(extra))
        ident, age = entry.get("card"), entry.get("age", 0)
    else:
        _err("cli.whatif.error.unit_shape", where=where, value=repr(entry))
    if not isinstance(ident, str):
        _err("cli.whatif.error.card_id", where=where, value=repr(ident))
    try:
        kind = cards.unit(ident)
    except KeyError:
        _err("cli.whatif.error.unknown_card", where=where, value=repr(ident), known=_fields(cards.unit_by_id))
    if not _whole(age, 0, 20):
        _err("cli.whatif.error.age", where=where, value=repr(age))
    return Unit(kind, age)


class Position(Game):
    """A :class:`Game` built from a position; ``plan`` holds what the position says its
    players do (Deployment actions already applied, choices still to come)."""

    __slots__ = ("plan",)


class _Plan:
    """The choices of a position, consumed as the decisions come up during one run."""

    def __init__(self, choices):
        # seat -> key -> (field path, [(value text, action or spot)], phase)
        self.choices = choices
        self.used = {(s, k): 0 for s, c in choices.items() for k in c}

    def clone(self) -> "_Plan":
        p = _Plan.__new__(_Plan)
        p.choices = self.choices
        p.used = dict(self.used)
        return p

    def take(self, g, seat, d, legal):
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
            _err("cli.whatif.error.choice_illegal", where=field, value=repr(text),
                 allowed=", ".join(str(a) for a in legal))
        return action

    def unused(self, phases_run):
        """(field, phase) of the first choice whose phase ran without using it all."""
        for seat, c in self.choices.items():
            for key, (where, values, phase) in c.items():
                if phase in phases_run and self.used[(seat, key)] < len(values):
                    return where, phase
        return None


def choice_key(d) -> str:
    """The key of ``players[i].choices`` that answers the decision ``d``."""
    if d.kind == BUILD:
        return CONSTRUCTION_CHOICE
    if d.kind == ORDER_DECISION:
        return ORDER_CHOICE
    return d.cause or ""


def _choice_phase(cards, key):
    """The phase a choice key decides in, or None if that card makes no choice."""
    if key in _PLAYER_CHOICES:
        return _PLAYER_CHOICES[key]
    u = cards.unit(key)
    if u.saves is not None:
        return "aging"
    if any(getattr(e, "target", None) == "chosen" for e in tuple(u.reveal) + tuple(u.deployment)):
        return "deployment"
    return None


def _choices(pd, w, cards, phase, has):
    """Parse ``players[i].choices``: key -> (field, [(text, spot or Action)], phase)."""
    raw = pd.get("choices", {})
    if not isinstance(raw, dict):
        _err("cli.whatif.error.choices", where=f"{w}.choices")
    out = {}
    for key, value in raw.items():
        where = f"{w}.choices.{key}"
        if key not in _PLAYER_CHOICES:
            try:
                key = cards.unit(key).id
            except (KeyError, AttributeError):
                _err("cli.whatif.error.choice_key", where=where, value=repr(key))
        when = _choice_phase(cards, key)
        if when is None:
            _err("cli.whatif.error.choice_none", where=where, card=card_name(key, cards=cards))
        if key not in _PLAYER_CHOICES and key not in has:
            _err("cli.whatif.error.choice_absent", where=where, card=card_name(key, cards=cards))
        if POSITION_PHASES.index(when) < POSITION_PHASES.index(phase):
            _err("cli.whatif.error.choice_past", where=where, when_phase=when, phase=phase)
        values = value if isinstance(value, list) else [value]
        if not values:
            _err("cli.whatif.error.choice_value", where=where, value=repr(value))
        parsed = []
        for j, v in enumerate(values):
            wj = where if not isinstance(value, list) else f"{where}[{j}]"
            if not isinstance(v, str):
                _err("cli.whatif.error.choice_value", where=wj, value=repr(v))
            if key == ORDER_CHOICE and v.lower() in (REVEAL_FIRST, DEPLOYMENT_FIRST):
                parsed.append((v, Action(ORDER, v.lower())))      # "reveal" for "order reveal"
                continue
            if v.upper() in SPOT_INDEX and when in ("aging", "deployment") and key != ORDER_CHOICE:
                parsed.append((v, SPOT_INDEX[v.upper()]))
                continue
            try:
                action = Action.parse(v)
            except ValueError:
                _err("cli.whatif.error.choice_value", where=wj, value=repr(v))
            wanted = {"aging": (SPARE, PASS), "deployment": (CHOOSE,), "construction": ("build", "upgrade", PASS),
                      "order": (ORDER,)}
            if action.kind not in wanted["order" if key == ORDER_CHOICE else when]:
                _err("cli.whatif.error.choice_value", where=wj, value=repr(v))
            parsed.append((v, action))
        out[key] = (where, parsed, when)
    return out


def _lines(pd, w, cards, p):
    """Units in play from ``front``/``back`` lists or the spot-keyed ``units``."""
    has_lines = "front" in pd or "back" in pd
    if has_lines and "units" in pd:
        _err("cli.whatif.error.units_and_lines", where=w)
    fifth = 2 in p.buildings
    if "units" in pd:
        spots = pd["units"]
        if not isinstance(spots, dict):
            _err("cli.whatif.error.units", where=f"{w}.units")
        for name, entry in spots.items():
            s = SPOT_INDEX.get(name.upper()) if isinstance(name, str) else None
            if s is None:
                _err("cli.whatif.error.spot", where=f"{w}.units", value=repr(name), spots=" ".join(SPOT_NAMES))
            if s == 4 and not fifth:
                _err("cli.whatif.error.fifth_spot", where=f"{w}.units.{name}")
            if p.units[s] is not None:
                _err("cli.whatif.error.spot_twice", where=f"{w}.units.{name}")
            p.units[s] = _unit(entry, f"{w}.units.{name}", cards)
        return
    front, back = pd.get("front", []), pd.get("back", [])
    if not isinstance(front, list) or not isinstance(back, list):
        _err("cli.whatif.error.lines", where=w)
    max_front = 3 if fifth else 2
    if len(front) > max_front:
        _err("cli.whatif.error.front_full" if max_front == 2 else "cli.whatif.error.front_full_5th",
             where=w, n=len(front))
    if len(back) > 2:
        _err("cli.whatif.error.back_full", where=w, n=len(back))
    for i, (spot, entry) in enumerate(zip(FRONT_SPOTS, front)):
        p.units[spot] = _unit(entry, f"{w}.front[{i}]", cards)
    for i, (spot, entry) in enumerate(zip(BACK_SPOTS, back)):
        p.units[spot] = _unit(entry, f"{w}.back[{i}]", cards)


def _deployment_actions(pd, w, cards):
    """``place`` (card -> spot or spot -> card) or ``actions`` (notation) as
    ``[(field, Action)]``."""
    if "place" in pd and "actions" in pd:
        _err("cli.whatif.error.place_and_actions", where=w)
    out = []
    if "place" in pd:
        place = pd["place"]
        if not isinstance(place, dict):
            _err("cli.whatif.error.place", where=f"{w}.place")
        for a, b in place.items():
            where = f"{w}.place.{a}"
            if isinstance(a, str) and a.upper() in SPOT_INDEX:
                spot, card = a, b
            else:
                card, spot = a, b
            if not isinstance(spot, str) or spot.upper() not in SPOT_INDEX or not isinstance(card, str):
                _err("cli.whatif.error.place", where=where)
            try:
                cid = cards.unit(card).id
            except KeyError:
                _err("cli.whatif.error.unknown_card", where=where, value=repr(card), known=_fields(cards.unit_by_id))
            out.append((where, Action("place", cid, SPOT_INDEX[spot.upper()])))
        out.append((f"{w}.place", Action("done")))
    elif "actions" in pd:
        acts = pd["actions"]
        if not isinstance(acts, list):
            _err("cli.whatif.error.actions", where=f"{w}.actions")
        for j, text in enumerate(acts):
            where = f"{w}.actions[{j}]"
            try:
                out.append((where, Action.from_json(text)))
            except ValueError as exc:
                _err("cli.whatif.error.action", where=where, reason=str(exc))
            if out[-1][1].a is not None and out[-1][1].kind in ("place", "done"):
                try:
                    out[-1] = (where, out[-1][1]._replace(a=cards.unit(out[-1][1].a).id))
                except KeyError:
                    pass                     # the engine says it is not in the hand
    return out


def _setup_lich(game, ld, turn, phase, cards):
    lk = game.lich
    extra = set(ld) - set(LICH_FIELDS)
    if extra:
        _err("cli.whatif.error.where_fields", where="lich_king", fields=_fields(extra), allowed=", ".join(LICH_FIELDS))
    lp = ld.get("lp", 0)
    if not _whole(lp, 0, MOST):
        _err("cli.whatif.error.whole_between", where="lich_king.lp", value=repr(lp), most=MOST)
    lk.lp = lp
    if "line" in ld:
        line = ld["line"]
        by_id = {c.id: c for c in cards.necropolis}
        if not isinstance(line, list) or len(line) != len(PILES):
            _err("cli.whatif.error.line", where="lich_king.line", known=_fields(by_id))
        chosen = []
        for i, (ident, pile) in enumerate(zip(line, PILES)):
            c = by_id.get(ident) if isinstance(ident, str) else None
            if c is None or c.pile != pile:
                _err("cli.whatif.error.line_card", where=f"lich_king.line[{i}]", value=repr(ident), pile=pile,
                     known=", ".join(sorted(k for k, v in by_id.items() if v.pile == pile)))
            chosen.append(c)
        lk.line = chosen
    # the Time token moves one card per turn, and Wars reveals the card after it: any other
    # value would make Wars reveal a card too many (and its quest score) or read past the line
    time = ld.get("time", turn - 1)
    if not _whole(time, 0, len(PILES) - 1):
        _err("cli.whatif.error.time", where="lich_king.time", value=repr(time))
    if time != turn - 1:
        _err("cli.whatif.error.time_turn", where="lich_king.time", value=repr(time), turn=turn, time=turn - 1)
    lk.time = time
    after_wars = POSITION_PHASES.index(phase) > POSITION_PHASES.index("wars")
    face_up = min(len(PILES), time + (2 if after_wars else 1))
    revealed = ld.get("revealed", face_up)
    if revealed != face_up or not _whole(revealed):
        _err("cli.whatif.error.revealed_time", where="lich_king.revealed", value=repr(revealed), n=face_up,
             time=time, phase=phase)
    lk.revealed = revealed
    nether = ld.get("netherworld", [])
    if not isinstance(nether, list):
        _err("cli.whatif.error.hand", where="lich_king.netherworld")
    if nether and phase != "recruitment":
        _err("cli.whatif.error.netherworld_phase", where="lich_king.netherworld")
    if len(nether) > NETHERWORLD_SCORED:
        _err("cli.whatif.error.netherworld_size", where="lich_king.netherworld", n=NETHERWORLD_SCORED,
             got=len(nether))
    lk.netherworld = [_unit(c, f"lich_king.netherworld[{j}]", cards).type for j, c in enumerate(nether)]


def _setup_tiles(game, tiles, cards):
    """Replace the drawn Beyond the Gates tiles by the ones the position names."""
    candidates = {b.id: b for b in tile_candidates(cards)}
    want = min(TILES_DRAWN, len(candidates))
    if not isinstance(tiles, list) or len(tiles) != want or len(set(map(str, tiles))) != len(tiles) \
            or any(x not in candidates for x in tiles):
        _err("cli.whatif.error.tiles", n=want, known=_fields(candidates), value=repr(tiles))
    fixed = [cards.building(i) for i in FIXED_WITH_TILES]
    game.buildings = tuple(sorted(fixed + [candidates[x] for x in tiles], key=lambda b: b.index))
    for p in game.players:
        p.buildings = [0] * len(game.buildings)


def _with_lich_king_cards(cards):
    if cards.necropolis:
        return cards
    return card_set(*[p for p in cards.packs if p["id"] != "base"], "lich-king-illustrative")


def game_from_position(data, cards=None, seed: int = 0) -> Game:
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
            _err("cli.whatif.error.json", error=str(exc) or type(exc).__name__)
    if not isinstance(data, dict):
        _err("cli.whatif.error.object")
    extra = set(data) - set(TOP_FIELDS)
    if extra:
        _err("cli.whatif.error.fields", fields=_fields(extra), allowed=", ".join(TOP_FIELDS))
    if data.get("format", FORMAT) != FORMAT:
        _err("cli.whatif.error.format", expected=repr(FORMAT), value=repr(data.get("format")))
    turn = data.get("turn", 1)
    if not _whole(turn, 1, 4):
        _err("cli.whatif.error.turn", value=repr(turn))
    phase = data.get("phase", "wars")
    if phase not in POSITION_PHASES:
        _err("cli.whatif.error.phase", allowed=", ".join(POSITION_PHASES), value=repr(phase))
    if phase == "end" and turn != 4:
        _err("cli.whatif.error.end_turn", value=turn)
    expansion = data.get("expansion")
    if expansion is not None and expansion not in EXPANSIONS:
        _err("cli.whatif.error.expansion", value=repr(expansion), allowed=", ".join(EXPANSIONS))
    if "tiles" in data and expansion is None:
        _err("cli.whatif.error.tiles_without_expansion")
    players = data.get("players")
    most = MAX_PLAYERS[expansion]
    solo = isinstance(players, list) and len(players) == 1
    if not isinstance(players, list) or not 1 <= len(players) <= most or (solo and "lich_king" not in data):
        _err("cli.whatif.error.players", most=most)
    if "lich_king" in data and not solo:
        _err("cli.whatif.error.lich_not_solo")
    ld = data.get("lich_king")
    if solo and not isinstance(ld, dict):
        _err("cli.whatif.error.lich_object")
    if solo:
        cards = _with_lich_king_cards(cards)
        lk_cards = ld.get("cards", [])
        if not isinstance(lk_cards, list) or not all(isinstance(c, str) for c in lk_cards):
            _err("cli.whatif.error.lich_cards", where="lich_king.cards",
                 known=_fields(c.id for c in cards.lich_king_cards))
    rules = data.get("rules")
    if rules is not None:
        try:
            check_variants(rules)
        except PaperTalesError as exc:
            _err("cli.whatif.error.field", where="rules", reason=str(exc))
    names = [p.get("name", t("cli.player", n=i + 1)) if isinstance(p, dict) else "?"
             for i, p in enumerate(players)]
    try:
        game = Position.new(players=len(players), seed=seed, cards=cards, names=names, expansion=expansion,
                            lich_king_cards=lk_cards if solo else 0, rules=rules)
    except PaperTalesError as exc:
        _err("cli.whatif.error.field", where="lich_king.cards" if solo else "players", reason=str(exc))
    if "tiles" in data:
        _setup_tiles(game, data["tiles"], cards)
    if solo:
        _setup_lich(game, ld, turn, phase, cards)
    used: dict[str, int] = {}
    deploy = {}
    choices = {}
    known = [b.id for b in game.buildings]
    for i, pd in enumerate(players):
        w = f"players[{i}]"
        if not isinstance(pd, dict):
            _err("cli.whatif.error.player_object", where=w)
        extra = set(pd) - set(PLAYER_FIELDS)
        if extra:
            _err("cli.whatif.error.where_fields", where=w, fields=_fields(extra), allowed=", ".join(PLAYER_FIELDS))
        p = game.players[i]
        for key in ("gold", "lp"):
            v = pd.get(key, 3 if key == "gold" else 0)
            if not _whole(v, 0, MOST):
                _err("cli.whatif.error.whole_between", where=f"{w}.{key}", value=repr(v), most=MOST)
            setattr(p, key, v)
        bd = pd.get("buildings", {})
        if not isinstance(bd, dict):
            _err("cli.whatif.error.buildings", where=f"{w}.buildings")
        for bid, lvl in bd.items():
            if bid not in known:
                _err("cli.whatif.error.unknown_building", where=f"{w}.buildings", value=repr(bid), known=", ".join(known))
            if lvl not in (0, 1, 2) or isinstance(lvl, bool):
                _err("cli.whatif.error.level", where=f"{w}.buildings.{bid}", value=repr(lvl))
            p.buildings[known.index(bid)] = lvl
        _lines(pd, w, cards, p)
        p.spots = usable_spots(p)
        for key in ("hand", "place", "actions"):
            if key in pd and phase != "deployment":
                _err("cli.whatif.error.deployment_only", where=f"{w}.{key}", phase=repr(phase))
        hand = pd.get("hand", [])
        if not isinstance(hand, list):
            _err("cli.whatif.error.hand", where=f"{w}.hand")
        p.hand = [_unit(c, f"{w}.hand[{j}]", cards).type for j, c in enumerate(hand)]
        if pd.get("kept") is not None:
            if phase == "deployment":
                _err("cli.whatif.error.kept_at_deployment", where=f"{w}.kept")
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
    draw = []
    left = dict(used)
    for ut in cards.deck:
        if left.get(ut.id, 0) > 0:
            left[ut.id] -= 1
        else:
            draw.append(ut)
    over = [k for k, v in left.items() if v > 0]
    if over:
        _err("cli.whatif.error.copies", cards=", ".join(
            t("cli.whatif.error.copies_of", name=card_name(k, cards=cards), used=used[k],
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
    game.plan = _Plan(choices)
    if game.lich is not None and game.lich.netherworld:
        game.stage = SCORING                 # the draft is over: the Lich King scores this Netherworld
    if phase == "deployment":
        game.step()                          # everyone now places units face down
        for seat, actions in deploy.items():
            for where, action in actions:
                if game.pending[seat] is None:
                    _err("cli.whatif.error.after_done", where=where)
                try:
                    game.apply(seat, action)
                except IllegalActionError as exc:
                    _err("cli.whatif.error.action", where=where, reason=str(exc))
    return game


def load_position(path, cards=None, rules=None) -> Game:
    """The position in the file ``path`` (``rules``: variants laid over its own); a refusal
    names the file, then the field."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except UnicodeDecodeError:
        _err("err.position.file", file=path, error=PositionError("cli.whatif.error.not_text"))
    except OSError as exc:
        _err("cli.error.cannot_read", path=path, reason=os_reason(exc))
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


def position_of(game) -> dict:
    """The position (JSON-ready dict) of a game: the inverse of :func:`game_from_position`
    for what it describes.  Units fill ``front``/``back`` lists when no spot is left empty
    before an occupied one, else they are keyed by spot (``units``); in a Deployment,
    until the reveal, the units placed face down are listed under ``hand`` and ``place``
    (``actions`` ending in ``done CARD`` once a player has kept a card)."""
    def unit(u):
        return {"card": u.type.id, "age": u.age} if u.age else u.type.id

    phase = game.phase if game.phase in POSITION_PHASES else "aging"
    # placed face down, not yet revealed (everyone may already have said "done")
    deploying = game.phase == "deployment" and game.stage in ("start", "place", "reveal")
    out = {"format": FORMAT, "turn": game.turn, "phase": phase, "players": []}
    for p in game.players:
        old = [u if u is not None and not (deploying and u.new) else None for u in p.units]
        entry = {"name": p.name, "gold": p.gold, "lp": p.lp}
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
            if p.kept is not None:          # said "done", keeping this card for next turn
                entry["hand"] = hand + [p.kept.id]
                entry["actions"] = [f"place {card} {spot}" for spot, card in placed.items()] + [f"done {p.kept.id}"]
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


def _in_order(line) -> bool:
    """No empty spot before an occupied one (a list can say where the units stand)."""
    gap = False
    for u in line:
        if u is None:
            gap = True
        elif gap:
            return False
    return True


def _default_rule(name):
    return DEFAULTS.get(name)


def _event(e, lang, names, cards):
    """An event for JSON: facts for programs (``kind``, ``cause``, ``key``, ``params``,
    ``data``: ``[opponent, strength, opponent's strength]`` for a war) and words for people
    (``cause_text``, ``detail``, ``text``: the whole line)."""
    p = e.params
    data = [p["opponent"], p["strength"], p["against"]] if e.kind == WAR and "opponent" in p else []
    return {"seat": e.seat, "kind": e.kind, "amount": e.amount, "cause": e.cause,
            "cause_text": cause_label(e.cause, lang, cards), "detail": e.detail(lang, names, cards),
            "text": e.describe(names, lang, cards), "key": e.key, "params": dict(p), "data": data}


def _events(game, phase, lang, since=0):
    """The events of ``phase`` (all phases when None) logged after index ``since``."""
    names, cards = game.names, game.cards
    return [_event(e, lang, names, cards) for e in game.events[since:] if phase is None or e.phase == phase]


def _cause_name(cause, lang, cards):
    """A cause in words; strength rows may name a unit or building by its pack name."""
    for find in (cards.unit, cards.building):
        try:
            return card_name(find(cause).id, lang, cards)
        except (KeyError, AttributeError):
            pass
    return cause_label(cause, lang, cards)


def _words(value, lang, cards):
    """An explanation from the engine in words: already text, or ``[[key, params], ...]``."""
    if value is None or isinstance(value, str):
        return value
    return render_parts(value, lang, cards)


# ------------------------------------------------------------------ running phases

def _default(d, legal):
    """What an undecided choice does: pass where passing is allowed (Healer, construction),
    ``done`` in Deployment (nothing more placed), else the first option in spot order."""
    for a in legal:
        if a.kind == PASS or (d.kind == DEPLOY and a == Action("done")):
            return a
    return legal[0]


def _play(g, stop, plan, points=None):
    """Run ``g`` until ``stop(g)``: decisions from ``plan``, else defaults.  With a list
    ``points``, every defaulted decision with several options is recorded there (a copy of
    the game and of the plan just before it) to be shown side by side."""
    while g.phase != OVER and not stop(g):
        if not any(g.pending):
            g.step()
            continue
        for seat in g.pending_players():
            d = g.pending[seat]
            legal = g.legal_actions(seat)
            action = plan.take(g, seat, d, legal)
            if action is None:
                action = _default(d, legal)
                options = _placements(g, seat, legal) if d.kind == DEPLOY else legal
                if points is not None and d.kind not in _NOT_BRANCHED and len(options) > 1:
                    points.append((g.clone(), plan.clone(), seat, d, options, action))
            g.apply(seat, action)
    return g


def _placements(g, seat, legal) -> list[Action]:
    """The Deployment options shown side by side for a player with cards in hand and no
    placement stated: each single placement (then ``done``), and ``done`` itself.  Moves,
    discards and which card to keep are left to the position (they would multiply the
    options); a player who placed something already is not second-guessed."""
    if any(u is not None and u.new for u in g.players[seat].units):
        return []
    return [a for a in legal if a.kind == PLACE] + [a for a in legal if a.kind == DONE and a.card is None]


def _fresh(game, phase):
    """A copy of ``game`` standing at the start of ``phase`` (decisions of the phase the
    game stands in do not matter)."""
    g = game.clone()
    g.record_events = True
    g.phase, g.stage = phase, "start"
    g.pending = [None] * g.n
    g.queues = [[] for _ in range(g.n)]
    g.build_options = g.build_choices = None
    g.saved = None
    return g


def _outcome(g, lang):
    out = {"lp_after": g.scores, "gold_after": [q.gold for q in g.players]}
    if g.lich is not None:
        out["lich_king_lp_after"] = g.lich.lp
    if g.phase == OVER:
        out["winners"] = g.winners()
    return out


def _side_by_side(points, stop, lang):
    """Each option of each open decision, run to the same end on its own copy."""
    out = []
    for g0, plan0, seat, d, legal, default in points:
        names, cards = g0.names, g0.cards
        cause = d.cause or ""
        group = {"seat": seat, "name": g0.players[seat].name, "decision": d.kind, "cause": cause,
                 "cause_text": card_name(cause, lang, cards) if cause else "",
                 "spot": SPOT_NAMES[d.spot] if d.spot is not None else None,
                 "prompt": g0.decision(seat, lang).prompt,
                 "field": f"players[{seat}].place" if d.kind == DEPLOY else f"players[{seat}].choices.{choice_key(d)}",
                 "options": []}
        for a in legal:
            g = g0.clone()
            mark = len(g.events)
            g.apply(seat, a)
            _play(g, stop, plan0.clone())
            group["options"].append({"action": str(a), "text": a.describe(lang, cards), "default": a == default,
                                     **_outcome(g, lang),
                                     "events": [_event(e, lang, names, cards) for e in g.events[mark:]]})
        out.append(group)
    return out


def _run(game, phase, lang, plan, stop=None):
    """Run ``phase`` (or, with ``phase=None``, everything from where ``game`` stands until
    ``stop``) on a copy, with the position's choices; returns ``(game after, result)``."""
    g = game.clone() if phase is None else _fresh(game, phase)
    g.record_events = True
    mark = 0 if phase is None else len(g.events)     # a position's own Deployment actions count
    plan = (plan or _Plan({})).clone()
    if stop is None:
        def stop(x):
            return x.phase != phase
    points = []
    seen = []
    while g.phase != OVER and not stop(g):
        seen.append(g.phase)
        before = g.phase
        _play(g, lambda x, before=before: stop(x) or x.phase != before, plan, points)
    left = plan.unused(seen)
    if left:
        _err("cli.whatif.error.choice_unused", where=left[0], phase=left[1])
    res = {"events": _events(g, None, lang, mark), **_outcome(g, lang)}
    if phase is None:
        res["phases"] = seen
    if points:
        res["decisions"] = _side_by_side(points, stop, lang)
    return g, res


def _construction_rows(game, seat, lang):
    cards = game.cards
    rows = []
    for r in construction.explain_all(game, seat):
        name = card_name(r["building"], lang, cards)
        label = t("cli.whatif.build.upgrade" if r["kind"] == "upgrade" else
                  "cli.whatif.build.direct" if r["direct"] else "cli.whatif.build.level1", lang, building=name)
        how, why = _words(r["how"], lang, cards), _words(r["reason"], lang, cards)
        text = t("cli.whatif.build.possible", lang, label=label, n=r["gold"], how=how) if r["possible"] \
            else t("cli.whatif.build.impossible", lang, label=label, reason=why)
        rows.append({"building": r["building"], "level": r["level"], "kind": r["kind"], "direct": r["direct"],
                     "action": str(r["action"]) if r["action"] else None, "possible": r["possible"],
                     "gold": r["gold"], "how": how, "reason": why, "text": text})
    rows.append({"building": None, "level": None, "kind": "pass", "direct": False, "action": "pass",
                 "possible": True, "gold": 0, "how": None, "reason": None, "text": t("cli.whatif.build.pass", lang)})
    return rows


def _player_entry(game, seat, phases, lang):
    cards = game.cards
    p = game.players[seat]

    def unit_at(s, u):
        return t("cli.whatif.unit_at", lang, card=card_name(u.type.id, lang, cards), spot=SPOT_NAMES[s])

    rows = []
    strength = wars.kingdom_strength(game, seat, None, rows)
    wood, food, ore = production(p, game.buildings)
    entry = {
        "seat": seat, "name": p.name, "gold": p.gold, "lp": p.lp,
        "units": [{"spot": SPOT_NAMES[s], "card": u.type.id, "name": card_name(u.type.id, lang, cards),
                   "age": u.age}
                  for s, u in enumerate(p.units) if u is not None],
        "buildings": {game.buildings[i].id: lvl for i, lvl in enumerate(p.buildings) if lvl},
        "resources": {"wood": wood, "food": food, "ore": ore},
        "strength": {"total": strength,
                     "breakdown": [{"cause": c, "name": _cause_name(c, lang, cards), "strength": v,
                                    "note": _words(n, lang, cards)} for c, v, n in rows]},
    }
    if "income" in phases:
        items = income.items(game, seat)
        entry["income"] = {"total": sum(v for _, v in items),
                           "breakdown": [{"cause": c, "name": cause_label(c, lang, cards), "gold": v}
                                         for c, v in items]}
    if "construction" in phases:
        entry["construction"] = [{"action": str(a), "text": a.describe(lang, cards), "gold": gold,
                                  "how": _words(why, lang, cards)}
                                 for a, gold, why in construction.options(game, seat, explain=True)]
        entry["construction_all"] = _construction_rows(game, seat, lang)
    if "aging" in phases:
        entry["aging"] = {
            "dies": [unit_at(s, u) for s, u in enumerate(p.units) if u is not None and aging.dies(u)],
            "healer_can_save": [unit_at(s, u) for s, u in enumerate(p.units)
                                if u is not None and any(h is not None and h.type.saves == u.age
                                                         for h in p.units) and aging.dies(u)],
        }
    return entry


def _lich_entry(game, lang):
    lk = game.lich
    cards = game.cards
    black, purple = lk.armies()
    out = {"lp": lk.lp, "time": lk.time, "revealed": lk.revealed,
           "line": [{"card": c.id, "name": card_name(c.id, lang, cards), "pile": c.pile, "revealed": i < lk.revealed}
                    for i, c in enumerate(lk.line)],
           "cards": [c.id for c in lk.cards], "armies": {"black": black, "purple": purple}}
    if lk.netherworld:
        rows = recruitment_gains(lk.line, lk.time, lk.revealed, lk.netherworld, lk.cards)
        out["recruitment"] = {"netherworld": [c.id for c in lk.netherworld], "lp": sum(r["lp"] for r in rows),
                              "rows": [{"cause": r["cause"], "name": card_name(r["cause"], lang, cards),
                                        "lp": r["lp"], "matches": r["matches"]} for r in rows]}
    return out


def evaluate(game: Game, phases=None, lang: str | None = None) -> dict:
    """Explain the position: per player strength (per unit), resources, income,
    construction (every building and level, with its price or why not) and aging, and what
    the asked ``phases`` would do, with causes.  ``phases`` are among
    :data:`PHASE_CHOICES`; the default is Wars, Income, Construction and Aging (plus
    Deployment for a position standing at Deployment, or the end scoring for one at the
    end).  Each of ``wars``, ``income``, ``aging``, ``end`` runs that phase alone on a copy
    of the kingdoms; ``deployment`` runs the placements and the reveal (and for a position
    at Deployment every other phase starts from the kingdoms after the reveal); ``all``
    runs the rest of the turn, and on turn 4 the end scoring.  Choices the position does
    not make come back under ``decisions`` with every option's outcome.

    Keys and ids are the same in every language; texts for people are in ``lang``
    (default: the current language)."""
    lang = lang or get_language()
    if phases is None:
        phases = ("end",) if game.phase == "end" else \
            (("deployment",) + EVALUATED if game.phase == "deployment" else EVALUATED)
    if isinstance(phases, str):
        phases = (phases,)
    bad = [p for p in phases if p not in PHASE_CHOICES]
    if bad:
        _err("cli.whatif.error.eval_phase", value=repr(bad[0]), allowed=", ".join(PHASE_CHOICES))
    out = {"turn": game.turn}
    shown = EVALUATED if "all" in phases else phases      # what the player entries explain
    plan = getattr(game, "plan", None)
    ref = game
    if game.phase == "deployment":
        ref, res = _run(game, None, lang, plan, stop=lambda x: x.phase != "deployment")
        if "deployment" in phases:
            res.pop("phases")
            out["deployment"] = res
    elif "deployment" in phases:
        _, out["deployment"] = _run(game, "deployment", lang, plan)
    out["players"] = [_player_entry(ref, seat, shown, lang) for seat in range(ref.n)]
    if ref.lich is not None:
        out["lich_king"] = _lich_entry(ref, lang)
    for phase in ("wars", "income", "aging", "end"):
        if phase in phases:
            _, out[phase] = _run(ref, phase, lang, plan)
    if "all" in phases:
        turn = game.turn
        _, out["all"] = _run(game, None, lang, plan, stop=lambda x: x.turn != turn)
    return out
