"""Command-line arguments survive anything: hypothesis builds argument lists from every
command, option and odd value (missing values, wrong types, unknown names, files that are
broken, binary, missing, folders); each run exits 0, or 2 with one line on stderr naming
what is wrong and what is allowed, in English or Polish.  Never a traceback."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from fuzzing import base_packs, base_positions, tamper
from papertales import i18n
from papertales.cli import main

pytestmark = pytest.mark.filterwarnings("ignore::papertales.expansion.TileSetWarning")

POSITIONS = base_positions()[:40]
PACKS = base_packs()[:2]


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """Files a user might pass: good, tampered, broken, binary, missing, a folder."""
    d = tmp_path_factory.mktemp("cli")
    rng = random.Random(3)
    out = {"missing": str(d / "nope.json"), "folder": str(d)}
    (d / "binary.json").write_bytes(b"\x00\xff\xfe\x80 not text")
    (d / "broken.json").write_text('{"players": [', encoding="utf-8")
    (d / "empty.json").write_text("", encoding="utf-8")
    out.update(binary=str(d / "binary.json"), broken=str(d / "broken.json"), empty=str(d / "empty.json"))
    for i in range(12):
        text = POSITIONS[i * 3] if i < 4 else tamper(rng.choice(POSITIONS), rng)[0]
        (d / f"position{i}.json").write_text(text, encoding="utf-8")
        out[f"position{i}"] = str(d / f"position{i}.json")
    for i in range(6):
        text = PACKS[i % 2] if i < 2 else tamper(rng.choice(PACKS), rng)[0]
        (d / f"pack{i}.json").write_text(text, encoding="utf-8")
        out[f"pack{i}"] = str(d / f"pack{i}.json")
    out["out_csv"] = str(d / "rows.csv")
    out["out_txt"] = str(d / "rows.txt")
    out["out_folder"] = str(d / "folder.csv")
    (d / "folder.csv").mkdir()
    return out


FILE_KEYS = (["missing", "folder", "binary", "broken", "empty"] + [f"position{i}" for i in range(12)]
             + [f"pack{i}" for i in range(6)])
SMALL = st.sampled_from(["1", "2", "0", "-1", "x", "", "1e3", "2.5", "99999999999999999999"])
VALUES = {
    "--players": st.sampled_from(["1", "2", "3", "5", "6", "7", "8", "0", "four", ""]),
    "--lich-king-cards": st.sampled_from(["0", "2", "4", "5", "-1", "x"]),
    "--expansion": st.sampled_from(["beyond-the-gates", "nowhere", ""]),
    "--seed": st.sampled_from(["0", "7", "-3", "x", "1.5", "18446744073709551617"]),
    "--bots": st.sampled_from(["random", "random,random", "greedy,random", "nobody", "", ",", "random,,random"]),
    "--budget": st.sampled_from(["3it", "0.001s", "x", "-1it", "0s", "it"]),
    "--rule": st.sampled_from(["discard_in_play=any", "two_player_zero=double", "own_order=fixed", "nope=1",
                               "discard_in_play=", "=any", "x"]),
    "--lang": st.sampled_from(["en", "pl", "fr", ""]),
    "--phase": st.sampled_from(["wars", "all", "deployment", "end", "income", "party"]),
    "--jobs": st.sampled_from(["1", "0", "-2", "x"]),
}
COMMANDS = {
    "play": ["--players", "--solo", "--lich-king-cards", "--pack", "--expansion", "--seed", "--bots", "--budget",
             "--rule", "--json", "--lang"],
    "simulate": ["--players", "--solo", "--lich-king-cards", "--pack", "--expansion", "--seed", "--bots",
                 "--rule", "--json", "--jobs", "--lang"],
    "tournament": ["--players", "--solo", "--pack", "--seed", "--bots", "--budget", "--rule", "--json", "--out"],
    "whatif": ["--phase", "--pack", "--rule", "--lang"],
    "pack check": ["--lang"],
    "lab cards": ["--players", "--seed", "--bots", "--json"],
    "lab advise": ["--players", "--seed", "--budget", "--json"],
}


@st.composite
def argvs(draw, files):
    command = draw(st.sampled_from(sorted(COMMANDS) + ["nonsense", ""]))
    argv = command.split() if command else []
    if command == "whatif" and draw(st.integers(0, 9)):
        argv.append(files[draw(st.sampled_from(FILE_KEYS))])
    if command == "pack check" and draw(st.integers(0, 9)):
        argv.append(files[draw(st.sampled_from(FILE_KEYS))])
    for option in draw(st.lists(st.sampled_from(COMMANDS.get(command, ["--json", "--help-me"])), max_size=4)):
        argv.append(option)
        if option in VALUES and draw(st.integers(0, 9)):
            argv.append(draw(VALUES[option]))
        elif option == "--pack" and draw(st.integers(0, 9)):
            argv.append(files[draw(st.sampled_from(FILE_KEYS))])
        elif option == "--out":
            argv.append(files[draw(st.sampled_from(["out_csv", "out_txt", "out_folder", "folder"]))])
    # keep every run short: few games, quick bots, one process
    if command in ("simulate", "tournament", "lab cards"):
        argv += ["--games", draw(SMALL) if draw(st.integers(0, 4)) == 0 else "2"]
        if "--jobs" not in argv:
            argv += ["--jobs", "1"]
    if command in ("tournament", "lab cards", "play") and "--bots" not in argv:
        argv += ["--bots", "random,greedy"]
    if command in ("tournament", "lab advise", "play") and "--budget" not in argv:
        argv += ["--budget", "3it"]
    if draw(st.integers(0, 5)) == 0 and len(argv) > 1:
        del argv[draw(st.integers(0, len(argv) - 1))]        # a value or an option gone missing
    return argv


@pytest.mark.slow
@settings(max_examples=250, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_arguments_exit_0_or_2_with_one_line(files, capsys, data):
    argv = data.draw(argvs(files))
    try:
        code = main(argv)
    except SystemExit as exc:            # argparse's own --help
        code = exc.code
    finally:
        i18n.set_language(None)
    out, err = capsys.readouterr()
    assert "Traceback" not in err + out, argv
    assert code in (0, 2), (argv, code, err)
    if code == 2:
        assert err.count("\n") == 1 and err.startswith("papertales: "), (argv, err)


def test_a_position_error_names_the_file(files, capsys):
    assert main(["whatif", files["broken"]]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"papertales: error: {files['broken']}: not valid JSON") and err.count("\n") == 1, err
    assert main(["whatif", files["binary"], "--lang", "pl"]) == 2
    assert capsys.readouterr().err == (f"papertales: błąd: {files['binary']}: to nie jest plik tekstowy w UTF-8 "
                                       "(pozycja to tekst JSON)\n")


def test_a_position_file_with_a_bad_field_names_file_and_field(tmp_path, capsys):
    path = tmp_path / "mine.json"
    path.write_text(json.dumps({"players": [{"gold": -2}, {}]}), encoding="utf-8")
    assert main(["whatif", str(path)]) == 2
    assert capsys.readouterr().err == (f"papertales: error: {path}: players[0].gold must be a whole number from 0 to 999, "
                                       "got -2\n")
    assert main(["whatif", str(path), "--lang", "pl"]) == 2
    assert capsys.readouterr().err == (f"papertales: błąd: {path}: players[0].gold musi być liczbą całkowitą od 0 do 999, "
                                       "podano -2\n")


def test_the_files_exist(files):
    assert Path(files["position0"]).exists() and Path(files["pack0"]).exists()
