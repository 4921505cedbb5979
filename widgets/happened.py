"""What just happened: the box right under the stepper's status line, and the bar that
shows a running fast-forward with its Stop button.

Everything comes from the engine's phase records (``game.results``) and events, through
what the human seat may know (``session.observation()`` / ``session.visible_events()``):
others' draft picks stay secret, constructions appear when everybody has chosen.  The words
come from the catalogue (keys ``app.happened.*``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import ipywidgets as W

from papertales import render as R
from papertales import BLACK_ARMY, LICH_SEAT, Event, Game, cause_label
from papertales.i18n import has, t
from papertales.render import escape

from .base import wrap
from .session import Session

#: lines of a record in words: (css class, text)
Lines = list[tuple[str, str]]



def _name(game: Game, seat: int, lang: str | None) -> str:
    return R.seat_name(game.names, seat, lang)


def _seat_message(key: str, game: Game, seat: int, lang: str | None, **params: object) -> str:
    """The message ``key`` about ``seat``; about the person playing ("You") its
    second-person form ``<key>.you`` ("You kept", "Zatrzymujesz"), when the catalogue has one."""
    name = _name(game, seat, lang)
    if seat >= 0 and R.is_you(name) and has(key + ".you", "en"):
        key += ".you"
    return t(key, lang, name=name, **params)


def _card(game: Game, cid: str, lang: str | None) -> str:
    return cause_label(cid, lang, game.cards)


def _gold(n: int, lang: str | None) -> str:
    return R.gold_text(n, lang)


def result_lines(game: Game, record: Any, lang: str | None = None, events: Sequence[Event] = ()) -> Lines:
    # record: a phase record of papertales.results, told apart by its class's name (LINES)
    """``[(css class, text)]`` for one phase record (``events``: those of its turn, which
    name the units a Healer spared)."""
    tell = LINES.get(type(record).__name__)
    return tell(game, record, lang, events) if tell is not None else []


def _draft(game: Game, record: Any, lang: str | None, events: Sequence[Event]) -> Lines:
    out: Lines = []
    secret = False
    for s, kept in enumerate(record.kept):
        if kept is None:
            secret = True
        elif kept:
            out.append(("pt-h-draft", _seat_message("app.happened.kept", game, s, lang,
                                                     cards=", ".join(_card(game, c, lang) for c in kept))))
    if secret:
        out.append(("pt-muted", t("app.happened.picks_secret", lang)))
    return out


def _deployment(game: Game, record: Any, lang: str | None, events: Sequence[Event]) -> Lines:
    out: Lines = []
    for s, units in enumerate(record.revealed):
        if units:
            shown = ", ".join(t("app.happened.unit_at", lang, card=_card(game, c, lang), spot=R.SPOT_NAMES[sp])
                              for sp, c in units)
            out.append(("pt-h-reveal", _seat_message("app.happened.revealed", game, s, lang, units=shown,
                                                      gold=_gold(record.paid[s], lang))))
        else:
            out.append(("pt-muted", _seat_message("app.happened.revealed_none", game, s, lang)))
    return out


def _wars(game: Game, record: Any, lang: str | None, events: Sequence[Event]) -> Lines:
    out: Lines = []
    seen = set()
    for w in record.wars:
        pair = tuple(sorted((w.seat, w.opponent)))
        if pair in seen:
            continue
        seen.add(pair)
        back = next((x for x in record.wars if x.seat == w.opponent and x.opponent == w.seat), None)
        a, b = _name(game, w.seat, lang), _name(game, w.opponent, lang)
        if w.won and back is not None and back.won:
            res = t("app.happened.tie", lang, lp=w.lp)
        elif w.won:
            res = _seat_message("app.happened.wins", game, w.seat, lang, lp=w.lp)
        elif back is not None and back.won:
            res = _seat_message("app.happened.wins", game, w.opponent, lang, lp=back.lp)
        else:
            res = t("app.happened.nobody_wins", lang)
        out.append(("pt-h-war", t("app.happened.war", lang, a=a, sa=w.strength, b=b, sb=w.against, result=res)))
    return out


def _solo_wars(game: Game, record: Any, lang: str | None, events: Sequence[Event]) -> Lines:
    out: Lines = []
    out.append(("pt-h-war", t("app.happened.solo_wars", lang, name=_name(game, 0, lang), strength=record.strength,
                               black=record.black, purple=record.purple, lp=record.player_lp,
                               lich_lp=record.lich_lp)))
    return out


def _income(game: Game, record: Any, lang: str | None, events: Sequence[Event]) -> Lines:
    out: Lines = []
    for s, parts in enumerate(record.gold):
        total = sum(g for _, g in parts)
        why = ", ".join(f"{cause_label(c, lang, game.cards)} {g}" for c, g in parts)
        out.append(("pt-h-income", _seat_message("app.happened.income", game, s, lang, gold=_gold(total, lang), why=why)))
    return out


def _construction(game: Game, record: Any, lang: str | None, events: Sequence[Event]) -> Lines:
    out: Lines = []
    for s, built in enumerate(record.built):
        if built is None:
            out.append(("pt-muted", _seat_message("app.happened.built_nothing", game, s, lang)))
        else:
            bid, level, gold = built
            out.append(("pt-h-built", _seat_message("app.happened.built", game, s, lang, building=_card(game, bid, lang),
                                                     level="I" * level, gold=_gold(gold, lang))))
    return out


def _aging(game: Game, record: Any, lang: str | None, events: Sequence[Event]) -> Lines:
    out: Lines = []
    n = len(game.players)
    for s in range(min(n, len(record.deaths))):
        deaths = record.deaths[s]
        if deaths:
            dead = ", ".join(t("app.happened.dead_unit", lang, card=_card(game, c, lang), spot=R.SPOT_NAMES[sp],
                               n=age) for sp, c, age in deaths)
            out.append(("pt-h-death", _seat_message("app.happened.deaths", game, s, lang, units=dead, n=len(deaths))))
        else:
            out.append(("pt-muted", _seat_message("app.happened.no_deaths", game, s, lang)))
        for sp in record.spared[s] if s < len(record.spared) else ():
            out.append(("pt-h-spared", _seat_message("app.happened.spared", game, s, lang, spot=R.SPOT_NAMES[sp],
                                                      unit=_spared_unit(game, events, record.turn, s, sp, lang))))
    return out


def _end(game: Game, record: Any, lang: str | None, events: Sequence[Event]) -> Lines:
    out: Lines = []
    for s, parts in enumerate(record.lp):
        total = sum(v for _, v in parts)
        why = ", ".join(f"{cause_label(c, lang, game.cards)} {R.signed(v)}" for c, v in parts) or "—"
        out.append(("pt-h-end", _seat_message("app.happened.end_lp", game, s, lang, lp=R.lp_text(total, lang), why=why)))
    names = ", ".join(_name(game, s, lang) for s in record.winners) or R.lich_king_name(lang)
    out.append(("pt-h-end", t("app.happened.winners", lang, names=names)))
    return out


def _solo_recruitment(game: Game, record: Any, lang: str | None, events: Sequence[Event]) -> Lines:
    out: Lines = []
    out.append(("pt-h-lich", t("app.happened.lich_scores", lang, lp=R.lp_text(record.lp, lang),
                                card=_card(game, record.current, lang))))
    return out


#: the lines of each phase record, by its class's name
LINES: dict[str, Callable[[Game, Any, str | None, Sequence[Event]], Lines]] = {
    "DraftResult": _draft,
    "DeploymentResult": _deployment,
    "WarsResult": _wars,
    "SoloWarsResult": _solo_wars,
    "IncomeResult": _income,
    "ConstructionResult": _construction,
    "AgingResult": _aging,
    "EndResult": _end,
    "SoloRecruitmentResult": _solo_recruitment,
}


def _spared_unit(game: Game, events: Iterable[Event], turn: int, seat: int, spot: int, lang: str | None) -> str:
    """The name of the unit spared at ``spot`` (the Aging's ``spared`` event says it)."""
    for e in events:
        if e.kind == "spared" and e.seat == seat and e.turn == turn and e.params.get("spot") == spot:
            return _card(game, e.params["card"], lang)
    unit = game.players[seat].units[spot] if 0 <= seat < game.n else None
    return R.card_name(unit.type, lang) if unit is not None else R.SPOT_NAMES[spot]


def effect_lines(game: Game, events: Iterable[Event], lang: str | None = None) -> Lines:
    """LP and gold changes of Aging (the effects of deaths and age tokens)."""
    out = []
    for e in events:
        if e.phase == "aging" and e.kind in ("lp", "gold") and (e.seat >= 0 or e.seat == LICH_SEAT):
            out.append(("pt-h-effect", t("app.happened.effect", lang, name=_name(game, e.seat, lang),
                                          change=R.change_text(e.kind, e.amount, lang),
                                          cause=cause_label(e.cause, lang, game.cards))))
    return out


def totals_line(game: Game, events: Iterable[Event], lang: str | None = None) -> str:
    """``You +3 LP, Ada +6 LP +2 gold``: the step's changes per seat, from the events."""
    per: dict[int, dict[str, int]] = {}
    for e in events:
        if e.kind in ("lp", "gold") and (e.seat >= 0 or e.seat == LICH_SEAT) and e.amount:
            d = per.setdefault(e.seat, {"lp": 0, "gold": 0})
            d[e.kind] += e.amount
    parts = []
    for seat in sorted(per, key=lambda s: (s < 0, s)):
        d = per[seat]
        bits = []
        for kind in ("lp", "gold"):
            if d[kind]:
                bits.append(R.change_text(kind, d[kind], lang))
        if bits:
            parts.append(f"{_name(game, seat, lang)} {' '.join(bits)}")
    return ", ".join(parts)


#: the phase of each kind of record
PHASE_OF = {"DraftResult": "recruitment", "SoloRecruitmentResult": "recruitment",
            "DeploymentResult": "deployment", "WarsResult": "wars", "SoloWarsResult": "wars",
            "IncomeResult": "income", "ConstructionResult": "construction", "AgingResult": "aging",
            "EndResult": "end"}


def happened(game: Game, events: Sequence[Event], results: Iterable[Any], lang: str | None = None,
             limit: int | None = None) -> tuple[list[tuple[str, str, Lines]], int]:
    """``(sections, shortened)``: ``[(title, [(cls, text)])]`` for the records of a step
    (and Aging's effects), at most ``limit`` lines in all (``shortened``: lines left out)."""
    sections: list[tuple[str, str, Lines]] = []
    for r in results:
        phase = PHASE_OF.get(type(r).__name__, "")
        lines = result_lines(game, r, lang, [e for e in events if e.turn == r.turn])
        if phase == "aging":
            lines += effect_lines(game, [e for e in events if e.turn == r.turn], lang)
        title = (R.phase_title(phase, lang) if phase == "end"
                 else t("app.happened.section", lang, turn=r.turn, phase=R.phase_title(phase, lang)))
        sections.append((title, phase, lines))
    cut = 0
    if limit is not None:
        left, kept = limit, []
        for title, phase, lines in sections:
            if left <= 0:
                cut += len(lines)
                continue
            kept.append((title, phase, lines[:left]))
            cut += max(0, len(lines) - left)
            left -= len(lines)
        sections = kept
    return sections, cut


def happened_html(game: Game, events: Sequence[Event], results: Iterable[Any], lang: str | None = None, limit: int | None = None) -> str:
    sections, cut = happened(game, events, results, lang, limit)
    total = totals_line(game, events, lang)
    if not sections and not total:
        return ""
    body = []
    for title, phase, lines in sections:
        items = "".join(f"<li class='{cls}'>{escape(text)}</li>" for cls, text in lines)
        body.append(f"<div class='pt-h-section' data-phase='{phase}'><b>{escape(title)}</b>"
                    f"<ul style='margin:2px 0 4px 0;padding-left:20px'>{items}</ul></div>")
    if total:
        body.append(f"<div class='pt-h-totals'><b>{escape(t('app.happened.totals', lang))}</b> {escape(total)}</div>")
    if cut:
        body.append(f"<div class='pt-muted pt-h-cut'>{escape(t('app.happened.shortened', lang, n=cut))}</div>")
    head = escape(t("app.happened.title", lang))
    return f"<div class='pt-happened'><div class='pt-h-head'>{head}</div>{''.join(body)}</div>"


class WhatHappened(W.HTML):
    """The box under the status line: what the last step did, for the human's eyes."""

    def __init__(self, session: Session, lang: str | None = None, **kw: Any) -> None:
        super().__init__(**kw)
        self.session = session
        self.lang = lang
        self.add_class("pt-what-happened")
        self.refresh()

    def set_language(self, lang: str) -> None:
        self.lang = lang
        self.refresh()

    def refresh(self) -> None:
        s = self.session
        events, results = s.last_step()
        html = happened_html(s.game, events, results, self.lang)
        self.value = wrap(html, css=False) if html else ""
        self.layout.display = None if html else "none"


class FastForwardBar(W.HBox):
    """Shown while a fast-forward ("Next turn", "Play to the end") goes on after the
    humans' decisions: what it is heading for, and a Stop button."""

    def __init__(self, session: Session, on_stop: Callable[[], object], lang: str | None = None, **kw: Any) -> None:
        super().__init__(**kw)
        self.session = session
        self.lang = lang
        self.add_class("pt-ffwd")
        self.text = W.HTML()
        self.stop_button = W.Button(button_style="danger", layout=W.Layout(width="auto"))
        self.stop_button.add_class("pt-stop")
        self.stop_button.on_click(lambda _b: on_stop())
        self.children = [self.text, self.stop_button]
        self.layout.align_items = "center"
        self.refresh()

    def set_language(self, lang: str) -> None:
        self.lang = lang
        self.refresh()

    def refresh(self) -> None:
        goal = self.session.fast_forward
        self.stop_button.description = t("app.ffwd.stop", self.lang)
        self.stop_button.tooltip = t("app.ffwd.stop_tip", self.lang)
        if goal is None or self.session.game.is_over:
            self.layout.display = "none"
            self.text.value = ""
            return
        mode, turn, _phase = goal
        what = t(f"app.ffwd.{mode}", self.lang, turn=turn)
        self.text.value = wrap(f"<div class='pt-msg pt-ffwd-on' data-goal='{mode}'>▶▶ {escape(what)}</div>",
                               css=False)
        self.layout.display = None


__all__ = ["WhatHappened", "FastForwardBar", "happened", "happened_html", "result_lines", "BLACK_ARMY"]
