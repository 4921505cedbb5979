"""The :class:`Game` state machine: one object holds the whole game.

A turn is six phases; every phase is a short series of *stages*.  A stage either waits for
decisions (``game.pending_players()`` is not empty: call ``legal_actions`` / ``apply``) or
is automatic (call ``step()``, or ``advance()`` to run automatic stages until the next
decision, the end of a phase, a turn or the game).  Players decide simultaneously: the
order in which pending players act never changes the result.
"""

from __future__ import annotations

from typing import Any, Callable, Final, Iterable, NamedTuple, Sequence

from . import aging, construction, deployment, income, recruitment, scoring, solo, wars
from . import expansion as expansion_rules
from ._build import mypyc_attr
from .abilities import Ctx
from .actions import BUILD, DEPLOY, DRAFT, DRAFT_DISCARD, ORDER_DECISION, SAVE, TARGET, Action
from .cards import BASE, BuildingType, CardSet, UnitType
from .errors import ArgumentError, IllegalActionError, NotYourTurnError, PaperTalesError, Phrase
from .i18n import card_name, t
from .variants import check as check_variants
from .decisions import LATER, Decision
from .events import AGE, BUILT, GOLD, LP, NOTE, RULE_DRAW_PILE, Event
from .rng import Rng
from .solo import LichKing
from .state import Player, production
from .turns import END, OVER, PHASES, TURNS
from .observation import Observation, observe
from .determinize import determinize

START_GOLD: Final = 3
_NEXT_PHASE: Final = {a: b for a, b in zip(PHASES, PHASES[1:])}
_NEXT_PHASE["end"] = OVER

#: the stages of every phase, in order (the save format checks against this table)
STAGES = {
    "recruitment": ("start", "draft", solo.SCORING), "deployment": ("start", "place", "reveal", "choose", "finish"),
    "wars": ("start",), "income": ("start",), "construction": ("start", "build"),
    "aging": ("start", "save", "resolve"), "end": ("start",), "over": ("start",),
}


def phase_help(phase: str, lang: str | None = None) -> str:
    """One line on what happens in ``phase`` (from the message catalogue)."""
    return t(f"phase.{phase}.help", lang)


class Handlers(NamedTuple):
    """The three rule functions of one kind of decision, all ``f(game, seat, decision, ...)``:
    :meth:`Game.apply` checks before it applies, so a refused action changes nothing, and
    :meth:`Game.apply_trusted` skips the check for the actions the engine offered itself."""

    legal: Callable[..., list[Action]]      #: the legal actions now
    check: Callable[..., None]              #: raise IllegalActionError for an action that is not
    apply: Callable[..., None]              #: carry out a legal action


_DECISIONS = {
    DRAFT: Handlers(recruitment.legal, recruitment.check, recruitment.apply),
    DRAFT_DISCARD: Handlers(recruitment.legal, recruitment.check, recruitment.apply),
    DEPLOY: Handlers(deployment.legal, deployment.check, deployment.apply),
    TARGET: Handlers(deployment.legal_target, deployment.check_target, deployment.apply_target),
    ORDER_DECISION: Handlers(deployment.legal_order, deployment.check_order, deployment.apply_order),
    BUILD: Handlers(construction.legal, construction.check, construction.apply),
    SAVE: Handlers(aging.legal, aging.check, aging.apply),
}

# (phase, stage) -> automatic step
_AUTO = {
    ("recruitment", "start"): recruitment.start,
    ("deployment", "start"): deployment.start,
    ("deployment", "reveal"): deployment.reveal,
    ("deployment", "finish"): deployment.finish,
    ("wars", "start"): wars.resolve,
    ("income", "start"): income.resolve,
    ("construction", "start"): construction.start,
    ("aging", "start"): aging.start,
    ("aging", "resolve"): aging.resolve,
    ("end", "start"): scoring.resolve,
}

# phase -> what happens once every pending decision of a stage is made
_ALL_DECIDED = {
    "recruitment": recruitment.all_decided,
    "deployment": deployment.all_decided,
    "construction": construction.all_decided,
    "aging": aging.all_decided,
}


MULTI_RULES: dict[str, dict[Any, Any]] = {"auto": _AUTO, "decided": _ALL_DECIDED, "decisions": _DECISIONS}
SOLO_RULES: dict[str, dict[Any, Any]] = {
    "auto": {**_AUTO, ("recruitment", "start"): solo.recruitment_start,
             ("recruitment", solo.SCORING): solo.score_netherworld,
             ("wars", "start"): solo.wars_resolve, ("end", "start"): solo.final},
    "decided": {**_ALL_DECIDED, "recruitment": solo.draft_decided},
    "decisions": {**_DECISIONS, DRAFT: Handlers(recruitment.legal, solo.check_draft, solo.apply_draft)},
}


#: the methods of :class:`Game` the rule modules (the phases, solo, abilities) call, and
#: the only ones they call besides the queries: documented in Game's "phases' interface"
#: section.  A player or a panel never needs them (they change a game without a decision).
PHASE_INTERFACE: Final = ("context", "log_event", "gain_lp", "gain_gold", "gain", "add_age", "ask_target",
                          "upgrade_all_buildings", "shapeshift", "draw_card", "draw_cards",
                          "resolution_order", "decision_made", "end_phase", "end_turn")


def _card_index(t: UnitType) -> int:
    return t.index


# long: the one state object (as python-chess's Board): the public API and the phases' interface
# (PHASE_INTERFACE); the rules live in one module per phase
@mypyc_attr(allow_interpreted_subclasses=True)     # position.Position, interpreted, subclasses Game
class Game:
    """A game of Paper Tales: 2-5 players (up to 7 with Beyond the Gates), or 1 player
    against the Lich King (solo).  Create with :meth:`Game.new`."""

    __slots__ = ("cards", "players", "n", "seed", "turn", "phase", "stage", "draw", "discard",
                 "rng", "pending", "queues", "saved", "events", "history", "record_events",
                 "buildings", "lich", "rules", "options", "build_options", "build_choices", "results",
                 "variants")
    # declared types: the compiled build (mypyc) stores these as native fields
    cards: CardSet
    players: list[Player]
    n: int
    seed: int
    turn: int
    phase: str
    stage: str
    draw: list[UnitType]
    discard: list[UnitType]
    rng: Rng
    pending: list[Decision | None]
    queues: list[list[Decision]]
    saved: list[list[int]] | None
    events: list[Event]
    history: list[tuple[int, Action]]
    record_events: bool
    buildings: tuple[BuildingType, ...]
    lich: LichKing | None
    rules: dict[str, dict[Any, Any]]
    options: dict[str, Any]
    build_options: list[list[tuple[Action, int, Any]]] | None
    build_choices: list[Action | None] | None
    results: list[Any]
    variants: dict[str, str]

    # ------------------------------------------------------------------ creation

    def __init__(self) -> None:
        """An empty shell that :meth:`new`, :meth:`clone` and the save loader fill in."""

    @classmethod
    def new(cls, players: Any = 4, seed: Any = 0, names: Iterable[Any] | None = None,
            cards: CardSet | None = None, record_events: bool = True, expansion: str | None = None,
            lich_king_cards: int | Sequence[str] = 0, rules: dict[str, str] | None = None) -> "Game":
        # players and seed are Any, not int, and names any items (each made a str below): a wrong
        # type must raise PaperTalesError below, not the compiled build's TypeError
        """A new game at the start of turn 1, before the deal.

        ``players=1`` is the solo mode against the Lich King (needs Necropolis cards in
        ``cards``; ``lich_king_cards`` is how many difficulty cards to draw, or their ids).
        ``expansion="beyond-the-gates"`` uses its building-tile setup and allows 6-7
        players.  ``record_events=False`` skips the event log (faster simulations).
        ``rules`` chooses rule variants where readings differ (:mod:`papertales.variants`)."""
        if expansion not in (None,) + expansion_rules.EXPANSIONS:
            raise PaperTalesError("err.game.expansion", allowed=", ".join(expansion_rules.EXPANSIONS),
                                  value=repr(expansion))
        most = expansion_rules.MAX_PLAYERS[expansion]
        if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= most:
            raise PaperTalesError("err.game.players_expansion" if expansion else "err.game.players",
                                  most=most, value=repr(players))
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise PaperTalesError("err.game.seed", value=repr(seed))
        if names is None:
            names = ["Player"] if players == 1 else [f"Player {i + 1}" for i in range(players)]
        names = [str(n) for n in names]
        if len(names) != players:
            raise PaperTalesError("err.game.names", n=players, got=len(names))
        variants = check_variants(rules)
        g = cls()
        g.cards = cards or BASE
        g.variants = variants
        g.n = players
        g.seed = seed
        g.options = {"players": players, "seed": seed, "names": names, "expansion": expansion,
                     "lich_king_cards": lich_king_cards, "rules": variants}
        g.rng = Rng(seed)
        g.buildings = expansion_rules.building_set(g.cards, expansion, g.rng)
        g.players = [Player(name, len(g.buildings), START_GOLD) for name in names]
        g.turn = 1
        g.phase = "recruitment"
        g.stage = "start"
        g.draw = list(g.cards.deck)
        g.rng.shuffle(g.draw)
        g.discard = []
        g.pending = [None] * players
        g.queues = [[] for _ in range(players)]
        g.saved = None
        g.events = []
        g.history = []
        g.record_events = record_events
        g.build_options = None
        g.build_choices = None
        g.results = []
        if players == 1:
            g.rules = SOLO_RULES
            g.lich = solo.setup(g, lich_king_cards)
        else:
            g.rules = MULTI_RULES
            g.lich = None
        return g

    @classmethod
    def replay(cls, history: Iterable[Sequence[Any]], players: int = 4, seed: int = 0,
               names: Iterable[str] | None = None, cards: CardSet | None = None,
               **options: Any) -> "Game":
        """Rebuild a game from its seed and its ``history`` of ``(seat, action)``: automatic
        stages run whenever nobody has a decision, exactly as during play."""
        new: Any = cls.new      # a plain call: mypyc mis-passes **options to a classmethod
        g: Game = new(players=players, seed=seed, names=names, cards=cards, **options)
        for seat, action in history:
            if not any(g.pending):
                g.advance()
            g.apply(seat, action)
        return g

    def clone(self) -> "Game":
        """An independent copy (much faster than ``copy.deepcopy``)."""
        g = Game()
        g.cards = self.cards
        g.n = self.n
        g.seed = self.seed
        g.players = [p.clone() for p in self.players]
        g.turn = self.turn
        g.phase = self.phase
        g.stage = self.stage
        g.rng = self.rng.clone()
        g.draw = self.draw[:]
        g.discard = self.discard[:]
        g.pending = self.pending[:]
        g.queues = [q[:] for q in self.queues]
        g.saved = [s[:] for s in self.saved] if self.saved is not None else None
        g.events = self.events[:]
        g.history = self.history[:]
        g.record_events = self.record_events
        g.buildings = self.buildings
        g.lich = self.lich.clone() if self.lich is not None else None
        g.rules = self.rules
        g.options = self.options
        g.variants = self.variants
        g.build_options = self.build_options
        g.build_choices = self.build_choices[:] if self.build_choices is not None else None
        g.results = self.results[:]
        return g

    # ------------------------------------------------------------------ queries

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def scores(self) -> list[int]:
        return [p.lp for p in self.players]

    def winners(self) -> list[int]:
        """Winning seats (several on a full tie; in solo ``[0]`` or ``[]`` when the Lich King
        wins); only meaningful once the game is over."""
        if self.lich is not None:
            return solo.winners(self)
        return scoring.winners(self.players)

    def pending_players(self) -> list[int]:
        return [s for s, d in enumerate(self.pending) if d is not None]

    def decision(self, seat: int, lang: str | None = None) -> Decision | None:
        """The decision ``seat`` has to make now (with its prompt in ``lang``), or None."""
        d = self.pending[self.check_seat(seat)]
        if d is None:
            return None
        kind = d.kind
        p = self.players[seat]
        if kind == DRAFT:
            prompt = t("decision.draft", lang, n=len(p.pack))
        elif kind == DEPLOY:
            prompt = t("decision.deploy", lang, n=p.spots)
        elif kind in (TARGET, SAVE):
            prompt = t("decision." + kind, lang, card=card_name(d.cause, lang, self.cards), n=d.count)
        else:
            prompt = t("decision." + kind, lang)
        return d.with_prompt(prompt)

    def observation(self, seat: int | None) -> Observation:
        """What ``seat`` may know now (an :class:`~papertales.observation.Observation`):
        its own cards, the public table, the events and results it has seen.  ``None``
        gives the spectator's view with everything shown (a teaching "peek")."""
        return observe(self, None if seat is None else self.check_seat(seat))

    def determinize(self, seat: int, rng: Rng | int) -> "Game":
        """A full game consistent with what ``seat`` has seen, every hidden card dealt
        again at random with ``rng`` (a :class:`~papertales.rng.Rng` or a seed):
        the worlds information-set search plays in."""
        if not isinstance(rng, Rng):
            rng = Rng(rng)
        world: Game = determinize(self, self.check_seat(seat), rng)
        return world

    def legal_actions(self, seat: int) -> list[Action]:
        """The actions ``seat`` may take now (empty when no decision of theirs is pending)."""
        if seat.__class__ is not int or not 0 <= seat < self.n:
            self.check_seat(seat)
        d = self.pending[seat]
        if d is None:
            return []
        actions: list[Action] = self.rules["decisions"][d.kind].legal(self, seat, d)
        return actions

    def refusal(self, seat: int, action: Action) -> IllegalActionError | None:
        """The reason the rules refuse ``action`` of ``seat`` now (what :meth:`apply` would
        raise, worded when shown), or None when they allow it: a panel explains a click
        with the engine's own reason instead of working it out again."""
        d = self.pending[self.check_seat(seat)]
        if d is None:
            return self._nobody_message(seat)
        try:
            self.rules["decisions"][d.kind].check(self.clone(), seat, d, action)   # on a clone, as apply guards too
        except IllegalActionError as exc:
            return exc
        return None

    def free_gold(self, seat: int) -> int:
        """The gold of ``seat`` not yet committed to units placed this Deployment (what a
        card placed now may cost)."""
        return deployment.free_gold(self.players[self.check_seat(seat)])

    def resources(self, seat: int) -> dict[str, int]:
        wood, food, ore = production(self.players[seat], self.buildings)
        return {"wood": wood, "food": food, "ore": ore}

    def strength(self, seat: int, explain: list[tuple[str, int, list[list[Any]]]] | None = None) -> int:
        """Current war strength of ``seat`` (what it would be in a Wars phase now)."""
        return wars.kingdom_strength(self, self.check_seat(seat), None, explain)

    def unit_strengths(self, seat: int) -> list[dict[str, Any]]:
        """One row per unit of ``seat``: spot, card, strength now and whether it fights
        (Front, or fights from the Back, and not prevented)."""
        seat = self.check_seat(seat)
        return [{"spot": spot, "card": u.type.id, "name": u.type.name, "strength": s, "fights": f}
                for spot, u, s, f in wars.units(self, seat, self.context(seat))]

    def income_preview(self, seat: int) -> list[tuple[str, int]]:
        """``(cause, gold)`` of the income ``seat`` would collect now (causes as in events)."""
        return income.items(self, self.check_seat(seat))

    def construction_options(self, seat: int) -> list[tuple[Action, int, list[list[Any]] | None]]:
        return construction.options(self, self.check_seat(seat), explain=True)

    def card_counts(self) -> dict[str, int]:
        """Every card's whereabouts summed by id (all 81 base cards must be somewhere)."""
        counts: dict[str, int] = {}
        cards = list(self.draw) + list(self.discard)
        if self.lich is not None:
            cards += self.lich.netherworld
        for p in self.players:
            cards += p.hand + p.pack + ([p.kept] if p.kept is not None else [])
            cards += [u.type for u in p.units if u is not None]
        for card in cards:
            counts[card.id] = counts.get(card.id, 0) + 1
        return counts

    # ------------------------------------------------------------------ acting

    def apply(self, seat: int, action: object) -> list[Event]:
        """Make ``seat``'s decision (an :class:`Action` or its notation, ``"pick knight"``)
        and return the events it caused.  An illegal action raises and changes nothing."""
        if seat.__class__ is not int or not 0 <= seat < self.n:
            self.check_seat(seat)
        if isinstance(action, str):
            try:
                action = Action.parse(action)
            except ValueError as exc:
                if isinstance(exc, PaperTalesError):
                    raise IllegalActionError(exc.key, **exc.params) from None
                raise IllegalActionError("err.game.reason", reason=str(exc)) from None
        elif not isinstance(action, Action):
            raise IllegalActionError("err.game.action_type", value=repr(action))
        d = self.pending[seat]
        if d is None:
            raise self._nobody_message(seat)
        handlers = self.rules["decisions"][d.kind]
        mark = len(self.events)
        before = self.clone()           # whatever goes wrong below, the game stays as it was
        try:
            handlers.check(self, seat, d, action)
        except Exception as exc:        # noqa: BLE001 - any value the checks did not foresee is refused too
            self._restore(before)
            if not isinstance(exc, IllegalActionError):
                exc = IllegalActionError("err.game.malformed_action", value=repr(action))
            legal = [str(a) for a in handlers.legal(self, seat, d)]
            raise IllegalActionError(
                "err.game.not_now" if len(legal) <= 25 else "err.game.not_now_more",
                name=self.players[seat].name, action=str(action), decision=d.kind,
                reason=exc.with_traceback(None), allowed=", ".join(legal[:25]), n=len(legal)) from None
        try:
            handlers.apply(self, seat, d, action)
        except BaseException:
            self._restore(before)
            raise
        self.history.append((seat, action))
        return self.events[mark:]

    def _restore(self, g: "Game") -> None:
        """Become ``g`` again (a :meth:`clone` taken before an action that failed)."""
        self.players = g.players
        self.turn = g.turn
        self.phase = g.phase
        self.stage = g.stage
        self.rng = g.rng
        self.draw = g.draw
        self.discard = g.discard
        self.pending = g.pending
        self.queues = g.queues
        self.saved = g.saved
        self.events = g.events
        self.history = g.history
        self.lich = g.lich
        self.build_options = g.build_options
        self.build_choices = g.build_choices
        self.results = g.results

    def apply_trusted(self, seat: int, action: Action) -> None:
        """:meth:`apply` without checking: only for an action the engine itself offered
        ``seat`` for its pending decision (from :meth:`legal_actions` or a sampler built on
        the same tables, as :class:`~papertales.bots.RandomBot`'s).  Bots' play loop uses
        it; anything else, an illegal action above all, goes through :meth:`apply`."""
        d = self.pending[seat]
        assert d is not None
        self.rules["decisions"][d.kind].apply(self, seat, d, action)
        self.history.append((seat, action))

    def step(self) -> "Game":
        """Run one automatic stage (deal, reveal, wars, income, aging, scoring ...)."""
        if self.phase == OVER:
            raise IllegalActionError("err.game.over")
        waiting = self.pending_players()
        if waiting:
            raise IllegalActionError("err.game.waiting_for_decisions", waiting=self._waiting(waiting))
        self.rules["auto"][(self.phase, self.stage)](self)
        return self

    def advance(self, until: str = "decision") -> "Game":
        """Run automatic stages until a decision is pending or the game is over; with
        ``until="phase"`` (or ``"turn"``) also stop as soon as a new phase (turn) begins."""
        if until not in ("decision", "phase", "turn", "end"):
            raise ArgumentError("err.game.until", value=repr(until))
        phase, turn = self.phase, self.turn
        while self.phase != OVER and not any(self.pending):
            if until == "phase" and self.phase != phase:
                break
            if until == "turn" and self.turn != turn:
                break
            self.rules["auto"][(self.phase, self.stage)](self)
        return self

    # ------------------------------------------------------------------ seats and messages

    def check_seat(self, seat: object) -> int:
        """``seat`` itself if it is a seat of this game, else the player-facing error: what
        every public query taking a seat (and a search starting from one) checks first."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n:
            raise NotYourTurnError("err.game.seat", most=self.n - 1, value=repr(seat))
        return seat

    def _nobody_message(self, seat: int) -> NotYourTurnError:
        waiting = self.pending_players()
        name = self.players[seat].name
        if not waiting:
            return NotYourTurnError("err.game.nobody_decides", name=name, phase=self.phase)
        return NotYourTurnError("err.game.not_your_turn", name=name, waiting=self._waiting(waiting))

    def _waiting(self, seats: list[int]) -> list[Phrase]:
        """The players still to decide, with their kind of decision (for messages)."""
        out = []
        for s in seats:
            d = self.pending[s]
            out.append(Phrase("err.game.waiting_one", name=self.players[s].name,
                              decision=d.kind if d is not None else ""))
        return out

    # ------------------------------------------------------------------ the phases' interface
    #
    # What the rule modules (the phases, solo, abilities) may do to a game, and all they may:
    # read a seat's context, record events, change gold, LP and age tokens, draw cards, pose
    # and settle decisions, and move on.  Events are logged here and only here, so that a
    # phase never has to know whether this game records them.

    def context(self, seat: int) -> Ctx:
        """What an ability of ``seat`` reads (its kingdom, resources, the game): the one
        object the card rules take, so that a rule never reaches into the Game itself."""
        p = self.players[seat]
        return Ctx(self, seat, p)

    def log_event(self, seat: int, kind: str, amount: int, cause: str, key: str = "", params: dict[str, Any] | None = None) -> None:
        """Record an event that changes nothing by itself (a draft, a reveal, a war's result):
        skipped when the game does not record events (fast simulations)."""
        if self.record_events:
            self.events.append(Event(self.turn, self.phase, seat, kind, amount, cause, key,
                                     params if params is not None else {}))

    def gain_lp(self, seat: int, amount: int, cause: str, key: str = "", params: dict[str, Any] | None = None) -> None:
        """Give ``seat`` ``amount`` LP (negative: lose them, never below 0) and record why; a
        loss cut short at 0 keeps the amount asked in the event."""
        p = self.players[seat]
        before = p.lp
        p.lp = max(0, before + amount)
        if self.record_events:
            params = params if params is not None else {}
            if p.lp - before != amount:
                params = {**params, "asked": amount}
            self.events.append(Event(self.turn, self.phase, seat, LP, p.lp - before, cause, key, params))

    def gain_gold(self, seat: int, amount: int, cause: str, key: str = "", params: dict[str, Any] | None = None) -> None:
        """Give ``seat`` ``amount`` gold (negative: pay it) and record why."""
        self.players[seat].gold += amount
        if self.record_events:
            self.events.append(Event(self.turn, self.phase, seat, GOLD, amount, cause, key,
                                     params if params is not None else {}))

    def gain(self, seat: int, kind: str, amount: int, cause: str, key: str = "", params: dict[str, Any] | None = None) -> None:
        """:meth:`gain_lp` or :meth:`gain_gold` by ``kind`` ("lp" or "gold"): the payouts of
        abilities come as ``(cause, kind, amount)``."""
        if kind == "lp":
            self.gain_lp(seat, amount, cause, key, params)
        else:
            self.gain_gold(seat, amount, cause, key, params)

    def add_age(self, seat: int, spot: int, n: int, cause: str) -> None:
        """Put ``n`` age tokens on ``seat``'s unit at ``spot`` and record why."""
        u = self.players[seat].units[spot]
        assert u is not None
        u.age += n
        if self.record_events:
            self.events.append(Event(self.turn, self.phase, seat, AGE, n, cause, "ev.unit_at",
                                     {"card": u.type.id, "spot": spot}))

    def ask_target(self, seat: int, n: int, cause: str) -> None:
        """Queue a choice of one own unit for ``n`` age tokens (no choice with one unit)."""
        units = self.players[seat].units
        occupied = [s for s, u in enumerate(units) if u is not None]
        if len(occupied) == 1:
            self.add_age(seat, occupied[0], n, cause)
            return
        d = Decision(seat, TARGET, n, cause)
        if self.pending[seat] is None:
            self.pending[seat] = d
        else:
            self.queues[seat].append(d)

    def upgrade_all_buildings(self, seat: int, cause: str) -> None:
        """Flip every level-1 building of ``seat`` to level 2 for free (an ability's effect)."""
        b = self.players[seat].buildings
        for i, level in enumerate(b):
            if level == 1:
                b[i] = 2
                self.log_event(seat, BUILT, 2, cause, "ev.flips_free", {"card": self.buildings[i].id})

    def shapeshift(self, seat: int, spot: int, max_cost: int, age_tokens: int, cause: str) -> None:
        """Turn ``seat``'s unit at ``spot`` into the next affordable card of the draw pile:
        the abilities ask for it here, as the rule lives in :mod:`deployment`, which needs
        the abilities."""
        deployment.shapeshift(self, seat, spot, max_cost, age_tokens, cause)

    def draw_card(self) -> UnitType | None:
        """Top card of the draw pile; an empty pile is first refilled from the shuffled
        discard pile.  None if both are empty."""
        if not self.draw:
            if not self.discard:
                return None
            # sorted first, so that the new pile does not depend on the order in which
            # players who acted simultaneously discarded their cards
            self.draw, self.discard = sorted(self.discard, key=_card_index), []
            self.rng.shuffle(self.draw)
            self.log_event(-1, NOTE, len(self.draw), RULE_DRAW_PILE, "ev.reshuffle")
        return self.draw.pop()

    def draw_cards(self, k: int) -> list[UnitType]:
        """The top ``k`` cards of the draw pile, top card first (fewer if the draw and the
        discard pile run out): a pack to deal."""
        draw = self.draw
        if 0 < k <= len(draw):      # no reshuffle: the top k cards at once, top card first
            out = draw[-k:]
            del draw[-k:]
            out.reverse()
            return out
        out = []
        for _ in range(k):
            c = self.draw_card()
            if c is None:
                break
            out.append(c)
        return out

    def resolution_order(self) -> list[int]:
        """Who resolves first when simultaneous abilities clash: highest score, then
        least gold, then a seeded random draw."""
        keys = [(-p.lp, p.gold) for p in self.players]
        if len(set(keys)) == self.n:
            return sorted(range(self.n), key=keys.__getitem__)
        draws = [self.rng.next64() for _ in range(self.n)]
        return sorted(range(self.n), key=lambda s: (keys[s], draws[s]))

    def decision_made(self, seat: int) -> None:
        """``seat``'s pending decision is settled: pose its next queued one (resolving the
        deferred effects on the way), and once nobody waits, run the phase's next step."""
        pending = self.pending
        q = self.queues[seat]
        if not q:                   # the usual case: nothing queued
            pending[seat] = None
        else:
            later: Decision | None = q.pop(0)
            pending[seat] = later
            while later is not None and later.kind == LATER:
                pending[seat] = None
                deployment.resolve_later(self, seat, later)     # may pose a new choice
                if pending[seat] is None:
                    pending[seat] = q.pop(0) if q else None
                later = pending[seat]
        if not any(pending):
            self.rules["decided"][self.phase](self)

    def end_phase(self) -> None:
        """Move on to the next phase's first stage (a phase's last automatic step calls it)."""
        self.phase = _NEXT_PHASE[self.phase]
        self.stage = "start"

    def end_turn(self) -> None:
        """After Aging: the next turn's Recruitment, or the end of the game after turn 4."""
        if self.turn >= TURNS:
            self.phase = END
        else:
            self.turn += 1
            if self.lich is not None:          # the Time token moves to the next card
                self.lich.time += 1
            self.phase = "recruitment"
        self.stage = "start"

    # ------------------------------------------------------------------ display

    def __repr__(self) -> str:
        lich = f", Lich King {self.lich.lp}" if self.lich is not None else ""
        return (f"<Game {self.n} player{'s' if self.n > 1 else ''}, turn {self.turn}, "
                f"{self.phase}/{self.stage}, LP {self.scores}{lich}>")

    def _repr_html_(self) -> str:
        from .render import game_html
        return game_html(self)
