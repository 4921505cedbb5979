"""Actions: one text notation, ``kind [a [b]]`` (``produce 3 1``, ``upgrade 5 back``).

``str(action)`` and :meth:`Action.parse` read back to each other: arguments are whole
numbers (card numbers, 1-based option and effect indices) or single words."""

from __future__ import annotations

import re
from typing import NamedTuple

from .errors import IllegalAction

# main actions of a turn
PRODUCE, UPGRADE, USE, DEVELOP, PASS, EQUIP = "produce", "upgrade", "use", "develop", "pass", "equip"
# answers to a pending decision
RESOLVE, SKIP, TARGET, RESOURCE, MARK, DISCOVER, SIDE, PURGE, REVEAL = (
    "resolve", "skip", "target", "resource", "mark", "discover", "side", "purge", "reveal")
# after the campaign
EXPANSION = "expansion"

KINDS = (PRODUCE, UPGRADE, USE, DEVELOP, PASS, EQUIP, RESOLVE, SKIP, TARGET, RESOURCE, MARK,
         DISCOVER, SIDE, PURGE, REVEAL, EXPANSION)
#: how many arguments each kind takes
ARITY = {PRODUCE: 2, UPGRADE: 2, USE: 2, DEVELOP: 0, PASS: 0, EQUIP: 2, RESOLVE: 2, SKIP: 2,
         TARGET: 1, RESOURCE: 1, MARK: 2, DISCOVER: 1, SIDE: 2, PURGE: 1, REVEAL: 1, EXPANSION: 1}
_TOKEN = re.compile(r"^(?:[1-9][0-9]{0,4}|[a-z][a-z_]*)$")


class Action(NamedTuple):
    kind: str
    a: object = None
    b: object = None

    def __str__(self):
        return " ".join(str(x) for x in self if x is not None)

    @classmethod
    def parse(cls, text: str) -> "Action":
        if isinstance(text, Action):
            return text
        parts = str(text).split()
        if not parts or parts[0] not in KINDS:
            raise IllegalAction("legacy.error.parse_kind", text=str(text), kinds=", ".join(KINDS))
        kind, args = parts[0], parts[1:]
        if len(args) != ARITY[kind] or not all(_TOKEN.match(p) for p in args):
            raise IllegalAction("legacy.error.parse_args", text=str(text), kind=kind, n=ARITY[kind])
        return cls(kind, *[int(p) if p.isdigit() else p for p in args])
