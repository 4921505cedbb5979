"""Build the app as a static site that needs no server: ``python scripts/build_site.py``.

The site (``site/``, git-ignored) is Voici (Voilà's static twin on JupyterLite) running the
app's notebook in the browser on Pyodide (Python compiled to WebAssembly).  Every file the
page asks for is served by the site itself: the Pyodide runtime, every wheel the kernel and
the app install, the fonts; the public package index is switched off.  docs/publishing.md
tells a teacher how to publish it (GitHub Pages: .github/workflows/site.yml).

Steps (each download is cached in ``build/site-cache/``, so a second build is offline):

1. the build tools in their own virtualenv ``.venv-site`` (:data:`TOOLS`);
2. Pyodide's core (``npm pack pyodide@``:data:`PYODIDE`) and Font Awesome (npm);
3. wheels: the kernel's (the versions Pyodide's lock names, :data:`KERNEL_ROOTS` and their
   dependencies), the app's pure dependencies (:data:`APP_WHEELS`, versions from
   binder/requirements.txt) and the project itself, built pure (``PAPERTALES_PURE=1``);
4. ``voici build`` of the site's notebooks (:data:`NOTEBOOKS`: a copy of each with a first
   cell that installs the app from the site's own ``pypi/``; the notebooks themselves stay as
   they are for Voilà); then the pages' CDN links pointed at the local copies, a note in
   English and Polish under Voici's spinner, JupyterLab's stylesheet in one shared file, and
   JupyterLite's unused lab bundle left out.

Options: ``--output DIR`` (default ``site``), ``--offline`` (fail instead of downloading),
``--bytecode`` (the wheels' modules compiled by a local Python 3.13, Pyodide's version, and
shipped without their sources: each visit then skips compiling them, 3 to 6 s of a start
here, for a site 6.6 MB larger, over the 40 MB goal; docs/publishing.md).
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "build" / "site-cache"
VENV = ROOT / ".venv-site"
PYODIDE = "0.29.0"
FONTAWESOME = "5.15.4"
#: the build tools (.venv-site).  voici-core, not voici: that one brings jupyterlite-xeus, whose
#: build step aborts and whose page fetches from outside.  jupyterlite-pyodide-kernel 0.7.0 exactly: 0.7.2 breaks inside
#: Voici 0.10's page, 0.8 needs a jupyterlite-core that Voici 0.10 refuses.  anywidget: its
#: front-end extension (plotly's FigureWidget is an anywidget) goes into the site from here.
#: setuptools builds the project's wheel.  Installed with binder/requirements.txt as constraints,
#: so that the front-end extensions (anywidget's, the widget manager's) are the versions of the
#: wheels the site serves to the kernel.
TOOLS = ["voici-core==0.10.0", "jupyterlite-pyodide-kernel==0.7.0", "anywidget", "ipywidgets", "setuptools"]
#: what the Pyodide kernel installs at start (micropip first, then ipykernel's neighbours):
#: shipped at the versions Pyodide's lock names, with their dependencies in the lock
KERNEL_ROOTS = ["micropip", "ipython", "jedi"]
#: the app's pure-Python dependencies, not in Pyodide's lock (or newer than there), served
#: from the site's pypi/ at the versions binder/requirements.txt pins
APP_WHEELS = ["comm", "ipywidgets", "jupyterlab-widgets", "anywidget", "psygnal", "plotly", "narwhals",
              "packaging", "typing-extensions", "networkx", "tqdm"]
#: what the first cell of each site notebook installs (the rest come as their dependencies)
INSTALL = ["papertales-lab", "ipywidgets", "anywidget", "plotly", "networkx"]
#: the app's page in the site
APP_URL = "voici/render/app.html"
#: the notebooks of the site, as paths under notebooks/ (the same under the site's voici/render/,
#: .ipynb becoming .html).  Left out: 04_strategy_lab (English and Polish), which needs the lab
#: extra (pandas, numpy: Pyodide has no offline wheel of numpy).
NOTEBOOKS = ["app.ipynb", "01_learn_the_rules.ipynb", "02_what_if.ipynb", "03_solo_vs_lich_king.ipynb",
             "05_kingdom_legacy.ipynb", "pl/app.ipynb", "pl/01_learn_the_rules.ipynb", "pl/02_what_if.ipynb",
             "pl/03_solo_vs_lich_king.ipynb"]
#: about how many MB a first visit downloads (said on the loading page; docs/publishing.md)
FIRST_VISIT_MB = 35


class BuildError(Exception):
    """A step failed: the message says what is missing and how to get it."""


def say(message: str) -> None:
    print(f"build_site: {message}", flush=True)


def run(cmd, quiet: bool = False, **kw) -> subprocess.CompletedProcess:
    """Run ``cmd``; ``quiet``: its output shown only when it fails (the last 40 lines)."""
    if quiet:
        kw.update(stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        return subprocess.run([str(c) for c in cmd], check=True, **kw)
    except FileNotFoundError as exc:
        raise BuildError(f"{cmd[0]} is not installed ({exc})") from None
    except subprocess.CalledProcessError as exc:
        tail = "\n".join((exc.stdout or "").splitlines()[-40:]) if quiet else ""
        raise BuildError(f"this command failed (exit {exc.returncode}): {' '.join(map(str, cmd))}"
                         + (f"\n{tail}" if tail else "")) from None


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def tools(offline: bool) -> Path:
    """.venv-site with :data:`TOOLS` (made once; the marker file records what it holds)."""
    marker = VENV / "papertales-site-tools.json"
    constraints = ROOT / "binder" / "requirements.txt"
    wanted = {"tools": TOOLS, "constraints": sha256(constraints)}
    if marker.is_file() and json.loads(marker.read_text()) == wanted and venv_python().is_file():
        return venv_python()
    if offline:
        raise BuildError(f"{VENV.name} is missing or out of date, and --offline forbids installing it: "
                         "run once without --offline (needs PyPI)")
    say(f"installing the build tools in {VENV.name} ({', '.join(TOOLS)}) ...")
    base = getattr(sys, "_base_executable", sys.executable)
    run([base, "-m", "venv", "--clear", VENV])
    run([venv_python(), "-m", "pip", "install", "-q", "--upgrade", "pip"])
    run([venv_python(), "-m", "pip", "install", "-q", "-c", constraints, *TOOLS])
    marker.write_text(json.dumps(wanted))
    return venv_python()


def npm_pack(spec: str, offline: bool) -> Path:
    """The npm tarball of ``spec`` (``name@version``), from the cache or ``npm pack``."""
    name, version = spec.rsplit("@", 1)
    target = CACHE / "npm" / f"{name.lstrip('@').replace('/', '-')}-{version}.tgz"
    if target.is_file():
        return target
    if offline:
        raise BuildError(f"{target} is not cached and --offline forbids downloading it")
    if shutil.which("npm") is None:
        raise BuildError(f"npm is needed once to download {spec} (Debian: apt-get install npm; "
                         f"or put the tarball at {target})")
    target.parent.mkdir(parents=True, exist_ok=True)
    say(f"downloading {spec} (npm pack) ...")
    run(["npm", "pack", "--silent", spec], cwd=target.parent, quiet=True)
    if not target.is_file():
        raise BuildError(f"npm pack {spec} did not write {target.name}")
    return target


def pins() -> dict[str, str]:
    """binder/requirements.txt's exact versions, by normalised name."""
    out = {}
    for line in (ROOT / "binder" / "requirements.txt").read_text().splitlines():
        m = re.match(r"^([A-Za-z0-9_.-]+)==([^\s;#]+)", line)
        if m:
            out[norm(m.group(1))] = m.group(2)
    return out


def norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def wheel_for(name: str, version: str, offline: bool, py: Path) -> Path:
    """The pure wheel (py3-none-any) of ``name==version``, from the cache or PyPI."""
    folder = CACHE / "wheels"
    stem = re.sub(r"[-_.]+", "_", name).lower()
    for path in folder.glob("*.whl"):
        n, v = path.name.split("-")[:2]
        if n.lower() == stem and v == version:
            return path
    if offline:
        raise BuildError(f"the wheel {name}=={version} is not cached in {folder} and --offline forbids downloading it")
    folder.mkdir(parents=True, exist_ok=True)
    say(f"downloading the wheel {name}=={version} ...")
    run([py, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:", "--python-version", "3.13",
         "--platform", "any", "--implementation", "py", "--abi", "none", "-d", folder, f"{name}=={version}"],
        quiet=True)
    return wheel_for(name, version, True, py)


#: compiles a wheel's modules to bytecode (run by Python 3.13, Pyodide's): argv = in, out
PRECOMPILE = r"""
import hashlib, base64, importlib.util, marshal, sys, zipfile
src, dst = sys.argv[1], sys.argv[2]
def digest(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
    record_name, rows = None, []
    for info in zin.infolist():
        name, data = info.filename, zin.read(info)
        if name.endswith(".dist-info/RECORD"):
            record_name = name
            continue
        if name.endswith(".py") and ".data/" not in name.split("/")[0] + "/":
            code = compile(data, name, "exec", dont_inherit=True, optimize=0)
            data = importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little") + importlib.util.source_hash(data) + marshal.dumps(code)
            name = name[:-3] + ".pyc"
        zout.writestr(name, data)
        rows.append(f"{name},{digest(data)},{len(data)}")
    rows.append(f"{record_name},,")
    zout.writestr(record_name, "\n".join(rows) + "\n")
"""


def python313() -> str | None:
    """A Python 3.13 (Pyodide 0.29's version) on this machine, or None."""
    candidates = [shutil.which("python3.13"), *map(str, sorted(Path.home().glob(".pyenv/versions/3.13*/bin/python3.13")))]
    for candidate in filter(None, candidates):
        try:
            out = subprocess.run([candidate, "-c", "import sys; print(sys.version_info[:2] == (3, 13))"],
                                 capture_output=True, text=True, timeout=30).stdout.strip()
        except (OSError, subprocess.TimeoutExpired):
            continue
        if out == "True":
            return candidate
    return None


def precompiled(wheel: Path, py313: str | None) -> Path:
    """``wheel`` with its modules as bytecode only (cached in build/site-cache/precompiled):
    the browser then imports them without compiling each on every visit.  ``py313`` None:
    the wheel as it is."""
    if py313 is None:
        return wheel
    target = CACHE / "precompiled" / wheel.name
    if not target.is_file() or target.stat().st_mtime < wheel.stat().st_mtime:
        target.parent.mkdir(parents=True, exist_ok=True)
        run([py313, "-c", PRECOMPILE, wheel, target])
    return target


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def stub_sqlite3(folder: Path) -> Path:
    """An empty wheel named sqlite3: the kernel installs sqlite3, a compiled module of
    Pyodide's that is on no index; IPython keeps its history in memory without it."""
    path = folder / "sqlite3-1.0.0-py3-none-any.whl"
    if path.is_file():
        return path
    dist = "sqlite3-1.0.0.dist-info"
    files = {f"{dist}/METADATA": "Metadata-Version: 2.1\nName: sqlite3\nVersion: 1.0.0\n",
             f"{dist}/WHEEL": "Wheel-Version: 1.0\nGenerator: papertales build_site\nRoot-Is-Purelib: true\nTag: py3-none-any\n"}
    record = "".join(f"{n},,\n" for n in files) + f"{dist}/RECORD,,\n"
    with zipfile.ZipFile(path, "w") as z:
        for n, text in files.items():
            z.writestr(n, text)
        z.writestr(f"{dist}/RECORD", record)
    return path


def pyodide_core(lite: Path, offline: bool, py: Path, py313: str | None) -> None:
    """Pyodide's runtime in ``lite/static/pyodide/`` (the kernel's addon uses a copy there
    instead of the CDN), with the kernel's wheels and a lock file that lists only them."""
    target = lite / "static" / "pyodide"
    target.mkdir(parents=True)
    with tarfile.open(npm_pack(f"pyodide@{PYODIDE}", offline)) as tar:
        for member in tar.getmembers():
            name = member.name.removeprefix("package/")
            if member.isfile() and "/" not in name and name.endswith((".js", ".mjs", ".wasm", ".zip", ".json")) \
                    and name != "package.json" and not name.endswith(".d.ts"):
                (target / name).write_bytes(tar.extractfile(member).read())
    lock = json.loads((target / "pyodide-lock.json").read_text())
    packages = {norm(name): entry for name, entry in lock["packages"].items()}
    keep, dropped, todo = set(), set(), list(KERNEL_ROOTS)
    while todo:
        name = norm(todo.pop())
        if name in keep:
            continue
        if name not in packages:
            raise BuildError(f"Pyodide {PYODIDE}'s lock has no package {name!r}")
        if name != "sqlite3" and not packages[name]["file_name"].endswith("-none-any.whl"):
            dropped.add(name)                 # compiled (matplotlib for matplotlib-inline): not needed
            continue
        keep.add(name)
        todo.extend(packages[name].get("depends", []))
    say(f"Pyodide's lock: shipping {len(keep)} packages, leaving out {', '.join(sorted(dropped))}")
    shipped = {}
    for name in sorted(keep):
        entry = dict(packages[name])
        if name == "sqlite3":
            wheel = stub_sqlite3(CACHE / "wheels")
            entry.update(package_type="package", imports=[])
        else:
            wheel = precompiled(wheel_for(name, entry["version"], offline, py), py313)
        shutil.copyfile(wheel, target / wheel.name)
        entry.update(file_name=wheel.name, sha256=sha256(wheel), install_dir="site", shared_library=False)
        shipped[name] = entry
    for entry in shipped.values():
        entry["depends"] = [d for d in entry.get("depends", []) if norm(d) in shipped]
    lock["packages"] = shipped
    (target / "pyodide-lock.json").write_text(json.dumps(lock))


def project_wheel(py: Path, out: Path) -> Path:
    """The project's wheel with the pure-Python engine (the site cannot run compiled modules)."""
    shutil.rmtree(out, ignore_errors=True)
    say("building the project's wheel (pure Python) ...")
    run([py, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", out, ROOT],
        env={**os.environ, "PAPERTALES_PURE": "1"}, quiet=True)
    wheels = list(out.glob("papertales_lab-*-py3-none-any.whl"))
    if len(wheels) != 1:
        raise BuildError(f"the project's build wrote {[p.name for p in out.iterdir()]}, not one pure wheel")
    return wheels[0]


#: parts of a wheel the kernel never reads, left out of the site's copy: plotly's front-end
#: extension for JupyterLab (two copies of a 4.8 MB bundle; the site's front end is built
#: by Voici, and FigureWidget sends its own bundle, package_data/widgetbundle.js)
SLIM = {"plotly": ("plotly/labextension/", "plotly-{version}.data/")}


def slim_wheel(src: Path, dst: Path, drop) -> None:
    """``src`` without the files under the prefixes ``drop`` (and their RECORD lines)."""
    version = src.name.split("-")[1]
    prefixes = tuple(p.format(version=version) for p in drop)
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            if info.filename.startswith(prefixes):
                continue
            data = zin.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                data = "".join(line for line in data.decode().splitlines(keepends=True)
                               if not line.startswith(prefixes)).encode()
            zout.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)


def app_wheels(lite: Path, offline: bool, py: Path, py313: str | None) -> None:
    """``lite/pypi/``: the app's dependencies and the project; the build indexes them."""
    folder = lite / "pypi"
    folder.mkdir(parents=True)
    pinned = pins()
    for name in APP_WHEELS:
        if norm(name) not in pinned:
            raise BuildError(f"binder/requirements.txt pins no version of {name} (scripts/pin_requirements.py writes it)")
        wheel = wheel_for(name, pinned[norm(name)], offline, py)
        drop = SLIM.get(name)
        if drop:
            slim = CACHE / "slim" / wheel.name
            if not slim.is_file() or slim.stat().st_mtime < wheel.stat().st_mtime:
                slim.parent.mkdir(parents=True, exist_ok=True)
                slim_wheel(wheel, slim, drop)
            wheel = slim
        wheel = precompiled(wheel, py313)
        shutil.copyfile(wheel, folder / wheel.name)
    project = project_wheel(py, CACHE / "project")
    shutil.copyfile(precompiled(project, py313), folder / project.name)


def site_notebook(name: str) -> dict:
    """notebooks/``name`` for the site: kernelspec ``python`` (Pyodide's) and a first cell
    installing the app from the site's own ``pypi/``, hidden like all code in Voici."""
    nb = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))
    nb["metadata"]["kernelspec"] = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}
    install = {"cell_type": "code", "execution_count": None, "id": "site-install", "metadata": {},
               "outputs": [], "source": ["%pip install -q " + " ".join(INSTALL)]}
    nb["cells"].insert(0, install)
    return nb


def lite_config(lite: Path) -> None:
    config = {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "Paper Tales Lab",
        "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": {"disablePyPIFallback": True}}}}
    (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=1))


def fontawesome(out: Path, offline: bool) -> None:
    """Font Awesome in the site, and the pages' CDN links pointed at it."""
    target = out / "static" / "fontawesome"
    with tarfile.open(npm_pack(f"@fortawesome/fontawesome-free@{FONTAWESOME}", offline)) as tar:
        for member in tar.getmembers():
            name = member.name.removeprefix("package/")
            # woff2 only: every browser that runs Pyodide reads it (the css names older formats as fallbacks)
            if member.isfile() and (name.endswith(".woff2") or name in ("css/all.min.css", "css/v4-shims.min.css")):
                path = target / name
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(tar.extractfile(member).read())
    cdn = re.compile(r"https://[^\"']*fontawesome[^\"']*?/css/(all|v4-shims)(\.min)?\.css")
    for page in out.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        rel = os.path.relpath(target, page.parent).replace(os.sep, "/")
        new = cdn.sub(lambda m: f"{rel}/css/{m.group(1)}.min.css", text)
        new = FA4.sub(f"{rel}/css/all.min.css", new)
        if LOADING_MARK in new:
            new = new.replace(LOADING_MARK, loading_html(), 1)
        if new != text:
            page.write_text(new, encoding="utf-8")


#: Voici's file tree page links Font Awesome 4 from a CDN
FA4 = re.compile(r"https://[^\"']*font-awesome@4[^\"']*\.css")
#: Voici's loading page: a spinner over "Running ...", then "Starting up kernel...",
#: "Executing 1 of 5" ...; a note under it says what takes the time
LOADING_MARK = '<h2 id="loading_text">Running ...</h2>'


def loading_html() -> str:
    """The loading page's note, in English and Polish: the catalogue's words
    (widgets/locales/<lang>/app.json, read as files: the build needs no install of the project)."""
    lines = [json.loads((ROOT / "widgets" / "locales" / lang / "app.json").read_text(encoding="utf-8"))
             ["app.site.loading"].format(mb=FIRST_VISIT_MB) for lang in ("en", "pl")]
    lines = [html.escape(line) for line in lines]
    return ('<h2 id="loading_text">…</h2><p id="pt-loading-note" style="font:16px system-ui,sans-serif;'
            'text-align:center;margin:0 1em" lang="en">' + lines[0] +
            '<br><span lang="pl">' + lines[1] + "</span></p>")


def prune(out: Path) -> None:
    """Leave out JupyterLite's own application bundle and its fonts (``build/``: about 6 MB),
    which only JupyterLite's lab and repl apps load; Voici's pages load ``voici/build/`` (the
    app's cold load asks for no file of ``build/``: tests/browser/test_site.py checks every
    request).  Its settings schemas, themes and licences stay."""
    for path in (out / "build").iterdir():
        if path.is_file() and (re.match(r"jlab_core\.[0-9a-f]+\.js$", path.name)
                               or path.suffix in (".eot", ".svg", ".ttf", ".woff", ".woff2")):
            path.unlink()


#: a page's style block at least this long goes to a shared file
SHARED_STYLE = 10_000


def share_styles(render: Path) -> None:
    """Voici writes JupyterLab's stylesheet (about 260 kB) into every page: put each long
    style block in a file of its own (named by its hash, in ``render``) that every page links
    at the same place, so a site of 9 notebooks holds it once and a browser fetches it once.
    The blocks hold no relative ``url()``, so they mean the same from any folder."""
    block = re.compile(r"<style([^>]*)>(.*?)</style>", re.S)
    for page in render.rglob("*.html"):
        text = page.read_text(encoding="utf-8")

        def link(m):
            css = m.group(2)
            if len(css) < SHARED_STYLE:
                return m.group(0)
            name = f"style-{hashlib.sha256(css.encode()).hexdigest()[:12]}.css"
            (render / name).write_text(css, encoding="utf-8")
            href = os.path.relpath(render / name, page.parent).replace(os.sep, "/")
            return f'<link rel="stylesheet" href="{href}">'
        page.write_text(block.sub(link, text), encoding="utf-8")


def outside_links(out: Path) -> list[str]:
    """Addresses outside the site in its pages and scripts' likely fetches (a check)."""
    found = set()
    for page in out.rglob("*.html"):
        for m in re.finditer(r"(?:src|href)=[\"'](https?:)?//[^\"']+", page.read_text(encoding="utf-8")):
            found.add(f"{page.relative_to(out)}: {m.group(0)}")
    return sorted(found)


def build(output: Path, offline: bool, bytecode: bool = False) -> Path:
    started = time.monotonic()
    py = tools(offline)
    work = ROOT / "build" / "site-lite"
    shutil.rmtree(work, ignore_errors=True)
    lite, content = work / "lite", work / "content"
    lite.mkdir(parents=True)
    content.mkdir(parents=True)
    py313 = None
    if bytecode:
        py313 = python313()
        if py313 is None:
            raise BuildError("--bytecode needs a Python 3.13 (Pyodide's version) to compile with: install one "
                             "(e.g. pyenv install 3.13) or build without --bytecode")
        say(f"wheels as bytecode only, compiled with {py313}")
    pyodide_core(lite, offline, py, py313)
    app_wheels(lite, offline, py, py313)
    lite_config(lite)
    for name in NOTEBOOKS:
        (content / name).parent.mkdir(parents=True, exist_ok=True)
        (content / name).write_text(json.dumps(site_notebook(name), indent=1), encoding="utf-8")
    say("voici build ...")
    shutil.rmtree(output, ignore_errors=True)
    voici = py.parent / "voici"
    run([voici, "build", "--contents", content, "--output-dir", output.resolve(), "--no-sourcemaps",
         "--no-unused-shared-packages"], cwd=lite, quiet=True)
    fontawesome(output, offline)
    prune(output)
    share_styles(output / "voici" / "render")
    # the site's address opens the app; .nojekyll: GitHub Pages serves every file as it is
    (output / "index.html").write_text(
        '<!doctype html><meta charset="utf-8"><title>Paper Tales Lab</title>'
        f'<meta http-equiv="refresh" content="0; url={APP_URL}"><a href="{APP_URL}">Paper Tales Lab</a>\n',
        encoding="utf-8")
    (output / ".nojekyll").write_text("")
    left = outside_links(output)
    if left:
        raise BuildError("the site's pages still link outside the site:\n  " + "\n  ".join(left))
    size = sum(p.stat().st_size for p in output.rglob("*") if p.is_file())
    say(f"built {output} ({size / 1e6:.1f} MB) in {time.monotonic() - started:.0f} s; "
        f"serve it with: python -m http.server -d {output} 8000, then open "
        f"http://127.0.0.1:8000/ (the app: {APP_URL})")
    return output


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=Path, default=ROOT / "site", help="the site's folder (default: site/)")
    parser.add_argument("--offline", action="store_true", help="use the cache only; fail if something is missing")
    parser.add_argument("--bytecode", action="store_true",
                        help="ship the wheels as bytecode (needs a Python 3.13): a faster start, 6.6 MB larger")
    args = parser.parse_args(argv)
    try:
        build(args.output, args.offline, args.bytecode)
    except BuildError as exc:
        print(f"build_site: error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
