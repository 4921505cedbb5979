"""Kingdom view, event log, war graph and score race: what the panels show."""

import subprocess
import sys

import pytest

from papertales import totals
from papertales.events import cause_label
from papertales.whatif import evaluate
from papertales.bots import random_game
from papertales_widgets import EventLog, KingdomView, ScoreRace, Session, WarGraph, lp_series, war_graph
from papertales_widgets.eventlog import select_events
from papertales_widgets.wargraph import _layout

from widget_helpers import position_game


# ------------------------------------------------------------------ render / kingdom view

def test_the_engine_package_renders_html_without_any_ui_package():
    code = ("import sys, papertales\n"
            "from papertales.bots import random_game\n"
            "html = random_game(players=3, seed=2)._repr_html_()\n"
            "assert 'pt-kingdom' in html\n"
            "bad = [m for m in ('ipywidgets', 'plotly', 'networkx', 'numpy', 'papertales_widgets') if m in sys.modules]\n"
            "assert not bad, bad\n")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_kingdom_view_draws_cards_with_current_strength_age_and_buildings():
    g = position_game("wars", {"name": "Marie", "gold": 4, "lp": 7,
                               "front": ["cerberus", {"card": "militiaman", "age": 2}],
                               "back": ["farmer"], "buildings": {"town": 2}},
                      {"name": "Fred", "front": ["knight"]})
    html = KingdomView(g).html.value
    assert "Marie" in html and "Fred" in html
    assert 'data-lp="7"' in html and 'data-gold="4"' in html
    assert 'data-card="cerberus" data-age="0" data-strength="3"' in html      # 3 with food, printed 2
    assert 'data-card="militiaman" data-age="2" data-strength="4"' in html
    assert "printed 2" in html
    assert 'data-card="farmer" data-age="0" data-strength="1"' in html      # drawn, does not fight
    assert 'data-strength="7"' in html                                       # kingdom: 3 + 4
    assert 'data-building="town" data-level="2"' in html
    assert "2 age tokens" in html
    assert "F3<br>empty" in html                                             # level 2 opens F3


def test_kingdom_view_follows_a_session_and_hides_face_down_units():
    s = Session(players=3, seed=7, humans=[0])
    view = KingdomView(session=s)
    while s.game.phase == "recruitment":
        s.act(0, s.game.legal_actions(0)[0])
    assert s.game.phase == "deployment" and s.game.stage == "place"
    html = view.html.value
    assert any(u is not None for u in s.game.players[1].units)   # the bots placed cards ...
    assert "face down" in html and "strength ?" in html            # ... that you cannot see yet
    assert "<b>Hand:</b>" in html
    s.act(0, "done")
    assert "face down" not in view.html.value


# ------------------------------------------------------------------ event log

def test_event_log_shows_the_last_phase_with_causes_and_filters_by_player():
    s = Session(players=3, seed=4, humans=[])
    log = EventLog(session=s)
    s.advance("phase")                     # recruitment
    s.advance("phase")                     # deployment
    s.advance("phase")                     # wars
    g = s.game
    title, evs = select_events(g.events, None, "phase", True)
    assert title == "turn 1, Wars" and evs
    assert "Why? — turn 1, Wars" in log.summary.value
    for e in evs:
        assert e.kind in ("lp", "gold")
        assert f"<td>{cause_label(e.cause, 'en', g.cards)}</td>" in log.table.value
    log.player.value = 2
    assert all('data-seat="2"' in row for row in log.table.value.split("<tr")[2:])
    wars_lp = totals(g.events, 2, "lp", phase="wars", turn=1)
    if wars_lp:
        cause, amount = next(iter(wars_lp.items()))
        assert f"{cause_label(cause, 'en', g.cards)} +{amount}" in log.summary.value
    log.money_only.value = False
    log.scope.value = "game"
    assert "draft" in log.table.value


# ------------------------------------------------------------------ war graph

def test_war_graph_three_players_arrows_and_hover():
    g = position_game("wars", {"name": "A", "front": ["knight", "archer"]},      # 6
                      {"name": "B", "front": ["knight"]},                         # 4
                      {"name": "C", "front": ["knight", "farmer"]})               # 5
    G = war_graph(g)
    assert [G.nodes[s]["strength"] for s in range(3)] == [6, 4, 5]
    assert set(G.edges) == {(0, 1), (0, 2), (2, 1)}
    assert all(G.edges[e]["lp"] == 3 and G.edges[e]["wars"] == 1 for e in G.edges)
    panel = WarGraph(g)
    hover = panel.fig.data[1].hovertext[0]
    assert "Knight: 4" in hover and "Archer: 2" in hover
    assert [a.text for a in panel.fig.layout.annotations if a.text].count("<b>+3 LP</b>") == 3
    assert "Beats" in panel.table.value


@pytest.mark.parametrize("n", range(3, 8))
def test_war_graph_layout_is_networkx_circular_layout_without_numpy(n):
    """The plain-Python layout (the static site has no numpy) places the players where
    networkx's circular_layout does, x and y swapped: seat 0 at the top, clockwise."""
    import networkx as nx
    G = nx.DiGraph()
    G.add_nodes_from(reversed(range(n)))          # the layout follows the seats, not the insertion order
    ours = _layout(G)
    theirs = nx.circular_layout(sorted(G.nodes))
    assert sorted(ours) == list(range(n))
    for seat in range(n):
        assert ours[seat] == pytest.approx((float(theirs[seat][1]), float(theirs[seat][0])), abs=1e-6)
    assert ours[0] == pytest.approx((0.0, 1.0))                    # seat 0 at the top
    assert ours[1][0] > 0                                          # seat 1 to its right: clockwise


def test_the_app_and_its_charts_need_no_numpy():
    """The static site (Pyodide, offline) has no numpy: building the app imports none, and
    with numpy unimportable the war graph and the score race still draw."""
    built = ("import sys\nfrom papertales_widgets import App\n"
             "app = App(players=3, seed=7, humans=[0], lang='en')\n"
             "app.warm_up and app.warm_up.cancel()\n"
             "assert 'numpy' not in sys.modules, [m for m in sys.modules if m.startswith('numpy')][:3]\n")
    subprocess.run([sys.executable, "-c", built], check=True)
    blocked = ("import sys\nsys.modules['numpy'] = None\n"
               "from papertales_widgets import App, ScoreRace, Session, WarGraph\n"
               "s = Session(players=3, seed=7, humans=[0])\n"
               "w, r = WarGraph(session=s), ScoreRace(session=s)\n"
               "assert len(w.fig.data) >= 2 and r.fig.data, (w.fig.data, r.fig.data)\n"
               "print(sorted(round(x, 3) for x in w.fig.data[1].x))\n")
    out = subprocess.run([sys.executable, "-c", blocked], check=True, capture_output=True, text=True).stdout
    assert out.strip() == "[-0.866, -0.0, 0.866]"


def test_war_graph_reads_opponents_and_strengths_from_the_war_events_data():
    # three players with the same name: only the events' data can tell them apart
    g = position_game("wars", {"name": "Sam", "front": ["knight", "archer"]},    # 6
                      {"name": "Sam", "front": ["knight"]},                       # 4
                      {"name": "Sam", "front": ["knight", "farmer"]})             # 5
    wars = [e for e in evaluate(g, phases=("wars",))["wars"]["events"] if e["kind"] == "war"]
    assert [(e["seat"], e["data"]) for e in wars] == [
        (0, [2, 6, 5]), (0, [1, 6, 4]), (1, [0, 4, 6]), (1, [2, 4, 5]), (2, [1, 5, 4]), (2, [0, 5, 6])]
    G = war_graph(g)
    assert set(G.edges) == {(0, 1), (0, 2), (2, 1)}
    assert [G.nodes[s]["strength"] for s in range(3)] == [6, 4, 5]


def test_war_graph_while_a_decision_is_pending_uses_the_game_itself():
    g = position_game("construction", {"name": "A", "gold": 5, "front": ["knight"]},
                      {"name": "B", "gold": 5, "front": ["archer"]})
    g.advance()
    assert g.pending_players() == [0, 1]
    G = war_graph(g)
    assert list(G.edges) == [(0, 1)] and G.edges[0, 1]["wars"] == 2    # 4 >= 2 x 2


def test_kingdom_view_strengths_come_from_the_engine_rows():
    g = position_game("wars", {"name": "A", "front": ["knight"], "back": ["archer", "farmer"]},
                      {"name": "B"})
    rows = {r["spot"]: r for r in g.unit_strengths(0)}
    html = KingdomView(g).html.value
    for spot, card in ((0, "knight"), (2, "archer"), (3, "farmer")):
        assert f'data-card="{card}" data-age="0" data-strength="{rows[spot]["strength"]}"' in html
    assert rows[2]["fights"] and not rows[3]["fights"]
    assert "B1: printed 2, fights from the Back" in html               # the Archer's tooltip
    assert "B2: in the Back, does not fight" in html
    assert 'data-strength="6"' in html                                # kingdom: Knight 4 + Archer 2


def test_war_graph_tie_gives_two_arrows():
    g = position_game("wars", {"name": "A", "front": ["knight"]}, {"name": "B", "front": ["knight"]},
                      {"name": "C", "front": ["farmer"]})
    G = war_graph(g)
    assert G.has_edge(0, 1) and G.has_edge(1, 0)


def test_war_graph_two_players_double_win_is_visible():
    g = position_game("wars", {"name": "Big", "front": ["knight", "knight"]},      # 8
                      {"name": "Small", "front": ["knight"]})                      # 4
    G = war_graph(g)
    assert list(G.edges) == [(0, 1)]
    assert G.edges[0, 1]["wars"] == 2 and G.edges[0, 1]["lp"] == 6
    panel = WarGraph(g)
    texts = [a.text for a in panel.fig.layout.annotations]
    assert "<b>2 wars, +6 LP</b>" in texts
    assert any("twice" in (t or "") for t in texts)


def test_war_graph_of_a_session_resolved_or_preview():
    s = Session(players=4, seed=6, humans=[])
    panel = WarGraph(session=s)
    assert "Preview" in panel.fig.layout.title.text
    s.advance("phase")
    s.advance("phase")                      # deployment done: decisions pending? no, bots
    s.advance("phase")                      # wars resolved
    assert panel.fig.layout.title.text == "Wars of turn 1 (resolved)"
    G = panel.graph
    lp = {e.seat: 0 for e in s.game.events}
    for e in s.game.events:
        if e.kind == "lp" and e.phase == "wars" and e.turn == 1:
            lp[e.seat] += e.amount
    for seat in range(4):
        assert G.nodes[seat]["war_lp"] + G.nodes[seat]["other_lp"] == lp.get(seat, 0)
    assert [o[1] for o in panel.which.options][-1] == 1


def test_war_graph_preview_works_while_decisions_are_pending():
    s = Session(players=3, seed=7, humans=[0])
    panel = WarGraph(session=s)
    assert s.game.pending_players() == [0]
    assert panel.graph.number_of_nodes() == 3 and not panel.messages.errors


def test_lazy_panels_draw_only_when_shown():
    s = Session(players=3, seed=7, humans=[])
    panel = WarGraph(session=s, lazy=True)
    assert panel.fig is None
    s.advance("phase")
    assert panel.fig is None
    panel.set_active(True)
    assert panel.fig is not None


# ------------------------------------------------------------------ score race

def test_score_race_ends_at_the_final_scores_with_causes():
    g = random_game(players=3, seed=9)
    labels, values, hovers = lp_series(g)
    assert labels[0] == "start" and labels[-1] == "T4 End" and len(labels) == 26
    assert [values[s][-1] for s in range(3)] == g.scores
    wars_t1 = labels.index("T1 War")
    for s in range(3):
        gained = values[s][wars_t1] - values[s][wars_t1 - 1]
        if gained:
            assert "Wars" in hovers[s][wars_t1]
    race = ScoreRace(g)
    assert list(race.fig.data[0].y) == values[0]
    assert race.fig.data[1].hovertext[-1] == hovers[1][-1]


def test_score_race_follows_a_session():
    s = Session(players=2, seed=3, humans=[])
    race = ScoreRace(session=s)
    s.advance("turn")
    assert list(race.fig.data[0].x)[-1] == "T2 Rec"
    assert race.fig.data[1].y[-1] == s.game.scores[1]
