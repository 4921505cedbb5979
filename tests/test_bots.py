"""The bots: legal choices only, no peeking at hidden cards, and every game ends.

Many games: random, greedy, search (ismcts with a tiny budget) and a seat following the
coach's advice (lab.AdvisorBot), 2-5 players and solo; "no peeking": in mid-game positions
every card the seat cannot see is dealt again (keeping how many cards each place holds)
and the bot's choice must not change for the same seed."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

import pytest

from papertales import Game
from papertales.bots import RandomBot, play
from papertales.registry import budget_options, get, names
from papertales.cards import card_set
from papertales.rng import Rng

ROOT = Path(__file__).resolve().parent.parent
MAX_DECISIONS = 3000          # a game of 5 players takes ~250 bot decisions
COUNTS = (2, 3, 4, 5, 1)      # 1: solo against the Lich King
SOLO = None


def new_game(players, seed, **opts):
    if players == 1:
        global SOLO
        SOLO = SOLO or card_set("lich-king-illustrative")
        opts.setdefault("cards", SOLO)
        opts.setdefault("lich_king_cards", seed % 5)
    return Game.new(players=players, seed=seed, record_events=False, **opts)


def make(name, seed):
    return get(name, seed=seed, **{"iterations": 1} if budget_options(name) else {})


def checked_game(args):
    """Play one game; every choice must be legal and the game must end.  Returns the
    number of decisions."""
    name, seed = args
    players = COUNTS[seed % len(COUNTS)]
    g = new_game(players, seed)
    if name == "advisor":         # the advised seat plays against random bots
        bots = [make("advisor", seed)] + [RandomBot(seed * 10 + k) for k in range(1, players)]
    else:
        bots = [make(name, seed * 10 + k) for k in range(players)]
    decisions = 0
    while not g.is_over:
        pending = g.pending_players()
        if not pending:
            g.advance()
            continue
        for s in pending:
            while g.pending[s] is not None:
                a = bots[s].choose(g, s)
                assert a in g.legal_actions(s), (name, seed, s, a)
                g.apply(s, a)
                decisions += 1
                assert decisions < MAX_DECISIONS, f"{name}: game {seed} does not end"
    return decisions


def _many(name, games):
    jobs = [(name, seed) for seed in range(games)]
    with multiprocessing.get_context("fork").Pool(2) as pool:
        return pool.map(checked_game, jobs, chunksize=10)


def test_the_registry_names_every_bot():
    assert names() == ["random", "greedy", "ismcts", "strongest", "economist", "builder", "warlord", "merchant",
                       "spoiler", "advisor"]
    assert [budget_options(n) for n in names()] == [(), (), ("iterations", "seconds")] + [()] * 6 + [("iterations",)]
    assert all(get(n).name == n for n in names())            # one name, read from each class


def test_a_search_of_nothing_is_refused():
    """``IsmctsBot(iterations=0)`` would have no statistics to choose from: refused as a
    budget string of the same value is, in the person's language."""
    from papertales.errors import PaperTalesError
    from papertales.ismcts import IsmctsBot
    for options, value in (({"iterations": 0}, "0it"), ({"seconds": 0.0}, "0.0s"), ({"iterations": -3}, "-3it")):
        with pytest.raises(PaperTalesError) as info:
            IsmctsBot(**options)
        assert info.value.key == "err.tournament.budget" and value in str(info.value)
    assert IsmctsBot(iterations=1).iterations == 1


def test_the_search_plays_its_opponents_as_asked(monkeypatch):
    """``opponents="styles"``: in each world every other seat plays the rollout's player or
    one of the four outside styles, drawn at random; by default the styles never play.  An
    unknown value is refused, saying what is allowed."""
    from papertales import Game
    from papertales.errors import PaperTalesError
    from papertales.ismcts import IsmctsBot
    from papertales.styles import BuilderBot, MerchantBot, SpoilerBot, StyleBot, WarlordBot
    played: set[str] = set()

    def noted(self, game, seat):
        played.add(self.name)
        return StyleBot.choose(self, game, seat)
    for cls in (BuilderBot, WarlordBot, MerchantBot, SpoilerBot):
        monkeypatch.setattr(cls, "choose", noted)
    g = Game.new(players=4, seed=3).advance()            # the first draft: every seat picks
    for opponents, expected in (("rollout", set()), ("styles", {"builder", "warlord", "merchant", "spoiler"})):
        played.clear()
        IsmctsBot(seed=1, iterations=40, opponents=opponents).analyse(g, 0)
        assert played == expected, opponents
    with pytest.raises(PaperTalesError) as info:
        IsmctsBot(opponents="warlords")
    assert "rollout, styles" in str(info.value) and "warlords" in str(info.value)


def test_the_search_decides_a_deployment_as_a_whole_plan():
    """In a Deployment the search compares the whole plans the coach compares and plays the
    one it chose step by step, to its ``done``; each of its statistics names its plan."""
    from papertales.ismcts import IsmctsBot
    from papertales.plans import choice_groups
    g = next(g for s in range(1, 40) if (g := _reach(s, 3, _deploy)) is not None)
    bot = IsmctsBot(seed=2, iterations=30)
    plans = [group[0] for group in choice_groups(g, 0, bot.ev)]
    assert bot.choices(g, 0) == plans and len(plans) > 2
    played = []
    while g.pending[0] is not None and g.pending[0].kind == "deploy":
        a = bot.choose(g, 0)
        if not played:
            stats = bot.last_stats
            assert sorted(r.plan for r in stats) == sorted(plans) and sum(r.visits for r in stats) == 30
            chosen = stats[0].plan
        played.append(a)
        g.apply(0, a)
    assert tuple(played) == chosen and chosen[-1].kind == "done"


def test_a_plan_being_played_gives_its_next_step_while_it_is_legal():
    """``plans.next_step``: the plan's first step, taken off it, while the seat deploys and
    the step is legal; otherwise None and the plan dropped (the player chooses again)."""
    from papertales.actions import place
    from papertales.plans import choice_groups, next_step
    g = next(g for s in range(1, 40) if (g := _reach(s, 3, _deploy)) is not None)
    plan = list(max((grp[0] for grp in choice_groups(g, 0)), key=len))
    first, rest = plan[0], plan[1:]
    assert next_step(plan, g, 0) == first and plan == rest
    stale = [place("Nobody", 0)] + rest
    assert next_step(stale, g, 0) is None and stale == []
    done = [grp[0] for grp in choice_groups(g, 0) if len(grp[0]) == 1][0]
    g.apply(0, done[0])
    left = list(rest)
    assert next_step(left, g, 0) is None and left == []


def test_the_search_rewards_the_lead_over_the_best_other_seat():
    """The reward is 0.5 + the seat's lead over the best other seat per 20 LP: final LP at
    the end of the game (30 against the best other's 33: 0.35; the leader with 33: 0.65),
    expected final LP at a horizon; in solo the lead over the Lich King's LP."""
    from papertales.evaluation import Evaluation
    from papertales.ismcts import IsmctsBot
    g = Game.new(players=4, seed=3)
    play(g, [RandomBot(k) for k in range(4)])
    for p, lp in zip(g.players, (30, 25, 33, 28)):
        p.lp = lp
    bot = IsmctsBot(seed=1)
    assert bot._outcome(g, 0) == (0.5 - 3 / 20, 30.0) and bot._outcome(g, 2) == (0.5 + 3 / 20, 33.0)
    h = Game.new(players=3, seed=4).advance()                     # a horizon: the first draft
    values = [Evaluation.default().value(h, s) for s in range(3)]
    assert bot._outcome(h, 1) == pytest.approx((0.5 + (values[1] - max(values[0], values[2])) / 20, values[1]))
    solo = Game.new(players=1, seed=5, cards=card_set("lich-king-illustrative"), lich_king_cards=1).advance()
    solo.lich.lp = 4
    mine = Evaluation.default().value(solo, 0)
    assert bot._outcome(solo, 0) == pytest.approx((0.5 + (mine - 4) / 20, mine))


def test_declared_options_are_the_constructors():
    """A class that declares its ``options`` for the registry (its compiled signature cannot
    be read) declares what its constructor takes: read off the source, in any build."""
    import ast
    import inspect
    from papertales.registry import BOTS
    for name, cls in BOTS.items():
        if "options" not in vars(cls):
            continue
        module = inspect.getmodule(cls)
        tree = ast.parse(Path(module.__file__.split(".cpython")[0].removesuffix(".py") + ".py").read_text())
        init = next(f for c in ast.walk(tree) if isinstance(c, ast.ClassDef) and c.name == cls.__name__
                    for f in c.body if isinstance(f, ast.FunctionDef) and f.name == "__init__")
        taken = tuple(a.arg for a in init.args.args + init.args.kwonlyargs if a.arg not in ("self", "seed"))
        assert cls.options == taken, name


@pytest.mark.slow
@pytest.mark.parametrize("name, games", [("random", 200), ("greedy", 200), ("strongest", 200), ("economist", 200),
                                         ("builder", 200), ("warlord", 200), ("merchant", 200), ("spoiler", 200),
                                         ("ismcts", 40), ("advisor", 10)])
def test_games_end_with_legal_choices_only(name, games):
    """Many games for the fast bots; fewer for the searching ones, each of whose decisions
    plays sampled worlds on (every size and solo still met: ``COUNTS`` by seed)."""
    done = _many(name, games)
    assert len(done) == games and all(d > 0 for d in done)


# ------------------------------------------------------------------ no peeking

def _reach(seed, players, stop):
    """Play random bots until ``stop(g)`` holds with only seat 0 left to decide."""
    g = Game.new(players=players, seed=seed)
    bots = [RandomBot(seed * 31 + k) for k in range(players)]
    for _ in range(5000):
        if g.is_over:
            return None
        pending = g.pending_players()
        if not pending:
            g.advance()
            continue
        if pending == [0] and stop(g):
            return g
        s = next((s for s in pending if s != 0), 0)
        g.apply(s, bots[s].choose(g, s))
    return None


def _hidden_count(g, seat):
    n = len(g.draw) + len(g.discard)
    for s, p in enumerate(g.players):
        if s != seat:
            n += len(p.hand) + len(p.pack) + (p.kept is not None) + sum(1 for u in p.units if u is not None and u.new)
    return n


def scramble(g, seat, rng):
    """Every card ``seat`` cannot see dealt again into the same places (counts kept), in a
    different order; the others' secret constructions replaced by other legal ones."""
    from papertales.construction import options
    from papertales.state import Unit
    h = g.clone()
    others = [s for s in range(h.n) if s != seat]
    pool = list(h.draw) + list(h.discard)
    for s in others:
        p = h.players[s]
        pool += p.hand + p.pack + ([p.kept] if p.kept is not None else [])
        pool += [u.type for u in p.units if u is not None and u.new]
    before = list(pool)
    for _ in range(50):
        rng.shuffle(pool)
        if sum(a is not b for a, b in zip(pool, before)) >= len(pool) // 2:
            break
    it = iter(pool)
    h.draw = [next(it) for _ in h.draw]
    h.discard = [next(it) for _ in h.discard]
    for s in others:
        p = h.players[s]
        p.hand = [next(it) for _ in p.hand]
        p.pack = [next(it) for _ in p.pack]
        p.kept = next(it) if p.kept is not None else None
        for i, u in enumerate(p.units):
            if u is not None and u.new:
                p.units[i] = Unit(next(it), u.age, True)
    h.rng = Rng(rng.next64())
    if h.build_choices is not None:
        for s in others:
            if h.build_choices[s] is not None:
                acts = [a for a, _, _ in options(h, s)]
                other = [a for a in acts if a != h.build_choices[s]]
                if other:
                    h.build_choices[s] = other[rng.below(len(other))]
    assert h.card_counts() == g.card_counts()
    return h


def _draft(g):
    return g.turn == 2 and g.phase == "recruitment" and len(g.players[0].pack) >= 3


def _deploy(g):
    return g.turn >= 2 and g.phase == "deployment" and \
        any(u is not None and u.new for p in g.players[1:] for u in p.units)


def _construct(g):
    return g.phase == "construction" and g.build_choices is not None and \
        any(c is not None for c in g.build_choices[1:])


POSITIONS = [(kind, seed, players) for kind in ("draft", "deployment", "construction")
             for seed, players in ((1, 4), (2, 3), (3, 2))]


@pytest.mark.parametrize("kind, seed, players", POSITIONS)
def test_no_bot_peeks_at_hidden_cards(kind, seed, players):
    stop = {"draft": _draft, "deployment": _deploy, "construction": _construct}[kind]
    g = next((g for s in range(seed, seed + 40) if (g := _reach(s, players, stop)) is not None), None)
    assert g is not None, f"no {kind} position reached"
    assert _hidden_count(g, 0) > 0
    variants = [scramble(g, 0, Rng(k)) for k in range(3)]
    players = [(name, {"iterations": 12} if budget_options(name) else {}) for name in names()]
    players.append(("ismcts", {"iterations": 12, "opponents": "styles"}))    # the styles in its rollouts
    for name, opts in players:
        first = get(name, seed=5, **opts).choose(g, 0)
        for h in variants:
            assert get(name, seed=5, **opts).choose(h, 0) == first, (name, opts, kind)


@pytest.mark.parametrize("kind, seed, players", POSITIONS)
def test_the_evaluation_reads_nothing_hidden(kind, seed, players):
    """Seat 0's features and its expected LP are the same whatever the hidden cards are;
    every seat's are the same in a world where only seat 0's secrets are dealt again."""
    from papertales.evaluation import Evaluation
    from papertales.features import features
    stop = {"draft": _draft, "deployment": _deploy, "construction": _construct}[kind]
    g = next((g for s in range(seed, seed + 40) if (g := _reach(s, players, stop)) is not None), None)
    ev = Evaluation.default()
    for k in range(3):
        h = scramble(g, 0, Rng(k))
        assert features(h, 0) == features(g, 0), kind
        assert ev.value(h, 0) == ev.value(g, 0)


def test_the_scramble_really_changes_hidden_cards():
    g = _reach(1, 4, _deploy)
    h = scramble(g, 0, Rng(0))
    assert [t.id for t in h.draw] != [t.id for t in g.draw]
    assert [u and u.type.id for u in h.players[0].units] == [u and u.type.id for u in g.players[0].units]
    assert h.players[0].hand == g.players[0].hand
    assert h.observation(0).kingdoms == g.observation(0).kingdoms       # what seat 0 sees: the same
