"""The solo mode in the main app: the stepper, the session, the Why? panel, the score race
and the App against the Lich King, driven from Python.  The numbers of the Wars and of the
end of the game are worked out by hand from a small pack of our own."""

import re

import pytest

from papertales import Game, PaperTalesError, load_pack, solo
from papertales.serialize import loads
from papertales.cards import BASE, card_set
from papertales.events import BLACK_ARMY, PURPLE_ARMY
from papertales.i18n import t
from papertales.results import Quest, SoloRecruitmentResult, SoloWarsResult
from papertales.state import Unit
from papertales_widgets import App, GameStepper, Session
from papertales_widgets.lichking import LichKingPanel, SoloGame

LICH = solo.LICH


def text(html):
    """What a person reads: no style sheets, no tags."""
    html = re.sub(r"<style>.*?</style>", "", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def necro(id, pile, immediate=0, black=0, purple=0, quest=None):
    c = {"id": id, "name": id.title(), "pile": pile, "immediate_lp": immediate, "black": black, "purple": purple}
    if quest:
        c["quest"] = quest
    return c


# one card per pile; card 2 pays 2 LP per Netherworld card of printed strength 3 or more
PACK = load_pack({"format": "papertales-pack/1", "id": "test-solo-app", "necropolis": [
    necro("one", "1", 0, 1, 1), necro("two", "2", 1, 2, 3, {"requirement": {"strength_at_least": 3}, "lp": 2}),
    necro("three", "3", 0, 4, 5), necro("four", "4", 0, 5, 5), necro("end", "E", 6, 6, 6)]})


def solo_position(turn, phase, time, revealed, player_lp=0, lich_lp=0, units=()):
    g = Game.new(players=1, seed=0, names=["You"], cards=card_set(PACK))
    g.turn, g.phase, g.stage = turn, phase, "start"
    g.lich.time, g.lich.revealed = time, revealed
    g.players[0].lp, g.lich.lp = player_lp, lich_lp
    for spot, card in units:
        g.players[0].units[spot] = Unit(g.cards.unit(card))
    return g


def app_with(game):
    app = App(players=3, seed=7, humans=[0])
    app.session.load_game(game, humans=[0])
    return app


def play_to_the_end(stepper, limit=300):
    for _ in range(limit):
        if stepper.game.is_over:
            return stepper.game
        p = stepper.decision_panel(0)
        if p is None:
            stepper.to_end.click()
        elif p.kind == "deploy":
            [b for b in p.buttons if b.description == "Done"][0].click()
        else:
            p.buttons[0].click()
    raise AssertionError("the game did not end")


# ------------------------------------------------------------------ session and stepper

def test_session_new_game_takes_cards_and_lich_king_cards():
    s = Session(players=1, seed=3, humans=[0], cards=card_set(PACK))
    g = s.game
    assert g.n == 1 and [c.id for c in g.lich.line] == ["one", "two", "three", "four", "end"]
    assert s.solo and s.waiting_humans() == [0] and g.decision(0).kind == "draft"
    assert "New solo game against the Lich King: seed 3, 0 Lich King cards." == s.message
    s.new_game(players=1, seed=4, humans=[0], lich_king_cards=2)      # default: the illustrative pack
    assert len(s.game.lich.cards) == 2 and s.game.cards.packs[-1]["illustrative"]
    with pytest.raises(PaperTalesError, match="missing pile"):
        s.new_game(players=1, seed=4, humans=[0], cards=BASE)
    s.new_game(players=3, seed=4, humans=[0])
    assert not s.solo and s.game.lich is None


def test_stepper_offers_the_solo_mode_with_its_difficulty_and_cards():
    st = GameStepper(players=3, seed=7, humans=[0])
    assert st.players.options[0] == ("1 (solo vs the Lich King)", 1)
    assert st.lich_count.layout.display == "none" and st.card_source.layout.display == "none"
    st.players.value = 1
    assert [d.layout.display for d in st.seats] == [None, "none", "none", "none", "none"]
    assert st.lich_count.layout.display is None and st.card_source.layout.display is None
    st.lich_count.value = 2
    st.seed.value = 12
    st.new_button.click()
    g = st.game
    assert not st.messages.errors
    assert g.n == 1 and g.seed == 12 and len(g.lich.cards) == 2 and st.solo
    # the illustrative cards are in use: the stepper says so
    assert 'data-illustrative="1"' in st.banner.value and "NOT the printed" in text(st.banner.value)
    assert "feeds on what you leave" in text(st.explain.value)            # the solo Recruitment text
    status = text(st.status.value)
    assert "You 0 LP against the Lich King 0 LP" in status
    assert "1st pick: 5 cards drawn" in status
    panel = st.decision_panel(0)
    assert panel.kind == "draft" and len(g.players[0].pack) == 5
    panel.buttons[0].click()
    assert len(st.game.lich.netherworld) == 4 and "2nd pick: 4 cards drawn" in text(st.status.value)
    # back to a 3-player game: no banner, the base texts
    st.players.value = 3
    st.new_button.click()
    assert st.game.lich is None and st.banner.layout.display == "none"
    assert "Everybody gets a pack" in text(st.explain.value)


def test_solo_wars_worked_out_by_hand_in_the_app():
    # turn 2: card "two" under the Time pawn (Black 2, Purple 3), card "three" (Black 4,
    # Purple 5) is revealed by the Wars. Forest Spirit 3 + Golem 3 = strength 6.
    g = solo_position(2, "wars", time=1, revealed=2, units=[(0, "forest_spirit"), (1, "golem")])
    app = app_with(g)
    st = app.stepper
    assert app.shown("lich") == ("Lich King", app.lich)
    assert "your kingdom against two armies" in text(st.explain.value).lower()
    # the forecast before the reveal: card 3 is face down (its pile has one card: 4 / 5)
    assert app.lich.armies.hidden == {"pile": "3", "count": 1, "black": (4, 4), "purple": (5, 5)}
    st.next_phase.click()
    g = app.game
    assert not st.messages.errors and (g.phase, g.turn) == ("income", 2)
    # Black 2 + 4 = 6 ties your 6: both win; Purple 3 + 5 = 8 beats you
    assert [(e.params["opponent"], e.params["strength"], e.params["against"]) for e in g.events
            if e.kind == "war"] == [(BLACK_ARMY, 6, 6), (PURPLE_ARMY, 6, 8)]
    assert [r for r in g.results if isinstance(r, SoloWarsResult)] == [
        SoloWarsResult(2, 6, 6, 8, (True, False), (True, True), 3, 2)]
    assert g.players[0].lp == 3                      # one war won: 3 LP
    assert g.lich.lp == 2                            # two armies won (a tie counts): 2 x 1 LP
    assert "data-player-lp='3'" in st.status.value and "data-lich-lp='2'" in st.status.value
    # the Lich King panel draws the engine's record of the Wars
    a = app.lich.armies
    assert a.resolved and a.strength == 6 and (a.black_total, a.purple_total) == (6, 8)
    assert [p.value for p in a.black] == [2, 4] and [p.value for p in a.purple] == [3, 5]
    assert "data-you-lp='3'" in app.lich.armies_html.value and "data-lich-lp='2'" in app.lich.armies_html.value
    # the Why? panel names the Lich King and his cause
    app.select("why")
    why = app.why
    assert why.player.options[-1] == ("Lich King", LICH)
    summary = why.summary.value
    assert "<tr data-seat='-2' data-kind='lp'><td>Lich King</td>" in summary and "Armies +2" in summary
    assert "<tr data-seat='0' data-kind='lp'><td>You</td>" in summary and "Wars +3" in summary
    assert summary.index("data-seat='0'") < summary.index("data-seat='-2'")    # you first
    why.player.value = LICH
    rows = why.table.value.split("<tr")[2:]
    assert rows and all('data-seat="-2"' in r and "<td>Lich King</td>" in r for r in rows)
    why.money_only.value = False                   # the reveal of card 3 is his event too
    assert "Necropolis card 3 is revealed" in why.table.value


def test_the_panel_draws_the_engines_recruitment_record():
    # a position set up by hand: the panel draws the record of the Recruitment of turn 2
    # as it is (nothing recomputed: the record's LP are shown even where the rules differ)
    g = solo_position(2, "deployment", time=1, revealed=2)
    nether = ("knight", "veteran", "treefolk", "miner", "farmer", "cook", "dragon")
    g.results.append(SoloRecruitmentResult(2, "two", 1, nether, (Quest("two", 2, ("knight", "veteran", "treefolk"), 6),),
                                           (), 7))
    panel = LichKingPanel(g)
    assert not panel.messages.errors
    assert panel.gains_turn.options == (("turn 2", 2),)
    # immediate gain of card 2: 1; its quest: Knight 4, Veteran 3, Treefolk 3 -> 3 x 2 = 6
    assert panel.gains.total == 7
    html = panel.gains_html.value
    assert "data-quest='two' data-lp='6'" in html and "data-quest='one' data-lp='0'" in html
    assert html.count("<td class='pt-hit'>+2</td>") == 3 and html.count("data-nether=") == 7
    assert "data-total='7'" in html
    # a record is drawn, not checked: another total is shown as it is
    g.results[-1] = SoloRecruitmentResult(2, "two", 1, nether, (), (), 99)
    panel.show(g)
    assert "data-total='99'" in panel.gains_html.value


def test_a_tie_at_the_end_goes_to_the_lich_king():
    # turn 4, End: you have 10 LP and nothing that scores; he has 4 and the E card gives 6
    app = app_with(solo_position(4, "end", time=3, revealed=5, player_lp=10, lich_lp=4))
    st = app.stepper
    assert "a tie is his victory" in text(st.explain.value)
    st.next_phase.click()
    g = app.game
    assert g.is_over and (g.players[0].lp, g.lich.lp) == (10, 10) and g.winners() == []
    final = st.final.value
    assert "Winner: Lich King — a tie, and the Lich King wins ties" in text(final)
    assert "data-winner='lich'" in final
    # the scores table includes him, first on the tie, with the crown
    assert '<td class="pt-final-lp" data-seat="-2">10</td>' in final
    assert '<td class="pt-final-lp" data-seat="0">10</td>' in final
    assert final.index('data-seat="-2"') < final.index('data-seat="0"')
    assert "Lich King ★" in text(final)
    assert "Game over. Winner: <b>Lich King</b>" in g._repr_html_()    # the engine's own picture too


def test_one_more_lp_beats_the_lich_king():
    app = app_with(solo_position(4, "end", time=3, revealed=5, player_lp=11, lich_lp=4))
    app.stepper.next_phase.click()
    final = app.stepper.final.value
    assert "Winner: You" in text(final) and "data-winner='you'" in final and "tie" not in text(final)
    assert final.index('data-seat="0"') < final.index('data-seat="-2"')
    assert "You ★" in text(final)


# ------------------------------------------------------------------ the App

@pytest.mark.slow
def test_app_switches_between_the_war_graph_and_the_lich_king_panel():
    app = App(players=3, seed=7, humans=[0])
    assert app.shown("wars") == ("War graph", app.wars)
    app.stepper.players.value = 1
    app.stepper.new_button.click()
    assert app.solo and app.shown("lich") == ("Lich King", app.lich)
    assert app.current_tab == "lich" and app.lich.game is app.game and not app.lich.messages.errors
    assert "Solo (1 player against the Lich King)" in text(app.rules.value)
    app.select("what-if")                                # one kingdom: an empty table to build
    assert app.whatif_load.disabled and not app.whatif.messages.errors
    app.stepper.players.value = 4
    app.stepper.new_button.click()
    assert not app.solo and app.shown("wars") == ("War graph", app.wars)
    assert not app.whatif_load.disabled
    app.select("war")
    assert app.wars.graph.number_of_nodes() == 4 and not app.wars.messages.errors


def test_a_whole_solo_game_in_the_app_shows_the_engine_scores():
    app = App(players=1, seed=9, humans=[0], lich_king_cards=1)
    assert app.current_tab == "lich" and app.shown("lich")[0] == "Lich King"
    st = app.stepper
    g = play_to_the_end(st)
    lk = g.lich
    assert not st.messages.errors and not app.lich.messages.errors
    final = st.final.value
    assert f'<td class="pt-final-lp" data-seat="0">{g.players[0].lp}</td>' in final
    assert f'<td class="pt-final-lp" data-seat="-2">{lk.lp}</td>' in final
    winner = "You" if g.players[0].lp > lk.lp else "Lich King"
    assert f">{winner}</span>" in final
    # the record of the game replays to the same scores
    loaded = loads(st.record.value)
    again = Game.replay(loaded.history, cards=loaded.cards, **loaded.options)
    again.advance()
    assert (again.scores, again.lich.lp) == (g.scores, lk.lp)
    # the score race runs both; the Why? panel adds his LP up to his score
    app.select("score")
    assert [tr.name for tr in app.race.fig.data] == ["You", "Lich King"]
    assert [tr.y[-1] for tr in app.race.fig.data] == [g.players[0].lp, lk.lp]
    app.select("why")
    app.why.scope.value = "game"
    app.why.player.value = LICH
    m = re.search(r"<tr data-seat='-2' data-kind='lp'><td>Lich King</td><td class='pt-\w+'>\+?(-?\d+) LP",
                  app.why.summary.value)
    assert m and int(m.group(1)) == lk.lp


def test_solo_game_is_the_stepper_set_to_one_player():
    play = SoloGame(seed=4, lich_king_cards=1)
    assert isinstance(play.stepper, GameStepper) and isinstance(play.lich, LichKingPanel)
    assert play.new_button is play.stepper.new_button and play.messages is play.stepper.messages
    assert play.stepper.players.layout.display == "none"
    assert all(d.layout.display == "none" for d in play.stepper.seats)
    assert play.new_button.description == "New solo game"


@pytest.mark.parametrize("players", [3, 1])
def test_every_tab_is_found_by_its_name_and_shows_its_declared_panel(players):
    """The tabs are declared once (papertales_widgets.app.APP_TABS): selecting one by name
    opens the tab whose title and panel the declaration gives, and only its lazy panel draws."""
    from papertales_widgets.app import app_tabs
    app = App(players=players, seed=3, humans=[0], lang="en")
    tabs = app_tabs(players == 1)
    assert [tab.name for tab in tabs] == (["why", "lich"] if players == 1 else ["why", "wars"]) + \
        ["score", "whatif", "rules", "review", "legacy"]
    for i, tab in enumerate(tabs):
        app.select(tab.name)
        assert app.current_tab == tab.name
        assert app.tabs.children[i] is tab.panel(app)
        title, panel = app.shown(tab.name)
        assert title == t(tab.title, "en")
        assert panel is (tab.panel(app).children[0] if tab.lazy else tab.panel(app))
        assert [name for name, panel in app.panels().items() if panel.active] == ([tab.name] if tab.lazy else [])
    with pytest.raises(ValueError):
        app.shown("wars" if players == 1 else "lich")


@pytest.mark.parametrize("players", [3, 1])
def test_a_tab_nobody_opened_sends_no_widgets(players):
    """A new page makes the panel of the tab it shows and the Lich King's (a solo game's
    start shows it at once), no other: every widget made is one more model the browser
    receives and builds (docs/publishing.md)."""
    app = App(players=players, seed=3, humans=[0], lang="en")
    shown = "lich" if players == 1 else "why"       # a solo game opens on the Lich King's tab
    assert app.current_tab == shown
    made = ["lich", shown] if players == 3 else ["lich"]      # the Lich King's: a solo game starts at once
    assert list(app.panels()) == made
    assert sorted(name for name in ("why", "wars", "lich", "score", "review") if app.slot(name).children) == sorted(made)
    assert app.lich.active == (players == 1)
    app.select("score")
    assert app.slot("score").children == (app.race,) and app.race.active
