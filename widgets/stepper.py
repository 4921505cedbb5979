"""The game stepper: new game, advance buttons, undo, phase track, human decisions."""

from __future__ import annotations

import functools

import ipywidgets as W

from papertales import Action, Game, IllegalActionError
from papertales import render as R

from .base import MessageBox, guarded, wrap
from .session import Session
from .solocards import LICH_COLOR, LICH_KING, PLAYER_COLOR, illustrative_html, illustrative_titles, solo_cards, swrap
from .texts import DECISION_HELP, DRAFT_STEPS, PHASE_EXPLAIN, SOLO_PHASE_EXPLAIN

SPOT_LABELS = R.SPOT_NAMES
DISPLAY_SPOT_ORDER = (0, 1, 4, 2, 3)     # F1 F2 F3 B1 B2


def ticked(fn):
    """Count every handled click, refused or not (see ``GameStepper.tick``)."""

    @functools.wraps(fn)
    def wrapper(self, *args, **kwargs):
        try:
            return fn(self, *args, **kwargs)
        finally:
            self.tick += 1
            self.tick_marker.value = f'<span data-tick="{self.tick}"></span>'
    return wrapper


def _button(label, cls=None, style="", tooltip="", width=None):
    b = W.Button(description=label, button_style=style, tooltip=tooltip or label,
                 layout=W.Layout(width=width or "auto"))
    if cls:
        for c in cls.split():
            b.add_class(c)
    return b


class DecisionPanel(W.VBox):
    """The widgets for one human seat's pending decision.  Every choice goes through
    ``on_action(seat, action)``; the engine refuses what the rules do not allow."""

    def __init__(self, game: Game, seat: int, on_action, **kw):
        super().__init__(**kw)
        self.add_class("pt-decision")
        self.game, self.seat, self.on_action = game, seat, on_action
        d = game.decision(seat)
        self.kind = d.kind if d else None
        self.buttons: list[W.Button] = []
        p = game.players[seat]
        head = W.HTML(wrap(f"<b>{R._e(p.name)}</b>: {R._e(d.prompt) if d else 'nothing to decide'}"
                           f"<br><span class='pt-muted'>{DECISION_HELP.get(self.kind, '')}</span>"))
        body = {"draft": self._draft, "draft_discard": self._draft, "deploy": self._deploy,
                "target": self._target, "build": self._build, "save": self._save}.get(self.kind, self._generic)()
        self.children = [head, body]
        self.layout = W.Layout(border="2px solid #ffb300", padding="6px", margin="4px 0")

    # -------------------------------------------------------------- helpers

    def _act(self, action):
        def cb(_b=None):
            self.on_action(self.seat, action)
        return cb

    def _choice(self, label, action, tooltip="", style="", extra_cls=""):
        b = _button(label, ("pt-choice " + extra_cls).strip(), style, tooltip)
        b.on_click(self._act(action))
        self.buttons.append(b)
        return b

    def _unit_label(self, s):
        u = self.game.players[self.seat].units[s]
        tokens = f", {u.age} age token{'s' if u.age != 1 else ''}" if u.age else ""
        return f"{u.type.name} at {SPOT_LABELS[s]}{tokens}"

    # -------------------------------------------------------------- kinds

    def _draft(self):
        cards = []
        verb = "Keep" if self.kind == "draft" else "Discard"
        for a in self.game.legal_actions(self.seat):
            t = self.game.cards.unit(a.a)
            b = self._choice(f"{verb} {t.name}", a, tooltip=f"{verb} {t.name}: {t.text}",
                             style="primary" if verb == "Keep" else "warning")
            b.layout.width = "120px"
            cards.append(W.VBox([W.HTML(wrap(R.card_html(t), css=False)), b], layout=W.Layout(margin="0 4px 0 0")))
        return W.HBox(cards, layout=W.Layout(flex_flow="row wrap"))

    def _deploy(self):
        g, seat = self.game, self.seat
        p = g.players[seat]
        committed = sum(u.type.cost for u in p.units if u is not None and u.new)
        hand = "".join(R.card_html(t) for t in p.hand) or "<span class='pt-muted'>your hand is empty</span>"
        info = W.HTML(wrap(
            f"<div>Gold {p.gold}, new units cost {committed} → <b>{p.gold - committed} gold free</b>; "
            f"{p.spots} spots usable this turn.</div><div class='pt-row' style='flex-wrap:wrap'>{hand}</div>", css=False))
        rows = [info]
        seen, cards = set(), []
        for t in p.hand:
            if t.id not in seen:
                seen.add(t.id)
                cards.append((f"{t.name} (cost {t.cost})", t.id))
        usable = [s for s in DISPLAY_SPOT_ORDER if s < p.spots]
        if cards:
            self.place_card = W.Dropdown(options=cards, description="Place", layout=W.Layout(width="230px"))
            free = [s for s in usable if p.units[s] is None] or usable
            self.place_spot = W.Dropdown(options=[(SPOT_LABELS[s], s) for s in usable], value=free[0],
                                         description="at", layout=W.Layout(width="110px"),
                                         style={"description_width": "20px"})
            self.place_card.add_class("pt-place-card")
            self.place_spot.add_class("pt-place-spot")
            place = _button("Place", "pt-place", "primary", "put the card face down on that spot")
            place.on_click(lambda _b: self.on_action(
                seat, Action("place", self.place_card.value, self.place_spot.value)))
            self.buttons.append(place)
            rows.append(W.HBox([self.place_card, self.place_spot, place]))
        occupied = [s for s in usable if p.units[s] is not None]
        if occupied:
            self.move_from = W.Dropdown(options=[(self._unit_label(s), s) for s in occupied],
                                        description="Move", layout=W.Layout(width="260px"))
            self.move_to = W.Dropdown(options=[(SPOT_LABELS[s], s) for s in usable], description="to",
                                      layout=W.Layout(width="110px"), style={"description_width": "20px"})
            move = _button("Move", "pt-move", "", "move (or swap) a unit to another spot")
            move.on_click(lambda _b: self.on_action(seat, Action("move", self.move_from.value, self.move_to.value)))
            self.buttons.append(move)
            rows.append(W.HBox([self.move_from, self.move_to, move]))
        others = []
        for a in g.legal_actions(seat):
            if a.kind == "return":
                others.append(self._choice(f"Take back {self._unit_label(a.a)}", a, extra_cls="pt-return"))
            elif a.kind == "discard":
                others.append(self._choice(f"Discard {self._unit_label(a.a)}", a, style="warning",
                                           tooltip="discard a unit already in play (this is not a death)",
                                           extra_cls="pt-discard"))
        if others:
            rows.append(W.HBox(others, layout=W.Layout(flex_flow="row wrap")))
        keep_opts = [("keep nothing", "")] + [(f"keep {label.split(' (')[0]}", tid) for label, tid in cards]
        self.keep = W.Dropdown(options=keep_opts, value="", description="Then", layout=W.Layout(width="230px"))
        self.keep.add_class("pt-keep")
        done = _button("Done", "pt-done pt-choice", "success", "finish your deployment")
        done.on_click(lambda _b: self.on_action(seat, Action("done", self.keep.value or None)))
        self.buttons.append(done)
        rows.append(W.HBox([self.keep, done]))
        return W.VBox(rows)

    def _target(self):
        d = self.game.decision(self.seat)
        return W.HBox([self._choice(self._unit_label(a.a), a, tooltip=d.prompt, style="primary")
                       for a in self.game.legal_actions(self.seat)], layout=W.Layout(flex_flow="row wrap"))

    def _build(self):
        btns = []
        for a, gold, why in self.game.construction_options(self.seat):
            b = self.game.cards.building(a.a)
            level = a.b if a.kind == "build" else 2
            L = b.levels[level]
            btns.append(self._choice(f"{str(a).capitalize()} — {gold} gold", a, style="primary",
                                     tooltip=f"{why}. Level {level}: {L.lp} LP at the end. {L.text}"))
        btns.append(self._choice("Pass (build nothing)", Action("pass"), extra_cls="pt-pass"))
        return W.HBox(btns, layout=W.Layout(flex_flow="row wrap"))

    def _save(self):
        btns = []
        for a in self.game.legal_actions(self.seat):
            if a.kind == "save":
                btns.append(self._choice(f"Save {self._unit_label(a.a)}", a, style="primary"))
            else:
                btns.append(self._choice("Pass (save nobody)", a, extra_cls="pt-pass"))
        return W.HBox(btns, layout=W.Layout(flex_flow="row wrap"))

    def _generic(self):
        legal = self.game.legal_actions(self.seat)
        self.generic = W.Dropdown(options=[(str(a), a) for a in legal], description="Action")
        go = _button("Apply", "pt-choice", "primary")
        go.on_click(lambda _b: self.on_action(self.seat, self.generic.value))
        self.buttons.append(go)
        return W.HBox([self.generic, go])


#: the player-count choice: 1 is the solo mode
PLAYER_CHOICES = [("1 (solo vs the Lich King)", 1), ("2", 2), ("3", 3), ("4", 4), ("5", 5)]


class GameStepper(W.VBox):
    """New game, advance one decision / phase / turn / to the end, undo, the 6-phase track,
    an explanation of the current phase, and the decisions of the human seats.

    With 1 player the game is the solo mode against the Lich King: the setup row offers his
    difficulty (0-4 Lich King cards) and the cards (the built-in illustrative ones, said so
    in a banner, or a pack offered with :meth:`use_pack`); the status line shows both
    scores, the phase texts and the game-over box are the solo ones."""

    def __init__(self, session: Session | None = None, players: int = 3, seed: int = 7,
                 humans=(0,), cards=None, lich_king_cards=0, solo_only: bool = False, names=None, **kw):
        """``players=1`` starts a solo game against the Lich King (``cards``: default the
        illustrative Necropolis cards; ``lich_king_cards``: his difficulty cards).
        ``solo_only`` hides the player count and the seats (the solo notebook); ``names``
        are used for new games with that many players (default: "You" and bots' names)."""
        super().__init__(**kw)
        self.add_class("pt-stepper")
        self.session = session or Session(players=players, seed=seed, humans=humans, names=names, cards=cards,
                                          lich_king_cards=lich_king_cards)
        self.names = list(names) if names else None
        self.messages = MessageBox()
        s = self.session
        g = s.game
        self.solo_only = solo_only
        self.user_pack = None              # a validated pack offered for solo games (use_pack)

        # new game
        self.players = W.Dropdown(options=PLAYER_CHOICES, value=g.n, description="Players",
                                  layout=W.Layout(width="290px"))
        self.players.add_class("pt-players")
        self.seed = W.IntText(value=s.seed, description="Seed", layout=W.Layout(width="150px"))
        self.seats = [W.Dropdown(options=[("human", "human"), ("bot", "bot")],
                                 value="human" if i in s.humans else "bot", description=f"Seat {i + 1}",
                                 layout=W.Layout(width="170px")) for i in range(5)]
        n_lich = len(g.lich.cards) if g.lich is not None else lich_king_cards
        self.lich_count = W.Dropdown(options=[(f"{k} Lich King card{'s' if k != 1 else ''}", k) for k in range(5)],
                                     value=n_lich if isinstance(n_lich, int) else 0, description="Difficulty",
                                     layout=W.Layout(width="260px"))
        self.lich_count.add_class("pt-lich-count")
        self.card_source = W.Dropdown(options=self._sources(), description="Cards", layout=W.Layout(width="380px"))
        self.new_button = _button("New solo game" if solo_only else "New game", "pt-new-game", "info")
        self.new_button.on_click(self.on_new_game)
        self.players.observe(lambda ch: self._show_seats(), names="value")
        self.setup = W.HBox([self.players, self.seed, *self.seats, self.lich_count, self.card_source,
                             self.new_button], layout=W.Layout(flex_flow="row wrap"))
        self._show_seats()
        self.banner = W.HTML()                 # the illustrative-cards warning (solo)
        self.banner.add_class("pt-banner")

        # advancing
        self.next_decision = _button("Next decision", "pt-next-decision", "",
                                     "bots make their pending decisions, or the next automatic step runs")
        self.next_phase = _button("Next phase ▶", "pt-next-phase", "primary", "play until the next phase starts")
        self.next_turn = _button("Next turn ▶▶", "pt-next-turn", "", "play until the next turn starts")
        self.to_end = _button("Play to the end ▶|", "pt-to-end", "", "play until the game is over")
        self.undo_button = _button("Undo", "pt-undo", "warning", "back to before your last step")
        self.back_to = W.Dropdown(options=[], description="Back to", layout=W.Layout(width="340px"))
        self.back_button = _button("Go back", "pt-go-back", "", "return to the chosen earlier step")
        self.next_decision.on_click(lambda _b: self.advance("decision"))
        self.next_phase.on_click(lambda _b: self.advance("phase"))
        self.next_turn.on_click(lambda _b: self.advance("turn"))
        self.to_end.on_click(lambda _b: self.advance("end"))
        self.undo_button.on_click(self.on_undo)
        self.back_button.on_click(self.on_back)
        self.controls = W.HBox([self.next_decision, self.next_phase, self.next_turn, self.to_end,
                                self.undo_button], layout=W.Layout(flex_flow="row wrap"))
        self.history_row = W.HBox([self.back_to, self.back_button])

        self.track = W.HTML()
        self.track.add_class("pt-track-widget")
        self.explain = W.HTML()
        self.status = W.HTML()
        self.status.add_class("pt-status")
        self.tick = 0                     # counts handled clicks (the browser test waits on it)
        self.tick_marker = W.HTML(layout=W.Layout(display="none"))
        self.tick_marker.add_class("pt-tick")
        self.decisions = W.VBox()
        self.final = W.HTML()
        self.final.add_class("pt-final")

        # save / load
        self.record = W.Textarea(placeholder="the game as JSON (papertales-game/1)",
                                 layout=W.Layout(width="100%", height="90px"))
        self.record.add_class("pt-record")
        save = _button("Show game record", "pt-save")
        load = _button("Load game from text", "pt-load")
        save.on_click(self.on_save)
        load.on_click(self.on_load)
        self.saveload = W.Accordion(children=[W.VBox([W.HBox([save, load]), self.record])])
        self.saveload.set_title(0, "Save / load this game (JSON)")
        self.saveload.selected_index = None

        self.children = [self.banner, self.setup, self.track, self.explain, self.controls, self.history_row,
                         self.messages, self.status, self.decisions, self.final, self.saveload,
                         self.tick_marker]
        self._decision_key = None
        self._history_len = None
        self._auto_record = False
        s.observe(lambda _s: self.refresh())
        self.refresh()

    # -------------------------------------------------------------- callbacks

    def _show_seats(self):
        n = self.players.value
        for i, d in enumerate(self.seats):
            d.layout.display = None if i < n and not self.solo_only else "none"
        self.players.layout.display = "none" if self.solo_only else None
        for w in (self.lich_count, self.card_source):
            w.layout.display = None if n == 1 else "none"

    def _sources(self):
        opts = [("illustrative cards (built in, NOT the printed ones)", "illustrative")]
        if self.user_pack is not None:
            opts.append((f"your pack: {self.user_pack['title']}", "user"))
        return opts

    def use_pack(self, pack) -> None:
        """Offer a validated pack (``papertales.load_pack``, e.g. from the pack editor) for
        the next new solo game."""
        self.user_pack = pack
        self.card_source.options = self._sources()
        self.card_source.value = "user"

    @ticked
    @guarded()
    def on_new_game(self, _b=None):
        self.messages.clear()
        n = self.players.value
        humans = [i for i in range(n) if self.seats[i].value == "human"]
        names = self.names if self.names and len(self.names) == n else None
        if n == 1:
            pack = self.user_pack if self.card_source.value == "user" else None
            self.session.new_game(players=1, seed=int(self.seed.value), humans=humans, names=names,
                                  cards=solo_cards(pack), lich_king_cards=self.lich_count.value)
        else:
            self.session.new_game(players=n, seed=int(self.seed.value), humans=humans, names=names)

    @ticked
    @guarded()
    def advance(self, mode: str):
        self.messages.clear()
        self.session.advance(mode)

    @ticked
    @guarded()
    def act(self, seat: int, action):
        self.messages.clear()
        self.session.act(seat, action)

    @ticked
    @guarded()
    def on_undo(self, _b=None):
        self.messages.clear()
        self.session.undo()

    @ticked
    @guarded()
    def on_back(self, _b=None):
        self.messages.clear()
        if self.back_to.value is None:
            raise IllegalActionError("choose an earlier step first")
        self.session.restore(self.back_to.value)

    @ticked
    @guarded()
    def on_save(self, _b=None):
        self.record.value = self.session.game.to_json()
        self.messages.ok("The game record is in the text box: copy it to keep it.")

    @ticked
    @guarded()
    def on_load(self, _b=None):
        text = self.record.value.strip()
        if not text:
            raise ValueError("paste a game record (JSON) into the text box first")
        game = Game.from_json(text)
        self.session.load_game(game)
        self.messages.ok(f"Loaded: turn {game.turn}, {game.phase}.")

    # -------------------------------------------------------------- display

    def refresh(self):
        s = self.session
        g = s.game
        solo = g.lich is not None
        self.banner.value = swrap(illustrative_html(illustrative_titles(g.cards))) if solo else ""
        self.banner.layout.display = None if self.banner.value else "none"
        self.track.value = wrap(R.phase_track_html(g))
        explain = (SOLO_PHASE_EXPLAIN.get(g.phase) if solo else None) or PHASE_EXPLAIN.get(g.phase, "")
        self.explain.value = wrap(f'<div class="pt-msg pt-info">{explain}</div>', css=False)
        waiting = s.waiting_humans()
        over = g.is_over
        for b in (self.next_decision, self.next_phase, self.next_turn, self.to_end):
            b.disabled = over
        self.undo_button.disabled = not s.can_undo()
        if len(s.history) != self._history_len:
            self._history_len = len(s.history)
            self.back_to.options = [(cp.label, i) for i, cp in reversed(list(enumerate(s.history)))]
            self.back_to.value = None
        msg = R._e(s.message.strip())
        if waiting and not over:
            who = ", ".join(g.players[w].name for w in waiting)
            msg += " Your decision is needed below" + ("." if who == "You" else f" ({R._e(who)}).")
            if solo and g.phase == "recruitment" and g.decision(0).kind == "draft":
                msg += f" <b>{R._e(DRAFT_STEPS[min(g.lich.draft_step, len(DRAFT_STEPS) - 1)])}</b>"
        if solo:
            p, lk = g.players[0], g.lich
            msg = (f"<div class='pt-solo-score' style='font-size:14px'><b style='color:{PLAYER_COLOR}'>"
                   f"{R._e(p.name)} <span data-player-lp='{p.lp}'>{p.lp}</span> LP</b> against the "
                   f"<b style='color:{LICH_COLOR}'>{LICH_KING} <span data-lich-lp='{lk.lp}'>{lk.lp}</span> LP</b>"
                   f"{' (he wins ties)' if p.lp == lk.lp else ''}</div>" + msg)
        self.status.value = wrap(f"<div>{msg}</div>", css=False)
        key = (id(g), len(g.history), tuple(g.pending_players()), g.phase, g.stage)
        if key != self._decision_key:
            self._decision_key = key
            self.decisions.children = [DecisionPanel(g, seat, self.act) for seat in waiting]
        if over:
            names = ", ".join(R.winner_names(g))
            extra = tie = ""
            if solo:
                lich_won = not g.winners()
                extra = f" data-winner='{'lich' if lich_won else 'you'}'"
                if lich_won and g.players[0].lp == g.lich.lp:
                    tie = " — a tie, and the Lich King wins ties"
            self.final.value = wrap(f'<div class="pt-msg pt-ok"><b>Game over.</b> Winner: '
                                    f'<span class="pt-winner"{extra}>{R._e(names)}</span>{tie}</div>'
                                    f'{R.scores_html(g)}', css=False)
            self.final.layout.display = None
            if not self.record.value or self._auto_record:
                self.record.value = g.to_json()     # the engine's own record of the game
                self._auto_record = True
        else:
            self.final.value = ""
            self.final.layout.display = "none"
            if self._auto_record:
                self.record.value = ""
                self._auto_record = False

    # -------------------------------------------------------------- conveniences for notebooks

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def solo(self) -> bool:
        return self.session.game.lich is not None

    def decision_panel(self, seat: int | None = None) -> DecisionPanel | None:
        for p in self.decisions.children:
            if seat is None or p.seat == seat:
                return p
        return None
