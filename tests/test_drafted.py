"""The coach's worlds rebuild the other seats' hidden cards as they were drafted
(papertales/drafted.py), and a seat remembers what the next seats took of the packs it
passed on (papertales/recruitment.py)."""

from __future__ import annotations

import statistics
from collections import Counter

import pytest

from helpers import greedy_until
from papertales import Game, fitting
from papertales.actions import DONE_NOTHING, Action
from papertales.determinize import Worlds
from papertales.drafted import DraftedWorlds, _best_index, _replayed
from papertales.evaluation import Evaluation
from papertales.greedy import GreedyBot
from papertales.montecarlo import ranking, rule
from papertales.rng import Rng
from papertales.scripted import StrongestBot
from papertales.state import BACK_SPOTS, FRONT_SPOTS, Unit
from papertales.styles import BuilderBot


def _draft(g: Game, rounds: int | None = None) -> Game:
    """Every seat keeps the first card of its pack's choices, for ``rounds`` rounds (None:
    to the end of the draft)."""
    while g.phase == "recruitment" and rounds != 0:
        for s in range(g.n):
            if g.pending[s] is not None:
                g.apply(s, g.legal_actions(s)[0])
        if not any(g.pending):
            g.advance()
        rounds = None if rounds is None else rounds - 1
    return g


def _rebuilt(worlds: DraftedWorlds, k: int) -> Game:
    """World ``k`` of seed 0, rebuilt as drafted."""
    return worlds.rebuilt(worlds.world(0, k), 0, k)


def _first_turn() -> Game:
    """3 players, seed 4, turn 1 (packs go left: 0 -> 1 -> 2), everyone keeping its pack's
    first card.  Seat 0's pack: Manticore, Sculptor, Knight, Blacksmith, Rogue."""
    g = Game.new(players=3, seed=4)
    g.advance()
    return _draft(g)


def test_after_the_draft_a_seat_remembers_what_the_next_seats_took_of_each_pack():
    """Worked by hand from the packs of seed 4:
    round 1: seat 0 keeps Manticore, passes Sculptor Knight Blacksmith Rogue; seat 1 keeps
    Sculptor, seat 2 Knight; Blacksmith and Rogue come back, seat 0 keeps Blacksmith and
    passes Rogue, which seat 1 takes last: of that pack the others took Sculptor, Knight.
    round 2: seat 0 gets Miner Woodcutter Blacksmith Giant Snake, keeps Miner; seat 1 keeps
    Woodcutter, seat 2 Blacksmith, Giant Snake comes back: Woodcutter, Blacksmith.
    round 3: Treefolk Shapeshifter Leviathan, seat 0 keeps Treefolk: Shapeshifter, Leviathan.
    round 4: Rogue, taken by seat 1."""
    g = _first_turn()
    assert (g.phase, g.stage) == ("deployment", "place")
    assert [[t.id for t in pack] for pack in g.players[0].passed] == [
        ["sculptor", "knight"], ["woodcutter", "blacksmith"], ["shapeshifter", "leviathan"], ["rogue"]]
    hands = [Counter(t.id for t in p.hand) for p in g.players]
    assert hands[1] >= Counter(["sculptor", "woodcutter", "shapeshifter", "rogue"])
    assert hands[2] >= Counter(["knight", "blacksmith", "leviathan"])
    views = g.observation(1).kingdoms
    assert views[1].passed is not None and views[0].passed is None     # its own memory only


def test_the_memory_ends_when_the_next_draft_begins():
    from papertales.greedy import GreedyBot
    g = _first_turn()
    bot = GreedyBot()
    while g.phase != "recruitment" or g.turn == 1:
        pending = g.pending_players()
        if pending:
            g.apply(pending[0], bot.choose(g, pending[0]))
        else:
            g.advance()
    assert g.turn == 2 and all(p.passed == () for p in g.players)


def test_a_deployment_world_gives_the_next_seats_the_cards_they_took():
    """Every coach's world of seat 0 (the position above) holds the seven cards the others
    took in seats 1 and 2's hands, Rogue in seat 1's (the only seat that reached that
    one-card pack); the plain deal does not."""
    g = _first_turn()
    taken = Counter(t.id for pack in g.players[0].passed for t in pack)
    ev = Evaluation.default()
    odds = ev.pick_odds(g.cards)
    coach, plain = DraftedWorlds(g, 0, ev), Worlds(g, 0, odds)
    held = 0
    for k in range(12):
        w = _rebuilt(coach, k)
        one, two = (Counter(t.id for t in w.players[s].hand) for s in (1, 2))
        assert one + two >= taken and one["rogue"] >= 1
        assert [len(w.players[s].hand) for s in (1, 2)] == [5, 5]
        p = plain.world(0, k)
        held += (Counter(t.id for s in (1, 2) for t in p.players[s].hand) >= taken)
    assert held < 12


def test_a_seat_done_deploying_puts_face_down_only_what_it_can_pay_for():
    """Seats 1 and 2 deploy (the greedy bot) and are done; in seat 0's worlds each of them
    has a kept card and face-down units on the same spots, which cost no more than its
    gold."""
    from papertales.greedy import GreedyBot
    g = _first_turn()
    bot = GreedyBot()
    for s in (1, 2):
        while g.pending[s] is not None:
            g.apply(s, bot.choose(g, s))
    ev = Evaluation.default()
    worlds = DraftedWorlds(g, 0, ev)
    for k in range(8):
        w = _rebuilt(worlds, k)
        for s in (1, 2):
            true, dealt = g.players[s], w.players[s]
            spots = [i for i, u in enumerate(true.units) if u is not None and u.new]
            assert [i for i, u in enumerate(dealt.units) if u is not None and u.new] == spots
            assert sum(dealt.units[i].type.cost for i in spots) <= dealt.gold
            assert (dealt.kept is None) == (true.kept is None) and dealt.hand == []


def test_the_others_unseen_picks_are_worth_more_to_them_than_random_cards():
    """Round 3 of the draft: each other seat holds picks seat 0 never saw.  Dealt as the
    best of a pack's worth of unseen cards, they raise the others' expected LP over the
    plain deal's (the mean of 20 worlds)."""
    g = Game.new(players=3, seed=4)
    g.advance()
    _draft(g, 2)
    ev = Evaluation.default()
    odds = ev.pick_odds(g.cards)

    def others(worlds):
        return statistics.mean(ev.value(w, s) for k in range(20) for w in [worlds(k)] for s in (1, 2))

    drafted, plain = DraftedWorlds(g, 0, ev), Worlds(g, 0, odds)
    assert others(lambda k: _rebuilt(drafted, k)) > others(lambda k: plain.world(0, k))


def test_in_a_construction_the_others_kept_cards_are_worth_more_to_keep_than_random_ones():
    """Turn 2's Construction: each other seat's face-down kept card, dealt as the best to
    keep of 5 unseen cards, is worth more to keep (the evaluation's keep gain, the mean of
    20 worlds) than the plain deal's; nothing else of the world changes."""
    g = greedy_until("construction")
    ev = Evaluation.default()
    drafted = DraftedWorlds(g, 0, ev)
    assert drafted.rebuilds

    def kept_gain(world):
        return statistics.mean(ev.keep_gain(world, world.players[s].kept) for s in (1, 2))

    plain = [drafted.world(0, k) for k in range(20)]
    rebuilt = [drafted.rebuilt(w, 0, k) for k, w in enumerate(plain)]
    assert statistics.mean(map(kept_gain, rebuilt)) > statistics.mean(map(kept_gain, plain))
    for w, r in zip(plain, rebuilt):
        assert _cards(w)[0][0] == _cards(r)[0][0]           # the seat's own kingdom as it was
        assert [x[2] for x in _cards(w)[0]] == [x[2] for x in _cards(r)[0]]     # every unit too
        assert sorted(_cards(w)[1] + [x[1] for x in _cards(w)[0]]) == sorted(_cards(r)[1] + [x[1] for x in _cards(r)[0]])


def test_the_best_of_all_the_cards_is_the_best_and_of_one_any():
    """Drawing as many cards as there are always finds the best (values 1, 3, 2: the
    second); drawing one finds each card in turn."""
    cards = list(Game.new(players=3).cards.units[:3])
    values = dict(zip(cards, (1.0, 3.0, 2.0)))

    def by_value(cs):
        return [values[c] for c in cs]

    assert {_best_index(cards, 3, Rng(s), by_value) for s in range(20)} == {1}
    assert {_best_index(cards, 1, Rng(s), by_value) for s in range(60)} == {0, 1, 2}
    assert _best_index([], 5, Rng(0), by_value) is None


def _cards(g: Game) -> list:
    """Every card of the world where it lies: each seat's hand, kept card and units, the piles."""
    seats = [([c.id for c in p.hand], None if p.kept is None else p.kept.id,
              [None if u is None else (u.type.id, u.new) for u in p.units]) for p in g.players]
    return [seats, [c.id for c in g.draw], [c.id for c in g.discard]]


def _swapped(g: Game, seat: int, hidden: list) -> Game:
    """``g`` with ``hidden`` cards of ``seat`` (indices into its hand, or spots of its face-down
    units) swapped for the top cards of the draw pile."""
    other = g.clone()
    p = other.players[seat]
    for n, i in enumerate(hidden):
        c = other.draw[n]
        if i == "kept":
            other.draw[n], p.kept = p.kept, c
        elif isinstance(i, str):                   # a spot: "spot:3"
            spot = int(i.partition(":")[2])
            other.draw[n], p.units[spot] = p.units[spot].type, Unit(c, 0, True)
        else:
            other.draw[n], p.hand[i] = p.hand[i], c
    return other


@pytest.mark.parametrize("ranked", [False, True])
@pytest.mark.parametrize("position", ["draft", "deployment", "construction"])
def test_a_rebuilt_world_does_not_depend_on_the_others_hidden_cards(position, ranked):
    """What the other seats really hold (their picks the seat never saw; a seat done deploying,
    its face-down units; the card kept for next turn) swapped for cards of the draw pile: the
    same rebuilt worlds, seat 1 rebuilt by the evaluation and the greedy bot's Deployment, or
    by a scripted ranking and Deployment rule."""
    ev = Evaluation.default()
    if position == "draft":
        g = _draft(Game.new(players=3, seed=7).advance(), rounds=2)
        hidden: list = [0, 1]
    elif position == "deployment":
        g = greedy_until("deployment")
        fitting.play_decision(g, 1, StrongestBot() if ranked else GreedyBot())   # seat 1 done: units face down
        hidden = [f"spot:{i}" for i, u in enumerate(g.players[1].units) if u is not None and u.new]
        assert hidden
    else:
        g = greedy_until("construction")
        assert g.players[1].kept is not None
        hidden = ["kept"]
    other = _swapped(g, 1, hidden)
    assert _cards(other) != _cards(g)
    ranks = {1: _strength} if ranked else None
    rules = {1: StrongestBot().choose if ranked else rule("greedy", ev)}     # its Deployment replayed
    a, b = DraftedWorlds(g, 0, ev, ranks=ranks, rules=rules), DraftedWorlds(other, 0, ev, ranks=ranks, rules=rules)
    assert a.rebuilds and b.rebuilds
    changed = 0
    for k in range(3):
        plain = a.world(2, k)
        rebuilt = a.rebuilt(plain, 2, k)
        assert _cards(rebuilt) == _cards(b.rebuilt(b.world(2, k), 2, k))
        changed += _cards(rebuilt) != _cards(plain)
    assert changed                                  # the worlds were rebuilt


@pytest.mark.parametrize("position", ["draft", "deployment"])
def test_a_seat_left_out_of_the_rebuild_keeps_the_plain_deal(position):
    """A seat known to draft otherwise than by the evaluation (a scripted or random player)
    is left out of ``rebuild``: its hidden cards are the plain world's; the seat rebuilt
    gets its picks as drafted."""
    ev = Evaluation.default()
    if position == "draft":
        g = _draft(Game.new(players=3, seed=7).advance(), rounds=2)
    else:
        g = greedy_until("deployment")
    only_2 = DraftedWorlds(g, 0, ev, rebuild=[2])
    changed = 0
    for k in range(4):
        plain = only_2.world(2, k)
        rebuilt = only_2.rebuilt(plain, 2, k)
        assert _cards(rebuilt)[0][1] == _cards(plain)[0][1]         # seat 1: as dealt
        changed += _cards(rebuilt)[0][2] != _cards(plain)[0][2]
    assert changed                                                   # seat 2: rebuilt


def _strength(game: Game, seat: int, card) -> tuple[int, int]:
    """A made-up scripted player's ranking: printed strength first, then the cheaper card."""
    return card.strength, -card.cost


def test_a_scripted_seat_is_rebuilt_by_its_own_ranking_in_a_draft():
    """Round 3 of the draft: the picks seat 0 never saw of seat 1, ranked by strength
    (``ranks``), are dealt as the strongest of a pack's worth of unseen cards -- stronger on
    average than the plain deal's, and than the evaluation's picks (20 worlds)."""
    g = _draft(Game.new(players=3, seed=7).advance(), rounds=2)
    ev = Evaluation.default()
    ranked = DraftedWorlds(g, 0, ev, rebuild=[2], ranks={1: _strength})
    by_ev = DraftedWorlds(g, 0, ev)

    def strength(w: Game) -> float:
        return statistics.mean(c.strength for c in w.players[1].hand)

    plain = [ranked.world(0, k) for k in range(20)]
    rebuilt = [ranked.rebuilt(w, 0, k) for k, w in enumerate(plain)]
    assert statistics.mean(map(strength, rebuilt)) > statistics.mean(map(strength, plain))
    by_ev_rebuilt = [by_ev.rebuilt(w, 0, k) for k, w in enumerate(plain)]
    assert statistics.mean(map(strength, rebuilt)) > statistics.mean(map(strength, by_ev_rebuilt))


def test_a_scripted_seat_done_deploying_put_face_down_the_best_by_its_ranking():
    """Seat 1 deploys as the strongest-first scripted player and is done.  In every world of
    seat 0 rebuilt with that ranking, its face-down units are on the same spots, cost no
    more than its gold, and the card it kept could not have replaced one of them: either it
    ranks lower than each, or the units stronger than it leave too little gold for it."""
    g = greedy_until("deployment")
    fitting.play_decision(g, 1, StrongestBot())
    spots = [i for i, u in enumerate(g.players[1].units) if u is not None and u.new]
    assert spots
    worlds = DraftedWorlds(g, 0, Evaluation.default(), rebuild=[2], ranks={1: _strength})
    kept = 0
    for k in range(12):
        w = _rebuilt(worlds, k)
        p = w.players[1]
        down = [p.units[i].type for i in spots]
        assert [i for i, u in enumerate(p.units) if u is not None and u.new] == spots
        assert sum(c.cost for c in down) <= p.gold
        if p.kept is not None:
            kept += 1
            rank = _strength(w, 1, p.kept)
            above = [c for c in down if _strength(w, 1, c) >= rank]
            assert len(above) == len(down) or sum(c.cost for c in above) + p.kept.cost > p.gold
    assert kept


def _strongest_done() -> Game:
    """Turn 1's Deployment, 3 players (seed 19), seat 1 playing the turn as the
    strongest-first player and the others as the greedy bot: seat 1, 3 gold, is done with
    Knight (strength 4) on F1, Cook and Mystical Healer (strength 1 each) on B1 and B2, F2
    left free, and Leviathan kept."""
    g = Game.new(players=3, seed=19)
    bots = [GreedyBot(), StrongestBot(), GreedyBot()]
    while not (g.phase == "deployment" and all(d is not None for d in g.pending)):
        pending = g.pending_players()
        if pending:
            fitting.play_decision(g, pending[0], bots[pending[0]])
        else:
            g.step()
    fitting.play_decision(g, 1, bots[1])
    p = g.players[1]
    assert [None if u is None else u.type.id for u in p.units] == ["knight", None, "cook", "mystical_healer", None]
    assert p.gold == 3 and p.kept is not None and p.kept.id == "leviathan"
    return g


def test_a_scripted_seat_done_deploying_is_rebuilt_as_its_rule_placed():
    """Seat 1 (``_strongest_done``) put units on F1, B1 and B2, F2 left free.  Its rule puts
    a card of strength 2 or more in the Front first, so in every world of seat 0 rebuilt with
    that rule (``rules``) the units on B1 and B2 have strength under 2 (a strong one would
    have gone to the free F2), and the three cost no more than its 3 gold.  Ranked alone,
    some world puts a strong unit in the Back."""
    g = _strongest_done()
    ev = Evaluation.default()
    ruled = DraftedWorlds(g, 0, ev, rebuild=[2], ranks={1: _strength}, rules={1: StrongestBot().choose})
    ranked = DraftedWorlds(g, 0, ev, rebuild=[2], ranks={1: _strength})
    spots = [FRONT_SPOTS[0], *BACK_SPOTS[:2]]
    strong_back = 0
    for k in range(12):
        p = _rebuilt(ruled, k).players[1]
        assert [i for i, u in enumerate(p.units) if u is not None] == spots
        assert all(p.units[i].type.strength < 2 for i in BACK_SPOTS[:2])
        assert sum(p.units[i].type.cost for i in spots) <= 3
        assert p.kept is not None and p.hand == []
        q = _rebuilt(ranked, k).players[1]
        strong_back += any(q.units[i].type.strength >= 2 for i in BACK_SPOTS[:2])
    assert strong_back


def test_a_rule_that_never_fits_leaves_the_ranked_guess():
    """A rule that places nothing fits no hand of a seat that placed three units: every world
    is rebuilt as by its ranking alone -- units on the seen spots that its gold pays for."""
    g = _strongest_done()

    def idle(game: Game, seat: int) -> Action:
        return DONE_NOTHING

    worlds = DraftedWorlds(g, 0, Evaluation.default(), rebuild=[2], ranks={1: _strength}, rules={1: idle})
    for k in range(6):
        p = _rebuilt(worlds, k).players[1]
        assert [i for i, u in enumerate(p.units) if u is not None] == [FRONT_SPOTS[0], *BACK_SPOTS[:2]]
        assert sum(u.type.cost for u in p.units if u is not None) <= 3


def _kingdom(units: list) -> list:
    return [None if u is None else (u.type.id, u.age, u.new) for u in units]


def test_a_greedy_seat_done_deploying_is_rebuilt_as_the_greedy_bot_placed():
    """Seat 1, played as the greedy bot, is done placing (units face down).  In each world
    of seat 0 rebuilt with the greedy bot's Deployment (``rules``), seat 1's units and kept
    card are just what the greedy bot placed and kept, replayed from seat 1's units of
    before on one of the hands the world guessed for it (docs/strategy.md, calibration
    point 26: a greedy seat's face-down units ranked one by one came out weaker than it
    really placed)."""
    g = greedy_until("deployment")
    fitting.play_decision(g, 1, GreedyBot())
    p1 = g.players[1]
    seen = [i for i, u in enumerate(p1.units) if u is not None and u.new]
    before = [None if u is not None and u.new else u for u in p1.units]
    assert seen
    ev = Evaluation.default()
    hands: list[list] = []
    greedy = rule("greedy", ev)
    assert greedy is not None

    def spy(game: Game, seat: int) -> Action:
        p = game.players[seat]
        if not any(u is not None and u.new for u in p.units):      # a hand's first step
            hands.append(list(p.hand))
        return greedy(game, seat)

    worlds = DraftedWorlds(g, 0, ev, rules={1: spy})
    for k in range(6):
        hands.clear()
        w = _rebuilt(worlds, k)
        p = w.players[1]
        assert [i for i, u in enumerate(p.units) if u is not None and u.new] == seen
        assert (p.kept is None) == (p1.kept is None) and p.hand == []
        fits = [_replayed(w, 1, greedy, before, h) for h in hands]
        assert (_kingdom(p.units), p.kept) in [(_kingdom(units), kept) for units, kept in filter(None, fits)]


def test_a_scripted_player_ranks_cards_by_its_own_rule_and_the_others_by_none():
    """``ranking``: the strongest-first player ranks Giant Snake over Rogue whatever the
    game; a style ranks by its ``value``; the greedy bot, a person and the random bot draft
    by no rule of their own (None)."""
    g = Game.new(players=3, seed=4)
    card = {c.id: c for c in g.cards.units}
    strongest = ranking("strongest")
    assert strongest is not None
    assert strongest(g, 1, card["giant_snake"]) > strongest(g, 1, card["rogue"])
    builder = ranking("builder")
    assert builder is not None
    assert [builder(g, 2, c) for c in g.cards.units] == [BuilderBot().value(g, 2, c) for c in g.cards.units]
    assert [ranking(name) for name in ("greedy", "human", "random", "ismcts")] == [None] * 4


def test_each_player_deploys_in_the_worlds_by_its_own_rule_or_the_greedy_bots_plan():
    """``rule``: a scripted player's or a style's next action is its own bot's choice (the
    Deployment the coach's worlds replay); the greedy bot, a person and the search are
    replayed as the greedy bot with the evaluation given; the random bot has no rule (None)."""
    g = greedy_until("deployment", turn=1)
    ev = Evaluation.default()
    strongest, builder = rule("strongest", ev), rule("builder", ev)
    assert strongest is not None and builder is not None
    assert strongest(g, 1) == StrongestBot().choose(g, 1)
    assert builder(g, 2) == BuilderBot().choose(g, 2)
    for name in ("greedy", "human", "ismcts"):
        replayed = rule(name, ev)
        assert replayed is not None and replayed(g, 1) == GreedyBot(evaluation=ev).choose(g, 1)
    assert rule("random", ev) is None
