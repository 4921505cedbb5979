"""The intervals the strategy lab reports (papertales/stats.py)."""

import pytest

from papertales.stats import clustered_mean_ci, mean_ci


def test_one_value_a_cluster_gives_the_plain_interval_of_a_mean():
    values = [0.2, -0.5, 0.75, 0.0, 1.0, -0.25]
    assert clustered_mean_ci(values, range(len(values))) == pytest.approx(mean_ci(values))


def test_copies_of_a_value_in_its_own_game_add_no_evidence():
    # the positions of one game share its outcome: five copies of each game's value, in
    # that game's cluster, must give the interval of the games themselves
    values = [0.2, -0.5, 0.75, 0.0, 1.0, -0.25]
    copies = [v for v in values for _ in range(5)]
    games = [g for g in range(len(values)) for _ in range(5)]
    assert clustered_mean_ci(copies, games) == pytest.approx(clustered_mean_ci(values, range(len(values))))
    # counted as 30 independent values they would look surer
    _, low, high = mean_ci(copies)
    _, c_low, c_high = clustered_mean_ci(copies, games)
    assert high - low < c_high - c_low


def test_one_cluster_says_nothing_about_the_spread():
    assert clustered_mean_ci([1.0, 0.0], ["a", "a"]) == (0.5, 0.5, 0.5)
