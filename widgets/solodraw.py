"""The Lich King's drawings: his cards, the quest gains and the armies as plotly figures and
HTML tables, drawn from :mod:`papertales_widgets.solocalc`'s numbers.

Shared by the Lich King panel (:mod:`papertales_widgets.lichking`) and the companion for
the real box (:mod:`papertales_widgets.companion`); every word comes from the message
catalogue, in the ``lang`` each function takes."""

from __future__ import annotations


from collections.abc import Sequence
from typing import Any

from papertales import CardSet, Event, Game, cause_label
from papertales import render as R
from papertales.i18n import t
from papertales.render import escape

from .charts import Figure, figure_widget, sync_figure_state
from .scorerace import lp_series
from .solocalc import Armies, Gains, LichKingCard, NecropolisCard
from .solocards import (BLACK_COLOR, LICH, LICH_COLOR, PLAYER_COLOR, PURPLE_COLOR, Html, card_name, card_text,
                        phase_name, t_html)


# ------------------------------------------------------------------ requirement in words

def requirement_text(spec: object, cards: CardSet | None = None, lang: str | None = None) -> str:
    """A Necropolis quest requirement (the pack's JSON spec) in words (plain text)."""
    if spec is None:
        return t("solo.req.none", lang)
    if not isinstance(spec, dict) or len(spec) != 1:
        return str(spec)
    (key, value), = spec.items()
    if key in ("all", "any") and isinstance(value, list):
        return "(" + t(f"solo.req.join.{key}", lang).join(requirement_text(v, cards, lang) for v in value) + ")"
    if key == "not":
        return t("solo.req.not", lang, req=requirement_text(value, cards, lang))
    if key in ("strength_at_least", "strength_at_most", "cost_at_least", "cost_at_most"):
        return t(f"solo.req.{key}", lang, value=value)
    if key in ("produces", "ability_phase"):
        k = f"solo.req.{key}.{value}"
        return t(k, lang) if _known(k) else f"{key} {value}"
    if key == "card":
        name = value
        if cards is not None:
            try:
                name = card_name(cards.unit(value), lang)
            except KeyError:
                pass
        return t("solo.req.card", lang, card=name)
    if key == "kind":
        k = f"solo.kind.{value}"
        return t("solo.req.kind", lang, kind=t(k, lang) if _known(k) else value)
    return f"{key} {value}"


def _known(key: str) -> bool:
    try:
        t(key, "en")
    except KeyError:
        return False
    return True


def quest_text(card: NecropolisCard, cards: CardSet | None = None, lang: str | None = None) -> str:
    if card.quest is None:
        return t("solo.req.none", lang)
    return t("solo.quest.text", lang, lp=card.quest_lp, req=requirement_text(card.requirement, cards, lang))


#: the Time pawn as a drawing (an emoji would need a font the page does not ship)
HOURGLASS = ('<svg width="9" height="12" viewBox="0 0 9 12" aria-hidden="true" style="vertical-align:-1px">'
             '<path d="M0 0h9v1.5L5.5 6 9 10.5V12H0v-1.5L3.5 6 0 1.5z" fill="currentColor"/></svg>')


def turn_label(i: int, lang: str | None = None) -> str:
    """The turn of the ``i``-th Necropolis card of the line (the last one: the end)."""
    return t("solo.turn", lang, turn=i + 1) if i < 4 else t("solo.end_of_game", lang)


def necropolis_html(card: NecropolisCard, revealed: bool = True, current: bool = False, cards: CardSet | None = None,
                    turn_label: str = "", lang: str | None = None) -> str:
    """One Necropolis card, face up or face down."""
    time = f'<div><span class="pt-time">{HOURGLASS} {t_html("solo.time_pawn", lang)}</span></div>' if current else ""
    cur = " pt-current" if current else ""
    if not revealed:
        return (f'<div class="pt-necro pt-hidden{cur}" data-pile="{card.pile}" data-revealed="0">'
                f'<div>{t_html("solo.necropolis", lang)}</div><div style="font-size:20px">{card.pile}</div>'
                f'<div class="pt-muted" style="color:#ddd">{escape(turn_label)}</div>{time}</div>')
    if card.immediate_lp:
        imm = t_html("solo.card.immediate", lang, gain=Html(
            f'<span class="pt-necro-imm" title="{t_html("solo.immediate_gain", lang)}">'
            f'{t_html("solo.lp_plus", lang, lp=card.immediate_lp)}</span>'))
    else:
        imm = f'<span class="pt-muted">{t_html("solo.card.no_immediate", lang)}</span>'
    return (f'<div class="pt-necro{cur}" data-pile="{card.pile}" data-revealed="1" '
            f'data-card="{escape(card.id)}" title="{escape(card_text(card, lang))}">'
            f'<span class="pt-necro-pile">{card.pile}</span><div class="pt-necro-name">{escape(card_name(card, lang))}</div>'
            f'<div>{imm}</div><div class="pt-necro-quest"><b>{t_html("solo.card.quest", lang)}</b> '
            f'{escape(quest_text(card, cards, lang))}</div>'
            f'<div><span class="pt-shield pt-black" title="{t_html("solo.army.black", lang)}">{card.black}</span>'
            f'<span class="pt-shield pt-purple" title="{t_html("solo.army.purple", lang)}">{card.purple}</span></div>'
            f'<div class="pt-muted">{escape(turn_label)}</div>{time}</div>')


def lich_cards_html(lich_cards: Sequence[LichKingCard], lang: str | None = None) -> str:
    if not lich_cards:
        return f'<div class="pt-muted">{t_html("solo.lich_cards.none", lang)}</div>'
    items = "".join(f'<li data-lich-card="{escape(c.id)}"><b>{escape(card_name(c, lang))}</b>: {escape(card_text(c, lang))}</li>'
                    for c in lich_cards)
    return (f"<div><b>{t_html('solo.lich_cards.title', lang)}</b> {t_html('solo.lich_cards.whole_game', lang)}"
            f"<ul style='margin:2px 0'>{items}</ul></div>")


# ------------------------------------------------------------------ score race

def solo_lp_series(game: Game, lang: str | None = None) -> tuple[list[str], dict[str, list[int]], dict[str, list[str]]]:
    """``(labels, {"you": [...], "lich": [...]}, {"you": [hover], "lich": [hover]})``: LP of
    the player and of the Lich King after each phase played so far, starting at 0."""
    labels, values, hovers = lp_series(game, lang=lang)
    keys = {"you": 0, "lich": LICH}
    return labels, {k: values[s] for k, s in keys.items()}, {k: hovers[s] for k, s in keys.items()}


# ------------------------------------------------------------------ figures (plotly)

#: a bar chart's trace: (y values, their texts, their hover texts)
Trace = tuple[list[int], list[str], list[str]]

N_SLOTS = 7          # the Netherworld holds 7 cards when the Lich King scores
#: shared by the charts: the title on top, the legend in a row between it and the plot
CHART_LAYOUT = dict(margin=dict(l=50, r=10, t=80, b=50), plot_bgcolor="#fafafa",
                    title=dict(font=dict(size=14), x=0.01, xanchor="left", y=0.98, yanchor="top"),
                    legend=dict(orientation="h", x=0, yanchor="bottom", y=1.02))


def gains_figure(lang: str | None = None) -> Figure:
    import plotly.graph_objects as go
    fig = figure_widget()
    fig.add_trace(go.Bar(name=t("solo.gains.trace.immediate", lang), marker_color="#3b2f6b", hoverinfo="text",
                         textposition="inside"))
    for k in range(N_SLOTS):
        fig.add_trace(go.Bar(name=t("solo.gains.trace.quest", lang) if k == 0 else f"{k + 1}",
                             marker=dict(color=PURPLE_COLOR, line=dict(color="white", width=2)),
                             showlegend=k == 0, legendgroup="quest", hoverinfo="text",
                             textposition="inside", insidetextanchor="middle"))
    fig.add_trace(go.Bar(name=t("solo.lich_cards.title", lang), marker_color="#c0392b", hoverinfo="text",
                         textposition="inside"))
    fig.update_layout(barmode="stack", height=360, width=760,
                      yaxis=dict(title=t("solo.lp", lang), rangemode="tozero"),
                      uniformtext=dict(minsize=9, mode="hide"), **CHART_LAYOUT)
    return fig


def gains_bars(gains: Gains, cards: CardSet | None = None, lang: str | None = None) -> tuple[list[str], list[Trace]]:
    """The bar data: ``(x labels, [(y, text, hover) per trace])`` for :func:`gains_figure`:
    trace 0 the immediate gain, traces 1..7 one Netherworld card each, the last the Lich
    King cards."""
    quests = gains.quests()
    x = [f"{c.pile}: {card_name(c, lang)}" for c, *_ in quests]
    extra = [(c, lp) for kind, c, lp, _ in gains.causes() if kind == "lich_card"]
    x += [card_name(c, lang) if c is not None else "?" for c, _ in extra]
    n = len(x)
    cur = gains.result.current
    imm = [gains.result.immediate if c.id == cur else 0 for c, *_ in quests] + [0] * len(extra)
    cur_name = card_name(gains.current, lang) if gains.current is not None else cur
    traces: list[Trace] = [(imm, [f"+{v}" if v else "" for v in imm],
               [t("solo.gains.hover.immediate", lang, card=cur_name, lp=v) if v else "" for v in imm])]
    for k in range(N_SLOTS):
        y, text, hover = [0] * n, [""] * n, [""] * n
        for i, (c, matches, per, _) in enumerate(quests):
            if k < len(matches):
                y[i] = per
                text[i] = card_name(matches[k], lang)
                hover[i] = t("solo.gains.hover.quest", lang, unit=text[i], lp=per, card=card_name(c, lang),
                             req=requirement_text(c.requirement, cards, lang))
        traces.append((y, text, hover))
    y = [0] * len(quests) + [lp for _, lp in extra]
    traces.append((y, [f"+{v}" if v else "" for v in y],
                   [""] * len(quests) + [t("solo.gains.hover.lich_card", lang, card=x[len(quests) + i], lp=lp)
                                         for i, (_, lp) in enumerate(extra)]))
    return x, traces


def update_gains_figure(fig: Figure, gains: Gains | None, title: str, cards: CardSet | None = None, lang: str | None = None) -> None:
    with fig.batch_update():
        if gains is None:
            for tr in fig.data:
                tr.x, tr.y, tr.text, tr.hovertext = [], [], [], []
        else:
            x, traces = gains_bars(gains, cards, lang)
            for tr, (y, text, hover) in zip(fig.data, traces):
                tr.x, tr.y, tr.text, tr.hovertext = x, y, text, hover
        fig.layout.title.text = title
    sync_figure_state(fig)


def matches_table_html(gains: Gains, cards: CardSet | None = None, lang: str | None = None) -> str:
    """Netherworld cards (rows) against the revealed Necropolis cards (columns): which card
    met which quest, as the engine recorded it."""
    quests = gains.quests()
    head = "".join(f"<th title='{escape(quest_text(c, cards, lang))}'>{escape(c.pile)}: {escape(card_name(c, lang))}<br>"
                   f"<span class='pt-muted'>{escape(requirement_text(c.requirement, cards, lang))}</span></th>"
                   for c, *_ in quests)
    body = []
    for u in gains.netherworld:
        cells = []
        for c, matches, per, _ in quests:
            hit = any(m is u for m in matches)
            cells.append(f"<td class='pt-hit'>+{per}</td>" if hit else "<td class='pt-miss'>–</td>")
        facts = t_html("solo.matches.unit_facts", lang, strength=u.strength, cost=u.cost)
        body.append(f"<tr data-nether='{escape(u.id)}'><td><b>{escape(card_name(u, lang))}</b> <span class='pt-muted'>"
                    f"{facts}</span></td>{''.join(cells)}</tr>")
    totals = "".join(f"<td data-quest='{escape(c.id)}' data-lp='{lp}'><b>"
                     + (f"{len(m)} × {per} = {t_html('solo.lp_n', lang, n=lp)}" if m else t_html("solo.lp_n", lang, n=0))
                     + "</b></td>" for c, m, per, lp in quests)
    return (f"<table class='pt-table pt-matches'><tr><th>{t_html('solo.matches.col.netherworld', lang)}</th>{head}</tr>"
            f"{''.join(body)}<tr><td><b>{t_html('solo.matches.quest_lp', lang)}</b></td>{totals}</tr></table>")


def rows_table_html(rows: Sequence[tuple[str, str, int, str]], total: int, lang: str | None = None) -> str:
    """``rows``: ``[(cause id, cause name, LP, detail)]`` (see :func:`cause_rows`)."""
    trs = "".join(f"<tr data-cause='{escape(ident)}' data-lp='{lp}'><td>{escape(name)}</td>"
                  f"<td class='pt-plus'>{t_html('solo.lp_plus', lang, lp=lp)}</td><td>{escape(detail)}</td></tr>"
                  for ident, name, lp, detail in rows)
    if not rows:
        trs = f"<tr><td colspan='3' class='pt-muted'>{t_html('solo.gains.nothing', lang)}</td></tr>"
    cols = "".join(f"<th>{t_html(k, lang)}</th>" for k in ("solo.col.cause", "solo.col.lp", "solo.col.detail"))
    return (f"<table class='pt-table pt-gains'><tr>{cols}</tr>{trs}</table>"
            f"<div class='pt-total' data-total='{total}'>{t_html('solo.total', lang, n=total)}</div>")


def armies_figure(lang: str | None = None) -> Figure:
    import plotly.graph_objects as go
    fig = figure_widget()
    specs = (("solo.armies.trace.you", PLAYER_COLOR, ""), ("solo.armies.trace.current", BLACK_COLOR, ""),
             ("solo.armies.trace.next", "#666", ""), ("solo.armies.trace.hidden", "#bbb", "/"),
             ("solo.lich_cards.title", "#c0392b", ""))
    for key, color, pattern in specs:
        fig.add_trace(go.Bar(name=t(key, lang), marker=dict(color=color, pattern=dict(shape=pattern)),
                             hoverinfo="text", textposition="inside"))
    fig.update_layout(barmode="stack", height=400, width=760,
                      yaxis=dict(title=t("solo.strength", lang), rangemode="tozero"),
                      showlegend=True, legend_traceorder="normal", **CHART_LAYOUT)
    fig.update_layout(margin=dict(t=105))       # five legend entries take two rows under the title
    return fig


def armies_bars(a: Armies, lang: str | None = None) -> tuple[list[str], list[Trace]]:
    """``(x, [(y, text, hover)] per trace)`` for :func:`armies_figure`."""
    x = [t("solo.you", lang), t("solo.army.black", lang), t("solo.army.purple", lang)]
    traces: list[Trace] = []
    you_hover = "<br>".join(f"{escape(n)}: {s}" for n, s in a.strength_rows)
    head = t("solo.armies.hover.strength", lang, n=a.strength)
    traces.append(([a.strength, 0, 0], [str(a.strength), "", ""],
                   [head + ("<br>" + you_hover if you_hover else ""), "", ""]))
    rows = {"cur": [0, 0, 0], "next": [0, 0, 0], "hidden": [0, 0, 0], "lk": [0, 0, 0]}
    hov = {k: ["", "", ""] for k in rows}
    trace_of = {"current": "cur", "total": "cur", "next": "next", "lich": "lk"}
    for col, parts, key in ((1, a.black, "black"), (2, a.purple, "purple")):
        for p in parts:
            k = trace_of[p.kind]
            rows[k][col] += p.value
            hov[k][col] = (hov[k][col] + "<br>" if hov[k][col] else "") + f"{escape(p.label)}: {p.value}"
        if a.hidden:
            lo, hi = a.hidden[key]
            rows["next"][col] += lo
            rows["hidden"][col] = hi - lo
            hov["next"][col] = t("solo.armies.hover.at_least", lang, pile=a.hidden["pile"], lo=lo)
            hov["hidden"][col] = t("solo.armies.hover.range", lang, pile=a.hidden["pile"], lo=lo, hi=hi,
                                   n=a.hidden["count"])
    for k in ("cur", "next", "hidden", "lk"):
        traces.append((rows[k], [str(v) if v else "" for v in rows[k]], hov[k]))
    return x, traces


def update_armies_figure(fig: Figure, a: Armies | None, lang: str | None = None) -> None:
    with fig.batch_update():
        if a is None:
            for tr in fig.data:
                tr.x, tr.y, tr.text, tr.hovertext = [], [], [], []
            fig.layout.title.text = t("solo.armies.none", lang)
        else:
            x, traces = armies_bars(a, lang)
            for tr, (y, text, hover) in zip(fig.data, traces):
                tr.x, tr.y, tr.text, tr.hovertext = x, y, text, hover
            what = ("resolved" if a.resolved else "forecast" if a.hidden else "now")
            fig.layout.title.text = t(f"solo.armies.title.{what}", lang, turn=a.turn)
    sync_figure_state(fig)


def armies_text_html(a: Armies | None, lang: str | None = None) -> str:
    if a is None:
        return ""
    head = t_html("solo.armies.your_strength", lang, n=Html(f"<b data-strength='{a.strength}'>{a.strength}</b>"))
    if a.hidden:
        parts = []
        need = 0
        for army, known in (("black", a.black_total), ("purple", a.purple_total)):
            lo, hi = a.hidden[army]
            parts.append(t_html("solo.armies.range", lang, army=t(f"solo.army.{army}", lang),
                                range=Html(f"<b>{t_html('solo.armies.from_to', lang, lo=known + lo, hi=known + hi)}</b>"),
                                pile=a.hidden["pile"]))
            need = max(need, known + hi)
        wins = t_html("solo.armies.need", lang, n=Html(f"<b>{need}</b>"))
        return f"<div>{head} — {'; '.join(parts)}. {wins}</div>"
    you, lich, lines = a.outcome()
    wars = "; ".join(f"{t_html(f'solo.army.{army}', lang)} <b data-army='{army}'>{v}</b>: "
                     f"{t_html(f'solo.armies.result.{who}', lang)}" for army, v, who in lines)
    verb = "gave" if a.resolved else "would_give"
    lp = t_html(f"solo.armies.{verb}", lang,
                you=Html(f"<b data-you-lp='{you}'>{t_html('solo.armies.you_lp', lang, n=you)}</b>"),
                lich=Html(f"<b data-lich-lp='{lich}'>{t_html('solo.armies.lich_lp', lang, n=lich)}</b>"))
    return f"<div>{head} — {wars}. {lp}</div>"


def race_figure(names: Sequence[str] | None = None, lang: str | None = None) -> Figure:
    import plotly.graph_objects as go
    names = names or (t("solo.you", lang), t("solo.lich_king", lang))
    fig = figure_widget()
    for name, color in zip(names, (PLAYER_COLOR, LICH_COLOR)):
        fig.add_trace(go.Scatter(name=name, mode="lines+markers", line=dict(color=color, width=3),
                                 hoverinfo="text"))
    fig.update_layout(height=360, width=760, yaxis=dict(title=t("solo.lp", lang), rangemode="tozero"),
                      xaxis=dict(tickangle=-45), **CHART_LAYOUT)
    fig.layout.title.text = t("solo.race.title", lang)
    return fig


def lp_log_html(game: Game, lang: str | None = None) -> str:
    """Every LP change of the player and of the Lich King, with its cause."""
    rows = []
    names = [p.name for p in game.players]
    for e in game.events:
        if e.kind != "lp" or e.seat not in (0, LICH):
            continue
        who = t("solo.lich_king", lang) if e.seat == LICH else names[0]
        rows.append(f"<tr data-seat='{e.seat}'><td>{t_html('solo.turn_short', lang, turn=e.turn)}</td>"
                    f"<td>{escape(phase_name(e.phase, lang))}</td><td>{escape(who)}</td>"
                    f"<td>{R.event_change_html(e, lang=lang)}</td>"
                    f"<td>{escape(event_cause(e, game.cards, lang))}</td>"
                    f"<td>{escape(event_detail(e, names, game.cards, lang))}</td></tr>")
    if not rows:
        return f"<div class='pt-muted'>{t_html('solo.log.none', lang)}</div>"
    cols = "".join(f"<th>{t_html(f'solo.log.col.{k}', lang)}</th>" for k in ("turn", "phase", "who", "lp", "cause", "detail"))
    return f"<table class='pt-table pt-lp-log'><tr>{cols}</tr>" + "".join(rows) + "</table>"


def event_cause(e: Event, cards: CardSet | None = None, lang: str | None = None) -> str:
    return cause_label(e.cause, lang, cards)


def event_detail(e: Event, names: Sequence[str] | None = None, cards: CardSet | None = None, lang: str | None = None) -> str:
    return e.detail(lang, names, cards)


# ------------------------------------------------------------------ the panel

def h4(text: str) -> str:
    return f"<h4 style='margin:8px 0 2px'>{text}</h4>"
