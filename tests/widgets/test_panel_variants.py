"""Rule variants in the panels: the stepper's "Rules variants" section for a new game
(one menu per variant, a one-line explanation each, the defaults preselected) and the
What-if editor's phase, hands, choices and variants with the before/after comparison."""

from __future__ import annotations

from papertales import variants
from papertales_widgets import WhatIfEditor
from papertales_widgets.variants import VariantsBox


def test_one_menu_per_variant_with_the_defaults_preselected():
    box = VariantsBox(lang="en")
    assert set(box.dropdowns) == set(variants.OPTIONS)
    for name, d in box.dropdowns.items():
        assert d.value == variants.DEFAULTS[name]
        assert [v for _, v in d.options] == list(variants.OPTIONS[name])
        assert d.options[0][0].endswith("(default)")
        assert box.helps[name].value and "?" in box.helps[name].value     # a one-line explanation
    assert box.rules() == {}
    box.dropdowns["two_player_zero"].value = "none"
    assert box.rules() == {"two_player_zero": "none"}
    box.set_language("pl")
    assert box.dropdowns["two_player_zero"].value == "none"
    assert box.dropdowns["two_player_zero"].description == "2 graczy, 0 przeciw 0"
    assert box.dropdowns["discard_in_play"].options[0][0].endswith("(domyślnie)")


def test_a_new_game_uses_the_chosen_variants(stepper):
    assert stepper.variants_box.get_title(0) == "Rules variants"
    assert stepper.session.game.variants == variants.DEFAULTS
    stepper.variants.dropdowns["discard_in_play"].value = "any"
    stepper.variants.dropdowns["own_order"].value = "fixed"
    stepper.on_new_game()
    assert not stepper.messages.errors
    assert stepper.session.game.variants == dict(variants.DEFAULTS, discard_in_play="any", own_order="fixed")
    stepper.set_language("pl")
    assert stepper.variants_box.get_title(0) == "Warianty zasad"
    assert stepper.variants.dropdowns["discard_in_play"].value == "any"


def _editor():
    ed = WhatIfEditor({"turn": 2, "players": [{"name": "Ann", "gold": 6}, {"name": "Ben", "front": ["knight"]}]},
                      lang="en")
    assert not ed.messages.errors
    return ed


def test_the_whatif_editor_takes_variants_phase_hands_and_choices():
    ed = _editor()
    x = ed.extras
    x.variants.dropdowns["two_player_zero"].value = "double"
    assert ed.position()["rules"] == {"two_player_zero": "double"}
    x.phase.value = "deployment"
    x.hands[0].value = "kraken, farmer"
    x.actions[0].value = "place farmer F1, done"
    pos = ed.position()
    assert pos["phase"] == "deployment" and pos["players"][0]["hand"] == ["kraken", "farmer"]
    assert pos["players"][0]["actions"] == ["place farmer F1", "done"]
    assert not ed.messages.errors, ed.messages.errors
    assert "Before" in x.compare.value and "After" in x.compare.value
    assert ed.game.phase == "deployment"


def test_the_whatif_editor_shows_choices_side_by_side_and_refuses_bad_ones():
    ed = WhatIfEditor({"turn": 2, "players": [{"name": "Ann", "gold": 9, "front": ["miner"]}, {"name": "Ben"}]},
                      lang="en")
    x = ed.extras
    x.phase.value = "construction"
    x.choices[1].value = "construction=pass"
    assert not ed.messages.errors, ed.messages.errors
    html = x.compare.value
    assert "Before" in html and "each option side by side" in html       # Ann's open choice
    x.choices[0].value = "nonsense"
    assert ed.messages.errors and ed.game is None                      # refused beside Ann's row
    assert "CARD=CHOICE" in x.flags[0].value and x.flags[0].layout.display is None
    x.choices[0].value = ""
    x.phase.value = "all"
    assert ed.position()["phase"] == "wars" and "After" in x.compare.value


def test_the_whatif_extras_follow_the_language():
    ed = _editor()
    ed.set_language("pl")
    assert ed.extras.phase.description == "Faza" and ed.extras.box.get_title(0).startswith("Faza, ręce")
    assert dict((v, k) for k, v in ed.extras.phase.options)["all"] == "wszystko: reszta tury"


def test_loading_a_position_refills_phase_hands_actions_choices_and_variants():
    """What the editor saves, it loads back as it was (the JSON round trip of the file)."""
    ed = WhatIfEditor({"turn": 3, "phase": "deployment", "rules": {"own_order": "fixed"}, "players": [
        {"name": "Ann", "gold": 5, "front": ["leviathan"], "back": ["master_alchemist"],
         "hand": ["necromancer", "farmer"], "place": {"necromancer": "F2"},
         "choices": {"master_alchemist": "F1"}},
        {"name": "Ben", "gold": 4, "hand": ["cook", "knight"], "actions": ["place knight F1", "done cook"]}]},
        lang="en")
    assert not ed.messages.errors, ed.messages.errors
    x = ed.extras
    assert x.phase.value == "deployment"
    assert x.variants.dropdowns["own_order"].value == "fixed"
    # the placements in their spots; the cards left in hand; what comes after them
    assert ed.editors[0].cards["F2"].value == "necromancer" and ed.editors[0].placed == {"F2": "necromancer"}
    assert (x.hands[0].value, x.actions[0].value) == ("farmer", "done")      # place: then done
    assert x.choices[0].value == "master_alchemist=F1"
    assert ed.editors[1].cards["F1"].value == "knight" and ed.editors[1].placed == {"F1": "knight"}
    assert (x.hands[1].value, x.actions[1].value) == ("cook", "done cook")
    assert ed.position()["players"][1]["actions"] == ["place knight F1", "done cook"]
    saved = ed.save_text()
    again = WhatIfEditor(saved, lang="en")
    assert not again.messages.errors, again.messages.errors
    assert again.position() == ed.position()
    # the Alchemist's choice came back: no decision is left open in the Deployment
    from papertales.position import game_from_position
    from papertales.whatif import evaluate
    assert "decisions" not in evaluate(game_from_position(again.position()), ("deployment",))["deployment"]
    x.choices[0].value = ""
    assert "decisions" in evaluate(game_from_position(ed.position()), ("deployment",))["deployment"]
