"""Determinization: a full game consistent with what one seat has seen.

Information-set search and the advisor never look at hidden cards: they play in worlds
sampled from what the seat may know (``game.observation(seat)``).  Every card the seat
cannot see -- the other seats' hands, packs and kept cards, their face-down units, the
draw pile and the discard pile (treated as unseen as a whole: a simplification that loses
a little information and leaks none) -- is pooled and dealt back at random into the same
places, the future draws get a fresh random generator, the other seats' secret
constructions are replaced by random legal ones, the Netherworld is reshuffled and the
Necropolis cards not yet revealed are drawn again from their piles.

:meth:`Worlds.sample` deals from a running random generator (the search draws a world per
iteration).  :meth:`Worlds.world` deals world ``k`` of a seed so that it depends on which
cards are unseen, not on what was sampled before: each unseen card gets a random key of
its own (a function of the seed, ``k`` and the card), and the places are filled in order
of those keys.  One decision later most unseen cards are still unseen with the same keys,
so world ``k`` is mostly the same deal -- common random numbers across the decisions of a
game, which keep the coach's numbers from jumping between one decision and the next.

Pick odds (``Worlds(game, seat, odds)``, the coach's worlds): real players keep their
best cards, so dealing the other seats' hands at random flatters the seat that asks (its
chances came out too high).  With odds -- how much likelier players are to take each card
(:meth:`papertales.evaluation.Evaluation.pick_odds`) -- the cards the others chose (their
hands, kept cards and face-down units) are drawn in proportion to them, by an exponential
race on the same keys, and the rest of the unseen cards fill the packs and the piles.
The odds depend on the cards only, never on where the hidden cards really are.
"""

from __future__ import annotations

import math
from operator import attrgetter
from typing import TYPE_CHECKING, Callable

from .construction import options
from .rng import Rng
from .state import Unit

if TYPE_CHECKING:     # the game deals its worlds with this module
    from .cards import UnitType
    from .game import Game

#: one seat's unseen places: (seat, cards in hand, in pack, a kept card?, face-down spots)
Shape = tuple[int, int, int, bool, list[int]]

_TRIES = 20          # redeals to find face-down units their owners could pay for
_KEYS = float(1 << 64)   # a key of Rng.next64 over this is a uniform number in (0, 1)


def determinize(game: Game, seat: int, rng: Rng) -> Game:
    """A clone of ``game`` in which everything hidden from ``seat`` is resampled."""
    return Worlds(game, seat).sample(rng)


class Worlds:
    """Worlds consistent with what ``seat`` has seen of ``game`` (which must not change
    meanwhile), sampled one at a time: the unseen cards, sorted, and the places they are
    dealt to are gathered once for all (the search samples a world per iteration)."""

    def __init__(self, game: Game, seat: int, odds: list[float] | None = None) -> None:
        self.game = game
        self.odds = odds
        self.others = [s for s in range(game.n) if s != seat]
        pool: list[UnitType] = list(game.draw) + list(game.discard)
        shapes: list[Shape] = []                           # (seat, hand, pack, kept?, face-down spots)
        for s in self.others:
            p = game.players[s]
            spots = [i for i, u in enumerate(p.units) if u is not None and u.new]
            pool += p.hand + p.pack + ([p.kept] if p.kept is not None else [])
            pool += [u.type for u in p.units if u is not None and u.new]
            shapes.append((s, len(p.hand), len(p.pack), p.kept is not None, spots))
        pool.sort(key=_card_index)            # the deal depends on rng only, not on hidden order
        self.pool, self.shapes = pool, shapes

    def sample(self, rng: Rng) -> Game:
        """One world: a clone of the game with every unseen card dealt again with ``rng``."""
        pool = self.pool[:]
        for _ in range(_TRIES):
            rng.shuffle(pool)
            if _affordable(self.game, self.shapes, pool):
                break
        return self._deal(pool, rng)

    def world(self, seed: int, k: int) -> Game:
        """World ``k`` of ``seed`` (module docstring): each unseen card's key is drawn from
        the seed, ``k`` and the card's place in its card set (and which copy it is), and
        the cards are dealt in order of their keys.  The events of the world start empty
        and are recorded (the coach reads what happens in it)."""
        rng = Rng(Rng((seed << 24) ^ k).next64())
        first: list[int] = []
        slots = 0                    # each unit type's first key (its copies follow)
        for u in self.game.cards.units:
            first.append(slots)
            slots += max(u.copies, 1)
        pool = self.pool
        at: list[int] = []
        copy = 0
        last: UnitType | None = None
        for c in pool:                          # the pool is sorted: copies are neighbours
            copy = copy + 1 if c is last else 0
            last = c
            at.append(first[c.index] + copy)
        dealt = pool
        for _ in range(_TRIES):
            keys = [rng.next64() for _ in range(slots)]
            if self.odds is None:
                dealt = [pool[i] for i in sorted(range(len(pool)), key=lambda i: keys[at[i]])]
            else:
                dealt = self._drafted(at, keys, [rng.next64() for _ in range(slots)])
            if _affordable(self.game, self.shapes, dealt):
                break
        g = self._deal(dealt, rng)
        g.events = []
        g.record_events = True
        return g

    def _drafted(self, at: list[int], keys: list[int], more: list[int]) -> list[UnitType]:
        """The unseen cards in the order :meth:`_deal` fills the places, the cards the
        other seats chose (hands, kept cards, face-down units) drawn in proportion to
        ``odds`` -- how often a player takes each card -- by an exponential race (the
        smallest ``-log(u) / odds`` win), the rest (packs, the piles) in order of ``more``."""
        pool, odds = self.pool, self.odds
        assert odds is not None
        race = sorted(range(len(pool)),
                      key=lambda i: -math.log((keys[at[i]] + 0.5) / _KEYS) / odds[pool[i].index])
        chosen = sum(hand + kept + len(spots) for _, hand, _, kept, spots in self.shapes)
        picked = iter(race[:chosen])
        rest = iter(sorted(race[chosen:], key=lambda i: more[at[i]]))
        order: list[int] = []
        for _s, hand, pack, kept, spots in self.shapes:
            order += [next(picked) for _ in range(hand)]
            order += [next(rest) for _ in range(pack)]
            order += [next(picked) for _ in range(kept + len(spots))]
        order += list(rest)
        return [pool[i] for i in order]

    def _deal(self, pool: list[UnitType], rng: Rng) -> Game:
        """A clone of the game with ``pool`` dealt into the unseen places, in order."""
        g = self.game.clone()
        shapes = self.shapes
        it = iter(pool)
        for s, hand, pack, kept, spots in shapes:
            p = g.players[s]
            p.hand = [next(it) for _ in range(hand)]
            p.pack = [next(it) for _ in range(pack)]
            p.kept = next(it) if kept else None
            for i in spots:
                p.units[i] = Unit(next(it), 0, True)
        rest = list(it)
        g.draw, g.discard = rest[:len(g.draw)], rest[len(g.draw):]
        g.rng = Rng(rng.next64())
        if g.build_choices is not None:
            for s in self.others:
                if g.build_choices[s] is not None:
                    acts = [a for a, _, _ in options(g, s)]
                    g.build_choices[s] = acts[rng.below(len(acts))] if acts else None
        if g.lich is not None:
            _determinize_lich(g, rng)
        return g


#: a card's place in its card set: the order unseen cards are pooled in
_card_index: Callable[[UnitType], int] = attrgetter("index")


def _affordable(g: Game, shapes: list[Shape], pool: list[UnitType]) -> bool:
    """Would each owner have been able to pay for the face-down units dealt to them?"""
    at = 0
    for s, hand, pack, kept, spots in shapes:
        at += hand + pack + kept
        cost = sum(pool[at + k].cost for k in range(len(spots)))
        at += len(spots)
        if cost > g.players[s].gold:
            return False
    return True


def _determinize_lich(g: Game, rng: Rng) -> None:
    lk = g.lich
    assert lk is not None
    lk.netherworld = sorted(lk.netherworld, key=_card_index)
    rng.shuffle(lk.netherworld)
    line = list(lk.line)
    for i in range(lk.revealed, len(line)):
        pile = [c for c in g.cards.necropolis if c.pile == line[i].pile]
        line[i] = pile[rng.below(len(pile))]
    lk.line = line
