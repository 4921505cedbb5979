"""Companion mode for the physical solo game, and a form for your own solo cards.

* :class:`CompanionPanel`: you play the printed solo game at the table; enter the values
  of the Necropolis cards you drew (pile, immediate LP, quest requirement and LP, Black and
  Purple shields) and the 7 cards left in the Netherworld: the panel shows what the
  Lich King scores, with the breakdown (the engine's ``solo.recruitment_gains``), and the
  Wars against your strength.  A score sheet adds the turns up.
* :class:`PackEditor`: enter your own Necropolis and Lich King cards; every card and the
  whole pack are validated by the engine (its messages are shown in the panel); save and
  load the pack as JSON (``papertales-pack/1``, see ``docs/card-packs.md``), and hand it
  to a :class:`~papertales_widgets.lichking.SoloGame` and a :class:`CompanionPanel`.

Every word comes from the message catalogue (``widgets/locales/<lang>/solo.json``); each
panel takes ``lang`` and ``set_language`` shows it in another language.  The quest
vocabulary (piles, resources, phases) is the engine's.

The printed values of the solo cards are not known to the project: the built-in cards are
illustrative, and every panel says so when they are used.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol

import base64
import copy
import json
from importlib import resources

import ipywidgets as W

from papertales import (ABILITY_PHASES as PHASE_NAMES, ARMIES, BUILTIN_PACKS, LICH_KING_ABILITIES,
                        PACK_FORMAT, PILES, RESOURCES, CardSet, PackError, builtin_pack, card_set, lich_king_card,
                        lich_king_end_gains, load_pack, lp_per_army_win, necropolis_card)
from papertales import REQUIREMENT_KINDS as ENGINE_REQUIREMENTS
from papertales.i18n import t
from papertales.render import escape

from .base import MessageBox, guarded
from .gamefile import take_upload
from .solodraw import (armies_text_html, gains_figure, h4, matches_table_html, requirement_text, rows_table_html,
                       update_gains_figure)
from .solocalc import Armies, Gains, LichKingCard, NecropolisCard, UnitCard, army_parts, cause_rows, gains_forecast
from .solocards import (ILLUSTRATIVE_PACK, Html, card_name, illustrative_html, panel_language, phase_name, swrap,
                        t_html)

#: the requirements the form offers: the engine's simple kinds, and ``json`` for a
#: combination (all / any / not) written as JSON
COMBINATIONS = ("all", "any", "not")
REQUIREMENT_KINDS = ("",) + tuple(k for k in ENGINE_REQUIREMENTS if k not in COMBINATIONS) + ("json",)
_VALUE_WIDGET = {"strength_at_least": "number", "strength_at_most": "number", "cost_at_least": "number",
                 "cost_at_most": "number", "produces": "resource", "ability_phase": "phase",
                 "card": "card", "kind": "word", "json": "json"}

#: the Lich King card abilities the form offers, named for the catalogue:
#: (on, do, army) as in the pack format, from the engine's vocabulary
_LK_NAMES = {("wars", "gain_lp_per_army_win"): "per_army_win", ("quest", "bonus_per_match"): "per_match",
             ("recruitment", "gain_lp"): "recruitment", ("end_of_game", "gain_lp"): "end_of_game"}
LK_ABILITIES = (("none", ""),) + tuple(
    (f"army_{army}", (on, do, army)) for on, do in LICH_KING_ABILITIES if do == "army_strength"
    for army in sorted(ARMIES, key=lambda a: a != "both")) + tuple(
    (_LK_NAMES[(on, do)], (on, do, None)) for on, do in LICH_KING_ABILITIES if do != "army_strength")
LK_ROWS = 4
END = 5                       # the turn value of the end of the game
#: the words of each end-of-game gain, by the engine's event key (``papertales.lich_king_end_gains``)
END_DETAIL = {"ev.end_card_gain": "solo.gains.detail.end_card", "ev.lich_king_card_end": "solo.gains.detail.lich_card_end"}


def lk_ability_options(lang: str | None = None) -> list[tuple[str, Any]]:
    return [(t(f"solo.lk_ability.{name}", lang), value) for name, value in LK_ABILITIES]


def turn_options(lang: str | None = None) -> list[tuple[str, int]]:
    return [(t("solo.companion.turn.recruitment", lang, turn=n), n) for n in range(1, 5)] + [
        (t("solo.end_of_game", lang), END)]


def _int(value=0, width="150px", dw="90px"):
    return W.IntText(value=value, layout=W.Layout(width=width), style={"description_width": dw})


def _text(value="", width="230px", dw="60px"):
    return W.Text(value=value, layout=W.Layout(width=width), style={"description_width": dw})


def _button(cls, style=""):
    b = W.Button(button_style=style, layout=W.Layout(width="auto"))
    b.add_class(cls)
    return b


def relabel(dropdown: W.Widget, options: Sequence[tuple[str, Any]]) -> None:
    """New labels for a selection widget's options, its value kept."""
    value = dropdown.value
    if list(dropdown.options) != list(options):
        dropdown.options = options
        if value in [v for _, v in options] and dropdown.value != value:
            dropdown.value = value


class PackUser(Protocol):
    """A panel a pack editor hands its pack to (the companion, a solo game, the stepper)."""

    def use_pack(self, pack: dict[str, Any]) -> None: ...


class Worded:
    """A panel whose widgets take their words from the catalogue: :meth:`_worded` records which
    message goes into which attribute (description, tooltip, placeholder), :meth:`_words`
    puts them there in ``self.lang``."""

    lang = "en"

    def _worded(self, widget, **keys):
        """``widget``, its attributes (``description="solo.form.id"`` ...) recorded to take
        these catalogue messages whenever :meth:`_words` runs."""
        if not hasattr(self, "_wording"):
            self._wording = []
        self._wording.append((widget, keys))
        return widget

    def _words(self) -> None:
        for widget, keys in getattr(self, "_wording", ()):
            for attr, key in keys.items():
                key, params = (key, {}) if isinstance(key, str) else key
                setattr(widget, attr, t(key, self.lang, **params))


def unit_options(cards: CardSet, lang: str | None = None) -> list[tuple[str, str]]:
    """``[(name, id)]`` of every unit (and artifact) of a card set, by name."""
    return sorted(((card_name(u, lang), u.id) for u in cards.units), key=lambda o: o[0])


def make_id(name: str, fallback: str) -> str:
    ident = "".join(ch if ch.isalnum() else "_" for ch in name.strip().lower()).strip("_")
    return ident or fallback


# ------------------------------------------------------------------ form pieces

class RequirementEditor(Worded, W.HBox):
    """A quest requirement: a kind and its value; combinations (all/any/not) as JSON."""

    def __init__(self, units: Iterable[tuple[str, str]] = (), lang: str | None = None, **kw: Any) -> None:
        super().__init__(**kw)
        self.lang = panel_language(lang)
        self.kind = self._worded(W.Dropdown(options=self._kinds(), value="", layout=W.Layout(width="290px"),
                                            style={"description_width": "45px"}), description="solo.form.quest")
        self.number = W.IntText(value=3, layout=W.Layout(width="60px"))
        self.resource = W.Dropdown(options=self._resources(), layout=W.Layout(width="90px"))
        self.phase = W.Dropdown(options=self._phases(), layout=W.Layout(width="130px"))
        self.card = W.Dropdown(options=list(units), layout=W.Layout(width="160px"))
        self.word = W.Text(value="relic", layout=W.Layout(width="110px"))
        self.json = W.Text(placeholder='{"any": [{"kind": "relic"}, {"kind": "artifact"}]}',
                           layout=W.Layout(width="330px"))
        self.kind.observe(lambda _c: self._show(), names="value")
        self.children = [self.kind, self.number, self.resource, self.phase, self.card, self.word, self.json]
        self._words()
        self._show()

    def _kinds(self):
        return [(t(f"solo.form.req.{k or 'none'}", self.lang), k) for k in REQUIREMENT_KINDS]

    def _resources(self):
        return [(t(f"solo.resource.{r}", self.lang), r) for r in RESOURCES]

    def _phases(self):
        return [(t(f"solo.form.phase.{p}", self.lang), p) for p in PHASE_NAMES]

    def set_language(self, lang: str, units: Sequence[tuple[str, str]] | None = None) -> None:
        self.lang = panel_language(lang)
        self._words()
        relabel(self.kind, self._kinds())
        relabel(self.resource, self._resources())
        relabel(self.phase, self._phases())
        if units is not None:
            self.set_units(units)

    def _show(self):
        shown = _VALUE_WIDGET.get(self.kind.value)
        for name in ("number", "resource", "phase", "card", "word", "json"):
            getattr(self, name).layout.display = None if name == shown else "none"

    def value_widgets(self) -> list[W.Widget]:
        return [self.kind, self.number, self.resource, self.phase, self.card, self.word, self.json]

    def set_units(self, units: Sequence[tuple[str, str]]) -> None:
        current = self.card.value
        self.card.options = list(units)
        if current in [u for _, u in units]:
            self.card.value = current

    @property
    def spec(self) -> Any:          # the pack's JSON requirement
        """The requirement as the pack's JSON spec (None: no quest).  Bad JSON raises
        ValueError; the engine checks the rest when the card is built."""
        k = self.kind.value
        if not k:
            return None
        if k == "json":
            text = self.json.value.strip()
            if not text:
                raise ValueError(t("solo.error.json_empty", self.lang))
            try:
                return json.loads(text)
            except json.JSONDecodeError as exc:
                raise ValueError(t("solo.error.json_bad", self.lang, msg=exc.msg, col=exc.colno)) from None
        return {k: getattr(self, _VALUE_WIDGET[k]).value}

    def set_spec(self, spec: Any) -> None:          # the pack's JSON requirement (None: no quest)
        if spec is None:
            self.kind.value = ""
            return
        if isinstance(spec, dict) and len(spec) == 1:
            (k, v), = spec.items()
            widget = _VALUE_WIDGET.get(k)
            ok = {"number": isinstance(v, int) and not isinstance(v, bool),
                  "resource": v in RESOURCES, "phase": v in PHASE_NAMES,
                  "card": v in [u for _, u in self.card.options],
                  "word": isinstance(v, str)}.get(widget, False)
            if ok:
                getattr(self, widget).value = v
                self.kind.value = k
                return
        self.json.value = json.dumps(spec)
        self.kind.value = "json"


class NecropolisForm(Worded, W.VBox):
    """One Necropolis card: name, pile, immediate gain, quest (requirement + LP), shields.
    With ``editor=True`` also its id and text (for a pack)."""

    def __init__(self, pile: str | None = None, units: Iterable[tuple[str, str]] = (), editor: bool = False,
                 lang: str | None = None, **kw: Any) -> None:
        super().__init__(**kw)
        self.lang = panel_language(lang)
        self.editor = editor
        self.card_id = self._worded(_text(width="220px", dw="25px"), description="solo.form.id",
                                    placeholder="solo.form.id_example_necropolis")
        self.card_name = self._worded(_text(width="220px", dw="45px"), description="solo.form.name",
                                      placeholder="solo.form.name_placeholder")
        self.pile = self._worded(W.Dropdown(options=PILES, value=pile or "1", disabled=pile is not None,
                                            layout=W.Layout(width="110px"), style={"description_width": "30px"}),
                                 description="solo.form.pile")
        self.immediate = self._worded(_int(0, "150px", "90px"), description="solo.form.immediate")
        self.requirement = RequirementEditor(units, lang=self.lang)
        self.quest_lp = self._worded(_int(1, "150px", "90px"), description="solo.form.lp_per_match")
        self.black = self._worded(_int(0, "105px", "42px"), description="solo.form.black")
        self.purple = self._worded(_int(0, "110px", "45px"), description="solo.form.purple")
        self.card_text = self._worded(_text(width="560px", dw="35px"), description="solo.form.text",
                                      placeholder="solo.form.text_placeholder")
        first = [self.card_id] if editor else []
        rows = [W.HBox(first + [self.card_name, self.pile, self.immediate, self.black, self.purple],
                       layout=W.Layout(flex_flow="row wrap")),
                W.HBox([self.requirement, self.quest_lp], layout=W.Layout(flex_flow="row wrap"))]
        if editor:
            rows.append(self.card_text)
        self.children = rows
        self._words()

    def set_language(self, lang: str, units: Sequence[tuple[str, str]] | None = None) -> None:
        self.lang = panel_language(lang)
        self._words()
        self.requirement.set_language(self.lang, units)

    def value_widgets(self) -> list[W.Widget]:
        return [self.card_id, self.card_name, self.pile, self.immediate, self.quest_lp, self.black,
                self.purple, self.card_text] + self.requirement.value_widgets()

    def watch(self, callback: Callable[..., object]) -> None:     # called with no argument
        """``callback()`` after any value of the form changes."""
        for w in self.value_widgets():
            w.observe(lambda _c: callback(), names="value")

    def spec(self) -> dict:
        """The card as a pack entry (``docs/card-packs.md``)."""
        name = self.card_name.value.strip() or t("solo.form.default_name", self.lang, pile=self.pile.value)
        ident = self.card_id.value.strip() if self.editor else ""
        spec = {"id": ident or make_id(name, f"necropolis_{self.pile.value}"), "name": name,
                "pile": self.pile.value, "immediate_lp": self.immediate.value,
                "black": self.black.value, "purple": self.purple.value}
        requirement = self.requirement.spec
        if requirement is not None:
            spec["quest"] = {"requirement": requirement, "lp": self.quest_lp.value}
        if self.editor and self.card_text.value.strip():
            spec["text"] = self.card_text.value.strip()
        return spec

    def card(self, where: str | None = None, pack_id: str = "companion") -> NecropolisCard:
        """The engine's card (raises the engine's PackError on a bad value)."""
        return necropolis_card(self.spec(), where or t("solo.form.necropolis_card", self.lang), pack_id)

    def load(self, spec: dict) -> None:
        self.card_id.value = spec.get("id", "")
        self.card_name.value = spec.get("name", spec.get("id", ""))
        if not self.pile.disabled and spec.get("pile") in PILES:
            self.pile.value = spec["pile"]
        self.immediate.value = spec.get("immediate_lp", 0)
        self.black.value = spec.get("black", 0)
        self.purple.value = spec.get("purple", 0)
        quest = spec.get("quest")
        self.requirement.set_spec(quest["requirement"] if quest else None)
        self.quest_lp.value = quest["lp"] if quest else 1
        self.card_text.value = spec.get("text", "")


# ------------------------------------------------------------------ companion mode

#: The solo rules' worked example of turn 2 (Lich King's gains and Wars), ready for
#: :meth:`CompanionPanel.enter`.  The rules show the values, not the requirements: those
#: here (a Miner; printed strength 3 or more) are ours.
RULES_EXAMPLE = {
    "cards": {
        "1": {"immediate_lp": 0, "black": 1, "purple": 1,
              "quest": {"requirement": {"card": "miner"}, "lp": 1}},
        "2": {"immediate_lp": 1, "black": 2, "purple": 3,
              "quest": {"requirement": {"strength_at_least": 3}, "lp": 2}},
        "3": {"immediate_lp": 0, "black": 4, "purple": 5},
    },
    "turn": 2,
    "netherworld": ["miner", "knight", "veteran", "treefolk", "farmer", "cook", "archer"],
    "strength": 6,
}


class CompanionPanel(Worded, W.VBox):
    """Score the Lich King of a physical solo game from the cards you enter.  ``lang``: en
    or pl (default: the lab's language); ``set_language`` shows it in another one."""

    def __init__(self, pack: dict[str, Any] | None = None, lang: str | None = None, **kw: Any) -> None:
        super().__init__(**kw)
        self.add_class("pt-companion")
        self.lang = panel_language(lang)
        self.messages = MessageBox()
        self.banner = W.HTML()
        self.pack = pack if pack is not None else builtin_pack(ILLUSTRATIVE_PACK)
        self.cards = card_set(self.pack)
        units = unit_options(self.cards, self.lang)
        self.forms: dict[str, NecropolisForm]
        self.fill: dict[str, W.Dropdown]
        self.origin: dict[str, bool | None]     # filled from the pack (illustrative?) or typed in: None
        self.heads: dict[str, W.HTML]
        self.forms, self.fill, self.origin, self.heads = {}, {}, {}, {}
        self._filling = False
        rows = []
        for pile in PILES:
            form = NecropolisForm(pile, units, lang=self.lang)
            fill = self._worded(W.Dropdown(layout=W.Layout(width="260px"), style={"description_width": "60px"}),
                                description="solo.companion.fill_from")
            fill.observe(lambda ch, pile=pile: self._on_fill(pile), names="value")
            form.watch(lambda pile=pile: self._edited(pile))
            self.forms[pile], self.fill[pile], self.origin[pile] = form, fill, None
            self.heads[pile] = W.HTML()
            rows.append(W.VBox([W.HBox([self.heads[pile], fill]), form],
                               layout=W.Layout(border="1px solid #d8c8e6", padding="4px", margin="2px 0")))
        self.turn = self._worded(W.Dropdown(options=turn_options(self.lang), value=1, layout=W.Layout(width="300px"),
                                            style={"description_width": "45px"}), description="solo.companion.score")
        self.lich_cards = self._worded(W.SelectMultiple(rows=4, layout=W.Layout(width="420px"),
                                                        style={"description_width": "110px"}),
                                       description="solo.lich_cards.title")
        self.netherworld = [W.Dropdown(options=[("—", "")] + units, value="", description=f"{i + 1}.",
                                       layout=W.Layout(width="200px"), style={"description_width": "22px"})
                            for i in range(7)]
        self.strength = self._worded(_int(0, "250px", "170px"), description="solo.companion.strength")
        self.score_button = self._worded(_button("pt-score", "primary"), description="solo.companion.score_button",
                                         tooltip="solo.companion.score_button")
        self.sheet_button = self._worded(_button("pt-add-sheet"), description="solo.companion.sheet_button",
                                         tooltip="solo.companion.sheet_tip")
        self.reset_button = self._worded(_button("pt-clear-sheet", "warning"), description="solo.companion.clear_button",
                                         tooltip="solo.companion.clear_button")
        self.score_button.on_click(self.score)
        self.sheet_button.on_click(self.add_to_sheet)
        self.reset_button.on_click(self.clear_sheet)
        self.result = W.HTML()
        self.fig_box = W.Box()
        self.fig = None
        self.wars_html = W.HTML()
        self.sheet_html = W.HTML()
        self.sheet: dict = {}              # turn -> {"recruitment": LP, "wars": LP} or {"end": LP}
        self.gains: Gains | None = None
        self.armies: Armies | None = None
        self.end_rows: list | None = None
        self.intro = W.HTML()
        self.nether_head = W.HTML()
        self.children = [self.intro, self.banner, *rows,
                         W.HBox([self.turn, self.lich_cards], layout=W.Layout(flex_flow="row wrap")),
                         self.nether_head,
                         W.HBox(self.netherworld, layout=W.Layout(flex_flow="row wrap")),
                         W.HBox([self.strength, self.score_button, self.sheet_button, self.reset_button],
                                layout=W.Layout(flex_flow="row wrap")),
                         self.messages, self.result, self.fig_box, self.wars_html, self.sheet_html]
        self._label()
        self._pack_options()
        self._show_banner()

    def _label(self) -> None:
        lang = self.lang
        self._words()
        button = Html(f"<b>{t_html('solo.companion.score_button', lang)}</b>")
        self.intro.value = swrap(f"<div class='pt-msg pt-info'>{t_html('solo.companion.intro', lang, score=button)}</div>")
        self.nether_head.value = swrap(f"<b>{t_html('solo.companion.netherworld', lang)}</b>")
        for pile, head in self.heads.items():
            when = t("solo.turn", lang, turn=pile) if pile != "E" else t("solo.end_of_game", lang)
            head.value = swrap(f"<b style='color:#5b2a86'>{t_html('solo.companion.card_head', lang, pile=pile)}</b> "
                               f"<span class='pt-muted'>({escape(when)})</span>")
        relabel(self.turn, turn_options(lang))

    def set_language(self, lang: str) -> None:
        """Show everything in ``lang`` (en, pl) from now on (what was scored is redrawn)."""
        self.lang = panel_language(lang)
        units = unit_options(self.cards, self.lang)
        self._filling = True
        try:
            for form in self.forms.values():
                form.set_language(self.lang, units)
            for dd in self.netherworld:
                relabel(dd, [("—", "")] + units)
            self._label()
            self._pack_options(keep=True)
        finally:
            self._filling = False
        self.fig = None
        self.fig_box.children = ()
        self._show_banner()
        if self.gains is not None or self.end_rows is not None:
            self.score()
        self._show_sheet()

    # -------------------------------------------------------------- cards

    def _pack_options(self, keep=False):
        self._filling = True
        try:
            for pile in PILES:
                cards = [c for c in self.pack["necropolis"] if c.pile == pile]
                options = [(t("solo.companion.own_values", self.lang), "")] + [
                    (card_name(c, self.lang), c.id) for c in cards]
                if keep:
                    relabel(self.fill[pile], options)
                else:
                    self.fill[pile].options = options
                    self.fill[pile].value = ""
            options = [(card_name(c, self.lang), c.id) for c in self.pack["lich_king_cards"]]
            if keep:
                chosen = self.lich_cards.value
                self.lich_cards.options = options
                self.lich_cards.value = chosen
            else:
                self.lich_cards.options = options
                self.lich_cards.value = ()
        finally:
            self._filling = False

    def use_pack(self, pack: dict[str, Any]) -> None:
        """Fill the forms from another pack (e.g. your own cards from the pack editor)."""
        self.pack = pack
        self.cards = card_set(pack)
        units = unit_options(self.cards, self.lang)
        for form in self.forms.values():
            form.requirement.set_units(units)
        for dd in self.netherworld:
            current = dd.value
            dd.options = [("—", "")] + units
            dd.value = current if current in [u for _, u in units] else ""
        self._pack_options()
        self._show_banner()

    def _spec_of(self, card) -> dict:
        spec = {"id": card.id, "name": card_name(card, self.lang), "pile": card.pile,
                "immediate_lp": card.immediate_lp, "black": card.black, "purple": card.purple}
        if card.quest is not None:
            spec["quest"] = {"requirement": card.requirement, "lp": card.quest_lp}
        return spec

    @guarded()
    def _on_fill(self, pile):
        if self._filling:
            return
        ident = self.fill[pile].value
        if not ident:
            return
        card = next(c for c in self.pack["necropolis"] if c.id == ident)
        self._filling = True
        try:
            self.forms[pile].load(self._spec_of(card))
        finally:
            self._filling = False
        self.origin[pile] = self.pack["illustrative"]
        self._show_banner()

    def _edited(self, pile):
        if not self._filling and self.origin[pile] is not None:
            self.origin[pile] = None          # your own value now
            self._filling = True
            try:
                self.fill[pile].value = ""
            finally:
                self._filling = False
            self._show_banner()

    def fill_from(self, **cards: str) -> None:
        """Fill rows from the pack's cards: ``fill_from(**{"1": "ashen_gate", "E": "world_tomb"})``."""
        for pile, ident in cards.items():
            self.fill[pile].value = ident

    def set_card(self, pile: str, spec: dict) -> None:
        """Enter a card's values from code (the pack format's fields: ``name``,
        ``immediate_lp``, ``quest`` = ``{"requirement": ..., "lp": ...}``, ``black``, ``purple``)."""
        if pile not in self.forms:
            raise ValueError(t("solo.error.pile", self.lang, piles=", ".join(PILES), pile=repr(pile)))
        self.forms[pile].load(spec)

    def set_netherworld(self, ids: Iterable[str]) -> None:
        """Enter the Netherworld cards from code (unit ids, at most 7)."""
        ids = list(ids)
        if len(ids) > len(self.netherworld):
            raise ValueError(t("solo.error.netherworld_7", self.lang, n=len(ids)))
        for dropdown, ident in zip(self.netherworld, ids + [None] * (len(self.netherworld) - len(ids))):
            dropdown.value = "" if ident is None else self.cards.unit(ident).id

    def enter(self, cards: Mapping[str, dict[str, Any]] | None = None, turn: int | None = None,
              netherworld: Iterable[str] | None = None, strength: int | None = None,
              lich_cards: Iterable[str] | None = None) -> None:
        """Enter everything from code: ``cards`` {pile: values} (see :meth:`set_card`), the
        turn (1-4, 5 = end of the game), the Netherworld (unit ids), your strength and the
        Lich King cards (ids of the loaded pack).  E.g. ``enter(**RULES_EXAMPLE)``."""
        for pile, spec in (cards or {}).items():
            self.set_card(pile, spec)
        if turn is not None:
            self.turn.value = turn
        if netherworld is not None:
            self.set_netherworld(netherworld)
        if strength is not None:
            self.strength.value = strength
        if lich_cards is not None:
            self.lich_cards.value = tuple(lich_cards)

    def score_text(self) -> str:
        """Score the chosen turn and say it in plain text (the engine's errors are raised)."""
        lang = self.lang
        self.messages.clear()
        self._score()
        if self.end_rows is not None:
            lines = [t("solo.companion.text.row", lang, cause=name, lp=lp, detail=detail)
                     for _, name, lp, detail in self.end_rows]
            return "\n".join(lines + [t("solo.companion.text.end", lang, n=sum(r[2] for r in self.end_rows))])
        lines = [t("solo.companion.text.row", lang, cause=name, lp=lp, detail=detail)
                 for _, name, lp, detail in cause_rows(self.gains, lang)]
        lines.append(t("solo.companion.text.recruitment", lang, n=self.gains.total, turn=self.gains.turn))
        you, lich, wars = self.armies.outcome()
        fights = "; ".join(f"{t(f'solo.army.{army}', lang)} {v}: {t(f'solo.armies.result.{who}', lang)}"
                           for army, v, who in wars)
        lines.append(t("solo.companion.text.wars", lang, strength=self.armies.strength, wars=fights,
                       you=you, lich=lich))
        return "\n".join(lines)

    def uses_illustrative(self) -> bool:
        return any(self.origin.values()) or bool(self.lich_cards.value and self.pack["illustrative"])

    def _show_banner(self):
        self.banner.value = swrap(illustrative_html([self.pack["title"]], self.lang) if self.uses_illustrative() else "")

    # -------------------------------------------------------------- scoring

    def line(self) -> list[NecropolisCard]:
        return [self.forms[p].card(t("solo.companion.card_head", self.lang, pile=p), "companion") for p in PILES]

    def chosen_lich_cards(self) -> list[LichKingCard]:
        by_id = {c.id: c for c in self.pack["lich_king_cards"]}
        return [by_id[i] for i in self.lich_cards.value]

    def netherworld_cards(self) -> list[UnitCard]:
        return [self.cards.unit(d.value) for d in self.netherworld if d.value]

    @guarded()
    def score(self, _b: object = None) -> None:
        """Compute what the Lich King scores for the chosen turn (errors shown in the panel)."""
        self.messages.clear()
        self._score()

    def _score(self):
        lang = self.lang
        self._show_banner()
        line = self.line()                 # the engine validates every card (PackError)
        lich_cards = self.chosen_lich_cards()
        turn = self.turn.value
        if self.fig is None:
            self.fig = gains_figure(lang)
            self.fig_box.children = [self.fig]
        if turn == END:
            cards = {c.id: c for c in (line[-1], *lich_cards)}
            rows = [(cause, card_name(cards[cause], lang), lp, t(END_DETAIL[key], lang))
                    for cause, lp, key in lich_king_end_gains(line, lich_cards)]
            self.gains, self.armies, self.end_rows = None, None, rows
            total = sum(r[2] for r in rows)
            update_gains_figure(self.fig, None, t("solo.companion.end_title", lang, n=total), lang=lang)
            self.result.value = swrap(h4(t_html("solo.end_of_game_title", lang)) + rows_table_html(rows, total, lang))
            self.wars_html.value = ""
            return
        netherworld = self.netherworld_cards()
        gains = gains_forecast(turn, line, turn - 1, turn, netherworld, lich_cards)
        self.gains, self.end_rows = gains, None
        update_gains_figure(self.fig, gains, t("solo.companion.title", lang, turn=turn, n=gains.total), self.cards,
                            lang)
        note = ""
        if len(netherworld) != 7:
            note = f"<div class='pt-msg pt-info'>{t_html('solo.companion.not_seven', lang, n=len(netherworld))}</div>"
        self.result.value = swrap(
            h4(t_html("solo.companion.turn.recruitment", lang, turn=turn)) + note
            + (matches_table_html(gains, self.cards, lang) if netherworld else "")
            + rows_table_html(cause_rows(gains, lang), gains.total, lang))
        # the Wars of that turn: the next card is revealed then
        black, purple, _ = army_parts(line, turn - 1, turn + 1, lich_cards, lang=lang)
        self.armies = Armies(turn, self.strength.value, black, purple, None, None, [], lp_per_army_win(lich_cards))
        self.wars_html.value = swrap(h4(t_html("solo.companion.wars_title", lang, turn=turn))
                                     + armies_text_html(self.armies, lang))

    @guarded()
    def add_to_sheet(self, _b: object = None) -> None:
        """Score the chosen turn and keep it on the score sheet (replacing that turn)."""
        self.messages.clear()
        self._score()
        turn = self.turn.value
        if turn == END:
            self.sheet[END] = {"end": sum(r[2] for r in self.end_rows)}
        else:
            self.sheet[turn] = {"recruitment": self.gains.total, "wars": self.armies.outcome()[1]}
        self._show_sheet()

    @guarded()
    def clear_sheet(self, _b: object = None) -> None:
        self.sheet = {}
        self._show_sheet()

    def sheet_total(self) -> int:
        return sum(v for entry in self.sheet.values() for v in entry.values())

    def _show_sheet(self):
        lang = self.lang
        if not self.sheet:
            self.sheet_html.value = ""
            return
        rows = []
        for turn in sorted(self.sheet):
            e = self.sheet[turn]
            if turn == END:
                rows.append(f"<tr data-turn='end'><td>{t_html('solo.end_of_game', lang)}</td><td></td><td></td>"
                            f"<td>+{e['end']}</td></tr>")
            else:
                rows.append(f"<tr data-turn='{turn}'><td>{t_html('solo.turn', lang, turn=turn)}</td>"
                            f"<td>+{e['recruitment']}</td><td>+{e['wars']}</td>"
                            f"<td>+{e['recruitment'] + e['wars']}</td></tr>")
        total = self.sheet_total()
        cols = "".join(f"<th>{escape(phase)}</th>" for phase in (
            phase_name("recruitment", lang), phase_name("wars", lang), t("solo.lp", lang)))
        self.sheet_html.value = swrap(
            h4(t_html("solo.companion.sheet_title", lang)) + "<table class='pt-table pt-sheet'>"
            f"<tr><th></th>{cols}</tr>" + "".join(rows)
            + f"</table><div class='pt-total' data-sheet-total='{total}'>"
              f"{t_html('solo.companion.sheet_total', lang, n=total)}</div>")


# ------------------------------------------------------------------ your own cards

class PackEditor(Worded, W.VBox):
    """Enter your own Necropolis and Lich King cards as a pack; validate, save, load, use.
    ``lang``: one of ``papertales.i18n.LANGUAGES`` (default: the lab's language); ``set_language`` shows it in another one."""

    # long: the editor's widgets built and laid out in the order the panel shows them
    def __init__(self, targets: Iterable[PackUser] = (), pack_id: str = "my-solo-cards", lang: str | None = None,
                 **kw: Any) -> None:
        super().__init__(**kw)
        self.add_class("pt-pack-editor")
        self.lang = panel_language(lang)
        self.messages = MessageBox()
        self.banner = W.HTML()
        self.targets = list(targets)
        self.pack: dict[str, Any] | None = None    # the last validated pack (load_pack's result)
        self.necropolis: list[dict] = []
        self.lich_king_cards: list[dict] = []
        self.extra: dict = {}                  # other parts of a loaded pack, kept as they are
        units = unit_options(card_set(), self.lang)
        self.pack_id = self._worded(_text(pack_id, "300px", "60px"), description="solo.editor.pack_id")
        self.title = self._worded(_text(t("solo.editor.default_title", self.lang), "420px", "40px"),
                                  description="solo.editor.title")
        self.illustrative = self._worded(W.Checkbox(value=False, indent=False), description="solo.editor.illustrative")
        self.source = self._worded(_text("", "560px", "60px"), description="solo.editor.source",
                                   placeholder="solo.editor.source_placeholder")
        self.illustrative.observe(lambda _c: self._show_banner(), names="value")
        # Necropolis cards
        self.necro_form = NecropolisForm(editor=True, units=units, lang=self.lang)
        self.necro_list = W.Select(options=[], rows=6, layout=W.Layout(width="420px"))
        self.necro_list.observe(self._on_pick_necro, names="value")
        self.add_necro = self._worded(_button("pt-add-necro", "primary"), description="solo.editor.add_necro",
                                      tooltip="solo.editor.add_necro")
        self.del_necro = self._worded(_button("pt-del-necro", "warning"), description="solo.editor.remove",
                                      tooltip="solo.editor.remove")
        self.add_necro.on_click(self.on_add_necro)
        self.del_necro.on_click(self.on_del_necro)
        # Lich King cards
        self.lk_id = self._worded(_text("", "220px", "25px"), description="solo.form.id",
                                  placeholder="solo.form.id_example_lich")
        self.lk_name = self._worded(_text("", "240px", "45px"), description="solo.form.name")
        self.lk_text = self._worded(_text("", "560px", "35px"), description="solo.form.text",
                                    placeholder="solo.form.text_placeholder")
        self.lk_abilities = [(self._worded(W.Dropdown(options=lk_ability_options(self.lang), value="",
                                                      layout=W.Layout(width="360px"), style={"description_width": "60px"}),
                                           description=("solo.editor.ability", {"n": i + 1})),
                              self._worded(W.IntText(value=1, layout=W.Layout(width="130px"),
                                                     style={"description_width": "55px"}),
                                           description="solo.editor.amount")) for i in range(LK_ROWS)]
        self.lk_list = W.Select(options=[], rows=4, layout=W.Layout(width="420px"))
        self.lk_list.observe(self._on_pick_lk, names="value")
        self.add_lk = self._worded(_button("pt-add-lk", "primary"), description="solo.editor.add_lk",
                                   tooltip="solo.editor.add_lk")
        self.del_lk = self._worded(_button("pt-del-lk", "warning"), description="solo.editor.remove",
                                   tooltip="solo.editor.remove")
        self.add_lk.on_click(self.on_add_lk)
        self.del_lk.on_click(self.on_del_lk)
        # the pack as JSON, files
        self.json = self._worded(W.Textarea(layout=W.Layout(width="100%", height="140px")),
                                 placeholder="solo.editor.json_placeholder")
        self.check_button = self._worded(_button("pt-check-pack", "info"), description="solo.editor.check",
                                         tooltip="solo.editor.check")
        self.load_button = self._worded(_button("pt-load-pack"), description="solo.editor.load_text",
                                        tooltip="solo.editor.load_text")
        self.start_button = self._worded(_button("pt-start-illustrative"), description="solo.editor.start",
                                         tooltip="solo.editor.start_tip")
        self.use_button = self._worded(_button("pt-use-pack", "success"), description="solo.editor.use",
                                       tooltip="solo.editor.use")
        self.upload = self._worded(W.FileUpload(accept=".json", multiple=False), description="solo.editor.upload")
        self.download = W.HTML()
        self.summary = W.HTML()
        self.check_button.on_click(self.on_check)
        self.load_button.on_click(self.on_load_text)
        self.start_button.on_click(self.on_start_illustrative)
        self.use_button.on_click(self.on_use)
        self.upload.observe(self.on_upload, names="value")
        self.heads = {k: W.HTML() for k in ("necropolis", "lich", "pack")}
        self.children = [
            self.banner,
            W.HBox([self.pack_id, self.title, self.illustrative], layout=W.Layout(flex_flow="row wrap")),
            self.source,
            self.heads["necropolis"], self.necro_form, W.HBox([self.add_necro, self.del_necro]), self.necro_list,
            self.heads["lich"], W.HBox([self.lk_id, self.lk_name]), self.lk_text,
            *[W.HBox([d, a]) for d, a in self.lk_abilities], W.HBox([self.add_lk, self.del_lk]), self.lk_list,
            self.heads["pack"], self.messages, self.summary,
            W.HBox([self.check_button, self.use_button, self.start_button], layout=W.Layout(flex_flow="row wrap")),
            self.json, W.HBox([self.load_button, self.download]),
            self.upload,
        ]
        self._label()
        self._show_lists()
        self._show_banner()

    def _label(self) -> None:
        self._words()
        for key, head in self.heads.items():
            head.value = swrap(h4(t_html(f"solo.editor.heading.{key}", self.lang)))
        for dropdown, _ in self.lk_abilities:
            relabel(dropdown, lk_ability_options(self.lang))

    def set_language(self, lang: str) -> None:
        """Show everything in ``lang`` (en, pl) from now on."""
        self.lang = panel_language(lang)
        self.necro_form.set_language(self.lang, unit_options(card_set(*self._packs()), self.lang))
        self._label()
        self._show_banner()
        if self.pack is not None:
            self._summarize(self.pack)

    def _packs(self):
        return [self.pack] if self.pack is not None else []

    # -------------------------------------------------------------- data

    def data(self) -> dict:
        """The pack as JSON data (``papertales-pack/1``)."""
        out = {"format": PACK_FORMAT, "id": self.pack_id.value.strip(), "title": self.title.value.strip(),
               "illustrative": self.illustrative.value}
        if self.source.value.strip():
            out["source"] = self.source.value.strip()
        out.update(copy.deepcopy(self.extra))
        out["necropolis"] = copy.deepcopy(self.necropolis)
        out["lich_king_cards"] = copy.deepcopy(self.lich_king_cards)
        return out

    def to_json(self) -> str:
        return json.dumps(self.data(), indent=1, ensure_ascii=False)

    def validate(self) -> dict:
        """The pack checked by the engine (``load_pack``); raises its PackError."""
        data = self.data()
        if not data["id"]:
            raise PackError(t("solo.error.pack_id", self.lang))
        if data["id"] in BUILTIN_PACKS:
            raise PackError(t("solo.error.builtin_id", self.lang, id=repr(data["id"])))
        pack = load_pack(copy.deepcopy(data), name=f"pack '{data['id']}'")
        card_set(pack)                     # ids unique across the packs of a game
        self.pack = pack
        return pack

    def load_data(self, data: object) -> None:
        """Fill the editor from pack data (validated by the engine first)."""
        if not isinstance(data, dict):
            raise PackError(t("solo.error.not_object", self.lang))
        pack = load_pack(copy.deepcopy(data), name=f"pack '{data.get('id', '?')}'")
        self.pack_id.value = data.get("id", "")
        self.title.value = data.get("title", data.get("id", ""))
        self.illustrative.value = bool(data.get("illustrative", False))
        self.source.value = data.get("source", "")
        self.necropolis = copy.deepcopy(data.get("necropolis", []))
        self.lich_king_cards = copy.deepcopy(data.get("lich_king_cards", []))
        self.extra = {k: copy.deepcopy(v) for k, v in data.items()
                      if k in ("units", "artifacts", "buildings", "incomplete")}
        units = unit_options(card_set(pack), self.lang)
        self.necro_form.requirement.set_units(units)
        self.pack = pack
        self._show_lists()
        self._show_banner()
        self._summarize(pack)

    # -------------------------------------------------------------- display

    def _show_banner(self):
        title = self.title.value or self.pack_id.value
        self.banner.value = swrap(illustrative_html([title], self.lang) if self.illustrative.value else "")

    def _show_lists(self):
        self.necro_list.options = [(f"{c.get('pile')}: {c.get('name', c.get('id'))} ({c.get('id')})", i)
                                   for i, c in enumerate(self.necropolis)]
        self.necro_list.value = None
        self.lk_list.options = [(f"{c.get('name', c.get('id'))} ({c.get('id')})", i)
                                for i, c in enumerate(self.lich_king_cards)]
        self.lk_list.value = None

    def _summarize(self, pack) -> None:
        lang = self.lang
        piles = {p: [c.name for c in pack["necropolis"] if c.pile == p] for p in PILES}
        missing = [p for p in PILES if not piles[p]]
        counts = ", ".join(t("solo.editor.pile_count", lang, pile=p, n=len(piles[p])) for p in PILES)
        if missing:
            ready = t_html("solo.editor.not_ready", lang, piles=", ".join(missing),
                           head=Html(f"<b>{t_html('solo.editor.not_ready_head', lang)}</b>"))
        else:
            ready = f"<b>{t_html('solo.editor.ready', lang)}</b>"
        n_necro, n_lich = len(pack["necropolis"]), len(pack["lich_king_cards"])
        accepts = t_html("solo.editor.accepts", lang, pack=Html(f"<b>{escape(pack['id'])}</b>"), counts=counts,
                         necropolis=t_html("solo.editor.n_necropolis", lang, n=n_necro),
                         lich=t_html("solo.editor.n_lich", lang, n=n_lich))
        self.summary.value = swrap(
            f"<div class='pt-msg pt-ok' data-necropolis='{n_necro}' data-lich-king-cards='{n_lich}'>"
            f"{accepts} {ready} {t_html('solo.editor.printed_counts', lang)}</div>")

    def _download_link(self) -> None:
        text = self.to_json()
        b64 = base64.b64encode(text.encode("utf-8")).decode("ascii")
        name = (self.pack_id.value.strip() or "my-solo-cards") + ".json"
        self.download.value = (f'<a download="{escape(name)}" href="data:application/json;base64,{b64}" '
                               f'style="margin-left:8px">⬇ {t_html("solo.editor.download", self.lang, file=name)}</a>')

    # -------------------------------------------------------------- callbacks: cards

    @guarded()
    def on_add_necro(self, _b: object = None) -> None:
        lang = self.lang
        self.messages.clear()
        spec = self.necro_form.spec()
        card = necropolis_card(spec, t("solo.editor.where_necro", lang, pack=self.pack_id.value or "pack"),
                               self.pack_id.value)
        replaced = [i for i, c in enumerate(self.necropolis) if c.get("id") == card.id]
        if replaced:
            self.necropolis[replaced[0]] = spec
        else:
            self.necropolis.append(spec)
        self._show_lists()
        quest = (t("solo.editor.quest_for", lang, req=requirement_text(card.requirement, lang=lang), lp=card.quest_lp)
                 if card.quest else t("solo.req.none", lang))
        self.messages.ok(t("solo.editor.necro_replaced" if replaced else "solo.editor.necro_added", lang,
                           card=card.name, pile=card.pile, immediate=card.immediate_lp, quest=quest,
                           black=card.black, purple=card.purple))

    @guarded()
    def on_del_necro(self, _b: object = None) -> None:
        i = self.necro_list.value
        if i is None:
            raise ValueError(t("solo.error.select_necro", self.lang))
        gone = self.necropolis.pop(i)
        self._show_lists()
        self.messages.ok(t("solo.editor.removed", self.lang, card=gone.get("name", gone.get("id"))))

    @guarded()
    def _on_pick_necro(self, _change: Mapping[str, Any] | None = None) -> None:
        i = self.necro_list.value
        if i is not None:
            self.necro_form.load(self.necropolis[i])

    def lk_spec(self) -> dict:
        name = self.lk_name.value.strip()
        spec = {"id": self.lk_id.value.strip() or make_id(name, "lich_king_card"), "name": name or self.lk_id.value.strip()}
        if self.lk_text.value.strip():
            spec["text"] = self.lk_text.value.strip()
        abilities = []
        for kind, amount in self.lk_abilities:
            if not kind.value:
                continue
            on, do, army = kind.value
            a = {"on": on, "do": do, "amount": amount.value}
            if army:
                a["army"] = army
            abilities.append(a)
        spec["abilities"] = abilities
        return spec

    def load_lk(self, spec: dict[str, Any]) -> None:
        self.lk_id.value = spec.get("id", "")
        self.lk_name.value = spec.get("name", "")
        self.lk_text.value = spec.get("text", "")
        known = {v: v for _, v in LK_ABILITIES if v}
        rows = list(spec.get("abilities", []))[:LK_ROWS]
        for (kind, amount), a in zip(self.lk_abilities, rows + [None] * (LK_ROWS - len(rows))):
            key = None if a is None else (a.get("on"), a.get("do"),
                                          a.get("army", "both") if a.get("do") == "army_strength" else None)
            kind.value = known.get(key, "")
            amount.value = a.get("amount", 1) if a else 1

    @guarded()
    def on_add_lk(self, _b: object = None) -> None:
        self.messages.clear()
        spec = self.lk_spec()
        card = lich_king_card(spec, t("solo.editor.where_lich", self.lang, pack=self.pack_id.value or "pack"),
                              self.pack_id.value)
        replaced = [i for i, c in enumerate(self.lich_king_cards) if c.get("id") == card.id]
        if replaced:
            self.lich_king_cards[replaced[0]] = spec
        else:
            self.lich_king_cards.append(spec)
        self._show_lists()
        self.messages.ok(t("solo.editor.lich_replaced" if replaced else "solo.editor.lich_added", self.lang,
                           card=card.name))

    @guarded()
    def on_del_lk(self, _b: object = None) -> None:
        i = self.lk_list.value
        if i is None:
            raise ValueError(t("solo.error.select_lich", self.lang))
        gone = self.lich_king_cards.pop(i)
        self._show_lists()
        self.messages.ok(t("solo.editor.removed", self.lang, card=gone.get("name", gone.get("id"))))

    @guarded()
    def _on_pick_lk(self, _change: Mapping[str, Any] | None = None) -> None:
        i = self.lk_list.value
        if i is not None:
            self.load_lk(self.lich_king_cards[i])

    # -------------------------------------------------------------- callbacks: the pack

    @guarded()
    def on_check(self, _b: object = None) -> None:
        self.messages.clear()
        self.json.value = self.to_json()
        pack = self.validate()
        self._summarize(pack)
        self._download_link()

    @guarded()
    def on_load_text(self, _b: object = None) -> None:
        self.messages.clear()
        text = self.json.value.strip()
        if not text:
            raise ValueError(t("solo.error.paste_first", self.lang))
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(t("solo.error.text_not_json", self.lang, error=exc)) from None
        self.load_data(data)
        self.messages.ok(t("solo.editor.loaded_text", self.lang))

    @guarded()
    def on_start_illustrative(self, _b: object = None) -> None:
        self.messages.clear()
        text = resources.files("papertales.data").joinpath("lich_king_illustrative.json").read_text(encoding="utf-8")
        data = json.loads(text)
        data["id"] = "my-solo-cards"
        data["title"] = t("solo.editor.started_title", self.lang)
        self.load_data(data)
        self.json.value = self.to_json()
        self.messages.info(t("solo.editor.started", self.lang))

    @guarded()
    def on_use(self, _b: object = None) -> None:
        self.messages.clear()
        pack = self.validate()
        self._summarize(pack)
        for target in self.targets:
            target.use_pack(pack)
        self.messages.ok(t("solo.editor.used", self.lang, pack=pack["id"], n=len(self.targets)))

    @guarded()
    def on_upload(self, _change: Mapping[str, Any] | None = None) -> None:
        upload = take_upload(self.upload)
        if upload is None:
            return
        self.messages.clear()
        name, content = upload
        name = name or t("solo.editor.uploaded_pack", self.lang)
        try:
            data = json.loads(bytes(content).decode("utf-8"))
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise ValueError(t("solo.error.file_not_json", self.lang, file=name, error=exc)) from None
        self.load_data(data)
        self.json.value = self.to_json()
        self.messages.ok(t("solo.editor.loaded", self.lang, file=name))
