"""The engine plays whole games and the card data is complete."""

from papertales import BASE, Game, totals
from papertales.bots import random_game


def test_base_deck_has_81_cards_of_42_types():
    assert len(BASE.units) == 42
    assert len(BASE.deck) == 81
    assert [b.id for b in BASE.buildings] == ["town", "tavern", "mine", "temple", "barracks"]


def test_new_game_setup():
    g = Game.new(players=4, seed=3)
    assert [p.gold for p in g.players] == [3, 3, 3, 3]
    assert [p.lp for p in g.players] == [0, 0, 0, 0]
    assert g.turn == 1 and g.phase == "recruitment"
    g.advance()
    assert g.pending_players() == [0, 1, 2, 3]
    assert all(len(p.pack) == 5 for p in g.players)
    assert len(g.draw) == 81 - 20


def test_a_random_game_is_scored_from_its_events_and_replays_from_its_history():
    # random_game() only returns once the game is over: what can fail is the game itself
    g = random_game(players=4, seed=11)
    assert g.turn == 4 and len(g.history) > 4 * 4 * 3       # every seat decided every turn
    for seat in range(4):                                    # every LP has a cause in the log
        assert sum(totals(g.events, seat).values()) == g.scores[seat]
        assert sum(totals(g.events, seat, kind="gold").values()) + 3 == g.players[seat].gold
    again = Game.replay(g.history, players=4, seed=11).advance()
    assert again.is_over and again.scores == g.scores and again.events == g.events
