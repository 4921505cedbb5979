"""The static site (scripts/build_site.py) served on loopback by ``python -m http.server``,
and Chromium cut off from every other host: tests/browser/test_site.py and
benchmarks/bench_site.py.

Requests made by JupyterLite's service worker bypass Playwright's routing, so the browser
is blocked at its resolver instead (:data:`OFFLINE_ARGS`), and the server's log says what
was asked for (:meth:`SiteServer.requests`)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from voila_server import CHROMIUM_ARGS, ROOT, free_port

SITE = ROOT / "site"
BUILD = ROOT / "scripts" / "build_site.py"
#: the app's page in the site
APP_PAGE = "voici/render/app.html"
#: every host but loopback unreachable
OFFLINE_ARGS = CHROMIUM_ARGS + ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
#: what the site is built from: a newer file here means the site is out of date
SOURCES = ["papertales", "widgets", "kingdom_legacy", "notebooks", "scripts/build_site.py",
           "scripts/build_notebooks.py", "pyproject.toml", "setup.py", "binder/requirements.txt"]
#: a line of http.server's log: client, request line, status
LOG_LINE = re.compile(r'^(\S+) - - \[[^\]]*\] "(\S+) (\S+) [^"]*" (\d{3})')
#: the first interactive moment: a choice of the first decision on screen
FIRST_CHOICE = ".pt-decision button.pt-choice"


def newest_source() -> float:
    times = []
    for name in SOURCES:
        path = ROOT / name
        files = [path] if path.is_file() else [p for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
        times += [p.stat().st_mtime for p in files]
    return max(times)


def ensure_site() -> Path:
    """The site, built first when it is missing or older than a source (the build's marker)."""
    marker = SITE / "jupyter-lite.json"
    if not marker.is_file() or marker.stat().st_mtime < newest_source():
        subprocess.run([sys.executable, str(BUILD)], check=True, cwd=ROOT)
    return SITE


class SiteServer:
    """``python -m http.server`` on a free loopback port serving ``site``; its log in ``log``."""

    def __init__(self, site: Path, log: Path):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log = log
        self._log = open(log, "w")
        self.proc = subprocess.Popen([sys.executable, "-m", "http.server", str(self.port), "--bind", "127.0.0.1",
                                      "--directory", str(site)], stdout=self._log, stderr=subprocess.STDOUT,
                                     env={**os.environ, "PYTHONUNBUFFERED": "1"})
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(self.url + "jupyter-lite.json", timeout=2).read()
                break
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError(f"http.server did not start: {log.read_text()}") from None
                time.sleep(0.2)

    def requests(self) -> list[tuple[str, str, str, int]]:
        """(client, method, path, status) of each request so far."""
        out = []
        for line in self.log.read_text(errors="replace").splitlines():
            m = LOG_LINE.match(line)
            if m:
                out.append((m.group(1), m.group(2), m.group(3), int(m.group(4))))
        return out

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self._log.close()
