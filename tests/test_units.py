"""Every one of the 42 unit types of the base game, with numbers worked out by hand.

Sources: shared/rules/paper-tales-rules-en.txt (rulebook), shared/reference/
paper-tales-cards.md (card faces) and shared/reference/rulebook-examples.md.
Tests are named ``test_<card_id>_...``; each docstring / comment gives the arithmetic.

Seating: with three players every player fights both others (two Wars each), so a
player whose strength is >= both neighbours' wins 2 Wars = 6 LP.
"""

import pytest

from papertales import BASE, Action, IllegalActionError
from papertales.actions import done, place, target

from helpers import (aged, cause, construct, building_levels, deploy, gold_events, lp_events, play_until,
                     position, run_phase)

F1, F2, B1, B2, F3 = 0, 1, 2, 3, 4


def unit_at(game, seat, spot):
    u = game.players[seat].units[spot]
    return None if u is None else (u.type.id, u.age)


def total_cards(game):
    return sum(game.card_counts().values())


def test_every_unit_type_has_a_test_here():
    """Guard: the 42 card ids of base.json each appear in a test name of this file."""
    import sys
    names = [n for n in dir(sys.modules[__name__]) if n.startswith("test_")]
    missing = [u.id for u in BASE.units if not any(n.startswith(f"test_{u.id}_") for n in names)]
    assert len(BASE.units) == 42
    assert missing == []


# --------------------------------------------------------------------------- Adventurer
# cost 0, strength 2, produces 1 ore per age token on it.

def test_adventurer_produces_one_ore_per_age_token():
    g = position({"back": ["adventurer"]}, {}, {}, phase="aging")
    assert g.resources(0)["ore"] == 0            # fresh: no token, no ore
    run_phase(g)                                 # 0 tokens: survives, takes 1 token
    assert unit_at(g, 0, B1) == ("adventurer", 1)
    assert g.resources(0)["ore"] == 1
    g2 = position({"back": [aged("adventurer", 2)]}, {}, {})
    assert g2.resources(0)["ore"] == 2


def test_adventurer_ore_feeds_a_dragon():
    # Dragon 0 -> 7 with any ore; Adventurer in the Back does not fight.
    assert position({"front": ["dragon"], "back": ["adventurer"]}, {}, {}).strength(0) == 0
    assert position({"front": ["dragon"], "back": [aged("adventurer", 1)]}, {}, {}).strength(0) == 7


# --------------------------------------------------------------------------- Archer
# cost 1, strength 2, fights from the Back.

def test_archer_fights_from_the_back():
    # Knight 4 (Front) + Archer 2 (Back) = 6
    assert position({"front": ["knight"], "back": ["archer"]}, {}, {}).strength(0) == 6
    # a Knight in the Back does not fight; the Archer does: 2
    assert position({"back": ["knight", "archer"]}, {}, {}).strength(0) == 2
    assert position({"front": ["archer"]}, {}, {}).strength(0) == 2


def test_archer_back_strength_wins_the_war():
    # A: Knight + Archer(Back) = 6; B: Knight + Farmer = 5; C: nothing.
    g = position({"front": ["knight"], "back": ["archer"]}, {"front": ["knight", "farmer"]}, {})
    ev = run_phase(g, "wars")
    assert g.scores == [6, 3, 0]
    assert lp_events(ev, 0) == [("rule.wars", 6)]


# --------------------------------------------------------------------------- Blacksmith
# cost 0, strength 1, Income: +1 gold.

def test_blacksmith_one_more_gold_at_income():
    g = position({"gold": 3, "back": ["blacksmith"]}, {}, {}, phase="income")
    ev = run_phase(g)
    assert gold_events(ev, 0) == [("rule.income", 2), ("blacksmith", 1)]
    assert g.players[0].gold == 6
    assert g.players[1].gold == 5                # base 2 only


# --------------------------------------------------------------------------- Cave Spirit
# cost 1, strength 4, produces 1 ore; on reveal: 1 age token on itself.

def test_cave_spirit_reveal_token_ore_and_death():
    g = position({"gold": 3, "hand": ["cave_spirit"]}, {}, {}, phase="deployment")
    deploy(g, {0: ["place cave_spirit F1"]})
    assert g.players[0].gold == 2                # paid 1
    assert unit_at(g, 0, F1) == ("cave_spirit", 1)
    assert g.resources(0)["ore"] == 1
    assert g.strength(0) == 4
    run_phase(g, "aging")                        # 1 token -> dies the same turn
    assert g.players[0].units[F1] is None
    assert g.discard.count(BASE.unit("cave_spirit")) == 1


# --------------------------------------------------------------------------- Cerberus
# cost 0, strength 2; 3 instead of 2 if the kingdom produces any food.

def test_cerberus_three_with_food_two_without():
    # T14: level-1 Town produces 1 food -> 3
    assert position({"front": ["cerberus"], "buildings": {"town": 1}}, {}, {}).strength(0) == 3
    assert position({"front": ["cerberus"]}, {}, {}).strength(0) == 2
    # a Hunter in the Back produces no food: still 2 (Hunter does not fight from the Back)
    assert position({"front": ["cerberus"], "back": ["hunter"]}, {}, {}).strength(0) == 2
    # Farmer in the Front: Cerberus 3 + Farmer 1 = 4
    assert position({"front": ["cerberus", "farmer"]}, {}, {}).strength(0) == 4


# --------------------------------------------------------------------------- Colossus
# cost 2, strength 1; 7 with >= 1 age token; Wars: +1 LP per War won.

def test_colossus_fresh_strength_one_and_lp_per_war_won():
    # Colossus 1 vs two empty kingdoms (0): 2 Wars won -> 6 + 2 = 8
    g = position({"front": ["colossus"]}, {}, {})
    assert g.strength(0) == 1
    ev = run_phase(g, "wars")
    assert sorted(lp_events(ev, 0)) == [("colossus", 2), ("rule.wars", 6)]
    assert g.players[0].lp == 8


def test_colossus_aged_strength_seven():
    # Colossus 7 vs B Knight+Knight 8 (lost) and C Knight 4 (won): 3 + 1 = 4
    g = position({"front": [aged("colossus", 1)]}, {"front": ["knight", "knight"]}, {"front": ["knight"]})
    assert g.strength(0) == 7
    ev = run_phase(g, "wars")
    assert sorted(lp_events(ev, 0)) == [("colossus", 1), ("rule.wars", 3)]
    assert g.players[0].lp == 4


# --------------------------------------------------------------------------- Commander
# cost 2, strength 4; Wars: +1 LP per War won.

def test_commander_one_lp_per_war_won():
    # A Commander 4; B Knight 4 (tie: both win); C Farmer 1 -> A wins 2: 6 + 2
    g = position({"front": ["commander"]}, {"front": ["knight"]}, {"front": ["farmer"]})
    ev = run_phase(g, "wars")
    assert sorted(lp_events(ev, 0)) == [("commander", 2), ("rule.wars", 6)]
    assert g.scores == [8, 6, 0]


def test_commander_nothing_when_no_war_is_won():
    # A Commander 4 vs Knight+Knight 8 and Demon 7: no War won, no LP at all
    g = position({"front": ["commander"]}, {"front": ["knight", "knight"]}, {"front": ["demon"]})
    ev = run_phase(g, "wars")
    assert lp_events(ev, 0) == []
    assert g.players[0].lp == 0


# --------------------------------------------------------------------------- Cook
# cost 0, strength 1; Income: +1 gold per food produced.

def test_cook_one_gold_per_food():
    # Farmer 1 food + Treefolk 1 food = 2 food -> income 2 + 2 = 4
    g = position({"gold": 0, "front": ["cook"], "back": ["farmer", "treefolk"]}, {}, {}, phase="income")
    ev = run_phase(g)
    assert gold_events(ev, 0) == [("rule.income", 2), ("cook", 2)]
    assert g.players[0].gold == 4


def test_cook_without_food_gives_nothing():
    g = position({"gold": 0, "front": ["cook"]}, {}, {}, phase="income")
    run_phase(g)
    assert g.players[0].gold == 2



def test_cook_counts_food_of_buildings():
    # level-1 Town produces 1 food: income 2 + 1
    g = position({"gold": 0, "back": ["cook"], "buildings": {"town": 1}}, {}, {}, phase="income")
    run_phase(g)
    assert g.players[0].gold == 3

# --------------------------------------------------------------------------- Demon
# cost 2, strength 7; on reveal 1 age token on itself; dies with exactly 1 token: -3 LP.

def test_demon_revealed_then_dies_with_one_token_minus_three():
    g = position({"gold": 3, "lp": 5, "hand": ["demon"]}, {}, {}, phase="deployment")
    deploy(g, {0: ["place demon F1"]})
    assert g.players[0].gold == 1
    assert unit_at(g, 0, F1) == ("demon", 1)
    assert g.strength(0) == 7
    ev = run_phase(g, "aging")
    assert lp_events(ev, 0) == [("demon", -3)]
    assert g.players[0].lp == 2
    assert g.players[0].units[F1] is None


def test_demon_no_penalty_with_two_tokens():
    g = position({"lp": 5, "front": [aged("demon", 2)]}, {}, {}, phase="aging")
    ev = run_phase(g)
    assert lp_events(ev, 0) == []
    assert g.players[0].lp == 5
    assert g.players[0].units[F1] is None        # but it still dies


def test_demon_penalty_cannot_push_score_below_zero():
    g = position({"lp": 1, "front": [aged("demon", 1)]}, {}, {}, phase="aging")
    run_phase(g)
    assert g.players[0].lp == 0


# --------------------------------------------------------------------------- Dragon
# cost 3, strength 0; 7 if the kingdom produces any ore.

def test_dragon_seven_with_ore():
    assert position({"front": ["dragon"]}, {}, {}).strength(0) == 0
    assert position({"front": ["dragon"], "back": ["miner"]}, {}, {}).strength(0) == 7
    assert position({"front": ["dragon"], "buildings": {"mine": 1}}, {}, {}).strength(0) == 7


# --------------------------------------------------------------------------- Farmer
# cost 0, strength 1, produces 1 food.

def test_farmer_produces_one_food():
    g = position({"back": ["farmer"]}, {}, {})
    assert g.resources(0) == {"wood": 0, "food": 1, "ore": 0}
    # Farmer in the Back: food for Manticore (2 + 2), Farmer does not fight
    assert position({"front": ["manticore"], "back": ["farmer"]}, {}, {}).strength(0) == 4


# --------------------------------------------------------------------------- Forest Child
# cost 1, strength 1, produces 1 wood and 1 food.

def test_forest_child_wood_and_food():
    g = position({"front": ["manticore", "forest_child"]}, {}, {})
    assert g.resources(0) == {"wood": 1, "food": 1, "ore": 0}
    assert g.strength(0) == 5                    # Manticore 2 + 2*1, Forest Child 1
    # with a level-1 Barracks the wood adds 1 more: 6
    assert position({"front": ["manticore", "forest_child"], "buildings": {"barracks": 1}},
                    {}, {}).strength(0) == 6


# --------------------------------------------------------------------------- Forest Spirit
# cost 3, strength 3, produces 3 wood.

def test_forest_spirit_three_wood():
    g = position({"front": ["forest_spirit"], "buildings": {"barracks": 1}}, {}, {})
    assert g.resources(0) == {"wood": 3, "food": 0, "ore": 0}
    assert g.strength(0) == 6                    # 3 + Barracks 3 wood


def test_forest_spirit_pays_the_town_upgrade():
    # E7: Town level-2 cost is 2 wood <= 3 (+1 from the Town itself); no land cost
    g = position({"gold": 0, "back": ["forest_spirit"], "buildings": {"town": 1}}, {}, {},
                 phase="construction")
    opts = {str(a): gold for a, gold, _ in g.construction_options(0)}
    assert opts[str(Action("upgrade", "town"))] == 0


# --------------------------------------------------------------------------- Giant Snake
# cost 1, strength 4; 0 with >= 1 age token; Income: +3 gold with >= 1 age token.

def test_giant_snake_four_then_zero_and_three_gold():
    g = position({"gold": 0, "front": ["giant_snake"]}, {}, {}, turn=1, phase="wars")
    assert g.strength(0) == 4
    assert g.income_preview(0) == [("rule.income", 2)]     # no Giant Snake gold while young
    play_until(g, turn=2, phase="wars")
    assert unit_at(g, 0, F1) == ("giant_snake", 1)
    assert g.strength(0) == 0
    run_phase(g)                                        # wars of turn 2
    ev = run_phase(g)                                   # income of turn 2
    assert g.phase == "construction"
    assert gold_events(ev, 0) == [("rule.income", 2), ("giant_snake", 3)]


# --------------------------------------------------------------------------- Golem
# cost 2, strength 3; on reveal: every level-1 building flips to level 2 for free.

def test_golem_flips_every_level1_building_for_free():
    g = position({"gold": 3, "buildings": {"town": 1, "mine": 1, "temple": 2}, "hand": ["golem"]},
                 {}, {}, phase="deployment")
    deploy(g, {0: ["place golem F1"]})
    assert building_levels(g, 0) == {"town": 2, "tavern": 0, "mine": 2, "temple": 2, "barracks": 0}
    assert g.players[0].gold == 1                # only the Golem's 2 gold was paid
    # the flipped Town now produces ore as well, the level-2 Mine its ore too
    assert g.resources(0) == {"wood": 1, "food": 1, "ore": 2}


def test_golem_fifth_spot_only_from_the_next_deployment():
    g = position({"gold": 3, "front": ["farmer", "woodcutter"], "back": ["miner"],
                  "buildings": {"town": 1}, "hand": ["golem", "knight"]}, {}, {},
                 phase="deployment")
    g.advance()
    assert g.players[0].spots == 4
    g.apply(0, place("golem", B2))
    with pytest.raises(IllegalActionError):
        g.apply(0, place("knight", F3))           # no level-2 building yet: only 4 spots
    g.apply(0, done("knight"))                    # keep the Knight for next turn
    for seat in (1, 2):
        g.apply(seat, done())
    g.advance(until="phase")
    assert building_levels(g, 0)["town"] == 2
    assert g.players[0].kept is BASE.unit("knight")
    play_until(g, turn=2, phase="deployment")
    g.advance()
    assert g.players[0].spots == 5
    assert BASE.unit("knight") in g.players[0].hand
    g.apply(0, place("knight", F3))               # the 5th spot is usable now
    assert unit_at(g, 0, F3) == ("knight", 0)
    assert g.players[0].unit_count == 5



def test_golem_flips_only_when_revealed():
    # a Golem already in play does nothing in a later Deployment
    g = position({"front": ["golem"], "buildings": {"town": 1}}, {}, {}, phase="deployment")
    deploy(g)
    assert building_levels(g, 0)["town"] == 1

# --------------------------------------------------------------------------- Grand Architect
# cost 1, strength 1; Construction: 1 gold per missing wood, food or ore, any mix.

def test_grand_architect_buys_any_resource():
    g = position({"gold": 5, "back": ["grand_architect"]}, {}, {}, phase="construction")
    opts = {(a.kind, a.a, a.b): gold for a, gold, _ in g.construction_options(0)}
    assert opts == {
        ("build", "town", 1): 1, ("build", "town", 2): 3,          # 1 / 1+2 wood
        ("build", "tavern", 1): 1, ("build", "tavern", 2): 3,      # 1 food / +1 wood +1 food
        ("build", "mine", 1): 1, ("build", "mine", 2): 3,          # 1 wood / +1 wood +1 ore
        ("build", "temple", 1): 1, ("build", "temple", 2): 3,      # 1 ore bought beats 2 gold
        ("build", "barracks", 1): 1, ("build", "barracks", 2): 3,  # 1 wood / +1 wood +1 food
    }
    g.advance()
    construct(g, 0, "build tavern 2")
    assert g.players[0].gold == 2
    assert building_levels(g, 0)["tavern"] == 2


def test_grand_architect_only_buys_what_is_missing():
    # Woodcutter gives 1 wood: Town straight to level 2 (3 wood) needs 2 bought wood
    g = position({"gold": 5, "back": ["grand_architect", "woodcutter"]}, {}, {}, phase="construction")
    opts = {(a.kind, a.a, a.b): gold for a, gold, _ in g.construction_options(0)}
    assert opts[("build", "town", 2)] == 2
    assert opts[("build", "town", 1)] == 0



def test_grand_architect_does_not_remove_the_land_cost():
    # 2 buildings owned: land 4 + 1 bought wood for a level-1 Barracks
    g = position({"gold": 5, "back": ["grand_architect"], "buildings": {"tavern": 1, "temple": 1}}, {}, {},
                 phase="construction")
    opts = {(a.kind, a.a, a.b): gold for a, gold, _ in g.construction_options(0)}
    assert opts[("build", "barracks", 1)] == 5

# --------------------------------------------------------------------------- Hunter
# cost 0, strength 2, produces 1 food only in a Front spot.

def test_hunter_food_only_in_front():
    assert position({"front": ["hunter"]}, {}, {}).resources(0)["food"] == 1
    assert position({"back": ["hunter"]}, {}, {}).resources(0)["food"] == 0
    # Manticore 2 + 2*1 food + Hunter 2 = 6
    assert position({"front": ["manticore", "hunter"]}, {}, {}).strength(0) == 6
    # T15: Hunter in the Back: Manticore 2
    assert position({"front": ["manticore"], "back": ["hunter"]}, {}, {}).strength(0) == 2


# --------------------------------------------------------------------------- Knight
# cost 1, strength 4, no ability.

def test_knight_costs_one_and_fights_at_four():
    g = position({"gold": 3, "hand": ["knight"]}, {}, {}, phase="deployment")
    deploy(g, {0: ["place knight F2"]})
    assert g.players[0].gold == 2
    assert unit_at(g, 0, F2) == ("knight", 0)
    assert g.strength(0) == 4
    assert g.resources(0) == {"wood": 0, "food": 0, "ore": 0}


# --------------------------------------------------------------------------- Kraken
# cost 6, strength 9; on reveal: 1 token on each other unit of yours, -3 LP per level-2
# building; Aging: +1 LP per age token on each of your units that dies (itself included).

def test_kraken_reveal_tokens_and_minus_three_per_level2_building():
    # T4: two level-2 buildings -> -6 LP
    g = position({"gold": 6, "lp": 10, "front": ["knight"], "back": [aged("farmer", 1)],
                  "buildings": {"town": 2, "mine": 2, "tavern": 1}, "hand": ["kraken"]},
                 {}, {}, phase="deployment")
    ev = deploy(g, {0: ["place kraken F2"]})
    assert g.players[0].gold == 0
    assert unit_at(g, 0, F1) == ("knight", 1)
    assert unit_at(g, 0, B1) == ("farmer", 2)
    assert unit_at(g, 0, F2) == ("kraken", 0)
    assert lp_events(ev, 0) == [("kraken", -6)]
    assert g.players[0].lp == 4


def test_kraken_penalty_counts_buildings_a_same_turn_golem_flipped():
    # T5: level-1 Town + level-2 Mine; Golem flips the Town -> 2 level-2 -> -6
    g = position({"gold": 8, "lp": 10, "buildings": {"town": 1, "mine": 2},
                  "hand": ["kraken", "golem"]}, {}, {}, phase="deployment")
    deploy(g, {0: ["place kraken F1", "place golem F2"]})
    assert building_levels(g, 0)["town"] == 2
    assert g.players[0].gold == 0
    assert g.players[0].lp == 4
    assert unit_at(g, 0, F2) == ("golem", 1)      # Kraken's token on the other new unit


def test_kraken_penalty_floored_at_zero():
    g = position({"gold": 6, "lp": 2, "buildings": {"town": 2}, "hand": ["kraken"]}, {}, {},
                 phase="deployment")
    deploy(g, {0: ["place kraken F1"]})
    assert g.players[0].lp == 0


def test_kraken_lp_per_token_of_each_dying_unit():
    # Knight dies with 1 token, Veteran with 2: +3; Kraken (0 tokens) survives
    g = position({"front": ["kraken", aged("knight", 1)], "back": [aged("veteran", 2)]}, {}, {},
                 phase="aging")
    ev = run_phase(g)
    assert sum(a for c, a in lp_events(ev, 0) if c == "kraken") == 3
    assert g.players[0].lp == 3
    assert unit_at(g, 0, F1) == ("kraken", 1)


def test_kraken_counts_itself_when_it_dies():
    # Kraken (1 token) and Farmer (1 token) die: +2
    g = position({"front": [aged("kraken", 1)], "back": [aged("farmer", 1)]}, {}, {}, phase="aging")
    run_phase(g)
    assert g.players[0].lp == 2



def test_kraken_penalty_and_tokens_only_on_its_reveal_turn():
    g = position({"lp": 10, "front": ["kraken", "knight"], "buildings": {"town": 2}}, {}, {},
                 phase="deployment")
    ev = deploy(g)
    assert lp_events(ev, 0) == []
    assert unit_at(g, 0, F2) == ("knight", 0)
    assert g.players[0].lp == 10

# --------------------------------------------------------------------------- Landlord
# cost 2, strength 1, produces 1 wood; Construction: no land cost.

def test_landlord_no_land_cost():
    # T10: 3 buildings owned; Barracks needs 1 wood (the Landlord's); land 0 instead of 6
    g = position({"gold": 0, "back": ["landlord"], "buildings": {"town": 1, "tavern": 1, "temple": 1}},
                 {}, {}, phase="construction")
    opts = {(a.kind, a.a, a.b): gold for a, gold, _ in g.construction_options(0)}
    assert opts[("build", "barracks", 1)] == 0
    # Barracks straight to level 2: 2 wood (Landlord + Town) + 1 food (Town): also free
    assert opts[("build", "barracks", 2)] == 0
    g.advance()
    construct(g, 0, "build barracks 2")
    assert g.players[0].gold == 0
    assert building_levels(g, 0)["barracks"] == 2


def test_landlord_compared_with_paying_land():
    g = position({"gold": 6, "back": ["woodcutter"], "buildings": {"town": 1, "tavern": 1, "temple": 1}},
                 {}, {}, phase="construction")
    opts = {(a.kind, a.a, a.b): gold for a, gold, _ in g.construction_options(0)}
    assert opts[("build", "barracks", 1)] == 6


# --------------------------------------------------------------------------- Leviathan
# cost 3, strength 4; +2 per food; cannot fight with >= 1 token; then produces 2 food.

def test_leviathan_young_fights_with_food_bonus():
    # 4 + 2*1 (Farmer in the Back) = 6
    g = position({"front": ["leviathan"], "back": ["farmer"]}, {}, {})
    assert g.resources(0)["food"] == 1
    assert g.strength(0) == 6


def test_leviathan_aged_does_not_fight_but_feeds_two_food():
    g = position({"front": [aged("leviathan", 1), "manticore"]}, {}, {})
    assert g.resources(0)["food"] == 2
    # Leviathan adds nothing; Manticore 2 + 2*2 = 6
    assert g.strength(0) == 6
    g2 = position({"front": [aged("leviathan", 1)]}, {}, {})
    assert g2.strength(0) == 0


# --------------------------------------------------------------------------- Manticore
# cost 2, strength 2; +2 per food.

def test_manticore_two_per_food():
    assert position({"front": ["manticore"]}, {}, {}).strength(0) == 2
    # Farmer + Treefolk in the Back: 2 food -> 2 + 4 = 6
    assert position({"front": ["manticore"], "back": ["farmer", "treefolk"]}, {}, {}).strength(0) == 6


# --------------------------------------------------------------------------- Master Alchemist
# cost 2, strength 1; EVERY Deployment: age tokens = food produced, all on one own unit;
# Wars: per War won, 1 LP per ore; Income: 1 gold per wood.

def test_master_alchemist_tokens_every_deployment_not_only_on_reveal():
    # already in play (revealed in an earlier turn); 2 food -> 2 tokens on a chosen unit
    g = position({"front": ["master_alchemist", "knight"], "back": ["farmer", "treefolk"]}, {}, {},
                 phase="deployment")
    deploy(g)
    assert g.pending_players() == [0]
    d = g.decision(0)
    assert d.kind == "target"
    assert sorted(a.a for a in g.legal_actions(0)) == [F1, F2, B1, B2]
    g.apply(0, target(F2))
    g.advance(until="phase")
    assert g.phase == "wars"
    assert unit_at(g, 0, F2) == ("knight", 2)
    assert unit_at(g, 0, F1) == ("master_alchemist", 0)
    assert unit_at(g, 0, B1) == ("farmer", 0)


def test_master_alchemist_on_its_reveal_turn_too():
    g = position({"gold": 3, "back": ["farmer"], "hand": ["master_alchemist"]}, {}, {},
                 phase="deployment")
    deploy(g, {0: ["place master_alchemist F1"]})
    assert g.players[0].gold == 1
    assert g.decision(0).kind == "target"
    g.apply(0, "target B1")
    g.advance(until="phase")
    assert unit_at(g, 0, B1) == ("farmer", 1)     # 1 food -> 1 token


def test_master_alchemist_no_food_no_tokens():
    g = position({"front": ["master_alchemist", "knight"]}, {}, {}, phase="deployment")
    deploy(g)
    assert g.phase == "wars"
    assert unit_at(g, 0, F1) == ("master_alchemist", 0)
    assert unit_at(g, 0, F2) == ("knight", 0)


def test_master_alchemist_lp_per_war_won_times_ore():
    # ore: Miner 1 + Mine 1 = 2; MA strength 1 vs two empty kingdoms: 2 Wars -> 2*2 = 4
    g = position({"front": ["master_alchemist"], "back": ["miner"], "buildings": {"mine": 1}}, {}, {})
    ev = run_phase(g, "wars")
    assert sorted(lp_events(ev, 0)) == [("master_alchemist", 4), ("rule.wars", 6)]
    # one War won (vs Knight 4 lost): 3 + 1*2
    g = position({"front": ["master_alchemist"], "back": ["miner"], "buildings": {"mine": 1}},
                 {"front": ["knight"]}, {})
    ev = run_phase(g, "wars")
    assert sorted(lp_events(ev, 0)) == [("master_alchemist", 2), ("rule.wars", 3)]


def test_master_alchemist_gold_per_wood():
    # Woodcutter 1 + Forest Spirit 3 = 4 wood -> income 2 + 4
    g = position({"gold": 0, "front": ["master_alchemist", "woodcutter"], "back": ["forest_spirit"]},
                 {}, {}, phase="income")
    ev = run_phase(g)
    assert gold_events(ev, 0) == [("rule.income", 2), ("master_alchemist", 4)]
    assert g.players[0].gold == 6


# --------------------------------------------------------------------------- Militiaman
# cost 0, strength 2; +1 per age token on it.

def test_militiaman_plus_one_per_token():
    assert position({"front": ["militiaman"]}, {}, {}).strength(0) == 2
    assert position({"front": [aged("militiaman", 1)]}, {}, {}).strength(0) == 3
    assert position({"front": [aged("militiaman", 2)]}, {}, {}).strength(0) == 4


# --------------------------------------------------------------------------- Miner
# cost 1, strength 2, produces 1 ore.

def test_miner_costs_one_produces_ore():
    g = position({"gold": 1, "hand": ["miner"]}, {}, {}, phase="deployment")
    deploy(g, {0: ["place miner F1"]})
    assert g.players[0].gold == 0
    assert g.resources(0) == {"wood": 0, "food": 0, "ore": 1}
    assert g.strength(0) == 2


# --------------------------------------------------------------------------- Monkey
# cost -1, strength 1; deploying it gives 1 gold that can pay other units at once;
# dies: +1 gold per age token.

def test_monkey_minus_one_cost_pays_another_unit():
    g = position({"gold": 0, "hand": ["monkey", "knight"]}, {}, {}, phase="deployment")
    ev = deploy(g, {0: ["place monkey F1", "place knight F2"]})
    assert unit_at(g, 0, F1) == ("monkey", 0)
    assert unit_at(g, 0, F2) == ("knight", 0)
    assert sorted(gold_events(ev, 0)) == [("knight", -1), ("monkey", 1)]
    assert g.players[0].gold == 0


def test_monkey_alone_gives_one_gold():
    g = position({"gold": 0, "hand": ["monkey"]}, {}, {}, phase="deployment")
    deploy(g, {0: ["place monkey B1"]})
    assert g.players[0].gold == 1


def test_monkey_without_it_the_knight_cannot_be_paid():
    g = position({"gold": 0, "hand": ["knight"]}, {}, {}, phase="deployment")
    g.advance()
    with pytest.raises(IllegalActionError):
        g.apply(0, place("knight", F1))


def test_monkey_death_gold_per_token():
    g = position({"gold": 0, "front": [aged("monkey", 1)]}, {"gold": 0, "front": [aged("monkey", 2)]}, {},
                 phase="aging")
    ev = run_phase(g)
    assert gold_events(ev, 0) == [("monkey", 1)]
    assert gold_events(ev, 1) == [("monkey", 2)]
    assert [p.gold for p in g.players] == [1, 2, 3]


# --------------------------------------------------------------------------- Mystical Healer
# cost 0, strength 1; Aging: may spare one own unit with exactly 1 age token.

def test_mystical_healer_saves_another_unit():
    # T9: Healer (1) and Knight (1); Healer spares the Knight
    g = position({"front": [aged("mystical_healer", 1), aged("knight", 1)]}, {}, {}, phase="aging")
    run_phase(g)
    assert g.decision(0).kind == "save"
    assert set(a.a for a in g.legal_actions(0) if a.kind == "save") == {F1, F2}
    g.apply(0, "save F2")
    g.advance(until="phase")
    assert g.players[0].units[F1] is None          # the Healer dies
    assert unit_at(g, 0, F2) == ("knight", 2)      # saved, then +1 token like all survivors
    # next Aging: 2 tokens, no Healer any more -> the Knight dies
    run_phase(g, "aging")
    assert g.players[0].units[F2] is None


def test_mystical_healer_can_save_itself():
    g = position({"front": [aged("mystical_healer", 1), aged("farmer", 1)]}, {}, {}, phase="aging")
    run_phase(g)
    g.apply(0, "save F1")
    g.advance(until="phase")
    assert unit_at(g, 0, F1) == ("mystical_healer", 2)
    assert g.players[0].units[F2] is None


def test_mystical_healer_cannot_save_a_unit_with_two_tokens():
    g = position({"front": ["mystical_healer", aged("knight", 2)]}, {}, {}, phase="aging")
    run_phase(g)                                    # nothing to save: no decision
    assert g.pending_players() == []
    assert g.players[0].units[F2] is None
    assert unit_at(g, 0, F1) == ("mystical_healer", 1)



def test_mystical_healer_spares_a_demon_from_its_penalty():
    # Demon (1 token) spared: no death, no -3; it then carries 2 tokens, so when it dies
    # at the next Aging it loses nothing either
    g = position({"lp": 5, "front": ["mystical_healer", aged("demon", 1)]}, {}, {}, phase="aging")
    run_phase(g)
    g.apply(0, "save F2")
    g.advance(until="phase")
    assert unit_at(g, 0, F2) == ("demon", 2)
    assert g.players[0].lp == 5
    ev = run_phase(g, "aging")
    # the Healer (now 1 token) may save only itself, not the Demon (2 tokens)
    assert [a.a for a in g.legal_actions(0) if a.kind == "save"] == [F1]
    g.apply(0, "pass")
    ev += run_phase(g)
    assert lp_events(ev, 0) == []
    assert g.players[0].units[F2] is None
    assert g.players[0].lp == 5

# --------------------------------------------------------------------------- Necromancer
# cost 1, strength 4; on reveal: 1 token on each other unit of yours.

def test_necromancer_tokens_on_all_others_including_same_turn_units():
    g = position({"gold": 3, "front": ["knight"], "hand": ["necromancer", "veteran"]}, {}, {},
                 phase="deployment")
    deploy(g, {0: ["place necromancer F2", "place veteran B1"]})
    assert g.players[0].gold == 2                  # Necromancer 1 + Veteran 0
    assert unit_at(g, 0, F1) == ("knight", 1)
    assert unit_at(g, 0, B1) == ("veteran", 2)     # its own token + the Necromancer's
    assert unit_at(g, 0, F2) == ("necromancer", 0)


def test_necromancer_saves_a_same_turn_demon_from_its_penalty():
    # Demon: own token + Necromancer's = 2 tokens -> no -3 when it dies
    g = position({"gold": 3, "lp": 5, "hand": ["necromancer", "demon"]}, {}, {}, phase="deployment")
    deploy(g, {0: ["place necromancer F1", "place demon F2"]})
    assert unit_at(g, 0, F2) == ("demon", 2)
    ev = run_phase(g, "aging")
    assert lp_events(ev, 0) == []
    assert g.players[0].lp == 5


# --------------------------------------------------------------------------- Ogre
# cost 2, strength 2; +1 per gold of this turn's Income, the base 2 included.

def test_ogre_counts_the_whole_income():
    # T1: 2 base + Blacksmith 1 + Temple 2 = 5 -> Ogre 7
    g = position({"front": ["ogre"], "back": ["blacksmith"], "buildings": {"temple": 1}}, {}, {})
    assert g.strength(0) == 7
    # alone: 2 + 2 base = 4
    assert position({"front": ["ogre"]}, {}, {}).strength(0) == 4


def test_ogre_counts_giant_snake_gold():
    # aged Giant Snake fights at 0 but will bring 3 gold: Ogre 2 + (2 + 3) = 7
    assert position({"front": ["ogre", aged("giant_snake", 1)]}, {}, {}).strength(0) == 7


# --------------------------------------------------------------------------- Palm Reader
# cost 2, strength 1; Aging: +1 LP per age token on each own unit that dies (herself too).

def test_palm_reader_lp_for_each_dying_unit_including_herself():
    # T6: Palm Reader (1), Veteran (1) die -> +2; Farmer (0) survives with 1 token
    g = position({"front": [aged("palm_reader", 1), aged("veteran", 1)], "back": ["farmer"]}, {}, {},
                 phase="aging")
    ev = run_phase(g)
    assert sum(a for c, a in lp_events(ev, 0) if c == "palm_reader") == 2
    assert g.players[0].lp == 2
    assert g.players[0].units[F1] is None and g.players[0].units[F2] is None
    assert unit_at(g, 0, B1) == ("farmer", 1)


def test_palm_reader_surviving_counts_tokens():
    # Palm Reader (0) survives; Knight dies with 2 tokens -> +2
    g = position({"front": ["palm_reader", aged("knight", 2)]}, {}, {}, phase="aging")
    run_phase(g)
    assert g.players[0].lp == 2
    assert unit_at(g, 0, F1) == ("palm_reader", 1)


# --------------------------------------------------------------------------- Peddler
# cost 1, strength 1, produces 1 wood; Income: +1 gold.

def test_peddler_wood_and_one_gold():
    g = position({"gold": 0, "back": ["peddler"]}, {}, {}, phase="income")
    assert g.resources(0) == {"wood": 1, "food": 0, "ore": 0}
    ev = run_phase(g)
    assert gold_events(ev, 0) == [("rule.income", 2), ("peddler", 1)]
    assert g.players[0].gold == 3


# --------------------------------------------------------------------------- Relic of Wisdom
# cost 2, strength 0; never dies; end of game: 2 LP per age token.

def test_relic_of_wisdom_never_dies():
    g = position({"back": [aged("relic_of_wisdom", 3)]}, {}, {}, phase="aging")
    run_phase(g)
    assert unit_at(g, 0, B1) == ("relic_of_wisdom", 4)


def test_relic_of_wisdom_two_lp_per_token_at_the_end():
    # turn 4: 3 tokens, +1 at the last Aging = 4 tokens -> 8 LP at the end
    g = position({"back": [aged("relic_of_wisdom", 3)]}, {}, {}, turn=4, phase="wars")
    ev = play_until(g, over=True)
    assert g.is_over
    end = [(cause(e), e.amount) for e in ev if e.seat == 0 and e.kind == "lp" and e.phase == "end"]
    assert end == [("relic_of_wisdom", 8)]


# --------------------------------------------------------------------------- Rogue
# cost 1, strength 3; Wars: +1 gold per War won.

def test_rogue_gold_per_war_won():
    g = position({"gold": 0, "front": ["rogue"]}, {}, {})
    ev = run_phase(g, "wars")
    assert gold_events(ev, 0) == [("rogue", 2)]
    g = position({"gold": 0, "front": ["rogue"]}, {"front": ["knight"]}, {"front": ["farmer"]})
    ev = run_phase(g, "wars")
    assert gold_events(ev, 0) == [("rogue", 1)]   # lost to Knight 4, beat Farmer 1
    assert g.players[0].lp == 3


# --------------------------------------------------------------------------- Salamander
# cost 2, strength 4; +1 per token; dies only with >= 2 tokens.

def test_salamander_four_five_six_then_dies():
    # T8
    g = position({"front": ["salamander"]}, {}, {}, turn=1, phase="wars")
    assert g.strength(0) == 4
    play_until(g, turn=2, phase="wars")
    assert unit_at(g, 0, F1) == ("salamander", 1)
    assert g.strength(0) == 5
    play_until(g, turn=3, phase="wars")
    assert unit_at(g, 0, F1) == ("salamander", 2)
    assert g.strength(0) == 6
    play_until(g, turn=4, phase="recruitment")
    assert g.players[0].units[F1] is None


# --------------------------------------------------------------------------- Sculptor
# cost 0, strength 1; dies (Aging): +3 LP.  Discarding it in Deployment is not a death.

def test_sculptor_three_lp_when_it_dies_in_aging():
    g = position({"front": [aged("sculptor", 1)]}, {}, {}, phase="aging")
    ev = run_phase(g)
    assert lp_events(ev, 0) == [("sculptor", 3)]
    assert g.players[0].lp == 3


def test_sculptor_and_demon_dying_together_at_zero():
    # Engine interpretation (docs/rules-interpretations.md, "Gains before losses"): the
    # Sculptor's +3 and the Demon's -3 happen at the same moment; the score floor of 0
    # applies to the net result: 0 + 3 - 3 = 0.
    g = position({"lp": 0, "front": [aged("sculptor", 1), aged("demon", 1)]}, {}, {}, phase="aging")
    run_phase(g)
    assert g.players[0].lp == 0


def test_sculptor_discarded_in_deployment_gives_nothing():
    g = position({"gold": 0, "front": [aged("sculptor", 1), "farmer"], "back": ["farmer", "farmer"],
                  "hand": ["cook"]}, {}, {}, phase="deployment")
    ev = deploy(g, {0: ["discard F1", "place cook F1"]})
    assert g.players[0].units[F1].type.id == "cook"          # the Sculptor made room
    assert BASE.unit("sculptor") in g.discard
    assert lp_events(ev, 0) == []
    ev = run_phase(g, "aging")
    assert lp_events(ev, 0) == []
    assert g.players[0].lp == 0


# --------------------------------------------------------------------------- Shapeshifter
# cost 0; on reveal: turn over draw-pile cards until one costs <= 3; it takes the spot
# for free with 1 age token (and its own reveal abilities); the Shapeshifter is discarded.

def _stack_draw(game, ids_top_last):
    """Move the given cards (from the draw pile) to its top; the last id is drawn first."""
    for cid in ids_top_last:
        t = BASE.unit(cid)
        game.draw.remove(t)
        game.draw.append(t)


def test_shapeshifter_becomes_first_card_costing_three_or_less():
    g = position({"gold": 3, "hand": ["shapeshifter"]}, {}, {}, phase="deployment")
    _stack_draw(g, ["knight", "dragon", "kraken"])   # Kraken (6) first, then Dragon (3)
    n_draw = len(g.draw)
    deploy(g, {0: ["place shapeshifter F1"]})
    assert unit_at(g, 0, F1) == ("dragon", 1)
    assert g.players[0].gold == 3                    # nothing paid for the Dragon
    assert BASE.unit("kraken") in g.discard
    assert BASE.unit("shapeshifter") in g.discard
    assert len(g.draw) == n_draw - 2
    assert g.draw[-1] is BASE.unit("knight")
    assert total_cards(g) == 81


def test_shapeshifter_new_unit_applies_its_reveal_ability():
    # becomes a Veteran: 1 token from the Shapeshifter + 1 from its own reveal = 2
    g = position({"gold": 3, "hand": ["shapeshifter"]}, {}, {}, phase="deployment")
    _stack_draw(g, ["veteran"])
    deploy(g, {0: ["place shapeshifter F2"]})
    assert unit_at(g, 0, F2) == ("veteran", 2)
    assert total_cards(g) == 81


# --------------------------------------------------------------------------- Strategist
# cost 3, strength 1; +1 per age token on all own units (itself included); fights from Back.

def test_strategist_counts_all_tokens_and_fights_from_the_back():
    g = position({"front": [aged("knight", 2)], "back": [aged("strategist", 1), "farmer"]}, {}, {})
    # Strategist 1 + (2 + 1 + 0) = 4, from the Back; Knight 4 -> 8
    assert g.strength(0) == 8
    assert position({"back": ["strategist"]}, {}, {}).strength(0) == 1


# --------------------------------------------------------------------------- Time Master
# cost 0, strength 1; on reveal: 2 age tokens on one own unit (herself allowed).

def test_time_master_two_tokens_on_the_chosen_unit():
    g = position({"gold": 3, "front": ["knight"], "hand": ["time_master"]}, {}, {}, phase="deployment")
    deploy(g, {0: ["place time_master F2"]})
    assert g.decision(0).kind == "target"
    assert sorted(a.a for a in g.legal_actions(0)) == [F1, F2]
    g.apply(0, target(F1))
    g.advance(until="phase")
    assert unit_at(g, 0, F1) == ("knight", 2)
    assert unit_at(g, 0, F2) == ("time_master", 0)
    assert g.players[0].gold == 3


def test_time_master_may_choose_herself():
    g = position({"front": ["knight"], "hand": ["time_master"]}, {}, {}, phase="deployment")
    deploy(g, {0: ["place time_master B1"]})
    g.apply(0, "target B1")
    g.advance(until="phase")
    assert unit_at(g, 0, B1) == ("time_master", 2)
    assert unit_at(g, 0, F1) == ("knight", 0)



def test_time_master_reveal_is_one_shot():
    # already in play and moved to another spot: not revealed again, no tokens, no choice
    g = position({"front": ["time_master", "knight"]}, {}, {}, phase="deployment")
    deploy(g, {0: ["move F1 B1"]})
    assert g.phase == "wars"
    assert unit_at(g, 0, B1) == ("time_master", 0)
    assert unit_at(g, 0, F2) == ("knight", 0)

# --------------------------------------------------------------------------- Treefolk
# cost 1, strength 3, produces 1 food.

def test_treefolk_food_and_strength_three():
    g = position({"front": ["treefolk", "cerberus"]}, {}, {})
    assert g.resources(0)["food"] == 1
    assert g.strength(0) == 6                     # Treefolk 3 + Cerberus 3 (food)


# --------------------------------------------------------------------------- Veteran
# cost 0, strength 3; on reveal: 1 token on itself (dies at the end of the turn).

def test_veteran_free_strong_and_gone_after_one_turn():
    g = position({"gold": 3, "hand": ["veteran"]}, {}, {}, phase="deployment")
    deploy(g, {0: ["place veteran F1"]})
    assert g.players[0].gold == 3
    assert unit_at(g, 0, F1) == ("veteran", 1)
    assert g.strength(0) == 3
    run_phase(g, "aging")
    assert g.players[0].units[F1] is None


# --------------------------------------------------------------------------- Wood Merchant
# cost 0, strength 1; Construction: 1 gold per missing wood.

def test_wood_merchant_buys_wood_only():
    g = position({"gold": 3, "back": ["wood_merchant"]}, {}, {}, phase="construction")
    opts = {(a.kind, a.a, a.b): gold for a, gold, _ in g.construction_options(0)}
    assert opts == {
        ("build", "town", 1): 1,        # 1 wood bought
        ("build", "town", 2): 3,        # 3 wood bought
        ("build", "mine", 1): 1,        # 1 wood (level 2 needs ore: impossible)
        ("build", "temple", 1): 2,      # no ore: the Temple's own 2-gold alternative
        ("build", "barracks", 1): 1,    # (level 2 needs food: impossible)
    }
    g.advance()
    construct(g, 0, "build town 1")
    assert g.players[0].gold == 2


# --------------------------------------------------------------------------- Woodcutter
# cost 0, strength 2, produces 1 wood.

def test_woodcutter_wood_and_strength_two():
    # E3: Demon 7 + Woodcutter 2 = 9
    g = position({"front": [aged("demon", 1), "woodcutter"]}, {}, {})
    assert g.strength(0) == 9
    assert g.resources(0) == {"wood": 1, "food": 0, "ore": 0}
