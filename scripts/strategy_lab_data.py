"""Play the strategy lab's two tournaments once and store what notebook 04 shows of them
(``notebooks/data/strategy_lab.json``), then run notebook 04 again so that its stored
tables and charts are those of the new file.

    python scripts/strategy_lab_data.py                 # about two minutes on 2 cores (pure Python)
    python scripts/strategy_lab_data.py --check         # exit 1 if the stored games replay differently
    python scripts/strategy_lab_data.py --no-notebook   # the file only

* ``tournament``: :data:`TOURNAMENT` (every bot but the search bot at every table,
  seat-rotated); the file keeps each seat's row without its lists of cards
  (:data:`papertales_widgets.labview.ROW_FIELDS`, a few dozen kB), from which the notebook
  computes the summary and the ratings with :mod:`papertales.tournament` itself.
* ``cards``: :data:`CARDS` (greedy bots only: card statistics need competent players);
  the file keeps :func:`papertales.cardstats.card_stats` of its rows (the rows, with every
  pick and its pack, would weigh megabytes).
* ``replay``: for each, the digest of the complete rows of its first :data:`REPLAY` games
  (:func:`papertales_widgets.labview.digest`); ``--check`` and
  ``tests/test_strategy_lab_data.py`` play them again, so a change of the bots that changes
  their games is noticed, and this script is run again.

Games are seeded from (seed, game index) and no bot here has a budget in seconds, so the
file is the same on any machine, with any number of processes, pure or compiled.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
try:                                    # the installed package (the compiled build, if any) ...
    import papertales  # noqa: F401
except ImportError:                     # ... else the sources of this checkout
    sys.path.insert(0, str(ROOT))

from papertales import cardstats, tournament  # noqa: E402
from papertales_widgets.labview import ROW_FIELDS, compact, digest  # noqa: E402

DATA = ROOT / "notebooks" / "data" / "strategy_lab.json"
TOURNAMENT = {"bots": ["greedy", "economist", "strongest", "random"], "players": 4, "games": 400, "seed": 2024}
CARDS = {"bots": ["greedy"], "players": 4, "games": 1000, "seed": 2025}
REPLAY = 4
COMMAND = "python scripts/strategy_lab_data.py"


def play(spec, games=None, jobs=None, progress=False) -> list[dict]:
    return tournament.run(spec["bots"], games=games or spec["games"], seed=spec["seed"], players=spec["players"],
                          jobs=jobs, progress=progress)


def replay_digest(spec) -> str:
    return digest(play(spec, games=REPLAY, jobs=1))


def stale(data) -> list[str]:
    """The parts of ``data`` whose first games replay differently now."""
    return [part for part in ("tournament", "cards") if replay_digest(data[part]) != data[part]["replay"]["sha256"]]


def _dump(value, depth=0) -> str:
    """JSON with the top three levels indented and each item of a list of lists or dicts on
    one line (a row of the tournament, a unit's statistics)."""
    pad = " " * (depth + 1)
    if isinstance(value, dict) and depth < 3:
        items = [f"{pad}{json.dumps(k)}: {_dump(v, depth + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * depth + "}"
    if isinstance(value, list) and value and isinstance(value[0], (list, dict)):
        items = [pad + json.dumps(v, ensure_ascii=False, separators=(",", ":")) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + " " * depth + "]"
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def make(jobs=None) -> dict:
    start = time.monotonic()
    rows = play(TOURNAMENT, jobs=jobs, progress=True)
    print(f"tournament: {TOURNAMENT['games']} games in {time.monotonic() - start:.0f} s", flush=True)
    start = time.monotonic()
    card_rows = play(CARDS, jobs=jobs, progress=True)
    print(f"cards: {CARDS['games']} games in {time.monotonic() - start:.0f} s", flush=True)
    first = {part: digest([r for r in rs if r["game"] < REPLAY]) for part, rs in
             (("tournament", rows), ("cards", card_rows))}
    return {
        "about": {"made_by": COMMAND, "rows": "tournament.rows: one list per seat and game, fields "
                  + ", ".join(ROW_FIELDS),
                  "replay": f"sha256 of the complete rows of the first {REPLAY} games (papertales_widgets.labview"
                            ".digest)"},
        "tournament": {**TOURNAMENT, "replay": {"games": REPLAY, "sha256": first["tournament"]},
                       "rows": compact(rows)},
        "cards": {**CARDS, "replay": {"games": REPLAY, "sha256": first["cards"]},
                  "stats": cardstats.card_stats(card_rows)},
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="only replay the stored first games")
    ap.add_argument("--no-notebook", action="store_true", help="do not run notebook 04 afterwards")
    ap.add_argument("--jobs", type=int, default=None, help="processes (default: every core)")
    args = ap.parse_args(argv)
    if args.check:
        bad = stale(json.loads(DATA.read_text(encoding="utf-8")))
        if bad:
            print(f"{DATA.relative_to(ROOT)}: the first games of {', '.join(bad)} replay differently "
                  f"(the bots changed): run {COMMAND}")
        return 1 if bad else 0
    data = make(args.jobs)
    DATA.parent.mkdir(parents=True, exist_ok=True)
    DATA.write_text(_dump(data) + "\n", encoding="utf-8")
    print(f"wrote {DATA.relative_to(ROOT)} ({DATA.stat().st_size:,} bytes)", flush=True)
    if not args.no_notebook:
        sys.path.insert(0, str(ROOT / "scripts"))
        import build_notebooks
        start = time.monotonic()
        build_notebooks.main(["--execute", "--only", "04_strategy_lab"])
        print(f"ran notebooks/04_strategy_lab.ipynb and notebooks/pl/04_strategy_lab.ipynb "
              f"({time.monotonic() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
