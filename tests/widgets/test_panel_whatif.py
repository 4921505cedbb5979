"""The What-if editor and the one-page app, driven from Python."""

import base64
import datetime
import json

from papertales.position import game_from_position
from papertales.whatif import evaluate
from papertales_widgets import LESSONS, App, WhatIfEditor, lesson_editor, lesson_position


def strength(editor, seat=0):
    return editor.evaluation["players"][seat]["strength"]["total"]


def test_editor_updates_live_when_a_card_changes():
    ed = lesson_editor("cerberus")
    assert strength(ed) == 7
    assert ed.evaluation["wars"]["lp_after"] == [9, 9, 9]       # ties: everybody wins both wars
    ed.editors[0].cards["B1"].value = ""                        # remove the Farmer
    assert strength(ed) == 6
    assert ed.evaluation["wars"]["lp_after"][0] == 3             # both wars lost
    assert "data-strength='6'" in ed.results.value
    assert ed.wars.graph.nodes[0]["strength"] == 6
    ed.editors[0].ages["F2"].value = "1"
    ed.editors[0].cards["F2"].value = "militiaman"
    assert strength(ed) == 2 + 3


def test_editor_matches_the_engine_evaluation_for_every_lesson():
    for name in LESSONS:
        ed = lesson_editor(name)
        assert not ed.messages.errors, (name, ed.messages.errors)
        expected = evaluate(game_from_position(lesson_position(name)))
        assert ed.evaluation["players"] == expected["players"]
        assert ed.evaluation["wars"] == expected["wars"]


def test_level2_mine_scores_win_or_lose():
    ed = lesson_editor("mine")
    lp = [(e["seat"], e["cause"], e["amount"]) for e in ed.evaluation["wars"]["events"] if e["kind"] == "lp"]
    assert (0, "mine:2", 4) in lp
    assert not any(seat == 0 and cause == "rule.wars" for seat, cause, _ in lp)       # the war is lost
    ed.editors[0].buildings["mine"].value = 1
    lp = [(e["seat"], e["cause"]) for e in ed.evaluation["wars"]["events"] if e["kind"] == "lp"]
    assert (0, "mine:2") not in lp


def test_healer_choice_changes_the_aging_outcome():
    ed = lesson_editor("healer")
    choice = ed.healer_choices[0]
    labels = [label for label, _ in choice.options]
    assert labels == ["save nobody", "save Demon at F1", "save Knight at F2", "save Sculptor at B2"]
    after, _ = ed.aging
    assert after.players[0].lp == 10 - 3 + 3                    # Demon -3, Sculptor +3
    choice.value = 0                                            # save the Demon
    after, events = ed.aging
    assert after.players[0].lp == 13
    assert after.players[0].units[0].type.id == "demon" and after.players[0].units[0].age == 2
    assert "spared" in ed.results.value
    choice.value = 3                                            # save the Sculptor
    assert ed.aging[0].players[0].lp == 7


def test_illegal_positions_are_refused_with_the_engine_message():
    ed = WhatIfEditor()
    for label in ("F1", "F2", "F3"):
        ed.editors[0].cards[label].value = "knight"
    assert "the 5th spot (F3) needs a level-2 building" in ed.editors[0].flags["F3"].value     # beside F3
    assert ed.editors[0].flags["F3"].layout.display is None
    assert "fields marked" in ed.messages.value
    assert ed.game is None
    ed.editors[0].buildings["town"].value = 2                   # a level-2 building opens F3
    assert ed.messages.layout.display == "none"
    assert ed.editors[0].flags["F3"].layout.display == "none"
    assert ed.game.players[0].units[4].type.id == "knight"
    ed.editors[1].cards["F1"].value = "knight"                  # a 4th Knight: only 3 exist
    assert "more copies than the game has" in ed.messages.value


def test_save_and_load_the_position_as_json(tmp_path):
    ed = lesson_editor("healer")
    text = ed.save_text()
    data = json.loads(text)
    assert data["format"] == "papertales-position/1"
    assert data["players"][0]["front"][0] == {"card": "demon", "age": 1}
    other = WhatIfEditor()
    other.json.value = text
    other.load_text()
    assert other.position() == ed.position()
    # files go through the browser: a download link (data URL), an upload read as bytes
    link = ed.save_file()
    assert 'download="position.json"' in link and "href=\"data:application/json;base64," in link
    payload = base64.b64decode(link.split("base64,", 1)[1].split('"', 1)[0])
    assert not hasattr(ed, "path")                              # no server path anywhere
    third = WhatIfEditor()
    third.upload.value = ({"name": "pos.json", "type": "application/json", "size": len(payload),
                           "content": memoryview(payload), "last_modified": datetime.datetime(2024, 1, 1)},)
    assert third.position() == ed.position()
    third.json.value = '{"players": "nope"}'
    third.load_text()
    # refused beside the buttons, the results labelled as still the form's
    assert "'players' must list 2 to 5 players" in third.io_messages.last_error
    assert third.io_messages.layout.display is None and not third.messages.errors
    assert third.stale == "app.wi.stale_refused" and "was refused" in third.stale_note.value
    assert "pt-stale" in third.results._dom_classes
    assert third.position() == ed.position()                    # unchanged
    third.load_file(b"\xff\xfe not text")
    assert "not a text" in third.io_messages.value
    assert third.position() == ed.position()
    third.json.value = text
    third.load_text()                                           # a good one: the label goes
    assert third.stale is None and "pt-stale" not in third.results._dom_classes
    assert third.io_messages.layout.display == "none"


def test_a_refused_edit_greys_the_last_valid_results():
    ed = lesson_editor("healer")
    ed.editors[0].cards["F1"].value = "knight"
    ed.editors[0].cards["F2"].value = "knight"
    ed.editors[1].cards["F1"].value = "knight"
    good = ed.results.value                                     # three Knights: a valid position
    ed.editors[1].cards["F2"].value = "knight"                 # a 4th Knight: refused
    assert "more copies than the game has" in ed.messages.value
    assert "greyed" in ed.stale_note.value and ed.stale_note.layout.display is None
    assert "pt-stale" in ed.results._dom_classes and "pt-stale" in ed.board._dom_classes
    assert ed.results.value == good                             # the last valid results, still shown, greyed
    ed.editors[1].cards["F2"].value = ""
    assert "pt-stale" not in ed.results._dom_classes
    assert ed.stale_note.layout.display == "none"


def test_players_count_changes_the_tabs():
    ed = WhatIfEditor()
    ed.players.value = 4
    assert len(ed.tabs.children) == 4
    assert len(ed.evaluation["players"]) == 4
    ed.editors[2].name.value = "Cid"
    assert ed.tabs.get_title(2) == "Cid"


def test_app_page_plays_and_opens_the_tabs_lazily():
    app = App(players=3, seed=7, humans=[0])
    assert app.wars.fig is None and app.race.fig is None and app.whatif is None
    app.stepper.decision_panel(0).buttons[0].click()
    assert "Hand:" in app.kingdoms.html.value
    app.select("War")
    assert app.wars.fig is not None
    app.select("Score")
    assert app.race.fig is not None
    app.select("What-if")
    assert app.whatif is not None
    assert app.whatif.position()["players"][0]["name"] == "You"
    app.select(0)
    app.stepper.decision_panel(0).buttons[0].click()
    assert not app.messages.errors and not app.stepper.messages.errors


def test_the_preview_is_the_form_a_unit_stays_in_the_spot_chosen():
    """Kraken chosen for F3 with F2 empty: refused beside F3 without a level-2 building
    (never moved to another spot), and with one it stands in F3 in the preview."""
    ed = WhatIfEditor()
    ed.editors[0].cards["F3"].value = "kraken"
    assert ed.game is None and ed.stale == "app.wi.stale"
    assert "F3" in ed.editors[0].flags["F3"].value and ed.tabs.get_title(0).endswith("⚠")
    ed.editors[0].buildings["mine"].value = 2
    units = ed.game.players[0].units
    assert units[4].type.id == "kraken" and units[0] is None and units[1] is None
    ed.editors[0].cards["B2"].value = "farmer"                  # B1 empty: the Farmer stays in B2
    assert ed.game.players[0].units[3].type.id == "farmer" and ed.game.players[0].units[2] is None
    assert ed.tabs.get_title(0) == "Player 1"
    saved = json.loads(ed.save_text())["players"][0]
    assert saved["units"] == {"F3": "kraken", "B2": "farmer"}
    other = WhatIfEditor(json.loads(ed.save_text()))
    assert other.editors[0].cards["F3"].value == "kraken" and other.editors[0].cards["B2"].value == "farmer"
    assert other.editors[0].cards["F1"].value == other.editors[0].cards["B1"].value == ""


def test_whole_number_boxes_refuse_anything_else_beside_the_box():
    ed = lesson_editor("cerberus")
    good = ed.evaluation
    for typed in ("2.5", "-1", "abc", "", "21"):
        ed.editors[0].ages["F1"].value = typed
        assert ed.game is None and ed.evaluation is None, typed
        assert "a whole number from 0 to 20" in ed.editors[0].flags["F1"].value, typed
        assert "pt-stale" in ed.results._dom_classes
    ed.editors[0].ages["F1"].value = " 1 "
    assert ed.game.players[0].units[0].age == 1 and ed.editors[0].flags["F1"].layout.display == "none"
    ed.editors[0].gold.value = "3.0"
    assert "a whole number from 0 to 999" in ed.editors[0].flags["top"].value
    ed.editors[0].gold.value = "3"
    ed.editors[0].ages["F1"].value = "0"
    assert ed.evaluation["players"] == good["players"]


def test_a_refusal_about_choices_is_shown_beside_that_players_row():
    ed = lesson_editor("healer")
    ed.extras.choices[0].value = "mystical_healer"                # no "=": refused
    assert "CARD=CHOICE" in ed.extras.flags[0].value and ed.game is None
    ed.extras.choices[0].value = "mystical_healer=Z9"
    assert ed.extras.flags[0].layout.display is None and ed.game is None
    ed.extras.choices[0].value = ""
    assert ed.extras.flags[0].layout.display == "none" and ed.game is not None


# ------------------------------------------------------------------ "What if I play this?"

def _app_at(phase, *players, turn=2):
    from widget_helpers import position_game
    app = App(players=2, seed=1, humans=[0])
    app.session.load_game(position_game(phase, *players, turn=turn), humans=[0])
    if not app.session.waiting_humans():
        app.stepper.advance("decision")
    return app


def test_what_if_i_play_this_opens_the_editor_with_the_placement_made_and_no_secret():
    app = App(players=3, seed=7, humans=[0])
    st = app.stepper
    while st.decision_panel(0).kind != "deploy":
        assert st.decision_panel(0).whatif is None            # a draft has no preview there
        st.decision_panel(0).buttons[0].click()
    g = app.session.game
    hidden = {u.type.id for p in g.players[1:] for u in p.units if u is not None and u.new}
    hidden |= {c.id for p in g.players[1:] for c in p.hand}
    assert hidden, "the bots have placed units face down"
    panel = st.decision_panel(0)
    place = next(a for a in g.legal_actions(0) if a.kind == "place")
    panel.whatif_choice.value = place
    panel.whatif_button.click()
    ed = app.whatif
    assert app.current_tab == "whatif" and not ed.messages.errors and not app.messages.errors
    pos = ed.position()
    assert pos["phase"] == "deployment"
    assert pos["players"][0]["actions"] == [f"place {place.a} {['F1', 'F2', 'B1', 'B2', 'F3'][place.b]}"]
    for pd in pos["players"][1:]:
        assert not {"hand", "place", "actions", "kept"} & set(pd) and not pd["units"]
    shown = ed.board.value + ed.results.value + ed.extras.compare.value + ed.save_text()
    mine = {c.id for c in g.players[0].hand}
    for card in hidden - mine:
        assert f'data-card="{card}"' not in shown and card not in ed.save_text(), card
    assert g is app.session.game and g.players[0].units == app.session.game.players[0].units   # the game is untouched


def test_what_if_i_play_this_plays_only_the_chosen_placement():
    """"What if I play this?" with one placement of a Deployment: the editor stands right
    after that placement, and its form says so: the card in its spot (marked as placed in
    this Deployment), the rest of the hand still in hand, no "done".  Nothing more is played
    for you: what you may still place is compared beside "done", the default."""
    from papertales.render import SPOT_NAMES
    app = App(players=3, seed=7, humans=[0])
    st = app.stepper
    while st.decision_panel(0).kind != "deploy":
        st.decision_panel(0).buttons[0].click()
    g = app.session.game
    hand = [c.id for c in g.players[0].hand]
    place = next(a for a in g.legal_actions(0) if a.kind == "place")
    spot = SPOT_NAMES[place.b]
    panel = st.decision_panel(0)
    panel.whatif_choice.value = place
    panel.whatif_button.click()
    ed = app.whatif
    assert not ed.messages.errors and not app.messages.errors
    form = ed.editors[0]
    assert form.cards[spot].value == place.a and form.placed == {spot: place.a}
    assert form.notes[spot].layout.display is None and "placed in this Deployment" in form.notes[spot].value
    assert form.ages[spot].disabled and all(form.cards[s].value == "" for s in ("F1", "F2", "B1", "B2") if s != spot)
    rest = list(hand)
    rest.remove(place.a)
    assert sorted(ed.extras.hands[0].value.split(", ")) == sorted(rest) and ed.extras.actions[0].value == ""
    # the editor's game: right after the one placement, still placing
    mine = ed.game.players[0]
    assert ed.game.phase == "deployment" and ed.game.pending[0] is not None
    assert mine.units[place.b].type.id == place.a and mine.units[place.b].new
    assert sorted(c.id for c in mine.hand) == sorted(rest)
    # the rest of the Deployment is yours: compared side by side, "done" only the default
    groups = [d for d in ed.evaluation["deployment"]["decisions"] if d["seat"] == 0 and d["decision"] == "deploy"]
    assert len(groups) == 1
    options = {o["action"]: o["default"] for o in groups[0]["options"]}
    assert options.pop("done") is True and options and not any(options.values())
    assert all(a.startswith("place ") and f" {spot}" not in a for a in options)    # the chosen spot stays taken
    assert "each option side by side" in ed.extras.compare.value
    assert g is app.session.game and sorted(c.id for c in g.players[0].hand) == sorted(hand)   # the game untouched
    # the form is the position: another card in that spot is a unit in play, no placement
    other = next(v for _, v in form.cards[spot].options if v and v != place.a)
    form.cards[spot].value = other
    pd = ed.position()["players"][0]
    assert form.placed == {} and form.notes[spot].layout.display == "none"
    assert pd["units"] == {spot: other} and "actions" not in pd and sorted(pd["hand"]) == sorted(rest)


def test_what_if_i_build_this_and_what_if_my_healer_saves_this():
    app = _app_at("construction", {"name": "You", "gold": 9, "front": ["miner"]}, {"name": "Ada"})
    panel = app.stepper.decision_panel(0)
    assert panel.kind == "build"
    build = next(a for a in app.session.game.legal_actions(0) if a.kind == "build")
    panel.whatif_choice.value = build
    panel.whatif_button.click()
    ed = app.whatif
    assert ed.extras.phase.value == "construction" and ed.extras.choices[0].value == f"construction={build}"
    assert not ed.messages.errors and "After" in ed.extras.compare.value

    app = _app_at("aging", {"name": "You", "front": [{"card": "knight", "age": 1}], "back": ["mystical_healer"]},
                  {"name": "Ada"})
    panel = app.stepper.decision_panel(0)
    assert panel.kind == "save"
    save = next(a for a in app.session.game.legal_actions(0) if a.kind == "save")
    panel.whatif_choice.value = save
    panel.whatif_button.click()
    assert app.whatif.healer_choices[0].value == save.a
    assert "spared" in app.whatif.results.value


def test_no_what_if_button_in_a_solo_game_or_a_stepper_without_editor():
    from papertales_widgets import GameStepper
    app = App(players=1, seed=3, humans=[0])
    app.stepper.advance("phase")
    for panel in app.stepper.decisions.children:
        assert panel.whatif is None
    st = GameStepper(players=3, seed=7, humans=[0])
    assert st.decision_panel(0).whatif is None


def test_greyed_results_are_said_again_in_the_new_language():
    ed = lesson_editor("cerberus")
    ed.editors[0].ages["F1"].value = "2.5"
    assert ed.stale == "app.wi.stale" and "Wars preview" in ed.results.value
    ed.set_language("pl")
    assert ed.stale == "app.wi.stale" and "pt-stale" in ed.results._dom_classes
    assert "Wars preview" not in ed.results.value and "Podgląd Wojen" in ed.results.value
    assert "liczba całkowita" in ed.editors[0].flags["F1"].value and ed.evaluation is None
    assert not [e for e in ed.messages.errors if "liczba" in e]     # said beside the box, nothing crashed


def test_default_names_follow_the_language_and_typed_ones_stay():
    ed = WhatIfEditor()
    ed.editors[0].name.value = "You"                        # the app's name for its one human
    ed.editors[2].name.value = "Zosia"
    ed.set_language("pl")
    assert [e.name.value for e in ed.editors[:3]] == ["Ty", "Gracz 2", "Zosia"]
    ed.set_language("en")
    assert [e.name.value for e in ed.editors[:3]] == ["You", "Player 2", "Zosia"]
