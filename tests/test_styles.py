"""The outside styles (papertales.styles) on hand-built positions: each rule of the published
advice they follow, with the numbers worked out by hand from the cards and the rules."""

from __future__ import annotations

from papertales import Action, Game
from papertales.bots import play
from papertales.position import game_from_position
from papertales.registry import get
from papertales.state import Unit
from papertales.styles import SpoilerBot


def draft(pack, units=None, turn=1):
    """A 3-player draft of ``turn`` with seat 0 holding ``pack``; ``units``: seat -> {spot:
    card} of units in play (revealed, as they all are while the draft runs)."""
    g = Game.new(players=3, seed=1).advance()
    g.turn = turn
    g.players[0].pack = [g.cards.unit(c) for c in pack]
    for seat, spots in (units or {}).items():
        for spot, card in spots.items():
            g.players[seat].units[spot] = Unit(g.cards.unit(card))
    return g


def deployment(hand, gold=5, turn=2, buildings=None, front=(), back=()):
    return game_from_position({"turn": turn, "phase": "deployment", "players": [
        {"name": "Eve", "gold": gold, "hand": list(hand), "front": list(front), "back": list(back),
         "buildings": buildings or {}}, {"name": "Ada"}, {"name": "Bob"}]})


def construction():
    """Eve produces 1 wood (Woodcutter) and 2 ore (Miner, Mine level 1), owns one building
    (land: 2 gold) and has 9 gold.  Offered: Town 1 (wood 1: 2 gold), the Mine's upgrade
    (wood 1 + ore 1: 0 gold), Temple 1 (ore 1: 2 gold), Temple 2 (ore 1 + ore 2: one level's
    ore paid with gold, 2 + 2 = 4 gold), Barracks 1 (wood 1: 2 gold); Tavern needs food,
    Town 2 three wood, Barracks 2 food."""
    g = game_from_position({"turn": 2, "phase": "construction", "players": [
        {"name": "Eve", "gold": 9, "front": ["miner", "woodcutter"], "buildings": {"mine": 1}}, {"name": "Ada"}]})
    g.advance()
    assert [(str(a), gold) for a, gold, _ in g.construction_options(0)] == [
        ("build town 1", 2), ("upgrade mine", 0), ("build temple 1", 2), ("build temple 2", 4),
        ("build barracks 1", 2)]
    return g


# ------------------------------------------------------------------ builder

def test_the_builder_drafts_what_its_nearest_level_2_building_lacks():
    # Temple 1 and a Miner: 1 ore.  The Temple's upgrade wants 2 ore (1 missing: counted 2
    # gold) or 3 gold: the ore route is nearest (2 < 3); a new building costs 2 gold of land
    # and more resources.  The Miner brings the missing ore: it beats the Forest Child's two
    # resources (neither is ore) and the Knight's strength.
    g = draft(["forest_child", "miner", "knight"], {0: {2: "miner"}})
    g.players[0].buildings[[B.id for B in g.buildings].index("temple")] = 1
    assert get("builder").choose(g, 0) == Action("pick", "miner")
    assert get("economist").choose(g, 0) == Action("pick", "forest_child")   # most resources


def test_the_builder_keeps_gold_for_the_fifth_spot_from_turn_2():
    # No building, nothing produced: the nearest level-2 building is the Temple paid in gold
    # alone (2 + 3 = 5 gold; every other needs 3 resources, 6 gold's worth).  Income brings
    # 2 before the Construction, so 3 gold stay: with 3 gold only free cards are placed.
    g = deployment(["knight", "sculptor"], gold=3)
    bot = get("builder")
    assert bot.choose(g, 0) == Action("place", "sculptor", 0)   # free (strength 1, no resource): F1
    g.apply(0, Action("place", "sculptor", 0))
    assert bot.choose(g, 0) == Action("done", "knight")         # the Knight (1 gold) waits
    # on turn 1 it fields all it can, the stronger first
    g = deployment(["knight", "sculptor"], gold=3, turn=1)
    assert bot.choose(g, 0) == Action("place", "knight", 0)
    # a Farmer placed counts: food 1 makes the Tavern nearest (wood 1 + food 1 missing: 4
    # gold's worth, land free; the Barracks ties, later in order), paid in resources only,
    # so nothing is kept back
    g = deployment(["knight", "farmer"], gold=3)
    g.apply(0, Action("place", "farmer", 2))
    assert bot.choose(g, 0) == Action("place", "knight", 0)


def test_the_builder_takes_the_cheapest_level_2_building_then_the_most_lp():
    g = construction()
    # no level-2 building: the upgrade (0 gold) before Temple 2 (4 gold)
    assert get("builder").choose(g, 0) == Action("upgrade", "mine")
    # with a level-2 building (Tavern 2; two buildings: 4 gold of land): the most LP first,
    # so Temple 2 (+3 LP for 4 + 2 gold) before the Mine's upgrade (+2 LP for nothing)
    h = game_from_position({"turn": 2, "phase": "construction", "players": [
        {"name": "Eve", "gold": 9, "front": ["miner", "woodcutter"], "buildings": {"mine": 1, "tavern": 2}},
        {"name": "Ada"}]})
    h.advance()
    offered = {str(a): gold for a, gold, _ in h.construction_options(0)}
    assert offered["upgrade mine"] == 0 and offered["build temple 2"] == 6
    assert get("builder").choose(h, 0) == Action("build", "temple", 2)


# ------------------------------------------------------------------ warlord and spoiler

def test_the_warlord_drafts_the_strength_a_card_has_in_its_kingdom():
    pack = ["dragon", "knight", "manticore"]
    # nothing in play: Dragon 0, Knight 4, Manticore 2
    assert get("warlord").choose(draft(pack), 0) == Action("pick", "knight")
    # a Miner's ore: the Dragon fights at 7
    assert get("warlord").choose(draft(pack, {0: {2: "miner"}}), 0) == Action("pick", "dragon")
    # two Farmers' food: the Manticore fights at 2 + 2 x 2 = 6
    assert get("warlord").choose(draft(pack, {0: {2: "farmer", 3: "farmer"}}), 0) == Action("pick", "manticore")


def test_the_warlord_fields_fighters_in_front_and_the_archer_behind():
    g = deployment(["farmer", "archer", "knight"], gold=5)
    bot = get("warlord")
    assert bot.choose(g, 0) == Action("place", "knight", 0)     # strength 4: F1
    g.apply(0, Action("place", "knight", 0))
    assert bot.choose(g, 0) == Action("place", "archer", 2)     # 2, but shoots from the Back: B1
    g.apply(0, Action("place", "archer", 2))
    assert bot.choose(g, 0) == Action("place", "farmer", 3)     # strength 1: B2


def test_the_warlord_discards_its_weakest_unit_for_a_stronger_card():
    # full kingdom: Farmer (1), Woodcutter (2), Militiaman (2), Miner (2); a Knight (4) in hand
    g = deployment(["knight"], gold=3, front=["militiaman", "woodcutter"], back=["farmer", "miner"])
    assert get("warlord").choose(g, 0) == Action("discard", 2)   # the Farmer, on B1


def test_the_warlords_build_barracks_first():
    # Barracks 1 adds strength per wood; Temple 2 and the Mine's upgrade pay in Wars too,
    # but a kingdom-strength bonus comes first
    g = construction()
    assert get("warlord").choose(g, 0) == Action("build", "barracks", 1)
    assert get("spoiler").choose(g, 0) == Action("build", "barracks", 1)


def test_the_spoiler_takes_a_card_away_from_the_seat_its_pack_goes_to():
    # 3 players: turn 1 passes to seat 1 (left), turn 2 to seat 2 (right)
    assert [SpoilerBot.receiver(draft([], turn=t), 0) for t in (1, 2, 3, 4)] == [1, 2, 1, 2]
    pack = ["knight", "manticore"]
    # seat 1 produces 2 food: a Manticore there fights at 6, under the Knight's 4 here + 3
    g = draft(pack, {1: {2: "farmer", 3: "farmer"}})
    assert get("spoiler").choose(g, 0) == Action("pick", "knight")
    # 3 food (a Forest Child too): 8 >= 7, so the Manticore is taken away
    g = draft(pack, {1: {2: "farmer", 3: "farmer", 0: "forest_child"}})
    assert get("spoiler").choose(g, 0) == Action("pick", "manticore")
    assert get("warlord").choose(g, 0) == Action("pick", "knight")
    # on turn 2 the pack goes to seat 2, whose kingdom is empty: no reason to spoil
    g = draft(pack, {1: {2: "farmer", 3: "farmer", 0: "forest_child"}}, turn=2)
    assert get("spoiler").choose(g, 0) == Action("pick", "knight")


# ------------------------------------------------------------------ merchant

def test_the_merchant_drafts_the_most_income_in_its_kingdom():
    pack = ["knight", "blacksmith", "peddler", "cook"]
    # two Farmers' food: the Cook brings 2 gold, the Blacksmith and the Peddler 1
    assert get("merchant").choose(draft(pack, {0: {2: "farmer", 3: "farmer"}}), 0) == Action("pick", "cook")
    # no food: the Cook brings 0; Blacksmith and Peddler 1 each, the Peddler also a wood
    assert get("merchant").choose(draft(pack), 0) == Action("pick", "peddler")


def test_the_merchant_puts_income_behind_and_builds_income_first():
    g = deployment(["knight", "blacksmith"], gold=5)
    bot = get("merchant")
    assert bot.choose(g, 0) == Action("place", "blacksmith", 2)  # income 1: B1
    g.apply(0, Action("place", "blacksmith", 2))
    assert bot.choose(g, 0) == Action("place", "knight", 0)      # a fighter: F1
    # the Temple has an Income ability at both levels: the higher
    assert get("merchant").choose(construction(), 0) == Action("build", "temple", 2)


def test_style_games_end_and_are_deterministic():
    def game():
        return play(Game.new(players=4, seed=3, record_events=False),
                    [get(n, seed=k) for k, n in enumerate(["builder", "warlord", "merchant", "spoiler"])])
    a, b = game(), game()
    assert a.is_over and a.history == b.history
