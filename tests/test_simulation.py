"""Thousands of seeded random games: no exception, invariants after every step, save/load
round trips at random points, and replays that reproduce the same game."""

import os

import pytest

from papertales import BASE, Game
from papertales.serialize import dumps, loads
from papertales.bots import RandomBot
from papertales.cards import card_set
from papertales.rng import Rng

SOLO_CARDS = card_set("lich-king-illustrative")
#: name -> (players, Game.new options, games)
CONFIGS = {
    "2p": (2, {}, 1), "3p": (3, {}, 1), "4p": (4, {}, 1), "5p": (5, {}, 1),
    "solo": (1, {"cards": SOLO_CARDS, "lich_king_cards": 2}, 1),
    "6p-btg": (6, {"expansion": "beyond-the-gates"}, 0.4),
    "7p-btg": (7, {"expansion": "beyond-the-gates"}, 0.4),
}

GAMES = int(os.environ.get("PAPERTALES_SIM_GAMES", "500"))   # per player count
DECK = {}
for _t in BASE.deck:
    DECK[_t.id] = DECK.get(_t.id, 0) + 1


def check_invariants(g):
    assert g.card_counts() == DECK, "every one of the 81 cards is in exactly one place"
    for p in g.players:
        assert p.gold >= 0
        assert p.lp >= 0
        assert sum(u is not None for u in p.units) <= 5
        if p.units[4] is not None:
            assert 2 in p.buildings, "the 5th spot needs a level-2 building"
        assert all(lvl in (0, 1, 2) for lvl in p.buildings)
        assert len(p.hand) <= 6


def play_checked(players, seed, roundtrip_rng=None, **options):
    g = Game.new(players=players, seed=seed, **options)
    bots = [RandomBot(seed * 10 + k) for k in range(players)]
    snapshots = []
    while not g.is_over:
        if not g.pending_players():
            g.step()
        else:
            seat = g.pending_players()[0]
            g.apply(seat, bots[seat].choose(g, seat))
        check_invariants(g)
        if roundtrip_rng is not None and roundtrip_rng.below(60) == 0:
            text = dumps(g)
            again = loads(text, cards=g.cards)
            assert dumps(again) == text
            snapshots.append((text, len(g.history)))
    return g, snapshots


@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS)
def test_random_games_keep_every_invariant(config):
    players, options, share = CONFIGS[config]
    rng = Rng(players)
    for seed in range(int(GAMES * share)):
        g, snapshots = play_checked(players, seed, rng if seed % 10 == 0 else None, **options)
        assert g.turn == 4
        final = dumps(g)
        # a game restored at a random point and continued with the same actions ends the same
        for text, done in snapshots[:2]:
            restored = loads(text, cards=g.cards)
            for seat, action in g.history[done:]:
                if not any(restored.pending):
                    restored.advance()
                restored.apply(seat, action)
            restored.advance()
            assert dumps(restored) == final


@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS)
def test_same_seed_and_actions_give_the_same_game(config):
    players, options, _ = CONFIGS[config]
    for seed in range(20):
        g, _ = play_checked(players, 1000 + seed, **options)
        again = Game.replay(g.history, players=players, seed=1000 + seed, **options)
        again.advance()
        assert again.events == g.events
        assert dumps(again) == dumps(g)


def play_in_order(players, seed, pick_seat):
    g = Game.new(players=players, seed=seed)
    bots = [RandomBot(seed * 10 + k) for k in range(players)]
    while not g.is_over:
        pending = g.pending_players()
        if not pending:
            g.step()
            continue
        seat = pick_seat(pending)
        g.apply(seat, bots[seat].choose(g, seat))
    return g


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4, 5])
def test_simultaneous_decisions_in_any_order_give_the_same_game(players):
    """Players decide at the same time: serving the last pending seat first instead of the
    first changes nothing (each seat's bot sees the same choices either way)."""
    for seed in range(40):
        a = play_in_order(players, seed, lambda pending: pending[0])
        b = play_in_order(players, seed, lambda pending: pending[-1])
        assert a.scores == b.scores
        assert [p.gold for p in a.players] == [p.gold for p in b.players]
        assert sorted(map(repr, a.events)) == sorted(map(repr, b.events))
