"""The tools of the coach's numbers (:mod:`papertales.judgement` plays the options).

Why not read the numbers off the tree search?  A tree search spends its samples on the
options it already likes, so the others' means rest on a handful of samples and a ranking
by them is noise.  The judgement plays every option in *the same* worlds (common random
numbers), and :class:`Playout` plays each world on: every seat plays the rest of the turn
as the fast greedy bot does; at the end of the turn (the end of the game on turn 4) the
fitted evaluation gives the seat's expected final LP and its chance to win.  The
difference between two options is measured world by world, so it is far less noisy
than either mean.

:func:`mean_interval` gives a mean with its 95 % interval; :func:`distinct` merges the
moves that give the same game (:func:`kingdom_key`).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Sequence

from .actions import DEPLOY, Action
from .evaluation import Evaluation
from .game import Game
from .greedy import GreedyBot, MoveMemory
from .state import IS_FRONT

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


class Playout:
    """Plays sampled worlds to the horizon with the fast greedy bot in every seat (and, in
    the coach's Deployments, the other seats' Deployment first as the full greedy bot)."""

    def __init__(self, ev: Evaluation | None = None, horizon: str = "turn") -> None:
        self.ev = ev if ev is not None else Evaluation.default()
        self.horizon = horizon
        self.bots: dict[int, GreedyBot] = {}

    def deploy_others(self, g: Game, seat: int) -> None:
        """Every other seat's pending Deployment in ``g``, played whole by the full greedy
        bot (its plan looks ahead), before ``seat``'s options are tried: a sampled world then
        holds the others' units where a thinking player would put them, once for all options,
        instead of the rollout's one-step guesses made after each option."""
        for s in range(len(g.pending)):
            if s == seat:
                continue
            bot = GreedyBot(evaluation=self.ev)          # a memory of this Deployment's moves only
            while (d := g.pending[s]) is not None and d.kind == DEPLOY:
                g.apply_trusted(s, bot.choose_in_world(g, s))

    def finish(self, g: Game, seat: int, turn: int) -> tuple[float, float]:
        """Play ``g`` on to the horizon; ``seat``'s expected final LP and chance to win."""
        bot: GreedyBot | None
        for bot in self.bots.values():
            bot.moves = MoveMemory()
        pending = g.pending
        to_turn_end = self.horizon == "turn"
        while g.phase != "over" and not (to_turn_end and g.turn != turn):
            for s, d in enumerate(pending):
                if d is not None:
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
