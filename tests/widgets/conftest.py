"""Fixtures for the panel tests."""

from __future__ import annotations

import pytest

from papertales_widgets import GameStepper


@pytest.fixture
def stepper():
    return GameStepper(players=3, seed=7, humans=[0])
