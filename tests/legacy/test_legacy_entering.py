"""Entering your cards as you discover them (issue #28): in companion mode a card that is
not in your pack yet stops the campaign until you enter it (the terminal: one line as in
the pack file; the panel: a form) or deliberately go on with a blank; a card entered later
takes its rightful place; the pack file grows.  A whole companion campaign is played from a
pack that holds only the starting kingdom."""

import base64
import io
import json
from pathlib import Path

import pytest
from legacy_helpers import pack_dict, play_until

from kingdom_legacy import Campaign, IllegalAction, LegacyError, load_pack
from kingdom_legacy.terminal import Session

#: the cards of the box, as the owner finds them (the pack file starts without them)
BOX = {
    5: {"name": "Royal Decree", "keywords": ["parchment"], "parchment": True, "effects": [
        {"trigger": "forced", "when": "discover",
         "do": [{"kind": "add_glory", "glory": 1, "target": {"scope": "kingdom", "keyword": "building"}}]}]},
    6: {"name": "Tower", "keywords": ["building"], "permanent": True, "glory": 2},
    7: {"name": "Hut", "keywords": ["building"], "production": [{"wood": 1}]},
    8: {"name": "Crown", "keywords": ["other"], "glory": 5},
}


def empty_pack():
    """Cards 1-4 (buildings producing 1 coin) are the kingdom; 5-8 are in the box, not
    entered; card 8 is the final card, 6 the reset card."""
    return pack_dict([], box=8, start=4, final=8, reset_until=6, id="mybox", stickers={"glory": 2})


def finished(c):
    """What the campaign has come to: worked out by hand from the rules.  Round 2 discovers
    card 5, a parchment first: it is followed (a +1 glory sticker on a building; 1, 2, 3 and 4
    are all buildings, the first one is chosen) and destroyed, and no second card is
    discovered that round.  Round 3 discovers 6 (permanent: the permanent row) and 7; round 4
    discovers 8, the final card, at its start: that round is the last.  Glory: 1 (sticker)
    + 2 (Tower) + 5 (Crown) = 8."""
    assert c.is_over and c.round == 4
    assert [e.params["card"] for e in c.events if e.kind == "discover"] == [5, 6, 7, 8]
    assert [(e.round, e.params["card"]) for e in c.events if e.kind == "discover"] == [(2, 5), (3, 6), (3, 7), (4, 8)]
    assert c.destroyed == [5] and c.permanent == [6]
    assert not any(e.kind == "placeholder" for e in c.events)
    assert c.glory() == 8


def test_a_companion_campaign_in_the_terminal_from_a_pack_of_the_starting_kingdom_only(tmp_path):
    mine = tmp_path / "mybox.json"
    mine.write_text(json.dumps(empty_pack()), encoding="utf-8")
    save = tmp_path / "kingdom.json"
    c = Campaign.new(load_pack(mine), 0, manual=True)
    out = io.StringIO()
    s = Session(c, out, "pl", save_path=save, pack_path=mine)
    asked = []
    for _ in range(500):
        if c.is_over:
            break
        if c.decision() == "enter":
            n = c.pending["card"]
            asked.append(n)
            s.handle(json.dumps(BOX[n], ensure_ascii=False))          # one line, the front stage as in the pack
        elif s.warned is not None:
            s.handle("tak")
        else:
            s.handle("pasuj" if c.decision() == "main" else str(c.legal_actions()[0]))
    finished(c)
    assert asked == [5, 6, 7, 8]
    said = out.getvalue()
    assert "Karta 5 została właśnie odkryta, a nie ma jej jeszcze w twoim zestawie." in said
    assert f"Karta 5 jest wpisana.\nDopisano do twojego pliku zestawu {mine}." in said
    grown = json.loads(mine.read_text(encoding="utf-8"))
    assert [x["number"] for x in grown["cards"]] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert grown["cards"][5] == {"number": 6, "stages": {"front": BOX[6]}}
    assert load_pack(mine).card(7).stages["front"].title() == "Hut"           # the file is a valid pack
    again = Campaign.from_json(save.read_bytes())                 # the save replays the cards entered on the way
    assert again.to_json() == c.to_json()


#: an owner's pack file as typed by hand: a byte-order mark, Windows line endings, two
#: fields on a line, Polish letters, one card a line
HAND_WRITTEN = "\ufeff" + "\r\n".join([
    '{',
    '  "format": "kingdom-legacy-pack/1", "id": "mybox",',
    '  "name": "Moje pudełko",',
    '  "box_size": 8, "kingdom_start": 4, "final_card": 8, "reset_until": 6, "stickers": {"glory": 2},',
    '  "cards": [',
    *[f'    {{"number": {n}, "stages": {{"front": {{"name": "Chata {n}", "keywords": ["building"], '
      f'"production": [{{"coin": 1}}]}}}}}}' + ("," if n < 4 else "") for n in range(1, 5)],
    '  ]',
    '}', ''])


def test_entering_a_card_keeps_the_owners_pack_file_as_it_was_and_adds_the_card(tmp_path):
    """Only the card's text goes in, after card 4, in the style of the cards around it (one
    line, the same separators, Polish letters as they are); every other byte is kept."""
    mine = tmp_path / "mybox.json"
    mine.write_bytes(HAND_WRITTEN.encode("utf-8"))
    c = play_until(Campaign.new(load_pack(mine), 0, manual=True), lambda c: c.decision() == "enter")
    s = Session(c, io.StringIO(), "pl", pack_path=mine)
    s.handle('{"name": "Wieża", "keywords": ["building"], "permanent": true, "glory": 2}')
    after = mine.read_bytes().decode("utf-8")
    at = HAND_WRITTEN.index("\r\n  ]")                       # the end of card 4
    added = (',\r\n    {"number": 5, "stages": {"front": {"name": "Wieża", "keywords": ["building"], '
             '"permanent": true, "glory": 2}}}')
    assert after == HAND_WRITTEN[:at] + added + HAND_WRITTEN[at:]
    assert load_pack(mine).card(5).stages["front"].title() == "Wieża"


def test_a_card_entered_again_replaces_only_its_own_text(tmp_path):
    """A card of the file entered again (a fix): its text is replaced where it is, in the
    file's indented style; the rest stays byte for byte."""
    mine = tmp_path / "mybox.json"
    d = empty_pack()
    d["cards"].append({"number": 6, "stages": {"front": BOX[6]}})
    old = json.dumps(d, indent="\t", ensure_ascii=False)
    mine.write_text(old, encoding="utf-8")
    c = Campaign.new(load_pack(mine), 0, manual=True)
    s = Session(c, io.StringIO(), "en", pack_path=mine)
    s.handle(json.dumps({"number": 6, "stages": {"front": {**BOX[6], "glory": 3}}}))
    after = mine.read_text(encoding="utf-8")
    start = old.index('{\n\t\t\t"number": 6')
    end = old.index("\n\t]")
    assert after[:start] == old[:start] and after[len(after) - len(old) + end:] == old[end:]
    assert after[start:len(after) - len(old) + end] == old[start:end].replace('"glory": 2', '"glory": 3')


def test_a_card_line_that_is_not_a_card_is_refused_and_changes_nothing(tmp_path):
    c = play_until(Campaign.new(load_pack(empty_pack()), 0, manual=True), lambda c: c.decision() == "enter")
    before = c.to_json()
    out = io.StringIO()
    Session(c, out, "en").run(['{"name": "Hut", "production": [{"wod": 1}]}', '{"name": "Hut"', '["Hut"]'])
    said = out.getvalue()
    assert "Not allowed: pack: card 5, stage front, field production[0].wod" in said
    assert "Not allowed: this line is not a card (column 15): a comma was expected here" in said
    assert "Not allowed: a card is written as a JSON object, its fields between braces" in said
    assert c.to_json() == before


def test_a_blank_then_the_card_entered_later_takes_its_rightful_place():
    """Gone on with blanks: the parchment 5 sits in the pile, and a second card (6) was
    discovered in round 2, as with any card not known to be a parchment.  Both are entered
    while the first turn's draw waits for the top card: the permanent Tower goes to the
    permanent row, the parchment is set aside and followed once that draw is done (4 cards:
    1, 2 and 3 revealed, 4 the last one).  Its effect asks for a building of the kingdom
    (1-4 in play, the Tower 6); on the Tower: 2 + the 1-glory sticker = 3 glory in all,
    and the parchment is destroyed."""
    c = play_until(Campaign.new(load_pack(empty_pack()), 0, manual=True),
                   lambda c: c.round == 2 and c.decision() == "reveal")
    assert [a for a in c.history if a.startswith("blank")] == ["blank 5", "blank 6"]
    assert c.deck == [1, 2, 3, 4, 5, 6]
    c.enter_card({"number": 5, "stages": {"front": BOX[5]}})
    c.enter_card({"number": 6, "stages": {"front": BOX[6]}})
    assert c.aside == [5] and c.permanent == [6] and c.deck == [1, 2, 3, 4] and c.decision() == "reveal"
    assert c.describe("en")[-2:] == [
        "[R2 T1] #5 Royal Decree is entered: a parchment, set aside to be followed now; then it is destroyed",
        "[R2 T1] #6 Tower goes to the permanent cards (entered in your pack: this is its place)"]
    for a in ("reveal 1", "reveal 2", "reveal 3"):
        c.apply(a)
    assert c.play == [1, 2, 3, 4] and c.decision() == "target" and c.asking()[0] == 5
    assert [a.a for a in c.legal_actions()] == [1, 2, 3, 4, 6]
    c.apply("target 6")
    assert c.destroyed == [5] and c.aside == [] and c.glory() == 3 and c.decision() == "main"
    assert c.describe("pl")[-2:] == ["[R2 T1] Naklejka (chwała +1) trafia na kartę #6 Tower (#5 Royal Decree)",
                                     "[R2 T1] Karta #5 Royal Decree zostaje zniszczona (pergamin)"]
    assert c.edits[0]["placed"] is True
    text = c.to_json()
    assert Campaign.from_json(text).to_json() == text
    c.undo(4)                                        # back before the reveals: the card entered is kept, waiting
    assert c.aside == [5] and c.decision() == "reveal" and c.glory() == 2


def test_a_parchment_entered_at_a_turn_action_is_followed_at_once():
    """Entered when the campaign waits for a turn action, the parchment's effect asks at once
    (the blank Tower has no keyword: buildings 1-4 are the choice); a bad choice is refused."""
    c = play_until(Campaign.new(load_pack(empty_pack()), 0, manual=True),
                   lambda c: c.round == 2 and c.decision() == "main")
    assert c.play == [1, 2, 3, 4] and c.deck == [5, 6]
    c.enter_card({"number": 5, "stages": {"front": BOX[5]}})
    assert c.decision() == "target" and [a.a for a in c.legal_actions()] == [1, 2, 3, 4]
    with pytest.raises(IllegalAction):
        c.apply("target 6")
    c.apply("target 2")
    assert c.destroyed == [5] and c.deck == [6] and c.card_glory(2) == 1 and c.glory() == 1


def test_a_parchment_that_is_not_a_valid_card_is_refused_and_changes_nothing():
    """A card the pack check refuses (a forced effect without its moment and its steps) is
    refused before anything moves."""
    c = play_until(Campaign.new(load_pack(empty_pack()), 0, manual=True),
                   lambda c: c.round == 2 and c.decision() == "main")
    before = c.to_json()
    with pytest.raises(LegacyError):
        c.enter_card({"number": 5, "stages": {"front": {"name": "Decree", "keywords": ["parchment"],
                                                        "parchment": True, "effects": [{"trigger": "forced"}]}}})
    assert c.to_json() == before


SAVES = Path(__file__).parent / "saves"


def test_an_old_save_with_a_card_entered_after_its_blank_puts_it_in_its_place():
    """``before-entry-entered.json`` was written by the engine before cards were asked for
    (commit 4cd0b99, ``tests/legacy/saves``): blanks for 5 and 6 at once, then card 5 (the
    parchment) entered by reloading the pack, which then only took its data: it stayed in the
    pile.  Loaded now, it takes its place as a card entered later does: set aside and
    followed after the draw under way, then destroyed; the save keeps that (``placed``)."""
    text = (SAVES / "before-entry-entered.json").read_text(encoding="utf-8")
    old = json.loads(text)
    assert "ask_cards" not in old and old["zones"]["deck"] == [2, 3, 4, 5, 6] and len(old["edits"]) == 1
    c = Campaign.from_json(text)
    assert c.history == old["history"] and c.aside == [5] and c.deck == [2, 3, 4, 6]
    assert c.describe("en")[-2:] == [
        "[R2 T1] #5 Royal Decree was entered after its blank in a save of an older version: it takes its place now",
        "[R2 T1] #5 Royal Decree is entered: a parchment, set aside to be followed now; then it is destroyed"]
    assert c.edits[1] == {"at": 5, "card": old["edits"][0]["card"], "placed": True}
    again = c.to_json()
    assert Campaign.from_json(again).to_json() == again       # taken once: the next load changes nothing
    bad = json.loads(again)
    bad["edits"][1]["placed"] = 1
    with pytest.raises(LegacyError) as info:
        Campaign.from_json(json.dumps(bad))
    assert "edits[1]" in info.value.message("en") and "placed: true" in info.value.message("en")
    for a in ("reveal 2", "reveal 3", "reveal 4"):             # the turn's draw: 1 is in play, 3 more
        c.apply(a)
    assert c.decision() == "target" and [a.a for a in c.legal_actions()] == [1, 2, 3, 4]
    c.apply("target 1")
    assert c.destroyed == [5] and c.glory() == 1


def test_an_old_save_with_blanks_takes_the_cards_of_the_pack_now():
    """``before-entry-blanks.json`` (the same old engine): blanks for 5 and 6.  Resumed with a
    pack that holds them, both take their places (the Tower to the permanent row, the
    parchment followed), in English and Polish."""
    text = (SAVES / "before-entry-blanks.json").read_text(encoding="utf-8")
    d = empty_pack()
    d["cards"] += [{"number": n, "stages": {"front": BOX[n]}} for n in (5, 6)]
    c = Campaign.from_json(text, load_pack(d))
    assert c.aside == [5] and c.permanent == [6] and c.deck == [1, 2, 3, 4] and c.decision() == "reveal"
    assert c.describe("pl")[-2] == ("[R2 T1] Karta #5 Royal Decree jest wpisana: to pergamin, odłożony na bok, "
                                    "aż wykonasz teraz jego polecenie; potem zostanie zniszczony")
    assert [e.get("placed") for e in c.edits] == [True, True]


def test_a_save_where_a_parchment_was_destroyed_unfollowed_loads_as_it_was():
    """``entered-unfollowed.json`` was written by the engine of d477104, which destroyed a
    parchment entered after its blank without following it: it replays as it was played."""
    text = (SAVES / "entered-unfollowed.json").read_text(encoding="utf-8")
    c = Campaign.from_json(text)
    assert c.to_json() == text and c.destroyed == [5] and c.glory() == 0


def test_a_save_from_before_the_question_still_gets_a_blank_at_once():
    """Saves made before a discovered card was asked for have no "ask_cards": they replay with
    a blank at once, as they were played."""
    c = Campaign.new(load_pack(empty_pack()), 0, manual=True, ask_cards=False)
    c = play_until(c, lambda c: c.round == 2 and c.decision() == "reveal")
    d = json.loads(c.to_json())
    assert "ask_cards" not in d and any(e[2] == "placeholder" for e in d["events"])
    assert Campaign.from_json(json.dumps(d)).to_json() == c.to_json()


def test_a_companion_campaign_in_the_panel_with_the_form():
    LegacyPanel = pytest.importorskip("papertales_widgets.legacy").LegacyPanel
    p = LegacyPanel(lang="en", campaign=Campaign.new(load_pack(empty_pack()), 0, manual=True))
    forms = {5: None,
             6: {"name": "Tower", "keywords": "building", "glory": 2, "permanent": True},
             7: {"name": "Hut", "keywords": "building", "production": "1 wood"},
             8: {"name": "Crown", "keywords": "other", "glory": 5}}
    for _ in range(500):
        c = p.campaign
        if c.is_over:
            break
        if c.decision() == "enter":
            n = c.pending["card"]
            assert p.enter_box.layout.display == "" and f"Card {n} has just been discovered" in p.enter_title.value
            if forms[n] is None:                           # the parchment: its whole front as JSON
                p.enter_json.value = json.dumps(BOX[5])
            else:
                for field, value in forms[n].items():
                    (p.enter_flags[field] if field in p.enter_flags else p.enter_fields[field]).value = value
            p.enter_button.click()
            assert f"Card {n} is entered" in p.message.value
        else:
            assert p.enter_box.layout.display == "none"
            p.act("pass" if c.decision() == "main" else c.legal_actions()[0], confirmed=True)
    finished(p.campaign)
    link = p.show_pack_download()
    assert 'download="mybox.json"' in link
    grown = json.loads(base64.b64decode(link.split("base64,")[1].split('"')[0]))
    assert grown["cards"][6] == {"number": 7, "stages": {"front": {"name": "Hut", "keywords": ["building"],
                                                                    "production": [{"wood": 1}]}}}


def panel_asking_for_a_card(lang):
    """A companion campaign of an empty pack played until it asks for the first card, and
    the panel showing it in ``lang``."""
    LegacyPanel = pytest.importorskip("papertales_widgets.legacy").LegacyPanel
    c = play_until(Campaign.new(load_pack(empty_pack()), 0, manual=True), lambda c: c.decision() == "enter")
    return c, LegacyPanel(lang=lang, campaign=c)


def test_the_form_refuses_what_it_cannot_read_in_both_languages():
    c, p = panel_asking_for_a_card("pl")
    before = c.to_json()
    p.bot_button.click()
    p.turn_button.click()                              # a bot never goes on with a blank for you
    assert c.to_json() == before
    p.enter_button.click()
    assert "karta potrzebuje nazwy" in p.message.value
    p.enter_fields["name"].value = "Chata"
    p.enter_fields["production"].value = "1 złoto"
    p.enter_button.click()
    assert "Produkcja: nie rozumiem „1 złoto”: wpisz ilości i zasoby, np. 1 drewno + 1 kamień" in p.message.value
    p.enter_fields["production"].value = "2 drewna / kamień"               # Polish names work
    assert p._card_from_form(5)["stages"]["front"]["production"] == [{"wood": 2}, {"stone": 1}]
    assert c.to_json() == before


def test_the_form_takes_several_stages_of_a_card():
    """A card with an upgrade names the stage it leads to: its back is entered too."""
    c, p = panel_asking_for_a_card("en")
    p.enter_fields["name"].value = "Camp"
    p.enter_fields["keywords"].value = "building"
    p.enter_fields["upgrades"].value = "2 wood > back"
    p.enter_button.click()                                  # the back is missing: refused, nothing changes
    assert "Not allowed" in p.message.value and c.decision() == "enter"
    p.keep_stage_button.click()
    assert p.enter_stage.value == "front_rotated" and "Kept: front. Fill in the next stage" in p.message.value
    p.enter_stage.value = "back"
    p.enter_fields["name"].value = "Fort"
    p.enter_fields["keywords"].value = "building"
    p.enter_fields["glory"].value = 3
    p.enter_side.value = True
    p.enter_button.click()
    assert c.pack.card(5).raw == {"number": 5, "choose_side": True, "stages": {
        "front": {"name": "Camp", "keywords": ["building"], "upgrades": [{"cost": {"wood": 2}, "to": "back"}]},
        "back": {"name": "Fort", "keywords": ["building"], "glory": 3}}}
    assert c.decision() == "side"                           # the arrows at the top: you choose the side


def test_stages_kept_for_a_card_are_not_given_to_the_next():
    c, p = panel_asking_for_a_card("en")
    p.enter_fields["name"].value = "Camp"
    p.keep_stage_button.click()
    p.enter_side.value = True
    p.act("blank 5")                                        # card 5 a blank after all: card 6 is asked next
    assert c.decision() == "enter" and c.pending["card"] == 6
    assert p.enter_kept == {} and p.enter_stage.value == "front" and not p.enter_side.value


def test_the_form_takes_equipment_and_checkboxes():
    """Equipment names the keyword it equips; each box says what marking it gives and its
    glory ("chwała" in Polish), boxes between semicolons."""
    c, p = panel_asking_for_a_card("pl")
    p.enter_fields["name"].value = "Miecz"
    p.enter_fields["keywords"].value = "other"
    p.enter_fields["equip"].value = "Person"
    p.enter_fields["checkboxes"].value = "1 chwała; 1 towar + 2 chwały;2 monety"
    assert p._card_from_form(5)["stages"]["front"] == {
        "name": "Miecz", "keywords": ["other"], "equip": "person",
        "checkboxes": [{"glory": 1}, {"gain": {"goods": 1}, "glory": 2}, {"gain": {"coin": 2}}]}
    p.set_language("en")
    p.enter_fields["checkboxes"].value = "1 glory; 1 goods + 1 glory"
    p.enter_button.click()
    assert "Card 5 is entered" in p.message.value
    assert c.pack.card(5).stages["front"].checkboxes == ({"glory": 1}, {"gain": {"goods": 1}, "glory": 1})
    assert c.pack.card(5).stages["front"].equip == "person"


@pytest.mark.parametrize("lang, field, value, said", [
    ("en", "equip", "a person", "Not allowed: Equipment: “a person” is not one keyword: write the keyword of "
                                "the cards it equips, e.g. person"),
    ("pl", "equip", "osoba!", "Sprzęt: „osoba!” to nie jedno słowo kluczowe: wpisz słowo kluczowe kart, "
                              "które wyposaża, np. person"),
    ("en", "checkboxes", "1 glory; 1 gold", "Checkboxes: “1 gold” is not understood: write what each box gives "
                                            "and its glory, boxes separated by semicolons"),
    ("pl", "checkboxes", "1 chwała;", "Pola do zaznaczenia: nie rozumiem „-”: wpisz, co daje każde pole i ile ma "
                                      "chwały, pola oddzielone średnikami"),
])
def test_the_form_refuses_equipment_and_boxes_it_cannot_read(lang, field, value, said):
    c, p = panel_asking_for_a_card(lang)
    before = c.to_json()
    p.enter_fields["name"].value = "Sword"
    p.enter_fields[field].value = value
    p.enter_button.click()
    assert said in p.message.value and c.to_json() == before and c.decision() == "enter"


def test_the_panels_pack_download_is_your_uploaded_file_with_the_cards_added(tmp_path):
    """The pack file you uploaded comes back as you wrote it, with the card entered added in
    its style (the same text as the terminal writes into the file)."""
    LegacyPanel = pytest.importorskip("papertales_widgets.legacy").LegacyPanel
    p = LegacyPanel(lang="en")
    assert p.load_pack_text(HAND_WRITTEN, "mybox.json")
    p.campaign = play_until(p.campaign, lambda c: c.decision() == "enter")
    p.enter_json.value = '{"name": "Wieża", "keywords": ["building"], "permanent": true, "glory": 2}'
    p.enter_button.click()
    link = p.show_pack_download()
    got = base64.b64decode(link.split("base64,")[1].split('"')[0]).decode("utf-8")
    mine = tmp_path / "mybox.json"
    mine.write_bytes(HAND_WRITTEN.encode("utf-8"))
    Session(Campaign.new(load_pack(mine), 0, manual=True), io.StringIO(), "en", pack_path=mine).grow_pack(
        {"number": 5, "stages": {"front": {"name": "Wieża", "keywords": ["building"], "permanent": True, "glory": 2}}})
    assert got == mine.read_bytes().decode("utf-8") and got.startswith(HAND_WRITTEN[:HAND_WRITTEN.index("\r\n  ]")])


def test_reload_in_the_terminal_follows_a_parchment_entered_after_its_blank(tmp_path):
    """The owner went on with a blank for 5, then typed the card into the pack file: `reload`
    says it is followed now, and its effect asks for a building (1-4 in play)."""
    mine = tmp_path / "mybox.json"
    mine.write_text(json.dumps(empty_pack()), encoding="utf-8")
    c = play_until(Campaign.new(load_pack(mine), 0, manual=True), lambda c: c.round == 2 and c.decision() == "main")
    d = empty_pack()
    d["cards"].append({"number": 5, "stages": {"front": BOX[5]}})
    mine.write_text(json.dumps(d), encoding="utf-8")
    out = io.StringIO()
    Session(c, out, "pl", pack_path=mine).run(["wczytaj"])
    said = out.getvalue()
    assert "Karta #5 Royal Decree jest wpisana: to pergamin, odłożony na bok, aż wykonasz teraz jego polecenie" in said
    assert c.decision() == "target" and [a.a for a in c.legal_actions()] == [1, 2, 3, 4]
