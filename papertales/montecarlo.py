"""The tools of the coach's numbers (:mod:`papertales.judgement` plays the options).

Why not read the numbers off the tree search?  A tree search spends its samples on the
options it already likes, so the others' means rest on a handful of samples and a ranking
by them is noise.  The judgement plays every option in *the same* worlds (common random
numbers), and :class:`Playout` plays each world on: every seat plays the rest of the turn
as the fast greedy bot does; at the end of the turn (the end of the game on turn 4) the
fitted evaluation gives the seat's expected final LP and its chance to win.  The
difference between two options is measured world by world, so it is far less noisy
than either mean.

The chance to win can be read with each seat played on as the player it is
(:func:`seat_player`): a bot at the table as that bot, a person as the greedy bot, so that
"your chance against these players" means what it says against weak bots too (the
judgement's ``players``; docs/strategy.md, calibration point 17).

:func:`mean_interval` gives a mean with its 95 % interval; :func:`distinct` merges the
moves that give the same game (:func:`kingdom_key`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Sequence

from typing import Final, Union

from .actions import DEPLOY, Action
from .bots import RandomBot
from .drafted import Ranking, Rule
from .evaluation import Evaluation
from .game import Game
from .greedy import GreedyBot, MoveMemory
from .scripted import EconomistBot, ScriptedBot, StrongestBot
from .state import IS_FRONT
from .styles import BuilderBot, MerchantBot, SpoilerBot, StyleBot, WarlordBot

Z95 = 1.959963984540054


def mean_interval(xs: Sequence[float]) -> tuple[float, float, float]:
    """Mean and its 95 % normal interval."""
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, m, m
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    h = Z95 * sd / math.sqrt(n)
    return m, m - h, m + h


#: a seat's player in a world: the greedy bot, the random bot or a scripted player
SeatPlayer = Union[GreedyBot, RandomBot, ScriptedBot, StyleBot]
#: the players a world plays as themselves, by registry name (cheap and without a search)
AS_THEMSELVES: Final[dict[str, Callable[[int], ScriptedBot | StyleBot]]] = {"economist": EconomistBot, "strongest": StrongestBot, "builder": BuilderBot,
                        "warlord": WarlordBot, "merchant": MerchantBot, "spoiler": SpoilerBot}


#: every name a seat's player may have: the registry's bots and ``human`` (a person)
PLAYER_NAMES: Final = ("human", "greedy", "random", *AS_THEMSELVES, "ismcts", "advisor")


def plays_as_greedy(name: str) -> bool:
    """Is a seat of player ``name`` played as the greedy bot in the worlds (:func:`seat_player`)?"""
    return name != "random" and name not in AS_THEMSELVES


def ranking(name: str) -> Ranking | None:
    """How a player played as itself ranks cards for a seat, ``(game, seat, card)``, the
    higher the better (its picks, placements and kept card follow it); None for a player
    that does not draft by a rule of its own (the greedy bot, a person, the random bot)."""
    cls = AS_THEMSELVES.get(name)
    if cls is None:
        return None
    bot = cls(0)
    if isinstance(bot, StyleBot):
        return bot.value
    key = bot.key
    return lambda game, seat, card: key(card)


def rule(name: str, ev: Evaluation) -> Rule | None:
    """A seat's player's next action in its worlds, ``(game, seat)``, which the coach's
    worlds replay to rebuild its face-down units: a scripted player's fixed rule, the greedy
    bot's plan (with ``ev``) for a seat played as the greedy bot; None for the random bot."""
    cls = AS_THEMSELVES.get(name)
    if cls is not None:
        return cls(0).choose
    if not plays_as_greedy(name):
        return None

    def greedy(game: Game, seat: int) -> Action:
        bot = GreedyBot(evaluation=ev)          # a fresh memory: no move remembered from another world
        bot.moves.recall(game, seat)
        return bot.choose(game, seat)
    return greedy


def seat_player(name: str, ev: Evaluation, seed: int) -> SeatPlayer:
    """A fresh player for a seat played as ``name`` (a registry name) in one world: the
    random bot (seeded with ``seed``) and the scripted players as themselves; the greedy bot
    with its Deployment plan for ``greedy`` and for anything else -- a person (``human``),
    or a bot that searches (the search, the coach itself), too slow to run in every world."""
    if name == "random":
        return RandomBot(seed)
    cls = AS_THEMSELVES.get(name)
    if cls is not None:
        return cls(seed)
    return GreedyBot(evaluation=ev)


def _choice(player: SeatPlayer, g: Game, s: int) -> Action:
    """``player``'s action for seat ``s`` in world ``g`` (the greedy bot may change the world
    it is given: the world is the game)."""
    if isinstance(player, GreedyBot):
        return player.choose_in_world(g, s)
    return player.choose(g, s)


class Playout:
    """Plays sampled worlds to the horizon with the fast greedy bot in every seat (and, in
    the coach's Deployments, the other seats' Deployment first as the full greedy bot), or
    with the players given for each seat (:func:`seat_player`)."""

    def __init__(self, ev: Evaluation | None = None, horizon: str = "turn") -> None:
        self.ev = ev if ev is not None else Evaluation.default()
        self.horizon = horizon
        self.bots: dict[int, GreedyBot] = {}

    def deploy_others(self, g: Game, seat: int, players: list[SeatPlayer] | None = None) -> None:
        """Every other seat's pending Deployment in ``g``, played whole by the full greedy
        bot (its plan looks ahead), or by its player in ``players``, before ``seat``'s
        options are tried: a sampled world then holds the others' units where a thinking
        player would put them, once for all options, instead of the rollout's one-step
        guesses made after each option."""
        for s in range(len(g.pending)):
            if s == seat:
                continue
            # a fresh greedy bot: a memory of this Deployment's moves only
            player = players[s] if players is not None else GreedyBot(evaluation=self.ev)
            while (d := g.pending[s]) is not None and d.kind == DEPLOY:
                g.apply_trusted(s, _choice(player, g, s))

    def finish(self, g: Game, seat: int, turn: int, players: list[SeatPlayer] | None = None) -> tuple[float, float]:
        """Play ``g`` on to the horizon, every seat as the fast greedy bot or as its player
        in ``players`` (fresh for this world); ``seat``'s expected final LP and chance to win."""
        bot: GreedyBot | None
        for bot in self.bots.values():
            bot.moves = MoveMemory()
        pending = g.pending
        to_turn_end = self.horizon == "turn"
        while g.phase != "over" and not (to_turn_end and g.turn != turn):
            for s, d in enumerate(pending):
                if d is not None:
                    if players is not None:
                        g.apply_trusted(s, _choice(players[s], g, s))   # its players' actions are legal
                        break
                    bot = self.bots.get(s)
                    if bot is None:
                        bot = self.bots[s] = GreedyBot(lookahead=False, evaluation=self.ev)
                    g.apply_trusted(s, bot.choose_in_world(g, s))
                    break
            else:
                g.advance()
        if g.phase == "over":
            return float(g.players[seat].lp), self.ev.win_chance(g, seat)
        values = self.ev.values(g)
        return values[seat], self.ev.win_chance(g, seat, values)


def kingdom_key(game: Game, seat: int) -> tuple[Hashable, ...]:
    """What an action of ``seat`` can change, as the rules see it: LP, gold, buildings,
    the units of each row (a spot matters only as Front or Back), hand, kept card, and the
    pending decision -- two actions that give the same key give the same game."""
    p = game.players[seat]
    rows: tuple[list[tuple[str, int, bool]], list[tuple[str, int, bool]]] = ([], [])
    for s, u in enumerate(p.units):
        if u is not None:
            rows[IS_FRONT[s]].append((u.type.id, u.age, u.new))
    d = game.pending[seat]
    choice = game.build_choices[seat] if game.build_choices is not None else None
    return (p.lp, p.gold, tuple(p.buildings), tuple(sorted(rows[0])), tuple(sorted(rows[1])),
            tuple(sorted(t.id for t in p.hand)), tuple(sorted(t.id for t in p.pack)),
            p.kept.id if p.kept is not None else None, d.kind if d is not None else None, choice,
            tuple(game.saved[seat]) if game.saved is not None else ())


def distinct(game: Game, seat: int, actions: Iterable[Action]) -> list[list[Action]]:
    """``actions`` grouped by the game they lead to (:func:`kingdom_key`), in the order of
    their first member: placing a card on F1 or F2 is one choice, not two."""
    groups: dict[tuple[Hashable, ...], list[Action]] = {}
    for a in actions:
        g = game.clone()
        g.record_events = False
        g.apply(seat, a)
        groups.setdefault(kingdom_key(g, seat), []).append(a)
    return list(groups.values())
