"""The event log: every change of LP, gold and age tokens, every death, with its cause.

An event is a plain tuple so that logging costs almost nothing in simulations; use
:func:`explain` to turn a log into sentences."""

from __future__ import annotations

from typing import NamedTuple

LICH_SEAT = -2      # events of the Lich King (solo mode)
BLACK_ARMY, PURPLE_ARMY = -3, -4   # the Lich King's armies as war opponents (solo mode)

# event kinds
LP, GOLD, AGE, DEATH, DISCARD, DEPLOY, BUILD, WAR, DRAFT, SAVE, NOTE = (
    "lp", "gold", "age", "death", "discard", "deploy", "build", "war", "draft", "save", "note")


class Event(NamedTuple):
    turn: int
    phase: str
    seat: int          # -1 for events that belong to no player
    kind: str
    amount: int
    cause: str         # the card or rule responsible
    detail: str = ""
    #: structured facts for programs; for "war" events ``(opponent, strength, opponent's
    #: strength)``, the opponent being a seat or BLACK_ARMY / PURPLE_ARMY
    data: tuple = ()

    def describe(self, names=None) -> str:
        if self.seat >= 0:
            who = names[self.seat] if names else f"P{self.seat}"
        else:
            who = "Lich King" if self.seat == LICH_SEAT else ""
        k, n = self.kind, self.amount
        if k == LP:
            text = f"{who} {'+' if n >= 0 else ''}{n} LP"
        elif k == GOLD:
            text = f"{who} {'+' if n >= 0 else ''}{n} gold"
        elif k == AGE:
            text = f"{who} +{n} age token{'s' if n != 1 else ''} on {self.detail}"
            return f"[T{self.turn} {self.phase}] {text} ({self.cause})"
        elif k == DEATH:
            return f"[T{self.turn} {self.phase}] {who}: {self.detail} dies ({self.cause})"
        else:
            text = f"{who}: {self.detail}" if who else self.detail
            return f"[T{self.turn} {self.phase}] {text}" + (f" ({self.cause})" if self.cause else "")
        extra = f" - {self.detail}" if self.detail else ""
        return f"[T{self.turn} {self.phase}] {text} ({self.cause}){extra}"


def explain(events, names=None, seat=None, kinds=None) -> list[str]:
    """Readable lines for the events, optionally only one seat's or some kinds."""
    return [e.describe(names) for e in events
            if (seat is None or e.seat == seat) and (kinds is None or e.kind in kinds)]


def totals(events, seat, kind=LP, phase=None, turn=None) -> dict[str, int]:
    """Sum of ``kind`` changes for ``seat`` grouped by cause: "why did I score 7?"."""
    out: dict[str, int] = {}
    for e in events:
        if e.seat == seat and e.kind == kind and (phase is None or e.phase == phase) \
                and (turn is None or e.turn == turn):
            out[e.cause] = out.get(e.cause, 0) + e.amount
    return out
