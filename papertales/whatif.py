"""What-if evaluation: what the coming phases would do with a position, in facts and words.

The position format is :mod:`papertales.position`'s (``docs/whatif-positions.md``).
The evaluation never re-implements a rule: it runs the real phases on copies of the game
and reports the events they produced, so what you see is exactly what the engine does.
Choices a position does not make (a Mystical Healer's save, a Time Master's target, a
construction) are shown side by side: every option is run on its own copy.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, NoReturn

from . import aging, construction, income, wars
from .actions import DEPLOY, DONE, DRAFT, DRAFT_DISCARD, PASS, PLACE, Action
from .cards import CardSet
from .decisions import Decision
from .errors import PositionError
from .events import WAR, Event, cause_label, render_parts
from .game import Game
from .turns import OVER
from .i18n import card_name, get_language, t
from .position import Plan, choice_key
from .solo import recruitment_gains
from .state import SPOT_NAMES, Unit, production

EVALUATED = ("wars", "income", "construction", "aging")
#: what ``evaluate`` (and ``papertales whatif --phase``) can be asked for
PHASE_CHOICES = ("deployment", "wars", "income", "construction", "aging", "end", "all")
#: decisions never shown side by side (positions state them)
_NOT_BRANCHED = (DRAFT, DRAFT_DISCARD)

#: an evaluation's answer, and each of its parts: JSON objects (``papertales whatif --json``)
JSONObject = dict[str, Any]
#: when a run stops: ``stop(game)``
Stop = Callable[[Game], bool]
#: an open decision to show side by side: (game, plan, seat, decision, options, default)
Point = tuple[Game, Plan, int, Decision, list[Action], Action]


def _err(key: str, **params: object) -> NoReturn:
    raise PositionError(key, **params)


def _event(e: Event, lang: str, names: Sequence[str], cards: CardSet) -> JSONObject:
    """An event for JSON: facts for programs (``kind``, ``cause``, ``key``, ``params``,
    ``data``: ``[opponent, strength, opponent's strength]`` for a war) and words for people
    (``cause_text``, ``detail``, ``text``: the whole line)."""
    p = e.params
    data = [p["opponent"], p["strength"], p["against"]] if e.kind == WAR and "opponent" in p else []
    return {"seat": e.seat, "kind": e.kind, "amount": e.amount, "cause": e.cause,
            "cause_text": cause_label(e.cause, lang, cards), "detail": e.detail(lang, names, cards),
            "text": e.describe(names, lang, cards), "key": e.key, "params": dict(p), "data": data}


def _events(game: Game, phase: str | None, lang: str, since: int = 0) -> list[JSONObject]:
    """The events of ``phase`` (all phases when None) logged after index ``since``."""
    names, cards = game.names, game.cards
    return [_event(e, lang, names, cards) for e in game.events[since:] if phase is None or e.phase == phase]


def _cause_name(cause: str, lang: str, cards: CardSet) -> str:
    """A cause in words; strength rows may name a unit or building by its pack name."""
    for find in (cards.unit, cards.building):
        try:
            return card_name(find(cause).id, lang, cards)
        except (KeyError, AttributeError):
            pass
    return cause_label(cause, lang, cards)


def _words(value: str | Iterable[Sequence[Any]] | None, lang: str, cards: CardSet) -> str | None:
    """An explanation from the engine in words: already text, or ``[[key, params], ...]``."""
    if value is None or isinstance(value, str):
        return value
    return render_parts(value, lang, cards)


# ------------------------------------------------------------------ running phases

def _default(d: Decision, legal: Sequence[Action]) -> Action:
    """What an undecided choice does: pass where passing is allowed (Healer, construction),
    ``done`` in Deployment (nothing more placed), else the first option in spot order."""
    for a in legal:
        if a.kind == PASS or (d.kind == DEPLOY and a == Action("done")):
            return a
    return legal[0]


def _play(g: Game, stop: Stop, plan: Plan, points: list[Point] | None = None) -> Game:
    """Run ``g`` until ``stop(g)``: decisions from ``plan``, else defaults.  With a list
    ``points``, every defaulted decision with several options is recorded there (a copy of
    the game and of the plan just before it) to be shown side by side."""
    while g.phase != OVER and not stop(g):
        if not any(g.pending):
            g.step()
            continue
        for seat in g.pending_players():
            d = g.pending[seat]
            assert d is not None, "a pending player has a decision"
            legal = g.legal_actions(seat)
            action = plan.take(g, seat, d, legal)
            if action is None:
                action = _default(d, legal)
                options = _placements(g, seat, legal) if d.kind == DEPLOY else legal
                if points is not None and d.kind not in _NOT_BRANCHED and len(options) > 1:
                    points.append((g.clone(), plan.clone(), seat, d, options, action))
            g.apply(seat, action)
    return g


def _placements(g: Game, seat: int, legal: Sequence[Action]) -> list[Action]:
    """The Deployment options shown side by side for a player still placing units (cards in
    hand, no ``done`` stated): each single placement more (then ``done``), and ``done``
    itself.  The placements the position states are made before and never second-guessed;
    moves, discards and which card to keep are left to the position (they would multiply
    the options)."""
    return [a for a in legal if a.kind == PLACE] + [a for a in legal if a.kind == DONE and a.card is None]


def _fresh(game: Game, phase: str) -> Game:
    """A copy of ``game`` standing at the start of ``phase`` (decisions of the phase the
    game stands in do not matter)."""
    g = game.clone()
    g.record_events = True
    g.phase, g.stage = phase, "start"
    g.pending = [None] * g.n
    g.queues = [[] for _ in range(g.n)]
    g.build_options = g.build_choices = None
    g.saved = None
    return g


def _outcome(g: Game, lang: str) -> JSONObject:
    out: JSONObject = {"lp_after": g.scores, "gold_after": [q.gold for q in g.players]}
    if g.lich is not None:
        out["lich_king_lp_after"] = g.lich.lp
    if g.phase == OVER:
        out["winners"] = g.winners()
    return out


def _side_by_side(points: list[Point], stop: Stop, lang: str) -> list[JSONObject]:
    """Each option of each open decision, run to the same end on its own copy."""
    out: list[JSONObject] = []
    for g0, plan0, seat, d, legal, default in points:
        names, cards = g0.names, g0.cards
        cause = d.cause or ""
        decision = g0.decision(seat, lang)
        assert decision is not None, "the decision is pending in g0"
        group: JSONObject = {"seat": seat, "name": g0.players[seat].name, "decision": d.kind, "cause": cause,
                 "cause_text": card_name(cause, lang, cards) if cause else "",
                 "spot": SPOT_NAMES[d.spot] if d.spot is not None else None,
                 "prompt": decision.prompt,
                 "field": f"players[{seat}].place" if d.kind == DEPLOY else f"players[{seat}].choices.{choice_key(d)}",
                 "options": []}
        for a in legal:
            g = g0.clone()
            mark = len(g.events)
            g.apply(seat, a)
            _play(g, stop, plan0.clone())
            group["options"].append({"action": str(a), "text": a.describe(lang, cards), "default": a == default,
                                     **_outcome(g, lang),
                                     "events": [_event(e, lang, names, cards) for e in g.events[mark:]]})
        out.append(group)
    return out


def _run(game: Game, phase: str | None, lang: str, plan: Plan | None,
         stop: Stop | None = None) -> tuple[Game, JSONObject]:
    """Run ``phase`` (or, with ``phase=None``, everything from where ``game`` stands until
    ``stop``) on a copy, with the position's choices; returns ``(game after, result)``."""
    g = game.clone() if phase is None else _fresh(game, phase)
    g.record_events = True
    mark = 0 if phase is None else len(g.events)     # a position's own Deployment actions count
    plan = (plan or Plan({})).clone()
    if stop is None:
        def phase_over(x: Game) -> bool:
            return x.phase != phase
        stop = phase_over
    points: list[Point] = []
    seen: list[str] = []
    while g.phase != OVER and not stop(g):
        seen.append(g.phase)
        before = g.phase

        def until(x: Game, before: str = before) -> bool:
            return stop(x) or x.phase != before
        _play(g, until, plan, points)
    left = plan.unused(seen)
    if left:
        _err("err.whatif.choice_unused", where=left[0], phase=left[1])
    res = {"events": _events(g, None, lang, mark), **_outcome(g, lang)}
    if phase is None:
        res["phases"] = seen
    if points:
        res["decisions"] = _side_by_side(points, stop, lang)
    return g, res


def _construction_rows(game: Game, seat: int, lang: str) -> list[JSONObject]:
    cards = game.cards
    rows: list[JSONObject] = []
    for r in construction.explain_all(game, seat):
        name = card_name(r["building"], lang, cards)
        label = t("cli.whatif.build.upgrade" if r["kind"] == "upgrade" else
                  "cli.whatif.build.direct" if r["direct"] else "cli.whatif.build.level1", lang, building=name)
        how, why = _words(r["how"], lang, cards), _words(r["reason"], lang, cards)
        text = t("cli.whatif.build.possible", lang, label=label, n=r["gold"], how=how) if r["possible"] \
            else t("cli.whatif.build.impossible", lang, label=label, reason=why)
        rows.append({"building": r["building"], "level": r["level"], "kind": r["kind"], "direct": r["direct"],
                     "action": str(r["action"]) if r["action"] else None, "possible": r["possible"],
                     "gold": r["gold"], "how": how, "reason": why, "text": text})
    rows.append({"building": None, "level": None, "kind": "pass", "direct": False, "action": "pass",
                 "possible": True, "gold": 0, "how": None, "reason": None, "text": t("cli.whatif.build.pass", lang)})
    return rows


def _player_entry(game: Game, seat: int, phases: Sequence[str], lang: str) -> JSONObject:
    cards = game.cards
    p = game.players[seat]

    def unit_at(s: int, u: Unit) -> str:
        return t("cli.whatif.unit_at", lang, card=card_name(u.type.id, lang, cards), spot=SPOT_NAMES[s])

    rows: list[tuple[str, int, Any]] = []
    strength = wars.kingdom_strength(game, seat, None, rows)
    wood, food, ore = production(p, game.buildings)
    entry: JSONObject = {
        "seat": seat, "name": p.name, "gold": p.gold, "lp": p.lp,
        "units": [{"spot": SPOT_NAMES[s], "card": u.type.id, "name": card_name(u.type.id, lang, cards),
                   "age": u.age}
                  for s, u in enumerate(p.units) if u is not None],
        "buildings": {game.buildings[i].id: lvl for i, lvl in enumerate(p.buildings) if lvl},
        "resources": {"wood": wood, "food": food, "ore": ore},
        "strength": {"total": strength,
                     "breakdown": [{"cause": c, "name": _cause_name(c, lang, cards), "strength": v,
                                    "note": _words(n, lang, cards)} for c, v, n in rows]},
    }
    if "income" in phases:
        items = income.items(game, seat)
        entry["income"] = {"total": sum(v for _, v in items),
                           "breakdown": [{"cause": c, "name": cause_label(c, lang, cards), "gold": v}
                                         for c, v in items]}
    if "construction" in phases:
        entry["construction"] = [{"action": str(a), "text": a.describe(lang, cards), "gold": gold,
                                  "how": _words(why, lang, cards)}
                                 for a, gold, why in construction.options(game, seat, explain=True)]
        entry["construction_all"] = _construction_rows(game, seat, lang)
    if "aging" in phases:
        entry["aging"] = {
            "dies": [unit_at(s, u) for s, u in enumerate(p.units) if u is not None and aging.dies(u)],
            "healer_can_save": [unit_at(s, u) for s, u in enumerate(p.units)
                                if u is not None and any(h is not None and h.type.saves == u.age
                                                         for h in p.units) and aging.dies(u)],
        }
    return entry


def _lich_entry(game: Game, lang: str) -> JSONObject:
    lk = game.lich
    assert lk is not None, "asked for a solo game only"
    cards = game.cards
    black, purple = lk.armies()
    out: JSONObject = {"lp": lk.lp, "time": lk.time, "revealed": lk.revealed,
           "line": [{"card": c.id, "name": card_name(c.id, lang, cards), "pile": c.pile, "revealed": i < lk.revealed}
                    for i, c in enumerate(lk.line)],
           "cards": [c.id for c in lk.cards], "armies": {"black": black, "purple": purple}}
    if lk.netherworld:
        rows = recruitment_gains(lk.line, lk.time, lk.revealed, lk.netherworld, lk.cards)
        out["recruitment"] = {"netherworld": [c.id for c in lk.netherworld], "lp": sum(r["lp"] for r in rows),
                              "rows": [{"cause": r["cause"], "name": card_name(r["cause"], lang, cards),
                                        "lp": r["lp"], "matches": r["matches"]} for r in rows]}
    return out


def evaluate(game: Game, phases: str | Sequence[str] | None = None, lang: str | None = None) -> JSONObject:
    """Explain the position: per player strength (per unit), resources, income,
    construction (every building and level, with its price or why not) and aging, and what
    the asked ``phases`` would do, with causes.  ``phases`` are among
    :data:`PHASE_CHOICES`; the default is Wars, Income, Construction and Aging (plus
    Deployment for a position standing at Deployment, or the end scoring for one at the
    end).  Each of ``wars``, ``income``, ``aging``, ``end`` runs that phase alone on a copy
    of the kingdoms; ``deployment`` runs the placements and the reveal (and for a position
    at Deployment every other phase starts from the kingdoms after the reveal); ``all``
    runs the rest of the turn, and on turn 4 the end scoring.  Choices the position does
    not make come back under ``decisions`` with every option's outcome.

    Keys and ids are the same in every language; texts for people are in ``lang``
    (default: the current language)."""
    lang = lang or get_language()
    if phases is None:
        phases = ("end",) if game.phase == "end" else \
            (("deployment",) + EVALUATED if game.phase == "deployment" else EVALUATED)
    if isinstance(phases, str):
        phases = (phases,)
    bad = [p for p in phases if p not in PHASE_CHOICES]
    if bad:
        _err("err.whatif.eval_phase", value=repr(bad[0]), allowed=", ".join(PHASE_CHOICES))
    out: JSONObject = {"turn": game.turn}
    shown = EVALUATED if "all" in phases else phases      # what the player entries explain
    plan = getattr(game, "plan", None)
    ref = game
    if game.phase == "deployment":
        ref, res = _run(game, None, lang, plan, stop=lambda x: x.phase != "deployment")
        if "deployment" in phases:
            res.pop("phases")
            out["deployment"] = res
    elif "deployment" in phases:
        _, out["deployment"] = _run(game, "deployment", lang, plan)
    out["players"] = [_player_entry(ref, seat, shown, lang) for seat in range(ref.n)]
    if ref.lich is not None:
        out["lich_king"] = _lich_entry(ref, lang)
    for phase in ("wars", "income", "aging", "end"):
        if phase in phases:
            _, out[phase] = _run(ref, phase, lang, plan)
    if "all" in phases:
        turn = game.turn
        _, out["all"] = _run(game, None, lang, plan, stop=lambda x: x.turn != turn)
    return out
