"""Rule variants as controls: one dropdown per :data:`papertales.variants.OPTIONS` entry,
with a one-line explanation, the defaults preselected (words: ``coach.variants.*``).

Used by the stepper's "Rules variants" section (for a new game) and by the What-if editor
(the position's ``rules``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import ipywidgets as W

from papertales import render as R
from papertales import variants
from papertales import Game, PositionError
from papertales.i18n import t
from papertales.render import escape

from .base import Speaking, field_flag, set_flag, wrap
from papertales.whatif import evaluate


def value_label(name: str, value: str, lang: str | None = None) -> str:
    """A variant's value in words; the default says so."""
    text = t(f"coach.variants.{name}.{value}", lang)
    return t("coach.variants.default", lang, value=text) if value == variants.DEFAULTS[name] else text


class VariantsBox(Speaking, W.VBox):
    """The rule variants; :meth:`rules` gives the chosen ones (only those that differ
    from the defaults), ``on_change`` is called after each change."""

    def __init__(self, rules: dict[str, str] | None = None, on_change: Callable[[], object] | None = None, lang: str | None = None, **kw: Any) -> None:
        super().__init__(**kw)
        self._init_language(lang)
        self.add_class("pt-variants")
        chosen = variants.check(rules)
        self.dropdowns = {}
        self.helps = {}
        rows = []
        for name, values in variants.OPTIONS.items():
            d = W.Dropdown(options=[(value_label(name, v, self.lang), v) for v in values], value=chosen[name],
                           style={"description_width": "230px"}, layout=W.Layout(width="520px"))
            d.add_class(f"pt-variant-{name}")
            h = W.HTML()
            self.dropdowns[name], self.helps[name] = d, h
            rows.append(W.VBox([d, h], layout=W.Layout(margin="0 0 4px 0")))
        self.intro = W.HTML()
        self.children = [self.intro, *rows]
        self.relabel()
        if on_change is not None:                 # after the labels: relabelling changes nothing
            for d in self.dropdowns.values():
                d.observe(lambda _ch: on_change(), names="value")

    def relabel(self) -> None:
        self.intro.value = wrap(f"<span class='pt-muted'>{escape(self.t('coach.variants.intro'))}</span>", css=False)
        for name, d in self.dropdowns.items():
            value = d.value
            d.options = [(value_label(name, v, self.lang), v) for v in variants.OPTIONS[name]]
            d.value = value
            d.description = self.t(f"coach.variants.{name}.label")
            self.helps[name].value = wrap(f"<span class='pt-muted' style='margin-left:12px'>"
                                          f"{escape(self.t(f'coach.variants.{name}.help'))}</span>", css=False)

    def redraw(self) -> None:
        pass

    def rules(self) -> dict[str, str]:
        """The chosen variants that differ from the defaults (``{}``: the printed rules)."""
        return {name: d.value for name, d in self.dropdowns.items() if d.value != variants.DEFAULTS[name]}

    def set_rules(self, rules: dict[str, str] | None) -> None:
        chosen = variants.check(rules)
        for name, d in self.dropdowns.items():
            d.value = chosen[name]


# ------------------------------------------------------------------ the What-if editor's extras

#: the phases a position can stand at (and "all": the rest of the turn from Wars)
WHATIF_PHASES = ("deployment", "wars", "income", "construction", "aging", "end", "all")


def _split(text: str) -> list[str]:
    return [x.strip() for x in str(text).split(",") if x.strip()]


class WhatIfExtras(Speaking, W.VBox):
    """The What-if editor's phase, a hand / actions / choices per player, and the rule
    variants (``docs/whatif-positions.md``), plus the before/after comparison of the phase
    run (with every open choice's options side by side)."""

    def __init__(self, on_change: Callable[[], object], lang: str | None = None, **kw: Any) -> None:
        super().__init__(**kw)
        self._init_language(lang)
        self.add_class("pt-whatif-extras")
        self.phase = W.Dropdown(options=[(x, x) for x in WHATIF_PHASES], value="wars", layout=W.Layout(width="320px"))
        self.phase.add_class("pt-wi-phase")
        self.variants = VariantsBox(on_change=on_change, lang=self.lang)
        self.hands, self.actions, self.choices = [], [], []
        self.flags = []                      # a refusal about a player's hand, actions or choices
        rows = []
        for i in range(5):
            h, a, c = (W.Text(layout=W.Layout(width="300px")) for _ in range(3))
            for w, cls in ((h, "pt-wi-hand"), (a, "pt-wi-actions"), (c, "pt-wi-choices")):
                w.add_class(cls)
            self.hands.append(h)
            self.actions.append(a)
            self.choices.append(c)
            flag = field_flag()
            self.flags.append(flag)
            rows.append(W.HBox([h, a, c, flag], layout=W.Layout(flex_flow="row wrap")))
        self.rows = rows
        self.compare = W.HTML()
        self.compare.add_class("pt-wi-compare")
        self.box = W.Accordion(children=[W.VBox([self.phase, *rows, self.variants])])
        self.box.selected_index = None
        self.children = [self.box, self.compare]
        self.relabel()
        for w in (self.phase, *self.hands, *self.actions, *self.choices):
            w.observe(lambda _ch: on_change(), names="value")

    def relabel(self) -> None:
        value = self.phase.value
        self.phase.options = [(self.t("coach.wi.phase_all") if p == "all" else R.phase_title(p, self.lang), p)
                              for p in WHATIF_PHASES]
        self.phase.value = value
        self.phase.description = self.t("coach.wi.phase")
        for i, (h, a, c) in enumerate(zip(self.hands, self.actions, self.choices)):
            for w, key in ((h, "hand"), (a, "actions"), (c, "choices")):
                w.description = f"{i + 1}. {self.t('coach.wi.' + key)}"
                w.placeholder = self.t(f"coach.wi.{key}_tip")
        self.box.set_title(0, self.t("coach.wi.more"))
        if self.variants.lang != self.lang:
            self.variants.set_language(self.lang)

    def redraw(self) -> None:
        pass

    def show_problems(self, problems: dict) -> None:
        """``{seat: [words]}``: each refusal beside that player's row (the section opens)."""
        for seat, flag in enumerate(self.flags):
            set_flag(flag, " ".join(problems.get(seat, ())))
        if any(problems.values()):
            self.box.selected_index = 0

    # -------------------------------------------------------------- the position

    def apply(self, pos: dict) -> dict:
        """Put the phase, the hands, actions, choices and variants into ``pos``."""
        phase = self.phase.value
        pos["phase"] = "wars" if phase == "all" else phase
        rules = self.variants.rules()
        if rules:
            pos["rules"] = rules
        for i, pd in enumerate(pos["players"]):
            hand, actions = _split(self.hands[i].value), _split(self.actions[i].value)
            if hand:                         # after the cards the form shows placed in their spots
                pd["hand"] = pd.get("hand", []) + hand
            if actions:
                pd["actions"] = pd.get("actions", []) + actions
            choices: dict[str, list[str]] = {}
            for item in _split(self.choices[i].value):
                card, sep, what = item.partition("=")
                if not sep:
                    raise PositionError(self.t("coach.wi.bad_choice", seat=i, text=item))
                choices.setdefault(card.strip(), []).append(what.strip())
            if choices:
                pd["choices"] = {k: v[0] if len(v) == 1 else v for k, v in choices.items()}
        return pos

    def set_from(self, pos: dict[str, Any], written: object,
                 deployment: Iterable[tuple[Sequence[str], Sequence[str]]] | None = None) -> None:
        """Fill the phase, hands, actions, choices and variants from a loaded position:
        ``pos`` as the engine reads it back (``position_of``: ids, placements by spot),
        ``written`` as the file says it (the choices, which the engine carries out rather
        than keeps) and ``deployment``: each player's hand and actions as the form shows
        them, the placements being in their spots (``whatif_editor.deployment_form``)."""
        self.phase.value = pos["phase"] if pos["phase"] in WHATIF_PHASES else "wars"
        self.variants.set_rules(pos.get("rules") or {})
        players = written.get("players") if isinstance(written, dict) else None
        players = players if isinstance(players, list) else []
        deployment = list(deployment or ())
        for i, (hand, actions, choices) in enumerate(zip(self.hands, self.actions, self.choices)):
            wd = players[i] if i < len(players) and isinstance(players[i], dict) else {}
            in_hand, done = deployment[i] if i < len(deployment) else ((), ())
            hand.value = ", ".join(in_hand)
            actions.value = ", ".join(done)
            chosen = wd.get("choices", {})
            choices.value = ", ".join(f"{key}={value}" for key, values in chosen.items()
                                      for value in (values if isinstance(values, list) else [values]))

    @staticmethod
    def aging_position(pos: dict[str, Any]) -> dict[str, Any]:
        """``pos`` for the Aging preview: without what only a Deployment position has, nor
        the choices (the editor's Healer menus make the Aging choices)."""
        out = dict(pos, phase="aging")
        out["players"] = [{k: v for k, v in pd.items() if k not in ("hand", "place", "actions", "choices")}
                          for pd in pos["players"]]
        return out

    # -------------------------------------------------------------- before / after

    def show(self, game: Game, lang: str | None = None) -> None:
        """Before and after the chosen phase (or the rest of the turn), side by side, and
        each open choice's options side by side."""
        lang = lang or self.lang
        phase = self.phase.value
        if phase not in ("all", "deployment", "end") and not any(c.value for c in self.choices):
            self.compare.value = ""
            return
        run = "all" if phase == "construction" else phase        # Construction: to the end of the turn
        res = evaluate(game, phases=[run], lang=lang)[run]
        names = game.names
        before = "".join(f"<tr><td>{escape(n)}</td><td>{lp}</td><td>{p.gold}</td></tr>"
                         for n, lp, p in zip(names, game.scores, game.players))
        after = "".join(f"<tr><td>{escape(n)}</td><td>{lp}</td><td>{gold}</td></tr>"
                        for n, lp, gold in zip(names, res["lp_after"], res["gold_after"]))
        head = f"<tr><th></th><th>{escape(t('render.lp', lang))}</th><th>{escape(t('render.gold_title', lang))}</th></tr>"
        events = "".join(f"<li>{escape(e['text'])}</li>" for e in res["events"] if e["seat"] >= 0)
        side = []
        for d in res.get("decisions", ()):
            opts = "".join(f"<li>{escape(t('coach.wi.option_lp', lang, text=o['text'], scores=', '.join(map(str, o['lp_after']))))}</li>"
                           for o in d["options"])
            side.append(f"<div><b>{escape(t('coach.wi.options', lang, name=d['name'], prompt=d['prompt']))}</b>"
                        f"<ul>{opts}</ul></div>")
        self.compare.value = wrap(
            "<div style='display:flex;gap:24px;flex-wrap:wrap'>"
            f"<div class='pt-wi-before'><b>{escape(t('coach.wi.before', lang))}</b>"
            f"<table class='pt-table'>{head}{before}</table></div>"
            f"<div class='pt-wi-after'><b>{escape(t('coach.wi.after', lang))}</b>"
            f"<table class='pt-table'>{head}{after}</table><ul>{events}</ul></div></div>" + "".join(side))
