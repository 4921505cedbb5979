"""The notebooks stay thin and clean; Binder and the README open the app.

The notebooks themselves run under ``pytest --nbval-lax notebooks`` (scripts/test.sh)."""

from __future__ import annotations

import json
import os
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
MAX_NOTEBOOK_BYTES = 40_000          # the cells themselves
MAX_OUTPUT_BYTES = 250_000           # the stored outputs of a notebook (tables and static charts)
STORED_TYPES = {"text/plain", "text/html", "image/svg+xml"}


def load(path):
    return json.loads(path.read_text(encoding="utf-8"))


def test_the_three_notebooks_exist():
    assert {p.name for p in NOTEBOOKS} >= {"01_learn_the_rules.ipynb", "02_what_if.ipynb", "app.ipynb"}


def test_notebooks_are_small_without_widget_state_or_errors():
    """Only the checked cells (# NBVAL_CHECK_OUTPUT, compared by nbval) store outputs: printed
    text, tables (HTML) and static charts (SVG); never a widget, a plotly figure or an error."""
    for path in NOTEBOOKS:
        nb = load(path)
        assert "widgets" not in nb["metadata"], f"{path.name}: stored widget state"
        stored = 0
        for cell in nb["cells"]:
            if cell["cell_type"] != "code":
                continue
            source = "".join(cell["source"])
            for out in cell.get("outputs", []):
                assert out["output_type"] in ("stream", "display_data", "execute_result"), \
                    f"{path.name}: stored {out['output_type']} output"
                assert set(out.get("data", {})) <= STORED_TYPES, f"{path.name}: stored {sorted(out['data'])}"
                assert source.startswith("# NBVAL_CHECK_OUTPUT"), f"{path.name}: output of an unchecked cell"
                stored += len(json.dumps(out, indent=1, ensure_ascii=False).encode())
        cells = [{k: v for k, v in c.items() if k != "outputs"} for c in nb["cells"]]
        size = len(json.dumps(dict(nb, cells=cells), indent=1, ensure_ascii=False).encode())
        assert size < MAX_NOTEBOOK_BYTES, f"{path.name}: {size:,} bytes without the outputs"
        assert stored < MAX_OUTPUT_BYTES, f"{path.name}: {stored:,} bytes of stored outputs"


def test_notebook_cells_only_call_the_package():
    for path in NOTEBOOKS:
        code = ["".join(c["source"]) for c in load(path)["cells"] if c["cell_type"] == "code"]
        assert any("papertales_widgets" in c for c in code), path
        for c in code:
            lines = [ln for ln in c.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
            assert len(lines) <= 5, f"{path.name}: a cell should call the package, not implement:\n{c}"
            assert not any(ln.lstrip().startswith(("def ", "class ")) for ln in lines), path


def test_binder_config_installs_the_project():
    binder = ROOT / "binder"
    assert (binder / "runtime.txt").read_text().strip() == "python-3.11"
    post = binder / "postBuild"
    text = post.read_text()
    assert text.startswith("#!/bin/bash") and "set -euo pipefail" in text and "pip install" in text
    assert os.access(post, os.X_OK), "binder/postBuild must be executable"
    assert "--no-build-isolation" in text and "--no-deps" in text      # built from the pins only
    # a regular install, so that mypyc compiles the engine as for scripts/app.sh (an editable
    # install or PAPERTALES_PURE=1 would leave Binder's coach on the pure engine)
    assert " -e " not in text and "--editable" not in text and "PAPERTALES_PURE" not in text


def test_binder_pins_every_package_of_the_app_at_a_version_pyproject_allows():
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name
    lines = [ln for ln in (ROOT / "binder" / "requirements.txt").read_text().splitlines()
             if ln.strip() and not ln.startswith("#")]
    pins = {}
    for ln in lines:
        name, sep, version = ln.partition("==")
        assert sep and version and not re.search(r"[<>~!*,; ]", version), f"not an exact pin: {ln}"
        pins[canonicalize_name(name)] = version
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    project = pyproject["project"]
    # the build dependencies too (setuptools, and mypy, which compiles the engine): postBuild
    # builds without isolation, so they come from the pins
    wanted = (pyproject["build-system"]["requires"] + project["dependencies"]
              + [r for extra in ("app", "lab", "test") for r in project["optional-dependencies"][extra]])
    for r in map(Requirement, wanted):
        if canonicalize_name(r.name) == canonicalize_name(project["name"]):
            continue                                     # the extras' references to the project itself
        assert canonicalize_name(r.name) in pins, f"{r.name} is not pinned in binder/requirements.txt"
        assert r.specifier.contains(pins[canonicalize_name(r.name)], prereleases=True), \
            f"{r.name}=={pins[canonicalize_name(r.name)]} is not allowed by pyproject.toml ({r})"


def test_readme_links_binder_to_the_app():
    readme = (ROOT / "README.md").read_text()
    assert "urlpath=voila/render/notebooks/app.ipynb" in readme
    assert "bash scripts/app.sh" in readme


def test_panels_are_their_own_import_package():
    cfg = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert cfg["package-dir"]["papertales_widgets"] == "widgets"
    assert "papertales_widgets" in cfg["packages"]
    for py in (ROOT / "widgets").glob("*.py"):              # the panels use the public API only
        for names in re.findall(r"from papertales[\w.]* import \(?([^)\n]+)", py.read_text()):
            assert not [n for n in re.split(r"[,\s]+", names) if n.startswith("_")], py
