"""The coach in the panels: the Hint button of a decision, the Game review tab (rows that
take the game back), the solo draft preview, the seat menus with every bot, and the
Kingdom Legacy tab following the language switch."""

from __future__ import annotations

import re

import pytest

from papertales import coach
from papertales.bots import RandomBot
from papertales.registry import names as bot_names
from papertales.greedy import GreedyBot
from papertales.ismcts import IsmctsBot
from papertales_widgets import App, GameStepper, Session
from papertales.render import escape
from papertales_widgets.coach import POINT_COLORS, VERDICT_COLORS, HintBox, ReviewPanel


def _rows(html):
    return re.findall(r"data-rank='(\d+)' data-action='([^']*)'", html)


def test_the_hint_button_ranks_every_option(stepper):
    panel = stepper.decision_panel(0)
    box = panel.hint
    assert isinstance(box, HintBox) and box.button.description == "Hint"
    assert box.busy.layout.display == "none" and box.table.value == ""
    assert box.worlds == coach.WORLDS                # a count, not a time: the guide's and the review's
    box.worlds = 4
    box.button.click()
    rows = _rows(box.table.value)
    legal = stepper.game.legal_actions(0)
    assert [int(r) for r, _ in rows] == list(range(1, len(legal) + 1))
    assert sorted(a for _, a in rows) == sorted(str(a) for a in legal)
    assert "pt-hint-best" in box.table.value and "Expected final LP" in box.table.value
    assert box.busy.layout.display == "none" and not box.button.disabled
    assert "in the same 4 sampled games, which only use" in box.table.value     # the count's sentence, then the method's
    assert "use what you can see. Play goes on to the end of this turn" in box.table.value
    assert escape(box.result.best.reason) in box.table.value and " rather than " in box.result.best.reason \
        or "About equal" in box.result.best.reason


def test_the_hint_speaks_the_panel_language():
    st = GameStepper(players=3, seed=7, humans=[0], lang="pl")
    box = st.decision_panel(0).hint
    assert box.button.description == "Podpowiedź"
    box.worlds = 2
    box.show()
    assert "Oczekiwane PL na koniec gry" in box.table.value and "Przedział" in box.table.value
    assert "w każdym z 10 przedziałów, w obu zestawach" in box.table.value      # how far the chance is off (strategy.md points 27-28)
    assert "w tych samych 2 losowanych grach, które korzystają" in box.table.value     # 2: the "few" form
    assert "co widzisz. Gra toczy się do końca tej tury" in box.table.value
    box.set_language("en")                              # the reasons are asked again in English
    assert "Expected final LP" in box.table.value and ("rather than" in box.table.value or "About equal" in box.table.value)


def _play_to_the_end(session):
    bot = GreedyBot(3)
    while not session.game.is_over:
        if session.waiting_humans():
            session.act(0, bot.choose(session.game, 0))
        else:
            session.advance("end")


@pytest.fixture(scope="module")
def reviewed():
    """A 2-player game played to the end by the greedy bot in seat 0, reviewed (2 worlds)."""
    session = Session(players=2, seed=3, humans=[0])
    _play_to_the_end(session)
    panel = ReviewPanel(session, worlds=2)
    return session, panel, session.game, panel.run()


@pytest.mark.slow
def test_the_review_lists_each_decision_coloured_by_css_classes(reviewed):
    session, panel, g, rows = reviewed
    assert panel.seat.value == 0
    assert [(r.index, r.plan) for r in rows] == coach.decisions(g, 0)
    table = panel.table.children
    assert len(table) == len(rows)
    for row, r in zip(table, rows):
        assert {"pt-review-row", f"pt-verdict-{r.verdict}"} <= set(row._dom_classes)
        assert getattr(row.layout, "background", None) is None     # no layout trait: it never reached the page
    for name, color in VERDICT_COLORS.items():            # the page's stylesheet colours the classes
        assert f".pt-review .pt-verdict-{name}{{background-color:{color}}}" in panel.head.value
    assert "Fine:" in panel.summary.value
    assert "came true within 3 points in each of the 10 bands on the whole, in both sets" in panel.summary.value     # beside the graph's tip, as under a hint


def test_each_row_shows_the_better_move_and_why(reviewed):
    _session, panel, g, rows = reviewed
    for row, r in zip(panel.table.children, rows):
        text = row.children[0].value
        assert f"data-index='{r.index}'" in text and escape(r.text) in text
        if r.followed:
            assert "Better:" not in text
        else:
            assert escape(f"Better: {r.why.text}") in text
    assert any(not r.followed for r in rows)
    panel.set_language("pl")                               # the words again, in Polish; the numbers kept
    first = next(i for i, r in enumerate(rows) if not r.followed)
    assert "Lepiej:" in panel.table.children[first].children[0].value
    assert panel.rows[first].cost == rows[first].cost and panel.rows[first].why.text != rows[first].why.text
    panel.set_language("en")


def test_the_review_downloads_as_a_page_with_its_graph(reviewed):
    _session, panel, g, rows = reviewed
    assert panel.export_button.layout.display is None
    html = panel.export()
    assert html.startswith("<!DOCTYPE html>") and "<svg" in html and "</html>" in html
    assert all(escape(r.text) in html for r in rows)
    assert "Masato Uesugi" in html and "Catch Up Games" in html
    link = panel.download.value
    assert "download=\"papertales-review-seed3-turn" in link and "data:text/html;base64," in link
    import base64
    data = link.split("base64,")[1].split('"')[0]
    assert base64.b64decode(data).decode("utf-8") == html


def test_the_win_chance_graph_marks_the_key_moments(reviewed):
    _session, panel, _g, rows = reviewed
    band, tr = panel.fig.data
    plotted = [r for r in rows if r.win_after is not None]
    assert list(tr.y) == [round(100 * r.win_after, 1) for r in plotted]
    assert list(band.y) == ([round(100 * r.win_after_high, 1) for r in plotted]
                            + [round(100 * r.win_after_low, 1) for r in reversed(plotted)])
    assert list(tr.x) == [rows.index(r) + 1 for r in plotted]
    assert list(tr.marker.color) == [POINT_COLORS[r.verdict] for r in plotted]
    moments = coach.key_moments(rows)
    labels = [x for x in tr.text if x]
    assert labels == [str(i) for i in range(1, len(moments) + 1)]
    buttons = [b for b in panel.moments.children if "pt-key-moment" in b._dom_classes]
    assert len(buttons) == len(moments)
    for row, r in zip(panel.table.children, rows):
        assert ("pt-key" in row._dom_classes) == (r in moments)


@pytest.mark.slow
def test_a_point_of_the_graph_a_key_moment_or_a_row_goes_back_to_its_step():
    session = Session(players=2, seed=3, humans=[0])
    _play_to_the_end(session)
    g = session.game
    panel = ReviewPanel(session, worlds=1)
    rows = panel.run()
    plotted = [r for r in rows if r.win_after is not None]
    panel.go_to_point([4])                                 # what a click on the 5th point does
    assert session.game.history == g.history[:plotted[4].index]
    assert session.game.pending[0] is not None and not session.game.is_over
    assert "Back to just before decision" in panel.summary.value
    panel.set_language("pl")            # as the app's switch does: the rows are made again in Polish,
    session.set_language("pl")          # then the session tells its panels; the decision gone back to stays
    assert "Powrót tuż przed decyzję nr 6" in panel.summary.value and "not in list" not in panel.summary.value
    panel.set_language("en")
    session.set_language("en")
    target = rows[len(rows) // 2]
    panel.table.children[len(rows) // 2].children[-1].click()
    assert session.game.history == g.history[:target.index]


@pytest.mark.slow
def test_the_review_runs_by_itself_at_the_end_when_its_tab_is_open():
    session = Session(players=2, seed=5, humans=[0])
    panel = ReviewPanel(session, worlds=1, lazy=True)
    _play_to_the_end(session)
    assert panel.rows == []                                # hidden tab: nothing computed
    panel.set_active(True)
    assert panel.rows and len(panel.table.children) == len(panel.rows)


@pytest.mark.slow
def test_go_to_a_step_without_an_undo_step_replays_the_game():
    from papertales.bots import play
    from papertales.registry import get
    from papertales import Game
    g = play(Game.new(players=3, seed=2), [get("random", i) for i in range(3)])
    session = Session(players=3, seed=0, humans=[0])
    session.load_game(g, humans=[0])
    panel = ReviewPanel(session, worlds=1)
    rows = panel.run()
    panel.go_to(rows[3])
    assert session.game.history == g.history[:rows[3].index] and session.game.pending[0] is not None


def test_a_new_game_clears_the_review():
    session = Session(players=2, seed=3, humans=[0])
    panel = ReviewPanel(session, worlds=1)
    for _ in range(3):
        session.act(0, session.game.legal_actions(0)[0])
    assert panel.run() and panel.table.children
    session.new_game(players=2, seed=3, humans=[0])
    assert panel.rows == [] and panel.table.children == () and panel.summary.value == ""
    assert panel.export_button.layout.display == "none"


def test_the_app_has_review_and_kingdom_legacy_tabs_in_both_languages():
    app = App(players=3, seed=7)
    assert (app.shown("review")[0], app.shown("legacy")[0]) == ("Game review", "Kingdom Legacy")
    assert app.shown("review")[1] is app.review
    app.select("legacy")
    assert app.legacy is not None and app.legacy_box.children == (app.legacy,)
    app.set_language("pl")
    assert app.legacy.lang == "pl" and app.review.lang == "pl"
    assert app.legacy.new_button.description != "New campaign" or app.legacy.lang == "pl"
    assert app.shown("review")[0] == "Analiza gry" and app.review.run_button.description == "Przeanalizuj grę"
    app.set_language("en")


@pytest.mark.slow
def test_seat_menus_list_every_bot_and_the_session_plays_them(stepper):
    values = [v for _, v in stepper.seats[1].options]
    assert values[0] == "human" and len(values) == 1 + len(bot_names())
    assert {"greedy", "ismcts"} <= set(values)
    stepper.seats[0].value = "random"                         # the random bot
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


def test_a_fine_moves_cost_is_shown_signed_with_its_whole_interval():
    """A move the coach would not play, 0.2 LP below the suggestion on average, the
    difference's 95 % interval -0.3 to 0.7 (suggestion minus move): "fine", since the
    interval reaches 0.  Shown as the move against the suggestion, the point -0.2 inside its
    own interval -0.7 to +0.3 -- not clipped to "0.0 to 0.7" beside a "-0.2"."""
    from papertales_widgets.reviewfile import cost_text
    why = coach.Why("keep Knight", "keep Farmer", 0.2, -0.3, 0.7, (), True, False, "About equal.")
    r = coach.ReviewRow(0, 1, "recruitment", "draft", (), (), 30.0, 30.2, 0.2, -0.3, 0.7, "fine", why=why)
    assert cost_text(r, "en") == "−0.2 LP (95 %: −0.7 to +0.3)"
    assert cost_text(r, "pl") == "−0,2 PL (95 %: od −0,7 do +0,3)"


def test_the_coach_in_the_app_reads_the_chance_with_the_players_at_the_table():
    """A person in seat 0, the economist and the default random bot in the others: the
    session names them, and the Hint's chances are the coach's with that table (not with
    every seat played as the greedy bot)."""
    session = Session(players=3, seed=7, humans=[0])
    session.new_game(players=3, seed=7, humans=[0], bots={1: "economist"})
    assert session.players == ("human", "economist", "random")
    stepper = GameStepper(session=session)
    box = stepper.decision_panel(0).hint
    box.worlds = 2
    h = box.show()
    assert [o.win for o in h.options] == \
        [o.win for o in coach.hint(session.game, 0, worlds=2, players=session.players).options]
    assert [o.win for o in h.options] != [o.win for o in coach.hint(session.game, 0, worlds=2).options]
