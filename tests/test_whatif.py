"""What-if positions: Deployment with hands, the end of the game, choices (given or side
by side), spot-keyed kingdoms, construction with reasons, strict fields, solo, 7 players,
rule variants.  Every number is worked out by hand from the rules (comments)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from papertales import PositionError
from papertales.cli import main
from papertales.construction import explain_all, options
from papertales.position import game_from_position, load_position, position_of
from papertales.whatif import evaluate

pytestmark = pytest.mark.filterwarnings("ignore::papertales.expansion.TileSetWarning")

POSITIONS = Path(__file__).resolve().parent.parent / "docs" / "positions"


def pos(name):
    return json.loads((POSITIONS / name).read_text(encoding="utf-8"))


def ev(data, phases=None, lang="en"):
    return evaluate(game_from_position(data), phases, lang=lang)


# ------------------------------------------------------------------ Deployment

def test_kraken_reveal_is_counted_before_the_other_phases():
    r = ev(pos("kraken-reveal.json"))
    d = r["deployment"]
    # Ann pays 6 of 6 gold; Bob pays 1 of 3. Ann: -3 LP for her one level-2 building: 5 -> 2
    assert d["gold_after"] == [0, 2] and d["lp_after"] == [2, 4]
    ann = {u["spot"]: u["age"] for u in r["players"][0]["units"]}
    assert ann == {"F1": 1, "F2": 0, "B1": 1}          # the Kraken's token on every other unit
    # Wars from the kingdoms after the reveal: Knight 4 + Kraken 9 = 13 >= 2 x 4 -> 2 wars, +6
    assert r["players"][0]["strength"]["total"] == 13 and r["wars"]["lp_after"] == [8, 4]
    # Aging: Knight and Farmer die with 1 token each; the Kraken scores 1 LP per token: 2 + 2
    assert r["aging"]["lp_after"] == [4, 4]
    keys = [e["key"] for e in d["events"] if e["seat"] == 1]
    assert "ev.discards_unplayed" not in keys           # Bob keeps the Cook ("done cook")
    assert game_from_position(pos("kraken-reveal.json")).players[1].kept.id == "cook"


def test_place_by_card_by_spot_and_as_actions_are_the_same():
    base = pos("kraken-reveal.json")
    a = dict(base, players=[dict(base["players"][0], place={"F2": "kraken"}), base["players"][1]])
    b = dict(base, players=[{k: v for k, v in base["players"][0].items() if k != "place"}
                            | {"actions": ["place kraken F2", "done"]}, base["players"][1]])
    want = ev(base, ("deployment",))["deployment"]["lp_after"]
    assert ev(a, ("deployment",))["deployment"]["lp_after"] == want
    assert ev(b, ("deployment",))["deployment"]["lp_after"] == want


def test_time_master_target_given_or_side_by_side():
    data = pos("time-master-choice.json")
    r = ev(data, ("deployment", "aging"))
    (group,) = r["deployment"]["decisions"]
    assert group["field"] == "players[0].choices.time_master"
    assert [(o["action"], o["default"]) for o in group["options"]] == [("target F1", True), ("target B1", False)]
    data["players"][0]["choices"] = {"time_master": "B1"}
    r = ev(data, ("deployment", "aging"))
    assert "decisions" not in r["deployment"]
    ages = {u["spot"]: u["age"] for u in r["players"][0]["units"]}
    assert ages == {"F1": 0, "B1": 2}                   # 2 tokens on herself: she dies in Aging
    assert r["players"][0]["aging"]["dies"] == ["Time Master at B1"]


# ------------------------------------------------------------------ Aging choices

def test_mystical_healer_options_side_by_side():
    r = ev(pos("mystical-healer.json"), ("aging",))
    (group,) = r["aging"]["decisions"]
    assert group["decision"] == "save" and group["cause"] == "mystical_healer"
    spared = {o["action"]: [e["params"]["card"] for e in o["events"] if e["kind"] == "spared"]
              for o in group["options"]}
    assert spared == {"save F1": ["knight"], "save B1": ["mystical_healer"], "pass": []}
    # the Demon dies with 2 tokens: no -3 (that needs exactly one); nobody scores
    assert all(o["lp_after"] == [0, 0] for o in group["options"])


def test_a_given_healer_choice_is_played():
    data = pos("mystical-healer.json")
    data["players"][0]["choices"] = {"mystical_healer": "F1"}
    r = ev(data, ("aging",))
    assert "decisions" not in r["aging"]
    assert [e["params"]["card"] for e in r["aging"]["events"] if e["kind"] == "death"] == ["demon", "mystical_healer"]


# ------------------------------------------------------------------ the end of the game

def test_relic_of_wisdom_through_the_end_of_the_game():
    r = ev(pos("relic-of-wisdom-end.json"), ("all",))["all"]
    assert r["phases"] == ["aging", "end"]
    # Ann 20 + Relic 3 tokens x 2 + Temple L2 3 + Mine L1 1 = 30; Bob 27 + Town L2 3 = 30;
    # tie on LP -> most gold: Bob (5 against 4)
    assert r["lp_after"] == [30, 30] and r["winners"] == [1]


def test_a_position_at_the_end():
    data = pos("relic-of-wisdom-end.json")
    data["phase"] = "end"
    del data["players"][0]["choices"]                 # nothing left to choose at the end
    r = ev(data)
    assert set(r) == {"turn", "players", "end"}
    # the Relic carries 2 tokens: 4 LP; 20 + 4 + 3 + 1 = 28
    assert r["end"]["lp_after"] == [28, 30] and r["end"]["winners"] == [1]


# ------------------------------------------------------------------ construction

def test_every_building_and_level_with_price_or_reason():
    r = ev(pos("temple-too-dear.json"), ("construction",))
    rows = {(x["building"], x["level"]): x for x in r["players"][0]["construction_all"]}
    assert rows[("temple", 2)]["text"] == "Temple level 2 directly: needs 7 gold, you have 5"
    assert rows[("temple", 1)]["gold"] == 4 and rows[("temple", 1)]["possible"]   # 2 land + 2 for the ore
    assert rows[("town", 1)]["reason"] == "already built (level 1)"
    assert rows[("town", 2)]["text"] == "Town, upgrade to level 2: needs 2 wood, the kingdom produces 1"
    assert r["players"][0]["construction_all"][-1]["action"] == "pass"
    pl = ev(pos("temple-too-dear.json"), ("construction",), lang="pl")["players"][0]["construction_all"]
    assert "Świątynia, od razu poziom 2: potrzeba 7 Monet, masz 5" in [x["text"] for x in pl]


@pytest.mark.parametrize("name", sorted(p.name for p in POSITIONS.glob("*.json")))
def test_explained_rows_agree_with_the_options(name):
    g = game_from_position(pos(name))
    for seat in range(g.n):
        possible = [(r["action"], r["gold"]) for r in explain_all(g, seat) if r["possible"]]
        assert possible == [(a, gold) for a, gold, _ in options(g, seat)]


def test_construction_choice_and_side_by_side():
    data = pos("temple-too-dear.json")
    r = ev(data, ("all",))["all"]
    ann = next(d for d in r["decisions"] if d["seat"] == 0)
    assert {o["action"]: o["gold_after"][0] for o in ann["options"]}["build temple 1"] == 1    # 5 - 4
    data["players"][0]["choices"] = {"construction": "build temple 1"}
    r = ev(data, ("all",))["all"]
    assert r["gold_after"][0] == 1 and all(d["seat"] != 0 for d in r.get("decisions", []))


# ------------------------------------------------------------------ kingdoms by spot

def test_spot_keyed_kingdom_keeps_its_empty_spot():
    data = {"turn": 1, "players": [{"name": "A", "units": {"F2": {"card": "farmer", "age": 1}}}, {"name": "B"}]}
    g = game_from_position(data)
    assert g.players[0].units[0] is None and g.players[0].units[1].age == 1
    again = position_of(g)
    assert again["players"][0]["units"] == {"F2": {"card": "farmer", "age": 1}}
    assert position_of(game_from_position(again)) == again


# ------------------------------------------------------------------ refused fields

@pytest.mark.parametrize("change, message", [
    ({"colour": "red"}, "unknown field(s) colour"),
    ({"players": [{"name": "A", "hat": 1}, {}]}, "players[0]: unknown field(s) hat"),
    ({"players": [{"units": {"F1": "knight"}, "front": ["cook"]}, {}]}, "players[0]: give the units either by spot"),
    ({"players": [{"units": {"F3": "knight"}}, {}]}, "players[0].units.F3: the 5th spot (F3) needs a level-2 building"),
    ({"players": [{"units": {"X9": "knight"}}, {}]}, "'X9' is not a spot"),
    ({"players": [{"hand": ["knight"]}, {}]}, "players[0].hand: cards in hand and placements only go with"),
    ({"phase": "deployment", "players": [{"hand": ["knight"], "place": {"knight": "F1"}, "actions": ["done"]}, {}]},
     "players[0]: give the Deployment either as 'place' or as 'actions'"),
    ({"phase": "deployment", "players": [{"hand": ["kraken"], "place": {"kraken": "F1"}}, {}]},
     "players[0].place.kraken: Player 1 cannot 'place kraken F1'"),
    ({"phase": "deployment", "players": [{"kept": "cook"}, {}]}, "players[0].kept: in Deployment"),
    ({"players": [{"choices": {"time_master": "F1"}}, {}]}, "players[0].choices.time_master: this player has no Time Master"),
    ({"phase": "aging", "players": [{"front": ["knight"], "choices": {"knight": "F1"}}, {}]}, "Knight makes no choice"),
    ({"phase": "aging", "players": [{"front": ["time_master"], "choices": {"time_master": "F1"}}, {}]},
     "this choice is made in Deployment, but the position already stands at Aging"),
    ({"players": [{"choices": {"unicorn": "F1"}}, {}]}, "players[0].choices.unicorn: unknown choice"),
    ({"players": [{"front": ["mystical_healer"], "choices": {"mystical_healer": "fly"}}, {}]}, "'fly' is not a choice"),
    ({"phase": "end", "turn": 3, "players": [{}, {}]}, "after turn 4, but 'turn' is 3"),
    ({"tiles": ["barracks"], "players": [{}, {}]}, "'tiles' (the drawn building tiles) only goes with"),
    ({"lich_king": {}, "players": [{}, {}]}, "'lich_king' only goes with a solo position"),
    ({"players": [{}]}, "2 to 5 players"),
    ({"players": [{}] * 6}, "6 or 7 need \"expansion\""),
    ({"rules": {"two_player_zero": "triple"}, "players": [{}, {}]}, "rules: rule variant two_player_zero cannot be 'triple'"),
    ({"rules": {"speed": "fast"}, "players": [{}, {}]}, "unknown rule variant 'speed'"),
    ({"lich_king": {"line": ["ashen_gate"]}, "players": [{}]}, "lich_king.line must list 5 Necropolis cards"),
    ({"lich_king": {"netherworld": ["knight"]}, "players": [{}]}, "the Netherworld only exists during Recruitment"),
])
def test_unknown_or_contradictory_fields_are_refused(change, message):
    data = {"turn": 1, "players": [{"name": "A"}, {"name": "B"}], **change}
    with pytest.raises(PositionError) as exc:
        game_from_position(data)
    assert message in str(exc.value)


def test_choices_that_cannot_be_made_are_refused_when_their_phase_runs():
    data = pos("mystical-healer.json")
    data["players"][0]["choices"] = {"mystical_healer": "B2"}       # the Farmer has no token
    with pytest.raises(PositionError, match=r"players\[0\].choices.mystical_healer: 'B2' is not possible now; "
                                            r"possible: save F1, save B1, pass"):
        ev(data, ("aging",))
    data["players"][0] = {"name": "Ann", "front": ["knight"], "back": ["mystical_healer"],
                          "choices": {"mystical_healer": "F1"}}       # nobody would die
    with pytest.raises(PositionError, match="no such choice came up in Aging"):
        ev(data, ("aging",))
    assert ev(data, ("wars",))["wars"]["lp_after"]                    # Aging not run: no question


def test_cli_refuses_with_exit_2_and_runs_every_phase(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"players": [{"name": "A", "hat": 1}, {}]}))
    assert main(["whatif", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "players[0]: unknown field(s) hat" in err and err.count("\n") == 1
    for phase in ("deployment", "end", "all"):
        assert main(["whatif", str(POSITIONS / "kraken-reveal.json"), "--phase", phase]) == 0
        assert phase in json.loads(capsys.readouterr().out)


# ------------------------------------------------------------------ solo, 7 players, variants

def test_solo_position_with_the_lich_kings_line_and_time_token():
    r = ev(pos("solo-lich-king.json"), ("wars",))
    lk = r["lich_king"]
    assert lk["time"] == 1 and lk["revealed"] == 2
    assert lk["armies"] == {"black": 6, "purple": 8}       # (2 + 4, 3 + 5): current card + next
    # strength 8: beats Black 6, ties Purple 8 (both win a tie): 2 wars, +6; Lich King +1
    assert r["wars"]["lp_after"] == [12] and r["wars"]["lich_king_lp_after"] == 5


def test_solo_netherworld_at_recruitment():
    data = pos("solo-lich-king.json")
    data["phase"] = "recruitment"
    data["lich_king"]["netherworld"] = ["woodcutter", "farmer", "knight"]
    lk = ev(data, ("wars",))["lich_king"]
    assert lk["recruitment"]["netherworld"] == ["woodcutter", "farmer", "knight"]
    assert lk["recruitment"]["lp"] == sum(row["lp"] for row in lk["recruitment"]["rows"])


def test_seven_players_beyond_the_gates():
    with pytest.warns(UserWarning, match="1 of the 7 building tiles"):
        g = load_position(POSITIONS / "seven-players.json")
    r = evaluate(g, ("wars",), lang="en")
    # a ring of strengths 4 4 4 1 1 2 1: each fights both neighbours, a tie wins
    assert r["wars"]["lp_after"] == [6, 6, 6, 3, 3, 6, 0]
    assert position_of(g)["expansion"] == "beyond-the-gates" and position_of(g)["tiles"] == ["barracks"]


def test_rule_variants_reach_the_game():
    zero = {"turn": 1, "players": [{"name": "A"}, {"name": "B"}]}
    assert ev(zero, ("wars",))["wars"]["lp_after"] == [3, 3]                  # 0 against 0: one war each
    double = dict(zero, rules={"two_player_zero": "double"})
    assert ev(double, ("wars",))["wars"]["lp_after"] == [6, 6]
    assert position_of(game_from_position(double))["rules"] == {"two_player_zero": "double"}


# ------------------------------------------------------------------ the order of one's own abilities

ORDER_POSITION = {"phase": "deployment", "players": [
    {"gold": 5, "front": ["leviathan"], "back": ["master_alchemist"], "hand": ["necromancer"],
     "place": {"necromancer": "F2"}}, {}, {}]}


def order_position(choices=None, **rules):
    data = json.loads(json.dumps(ORDER_POSITION))
    if choices is not None:
        data["players"][0]["choices"] = choices
    if rules:
        data["rules"] = rules
    return data


def ages(result):
    return {u["spot"]: u["age"] for u in result["players"][0]["units"]}


def test_order_choice_given():
    # reveal first: the Necromancer ages the Leviathan (F1) and the Alchemist (B1) by 1; the
    # aged Leviathan produces 2 food, so the Alchemist then puts 2 tokens on the unit chosen: F2
    r = ev(order_position({"order": "reveal", "master_alchemist": "F2"}), ("deployment",))
    assert ages(r) == {"F1": 1, "F2": 2, "B1": 1} and "decisions" not in r["deployment"]
    # the Alchemist first: no food yet, no tokens from it; then the Necromancer's 1 + 1
    r = ev(order_position({"order": "deployment"}), ("deployment",))
    assert ages(r) == {"F1": 1, "F2": 0, "B1": 1} and "decisions" not in r["deployment"]
    # the action's notation reads too
    assert ages(ev(order_position({"order": "order deployment"}), ("deployment",))) == {"F1": 1, "F2": 0, "B1": 1}


def test_order_choice_not_given_is_shown_side_by_side():
    r = ev(order_position(), ("deployment",))
    groups = {g["field"]: g for g in r["deployment"]["decisions"]}
    order = groups["players[0].choices.order"]
    assert order["decision"] == "order"
    assert [(o["action"], o["default"]) for o in order["options"]] == [("order reveal", True),
                                                                      ("order deployment", False)]
    # by default reveal first, and the Alchemist's 2 tokens go to the first spot: 1 + 2 on F1
    assert ages(r) == {"F1": 3, "F2": 0, "B1": 1}


def test_order_choice_refused_when_wrong_or_never_asked():
    with pytest.raises(PositionError, match=r"players\[0\]\.choices\.order: 'B1' is not a choice"):
        ev(order_position({"order": "B1"}), ("deployment",))
    # with the engine's fixed order the owner is never asked
    with pytest.raises(PositionError, match=r"players\[0\]\.choices\.order: .*Deployment"):
        ev(order_position({"order": "reveal"}, own_order="fixed"), ("deployment",))


def test_a_deployment_read_back_after_everyone_said_done():
    """Once every player has said "done" (the stage before the reveal), the units placed
    face down are still listed once, under hand and place; a card kept with "done CARD"
    comes back as the actions that keep it."""
    data = {"turn": 3, "phase": "deployment", "players": [
        {"name": "Ann", "gold": 5, "front": ["leviathan"], "hand": ["necromancer", "farmer"],
         "place": {"necromancer": "F2"}},
        {"name": "Ben", "gold": 4, "hand": ["cook", "knight"], "actions": ["place knight F1", "done cook"]}]}
    g = game_from_position(data)
    assert g.stage == "reveal"
    again = position_of(g)
    ann, ben = again["players"]
    assert ann["front"] == ["leviathan"] and ann["hand"] == ["necromancer"] and ann["place"] == {"F2": "necromancer"}
    assert ben["front"] == [] and ben["hand"] == ["knight", "cook"]
    assert ben["actions"] == ["place knight F1", "done cook"]
    g2 = game_from_position(again)
    assert g2.players[1].kept.id == "cook" and g2.players[1].units[0].type.id == "knight"
    assert position_of(g2) == again


# ------------------------------------------------------------------ placements side by side

def test_placements_not_stated_are_compared_side_by_side():
    """Ann (5 gold, a Farmer in F1) holds a Knight (1 gold, strength 4) and a Cook (free,
    strength 1, 1 gold per food at Income); Ben has a Knight in F1 and 3 gold.  Each single
    placement is run to the end of the turn on its own copy."""
    data = {"phase": "deployment", "players": [{"gold": 5, "front": ["farmer"], "hand": ["knight", "cook"]},
                                               {"front": ["knight"]}]}
    r = ev(data, ("all",))["all"]
    groups = [g for g in r["decisions"] if g["decision"] == "deploy"]
    assert len(groups) == 1 and groups[0]["seat"] == 0 and groups[0]["field"] == "players[0].place"
    got = {o["action"]: (o["lp_after"], o["gold_after"]) for o in groups[0]["options"]}
    # free spots F2 B1 B2 (F1 holds the Farmer): 2 cards x 3 spots, and done
    assert set(got) == {f"place {c} {s}" for c in ("knight", "cook") for s in ("F2", "B1", "B2")} | {"done"}
    # Knight in F2: 1 + 4 = 5 against 4 -> one war, +3 LP; gold 5 - 1 + 2 = 6; Ben 3 + 2
    assert got["place knight F2"] == ([3, 0], [6, 5])
    # Knight in the Back does not fight: 1 against 4 -> Ben wins both wars (4 >= 2 x 1), +6
    assert got["place knight B1"] == ([0, 6], [6, 5])
    # Cook in F2: 2 against 4 -> Ben's double win; Ann's income 2 + 1 (one food) on 5 gold
    assert got["place cook F2"] == ([0, 6], [8, 5])
    # done (the default): nothing placed, 1 against 4; 5 + 2 gold
    assert got["done"] == ([0, 6], [7, 5])
    assert [o["action"] for o in groups[0]["options"] if o["default"]] == ["done"]


def test_a_stated_placement_is_kept_and_the_rest_of_the_deployment_compared():
    """Ann placed her Knight in F2 and has not said "done" (``actions`` without it): she
    is still placing.  The Knight is never second-guessed (it stands in F2 in every option);
    what she may still do, the Cook in a free spot or "done", is compared side by side,
    "done" by default, as for any choice a position leaves open.  A player whose Deployment
    is over (``place``, or ``actions`` ending in ``done``) is not asked again."""
    data = {"phase": "deployment", "players": [
        {"gold": 5, "front": ["farmer"], "hand": ["knight", "cook"], "actions": ["place knight F2"]},
        {"front": ["knight"]}]}
    r = ev(data, ("deployment",))["deployment"]
    assert r["lp_after"] == [0, 0] and r["gold_after"] == [4, 3]          # the default: done
    groups = [g for g in r["decisions"] if g["decision"] == "deploy"]
    assert len(groups) == 1 and groups[0]["seat"] == 0
    options = {o["action"]: o for o in groups[0]["options"]}
    assert set(options) == {"place cook B1", "place cook B2", "done"}       # F1 Farmer, F2 Knight
    assert [a for a, o in options.items() if o["default"]] == ["done"]
    for o in options.values():
        assert any(e["key"] == "ev.reveals" and e["params"] == {"card": "knight", "spot": 1} for e in o["events"])
    assert any(e["key"] == "ev.reveals" and e["params"]["card"] == "cook" for e in options["place cook B1"]["events"])
    for over in ({"place": {"knight": "F2"}}, {"actions": ["place knight F2", "done"]}):
        ann = {"gold": 5, "front": ["farmer"], "hand": ["knight", "cook"], **over}
        r = ev(dict(data, players=[ann, {"front": ["knight"]}]), ("deployment",))["deployment"]
        assert all(g["decision"] != "deploy" for g in r.get("decisions", [])), over
        assert r["lp_after"] == [0, 0] and r["gold_after"] == [4, 3]


def test_a_player_still_placing_is_written_back_still_placing():
    """``position_of`` of a Deployment where Ann placed a unit and has not said "done":
    ``actions`` without "done" (``place`` would close her Deployment when read back)."""
    data = {"phase": "deployment", "players": [
        {"gold": 5, "front": ["farmer"], "hand": ["knight", "cook"], "actions": ["place knight F2"]},
        {"hand": ["archer"], "place": {"archer": "F1"}}]}
    g = game_from_position(data)
    assert g.pending[0] is not None and g.pending[1] is None
    again = position_of(g)
    ann, ben = again["players"]
    assert ann["actions"] == ["place knight F2"] and "place" not in ann and sorted(ann["hand"]) == ["cook", "knight"]
    assert ben["place"] == {"F1": "archer"} and "actions" not in ben
    g2 = game_from_position(again)
    assert g2.pending[0] is not None and g2.pending[1] is None and position_of(g2) == again
