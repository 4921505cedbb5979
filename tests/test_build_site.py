"""scripts/build_site.py's parts that need no browser: the wheels it ships (slimmed, stubs,
bytecode compiled by Pyodide under Node), the lock and the kernel's preload list, the site's
notebooks.  The whole site is built and played by tests/browser/test_site.py."""

from __future__ import annotations

import importlib.util
import json
import marshal
import re
import shutil
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import build_site as B  # noqa: E402

PYODIDE_TGZ = B.CACHE / "npm" / f"pyodide-{B.PYODIDE}.tgz"


def _wheel(path: Path, files: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w") as z:
        for name, text in files.items():
            z.writestr(name, text)
        z.writestr("demo-1.0.dist-info/RECORD", "".join(f"{n},,\n" for n in files))
    return path


def test_a_stub_wheel_installs_nothing_importable(tmp_path):
    wheel = B.stub_wheel(tmp_path, "jedi")
    names = zipfile.ZipFile(wheel).namelist()
    assert all(n.startswith("jedi-0.0.0+stub.dist-info/") for n in names)
    assert {n.rsplit("/", 1)[1] for n in names} == {"METADATA", "WHEEL", "RECORD"}
    assert "jedi" in B.STUBS and "sqlite3" in B.STUBS


def test_slimming_leaves_out_the_matching_files_and_their_record_lines(tmp_path):
    src = _wheel(tmp_path / "networkx-3.6.1-py3-none-any.whl",
                 {"networkx/__init__.py": "", "networkx/tests/test_a.py": "", "networkx/algorithms/tests/t.py": "",
                  "networkx/algorithms/core.py": ""})
    dst = tmp_path / "slim.whl"
    B.slim_wheel(src, dst, B.SLIM["networkx"])
    with zipfile.ZipFile(dst) as z:
        assert sorted(z.namelist()) == ["demo-1.0.dist-info/RECORD", "networkx/__init__.py",
                                        "networkx/algorithms/core.py"]
        assert "tests/" not in z.read("demo-1.0.dist-info/RECORD").decode()


def test_a_patch_edits_its_texts_and_renews_their_record_lines(tmp_path):
    import base64
    import hashlib
    src = _wheel(tmp_path / "demo-1.0-py3-none-any.whl",
                 {"demo/__init__.py": "import slow\nX = 1\n", "demo/other.py": "import slow\n"})
    dst = tmp_path / "patched.whl"
    B.patch_wheel(src, dst, {"demo/__init__.py": (("import slow\n", ""), ("X = 1", "X = 2"))})
    with zipfile.ZipFile(dst) as z:
        assert z.read("demo/__init__.py") == b"X = 2\n"
        assert z.read("demo/other.py") == b"import slow\n"                  # a file not named: as it was
        record = z.read("demo-1.0.dist-info/RECORD").decode().splitlines()
    digest = base64.urlsafe_b64encode(hashlib.sha256(b"X = 2\n").digest()).rstrip(b"=").decode()
    assert f"demo/__init__.py,sha256={digest},6" in record and "demo/other.py,," in record


@pytest.mark.parametrize("edits, says", [
    ({"demo/__init__.py": (("import fast\n", ""),)}, "0 copies, not one, of 'import fast'"),
    ({"demo/__init__.py": (("import slow\n", ""),)}, "2 copies, not one, of 'import slow'"),
    ({"demo/gone.py": (("x", "y"),)}, "has no demo/gone.py to edit"),
])
def test_a_patch_whose_text_is_not_there_once_stops_the_build(tmp_path, edits, says):
    src = _wheel(tmp_path / "demo-1.0-py3-none-any.whl", {"demo/__init__.py": "import slow\nimport slow\n"})
    dst = tmp_path / "patched.whl"
    with pytest.raises(B.BuildError, match=re.escape(says)):
        B.patch_wheel(src, dst, edits)
    assert not dst.exists()


def test_the_site_patches_name_packages_it_ships():
    shipped = {B.norm(n) for n in B.KERNEL_ROOTS + B.EXTENSION_WHEELS + B.APP_WHEELS}
    assert set(B.PATCHES) <= shipped and all(B.PATCHES.values())


def test_a_lock_entry_names_the_wheels_top_level_imports(tmp_path):
    wheel = _wheel(tmp_path / "demo-1.0-py3-none-any.whl", {"demo/__init__.py": "", "demo_two.py": ""})
    entry = B.wheel_entry(wheel)
    assert entry["name"] == "demo" and entry["version"] == "1.0" and entry["file_name"] == wheel.name
    assert entry["imports"] == ["demo", "demo_two"] and entry["install_dir"] == "site"


def test_the_kernel_preloads_every_shipped_package_and_the_notebooks_install_nothing(tmp_path):
    B.lite_config(tmp_path, ["ipython", "pyodide_kernel", "papertales-lab"])
    settings = json.loads((tmp_path / "jupyter-lite.json").read_text())["jupyter-config-data"]["litePluginSettings"]
    kernel = settings["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["loadPyodideOptions"]["packages"] == ["ipython", "pyodide_kernel", "papertales-lab"]
    nb = B.site_notebook("app.ipynb", {"plotly": "plotly-7.1.0-py3-none-any.whl"})
    assert nb["metadata"]["kernelspec"]["name"] == "python"
    assert not any("%pip" in "".join(c["source"]) for c in nb["cells"])
    first = "".join(nb["cells"][0]["source"])
    compile(first, "first cell", "exec")
    assert "{'plotly': 'plotly-7.1.0-py3-none-any.whl'}" in first
    assert len(nb["cells"]) == len(B.site_notebook("app.ipynb")["cells"]) + 1


def test_shipping_writes_the_wheels_a_lock_of_them_and_the_kernels_spelling(tmp_path):
    a = _wheel(tmp_path / "pyodide_kernel-0.7.0-py3-none-any.whl", {"pyodide_kernel/__init__.py": ""})
    b = _wheel(tmp_path / "comm-0.2.3-py3-none-any.whl", {"comm/__init__.py": ""})
    c = _wheel(tmp_path / "plotly-7.1.0-py3-none-any.whl", {"plotly/__init__.py": "", "_plotly_utils/__init__.py": ""})
    target = tmp_path / "pyodide"
    target.mkdir()
    lock = {"info": {}, "packages": {}}
    packages = {"pyodide-kernel": (a, B.wheel_entry(a)), "comm": (b, B.wheel_entry(b, depends=["nowhere", "pyodide-kernel"])),
                "plotly": (c, B.wheel_entry(c))}
    preload, lazy = B.ship(target, lock, packages, "none", offline=True)
    assert preload == ["comm", "pyodide_kernel"]           # the kernel looks for pyodide_kernel
    assert lazy == {"plotly": c.name, "_plotly_utils": c.name}   # in the lock, unpacked when imported
    written = json.loads((target / "pyodide-lock.json").read_text())["packages"]
    assert set(written) == {"comm", "pyodide-kernel", "plotly"}
    assert written["comm"]["depends"] == ["pyodide-kernel"]  # dependencies not shipped dropped
    assert written["comm"]["sha256"] == B.sha256(target / b.name)


def test_the_site_has_todays_notebooks_and_loading_note():
    assert B.site_notebooks() == [
        "app.ipynb", "01_learn_the_rules.ipynb", "02_what_if.ipynb", "03_solo_vs_lich_king.ipynb",
        "05_kingdom_legacy.ipynb", "pl/app.ipynb", "pl/01_learn_the_rules.ipynb", "pl/02_what_if.ipynb",
        "pl/03_solo_vs_lich_king.ipynb"]
    assert all((ROOT / "notebooks" / name).is_file() for name in B.site_notebooks())
    en, pl = (json.loads((ROOT / "widgets" / "locales" / lang / "app.json").read_text(encoding="utf-8"))
              ["app.site.loading"].format(mb=B.FIRST_VISIT_MB) for lang in ("en", "pl"))
    assert B.loading_html() == (
        '<h2 id="loading_text">…</h2><p id="pt-loading-note" style="font:16px system-ui,sans-serif;'
        f'text-align:center;margin:0 1em" lang="en">{en}<br><span lang="pl">{pl}</span></p>')


def test_a_new_language_joins_the_sites_notebooks_and_loading_note(tmp_path, monkeypatch):
    """Nothing lists the languages but papertales.i18n.LANGUAGES (here with a third, ``xx``)."""
    monkeypatch.setattr(B, "LANGUAGES", ("en", "pl", "xx"))
    assert B.site_notebooks()[-4:] == ["xx/app.ipynb", "xx/01_learn_the_rules.ipynb", "xx/02_what_if.ipynb",
                                       "xx/03_solo_vs_lich_king.ipynb"]
    assert "xx/05_kingdom_legacy.ipynb" not in B.site_notebooks()          # English only
    monkeypatch.setattr(B, "ROOT", tmp_path)
    for lang in ("en", "pl", "xx"):
        folder = tmp_path / "widgets" / "locales" / lang
        folder.mkdir(parents=True)
        (folder / "app.json").write_text(json.dumps({"app.site.loading": f"{lang}: {{mb}} MB <"}))
    note, mb = B.loading_html(), B.FIRST_VISIT_MB
    assert f'lang="en">en: {mb} MB &lt;<br><span lang="pl">pl: {mb} MB &lt;</span>' in note
    assert note.endswith(f'<br><span lang="xx">xx: {mb} MB &lt;</span></p>')


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("node") is None or not PYODIDE_TGZ.is_file(),
                    reason="needs node and Pyodide's npm package in build/site-cache (a site build fetches it)")
@pytest.mark.parametrize("mode", ["all", "start"])
def test_pyodide_under_node_compiles_a_wheel_to_bytecode_for_the_browser(tmp_path, monkeypatch, mode):
    """The wheel's modules become Python 3.13 bytecode (Pyodide's magic number) without their
    sources; "start" compiles only the modules the start imports (here: the kernel is not
    in the wheels given, so a start that imports only ``demo``).  The standard library's zip
    gets bytecode beside the sources of the modules Pyodide's start imports (asyncio), not
    of the others (smtplib)."""
    monkeypatch.setattr(B, "CACHE", tmp_path / "cache")
    (tmp_path / "cache" / "npm").mkdir(parents=True)
    shutil.copyfile(PYODIDE_TGZ, tmp_path / "cache" / "npm" / PYODIDE_TGZ.name)
    monkeypatch.setattr(B, "STARTUP", "import demo\n")
    wheel = _wheel(tmp_path / "demo-1.0-py3-none-any.whl",
                   {"demo/__init__.py": "from . import used\nVALUE = 42\n", "demo/used.py": "X = 1\n",
                    "demo/unused.py": "Y = 2\n", "demo-1.0.dist-info/METADATA": "Name: demo\n"})
    stdlib = shutil.copyfile(B.Compiler(offline=True)._pyodide_dir() / "python_stdlib.zip",
                             tmp_path / "python_stdlib.zip")
    done = B.Compiler(offline=True).compile([wheel], mode, stdlib)
    [out], count = done.wheels, done.modules
    names = zipfile.ZipFile(out).namelist()
    if mode == "all":
        assert count == 3 and "demo/unused.pyc" in names and "demo/unused.py" not in names
    else:
        assert count == 2 and "demo/unused.py" in names and "demo/unused.pyc" not in names
    assert "demo/__init__.pyc" in names and "demo/__init__.py" not in names and "demo/used.pyc" in names
    data = zipfile.ZipFile(out).read("demo/__init__.pyc")
    assert data[:4] == (3571).to_bytes(2, "little") + b"\r\n"     # Python 3.13's magic number
    if sys.version_info[:2] == (3, 13):
        assert data[:4] == importlib.util.MAGIC_NUMBER
        namespace: dict = {}
        exec(marshal.loads(data[16:]), namespace)
    record = zipfile.ZipFile(out).read("demo-1.0.dist-info/RECORD").decode()
    assert "demo/__init__.pyc,sha256=" in record
    std = zipfile.ZipFile(done.stdlib)
    std_names = set(std.namelist())
    assert {"asyncio/__init__.py", "asyncio/__init__.pyc", "json/decoder.pyc", "smtplib.py"} <= std_names
    assert "smtplib.pyc" not in std_names and done.stdlib_modules > 100
    assert done.stdlib_modules == sum(n.endswith(".pyc") for n in std_names)     # each module counted once
    assert std_names - {n for n in std_names if n.endswith(".pyc")} == set(zipfile.ZipFile(stdlib).namelist())
    pyc = std.read("json/decoder.pyc")
    assert pyc[:4] == (3571).to_bytes(2, "little") + b"\r\n"
    assert pyc[4:8] == (1).to_bytes(4, "little")          # hash-based, used without reading the source
    if sys.version_info[:2] == (3, 13):
        assert pyc[8:16] == importlib.util.source_hash(std.read("json/decoder.py"))   # the very source beside it
    again = B.Compiler(offline=True).compile([wheel], mode, stdlib)          # cached: the same files
    assert again.wheels == [out] and again.stdlib == done.stdlib
