"""The notebooks are written from one source (scripts/build_notebooks.py): their prose is
Markdown (English in notebooks/, Polish in notebooks/pl/), so they read before anybody runs
them; they are in sync with the source, every cell has an id, and each stays small."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

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


def test_every_notebook_has_cell_ids_and_stays_small():
    for path in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        ids = [c.get("id") for c in nb["cells"]]
        assert all(ids) and len(set(ids)) == len(ids), f"{path.name}: a cell without an id, or an id twice"
        assert path.stat().st_size <= MAX_BYTES, path
        assert "widgets" not in nb["metadata"], f"{path.name}: stored widget state"
