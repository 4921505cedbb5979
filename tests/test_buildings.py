"""The five buildings at both levels: production, abilities, costs, land, 5th spot, LP.

Numbers from the building faces (shared/reference/paper-tales-cards.md section 4) and the
rulebook (Construction, Additional Unit spot, End of game).  A level-2 face keeps the
level-1 ability and adds its own.

Costs (level 1 / level-2 upgrade / straight to level 2):
Town 1 wood / 2 wood / 3 wood; Tavern 1 food / 1 wood + 1 food / 1 wood + 2 food;
Mine 1 wood / 1 wood + 1 ore / 2 wood + 1 ore; Temple 1 ore (or 2 gold) / 2 ore (or 3 gold);
Barracks 1 wood / 1 wood + 1 food / 2 wood + 1 food.  Land: 2 gold per building owned.
"""

import pytest

from papertales import BASE, IllegalActionError
from papertales.actions import place

from helpers import (aged, cause, construct, building_levels, gold_events, lp_events, play_until, position,
                     run_phase)


def options(game, seat=0):
    return {(a.kind, a.a, a.b): gold for a, gold, _ in game.construction_options(seat)}


def kingdom(units, **extra):
    """Player dict with up to 2 Front and 2 Back units (in that order)."""
    d = {"front": list(units[:2]), "back": list(units[2:4])}
    d.update(extra)
    return d


# ============================================================== production

@pytest.mark.parametrize("buildings, expected", [
    ({"town": 1}, {"wood": 1, "food": 1, "ore": 0}),
    ({"town": 2}, {"wood": 1, "food": 1, "ore": 1}),
    ({"mine": 1}, {"wood": 0, "food": 0, "ore": 1}),
    ({"mine": 2}, {"wood": 0, "food": 0, "ore": 1}),
    ({"tavern": 2, "temple": 2, "barracks": 2}, {"wood": 0, "food": 0, "ore": 0}),
    ({"town": 2, "mine": 2}, {"wood": 1, "food": 1, "ore": 2}),
])
def test_building_production(buildings, expected):
    g = position({"buildings": buildings}, {}, {})
    assert g.resources(0) == expected


# ============================================================== Tavern

def test_tavern_level1_one_gold_per_food():
    # Farmer + Treefolk = 2 food -> 2 + 2
    g = position({"gold": 0, "back": ["farmer", "treefolk"], "buildings": {"tavern": 1}}, {}, {},
                 phase="income")
    ev = run_phase(g)
    assert gold_events(ev, 0) == [("rule.income", 2), ("tavern:1", 2)]
    assert g.players[0].gold == 4


def test_tavern_level1_no_wars_lp():
    g = position({"back": ["farmer"], "buildings": {"tavern": 1}},
                 {"front": ["knight"]}, {"front": ["knight"]})
    run_phase(g, "wars")
    assert g.players[0].lp == 0


def test_tavern_level2_income_kept_and_lp_per_food_in_wars():
    # T16: 3 food (Town 1 + Farmer + Treefolk): Wars +3 LP, Income +3 gold
    g = position({"gold": 0, "back": ["farmer", "treefolk"], "buildings": {"tavern": 2, "town": 1}},
                 {"front": ["knight"]}, {"front": ["knight"]})
    ev = run_phase(g, "wars")                       # strength 0: loses both wars
    assert lp_events(ev, 0) == [("tavern:2", 3)]
    ev = run_phase(g)                                # income
    assert gold_events(ev, 0) == [("rule.income", 2), ("tavern:2", 3)]


def test_tavern_level2_lp_also_when_winning():
    # Farmer in the Front (1) beats two empty kingdoms: 6 + 1 food
    g = position({"front": ["farmer"], "buildings": {"tavern": 2}}, {}, {})
    ev = run_phase(g, "wars")
    assert sorted(lp_events(ev, 0)) == [("rule.wars", 6), ("tavern:2", 1)]


# ============================================================== Mine

def test_mine_level2_two_lp_per_ore():
    # the Mine's own ore + Miner = 2 ore -> 4 LP, losing both wars
    g = position({"back": ["miner"], "buildings": {"mine": 2}}, {"front": ["knight"]}, {"front": ["knight"]})
    ev = run_phase(g, "wars")
    assert lp_events(ev, 0) == [("mine:2", 4)]
    # alone: its own ore only -> 2
    g = position({"buildings": {"mine": 2}}, {"front": ["knight"]}, {"front": ["knight"]})
    ev = run_phase(g, "wars")
    assert lp_events(ev, 0) == [("mine:2", 2)]


def test_mine_level1_no_lp():
    g = position({"back": ["miner"], "buildings": {"mine": 1}}, {"front": ["knight"]}, {"front": ["knight"]})
    run_phase(g, "wars")
    assert g.players[0].lp == 0


# ============================================================== Temple

@pytest.mark.parametrize("level", [1, 2])
def test_temple_two_gold_at_income(level):
    # E5: Blacksmith + Temple: 2 + 1 + 2 = 5
    g = position({"gold": 0, "back": ["blacksmith"], "buildings": {"temple": level}}, {}, {},
                 phase="income")
    run_phase(g)
    assert g.players[0].gold == 5


def test_temple_level2_two_lp_every_wars():
    g = position({"buildings": {"temple": 2}}, {"front": ["knight"]}, {"front": ["knight"]})
    ev = run_phase(g, "wars")
    assert lp_events(ev, 0) == [("temple:2", 2)]
    g = position({"buildings": {"temple": 1}}, {"front": ["knight"]}, {"front": ["knight"]})
    run_phase(g, "wars")
    assert g.players[0].lp == 0


# ============================================================== Barracks

def test_barracks_level1_one_strength_per_wood():
    # T12: Woodcutter 2 (Front) + Forest Spirit in the Back (3 wood): wood 4 -> 2 + 4 = 6
    g = position({"front": ["woodcutter"], "back": ["forest_spirit"], "buildings": {"barracks": 1}}, {}, {})
    assert g.strength(0) == 6
    # Town's wood counts too: Knight 4 + 1
    assert position({"front": ["knight"], "buildings": {"barracks": 1, "town": 1}}, {}, {}).strength(0) == 5
    assert position({"front": ["knight"], "buildings": {"barracks": 1}}, {}, {}).strength(0) == 4


def test_barracks_level2_keeps_strength_bonus():
    assert position({"front": ["woodcutter"], "buildings": {"barracks": 2}}, {}, {}).strength(0) == 3


def test_barracks_level2_one_lp_per_unit_of_strength_three_front_and_back():
    # Front Knight 4, Farmer 1; Back Treefolk 3, Veteran 3 -> 3 units >= 3 (Back ones too)
    # strength 4 + 1 = 5 loses to Demon + Commander (11) and Kraken (9): only Barracks LP
    g = position({"front": ["knight", "farmer"], "back": ["treefolk", aged("veteran", 1)],
                  "buildings": {"barracks": 2}},
                 {"front": ["demon", "commander"]}, {"front": ["kraken"]})
    assert g.strength(0) == 5
    ev = run_phase(g, "wars")
    assert lp_events(ev, 0) == [("barracks:2", 3)]


def test_barracks_level2_counts_strength_from_abilities():
    # Cerberus is 3 with food (Farmer): counts; without food it is 2: does not count
    # (strength 3 + 1 = 4 loses to Knight + Knight 8 and Demon 7: no War LP)
    g = position({"front": ["cerberus", "farmer"], "buildings": {"barracks": 2}},
                 {"front": ["knight", "knight"]}, {"front": ["demon"]})
    ev = run_phase(g, "wars")
    assert lp_events(ev, 0) == [("barracks:2", 1)]
    g = position({"front": ["cerberus"], "buildings": {"barracks": 2}},
                 {"front": ["knight", "knight"]}, {"front": ["demon"]})
    run_phase(g, "wars")
    assert g.players[0].lp == 0


# ============================================================== resource costs

NEW = [   # building, level, units producing exactly enough, units producing too little
    ("town", 1, ["woodcutter"], [[]]),
    ("town", 2, ["woodcutter"] * 3, [["woodcutter"] * 2]),
    ("tavern", 1, ["farmer"], [[]]),
    ("tavern", 2, ["woodcutter", "farmer", "farmer"], [["woodcutter", "farmer"], ["farmer", "farmer"]]),
    ("mine", 1, ["woodcutter"], [[]]),
    ("mine", 2, ["woodcutter", "woodcutter", "miner"], [["woodcutter", "miner"], ["woodcutter", "woodcutter"]]),
    ("temple", 1, ["miner"], [[]]),
    ("temple", 2, ["miner"] * 3, [["miner"] * 2]),
    ("barracks", 1, ["woodcutter"], [[]]),
    ("barracks", 2, ["woodcutter", "woodcutter", "farmer"], [["woodcutter", "farmer"], ["woodcutter"] * 2]),
]


@pytest.mark.parametrize("bid, level, enough, short", NEW, ids=[f"{b}-{lv}" for b, lv, _, _ in NEW])
def test_new_building_resource_cost(bid, level, enough, short):
    # gold 0 and no building owned: no land cost, and no Temple gold alternative
    g = position(kingdom(enough, gold=0), {}, {}, phase="construction")
    assert options(g).get(("build", bid, level)) == 0
    for units in short:
        g = position(kingdom(units, gold=0), {}, {}, phase="construction")
        assert ("build", bid, level) not in options(g)


UPGRADE = [   # building (owned at level 1), units producing enough with it, too little
    ("town", ["woodcutter"], [[]]),                         # 2 wood: Town's own + 1
    ("tavern", ["forest_child"], [["farmer"], ["woodcutter"]]),
    ("mine", ["woodcutter"], [[]]),                         # 1 wood + the Mine's own ore
    ("temple", ["miner", "miner"], [["miner"]]),
    ("barracks", ["forest_child"], [["farmer"], ["woodcutter"]]),
]


@pytest.mark.parametrize("bid, enough, short", UPGRADE, ids=[u[0] for u in UPGRADE])
def test_upgrade_resource_cost_and_no_land(bid, enough, short):
    g = position(kingdom(enough, gold=0, buildings={bid: 1}), {}, {}, phase="construction")
    assert options(g).get(("upgrade", bid, None)) == 0
    for units in short:
        g = position(kingdom(units, gold=0, buildings={bid: 1}), {}, {}, phase="construction")
        assert ("upgrade", bid, None) not in options(g)


def test_upgrade_has_no_land_cost_new_building_has():
    # 3 buildings owned, Woodcutter: Mine upgrade (1 wood + Mine's ore) costs 0,
    # a new Barracks (1 wood) costs 3 x 2 = 6 land, unaffordable with 0 gold
    g = position({"gold": 0, "back": ["woodcutter"], "buildings": {"tavern": 1, "temple": 1, "mine": 1}},
                 {}, {}, phase="construction")
    opts = options(g)
    assert opts[("upgrade", "mine", None)] == 0
    assert ("build", "barracks", 1) not in opts
    g.players[0].gold = 6
    assert options(g)[("build", "barracks", 1)] == 6


# ============================================================== land cost

@pytest.mark.parametrize("owned, land", [
    ([], 0), (["tavern"], 2), (["tavern", "temple"], 4), (["tavern", "temple", "mine"], 6),
    (["tavern", "temple", "mine", "town"], 8)])
def test_land_cost_two_gold_per_building_owned(owned, land):
    g = position({"gold": 20, "back": ["woodcutter"], "buildings": {b: 1 for b in owned}}, {}, {},
                 phase="construction")
    assert options(g)[("build", "barracks", 1)] == land
    g.advance()
    construct(g, 0, "build barracks 1")
    assert g.players[0].gold == 20 - land


def test_level2_buildings_count_for_land_like_level1():
    g = position({"gold": 20, "back": ["woodcutter"], "buildings": {"tavern": 2, "temple": 2}}, {}, {},
                 phase="construction")
    assert options(g)[("build", "barracks", 1)] == 4


def test_land_cost_must_be_affordable():
    g = position({"gold": 3, "back": ["woodcutter"], "buildings": {"tavern": 1, "temple": 1}}, {}, {},
                 phase="construction")
    assert ("build", "barracks", 1) not in options(g)       # 4 gold needed


# ============================================================== E6: Tavern straight to level 2

def test_e6_tavern_straight_to_level2_with_two_buildings_owned():
    # owns Temple and Barracks (no production); Forest Child (wood, food) + Farmer (food)
    g = position({"gold": 4, "front": ["forest_child", "farmer"], "buildings": {"temple": 1, "barracks": 1}},
                 {}, {}, phase="construction")
    opts = options(g)
    assert opts[("build", "tavern", 2)] == 4
    assert opts[("build", "tavern", 1)] == 4
    before = g.resources(0)
    g.advance()
    construct(g, 0, "build tavern 2")
    assert g.players[0].gold == 0
    assert building_levels(g, 0)["tavern"] == 2
    assert g.resources(0) == before                  # resources are never spent


def test_e6_one_food_too_few_for_straight_level2():
    g = position({"gold": 4, "front": ["forest_child"], "buildings": {"temple": 1, "barracks": 1}},
                 {}, {}, phase="construction")
    opts = options(g)
    assert ("build", "tavern", 2) not in opts
    assert opts[("build", "tavern", 1)] == 4


# ============================================================== Temple paid with gold (T11)

def test_temple_level1_with_two_gold_instead_of_ore():
    g = position({"gold": 2}, {}, {}, phase="construction")
    assert options(g) == {("build", "temple", 1): 2}
    g = position({"gold": 1}, {}, {}, phase="construction")
    assert options(g) == {}


def test_temple_straight_level2_one_ore_plus_three_gold():
    # T11: 1 ore pays level 1, 3 gold pay level 2; + land 2 for the Town owned
    g = position({"gold": 5, "back": ["miner"], "buildings": {"town": 1}}, {}, {}, phase="construction")
    assert options(g)[("build", "temple", 2)] == 5
    g.advance()
    construct(g, 0, "build temple 2")
    assert g.players[0].gold == 0
    assert building_levels(g, 0)["temple"] == 2
    g = position({"gold": 4, "back": ["miner"], "buildings": {"town": 1}}, {}, {}, phase="construction")
    assert ("build", "temple", 2) not in options(g)


def test_temple_straight_level2_all_gold_or_mixed():
    assert options(position({"gold": 5}, {}, {}, phase="construction"))[("build", "temple", 2)] == 5
    # 2 ore: level 1 with 2 gold, level 2 with the 2 ore
    g = position({"gold": 5, "back": ["miner", "miner"]}, {}, {}, phase="construction")
    assert options(g)[("build", "temple", 2)] == 2


def test_temple_upgrade_with_three_gold():
    g = position({"gold": 3, "back": ["miner"], "buildings": {"temple": 1}}, {}, {}, phase="construction")
    assert options(g)[("upgrade", "temple", None)] == 3
    g.advance()
    construct(g, 0, "upgrade temple")
    assert g.players[0].gold == 0
    assert building_levels(g, 0)["temple"] == 2


# ============================================================== one action per Construction

def test_only_one_construction_action():
    # the others have no gold and no resources: nothing to build, no decision
    g = position({"gold": 20, "back": ["forest_spirit"]}, {"gold": 0}, {"gold": 0}, phase="construction")
    g.advance()
    assert g.pending_players() == [0]
    construct(g, 0, "build town 1")
    assert g.pending[0] is None
    assert g.phase == "aging"                        # the others had nothing to build
    assert building_levels(g, 0) == {"town": 1, "tavern": 0, "mine": 0, "temple": 0, "barracks": 0}


def test_building_works_from_the_next_turn():
    # Temple built straight to level 2 in turn 1's Construction: no effect in turn 1
    # (Wars and Income came before); turn 2: +2 LP in Wars and +2 gold at Income.
    g = position({"gold": 5}, {"front": ["knight"]}, {"front": ["knight"]}, phase="construction")
    g.advance()
    construct(g, 0, "build temple 2")
    assert g.players[0].gold == 0
    play_until(g, turn=2, phase="wars")
    ev = run_phase(g)
    assert lp_events(ev, 0) == [("temple:2", 2)]
    ev = run_phase(g)
    assert gold_events(ev, 0) == [("rule.income", 2), ("temple:2", 2)]


# ============================================================== 5th spot (E8)

def test_fifth_spot_from_the_deployment_after_a_level2_construction():
    # E8: a full kingdom of 4 builds a level-2 Tavern (land 4); the Veteran kept on the
    # Player's Aid goes to the 5th spot (Front) in the next Deployment.
    g = position({"gold": 4, "front": ["forest_child", "farmer"], "back": ["knight", "miner"],
                  "buildings": {"temple": 1, "barracks": 1}, "kept": "veteran"}, {}, {},
                 phase="construction")
    g.advance()
    construct(g, 0, "build tavern 2")
    play_until(g, turn=2, phase="deployment")
    g.advance()
    assert g.players[0].spots == 5
    assert g.players[0].unit_count == 4
    g.apply(0, place("veteran", 4))
    assert g.players[0].unit_count == 5
    g.apply(0, "done")
    for seat in (1, 2):
        g.apply(seat, "done")
    g.advance(until="phase")
    assert g.players[0].units[4].type is BASE.unit("veteran")
    # Front: Forest Child 1 + Farmer 1 + Veteran 3 (F3); Barracks level 1: +1 per wood
    # (Forest Child) -> 6; Knight and Miner in the Back do not fight
    assert g.strength(0) == 6


def test_fifth_spot_counts_for_war_strength_as_front():
    g = position({"front": ["knight", "knight", "knight"], "buildings": {"mine": 2}}, {}, {})
    assert g.strength(0) == 12


def test_no_fifth_spot_with_level1_buildings_only():
    g = position({"gold": 3, "front": ["farmer", "woodcutter"], "back": ["miner", "hunter"],
                  "buildings": {"town": 1, "mine": 1, "temple": 1}, "hand": ["veteran"]}, {}, {},
                 phase="deployment")
    g.advance()
    assert g.players[0].spots == 4
    assert not [a for a in g.legal_actions(0) if a.kind == "place"]   # all 4 spots full


def test_five_spots_at_most_with_several_level2_buildings():
    g = position({"gold": 3, "front": ["farmer", "woodcutter", "knight"], "back": ["miner", "hunter"],
                  "buildings": {"town": 2, "mine": 2, "temple": 2}, "hand": ["veteran"]}, {}, {},
                 phase="deployment")
    g.advance()
    assert g.players[0].spots == 5
    assert not [a for a in g.legal_actions(0) if a.kind == "place"]
    with pytest.raises(IllegalActionError):
        g.apply(0, place("veteran", 5))


# ============================================================== end of game LP

@pytest.mark.parametrize("bid", ["town", "tavern", "mine", "temple", "barracks"])
@pytest.mark.parametrize("lvl, lp", [(1, 1), (2, 3)])
def test_building_lp_at_the_end(bid, lvl, lp):
    g = position({"buildings": {bid: lvl}}, {}, {}, turn=4, phase="aging")
    ev = play_until(g, over=True)
    end0 = [(cause(e), e.amount) for e in ev if e.seat == 0 and e.kind == "lp" and e.phase == "end"]
    assert end0 == [(f"{bid}:{lvl}", lp)]
    assert g.scores == [lp, 0, 0]


def test_building_lp_at_the_end_one_and_three():
    g = position({"buildings": {"town": 1, "tavern": 2, "mine": 1, "temple": 2}},
                 {"buildings": {"barracks": 2}}, {}, turn=4, phase="aging")
    ev = play_until(g, over=True)
    end0 = sorted((cause(e), e.amount) for e in ev if e.seat == 0 and e.kind == "lp" and e.phase == "end")
    assert end0 == [("mine:1", 1), ("tavern:2", 3), ("temple:2", 3),
                    ("town:1", 1)]
    assert g.scores == [8, 3, 0]
    assert g.winners() == [0]
