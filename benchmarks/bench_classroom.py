"""A full classroom on one Voilà server (a benchmark, not a test): N simulated visitors
(5, 10, 20) each open the app and play a whole game by clicking, then leave.

Each visitor is what a browser is to the server, without a browser: it opens the page
(Voilà runs the notebook in a kernel of its own), connects to that kernel's websocket, asks
for the widgets' states as the page's widget manager does, and clicks buttons by sending
the widget protocol's click message (seat 1's decisions: a card, a spot and "done" in
Deployment, the first option elsewhere; "Play to the end" while the bots act), waiting 1 to
3 s before each click as a student reading the cards would (``--think``).  A click's
latency is the time from the message to the kernel's "idle" after handling it: the server's
share of what a student waits for.  Measuring with real browsers would put twenty Chromium
renderers on the same two cores as the server and measure them instead.

Half the visitors leave as a page does when its tab closes (Voilà's shutdown request);
the other half vanish (the websocket drops, nothing is said: a crashed tab, a lost
network), which only the kernel manager's culling can clean up.  The server runs with the
options of ``papertales app`` (:data:`voila_server.APP_SH_OPTIONS`).

Reported per N: page-open and click latency (p50, p95), server memory (Voilà and its
kernels: PSS, and RSS per kernel) at its peak, errors, the kernels left just after
everyone has gone and how long until the last one went.  Loopback only, bounded: at most
:data:`MAX_CLICKS` clicks per visitor, :data:`RUN_LIMIT` seconds per classroom and
:data:`CULL_LIMIT` seconds of waiting for the culling; it stops by itself.

    .venv/bin/python benchmarks/bench_classroom.py               # N = 5, 10, 20
    .venv/bin/python benchmarks/bench_classroom.py --visitors 3 --json
    .venv/bin/python benchmarks/bench_classroom.py --visitors 30 --pool 30     # a class, kernels ready
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

import psutil
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1, serialize_msg_to_ws_v1
from tornado.websocket import websocket_connect

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from voila_server import APP_SH_OPTIONS, VoilaServer  # noqa: E402

APP = ROOT / "notebooks" / "app.ipynb"
MAX_CLICKS = 400            # per visitor: a whole game takes 60-150
CLICK_LIMIT = 60.0          # seconds: a click not handled by then is an error
RUN_LIMIT = 1500.0          # seconds for one classroom to open and play
CULL_LIMIT = 420.0          # seconds to wait for the kernels to go after everyone has left
ARRIVALS = 1.5              # seconds between two visitors' arrivals (a class opening a link)
CONTROL_PROTOCOL = "1.0.0"   # ipywidgets 8's jupyter.widget.control comm


# ------------------------------------------------------------------ the kernel's wire format

def _message(msg_type: str, content: dict, session: str, channel: str = "shell") -> dict:
    return {"header": {"msg_id": uuid.uuid4().hex, "username": "student", "session": session,
                       "msg_type": msg_type, "version": "5.3", "date": ""},
            "parent_header": {}, "metadata": {}, "content": content, "channel": channel, "buffers": []}


#: the websocket protocol a browser's page speaks (JupyterLab's services, in Voilà's page):
#: the server relays a message's parts without decoding them, as it does for a real visitor
PROTOCOL = "v1.kernel.websocket.jupyter.org"


def _encode(msg: dict) -> bytes:
    """A message as the page sends it: the v1 protocol's binary frame."""
    parts = [json.dumps(msg[k]).encode("utf-8") for k in ("header", "parent_header", "metadata", "content")]
    return serialize_msg_to_ws_v1(parts, msg["channel"])


def _decode(frame: bytes) -> dict:
    """A v1 frame: the channel, then the header, parent header, metadata, content and buffers."""
    channel, parts = deserialize_msg_from_ws_v1(frame)
    header, parent, metadata, content = (json.loads(part) for part in parts[:4])
    return {"channel": channel, "header": header, "parent_header": parent, "metadata": metadata,
            "content": content, "buffers": parts[4:]}


# ------------------------------------------------------------------ one visitor

class Visitor:
    """One student: a cookie jar, a kernel, the widgets' states, the clicks' latencies."""

    def __init__(self, number: int, url: str, leaves_properly: bool, think=(1.0, 3.0)):
        self.number, self.url, self.leaves_properly, self.think = number, url, leaves_properly, think
        self.xsrf = uuid.uuid4().hex           # the cookie the app's page script sets
        self.session = uuid.uuid4().hex
        self.kernel = None
        self.root = None
        self.models: dict[str, dict] = {}
        self.clicks: list[float] = []
        self.open_seconds = None
        self.errors: list[str] = []
        self.finished = False
        self.left_at = None
        self._waiting: dict[str, asyncio.Future] = {}
        self._ws = None
        self._reader = None

    async def open(self) -> None:
        t0 = time.perf_counter()
        client = AsyncHTTPClient()
        page = await client.fetch(HTTPRequest(self.url, headers={"Cookie": f"_xsrf={self.xsrf}"},
                                              request_timeout=RUN_LIMIT))
        html = page.body.decode("utf-8", "replace")
        config = re.search(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', html, re.S)
        self.kernel = json.loads(config.group(1))["kernelId"] if config else None
        views = re.findall(r'"model_id":\s*"([0-9a-f]+)"', html)
        if not views:
            Path(tempfile.gettempdir(), f"classroom-page-{self.number}.html").write_text(html, encoding="utf-8")
            said = re.findall(r"(\w*(?:Error|Exception|timed out)[^<\\]{0,160})", html)
            raise RuntimeError(f"the page holds no widget after {time.perf_counter() - t0:.0f} s: "
                               f"{said[0] if said else html[-300:]}")
        self.root = views[-1]                       # the App (the last output of the notebook)
        self._ws = await websocket_connect(HTTPRequest(
            f"{self.url.replace('http', 'ws', 1)}api/kernels/{self.kernel}/channels?session_id={self.session}",
            headers={"Cookie": f"_xsrf={self.xsrf}"}), max_message_size=256 * 1024 * 1024,
            subprotocols=[PROTOCOL], compression_options={})       # as a browser: v1, deflated
        if self._ws.selected_subprotocol != PROTOCOL:
            raise RuntimeError(f"the server did not accept the {PROTOCOL} protocol")
        self._reader = asyncio.ensure_future(self._read())
        control = uuid.uuid4().hex
        opening = _message("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
                           self.session)
        opening["metadata"] = {"version": CONTROL_PROTOCOL}
        await self._send(opening)
        states = self._expect(control)
        await self._send(_message("comm_msg", {"comm_id": control, "data": {"method": "request_states"}},
                                  self.session))
        reply = await asyncio.wait_for(states, CLICK_LIMIT)
        for model_id, s in reply["data"]["states"].items():
            self.models[model_id] = dict(s["state"], _model_name=s["model_name"])
        self.open_seconds = time.perf_counter() - t0

    async def _send(self, msg: dict) -> str:
        await self._ws.write_message(_encode(msg), binary=True)
        return msg["header"]["msg_id"]

    def _expect(self, key: str) -> asyncio.Future:
        fut = asyncio.get_running_loop().create_future()
        self._waiting[key] = fut
        return fut

    async def _read(self) -> None:
        while True:
            frame = await self._ws.read_message()
            if frame is None:
                return
            msg = _decode(frame)
            kind, content = msg["header"]["msg_type"], msg.get("content", {})
            parent = msg.get("parent_header", {}).get("msg_id")
            if kind == "comm_open" and content.get("target_name") == "jupyter.widget":
                state = content["data"]["state"]
                self.models[content["comm_id"]] = dict(state, _model_name=state.get("_model_name"))
            elif kind == "comm_msg":
                data = content.get("data", {})
                if content["comm_id"] in self._waiting and data.get("method") == "update_states":
                    self._waiting.pop(content["comm_id"]).set_result(content)
                elif data.get("method") in ("update", "echo_update") and content["comm_id"] in self.models:
                    self.models[content["comm_id"]].update(data.get("state", {}))
            elif kind == "comm_close":
                self.models.pop(content.get("comm_id"), None)
            elif kind == "error" or (kind == "stream" and content.get("name") == "stderr"
                                     and "Traceback" in content.get("text", "")):
                self.errors.append(f"kernel: {content.get('ename', '')} {content.get('text', '')[:200]}")
            elif kind == "status" and content.get("execution_state") == "idle" and parent in self._waiting:
                self._waiting.pop(parent).set_result(msg)

    # -------------------------------------------------------------- the page as a tree of widgets

    def _visible(self) -> list[tuple[str, dict]]:
        """The widgets shown now: from the App down through children, skipping what is
        hidden (display none) and the tabs not selected."""
        out, todo, seen = [], [self.root], set()
        while todo:
            mid = todo.pop(0)
            m = self.models.get(mid)
            if m is None or mid in seen:
                continue
            seen.add(mid)
            layout = self.models.get(str(m.get("layout", "")).replace("IPY_MODEL_", ""), {})
            if layout.get("display") == "none" or layout.get("visibility") == "hidden":
                continue
            out.append((mid, m))
            children = [c.replace("IPY_MODEL_", "") for c in m.get("children", []) if isinstance(c, str)]
            if m["_model_name"] in ("TabModel", "AccordionModel", "StackModel"):
                i = m.get("selected_index")
                children = [children[i]] if isinstance(i, int) and 0 <= i < len(children) else []
            todo += children
        return out

    def _buttons(self, cls: str, inside: str | None = None) -> list[str]:
        shown = self._visible()
        boxes = {mid for mid, m in shown if inside in m.get("_dom_classes", ())} if inside else None
        allowed = None
        if boxes is not None:
            allowed, todo = set(), list(boxes)
            while todo:
                mid = todo.pop()
                allowed.add(mid)
                todo += [c.replace("IPY_MODEL_", "") for c in self.models.get(mid, {}).get("children", [])
                         if isinstance(c, str)]
        return [mid for mid, m in shown if m["_model_name"] == "ButtonModel" and cls in m.get("_dom_classes", ())
                and not m.get("disabled") and (allowed is None or mid in allowed)]

    def _turn(self) -> int:
        """The turn the phase track shows (its HTML carries ``data-turn``)."""
        for _, m in self._visible():
            if m["_model_name"] == "HTMLModel" and "pt-track-widget" in m.get("_dom_classes", ()):
                found = re.search(r'data-turn="(\d+)"', m.get("value", ""))
                if found:
                    return int(found.group(1))
        return 0

    async def click(self, model_id: str) -> None:
        msg = _message("comm_msg", {"comm_id": model_id, "data": {"method": "custom", "content": {"event": "click"}}},
                       self.session)
        done = self._expect(msg["header"]["msg_id"])
        t0 = time.perf_counter()
        await self._send(msg)
        try:
            await asyncio.wait_for(done, CLICK_LIMIT)
        except asyncio.TimeoutError:
            self._waiting.pop(msg["header"]["msg_id"], None)
            self.errors.append(f"a click was not handled within {CLICK_LIMIT:.0f} s")
            return
        self.clicks.append(time.perf_counter() - t0)

    # -------------------------------------------------------------- playing

    async def play(self, rng: random.Random) -> None:
        """Seat 1's game by clicking, as tests/browser/test_app_browser.py plays it."""
        placed: dict[int, int] = {}
        for _ in range(MAX_CLICKS):
            if any("pt-scores" in m.get("value", "") for _, m in self._visible() if m["_model_name"] == "HTMLModel"
                   and "pt-final" in m.get("_dom_classes", ())):
                self.finished = True
                return
            choices = self._buttons("pt-choice", inside="pt-decision")
            if choices:
                turn = self._turn()
                cards = self._buttons("pt-hand-card", inside="pt-decision")
                if cards and placed.get(turn, 0) < 2:          # up to two units a turn: a card, a spot
                    placed[turn] = placed.get(turn, 0) + 1
                    await self.click(cards[0])
                    spots = self._buttons("pt-spot-button", inside="pt-decision")
                    if spots:
                        await self.click(spots[0])
                    else:
                        placed[turn] = 2
                    continue
                done = self._buttons("pt-done", inside="pt-decision")
                await self.click(done[0] if done else choices[0])
            else:
                to_end = self._buttons("pt-to-end")
                if not to_end:
                    self.finished = not self._buttons("pt-next-phase")
                    if not self.finished:
                        self.errors.append("nothing to click")
                    return
                await self.click(to_end[0])
            await asyncio.sleep(rng.uniform(*self.think))   # a student reads before the next click
        self.errors.append(f"the game did not end within {MAX_CLICKS} clicks")

    async def leave(self) -> None:
        if self.leaves_properly and self.kernel:           # what the page does when its tab closes
            body = f"_xsrf={self.xsrf}"
            try:
                await AsyncHTTPClient().fetch(HTTPRequest(
                    f"{self.url}voila/api/shutdown/{self.kernel}", method="POST", body=body,
                    headers={"Cookie": f"_xsrf={self.xsrf}", "Content-Type": "application/x-www-form-urlencoded"}))
            except Exception as exc:                      # noqa: BLE001 - counted, not hidden
                self.errors.append(f"shutdown: {exc}")
        if self._ws is not None:
            self._ws.close()
        if self._reader is not None:
            self._reader.cancel()
        self.left_at = time.monotonic()


# ------------------------------------------------------------------ the server's side

def kernel_processes(server: VoilaServer) -> dict[str, psutil.Process]:
    """kernel id -> its process (from the connection file named on its command line)."""
    out = {}
    for p in psutil.Process(server.proc.pid).children(recursive=True):
        try:
            line = " ".join(p.cmdline())
        except psutil.Error:
            continue
        m = re.search(r"kernel-([0-9a-f-]{36})\.json", line)
        if "ipykernel" in line and m:
            out[m.group(1)] = p
    return out


def cpu_seconds(server: VoilaServer, seen: dict) -> None:
    """Update ``seen`` (pid -> CPU seconds so far) for Voilà and its kernels: the sum of its
    values is the server's CPU (a kernel's last seconds before it exits are missed)."""
    root = psutil.Process(server.proc.pid)
    for p in [root] + root.children(recursive=True):
        try:
            t = p.cpu_times()
            seen[p.pid] = max(seen.get(p.pid, 0.0), t.user + t.system)
        except psutil.Error:
            pass


def memory(server: VoilaServer) -> dict:
    """PSS of Voilà and its kernels (shared pages counted once), RSS of each kernel."""
    total, per_kernel = 0, []
    procs = [psutil.Process(server.proc.pid)] + psutil.Process(server.proc.pid).children(recursive=True)
    for p in procs:
        try:
            info = p.memory_full_info()
            total += info.pss
            if "ipykernel" in " ".join(p.cmdline()):
                per_kernel.append(info.rss)
        except psutil.Error:
            pass
    return {"pss": total, "kernels": len(per_kernel), "kernel_rss": per_kernel}


async def classroom(n: int, seed: int, think=(1.0, 3.0), pool: int = 1, extra=(), cull_wait: float = CULL_LIMIT) -> dict:
    workdir = Path(tempfile.mkdtemp(prefix=f"classroom{n}-"))
    server = VoilaServer(APP, workdir, preheat=True, pool=pool, extra=extra)
    try:
        server.wait_ready()
        server.wait_preheated(timeout=60 + 10 * pool, quiet=3.0)
        start_mem = memory(server)
        cpu: dict[int, float] = {}
        cpu_seconds(server, cpu)
        cpu_start = sum(cpu.values())
        visitors = [Visitor(i, server.url, leaves_properly=(i % 2 == 0), think=think) for i in range(n)]
        peak = {"pss": 0}
        stop_sampling = asyncio.Event()

        async def sample():
            while not stop_sampling.is_set():
                m = memory(server)
                if m["pss"] > peak["pss"]:
                    peak.update(m)
                cpu_seconds(server, cpu)
                await asyncio.sleep(1)

        async def visit(v: Visitor):
            await asyncio.sleep(v.number * ARRIVALS)
            try:
                await v.open()
                await v.play(random.Random(seed * 100 + v.number))
            except Exception as exc:                      # noqa: BLE001 - counted, not hidden
                v.errors.append(f"{type(exc).__name__}: {exc}")
            finally:
                await v.leave()

        sampler = asyncio.ensure_future(sample())
        t0 = time.monotonic()
        try:
            await asyncio.wait_for(asyncio.gather(*(visit(v) for v in visitors)), RUN_LIMIT)
        except asyncio.TimeoutError:
            for v in visitors:
                if v.left_at is None:
                    v.errors.append(f"still playing after {RUN_LIMIT:.0f} s")
                    await v.leave()
        played = time.monotonic() - t0
        stop_sampling.set()
        await sampler
        cpu_seconds(server, cpu)
        cpu_used = sum(cpu.values()) - cpu_start
        # after everyone has gone: which kernels are left, and when does each one go?
        ours = {v.kernel: v for v in visitors if v.kernel}
        await asyncio.sleep(2)
        left = [k for k in kernel_processes(server) if k in ours]
        gone_after, deadline = {}, time.monotonic() + cull_wait
        while time.monotonic() < deadline:
            alive = kernel_processes(server)
            for k, v in ours.items():
                if k not in alive and k not in gone_after:
                    gone_after[k] = time.monotonic() - v.left_at
            if len(gone_after) == len(ours):
                break
            await asyncio.sleep(2)
        clicks = sorted(c for v in visitors for c in v.clicks)
        opens = sorted(v.open_seconds for v in visitors if v.open_seconds is not None)

        def pct(xs, q):
            return round(xs[min(len(xs) - 1, int(q * len(xs)))], 3) if xs else None

        proper = [gone_after.get(k) for k, v in ours.items() if v.leaves_properly]
        vanished = [gone_after.get(k) for k, v in ours.items() if not v.leaves_properly]
        return {
            "visitors": n, "pool": pool, "think_s": list(think), "games_finished": sum(v.finished for v in visitors), "seconds": round(played, 1),
            "server_cpu_s": round(cpu_used, 1),
            "clicks": len(clicks), "click_p50_s": pct(clicks, 0.5), "click_p95_s": pct(clicks, 0.95),
            "click_max_s": round(clicks[-1], 3) if clicks else None,
            "open_p50_s": pct(opens, 0.5), "open_p95_s": pct(opens, 0.95),
            "memory_start_mb": round(start_mem["pss"] / 2 ** 20), "memory_peak_mb": round(peak["pss"] / 2 ** 20),
            "kernels_at_peak": peak.get("kernels"),
            "kernel_rss_mb": round(statistics.mean(peak["kernel_rss"]) / 2 ** 20) if peak.get("kernel_rss") else None,
            "errors": [f"visitor {v.number}: {e}" for v in visitors for e in v.errors],
            "kernels_left_after_leaving": len(left),
            "kernels_not_gone": len(ours) - len(gone_after),
            "gone_after_shutdown_s": max((x for x in proper if x is not None), default=None),
            "gone_after_vanishing_s": max((x for x in vanished if x is not None), default=None),
        }
    finally:
        server.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--visitors", type=int, nargs="+", default=[5, 10, 20], help="classroom sizes to run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think", type=float, nargs=2, default=(1.0, 3.0), metavar=("LEAST", "MOST"),
                        help="seconds a visitor waits before each click, drawn between these (default 1 3; "
                             "0.2 0.8 is a stress test)")
    parser.add_argument("--pool", type=int, default=1,
                        help="kernels Voilà keeps ready (scripts/app.sh's POOL; default 1)")
    parser.add_argument("--voila", action="append", default=[], metavar="OPTION",
                        help="more Voilà options, e.g. --VoilaKernelManager.fill_delay=600")
    parser.add_argument("--no-cull-wait", action="store_true",
                        help="do not wait for the culling after everyone has left (latency and CPU only)")
    parser.add_argument("--json", action="store_true", help="one JSON object per classroom")
    args = parser.parse_args()
    if not 0 <= args.think[0] <= args.think[1] <= 60:
        parser.error("--think: 0 <= LEAST <= MOST <= 60 seconds")
    if any(not 1 <= n <= 40 for n in args.visitors):
        parser.error("--visitors: 1 to 40 each (this is a loopback benchmark, not a load generator)")
    print(f"server options: {' '.join(APP_SH_OPTIONS + args.voila)}", file=sys.stderr)
    for n in args.visitors:
        r = asyncio.run(classroom(n, args.seed, tuple(args.think), args.pool, args.voila,
                                   0.0 if args.no_cull_wait else CULL_LIMIT))
        if args.json:
            print(json.dumps(r))
        else:
            print(f"{n:>2} visitors, pool {args.pool}: {r['games_finished']} games finished in {r['seconds']} s; clicks {r['clicks']}: "
                  f"p50 {r['click_p50_s']} s, p95 {r['click_p95_s']} s (max {r['click_max_s']}); page open "
                  f"p50 {r['open_p50_s']} s, p95 {r['open_p95_s']} s; server CPU {r['server_cpu_s']} s; memory {r['memory_start_mb']} MB idle, "
                  f"{r['memory_peak_mb']} MB at the peak ({r['kernels_at_peak']} kernels, {r['kernel_rss_mb']} MB "
                  f"RSS each); errors {len(r['errors'])}; kernels left after leaving {r['kernels_left_after_leaving']},"
                  f" not gone after {CULL_LIMIT:.0f} s: {r['kernels_not_gone']}; gone after shutdown within "
                  f"{r['gone_after_shutdown_s']} s, after vanishing within {r['gone_after_vanishing_s']} s")
            for e in r["errors"][:10]:
                print("   ", e)
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
