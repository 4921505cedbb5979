"""Property-based checks (hypothesis) over random what-if positions."""

import pytest
from hypothesis import given, settings, strategies as st

from papertales import BASE
from papertales.position import game_from_position, position_of
from papertales.whatif import evaluate

UNIT_IDS = [u.id for u in BASE.units]
BUILDINGS = ["town", "tavern", "mine", "temple", "barracks"]


@st.composite
def positions(draw):
    n = draw(st.integers(2, 5))
    left = {u.id: u.copies for u in BASE.units}

    def unit():
        choices = [i for i in UNIT_IDS if left[i] > 0]
        card = draw(st.sampled_from(choices))
        left[card] -= 1
        age = draw(st.integers(0, 3))
        return {"card": card, "age": age} if age else card

    players = []
    for i in range(n):
        buildings = {b: lvl for b in BUILDINGS if (lvl := draw(st.integers(0, 2)))}
        front_max = 3 if 2 in buildings.values() else 2
        players.append({
            "name": f"P{i}", "gold": draw(st.integers(0, 12)), "lp": draw(st.integers(0, 30)),
            "front": [unit() for _ in range(draw(st.integers(0, front_max)))],
            "back": [unit() for _ in range(draw(st.integers(0, 2)))],
            "buildings": buildings,
        })
    return {"turn": draw(st.integers(1, 4)), "phase": "wars", "players": players}


@settings(max_examples=60, deadline=None)
@given(positions())
def test_position_round_trip(pos):
    g = game_from_position(pos)
    again = position_of(g)
    assert again["players"] == [{**p, "buildings": p["buildings"]} for p in pos["players"]]
    assert sum(g.card_counts().values()) == 81


@settings(max_examples=60, deadline=None)
@given(positions())
def test_strength_is_the_sum_of_fighting_units_and_building_bonuses(pos):
    g = game_from_position(pos)
    for seat in range(g.n):
        rows = []
        total = g.strength(seat, rows)
        fighting = sum(r["strength"] for r in g.unit_strengths(seat) if r["fights"])
        wood = g.resources(seat)["wood"]
        barracks = wood if "barracks" in pos["players"][seat]["buildings"] else 0
        assert total == fighting + barracks


@settings(max_examples=40, deadline=None)
@given(positions())
def test_wars_give_3_lp_per_war_won_plus_war_abilities(pos):
    g = game_from_position(pos)
    r = evaluate(g, phases=("wars",))
    for seat in range(g.n):
        won = sum(e["amount"] for e in r["wars"]["events"] if e["seat"] == seat and e["kind"] == "war")
        rule = sum(e["amount"] for e in r["wars"]["events"]
                   if e["seat"] == seat and e["kind"] == "lp" and e["cause"] == "rule.wars")
        assert rule == 3 * won
        assert r["wars"]["lp_after"][seat] >= pos["players"][seat]["lp"]
        assert 0 <= won <= 2


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(positions(), st.data())
def test_any_construction_option_can_be_paid(pos, data):
    g = game_from_position({**pos, "phase": "construction"})
    g.step()                       # the start of Construction: who has something to build?
    for seat in range(g.n):
        assert (g.decision(seat) is not None) == bool(g.construction_options(seat))
    chosen = {}
    for seat in g.pending_players():
        action, gold, _ = data.draw(st.sampled_from(g.construction_options(seat)))
        chosen[seat] = (action, gold, g.players[seat].gold,
                        dict(zip([b.id for b in g.buildings], g.players[seat].buildings))[action.a])
        g.apply(seat, action)
    assert g.phase == "aging"          # everyone chose: the constructions are carried out
    for seat, (action, gold, before, level) in chosen.items():
        assert g.players[seat].gold == before - gold >= 0
        after = dict(zip([b.id for b in g.buildings], g.players[seat].buildings))[action.a]
        assert after == (action.b if action.kind == "build" else 2) > level
