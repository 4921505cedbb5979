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
from pathlib import Path

import ipywidgets as W

from papertales import BASE, Action, Event
from papertales import render as R
from papertales.errors import PositionError
from papertales.whatif import FORMAT, evaluate, game_from_position, position_of

from .base import MessageBox, guarded, wrap
from .wargraph import war_graph, WarGraph

_PREFIX = re.compile(r"^\[T\d+ *\] *")
SPOTS = (("F1", "front", 0), ("F2", "front", 1), ("F3", "front", 2), ("B1", "back", 0), ("B2", "back", 1))
LEVELS = (("not built", 0), ("level 1", 1), ("level 2", 2))


def card_options(cards=BASE):
    units = sorted(cards.units, key=lambda t: t.name)
    return [("(empty)", "")] + [(f"{t.name}  ({t.cost}g, str {t.strength})", t.id) for t in units]


class PlayerEditor(W.VBox):
    """The controls of one kingdom."""

    def __init__(self, seat: int, on_change, cards=BASE):
        super().__init__()
        self.add_class("pt-player-editor")
        self.seat = seat
        self.name = W.Text(value=f"Player {seat + 1}", description="Name", layout=W.Layout(width="220px"))
        self.gold = W.BoundedIntText(value=3, min=0, max=200, description="Gold", layout=W.Layout(width="150px"))
        self.lp = W.BoundedIntText(value=0, min=0, max=500, description="LP", layout=W.Layout(width="150px"))
        opts = card_options(cards)
        self.cards = {}
        self.ages = {}
        rows = []
        for label, _, _ in SPOTS:
            c = W.Dropdown(options=opts, value="", description=label, layout=W.Layout(width="300px"))
            a = W.BoundedIntText(value=0, min=0, max=20, description="age tokens",
                                 layout=W.Layout(width="160px"), style={"description_width": "75px"})
            c.add_class(f"pt-spot-{label}")
            self.cards[label], self.ages[label] = c, a
            rows.append(W.HBox([c, a]))
        self.buildings = {}
        brow = []
        for b in cards.buildings:
            d = W.Dropdown(options=LEVELS, value=0, description=b.name, layout=W.Layout(width="200px"))
            self.buildings[b.id] = d
            brow.append(d)
        self.children = [W.HBox([self.name, self.gold, self.lp]), *rows,
                         W.HBox(brow, layout=W.Layout(flex_flow="row wrap"))]
        for w in self.controls():
            w.observe(on_change, names="value")

    def controls(self):
        return [self.name, self.gold, self.lp, *self.cards.values(), *self.ages.values(),
                *self.buildings.values()]

    def to_dict(self) -> dict:
        out = {"name": self.name.value, "gold": self.gold.value, "lp": self.lp.value,
               "front": [], "back": [], "buildings": {}}
        for label, row, _ in SPOTS:
            card = self.cards[label].value
            if card:
                age = self.ages[label].value
                out[row].append({"card": card, "age": age} if age else card)
        out["buildings"] = {bid: d.value for bid, d in self.buildings.items() if d.value}
        return out

    def set_from(self, pd: dict) -> None:
        self.name.value = pd.get("name", f"Player {self.seat + 1}")
        self.gold.value = pd.get("gold", 3)
        self.lp.value = pd.get("lp", 0)
        for label, row, i in SPOTS:
            units = pd.get(row, [])
            entry = units[i] if i < len(units) else None
            if isinstance(entry, dict):
                card, age = entry.get("card"), entry.get("age", 0)
            else:
                card, age = entry, 0
            self.cards[label].value = card or ""
            self.ages[label].value = age
        for bid, d in self.buildings.items():
            d.value = pd.get("buildings", {}).get(bid, 0)


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


class WhatIfEditor(W.VBox):
    """Build a position by choosing cards into spots, age tokens, buildings and levels,
    gold; see strength, wars, income, construction options and the aging outcome update
    live.  Save / load the position as JSON (text box or file)."""

    def __init__(self, position: dict | str | None = None, title: str = "", lesson: str = "", **kw):
        super().__init__(**kw)
        self.add_class("pt-whatif")
        self.messages = MessageBox()
        self._loading = False
        self.note = ""
        self.players = W.Dropdown(options=[2, 3, 4, 5], value=2, description="Players",
                                  layout=W.Layout(width="150px"))
        self.turn = W.Dropdown(options=[1, 2, 3, 4], value=1, description="Turn", layout=W.Layout(width="150px"))
        self.editors = [PlayerEditor(i, self._on_change) for i in range(5)]
        self.tabs = W.Tab()
        self.players.observe(self._on_players, names="value")
        self.turn.observe(self._on_change, names="value")
        self.healer_box = W.VBox()
        self.healer_choices: dict[int, W.Dropdown] = {}
        self.board = W.HTML()
        self.results = W.HTML()
        self.results.add_class("pt-whatif-results")
        self.wars = WarGraph()
        self.json = W.Textarea(layout=W.Layout(width="100%", height="160px"),
                               placeholder="a position as JSON (papertales-position/1)")
        self.json.add_class("pt-position-json")
        self.path = W.Text(value="position.json", description="File", layout=W.Layout(width="320px"))
        b_save = W.Button(description="Position → text")
        b_load = W.Button(description="Load text", button_style="primary")
        b_save_file = W.Button(description="Save to file")
        b_load_file = W.Button(description="Load file")
        b_save.on_click(lambda _b: self.save_text())
        b_load.on_click(lambda _b: self.load_text())
        b_save_file.on_click(lambda _b: self.save_file())
        b_load_file.on_click(lambda _b: self.load_file())
        self.header = W.HTML(wrap(f"<h3 style='margin:4px 0'>{R._e(title)}</h3><div>{lesson}</div>") if title or lesson else "")
        io = W.Accordion(children=[W.VBox([W.HBox([b_save, b_load]), self.json,
                                           W.HBox([self.path, b_save_file, b_load_file])])])
        io.set_title(0, "Save / load the position (JSON)")
        io.selected_index = None
        self.children = [self.header, W.HBox([self.players, self.turn]), self.tabs, self.messages,
                         self.board, self.healer_box, self.results, self.wars, io]
        self.game = None
        self.evaluation = None
        self._show_tabs()
        if position is not None:
            self.load(position)
        else:
            self.update()

    # -------------------------------------------------------------- position <-> controls

    def position(self) -> dict:
        pos = {"format": FORMAT, "turn": self.turn.value, "phase": "wars",
               "players": [e.to_dict() for e in self.editors[:self.players.value]]}
        if self.note:
            pos["note"] = self.note
        return pos

    def _show_tabs(self):
        n = self.players.value
        self.tabs.children = self.editors[:n]
        for i in range(n):
            self.tabs.set_title(i, self.editors[i].name.value or f"Player {i + 1}")

    @guarded()
    def load(self, position) -> None:
        """Load a position (dict or JSON text).  The engine checks it first: a refused
        position leaves the editor as it was."""
        if isinstance(position, (str, bytes)):
            try:
                data = json.loads(position)
            except json.JSONDecodeError as exc:
                raise PositionError(f"not valid JSON: {exc}") from None
        else:
            data = position
        game = game_from_position(data)            # validates (raises PositionError)
        pos = position_of(game)
        self._loading = True
        try:
            self.note = data.get("note", "") if isinstance(data, dict) else ""
            self.players.value = game.n
            self.turn.value = pos["turn"]
            for e, pd in zip(self.editors, pos["players"]):
                e.set_from(pd)
            for e in self.editors[game.n:]:
                e.set_from({})
        finally:
            self._loading = False
        self.healer_choices = {}
        self._show_tabs()
        self.update()

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
            raise PositionError("paste a position (JSON) into the text box first")
        self.load(self.json.value)

    @guarded()
    def save_file(self) -> None:
        path = Path(self.path.value).expanduser()
        path.write_text(json.dumps(self.position(), indent=2) + "\n", encoding="utf-8")
        self.messages.ok(f"Saved to {path}")

    @guarded()
    def load_file(self) -> None:
        path = Path(self.path.value).expanduser()
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise PositionError(f"cannot read {path}: {exc.strerror}") from None
        self.load(text)

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
            self.messages.refused(str(exc))
            self.game = self.evaluation = None
            self.results.value = ""
            return
        self.messages.clear()
        self.game = game
        ev = evaluate(game)
        self.evaluation = ev
        choices = {s: d.value for s, d in self.healer_choices.items() if d.value >= 0}
        _, after, aging_events, options = aging_outcome(pos, choices)
        self._healer_widgets(game, options)
        self.aging = (after, aging_events)
        self.board.value = wrap(R.kingdoms_html(game))
        self.results.value = wrap(self._results_html(game, ev, after, aging_events), css=False)
        self.wars.show_graph(war_graph(game, "Wars if fought now"))

    def _healer_widgets(self, game, options):
        keep = {}
        for seat, acts in options.items():
            old = self.healer_choices.get(seat)
            values = [-1] + [a.a for a in acts]
            opts = [("save nobody", -1)] + [
                (f"save {game.players[seat].units[a.a].type.name} at {R.SPOT_NAMES[a.a]}", a.a) for a in acts]
            if old is not None and [o[1] for o in old.options] == values:
                keep[seat] = old
                continue
            d = W.Dropdown(options=opts, value=-1,
                           description=f"{game.players[seat].name}: Mystical Healer",
                           style={"description_width": "220px"}, layout=W.Layout(width="480px"))
            d.add_class("pt-healer-choice")
            d.observe(self._on_change, names="value")
            keep[seat] = d
        self.healer_choices = keep
        self.healer_box.children = list(keep.values())

    def _results_html(self, game, ev, after, aging_events) -> str:
        names = game.names
        rows = []
        for p in ev["players"]:
            seat = p["seat"]
            strength = "<br>".join(f"{R._e(r['cause'])}: <b>{r['strength']}</b> <span class='pt-muted'>"
                                   f"{R._e(r['note'])}</span>" for r in p["strength"]["breakdown"]) or "no units"
            income = ", ".join(f"{R._e(r['cause'])} {r['gold']}" for r in p["income"]["breakdown"])
            builds = "<br>".join(f"{R._e(c['action'])} — {c['gold']} gold <span class='pt-muted'>({R._e(c['how'])})</span>"
                                 for c in p["construction"]) or "<span class='pt-muted'>nothing affordable</span>"
            dies = ", ".join(p["aging"]["dies"]) or "nobody"
            rows.append(
                f"<tr data-seat='{seat}'><td><b>{R._e(p['name'])}</b></td>"
                f"<td class='pt-wi-strength' data-strength='{p['strength']['total']}'><b>{p['strength']['total']}</b>"
                f"<br>{strength}</td><td>{R.resources_html(p['resources'])}</td>"
                f"<td class='pt-wi-income' data-income='{p['income']['total']}'><b>+{p['income']['total']}</b> "
                f"gold<br><span class='pt-muted'>{income}</span></td><td>{builds}</td>"
                f"<td>{R._e(dies)}</td></tr>")
        table = ("<table class='pt-table pt-whatif-table'><tr><th>Player</th><th>Strength (per unit)</th>"
                 "<th>Resources</th><th>Income</th><th>Construction options</th><th>Would die in Aging</th></tr>"
                 + "".join(rows) + "</table>")

        def phase_events(title, evs, cls, after_lp=None):
            lines = []
            for e in evs:
                if e["kind"] in ("lp", "gold", "war", "death", "save", "age") and e["seat"] >= 0:
                    ev = Event(game.turn, "", e["seat"], e["kind"], e["amount"], e["cause"], e["detail"])
                    text = _PREFIX.sub("", ev.describe(names))
                    cls_ = {"lp": "pt-ev-lp", "gold": "pt-ev-gold"}.get(e["kind"], "pt-muted")
                    lines.append(f"<li class='{cls_}'>{R._e(text)}</li>")
            body = "".join(lines) or "<li class='pt-muted'>nothing happens</li>"
            tail = ""
            if after_lp is not None:
                tail = "<div>LP after: " + ", ".join(f"{R._e(n)} {lp}" for n, lp in zip(names, after_lp)) + "</div>"
            return f"<div class='{cls}'><b>{title}</b><ul style='margin:2px 0 6px 0'>{body}</ul>{tail}</div>"

        wars = phase_events("Wars preview", ev["wars"]["events"], "pt-wi-wars", ev["wars"]["lp_after"])
        income = phase_events("Income preview", ev["income"]["events"], "pt-wi-income-events")
        aging = phase_events("Aging outcome (with the Healer choices above)",
                             [e._asdict() for e in aging_events], "pt-wi-aging", after.scores)
        return table + wars + income + aging
