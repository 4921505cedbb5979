"""Build the Binder environment as repo2docker would, and serve the app from it.

A fresh virtualenv gets ``binder/requirements.txt`` (the pinned environment), then
``binder/postBuild`` runs in the repository with that environment's ``pip`` first on the
PATH, as repo2docker runs it.  The check fails unless every installed package is at its
pinned version (the build dependencies setuptools and mypy included: nothing unpinned was
downloaded), the engine is the compiled one where a C compiler is found (repo2docker's
images have one; elsewhere the pure one, as ``setup.py`` falls back), ``notebooks/app.ipynb``
executes headless without an error (nbconvert) on that engine, and Voilà, on a free
loopback port, renders it: the page holds the app's widgets and no error output.

Usage: ``python3 scripts/check_binder.py [--keep DIR]`` (a few minutes on a fresh machine:
it downloads ~130 packages; ``--keep DIR`` reuses and keeps the environment in DIR)."""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import sysconfig
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "notebooks" / "app.ipynb"


def say(text: str) -> None:
    print(f"check_binder: {text}", flush=True)


def run(cmd, **kw) -> None:
    subprocess.run([str(c) for c in cmd], check=True, cwd=ROOT, **kw)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def build(env: Path) -> dict:
    """The environment: pinned requirements, then postBuild as repo2docker runs it."""
    if not (env / "bin" / "python").exists():
        run([sys.executable, "-m", "venv", env])
    run([env / "bin" / "python", "-m", "pip", "install", "-q", "-r", ROOT / "binder" / "requirements.txt"])
    variables = dict(os.environ, PATH=f"{env / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}",
                     VIRTUAL_ENV=str(env))
    variables.pop("PIP_CONSTRAINT", None)
    run(["bash", ROOT / "binder" / "postBuild"], env=variables)
    return variables


def check_installed(env: Path) -> None:
    py = env / "bin" / "python"
    out = subprocess.check_output([py, "-c", "import papertales, papertales_widgets; print(papertales.compiled)"],
                                  cwd=ROOT / "notebooks", text=True)      # where the app's kernel starts
    wanted_build = str(compiler_found())
    if out.strip() != wanted_build:
        raise SystemExit(f"check_binder: papertales.compiled is {out.strip()}, expected {wanted_build} "
                         f"(a C compiler {'is' if compiler_found() else 'is not'} on the PATH)")
    settings = subprocess.check_output(
        [py, "-c", "import json; from jupyter_server.serverapp import ServerApp; a = ServerApp(); "
                   "a.load_config_file(); print(json.dumps([a.websocket_compression_options, "
                   "list(a.config.VoilaConfiguration.extension_denylist)]))"], cwd="/", text=True)
    wanted = json.loads((ROOT / "binder" / "jupyter_server_config.json").read_text())
    if json.loads(settings) != [wanted["ServerApp"]["websocket_compression_options"],
                                wanted["VoilaConfiguration"]["extension_denylist"]]:
        raise SystemExit(f"check_binder: postBuild did not install the server settings: {settings!r}")

    def versions(lines):
        """name (normalised as PyPI does) -> version, from ``name==version`` lines"""
        return {re.sub(r"[-_.]+", "-", n).lower(): v for n, _, v in (x.partition("==") for x in lines if "==" in x)}

    frozen = versions(subprocess.check_output([py, "-m", "pip", "freeze", "--all", "--exclude-editable"],
                                              text=True).split())
    pins = versions((ROOT / "binder" / "requirements.txt").read_text().split())
    drift = [f"{n} {frozen.get(n)} (pinned {v})" for n, v in pins.items() if frozen.get(n) != v]
    if drift:
        raise SystemExit(f"check_binder: installed versions differ from the pins: {drift}")


def compiler_found() -> bool:
    """Whether the C compiler mypyc's build calls is on the PATH (so postBuild compiles)."""
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(cc) is not None


def execute(env: Path, variables: dict, workdir: Path) -> None:
    """Every cell of the app notebook runs headless without an error."""
    run([env / "bin" / "python", "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute",
         "--ExecutePreprocessor.timeout=120", "--output-dir", workdir, "--output", "app-executed", APP],
        env=variables)
    executed = json.loads((workdir / "app-executed.ipynb").read_text(encoding="utf-8"))
    errors = [o for c in executed["cells"] for o in c.get("outputs", []) if o.get("output_type") == "error"]
    widgets = [o for c in executed["cells"] for o in c.get("outputs", [])
               if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    if errors or not widgets:
        raise SystemExit(f"check_binder: the app notebook gave errors {errors} or no widget")


def serve(env: Path, variables: dict, workdir: Path) -> None:
    """Voilà renders the app page: widgets in it, no error output, within two minutes."""
    port = free_port()
    for var, sub in (("JUPYTER_RUNTIME_DIR", "runtime"), ("JUPYTER_DATA_DIR", "data"),
                     ("JUPYTER_CONFIG_DIR", "config"), ("IPYTHONDIR", "ipython")):
        variables[var] = str(workdir / sub)
    log = open(workdir / "voila.log", "w")
    proc = subprocess.Popen([env / "bin" / "python", "-m", "voila", APP, "--no-browser", f"--port={port}",
                             "--Voila.ip=127.0.0.1", "--show_tracebacks=True"],
                            cwd=ROOT, env=variables, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 120
        page = None
        while time.monotonic() < deadline and page is None:
            if proc.poll() is not None:
                raise SystemExit(f"check_binder: Voilà exited:\n{(workdir / 'voila.log').read_text()}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=100) as r:
                    page = r.read().decode("utf-8", "replace")
            except OSError:
                time.sleep(0.5)
        if page is None:
            raise SystemExit("check_binder: Voilà did not render the page within two minutes")
        bad = [word for word in ("Traceback", "output_error", "jp-RenderedText\" data-mime-type=\"application/"
                                 "vnd.jupyter.stderr") if word in page]
        if bad or "application/vnd.jupyter.widget-view+json" not in page:
            (workdir / "page.html").write_text(page, encoding="utf-8")
            raise SystemExit(f"check_binder: the rendered page has {bad or 'no widget'} (see {workdir}/page.html)")
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def main() -> int:
    parser = argparse.ArgumentParser(description="Build the Binder environment and render the app from it.")
    parser.add_argument("--keep", type=Path, default=None, help="reuse and keep the environment in this folder")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="binder-check-"))
    env = args.keep.resolve() if args.keep else tmp / "env"
    try:
        start = time.monotonic()
        say(f"building the environment in {env} (binder/requirements.txt, then binder/postBuild)")
        variables = build(env)
        check_installed(env)
        say(f"installed: pinned versions, the {'compiled' if compiler_found() else 'pure'} engine, server settings; "
            "executing notebooks/app.ipynb")
        execute(env, variables, tmp)
        say("executed without error; serving it with Voilà")
        serve(env, variables, tmp)
        say(f"Voilà rendered the app: all good ({time.monotonic() - start:.0f} s)")
        return 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
