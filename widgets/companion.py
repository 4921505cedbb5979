"""Companion mode for the physical solo game, and a form for your own solo cards.

* :class:`CompanionPanel`: you play the printed solo game at the table; enter the values
  of the Necropolis cards you drew (pile, immediate LP, quest requirement and LP, Black and
  Purple shields) and the 7 cards left in the Netherworld: the panel computes what the
  Lich King scores, with the breakdown (the engine's ``solo.recruitment_gains``), and the
  Wars against your strength.  A score sheet adds the turns up.
* :class:`PackEditor`: enter your own Necropolis and Lich King cards; every card and the
  whole pack are validated by the engine (its messages are shown in the panel); save and
  load the pack as JSON (``papertales-pack/1``, see ``docs/card-packs.md``), and hand it
  to a :class:`~papertales_widgets.lichking.SoloGame` and a :class:`CompanionPanel`.

The printed values of the solo cards are not known to the project: the built-in cards are
illustrative, and every panel says so when they are used.
"""

from __future__ import annotations

import base64
import copy
import json
from html import escape
from importlib import resources
from pathlib import Path

import ipywidgets as W

from papertales import PackError, load_pack
from papertales.cards import PACK_FORMAT, builtin_pack, card_set
from papertales.necropolis import PHASE_NAMES, PILES, lich_king_card, necropolis_card

from .base import MessageBox, guarded
from .lichking import (ILLUSTRATIVE_PACK, Armies, Gains, army_parts, armies_text_html, gains_figure,
                       illustrative_html, matches_table_html, per_army_win, requirement_text,
                       rows_table_html, swrap, update_gains_figure)

RESOURCES = ("wood", "food", "ore")
REQUIREMENT_KINDS = (
    ("no quest", ""),
    ("printed strength at least", "strength_at_least"),
    ("printed strength at most", "strength_at_most"),
    ("cost at least", "cost_at_least"),
    ("cost at most", "cost_at_most"),
    ("produces", "produces"),
    ("has an ability of the phase", "ability_phase"),
    ("is the card", "card"),
    ("has the kind (relic, artifact...)", "kind"),
    ("a combination (JSON)", "json"),
)
_VALUE_WIDGET = {"strength_at_least": "number", "strength_at_most": "number", "cost_at_least": "number",
                 "cost_at_most": "number", "produces": "resource", "ability_phase": "phase",
                 "card": "card", "kind": "word", "json": "json"}
_PHASE_LABELS = {"deployment": "Deployment", "wars": "Wars", "income": "Income",
                 "construction": "Construction", "aging": "Aging", "end_of_game": "end of game"}

LK_ABILITIES = (
    ("— no ability —", ""),
    ("both armies: + strength", ("wars", "army_strength", "both")),
    ("Black army: + strength", ("wars", "army_strength", "black")),
    ("Purple army: + strength", ("wars", "army_strength", "purple")),
    ("+ LP per army that wins its war", ("wars", "gain_lp_per_army_win", None)),
    ("+ LP per quest match", ("quest", "bonus_per_match", None)),
    ("+ LP in every Recruitment", ("recruitment", "gain_lp", None)),
    ("+ LP at the end of the game", ("end_of_game", "gain_lp", None)),
)
LK_ROWS = 4


def _int(description, value=0, width="150px", dw="90px"):
    return W.IntText(value=value, description=description, layout=W.Layout(width=width),
                     style={"description_width": dw})


def _text(description, value="", width="230px", dw="60px", placeholder=""):
    return W.Text(value=value, description=description, placeholder=placeholder,
                  layout=W.Layout(width=width), style={"description_width": dw})


def _button(label, cls, style="", tooltip=""):
    b = W.Button(description=label, button_style=style, tooltip=tooltip or label, layout=W.Layout(width="auto"))
    b.add_class(cls)
    return b


def unit_options(cards):
    """``[(name, id)]`` of every unit (and artifact) of a card set, by name."""
    return sorted(((u.name, u.id) for u in cards.units), key=lambda o: o[0])


def make_id(name: str, fallback: str) -> str:
    ident = "".join(ch if ch.isalnum() else "_" for ch in name.strip().lower()).strip("_")
    return ident or fallback


# ------------------------------------------------------------------ form pieces

class RequirementEditor(W.HBox):
    """A quest requirement: a kind and its value; combinations (all/any/not) as JSON."""

    def __init__(self, units=(), **kw):
        super().__init__(**kw)
        self.kind = W.Dropdown(options=REQUIREMENT_KINDS, value="", description="Quest",
                               layout=W.Layout(width="290px"), style={"description_width": "45px"})
        self.number = W.IntText(value=3, layout=W.Layout(width="60px"))
        self.resource = W.Dropdown(options=RESOURCES, layout=W.Layout(width="90px"))
        self.phase = W.Dropdown(options=[(_PHASE_LABELS[p], p) for p in PHASE_NAMES], layout=W.Layout(width="130px"))
        self.card = W.Dropdown(options=list(units), layout=W.Layout(width="160px"))
        self.word = W.Text(value="relic", layout=W.Layout(width="110px"))
        self.json = W.Text(placeholder='{"any": [{"kind": "relic"}, {"kind": "artifact"}]}',
                           layout=W.Layout(width="330px"))
        self.kind.observe(lambda _c: self._show(), names="value")
        self.children = [self.kind, self.number, self.resource, self.phase, self.card, self.word, self.json]
        self._show()

    def _show(self):
        shown = _VALUE_WIDGET.get(self.kind.value)
        for name in ("number", "resource", "phase", "card", "word", "json"):
            getattr(self, name).layout.display = None if name == shown else "none"

    def value_widgets(self):
        return [self.kind, self.number, self.resource, self.phase, self.card, self.word, self.json]

    def set_units(self, units) -> None:
        current = self.card.value
        self.card.options = list(units)
        if current in [u for _, u in units]:
            self.card.value = current

    @property
    def spec(self):
        """The requirement as the pack's JSON spec (None: no quest).  Bad JSON raises
        ValueError; the engine checks the rest when the card is built."""
        k = self.kind.value
        if not k:
            return None
        if k == "json":
            text = self.json.value.strip()
            if not text:
                raise ValueError("write the combined requirement as JSON, e.g. "
                                 '{"all": [{"cost_at_least": 1}, {"strength_at_least": 3}]}')
            try:
                return json.loads(text)
            except json.JSONDecodeError as exc:
                raise ValueError(f"the requirement is not valid JSON ({exc.msg}, column {exc.colno})") from None
        return {k: getattr(self, _VALUE_WIDGET[k]).value}

    def set_spec(self, spec) -> None:
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


class NecropolisForm(W.VBox):
    """One Necropolis card: name, pile, immediate gain, quest (requirement + LP), shields.
    With ``editor=True`` also its id and text (for a pack)."""

    def __init__(self, pile=None, units=(), editor=False, **kw):
        super().__init__(**kw)
        self.editor = editor
        self.card_id = _text("id", width="220px", dw="25px", placeholder="e.g. weeping_crypt")
        self.card_name = _text("Name", width="220px", dw="45px", placeholder="the card's name")
        self.pile = W.Dropdown(options=PILES, value=pile or "1", description="Pile", disabled=pile is not None,
                               layout=W.Layout(width="110px"), style={"description_width": "30px"})
        self.immediate = _int("Immediate LP", 0, "150px", "90px")
        self.requirement = RequirementEditor(units)
        self.quest_lp = _int("LP per match", 1, "150px", "90px")
        self.black = _int("Black", 0, "105px", "42px")
        self.purple = _int("Purple", 0, "110px", "45px")
        self.card_text = _text("Text", width="560px", dw="35px", placeholder="optional: the card in your words")
        first = [self.card_id] if editor else []
        rows = [W.HBox(first + [self.card_name, self.pile, self.immediate, self.black, self.purple],
                       layout=W.Layout(flex_flow="row wrap")),
                W.HBox([self.requirement, self.quest_lp], layout=W.Layout(flex_flow="row wrap"))]
        if editor:
            rows.append(self.card_text)
        self.children = rows

    def value_widgets(self):
        return [self.card_id, self.card_name, self.pile, self.immediate, self.quest_lp, self.black,
                self.purple, self.card_text] + self.requirement.value_widgets()

    def watch(self, callback) -> None:
        """``callback()`` after any value of the form changes."""
        for w in self.value_widgets():
            w.observe(lambda _c: callback(), names="value")

    def spec(self) -> dict:
        """The card as a pack entry (``docs/card-packs.md``)."""
        name = self.card_name.value.strip() or f"Necropolis {self.pile.value}"
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

    def card(self, where="Necropolis card", pack_id="companion"):
        """The engine's card (raises the engine's PackError on a bad value)."""
        return necropolis_card(self.spec(), where, pack_id)

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
        "1": {"name": "First card", "immediate_lp": 0, "black": 1, "purple": 1,
              "quest": {"requirement": {"card": "miner"}, "lp": 1}},
        "2": {"name": "Second card", "immediate_lp": 1, "black": 2, "purple": 3,
              "quest": {"requirement": {"strength_at_least": 3}, "lp": 2}},
        "3": {"name": "Third card", "immediate_lp": 0, "black": 4, "purple": 5},
    },
    "turn": 2,
    "netherworld": ["miner", "knight", "veteran", "treefolk", "farmer", "cook", "archer"],
    "strength": 6,
}

TURNS = (("Recruitment of turn 1", 1), ("Recruitment of turn 2", 2), ("Recruitment of turn 3", 3),
         ("Recruitment of turn 4", 4), ("end of the game", 5))


class CompanionPanel(W.VBox):
    """Score the Lich King of a physical solo game from the cards you enter."""

    def __init__(self, pack=None, **kw):
        super().__init__(**kw)
        self.add_class("pt-companion")
        self.messages = MessageBox()
        self.banner = W.HTML()
        self.pack = pack if pack is not None else builtin_pack(ILLUSTRATIVE_PACK)
        self.cards = card_set(self.pack)
        units = unit_options(self.cards)
        self.forms, self.fill, self.origin = {}, {}, {}
        self._filling = False
        rows = []
        for pile in PILES:
            form = NecropolisForm(pile, units)
            fill = W.Dropdown(description="fill from", layout=W.Layout(width="260px"),
                              style={"description_width": "60px"})
            fill.observe(lambda ch, pile=pile: self._on_fill(pile), names="value")
            form.watch(lambda pile=pile: self._edited(pile))
            self.forms[pile], self.fill[pile], self.origin[pile] = form, fill, None
            head = W.HTML(swrap(f"<b style='color:#5b2a86'>Necropolis card {pile}</b> "
                                f"<span class='pt-muted'>({'turn ' + pile if pile != 'E' else 'end of the game'})</span>"))
            rows.append(W.VBox([W.HBox([head, fill]), form],
                               layout=W.Layout(border="1px solid #d8c8e6", padding="4px", margin="2px 0")))
        self.turn = W.Dropdown(options=TURNS, value=1, description="Score", layout=W.Layout(width="300px"),
                               style={"description_width": "45px"})
        self.lich_cards = W.SelectMultiple(description="Lich King cards", rows=4, layout=W.Layout(width="420px"),
                                           style={"description_width": "110px"})
        self.netherworld = [W.Dropdown(options=[("—", "")] + units, value="", description=f"{i + 1}.",
                                       layout=W.Layout(width="200px"), style={"description_width": "22px"})
                            for i in range(7)]
        self.strength = _int("Your strength in the Wars", 0, "250px", "170px")
        self.score_button = _button("Score the Lich King", "pt-score", "primary")
        self.sheet_button = _button("Add to the score sheet", "pt-add-sheet", "", "keep this turn on the score sheet")
        self.reset_button = _button("Clear the score sheet", "pt-clear-sheet", "warning")
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
        intro = W.HTML(swrap("<div class='pt-msg pt-info'>Enter the values printed on the Necropolis cards of your "
                      "line (cards not revealed yet can stay empty), choose the turn, and pick the 7 cards "
                      "left in the Netherworld at the end of your Recruitment. <b>Score the Lich King</b> "
                      "shows what he scores, card by card; with your strength it also resolves the Wars "
                      "(the next card is revealed then).</div>"))
        self.children = [intro, self.banner, *rows,
                         W.HBox([self.turn, self.lich_cards], layout=W.Layout(flex_flow="row wrap")),
                         W.HTML(swrap("<b>The 7 cards left in the Netherworld</b>")),
                         W.HBox(self.netherworld, layout=W.Layout(flex_flow="row wrap")),
                         W.HBox([self.strength, self.score_button, self.sheet_button, self.reset_button],
                                layout=W.Layout(flex_flow="row wrap")),
                         self.messages, self.result, self.fig_box, self.wars_html, self.sheet_html]
        self._pack_options()
        self._show_banner()

    # -------------------------------------------------------------- cards

    def _pack_options(self):
        self._filling = True
        try:
            for pile in PILES:
                cards = [c for c in self.pack["necropolis"] if c.pile == pile]
                self.fill[pile].options = [("— your own values —", "")] + [(c.name, c.id) for c in cards]
                self.fill[pile].value = ""
            self.lich_cards.options = [(c.name, c.id) for c in self.pack["lich_king_cards"]]
            self.lich_cards.value = ()
        finally:
            self._filling = False

    def use_pack(self, pack) -> None:
        """Fill the forms from another pack (e.g. your own cards from the pack editor)."""
        self.pack = pack
        self.cards = card_set(pack)
        units = unit_options(self.cards)
        for form in self.forms.values():
            form.requirement.set_units(units)
        for dd in self.netherworld:
            current = dd.value
            dd.options = [("—", "")] + units
            dd.value = current if current in [u for _, u in units] else ""
        self._pack_options()
        self._show_banner()

    def _spec_of(self, card) -> dict:
        spec = {"id": card.id, "name": card.name, "pile": card.pile, "immediate_lp": card.immediate_lp,
                "black": card.black, "purple": card.purple}
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

    def fill_from(self, **cards) -> None:
        """Fill rows from the pack's cards: ``fill_from(**{"1": "ashen_gate", "E": "world_tomb"})``."""
        for pile, ident in cards.items():
            self.fill[pile].value = ident

    def set_card(self, pile: str, spec: dict) -> None:
        """Enter a card's values from code (the pack format's fields: ``name``,
        ``immediate_lp``, ``quest`` = ``{"requirement": ..., "lp": ...}``, ``black``, ``purple``)."""
        if pile not in self.forms:
            raise ValueError(f"pile must be one of {', '.join(PILES)}, got {pile!r}")
        self.forms[pile].load(spec)

    def set_netherworld(self, ids) -> None:
        """Enter the Netherworld cards from code (unit ids, at most 7)."""
        ids = list(ids)
        if len(ids) > len(self.netherworld):
            raise ValueError(f"the Netherworld holds 7 cards at the end of a Recruitment, got {len(ids)}")
        for dropdown, ident in zip(self.netherworld, ids + [None] * (len(self.netherworld) - len(ids))):
            dropdown.value = "" if ident is None else self.cards.unit(ident).id

    def enter(self, cards=None, turn=None, netherworld=None, strength=None, lich_cards=None) -> None:
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
        self.messages.clear()
        self._score()
        if self.end_rows is not None:
            lines = [f"{r['cause']}: +{r['lp']} LP, {r['detail']}" for r in self.end_rows]
            return "\n".join(lines + [f"The Lich King scores {sum(r['lp'] for r in self.end_rows)} LP at the end"])
        lines = [f"{r['cause']}: +{r['lp']} LP, {r['detail']}" for r in self.gains.rows]
        lines.append(f"The Lich King scores {self.gains.total} LP at the end of the Recruitment of turn {self.gains.turn}")
        you, lich, wars = self.armies.outcome()
        lines.append(f"Wars with strength {self.armies.strength}: " + "; ".join(f"{a} {v}: {t}" for a, v, t in wars)
                     + f" -> you +{you} LP, the Lich King +{lich} LP")
        return "\n".join(lines)

    def uses_illustrative(self) -> bool:
        return any(self.origin.values()) or bool(self.lich_cards.value and self.pack["illustrative"])

    def _show_banner(self):
        self.banner.value = swrap(illustrative_html([self.pack["title"]]) if self.uses_illustrative() else "")

    # -------------------------------------------------------------- scoring

    def line(self):
        return [self.forms[p].card(f"Necropolis card {p}", "companion") for p in PILES]

    def chosen_lich_cards(self):
        by_id = {c.id: c for c in self.pack["lich_king_cards"]}
        return [by_id[i] for i in self.lich_cards.value]

    def netherworld_cards(self):
        return [self.cards.unit(d.value) for d in self.netherworld if d.value]

    @guarded()
    def score(self, _b=None):
        """Compute what the Lich King scores for the chosen turn (errors shown in the panel)."""
        self.messages.clear()
        self._score()

    def _score(self):
        self._show_banner()
        line = self.line()                 # the engine validates every card (PackError)
        lich_cards = self.chosen_lich_cards()
        turn = self.turn.value
        if self.fig is None:
            self.fig = gains_figure()
            self.fig_box.children = [self.fig]
        if turn == 5:
            end = line[-1]
            rows = []
            if end.immediate_lp:
                rows.append({"cause": end.name, "lp": end.immediate_lp, "detail": "immediate gain of the End card",
                             "matches": []})
            rows += [{"cause": c.name, "lp": c.end_lp, "detail": "Lich King card, end of the game", "matches": []}
                     for c in lich_cards if c.end_lp]
            self.gains, self.armies, self.end_rows = None, None, rows
            total = sum(r["lp"] for r in rows)
            update_gains_figure(self.fig, None, f"End of the game: the Lich King scores {total} LP")
            self.result.value = swrap("<h4 style='margin:6px 0 2px'>End of the game</h4>" + rows_table_html(rows, total))
            self.wars_html.value = ""
            return
        netherworld = self.netherworld_cards()
        gains = Gains(turn, line, turn - 1, turn, netherworld, lich_cards)
        self.gains, self.end_rows = gains, None
        update_gains_figure(self.fig, gains, f"Turn {turn}: the Lich King scores {gains.total} LP", self.cards)
        note = ""
        if len(netherworld) != 7:
            note = (f"<div class='pt-msg pt-info'>{len(netherworld)} Netherworld card(s) entered: at the end "
                    "of a Recruitment the rules leave 7 there.</div>")
        self.result.value = swrap(
            f"<h4 style='margin:6px 0 2px'>Recruitment of turn {turn}</h4>{note}"
            + (matches_table_html(gains, self.cards) if netherworld else "")
            + rows_table_html(gains.rows, gains.total))
        # the Wars of that turn: the next card is revealed then
        black, purple, _ = army_parts(line, turn - 1, turn + 1, lich_cards)
        self.armies = Armies(turn, self.strength.value, black, purple, None, False, [], per_army_win(lich_cards))
        self.wars_html.value = swrap(f"<h4 style='margin:6px 0 2px'>Wars of turn {turn}</h4>"
                                     + armies_text_html(self.armies))

    @guarded()
    def add_to_sheet(self, _b=None):
        """Score the chosen turn and keep it on the score sheet (replacing that turn)."""
        self.messages.clear()
        self._score()
        turn = self.turn.value
        if turn == 5:
            self.sheet[5] = {"end": sum(r["lp"] for r in self.end_rows)}
        else:
            self.sheet[turn] = {"recruitment": self.gains.total, "wars": self.armies.outcome()[1]}
        self._show_sheet()

    @guarded()
    def clear_sheet(self, _b=None):
        self.sheet = {}
        self._show_sheet()

    def sheet_total(self) -> int:
        return sum(v for entry in self.sheet.values() for v in entry.values())

    def _show_sheet(self):
        if not self.sheet:
            self.sheet_html.value = ""
            return
        rows = []
        for turn in sorted(self.sheet):
            e = self.sheet[turn]
            if turn == 5:
                rows.append(f"<tr data-turn='end'><td>end of the game</td><td></td><td></td><td>+{e['end']}</td></tr>")
            else:
                rows.append(f"<tr data-turn='{turn}'><td>turn {turn}</td><td>+{e['recruitment']}</td>"
                            f"<td>+{e['wars']}</td><td>+{e['recruitment'] + e['wars']}</td></tr>")
        total = self.sheet_total()
        self.sheet_html.value = swrap(
            "<h4 style='margin:6px 0 2px'>Score sheet of the Lich King</h4><table class='pt-table pt-sheet'>"
            "<tr><th></th><th>Recruitment</th><th>Wars</th><th>LP</th></tr>" + "".join(rows)
            + f"</table><div class='pt-total' data-sheet-total='{total}'>The Lich King: {total} LP</div>")


# ------------------------------------------------------------------ your own cards

class PackEditor(W.VBox):
    """Enter your own Necropolis and Lich King cards as a pack; validate, save, load, use."""

    def __init__(self, targets=(), pack_id="my-solo-cards", **kw):
        super().__init__(**kw)
        self.add_class("pt-pack-editor")
        self.messages = MessageBox()
        self.banner = W.HTML()
        self.targets = list(targets)
        self.pack = None                       # the last validated pack (load_pack's result)
        self.necropolis: list[dict] = []
        self.lich_king_cards: list[dict] = []
        self.extra: dict = {}                  # other parts of a loaded pack, kept as they are
        units = unit_options(card_set())
        self.pack_id = _text("Pack id", pack_id, "300px", "60px")
        self.title = _text("Title", "My Army of the Lich King cards", "420px", "40px")
        self.illustrative = W.Checkbox(value=False, description="illustrative (invented values)", indent=False)
        self.source = _text("Source", "", "560px", "60px", "where the values come from")
        self.illustrative.observe(lambda _c: self._show_banner(), names="value")
        # Necropolis cards
        self.necro_form = NecropolisForm(editor=True, units=units)
        self.necro_list = W.Select(options=[], rows=6, layout=W.Layout(width="420px"))
        self.necro_list.observe(self._on_pick_necro, names="value")
        self.add_necro = _button("Add / replace this Necropolis card", "pt-add-necro", "primary")
        self.del_necro = _button("Remove the selected card", "pt-del-necro", "warning")
        self.add_necro.on_click(self.on_add_necro)
        self.del_necro.on_click(self.on_del_necro)
        # Lich King cards
        self.lk_id = _text("id", "", "220px", "25px", "e.g. endless_legions")
        self.lk_name = _text("Name", "", "240px", "45px")
        self.lk_text = _text("Text", "", "560px", "35px", "optional: the card in your words")
        self.lk_abilities = [(W.Dropdown(options=LK_ABILITIES, value="", description=f"Ability {i + 1}",
                                         layout=W.Layout(width="360px"), style={"description_width": "60px"}),
                              W.IntText(value=1, description="amount", layout=W.Layout(width="130px"),
                                        style={"description_width": "55px"})) for i in range(LK_ROWS)]
        self.lk_list = W.Select(options=[], rows=4, layout=W.Layout(width="420px"))
        self.lk_list.observe(self._on_pick_lk, names="value")
        self.add_lk = _button("Add / replace this Lich King card", "pt-add-lk", "primary")
        self.del_lk = _button("Remove the selected card", "pt-del-lk", "warning")
        self.add_lk.on_click(self.on_add_lk)
        self.del_lk.on_click(self.on_del_lk)
        # the pack as JSON, files
        self.json = W.Textarea(placeholder="the pack as JSON (papertales-pack/1)",
                               layout=W.Layout(width="100%", height="140px"))
        self.check_button = _button("Check and show the pack JSON", "pt-check-pack", "info")
        self.load_button = _button("Load the JSON text", "pt-load-pack")
        self.start_button = _button("Start from the illustrative cards", "pt-start-illustrative", "",
                                    "load the built-in invented cards as a starting point")
        self.use_button = _button("Use these cards to play and in the companion", "pt-use-pack", "success")
        self.path = _text("File", "my-solo-cards.json", "360px", "35px")
        self.save_button = _button("Save to file", "pt-save-file")
        self.open_button = _button("Load from file", "pt-load-file")
        self.upload = W.FileUpload(accept=".json", multiple=False, description="Upload a pack")
        self.download = W.HTML()
        self.summary = W.HTML()
        self.check_button.on_click(self.on_check)
        self.load_button.on_click(self.on_load_text)
        self.start_button.on_click(self.on_start_illustrative)
        self.use_button.on_click(self.on_use)
        self.save_button.on_click(self.on_save_file)
        self.open_button.on_click(self.on_load_file)
        self.upload.observe(self.on_upload, names="value")

        def h(text):
            return W.HTML(swrap(f"<h4 style='margin:8px 0 2px'>{text}</h4>"))

        self.children = [
            self.banner,
            W.HBox([self.pack_id, self.title, self.illustrative], layout=W.Layout(flex_flow="row wrap")),
            self.source,
            h("Necropolis cards"), self.necro_form, W.HBox([self.add_necro, self.del_necro]), self.necro_list,
            h("Lich King cards"), W.HBox([self.lk_id, self.lk_name]), self.lk_text,
            *[W.HBox([d, a]) for d, a in self.lk_abilities], W.HBox([self.add_lk, self.del_lk]), self.lk_list,
            h("The pack"), self.messages, self.summary,
            W.HBox([self.check_button, self.use_button, self.start_button], layout=W.Layout(flex_flow="row wrap")),
            self.json, W.HBox([self.load_button, self.download]),
            W.HBox([self.path, self.save_button, self.open_button, self.upload], layout=W.Layout(flex_flow="row wrap")),
        ]
        self._show_lists()
        self._show_banner()

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
            raise PackError("give the pack an id (e.g. my-solo-cards)")
        if data["id"] in ("base", ILLUSTRATIVE_PACK, "beyond-the-gates"):
            raise PackError(f"the id {data['id']!r} belongs to a built-in pack: choose another one")
        pack = load_pack(copy.deepcopy(data), name=f"pack '{data['id']}'")
        card_set(pack)                     # ids unique across the packs of a game
        self.pack = pack
        return pack

    def load_data(self, data) -> None:
        """Fill the editor from pack data (validated by the engine first)."""
        if not isinstance(data, dict):
            raise PackError("a pack must be a JSON object")
        pack = load_pack(copy.deepcopy(data), name=f"pack '{data.get('id', '?')}'")
        self.pack_id.value = data.get("id", "")
        self.title.value = data.get("title", data.get("id", ""))
        self.illustrative.value = bool(data.get("illustrative", False))
        self.source.value = data.get("source", "")
        self.necropolis = copy.deepcopy(data.get("necropolis", []))
        self.lich_king_cards = copy.deepcopy(data.get("lich_king_cards", []))
        self.extra = {k: copy.deepcopy(v) for k, v in data.items()
                      if k in ("units", "artifacts", "buildings", "incomplete")}
        units = unit_options(card_set(pack))
        self.necro_form.requirement.set_units(units)
        self.pack = pack
        self._show_lists()
        self._show_banner()
        self._summarize(pack)

    # -------------------------------------------------------------- display

    def _show_banner(self):
        title = self.title.value or self.pack_id.value
        self.banner.value = swrap(illustrative_html([title]) if self.illustrative.value else "")

    def _show_lists(self):
        self.necro_list.options = [(f"{c.get('pile')}: {c.get('name', c.get('id'))} ({c.get('id')})", i)
                                   for i, c in enumerate(self.necropolis)]
        self.necro_list.value = None
        self.lk_list.options = [(f"{c.get('name', c.get('id'))} ({c.get('id')})", i)
                                for i, c in enumerate(self.lich_king_cards)]
        self.lk_list.value = None

    def _summarize(self, pack) -> None:
        piles = {p: [c.name for c in pack["necropolis"] if c.pile == p] for p in PILES}
        missing = [p for p in PILES if not piles[p]]
        counts = ", ".join(f"pile {p}: {len(piles[p])}" for p in PILES)
        ready = (f"<b>Not ready for a solo game yet</b>: missing pile(s) {', '.join(missing)} "
                 "(a game draws one card of each pile 1, 2, 3, 4, E)." if missing
                 else "<b>Ready for a solo game.</b>")
        self.summary.value = swrap(
            f"<div class='pt-msg pt-ok' data-necropolis='{len(pack['necropolis'])}' "
            f"data-lich-king-cards='{len(pack['lich_king_cards'])}'>The engine accepts pack "
            f"<b>{escape(pack['id'])}</b>: {len(pack['necropolis'])} Necropolis card(s) ({counts}) and "
            f"{len(pack['lich_king_cards'])} Lich King card(s). {ready} The printed game has 20 Necropolis "
            "cards and 4 Lich King cards.</div>")

    def _download_link(self) -> None:
        text = self.to_json()
        b64 = base64.b64encode(text.encode("utf-8")).decode("ascii")
        name = (self.pack_id.value.strip() or "my-solo-cards") + ".json"
        self.download.value = (f'<a download="{escape(name)}" href="data:application/json;base64,{b64}" '
                               f'style="margin-left:8px">⬇ download {escape(name)}</a>')

    # -------------------------------------------------------------- callbacks: cards

    @guarded()
    def on_add_necro(self, _b=None):
        self.messages.clear()
        spec = self.necro_form.spec()
        card = necropolis_card(spec, f"{self.pack_id.value or 'pack'}: necropolis card", self.pack_id.value)
        replaced = [i for i, c in enumerate(self.necropolis) if c.get("id") == card.id]
        if replaced:
            self.necropolis[replaced[0]] = spec
        else:
            self.necropolis.append(spec)
        self._show_lists()
        quest = requirement_text(card.requirement) if card.quest else "no quest"
        self.messages.ok(f"{'Replaced' if replaced else 'Added'} {card.name} (pile {card.pile}: immediate "
                         f"{card.immediate_lp} LP, quest {quest}{f' for {card.quest_lp} LP' if card.quest else ''}, "
                         f"Black {card.black}, Purple {card.purple}).")

    @guarded()
    def on_del_necro(self, _b=None):
        i = self.necro_list.value
        if i is None:
            raise ValueError("select a Necropolis card in the list first")
        gone = self.necropolis.pop(i)
        self._show_lists()
        self.messages.ok(f"Removed {gone.get('name', gone.get('id'))}.")

    @guarded()
    def _on_pick_necro(self, _change=None):
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

    def load_lk(self, spec) -> None:
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
    def on_add_lk(self, _b=None):
        self.messages.clear()
        spec = self.lk_spec()
        card = lich_king_card(spec, f"{self.pack_id.value or 'pack'}: lich king card", self.pack_id.value)
        replaced = [i for i, c in enumerate(self.lich_king_cards) if c.get("id") == card.id]
        if replaced:
            self.lich_king_cards[replaced[0]] = spec
        else:
            self.lich_king_cards.append(spec)
        self._show_lists()
        self.messages.ok(f"{'Replaced' if replaced else 'Added'} the Lich King card {card.name}.")

    @guarded()
    def on_del_lk(self, _b=None):
        i = self.lk_list.value
        if i is None:
            raise ValueError("select a Lich King card in the list first")
        gone = self.lich_king_cards.pop(i)
        self._show_lists()
        self.messages.ok(f"Removed {gone.get('name', gone.get('id'))}.")

    @guarded()
    def _on_pick_lk(self, _change=None):
        i = self.lk_list.value
        if i is not None:
            self.load_lk(self.lich_king_cards[i])

    # -------------------------------------------------------------- callbacks: the pack

    @guarded()
    def on_check(self, _b=None):
        self.messages.clear()
        self.json.value = self.to_json()
        pack = self.validate()
        self._summarize(pack)
        self._download_link()

    @guarded()
    def on_load_text(self, _b=None):
        self.messages.clear()
        text = self.json.value.strip()
        if not text:
            raise ValueError("paste a pack (JSON) into the text box first")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"the text is not valid JSON: {exc}") from None
        self.load_data(data)
        self.messages.ok("Pack loaded from the text.")

    @guarded()
    def on_start_illustrative(self, _b=None):
        self.messages.clear()
        text = resources.files("papertales.data").joinpath("lich_king_illustrative.json").read_text(encoding="utf-8")
        data = json.loads(text)
        data["id"] = "my-solo-cards"
        data["title"] = "My solo cards (started from the illustrative ones)"
        self.load_data(data)
        self.json.value = self.to_json()
        self.messages.info("The illustrative cards are loaded: they are invented, NOT the printed cards. "
                           "Replace their values with those of your cards, then untick 'illustrative'.")

    @guarded()
    def on_use(self, _b=None):
        self.messages.clear()
        pack = self.validate()
        self._summarize(pack)
        for t in self.targets:
            t.use_pack(pack)
        where = f" ({len(self.targets)} panel{'s' if len(self.targets) != 1 else ''})" if self.targets else ""
        self.messages.ok(f"Pack {pack['id']} is now offered to the solo game and the companion{where}.")

    @guarded()
    def on_save_file(self, _b=None):
        self.messages.clear()
        self.validate()                    # never save a pack the engine refuses
        path = Path(self.path.value.strip() or "my-solo-cards.json").expanduser()
        path.write_text(self.to_json() + "\n", encoding="utf-8")
        self.messages.ok(f"Saved to {path}. Check it any time with: papertales pack check {path}")

    @guarded()
    def on_load_file(self, _b=None):
        self.messages.clear()
        path = Path(self.path.value.strip()).expanduser()
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise ValueError(f"{path}: no such file") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"{path}: not valid JSON ({exc})") from None
        self.load_data(data)
        self.json.value = self.to_json()
        self.messages.ok(f"Loaded {path}.")

    @guarded()
    def on_upload(self, _change=None):
        files = self.upload.value
        if not files:
            return
        self.messages.clear()
        f = files[0]
        try:
            data = json.loads(bytes(f["content"]).decode("utf-8"))
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise ValueError(f"{f.get('name', 'the file')}: not valid JSON ({exc})") from None
        self.load_data(data)
        self.json.value = self.to_json()
        self.messages.ok(f"Loaded {f.get('name', 'the uploaded pack')}.")
