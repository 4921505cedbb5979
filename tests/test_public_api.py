"""The engine's public API: one action notation, decision records, events returned by
``apply``, observations that hide what a seat has not seen, structured phase results."""

from __future__ import annotations

import random

import pytest

import papertales
from papertales import Action, Decision, Game, IllegalActionError, explain
from papertales.serialize import dumps, loads
from papertales.bots import RandomBot, play
from papertales.cards import card_set
from papertales.events import BLACK_ARMY, PURPLE_ARMY
from papertales.results import (AgingResult, ConstructionResult, DeploymentResult, DraftResult,
                                EndResult, IncomeResult, SoloRecruitmentResult, SoloWarsResult,
                                WarsResult)

SOLO = card_set("lich-king-illustrative")


def _random_game(players, seed, check):
    """Play a game with seeded random choices, calling ``check(game, seat, legal)`` at
    every decision."""
    rng = random.Random(seed)
    g = Game.new(players=players, seed=seed, cards=SOLO if players == 1 else None)
    while not g.is_over:
        g.advance()
        for seat in g.pending_players():
            while g.decision(seat) is not None:
                legal = g.legal_actions(seat)
                check(g, seat, legal)
                g.apply(seat, rng.choice(legal))
    return g


@pytest.mark.slow
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_every_legal_action_reads_back_to_itself(players):
    seen = set()

    def check(g, seat, legal):
        for a in legal:
            assert Action.parse(str(a)) == a, a
            seen.add(a.kind)

    for seed in range(300):                 # 1,500 random games over the five player counts
        _random_game(players, seed, check)
    assert {"pick", "place", "done", "move", "target"} <= seen


def test_an_illegal_action_error_lists_actions_in_the_notation_that_apply_accepts():
    g = Game.new(players=3, seed=5).advance()
    with pytest.raises(IllegalActionError) as err:
        g.apply(0, "pick no_such_card")
    allowed = str(err.value).split("Allowed: ")[1].split(", ")
    assert allowed == [str(a) for a in g.legal_actions(0)]
    before = dumps(g)
    g.apply(0, allowed[0])                      # exactly that text is accepted
    assert g.history[-1] == (0, Action.parse(allowed[0])) and dumps(g) != before


@pytest.mark.parametrize("text", ["", "fly away", "pick", "place knight", "place knight Z9",
                                  "build town 3", "move F1", "pass now"])
def test_malformed_notation_is_refused_and_changes_nothing(text):
    g = Game.new(players=3, seed=5).advance()
    before = dumps(g)
    with pytest.raises(IllegalActionError, match="write one of|spots are|levels are|takes"):
        g.apply(0, text)
    assert dumps(g) == before


def test_decisions_are_frozen_records_with_a_prompt():
    g = Game.new(players=4, seed=2).advance()
    d = g.decision(1)
    assert isinstance(d, Decision) and not isinstance(d, tuple)
    assert (d.seat, d.kind) == (1, "draft") and d.prompt == "keep one card of your pack (5 cards)"
    assert g.decision(1, lang="pl").prompt == "zatrzymaj jedną kartę z pakietu (5 kart)"
    with pytest.raises(AttributeError):
        d.kind = "build"


def test_apply_returns_exactly_the_events_it_caused():
    g = Game.new(players=3, seed=8).advance()
    card = g.legal_actions(0)[0].a
    events = g.apply(0, f"pick {card}")
    assert [(e.kind, e.seat, e.params) for e in events] == [("draft", 0, {"card": card})]
    assert events == g.events[-1:]


def test_the_public_surface_is_listed_and_the_phases_use_only_their_named_interface():
    """The phases change a game through the documented methods of PHASE_INTERFACE, never
    through a private one (read from the sources, so a compiled build checks the same)."""
    import ast
    from pathlib import Path

    from papertales.game import PHASE_INTERFACE
    for name in papertales.__all__:
        assert hasattr(papertales, name), name
    folder = Path(papertales.__file__).parent
    tree = ast.parse((folder / "game.py").read_text(encoding="utf-8"))
    methods = {f.name: f for c in tree.body if isinstance(c, ast.ClassDef) and c.name == "Game"
               for f in c.body if isinstance(f, ast.FunctionDef)}
    for name in PHASE_INTERFACE:
        assert name in methods and ast.get_docstring(methods[name]), name
    reached = []
    for module in ("recruitment", "deployment", "wars", "income", "construction", "aging", "scoring",
                   "solo", "abilities"):
        tree = ast.parse((folder / f"{module}.py").read_text(encoding="utf-8"))
        reached += [f"{module}:{n.lineno}: game.{n.attr}" for n in ast.walk(tree)
                    if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "game"
                    and n.attr.startswith("_")]
    assert reached == []


# ------------------------------------------------------------------ observation

def _placed_face_down():
    """A 4-player game stopped in Deployment after every seat placed units."""
    g = Game.new(players=4, seed=11)
    bots = [RandomBot(s) for s in range(4)]
    while not (g.phase == "deployment" and g.stage == "place"):
        g.advance()
        for seat in g.pending_players():
            if g.phase == "deployment":
                break
            g.apply(seat, bots[seat].choose(g, seat))
    for seat in range(4):
        for a in g.legal_actions(seat):
            if a.kind == "place":
                g.apply(seat, a)
                break
    return g


def test_observation_hides_other_hands_and_face_down_units():
    g = _placed_face_down()
    obs = g.observation(0)
    mine, other = obs.kingdoms[0], obs.kingdoms[1]
    assert mine.hand == tuple(t.id for t in g.players[0].hand)
    assert other.hand is None and other.hand_size == len(g.players[1].hand)
    assert [u.card for u in mine.units if u.new] == [u.type.id for u in g.players[0].units if u and u.new]
    hidden = [u for u in other.units if u.new]
    assert hidden and all(u.card is None for u in hidden)
    spectator = g.observation(None)
    assert all(u.card is not None for k in spectator.kingdoms for u in k.units)


def test_observation_does_not_change_when_hidden_cards_change():
    """Swap every card seat 0 cannot see: its observation stays the same."""
    g = _placed_face_down()
    before = g.observation(0)
    other = g.clone()
    for seat in (1, 2, 3):
        p = other.players[seat]
        p.hand = list(reversed(p.hand))
        for u in p.units:
            if u is not None and u.new:
                u.type = g.cards.unit("dragon")
    other.draw = list(reversed(other.draw))
    assert other.observation(0) == before


def test_others_draft_picks_stay_secret_in_the_observed_log():
    g = Game.new(players=3, seed=2).advance()
    for seat in range(3):
        g.apply(seat, g.legal_actions(seat)[0])
    obs = g.observation(0)
    drafts = [e for e in obs.events if e.kind == "draft"]
    assert drafts and all(e.seat == 0 for e in drafts)


def test_construction_choices_stay_secret_until_everyone_has_chosen():
    g = Game.new(players=3, seed=0)
    bots = [RandomBot(s) for s in range(3)]
    found = False
    for _ in range(4000):
        if g.is_over:
            break
        g.advance()
        if g.phase == "construction":
            pending = g.pending_players()
            builders = [s for s in pending if any(a.kind != "pass" for a in g.legal_actions(s))]
            if builders and len(pending) > 1:
                seat = builders[0]
                before = g.observation(pending[1] if pending[1] != seat else pending[0]).kingdoms[seat]
                g.apply(seat, next(a for a in g.legal_actions(seat) if a.kind != "pass"))
                watcher = [s for s in pending if s != seat][0]
                assert g.observation(watcher).kingdoms[seat] == before
                found = True
                break
        for seat in g.pending_players():
            g.apply(seat, bots[seat].choose(g, seat))
    assert found


# ------------------------------------------------------------------ results

def test_every_phase_keeps_a_structured_result_per_turn():
    g = Game.new(players=3, seed=4)
    play(g, [RandomBot(s) for s in range(3)])
    kinds = [type(r) for r in g.results]
    per_turn = [DraftResult, DeploymentResult, WarsResult, IncomeResult, ConstructionResult, AgingResult]
    assert kinds == per_turn * 4 + [EndResult]
    for r in g.results:
        if isinstance(r, WarsResult):
            for w in r.wars:                   # 3 LP per war won, a tie is won by both
                assert w.won == (1 if w.strength >= w.against else 0)
                assert r.strengths[w.seat] == w.strength and r.strengths[w.opponent] == w.against
            assert r.lp == tuple(3 * sum(w.won for w in r.wars if w.seat == s) for s in range(3))
    assert g.results[-1].winners == tuple(g.winners())
    assert loads(dumps(g)).results == g.results


def test_solo_results_tell_the_lich_kings_gains_and_the_wars():
    g = Game.new(players=1, seed=3, cards=SOLO, lich_king_cards=1)
    play(g, [RandomBot(0)])
    recruit = [r for r in g.results if isinstance(r, SoloRecruitmentResult)]
    wars = [r for r in g.results if isinstance(r, SoloWarsResult)]
    assert [r.turn for r in recruit] == [1, 2, 3, 4] and [r.turn for r in wars] == [1, 2, 3, 4]
    for r in recruit:
        assert r.lp == r.immediate + sum(q.lp for q in r.quests) + sum(lp for _, lp in r.lich_king_cards)
        for q in r.quests:
            assert q.lp == q.lp_each * len(q.matches) and set(q.matches) <= set(r.netherworld)
    for w in wars:
        assert w.player_won == (w.strength >= w.black, w.strength >= w.purple)
        assert w.army_won == (w.black >= w.strength, w.purple >= w.strength)
        assert w.player_lp == 3 * sum(w.player_won)
    war_events = [e for e in g.events if e.kind == "war"]
    assert [e.params["opponent"] for e in war_events] == [BLACK_ARMY, PURPLE_ARMY] * 4


def test_a_game_log_reads_in_polish():
    g = Game.new(players=2, seed=3)
    play(g, [RandomBot(s) for s in range(2)])
    lines = explain(g.events, g.names, lang="pl")
    assert any(line.startswith("[T1 Rekrutacja]") for line in lines)
    assert any("Wojny" in line and "PL" in line for line in lines)
    assert any(line.startswith("[T4 Przemijanie]") for line in lines)


def test_refusal_gives_the_reason_apply_would_raise_and_changes_nothing():
    """A panel asks before playing a click: the engine's own reason, or None when allowed."""
    g = _placed_face_down()
    seat = 0
    placed = next(s for s, u in enumerate(g.players[seat].units) if u is not None and u.new)
    before = dumps(g)
    occupied = Action("place", g.players[seat].hand[0].id, placed)
    reason = g.refusal(seat, occupied)
    assert isinstance(reason, IllegalActionError) and reason.key == "err.deploy.occupied"
    with pytest.raises(IllegalActionError, match="occupied"):
        g.apply(seat, occupied)
    assert all(g.refusal(seat, a) is None for a in g.legal_actions(seat))
    assert g.free_gold(seat) == g.players[seat].gold - sum(u.type.cost for u in g.players[seat].units
                                                          if u is not None and u.new)
    assert dumps(g) == before
    g.apply(seat, "done")
    assert isinstance(g.refusal(seat, Action("done")), papertales.NotYourTurnError)


def test_each_war_carries_its_lp():
    g = Game.new(players=4, seed=5)
    play(g, [RandomBot(s) for s in range(4)])
    wars = [r for r in g.results if isinstance(r, WarsResult)]
    assert len(wars) == 4
    for r in wars:
        assert [sum(w.lp for w in r.wars if w.seat == s) for s in range(4)] == list(r.lp)
