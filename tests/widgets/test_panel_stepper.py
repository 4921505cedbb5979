"""The game stepper driven from Python: buttons clicked, values set, engine state checked."""

from papertales import Game, PHASES
from papertales.serialize import dumps, loads
from papertales_widgets import GameStepper

from widget_helpers import buttons, position_game, stepper_for


def current_phase(stepper):
    track = stepper.track.value
    return track.split('pt-phase pt-current" data-phase="', 1)[1].split('"', 1)[0]


def test_draft_pick_by_clicking_a_card(stepper):
    g = stepper.game
    panel = stepper.decision_panel(0)
    assert panel.kind == "draft"
    pack = [t.id for t in g.players[0].pack]
    button = panel.buttons[0]
    assert button.description.startswith("Keep ")
    button.click()
    g = stepper.game
    assert g.players[0].hand[0].id == pack[0]
    assert len(g.players[0].hand) == 1
    new_panel = stepper.decision_panel(0)
    assert new_panel is not panel and new_panel.kind == "draft"     # the next pack arrived
    assert len(new_panel.buttons) == len({t.id for t in g.players[0].pack})
    assert not stepper.messages.errors


def test_phase_track_highlights_the_current_phase_and_explains_it():
    st = GameStepper(players=3, seed=1, humans=[])
    for phase in PHASES[1:]:
        st.next_phase.click()
        assert st.game.phase == phase
        assert current_phase(st) == phase
        assert st.track.value.count('class="pt-phase pt-current"') == 1
    assert "Aging" in st.explain.value and "age token" in st.explain.value


def test_next_phase_is_refused_with_a_message_while_you_must_decide(stepper):
    before = dumps(stepper.game)
    stepper.next_phase.click()
    assert "waiting for a decision of You" in stepper.messages.value
    assert dumps(stepper.game) == before


def test_deploy_by_clicking_a_card_then_a_free_spot():
    g = position_game("deployment", {"name": "You", "gold": 1, "hand": ["knight", "dragon", "farmer", "knight"],
                                     "front": ["woodcutter"]}, {"name": "Ada"})
    st = stepper_for(g)
    st.next_decision.click()                       # start Deployment; Ada (bot) decides
    panel = st.decision_panel(0)
    assert panel.kind == "deploy"
    body = panel.deploy
    assert len(body.hand_buttons) == 4             # the two Knights are two cards
    # too expensive: the card cannot be chosen, and says why
    dragon = body.hand_buttons[1]
    assert dragon.disabled and "Dragon costs 3 gold" in dragon.tooltip
    # choose the Knight: only free spots are offered
    body.hand_buttons[0].click()
    assert 0 not in body.spot_buttons and set(body.spot_buttons) == {1, 2, 3}
    before = dumps(st.game)
    body.click_spot(0)                             # an occupied spot: explained beside, nothing changes
    assert "spot F1 is occupied by Woodcutter" in body.error.value   # the engine's reason
    assert dumps(st.game) == before
    body.spot_buttons[1].click()
    assert st.game.players[0].units[1].type.id == "knight"
    assert st.messages.layout.display == "none"
    body = st.decision_panel(0).deploy
    body.unit_buttons[0].click()                   # the Woodcutter: move it to the Back
    body.spot_buttons[2].click()
    assert st.game.players[0].units[2].type.id == "woodcutter"
    panel = st.decision_panel(0)
    panel.keep.value = "farmer"
    buttons(panel, "Done")[0].click()
    g = st.game
    assert g.players[0].kept.id == "farmer"
    assert g.phase == "wars"                      # revealed and paid: the phase ended
    assert g.players[0].gold == 0


def test_draft_shows_duplicate_cards_separately():
    g = Game.new(players=3, seed=7)
    g.advance()
    p = g.players[0]
    p.pack = [g.cards.unit("knight"), g.cards.unit("knight"), g.cards.unit("farmer"), g.cards.unit("archer")]
    st = stepper_for(g)
    panel = st.decision_panel(0)
    keeps = [b for b in panel.buttons if b.description.startswith("Keep ")]
    assert len(keeps) == 4 and sum("Knight" in b.description for b in keeps) == 2


def test_time_master_target_chosen_with_a_button():
    g = position_game("deployment", {"name": "You", "gold": 3, "hand": ["time_master"],
                                     "front": ["knight", "archer"]}, {"name": "Ada"})
    st = stepper_for(g)
    st.next_decision.click()
    body = st.decision_panel(0).deploy
    body.hand_buttons[0].click()
    body.spot_buttons[2].click()
    buttons(st.decision_panel(0), "Done")[0].click()
    panel = st.decision_panel(0)
    assert panel.kind == "target"
    [archer] = buttons(panel, "Archer at F2")
    archer.click()
    assert st.game.players[0].units[1].age == 2
    assert st.game.phase == "wars"


def test_build_choice_and_pass():
    g = position_game("construction", {"name": "You", "gold": 5, "front": ["woodcutter", "farmer"]},
                      {"name": "Ada", "gold": 5, "front": ["woodcutter"]})
    st = stepper_for(g)
    st.next_decision.click()
    panel = st.decision_panel(0)
    assert panel.kind == "build"
    labels = [b.description for b in panel.buttons]
    assert any(label.startswith("Build Town at level 1") for label in labels)
    assert labels[-1].startswith("Pass")
    town = [b for b in panel.buttons if b.description.startswith("Build Town at level 1")][0]
    town.click()
    g = st.game
    assert g.players[0].buildings[[b.id for b in g.buildings].index("town")] == 1
    assert g.phase == "aging"


def test_mystical_healer_saves_the_chosen_unit():
    g = position_game("aging", {"name": "You", "lp": 10,
                                "front": [{"card": "demon", "age": 1}, {"card": "knight", "age": 1}],
                                "back": ["mystical_healer"]}, {"name": "Ada"}, turn=2)
    st = stepper_for(g)
    st.next_decision.click()
    panel = st.decision_panel(0)
    assert panel.kind == "save"
    [save_demon] = buttons(panel, "Save Demon at F1")
    save_demon.click()
    g = st.game
    assert g.players[0].units[0].type.id == "demon" and g.players[0].units[0].age == 2
    assert g.players[0].units[1] is None           # the Knight died
    assert g.players[0].lp == 10                    # no Demon penalty
    assert (g.turn, g.phase) == (3, "recruitment")


def test_undo_and_go_back(stepper):
    start = dumps(stepper.game)
    stepper.decision_panel(0).buttons[0].click()
    stepper.decision_panel(0).buttons[0].click()
    assert len(stepper.back_to.options) == 2
    stepper.undo_button.click()
    assert len(stepper.session.history) == 1
    stepper.back_to.value = 0
    stepper.back_button.click()
    assert dumps(stepper.game) == start
    assert stepper.undo_button.disabled
    stepper.undo_button.click()                     # nothing left: refused, shown
    assert "nothing to undo" in stepper.messages.value


def test_play_a_whole_game_by_clicking_and_see_the_engine_scores(stepper):
    for _ in range(300):
        g = stepper.game
        if g.is_over:
            break
        panel = stepper.decision_panel(0)
        if panel is None:
            stepper.to_end.click()
        elif panel.kind == "deploy":
            buttons(panel, "Done")[0].click()
        else:
            panel.buttons[0].click()
    g = stepper.game
    assert g.is_over
    assert not stepper.messages.errors
    for seat, p in enumerate(g.players):
        assert f'<td class="pt-final-lp" data-seat="{seat}">{p.lp}</td>' in stepper.final.value
    assert stepper.final.layout.display is None
    loaded = loads(stepper.record.value)
    assert loaded.scores == g.scores and loaded.is_over
    assert all(b.disabled for b in (stepper.next_phase, stepper.next_turn, stepper.to_end))


def test_new_game_from_the_setup_row(stepper):
    stepper.players.value = 2
    stepper.seed.value = 99
    stepper.seats[0].value = "random"
    stepper.seats[1].value = "human"
    stepper.new_button.click()
    g = stepper.game
    assert g.n == 2 and g.seed == 99
    assert stepper.session.humans == [1]
    assert stepper.decision_panel(1).kind == "draft"
    assert len(g.players[1].pack) == 9              # 2-player draft
    assert stepper.seats[2].layout.display == "none"


def test_two_player_draft_asks_for_the_discard():
    st = GameStepper(players=2, seed=3, humans=[0])
    st.decision_panel(0).buttons[0].click()
    panel = st.decision_panel(0)
    assert panel.kind == "draft_discard"
    assert panel.buttons[0].description.startswith("Discard ")
    panel.buttons[0].click()
    assert st.decision_panel(0).kind == "draft"


def test_save_and_load_the_game_record(stepper):
    stepper.decision_panel(0).buttons[0].click()
    stepper.on_save()
    text = stepper.record.value
    assert '"format": "papertales-game/' in text
    stepper.new_button.click()
    stepper.record.value = text
    stepper.on_load()
    assert dumps(stepper.game) == text
    stepper.record.value = "{broken"
    stepper.on_load()
    assert stepper.messages.last_error


def test_unexpected_errors_are_shown_not_swallowed(stepper, monkeypatch):
    def boom(mode):
        raise RuntimeError("the flux capacitor broke")
    monkeypatch.setattr(stepper.session, "advance", boom)
    stepper.next_turn.click()
    assert "RuntimeError: the flux capacitor broke" in stepper.messages.value
    assert "Traceback" in stepper.messages.value      # details for a bug report
    assert stepper.messages.last_error == "RuntimeError: the flux capacitor broke"
    assert stepper.messages.layout.display is None


def _page_text(stepper) -> str:
    """Every string the stepper puts in the page: HTML values, text boxes, labels."""
    import ipywidgets as W
    out, todo = [], [stepper]
    while todo:
        w = todo.pop()
        for attr in ("value", "description", "tooltip", "placeholder"):
            v = getattr(w, attr, None)
            if isinstance(v, str):
                out.append(v)
        if isinstance(w, W.Box):
            todo.extend(w.children)
    return "\n".join(out)


def _bots_deployed_face_down():
    """A stepper after your four picks: the bots have placed their units face down.
    Returns it, its game and those units' cards."""
    st = GameStepper(players=3, seed=7, humans=[0])
    for _ in range(4):
        st.decision_panel(0).buttons[0].click()
    g = st.game
    face_down = [u.type.id for p in g.players[1:] for u in p.units if u is not None and u.new]
    assert face_down, "the bots have deployed, face down"
    return st, g, face_down


def test_no_file_of_the_game_is_in_the_page_until_asked_for():
    """The download link and the record box hold the whole game (the bots' hands, their
    face-down units, the draw pile): neither is in the page before the visitor asks."""
    import base64
    st, g, _face_down = _bots_deployed_face_down()
    text = _page_text(st)
    assert "base64," not in text and '"format": "papertales-game/' not in text
    assert st.record.value == ""
    # asked for: the link, with the warning that it holds the hidden cards
    html = st.gamefile.show_link()
    assert "pt-game-spoiler" in html and "hands and face-down units" in html
    saved = loads(base64.b64decode(html.split("base64,", 1)[1].split('"', 1)[0]).decode())
    assert dumps(saved) == dumps(g)
    # the next step of the game takes the link away
    st.act(0, "done")
    assert st.gamefile.download.value == ""
    assert "base64," not in _page_text(st)


def test_the_record_box_warns_before_the_end_and_new_game_clears_it(stepper):
    stepper.on_save()
    assert "hidden ones too" in stepper.messages.value
    assert stepper.record.value
    stepper.new_button.click()
    assert stepper.record.value == ""


def test_a_record_shown_mid_game_goes_at_the_next_step_as_the_files_link_does():
    """"Show the game record" before the end puts every card in the text box (the bots'
    face-down units and hands, with a warning): the next step takes it away, so no secret
    stays in the page while play goes on.  A language switch is no step."""
    st, g, face_down = _bots_deployed_face_down()
    st.on_save()
    assert dumps(loads(st.record.value)) == dumps(g) and all(c in st.record.value for c in face_down)
    assert "goes at the next step" in st.messages.value
    shown = st.record.value
    st.set_language("pl")
    assert st.record.value == shown                            # still this step: it stays
    st.set_language("en")
    st.act(0, "done")
    assert st.record.value == "" and '"format": "papertales-game/' not in _page_text(st)
    st.on_save()                                               # shown again, then undone: gone too
    st.on_undo()
    assert st.record.value == ""
