"""The coach (papertales.coach): ranked hints, the game review and the solo draft preview.

Budgets are tiny (a few sampled worlds): the tests check the shape, determinism, that
nothing hidden is read, that the ranking follows the numbers shown, and numbers worked
out by hand -- not playing strength (benchmarks/bench_bots.py measures that)."""

from __future__ import annotations

import pytest

from papertales import Action, Game, coach
from papertales.registry import get
from papertales.cards import card_set
from papertales.evaluation import BASE, Evaluation
from papertales.features import base_features
from papertales.greedy import bot_actions
from papertales.rng import Rng
from papertales.position import game_from_position


def _draft_game(seed=7):
    return Game.new(players=3, seed=seed).advance()


def _key(h):
    return [(o.action, o.also, o.worlds, o.lp, o.lp_low, o.lp_high, o.win, o.reason) for o in h.options]


def _deploy_position():
    return game_from_position({"turn": 2, "phase": "deployment", "players": [
        {"name": "Eve", "gold": 5, "hand": ["knight", "farmer"], "front": [], "back": []},
        {"name": "Ada", "front": ["militiaman"]}, {"name": "Bob", "front": ["militiaman"]}]})


# ------------------------------------------------------------------ hints

def test_a_hint_ranks_every_option_by_the_expected_final_lp_it_shows():
    g = _draft_game()
    h = coach.hint(g, 0, worlds=6, seed=1, lang="en")
    assert h.kind == "draft" and h.seat == 0 and h.worlds == 6
    assert sorted(a for o in h.options for a in (o.action, *o.also)) == sorted(bot_actions(g, 0))
    lps = [o.lp for o in h.options]
    assert lps == sorted(lps, reverse=True)                     # the rank follows the number shown
    for o in h.options:
        assert o.worlds == 6 and o.lp_low <= o.lp <= o.lp_high and 0.0 <= o.win <= 1.0
        assert o.reason and o.text == o.action.describe("en", g.cards)
    assert h.best is h.options[0]


def test_moves_that_give_the_same_kingdom_are_one_option():
    g = _deploy_position()
    h = coach.hint(g, 0, worlds=3, seed=1, lang="en")
    knight = [o for o in h.options if o.action.kind == "place" and o.action.a == "knight"]
    # F1 and F2 (Front, no unit between them) are one choice, B1 and B2 another
    fronts = {o.action.b: o for o in knight if o.action.b in (0, 1)}
    assert len(fronts) == 1
    (only,) = fronts.values()
    assert {a.b for a in (only.action, *only.also)} == {0, 1}
    assert len(knight) == 2


def test_a_unit_moved_this_deployment_is_not_offered_another_move():
    """Following the hints always ends a Deployment: no endless back-and-forth moves."""
    g = game_from_position({"turn": 2, "phase": "deployment", "players": [
        {"name": "Eve", "gold": 5, "hand": ["knight"], "front": ["miner"], "back": ["woodcutter"]},
        {"name": "Ada", "front": ["militiaman"]}, {"name": "Bob", "front": ["militiaman"]}]})
    moves = lambda: {str(a) for group in coach.options_of(g, 0) for a in group if a.kind == "move"}
    assert "move F1 B2" in moves()
    g.apply(0, Action.parse("move F1 B2"))
    assert coach.moved_this_deployment(g, 0) == {0, 3}
    assert moves() == {"move B1 F2"}                  # the Woodcutter may still move, the Miner not back
    assert coach.moved_this_deployment(_draft_game(), 0) == set()


def test_a_hint_with_a_seed_and_worlds_is_deterministic():
    g = _draft_game()
    assert _key(coach.hint(g, 0, worlds=4, seed=3)) == _key(coach.hint(g.clone(), 0, worlds=4, seed=3))


def test_a_hint_does_not_peek_at_hidden_cards():
    """Other seats' packs, the draw pile's order and the future draws changed: same hint."""
    g = _draft_game()
    h = coach.hint(g, 0, worlds=4, seed=2, lang="en")
    other = g.clone()
    p1 = other.players[1]
    # swap Player 2's pack with cards of the draw pile (the set of hidden cards stays the same)
    k = len(p1.pack)
    p1.pack, other.draw[:k] = other.draw[:k], p1.pack
    other.draw.reverse()
    other.rng = Rng(12345)
    assert [c.id for c in other.players[1].pack] != [c.id for c in g.players[1].pack]
    assert _key(coach.hint(other, 0, worlds=4, seed=2, lang="en")) == _key(h)


def test_hint_reasons_speak_polish_with_a_decimal_comma():
    g = _deploy_position()
    reason = coach.reason(g, 0, Action("place", "knight", 0), "pl")
    assert "wojny w tej turze +" in reason and "," in reason and "." not in reason


def test_a_hint_without_a_decision_is_refused():
    g = _draft_game()
    g.apply(0, g.legal_actions(0)[0])
    with pytest.raises(ValueError):
        coach.hint(g, 0, worlds=2)


# ------------------------------------------------------------------ reasons from the evaluation

def test_the_parts_add_up_to_the_evaluation():
    """The reasons' parts and the cards' own weights are the whole evaluation but its
    bias and the opponents' LP (which no move of the seat changes)."""
    g = Game.new(players=3, seed=4)
    bots = [get("greedy", i) for i in range(3)]
    ev = Evaluation.default()
    checked = 0
    while not g.is_over:
        if not g.pending_players():
            g.advance()
            continue
        for s in range(3):
            w = ev.weights(g, coach.stage(g))
            x = base_features(g, s)
            rest = w[0] * x[0] + w[BASE.index("opp_lp")] * x[BASE.index("opp_lp")]
            assert sum(coach.contributions(g, s).values()) + rest == pytest.approx(ev.value(g, s))
            checked += 1
        s = g.pending_players()[0]
        g.apply(s, bots[s].choose(g, s))
    assert checked > 20


def test_placing_the_knight_is_explained_by_this_turns_wars():
    """Knight (4) against two Militiamen (2): both wars of this turn won (war_lp_now 0 -> 6,
    margin_now -4 -> +4, see test_features): the reason names this turn's wars, worth the
    weights of those two features times their changes."""
    g = _deploy_position()
    ev = Evaluation.default()
    w = dict(zip(BASE, ev.weights(g, coach.stage(g))))
    parts = coach.reasons(g, 0, Action("place", "knight", 0), None, "en")
    wars = next(d for d, words in parts if words.startswith("this turn's wars"))
    assert wars == pytest.approx(w["war_lp_now"] * 6 + w["margin_now"] * 8)
    assert wars > 0 and "this turn's wars +" in coach.reason(g, 0, Action("place", "knight", 0), "en")


def test_why_the_better_move_is_better_compares_the_two_positions():
    g = _deploy_position()
    knight, farmer = Action("place", "knight", 0), Action("place", "farmer", 0)
    ab = {words: d for d, words in coach.reasons(g, 0, knight, farmer, "en")}
    ba = {words.replace("−", "+", 1) if "−" in words else words.replace("+", "−", 1): -d
          for d, words in coach.reasons(g, 0, farmer, knight, "en")}
    assert ab.keys() == ba.keys() and all(ab[k] == pytest.approx(ba[k]) for k in ab)


# ------------------------------------------------------------------ review

def _game_with_a_bad_move():
    """Greedy players; on turn 3 seat 0 discards a unit and ends its Deployment without
    placing anything (discarding units in play is allowed by the variant ``any``)."""
    g = Game.new(players=3, seed=5, rules={"discard_in_play": "any"})
    bots = [get("greedy", i) for i in range(3)]
    bad = []
    while not g.is_over:
        if not g.pending_players():
            g.advance()
            continue
        for s in g.pending_players():
            while g.pending[s] is not None:
                if s == 0 and g.turn == 3 and g.decision(0).kind == "deploy":
                    discard = [a for a in g.legal_actions(0) if a.kind == "discard"]
                    bad.append(len(g.history))
                    g.apply(0, discard[0] if discard else Action("done"))
                    continue
                g.apply(s, bots[s].choose(g, s))
    return g, bad


@pytest.mark.slow
def test_the_review_replays_each_decision_and_flags_the_bad_move():
    g, bad = _game_with_a_bad_move()
    rows = coach.review(g, 0, worlds=6, seed=0, lang="en")
    assert [r.index for r in rows] == [i for i, (s, _) in enumerate(g.history) if s == 0]
    assert all(r.action == g.history[r.index][1] for r in rows)
    assert all(r.cost >= 0 for r in rows)
    assert all(r.verdict == ("fine" if r.cost_low <= 0 else coach.verdict(r.cost)) for r in rows if not r.forced)
    worst = {r.index: r for r in rows}[bad[-1]]          # "done" with nothing placed
    assert worst.action == Action("done") and worst.best != worst.action
    assert worst.cost > 1.0 and worst.verdict != "fine" and worst.why
    assert worst.lp_best > worst.lp_action and worst.win_before >= worst.win_after
    same = [r for r in rows if r.best == r.action and not r.forced]
    assert same and all(r.cost == 0 and r.verdict == "fine" and not r.why for r in same)
    s = coach.summary(rows)
    assert sum(s[v] for _, v in coach.VERDICTS) == len(rows)
    moments = coach.key_moments(rows)
    drops = sorted((r.win_before - r.win_after for r in rows if r.verdict != "fine"), reverse=True)
    assert sorted(r.win_before - r.win_after for r in moments) == sorted(drops[:3])
    assert [r.index for r in moments] == sorted(r.index for r in moments)


def test_a_move_equivalent_to_the_best_costs_nothing():
    g = _deploy_position()
    best = coach.hint(g, 0, worlds=3, seed=1).best
    for move in (best.action, *best.also):
        row = coach.review_decision(g, 0, move, worlds=3, seed=1)
        # the move played is the coach's choice: an equivalent move is no advice
        assert row.cost == 0 and row.verdict == "fine" and row.best == move and not row.why


@pytest.mark.slow
def test_the_review_is_deterministic_and_works_mid_game():
    g = Game.new(players=2, seed=3)
    bots = [get("random", 1), get("random", 2)]
    while len(g.history) < 12:
        if not g.pending_players():
            g.advance()
            continue
        s = g.pending_players()[0]
        g.apply(s, bots[s].choose(g, s))
    a = coach.review(g, 1, worlds=3, seed=4)
    b = coach.review(g, 1, worlds=3, seed=4)
    assert a == b and len(a) == sum(1 for s, _ in g.history if s == 1)


@pytest.mark.parametrize("cost, name", [(0, "fine"), (0.99, "fine"), (1, "inaccuracy"), (2.9, "inaccuracy"),
                                        (3, "mistake"), (5.99, "mistake"), (6, "blunder"), (40, "blunder")])
def test_verdict_thresholds(cost, name):
    assert coach.verdict(cost) == name


# ------------------------------------------------------------------ solo draft preview

def _solo_draft(hidden_line=("black_spire", "throne_of_bones", "eternal_night")):
    """A solo draft by hand: Ashen Gate (1 LP per unit of strength 4+) and Weeping Crypt
    (immediate 1 LP; 2 LP per wood producer) revealed, Soul Harvest (+1 LP per match),
    a Knight already passed to the Netherworld; offered: Knight, Woodcutter, Forest
    Child, Farmer."""
    cards = card_set("lich-king-illustrative")
    g = Game.new(players=1, seed=3, cards=cards).advance()
    assert g.decision(0).kind == "draft"
    necro = {c.id: c for c in cards.necropolis}
    lk = g.lich
    lk.line = [necro[i] for i in ("ashen_gate", "weeping_crypt", *hidden_line)]
    lk.time, lk.revealed = 1, 2
    lk.cards = [c for c in cards.lich_king_cards if c.id == "soul_harvest"]
    lk.netherworld = [cards.unit("knight")]
    g.players[0].pack = [cards.unit(i) for i in ("knight", "woodcutter", "forest_child", "farmer")]
    return g


def test_the_solo_draft_preview_by_hand():
    rows = {r.card: r for r in coach.solo_draft_preview(_solo_draft())}
    # passing: Knight meets Ashen Gate: 1 + 1 (Soul Harvest) = 2; Woodcutter and Forest
    # Child produce wood: Weeping Crypt 2 + 1 = 3; Farmer meets no revealed quest: 0
    assert {c: r.lp for c, r in rows.items()} == {"knight": 2, "woodcutter": 3, "forest_child": 3, "farmer": 0}
    assert rows["knight"].causes == ("ashen_gate",) and rows["farmer"].causes == ()
    # keeping the Knight: Netherworld Knight, Woodcutter, Forest Child, Farmer:
    # immediate 1 + Ashen Gate 1 x 2 + Weeping Crypt 2 x 3 = 9
    assert rows["knight"].total_if_kept == 9
    # keeping the Woodcutter: Knight, Knight, Forest Child, Farmer: 1 + 2 x 2 + 1 x 3 = 8
    assert rows["woodcutter"].total_if_kept == 8
    # keeping the Farmer: 1 + 2 x 2 + 2 x 3 = 11
    assert rows["farmer"].total_if_kept == 11


def test_the_solo_draft_preview_reads_only_what_the_player_saw():
    a = coach.solo_draft_preview(_solo_draft())
    other = _solo_draft(hidden_line=("red_fields", "soul_forge", "world_tomb"))   # face-down cards
    other.draw.reverse()
    assert coach.solo_draft_preview(other) == a


def test_no_solo_preview_outside_a_solo_draft():
    assert coach.solo_draft_preview(_draft_game()) == []
