"""Optional parts: a missing package of an extra gives one line naming the extra to
install (``pip install "papertales-lab[lab]"``), never a ``ModuleNotFoundError`` traceback;
and the engine imports without any of them."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from papertales import i18n
from papertales.cli import main
from papertales.errors import MissingExtraError
from papertales.extras import check, require

ROOT = Path(__file__).resolve().parents[1]
LAB = 'pip install "papertales-lab[lab]"'
APP = 'pip install "papertales-lab[app]"'


@pytest.fixture(autouse=True)
def _english():
    i18n.set_language("en")
    yield
    i18n.set_language(None)


def _without(monkeypatch, *modules):
    """Make ``import module`` fail as it does when the package is not installed."""
    for name in list(sys.modules):
        if any(name == m or name.startswith(m + ".") for m in modules):
            monkeypatch.delitem(sys.modules, name)
    for m in modules:
        monkeypatch.setitem(sys.modules, m, None)


def _one_line(capsys):
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


def test_tournament_on_dask_without_dask_names_the_lab_extra(monkeypatch, capsys):
    _without(monkeypatch, "dask", "distributed")
    assert main(["tournament", "--bots", "random,random", "--games", "2", "--dask", "local", "--json"]) == 2
    err = _one_line(capsys)
    assert "optional package dask" in err and LAB in err


@pytest.mark.parametrize("package", ["pandas", "pyarrow"])
def test_a_parquet_file_without_its_packages_names_the_lab_extra(monkeypatch, capsys, tmp_path, package):
    _without(monkeypatch, package)
    out = tmp_path / "rows.parquet"
    assert main(["tournament", "--bots", "random,random", "--games", "2", "--jobs", "1", "--out", str(out)]) == 2
    err = _one_line(capsys)
    assert f"optional package {package}" in err and LAB in err
    assert not out.exists()                        # refused before any game was played


def test_ratings_without_openskill_name_the_lab_extra(monkeypatch, capsys):
    _without(monkeypatch, "openskill")
    assert main(["tournament", "--bots", "random,random", "--games", "2", "--jobs", "1"]) == 2
    assert LAB in _one_line(capsys)


def test_charts_without_plotly_name_the_app_extra(monkeypatch):
    from papertales import cardstats
    _without(monkeypatch, "plotly")
    stats = {"units": [], "buildings": [], "tiers": {}}
    with pytest.raises(MissingExtraError, match=r"optional package plotly.*papertales-lab\[app\]"):
        cardstats.tier_chart(stats)


def test_the_message_speaks_polish():
    with pytest.raises(MissingExtraError) as err:
        require("no_such_package_xyz", "lab")
    assert err.value.text("pl") == ('to wymaga opcjonalnego pakietu no_such_package_xyz, który nie jest '
                                    f'zainstalowany; zainstaluj go poleceniem: {LAB}')
    assert isinstance(err.value, ImportError)       # what a failed import always was
    with pytest.raises(MissingExtraError, match="no_such_package_xyz"):
        check(["json", "no_such_package_xyz"], "app")


def _run(code):
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)


def test_the_panels_without_ipywidgets_name_the_app_extra():
    r = _run("import sys; sys.modules['ipywidgets'] = None\n"
             "try:\n    import papertales_widgets\n"
             "except ImportError as exc:\n    print(exc)")
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().endswith(APP) and "ipywidgets" in r.stdout


def test_the_engine_and_the_command_line_import_without_any_extra():
    blocked = ["ipywidgets", "IPython", "plotly", "networkx", "numpy", "anywidget", "voila", "jupyterlab",
               "openskill", "pandas", "pyarrow", "dask", "distributed"]
    r = _run(f"import sys\nfor m in {blocked!r}: sys.modules[m] = None\n"
             "import papertales, papertales.cli, papertales.tournament, papertales.cardstats, papertales.whatif\n"
             "from papertales import Game\nfrom papertales.bots import play\nfrom papertales.registry import get\n"
             "g = Game.new(players=3, seed=1); play(g, [get('random', seed=s) for s in range(3)]); print(g.is_over)")
    assert r.returncode == 0 and r.stdout.strip() == "True", r.stderr


# ------------------------------------------------------------------ every optional import

#: packages the engine may import directly: its one dependency and the build's helper
ENGINE_DEPENDENCIES = {"tqdm", "mypy_extensions"}
PROJECT = {"papertales", "papertales_widgets", "kingdom_legacy", "widgets"}


def _imports(path):
    """(line, top-level package) of every absolute import in a file."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield node.lineno, a.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.lineno, node.module.split(".")[0]


def _third_party(paths):
    return [(f"{p.relative_to(ROOT)}:{line}", name) for p in paths for line, name in _imports(p)
            if name not in sys.stdlib_module_names and name not in PROJECT]


def test_the_engine_imports_optional_packages_only_through_require():
    found = [(where, name) for where, name in _third_party(sorted((ROOT / "papertales").glob("*.py")))
             if name not in ENGINE_DEPENDENCIES]
    assert found == []


def test_the_panels_check_every_package_they_import():
    from papertales_widgets import APP_PACKAGES
    found = [(where, name) for where, name in _third_party(sorted((ROOT / "widgets").glob("*.py")))
             if name not in APP_PACKAGES]
    assert found == []


def test_the_scan_sees_an_import_inside_a_function(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def f():\n    import pandas as pd\n    from dask.distributed import Client\n")
    assert [name for _, name in _imports(bad)] == ["pandas", "dask"]
