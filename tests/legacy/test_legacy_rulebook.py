"""Rules of the Polish rulebook that the card format now expresses as data, each with a
position worked out by hand.  Every docstring quotes the rulebook's sentence (in English).

The small packs are written inline: cards 1..N of a pack that the test does not list are
plain buildings producing 1 coin (``legacy_helpers.pack_dict``)."""

import json

import pytest
from legacy_helpers import arrange, card, events_of, fresh, kinds, make_pack, play_until, refused, stage

from kingdom_legacy import (Campaign, IllegalAction, LegacyError, LossWarning, PackError, RandomBot, demo_pack,
                            load_pack)


def act(trigger, *steps, **kw):
    return {"trigger": trigger, "do": list(steps), **kw}


# ---------------------------------------------------------------------------- the draw pile

def deck_pack():
    return make_pack([
        card(1, stage("Scout", ["person"], production=[{"sword": 1}],
                      effects=[act("activated", {"kind": "top_to_bottom"})])),
        card(2, stage("Well", ["land"], effects=[act("activated", {"kind": "gain", "resources": {"coin": 1}},
                                                     {"kind": "to_deck", "where": "bottom", "target": "self"})])),
        card(3, stage("Herald", ["person"], effects=[act("forced", {"kind": "top_to_bottom"}, when="play")])),
        card(4, stage("Crier", ["person"], effects=[act("optional", {"kind": "top_to_bottom"}, when="end_of_turn")])),
        card(5, stage("Recruiter", ["person"], effects=[act("activated", {
            "kind": "to_deck", "where": "top", "target": {"scope": "discard", "obstacle": False}})])),
    ], box=9, start=8)


def test_an_effect_on_the_draw_pile_is_not_offered_when_the_pile_is_empty():
    """\"Some cards let you put cards on top of or under your deck.  If there are no cards
    left in the deck, you cannot use such an effect." -- so the card is not discarded for
    nothing."""
    c = arrange(fresh(pack=deck_pack()), play=[1, 2, 6], deck=[])
    legal = [str(a) for a in c.legal_actions()]
    assert "use 1 1" not in legal and "use 2 1" not in legal
    msg = refused(c, "use 1 1", "draw pile is empty", "cannot be used")
    assert "Allowed: produce 1 1, produce 6 1, pass" in msg
    assert 1 in c.play                                        # not discarded
    c = arrange(c, play=[1, 2], deck=[7])
    assert {"use 1 1", "use 2 1"} <= {str(a) for a in c.legal_actions()}
    c.apply("use 2 1")                                        # discard the Well: 1 coin, then it goes under the pile
    assert c.pool == {"coin": 1} and c.deck == [7, 2] and 2 not in c.discard
    assert events_of(c, "to_deck")[-1] == {"card": 2, "stage": "front", "where": "bottom"}


def test_a_deck_emptied_and_refilled_by_one_effect_still_ends_the_round():
    """\"An exhausted deck always means that at the end of the current turn the whole round
    ends too" ("Wyczerpana talia zawsze oznacza, że na końcu bieżącej tury zakończy się
    również cała runda").  The Messenger (discard it: play 1 more card, then put a card of
    the discard pile on top of the deck) plays the last card, 5, and puts itself back on the
    pile: the pile is not empty at the end of the turn, and still the round ends.  Round 2
    discovers card 6 and shuffles all 6 cards, the Messenger from the pile too; its turn 1
    plays 4 of them."""
    messenger = stage("Messenger", ["person"], effects=[act(
        "activated", {"kind": "play", "count": 1}, {"kind": "to_deck", "where": "top", "target": {"scope": "discard"}})])
    pack = make_pack([card(1, messenger), card(6, stage("Crown", glory=5))], box=6, start=5, final=6)
    c = arrange(fresh(pack=pack), play=[1, 2, 3, 4], deck=[5])
    c.apply("use 1 1")
    assert c.deck == [1] and c.play == [2, 3, 4, 5] and c.round == 1 and c.turn == 1
    assert c.to_dict()["exhausted"] is True
    c.apply("pass")
    ends = [e for e in c.events if e.kind == "end_round"]
    assert [(e.round, e.turn) for e in ends] == [(1, 1)]            # no turn 2 in round 1
    assert (c.round, c.turn) == (2, 1)
    assert sorted(c.play + c.deck) == [1, 2, 3, 4, 5, 6] and len(c.play) == 4 and c.discard == []
    assert "exhausted" not in c.to_dict()


def test_a_save_from_before_the_exhausted_deck_rule_still_loads():
    """A save written mid-turn with the pile empty has no "exhausted": the replay gives it."""
    c = play_until(Campaign.new(demo_pack(), 3), lambda c: not c.deck and c.decision() == "main")
    d = json.loads(c.to_json())
    assert d.pop("exhausted") is True
    loaded = Campaign.from_json(json.dumps(d))
    assert loaded.exhausted and loaded.to_json() == c.to_json()


def test_a_triggered_effect_on_an_empty_pile_cannot_be_resolved():
    """\"If there are no cards left in the deck, you cannot use such an effect" holds for
    triggered effects too: an optional one can only be skipped, a forced one is logged as
    not usable."""
    c = arrange(fresh(pack=deck_pack()), play=[4], deck=[3])
    c.apply("pass")                                           # the Crier's end of turn: the pile still has the Herald
    assert {str(a) for a in c.legal_actions()} == {"resolve 4 1", "skip 4 1"}
    c.apply("skip 4 1")
    # the Herald is played from the last card of the pile: its forced effect finds it empty
    assert c.play == [3] and c.deck == []
    assert events_of(c, "deck_empty_effect")[-1] == {"card": 3, "stage": "front", "idx": 1}
    c = arrange(c, play=[4], deck=[])
    c.apply("pass")
    assert c.decision() == "order" and [str(a) for a in c.legal_actions()] == ["skip 4 1"]


def test_a_card_can_be_put_on_top_of_the_pile_and_is_then_played_first():
    """\"Thanks to some cards you will put cards on top of or under your deck." (the Well
    above goes under it; the Recruiter takes a friendly card of the discard pile on top)."""
    c = arrange(fresh(pack=deck_pack()), play=[5], deck=[7, 8])
    assert sorted(c.discard) == [1, 2, 3, 4, 6]
    c.apply("use 5 1")                                        # 5 is discarded first, then chosen among the discard pile
    assert c.decision() == "target" and [a.a for a in c.legal_actions()] == [1, 2, 3, 4, 5, 6]
    c.apply("target 6")
    assert c.deck == [6, 7, 8] and c.top_card() == 6
    c.apply("develop")
    assert c.play == [6, 7]


# ---------------------------------------------------------------------------- reset and undo

def reset_pack(**kw):
    return make_pack([card(3, stage("Hut", production=[{"wood": 1}])),
                      card(4, stage("Crown", glory=5))], box=5, start=2, final=4, **kw)


def test_the_campaign_can_be_reset_until_the_reset_card_is_discovered():
    """\"Remember that you can reset the game until card no. 23 is discovered.  Until then,
    set 'destroyed' cards aside." (the pack says which card; 23 by default)."""
    assert demo_pack().reset_until == 23 and reset_pack().reset_until == 23
    c = fresh(pack=reset_pack(reset_until=4), manual=True)
    assert c.can_restart()
    play_until(c, lambda c: c.round == 2)                     # round 2 discovers cards 3 and 4
    assert 4 not in c.box and not c.can_restart()
    before = c.to_json()
    with pytest.raises(IllegalAction) as info:
        c.restart()
    assert info.value.message("en") == "card 4 has been discovered: the campaign can no longer be reset"
    assert "nie można już zresetować" in info.value.message("pl")
    assert c.to_json() == before


def test_a_restart_begins_the_same_box_again_in_the_same_mode():
    c = fresh(pack=reset_pack(), manual=True)
    c.apply("pass")
    c.restart(seed=9)
    assert c.manual and c.seed == 9 and c.history == [] and c.round == 1 and c.box == [3, 4, 5]
    assert c.decision() == "reveal"                          # companion mode: which card is on top?


def test_undo_goes_back_to_any_earlier_step_by_replaying_seed_and_history():
    """Undo is not a rule of the game but the companion's promise: the same seed and the
    same actions give the same campaign, so any earlier step is rebuilt exactly."""
    c = Campaign.new(demo_pack(), 11)
    bot = RandomBot(11)
    snapshots = {0: c.to_json()}
    for _ in range(60):
        c.apply(bot.choose(c))
        snapshots[len(c.history)] = c.to_json()
    c.back_to(37)
    assert c.to_json() == snapshots[37]
    c.undo(5)
    assert c.to_json() == snapshots[32]
    c.undo(32)
    assert c.to_json() == snapshots[0]
    with pytest.raises(IllegalAction) as info:
        c.undo(1)
    assert info.value.message("en") == "there is no move to take back yet"                # not "from 1 to 0"
    assert info.value.message("pl") == "nie ma jeszcze żadnego ruchu do cofnięcia"


# ---------------------------------------------------------------------------- tabs

def tab_pack():
    return make_pack([
        card(1, stage("Cartographer", ["person"], effects=[
            act("timed", {"kind": "add_tab", "target": {"scope": "kingdom", "other": True}})])),
        card(2, stage("Pathfinder", ["person"], effects=[
            act("activated", {"kind": "to_deck", "where": "top", "target": {"scope": "kingdom", "tab": True}})])),
    ], box=10, start=9, stickers=[{"number": 10, "kind": "tab", "count": 1}])


def test_a_tab_shows_where_its_card_is_in_the_draw_pile():
    """\"Some cards let you 'mark' another card with a long, thin sticker ... This way that
    card will be visible at any moment of the game, since its tab will stick out beyond the
    other cards in the deck.\""""
    c = arrange(fresh(pack=tab_pack()), play=[1], deck=[2, 3, 5, 6, 7, 4, 8, 9])
    c.apply("use 1 1")                                        # timed: discard, tab a card, end the turn
    assert c.decision() == "target" and 1 not in [a.a for a in c.legal_actions()]
    c.apply("target 4")
    assert c.cards[4]["tab"] and c.stickers == {"10": 0}
    assert c.play == [2, 3, 5, 6] and c.deck == [7, 4, 8, 9]
    assert c.tabs_in_deck() == [(2, 4)]                       # second from the top
    assert c.card_view(4)["tab"] is True
    c.apply("use 2 1")                                        # the tabbed card goes on top
    assert c.deck == [4, 7, 8, 9] and c.top_card() == 4


def test_without_a_tab_sticker_left_the_effect_is_ignored():
    """\"If an effect tells you to place a sticker you no longer have, ignore it.\""""
    c = arrange(fresh(pack=tab_pack()), play=[1], deck=[2, 3, 5, 6, 7, 8])
    c.stickers["10"] = 0
    c.apply("use 1 1")
    c.apply("target 8")
    assert not c.cards[8]["tab"] and events_of(c, "no_sticker")[-1] == {"sticker": "tab"}


# ---------------------------------------------------------------------------- crossed-out production

def test_crossing_out_the_whole_production_also_crosses_out_the_equipment():
    """\"Likewise, if you were to cross out the whole production on the wielder, you would
    also cross out the whole production on its equipment, as they count as one card.\""""
    pack = make_pack([
        card(1, stage("Farmer", ["person"], production=[{"coin": 2}])),
        card(2, stage("Plough", ["other"], equip="person", production=[{"wood": 1}])),
        card(3, stage("Blight", ["event"], obstacle=True, effects=[
            act("activated", {"kind": "strike_production", "target": {"keyword": "person"}})])),
        card(4, stage("Steward", ["person"], effects=[
            act("activated", {"kind": "add_production", "resource": "stone", "target": {"keyword": "person"}})])),
    ], box=6, start=5, stickers={"stone": 1})
    c = arrange(fresh(pack=pack), play=[1, 2, 3, 4], deck=[5])
    c.apply("equip 2 1")
    assert c.production(1) == [{"coin": 2, "wood": 1}]
    c.apply("use 3 1")                                        # only the Farmer is a person: no question
    assert c.production(1) == [] and c._own_production(2) == []
    assert [e["card"] for e in events_of(c, "strike")] == [1, 2]
    assert not any(a.kind == "produce" and a.a == 1 for a in c.legal_actions())
    refused(c, "produce 1 1", "produces nothing")
    c.apply("use 4 1")                                        # a sticker put later produces again
    assert c.cards[1]["stickers"] == [["front", "stone"]] and c.production(1) == [{"stone": 1}]


# ---------------------------------------------------------------------------- resources of packs and expansions

def resource_pack():
    fish = {"id": "fish", "name": {"en": {"one": "fish", "many": "fish"},
                                   "pl": {"one": "ryba", "few": "ryby", "many": "ryb", "acc": "rybę"}}}
    silk = {"id": "silk", "name": {"en": "silk", "pl": "jedwab"}}
    return make_pack([
        card(1, stage("Market", effects=[act("activated", {"kind": "gain", "choice": "any"})])),
        card(3, stage("Weaver", production=[{"silk": 1}])),
        card(5, stage("Crown", glory=1)),
        card(6, stage("Silk Road", ["event"], permanent=True, effects=[
            act("passive", {"kind": "add_production", "resource": "any", "target": {"scope": "kingdom"}},
                cost={"silk": 1})])),
    ], box=6, start=4, final=5, resources=[fish],
        expansions=[{"card": 6, "rounds": 1, "purge": 3, "purge_permanent": 0, "resources": [silk]}],
        stickers=[{"number": 1, "kind": "resource", "resource": "wood", "count": 1},
                  {"number": 12, "kind": "resource", "resource": "silk", "count": 1}])


def expand(c):
    """The campaign played to its end, then the Silk Road begun; its purge spares the
    Market (1) and the Weaver (3)."""
    play_until(c, lambda c: c.is_over)
    c.apply("expansion 6")
    c.apply(f"purge {next(a.a for a in c.legal_actions() if a.a not in (1, 3))}")
    return c


def test_gain_any_resource_includes_the_resources_of_the_pack_and_of_begun_expansions():
    """\"Some expansions bring new resources into the game.  If an effect lets you gain
    '1 any resource', it may also be one of the new ones.\""""
    c = arrange(fresh(pack=resource_pack()), play=[1], deck=[2])
    c.apply("use 1 1")
    assert [a.a for a in c.legal_actions()] == ["coin", "wood", "stone", "metal", "sword", "goods", "fish"]
    c.apply("resource fish")
    assert c.pool == {"fish": 1}
    assert c.describe("pl", c.events[-1:])[0].endswith("Zyskujesz 1 rybę (#1 Market)")
    expand(c)
    assert "silk" in c.resources() and events_of(c, "new_resource") == [{"resource": "silk"}]
    play_until(c, lambda c: c.decision() == "main" and 1 in c.play)
    c.pool = {}
    c.apply("use 1 1")
    assert [a.a for a in c.legal_actions()][-2:] == ["fish", "silk"]


def test_a_sticker_of_any_resource_may_be_a_new_resource():
    """\"If you are to place 'a sticker of 1 any resource', it may also be a sticker of a new
    resource, even if the effect points at stickers 1-6.\""""
    c = expand(fresh(pack=resource_pack()))
    play_until(c, lambda c: c.decision() == "main")
    c = arrange(c, play=[3], deck=[1])
    c.apply("produce 3 1")
    c.apply("use 6 1")                                         # pay 1 silk: which card, then which sticker?
    assert c.decision() == "target"
    c.apply("target 1")
    assert [a.a for a in c.legal_actions()] == ["wood", "silk"]   # only stickers you still have
    c.apply("resource silk")
    assert c.cards[1]["stickers"] == [["front", "silk"]] and c.stickers == {"1": 1, "12": 0}


def test_a_pack_must_declare_its_resources():
    raw = json.loads(json.dumps(resource_pack().raw))
    raw["cards"][2]["stages"]["front"]["production"] = [{"gold": 1}]
    with pytest.raises(PackError) as info:
        load_pack(raw, "mine.json")
    msg = info.value.message("en")
    assert "card 3, stage front, field production[0].gold" in msg
    assert "use one of coin, wood, stone, metal, sword, goods, fish, silk" in msg


# ---------------------------------------------------------------------------- numbered stickers

def sheet_pack():
    seal = {"trigger": "passive", "do": [{"kind": "stay_in_play"}]}
    return make_pack([
        card(1, stage("Guild Master", ["person"], effects=[
            act("activated", {"kind": "sticker", "number": 8, "target": {"keyword": "building"}})])),
        card(2, stage("Herald", ["person"], effects=[
            act("activated", {"kind": "add_glory", "glory": 2, "target": {"keyword": "building"}})])),
        card(3, stage("Bard", ["person"], effects=[
            act("activated", {"kind": "add_glory", "glory": 3, "target": {"keyword": "building"}})])),
    ], box=7, start=6, stickers=[
        {"number": 1, "kind": "resource", "resource": "wood", "count": 1},
        {"number": 7, "kind": "glory", "glory": 2, "count": 1},
        {"number": 8, "kind": "effect", "count": 1, "effect": seal,
         "name": {"en": "Guild seal", "pl": "Pieczęć cechu"}}])


def test_a_numbered_sticker_brings_its_own_effect():
    """\"For convenience the stickers on the sheet are numbered." -- a sticker is what its
    number says: a resource, glory, a tab or an effect of its own (here: stays in play)."""
    c = arrange(fresh(pack=sheet_pack()), play=[1, 4], deck=[5, 6, 2, 3])
    c.apply("use 1 1")                                        # the only building in play: card 4
    assert c.cards[4]["stickers"] == [["front", "effect", 8]] and c.stickers["8"] == 0
    assert c.effects(4)[-1] == {"trigger": "passive", "do": [{"kind": "stay_in_play"}]}
    assert "Passive effect: this card stays in play at the end of the turn." in c.card_view(4)["lines"]
    c.apply("pass")
    assert c.play[0] == 4 and events_of(c, "stays")[-1] == {"card": 4, "stage": "front"}


def test_a_glory_sticker_of_the_right_value_and_none_left():
    """\"If an effect tells you to place a sticker you no longer have, ignore it." -- the
    sheet has one +2 glory sticker and no +3 one."""
    c = arrange(fresh(pack=sheet_pack()), play=[2, 3, 4], deck=[5, 6])
    c.apply("use 3 1")
    assert c.cards[4]["stickers"] == [] and events_of(c, "no_sticker")[-1] == {"sticker": "glory"}
    c.apply("use 2 1")
    assert c.cards[4]["stickers"] == [["front", "glory", 2]] and c.card_glory(4) == 2 and c.stickers["7"] == 0


def test_stickers_go_on_the_active_stage_unless_the_effect_names_another():
    """\"Place stickers only on the active stage of a card, unless the effect says
    otherwise.\""""
    pack = make_pack([
        card(1, stage("Chapel", production=[{"coin": 1}]), back=stage("Cathedral", glory=3)),
        card(2, stage("Abbot", ["person"], effects=[
            act("activated", {"kind": "add_glory", "glory": 1, "stage": "back",
                              "target": {"keyword": "building", "scope": "kingdom"}})])),
    ], box=4, start=3, stickers={"glory": 2})
    c = arrange(fresh(pack=pack), play=[2], deck=[1, 3])
    c.apply("use 2 1")                                        # card 3 has no back: only the Chapel fits
    assert c.cards[1]["stickers"] == [["back", "glory", 1]]
    assert c.card_glory(1) == 0                               # not on the active stage
    assert events_of(c, "sticker")[-1] == {"card": 1, "stage": "front", "on": "back", "sticker": "glory", "value": 1}
    assert c.describe("en", c.events[-1:])[0].endswith("#1 Chapel gets a sticker on its stage back: +1 glory sticker (#2 Abbot)")
    c.cards[1]["stage"] = "back"
    assert c.card_glory(1) == 4


# ---------------------------------------------------------------------------- destroyed and purged

def protected_pack():
    return make_pack([
        card(1, stage("Shrine", unpurgeable=True, glory=1)),
        card(2, stage("Keep", indestructible=True, glory=1)),
        card(5, stage("Zealot", ["person"], effects=[
            act("activated", {"kind": "destroy", "target": {"keyword": "building", "scope": "kingdom"}})])),
        card(7, stage("Crown", glory=2)),
        card(8, stage("Winter", ["event"], permanent=True)),
    ], box=8, start=6, final=7, expansions=[{"card": 8, "rounds": 1, "purge": 2, "purge_permanent": 0}])


def test_cannot_be_destroyed_and_cannot_be_purged_are_two_properties():
    """\"You cannot choose for the purge a card whose text clearly says that it cannot be
    destroyed or purged." -- a card that only cannot be purged may still be destroyed."""
    c = arrange(fresh(pack=protected_pack()), play=[5], deck=[6])
    c.apply("use 5 1")
    assert [a.a for a in c.legal_actions()] == [1, 3, 4, 6]   # the Keep cannot be destroyed; the Shrine can
    assert "cannot be purged" in c.card_view(1)["lines"][0] and "cannot be destroyed" in c.card_view(2)["lines"][0]
    for seed in range(6):
        c = play_until(fresh(seed, pack=protected_pack()), lambda c: c.is_over)
        c.apply("expansion 8")
        offered = set()
        while c.decision() == "purge":
            offered |= {a.a for a in c.legal_actions()}
            c.apply(c.legal_actions()[0])
        assert offered and not offered & {1, 2}


# ---------------------------------------------------------------------------- manual steps

def trickster_pack():
    text = {"en": "Swap this card with a card of your discard pile", "pl": "Zamień tę kartę z kartą ze stosu"}
    return make_pack([card(1, stage("Trickster", ["person"], effects=[act(
        "activated", {"kind": "gain", "resources": {"coin": 1}}, {"kind": "manual", "text": text},
        {"kind": "gain", "resources": {"wood": 1}})]))], box=5, start=4)


def test_a_manual_step_shows_the_text_gives_the_tools_and_the_effect_goes_on():
    """What the card format cannot say is done by hand: the text is shown, the generic tools
    are offered, the log says the step was manual, and the rest of the effect follows."""
    c = arrange(fresh(pack=trickster_pack()), play=[1], deck=[2, 3])
    c.apply("use 1 1")
    assert c.decision() == "manual" and c.pool == {"coin": 1}
    assert c.manual_text("en") == "Swap this card with a card of your discard pile"
    assert c.manual_text("pl") == "Zamień tę kartę z kartą ze stosu"
    legal = {str(a) for a in c.legal_actions()}
    assert {"manual done", "manual move 4 play", "manual move 1 play", "manual gain stone", "manual lose coin",
            "manual move 2 bottom", "manual move 1 destroyed", "manual move 4 box"} <= legal
    assert "manual move 2 top" not in legal and "manual move 4 discard" not in legal   # already there
    refused(c, "pass", "a manual step is waiting first")
    refused(c, "manual start", "a manual step is open already")
    since = len(c.events)
    c.apply("manual move 1 play")
    c.apply("manual gain stone")
    c.apply("manual done")
    assert c.decision() == "main" and c.play == [1] and c.pool == {"coin": 1, "stone": 1, "wood": 1}
    assert kinds(c, since) == ["manual_move", "gain", "manual_done", "gain"]
    log = c.describe("en", c.events[since - 1:])
    assert log[0].endswith("A manual step for #1 Trickster: do by hand what it says")
    assert log[1].endswith("By hand: #1 Trickster goes from the discard pile into play")
    assert log[2].endswith("You gain 1 stone (manual step)")
    assert log[4].endswith("You gain 1 wood (#1 Trickster)")


def test_a_manual_step_can_be_opened_instead_of_a_turn_action_and_keeps_the_golden_rules():
    c = arrange(fresh(), play=[1, 7], deck=[2, 3, 4, 5])
    c.apply("manual start")
    assert c.manual_text() is None
    c.apply("manual turn 1 back")                            # golden rule 3: turned, so discarded at once
    assert c.cards[1]["stage"] == "back" and 1 in c.discard
    assert "manual move 7 discard" in {str(a) for a in c.legal_actions()}
    assert "manual move 1 permanent" not in {str(a) for a in c.legal_actions()}   # not a permanent stage
    c.apply("manual sticker 7 7")                           # the demo's sticker 7: +1 glory
    assert c.cards[7]["stickers"] == [["front", "glory", 1]]
    c.apply("manual done")
    assert c.decision() == "main"
    refused(c, "manual move 7 box", "begin one with 'manual start'")


def test_a_card_not_entered_yet_never_blocks_a_companion_campaign():
    """In companion mode a discovered card you have not entered gets a blank stand-in; you
    enter it when you can (undo and saves keep the moment you did)."""
    pack = make_pack([card(4, stage("Crown", glory=5))], box=4, start=2, final=4)   # card 3 is not entered
    c = play_until(fresh(pack=pack, manual=True), lambda c: c.round == 2 and c.decision() == "reveal")
    assert 3 not in c.box and c.pack.card(3).placeholder
    assert events_of(c, "placeholder") == [{"number": 3}]
    assert c.card_view(3)["name"] == "#3" and c.card_view(3)["placeholder"]
    assert c.describe("en", [e for e in c.events if e.kind == "discover"])[0].endswith(
        "#3 (not entered yet) is discovered and goes to the discard pile (start of the round)")
    steps = len(c.history)
    c.enter_card(card(3, stage("Hut", production=[{"wood": 1}])))
    assert c.card_view(3)["name"] == "Hut" and c.edits == [{"at": steps, "card": c.pack.card(3).raw}]
    text = c.to_json()
    assert Campaign.from_json(text).to_json() == text
    c.apply(c.legal_actions()[0])
    c.undo()
    assert c.to_json() == text
    with pytest.raises(LegacyError) as info:
        c.enter_card(card(3, stage("Tower", permanent=True)))
    assert "move it by hand first" in info.value.message("en") and c.to_json() == text


def test_outside_companion_mode_a_card_not_entered_stops_the_campaign_unchanged():
    pack = make_pack([], box=3, start=2, final=3)
    c = arrange(fresh(pack=pack), play=[1], deck=[])
    before = c.to_json()
    with pytest.raises(LegacyError) as info:
        c.apply("pass")
    assert "card 3" in info.value.message("en") and "companion mode" in info.value.message("en")
    assert c.to_json() == before


# ---------------------------------------------------------------------------- purge in companion mode

def test_companion_purge_goes_group_by_group_as_written():
    """\"'Carry out purge 12' means that you shuffle your deck and look at 12 cards at a time,
    each time choosing 1 friendly card of them to purge (you set it aside for now).  When
    fewer than 12 cards are left in the deck, the choosing ends." (this pack purges 6)"""
    pack = make_pack([card(15, stage("Crown", glory=3)), card(16, stage("Winter", ["event"], permanent=True))],
                     box=16, start=14, final=15,
                     expansions=[{"card": 16, "rounds": 1, "purge": 6, "purge_permanent": 0}])
    c = play_until(fresh(pack=pack, manual=True), lambda c: c.is_over)
    c.apply("expansion 16")
    assert c.decision() == "reveal" and len(c.legal_actions()) == 15    # you shuffled: which cards came first?
    for n in (15, 14, 13, 12, 11, 10):
        c.apply(f"reveal {n}")
    assert c.decision() == "purge" and [a.a for a in c.legal_actions()] == [10, 11, 12, 13, 14, 15]
    refused(c, "purge 3", "not one of the options")
    c.apply("purge 15")
    assert c.decision() == "reveal"                          # 14 cards, 5 looked at: 9 left, a second group
    assert [a.a for a in c.legal_actions()] == list(range(1, 10))
    for n in (9, 1, 2, 3, 4, 5):
        c.apply(f"reveal {n}")
    assert [a.a for a in c.legal_actions()] == [1, 2, 3, 4, 5, 9]
    c.apply("purge 9")                                       # 3 cards left unlooked: fewer than 6, the end
    assert c.decision() != "purge" and c.destroyed == [15, 9] and c.purged_glory == 3
    assert [e["card"] for e in events_of(c, "purge_seen")] == [15, 14, 13, 12, 11, 10, 9, 1, 2, 3, 4, 5]


# ---------------------------------------------------------------------------- the log

def test_the_log_names_the_stage_a_card_had_when_it_acted():
    """A cause is labelled with the stage of the card at that moment: the coin the
    Farmstead produced stays the Farmstead's after it became the Farm."""
    c = arrange(fresh(), play=[1], deck=[2, 3, 4, 5, 6])
    c.apply("produce 1 1")
    gain = len(c.events) - 1
    c = arrange(c, play=[1], deck=[7, 8, 9, 10], pool={"wood": 1})
    c.apply("upgrade 1 front_rotated")
    assert c.card_view(1)["name"] == "Farm"
    assert c.describe("en", c.events[gain - 2:gain + 1]) == [
        "[R1 T1] #1 Farmstead is discarded to produce 1 coin",
        "[R1 T1] #1 Farmstead goes to the discard pile (produced)",
        "[R1 T1] You gain 1 coin (#1 Farmstead)"]
    assert c.describe("pl", c.events[gain:gain + 1]) == ["[R1 T1] Zyskujesz 1 monetę (#1 Zagroda)"]


def test_a_parchment_is_set_aside_followed_and_destroyed():
    """\"Discover 2 more cards from the box, unless the first of them is a parchment card.
    If it is, follow its description and then destroy it.\""""
    c = arrange(fresh(), play=[1], deck=[])
    c.apply("pass")
    log = "\n".join(c.describe("en"))
    assert "#12 Fertile Soil is discovered: a parchment, set aside to be followed" in log
    assert "#12 Fertile Soil is discovered and goes to the discard pile" not in log
    assert c.aside == [12]                                    # waiting for its land
    c.apply("target 3")
    assert c.aside == [] and 12 in c.destroyed and 12 not in c.discard
    assert c.describe("en", c.events[-20:]).count("[R2] #12 Fertile Soil is destroyed (parchment)") == 1


# ---------------------------------------------------------------------------- unspent resources

def test_the_engine_warns_before_an_action_loses_unspent_resources():
    """\"They all are lost when a new card comes into the play area or at the end of the
    turn.  So gather them only when you have something to spend them on!\""""
    c = arrange(fresh(), play=[3, 1, 4], deck=[2, 5, 6, 7])
    assert c.losses("develop") == {}                          # nothing to lose
    c.apply("produce 3 1")
    assert c.losses("develop") == {"stone": 1} and c.losses("pass") == {"stone": 1}
    assert c.losses("produce 1 1") == {}
    before = c.to_json()
    with pytest.raises(LossWarning) as info:
        c.apply("develop", allow_loss=False)
    assert c.to_json() == before
    assert info.value.message("en") == "'develop' loses resources you have not spent: 1 stone. Confirm to do it anyway"
    assert "przepadną niewydane zasoby: 1 kamień" in info.value.message("pl")
    c.apply("produce 1 1")
    c.pool = {"wood": 3, "coin": 1}
    assert c.losses("use 4 1") == {}                          # the Smithy turns 1 wood into a sword: nothing lost
    assert c.losses("pass") == {"wood": 3, "coin": 1}
    c.apply("develop", allow_loss=True)
    assert events_of(c, "lost")[-1] == {"what": {"wood": 3, "coin": 1}}


def test_an_upgrade_warns_about_what_is_left_after_paying():
    c = arrange(fresh(), play=[1], deck=[2, 3, 4, 5], pool={"wood": 2})
    assert c.losses("upgrade 1 front_rotated") == {"wood": 1}


def test_in_companion_mode_the_warning_comes_before_you_say_which_card_is_on_top():
    c = Campaign.new(demo_pack(), 0, manual=True)
    for n in (4, 2, 9, 7):
        c.apply(f"reveal {n}")
    c.apply("skip 9 1")
    c.apply("produce 4 1")                                    # the Smithy gives 1 metal
    assert c.losses("develop") == {"metal": 1} and c.losses("produce 2 1") == {}
    c.apply("develop")
    assert c.decision() == "reveal" and c.pool == {"metal": 1}   # lost once the next card is played
    c.apply("reveal 1")
    assert c.pool == {} and events_of(c, "lost")[-1] == {"what": {"metal": 1}}
