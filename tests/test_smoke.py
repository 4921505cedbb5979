"""The engine plays whole games and the card data is complete."""

from papertales import BASE, Game
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


def test_random_game_reaches_the_end():
    g = random_game(players=4, seed=11)
    assert g.is_over
    assert g.turn == 4
    assert all(lp >= 0 for lp in g.scores)
