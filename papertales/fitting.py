"""Fitting the evaluation's weights from games between bots (``papertales lab fit``).

Two sets of seat-rotated games, each seeded from (seed, game index) like a tournament
(:func:`papertales.tournament.game_seed`):

1. *Fit games*: at the start of every phase (every seat) and before every decision (the
   deciding seat) the seat's features are recorded; when the game is over each record is
   paired with the seat's final LP.  One ridge regression per stage (turn and phase,
   :func:`papertales.evaluation.stage`) gives the weights.  Only the sums ``XᵀX`` and
   ``Xᵀy`` are kept per stage, added up game by game in game order, so the weights are the
   same on one process or many.
2. *Curve games* (other seeds): at the start of every phase, the seats' expected final LPs
   are paired with who won; per stage, the scale of a multinomial logit
   (:func:`papertales.evaluation.share`) turns them into chances to win that add up to 1.
   The shipped 4-player curves are fitted last, on games of four greedy bots
   (:func:`with_curves`).  Solo: the player's lead over the Lich King's LP and whether the
   player won, one logistic curve per stage.

``explore``: the share of decisions a seat takes at random instead of by its bot, so the
fit also sees the cards and placements its bots would not choose.  numpy does the algebra
(the ``lab`` extra).
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from types import ModuleType
from typing import Any, NamedTuple, TypeVar

from . import tournament as T
from .bots import RandomBot, play
from .extras import require
from .evaluation import FORMAT, Evaluation, set_default, stage
from .features import BASE, DESCRIPTIONS, features, names
from .judgement import WORLDS, judge, outcome_index
from .registry import Bot
from .actions import DEPLOY, DONE, PICK, Action
from .game import Game

RIDGE = 1.0
#: the pull towards 0 of a card's own weight: a card seen in few positions (a card the bots
#: rarely play is mostly seen after a random move) must not get a large weight by chance
CARD_RIDGE = 25.0
PRIOR = 1.0          # the pull of a win curve towards [0.25, 0]
CHUNK = 8

#: a numpy array (numpy is optional, imported through extras.require: untyped here)
Array = Any
#: an evaluation's data (``papertales/data/evaluation.json``): JSON
Data = dict[str, Any]
#: what play_recorded tells: ``on_state(game, seat, at_phase_start)``
OnState = Callable[[Game, int, bool], None]
#: a worker's games: (bots, first game, count, seed, players, exploration, options)
_FitJob = tuple[list[str], int, int, int, int, float, dict[str, Any] | None]
#: a worker's curve games: (evaluation data, bots, first game, count, seed, players, options)
_CurveJob = tuple[Data, list[str], int, int, int, int, dict[str, Any] | None]
#: a worker's pick games: (lineup, first game, count, seed)
_PicksJob = tuple[Sequence[str], int, int, int]
#: a draft pick: (the card ids of the pack, the id taken)
Pick = tuple[tuple[str, ...], str]
J = TypeVar("J")
R = TypeVar("R")


def _numpy() -> ModuleType:
    return require("numpy", "lab")


def play_recorded(bots: Sequence[str], index: int, seed: int, players: int, explore: float, on_state: OnState,
                  options: dict[str, Any] | None = None) -> Game:
    """Play game ``index`` (seat-rotated ``bots``, as in a tournament) and call
    ``on_state(game, seat, at_phase_start)`` at each phase start and before each decision
    (every seat: those that have decided too, so that their positions after ``done`` are
    seen).  Returns the game, over."""
    if players == 1:                         # solo: every difficulty in turn
        options = dict(options or {}, lich_king_cards=index % 5)
    game, gs, _seats, seat_bots = T.seated_game(bots, index, seed, players, options)
    randoms = [RandomBot(T._splitmix(gs ^ (s + 7) * 0x51ED)) for s in range(players)]
    coin = RandomBot(gs ^ 0xC0FFEE).rng
    last = None
    while game.phase != "over":
        key = (game.turn, game.phase)
        if key != last:
            last = key
            for s in range(game.n):
                on_state(game, s, True)
        pending = game.pending_players()
        if not pending:
            game.step()
            continue
        s = pending[0]
        for other in range(game.n):
            on_state(game, other, False)
        bot = randoms[s] if explore and coin.below(1000) < explore * 1000 else seat_bots[s]
        game.apply(s, bot.choose(game, s))
    return game


def _fit_chunk(job: _FitJob) -> dict[str, list[Any]]:
    """The per-stage sums of games ``first .. first+count-1``."""
    np = _numpy()
    bots, first, count, seed, players, explore, options = job
    sums: dict[str, list[Any]] = {}
    for i in range(first, first + count):
        rows: dict[str, list[tuple[int, list[float]]]] = {}

        def on_state(game: Game, seat: int, _start: bool) -> None:
            if game.phase in ("end", "over"):
                return
            rows.setdefault(stage(game), []).append((seat, features(game, seat)))

        game = play_recorded(bots, i, seed, players, explore, on_state, options)
        final = [p.lp for p in game.players]
        for key, recs in rows.items():
            X = np.array([x for _, x in recs], dtype=float)
            y = np.array([final[s] for s, _ in recs], dtype=float)
            acc = sums.get(key)
            if acc is None:
                sums[key] = [X.T @ X, X.T @ y, len(y), float(y @ y)]
            else:
                acc[0] += X.T @ X
                acc[1] += X.T @ y
                acc[2] += len(y)
                acc[3] += float(y @ y)
    return sums


def _curve_chunk(job: _CurveJob) -> list[tuple[str, list[float], list[float]]]:
    """``(stage, expected final LPs, win shares)`` at every phase start of the curve games
    (solo: the player's and the Lich King's LP now in place of the LPs)."""
    data, bots, first, count, seed, players, options = job
    ev = Evaluation(data)
    out: list[tuple[str, list[float], list[float]]] = []
    for i in range(first, first + count):
        recs: list[tuple[str, list[float]]] = []

        def on_state(game: Game, seat: int, start: bool) -> None:
            if start and seat == 0 and game.phase not in ("end", "over"):
                values = ev.values(game)
                if game.lich is not None:
                    values = [values[0] - game.lich.lp]
                recs.append((stage(game), values))

        game = play_recorded(bots, i, seed, players, 0.0, on_state, options)
        winners = game.winners()
        shares = [(1.0 / len(winners)) if s in winners else 0.0 for s in range(game.n)]
        out += [(key, values, shares) for key, values in recs]
    return out


def _map(fn: Callable[[J], R], tasks: Sequence[J], jobs: int) -> list[R]:
    if jobs == 1 or len(tasks) == 1:
        return [fn(t) for t in tasks]
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        return pool.map(fn, tasks)          # in task order: the sums add up the same way


def _tasks(games: int, first: int = 0) -> list[tuple[int, int]]:
    return [(i, min(CHUNK, first + games - i)) for i in range(first, first + games, CHUNK)]


def fit(games: int = 2000, seed: int = 1, bots: str | Iterable[str] = ("greedy",), players: int = 4, explore: float = 0.1,
        curve_games: int | None = None, jobs: int | None = None, ridge: float = RIDGE,
        card_ridge: float = CARD_RIDGE, options: dict[str, Any] | None = None,
        corrections: dict[str, float] | None = None) -> Data:
    """Fit the weights (module docstring) and return them as the data of an
    :class:`~papertales.evaluation.Evaluation`, with the recipe that produced them.
    ``corrections``: LP added to these weights in every stage once fitted, before the win
    curves are (:data:`CORRECTIONS`)."""
    np = _numpy()
    bots = T.check_bots(bots)
    jobs = jobs or os.cpu_count() or 1
    if players == 1:
        options = dict(options or {}, packs=["lich-king-illustrative"])
    game0 = T.new_game(players, 0, options)
    feature_names = names(game0.cards)
    k = len(feature_names)
    sums: dict[str, list[Any]] = {}
    tasks: list[_FitJob] = [(list(bots), a, c, seed, players, explore, options) for a, c in _tasks(games)]
    for part in _map(_fit_chunk, tasks, jobs):
        for key, (xtx, xty, n, yy) in part.items():
            acc = sums.get(key)
            if acc is None:
                sums[key] = [xtx, xty, n, yy]
            else:
                acc[0] = acc[0] + xtx
                acc[1] = acc[1] + xty
                acc[2] += n
                acc[3] += yy
    models: dict[str, dict[str, float]] = {}
    quality: dict[str, dict[str, Any]] = {}
    penalty = np.diag([0.0] + [ridge] * (len(BASE) - 1) + [card_ridge] * (k - len(BASE)))   # no pull on the bias
    for key in sorted(sums):
        xtx, xty, n, yy = sums[key]
        w = np.linalg.solve(xtx + penalty, xty)
        rss = float(yy - 2 * w @ xty + w @ xtx @ w)
        mean = xty[0] / n                        # feature 0 is the bias: sum(y) / n
        tss = float(yy - n * mean * mean)
        models[key] = {name: round(float(v), 4) for name, v in zip(feature_names, w) if round(float(v), 4)}
        for name, lp in (corrections or {}).items():
            models[key][name] = round(models[key].get(name, 0.0) + lp, 4)
        quality[key] = {"samples": int(n), "r2": round(1 - rss / tss, 3) if tss > 0 else None,
                        "rmse": round((max(rss, 0.0) / n) ** 0.5, 3)}
    mode = "solo" if players == 1 else "multi"
    recipe: dict[str, Any] = {"games": games, "seed": seed, "bots": list(bots), "players": players,
              "explore": explore, "ridge": ridge, "card_ridge": card_ridge, "curve_games": 0}
    if corrections:
        recipe["corrections"] = dict(corrections)
    data: Data = {"format": FORMAT, "fitted_on": {mode: recipe}, "features": list(feature_names),
            "models": models, "win": {}, "quality": quality}
    curve_games = games // 2 if curve_games is None else curve_games
    if curve_games:
        data["win"] = fit_curves(data, curve_games, seed + 1, bots, players, jobs, options)
        recipe["curve_games"] = curve_games
    return data


def merge(*parts: Data) -> Data:
    """One evaluation from fits of different modes (a 4-player fit and a solo fit)."""
    out: Data = {"format": FORMAT, "fitted_on": {}, "features": [], "models": {}, "win": {}, "quality": {}}
    for d in parts:
        for key in ("fitted_on", "models", "win", "quality"):
            out[key].update(d[key])
        out["features"] = out["features"] or d["features"]
    return out


def fit_curves(data: Data, games: int, seed: int, bots: Iterable[str], players: int, jobs: int,
               options: dict[str, Any] | None = None) -> dict[str, list[float]]:
    """One curve per stage, ``[scale, offset]``: solo, a logistic curve of the lead over
    the Lich King; between players, the scale of the multinomial logit (offset 0).  Both
    are gently pulled towards ``[0.25, 0]``, so that a stage where every seat lost (or
    won) still gets a finite curve."""
    np = _numpy()
    tasks: list[_CurveJob] = [(data, list(bots), a, c, seed, players, options) for a, c in _tasks(games)]
    by_stage: dict[str, list[tuple[list[float], list[float]]]] = {}
    for part in _map(_curve_chunk, tasks, jobs):
        for key, values, shares in part:
            by_stage.setdefault(key, []).append((values, shares))
    curves: dict[str, list[float]] = {}
    for key in sorted(by_stage):
        values = np.array([v for v, _ in by_stage[key]], dtype=float)
        shares = np.array([w for _, w in by_stage[key]], dtype=float)
        if players == 1:
            curves[key] = _logistic(np, values[:, 0], shares[:, 0])
        else:
            curves[key] = [_multinomial(np, values, shares), 0.0]
    return curves


def _multinomial(np: ModuleType, v: Array, y: Array) -> float:
    """The scale ``b`` that best explains who won (rows of ``y``, shares adding up to 1)
    with chances ``exp(b v) / sum(exp(b v))`` (penalised log-likelihood, Newton steps)."""
    b = 0.25
    for _ in range(100):
        z = b * (v - v.max(axis=1, keepdims=True))
        p = np.exp(z)
        p /= p.sum(axis=1, keepdims=True)
        mean = (p * v).sum(axis=1)
        grad = float(((y * v).sum(axis=1) - mean).sum()) - PRIOR * (b - 0.25)
        hess = float(((p * v * v).sum(axis=1) - mean ** 2).sum()) + PRIOR
        step = max(-1.0, min(1.0, grad / hess))   # the objective is concave: damped
        b = max(0.0, min(10.0, b + step))           # steps reach the same optimum
        if abs(step) < 1e-10:
            break
    return round(float(b), 4)


def _logistic(np: ModuleType, x: Array, y: Array, centre: float = 0.25) -> list[float]:
    """``[scale, offset]`` of the curve ``1 / (1 + exp(-(scale * x + offset)))`` that best
    explains the outcomes ``y`` (penalised log-likelihood pulled gently towards
    ``[centre, 0]``, Newton steps halved until the likelihood grows)."""
    def objective(a: float, b: float) -> float:
        z = a * x + b
        return float(np.sum(y * z - np.logaddexp(0.0, z)) - PRIOR / 2 * ((a - centre) ** 2 + b ** 2))

    a, b = centre, 0.0
    best = objective(a, b)
    for _ in range(100):
        p = 1 / (1 + np.exp(-(a * x + b)))
        g = np.array([np.sum((y - p) * x) - PRIOR * (a - centre), np.sum(y - p) - PRIOR * b])
        wgt = p * (1 - p)
        h = np.array([[np.sum(wgt * x * x), np.sum(wgt * x)], [np.sum(wgt * x), np.sum(wgt)]]) + np.eye(2) * PRIOR
        step = np.linalg.solve(h, g)
        t = 1.0
        while t > 1e-6:
            na, nb = a + t * step[0], b + t * step[1]
            value = objective(na, nb)
            if value >= best:
                break
            t /= 2
        else:
            break
        gain = value - best
        a, b, best = na, nb, value
        if gain < 1e-10:
            break
    return [round(float(a), 4), round(float(b), 4)]


#: the games the pick strengths are fitted on: our bots and the scripted players, so that
#: the strengths are no one style's taste
PICK_LINEUPS = (("greedy", "greedy", "strongest", "economist"), ("greedy", "strongest", "economist"))
#: the pull of every strength towards 1 (a virtual pick won and lost against a card of
#: strength 1): a card seen in few packs keeps a strength near 1
PICK_PRIOR = 1.0


def _picks_chunk(job: _PicksJob) -> list[Pick]:
    """``(the card ids of the pack, the id taken)`` at every draft pick of games
    ``first .. first+count-1``."""
    lineup, first, count, seed = job
    out: list[Pick] = []
    for i in range(first, first + count):
        game, _gs, _seats, bots = T.seated_game(list(lineup), i, seed, len(lineup))

        def on_choice(g: Game, seat: int, action: Action) -> None:
            if action.kind == PICK:
                out.append((tuple(sorted(t.id for t in g.players[seat].pack)), action.card))

        play(game, bots, checked=True, on_choice=on_choice)
    return out


def fit_picks(games: int = 600, seed: int = 1700, lineups: Sequence[Sequence[str]] = PICK_LINEUPS, jobs: int | None = None,
              rounds: int = 300) -> dict[str, float]:
    """Each unit's pick strength (its log-odds of being taken): a Plackett-Luce model of
    the first choice -- a card is taken from a pack with probability ``odds / sum(odds of
    the pack)`` -- fitted by Hunter's MM algorithm on every pick of ``games`` seat-rotated
    games of each lineup, with a pull of :data:`PICK_PRIOR` towards 1.  The coach's worlds
    deal the other seats' hidden cards by these odds (:meth:`Evaluation.pick_odds`)."""
    tasks: list[_PicksJob] = [(lineup, first, count, seed + k) for k, lineup in enumerate(lineups) for first, count in _tasks(games)]
    picks = [p for part in _map(_picks_chunk, tasks, jobs or os.cpu_count() or 1) for p in part]
    return pick_strengths(picks, PICK_PRIOR, rounds)


def pick_strengths(picks: Sequence[tuple[Sequence[str], str]], prior: float, rounds: int = 300) -> dict[str, float]:
    """The Plackett-Luce log-odds of ``picks`` (``[(pack's card ids, id taken), ...]``; a
    card twice in a pack is twice as likely to be taken) by Hunter's MM iteration; ``prior``: virtual picks won and lost against odds 1.  The odds'
    geometric mean is 1 (only their ratios mean anything)."""
    ids = sorted({c for pack, _ in picks for c in pack})
    odds = dict.fromkeys(ids, 1.0)
    taken = dict.fromkeys(ids, prior)
    for _, card in picks:
        taken[card] += 1
    for _ in range(rounds):
        against = {c: 2 * prior / (odds[c] + 1.0) for c in ids}
        for pack, _ in picks:
            total = sum(odds[c] for c in pack)
            for c in pack:
                against[c] += 1.0 / total
        new = {c: taken[c] / against[c] for c in ids}
        mean = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        odds = {c: v / mean for c, v in new.items()}
    return {c: round(math.log(v), 4) for c, v in odds.items()}


class ChancePoint(NamedTuple):
    """One position of the coach's calibration (:func:`coach_chances`)."""
    bot: str            # the seat's bot: the chance assumes the seat plays on as the greedy bot would
    turn: int
    phase: str
    chance: float       # the coach's chance for the move the bot played
    now: float          # the chance the evaluation reads off the true position before it: a
                        # measurement only (it sees the other seats' hidden cards), which tells
                        # what the coach's worlds add to the error from what the curve does
    won: float          # the seat's share of the win


def coach_chances(lineup: Sequence[str], index: int, seed: int, every: int, worlds: int = WORLDS,
                  ev: Evaluation | None = None) -> list[ChancePoint]:
    """Play game ``index`` of ``lineup`` (seats rotated as in a tournament); at every
    ``every``-th decision with a choice (a whole Deployment is one decision), the chance to
    win the coach shows for the move the bot plays (:func:`~papertales.judgement.judge`,
    the move judged beside the coach's options, every seat played on as the bot it is, as
    the app tells the coach), beside the chance read off the true position: what the
    coach's calibration is measured on."""
    ev = ev if ev is not None else Evaluation.default()
    players = len(lineup)
    options = {"packs": ["lich-king-illustrative"], "lich_king_cards": index % 5} if players == 1 else None
    game, _gs, names, bots = T.seated_game(list(lineup), index, seed, players, options)
    points: list[tuple[int, ChancePoint]] = []      # (seat, point: its share won to come)
    count = 0
    for before, s, plan in played_decisions(game, bots):
        if len(before.legal_actions(s)) > 1:
            count += 1
            if count % every == 0:
                j = judge(before, s, worlds, ev=ev, extra=[tuple(plan)], players=names, shown=[tuple(plan)])
                if j.forced:                      # every option leads to the same game
                    continue
                mine = outcome_index(before, s, j, tuple(plan))
                assert mine is not None           # judged beside the options when none plays it
                chance = j.chance[mine]
                assert chance is not None         # asked for
                points.append((s, ChancePoint(names[s], before.turn, before.phase, chance[0],
                                              ev.win_chance(before, s), 0.0)))
    winners = game.winners() if game.lich is None else ([0] if game.winners() == [0] else [])
    return [p._replace(won=1.0 / len(winners)) if s in winners else p for s, p in points]


def played_decisions(game: Game, bots: Sequence[Bot]) -> Iterator[tuple[Game, int, list[Action]]]:
    """Play ``game`` to its end, each seat's decisions taken by its bot in ``bots``, one at
    a time (:func:`play_decision`); yield each as ``(the game before it, seat, actions
    played)``, so that a measurement reads the position a decision was taken in."""
    while game.phase != "over":
        pending = game.pending_players()
        if not pending:
            game.advance()
            continue
        s = pending[0]
        before = game.clone()
        yield before, s, play_decision(game, s, bots[s])


def play_decision(game: Game, seat: int, bot: Bot) -> list[Action]:
    """Let ``bot`` take ``seat``'s pending decision in ``game`` -- a whole Deployment is one,
    to its ``done`` -- and return the actions played."""
    d0 = game.pending[seat]
    assert d0 is not None, "a pending player has a decision"
    deploying = d0.kind == DEPLOY
    plan: list[Action] = []
    while True:
        action = bot.choose(game, seat)
        game.apply(seat, action)
        plan.append(action)
        d = game.pending[seat]
        if not deploying or action.kind == DONE or d is None or d.kind != DEPLOY:
            return plan


@contextmanager
def _playing_with(data: Data) -> Iterator[None]:
    """Every bot plays with ``data``'s weights inside (forked workers too), then with the
    weights of before: a fit's games after the rounds."""
    previous = Evaluation.default()
    set_default(Evaluation(data))
    try:
        yield
    finally:
        set_default(previous)


#: the table the shipped 4-player win curves are fitted on.  The coach's chance takes its
#: level from a curve only where every seat plays on as the greedy bot (greedy bots,
#: searching bots, people: with a scripted or random bot at the table its worlds are played
#: to the game's end, where who won is known);
#: the rounds' tables of three greedy bots and a scripted one made a leader among equals
#: too sure (docs/strategy.md, calibration point 20)
CURVE_BOTS = ("greedy", "greedy", "greedy", "greedy")
#: games of :data:`CURVE_BOTS` the curves are fitted on, and their seed's offset from the recipe's
CURVE_GAMES = 10000
CURVE_SEED = 9000


def with_curves(data: Data, games: int = CURVE_GAMES, seed: int = 1 + CURVE_SEED, jobs: int | None = None) -> Data:
    """``data`` with its 4-player win curves fitted anew on ``games`` games of
    :data:`CURVE_BOTS` (whose greedy bots play with ``data``'s weights), the solo curves
    kept, and their recipe."""
    with _playing_with(data):
        curves = fit_curves(data, games, seed, CURVE_BOTS, 4, jobs or os.cpu_count() or 1)
    win = {key: v for key, v in data["win"].items() if key.startswith("solo:")}
    recipe = {"games": games, "seed": seed, "bots": list(CURVE_BOTS)}
    return dict(data, win={**curves, **win}, fitted_on=dict(data["fitted_on"], curves=recipe))


def with_picks(data: Data, games: int = 600, seed: int = 1700, jobs: int | None = None) -> Data:
    """``data`` with the pick strengths (:func:`fit_picks`) fitted anew and their recipe;
    the greedy bots of those games play with ``data``'s weights."""
    with _playing_with(data):
        picks = fit_picks(games, seed, jobs=jobs)
    recipe = {"games": games, "seed": seed, "lineups": [list(x) for x in PICK_LINEUPS], "prior": PICK_PRIOR}
    return dict(data, picks=picks, fitted_on=dict(data["fitted_on"], picks=recipe))


#: the recipe of the shipped weights: round 0 between the scripted players and the outside
#: styles (who need no evaluation), then rounds of three greedy bots -- playing with the
#: previous round's weights -- and one of the others in turn, each decision taken at random
#: now and then.  The outside styles (:mod:`papertales.styles`) show the fit positions our
#: own bots never reach; one seat in four, because the weights judge moves for greedy
#: players (docs/strategy.md, "The evaluation": half the seats made it much weaker)
OTHERS = ("economist", "builder", "warlord", "merchant", "spoiler")
_WITH_GREEDY = {"bots": [b for other in OTHERS for b in ("greedy", "greedy", "greedy", other)], "explore": 0.1}
ROUNDS = (
    {"bots": ["economist", "strongest", "builder", "warlord", "merchant", "spoiler"], "explore": 0.2},
    _WITH_GREEDY,
    _WITH_GREEDY,
)
#: 4-player games per round
GAMES = 5000
#: LP added to a card's weight in play in every 4-player stage of the last round's fit:
#: the fit learns from its bots' own games, where these cards are seldom played, and values
#: them too low.  Measured by paired games, one seat valuing the card more against the
#: same deals unchanged (``benchmarks/bench_bots.py --part push``; docs/strategy.md, "Every
#: card played"): a Peddler valued 2 LP more won its seat 2.6 points more, and 2 LP more
#: again 2.1 more; a Cook 0.5; a Blacksmith, which the styles' rounds learned lower, 2.0.
#: Only where both interval ends say so
CORRECTIONS = {"play:peddler": 4.0, "play:cook": 2.0, "play:blacksmith": 2.0}


def refit(games: int = GAMES, solo_games: int = 2500, seed: int = 1, rounds: Sequence[dict[str, Any]] = ROUNDS,
          jobs: int | None = None, say: Callable[[int, dict[str, Any]], object] | None = None,
          pick_games: int = 600, corrections: dict[str, float] | None = CORRECTIONS,
          curve_games: int = CURVE_GAMES) -> Data:
    """The shipped weights from scratch: every round fits a 4-player and a solo
    evaluation (:func:`fit`, :func:`merge`); the next round's bots play with them; the last
    round's 4-player weights get the measured ``corrections``; then the 4-player win curves
    (:func:`with_curves`) and the pick strengths the coach's worlds deal by
    (:func:`with_picks`).  The same arguments give the same weights."""
    data: Data = {}
    try:
        for r, spec in enumerate(rounds):
            set_default(Evaluation(data) if data else None)
            if say is not None:
                say(r, spec)
            last = r == len(rounds) - 1
            multi = fit(games, seed + 10 * r, spec["bots"], 4, spec["explore"], curve_games=0, jobs=jobs,
                        corrections=corrections if last else None)
            solo = fit(solo_games, seed + 10 * r + 5, spec["bots"], 1, spec["explore"], jobs=jobs)
            data = merge(multi, solo)
    finally:
        set_default(None)
    data["fitted_on"] = {"rounds": [dict(spec) for spec in rounds], "games": games, "solo_games": solo_games,
                         "seed": seed, "corrections": dict(corrections or {}), "last_round": data["fitted_on"]}
    data = with_curves(data, curve_games, seed=seed + CURVE_SEED, jobs=jobs)
    return with_picks(data, pick_games, seed=seed + 1699, jobs=jobs)


def _seats(bots: Sequence[str]) -> str:
    """A round's bots in order, a run of one bot written once with its count (3 x greedy)."""
    runs: list[list[Any]] = []
    for b in bots:
        if runs and runs[-1][0] == b:
            runs[-1][1] += 1
        else:
            runs.append([b, 1])
    return ", ".join(b if n == 1 else f"{n} x {b}" for b, n in runs)


def _corrections(corrections: dict[str, float] | None) -> list[str]:
    if not corrections:
        return []
    added = ", ".join(f"`{name}` {lp:+g} LP" for name, lp in corrections.items())
    return ["", f"Then, in every 4-player stage of the last round: {added}.  The fit learns from its bots' own",
            "games, where these cards are seldom played, and values them too low: paired games measured it",
            "(`benchmarks/bench_bots.py --part push`, docs/strategy.md, \"Every card played\").  The win curves",
            "and the pick strengths are fitted after these corrections."]


def describe(data: Data) -> str:
    """``docs/evaluation.md``: what the model is, how it was fitted, and every weight."""
    recipe = data["fitted_on"]
    rounds = "; ".join(f"round {i}: {_seats(r['bots'])} (random move at {r['explore']:.0%} of the decisions)"
                       for i, r in enumerate(recipe.get("rounds", ())))
    lines = [
        "# The evaluation's weights",
        "",
        "Generated by `papertales lab fit --out papertales/data/evaluation.json --doc docs/evaluation.md`;",
        "do not edit by hand.  The evaluation (`papertales/evaluation.py`) estimates a seat's LP at",
        "the end of the game as a weighted sum of the features of its position",
        "(`papertales/features.py`), with one set of weights per turn and phase.  A curve per turn",
        "and phase turns the expected LPs into chances to win: between players a multinomial logit",
        "(the chances add up to 1), solo a logistic curve of the lead over the Lich King's LP.",
        "",
        f"Fitted by ridge regression on the final LP of seat-rotated games: {recipe.get('games')} 4-player and "
        f"{recipe.get('solo_games')} solo games per round, seed {recipe.get('seed')}; {rounds}.  Game *i* of a",
        "round seats the bots *i*, *i* + 1, ... of its list, going round.  Each round's greedy bots play",
        "with the weights of the round before.  The same command gives the same weights.",
        *_corrections(recipe.get("corrections")),
        "",
        "A weight reads as *LP at the end of the game per unit of the feature*.  The features are",
        "correlated (a unit's strength shows in several of them), so a single weight is one share of",
        "a thing's worth, not all of it; the coach's reasons add the shares up by topic.",
        "",
        "## Features and their weights (4 players)",
        "",
    ]
    phases = ("recruitment", "deployment", "construction")
    head = [f"t{turn} {ph[:5]}" for turn in range(1, 5) for ph in phases]
    lines.append("| feature | what it counts | " + " | ".join(head) + " |")
    lines.append("|---|---|" + "---|" * len(head))
    for name in BASE:
        cells = [f"{data['models'].get(f'{turn}.{ph}', {}).get(name, 0.0):.2f}" for turn in range(1, 5) for ph in phases]
        lines.append(f"| `{name}` | {DESCRIPTIONS[name]} | " + " | ".join(cells) + " |")
    lines += ["", "## The cards' own weights (4 players, turn 2)", "",
              "The LP a card adds beyond what the features above count: in hand during the draft "
              "(`hand:`), in play at Deployment (`play:`), kept for the next turn at Deployment (`kept:`).",
              "", "| card | hand (draft) | in play | kept |", "|---|---|---|---|"]
    cards = sorted({n.split(":", 1)[1] for n in data["features"] if ":" in n})
    draft, deploy = data["models"].get("2.recruitment", {}), data["models"].get("2.deployment", {})
    for c in cards:
        lines.append(f"| {c} | {draft.get('hand:' + c, 0.0):.2f} | {deploy.get('play:' + c, 0.0):.2f} | "
                     f"{deploy.get('kept:' + c, 0.0):.2f} |")
    curves = recipe.get("curves")
    fitted = (f"  The 4-player curves are fitted last, on {curves['games']} games of "
              f"{_seats(curves['bots'])} (seed {curves['seed']}) with these weights: the coach's chance takes "
              "its level from a curve only where every seat plays on as the greedy bot." if curves else "")
    lines += ["", "## Fit quality and win curves", "",
              "R² of the final LP on the fit games.  Win curves: between players a seat's chance is "
              "`exp(scale * v_seat) / sum(exp(scale * v))` over the seats' expected final LPs `v` "
              "(offset 0); solo it is `1 / (1 + exp(-(scale * lead + offset)))`, `lead` the player's "
              "expected LP minus the Lich King's LP now." + fitted, "",
              "| stage | samples | R² | RMSE (LP) | scale | offset |", "|---|---|---|---|---|---|"]
    for key in sorted(data["models"], key=lambda k: (k.startswith("solo"), k)):
        q = data["quality"].get(key, {})
        scale, offset = data["win"].get(key, (None, None))
        lines.append(f"| {key} | {q.get('samples')} | {q.get('r2')} | {q.get('rmse')} | {scale} | {offset} |")
    if data.get("picks"):
        r = data["fitted_on"].get("picks", {})
        lines += ["", "## Pick strengths: how the coach deals the other seats' hidden cards", "",
                  "The coach judges a move in worlds dealt from what the seat has not seen.  Real players "
                  "keep their best cards, so the cards the other seats chose (their hands, kept cards and "
                  "face-down units) are dealt in proportion to how often players take each card: the "
                  "odds `exp(strength)` of a Plackett-Luce model of the draft (a card is taken from a pack "
                  "with probability `odds / sum(odds of the pack)`), fitted on every pick of "
                  f"{r.get('games')} games of each lineup ({'; '.join(', '.join(x) for x in r.get('lineups', []))}), "
                  f"seed {r.get('seed')}, pulled towards odds 1 by {r.get('prior')} virtual pick won and lost.", "",
                  "| card | strength | odds |", "|---|---|---|"]
        for card, v in sorted(data["picks"].items(), key=lambda kv: -kv[1]):
            lines.append(f"| {card} | {v:+.2f} | {math.exp(v):.2f} |")
    return "\n".join(lines) + "\n"


def save(data: Data, path: str | os.PathLike[str]) -> None:
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, sort_keys=False)
        f.write("\n")
