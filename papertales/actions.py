"""Actions: small immutable values with a readable ``str``.

Card and building arguments are ids (``"time_master"``), spots are indices 0-4
(``F1 F2 B1 B2 F3``), so an action is the same value in every game and in JSON."""

from __future__ import annotations

from typing import NamedTuple

from .state import SPOT_INDEX, SPOT_NAMES

# decision kinds (what a pending player must do)
DRAFT = "draft"            # keep one card of the pack
DRAFT_DISCARD = "draft_discard"  # 2 players: discard one card of the pack after keeping
DEPLOY = "deploy"          # place / move / discard units, then done
TARGET = "target"          # choose the unit that receives age tokens (Time Master ...)
BUILD = "build"            # one construction action or pass
SAVE = "save"              # Mystical Healer: spare one unit, or pass

# action kinds
PICK, DROP = "pick", "drop"
PLACE, MOVE, RETURN, DISCARD, DONE = "place", "move", "return", "discard", "done"
CHOOSE = "target"
CONSTRUCT, UPGRADE, PASS = "build", "upgrade", "pass"
SPARE = "save"

KINDS = (PICK, DROP, PLACE, MOVE, RETURN, DISCARD, DONE, CHOOSE, CONSTRUCT, UPGRADE, PASS, SPARE)


def _label(ident):
    return str(ident).replace("_", " ").title()


def _spot(s):
    return SPOT_NAMES[s] if isinstance(s, int) and 0 <= s < len(SPOT_NAMES) else repr(s)


class Action(NamedTuple):
    """``kind`` plus up to two arguments; see the constructors below."""

    kind: str
    a: object = None
    b: object = None

    def __str__(self):
        k, a, b = self.kind, self.a, self.b
        if k == PICK:
            return f"pick {_label(a)}"
        if k == DROP:
            return f"discard {_label(a)} from the pack"
        if k == PLACE:
            return f"place {_label(a)} at {_spot(b)}"
        if k == MOVE:
            return f"move {_spot(a)} to {_spot(b)}"
        if k == RETURN:
            return f"take back the unit at {_spot(a)}"
        if k == DISCARD:
            return f"discard the unit at {_spot(a)}"
        if k == DONE:
            return "done" + (f" (keep {_label(a)})" if a else " (keep nothing)")
        if k == CHOOSE:
            return f"age tokens on {_spot(a)}"
        if k == CONSTRUCT:
            return f"build {_label(a)} at level {b}"
        if k == UPGRADE:
            return f"upgrade {_label(a)} to level 2"
        if k == SPARE:
            return f"save the unit at {_spot(a)}"
        return "pass"

    def to_json(self) -> list:
        return [v for v in self if v is not None]

    @classmethod
    def from_json(cls, data) -> "Action":
        if not isinstance(data, list) or not data or data[0] not in KINDS or len(data) > 3:
            raise ValueError(f"not an action: {data!r}; an action is [kind, arg, arg] with kind in {', '.join(KINDS)}")
        return cls(*data)

    @classmethod
    def parse(cls, text: str) -> "Action":
        """Parse the compact form ``kind arg arg`` (``place knight F1``, ``build town 2``)."""
        parts = text.split()
        if not parts or parts[0] not in KINDS:
            raise ValueError(f"not an action: {text!r}; start with one of {', '.join(KINDS)}")
        args = []
        for p in parts[1:]:
            if p.upper() in SPOT_INDEX:
                args.append(SPOT_INDEX[p.upper()])
            elif p.isdigit():
                args.append(int(p))
            else:
                args.append(p)
        return cls(parts[0], *args)


_new = tuple.__new__


def make(kind, a=None, b=None) -> Action:
    """Build an action faster than ``Action(...)`` (for the engine's hot paths)."""
    return _new(Action, (kind, a, b))


#: Shared instances of the actions that carry only spots.
MOVES = tuple(tuple(make(MOVE, s, d) for d in range(5)) for s in range(5))
RETURNS = tuple(make(RETURN, s) for s in range(5))
DISCARDS = tuple(make(DISCARD, s) for s in range(5))
TARGETS = tuple(make(CHOOSE, s) for s in range(5))
SAVES = tuple(make(SPARE, s) for s in range(5))
DONE_NOTHING = make(DONE)

_BY_CARD: dict[tuple[str, str], Action] = {}


def for_card(kind, card_id) -> Action:
    """The shared ``Action(kind, card_id)`` (pick, drop, done ...): built once per card."""
    a = _BY_CARD.get((kind, card_id))
    if a is None:
        a = _BY_CARD[(kind, card_id)] = make(kind, card_id)
    return a


def pick(card): return Action(PICK, card)
def drop(card): return Action(DROP, card)
def place(card, spot): return Action(PLACE, card, spot)
def move(src, dst): return Action(MOVE, src, dst)
def take_back(spot): return Action(RETURN, spot)
def discard(spot): return Action(DISCARD, spot)
def done(keep=None): return Action(DONE, keep)
def target(spot): return Action(CHOOSE, spot)
def build(building, level=1): return Action(CONSTRUCT, building, level)
def upgrade(building): return Action(UPGRADE, building)
def save(spot): return Action(SPARE, spot)


PASS_ACTION = Action(PASS)
