"""Whose guessed cards make the coach's chance too sure?  A measurement that peeks (it
reads the hidden cards the coach never sees), so it lives here and not in the package.

    python benchmarks/bench_peek.py [--lineup greedy,greedy,strongest] [--seed 2025] [--games 0-159]
                                    [--turn 3] [--phase deployment] [--parts all,units,hand,kept]
                                    [--worlds 48] [--jobs 2] [--out peek.jsonl]

It plays the games the calibration plays (``bench_bots.py --part calibration``: the
lineup's game ``i`` of seed ``--seed`` + 300 + the lineup's place in its list) and, at every
decision of a greedy seat in ``--turn``'s ``--phase``, reads the chance to win of the move
played in four kinds of worlds, world ``k`` of each built from the same numbers:

* ``coach``: the coach's own rebuilt worlds (every hidden card guessed), the chance it
  shows where each option is played to the game's end (a scripted or random bot at the
  table); at a table of greedy bots the shown chance is the suggestion's level plus a
  step, so there this is the move's own chance in the same worlds;
* ``true``: the true game, every hidden card where it is, the draw pile shuffled;
* ``S:PART``: the true game with seat ``S``'s PART (``all``, ``units`` placed face down
  this Deployment, ``hand``, ``kept``) swapped for the coach's guess of it in world ``k``
  (the true cards put back in the draw pile where the guessed ones came from).

Each world is played on as the coach plays its worlds (``judgement.ChanceWorlds``, the
very object the coach reads its chances from): the others' Deployment first where the
seat deploys, then every seat as its player to the game's end (or to the turn's end
among greedy bots).  A line per game goes to ``--out`` as it ends (a run that stops keeps
what it played; run again with the same ``--out`` to go on); the summary compares each
kind's mean chance with the share won, over every decision and over those where the coach
says 0.6-0.9.  docs/strategy.md, calibration points 25-27, reads it.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
from pathlib import Path

try:                                    # the installed package (the compiled build, if any) ...
    import papertales  # noqa: F401
except ImportError:                     # ... else the sources of this checkout
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from papertales import tournament as T  # noqa: E402
from papertales.evaluation import Evaluation  # noqa: E402
from papertales.fitting import played_decisions  # noqa: E402
from papertales.game import Game  # noqa: E402
from papertales.judgement import SEED, ChanceWorlds, judge, outcome_index  # noqa: E402
from papertales.rng import Rng  # noqa: E402
from papertales.state import Unit  # noqa: E402

from bench_bots import CALIBRATION_LINEUPS  # noqa: E402  (this folder is on the path of a script run from it)

LINEUPS = tuple(tuple(lineup) for lineup in CALIBRATION_LINEUPS)
PARTS = ("all", "units", "hand", "kept")


def _swapped(true: Game, guess: Game, j: int, part: str) -> Game:
    """``true`` with seat ``j``'s ``part`` as in ``guess``; the true cards go back into the
    draw pile (or the discard) where the guessed ones were, so every card is held once
    where it can be."""
    g = true.clone()
    p, q = g.players[j], guess.players[j]
    out, put = [], []
    if part in ("all", "hand"):
        out += p.hand
        put += q.hand
        p.hand = list(q.hand)
    if part in ("all", "kept") and p.kept is not None and q.kept is not None:
        out.append(p.kept)
        put.append(q.kept)
        p.kept = q.kept
    if part in ("all", "units"):
        for i, u in enumerate(q.units):
            t = p.units[i]
            if u is not None and u.new and t is not None and t.new:
                out.append(t.type)
                put.append(u.type)
                p.units[i] = Unit(u.type, 0, True)
    for c in put:                              # a guessed card was unseen: find where the truth holds it
        if c in out:
            out.remove(c)
            continue
        for pile in (g.draw, g.discard):
            if c in pile and out:
                pile[pile.index(c)] = out.pop()
                break
    return g


def _peek(before: Game, s: int, plan: tuple, names: list[str], worlds: int, parts: tuple[str, ...],
          ev: Evaluation) -> dict:
    """The move ``plan``'s chance in each kind of world (module docstring)."""
    table = tuple(names)
    j = judge(before, s, worlds, ev=ev, extra=[plan], players=names, shown=[plan])
    mine = outcome_index(before, s, j, plan)
    shown = None if j.forced or mine is None or j.chance[mine] is None else j.chance[mine][0]
    chances = ChanceWorlds(before, s, ev, table)          # the coach's own worlds, seed SEED
    kinds: dict[str, list[float]] = {"coach": [], "true": []}
    others = sorted(chances.sampler.drafters, key=lambda o: (o - s) % before.n)     # the next seat first
    label: dict[int, str] = {}
    for o in others:                            # a seat named by its player: greedy1, strongest1, ...
        label[o] = f"{names[o]}{1 + sum(names[x] == names[o] for x in label)}"
        for part in parts:
            kinds[f"{label[o]}:{part}"] = []
    for k in range(worlds):
        true = before.clone()
        true.record_events = False
        Rng(Rng((SEED << 24) ^ k ^ 0x5EE).next64()).shuffle(true.draw)
        guess = chances.guess(k)
        made = {"coach": guess.clone(), "true": true}        # the coach's world k, as judgement rebuilds it
        for o in others:
            for part in parts:
                made[f"{label[o]}:{part}"] = _swapped(true, guess, o, part)
        for name, w in made.items():          # every world made before any is played on
            chances.deploy_others(w, k)
            kinds[name].append(chances.win(w, plan, k))
    return {"shown": shown, "others_done": {label[o]: before.pending[o] is None for o in others},
            "chances": {name: sum(v) / len(v) for name, v in kinds.items()}}


def _game(job: tuple) -> dict:
    lineup, index, seed, turn, phase, worlds, parts = job
    ev = Evaluation.default()
    game, _gs, names, bots = T.seated_game(list(lineup), index, seed, len(lineup))
    rows = []
    for before, s, plan in played_decisions(game, bots):
        if (names[s] == "greedy" and before.turn == turn and before.phase == phase
                and len(before.legal_actions(s)) > 1):
            rows.append({"seat": s, **_peek(before, s, tuple(plan), names, worlds, parts, ev)})
    winners = game.winners()
    for r in rows:
        r["won"] = 1.0 / len(winners) if r["seat"] in winners else 0.0
    return {"game": index, "rows": rows}


def summary(lines: list[dict]) -> dict:
    """Each kind's mean chance against the share won: every decision, the coach's 0.6-0.9,
    and split by whether every other seat was done (a Deployment)."""
    rows = [r for line in lines for r in line["rows"] if r["shown"] is not None]
    groups = {"every decision": rows,
              "the coach says 0.6-0.9": [r for r in rows if 0.6 <= r["shown"] < 0.9],
              "every other seat done": [r for r in rows if all(r["others_done"].values())],
              "another seat still to place": [r for r in rows if not all(r["others_done"].values())]}
    out = {}
    for name, group in groups.items():
        if not group:
            continue
        n = len(group)
        kinds = [k for k in group[0]["chances"] if all(k in r["chances"] for r in group)]
        means = {k: round(sum(r["chances"][k] for r in group) / n, 3) for k in kinds}
        won = round(sum(r["won"] for r in group) / n, 3)
        shown = round(sum(r["shown"] for r in group) / n, 3)
        out[name] = {"decisions": n, "won": won, "shown": shown, **means}
        print(f"{name} ({n} decisions): won {won:.3f}, shown {shown:.3f}, "
              + ", ".join(f"{k} {v:.3f}" for k, v in means.items()), flush=True)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lineup", default="greedy,greedy,strongest")
    ap.add_argument("--seed", type=int, default=2025)
    ap.add_argument("--games", default="0-159", help="FIRST-LAST, both played")
    ap.add_argument("--turn", type=int, default=3)
    ap.add_argument("--phase", default="deployment")
    ap.add_argument("--parts", default="all,units,hand,kept")
    ap.add_argument("--worlds", type=int, default=48)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", default="peek.jsonl")
    args = ap.parse_args()
    lineup = tuple(args.lineup.split(","))
    if lineup not in LINEUPS:
        ap.error(f"--lineup must be one of the calibration's: {', '.join(','.join(x) for x in LINEUPS)}")
    parts = tuple(args.parts.split(","))
    if not set(parts) <= set(PARTS):
        ap.error(f"--parts takes {', '.join(PARTS)}")
    first, last = (int(x) for x in args.games.split("-"))
    seed = args.seed + 300 + LINEUPS.index(lineup)
    lines = [json.loads(x) for x in open(args.out)] if os.path.exists(args.out) else []
    done = {line["game"] for line in lines}
    jobs = [(lineup, i, seed, args.turn, args.phase, args.worlds, parts) for i in range(first, last + 1) if i not in done]
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool, open(args.out, "a") as f:
        for line in pool.imap_unordered(_game, jobs, chunksize=1):
            f.write(json.dumps(line) + "\n")
            f.flush()
            lines.append(line)
    print(json.dumps(summary([x for x in lines if first <= x["game"] <= last]), indent=1))


if __name__ == "__main__":
    main()
