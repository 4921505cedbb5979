"""The evaluation's features (papertales.features) worked out by hand from the rules, and
the fitted evaluation's data (papertales.evaluation, papertales/data/evaluation.json)."""

from __future__ import annotations

import pytest

from papertales import Action, Game
from papertales.evaluation import Evaluation, stage
from papertales.features import BASE, BaseVector, base_features, card_indices, features, names, position
from papertales.position import game_from_position


def named(g, seat, phase=None) -> dict:
    return {k: v for k, v in zip(names(g.cards), features(g, seat, phase)) if v}


def test_a_knight_placed_against_two_militiamen():
    """Turn 2, Deployment, 3 players; Eve (5 gold) holds Knight and Farmer, each neighbour
    fights with one Militiaman (strength 2, no age token).  Wars still to come: this turn
    and 2 later turns (3); Income and Construction phases: 3 each."""
    g = game_from_position({"turn": 2, "phase": "deployment", "players": [
        {"name": "Eve", "gold": 5, "hand": ["knight", "farmer"], "front": [], "back": []},
        {"name": "Ada", "front": ["militiaman"]}, {"name": "Bob", "front": ["militiaman"]}]})
    before = named(g, 0)
    # no unit: strength 0 against 2 and 2: no war won, margins -2 - 2
    assert "war_lp_now" not in before
    assert before["margin_now"] == -4 and before["margin_later_x_left"] == -4 * 2
    assert before["gold"] == 5 and before["gold_x_builds"] == 5 * 3
    assert before["income_x_left"] == 2 * 3                     # 2 gold a turn, 3 Incomes to come
    assert before["hand"] == 2 and before["hand_strength"] == 4 + 1 and before["hand_affordable"] == 2
    g.apply(0, Action("place", "knight", 0))
    after = named(g, 0)
    assert after["war_lp_now"] == 3 * 2                         # 4 >= 2 twice: two wars, 3 LP each
    assert after["margin_now"] == 2 + 2
    assert after["wins_later_x_left"] == 2 * 2                  # the Knight outlives this Aging
    assert after["margin_later_x_left"] == 4 * 2
    assert after["strength_x_turns"] == 4 * 2                   # fights now and next turn, then dies
    assert after["gold"] == 4 and after["gold_x_builds"] == 4 * 3   # its 1 gold is committed
    assert after["units"] == 1 and after["free_spots"] == 3
    assert after["hand:farmer"] == 1 and after["play:knight"] == 1 and "hand:knight" not in after


def test_the_affordable_cards_are_counted_cheapest_first():
    """Eve's hand in the order drawn: Kraken (6 gold), Knight (1), Dragon (3), Colossus (2).
    With 6 gold: Knight, Colossus, Dragon (1 + 2 + 3 = 6), not the Kraken; with 5: Knight
    and Colossus, then 2 gold left, short of the Dragon's 3.  In the order drawn, the
    Kraken alone would take all 6."""
    for gold, affordable in ((6, 3), (5, 2), (0, 0)):
        g = game_from_position({"turn": 1, "phase": "deployment", "players": [
            {"name": "Eve", "gold": gold, "hand": ["kraken", "knight", "dragon", "colossus"]},
            {"name": "Ada"}]})
        assert named(g, 0).get("hand_affordable", 0) == affordable, gold


def test_a_position_weighs_its_features_in_their_order():
    """The evaluation weighs a position's numbers (``BaseVector.dot``) instead of a list of
    them: the same numbers, in the order of BASE, added up in that order -- so the very
    float the list gives, which the fingerprinted games depend on."""
    g = game_from_position({"turn": 2, "phase": "deployment", "players": [
        {"name": "Eve", "gold": 5, "hand": ["knight", "farmer"], "front": ["archer"], "back": ["miner"]},
        {"name": "Ada", "front": ["militiaman"]}, {"name": "Bob", "front": ["militiaman"]}]})
    x = position(g, 0)
    assert x.vector() == [getattr(x, name) for name in BASE] == base_features(g, 0)
    w = [1 / (i + 3) for i in range(len(BASE))]
    loop = 0.0
    for wi, xi in zip(w, x.vector()):
        loop += wi * xi
    assert x.dot(BaseVector.of(w)) == loop
    ev = Evaluation.default()
    weights = ev.weights(g, stage(g))
    assert weights is not None
    total = 0.0
    for wi, xi in zip(weights, base_features(g, 0)):
        total += wi * xi
    for i in card_indices(g.players[0], len(g.cards.units)):
        total += weights[len(BASE) + i]
    assert ev.value(g, 0) == total


def test_a_level_2_mine_a_miner_and_an_old_relic_after_the_wars():
    """Turn 3, Income, 2 players.  Eve: Mine at level 2 (1 ore, +2 LP per ore in every
    Wars phase, 3 LP at the end, a 5th spot), a Miner (1 ore, strength 2) and a Relic of
    Wisdom with 2 age tokens (2 LP per token at the end); Ada: a Knight."""
    g = game_from_position({"turn": 3, "phase": "income", "players": [
        {"name": "Eve", "gold": 2, "front": ["miner", {"card": "relic_of_wisdom", "age": 2}],
         "buildings": {"mine": 2}},
        {"name": "Ada", "front": ["knight"]}]})
    f = named(g, 0)
    assert f["building_lp"] == 3 and f["level2"] == 1 and f["buildings"] == 1
    assert f["end_of_game"] == 2 * 2
    assert f["ore_x_builds"] == 2 * 2                  # 2 ore, Construction of turns 3 and 4
    assert f["income_x_left"] == 2 * 2                 # Income of turns 3 and 4
    assert f["war_lp_base_x_left"] == 2 * 2 * 1        # 2 LP per ore, the Wars of turn 4
    assert "war_lp_now" not in f and "margin_now" not in f     # this turn's Wars are over
    assert f["margin_later_x_left"] == (2 - 4) * 2     # 2 wars against Ada's 4
    assert f["strength_x_turns"] == 2 * 1              # the Miner fights once more
    assert f["free_spots"] == 5 - 2


def test_an_opponents_face_down_unit_is_not_counted():
    g = game_from_position({"turn": 2, "phase": "deployment", "players": [
        {"name": "Eve", "gold": 2, "hand": ["knight"]},
        {"name": "Ada", "gold": 5, "hand": ["dragon", "knight"], "front": ["miner"]}]})
    before = features(g, 0)
    g.apply(1, Action("place", "knight", 1))           # Ada's Knight, face down
    assert features(g, 0) == before


def test_the_shipped_weights_cover_every_stage_and_feature():
    ev = Evaluation.default()
    data = ev.data
    assert data["format"] == "papertales-evaluation/1"
    assert data["fitted_on"]["rounds"] and data["fitted_on"]["games"] > 0
    for mode in ("", "solo:"):
        for turn in range(1, 5):
            for phase in ("recruitment", "deployment", "wars", "income", "construction", "aging"):
                key = f"{mode}{turn}.{phase}"
                assert key in data["models"], key
                assert set(data["models"][key]) <= set(data["features"])
                assert key in data["win"]
    assert data["features"][:len(BASE)] == list(BASE)


def test_once_the_game_is_over_the_value_is_the_final_lp():
    from papertales import Game
    from papertales.bots import play
    from papertales.registry import get
    g = play(Game.new(players=3, seed=2, record_events=False), [get("economist") for _ in range(3)])
    ev = Evaluation.default()
    assert [ev.value(g, s) for s in range(3)] == [float(p.lp) for p in g.players]
    winners = g.winners()
    assert [ev.win_chance(g, s) for s in range(3)] == [1 / len(winners) if s in winners else 0.0 for s in range(3)]


def test_a_stage_names_the_turn_and_the_phase():
    g = game_from_position({"turn": 3, "phase": "construction", "players": [{"name": "A"}, {"name": "B"}]})
    assert stage(g) == "3.construction" and stage(g, "aging") == "3.aging"


def test_the_chances_to_win_between_players_add_up_to_one():
    """share: exp(b v_s) / sum exp(b v_j).  Expected LPs 30, 20, 20 with b = 0.1:
    1 / (1 + 2 e^-1) = 0.5761 for the leader, e^-1 / (1 + 2 e^-1) = 0.2119 for each other."""
    from papertales.evaluation import share
    values = [30.0, 20.0, 20.0]
    assert share(values, 0, 0.1) == pytest.approx(0.5761, abs=1e-4)
    assert share(values, 1, 0.1) == pytest.approx(0.2119, abs=1e-4)
    assert sum(share(values, s, 0.1) for s in range(3)) == pytest.approx(1.0)
    assert share([5.0, 5.0], 0, 3.0) == 0.5                      # equal expectations: a coin toss


def test_pick_odds_are_the_exponentials_of_the_strengths():
    # strengths +ln 2 and -ln 2 give odds 2 and 0.5; a card without a strength gets odds 1,
    # and an evaluation without strengths deals every card alike (None)
    import math
    g = Game.new(players=3, seed=1)
    ev = Evaluation(dict(Evaluation.default().data, picks={"knight": math.log(2), "cook": -math.log(2)}))
    odds = ev.pick_odds(g.cards)
    by_id = {u.id: o for u, o in zip(g.cards.units, odds)}
    assert by_id["knight"] == pytest.approx(2.0) and by_id["cook"] == pytest.approx(0.5)
    assert by_id["farmer"] == 1.0
    assert ev.pick_odds(g.cards) is odds                          # worked out once per card set
    bare = {k: v for k, v in Evaluation.default().data.items() if k != "picks"}
    assert Evaluation(bare).pick_odds(g.cards) is None


def test_the_shipped_strengths_cover_every_unit_of_the_base_game():
    g = Game.new(players=3, seed=1)
    assert set(Evaluation.default().picks) == {u.id for u in g.cards.units}
