"""Phase 3, Wars: kingdom strength, the wars against both neighbours, war abilities.

Kingdom strength = strength of the Front units + Back units that fight from the back
(Archer, Strategist) + building bonuses (Barracks).  Each player fights the neighbour on
each side: a strength greater than or equal to the neighbour's wins that war (a tie is won
by both) and gives 3 LP.  With two players there is one opponent and a strength of at
least twice the opponent's wins two wars.

Interpretations (see docs/rules-interpretations.md):
* two players, 0 against 0: the rule variant ``two_player_zero`` (default: an ordinary
  tie, one war each); otherwise the double win needs a strength above 0;
* "for each war won" abilities count both wars of a double win.
"""

from __future__ import annotations

from typing import Any, TYPE_CHECKING

from . import income
from .abilities import Ctx, kingdom_payouts
from .events import RULE_WARS, WAR, building_cause
from .results import LP_PER_WAR as LP_PER_WAR   # the rule's constant, also read here (papertales.judgement)
from .results import War, WarsResult
from .state import IS_FRONT, Unit

if TYPE_CHECKING:     # the game imports every phase
    from .cards import BuildingLevel
    from .game import Game


def unit_strength(ctx: Ctx, u: Unit) -> int:
    """The strength of one unit as its abilities make it now (Front or Back alike)."""
    t = u.type
    s = t.strength
    if t.strength_mods:
        ctx.unit = u
        for f in t.strength_mods:
            s = f(ctx, s)
    return s


def fights(ctx: Ctx, spot: int, u: Unit) -> bool:
    """Does this unit add its strength to the kingdom's (Front or fights from the Back,
    and nothing prevents it)?"""
    t = u.type
    if not (IS_FRONT[spot] or t.fights_from_back):
        return False
    if t.cannot_fight is not None:
        ctx.unit = u
        return not t.cannot_fight(ctx)
    return True


def units(game: Game, seat: int, ctx: Ctx,
          rows: list[tuple[int, Unit, int, bool]] | None = None) -> list[tuple[int, Unit, int, bool]]:
    """``(spot, unit, strength now, fights?)`` for every unit of ``seat``, appended to
    ``rows`` when given.  The Ogre's bonus needs this turn's income, which is computed
    first when some unit needs it."""
    # loops, not comprehensions or any(generator): this runs for every kingdom in every war
    p = game.players[seat]
    for u in p.units:
        if u is not None and u.type.uses_income:
            ctx.income_gold = income.total(game, seat, ctx)
            break
    if rows is None:
        rows = []
    spot = 0
    for u in p.units:
        if u is not None:
            t = u.type
            if t.strength_mods or t.cannot_fight is not None:
                rows.append((spot, u, unit_strength(ctx, u), fights(ctx, spot, u)))
            else:               # a printed strength, nothing that stops it: no ability to ask
                rows.append((spot, u, t.strength, IS_FRONT[spot] or t.fights_from_back))
        spot += 1
    return rows


def kingdom_strength(game: Game, seat: int, ctx: Ctx | None = None,
                     explain: list[tuple[str, int, list[list[Any]]]] | None = None,
                     rows: list[tuple[int, Unit, int, bool]] | None = None) -> int:
    """The war strength of ``seat``.  With a list as ``explain``, appends one
    ``(cause, strength, why)`` row per unit and building bonus: ``why`` is a list of
    ``[message key, params]`` parts (``papertales.events.render_parts`` words it).
    With a list as ``rows``, appends the :func:`units` rows it counted (the evaluation's
    features read them instead of counting again)."""
    if ctx is None:
        ctx = game.context(seat)
    rows = units(game, seat, ctx, rows)
    total = 0
    strengths = []
    for _, _, s, f in rows:
        strengths.append(s)
        if f:
            total += s
    ctx.strengths = strengths
    if explain is not None:
        for spot, u, s, f in rows:
            t = u.type
            if not f:
                key = "why.in_back" if not (IS_FRONT[spot] or t.fights_from_back) else "why.cannot_fight"
                explain.append((t.id, 0, [[key, {"spot": spot, "strength": s}]]))
                continue
            why = [["why.printed", {"spot": spot, "printed": t.strength}]]
            if s != t.strength:
                why.append(["why.with_ability", {"strength": s}])
            if not IS_FRONT[spot]:
                why.append(["why.from_back", {}])
            explain.append((t.id, s, why))
    for b, level in enumerate(game.players[seat].buildings):
        if level:
            L: BuildingLevel = game.buildings[b].levels[level]
            for po in L.kingdom_strength:
                v = po.value(ctx)
                total += v
                if explain is not None and v:
                    explain.append((building_cause(game.buildings[b].id, level), v,
                                    [["why.building_bonus", {"level": level}]]))
    return total


def wars_won(n: int, strengths: list[int], two_player_zero: str = "single") -> list[list[tuple[int, int]]]:
    """For each seat, the list of ``(opponent, wars won against them)``.  With two
    players, ``two_player_zero`` (a rule variant) decides 0 against 0: one war each
    (``single``), two each (``double``), or none (``none``)."""
    out = []
    if n == 2:
        for seat in (0, 1):
            s, o = strengths[seat], strengths[1 - seat]
            won = 0
            if s >= o:
                if s == 0:
                    won = {"single": 1, "double": 2, "none": 0}[two_player_zero]
                else:
                    won = 2 if s >= 2 * o else 1
            out.append([(1 - seat, won)])
        return out
    for seat in range(n):
        s = strengths[seat]
        left, right = neighbours(n, seat)
        out.append([(left, 1 if s >= strengths[left] else 0), (right, 1 if s >= strengths[right] else 0)])
    return out


def neighbours(n: int, seat: int) -> tuple[int, int]:
    """The two seats ``seat`` fights at a table of ``n`` (left, then right); with two
    players, the one opponent on both sides."""
    return (seat - 1) % n, (seat + 1) % n


def resolve(game: Game) -> None:
    n = game.n
    ctxs = []
    strengths = []
    for seat in range(n):
        ctx = game.context(seat)
        ctxs.append(ctx)
        strengths.append(kingdom_strength(game, seat, ctx))
    results = wars_won(n, strengths, game.variants["two_player_zero"])
    if game.record_events:
        game.results.append(WarsResult(
            game.turn, tuple(strengths),
            tuple(War(seat, opp, strengths[seat], strengths[opp], w)
                  for seat in range(n) for opp, w in results[seat]),
            tuple(LP_PER_WAR * sum(w for _, w in results[seat]) for seat in range(n))))
    for seat in range(n):
        won = 0
        for opp, w in results[seat]:
            won += w
            if game.record_events:
                game.log_event(seat, WAR, w, RULE_WARS, "ev.war" if w else "ev.war_lost",
                          {"opponent": opp, "strength": strengths[seat], "against": strengths[opp], "n": w})
        score(game, seat, ctxs[seat], won)
    game.end_phase()


def score(game: Game, seat: int, ctx: Ctx, won: int) -> None:
    """3 LP per war won, then every war ability of the kingdom's units and buildings."""
    if won:
        game.gain_lp(seat, LP_PER_WAR * won, RULE_WARS, "ev.wars_won", {"n": won})
    ctx.wars_won = won
    for cause, kind, v in kingdom_payouts(game, ctx, "wars"):
        game.gain(seat, kind, v, cause)
