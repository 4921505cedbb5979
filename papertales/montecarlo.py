"""Options compared in the same sampled worlds: the coach's numbers.

Why not read the numbers off the tree search?  A tree search spends its samples on the
options it already likes, so the others' means rest on a handful of samples and a ranking
by them is noise.  Here every option is played in *the same* worlds (common random
numbers): each world is sampled from what the seat has seen (:class:`~papertales.determinize.Worlds`,
so nothing is peeked), the option is applied, and every seat plays the rest of the turn
as the fast greedy bot does; at the end of the turn (the end of the game on turn 4) the
fitted evaluation gives the seat's expected final LP and its chance to win.  The
difference between two options is measured world by world, so it is far less noisy
than either mean.

:func:`compare` returns, per option, the mean expected final LP with its 95 % interval,
the mean chance to win, and the per-world values (for paired differences);
:func:`distinct` merges the moves that give the same game.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from .determinize import Worlds
from .evaluation import Evaluation
from .greedy import GreedyBot, MoveMemory
from .rng import Rng
from .state import IS_FRONT

Z95 = 1.959963984540054


@dataclass(frozen=True)
class OptionStats:
    """One option in ``n`` worlds: ``lp`` the mean expected final LP, ``lp_low`` and
    ``lp_high`` its 95 % interval, ``win`` the chance to win (the mean over the worlds,
    corrected for sampling: :meth:`Evaluation.sampled_chance`); ``lps`` and ``wins`` the
    values world by world, uncorrected (the same worlds for every option of one comparison)."""
    action: object
    n: int
    lp: float
    lp_low: float
    lp_high: float
    win: float
    lps: tuple
    wins: tuple


def mean_interval(xs) -> tuple[float, float, float]:
    """Mean and its 95 % normal interval."""
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, m, m
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    h = Z95 * sd / math.sqrt(n)
    return m, m - h, m + h


class Playout:
    """Plays sampled worlds to the horizon with the fast greedy bot in every seat."""

    def __init__(self, ev: Evaluation | None = None, horizon: str = "turn"):
        self.ev = ev if ev is not None else Evaluation.default()
        self.horizon = horizon
        self.bots: dict = {}

    def finish(self, g, seat: int, turn: int) -> tuple[float, float]:
        """Play ``g`` on to the horizon; ``seat``'s expected final LP and chance to win."""
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


def compare(game, seat: int, actions, worlds: int | None = 32, seconds: float | None = None, seed: int = 0,
            ev: Evaluation | None = None, horizon: str = "turn") -> list[OptionStats]:
    """Every action of ``actions`` (legal for ``seat``'s pending decision) in the same
    ``worlds`` sampled worlds (or as many as fit in ``seconds``, at least 2), in the order
    given.  The game is not changed; a world count and a seed give the same numbers."""
    rng = Rng(seed)
    sampler = Worlds(game, seat)
    playout = Playout(ev, horizon)
    lps: list[list[float]] = [[] for _ in actions]
    wins: list[list[float]] = [[] for _ in actions]
    deadline = time.perf_counter() + seconds if seconds is not None else None
    done = 0
    while True:
        if worlds is not None and done >= worlds:
            break
        if deadline is not None and done >= 2 and time.perf_counter() >= deadline:
            break
        world = sampler.sample(rng)
        world.record_events = False
        for i, a in enumerate(actions):
            w = world.clone()
            w.apply(seat, a)              # legal in the game, so in every world of the seat
            lp, win = playout.finish(w, seat, game.turn)
            lps[i].append(lp)
            wins[i].append(win)
        done += 1
    out = []
    for a, xs, ws in zip(actions, lps, wins):
        m, lo, hi = mean_interval(xs)
        win = playout.ev.sampled_chance(game, sum(ws) / len(ws))
        out.append(OptionStats(a, len(xs), m, lo, hi, win, tuple(xs), tuple(ws)))
    return out


def kingdom_key(game, seat: int) -> tuple:
    """What an action of ``seat`` can change, as the rules see it: LP, gold, buildings,
    the units of each row (a spot matters only as Front or Back), hand, kept card, and the
    pending decision -- two actions that give the same key give the same game."""
    p = game.players[seat]
    rows: tuple = ([], [])
    for s, u in enumerate(p.units):
        if u is not None:
            rows[IS_FRONT[s]].append((u.type.id, u.age, u.new))
    d = game.pending[seat]
    choice = game.build_choices[seat] if game.build_choices is not None else None
    return (p.lp, p.gold, tuple(p.buildings), tuple(sorted(rows[0])), tuple(sorted(rows[1])),
            tuple(sorted(t.id for t in p.hand)), tuple(sorted(t.id for t in p.pack)),
            p.kept.id if p.kept is not None else None, d.kind if d is not None else None, choice,
            tuple(game.saved[seat]) if game.saved is not None else ())


def distinct(game, seat: int, actions) -> list[list]:
    """``actions`` grouped by the game they lead to (:func:`kingdom_key`), in the order of
    their first member: placing a card on F1 or F2 is one choice, not two."""
    groups: dict = {}
    for a in actions:
        g = game.clone()
        g.record_events = False
        g.apply(seat, a)
        groups.setdefault(kingdom_key(g, seat), []).append(a)
    return list(groups.values())
