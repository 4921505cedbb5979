"""Recorded games compared line by line: any change in a game's course fails here.
Rewrite them only on purpose: ``python scripts/record_playthroughs.py``."""

from pathlib import Path

import pytest

from papertales.playthrough import GAMES, transcript

RECORDED = Path(__file__).resolve().parent / "playthroughs"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_recorded_playthrough_is_replayed_line_by_line(name):
    expected = (RECORDED / f"{name}.txt").read_text(encoding="utf-8").splitlines()
    actual = transcript(GAMES[name])
    for number, (want, got) in enumerate(zip(expected, actual), start=1):
        assert got == want, f"{name}.txt line {number} differs"
    assert len(actual) == len(expected), f"{name}: {len(actual)} lines played, {len(expected)} recorded"


def test_the_recordings_hold_every_kind_of_step():
    text = "\n".join((RECORDED / f"{name}.txt").read_text(encoding="utf-8") for name in GAMES)
    for needle in ("auto T1 recruitment/start", ": pick ", ": place ", ": done", "auto T4 end/start",
                   '"war"', '"lp"', '"death"', "lich_king "):
        assert needle in text, needle
