"""The Voilà app in a real browser: play a whole game against bots by clicking, then a
whole solo game against the Lich King (same server, a new page).

Seat 1 is the human: the test drafts the first card offered, places up to two units per
Deployment, builds whatever is offered first, and otherwise presses "Play to the end".
At the end the scores shown must equal the engine's: the page's game record is loaded
with ``papertales.loads`` and the game is replayed from its seed and history.
Screenshots are kept in test-artifacts/.
"""

from __future__ import annotations

import base64
import json
import re
import time
from contextlib import contextmanager

import pytest

from clicking import CLICK_TIMEOUT, click_and_wait, press_and_wait, settle, tick
from papertales import Game
from papertales.serialize import loads
from papertales.i18n import t

pytestmark = [pytest.mark.browser, pytest.mark.slow]

HARMLESS = ("setData is not a function", "Unsatisfied version", "Failed to load resource",
            "No satisfying version", "ERR_NAME_NOT_RESOLVED", "Starting WebSocket")


#: the language switch's button for ``label`` ("English", "Polski") is the pressed one
LANGUAGE_ON_JS = """label => Array.from(document.querySelectorAll('.pt-language button'))
                     .some(b => b.innerText.trim() === label && b.classList.contains('mod-active'))"""


def switch_language(page, label: str) -> None:
    """Click the language switch's ``label`` button and wait until the page shows it
    pressed: the widget front end took the click and the kernel is redrawing.  A click
    that lands while the page reflows (the viewport was just resized) can be lost, so it is
    given one more try before the wait that fails the test."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    button = page.locator(".pt-language button", has_text=label)
    button.click()
    try:
        page.wait_for_function(LANGUAGE_ON_JS, arg=label, timeout=10_000)
    except PlaywrightTimeout:
        button.click()
        page.wait_for_function(LANGUAGE_ON_JS, arg=label, timeout=CLICK_TIMEOUT)


def wait_or_explain(page, js: str, what: str, show: tuple) -> None:
    """``page.wait_for_function(js)``; when it times out, the test fails with the text of
    the elements ``show`` selects, so a failure on CI says what the page showed."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    try:
        page.wait_for_function(js, timeout=2 * CLICK_TIMEOUT)
    except PlaywrightTimeout:
        seen = {sel: page.evaluate("s => Array.from(document.querySelectorAll(s)).map(e => e.innerText.slice(0, 400))",
                                   sel) for sel in show}
        pytest.fail(f"waited for {what}; the page showed {seen}")


def assert_no_traceback(page) -> None:
    text = page.inner_text("body")
    assert "Traceback" not in text, text[-3000:]
    assert "There was an error when executing cell" not in text
    assert "Something went wrong" not in text, text[-3000:]


#: how many widget models the page's widget manager holds (Voilà exposes its app as
#: ``window.jupyterapp``; the manager keeps one entry per live model)
MODELS_JS = """() => { const a = window.jupyterapp; const m = a && (a.widgetManager || a._widgetManager);
                       const models = m && m._models;
                       if (!models) { return -1; }
                       return models instanceof Map ? models.size : Object.keys(models).length; }"""


def live_models(page) -> int:
    settle(page)                             # closed models leave the manager asynchronously
    n = page.evaluate(MODELS_JS)
    assert n > 0, "the page's widget manager was not found"
    return n


def new_game(page, seed) -> None:
    page.locator(".pt-stepper input[type='number']").first.fill(str(seed))
    page.locator(".pt-stepper input[type='number']").first.press("Tab")
    settle(page)                             # the kernel has the seed before New game is clicked
    click_and_wait(page, page.locator("button.pt-new-game"))


def current_turn(page) -> int:
    el = page.locator(".pt-track-widget [data-turn]")
    return int(el.first.get_attribute("data-turn")) if el.count() else 0


def full_screenshot(page, path, selector=None) -> None:
    """Voilà scrolls inside the page: make the window as tall as the app for the picture
    (of the whole page, or of one element)."""
    bottom = page.evaluate("() => { const a = document.querySelector('.pt-app'); "
                           "return a ? a.scrollHeight + a.getBoundingClientRect().top : 1000; }")
    width = page.viewport_size["width"]
    page.set_viewport_size({"width": width, "height": min(max(900, int(bottom) + 60), 8000)})
    settle(page)
    if selector:
        page.locator(selector).first.screenshot(path=str(path))
    else:
        page.screenshot(path=str(path), full_page=True)
    page.set_viewport_size({"width": width, "height": 900})


def deploy_one(page) -> bool:
    """Place one unit by clicking: a card of the hand, then the first free spot offered.
    False when no card can be paid for."""
    card = page.locator(".pt-decision button.pt-hand-card:not([disabled])")
    if not card.count():
        return False
    card.first.click()
    spot = page.locator(".pt-decision button.pt-spot-button")
    spot.first.wait_for(state="visible", timeout=CLICK_TIMEOUT)
    click_and_wait(page, spot.first)
    return True


def open_saveload(page) -> None:
    """Open the "Save / load this game" section (once open it stays open)."""
    ask = page.locator(".pt-game-ask").first
    if not ask.is_visible():
        page.locator(".pt-stepper").get_by_text("Save / load this game").first.click()
        ask.wait_for(state="visible", timeout=CLICK_TIMEOUT)


def game_now(page) -> Game:
    """The engine's game as the page holds it: "Download this game" asked for, the record
    read from the link it shows (the link is gone again after the next step)."""
    import base64
    open_saveload(page)
    page.locator(".pt-game-ask").first.click()
    page.pt_asked_at = tick(page)           # this link was asked for: until the next click
    link = page.locator(".pt-game-link").first
    link.wait_for(state="attached", timeout=CLICK_TIMEOUT)
    href = link.get_attribute("href")
    return loads(base64.b64decode(href.split("base64,", 1)[1]).decode("utf-8"))


#: texts that are the same in every game (the rules, what each phase does, the header):
#: they name cards as examples, not as anybody's cards
STATIC_TEXT = ".pt-rules, .pt-explain, .pt-track-widget, .pt-intro"
PAGE_DUMP_JS = """static => {
  const body = document.body.cloneNode(true);
  const live = Array.from(document.querySelectorAll('textarea, input')).map(e => e.value || '');
  body.querySelectorAll(static).forEach(e => e.remove());
  const parts = [body.textContent, ...live];
  for (const el of body.querySelectorAll('*')) {
    for (const a of el.attributes) { if (a.name !== 'class' && a.name !== 'style') { parts.push(a.value); } }
  }
  return parts.join('\\n');
}"""


def page_dump(page) -> str:
    """Everything the page holds but the texts of :data:`STATIC_TEXT`: its whole text
    (hidden tabs and sections included), every attribute (links, tooltips, data-*), every
    text box's value, and the decoded content of every ``data:`` link."""
    import base64
    asked = getattr(page, "pt_asked_at", None) == tick(page)
    text = page.evaluate(PAGE_DUMP_JS, STATIC_TEXT + (", .pt-game-download" if asked else ""))
    decoded = [base64.b64decode(m).decode("utf-8", "replace")
               for m in re.findall(r"data:[^;,\s]+;base64,([A-Za-z0-9+/=]+)", text)]
    return "\n".join([text, *decoded])


def secrets_in_page(page, seat=0) -> list[str]:
    """The bots' hidden cards (hands, packs, kept cards, face-down units) that the page holds
    although nothing the seat may know shows them: the page is read first, then the game
    (asked for, as a visitor would) says what was secret."""
    from papertales.render import card_name
    dump = page_dump(page)
    leaks = []
    if '"format": "papertales-game/' in dump:
        leaks.append("the game file")
    g = game_now(page)
    obs = g.observation(seat)
    known = set()
    for k in obs.kingdoms:
        known |= {u.card for u in k.units if u.card is not None}
        known |= set(k.hand or ()) | set(k.pack or ())
        if k.kept:
            known.add(k.kept)
    for e in obs.events:
        for key in ("card", "cards"):
            v = (e.params or {}).get(key) if hasattr(e, "params") else None
            known |= set(v) if isinstance(v, (list, tuple)) else ({v} if v else set())
    hidden = set()
    for s, p in enumerate(g.players):
        if s != seat:
            hidden |= {t.id for t in p.hand + p.pack} | ({p.kept.id} if p.kept is not None else set())
            hidden |= {u.type.id for u in p.units if u is not None and u.new}
    for c in sorted(hidden - known):
        name = card_name(g.cards.unit(c), "en")
        if f'data-card="{c}"' in dump or name in dump:
            leaks.append(name)
    return leaks


def play_by_clicking(page, max_clicks, on_first_deploy=None, on_decision=None) -> int:
    """Play seat 1's decisions to the end of the game: place up to two units a turn (a card,
    then a spot), then done; other decisions take the first choice; "Play to the end"
    while bots act; ``on_decision()`` before each decision.  Returns how many turns no card
    could be paid for."""
    placed = {}
    refusals = 0
    for _ in range(max_clicks):
        if page.locator(".pt-final .pt-scores").count():
            return refusals
        if "decision is needed" in page.inner_text(".pt-status"):
            page.locator(".pt-decision button.pt-choice").first.wait_for(state="visible", timeout=CLICK_TIMEOUT)
            deploying = page.locator(".pt-decision .pt-deploy").count() > 0
            turn = current_turn(page)
            if on_decision is not None:
                on_decision()
            if deploying and placed.get(turn, 0) < 2:
                if on_first_deploy is not None and not placed:
                    on_first_deploy()
                placed[turn] = placed.get(turn, 0) + 1
                if not deploy_one(page):
                    refusals += 1
                    placed[turn] = 2
                continue
            done = page.locator(".pt-decision button.pt-done")
            click_and_wait(page, done.first if done.count()
                           else page.locator(".pt-decision button.pt-choice").first)
        else:
            click_and_wait(page, page.locator("button.pt-to-end"))
    pytest.fail(f"the game did not end within {max_clicks} clicks")


def test_play_a_whole_game_against_bots(voila_app, page, artifacts):
    t0 = time.perf_counter()
    voila_app.open(page)
    first_interactive = time.perf_counter() - t0
    page.locator(".pt-decision button.pt-choice").first.wait_for(state="visible", timeout=CLICK_TIMEOUT)
    full_screenshot(page, artifacts / "app-start.png")
    assert_no_traceback(page)

    leaks = []

    def no_leak():
        """At each decision the page holds none of the bots' hidden cards."""
        leaks.extend(f"{current_phase(page)} {current_turn(page)}: {name}" for name in secrets_in_page(page))

    def first_deploy():
        full_screenshot(page, artifacts / "app-deploy-decision.png")
        # the war graph's preview counts revealed units only
        page.locator(".lm-TabBar-tab", has_text="War graph").click()
        page.locator(".pt-wargraph .js-plotly-plot").first.wait_for(state="visible", timeout=60_000)
        settle(page)
        leaks.extend(f"war graph: {name}" for name in secrets_in_page(page))
        page.locator(".lm-TabBar-tab", has_text="Why?").click()

    refusals = play_by_clicking(page, 400, on_first_deploy=first_deploy, on_decision=no_leak)
    assert not leaks, f"the bots' hidden cards in the page: {leaks}"

    page.locator(".pt-final .pt-scores").wait_for(state="visible", timeout=CLICK_TIMEOUT)
    full_screenshot(page, artifacts / "app-final.png")
    assert_no_traceback(page)

    shown = {int(td.get_attribute("data-seat")): int(td.inner_text())
             for td in page.locator(".pt-final td.pt-final-lp").all()}
    record = page.locator(".pt-record textarea").input_value()
    game = loads(record)
    assert game.is_over
    assert shown == dict(enumerate(game.scores))
    names = [td.inner_text().replace("★", "").strip() for td in page.locator(".pt-final td.pt-final-name").all()]
    assert sorted(names) == sorted(game.names)
    winner = page.inner_text(".pt-final .pt-winner")
    assert winner == ", ".join(game.names[s] for s in game.winners())
    # the engine again, from scratch: same seed, same decisions -> same scores
    data = json.loads(record)
    if hasattr(Game, "replay"):
        replayed = Game.replay([(seat, a) for seat, a in game.history], players=game.n, seed=game.seed,
                               names=game.names)
        replayed.advance()
        assert replayed.is_over and replayed.scores == game.scores
    assert data["history"], "the human made no decision"
    assert sum(1 for seat, _ in game.history if seat == 0) >= 8    # seat 1 played by clicking

    # the explanation panels render in the browser too
    page.locator(".lm-TabBar-tab", has_text="War graph").click()
    page.locator(".pt-wargraph .js-plotly-plot").first.wait_for(state="visible", timeout=60_000)
    settle(page)
    page.locator(".pt-wargraph").screenshot(path=str(artifacts / "app-war-graph.png"))
    page.locator(".lm-TabBar-tab", has_text="Score race").click()
    page.locator(".pt-scorerace .js-plotly-plot").first.wait_for(state="visible", timeout=60_000)
    settle(page)
    page.locator(".pt-scorerace").screenshot(path=str(artifacts / "app-score-race.png"))
    page.locator(".lm-TabBar-tab", has_text="What-if editor").click()
    page.locator(".pt-whatif .pt-whatif-results table").first.wait_for(state="visible", timeout=60_000)
    settle(page)
    full_screenshot(page, artifacts / "app-what-if.png", ".pt-whatif")
    assert_no_traceback(page)

    # three more games by clicking: the widgets of the old ones are closed, in the page too
    page.locator(".lm-TabBar-tab", has_text="Why?").click()
    models = [live_models(page)]
    for seed in (8, 9, 10):
        new_game(page, seed)
        page.locator(".pt-decision button.pt-choice").first.wait_for(state="visible", timeout=CLICK_TIMEOUT)
        play_by_clicking(page, 400)
        page.locator(".pt-final .pt-scores").wait_for(state="visible", timeout=CLICK_TIMEOUT)
        models.append(live_models(page))
    assert models[3] <= 1.2 * models[0], f"live widget models after games 1-4: {models}"
    assert_no_traceback(page)

    errors = [m for m in page.console_messages
              if m.startswith(("error", "pageerror")) and not any(h in m for h in HARMLESS)]
    (artifacts / "browser-test.json").write_text(json.dumps({
        "first_interactive_s": round(first_interactive, 2), "scores": game.scores,
        "widget_models_after_games_1_to_4": models,
        "refused_placements": refusals, "console_errors": errors[:20]}, indent=2))
    assert not [m for m in errors if "pageerror" in m], errors


def test_play_a_whole_solo_game_against_the_lich_king(voila_app, page, artifacts):
    """Players: "1 (solo vs the Lich King)", one Lich King card, New game, then a whole game
    by clicking; the scores shown for you and for the Lich King are the engine's."""
    voila_app.open(page)
    page.locator(".pt-players select").select_option(label="1 (solo vs the Lich King)")
    page.locator(".pt-lich-count select").wait_for(state="visible", timeout=CLICK_TIMEOUT)
    page.locator(".pt-lich-count select").select_option(label="1 Lich King card")
    settle(page)                         # the choice reaches the kernel before the click
    click_and_wait(page, page.locator("button.pt-new-game"))
    page.locator(".pt-decision button.pt-choice").first.wait_for(state="visible", timeout=CLICK_TIMEOUT)
    assert "1st pick: 5 cards drawn" in page.inner_text(".pt-status")
    assert page.locator(".pt-banner [data-illustrative]").count() == 1      # NOT the printed cards
    # under each of the 5 cards: what the Lich King gains if you pass it
    page.locator(".pt-decision .pt-solo-pass").nth(4).wait_for(state="visible", timeout=CLICK_TIMEOUT)
    assert page.locator(".pt-decision .pt-solo-pass").count() == 5
    full_screenshot(page, artifacts / "solo-draft.png", ".pt-decision")
    page.locator(".pt-lichking .pt-necro-line").wait_for(state="visible", timeout=60_000)
    assert_no_traceback(page)
    # play with the Why? tab open (the Lich King panel redraws when its tab is opened again)
    page.locator(".lm-TabBar-tab", has_text="Why?").click()

    refusals = play_by_clicking(page, 300)

    page.locator(".pt-final .pt-scores").wait_for(state="visible", timeout=CLICK_TIMEOUT)
    assert_no_traceback(page)
    shown = {int(td.get_attribute("data-seat")): int(td.inner_text())
             for td in page.locator(".pt-final td.pt-final-lp").all()}
    game = loads(page.locator(".pt-record textarea").input_value())
    assert game.is_over and game.n == 1 and len(game.lich.cards) == 1
    assert shown == {0: game.players[0].lp, -2: game.lich.lp}
    winner = page.inner_text(".pt-final .pt-winner")
    assert winner == ("You" if game.winners() == [0] else "Lich King")
    assert "Lich King" in page.inner_text(".pt-eventlog .pt-summary")       # his LP in the Why? panel
    # the Lich King tab redraws when opened: his final score there too
    page.locator(".lm-TabBar-tab", has_text="Lich King").click()
    page.wait_for_function("lp => { const e = document.querySelector('.pt-lichking [data-lich-lp]');"
                           " return e !== null && Number(e.dataset.lichLp) === lp; }",
                           arg=game.lich.lp, timeout=CLICK_TIMEOUT)
    settle(page)                         # the Lich King panel's charts are drawn
    full_screenshot(page, artifacts / "solo-final.png")
    full_screenshot(page, artifacts / "solo-lich-king-panel.png", ".pt-lichking")
    assert_no_traceback(page)
    # the engine again, from scratch: same seed, cards and decisions -> same scores
    replayed = Game.replay(game.history, cards=game.cards, **game.options)
    replayed.advance()
    assert replayed.is_over and (replayed.players[0].lp, replayed.lich.lp) == (game.players[0].lp, game.lich.lp)
    assert sum(1 for seat, _ in game.history if seat == 0) >= 16     # 4 picks a turn, by clicking
    errors = [m for m in page.console_messages
              if m.startswith(("error", "pageerror")) and not any(h in m for h in HARMLESS)]
    (artifacts / "browser-test-solo.json").write_text(json.dumps({
        "scores": {"you": game.players[0].lp, "lich_king": game.lich.lp}, "winner": winner,
        "refused_placements": refusals, "console_errors": errors[:20]}, indent=2))
    assert not [m for m in errors if "pageerror" in m], errors


def test_plotly_reaches_the_page_once(voila_app, page):
    """plotly.js (in the widget bundle that charts.py sends, or in a labextension) reaches a page
    once, however many charts it opens: a solo game's Lich King charts, then the Score race."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    bundles = []          # where each copy came from: a websocket message or an HTTP response
    marker = "as FigureModel"                       # the last line of plotly's widget bundle

    def frame(event):
        data = event["response"]["payloadData"]        # base64 for a binary frame (Jupyter's v1 protocol)
        text = base64.b64decode(data).decode("utf-8", "replace") if event["response"]["opcode"] == 2 else data
        if marker in text:
            bundles.append("websocket")
    urls = {}
    cdp.on("Network.webSocketFrameReceived", frame)
    cdp.on("Network.responseReceived", lambda e: urls.__setitem__(e["requestId"], e["response"]["url"]))
    cdp.on("Network.loadingFinished",
           lambda e: bundles.append(urls.get(e["requestId"])) if e["encodedDataLength"] > 2_000_000 else None)
    voila_app.open(page)
    page.locator(".pt-players select").select_option(label="1 (solo vs the Lich King)")
    settle(page)
    click_and_wait(page, page.locator("button.pt-new-game"))
    page.locator(".pt-lichking .js-plotly-plot").first.wait_for(state="visible", timeout=60_000)
    page.locator(".lm-TabBar-tab", has_text="Score race").click()
    page.locator(".pt-scorerace .js-plotly-plot").first.wait_for(state="visible", timeout=60_000)
    settle(page)
    assert page.locator(".js-plotly-plot").count() >= 3
    assert bundles == ["websocket"], bundles
    assert_no_traceback(page)


def test_switch_the_app_to_polish_and_back(voila_app, page, artifacts):
    """The language switch at the top redraws the page: the phase track and the cards of
    your first pack (seed 7: the Farmer, "Rolnik" in the Polish rulebook) in Polish, then
    in English again; a click after the switch still plays."""
    voila_app.open(page)
    farmer = page.locator('.pt-decision .pt-card[data-card="farmer"] .pt-cname')
    farmer.wait_for(state="visible", timeout=CLICK_TIMEOUT)
    assert farmer.inner_text() == "Farmer"
    assert "1. Recruitment" in page.inner_text(".pt-track-widget")

    switch_language(page, "Polski")
    page.wait_for_function("() => { const e = document.querySelector('.pt-track-widget');"
                           " return e !== null && e.innerText.includes('Rekrutacja'); }", timeout=CLICK_TIMEOUT)
    track = page.inner_text(".pt-track-widget")
    for i, phase in enumerate(("recruitment", "deployment", "wars", "income", "construction", "aging"), 1):
        assert f"{i}. {t(f'phase.{phase}.name', 'pl')}" in track, track
    assert "Tura 1/4" in track and "Recruitment" not in track
    # the decision box redraws after the track: wait for its cards too
    page.wait_for_function("() => { const e = document.querySelector("
                           "'.pt-decision .pt-card[data-card=\"farmer\"] .pt-cname');"
                           " return e !== null && e.innerText.trim() === 'Rolnik'; }", timeout=CLICK_TIMEOUT)
    assert page.locator("button.pt-next-phase").inner_text().startswith("Następna faza")
    assert page.locator(".lm-TabBar-tab", has_text="Zasady w skrócie").count() == 1
    # every tab's title whole (the longest Polish ones were cut to "Dlaczego? (zdarzeni…" at 1280 px)
    cut = page.evaluate("() => [...document.querySelectorAll('.pt-app .lm-TabBar-tabLabel')]"
                        ".filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.innerText)")
    assert cut == [], cut
    full_screenshot(page, artifacts / "app-polish.png")
    assert_no_traceback(page)

    # still playable in Polish: keep the Farmer
    click_and_wait(page, page.locator(".pt-decision button.pt-choice", has_text="Rolnik").first)
    assert "Rolnik" in page.inner_text(".pt-kingdom[data-seat='0'] .pt-hand")

    switch_language(page, "English")
    page.wait_for_function("() => { const e = document.querySelector('.pt-track-widget');"
                           " return e !== null && e.innerText.includes('Recruitment'); }", timeout=CLICK_TIMEOUT)
    assert "Rekrutacja" not in page.inner_text(".pt-track-widget")
    page.wait_for_function("() => { const e = document.querySelector(\".pt-kingdom[data-seat='0'] .pt-hand\");"
                           " return e !== null && e.innerText.includes('Farmer'); }", timeout=CLICK_TIMEOUT)
    assert page.locator("button.pt-next-phase").inner_text().startswith("Next phase")
    assert_no_traceback(page)
    errors = [m for m in page.console_messages
              if m.startswith("pageerror") and not any(h in m for h in HARMLESS)]
    assert not errors, errors


def test_press_hint_and_see_the_ranked_options(voila_app, page, artifacts):
    """The Hint button of the first decision (a draft) shows the coach's options ranked
    1, 2, ... (one per card of the pack), the best first, with a busy sign meanwhile.  The
    page asks nothing of any other host (icons included: Voilà serves them)."""
    asked = []
    page.on("request", lambda r: asked.append(r.url))
    voila_app.open(page)
    cards = page.locator(".pt-decision button.pt-choice")
    cards.first.wait_for(state="visible", timeout=CLICK_TIMEOUT)
    n = cards.count()
    hint = page.locator(".pt-decision button.pt-hint").first
    assert hint.inner_text().strip() == "Hint"
    hint.click()
    rows = page.locator(".pt-decision .pt-hint-result tr.pt-hint-row")
    rows.first.wait_for(state="visible", timeout=CLICK_TIMEOUT)
    ranks = [int(r.get_attribute("data-rank")) for r in rows.all()]
    assert ranks == list(range(1, len(ranks) + 1)) and 2 <= len(ranks) <= n
    assert "pt-hint-best" in (rows.first.get_attribute("class") or "")
    assert all(r.get_attribute("data-action").startswith("pick ") for r in rows.all())
    assert page.locator(".pt-decision .pt-hint-busy").first.is_hidden()
    full_screenshot(page, artifacts / "app-hint.png", selector=".pt-decision")
    assert_no_traceback(page)
    elsewhere = [u for u in asked if not u.startswith(("http://127.0.0.1", "data:", "blob:", "ws://127.0.0.1"))]
    assert not elsewhere, elsewhere
    icon = page.evaluate("() => { const i = document.querySelector('.pt-decision button.pt-hint i');"
                         " return i ? getComputedStyle(i, '::before').fontFamily : ''; }")
    assert "Font Awesome" in icon, icon


@contextmanager
def phone(browser):
    """A page as a phone shows it: 390 x 844 px, touch; closed afterwards."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        yield page
    finally:
        page.goto("about:blank")
        context.close()


def test_the_hint_reads_on_a_phone(browser, voila_app, artifacts):
    """At 390 px the hint's table becomes one block per option: its rank and words, the
    expected LP and the chance each with its column's name, then the whole reason -- no
    column cut off, nothing wider than the screen."""
    with phone(browser) as page:
        voila_app.open(page, "attached")
        hint = page.locator(".pt-decision button.pt-hint").first
        hint.wait_for(state="visible", timeout=CLICK_TIMEOUT)
        hint.click()
        rows = page.locator(".pt-decision .pt-hint-result tr.pt-hint-row")
        rows.first.wait_for(state="visible", timeout=CLICK_TIMEOUT)
        settle(page)
        assert page.locator(".pt-decision .pt-hint-result tr.pt-hint-head").first.is_hidden()
        table = page.locator(".pt-decision table.pt-hint-table").first
        box = table.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 391, f"the hint is {box} at 390 px"
        for row in rows.all():
            why = row.locator("td.pt-hint-why")
            wb = why.bounding_box()
            assert wb["x"] + wb["width"] <= 391 and why.evaluate("e => e.scrollWidth <= e.clientWidth + 1")
            label = row.locator("td.pt-hint-lp").evaluate("e => getComputedStyle(e, '::before').content")
            assert "Expected final LP" in label
        table.scroll_into_view_if_needed()
        full_screenshot(page, artifacts / "app-hint-390.png", selector=".pt-decision")
        assert_no_traceback(page)


def current_phase(page) -> str:
    return page.locator(".pt-track-widget .pt-current").first.get_attribute("data-phase")


def decide_until(page, phase) -> None:
    """Answer seat 1's decisions (draft by the key "1", deploy by clicking, pass a build)
    until the track shows ``phase`` and nobody waits for you."""
    for _ in range(40):
        waiting = "decision is needed" in page.inner_text(".pt-status")
        if not waiting and current_phase(page) == phase:
            return
        assert waiting, f"stopped at {current_phase(page)} instead of {phase}"
        page.locator(".pt-decision button.pt-choice").first.wait_for(state="visible", timeout=CLICK_TIMEOUT)
        if page.locator(".pt-decision .pt-deploy").count():
            deploy_one(page)
            click_and_wait(page, page.locator(".pt-decision button.pt-done").first)
        elif page.locator(".pt-decision button.pt-pass").count():
            click_and_wait(page, page.locator(".pt-decision button.pt-pass").first)
        else:
            press_and_wait(page, "1")              # keyboard: the first option of the decision
    pytest.fail(f"never reached {phase}")


def test_aging_is_seen_fast_forward_stops_and_a_file_restores_the_game(voila_app, page, artifacts, tmp_path):
    """Keys 1 / p play; stepping stops after Aging and shows its deaths; "Next turn" shows a
    fast-forward bar whose Stop button halts it; the game downloaded as a file and uploaded
    back is the same game; the narrow (390 px) layout is photographed."""
    voila_app.open(page)
    page.locator(".pt-decision button.pt-choice").first.wait_for(state="visible", timeout=CLICK_TIMEOUT)
    assert page.locator(".pt-legend .pt-keys").count() == 1
    decide_until(page, "wars")                    # the draft by keys, a unit placed by clicking
    assert page.locator(".pt-what-happened [data-phase='deployment']").count() == 1
    for _ in range(6):                            # p = next phase, until the Aging has happened
        if page.locator(".pt-what-happened [data-phase='aging']").count():
            break
        if "decision is needed" in page.inner_text(".pt-status"):
            decide_until(page, "aging")
        else:
            press_and_wait(page, "p")
    aging = page.locator(".pt-what-happened [data-phase='aging']")
    assert aging.count() == 1, page.inner_text(".pt-what-happened")
    g = game_now(page)
    deaths = [r for r in g.results if type(r).__name__ == "AgingResult"][-1].deaths
    text = aging.inner_text()
    assert ("died" in text) == any(deaths), text
    assert (g.turn, g.phase, g.stage) == (2, "recruitment", "start")    # stopped before the next draft
    full_screenshot(page, artifacts / "app-aging.png")

    # "Next turn" goes on after your decisions: the bar says so; Stop halts it
    click_and_wait(page, page.locator("button.pt-next-turn"))
    stop = page.locator(".pt-ffwd button.pt-stop")
    stop.wait_for(state="visible", timeout=CLICK_TIMEOUT)
    click_and_wait(page, stop)
    stop.wait_for(state="hidden", timeout=CLICK_TIMEOUT)
    decide_until(page, "wars")                    # without Stop it would run on to Construction
    assert current_phase(page) == "wars" and current_turn(page) == 2

    # the game as a file: download, play on, upload -> the saved game again
    saved = game_now(page)
    assert page.locator(".pt-game-spoiler").is_visible()       # the game is not over: a warning
    with page.expect_download() as dl:
        page.locator(".pt-game-link").first.click()
    path = tmp_path / "game.json"
    dl.value.save_as(str(path))
    assert loads(path.read_text()).history == saved.history
    press_and_wait(page, "p")
    assert current_phase(page) != "wars"
    with page.expect_file_chooser() as chooser:
        page.locator(".pt-game-upload").first.click()
    chooser.value.set_files(str(path))
    page.wait_for_function("() => { const e = document.querySelector('.pt-track-widget .pt-current');"
                           " return e !== null && e.dataset.phase === 'wars'; }", timeout=CLICK_TIMEOUT)
    restored = game_now(page)
    # the same game: every decision of the file, and no later one (automatic stages that carry
    # no decision may already have run when the page is read)
    assert restored.history == saved.history and restored.turn == 2
    assert restored.phase in ("wars", "income", "construction")
    assert_no_traceback(page)

    # the narrow layout: every kingdom's three Front columns fit in 390 px
    page.set_viewport_size({"width": 390, "height": 844})
    settle(page)
    overflow = page.evaluate("""() => Array.from(document.querySelectorAll('.pt-kingdom')).map(k => {
        const r = k.getBoundingClientRect(); return r.right <= window.innerWidth + 1; })""")
    assert overflow and all(overflow), overflow
    page.screenshot(path=str(artifacts / "app-390-top.png"))
    page.locator(".pt-kingdom[data-seat='0']").screenshot(path=str(artifacts / "app-390-kingdom.png"))
    full_screenshot(page, artifacts / "app-390.png")


def test_three_visits_leave_at_most_the_pool_and_one_kernel(voila_app, browser):
    """Each page shuts its kernel down when it closes (no XSRF refusal): after three visits
    only the preheated pool (1) and at most one more kernel run."""
    for _ in range(3):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        pg = context.new_page()
        voila_app.open(pg)
        pg.goto("about:blank")
        context.close()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and voila_app.kernels() > 2:
        time.sleep(0.5)
    assert voila_app.kernels() <= 2, voila_app.log_text()[-3000:]
    refused = [l for l in voila_app.log_text().splitlines()
               if re.search(r"\b403 (DELETE|POST|GET)\b|Forbidden|XSRF", l)]    # not a kernel id's digits
    assert refused == [], refused


def in_view(page, locator) -> bool:
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]


def test_on_a_phone_the_decision_is_on_the_first_screen_and_the_spots_show_where_you_tap(browser, voila_app,
                                                                                        artifacts):
    """At 390 px: the decision box starts on the first screen; after a card of the hand is
    tapped its free spots are in view."""
    with phone(browser) as page:
        voila_app.open(page, "attached")
        first = page.locator(".pt-decision button.pt-choice").first
        first.wait_for(state="visible", timeout=CLICK_TIMEOUT)
        settle(page)
        top = page.locator(".pt-decision").first.bounding_box()["y"]
        page.screenshot(path=str(artifacts / "app-390-first-screen.png"))
        assert top < 844 - 120, f"the decision box starts at {top} px, below the first screen"
        for _ in range(12):                                     # draft by tapping the first card
            if page.locator(".pt-decision .pt-deploy").count():
                break
            click_and_wait(page, page.locator(".pt-decision button.pt-choice").first)
        hand = page.locator(".pt-decision button.pt-hand-card:not([disabled])")
        hand.last.tap()
        spot = page.locator(".pt-decision button.pt-spot-button").first
        spot.wait_for(state="visible", timeout=CLICK_TIMEOUT)
        settle(page)
        from playwright.sync_api import TimeoutError as PlaywrightTimeout
        try:        # the page's script scrolls the spots into view once the page has been calm for 120 ms
            page.wait_for_function("""() => { const b = document.querySelector('.pt-decision button.pt-spot-button');
                const r = b && b.getBoundingClientRect(); return !!r && r.top >= 0 && r.bottom <= innerHeight; }""",
                                   timeout=10_000)
        except PlaywrightTimeout:
            pass                                                 # the assertion below says where they are
        page.screenshot(path=str(artifacts / "app-390-spots.png"))
        assert in_view(page, spot), f"the spots are off screen: {spot.bounding_box()}"
        assert_no_traceback(page)


@pytest.mark.parametrize("width", [1280, 390])
def test_the_what_if_editor_refuses_beside_the_control_and_labels_stale_results(browser, voila_app, artifacts,
                                                                                width):
    """Kraken in F3 without a level-2 building is refused beside F3 (not moved to F2), 2.5
    age tokens are refused beside the box, and the greyed results say why; in English and
    in Polish, photographed at 1280 and 390 px."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    try:
        voila_app.open(page, "attached")
        page.locator(".lm-TabBar-tab", has_text="What-if editor").click()
        results = page.locator(".pt-whatif .pt-whatif-results table").first
        results.wait_for(state="visible", timeout=60_000)
        editor = page.locator(".pt-whatif .pt-player-editor").first
        from papertales_widgets.whatif_editor import card_options
        kraken = next(label for label, value in card_options(lang="en") if value == "kraken")
        editor.locator(".pt-spot-F3 select").select_option(label=kraken)
        flag = editor.locator(".pt-field-error .pt-flag").first
        flag.wait_for(state="visible", timeout=CLICK_TIMEOUT)
        assert "F3" in flag.inner_text() and "level-2 building" in flag.inner_text()
        page.wait_for_function("() => { const e = document.querySelector('.pt-whatif .pt-stale-label');"
                               " return e !== null && e.innerText.includes('Not the position of the form'); }",
                               timeout=CLICK_TIMEOUT)
        assert "pt-stale" in (page.locator(".pt-whatif .pt-whatif-results").first.get_attribute("class") or "")
        age = editor.locator(".pt-age-F1 input").first
        age.fill("2.5")
        page.wait_for_function("() => Array.from(document.querySelectorAll('.pt-whatif .pt-flag'))"
                               ".some(e => e.innerText.includes('2.5'))", timeout=CLICK_TIMEOUT)
        assert age.input_value() == "2.5"                   # shown as typed, refused beside it
        settle(page)
        full_screenshot(page, artifacts / f"whatif-{width}-en.png", ".pt-whatif")
        switch_language(page, "Polski")
        page.wait_for_function("() => { const e = document.querySelector('.pt-whatif .pt-stale-label');"
                               " return e !== null && e.innerText.includes('formularza'); }", timeout=CLICK_TIMEOUT)
        page.wait_for_function("() => Array.from(document.querySelectorAll('.pt-whatif .pt-flag'))"
                               ".some(e => e.innerText.includes('liczba całkowita'))", timeout=CLICK_TIMEOUT)
        settle(page)
        full_screenshot(page, artifacts / f"whatif-{width}-pl.png", ".pt-whatif")
        assert "Not the position" not in page.locator(".pt-whatif").first.inner_text()
        assert_no_traceback(page)
    finally:
        page.goto("about:blank")
        context.close()


# ------------------------------------------------------------------ the guided first game and the review

GUIDE_TIMEOUT = 60_000


def guide_text(page) -> str:
    return page.inner_text(".pt-guide .pt-guide-text")


def shown(page, selector) -> bool:
    loc = page.locator(selector)
    return loc.count() > 0 and loc.first.is_visible()


def click_clear_mistake(page) -> tuple:
    """At a Construction: click, in the page, a move the coach calls a clear mistake (asked
    of the coach here, on the game the page holds).  Returns (action, the coach's row)."""
    from papertales import coach
    from papertales_widgets.guide import SEAT
    g = game_now(page)
    for a in g.legal_actions(SEAT):
        row = coach.review_decision(g.clone(), SEAT, a)
        if row.verdict in ("mistake", "blunder"):
            if a.kind == "pass":
                button = page.locator(".pt-decision button.pt-pass").first
            else:
                words = a.describe("en", g.cards)
                button = page.locator(".pt-decision button.pt-choice", has_text=words[:1].upper() + words[1:]).first
            click_and_wait(page, button)
            return a, row
    pytest.fail("no move of this Construction is a clear mistake")


def test_the_guided_first_game_is_clicked_through_to_its_end(voila_app, page, artifacts):
    """"Guided first game": at each of your decisions the guide's step, teaching sentence
    and suggestion; "Play the suggestion" and "Continue" to the end of the guided turns;
    at the first Construction a clear mistake (the coach's verdict, asked here) gives "Try
    again", which goes back.  Nothing hidden in the page at any decision."""
    voila_app.open(page)
    click_and_wait(page, page.locator("button.pt-guided-start"))
    page.locator(".pt-guide .pt-guide-suggest").wait_for(state="visible", timeout=GUIDE_TIMEOUT)
    assert "decision 1 · turn 1 of 2" in guide_text(page) and "The guide suggests:" in guide_text(page)
    full_screenshot(page, artifacts / "guided-1280-en.png")
    leaks, decisions, mistake = [], 0, None
    for _ in range(150):
        if page.locator(".pt-guide .pt-guide-done").count():
            break
        if shown(page, ".pt-guide button.pt-guide-retry"):
            fb = page.inner_text(".pt-guide .pt-guide-feedback")
            assert "A clear mistake" in fb and f"about {mistake[1].cost:.1f} LP" in fb, fb
            full_screenshot(page, artifacts / "guided-mistake-1280-en.png", ".pt-guide")
            click_and_wait(page, page.locator(".pt-guide button.pt-guide-retry"))
            assert "choose again" in page.inner_text(".pt-guide .pt-guide-feedback")
            assert page.locator(".pt-decision button.pt-pass").count() == 1      # the Construction again
            continue
        if shown(page, ".pt-guide button.pt-guide-play"):
            decisions += 1
            leaks.extend(f"{current_phase(page)} {current_turn(page)}: {n}" for n in secrets_in_page(page))
            text = guide_text(page)
            assert "The guide suggests:" in text, text
            assert " rather than " in text or "About equal" in text or "only option" in text, text
            if mistake is None and page.locator(".pt-decision button.pt-pass").count():
                mistake = click_clear_mistake(page)
                continue
            click_and_wait(page, page.locator(".pt-guide button.pt-guide-play"))
        else:
            click_and_wait(page, page.locator(".pt-guide button.pt-guide-continue"))
    assert page.locator(".pt-guide .pt-guide-done").count() == 1, guide_text(page)
    assert not leaks, f"the bots' hidden cards in the page: {leaks}"
    assert mistake is not None and 12 <= decisions <= 18, decisions
    g = game_now(page)
    from papertales_widgets.guide import SEED
    assert g.turn == 3 and g.seed == SEED
    assert "save" in {d.kind for d in (coach_decision_kinds(g))}, "no Mystical Healer's choice"
    built = [r.built[0] for r in g.results if type(r).__name__ == "ConstructionResult"]
    assert any(built)
    assert "That was the guided part" in guide_text(page)
    full_screenshot(page, artifacts / "guided-done-1280-en.png", ".pt-guide")
    assert_no_traceback(page)
    errors = [m for m in page.console_messages if m.startswith("pageerror") and not any(h in m for h in HARMLESS)]
    assert not errors, errors


def coach_decision_kinds(g) -> list:
    """The pending decision of each of seat 1's decisions in ``g`` (replayed)."""
    from papertales import coach
    return [coach.replay(g, i).pending[0] for i, _ in coach.decisions(g, 0)]


def rgb(color: str) -> str:
    c = color.lstrip("#")
    return "rgb({}, {}, {})".format(*(int(c[i:i + 2], 16) for i in (0, 2, 4)))


def test_the_game_review_graph_colours_and_a_click_on_a_point(voila_app, page, artifacts):
    """A whole game by clicking, then the Game review: the win-chance graph, the key
    moments, each decision coloured by its verdict's CSS class (computed styles checked),
    the better move in words; a click on a point of the graph takes the game back to that
    decision.  Screenshots in English and Polish at 1280 and 390 px."""
    from papertales_widgets.coach import VERDICT_COLORS
    voila_app.open(page)
    page.locator(".pt-decision button.pt-choice").first.wait_for(state="visible", timeout=CLICK_TIMEOUT)
    play_by_clicking(page, 400)
    page.locator(".pt-final .pt-scores").wait_for(state="visible", timeout=CLICK_TIMEOUT)
    page.locator(".lm-TabBar-tab", has_text="Game review").click()
    rows = page.locator(".pt-review .pt-review-row")
    rows.first.wait_for(state="visible", timeout=180_000)          # the review runs when its tab opens
    page.locator(".pt-review .js-plotly-plot").first.wait_for(state="visible", timeout=60_000)
    game = game_now(page)
    n = rows.count()
    from papertales import coach
    assert n == len(coach.decisions(game, 0))            # a whole Deployment is one decision
    colours = page.evaluate("""() => Array.from(document.querySelectorAll('.pt-review .pt-review-row')).map(r =>
        [Array.from(r.classList).find(c => c.startsWith('pt-verdict-')), getComputedStyle(r).backgroundColor])""")
    for cls, color in colours:
        assert color == rgb(VERDICT_COLORS[cls.removeprefix("pt-verdict-")]), (cls, color)
    better = page.locator(".pt-review .pt-review-better", has_text="Better:")
    n_better = better.count()
    assert n_better >= 1 and " rather than " in better.first.inner_text() or "About equal" in better.first.inner_text()
    # the review as a page to hand in: a data link made when asked, the graph inside
    page.locator(".pt-review button.pt-review-export").click()          # the review's own button: no game tick
    link = page.locator(".pt-review a.pt-review-link")
    link.wait_for(state="visible", timeout=CLICK_TIMEOUT)
    href = link.get_attribute("href")
    assert href.startswith("data:text/html;base64,") and link.get_attribute("download").endswith(".html")
    import base64
    report = base64.b64decode(href.split(",", 1)[1]).decode("utf-8")
    assert "<svg" in report and "Paper Tales game review" in report and report.count("<tr") == n + 1
    assert page.locator(".pt-review .pt-key-moments").count() == 1
    points = page.locator(".pt-review .scatterlayer .trace .points path")
    chips = page.evaluate("() => Array.from(document.querySelectorAll('.pt-review .pt-review-line'))"
                          ".filter(l => l.querySelector('.pt-chip')).map(l => Number(l.dataset.index))")
    assert points.count() == len(chips) >= 3
    settle(page)
    full_screenshot(page, artifacts / "review-1280-en.png", ".pt-review")
    # a click on the third point: back to just before that decision
    page.locator(".pt-review .js-plotly-plot").first.scroll_into_view_if_needed()
    settle(page)
    box = points.nth(2).bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)                    # plotly clicks the point it hovers
    page.locator(".pt-review .hoverlayer .hovertext").first.wait_for(state="visible", timeout=CLICK_TIMEOUT)
    page.mouse.click(x, y)
    page.wait_for_function("() => { const e = document.querySelector('.pt-review .pt-review-stale');"
                           " return e !== null && e.innerText.includes('Back to just before decision'); }",
                           timeout=CLICK_TIMEOUT)
    back = game_now(page)
    assert back.history == game.history[:chips[2]] and back.pending[0] is not None
    switch_language(page, "Polski")
    page.wait_for_function("() => { const e = document.querySelector('.pt-review .pt-review-better');"
                           " return e !== null && Array.from(document.querySelectorAll('.pt-review .pt-review-line'))"
                           ".some(l => l.innerText.includes('Tura')); }", timeout=CLICK_TIMEOUT)
    assert page.locator(".pt-review .pt-review-better", has_text="Lepiej:").count() == n_better
    settle(page)
    full_screenshot(page, artifacts / "review-1280-pl.png", ".pt-review")
    page.set_viewport_size({"width": 390, "height": 844})
    settle(page)
    full_screenshot(page, artifacts / "review-390-pl.png", ".pt-review")
    page.locator(".pt-review .pt-review-summary").first.scroll_into_view_if_needed()
    settle(page)
    page.screenshot(path=str(artifacts / "review-390-pl-top.png"))
    switch_language(page, "English")
    wait_or_explain(page, "() => Array.from(document.querySelectorAll('.pt-review .pt-review-line'))"
                          ".some(l => l.innerText.includes('Turn'))", "the review's rows in English again",
                    (".pt-review .pt-review-summary", ".pt-review .pt-msg", ".pt-messages",
                     ".lm-TabBar-tab.lm-mod-current", ".pt-status"))
    settle(page)
    full_screenshot(page, artifacts / "review-390-en.png", ".pt-review")
    page.locator(".pt-review .pt-review-summary").first.scroll_into_view_if_needed()
    settle(page)
    page.screenshot(path=str(artifacts / "review-390-en-top.png"))
    wide = page.evaluate("() => document.querySelector('.pt-review').scrollWidth")
    assert wide <= 392, f"the review is {wide} px wide at 390 px"
    assert_no_traceback(page)


@pytest.mark.parametrize("width", [390, 1280])
def test_the_guided_game_in_polish_and_english(browser, voila_app, artifacts, width):
    """The guide in Polish, then in English, photographed at 390 and 1280 px (the 1280 px
    English picture is the click-through's)."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    try:
        voila_app.open(page, "attached")
        switch_language(page, "Polski")
        page.wait_for_function("() => { const b = document.querySelector('button.pt-guided-start');"
                               " return b !== null && b.innerText.includes('przewodnikiem'); }",
                               timeout=CLICK_TIMEOUT)
        click_and_wait(page, page.locator("button.pt-guided-start"))
        page.locator(".pt-guide .pt-guide-suggest").wait_for(state="visible", timeout=GUIDE_TIMEOUT)
        assert "Przewodnik proponuje:" in guide_text(page) and "decyzja 1 · tura 1 z 2" in guide_text(page)
        click_and_wait(page, page.locator(".pt-guide button.pt-guide-play"))
        page.wait_for_function("() => document.querySelector('.pt-guide .pt-guide-text').innerText"
                               ".includes('decyzja 2')", timeout=CLICK_TIMEOUT)
        assert "Zagrano ruch przewodnika" in page.inner_text(".pt-guide .pt-guide-feedback")
        settle(page)
        if width == 390:
            top = page.locator(".pt-guide").first.bounding_box()["y"]
            assert top < 844, f"the guide starts at {top} px, below the first screen"
            page.screenshot(path=str(artifacts / "guided-390-pl-first-screen.png"))
        full_screenshot(page, artifacts / f"guided-{width}-pl.png")
        switch_language(page, "English")
        page.wait_for_function("() => document.querySelector('.pt-guide .pt-guide-text').innerText"
                               ".includes('The guide suggests')", timeout=CLICK_TIMEOUT)
        settle(page)
        assert page.inner_text(".pt-status").startswith("You: keep")         # the name in English too
        if width == 390:
            page.locator(".pt-guide").first.scroll_into_view_if_needed()
            page.screenshot(path=str(artifacts / "guided-390-en-first-screen.png"))
            full_screenshot(page, artifacts / "guided-390-en.png")
        assert_no_traceback(page)
    finally:
        page.goto("about:blank")
        context.close()


# ------------------------------------------------------------------ a teacher's link

def test_a_teachers_link_opens_the_guided_game_in_polish(browser, voila_app, artifacts):
    """One link for the class, ``?lang=pl&guided=1&players=3&seed=27``: the page opens in
    Polish (the switch on Polski, the phase track and buttons in Polish) with the guided
    first game started, its guide's box shown at decision 1 of the guided deal.  A second
    visit with values that are not allowed opens the app as without them and says so at
    the top, in the link's language."""
    from papertales_widgets.guide import PLAYERS, SEED
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        voila_app.open(page, "attached", query=f"lang=pl&guided=1&players={PLAYERS}&seed={SEED}")
        page.locator(".pt-guide .pt-guide-suggest").wait_for(state="visible", timeout=GUIDE_TIMEOUT)
        text = guide_text(page)
        assert "Przewodnik proponuje:" in text and "decyzja 1 · tura 1 z 2" in text, text
        assert page.evaluate(LANGUAGE_ON_JS, "Polski")
        assert "Rekrutacja" in page.inner_text(".pt-track-widget") and "Recruitment" not in page.inner_text(".pt-track-widget")
        assert page.locator("button.pt-next-phase").inner_text().startswith("Następna faza")
        assert page.locator(".pt-stepper input[type='number']").first.input_value() == str(SEED)
        assert page.locator(".pt-players select").first.input_value() == str(PLAYERS)
        assert not page.locator(".pt-link-messages").first.is_visible()
        assert "Catch Up Games" in page.inner_text(".pt-credits") and "nieoficjalny" in page.inner_text(".pt-credits")
        full_screenshot(page, artifacts / "link-guided-1280-pl.png")
        assert_no_traceback(page)

        voila_app.open(page, "attached", query="lang=pl&players=9&seed=abc")
        note = page.locator(".pt-link-messages").first
        note.wait_for(state="visible", timeout=CLICK_TIMEOUT)
        said = note.inner_text()
        assert "Pominięto players=9 z linku" in said and "od 2 do 5" in said, said
        assert "Pominięto seed=abc z linku" in said, said
        note.screenshot(path=str(artifacts / "link-refused-1280-pl.png"))
        assert page.evaluate(LANGUAGE_ON_JS, "Polski") and page.locator(".pt-guide").count() == 0
        assert page.locator(".pt-stepper input[type='number']").first.input_value() == "7"    # the app's own deal
        assert_no_traceback(page)
    finally:
        page.goto("about:blank")
        context.close()
