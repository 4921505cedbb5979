"""Build the app as a static site that needs no server: ``python scripts/build_site.py``.

The site (``site/``, git-ignored) is Voici (Voilà's static twin on JupyterLite) running the
app's notebook in the browser on Pyodide (Python compiled to WebAssembly).  Every file the
page asks for is served by the site itself: the Pyodide runtime, every wheel the kernel and
the app install, the fonts; the public package index is switched off.  docs/publishing.md
tells a teacher how to publish it (GitHub Pages: .github/workflows/site.yml).

Steps (each download is cached in ``build/site-cache/``, so a second build is offline):

1. the build tools in their own virtualenv ``.venv-site`` (:data:`TOOLS`);
2. Pyodide's core (``npm pack pyodide@``:data:`PYODIDE`) and Font Awesome (npm);
3. wheels, all in ``static/pyodide/`` with Pyodide's lock rewritten to list exactly them:
   the kernel's (the versions Pyodide's lock names, :data:`KERNEL_ROOTS` and their
   dependencies; :data:`STUBS` as empty wheels; the kernel extension's own,
   :data:`EXTENSION_WHEELS`), the app's pure dependencies (:data:`APP_WHEELS`, versions from
   binder/requirements.txt, :data:`SLIM` left out) and the project itself, built pure
   (``PAPERTALES_PURE=1``); two modules edited to import late what only rare actions use
   (:data:`PATCHES`).  The modules a visit's start imports are shipped as bytecode
   instead of sources, compiled by Pyodide itself under Node (:class:`Compiler`,
   :data:`STARTUP`), and so are (beside their sources) those of Pyodide's standard
   library.  The kernel preloads the wheels as Pyodide starts
   (``loadPyodideOptions.packages``), but :data:`LAZY`, unpacked when first imported;
4. ``voici build`` of the site's notebooks (:func:`site_notebooks`: a copy of each with a hidden
   first cell for the lazy packages, :data:`LAZY_CELL`; the notebooks themselves stay as
   they are for Voilà); then the pages' CDN links pointed at the local copies, a note in
   every language under Voici's spinner, JupyterLab's stylesheet in one shared file, and
   JupyterLite's unused lab bundle left out.

Options: ``--output DIR`` (default ``site``), ``--offline`` (fail instead of downloading),
``--bytecode start|all|none`` (which modules ship as bytecode: those a start imports, the
default; all, 6 MB more, over the 40 MB goal; none, which needs no Node, and leaves the
standard library as Pyodide ships it).  docs/publishing.md
has the numbers.
"""

from __future__ import annotations

import argparse
import base64
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
from typing import Any, Callable, NamedTuple

from build_notebooks import folder           # (importing it puts the checkout on sys.path, for papertales)
from papertales.i18n import DEFAULT, LANGUAGES

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
#: packages shipped but not loaded as the kernel starts: a site notebook's first cell unpacks
#: each when it is first imported (:data:`LAZY_CELL`): plotly (unpacking its 6.6 MB wheel
#: costs 0.7 s of every start) when a chart is first drawn, narwhals with it, networkx with
#: the first war graph
LAZY = ("plotly", "narwhals", "networkx")
#: packages the kernel installs that the site ships as empty wheels, so that their import fails
#: as their users allow: sqlite3 is a compiled module of Pyodide's on no index (IPython keeps
#: its history in memory without it); jedi (and parso, its dependency) serves only completion,
#: which a Voici page never asks for (IPython completes without it), and costs 1.8 MB, the
#: unpacking of its 900 files and its import on every visit
STUBS = ("sqlite3", "jedi")
#: the kernel extension's own wheels (in jupyterlite-pyodide-kernel's front end), shipped with the rest
EXTENSION_WHEELS = ["pyodide_kernel", "ipykernel", "piplite"]
#: names the kernel looks for in loadPyodideOptions.packages spelt its way (not Pyodide's canonical one)
KERNEL_SPELLING = {"pyodide-kernel": "pyodide_kernel"}
#: the app's page in the site
APP_URL = "voici/render/app.html"
#: the site's notebooks in every language (scripts/build_notebooks.py writes them all).  Left
#: out: 04_strategy_lab, which needs the lab extra (pandas, numpy: Pyodide has no offline wheel of numpy)
TRANSLATED = ("app", "01_learn_the_rules", "02_what_if", "03_solo_vs_lich_king")
#: the site's notebooks in the default language only (05_kingdom_legacy: its author writes it in English)
UNTRANSLATED = ("05_kingdom_legacy",)
#: about how many MB a first visit downloads (said on the loading page; docs/publishing.md)
FIRST_VISIT_MB = 26


class BuildError(Exception):
    """A step failed: the message says what is missing and how to get it."""


def site_notebooks() -> list[str]:
    """The notebooks of the site, as paths under notebooks/ (the same under the site's
    voici/render/, .ipynb becoming .html): each language's of :data:`LANGUAGES` in its folder
    (build_notebooks.folder), so that a new language's notebooks join the site by themselves."""
    return [f"{folder(lang)}{name}.ipynb" for lang in LANGUAGES
            for name in TRANSLATED + (UNTRANSLATED if lang == DEFAULT else ())]


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


#: compiles wheels' modules to bytecode; run by Pyodide itself under Node (the same Python
#: 3.13 as the browser's), so the bytecode is exactly the browser's.  ``precompile(src, dst,
#: only)``: ``src`` with the modules named in ``only`` (archive names; None: every module) as
#: bytecode instead of sources; ``startup(wheels, code)``: the archive names of the modules
#: that ``code`` imports, the wheels unpacked in site-packages first, and of the standard
#: library's (in Pyodide's python_stdlib.zip), Pyodide's own start's included;
#: ``add_bytecode(src, dst, only)``: the zip ``src`` with bytecode beside the sources of ``only``
PRECOMPILE = r"""
import base64, hashlib, importlib.util, marshal, os, site as _site, sys, zipfile
def digest(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
def pyc(source, filename):
    code = compile(source, filename, "exec", dont_inherit=True, optimize=0)
    return (importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little") + importlib.util.source_hash(source)
            + marshal.dumps(code))          # hash-based, unchecked: used without reading a source
def precompile(src, dst, only=None):
    only = None if only is None else set(only)
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        record_name, rows = None, []
        for info in zin.infolist():
            name, data = info.filename, zin.read(info)
            if name.endswith(".dist-info/RECORD"):
                record_name = name
                continue
            if name.endswith(".py") and ".data/" not in name.split("/")[0] + "/" and (only is None or name in only):
                data, name = pyc(data, name), name[:-3] + ".pyc"
            zout.writestr(zipfile.ZipInfo(name, date_time=info.date_time), data, compress_type=zipfile.ZIP_DEFLATED)
            rows.append(f"{name},{digest(data)},{len(data)}")
        rows.append(f"{record_name},,")
        zout.writestr(record_name, "\n".join(rows) + "\n")
def startup(wheels, code):
    site = _site.getsitepackages()[0]
    stdlib = next(p for p in sys.path if p.endswith(".zip"))
    for wheel in wheels:
        zipfile.ZipFile(wheel).extractall(site)
    importlib.invalidate_caches()
    exec(code, {})
    out, std = [], []
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None) or ""
        if path.startswith(site + "/") and path.endswith(".py"):
            out.append(os.path.relpath(path, site))
        elif path.startswith(stdlib + "/") and path.endswith(".py"):
            std.append(path[len(stdlib) + 1:])
    return [sorted(set(out)), sorted(set(std)), stdlib]      # a module can be in sys.modules twice
def add_bytecode(src, dst, only, prefix):
    only = set(only)
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            zout.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
            if info.filename in only:
                zout.writestr(zipfile.ZipInfo(info.filename[:-3] + ".pyc", date_time=info.date_time),
                              pyc(data, prefix + "/" + info.filename), compress_type=zipfile.ZIP_DEFLATED)
"""
#: Node's side: argv = Pyodide's folder, a JSON job file, the Python above.  The job: the
#: wheels ([in, out] pairs, absolute paths: the host's root is mounted at /host), "mode"
#: ("start" or "all"), the start's code and "stdlib" (python_stdlib.zip: [in, out]); writes
#: the modules compiled to "report" ({"wheels": archive names or null for all, "stdlib": names})
NODE_PRECOMPILE = r"""
const path = require("path"), url = require("url"), fs = require("fs");
const [dir, jobFile, code] = process.argv.slice(2);
(async () => {
  const job = JSON.parse(fs.readFileSync(jobFile, "utf8"));
  const { loadPyodide } = await import(url.pathToFileURL(path.join(dir, "pyodide.mjs")).href);
  const py = await loadPyodide({ indexURL: dir + path.sep });
  py.FS.mkdirTree("/host");
  py.FS.mount(py.FS.filesystems.NODEFS, { root: "/" }, "/host");
  py.runPython(fs.readFileSync(code, "utf8"));
  const host = (p) => "/host" + path.resolve(p);
  const [started, stdlib, prefix] = py.globals.get("startup")(
    py.toPy(job.wheels.map(([src]) => host(src))), job.startup).toJs();
  const only = job.mode === "start" ? started : null;
  const precompile = py.globals.get("precompile");
  for (const [src, dst] of job.wheels) {
    precompile(host(src), host(dst), only === null ? undefined : py.toPy(only));
  }
  py.globals.get("add_bytecode")(host(job.stdlib[0]), host(job.stdlib[1]), py.toPy(stdlib), prefix);
  fs.writeFileSync(job.report, JSON.stringify({ wheels: only, stdlib }));
})().catch((e) => { console.error(String(e)); process.exit(1); });
"""
#: what a visit's start imports, run in Pyodide under Node to choose the modules shipped as
#: bytecode (``--bytecode start``): the kernel (IPython and its neighbours), the app's
#: notebook (its imports, then the app built as its cell builds it: the coach and the
#: panels import more) and the other notebooks' packages
STARTUP = """
import piplite.piplite, pyodide_kernel
pyodide_kernel.kernel_instance.interpreter.send_comm = lambda *args, **kwargs: None   # no page to send to
import kingdom_legacy, kingdom_legacy.lesson, papertales_widgets.legacy
from papertales_widgets.pagejs import page_extras
from papertales_widgets.link import page_query
from papertales_widgets import App
App(players=3, seed=7, humans=[0], lang="en")
"""


class Compiled(NamedTuple):
    """What :meth:`Compiler.compile` made: the wheels, how many of their modules are
    bytecode, the standard library's zip and how many of its modules have bytecode."""
    wheels: list[Path]
    modules: int
    stdlib: Path
    stdlib_modules: int


class Compiler:
    """Compiles wheels to bytecode for Pyodide's Python 3.13 with Pyodide itself under Node
    (the npm package this build ships: no Python 3.13 is needed on the building machine).
    Each run is cached in build/site-cache/bytecode/ by what goes in."""

    def __init__(self, offline: bool):
        self.node = shutil.which("node")
        if self.node is None:
            raise BuildError("compiling the wheels to bytecode runs Pyodide under Node: install it (Debian: "
                             "apt-get install nodejs npm), or build with --bytecode none")
        self.offline = offline

    def _pyodide_dir(self) -> Path:
        """Pyodide's npm package unpacked in the cache (the runtime the build ships)."""
        folder = CACHE / f"pyodide-node-{PYODIDE}"
        if not (folder / "pyodide.mjs").is_file():
            folder.mkdir(parents=True, exist_ok=True)
            with tarfile.open(npm_pack(f"pyodide@{PYODIDE}", self.offline)) as tar:
                for member in tar.getmembers():
                    name = member.name.removeprefix("package/")
                    if member.isfile() and "/" not in name and name.endswith((".js", ".mjs", ".wasm", ".zip", ".json")):
                        (folder / name).write_bytes(tar.extractfile(member).read())
        return folder

    def compile(self, wheels: list[Path], mode: str, stdlib: Path) -> Compiled:
        """``wheels`` with bytecode instead of sources (``mode`` "start": the modules a visit's
        start imports, :data:`STARTUP`; "all": every module), and Pyodide's standard library
        ``stdlib`` (python_stdlib.zip) with bytecode beside the sources of the modules the start
        imports: Pyodide ships it as sources, which every visit compiled again (its own start
        imports 180 modules): in Pyodide under Node its start took 1.8 s instead of 0.65 s,
        importing IPython and the kernel 0.9 s instead of 0.26 s."""
        key = hashlib.sha256(json.dumps([mode, PRECOMPILE, NODE_PRECOMPILE, STARTUP, sha256(stdlib),
                                         [sha256(w) for w in wheels]]).encode()).hexdigest()[:16]
        folder = CACHE / "bytecode" / key
        outs = [folder / w.name for w in wheels]
        stdlib_out = folder / "stdlib" / stdlib.name
        report = folder / "compiled.json"
        if not report.is_file():
            shutil.rmtree(CACHE / "bytecode", ignore_errors=True)      # one build's worth kept
            stdlib_out.parent.mkdir(parents=True)
            job = {"wheels": [[str(w.resolve()), str(o.resolve())] for w, o in zip(wheels, outs)],
                   "mode": mode, "startup": STARTUP, "report": str((folder / "report.tmp").resolve()),
                   "stdlib": [str(stdlib.resolve()), str(stdlib_out.resolve())]}
            (folder / "job.json").write_text(json.dumps(job))
            (folder / "precompile.py").write_text(PRECOMPILE)
            (folder / "compile.cjs").write_text(NODE_PRECOMPILE)
            run([self.node, folder / "compile.cjs", self._pyodide_dir(), folder / "job.json", folder / "precompile.py"],
                quiet=True)
            (folder / "report.tmp").rename(report)
        done = json.loads(report.read_text())
        only = done["wheels"]
        count = len(only) if only is not None else sum(
            1 for w in wheels for n in zipfile.ZipFile(w).namelist() if n.endswith(".py"))
        return Compiled(outs, count, stdlib_out, len(done["stdlib"]))


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def stub_wheel(folder: Path, name: str) -> Path:
    """An empty wheel named ``name`` (:data:`STUBS`): the kernel installs it, and an import of
    it raises ImportError, which its users expect."""
    path = folder / f"{name}-0.0.0+stub-py3-none-any.whl"
    if path.is_file():
        return path
    dist = f"{name}-0.0.0+stub.dist-info"
    files = {f"{dist}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.0.0+stub\n",
             f"{dist}/WHEEL": "Wheel-Version: 1.0\nGenerator: papertales build_site\nRoot-Is-Purelib: true\nTag: py3-none-any\n"}
    record = "".join(f"{n},,\n" for n in files) + f"{dist}/RECORD,,\n"
    folder.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w") as z:
        for n, text in files.items():
            z.writestr(n, text)
        z.writestr(f"{dist}/RECORD", record)
    return path


def pyodide_runtime(target: Path, offline: bool) -> dict:
    """Pyodide's runtime in ``target`` (``static/pyodide/``: the kernel's addon uses a copy
    there instead of the CDN); returns its lock (every package Pyodide builds, none shipped)."""
    target.mkdir(parents=True)
    with tarfile.open(npm_pack(f"pyodide@{PYODIDE}", offline)) as tar:
        for member in tar.getmembers():
            name = member.name.removeprefix("package/")
            if member.isfile() and "/" not in name and name.endswith((".js", ".mjs", ".wasm", ".zip", ".json")) \
                    and name != "package.json" and not name.endswith(".d.ts"):
                (target / name).write_bytes(tar.extractfile(member).read())
    return json.loads((target / "pyodide-lock.json").read_text())


def wheel_entry(wheel: Path, **extra) -> dict:
    """A lock entry for ``wheel`` (a pure one), loaded into site-packages like Pyodide's own."""
    name, version = wheel.name.split("-")[:2]
    with zipfile.ZipFile(wheel) as z:
        tops = sorted({n.split("/")[0].removesuffix(".py") for n in z.namelist()
                       if not n.split("/")[0].endswith((".dist-info", ".data")) and (n.endswith(".py") or "/" in n)})
    entry = {"name": name, "version": version, "file_name": wheel.name, "install_dir": "site",
             "package_type": "package", "imports": tops, "depends": [], "unvendored_tests": False,
             "shared_library": False}
    entry.update(extra)
    return entry


def kernel_packages(lock: dict, offline: bool, py: Path) -> dict[str, tuple[Path, dict]]:
    """The kernel's packages: :data:`KERNEL_ROOTS` and their dependencies at the versions
    Pyodide's lock names (its compiled ones left out), and the kernel extension's own wheels
    (pyodide_kernel, ipykernel, piplite: shipped inside jupyterlite-pyodide-kernel)."""
    packages = {norm(name): entry for name, entry in lock["packages"].items()}
    keep, dropped, todo = set(), set(), list(KERNEL_ROOTS)
    while todo:
        name = norm(todo.pop())
        if name in keep:
            continue
        if name not in packages:
            raise BuildError(f"Pyodide {PYODIDE}'s lock has no package {name!r}")
        if name not in STUBS and not packages[name]["file_name"].endswith("-none-any.whl"):
            dropped.add(name)                 # compiled (matplotlib for matplotlib-inline): not needed
            continue
        keep.add(name)
        if name not in STUBS:
            todo.extend(packages[name].get("depends", []))
    say(f"Pyodide's lock: shipping {len(keep)} packages ({', '.join(sorted(STUBS))} as empty stubs), "
        f"leaving out {', '.join(sorted(dropped))}")
    out = {}
    for name in sorted(keep):
        entry = dict(packages[name])
        if name in STUBS:
            wheel = stub_wheel(CACHE / "stubs", name)
            entry.update(package_type="package", imports=[], depends=[], version="0.0.0+stub")
        else:
            wheel = wheel_for(name, entry["version"], offline, py)
        out[name] = (wheel, entry)
    ext = VENV.resolve() / "share" / "jupyter" / "labextensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"
    for name in EXTENSION_WHEELS:
        found = sorted(ext.glob(f"{name}-*-py3-none-any.whl"))
        if len(found) != 1:
            raise BuildError(f"{ext} holds {[p.name for p in found]}, not one wheel of {name}")
        out[norm(name)] = (found[0], wheel_entry(found[0]))
    return out


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
#: by Voici, and FigureWidget sends its own bundle, package_data/widgetbundle.js) and the
#: plotly.js that plotly puts into HTML files and non-widget figures (1.5 MB compressed: the
#: app draws widgets only, so ``fig.show()`` of a plain figure cannot draw in the site)
SLIM = {"plotly": r"plotly/labextension/|plotly-{version}\.data/|plotly/package_data/plotly\.min\.js$",
        "networkx": r"networkx/(.*/)?tests/",          # its test suite, 0.9 MB
        "ipywidgets": r"ipywidgets/(.*/)?tests/"}


def slim_wheel(src: Path, dst: Path, drop: str) -> None:
    """``src`` without the files whose names match the regular expression ``drop`` (and their RECORD lines)."""
    version = src.name.split("-")[1]
    pattern = re.compile(drop.format(version=re.escape(version)))
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            if pattern.match(info.filename):
                continue
            data = zin.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                data = "".join(line for line in data.decode().splitlines(keepends=True)
                               if not pattern.match(line)).encode()
            zout.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)


def remade(wheel: Path, kind: str, recipe: Any, make: Callable[[Path, Path, Any], None]) -> Path:
    """``wheel`` remade by ``make(wheel, out, recipe)``, kept in build/site-cache/``kind``/ under
    the recipe's hash and made again when the wheel is newer."""
    key = hashlib.sha256(json.dumps(recipe, sort_keys=True).encode()).hexdigest()[:8]
    out = CACHE / kind / key / wheel.name
    if not out.is_file() or out.stat().st_mtime < wheel.stat().st_mtime:
        out.parent.mkdir(parents=True, exist_ok=True)
        make(wheel, out, recipe)
    return out


def slimmed(wheel: Path, name: str) -> Path:
    """``wheel`` without what :data:`SLIM` leaves out for ``name``."""
    drop = SLIM.get(norm(name))
    return remade(wheel, "slim", drop, slim_wheel) if drop else wheel


#: edits to the site's copies of two modules that every visit's kernel imports at its start,
#: where each imports at the top what only a rare action needs.  By package, file: the
#: (text, replacement) pairs, each text found exactly once in the pinned version, or the
#: build stops (:func:`patch_wheel`).  Measured in Pyodide under Node (docs/publishing.md):
#: * piplite (the ``%pip`` magic; the kernel imports it before IPython): micropip and
#:   unittest.mock, 0.5 s, imported when something is first installed instead;
#: * IPython: ``IPython.embed`` (a terminal shell inside a program; a browser has no
#:   terminal), whose import brings prompt_toolkit, 0.15 to 0.25 s, looked up when first used.
PATCHES: dict[str, dict[str, tuple[tuple[str, str], ...]]] = {
    "piplite": {"piplite/piplite.py": (
        ("from typing import Any\n", "from __future__ import annotations\n\nfrom typing import Any\n"),
        ("from unittest.mock import patch\n\nimport micropip\n"
         "from micropip.package_index import ProjectInfo, CompatibilityLayer\n"
         "from micropip.package_index import query_package as _MP_QUERY_PACKAGE\n",
         "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n"
         "    from micropip.package_index import ProjectInfo, CompatibilityLayer\n"),
        ("    info = ProjectInfo._compatible_only(",
         "    from micropip.package_index import ProjectInfo\n\n    info = ProjectInfo._compatible_only("),
        ("    return await _MP_QUERY_PACKAGE(",
         "    from micropip.package_index import query_package as _MP_QUERY_PACKAGE\n\n"
         "    return await _MP_QUERY_PACKAGE("),
        ('    with patch("micropip.package_index.query_package", _query_package):',
         "    from unittest.mock import patch\n\n    import micropip\n\n"
         '    with patch("micropip.package_index.query_package", _query_package):'),
    )},
    "ipython": {"IPython/__init__.py": (
        ("from .terminal.embed import embed\n",
         "def __getattr__(name):\n"
         "    if name == \"embed\":        # papertales-site: imported when first used\n"
         "        from .terminal.embed import embed\n"
         "        return embed\n"
         "    raise AttributeError(f\"module {__name__!r} has no attribute {name!r}\")\n"),
    )},
}


def patch_wheel(src: Path, dst: Path, edits: dict[str, tuple[tuple[str, str], ...]]) -> None:
    """``src`` with ``edits`` made (file -> (text, replacement) pairs) and the edited files'
    RECORD lines (hash, size) renewed; a text not found exactly once stops the build."""
    with zipfile.ZipFile(src) as zin:
        names = zin.namelist()
        changed = {}
        for name, pairs in edits.items():
            if name not in names:
                raise BuildError(f"{src.name} has no {name} to edit (a new version? see PATCHES)")
            text = zin.read(name).decode("utf-8")
            for old, new in pairs:
                if text.count(old) != 1:
                    raise BuildError(f"{src.name}'s {name} holds {text.count(old)} copies, not one, of "
                                     f"{old.splitlines()[0]!r} (a new version? see PATCHES)")
                text = text.replace(old, new)
            changed[name] = text.encode("utf-8")
        with zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
            for info in zin.infolist():
                data = changed.get(info.filename, zin.read(info))
                if info.filename.endswith(".dist-info/RECORD"):
                    lines = []
                    for line in data.decode().splitlines():
                        path = line.rsplit(",", 2)[0]
                        if path in changed:
                            digest = base64.urlsafe_b64encode(hashlib.sha256(changed[path]).digest()).rstrip(b"=")
                            line = f"{path},sha256={digest.decode()},{len(changed[path])}"
                        lines.append(line + "\n")
                    data = "".join(lines).encode()
                zout.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)


def patched(wheel: Path, name: str) -> Path:
    """``wheel`` with :data:`PATCHES`' edits for ``name``."""
    edits = PATCHES.get(norm(name))
    return remade(wheel, "patched", edits, patch_wheel) if edits else wheel


def app_packages(offline: bool, py: Path) -> dict[str, tuple[Path, dict]]:
    """The app's dependencies (versions from binder/requirements.txt) and the project."""
    out = {}
    pinned = pins()
    for name in APP_WHEELS:
        if norm(name) not in pinned:
            raise BuildError(f"binder/requirements.txt pins no version of {name} (scripts/pin_requirements.py writes it)")
        wheel = slimmed(wheel_for(name, pinned[norm(name)], offline, py), name)
        out[norm(name)] = (wheel, wheel_entry(wheel))
    project = project_wheel(py, CACHE / "project")
    out["papertales-lab"] = (project, wheel_entry(project))
    return out


def ship(target: Path, lock: dict, packages: dict[str, tuple[Path, dict]], bytecode: str,
         offline: bool) -> tuple[list[str], dict[str, str]]:
    """The wheels in ``target`` (static/pyodide/) with a lock that lists only them, each as
    bytecode for the modules :data:`STARTUP` imports (``bytecode`` "start"), for every module
    ("all") or as it is ("none"); returns the names the kernel preloads and, for the
    :data:`LAZY` ones, their wheel by the top-level module that unpacks it (:data:`LAZY_CELL`)."""
    names = sorted(packages)
    wheels = [packages[n][0] for n in names]
    if bytecode != "none":
        say(f"compiling the wheels' modules to bytecode ({bytecode}) with Pyodide {PYODIDE} under Node ...")
        done = Compiler(offline).compile(wheels, bytecode, target / "python_stdlib.zip")
        wheels = done.wheels
        shutil.copyfile(done.stdlib, target / "python_stdlib.zip")
        say(f"{done.modules} modules shipped as bytecode, and {done.stdlib_modules} of the standard library's")
    shipped = {}
    for name, wheel in zip(names, wheels):
        shutil.copyfile(wheel, target / wheel.name)
        entry = dict(packages[name][1])
        entry.update(file_name=wheel.name, sha256=sha256(wheel), install_dir="site", shared_library=False)
        shipped[name] = entry
    for entry in shipped.values():
        entry["depends"] = [d for d in entry.get("depends", []) if norm(d) in shipped]
    lock["packages"] = shipped
    (target / "pyodide-lock.json").write_text(json.dumps(lock))
    # the kernel skips installing a package it finds in loadPyodideOptions.packages, by the
    # name it spells (pyodide_kernel); Pyodide finds each in the lock whatever its spelling
    preload = [KERNEL_SPELLING.get(n, n) for n in names if n not in LAZY]
    lazy = {module: shipped[n]["file_name"] for n in names if n in LAZY for module in shipped[n]["imports"]}
    return preload, lazy


#: the site notebooks' first cell (hidden, like all code in Voici): the :data:`LAZY` wheels
#: unpacked when first imported (a synchronous request: the kernel runs in a web worker),
#: from the folder Pyodide loads its packages from.  ``{wheels}``: top-level module -> wheel.
LAZY_CELL = """# the static site (scripts/build_site.py): these packages are unpacked when first imported
def _lazy_wheels(wheels):
    import importlib, importlib.abc, importlib.machinery, importlib.metadata, importlib.util, io, pathlib, re, site, sys, zipfile
    import js, pyodide_js
    base = str(pyodide_js.lockfileBaseUrl)
    packages = site.getsitepackages()[0]

    def unpack(wheel):
        if wheel in done:
            return
        request = js.XMLHttpRequest.new()
        request.open("GET", base + wheel, False)
        request.responseType = "arraybuffer"
        request.send()
        if request.status != 200:
            raise ImportError(f"{{base + wheel}} answered {{request.status}}")
        zipfile.ZipFile(io.BytesIO(request.response.to_bytes())).extractall(packages)
        importlib.invalidate_caches()
        done.add(wheel)

    class Unpacker(importlib.abc.Loader):
        # found without unpacking (importlib.util.find_spec only asks); executed: the wheel
        # unpacked, then the real module run in its place
        def create_module(self, spec):
            return None

        def exec_module(self, module):
            unpack(wheels[module.__name__])
            real = importlib.machinery.PathFinder.find_spec(module.__name__)
            module.__spec__, module.__loader__, module.__file__ = real, real.loader, real.origin
            if real.submodule_search_locations is not None:
                module.__path__ = real.submodule_search_locations
            real.loader.exec_module(module)

    class Metadata(importlib.metadata.Distribution):
        # a wheel's name and version before it is unpacked (importlib.metadata.version)
        def __init__(self, wheel):
            self.wheel = wheel

        def read_text(self, filename):
            if filename == "METADATA":
                name, version = self.wheel.split("-")[:2]
                return f"Metadata-Version: 2.1\\nName: {{name}}\\nVersion: {{version}}\\n"
            return None

        def locate_file(self, path):
            return pathlib.Path(packages) / path

    class LazyWheels(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name not in wheels or wheels[name] in done:
                return None
            return importlib.util.spec_from_loader(name, Unpacker(), is_package=True)

        def find_distributions(self, context=importlib.metadata.DistributionFinder.Context()):
            wanted = None if context.name is None else re.sub(r"[-_.]+", "_", context.name).lower()
            return [Metadata(w) for w in sorted(set(wheels.values()) - done)
                    if wanted is None or w.split("-")[0].lower() == wanted]

    done = set()
    sys.meta_path.append(LazyWheels())


_lazy_wheels({wheels})
del _lazy_wheels"""


def site_notebook(name: str, lazy: dict[str, str] | None = None) -> dict:
    """notebooks/``name`` for the site: kernelspec ``python`` (Pyodide's).  It installs
    nothing: the kernel starts with the app and its dependencies loaded (:func:`lite_config`);
    a first cell (:data:`LAZY_CELL`) unpacks the ``lazy`` ones (module -> wheel) when imported."""
    nb = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))
    nb["metadata"]["kernelspec"] = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}
    if lazy:
        cell = {"cell_type": "code", "execution_count": None, "id": "site-lazy-wheels", "metadata": {},
                "outputs": [], "source": LAZY_CELL.format(wheels=repr(dict(sorted(lazy.items())))).splitlines(True)}
        nb["cells"].insert(0, cell)
    return nb


def lite_config(lite: Path, preload: list[str]) -> None:
    """jupyter-lite.json: no public index; ``preload``, the packages Pyodide loads from the
    site's lock as it starts (all at once, before the kernel's Python runs), so that the
    kernel and the notebooks install nothing with micropip."""
    kernel = {"disablePyPIFallback": True, "loadPyodideOptions": {"packages": preload}}
    config = {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "Paper Tales Lab",
        "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": kernel}}}
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
    """The loading page's note, in every language of :data:`LANGUAGES`, the default one first:
    the catalogue's words (widgets/locales/<lang>/app.json, read as files: the panels' catalogue
    needs the app's packages, which the build's own Python has not)."""
    def line(lang: str) -> str:
        path = ROOT / "widgets" / "locales" / lang / "app.json"
        return html.escape(json.loads(path.read_text(encoding="utf-8"))["app.site.loading"].format(mb=FIRST_VISIT_MB))

    others = "".join(f'<br><span lang="{lang}">{line(lang)}</span>' for lang in LANGUAGES if lang != DEFAULT)
    return ('<h2 id="loading_text">…</h2><p id="pt-loading-note" style="font:16px system-ui,sans-serif;'
            f'text-align:center;margin:0 1em" lang="{DEFAULT}">' + line(DEFAULT) + others + "</p>")


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


def build(output: Path, offline: bool, bytecode: str = "start") -> Path:
    started = time.monotonic()
    py = tools(offline)
    work = ROOT / "build" / "site-lite"
    shutil.rmtree(work, ignore_errors=True)
    lite, content = work / "lite", work / "content"
    lite.mkdir(parents=True)
    content.mkdir(parents=True)
    target = lite / "static" / "pyodide"
    lock = pyodide_runtime(target, offline)
    packages = kernel_packages(lock, offline, py)
    packages.update(app_packages(offline, py))
    packages = {name: (patched(wheel, name), entry) for name, (wheel, entry) in packages.items()}
    preload, lazy = ship(target, lock, packages, bytecode, offline)
    lite_config(lite, preload)
    for name in site_notebooks():
        (content / name).parent.mkdir(parents=True, exist_ok=True)
        (content / name).write_text(json.dumps(site_notebook(name, lazy), indent=1), encoding="utf-8")
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
    parser.add_argument("--bytecode", choices=("start", "all", "none"), default="start",
                        help="which modules the wheels ship as bytecode instead of sources (compiled by Pyodide "
                             "under Node): those a visit's start imports (default), all (over 40 MB), none")
    args = parser.parse_args(argv)
    try:
        build(args.output, args.offline, args.bytecode)
    except BuildError as exc:
        print(f"build_site: error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
