"""Strategy lab: the coach's advice (search in determinized worlds) and the card report."""

import pytest
from papertales import Game
from papertales.serialize import dumps
from papertales.bots import RandomBot, play
from papertales.determinize import Worlds
from papertales import judgement
from papertales.cards import card_set
from papertales.greedy import bot_actions
from papertales.lab import AdvisorBot, advise, card_report
from papertales import lab


def mid_game(seed=3, players=4):
    g = Game.new(players=players, seed=seed)
    bots = [RandomBot(k) for k in range(players)]
    while not (g.turn == 2 and g.phase == "recruitment" and g.pending_players()):
        if g.pending_players():
            s = g.pending_players()[0]
            g.apply(s, bots[s].choose(g, s))
        else:
            g.step()
    g.apply(0, g.legal_actions(0)[0])          # seat 0 has a hand, others have packs
    return g


def test_the_lab_advises_in_the_engines_determinized_worlds(monkeypatch):
    assert not hasattr(lab, "determinize")          # no second sampler of its own
    g = mid_game()
    worlds = []
    world = Worlds.world

    def recorded(self, seed, k):
        w = world(self, seed, k)
        worlds.append(w)
        return w

    monkeypatch.setattr(Worlds, "world", recorded)
    judgement._cache.clear()
    advise(g, 1, budget="3it", seed=2)
    assert len(worlds) == 3                         # one engine world per sampled world
    for w in worlds:                                # each consistent with what seat 1 has seen
        assert w.card_counts() == g.card_counts()
        assert w.players[1].pack == g.players[1].pack and w.players[1].hand == g.players[1].hand
        assert len(w.draw) == len(g.draw)
    assert any(w.players[2].pack != g.players[2].pack for w in worlds)     # the hidden cards dealt anew


def test_advise_ranks_every_option_without_touching_the_game():
    g = Game.new(players=3, seed=4).advance()
    before = dumps(g)
    rows = advise(g, 0, budget="4it", seed=2)
    assert dumps(g) == before
    assert sorted(a for r in rows for a in [r["action"], *r["also"]]) == sorted(g.legal_actions(0)) \
        == sorted(bot_actions(g, 0))
    assert [r["expected_lp"] for r in rows] == sorted((r["expected_lp"] for r in rows), reverse=True)
    assert all(r["worlds"] == 4 and r["lp_low"] <= r["expected_lp"] <= r["lp_high"] for r in rows)
    assert all(0 <= r["win_chance"] <= 1 for r in rows)
    assert advise(g, 0, budget="4it", seed=2) == rows          # seeded: same advice


def test_advise_in_solo_mode():
    g = Game.new(players=1, seed=1, cards=card_set("lich-king-illustrative")).advance()
    rows = advise(g, 0, budget="3it", seed=1)
    assert sum(1 + len(r["also"]) for r in rows) == len(g.legal_actions(0))


def test_advice_words_follow_the_language_and_the_ranking_does_not():
    g = Game.new(players=2, seed=4).advance()
    en = advise(g, 0, budget="3it", seed=1, lang="en")
    pl = advise(g, 0, budget="3it", seed=1, lang="pl")
    strip = lambda rows: [(str(r["action"]), r["worlds"], r["expected_lp"], r["win_chance"]) for r in rows]   # noqa: E731
    assert strip(en) == strip(pl)
    assert [r["text"] for r in en] == [r["action"].describe("en", g.cards) for r in en]
    assert [r["text"] for r in pl] == [r["action"].describe("pl", g.cards) for r in pl]
    assert [r["text"] for r in en] != [r["text"] for r in pl]


def test_an_advised_seat_plays_legal_moves_chosen_by_the_coach():
    # play() only returns at the end of the game: check each of the advisor's moves instead
    g = Game.new(players=3, seed=9)
    advisor = AdvisorBot(seed=1, iterations=2)
    moves = []

    def check(game, seat, action):
        if seat == 0:
            assert action in game.legal_actions(0), action
            moves.append((game.turn, action))

    play(g, [advisor, RandomBot(2), RandomBot(3)], checked=True, on_choice=check)
    assert {turn for turn, _ in moves} == {1, 2, 3, 4}
    assert 10 < advisor.calls <= len(moves)          # the coach asked at every real choice


@pytest.mark.slow
def test_card_report_from_competent_bots_names_each_card():
    rows = card_report(players=3, games=6, seed=5)
    g = Game.new(players=3, seed=1)
    assert rows and all(g.cards.unit(r["id"]).name == r["card"] for r in rows)
    for r in rows:
        assert 0 <= r["revealed"] <= 18                    # 6 games x 3 seats
        assert r["picked"] <= r["offered"]
