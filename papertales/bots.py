"""Bots and the loop that plays a game with them."""

from __future__ import annotations

from .actions import DONE, MOVE, RETURN
from .errors import PaperTalesError
from .rng import Rng


class RandomBot:
    """Chooses uniformly among the legal actions, with two tweaks that keep random games
    game-like: deployment moves and take-backs are left out (they only lengthen games),
    and the ``done`` actions (one per card that could be kept) count as one choice."""

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed)

    def choose(self, game, seat):
        rng = self.rng
        actions = []
        dones = []
        for a in game.legal_actions(seat):
            k = a.kind
            if k is DONE:
                dones.append(a)
            elif k is not MOVE and k is not RETURN:
                actions.append(a)
        if dones:
            if rng.below(len(actions) + 1) == len(actions):
                return dones[rng.below(len(dones))]
        return actions[rng.below(len(actions))]


def play(game, bots, until_over=True):
    """Let ``bots`` (one per seat, each with ``choose(game, seat)``) play until the end."""
    while not game.is_over:
        pending = game.pending_players()
        if not pending:
            game.advance()
            continue
        for seat in pending:
            while game.pending[seat] is not None:
                game.apply(seat, bots[seat].choose(game, seat))
    return game


def random_game(players=4, seed=0, record_events=True, **options):
    """A complete game between random bots, all seeded from ``seed``; ``options`` go to
    :meth:`Game.new` (``cards``, ``expansion``, ``lich_king_cards``)."""
    from .game import Game
    game = Game.new(players=players, seed=seed, record_events=record_events, **options)
    return play(game, [RandomBot(seed * 1000 + i + 1) for i in range(players)])


# ------------------------------------------------------------------ the registry

def _registry():
    from .greedy import GreedyBot
    from .ismcts import IsmctsBot
    return {"random": RandomBot, "greedy": GreedyBot, "ismcts": IsmctsBot}


def names() -> list[str]:
    """The names of every bot, for command lines and seat menus."""
    return list(_registry())


def get(name: str, seed: int = 0, **options):
    """A new bot by name (``random``, ``greedy``, ``ismcts``) with its options; an
    unknown name or option is refused, saying what exists."""
    bots = _registry()
    if name not in bots:
        raise PaperTalesError(f"unknown bot {name!r}; bots: {', '.join(bots)}")
    try:
        return bots[name](seed=seed, **options)
    except TypeError as exc:
        raise PaperTalesError(f"bot {name}: {exc}") from None
