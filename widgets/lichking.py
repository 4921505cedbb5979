"""Solo mode against the Lich King: the Lich King panel and a solo game driver.

* :class:`LichKingPanel` shows a solo game from the Lich King's side: his Necropolis line
  (the Time pawn, the revealed cards), what he scored at the end of each Recruitment --
  per Necropolis card, which Netherworld cards met its quest and the LP they gave (plotly
  bars) plus the immediate gain --, his two armies against your strength, a score race
  you vs the Lich King and every LP change of both sides with its cause.
* :class:`SoloGame` plays a whole solo game: the app's :class:`GameStepper` set to one
  player (new game with seed, number of Lich King cards and which cards; next phase / next
  turn / to the end, undo, your decisions), your kingdom and the Lich King panel.  The app
  itself (:class:`~papertales_widgets.app.App`) plays solo games too, with this panel in a
  tab.

What the Lich King scored is computed by the engine's own pure function
``papertales.solo.recruitment_gains``; the Wars are read from the war events' data
(``(army, your strength, army strength)``).  The Netherworld is discarded inside the
action that ends a Recruitment and the game keeps only the last one, so :func:`solo_record`
replays the game's history (a few milliseconds) for the Netherworld of every Recruitment
and your units' strength at every Wars phase.

The Necropolis and Lich King cards shipped with the engine are *illustrative*, not the
printed ones: every panel says so whenever they are in use.
"""

from __future__ import annotations

from copy import deepcopy
from dataclasses import dataclass, field

import ipywidgets as W

from papertales import Game, PaperTalesError
from papertales import render as R
from papertales import solo
from papertales.events import BLACK_ARMY, PURPLE_ARMY

from .base import DrawnWhenVisible, MessageBox, guarded
from .kingdom import KingdomView
from .scorerace import lp_series
from .session import Session
from .solocards import (BLACK_COLOR, ILLUSTRATIVE_PACK, LICH, LICH_COLOR, PLAYER_COLOR,  # noqa: F401 (re-exported)
                         PURPLE_COLOR, SOLO_CSS, _e, illustrative_html, illustrative_titles, solo_cards, swrap)
from .stepper import DecisionPanel, GameStepper

# ------------------------------------------------------------------ requirement in words

_PHASE_WORDS = {"deployment": "Deployment", "wars": "Wars", "income": "Income",
                "construction": "Construction", "aging": "Aging", "end_of_game": "end-of-game"}


def _with_article(verb, word, noun) -> str:
    return f"{verb} {'an' if word[:1].lower() in 'aeiou' else 'a'} {word} {noun}"


def requirement_text(spec, cards=None) -> str:
    """A Necropolis quest requirement (the pack's JSON spec) in words."""
    if spec is None:
        return "no quest"
    if not isinstance(spec, dict) or len(spec) != 1:
        return _e(spec)
    (key, value), = spec.items()
    if key in ("all", "any") and isinstance(value, list):
        word = " and " if key == "all" else " or "
        return "(" + word.join(requirement_text(v, cards) for v in value) + ")"
    if key == "not":
        return "not " + requirement_text(value, cards)
    if key == "card" and cards is not None:
        try:
            value = cards.unit(value).name
        except KeyError:
            pass
        return f"is a {value}"
    return {"strength_at_least": f"printed strength {value} or more",
            "strength_at_most": f"printed strength {value} or less",
            "cost_at_least": f"cost {value} or more",
            "cost_at_most": f"cost {value} or less",
            "produces": f"produces {value}",
            "ability_phase": _with_article("has", _PHASE_WORDS.get(value, str(value)), "ability"),
            "card": f"is a {value}",
            "kind": f"is a {value}"}.get(key, f"{key} {value}")


def quest_text(card, cards=None) -> str:
    if card.quest is None:
        return "no quest"
    return f"{card.quest_lp} LP per Netherworld card that {requirement_text(card.requirement, cards)}"


def necropolis_html(card, revealed=True, current=False, cards=None, turn_label="") -> str:
    """One Necropolis card, face up or face down."""
    time = '<div><span class="pt-time">⌛ Time pawn</span></div>' if current else ""
    if not revealed:
        return (f'<div class="pt-necro pt-hidden{" pt-current" if current else ""}" data-pile="{card.pile}" '
                f'data-revealed="0"><div>Necropolis</div><div style="font-size:20px">{card.pile}</div>'
                f'<div class="pt-muted" style="color:#ddd">{_e(turn_label)}</div>{time}</div>')
    imm = (f'<span class="pt-necro-imm" title="immediate gain">+{card.immediate_lp} LP</span> immediate'
           if card.immediate_lp else '<span class="pt-muted">no immediate gain</span>')
    return (f'<div class="pt-necro{" pt-current" if current else ""}" data-pile="{card.pile}" data-revealed="1" '
            f'data-card="{_e(card.id)}" title="{_e(card.text)}">'
            f'<span class="pt-necro-pile">{card.pile}</span><div class="pt-necro-name">{_e(card.name)}</div>'
            f'<div>{imm}</div><div class="pt-necro-quest"><b>Quest:</b> {_e(quest_text(card, cards))}</div>'
            f'<div><span class="pt-shield pt-black" title="Black army">{card.black}</span>'
            f'<span class="pt-shield pt-purple" title="Purple army">{card.purple}</span></div>'
            f'<div class="pt-muted">{_e(turn_label)}</div>{time}</div>')


def lich_cards_html(lich_cards) -> str:
    if not lich_cards:
        return '<div class="pt-muted">No Lich King cards (the easiest level).</div>'
    items = "".join(f'<li data-lich-card="{_e(c.id)}"><b>{_e(c.name)}</b>: {_e(c.text)}</li>' for c in lich_cards)
    return f"<div><b>Lich King cards</b> (for the whole game):<ul style='margin:2px 0'>{items}</ul></div>"


# ------------------------------------------------------------------ what the Lich King scores

@dataclass
class Gains:
    """What the Lich King scores (or would score now) at the end of one Recruitment."""
    turn: int
    line: list
    time: int
    revealed: int
    netherworld: list
    lich_cards: list = field(default_factory=list)
    live: bool = False            # the Netherworld as it is now: the Recruitment is not over
    rows: list = field(init=False)

    def __post_init__(self):
        self.rows = solo.recruitment_gains(self.line, self.time, self.revealed, self.netherworld,
                                           self.lich_cards)

    @property
    def total(self) -> int:
        return sum(r["lp"] for r in self.rows)

    @property
    def bonus(self) -> int:
        return sum(c.quest_bonus for c in self.lich_cards)

    def quests(self):
        """``[(card, matching Netherworld cards, LP per match)]`` for every revealed card."""
        return [(c, solo.quest_matches(c, self.netherworld), c.quest_lp + self.bonus)
                for c in self.line[:self.revealed]]


@dataclass
class Armies:
    """The two Lich King armies of one Wars phase against your strength."""
    turn: int
    strength: int
    black: list                   # [(label, value)] parts that are known
    purple: list
    hidden: dict | None = None    # the next card when not revealed yet: pile and value ranges
    resolved: bool = False
    strength_rows: list = field(default_factory=list)
    per_army_win: int = solo.LP_PER_ARMY_WIN    # the Lich King's LP per army that wins

    @property
    def black_total(self) -> int:
        return sum(v for _, v in self.black)

    @property
    def purple_total(self) -> int:
        return sum(v for _, v in self.purple)

    def outcome(self):
        """``(your LP, the Lich King's LP, [(army, its strength, text)])`` -- only when both
        armies are known."""
        per = self.per_army_win
        you = lich = 0
        lines = []
        for army, a in (("Black army", self.black_total), ("Purple army", self.purple_total)):
            s = self.strength
            if s == a:
                text = "tie: both win"
            elif s > a:
                text = "you win"
            else:
                text = "the army wins"
            you += 3 * (s >= a)
            lich += per * (a >= s)
            lines.append((army, a, text))
        return you, lich, lines


def army_parts(line, time, revealed, lich_cards=(), pool=()):
    """The known parts of the Black and Purple armies of the turn whose current card is
    ``line[time]`` and, when the next card is not revealed, its pile and the range of its
    values over ``pool`` (the Necropolis cards it may be)."""
    cur = line[time]
    nxt_i = min(time + 1, len(line) - 1)
    nxt = line[nxt_i]
    black = [(f"card {cur.pile}: {cur.name}", cur.black)]
    purple = [(f"card {cur.pile}: {cur.name}", cur.purple)]
    hidden = None
    if nxt_i < revealed:
        black.append((f"card {nxt.pile}: {nxt.name}", nxt.black))
        purple.append((f"card {nxt.pile}: {nxt.name}", nxt.purple))
    else:
        options = [c for c in pool if c.pile == nxt.pile] or [nxt]
        hidden = {"pile": nxt.pile, "count": len(options),
                  "black": (min(c.black for c in options), max(c.black for c in options)),
                  "purple": (min(c.purple for c in options), max(c.purple for c in options))}
    for c in lich_cards:
        if c.black:
            black.append((f"Lich King card {c.name}", c.black))
        if c.purple:
            purple.append((f"Lich King card {c.name}", c.purple))
    return black, purple, hidden


def per_army_win(lich_cards) -> int:
    return solo.LP_PER_ARMY_WIN + sum(c.lp_per_army_win for c in lich_cards)


@dataclass
class SoloRecord:
    """Per turn: the Lich King's Recruitment gains and the Wars (see :func:`solo_record`)."""
    recruitment: dict = field(default_factory=dict)     # turn -> Gains
    wars: dict = field(default_factory=dict)            # turn -> Armies
    complete: bool = True                               # the replay reached the game's state


def _lich_state(g):
    lk = g.lich
    return list(lk.line), lk.time, lk.revealed, list(lk.cards)


def _army_parts_of_turn(game, turn, total, key):
    """The parts of one army at the Wars of ``turn`` (the card under the Time pawn is card
    ``turn - 1``, the next one has just been revealed), checked against the ``total`` the
    engine fought with; if they do not add up, the total alone."""
    lk = game.lich
    black, purple, _ = army_parts(lk.line, turn - 1, min(turn + 1, len(lk.line)), lk.cards)
    parts = black if key == "black" else purple
    if sum(v for _, v in parts) != total:
        parts = [(f"{key.title()} army", total)]
    return parts


def wars_from_events(game, strength_rows=None) -> dict:
    """``{turn: Armies}`` of the Wars fought so far, read from the war events' data
    ``(army, your strength, army strength)``; ``strength_rows`` (turn -> rows) adds the
    strength of each unit when known."""
    fought: dict[int, dict] = {}
    for e in game.events:
        if e.kind == "war" and e.seat == 0 and e.data and e.data[0] in (BLACK_ARMY, PURPLE_ARMY):
            army, strength, total = e.data
            fought.setdefault(e.turn, {"strength": strength})["black" if army == BLACK_ARMY else "purple"] = total
    per = per_army_win(game.lich.cards)
    out = {}
    for turn, f in sorted(fought.items()):
        if "black" in f and "purple" in f:
            out[turn] = Armies(turn, f["strength"], _army_parts_of_turn(game, turn, f["black"], "black"),
                               _army_parts_of_turn(game, turn, f["purple"], "purple"), None, True,
                               (strength_rows or {}).get(turn, []), per)
    return out


def solo_record(game) -> SoloRecord:
    """For every turn, the Netherworld the Lich King scored at the end of Recruitment
    (``Gains``) and the two armies against your strength at the Wars (``Armies``).

    The Wars come from the war events' data.  The Netherworld is discarded inside the
    action that ends a Recruitment and the game keeps only the last one (``lich.scored``),
    so the history is replayed from the game's options (a few milliseconds) to find the
    earlier ones and the strength of each unit at every Wars."""
    rec = SoloRecord()
    g = Game.new(cards=game.cards, record_events=False, **game.options)
    target = (game.turn, game.phase, game.stage)
    rows_by_turn = {}

    def auto(stop_at_target=False):
        while not g.is_over and not g.pending_players():
            if stop_at_target and (g.turn, g.phase, g.stage) == target:
                return
            if g.phase == "wars" and g.stage == "start":
                rows = []
                g.strength(0, explain=rows)
                rows_by_turn[g.turn] = rows
            g.step()

    try:
        for seat, action in game.history:
            auto()
            turn, phase, n_discard = g.turn, g.phase, len(g.discard)
            state = _lich_state(g)
            g.apply(seat, action)
            if phase == "recruitment" and (g.phase, g.turn) != (phase, turn):
                # the action that ended the Recruitment: the Netherworld went to the discard pile
                line, time, revealed, cards = state
                rec.recruitment[turn] = Gains(turn, line, time, revealed, g.discard[n_discard:], cards)
        auto(stop_at_target=True)
        rec.complete = (g.turn, g.phase, g.stage, g.lich.lp, g.scores) == (
            game.turn, game.phase, game.stage, game.lich.lp, game.scores)
    except PaperTalesError:          # a game set up by hand: its history does not replay
        rec.complete = False
    if not rec.complete:
        rec.recruitment = {}
        rows_by_turn = {}
    # the last Recruitment is on record in the game itself
    lk = game.lich
    last = game.turn if game.phase != "recruitment" else game.turn - 1
    if lk.scored and last >= 1 and last not in rec.recruitment:
        rec.recruitment[last] = Gains(last, list(lk.line), last - 1, last, list(lk.scored), list(lk.cards))
    rec.wars = wars_from_events(game, rows_by_turn)
    return rec


def live_gains(game) -> Gains | None:
    """During a Recruitment, what the Netherworld as it is now would give the Lich King."""
    lk = game.lich
    if game.phase != "recruitment" or not lk.netherworld:
        return None
    # sorted: the order of the Netherworld (which card is on top) stays hidden
    cards = sorted(lk.netherworld, key=lambda t: t.name)
    return Gains(game.turn, list(lk.line), lk.time, lk.revealed, cards, list(lk.cards), live=True)


def current_armies(game, record: SoloRecord | None = None) -> Armies | None:
    """The Wars of this turn: resolved (from the record) once they happened, else a
    forecast with your strength now and the next card's possible values."""
    if game.lich is None:
        return None
    record = record or solo_record(game)
    turn = game.turn
    after_wars = game.phase in ("income", "construction", "aging", "end", "over") or (
        game.phase == "wars" and game.stage != "start")
    if after_wars and turn in record.wars:
        return record.wars[turn]
    if game.phase in ("end", "over"):
        return record.wars.get(4)
    lk = game.lich
    rows = []
    strength = game.strength(0, explain=rows)
    black, purple, hidden = army_parts(lk.line, lk.time, lk.revealed, lk.cards, game.cards.necropolis)
    return Armies(turn, strength, black, purple, hidden, False, rows, per_army_win(lk.cards))


# ------------------------------------------------------------------ score race

def solo_lp_series(game):
    """``(labels, {"you": [...], "lich": [...]}, {"you": [hover], "lich": [hover]})``: LP of
    the player and of the Lich King after each phase played so far, starting at 0."""
    labels, values, hovers = lp_series(game)
    keys = {"you": 0, "lich": LICH}
    return labels, {k: values[s] for k, s in keys.items()}, {k: hovers[s] for k, s in keys.items()}


# ------------------------------------------------------------------ figures (plotly)

N_SLOTS = 7          # the Netherworld holds 7 cards when the Lich King scores
#: shared by the charts: the title on top, the legend in a row between it and the plot
CHART_LAYOUT = dict(margin=dict(l=50, r=10, t=80, b=50), plot_bgcolor="#fafafa",
                    title=dict(font=dict(size=14), x=0.01, xanchor="left", y=0.98, yanchor="top"),
                    legend=dict(orientation="h", x=0, yanchor="bottom", y=1.02))


def sync_views(fig) -> None:
    """Make a FigureWidget's current data and layout the state its *new* views start from.

    plotly sends changes to the views that exist and refreshes the starting state
    (``_widget_data`` / ``_widget_layout``) only when the figure itself is displayed
    (``_repr_mimebundle_``).  Our figures sit inside boxes and Voilà draws the page after
    the cell has run, so without this they would start empty.  Same two lines as
    plotly's ``_repr_mimebundle_``."""
    fig._widget_layout = deepcopy(fig._layout_obj._props)
    fig._widget_data = deepcopy(fig._data)


def gains_figure():
    import plotly.graph_objects as go
    fig = go.FigureWidget()
    fig.add_trace(go.Bar(name="immediate gain", marker_color="#3b2f6b", hoverinfo="text",
                         textposition="inside"))
    for k in range(N_SLOTS):
        fig.add_trace(go.Bar(name="quest: a Netherworld card" if k == 0 else f"quest {k + 1}",
                             marker=dict(color=PURPLE_COLOR, line=dict(color="white", width=2)),
                             showlegend=k == 0, legendgroup="quest", hoverinfo="text",
                             textposition="inside", insidetextanchor="middle"))
    fig.add_trace(go.Bar(name="Lich King cards", marker_color="#c0392b", hoverinfo="text",
                         textposition="inside"))
    fig.update_layout(barmode="stack", height=360, width=760, yaxis=dict(title="LP", rangemode="tozero"),
                      uniformtext=dict(minsize=9, mode="hide"), **CHART_LAYOUT)
    return fig


def gains_bars(gains: Gains, cards=None):
    """The bar data: ``(x labels, [(y, text, hover) per trace])`` for :func:`gains_figure`:
    trace 0 the immediate gain, traces 1..7 one Netherworld card each, the last the Lich
    King cards."""
    quests = gains.quests()
    x = [f"{c.pile}: {c.name}" for c, _, _ in quests]
    extra = [c for c in gains.lich_cards if c.recruitment_lp]
    x += [c.name for c in extra]
    n = len(x)
    cur = gains.line[gains.time]
    imm = [cur.immediate_lp if i == gains.time else 0 for i in range(len(quests))] + [0] * len(extra)
    traces = [(imm, [f"+{v}" if v else "" for v in imm],
               [f"{cur.name}: immediate gain +{v} LP" if v else "" for v in imm])]
    for k in range(N_SLOTS):
        y, text, hover = [0] * n, [""] * n, [""] * n
        for i, (c, matches, per) in enumerate(quests):
            if k < len(matches):
                y[i] = per
                text[i] = matches[k].name
                hover[i] = (f"{matches[k].name} {requirement_text(c.requirement, cards)}: "
                            f"+{per} LP for {c.name}'s quest")
        traces.append((y, text, hover))
    y = [0] * len(quests) + [c.recruitment_lp for c in extra]
    traces.append((y, [f"+{v}" if v else "" for v in y],
                   [""] * len(quests) + [f"{c.name}: +{c.recruitment_lp} LP each Recruitment" for c in extra]))
    return x, traces


def update_gains_figure(fig, gains: Gains | None, title: str, cards=None) -> None:
    with fig.batch_update():
        if gains is None:
            for tr in fig.data:
                tr.x, tr.y, tr.text, tr.hovertext = [], [], [], []
        else:
            x, traces = gains_bars(gains, cards)
            for tr, (y, text, hover) in zip(fig.data, traces):
                tr.x, tr.y, tr.text, tr.hovertext = x, y, text, hover
        fig.layout.title.text = title
    sync_views(fig)


def matches_table_html(gains: Gains, cards=None) -> str:
    """Netherworld cards (rows) against the revealed Necropolis cards (columns)."""
    quests = gains.quests()
    head = "".join(f"<th title='{_e(quest_text(c, cards))}'>{_e(c.pile)}: {_e(c.name)}<br>"
                   f"<span class='pt-muted'>{_e(requirement_text(c.requirement, cards))}</span></th>"
                   for c, _, _ in quests)
    body = []
    for t in gains.netherworld:
        cells = []
        for c, matches, per in quests:
            hit = c.quest is not None and c.quest(t)
            cells.append(f"<td class='pt-hit'>+{per}</td>" if hit else "<td class='pt-miss'>–</td>")
        body.append(f"<tr data-nether='{_e(t.id)}'><td><b>{_e(t.name)}</b> <span class='pt-muted'>"
                    f"(str {t.strength}, cost {t.cost})</span></td>{''.join(cells)}</tr>")
    totals = "".join(f"<td data-quest='{_e(c.id)}' data-lp='{len(m) * per}'><b>{len(m)} × {per} = "
                     f"{len(m) * per} LP</b></td>" for c, m, per in quests)
    table = (f"<table class='pt-table pt-matches'><tr><th>Netherworld card</th>{head}</tr>{''.join(body)}"
             f"<tr><td><b>quest LP</b></td>{totals}</tr></table>")
    return table


def rows_table_html(rows, total) -> str:
    trs = "".join(f"<tr data-cause='{_e(r['cause'])}' data-lp='{r['lp']}'><td>{_e(r['cause'])}</td>"
                  f"<td class='pt-plus'>+{r['lp']} LP</td><td>{_e(r['detail'])}</td></tr>" for r in rows)
    if not rows:
        trs = "<tr><td colspan='3' class='pt-muted'>nothing to score</td></tr>"
    return (f"<table class='pt-table pt-gains'><tr><th>Cause</th><th>LP</th><th>Detail</th></tr>{trs}</table>"
            f"<div class='pt-total' data-total='{total}'>Total: {total} LP</div>")


def armies_figure():
    import plotly.graph_objects as go
    fig = go.FigureWidget()
    specs = (("your kingdom", PLAYER_COLOR, ""), ("current Necropolis card", BLACK_COLOR, ""),
             ("next Necropolis card", "#666", ""), ("next card, not revealed: up to", "#bbb", "/"),
             ("Lich King cards", "#c0392b", ""))
    for name, color, pattern in specs:
        fig.add_trace(go.Bar(name=name, marker=dict(color=color, pattern=dict(shape=pattern)),
                             hoverinfo="text", textposition="inside"))
    fig.update_layout(barmode="stack", height=400, width=760, yaxis=dict(title="strength", rangemode="tozero"),
                      showlegend=True, legend_traceorder="normal", **CHART_LAYOUT)
    fig.update_layout(margin=dict(t=105))       # five legend entries take two rows under the title
    return fig


def armies_bars(a: Armies):
    """``(x, [(y, text, hover)] per trace)`` for :func:`armies_figure`."""
    x = ["You", "Black army", "Purple army"]

    traces = []
    you_hover = "<br>".join(f"{n}: {s} ({why})" for n, s, why in a.strength_rows) or "no unit fights"
    traces.append(([a.strength, 0, 0], [str(a.strength), "", ""], [f"your strength {a.strength}<br>{you_hover}", "", ""]))
    rows = {"cur": [0, 0, 0], "next": [0, 0, 0], "hidden": [0, 0, 0], "lk": [0, 0, 0]}
    hov = {k: ["", "", ""] for k in rows}
    for col, parts, key in ((1, a.black, "black"), (2, a.purple, "purple")):
        for i, (label, v) in enumerate(parts):
            k = "lk" if label.startswith("Lich King") else "cur" if i == 0 else "next"
            rows[k][col] += v
            hov[k][col] = (hov[k][col] + "<br>" if hov[k][col] else "") + f"{label}: {v}"
        if a.hidden:
            lo, hi = a.hidden[key]
            rows["next"][col] += lo
            rows["hidden"][col] = hi - lo
            hov["next"][col] = f"card {a.hidden['pile']} not revealed yet: at least {lo}"
            hov["hidden"][col] = (f"card {a.hidden['pile']} not revealed yet: {lo} to {hi} "
                                  f"(over the {a.hidden['count']} cards of its pile)")
    for k in ("cur", "next", "hidden", "lk"):
        traces.append((rows[k], [str(v) if v else "" for v in rows[k]], hov[k]))
    return x, traces


def update_armies_figure(fig, a: Armies | None) -> None:
    with fig.batch_update():
        if a is None:
            for tr in fig.data:
                tr.x, tr.y, tr.text, tr.hovertext = [], [], [], []
            fig.layout.title.text = "No Wars yet"
        else:
            x, traces = armies_bars(a)
            for tr, (y, text, hover) in zip(fig.data, traces):
                tr.x, tr.y, tr.text, tr.hovertext = x, y, text, hover
            what = "resolved" if a.resolved else ("forecast: the next card is not revealed yet" if a.hidden
                                                   else "if they were fought now")
            fig.layout.title.text = f"Wars of turn {a.turn} ({what})"
    sync_views(fig)


def armies_text_html(a: Armies | None) -> str:
    if a is None:
        return ""
    head = f"Your strength <b data-strength='{a.strength}'>{a.strength}</b>"
    if a.hidden:
        parts = []
        need = 0
        for army, key, known in (("Black army", "black", a.black_total), ("Purple army", "purple", a.purple_total)):
            lo, hi = a.hidden[key]
            parts.append(f"{army} <b>{known + lo} to {known + hi}</b> (card {a.hidden['pile']} not revealed yet)")
            need = max(need, known + hi)
        return (f"<div>{head} — {'; '.join(parts)}. A strength of <b>{need}</b> wins both wars "
                "whatever the next card.</div>")
    you, lich, lines = a.outcome()
    wars = "; ".join(f"{army} <b data-army='{army.split()[0].lower()}'>{v}</b>: {t}" for army, v, t in lines)
    verb = "gave" if a.resolved else "would give"
    return (f"<div>{head} — {wars}. This {verb} <b data-you-lp='{you}'>you +{you} LP</b> and "
            f"<b data-lich-lp='{lich}'>the Lich King +{lich} LP</b>.</div>")


def race_figure(names=("You", "Lich King")):
    import plotly.graph_objects as go
    fig = go.FigureWidget()
    for name, color in zip(names, (PLAYER_COLOR, LICH_COLOR)):
        fig.add_trace(go.Scatter(name=name, mode="lines+markers", line=dict(color=color, width=3),
                                 hoverinfo="text"))
    fig.update_layout(height=360, width=760, yaxis=dict(title="LP", rangemode="tozero"),
                      xaxis=dict(tickangle=-45), **CHART_LAYOUT)
    fig.layout.title.text = "Score race: you against the Lich King"
    return fig


def lp_log_html(game) -> str:
    """Every LP change of the player and of the Lich King, with its cause."""
    rows = []
    for e in game.events:
        if e.kind != "lp" or e.seat not in (0, LICH):
            continue
        who = "Lich King" if e.seat == LICH else game.players[0].name
        rows.append(f"<tr data-seat='{e.seat}'><td>T{e.turn}</td><td>{_e(R.PHASE_TITLES.get(e.phase, e.phase))}</td>"
                    f"<td>{_e(who)}</td><td>{R.event_change_html(e)}</td><td>{_e(e.cause)}</td>"
                    f"<td>{_e(e.detail)}</td></tr>")
    if not rows:
        return "<div class='pt-muted'>No LP scored yet.</div>"
    return ("<table class='pt-table pt-lp-log'><tr><th>Turn</th><th>Phase</th><th>Who</th><th>LP</th>"
            "<th>Cause</th><th>Detail</th></tr>" + "".join(rows) + "</table>")


# ------------------------------------------------------------------ the panel

class LichKingPanel(DrawnWhenVisible, W.VBox):
    """A solo game seen from the Lich King's side.  ``show`` a game, or follow a session
    (its multi-player games are ignored: the app switches between both).  ``lazy``: draw
    only while ``set_active(True)`` (a hidden tab of the app)."""

    def __init__(self, game=None, session=None, show_banner=True, lazy=False, **kw):
        super().__init__(**kw)
        self.add_class("pt-lichking")
        self.show_banner = show_banner      # the illustrative-cards warning (the stepper shows its own)
        self.active = not lazy
        self.messages = MessageBox()
        self.banner = W.HTML()
        self.header = W.HTML()
        self.line_html = W.HTML()
        self.gains_turn = W.ToggleButtons(options=[], description="Gains of", style={"button_width": "auto"})
        self.gains_turn.observe(self._on_turn, names="value")
        self.gains_box = W.Box()
        self.gains_html = W.HTML()
        self.armies_box = W.Box()
        self.armies_html = W.HTML()
        self.race_box = W.Box()
        self.log_html = W.HTML()
        self.log_box = W.Accordion(children=[self.log_html])
        self.log_box.set_title(0, "Why? Every LP change of both sides")
        self.log_box.selected_index = None
        self.gains_fig = self.armies_fig = self.race_fig = None
        self.game = None
        self.record = SoloRecord()
        self.gains = None                     # the Gains shown
        self.armies = None                    # the Armies shown
        self._record_key = None
        self._updating = False
        self.children = [self.messages, self.banner, self.header, self.line_html,
                         W.HTML(swrap("<h4 style='margin:8px 0 2px'>The Lich King's gains at the end of "
                                      "Recruitment</h4>")),
                         self.gains_turn, self.gains_box, self.gains_html,
                         W.HTML(swrap("<h4 style='margin:8px 0 2px'>Wars: his two armies against you</h4>")),
                         self.armies_box, self.armies_html, self.race_box, self.log_box]
        if session is not None:
            session.observe(self._on_session)
            self._on_session(session)
        elif game is not None:
            self.show(game)

    def _on_session(self, session) -> None:
        self.show(session.game if session.game.lich is not None else None)

    def show(self, game) -> None:
        self.game = game
        if self._stale():
            return
        self.refresh()

    def redraw(self) -> None:
        self.show(self.game)

    @guarded()
    def refresh(self) -> None:
        g = self.game
        if g is None:
            return
        if g.lich is None:
            raise PaperTalesError("this is not a solo game: the Lich King panel needs Game.new(players=1, ...)")
        self.messages.clear()
        self.banner.value = swrap(illustrative_html(illustrative_titles(g.cards))) if self.show_banner else ""
        key = (id(g.cards), repr(g.options), tuple(g.history), g.turn, g.phase, g.stage)
        if key != self._record_key:
            self._record_key = key
            self.record = solo_record(g)
        lk = g.lich
        p = g.players[0]
        self.header.value = swrap(
            f"<div style='font-size:15px;margin:4px 0'><b>Turn {g.turn}</b> — "
            f"<span style='color:{PLAYER_COLOR}'><b>{_e(p.name)}</b> <b data-player-lp='{p.lp}'>{p.lp}</b> LP</span>"
            f" against <span style='color:{LICH_COLOR}'><b>Lich King</b> <b data-lich-lp='{lk.lp}'>{lk.lp}</b> LP</span>"
            f"{' (he wins ties)' if p.lp == lk.lp else ''}</div>")
        cards_html = "".join(
            necropolis_html(c, revealed=i < lk.revealed, current=i == lk.time, cards=g.cards,
                            turn_label=f"turn {i + 1}" if i < 4 else "end of the game")
            for i, c in enumerate(lk.line))
        self.line_html.value = swrap(f"<div class='pt-necro-line'>{cards_html}</div>{lich_cards_html(lk.cards)}")
        # the Recruitment gains: recorded turns, and the Netherworld now during a Recruitment
        options = [(f"turn {t}", t) for t in sorted(self.record.recruitment)]
        live = live_gains(g)
        if live is not None:
            options.append(("now (Netherworld so far)", 0))
        self._updating = True
        try:
            if list(self.gains_turn.options) != options:
                self.gains_turn.options = options
                self.gains_turn.value = options[-1][1] if options else None
        finally:
            self._updating = False
        self._draw_gains(live)
        self.armies = current_armies(g, self.record)
        if self.armies_fig is None:
            self.armies_fig = armies_figure()
            self.armies_box.children = [self.armies_fig]
        update_armies_figure(self.armies_fig, self.armies)
        self.armies_html.value = swrap(armies_text_html(self.armies))
        labels, values, hovers = solo_lp_series(g)
        self.series = (labels, values, hovers)
        if self.race_fig is None:
            self.race_fig = race_figure((p.name, "Lich King"))
            self.race_box.children = [self.race_fig]
        with self.race_fig.batch_update():
            for tr, k in zip(self.race_fig.data, ("you", "lich")):
                tr.x, tr.y, tr.hovertext = labels, values[k], hovers[k]
            self.race_fig.layout.xaxis.categoryorder = "array"
            self.race_fig.layout.xaxis.categoryarray = labels
        sync_views(self.race_fig)
        self.log_html.value = swrap(lp_log_html(g))

    @guarded()
    def _on_turn(self, _change=None):
        if not self._updating and self.game is not None:
            self._draw_gains(live_gains(self.game))

    def _draw_gains(self, live) -> None:
        g = self.game
        which = self.gains_turn.value
        gains = live if which == 0 else self.record.recruitment.get(which)
        self.gains = gains
        if self.gains_fig is None:
            self.gains_fig = gains_figure()
            self.gains_box.children = [self.gains_fig]
        if gains is None:
            title = "Nothing scored yet: the Lich King scores at the end of the first Recruitment"
            update_gains_figure(self.gains_fig, None, title)
            self.gains_html.value = swrap(f"<div class='pt-muted'>{title}.</div>")
            return
        if gains.live:
            title = (f"Turn {gains.turn}: what the {len(gains.netherworld)} Netherworld cards so far would give "
                     f"(he scores the 7 left at the end of the Recruitment)")
        else:
            title = f"Turn {gains.turn}: the Lich King scored {gains.total} LP"
        update_gains_figure(self.gains_fig, gains, title, g.cards)
        note = "" if self.record.complete else (
            "<div class='pt-msg pt-info'>This game's history could not be replayed exactly; the gains of "
            "earlier turns may be missing.</div>")
        self.gains_html.value = swrap(
            note + matches_table_html(gains, g.cards) + rows_table_html(gains.rows, gains.total))


# ------------------------------------------------------------------ a solo game

def _stepper_part(name):
    return property(lambda self: getattr(self.stepper, name), doc=f"the stepper's ``{name}``")


class SoloGame(W.VBox):
    """Play a solo game against the Lich King: the app's :class:`GameStepper` set to one
    player (seed, difficulty, cards; advance, undo, your decisions, the illustrative-cards
    warning, the solo phase texts and game-over box), your kingdom and the Lich King panel.

    Everything is the stepper's: the attributes below only name its parts for notebooks."""

    def __init__(self, seed: int = 5, lich_king_cards: int = 0, pack=None, name: str = "You", **kw):
        super().__init__(**kw)
        self.add_class("pt-solo-game")
        self.session = Session(players=1, seed=int(seed), humans=[0], names=[name], cards=solo_cards(pack),
                               lich_king_cards=lich_king_cards)
        self.stepper = GameStepper(self.session, names=[name], solo_only=True)
        if pack is not None:
            self.stepper.use_pack(pack)
        self.kingdom = KingdomView(session=self.session)
        self.lich = LichKingPanel(session=self.session, show_banner=False)
        self.children = [self.stepper, self.kingdom, self.lich]

    def use_pack(self, pack) -> None:
        """Offer a validated pack (``papertales.load_pack``) for the next new game."""
        self.stepper.use_pack(pack)

    @property
    def game(self) -> Game:
        return self.session.game

    def decision_panel(self) -> DecisionPanel | None:
        return self.stepper.decision_panel(0)

    # the stepper's parts under the names notebooks and tests use
    seed = _stepper_part("seed")
    lich_count = _stepper_part("lich_count")
    card_source = _stepper_part("card_source")
    new_button = _stepper_part("new_button")
    next_phase = _stepper_part("next_phase")
    next_turn = _stepper_part("next_turn")
    to_end = _stepper_part("to_end")
    undo_button = _stepper_part("undo_button")
    messages = _stepper_part("messages")
    banner = _stepper_part("banner")
    status = _stepper_part("status")
    final = _stepper_part("final")
