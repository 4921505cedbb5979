"""Rule variants: where readings of the rulebook differ, the user chooses
(docs/rules-interpretations.md).  Numbers worked out by hand from the rules."""

import pytest

from helpers import deploy, position
from papertales import Game, IllegalActionError, PaperTalesError
from papertales.serialize import dumps, loads
from papertales.variants import DEFAULTS, OPTIONS, check, parse
from papertales.wars import wars_won


def with_rules(game, **rules):
    game.variants = check(rules)
    game.options = {**game.options, "rules": game.variants}
    return game


def test_defaults_are_the_printed_readings_and_bad_values_are_refused():
    assert DEFAULTS == {"discard_in_play": "when_full", "two_player_zero": "single", "own_order": "ask"}
    assert Game.new(players=3).variants == DEFAULTS
    with pytest.raises(PaperTalesError, match="variants: discard_in_play, two_player_zero, own_order"):
        Game.new(players=3, rules={"discard": "any"})
    with pytest.raises(PaperTalesError, match="values: single, double, none"):
        Game.new(players=2, rules={"two_player_zero": "triple"})
    assert parse("discard_in_play=any") == ("discard_in_play", "any")
    with pytest.raises(PaperTalesError, match="NAME=VALUE"):
        parse("discard_in_play")


def test_variants_are_saved_with_the_game():
    g = Game.new(players=2, seed=3, rules={"two_player_zero": "none", "discard_in_play": "any"})
    again = loads(dumps(g))
    assert again.variants == {**DEFAULTS, "two_player_zero": "none", "discard_in_play": "any"}


# ------------------------------------------------------------------ two players, 0 against 0

@pytest.mark.parametrize("rule, wars", [("single", 1), ("double", 2), ("none", 0)])
def test_two_players_at_zero_against_zero(rule, wars):
    assert wars_won(2, [0, 0], rule) == [[(1, wars)], [(0, wars)]]
    g = with_rules(position({}, {}, phase="wars"), two_player_zero=rule)
    g.advance(until="phase")
    assert g.scores == [3 * wars, 3 * wars]


@pytest.mark.parametrize("rule", OPTIONS["two_player_zero"])
def test_the_zero_rule_changes_nothing_else(rule):
    # 4 against 2: twice as strong, two wars; 2 against 0: above 0 and twice, two wars
    assert wars_won(2, [4, 2], rule) == [[(1, 2)], [(0, 0)]]
    assert wars_won(2, [2, 0], rule) == [[(1, 2)], [(0, 0)]]
    assert wars_won(2, [3, 3], rule) == [[(1, 1)], [(0, 1)]]


# ------------------------------------------------------------------ discarding units in play

def test_when_full_a_unit_in_play_is_discarded_only_to_make_room():
    g = position({"gold": 3, "front": ["farmer"], "hand": ["knight"]}, {}, {}, phase="deployment")
    g.advance()
    assert "discard F1" not in map(str, g.legal_actions(0))          # three spots are free
    before = dumps(g)
    with pytest.raises(IllegalActionError, match="you still have a free spot"):
        g.apply(0, "discard F1")
    assert dumps(g) == before
    full = position({"gold": 1, "front": ["farmer", "cook"], "back": ["hunter", "woodcutter"],
                     "hand": ["knight"]}, {}, {}, phase="deployment")
    full.advance()
    assert "discard F1" in map(str, full.legal_actions(0))          # full, and the Knight costs 1
    poor = position({"gold": 0, "front": ["farmer", "cook"], "back": ["hunter", "woodcutter"],
                     "hand": ["knight"]}, {}, {}, phase="deployment")
    poor.advance()
    assert "discard F1" not in map(str, poor.legal_actions(0))      # no card can be paid for
    assert "move F1 B1" in map(str, poor.legal_actions(0))          # moving stays free


def test_any_lets_a_unit_in_play_be_discarded_at_any_time():
    g = with_rules(position({"gold": 3, "front": ["farmer"]}, {}, {}, phase="deployment"),
                   discard_in_play="any")
    ev = deploy(g, {0: ["discard F1"]})
    assert g.players[0].units[0] is None
    assert [e.key for e in ev if e.kind == "discard"] == ["ev.discards_unit"]


# ------------------------------------------------------------------ one player's own order

def alchemist_and_necromancer(**rules):
    """Master Alchemist and a young Leviathan in play; a Necromancer is revealed: its
    token ages the Leviathan, which then produces 2 food -- counted by the Alchemist or
    not, depending on the order."""
    g = position({"gold": 5, "front": ["leviathan"], "back": ["master_alchemist"],
                  "hand": ["necromancer"]}, {}, {}, phase="deployment")
    if rules:
        with_rules(g, **rules)
    g.advance()
    g.apply(0, "place necromancer F2")
    g.apply(0, "done")
    for seat in (1, 2):
        g.apply(seat, "done")
    g.advance()
    return g


def test_the_owner_is_asked_when_the_order_changes_the_result():
    g = alchemist_and_necromancer()
    d = g.decision(0)
    assert d.kind == "order"
    assert [str(a) for a in g.legal_actions(0)] == ["order reveal", "order deployment"]
    first = g.clone()
    # reveal first: Necromancer puts 1 token on Leviathan and Alchemist (not on itself);
    # the aged Leviathan produces 2 food, so the Alchemist puts 2 tokens on one unit
    first.apply(0, "order reveal")
    assert first.decision(0).kind == "target" and first.decision(0).count == 2
    first.apply(0, "target F2")
    assert [u.age for u in first.players[0].units[:3]] == [1, 2, 1]
    # Alchemist first: no food yet, no tokens from it; then the Necromancer's tokens
    g.apply(0, "order deployment")
    g.advance(until="phase")
    assert [u.age for u in g.players[0].units[:3]] == [1, 0, 1]


def test_no_question_when_the_order_changes_nothing():
    g = position({"gold": 5, "front": ["farmer"], "back": ["master_alchemist"], "hand": ["necromancer"]},
                 {}, {}, phase="deployment")
    g.advance()
    g.apply(0, "place necromancer F2")
    for seat in (0, 1, 2):
        g.apply(seat, "done")
    g.advance()
    assert g.decision(0) is None or g.decision(0).kind != "order"


def test_fixed_order_keeps_the_engines_order_without_asking():
    g = alchemist_and_necromancer(own_order="fixed")
    assert g.decision(0).kind == "target" and g.decision(0).count == 2   # reveal, then Alchemist
