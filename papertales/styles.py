"""Outside styles: scripted players that follow published strategy advice for Paper Tales.

Why?  Every other opponent in the ladder is one this project wrote, and the evaluation was
fitted on their games only.  These players follow what reviewers and players wrote about
how to win (each rule cites its source next to it), so the ladder also measures the bots
against play they were not built from.  Like :mod:`papertales.scripted` they never look
ahead and read only what their seat sees: their hand, pack, kingdom and gold, and the
revealed kingdoms of the others.

* ``builder``: a building rush for the fifth spot: drafts the resources its nearest
  level-2 building lacks, keeps gold back for the land, builds a level-2 building as soon
  as it can, then whatever brings most LP.
* ``warlord``: a military Front: drafts and fields the unit that is strongest in its
  kingdom as it stands (a Dragon beside a Miner, a Manticore beside a Farmer), the Front
  first; builds Barracks and the buildings that pay in Wars.
* ``merchant``: an economy of income and producers: drafts the card that brings most gold
  each Income in its kingdom (a Cook beside food), then resources; income and producers
  in the Back; builds the Temple and the Tavern first.
* ``spoiler``: the warlord with hate-drafting: takes a card away from the player its pack
  goes to when that card would fight much harder in that kingdom than its own best pick
  in its own (solo: no one to spoil, it plays as the warlord).

Every other decision (a target, a unit to spare, an order) takes the first option offered.
"""

from __future__ import annotations

from typing import Any, ClassVar

from .abilities import Ctx
from .actions import (BUILD, DEPLOY, DONE, DONE_NOTHING, DRAFT, DRAFT_DISCARD, DROP, PASS_ACTION, PICK, PLACE,
                      UPGRADE, Action, for_card)
from .actions import DISCARDS
from .cards import BuildingType, UnitType
from .construction import LAND_COST_PER_BUILDING, offered
from .deployment import survey
from .game import Game
from .income import BASE_INCOME, total as income_total
from .scripted import Rank, unit_at, first_free
from .state import BACK_SPOTS, FRONT_SPOTS, IN_FRONT, Player, Unit, production
from .wars import unit_strength

#: what the builder counts a resource its kingdom lacks as, in gold: the price at which the
#: Temple takes gold instead of its ore (2 gold at level 1), so a step paid in gold alone
#: competes fairly with one that waits for a producer
RESOURCE_GOLD = 2
#: how much stronger a card must be in the receiving kingdom than the spoiler's own best
#: pick in its own before it is taken away: one war is 3 LP, and a unit 3 points stronger
#: turns a close war (Sources: see SpoilerBot)
DENY_MARGIN = 3

#: a construction on offer: (action, gold, payments) as construction.offered gives it
Offer = tuple[Action, int, list[list[Any]] | None]


def strength_in(game: Game, seat: int, t: UnitType) -> int:
    """The strength ``t`` would fight at in ``seat``'s kingdom as it stands now (a Dragon
    beside ore: 7; a Manticore: +2 per food the kingdom already produces)."""
    p = game.players[seat]
    ctx = Ctx(game, seat, p)
    if t.uses_income:                       # the Ogre counts this turn's income
        ctx.income_gold = income_total(game, seat, ctx)
    return unit_strength(ctx, Unit(t))


def income_in(game: Game, seat: int, t: UnitType) -> int:
    """The gold ``t``'s Income abilities would bring in ``seat``'s kingdom as it stands (a
    Cook: 1 per food already produced)."""
    ctx = Ctx(game, seat, game.players[seat])
    ctx.unit = Unit(t)
    return sum(po.value(ctx) for po in t.income)


def resources_of(t: UnitType) -> list[int]:
    """Wood, food and ore a card produces once in play (in the Front or once aged where it
    says so)."""
    out = [0, 0, 0]
    for r, amount, _ in t.produces:
        out[r] += amount
    return out


def back_row_first(t: UnitType) -> bool:
    """Producers and income cards stand behind, but not a unit that produces only in the
    Front (Hunter)."""
    front_only = any(when == IN_FRONT for _, _, when in t.produces)
    return (bool(t.produces) or bool(t.income)) and not front_only


class StyleBot:
    """An outside style: ``value(game, seat, t)`` ranks cards for this seat (the higher the
    better) in the draft, the placements, the discards and the card kept; ``_build``
    ranks the constructions; ``_reserve`` is the gold a Deployment leaves unspent."""

    name: ClassVar[str] = "style"
    legal_by_construction = True       # every choice is one of the offered actions

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed                 # no randomness: kept for the registry's signature

    def value(self, game: Game, seat: int, t: UnitType) -> Rank:
        raise NotImplementedError

    def choose(self, game: Game, seat: int) -> Action:
        d = game.pending[seat]
        assert d is not None, "choose is asked for a pending decision"
        kind = d.kind
        p = game.players[seat]
        if kind == DRAFT:
            return for_card(PICK, self._pick(game, seat).id)
        if kind == DRAFT_DISCARD:
            return for_card(DROP, self._drop(game, seat).id)
        if kind == DEPLOY:
            return self._deploy(game, seat, p)
        if kind == BUILD:
            options = offered(game, seat)
            return self._build(game, seat, options) if options else PASS_ACTION
        return game.legal_actions(seat)[0]

    def _pick(self, game: Game, seat: int) -> UnitType:
        return max(game.players[seat].pack, key=lambda t: self.value(game, seat, t))

    def _drop(self, game: Game, seat: int) -> UnitType:
        """Two players: the card discarded from the pack is the one it values least."""
        return min(game.players[seat].pack, key=lambda t: self.value(game, seat, t))

    def _reserve(self, game: Game, seat: int) -> int:
        return 0

    def _spot(self, game: Game, seat: int, t: UnitType, free: int) -> int:
        rows = (BACK_SPOTS, FRONT_SPOTS) if back_row_first(t) else (FRONT_SPOTS, BACK_SPOTS)
        spot = first_free(free, rows)
        assert spot is not None, "a card is placeable only with a spot free"
        return spot

    def _deploy(self, game: Game, seat: int, p: Player) -> Action:
        now = survey(game, p)
        by_id = {t.id: t for t in p.hand}
        spend = now.free_gold - self._reserve(game, seat)
        placeable = [by_id[c] for c in now.placeable if by_id[c].cost <= max(spend, 0)]
        if placeable:
            best = max(placeable, key=lambda t: self.value(game, seat, t))
            return Action(PLACE, best.id, self._spot(game, seat, best, now.free))
        affordable = [by_id[c] for c in now.cards if by_id[c].cost <= max(spend, 0)]
        if now.discardable and affordable:
            weakest = min((s for s in range(5) if now.discardable >> s & 1),
                          key=lambda s: self.value(game, seat, unit_at(p, s).type))
            if self.value(game, seat, unit_at(p, weakest).type) < \
                    max(self.value(game, seat, t) for t in affordable):
                return DISCARDS[weakest]
        if not now.cards:
            return DONE_NOTHING
        return for_card(DONE, max((by_id[c] for c in now.cards), key=lambda t: self.value(game, seat, t)).id)

    def _build(self, game: Game, seat: int, options: list[Offer]) -> Action:
        return options[0][0]


def _level_after(game: Game, action: Action) -> tuple[BuildingType, int]:
    """The building and the level a construction action leaves it at."""
    B = next(B for B in game.buildings if B.id == action.card)
    return B, 2 if action.kind == UPGRADE else action.b


class BuilderBot(StyleBot):
    """A building rush for the fifth spot.

    Sources: the review at superhyperwafflepunch.blogspot.com ("Board Game Review: Paper
    Tales", 2018-12-05) calls the fifth unit that a building upgrade unlocks a really good
    idea, buildings the main source of LP besides the wars, and coin very tight; the solo
    play report at gamewardbound.com/paper-tales-solo-play/ ("Don't Forget to Build") says
    the extra Front spot of a level-2 building makes a big difference when it comes early."""

    name: ClassVar[str] = "builder"

    def _target(self, game: Game, seat: int) -> tuple[list[int], int]:
        """The wood, food and ore the kingdom still lacks for its nearest building step,
        and the gold that step costs (land included): a level-2 building while it owns
        none (the fifth spot, first source above), then any step (new buildings,
        upgrades).  Nearest: the least gold, a missing resource counted as
        ``RESOURCE_GOLD``; then fewer missing resources; then the first building."""
        p = game.players[seat]
        res = production(p, game.buildings)
        rush = 2 not in p.buildings
        owned = len(p.buildings) - p.buildings.count(0)
        best: tuple[tuple[int, int], list[int], int] | None = None
        for B, level in zip(game.buildings, p.buildings):
            if level == 2:
                continue
            step = (level, 2) if rush or level == 1 else (0, 1)
            land = LAND_COST_PER_BUILDING * owned if level == 0 else 0
            for need, gold, _ in B.payments[step]:
                missing = [max(0, need[r] - res[r]) for r in range(3)]
                key = (RESOURCE_GOLD * sum(missing) + gold + land, sum(missing))
                if best is None or key < best[0]:
                    best = (key, missing, gold + land)
        return (best[1], best[2]) if best is not None else ([0, 0, 0], 0)

    def value(self, game: Game, seat: int, t: UnitType) -> Rank:
        """The resources it brings that the target lacks, then all its resources, then
        the strength it fights at here (the fifth spot is a Front spot), then the cheaper."""
        missing = self._target(game, seat)[0]
        made = resources_of(t)
        helps = sum(min(made[r], missing[r]) for r in range(3))
        return (helps, sum(made), strength_in(game, seat, t), -t.cost)

    def _reserve(self, game: Game, seat: int) -> int:
        """From turn 2 while no level-2 building is owned: the gold the target step costs,
        less the Income still to come before the Construction, kept back from the
        Deployment (coin is tight: first source in the class docstring; the same review
        fields as much as it can in the first round)."""
        if game.turn == 1 or 2 in game.players[seat].buildings:
            return 0
        return max(0, self._target(game, seat)[1] - BASE_INCOME)

    def _build(self, game: Game, seat: int, options: list[Offer]) -> Action:
        """While no level-2 building is owned: the cheapest option that reaches level 2
        (the fifth spot).  Then the option that adds most LP (an upgrade +2, a new level-1
        building +1), the cheaper on a tie."""
        p = game.players[seat]
        rush = 2 not in p.buildings

        def rank(option: Offer) -> Rank:
            action, gold, _ = option
            B, level = _level_after(game, action)
            before = p.buildings[game.buildings.index(B)]
            gained = B.levels[level].lp - (B.levels[before].lp if before else 0)
            return (rush and level == 2, -gold, gained) if rush else (gained, -gold)
        return max(options, key=rank)[0]


class WarlordBot(StyleBot):
    """A military Front.

    Sources: the review at jestatharogue.com ("How to Play Paper Tales Card Game &
    Review") counts every war lost as 3 LP missed in a low-scoring game, so the Front's
    strength always matters; the review at superhyperwafflepunch.blogspot.com (2018-12-05)
    puts the powerful units in the Front and the weak producers in the Back; Chris Wray's
    review at opinionatedgamers.com (2018-10-02) names a militaristic kingdom as one of the
    three ways to play."""

    name: ClassVar[str] = "warlord"

    def value(self, game: Game, seat: int, t: UnitType) -> Rank:
        """The strength it fights at in this kingdom (a Dragon beside ore: 7), then the
        cheaper card (gold left buys the next fighter)."""
        return (strength_in(game, seat, t), -t.cost)

    def _spot(self, game: Game, seat: int, t: UnitType, free: int) -> int:
        """Fighters (strength 2 or more here) in the Front, the Archer and the weak behind;
        a Hunter's food only comes in the Front."""
        fighter = strength_in(game, seat, t) >= 2 and not t.fights_from_back
        front_only = any(when == IN_FRONT for _, _, when in t.produces)
        rows = (FRONT_SPOTS, BACK_SPOTS) if fighter or front_only else (BACK_SPOTS, FRONT_SPOTS)
        spot = first_free(free, rows)
        assert spot is not None, "a card is placeable only with a spot free"
        return spot

    def _build(self, game: Game, seat: int, options: list[Offer]) -> Action:
        """Barracks (strength per wood) first, then a building that pays LP in Wars, then
        the higher level."""
        def rank(option: Offer) -> Rank:
            B, level = _level_after(game, option[0])
            L = B.levels[level]
            return (bool(L.kingdom_strength), bool(L.wars), level)
        return max(options, key=rank)[0]


class MerchantBot(StyleBot):
    """An economy of income and producers.

    Sources: the review at superhyperwafflepunch.blogspot.com (2018-12-05) finds gold very
    tight unless a kingdom specialises in it; Chris Wray's review at opinionatedgamers.com
    (2018-10-02) names an income-driven kingdom and a resource and building kingdom among
    the three ways to play; the review at jestatharogue.com reminds that the producers are
    what pays for the buildings."""

    name: ClassVar[str] = "merchant"

    def value(self, game: Game, seat: int, t: UnitType) -> Rank:
        """The gold its Income brings here (a Cook: 1 per food), then the resources it
        produces, then the cheaper card (a Monkey pays 1), then its printed strength."""
        return (income_in(game, seat, t), sum(resources_of(t)), -t.cost, t.strength)

    def _build(self, game: Game, seat: int, options: list[Offer]) -> Action:
        """A building with an Income ability (Temple, Tavern) first, then the higher
        level."""
        def rank(option: Offer) -> Rank:
            B, level = _level_after(game, option[0])
            return (bool(B.levels[level].income), level)
        return max(options, key=rank)[0]


class SpoilerBot(WarlordBot):
    """The warlord with hate-drafting.

    Sources: the review at superhyperwafflepunch.blogspot.com (2018-12-05) warns that
    players hate-draft, keeping the strong units from a neighbour; the pack goes to a
    neighbour, who is also one of the two kingdoms one fights (the rules' Wars), so a
    strong unit taken from it is a war it does not win against this seat."""

    name: ClassVar[str] = "spoiler"

    @staticmethod
    def receiver(game: Game, seat: int) -> int:
        """The seat this pack goes to: left (the next seat) on turns 1 and 3, right on 2
        and 4 (the rules' draft direction)."""
        return (seat + 1) % game.n if game.turn % 2 else (seat - 1) % game.n

    def _denial(self, game: Game, seat: int, t: UnitType) -> int:
        """How strong ``t`` would fight in the receiving kingdom: its units in play are
        revealed while the draft runs, so the seat sees them."""
        return strength_in(game, self.receiver(game, seat), t)

    def _pick(self, game: Game, seat: int) -> UnitType:
        """Its own best pick, unless a card would fight at least ``DENY_MARGIN`` harder
        for the receiver than that pick does here: then the card that would fight hardest
        for the receiver."""
        pack = game.players[seat].pack
        own = max(pack, key=lambda t: self.value(game, seat, t))
        deny = max(pack, key=lambda t: self._denial(game, seat, t))
        if self._denial(game, seat, deny) >= strength_in(game, seat, own) + DENY_MARGIN:
            return deny
        return own

    def _drop(self, game: Game, seat: int) -> UnitType:
        """Two players: the card discarded from the pack is the one the opponent would
        fight hardest with."""
        return max(game.players[seat].pack, key=lambda t: self._denial(game, seat, t))
