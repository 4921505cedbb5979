"""The coach: hints for a decision, a review of a played game, and the solo draft preview.

Nothing here peeks.  Options are compared in worlds sampled from what the seat has seen
(:func:`papertales.montecarlo.compare`), the reasons read the seat's own position, and the
solo preview reads the player's observation (``game.observation(0)``) only.

:func:`hint` lists the options of a pending decision -- the moves that give the same game
merged into one (placing a card on F1 or on F2) -- ranked by the number it shows:

* ``lp``: the **expected final LP** -- every option is played in the same sampled worlds to
  the end of the turn (every seat then plays as the greedy bot), where the fitted
  evaluation (:mod:`papertales.evaluation`) estimates the LP the seat ends the game with;
  on turn 4 the worlds are played to the end and the LP is the final LP.  ``lp_low`` and
  ``lp_high`` bound it (95 %);
* ``win``: the chance to win, the evaluation's, averaged over the same worlds;
* ``reason``: the parts of the evaluation that the option moves most, in LP
  (:func:`reasons`): wars this turn, buildings, gold, the cards' own worth ...

:func:`review` replays a game from its seed and history and, at each decision of a seat,
compares the action taken with the best option in the same worlds: the LP it cost (the
mean difference world by world, with its 95 % interval), the chance to win before and
after, the reason the better move is better, and a verdict, as in a chess game review.
A cost whose interval reaches 0 is ``fine`` (the two cannot be told apart):

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

from . import construction, solo
from .actions import Action
from .evaluation import BASE, Evaluation, stage
from .features import base_features, card_indices
from .game import Game
from .greedy import bot_actions
from .i18n import card_name, get_language, number, t
from .montecarlo import compare, distinct, mean_interval

#: verdict thresholds: the first whose bound the cost is below (LP)
VERDICTS = ((1.0, "fine"), (3.0, "inaccuracy"), (6.0, "mistake"), (float("inf"), "blunder"))
#: sampled worlds per option when no time budget is given
WORLDS = 24
#: the parts of the evaluation a reason names, each a group of features
PARTS = (
    ("lp", ("lp",)),
    ("buildings", ("building_lp", "buildings", "level2")),
    ("wars_now", ("war_lp_now", "margin_now")),
    ("wars_later", ("wins_later_x_left", "war_lp_base_x_left", "margin_later_x_left", "strength_x_turns")),
    ("gold", ("gold", "gold_x_builds")),
    ("income", ("income_x_left",)),
    ("resources", ("wood_x_builds", "food_x_builds", "ore_x_builds")),
    ("units", ("units", "free_spots", "dying")),
    ("hand", ("hand", "hand_strength", "hand_affordable", "hand_production", "pack")),
    ("kept", ("kept",)),
    ("end_of_game", ("end_of_game",)),
)
_PART_OF = {name: part for part, names in PARTS for name in names}


def verdict(cost: float) -> str:
    """``fine`` / ``inaccuracy`` / ``mistake`` / ``blunder`` for an LP cost (see VERDICTS)."""
    for bound, name in VERDICTS:
        if cost < bound:
            return name
    return VERDICTS[-1][1]


# ------------------------------------------------------------------ reasons

def position_after(game, seat: int, action) -> tuple[Game, str | None]:
    """The seat's position right after ``action`` -- a drafted card in hand, a building
    built (as the Aging after it sees it), anything else applied -- and the phase to value
    it in.  Reads and changes a copy only."""
    g = game.clone()
    g.record_events = False
    d = g.pending[seat]
    if d.kind == "draft":
        p = g.players[seat]
        p.hand.append(p.pack.pop(next(i for i, c in enumerate(p.pack) if c.id == action.card)))
        return g, None
    if d.kind == "build":
        if action.kind != "pass":
            construction.build(g, seat, action)
        return g, "aging"
    g.apply(seat, action)
    return g, None


def contributions(game, seat: int, phase=None, ev: Evaluation | None = None) -> dict:
    """The evaluation of ``seat`` split into its parts (:data:`PARTS`) and the cards'
    own weights (``card:ID``), in LP, with the weights of the stage of ``phase``."""
    ev = ev or Evaluation.default()
    w = ev.weights(game, stage(game, phase))
    x = base_features(game, seat, phase)
    out: dict = {}
    for name, a, b in zip(BASE, w, x):
        part = _PART_OF.get(name)
        if part is not None:
            out[part] = out.get(part, 0.0) + a * b
    n = len(game.cards.units)
    for i in card_indices(game.players[seat], n):
        card = game.cards.units[i % n]
        key = "kept" if i >= 2 * n else f"card:{card.id}"
        out[key] = out.get(key, 0.0) + w[len(BASE) + i]
    return out


def reasons(game, seat: int, better, worse, lang=None, ev: Evaluation | None = None) -> list[tuple[float, str]]:
    """What ``better`` gives that ``worse`` does not (``worse=None``: the position before
    the decision), as ``(LP, words)`` parts, the largest first."""
    lang = lang or get_language()
    g1, phase = position_after(game, seat, better)
    if worse is None:
        g0 = game
    else:
        g0, _ = position_after(game, seat, worse)
    c1, c0 = contributions(g1, seat, phase, ev), contributions(g0, seat, phase, ev)
    diffs = []
    for key in set(c1) | set(c0):
        d = c1.get(key, 0.0) - c0.get(key, 0.0)
        if abs(d) >= 0.05:
            diffs.append((d, _part_words(key, d, lang, game.cards)))
    diffs.sort(key=lambda p: -abs(p[0]))
    return diffs


def _part_words(key: str, d: float, lang, cards) -> str:
    if key.startswith("card:"):
        return t("coach.why.card", lang, card=card_name(key[5:], lang, cards), lp=signed(d, lang))
    return t(f"coach.why.{key}", lang, lp=signed(d, lang))


def signed(x: float, lang=None) -> str:
    """``+1.5`` / ``−0.3``: an LP difference, with the language's decimal mark."""
    return ("+" if x >= 0 else "−") + number(abs(x), lang)


def reason(game, seat: int, action, lang=None, ev: Evaluation | None = None) -> str:
    """One line: the two largest gains of ``action`` over the position before it, and
    its largest loss."""
    lang = lang or get_language()
    parts = reasons(game, seat, action, None, lang, ev)
    gains = [w for d, w in parts if d > 0][:2]
    losses = [w for d, w in parts if d < 0][:1]
    words = gains + losses
    return t("coach.reason.join", lang).join(words) if words else t("coach.reason.nothing", lang)


# ------------------------------------------------------------------ hints

@dataclass(frozen=True)
class Option:
    """One option of a hint: ``action`` and the ``also`` moves that give the same game;
    ``lp`` the expected final LP with its 95 % interval ``lp_low`` .. ``lp_high``; ``win``
    the chance to win (0-1); ``worlds`` how many sampled worlds it was played in (0 and
    the numbers None for the only option)."""
    action: Action
    also: tuple
    text: str
    lp: float | None
    lp_low: float | None
    lp_high: float | None
    win: float | None
    worlds: int
    reason: str


@dataclass(frozen=True)
class Hint:
    seat: int
    turn: int
    phase: str
    kind: str
    options: tuple            # Option, the highest expected final LP first
    worlds: int               # sampled worlds per option

    @property
    def best(self) -> Option:
        return self.options[0]


def options_of(game, seat: int) -> list[list]:
    """The options of ``seat``'s decision, each a list of the moves that give the same game
    (the bots' moves: take-backs, moves that only shuffle the kingdom and a second move of
    a unit already moved this Deployment left out, so following the hints always ends a
    Deployment)."""
    actions = bot_actions(game, seat, moved_this_deployment(game, seat)) or game.legal_actions(seat)
    return distinct(game, seat, actions)


def moved_this_deployment(game, seat: int) -> set:
    """The spots ``seat`` has moved units from or to in the Deployment under way (read
    from the history: its actions back to its last one that was no Deployment action)."""
    spots: set = set()
    d = game.pending[seat]
    if d is None or d.kind != "deploy":
        return spots
    for s, a in reversed(game.history):
        if s != seat:
            continue
        if a.kind not in _DEPLOY_ACTIONS:
            break
        if a.kind == "move":
            spots.update((a.spot, a.to))
    return spots


_DEPLOY_ACTIONS = ("place", "move", "return", "discard")


def hint(game, seat, seconds: float | None = None, seed: int = 0, lang=None, worlds: int | None = None,
         ev: Evaluation | None = None, actions=None) -> Hint:
    """The options of ``seat``'s pending decision ranked by expected final LP (module
    docstring).  ``worlds`` fixes the samples per option (the same numbers for a seed);
    otherwise as many as fit in ``seconds`` (default :data:`WORLDS` worlds).  ``actions``:
    the moves to rank (default: every move a bot would consider)."""
    lang = lang or get_language()
    d = game.decision(seat)
    if d is None:
        raise ValueError(t("coach.no_decision", lang, name=game.players[seat].name))
    groups = options_of(game, seat) if actions is None else distinct(game, seat, actions)
    if len(groups) == 1:
        a = groups[0][0]
        only = Option(a, tuple(groups[0][1:]), a.describe(lang, game.cards), None, None, None, None, 0,
                      t("coach.reason.forced", lang))
        return Hint(seat, game.turn, game.phase, d.kind, (only,), 0)
    if worlds is None and seconds is None:
        worlds = WORLDS
    stats = compare(game, seat, [g[0] for g in groups], worlds, seconds, seed, ev)
    options = []
    for group, st in zip(groups, stats):
        a = group[0]
        options.append(Option(a, tuple(group[1:]), a.describe(lang, game.cards), st.lp, st.lp_low, st.lp_high,
                              st.win, st.n, reason(game, seat, a, lang, ev)))
    options.sort(key=lambda o: -o.lp)
    return Hint(seat, game.turn, game.phase, d.kind, tuple(options), stats[0].n)


# ------------------------------------------------------------------ review

@dataclass(frozen=True)
class ReviewRow:
    """One decision of the reviewed seat: ``index`` in ``game.history``; ``action`` taken
    and the coach's ``best``; their expected final LP; ``cost`` the LP lost (best minus
    played, world by world, >= 0) with its 95 % interval; ``win_before`` the chance to win
    with the best move, ``win_after`` with the move played; ``why`` what the better move
    gives (``(LP, words)`` parts, empty when the move played was as good)."""
    index: int
    turn: int
    phase: str
    kind: str
    action: Action
    best: Action
    lp_action: float | None
    lp_best: float | None
    cost: float
    cost_low: float
    cost_high: float
    verdict: str
    win_before: float | None = None
    win_after: float | None = None
    why: tuple = ()
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


def review(game, seat, seconds: float | None = None, seed: int = 0, worlds: int | None = None,
           progress=None, lang=None, ev: Evaluation | None = None) -> list[ReviewRow]:
    """Replay ``game`` from its seed and history; at each decision of ``seat`` compare
    the action taken with the best option (see the module docstring).  ``worlds`` per
    decision (default 8), or ``seconds`` per decision.  ``progress`` (optional) is called
    with ``(done, total)``."""
    history = list(game.history)
    g = fresh_game(game)
    total = sum(1 for s, _ in history if s == seat)
    if worlds is None and seconds is None:
        worlds = 8
    rows = []
    for index, (s, action) in enumerate(history):
        if not any(g.pending):
            g.advance()
        if s == seat:
            rows.append(review_decision(g, seat, action, index, seed + len(rows), worlds, seconds, lang, ev))
            if progress is not None:
                progress(len(rows), total)
        g.apply(s, action)
    return rows


def review_decision(g, seat, action, index=0, seed=0, worlds=8, seconds=None, lang=None,
                    ev: Evaluation | None = None) -> ReviewRow:
    """One row of :func:`review`: ``action`` against every option of ``seat``'s decision in ``g``."""
    d = g.decision(seat)
    groups = options_of(g, seat)
    if not any(action in group for group in groups):     # a move the bots never make (a take-back ...)
        groups = distinct(g, seat, [a for group in groups for a in group] + [action])
    mine = next(i for i, group in enumerate(groups) if action in group)
    if len(groups) == 1:
        return ReviewRow(index, g.turn, g.phase, d.kind, action, action, None, None, 0.0, 0.0, 0.0, "fine",
                         forced=True)
    stats = compare(g, seat, [group[0] for group in groups], worlds, seconds, seed, ev)
    best = max(range(len(stats)), key=lambda i: stats[i].lp)
    played, top = stats[mine], stats[best]
    if best == mine:
        cost, low, high = 0.0, 0.0, 0.0
    else:
        cost, low, high = mean_interval([b - a for a, b in zip(played.lps, top.lps)])
    name = "fine" if low <= 0 else verdict(cost)
    why = tuple(reasons(g, seat, top.action, action, lang, ev)[:3]) if best != mine else ()
    return ReviewRow(index, g.turn, g.phase, d.kind, action, action if best == mine else top.action, played.lp,
                     top.lp, max(cost, 0.0), low, high, name, top.win, played.win, why)


def key_moments(rows, k: int = 3) -> list[ReviewRow]:
    """The ``k`` decisions that lost the most chance to win (mistakes first), in game order."""
    scored = [r for r in rows if r.win_before is not None and r.verdict != "fine"]
    scored.sort(key=lambda r: -(r.win_before - r.win_after))
    return sorted(scored[:k], key=lambda r: r.index)


def summary(rows) -> dict:
    """How many decisions got each verdict, and the total LP cost."""
    out = {name: 0 for _, name in VERDICTS}
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
