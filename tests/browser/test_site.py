"""The static site (scripts/build_site.py: Voici, the app running on Pyodide in the browser)
played in headless Chromium with every host but loopback unreachable: the page says what it
is doing while Python starts, the app comes up, the coach's hint ranks the first pack, a few
decisions and a phase are played, the war graph's chart draws, four other notebooks run, and every file came from the site.

The site is built first when ``site/`` is missing or older than a source (site_server.py);
on a fresh machine the build downloads its tools and files once (PyPI, npm) into
build/site-cache/.  A benchmark, not this test, measures the times (benchmarks/bench_site.py)."""

from __future__ import annotations

import urllib.request

import pytest

from clicking import CLICK_TIMEOUT, click_and_wait
from site_server import APP_PAGE, FIRST_CHOICE, OFFLINE_ARGS, SiteServer, ensure_site

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: a cell's error (Voici shows a traceback as the cell's stderr) or anything written to stderr
STDERR = "[data-mime-type='application/vnd.jupyter.stderr']"
#: the other notebooks checked here (the site has 9: scripts/build_site.py site_notebooks), one of each
#: kind the app does not cover: the Polish app, the what-if editor, the solo companion, Kingdom Legacy
NOTEBOOK_PAGES = ["pl/app.html", "02_what_if.html", "03_solo_vs_lich_king.html", "05_kingdom_legacy.html"]
#: every cell has run and Voici shows the outputs
RENDERED_JS = """() => document.getElementById('loading') === null
                    && document.getElementById('rendered_cells') !== null
                    && document.getElementById('rendered_cells').style.display !== 'none'"""
#: Pyodide starts, installs the kernel and the app, and runs the notebook: generous for a busy machine
START_TIMEOUT = 240_000


@pytest.fixture(scope="module")
def site_server(chromium_path, tmp_path_factory):
    server = SiteServer(ensure_site(), tmp_path_factory.mktemp("site") / "http.log")
    try:
        yield server
    finally:
        server.stop()


def test_the_static_site_plays_a_game_with_nothing_but_its_own_files(site_server, chromium_path, artifacts):
    from playwright.sync_api import sync_playwright
    page_html = urllib.request.urlopen(site_server.url + APP_PAGE, timeout=10).read().decode()
    assert "Starting Python in your browser" in page_html and "Uruchamianie Pythona" in page_html
    asked, failed, errors = [], [], []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, headless=True, args=OFFLINE_ARGS)
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.on("request", lambda r: asked.append(r.url))
            context.on("requestfailed", lambda r: failed.append(f"{r.url}: {r.failure}"))
            page = context.new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(site_server.url + APP_PAGE)
            try:
                note = page.locator("#pt-loading-note")
                if note.count():                       # still starting (else the app is already up)
                    assert "Starting Python in your browser" in note.inner_text()
                page.locator(FIRST_CHOICE).first.wait_for(state="visible", timeout=START_TIMEOUT)
                assert page.locator("#loading").count() == 0
                # the coach (a time budget, no thread) ranks the pack; the icon's font is the site's
                page.locator(".pt-decision button.pt-hint").first.click()
                rows = page.locator(".pt-decision .pt-hint-result tr.pt-hint-row")
                rows.first.wait_for(state="visible", timeout=CLICK_TIMEOUT * 2)
                assert [int(r.get_attribute("data-rank")) for r in rows.all()][:2] == [1, 2]
                icon = page.evaluate("() => { const i = document.querySelector('.pt-decision button.pt-hint i');"
                                     " return i ? getComputedStyle(i, '::before').fontFamily : ''; }")
                assert "Font Awesome" in icon, icon
                for _ in range(3):                     # three picks of the draft
                    click_and_wait(page, page.locator(FIRST_CHOICE).first)
                status = page.locator(".pt-status").first.inner_text()
                click_and_wait(page, page.locator("button.pt-next-phase"))
                assert page.locator(".pt-status").first.inner_text() != status
                # a chart: plotly's bundle comes over the kernel's connection (widgets/charts.py)
                page.get_by_role("tab", name="War graph").click()
                page.locator(".js-plotly-plot").first.wait_for(state="visible", timeout=CLICK_TIMEOUT * 2)
                assert page.locator(STDERR).count() == 0
            finally:
                page.screenshot(path=str(artifacts / "site-app.png"))
        finally:
            browser.close()
    assert not errors, errors
    outside = [u for u in asked if not u.startswith((site_server.url, "data:", "blob:"))]
    assert not outside, outside
    assert not failed, failed
    requests = site_server.requests()
    paths = {path.split("?")[0] for _, _, path, _ in requests}
    # the runtime, a kernel wheel, the app's wheel and a dependency's came from the site, all
    # preloaded from Pyodide's lock (scripts/build_site.py: nothing is installed with micropip)
    assert "/static/pyodide/pyodide.asm.wasm" in paths
    assert any(p.startswith("/static/pyodide/ipython-") for p in paths)
    assert any(p.startswith("/static/pyodide/papertales_lab-") for p in paths)
    assert any(p.startswith("/static/pyodide/ipywidgets-") for p in paths)
    assert not any(p.startswith("/pypi/") for p in paths)
    # every request was a loopback one answered with the file (304: the browser's copy is current)
    bad = [r for r in requests if r[0] != "127.0.0.1" or r[3] not in (200, 304)]
    assert not bad, bad


def test_the_sites_other_notebooks_run_without_an_error(site_server, chromium_path, artifacts):
    from playwright.sync_api import sync_playwright
    errors, failed = {}, []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, headless=True, args=OFFLINE_ARGS)
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.on("requestfailed", lambda r: failed.append(f"{r.url}: {r.failure}"))
            for name in NOTEBOOK_PAGES:
                page = context.new_page()
                page.on("pageerror", lambda e, name=name: errors.setdefault(name, []).append(str(e)))
                page.goto(site_server.url + "voici/render/" + name)
                try:
                    page.wait_for_function(RENDERED_JS, timeout=START_TIMEOUT)
                    if page.locator(STDERR).count():
                        errors.setdefault(name, []).append(page.locator(STDERR).first.inner_text()[-2000:])
                    assert page.locator(".widget-box, .jupyter-widgets").count(), f"{name}: no widget on the page"
                finally:
                    page.screenshot(path=str(artifacts / f"site-{name.replace('/', '-')}.png"))
                    page.close()
        finally:
            browser.close()
    assert not errors, errors
    assert not failed, failed
    bad = [r for r in site_server.requests() if r[0] != "127.0.0.1" or r[3] not in (200, 304)]
    assert not bad, bad
