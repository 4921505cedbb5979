"""Direct play in the decision box: the draft shows every card of the pack (duplicates as
separate cards), and a Deployment is played by clicking a card of your hand, then a free
spot; a unit on your table is clicked to move it, take it back or discard it.

Only legal things are offered (free spots, cards you can pay for); a refused choice is
explained right beside the controls, in the catalogue's words (``app.deploy.*``), never
with the engine's list of actions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as W

from papertales import Action
from papertales import render as R
from papertales.i18n import t
from papertales.render import escape

from .base import button, fixed_html, html, replace_children, shared_layout, wrap
from .coach import solo_pass_html

if TYPE_CHECKING:     # the stepper's decision panel builds these bodies
    from .stepper import DecisionPanel

DISPLAY_SPOT_ORDER = (0, 1, 4, 2, 3)     # F1 F2 F3 B1 B2


def _button(label: str, cls: str = "", style: str = "", tooltip: str = "", width: str = "auto") -> W.Button:
    b = button(description=label, button_style=style, tooltip=tooltip or label, layout=shared_layout(width=width))
    for c in cls.split():
        b.add_class(c)
    return b


def draft_body(panel: DecisionPanel) -> W.HBox:
    """The pack, card by card (two Knights are two cards), each with its button; in a solo
    draft, under each card what the Lich King gains this turn if you pass it."""
    g, seat, lang = panel.game, panel.seat, panel.lang
    verb = "keep" if panel.kind == "draft" else "discard"
    legal = {a.card: a for a in g.legal_actions(seat)}
    pack = list(getattr(g.players[seat], "pack", ()) or ())
    if not pack or any(c.id not in legal for c in pack):       # an engine without packs: the actions
        pack = [g.cards.unit(cid) for cid in legal]
    passing = solo_pass_html(g, lang) if g.lich is not None and panel.kind == "draft" else {}
    cards = []
    for c in pack:
        name = panel._name(c)
        b = panel._choice(t(f"app.step.{verb}", lang, name=name), legal[c.id],
                          tooltip=t(f"app.step.{verb}_tip", lang, name=name, text=R.card_text(c, lang)),
                          style="primary" if verb == "keep" else "warning", extra_cls="pt-wrap", width="114px")
        below = [fixed_html(passing[c.id])] if c.id in passing else []
        cards.append(W.VBox([fixed_html(wrap(R.card_html(c, lang=lang), css=False)), b, *below],
                            layout=W.Layout(margin="0 4px 4px 0", width="118px")))
    return W.HBox(cards, layout=W.Layout(flex_flow="row wrap"))


class DeployBody(W.VBox):
    """Click a card of your hand, then a free spot (two clicks to place a unit); click a
    unit of yours, then another spot to move it, or Take back / Discard; then Done."""

    def __init__(self, panel: DecisionPanel, **kw: Any) -> None:
        super().__init__(**kw)
        self.add_class("pt-deploy")
        self.panel = panel
        self.game, self.seat, self.lang = panel.game, panel.seat, panel.lang
        self.selected: tuple[str, int] | None = None            # ("card", index in hand) or ("unit", spot)
        self.info = html()
        self.hand_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.units_box = W.HBox(layout=W.Layout(flex_flow="row wrap", align_items="center"))
        # the spots: right under the row of the card just chosen (on a phone the hand is
        # several rows high, so spots after the whole hand would be off screen)
        self.spots_box = W.HBox(layout=W.Layout(flex_flow="row wrap", align_items="center", width="100%"))
        self.spots_box.add_class("pt-spots")
        self.error = html()
        self.error.add_class("pt-decision-error")
        self.keep = W.Dropdown(layout=W.Layout(width="230px"))
        self.keep.add_class("pt-keep")
        self.done = _button(self.t("app.step.done"), "pt-done pt-choice", "success", self.t("app.step.done_tip"))
        self.done.on_click(lambda _b: self.send(Action("done", self.keep.value or None)))
        self.finish = W.HBox([self.keep, self.done], layout=W.Layout(flex_flow="row wrap"))
        self.children = [self.info, self.hand_box, self.units_box, self.spots_box, self.error, self.finish]
        self.hand_buttons: list[W.Button] = []
        self.unit_buttons: dict[int, W.Button] = {}
        self.spot_buttons: dict[int, W.Button] = {}
        self.extra_buttons: list[W.Button] = []
        self.draw()

    def t(self, key: str, **params: object) -> str:
        return t(key, self.lang, **params)

    # ---------------------------------------------------------------- state

    @property
    def player(self) -> Any:          # the seat's papertales.state.Player (not a public name)
        return self.game.players[self.seat]

    def free_gold(self) -> int:
        return self.game.free_gold(self.seat)

    def usable(self) -> list[int]:
        return [s for s in DISPLAY_SPOT_ORDER if s < self.player.spots]

    def select_card(self, index: int) -> None:
        """Choose the card ``index`` of your hand (click again to let go)."""
        self.error.value = ""
        self.selected = None if self.selected == ("card", index) else ("card", index)
        self.draw()

    def select_unit(self, spot: int) -> None:
        """Choose your unit at ``spot`` (to move, take back or discard it)."""
        self.error.value = ""
        self.selected = None if self.selected == ("unit", spot) else ("unit", spot)
        self.draw()

    def click_spot(self, spot: int) -> None:
        """The second click: place the chosen card, or move the chosen unit, to ``spot``."""
        if self.selected is None:
            self.refuse(self.t("app.deploy.choose_first"))
            return
        kind, x = self.selected
        if kind == "card":
            self.send(Action("place", self.player.hand[x].id, spot))
        else:
            self.send(Action("move", x, spot))

    def refuse(self, text: str) -> None:
        self.error.value = wrap(f"<div class='pt-msg pt-error'>{escape(text)}</div>", css=False)

    def send(self, action: Action) -> None:
        """Ask the engine first and show its reason for a refusal here; else play it."""
        refusal = self.game.refusal(self.seat, action)
        if refusal is not None:
            self.refuse(refusal.text(self.lang))
            return
        self.error.value = ""
        self.panel.on_action(self.seat, action)

    # ---------------------------------------------------------------- drawing

    # long: the Deployment panel drawn top to bottom as it shows (gold, hand, spots, buttons), every
    # part from the same selection
    def draw(self) -> None:
        g, lang = self.game, self.lang
        p = self.player
        committed = p.gold - self.free_gold()
        self.info.value = wrap("<div>" + self.t("app.step.free_gold", gold=R.gold_text(p.gold, lang),
                                                cost=R.gold_text(committed, lang),
                                                free=R.gold_text(self.free_gold(), lang), spots=p.spots)
                               + "</div>", css=False)
        sel = self.selected
        # the hand: one button per card (duplicates too)
        self.hand_buttons = []
        cards = []
        for i, c in enumerate(p.hand):
            name = R.card_name(c, lang)
            affordable = c.cost <= self.free_gold()
            chosen = sel == ("card", i)
            b = _button(self.t("app.deploy.chosen" if chosen else "app.deploy.choose", name=name, cost=c.cost),
                        "pt-hand-card pt-choice pt-wrap", "info" if chosen else ("primary" if affordable else ""),
                        self.t("app.deploy.choose_tip", name=name, text=R.card_text(c, lang))
                        if affordable else self.t("app.deploy.too_expensive", name=name, cost=R.gold_text(c.cost, lang),
                                                  free=R.gold_text(self.free_gold(), lang)), width="114px")
            b.disabled = not affordable
            b.on_click(lambda _b, i=i: self.select_card(i))
            self.hand_buttons.append(b)
            cards.append(W.VBox([fixed_html(wrap(R.card_html(c, lang=lang), css=False)), b],
                                layout=W.Layout(margin="0 4px 4px 0", width="118px")))
        if not cards:
            cards = [fixed_html(wrap(f"<span class='pt-muted'>{escape(self.t('app.step.hand_empty'))}</span>", css=False))]
        if sel is not None and sel[0] == "card":
            at = sel[1] + 1
            replace_children(self.hand_box, cards[:at] + [self.spots_box] + cards[at:], keep=[self.spots_box])
            self.children = [self.info, self.hand_box, self.units_box, self.error, self.finish]
        else:
            replace_children(self.hand_box, cards, keep=[self.spots_box])
            self.children = [self.info, self.hand_box, self.units_box, self.spots_box, self.error, self.finish]
        # your units (click one to move / take back / discard it)
        self.unit_buttons = {}
        units = []
        for s in self.usable():
            u = p.units[s]
            if u is None:
                continue
            label = self.t("app.step.unit_at", name=R.card_name(u.type, lang), spot=R.SPOT_NAMES[s])
            chosen = sel == ("unit", s)
            b = _button(("✓ " if chosen else "") + label, "pt-unit-button", "info" if chosen else "",
                        self.t("app.deploy.unit_tip"))
            b.on_click(lambda _b, s=s: self.select_unit(s))
            self.unit_buttons[s] = b
            units.append(b)
        replace_children(self.units_box, ([fixed_html(wrap(f"<b>{escape(self.t('app.deploy.your_units'))}</b>",
                                                        css=False))] + units) if units else [])
        # the spots: free ones for a card; for a unit every other spot (occupied: a swap)
        self.spot_buttons = {}
        spots = []
        self.extra_buttons = []
        if sel is not None:
            kind, x = sel
            for s in self.usable():
                if kind == "card" and p.units[s] is not None:
                    continue                       # only free spots are offered
                if kind == "unit" and s == x:
                    continue
                occupied = p.units[s] is not None
                label = (self.t("app.deploy.swap_with", spot=R.SPOT_NAMES[s],
                                name=R.card_name(p.units[s].type, lang)) if occupied else R.SPOT_NAMES[s])
                b = _button(label, "pt-spot-button pt-choice", "primary",
                            self.t("app.deploy.spot_tip", spot=R.SPOT_NAMES[s]))
                b.on_click(lambda _b, s=s: self.click_spot(s))
                self.spot_buttons[s] = b
                spots.append(b)
            if kind == "unit":
                legal = g.legal_actions(self.seat)
                for a in legal:
                    if a.kind == "return" and a.spot == x:
                        tb = _button(self.t("app.deploy.take_back"), "pt-return pt-choice", "warning")
                        tb.on_click(lambda _b, a=a: self.send(a))
                        self.extra_buttons.append(tb)
                    elif a.kind == "discard" and a.spot == x:
                        db = _button(self.t("app.deploy.discard"), "pt-discard pt-choice", "danger",
                                     self.t("app.step.discard_unit_tip"))
                        db.on_click(lambda _b, a=a: self.send(a))
                        self.extra_buttons.append(db)
            what = (self.t("app.deploy.where_card", name=R.card_name(p.hand[x], lang))
                    if kind == "card" else self.t("app.deploy.where_unit"))
            spots = [fixed_html(wrap(f"<b>{escape(what)}</b>", css=False))] + spots + self.extra_buttons
        else:
            spots = [fixed_html(wrap(f"<span class='pt-muted'>{escape(self.t('app.deploy.how'))}</span>", css=False))]
        replace_children(self.spots_box, spots)
        # then: keep one unplayed card, done
        keep_opts = [(self.t("app.step.keep_nothing"), "")]
        seen = set()
        for c in p.hand:
            if c.id not in seen:
                seen.add(c.id)
                keep_opts.append((self.t("app.step.keep_card", name=R.card_name(c, lang)), c.id))
        value = self.keep.value if self.keep.value in [v for _, v in keep_opts] else ""
        self.keep.options = keep_opts
        self.keep.value = value
        self.keep.description = self.t("app.step.then")
        self.panel.buttons[:] = self.hand_buttons + list(self.unit_buttons.values()) + \
            list(self.spot_buttons.values()) + self.extra_buttons + [self.done]


def deploy_body(panel: DecisionPanel) -> DeployBody:
    body = DeployBody(panel)
    panel.deploy = body
    panel.keep = body.keep
    return body
