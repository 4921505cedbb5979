"""The ``legacy`` command: exit codes, one-line errors, --json, --lang, and the
``papertales legacy ...`` dispatch."""

import io
import json
from pathlib import Path

import pytest

from legacy_helpers import demo_dict

from kingdom_legacy import LegacyError
from kingdom_legacy.cli import main
from kingdom_legacy.terminal import write_atomic

DEMO = Path(__file__).resolve().parents[2] / "kingdom_legacy" / "data" / "demo.json"


def run(argv, capsys=None):
    out = io.StringIO()
    code = main(argv, out)
    return code, out.getvalue()


def test_play_demo_prints_the_log_and_the_glory(capsys):
    code, out = run(["play", "--demo", "--seed", "1", "--bot", "simple"])
    assert code == 0
    lines = out.splitlines()
    assert "NOT the printed cards" in lines[1]
    assert any("Round 2 begins" in ln for ln in lines)
    assert lines[-1].startswith("Glory: ")
    assert int(lines[-1].split()[-1]) >= 0


def test_play_json_is_one_object_with_the_score_and_history():
    code, out = run(["play", "--demo", "--seed", "2", "--json", "--bot", "simple"])
    assert code == 0
    data = json.loads(out)
    assert data["pack"] == "demo" and data["invented"] is True and data["seed"] == 2
    assert data["glory"] == data["scores"][-1]["glory"] and data["scores"][0]["after"] == "base"
    assert data["actions"] == len(data["history"]) > 10
    again = json.loads(run(["play", "--demo", "--seed", "2", "--json", "--bot", "simple"])[1])
    assert again == data                                       # seeded: the same campaign


def test_play_in_polish_with_expansions():
    code, out = run(["play", "--demo", "--seed", "3", "--lang", "pl", "--expansions", "--bot", "simple"])
    assert code == 0
    assert "Początek rundy 2" in out and "Oczyszczenie" in out and out.splitlines()[-1].startswith("Chwała: ")


def test_random_bot_and_own_pack(tmp_path):
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps(demo_dict()), encoding="utf-8")
    code, out = run(["play", "--pack", str(mine), "--bot", "random", "--seed", "4", "--json"])
    assert code == 0 and json.loads(out)["bot"] == "random"


def test_pack_check_valid_and_invalid(tmp_path, capsys):
    code, out = run(["pack", "check", str(DEMO)])
    assert code == 0 and "valid pack 'demo'" in out
    raw = demo_dict()
    raw["cards"][4]["stages"]["back"]["upgrades"] = [{"cost": {"coin": 0}, "to": "front"}]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(raw), encoding="utf-8")
    code, out = run(["pack", "check", str(bad)])
    err = capsys.readouterr().err
    assert code == 2 and out == ""
    assert err.count("\n") == 1
    assert f"{bad}: card 5, stage back, field upgrades[0].cost.coin" in err


def test_bad_input_gives_one_line_and_exit_2(capsys):
    for argv, fragment in ([["play"], "--demo"], [["play", "--demo", "--seed", "x"], "whole number"],
                           [["play", "--demo", "--json"], "--bot"], [["play", "--resume", "/no/such.json"], "cannot read"],
                           [["play", "--demo", "--seed", "-4"], "from 0 to 2^64-1"],
                           [["play", "--demo", "--lang", "xx"], "one of en, pl"], [["fly"], "unknown"],
                           [["pack", "check", "/no/such/file.json"], "cannot read"],
                           [["play", "--demo", "--bot"], "needs a value"]):
        code, _ = run(argv)
        err = capsys.readouterr().err
        assert code == 2, argv
        assert fragment in err and err.count("\n") == 1 and "Traceback" not in err


def test_help_exits_0():
    code, out = run(["--help"])
    assert code == 0 and "legacy play" in out


def test_papertales_command_dispatches_to_legacy():
    from papertales.cli import main as papertales_main
    out = io.StringIO()
    assert papertales_main(["legacy", "play", "--demo", "--seed", "1", "--json", "--bot", "simple"], out) == 0
    assert json.loads(out.getvalue())["pack"] == "demo"


def test_a_pack_that_is_not_utf8_gives_one_line_and_exit_2(tmp_path, capsys):
    latin = tmp_path / "latin.json"
    latin.write_bytes(json.dumps(demo_dict(), ensure_ascii=False).encode("cp1250"))
    for argv in (["pack", "check", str(latin)], ["play", "--pack", str(latin), "--bot", "simple"]):
        code, out = run(argv)
        err = capsys.readouterr().err
        assert code == 2 and out == "" and err.count("\n") == 1
        assert f"{latin}: not UTF-8 text (byte 101); save the pack as UTF-8" in err and "Traceback" not in err


def test_system_errors_are_said_in_polish_with_no_english_left(tmp_path, capsys):
    code, _ = run(["play", "--resume", str(tmp_path / "no.json"), "--lang", "pl"])
    err = capsys.readouterr().err
    assert code == 2 and f"{tmp_path / 'no.json'}: nie można odczytać pliku: nie ma takiego pliku ani folderu" in err
    assert "No such" not in err
    with pytest.raises(LegacyError) as info:
        write_atomic(tmp_path / "no" / "save.json", "{}")
    assert info.value.message("pl").endswith("nie można zapisać pliku: nie ma takiego pliku ani folderu")
