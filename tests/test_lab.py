"""Strategy lab: card report and decision advice by determinized random continuations."""

from papertales import Game
from papertales.bots import RandomBot
from papertales.cards import card_set
from papertales.lab import advise, card_report, determinize
from papertales.rng import Rng


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


def test_determinize_hides_only_what_the_player_cannot_see():
    g = mid_game()
    w = determinize(g, 1, Rng(1))
    assert w.card_counts() == g.card_counts()
    assert w.players[1].pack == g.players[1].pack and w.players[1].hand == g.players[1].hand
    for s in range(4):
        assert [u and (u.type, u.age) for u in w.players[s].units] == \
               [u and (u.type, u.age) for u in g.players[s].units]
        assert len(w.players[s].pack) == len(g.players[s].pack)
        assert len(w.players[s].hand) == len(g.players[s].hand)
    assert len(w.draw) == len(g.draw)
    worlds = {tuple(t.id for t in determinize(g, 1, Rng(k)).draw) for k in range(5)}
    assert len(worlds) > 1


def test_advise_ranks_every_legal_action_without_touching_the_game():
    g = Game.new(players=3, seed=4).advance()
    before = g.to_json()
    rows = advise(g, 0, rollouts=8, seed=2)
    assert g.to_json() == before
    assert sorted(r["action"] for r in rows) == sorted(g.legal_actions(0))
    assert [r["mean_lp"] for r in rows] == sorted((r["mean_lp"] for r in rows), reverse=True)
    assert all(0 <= r["win_rate"] <= 1 for r in rows)
    assert advise(g, 0, rollouts=8, seed=2) == rows          # seeded: same advice


def test_advise_in_solo_mode():
    g = Game.new(players=1, seed=1, cards=card_set("lich-king-illustrative")).advance()
    rows = advise(g, 0, rollouts=5, seed=1)
    assert len(rows) == len(g.legal_actions(0))


def test_card_report_compares_players_with_and_without_each_card():
    rows = card_report(players=3, games=20, seed=5)
    names = {r["card"] for r in rows}
    assert "Knight" in names
    for r in rows:
        assert 0 < r["revealed"] <= 60                    # 20 games x 3 seats
        assert abs(r["lp_difference"] - (r["mean_lp_with"] - r["mean_lp_without"])) <= 0.011
    assert [r["lp_difference"] for r in rows] == sorted((r["lp_difference"] for r in rows), reverse=True)


def test_advice_words_follow_the_language_and_the_ranking_does_not():
    g = Game.new(players=2, seed=4).advance()
    en = advise(g, 0, rollouts=3, seed=1, lang="en")
    pl = advise(g, 0, rollouts=3, seed=1, lang="pl")
    strip = lambda rows: [(str(r["action"]), r["mean_lp"], r["win_rate"]) for r in rows]   # noqa: E731
    assert strip(en) == strip(pl)
    assert [r["text"] for r in en] == [r["action"].describe("en", g.cards) for r in en]
    assert [r["text"] for r in pl] == [r["action"].describe("pl", g.cards) for r in pl]
    assert [r["text"] for r in en] != [r["text"] for r in pl]


def test_card_report_rows_name_the_card_by_id_too():
    rows = card_report(players=2, games=4, seed=1)
    g = Game.new(players=2, seed=1)
    assert rows and all(g.cards.unit(r["id"]).name == r["card"] for r in rows)
