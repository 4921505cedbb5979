"""The Kingdom Legacy panel, driven from Python: it builds, draws the cards and the top
of the pile, says in words what each move did, asks before a move loses unspent
resources, shows the log newest first, undoes and goes back, keeps companion mode on a new
campaign, offers the tools of a manual step, and saves and loads only through the browser
(a file built only when asked for, file uploads)."""

import base64
import datetime
import json

import pytest

pytest.importorskip("ipywidgets")

from legacy_helpers import arrange, card, fresh, pack_dict, play_until, stage  # noqa: E402

from kingdom_legacy import Campaign, demo_pack, load_pack  # noqa: E402
from papertales_widgets.legacy import LegacyPanel  # noqa: E402


def button(panel, notation):
    return next(b for b in panel.buttons if b.tooltip == notation)


def upload(widget, text, name):
    widget.value = ({"name": name, "type": "application/json", "size": len(text),
                     "content": memoryview(text.encode("utf-8")), "last_modified": datetime.datetime(2024, 1, 1)},)


def test_panel_builds_with_cards_top_card_actions_and_their_explanation():
    p = LegacyPanel(lang="en")
    c = p.campaign
    assert len(p.buttons) == len(c.legal_actions()) > 0
    assert [b.tooltip for b in p.buttons] == [str(a) for a in c.legal_actions()]
    for n in c.play:
        assert f'data-card="{n}"' in p.board.value
    assert f'data-card="{c.top_card()}"' in p.board.value
    assert "NOT the printed cards" in p.header.value
    assert "Round 1, turn 1" in p.header.value
    assert "Several effects happen at the same time" in p.explain.value        # the Harbour's optional effect
    for n in c.box:                                            # golden rule 2: nothing of the box
        assert f'data-card="{n}"' not in p.board.value
    assert p.download.value == "" and p.save_button.description == "⬇ Download the campaign (JSON)"
    assert "base64" not in p.header.value + p.board.value + p.log_view.value   # no file in the page until asked


def test_a_round_before_its_first_turn_is_said_so():
    c = arrange(fresh(), play=[1], deck=[])
    c.apply("pass")                                           # round 2 begins with the parchment's question
    assert c.turn == 0 and c.decision() == "target"
    p = LegacyPanel(lang="pl", campaign=c)
    assert "Runda 2, przed pierwszą turą" in p.header.value and "tura 0" not in p.header.value


def test_a_move_and_what_it_did_are_said_in_words_and_the_log_shows_the_newest_first():
    c = arrange(fresh(1), play=[3, 1], deck=[2, 4, 5, 6])
    p = LegacyPanel(lang="en", campaign=c)
    assert "Produce with #3 Quarry: discard it, gain 1 stone" in [b.description for b in p.buttons]
    button(p, "produce 3 1").click()
    assert c.pool == {"stone": 1} and 3 in c.discard
    assert "You: Produce with #3 Quarry: discard it, gain 1 stone. What happened:" in p.message.value
    assert "<li>[R1 T1] #3 Quarry is discarded to produce 1 stone</li>" in p.message.value
    assert "<li>[R1 T1] You gain 1 stone (#3 Quarry)</li>" in p.message.value
    assert "Resources: 1 stone" in p.header.value
    log = p.log_view.value.split('kl-log">')[1].split("\n")
    assert log[0] == "[R1 T1] You gain 1 stone (#3 Quarry)" and "produce 3 1" not in p.message.value


def test_a_move_that_loses_resources_asks_first():
    c = arrange(fresh(1), play=[3, 1], deck=[2, 4, 5, 6])
    p = LegacyPanel(lang="en", campaign=c)
    button(p, "produce 3 1").click()
    before = c.to_json()
    button(p, "pass").click()
    assert c.to_json() == before and p.confirm_box.layout.display == ""
    assert "Careful: “Pass (ends the turn)” loses resources you have not spent: 1 stone." in p.message.value
    p.cancel_button.click()
    assert c.to_json() == before and p.confirm_box.layout.display == "none"
    button(p, "develop").click()
    p.confirm_button.click()
    assert c.play == [1, 2, 4] and "Unspent resources are lost: 1 stone" in p.message.value


def test_a_refused_move_is_shown_and_changes_nothing():
    c = arrange(fresh(1), play=[6, 1], deck=[2, 3, 4, 5])
    p = LegacyPanel(lang="pl", campaign=c)
    before = c.to_json()
    assert not p.act("produce 6 1")
    assert c.to_json() == before
    assert "Niedozwolone" in p.message.value and "niczego nie produkuje" in p.message.value
    p.typed.value = "produce 1 1"
    p.type_button.click()
    assert c.pool == {"coin": 1} and p.typed.value == ""


def test_bot_buttons_undo_and_going_back_to_any_move():
    p = LegacyPanel(lang="en", seed=2)
    c = p.campaign
    start = c.to_json()
    p.bot_button.click()
    one = c.to_json()
    p.turn_button.click()
    assert len(c.history) > 1
    p.undo_button.click()
    assert "The last move was taken back" in p.message.value
    p.back_menu.value = 1
    p.back_button.click()
    assert c.to_json() == one and "Back after move 1." in p.message.value
    p.back_menu.value = 0
    p.back_button.click()
    assert c.to_json() == start and p.undo_button.disabled


def test_the_file_is_built_when_asked_for_goes_with_the_next_move_and_loads_back():
    p = LegacyPanel(lang="en", seed=4)
    p.bot_turn()
    p.save_button.click()
    assert 'class="kl-download"' in p.download.value and "⬇ Save kingdom-legacy-demo-round1.json" in p.download.value
    assert "the cards still in the box too: do not read them" in p.download.value      # golden rule 2
    href = p.download.value.split('href="')[1].split('"')[0]
    assert href.startswith("data:application/json;base64,")
    text = base64.b64decode(href.split(",", 1)[1]).decode("utf-8")
    assert text == p.campaign.to_json()
    q = LegacyPanel(lang="en", seed=9)
    upload(q.upload, text, "mine.json")
    assert q.campaign.to_json() == text
    assert "Campaign loaded: mine.json" in q.message.value
    p.bot_step()
    assert p.download.value == ""


def test_a_broken_upload_is_refused_and_the_campaign_stays():
    p = LegacyPanel(lang="en", seed=5)
    before = p.campaign.to_json()
    broken = json.loads(before)
    broken["zones"]["box"] = []
    assert not p.load_text(json.dumps(broken), "bad.json")
    assert p.campaign.to_json() == before
    assert "Not loaded: bad.json: this save cannot be loaded: field zones: cards 11, 12" in p.message.value


def test_companion_mode_asks_for_the_top_card_and_a_new_campaign_keeps_it():
    p = LegacyPanel(lang="pl", campaign=Campaign.new(demo_pack(), 0, manual=True))
    assert "Tryb towarzysza" in p.header.value
    assert sorted(b.tooltip for b in p.buttons if b.tooltip.startswith("reveal")) == \
        sorted(f"reveal {n}" for n in range(1, 11))
    button(p, "reveal 7").click()
    assert p.campaign.play == [7]
    p.new_button.click()
    p.confirm_button.click()
    assert p.campaign.manual and p.campaign.history == [] and "Tryb towarzysza" in p.header.value


def test_your_own_box_restarts_only_until_the_reset_card_and_takes_new_cards_from_your_file():
    raw = pack_dict([card(4, stage("Crown", glory=5))], box=4, start=2, final=4, reset_until=3, id="mybox")
    p = LegacyPanel(lang="en", campaign=Campaign.new(load_pack(raw), 0, manual=True))
    assert p.new_button.description == "Start the campaign again" and not p.new_button.disabled
    while p.campaign.round < 2 or p.campaign.decision() == "enter":      # card 3 not entered: a blank, deliberately
        p.act("pass" if p.campaign.decision() == "main" else p.campaign.legal_actions()[0], confirmed=True)
    assert p.new_button.disabled and "card 3 has been discovered" in p.new_button.tooltip
    assert p.campaign.pack.card(3).placeholder
    raw["cards"].append(card(3, stage("Hut", production=[{"wood": 1}])))
    upload(p.pack_upload, json.dumps(raw), "mybox.json")
    assert "mybox.json: cards entered into this campaign: 3" in p.message.value
    assert p.campaign.pack.card(3).stages["front"].title() == "Hut"
    other = pack_dict([], box=12, start=10, final=11, id="another")
    other["cards"].append(card(11, stage("Crown", glory=5)))
    upload(p.pack_upload, json.dumps(other), "another.json")
    assert p.campaign.pack.id == "another" and p.campaign.manual
    assert "a new companion campaign of this box begins. The campaign before is kept" in p.message.value
    p.undo_button.click()                                          # the campaign of mybox comes back
    assert p.campaign.pack.id == "mybox" and p.campaign.pack.card(3).stages["front"].title() == "Hut"


def test_a_manual_step_with_the_tools_in_menus():
    c = arrange(fresh(), play=[1, 2], deck=[3, 4, 5])
    p = LegacyPanel(lang="en", campaign=c)
    button(p, "manual start").click()
    assert p.manual_box.layout.display == "" and [b.tooltip for b in p.buttons] == ["manual done"]
    assert "do by hand what your cards say" in p.manual_text.value
    p.tool_menu.value = "move"
    labels = dict((v, k) for k, v in p.tool_moves.options)
    assert labels["manual move 2 discard"] == "Put #2 Woodland onto the discard pile (by hand)"
    p.tool_moves.value = "manual move 2 discard"
    p.tool_button.click()
    assert 2 in c.discard and "By hand: #2 Woodland goes from play onto the discard pile" in p.message.value
    button(p, "manual done").click()
    assert c.decision() == "main" and p.manual_box.layout.display == "none"


def test_a_new_start_asks_first_and_can_be_taken_back():
    raw = pack_dict([card(4, stage("Crown", glory=5))], box=6, start=2, final=6, reset_until=5, id="mybox")
    p = LegacyPanel(lang="pl", campaign=Campaign.new(load_pack(raw), 0, manual=True))
    p.act("reveal 2")
    p.act("pass", confirmed=True)
    before = p.campaign.to_json()
    p.new_button.click()
    assert p.campaign.to_json() == before and p.confirm_box.layout.display == ""
    assert p.confirm_button.description == "Zacznij od nowa"
    assert ("Zacząć od nowa? 2 ruchy tej kampanii zostaną odłożone, a „Cofnij nowy początek” zaraz potem je "
            "przywróci.") in p.message.value
    p.cancel_button.click()
    assert p.campaign.to_json() == before and p.confirm_box.layout.display == "none"
    p.new_button.click()
    p.confirm_button.click()
    assert p.campaign.history == [] and p.campaign.seed == 1
    assert "Poprzednia kampania jest zachowana" in p.message.value
    assert p.undo_button.description == "Cofnij nowy początek" and not p.undo_button.disabled
    p.act("reveal 1")
    assert p.undo_button.description == "Cofnij ostatni ruch"
    p.undo_button.click()                                  # the move after the new start first
    p.undo_button.click()                                  # then the new start itself
    assert p.campaign.to_json() == before
    assert "Nowy początek cofnięty: jesteś po ruchu 2 swojej dawnej kampanii." in p.message.value
    assert p.undo_button.description == "Cofnij ostatni ruch"


def test_a_new_demo_campaign_asks_first_and_can_be_taken_back():
    p = LegacyPanel(lang="en")
    p.act("skip 9 1")
    old = p.campaign
    p.new_button.click()
    assert p.campaign is old and "The 1 move of this campaign is set aside" in p.message.value
    p.act("produce 3 1")                                   # playing on forgets the question
    assert p.confirm_box.layout.display == "none" and p.campaign is old
    before = old.to_json()
    p.new_button.click()
    p.confirm_button.click()
    assert p.campaign.seed == 2 and p.campaign.history == []
    p.undo_button.click()
    assert p.campaign.to_json() == before and p.campaign.history == ["skip 9 1", "produce 3 1"]
    assert p.undo_button.description == "Undo the last move"


def test_the_end_offers_a_mini_expansion_only_when_one_is_left():
    c = play_until(Campaign.new(load_pack(pack_dict([card(3, stage("Crown", glory=5))], box=3, start=2, final=3)), 0),
                   lambda c: c.is_over)
    p = LegacyPanel(lang="pl", campaign=c)
    assert "nie zostało żadne mini-rozszerzenie do rozpoczęcia" in p.explain.value
    assert "Możesz zacząć mini-rozszerzenie" not in p.explain.value


def test_the_tools_of_a_manual_step_include_the_new_ones_with_their_names():
    c = arrange(fresh(), play=[1, 2], deck=[3, 4, 5])
    p = LegacyPanel(lang="pl", campaign=c)
    button(p, "manual start").click()
    names = dict((v, k) for k, v in p.tool_menu.options)
    assert names["cross"] == "skreśl efekt" and names["block"] == "zablokuj kartę" and names["strike"] == \
        "wykreśl produkcję"
    p.tool_menu.value = "block"
    assert dict((v, k) for k, v in p.tool_moves.options)["manual block 1 2"] == \
        "Zablokuj kartę #1 Zagroda kartą #2 Zagajnik (ręcznie)"
