"""The rulebook's worked examples and clarifications, as listed in
shared/reference/rulebook-examples.md:

* section 1: base-game examples E1-E9;
* section 3: card timing clarifications, general clarifications, Dized FAQ answers;
* section 4: the 2-player variant (plus the general rules it leans on: score floor,
  tie-break, draft direction, kept card, reshuffle);
* section 5: derived cases T1-T18.

Section 2 (solo mode) is not implemented in the engine and is not tested here.
"""

import pytest

from papertales import BASE, Game, IllegalActionError
from papertales.actions import done, place, target

from helpers import (aged, cause, construct, building_levels, deploy, gold_events, lp_events, play_until,
                     position, run_phase)

F1, F2, B1, B2, F3 = 0, 1, 2, 3, 4


def unit_at(game, seat, spot):
    u = game.players[seat].units[spot]
    return None if u is None else (u.type.id, u.age)


def ids(cards):
    return sorted(t.id for t in cards)


def options(game, seat=0):
    return {(a.kind, a.a, a.b): gold for a, gold, _ in game.construction_options(seat)}


def level(game, seat, bid):
    return building_levels(game, seat)[bid]


def end_lp(events, seat):
    return [(cause(e), e.amount) for e in events if e.seat == seat and e.kind == "lp" and e.phase == "end"]


# =========================================================================== section 1

def test_e1_recruitment_draft_marie_keeps_relic():
    g = Game.new(players=4, seed=5, names=["Marie", "Sebastian", "Denis", "Fred"])
    relic = BASE.unit("relic_of_wisdom")
    g.draw.remove(relic)
    g.draw.append(relic)                 # top of the pile: dealt to Marie (dealt first)
    g.advance()
    assert [len(p.pack) for p in g.players] == [5, 5, 5, 5]
    assert relic in g.players[0].pack
    before = [list(p.pack) for p in g.players]
    g.apply(0, "pick relic_of_wisdom")
    picks = {0: relic}
    for s in (1, 2, 3):
        a = g.legal_actions(s)[0]
        picks[s] = BASE.unit(a.a)
        g.apply(s, a)
    # turn 1: the 4 other cards go to the left neighbour (next seat); Marie receives
    # her right neighbour's (seat 3's) 4 remaining cards
    for s in range(4):
        rest = list(before[s])
        rest.remove(picks[s])
        assert ids(g.players[(s + 1) % 4].pack) == ids(rest)
    assert g.players[0].hand == [relic]
    sizes = [4]
    while g.phase == "recruitment":
        for s in range(4):
            g.apply(s, g.legal_actions(s)[0])
        sizes.append(len(g.players[0].pack))
    # packs of 5, 4, 3, 2, then the last card is taken
    assert sizes == [4, 3, 2, 0]
    assert [len(p.hand) for p in g.players] == [5, 5, 5, 5]
    assert relic in g.players[0].hand
    assert len(g.draw) == 81 - 20
    assert g.phase == "deployment"


def test_e2_deployment_with_a_full_kingdom():
    # Fred: Hunter (Front), Time Master, Farmer; plays Demon (2) and Miner (1)
    g = position({"name": "Fred", "gold": 3, "front": ["hunter", "time_master"], "back": ["farmer"],
                  "hand": ["demon", "miner"]}, {}, {}, phase="deployment")
    # the Miner takes the free spot; with no room left for the Demon, Time Master is
    # discarded to make room (discarding units in play is for lacking space)
    ev = deploy(g, {0: ["place miner B2", "discard F2", "move B2 F2", "move F1 B2", "place demon F1"]})
    assert g.players[0].gold == 0                           # 2 + 1 = 3 gold paid
    assert sorted(gold_events(ev, 0)) == [("demon", -2), ("miner", -1)]
    assert g.players[0].unit_count == 4
    assert BASE.unit("time_master") in g.discard
    # Time Master was discarded, not revealed: no age tokens from her, no death
    assert [e for e in ev if e.kind in ("age", "death") and e.cause == "time_master"] == []
    assert unit_at(g, 0, F1) == ("demon", 1)                  # Demon's reveal token
    assert unit_at(g, 0, B2) == ("hunter", 0)
    assert g.resources(0) == {"wood": 0, "food": 1, "ore": 1}  # Hunter in the Back: no food


def test_e3_kingdom_strength_demon_and_woodcutter():
    assert position({"front": [aged("demon", 1), "woodcutter"]}, {}, {}).strength(0) == 9


def test_e4_four_player_wars():
    # seating Marie - Sebastian - Denis - Fred; strengths 9, 6, 6, 4
    g = position({"name": "Marie", "front": [aged("demon", 1), "woodcutter"]},
                 {"name": "Sebastian", "front": ["knight", "woodcutter"]},
                 {"name": "Denis", "front": ["knight", "militiaman"]},
                 {"name": "Fred", "front": ["knight"]})
    assert [g.strength(s) for s in range(4)] == [9, 6, 6, 4]
    run_phase(g, "wars")
    assert g.scores == [6, 3, 6, 0]


def test_wars_five_players_two_neighbours_each():
    # ring 0-1-2-3-4-0 with strengths 5, 3, 9, 9, 1
    g = position({"front": ["knight", "farmer"]}, {"front": ["treefolk"]}, {"front": ["kraken"]},
                 {"front": [aged("demon", 1), "woodcutter"]}, {"front": ["blacksmith"]})
    assert [g.strength(s) for s in range(5)] == [5, 3, 9, 9, 1]
    run_phase(g, "wars")
    # 0 beats 4 and 1; 1 loses to 0 and 2; 2 beats 1, ties 3; 3 ties 2, beats 4; 4 loses both
    assert g.scores == [6, 0, 6, 6, 0]


def test_e5_income_julian():
    for temple in (1, 2):
        g = position({"name": "Julian", "gold": 0, "back": ["blacksmith"], "buildings": {"temple": temple}},
                     {}, {}, phase="income")
        ev = run_phase(g)
        assert sum(a for _, a in gold_events(ev, 0)) == 5
        assert g.players[0].gold == 5


def test_e6_tavern_straight_to_level2_land_cost():
    g = position({"name": "Jean-Baptiste", "gold": 4, "front": ["forest_child", "farmer"],
                  "buildings": {"temple": 1, "barracks": 1}}, {}, {}, phase="construction")
    assert options(g)[("build", "tavern", 2)] == 4               # land 2 x 2
    g.advance()
    construct(g, 0, "build tavern 2")
    assert g.players[0].gold == 0
    assert level(g, 0, "tavern") == 2
    assert g.resources(0) == {"wood": 1, "food": 2, "ore": 0}    # not spent


def test_e7_upgrade_town_with_forest_spirit_no_land():
    g = position({"name": "Denis", "gold": 3, "back": ["forest_spirit"], "buildings": {"town": 1, "mine": 1}},
                 {}, {}, phase="construction")
    assert options(g)[("upgrade", "town", None)] == 0
    g.advance()
    construct(g, 0, "upgrade town")
    assert level(g, 0, "town") == 2
    assert g.players[0].gold == 3


def test_e8_level2_tavern_gives_five_spots():
    g = position({"gold": 3, "front": ["farmer", "woodcutter"], "back": ["miner", "hunter"],
                  "buildings": {"tavern": 2}, "hand": ["knight", "veteran"]}, {}, {}, phase="deployment")
    g.advance()
    assert g.players[0].spots == 5
    g.apply(0, place("knight", F3))
    assert g.players[0].unit_count == 5
    # 5 is the maximum: no other free spot
    assert not [a for a in g.legal_actions(0) if a.kind == "place"]


def test_e9_aging_denis():
    g = position({"name": "Denis", "front": [aged("colossus", 1), aged("farmer", 1)],
                  "back": ["knight", "woodcutter"]}, {}, {}, phase="aging")
    ev = run_phase(g)
    assert len([e for e in ev if e.kind == "death" and e.seat == 0]) == 2
    assert g.players[0].units[F1] is None and g.players[0].units[F2] is None
    assert BASE.unit("colossus") in g.discard and BASE.unit("farmer") in g.discard
    assert unit_at(g, 0, B1) == ("knight", 1)
    assert unit_at(g, 0, B2) == ("woodcutter", 1)
    assert lp_events(ev, 0) == [] and gold_events(ev, 0) == []


# =========================================================================== section 3
# Card timing clarifications

def test_clarification_mystical_healer_saved_unit_gets_a_token_and_can_save_himself():
    g = position({"front": [aged("mystical_healer", 1), aged("veteran", 1)]}, {}, {}, phase="aging")
    run_phase(g)
    g.apply(0, "save F2")
    g.advance(until="phase")
    assert unit_at(g, 0, F2) == ("veteran", 2)
    assert g.players[0].units[F1] is None
    g = position({"front": [aged("mystical_healer", 1), aged("veteran", 1)]}, {}, {}, phase="aging")
    run_phase(g)
    g.apply(0, "save F1")
    g.advance(until="phase")
    assert unit_at(g, 0, F1) == ("mystical_healer", 2)
    assert g.players[0].units[F2] is None


def _top_of_draw(game, *cids):
    for cid in cids:
        t = BASE.unit(cid)
        game.draw.remove(t)
        game.draw.append(t)


def test_clarification_shapeshifter_token_and_new_units_reveal_ability():
    # becomes a Necromancer (cost 1 <= 3): 1 token on it; its reveal: +1 on the Knight
    g = position({"gold": 0, "front": ["knight"], "hand": ["shapeshifter"]}, {}, {}, phase="deployment")
    _top_of_draw(g, "necromancer")
    deploy(g, {0: ["place shapeshifter F2"]})
    assert unit_at(g, 0, F2) == ("necromancer", 1)
    assert unit_at(g, 0, F1) == ("knight", 1)
    assert BASE.unit("shapeshifter") in g.discard
    assert g.players[0].gold == 0
    assert sum(g.card_counts().values()) == 81


def test_clarification_shapeshifter_becoming_time_master_asks_for_a_target():
    g = position({"front": ["knight"], "hand": ["shapeshifter"]}, {}, {}, phase="deployment")
    _top_of_draw(g, "time_master")
    deploy(g, {0: ["place shapeshifter B1"]})
    assert g.decision(0).kind == "target"
    g.apply(0, target(B1))
    g.advance(until="phase")
    assert unit_at(g, 0, B1) == ("time_master", 3)     # 1 (Shapeshifter) + 2 (herself)


def test_clarification_shapeshifter_passes_over_costly_units():
    g = position({"hand": ["shapeshifter"]}, {}, {}, phase="deployment")
    _top_of_draw(g, "farmer", "forest_spirit", "dragon", "kraken")
    # drawn in the order Kraken (6, discarded), Dragon (3, taken); the rest stays
    deploy(g, {0: ["place shapeshifter F1"]})
    assert unit_at(g, 0, F1) == ("dragon", 1)
    assert BASE.unit("kraken") in g.discard
    assert BASE.unit("forest_spirit") in g.draw


def test_clarification_kraken_counts_every_dying_unit_itself_included():
    # Kraken (1 token), Veteran (1), Knight (2) die: 1 + 1 + 2 = 4 LP; Farmer (0) survives
    g = position({"front": [aged("kraken", 1), aged("veteran", 1)], "back": [aged("knight", 2), "farmer"]},
                 {}, {}, phase="aging")
    ev = run_phase(g)
    assert sum(a for c, a in lp_events(ev, 0) if c == "kraken") == 4
    assert g.players[0].lp == 4


def test_clarification_ogre_includes_base_income():
    g = position({"front": ["ogre"]}, {}, {})
    assert g.strength(0) == 2 + 2
    g = position({"front": ["ogre"], "back": ["cook", "farmer"], "buildings": {"tavern": 1}}, {}, {})
    # income: 2 + Cook 1 + Tavern 1 = 4 -> 6
    assert g.strength(0) == 6


def test_clarification_grand_architect_any_combination():
    # Mine straight to level 2 = 2 wood + 1 ore; Woodcutter gives 1 wood: buy 1 wood + 1 ore
    g = position({"gold": 2, "back": ["grand_architect", "woodcutter"]}, {}, {}, phase="construction")
    assert options(g)[("build", "mine", 2)] == 2
    # Tavern straight to level 2 = 1 wood + 2 food: Woodcutter's wood, 2 food bought
    assert options(g)[("build", "tavern", 2)] == 2


def test_clarification_golem_no_fifth_spot_this_turn():
    g = position({"gold": 5, "front": ["farmer", "knight"], "back": ["miner"],
                  "buildings": {"barracks": 1}, "hand": ["golem", "veteran"]}, {}, {}, phase="deployment")
    g.advance()
    g.apply(0, place("golem", B2))
    assert not [a for a in g.legal_actions(0) if a.kind == "place"]
    with pytest.raises(IllegalActionError):
        g.apply(0, place("veteran", F3))


def test_clarification_palm_reader_counts_herself():
    g = position({"front": [aged("palm_reader", 1)]}, {}, {}, phase="aging")
    run_phase(g)
    assert g.players[0].lp == 1


def test_clarification_monkey_gold_pays_at_once():
    # 1 gold + Monkey's 1 = 2: exactly a Commander
    g = position({"gold": 1, "hand": ["monkey", "commander"]}, {}, {}, phase="deployment")
    g.advance()
    with pytest.raises(IllegalActionError):
        g.apply(0, place("commander", F1))       # 1 gold is not enough on its own
    g.apply(0, place("monkey", B1))
    g.apply(0, place("commander", F1))
    g.apply(0, done())
    g.apply(1, done())
    g.apply(2, done())
    g.advance(until="phase")
    assert g.players[0].gold == 0
    assert unit_at(g, 0, F1) == ("commander", 0)


def test_clarification_temple_each_level_ore_or_gold():
    # 2 ore: straight to level 2 = level 1 by 2 gold + level 2 by 2 ore
    g = position({"gold": 2, "back": ["miner", "miner"]}, {}, {}, phase="construction")
    assert options(g)[("build", "temple", 2)] == 2
    # 1 ore: level 1 by the ore, level 2 by 3 gold
    g = position({"gold": 3, "back": ["miner"]}, {}, {}, phase="construction")
    assert options(g)[("build", "temple", 2)] == 3


# General clarifications

def test_clarification_death_only_in_aging():
    # Sculptor and Demon (1 token) discarded in Deployment to make room: no +3, no -3
    g = position({"lp": 5, "gold": 0, "front": [aged("sculptor", 1), aged("demon", 1)],
                  "back": ["palm_reader", "farmer"], "hand": ["cook", "cook"]},
                 {}, {}, phase="deployment")
    ev = deploy(g, {0: ["discard F1", "place cook F1", "discard F2", "place cook F2"]})
    ev += run_phase(g, "aging")
    assert lp_events(ev, 0) == []
    assert g.players[0].lp == 5
    assert [e for e in ev if e.kind == "death"] == []


def test_clarification_simultaneity_order():
    # highest score first; tie on score -> less gold first
    g = position({"lp": 5, "gold": 0}, {"lp": 10, "gold": 4}, {"lp": 10, "gold": 2})
    assert g.resolution_order() == [2, 1, 0]      # the engine's own order rule


# Dized FAQ

def test_faq_score_never_below_zero():
    g = position({"lp": 2, "gold": 6, "buildings": {"town": 2, "mine": 2}, "hand": ["kraken"]}, {}, {},
                 phase="deployment")
    deploy(g, {0: ["place kraken F1"]})
    assert g.players[0].lp == 0


def test_faq_golem_and_kraken_same_turn():
    g = position({"lp": 9, "gold": 8, "buildings": {"town": 1, "tavern": 1, "mine": 2},
                  "hand": ["kraken", "golem"]}, {}, {}, phase="deployment")
    deploy(g, {0: ["place golem F1", "place kraken F2"]})
    assert g.players[0].lp == 0                    # 3 level-2 buildings: -9


def test_faq_level2_barracks_counts_modified_strength():
    # Salamander 4 + 1 token = 5 and Dragon 7 (ore from the Miner) count; Miner (2) does not
    g = position({"front": [aged("salamander", 1), "dragon"], "back": ["miner"], "buildings": {"barracks": 2}},
                 {}, {})
    ev = run_phase(g, "wars")
    assert [x for x in lp_events(ev, 0) if x[0].startswith("barracks")] == [("barracks:2", 2)]


def test_faq_time_master_on_herself():
    g = position({"front": ["farmer"], "hand": ["time_master"]}, {}, {}, phase="deployment")
    deploy(g, {0: ["place time_master F2"]})
    g.apply(0, target(F2))
    g.advance(until="phase")
    assert unit_at(g, 0, F2) == ("time_master", 2)


def test_faq_income_is_two_plus_abilities():
    g = position({"gold": 0}, {"gold": 0, "back": ["peddler", "blacksmith"]}, {"gold": 0}, phase="income")
    run_phase(g)
    assert [p.gold for p in g.players] == [2, 4, 2]


def test_faq_only_one_unplayed_unit_is_kept():
    g = position({"hand": ["knight", "farmer", "relic_of_wisdom"]}, {}, {}, phase="deployment")
    deploy(g, {0: [done("relic_of_wisdom")]})
    assert g.players[0].kept is BASE.unit("relic_of_wisdom")
    assert g.players[0].hand == []
    assert BASE.unit("knight") in g.discard and BASE.unit("farmer") in g.discard
    assert sum(g.card_counts().values()) == 81


def test_faq_not_enough_gold_unit_is_not_deployed():
    g = position({"gold": 1, "hand": ["demon"]}, {}, {}, phase="deployment")
    g.advance()
    with pytest.raises(IllegalActionError):
        g.apply(0, place("demon", F1))
    assert g.players[0].hand == [BASE.unit("demon")]    # the failed action changed nothing
    g.apply(0, done())
    for s in (1, 2):
        g.apply(s, done())
    g.advance(until="phase")
    assert g.players[0].unit_count == 0
    assert g.players[0].gold == 1
    assert BASE.unit("demon") in g.discard


def test_faq_units_in_play_are_never_paid_again():
    g = position({"gold": 0, "front": ["kraken", "dragon"]}, {}, {}, phase="deployment")
    ev = deploy(g)
    assert gold_events(ev, 0) == []
    assert g.players[0].gold == 0
    assert unit_at(g, 0, F1) == ("kraken", 0)


def test_faq_units_in_play_may_move_between_spots():
    g = position({"front": ["manticore"], "back": ["hunter"]}, {}, {}, phase="deployment")
    assert g.strength(0) == 2
    deploy(g, {0: ["move B1 F2"]})
    assert unit_at(g, 0, F2) == ("hunter", 0)
    # Hunter now in the Front: 1 food -> Manticore 4 + Hunter 2
    assert g.strength(0) == 6


# =========================================================================== section 4
# 2-player variant

def test_two_players_draft_nine_cards_keep_and_discard():
    g = Game.new(players=2, seed=9)
    g.advance()
    assert [len(p.pack) for p in g.players] == [9, 9]
    sizes = []
    while g.phase == "recruitment":
        for s in (0, 1):
            assert g.decision(s).kind == "draft"
            g.apply(s, g.legal_actions(s)[0])
            assert g.decision(s).kind == "draft_discard"
            g.apply(s, g.legal_actions(s)[0])
        sizes.append([len(p.pack) for p in g.players])
    assert sizes == [[7, 7], [5, 5], [3, 3], [0, 0]]     # the last single card is taken
    assert [len(p.hand) for p in g.players] == [5, 5]
    assert len(g.discard) == 8                           # 4 discarded per player
    assert len(g.draw) == 81 - 18


def test_two_players_draft_packs_go_to_the_opponent():
    g = Game.new(players=2, seed=4)
    g.advance()
    before = [list(p.pack) for p in g.players]
    gone = {0: [], 1: []}
    for s in (0, 1):
        a = g.legal_actions(s)[0]
        gone[s].append(BASE.unit(a.a))
        g.apply(s, a)
        a = g.legal_actions(s)[-1]
        gone[s].append(BASE.unit(a.a))
        g.apply(s, a)
    for s in (0, 1):
        rest = list(before[s])
        for t in gone[s]:
            rest.remove(t)
        assert ids(g.players[1 - s].pack) == ids(rest)


@pytest.mark.parametrize("a, b, lp", [
    # T13: 10 vs 5 -> A wins 2 Wars (6 LP), B nothing
    ([["knight", "knight"], ["archer"]], [["knight", "monkey"], []], [6, 0]),
    # 8 vs 5: greater but not twice -> 1 War
    ([["knight", "knight"], []], [["knight", "monkey"], []], [3, 0]),
    # 8 vs 4: exactly twice -> 2 Wars
    ([["knight", "knight"], []], [["knight"], []], [6, 0]),
    # 4 vs 4: tie, both win 1 War
    ([["knight"], []], [["knight"], []], [3, 3]),
])
def test_two_players_wars(a, b, lp):
    g = position({"front": a[0], "back": a[1]}, {"front": b[0], "back": b[1]})
    run_phase(g, "wars")
    assert g.scores == lp


def test_two_players_zero_against_zero_is_a_tie():
    g = position({}, {})
    run_phase(g, "wars")
    assert g.scores[0] == g.scores[1] >= 3


def test_score_floor_at_zero_in_aging():
    g = position({"lp": 2, "front": [aged("demon", 1)]}, {}, phase="aging")
    run_phase(g)
    assert g.players[0].lp == 0


@pytest.mark.parametrize("lps, golds, winners", [
    ([10, 10], [5, 3], [0]),
    ([10, 10], [3, 5], [1]),
    ([10, 10], [4, 4], [0, 1]),
    ([11, 10], [0, 9], [0]),
])
def test_end_of_game_tie_break_on_gold_then_shared(lps, golds, winners):
    g = position({"lp": lps[0], "gold": golds[0]}, {"lp": lps[1], "gold": golds[1]}, turn=4, phase="aging")
    play_until(g, over=True)
    assert g.is_over
    assert g.scores == lps
    assert [p.gold for p in g.players] == golds
    assert g.winners() == winners


def test_end_of_game_tie_break_three_players():
    g = position({"lp": 7, "gold": 2}, {"lp": 7, "gold": 2}, {"lp": 7, "gold": 1}, turn=4, phase="aging")
    play_until(g, over=True)
    assert g.winners() == [0, 1]


@pytest.mark.parametrize("turn, step", [(1, 1), (2, -1), (3, 1), (4, -1)])
def test_draft_direction_left_on_turns_1_3_right_on_2_4(turn, step):
    g = position({}, {}, {}, turn=turn, phase="recruitment")
    g.advance()
    before = [list(p.pack) for p in g.players]
    picks = {}
    for s in range(3):
        a = g.legal_actions(s)[0]
        picks[s] = BASE.unit(a.a)
        g.apply(s, a)
    for s in range(3):
        rest = list(before[s])
        rest.remove(picks[s])
        assert ids(g.players[(s + step) % 3].pack) == ids(rest)


def test_kept_card_joins_the_hand_after_the_draft():
    relic = BASE.unit("relic_of_wisdom")
    g = position({"kept": "relic_of_wisdom"}, {}, {}, turn=2, phase="recruitment")
    g.advance()
    g.apply(0, g.legal_actions(0)[0])
    assert relic not in g.players[0].hand and relic not in g.players[0].pack
    for s in (1, 2):
        g.apply(s, g.legal_actions(s)[0])
    play_until(g, turn=2, phase="deployment")
    assert len(g.players[0].hand) == 6
    assert relic in g.players[0].hand
    assert g.players[0].kept is None
    assert [len(p.hand) for p in g.players[1:]] == [5, 5]


def test_reshuffle_discard_pile_when_the_draw_pile_runs_out():
    g = position({}, {}, {}, turn=2, phase="recruitment")
    top7 = g.draw[-7:]
    g.discard = g.draw[:-7]
    g.draw = list(top7)
    g.advance()
    assert [len(p.pack) for p in g.players] == [5, 5, 5]
    assert ids(g.players[0].pack) == ids(top7[2:])       # dealt from the old pile first
    assert g.discard == []
    assert len(g.draw) == 81 - 15
    assert sum(g.card_counts().values()) == 81
    assert set(t.id for t in top7[:2]) <= set(t.id for t in g.players[1].pack)


# =========================================================================== section 5

def test_t1_ogre_income_preview():
    g = position({"front": ["ogre"], "back": ["blacksmith"], "buildings": {"temple": 1}}, {}, {})
    assert sum(v for _, v in g.income_preview(0)) == 5
    assert g.strength(0) == 7


def test_t2_demon_alone_minus_three_at_aging():
    g = position({"gold": 3, "hand": ["demon"]}, {}, {}, phase="deployment")
    deploy(g, {0: ["place demon F1"]})
    ev = play_until(g, turn=2, phase="recruitment")
    # wars: 7 vs 0 and 0 -> +6; aging: -3
    assert lp_events(ev, 0) == [("rule.wars", 6), ("demon", -3)]
    assert g.players[0].lp == 3
    assert g.players[0].unit_count == 0


def test_t3_demon_with_time_master_tokens_no_penalty():
    g = position({"lp": 5, "gold": 3, "hand": ["demon", "time_master"]}, {}, {}, phase="deployment")
    deploy(g, {0: ["place demon F1", "place time_master B1"]})
    g.apply(0, target(F1))
    g.advance(until="phase")
    assert unit_at(g, 0, F1) == ("demon", 3)
    ev = run_phase(g, "aging")
    assert lp_events(ev, 0) == []
    assert g.players[0].units[F1] is None
    assert unit_at(g, 0, B1) == ("time_master", 1)


def test_t4_kraken_two_level2_buildings():
    g = position({"lp": 10, "gold": 6, "front": ["knight"], "back": ["farmer", "miner"],
                  "buildings": {"town": 2, "temple": 2}, "hand": ["kraken"]}, {}, {}, phase="deployment")
    ev = deploy(g, {0: ["place kraken F2"]})
    assert lp_events(ev, 0) == [("kraken", -6)]
    assert [unit_at(g, 0, s) for s in (F1, B1, B2)] == [("knight", 1), ("farmer", 1), ("miner", 1)]
    assert unit_at(g, 0, F2) == ("kraken", 0)


def test_t5_kraken_after_golem():
    g = position({"lp": 10, "gold": 8, "buildings": {"mine": 1, "temple": 2}, "hand": ["kraken", "golem"]},
                 {}, {}, phase="deployment")
    ev = deploy(g, {0: ["place kraken F1", "place golem F2"]})
    assert lp_events(ev, 0) == [("kraken", -6)]
    assert g.players[0].lp == 4


def test_t6_palm_reader_veteran_farmer():
    g = position({"front": [aged("palm_reader", 1), aged("veteran", 1)], "back": ["farmer"]}, {}, {},
                 phase="aging")
    run_phase(g)
    assert g.players[0].lp == 2
    assert unit_at(g, 0, B1) == ("farmer", 1)


def test_t7_relic_revealed_turn_1_scores_8():
    g = position({"gold": 3, "hand": ["relic_of_wisdom"]}, {}, {}, turn=1, phase="deployment")
    deploy(g, {0: ["place relic_of_wisdom B1"]})
    ev = play_until(g, over=True)
    assert unit_at(g, 0, B1) == ("relic_of_wisdom", 4)
    assert end_lp(ev, 0) == [("relic_of_wisdom", 8)]


def test_t8_salamander_three_turns():
    g = position({"gold": 3, "hand": ["salamander"]}, {}, {}, turn=1, phase="deployment")
    deploy(g, {0: ["place salamander F1"]})
    strengths = []
    for turn in (1, 2, 3):
        play_until(g, turn=turn, phase="wars")
        strengths.append(g.strength(0))
    assert strengths == [4, 5, 6]
    play_until(g, turn=4, phase="recruitment")
    assert g.players[0].units[F1] is None
    assert BASE.unit("salamander") in g.discard


def test_t9_healer_spares_knight_once():
    g = position({"front": [aged("mystical_healer", 1), aged("knight", 1)]}, {}, {}, phase="aging")
    run_phase(g)
    g.apply(0, "save F2")
    g.advance(until="phase")
    assert g.players[0].units[F1] is None
    assert unit_at(g, 0, F2) == ("knight", 2)
    run_phase(g, "aging")
    assert g.players[0].units[F2] is None


def test_t10_land_cost_six_or_zero_with_landlord():
    owned = {"tavern": 1, "temple": 1, "barracks": 1}
    g = position({"gold": 6, "back": ["woodcutter"], "buildings": owned}, {}, {}, phase="construction")
    assert options(g)[("build", "mine", 1)] == 6
    g = position({"gold": 0, "back": ["landlord"], "buildings": owned}, {}, {}, phase="construction")
    assert options(g)[("build", "mine", 1)] == 0


def test_t11_temple_straight_level2_with_one_ore():
    g = position({"gold": 7, "back": ["miner"], "buildings": {"town": 1, "mine": 1}}, {}, {},
                 phase="construction")
    # ore: Miner + Mine = 2 -> level 1 by 2 gold + level 2 by 2 ore (2), cheaper than 1 ore + 3 gold
    assert options(g)[("build", "temple", 2)] == 4 + 2
    g = position({"gold": 7, "back": ["miner"], "buildings": {"town": 1, "barracks": 1}}, {}, {},
                 phase="construction")
    # exactly 1 ore: level 1 with the ore, level 2 with 3 gold, land 4
    assert options(g)[("build", "temple", 2)] == 4 + 3
    g.advance()
    construct(g, 0, "build temple 2")
    assert g.players[0].gold == 0
    assert level(g, 0, "temple") == 2


def test_t12_barracks_wood_bonus():
    g = position({"front": ["woodcutter"], "back": ["forest_spirit"], "buildings": {"barracks": 1}}, {}, {})
    assert g.strength(0) == 6


def test_t13_two_player_double_war():
    g = position({"front": [aged("demon", 1), "woodcutter"], "back": ["archer"]}, {"front": ["knight", "farmer"]})
    assert [g.strength(0), g.strength(1)] == [11, 5]
    ev = run_phase(g, "wars")
    assert lp_events(ev, 0) == [("rule.wars", 6)]
    assert g.scores == [6, 0]


def test_t14_cerberus_with_town():
    assert position({"front": ["cerberus"], "buildings": {"town": 1}}, {}, {}).strength(0) == 3


def test_t15_manticore_hunter_in_back():
    assert position({"front": ["manticore"], "back": ["hunter"]}, {}, {}).strength(0) == 2


def test_t16_level2_tavern_three_food():
    g = position({"gold": 0, "front": ["farmer", "treefolk"], "back": ["forest_child"], "buildings": {"tavern": 2}},
                 {"front": ["knight", "knight"]}, {"front": ["demon"]})
    assert g.resources(0)["food"] == 3
    ev = run_phase(g, "wars")                     # 4 vs 8 and 7: both lost
    assert lp_events(ev, 0) == [("tavern:2", 3)]
    ev = run_phase(g)
    assert gold_events(ev, 0) == [("rule.income", 2), ("tavern:2", 3)]


def test_t17_colossus_two_turns():
    g = position({"gold": 3, "hand": ["colossus"]}, {}, {}, turn=1, phase="deployment")
    deploy(g, {0: ["place colossus F1"]})
    assert g.strength(0) == 1
    play_until(g, turn=2, phase="wars")
    assert g.strength(0) == 7
    ev = play_until(g, turn=3, phase="recruitment")
    colossus = [(e.turn, e.amount) for e in g.events if e.seat == 0 and e.kind == "lp" and e.cause == "colossus"]
    assert colossus == [(1, 2), (2, 2)]            # 2 Wars won each turn (vs 0 and 0)
    assert g.players[0].units[F1] is None
    assert any(e.kind == "death" and e.seat == 0 and e.turn == 2 for e in ev)


def test_t18_giant_snake_two_turns():
    g = position({"gold": 3, "hand": ["giant_snake"]}, {}, {}, turn=1, phase="deployment")
    deploy(g, {0: ["place giant_snake F1"]})
    assert g.strength(0) == 4
    run_phase(g)                                  # wars turn 1
    ev = run_phase(g)                             # income turn 1
    assert gold_events(ev, 0) == [("rule.income", 2)]
    play_until(g, turn=2, phase="wars")
    assert g.strength(0) == 0
    run_phase(g)
    ev = run_phase(g)
    assert gold_events(ev, 0) == [("rule.income", 2), ("giant_snake", 3)]


# ---------------------------------------------------------------------------------
# Two-player interpretations (docs/rules-interpretations.md)

def test_two_players_zero_against_zero_is_a_plain_tie():
    # "0 >= 2 x 0" would give both players two wars; the engine reads it as one tie each
    g = position({"front": []}, {"front": []})
    events = run_phase(g, "wars")
    assert lp_events(events, 0) == [("rule.wars", 3)] and lp_events(events, 1) == [("rule.wars", 3)]


def test_two_players_double_win_counts_twice_for_commander_and_rogue():
    # Commander 4 + Rogue 3 = 7 against a Veteran (3)
    g = position({"front": ["commander", "rogue"]}, {"front": ["veteran"]})
    events = run_phase(g, "wars")
    # 7 >= 2 x 3: two wars won: 6 LP, Commander 2 x 1 LP, Rogue 2 x 1 gold
    assert sorted(lp_events(events, 0)) == [("commander", 2), ("rule.wars", 6)]
    assert gold_events(events, 0) == [("rogue", 2)]
    assert lp_events(events, 1) == []
