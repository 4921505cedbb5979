"""The "Why?" panel: every LP and gold change with its cause, filtered by player.  In a
solo game the Lich King's events are shown under his name (and he can be chosen)."""

from __future__ import annotations

import ipywidgets as W

from papertales import render as R
from papertales.events import LICH_SEAT

from .base import DrawnWhenVisible, MessageBox, guarded, wrap

SCOPES = (("Last phase", "phase"), ("This turn", "turn"), ("Whole game", "game"))
MONEY = ("lp", "gold")


def phase_key(turn: int, phase: str) -> tuple[int, int]:
    order = R.PHASE_ORDER + ("end", "over")
    return turn, order.index(phase) if phase in order else len(order)


def select_events(events, seat=None, scope="phase", money_only=True):
    """``(title, events)`` for the filters.  ``scope="phase"`` is the latest phase in
    which something (of the chosen kinds, for the chosen player) happened."""
    evs = [e for e in events
           if (seat is None or e.seat == seat) and (not money_only or e.kind in MONEY)]
    if not evs:
        return "nothing yet", []
    last = evs[-1]
    if scope == "phase":
        title = f"turn {last.turn}, {R.PHASE_TITLES.get(last.phase, last.phase)}"
        return title, [e for e in evs if (e.turn, e.phase) == (last.turn, last.phase)]
    if scope == "turn":
        return f"turn {last.turn}", [e for e in evs if e.turn == last.turn]
    return "the whole game", evs


def summary_rows(events, names):
    """Per player (the Lich King last, in solo) and kind, the total and its causes:
    ``[(seat, kind, total, {cause: n})]``."""
    out = {}
    for e in events:
        if e.kind in MONEY and (e.seat >= 0 or e.seat == LICH_SEAT):
            key = (e.seat, e.kind)
            total, causes = out.get(key, (0, {}))
            causes[e.cause] = causes.get(e.cause, 0) + e.amount
            out[key] = (total + e.amount, causes)
    order = sorted(out, key=lambda k: (k[0] < 0, k))
    return [(seat, kind, *out[seat, kind]) for seat, kind in order]


def player_options(game):
    """The player filter: everybody, each player, and the Lich King in a solo game."""
    opts = [("all players", -1)] + [(n, i) for i, n in enumerate(game.names)]
    if game.lich is not None:
        opts = [("you and the Lich King", -1)] + opts[1:] + [(R.LICH_KING, LICH_SEAT)]
    return opts


class EventLog(DrawnWhenVisible, W.VBox):
    """Why did the score change?  The event log of the game with its causes."""

    def __init__(self, game=None, session=None, **kw):
        super().__init__(**kw)
        self.add_class("pt-eventlog")
        self.messages = MessageBox()
        self.player = W.Dropdown(options=[("all players", -1)], value=-1, description="Player",
                                 layout=W.Layout(width="220px"))
        self.player.add_class("pt-log-player")
        self.scope = W.ToggleButtons(options=SCOPES, value="phase")
        self.scope.style.button_width = "95px"
        self.money_only = W.Checkbox(value=True, description="only LP and gold changes", indent=False)
        self.summary = W.HTML()
        self.table = W.HTML()
        self.table.add_class("pt-log-table")
        for w in (self.player, self.scope, self.money_only):
            w.observe(self._on_filter, names="value")
        self.children = [W.HBox([self.player, self.scope, self.money_only],
                                layout=W.Layout(flex_flow="row wrap")),
                         self.messages, self.summary, self.table]
        self.game = None
        self._names = None
        if session is not None:
            session.observe(lambda s: self.show(s.game))
            self.show(session.game)
        elif game is not None:
            self.show(game)

    @guarded()
    def _on_filter(self, _change=None):
        self.render()

    def show(self, game) -> None:
        self.game = game
        if self._stale():
            return
        self.render()

    def redraw(self) -> None:
        self.render()

    def render(self) -> None:
        g = self.game
        if g is None:
            return
        names = g.names
        opts = player_options(g)
        if opts != self._names:
            self._names = opts
            current = self.player.value
            self.player.options = opts
            self.player.value = current if current in [v for _, v in opts] else -1
        seat = None if self.player.value == -1 else self.player.value
        title, evs = select_events(g.events, seat, self.scope.value, self.money_only.value)
        rows = []
        for seat, kind, total, causes in summary_rows(evs, names):
            unit = "LP" if kind == "lp" else "gold"
            why = ", ".join(f"{R._e(c)} {R.signed(n)}" for c, n in causes.items())
            cls = "pt-plus" if total >= 0 else "pt-minus"
            rows.append(f"<tr data-seat='{seat}' data-kind='{kind}'><td>{R._e(R.seat_name(names, seat))}</td>"
                        f"<td class='{cls}'>{R.signed(total)} {unit}</td><td>{why}</td></tr>")
        summary = ("<table class='pt-table pt-summary'><tr><th>Player</th><th>Total</th><th>Causes</th></tr>"
                   + "".join(rows) + "</table>") if rows else ""
        self.summary.value = wrap(f"<div><b>Why? — {R._e(title)}</b></div>{summary}")
        self.table.value = wrap(R.events_table_html(evs, names, limit=400), css=False)
