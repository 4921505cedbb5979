"""The random bot, the sampler its policy is built on, and the loop that plays a game with
bots (every bot by name: :mod:`papertales.registry`)."""

from __future__ import annotations

from typing import Any, ClassVar, Final

from .actions import (BUILD, DEPLOY, DONE, DONE_NOTHING, DRAFT, DRAFT_DISCARD, DROP, MOVE,
                      PASS_ACTION, PICK, RETURN, Action, for_card)
from .construction import offered
from .deployment import DISCARDS_AT, place_actions, survey
from .recruitment import choices
from .game import Game
from .turns import OVER
from .rng import Rng


#: the number of spots in each 5-bit mask of spots
_SPOTS_IN: Final = tuple(bin(mask).count("1") for mask in range(32))


def draw_pick_or_build(game: Game, seat: int, kind: str, rng: Any) -> Action:
    """A draft's or a construction's legal action drawn uniformly -- the same draw and the
    same action as ``legal[rng.below(len(legal))]`` -- building only the drawn one (the
    random bot and the search's random rollouts).  ``rng``: anything with ``below(n)``
    (typed loosely: a compiled build would refuse the tests' fixed draws)."""
    if kind == BUILD:                                   # the options, then pass
        options = offered(game, seat)
        i = rng.below(len(options) + 1)
        return options[i][0] if i < len(options) else PASS_ACTION
    ids = choices(game.players[seat])                   # the legal actions: one per card id
    return for_card(PICK if kind == DRAFT else DROP, ids[rng.below(len(ids))])


class RandomBot:
    """Chooses uniformly among the legal actions, with two tweaks that keep random games
    game-like: deployment moves and take-backs are left out (they only lengthen games),
    and the ``done`` actions (one per card that could be kept) count as one choice.

    Its actions are always legal (``legal_by_construction``), so :func:`play` applies
    them unchecked.  A Deployment offers ~30 actions: they are counted from
    :func:`papertales.deployment.survey` and only the chosen one is built, with the same
    draws and the same result as picking from the full list (drafts and constructions
    likewise, from :func:`papertales.recruitment.choices` and
    :func:`papertales.construction.offered`)."""

    #: a class variable for mypyc too: a plain ``name = ...`` becomes an instance attribute's
    #: descriptor in the compiled class, and the registry (which reads ``cls.name``) broke
    name: ClassVar[str] = "random"
    legal_by_construction = True

    def __init__(self, seed: int = 0) -> None:
        self.rng: Rng = Rng(seed)

    def choose(self, game: Game, seat: int) -> Action:
        d = game.pending[seat]
        kind = d.kind if d is not None else ""
        if kind == DEPLOY:
            return self._deploy(game, seat)
        rng = self.rng
        if kind == DRAFT or kind == DRAFT_DISCARD or kind == BUILD:
            return draw_pick_or_build(game, seat, kind, rng)
        actions = []
        dones = []
        for a in game.legal_actions(seat):
            k = a.kind
            if k is DONE:
                dones.append(a)
            elif k is not MOVE and k is not RETURN:
                actions.append(a)
        if dones:
            if rng.below(len(actions) + 1) == len(actions):
                return dones[rng.below(len(dones))]
        return actions[rng.below(len(actions))]

    def _deploy(self, game: Game, seat: int) -> Action:
        """The choice of :meth:`choose` in a Deployment, where the listed actions would be
        the discards, then each placeable card on each free spot, then the dones
        (``done`` and one ``done CARD`` per distinct card in hand)."""
        rng = self.rng
        free, _, discardable, _, cards, placeable = survey(game, game.players[seat])
        n_free = _SPOTS_IN[free]
        discards = DISCARDS_AT[discardable]
        n = len(discards) + len(placeable) * n_free
        if rng.below(n + 1) == n:
            k = rng.below(len(cards) + 1)
            return DONE_NOTHING if k == 0 else for_card(DONE, cards[k - 1])
        i = rng.below(n)
        if i < len(discards):
            return discards[i]
        i -= len(discards)
        return place_actions(placeable[i // n_free], free)[i % n_free]


def play(game: Game, bots: list[Any], until_over: bool = True, checked: bool = False,
         on_choice: Any = None) -> Game:
    """Let ``bots`` (one per seat, each with ``choose(game, seat)``) play until the end.

    Actions of bots that are ``legal_by_construction`` are applied unchecked
    (:meth:`Game.apply_trusted`); ``checked=True`` validates every action all the same,
    as it always is for any other bot.  ``on_choice(game, seat, action)`` is called with
    each choice just before it is applied (a tournament records the draft picks)."""
    trusted = not checked and all(getattr(b, "legal_by_construction", False) for b in bots)
    apply = game.apply_trusted if trusted else game.apply
    pending = game.pending          # the same list for the whole game
    while game.phase != OVER:       # game.is_over, inlined: read before every decision
        waiting = pending[:]        # the seats to act in this pass: those pending now
        if not any(waiting):
            game.advance()
            continue
        for seat, d in enumerate(waiting):
            if d is None:
                continue
            while pending[seat] is not None:
                action = bots[seat].choose(game, seat)
                if on_choice is not None:
                    on_choice(game, seat, action)
                apply(seat, action)
    return game


def random_game(players: int = 4, seed: int = 0, record_events: bool = True, **options: Any) -> Game:
    """A complete game between random bots, all seeded from ``seed``; ``options`` go to
    :meth:`Game.new` (``cards``, ``expansion``, ``lich_king_cards``)."""
    new: Any = Game.new     # a plain call: mypyc mis-passes **options to a classmethod
    game = new(players=players, seed=seed, record_events=record_events, **options)
    return play(game, [RandomBot(seed * 1000 + i + 1) for i in range(players)])
