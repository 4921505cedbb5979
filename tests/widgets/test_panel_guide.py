"""The guided first game (papertales_widgets.guide): a fixed deal, a suggestion with why
and a teaching sentence at each of your decisions of the first two turns (a whole
Deployment is one, played with one click), "Try again" after a clear mistake (the coach's
own verdict), the review agreeing with every suggestion, and the app's "Guided first game"
button.  The coach's numbers are not hard-coded: the tests ask the coach itself what a
move costs and check that the guide says the same."""

from __future__ import annotations

import html
import re

import pytest

from papertales import Action, coach
from papertales_widgets import App, GameStepper, Session
from papertales_widgets.guide import MODE, SEAT, SEED, TURNS, GuidePanel


def _text(widget) -> str:
    return html.unescape(" ".join(re.sub(r"<style>.*?</style>|<[^>]+>", " ", widget.value, flags=re.S).split()))


def _shown(button) -> bool:
    return button.layout.display != "none"


def _guided(lang="en"):
    st = GameStepper(Session(players=2, seed=1, humans=[0], lang=lang), lang=lang)
    panel = GuidePanel(st, lang=lang)
    st.guide_slot.children = [panel]
    st.do(panel.guide.start)
    return st, panel


def _follow_until(st, panel, stop, limit=60):
    """Press "Play the suggestion" / "Continue" until ``stop(game)`` holds."""
    for _ in range(limit):
        if stop(st.session.game):
            return
        assert not st.messages.errors, st.messages.errors
        if _shown(panel.play):
            panel.play.click()
        elif _shown(panel.go_on):
            panel.go_on.click()
        else:
            pytest.fail(f"the guide offers nothing at turn {st.game.turn}, {st.game.phase}")
    pytest.fail("never reached the stop")


@pytest.fixture(scope="module")
def followed():
    """The guided game played by pressing the guide's buttons only, with what the guide
    said at each stop."""
    st, panel = _guided()
    said = []
    for _ in range(80):
        g = st.session.game
        said.append((g.turn, g.phase, panel.guide.waiting(), _text(panel.text)))
        if not panel.guide.guided(g):
            break
        if _shown(panel.play):
            panel.play.click()
        else:
            panel.go_on.click()
    return st, panel, said


@pytest.mark.slow
def test_following_the_guide_meets_every_phase_a_building_a_healer_and_aging_deaths(followed):
    st, panel, said = followed
    g = st.session.game
    assert st.session.mode == MODE and g.seed == SEED and g.n == 3 and st.session.humans == [SEAT]
    assert not st.messages.errors
    assert g.turn == TURNS + 1 and g.phase == "recruitment"             # the guided part is over
    steps = panel.guide.steps
    assert 12 <= len(steps) <= 18 and all(s.followed for s in steps)
    assert [s.number for s in steps] == list(range(1, len(steps) + 1))
    kinds = [s.before.pending[SEAT].kind for s in steps]
    assert {"draft", "deploy", "build", "save"} <= set(kinds)          # a Mystical Healer's choice too
    assert kinds.count("deploy") == TURNS                              # a whole Deployment is one decision
    assert all(s.plan[-1].kind == "done" for s in steps if s.before.pending[SEAT].kind == "deploy")
    decided = {phase for _, phase, waiting, _ in said if waiting}
    paused = {phase for _, phase, waiting, _ in said if not waiting}
    assert {"recruitment", "deployment", "construction", "aging"} <= decided
    assert {"wars", "income", "aging"} <= paused                        # met, with Continue
    wars = [text for _, phase, waiting, text in said if not waiting and phase == "income"]
    assert wars and all("The Wars are over. Your Front's strength was" in w for w in wars)
    built = [r.built[SEAT] for r in g.results if type(r).__name__ == "ConstructionResult"]
    assert all(built), "a guided turn builds nothing"
    deaths = [d for r in g.results if type(r).__name__ == "AgingResult" for d in r.deaths[SEAT]]
    assert deaths, "none of your units dies in the guided turns"
    for turn, phase, waiting, text in said:                   # the step, a teaching sentence, the suggestion and why
        if waiting:
            assert f"turn {turn} of {TURNS}" in text and "The guide suggests:" in text, text
            assert " rather than " in text or "About equal" in text or "only option" in text, text
    assert "That was the guided part" in _text(panel.text)
    assert f"Guided decisions: {len(steps)}" in _text(panel.text)
    names = {st.session.game.cards.unit(c).name for r in g.results if type(r).__name__ == "AgingResult"
             and r.turn == TURNS for _, c, _ in r.deaths[SEAT]}
    assert all(name in _text(panel.text) for name in names)               # who died in the last Aging


@pytest.mark.slow
def test_the_review_calls_every_suggestion_of_the_guide_fine(followed):
    """One judgement: the review of the guided line (the same worlds and seed for each
    position) finds the guide's own moves fine, each one the suggestion."""
    st, panel, _said = followed
    rows = coach.review(st.session.game, SEAT, lang="en")
    guided = [r for r in rows if r.turn <= TURNS]
    assert len(guided) == len(panel.guide.steps)
    assert all(r.verdict == "fine" and r.followed for r in guided)
    assert [(r.index, r.plan) for r in guided] == [(s.index, s.plan) for s in panel.guide.steps]


@pytest.mark.slow
def test_the_guided_game_is_the_same_every_time(followed):
    st, _panel, _said = followed
    again, panel = _guided()
    _follow_until(again, panel, lambda g: not panel.guide.guided(g))
    assert again.session.game.history == st.session.game.history


def test_the_suggestion_is_the_coachs_with_why():
    st, panel = _guided()
    g = st.session.game
    h = coach.hint(g, SEAT, lang="en")
    text = _text(panel.text)
    assert f"The guide suggests: {h.best.text}." in text and h.best.reason in text
    assert "Recruitment, the draft" in text and "decision 1 · turn 1 of 2" in text
    assert _shown(panel.play) and not _shown(panel.go_on) and not _shown(panel.retry)
    marked = [b for b in st.decision_panel(SEAT).buttons if "pt-suggested" in b._dom_classes]
    assert [b.action for b in marked] == [h.best.action]             # the suggestion ringed in the box
    assert st.decision_panel(SEAT).hint.layout.display != "none"      # the Hint says the same: one judgement


def _clear_mistake(game):
    """A move of the pending decision that the coach calls a clear mistake, with its row."""
    for a in game.legal_actions(SEAT):
        row = coach.review_decision(game.clone(), SEAT, a)
        if row.verdict in ("mistake", "blunder"):
            return a, row
    return None, None


def test_a_clear_mistake_offers_try_again_and_says_what_it_cost():
    st, panel = _guided()
    _follow_until(st, panel, lambda g: g.pending[SEAT] is not None and g.pending[SEAT].kind == "build")
    before = st.session.game.clone()
    bad, row = _clear_mistake(before)
    assert bad is not None, "no move of the first Construction is a clear mistake"
    st.act(SEAT, bad)
    step = panel.guide.steps[-1]
    assert step.mistake and step.plan == (bad,) and step.row.cost == row.cost and step.row.why == row.why
    fb = _text(panel.feedback)
    assert "pt-guide-mistake" in panel.feedback.value and "A clear mistake" in fb
    assert f"about {row.cost:.1f} LP" in fb and row.best_text in fb and row.why.text in fb
    assert _shown(panel.retry) and _shown(panel.keep) and not _shown(panel.play)
    # Try again: back to the same decision, the step forgotten
    panel.retry.click()
    assert st.session.game.history == before.history and panel.guide.waiting()
    assert step not in panel.guide.steps and _shown(panel.play) and not _shown(panel.retry)
    assert _text(panel.feedback) == "Back to just before your move: choose again."
    # the same mistake again, kept this time: the game goes on with it
    st.act(SEAT, bad)
    panel.keep.click()
    assert not _shown(panel.feedback) and not _shown(panel.retry)
    assert panel.guide.steps[-1].plan == (bad,) and panel.guide.steps[-1].mistake
    assert st.session.game.history[len(before.history)] == (SEAT, bad)


def test_a_move_close_to_the_suggestion_is_only_commented():
    st, panel = _guided()
    for _ in range(4):                   # the first draft decision with a close second option
        g = st.session.game.clone()
        h = coach.hint(g, SEAT)
        other = next((o.action for o in h.options[1:] if coach.review_decision(g.clone(), SEAT, o.plan).verdict
                      in ("fine", "inaccuracy")), None)
        if other is not None:
            break
        panel.play.click()
    assert other is not None, "no draft decision of turn 1 with a close second option"
    st.act(SEAT, other)
    assert not panel.guide.steps[-1].mistake and not panel.guide.steps[-1].followed
    assert "pt-guide-close" in panel.feedback.value or "pt-guide-good" in panel.feedback.value
    assert not _shown(panel.retry) and _shown(panel.play)


def test_the_guide_speaks_polish_and_switches_language():
    st, panel = _guided("pl")
    text = _text(panel.text)
    assert "Pierwsza gra z przewodnikiem · decyzja 1 · tura 1 z 2" in text and "Przewodnik proponuje:" in text
    assert panel.play.description == "Zagraj propozycję"
    panel.set_language("en")
    assert "The guide suggests:" in _text(panel.text) and panel.play.description == "Play the suggestion"


def test_a_new_game_ends_the_guided_mode():
    st, panel = _guided()
    assert panel.layout.display != "none"
    st.on_new_game()
    assert st.session.mode is None and panel.layout.display == "none" and panel.guide.steps == []


def test_the_app_button_starts_the_guided_game_and_opens_the_review():
    app = App(players=3, seed=7, lang="en")
    assert app.guided.description == "Guided first game" and app.guide is None
    app.guided.click()
    assert app.session.mode == MODE and app.session.game.seed == SEED
    assert app.stepper.guide_slot.children == (app.guide,) and app.guide.layout.display != "none"
    app.guide.play.click()
    app.guide.on_review()                                   # the review of the game so far, at once
    assert app.current_tab == "review" and app.review.is_current() and len(app.review.rows) == 1
    assert app.review.rows[0].verdict == "fine" and app.review.rows[0].followed
    app.set_language("pl")
    assert app.guided.description == "Pierwsza gra z przewodnikiem" and app.guide.lang == "pl"
    ringed = [b for b in app.stepper.decision_panel(SEAT).buttons if "pt-suggested" in b._dom_classes]
    assert [b.action for b in ringed] == [app.guide.guide.suggestion()[0]]    # in the redrawn decision box
    app.set_language("en")


def test_a_deployment_is_suggested_as_a_plan_and_played_in_one_step():
    st, panel = _guided()
    _follow_until(st, panel, lambda g: g.pending[SEAT] is not None and g.pending[SEAT].kind == "deploy")
    g = st.session.game.clone()
    plan = panel.guide.suggestion()
    assert len(plan) >= 2 and plan[-1].kind == "done"
    text = _text(panel.text)
    assert "to the Front" in text or "to the Back" in text
    body = st.decision_panel(SEAT).deploy
    marked = [b for b in body.hand_buttons + [body.done] if "pt-suggested" in b._dom_classes]
    first = plan[0]
    if first.kind == "place":
        assert marked == [body.hand_buttons[[c.id for c in g.players[SEAT].hand].index(first.card)]]
    undo_steps = len(st.session.history)
    panel.play.click()
    assert len(st.session.history) == undo_steps + 1                  # one undo step for the whole plan
    mine = [a for s, a in st.session.game.history[len(g.history):] if s == SEAT]
    assert tuple(mine[:len(plan)]) == plan
    step = panel.guide.steps[-1]
    assert step.followed and step.plan == plan and step.index == len(g.history)


def test_your_own_deployment_is_judged_at_its_done():
    st, panel = _guided()
    _follow_until(st, panel, lambda g: g.pending[SEAT] is not None and g.pending[SEAT].kind == "deploy")
    n = len(panel.guide.steps)
    g = st.session.game.clone()
    card = g.players[SEAT].hand[0].id
    st.act(SEAT, Action("place", card, 2))                           # a card to the Back, by hand
    assert len(panel.guide.steps) == n                               # not yet: the Deployment goes on
    assert "Your Deployment is under way" in _text(panel.text)
    st.act(SEAT, Action("done"))
    step = panel.guide.steps[-1]
    assert len(panel.guide.steps) == n + 1 and step.plan == (Action("place", card, 2), Action("done"))
    assert step.row.plan == step.plan and step.index == len(g.history)


def test_the_steps_follow_undo():
    session = Session(players=2, seed=1, humans=[0])
    stepper = GameStepper(session)
    p = GuidePanel(stepper)
    stepper.do(p.guide.start)
    p.play.click()
    p.play.click()
    assert len(p.guide.steps) == 2
    stepper.on_undo()
    assert [s.number for s in p.guide.steps] == [1] and p.guide.waiting()
    assert p.guide.suggestion() == p.guide.hint_at(session.game).best.plan
