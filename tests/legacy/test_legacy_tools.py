"""The tools of a manual step for what the card format cannot say (take a sticker off,
unmark a box, block and release, attach equipment, cross out an effect or a production),
a reason for every tool refused with the moves that tool allows, and one warning per loss
in companion mode (issue #28)."""

import io
import json

import pytest
from legacy_helpers import arrange, card, fresh, pack_dict, play_until, refused, stage, take_from_box

from kingdom_legacy import Action, Campaign, demo_pack, load_pack
from kingdom_legacy.events import action_text
from kingdom_legacy.terminal import Session


def opened(play=(1, 2, 5, 8), deck=(3, 4, 6, 7), pool=None):
    c = arrange(fresh(), play=play, deck=deck, pool=pool)
    c.apply("manual start")
    return c


def test_two_effect_stickers_one_crossed_out_then_the_other_taken_off():
    """Card 5 (Peasant) has 1 printed effect; stickers 8 are effects 2 and 3.  Crossing out
    effect 3 and then taking off the sticker of effect 2 leaves the crossed one as effect 2."""
    c = opened()
    c.apply("manual sticker 5 8")
    c.apply("manual sticker 5 8")
    assert c.stickers["8"] == 0 and len(c.effects(5)) == 3
    c.apply("manual cross 5 3")
    assert c.cards[5]["crossed"] == [["front", 2]]
    assert action_text(c, c.legal_actions()[0], "en") == "The manual step is done"
    assert "manual cross 5 3" not in map(str, c.legal_actions())
    c.apply("manual unsticker 5 1")
    assert c.cards[5]["stickers"] == [["front", "effect", 8]] and c.cards[5]["crossed"] == [["front", 1]]
    assert c.stickers["8"] == 0                          # a sticker taken off does not go back to the sheet
    assert c.describe("pl")[-1] == ("[R1 T1] Ręcznie: z karty #5 Chłop zostaje zdjęta naklejka (nr 8: Pieczęć cechu: "
                                    "ta karta zostaje w grze) (krok ręczny)")


def test_a_resource_sticker_taken_off_a_crossed_out_production():
    """Card 2 (Woodland, 1 wood) gets a wood sticker, its production is crossed out (the
    printed wood and that sticker), a second wood sticker produces again; taking off the
    first (crossed-out) sticker leaves the second producing, not crossed out in its place."""
    c = opened()
    c.apply("manual sticker 2 1")
    c.apply("manual strike 2")
    assert c.production(2) == [] and c.cards[2]["struck"] == [["front", 1]]
    c.apply("manual sticker 2 1")                        # put later: it produces again
    assert c.production(2) == [{"wood": 1}]
    c.apply("manual unsticker 2 1")                      # the crossed-out one goes
    assert c.cards[2]["struck"] == [["front", 0]] and c.production(2) == [{"wood": 1}]


def test_unmark_block_release_and_equip_by_hand():
    c = opened()
    c.apply("manual mark 8 2")
    c.apply("manual unmark 8 2")
    assert c.cards[8]["checks"] == []
    c.apply("manual block 1 2")
    assert c.blocked == {1: 2} and c.is_blocked(1)
    assert action_text(c, Action.parse("manual unblock 1"), "pl") == "Uwolnij kartę #1 Zagroda (ręcznie)"
    c.apply("manual unblock 1")
    assert c.blocked == {}
    c = arrange(fresh(), play=[5, 1], deck=[2, 3, 4])
    take_from_box(c, 13)
    c.discard.remove(13)
    c.play.append(13)
    c.apply("manual start")
    assert action_text(c, Action.parse("manual equip 13 5"), "pl") == "Wyposaż kartę #5 Chłop w sprzęt #13 Żelazny pług (ręcznie)"
    c.apply("manual equip 13 5")
    assert c.attached == {13: 5}
    assert c.describe("en")[-1] == "[R1 T1] #5 Peasant is equipped with #13 Iron Plough (manual step)"


@pytest.mark.parametrize("move, en, pl", [
    ("manual lose coin", "you have no coin to lose", "nie masz do stracenia żadnego zasobu: moneta"),
    ("manual gain gold", "gold is not a resource of this game (there are: coin, wood, stone, metal, sword, goods)",
     "gold nie jest zasobem tej gry (są: coin, wood, stone, metal, sword, goods)"),
    ("manual move 1 permanent", "only a permanent card goes to the permanent row, and card 1 is not one",
     "do rzędu stałych kart trafia tylko stała karta, a karta 1 nią nie jest"),
    ("manual move 1 play", "card 1 is there already", "karta 1 już tam jest"),
    ("manual move 1 sky", "sky is not a place (there are: top, bottom, play, discard, permanent, box, destroyed)",
     "sky nie jest miejscem (są: top, bottom, play, discard, permanent, box, destroyed)"),
    ("manual turn 3 front_rotated", "card 3 has no stage front_rotated (it has: front, back)",
     "karta 3 nie ma etapu front_rotated (ma: front, back)"),
    ("manual sticker 1 9", "there is no sticker 9 on your sheet (there are: 1, 2, 3, 4, 5, 6, 7, 8, 10, 11)",
     "na twoim arkuszu nie ma naklejki 9 (są: 1, 2, 3, 4, 5, 6, 7, 8, 10, 11)"),
    ("manual sticker 1 4", "no sticker 4 is left on your sheet", "na twoim arkuszu nie została żadna naklejka 4"),
    ("manual mark 8 4", "card 8 has 3 boxes on this stage", "karta 8 ma na tym etapie 3 pola"),
    ("manual unmark 8 1", "box 1 of card 8 is not marked", "pole 1 karty 8 nie jest oznaczone"),
    ("manual unsticker 2 1", "card 2 has 0 stickers", "karta 2 ma 0 naklejek"),
    ("manual cross 1 1", "card 1 has no effects", "karta 1 nie ma efektów"),
    ("manual block 1 1", "a card cannot do this to itself", "karta nie może zrobić tego sama sobie"),
    ("manual block 1 3", "card 3 is not in play (it is in the draw pile)", "karty 3 nie ma w grze (jest w talii"),
    ("manual unblock 2", "card 2 is not blocked", "karta 2 nie jest zablokowana"),
    ("manual equip 1 2", "card 1 is not equipment", "karta 1 nie jest sprzętem"),
    ("manual discover 3", "card 3 is not in the box (it is in the draw pile)", "karty 3 nie ma w pudełku (jest w talii"),
    ("manual move 15 play", "card 15 is in the box: the tools work on the cards of your kingdom",
     "karta 15 jest w pudełku: narzędzia działają na kartach twojego królestwa"),
])
def test_every_refused_tool_says_why_in_both_languages_and_changes_nothing(move, en, pl):
    c = opened()
    c.apply("manual sticker 1 4")                    # the only metal sticker: none left
    assert refused(c, move, en, lang="en")
    assert refused(c, move, pl, lang="pl")
    assert "that tool cannot do this here" not in refused(c, move, lang="en")


def test_a_refused_tool_lists_that_tools_moves_and_never_cuts_the_list_silently():
    c = opened()
    msg = refused(c, "manual mark 8 9")
    assert msg.endswith("Allowed: manual mark 8 1, manual mark 8 2, manual mark 8 3")
    msg = refused(c, "manual move 1 permanent")       # 1 may go top, bottom, discard, box, destroyed
    assert msg.endswith("Allowed: manual move 1 top, manual move 1 bottom, manual move 1 discard, "
                        "manual move 1 box, manual move 1 destroyed")
    msg = refused(c, "manual move 15 play")            # card 15 has no move: every move of the kingdom
    moves = [str(a) for a in c.legal_actions() if a.a == "move"]
    # 6 places for a card that is not permanent, less where it is: 1, 2, 5, 8 in play: 5 each;
    # the pile 3, 4, 6, 7: top and bottom are places, so 3 (on top) and 7 (under) 5, 4 and 6 6;
    # 9 and 10 discarded: 5 each.  20 + 22 + 10 = 52
    assert len(moves) == 52
    assert msg.endswith(", ".join(moves[:30]) + " and 22 more")
    assert refused(c, "manual move 15 play", lang="pl").endswith(" i jeszcze 22 ruchy")


def test_one_warning_for_one_loss_in_companion_mode():
    """Develop with a coin unspent warns once; the card you then say is on top of your pile
    plays and loses it, without a second warning."""
    c = Campaign.new(demo_pack(), 0, manual=True)
    for n in (1, 2, 3, 4):
        c.apply(f"reveal {n}")
    c.apply("produce 1 1")
    assert c.pool == {"coin": 1} and c.losses("develop") == {"coin": 1}
    out = io.StringIO()
    Session(c, out, "en").run(["develop", "yes", "reveal 5", "reveal 6"])
    said = out.getvalue()
    assert said.count("Careful:") == 1 and "Unspent resources are lost: 1 coin" in said
    assert c.play[-2:] == [5, 6] and c.pool == {}


# ---------------------------------------------------------------------------- undo that the real box cannot follow

def companion_past_the_parchment():
    """The demo in companion mode, played until round 2 has discovered card 12, the parchment
    Fertile Soil, followed it and destroyed it (after the 15th move, which ends round 1)."""
    c = play_until(Campaign.new(demo_pack(), 0, manual=True), lambda c: 12 in c.destroyed)
    assert len(c.history) == 15 and c.round == 2
    return c


def test_undo_in_companion_mode_warns_before_taking_back_a_destruction():
    c = companion_past_the_parchment()
    assert c.undo_crossings(14) == [("destroy", 12)] and c.undo_crossings(15) == []
    assert Campaign.new(demo_pack(), 0).undo_crossings(0) == []           # not in companion mode
    out = io.StringIO()
    Session(c, out, "pl").run(["cofnij", "stan"])
    said = out.getvalue()
    assert ("Uwaga: powrót do ruchu 14 cofa to, czego twoje prawdziwe pudełko nie cofnie: zniszczenie karty 12. "
            "Wpisz 'tak', żeby mimo to wrócić") in said
    assert len(c.history) == 15                         # "stan" is not "tak": nothing was taken back
    out = io.StringIO()
    s = Session(c, out, "en")
    s.run(["back 10", "yes"])
    assert "the destruction of card 12" in out.getvalue() and len(s.c.history) == 10 and 12 in s.c.box


def test_undo_in_companion_mode_warns_before_taking_back_the_reset_card():
    raw = pack_dict([card(4, stage("Crown", glory=5))], box=4, start=2, final=4, reset_until=3, id="mybox")
    c = play_until(Campaign.new(load_pack(raw), 0, manual=True), lambda c: c.round == 2 and c.decision() != "enter")
    assert not c.can_restart()
    assert c.undo_crossings(0) == [("reset", 3)]
    LegacyPanel = pytest.importorskip("papertales_widgets.legacy").LegacyPanel
    p = LegacyPanel(lang="en", campaign=c)
    before = c.to_json()
    p.undo_button.click()
    assert c.to_json() == before and p.confirm_button.description == "Go back anyway"
    assert ("going back to move {} takes back what your real box cannot: the discovery of card 3, the reset card "
            "(the campaign could be reset again)").format(len(c.history) - 1) in p.message.value
    p.confirm_button.click()
    assert len(p.campaign.history) == len(json.loads(before)["history"]) - 1 and p.campaign.can_restart()
