"""The coach: hints for a decision, a review of a played game, and the solo draft preview.

Nothing here peeks.  The coach searches with the ISMCTS bot (:mod:`papertales.ismcts`),
which only plays in worlds sampled from what the seat has seen (``game.determinize``);
the one-line reasons are computed on such a sampled world too, and the solo preview reads
the player's observation (``game.observation(0)``) only.

:func:`hint` ranks the options of a pending decision.  Each :class:`Option` carries

* ``lp``: the expected LP -- the mean, over the search's samples, of the greedy bot's
  documented evaluation (``greedy.value``: LP now plus LP-equivalents of gold, buildings,
  wars to come ...) at the end of the turn (at the end of the game on turn 4: final LP);
* ``win``: the win chance -- the mean reward of the search: a win share at the end of the
  game, or the evaluation's estimate of it at the end of the turn;
* ``reason``: one line of facts, from the difference of the evaluation's parts
  (:func:`papertales.greedy.components`) before and after the action on a sampled world: wars won or lost
  this turn, a building paid for, resources, income, LP scored now, a card kept, units
  that now fight or are spared, gold spent.

:func:`review` replays a game from its seed and history and, at each decision of a seat,
compares the action taken with the coach's choice: the estimated LP it cost (the coach's
best mean LP minus the action's, never below 0) and a verdict, as in a chess game review:

============  ==========================
cost (LP)     verdict
============  ==========================
< 1           ``fine``
1 to < 3      ``inaccuracy``
3 to < 6      ``mistake``
>= 6          ``blunder``
============  ==========================

:func:`solo_draft_preview`: while drafting against the Lich King, for each offered card,
the LP he gains this turn if you pass it (the card goes to the Netherworld), computed with
``papertales.solo.recruitment_gains`` from the cards you have seen only.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import construction, income, solo
from .actions import Action
from .abilities import RESOURCES
from .game import Game
from .greedy import (KEPT_VALUE, WAR_LP_LATER, WAR_LP_NOW, _PHASE_INDEX, best_spot, bot_actions,
                     components, value, war_facts)
from .i18n import card_name, get_language, t
from .ismcts import IsmctsBot
from .rng import Rng
from .state import Unit, production

#: verdict thresholds: the first whose bound the cost is below (LP)
VERDICTS = ((1.0, "fine"), (3.0, "inaccuracy"), (6.0, "mistake"), (float("inf"), "blunder"))
#: the search's horizon and rollout policy for hints and reviews
HORIZON = "turn"
ROLLOUT = "random"


def verdict(cost: float) -> str:
    """``fine`` / ``inaccuracy`` / ``mistake`` / ``blunder`` for an LP cost (see VERDICTS)."""
    for bound, name in VERDICTS:
        if cost < bound:
            return name
    return VERDICTS[-1][1]


def _facts(game, seat) -> dict:
    p = game.players[seat]
    f = war_facts(game, seat)
    f["parts"] = components(game, seat)
    f["production"] = production(p, game.buildings)
    f["income"] = income.total(game, seat, game._ctx(seat))
    f["buildings"] = list(p.buildings)
    f["lp"] = p.lp
    f["gold"] = p.gold - sum(u.type.cost for u in p.units if u is not None and u.new)
    f["kept"] = p.kept.id if p.kept is not None else None
    f["units"] = [u.type.id if u is not None else None for u in p.units]
    return f


# ------------------------------------------------------------------ reasons

def _after(world, seat, action, kind):
    """The sampled world after ``action`` (a drafted card is put on its best free spot,
    as the greedy bot judges a card)."""
    g = world.clone()
    g.record_events = False
    if kind in ("draft", "draft_discard"):
        card = next(c for c in g.players[seat].pack if c.id == action.a)
        spot, _ = best_spot(g, seat, card)
        g.players[seat].units[spot] = Unit(card, 0, True)
        return g
    if kind == "build":
        if action.kind != "pass":
            construction._build(g, seat, action)
        return g
    g.apply(seat, action)
    return g


def _opponent_name(game, opp, lang) -> str:
    if opp < 0:
        return t("coach.army.black" if opp == -1 else "coach.army.purple", lang)
    return game.players[opp].name


def reason_parts(world, seat, action, kind, lang=None) -> list[tuple[float, str]]:
    """``(weight, words)`` facts about ``action`` on the sampled ``world``, the weight
    being the change of the evaluation part it comes from (LP-equivalents)."""
    lang = lang or get_language()
    before = _facts(world, seat)
    after_game = _after(world, seat, action, kind)
    after = _facts(after_game, seat)
    d = {k: after["parts"][k] - before["parts"][k] for k in before["parts"]}
    out = []
    cards = world.cards
    if kind == "draft_discard":
        gain = value(after_game, seat) - value(world, seat)
        return [(-gain, t("coach.reason.discard", lang, card=card_name(action.a, lang, cards),
                          lp=_num(gain)))]
    # wars this turn: per opponent, compare strengths
    wars_now = _PHASE_INDEX.get(world.phase, 6) <= 2
    if wars_now:
        seen = set()
        for (opp, theirs_b), (_, theirs_a) in zip(before["opponents"], after["opponents"]):
            if opp in seen and world.n == 2:
                continue
            seen.add(opp)
            won_b, won_a = before["strength"] >= theirs_b, after["strength"] >= theirs_a
            name = _opponent_name(world, opp, lang)
            if won_a and not won_b:
                out.append((WAR_LP_NOW, t("coach.reason.wins_war", lang, name=name, mine=after["strength"],
                                          theirs=theirs_a)))
            elif won_b and not won_a:
                out.append((-WAR_LP_NOW, t("coach.reason.loses_war", lang, name=name, mine=after["strength"],
                                           theirs=theirs_a)))
    if after["strength"] != before["strength"]:
        key = "coach.reason.strength_up" if after["strength"] > before["strength"] else "coach.reason.strength_down"
        out.append((0.1 * (after["strength"] - before["strength"]),
                    t(key, lang, n=abs(after["strength"] - before["strength"]), strength=after["strength"])))
    if abs(d["wars_later"]) >= 0.5 and not any(w == WAR_LP_NOW for w, _ in out):
        key = "coach.reason.stronger_later" if d["wars_later"] > 0 else "coach.reason.weaker_later"
        out.append((d["wars_later"], t(key, lang, strength=after["lasting"])))
    # buildings
    for b, (lb, la) in enumerate(zip(before["buildings"], after["buildings"])):
        if la != lb:
            B = world.buildings[b]
            out.append((d["buildings"] + d["resources"], t("coach.reason.building", lang, level=la,
                                                            building=card_name(B.id, lang, cards),
                                                            lp=B.levels[la].lp)))
    # resources, with the units that now fight (Cerberus needs food ...)
    newly = sorted(after["fighting"] - before["fighting"])
    for r, (pb, pa) in enumerate(zip(before["production"], after["production"])):
        if pa > pb:
            res = t(f"resource.{RESOURCES[r]}", lang)
            helped = [card_name(after["units"][s], lang, cards) for s in newly
                      if before["units"][s] == after["units"][s] and after["units"][s] is not None]
            if helped:
                out.append((d["resources"] + WAR_LP_LATER, t("coach.reason.resource_for", lang, n=pa - pb,
                                                             resource=res, card=", ".join(helped))))
            else:
                out.append((d["resources"], t("coach.reason.resource", lang, n=pa - pb, resource=res)))
    if after["income"] != before["income"]:
        key = "coach.reason.income_up" if after["income"] > before["income"] else "coach.reason.income_down"
        out.append((d["income"], t(key, lang, n=abs(after["income"] - before["income"]))))
    if after["lp"] > before["lp"]:
        out.append((d["lp"], t("coach.reason.scores", lang, n=after["lp"] - before["lp"])))
    if after["kept"] and after["kept"] != before["kept"]:
        out.append((KEPT_VALUE, t("coach.reason.keeps", lang, card=card_name(after["kept"], lang, cards))))
    spared = [s for s in before["dying"] if s not in after["dying"] and after["units"][s] == before["units"][s]]
    for s in spared:
        out.append((1.0 + d["wars_later"], t("coach.reason.spares", lang,
                                             card=card_name(before["units"][s], lang, cards))))
    lost = [s for s, u in enumerate(before["units"]) if u is not None and after["units"][s] is None]
    for s in lost:
        out.append((-1.0, t("coach.reason.loses_unit", lang, card=card_name(before["units"][s], lang, cards))))
    spent = before["gold"] - after["gold"]
    if spent > 0:
        out.append((-0.01 * spent, t("coach.reason.costs", lang, n=spent)))
    return out


def reason(world, seat, action, kind, lang=None) -> str:
    """One line: the two weightiest gains and, when there is one, the main cost."""
    lang = lang or get_language()
    parts = reason_parts(world, seat, action, kind, lang)
    if kind == "draft_discard":
        return parts[0][1]
    lead = [(0.0, t("coach.reason.if_deployed", lang, card=card_name(action.a, lang, world.cards)))] \
        if kind == "draft" else []
    gains = sorted((p for p in parts if p[0] > 0), key=lambda p: -p[0])[:2]
    costs = sorted((p for p in parts if p[0] < 0), key=lambda p: p[0])[:1]
    words = [w for _, w in lead + gains + costs]
    if len(words) == len(lead):
        words.append(t("coach.reason.nothing", lang))
    return t("coach.reason.join", lang).join(words)


def _num(x: float) -> str:
    return f"{x:.1f}"


# ------------------------------------------------------------------ hints

@dataclass(frozen=True)
class Option:
    """One option of a hint: ``lp`` expected LP, ``win`` win chance (0-1), both None
    when the search never tried it; ``visits`` how often it was searched."""
    action: Action
    text: str
    visits: int
    lp: float | None
    win: float | None
    reason: str


@dataclass(frozen=True)
class Hint:
    seat: int
    turn: int
    phase: str
    kind: str
    options: tuple            # Option, best first
    samples: int              # search iterations

    @property
    def best(self) -> Option:
        return self.options[0]


def _bot(seed, seconds, iterations) -> IsmctsBot:
    if iterations is not None:
        return IsmctsBot(seed=seed, iterations=iterations, horizon=HORIZON, rollout=ROLLOUT)
    return IsmctsBot(seed=seed, seconds=seconds, horizon=HORIZON, rollout=ROLLOUT)


def _ranked(stats, actions) -> list:
    """Search statistics of every action, the tried ones by visits, then the others."""
    seen = {s.action for s in stats}
    return list(stats) + [(a, 0, None, None) for a in actions if a not in seen]


def hint(game, seat, seconds: float = 1.0, seed: int = 0, lang=None, iterations: int | None = None) -> Hint:
    """The options of ``seat``'s pending decision ranked by the coach (see the module
    docstring).  ``iterations`` fixes the search budget (deterministic for a seed);
    otherwise the search runs for ``seconds``."""
    lang = lang or get_language()
    d = game.decision(seat)
    if d is None:
        raise ValueError(t("coach.no_decision", lang, name=game.players[seat].name))
    actions = bot_actions(game, seat)
    if not actions:
        actions = game.legal_actions(seat)
    bot = _bot(seed, seconds, iterations)
    stats = bot.analyse(game, seat, actions) if len(actions) > 1 else []
    world = game.determinize(seat, Rng(seed * 7919 + 17))
    world.record_events = False
    options = []
    for a, visits, reward, lp in _ranked(stats, actions):
        try:
            why = reason(world, seat, a, d.kind, lang)
        except Exception:                     # noqa: BLE001 - a reason must never hide the ranking
            why = t("coach.reason.nothing", lang)
        options.append(Option(a, a.describe(lang, game.cards), visits, lp, reward, why))
    if len(actions) == 1:
        options[0] = Option(options[0].action, options[0].text, 0, value(game.determinize(seat, Rng(seed)), seat),
                            None, t("coach.reason.forced", lang))
    return Hint(seat, game.turn, game.phase, d.kind, tuple(options), sum(s[1] for s in stats))


# ------------------------------------------------------------------ review

@dataclass(frozen=True)
class ReviewRow:
    """One decision of the reviewed seat: ``index`` in ``game.history``; ``action`` taken
    and the coach's ``best``; their mean LP; ``cost`` = best LP - action LP (>= 0)."""
    index: int
    turn: int
    phase: str
    kind: str
    action: Action
    best: Action
    lp_action: float | None
    lp_best: float | None
    cost: float
    verdict: str
    forced: bool = False

    def text(self, lang=None, cards=None) -> str:
        return self.action.describe(lang, cards)

    def best_text(self, lang=None, cards=None) -> str:
        return self.best.describe(lang, cards)


def fresh_game(game) -> Game:
    """A new game with ``game``'s seed, names, cards and options (before any action)."""
    o = game.options
    return Game.new(players=game.n, seed=game.seed, names=list(o.get("names") or game.names), cards=game.cards,
                    expansion=o.get("expansion"), lich_king_cards=o.get("lich_king_cards", 0),
                    rules=o.get("rules"))


def review(game, seat, seconds: float = 0.3, seed: int = 0, iterations: int | None = None,
           progress=None) -> list[ReviewRow]:
    """Replay ``game`` from its seed and history; at each decision of ``seat`` compare
    the action taken with the coach's choice (see the module docstring).  ``progress``
    (optional) is called with ``(done, total)``."""
    history = list(game.history)
    g = fresh_game(game)
    total = sum(1 for s, _ in history if s == seat)
    rows = []
    for index, (s, action) in enumerate(history):
        if not any(g.pending):
            g.advance()
        if s == seat:
            rows.append(_review_one(g, seat, action, index, seed + len(rows), seconds, iterations))
            if progress is not None:
                progress(len(rows), total)
        g.apply(s, action)
    return rows


def _review_one(g, seat, action, index, seed, seconds, iterations) -> ReviewRow:
    d = g.decision(seat)
    actions = bot_actions(g, seat)
    if action not in actions:
        actions.append(action)
    if len(g.legal_actions(seat)) <= 1:
        return ReviewRow(index, g.turn, g.phase, d.kind, action, action, None, None, 0.0, "fine", True)
    bot = _bot(seed, seconds, iterations)
    stats = bot.analyse(g, seat, actions)
    by = {s.action: s for s in stats}
    best = stats[0]
    mine = by.get(action)
    if mine is None or mine.visits < 2:
        # too few samples of the action taken: search it against the coach's choice alone
        pair = [best.action] if best.action == action else [best.action, action]
        extra = IsmctsBot(seed=seed + 1, iterations=max(8, 4 * len(pair)), horizon=HORIZON, rollout=ROLLOUT)
        again = {s.action: s for s in extra.analyse(g, seat, pair)}
        best_lp = again[best.action].lp if best.action in again else best.lp
        mine_lp = again[action].lp if action in again else best_lp
    else:
        best_lp, mine_lp = best.lp, mine.lp
    cost = max(0.0, best_lp - mine_lp) if action != best.action else 0.0
    return ReviewRow(index, g.turn, g.phase, d.kind, action, best.action, mine_lp, best_lp, cost, verdict(cost))


def summary(rows) -> dict:
    """How many decisions got each verdict, and the total LP cost."""
    out = {name: 0 for _, name in VERDICTS}
    for r in rows:
        out[r.verdict] += 1
    out["cost"] = sum(r.cost for r in rows)
    return out


# ------------------------------------------------------------------ solo draft preview

@dataclass(frozen=True)
class PassPreview:
    """``card`` offered; ``lp`` the Lich King gains this turn for it if you pass it (it
    joins the Netherworld); ``causes`` the revealed Necropolis cards whose quest it
    meets; ``total_if_kept`` what he gains this turn, counting every card you have seen
    go to the Netherworld, if you keep ``card`` (2 of them will still leave it: the
    Netherworld pick and its top card)."""
    card: str
    lp: int
    causes: tuple
    total_if_kept: int


def solo_draft_preview(game) -> list[PassPreview]:
    """For each card offered in the solo draft: the LP the Lich King gains this turn if
    you pass it.  Reads the player's observation only (revealed Necropolis cards, the
    Netherworld cards the player put there, the offered cards); empty when no solo draft
    decision is pending."""
    if game.lich is None or game.pending[0] is None or game.pending[0].kind != "draft":
        return []
    ob = game.observation(0)
    lv = ob.lich
    cards = game.cards
    necro = {c.id: c for c in cards.necropolis}
    lich_cards = {c.id: c for c in cards.lich_king_cards}
    line = [necro[i] for i in lv.line if i is not None]        # the revealed cards, in order
    time = min(lv.time, len(line) - 1)
    lk_cards = [lich_cards[i] for i in lv.lich_king_cards]
    seen = [cards.unit(i) for i in lv.netherworld]
    offered = [cards.unit(i) for i in ob.kingdoms[0].pack or ()]

    def gains(nw) -> int:
        return sum(r["lp"] for r in solo.recruitment_gains(line, time, len(line), nw, lk_cards))

    base = gains(seen)
    out = []
    for i, c in enumerate(offered):
        lp = gains(seen + [c]) - base
        causes = tuple(card.id for card in line if card.quest is not None and card.quest(c))
        rest = offered[:i] + offered[i + 1:]
        out.append(PassPreview(c.id, lp, causes, gains(seen + rest)))
    return out
