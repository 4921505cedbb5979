"""The features of a seat's position: the numbers the fitted evaluation weighs.

Why features?  A hand-tuned evaluation guesses what a coin or a unit in the Back is worth;
the evaluation in :mod:`papertales.evaluation` instead fits one weight per feature to the
final LP of thousands of games.  The features are chosen so that a weight reads as "LP at
the end per unit of this", and they are multiplied by what is left of the game where the
value obviously scales with it (gold of income per Income phase still to come ...).

Only what ``seat`` may know is read: its own hand, pack, kept card and face-down units;
of the other kingdoms their LP, gold, buildings and *revealed* units (a unit placed face
down this Deployment is left out of an opponent's strength), never their hands.  So
``features(game, seat)`` is the same in the real game and in every world sampled for the
seat (:func:`papertales.determinize.determinize`).  In solo the opponents are the Lich
King's two armies, read from his revealed cards only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from . import income, solo, wars
from .abilities import Ctx
from .turns import PHASE_INDEX, TURNS
from .state import Player, Unit, production

if TYPE_CHECKING:     # the game imports the bots, which read these features
    from .cards import BuildingLevel, CardSet, UnitType
    from .game import Game

#: the per-war LP of a war won, and how far a margin of strength is counted either way
WAR_LP: Final = 3
MARGIN_CAP: Final = 6

#: every feature that does not depend on the cards of the game, in order, with what it
#: counts (docs/evaluation.md shows these sentences beside the fitted weights)
DESCRIPTIONS: Final = {
    "bias": "1: the LP an average seat still scores from here",
    "lp": "LP now",
    "building_lp": "LP the buildings score at the end (1 per level-1, 3 per level-2 building)",
    "end_of_game": "LP the end-of-game abilities would give now (Relic of Wisdom)",
    "gold": "gold not committed to face-down units",
    "gold_x_builds": "gold x Construction phases still to come",
    "income_x_left": "gold of one Income phase x Income phases still to come",
    "wood_x_builds": "wood produced x Construction phases still to come",
    "food_x_builds": "food produced x Construction phases still to come",
    "ore_x_builds": "ore produced x Construction phases still to come",
    "buildings": "buildings built (each makes the next one cost 2 gold more)",
    "level2": "level-2 buildings (each gives a 5th spot and a war ability)",
    "war_lp_now": "LP the coming Wars phase would give against what is seen now (3 per war won + war abilities)",
    "wins_later_x_left": "wars the units that outlive the coming Aging would win now x later turns",
    "war_lp_base_x_left": "war abilities that pay whatever the outcome (level-2 buildings) x later turns",
    "margin_now": "own strength minus each opponent's, capped at +-6, summed (while this turn's Wars are to come)",
    "margin_later_x_left": "the same with the units that outlive the coming Aging x later turns",
    "strength_x_turns": "strength of each fighting unit x Wars phases it still fights",
    "units": "units in play (face-down ones included)",
    "free_spots": "usable spots without a unit",
    "dying": "units that die in the coming Aging",
    "hand": "cards in hand",
    "hand_strength": "printed strength of the cards in hand",
    "hand_affordable": "cards in hand the gold could pay for, cheapest first",
    "hand_production": "resources the cards in hand would produce",
    "pack": "cards still in the pack this seat drafts from",
    "kept": "1 if a card is kept for next turn",
    "opp_lp": "the opponents' mean LP (solo: the Lich King's)",
}
BASE: Final = tuple(DESCRIPTIONS)


def names(cards: CardSet) -> tuple[str, ...]:
    """Every feature's name for a game played with ``cards``: :data:`BASE`, then one count
    per unit type in hand (``hand:ID``), in play (``play:ID``) and kept for next turn
    (``kept:ID``)."""
    ids = [t.id for t in cards.units]
    return (BASE + tuple(f"hand:{i}" for i in ids) + tuple(f"play:{i}" for i in ids)
            + tuple(f"kept:{i}" for i in ids))


def remaining(turn: int, phase: int) -> tuple[int, int, int, int]:
    """Wars, Income and Construction phases still to come (this turn's included until they
    are over), and the later turns."""
    later = TURNS - turn
    return (later + (phase <= 2), later + (phase <= 3), later + (phase <= 4), later)


def features(game: Game, seat: int, phase_name: str | None = None) -> list[float]:
    """The feature vector of ``seat`` (:func:`names` order); ``phase_name``: read the
    position as at the start of that phase of the turn (a construction just made is
    valued as the Aging that follows it sees it)."""
    n = len(game.cards.units)
    counts = [0.0] * (3 * n)
    for i in card_indices(game.players[seat], n):
        counts[i] += 1
    return base_features(game, seat, phase_name) + counts


def card_indices(p: Player, n: int) -> list[int]:
    """The card features of a kingdom as indices into its ``n * 3`` card counts: one per
    card in hand, per unit in play and for the kept card (the counts are sparse, so the
    evaluation adds up the weights of these indices only)."""
    out = [t.index for t in p.hand]
    for u in p.units:
        if u is not None:
            out.append(n + u.type.index)
    if p.kept is not None:
        out.append(2 * n + p.kept.index)
    return out


class BaseVector:
    """One number per :data:`BASE` feature, as plain floats: a seat's features
    (:func:`position`), or the weights a moment of the game gives them
    (``Evaluation``).  An object, not a list: the search values a position ~100 times per
    iteration, and :meth:`dot` weighs it without making and reading 28 float objects."""

    __slots__ = BASE
    bias: float
    lp: float
    building_lp: float
    end_of_game: float
    gold: float
    gold_x_builds: float
    income_x_left: float
    wood_x_builds: float
    food_x_builds: float
    ore_x_builds: float
    buildings: float
    level2: float
    war_lp_now: float
    wins_later_x_left: float
    war_lp_base_x_left: float
    margin_now: float
    margin_later_x_left: float
    strength_x_turns: float
    units: float
    free_spots: float
    dying: float
    hand: float
    hand_strength: float
    hand_affordable: float
    hand_production: float
    pack: float
    kept: float
    opp_lp: float

    @staticmethod
    def of(values: list[float]) -> "BaseVector":
        """The first :data:`BASE` numbers of ``values``, in that order."""
        v = BaseVector()
        for name, x in zip(BASE, values):
            setattr(v, name, x)
        return v

    def vector(self) -> list[float]:
        """The numbers in :data:`BASE` order."""
        return [self.bias, self.lp, self.building_lp, self.end_of_game, self.gold, self.gold_x_builds,
                self.income_x_left, self.wood_x_builds, self.food_x_builds, self.ore_x_builds,
                self.buildings, self.level2, self.war_lp_now, self.wins_later_x_left,
                self.war_lp_base_x_left, self.margin_now, self.margin_later_x_left, self.strength_x_turns,
                self.units, self.free_spots, self.dying, self.hand, self.hand_strength,
                self.hand_affordable, self.hand_production, self.pack, self.kept, self.opp_lp]

    def dot(self, w: "BaseVector") -> float:
        """Each number times ``w``'s, added up in :data:`BASE` order: the very sum a loop
        over :meth:`vector` makes."""
        total = 0.0
        total += self.bias * w.bias
        total += self.lp * w.lp
        total += self.building_lp * w.building_lp
        total += self.end_of_game * w.end_of_game
        total += self.gold * w.gold
        total += self.gold_x_builds * w.gold_x_builds
        total += self.income_x_left * w.income_x_left
        total += self.wood_x_builds * w.wood_x_builds
        total += self.food_x_builds * w.food_x_builds
        total += self.ore_x_builds * w.ore_x_builds
        total += self.buildings * w.buildings
        total += self.level2 * w.level2
        total += self.war_lp_now * w.war_lp_now
        total += self.wins_later_x_left * w.wins_later_x_left
        total += self.war_lp_base_x_left * w.war_lp_base_x_left
        total += self.margin_now * w.margin_now
        total += self.margin_later_x_left * w.margin_later_x_left
        total += self.strength_x_turns * w.strength_x_turns
        total += self.units * w.units
        total += self.free_spots * w.free_spots
        total += self.dying * w.dying
        total += self.hand * w.hand
        total += self.hand_strength * w.hand_strength
        total += self.hand_affordable * w.hand_affordable
        total += self.hand_production * w.hand_production
        total += self.pack * w.pack
        total += self.kept * w.kept
        total += self.opp_lp * w.opp_lp
        return total


def base_features(game: Game, seat: int, phase_name: str | None = None,
                  theirs: list[float] | None = None) -> list[float]:
    """The :data:`BASE` features of ``seat`` (:func:`position`) as a list."""
    return position(game, seat, phase_name, theirs).vector()


#: the payouts :func:`_paid` adds up
END_OF_GAME: Final = 0
INCOME: Final = 1
WARS: Final = 2


# long: the search's innermost loop (docs/performance.md): one pass over a position; split, each
# part would gather the same units, rows and payouts again
def position(game: Game, seat: int, phase_name: str | None = None,
             theirs: list[float] | None = None) -> BaseVector:
    """The :data:`BASE` features of ``seat``; ``theirs``: the opponents' visible
    strengths (:func:`visible_opponent_strengths`) when already known -- they do not
    change with what the seat does, so a bot computes them once per decision."""
    p = game.players[seat]
    phase = PHASE_INDEX.get(phase_name or game.phase, 6)
    wars_left, incomes_left, builds_left, later = remaining(game.turn, phase)
    res = production(p, game.buildings)
    ctx = Ctx(game, seat, p, res)

    building_lp = 0
    level2 = built = 0
    faces: list[BuildingLevel] = []          # the built buildings' faces: their payouts
    for b, level in enumerate(p.buildings):
        if level:
            built += 1
            level2 += level == 2
            face: BuildingLevel = game.buildings[b].levels[level]
            building_lp += face.lp
            faces.append(face)
    payers: list[Unit] = []                  # the units paying in Wars, Income or at the end
    committed = 0
    units = free = dying = 0
    spots = p.spots
    s = 0
    for u in p.units:
        if u is None:
            if s < spots:
                free += 1
        else:
            t = u.type
            if t.wars or t.income or t.end_of_game:
                payers.append(u)
            if s < spots:
                units += 1
                if u.new:
                    committed += t.cost
        s += 1
    end_of_game = float(_paid(ctx, payers, faces, END_OF_GAME, "lp"))
    gold = p.gold - committed
    # this turn's income, as income.total counts it (the base, then every income payout)
    income_gold = 0
    if incomes_left:
        ctx.unit = None                      # as a fresh context: no unit asked yet
        income_gold = income.BASE_INCOME + _paid(ctx, payers, faces, INCOME, "")

    # wars: own strength now and after the coming Aging, against what the seat sees
    rows: list[tuple[int, Unit, int, bool]] = []
    mine = wars.kingdom_strength(game, seat, ctx, None, rows)
    spared = game.saved[seat] if game.saved is not None else ()
    lasting = mine
    strength_turns = 0
    for s, u, st, fighting in rows:
        t = u.type
        at = t.dies_at
        dies = phase <= 5 and at is not None and u.age >= at and s not in spared     # aging.dies
        if dies:
            dying += 1
        if fighting:
            if dies:
                lasting -= st
            life = wars_left
            if at is not None:
                ahead = at - u.age if at > u.age else 0
                if phase <= 2:
                    ahead += 1
                if ahead < life:
                    life = ahead
            strength_turns += st * life
    if theirs is None:
        theirs = visible_opponent_strengths(game, seat)
    wins_now = wins_later = 0
    margin_now = margin_later = 0.0
    for strength in theirs:
        if mine >= strength:
            wins_now += 1
        if lasting >= strength:
            wins_later += 1
        d = mine - strength                  # capped within +-MARGIN_CAP (inline: a call per war costs)
        margin_now += MARGIN_CAP if d > MARGIN_CAP else -MARGIN_CAP if d < -MARGIN_CAP else d
        d = lasting - strength
        margin_later += MARGIN_CAP if d > MARGIN_CAP else -MARGIN_CAP if d < -MARGIN_CAP else d
    war_lp_now = 0.0
    war_lp_base = 0.0
    if phase <= 2:
        ctx.wars_won = wins_now
        war_lp_now = WAR_LP * wins_now + float(_paid(ctx, payers, faces, WARS, "lp"))
    if later:
        ctx.wars_won = 0
        war_lp_base = float(_paid(ctx, payers, faces, WARS, "lp"))

    x = BaseVector()
    x.hand, x.hand_strength, x.hand_affordable, x.hand_production = hand_features(p.hand, gold)
    if game.lich is not None:
        x.opp_lp = float(game.lich.lp)
    else:
        opp_total = -p.lp
        for q in game.players:
            opp_total += q.lp
        opponents = len(game.players) - 1
        x.opp_lp = opp_total / opponents if opponents else 0.0
    x.bias = 1.0
    x.lp = float(p.lp)
    x.building_lp = float(building_lp)
    x.end_of_game = end_of_game
    x.gold = float(gold)
    x.gold_x_builds = float(gold * builds_left)
    x.income_x_left = float(income_gold * incomes_left)
    x.wood_x_builds = float(res[0] * builds_left)
    x.food_x_builds = float(res[1] * builds_left)
    x.ore_x_builds = float(res[2] * builds_left)
    x.buildings = float(built)
    x.level2 = float(level2)
    x.war_lp_now = war_lp_now if phase <= 2 else 0.0
    x.wins_later_x_left = float(wins_later * later)
    x.war_lp_base_x_left = war_lp_base * later
    x.margin_now = float(margin_now) if phase <= 2 else 0.0
    x.margin_later_x_left = float(margin_later * later)
    x.strength_x_turns = float(strength_turns)
    x.units = float(units)
    x.free_spots = float(free)
    x.dying = float(dying) if phase <= 5 else 0.0
    x.pack = float(len(p.pack))
    x.kept = 1.0 if p.kept is not None else 0.0
    return x


def hand_features(hand: list[UnitType], gold: int) -> tuple[float, float, float, float]:
    """The ``hand``, ``hand_strength``, ``hand_affordable`` and ``hand_production``
    features of a hand, with ``gold`` not yet committed: the only features a drafted card
    changes, so a draft's options share the rest (``Evaluation.values_with_card``)."""
    strength = production_ = affordable = 0
    costs = []
    for t in hand:
        strength += t.strength
        for _, amount, _ in t.produces:
            production_ += amount
        costs.append(t.cost)
    costs.sort()                           # cheapest first
    gold_left = gold
    for cost in costs:
        if cost <= gold_left:
            affordable += 1
            gold_left -= cost
    return float(len(hand)), float(strength), float(affordable), float(production_)


def _paid(ctx: Ctx, payers: list[Unit], faces: list[BuildingLevel], hook: int, kind: str) -> int:
    """What the ``hook`` payouts (:data:`END_OF_GAME`, :data:`INCOME` or :data:`WARS`)
    of ``ctx``'s kingdom add up to (``kind``: only those paying it; ``""``: all) --
    :func:`~papertales.abilities.kingdom_payouts` summed, over the units and the building
    faces that pay at all (found once per position)."""
    total = 0
    for u in payers:
        t = u.type
        paying = t.end_of_game if hook == END_OF_GAME else t.income if hook == INCOME else t.wars
        if paying:
            ctx.unit = u
            for po in paying:
                v = po.value(ctx)
                if v and (not kind or po.kind == kind):
                    total += v
    for face in faces:
        for po in face.end_of_game if hook == END_OF_GAME else face.income if hook == INCOME else face.wars:
            v = po.value(ctx)
            if v and (not kind or po.kind == kind):
                total += v
    return total


def visible_opponent_strengths(game: Game, seat: int) -> list[float]:
    """The war strength of each opponent of ``seat`` as the seat sees it: revealed units
    only (in solo: the Lich King's armies from his revealed cards, the next card counted at
    the mean of its pile while it is face down).  Two players: the one opponent twice."""
    if game.lich is not None:
        return list(_visible_armies(game))
    out: list[float] = []
    opponents = wars.neighbours(game.n, seat)
    for opp in opponents:
        q = game.players[opp]
        hidden = [(s, u) for s, u in enumerate(q.units) if u is not None and u.new]
        for s, _ in hidden:                  # face down: not seen, so not counted
            q.units[s] = None
        try:
            out.append(float(wars.kingdom_strength(game, opp, Ctx(game, opp, q))))
        finally:
            for s, u in hidden:
                q.units[s] = u
    return out


def _visible_armies(game: Game) -> tuple[float, float]:
    lk = game.lich
    assert lk is not None       # called in solo only
    line = lk.line
    cur = line[lk.time]
    nxt_i = solo.next_war_card(line, lk.time)
    if nxt_i < lk.revealed:
        black, purple = float(line[nxt_i].black), float(line[nxt_i].purple)
    else:
        pile = [c for c in game.cards.necropolis if c.pile == line[nxt_i].pile]
        black = sum(c.black for c in pile) / len(pile)
        purple = sum(c.purple for c in pile) / len(pile)
    black += cur.black + sum(c.black for c in lk.cards)
    purple += cur.purple + sum(c.purple for c in lk.cards)
    return black, purple
