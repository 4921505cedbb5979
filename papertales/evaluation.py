"""The fitted evaluation: a seat's expected final LP, and its chance to win, from features.

Why fitted?  The first evaluation (``greedy.value``) guessed its weights: a coin was worth
0.5 LP, a card's strength was worth nothing when the opponents had no units yet.  Here one
linear model per moment of the game (a turn and a phase) maps the features of
:mod:`papertales.features` to the seat's LP at the end of the game, with weights fitted by
ridge regression on games between bots (``papertales lab fit``, :mod:`papertales.fitting`),
and a curve per moment maps the expected LPs to chances of winning (a multinomial logit
between players, so that the chances add up to 1; a logistic curve of the lead over the
Lich King in solo).  The
weights are data (``papertales/data/evaluation.json``), stored with the games and the seed
that produced them; ``docs/evaluation.md`` explains each one.

The evaluation reads only what the seat may know (see :mod:`papertales.features`).
"""

from __future__ import annotations

import json
import math
from importlib import resources
from typing import TYPE_CHECKING, Any, Final, Sequence

from .features import BASE, BaseVector, card_indices, features, hand_features, names, position
from .turns import PHASE_INDEX, PHASES

if TYPE_CHECKING:     # the game imports the bots, which read this evaluation
    from .cards import CardSet, UnitType
    from .game import Game

#: where the fitted weights live (inside the package)
DATA: Final = "evaluation.json"
FORMAT: Final = "papertales-evaluation/1"
KEPT: Final = BASE.index("kept")


def stage(game: Game, phase: str | None = None) -> str:
    """The model that values a position: ``"solo:"`` for the solo mode, then the turn and
    the phase (``"2.construction"``); ``phase``: instead of the game's."""
    phase = phase or game.phase
    return f"{'solo:' if game.lich is not None else ''}{game.turn}.{phase if phase in PHASES else 'aging'}"


class Evaluation:
    """Weights by stage (``{stage: {feature name: weight}}``) and win curves by stage
    (``{stage: [scale, offset]}``); :meth:`value` and :meth:`win_chance` read a game."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.models: dict[str, dict[str, float]] = data["models"]
        self.win: dict[str, Sequence[float]] = data.get("win", {})
        self.picks: dict[str, float] = data.get("picks", {})
        self._aligned: dict[tuple[str, int], list[float]] = {}
        #: the weights by moment (card set, turn, phase, solo?), without building the stage's name
        self._by_moment: dict[tuple[int, int, str, bool], tuple[CardSet, list[float], BaseVector]] = {}
        self._last_cards: CardSet | None = None
        self._last_turn = 0
        self._last_phase = ""
        self._last_solo = False
        self._last: list[float] = []
        self._last_base = BaseVector()
        self._odds: dict[int, tuple[CardSet, list[float]]] = {}

    @classmethod
    def default(cls) -> "Evaluation":
        """The weights shipped with the package (read once)."""
        global _DEFAULT
        if _DEFAULT is None:
            text = resources.files("papertales.data").joinpath(DATA).read_text(encoding="utf-8")
            _DEFAULT = cls(json.loads(text))
        return _DEFAULT

    def weights(self, game: Game, key: str) -> list[float] | None:
        """The weights of stage ``key`` in the order of ``features.names(game.cards)``
        (a card the fit never saw weighs 0); None when the stage has no model."""
        cache_key = (key, id(game.cards))
        w = self._aligned.get(cache_key)
        if w is None:
            model = self.models.get(key)
            if model is None:
                return None
            w = self._aligned[cache_key] = [float(model.get(name, 0.0)) for name in names(game.cards)]
        return w

    def pick_odds(self, cards: CardSet) -> list[float] | None:
        """How much likelier a player is to take each unit of ``cards`` (by its place in
        the card set) than a card of odds 1 when both are in the pack: ``exp`` of its
        fitted pick strength (``fitting.fit_picks``; a card the fit never saw gets 1).
        The coach's worlds deal the other seats' hidden cards in these proportions.  None
        when no pick strengths were fitted."""
        if not self.picks:
            return None
        known = self._odds.get(id(cards))
        if known is not None and known[0] is cards:      # held: its id cannot be reused meanwhile
            return known[1]
        odds = [math.exp(self.picks.get(u.id, 0.0)) for u in cards.units]
        self._odds[id(cards)] = (cards, odds)
        return odds

    def value(self, game: Game, seat: int, phase: str | None = None, theirs: list[float] | None = None) -> float:
        """``seat``'s expected LP at the end of the game (its LP once the game is over).
        ``phase``: value the position as at the start of that phase of the turn (see
        :func:`papertales.features.features`); ``theirs``: the opponents' visible
        strengths, when already known."""
        if PHASE_INDEX.get(phase or game.phase, 6) == 6:
            return final_lp(game, seat)
        w, wb = self._moment(game, phase)
        total = position(game, seat, phase, theirs).dot(wb)
        # the card weights in card_indices' order (so the very same sum), without its list
        p = game.players[seat]
        base = len(BASE)
        for t in p.hand:
            total += w[base + t.index]
        base += len(game.cards.units)
        for u in p.units:
            if u is not None:
                total += w[base + u.type.index]
        if p.kept is not None:
            total += w[base + len(game.cards.units) + p.kept.index]
        return total

    def values_with_card(self, game: Game, seat: int, cards: list[UnitType], theirs: list[float]) -> list[float]:
        """:meth:`value` with each of ``cards`` added to the seat's hand in turn (a draft's
        options), each the very number :meth:`value` gives: only the hand's features and
        the card's own weight change, so the rest is computed once."""
        p = game.players[seat]
        hand = p.hand
        if PHASE_INDEX.get(game.phase, 6) == 6:
            out = []
            for t in cards:
                hand.append(t)
                out.append(self.value(game, seat, None, theirs))
                hand.pop()
            return out
        w, wb = self._moment(game, None)
        x = position(game, seat, None, theirs)
        gold = int(x.gold)
        base = len(BASE)
        indices = card_indices(p, len(game.cards.units))
        in_hand = len(hand)
        out = []
        for t in cards:
            hand.append(t)
            x.hand, x.hand_strength, x.hand_affordable, x.hand_production = hand_features(hand, gold)
            hand.pop()
            total = x.dot(wb)
            for k, i in enumerate(indices):       # the hand's cards, the new one last, then the rest
                if k == in_hand:
                    total += w[base + t.index]
                total += w[base + i]
            if in_hand == len(indices):
                total += w[base + t.index]
            out.append(total)
        return out

    def _moment(self, game: Game, phase: str | None) -> tuple[list[float], BaseVector]:
        """:meth:`weights` of the game's moment (``phase``: instead of the game's), and
        their :data:`BASE` part as a vector."""
        phase = phase or game.phase
        solo = game.lich is not None
        if (game.cards is self._last_cards and game.turn == self._last_turn and phase == self._last_phase
                and solo == self._last_solo):
            return self._last, self._last_base
        moment = (id(game.cards), game.turn, phase, solo)
        known = self._by_moment.get(moment)
        if known is not None and known[0] is game.cards:     # held: its id cannot be reused meanwhile
            w, wb = known[1], known[2]
        else:
            key = stage(game, phase)
            found = self.weights(game, key)
            if found is None:
                raise KeyError(key)
            w, wb = found, BaseVector.of(found)
            self._by_moment[moment] = (game.cards, w, wb)
        # the last moment asked, checked first: a decision's options ask for the same one
        self._last_cards, self._last_turn, self._last_phase, self._last_solo, self._last, self._last_base = \
            game.cards, game.turn, phase, solo, w, wb
        return w, wb

    def keep_gain(self, game: Game, card: UnitType) -> float:
        """What keeping ``card`` for next turn adds to the expected LP of a seat with an
        empty hand (the kept card is read by two features only)."""
        w = self._moment(game, None)[0]
        return w[KEPT] + w[len(BASE) + 2 * len(game.cards.units) + card.index]

    def values(self, game: Game) -> list[float]:
        """:meth:`value` of every seat (solo: the player only)."""
        return [self.value(game, s) for s in range(game.n)]

    def win_chance(self, game: Game, seat: int, values: list[float] | None = None) -> float:
        """``seat``'s chance to win.  Between players, every seat's chance at once from the
        expected final LPs (:func:`share`: the chances add up to 1); solo, from the lead
        over the Lich King's LP now, which the stage's curve extrapolates."""
        if game.phase == "over":
            winners = game.winners()
            return 1.0 / len(winners) if seat in winners else 0.0
        values = values if values is not None else self.values(game)
        scale, offset = self.win.get(stage(game), (0.25, 0.0))
        if game.lich is not None:
            return 1.0 / (1.0 + math.exp(-(scale * (values[seat] - game.lich.lp) + offset)))
        return share(values, seat, scale)


def share(values: list[float], seat: int, scale: float) -> float:
    """``exp(scale * values[seat]) / sum(exp(scale * v))``: the chance that ``seat``'s LP
    ends highest when each seat's final LP is its expectation plus independent noise of
    the same spread (a multinomial logit; ``scale`` is fitted per stage)."""
    top = max(values)
    total = 0.0
    for v in values:
        total += math.exp(scale * (v - top))
    return math.exp(scale * (values[seat] - top)) / total


_DEFAULT: Evaluation | None = None


def set_default(ev: Evaluation | None) -> None:
    """Make ``ev`` the evaluation every bot uses by default in this process (and in the
    processes it forks), or go back to the shipped weights (None): a refit's later rounds
    play with the weights of the round before."""
    global _DEFAULT
    _DEFAULT = ev


def final_lp(game: Game, seat: int) -> float:
    """The LP a seat ends with: its LP, plus its buildings and end-of-game abilities when
    the end scoring has not run yet."""
    p = game.players[seat]
    if game.phase == "over":
        return float(p.lp)
    x = features(game, seat)
    return x[1] + x[2] + x[3]
