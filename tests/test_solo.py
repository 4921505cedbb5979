"""Solo mode, Army of the Lich King: every worked example of the solo rules, the
recruitment card flow, tie rules and Lich King cards."""

import pytest

from papertales import Game, SaveFileError
from papertales.serialize import dumps, loads
from papertales.cards import BASE, card_set, load_pack
from papertales.bots import RandomBot, play
from papertales import solo
from papertales.state import Unit


def necro(id, pile, immediate=0, req=None, lp=0, black=0, purple=0):
    c = {"id": id, "name": id.title(), "pile": pile, "immediate_lp": immediate,
         "black": black, "purple": purple}
    if req is not None:
        c["quest"] = {"requirement": req, "lp": lp}
    return c


def pack(*necropolis, lich_king_cards=(), artifacts=()):
    return load_pack({"format": "papertales-pack/1", "id": "test-solo", "illustrative": True,
                      "necropolis": list(necropolis), "lich_king_cards": list(lich_king_cards),
                      "artifacts": list(artifacts)})


# the cards of the solo rules' examples (requirements are ours: the rules do not show them)
EXAMPLE_CARDS = [
    necro("one", "1", 0, {"card": "miner"}, 1, 1, 1),
    necro("two", "2", 1, {"strength_at_least": 3}, 2, 2, 3),
    necro("three", "3", 0, None, 0, 4, 5),
    necro("four", "4", 0, None, 0, 5, 5),
    necro("end", "E", 6, {"strength_at_least": 0}, 5, 6, 6),
]
EXAMPLE = pack(*EXAMPLE_CARDS)


def solo_game(p=EXAMPLE, seed=0, **kw):
    return Game.new(players=1, seed=seed, cards=card_set(p), **kw)


def cards(*ids):
    return [BASE.unit(i) for i in ids]


def take_from_piles(g, types):
    """Remove these cards from the draw pile (so that every card stays accounted for)."""
    for t in types:
        g.draw.remove(next(c for c in g.draw if c.id == t.id))
    return types


def test_s3_lich_king_scores_1_plus_1_plus_6_on_turn_2():
    g = solo_game()
    g.turn, g.lich.time, g.lich.revealed = 2, 1, 2
    # 7 Netherworld cards: 1 Miner (card one's quest), 3 of printed strength >= 3 (card two's)
    g.lich.netherworld = take_from_piles(g, cards("miner", "knight", "veteran", "treefolk",
                                                 "farmer", "cook", "archer"))
    scored = list(g.lich.netherworld)
    solo._lich_king_gains(g)
    assert g.lich.lp == 8                       # 1 immediate + 1 x 1 + 3 x 2
    record = g.results[-1]                      # kept as a record of what was scored
    assert record.netherworld == tuple(t.id for t in scored)
    assert (record.current, record.immediate, record.lp) == ("two", 1, 8)
    assert [(q.card, q.lp_each, q.matches, q.lp) for q in record.quests] == [
        ("one", 1, ("miner",), 1), ("two", 2, ("knight", "veteran", "treefolk"), 6)]
    lk = [(e.cause, e.amount) for e in g.events if e.seat == solo.LICH and e.kind == "lp"]
    assert lk == [("two", 1), ("one", 1), ("two", 6)]
    assert g.lich.netherworld == [] and len(g.discard) == 7


def test_s2_netherworld_cards_are_read_as_printed():
    p = pack(necro("a", "1", 0, {"strength_at_least": 3}, 1), necro("b", "2"), necro("c", "3"),
             necro("d", "4"), necro("e", "E"))
    manticore, adventurer, hunter, leviathan = cards("manticore", "adventurer", "hunter", "leviathan")
    a = p["necropolis"][0]
    assert not a.quest(manticore)        # printed 2, whatever food would add
    ore = pack(necro("a", "1", 0, {"produces": "ore"}, 1), necro("b", "2"), necro("c", "3"),
               necro("d", "4"), necro("e", "E"))["necropolis"][0]
    assert ore.quest(adventurer)         # its ore depends on age tokens: counts as produced
    food = pack(necro("a", "1", 0, {"produces": "food"}, 1), necro("b", "2"), necro("c", "3"),
                necro("d", "4"), necro("e", "E"))["necropolis"][0]
    assert food.quest(hunter) and food.quest(leviathan)   # Front-only / aged-only food counts
    assert a.quest(leviathan)            # printed strength 4


def test_s4_armies_add_current_and_next_card():
    g = solo_game()
    g.turn, g.lich.time, g.lich.revealed = 2, 1, 3
    assert g.lich.armies() == (6, 8)      # Black 2 + 4, Purple 3 + 5


def test_s5_strength_6_against_armies_6_and_8():
    g = solo_game()
    g.turn, g.lich.time, g.lich.revealed = 2, 1, 2
    g.players[0].units[0] = Unit(*take_from_piles(g, cards("forest_spirit")))
    g.players[0].units[1] = Unit(*take_from_piles(g, cards("golem")))
    g.phase, g.stage = "wars", "start"
    g.step()
    assert g.lich.revealed == 3                       # card 3 revealed in the Wars phase
    assert g.players[0].lp == 3                        # ties with Black 6, loses to Purple 8
    assert g.lich.lp == 2                              # both armies win their war
    wars = [e.detail("en") for e in g.events if e.kind == "war"]
    assert wars == ["strength 6 vs the Black army (6): wins 1 war",
                    "strength 6 vs the Purple army (8): loses"]
    from papertales.events import BLACK_ARMY, PURPLE_ARMY
    assert [(e.params["opponent"], e.params["strength"], e.params["against"])
            for e in g.events if e.kind == "war"] == [(BLACK_ARMY, 6, 6), (PURPLE_ARMY, 6, 8)]
    war = g.results[-1]
    assert (war.strength, war.black, war.purple) == (6, 6, 8)
    assert war.player_won == (True, False) and war.army_won == (True, True)
    assert (war.player_lp, war.lich_lp) == (3, 2)


def test_recruitment_card_flow_5_4_3_then_two_from_the_netherworld():
    g = solo_game(seed=3)
    g.advance()
    p = g.players[0]
    for offered, netherworld_after in ((5, 4), (4, 7)):
        assert len(p.pack) == offered
        g.apply(0, f"pick {p.pack[0].id}")
        assert len(g.lich.netherworld) == netherworld_after
    assert len(p.pack) == 3
    g.apply(0, f"pick {p.pack[0].id}")
    # 9 cards went to the Netherworld; it is shuffled and its 2 top cards are offered
    assert len(p.pack) == 2
    assert len(g.lich.netherworld) == 7
    assert any(e.detail("en").startswith("the Netherworld (9 cards) is shuffled") for e in g.events)
    other = p.pack[1]
    g.apply(0, f"pick {p.pack[0].id}")
    # the other card went to the bottom, the top card was taken, the 7 left were scored
    # and discarded
    assert len(p.hand) == 5
    assert g.lich.netherworld == []
    assert len(g.discard) == 7 and other in g.discard
    assert len(g.draw) == 81 - 12          # 5 + 4 + 3 cards were drawn
    assert g.phase == "deployment"


def test_card_kept_from_last_turn_joins_the_hand_in_solo():
    g = solo_game(seed=5)
    bot = RandomBot(1)
    g.advance()
    while g.phase == "recruitment":
        g.apply(0, bot.choose(g, 0))
    g.advance()
    hand = list(g.players[0].hand)
    g.apply(0, f"done {hand[0].id}")            # play nothing, keep one card
    while g.turn == 1:
        if g.pending_players():
            g.apply(0, "pass")
        else:
            g.step()
    g.advance()
    while g.phase == "recruitment":
        g.apply(0, bot.choose(g, 0))
    assert len(g.players[0].hand) == 6 and hand[0] in g.players[0].hand


def test_end_card_immediate_gain_and_lich_king_wins_ties():
    g = solo_game()
    g.turn, g.phase, g.stage = 4, "end", "start"
    g.lich.time, g.lich.revealed = 3, 5
    g.players[0].lp = 6
    g.step()
    assert g.lich.lp == 6 and g.lich.time == 4     # E card's immediate gain, no quest
    assert g.is_over
    assert g.winners() == []                       # 6 = 6: the Lich King wins ties
    g.players[0].lp = 7
    assert g.winners() == [0]


def test_quests_of_every_revealed_card_score_each_turn():
    """Turn t scores the quests of cards 1..t; card t+1 is revealed in turn t's Wars."""
    g = solo_game(seed=2)
    bot = RandomBot(2)
    revealed = []
    while not g.is_over:
        if g.pending_players():
            g.apply(0, bot.choose(g, 0))
        else:
            if g.phase == "recruitment" and g.stage == "start":
                revealed.append((g.turn, g.lich.revealed, g.lich.time))
            g.step()
    assert revealed == [(1, 1, 0), (2, 2, 1), (3, 3, 2), (4, 4, 3)]
    assert g.lich.revealed == 5 and g.lich.time == 4


LK_CARDS = [
    {"id": "legions", "name": "Legions", "abilities": [{"on": "wars", "do": "army_strength", "army": "black", "amount": 2}]},
    {"id": "harvest", "name": "Harvest", "abilities": [{"on": "quest", "do": "bonus_per_match", "amount": 1}]},
    {"id": "tribute", "name": "Tribute", "abilities": [{"on": "recruitment", "do": "gain_lp", "amount": 1}]},
    {"id": "drums", "name": "Drums", "abilities": [{"on": "wars", "do": "gain_lp_per_army_win", "amount": 1},
                                                   {"on": "end_of_game", "do": "gain_lp", "amount": 2}]},
]


def test_lich_king_cards_change_the_scoring():
    p = pack(*EXAMPLE_CARDS, lich_king_cards=LK_CARDS)
    g = Game.new(players=1, seed=0, cards=card_set(p), lich_king_cards=["legions", "harvest", "tribute", "drums"])
    g.turn, g.lich.time, g.lich.revealed = 2, 1, 2
    assert g.lich.armies() == (8, 8)          # Black 2 + 4 + 2
    g.lich.netherworld = take_from_piles(g, cards("miner", "knight", "veteran", "treefolk",
                                                 "farmer", "cook", "archer"))
    solo._lich_king_gains(g)
    # 1 immediate + 1 x (1+1) + 3 x (2+1) + 1 tribute = 13
    assert g.lich.lp == 13
    g.lich.revealed = 3
    g.phase, g.stage = "wars", "start"
    g.step()                                  # strength 0 loses both wars: 2 x (1+1)
    assert g.lich.lp == 17
    g.turn, g.phase, g.stage, g.lich.time = 4, "end", "start", 3
    g.step()
    assert g.lich.lp == 17 + 6 + 2            # End card 6, Drums 2


def test_artifacts_in_the_netherworld_count_like_units():
    p = pack(necro("a", "1", 0, {"kind": "artifact"}, 3), necro("b", "2"), necro("c", "3"),
             necro("d", "4"), necro("e", "E"),
             artifacts=[{"id": "crown", "name": "Crown", "copies": 1, "cost": 2, "strength": 0,
                         "text": "A user-supplied artifact.",
                         "abilities": [{"on": "end_of_game", "do": "gain_lp", "amount": 4}]}])
    g = Game.new(players=1, seed=0, cards=card_set(p))
    crown = g.cards.unit("crown")
    assert "artifact" in crown.kinds and len(g.cards.deck) == 82
    g.lich.netherworld = take_from_piles(g, [crown] + cards("knight", "farmer"))
    solo._lich_king_gains(g)
    assert g.lich.lp == 3
    # in the player's kingdom it scores its LP at the end of the game
    g.players[0].units[0] = Unit(crown)
    g.discard.remove(crown)
    g.turn, g.phase, g.stage, g.lich.time = 4, "end", "start", 3
    g.step()
    assert g.players[0].lp == 4


def test_solo_games_save_and_load():
    g = solo_game(seed=7, lich_king_cards=0)
    bot = RandomBot(7)
    while not g.is_over:
        if g.pending_players():
            g.apply(0, bot.choose(g, 0))
        else:
            g.step()
        if g.turn == 2 and g.phase == "recruitment" and g.lich.netherworld:
            text = dumps(g)
            with pytest.raises(SaveFileError, match="not built in"):
                loads(text)
            assert dumps(loads(text, cards=g.cards)) == text


def test_solo_needs_every_pile():
    with pytest.raises(Exception, match="missing pile\\(s\\) E"):
        Game.new(players=1, cards=card_set(pack(necro("a", "1"), necro("b", "2"), necro("c", "3"),
                                                necro("d", "4"))))
    with pytest.raises(Exception, match="Necropolis"):
        Game.new(players=1)


def test_illustrative_pack_plays_complete_games():
    cs = card_set("lich-king-illustrative")
    assert cs.packs[1]["illustrative"]
    for seed in range(20):
        g = Game.new(players=1, seed=seed, cards=cs, lich_king_cards=seed % 5)
        play(g, [RandomBot(seed)])
        assert g.is_over and len(g.lich.cards) == seed % 5
        assert sum(e.amount for e in g.events if e.seat == solo.LICH and e.kind == "lp") == g.lich.lp


def test_companion_mode_scores_the_physical_game():
    """Someone playing the physical solo game enters the cards; the S3 numbers come out."""
    line = list(EXAMPLE["necropolis"])
    rows = solo.recruitment_gains(line, time=1, revealed=2,
                                  netherworld=cards("miner", "knight", "veteran", "treefolk",
                                                    "farmer", "cook", "archer"))
    assert [(r["cause"], r["lp"]) for r in rows] == [("two", 1), ("one", 1), ("two", 6)]
    assert rows[2]["matches"] == ["knight", "veteran", "treefolk"]


def test_the_records_the_panels_build_are_the_games_own():
    """``recruitment_record`` and ``end_gains`` (what the Lich King panel and the companion
    show) give exactly what a game records and scores, at every Recruitment and at the end."""
    cs = card_set("lich-king-illustrative")
    for seed in range(6):
        g = Game.new(players=1, seed=seed, cards=cs, lich_king_cards=seed % 5)
        bot, checked = RandomBot(seed), 0
        while not g.is_over:
            lk, before = g.lich, len(g.results)
            turn, time, revealed = g.turn, lk.time, lk.revealed
            if g.pending_players():
                g.apply(0, bot.choose(g, 0))
            else:
                g.step()
            for r in g.results[before:]:     # the Netherworld as scored (its last card came in this step)
                if type(r).__name__ == "SoloRecruitmentResult":
                    netherworld = [g.cards.unit(i) for i in r.netherworld]
                    assert r == solo.recruitment_record(turn, lk.line, time, revealed, netherworld, lk.cards)
                    checked += 1
        assert checked == 4
        scored = [(e.cause, e.amount, e.key) for e in g.events if e.seat == solo.LICH and e.phase == "end"
                  and e.key in ("ev.end_card_gain", "ev.lich_king_card_end")]
        assert scored == solo.end_gains(g.lich.line, g.lich.cards)
