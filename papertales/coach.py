"""The coach: hints for a decision, a review of a played game, and the solo draft preview.

Nothing here peeks.  Every number comes from :func:`papertales.judgement.judge`, which
plays the options in worlds sampled from what the seat has seen -- the same worlds and seed
for the same position, so the hint, the guide and the review never disagree about one
decision.  The solo preview reads the player's observation (``game.observation(0)``) only.

:func:`hint` lists the options of a pending decision -- one move, or in a Deployment a
whole plan ("Knight and Ogre to the Front, keep Kraken"); the moves that give the same
game are one option -- the coach's suggestion first:

* ``lp``: the **expected final LP** with its 95 % interval (``lp_low`` .. ``lp_high``);
* ``win``: the chance to win, with its 95 % band (``win_low`` .. ``win_high``);
* ``why``: a :class:`Why` -- the suggestion compared with the next best option, the other
  options with the suggestion: the LP difference, split by its causes in game words (the
  war against a named neighbour, a named unit still in play, a card's ability, gold ...),
  parts that add up to the difference shown.  When the two cannot be told apart (the
  interval of the difference reaches 0) the reason says so ("about equal") instead of
  inventing one.

:func:`review` replays a game from its seed and history and judges each decision of a seat
(a whole Deployment is one decision) against the suggestion in the same worlds: the LP it
cost (the mean difference world by world, with its 95 % interval), the chance to win after
the suggestion and after the move played (with bands), why the suggestion is better, and a
verdict as in a chess game review.  A cost whose interval reaches 0 is ``fine`` (the two
cannot be told apart):

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

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from . import solo
from .actions import DEPLOY, DONE, DRAFT, DRAFT_DISCARD, Action
from .cards import UnitType
from .evaluation import Evaluation
from .events import cause_label, seat_name
from .game import Game
from .i18n import card_name, get_language, number, t
from .judgement import COUNTED, SEED, WORLDS, Judgement, judge, outcome_index
from .greedy import DEPLOY_KINDS
from .plans import move_words, plan_words, played_plan

#: verdict thresholds: the first whose bound the cost is below (LP)
VERDICTS = ((1.0, "fine"), (3.0, "inaccuracy"), (6.0, "mistake"), (float("inf"), "blunder"))
#: the most parts a reason shows before "other effects"
SHOWN = 4
#: the parts that name a card, a neighbour or a building
NAMED = ("war", "ability", "building", "play", "kept", "hand", "later")

#: a part of a reason as shown: (LP, words, does it name a card, a neighbour or a building)
Part = tuple[float, str, bool]


def verdict(cost: float) -> str:
    """``fine`` / ``inaccuracy`` / ``mistake`` / ``blunder`` for an LP cost (see VERDICTS)."""
    for bound, name in VERDICTS:
        if cost < bound:
            return name
    return VERDICTS[-1][1]


def signed(x: float, lang: str | None = None, digits: int = 1) -> str:
    """``+1.5`` / ``−0.3``: an LP difference, with the language's decimal mark."""
    return ("+" if x >= 0 else "−") + number(abs(x), lang, digits)


# ------------------------------------------------------------------ reasons

@dataclass(frozen=True)
class Why:
    """Why ``better`` rather than ``worse`` (their words): ``lp`` the expected final LP
    difference with its 95 % interval; ``parts`` the ``(LP, words, named)`` shown, which
    add up to ``lp`` as rounded to a tenth (the last may be "other effects"); ``equal``
    when the two cannot be told apart; ``principle`` when the guide's principle chose
    between them; ``wins_more_often`` when ``worse`` surely wins more often all the same
    (:func:`wins_more_often`).  ``text`` is one to three sentences."""
    better: str
    worse: str
    lp: float
    low: float
    high: float
    parts: tuple[Part, ...]
    equal: bool
    principle: bool
    text: str
    wins_more_often: bool = False

    @property
    def names_something(self) -> bool:
        """Does a part shown name a card, a neighbour or a building?"""
        return any(named for _, _, named in self.parts)


def part_words(key: str, game: Game, lang: str | None = None, more: float = 1.0) -> str:
    """A part of :func:`papertales.judgement.breakdown` in game words (or ``later:ID``:
    a card the seat picks later in this draft, :func:`later_picks`); ``more``: for a card
    in play, kept, in hand or picked later, or a building, how many more of it the better
    option has (fewer: the words say that not having it is what counts); for dying units
    and empty spots, whether the better option has more or fewer."""
    kind, _, rest = key.partition(":")
    cards = game.cards
    if kind == "war":
        return t("coach.part.war", lang, opponent=seat_name(int(rest), game.names, lang))
    if kind == "ability":
        return t("coach.part.ability", lang, card=card_name(rest, lang, cards))
    if kind in ("play", "kept", "hand", "later"):
        return t(f"coach.part.{kind}" + ("" if more >= 0 else "_not"), lang, card=card_name(rest, lang, cards))
    if kind == "building":
        return t("coach.part.building" + ("" if more >= 0 else "_not"), lang, card=card_name(rest, lang, cards))
    if kind == "rule":
        return t("coach.part.rule", lang, rule=cause_label("rule." + rest, lang))
    if game.lich is not None and key == "opponents":
        return t("coach.part.lich", lang)
    if key in COUNTED and more:
        return t(f"coach.part.{key}_" + ("more" if more > 0 else "fewer"), lang)
    return t(f"coach.part.{key}", lang)


def shown_parts(parts: Iterable[tuple[str, float]], total: float, game: Game, lang: str | None = None,
                more: Mapping[str, float] | None = None) -> tuple[Part, ...]:
    """The parts a reason shows, as ``(LP, words, named)``: the largest, until what is
    left is small (a quarter of the difference, at most half an LP) or :data:`SHOWN` are
    shown -- one of them a named one when a named part is worth a tenth -- then "other
    effects" for the rest, so that the numbers shown (to a tenth) add up to ``total`` (to
    a tenth).  ``more``: :attr:`papertales.judgement.Difference.more`."""
    more = more or {}
    big = [(k, v) for k, v in parts if round(v, 1) != 0.0]
    pick: list[tuple[str, float]] = []
    left = total
    for k, v in big:
        if len(pick) == SHOWN or (pick and abs(left) <= min(0.5, 0.25 * abs(total))):
            break
        pick.append((k, v))
        left -= v
    if pick and not any(k.partition(":")[0] in NAMED for k, _ in pick):
        named = [(k, v) for k, v in big if k.partition(":")[0] in NAMED]
        if named:
            pick = pick[:SHOWN - 1] + named[:1]
    out = [(round(v, 1), part_words(k, game, lang, more.get(k, 1.0)), k.partition(":")[0] in NAMED)
           for k, v in pick]
    rest = round(round(total, 1) - sum(v for v, _, _ in out), 1)
    if rest != 0.0:
        out.append((rest, t("coach.part.other", lang), False))
    return tuple(out)


def later_picks(game: Game, j: Judgement, better: int, worse: int, parts: Sequence[tuple[str, float]],
                more: Mapping[str, float]) -> tuple[list[tuple[str, float]], dict[str, float]]:
    """In a draft, a card that neither option keeps and the seat does not have yet can only
    differ by a later pick of this draft (what is passed changes what comes back): its
    parts -- in play, kept, in hand -- become one ``later:ID`` part, so that the reason
    says "taking Forest Child in a later pick" rather than naming a card neither option
    is about.  Other decisions: ``parts`` and ``more`` unchanged."""
    if j.kind not in (DRAFT, DRAFT_DISCARD):
        return list(parts), dict(more)
    p = game.players[j.seat]
    owned = {c.id for c in p.hand} | {u.type.id for u in p.units if u is not None}
    if p.kept is not None:
        owned.add(p.kept.id)
    owned |= {j.outcomes[i].action.card for i in (better, worse)}
    merged: dict[str, float] = {}
    counts = dict(more)
    for key, v in parts:
        kind, _, card = key.partition(":")
        if kind in ("play", "kept", "hand") and card not in owned:
            merged["later:" + card] = merged.get("later:" + card, 0.0) + v
            counts["later:" + card] = counts.get("later:" + card, 0.0) + counts.pop(key, 0.0)
        else:
            merged[key] = merged.get(key, 0.0) + v
    out = [(k, v) for k, v in merged.items() if abs(v) > 1e-9]
    out.sort(key=lambda kv: (-abs(kv[1]), kv[0]))
    return out, counts


def why(game: Game, j: Judgement, better: int, worse: int, lang: str | None = None) -> Why:
    """Why option ``better`` of judgement ``j`` rather than option ``worse`` (module
    docstring); ``game`` the position judged."""
    lang = lang or get_language()
    d = j.difference(better, worse)
    b_words = option_words(game, j.seat, j.outcomes[better].plan, lang)
    w_words = option_words(game, j.seat, j.outcomes[worse].plan, lang)
    causes, more = later_picks(game, j, better, worse, d.parts, d.more)
    parts = shown_parts(causes, d.lp, game, lang, more)
    listed = t("coach.reason.join", lang).join(f"{words} {signed(v, lang)}" for v, words, _ in parts)
    principle = False
    if d.equal:
        text = t("coach.why.equal", lang, better=b_words, worse=w_words, lp=signed(d.lp, lang), n=j.worlds)
        if better == j.suggested and j.kind == DEPLOY and d.lp <= 0.05:
            principle = True
            text += " " + t("coach.why.principle.front", lang)
        if listed:
            text += " " + t("coach.why.parts", lang, parts=listed)
    else:
        tiny = abs(d.lp) < 0.05              # sure, but shown to a tenth it would read +0.0
        digits = 2 if tiny or number(d.low, lang) == number(d.high, lang) else 1   # ends told apart
        if d.high - d.low <= 1e-9:           # the same difference in every world: no range to give
            how = t("coach.why.how.every", lang, n=j.worlds)
        else:
            how = t("coach.why.how.range", lang, low=number(d.low, lang, digits), high=number(d.high, lang, digits))
        if tiny:
            text = t("coach.why.tiny", lang, better=b_words, worse=w_words, lp=signed(d.lp, lang, 2), how=how)
            if listed:
                text += " " + t("coach.why.parts", lang, parts=listed)
        else:
            text = t("coach.why.better", lang, better=b_words, worse=w_words, lp=signed(d.lp, lang), how=how,
                     parts=listed or t("coach.part.other", lang))
    other_way = wins_more_often(j, better, worse)
    if other_way:
        win_b, win_w = j.chance[better], j.chance[worse]
        assert win_b is not None and win_w is not None       # read, or it would not win more often
        text += " " + t("coach.why.wins_more_often", lang, win_worse=round(100 * win_w[0]),
                        win_better=round(100 * win_b[0]), n=j.worlds)
    return Why(b_words, w_words, d.lp, d.low, d.high, parts, d.equal, principle, _capital(text), other_way)


def wins_more_often(j: Judgement, better: int, worse: int) -> bool:
    """Does option ``worse``, no better on average in LP, win more often than ``better``,
    sure world by world in the worlds their LP is compared in, and by a whole percent as
    shown?  An option can score less on average yet come first more often: a reason that
    ranks by LP then says so.  (When the guide's principle chose an option with the lower
    mean, the principle's sentence says why instead.)"""
    if not j.chance or j.outcomes[worse].lp > j.outcomes[better].lp:
        return False
    win_b, win_w = j.chance[better], j.chance[worse]
    if win_b is None or win_w is None or round(100 * win_w[0]) <= round(100 * win_b[0]):
        return False
    _, _, high = j.chance_difference(better, worse)
    return high < 0.0


def _capital(text: str) -> str:
    """The sentence with its first letter a capital (after an opening quotation mark)."""
    i = 1 if text[:1] in "„“\"" else 0
    return text[:i] + text[i:i + 1].upper() + text[i + 1:]


def option_words(game: Game, seat: int, plan: Iterable[Action], lang: str | None = None) -> str:
    """An option as a player says it: a whole Deployment by its cards and rows, a single
    move with the card it concerns."""
    plan = tuple(plan)
    if (d := game.pending[seat]) is not None and d.kind == DEPLOY:
        return plan_words(game, seat, plan, lang)
    return move_words(game, seat, plan[0], lang)


# ------------------------------------------------------------------ hints

@dataclass(frozen=True)
class Option:
    """One option of a hint: ``plan`` its moves (one move, or a whole Deployment) and
    ``action`` the first of them; ``also`` plans that give the same game; ``text`` it in
    words; ``lp`` the expected final LP with its 95 % interval ``lp_low`` .. ``lp_high``;
    ``win`` the chance to win with its band; ``worlds`` the sampled worlds (0 and the
    numbers None for the only option); ``why`` the comparison (the suggestion with the
    next best, any other option with the suggestion) and ``reason`` its sentence."""
    action: Action
    plan: tuple[Action, ...]
    also: tuple[tuple[Action, ...], ...]
    text: str
    lp: float | None
    lp_low: float | None
    lp_high: float | None
    win: float | None
    win_low: float | None
    win_high: float | None
    worlds: int
    why: Why | None
    reason: str


@dataclass(frozen=True)
class Hint:
    seat: int
    turn: int
    phase: str
    kind: str
    options: tuple[Option, ...]   # the suggestion first, then by expected final LP
    worlds: int               # sampled worlds per option

    @property
    def best(self) -> Option:
        return self.options[0]


def hint(game: Game, seat: int, seed: int = SEED, lang: str | None = None, worlds: int = WORLDS, ev: Evaluation | None = None,
         players: Sequence[str] | None = None) -> Hint:
    """The options of ``seat``'s pending decision, the coach's suggestion first (module
    docstring): :func:`papertales.judgement.judge` with ``worlds`` worlds of ``seed``;
    ``players``: who plays each seat, for the chance to win (``judge``'s)."""
    lang = lang or get_language()
    d = game.decision(seat)
    if d is None:
        raise ValueError(t("coach.no_decision", lang, name=game.players[seat].name))
    j = judge(game, seat, worlds, seed, ev, players=players)
    order = [j.suggested] if j.forced else [j.suggested] + sorted(
        (i for i in range(len(j.outcomes)) if i != j.suggested), key=lambda i: -j.outcomes[i].lp)
    options: list[Option] = []
    for rank, i in enumerate(order):
        o = j.outcomes[i]
        text = option_words(game, seat, o.plan, lang)
        if j.forced:
            options.append(Option(o.action, o.plan, o.also, text, None, None, None, None, None, None, 0, None,
                                  t("coach.reason.forced", lang)))
            continue
        w = why(game, j, i, order[1], lang) if rank == 0 else why(game, j, j.suggested, i, lang)
        lo, hi = o.lp_interval
        chance = j.chance[i]
        assert chance is not None         # judge reads the chances unless told not to
        win, win_lo, win_hi = chance
        options.append(Option(o.action, o.plan, o.also, text, o.lp, lo, hi, win, win_lo, win_hi, j.worlds, w,
                              w.text))
    return Hint(seat, game.turn, game.phase, d.kind, tuple(options), j.worlds)


# ------------------------------------------------------------------ review

@dataclass(frozen=True)
class ReviewRow:
    """One decision of the reviewed seat (a whole Deployment is one): ``index`` of its
    first move in ``game.history``; ``plan`` the moves played (``action`` the first) and
    ``best`` the suggestion's; their expected final LP; ``cost`` the LP lost (suggestion
    minus played, world by world, at least 0) with its 95 % interval; ``win_before`` the
    chance to win after the suggestion, ``win_after`` after the move played, each with its
    band (``*_low`` .. ``*_high``); ``why`` why the suggestion is better (None when the
    move played was the suggestion or gives the same game); ``text`` / ``best_text`` the
    two in words."""
    index: int
    turn: int
    phase: str
    kind: str
    plan: tuple[Action, ...]
    best: tuple[Action, ...]
    lp_action: float | None
    lp_best: float | None
    cost: float
    cost_low: float
    cost_high: float
    verdict: str
    text: str = ""
    best_text: str = ""
    win_before: float | None = None
    win_after: float | None = None
    win_after_low: float | None = None
    win_after_high: float | None = None
    why: Why | None = None
    forced: bool = False

    @property
    def action(self) -> Action:
        return self.plan[0]

    @property
    def followed(self) -> bool:
        """Was the move played the suggestion (or one that gives the same game)?"""
        return self.why is None


def fresh_game(game: Game) -> Game:
    """A new game with ``game``'s seed, names, cards and options (before any action)."""
    o = game.options
    return Game.new(players=game.n, seed=game.seed, names=list(o.get("names") or game.names), cards=game.cards,
                    expansion=o.get("expansion"), lich_king_cards=o.get("lich_king_cards", 0),
                    rules=o.get("rules"))


def complete(plan: Sequence[Action]) -> bool:
    """Is the decision of ``plan`` made (a Deployment: ended by its ``done``)?"""
    return plan[-1].kind == DONE or plan[-1].kind not in DEPLOY_KINDS


def replay(game: Game, index: int) -> Game:
    """``game`` as it was just before its move ``index`` (replayed from its seed), advanced
    to the decision that move answered."""
    g = fresh_game(game)
    for s, action in game.history[:index]:
        if not any(g.pending):
            g.advance()
        g.apply(s, action)
    if not any(g.pending) and not g.is_over:
        g.advance()
    return g


def decisions(game: Game, seat: int) -> list[tuple[int, tuple[Action, ...]]]:
    """``seat``'s decisions in ``game.history`` as ``(index, plan)``: one move each, but a
    whole Deployment (its moves to its ``done``) is one decision."""
    out: list[tuple[int, tuple[Action, ...]]] = []
    inside = False                  # within a Deployment already recorded
    for i, (s, a) in enumerate(game.history):
        if s != seat:
            continue
        if not inside:
            plan = played_plan(game.history, i, seat) if a.kind in DEPLOY_KINDS else (a,)
            out.append((i, plan))
        inside = a.kind in DEPLOY_KINDS and a.kind != DONE
    return out


def review(game: Game, seat: int, seed: int = SEED, worlds: int = WORLDS,
           progress: Callable[[int, int], object] | None = None, lang: str | None = None,
           ev: Evaluation | None = None, players: Sequence[str] | None = None) -> list[ReviewRow]:
    """Replay ``game`` from its seed and history and judge each decision of ``seat`` (see
    the module docstring).  ``progress`` (optional) is called with ``(done, total)``;
    ``players``: who plays each seat, for the chances to win (``judge``'s)."""
    history = list(game.history)
    todo = dict(decisions(game, seat))
    g = fresh_game(game)
    rows: list[ReviewRow] = []
    for index, (s, action) in enumerate(history):
        if not any(g.pending):
            g.advance()
        plan = todo.get(index)
        if plan is not None:
            rows.append(review_decision(g, seat, plan, index, seed, worlds, lang, ev, players))
            if progress is not None:
                progress(len(rows), len(todo))
        g.apply(s, action)
    return rows


def review_decision(g: Game, seat: int, plan: Action | Iterable[Action], index: int = 0, seed: int = SEED,
                    worlds: int = WORLDS, lang: str | None = None,
                    ev: Evaluation | None = None, players: Sequence[str] | None = None) -> ReviewRow:
    """One row of :func:`review`: ``plan`` (a move, or a whole Deployment's moves) against
    the suggestion for ``seat``'s decision in ``g`` (the same judgement as the hint's)."""
    lang = lang or get_language()
    plan = (plan,) if isinstance(plan, Action) else tuple(plan)
    d = g.pending[seat]
    j = judge(g, seat, worlds, seed, ev, extra=(plan,), players=players, shown=(plan,))   # two chances shown
    mine = outcome_index(g, seat, j, plan)
    assert mine is not None       # judged beside the options when none plays it
    text = option_words(g, seat, plan, lang)
    assert d is not None          # judge reviews a pending decision
    if j.forced:
        return ReviewRow(index, g.turn, g.phase, d.kind, plan, plan, None, None, 0.0, 0.0, 0.0, "fine", text, text,
                         forced=True)
    top = j.suggested
    played, best = j.outcomes[mine], j.outcomes[top]
    win, win_best = j.chance[mine], j.chance[top]
    assert win is not None and win_best is not None      # both asked for
    if mine == top:
        return ReviewRow(index, g.turn, g.phase, d.kind, plan, best.plan, played.lp, best.lp, 0.0, 0.0, 0.0, "fine",
                         text, text, win[0], win[0], win[1], win[2])
    w = why(g, j, top, mine, lang)
    name = "fine" if w.low <= 0 else verdict(w.lp)
    return ReviewRow(index, g.turn, g.phase, d.kind, plan, best.plan, played.lp, best.lp, max(w.lp, 0.0), w.low,
                     w.high, name, text, w.better, win_best[0], win[0], win[1], win[2], w)


def key_moments(rows: Iterable[ReviewRow], k: int = 3) -> list[ReviewRow]:
    """The ``k`` decisions that cost most (mistakes and worse first), in game order: only
    decisions whose cost's interval excludes 0 (not ``fine``)."""
    scored = [r for r in rows if r.verdict != "fine"]
    scored.sort(key=lambda r: -r.cost)
    return sorted(scored[:k], key=lambda r: r.index)


def summary(rows: Sequence[ReviewRow]) -> dict[str, float]:
    """How many decisions got each verdict, and the total LP cost."""
    out: dict[str, float] = {name: 0 for _, name in VERDICTS}
    for r in rows:
        out[r.verdict] += 1
    out["cost"] = sum(r.cost for r in rows if r.verdict != "fine")
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
    causes: tuple[str, ...]
    total_if_kept: int


def solo_draft_preview(game: Game) -> list[PassPreview]:
    """For each card offered in the solo draft: the LP the Lich King gains this turn if
    you pass it.  Reads the player's observation only (revealed Necropolis cards, the
    Netherworld cards the player put there, the offered cards); empty when no solo draft
    decision is pending."""
    if game.lich is None or (d := game.pending[0]) is None or d.kind != "draft":
        return []
    ob = game.observation(0)
    lv = ob.lich
    assert lv is not None         # a solo game
    cards = game.cards
    necro = {c.id: c for c in cards.necropolis}
    lich_cards = {c.id: c for c in cards.lich_king_cards}
    line = [necro[i] for i in lv.line if i is not None]        # the revealed cards, in order
    time = min(lv.time, len(line) - 1)
    lk_cards = [lich_cards[i] for i in lv.lich_king_cards]
    seen = [cards.unit(i) for i in lv.netherworld]
    offered = [cards.unit(i) for i in ob.kingdoms[0].pack or ()]

    def gains(nw: Sequence[UnitType]) -> int:
        return sum(r["lp"] for r in solo.recruitment_gains(line, time, len(line), nw, lk_cards))

    base = gains(seen)
    out: list[PassPreview] = []
    for i, c in enumerate(offered):
        lp = gains(seen + [c]) - base
        causes = tuple(card.id for card in line if card.quest is not None and card.quest(c))
        rest = offered[:i] + offered[i + 1:]
        out.append(PassPreview(c.id, lp, causes, gains(seen + rest)))
    return out
