"""Actions: one text notation, ``kind [a [b [c]]]`` (``produce 3 1``, ``upgrade 5 back``,
``manual move 7 discard``).

``str(action)`` and :meth:`Action.parse` read back to each other: arguments are whole
numbers (card numbers, 1-based option and effect indices) or single words."""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from .errors import IllegalAction, Text

# main actions of a turn
PRODUCE, UPGRADE, USE, DEVELOP, PASS, EQUIP = "produce", "upgrade", "use", "develop", "pass", "equip"
# answers to a pending decision
RESOLVE, SKIP, TARGET, RESOURCE, MARK, DISCOVER, SIDE, PURGE, REVEAL = (
    "resolve", "skip", "target", "resource", "mark", "discover", "side", "purge", "reveal")
# companion mode: go on without entering the card just discovered (a blank stands in for it)
BLANK = "blank"
# after the campaign
EXPANSION = "expansion"
# a step done by hand, for what the card format cannot say: ``manual TOOL ...``
MANUAL = "manual"

KINDS = (PRODUCE, UPGRADE, USE, DEVELOP, PASS, EQUIP, RESOLVE, SKIP, TARGET, RESOURCE, MARK,
         DISCOVER, SIDE, PURGE, REVEAL, EXPANSION, MANUAL, BLANK)
#: how many arguments each kind takes
ARITY = {PRODUCE: 2, UPGRADE: 2, USE: 2, DEVELOP: 0, PASS: 0, EQUIP: 2, RESOLVE: 2, SKIP: 2,
         TARGET: 1, RESOURCE: 1, MARK: 2, DISCOVER: 1, SIDE: 2, PURGE: 1, REVEAL: 1, EXPANSION: 1, BLANK: 1}
#: the tools of a manual step and how many arguments each takes after its name
TOOLS = {"start": 0, "done": 0, "gain": 1, "lose": 1, "move": 2, "turn": 2, "sticker": 2, "mark": 2,
         "discover": 1, "unsticker": 2, "unmark": 2, "block": 2, "unblock": 1, "equip": 2, "cross": 2, "strike": 1}
#: where ``manual move`` can put a card
MANUAL_ZONES = ("top", "bottom", "play", "discard", "permanent", "box", "destroyed")
_TOKEN = re.compile(r"^(?:[1-9][0-9]{0,4}|[a-z][a-z_]*)$")


class Action(NamedTuple):
    kind: str
    a: Any = None        # a card number, a tool, a resource ... (the kind says)
    b: Any = None
    c: Any = None

    def __str__(self) -> str:
        return " ".join(str(x) for x in self if x is not None)

    @classmethod
    def parse(cls, text: object) -> Action:
        if isinstance(text, Action):
            return text
        parts = str(text).split()
        shown = " ".join(parts)[:60]            # one line, whatever was typed
        if not parts or parts[0] not in KINDS:
            raise IllegalAction("legacy.error.parse_kind", text=shown, kinds=", ".join(KINDS))
        kind, args = parts[0], parts[1:]
        for p in args:
            if not _TOKEN.match(p):
                raise IllegalAction("legacy.error.parse_word", text=shown, word=p[:20])
        if kind == MANUAL:
            if not args or args[0] not in TOOLS:
                raise IllegalAction("legacy.error.parse_tool", text=shown, tools=", ".join(TOOLS))
            n = TOOLS[args[0]] + 1
        else:
            n = ARITY[kind]
        if len(args) != n:
            raise IllegalAction("legacy.error.parse_count", text=shown, kind=kind,
                                usage=Text("legacy.usage." + (f"manual_{args[0]}" if kind == MANUAL else kind)))
        return cls(kind, *[int(p) if p.isdigit() else p for p in args])
