"""Strategy lab: what do cards and choices tend to bring?

* :func:`card_report` plays many seeded games between bots and, for every unit type,
  compares the players who revealed it with those who did not.
* :func:`advise` ranks the legal actions of a pending decision by the final LP they lead
  to in random continuations.  The continuations never peek: before each one, every card
  the advised player cannot see (the draw and discard piles, other players' hands, packs
  and kept cards) is shuffled among those places.
"""

from __future__ import annotations

from .bots import RandomBot, play
from .events import DEPLOY
from .game import Game
from .i18n import t
from .rng import Rng

REVEALS = "ev.reveals"      # the event key of a unit revealed in the Deployment phase


def card_report(players=4, games=500, seed=1, bot=RandomBot, **options) -> list[dict]:
    """Per unit type (``id``, ``card``: its name in its pack): how often it was revealed,
    and the mean final LP and win rate of the seats that revealed it against those that
    did not.  Sorted by LP difference."""
    stats: dict[str, list] = {}
    cards = None
    for i in range(games):
        g = Game.new(players=players, seed=seed + i, **options)
        play(g, [bot((seed + i) * 100 + k) for k in range(players)])
        cards = g.cards
        revealed = [set() for _ in range(players)]
        for e in g.events:
            if e.kind == DEPLOY and e.seat >= 0 and e.key == REVEALS:
                revealed[e.seat].add(e.params["card"])
        winners = set(g.winners())
        for seat, p in enumerate(g.players):
            won = 1.0 / len(winners) if seat in winners else 0.0
            for u in cards.units:
                row = stats.setdefault(u.id, [0, 0.0, 0.0, 0, 0.0, 0.0])
                k = 0 if u.id in revealed[seat] else 3
                row[k] += 1
                row[k + 1] += p.lp
                row[k + 2] += won
    out = []
    for ident, (n_with, lp_with, win_with, n_without, lp_without, win_without) in stats.items():
        if n_with == 0:
            continue
        mean_with = lp_with / n_with
        mean_without = lp_without / n_without if n_without else 0.0
        out.append({"id": ident, "card": cards.unit(ident).name, "revealed": n_with, "mean_lp_with": round(mean_with, 2),
                    "mean_lp_without": round(mean_without, 2),
                    "lp_difference": round(mean_with - mean_without, 2),
                    "win_rate_with": round(win_with / n_with, 3),
                    "win_rate_without": round(win_without / n_without, 3) if n_without else None})
    out.sort(key=lambda r: -r["lp_difference"])
    return out


def determinize(game: Game, seat: int, rng: Rng) -> Game:
    """A copy of ``game`` in which the cards ``seat`` cannot see are shuffled among the
    places they could be (keeping how many cards each place holds)."""
    g = game.clone()
    g.record_events = False
    others = [] if g.lich is not None else [p for s, p in enumerate(g.players) if s != seat]
    # solo: the Netherworld and the discard pile may be looked at; only the pile is hidden
    hidden = list(g.draw) if g.lich is not None else list(g.draw) + list(g.discard)
    for p in others:
        hidden += p.hand + p.pack + ([p.kept] if p.kept is not None else [])
    rng.shuffle(hidden)
    g.draw, rest = hidden[:len(g.draw)], hidden[len(g.draw):]
    if g.lich is None:
        g.discard, rest = rest[:len(g.discard)], rest[len(g.discard):]
    for p in others:
        p.hand, rest = rest[:len(p.hand)], rest[len(p.hand):]
        p.pack, rest = rest[:len(p.pack)], rest[len(p.pack):]
        if p.kept is not None:
            p.kept, rest = rest[0], rest[1:]
    g.rng = Rng(rng.next64())
    return g


def advise(game: Game, seat: int, rollouts: int = 50, seed: int = 0, bot=RandomBot,
           lang: str | None = None) -> list[dict]:
    """Rank ``seat``'s legal actions by the mean final LP (and win rate) of ``rollouts``
    random continuations after each; the same determinized worlds serve every action.
    Each row has the ``action``, its ``text`` in words (in ``lang``, default: the current
    language), ``mean_lp`` and ``win_rate``."""
    actions = game.legal_actions(seat)
    if not actions:
        raise ValueError(t("cli.error.no_decision", lang, name=game.players[seat].name))
    rng = Rng(seed)
    worlds = [determinize(game, seat, rng) for _ in range(rollouts)]
    rows = []
    for a in actions:
        total_lp = 0
        wins = 0.0
        for w, world in enumerate(worlds):
            g = world.clone()
            g.apply(seat, a)
            play(g, [bot(seed * 7919 + w * 31 + k) for k in range(g.n)])
            total_lp += g.players[seat].lp
            win = g.winners()
            if seat in win:
                wins += 1.0 / len(win)
        rows.append({"action": a, "text": a.describe(lang, game.cards), "mean_lp": round(total_lp / rollouts, 2),
                     "win_rate": round(wins / rollouts, 3)})
    rows.sort(key=lambda r: (-r["mean_lp"], -r["win_rate"], str(r["action"])))
    return rows
