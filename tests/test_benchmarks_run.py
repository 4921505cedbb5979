"""The benchmarks still run (tiny sizes, nothing timed here): a benchmark that broke with
the code it measures would only be found when someone needs its numbers."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


@pytest.mark.slow
def test_the_engine_benchmark_runs_and_reports_both_parts():
    out = subprocess.run([sys.executable, str(BENCHMARKS / "bench_engine.py"), "--games", "20", "--rounds", "1",
                          "--tournament-games", "4", "--one"], capture_output=True, text=True, check=True)
    report = json.loads(out.stdout[out.stdout.index("["):])
    assert report[0]["games"] == 20 and report[0]["decisions_per_game"] > 0
    assert report[0]["ismcts_iterations_per_cpu_second"] > 0 and report[0]["tournament_games_per_second_2_process"] > 0


@pytest.mark.slow
def test_the_bots_benchmark_runs_a_small_rollouts_part(tmp_path):
    target = tmp_path / "bots.json"
    subprocess.run([sys.executable, str(BENCHMARKS / "bench_bots.py"), "--part", "rollouts", "--rollout-games", "2",
                    "--rollout-iterations", "10", "--jobs", "1", "--out", str(target)],
                   capture_output=True, text=True, check=True)
    matches = json.loads(target.read_text())["rollouts"]["matches"]
    assert [(m["rollout"], m["games"]) for m in matches] == [("greedy", 2), ("random", 2), ("random", 2)]
    assert matches[2]["iterations"] > matches[1]["iterations"] == 10


@pytest.mark.slow
def test_the_bots_benchmark_runs_its_speed_part(tmp_path):
    target = tmp_path / "bots.json"
    subprocess.run([sys.executable, str(BENCHMARKS / "bench_bots.py"), "--part", "speed", "--out", str(target)],
                   capture_output=True, text=True, check=True)
    speed = json.loads(target.read_text())["speed"]
    assert sorted(speed) == ["greedy_decisions_per_cpu_second", "hint_option_worlds_per_cpu_second",
                             "ismcts_iterations_per_cpu_second"]
    assert all(rate > 0 for rate in speed.values())


@pytest.mark.slow
def test_the_bots_benchmark_pushes_a_unit_and_a_push_of_nothing_changes_no_game(tmp_path):
    target = tmp_path / "bots.json"
    subprocess.run([sys.executable, str(BENCHMARKS / "bench_bots.py"), "--part", "push", "--push", "peddler:0,peddler:5",
                    "--push-games", "3", "--jobs", "1", "--out", str(target)], capture_output=True, text=True, check=True)
    nothing, pushed = json.loads(target.read_text())["push"]
    assert (nothing["unit"], nothing["lp"], nothing["seat_games"]) == ("peddler", 0.0, 12)
    assert nothing["changed"] == 0 and nothing["win_share"] == [0.0, 0.0, 0.0] and nothing["lp_margin"] == [0.0, 0.0, 0.0]
    assert nothing["revealed"][0] == nothing["revealed"][1]
    assert (pushed["lp"], pushed["seat_games"], pushed["revealed"][0]) == (5.0, 12, nothing["revealed"][0])


@pytest.mark.slow
def test_the_bots_benchmark_plays_one_seat_on_another_evaluation(tmp_path):
    shipped = Path(__file__).resolve().parent.parent / "papertales" / "data" / "evaluation.json"
    data = json.loads(shipped.read_text())
    data["models"] = {key: {name: -w for name, w in model.items()} for key, model in data["models"].items()}
    backwards = tmp_path / "backwards.json"                 # every weight's sign turned: surely other choices
    backwards.write_text(json.dumps(data))

    def versus(*extra):
        target = tmp_path / "bots.json"
        subprocess.run([sys.executable, str(BENCHMARKS / "bench_bots.py"), "--part", "versus", *extra,
                        "--push-games", "2", "--jobs", "1", "--out", str(target)], capture_output=True, text=True,
                       check=True)
        return json.loads(target.read_text())["versus"]
    same = versus("--versus", str(shipped))
    assert (same["seat_games"], same["changed"], same["win_share"]) == (8, 0, [0.0, 0.0, 0.0])
    other = versus("--versus", str(backwards))
    assert other["changed"] > 0
    assert versus("--evaluation", str(backwards), "--versus", str(shipped))["changed"] > 0   # the default: the file
    assert versus("--evaluation", str(backwards), "--versus", str(backwards))["changed"] == 0


@pytest.mark.slow
def test_the_bots_benchmark_pairs_a_build_with_itself_to_a_difference_of_nothing(tmp_path):
    """The builds part, run twice on this build: the same games, so every paired
    difference is 0; a file of other games is refused."""
    first, second, other = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "c.json"
    run = [sys.executable, str(BENCHMARKS / "bench_bots.py"), "--part", "builds", "--budget", "5it",
           "--search-games", "2", "--jobs", "1", "--seed", "3"]
    subprocess.run(run + ["--out", str(first)], capture_output=True, text=True, check=True)
    subprocess.run(run + ["--out", str(second), "--paired-with", str(first)], capture_output=True, text=True, check=True)
    report = json.loads(second.read_text())["builds"]
    assert (report["games"], report["iterations"], len(report["results"])) == (2, 5, 2)
    assert report["paired"]["win_share"] == [0.0, 0.0, 0.0] and report["paired"]["lp"] == [0.0, 0.0, 0.0]
    refused = subprocess.run(run[:-2] + ["--seed", "4", "--out", str(other), "--paired-with", str(first)],
                             capture_output=True, text=True)
    assert refused.returncode != 0 and "played other games" in refused.stderr


@pytest.mark.slow
def test_the_bots_benchmark_measures_the_calibration_beside_the_true_position(tmp_path):
    target, record = tmp_path / "bots.json", tmp_path / "games.jsonl"
    run = [sys.executable, str(BENCHMARKS / "bench_bots.py"), "--part", "calibration", "--calibration-games", "3",
           "--jobs", "1", "--calibration-record", str(record), "--out"]
    subprocess.run(run + [str(target)], capture_output=True, text=True, check=True)
    report = json.loads(target.read_text())["calibration"]
    # a run stopped after two games goes on: it plays the third alone, and the table is the same
    lines = record.read_text().splitlines()
    assert [json.loads(line)["index"] for line in lines] == [0, 0, 0]      # one game of each lineup
    record.write_text(lines[0] + "\n" + lines[2] + "\n")
    again = subprocess.run(run + [str(tmp_path / "again.json")], capture_output=True, text=True, check=True)
    assert "2 of 3 games read" in again.stdout and len(record.read_text().splitlines()) == 3
    assert json.loads((tmp_path / "again.json").read_text())["calibration"] == report
    record.write_text(record.read_text() + "{not json\n")
    refused = subprocess.run(run + [str(tmp_path / "refused.json")], capture_output=True, text=True)
    assert refused.returncode != 0 and "line 4: not a game this part recorded" in refused.stderr
    assert report["games"] == 3
    lineups = ["greedy, economist, economist, economist", "greedy, greedy, greedy, greedy", "greedy, greedy, strongest"]
    for name in ["all", *lineups]:          # the same positions, read two ways
        assert report[name]["positions"] == report[f"{name}, the true position now"]["positions"] > 0
    assert report["all"]["positions"] == sum(report[name]["positions"] for name in lineups)
    for row in report["all"]["table"]:      # the gap's interval counts a game once
        assert row["games"] <= min(row["positions"], 3)
        assert row["gap_ci"][0] <= row["gap"] <= row["gap_ci"][1]
        assert row["gap"] == pytest.approx(row["observed"] - row["predicted"], abs=0.0011)
    assert sorted(report["by moment"]) == lineups    # no moment holds 50 positions of 1 game


@pytest.mark.slow
def test_the_peek_benchmark_reads_the_coach_s_own_chance_beside_the_true_world_s(tmp_path):
    """Its ``coach`` worlds are the coach's: beside a scripted bot every option is played
    to the game's end in them, so the move's chance there is the one the coach shows."""
    target = tmp_path / "peek.jsonl"
    out = subprocess.run([sys.executable, str(BENCHMARKS / "bench_peek.py"), "--games", "0-0", "--worlds", "2",
                          "--jobs", "1", "--parts", "all,units", "--out", str(target)],
                         capture_output=True, text=True, check=True)
    rows = [r for line in target.read_text().splitlines() for r in json.loads(line)["rows"]]
    assert rows and all(r["chances"]["coach"] == r["shown"] for r in rows)
    assert all(sorted(r["chances"]) == ["coach", "greedy1:all", "greedy1:units", "strongest1:all",
                                        "strongest1:units", "true"] for r in rows)
    assert all(r["won"] in (0.0, 0.5, 1.0) and 0.0 <= r["chances"]["true"] <= 1.0 for r in rows)
    assert json.loads(out.stdout[out.stdout.index("{"):])["every decision"]["decisions"] == len(rows)
