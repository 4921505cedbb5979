"""The static site's numbers (docs/publishing.md): its size, the first interactive moment
cold (a new browser profile) and cached (a second visit in the same profile), the round trip
of a click, and whether the war graph's chart draws.  A benchmark, not a test: it prints.

    python benchmarks/bench_site.py [--clicks 15] [--site DIR]

Builds the site first when it is missing or out of date (scripts/build_site.py), serves it
on loopback and drives Debian's chromium with every other host unreachable.  First
interactive: from ``page.goto`` to the first choice of the first decision on screen.  Click
round trip: from a click on a choice (or Undo) to the kernel's answer on the page (the stepper's tick)."""

from __future__ import annotations

import argparse
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


def first_interactive(context, url: str):
    page = context.new_page()
    started = time.monotonic()
    page.goto(url)
    page.locator(FIRST_CHOICE).first.wait_for(state="visible", timeout=START_TIMEOUT)
    return page, time.monotonic() - started


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clicks", type=int, default=15, help="choices clicked for the round trip (default 15)")
    parser.add_argument("--site", type=Path, help="measure this built site (default: site/, built when out of date)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright
    site = args.site or ensure_site()
    size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    with tempfile.TemporaryDirectory() as tmp:
        server = SiteServer(site, Path(tmp) / "http.log")
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=OFFLINE_ARGS)
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                url = server.url + APP_PAGE
                page, cold = first_interactive(context, url)
                cold_requests = server.requests()
                cold_bytes = sum((site / r[2].split("?")[0].lstrip("/")).stat().st_size
                                 for r in cold_requests if r[3] == 200 and (site / r[2].split("?")[0].lstrip("/")).is_file())
                clicks = []
                for i in range(args.clicks):           # a pick of the draft, then its undo, and again
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
                _, cached = first_interactive(context, url)
                browser.close()
        finally:
            server.stop()
    print(f"site size:                      {size / 1e6:.1f} MB ({site})")
    print(f"cold first visit:               {len(cold_requests)} requests, {cold_bytes / 1e6:.1f} MB")
    print(f"first interactive, cold:        {cold:.1f} s")
    print(f"first interactive, cached:      {cached:.1f} s")
    if clicks:
        print(f"click round trip (median of {len(clicks)}): {statistics.median(clicks) * 1000:.0f} ms "
              f"(max {max(clicks) * 1000:.0f} ms)")
    print(f"war graph chart drawn:          {chart}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
