"""The game stepper: new game, advance buttons, undo, phase track, human decisions.

Every word it shows comes from the message catalogue (keys ``app.step.*``) in the
stepper's language; :meth:`GameStepper.set_language` redraws it in another."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar, cast

import ipywidgets as W

from papertales import Action, CardSet, Decision, Game, IllegalActionError
from papertales.serialize import dumps, loads
from papertales.registry import names as bot_names
from papertales import render as R
from papertales.i18n import t
from papertales.render import escape
from papertales import SAVE_FORMAT, render_parts

from .base import MessageBox, Speaking, button, fixed_html, guarded, replace_children, shared_layout, wrap
from .happened import FastForwardBar, WhatHappened
from .decide import deploy_body, draft_body
from .gamefile import GameFileBox
from .session import Session
from .coach import HintBox
from .variants import VariantsBox
from .solocards import LICH_COLOR, PLAYER_COLOR, illustrative_html, illustrative_titles, solo_cards, swrap
from .texts import decision_help, draft_step, phase_explain, solo_phase_explain

SPOT_LABELS = R.SPOT_NAMES
DISPLAY_SPOT_ORDER = (0, 1, 4, 2, 3)     # F1 F2 F3 B1 B2

F = TypeVar("F", bound=Callable[..., Any])
#: what plays a seat's choice: ``on_action(seat, action)``
OnAction = Callable[[int, Action], object]


def ticked(fn: F) -> F:
    """Count every handled click, refused or not (see ``GameStepper.tick``)."""

    @functools.wraps(fn)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:      # self: a GameStepper
        try:
            return fn(self, *args, **kwargs)
        finally:
            self.tick += 1
            self.tick_marker.value = f'<span data-tick="{self.tick}"></span>'
    return cast(F, wrapper)


def _button(label: str, cls: str | None = None, style: str = "", tooltip: str = "", width: str | None = None) -> W.Button:
    b = button(description=label, button_style=style, tooltip=tooltip or label,
               layout=shared_layout(width=width or "auto"))
    if cls:
        for c in cls.split():
            b.add_class(c)
    return b


class DecisionPanel(W.VBox):
    """The widgets for one human seat's pending decision.  Every choice goes through
    ``on_action(seat, action)``; the engine refuses what the rules do not allow."""

    #: the decisions whose outcome the What-if editor shows (a draft's does not show there)
    WHATIF_KINDS = ("deploy", "build", "save")

    def __init__(self, game: Game, seat: int, on_action: OnAction, lang: str | None = None,
                 on_whatif: OnAction | None = None, players: Sequence[str] | None = None, **kw: Any) -> None:
        kw.setdefault("layout", W.Layout(border="2px solid #ffb300", padding="6px", margin="4px 0"))
        super().__init__(**kw)
        self.add_class("pt-decision")
        self.lang = R.lang_of(lang)
        self.game, self.seat, self.on_action = game, seat, on_action
        d = game.decision(seat, self.lang)
        self.kind = d.kind if d else None
        self.buttons: list[W.Button] = []
        p = game.players[seat]
        prompt = d.prompt if d else self.t("render.decision.nothing")
        head = fixed_html(wrap(f"<b>{escape(p.name)}</b>: {escape(prompt)}"
                           f"<br><span class='pt-muted'>{decision_help(self.kind or '', self.lang)}</span>"))
        body = {"draft": lambda: draft_body(self), "draft_discard": lambda: draft_body(self),
                "deploy": lambda: deploy_body(self),
                "target": self._target, "build": self._build, "save": self._save}.get(self.kind or "", self._generic)()
        self.hint = HintBox(game, seat, lang=self.lang, players=players)       # the coach's ranked options
        self.whatif = self._whatif_row(on_whatif)
        self.children = [head, body, self.hint] + ([self.whatif] if self.whatif is not None else [])

    # -------------------------------------------------------------- helpers

    def t(self, key: str, **params: object) -> str:
        return t(key, self.lang, **params)

    def _act(self, action: Action) -> Callable[[object], None]:
        def cb(_b: object = None) -> None:
            self.on_action(self.seat, action)
        return cb

    def _choice(self, label: str, action: Action, tooltip: str = "", style: str = "", extra_cls: str = "",
                width: str | None = None) -> W.Button:
        b = _button(label, ("pt-choice " + extra_cls).strip(), style, tooltip, width)
        b.on_click(self._act(action))
        b.action = action                   # what it plays (the guide marks its suggestion)
        self.buttons.append(b)
        return b

    def button_for(self, action: Action) -> W.Button | None:
        """The button that plays ``action`` (in a Deployment: the card of the hand to place,
        the unit to move, or Done), or None."""
        body = getattr(self, "deploy", None)
        if body is not None:
            if action.kind == "done":
                return body.done
            if action.kind == "place":
                hand = [c.id for c in self.game.players[self.seat].hand]
                return body.hand_buttons[hand.index(action.card)] if action.card in hand else None
            return body.unit_buttons.get(action.spot) if action.kind in ("move", "return", "discard") else None
        return next((b for b in self.buttons if getattr(b, "action", None) == action), None)

    def _name(self, card: Any) -> str:          # a unit card (papertales.cards: not a public module)
        return R.card_name(card, self.lang)

    def _unit_label(self, s):
        u = self.game.players[self.seat].units[s]
        label = self.t("app.step.unit_at", name=self._name(u.type), spot=SPOT_LABELS[s])
        if u.age:
            label += ", " + self.t("render.age_tokens_n", n=u.age)
        return label

    def _describe(self, action: Action) -> str:
        return action.describe(self.lang, self.game.cards)

    def _whatif_row(self, on_whatif: OnAction | None) -> W.HBox | None:
        """"What if I play this?": one of the decision's options, opened in the What-if
        editor with that move played (``on_whatif(seat, action)``; the app's editor)."""
        if on_whatif is None or self.kind not in self.WHATIF_KINDS or self.game.lich is not None:
            return None
        legal = self.game.legal_actions(self.seat)
        self.whatif_choice = W.Dropdown(options=[(self._describe(a), a) for a in legal],
                                        layout=W.Layout(width="auto", max_width="100%"))
        self.whatif_choice.add_class("pt-whatif-choice")
        go = _button(self.t("app.whatif.this"), "pt-whatif-this", "", self.t("app.whatif.this_tip"))
        go.on_click(lambda _b: on_whatif(self.seat, self.whatif_choice.value))
        self.whatif_button = go
        return W.HBox([self.whatif_choice, go], layout=W.Layout(flex_flow="row wrap", align_items="center"))

    # -------------------------------------------------------------- kinds

    def _target(self) -> W.HBox:
        d = cast(Decision, self.game.decision(self.seat, self.lang))      # the panel's pending decision
        return W.HBox([self._choice(self._unit_label(a.spot), a, tooltip=d.prompt, style="primary")
                       for a in self.game.legal_actions(self.seat)], layout=W.Layout(flex_flow="row wrap"))

    def _build(self) -> W.HBox:
        btns: list[W.Button] = []
        lang = self.lang
        for a, gold, why in self.game.construction_options(self.seat):
            b = self.game.cards.building(a.card)
            level = a.level
            how = render_parts(why or [], lang, self.game.cards)
            tip = self.t("app.step.build_tip", how=how, level=level, lp=R.lp_text(b.levels[level].lp, lang),
                         text=R.level_text(b, level, lang))
            label = self.t("app.step.build", action=self._describe(a), gold=R.gold_text(gold, lang))
            btns.append(self._choice(label[:1].upper() + label[1:], a, style="primary", tooltip=tip))
        btns.append(self._choice(self.t("app.step.pass_build"), Action("pass"), extra_cls="pt-pass"))
        return W.HBox(btns, layout=W.Layout(flex_flow="row wrap"))

    def _save(self) -> W.HBox:
        btns: list[W.Button] = []
        for a in self.game.legal_actions(self.seat):
            if a.kind == "save":
                btns.append(self._choice(self.t("app.step.save_unit", unit=self._unit_label(a.spot)), a, style="primary"))
            else:
                btns.append(self._choice(self.t("app.step.pass_save"), a, extra_cls="pt-pass"))
        return W.HBox(btns, layout=W.Layout(flex_flow="row wrap"))

    def _generic(self) -> W.HBox:
        legal = self.game.legal_actions(self.seat)
        self.generic = W.Dropdown(options=[(self._describe(a), a) for a in legal],
                                  description=self.t("app.step.action"))
        go = _button(self.t("app.step.apply"), "pt-choice", "primary")
        go.on_click(lambda _b: self.on_action(self.seat, self.generic.value))
        self.buttons.append(go)
        return W.HBox([self.generic, go])


def player_choices(lang: str | None = None) -> list[tuple[str, int]]:
    """The player-count choice: 1 is the solo mode."""
    return [(t("app.step.players_solo", lang), 1)] + [(str(n), n) for n in range(2, 6)]


class GameStepper(Speaking, W.VBox):
    """New game, advance one decision / phase / turn / to the end, undo, the 6-phase track,
    an explanation of the current phase, and the decisions of the human seats.

    With 1 player the game is the solo mode against the Lich King: the setup row offers his
    difficulty (0-4 Lich King cards) and the cards (the built-in illustrative ones, said so
    in a banner, or a pack offered with :meth:`use_pack`); the status line shows both
    scores, the phase texts and the game-over box are the solo ones."""

    # long: the stepper's widgets built in the order they appear on the page
    def __init__(self, session: Session | None = None, players: int = 3, seed: int = 7,
                 humans: Iterable[int] = (0,), cards: CardSet | None = None, lich_king_cards: int = 0,
                 solo_only: bool = False, names: Sequence[str] | None = None, lang: str | None = None,
                 on_whatif: OnAction | None = None, **kw: Any) -> None:
        """``players=1`` starts a solo game against the Lich King (``cards``: default the
        illustrative Necropolis cards; ``lich_king_cards``: his difficulty cards).
        ``solo_only`` hides the player count and the seats (the solo notebook); ``names``
        are used for new games with that many players (default: "You" and bots' names).
        ``lang``: the language of the panel (default: the current one).  ``on_whatif(seat,
        action)``: offered under a decision as "What if I play this?" (the app's editor)."""
        super().__init__(**kw)
        self.on_whatif = on_whatif
        lang = self._init_language(lang)
        self.add_class("pt-stepper")
        self.session = session or Session(players=players, seed=seed, humans=humans, names=names, cards=cards,
                                          lich_king_cards=lich_king_cards, lang=lang)
        self.names = list(names) if names else None
        self.messages = MessageBox(lang=lang)
        s = self.session
        g = s.game
        self.solo_only = solo_only
        self.user_pack: dict[str, Any] | None = None   # a validated pack offered for solo games (use_pack)
        self._labels: list[tuple[Any, str, str, dict[str, object]]] = []   # (widget, attribute, key, values): relabelled in another language

        # new game
        self.players = W.Dropdown(options=player_choices(lang), value=g.n, layout=W.Layout(width="290px"))
        self._label(self.players, "description", "app.step.players")
        self.players.add_class("pt-players")
        self.seed = W.IntText(value=s.seed, layout=W.Layout(width="150px"))
        self._label(self.seed, "description", "app.step.seed")
        self.seats = [W.Dropdown(options=self._seat_options(), value="human" if i in s.humans else "random",
                                 description=self.t("app.step.seat", n=i + 1),
                                 layout=W.Layout(width="205px")) for i in range(5)]
        n_lich = len(g.lich.cards) if g.lich is not None else lich_king_cards
        self.lich_count = W.Dropdown(options=self._lich_options(), value=n_lich if isinstance(n_lich, int) else 0,
                                     layout=W.Layout(width="260px"))
        self._label(self.lich_count, "description", "app.step.difficulty")
        self.lich_count.add_class("pt-lich-count")
        self.card_source = W.Dropdown(options=self._sources(), layout=W.Layout(width="380px"))
        self._label(self.card_source, "description", "app.step.cards")
        self.new_button = _button("", "pt-new-game", "info")
        self._label(self.new_button, "description", "app.step.new_solo" if solo_only else "app.step.new_game")
        self._label(self.new_button, "tooltip", "app.step.new_solo" if solo_only else "app.step.new_game")
        self.new_button.on_click(self.on_new_game)
        self.players.observe(lambda ch: self._show_seats(), names="value")
        self.setup = W.HBox([self.players, self.seed, *self.seats, self.lich_count, self.card_source,
                             self.new_button], layout=W.Layout(flex_flow="row wrap"))
        self._show_seats()
        self.banner = W.HTML()                 # the illustrative-cards warning (solo)
        self.banner.add_class("pt-banner")

        # advancing
        self.next_decision = self._labelled_button("next_decision", "pt-next-decision")
        self.next_phase = self._labelled_button("next_phase", "pt-next-phase", "primary")
        self.next_turn = self._labelled_button("next_turn", "pt-next-turn")
        self.to_end = self._labelled_button("to_end", "pt-to-end")
        self.undo_button = self._labelled_button("undo", "pt-undo", "warning")
        self.back_to = W.Dropdown(options=[], layout=W.Layout(width="340px"))
        self._label(self.back_to, "description", "app.step.back_to")
        self.back_button = self._labelled_button("go_back", "pt-go-back")
        self.next_decision.on_click(lambda _b: self.advance("decision"))
        self.next_phase.on_click(lambda _b: self.advance("phase"))
        self.next_turn.on_click(lambda _b: self.advance("turn"))
        self.to_end.on_click(lambda _b: self.advance("end"))
        self.undo_button.on_click(self.on_undo)
        self.back_button.on_click(self.on_back)
        self.controls = W.HBox([self.next_decision, self.next_phase, self.next_turn, self.to_end,
                                self.undo_button], layout=W.Layout(flex_flow="row wrap"))
        self.controls.add_class("pt-controls")
        self.history_row = W.HBox([self.back_to, self.back_button])

        self.track = W.HTML()
        self.track.add_class("pt-track-widget")
        self.explain = W.HTML()
        self.explain.add_class("pt-explain")      # what the current phase does: the same in every game
        self.status = W.HTML()
        self.status.add_class("pt-status")
        self.happened = WhatHappened(self.session, lang=lang)      # what the last step did
        self.ffwd = FastForwardBar(self.session, self.on_stop, lang=lang)   # a fast-forward + Stop
        self.tick = 0                     # counts handled clicks (the browser test waits on it)
        self.tick_marker = W.HTML(layout=W.Layout(display="none"))
        self.tick_marker.add_class("pt-tick")
        self.decisions = W.VBox()
        self.decisions.add_class("pt-decisions")
        self.guide_slot = W.VBox()                 # the guided first game's guide, when it plays
        self.guide_slot.add_class("pt-guide-slot")
        self.final = W.HTML()
        self.final.add_class("pt-final")

        # save / load
        self.record = W.Textarea(layout=W.Layout(width="100%", height="90px"))
        self._label(self.record, "placeholder", "app.step.record_placeholder", format=SAVE_FORMAT)
        self.record.add_class("pt-record")
        save = self._labelled_button("save_record", "pt-save")
        load = self._labelled_button("load_record", "pt-load")
        save.on_click(self.on_save)
        load.on_click(self.on_load)
        self.gamefile = GameFileBox(self.session, self.messages, lang=lang)    # download / upload a file
        self.saveload = W.Accordion(children=[W.VBox([self.gamefile, W.HBox([save, load]), self.record])])
        self.saveload.selected_index = None
        self.variants = VariantsBox(lang=lang)             # rule variants for a new game
        self.variants_box = W.Accordion(children=[self.variants])
        self.variants_box.add_class("pt-variants-box")
        self.variants_box.selected_index = None

        self.children = [self.banner, self.setup, self.variants_box, self.track, self.explain, self.controls, self.history_row,
                         self.messages, self.status, self.ffwd, self.happened, self.guide_slot, self.decisions, self.final,
                         self.saveload, self.tick_marker]
        self._decision_key: tuple[object, ...] | None = None
        self._history_len: int | None = None
        self._auto_record = False
        self._record_game = id(s.game)        # the game whose record the text box may hold
        self._record_shown_at: tuple[Any, ...] | None = None   # the step whose record "Show the record" put there
        self._relabel_titles()
        s.observe(lambda _s: self.refresh())
        self.refresh()

    # -------------------------------------------------------------- words

    def _label(self, widget: W.Widget, attr: str, key: str, **params: object) -> None:
        """Set ``widget.<attr>`` to the message ``key``, now and after a change of language."""
        self._labels.append((widget, attr, key, params))
        setattr(widget, attr, self.t(key, **params))

    def _labelled_button(self, name: str, cls: str, style: str = "") -> W.Button:
        b = _button("", cls, style)
        self._label(b, "description", f"app.step.{name}")
        self._label(b, "tooltip", f"app.step.{name}_tip")
        return b

    def _seat_options(self) -> list[tuple[str, str]]:
        """Human, or one of ``papertales.registry.names()``, each by its name ("random" ...)."""
        return [(self.t("coach.ui.seat.human"), "human")] + [(self.t(f"coach.ui.seat.{name}"), name)
                                                             for name in bot_names()]

    def _lich_options(self) -> list[tuple[str, int]]:
        return [(self.t("app.step.lich_cards", n=k), k) for k in range(5)]

    def _sources(self) -> list[tuple[str, str]]:
        opts = [(self.t("app.step.illustrative"), "illustrative")]
        if self.user_pack is not None:
            opts.append((self.t("app.step.your_pack", title=self.user_pack["title"]), "user"))
        return opts

    def _relabel_titles(self) -> None:
        self.saveload.set_title(0, self.t("app.step.saveload"))
        self.variants_box.set_title(0, self.t("coach.variants.title"))
        if self.variants.lang != self.lang:
            self.variants.set_language(self.lang)

    def relabel(self) -> None:
        """Every label, tooltip and choice of the stepper in ``self.lang``."""
        for widget, attr, key, params in self._labels:
            setattr(widget, attr, self.t(key, **params))
        for i, d in enumerate(self.seats):
            value = d.value
            d.options = self._seat_options()
            d.value = value
            d.description = self.t("app.step.seat", n=i + 1)
        for widget, opts in ((self.players, player_choices(self.lang)), (self.lich_count, self._lich_options()),
                             (self.card_source, self._sources())):
            value = widget.value
            widget.options = opts
            widget.value = value
        self._relabel_titles()
        self.session.set_language(self.lang)
        self._history_len = None           # the undo steps in the new language
        self._decision_key = None          # the decision widgets too

    def redraw(self) -> None:
        self.refresh()

    def use_pack(self, pack: dict[str, Any]) -> None:
        """Offer a validated pack (``papertales.load_pack``, e.g. from the pack editor) for
        the next new solo game."""
        self.user_pack = pack
        self.card_source.options = self._sources()
        self.card_source.value = "user"

    # -------------------------------------------------------------- callbacks

    def _show_seats(self) -> None:
        n = self.players.value
        for i, d in enumerate(self.seats):
            d.layout.display = None if i < n and not self.solo_only else "none"
        self.players.layout.display = "none" if self.solo_only else None
        for w in (self.lich_count, self.card_source):
            w.layout.display = None if n == 1 else "none"

    @ticked
    @guarded()
    def on_new_game(self, _b: object = None) -> None:
        self.messages.clear()
        n = self.players.value
        humans = [i for i in range(n) if self.seats[i].value == "human"]
        # the random bot is every other seat's default (Session.new_game)
        bots = {i: self.seats[i].value for i in range(n) if self.seats[i].value not in ("human", "random")}
        rules = self.variants.rules()
        names = self.names if self.names and len(self.names) == n else None
        if n == 1:
            pack = self.user_pack if self.card_source.value == "user" else None
            self.session.new_game(players=1, seed=int(self.seed.value), humans=humans, names=names,
                                  cards=solo_cards(pack), lich_king_cards=self.lich_count.value, rules=rules)
        else:
            self.session.new_game(players=n, seed=int(self.seed.value), humans=humans, names=names,
                                  bots=bots, rules=rules)

    @ticked
    @guarded()
    def advance(self, mode: str) -> None:
        self.messages.clear()
        self.session.advance(mode)

    @ticked
    @guarded()
    def act(self, seat: int, action: Action | str) -> None:
        self.messages.clear()
        self.session.act(seat, action)

    @ticked
    @guarded()
    def on_undo(self, _b: object = None) -> None:
        self.messages.clear()
        self.session.undo()

    @ticked
    @guarded()
    def on_back(self, _b: object = None) -> None:
        self.messages.clear()
        if self.back_to.value is None:
            raise IllegalActionError(self.t("app.step.choose_step"))
        self.session.restore(self.back_to.value)

    @ticked
    @guarded()
    def do(self, fn: Callable[[], object]) -> object:
        """``fn()`` as one of the stepper's clicks (a button of a panel beside it, such as
        the guide's): a refusal is shown in the stepper and the click is counted."""
        self.messages.clear()
        return fn()

    @ticked
    @guarded()
    def on_stop(self, _b: object = None) -> None:
        """Stop a fast-forward (see ``Session.stop``)."""
        self.messages.clear()
        self.session.stop()

    @ticked
    @guarded()
    def on_save(self, _b: object = None) -> None:
        g = self.session.game
        self.record.value = dumps(g)
        self._auto_record = False
        self._record_shown_at = self._step_key()      # it goes at the next step, as the file's link
        key = "app.step.saved" if g.is_over else "app.step.saved_spoiler"
        self.messages.ok(self.t(key), words=lambda lang: t(key, lang))

    @ticked
    @guarded()
    def on_load(self, _b: object = None) -> None:
        text = self.record.value.strip()
        if not text:
            raise ValueError(self.t("app.step.paste_first"))
        game = loads(text)
        self._record_game = id(game)          # the record stays: it is this game
        self.session.load_game(game)
        turn, phase = game.turn, game.phase
        self.messages.ok("", words=lambda lang: t("app.step.loaded", lang, turn=turn, phase=R.phase_title(phase, lang)))

    # -------------------------------------------------------------- display

    def _step_key(self) -> tuple:
        """Which step of which game the page shows (any move, undo or new game changes it)."""
        g = self.session.game
        return (id(g), len(g.history), g.turn, g.phase, g.stage)

    def refresh(self) -> None:
        s = self.session
        g = s.game
        lang = self.lang
        lich = g.lich
        solo = lich is not None
        self.banner.value = swrap(illustrative_html(illustrative_titles(g.cards, lang), lang)) if solo else ""
        self.banner.layout.display = None if self.banner.value else "none"
        self.track.value = wrap(R.phase_track_html(g, lang))
        explain = solo_phase_explain(g.phase, lang) if solo else phase_explain(g.phase, lang)
        self.explain.value = wrap(f'<div class="pt-msg pt-info">{explain}</div>', css=False)
        waiting = s.waiting_humans()
        over = g.is_over
        for b in (self.next_decision, self.next_phase, self.next_turn, self.to_end):
            b.disabled = over
        self.undo_button.disabled = not s.can_undo()
        if len(s.history) != self._history_len:
            self._history_len = len(s.history)
            self.back_to.options = [(cp.text(lang), i) for i, cp in reversed(list(enumerate(s.history)))]
            self.back_to.value = None
        msg = escape(s.message_text(lang))
        if waiting and not over:
            who = ", ".join(g.players[w].name for w in waiting)
            msg += " " + escape(self.t("app.step.your_decision") if R.is_you(who)
                                else self.t("app.step.decision_of", who=who))
            if lich is not None and g.phase == "recruitment" and cast(Decision, g.decision(0)).kind == "draft":
                msg += f" <b>{escape(draft_step(lich.draft_step, lang))}</b>"
        if lich is not None:
            p, lk = g.players[0], lich
            tie = f" {escape(self.t('app.step.he_wins_ties'))}" if p.lp == lk.lp else ""
            msg = (f"<div class='pt-solo-score' style='font-size:14px'><b style='color:{PLAYER_COLOR}'>"
                   f"{escape(p.name)} <span data-player-lp='{p.lp}'>{p.lp}</span> {escape(self.t('render.lp'))}</b> "
                   f"{escape(self.t('app.step.against'))} "
                   f"<b style='color:{LICH_COLOR}'>{escape(R.lich_king_name(lang))} "
                   f"<span data-lich-lp='{lk.lp}'>{lk.lp}</span> {escape(self.t('render.lp'))}</b>{tie}</div>" + msg)
        self.status.value = wrap(f"<div>{msg}</div>", css=False)
        self.happened.lang = self.ffwd.lang = lang
        self.happened.refresh()
        self.ffwd.refresh()
        self.gamefile.lang = lang
        self.gamefile.refresh()
        if id(g) != self._record_game:        # a new game: the last one's record goes
            self._record_game = id(g)
            self.record.value = ""
            self._auto_record = False
        if self._record_shown_at is not None and self._record_shown_at != self._step_key():
            self._record_shown_at = None      # a record shown before this step: it holds hidden cards
            if not self._auto_record:
                self.record.value = ""
        key = (id(g), len(g.history), tuple(g.pending_players()), g.phase, g.stage)
        if key != self._decision_key:
            self._decision_key = key
            replace_children(self.decisions, [DecisionPanel(g, seat, self.act, lang=lang, on_whatif=self.on_whatif,
                                                            players=self.session.players) for seat in waiting])
        if over:
            names = ", ".join(R.winner_names(g, lang))
            extra = tie = ""
            if lich is not None:
                lich_won = not g.winners()
                extra = f" data-winner='{'lich' if lich_won else 'you'}'"
                if lich_won and g.players[0].lp == lich.lp:
                    tie = " — " + escape(self.t("app.step.tie_lich"))
            self.final.value = wrap(f'<div class="pt-msg pt-ok"><b>{escape(self.t("app.step.game_over"))}</b> '
                                    f'{escape(self.t("app.step.winner"))} '
                                    f'<span class="pt-winner"{extra}>{escape(names)}</span>{tie}</div>'
                                    f'{R.scores_html(g, lang)}', css=False)
            self.final.layout.display = None
            if not self.record.value or self._auto_record:
                self.record.value = dumps(g)     # the engine's own record of the game
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
