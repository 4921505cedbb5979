"""The bots' shortcuts give the same numbers and the same actions as the long way.

* The greedy bot computes the opponents' strengths once per decision, since no action of
  the seat's own changes another kingdom, and tries a placement in the sampled world
  itself, once per spot that gives another kingdom; here every action it scores (but
  drafts, which change nothing but the seat's kingdom), in games of every size (solo,
  the expansion, discarding units at any time), is scored the long way too: on a copy,
  everything computed again -- and the sampled world is left as it was.
* It tries a drafted card on fewer spots than all the free ones; here the spot and the
  value it finds are those of trying every spot.
* The search bot values every seat at once, each kingdom's strength counted once.
* Its random rollouts draw one of the bots' actions without listing them all; here the
  action drawn for every possible draw is the one at that place in the list."""

from __future__ import annotations

import pytest

from papertales import Game, construction
from papertales.actions import DRAFT, DRAFT_DISCARD
from papertales.bots import RandomBot, play
from papertales.cards import card_set
from papertales.greedy import (GreedyBot, _action_values, best_spot, bot_actions, opponent_strengths,
                               random_bot_action, value, values)
from papertales.state import Unit

GAMES = [
    {"players": 2, "seed": 1},
    {"players": 3, "seed": 2, "rules": {"discard_in_play": "any"}},
    {"players": 4, "seed": 3},
    {"players": 5, "seed": 3},                       # Time Master and Mystical Healer choices
    {"players": 5, "seed": 11, "rules": {"discard_in_play": "any"}},
    {"players": 6, "seed": 5, "expansion": "beyond-the-gates"},
    {"players": 1, "seed": 6, "lich_king_cards": 3},
]


def value_after_the_long_way(world, seat, kind, action):
    g = world.clone()
    if kind == "build":
        if action.kind != "pass":
            construction._build(g, seat, action)
    else:
        g.apply(seat, action)
    return value(g, seat)


class CheckingBot(GreedyBot):
    """A greedy bot that scores each non-draft action its own way and the long way, and
    counts the actions it checked."""

    checked = 0

    def choose_in_world(self, world, seat, game=None):
        decider = game if game is not None else world
        kind = decider.pending[seat].kind
        actions = self.moves.actions(decider, seat)
        if len(actions) > 1 and kind not in (DRAFT, DRAFT_DISCARD):
            before = world.to_json()
            fast = list(_action_values(world, seat, kind, actions, opponent_strengths(world, seat)))
            assert world.to_json() == before
            assert fast == [value_after_the_long_way(world, seat, kind, a) for a in actions]
            CheckingBot.checked += len(actions)
        return super().choose_in_world(world, seat, game)


@pytest.mark.filterwarnings("ignore::papertales.expansion.TileSetWarning")
@pytest.mark.parametrize("options", GAMES, ids=lambda o: f"{o['players']}p-seed{o['seed']}")
def test_the_value_after_every_action_is_the_value_computed_the_long_way(options):
    options = dict(options)
    if options["players"] == 1:
        options["cards"] = card_set("lich-king-illustrative")
    game = Game.new(record_events=False, **options)
    CheckingBot.checked = 0
    play(game, [CheckingBot(10 * options["seed"] + k) for k in range(game.n)])
    assert game.is_over and CheckingBot.checked > 50


def every_spot_tried(g, seat, card):
    """:func:`best_spot` trying the card on every free spot (or, none free, on every spot)."""
    p = g.players[seat]
    best, best_v = None, None
    for s in [s for s in range(p.spots) if p.units[s] is None] or range(p.spots):
        old = p.units[s]
        p.units[s] = Unit(card, 0, True)
        v = value(g, seat)
        p.units[s] = old
        if best_v is None or v > best_v:
            best, best_v = s, v
    return best, best_v


@pytest.mark.parametrize("players, seed", [(2, 7), (4, 8), (5, 9), (1, 10)])
def test_the_best_spot_for_a_drafted_card_is_found_trying_fewer_spots(players, seed):
    """Spots of one row with no unit between them tie, so one of them is tried.  Every
    card of the game, at every draft of random players (varied kingdoms, a 5th spot)."""
    options = {"cards": card_set("lich-king-illustrative"), "lich_king_cards": 2} if players == 1 else {}
    game = Game.new(players=players, seed=seed, record_events=False, **options)
    cards = list({t.id: t for t in game.cards.deck}.values())
    compared = 0

    def check(g, seat, action):
        nonlocal compared
        if g.pending[seat].kind == DRAFT:
            for card in cards:
                assert best_spot(g, seat, card) == every_spot_tried(g, seat, card), (card.id, g.players[seat].units)
                compared += 1

    play(game, [RandomBot(seed * 10 + k) for k in range(game.n)], on_choice=check)
    assert compared > 500


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_values_of_every_seat_at_once_are_each_seats_value(players):
    game = Game.new(players=players, seed=players, record_events=False)

    def check(g, seat, action):
        assert values(g) == [value(g, s) for s in range(g.n)]

    play(game, [GreedyBot(k) for k in range(players)], on_choice=check)


class FixedDraw:
    """A generator whose one draw is ``below(n) == i``; it remembers ``n``."""

    def __init__(self, i):
        self.i, self.n = i, None

    def below(self, n):
        self.n = n
        return self.i


@pytest.mark.filterwarnings("ignore::papertales.expansion.TileSetWarning")
@pytest.mark.parametrize("options", GAMES, ids=lambda o: f"{o['players']}p-seed{o['seed']}")
def test_a_random_rollout_action_is_the_listed_action_at_the_draw(options):
    options = dict(options)
    if options["players"] == 1:
        options["cards"] = card_set("lich-king-illustrative")
    game = Game.new(record_events=False, **options)
    kinds = set()

    def check(g, seat, action):
        acts = bot_actions(g, seat)
        for i in range(len(acts)):
            draw = FixedDraw(i)
            assert random_bot_action(g, seat, draw) == acts[i] and draw.n == len(acts)
        kinds.add(g.pending[seat].kind)
        kinds.update(a.kind for a in acts)

    play(game, [RandomBot(options["seed"] * 10 + k) for k in range(game.n)], on_choice=check)
    assert {"draft", "deploy", "build", "place", "move", "done"} <= kinds
