"""Every action and golden rule of Kingdom Legacy, with positions worked out by hand on
the invented demo kingdom (kingdom_legacy/data/demo.json) and on small packs."""

import pytest
from legacy_helpers import (arrange, card, events_of, fresh, kinds, make_pack, stage, take_from_box,
                            where)

from kingdom_legacy import Campaign, IllegalAction, LegacyError, demo_pack


def refused(c, action, *fragments):
    """``action`` raises, names the reason, lists what is allowed, and changes nothing."""
    before = c.to_json()
    with pytest.raises(IllegalAction) as info:
        c.apply(action)
    msg = info.value.message("en")
    for f in fragments:
        assert f in msg, msg
    assert "Allowed:" in msg
    assert c.to_json() == before
    return msg


# ---------------------------------------------------------------------------- setup and turns

def test_setup_kingdom_box_and_first_turn():
    c = Campaign.new(demo_pack(), 1)
    w = where(c)
    assert sorted(n for n, z in w.items() if z == "box") == list(range(11, 26))
    assert sorted(n for n, z in w.items() if z in ("deck", "play")) == list(range(1, 11))
    assert len(c.play) == 4 and len(c.deck) == 6            # the top 4 cards are played
    assert c.top_card() == c.deck[0]                         # the face-up pile shows its top
    assert (c.round, c.turn) == (1, 1)
    assert c.glory() == 0                                    # every front stage of 1-10 has 0 glory


def test_a_turn_plays_all_of_the_last_one_to_three_cards():
    c = arrange(fresh(), play=[1], deck=[2, 3, 4])
    t = c.turn
    c.apply("pass")
    assert c.turn == t + 1
    assert c.play == [2, 3, 4] and c.deck == []
    assert 1 in c.discard                                    # discarded at the end of the turn


def test_round_ends_when_the_draw_pile_is_empty_and_everything_is_discarded():
    c = arrange(fresh(), play=[7, 1], deck=[])
    c.apply("pass")                                           # the Watchtower stays in play ... until the round ends
    ev = kinds(c)
    assert "end_round" in ev and c.round == 2
    assert {"card": 7, "stage": "front", "reason": "end_round", "permanent": False} in events_of(c, "discard")


# ---------------------------------------------------------------------------- the five actions

def test_produce_discards_the_card_and_gives_its_resources():
    c = arrange(fresh(), play=[3, 1], deck=[2, 4, 5, 6])
    c.apply("produce 3 1")
    assert c.pool == {"stone": 1} and 3 in c.discard and 3 not in c.play
    c.apply("produce 1 1")
    assert c.pool == {"stone": 1, "coin": 1}
    assert events_of(c, "discard")[-1]["reason"] == "produced"


def test_a_card_that_produces_nothing_cannot_be_produced_from():
    c = arrange(fresh(), play=[6, 1], deck=[2, 4, 5])
    refused(c, "produce 6 1", "produces nothing")


def test_a_slash_is_a_choice_between_productions():
    c = arrange(fresh(), play=[5], deck=[1, 2, 3, 4])
    assert {str(a) for a in c.legal_actions()} >= {"produce 5 1", "produce 5 2"}
    c.apply("produce 5 2")
    assert c.pool == {"stone": 1}


def test_upgrade_pays_turns_the_card_discards_it_and_ends_the_turn():
    c = arrange(fresh(), play=[1, 2], deck=[3, 4, 5, 6], pool={"wood": 1})
    t = c.turn
    c.apply("upgrade 1 front_rotated")
    assert c.cards[1]["stage"] == "front_rotated"            # Farmstead -> Farm
    assert 1 in c.discard and 2 in c.discard                  # golden rule 3, then the end of the turn
    assert c.turn == t + 1 and c.play == [3, 4, 5, 6]         # golden rule 4: the next turn began
    assert c.pool == {}
    assert "turn_ends_upgrade" in kinds(c)
    stage_ev = events_of(c, "stage")[-1]
    assert (stage_ev["stage"], stage_ev["to"], stage_ev["reason"]) == ("front", "front_rotated", "upgrade")


def test_upgrade_without_the_cost_is_refused_with_the_cost_named():
    c = arrange(fresh(), play=[1], deck=[2, 3, 4, 5], pool={"coin": 1})
    refused(c, "upgrade 1 front_rotated", "costs 1 wood", "1 coin")


def test_develop_plays_two_more_and_resources_are_lost_when_a_card_comes_into_play():
    c = arrange(fresh(), play=[3], deck=[1, 2, 4])
    c.apply("produce 3 1")
    assert c.pool == {"stone": 1}
    since = len(c.events)
    c.apply("develop")
    assert c.play == [1, 2] and c.deck == [4]
    assert c.pool == {}
    assert events_of(c, "lost", since) == [{"what": {"stone": 1}}]
    c.apply("develop")                                        # one card left: it is played
    assert c.play == [1, 2, 4] and c.deck == []
    refused(c, "develop", "draw pile is empty")


def test_resources_are_lost_at_the_end_of_the_turn():
    c = arrange(fresh(), play=[3, 1], deck=[2, 4, 5, 6])
    c.apply("produce 3 1")
    since = len(c.events)
    c.apply("pass")
    assert events_of(c, "lost", since) == [{"what": {"stone": 1}}]
    assert c.pool == {}


def test_an_activated_effect_discards_and_a_turn_by_effect_is_no_upgrade():
    c = arrange(fresh(), play=[2, 4], deck=[5, 6, 7, 8])
    t = c.turn
    c.apply("use 2 1")                                        # Woodland: gain 2 wood, then rotate
    assert c.pool == {"wood": 2}
    assert c.cards[2]["stage"] == "front_rotated" and 2 in c.discard   # Clearing, discarded
    assert c.turn == t and c.decision() == "main"              # the turn goes on


def test_a_passive_effect_can_be_used_again_and_again_while_paid():
    c = arrange(fresh(), play=[4], deck=[1, 2, 3, 5], pool={"wood": 2})
    c.apply("use 4 1")
    c.apply("use 4 1")
    assert c.pool == {"sword": 2} and c.play == [4]
    refused(c, "use 4 1", "costs 1 wood")


def test_pass_ends_the_turn():
    c = arrange(fresh(), play=[1], deck=[2, 3, 4, 5])
    t = c.turn
    c.apply("pass")
    assert c.turn == t + 1 and "pass" in kinds(c)


# ---------------------------------------------------------------------------- effects

def test_timed_effect_increases_a_production_and_ends_the_turn():
    c = arrange(fresh(), play=[5, 1], deck=[2, 3, 4, 6])
    t = c.turn
    coins = c.stickers["3"]                                    # sticker 3 of the demo's sheet: a coin
    c.apply("use 5 1")                                        # only one building, one resource: no question
    assert c.cards[1]["stickers"] == [["front", "coin"]]
    assert c.stickers["3"] == coins - 1
    assert c.turn == t + 1
    c = arrange(c, play=[1], deck=[2, 3, 4, 6])
    assert c.production(1) == [{"coin": 2}]


def test_stay_in_play():
    c = arrange(fresh(), play=[7, 1], deck=[2, 3, 4, 5, 6])
    c.apply("pass")
    assert c.play == [7, 2, 3, 4, 5]                          # 4 new cards beside the Watchtower
    assert {"card": 7, "stage": "front"} in events_of(c, "stays")


def test_permanent_cards_are_never_shuffled_and_timed_effects_do_not_discard_them():
    c = arrange(fresh(), play=[7], deck=[1, 2, 3, 4, 5, 6, 10], pool={"stone": 2, "wood": 1})
    c.apply("upgrade 7 front_rotated")                        # Watchtower -> Keep (permanent)
    assert 7 in c.permanent and 7 not in c.discard
    assert "use 7 1" in [str(a) for a in c.legal_actions()]
    t = c.turn
    c.apply("use 7 1")                                        # gain 2 swords and end the turn
    assert c.turn == t + 1 and 7 in c.permanent
    c = arrange(c, play=[1], deck=[])
    c.apply("pass")                                           # the round ends, a new one begins
    assert c.round == 2 and 7 in c.permanent and 7 not in c.deck + c.play


def test_an_obstacle_blocks_a_card_until_it_is_defeated():
    c = arrange(take_from_box(fresh(), 11), play=[7], deck=[11, 1, 10, 5, 2, 3])
    c.apply("pass")                                           # Bandits, Farmstead, Scout, Peasant come into play
    assert c.play == [7, 11, 1, 10, 5]
    assert c.decision() == "target"                           # two buildings: you choose
    assert [a.a for a in c.legal_actions()] == [1, 7]
    c.apply("target 1")
    assert c.blocked == {1: 11}
    refused(c, "produce 1 1", "blocked by card 11")
    c.apply("produce 7 1")
    c.apply("produce 10 1")
    assert c.pool == {"sword": 2}
    c.apply("use 11 2")                                       # defeat: the Bandits are flipped ...
    assert c.cards[11]["stage"] == "back" and 11 in c.discard  # ... and discarded (golden rule 3)
    assert c.blocked == {} and 1 in c.play                    # the Farmstead is released, not played
    assert "produce 1 1" in [str(a) for a in c.legal_actions()]
    assert events_of(c, "release")[-1]["card"] == 1


def test_a_blocked_card_is_discarded_with_its_blocker_at_the_end_of_the_turn():
    c = take_from_box(fresh(), 11)
    c = arrange(c, play=[], deck=[11, 1, 2, 3, 4])
    c.apply("pass")
    assert c.blocked == {1: 11}
    c.apply("pass")
    assert 1 in c.discard and 11 in c.discard
    assert {"card": 1, "stage": "front", "reason": "with_blocker", "permanent": False} in events_of(c, "discard")


def test_equipment_adds_its_production_to_the_wielder_and_follows_it():
    c = take_from_box(fresh(), 13)
    c = arrange(c, play=[13, 5], deck=[1, 2, 3, 4], pool={"metal": 2})
    legal = [str(a) for a in c.legal_actions()]
    assert "equip 13 5" in legal and "upgrade 13 back" in legal
    assert not any(a.startswith("produce 13") for a in legal)  # equipment alone gives nothing
    c.apply("equip 13 5")
    assert c.production(5) == [{"wood": 2}, {"stone": 1, "wood": 1}]
    assert "upgrade 13 back" not in [str(a) for a in c.legal_actions()]   # equipped: no upgrade
    c.apply("produce 5 2")
    assert c.pool == {"metal": 2, "stone": 1, "wood": 1}
    assert 5 in c.discard and 13 in c.discard and c.attached == {}
    assert events_of(c, "discard")[-1]["reason"] == "with_wielder"


def test_golden_rule_5_no_resource_sticker_on_a_card_producing_nine():
    pack = make_pack([
        card(1, stage("Nine", production=[{"coin": 5, "wood": 4}])),
        card(2, stage("Eight", production=[{"coin": 8}])),
        card(3, stage("Steward", ["person"], effects=[
            {"trigger": "activated", "do": [{"kind": "increase_production", "target": {"keyword": "building"}}]}])),
    ], box=4, start=3, stickers={"coin": 5, "wood": 5})
    c = arrange(fresh(pack=pack), play=[1, 2, 3], deck=[])
    c.apply("use 3 1")                                        # card 1 produces 9: only card 2 qualifies
    assert c.cards[1]["stickers"] == [] and c.cards[2]["stickers"] == [["front", "coin"]]
    assert c.total_production(2) == 9
    c.cards[3]["stage"] = "front"
    c.discard.remove(3)
    c.play.append(3)
    c.entered[3] = "front"
    c.apply("use 3 1")                                        # now both produce 9: nothing to do
    assert events_of(c, "no_target")[-1] == {"step": "increase_production"}
    assert c.cards[2]["stickers"] == [["front", "coin"]]


def test_a_sticker_you_no_longer_have_is_ignored():
    c = arrange(fresh(), play=[5, 1], deck=[2, 3, 4, 6])
    c.stickers["3"] = 0
    c.apply("use 5 1")
    assert c.cards[1]["stickers"] == []
    assert events_of(c, "no_sticker") == [{"sticker": "coin"}]


def test_checkboxes_glory_and_the_last_box_flips_the_card():
    c = arrange(fresh(), play=[8], deck=[1, 2, 3, 4])
    c.apply("pass")
    assert c.decision() == "order"                            # an optional end-of-turn effect
    c.apply("resolve 8 1")
    assert c.decision() == "mark"                             # the boxes differ: you choose
    c.apply("mark 8 1")
    assert c.card_glory(8) == 1
    c = arrange(c, play=[8], deck=[1, 2, 3, 4])
    c.cards[8]["checks"] = [["front", 0], ["front", 1]]
    assert c.card_glory(8) == 2
    c.apply("pass")
    c.apply("resolve 8 1")                                    # the last box: 1 goods, then all marked
    assert c.cards[8]["checks"] == [["front", 0], ["front", 1], ["front", 2]]
    assert c.cards[8]["stage"] == "back" and 8 in c.discard   # Great Flock, discarded by golden rule 3
    assert c.card_glory(8) == 4                               # the front boxes no longer count


def test_skipping_an_optional_effect():
    c = arrange(fresh(), play=[8], deck=[1, 2, 3, 4])
    c.apply("pass")
    refused(c, "pass", "the order of triggered effects is waiting first")
    c.apply("skip 8 1")
    assert c.cards[8]["checks"] == [] and c.decision() == "main"


def test_destroy_effect_and_glory_sticker():
    c = take_from_box(fresh(), 15)
    c = arrange(c, play=[15], deck=[2, 3, 5, 8])
    c.apply("use 15 1")                                       # destroy the Chapel ...
    assert 15 in c.destroyed
    assert c.decision() == "target" and c.legal_actions()[0].kind == "target"
    assert sorted(a.a for a in c.legal_actions()) == [1, 4, 6, 7]   # buildings of the kingdom
    c.apply("target 4")
    assert c.cards[4]["stickers"] == [["front", "glory", 2]]
    assert c.card_glory(4) == 2 and c.glory() == 2            # the destroyed Chapel counts no more


def test_an_event_discards_a_card_it_chooses():
    c = take_from_box(fresh(), 14)
    c = arrange(c, play=[], deck=[14, 1, 2, 3, 4])
    c.apply("pass")
    assert c.decision() == "target" and sorted(a.a for a in c.legal_actions()) == [1, 2, 3]
    c.apply("target 2")
    assert 2 in c.discard and 2 not in c.play
    c.pool = {"coin": 2}
    c.apply("use 14 2")                                       # pay 2 coins: destroy the Storm
    assert 14 in c.destroyed


def test_flip_another_card_and_reset_it():
    c = take_from_box(fresh(), 20)
    c = arrange(c, play=[9, 2], deck=[1, 3, 4, 5], stages={9: "back"})
    c.apply("use 9 1")                                        # Trading Fleet flips the land in play
    assert c.cards[2]["stage"] == "back" and 2 in c.discard   # Orchard, discarded at once
    c = arrange(c, play=[20], deck=[1, 3, 4, 5])
    c.apply("use 20 1")                                       # Hermit resets the only turned land
    assert c.cards[2]["stage"] == "front" and 2 in c.discard


def test_top_to_bottom_and_play_more_cards():
    c = arrange(fresh(), play=[10], deck=[1, 2, 3])
    c.apply("use 10 1")
    assert c.deck == [2, 3, 1]
    c = arrange(c, play=[5], deck=[1, 2], stages={5: "back"})
    c.apply("use 5 1")                                        # Reeve: play 1 more card
    assert c.play == [1] and c.deck == [2]


def test_discover_one_of_two_look_choose_a_side_and_the_rest_goes_back():
    c = arrange(fresh(), play=[10], deck=[1, 2, 3, 4], stages={10: "back"})
    c.apply("use 10 1")                                       # Ranger: discover 19 or 20
    assert c.decision() == "discover" and sorted(c.aside) == [19, 20]
    c.apply("discover 19")
    assert c.decision() == "side"                             # Lost Ruins: choose its side
    c.apply("side 19 back")
    assert c.cards[19]["stage"] == "back" and 19 in c.discard and 20 in c.box and c.aside == []
    assert c.cards[10]["crossed"] == [["back", 0]]            # a one-time effect is crossed out


def test_undiscover_puts_a_card_back_into_the_box():
    c = take_from_box(fresh(), 21)
    c = arrange(c, play=[21], deck=[1, 2, 3, 4], pool={"coin": 2, "goods": 1})
    c.apply("use 21 2")
    assert 21 in c.box and c.cards[21]["stage"] == "front"
    with pytest.raises(LegacyError):
        c.card_view(21)                                       # golden rule 2


def test_end_of_round_effects_come_from_cards_still_in_play():
    c = take_from_box(fresh(), 17)
    c = arrange(c, play=[17], deck=[])                        # the Mill stays in play ...
    c.apply("pass")
    assert c.decision() == "order"                            # ... so it is there when the round ends
    c.apply("resolve 17 1")                                   # both boxes alike: no question
    assert c.card_glory(17) == 1 and 17 in c.deck + c.play + c.discard


# ---------------------------------------------------------------------------- rounds, discovery, end

def test_round_two_discovers_two_cards_and_a_parchment_is_followed_then_destroyed():
    c = arrange(fresh(), play=[1], deck=[])
    c.apply("pass")                                           # round 1 ends
    assert c.decision() == "target"                           # Fertile Soil: which land gets wood?
    assert sorted(a.a for a in c.legal_actions()) == [2, 3]
    c.apply("target 3")
    assert c.cards[3]["stickers"] == [["front", "wood"]]
    assert 12 in c.destroyed and 11 in c.deck + c.play
    assert c.box == list(range(13, 26)) and c.round == 2
    c = arrange(c, play=[3], deck=[])
    assert c.production(3) == [{"stone": 1, "wood": 1}]       # a new resource joins the production


def test_a_first_parchment_means_only_one_card_that_round():
    pack = make_pack([
        card(3, stage("Omen", ["parchment"], parchment=True, effects=[
            {"trigger": "forced", "when": "discover", "do": [{"kind": "gain", "resources": {"coin": 1}}]}])),
        card(4, stage("Hut", production=[{"wood": 1}])),
        card(5, stage("Crown", glory=5)),
    ], box=5, start=2, final=5)
    c = arrange(fresh(pack=pack), play=[1], deck=[])
    c.apply("pass")
    assert 3 in c.destroyed and c.box == [4, 5] and c.round == 2
    c = arrange(c, play=[1], deck=[])
    c.apply("pass")
    assert c.box == [] and c.round == 3 and c.last_round == 3


def test_the_final_card_starts_the_last_round_and_later_cards_need_effects():
    pack = make_pack([card(3, stage("Crown", glory=5))], box=4, start=2, final=3)   # card 4: not entered
    c = fresh(pack=pack)
    while not c.is_over:
        c.apply("pass" if c.decision() == "main" else c.legal_actions()[0])
    assert c.round == 2 and c.last_round == 2
    assert c.box == [4]                                       # above the final card: only by effects
    assert c.scores == [{"after": "base", "glory": 5}] and c.glory() == 5
    assert c.legal_actions() == []


def test_a_card_not_entered_yet_stops_the_campaign_unchanged_until_it_is_entered():
    pack = make_pack([], box=3, start=2, final=3)             # card 3 is still unknown
    c = arrange(fresh(pack=pack), play=[1], deck=[])
    before = c.to_json()
    with pytest.raises(LegacyError) as info:
        c.apply("pass")
    assert "card 3" in info.value.message("en") and c.to_json() == before
    c.enter_card(card(3, stage("Crown", glory=5)))
    c.apply("pass")
    assert 3 in c.deck + c.play + c.discard and c.last_round == 2


def test_glory_is_the_sum_of_stages_stickers_boxes_bonuses_and_purged_glory():
    c = take_from_box(fresh(), 15, stage="back")              # Abbey: 4 glory, +1 per person
    c = arrange(c, play=[], deck=[2, 4, 5, 6], stages={1: "back", 3: "back"})
    c.cards[6]["stickers"].append(["front", "glory", 2])
    c.cards[8]["checks"].append(["front", 0])
    c.purged_glory = 5
    # Manor 3 + Deep Quarry 1 + Abbey 4 + persons (Peasant, Scout) 2 + sticker 2 + box 1 + purged 5
    assert c.glory() == 3 + 1 + 4 + 2 + 2 + 1 + 5 == 18
    rows = c.glory_breakdown()
    assert (15, 2, "bonus") in rows and (None, 5, "purged") in rows


def test_mini_expansion_purges_then_plays_four_rounds_without_discovery():
    from kingdom_legacy import play_campaign
    c = play_campaign(demo_pack(), 4, "simple")
    assert [str(a) for a in c.legal_actions()] == ["expansion 22"]
    base_round, base_glory = c.round, c.glory()
    friendly = [n for n in c.discard if not c._st(n).obstacle and not c._st(n).indestructible]
    groups = len(c.discard) // 6
    c.apply("expansion 22")
    picks = []
    while c.decision() == "purge":
        opts = [a.a for a in c.legal_actions()]
        source = "permanent" if all(n in c.permanent for n in opts) else "deck"
        picks.append((source, opts[0], c.card_glory(opts[0])))
        c.apply(c.legal_actions()[0])
    assert len([p for p in picks if p[0] == "deck"]) == groups and groups >= 1
    assert [p for p in picks if p[0] == "permanent"] == [("permanent", 18, 2)]   # Royal Charter
    assert all(n in friendly or n == 18 for _, n, _ in picks)
    assert c.purged_glory == sum(g for _, _, g in picks)
    assert all(n in c.destroyed and n in c.purged for _, n, _ in picks)
    box = list(c.box)
    from kingdom_legacy.bots import SimpleBot
    bot = SimpleBot(4)
    while not c.is_over:
        c.apply(bot.choose(c))
    assert c.round == base_round + 4 and c.box == box         # no card was discovered
    assert [s["after"] for s in c.scores] == ["base", "expansion:22"]
    assert c.glory() >= c.purged_glory and base_glory >= 0
    assert c.legal_actions() == []                            # each expansion once per kingdom


def test_manual_mode_asks_which_card_is_on_top():
    c = Campaign.new(demo_pack(), 0, manual=True)
    assert c.decision() == "reveal" and c.top_card() is None
    assert sorted(a.a for a in c.legal_actions()) == list(range(1, 11))
    for n in (3, 1, 4, 6):
        c.apply(f"reveal {n}")
    assert c.play == [3, 1, 4, 6]


def test_golden_rule_2_cards_in_the_box_are_not_shown():
    c = fresh()
    with pytest.raises(LegacyError) as info:
        c.card_view(15)
    assert "box" in info.value.message("en")
    assert c.card_view(1)["name"] == "Farmstead"
    assert c.card_view(1, "pl")["name"] == "Zagroda"
