"""Tournaments: seat rotation, rows from game.results, the same rows on 1 or 2 processes and
on a local Dask cluster, the summary (Wilson intervals, ratings), files, the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from papertales import stats
from papertales import tournament as T
from papertales.cli import main

ROOT = Path(__file__).resolve().parent.parent
LINEUP = ["ismcts", "greedy", "random", "random"]


@pytest.fixture(scope="module")
def rows():
    return T.run(LINEUP, games=8, seed=3, budget="2it", jobs=1, progress=False)


@pytest.mark.slow
def test_seats_are_rotated_and_every_game_has_one_row_per_seat(rows):
    assert len(rows) == 32
    for g in range(8):
        game = [r for r in rows if r["game"] == g]
        assert [r["seat"] for r in game] == [0, 1, 2, 3]
        assert [r["bot"] for r in game] == [LINEUP[(s + g) % 4] for s in range(4)]
        assert sum(r["win"] for r in game) == pytest.approx(1.0)
    assert {r["bot"] for r in rows if r["seat"] == 0} == set(LINEUP)


def test_rows_hold_the_facts_of_the_game(rows):
    r = rows[0]
    assert len(r["drafted"]) >= 16 and {t for t, _ in r["drafted"]} == {1, 2, 3, 4}
    assert all(pack.count(card) >= 1 for _, _, card, pack in r["picks"])
    first_turn = [p for p in r["picks"] if p[0] == 1]
    assert [p[1] for p in first_turn] == list(range(len(first_turn)))
    assert [c for _, _, c, _ in first_turn] == [c for t, c in r["drafted"] if t == 1][:len(first_turn)]
    assert all(1 <= t <= 4 for t, _ in r["revealed"])
    assert all(lvl in (1, 2) for lvl in r["buildings"].values())
    assert r["wars_won"] >= 0 and r["lp"] >= 0


@pytest.mark.slow
def test_same_seed_same_rows_on_one_or_two_processes(rows):
    assert T.run(LINEUP, games=8, seed=3, budget="2it", jobs=2, progress=False) == rows
    assert T.run(LINEUP, games=4, seed=3, budget="2it", jobs=2, first=4, progress=False) == rows[16:]
    assert T.run(LINEUP, games=8, seed=4, budget="2it", jobs=1, progress=False) != rows


@pytest.mark.slow
def test_same_rows_on_a_local_dask_cluster(rows):          # quick: 2 workers, 4 games
    pytest.importorskip("dask.distributed")
    assert T.run(LINEUP, games=4, seed=3, budget="2it", jobs=2, dask="local", progress=False) == rows[:16]


def test_game_seed_depends_on_seed_and_index_only(rows):
    # recorded values: a change of the mixing would silently change every tournament's games
    assert [T.game_seed(1, i) for i in range(3)] == [4024481171978880086, 2900311180284727169,
                                                     45153623859420214]
    assert T.game_seed(2, 0) == 492333103356998618
    assert len({T.game_seed(s, i) for s in range(5) for i in range(50)}) == 250
    # game 5 played alone is game 5 of the whole tournament: nothing else feeds its seed
    assert T.play_game(LINEUP, 5, seed=3, budget="2it") == rows[20:24]


def test_summary_pools_seats_of_a_bot(rows):
    s = T.summary(rows)
    assert s["games"] == 8 and set(s["bots"]) == {"ismcts", "greedy", "random"}
    r = s["bots"]["random"]
    assert r["seats"] == 16
    assert set(r) >= {"seats", "win_rate", "win_rate_ci", "mean_lp", "rating"}
    low, high = r["win_rate_ci"]
    assert 0 <= low <= r["win_rate"] <= high <= 1
    assert sum(b["wins"] for b in s["bots"].values()) == pytest.approx(8)


def test_wilson_interval_by_hand():
    # 8 wins in 10: p = 0.8, z = 1.96: centre (0.8 + 0.19208) / 1.38415 = 0.71679,
    # half 1.96 * sqrt(0.016 + 0.0096040) / 1.38415 = 0.22660 -> [0.4902, 0.9433]
    low, high = stats.wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4) and high == pytest.approx(0.9433, abs=1e-4)
    assert stats.wilson(0, 0) == (0.0, 1.0)


def test_solo_tournament_counts_the_lich_king():
    rows = T.run(["greedy", "random"], games=4, seed=1, players=1, jobs=1, progress=False, lich_king_cards=2)
    s = T.summary(rows)
    assert [r["bot"] for r in rows] == ["greedy", "random", "greedy", "random"]
    assert s["lich_king"]["games"] == 4 and "lich_king" in T.ratings(rows)
    assert all(r["lich_king_cards"] == 2 for r in rows)


def test_files_round_trip(rows, tmp_path):
    for name in ("rows.csv", "rows.parquet"):
        if name.endswith("parquet"):
            pytest.importorskip("pyarrow")
        path = T.write(rows, tmp_path / name)
        assert T.read(path) == rows


def test_bad_names_and_budgets_are_refused():
    from papertales.errors import PaperTalesError
    with pytest.raises(PaperTalesError, match="bots: random, greedy, ismcts"):
        T.run(["random", "chess"], games=1)
    with pytest.raises(PaperTalesError, match="budget"):
        T.parse_budget("fast")
    assert T.parse_budget("0.2s") == {"seconds": 0.2} and T.parse_budget("50it") == {"iterations": 50}


def test_cli_json_summary_and_out_file(capsys, tmp_path):
    out = tmp_path / "r.csv"
    code = main(["tournament", "--bots", "greedy,random,random", "--games", "3", "--seed", "2", "--jobs", "1",
                 "--json", "--out", str(out), "--rule", "discard_in_play=any"])
    s = json.loads(capsys.readouterr().out)
    assert code == 0 and s["games"] == 3 and s["players"] == 3
    assert set(s["bots"]) == {"greedy", "random"}
    for b in s["bots"].values():
        assert set(b) >= {"seats", "win_rate", "win_rate_ci", "mean_lp", "rating"} and len(b["win_rate_ci"]) == 2
    assert len(T.read(out)) == 9


@pytest.mark.parametrize("argv, words", [
    (["tournament", "--bots", "greedy,chess"], "unknown bot 'chess'; bots: random, greedy, ismcts"),
    (["tournament", "--rule", "own_order"], "valid: discard_in_play=when_full|any"),
    (["tournament", "--budget", "soon"], "a budget is"),
    (["play", "--bots", "alpha"], "bots: random, greedy, ismcts"),
    (["simulate", "--bots", "alpha"], "bots: random, greedy, ismcts"),
    (["lab", "cards", "--bots", "alpha"], "bots: random, greedy, ismcts"),
    (["whatif", "x.json", "--rule", "a=b"], "valid:"),
])
def test_cli_refuses_unknown_bots_and_rules_with_the_list(capsys, argv, words):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1
