"""Rewrite the recorded playthroughs in tests/playthroughs/ and the game fingerprints in
tests/fingerprints.json (run only on purpose, when a change of the games' course is
intended; review the diff before committing)."""

import json
from pathlib import Path

from papertales.playthrough import FINGERPRINTS, GAMES, fingerprint, transcript

TESTS = Path(__file__).resolve().parent.parent / "tests"

if __name__ == "__main__":
    (TESTS / "playthroughs").mkdir(exist_ok=True)
    for name, options in GAMES.items():
        lines = transcript(options)
        (TESTS / "playthroughs" / f"{name}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{name}: {len(lines)} lines")
    prints = {name: {"options": options, "first": first, "games": games,
                     "hashes": fingerprint(options, first, games, checked=True)}
              for name, (options, first, games) in FINGERPRINTS.items()}
    (TESTS / "fingerprints.json").write_text(json.dumps(prints, indent=1) + "\n", encoding="utf-8")
    print(f"fingerprints: {sum(v['games'] for v in prints.values())} games")
