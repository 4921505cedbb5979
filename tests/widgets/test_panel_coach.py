"""The coach in the panels: the Hint button of a decision, the Game review tab (rows that
take the game back), the solo draft preview, the seat menus with every bot, and the
Kingdom Legacy tab following the language switch."""

from __future__ import annotations

import re

from papertales import coach
from papertales.bots import RandomBot
from papertales.bots import names as bot_names
from papertales.greedy import GreedyBot
from papertales.ismcts import IsmctsBot
from papertales_widgets import App, GameStepper, Session
from papertales_widgets.coach import HintBox, ReviewPanel


def _rows(html):
    return re.findall(r"data-rank='(\d+)' data-action='([^']*)'", html)


def test_the_hint_button_ranks_every_option(stepper):
    panel = stepper.decision_panel(0)
    box = panel.hint
    assert isinstance(box, HintBox) and box.button.description == "Hint"
    assert box.busy.layout.display == "none" and box.table.value == ""
    box.seconds = 0.1
    box.button.click()
    rows = _rows(box.table.value)
    legal = stepper.game.legal_actions(0)
    assert [int(r) for r, _ in rows] == list(range(1, len(legal) + 1))
    assert sorted(a for _, a in rows) == sorted(str(a) for a in legal)
    assert "pt-hint-best" in box.table.value and "Expected final LP" in box.table.value
    assert box.busy.layout.display == "none" and not box.button.disabled
    assert box.result.best.reason


def test_the_hint_speaks_the_panel_language():
    st = GameStepper(players=3, seed=7, humans=[0], lang="pl")
    box = st.decision_panel(0).hint
    assert box.button.description == "Podpowiedź"
    box.seconds = 0.05
    box.show()
    assert "Oczekiwane PL na koniec gry" in box.table.value and "Przedział" in box.table.value


def _play_to_the_end(session):
    bot = GreedyBot(3)
    while not session.game.is_over:
        if session.waiting_humans():
            session.act(0, bot.choose(session.game, 0))
        else:
            session.advance("end")


def test_the_review_lists_each_decision_and_goes_back_to_a_step():
    session = Session(players=2, seed=3, humans=[0])
    _play_to_the_end(session)
    panel = ReviewPanel(session, seconds=0.01)
    assert panel.seat.value == 0
    rows = panel.run()
    g = session.game
    assert [r.index for r in rows] == [i for i, (s, _) in enumerate(g.history) if s == 0]
    table = panel.table.children
    assert len(table) == len(rows) + 1                     # a heading, then one row per decision
    for row, r in zip(table[1:], rows):
        assert f"pt-verdict-{r.verdict}" in row._dom_classes
        assert row.layout.background                      # colour-coded
    assert "Fine:" in panel.summary.value
    target = rows[len(rows) // 2]
    go = table[1 + len(rows) // 2].children[-1]
    go.click()
    assert session.game.history == g.history[:target.index]
    assert session.game.pending[0] is not None and not session.game.is_over
    assert "moved on" in panel.summary.value              # the review is from another game now


def test_the_review_runs_by_itself_at_the_end_when_its_tab_is_open():
    session = Session(players=2, seed=5, humans=[0])
    panel = ReviewPanel(session, seconds=0.01, lazy=True)
    _play_to_the_end(session)
    assert panel.rows == []                                # hidden tab: nothing computed
    panel.set_active(True)
    assert panel.rows and len(panel.table.children) == len(panel.rows) + 1


def test_go_to_a_step_without_an_undo_step_replays_the_game():
    from papertales.bots import get, play
    from papertales import Game
    g = play(Game.new(players=3, seed=2), [get("random", i) for i in range(3)])
    session = Session(players=3, seed=0, humans=[0])
    session.load_game(g, humans=[0])
    panel = ReviewPanel(session, seconds=0.01)
    rows = panel.run()
    panel.go_to(rows[3])
    assert session.game.history == g.history[:rows[3].index] and session.game.pending[0] is not None


def test_the_app_has_review_and_kingdom_legacy_tabs_in_both_languages():
    app = App(players=3, seed=7)
    assert app.tabs.titles[5:] == ("Game review", "Kingdom Legacy")
    assert app.tabs.children[5] is app.review
    app.select("legacy")
    assert app.legacy is not None and app.legacy_box.children == (app.legacy,)
    app.set_language("pl")
    assert app.legacy.lang == "pl" and app.review.lang == "pl"
    assert app.legacy.new_button.description != "New campaign" or app.legacy.lang == "pl"
    assert app.tabs.titles[5] == "Analiza gry" and app.review.run_button.description == "Przeanalizuj grę"
    app.set_language("en")


def test_seat_menus_list_every_bot_and_the_session_plays_them(stepper):
    values = [v for _, v in stepper.seats[1].options]
    assert values[0] == "human" and len(values) == 1 + len(bot_names())
    assert {"greedy", "ismcts"} <= set(values)
    stepper.seats[0].value = "bot"                         # the random bot
    stepper.seats[1].value = "greedy"
    stepper.seats[2].value = "ismcts"
    stepper.on_new_game()
    bots = stepper.session.bots
    assert isinstance(bots[1], GreedyBot) and isinstance(bots[2], IsmctsBot)
    assert stepper.session.humans == [] and isinstance(bots[0], RandomBot)
    stepper.next_turn.click()                               # the bots play their seats
    assert not stepper.messages.errors and stepper.game.turn == 2


def test_the_solo_draft_shows_what_the_lich_king_gains_if_you_pass_a_card():
    st = GameStepper(players=1, seed=3, humans=[0])
    panel = st.decision_panel(0)
    assert panel.kind == "draft"
    expected = [(p.card, p.lp) for p in coach.solo_draft_preview(st.game)]
    assert len(expected) == len(st.game.players[0].pack)
    # under each card of the pack (in the pack's order), its own line
    shown = []
    for card_box in panel.children[1].children:
        card_html, _button, *below = card_box.children
        assert len(below) == 1
        found = re.findall(r"data-card='([a-z_]+)' data-pass-lp='(\d+)'", below[0].value)
        assert len(found) == 1 and "if you pass it: Lich King +" in below[0].value
        shown.append((found[0][0], int(found[0][1])))
    assert shown == expected
    multi = GameStepper(players=3, seed=7, humans=[0])
    assert all(len(box.children) == 2 for box in multi.decision_panel(0).children[1].children)
