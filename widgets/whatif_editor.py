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

import ipywidgets as W

from papertales import BASE, Action, PositionError
from papertales import render as R
from papertales.i18n import has, t
from papertales.render import escape
from papertales.whatif import FORMAT, MOST, evaluate, game_from_position, position_of

from .base import MessageBox, Speaking, guarded, wrap
from .gamefile import take_upload
from .variants import WhatIfExtras
from .wargraph import war_graph, WarGraph

_PREFIX = re.compile(r"^\[[^\]]*\] *")
SPOTS = (("F1", "front", 0), ("F2", "front", 1), ("F3", "front", 2), ("B1", "back", 0), ("B2", "back", 1))
LEVELS = (("app.wi.level.0", 0), ("app.wi.level.1", 1), ("app.wi.level.2", 2))


def card_options(cards=BASE, lang=None):
    """The choices of a spot: empty, or a unit (name, cost, strength), sorted by name."""
    units = sorted(cards.units, key=lambda u: R.card_name(u, lang))
    return [(t("app.wi.empty", lang), "")] + [
        (t("app.wi.card_option", lang, name=R.card_name(u, lang), cost=u.cost, strength=u.strength), u.id)
        for u in units]


def _text(value, lang=None) -> str:
    """A title or lesson text: a catalogue key is put in words, anything else is shown as is."""
    return t(value, lang) if value and has(value, "en") else value


class PlayerEditor(W.VBox):
    """The controls of one kingdom."""

    def __init__(self, seat: int, on_change, cards=BASE, lang=None):
        super().__init__()
        self.add_class("pt-player-editor")
        self.seat = seat
        self.cards_set = cards
        self.lang = R.lang_of(lang)
        self.name = W.Text(value=t("app.name.player", lang, n=seat + 1), layout=W.Layout(width="220px"))
        # the engine's ranges: a bounded widget would silently clamp a loaded value
        self.gold = W.BoundedIntText(value=3, min=0, max=MOST, layout=W.Layout(width="150px"))
        self.lp = W.BoundedIntText(value=0, min=0, max=MOST, layout=W.Layout(width="150px"))
        self.kept = None                   # the card kept for next turn: carried, not edited
        self.cards = {}
        self.ages = {}
        rows = []
        for label, _, _ in SPOTS:
            c = W.Dropdown(options=card_options(cards, lang), value="", description=label,
                           layout=W.Layout(width="300px"))
            a = W.BoundedIntText(value=0, min=0, max=20, layout=W.Layout(width="160px"),
                                 style={"description_width": "75px"})
            c.add_class(f"pt-spot-{label}")
            self.cards[label], self.ages[label] = c, a
            rows.append(W.HBox([c, a]))
        self.buildings = {}
        brow = []
        for b in cards.buildings:
            d = W.Dropdown(options=[(t(k, lang), v) for k, v in LEVELS], value=0, layout=W.Layout(width="200px"))
            self.buildings[b.id] = d
            brow.append(d)
        self.relabel(self.lang)
        self.children = [W.HBox([self.name, self.gold, self.lp]), *rows,
                         W.HBox(brow, layout=W.Layout(flex_flow="row wrap"))]
        for w in self.controls():
            w.observe(on_change, names="value")

    def relabel(self, lang) -> None:
        """Labels and choices in ``lang`` (the values stay)."""
        old, self.lang = self.lang, lang
        if self.name.value == t("app.name.player", old, n=self.seat + 1):
            self.name.value = t("app.name.player", lang, n=self.seat + 1)
        self.name.description = t("app.wi.name", lang)
        self.gold.description = t("app.gold_title", lang)
        self.lp.description = t("app.lp", lang)
        opts = card_options(self.cards_set, lang)
        for label, _, _ in SPOTS:
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

    def controls(self):
        return [self.name, self.gold, self.lp, *self.cards.values(), *self.ages.values(),
                *self.buildings.values()]

    def to_dict(self) -> dict:
        """The player's entry: ``front``/``back`` lists, or ``units`` by spot when a spot
        is left empty before an occupied one (a list would move the unit)."""
        out = {"name": self.name.value, "gold": self.gold.value, "lp": self.lp.value,
               "front": [], "back": [], "buildings": {}}
        units = {}
        for label, row, _ in SPOTS:
            card = self.cards[label].value
            if card:
                age = self.ages[label].value
                units[label] = {"card": card, "age": age} if age else card
                out[row].append(units[label])
        rows = {row: [self.cards[label].value for label, r, _ in SPOTS if r == row] for row in ("front", "back")}
        if any("" in line[:max((i + 1 for i, c in enumerate(line) if c), default=0)] for line in rows.values()):
            del out["front"], out["back"]
            out["units"] = units
        out["buildings"] = {bid: d.value for bid, d in self.buildings.items() if d.value}
        if self.kept:
            out["kept"] = self.kept
        return out

    def set_from(self, pd: dict) -> None:
        self.name.value = pd.get("name", t("app.name.player", self.lang, n=self.seat + 1))
        self.gold.value = pd.get("gold", 3)
        self.lp.value = pd.get("lp", 0)
        by_spot = pd.get("units")
        for label, row, i in SPOTS:
            units = pd.get(row, [])
            entry = by_spot.get(label) if by_spot is not None else units[i] if i < len(units) else None
            if isinstance(entry, dict):
                card, age = entry.get("card"), entry.get("age", 0)
            else:
                card, age = entry, 0
            self.cards[label].value = card or ""
            self.ages[label].value = age
        for bid, d in self.buildings.items():
            d.value = pd.get("buildings", {}).get(bid, 0)
        self.kept = pd.get("kept")


def aging_outcome(position: dict, choices: dict | None = None):
    """Run the Aging phase of ``position`` with the Mystical Healers' ``choices``
    (``{seat: spot}``; missing = pass).  Returns ``(game before, game after, events,
    {seat: [legal save actions]})``."""
    choices = choices or {}
    pos = dict(position, phase="aging")
    before = game_from_position(pos)
    g = before.clone()
    start = len(g.events)
    options: dict[int, list] = {}
    g.advance(until="phase")
    used = set()
    while g.pending_players():
        for seat in g.pending_players():
            d = g.decision(seat)
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


class WhatIfEditor(Speaking, W.VBox):
    """Build a position by choosing cards into spots, age tokens, buildings and levels,
    gold; see strength, wars, income, construction options and the aging outcome update
    live.  Save / load the position as JSON (text box or file).  ``title`` and ``lesson``
    may be catalogue keys (the prepared lessons), shown in the editor's language."""

    def __init__(self, position: dict | str | None = None, title: str = "", lesson: str = "", lang=None, **kw):
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
        self.io = W.Accordion(children=[W.VBox([W.HBox([self.b_save, self.b_load]), self.json,
                                                W.HBox([self.download, self.upload],
                                                       layout=W.Layout(flex_flow="row wrap", align_items="center"))])])
        self.io.selected_index = None
        self.extras = WhatIfExtras(self._on_change, lang=lang)    # phase, hands, choices, rule variants
        self.children = [self.header, W.HBox([self.players, self.turn]), self.tabs, self.extras, self.messages,
                         self.board, self.healer_box, self.results, self.wars, self.io]
        self.game = None
        self.evaluation = None
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
            self.healer_choices = {}
        finally:
            self._loading = False
        self._show_tabs()

    def redraw(self) -> None:
        self.wars.set_language(self.lang)
        self.update()

    # -------------------------------------------------------------- position <-> controls

    def position(self) -> dict:
        pos = {"format": FORMAT, "turn": self.turn.value, "phase": "wars",
               "players": [e.to_dict() for e in self.editors[:self.players.value]]}
        if self.note:
            pos["note"] = self.note
        return self.extras.apply(pos)

    def _show_tabs(self):
        n = self.players.value
        self.tabs.children = self.editors[:n]
        for i in range(n):
            self.tabs.set_title(i, self.editors[i].name.value or self.t("app.name.player", n=i + 1))

    @guarded()
    def load(self, position) -> None:
        """Load a position (dict or JSON text).  The engine checks it first: a refused
        position leaves the editor as it was."""
        if isinstance(position, (str, bytes)):
            try:
                data = json.loads(position)
            except json.JSONDecodeError as exc:
                raise PositionError(self.t("app.wi.bad_json", error=str(exc))) from None
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
            for e, pd in zip(self.editors, pos["players"]):
                e.set_from(pd)
            for e in self.editors[game.n:]:
                e.set_from({})
            self.extras.set_from(pos, data)
        finally:
            self._loading = False
        self.healer_choices = {}
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
    def _on_players(self, _change=None):
        if self._loading:
            return
        self._show_tabs()
        self.update()

    def _on_change(self, _change=None):
        if self._loading:
            return
        self.update()

    @guarded()
    def save_text(self) -> str:
        text = json.dumps(self.position(), indent=2)
        self.json.value = text
        return text

    @guarded()
    def load_text(self) -> None:
        if not self.json.value.strip():
            raise PositionError(self.t("app.wi.paste_first"))
        self.load(self.json.value)

    def save_file(self) -> str:
        """A download link (a data URL) holding the position as JSON: the browser saves
        it; nothing is written on the server."""
        import base64
        data = base64.b64encode((json.dumps(self.position(), indent=2) + "\n").encode("utf-8")).decode("ascii")
        label = escape(self.t("app.wi.save_file"))
        self.download.value = wrap(f'<a class="pt-download-link pt-linkbutton" download="position.json" '
                                   f'href="data:application/json;base64,{data}" '
                                   f'>⬇ {label}</a>', css=False)
        return self.download.value

    @guarded()
    def load_file(self, content) -> None:
        """Load a position from a file's bytes (the browser's upload); only parsed, never
        used as a path."""
        if isinstance(content, memoryview):
            content = content.tobytes()
        if isinstance(content, (bytes, bytearray)):
            try:
                content = bytes(content).decode("utf-8")
            except UnicodeDecodeError:
                raise PositionError(self.t("app.wi.not_text")) from None
        self.load(content)

    @guarded()
    def _on_upload(self, change=None):
        content = take_upload(self.upload, change)
        if content is not None:
            self.load_file(content)

    # -------------------------------------------------------------- evaluation

    @guarded()
    def update(self) -> None:
        """Re-evaluate the position and redraw every result."""
        for i, e in enumerate(self.editors[:self.players.value]):
            if self.tabs.get_title(i) != e.name.value:
                self.tabs.set_title(i, e.name.value)
        pos = self.position()
        try:
            game = game_from_position(pos)
        except PositionError as exc:
            self.messages.refused(f"{exc} {self.t('app.wi.stale')}")
            self.game = self.evaluation = None
            for w in (self.board, self.results, self.wars):
                w.add_class("pt-stale")             # the last valid position, greyed
            return
        self.messages.clear()
        for w in (self.board, self.results, self.wars):
            w.remove_class("pt-stale")
        self.game = game
        ev = evaluate(game, lang=self.lang)
        self.evaluation = ev
        choices = {s: d.value for s, d in self.healer_choices.items() if d.value >= 0}
        _, after, aging_events, options = aging_outcome(self.extras.aging_position(pos), choices)
        self._healer_widgets(game, options)
        self.aging = (after, aging_events)
        self.board.value = wrap(R.kingdoms_html(game, lang=self.lang))
        self.results.value = wrap(self._results_html(game, ev, after, aging_events), css=False)
        self.extras.show(game, self.lang)                          # before / after, side by side
        self.wars.show_graph(war_graph(game, self.t("app.wi.wars_title"), self.lang))
        self.save_file()

    def _healer_widgets(self, game, options):
        keep = {}
        for seat, acts in options.items():
            old = self.healer_choices.get(seat)
            values = [-1] + [a.a for a in acts]
            opts = [(self.t("app.wi.save_nobody"), -1)] + [
                (self.t("app.wi.save_unit", name=R.card_name(game.players[seat].units[a.a].type, self.lang),
                        spot=R.SPOT_NAMES[a.a]), a.a) for a in acts]
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
        self.healer_box.children = list(keep.values())

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
                f"<td class='pt-wi-income' data-income='{p['income']['total']}'><b>+{p['income']['total']}</b> "
                f"{escape(self.t('app.gold'))}<br>{muted(income)}</td><td>{builds}</td>"
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
