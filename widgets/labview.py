"""The strategy lab's results as tables and static charts (``notebooks/04_strategy_lab.ipynb``).

* **Tables** are pandas DataFrames of formatted text (the language's decimal mark, a rate
  and its 95 % interval in one cell), so that they read the same on GitHub, where a stored
  notebook shows their HTML, as in Jupyter.
* **Charts** are SVG drawn here (:class:`Svg`: rectangles, lines and text, no plotting
  library), so that a stored notebook shows them without running; they stand beside the
  interactive plotly charts of :mod:`papertales.cardstats`.
* **The stored tournaments**: :func:`load` reads the file ``scripts/strategy_lab_data.py``
  writes (``notebooks/data/strategy_lab.json``): the rows of a long tournament in a compact
  form (:data:`ROW_FIELDS`, :func:`compact`, :func:`expand`), the card statistics of
  another, and the digest of each one's first games (:func:`digest`), which a replay must
  give again.

Every word comes from the message catalogue (``nb.strategy.*`` keys), in English or Polish.
"""

from __future__ import annotations

import hashlib
import os
import json
import math
from html import escape
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, cast

from papertales.extras import require
from papertales.lab import Advice

from .svg import Svg
from papertales.i18n import card_name, number, t

#: the fields of a tournament row (:func:`papertales.tournament.play_game`) that the file keeps
ROW_FIELDS = ("game", "seat", "bot", "lp", "gold", "win", "rank", "wars_won")
#: a tournament row, live (papertales.tournament.Row) or read back from the file
RowLike = Mapping[str, Any]
#: a pandas DataFrame (pandas is optional, imported through require: untyped here)
Frame = Any

TIER_COLOURS = {"S": "#1a9850", "A": "#91cf60", "B": "#bbbbbb", "C": "#fc8d59", "D": "#d73027", "?": "#dddddd"}


# ------------------------------------------------------------------ the stored tournaments

def compact(rows: Iterable[RowLike]) -> list[list[Any]]:
    """Tournament rows as lists of :data:`ROW_FIELDS` (the lists of picks, cards and
    buildings left out)."""
    return [[r[f] for f in ROW_FIELDS] for r in rows]


def expand(table: Iterable[Sequence[Any]], players: int) -> list[dict[str, Any]]:
    """Rows for :func:`papertales.tournament.summary` and ``ratings`` from :func:`compact`'s lists."""
    return [dict(zip(ROW_FIELDS, values), players=players) for values in table]


def digest(rows: Sequence[RowLike]) -> str:
    """The SHA-256 of complete tournament rows (every field, picks included)."""
    return hashlib.sha256(json.dumps(rows, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def load(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The file of ``scripts/strategy_lab_data.py``, its tournament's rows expanded
    (``data["tournament"]["rows"]``: dicts of :data:`ROW_FIELDS` and ``players``, enough for
    :func:`papertales.tournament.summary` and ``ratings``)."""
    data: dict[str, Any] = json.loads(Path(path).read_text(encoding="utf-8"))
    spec = data["tournament"]
    spec["rows"] = expand(spec["rows"], spec["players"])
    return data


def same_games(live: Sequence[RowLike], stored: Iterable[RowLike]) -> bool:
    """Whether the games of ``live`` rows ended as the same games of ``stored`` rows did."""
    games = {r["game"] for r in live}
    return bool(live) and compact(live) == compact([r for r in stored if r["game"] in games])


# ------------------------------------------------------------------ formatting

NBSP = "\u00a0"          # between a number and its %, so that a table never breaks the two apart


def _fmt(x: float, lang: str | None, digits: int = 1) -> str:
    """``x`` with ``digits`` decimals and the language's decimal mark; never ``-0.0``."""
    return number(0.0 if abs(x) < 0.5 * 10 ** -digits else x, lang, digits)


def _pct(x: float, lang: str | None, digits: int = 1) -> str:
    return f"{_fmt(100 * x, lang, digits)}{NBSP}%"


def _share(players: int, lang: str | None) -> str:
    """The fair share of ``players`` seats: ``25 %``, ``33.3 %``."""
    return _pct(1 / players, lang, 0 if 100 % players == 0 else 1)


def _range(low: float, high: float, lang: str | None, scale: float = 1.0, digits: int = 1) -> str:
    """An interval, ``[1.5, 2.5]`` in English, ``[1,5; 2,5]`` in Polish."""
    return t("nb.strategy.interval", lang, low=_fmt(scale * low, lang, digits), high=_fmt(scale * high, lang, digits))


def _col(name: str, lang: str | None) -> str:
    return t(f"nb.strategy.col.{name}", lang)


#: pandas' display options under which a :class:`Table` shows itself: whole
WHOLE = ("display.max_colwidth", None, "display.max_columns", None, "display.max_rows", None,
         "display.width", 250)
_table_class = None


def _table() -> type[Frame]:
    """:class:`Table`, made on first use (pandas is imported only when a table is)."""
    global _table_class
    if _table_class is None:
        pd: Any = require("pandas", "lab")

        class Table(pd.DataFrame):
            """A DataFrame that shows itself whole (no cell cut short, every row and column),
            whatever the session's display options."""

            @property
            def _constructor(self) -> type[Frame]:
                return Table

            def _repr_html_(self) -> str:
                with pd.option_context(*WHOLE):
                    return super()._repr_html_()

            def __repr__(self) -> str:
                with pd.option_context(*WHOLE):
                    return super().__repr__()

        _table_class = Table
    return _table_class


def _frame(records: Sequence[Sequence[object]], columns: Sequence[str], lang: str | None) -> Frame:
    """A table (a pandas DataFrame) of ``records`` under the catalogue's column names, its
    rows numbered from 1."""
    frame = _table()(records, columns=[_col(c, lang) for c in columns])
    frame.index = range(1, len(frame) + 1)
    return frame


def _num(x: float | None, lang: str | None, digits: int = 1) -> str:
    return "–" if x is None else _fmt(x, lang, digits)


# ------------------------------------------------------------------ sentences

def tournament_text(spec: Mapping[str, Any], summary: Mapping[str, Any], lang: str | None) -> str:
    """The tournament in one sentence: games, seats, seed, and the best bot's win rate."""
    bots = summary["bots"]
    best = max(bots, key=lambda b: bots[b]["win_rate"])
    s = bots[best]
    return t("nb.strategy.text.tournament", lang, n=summary["games"], players=summary["players"],
             seed=spec["seed"], lineup=", ".join(spec["bots"]), bot=best, rate=_pct(s["win_rate"], lang),
             low=_pct(s["win_rate_ci"][0], lang), high=_pct(s["win_rate_ci"][1], lang),
             fair=_share(summary["players"], lang))


def replay_text(live: Sequence[RowLike], stored: Iterable[RowLike], lang: str | None) -> str:
    """Whether the games just played are those of the file."""
    n = len({r["game"] for r in live})
    return t("nb.strategy.text.replay_same" if same_games(live, stored) else "nb.strategy.text.replay_differs",
             lang, n=n)


def cards_text(spec: Mapping[str, Any], stats: Mapping[str, Any], lang: str | None) -> str:
    """Where the card statistics come from, how many units their intervals place above or
    below tier B, which are rarely revealed."""
    judged = sum(len(stats["tiers"][k]) for k in ("S", "A", "C", "D"))
    rarely = ", ".join(card_name(c, lang) for c in stats["rarely_played"]) or "–"
    return t("nb.strategy.text.cards", lang, n=stats["games"], seats=stats["seat_games"],
             lineup=", ".join(spec["bots"]), seed=spec["seed"], judged=judged, units=len(stats["units"]),
             rarely=rarely)


# ------------------------------------------------------------------ tables

def summary_table(summary: Mapping[str, Any], lang: str | None) -> Frame:
    """Per bot: seats, win rate and its 95 % interval, mean LP and its interval, mean gold,
    wars won, rating; the highest win rate first."""
    bots = sorted(summary["bots"].items(), key=lambda kv: -kv[1]["win_rate"])
    records = [[name, s["seats"], _pct(s["win_rate"], lang), _range(s["win_rate_ci"][0], s["win_rate_ci"][1], lang, 100),
                _num(s["mean_lp"], lang), _range(s["mean_lp_ci"][0], s["mean_lp_ci"][1], lang), _num(s["mean_gold"], lang),
                _num(s["mean_wars_won"], lang), _num(s["rating"], lang, 2)] for name, s in bots]
    return _frame(records, ("bot", "seats", "win_rate", "win_ci", "mean_lp", "lp_ci", "gold", "wars", "rating"),
                  lang)


def ratings_table(ratings: Mapping[str, Mapping[str, float]], lang: str | None) -> Frame:
    """Plackett-Luce ratings: mu, sigma and the ordinal mu - 3 sigma, the highest first."""
    ranked = sorted(ratings.items(), key=lambda kv: -kv[1]["ordinal"])
    records = [[name, _num(r["mu"], lang, 2), _num(r["sigma"], lang, 2), _num(r["ordinal"], lang, 2)]
               for name, r in ranked]
    return _frame(records, ("bot", "mu", "sigma", "ordinal"), lang)


def tier_table(stats: Mapping[str, Any], lang: str | None) -> Frame:
    """The tier list: each tier with its cards (``?``: too few games), and the cards drafted
    but rarely played."""
    records = [[t(f"nb.strategy.tier.{'unknown' if k == '?' else k}", lang), len(ids),
                ", ".join(card_name(c, lang) for c in ids) or "–"] for k, ids in stats["tiers"].items()]
    rarely = stats["rarely_played"]
    records.append([t("nb.strategy.tier.rarely", lang), len(rarely), ", ".join(card_name(c, lang) for c in rarely)
                    or "–"])
    return _frame(records, ("tier", "count", "cards"), lang)


def card_table(stats: Mapping[str, Any], lang: str | None) -> Frame:
    """Per unit: tier, win-rate difference revealed minus not with its interval, win rates,
    how often revealed, pick rate and mean pick index, revealed when drafted."""
    records = []
    for u in stats["units"]:
        diff = u["win_difference"]
        records.append([
            card_name(u["id"], lang), u["tier"],
            "–" if diff is None else f"{'+' if diff > 0 else ''}{_fmt(100 * diff, lang)}",
            "–" if diff is None else _range(u["win_difference_ci"][0], u["win_difference_ci"][1], lang, 100),
            "–" if u["win_rate_revealed"] is None else _pct(u["win_rate_revealed"], lang),
            "–" if u["win_rate_not"] is None else _pct(u["win_rate_not"], lang),
            _pct(u["revealed_rate"], lang),
            "–" if u["pick_rate"] is None else _pct(u["pick_rate"], lang),
            _num(u["mean_pick_index"], lang, 2),
            "–" if u["played_when_drafted"] is None else _pct(u["played_when_drafted"], lang)])
    return _frame(records, ("card", "tier", "difference", "difference_ci", "win_revealed", "win_not", "revealed",
                            "pick_rate", "pick_index", "played"), lang)


def building_table(stats: Mapping[str, Any], lang: str | None) -> Frame:
    """Per building: how often built, mean level, level 2 or more, win rates built and not."""
    records = [[card_name(b["id"], lang), b["tier"], _pct(b["built_rate"], lang), _num(b["mean_level"], lang, 2),
                _pct(b["level2_rate"], lang),
                "–" if b["win_rate_built"] is None else _pct(b["win_rate_built"], lang),
                "–" if b["win_rate_not"] is None else _pct(b["win_rate_not"], lang)] for b in stats["buildings"]]
    return _frame(records, ("building", "tier", "built", "level", "level2", "win_built", "win_not_built"), lang)


def advice_table(advice: Iterable[Advice], lang: str | None) -> Frame:
    """The coach's options (:func:`papertales.lab.advise`): move, expected final LP with its
    95 % interval, chance to win, worlds, reason; as the coach ranks them."""
    records = [[a["text"], _num(a["expected_lp"], lang), "–" if a["lp_low"] is None else
                _range(a["lp_low"], cast(float, a["lp_high"]), lang), "–" if a["win_chance"] is None else
                _pct(a["win_chance"], lang, 0), a["worlds"], a["reason"]] for a in advice]
    return _frame(records, ("move", "expected_lp", "lp_ci", "win_chance", "worlds", "reason"), lang)


# ------------------------------------------------------------------ static charts

def _axis(svg: Svg, x_of: Callable[[float], float], lo: float, hi: float, step: float, top: float, bottom: float,
          lang: str | None) -> None:
    """Vertical grid lines every ``step`` from ``lo`` to ``hi``, labelled in % under the chart."""
    k = 0
    while lo + k * step <= hi + 1e-9:
        v = lo + k * step
        x = x_of(v)
        svg.line(x, top, x, bottom, stroke="#e3e3e3")
        svg.text(x, bottom + 14, _pct(v, lang, 0), anchor="middle", size=10, fill="#555")
        k += 1


def _scale(left: float, right: float, lo: float, hi: float) -> Callable[[float], float]:
    """The x of a value: ``lo`` at ``left``, ``hi`` at ``right``."""
    return lambda v: left + (v - lo) / (hi - lo) * (right - left)


def win_rate_chart(summary: Mapping[str, Any], lang: str | None) -> Svg:
    """Each bot's win rate (bar) with its 95 % Wilson interval (whisker), the fair share
    (1 / players) dashed."""
    bots = sorted(summary["bots"].items(), key=lambda kv: -kv[1]["win_rate"])
    row, top, left, right = 30, 34, 110, 560
    bottom = top + row * len(bots)
    svg = Svg(620, bottom + 44, t("nb.strategy.chart.win_rates", lang, n=summary["games"]))
    hi = min(1.0, max(0.5, (int(max(s["win_rate_ci"][1] for _, s in bots) * 10) + 1) / 10))
    x_of = _scale(left, right, 0.0, hi)
    _axis(svg, x_of, 0.0, hi, 0.1, top, bottom, lang)
    for i, (name, s) in enumerate(bots):
        y = top + i * row
        svg.text(left - 8, y + row / 2 + 4, name, anchor="end")
        svg.rect(left, y + 6, x_of(s["win_rate"]) - left, row - 12, "#4575b4")
        low, high = s["win_rate_ci"]
        svg.line(x_of(low), y + row / 2, x_of(high), y + row / 2, width=2)
        for v in (low, high):
            svg.line(x_of(v), y + row / 2 - 5, x_of(v), y + row / 2 + 5, width=2)
        svg.text(x_of(high) + 6, y + row / 2 + 4, _pct(s["win_rate"], lang), size=10)
    fair = 1 / summary["players"]
    svg.line(x_of(fair), top - 4, x_of(fair), bottom, stroke="#d73027", width=1.5, dash="5,3")
    svg.text(x_of(fair), bottom + 30, t("nb.strategy.chart.fair", lang, share=_share(summary["players"], lang)),
             anchor="middle", size=10, fill="#d73027")
    return svg


def tier_chart(stats: Mapping[str, Any], lang: str | None) -> Svg:
    """Per unit the win rate when revealed minus when not (dot), its 95 % interval (line),
    coloured by tier, the tier at the right: the static twin of
    :func:`papertales.cardstats.tier_chart`."""
    units = [u for u in stats["units"] if u["win_difference"] is not None]
    row, top, left, right = 17, 34, 140, 600
    bottom = top + row * len(units)
    svg = Svg(650, bottom + 44, t("nb.strategy.chart.tiers", lang, n=stats["games"]))
    lo = min(-0.1, min(u["win_difference_ci"][0] for u in units))
    hi = max(0.1, max(u["win_difference_ci"][1] for u in units))
    lo, hi = math.floor(lo * 10) / 10, math.ceil(hi * 10) / 10
    x_of = _scale(left, right, lo, hi)
    _axis(svg, x_of, lo, hi, 0.1, top, bottom, lang)
    svg.line(x_of(0), top, x_of(0), bottom, stroke="#888")
    for i, u in enumerate(units):
        y = top + i * row + row / 2
        colour = TIER_COLOURS[u["tier"]]
        svg.text(left - 8, y + 4, card_name(u["id"], lang), anchor="end", size=10)
        low, high = u["win_difference_ci"]
        svg.line(x_of(low), y, x_of(high), y, stroke=colour, width=3)
        svg.circle(x_of(u["win_difference"]), y, 3.5, "#222")
        svg.text(right + 18, y + 4, u["tier"], anchor="middle", size=10)
    svg.text((left + right) / 2, bottom + 30, t("nb.strategy.chart.tiers_axis", lang), anchor="middle", size=10,
             fill="#555")
    return svg


def pick_chart(stats: Mapping[str, Any], lang: str | None) -> Svg:
    """Per unit the pick rate when offered (dot) with its 95 % interval, the mean pick index
    at the right (0: the first pick of a turn); the most often taken first.  The static
    twin of :func:`papertales.cardstats.pick_chart`."""
    units = sorted((u for u in stats["units"] if u["pick_rate"] is not None),
                   key=lambda u: (-u["pick_rate"], u["id"]))
    row, top, left, right = 17, 34, 140, 540
    bottom = top + row * len(units)
    svg = Svg(680, bottom + 44, t("nb.strategy.chart.picks", lang, n=stats["games"]))
    x_of = _scale(left, right, 0.0, 1.0)
    _axis(svg, x_of, 0.0, 1.0, 0.2, top, bottom, lang)
    svg.text(right + 70, top - 4, t("nb.strategy.chart.pick_index", lang), anchor="middle", size=10, fill="#555")
    for i, u in enumerate(units):
        y = top + i * row + row / 2
        svg.text(left - 8, y + 4, card_name(u["id"], lang), anchor="end", size=10)
        low, high = u["pick_rate_ci"]
        svg.line(x_of(low), y, x_of(high), y, stroke="#91bfdb", width=3)
        svg.circle(x_of(u["pick_rate"]), y, 3.5, "#4575b4")
        svg.text(right + 70, y + 4, _num(u["mean_pick_index"], lang, 2), anchor="middle", size=10)
    svg.text((left + right) / 2, bottom + 30, t("nb.strategy.chart.picks_axis", lang), anchor="middle", size=10,
             fill="#555")
    return svg
