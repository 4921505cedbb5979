"""Solo what-if positions: the Lich King's ``time`` and ``revealed`` must agree with the
turn and the phase (any other value made Wars reveal a card too many), and a given
Netherworld is the one the Lich King scores: ``--phase all`` evaluates it and never deals
a draft on top of it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from papertales import PositionError
from papertales.position import game_from_position, position_of
from papertales.whatif import evaluate

POSITION = json.loads((Path(__file__).resolve().parent.parent / "docs" / "positions" / "solo-lich-king.json")
                      .read_text(encoding="utf-8"))
NETHERWORLD = ["woodcutter", "farmer", "knight", "miner", "veteran", "cook", "archer"]


def solo(**lich):
    data = json.loads(json.dumps(POSITION))
    data["lich_king"].update(lich)
    return data


@pytest.mark.parametrize("phase, revealed", [("recruitment", 2), ("deployment", 2), ("wars", 2),
                                             ("income", 3), ("construction", 3), ("aging", 3)])
def test_the_default_and_the_only_accepted_revealed_follow_the_time_token(phase, revealed):
    g = game_from_position({**solo(), "phase": phase})
    assert (g.lich.time, g.lich.revealed) == (1, revealed)
    assert game_from_position({**solo(revealed=revealed), "phase": phase}).lich.revealed == revealed
    for wrong in (revealed - 1, revealed + 1, 5, True, "2"):
        with pytest.raises(PositionError, match=r"lich_king.revealed must agree with the Time token \(time 1\)"):
            game_from_position({**solo(revealed=wrong), "phase": phase})


def test_a_position_at_wars_with_a_card_too_many_face_up_is_refused_not_scored():
    with pytest.raises(PositionError) as err:
        game_from_position(solo(revealed=3))
    assert str(err.value) == ("lich_king.revealed must agree with the Time token (time 1): at Wars 2 Necropolis "
                              "cards are face up, got 3")
    # what the accepted position does: Wars reveals exactly the pile-3 card
    r = evaluate(game_from_position(solo()), ("wars",), lang="en")
    revealed = [e["cause"] for e in r["wars"]["events"] if e["key"] == "ev.necropolis_revealed"]
    assert revealed == ["black_spire"]


def test_the_time_token_is_on_the_turns_card():
    with pytest.raises(PositionError, match=r"lich_king.time must be 1 in turn 2 .*got 2"):
        game_from_position(solo(time=2))
    g = game_from_position({**solo(time=3), "turn": 4, "phase": "end"})
    assert (g.lich.time, g.lich.revealed) == (3, 5)


def test_refusals_speak_polish_too():
    with pytest.raises(PositionError) as err:
        game_from_position(solo(revealed=3))
    assert err.value.text("pl") == ("lich_king.revealed musi się zgadzać ze znacznikiem Czasu (time 1): w fazie Wojny "
                              "odkryte są 2 karty Nekropolii, podano 3")


def _at_recruitment(netherworld=NETHERWORLD, **extra):
    data = solo(netherworld=netherworld)
    data.update(phase="recruitment", **extra)
    return data


def test_phase_all_scores_the_given_netherworld_and_deals_no_draft():
    g = game_from_position(_at_recruitment())
    r = evaluate(g, ("all",), lang="en")
    preview = r["lich_king"]["recruitment"]
    assert preview["netherworld"] == NETHERWORLD
    run = r["all"]
    assert run["phases"][0] == "recruitment"
    keys = [e["key"] for e in run["events"]]
    assert "ev.keeps_into_netherworld" not in keys and "ev.netherworld_shuffled" not in keys   # no draft
    quests = [e for e in run["events"] if e["key"] == "ev.quest"]
    assert quests and all(set(e["params"]["cards"]) <= set(NETHERWORLD) for e in quests)
    assert sum(e["params"]["n"] for e in quests) <= 2 * len(NETHERWORLD)   # two cards face up, 7 cards each
    gains = ("ev.immediate_gain", "ev.quest", "ev.lich_king_card")
    assert sum(e["amount"] for e in run["events"] if e["key"] in gains) == preview["lp"]
    # the Netherworld is discarded after scoring: every card is still accounted for, once
    assert len(g.lich.netherworld) == 7 and sum(g.card_counts().values()) == 81


def test_the_netherworld_is_scored_exactly_as_the_engine_would_at_the_end_of_the_draft():
    g = game_from_position(_at_recruitment())
    before = g.lich.lp
    g.step()                                       # the one automatic stage: the Lich King scores
    assert g.phase == "deployment" and g.lich.netherworld == []
    record = next(r for r in g.results if type(r).__name__ == "SoloRecruitmentResult")
    assert record.netherworld == tuple(NETHERWORLD)
    assert g.lich.lp - before == record.lp == evaluate(game_from_position(_at_recruitment()))["lich_king"]["recruitment"]["lp"]


def test_a_netherworld_larger_than_the_rules_allow_is_refused():
    with pytest.raises(PositionError, match=r"lich_king.netherworld: the Lich King scores at most 7 Netherworld "
                                            r"cards .*got 8"):
        game_from_position(_at_recruitment(NETHERWORLD + ["farmer"]))


def test_a_recruitment_position_without_netherworld_deals_the_draft():
    r = evaluate(game_from_position({**solo(), "phase": "recruitment"}), ("all",), lang="en")
    assert "ev.netherworld_shuffled" in [e["key"] for e in r["all"]["events"]]


def test_position_round_trip_keeps_the_netherworld():
    g = game_from_position(_at_recruitment())
    again = position_of(g)
    assert again["lich_king"]["netherworld"] == NETHERWORLD
    assert position_of(game_from_position(again)) == again
