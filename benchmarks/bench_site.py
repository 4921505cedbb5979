"""The static site's numbers (docs/publishing.md): its size, the first interactive moment
cold (a new browser profile) and cached (a second visit in the same profile), the round trip
of a click, and whether the war graph's chart draws.  A benchmark, not a test: it prints.

    python benchmarks/bench_site.py [--clicks 15] [--site DIR]

Builds the site first when it is missing or out of date (scripts/build_site.py), serves it
on loopback and drives Debian's chromium with every other host unreachable.  First
interactive: from ``page.goto`` to the first choice of the first decision on screen.  Click
round trip: from a click on a choice (or Undo) to the kernel's answer on the page (the stepper's tick).

Each first interactive time is also given as the processor time the browser's processes used
meanwhile (user + system, all cores, from /proc): on a machine shared with other work the wall
time grows with the load, the processor time much less, so it compares builds more fairly.
``--runs N`` repeats the whole measure N times (a new browser each) and prints each run and the
range; the load average is printed with each run.

``--cells`` measures a copy of the site whose app page tells the browser when each of its
notebook's cells starts and when the last one ends (:func:`probed_copy`): the time until the
first cell is the kernel's start (Pyodide, its wheels, IPython), the rest the app's."""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
from clicking import click_and_wait, settle  # noqa: E402
from site_server import APP_PAGE, FIRST_CHOICE, OFFLINE_ARGS, SiteServer, ensure_site  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
START_TIMEOUT = 300_000


def _descendants(pid: int) -> list[int]:
    """``pid``'s child processes, their children and so on (Linux: /proc)."""
    out, todo = [], [pid]
    while todo:
        parent = todo.pop()
        try:
            tasks = os.listdir(f"/proc/{parent}/task")
        except OSError:
            continue
        for task in tasks:
            try:
                children = Path(f"/proc/{parent}/task/{task}/children").read_text().split()
            except OSError:
                continue
            out += map(int, children)
            todo += map(int, children)
    return out


def cpu_times() -> dict[int, float]:
    """User + system processor seconds of each process this one started (the browser's), by pid."""
    tick = os.sysconf("SC_CLK_TCK")
    out = {}
    for pid in _descendants(os.getpid()):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        out[pid] = (int(fields[11]) + int(fields[12])) / tick
    return out


def cpu_since(before: dict[int, float]) -> float:
    """Processor seconds the browser used since ``before`` (processes that ended meanwhile not counted)."""
    return sum(t - before.get(pid, 0.0) for pid, t in cpu_times().items())


#: what each probed cell runs first: the cell's id and the time, to the page
PROBE = ("import js as _js; _js.BroadcastChannel.new('bench-site').postMessage("
         "'{name} ' + str(_js.Date.now()))\n")
#: the page's side: the kernel's messages to the console, read by Playwright
LISTEN = "new BroadcastChannel('bench-site').onmessage = (e) => console.log('bench-site ' + e.data);"
CONFIG = re.compile(r'(<script id="jupyter-config-data" type="application/json">)(.*?)(</script>)', re.S)


def probed_copy(site: Path, into: Path) -> Path:
    """A copy of ``site`` in ``into`` whose app page's cells each start by saying when they
    start (:data:`PROBE`, a BroadcastChannel: the kernel runs in a worker), the last also
    when it ends ("end")."""
    shutil.copytree(site, into, dirs_exist_ok=True)
    page = into / APP_PAGE
    html = page.read_text(encoding="utf-8")
    head, config, tail = CONFIG.search(html).groups()
    data = json.loads(config)
    cells = [c for c in data["notebookSrc"]["cells"] if c["cell_type"] == "code"]
    for cell in cells:
        source = "".join(cell["source"])
        cell["source"] = PROBE.format(name=cell["id"]) + source
    cells[-1]["source"] += "\n" + PROBE.format(name="end")
    html = CONFIG.sub(lambda m: head + json.dumps(data) + tail, html, count=1)
    page.write_text(html, encoding="utf-8")
    return into


def first_interactive(context, url: str):
    """(page, wall seconds, processor seconds, {cell id: seconds after the start} of a probed site)"""
    page = context.new_page()
    page.add_init_script(LISTEN)
    cells: dict[str, float] = {}
    started_ms = time.time() * 1000

    def heard(message) -> None:
        if message.text.startswith("bench-site "):
            _, name, when = message.text.split()
            cells[name] = (float(when) - started_ms) / 1000
    page.on("console", heard)
    before = cpu_times()
    started = time.monotonic()
    page.goto(url)
    page.locator(FIRST_CHOICE).first.wait_for(state="visible", timeout=START_TIMEOUT)
    return page, time.monotonic() - started, cpu_since(before), cells


def cells_line(cells: dict[str, float]) -> str:
    return ", ".join(f"{name} {when:.1f}" for name, when in sorted(cells.items(), key=lambda kv: kv[1]))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clicks", type=int, default=15, help="choices clicked for the round trip (default 15)")
    parser.add_argument("--site", type=Path, help="measure this built site (default: site/, built when out of date)")
    parser.add_argument("--runs", type=int, default=1, help="measure this many times, a new browser each (default 1)")
    parser.add_argument("--cells", action="store_true",
                        help="also say when each cell of the app's notebook started (measures a probed copy of the site)")
    args = parser.parse_args(argv)
    site = args.site or ensure_site()
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        if args.cells:
            site = probed_copy(site, Path(tmp) / "site")
        for run in range(args.runs):
            if args.runs > 1:
                print(f"run {run + 1} of {args.runs}:")
            results.append(measure(site, args.clicks))
    if args.runs > 1:
        print(f"over {args.runs} runs (min to max):")
        for key, unit in (("cold", "s"), ("cold_cpu", "s processor"), ("cached", "s"), ("cached_cpu", "s processor"),
                          ("click", "ms")):
            values = [r[key] for r in results if r.get(key) is not None]
            if values:
                print(f"  {key + ':':12s} {min(values):.1f} to {max(values):.1f} {unit}")
    return 0


def measure(site: Path, n_clicks: int) -> dict:
    from playwright.sync_api import sync_playwright
    load = os.getloadavg()[0]
    size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    with tempfile.TemporaryDirectory() as tmp:
        server = SiteServer(site, Path(tmp) / "http.log")
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=OFFLINE_ARGS)
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                url = server.url + APP_PAGE
                page, cold, cold_cpu, cold_cells = first_interactive(context, url)
                cold_requests = server.requests()
                cold_bytes = sum((site / r[2].split("?")[0].lstrip("/")).stat().st_size
                                 for r in cold_requests if r[3] == 200 and (site / r[2].split("?")[0].lstrip("/")).is_file())
                clicks = []
                for i in range(n_clicks):           # a pick of the draft, then its undo, and again
                    button = page.locator(FIRST_CHOICE).first if i % 2 == 0 else page.locator("button.pt-undo")
                    settle(page)
                    started = time.monotonic()
                    click_and_wait(page, button)
                    clicks.append(time.monotonic() - started)
                chart = "no"
                try:
                    page.get_by_role("tab", name="War graph").click()
                    page.locator(".js-plotly-plot").first.wait_for(state="visible", timeout=60_000)
                    chart = "yes"
                except Exception as exc:          # noqa: BLE001 - reported, not raised
                    chart = f"no ({type(exc).__name__}: {str(exc).splitlines()[0][:120]})"
                page.close()
                _, cached, cached_cpu, cached_cells = first_interactive(context, url)
                browser.close()
        finally:
            server.stop()
    print(f"site size:                      {size / 1e6:.1f} MB ({site})")
    print(f"cold first visit:               {len(cold_requests)} requests, {cold_bytes / 1e6:.1f} MB")
    print(f"first interactive, cold:        {cold:.1f} s ({cold_cpu:.1f} s processor)")
    print(f"first interactive, cached:      {cached:.1f} s ({cached_cpu:.1f} s processor)")
    if cold_cells or cached_cells:
        print(f"cells started, cold (s):        {cells_line(cold_cells)}")
        print(f"cells started, cached (s):      {cells_line(cached_cells)}")
    if clicks:
        print(f"click round trip (median of {len(clicks)}): {statistics.median(clicks) * 1000:.0f} ms "
              f"(max {max(clicks) * 1000:.0f} ms)")
    print(f"war graph chart drawn:          {chart}")
    print(f"load average:                   {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end", flush=True)
    return {"cold": cold, "cold_cpu": cold_cpu, "cached": cached, "cached_cpu": cached_cpu,
            "click": statistics.median(clicks) * 1000 if clicks else None}


if __name__ == "__main__":
    sys.exit(main())
