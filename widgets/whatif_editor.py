"""What-if editor: build a position card by card and see what the phases would do.

The position is the documented JSON (``papertales-position/1``, docs/whatif-positions.md).
Every change re-evaluates it with the engine (``papertales.whatif.evaluate``): strength per
unit, resources, income, construction options, the Wars and Income previews, and the
Aging outcome with a choice for each Mystical Healer.  Positions the engine refuses
(too many units in the Front, more copies than the game has...) show its message.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import Any, cast

import ipywidgets as W

from papertales import BASE, Action, CardSet, Decision, Event, Game, PositionError
from papertales import render as R
from papertales.i18n import has, t
from papertales.render import escape
from papertales.position import FORMAT, MOST, game_from_position, position_of
from papertales.whatif import evaluate

from .base import MessageBox, Speaking, field_flag, guarded, replace_children, set_flag, wrap
from .gamefile import open_named, take_upload
from .variants import WhatIfExtras
from .wargraph import war_graph, WarGraph

_PREFIX = re.compile(r"^\[[^\]]*\] *")
#: the spots of the form, in the order shown, with their index in the engine
SPOTS = (("F1", 0), ("F2", 1), ("F3", 4), ("B1", 2), ("B2", 3))
LEVELS = (("app.wi.level.0", 0), ("app.wi.level.1", 1), ("app.wi.level.2", 2))


def card_options(cards: CardSet = BASE, lang: str | None = None) -> list[tuple[str, str]]:
    """The choices of a spot: empty, or a unit (name, cost, strength), sorted by name."""
    units = sorted(cards.units, key=lambda u: R.card_name(u, lang))
    return [(t("app.wi.empty", lang), "")] + [
        (t("app.wi.card_option", lang, name=R.card_name(u, lang), cost=u.cost, strength=u.strength), u.id)
        for u in units]


def _text(value: str, lang: str | None = None) -> str:
    """A title or lesson text: a catalogue key is put in words, anything else is shown as is."""
    return t(value, lang) if value and has(value, "en") else value


#: the form's whole numbers: (field, lowest, highest), as the position format allows
NUMBERS = {"gold": (0, MOST), "lp": (0, MOST), "age": (0, 20)}      # the engine's ranges
_WHOLE = re.compile(r"^\s*\d+\s*$")


def whole_number(text: str, field: str, lang: str | None = None) -> int:
    """The whole number typed into a box of the form; a ``ValueError`` in words saying
    what is allowed when it is not one (``2.5``, ``-1``, ``abc``, too large)."""
    lo, hi = NUMBERS[field]
    text = str(text)
    if _WHOLE.match(text) and lo <= int(text) <= hi:
        return int(text)
    raise ValueError(t("app.wi.whole_number", lang, lo=lo, hi=hi, value=text.strip() or "…"))


def _number_box(value: int, width: str) -> W.Text:
    """A box for a whole number.  A text box, not an IntText: the browser's number box shows
    one thing ("2.5" as "25") while the kernel keeps another; here what is shown is what the
    form reads, and anything else is refused beside the box."""
    box = W.Text(value=str(value), layout=W.Layout(width=width), continuous_update=True)
    box.add_class("pt-number")
    return box


class PlayerEditor(W.VBox):
    """The controls of one kingdom, each spot with its own card and age tokens (so the
    position is exactly what the form shows), and beside each control the place where its
    refusal appears."""

    def __init__(self, seat: int, on_change: Callable[[], object], cards: CardSet = BASE, lang: str | None = None) -> None:
        super().__init__()
        self.add_class("pt-player-editor")
        self.seat = seat
        self.cards_set = cards
        self.lang = R.lang_of(lang)
        self.name = W.Text(value=t("app.name.player", lang, n=seat + 1), layout=W.Layout(width="220px"))
        self.gold = _number_box(3, "150px")
        self.lp = _number_box(0, "150px")
        self.gold.add_class("pt-wi-gold")
        self.lp.add_class("pt-wi-lp")
        self.flags = {key: field_flag() for key in ("top", *(label for label, _ in SPOTS), "buildings")}
        self.kept: str | None = None       # the card kept for next turn: carried, not edited
        #: spot -> the card placed there face down in this Deployment (shown in its spot,
        #: written as a placement of the hand; choosing another card there drops it)
        self.placed: dict[str, str] = {}
        self.cards: dict[str, W.Dropdown] = {}
        self.ages: dict[str, W.Widget] = {}
        self.notes: dict[str, W.HTML] = {}  # spot -> "placed in this Deployment" (built when first needed)
        self.rows: dict[str, W.Widget] = {}
        for label, _ in SPOTS:
            c = W.Dropdown(options=card_options(cards, lang), value="", description=label,
                           layout=W.Layout(width="300px"))
            a = _number_box(0, "160px")
            a.style.description_width = "75px"
            c.add_class(f"pt-spot-{label}")
            a.add_class(f"pt-age-{label}")
            c.observe(lambda ch, label=label: self._card_changed(label, ch["new"]), names="value")
            self.cards[label], self.ages[label] = c, a
            self.rows[label] = W.HBox([c, a, self.flags[label]],
                                      layout=W.Layout(flex_flow="row wrap", align_items="center"))
        rows = list(self.rows.values())
        self.buildings = {}
        brow = []
        for b in cards.buildings:
            d = W.Dropdown(options=[(t(k, lang), v) for k, v in LEVELS], value=0, layout=W.Layout(width="200px"))
            self.buildings[b.id] = d
            brow.append(d)
        self.relabel(self.lang)
        self.children = [W.HBox([self.name, self.gold, self.lp, self.flags["top"]],
                                layout=W.Layout(flex_flow="row wrap", align_items="center")), *rows,
                         W.HBox(brow, layout=W.Layout(flex_flow="row wrap")), self.flags["buildings"]]
        for w in self.controls():
            w.observe(on_change, names="value")

    def relabel(self, lang: str) -> None:
        """Labels and choices in ``lang`` (the values stay)."""
        old, self.lang = self.lang, lang
        for key in ("app.name.player", "render.name.you"):     # a default name ("Player 2", "You")
            if self.name.value == t(key, old, n=self.seat + 1):
                self.name.value = t(key, lang, n=self.seat + 1)
        self.name.description = t("app.wi.name", lang)
        self.gold.description = t("render.gold_title", lang)
        self.lp.description = t("render.lp", lang)
        opts = card_options(self.cards_set, lang)
        for label, _ in SPOTS:
            value = self.cards[label].value
            self.cards[label].options = opts
            self.cards[label].value = value
            self.ages[label].description = t("app.wi.age_tokens", lang)
        for b in self.cards_set.buildings:
            d = self.buildings[b.id]
            value = d.value
            d.options = [(t(k, lang), v) for k, v in LEVELS]
            d.value = value
            d.description = R.card_name(b, lang)
        for note in self.notes.values():
            self._note_text(note)

    def _card_changed(self, label: str, card: str) -> None:
        """Another card chosen in a spot that held a placement: the placement is gone (the
        card chosen is a unit in play, or the spot is empty)."""
        if label in self.placed and card != self.placed[label]:
            del self.placed[label]
            self.show_placed(True)

    def show_placed(self, deploying: bool) -> None:
        """At Deployment, a placed card says so beside its spot (its age box is off: it
        has no tokens yet); at another phase it is a unit in play like the others."""
        for label, _ in SPOTS:
            mine = deploying and label in self.placed
            if mine and label not in self.notes:
                note = self.notes[label] = W.HTML()
                note.add_class("pt-placed-note")
                self._note_text(note)
                row = self.rows[label]
                row.children = row.children[:-1] + (note,) + row.children[-1:]
            if label in self.notes:
                self.notes[label].layout.display = None if mine else "none"
            self.ages[label].disabled = mine

    def _note_text(self, note) -> None:
        note.value = wrap(f"<span class='pt-muted'>{escape(t('app.wi.placed', self.lang))}</span>", css=False)

    def controls(self) -> list[W.Widget]:
        return [self.name, self.gold, self.lp, *self.cards.values(), *self.ages.values(),
                *self.buildings.values()]

    def read(self, problems: dict, deploying: bool = False) -> dict:
        """The player's part of the position, units keyed by the spot they are shown in
        (``deploying``: the cards placed in this Deployment as placements of the hand).
        A box that holds no allowed number goes into ``problems`` (flag -> words) instead."""
        out = {"name": self.name.value}
        placed = []
        for key, box in (("gold", self.gold), ("lp", self.lp)):
            try:
                out[key] = whole_number(box.value, key, self.lang)
            except ValueError as exc:
                problems.setdefault("top", []).append(f"{box.description}: {exc}")
        units = {}
        for label, _ in SPOTS:
            card = self.cards[label].value
            if deploying and card and self.placed.get(label) == card:
                placed.append((label, card))
                continue
            try:
                age = whole_number(self.ages[label].value, "age", self.lang)
            except ValueError as exc:
                problems.setdefault(label, []).append(f"{self.ages[label].description}: {exc}")
                age = 0
            card = self.cards[label].value
            if card:
                units[label] = {"card": card, "age": age} if age else card
        out["units"] = units
        if placed:
            out["hand"] = [card for _, card in placed]
            out["actions"] = [f"place {card} {label}" for label, card in placed]
        out["buildings"] = {bid: d.value for bid, d in self.buildings.items() if d.value}
        if self.kept:
            out["kept"] = self.kept
        return out

    def to_dict(self) -> dict:
        """The player's part of the position (refuses a box without an allowed number)."""
        problems: dict = {}
        out = self.read(problems)
        if problems:
            raise PositionError(" ".join(text for texts in problems.values() for text in texts))
        return out

    def show_problems(self, problems: dict) -> None:
        """Each refusal beside its control; the others emptied."""
        for key, flag in self.flags.items():
            set_flag(flag, " ".join(problems.get(key, ())))

    def set_from(self, pd: dict, placed: dict | None = None) -> None:
        """Show the player's part of a position; ``placed``: ``{spot: card}`` placed face
        down in this Deployment (see :func:`deployment_form`)."""
        self.placed = {}
        self.name.value = pd.get("name", t("app.name.player", self.lang, n=self.seat + 1))
        self.gold.value = str(pd.get("gold", 3))
        self.lp.value = str(pd.get("lp", 0))
        units = dict(spot_units(pd), **(placed or {}))
        for label, _ in SPOTS:
            entry = units.get(label)
            if isinstance(entry, dict):
                card, age = entry.get("card"), entry.get("age", 0)
            else:
                card, age = entry, 0
            self.cards[label].value = card or ""
            self.ages[label].value = str(age)
        for bid, d in self.buildings.items():
            d.value = pd.get("buildings", {}).get(bid, 0)
        self.kept = pd.get("kept")
        self.placed = dict(placed or {})
        self.show_placed(True)


def spot_units(pd: dict) -> dict:
    """``{spot: unit}`` of a player entry written with ``units`` or ``front``/``back``."""
    if "units" in pd:
        return {str(k).upper(): v for k, v in pd["units"].items()}
    out = {}
    for line, spots in (("front", ("F1", "F2", "F3")), ("back", ("B1", "B2"))):
        for spot, entry in zip(spots, pd.get(line, [])):
            out[spot] = entry
    return out


def _card_id(entry: Any, cards: CardSet = BASE) -> Any:      # JSON as written; its id when it names a card
    """A card of a written hand (an id, a name, or ``{"card": ...}``) as its id."""
    if isinstance(entry, dict):
        entry = entry.get("card")
    try:
        return cards.unit(entry).id
    except (KeyError, AttributeError, TypeError):
        return entry


def deployment_form(pos: dict[str, Any], written: object = None,
                    cards: CardSet = BASE) -> list[tuple[dict[str, str], list[Any], list[str]]]:
    """What the form shows of each player of a position at Deployment: ``(placed, hand,
    actions)``, the cards placed face down in this Deployment by spot (shown in their
    spots), the cards still in hand and the actions after the placements (``done`` or
    ``done CARD`` once said).  ``pos`` is the position as the engine writes it back
    (``position_of``: placements by spot); the hand is taken as ``written`` when it says
    one (cards left unplaced are discarded only when the player says ``done``)."""
    players = written.get("players") if isinstance(written, dict) else None
    players = players if isinstance(players, list) else []
    out: list[tuple[dict[str, str], list[Any], list[str]]] = []
    for i, pd in enumerate(pos["players"]):
        wd = players[i] if i < len(players) and isinstance(players[i], dict) else {}
        placed: dict[str, str] = {}
        actions: list[str] = []
        if "place" in pd:                       # placed, then "done"
            placed, actions = {str(k).upper(): v for k, v in pd["place"].items()}, ["done"]
        for text in pd.get("actions", []):
            words = str(text).split()
            if len(words) == 3 and words[0] == "place":
                placed[words[2].upper()] = words[1]
            else:
                actions.append(text)
        hand = [_card_id(c, cards) for c in (wd["hand"] if isinstance(wd.get("hand"), list) else pd.get("hand", []))]
        for card in placed.values():
            if card in hand:
                hand.remove(card)
        out.append((placed, hand, actions))
    return out


def as_lines(pd: dict) -> dict:
    """A player entry for a file: ``front``/``back`` lists when no spot is left empty before
    an occupied one (as the documentation's examples), else ``units`` by spot."""
    units = pd.get("units", {})
    front = [units.get(s) for s in ("F1", "F2", "F3")]
    back = [units.get(s) for s in ("B1", "B2")]

    def in_order(line):
        return all(x is not None for x in line[:len([y for y in line if y is not None])])

    if not (in_order(front) and in_order(back)):
        return pd
    out = {k: v for k, v in pd.items() if k != "units"}
    out["front"] = [u for u in front if u is not None]
    out["back"] = [u for u in back if u is not None]
    return out


#: where an engine refusal names a field of the form: ``players[0].units.F3: ...``
_WHERE = re.compile(r"^players\[(\d+)\]\.?([A-Za-z_]*)(?:[.\[]([A-Za-z0-9_]+))?[^:]*: *")
#: which flag of a player's form shows a refusal about each field
_FIELD_FLAG = {"gold": "top", "lp": "top", "name": "top", "buildings": "buildings"}


def refusal_place(text: str) -> tuple[int | None, str | None, str]:
    """``(seat, flag, text without its field path)`` of an engine refusal that names a field
    of the form, else ``(None, None, text)``."""
    m = _WHERE.match(text)
    if not m:
        return None, None, text
    seat, field, sub = int(m.group(1)), m.group(2), m.group(3)
    rest = text[m.end():]
    if field == "units" and sub and sub.upper() in dict(SPOTS):
        return seat, sub.upper(), rest
    if field in _FIELD_FLAG:
        return seat, _FIELD_FLAG[field], rest
    if field in ("hand", "place", "actions", "choices", "kept"):
        return seat, "extras", rest
    return seat, "top", rest


def aging_outcome(position: dict[str, Any], choices: dict[int, int] | None = None
                  ) -> tuple[Game, Game, list[Event], dict[int, list[Action]]]:
    """Run the Aging phase of ``position`` with the Mystical Healers' ``choices``
    (``{seat: spot}``; missing = pass).  Returns ``(game before, game after, events,
    {seat: [legal save actions]})``."""
    choices = choices or {}
    pos = dict(position, phase="aging")
    before = game_from_position(pos)
    g = before.clone()
    start = len(g.events)
    options: dict[int, list[Action]] = {}
    g.advance(until="phase")
    used: set[int] = set()
    while g.pending_players():
        for seat in g.pending_players():
            d = cast(Decision, g.decision(seat))     # a pending player's
            legal = g.legal_actions(seat)
            if d.kind == "save":
                options.setdefault(seat, [a for a in legal if a.kind == "save"])
            want = choices.get(seat)
            action = Action("pass")
            if d.kind == "save" and want is not None and seat not in used and Action("save", want) in legal:
                action = Action("save", want)
                used.add(seat)
            elif d.kind != "save":
                action = legal[0]
            g.apply(seat, action)
        g.advance(until="phase")
    return before, g, g.events[start:], options


# long: the editor's form, its checks and its preview of one position, which they all share
class WhatIfEditor(Speaking, W.VBox):
    """Build a position by choosing cards into spots, age tokens, buildings and levels,
    gold; see strength, wars, income, construction options and the aging outcome update
    live.  Save / load the position as JSON (text box or file).  ``title`` and ``lesson``
    may be catalogue keys (the prepared lessons), shown in the editor's language."""

    def __init__(self, position: dict | str | None = None, title: str = "", lesson: str = "", lang: str | None = None, **kw: Any) -> None:
        super().__init__(**kw)
        lang = self._init_language(lang)
        self.add_class("pt-whatif")
        self.messages = MessageBox(lang=lang)
        self._loading = False
        self.note = ""
        self.title, self.lesson = title, lesson
        self.players = W.Dropdown(options=[2, 3, 4, 5], value=2, layout=W.Layout(width="150px"))
        self.turn = W.Dropdown(options=[1, 2, 3, 4], value=1, layout=W.Layout(width="150px"))
        self.editors = [PlayerEditor(i, self._on_change, lang=lang) for i in range(5)]
        self.tabs = W.Tab()
        self.players.observe(self._on_players, names="value")
        self.turn.observe(self._on_change, names="value")
        self.healer_box = W.VBox()
        self.healer_choices: dict[int, W.Dropdown] = {}
        self.board = W.HTML()
        self.results = W.HTML()
        self.results.add_class("pt-whatif-results")
        self.wars = WarGraph(lang=lang)
        self.json = W.Textarea(layout=W.Layout(width="100%", height="160px"))
        self.json.add_class("pt-position-json")
        self.b_save = W.Button()
        self.b_load = W.Button(button_style="primary")
        self.b_save.on_click(lambda _b: self.save_text())
        self.b_load.on_click(lambda _b: self.load_text())
        # files go through the browser: a download link and an upload, never a server path
        self.download = W.HTML()
        self.download.add_class("pt-download")
        self.upload = W.FileUpload(accept=".json,application/json", multiple=False, layout=W.Layout(width="auto"))
        self.upload.add_class("pt-upload")
        self.upload.observe(self._on_upload, names="value")
        self.header = W.HTML()
        self.io_messages = MessageBox(lang=lang)      # a refused file or text: beside its buttons
        self.io_messages.add_class("pt-io-messages")
        self.io = W.Accordion(children=[W.VBox([W.HBox([self.b_save, self.b_load]), self.io_messages, self.json,
                                                W.HBox([self.download, self.upload],
                                                       layout=W.Layout(flex_flow="row wrap", align_items="center"))])])
        self.io.selected_index = None
        self.extras = WhatIfExtras(self._on_change, lang=lang)    # phase, hands, choices, rule variants
        self.stale_note = W.HTML(layout=W.Layout(display="none"))  # why the results below are greyed
        self.stale_note.add_class("pt-stale-label")
        self.children = [self.header, W.HBox([self.players, self.turn]), self.tabs, self.extras, self.messages,
                         self.stale_note, self.board, self.healer_box, self.results, self.wars, self.io]
        self.game: Game | None = None
        self.evaluation: dict[str, Any] | None = None
        self.stale: str | None = None             # None, or why the results are not those of the form
        self._drawn: tuple[dict[str, Any], str] | None = None            # (position, language) of the results shown
        self._labels()
        self._show_tabs()
        if position is not None:
            self.load(position)
        else:
            self.update()

    def _labels(self) -> None:
        lang = self.lang
        self.players.description = t("app.wi.players", lang)
        self.turn.description = t("app.wi.turn", lang)
        self.json.placeholder = t("app.wi.json_placeholder", lang, format=FORMAT)
        for b, key in ((self.b_save, "to_text"), (self.b_load, "load_text")):
            b.description = b.tooltip = t(f"app.wi.{key}", lang)
        self.upload.description = t("app.wi.load_file", lang)
        self.upload.tooltip = t("app.wi.upload_tip", lang)
        self.io.set_title(0, t("app.wi.saveload", lang))
        title, lesson = _text(self.title, lang), _text(self.lesson, lang)
        self.header.value = (wrap(f"<h3 style='margin:4px 0'>{escape(title)}</h3><div>{lesson}</div>")
                             if title or lesson else "")

    def relabel(self) -> None:
        self._loading = True
        try:
            self._labels()
            for e in self.editors:
                e.relabel(self.lang)
            self.extras.set_language(self.lang)
            self.io_messages.set_language(self.lang)
            self.healer_choices = {}
        finally:
            self._loading = False
        self._show_tabs()

    def redraw(self) -> None:
        self.wars.set_language(self.lang)
        refused = self.stale == "app.wi.stale_refused"
        self.update()
        if refused and self.stale is None:
            self._mark_stale("app.wi.stale_refused")

    # -------------------------------------------------------------- position <-> controls

    def position(self, problems: dict | None = None) -> dict:
        """The position the form shows, units keyed by their spot.  A box without an allowed
        number is refused (``PositionError``), or put into ``problems`` (``{seat: {flag:
        [words]}}``) when given."""
        collect = {} if problems is None else problems
        players = []
        deploying = self.extras.phase.value == "deployment"
        for e in self.editors[:self.players.value]:
            mine: dict = {}
            e.show_placed(deploying)
            players.append(e.read(mine, deploying))
            if mine:
                collect[e.seat] = mine
        if problems is None and collect:
            raise PositionError(" ".join(x for seat in collect.values() for xs in seat.values() for x in xs))
        pos = {"format": FORMAT, "turn": self.turn.value, "phase": "wars", "players": players}
        if self.note:
            pos["note"] = self.note
        try:
            return self.extras.apply(pos)
        except PositionError as exc:
            if problems is None:
                raise
            seat, flag, rest = refusal_place(str(exc))
            collect.setdefault(seat or 0, {}).setdefault(flag or "top", []).append(rest)
            return pos

    def file_position(self) -> dict:
        """The position as saved to a file: ``front``/``back`` lists where they say it all."""
        pos = self.position()
        pos["players"] = [as_lines(pd) for pd in pos["players"]]
        return pos

    def _show_tabs(self) -> None:
        n = self.players.value
        self.tabs.children = self.editors[:n]
        for i in range(n):
            self.tabs.set_title(i, self.editors[i].name.value or self.t("app.name.player", n=i + 1))

    @guarded()
    def load(self, position: dict[str, Any] | str | bytes) -> None:
        """Load a position (dict or JSON text).  The engine checks it first: a refused
        position leaves the editor as it was."""
        self._load(position)

    def _load(self, position) -> None:
        if isinstance(position, (str, bytes)):
            try:
                data = json.loads(position)
            except (ValueError, RecursionError) as exc:     # not JSON, a 5,000-digit number, nested too deep
                raise PositionError(self.t("app.wi.bad_json", error=str(exc) or type(exc).__name__)) from None
        else:
            data = position
        game = game_from_position(data)            # validates (raises PositionError)
        pos = position_of(game)
        self._check_editable(game, pos)            # refuses, before changing anything, what it cannot show
        self._loading = True
        try:
            self.note = data.get("note", "") if isinstance(data, dict) else ""
            self.players.value = game.n
            self.turn.value = pos["turn"]
            form = deployment_form(pos, data, game.cards) if pos["phase"] == "deployment" else \
                [({}, [], [])] * game.n
            for e, pd, (placed, _, _) in zip(self.editors, pos["players"], form):
                e.set_from(pd, placed)
            for e in self.editors[game.n:]:
                e.set_from({})
            self.extras.set_from(pos, data, [(hand, actions) for _, hand, actions in form])
        finally:
            self._loading = False
        self.healer_choices = {}
        self.io_messages.clear()
        self._show_tabs()
        self.update()

    def _check_editable(self, game, pos) -> None:
        """The editor shows 2 to 5 players of the base game: anything else would be changed
        silently when shown, so it is refused (the command line evaluates it).  A position
        at Recruitment is shown from Wars, as the kingdoms stand."""
        why = None
        if game.lich is not None:
            why = self.t("app.wi.why.solo")
        elif game.options.get("expansion"):
            why = self.t("app.wi.why.expansion")
        elif not 2 <= game.n <= 5:
            why = self.t("app.wi.why.players", n=game.n)
        elif any(b not in self.editors[0].buildings for pd in pos["players"] for b in pd.get("buildings", {})):
            why = self.t("app.wi.why.buildings")
        if why is not None:
            raise PositionError(self.t("app.wi.cannot_show", why=why))

    # -------------------------------------------------------------- callbacks

    @guarded()
    def _on_players(self, _change: Mapping[str, Any] | None = None) -> None:
        if self._loading:
            return
        self._show_tabs()
        self.update()

    def _on_change(self, _change: Mapping[str, Any] | None = None) -> None:
        if self._loading:
            return
        self.update()

    @guarded("io_messages")
    def save_text(self) -> str:
        text = json.dumps(self.file_position(), indent=2)
        self.json.value = text
        self.io_messages.clear()
        return text

    @guarded("io_messages")
    def load_text(self) -> None:
        if not self.json.value.strip():
            raise PositionError(self.t("app.wi.paste_first"))
        self._load_refusable(self.json.value)

    def _load_refusable(self, content) -> None:
        """Load, or say beside the buttons why not and label the results as the form's."""
        try:
            self._load(content)
        except Exception:
            self._mark_stale("app.wi.stale_refused")
            raise

    def save_file(self, pos: dict | None = None) -> str:
        """A download link (a data URL) holding the position (default: the form's) as
        JSON: the browser saves it; nothing is written on the server."""
        import base64
        pos = self.file_position() if pos is None else dict(pos, players=[as_lines(pd) for pd in pos["players"]])
        data = base64.b64encode((json.dumps(pos, indent=2) + "\n").encode("utf-8")).decode("ascii")
        label = escape(self.t("app.wi.save_file"))
        self.download.value = wrap(f'<a class="pt-download-link pt-linkbutton" download="position.json" '
                                   f'href="data:application/json;base64,{data}" '
                                   f'>⬇ {label}</a>', css=False)
        return self.download.value

    @guarded("io_messages")
    def load_file(self, content: bytes | str) -> None:
        """Load a position from a file's bytes (the browser's upload); only parsed, never
        used as a path."""
        self._read_file(content)

    def _read_file(self, content) -> None:
        if isinstance(content, memoryview):
            content = content.tobytes()
        if isinstance(content, (bytes, bytearray)):
            try:
                content = bytes(content).decode("utf-8")
            except UnicodeDecodeError:
                self._mark_stale("app.wi.stale_refused")
                raise PositionError(self.t("app.wi.not_text")) from None
        self._load_refusable(content)

    @guarded("io_messages")
    def _on_upload(self, change: Mapping[str, Any] | None = None) -> None:
        upload = take_upload(self.upload, change)
        if upload is not None:
            name, content = upload
            open_named(name, lambda: self._read_file(content), PositionError)

    # -------------------------------------------------------------- evaluation

    def _mark_stale(self, key: str) -> None:
        """Grey the board and results and say above them why they are not the form's."""
        self.stale = key
        for w in (self.board, self.results, self.wars):
            w.add_class("pt-stale")
        self.stale_note.value = wrap(f"<div class='pt-msg pt-stale-note'>⚠ {escape(self.t(key))}</div>", css=False)
        self.stale_note.layout.display = None

    def _fresh(self) -> None:
        self.stale = None
        for w in (self.board, self.results, self.wars):
            w.remove_class("pt-stale")
        self.stale_note.value = ""
        self.stale_note.layout.display = "none"

    def _tab_titles(self, problems: dict) -> None:
        """Each player's name on its tab, with ⚠ while a control of that tab is refused."""
        for i, e in enumerate(self.editors[:self.players.value]):
            title = e.name.value + (" ⚠" if i in problems else "")
            if self.tabs.get_title(i) != title:
                self.tabs.set_title(i, title)

    def _show_problems(self, problems: dict) -> None:
        for e in self.editors:
            e.show_problems(problems.get(e.seat, {}))
        self.extras.show_problems({seat: p.get("extras", []) for seat, p in problems.items()})

    @guarded()
    def update(self) -> None:
        """Re-evaluate the position and redraw every result.  A form the engine refuses
        keeps the last valid results, greyed and labelled, with each refusal beside its
        control (and at the top when it names none)."""
        problems: dict = {}
        pos = self.position(problems)
        refusal = None
        if not problems:
            try:
                game = game_from_position(pos)
            except PositionError as exc:
                seat, flag, rest = refusal_place(str(exc))
                if seat is None or seat >= self.players.value:
                    refusal = str(exc)
                else:
                    problems = {seat: {flag: [rest]}}
        self._tab_titles(problems)
        if problems or refusal:
            self._show_problems(problems)
            self.messages.refused(refusal or self.t("app.wi.form_refused"))
            if self._drawn is not None and self._drawn[1] != self.lang:
                self._draw(self._drawn[0], game_from_position(self._drawn[0]))    # greyed, but in words of now
            self.game = self.evaluation = None
            self._mark_stale("app.wi.stale")
            return
        self._show_problems({})
        self.messages.clear()
        self._fresh()
        self._draw(pos, game)
        self.game = game

    def _draw(self, pos: dict, game) -> None:
        """Board, results, aging, comparison and war graph of a valid position, in the
        editor's language (remembered, so that greyed results can be said again)."""
        ev = evaluate(game, lang=self.lang)
        self.evaluation = ev
        choices = {s: d.value for s, d in self.healer_choices.items() if d.value >= 0}
        _, after, aging_events, options = aging_outcome(self.extras.aging_position(pos), choices)
        self._healer_widgets(game, options)
        self.aging = (after, aging_events)
        self.board.value = wrap(R.kingdoms_html(game, lang=self.lang))
        self.results.value = wrap("<div style='overflow-x:auto'>"
                                  + self._results_html(game, ev, after, aging_events) + "</div>", css=False)
        self.extras.show(game, self.lang)                          # before / after, side by side
        self.wars.show_graph(war_graph(game, self.t("app.wi.wars_title"), self.lang))
        self.save_file(pos)
        self._drawn = (pos, self.lang)

    def choose_save(self, seat: int, spot: int) -> None:
        """The Mystical Healer of ``seat`` saves the unit at ``spot`` in the Aging preview."""
        choice = self.healer_choices.get(seat)
        if choice is None or spot not in [v for _, v in choice.options]:
            raise PositionError(self.t("app.whatif.no_preview"))
        choice.value = spot

    def _healer_widgets(self, game, options):
        keep = {}
        for seat, acts in options.items():
            old = self.healer_choices.get(seat)
            values = [-1] + [a.spot for a in acts]
            opts = [(self.t("app.wi.save_nobody"), -1)] + [
                (self.t("app.wi.save_unit", name=R.card_name(game.players[seat].units[a.spot].type, self.lang),
                        spot=R.SPOT_NAMES[a.spot]), a.spot) for a in acts]
            if old is not None and [o[1] for o in old.options] == values:
                keep[seat] = old
                continue
            d = W.Dropdown(options=opts, value=-1,
                           description=self.t("app.wi.healer", name=game.players[seat].name,
                                              healer=self.t("card.mystical_healer.name")),
                           style={"description_width": "220px"}, layout=W.Layout(width="480px"))
            d.add_class("pt-healer-choice")
            d.observe(self._on_change, names="value")
            keep[seat] = d
        self.healer_choices = keep
        replace_children(self.healer_box, list(keep.values()))

    def _results_html(self, game, ev, after, aging_events) -> str:
        lang = self.lang
        names, cards = game.names, game.cards
        muted = "<span class='pt-muted'>{}</span>".format
        rows = []
        for p in ev["players"]:
            seat = p["seat"]
            strength = "<br>".join(f"{escape(r['name'])}: <b>{r['strength']}</b> {muted(escape(r['note'] or ''))}"
                                   for r in p["strength"]["breakdown"]) or escape(self.t("app.wg.no_units"))
            income = ", ".join(f"{escape(r['name'])} {r['gold']}" for r in p["income"]["breakdown"])
            builds = "<br>".join(f"{escape(c['text'])} — {escape(R.gold_text(c['gold'], lang))} "
                                 f"{muted('(' + escape(c['how'] or '') + ')')}"
                                 for c in p["construction"]) or muted(escape(self.t("app.wi.nothing_affordable")))
            dies = ", ".join(p["aging"]["dies"]) or self.t("app.wi.nobody")
            rows.append(
                f"<tr data-seat='{seat}'><td><b>{escape(p['name'])}</b></td>"
                f"<td class='pt-wi-strength' data-strength='{p['strength']['total']}'><b>{p['strength']['total']}</b>"
                f"<br>{strength}</td><td>{R.resources_html(p['resources'], lang)}</td>"
                f"<td class='pt-wi-income' data-income='{p['income']['total']}'>"
                f"<b>{escape(R.change_text('gold', p['income']['total'], lang))}</b><br>{muted(income)}</td><td>{builds}</td>"
                f"<td>{escape(dies)}</td></tr>")
        head = "".join(f"<th>{escape(self.t('app.wi.col.' + c))}</th>"
                       for c in ("player", "strength", "resources", "income", "construction", "dies"))
        table = f"<table class='pt-table pt-whatif-table'><tr>{head}</tr>" + "".join(rows) + "</table>"

        def phase_events(title, lines_in, cls, after_lp=None):
            lines = []
            for kind, seat, text in lines_in:
                if kind in ("lp", "gold", "war", "death", "spared", "age") and seat >= 0:
                    cls_ = {"lp": "pt-ev-lp", "gold": "pt-ev-gold"}.get(kind, "pt-muted")
                    lines.append(f"<li class='{cls_}'>{escape(_PREFIX.sub('', text))}</li>")
            body = "".join(lines) or f"<li class='pt-muted'>{escape(self.t('app.wi.nothing_happens'))}</li>"
            tail = ""
            if after_lp is not None:
                scores = ", ".join(f"{n} {lp}" for n, lp in zip(names, after_lp))
                tail = f"<div>{escape(self.t('app.wi.lp_after', scores=scores))}</div>"
            return (f"<div class='{cls}'><b>{escape(title)}</b><ul style='margin:2px 0 6px 0'>{body}</ul>"
                    f"{tail}</div>")

        def lines(events):
            return [(e["kind"], e["seat"], e["text"]) for e in events]

        wars = phase_events(self.t("app.wi.wars_preview"), lines(ev["wars"]["events"]), "pt-wi-wars",
                            ev["wars"]["lp_after"])
        income = phase_events(self.t("app.wi.income_preview"), lines(ev["income"]["events"]),
                              "pt-wi-income-events")
        aging = phase_events(self.t("app.wi.aging_outcome"),
                             [(e.kind, e.seat, e.describe(names, lang, cards)) for e in aging_events],
                             "pt-wi-aging", after.scores)
        return table + wars + income + aging
