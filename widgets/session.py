"""A game being played in the notebook: who is human, who is a bot, how far to advance,
and the snapshots that make undo possible.  No UI code here (the panels observe it).

Advancing happens in *units*: either every bot with a pending decision makes that
decision, or one automatic stage of the engine runs (``game.step()``).  Human decisions are
never made here on their own: when only humans are pending, advancing stops ("blocked")
and the stepper shows the decision widgets.  After a human completes a decision, the
session resumes the goal of the last button (next phase, next turn, to the end); without
one it goes on to the end of the current phase, so every phase can be watched.

A 1-player game is the solo mode against the Lich King (``new_game(players=1, cards=...,
lich_king_cards=...)``): he is no seat, the engine plays him inside its automatic stages.

What the session says (its status message, the labels of its undo steps, its refusals) is
kept as catalogue keys and put in words in ``session.lang`` (see :meth:`Session.set_language`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from papertales import Action, CardSet, Decision, Event, Game, IllegalActionError, card_set
from papertales.observation import Observation
from papertales.judgement import PLAYER_NAMES
from papertales.registry import Bot, get as get_bot
from papertales.i18n import check_language, get_language, t
from papertales.render import phase_title
from papertales.position import position_of
from papertales.observation import visible

#: the built-in Necropolis and Lich King cards: invented, NOT the printed ones
ILLUSTRATIVE_PACK = "lich-king-illustrative"

GOALS = ("decision", "phase", "turn", "end")

#: a catalogue message: its key and values, a value may be a function of the language
Said = tuple[str, Mapping[str, Any]]
#: how far a button goes: (mode, turn, phase) when it was pressed
Goal = tuple[str, int, str]


@dataclass
class Checkpoint:
    """The state before one user action, for undo.  ``what`` is the action as a catalogue
    message ``(key, params)``; :meth:`text` puts the step in words."""
    index: int
    turn: int
    phase: str
    what: Said
    game: Game
    bot_states: dict[int, tuple[Any, Any]]
    wars_games: dict[int, Game]
    goal: Goal | None

    def where(self, lang: str | None = None) -> str:
        if self.phase in ("end", "over"):
            return phase_title(self.phase, lang)
        return t("app.session.where", lang, turn=self.turn, phase=phase_title(self.phase, lang))

    def action(self, lang: str | None = None) -> str:
        key, params = self.what
        return t(key, lang, **{k: v(lang) if callable(v) else v for k, v in params.items()})

    def text(self, lang: str | None = None) -> str:
        """``3. T1 Wars: before next phase``."""
        return t("app.session.checkpoint", lang, n=self.index, where=self.where(lang), what=self.action(lang))

    @property
    def label(self) -> str:
        return self.text()


@dataclass
class Outcome:
    """What an advance did: ``units`` run, and why it stopped."""
    units: int = 0
    stopped: str = ""          # "reached", "waiting", "over"
    waiting_for: list[int] = field(default_factory=list)


# long: the state every panel shares (game, seats, bots, language, undo): its methods are the
# panels' one way to it
class Session:
    """One game plus its human/bot seats, its goal and its undo history."""

    def __init__(self, players: int = 3, seed: int = 7, humans: Iterable[int] = (0,), names: Iterable[str] | None = None,
                 cards: CardSet | None = None, lich_king_cards: int | Sequence[str] = 0, lang: str | None = None) -> None:
        self.listeners: list[Callable[[Session], object]] = []
        self.lang = check_language(lang) if lang else get_language()
        self._message: list[Said] = []
        self.peek = False                # teaching: show every hidden card (off by default)
        self.mark = (0, 0)               # (events, results) before the last step
        self.before: Game | None = None  # the game before the last step
        self.generation = 0              # counts new and opened games
        self.new_game(players, seed, humans, names, cards, lich_king_cards)

    # ------------------------------------------------------------------ words

    def t(self, key: str, **params: object) -> str:
        return t(key, self.lang, **params)

    @property
    def message(self) -> str:
        """What the last step did, in the session's language."""
        return self.message_text(self.lang)

    def message_text(self, lang: str | None = None) -> str:
        parts = []
        for key, params in self._message:
            parts.append(t(key, lang, **{k: v(lang) if callable(v) else v for k, v in params.items()}))
        return " ".join(p for p in parts if p)

    def _set_status(self, *parts: Said) -> None:
        """The status message: catalogue messages ``(key, params)``; a parameter may be a
        function of the language (a phase name, an action in words)."""
        self._message = list(parts)

    def set_language(self, lang: str) -> None:
        """Speak ``lang`` from now on.  Players who still have the default names of the
        old language ("You", "Ada (bot)") get those of the new one."""
        lang = check_language(lang)
        old, self.lang = self.lang, lang
        if old == lang:
            return
        games = [self.game] + [cp.game for cp in self.history] + list(self.wars_games.values())
        for g in games:
            if g.names == default_names(g.n, self.humans, old):
                for p, name in zip(g.players, default_names(g.n, self.humans, lang)):
                    p.name = name
        self._notify()

    # ------------------------------------------------------------------ setup

    def new_game(self, players: int = 3, seed: int = 7, humans: Iterable[int] = (0,), names: Iterable[str] | None = None,
                 cards: CardSet | None = None, lich_king_cards: int | Sequence[str] = 0,
                 bots: Mapping[int, str] | None = None, rules: dict[str, str] | None = None,
                 mode: str | None = None) -> None:
        """A new game.  ``bots``: ``{seat: bot name}`` (``papertales.bots.names()``; seats
        left out get the random bot); ``rules``: rule variants (``Game.new(rules=...)``).  ``players=1`` is the solo mode against the Lich King: ``cards``
        must bring Necropolis cards (default: the built-in *illustrative* pack, which the
        panels then say is not the printed cards) and ``lich_king_cards`` is how many
        difficulty cards he draws (or their ids).  ``mode``: what kind of game this is
        for the panels (``"guided"``: the guided first game); undo keeps it, the next new
        or loaded game drops it."""
        humans = sorted({int(h) for h in humans})
        if any(not 0 <= h < players for h in humans):
            raise ValueError(self.t("app.session.bad_humans", last=players - 1, humans=humans))
        if names is None:
            names = default_names(players, humans, self.lang)
        if players == 1 and cards is None:
            cards = card_set(ILLUSTRATIVE_PACK)
        game = Game.new(players=players, seed=seed, names=list(names), cards=cards,
                        lich_king_cards=lich_king_cards if players == 1 else 0, rules=rules)
        self.game = game
        self.generation += 1             # panels forget what they showed of the last game
        self.seed = seed
        self.humans = humans
        self.mode = mode
        self.bots = make_bots(players, humans, seed, bots)
        self.history: list[Checkpoint] = []
        self.wars_games: dict[int, Game] = {}
        self.goal: Goal | None = None
        self.mark = (0, 0)
        self.before = None
        if game.lich is not None:
            self._set_status(("app.session.new_solo", {"seed": seed, "n": len(game.lich.cards)}))
        else:
            self._set_status(("app.session.new", {"n": players, "seed": seed}))
        self._run()                      # deal: stop at the first decision
        self.goal = None
        self._notify()

    def load_game(self, game: Game, humans: Iterable[int] | None = None, bots: Mapping[int, str] | None = None) -> None:
        """Continue a saved game (``papertales.serialize.loads``): seats in ``humans`` are played by
        people, the others by fresh random bots."""
        humans = sorted(self.humans if humans is None else humans)
        humans = [h for h in humans if 0 <= h < game.n]
        self.game = game
        self.generation += 1
        self.seed = game.seed
        self.humans = humans
        self.mode = None
        self.bots = make_bots(game.n, humans, game.seed, bots)
        self.history = []
        self.wars_games = {}
        self.goal = None
        self.mark = (len(game.events), len(game.results))
        self.before = None
        self._set_status(("app.session.loaded", {}))
        self._notify()

    # ------------------------------------------------------------------ observers

    def observe(self, callback: Callable[[Session], object]) -> None:
        """``callback(session)`` after every change."""
        self.listeners.append(callback)

    def _notify(self) -> None:
        for cb in list(self.listeners):
            cb(self)

    # ------------------------------------------------------------------ queries

    @property
    def names(self) -> list[str]:
        return self.game.names

    @property
    def solo(self) -> bool:
        """Is this a 1-player game against the Lich King?"""
        return self.game.lich is not None

    def waiting_humans(self) -> list[int]:
        return [s for s in self.game.pending_players() if s in self.humans]

    @property
    def players(self) -> tuple[str, ...]:
        """Who plays each seat, as the coach's chance to win plays them on: a bot by its name,
        a person as ``human``, a bot the coach does not know as the greedy bot
        (``papertales.judgement.judge``'s ``players``)."""
        out = []
        for s in range(self.game.n):
            name = "human" if s in self.humans else str(getattr(self.bots.get(s), "name", "greedy"))
            out.append(name if name in PLAYER_NAMES else "greedy")
        return tuple(out)

    @property
    def viewer(self) -> int | None:
        """The one human seat whose eyes the panels use (None: several people or nobody)."""
        return self.humans[0] if len(self.humans) == 1 else None

    @property
    def observer(self) -> int | None:
        """The seat the panels draw for: the viewer, or None (everything) when peeking or
        when bots play alone (a spectator sees everything)."""
        return None if self.peek else self.viewer

    def set_peek(self, peek: bool) -> None:
        """Teaching switch: show the others' hidden cards (face-down units, hands, picks)."""
        if bool(peek) != self.peek:
            self.peek = bool(peek)
            self._notify()

    def observation(self, game: Game | None = None) -> Observation:
        """``game.observation(observer)``: what the panels may show."""
        return (game or self.game).observation(self.observer)

    def visible_game(self, game: Game | None = None, seat: int | None = -1) -> Game:
        """``game`` (default: the current one) as the observer (or ``seat``) may know it: a
        copy without the units the others placed face down (previews of wars, income and
        what-if use revealed units only).  The game itself when nothing is hidden."""
        g = game or self.game
        seat = self.observer if seat == -1 else seat
        if seat is None:
            return g
        obs = g.observation(seat)
        hidden = [(k.seat, u.spot) for k in obs.kingdoms for u in k.units if u.card is None]
        if not hidden:
            return g
        v = g.clone()
        for seat, spot in hidden:
            v.players[seat].units[spot] = None
        return v

    def position(self, seat: int | None = None, action: Action | str | None = None) -> dict[str, Any]:
        """The position (``papertales-position/1``) of the current game as ``seat`` (default:
        the viewer) may know it, for the What-if editor: the others' revealed units,
        buildings, gold and LP, never their hands, placements or kept cards.  ``action``:
        one of the seat's pending choices, played in the position (a placement is made, a
        construction or a Healer's save becomes the seat's choice)."""
        seat = self.viewer if seat is None else seat
        g = self.game
        choice = None
        if action is not None:
            if isinstance(action, str):
                action = Action.parse(action)
            assert seat is not None                   # a choice is previewed for a seat
            decision = g.decision(seat) if g.pending[seat] is not None else None
            kind = decision.kind if decision is not None else None
            if kind == "deploy":
                g = g.clone()
                g.record_events = False
                g.apply(seat, action)              # checked: refused unless legal now
            elif kind in ("build", "save") and action in g.legal_actions(seat):
                choice = action
            else:
                raise IllegalActionError(self.t("app.whatif.no_preview"))
        pos = position_of(self.visible_game(g, seat))
        for i, pd in enumerate(pos["players"]):
            if i != seat:
                for key in ("hand", "place", "actions", "kept"):
                    pd.pop(key, None)
        if choice is not None and choice.kind != "save":
            pos["players"][seat]["choices"] = {"construction": str(choice)}
        return pos

    def visible_events(self, start: int = 0) -> list[Event]:
        """The events from index ``start`` that the observer may see."""
        seat = self.observer
        return [e for e in self.game.events[start:] if visible(e, seat)]

    def last_step(self) -> tuple[list[Event], tuple[object, ...]]:
        """``(events, results)`` of the last step (what the observer may know)."""
        ev, res = self.mark
        results = self.observation().results[res:] if len(self.game.results) > res else ()
        return self.visible_events(ev), tuple(results)

    def before_last_step(self) -> Game | None:
        """The game as it was before the last step (None at the start)."""
        return self.before

    @property
    def fast_forward(self) -> Goal | None:
        """The goal that goes on after the humans' decisions (``(mode, turn, phase)``),
        or None.  The stepper shows it with a Stop button."""
        return self.goal if self.goal is not None and self.goal[0] in ("turn", "end") else None

    def stop(self) -> None:
        """Stop a fast-forward: after the next human decision the game only goes on to
        the end of the current phase."""
        if self.goal is None:
            return
        self.goal = None
        self._set_status(("app.session.stopped", {}))
        self._notify()

    def wars_game(self, turn: int | None = None) -> Game | None:
        """The game as it stood just before the Wars of ``turn`` (default: the latest
        resolved), or None when those Wars have not happened."""
        if turn is None:
            if not self.wars_games:
                return None
            turn = max(self.wars_games)
        return self.wars_games.get(turn)

    # ------------------------------------------------------------------ undo

    def checkpoint(self, key: str, **params: object) -> None:
        """Remember the state before the action ``key`` (a catalogue message)."""
        g = self.game
        self.history.append(Checkpoint(
            len(self.history) + 1, g.turn, g.phase, (key, params), g.clone(),
            {s: _bot_state(b) for s, b in self.bots.items()}, dict(self.wars_games), self.goal))
        self.mark = (len(g.events), len(g.results))
        self.before = self.history[-1].game

    def can_undo(self) -> bool:
        return bool(self.history)

    def undo(self) -> None:
        """Back to the state before the last action."""
        if not self.history:
            raise IllegalActionError(self.t("app.session.nothing_to_undo"))
        self.restore(len(self.history) - 1)

    def restore(self, index: int) -> None:
        """Back to checkpoint ``index`` (the state before that action); later ones go."""
        if not 0 <= index < len(self.history):
            raise IllegalActionError(self.t("app.session.no_step", step=index + 1, n=len(self.history)))
        cp = self.history[index]
        del self.history[index:]
        self.game = cp.game.clone()
        for s, state in cp.bot_states.items():
            _set_bot_state(self.bots[s], state)
        self.wars_games = dict(cp.wars_games)
        self.goal = None
        self.mark = (len(self.game.events), len(self.game.results))
        self.before = None
        turn, phase = self.game.turn, self.game.phase
        self._set_status(("app.session.back_to", {"what": cp.action, "turn": turn,
                                                  "phase": lambda lang: phase_title(phase, lang)}))
        self._notify()

    # ------------------------------------------------------------------ advancing

    def _unit(self) -> str | None:
        """One unit of progress; None when blocked by humans or the game is over."""
        g = self.game
        if g.is_over:
            return None
        pending = g.pending_players()
        bots = [s for s in pending if s not in self.humans]
        if bots:
            for s in bots:
                d = g.pending[s]
                bot = self.bots[s]
                while g.pending[s] is d:          # a deployment is several actions
                    g.apply(s, bot.choose(g, s))
            return "bots"
        if pending:
            return None
        if g.phase == "wars" and g.stage == "start":
            self.wars_games[g.turn] = g.clone()
        g.step()
        return "auto"

    def _goal_reached(self, last: str | None) -> bool:
        assert self.goal is not None              # _run sets it first
        mode, turn, phase = self.goal
        g = self.game
        if g.is_over:
            return True
        if mode in ("decision", "phase") and self._after_aging(turn):
            return True                    # stepping stops after Aging: its deaths are seen
        if mode == "decision":
            return last == "bots"
        if mode == "phase":
            return (g.turn, g.phase) != (turn, phase)
        if mode == "turn":
            return g.turn != turn or (g.phase == "end" and phase != "end")
        return False

    def _after_aging(self, turn: int) -> bool:
        """Has the Aging of an earlier turn just ended (the new turn not yet dealt)?"""
        g = self.game
        return g.turn != turn and g.phase == "recruitment" and g.stage == "start"

    def _opens_with_decisions(self) -> bool:
        """Does the phase that just began start by asking for decisions (a draft, a
        deployment, a construction)?  Checked on a copy."""
        g = self.game
        if g.is_over or g.pending_players():
            return False
        peek = g.clone()
        peek.record_events = False
        peek.step()
        return peek.phase == g.phase and bool(peek.pending_players())

    def _run(self) -> Outcome:
        """Run units until the goal is reached, a human must decide, or the game ends."""
        out = Outcome()
        if self.goal is None:
            self.goal = ("decision", self.game.turn, self.game.phase)
        last = None
        blocked = False
        while not self._goal_reached(last):
            last = self._unit()
            if last is None:
                blocked = True
                break
            out.units += 1
        reached = not blocked
        opens = self.goal[0] == "turn" or not self._after_aging(self.goal[1])
        if reached and self.goal[0] in ("phase", "turn") and opens and self._opens_with_decisions():
            self._unit()                   # open the new phase: its decisions appear now
            if self.waiting_humans():
                self._unit()               # the bots decide too (simultaneous play)
        if self.game.is_over:
            out.stopped = "over"
        elif self.waiting_humans():
            out.stopped = "waiting"
            out.waiting_for = self.waiting_humans()
        else:
            out.stopped = "reached"
        if reached or self.game.is_over:
            self.goal = None               # else resumed after the humans' decisions
        return out

    def advance(self, mode: str = "phase") -> Outcome:
        """Advance until the next decision (``"decision"``), the next phase, the next turn
        or the end (``"end"``), stopping early whenever a human has to decide."""
        if mode not in GOALS:
            raise ValueError(self.t("app.session.bad_mode", modes=", ".join(GOALS), mode=mode))
        g = self.game
        if g.is_over:
            raise IllegalActionError(self.t("app.session.over"))
        waiting = self.waiting_humans()
        if waiting and not [s for s in g.pending_players() if s not in self.humans]:
            who = ", ".join(f"{g.players[s].name} ({self.t('render.decision.kind.' + cast(Decision, g.decision(s)).kind)})"
                            for s in waiting)
            raise IllegalActionError(self.t("app.session.waiting", who=who))
        self.checkpoint(f"app.session.goal.{mode}")
        self.goal = (mode, g.turn, g.phase)
        out = self._run()
        self._set_status(self._describe(out))
        self._notify()
        return out

    def act(self, seat: int, action: Action | str) -> Outcome | None:
        """A human's action.  Illegal actions raise the engine's IllegalActionError and
        change nothing.  When it completes the decision, the game goes on (the goal of
        the last button, else to the end of the current phase)."""
        return self.act_plan(seat, [action])

    def act_plan(self, seat: int, actions: Iterable[Action | str]) -> Outcome | None:
        """A human's actions one after the other as one step (one undo): a whole Deployment
        the coach suggests.  If one of them is illegal, nothing changes and its error is
        raised; then as :meth:`act`."""
        g = self.game
        if seat not in self.humans:
            raise IllegalActionError(self.t("app.session.bot_seat", name=g.players[seat].name))
        before = g.pending[seat] if 0 <= seat < g.n else None
        where = (g.turn, g.phase)
        parsed = [Action.parse(a) if isinstance(a, str) else a for a in actions]
        cards = g.cards
        words = {"name": lambda _lang: self.game.players[seat].name,       # renamed with the language
                 "action": lambda lang: "; ".join(a.describe(lang, cards) for a in parsed)}
        self.checkpoint("app.session.action", **words)
        applied = 0
        try:
            for action in parsed:
                g.apply(seat, action)
                applied += 1
        except Exception:
            cp = self.history.pop()
            if applied:                                  # back to the state before the first of them
                self.game = cp.game
            raise
        g = self.game
        out = None
        if g.pending[seat] is not before and not self.waiting_humans():
            if self.goal is None:            # default: watch the rest of this phase
                self.goal = ("phase", *where)
            out = self._run()
            self._set_status(("app.session.did", words), self._describe(out))
        else:
            self._set_status(("app.session.did", words))
        self._notify()
        return out

    def _describe(self, out: Outcome) -> Said:
        g = self.game
        if out.stopped == "over":
            return "app.session.game_over", {}
        if out.stopped == "waiting":
            return "app.session.nothing", {}      # the stepper asks for the decision itself
        turn, phase = g.turn, g.phase
        return "app.session.now", {"turn": turn, "phase": lambda lang: phase_title(phase, lang)}


#: the options of the bots a session creates by name (the search bot and the advisor think
#: ~0.15 s a move)
BOT_OPTIONS = {"ismcts": {"iterations": 150}, "advisor": {"iterations": 8}}


def make_bots(players: int, humans: Collection[int], seed: int, bots: Mapping[int, str] | None = None) -> dict[int, Bot]:
    """``{seat: bot}`` for the seats not in ``humans``: ``bots`` maps a seat to a bot name
    (``papertales.registry.names()``), the others get the random bot; each seeded from ``seed``."""
    bots = bots or {}
    out: dict[int, Bot] = {}
    for s in range(players):
        if s in humans:
            continue
        name = bots.get(s, "random")
        out[s] = get_bot(name, seed * 1000 + s + 1, **BOT_OPTIONS.get(name, {}))
    return out


def default_names(players: int, humans: Collection[int], lang: str | None = None) -> list[str]:
    """"You" (or "Player 2" ... with several people) and bots' names, in ``lang``."""
    bots = iter(("Ada", "Bruno", "Cleo", "Dario", "Elin"))
    names: list[str] = []
    for s in range(players):
        if s in humans:
            names.append(t("render.name.you", lang) if len(humans) == 1 else t("app.name.player", lang, n=s + 1))
        else:
            names.append(t("app.name.bot", lang, name=next(bots)))
    return names


def _bot_state(bot: Bot) -> tuple[Any, Any]:
    """What a bot carries from one decision to the next: its random generator (the
    random and search bots) and the units it moved this Deployment (every bot that moves
    units), copied so that an undo gives the bot back as it was."""
    rng = getattr(bot, "rng", None)
    moves = getattr(bot, "moves", None)
    return (rng.clone() if rng is not None else None,
            (moves.key, set(moves.spots)) if moves is not None else None)


def _set_bot_state(bot: Any, state: tuple[Any, Any]) -> None:     # any bot: its rng, its moves when it has them
    rng, moves = state
    if rng is not None:
        bot.rng = rng.clone()
    if moves is not None:
        bot.moves.key, bot.moves.spots = moves[0], set(moves[1])
