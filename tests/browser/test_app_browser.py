"""The Voilà app in a real browser: play a whole game against bots by clicking, then a
whole solo game against the Lich King (same server, a new page).

Seat 1 is the human: the test drafts the first card offered, places up to two units per
Deployment, builds whatever is offered first, and otherwise presses "Play to the end".
At the end the scores shown must equal the engine's: the page's game record is loaded
with ``Game.from_json`` and the game is replayed from its seed and history.
Screenshots are kept in test-artifacts/.
"""

from __future__ import annotations

import json
import time

import pytest

from papertales import Game
from papertales.i18n import t

pytestmark = pytest.mark.browser

FIRST_RENDER_TIMEOUT = 120_000      # ms: a cold Voilà render can take ~20 s on 2 cores
CLICK_TIMEOUT = 30_000
TICK_JS = """n => { const e = document.querySelector('.pt-tick [data-tick]');
                    return e !== null && Number(e.dataset.tick) > n; }"""
HARMLESS = ("setData is not a function", "Unsatisfied version", "Failed to load resource",
            "No satisfying version", "ERR_NAME_NOT_RESOLVED", "Starting WebSocket")


def tick(page) -> int:
    el = page.locator(".pt-tick [data-tick]")
    return int(el.get_attribute("data-tick")) if el.count() else 0


def click_and_wait(page, locator) -> None:
    """Click and wait until the kernel has handled the click (the stepper's tick grows)."""
    before = tick(page)
    locator.click()
    page.wait_for_function(TICK_JS, arg=before, timeout=CLICK_TIMEOUT)
    page.wait_for_timeout(60)            # let the new widget views attach


def assert_no_traceback(page) -> None:
    text = page.inner_text("body")
    assert "Traceback" not in text, text[-3000:]
    assert "There was an error when executing cell" not in text
    assert "Something went wrong" not in text, text[-3000:]


def current_turn(page) -> int:
    el = page.locator(".pt-track-widget [data-turn]")
    return int(el.first.get_attribute("data-turn")) if el.count() else 0


def full_screenshot(page, path, selector=None) -> None:
    """Voilà scrolls inside the page: make the window as tall as the app for the picture
    (of the whole page, or of one element)."""
    bottom = page.evaluate("() => { const a = document.querySelector('.pt-app'); "
                           "return a ? a.scrollHeight + a.getBoundingClientRect().top : 1000; }")
    page.set_viewport_size({"width": 1400, "height": min(max(1000, int(bottom) + 60), 8000)})
    page.wait_for_timeout(300)
    if selector:
        page.locator(selector).first.screenshot(path=str(path))
    else:
        page.screenshot(path=str(path), full_page=True)
    page.set_viewport_size({"width": 1400, "height": 1000})


def play_by_clicking(page, max_clicks, on_first_deploy=None) -> int:
    """Play seat 1's decisions to the end of the game: place up to two units a turn, then
    done; other decisions take the first choice; "Play to the end" while bots act.
    Returns how many placements the engine refused."""
    placed = {}
    refusals = 0
    for _ in range(max_clicks):
        if page.locator(".pt-final .pt-scores").count():
            return refusals
        if "decision is needed" in page.inner_text(".pt-status"):
            page.locator(".pt-decision button.pt-choice").first.wait_for(state="visible", timeout=CLICK_TIMEOUT)
            place = page.locator(".pt-decision button.pt-place")
            turn = current_turn(page)
            if place.count() and placed.get(turn, 0) < 2:
                if on_first_deploy is not None and not placed:
                    on_first_deploy()
                placed[turn] = placed.get(turn, 0) + 1
                click_and_wait(page, place.first)
                if page.locator(".pt-messages .pt-error").count():      # refused: not enough gold...
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
    page.goto(voila_app.url)
    page.locator("button.pt-next-phase").wait_for(state="visible", timeout=FIRST_RENDER_TIMEOUT)
    first_interactive = time.perf_counter() - t0
    page.locator(".pt-decision button.pt-choice").first.wait_for(state="visible", timeout=CLICK_TIMEOUT)
    full_screenshot(page, artifacts / "app-start.png")
    assert_no_traceback(page)

    refusals = play_by_clicking(page, 400, on_first_deploy=lambda: full_screenshot(
        page, artifacts / "app-deploy-decision.png"))

    page.locator(".pt-final .pt-scores").wait_for(state="visible", timeout=CLICK_TIMEOUT)
    full_screenshot(page, artifacts / "app-final.png")
    assert_no_traceback(page)

    shown = {int(td.get_attribute("data-seat")): int(td.inner_text())
             for td in page.locator(".pt-final td.pt-final-lp").all()}
    record = page.locator(".pt-record textarea").input_value()
    game = Game.from_json(record)
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
    page.wait_for_timeout(500)
    page.locator(".pt-wargraph").screenshot(path=str(artifacts / "app-war-graph.png"))
    page.locator(".lm-TabBar-tab", has_text="Score race").click()
    page.locator(".pt-scorerace .js-plotly-plot").first.wait_for(state="visible", timeout=60_000)
    page.wait_for_timeout(500)
    page.locator(".pt-scorerace").screenshot(path=str(artifacts / "app-score-race.png"))
    page.locator(".lm-TabBar-tab", has_text="What-if editor").click()
    page.locator(".pt-whatif .pt-whatif-results table").first.wait_for(state="visible", timeout=60_000)
    page.wait_for_timeout(500)
    full_screenshot(page, artifacts / "app-what-if.png", ".pt-whatif")
    assert_no_traceback(page)

    errors = [m for m in page.console_messages
              if m.startswith(("error", "pageerror")) and not any(h in m for h in HARMLESS)]
    (artifacts / "browser-test.json").write_text(json.dumps({
        "first_interactive_s": round(first_interactive, 2), "scores": game.scores,
        "refused_placements": refusals, "console_errors": errors[:20]}, indent=2))
    assert not [m for m in errors if "pageerror" in m], errors


def test_play_a_whole_solo_game_against_the_lich_king(voila_app, page, artifacts):
    """Players: "1 (solo vs the Lich King)", one Lich King card, New game, then a whole game
    by clicking; the scores shown for you and for the Lich King are the engine's."""
    page.goto(voila_app.url)
    page.locator("button.pt-next-phase").wait_for(state="visible", timeout=FIRST_RENDER_TIMEOUT)
    page.locator(".pt-players select").select_option(label="1 (solo vs the Lich King)")
    page.locator(".pt-lich-count select").wait_for(state="visible", timeout=CLICK_TIMEOUT)
    page.locator(".pt-lich-count select").select_option(label="1 Lich King card")
    page.wait_for_timeout(200)           # the choice reaches the kernel before the click
    click_and_wait(page, page.locator("button.pt-new-game"))
    page.locator(".pt-decision button.pt-choice").first.wait_for(state="visible", timeout=CLICK_TIMEOUT)
    assert "1st pick: 5 cards drawn" in page.inner_text(".pt-status")
    assert page.locator(".pt-banner [data-illustrative]").count() == 1      # NOT the printed cards
    page.locator(".pt-lichking .pt-necro-line").wait_for(state="visible", timeout=60_000)
    assert_no_traceback(page)
    # play with the Why? tab open (the Lich King panel redraws when its tab is opened again)
    page.locator(".lm-TabBar-tab", has_text="Why?").click()

    refusals = play_by_clicking(page, 300)

    page.locator(".pt-final .pt-scores").wait_for(state="visible", timeout=CLICK_TIMEOUT)
    assert_no_traceback(page)
    shown = {int(td.get_attribute("data-seat")): int(td.inner_text())
             for td in page.locator(".pt-final td.pt-final-lp").all()}
    game = Game.from_json(page.locator(".pt-record textarea").input_value())
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
    page.wait_for_timeout(800)           # the Lich King panel's charts settle
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


def test_switch_the_app_to_polish_and_back(voila_app, page, artifacts):
    """The language switch at the top redraws the page: the phase track and the cards of
    your first pack (seed 7: the Farmer, "Rolnik" in the Polish rulebook) in Polish, then
    in English again; a click after the switch still plays."""
    page.goto(voila_app.url)
    page.locator("button.pt-next-phase").wait_for(state="visible", timeout=FIRST_RENDER_TIMEOUT)
    farmer = page.locator('.pt-decision .pt-card[data-card="farmer"] .pt-cname')
    farmer.wait_for(state="visible", timeout=CLICK_TIMEOUT)
    assert farmer.inner_text() == "Farmer"
    assert "1. Recruitment" in page.inner_text(".pt-track-widget")

    page.locator(".pt-language button", has_text="Polski").click()
    page.wait_for_function("() => { const e = document.querySelector('.pt-track-widget');"
                           " return e !== null && e.innerText.includes('Rekrutacja'); }", timeout=CLICK_TIMEOUT)
    track = page.inner_text(".pt-track-widget")
    for i, phase in enumerate(("recruitment", "deployment", "wars", "income", "construction", "aging"), 1):
        assert f"{i}. {t(f'phase.{phase}.name', 'pl')}" in track, track
    assert "Tura 1/4" in track and "Recruitment" not in track
    farmer = page.locator('.pt-decision .pt-card[data-card="farmer"] .pt-cname')
    farmer.wait_for(state="visible", timeout=CLICK_TIMEOUT)
    assert farmer.inner_text() == "Rolnik"
    assert page.locator("button.pt-next-phase").inner_text().startswith("Następna faza")
    assert page.locator(".lm-TabBar-tab", has_text="Zasady w skrócie").count() == 1
    full_screenshot(page, artifacts / "app-polish.png")
    assert_no_traceback(page)

    # still playable in Polish: keep the Farmer
    click_and_wait(page, page.locator(".pt-decision button.pt-choice", has_text="Rolnik").first)
    assert "Rolnik" in page.inner_text(".pt-kingdom[data-seat='0'] .pt-hand")

    page.locator(".pt-language button", has_text="English").click()
    page.wait_for_function("() => { const e = document.querySelector('.pt-track-widget');"
                           " return e !== null && e.innerText.includes('Recruitment'); }", timeout=CLICK_TIMEOUT)
    assert "Rekrutacja" not in page.inner_text(".pt-track-widget")
    assert "Farmer" in page.inner_text(".pt-kingdom[data-seat='0'] .pt-hand")
    assert page.locator("button.pt-next-phase").inner_text().startswith("Next phase")
    assert_no_traceback(page)
    errors = [m for m in page.console_messages
              if m.startswith("pageerror") and not any(h in m for h in HARMLESS)]
    assert not errors, errors
