"""Information-set Monte Carlo tree search (single-observer ISMCTS).

Why search?  The greedy bot sees one step ahead; a search bot plays the position out many
times.  It must never peek: each iteration samples a world consistent with what the seat
has seen (:meth:`Game.determinize`) -- other hands, packs, kept cards, the draw pile and
the face-down units placed but not yet revealed are dealt again at random -- then
descends a tree of the seat's *own* decisions (children are actions; an action counts as
available only in the worlds where it is legal, as in Cowling, Powley and Whitehouse's
SO-ISMCTS), the other seats acting by the rollout policy, up to the horizon.

A Deployment is searched as a player decides it, whole: the root's options are the plans
the coach compares (:func:`papertales.plans.choice_groups`: stop here, or a first step
followed by the greedy bot's planned placements), and the bot plays the chosen plan step
by step.  A tree over single placements spent its iterations on Deployments no player
would finish that way (measured in docs/strategy.md).

The horizon is the end of the current turn (or of the game on turn 4): there the reward
is the seat's *lead*, its expected final LP (:mod:`papertales.evaluation`) less the best
other seat's, 20 LP of lead counting as a whole win more (``0.5 + lead / 20``).  A lead
keeps telling options apart where a chance to win no longer does, far ahead or far
behind.  With ``horizon="game"`` the samples are played to the end and the lead is in
final LP.  The other seats, and the seat itself once out of the tree, play by the
rollout policy: the greedy bot without its Deployment lookahead (``rollout="greedy"``,
the default) or uniformly random choices.  With ``opponents="styles"`` each world gives
every other seat one of five players instead, drawn at random: the rollout's own or one
of the four outside styles (:mod:`papertales.styles`), since real opponents do not all
play like the greedy bot.
"""

from __future__ import annotations

import math
import time
from typing import ClassVar, NamedTuple, cast

from .actions import Action
from .determinize import Worlds
from .errors import PaperTalesError
from .evaluation import Evaluation
from .greedy import GreedyBot, MoveMemory, bot_actions, random_bot_action
from .game import Game
from .plans import choice_groups, next_step
from .rng import Rng
from .styles import BuilderBot, MerchantBot, SpoilerBot, StyleBot, WarlordBot

EXPLORATION = 0.7
#: the lead in LP that the reward counts as one whole win more
LEAD_LP = 20.0


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
    """One root option's search statistics: ``(action, visits, reward, lp, plan)``: its
    first move, the mean reward (``0.5 + lead / 20``, the lead in LP over the best other
    seat at the horizon) and the mean LP -- final LP, or the expected final LP at the
    horizon; ``plan`` the whole option (one move, or a whole Deployment)."""

    action: Action
    visits: int
    reward: float
    lp: float
    plan: tuple[Action, ...]

    def __repr__(self) -> str:       # a plain tuple's, as recorded in the fingerprints
        return tuple.__repr__(self)


class IsmctsBot:
    """``iterations`` samples per decision (a Deployment is one decision), or as many as
    fit in ``seconds``; rollouts by ``greedy`` (default) or ``random`` players;
    ``opponents`` ``rollout`` (the other seats play as the rollout does) or ``styles``
    (each world draws one of five players for each of them); ``horizon`` ``turn`` or
    ``game``; ``evaluation``: the :class:`~papertales.evaluation.Evaluation` at the
    horizon."""

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
        self.ev = evaluation if evaluation is not None else Evaluation.default()
        self.plan: list[Action] = []                 # the rest of the Deployment plan being played
        self._rollout_bots: dict[int, GreedyBot] = {}
        #: ``opponents="styles"``: the outside styles (stateless; none otherwise), and each seat's
        #: player in this world (an index into them; ``len(self._styles)``: the rollout's own)
        self._styles: tuple[StyleBot, ...] = (BuilderBot(), WarlordBot(), MerchantBot(), SpoilerBot()) \
            if opponents == "styles" else ()
        self._players: list[int] = []
        self.last_stats: list[ActionStats] | None = None         # ActionStats per root action, most visited first

    def choose(self, game: Game, seat: int) -> Action:
        if (a := next_step(self.plan, game, seat)) is not None:
            return a
        options = self.choices(game, seat)
        best = options[0]
        if len(options) > 1:
            stats = self.last_stats = self.analyse(game, seat, options)
            best = stats[0].plan
        self.plan = list(best[1:])
        return best[0]

    def choices(self, game: Game, seat: int) -> list[tuple[Action, ...]]:
        """The choices the bot compares, the coach's (:func:`~papertales.plans.choice_groups`):
        in a Deployment the whole plans, else each move a bot considers; of the plans or
        moves that give the same game (a card on F1 or on F2) the first."""
        return [group[0] for group in choice_groups(game, seat, self.ev)]

    @staticmethod
    def rank(options: list[tuple[Action, ...]], roots: list[_Node]) -> list[ActionStats]:
        rows = [ActionStats(plan[0], c.visits, c.total / c.visits if c.visits else 0.0,
                            c.lp / c.visits if c.visits else 0.0, plan)
                for plan, c in zip(options, roots)]
        rows.sort(key=lambda r: (-r[1], -r[2]))
        return rows

    def analyse(self, game: Game, seat: int, options: list[tuple[Action, ...]] | None = None) -> list[ActionStats]:
        """Search ``seat``'s decision and return the statistics of every option (all of
        ``options``, each one move or a whole Deployment, legal one after the other;
        default :meth:`choices`), most visited first."""
        options = options if options is not None else self.choices(game, seat)
        roots = [_Node() for _ in options]
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else None
        worlds = Worlds(game, game.check_seat(seat), self.ev.pick_odds(game.cards))   # the odds: who took which passed card
        done = 0
        while (self.iterations is None or done < self.iterations) and \
                (deadline is None or time.perf_counter() < deadline or not done):
            world = worlds.sample(self.rng)
            world.record_events = False
            self._iterate(roots, options, world, seat)
            done += 1
        return self.rank(options, roots)

    # ------------------------------------------------------------------ one iteration

    def _iterate(self, roots: list[_Node], options: list[tuple[Action, ...]], g: Game, seat: int) -> None:
        rng = self.rng
        turn = g.turn
        path = [self._root_option(roots, options, g, seat)]      # the caller's options: legal in every world
        node = path[0]
        in_tree = node.visits > 0             # a new option: played on by the rollout from here
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
                legal = bot_actions(g, seat)
                tried = [node.children.get(x) for x in legal]
                i = _select(tried, rng)
                a, child = legal[i], tried[i]
                if child is None:            # not tried yet: the rollout plays on from here
                    child = node.children[a] = _Node()
                    child.avail = 1
                    in_tree = False
                node = child
                path.append(node)
            elif self.rollout == "random":
                a = random_bot_action(g, seat, rng)
            else:
                a = self._greedy(g, seat)
            g.apply_trusted(seat, a)         # an action this world offers
        reward, lp = self._outcome(g, seat)
        for n in path:
            n.visits += 1
            n.total += reward
            n.lp += lp

    def _root_option(self, roots: list[_Node], options: list[tuple[Action, ...]], g: Game, seat: int) -> _Node:
        """The root's choice in this iteration, as in the tree (:func:`_select`), played in
        ``g`` (checked: the caller's moves)."""
        i = _select([child if child.visits else None for child in roots], self.rng)
        if not roots[i].visits:
            roots[i].avail = 1
        for a in options[i]:
            g.apply(seat, a)
        return roots[i]

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
        """The sample's reward, ``0.5 + lead / LEAD_LP`` (the lead: the seat's LP less the
        best other seat's, or the Lich King's; final LP at the end of the game, else the
        evaluation's expected final LP), and the seat's LP."""
        if g.is_over:
            lps = [float(p.lp) for p in g.players]
        else:
            lps = self.ev.values(g)
        mine = lps[seat]
        best = float(g.lich.lp) if g.lich is not None else max(v for s, v in enumerate(lps) if s != seat)
        return 0.5 + (mine - best) / LEAD_LP, mine


def _select(children: list[_Node | None], rng: Rng) -> int:
    """The choice among ``children`` (``None``: not tried in any world yet) -- one not yet
    tried, at random, else the best by UCB -- after counting the tried ones as available
    in this world (SO-ISMCTS: a child's exploration term counts the worlds that offered it)."""
    untried = []
    for i, child in enumerate(children):
        if child is None:
            untried.append(i)
        else:
            child.avail += 1
    if untried:
        return untried[rng.below(len(untried))]
    tried = cast("list[_Node]", children)          # every child has been tried by now
    return max(range(len(tried)), key=lambda k: _ucb(tried[k]))


def _ucb(child: _Node) -> float:
    """Mean reward plus the exploration term; a tried child has been visited (the
    iteration that tried it backed its reward up)."""
    return child.total / child.visits + EXPLORATION * math.sqrt(math.log(max(child.avail, 1)) / child.visits)
