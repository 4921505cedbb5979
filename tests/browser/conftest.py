"""Fixtures for the real-browser test: Voilà on a free loopback port, Debian's chromium
driven by Playwright.

Without /usr/bin/chromium the browser tests are skipped, unless PAPERTALES_REQUIRE_BROWSER=1
(scripts/test.sh sets it after installing chromium), in which case they fail.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from voila_server import CHROMIUM_ARGS, ROOT, VoilaServer  # noqa: E402

CHROMIUM = os.environ.get("PAPERTALES_CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = Path(os.environ.get("PAPERTALES_ARTIFACTS", ROOT / "test-artifacts"))
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
    context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    pg = context.new_page()
    pg.console_messages = []
    pg.on("console", lambda m: pg.console_messages.append(f"{m.type}: {m.text}"))
    pg.on("pageerror", lambda e: pg.console_messages.append(f"pageerror: {e}"))
    try:
        yield pg
    finally:
        pg.goto("about:blank")            # lets Voilà shut the page's kernel down
        context.close()
