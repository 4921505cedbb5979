"""Clicking in the app and waiting for the kernel: each panel shows a tick (a number in a
``data-tick`` attribute) that grows whenever the kernel has handled an action, so a test
waits for the tick instead of sleeping."""

from __future__ import annotations

CLICK_TIMEOUT = 30_000
#: the Paper Tales stepper's tick, and the Kingdom Legacy panel's
GAME_TICK = ".pt-tick [data-tick]"
LEGACY_TICK = ".kl-tick[data-tick]"
TICK_JS = """([selector, n]) => { const e = document.querySelector(selector);
                                 return e !== null && Number(e.dataset.tick) > n; }"""


def tick(page, selector: str = GAME_TICK) -> int:
    el = page.locator(selector)
    return int(el.get_attribute("data-tick")) if el.count() else 0


def wait_for_tick(page, before: int, selector: str = GAME_TICK) -> None:
    """Until the tick is past ``before``, then a moment for the new widget views to attach."""
    page.wait_for_function(TICK_JS, arg=[selector, before], timeout=CLICK_TIMEOUT)
    page.wait_for_timeout(60)


def click_and_wait(page, locator, selector: str = GAME_TICK) -> None:
    """Click and wait until the kernel has handled the click (the tick grows)."""
    before = tick(page, selector)
    locator.click()
    wait_for_tick(page, before, selector)


def press_and_wait(page, key: str) -> None:
    """Press a keyboard shortcut and wait until the kernel has handled it."""
    before = tick(page)
    page.keyboard.press(key)
    wait_for_tick(page, before)
