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
   Solo: the player's lead over the Lich King's LP and whether the player won, one
   logistic curve per stage.

``explore``: the share of decisions a seat takes at random instead of by its bot, so the
fit also sees the cards and placements its bots would not choose.  numpy does the algebra
(the ``lab`` extra).
"""

from __future__ import annotations

import json
import multiprocessing
import os

from . import tournament as T
from .bots import RandomBot, play
from .extras import require
from .evaluation import FORMAT, Evaluation, sampled_key, set_default, stage
from .features import BASE, DESCRIPTIONS, features, names
from .montecarlo import compare

RIDGE = 1.0
#: the pull towards 0 of a card's own weight: a card seen in few positions (a card the bots
#: rarely play is mostly seen after a random move) must not get a large weight by chance
CARD_RIDGE = 25.0
PRIOR = 1.0          # the pull of a win curve towards [0.25, 0]
CHUNK = 8


def _numpy():
    return require("numpy", "lab")


def play_recorded(bots, index, seed, players, explore, on_state, options=None):
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


def _fit_chunk(job):
    """The per-stage sums of games ``first .. first+count-1``."""
    np = _numpy()
    bots, first, count, seed, players, explore, options = job
    sums: dict[str, list] = {}
    for i in range(first, first + count):
        rows: dict[str, list] = {}

        def on_state(game, seat, _start):
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


def _curve_chunk(job):
    """``(stage, expected final LPs, win shares)`` at every phase start of the curve games
    (solo: the player's and the Lich King's LP now in place of the LPs)."""
    data, bots, first, count, seed, players, options = job
    ev = Evaluation(data)
    out = []
    for i in range(first, first + count):
        recs = []

        def on_state(game, seat, start):
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


def _map(fn, tasks, jobs):
    if jobs == 1 or len(tasks) == 1:
        return [fn(t) for t in tasks]
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        return pool.map(fn, tasks)          # in task order: the sums add up the same way


def _tasks(games, first=0):
    return [(i, min(CHUNK, first + games - i)) for i in range(first, first + games, CHUNK)]


def fit(games: int = 2000, seed: int = 1, bots=("greedy",), players: int = 4, explore: float = 0.1,
        curve_games: int | None = None, jobs: int | None = None, ridge: float = RIDGE,
        card_ridge: float = CARD_RIDGE, options: dict | None = None) -> dict:
    """Fit the weights (module docstring) and return them as the data of an
    :class:`~papertales.evaluation.Evaluation`, with the recipe that produced them."""
    np = _numpy()
    bots = T.check_bots(bots)
    jobs = jobs or os.cpu_count() or 1
    if players == 1:
        options = dict(options or {}, packs=["lich-king-illustrative"])
    game0 = T.new_game(players, 0, options)
    feature_names = names(game0.cards)
    k = len(feature_names)
    sums: dict[str, list] = {}
    tasks = [(list(bots), a, c, seed, players, explore, options) for a, c in _tasks(games)]
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
    models, quality = {}, {}
    penalty = np.diag([0.0] + [ridge] * (len(BASE) - 1) + [card_ridge] * (k - len(BASE)))   # no pull on the bias
    for key in sorted(sums):
        xtx, xty, n, yy = sums[key]
        w = np.linalg.solve(xtx + penalty, xty)
        rss = float(yy - 2 * w @ xty + w @ xtx @ w)
        mean = xty[0] / n                        # feature 0 is the bias: sum(y) / n
        tss = float(yy - n * mean * mean)
        models[key] = {name: round(float(v), 4) for name, v in zip(feature_names, w) if round(float(v), 4)}
        quality[key] = {"samples": int(n), "r2": round(1 - rss / tss, 3) if tss > 0 else None,
                        "rmse": round((max(rss, 0.0) / n) ** 0.5, 3)}
    mode = "solo" if players == 1 else "multi"
    recipe = {"games": games, "seed": seed, "bots": list(bots), "players": players,
              "explore": explore, "ridge": ridge, "card_ridge": card_ridge, "curve_games": 0}
    data = {"format": FORMAT, "fitted_on": {mode: recipe}, "features": list(feature_names),
            "models": models, "win": {}, "quality": quality}
    curve_games = games // 2 if curve_games is None else curve_games
    if curve_games:
        data["win"] = fit_curves(data, curve_games, seed + 1, bots, players, jobs, options)
        recipe["curve_games"] = curve_games
    return data


def merge(*parts: dict) -> dict:
    """One evaluation from fits of different modes (a 4-player fit and a solo fit)."""
    out: dict = {"format": FORMAT, "fitted_on": {}, "features": [], "models": {}, "win": {}, "quality": {}}
    for d in parts:
        for key in ("fitted_on", "models", "win", "quality"):
            out[key].update(d[key])
        out["features"] = out["features"] or d["features"]
    return out


def fit_curves(data, games, seed, bots, players, jobs, options=None) -> dict:
    """One curve per stage, ``[scale, offset]``: solo, a logistic curve of the lead over
    the Lich King; between players, the scale of the multinomial logit (offset 0).  Both
    are gently pulled towards ``[0.25, 0]``, so that a stage where every seat lost (or
    won) still gets a finite curve."""
    np = _numpy()
    tasks = [(data, list(bots), a, c, seed, players, options) for a, c in _tasks(games)]
    by_stage: dict[str, list] = {}
    for part in _map(_curve_chunk, tasks, jobs):
        for key, values, shares in part:
            by_stage.setdefault(key, []).append((values, shares))
    curves = {}
    for key in sorted(by_stage):
        values = np.array([v for v, _ in by_stage[key]], dtype=float)
        shares = np.array([w for _, w in by_stage[key]], dtype=float)
        if players == 1:
            curves[key] = _logistic(np, values[:, 0], shares[:, 0])
        else:
            curves[key] = [_multinomial(np, values, shares), 0.0]
    return curves


def _multinomial(np, v, y) -> float:
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


def _logistic(np, x, y, centre: float = 0.25) -> list[float]:
    """``[scale, offset]`` of the curve ``1 / (1 + exp(-(scale * x + offset)))`` that best
    explains the outcomes ``y`` (penalised log-likelihood pulled gently towards
    ``[centre, 0]``, Newton steps halved until the likelihood grows)."""
    def objective(a, b):
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


#: the games on which the coach's chances are corrected (``fit_sampled``): a greedy bot
#: against three economists, four greedy bots, and solo
SAMPLED_LINEUPS = (("greedy", "economist", "economist", "economist"), ("greedy",) * 4, ("greedy",))


def coach_chances(lineup, index: int, seed: int, worlds: int, every: int, ev: Evaluation | None = None,
                  raw: bool = False) -> list[tuple[str, float, float]]:
    """Play game ``index`` of ``lineup`` (seats rotated as in a tournament); at every
    ``every``-th decision with a choice, the coach's chance to win, over ``worlds`` sampled
    worlds, of the move the bot plays: the worlds' raw mean (``raw``, what the correction
    for sampling is fitted on) or the chance as the coach shows it.  Returns
    ``[(key, chance, the seat's share of the win), ...]``, the key of
    :func:`~papertales.evaluation.sampled_key`."""
    players = len(lineup)
    options = {"packs": ["lich-king-illustrative"], "lich_king_cards": index % 5} if players == 1 else None
    game, _gs, _seats, bots = T.seated_game(list(lineup), index, seed, players, options)
    points, count = [], [0]

    def on_choice(g, seat, action):
        count[0] += 1
        if count[0] % every == 0 and len(g.legal_actions(seat)) > 1:
            st = compare(g, seat, [action], worlds=worlds, seed=count[0], ev=ev)[0]
            points.append((sampled_key(g), seat, sum(st.wins) / st.n if raw else st.win))

    play(game, bots, checked=True, on_choice=on_choice)
    winners = game.winners() if game.lich is None else ([0] if game.winners() == [0] else [])
    return [(key, p, (1.0 / len(winners)) if s in winners else 0.0) for key, s, p in points]


def _sampled_chunk(job):
    """The raw chances of one game (:func:`coach_chances`) under the uncorrected weights."""
    data, lineup, index, seed, worlds, every = job
    return coach_chances(lineup, index, seed, worlds, every, ev=Evaluation(data), raw=True)


def fit_sampled(data: dict, games: int = 1200, seed: int = 900, worlds: int = 8, every: int = 7,
                jobs: int | None = None) -> dict:
    """The correction of the coach's chances to win (:meth:`Evaluation.sampled_chance`):
    per turn (and per turn solo), ``[a, b]`` of ``logit(corrected) = a * logit(mean) + b``,
    fitted on the coach's raw chances for the moves bots play in ``games`` games of each
    lineup of :data:`SAMPLED_LINEUPS` against who won (other seeds than the benchmark's)."""
    np = _numpy()
    raw = {k: v for k, v in data.items() if k != "sampled"}
    tasks = [(raw, lineup, i, seed + k, worlds, every)
             for k, lineup in enumerate(SAMPLED_LINEUPS) for i in range(games // (2 if len(lineup) > 1 else 1))]
    by_key: dict[str, list] = {}
    for part in _map(_sampled_chunk, tasks, jobs or os.cpu_count() or 1):
        for key, p, won in part:
            if 0.0 < p < 1.0:
                by_key.setdefault(key, []).append((p, won))
    out = {}
    for key in sorted(by_key):
        p = np.array([x for x, _ in by_key[key]])
        y = np.array([w for _, w in by_key[key]])
        out[key] = _logistic(np, np.log(p / (1 - p)), y, centre=1.0)
    return out


def with_sampled(data: dict, games: int = 1200, seed: int = 900, jobs: int | None = None) -> dict:
    """``data`` with the coach's correction (:func:`fit_sampled`) fitted anew and its
    recipe; the bots of those games play with ``data``'s weights."""
    previous = Evaluation.default()
    set_default(Evaluation(data))
    try:
        curves = fit_sampled(data, games, seed, jobs=jobs)
    finally:
        set_default(previous)
    recipe = {"games": games, "seed": seed, "worlds": 8, "every": 7, "lineups": [list(x) for x in SAMPLED_LINEUPS]}
    return dict(data, sampled=curves, fitted_on=dict(data["fitted_on"], sampled=recipe))


#: the recipe of the shipped weights: round 0 between the scripted players (who need no
#: evaluation), then rounds of the greedy bot -- playing with the previous round's
#: weights -- and a scripted player, each decision taken at random now and then
ROUNDS = (
    {"bots": ["economist", "strongest"], "explore": 0.2},
    {"bots": ["greedy", "greedy", "greedy", "economist"], "explore": 0.1},
    {"bots": ["greedy", "greedy", "greedy", "economist"], "explore": 0.1},
)


def refit(games: int = 2500, solo_games: int = 2500, seed: int = 1, rounds=ROUNDS, jobs: int | None = None,
          say=None, sampled_games: int = 1200) -> dict:
    """The shipped weights from scratch: every round fits a 4-player and a solo
    evaluation (:func:`fit`, :func:`merge`); the next round's bots play with them; then the
    correction of the coach's chances (:func:`with_sampled`).  The same arguments give the
    same weights."""
    data: dict = {}
    try:
        for r, spec in enumerate(rounds):
            set_default(Evaluation(data) if data else None)
            if say is not None:
                say(r, spec)
            multi = fit(games, seed + 10 * r, spec["bots"], 4, spec["explore"], jobs=jobs)
            solo = fit(solo_games, seed + 10 * r + 5, spec["bots"], 1, spec["explore"], jobs=jobs)
            data = merge(multi, solo)
    finally:
        set_default(None)
    data["fitted_on"] = {"rounds": [dict(spec) for spec in rounds], "games": games, "solo_games": solo_games,
                         "seed": seed, "last_round": data["fitted_on"]}
    return with_sampled(data, sampled_games, seed=seed + 899, jobs=jobs)


def describe(data: dict) -> str:
    """``docs/evaluation.md``: what the model is, how it was fitted, and every weight."""
    recipe = data["fitted_on"]
    rounds = "; ".join(f"round {i}: {', '.join(r['bots'])} (random move at {r['explore']:.0%} of the decisions)"
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
        f"{recipe.get('solo_games')} solo games per round, seed {recipe.get('seed')}; {rounds}.  Each round's",
        "greedy bots play with the weights of the round before.  The same command gives the same weights.",
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
    lines += ["", "## Fit quality and win curves", "",
              "R² of the final LP on the fit games.  Win curves: between players a seat's chance is "
              "`exp(scale * v_seat) / sum(exp(scale * v))` over the seats' expected final LPs `v` "
              "(offset 0); solo it is `1 / (1 + exp(-(scale * lead + offset)))`, `lead` the player's "
              "expected LP minus the Lich King's LP now.", "",
              "| stage | samples | R² | RMSE (LP) | scale | offset |", "|---|---|---|---|---|---|"]
    for key in sorted(data["models"], key=lambda k: (k.startswith("solo"), k)):
        q = data["quality"].get(key, {})
        scale, offset = data["win"].get(key, (None, None))
        lines.append(f"| {key} | {q.get('samples')} | {q.get('r2')} | {q.get('rmse')} | {scale} | {offset} |")
    if data.get("sampled"):
        r = data["fitted_on"].get("sampled", {})
        lines += ["", "## The coach's chances, corrected for sampling", "",
                  "The coach judges a move in worlds sampled from what the seat has seen: hidden cards are "
                  "dealt at random from the unseen ones, while real players drafted theirs, so its raw chance "
                  "is off (between players too high: the worlds flatter the seat that asks).  Its mean chance "
                  "to win `p` is mapped to `1 / (1 + exp(-(a * log(p / (1 - p)) + b)))`, `a` and `b` per turn, "
                  "fitted on the coach's chances for the moves bots played against who won: "
                  f"{r.get('games')} 4-player games (half with each lineup: "
                  f"{'; '.join(', '.join(x) for x in r.get('lineups', [])[:2])}) and {r.get('games')} solo games "
                  f"of greedy, seed {r.get('seed')}, {r.get('worlds')} worlds, every {r.get('every')}th decision "
                  "(a negative `b`: the raw chance was too high; a positive one, too low).", "",
                  "| turn | a | b |", "|---|---|---|"]
        for key, (a, b) in data["sampled"].items():
            lines.append(f"| {key} | {a} | {b} |")
    return "\n".join(lines) + "\n"


def save(data: dict, path) -> None:
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, sort_keys=False)
        f.write("\n")
