"""The other seats' hidden cards of this turn as they were drafted: the worlds of the
coach's chance to win.

Dealt at random -- even in proportion to how often players take each card -- the other
seats' hidden cards flatter the seat that asks: real players took their first picks from
full packs, kept their best card and put their strongest units face down.  Measured in
games of four greedy bots (docs/strategy.md, calibration), the worlds gave the other seats
about 1.6 LP less than they really had in a Recruitment and 2.9 LP less for each seat
already done in a Deployment.  :class:`DraftedWorlds` deals a world as
:meth:`papertales.determinize.Worlds.world` does, with the evaluation's pick odds, and
:meth:`~DraftedWorlds.rebuilt` gives a copy of it rebuilt the way the cards came:

* Recruitment: each hand card the seat has not seen taken (not from a pack it passed on)
  is that seat's pick of round ``j``: the best for its kingdom, by the evaluation, of as
  many unseen cards as that round's pack held (5, 4, ...; 9, 7, ... with two players);
  the card it kept from last turn the best to keep of 5.
* Deployment, while units are placed: the cards the seat passed on and the next seats
  took (``Player.passed`` after the draft) are theirs, who took which as the draft went
  (each in turn the best of what was left for its visible kingdom); their other picks as
  in a Recruitment, and after turn 1 a card kept from last turn.  A seat still placing
  holds them; a seat done put face down the ones worth most on those spots (within its
  gold), kept the best to keep of the rest and discarded the others.
* Construction: each other seat's card kept for next turn (face down) is the best to keep
  of 5 unseen cards, as in a Recruitment.

Everything is valued on what the seat may know: the world (whose hidden cards are already
a guess) or the game with the other seats' hidden cards taken away.

A scripted player does not draft by our evaluation: given its own ranking of cards
(``ranks``, :func:`papertales.montecarlo.ranking`), its picks, its kept card and its
face-down units are the best by that ranking instead (docs/strategy.md, calibration
point 24).

A seat done placing is rebuilt as it placed, given how it places (``rules``,
:func:`papertales.montecarlo.rule`: a scripted player's fixed rule, the greedy bot's plan):
hands are guessed as it drafts until the rule, played on one from the seat's units of
before, fills just the spots it filled and keeps a card only if it kept one, and the world
takes that hand's units, spot by spot, and kept card.  Sorted one by one by what each adds
on the seen spots, a greedy seat's face-down units came out weaker than it really placed
(by about 6 points of the asking seat's chance): its plan weighs cards together, in rows,
within its gold (docs/strategy.md, calibration points 25 and 26).

Why only the chance?  Choices made in rebuilt worlds played worse against the outside
styles (docs/strategy.md, calibration point 8: the others' guessed picks, valued by our
own evaluation, are our bots' picks, not a stranger's), while the chance read in them is
nearer what comes true (point 14).  So the judgement plays every option in the plain
world, for the expected LP, the reasons, the choice and how the options' chances differ,
and the suggestion alone in the rebuilt one too, for the chance's level
(:mod:`papertales.judgement`, point 16).  The search's worlds
(:meth:`~papertales.determinize.Worlds.sample`) keep the plain deal: this would cost each
iteration a dozen valuations.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, Any, Callable

from .actions import DEPLOY, DONE, PLACE
from .decisions import simple_by_seat
from .determinize import Worlds
from .features import visible_opponent_strengths
from .recruitment import HAND, HAND_TWO_PLAYERS, direction
from .rng import Rng
from .state import Unit

if TYPE_CHECKING:     # the coach's worlds are built with the evaluation they judge by
    from .actions import Action
    from .cards import UnitType
    from .evaluation import Evaluation
    from .game import Game

KEPT_CHOICES = 5     # a kept card: the best to keep of this many unseen cards
_SALT = 0x5DEECE66D  # the rebuild's random numbers: apart from the deal's, same seed and world

#: values of some cards for one seat (a pick's, or a kept card's): numbers, or ranks
Values = Callable[[list["UnitType"]], list[Any]]
#: how a scripted player ranks a card for a seat (the higher the better): ``(game, seat, card)``
Ranking = Callable[["Game", int, "UnitType"], Any]
#: a player's next action for a seat, ``(game, seat)``: its Deployment, replayed
Rule = Callable[["Game", int], "Action"]

#: hands guessed for a seat done placing before one fits what it did (else the guess by
#: ranks or gains stands): a greedy seat's first hand fits in 56 worlds of 100, one of 8
#: in 85 and one of 16 in about 90; the worlds that fit none pay for every try
#: (docs/strategy.md, calibration point 26)
REPLAY_TRIES = 8


class DraftedWorlds(Worlds):
    """The worlds of ``seat`` dealt with ``ev``'s pick odds and rebuilt as drafted (see the
    module); what the seat knows of the others' draft is gathered once for all of them.
    ``rebuild``: the seats whose cards are rebuilt by the evaluation (default: every other
    seat); ``ranks``: seats known to rank cards by a rule of their own (a scripted player),
    rebuilt by it -- their picks, kept card and face-down units the best by it; ``rules``:
    how some of the seats rebuilt place units (a seat done placing rebuilt as its rule
    placed); any other seat keeps the plain deal."""

    def __init__(self, game: Game, seat: int, ev: Evaluation, rebuild: Collection[int] | None = None,
                 ranks: Mapping[int, Ranking] | None = None, rules: Mapping[int, Rule] | None = None) -> None:
        super().__init__(game, seat, ev.pick_odds(game.cards))
        self.ev = ev
        self.ranks = {s: r for s, r in (ranks or {}).items() if s in self.others}
        #: the other seats rebuilt
        self.drafters = [s for s in self.others if s in self.ranks or rebuild is None or s in rebuild]
        self.rules = {s: r for s, r in (rules or {}).items() if s in self.drafters}
        #: Recruitment: the hand cards a world deals each other seat from the pool, first
        self.hand_shares = {s: hand for s, hand, _, _, _ in self.shapes}
        self.stage = ""
        self.assigned: dict[int, list[UnitType]] = {}
        self.gain: dict[int, dict[int, float]] = {}
        if game.lich is not None or game.n < 2:
            return
        if game.phase == "recruitment" and game.stage == "draft":
            self.stage = "recruitment"
        elif game.phase == "construction":
            self.stage = "construction"
        elif game.phase == "deployment" and game.stage == "place":
            self.stage = "deployment"
            blank = _blank(game, self.others)
            self.assigned = _draft_again(blank, seat, lambda s, cards: self._pick_values(blank, s)(cards))
            self.gain = {s: _play_gains(blank, s, ev, game) for s in self.drafters if s not in self.ranks}

    @property
    def rebuilds(self) -> bool:
        """Are this decision's worlds rebuilt (a draft, units being placed, or a
        Construction, with other seats and no Lich King)?  Elsewhere a rebuilt world is the
        plain one."""
        return self.stage != ""

    def rebuilt(self, plain: Game, seed: int, k: int) -> Game:
        """A copy of ``plain``, world ``k`` of ``seed`` (:meth:`Worlds.world`), with the
        others' cards of this turn rebuilt as drafted by random numbers of the same seed
        and ``k`` (the deal's future draws are kept)."""
        g = plain.clone()
        rng = Rng(Rng((seed << 24) ^ k ^ _SALT).next64())
        if self.stage == "recruitment":
            self._recruitment(g, rng)
        elif self.stage == "deployment":
            self._deployment(g, rng)
        elif self.stage == "construction":
            self._construction(g, rng)
        return g

    def _recruitment(self, g: Game, rng: Rng) -> None:
        size, per_visit = _pack(g)
        for s in self.drafters:
            p = g.players[s]
            for j in range(self.hand_shares.get(s, 0)):  # the world deals these first
                i = _best_index(g.draw, size - per_visit * j, rng, self._pick_values(g, s))
                if i is not None:
                    p.hand[j], g.draw[i] = g.draw[i], p.hand[j]
            self._keep(g, s, rng)

    def _construction(self, g: Game, rng: Rng) -> None:
        for s in self.drafters:
            self._keep(g, s, rng)

    def _keep(self, g: Game, s: int, rng: Rng) -> None:
        """Seat ``s``'s face-down kept card, if it has one: the best to keep of 5 unseen."""
        p = g.players[s]
        if p.kept is not None:
            i = _best_index(g.draw, KEPT_CHOICES, rng, self._keep_values(g, s))
            if i is not None:
                p.kept, g.draw[i] = g.draw[i], p.kept

    def _deployment(self, g: Game, rng: Rng) -> None:
        size, per_visit = _pack(g)
        draw_size = len(g.draw)
        free: list[UnitType] = g.draw + g.discard
        spots_of: dict[int, list[int]] = {}
        for s in self.drafters:               # every hidden card of the others back in the pile
            p = g.players[s]
            spots_of[s] = [i for i, u in enumerate(p.units) if u is not None and u.new]
            free += p.hand + ([p.kept] if p.kept is not None else [])
            free += [u.type for u in p.units if u is not None and u.new]
        free.sort(key=_index)
        for s in self.drafters:
            p = g.players[s]
            held: list[UnitType] = []
            for c in self.assigned.get(s, []):
                if c in free:
                    free.remove(c)
                    held.append(c)
            picks = [size - per_visit * j for j in range(HAND - len(held))] + ([KEPT_CHOICES] if g.turn > 1 else [])
            rule = self.rules.get(s)
            if rule is not None and g.pending[s] is None and self._replay(g, s, rule, held, picks, free, rng):
                continue
            for m in picks:
                i = _best_index(free, m, rng, self._pick_values(g, s))
                if i is not None:
                    held.append(free.pop(i))
            spots = spots_of[s]
            places = len(p.hand) + len(spots) + (p.kept is not None)
            while len(held) < places and free:
                held.append(free.pop(rng.below(len(free))))
            rank = self.ranks.get(s)
            if rank is not None:                   # placed the best by its rule first
                held.sort(key=lambda c: rank(g, s, c), reverse=True)
            else:
                gain = self.gain.get(s, {})
                held.sort(key=lambda c: -gain.get(c.index, 0.0))    # stable: the draft's order on ties
            gold = p.gold
            down: list[UnitType] = []
            for c in held:
                if len(down) < len(spots) and c.cost <= gold:
                    down.append(c)
                    gold -= c.cost
            for c in down:
                held.remove(c)
            while len(down) < len(spots):          # no affordable card held: the cheapest unseen one
                c = min(free, key=lambda c: (c.cost, c.index))
                free.remove(c)
                down.append(c)
            for i, c in zip(spots, down):
                p.units[i] = Unit(c, 0, True)
            if p.kept is not None and held:
                keep = self._keep_values(g, s)(held)
                p.kept = held.pop(max(range(len(held)), key=keep.__getitem__))
            p.hand = held[:len(p.hand)]
            free += held[len(p.hand):]             # discarded at its Done
        free.sort(key=_index)
        rng.shuffle(free)
        g.draw, g.discard = free[:draw_size], free[draw_size:]

    def _replay(self, g: Game, s: int, rule: Rule, held: list[UnitType], picks: list[int],
                free: list[UnitType], rng: Rng) -> bool:
        """Seat ``s``, done placing, rebuilt as its ``rule`` placed: hands guessed as it drafts
        (``held`` and its best of ``picks`` unseen cards each, from ``free``) until the rule,
        played on one, fills just the seen spots and keeps a card only if the seat kept one;
        that hand's units and kept card are the world's, the rest discarded into ``free``.
        False, changing nothing but ``rng``, when none of :data:`REPLAY_TRIES` hands fits."""
        p = g.players[s]
        before = [None if u is not None and u.new else u for u in p.units]
        seen = [i for i, u in enumerate(p.units) if u is not None and u.new]
        kept = p.kept is not None
        values = self._pick_values(g, s)
        for _ in range(REPLAY_TRIES):
            pool = list(free)
            hand = list(held)
            for m in picks:
                i = _best_index(pool, m, rng, values)
                if i is not None:
                    hand.append(pool.pop(i))
            played = _replayed(g, s, rule, before, hand)
            if played is None:
                continue
            units, keep = played
            if [i for i, u in enumerate(units) if u is not None and u.new] != seen or (keep is not None) != kept:
                continue
            for u in units:
                if u is not None and u.new:
                    hand.remove(u.type)
            if keep is not None:
                hand.remove(keep)
            p.units, p.kept, p.hand = units, keep, []
            free[:] = pool + hand                  # the rest discarded at its Done
            return True
        return False

    def _ranked(self, g: Game, seat: int) -> Values | None:
        """A scripted seat's ranks of some cards (it picks and keeps the best by its rule);
        None for a seat rebuilt by the evaluation."""
        rank = self.ranks.get(seat)
        if rank is None:
            return None
        return lambda cards: [rank(g, seat, c) for c in cards]

    def _pick_values(self, g: Game, seat: int) -> Values:
        ranked = self._ranked(g, seat)
        if ranked is not None:
            return ranked
        ev = self.ev

        def values(cards: list[UnitType]) -> list[float]:
            return ev.values_with_card(g, seat, cards, visible_opponent_strengths(g, seat))
        return values

    def _keep_values(self, g: Game, seat: int) -> Values:
        ranked = self._ranked(g, seat)
        if ranked is not None:
            return ranked
        ev = self.ev

        def values(cards: list[UnitType]) -> list[float]:
            return [ev.keep_gain(g, c) for c in cards]
        return values


def _pack(g: Game) -> tuple[int, int]:
    """A fresh pack's size and how many cards leave it per seat it reaches."""
    return (HAND_TWO_PLAYERS, 2) if g.n == 2 else (HAND, 1)


def _index(c: UnitType) -> int:
    return c.index


def _best_index(cards: list[UnitType], m: int, rng: Rng, values: Values) -> int | None:
    """The place in ``cards`` of the best (by ``values``) of ``m`` of them drawn at random
    (ties: the first drawn); None when ``cards`` is empty."""
    if not cards or m <= 0:
        return None
    m = min(m, len(cards))
    at = list(range(len(cards)))
    for k in range(m):                        # the first m of a random permutation
        j = k + rng.below(len(at) - k)
        at[k], at[j] = at[j], at[k]
    drawn = at[:m]
    vals = values([cards[i] for i in drawn])
    return drawn[max(range(m), key=vals.__getitem__)]


def _replayed(g: Game, s: int, rule: Rule, before: list[Unit | None],
              hand: list[UnitType]) -> tuple[list[Unit | None], UnitType | None] | None:
    """Seat ``s``'s Deployment by its ``rule`` in ``g`` from its units in play ``before``,
    ``hand`` in hand: the units it leaves and the card it keeps; None where the rule would
    discard or move a unit in play (the seat's units in play, seen, say it did not).  ``g``
    is left as it was."""
    p = g.players[s]
    saved = p.units, p.hand, p.kept, g.pending[s]
    p.units, p.hand, p.kept = list(before), list(hand), None
    g.pending[s] = simple_by_seat(DEPLOY)[s]
    try:
        for _ in range(len(hand) + 1):       # each step places a card, the last is done
            kind, card, spot = rule(g, s)
            if kind == PLACE:
                t = next(t for t in p.hand if t.id == card)
                p.hand.remove(t)
                p.units[spot] = Unit(t, 0, True)
            elif kind == DONE:
                return p.units, (None if card is None else next(t for t in p.hand if t.id == card))
            else:
                return None
        return None
    finally:
        p.units, p.hand, p.kept, g.pending[s] = saved


def _blank(game: Game, others: list[int]) -> Game:
    """The game without the other seats' hidden cards (hands, kept cards, face-down units)."""
    b = game.clone()
    b.record_events = False
    for s in others:
        p = b.players[s]
        p.hand, p.pack, p.kept = [], [], None
        p.units = [None if u is not None and u.new else u for u in p.units]
    return b


def _draft_again(blank: Game, seat: int, values: Callable[[int, list[UnitType]], list[Any]]) -> dict[int, list[UnitType]]:
    """Who took which of the cards ``seat`` passed on and the next seats took: round by
    round each taker takes the best of what is left by ``values`` (a seat's values of some
    cards: for its visible kingdom, the cards it took before in hand)."""
    groups = blank.players[seat].passed
    step, n = direction(blank.turn), blank.n
    left = [list(g) for g in groups]
    taken: dict[int, list[UnitType]] = {}
    for r in range(len(groups) + n):
        for i, cards in enumerate(left):
            k = r - i                          # pack i reaches its k-th taker in round i + k
            if 1 <= k < n and cards:
                s = (seat + k * step) % n
                options = list(dict.fromkeys(cards))      # each kind once, in pack order
                vals = values(s, options)
                best = options[max(range(len(options)), key=vals.__getitem__)]
                cards.remove(best)
                blank.players[s].hand.append(best)
                taken.setdefault(s, []).append(best)
    return taken


def _play_gains(blank: Game, s: int, ev: Evaluation, game: Game) -> dict[int, float]:
    """What each card would add, face down on every spot where seat ``s`` placed a unit
    this Deployment, to its expected LP (by card index)."""
    spots = [i for i, u in enumerate(game.players[s].units) if u is not None and u.new]
    if not spots:
        return {}
    p = blank.players[s]
    theirs = visible_opponent_strengths(blank, s)
    base = ev.value(blank, s, None, theirs)
    gains: dict[int, float] = {}
    for c in game.cards.units:
        total = 0.0
        for i in spots:
            p.units[i] = Unit(c, 0, True)
            total += ev.value(blank, s, None, theirs) - base
            p.units[i] = None
        gains[c.index] = total
    return gains
