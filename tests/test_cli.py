"""The papertales command line, in English and in Polish."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from papertales import i18n
from papertales.bots import random_game
from papertales.cli import main

ROOT = Path(__file__).resolve().parent.parent          # the checkout, whatever the working directory
CLI_SOURCES = [ROOT / "papertales" / f for f in ("cli.py", "simulate.py", "lab.py", "position.py", "whatif.py",
                                                   "files.py")]


@pytest.fixture(autouse=True)
def english_environment(monkeypatch):
    """Every test starts from an English environment and leaves no language chosen."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    i18n.set_language(None)
    yield
    i18n.set_language(None)


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_play_prints_the_log_with_causes_and_final_scores(capsys):
    code, out, err = run(capsys, "play", "--players", "4", "--seed", "7")
    assert code == 0
    g = random_game(players=4, seed=7)
    assert "== Turn 1 - Wars ==" in out
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


def _run_module(*argv, **env):
    """``python -m papertales`` from another directory, with ``env`` added to a clean one."""
    environ = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")}
    environ["PYTHONPATH"] = str(ROOT) + os.pathsep + environ.get("PYTHONPATH", "")
    environ.update(env)
    return subprocess.run([sys.executable, "-m", "papertales", *argv], capture_output=True, text=True,
                          cwd=ROOT / "tests", env=environ)


def test_installed_entry_point_exit_code():
    r = _run_module("play", "--players", "8")
    assert r.returncode == 2
    assert "players must be a whole number from 2 to 5" in r.stderr and "Traceback" not in r.stderr


def test_simulate_on_two_processes_gives_the_same_summary():
    from papertales.simulate import simulate
    one = simulate(players=3, games=120, seed=7, jobs=1)
    two = simulate(players=3, games=120, seed=7, jobs=2)
    for key in ("mean_lp", "mean_gold_left", "win_rate", "best_score"):
        assert one[key] == two[key]
    assert two["jobs"] == 2


# ------------------------------------------------------------------ what the players option allows

def test_the_players_error_states_what_is_really_allowed(capsys):
    for bad in ("9", "0", "four"):
        code, _, err = run(capsys, "play", "--players", bad)
        assert code == 2
        assert "from 2 to 5" in err and "6 or 7 with --expansion beyond-the-gates" in err and "1 with --solo" in err
    assert run(capsys, "play", "--players", "6", "--expansion", "beyond-the-gates", "--json")[0] == 0
    assert run(capsys, "play", "--solo", "--json")[0] == 0
    code, _, err = run(capsys, "play", "--players", "6")
    assert code == 2 and "--expansion beyond-the-gates" in err


# ------------------------------------------------------------------ languages

def _phase(phase, lang):
    return i18n.t(f"phase.{phase}.name", lang)


def test_lang_pl_prints_the_game_in_polish(capsys):
    code, out, err = run(capsys, "--lang", "pl", "play", "--players", "3", "--seed", "7")
    assert code == 0, err
    assert f"== Tura 1 – {_phase('wars', 'pl')} ==" in out
    assert _phase("wars", "pl") == "Wojny"                  # the rulebook's word
    assert "== Wyniki końcowe ==" in out and "Zwycięzc" in out
    assert " PL, " in out and "Final scores" not in out and " gold" not in out
    g = random_game(players=3, seed=7)
    for p in g.players:                                     # same game, Polish default names
        assert f"Gracz {p.name.split()[-1]}: {p.lp} PL" in out


def test_lang_also_works_after_the_command_and_is_the_same_game(capsys):
    _, before, _ = run(capsys, "--lang", "pl", "simulate", "--games", "5", "--seed", "3")
    _, after, _ = run(capsys, "simulate", "--games", "5", "--seed", "3", "--lang", "pl")
    strip = lambda text: [line for line in text.splitlines() if "/s (" not in line]     # noqa: E731
    assert strip(before) == strip(after)
    assert "5 gier, 4 graczy, ziarna 3..7" in before and "najlepszy wynik" in before


def test_lang_en_beats_a_polish_environment(capsys, monkeypatch):
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    code, out, _ = run(capsys, "--lang", "en", "play", "--players", "2", "--seed", "1")
    assert code == 0 and "== Final scores ==" in out


def test_unknown_language_exits_2_listing_the_allowed_ones(capsys):
    for argv in (["--lang", "xx", "play"], ["play", "--lang=xx"], ["--lang", "EN", "play"]):
        code, out, err = run(capsys, *argv)
        assert code == 2, argv
        assert out == "" and err.count("\n") == 1 and "Traceback" not in err
        assert err.startswith("papertales: error:") and "en, pl" in err, err


def test_a_polish_locale_gives_polish_by_default(capsys, monkeypatch):
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    code, out, _ = run(capsys, "play", "--players", "2", "--seed", "1")
    assert code == 0 and "== Wyniki końcowe ==" in out
    code, _, err = run(capsys, "play", "--players", "9")
    assert code == 2 and err.startswith("papertales: błąd:") and "liczba graczy" in err
    assert i18n.get_language() == "pl"                   # main gave the environment's choice back


def test_a_polish_locale_in_a_real_process():
    r = _run_module("simulate", "--games", "3", "--players", "2", LANG="pl_PL.UTF-8")
    assert r.returncode == 0, r.stderr
    assert "3/3 gier" in r.stderr and "3 gry, 2 graczy" in r.stdout
    r = _run_module("whatif", "/no/such/file", LC_ALL="pl_PL.UTF-8")
    assert r.returncode == 2
    assert r.stderr == "papertales: błąd: nie można odczytać /no/such/file: nie ma takiego pliku ani katalogu\n"


@pytest.mark.parametrize("argv, polish", [
    (["simulate", "--games", "0"], "oczekiwano liczby całkowitej od 1 do 1,000,000, podano 0"),
    (["simulate", "--jobs", "-1", "--games", "1"], "--jobs musi wynosić od 0"),
    (["play", "--players", "1"], "gra jednoosobowa to tryb solo"),
    (["play", "--lich-king-cards", "2"], "ma sens tylko z --solo"),
    (["play", "--players", "7"], "wymaga --expansion beyond-the-gates"),
    (["fly"], "niedozwolona wartość: 'fly'"),
    (["whatif"], "brakuje wymaganych argumentów"),
    (["play", "--bogus"], "nieznane argumenty: --bogus"),
    (["pack", "check", "/"], "to jest katalog"),
])
def test_errors_in_polish_are_one_line_and_exit_2(capsys, argv, polish):
    code, out, err = run(capsys, "--lang", "pl", *argv)
    assert code == 2
    assert err.startswith("papertales: błąd:") and err.count("\n") == 1 and polish in err, err


def test_whatif_errors_and_texts_in_polish(tmp_path, capsys):
    path = write(tmp_path, {"players": [{"back": ["cook", "farmer", "miner"]}, FRED]})
    code, _, err = run(capsys, "--lang", "pl", "whatif", path)
    assert code == 2 and "3 Jednostki z Tyłu, a Królestwo ma tylko 2 miejsca z Tyłu" in err
    path = write(tmp_path, {"turn": 2, "players": [MARIE, FRED]})
    code, out, _ = run(capsys, "--lang", "pl", "whatif", path)
    r = json.loads(out)
    assert set(r) == {"turn", "players", "wars", "income", "aging"}      # keys stay English
    assert r["players"][1]["income"]["breakdown"][0] == {"cause": "rule.income", "name": "Dochód", "gold": 2}
    war = next(e for e in r["wars"]["events"] if e["kind"] == "war")
    assert war["data"] == [war["params"]["opponent"], war["params"]["strength"], war["params"]["against"]]
    assert war["text"].startswith("[T2 Wojny]")
    code, out_en, _ = run(capsys, "whatif", path)
    assert json.loads(out_en)["wars"]["lp_after"] == r["wars"]["lp_after"]


def test_help_in_polish(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--lang", "pl", "simulate", "--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("użycie: papertales simulate") and "opcje:" in out
    assert "pokaż tę pomoc i zakończ" in out and "liczba gier (domyślnie 1000)" in out


def test_json_keeps_english_keys_with_texts_in_the_language(capsys):
    _, en, _ = run(capsys, "play", "--players", "3", "--seed", "5", "--json")
    _, pl, _ = run(capsys, "--lang", "pl", "play", "--players", "3", "--seed", "5", "--json")
    en, pl = json.loads(en), json.loads(pl)
    assert set(en) == set(pl) and en["scores"] == pl["scores"] and en["lp_by_cause"] == pl["lp_by_cause"]
    assert pl["names"] == ["Gracz 1", "Gracz 2", "Gracz 3"]
    _, out, _ = run(capsys, "--lang", "pl", "lab", "advise", "--players", "2", "--budget", "3it", "--json")
    rows = json.loads(out)
    assert rows and set(rows[0]) == {"action", "plan", "also", "text", "worlds", "expected_lp", "lp_low", "lp_high",
                                     "win_chance", "reason"}
    assert rows[0]["action"].split()[0] in ("pick", "drop") and rows[0]["text"] != rows[0]["action"]


# ------------------------------------------------------------------ the catalogue of the command line

def _cli_catalogue(lang):
    path = ROOT / "papertales" / "locales" / lang / "cli.json"
    return json.loads(path.read_text(encoding="utf-8"))


def test_every_cli_key_exists_in_both_languages():
    en, pl = _cli_catalogue("en"), _cli_catalogue("pl")
    assert en and set(en) == set(pl)
    assert all(key.startswith("cli.") for key in en)


def test_every_cli_key_the_code_uses_is_in_the_catalogue():
    en = _cli_catalogue("en")
    used = set()
    for source in CLI_SOURCES:
        used |= set(re.findall(r"[\"'](cli\.[a-z0-9_.]+[a-z0-9_])[\"']", source.read_text(encoding="utf-8")))
    dynamic = {f"cli.pack.{f}" for f in ("units", "buildings", "necropolis", "lich_king_cards")} \
        | {f"cli.lab.col.{c}" for c in ("card", "revealed", "lp_with", "lp_without", "difference", "win_with")} \
        | {f"cli.oserror.{e}" for e in ("ENOENT", "EACCES", "EISDIR", "ENOTDIR")}
    assert len(used) > 60
    assert sorted((used | dynamic) - set(en)) == []


def test_pack_check_in_polish_gives_the_printed_name_beside_a_name_of_our_own(capsys):
    base = str(Path(__file__).resolve().parents[1] / "papertales" / "data" / "base.json")
    code, out, _ = run(capsys, "--lang", "pl", "pack", "check", base)
    assert code == 0
    units = out.splitlines()[1]
    assert units.startswith("  42 Jednostki: Poszukiwaczka Przygód (na karcie: Adventurer), Łuczniczka (na karcie: "
                            "Archer), Kowal, ")                      # Kowal: the Polish rulebook's name
    assert "Mantykora (na karcie: Manticore)" in units and "Demon, Smok (na karcie: Dragon)" in units
    code, out, _ = run(capsys, "pack", "check", base)
    assert "42 units: Adventurer, Archer, Blacksmith, " in out and "printed" not in out


def test_another_packages_command_that_cannot_load_is_one_line(capsys, monkeypatch):
    """``papertales app`` without the app extra: the panels' import names the extra, no traceback."""
    from papertales import cli
    from papertales.errors import MissingExtraError

    class Unloadable:
        def load(self):
            raise MissingExtraError("err.extra.missing", package="voila", extra="app")

    monkeypatch.setattr(cli, "registered_commands", lambda: {"app": Unloadable()})
    assert main(["app"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("papertales: error:") and "app" in err and err.count("\n") == 1
