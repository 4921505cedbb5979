"""The bots' shortcuts give the same numbers and the same actions as the long way.

* The evaluation adds up the weights of the cards a kingdom holds instead of a dot product
  with mostly-zero card counts: the value is the dot product with every feature.
* The greedy bot tries Deployment steps on the seat's own kingdom and takes them back: the
  game is left exactly as it was, and each step's effect is the engine's own.
* It tries a card on the first free spot of each row only: every free spot of one row gives
  the same value (the evaluation sees a unit's row, not its spot); it builds those steps
  from the survey, and they are the bot's actions the long way picked over.
* It values ``done`` from the weights of the kept card instead of trying every card.
* Its random rollouts draw one of the bots' actions without listing them all; here the
  action drawn for every possible draw is the one at that place in the list."""

from __future__ import annotations

import pytest

from papertales import Game
from papertales.serialize import dumps
from papertales.actions import DEPLOY, DONE, DONE_NOTHING, for_card
from papertales.bots import RandomBot, play
from papertales.cards import card_set
from papertales.evaluation import Evaluation
from papertales.features import features
from papertales.greedy import GreedyBot, _Planner, _step, bot_actions, deployment_steps, random_bot_action
from papertales.state import IS_FRONT, Unit

GAMES = [
    {"players": 2, "seed": 1},
    {"players": 3, "seed": 2, "rules": {"discard_in_play": "any"}},
    {"players": 4, "seed": 3},
    {"players": 5, "seed": 3},                       # Time Master and Mystical Healer choices
    {"players": 5, "seed": 11, "rules": {"discard_in_play": "any"}},
    {"players": 6, "seed": 5, "expansion": "beyond-the-gates"},
    {"players": 1, "seed": 6, "lich_king_cards": 3},
]
EV = Evaluation.default()


def new_game(options):
    options = dict(options)
    if options["players"] == 1:
        options["cards"] = card_set("lich-king-illustrative")
    return Game.new(record_events=False, **options)


def long_value(g, seat, phase=None):
    """The evaluation as a dot product of the weights with every feature."""
    from papertales.evaluation import stage
    if g.phase in ("end", "over"):
        return EV.value(g, seat)
    return sum(w * x for w, x in zip(EV.weights(g, stage(g, phase)), features(g, seat, phase)))


class CheckingBot(GreedyBot):
    """A greedy bot that checks, at each of its Deployment decisions, every shortcut of
    its plan against the long way, and counts what it checked."""

    checked = 0

    def choose_in_world(self, world, seat, game=None):
        decider = game if game is not None else world
        if decider.pending[seat].kind == DEPLOY:
            before = dumps(world)
            plan = _Planner(self.ev, world, seat)
            for a in self.moves.deployment_steps(decider, seat):
                undo = _step(world, seat, a)
                long = world.clone()                 # the long way: the engine's own step
                ref = decider.clone()
                ref.apply(seat, a)
                assert [u and (u.type.id, u.age, u.new) for u in world.players[seat].units] == \
                    [u and (u.type.id, u.age, u.new) for u in ref.players[seat].units]
                assert [t.id for t in world.players[seat].hand] == [t.id for t in ref.players[seat].hand]
                assert plan.value() == pytest.approx(long_value(long, seat), abs=1e-9)
                fresh = _Planner(self.ev, world, seat)
                assert plan.complete() == pytest.approx(fresh.complete(), abs=1e-9)   # the cache: same plans
                undo()
                CheckingBot.checked += 1
            assert dumps(world) == before
            action, v = plan.done()
            g = world.clone()
            g.apply(seat, action)                    # done: the hand goes, a card may be kept
            assert v == pytest.approx(long_value(g, seat), abs=1e-9)
            for t in world.players[seat].hand:       # and no other card would be better kept
                h = world.clone()
                h.apply(seat, for_card(DONE, t.id))
                assert long_value(h, seat) <= v + 1e-9
            h = world.clone()
            h.apply(seat, DONE_NOTHING)
            assert long_value(h, seat) <= v + 1e-9
        return super().choose_in_world(world, seat, game)


@pytest.mark.filterwarnings("ignore::papertales.expansion.TileSetWarning")
@pytest.mark.parametrize("options", GAMES, ids=lambda o: f"{o['players']}p-seed{o['seed']}")
def test_the_deployment_plan_is_valued_as_the_long_way(options):
    game = new_game(options)
    CheckingBot.checked = 0
    play(game, [CheckingBot(10 * options["seed"] + k) for k in range(game.n)])
    assert game.is_over and CheckingBot.checked > 20


@pytest.mark.filterwarnings("ignore::papertales.expansion.TileSetWarning")
@pytest.mark.parametrize("options", GAMES, ids=lambda o: f"{o['players']}p-seed{o['seed']}")
def test_the_value_is_the_dot_product_with_every_feature(options):
    game = new_game(options)
    compared = 0

    def check(g, seat, action):
        nonlocal compared
        for s in range(g.n):
            assert EV.value(g, s) == pytest.approx(long_value(g, s), abs=1e-9)
            compared += 1

    play(game, [RandomBot(options["seed"] * 10 + k) for k in range(game.n)], on_choice=check)
    assert compared > 30


@pytest.mark.parametrize("players, seed", [(2, 7), (4, 8), (5, 9), (1, 10)])
def test_every_free_spot_of_a_row_gives_the_same_value(players, seed):
    """Every card of the game, on every free spot, at every Deployment decision of random
    players (varied kingdoms, a 5th spot)."""
    game = new_game({"players": players, "seed": seed, **({"lich_king_cards": 2} if players == 1 else {})})
    cards = list({t.id: t for t in game.cards.deck}.values())
    compared = 0

    def check(g, seat, action):
        nonlocal compared
        if g.pending[seat].kind != DEPLOY:
            return
        p = g.players[seat]
        free = [s for s in range(p.spots) if p.units[s] is None]
        for card in cards:
            by_row = {}
            for s in free:
                p.units[s] = Unit(card, 0, True)
                by_row.setdefault(IS_FRONT[s], set()).add(round(EV.value(g, seat), 9))
                p.units[s] = None
            assert all(len(v) == 1 for v in by_row.values()), (card.id, by_row)
            compared += len(free)

    play(game, [RandomBot(seed * 10 + k) for k in range(game.n)], on_choice=check)
    assert compared > 200


def long_steps(g, seat, moved):
    """The greedy bot's first Deployment steps the long way: every action a bot may take
    but ``done``, a card only on the first free spot of each row it is listed on."""
    out, tried = [], set()
    for a in bot_actions(g, seat, moved):
        if a.kind == "place":
            if (a.card, IS_FRONT[a.spot]) in tried:
                continue
            tried.add((a.card, IS_FRONT[a.spot]))
        elif a.kind == "done":
            continue
        out.append(a)
    return out


@pytest.mark.filterwarnings("ignore::papertales.expansion.TileSetWarning")
@pytest.mark.parametrize("options", GAMES, ids=lambda o: f"{o['players']}p-seed{o['seed']}")
def test_the_deployment_steps_are_the_bot_actions_picked_over(options):
    """At every Deployment decision of random players (who move, discard and place), with
    no spot moved yet, with one or two spots moved (every choice of them), and with the
    spots of the moves made this Deployment."""
    game = new_game(options)
    moved = {}                      # seat -> spots moved this Deployment
    kinds = set()

    def check(g, seat, action):
        if g.pending[seat].kind != DEPLOY:
            moved.pop(seat, None)
            return
        spots = moved.setdefault(seat, set())
        n = g.players[seat].spots
        memories = [(), spots] + [{a} for a in range(n)] + [{a, b} for a in range(n) for b in range(a)]
        for memory in memories:
            steps = deployment_steps(g, seat, memory)
            assert steps == long_steps(g, seat, memory)
            kinds.update(a.kind for a in steps)
        if action.kind == "move":
            spots.update((action.spot, action.to))
        elif action.kind == "done":
            moved.pop(seat)

    play(game, [RandomBot(options["seed"] * 10 + k) for k in range(game.n)], on_choice=check)
    assert {"place", "move", "discard"} <= kinds


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
