"""The Kingdom Legacy tab of the Voilà app in a real browser: open it, play moves by
clicking, see each move and its result in words, get the warning before unspent resources
are lost, undo, and download the campaign through the browser (the file loads back into
the engine).  Screenshots are kept in test-artifacts/."""

from __future__ import annotations

import base64

import pytest

import clicking
from clicking import CLICK_TIMEOUT, LEGACY_TICK
from kingdom_legacy import Campaign

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def click_and_wait(page, locator) -> None:
    """Click and wait until the kernel has redrawn the panel (its tick grows)."""
    clicking.click_and_wait(page, locator, LEGACY_TICK)


def panel_button(page, text):
    return page.locator(".jupyter-widgets button", has_text=text).first


def test_play_the_demo_kingdom_by_clicking(voila_app, page, artifacts):
    voila_app.open(page)
    page.locator(".lm-TabBar-tab", has_text="Kingdom Legacy").click()
    page.locator(".kl-root h3", has_text="Kingdom Legacy — Invented demo kingdom").wait_for(
        state="visible", timeout=CLICK_TIMEOUT)
    assert "NOT the printed cards" in page.inner_text(".kl-root")
    assert "Round 1, turn 1" in page.inner_text(".kl-root")

    click_and_wait(page, panel_button(page, "Skip #9 Harbour"))
    assert "You: Skip #9 Harbour" in page.inner_text(".kl-msg")
    click_and_wait(page, panel_button(page, "Produce with #3 Quarry"))
    assert "You gain 1 stone (#3 Quarry)" in page.inner_text(".kl-msg")
    assert page.inner_text(".kl-log").splitlines()[0] == "[R1 T1] You gain 1 stone (#3 Quarry)"   # newest first

    click_and_wait(page, panel_button(page, "Pass (ends the turn)"))
    assert "loses resources you have not spent: 1 stone" in page.inner_text(".kl-msg")
    page.screenshot(path=str(artifacts / "legacy-warning.png"), full_page=True)
    click_and_wait(page, panel_button(page, "Do it anyway"))
    assert "Unspent resources are lost: 1 stone" in page.inner_text(".kl-msg")
    assert "Round 1, turn 2" in page.inner_text(".kl-root")

    click_and_wait(page, panel_button(page, "Undo the last move"))
    assert "The last move was taken back: you are after move 2." in page.inner_text(".kl-msg")
    for _ in range(3):
        click_and_wait(page, panel_button(page, "Bot: finish the turn"))
    text = page.inner_text("body")
    assert "Traceback" not in text and "There was an error" not in text

    assert page.locator("a.kl-download").count() == 0                 # no file in the page until asked
    panel_button(page, "Download the campaign (JSON)").click()
    link = page.locator("a.kl-download")
    link.wait_for(state="visible", timeout=CLICK_TIMEOUT)
    assert link.inner_text().strip().startswith("⬇ Save kingdom-legacy-demo-round")
    href = link.get_attribute("href")
    assert href.startswith("data:application/json;base64,")
    c = Campaign.from_json(base64.b64decode(href.split(",", 1)[1]))
    assert c.history[:2] == ["skip 9 1", "produce 3 1"] and len(c.history) > 3
    page.screenshot(path=str(artifacts / "legacy-tab.png"), full_page=True)
