"""The app as a game table a learner can trust: what the human may know, what just
happened, Aging seen, fast-forward visible and stoppable (issue 11)."""

from __future__ import annotations

from papertales.i18n import card_name
from papertales_widgets import App, EventLog, GameStepper, KingdomView, Session
from papertales_widgets.happened import happened
from papertales_widgets.wargraph import graph_for_session
from papertales.position import position_of


def to_deployment(session):
    """Seat 0 picks the first card until the Deployment asks for its units."""
    while session.game.decision(0).kind != "deploy":
        session.act(0, session.game.legal_actions(0)[0])
    return session.game


def hidden_units(game, seat=0):
    obs = game.observation(seat)
    return [(k.seat, u.spot, game.players[k.seat].units[u.spot].type.id)
            for k in obs.kingdoms for u in k.units if u.card is None]


def test_previews_and_panels_show_no_face_down_unit_of_the_bots():
    s = Session(players=3, seed=7, humans=[0])
    g = to_deployment(s)
    hidden = hidden_units(g)
    assert hidden, "the bots placed face down"
    # kingdoms: card backs, never the cards
    view = KingdomView(session=s)
    for seat, spot, cid in hidden:
        assert f'data-card="{cid}"' not in view.html.value.split(f'data-seat="{seat}"', 1)[1].split('data-seat=', 1)[0]
    # the war graph's preview counts revealed units only
    G, kind = graph_for_session(s, lang="en")
    assert kind == "preview" and G.graph["hidden"]
    names = {card_name(cid, "en") for _, _, cid in hidden}
    for seat, _, _ in hidden:
        assert not names & {row[0] for row in G.nodes[seat]["breakdown"]}
    # what-if loads what you may know
    pos = position_of(s.visible_game())
    for seat, spot, cid in hidden:
        cards = [c["card"] for c in pos["players"][seat]["front"] + pos["players"][seat]["back"] if c]
        assert cid not in cards or any(u.type.id == cid and not u.new for u in g.players[seat].units if u)
    # the Why? log hides the bots' draft picks
    log = EventLog(session=s)
    log.money_only.value = False
    log.scope.value = "game"
    assert 'data-kind="draft"' in log.table.value                     # your own picks
    assert "data-seat='1' data-kind='draft'" not in log.table.value.replace('"', "'")
    # Peek (teaching) shows everything, off by default
    assert not s.peek and not view.peek.value
    view.peek.value = True
    assert s.peek
    for seat, spot, cid in hidden:
        assert f'data-card="{cid}"' in view.html.value
    assert s.visible_game() is s.game


def test_a_spectator_sees_everything():
    s = Session(players=3, seed=7, humans=[])
    assert s.observer is None and s.visible_game() is s.game
    view = KingdomView(session=s)
    assert view.peek.layout.display == "none"


def test_stepping_stops_after_aging_and_the_deaths_are_shown():
    st = GameStepper(players=3, seed=7, humans=[])
    s = st.session
    while s.game.phase != "aging":
        s.advance("phase")
    s.advance("phase")
    g = s.game
    assert (g.turn, g.phase, g.stage) == (2, "recruitment", "start")    # not the next draft yet
    html = st.happened.value
    assert "What just happened" in html and "data-phase='aging'" in html
    assert "Veteran at F1 (1 age token) died" in html
    s.advance("phase")                                                  # now the draft opens
    assert g.phase == "deployment"                                      # the whole draft of the bots
    # "Next decision" from Aging stops after Aging too
    while not (s.game.phase == "aging" and s.game.turn == 2):
        s.advance("phase")
    s.advance("decision")
    assert (s.game.turn, s.game.phase, s.game.stage) == (3, "recruitment", "start")


def test_the_why_log_shows_deaths_by_default():
    s = Session(players=3, seed=7, humans=[])
    while not (s.game.turn == 2):
        s.advance("phase")
    log = EventLog(session=s)
    assert log.money_only.value
    assert "Aging" in log.summary.value and 'data-kind="death"' in log.table.value


def test_what_happened_lists_each_war_once_with_both_strengths():
    s = Session(players=3, seed=7, humans=[])
    while s.game.phase != "income":
        s.advance("phase")
    events, results = s.last_step()
    sections, cut = happened(s.game, events, results, "en")
    [(title, phase, lines)] = sections
    assert phase == "wars" and cut == 0
    wars = [text for cls, text in lines if cls == "pt-h-war"]
    assert len(wars) == 3                                    # three pairs of neighbours
    assert "Ada (bot) (5) against Bruno (bot) (4): Ada (bot) wins, +3 LP." in wars


def test_what_happened_is_shortened_with_a_note_and_scores_the_end():
    s = Session(players=3, seed=7, humans=[])
    s.advance("end")
    events, results = s.game.events, s.game.results
    sections, cut = happened(s.game, events, results, "en", limit=5)
    assert cut > 0 and sum(len(lines) for _, _, lines in sections) == 5
    full, _ = happened(s.game, events, results[-1:], "en")
    assert full[0][1] == "end" and any("at the end" in text for _, text in full[0][2])


def test_fast_forward_is_shown_and_stop_halts_it():
    st = GameStepper(players=3, seed=7, humans=[0])
    s = st.session
    assert st.ffwd.layout.display == "none"
    s.goal = ("end", 1, "recruitment")               # as after "Play to the end"
    st.refresh()
    assert st.ffwd.layout.display is None and "end of the game" in st.ffwd.text.value
    st.ffwd.stop_button.click()
    assert s.goal is None and st.ffwd.layout.display == "none"
    to_deployment(s)
    s.act(0, "done")
    assert s.game.phase == "wars"                    # only to the end of the Deployment


def test_changed_badges_are_highlighted_and_a_legend_explains_them():
    app = App(players=3, seed=7, humans=[])
    s = app.session
    while s.game.phase != "income":
        s.advance("phase")
    html = app.kingdoms.html.value
    assert "pt-chg" in html and "data-delta-lp" in html
    assert "Legend Points (the score)" in app.kingdoms.legend.value
    assert "n next decision" in app.kingdoms.legend.value
