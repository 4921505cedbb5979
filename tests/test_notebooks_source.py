"""The notebooks are written from one source (scripts/build_notebooks.py): their prose is
Markdown (English in notebooks/, Polish in notebooks/pl/), so they read before anybody runs
them; they are in sync with the source, every cell has an id, and each stays small."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

from papertales import i18n
from papertales.i18n import t

ROOT = Path(__file__).resolve().parents[1]
MAX_BYTES = 1_000_000


def _script():
    spec = importlib.util.spec_from_file_location("build_notebooks", ROOT / "scripts" / "build_notebooks.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_notebooks_are_in_sync_with_their_source():
    stale = _script().out_of_sync()
    assert not stale, f"run: python scripts/build_notebooks.py ({', '.join(p.name for p in stale)})"


def test_prose_is_markdown_in_both_languages():
    build = _script()
    for name, spec in build.NOTEBOOKS.items():
        keys = [cell[1] for cell in spec["cells"] if cell[0] == "md"]
        for lang, folder in build.LANGS.items():
            nb = json.loads((folder / f"{name}.ipynb").read_text(encoding="utf-8"))
            markdown = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
            for key in keys:
                assert t(key, lang) in markdown, f"{lang}/{name}: {key} is not a Markdown cell"
            code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
            assert f'LANG = "{lang}"' in code and "prose(" not in code and "Markdown(t(" not in code


def test_the_first_line_links_every_other_language_each_in_its_own_words(monkeypatch):
    build = _script()
    assert build.other_language_note("02_what_if", "en") == \
        "Paper Tales Lab — po polsku: [pl/02_what_if.ipynb](pl/02_what_if.ipynb)"
    assert build.other_language_note("02_what_if", "pl") == \
        "Paper Tales Lab — in English: [../02_what_if.ipynb](../02_what_if.ipynb)"
    monkeypatch.setattr(i18n, "LANGUAGES", ("en", "pl", "xx"))        # a third language, xx
    monkeypatch.setattr(build, "LANGUAGES", i18n.LANGUAGES)
    monkeypatch.setitem(i18n._catalogues, "xx", {"nb.in_language": "in xx: [{link}]({link})"})
    assert build.other_language_note("02_what_if", "pl") == (
        "Paper Tales Lab — in English: [../02_what_if.ipynb](../02_what_if.ipynb)"
        " · in xx: [../xx/02_what_if.ipynb](../xx/02_what_if.ipynb)")


def test_every_notebook_has_cell_ids_and_stays_small():
    for path in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        ids = [c.get("id") for c in nb["cells"]]
        assert all(ids) and len(set(ids)) == len(ids), f"{path.name}: a cell without an id, or an id twice"
        assert path.stat().st_size <= MAX_BYTES, path
        assert "widgets" not in nb["metadata"], f"{path.name}: stored widget state"


def test_checked_cells_store_text_tables_and_static_charts_only():
    build = _script()
    table = {"output_type": "execute_result", "execution_count": 3, "metadata": {"x": 1},
             "data": {"text/plain": "a  b\n1  2", "text/html": "<table>\n</table>"}}
    kept = build.stored_output(table, "nb 04-03")
    assert kept == {"output_type": "execute_result", "execution_count": 3, "metadata": {},
                    "data": {"text/plain": ["a  b\n", "1  2"], "text/html": ["<table>\n", "</table>"]}}
    chart = {"output_type": "display_data", "metadata": {}, "data": {"text/plain": "<SVG chart>",
                                                                     "image/svg+xml": "<svg/>"}}
    assert build.stored_output(chart, "nb")["data"]["image/svg+xml"] == ["<svg/>"]
    assert build.stored_output({"output_type": "stream", "name": "stdout", "text": "7\n"}, "nb")["text"] == ["7\n"]
    for bad in ({"output_type": "display_data", "metadata": {},
                 "data": {"text/plain": "Figure", "application/vnd.plotly.v1+json": {}}},
                {"output_type": "display_data", "metadata": {},
                 "data": {"text/plain": "x", "application/vnd.jupyter.widget-view+json": {}}},
                {"output_type": "error", "ename": "KeyError", "evalue": "'x'", "traceback": []},
                {"output_type": "stream", "name": "stdout", "text": "x" * (build.MAX_OUTPUT_BYTES + 1)}):
        with pytest.raises(SystemExit):
            build.stored_output(bad, "nb")


def test_a_rewrite_keeps_the_outputs_of_unchanged_checked_cells_only():
    build = _script()
    nb = build.notebook("04_strategy_lab", "en")
    checked = {c["id"] for c in nb["cells"]
               if c["cell_type"] == "code" and "".join(c["source"]).startswith(build.CHECKED)}
    assert len(checked) >= 8
    old = json.loads(json.dumps(nb))
    shown = {"output_type": "execute_result", "execution_count": 1, "metadata": {},
             "data": {"text/plain": ["t"], "text/html": ["<b>t</b>"]}}
    for cell in old["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"] = [shown]
    old["cells"][-2]["source"] = ["# NBVAL_CHECK_OUTPUT\n", "changed()"]   # no longer the same cell
    new = build.keep_outputs(json.loads(json.dumps(nb)), old)
    for cell in new["cells"]:
        if cell["cell_type"] != "code":
            continue
        same = cell["id"] != old["cells"][-2]["id"]
        assert (cell["outputs"] == [shown]) == (cell["id"] in checked and same), cell["id"]
        assert cell["outputs"] in ([shown], [])


def test_code_cells_reach_the_data_from_either_language():
    build = _script()
    for lang, folder in build.LANGS.items():
        code = "".join("".join(c["source"]) for c in build.notebook("04_strategy_lab", lang)["cells"]
                       if c["cell_type"] == "code")
        path = re.search(r'DATA = "([^"]+)"', code).group(1)
        assert (folder / path).resolve() == (ROOT / "notebooks" / "data" / "strategy_lab.json").resolve()
