"""Deployment plans: a whole Deployment as one choice, and moves in words that name their cards.

Why plans?  A Deployment is many small steps (place, move, discard, done), but a player
decides it as one: which units go to the Front, which to the Back, what is kept for next
turn.  The coach compares whole plans (:func:`deployment_plans`) and says each as a player
would (:func:`plan_words`: "Knight and Ogre to the Front, Farmer to the Back, keep
Kraken"); a learner's own Deployment is the plan of its steps (:func:`played_plan`).

:func:`move_words` says any single move with the unit it concerns ("move Knight from F1
to B1") where the notation only has a spot.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence

from .actions import CHOOSE, DEPLOY, DISCARD, DONE, DONE_NOTHING, MOVE, PLACE, RETURN, SPARE, Action
from .cards import UnitType
from .evaluation import Evaluation
from .game import Game
from .greedy import DEPLOY_KINDS, GreedyBot, best_done, bot_actions, deployment_steps, moved_this_deployment
from .i18n import card_name, t
from .montecarlo import distinct, kingdom_key
from .state import IN_FRONT, IS_FRONT, SPOT_NAMES
from .turns import TURNS

def next_step(plan: list[Action], game: Game, seat: int) -> Action | None:
    """The next step of a Deployment plan being played, taken off ``plan``: None, and the
    plan dropped, once the seat is not deploying or the step is no longer legal (a player
    that follows a whole plan asks this before it chooses again)."""
    d = game.pending[seat]
    if plan and d is not None and d.kind == DEPLOY:
        a = plan.pop(0)
        if a in game.legal_actions(seat):
            return a
    plan.clear()
    return None


def finish(game: Game, seat: int, steps: Iterable[Action], ev: Evaluation | None = None) -> tuple[Action, ...]:
    """``steps`` (legal one after the other), then the greedy bot's Deployment from there
    to its ``done``: a whole plan.  Reads a copy of ``game`` only."""
    g = game.clone()
    g.record_events = False
    bot = GreedyBot(evaluation=ev)
    bot.moves.recall(game, seat)
    plan: list[Action] = []
    for a in steps:
        bot.moves.note(a)
        g.apply(seat, a)
        plan.append(a)
    while (d := g.pending[seat]) is not None and d.kind == DEPLOY:
        a = bot.choose(g, seat)
        if a.kind == DONE and game.turn == TURNS:
            a = DONE_NOTHING                           # nothing is kept after the last turn
        g.apply(seat, a)
        plan.append(a)
    return tuple(plan)


def producer(card: UnitType) -> bool:
    """Does ``card`` produce resources wherever it stands (so that the Back suits it)?"""
    return any(when != IN_FRONT for _, _, when in card.produces)


def rule_of_thumb(game: Game, seat: int, ev: Evaluation | None = None) -> tuple[Action, ...] | None:
    """The guide's rule of thumb as a plan: the affordable cards of the hand, the
    strongest first, fighters to the free Front spots and producers to the free Back
    spots (then anywhere free); then ``done`` as the greedy bot ends.  None when it
    places nothing."""
    g = game.clone()
    g.record_events = False
    p = g.players[seat]
    free = [s for s in range(p.spots) if p.units[s] is None]
    plan: list[Action] = []
    for card in sorted(p.hand, key=lambda c: (-c.strength, c.index)):
        rows = ([s for s in free if not IS_FRONT[s]], [s for s in free if IS_FRONT[s]])
        first, second = rows if producer(card) else rows[::-1]
        spots = first or second
        a = Action(PLACE, card.id, spots[0]) if spots else None
        if a is None or a not in g.legal_actions(seat):
            continue
        g.apply(seat, a)
        free.remove(a.spot)
        plan.append(a)
    if not plan:
        return None
    return finish(game, seat, plan, ev)


def deployment_plans(game: Game, seat: int, ev: Evaluation | None = None) -> list[tuple[Action, ...]]:
    """The whole Deployments worth comparing at ``seat``'s pending Deployment: stop here
    (``done`` keeping the card the evaluation likes best), and for each first step the
    greedy bot tries (:func:`~papertales.greedy.deployment_steps`: each card on a Front and
    on a Back spot, each discard and move) that step followed by the greedy bot's best
    placements; and the guide's rule of thumb
    (:func:`rule_of_thumb`).  Plans that end in the same kingdom are one (for the
    judgement to merge); the order is the first steps' (the engine's)."""
    firsts = deployment_steps(game, seat, moved_this_deployment(game, seat))
    done = best_done(game, seat, ev) if game.turn < TURNS else DONE_NOTHING
    plans: list[tuple[Action, ...]] = [(done,)]
    plans += [finish(game, seat, (a,), ev) for a in firsts]
    thumb = rule_of_thumb(game, seat, ev)
    if thumb is not None:
        plans.append(thumb)
    return plans


def group_plans(game: Game, seat: int, plans: Iterable[Iterable[Action]]) -> list[list[tuple[Action, ...]]]:
    """``plans`` grouped by the game they lead to (:func:`plan_key`), in order."""
    groups: dict[tuple[Hashable, ...], list[tuple[Action, ...]]] = {}
    for plan in plans:
        groups.setdefault(plan_key(game, seat, plan), []).append(tuple(plan))
    return [list(dict.fromkeys(g)) for g in groups.values()]


def plan_key(game: Game, seat: int, plan: Iterable[Action]) -> tuple[Hashable, ...]:
    """What ``plan`` leaves of ``seat``'s kingdom (:func:`~papertales.montecarlo.kingdom_key`)."""
    g = game.clone()
    g.record_events = False
    for a in plan:
        g.apply(seat, a)
    return kingdom_key(g, seat)


def choice_groups(game: Game, seat: int, ev: Evaluation | None = None) -> list[list[tuple[Action, ...]]]:
    """The options of ``seat``'s pending decision, each a list of plans that give the same
    game: whole Deployments in a Deployment, else the moves a bot considers.  The coach
    judges every group; the search compares the first plan of each."""
    d = game.pending[seat]
    assert d is not None                    # asked for a pending decision
    if d.kind == DEPLOY:
        return group_plans(game, seat, deployment_plans(game, seat, ev))
    acts = bot_actions(game, seat, moved_this_deployment(game, seat)) or game.legal_actions(seat)
    return [[(a,) for a in g] for g in distinct(game, seat, acts)]


def played_plan(history: Sequence[tuple[int, Action]], start: int, seat: int) -> tuple[Action, ...]:
    """``seat``'s Deployment actions in ``history`` from index ``start`` to its ``done``."""
    out: list[Action] = []
    for s, a in history[start:]:
        if s != seat:
            continue
        if a.kind not in DEPLOY_KINDS:
            break
        out.append(a)
        if a.kind == DONE:
            break
    return tuple(out)


def plan_words(game: Game, seat: int, plan: Sequence[Action], lang: str | None = None) -> str:
    """A plan as a player says it: which cards go to the Front and to the Back, which
    units move or are discarded, which card is kept (``game``: before the plan)."""
    if len(plan) == 1 and plan[0].kind != DONE:
        return move_words(game, seat, plan[0], lang)
    g = game.clone()
    g.record_events = False
    p = g.players[seat]
    before = {id(u): (s, u) for s, u in enumerate(p.units) if u is not None}   # kept alive: no id reused
    kept = None
    for a in plan:
        if a.kind == DONE:
            kept = a.card
            break
        g.apply(seat, a)
    front: list[str] = []
    back: list[str] = []
    moves: list[str] = []
    gone: list[str] = []
    for s, u in enumerate(p.units):
        if u is None:
            continue
        name = card_name(u.type.id, lang, g.cards)
        if id(u) not in before:
            (front if IS_FRONT[s] else back).append(name)
        elif IS_FRONT[before[id(u)][0]] != IS_FRONT[s]:
            moves.append(t("coach.plan.move_front" if IS_FRONT[s] else "coach.plan.move_back", lang, card=name))
    for a in plan:
        if a.kind == DISCARD:
            u = game.players[seat].units[a.spot]
            if u is not None:
                gone.append(card_name(u.type.id, lang, g.cards))
    parts = []
    if front:
        parts.append(t("coach.plan.front", lang, cards=and_list(front, lang)))
    if back:
        parts.append(t("coach.plan.back", lang, cards=and_list(back, lang)))
    parts += moves
    if gone:
        parts.append(t("coach.plan.discard", lang, cards=and_list(gone, lang)))
    if not front and not back and not moves and not gone:
        parts.append(t("coach.plan.nothing", lang))
    if kept is not None and game.turn < TURNS:
        parts.append(t("coach.plan.keep", lang, card=card_name(kept, lang, g.cards)))
    return t("coach.plan.join", lang).join(parts)


def and_list(words: Iterable[str], lang: str | None = None) -> str:
    """``A``, ``A and B``, ``A, B and C``; a name twice or more is said once with its
    count (``Knight ×2``)."""
    counted: dict[str, int] = {}
    for w in words:
        counted[w] = counted.get(w, 0) + 1
    words = [w if n == 1 else f"{w} ×{n}" for w, n in counted.items()]
    if len(words) < 2:
        return "".join(words)
    return t("coach.plan.and", lang, first=", ".join(words[:-1]), last=words[-1])


def move_words(game: Game, seat: int, action: Action, lang: str | None = None) -> str:
    """One move in words, naming the unit a spot holds ("move Knight from F1 to B1",
    "save Knight at B2"); moves with no unit to name are said as the notation says them."""
    k = action.kind
    p = game.players[seat]
    if k in (MOVE, DISCARD, SPARE, RETURN, CHOOSE) and action.spot is not None:
        u = p.units[action.spot] if 0 <= action.spot < len(p.units) else None
        if u is not None:
            params = dict(card=card_name(u.type.id, lang, game.cards), spot=SPOT_NAMES[action.spot])
            if k == MOVE:
                params["to"] = SPOT_NAMES[action.to]
            return t(f"coach.move.{k}", lang, **params)
    return action.describe(lang, game.cards)
