"""Actions: small immutable values whose ``str`` is a notation that reads back.

Card and building arguments are ids (``"time_master"``), spots are indices 0-4
(``F1 F2 B1 B2 F3``), so an action is the same value in every game and in JSON.

>>> action = Action.parse("place knight F1")
>>> action.kind, action.card, action.spot, str(action)
('place', 'knight', 0, 'place knight F1')
>>> action == ("place", "knight", 0)    # the stored fields stay kind, a, b
True
>>> action.describe("en")
'place Knight at F1'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, NamedTuple

from .errors import ActionSyntaxError
from .state import SPOT_INDEX, SPOT_NAMES
from .i18n import card_name, t

if TYPE_CHECKING:     # the card set names the cards of a description
    from .cards import CardSet

# decision kinds (what a pending player must do)
DRAFT: Final = "draft"            # keep one card of the pack
DRAFT_DISCARD: Final = "draft_discard"  # 2 players: discard one card of the pack after keeping
DEPLOY: Final = "deploy"          # place / move / discard units, then done
TARGET: Final = "target"          # choose the unit that receives age tokens (Time Master ...)
BUILD: Final = "build"            # one construction action or pass
SAVE: Final = "save"              # Mystical Healer: spare one unit, or pass
ORDER_DECISION: Final = "order"   # which of one's own simultaneous abilities resolve first

# action kinds
PICK: Final = "pick"
DROP: Final = "drop"
PLACE: Final = "place"
MOVE: Final = "move"
RETURN: Final = "return"
DISCARD: Final = "discard"
DONE: Final = "done"
CHOOSE: Final = "target"
CONSTRUCT: Final = "build"
UPGRADE: Final = "upgrade"
PASS: Final = "pass"
SPARE: Final = "save"
ORDER: Final = "order"
REVEAL_FIRST, DEPLOYMENT_FIRST = "reveal", "deployment"

KINDS = (PICK, DROP, PLACE, MOVE, RETURN, DISCARD, DONE, CHOOSE, CONSTRUCT, UPGRADE, PASS, SPARE, ORDER)


#: how many arguments each action kind takes, and which of them are spots
_ARITY = {PICK: (1, 1), DROP: (1, 1), PLACE: (2, 2), MOVE: (2, 2), RETURN: (1, 1),
          DISCARD: (1, 1), DONE: (0, 1), CHOOSE: (1, 1), CONSTRUCT: (2, 2), UPGRADE: (1, 1),
          PASS: (0, 0), SPARE: (1, 1), ORDER: (1, 1)}
#: argument shapes: "card" (an id), "spot" (F1 F2 B1 B2 F3), "level" (1 or 2)
_SHAPES = {PICK: ("card",), DROP: ("card",), PLACE: ("card", "spot"), MOVE: ("spot", "spot"),
           RETURN: ("spot",), DISCARD: ("spot",), DONE: ("card",), CHOOSE: ("spot",),
           CONSTRUCT: ("card", "level"), UPGRADE: ("card",), PASS: (), SPARE: ("spot",), ORDER: ("word",)}

NOTATION_HELP = ("pick CARD | drop CARD | place CARD SPOT | move SPOT SPOT | return SPOT | "
                 "discard SPOT | done [CARD] | target SPOT | build BUILDING LEVEL | "
                 "upgrade BUILDING | pass | save SPOT | order reveal|deployment  (SPOT: F1 F2 B1 B2 F3)")


def _word(value: object, shape: str) -> str:
    if shape == "spot" and isinstance(value, int) and 0 <= value < len(SPOT_NAMES):
        return SPOT_NAMES[value]
    return str(value)


class Action(NamedTuple):
    """``kind`` plus up to two arguments (card and building ids, spot indices 0-4, a level).

    ``str(action)`` is the action's one notation (``place knight F1``, ``pick manticore``,
    ``build mine 2``): logs, errors, saved games and the CLI all use it and
    :meth:`parse` reads it back.  :meth:`describe` gives prose in a language."""

    kind: str
    a: Any = None
    b: Any = None

    # The two arguments are stored as ``a`` and ``b`` (the notation's order, and so the
    # saves' and the JSON's); the names below say what they hold for each kind.  Each is
    # meant for the kinds it names: it does not check the kind (the engine's inner loop).

    @property
    def card(self) -> Any:
        """The card id of pick, drop, place and done (None: keep nothing); the building
        id of build and upgrade."""
        return self.a

    @property
    def spot(self) -> Any:
        """A spot index 0-4: where place puts its card, the unit that move, return,
        discard, target and save concern (move's origin)."""
        return self.b if self.kind == PLACE else self.a

    @property
    def to(self) -> Any:
        """Where move (and place) puts its unit."""
        return self.b

    @property
    def level(self) -> Any:
        """The level a building has after build (1 or 2) or upgrade (2); None otherwise."""
        if self.kind == CONSTRUCT:
            return self.b
        return 2 if self.kind == UPGRADE else None

    @property
    def first(self) -> Any:
        """Which of a player's simultaneous abilities an order action resolves first
        (``"reveal"`` or ``"deployment"``)."""
        return self.a

    def __str__(self) -> str:
        shapes = _SHAPES.get(self.kind, ())
        words = [self.kind]
        for value, shape in zip((self.a, self.b), shapes):
            if value is not None:
                words.append(_word(value, shape))
        return " ".join(words)

    def describe(self, lang: str | None = None, cards: CardSet | None = None) -> str:
        """The action in words, in ``lang`` ("place the Knight at F1")."""
        k, a, b = self.kind, self.a, self.b
        if k == DONE and a is None:
            return t("action.done_nothing", lang)
        if k == ORDER:
            return t(f"action.order.{a}", lang)
        params: dict[str, str] = {}
        for name, value, shape in zip(("a", "b"), (a, b), _SHAPES.get(k, ())):
            params[name] = card_name(value, lang, cards) if shape == "card" else _word(value, shape)
        return t("action." + k, lang, **params)

    def to_json(self) -> str:
        return str(self)

    @classmethod
    def from_json(cls, data: object) -> "Action":
        """An action from a saved game: its notation (``"place knight F1"``)."""
        if not isinstance(data, str):
            raise ActionSyntaxError("err.action.not_text", value=repr(data))
        return cls.parse(data)

    @classmethod
    def parse(cls, text: str) -> "Action":
        """Read the notation back: ``kind arg arg`` (``place knight F1``, ``build town 2``,
        ``done``); case does not matter.  Raises :class:`~papertales.errors.ActionSyntaxError`
        (a ``ValueError``) saying what is allowed."""
        if not isinstance(text, str):
            raise ActionSyntaxError("err.action.type", value=repr(text))
        parts = text.split()
        kind = parts[0].lower() if parts else ""
        if kind not in _ARITY:
            raise ActionSyntaxError("err.action.unknown", value=repr(text), notation=NOTATION_HELP)
        least, most = _ARITY[kind]
        args = parts[1:]
        if not least <= len(args) <= most:
            raise ActionSyntaxError("err.action.arity" if least == most else "err.action.arity_range",
                                    kind=kind, n=most, least=least, value=repr(text), notation=NOTATION_HELP)
        values: list[object] = []
        for word, shape in zip(args, _SHAPES[kind]):
            if shape == "spot":
                spot = SPOT_INDEX.get(word.upper())
                if spot is None:
                    raise ActionSyntaxError("err.action.spot", word=repr(word), value=repr(text),
                                            spots=" ".join(SPOT_NAMES))
                values.append(spot)
            elif shape == "level":
                if word not in ("1", "2"):
                    raise ActionSyntaxError("err.action.level", word=repr(word), value=repr(text))
                values.append(int(word))
            else:
                values.append(word.lower())
        return cls(kind, *values)


# The names that only rename a field read it at C speed: the tuple's own field getter
# under a second name (a Python property costs a function call on the engine's every
# check).  The properties above stay for the type checker and the docs.
setattr(Action, "card", Action.a)
setattr(Action, "to", Action.b)
setattr(Action, "first", Action.a)

_new = tuple.__new__


def make(kind: str, a: Any = None, b: Any = None) -> Action:
    """Build an action faster than ``Action(...)`` (for the engine's hot paths)."""
    return _new(Action, (kind, a, b))


#: Shared instances of the actions that carry only spots.
MOVES: Final = tuple(tuple(make(MOVE, s, d) for d in range(5)) for s in range(5))
RETURNS: Final = tuple(make(RETURN, s) for s in range(5))
DISCARDS: Final = tuple(make(DISCARD, s) for s in range(5))
TARGETS: Final = tuple(make(CHOOSE, s) for s in range(5))
SAVES: Final = tuple(make(SPARE, s) for s in range(5))
DONE_NOTHING: Final = make(DONE)

#: action kind -> card id -> the shared action (one dict per kind: no (kind, id) key to hash)
_BY_CARD: Final[dict[str, dict[str, Action]]] = {kind: {} for kind in KINDS}


def for_card(kind: str, card_id: str) -> Action:
    """The shared ``Action(kind, card_id)`` (pick, drop, done ...): built once per card."""
    shared = _BY_CARD[kind]
    a = shared.get(card_id)
    if a is None:
        a = shared[card_id] = make(kind, card_id)
    return a


def pick(card: str) -> Action: return Action(PICK, card)
def drop(card: str) -> Action: return Action(DROP, card)
def place(card: str, spot: int) -> Action: return Action(PLACE, card, spot)
def move(src: int, dst: int) -> Action: return Action(MOVE, src, dst)
def take_back(spot: int) -> Action: return Action(RETURN, spot)
def discard(spot: int) -> Action: return Action(DISCARD, spot)
def done(keep: str | None = None) -> Action: return Action(DONE, keep)
def target(spot: int) -> Action: return Action(CHOOSE, spot)
def build(building: str, level: int = 1) -> Action: return Action(CONSTRUCT, building, level)
def upgrade(building: str) -> Action: return Action(UPGRADE, building)
def save(spot: int) -> Action: return Action(SPARE, spot)


PASS_ACTION: Final = Action(PASS)
ORDERS: Final = (Action(ORDER, REVEAL_FIRST), Action(ORDER, DEPLOYMENT_FIRST))
