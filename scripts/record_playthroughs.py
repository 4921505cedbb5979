"""Rewrite the recorded playthroughs in tests/playthroughs/ (run only on purpose, when a
change of the games' course is intended; review the diff before committing)."""

from pathlib import Path

from papertales.playthrough import GAMES, transcript

HERE = Path(__file__).resolve().parent.parent / "tests" / "playthroughs"

if __name__ == "__main__":
    HERE.mkdir(exist_ok=True)
    for name, options in GAMES.items():
        lines = transcript(options)
        (HERE / f"{name}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{name}: {len(lines)} lines")
