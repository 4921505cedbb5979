"""Card packs: validation errors name file, card and field; user cards play by the
same vocabulary; Beyond the Gates building tiles."""

import json
from pathlib import Path

import pytest

from papertales import Game, PackError
from papertales.cards import BASE_PACK, card_set, load_pack
from papertales.cli import main
from papertales.bots import RandomBot, play


def write(tmp_path, data, name="pack.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    return path


def unit(**kw):
    u = {"id": "squire", "name": "Squire", "copies": 2, "cost": 1, "strength": 2, "text": "A test unit."}
    u.update(kw)
    return u


def pack(**kw):
    p = {"format": "papertales-pack/1", "id": "mine", "units": [unit()]}
    p.update(kw)
    return p


@pytest.mark.parametrize("data, message", [
    (pack(format="v2"), "field 'format' must be 'papertales-pack/1'"),
    (pack(units=[unit(cost="two")]), "units[0] ('squire'): field 'cost' must be int"),
    (pack(units=[unit(copies=-1)]), "units[0] ('squire').copies: must be a whole number from 0 to 20, got -1"),
    (pack(units=[unit(produces=[{"resource": "gold", "amount": 1}])]), "units[0] ('squire').produces[0]: 'resource' must be one of wood, food, ore"),
    (pack(units=[unit(abilities=[{"on": "teatime", "do": "gain_lp", "amount": 1}])]), "units[0] ('squire').abilities[0]: unknown trigger 'on': 'teatime'"),
    (pack(units=[unit(abilities=[{"on": "wars", "do": "fly"}])]), "trigger 'wars' has no verb 'do': 'fly'"),
    (pack(units=[unit(abilities=[{"on": "wars", "do": "gain_lp"}])]), "abilities[0]: field 'amount' is required"),
    (pack(units=[unit(abilities=[{"on": "wars", "do": "gain_lp", "amount": 1, "per": "dragons"}])]), "'per' must be one of"),
    (pack(units=[unit(colour="red")]), "unknown field(s) colour"),
    (pack(necropolis=[{"id": "n1", "pile": "7", "immediate_lp": 1, "black": 1, "purple": 1}]), "necropolis[0] ('n1'): 'pile' must be one of 1, 2, 3, 4, E"),
    (pack(necropolis=[{"id": "n1", "pile": "1", "immediate_lp": 1, "black": 1}]), "necropolis[0] ('n1'): field 'purple' is required"),
    (pack(necropolis=[{"id": "n1", "pile": "1", "immediate_lp": 1, "black": 1, "purple": 2,
                       "quest": {"requirement": {"colour": "red"}, "lp": 1}}]), "unknown requirement 'colour'"),
    (pack(lich_king_cards=[{"id": "k", "abilities": [{"on": "wars", "do": "smite", "amount": 1}]}]), "lich_king_cards[0] ('k').abilities[0]: unknown Lich King ability"),
    (pack(buildings=[{"id": "tower", "name": "Tower", "level1": {"cost": {"stone": 1}, "lp": 1, "text": "t"},
                      "level2": {"cost": {}, "lp": 3, "text": "t"}}]), "buildings[0] ('tower').level1: 'cost' must map wood, food, ore"),
])
def test_pack_errors_name_file_card_and_field(tmp_path, data, message):
    path = write(tmp_path, data)
    with pytest.raises(PackError) as err:
        load_pack(path)
    assert str(path) in str(err.value)
    assert message in str(err.value)


def test_broken_json_and_missing_file(tmp_path):
    with pytest.raises(PackError, match="not valid JSON"):
        load_pack(write(tmp_path, "{oops"))
    with pytest.raises(PackError, match="no such file"):
        load_pack(tmp_path / "nope.json")


def test_duplicate_ids_across_packs_are_refused():
    with pytest.raises(PackError, match="knight"):
        card_set(load_pack(pack(units=[unit(id="knight")])))


def test_a_user_unit_plays_with_the_engine_vocabulary():
    """A Squire (cost 1, strength 2) that earns 2 gold at Income and +1 strength per ore."""
    squire = unit(abilities=[{"on": "income", "do": "gain_gold", "amount": 2},
                             {"on": "strength", "do": "add_strength", "amount": 1, "per": "ore"}])
    cs = card_set(load_pack(pack(units=[squire])))
    assert len(cs.deck) == 83
    from papertales.position import game_from_position
    g = game_from_position({"turn": 1, "phase": "wars", "players": [
        {"front": ["squire", "miner"]}, {"front": ["knight"]}]}, cards=cs)
    assert g.strength(0) == 2 + 1 + 2             # Squire 2 +1 (Miner's ore), Miner 2
    assert g.income_preview(0) == [("rule.income", 2), ("squire", 2)]   # causes, as in events
    for seed in range(10):
        game = Game.new(players=3, seed=seed, cards=cs)
        play(game, [RandomBot(k) for k in range(3)])
        assert game.is_over


def test_base_pack_is_complete_and_in_our_words():
    assert BASE_PACK["id"] == "base" and not BASE_PACK["illustrative"]
    assert sum(u.copies for u in BASE_PACK["units"]) == 81
    assert all(u.text for u in BASE_PACK["units"])
    uncertain = {u.id for u in BASE_PACK["units"] if u.uncertain}
    assert {"master_alchemist", "shapeshifter"} <= uncertain


def test_pack_check_command(tmp_path, capsys):
    data = Path(__file__).resolve().parents[1] / "papertales" / "data"
    assert main(["pack", "check", str(data / "lich_king_illustrative.json")]) == 0
    out = capsys.readouterr().out
    assert "20 Necropolis cards" in out and "(illustrative)" in out
    assert main(["pack", "check", str(data / "beyond_the_gates.json")]) == 0
    out = capsys.readouterr().out
    assert "known but not playable" in out and "Shadow" in out
    bad = write(tmp_path, pack(units=[unit(strength="x")]))
    assert main(["pack", "check", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "units[0] ('squire'): field 'strength' must be int" in err and err.count("\n") == 1


def _tile(i):
    return {"id": f"tile{i}", "name": f"Tile {i}", "tile": True,
            "level1": {"cost": {"wood": 1}, "lp": 1, "text": "t"},
            "level2": {"cost": {"ore": 1}, "lp": 2, "text": "t"}}


def test_beyond_the_gates_building_tiles():
    cs = card_set(load_pack(pack(units=[], buildings=[_tile(i) for i in range(6)])))
    base = Game.new(players=4, seed=1, cards=cs)
    assert [b.id for b in base.buildings] == ["town", "tavern", "mine", "temple", "barracks"]
    drawn = set()
    for seed in range(40):
        g = Game.new(players=7, seed=seed, cards=cs, expansion="beyond-the-gates")
        ids = [b.id for b in g.buildings]
        assert len(ids) == 7 and ids[:4] == ["town", "tavern", "mine", "temple"]
        assert all(len(p.buildings) == 7 for p in g.players)     # the same 7 for everyone
        drawn.update(ids[4:])
        assert Game.new(players=7, seed=seed, cards=cs, expansion="beyond-the-gates").buildings == g.buildings
    assert drawn == {"barracks"} | {f"tile{i}" for i in range(6)}   # every tile can come up


def test_six_and_seven_players_need_the_expansion():
    with pytest.raises(Exception, match="6 or 7 need the beyond-the-gates expansion"):
        Game.new(players=6)
    g = Game.new(players=7, seed=3, expansion="beyond-the-gates").advance()
    assert all(len(p.pack) == 5 for p in g.players) and len(g.draw) == 81 - 35


def test_beyond_the_gates_with_fewer_tiles_says_so_and_deals_what_exists():
    from papertales.expansion import TileSetWarning
    cs = card_set(load_pack(pack(units=[], buildings=[_tile(i) for i in range(2)])))
    for seed in range(10):
        with pytest.warns(TileSetWarning, match="hold 3 of the 7 building tiles .*every player gets 7 buildings"):
            g = Game.new(players=7, seed=seed, cards=cs, expansion="beyond-the-gates")
        # Barracks and the 2 user tiles are all there is: all three are dealt, every time
        assert [b.id for b in g.buildings] == ["town", "tavern", "mine", "temple", "barracks", "tile0", "tile1"]
    with pytest.warns(TileSetWarning, match="hold 1 of the 7 building tiles \\(Barracks\\).*5 buildings"):
        Game.new(players=6, seed=1, expansion="beyond-the-gates")
