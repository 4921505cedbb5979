"""One judgement of a decision, shared by the hint, the guide and the review.

Why one?  A learner reads the coach in three places: the hint before a move, the guide's
check of a move, the review after the game.  If each sampled its own worlds, the review
could call the guide's own suggestion a mistake.  :func:`judge` is the only place a
decision is judged: the same position, world count and seed always give the same
numbers (and are computed once: a small cache keyed by what the seat sees).

How: every option -- one move, or a whole Deployment (:mod:`papertales.plans`) -- is
played in the same sampled worlds (world ``k`` of the seed,
:meth:`papertales.determinize.Worlds.world`, so consecutive decisions of a game share
their random numbers too; the other seats' chosen cards dealt by the evaluation's pick
odds, so that the chances need no correction), then every seat plays on to the end of the turn as the greedy
bot (:class:`papertales.montecarlo.Playout`), where the fitted evaluation gives the
seat's expected final LP (on turn 4: the game is played out and the LP is the final LP).
In a Deployment the other seats still deploying first play their whole Deployment in each
world, as the greedy bot with its lookahead plans it (:meth:`~papertales.montecarlo.Playout.deploy_others`):
the seat's options then meet the same finished armies, as the rule's deployment at once has
it, and not the rollout's one-placement guesses, which made the chance too sure
(docs/strategy.md, "Does a win chance mean what it says?", points 11-13).

The chance to win is anchored in a second set of worlds: the same worlds with the other
seats' hidden cards of this turn rebuilt as they drafted them
(:meth:`papertales.drafted.DraftedWorlds.rebuilt`; in a Recruitment, in a Deployment
while units are placed, and in a Construction).  The plain deal flatters the seat that
asks, and its chance ran high; choices made in the rebuilt worlds played worse, so the
expected LP, the reasons and the suggestion stay the plain worlds' (docs/strategy.md,
"Does a win chance mean what it says?", points 8 and 14).  Only the suggestion is played
in the rebuilt worlds: its chance there is the *level* (:attr:`Judgement.level`), and every
other option's chance is that level plus the option's difference from the suggestion in
the plain worlds, world by world (:meth:`Judgement.chance_of`).  So two options' chances
differ as their games differ in the worlds where their LP is compared: a chance that
contradicts the LP shown is a real trade-off (an option that scores less on average but
wins more often), not the other deal's verdict (point 16); and the second playout costs
one option per world, not one per option.

Who plays on?  By default every seat plays the rest of the turn as the fast greedy bot.
Told who sits at the table (``players``: the app tells it), the level is read with every
seat played on as that player (:func:`papertales.montecarlo.seat_player`): a scripted or
random bot as itself, a person -- the seat asking too -- as the greedy bot with its plan;
the seats played as the greedy bot are rebuilt as our evaluation drafts, a scripted bot's
as its own ranking of cards does (point 24), a random bot's left as dealt.  Against three
random bots a seat that plays well wins nearly always, and its chance now says so; the LP,
the reasons and the suggestion stay the plain worlds' (docs/strategy.md, point 17).  With a scripted or
random bot at the table those worlds go on to the end of the game: the evaluation at a
turn's end expects every seat to play on as well as the players it was fitted on (point 18);
and there every option is played in them, its chance its own: a step read to the turn's end
among fast greedy bots is not one the game to its end shows (a seat among economists wins
about as often whatever it plays; points 22 and 23), at the price of one playout to the
game's end per option and world -- for the options whose chance is shown only (``shown``:
a review shows two).

Why the parts?  Each world's expected final LP is split by cause (:func:`breakdown`):
the LP the engine scored on the way, by the cause it records for every point (the war
against each neighbour, each card's ability, each building), and the evaluation's
estimate of what is still to come, by what it weighs (each unit still in play, the card
kept, gold, income, buildings, strength for later wars ...).  The parts of an option add
up to its expected LP, so the difference between two options splits into parts that add
up to the difference (:meth:`Judgement.difference`).  An LP scored this turn counts at the
evaluation's weight for LP (a lead tends to grow: about 1.0-1.2), so that the parts add up.

Which option is suggested?  The one with the highest expected LP -- unless others cannot
be told apart from it (the 95 % interval of the paired difference reaches 0); then the
principle the guide teaches breaks the tie (:func:`principle`: in a Deployment, the
strongest Front).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, replace

from .actions import DEPLOY, Action
from .drafted import DraftedWorlds
from .evaluation import Evaluation, stage
from .events import LP, WAR
from .features import BASE, base_features, card_indices
from .game import Game
from .errors import PaperTalesError
from .montecarlo import PLAYER_NAMES as PLAYER_NAMES      # the names ``players`` takes, also read by the panels
from .montecarlo import Playout, SeatPlayer, mean_interval, plays_as_greedy, ranking, rule, seat_player
from .greedy import moved_this_deployment
from .plans import choice_groups, group_plans, plan_key, producer
from .state import IS_FRONT
from .wars import LP_PER_WAR

#: sampled worlds per option, and their seed: the same for every judgement
WORLDS = 48
SEED = 0
#: the judgements kept for positions seen again (the guide's, then the review's)
CACHE = 512

#: the evaluation's features, grouped into what a player would call them (``lp`` is
#: the LP scored, split by cause instead; ``bias`` is the same for every option)
GROUPS = {
    "bias": "start",
    "end_of_game": "end_of_game",
    "gold": "gold", "gold_x_builds": "gold",
    "income_x_left": "income",
    "wood_x_builds": "resources", "food_x_builds": "resources", "ore_x_builds": "resources",
    "war_lp_now": "wars_later", "wins_later_x_left": "wars_later", "war_lp_base_x_left": "wars_later",
    "margin_now": "wars_later", "margin_later_x_left": "wars_later", "strength_x_turns": "wars_later",
    "free_spots": "free_spots", "dying": "dying",
    "hand": "hand", "hand_strength": "hand", "hand_affordable": "hand", "hand_production": "hand",
    "pack": "hand",
    "opp_lp": "opponents",
}
_LP = BASE.index("lp")
_BUILDING_LP, _BUILT, _LEVEL2 = BASE.index("building_lp"), BASE.index("buildings"), BASE.index("level2")
_UNITS = BASE.index("units")
_KEPT = BASE.index("kept")
#: the groups whose reason says "more" or "fewer" of what they count (their counts are kept)
COUNTED = ("dying", "free_spots")
_COUNTED = tuple(BASE.index(name) for name in COUNTED)


@dataclass(frozen=True)
class Outcome:
    """One option played in the judgement's worlds: ``plan`` its moves (one, or a whole
    Deployment), ``also`` other plans that give the same game; ``lps`` the expected final
    LP world by world, ``wins`` the chance to win world by world in the same (plain) worlds
    (what is shown is :meth:`Judgement.chance_of`: module docstring); ``parts`` the mean
    LP by cause (:func:`breakdown`), adding up to ``lp``."""
    plan: tuple[Action, ...]
    also: tuple[tuple[Action, ...], ...]
    lps: tuple[float, ...]
    wins: tuple[float, ...]
    parts: tuple[tuple[str, float], ...]
    counts: tuple[tuple[str, float], ...] = ()        # the mean number of each card or building part's own (``play:ID``, ``building:ID`` ...), of dying units and empty spots
    own: tuple[float, ...] = ()        # the chance to win world by world in the rebuilt worlds, played on by the table's players (read at a table with a scripted or random player)

    @property
    def action(self) -> Action:
        return self.plan[0]

    @property
    def lp(self) -> float:
        return sum(self.lps) / len(self.lps)

    @property
    def lp_interval(self) -> tuple[float, float]:
        _, lo, hi = mean_interval(self.lps)
        return lo, hi

    def plays(self, plan: Iterable[Action]) -> bool:
        plan = tuple(plan)
        return plan == self.plan or plan in self.also


@dataclass(frozen=True)
class Difference:
    """``better`` minus ``worse`` world by world: ``lp`` the mean with its 95 % interval
    ``low`` .. ``high``, and ``parts`` the mean difference by cause, the largest first
    (they add up to ``lp``); ``more`` how many more of a card or building part's own ``better``
    has (negative: ``worse`` has more), and of dying units (``dying``) and empty spots (``free_spots``)."""
    better: Outcome
    worse: Outcome
    lp: float
    low: float
    high: float
    parts: tuple[tuple[str, float], ...]
    more: dict[str, float]

    @property
    def equal(self) -> bool:
        """Can the two not be told apart (the interval reaches 0)?"""
        return self.low <= 0.0 <= self.high


@dataclass(frozen=True)
class Judgement:
    """The options of ``seat``'s decision in ``game`` (turn, phase, decision kind) and
    their outcomes in ``worlds`` worlds; ``suggested`` the index of the one the coach
    suggests.  ``worlds`` is 0 for a forced decision (one option, no numbers).  ``level``:
    the suggestion's chance to win world by world in the worlds rebuilt as the others
    drafted (empty where nothing is rebuilt); ``chance``: each option's chance to win with
    its 95 % band (:meth:`chance_of`), None where it was not asked for (:func:`judge`)."""
    seat: int
    turn: int
    phase: str
    kind: str
    outcomes: tuple[Outcome, ...]
    suggested: int
    worlds: int
    chance: tuple[tuple[float, float, float] | None, ...] = ()
    level: tuple[float, ...] = ()

    @property
    def best(self) -> Outcome:
        return self.outcomes[self.suggested]

    @property
    def forced(self) -> bool:
        return self.worlds == 0

    def ranked(self) -> list[Outcome]:
        """The suggestion first, then the others by expected final LP."""
        rest = sorted((o for i, o in enumerate(self.outcomes) if i != self.suggested), key=lambda o: -o.lp)
        return [self.best] + rest

    def index(self, plan: Action | Iterable[Action]) -> int:
        """The outcome that plays ``plan`` (a move or a tuple of moves)."""
        plan = (plan,) if isinstance(plan, Action) else tuple(plan)
        for i, o in enumerate(self.outcomes):
            if o.plays(plan):
                return i
        raise KeyError(plan)

    def difference(self, better: int, worse: int) -> Difference:
        a, b = self.outcomes[better], self.outcomes[worse]
        lp, low, high = mean_interval([x - y for x, y in zip(a.lps, b.lps)])
        pa, pb = dict(a.parts), dict(b.parts)
        parts = [(k, pa.get(k, 0.0) - pb.get(k, 0.0)) for k in set(pa) | set(pb)]
        parts = [(k, v) for k, v in parts if abs(v) > 1e-9]
        parts.sort(key=lambda kv: (-abs(kv[1]), kv[0]))
        ca, cb = dict(a.counts), dict(b.counts)
        more = {k: ca.get(k, 0.0) - cb.get(k, 0.0) for k in set(ca) | set(cb)}
        return Difference(a, b, lp, low, high, tuple(parts), more)

    def chance_of(self, o: Outcome) -> tuple[float, float, float]:
        """``o``'s chance to win with its 95 % band: at a table with a scripted or random
        player, its own chance in the rebuilt worlds; elsewhere, where the worlds are
        rebuilt, the suggestion's chance there (:attr:`level`) plus ``o``'s difference from
        the suggestion in the plain worlds, world by world (the module docstring says why);
        elsewhere the plain worlds' own."""
        if o.own:
            return _chance(o.own)
        if not self.level:
            return _chance(o.wins)
        best = self.best.wins
        return _chance([lv + (w - b) for lv, w, b in zip(self.level, o.wins, best)])

    def chance_difference(self, better: int, worse: int) -> tuple[float, float, float]:
        """``better``'s chance to win less ``worse``'s, world by world in the worlds the
        shown chances come from (the rebuilt ones where both were read there, else the
        plain ones, where the chances are anchored: the shown ones differ by this mean),
        with its 95 % interval."""
        x, y = self.outcomes[better], self.outcomes[worse]
        a, b = (x.own, y.own) if x.own and y.own else (x.wins, y.wins)
        return mean_interval([x - y for x, y in zip(a, b)])

    def runner_up(self) -> int | None:
        """The best option but the suggestion (None when there is none)."""
        rest = [i for i in range(len(self.outcomes)) if i != self.suggested]
        return max(rest, key=lambda i: self.outcomes[i].lp) if rest else None


# ------------------------------------------------------------------ options

def principle(game: Game, seat: int, plan: Iterable[Action]) -> tuple[int, ...]:
    """The guide's rule of thumb for a Deployment, "the Front fights, producers work in
    the Back", as a key to maximise: after ``plan``, the strength in the Front of units
    that produce nothing, the fewest producers in the Front, the most in the Back, then
    the whole Front's strength (``()`` for other decisions: no rule of thumb)."""
    d = game.pending[seat]
    assert d is not None                    # asked for a pending decision
    if d.kind != DEPLOY:
        return ()
    g = game.clone()
    g.record_events = False
    for a in plan:
        if a.kind == "done":
            break
        g.apply(seat, a)
    fighters = front_producers = back_producers = front = 0
    for s, u in enumerate(g.players[seat].units):
        if u is None:
            continue
        works = producer(u.type)
        if IS_FRONT[s]:
            front += u.type.strength
            front_producers += works
            fighters += 0 if works else u.type.strength
        else:
            back_producers += works
    return (fighters, -front_producers, back_producers, front)


# ------------------------------------------------------------------ the parts

def breakdown(g: Game, seat: int, lp0: int, ev: Evaluation, counts: dict[str, float] | None = None) -> dict[str, float]:
    """``seat``'s expected final LP in world ``g`` (played to the horizon, its events
    recorded from the decision on) by cause:

    * ``war:S`` the wars won against seat S, ``ability:ID`` / ``building:ID`` /
      ``rule:NAME`` the LP each cause scored, at the evaluation's weight of an LP;
    * ``play:ID`` each unit still in play, ``kept:ID`` the card kept, ``hand:ID`` a card
      in hand, ``building:ID`` each building (its LP at the end, and what owning it and
      its level 2 are worth), and the groups of :data:`GROUPS`: what the evaluation
      expects of them;
    * ``start``: what is the same whatever the seat did (the LP it had, the bias)."""
    over = g.phase == "over"
    w = None if over else ev.weights(g, stage(g))
    w_lp = 1.0 if w is None else w[_LP]
    parts: dict[str, float] = {"start": w_lp * lp0}
    scored = 0
    wars = 0
    for e in g.events:
        if e.seat != seat:
            continue
        if e.kind == LP:
            scored += e.amount
            cause = e.cause
            if cause == "rule.wars":
                wars += e.amount
                continue
            key = _cause_key(cause)
            parts[key] = parts.get(key, 0.0) + w_lp * e.amount
        elif e.kind == WAR and e.amount:
            key = f"war:{e.params['opponent']}"
            lp = LP_PER_WAR * e.amount
            wars -= lp
            parts[key] = parts.get(key, 0.0) + w_lp * lp
    if wars:                                  # wars LP not split by opponent (solo armies)
        parts["rule:wars"] = parts.get("rule:wars", 0.0) + w_lp * wars
    rest = g.players[seat].lp - lp0 - scored  # LP no event explains (none expected)
    if rest:
        parts["other"] = parts.get("other", 0.0) + w_lp * rest
    if w is None:
        return parts
    x = base_features(g, seat)
    for i, name in enumerate(BASE):
        group = GROUPS.get(name)
        if group is not None and w[i] * x[i]:
            parts[group] = parts.get(group, 0.0) + w[i] * x[i]
    if counts is not None:                         # so that a reason can say "fewer empty spots"
        for i in _COUNTED:
            counts[BASE[i]] = counts.get(BASE[i], 0) + x[i]
    p = g.players[seat]
    for b, level in enumerate(p.buildings):        # each building by name: its end LP, its place, its level 2
        if level:
            key = "building:" + g.buildings[b].id
            value = w[_BUILDING_LP] * g.buildings[b].levels[level].lp + w[_BUILT] + w[_LEVEL2] * (level == 2)
            parts[key] = parts.get(key, 0.0) + value
            if counts is not None:
                counts[key] = counts.get(key, 0) + 1
    n = len(g.cards.units)
    base = len(BASE)
    for i in card_indices(p, n):
        kind, card = divmod(i, n)
        ident = g.cards.units[card].id
        if kind == 1:
            key, value = f"play:{ident}", w[base + i] + w[_UNITS]
        elif kind == 2:
            key, value = f"kept:{ident}", w[base + i] + w[_KEPT]
        else:
            key, value = f"hand:{ident}", w[base + i]
        parts[key] = parts.get(key, 0.0) + value
        if counts is not None:
            counts[key] = counts.get(key, 0) + 1
    return parts


def _cause_key(cause: str) -> str:
    if cause.startswith("rule."):
        return "rule:" + cause[5:]
    if ":" in cause:                       # a building at a level: the building's
        return "building:" + cause.partition(":")[0]
    return "ability:" + cause


# ------------------------------------------------------------------ judging

_cache: OrderedDict[tuple[Hashable, ...], Judgement] = OrderedDict()


def position_key(game: Game, seat: int) -> tuple[Hashable, ...]:
    """What a judgement of ``seat``'s decision depends on: what the seat sees (not the
    event log), the card set (the object itself: an id could be reused once it is gone),
    the rules, and the spots moved this Deployment.  Not the decision's prompt: it is in the
    page's language, and the same position judged after a language switch is read back."""
    ob = game.observation(seat)
    decision = ob.decision.with_prompt("") if ob.decision is not None else None
    return (game.cards, repr(game.options.get("rules")), ob.turn, ob.phase, ob.stage, ob.kingdoms, decision,
            ob.draw_size, ob.discard_size, ob.lich, tuple(map(tuple, game.queues)),
            tuple(map(tuple, game.saved)) if game.saved is not None else None,
            tuple(sorted(moved_this_deployment(game, seat))))


def judge(game: Game, seat: int, worlds: int = WORLDS, seed: int = SEED, ev: Evaluation | None = None,
          extra: Iterable[Iterable[Action]] = (), chance: bool = True,
          players: Sequence[str] | None = None, shown: Iterable[Iterable[Action]] | None = None) -> Judgement:
    """The judgement of ``seat``'s pending decision (module docstring).  ``extra``: plans
    to judge beside the options (a learner's own moves), in the same worlds; they never
    change the suggestion.  ``chance``: read the chances to win (False: a bot that needs
    only the suggestion spares the rebuilt worlds; the chances are then None, and read
    when a later call asks for them, with the same numbers).  ``players``: who plays each
    seat (registry names, ``human`` for a person; :func:`~papertales.montecarlo.seat_player`),
    so that the chance to win is read with every seat played on as that player -- the
    seat itself too, after this decision -- instead of as the fast greedy bot (None).
    ``shown``: the plans whose chances are shown (None: every option's); where each option
    is played for its own chance (:func:`_to_the_end`) only theirs, the
    suggestion's and ``extra``'s are read, the others' stay None until a call asks for
    them (a review shows two chances of a decision, a hint every option's).  The game is
    not changed."""
    ev = ev if ev is not None else Evaluation.default()
    extra = [tuple(p) for p in extra]
    asked = None if shown is None else [tuple(p) for p in shown]
    table = check_players(game, players)
    key = (position_key(game, seat), worlds, seed, ev, table)      # the objects, not their ids: no id reused
    j = _cache.get(key)
    if j is None:
        groups = choice_groups(game, seat, ev)
        if len(groups) == 1:
            only = Outcome(groups[0][0], tuple(groups[0][1:]), (), (), ())
            d = game.pending[seat]
            assert d is not None            # choices asked for a pending decision
            j = Judgement(seat, game.turn, game.phase, d.kind, (only,), 0, 0)
        else:
            j = _judge(game, seat, worlds, seed, ev, groups, chance=chance, players=table, shown=asked)
    else:
        _cache.move_to_end(key)
    unread = [i for i in _asked(game, seat, j, asked) if j.chance[i] is None] if chance and not j.forced else []
    if unread:                                  # judged before without these chances
        j = _read_chances(j, game, seat, worlds, seed, ev, table, unread)
    _cache[key] = j
    if len(_cache) > CACHE:
        _cache.popitem(last=False)
    extra = [p for p in extra if not any(o.plays(p) for o in j.outcomes)]
    if extra:
        known = {plan_key(game, seat, o.plan) for o in j.outcomes}
        extra = [p for p in extra if plan_key(game, seat, p) not in known]
    if not extra:
        return j
    if j.forced:                          # a move the bots never make beside the only option
        both = _judge(game, seat, worlds, seed, ev, [[j.best.plan, *j.best.also]] + group_plans(game, seat, extra),
                      suggested=0, chance=chance, players=table)
        return Judgement(seat, j.turn, j.phase, j.kind, both.outcomes, 0, worlds, both.chance, both.level)
    more = _judge(game, seat, j.worlds, seed, ev, group_plans(game, seat, extra), chance=False)
    both = replace(j, outcomes=j.outcomes + more.outcomes)
    if not chance:
        return replace(both, chance=j.chance + more.chance)
    if _to_the_end(table):          # the learner's moves read in the rebuilt worlds too
        owns = _rebuilt_wins(game, seat, worlds, seed, ev, [o.plan for o in more.outcomes], table)
        both = replace(both, outcomes=j.outcomes + tuple(replace(o, own=w) for o, w in zip(more.outcomes, owns)))
    return _with_level(both, j.level, table)


def outcome_index(game: Game, seat: int, j: Judgement, plan: tuple[Action, ...]) -> int | None:
    """The outcome of judgement ``j`` (of ``seat``'s decision in ``game``) that plays
    ``plan`` or leads to the same game; None when none does."""
    try:
        return j.index(plan)
    except KeyError:
        key = plan_key(game, seat, plan)
        return next((i for i, o in enumerate(j.outcomes) if plan_key(game, seat, o.plan) == key), None)


def _asked(game: Game, seat: int, j: Judgement, shown: Sequence[tuple[Action, ...]] | None) -> list[int]:
    """The options whose chances are asked for: the suggestion's and the ``shown`` plans'
    (None: every option's)."""
    if shown is None:
        return list(range(len(j.outcomes)))
    plays = {outcome_index(game, seat, j, p) for p in shown}
    return [i for i in range(len(j.outcomes)) if i == j.suggested or i in plays]


def _with_level(j: Judgement, level: tuple[float, ...], players: tuple[str, ...] | None = None) -> Judgement:
    """``j`` with the suggestion's chance ``level`` in the rebuilt worlds and every
    option's chance read from it; where each option is played for its own chance
    (:func:`_to_the_end`), the options played so, the others' None."""
    j = replace(j, level=level)
    own_only = _to_the_end(players)
    return replace(j, chance=tuple(j.chance_of(o) if o.own or not own_only else None for o in j.outcomes))


def _judge(game: Game, seat: int, worlds: int, seed: int, ev: Evaluation,
           groups: Sequence[Sequence[tuple[Action, ...]]], suggested: int | None = None,
           chance: bool = True, players: tuple[str, ...] | None = None,
           shown: Sequence[tuple[Action, ...]] | None = None) -> Judgement:
    """Every group's first plan played in the same ``worlds`` worlds of ``seed``;
    ``suggested``: the option to suggest (None: :func:`_suggest`'s); ``chance``,
    ``players`` and ``shown``: the chances to win, read with each seat played as its
    player (:func:`judge`)."""
    d = game.pending[seat]
    assert d is not None                    # asked for a pending decision
    plans = [g[0] for g in groups]
    chances = ChanceWorlds(game, seat, ev, players, seed)
    sampler = chances.sampler
    playout = Playout(ev)
    lp0 = game.players[seat].lp
    lps: list[list[float]] = [[] for _ in plans]
    wins: list[list[float]] = [[] for _ in plans]
    sums: list[dict[str, float]] = [{} for _ in plans]
    counts: list[dict[str, float]] = [{} for _ in plans]
    leveled = sampler.rebuilds or players is not None    # a level read apart from the plain worlds
    rebuilt: list[Game] = []                # where the chance's level is read
    for k in range(worlds):
        world = sampler.world(seed, k)
        if chance and leveled:
            rebuilt.append(chances.world(k, world))
        if d.kind == DEPLOY:
            playout.deploy_others(world, seat)
        for i, plan in enumerate(plans):
            w = world.clone()
            for a in plan:
                w.apply(seat, a)           # legal in the game, so in every world of the seat
            lp, win = playout.finish(w, seat, game.turn)
            lps[i].append(lp)
            wins[i].append(win)
            acc = sums[i]
            for part, v in breakdown(w, seat, lp0, ev, counts[i]).items():
                acc[part] = acc.get(part, 0.0) + v
    outcomes = tuple(Outcome(group[0], tuple(group[1:]), tuple(x), tuple(ws),
                             tuple(sorted((k, v / worlds) for k, v in s.items())),
                             tuple(sorted((k, v / worlds) for k, v in c.items())))
                     for group, x, ws, s, c in zip(groups, lps, wins, sums, counts))
    top = _suggest(game, seat, outcomes) if suggested is None else suggested
    j = Judgement(seat, game.turn, game.phase, d.kind, outcomes, top, worlds)
    if not leveled:
        return replace(j, chance=tuple(j.chance_of(o) for o in outcomes))
    if not chance:
        return replace(j, chance=(None,) * len(outcomes))
    if _to_the_end(players):
        read = set(_asked(game, seat, j, shown))
        j = replace(j, outcomes=tuple(replace(o, own=chances.wins(rebuilt, o.plan)) if i in read else o
                                      for i, o in enumerate(outcomes)))
        return _with_level(j, j.outcomes[top].own, players)
    return _with_level(j, chances.wins(rebuilt, outcomes[top].plan))


def _to_the_end(players: tuple[str, ...] | None) -> bool:
    """Is a chance read to the game's end, every option's on its own in the rebuilt worlds?
    At a table with a scripted or random player: the evaluation at a turn's end expects
    every seat to play on as well as the greedy bot (docs/strategy.md, calibration point
    18), and a step read to the turn's end among fast greedy bots is on another scale (a
    seat among economists wins about as often whatever it plays; points 22 and 23).  Where
    every seat plays on as the greedy bot, the turn's end and the plain worlds' step are
    kept: one playout a world instead of one an option."""
    return players is not None and not all(plays_as_greedy(name) for name in players)


def _read_chances(j: Judgement, game: Game, seat: int, worlds: int, seed: int, ev: Evaluation,
                  players: tuple[str, ...] | None, unread: Sequence[int]) -> Judgement:
    """``j``, judged before without the chances of options ``unread``, with them: the same
    rebuilt worlds dealt again (those options read in them, or the suggestion alone and
    the others anchored on it: :func:`_to_the_end`)."""
    if not _to_the_end(players):
        return _with_level(j, _rebuilt_wins(game, seat, worlds, seed, ev, [j.best.plan], players)[0])
    owns = dict(zip(unread, _rebuilt_wins(game, seat, worlds, seed, ev, [j.outcomes[i].plan for i in unread], players)))
    j = replace(j, outcomes=tuple(replace(o, own=owns[i]) if i in owns else o for i, o in enumerate(j.outcomes)))
    return _with_level(j, j.outcomes[j.suggested].own, players)


def check_players(game: Game, players: Sequence[str] | None) -> tuple[str, ...] | None:
    """``players`` as a tuple, one name per seat of ``game`` (None stays None); refused,
    saying what is allowed, when the count is wrong or a name is not a player."""
    if players is None:
        return None
    table = tuple(players)
    if len(table) != game.n:
        raise PaperTalesError("err.coach.players_count", n=len(table), players=game.n)
    for name in table:
        if name not in PLAYER_NAMES:
            raise PaperTalesError("err.coach.player", name=name, allowed=", ".join(PLAYER_NAMES))
    return table


def _sampler(game: Game, seat: int, ev: Evaluation, players: tuple[str, ...] | None) -> DraftedWorlds:
    """The worlds of a judgement: the seats played as the greedy bot (every seat without
    ``players``) have their hidden cards rebuilt as our evaluation drafts and the greedy bot
    places units, the scripted players' as their own rule ranks cards and places units,
    the random bot's dealt plain."""
    if players is None:
        players = ("greedy",) * game.n
    ranks = {s: ranking(name) for s, name in enumerate(players)}
    rules = {s: rule(name, ev) for s, name in enumerate(players)}
    return DraftedWorlds(game, seat, ev, [s for s, name in enumerate(players) if plays_as_greedy(name)],
                         {s: r for s, r in ranks.items() if r is not None},
                         {s: r for s, r in rules.items() if r is not None})


class ChanceWorlds:
    """The worlds a chance to win is read in: world ``k`` of ``seed`` dealt as ``seat`` may
    know ``game`` and rebuilt as the others drafted (:class:`~papertales.drafted.DraftedWorlds`,
    by who plays each seat), the others' Deployment played where the seat deploys, then
    every seat played on as its player -- to the turn's end, or to the game's where a seat
    is a scripted or random player (:func:`_to_the_end`).  The judgement reads its chances
    here, and so does a measurement that peeks (``benchmarks/bench_peek.py``): the very
    worlds the coach shows a chance from."""

    def __init__(self, game: Game, seat: int, ev: Evaluation, players: tuple[str, ...] | None,
                 seed: int = SEED) -> None:
        d = game.pending[seat]
        assert d is not None                    # a chance is read for a pending decision
        self.seat, self.turn, self.seed, self.players = seat, game.turn, seed, players
        self.deploys = d.kind == DEPLOY
        self.sampler = _sampler(game, seat, ev, players)
        self.playout = Playout(ev, horizon="game" if _to_the_end(players) else "turn")

    def guess(self, k: int, plain: Game | None = None) -> Game:
        """World ``k`` with the others' cards rebuilt as drafted, before their Deployment
        (``plain``: world ``k`` as dealt, when the caller holds it)."""
        world = plain if plain is not None else self.sampler.world(self.seed, k)
        return self.sampler.rebuilt(world, self.seed, k)

    def deploy_others(self, g: Game, k: int) -> None:
        """The others' pending Deployment in ``g`` (world ``k``), played by their players,
        where the seat deploys."""
        if self.deploys:
            self.playout.deploy_others(g, self.seat, self._table(k, 0))

    def world(self, k: int, plain: Game | None = None) -> Game:
        """World ``k`` as the chance is read in it: :meth:`guess`, then :meth:`deploy_others`."""
        g = self.guess(k, plain)
        self.deploy_others(g, k)
        return g

    def win(self, g: Game, plan: Sequence[Action], k: int) -> float:
        """``plan``'s chance to win in ``g`` (world ``k``), played on in ``g`` itself."""
        for a in plan:
            g.apply(self.seat, a)              # legal in the game, so in every world of the seat
        return self.playout.finish(g, self.seat, self.turn, self._table(k, 1))[1]

    def wins(self, worlds: Sequence[Game], plan: Sequence[Action]) -> tuple[float, ...]:
        """``plan``'s chance to win in each of ``worlds`` (the ``k``-th is world ``k``:
        :meth:`world`), each played on in a copy."""
        return tuple(self.win(w.clone(), plan, k) for k, w in enumerate(worlds))

    def _table(self, k: int, salt: int) -> list[SeatPlayer] | None:
        """Fresh players for world ``k`` (a random bot's numbers drawn from them), or None:
        every seat as the greedy bot."""
        if self.players is None:
            return None
        ev = self.playout.ev
        return [seat_player(name, ev, (((self.seed << 20) ^ k) << 8 ^ s) << 1 ^ salt)
                for s, name in enumerate(self.players)]


def _rebuilt_wins(game: Game, seat: int, worlds: int, seed: int, ev: Evaluation,
                  plans: Sequence[tuple[Action, ...]], players: tuple[str, ...] | None) -> list[tuple[float, ...]]:
    """Each of ``plans``' chance to win in the rebuilt worlds of a decision judged before:
    the same worlds dealt again."""
    chances = ChanceWorlds(game, seat, ev, players, seed)
    rebuilt = [chances.world(k) for k in range(worlds)]
    return [chances.wins(rebuilt, plan) for plan in plans]


def _chance(wins: Iterable[float]) -> tuple[float, float, float]:
    """The chance to win (the worlds' mean) with its 95 % band, within 0 and 1."""
    m, lo, hi = mean_interval(list(wins))
    return min(max(m, 0.0), 1.0), min(max(lo, 0.0), 1.0), min(max(hi, 0.0), 1.0)


def _suggest(game: Game, seat: int, outcomes: Sequence[Outcome]) -> int:
    """The highest expected LP, or among the options that cannot be told apart from it,
    the one the guide's principle prefers (then the higher expected LP)."""
    top = max(range(len(outcomes)), key=lambda i: outcomes[i].lp)
    tied = [top]
    for i, o in enumerate(outcomes):
        if i != top:
            _, low, _ = mean_interval([a - b for a, b in zip(outcomes[top].lps, o.lps)])
            if low <= 0.0:
                tied.append(i)
    if len(tied) == 1:
        return top
    return max(tied, key=lambda i: (principle(game, seat, outcomes[i].plan), outcomes[i].lp))
