"""The coach's worlds (determinize.Worlds.world) with pick odds: the other seats' hidden
cards are dealt in proportion to how often players take them.

No peeking: a world depends on what the seat has seen only, never on where the hidden
cards really are, and deals only cards the seat has not seen.  The odds: a card players
take more often lands in the other seats' hands more often.  The pick strengths: a
Plackett-Luce fit whose answer is worked out by hand."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from papertales import Game
from papertales.determinize import Worlds
from papertales.drafted import DraftedWorlds
from papertales.evaluation import Evaluation
from papertales.fitting import pick_strengths
from papertales.rng import Rng

from test_bots import POSITIONS, _construct, _deploy, _draft, _reach, scramble

STOPS = {"draft": _draft, "deployment": _deploy, "construction": _construct}


def _hidden(g, seat):
    """Where every card ``seat`` cannot see lies: each other seat's hand, pack, kept card
    and face-down units, then the draw and discard piles."""
    out = []
    for s, p in enumerate(g.players):
        if s != seat:
            out.append((s, [t.id for t in p.hand], [t.id for t in p.pack], p.kept and p.kept.id,
                        [u.type.id for u in p.units if u is not None and u.new]))
    return out, [t.id for t in g.draw], [t.id for t in g.discard]


def _odds():
    odds = Evaluation.default().pick_odds(Game.new(players=3).cards)
    assert odds is not None and max(odds) > 2 * min(odds)      # fitted strengths, not all 1
    return odds


def _rebuilt(ev):
    """World ``k`` of seed 0 of seat 0 rebuilt as drafted (the coach's chance's world)."""
    def world(g, k):
        worlds = DraftedWorlds(g, 0, ev)
        return worlds.rebuilt(worlds.world(0, k), 0, k)
    return world


@pytest.mark.parametrize("kind, seed, players", POSITIONS)
def test_a_world_depends_only_on_what_the_seat_has_seen(kind, seed, players):
    g = next((g for s in range(seed, seed + 40) if (g := _reach(s, players, STOPS[kind])) is not None), None)
    odds, ev = _odds(), Evaluation.default()
    for r in range(2):
        h = scramble(g, 0, Rng(r))
        assert _hidden(h, 0) != _hidden(g, 0) or kind == "construction"
        for world in (lambda x, k: Worlds(x, 0, odds).world(0, k), _rebuilt(ev)):   # the coach's two
            for k in range(4):
                a, b = world(g, k), world(h, k)
                assert _hidden(a, 0) == _hidden(b, 0), (kind, k)


@pytest.mark.parametrize("kind, seed, players", POSITIONS)
def test_a_world_deals_only_the_cards_the_seat_has_not_seen(kind, seed, players):
    g = next((g for s in range(seed, seed + 40) if (g := _reach(s, players, STOPS[kind])) is not None), None)
    odds, ev = _odds(), Evaluation.default()
    unseen = Counter(t.id for t in Worlds(g, 0).pool)
    for w in [world(g, k) for k in range(4) for world in (lambda x, k: Worlds(x, 0, odds).world(0, k), _rebuilt(ev))]:
        assert w.observation(0).kingdoms == g.observation(0).kingdoms     # the seat's own view is kept
        places, draw, discard = _hidden(w, 0)
        dealt = Counter(draw + discard)
        for _s, hand, pack, kept, units in places:
            dealt.update(hand + pack + units + ([kept] if kept else []))
        assert dealt == unseen
        assert [len(x) for x in (draw, discard)] == [len(g.draw), len(g.discard)]


def test_a_card_players_take_more_often_is_dealt_to_their_hands_more_often():
    """Seat 0 at its first pick of a 3-player game: 10 of the unseen cards are in the
    other seats' packs, none in hands yet.  After seat 0's pick, each other seat has taken
    one card: with odds 20 for Knight against 1 for every other card, a Knight is in one of
    those two hands far more often than when every card has odds 1."""
    g = Game.new(players=3, seed=4)
    g.advance()
    g.apply(0, g.legal_actions(0)[0])
    g.apply(1, g.legal_actions(1)[0])
    g.apply(2, g.legal_actions(2)[0])
    assert [len(p.hand) for p in g.players] == [1, 1, 1]
    knight = next(u.index for u in g.cards.units if u.id == "knight")
    plain = [1.0] * len(g.cards.units)
    strong = plain[:]
    strong[knight] = 20.0
    assert any(t.id == "knight" for t in Worlds(g, 0).pool)

    def in_hands(odds):
        worlds = Worlds(g, 0, odds)
        return sum(any(t.id == "knight" for s in (1, 2) for t in worlds.world(0, k).players[s].hand)
                   for k in range(200))

    uniform, favoured = in_hands(plain), in_hands(strong)
    assert favoured > 2 * uniform and favoured > 100, (uniform, favoured)


def test_pick_strengths_worked_out_by_hand():
    """Two cards always offered together, A taken 3 times and B once: with no pull towards
    1, the Plackett-Luce odds are in the ratio 3 : 1, and their geometric mean is 1, so
    the log-odds are +ln(3)/2 and -ln(3)/2."""
    picks = [(("a", "b"), "a")] * 3 + [(("a", "b"), "b")]
    s = pick_strengths(picks, prior=0.0)
    assert s["a"] == pytest.approx(math.log(3) / 2, abs=1e-3)
    assert s["b"] == pytest.approx(-math.log(3) / 2, abs=1e-3)


def test_pick_strengths_count_every_copy_in_the_pack():
    """A pack of two A and one B, A taken 2 times and B once: each copy of A is as likely
    as B (2 : 1 is the ratio of copies), so both have odds 1 and log-odds 0."""
    picks = [(("a", "a", "b"), "a")] * 2 + [(("a", "a", "b"), "b")]
    s = pick_strengths(picks, prior=0.0)
    assert s["a"] == pytest.approx(0.0, abs=1e-3) and s["b"] == pytest.approx(0.0, abs=1e-3)


def test_the_prior_pulls_a_rarely_seen_card_towards_odds_one():
    """One pack, A taken: without a pull A's odds would grow without bound; with a virtual
    win and loss against odds 1 they stay finite and above B's."""
    s = pick_strengths([(("a", "b"), "a")], prior=1.0)
    assert 0.0 < s["a"] < 2.0 and s["b"] < 0.0


# ------------------------------------------------------------------ passed packs

def _next_round(g, picks):
    """Every seat in ``picks`` keeps card number ``picks[seat]`` of its pack's choices."""
    for s, i in picks.items():
        g.apply(s, g.legal_actions(s)[i])
    if not any(g.pending):
        g.advance()


def _passed_game():
    """3 players, seed 4, turn 1 (packs go left: seat 0 -> 1 -> 2): seat 0 has kept the
    first card of its pack and passed Sculptor, Knight, Blacksmith and Rogue to seat 1."""
    g = Game.new(players=3, seed=4)
    g.advance()
    _next_round(g, {0: 0, 1: 0, 2: 0})
    assert [t.id for t in g.players[0].passed[0]] == ["sculptor", "knight", "blacksmith", "rogue"]
    return g


def _ids(cards):
    return Counter(t.id for t in cards)


PASSED = Counter(["sculptor", "knight", "blacksmith", "rogue"])


def test_a_seat_remembers_the_packs_it_passed_and_only_it_sees_them():
    g = _passed_game()
    views = g.observation(0).kingdoms
    assert views[0].passed == (("sculptor", "knight", "blacksmith", "rogue"),)
    assert views[1].passed is None and views[2].passed is None
    while g.phase == "recruitment":
        _next_round(g, {s: 0 for s in range(3) if g.pending[s] is not None})
    views = g.observation(0).kingdoms                        # the draft over: what the others took
    assert views[0].passed is not None and views[1].passed is None and views[2].passed is None


def test_the_pack_a_seat_passed_is_dealt_back_to_the_seat_it_went_to():
    """Round 2 of the draft: seat 1 holds the four cards seat 0 passed, in every world;
    once seat 1 has kept one of them, three of the four are in its pack and the fourth in
    its hand."""
    g = _passed_game()
    odds = _odds()
    for k in range(20):
        assert _ids(Worlds(g, 0, odds).world(0, k).players[1].pack) == PASSED
        assert _ids(Worlds(g, 0).sample(Rng(k)).players[1].pack) == PASSED
    g.apply(1, g.legal_actions(1)[2])                        # seat 1 keeps Blacksmith
    for w in [Worlds(g, 0, odds).world(0, k) for k in range(20)] + [Worlds(g, 0).sample(Rng(k)) for k in range(20)]:
        pack, hand = _ids(w.players[1].pack), _ids(w.players[1].hand)
        assert sum(pack.values()) == 3 and pack <= PASSED
        assert PASSED - pack <= hand and sum(hand.values()) == 2


def test_who_took_which_card_of_a_passed_pack_follows_the_pick_odds():
    """Round 3: seat 2 holds three of the four cards seat 0 passed; seat 1 took the fourth
    (really Blacksmith).  Seat 0 cannot tell which: with odds 20 for Knight against 1 for
    every other card, Knight is the one seat 1 took in about 20 of 23 worlds; with even
    odds in about 1 of 4."""
    g = _passed_game()
    _next_round(g, {0: 0, 1: 2, 2: 0})
    knight = next(u.index for u in g.cards.units if u.id == "knight")
    plain = [1.0] * len(g.cards.units)
    strong = plain[:]
    strong[knight] = 20.0

    def knight_taken(odds):
        worlds = Worlds(g, 0, odds)
        return sum("knight" not in _ids(worlds.world(0, k).players[2].pack) for k in range(200))

    uniform, favoured = knight_taken(plain), knight_taken(strong)
    assert 20 < uniform < 90 and favoured > 150, (uniform, favoured)


def test_the_worlds_do_not_tell_which_card_of_a_passed_pack_was_taken():
    """Two games seat 0 cannot tell apart: seat 1 took Blacksmith out of the pack seat 0
    passed (seat 2 holds Sculptor, Knight and Rogue), or took Knight (seat 2 holds
    Sculptor, Blacksmith and Rogue).  Every world is the same in both."""
    g = _passed_game()
    _next_round(g, {0: 0, 1: 2, 2: 0})
    h = g.clone()
    one, two = h.players[1], h.players[2]
    i = next(i for i, t in enumerate(one.hand) if t.id == "blacksmith")
    j = next(j for j, t in enumerate(two.pack) if t.id == "knight")
    one.hand[i], two.pack[j] = two.pack[j], one.hand[i]
    assert g.observation(0) == h.observation(0)
    odds = _odds()
    for k in range(8):
        assert _hidden(Worlds(g, 0, odds).world(0, k), 0) == _hidden(Worlds(h, 0, odds).world(0, k), 0)
        assert _hidden(Worlds(g, 0).sample(Rng(k)), 0) == _hidden(Worlds(h, 0).sample(Rng(k)), 0)
