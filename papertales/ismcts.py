"""Information-set Monte Carlo tree search (single-observer ISMCTS).

Why search?  The greedy bot sees one step ahead; a search bot plays the position out many
times.  It must never peek: each iteration samples a world consistent with what the seat
has seen (:meth:`Game.determinize`) -- other hands, packs, kept cards, the draw pile and
the face-down units placed but not yet revealed are dealt again at random -- then
descends a tree of the seat's *own* decisions (children are actions; an action counts as
available only in the worlds where it is legal, as in Cowling, Powley and Whitehouse's
SO-ISMCTS), the other seats acting by the rollout policy, up to the horizon.

The horizon is the end of the current turn (or of the game on turn 4): there the worlds
are scored by the fitted evaluation (:mod:`papertales.evaluation`): the reward is the
seat's chance to win, read from its lead in expected final LP.  With ``horizon="game"``
the samples are played to the end and scored by who won.  The other seats, and the seat
itself once out of the tree, play by the rollout policy: the greedy bot without its
Deployment lookahead (``rollout="greedy"``, the default) or uniformly random choices.
With ``opponents="styles"`` each world gives every other seat one of five players instead,
drawn at random: the rollout's own or one of the four outside styles
(:mod:`papertales.styles`), since real opponents do not all play like the greedy bot.
"""

from __future__ import annotations

import math
import time
from typing import ClassVar, NamedTuple

from .actions import Action
from .determinize import Worlds
from .errors import PaperTalesError
from .evaluation import Evaluation
from .greedy import GreedyBot, MoveMemory, bot_actions, random_bot_action
from .montecarlo import distinct
from .game import Game
from .rng import Rng
from .styles import BuilderBot, MerchantBot, SpoilerBot, StyleBot, WarlordBot

EXPLORATION = 0.7


class _Node:
    __slots__ = ("visits", "total", "avail", "children", "lp")

    visits: int
    total: float
    lp: float
    avail: int
    children: dict[Action, _Node]

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0          # sum of rewards
        self.lp = 0.0             # sum of the seat's LP (or LP-equivalent value) at the horizon
        self.avail = 0
        self.children = {}


class ActionStats(NamedTuple):
    """One root action's search statistics: ``(action, visits, reward, lp)``: the mean
    reward (a win share at the end of the game, or the evaluation's chance to win at the
    horizon) and the mean LP -- final LP, or the expected final LP at the horizon."""

    action: Action
    visits: int
    reward: float
    lp: float

    def __repr__(self) -> str:       # a plain tuple's, as recorded in the fingerprints
        return tuple.__repr__(self)


class IsmctsBot:
    """``iterations`` samples per decision, or as many as fit in ``seconds``; rollouts
    by ``greedy`` (default) or ``random`` players; ``opponents`` ``rollout`` (the other
    seats play as the rollout does) or ``styles`` (each world draws one of five players
    for each of them); ``horizon`` ``turn`` or ``game``; ``evaluation``: the
    :class:`~papertales.evaluation.Evaluation` at the horizon."""

    name: ClassVar[str] = "ismcts"
    #: the constructor's options but ``seed``, for the registry (a compiled signature is unreadable)
    options: ClassVar[tuple[str, ...]] = ("iterations", "seconds", "rollout", "opponents", "horizon", "evaluation")

    def __init__(self, seed: int = 0, iterations: int | None = None, seconds: float | None = None,
                 rollout: str = "greedy", opponents: str = "rollout", horizon: str = "turn",
                 evaluation: Evaluation | None = None):
        if rollout not in ("random", "greedy"):
            raise PaperTalesError("err.bot.choice", option="rollout", value=rollout, allowed="greedy, random")
        if opponents not in ("rollout", "styles"):
            raise PaperTalesError("err.bot.choice", option="opponents", value=opponents, allowed="rollout, styles")
        if horizon not in ("turn", "game"):
            raise PaperTalesError("err.bot.choice", option="horizon", value=horizon, allowed="turn, game")
        if iterations is not None and iterations < 1:         # a search of nothing has no choice to give
            raise PaperTalesError("err.tournament.budget", value=f"{iterations}it")
        if seconds is not None and not seconds > 0:
            raise PaperTalesError("err.tournament.budget", value=f"{seconds}s")
        self.rng = Rng(seed)
        self.iterations = iterations if iterations is not None or seconds is not None else 200
        self.seconds = seconds
        self.rollout = rollout
        self.opponents = opponents
        self.horizon = horizon
        self.moves = MoveMemory()
        self.ev = evaluation if evaluation is not None else Evaluation.default()
        self._rollout_bots: dict[int, GreedyBot] = {}
        #: ``opponents="styles"``: the outside styles (stateless; none otherwise), and each seat's
        #: player in this world (an index into them; ``len(self._styles)``: the rollout's own)
        self._styles: tuple[StyleBot, ...] = (BuilderBot(), WarlordBot(), MerchantBot(), SpoilerBot()) \
            if opponents == "styles" else ()
        self._players: list[int] = []
        self.last_stats: list[ActionStats] | None = None         # ActionStats per root action, most visited first

    def choose(self, game: Game, seat: int) -> Action:
        # moves that give the same game are one choice (a card on F1 or on F2)
        actions = [group[0] for group in distinct(game, seat, self.moves.actions(game, seat))]
        if len(actions) == 1:
            return actions[0]
        stats = self.last_stats = self.analyse(game, seat, actions)
        best = stats[0][0]
        self.moves.note(best)
        return best

    @staticmethod
    def rank(root: _Node) -> list[ActionStats]:
        rows = [ActionStats(a, c.visits, c.total / c.visits if c.visits else 0.0,
                            c.lp / c.visits if c.visits else 0.0)
                for a, c in root.children.items()]
        rows.sort(key=lambda r: (-r[1], -r[2]))
        return rows

    def analyse(self, game: Game, seat: int, actions: list[Action] | None = None) -> list[ActionStats]:
        """Search ``seat``'s decision and return the statistics of every action (all of
        ``actions``, default the bot's own choices), for the coach."""
        actions = actions if actions is not None else bot_actions(game, seat)
        root = _Node()
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else None
        worlds = Worlds(game, game.check_seat(seat), self.ev.pick_odds(game.cards))   # the odds: who took which passed card
        done = 0
        while (self.iterations is None or done < self.iterations) and \
                (deadline is None or time.perf_counter() < deadline or not done):
            world = worlds.sample(self.rng)
            world.record_events = False
            self._iterate(root, world, seat, actions)
            done += 1
        return self.rank(root)

    # ------------------------------------------------------------------ one iteration

    def _iterate(self, root: _Node, g: Game, seat: int, root_actions: list[Action]) -> None:
        rng = self.rng
        turn = g.turn
        node = root
        path = [root]
        in_tree = True
        first = True
        to_turn_end = self.horizon == "turn"
        pending = g.pending                  # the same list all game long
        for bot in self._rollout_bots.values():
            bot.moves = MoveMemory()         # a new world: no unit has moved yet
        if self._styles:
            players = len(self._styles) + 1
            self._players = [rng.below(players) for _ in pending]
        while not (g.is_over or (to_turn_end and g.turn != turn)):
            if pending[seat] is None:
                for other, d in enumerate(pending):
                    if d is not None:        # an action this world offers
                        g.apply_trusted(other, self._policy(g, other))
                        break
                else:
                    g.advance()
                continue
            if in_tree:
                legal = root_actions if first else bot_actions(g, seat)
                untried = []
                for a in legal:
                    child = node.children.get(a)
                    if child is None:
                        untried.append(a)
                    else:
                        child.avail += 1
                if untried:
                    a = untried[rng.below(len(untried))]
                    child = node.children[a] = _Node()
                    child.avail = 1
                    in_tree = False
                else:
                    a = max(legal, key=lambda x: _ucb(node.children[x]))
                    child = node.children[a]
                node = child
                path.append(node)
            elif self.rollout == "random":
                a = random_bot_action(g, seat, rng)
            else:
                a = self._greedy(g, seat)
            if first:            # one of the caller's actions: checked
                g.apply(seat, a)
                first = False
            else:                # an action this world offers
                g.apply_trusted(seat, a)
        reward, lp = self._outcome(g, seat)
        for n in path:
            n.visits += 1
            n.total += reward
            n.lp += lp

    def _policy(self, g: Game, s: int) -> Action:
        if self._styles and self._players[s] < len(self._styles):
            return self._styles[self._players[s]].choose(g, s)
        if self.rollout == "greedy":
            return self._greedy(g, s)
        return random_bot_action(g, s, self.rng)

    def _greedy(self, g: Game, s: int) -> Action:
        """The fast greedy bot of seat ``s`` in this iteration's world (one per seat, so
        that each remembers its own moves)."""
        bot = self._rollout_bots.get(s)
        if bot is None:
            bot = self._rollout_bots[s] = GreedyBot(lookahead=False, evaluation=self.ev)
        return bot.choose_in_world(g, s)

    def _outcome(self, g: Game, seat: int) -> tuple[float, float]:
        """The sample's reward -- a win share at the end of the game, else the evaluation's
        chance to win -- and the seat's LP (at the horizon: its expected final LP)."""
        if g.is_over:
            winners = g.winners()
            return (1.0 / len(winners) if seat in winners else 0.0), g.players[seat].lp
        values = self.ev.values(g)
        return self.ev.win_chance(g, seat, values), values[seat]


def _ucb(child: _Node) -> float:
    if not child.visits:
        return float("inf")
    return child.total / child.visits + EXPLORATION * math.sqrt(math.log(max(child.avail, 1)) / child.visits)
