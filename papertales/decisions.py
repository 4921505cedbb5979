"""Decision records: what a pending player has to decide, as a frozen value.

The phases pose decisions; ``Game.decision(seat)`` hands them out with a prompt in the
current language.  The common ones (draft, deploy, build) are shared instances, so posing
them costs nothing in simulations.

A decision by hand: who must decide, what is asked, the legal answers, one of them played.

>>> from papertales.game import Game
>>> game = Game.new(players=3, seed=7).advance()     # on to the first decision: the draft
>>> game.pending_players()
[0, 1, 2]
>>> game.decision(0, "en").prompt
'keep one card of your pack (5 cards)'
>>> [str(action) for action in game.legal_actions(0)][:2]
['pick veteran', 'pick militiaman']
>>> [event.key for event in game.apply(0, game.legal_actions(0)[0])]
['ev.keeps']
>>> game.pending_players()                           # seat 0 has decided, the others not yet
[1, 2]
"""

from __future__ import annotations

from typing import Final

from dataclasses import dataclass, replace

from .actions import BUILD, DEPLOY, DRAFT, DRAFT_DISCARD, ORDER_DECISION, SAVE, TARGET

#: not a player's decision: an ability waiting in a player's queue behind their choices
LATER: Final = "later"
KINDS = (DRAFT, DRAFT_DISCARD, DEPLOY, TARGET, BUILD, SAVE, ORDER_DECISION, LATER)


@dataclass(frozen=True, slots=True)
class Decision:
    """``kind`` is one of :data:`KINDS`.  ``count`` is the number of age tokens a Time
    Master / Master Alchemist target takes, or the tokens a unit must carry for a
    Mystical Healer to save it; ``cause`` the id of the card asking; ``spot`` where that
    card stands.  ``prompt`` is filled in by :meth:`Game.decision`."""

    seat: int
    kind: str
    count: int = 0
    cause: str = ""
    spot: int | None = None
    prompt: str = ""

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"kind": self.kind}
        if self.count:
            out["count"] = self.count
        if self.cause:
            out["cause"] = self.cause
        if self.spot is not None:
            out["spot"] = self.spot
        return out

    def with_prompt(self, prompt: str) -> "Decision":
        return replace(self, prompt=prompt)


_SHARED: Final = {kind: tuple(Decision(seat, kind) for seat in range(8))
           for kind in (DRAFT, DRAFT_DISCARD, DEPLOY, BUILD)}


def simple(kind: str, seat: int) -> Decision:
    """The shared record of a decision that carries nothing but its kind."""
    return _SHARED[kind][seat]


def simple_by_seat(kind: str) -> tuple[Decision, ...]:
    """:func:`simple` of every seat, indexed by seat (for a phase that asks everyone)."""
    return _SHARED[kind]
