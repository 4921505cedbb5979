"""Fixtures for the real-browser test: Voilà on a free loopback port, Debian's chromium
driven by Playwright.

Without /usr/bin/chromium the browser tests are skipped, unless PAPERTALES_REQUIRE_BROWSER=1
(scripts/test.sh sets it after installing chromium), in which case they fail.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("PAPERTALES_CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = Path(os.environ.get("PAPERTALES_ARTIFACTS", ROOT / "test-artifacts"))
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
READY_PATH = "voila/labextensions/@jupyter-widgets/jupyterlab-manager/package.json"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def voila_command(notebook: Path, port: int, preheat: bool = True) -> list[str]:
    cmd = [sys.executable, "-m", "voila", str(notebook), "--no-browser", f"--port={port}",
           "--Voila.ip=127.0.0.1", "--show_tracebacks=True",
           "--Voila.tornado_settings={'disable_check_xsrf': True}"]
    if preheat:
        cmd += ["--preheat_kernel=True", "--pool_size=1"]
    return cmd


class VoilaServer:
    """A Voilà process serving one notebook on a free loopback port."""

    def __init__(self, notebook: Path, workdir: Path, preheat: bool = True):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log_path = workdir / "voila.log"
        env = dict(os.environ)
        for var, sub in (("JUPYTER_RUNTIME_DIR", "runtime"), ("JUPYTER_DATA_DIR", "data"),
                         ("JUPYTER_CONFIG_DIR", "config"), ("IPYTHONDIR", "ipython")):
            env[var] = str(workdir / sub)
        self.log = open(self.log_path, "w")
        self.proc = subprocess.Popen(voila_command(notebook, self.port, preheat), cwd=ROOT, env=env,
                                     stdout=self.log, stderr=subprocess.STDOUT)

    def wait_ready(self, timeout: float = 90) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"Voilà exited with {self.proc.returncode}:\n{self.log_text()}")
            try:
                with urllib.request.urlopen(self.url + READY_PATH, timeout=2) as r:
                    if r.status == 200:
                        return
            except OSError:
                time.sleep(0.3)
        raise RuntimeError(f"Voilà did not answer within {timeout} s:\n{self.log_text()}")

    def wait_preheated(self, timeout: float = 90) -> None:
        """Wait until the pool's kernel has started (Voilà logs it) and has run the
        notebook (Voilà and its kernels stop using the CPU)."""
        import psutil
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and "is filled with" not in self.log_text():
            time.sleep(0.3)
        root = psutil.Process(self.proc.pid)

        def cpu():
            total = 0.0
            for p in [root] + root.children(recursive=True):
                try:
                    t = p.cpu_times()
                    total += t.user + t.system
                except psutil.Error:
                    pass
            return total

        last, calm = cpu(), 0.0
        while time.monotonic() < deadline and calm < 1.5:
            time.sleep(0.5)
            now = cpu()
            calm = calm + 0.5 if now - last < 0.05 else 0.0
            last = now

    def log_text(self) -> str:
        self.log.flush()
        return self.log_path.read_text(errors="replace")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self.log.close()


def chromium_available() -> bool:
    return Path(CHROMIUM).exists() or shutil.which("chromium") is not None


@pytest.fixture(scope="session")
def chromium_path():
    if not chromium_available():
        if os.environ.get("PAPERTALES_REQUIRE_BROWSER") == "1":
            pytest.fail(f"{CHROMIUM} is missing: install it with "
                        "'apt-get install -y chromium' (scripts/test.sh does)")
        pytest.skip(f"{CHROMIUM} is missing (apt-get install -y chromium)")
    return CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium")


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="module")
def voila_app(tmp_path_factory, chromium_path):
    server = VoilaServer(ROOT / "notebooks" / "app.ipynb", tmp_path_factory.mktemp("voila"))
    try:
        server.wait_ready()
        server.wait_preheated()
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def browser(chromium_path):
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path, headless=True, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    pg = context.new_page()
    pg.console_messages = []
    pg.on("console", lambda m: pg.console_messages.append(f"{m.type}: {m.text}"))
    pg.on("pageerror", lambda e: pg.console_messages.append(f"pageerror: {e}"))
    try:
        yield pg
    finally:
        pg.goto("about:blank")            # lets Voilà shut the page's kernel down
        context.close()
