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

Passed packs: in a Recruitment a seat remembers the packs it passed on
(``Player.passed``).  Each went on round by round, every seat it reached keeping one card
of it: so the seat knows which cards the next seats hold between them, and which cards the
pack it will pass to has.  A world deals those cards back into that pack and those seats'
hands (:func:`known_packs`; with odds, who took which by the same race), and the
rest of the unseen cards as before.
"""

from __future__ import annotations

import math
from operator import attrgetter
from typing import TYPE_CHECKING, Callable

from .construction import options
from .recruitment import direction
from .rng import Rng
from .state import Unit

if TYPE_CHECKING:     # the game deals its worlds with this module
    from .cards import UnitType
    from .game import Game

#: one seat's unseen places: (seat, cards in hand, in pack, a kept card?, face-down spots)
Shape = tuple[int, int, int, bool, list[int]]
#: a pack the seat passed on (:func:`known_packs`): its cards then, the seats that took one
#: card each since (in order), the seat holding it now, and how many of its cards that seat
#: discarded (the 2-player rule)
Known = tuple[tuple["UnitType", ...], tuple[int, ...], int, int]
#: what a world deals of the known packs: cards added to hands and packs by seat, discards
Split = tuple[dict[int, list["UnitType"]], dict[int, list["UnitType"]], list["UnitType"]]

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
        self.known, rest = known_packs(game, seat, pool)
        if self.known:                        # their cards are dealt by _split(), the rest as before
            hands: dict[int, int] = {}
            packs: dict[int, int] = {}
            for cards, takers, holder, discards in self.known:
                for t in takers:
                    hands[t] = hands.get(t, 0) + 1
                packs[holder] = len(cards) - len(takers) - discards
            fewer = [(s, hand - hands.get(s, 0), pack - packs.get(s, 0), kept, spots)
                     for s, hand, pack, kept, spots in shapes]
            if all(hand >= 0 and pack >= 0 for _, hand, pack, _, _ in fewer):
                pool, shapes = rest, fewer
            else:                             # hands that cannot hold what was taken: no fit
                self.known = []
        self._known_cards = sum(len(cards) for cards, _, _, _ in self.known)
        pool.sort(key=_card_index)            # the deal depends on rng only, not on hidden order
        self.pool, self.shapes = pool, shapes

    def sample(self, rng: Rng) -> Game:
        """One world: a clone of the game with every unseen card dealt again with ``rng``
        (the search's worlds: the odds, when given, decide only who took which card of a
        pack the seat passed on)."""
        pool = self.pool[:]
        for _ in range(_TRIES):
            rng.shuffle(pool)
            if _affordable(self.game, self.shapes, pool):
                break
        return self._deal(pool, rng, self._split(rng))

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
        g = self._deal(dealt, rng, self._split(rng))
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

    def _split(self, rng: Rng) -> Split | None:
        """Who took which card of each known pack (None: no known pack), with a key per card
        from ``rng``: with odds, by the race of :meth:`_drafted` (a likelier card is taken
        sooner), else in order of the keys; a 2-player discard is the next card in the order
        of the keys; the rest stay in the pack."""
        if not self._known_cards:
            return None
        keys = [rng.next64() for _ in range(self._known_cards)]
        hands: dict[int, list[UnitType]] = {}
        packs: dict[int, list[UnitType]] = {}
        discards: list[UnitType] = []
        odds = self.odds
        at = 0
        for cards, takers, holder, dropped in self.known:
            ks = keys[at:at + len(cards)]
            at += len(cards)
            if odds is None:
                order = sorted(range(len(cards)), key=lambda i: ks[i])
            else:
                order = sorted(range(len(cards)),
                               key=lambda i: -math.log((ks[i] + 0.5) / _KEYS) / odds[cards[i].index])
            for t, i in zip(takers, order):
                hands.setdefault(t, []).append(cards[i])
            rest = sorted(order[len(takers):], key=lambda i: ks[i])
            discards += [cards[i] for i in rest[:dropped]]
            packs[holder] = [cards[i] for i in sorted(rest[dropped:])]
        return hands, packs, discards

    def _deal(self, pool: list[UnitType], rng: Rng, split: Split | None = None) -> Game:
        """A clone of the game with ``pool`` dealt into the unseen places, in order, and
        the known packs' cards as ``split`` says."""
        g = self.game.clone()
        shapes = self.shapes
        hands, packs, discards = split if split is not None else ({}, {}, [])
        it = iter(pool)
        for s, hand, pack, kept, spots in shapes:
            p = g.players[s]
            p.hand = [next(it) for _ in range(hand)] + hands.get(s, [])
            p.pack = [next(it) for _ in range(pack)] + packs.get(s, [])
            p.kept = next(it) if kept else None
            p.passed = ()                   # what the others passed on is theirs to know
            for i in spots:
                p.units[i] = Unit(next(it), 0, True)
        rest = list(it)
        g.draw, g.discard = rest[:len(g.draw)], rest[len(g.draw):] + discards
        g.rng = Rng(rng.next64())
        if g.build_choices is not None:
            for s in self.others:
                if g.build_choices[s] is not None:
                    acts = [a for a, _, _ in options(g, s)]
                    g.build_choices[s] = acts[rng.below(len(acts))] if acts else None
        if g.lich is not None:
            _determinize_lich(g, rng)
        return g


def known_packs(game: Game, seat: int, pool: list[UnitType]) -> tuple[list[Known], list[UnitType]]:
    """The packs ``seat`` passed on this Recruitment and has not seen since, with what it
    knows of them: pack ``i`` went on round by round in the turn's direction; every seat
    it reached before its holder now kept one card of it, and the holder too if its pack
    is already smaller (and, with two players, discarded one).  A pack that does not fit
    what the seat sees (a what-if position, say) is left out: its cards are then unseen
    like any other.  ``pool``: the unseen cards (each known card must be among them);
    returned with the unseen cards the known packs leave."""
    p = game.players[seat]
    n = game.n
    if game.phase != "recruitment" or not p.passed or n < 2:
        return [], pool
    r = len(p.passed)                        # the round the seat is in
    step = direction(game.turn)
    per_visit = 2 if n == 2 else 1           # cards a seat takes out of a pack it holds
    left = list(pool)
    out: list[Known] = []
    for i in range(max(0, r - n + 1), r):    # older packs came back to the seat and went on again
        cards = p.passed[i]
        d = r - i
        takers = [(seat + k * step) % n for k in range(1, d)]
        holder = (seat + d * step) % n
        removed = len(cards) - per_visit * len(takers) - len(game.players[holder].pack)
        if not 0 <= removed <= per_visit:
            continue
        if removed:
            takers.append(holder)
        rest = left[:]
        try:
            for c in cards:
                rest.remove(c)
        except ValueError:                   # a card the seat passed is in sight again: no fit
            continue
        left = rest
        out.append((cards, tuple(takers), holder, removed - 1 if removed == 2 else 0))
    return out, left


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
