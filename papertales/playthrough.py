"""Recorded playthroughs: a whole game written as text, one line per step and event.

Why?  A change that alters any game's course (a rule, the generator, the order of events)
shows up as the first differing line of a recorded game, the way OpenSpiel compares its
playthroughs.  The lines are language-free (action notation, events as JSON), so changing
a message's words never touches them.  ``scripts/record_playthroughs.py`` rewrites the
recordings on purpose; the tests only compare.
"""

from __future__ import annotations

import json
from typing import Any

from .bots import RandomBot, play
from .cards import card_set
from .events import Event
from .game import Game

#: the recorded games: name -> Game.new options (bots are RandomBot(seed * 1000 + seat + 1))
GAMES = {
    "2p": {"players": 2, "seed": 21},
    "3p": {"players": 3, "seed": 31},
    "5p": {"players": 5, "seed": 51},
    "solo": {"players": 1, "seed": 11, "packs": ["lich-king-illustrative"], "lich_king_cards": 2},
    "7p-beyond-the-gates": {"players": 7, "seed": 71, "expansion": "beyond-the-gates"},
}


def _event_line(e: Event) -> str:
    return "  " + json.dumps([e.seat, e.kind, e.amount, e.cause, e.key, e.params],
                             ensure_ascii=False, sort_keys=True)


def transcript(options: dict[str, Any]) -> list[str]:
    """Play the game described by ``options`` with seeded random bots and write it out:
    a header, then every automatic stage and every action, each followed by its events,
    then the final scores."""
    opts = dict(options)
    packs = opts.pop("packs", [])
    game = Game.new(cards=card_set(*packs) if packs else None, **opts)
    bots = [RandomBot(game.seed * 1000 + s + 1) for s in range(game.n)]
    lines = ["game " + json.dumps(options, sort_keys=True)]
    while not game.is_over:
        pending = game.pending_players()
        if not pending:
            mark = len(game.events)
            lines.append(f"auto T{game.turn} {game.phase}/{game.stage}")
            game.step()
            lines.extend(_event_line(e) for e in game.events[mark:])
            continue
        for seat in pending:
            while game.decision(seat) is not None:
                action = bots[seat].choose(game, seat)
                events = game.apply(seat, action)
                lines.append(f"{seat}: {action}")
                lines.extend(_event_line(e) for e in events)
    lines.append("scores " + json.dumps(game.scores))
    if game.lich is not None:
        lines.append(f"lich_king {game.lich.lp}")
    lines.append("winners " + json.dumps(game.winners()))
    return lines


#: fingerprinted games: name -> Game.new options; seeds ``first .. first + games - 1``
FINGERPRINTS = {
    "4p": ({"players": 4}, 0, 2000),
    "2p": ({"players": 2}, 0, 300),
    "3p": ({"players": 3}, 0, 300),
    "5p": ({"players": 5}, 0, 300),
    "solo": ({"players": 1, "packs": ["lich-king-illustrative"], "lich_king_cards": 2}, 0, 300),
    "7p-beyond-the-gates": ({"players": 7, "expansion": "beyond-the-gates"}, 0, 100),
}
BLOCK = 100         # games per recorded hash


def fingerprint(options: dict[str, Any], first: int, games: int, checked: bool = False,
                record_events: bool = False) -> list[str]:
    """One hash per block of :data:`BLOCK` seeded random games (every action, the final
    LP and gold): thousands of games checked against recorded values in seconds, so any
    optimisation that changes a game's course shows up.  ``checked=True`` validates every
    action as any unknown bot's would be (the slow path); both must give the same hashes."""
    from hashlib import sha256
    opts = dict(options)
    packs = opts.pop("packs", [])
    cards = card_set(*packs) if packs else None
    out = []
    for start in range(first, first + games, BLOCK):
        h = sha256()
        for seed in range(start, min(start + BLOCK, first + games)):
            game = Game.new(seed=seed, cards=cards, record_events=record_events, **opts)
            play(game, [RandomBot(seed * 1000 + s + 1) for s in range(game.n)], checked=checked)
            h.update(f"{seed} {game.scores} {[p.gold for p in game.players]} {game.winners()}".encode())
            if game.lich is not None:
                h.update(f" {game.lich.lp}".encode())
            h.update(" ".join(f"{s}:{a}" for s, a in game.history).encode())
        out.append(h.hexdigest()[:16])
    return out
