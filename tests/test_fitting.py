"""Fitting the evaluation: the same recipe and seed give the same weights, and the win
curves recover a known curve from outcomes that follow it."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

from papertales import fitting  # noqa: E402


def _shipped() -> dict:
    """The shipped evaluation's data, as the package holds it."""
    return json.loads((Path(fitting.__file__).parent / "data" / "evaluation.json").read_text(encoding="utf-8"))

TINY = ({"bots": ["economist", "strongest"], "explore": 0.2},
        {"bots": ["greedy", "greedy", "greedy", "economist"], "explore": 0.1})


@pytest.mark.slow
def test_refitting_with_the_same_seed_gives_the_same_weights():
    first = fitting.refit(games=8, solo_games=4, seed=3, rounds=TINY, jobs=1, pick_games=4, curve_games=4)
    again = fitting.refit(games=8, solo_games=4, seed=3, rounds=TINY, jobs=1, pick_games=4, curve_games=4)
    other = fitting.refit(games=8, solo_games=4, seed=4, rounds=TINY, jobs=1, pick_games=4, curve_games=4)
    assert first == again
    assert first["models"] != other["models"]
    assert first["fitted_on"]["seed"] == 3 and first["fitted_on"]["rounds"] == [dict(r) for r in TINY]
    assert "1.recruitment" in first["models"] and "solo:4.wars" in first["models"]
    assert first["picks"] and first["fitted_on"]["picks"]["games"] == 4
    assert first["fitted_on"]["curves"] == {"games": 4, "seed": 3 + fitting.CURVE_SEED, "bots": ["greedy"] * 4}
    assert "2.recruitment" in first["win"] and "solo:2.recruitment" in first["win"]


def test_the_4_player_curves_are_fitted_again_on_four_greedy_bots_and_solo_s_kept():
    shipped = _shipped()
    refitted = fitting.with_curves(shipped, games=8, seed=77, jobs=1)
    solo = {k: v for k, v in shipped["win"].items() if k.startswith("solo:")}
    assert {k: v for k, v in refitted["win"].items() if k.startswith("solo:")} == solo
    assert refitted["win"].keys() == shipped["win"].keys()
    assert refitted["win"] != shipped["win"]                 # 8 games are not the shipped 10,000
    assert refitted["fitted_on"]["curves"] == {"games": 8, "seed": 77, "bots": ["greedy"] * 4}
    assert refitted["models"] == shipped["models"] and refitted["picks"] == shipped["picks"]


def test_the_multinomial_curve_recovers_its_scale():
    # two seats, expected LPs 2 and 0, with a scale of 0.5: the first seat wins
    # e^1 / (e^1 + e^0) = 0.7311 of the time; 2,000 such positions pull the fit's prior
    # (towards 0.25) to almost nothing
    v = np.array([[2.0, 0.0]] * 2000)
    p = math.e / (math.e + 1)
    y = np.array([[p, 1 - p]] * 2000)
    assert fitting._multinomial(np, v, y) == pytest.approx(0.5, abs=0.005)


def test_the_solo_curve_recovers_its_scale_and_offset():
    # leads of -4, 0 and +4 LP with outcomes following 1 / (1 + exp(-(0.5 x - 1))):
    # 0.0474, 0.2689, 0.7311
    x = np.array([-4.0, 0.0, 4.0] * 2000)
    y = 1 / (1 + np.exp(-(0.5 * x - 1.0)))
    scale, offset = fitting._logistic(np, x, y)
    assert scale == pytest.approx(0.5, abs=0.005)
    assert offset == pytest.approx(-1.0, abs=0.01)


def test_a_correction_adds_its_lp_to_that_weight_in_every_stage_and_nothing_else():
    plain = fitting.fit(games=4, seed=5, bots=["greedy"], players=4, explore=0.2, curve_games=0, jobs=1)
    corrected = fitting.fit(games=4, seed=5, bots=["greedy"], players=4, explore=0.2, curve_games=0, jobs=1,
                            corrections={"play:peddler": 2.0, "play:cook": -0.5})
    assert corrected["fitted_on"]["multi"]["corrections"] == {"play:peddler": 2.0, "play:cook": -0.5}
    assert corrected["models"].keys() == plain["models"].keys()
    for key, model in plain["models"].items():
        changed = dict(corrected["models"][key])
        assert changed.pop("play:peddler") == round(model.get("play:peddler", 0.0) + 2.0, 4)
        assert changed.pop("play:cook") == round(model.get("play:cook", 0.0) - 0.5, 4)
        assert changed == {k: v for k, v in model.items() if k not in ("play:peddler", "play:cook")}


def test_the_shipped_weights_were_fitted_by_the_recipe_the_code_holds():
    shipped = _shipped()
    recipe = shipped["fitted_on"]
    assert recipe["rounds"] == [dict(r) for r in fitting.ROUNDS]
    assert (recipe["games"], recipe["seed"]) == (fitting.GAMES, 1)
    assert recipe["corrections"] == fitting.CORRECTIONS == recipe["last_round"]["multi"]["corrections"]
    assert recipe["curves"] == {"games": fitting.CURVE_GAMES, "seed": 1 + fitting.CURVE_SEED,
                                "bots": list(fitting.CURVE_BOTS)}


def test_the_calibration_names_each_position_s_bot_beside_its_chance_and_share():
    from papertales import tournament as T
    from papertales.evaluation import Evaluation
    points = fitting.coach_chances(["greedy", "strongest", "strongest"], 1, 5, every=6, worlds=4)
    seats = T.lineup(["greedy", "strongest", "strongest"], 1, 3)
    assert points and {p.bot for p in points} == set(seats)    # positions of both bots
    assert {p.won for p in points} <= {0.0, 0.5, 1.0}
    assert all(0.0 <= p.chance <= 1.0 and 0.0 <= p.now <= 1.0 for p in points)
    assert [p.turn for p in points] == sorted(p.turn for p in points) and {p.turn for p in points} <= {1, 2, 3, 4}
    # the oracle beside the first point is the evaluation's chance at the true position
    # before the 6th decision with a choice (a whole Deployment is one), not after it
    game, _gs, names, bots = T.seated_game(["greedy", "strongest", "strongest"], 1, 5, 3)
    count = 0
    for before, s, _plan in fitting.played_decisions(game, bots):
        count += len(before.legal_actions(s)) > 1
        if count == 6:
            break
    first = points[0]
    assert (first.turn, first.phase, first.bot) == (before.turn, before.phase, names[s])
    assert first.now == Evaluation.default().win_chance(before, s) != Evaluation.default().win_chance(game, s)


def test_the_weights_page_is_the_one_the_shipped_weights_generate():
    shipped = _shipped()
    page = Path(fitting.__file__).parent.parent / "docs" / "evaluation.md"
    if not page.exists():
        pytest.skip("an installed package without the checkout's docs")
    assert page.read_text(encoding="utf-8") == fitting.describe(shipped)
