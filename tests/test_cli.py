"""The papertales command line."""

import json
import subprocess
import sys

import pytest

from papertales.bots import random_game
from papertales.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_play_prints_the_log_with_causes_and_final_scores(capsys):
    code, out, err = run(capsys, "play", "--players", "4", "--seed", "7")
    assert code == 0
    g = random_game(players=4, seed=7)
    assert "== Turn 1 - wars ==" in out
    assert "(Wars)" in out
    for p in g.players:
        assert f"{p.name}: {p.lp} LP, {p.gold} gold" in out


def test_play_json_summary_matches_the_engine(capsys):
    code, out, _ = run(capsys, "play", "--players", "3", "--seed", "5", "--json")
    assert code == 0
    summary = json.loads(out)
    g = random_game(players=3, seed=5)
    assert summary["scores"] == g.scores
    assert summary["winners"] == [g.names[s] for s in g.winners()]
    for seat in range(3):
        assert sum(summary["lp_by_cause"][seat].values()) == g.scores[seat]


def test_simulate_reports_means_win_rates_and_speed(capsys):
    code, out, err = run(capsys, "simulate", "--players", "3", "--games", "20", "--seed", "1", "--json")
    assert code == 0
    r = json.loads(out)
    assert r["games"] == 20 and len(r["mean_lp"]) == 3
    assert sum(r["win_rate"]) == pytest.approx(1.0)
    assert r["games_per_second"] > 0
    assert "20/20 games" in err          # the progress bar
    expected = sum(random_game(3, s, record_events=False).scores[0] for s in range(1, 21)) / 20
    assert r["mean_lp"][0] == pytest.approx(expected, abs=1e-3)


def write(tmp_path, data, name="pos.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(path)


MARIE = {"name": "Marie", "front": ["demon", "woodcutter"], "back": ["farmer"]}
FRED = {"name": "Fred", "front": ["knight"], "buildings": {"temple": 1}}


def test_whatif_explains_strength_and_wars(tmp_path, capsys):
    path = write(tmp_path, {"turn": 1, "players": [MARIE, FRED]})
    code, out, _ = run(capsys, "whatif", path, "--phase", "wars")
    assert code == 0
    r = json.loads(out)
    marie, fred = r["players"]
    assert marie["strength"]["total"] == 9          # Demon 7 + Woodcutter 2; Farmer in the Back
    assert fred["strength"]["total"] == 4
    assert r["wars"]["lp_after"] == [6, 0]           # 2 players: 9 >= 2 x 4, two wars
    assert "income" not in r


def test_whatif_all_phases(tmp_path, capsys):
    path = write(tmp_path, {"turn": 2, "players": [MARIE, FRED]})
    code, out, _ = run(capsys, "whatif", path)
    r = json.loads(out)
    assert r["players"][1]["income"]["total"] == 4    # 2 + Temple 2
    assert r["income"]["gold_after"] == [5, 7]


@pytest.mark.parametrize("content, message", [
    ({"players": [{"front": ["unicorn"]}, FRED]}, "unknown card 'unicorn'"),
    ({"players": [{"front": ["knight", "knight", "farmer"], "back": ["cook"]}, FRED]}, "at most 2 fit"),
    ({"players": [{"back": ["cook", "farmer", "miner"]}, FRED]}, "only 2 Back spots"),
    ({"players": [{"front": ["kraken"]}, {"front": ["kraken"]}]}, "more copies than the game has"),
    ('{"players": [', "not valid JSON"),
    ({"players": [FRED]}, "2 to 5 players"),
])
def test_whatif_bad_input_gives_one_line_and_exit_2(tmp_path, capsys, content, message):
    path = write(tmp_path, content)
    code, out, err = run(capsys, "whatif", path)
    assert code == 2
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_bad_arguments_exit_2_without_traceback(capsys):
    for argv in (["play", "--players", "9"], ["simulate", "--games", "0"], ["fly"], ["whatif", "/no/such/file"]):
        code, out, err = run(capsys, *argv)
        assert code == 2, argv
        assert err.startswith("papertales: error:") and err.count("\n") == 1


def test_installed_entry_point_exit_code():
    r = subprocess.run([sys.executable, "-m", "papertales", "play", "--players", "8"],
                       capture_output=True, text=True)
    assert r.returncode == 2
    assert "players must be from 2 to 5" in r.stderr and "Traceback" not in r.stderr


def test_simulate_on_two_processes_gives_the_same_summary():
    from papertales.simulate import simulate
    one = simulate(players=3, games=120, seed=7, jobs=1)
    two = simulate(players=3, games=120, seed=7, jobs=2)
    for key in ("mean_lp", "mean_gold_left", "win_rate", "best_score"):
        assert one[key] == two[key]
    assert two["jobs"] == 2
