"""The package as a user gets it: ``python -m build`` makes an sdist and a wheel without a
warning, ``twine check`` accepts their metadata, the sdist carries every test file (so the
tests run from it) and the wheel, installed in a fresh venv, serves the app with
``papertales app``.

Slow (a build and a venv with the app extra: a few minutes, most of it pip); it skips only
when pip cannot reach a package index.  ``PAPERTALES_PURE=1`` builds the pure engine:
compiling it with mypyc is tested by scripts/test.sh's compiled run, not here."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import tarfile
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.slow
#: the files the installed app needs beside the modules (setup.py APP_FILES), and the typing marks
WHEEL_FILES = ["papertales_widgets/notebooks/app.ipynb",
               "papertales_widgets/share/jupyter/voila/templates/papertales/conf.json",
               "papertales_widgets/share/jupyter/voila/templates/papertales/index.html.j2",
               "papertales/py.typed", "kingdom_legacy/py.typed", "papertales/locales/pl/cli.json",
               "papertales_widgets/locales/pl/app.json", "kingdom_legacy/locales/pl/legacy.json"]
#: a setuptools or distutils warning ("warning: ...", "SetuptoolsDeprecationWarning: ..."); pip's own
#: "WARNING:" lines are about this machine's index configuration, not about the package
BUILD_WARNING = re.compile(r"^\s*warning:|[a-z]Warning\b", re.M)


def _run(cmd, **kwargs) -> subprocess.CompletedProcess:
    result = subprocess.run(cmd, capture_output=True, text=True, **kwargs)
    assert result.returncode == 0, f"{cmd} failed:\n{result.stdout}\n{result.stderr}"
    return result


def _clean_env(**extra) -> dict:
    """This environment without the checkout on the path (the wheel, not the sources, must run)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONDONTWRITEBYTECODE")}
    return {**env, **extra}


@pytest.fixture(scope="module")
def dist(tmp_path_factory):
    """The sdist and the wheel, the wheel built from the sdist (as ``python -m build`` does)."""
    out = tmp_path_factory.mktemp("dist")
    probe = subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--no-cache-dir", "-d", str(out / "probe"),
                            "setuptools>=77"], capture_output=True, text=True)
    if probe.returncode != 0:
        pytest.skip(f"pip cannot reach a package index (the build needs setuptools): {probe.stderr.strip()[-300:]}")
    build = _run([sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)], env=_clean_env(PAPERTALES_PURE="1"))
    log = build.stdout + build.stderr
    assert not BUILD_WARNING.findall(log), "the build warns:\n" + "\n".join(
        line for line in log.splitlines() if BUILD_WARNING.search(line))
    (sdist,), (wheel,) = out.glob("*.tar.gz"), out.glob("*.whl")
    return sdist, wheel


def test_twine_accepts_the_metadata(dist):
    _run([sys.executable, "-m", "twine", "check", "--strict", *map(str, dist)])


def test_the_sdist_carries_every_test_and_the_license(dist):
    with tarfile.open(dist[0]) as tar:
        shipped = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
    tracked = _run(["git", "ls-files", "tests"], cwd=ROOT).stdout.split()
    assert tracked and not set(tracked) - shipped
    assert {"LICENSE", "CHANGELOG.md", "notebooks/app.ipynb", "papertales/py.typed"} <= shipped


def test_the_wheel_carries_the_app_and_the_types(dist):
    names = set(zipfile.ZipFile(dist[1]).namelist())
    assert set(WHEEL_FILES) <= names
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_installed_wheel_serves_the_app(dist, tmp_path):
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", "--upgrade-deps", str(venv)])     # a pip of this year: older ones fail to resolve the extra
    python, command = venv / "bin" / "python", venv / "bin" / "papertales"
    # as a user installs it: the extra's own requirements, not the Binder pins
    _run([str(python), "-m", "pip", "install", "--quiet", f"{dist[1]}[app]"], env=_clean_env())
    env = _clean_env(**{var: str(tmp_path / sub) for var, sub in (
        ("JUPYTER_RUNTIME_DIR", "runtime"), ("JUPYTER_DATA_DIR", "data"), ("JUPYTER_CONFIG_DIR", "config"),
        ("IPYTHONDIR", "ipython"))})
    where = _run([str(python), "-c", "import papertales_widgets.serve as s; print(s.NOTEBOOK)"], env=env, cwd=tmp_path)
    assert Path(where.stdout.strip()).is_relative_to(venv)                # the wheel's copy, not a checkout's
    helped = _run([str(python), "-m", "papertales", "app", "--help"], env=env, cwd=tmp_path)
    assert "papertales app" in helped.stdout
    port = _free_port()
    log = open(tmp_path / "app.log", "w+")
    server = subprocess.Popen([str(command), "app", f"--port={port}"], env=env, cwd=tmp_path,
                              stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        page = None
        deadline = time.monotonic() + 300        # a cold Voilà render on a busy machine
        while page is None and time.monotonic() < deadline and server.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=120) as r:
                    page = r.read().decode()
            except OSError:
                time.sleep(0.5)                  # not listening yet: poll again
        log.seek(0)
        assert page is not None, f"papertales app did not serve the page:\n{log.read()}"
        assert "application/vnd.jupyter.widget-view+json" in page          # the App was displayed
        assert "Traceback" not in page                                         # every cell ran
        assert "fontawesome-free" not in page                                 # the papertales template
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=60)
        log.close()
