"""Saved games survive tampering: 2,000 tampered saves of 1-7 player games (solo at every
difficulty, Beyond the Gates, rule variants) at every phase and stage, on every run.  Each
one is refused with the engine's own error (in English and Polish, naming the field) or
loads into a game that plays on legally to the end.  A loaded game is the engine's own
replay of the save's history, so no state the rules cannot reach is ever half-loaded."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from fuzzing import CONFIGS, base_saves, load_or_refuse, new_game, play_on, random_play, tamper, tampered_outcomes
from papertales import Action, IllegalActionError, SaveFileError, i18n
from papertales.serialize import dumps, loads
from papertales.actions import KINDS
from papertales.bots import RandomBot

pytestmark = pytest.mark.filterwarnings("ignore::papertales.expansion.TileSetWarning")

BASES = base_saves()
TAMPERED = 2000


@pytest.fixture(autouse=True)
def _english():
    i18n.set_language("en")
    yield
    i18n.set_language(None)


def test_the_base_saves_cover_every_player_count_phase_and_stage():
    seen = {(json.loads(s)["options"]["players"], json.loads(s)["phase"], json.loads(s)["stage"]) for s in BASES}
    assert {n for n, _, _ in seen} == {1, 2, 3, 4, 5, 6, 7}
    for n in (1, 2, 4, 7):
        phases = {p for m, p, _ in seen if m == n}
        assert phases >= {"recruitment", "deployment", "wars", "income", "construction", "aging", "end", "over"}, n
    assert ("recruitment", "draft") in {(p, s) for _, p, s in seen}
    assert ("aging", "save") in {(p, s) for _, p, s in seen}


@pytest.mark.slow
def test_every_untampered_save_loads_into_the_identical_game_and_plays_on():
    for i, text in enumerate(BASES):
        g = loads(text)
        assert dumps(g) == text
        if i % 25 == 0:
            play_on(g, i)


@pytest.mark.slow
def test_2000_tampered_saves_are_refused_or_play_on_legally():
    outcomes = tampered_outcomes(BASES, TAMPERED, load_or_refuse, "save", edits=(1, 1, 2, 3))
    assert sum(outcomes.values()) == TAMPERED
    assert outcomes["refused"] > TAMPERED // 2 and outcomes["played"] > 0, outcomes


@pytest.mark.slow
@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(BASES) - 1), st.integers(0, 2 ** 32 - 1), st.integers(1, 4))
def test_tampered_saves_property(base, seed, edits):
    text, _ = tamper(BASES[base], random.Random(seed), edits)
    assert load_or_refuse(text, seed) in ("refused", "played")


# ------------------------------------------------------------------ refusals name the field

def _save(options, stop):
    """A save of a random game of ``options`` at the first moment ``stop(game)`` holds."""
    g = new_game(options)
    bots = [RandomBot(s) for s in range(g.n)]
    while not stop(g):
        if not any(g.pending):
            g.step()
            continue
        s = g.pending_players()[0]
        g.apply(s, bots[s].choose(g, s))
    return json.loads(dumps(g))


def _refused(data):
    with pytest.raises(SaveFileError) as err:
        loads(json.dumps(data))
    return err.value


def test_a_face_up_card_too_many_in_solo_is_refused_naming_the_field():
    data = _save(CONFIGS[4], lambda g: g.turn == 2 and g.phase == "wars")
    data["lich"]["revealed"] += 1                    # Wars would reveal yet another card, its quest would score
    err = _refused(data)
    assert str(err).startswith("lich.revealed: the saved value 3 does not follow from the game's history")
    assert err.text("pl").startswith("lich.revealed: zapisana wartość 3 nie wynika z historii gry")


def test_a_decision_of_another_phase_is_refused():
    data = _save(CONFIGS[2], lambda g: g.phase == "construction" and any(g.pending))
    seat = next(i for i, d in enumerate(data["pending"]) if d is not None)
    data["pending"][seat] = {"kind": "target", "count": 2, "cause": "time_master"}
    assert str(_refused(data)).startswith(f"pending[{seat}].kind: the saved value \"target\" does not follow")


def test_numbers_out_of_range_name_the_field_and_the_range():
    data = _save(CONFIGS[1], lambda g: g.turn == 2)
    data["players"][1]["gold"] = -3
    assert str(_refused(data)) == "players[1].gold must be between 0 and 999, got -3"
    data["players"][1]["gold"] = 5000
    assert str(_refused(data)) == "players[1].gold must be between 0 and 999, got 5000"


def test_a_malformed_result_record_is_refused_not_an_attribute_error():
    data = _save(CONFIGS[4], lambda g: g.turn == 3)
    record = next(r for r in data["results"] if r["type"] == "SoloRecruitmentResult")
    record["quests"] = [7]
    assert str(_refused(data)).startswith("results[")


def test_an_illegal_action_in_the_history_is_named():
    data = _save(CONFIGS[2], lambda g: g.turn == 2)
    i = next(i for i, (_, a) in enumerate(data["history"]) if a.startswith("place "))
    data["history"][i][1] = "place kraken F1"
    err = str(_refused(data))
    assert err.startswith(f"history[{i}]: this action cannot be replayed: ")


@pytest.mark.parametrize("text", ["[" * 100000 + "]" * 100000, '{"seed": ' + "9" * 5000 + "}",
                                  b"\xff\xfe not utf-8", "NaN", '{"format": "papertales-game/2"}'])
def test_hostile_json_is_refused(text):
    with pytest.raises(SaveFileError):
        loads(text)


# ------------------------------------------------------------------ apply never half-applies

ODD = st.one_of(st.none(), st.booleans(), st.integers(-3, 9), st.sampled_from(
    ["knight", "kraken", "town", "temple", "F1", "B2", "reveal", "", "x" * 40, "mine"]), st.floats(allow_nan=True),
    st.lists(st.integers(0, 3), max_size=2))


def _decision_points():
    out = []
    for options in CONFIGS[:7]:
        k = 0
        for g, seat in random_play(options, 3):
            if seat is not None:
                k += 1
                if k % 9 == 0:
                    out.append((g.clone(), seat))
    return out


POINTS = _decision_points()


@pytest.mark.slow
@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.integers(0, len(POINTS) - 1), st.sampled_from(KINDS + ("dance",)), ODD, ODD)
def test_any_action_value_is_legal_or_refused_leaving_the_game_byte_identical(point, kind, a, b):
    game, seat = POINTS[point]
    g = game.clone()
    action = Action(kind, a, b)
    before = dumps(g)
    legal = g.legal_actions(seat)
    try:
        g.apply(seat, action)
    except IllegalActionError as exc:
        exact = all(type(x) in (str, int, type(None)) for x in (a, b))     # not True for 1, nor 1.0
        assert not (exact and action in legal), f"a legal action was refused: {exc}"
        assert dumps(g) == before and exc.text("pl")
    else:                       # a legal action, perhaps with an unused argument: ("done", None, False)
        assert str(action) in [str(x) for x in legal]


def test_apply_rolls_back_on_any_exception_not_only_its_own():
    g, seat = next((g.clone(), s) for g, s in POINTS if g.decision(s).kind == "deploy")
    real = g.rules["decisions"]["deploy"]

    def half_then_crash(game, s, d, action):
        real.apply(game, s, d, action)               # changes the game ...
        game.players[s].gold += 100
        raise RuntimeError("a bug in the middle of an action")   # ... then fails

    g.rules = {**g.rules, "decisions": {**g.rules["decisions"], "deploy": real._replace(apply=half_then_crash)}}
    before = dumps(g)
    action = g.legal_actions(seat)[-1]
    with pytest.raises(RuntimeError):
        g.apply(seat, action)
    assert dumps(g) == before
    g.rules = {**g.rules, "decisions": {**g.rules["decisions"], "deploy": real}}
    g.apply(seat, action)                            # and the game goes on as if nothing happened
