"""A Voilà server on a free loopback port and Chromium's flags for this machine: shared by
the browser test's fixtures and ``benchmarks/bench_app.py``."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

from papertales_widgets.serve import VOILA_OPTIONS

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
#: the kernel options `papertales app` serves with (no XSRF switch: the page's shutdown must pass as served)
APP_SH_OPTIONS = [o for o in VOILA_OPTIONS if o.startswith(("--MappingKernelManager.", "--VoilaExecutor.",
                                                              "--Voila.tornado_settings", "--VoilaConfiguration."))]
READY_PATH = "voila/labextensions/@jupyter-widgets/jupyterlab-manager/package.json"
#: the app's Voilà template (share/jupyter/voila/templates/papertales: no stylesheet from a CDN)
TEMPLATE = "papertales"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def voila_command(notebook: Path, port: int, preheat: bool = True, pool: int = 1, extra=()) -> list[str]:
    cmd = [sys.executable, "-m", "voila", str(notebook), "--no-browser", f"--port={port}",
           "--Voila.ip=127.0.0.1", "--show_tracebacks=True", f"--template={TEMPLATE}"] + APP_SH_OPTIONS
    if preheat:
        cmd += ["--preheat_kernel=True", f"--pool_size={pool}"]
    return cmd + list(extra)


class VoilaServer:
    """A Voilà process serving one notebook on a free loopback port."""

    def __init__(self, notebook: Path, workdir: Path, preheat: bool = True, pool: int = 1, extra=()):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log_path = workdir / "voila.log"
        env = dict(os.environ)
        for var, sub in (("JUPYTER_RUNTIME_DIR", "runtime"), ("JUPYTER_DATA_DIR", "data"),
                         ("JUPYTER_CONFIG_DIR", "config"), ("IPYTHONDIR", "ipython")):
            env[var] = str(workdir / sub)
        env["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(ROOT / "share" / "jupyter"),
                                                            os.environ.get("JUPYTER_PATH")]))
        self.log = open(self.log_path, "w")
        self.proc = subprocess.Popen(voila_command(notebook, self.port, preheat, pool, extra), cwd=ROOT, env=env,
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

    def wait_preheated(self, timeout: float = 90, fills: int = 1, quiet: float = 1.5) -> None:
        """Wait until the pool's kernel has started for the ``fills``-th time (Voilà logs
        it) and has run the notebook (Voilà and its kernels stop using the CPU for
        ``quiet`` seconds)."""
        import psutil
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self.log_text().count("is filled with") < fills:
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
        while time.monotonic() < deadline and calm < quiet:
            time.sleep(0.5)
            now = cpu()
            calm = calm + 0.5 if now - last < 0.05 else 0.0
            last = now

    def open(self, page, state: str = "visible", timeout: float = 120_000, query: str = "") -> None:
        """Open the app in ``page`` and wait until its first render (the stepper's "Next
        phase" button) is ``state`` ("attached": in the DOM, perhaps off screen on a phone).
        ``timeout`` in ms: a cold Voilà render can take ~20 s on 2 cores.  ``query``: the
        link's parameters (``"lang=pl&guided=1"``)."""
        page.goto(self.url + (f"?{query}" if query else ""))
        page.locator("button.pt-next-phase").wait_for(state=state, timeout=timeout)

    def kernels(self) -> int:
        """How many kernels run now (the ipykernel processes under Voilà)."""
        import psutil
        n = 0
        for p in psutil.Process(self.proc.pid).children(recursive=True):
            try:
                if "ipykernel" in " ".join(p.cmdline()):
                    n += 1
            except psutil.Error:
                pass
        return n

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


class ByteCounter:
    """A loopback TCP relay in front of a server that counts the bytes the browser receives
    (as sent over the wire: after gzip and the websocket's deflate)."""

    def __init__(self, port: int):
        self.target = port
        self.received = 0
        self._lock = threading.Lock()
        self._server = socket.socket()
        self._server.bind(("127.0.0.1", 0))
        self._server.listen(64)
        self.port = self._server.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                browser, _ = self._server.accept()
            except OSError:
                return
            server = socket.create_connection(("127.0.0.1", self.target))
            threading.Thread(target=self._pipe, args=(browser, server, False), daemon=True).start()
            threading.Thread(target=self._pipe, args=(server, browser, True), daemon=True).start()

    def _pipe(self, src: socket.socket, dst: socket.socket, count: bool) -> None:
        try:
            while data := src.recv(65536):
                if count:
                    with self._lock:
                        self.received += len(data)
                dst.sendall(data)
        except OSError:
            pass
        finally:
            for sock in (src, dst):
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def close(self) -> None:
        self._server.close()
