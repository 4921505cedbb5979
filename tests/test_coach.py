"""The coach (papertales.coach): ranked hints, the game review and the solo draft preview.

Budgets are tiny (a few dozen search iterations): the tests check the shape, determinism,
that nothing hidden is read, and numbers worked out by hand -- not playing strength."""

from __future__ import annotations

import pytest

from papertales import Action, Game, coach, greedy
from papertales.bots import get
from papertales.cards import card_set
from papertales.i18n import t
from papertales.rng import Rng


def _draft_game(seed=7):
    return Game.new(players=3, seed=seed).advance()


def _key(h):
    return [(o.action, o.visits, o.lp, o.win, o.reason) for o in h.options]


# ------------------------------------------------------------------ hints

def test_a_hint_ranks_every_option_with_lp_win_chance_and_a_reason():
    g = _draft_game()
    h = coach.hint(g, 0, iterations=60, seed=1, lang="en")
    assert h.kind == "draft" and h.seat == 0 and h.samples == 60
    assert sorted(o.action for o in h.options) == sorted(g.legal_actions(0))
    visits = [o.visits for o in h.options]
    assert visits == sorted(visits, reverse=True) and sum(visits) == 60
    for o in h.options:
        assert o.lp is not None and 0.0 <= o.win <= 1.0
        assert o.reason and o.text == o.action.describe("en", g.cards)
        assert o.reason.startswith(t("coach.reason.if_deployed", "en", card=g.cards.unit(o.action.a).name))
    assert h.best is h.options[0]


def test_a_hint_with_a_seed_and_iterations_is_deterministic():
    g = _draft_game()
    assert _key(coach.hint(g, 0, iterations=50, seed=3)) == _key(coach.hint(g.clone(), 0, iterations=50, seed=3))


def test_a_hint_within_a_time_budget():
    import time
    g = _draft_game()
    t0 = time.perf_counter()
    h = coach.hint(g, 0, seconds=0.2)
    assert time.perf_counter() - t0 < 1.5 and h.samples > 0


def test_a_hint_does_not_peek_at_hidden_cards():
    """Other seats' packs, the draw pile's order and the future draws changed: same hint."""
    g = _draft_game()
    h = coach.hint(g, 0, iterations=60, seed=2, lang="en")
    other = g.clone()
    p1 = other.players[1]
    # swap Player 2's pack with cards of the draw pile (the set of hidden cards stays the same)
    k = len(p1.pack)
    p1.pack, other.draw[:k] = other.draw[:k], p1.pack
    other.draw.reverse()
    other.rng = Rng(12345)
    assert [c.id for c in other.players[1].pack] != [c.id for c in g.players[1].pack]
    assert _key(coach.hint(other, 0, iterations=60, seed=2, lang="en")) == _key(h)


def test_hint_reasons_speak_polish():
    g = _draft_game()
    h = coach.hint(g, 0, iterations=20, lang="pl")
    assert all("po wystawieniu" in o.reason for o in h.options)
    assert "Rekrutacja" not in h.options[0].reason       # facts, not the phase's name


def test_a_hint_without_a_decision_is_refused():
    g = _draft_game()
    g.apply(0, g.legal_actions(0)[0])
    with pytest.raises(ValueError):
        coach.hint(g, 0, iterations=5)


# ------------------------------------------------------------------ reasons from facts

def test_the_evaluation_parts_add_up_to_greedy_value():
    g = Game.new(players=3, seed=4)
    bots = [get("greedy", i) for i in range(3)]
    checked = 0
    while not g.is_over:
        if not g.pending_players():
            g.advance()
        for s in range(3):
            assert sum(coach.components(g, s).values()) == pytest.approx(greedy.value(g, s))
            checked += 1
        for s in g.pending_players():
            while g.pending[s] is not None:
                g.apply(s, bots[s].choose(g, s))
    assert checked > 20


def test_reasons_name_a_war_won_and_a_building_paid_for():
    from papertales.whatif import game_from_position
    g = game_from_position({"turn": 2, "phase": "deployment", "players": [
        {"name": "Eve", "gold": 5, "hand": ["knight", "farmer"], "front": [], "back": []},
        {"name": "Ada", "front": ["militiaman"]}, {"name": "Bob", "front": ["militiaman"]}]})
    parts = coach.reason(g, 0, Action("place", "knight", 0), "deploy", "en")
    assert "wins the war against Ada this turn (4 vs 2)" in parts
    farmer = coach.reason(g, 0, Action("place", "farmer", 3), "deploy", "en")
    assert "adds 1 food" in farmer
    b = game_from_position({"turn": 2, "phase": "construction", "players": [
        {"name": "Eve", "gold": 9, "front": ["miner"], "buildings": {"mine": 1}}, {"name": "Ada"}]}).advance()
    assert Action("build", "temple", 2) in [a for a, _, _ in b.construction_options(0)]
    built = coach.reason(b, 0, Action("build", "temple", 2), "build", "en")
    assert built.startswith("pays for the level-2 Temple") and "costs 4 gold" in built
    assert "pays for the level-2" not in coach.reason(b, 0, Action("pass"), "build", "en")


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


def test_the_review_replays_each_decision_and_flags_the_bad_move():
    g, bad = _game_with_a_bad_move()
    rows = coach.review(g, 0, iterations=40, seed=0)
    assert [r.index for r in rows] == [i for i, (s, _) in enumerate(g.history) if s == 0]
    assert all(r.action == g.history[r.index][1] for r in rows)
    assert all(r.cost >= 0 and r.verdict == coach.verdict(r.cost) for r in rows)
    worst = {r.index: r for r in rows}[bad[-1]]          # "done" with nothing placed
    assert worst.action == Action("done") and worst.best != worst.action
    assert worst.cost > 1.0 and worst.verdict != "fine"
    assert worst.lp_best > worst.lp_action
    same = [r for r in rows if r.best == r.action and not r.forced]
    assert same and all(r.cost == 0 and r.verdict == "fine" for r in same)
    s = coach.summary(rows)
    assert sum(s[v] for _, v in coach.VERDICTS) == len(rows)


def test_the_review_is_deterministic_and_works_mid_game():
    g = Game.new(players=2, seed=3)
    bots = [get("random", 1), get("random", 2)]
    while len(g.history) < 12:
        if not g.pending_players():
            g.advance()
            continue
        s = g.pending_players()[0]
        g.apply(s, bots[s].choose(g, s))
    a = coach.review(g, 1, iterations=15, seed=4)
    b = coach.review(g, 1, iterations=15, seed=4)
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
