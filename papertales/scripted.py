"""Scripted players: the strategies people write in an evening, as a floor for real bots.

Why?  A bot that loses to a ten-line rule of thumb teaches nothing, and statistics over its
games mislead.  These two players never look ahead and never sample a world; they read only
their own hand, pack, kingdom and gold (what their seat sees), so they cannot peek.

* ``strongest``: keeps the pack's card with the highest printed strength; in Deployment it
  places its affordable cards strongest first, a card of strength 2 or more on the first
  free Front spot and a weaker one on the first free Back spot (the other row when that
  one is full), so the strong fight and the weak stand in the Back; with no spot free it
  discards its weakest unit for a stronger card; it keeps the strongest card left; it
  builds the first building the engine offers.
* ``economist``: resources and buildings first: keeps the card that produces the most
  resources (then income cards, then the cheapest); places producers first (in the Back,
  but a unit that produces only in the Front goes there); builds the highest level it can
  (an upgrade or a level-2 building before a level-1 one).

Every other decision (a target, a unit to spare, an order) takes the first option offered.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from .actions import (BUILD, DEPLOY, DONE_NOTHING, DONE, DRAFT, DRAFT_DISCARD, DROP, PASS_ACTION,
                      PICK, PLACE, Action, for_card)
from .cards import UnitType
from .construction import offered
from .actions import DISCARDS
from .deployment import survey
from .game import Game
from .state import BACK_SPOTS, FRONT_SPOTS, IN_FRONT, Player, Unit

#: a card's rank for a scripted bot: the higher the better
Rank = tuple[int, ...]


def _strength(t: UnitType) -> Rank:
    """The printed strength, then the cheaper card."""
    return (t.strength, -t.cost)


def _economy(t: UnitType) -> Rank:
    """Resources produced, then an Income ability, then the cheaper card, then strength."""
    return (sum(amount for _, amount, _ in t.produces), bool(t.income), -t.cost, t.strength)


def first_free(free: int, rows: Sequence[Sequence[int]]) -> int | None:
    """The first spot of ``rows`` (tuples of spots, in order) that the mask ``free`` holds."""
    for row in rows:
        for s in row:
            if free >> s & 1:
                return s
    return None


def unit_at(p: Player, spot: int) -> Unit:
    """The unit on a spot known to hold one (a discardable spot)."""
    unit = p.units[spot]
    assert unit is not None, "a discardable spot holds a unit"
    return unit


class ScriptedBot:
    """A rule-of-thumb player: ``key`` ranks cards (the higher the better), ``_spot``
    chooses where a card stands, ``_build`` which construction to make."""

    name: ClassVar[str] = "scripted"
    legal_by_construction = True       # every choice is one of the offered actions

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed                 # no randomness: kept for the registry's signature

    @staticmethod
    def key(t: UnitType) -> Rank:
        raise NotImplementedError

    def choose(self, game: Game, seat: int) -> Action:
        d = game.pending[seat]
        assert d is not None, "choose is asked for a pending decision"
        kind = d.kind
        p = game.players[seat]
        if kind == DRAFT:
            return for_card(PICK, max(p.pack, key=self.key).id)
        if kind == DRAFT_DISCARD:
            return for_card(DROP, min(p.pack, key=self.key).id)
        if kind == DEPLOY:
            return self._deploy(game, p)
        if kind == BUILD:
            options = [a for a, _, _ in offered(game, seat)]
            return self._build(options) if options else PASS_ACTION
        return game.legal_actions(seat)[0]

    def _deploy(self, game: Game, p: Player) -> Action:
        now = survey(game, p)
        cards = now.cards
        by_id = {t.id: t for t in p.hand}
        if now.placeable:
            best = max((by_id[c] for c in now.placeable), key=self.key)
            return Action(PLACE, best.id, self._spot(best, now.free))
        affordable = [by_id[c] for c in cards if by_id[c].cost <= now.free_gold]
        if now.discardable and affordable:
            weakest = min((s for s in range(5) if now.discardable >> s & 1),
                          key=lambda s: self.key(unit_at(p, s).type))
            if self.key(unit_at(p, weakest).type) < self.key(max(affordable, key=self.key)):
                return DISCARDS[weakest]
        if not cards:
            return DONE_NOTHING
        return for_card(DONE, max((by_id[c] for c in cards), key=self.key).id)

    def _spot(self, t: UnitType, free: int) -> int:
        raise NotImplementedError

    def _build(self, options: list[Action]) -> Action:
        return options[0]


class StrongestBot(ScriptedBot):
    """Strength first (module docstring)."""

    name: ClassVar[str] = "strongest"
    key = staticmethod(_strength)

    def _spot(self, t: UnitType, free: int) -> int:
        rows = (FRONT_SPOTS, BACK_SPOTS) if t.strength >= 2 else (BACK_SPOTS, FRONT_SPOTS)
        spot = first_free(free, rows)
        assert spot is not None, "a card is placeable only with a spot free"
        return spot


class EconomistBot(ScriptedBot):
    """Resources and buildings first (module docstring)."""

    name: ClassVar[str] = "economist"
    key = staticmethod(_economy)

    def _spot(self, t: UnitType, free: int) -> int:
        producer = bool(t.produces)
        front_only = any(when == IN_FRONT for _, _, when in t.produces)
        rows = (BACK_SPOTS, FRONT_SPOTS) if producer and not front_only else (FRONT_SPOTS, BACK_SPOTS)
        spot = first_free(free, rows)
        assert spot is not None, "a card is placeable only with a spot free"
        return spot

    def _build(self, options: list[Action]) -> Action:
        return max(options, key=lambda a: a.level)

