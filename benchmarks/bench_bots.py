"""The strength ladder of the bots, the coach's calibration, the cards the bots play (a
benchmark and a report, not a test).  Results go to docs/strategy.md.

    python benchmarks/bench_bots.py --part ladder|search|rollouts|opponents|solo|calibration|cards|push|versus|builds|speed|hint|all
                                    [--evaluation FILE] [--versus FILE] [--paired-with FILE] [--games 1000] [--search-games 200] [--style-games N] [--budget 300it]
                                    [--calibration-games 200] [--calibration-record games.jsonl]
                                    [--jobs 2] [--seed 2024] [--out results.json]

* ``ladder``: seat-rotated 4-player games: ``greedy`` against 3 of each scripted player
  (``economist``, ``strongest``) and against 3 ``random``; the reverse matches (one
  scripted player against 3 ``greedy``).  Goal: ``greedy`` wins >= 0.40 against 3
  ``economist`` (the strongest scripted player).  Then the outside styles
  (:mod:`papertales.styles`): ``greedy`` against 3 of each, and each against 3 ``greedy``
  (goal, issue #25: ``greedy`` >= 0.55 against each).
* ``search``: ``ismcts`` at ``--budget`` against 3 ``economist`` (goal >= 0.60) and against
  3 ``greedy`` (goal >= 0.45); then against 3 of each outside style (``--style-games``
  games each; goal, issue #25: >= 0.70 at 1 s).  An iteration budget gives the same games on any machine;
  ``--budget 1s`` measures time instead.
* ``rollouts``: ``ismcts`` against 3 ``greedy`` with greedy rollouts and with random ones at
  ``--rollout-iterations``, and random ones at the same CPU time (their iterations scaled
  by the measured cost per iteration), ``--rollout-games`` games each, the same games.
* ``opponents``: ``ismcts`` at ``--opponents-iterations`` whose rollouts play the other
  seats as greedy, against the same search whose worlds draw each other seat's player from
  greedy and the four outside styles, against 3 ``spoiler`` and against 3 ``warlord`` (the
  hardest styles), ``--opponents-games`` games each, the same deals for both searches.
* ``solo``: each bot against the Lich King at 0 to 4 Lich King cards.
* ``calibration``: positions of ladder games (greedy against economists, 4 greedy, and
  greedy, greedy, strongest): the chance to win the coach shows for the move played
  (:func:`papertales.fitting.coach_chances`: the judgement's own worlds and seed, no
  correction) against who won, by decile, with the Brier score; for all positions, the
  greedy seats, the scripted seats and each lineup.  Goal: within 3 points in
  every decile that holds >= 50 positions.  Each decile's gap comes with a 95 % interval
  that counts a game once (its positions share its outcome): a miss whose interval
  reaches within 3 points is one the games cannot tell from luck.  Beside it, as a measurement only, the chance the evaluation reads
  off the true position before the move (it sees the hidden cards the coach's worlds deal),
  and each lineup's mean chance by turn and phase: where the two part, the worlds' deal is
  the cause, not the curve.  ``--calibration-record FILE`` keeps each game's points as it
  ends and reads back the games FILE holds, so a seed's whole table (2,520 games, about two
  hours compiled on both cores) can be stopped and run again to go on.
* ``cards``: ``--games`` games of 4 ``greedy``: per unit type, the games in which a greedy
  seat drafted it and in how many of those it revealed it.  Goal: every type >= 2 %.
* ``push``: is a unit played too seldom, or too often?  For each ``UNIT:LP`` of ``--push``
  (``UNIT``: a unit's id, or several joined by ``+``),
  ``--push-games`` deals, each played once by four greedy bots and, for each seat, once more
  with that seat's evaluation valuing the unit in play ``LP`` more (every 4-player stage):
  the pushed seat's win share and LP margin (its LP minus the others' mean) against its own
  in the first game, paired (only the games where the push changes a decision differ),
  with 95 % normal intervals, and how often each version revealed the unit.
* ``builds``: ``ismcts`` at ``--budget`` (iterations) against 3 ``greedy``, ``--search-games``
  games, written game by game (``--out``), so that another build of the package (another
  checkout's install) plays the very same games; ``--paired-with FILE`` (that build's
  ``--out``) prints the paired differences.  How the search's worlds were compared
  (docs/strategy.md, the packs the seat passed on).
* ``versus``: is an evaluation better than the default one?  The same paired games as
  ``push``, the changed seat playing with the weights of ``--versus FILE`` (a refit, or an
  earlier evaluation: ``git show REV:papertales/data/evaluation.json``).

``--evaluation FILE`` makes FILE's weights the default of every part (every greedy bot,
rollout and judgement plays with them), so a refit is measured before it is shipped.
* ``speed``: greedy decisions, ismcts iterations (the median of five measures, after an
  untimed one) and hint worlds per CPU second.
* ``hint``: the CPU seconds a hint takes at the app's world count (:data:`papertales.coach.WORLDS`),
  on the speed positions.

Every win rate comes with its 95 % Wilson interval; games are seeded from (seed, game
index), so a run can be repeated.  Times are CPU seconds where said, else wall seconds.
"""

from __future__ import annotations

import argparse
import functools
import json
import multiprocessing
import os
import statistics
import sys
import time
from pathlib import Path

try:                                    # the installed package (the compiled build, if any) ...
    import papertales  # noqa: F401
except ImportError:                     # ... else the sources of this checkout
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from papertales import tournament as T  # noqa: E402
from papertales.stats import clustered_mean_ci  # noqa: E402
from papertales.registry import BOTS  # noqa: E402
from papertales.styles import StyleBot  # noqa: E402

#: the outside styles, in the registry's order
STYLES = [name for name, cls in BOTS.items() if issubclass(cls, StyleBot)]
GOALS = {("greedy", "economist"): 0.40, ("ismcts", "economist"): 0.60, ("ismcts", "greedy"): 0.45,
         **{("greedy", style): 0.55 for style in STYLES}, **{("ismcts", style): 0.70 for style in STYLES}}


def ci(r) -> str:
    low, high = r["win_rate_ci"]
    return f"{r['win_rate']:.3f} [{low:.3f}, {high:.3f}]"


def match(hero, field, games, seed, jobs, budget=None, players=4) -> dict:
    """``hero`` against ``players - 1`` copies of ``field``, seat-rotated."""
    start = time.monotonic()
    rows = T.run([hero] + [field] * (players - 1), games=games, seed=seed, jobs=jobs, budget=budget,
                 progress=False)
    s = T.summary(rows)["bots"]
    goal = GOALS.get((hero, field))
    verdict = "" if goal is None else f"  goal >= {goal:.2f}: {'met' if s[hero]['win_rate'] >= goal else 'NOT met'}"
    print(f"  {hero} vs 3 {field} ({games} games, {time.monotonic() - start:.0f} s): {hero} {ci(s[hero])} "
          f"mean LP {s[hero]['mean_lp']:.1f}; {field} {ci(s[field])} mean LP {s[field]['mean_lp']:.1f}{verdict}",
          flush=True)
    return {"hero": hero, "field": field, "games": games, "budget": budget, **{k: s[k] for k in s}}


def ladder(games, seed, jobs) -> list:
    """Each match seeded ``seed + k`` (``k``: its place in the list, the styles' after the
    scripted players', so adding a style repeats the earlier matches' games)."""
    matches = [("greedy", "economist"), ("greedy", "strongest"), ("greedy", "random"),
               ("economist", "greedy"), ("strongest", "greedy"),
               ("economist", "strongest"), ("strongest", "economist")]
    for style in STYLES:
        matches += [("greedy", style), (style, "greedy")]
    return [match(hero, field, games, seed + k, jobs) for k, (hero, field) in enumerate(matches)]


def search(games, budget, seed, jobs, style_games=None) -> list:
    out = [match("ismcts", "economist", games, seed + 100, jobs, budget),
           match("ismcts", "greedy", games, seed + 101, jobs, budget)]
    for k, style in enumerate(STYLES):
        out.append(match("ismcts", style, style_games or games, seed + 102 + k, jobs, budget))
    return out


def solo(games, budget, seed, jobs, bots=("random", "strongest", "economist", "greedy", "ismcts")) -> dict:
    out: dict = {}
    for cards in range(5):
        for bot in bots:
            n = games if bot != "ismcts" else max(20, games // 4)
            rows = T.run([bot], games=n, seed=seed + cards, players=1, jobs=jobs, budget=budget,
                         progress=False, lich_king_cards=cards)
            s = T.summary(rows)
            r = s["bots"][bot]
            out.setdefault(bot, {})[cards] = {"games": n, **r, "lich_king_mean_lp": s["lich_king"]["mean_lp"]}
            print(f"  {cards} Lich King cards, {bot:<9} ({n} games): win rate {ci(r)}, mean LP {r['mean_lp']:.1f}, "
                  f"Lich King {s['lich_king']['mean_lp']:.1f}", flush=True)
    return out


# ------------------------------------------------------------------ calibration

def _calibration_game(job):
    """The coach's chances (as it shows them) in one ladder game, and who won
    (:class:`papertales.fitting.ChancePoint`)."""
    from papertales.fitting import coach_chances
    lineup, index, seed, every = job
    return coach_chances(lineup, index, seed, every)


CALIBRATION_LINEUPS = (["greedy", "economist", "economist", "economist"], ["greedy"] * 4,
                       ["greedy", "greedy", "strongest"])


def _job_key(job):
    """A calibration game as a record names it: its lineup, index, seed and spacing."""
    lineup, index, seed, every = job
    return tuple(lineup), index, seed, every


def _calibration_points(jobs_list, jobs, record=None):
    """Each job's chance points.  With a ``record`` file, the games it holds are read from
    it and the others played and added to it a line at a time (a JSON object a game: its
    job and points), so that a run stopped partway goes on where it stopped: the whole
    table of a seed is about two hours on both cores.  Lines of other jobs (another seed or
    size) are left as they are."""
    from papertales.fitting import ChancePoint
    known = {}
    if record is not None and os.path.exists(record):
        with open(record, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                try:
                    d = json.loads(line)
                    known[_job_key((d["lineup"], d["index"], d["seed"], d["every"]))] = \
                        [ChancePoint(**p) for p in d["points"]]
                except (ValueError, KeyError, TypeError) as e:
                    raise SystemExit(f"{record}, line {n}: not a game this part recorded ({e!r}); "
                                     "give another --calibration-record file, or this one without that line")
    todo = [job for job in jobs_list if _job_key(job) not in known]
    if record is not None:
        print(f"  {len(jobs_list) - len(todo)} of {len(jobs_list)} games read from {record}; playing {len(todo)}",
              flush=True)
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        for job, points in zip(todo, pool.imap(_calibration_game, todo)):
            known[_job_key(job)] = points
            if record is not None:
                with open(record, "a", encoding="utf-8") as f:
                    f.write(json.dumps({"lineup": job[0], "index": job[1], "seed": job[2], "every": job[3],
                                        "points": [p._asdict() for p in points]}) + "\n")
    return [known[_job_key(job)] for job in jobs_list]


def calibration(games, seed, jobs, every=7, record=None) -> dict:
    """The table of every position, then the same for the greedy seats alone (the chance
    assumes the seat plays on as the greedy bot does), for the scripted seats, and for each
    lineup (in four greedy bots' games every seat plays as the chance assumes).
    ``record``: a file that keeps each game's points as it ends (:func:`_calibration_points`)."""
    jobs_list = []
    for k, lineup in enumerate(CALIBRATION_LINEUPS):
        jobs_list += [(lineup, i, seed + 300 + k, every) for i in range(games // len(CALIBRATION_LINEUPS))]
    parts = _calibration_points(jobs_list, jobs, record)
    points = [(g, p) for g, part in enumerate(parts) for p in part]     # (game, position)
    out = {"games": len(jobs_list)}
    groups = [("all", points), ("greedy seats", [x for x in points if x[1].bot == "greedy"]),
              ("scripted seats", [x for x in points if x[1].bot != "greedy"])]
    for lineup in CALIBRATION_LINEUPS:      # four greedy bots: every seat plays as the chance assumes
        groups.append((", ".join(lineup), [x for x in points if jobs_list[x[0]][0] == lineup]))
    for name, group in groups:
        print(f"  {name}:", flush=True)
        out[name] = calibration_table([(p.chance, p.won, g) for g, p in group])
    lineups = [(name, group) for name, group in groups if name not in ("all", "greedy seats", "scripted seats")]
    for name, group in [groups[0], *lineups]:
        print(f"  {name}, the true position now (a measurement: it sees the hidden cards):", flush=True)
        out[f"{name}, the true position now"] = calibration_table([(p.now, p.won, g) for g, p in group])
    out["by moment"] = {}
    for name, group in lineups:
        print(f"  {name}, by moment (>= 50 positions): coach, true position now, observed", flush=True)
        out["by moment"][name] = by_moment([p for _, p in group])
    return out


def by_moment(points) -> list:
    """Per turn and phase (>= 50 positions): the mean of the coach's chances, of the true
    position's, and the observed share."""
    moments: dict = {}
    for p in points:
        moments.setdefault((p.turn, p.phase), []).append(p)
    rows = []
    for (turn, phase), group in sorted(moments.items()):
        if len(group) < 50:
            continue
        n = len(group)
        coach, now, won = (sum(getattr(p, f) for p in group) / n for f in ("chance", "now", "won"))
        rows.append({"turn": turn, "phase": phase, "positions": n, "coach": round(coach, 3),
                     "now": round(now, 3), "observed": round(won, 3)})
        print(f"  turn {turn} {phase:12} {n:5} positions: {coach:.3f}  {now:.3f}  {won:.3f}", flush=True)
    return rows


def calibration_table(points) -> dict:
    """By decile of the predicted chance (``points``: predicted, won, game): positions, mean
    predicted, observed share with its 95 % interval, the gap (observed - predicted) with
    its 95 % interval, and the Brier score.  The gap's interval takes each game as one
    piece of evidence (:func:`papertales.stats.clustered_mean_ci`): the positions of a game
    share its outcome, and a decile holds several of most games, so the positions' own
    (Wilson) interval is too narrow to say whether a miss of a few points is the coach's
    or the games' (docs/strategy.md, calibration point 21)."""
    if not points:
        return {"positions": 0}
    brier = sum((p - w) ** 2 for p, w, _ in points) / len(points)
    mean_gap = sum(w - p for p, w, _ in points) / len(points)
    print(f"  {len(points)} positions, Brier score {brier:.4f}, mean gap (observed - predicted) "
          f"{100 * mean_gap:+.1f} points", flush=True)
    table = []
    for d in range(10):
        low, high = d / 10, (d + 1) / 10
        inside = [x for x in points if low <= x[0] < high or (d == 9 and x[0] == 1.0)]
        if not inside:
            continue
        pred = sum(p for p, _, _ in inside) / len(inside)
        obs = sum(w for _, w, _ in inside) / len(inside)
        lo, hi = T.wilson(sum(w for _, w, _ in inside), len(inside))
        gap, gap_lo, gap_hi = clustered_mean_ci([w - p for p, w, _ in inside], [g for _, _, g in inside])
        table.append({"decile": f"{low:.1f}-{high:.1f}", "positions": len(inside),
                      "games": len({g for _, _, g in inside}), "predicted": round(pred, 3),
                      "observed": round(obs, 3), "observed_ci": [round(lo, 3), round(hi, 3)],
                      "gap": round(gap, 3), "gap_ci": [round(gap_lo, 3), round(gap_hi, 3)]})
        verdict = ("" if len(inside) < 50 else
                   "  within 3 points" if abs(gap) <= 0.03 else
                   "  over 3 points, and so is its whole interval" if gap_lo > 0.03 or gap_hi < -0.03 else
                   "  over 3 points; its interval reaches within 3")
        print(f"  {low:.1f}-{high:.1f}: {len(inside):5} positions, predicted {pred:.3f}, observed {obs:.3f} "
              f"[{lo:.3f}, {hi:.3f}], gap {100 * gap:+.1f} [{100 * gap_lo:+.1f}, {100 * gap_hi:+.1f}]{verdict}",
              flush=True)
    return {"positions": len(points), "brier": round(brier, 4), "mean_gap": round(mean_gap, 4), "table": table}


# ------------------------------------------------------------------ cards

def cards(games, seed, jobs) -> dict:
    """Per unit type: games where a greedy seat drafted it, and revealed it in them."""
    rows = T.run(["greedy"] * 4, games=games, seed=seed + 500, jobs=jobs, progress=False)
    drafted: dict = {}
    revealed: dict = {}
    for r in rows:
        mine = {c for _, c in r["drafted"]}
        shown = {c for _, c in r["revealed"]}
        for c in mine:
            drafted[c] = drafted.get(c, 0) + 1
            if c in shown:
                revealed[c] = revealed.get(c, 0) + 1
    out = {c: {"drafted": n, "revealed": revealed.get(c, 0), "rate": round(revealed.get(c, 0) / n, 3)}
           for c, n in drafted.items()}
    for c, v in sorted(out.items(), key=lambda kv: kv[1]["rate"]):
        flag = "" if v["rate"] >= 0.02 else "   < 2 %"
        print(f"  {c:<18} drafted in {v['drafted']:5} seat-games, revealed in {v['revealed']:5} ({v['rate']:.3f}){flag}")
    return out


# ------------------------------------------------------------------ speed

def speed_positions():
    """The first draft and a deployment of turn 2 of three seeded 4-player games."""
    from papertales import Game
    from papertales.bots import RandomBot
    positions = []
    for seed in range(3):
        g = Game.new(players=4, seed=seed).advance()
        positions.append(g)
        g2 = Game.new(players=4, seed=seed)
        bots = [RandomBot(k) for k in range(4)]
        while not (g2.turn == 2 and g2.phase == "deployment" and g2.pending_players()):
            if g2.pending_players():
                s = g2.pending_players()[0]
                g2.apply(s, bots[s].choose(g2, s))
            else:
                g2.step()
        positions.append(g2)
    return positions


#: the search's speed is the median of this many measures
REPEATS = 5


def speed(iterations=100) -> dict:
    from papertales import Game, coach
    from papertales.bots import play
    from papertales.registry import get
    from papertales.ismcts import IsmctsBot
    positions = speed_positions()
    IsmctsBot(seed=1, iterations=20).analyse(positions[0], positions[0].pending_players()[0])   # untimed: first calls
    rates = []
    for _ in range(REPEATS):       # one measure varies by up to a third on this shared machine
        bot = IsmctsBot(seed=1, iterations=iterations)
        start = time.process_time()
        for g in positions:
            bot.analyse(g, g.pending_players()[0])
        rates.append(iterations * len(positions) / (time.process_time() - start))
    its = statistics.median(rates)
    start, worlds = time.process_time(), 0
    for g in positions:
        h = coach.hint(g, g.pending_players()[0], worlds=8, seed=1)
        worlds += 8 * len(h.options)
    hint_rate = worlds / (time.process_time() - start)
    decisions = 0
    start = time.process_time()
    for seed in range(6):
        g = Game.new(players=4, seed=seed, record_events=False)
        count = [0]
        play(g, [get("greedy", seed * 10 + k) for k in range(4)],
             on_choice=lambda *_: count.__setitem__(0, count[0] + 1))
        decisions += count[0]
    dps = decisions / (time.process_time() - start)
    out = {"ismcts_iterations_per_cpu_second": round(its, 1), "greedy_decisions_per_cpu_second": round(dps, 1),
           "hint_option_worlds_per_cpu_second": round(hint_rate, 1)}
    print(f"  {out}", flush=True)
    return out


def _iterations_per_cpu_second(rollout: str, iterations: int = 200) -> float:
    from papertales.ismcts import IsmctsBot
    positions = speed_positions()
    start = time.process_time()
    for g in positions:
        IsmctsBot(seed=1, iterations=iterations, rollout=rollout).analyse(g, g.pending_players()[0])
    return iterations * len(positions) / (time.process_time() - start)


def _rollout_game(job):
    """Game ``index``: ``ismcts`` (``rollout``, ``iterations``) against 3 ``greedy``, seats
    rotated and seeded as in a tournament.  Returns (the search's win share, its LP)."""
    from papertales.bots import play
    from papertales.registry import get
    rollout, iterations, index, seed = job
    gs = T.game_seed(seed, index)
    seats = [(s + index) % 4 for s in range(4)]            # lineup entry 0 is the search
    bots = [get("ismcts", T.seat_seed(gs, s), iterations=iterations, rollout=rollout) if b == 0
            else get("greedy", T.seat_seed(gs, s)) for s, b in enumerate(seats)]
    game = T.new_game(4, gs, None)
    play(game, bots, checked=True)
    s, winners = seats.index(0), game.winners()
    return (1.0 / len(winners) if s in winners else 0.0), game.scores[s]


def rollouts(games, iterations, seed, jobs) -> dict:
    """``ismcts`` with greedy rollouts against random ones, against 3 ``greedy``: at the same
    iterations, and random given the same CPU time (iterations scaled by the measured cost)."""
    cost = {r: _iterations_per_cpu_second(r) for r in ("greedy", "random")}
    same_time = max(1, int(round(iterations * cost["random"] / cost["greedy"], -1)))
    print(f"  iterations per CPU second: greedy rollouts {cost['greedy']:.0f}, random {cost['random']:.0f}",
          flush=True)
    out: dict = {"iterations_per_cpu_second": cost, "matches": []}
    for rollout, its in (("greedy", iterations), ("random", iterations), ("random", same_time)):
        start = time.monotonic()
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            results = pool.map(_rollout_game, [(rollout, its, i, seed) for i in range(games)], chunksize=1)
        wins = sum(w for w, _ in results)
        low, high = T.wilson(wins, games)
        lp = sum(score for _, score in results) / games
        print(f"  ismcts {rollout} rollouts, {its} it, vs 3 greedy ({games} games, {time.monotonic() - start:.0f} s): "
              f"{wins / games:.3f} [{low:.3f}, {high:.3f}] mean LP {lp:.1f}", flush=True)
        out["matches"].append({"rollout": rollout, "iterations": its, "games": games, "win_rate": wins / games,
                               "win_rate_ci": [low, high], "mean_lp": lp})
    return out


def _opponents_game(job):
    """Game ``index`` of ``ismcts`` (``iterations``, its rollouts' ``opponents``) against 3
    ``field``, seats rotated and seeded as in a tournament.  Returns (its win share, its LP)."""
    from papertales.bots import play
    from papertales.registry import get
    opponents, field, iterations, index, seed = job
    gs = T.game_seed(seed, index)
    seats = [(s + index) % 4 for s in range(4)]            # lineup entry 0 is the search
    bots = [get("ismcts", T.seat_seed(gs, s), iterations=iterations, opponents=opponents) if b == 0
            else get(field, T.seat_seed(gs, s)) for s, b in enumerate(seats)]
    game = T.new_game(4, gs, None)
    play(game, bots, checked=True)
    s, winners = seats.index(0), game.winners()
    return (1.0 / len(winners) if s in winners else 0.0), game.scores[s]


def opponents(games, iterations, seed, jobs, fields=("spoiler", "warlord")) -> list:
    """``ismcts`` whose rollouts play every other seat as greedy against the same search
    whose worlds draw each other seat's player from greedy and the four outside styles
    (``opponents="styles"``), on the same deals, against 3 of each of ``fields``."""
    out = []
    for k, field in enumerate(fields):
        for choice in ("rollout", "styles"):
            start = time.monotonic()
            with multiprocessing.get_context("fork").Pool(jobs) as pool:
                results = pool.map(_opponents_game, [(choice, field, iterations, i, seed + k) for i in range(games)],
                                   chunksize=1)
            wins = sum(w for w, _ in results)
            low, high = T.wilson(wins, games)
            lp = sum(score for _, score in results) / games
            print(f"  ismcts {iterations} it, opponents {choice}, vs 3 {field} ({games} games, "
                  f"{time.monotonic() - start:.0f} s): {wins / games:.3f} [{low:.3f}, {high:.3f}] mean LP {lp:.1f}",
                  flush=True)
            out.append({"opponents": choice, "field": field, "iterations": iterations, "games": games,
                        "win_rate": wins / games, "win_rate_ci": [low, high], "mean_lp": lp,
                        "results": results})
    return out


def builds(games: int, iterations: int, seed: int, jobs: int, other: str | None = None) -> dict:
    """``ismcts`` (``iterations``) against 3 ``greedy``, game by game, seeded as a tournament:
    two builds of the package (two checkouts' installs) play the very same deals, so a
    change of the search is measured paired.  ``other``: the ``--out`` file of this part on
    the other build; then the differences game by game (this build minus that one)."""
    from papertales.stats import mean_ci
    start = time.monotonic()
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        results = pool.map(_opponents_game, [("rollout", "greedy", iterations, i, seed) for i in range(games)],
                           chunksize=1)
    wins = sum(w for w, _ in results)
    low, high = T.wilson(wins, games)
    lp = sum(score for _, score in results) / games
    print(f"  ismcts {iterations} it vs 3 greedy ({games} games, seed {seed}, {time.monotonic() - start:.0f} s): "
          f"{wins / games:.3f} [{low:.3f}, {high:.3f}] mean LP {lp:.1f}", flush=True)
    out: dict = {"iterations": iterations, "games": games, "seed": seed, "win_rate": wins / games,
                 "win_rate_ci": [low, high], "mean_lp": lp, "results": results}
    if other:
        with open(other, encoding="utf-8") as f:
            theirs = json.load(f)["builds"]
        if (theirs["iterations"], theirs["games"], theirs["seed"]) != (iterations, games, seed):
            raise SystemExit(f"{other} played other games: {theirs['iterations']} it, {theirs['games']} games, "
                             f"seed {theirs['seed']}")
        win = mean_ci([a[0] - b[0] for a, b in zip(results, theirs["results"])])
        lps = mean_ci([a[1] - b[1] for a, b in zip(results, theirs["results"])])
        print(f"  minus {other}, paired: win share {win[0]:+.3f} [{win[1]:+.3f}, {win[2]:+.3f}], "
              f"LP {lps[0]:+.2f} [{lps[1]:+.2f}, {lps[2]:+.2f}]", flush=True)
        out["paired"] = {"other": other, "win_share": list(win), "lp": list(lps)}
    return out


@functools.cache
def _changed(spec: str):
    """The evaluation of the changed seat, one per process (its weights aligned once, not
    once a deal): ``push:UNIT:LP``, the default evaluation with ``play:UNIT`` raised by
    ``LP`` in every 4-player stage (``UNIT``: an id, or several joined by ``+``); or
    ``file:PATH``, the weights of that file."""
    import copy
    from papertales.evaluation import Evaluation
    kind, _, rest = spec.partition(":")
    if kind == "file":
        with open(rest, encoding="utf-8") as f:
            return Evaluation(json.load(f))
    unit, lp = rest.rsplit(":", 1)
    data = copy.deepcopy(Evaluation.default().data)
    for key, model in data["models"].items():
        if not key.startswith("solo:"):
            for u in unit.split("+"):
                model[f"play:{u}"] = model.get(f"play:{u}", 0.0) + float(lp)
    return Evaluation(data)


def _paired_game(job):
    """Deal ``index`` played by four greedy bots, then once per seat with that seat on the
    changed evaluation (:func:`_changed`): per seat (win share difference, LP margin
    difference, times ``units`` were revealed before, after)."""
    from papertales.bots import play
    from papertales.registry import get
    from papertales.results import DeploymentResult
    spec, units, index, seed = job
    gs = T.game_seed(seed, index)
    changed = _changed(spec)

    def game_with(seat):
        game = T.new_game(4, gs, None)
        bots = [get("greedy", T.seat_seed(gs, s)) for s in range(4)]
        if seat is not None:
            bots[seat].ev = changed
        play(game, bots)
        return game

    def seat_result(game, s):
        winners, lps = game.winners(), [p.lp for p in game.players]
        revealed = sum(1 for r in game.results if isinstance(r, DeploymentResult) for _, c in r.revealed[s]
                       if c in units)
        return ((1.0 / len(winners) if s in winners else 0.0), lps[s] - (sum(lps) - lps[s]) / 3, revealed)
    base = game_with(None)
    out = []
    for s in range(4):
        w0, m0, r0 = seat_result(base, s)
        w1, m1, r1 = seat_result(game_with(s), s)
        out.append((w1 - w0, m1 - m0, r0, r1))
    return out


def paired(spec: str, label: str, units: tuple[str, ...], games: int, seed: int, jobs: int) -> dict:
    """The paired effect of one seat playing with the changed evaluation ``spec``."""
    from papertales.stats import mean_ci
    start = time.monotonic()
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        rows = [r for g in pool.map(_paired_game, [(spec, units, i, seed) for i in range(games)], chunksize=20)
                for r in g]
    win, margin = mean_ci([r[0] for r in rows]), mean_ci([r[1] for r in rows])
    changed = sum(1 for r in rows if r[0] or r[1])
    revealed = (sum(r[2] for r in rows), sum(r[3] for r in rows))
    shown = f"; revealed {revealed[0]} -> {revealed[1]}" if units else ""
    print(f"  {label} ({games} deals, {len(rows)} seat-games, {changed} changed, "
          f"{time.monotonic() - start:.0f} s): win share {win[0]:+.4f} [{win[1]:+.4f}, {win[2]:+.4f}], "
          f"LP margin {margin[0]:+.3f} [{margin[1]:+.3f}, {margin[2]:+.3f}]{shown}", flush=True)
    return {"deals": games, "seat_games": len(rows), "changed": changed, "win_share": list(win),
            "lp_margin": list(margin), "revealed": list(revealed)}


def push(specs: str, games: int, seed: int, jobs: int) -> list:
    """For each ``UNIT:LP`` of ``specs`` (comma-separated), the paired effect of valuing the
    unit in play ``LP`` more (see the module's docstring, ``push``)."""
    out = []
    for spec in specs.split(","):
        unit, lp = spec.split(":")
        r = paired(f"push:{unit}:{lp}", f"{unit} {float(lp):+g} LP in play", tuple(unit.split("+")), games, seed, jobs)
        out.append({"unit": unit, "lp": float(lp), **r})
    return out


def hint_time() -> dict:
    """CPU seconds of a hint with the app's world count (:data:`papertales.coach.WORLDS`:
    the hint's, the guide's and the review's), on the speed positions."""
    from papertales import coach
    times, options = [], []
    for g in speed_positions():
        start = time.process_time()
        h = coach.hint(g, g.pending_players()[0], seed=1)
        times.append(time.process_time() - start)
        options.append(len(h.options))
    out = {"worlds": coach.WORLDS, "cpu_seconds": [round(x, 2) for x in times], "options": options}
    print(f"  {out}", flush=True)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--part", default="all",
                    choices=("all", "ladder", "search", "rollouts", "opponents", "solo", "calibration", "cards", "push",
                             "versus", "builds", "speed", "hint"))
    ap.add_argument("--games", type=int, default=1000, help="games per ladder match, and for the card count")
    ap.add_argument("--search-games", type=int, default=200, help="games per ismcts match")
    ap.add_argument("--style-games", type=int, default=None,
                    help="games per ismcts match against an outside style (default: --search-games)")
    ap.add_argument("--budget", default="300it", help="ismcts budget per decision (300it, 1s)")
    ap.add_argument("--rollout-games", type=int, default=60, help="games per match of the rollouts part")
    ap.add_argument("--rollout-iterations", type=int, default=300, help="the greedy rollouts' iterations")
    ap.add_argument("--opponents-games", type=int, default=96, help="games per match of the opponents part")
    ap.add_argument("--opponents-iterations", type=int, default=300, help="the search's iterations there")
    ap.add_argument("--solo-games", type=int, default=200)
    ap.add_argument("--solo-budget", default="100it")
    ap.add_argument("--calibration-games", type=int, default=200)
    ap.add_argument("--calibration-record", default=None, metavar="FILE",
                    help="the calibration part: keep each game's points in FILE as it ends, and read the games "
                         "FILE already holds instead of playing them again (a stopped run goes on)")
    ap.add_argument("--push", default="cook:1,cook:2,demon:2,time_master:2,peddler:1,peddler:2,peddler:3",
                    help="UNIT:LP,... for the push part")
    ap.add_argument("--push-games", type=int, default=4000, help="deals per push (each played five times)")
    ap.add_argument("--versus", default=None, metavar="FILE", help="the versus part's evaluation")
    ap.add_argument("--paired-with", default=None, metavar="FILE",
                    help="the builds part: that part's --out on another build, for the paired differences")
    ap.add_argument("--evaluation", default=None, metavar="FILE",
                    help="every part plays with these weights instead of the shipped ones")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--out", default=None, help="also write the numbers as JSON")
    args = ap.parse_args()
    import papertales.features
    build = "compiled" if not papertales.features.__file__.endswith(".py") else "pure Python"
    print(f"the {build} engine ({papertales.__file__})", flush=True)
    report: dict = {"args": vars(args), "build": build}
    if args.evaluation:
        from papertales.evaluation import Evaluation, set_default
        with open(args.evaluation, encoding="utf-8") as f:
            set_default(Evaluation(json.load(f)))      # forked workers inherit it
        print(f"every bot plays with the weights of {args.evaluation}", flush=True)
    parts = [args.part] if args.part != "all" else ["ladder", "search", "rollouts", "opponents", "solo",
                                                      "calibration", "cards", "push", "speed", "hint"]
    for part in parts:
        print(f"{part}:", flush=True)
        if part == "ladder":
            report["ladder"] = ladder(args.games, args.seed, args.jobs)
        elif part == "search":
            report["search"] = search(args.search_games, args.budget, args.seed, args.jobs, args.style_games)
        elif part == "rollouts":
            report["rollouts"] = rollouts(args.rollout_games, args.rollout_iterations, args.seed, args.jobs)
        elif part == "opponents":
            report["opponents"] = opponents(args.opponents_games, args.opponents_iterations, args.seed + 300, args.jobs)
        elif part == "solo":
            report["solo"] = solo(args.solo_games, args.solo_budget, args.seed + 7, args.jobs)
        elif part == "calibration":
            report["calibration"] = calibration(args.calibration_games, args.seed, args.jobs,
                                                 record=args.calibration_record)
        elif part == "cards":
            report["cards"] = cards(args.games, args.seed, args.jobs)
        elif part == "push":
            report["push"] = push(args.push, args.push_games, args.seed + 400, args.jobs)
        elif part == "versus":
            if not args.versus:
                ap.error("the versus part needs --versus FILE")
            report["versus"] = paired(f"file:{args.versus}", f"one seat on {args.versus}", (), args.push_games,
                                      args.seed + 400, args.jobs)
        elif part == "builds":
            from papertales.budget import parse_budget
            report["builds"] = builds(args.search_games, parse_budget(args.budget).get("iterations") or 300,
                                      args.seed, args.jobs, args.paired_with)
        elif part == "speed":
            report["speed"] = speed()
        elif part == "hint":
            report["hint"] = hint_time()
    if args.out:
        with open(args.out, "w") as f:
            json.dump(report, f, indent=1, default=str)


if __name__ == "__main__":
    main()
