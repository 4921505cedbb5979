"""Seeded games of the greedy and search bots, and a few coach hints, against recorded
digests: a speed-up of the bots or of their evaluation must leave every choice -- and
every number the evaluation gives -- exactly as it was.

Each digest covers every action of a game, the final LP and gold, and, before each choice,
the deciding seat's features and expected final LP (floats written exactly) and the search
bot's statistics.  Budgets are in iterations, never in seconds.  The digests also pin the
fitted weights (papertales/data/evaluation.json): a refit changes them, on purpose.  Rewrite ``tests/bot_fingerprints.json`` only on purpose:
``python tests/test_bot_fingerprints.py --record``."""

from __future__ import annotations

import json
import sys
from hashlib import sha256
from pathlib import Path

import pytest

from papertales import Game, coach
from papertales.evaluation import Evaluation
from papertales.features import features
from papertales.bots import play
from papertales.cards import card_set
from papertales.greedy import GreedyBot
from papertales.ismcts import IsmctsBot
from papertales.registry import get

RECORDED_FILE = Path(__file__).resolve().parent / "bot_fingerprints.json"

#: name -> (players, seeds, bots per seat); a bot spec is "greedy", an outside style's name
#: (papertales.styles) or ismcts options
GAMES = {
    "greedy-4p": (4, range(6), ["greedy"] * 4),
    "greedy-2p": (2, range(3), ["greedy"] * 2),
    "greedy-3p": (3, range(1), ["greedy"] * 3),
    "greedy-5p": (5, range(1), ["greedy"] * 5),
    "greedy-solo": (1, range(4), ["greedy"]),
    "ismcts-4p": (4, range(2), [{"iterations": 12}] + ["greedy"] * 3),
    "ismcts-2p-random-rollout": (2, range(1), [{"iterations": 30, "rollout": "random"}, "greedy"]),
    "ismcts-3p-to-the-end": (3, range(1), [{"iterations": 4, "horizon": "game"}] + ["greedy"] * 2),
    "ismcts-solo": (1, range(1, 2), [{"iterations": 12}]),
    "styles-4p": (4, range(2), ["builder", "warlord", "merchant", "spoiler"]),
    "styles-2p": (2, range(2), ["spoiler", "builder"]),
    "styles-3p-greedy": (3, range(1), ["merchant", "greedy", "warlord"]),
    "builder-solo": (1, range(2), ["builder"]),
    "warlord-solo": (1, range(2), ["warlord"]),
    "merchant-solo": (1, range(2), ["merchant"]),
}
HINT_SEEDS = range(3)


def _new_game(players, seed):
    if players == 1:
        return Game.new(players=1, seed=seed, cards=card_set("lich-king-illustrative"),
                        lich_king_cards=seed % 5, record_events=False)
    return Game.new(players=players, seed=seed, record_events=False)


def _bot(spec, seed):
    if spec == "greedy":
        return GreedyBot(seed)
    return get(spec, seed=seed) if isinstance(spec, str) else IsmctsBot(seed=seed, **spec)


def game_digest(players, seed, specs) -> str:
    game = _new_game(players, seed)
    bots = [_bot(spec, seed * 10 + k) for k, spec in enumerate(specs)]
    h = sha256()

    ev = Evaluation.default()

    def on_choice(g, seat, action):
        h.update(f"{seat}:{action} {features(g, seat)!r} {ev.value(g, seat)!r}".encode())
        stats = getattr(bots[seat], "last_stats", None)
        if stats is not None:
            h.update(repr(stats).encode())

    play(game, bots, on_choice=on_choice)
    h.update(f"{game.scores} {[p.gold for p in game.players]} {game.winners()}".encode())
    if game.lich is not None:
        h.update(f" {game.lich.lp}".encode())
    return h.hexdigest()[:16]


def hint_digest(seed) -> str:
    """Hints at seat 0's decisions of the first two turns: ranking, numbers and reasons."""
    g = Game.new(players=3, seed=seed, record_events=False).advance()
    bots = [GreedyBot(seed * 10 + k) for k in range(3)]
    h = sha256()
    while g.turn <= 2:
        if not any(g.pending):
            g.advance()
            continue
        seat = next(s for s, d in enumerate(g.pending) if d is not None)
        if seat == 0 and g.phase in ("recruitment", "deployment", "construction"):
            hint = coach.hint(g, 0, worlds=3, seed=seed, lang="en")
            h.update(repr([(o.plan, o.also, o.worlds, o.lp, o.lp_low, o.win, o.win_low, o.reason)
                           for o in hint.options]).encode())
        g.apply(seat, bots[seat].choose(g, seat))
    return h.hexdigest()[:16]


def digests() -> dict:
    out = {name: [game_digest(players, seed, specs) for seed in seeds]
           for name, (players, seeds, specs) in GAMES.items()}
    out["coach-hints"] = [hint_digest(seed) for seed in HINT_SEEDS]
    return out


@pytest.fixture(scope="module")
def recorded():
    return json.loads(RECORDED_FILE.read_text(encoding="utf-8"))


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GAMES))
def test_bot_games_are_unchanged(name, recorded):
    players, seeds, specs = GAMES[name]
    assert [game_digest(players, seed, specs) for seed in seeds] == recorded[name]


@pytest.mark.slow
def test_coach_hints_are_unchanged(recorded):
    assert [hint_digest(seed) for seed in HINT_SEEDS] == recorded["coach-hints"]


if __name__ == "__main__":
    if sys.argv[1:] != ["--record"]:
        raise SystemExit("usage: python tests/test_bot_fingerprints.py --record")
    RECORDED_FILE.write_text(json.dumps(digests(), indent=1) + "\n", encoding="utf-8")
