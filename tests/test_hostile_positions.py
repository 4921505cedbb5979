"""What-if positions survive tampering and odd combinations: each one is refused with a
:class:`PositionError` naming the field (English and Polish), or loads into a game whose
evaluation runs (any phase) and which plays on legally to the end, and saves and loads."""

from __future__ import annotations


import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from fuzzing import base_positions, position_or_refuse, tampered_outcomes
from papertales import BASE, PositionError, card_set
from papertales.position import POSITION_PHASES, game_from_position

pytestmark = pytest.mark.filterwarnings("ignore::papertales.expansion.TileSetWarning")

BASES = base_positions()
TAMPERED = 300
UNITS = [u.id for u in BASE.units]
NECROPOLIS = {p: [c.id for c in card_set("lich-king-illustrative").necropolis if c.pile == p]
              for p in ("1", "2", "3", "4", "E")}


@pytest.mark.slow
def test_300_tampered_positions_are_refused_or_play_on():
    outcomes = tampered_outcomes(BASES, TAMPERED, position_or_refuse, "position")
    assert outcomes["refused"] > 0 and outcomes["played"] > 0, outcomes


SPOTS = st.sampled_from(["F1", "F2", "B1", "B2", "F3", "f1", "X9"])
UNIT = st.one_of(st.sampled_from(UNITS), st.fixed_dictionaries(
    {"card": st.sampled_from(UNITS)}, optional={"age": st.integers(0, 4)}))
ODD_UNIT = st.one_of(UNIT, st.fixed_dictionaries({"card": st.sampled_from(UNITS), "age": st.integers(-1, 21)}),
                     st.sampled_from(["Knight", "nobody", 3]))


def _mostly(draw, good, odd):
    """Usually a good value, one time in eight an odd one: most positions load."""
    return draw(odd if draw(st.integers(0, 7)) == 0 else good)


@st.composite
def odd_positions(draw):
    """Positions that are mostly well formed, with odd values and combinations."""
    phase = _mostly(draw, st.sampled_from(POSITION_PHASES[:-1]), st.sampled_from(("end", "party")))
    solo = draw(st.integers(0, 3)) == 0
    n = 1 if solo else _mostly(draw, st.integers(2, 5), st.integers(6, 8))
    turn = 4 if phase == "end" else _mostly(draw, st.integers(1, 4), st.integers(0, 5))
    data = {"turn": turn, "phase": phase}
    if n > 5 or draw(st.integers(0, 5)) == 0:
        data["expansion"] = "beyond-the-gates"
    players = []
    for _ in range(n):
        p = {"gold": _mostly(draw, st.integers(0, 12), st.integers(-1, 1000)), "lp": draw(st.integers(0, 40)),
             "buildings": _mostly(draw, st.dictionaries(st.sampled_from(["town", "tavern", "mine", "temple"]),
                                                        st.integers(0, 2), max_size=3),
                                  st.dictionaries(st.sampled_from(["barracks", "keep", "town"]), st.integers(0, 3),
                                                  max_size=2))}
        unit = st.one_of(UNIT, ODD_UNIT) if draw(st.integers(0, 7)) == 0 else UNIT
        if draw(st.integers(0, 3)) == 0:
            p["units"] = draw(st.dictionaries(SPOTS, unit, max_size=3))
        else:
            p["front"] = draw(st.lists(unit, max_size=_mostly(draw, st.just(2), st.just(3))))
            p["back"] = draw(st.lists(unit, max_size=_mostly(draw, st.just(2), st.just(3))))
        if phase == "deployment" or draw(st.integers(0, 15)) == 0:
            p["hand"] = draw(st.lists(st.sampled_from(UNITS), max_size=4))
            if p["hand"] and draw(st.booleans()):
                p["place"] = {p["hand"][0]: draw(SPOTS)}
        if draw(st.integers(0, 3)) == 0:
            p["choices"] = draw(st.dictionaries(st.sampled_from(
                ["mystical_healer", "time_master", "master_alchemist", "construction", "order", "knight"]),
                st.sampled_from(["F1", "B2", "pass", "build town 1", "upgrade mine", "reveal", ["F1", "pass"], 5]),
                max_size=2))
        if phase != "deployment" and draw(st.integers(0, 4)) == 0:
            p["kept"] = draw(st.sampled_from(UNITS))
        players.append(p)
    data["players"] = players
    if solo:
        lk = {"lp": draw(st.integers(0, 20)),
              "line": [draw(st.sampled_from(NECROPOLIS[pile])) for pile in ("1", "2", "3", "4", "E")]}
        if draw(st.integers(0, 3)) == 0:
            lk["time"] = draw(st.sampled_from([turn - 1, turn, 0, 4]))
        if draw(st.integers(0, 3)) == 0:
            lk["revealed"] = draw(st.integers(0, 6))
        if phase == "recruitment" and draw(st.booleans()):
            lk["netherworld"] = draw(st.lists(st.sampled_from(UNITS), max_size=_mostly(draw, st.just(7), st.just(9))))
        if draw(st.booleans()):
            lk["cards"] = draw(st.lists(st.sampled_from(["war_drums", "soul_harvest", "endless_legions", "nope"]),
                                        max_size=2, unique=True))
        data["lich_king"] = lk
    return data


@pytest.mark.slow
@settings(max_examples=120, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(odd_positions(), st.integers(0, 999))
def test_odd_positions_are_refused_or_evaluate_and_play_on(position, seed):
    assert position_or_refuse(position, seed) in ("refused", "played")


def test_refusals_name_the_field_in_both_languages():
    with pytest.raises(PositionError) as err:
        game_from_position({"players": [{"gold": 1000}, {}]})
    assert str(err.value) == "players[0].gold must be a whole number from 0 to 999, got 1000"
    assert err.value.text("pl") == "players[0].gold musi być liczbą całkowitą od 0 do 999, podano 1000"
