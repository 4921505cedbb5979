"""The greedy bot's shortcuts give the evaluation's own numbers.

The bot computes the opponents' strengths once per decision, since no action of the
seat's own changes another kingdom; here every action it tries (but drafts, which change
nothing but the seat's kingdom), in games of every size (solo, the expansion, discarding
units at any time), is scored both ways."""

from __future__ import annotations

import pytest

from papertales import Game
from papertales.actions import DRAFT, DRAFT_DISCARD
from papertales.bots import play
from papertales.cards import card_set
from papertales.greedy import GreedyBot, _value_after, opponent_strengths

GAMES = [
    {"players": 2, "seed": 1},
    {"players": 3, "seed": 2, "rules": {"discard_in_play": "any"}},
    {"players": 4, "seed": 3},
    {"players": 5, "seed": 3},                       # Time Master and Mystical Healer choices
    {"players": 5, "seed": 11, "rules": {"discard_in_play": "any"}},
    {"players": 6, "seed": 5, "expansion": "beyond-the-gates"},
    {"players": 1, "seed": 6, "lich_king_cards": 3},
]


class CheckingBot(GreedyBot):
    """A greedy bot that scores each non-draft action with the strengths computed once
    and computed again after the action, and counts the actions it checked."""

    checked = 0

    def choose_in_world(self, world, seat, game=None):
        decider = game if game is not None else world
        kind = decider.pending[seat].kind
        actions = self.moves.actions(decider, seat)
        if len(actions) > 1 and kind not in (DRAFT, DRAFT_DISCARD):
            theirs = opponent_strengths(world, seat)
            for a in actions:
                assert _value_after(world, seat, kind, a, theirs) == _value_after(world, seat, kind, a, None), a
                CheckingBot.checked += 1
        return super().choose_in_world(world, seat, game)


@pytest.mark.filterwarnings("ignore::papertales.expansion.TileSetWarning")
@pytest.mark.parametrize("options", GAMES, ids=lambda o: f"{o['players']}p-seed{o['seed']}")
def test_opponents_strengths_computed_once_per_decision_are_right_after_every_action(options):
    options = dict(options)
    if options["players"] == 1:
        options["cards"] = card_set("lich-king-illustrative")
    game = Game.new(record_events=False, **options)
    CheckingBot.checked = 0
    play(game, [CheckingBot(10 * options["seed"] + k) for k in range(game.n)])
    assert game.is_over and CheckingBot.checked > 50
