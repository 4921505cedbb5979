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
"""

from __future__ import annotations

from dataclasses import dataclass, field

from papertales import Game, IllegalActionError
from papertales.bots import RandomBot
from papertales.cards import card_set

#: the built-in Necropolis and Lich King cards: invented, NOT the printed ones
ILLUSTRATIVE_PACK = "lich-king-illustrative"

GOALS = ("decision", "phase", "turn", "end")


@dataclass
class Checkpoint:
    """The state before one user action, for undo."""
    label: str
    game: Game
    bot_rngs: dict
    wars_games: dict
    goal: tuple | None


@dataclass
class Outcome:
    """What an advance did: ``units`` run, and why it stopped."""
    units: int = 0
    stopped: str = ""          # "reached", "waiting", "over"
    waiting_for: list = field(default_factory=list)


class Session:
    """One game plus its human/bot seats, its goal and its undo history."""

    def __init__(self, players: int = 3, seed: int = 7, humans=(0,), names=None, cards=None,
                 lich_king_cards=0):
        self.listeners = []
        self.new_game(players, seed, humans, names, cards, lich_king_cards)

    # ------------------------------------------------------------------ setup

    def new_game(self, players: int = 3, seed: int = 7, humans=(0,), names=None, cards=None,
                 lich_king_cards=0) -> None:
        """A new game.  ``players=1`` is the solo mode against the Lich King: ``cards``
        must bring Necropolis cards (default: the built-in *illustrative* pack, which the
        panels then say is not the printed cards) and ``lich_king_cards`` is how many
        difficulty cards he draws (or their ids)."""
        humans = sorted({int(h) for h in humans})
        if any(not 0 <= h < players for h in humans):
            raise ValueError(f"human seats must be between 0 and {players - 1}, got {humans}")
        if names is None:
            names = default_names(players, humans)
        if players == 1 and cards is None:
            cards = card_set(ILLUSTRATIVE_PACK)
        game = Game.new(players=players, seed=seed, names=list(names), cards=cards,
                        lich_king_cards=lich_king_cards if players == 1 else 0)
        self.game = game
        self.seed = seed
        self.humans = humans
        self.bots = {s: RandomBot(seed * 1000 + s + 1) for s in range(players) if s not in humans}
        self.history: list[Checkpoint] = []
        self.wars_games: dict[int, Game] = {}
        self.goal = None
        if game.lich is not None:
            k = len(game.lich.cards)
            self.message = (f"New solo game against the Lich King: seed {seed}, "
                            f"{k} Lich King card{'s' if k != 1 else ''}.")
        else:
            self.message = f"New game: {players} players, seed {seed}."
        self._run()                      # deal: stop at the first decision
        self.goal = None
        self._notify()

    def load_game(self, game: Game, humans=None) -> None:
        """Continue a saved game (``Game.from_json``): seats in ``humans`` are played by
        people, the others by fresh random bots."""
        humans = sorted(self.humans if humans is None else humans)
        humans = [h for h in humans if 0 <= h < game.n]
        self.game = game
        self.seed = game.seed
        self.humans = humans
        self.bots = {s: RandomBot(game.seed * 1000 + s + 1) for s in range(game.n) if s not in humans}
        self.history = []
        self.wars_games = {}
        self.goal = None
        self.message = "Game loaded."
        self._notify()

    # ------------------------------------------------------------------ observers

    def observe(self, callback) -> None:
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

    def wars_game(self, turn: int | None = None):
        """The game as it stood just before the Wars of ``turn`` (default: the latest
        resolved), or None when those Wars have not happened."""
        if turn is None:
            if not self.wars_games:
                return None
            turn = max(self.wars_games)
        return self.wars_games.get(turn)

    # ------------------------------------------------------------------ undo

    def checkpoint(self, label: str) -> None:
        g = self.game
        where = f"T{g.turn} {g.phase}" if g.phase not in ("end", "over") else g.phase
        self.history.append(Checkpoint(
            f"{len(self.history) + 1}. {where}: before {label}", g.clone(),
            {s: b.rng.clone() for s, b in self.bots.items()}, dict(self.wars_games), self.goal))

    def can_undo(self) -> bool:
        return bool(self.history)

    def undo(self) -> None:
        """Back to the state before the last action."""
        if not self.history:
            raise IllegalActionError("nothing to undo: this is the start of the game")
        self.restore(len(self.history) - 1)

    def restore(self, index: int) -> None:
        """Back to checkpoint ``index`` (the state before that action); later ones go."""
        if not 0 <= index < len(self.history):
            raise IllegalActionError(f"no step {index + 1} to go back to (there are {len(self.history)})")
        cp = self.history[index]
        del self.history[index:]
        self.game = cp.game.clone()
        for s, rng in cp.bot_rngs.items():
            self.bots[s].rng = rng.clone()
        self.wars_games = dict(cp.wars_games)
        self.goal = None
        self.message = f"Back to: {cp.label.split(': before ', 1)[-1]} (turn {self.game.turn}, {self.game.phase})."
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
        mode, turn, phase = self.goal
        g = self.game
        if g.is_over:
            return True
        if mode == "decision":
            return last == "bots"
        if mode == "phase":
            return (g.turn, g.phase) != (turn, phase)
        if mode == "turn":
            return g.turn != turn or (g.phase == "end" and phase != "end")
        return False

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
        if reached and self.goal[0] in ("phase", "turn") and self._opens_with_decisions():
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
            raise ValueError(f"mode must be one of {', '.join(GOALS)}, got {mode!r}")
        g = self.game
        if g.is_over:
            raise IllegalActionError("the game is over: start a new game or go back")
        waiting = self.waiting_humans()
        if waiting and not [s for s in g.pending_players() if s not in self.humans]:
            who = ", ".join(f"{g.players[s].name} ({g.decision(s).kind})" for s in waiting)
            raise IllegalActionError(f"waiting for a decision of {who}: make it below first")
        label = {"decision": "next decision", "phase": "next phase", "turn": "next turn",
                 "end": "play to the end"}[mode]
        self.checkpoint(label)
        self.goal = (mode, g.turn, g.phase)
        out = self._run()
        self.message = self._describe(out, label)
        self._notify()
        return out

    def act(self, seat: int, action) -> Outcome | None:
        """A human's action.  Illegal actions raise the engine's IllegalActionError and
        change nothing.  When it completes the decision, the game goes on (the goal of
        the last button, else to the end of the current phase)."""
        g = self.game
        if seat not in self.humans:
            raise IllegalActionError(f"{g.players[seat].name} is played by a bot")
        before = g.pending[seat] if 0 <= seat < g.n else None
        where = (g.turn, g.phase)
        self.checkpoint(f"{g.players[seat].name}: {action}")
        try:
            g.apply(seat, action)
        except Exception:
            self.history.pop()
            raise
        out = None
        if g.pending[seat] is not before and not self.waiting_humans():
            if self.goal is None:            # default: watch the rest of this phase
                self.goal = ("phase", *where)
            out = self._run()
            self.message = f"{g.players[seat].name}: {action}. " + self._describe(out, "")
        else:
            self.message = f"{g.players[seat].name}: {action}."
        self._notify()
        return out

    def _describe(self, out: Outcome, label: str) -> str:
        g = self.game
        if out.stopped == "over":
            return "The game is over."
        if out.stopped == "waiting":
            return ""                      # the stepper asks for the decision itself
        return f"Now: turn {g.turn}, {g.phase}."


def default_names(players: int, humans) -> list[str]:
    bots = iter(("Ada", "Bruno", "Cleo", "Dario", "Elin"))
    names = []
    for s in range(players):
        if s in humans:
            names.append("You" if len(humans) == 1 else f"Player {s + 1}")
        else:
            names.append(f"{next(bots)} (bot)")
    return names
