"""The coach (papertales.coach): ranked hints, their reasons, the game review and the solo
draft preview.

Budgets are tiny (a few sampled worlds): the tests check the shape, determinism, that
nothing hidden is read, that the ranking follows the numbers shown, that the parts of a
reason add up to the difference shown, and positions whose reason is known by hand
(Cerberus and its food, a level-2 Mine, the Knight in the Front) -- not playing strength
(benchmarks/bench_bots.py and bench_guide.py measure that)."""

from __future__ import annotations

import dataclasses

import pytest

from helpers import greedy_until
from papertales import Action, Game, coach, fitting, judgement, plans
from papertales.registry import get
from papertales.cards import card_set
from papertales.determinize import Worlds
from papertales.drafted import DraftedWorlds
from papertales.evaluation import Evaluation
from papertales.features import BASE
from papertales.greedy import GreedyBot, bot_actions
from papertales.i18n import card_name
from papertales.errors import PaperTalesError
from papertales.montecarlo import PLAYER_NAMES, Playout, kingdom_key, plays_as_greedy, ranking, rule, seat_player
from papertales.registry import names as bot_names
from papertales.rng import Rng
from papertales.position import game_from_position


def _draft_game(seed=7):
    return Game.new(players=3, seed=seed).advance()


def _key(h):
    return [(o.plan, o.also, o.worlds, o.lp, o.lp_low, o.lp_high, o.win, o.reason) for o in h.options]


def _at(data):
    """The position ``data`` advanced to its first decision."""
    g = game_from_position(data)
    return g if any(g.pending) else g.advance()


def _deploy_position():
    return _at({"turn": 2, "phase": "deployment", "players": [
        {"name": "Eve", "gold": 5, "hand": ["knight", "farmer"], "front": [], "back": []},
        {"name": "Ada", "front": ["militiaman"]}, {"name": "Bob", "front": ["militiaman"]}]})


def _adds_up(why):
    """The numbers shown add up to the difference shown (each to a tenth)."""
    assert sum(v for v, _, _ in why.parts) == pytest.approx(round(why.lp, 1), abs=1e-9)


def _w_lp(stage):
    return Evaluation.default().models[stage]["lp"]


# ------------------------------------------------------------------ hints

def test_a_hint_shows_the_suggestion_first_and_the_rest_by_expected_final_lp():
    g = _draft_game()
    h = coach.hint(g, 0, worlds=6, seed=1, lang="en")
    assert h.kind == "draft" and h.seat == 0 and h.worlds == 6
    assert sorted(a for o in h.options for p in (o.plan, *o.also) for a in p) == sorted(bot_actions(g, 0))
    rest = [o.lp for o in h.options[1:]]
    assert rest == sorted(rest, reverse=True)
    top = max(h.options, key=lambda o: o.lp)
    assert h.best is top or h.best.why.equal        # another suggestion only when it cannot be told apart
    for o in h.options:
        assert o.worlds == 6 and o.lp_low <= o.lp <= o.lp_high and 0.0 <= o.win_low <= o.win <= o.win_high <= 1.0
        assert o.reason == o.why.text and o.text == o.action.describe("en", g.cards)
        _adds_up(o.why)


def test_a_deployment_is_one_option_a_whole_plan_said_with_its_cards():
    g = _deploy_position()
    h = coach.hint(g, 0, worlds=3, seed=1, lang="en")
    plans = [o.plan for o in h.options]
    assert all(p[-1].kind == "done" for p in plans)          # each plan ends the Deployment
    texts = {o.text for o in h.options}
    assert "Knight to the Front" in " ".join(texts)
    # F1 and F2 (Front, no unit between them) give the same game: one option, not two
    keys = [tuple(sorted((a.card, a.spot in (0, 1, 4)) for a in p if a.kind == "place")) for p in plans]
    assert len(keys) == len(set(keys))


def test_a_unit_moved_this_deployment_is_not_offered_another_move():
    """Following the hints always ends a Deployment: no endless back-and-forth moves."""
    g = _at({"turn": 2, "phase": "deployment", "players": [
        {"name": "Eve", "gold": 5, "hand": ["knight"], "front": ["miner"], "back": ["woodcutter"]},
        {"name": "Ada", "front": ["militiaman"]}, {"name": "Bob", "front": ["militiaman"]}]})
    moves = lambda: {str(a) for o in coach.hint(g, 0, worlds=1).options for a in o.plan if a.kind == "move"}
    assert "move F1 B2" in moves()
    g.apply(0, Action.parse("move F1 B2"))
    assert plans.moved_this_deployment(g, 0) == {0, 3}
    assert moves() <= {"move B1 F2"}                  # the Woodcutter may still move, the Miner not back
    assert plans.moved_this_deployment(_draft_game(), 0) == set()


def test_a_hint_with_a_seed_and_worlds_is_deterministic():
    g = _draft_game()
    assert _key(coach.hint(g, 0, worlds=4, seed=3)) == _key(coach.hint(g.clone(), 0, worlds=4, seed=3))


def _swapped_with_the_draw(g, cards):
    """``g`` with Player 2's ``cards`` ("pack" or "hand") swapped for as many cards of the
    draw pile: the set of cards seat 0 has not seen stays the same, who holds them does not."""
    other = g.clone()
    p1 = other.players[1]
    held = getattr(p1, cards)
    k = len(held)
    setattr(p1, cards, other.draw[:k])
    other.draw[:k] = held
    assert sorted(c.id for c in getattr(p1, cards)) != sorted(c.id for c in getattr(g.players[1], cards))
    judgement._cache.clear()                          # computed again, not read back
    return other


def test_a_hint_does_not_peek_at_hidden_cards():
    """Other seats' packs, the draw pile's order and the future draws changed: same hint."""
    g = _draft_game()
    h = coach.hint(g, 0, worlds=4, seed=2, lang="en")
    other = _swapped_with_the_draw(g, "pack")
    other.draw.reverse()
    other.rng = Rng(12345)
    assert _key(coach.hint(other, 0, worlds=4, seed=2, lang="en")) == _key(h)


def test_a_hint_without_a_decision_is_refused():
    g = _draft_game()
    g.apply(0, g.legal_actions(0)[0])
    with pytest.raises(ValueError):
        coach.hint(g, 0, worlds=2)


def _greedy_deployment(seed=5, players=3, phase="deployment"):
    """Turn 2's Deployment of a game of greedy bots, every seat still to deploy: the other
    seats hold hands the seat has not seen (``phase``: another phase of turn 2)."""
    return greedy_until(phase, 2, seed, players)


def test_in_a_deployment_the_others_deploy_whole_in_each_world_before_the_seat():
    """The other seats still deploying place their whole Deployment as the greedy bot with
    its lookahead would, seat by seat, and the seat's own kingdom and decision stay as they
    were: every option of the seat is then played against the same, finished armies."""
    g = _greedy_deployment()
    assert all(g.players[s].hand for s in (1, 2))
    world = Worlds(g, 0, Evaluation.default().pick_odds(g.cards)).world(4, 0)
    expected = world.clone()
    for s in (1, 2):
        fitting.play_decision(expected, s, GreedyBot())
    before = kingdom_key(world, 0)
    Playout().deploy_others(world, 0)
    assert [d is not None and d.kind == "deploy" for d in world.pending] == [True, False, False]
    assert kingdom_key(world, 0) == before
    assert [kingdom_key(world, s) for s in (1, 2)] == [kingdom_key(expected, s) for s in (1, 2)]
    assert any(kingdom_key(world, s) != kingdom_key(g, s) for s in (1, 2))     # they did deploy


def test_a_deployment_hint_does_not_peek_at_the_hands_the_others_deploy_from():
    g = _greedy_deployment()
    h = coach.hint(g, 0, worlds=3, seed=2, lang="en")
    other = _swapped_with_the_draw(g, "hand")
    assert _key(coach.hint(other, 0, worlds=3, seed=2, lang="en")) == _key(h)


def _played(world, seat, plan, turn):
    """``plan`` played by ``seat`` in a copy of ``world``, then the rest of the turn as the
    judgement's playout plays it: (expected final LP, chance to win)."""
    w = world.clone()
    for a in plan:
        w.apply(seat, a)
    return Playout().finish(w, seat, turn)


@pytest.mark.parametrize("position", ["draft", "deployment", "construction"])
def test_the_chance_is_anchored_in_the_worlds_rebuilt_as_drafted_and_the_rest_in_the_plain_ones(position):
    """Each option's expected LP (and so its reasons and the suggestion) comes from the
    plain worlds; the suggestion's chance to win from the same worlds rebuilt as the others
    drafted, and every other option's chance is that one plus the option's difference from
    the suggestion in the plain worlds, world by world (after the others' whole Deployment
    where the seat deploys)."""
    g = _draft_game() if position == "draft" else _greedy_deployment(phase=position)
    for _ in range(2 if position == "draft" else 0):     # round 3: the others hold picks the seat never saw
        for s in range(3):
            g.apply(s, g.legal_actions(s)[0])
        g.advance()
    judgement._cache.clear()
    j = judgement.judge(g, 0, worlds=3, seed=2)
    sampler = DraftedWorlds(g, 0, Evaluation.default())
    assert sampler.rebuilds
    level, plain = [], {i: [] for i in range(len(j.outcomes))}
    for k in range(3):
        world = sampler.world(2, k)
        drafted = sampler.rebuilt(world, 2, k)
        if position == "deployment":
            Playout().deploy_others(world, 0)
            Playout().deploy_others(drafted, 0)
        for i, o in enumerate(j.outcomes):
            lp, win = _played(world, 0, o.plan, g.turn)
            assert o.lps[k] == lp and o.wins[k] == win
            plain[i].append(win)
        level.append(_played(drafted, 0, j.best.plan, g.turn)[1])
    assert j.level == tuple(level) and level != plain[j.suggested]        # two sets of worlds, not one
    assert j.chance[j.suggested] == judgement._chance(level)
    for i in range(len(j.outcomes)):
        by_hand = [level[k] + (plain[i][k] - plain[j.suggested][k]) for k in range(3)]
        assert j.chance[i] == judgement._chance(by_hand)
        # so the chances rank the options as the plain worlds' chances do
        assert (j.chance[i][0] > j.chance[j.suggested][0]) == (sum(plain[i]) > sum(plain[j.suggested]) + 1e-12) \
            or j.chance[i][0] in (0.0, 1.0)


#: the players at the table of the tests below: seat 0 a person, seat 1 the economist,
#: seat 2 the random bot
TABLE = ("human", "economist", "random")


def _world_players(table, ev, seed, k, salt):
    """Fresh players for world ``k`` of ``seed``: a random bot's numbers from the world
    (``salt`` 0 for the others' Deployment, 1 for the play on)."""
    return [seat_player(name, ev, (((seed << 20) ^ k) << 8 ^ s) << 1 ^ salt) for s, name in enumerate(table)]


@pytest.mark.parametrize("position", ["draft", "deployment"])
@pytest.mark.parametrize("table", [TABLE, ("human", "greedy", "ismcts")])
def test_with_the_players_at_the_table_the_level_is_read_as_each_seat_plays(position, table):
    """Given who plays each seat, the suggestion's chance (the level) is read in worlds
    where the seats played as the greedy bot (the person, the searching bots) are rebuilt
    as our evaluation drafts and the greedy bot places, the economist's as its own rules
    draft and place, the random
    bot's left as dealt, the others' Deployment is played by their own players, and every
    seat plays on as its player (the person as the greedy bot with its plan, the economist
    as itself, the random bot with numbers of the world): to the turn's end when every seat
    plays as the greedy bot, to the game's end when one does not (then each world's chance
    is who won it: 1, 0 or a tie's share; and every option's chance is its own there, not
    the level plus the plain worlds' step). Every option's expected LP, the suggestion and
    the plain worlds' chances are those of the judgement without the table."""
    g = _draft_game() if position == "draft" else _greedy_deployment()
    for _ in range(2 if position == "draft" else 0):
        for s in range(3):
            g.apply(s, g.legal_actions(s)[0])
        g.advance()
    ev = Evaluation.default()
    judgement._cache.clear()
    plain = judgement.judge(g, 0, worlds=3, seed=2)
    j = judgement.judge(g, 0, worlds=3, seed=2, players=table)
    assert [(o.plan, o.lps, o.wins, o.parts) for o in j.outcomes] == \
        [(o.plan, o.lps, o.wins, o.parts) for o in plain.outcomes] and j.suggested == plain.suggested
    to_the_end = table == TABLE
    sampler = DraftedWorlds(g, 0, ev, rebuild=[0] if to_the_end else [0, 1, 2],
                            ranks={1: ranking("economist")} if to_the_end else None,
                            rules={s: r for s, r in enumerate(rule(name, ev) for name in table) if r is not None})
    own: dict[int, list[float]] = {i: [] for i in range(len(j.outcomes))}
    for k in range(3):
        world = sampler.rebuilt(sampler.world(2, k), 2, k)
        if position == "deployment":
            Playout().deploy_others(world, 0, _world_players(table, ev, 2, k, 0))
        for i, o in enumerate(j.outcomes):
            w = world.clone()
            for a in o.plan:
                w.apply(0, a)
            playout = Playout(horizon="game" if to_the_end else "turn")
            own[i].append(playout.finish(w, 0, g.turn, _world_players(table, ev, 2, k, 1))[1])
            assert (w.phase == "over") == to_the_end
    level = own[j.suggested]
    assert j.level == tuple(level)
    assert j.chance[j.suggested] == judgement._chance(level)
    if to_the_end:        # every option read where the level is: its own chance there
        assert j.level != plain.level
        assert set(level) <= {0.0, 0.5, 1.0 / 3, 1.0}
        for i, o in enumerate(j.outcomes):
            assert o.own == tuple(own[i]) and j.chance[i] == judgement._chance(own[i])
    else:                 # the plain worlds' step added to the level
        assert all(not o.own for o in j.outcomes)


def test_against_random_bots_the_chance_is_read_as_they_play():
    """Turn 1's draft against two random bots: played as themselves, the bots leave the seat
    a far higher chance than the greedy bots of the judgement without the table."""
    g = _draft_game()
    judgement._cache.clear()
    greedy = judgement.judge(g, 0, worlds=4, seed=2)
    random = judgement.judge(g, 0, worlds=4, seed=2, players=("human", "random", "random"))
    assert random.chance[random.suggested][0] > greedy.chance[greedy.suggested][0] + 0.25


def test_a_hint_with_the_players_at_the_table_does_not_peek_at_the_hands_the_others_deploy_from():
    g = _greedy_deployment()
    h = coach.hint(g, 0, worlds=3, seed=2, lang="en", players=TABLE)
    other = _swapped_with_the_draw(g, "hand")
    assert _key(coach.hint(other, 0, worlds=3, seed=2, lang="en", players=TABLE)) == _key(h)


@pytest.mark.parametrize("players, says", [
    (("human", "random"), "players: one name per seat is needed, that is 3; got 2"),
    (("human", "random", "randm"), "unknown player randm; players: human, greedy, random, economist"),
])
def test_a_table_of_players_that_does_not_fit_is_refused_saying_why(players, says):
    g = _draft_game()
    before = g.clone()
    with pytest.raises(PaperTalesError) as refused:
        coach.hint(g, 0, worlds=2, players=players, lang="en")
    assert says in str(refused.value)
    assert kingdom_key(g, 0) == kingdom_key(before, 0) and g.history == before.history


def test_every_bot_of_the_registry_can_sit_at_the_table():
    """The registry's bots and a person: the scripted players and the random bot as
    themselves, the rest (the greedy bot, the search, the coach itself, a person) as the
    greedy bot with its Deployment plan."""
    ev = Evaluation.default()
    assert set(bot_names()) | {"human"} == set(PLAYER_NAMES)
    for name in PLAYER_NAMES:
        player = seat_player(name, ev, 3)
        if name in ("human", "greedy", "ismcts", "advisor"):
            assert isinstance(player, GreedyBot) and player.lookahead and plays_as_greedy(name)
        else:
            assert type(player).name == name and not plays_as_greedy(name)
    assert seat_player("random", ev, 3).rng.next64() == get("random", 3).rng.next64()


def test_a_chance_anchored_out_of_bounds_is_shown_within_0_and_1():
    """A level near 0 plus a worse option's difference can fall below 0 in a world: the
    mean -0.1 (sd 0.1 over 3 worlds, half-width 1.96 * 0.1 / sqrt 3 = 0.113) shows as 0."""
    m, lo, hi = judgement._chance([-0.2, -0.1, 0.0])
    assert (m, lo) == (0.0, 0.0) and hi == pytest.approx(0.1132 - 0.1, abs=1e-4)
    m, lo, hi = judgement._chance([1.1, 1.0, 0.9])
    assert (m, hi) == (1.0, 1.0) and lo == pytest.approx(1.0 - 0.1132, abs=1e-4)


@pytest.mark.parametrize("table", [None, TABLE])
def test_a_judgement_without_its_chances_reads_them_later_the_same(table):
    """A bot that needs only the suggestion spares the rebuilt worlds; a later hint reads
    the chances, and every number is the one a judgement reading them at once gives (at a
    table with a scripted bot too, where every option is read in the rebuilt worlds)."""
    g = _draft_game()
    judgement._cache.clear()
    few = judgement.judge(g, 0, worlds=3, seed=2, chance=False, players=table)
    assert set(few.chance) == {None} and not few.level
    later = judgement.judge(g, 0, worlds=3, seed=2, players=table)     # filled from the cache's entry
    judgement._cache.clear()
    at_once = judgement.judge(g, 0, worlds=3, seed=2, players=table)
    assert later.chance == at_once.chance and None not in at_once.chance
    assert later.level == at_once.level and later.level
    assert [o.own for o in later.outcomes] == [o.own for o in at_once.outcomes]
    assert all(bool(o.own) == (table is not None) for o in at_once.outcomes)
    assert [o.lps for o in few.outcomes] == [o.lps for o in at_once.outcomes]
    assert [o.wins for o in few.outcomes] == [o.wins for o in at_once.outcomes]


def test_a_judgement_is_read_back_after_the_language_changes(monkeypatch):
    """The decision's prompt is in the page's language; the position is the same, so a
    review asked again in Polish (its words) reads the judgement back instead of playing
    every world again."""
    from papertales import i18n
    g = _draft_game()
    judgement._cache.clear()
    en = judgement.judge(g, 0, worlds=3, seed=2)
    played = []
    monkeypatch.setattr(judgement, "_judge", lambda *a, **k: played.append(a))
    before = i18n.get_language()
    try:
        i18n.set_language("pl")
        assert "zatrzymaj" in g.decision(0).prompt                # the prompt did change
        pl = judgement.judge(g, 0, worlds=3, seed=2)
    finally:
        i18n.set_language(before)
    assert pl is en and not played


def _made_up(j, wins_better, wins_worse, lps_worse=(10.0, 11.0, 12.0)):
    """``j``'s first two options with made-up numbers: the first scoring 11, 12, 13 LP in
    3 worlds (so 1 LP better than ``lps_worse``'s default, sure), winning as often as
    ``wins_better`` world by world, the second as ``wins_worse``; nothing rebuilt, so each
    chance is its worlds' mean."""
    a = dataclasses.replace(j.outcomes[0], lps=(11.0, 12.0, 13.0), wins=wins_better)
    b = dataclasses.replace(j.outcomes[1], lps=lps_worse, wins=wins_worse)
    made = dataclasses.replace(j, outcomes=(a, b), suggested=0, worlds=3, level=())
    return dataclasses.replace(made, chance=tuple(made.chance_of(o) for o in made.outcomes))


@pytest.mark.parametrize("lang, tail", [
    ("en", "Still, the second comes first more often: 31 % against 20 %, a difference sure over the 3 sampled "
           "deals, though it scores no more on average."),
    ("pl", "Mimo to druga możliwość częściej daje zwycięstwo: 31 % wobec 20 %, a ta różnica jest pewna w obrębie "
           "3 losowanych rozdań, choć średnio nie daje więcej PL."),
])
def test_a_reason_says_when_the_option_it_ranks_lower_still_wins_more_often(lang, tail):
    """The second option wins in 30, 31 and 32 % of the worlds where the first wins in 20 %:
    +10, +11, +12 points world by world (mean 11, sd 1, interval 11 +- 1.1: sure), shown as
    31 % against 20 %."""
    g = _draft_game()
    j = _made_up(judgement.judge(g, 0, worlds=3, seed=2), (0.2, 0.2, 0.2), (0.3, 0.31, 0.32))
    w = coach.why(g, j, 0, 1, lang)
    assert w.wins_more_often and w.text.endswith(tail)
    assert w.lp == pytest.approx(1.0)


def test_a_reason_says_nothing_of_a_chance_the_noise_could_give():
    """World by world -10, +11, +12 points (mean 4.3, sd 12.4, half-width 1.96 * 12.4 / sqrt 3
    = 14.1: the interval reaches 0), though shown as 24 % against 20 %; a second option
    surely winning *less* often; and one that wins more often but also scores more."""
    g = _draft_game()
    j = judgement.judge(g, 0, worlds=3, seed=2)
    noisy = _made_up(j, (0.2, 0.2, 0.2), (0.1, 0.31, 0.32))
    assert [round(100 * c[0]) for c in noisy.chance] == [20, 24]
    assert not coach.why(g, noisy, 0, 1, "en").wins_more_often
    assert not coach.why(g, _made_up(j, (0.3, 0.31, 0.32), (0.2, 0.2, 0.2)), 0, 1, "en").wins_more_often
    # the second winning more often *and* scoring more on average (12, 12, 13 against 11, 12,
    # 13: mean 12.33 against 12): "it scores no more on average" would be false, so not said
    higher = _made_up(j, (0.2, 0.2, 0.2), (0.3, 0.31, 0.32), lps_worse=(12.0, 12.0, 13.0))
    assert not coach.why(g, higher, 0, 1, "en").wins_more_often


def test_a_review_reads_the_chance_of_the_move_played_and_of_the_suggestion_as_the_hint_does():
    g = _draft_game()
    judgement._cache.clear()
    h = judgement.judge(g, 0, worlds=3, seed=2)
    judgement._cache.clear()
    played = h.outcomes[max(i for i in range(len(h.outcomes)) if i != h.suggested)]
    row = coach.review_decision(g, 0, played.plan, worlds=3, seed=2, lang="en")
    assert row.win_after == h.chance[h.index(played.plan)][0]
    assert row.win_before == h.chance[h.suggested][0]


def test_where_nothing_is_rebuilt_every_chance_comes_with_the_playout():
    g = Game.new(players=1, seed=3, cards=card_set("lich-king-illustrative")).advance()   # solo: nothing drafted by others
    assert not DraftedWorlds(g, 0, Evaluation.default()).rebuilds
    j = judgement.judge(g, 0, worlds=3, seed=2, chance=False)
    assert not j.level and all(o.wins for o in j.outcomes)
    assert j.chance == tuple(judgement._chance(o.wins) for o in j.outcomes)


# ------------------------------------------------------------------ reasons: positions whose reason is known

def _cerberus(back):
    """Turn 2: Eve holds Cerberus (strength 2, or 3 while her kingdom produces food);
    Ada and Bob each have a Treefolk (strength 3) in the Front, no card in hand, no gold:
    nothing of theirs changes this turn."""
    return _at({"turn": 2, "phase": "deployment", "players": [
        {"name": "Eve", "gold": 3, "hand": ["cerberus"], "front": [], "back": back},
        {"name": "Ada", "gold": 0, "front": ["treefolk"]}, {"name": "Bob", "gold": 0, "front": ["treefolk"]}]})


def test_cerberus_with_food_wins_both_wars_and_the_reason_names_them():
    """With the Farmer's food Cerberus has strength 3: against each Treefolk (3) at least as
    strong wins, 3 LP a war, in every world; in the Back it fights nobody.  The LP of a war
    counts at the evaluation's weight of an LP at the horizon (the start of turn 3)."""
    g = _cerberus(["farmer"])
    h = coach.hint(g, 0, worlds=4, seed=0, lang="en")
    best = h.best
    assert any(a.kind == "place" and a.card == "cerberus" and a.spot in (0, 1) for a in best.plan)
    assert best.text.startswith("Cerberus to the Front")
    j = judgement.judge(g, 0, 4, 0)
    w = _w_lp("3.recruitment")
    back = next(i for i, o in enumerate(j.outcomes)
                if any(a.kind == "place" and a.card == "cerberus" and a.spot in (2, 3) for a in o.plan))
    d = dict(j.difference(j.suggested, back).parts)
    assert d["war:1"] == pytest.approx(3 * w) and d["war:2"] == pytest.approx(3 * w)
    why = coach.why(g, j, j.suggested, back, "en")
    assert "the war against Ada +" in why.text and "the war against Bob +" in why.text and not why.equal
    _adds_up(why)


def test_cerberus_without_food_wins_no_war():
    """Without food Cerberus has strength 2 < 3: no war is won wherever it stands."""
    g = _cerberus([])
    j = judgement.judge(g, 0, 4, 0)
    for o in j.outcomes:
        assert not any(k.startswith("war:") for k, _ in o.parts)


def test_a_level_2_mine_on_the_last_turn_is_worth_its_end_of_game_lp():
    """Turn 4, Construction: Eve's Mine is at level 1 (1 LP at the end); upgraded, it
    scores 3 LP at the end (and its Wars ability has no Wars left): +2 LP in every world,
    said as the Mine's, with an interval of width 0."""
    g = _at({"turn": 4, "phase": "construction", "players": [
        {"name": "Eve", "gold": 9, "front": ["woodcutter"], "back": ["miner"], "buildings": {"mine": 1}},
        {"name": "Ada", "front": ["knight"]}, {"name": "Bob", "front": ["knight"]}]})
    assert g.decision(0).kind == "build"
    j = judgement.judge(g, 0, 3, 0)
    up = j.index(Action.parse("upgrade mine"))
    stay = j.index(Action.parse("pass"))
    d = j.difference(up, stay)
    assert d.lp == pytest.approx(2.0) and d.low == pytest.approx(2.0) and dict(d.parts) == {"building:mine": 2.0}
    why = coach.why(g, j, up, stay, "en")
    assert why.text.startswith("Upgrade Mine to level 2 rather than pass: +2.0 LP by the end of the game "
                               "(the same in every one of the 3 sampled games).")
    assert why.parts == ((2.0, "your Mine", True),)
    pl = coach.why(g, j, up, stay, "pl")
    assert "+2,0 PL na koniec gry (tyle samo w każdej z 3 losowanych gier)." in pl.text
    assert "Kopalni" in pl.text or "Kopalnia" in pl.text


def test_a_narrow_range_is_shown_with_the_decimals_that_tell_its_ends_apart():
    """The Mine's +2.0 LP, with the upgrade's worlds moved by 0, +0.01 and -0.01 LP: the
    difference's 95 % range is 2.0 +- 1.96 x 0.01 / sqrt(3) = 1.989 .. 2.011, "2.0 to 2.0"
    with one decimal, so two are shown."""
    g = _at({"turn": 4, "phase": "construction", "players": [
        {"name": "Eve", "gold": 9, "front": ["woodcutter"], "back": ["miner"], "buildings": {"mine": 1}},
        {"name": "Ada", "front": ["knight"]}, {"name": "Bob", "front": ["knight"]}]})
    j = judgement.judge(g, 0, 3, 0)
    up, stay = j.index(Action.parse("upgrade mine")), j.index(Action.parse("pass"))
    moved = tuple(x + e for x, e in zip(j.outcomes[up].lps, (0.0, 0.01, -0.01)))
    outcomes = list(j.outcomes)
    outcomes[up] = dataclasses.replace(outcomes[up], lps=moved)
    j = dataclasses.replace(j, outcomes=tuple(outcomes))
    assert "+2.0 LP by the end of the game (95 % interval 1.99 to 2.01)" in coach.why(g, j, up, stay, "en").text
    assert "(przedział 95 %: od 1,99 do 2,01)" in coach.why(g, j, up, stay, "pl").text


def test_a_sure_difference_under_a_tenth_of_an_lp_is_shown_as_such():
    """The Mine's worlds lowered to +0.03 LP over passing in each (2.0 LP less in every
    world of the upgrade): sure, as it is the same in every world, but under a tenth of an
    LP: said with two decimals and "either is fine", not as "+0.0 LP"."""
    g = _at({"turn": 4, "phase": "construction", "players": [
        {"name": "Eve", "gold": 9, "front": ["woodcutter"], "back": ["miner"], "buildings": {"mine": 1}},
        {"name": "Ada", "front": ["knight"]}, {"name": "Bob", "front": ["knight"]}]})
    j = judgement.judge(g, 0, 3, 0)
    up, stay = j.index(Action.parse("upgrade mine")), j.index(Action.parse("pass"))
    outcomes = list(j.outcomes)
    outcomes[up] = dataclasses.replace(outcomes[up], lps=tuple(x - 1.97 for x in outcomes[up].lps),
                                       parts=tuple((k, v - 1.97 if k == "building:mine" else v)
                                                   for k, v in outcomes[up].parts))
    j = dataclasses.replace(j, outcomes=tuple(outcomes))
    why = coach.why(g, j, up, stay, "en")
    assert not why.equal
    assert why.text == ("Upgrade Mine to level 2 rather than pass, though by less than a tenth of an LP: "
                        "+0.03 LP by the end of the game (the same in every one of the 3 sampled games); "
                        "either is fine.")
    assert "o mniej niż jedną dziesiątą PL: +0,03 PL na koniec gry" in coach.why(g, j, up, stay, "pl").text


def test_a_building_is_named_and_the_one_not_built_said_so():
    """Turn 2, Construction: upgrading the Mine (1 LP at the end at level 1, 3 LP at level
    2) against passing: the Mine's part is what the evaluation at the start of turn 3 gives
    a building's end LP (x 2 more) and a level 2 (x 1), in every world; against building a
    Temple instead, the reason says what not having the Temple costs."""
    g = _at({"turn": 2, "phase": "construction", "players": [
        {"name": "Eve", "gold": 9, "front": ["woodcutter"], "back": ["miner"], "buildings": {"mine": 1}},
        {"name": "Ada", "front": ["knight"]}, {"name": "Bob", "front": ["knight"]}]})
    j = judgement.judge(g, 0, 3, 0)
    up, stay = j.index(Action.parse("upgrade mine")), j.index(Action.parse("pass"))
    w = Evaluation.default().models["3.recruitment"]
    assert dict(j.difference(up, stay).parts)["building:mine"] == pytest.approx(2 * w["building_lp"] + w["level2"])
    temple = j.index(Action.parse("build temple 2"))
    better, worse = (up, temple) if j.outcomes[up].lp >= j.outcomes[temple].lp else (temple, up)
    why = coach.why(g, j, better, worse, "en")
    lost = "no Temple" if better == up else "no Mine"
    assert lost in why.text or "your Temple" in why.text
    _adds_up(why)
    pl = coach.why(g, j, better, worse, "pl")
    assert "jest lepsze niż" in pl.text and ("Budynek: Kopalnia" in pl.text or "brak Budynku: Kopalnia" in pl.text)


def test_the_knight_front_tie_follows_the_guide_s_principle():
    """Turn 4, nobody else has a unit or a card: every war is won whoever stands in the
    Front, and the game ends this turn, so Knight in Front or Back makes no difference in
    any world.  The tie is said ("about equal") and broken by the rule of thumb: the
    Front fights, producers work in the Back -- the Knight to the Front, the Forest Child
    (wood and food) to the Back."""
    g = _at({"turn": 4, "phase": "deployment", "players": [
        {"name": "Eve", "gold": 2, "hand": ["knight", "forest_child"], "front": [], "back": []},
        {"name": "Ada", "gold": 0}, {"name": "Bob", "gold": 0}]})
    h = coach.hint(g, 0, worlds=3, seed=0, lang="en")
    units = {a.card: a.spot for a in h.best.plan if a.kind == "place"}
    assert units["knight"] in (0, 1, 4) and units.get("forest_child") in (2, 3)
    back = [o for o in h.options if any(a.kind == "place" and a.card == "knight" and a.spot in (2, 3) for a in o.plan)]
    assert back and back[0].lp == pytest.approx(h.best.lp)
    assert h.best.why.equal and "About equal" in h.best.reason and "the Front fights" in h.best.reason


def _draft_judgement(g, a, b, parts_a, counts_a, counts_b):
    """A draft judgement built by hand: keeping ``a`` is 2.0 LP better than keeping ``b``
    in each of three worlds, ``parts_a`` its parts (``b``'s are all 0)."""
    keep_a = judgement.Outcome((Action("pick", a),), (), (2.1, 1.9, 2.0), (0.0,) * 3, tuple(parts_a), tuple(counts_a))
    keep_b = judgement.Outcome((Action("pick", b),), (), (0.1, -0.1, 0.0), (0.0,) * 3, (), tuple(counts_b))
    return judgement.Judgement(0, g.turn, g.phase, g.decision(0).kind, (keep_a, keep_b), 0, 3)


def test_a_card_neither_option_keeps_is_said_to_be_a_later_pick():
    """Turn 1's first pick: keeping ``a`` rather than ``b`` passes ``b`` on, which changes
    what comes back.  A third card of the pack, ``c``, is in play (+1.2) and kept (+0.2) at
    the end of the turn more often after ``a``: neither option keeps it and the seat has
    no card yet, so the reason says "taking c in a later pick +1.4" (one part, not two
    parts naming a card the decision is not about); the worlds with ``a`` leave one empty
    spot fewer (+0.6): "fewer empty spots".  1.4 + 0.6 = 2.0, the difference shown."""
    g = _draft_game()
    a, b, c = (t.id for t in g.players[0].pack[:3])
    j = _draft_judgement(g, a, b, [("free_spots", 0.6), ("kept:" + c, 0.2), ("play:" + c, 1.2)],
                         [("free_spots", 1.0), ("hand:" + a, 1.0), ("kept:" + c, 1.0), ("play:" + c, 1.0)],
                         [("free_spots", 2.0), ("hand:" + b, 1.0)])
    causes, more = coach.later_picks(g, j, 0, 1, j.difference(0, 1).parts, j.difference(0, 1).more)
    assert causes == [("later:" + c, pytest.approx(1.4)), ("free_spots", pytest.approx(0.6))]
    assert more["later:" + c] == 2.0 and more["free_spots"] == -1.0
    why = coach.why(g, j, 0, 1, "en")
    name = card_name(c, "en")
    assert [(v, words) for v, words, _ in why.parts] == [(1.4, f"taking {name} in a later pick"), (0.6, "fewer empty spots")]
    assert why.names_something
    _adds_up(why)
    pl = coach.why(g, j, 0, 1, "pl")
    assert f"wybór karty {card_name(c, 'pl')} w jednym z kolejnych pakietów +1,4" in pl.text
    assert "mniej wolnych miejsc +0,6" in pl.text


def test_a_card_the_seat_already_has_is_no_later_pick_and_other_decisions_keep_their_parts():
    """A card in the seat's hand is its own: "in play" stays (the option changes whether it
    is played, not whether it is picked); outside a draft nothing is merged."""
    g = _draft_game()
    a, b, c = (t.id for t in g.players[0].pack[:3])
    g.players[0].hand.append(g.players[0].pack[2])
    j = _draft_judgement(g, a, b, [("play:" + c, 2.0)], [("play:" + c, 1.0)], [])
    assert coach.later_picks(g, j, 0, 1, j.difference(0, 1).parts, {})[0] == [("play:" + c, pytest.approx(2.0))]
    g = _deploy_position()
    j = judgement.judge(g, 0, 2, 0)
    parts = [("play:dragon", 1.0), ("kept:dragon", 0.5)]
    assert coach.later_picks(g, j, 0, 1, parts, {"play:dragon": 1.0}) == (parts, {"play:dragon": 1.0})


def test_the_breakdown_counts_dying_units_and_empty_spots():
    """Turn 2, Deployment: Eve's Knight carries an age token, so it dies in the coming
    Aging; her Farmer has none; two of her four spots are empty (the fifth needs a level-2
    building).  The counts a reason words as "more" or "fewer" are 1 dying unit and 2 empty
    spots."""
    g = _at({"turn": 2, "phase": "deployment", "players": [
        {"name": "Eve", "gold": 0, "front": [{"card": "knight", "age": 1}], "back": ["farmer"]},
        {"name": "Ada", "front": ["militiaman"]}, {"name": "Bob", "front": ["militiaman"]}]})
    counts: dict[str, float] = {}
    judgement.breakdown(g, 0, g.players[0].lp, Evaluation.default(), counts)
    assert counts["dying"] == 1.0 and counts["free_spots"] == 2.0
    assert coach.part_words("dying", g, "en", -1.0) == "fewer units about to die of old age"
    assert coach.part_words("free_spots", g, "pl", 2.0) == "więcej wolnych miejsc"


def test_reasons_in_polish_use_a_decimal_comma_and_add_up():
    g = _cerberus(["farmer"])
    h = coach.hint(g, 0, worlds=4, seed=0, lang="pl")
    assert "wojna z graczem Ada +" in h.best.reason and "," in h.best.reason
    assert "Cerberus na Przód" in h.best.text or "na Przód" in h.best.text
    _adds_up(h.best.why)


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
def test_the_review_judges_each_decision_and_flags_the_bad_deployment():
    g, bad = _game_with_a_bad_move()
    rows = coach.review(g, 0, worlds=6, seed=0, lang="en")
    assert [(r.index, r.plan) for r in rows] == coach.decisions(g, 0)
    assert all(r.cost >= 0 for r in rows)
    assert all(r.verdict == ("fine" if r.cost_low <= 0 else coach.verdict(r.cost)) for r in rows if not r.forced)
    worst = {r.index: r for r in rows}[bad[0]]            # the whole turn-3 Deployment: discard, done
    assert worst.plan == tuple(a for a, in [(g.history[i][1],) for i in bad]) or worst.plan[0] == g.history[bad[0]][1]
    assert worst.cost > 1.0 and worst.verdict != "fine" and worst.why is not None
    assert worst.lp_best > worst.lp_action and worst.win_before >= worst.win_after
    _adds_up(worst.why)
    same = [r for r in rows if r.followed and not r.forced]
    assert same and all(r.cost == 0 and r.verdict == "fine" for r in same)
    s = coach.summary(rows)
    assert sum(s[v] for _, v in coach.VERDICTS) == len(rows)
    moments = coach.key_moments(rows)
    costs = sorted((r.cost for r in rows if r.verdict != "fine"), reverse=True)
    assert sorted((r.cost for r in moments), reverse=True) == costs[:3]
    assert [r.index for r in moments] == sorted(r.index for r in moments)


def test_a_move_equivalent_to_the_suggestion_costs_nothing():
    g = _draft_game()
    best = coach.hint(g, 0, worlds=3, seed=1).best
    for plan in (best.plan, *best.also):
        row = coach.review_decision(g, 0, plan, worlds=3, seed=1)
        assert row.cost == 0 and row.verdict == "fine" and row.best == best.plan and row.followed


def test_the_review_agrees_with_the_hint_on_the_same_position():
    """One judgement: the review of any option reads the hint's numbers."""
    g = _deploy_position()
    h = coach.hint(g, 0, worlds=3, seed=1, lang="en")
    for o in h.options:
        row = coach.review_decision(g, 0, o.plan, worlds=3, seed=1, lang="en")
        assert row.lp_action == pytest.approx(o.lp) and row.lp_best == pytest.approx(h.best.lp)
        if o is not h.best:
            assert row.why.text == o.reason and row.cost == pytest.approx(max(h.best.lp - o.lp, 0.0))


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
    judgement._cache.clear()
    b = coach.review(g, 1, worlds=3, seed=4)
    assert a == b and len(a) == len(coach.decisions(g, 1))


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


def test_at_a_table_with_a_scripted_bot_a_learners_own_move_is_read_in_the_rebuilt_worlds_too():
    """Turn 2's Deployment at a table with the economist and the random bot: a learner's
    Deployment the bots never play (the Farmer alone on spot 4, the Cerberus kept) is read
    where every option is, in the rebuilt worlds by the table's players: its chance is its
    own there, read in as many worlds, and the options judged before keep theirs."""
    g = _greedy_deployment()
    mine = (Action("place", "farmer", 4), Action("done", "cerberus"))
    judgement._cache.clear()
    j = judgement.judge(g, 0, worlds=3, seed=2, players=TABLE)
    assert not any(o.plays(mine) for o in j.outcomes)
    both = judgement.judge(g, 0, worlds=3, seed=2, players=TABLE, extra=[mine])
    i = both.index(mine)
    assert len(both.outcomes[i].own) == 3 and both.chance[i] == judgement._chance(both.outcomes[i].own)
    assert both.chance[:len(j.outcomes)] == j.chance and both.level == j.level


def test_at_such_a_table_only_the_chances_shown_are_read_and_the_rest_later_the_same():
    """A review shows two chances of a decision: at a table with a scripted bot, where each
    option is played to the game's end for its own chance, only the move shown and the
    suggestion are read; a hint on the same position then reads the others, and every
    chance is the one a judgement reading them all at once gives."""
    g = _draft_game()
    judgement._cache.clear()
    at_once = judgement.judge(g, 0, worlds=3, seed=2, players=TABLE)
    mine = next(o.plan for i, o in enumerate(at_once.outcomes) if i != at_once.suggested)
    judgement._cache.clear()
    two = judgement.judge(g, 0, worlds=3, seed=2, players=TABLE, shown=[mine])
    read = [i for i, c in enumerate(two.chance) if c is not None]
    assert read == sorted({two.suggested, two.index(mine)}) and len(two.outcomes) > 2
    assert [bool(o.own) for o in two.outcomes] == [c is not None for c in two.chance]
    assert all(two.chance[i] == at_once.chance[i] for i in read) and two.level == at_once.level
    later = judgement.judge(g, 0, worlds=3, seed=2, players=TABLE)          # the hint: the rest read now
    assert later.chance == at_once.chance and [o.own for o in later.outcomes] == [o.own for o in at_once.outcomes]
    judgement._cache.clear()
    plain = judgement.judge(g, 0, worlds=3, seed=2, shown=[mine])        # no such table: every chance, anchored
    assert None not in plain.chance and not any(o.own for o in plain.outcomes)


def test_a_shown_plan_in_another_order_is_read_as_the_option_it_plays():
    """A learner who placed the Cerberus before the Farmer left the kingdom the option
    "Farmer on F2, Cerberus on B2" leaves: that option's chance is the one read for it, at
    a table where each option is read on its own (``judgement.outcome_index``)."""
    g = _greedy_deployment()
    judgement._cache.clear()
    at_once = judgement.judge(g, 0, worlds=3, seed=2, players=TABLE)
    farmer_first = (Action("place", "farmer", 1), Action("place", "cerberus", 4), Action("done", "knight"))
    i = at_once.index(farmer_first)
    cerberus_first = (farmer_first[1], farmer_first[0], farmer_first[2])
    assert not at_once.outcomes[i].plays(cerberus_first) and judgement.outcome_index(g, 0, at_once, cerberus_first) == i
    judgement._cache.clear()
    two = judgement.judge(g, 0, worlds=3, seed=2, players=TABLE, shown=[cerberus_first])
    assert two.chance[i] == at_once.chance[i] is not None and two.outcomes[i].own == at_once.outcomes[i].own
    assert sum(c is not None for c in two.chance) == 2          # and the suggestion's
