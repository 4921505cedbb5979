"""Thousands of seeded random games against recorded hashes: every speed-up (the bots'
sampler, unchecked actions, the compiled build) must leave every game exactly as it was.
Rewrite ``tests/fingerprints.json`` only on purpose: ``python scripts/record_playthroughs.py``."""

import json
from pathlib import Path

import pytest

from papertales.playthrough import BLOCK, FINGERPRINTS, fingerprint

RECORDED = json.loads((Path(__file__).resolve().parent / "fingerprints.json").read_text(encoding="utf-8"))


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(FINGERPRINTS))
def test_seeded_games_are_unchanged_on_the_fast_path(name):
    options, first, games = FINGERPRINTS[name]
    recorded = RECORDED[name]
    assert (recorded["options"], recorded["first"], recorded["games"]) == (options, first, games)
    assert fingerprint(options, first, games) == recorded["hashes"]


@pytest.mark.parametrize("name", sorted(FINGERPRINTS))
def test_checked_play_with_the_event_log_gives_the_same_games(name):
    options, first, _ = FINGERPRINTS[name]
    got = fingerprint(options, first, BLOCK, checked=True, record_events=True)
    assert got == RECORDED[name]["hashes"][:1]
