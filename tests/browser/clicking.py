"""Clicking in the app and waiting for the kernel: each panel shows a tick (a number in a
``data-tick`` attribute) that grows whenever the kernel has handled an action, so a test
waits for the tick instead of sleeping; :func:`settle` waits until the page stops changing.
No test sleeps for a fixed time: each waits for its condition."""

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


#: the page is settled: every widget model has come from the kernel and none waits for the
#: kernel's answer to a change sent (ipywidgets counts them in ``_pending_msgs``), the fonts
#: are loaded, and the page's shape (its elements, their text, sizes and scroll positions)
#: stayed the same over two animation frames: new views attached, charts drawn, a scroll done
SETTLED_JS = """async () => {
  const app = window.jupyterapp; const manager = app && (app.widgetManager || app._widgetManager);
  const promises = manager && manager._models;
  if (promises) {
    const models = await Promise.all(promises instanceof Map ? promises.values() : Object.values(promises));
    if (models.some(m => m && m._pending_msgs > 0)) { return false; }
  }
  if (document.fonts && document.fonts.status !== 'loaded') { return false; }
  const shape = () => {
    const app = document.querySelector('.pt-app') || document.body;
    const box = app.getBoundingClientRect();
    return [document.getElementsByTagName('*').length, document.body.innerHTML.length, window.innerWidth,
            window.scrollY, box.top, box.height, app.scrollHeight].join(' ');
  };
  const frame = () => new Promise(resolve => requestAnimationFrame(resolve));
  const before = shape();
  await frame(); await frame();
  return shape() === before;
}"""


def settle(page) -> None:
    """Until the page is settled (:data:`SETTLED_JS`): before a screenshot, a measurement or a
    click whose effect depends on a change the kernel must have received first."""
    page.wait_for_function(SETTLED_JS, timeout=CLICK_TIMEOUT)


def wait_for_tick(page, before: int, selector: str = GAME_TICK) -> None:
    """Until the tick is past ``before`` and the new widget views have attached."""
    page.wait_for_function(TICK_JS, arg=[selector, before], timeout=CLICK_TIMEOUT)
    settle(page)


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
