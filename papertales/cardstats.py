"""Card statistics worth trusting, from tournament rows (:mod:`papertales.tournament`).

Statistics over random players say little about cards (random players throw their
kingdoms away), so :func:`card_stats` warns loudly -- and says so in its result -- when
the rows come from ``random`` bots only; every result names the bots it comes from.

Per unit (``units``; one "seat-game" is one seat in one game):

* ``offered`` / ``picked`` / ``pick_rate``: how often it was in a pack at a pick, how
  often it was the card taken, and the share (with a 95 % Wilson interval);
* ``mean_pick_index``: how early in a turn's draft it is taken (0: the first pick);
* ``drafted_rate``: the share of seat-games that drafted it at least once;
* ``revealed`` / ``revealed_rate``: seat-games in which it was revealed at least once;
* ``win_rate_revealed`` / ``win_rate_not`` (shares of wins, with intervals and counts) and
  ``win_difference`` with a 95 % interval (Newcombe's hybrid Wilson interval);
* ``mean_lp_revealed`` / ``mean_lp_not`` with 95 % intervals;
* ``lp_by_reveal_turn``: mean LP (and count) by the turn it was first revealed;
* ``picked_over``: the cards most often left in the pack when it was taken.

Per building (``buildings``): ``built_rate``, ``mean_level`` (of those built),
``level2_rate``, win rates built and not built.  ``tiers``: S/A/B/C/D by the win-rate
difference and its 95 % interval -- a card leaves B only when the interval says so (S:
above 0 and the difference >= 0.10; A: above 0; B: the interval holds 0; C: below 0; D:
below 0 and the difference <= -0.10; ``?``: fewer than ``min_games`` seat-games on either
side), so that another sample of games gives the same tiers but near a boundary.
``rarely_played``: the cards the bots drafted but revealed in fewer than 5 % of the
seat-games that drafted them (their other numbers rest on few games).

The charts (:func:`tier_chart`, :func:`pick_chart`, :func:`reveal_turn_chart`) return
plotly figures; plotly is an optional dependency (the ``app`` extra), imported inside.
"""

from __future__ import annotations

import math
import warnings
from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from typing import Any

from .errors import ArgumentError
from .extras import require
from .stats import mean_ci, wilson
from .cards import BASE, CardSet
from .i18n import card_name, t
from .tournament import Row

MIN_GAMES = 20
TIERS = ("S", "A", "B", "C", "D")
#: the statistics (:func:`card_stats`): JSON-ready, written to files as they are
Stats = dict[str, Any]
#: a plotly Figure (plotly is optional: imported through extras.require, untyped here)
Figure = Any
RARELY = 0.05        # revealed in fewer of the seat-games that drafted it: "rarely played"


class RandomOnlyWarning(UserWarning):
    """Card statistics from random players only: they say little about good play."""


def source_label(rows: Sequence[Row]) -> str:
    """Which bots and how many games the numbers come from, e.g.
    ``"200 games, 4 players, bots: greedy x800 seats"``."""
    bots = Counter(r["bot"] for r in rows)
    games = len({r["game"] for r in rows})
    players = sorted({r["players"] for r in rows})
    who = ", ".join(f"{b} x{n} seats" for b, n in bots.items())
    return f"{games} games, {'/'.join(map(str, players))} players, bots: {who}"


def source_text(stats: Stats, lang: str | None = None) -> str:
    """Where the numbers of ``stats`` (:func:`card_stats`) come from, in ``lang``: "1000 games,
    4000 seats, bots: greedy" (``stats["source"]`` is the same in English, kept for files)."""
    return t("render.chart.source", lang, n=stats["games"], seats=stats["seat_games"], bots=", ".join(stats["bots"]))


def diff_ci(s1: float, n1: int, s2: float, n2: int) -> tuple[float, float, float]:
    """(difference, low, high) of two proportions s1/n1 - s2/n2, 95 % (Newcombe, hybrid Wilson)."""
    if not n1 or not n2:
        return (float("nan"), -1.0, 1.0)
    p1, p2 = s1 / n1, s2 / n2
    l1, u1 = wilson(s1, n1)
    l2, u2 = wilson(s2, n2)
    d = p1 - p2
    return (d, d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2))


def tier(d: float, low: float, high: float, n1: int, n2: int, min_games: int = MIN_GAMES) -> str:
    if n1 < min_games or n2 < min_games or math.isnan(d):
        return "?"
    if low > 0:
        return "S" if d >= 0.10 else "A"
    if high < 0:
        return "D" if d <= -0.10 else "C"
    return "B"


def _r(x: float | None, k: int = 3) -> float | None:
    return None if x is None or (isinstance(x, float) and math.isnan(x)) else round(x, k)


# long: the statistics its docstring lists, in one pass over the rows, each named as the key it returns
def card_stats(rows: Iterable[Row], cards: CardSet | None = None, bots: Collection[str] | None = None,
               min_games: int = MIN_GAMES, warn: bool = True) -> Stats:
    """The statistics of the module docstring from tournament ``rows`` (only the seats of
    ``bots`` when given).  ``cards``: a :class:`~papertales.cards.CardSet` for names
    (default: the base game).  Returns ``{"source", "bots", "random_only", "units",
    "buildings", "tiers"}``; units sorted by win-rate difference."""
    cards = cards or BASE
    rows = [r for r in rows if bots is None or r["bot"] in bots]
    if not rows:
        raise ArgumentError("err.cardstats.no_rows")
    used = sorted({r["bot"] for r in rows})
    random_only = used == ["random"]
    if random_only and warn:
        warnings.warn("card statistics from RANDOM bots only say little about good play; "
                      "use competent bots (--bots greedy or ismcts)", RandomOnlyWarning, stacklevel=2)
    n = len(rows)
    offered: Counter[str] = Counter()
    picked: Counter[str] = Counter()
    pick_index: dict[str, list[int]] = {}
    over: dict[str, Counter[str]] = {}
    drafted: Counter[str] = Counter()
    revealed: Counter[str] = Counter()
    played: Counter[str] = Counter()
    rev_rows: dict[str, set[int]] = {}
    first_turn: dict[str, dict[int, list[int]]] = {}
    for i, r in enumerate(rows):
        for turn, idx, card, pack in r.get("picks", ()):
            for c in set(pack):
                offered[c] += 1
            picked[card] += 1
            pick_index.setdefault(card, []).append(idx)
            rest = list(pack)
            rest.remove(card)
            over.setdefault(card, Counter()).update(set(rest) - {card})
        mine = {c for _, c in r.get("drafted", ())}
        for c in mine:
            drafted[c] += 1
        turns: dict[str, int] = {}
        for turn, c in r.get("revealed", ()):
            turns.setdefault(c, turn)
        for c in mine & set(turns):
            played[c] += 1
        for c, turn in turns.items():
            revealed[c] += 1
            rev_rows.setdefault(c, set()).add(i)
            first_turn.setdefault(c, {}).setdefault(turn, []).append(r["lp"])
    total_wins = sum(r["win"] for r in rows)
    all_lp = [r["lp"] for r in rows]
    units: list[dict[str, Any]] = []
    for u in cards.units:
        c = u.id
        idx = rev_rows.get(c, set())
        n1 = len(idx)
        n2 = n - n1
        w1 = sum(rows[i]["win"] for i in idx)
        w2 = total_wins - w1
        lp1 = [rows[i]["lp"] for i in idx]
        lp2 = [lp for i, lp in enumerate(all_lp) if i not in idx]
        d, dl, dh = diff_ci(w1, n1, w2, n2)
        m1, m1l, m1h = mean_ci(lp1)
        m2, m2l, m2h = mean_ci(lp2)
        pr_low, pr_high = wilson(picked[c], offered[c])
        wr1 = wilson(w1, n1)
        wr2 = wilson(w2, n2)
        if not offered[c] and not n1:
            continue
        units.append({
            "id": c, "card": u.name, "seat_games": n,
            "offered": offered[c], "picked": picked[c],
            "pick_rate": _r(picked[c] / offered[c]) if offered[c] else None,
            "pick_rate_ci": [_r(pr_low), _r(pr_high)],
            "mean_pick_index": _r(sum(pick_index[c]) / len(pick_index[c]), 2) if c in pick_index else None,
            "drafted_rate": _r(drafted[c] / n),
            "played_when_drafted": _r(played[c] / drafted[c]) if drafted[c] else None,
            "revealed": n1, "revealed_rate": _r(n1 / n), "revealed_rate_ci": [_r(x) for x in wilson(n1, n)],
            "win_rate_revealed": _r(w1 / n1) if n1 else None, "win_rate_revealed_ci": [_r(x) for x in wr1],
            "win_rate_not": _r(w2 / n2) if n2 else None, "win_rate_not_ci": [_r(x) for x in wr2],
            "not_revealed": n2,
            "win_difference": _r(d), "win_difference_ci": [_r(dl), _r(dh)],
            "mean_lp_revealed": _r(m1, 2), "mean_lp_revealed_ci": [_r(m1l, 2), _r(m1h, 2)],
            "mean_lp_not": _r(m2, 2), "mean_lp_not_ci": [_r(m2l, 2), _r(m2h, 2)],
            "lp_difference": _r(m1 - m2, 2) if n1 and n2 else None,
            "lp_by_reveal_turn": {t: {"mean_lp": _r(sum(v) / len(v), 2), "n": len(v)}
                                  for t, v in sorted(first_turn.get(c, {}).items())},
            "picked_over": [[o, k] for o, k in sorted(over.get(c, Counter()).items(), key=lambda x: (-x[1], x[0]))[:5]],
            "tier": tier(d, dl, dh, n1, n2, min_games),
        })
    units.sort(key=lambda x: (x["win_difference"] is None, -(x["win_difference"] or 0), x["id"]))
    buildings = _building_stats(rows, cards, total_wins, min_games)
    tiers = {k: [u["id"] for u in units if u["tier"] == k] for k in TIERS + ("?",)}
    rarely = sorted(u["id"] for u in units if u["played_when_drafted"] is not None and u["played_when_drafted"] < RARELY)
    return {"source": source_label(rows), "bots": used, "random_only": random_only, "seat_games": n,
            "games": len({r["game"] for r in rows}), "units": units, "buildings": buildings, "tiers": tiers,
            "rarely_played": rarely}


def _building_stats(rows: Sequence[Row], cards: CardSet, total_wins: float, min_games: int) -> list[dict[str, Any]]:
    n = len(rows)
    ids = [b.id for b in cards.buildings]
    for r in rows:
        ids += [b for b in r.get("buildings", {}) if b not in ids]
    out: list[dict[str, Any]] = []
    for b in ids:
        levels = [r.get("buildings", {}).get(b, 0) for r in rows]
        built = [i for i, lvl in enumerate(levels) if lvl]
        n1 = len(built)
        n2 = n - n1
        w1 = sum(rows[i]["win"] for i in built)
        d, dl, dh = diff_ci(w1, n1, total_wins - w1, n2)
        out.append({"id": b, "built": n1, "built_rate": _r(n1 / n), "built_rate_ci": [_r(x) for x in wilson(n1, n)],
                    "mean_level": _r(sum(levels[i] for i in built) / n1, 2) if n1 else None,
                    "level2_rate": _r(sum(1 for lvl in levels if lvl >= 2) / n),
                    "win_rate_built": _r(w1 / n1) if n1 else None, "win_rate_built_ci": [_r(x) for x in wilson(w1, n1)],
                    "win_rate_not": _r((total_wins - w1) / n2) if n2 else None,
                    "win_difference": _r(d), "win_difference_ci": [_r(dl), _r(dh)],
                    "tier": tier(d, dl, dh, n1, n2, min_games)})
    out.sort(key=lambda x: (x["win_difference"] is None, -(x["win_difference"] or 0)))
    return out


# ------------------------------------------------------------------ charts (plotly, optional)

def _names(stats: Stats, lang: str | None, cards: CardSet | None) -> list[str]:
    return [card_name(u["id"], lang, cards) for u in stats["units"]]


def tier_chart(stats: Stats, lang: str | None = None, cards: CardSet | None = None) -> Figure:
    """Win-rate difference (revealed minus not) per unit with its 95 % interval, coloured by tier."""
    go = require("plotly.graph_objects", "app")
    units = [u for u in stats["units"] if u["win_difference"] is not None]
    names = _names({"units": units}, lang, cards)
    colours = {"S": "#1a9850", "A": "#91cf60", "B": "#bbbbbb", "C": "#fc8d59", "D": "#d73027", "?": "#dddddd"}
    fig = go.Figure(go.Bar(
        x=[u["win_difference"] for u in units], y=names, orientation="h",
        marker_color=[colours[u["tier"]] for u in units], text=[u["tier"] for u in units],
        error_x={"type": "data", "symmetric": False,
                 "array": [u["win_difference_ci"][1] - u["win_difference"] for u in units],
                 "arrayminus": [u["win_difference"] - u["win_difference_ci"][0] for u in units]}))
    fig.update_layout(title=t("render.chart.tiers", lang, source=source_text(stats, lang)),
                      height=max(400, 18 * len(units)), yaxis={"autorange": "reversed"})
    return fig


def pick_chart(stats: Stats, lang: str | None = None, cards: CardSet | None = None) -> Figure:
    """Pick rate (when offered) against the mean pick index: what good drafters take early."""
    go = require("plotly.graph_objects", "app")
    units = [u for u in stats["units"] if u["pick_rate"] is not None]
    fig = go.Figure(go.Scatter(
        x=[u["mean_pick_index"] for u in units], y=[u["pick_rate"] for u in units], mode="markers+text",
        text=_names({"units": units}, lang, cards), textposition="top center"))
    fig.update_layout(title=t("render.chart.picks", lang, source=source_text(stats, lang)),
                      xaxis_title=t("render.chart.pick_index", lang), yaxis_title=t("render.chart.pick_rate", lang))
    return fig


def reveal_turn_chart(stats: Stats, ids: Collection[str] | None = None, lang: str | None = None,
                      cards: CardSet | None = None) -> Figure:
    """Mean final LP by the turn a unit was first revealed (the ``ids`` given, default the top 6)."""
    go = require("plotly.graph_objects", "app")
    units = [u for u in stats["units"] if ids is None or u["id"] in ids][: (len(ids) if ids else 6)]
    fig = go.Figure()
    for u in units:
        turns = sorted(u["lp_by_reveal_turn"], key=int)
        fig.add_trace(go.Scatter(x=[int(t) for t in turns], y=[u["lp_by_reveal_turn"][t]["mean_lp"] for t in turns],
                                 mode="lines+markers", name=card_name(u["id"], lang, cards)))
    fig.update_layout(title=t("render.chart.reveal_turn", lang, source=source_text(stats, lang)),
                      xaxis_title=t("render.chart.turn", lang), yaxis_title=t("render.chart.mean_lp", lang))
    return fig
