"""The guided first game: a fixed deal against two bots in which a guide walks you through
each of your decisions, as Board Game Arena's tutorials do.

At each of your decisions in the first :data:`TURNS` turns the guide shows a teaching
sentence for the situation (catalogue ``coach.guide.teach.*``), the coach's suggestion --
in a Deployment a whole plan ("Knight and Ogre to the Front, Farmer to the Back") -- with
why it beats the next best option (:func:`papertales.coach.hint`), and a button that plays
it; you may make your own choice in the decision box instead.  Your own decision (a whole
Deployment once you press Done) is judged by the same judgement as the suggestion
(:func:`papertales.coach.review_decision`: the same worlds and seed, so the game review
agrees): a clear mistake -- the coach's ``mistake`` or ``blunder``, at least 3 LP lost
with its 95 % interval above 0 -- offers "Try again" (back to just before the decision)
and says what it cost and why; you may keep your move.  Between your decisions the guide
says what the next automatic phase does and offers "Continue"; after the Wars it says who
beat whom and with what strength, after an Aging which of your units died.

The deal (:data:`SEED`, 3 players, greedy bots) was chosen (``benchmarks/bench_guide.py``)
so that following the suggestions makes about 14 decisions over two turns, builds each
turn, meets a Mystical Healer's choice, and, played on to the end by the coach, does at
least as well as a greedy bot in your seat.

:class:`Guide` is the logic over a :class:`~papertales_widgets.session.Session` (no
widgets); :class:`GuidePanel` shows it in the stepper (the app's "Guided first game"
button and ``notebooks/01_learn_the_rules.ipynb``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, Any, cast

from dataclasses import dataclass

import ipywidgets as W

from papertales import Action, Decision, Game, coach
from papertales import render as R
from papertales.i18n import number, t
from papertales.render import escape

from .base import Speaking, wrap
from .session import Session

if TYPE_CHECKING:     # the guide sits beside a stepper
    from .stepper import GameStepper

#: the deal: players, seed, the bots' kind, and the seat you play
PLAYERS = 3
SEED = 27
BOTS = "greedy"
SEAT = 0
#: the turns the guide walks you through (then you play on alone)
TURNS = 2
#: the session's mode of a guided game
MODE = "guided"
#: the coach's verdicts that count as a clear mistake (>= 3 LP, interval above 0)
CLEAR_MISTAKES = ("mistake", "blunder")


@dataclass(frozen=True)
class Step:
    """One of your guided decisions: ``before`` the game just before it, ``index`` its
    first move's place in the history, ``plan`` what you played (a whole Deployment is one
    decision) and ``row`` the coach's judgement of it (the same as the hint's)."""
    number: int
    index: int
    before: Game
    plan: tuple[Action, ...]
    row: coach.ReviewRow

    @property
    def followed(self) -> bool:
        return self.row.followed

    @property
    def mistake(self) -> bool:
        return self.row.verdict in CLEAR_MISTAKES


def trailing(game: Game, seat: int, kinds: Collection[str]) -> list[Action]:
    """``seat``'s last actions in ``game.history`` whose kind is in ``kinds`` (oldest first)."""
    out: list[Action] = []
    for s, a in reversed(game.history):
        if s != seat:
            continue
        if a.kind not in kinds:
            break
        out.append(a)
    return out[::-1]


def teaching_key(game: Game, seat: int) -> str:
    """The catalogue key of the teaching sentence for ``seat``'s pending decision."""
    kind = cast(Decision, game.pending[seat]).kind
    if kind == "draft":
        if trailing(game, seat, ("pick",)):
            return "coach.guide.teach.draft_next"
        return "coach.guide.teach.draft_first" if game.turn == 1 else "coach.guide.teach.draft_turn"
    if kind == "deploy":
        if trailing(game, seat, ("place", "move", "return", "discard")):
            return "coach.guide.teach.deploy_more"
        return "coach.guide.teach.deploy_first" if game.turn == 1 else "coach.guide.teach.deploy_turn"
    if kind == "build":
        return "coach.guide.teach.build"
    if kind in ("save", "target"):
        return f"coach.guide.teach.{kind}"
    return "coach.guide.teach.other"


class Guide:
    """The guided first game over ``session``: which step you are at, the suggestion for
    your pending decision, the judgement of the decision you made (module docstring)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.steps: list[Step] = []     # your guided decisions on the game's current line
        self._seen = len(session.history)
        session.observe(lambda _s: self.update())

    # -------------------------------------------------------------- state

    @property
    def active(self) -> bool:
        return self.session.mode == MODE

    def start(self) -> None:
        """The fixed deal, you in seat 1 against two bots."""
        self.steps = []
        self.session.new_game(players=PLAYERS, seed=SEED, humans=[SEAT],
                              bots={s: BOTS for s in range(PLAYERS) if s != SEAT}, mode=MODE)

    @staticmethod
    def guided(game: Game) -> bool:
        """Does the guide still walk you through ``game`` (the first :data:`TURNS` turns)?"""
        return not game.is_over and game.turn <= TURNS

    def waiting(self) -> bool:
        return self.active and SEAT in self.session.waiting_humans()

    def update(self) -> None:
        """Called after every change of the session: judge a decision you just completed;
        forget the steps that an undo or a new game took back."""
        s = self.session
        n = len(s.history)
        if n > self._seen and self.active and s.history[-1].what[0] == "app.session.action":
            self._check(s.game)
        self._seen = n
        g = s.game
        self.steps = [st for st in self.steps if self._on_line(st, g)] if self.active else []

    def _check(self, game: Game) -> None:
        """Judge your last decision once it is complete (a Deployment: at its Done)."""
        made = coach.decisions(game, SEAT)
        if not made:
            return
        index, plan = made[-1]
        if not coach.complete(plan):
            return                                 # a Deployment under way
        if any(st.index == index for st in self.steps):
            return
        before = coach.replay(game, index)
        if self.guided(before):
            row = coach.review_decision(before, SEAT, plan, index, lang=self.session.lang, players=self.session.players)
            self.steps.append(Step(len(made), index, before, plan, row))

    @staticmethod
    def _on_line(step: Step, game: Game) -> bool:
        k = step.index
        return game.history[:k] == step.before.history and \
            tuple(a for s, a in game.history[k:] if s == SEAT)[:len(step.plan)] == step.plan

    def hint_at(self, game: Game, lang: str | None = None) -> coach.Hint:
        """The coach's options at ``game`` for your seat (the judgement every panel shares)."""
        return coach.hint(game, SEAT, lang=lang or self.session.lang, players=self.session.players)

    def suggestion(self) -> tuple[Action, ...] | None:
        """The guide's plan for your pending decision (None when you have none)."""
        return self.hint_at(self.session.game).best.plan if self.waiting() else None

    def last_step(self) -> Step | None:
        """Your latest guided decision, while it is the last thing you did."""
        if not self.steps:
            return None
        st = self.steps[-1]
        mine = [a for s, a in self.session.game.history[st.index:] if s == SEAT]
        return st if len(mine) == len(st.plan) else None

    def retry(self, step: Step) -> None:
        """Back to just before ``step`` (its first undo step in the session)."""
        s = self.session
        for i, cp in enumerate(s.history):
            if cp.what[0] == "app.session.action" and cp.game.history == step.before.history:
                s.restore(i)
                return
        raise ValueError(s.t("coach.guide.no_retry"))

    def follow(self) -> tuple | None:
        """Play the guide's plan for your pending decision (None when you have none)."""
        plan = self.suggestion()
        if plan is not None:
            self.session.act_plan(SEAT, plan)
        return plan

    # -------------------------------------------------------------- words

    def number_of(self, game: Game) -> int:
        """The number of your decision pending in ``game`` (1 for the first)."""
        made = coach.decisions(game, SEAT)
        if made and not coach.complete(made[-1][1]):
            return len(made)                       # the Deployment under way
        return len(made) + 1

    def decision_html(self, lang: str | None, own: bool = True) -> str:
        """The step, its teaching sentence and the suggestion with why (``own``: and that
        you may choose your own move)."""
        g = self.session.game
        best = self.hint_at(g, lang).best
        teach = t(teaching_key(g, SEAT), lang, turn=g.turn)
        head = t("coach.guide.step", lang, n=self.number_of(g), turn=g.turn, turns=TURNS)
        why = t("coach.guide.because_forced", lang) if best.lp is None else best.reason
        return (f"<div class='pt-guide-head'><b>{escape(head)}</b></div>"
                f"<div class='pt-guide-teach'>{escape(teach)}</div>"
                f"<div class='pt-guide-suggest' data-action='{escape(str(best.action))}' "
                f"data-plan='{escape('; '.join(map(str, best.plan)))}'>"
                f"{escape(t('coach.guide.suggest', lang, action=best.text))}"
                f" <span class='pt-guide-why'>{escape(why)}</span></div>"
                + (f"<div class='pt-muted'>{escape(t('coach.guide.own_choice', lang))}</div>" if own else ""))

    def pause_html(self, lang: str) -> str:
        """Between your decisions: what the next automatic phase does; after the Wars who
        beat whom, after an Aging which of your units died."""
        g = self.session.game
        if g.phase == "recruitment" and g.turn > 1:
            text = self.after_aging(g, lang) + " " + t("coach.guide.next.turn", lang, turn=g.turn)
        else:
            text = t(f"coach.guide.next.{g.phase}", lang)
        wars = self.after_wars(g, lang)
        wars_html = f"<div class='pt-guide-wars'>{escape(wars)}</div>" if wars else ""
        return (f"<div class='pt-guide-head'><b>{escape(t('coach.guide.title', lang))}</b></div>{wars_html}"
                f"<div class='pt-guide-teach' data-phase='{escape(g.phase)}'>{escape(text)}</div>")

    @staticmethod
    def after_wars(g: Game, lang: str | None) -> str:
        """After this turn's Wars (until the Construction): your strength and the units it
        came from, and each war against a neighbour: who won and the LP."""
        if g.phase not in ("income", "construction"):
            return ""
        res = [r for r in g.results if type(r).__name__ == "WarsResult" and r.turn == g.turn]
        if not res:
            return ""
        r = res[-1]
        units = ", ".join(f"{R.card_name(g.cards.unit(u['card']), lang)} {u['strength']}"
                          for u in g.unit_strengths(SEAT) if u.get("fights"))
        parts = [t("coach.guide.wars.yours", lang, strength=r.strengths[SEAT], units=units or t("word.nothing", lang))]
        for w in r.wars:
            if w.seat != SEAT:
                continue
            name = g.players[w.opponent].name
            key = "coach.guide.wars.won" if w.won else "coach.guide.wars.lost"
            parts.append(t(key, lang, opponent=name, strength=w.strength, against=w.against, lp=3 * w.won))
        return " ".join(parts)

    @staticmethod
    def after_aging(g: Game, lang: str | None) -> str:
        """Which of your units died in the Aging just played (none: empty)."""
        aging = [r for r in g.results if type(r).__name__ == "AgingResult" and r.turn == g.turn - 1]
        if not aging or g.phase != "recruitment":
            return ""
        died = [cid for _, cid, _ in aging[-1].deaths[SEAT]]
        if died:
            units = ", ".join(R.card_name(g.cards.unit(c), lang) for c in died)
            text = t("coach.guide.after_aging", lang, n=len(died), units=units)
        else:
            text = t("coach.guide.after_aging_none", lang)
        if aging[-1].spared[SEAT]:
            text += " " + t("coach.guide.after_aging_spared", lang)
        return text

    def feedback_html(self, step: Step, lang: str | None) -> tuple[str, str]:
        """``(class, html)``: what the guide says of your decision ``step``."""
        r = step.row
        if lang != self.session.lang or r.text == "":
            r = coach.review_decision(step.before, SEAT, step.plan, step.index, lang=lang, players=self.session.players)
        if r.followed:
            return "pt-guide-good", escape(t("coach.guide.good", lang, action=r.text))
        why = cast(coach.Why, r.why)          # not followed: the suggestion's reason
        nums = dict(action=r.text, best=r.best_text, cost=number(r.cost, lang), low=number(max(r.cost_low, 0.0), lang),
                    high=number(r.cost_high, lang))
        if r.verdict == "fine":
            return "pt-guide-good", f"{escape(t('coach.guide.as_good', lang, action=r.text))} {escape(why.text)}"
        if step.mistake:
            return "pt-guide-mistake", f"<b>{escape(t('coach.guide.mistake', lang, **nums))}</b> {escape(why.text)}"
        return "pt-guide-close", f"{escape(t('coach.guide.close', lang, **nums))} {escape(why.text)}"

    def done_html(self, lang: str) -> str:
        followed = sum(1 for st in self.steps if st.followed)
        mistakes = sum(1 for st in self.steps if st.mistake)
        return (f"<div class='pt-guide-head'><b>{escape(t('coach.guide.title', lang))}</b></div>"
                f"<div class='pt-guide-teach'>{escape(self.after_aging(self.session.game, lang))}</div>"
                f"<div class='pt-guide-teach pt-guide-done'>{escape(t('coach.guide.done', lang))}</div>"
                f"<div class='pt-muted pt-guide-tally'>"
                f"{escape(t('coach.guide.tally', lang, n=len(self.steps), followed=followed, mistakes=mistakes))}"
                f"</div>")


CSS = """<style>
.pt-guide{border:2px solid #5b2a86;border-radius:8px;padding:6px 8px;margin:4px 0;background:#f6f0fb}
.pt-guide .pt-guide-head{color:#5b2a86;margin-bottom:2px}
.pt-guide .pt-guide-teach{margin:2px 0 4px 0}
.pt-guide .pt-guide-suggest{font-weight:600}
.pt-guide .pt-guide-why{font-weight:400;color:#444}
.pt-decision .pt-suggested{box-shadow:0 0 0 3px #5b2a86 !important}
.pt-guide-feedback .pt-guide-good{background:#e3f4e1;border-left:4px solid #2e7d32;padding:4px 8px}
.pt-guide-feedback .pt-guide-close{background:#fff6d5;border-left:4px solid #b08900;padding:4px 8px}
.pt-guide-feedback .pt-guide-mistake{background:#f9d0cd;border-left:4px solid #c62828;padding:4px 8px}
</style>"""


class GuidePanel(Speaking, W.VBox):
    """The guide in the stepper: its words, "Play the suggestion", "Continue", and after a
    clear mistake "Try again" / "Keep my move".  Hidden while the game is no guided one.
    ``on_review()``: "Open the game review" once the guided turns are over (the app's tab)."""

    def __init__(self, stepper: GameStepper, lang: str | None = None, on_review: Callable[[], object] | None = None,
                 **kw: Any) -> None:
        super().__init__(**kw)
        self._init_language(lang)
        self.add_class("pt-guide")
        self.stepper = stepper
        self.guide = Guide(stepper.session)
        self.on_review = on_review
        self.kept: set = set()                 # the steps whose clear mistake you chose to keep
        self._retried: list[tuple[int, Action]] | None = None    # the history "Try again" went back to
        self.text = W.HTML()
        self.text.add_class("pt-guide-text")
        self.feedback = W.HTML(layout=W.Layout(display="none"))
        self.feedback.add_class("pt-guide-feedback")
        self.play = self._button("pt-guide-play", "success", "lightbulb-o", self.guide.follow)
        self.go_on = self._button("pt-guide-continue", "primary", "forward",
                                  lambda: self.stepper.session.advance("phase"))
        self.retry = self._button("pt-guide-retry", "warning", "undo", self._retry)
        self.keep = self._button("pt-guide-keep", "", "check", self._keep)
        self.review = self._button("pt-guide-review", "info", "search", lambda: self.on_review and self.on_review())
        self.buttons = W.HBox([self.play, self.go_on, self.retry, self.keep, self.review],
                              layout=W.Layout(flex_flow="row wrap"))
        self.children = [self.text, self.feedback, self.buttons]
        self.relabel()
        stepper.session.observe(lambda _s: self.refresh())
        self.refresh()

    def _button(self, cls: str, style: str, icon: str, action: Callable[[], object]) -> W.Button:
        """A button whose click is one of the stepper's (refusals shown there, clicks counted)."""
        b = W.Button(button_style=style, icon=icon, layout=W.Layout(width="auto"))
        b.add_class(cls)
        b.on_click(lambda _b: self.stepper.do(action))
        return b

    def relabel(self) -> None:
        for b, key in ((self.play, "play"), (self.go_on, "continue"), (self.retry, "retry"), (self.keep, "keep"),
                       (self.review, "review")):
            b.description = self.t(f"coach.guide.{key}")
            b.tooltip = self.t(f"coach.guide.{key}_tip")

    # -------------------------------------------------------------- clicks

    def _retry(self) -> None:
        step = self.guide.last_step()
        if step is not None:
            self._retried = step.before.history
            self.guide.retry(step)

    def _keep(self) -> None:
        step = self.guide.last_step()
        if step is not None:
            self.kept.add(id(step))
            self.refresh()

    # -------------------------------------------------------------- drawing

    def _mark(self, plan: Sequence[Action]) -> None:
        """Ring the decision box's button that plays the suggestion's first move (class
        ``pt-suggested``)."""
        panel = self.stepper.decision_panel(SEAT)
        if panel is None:
            return
        button = panel.button_for(plan[0])
        if button is not None:
            button.add_class("pt-suggested")

    def refresh(self) -> None:
        guide, lang = self.guide, self.lang
        if not guide.active:
            self.layout.display = "none"
            return
        self.layout.display = None
        g = self.stepper.session.game
        waiting = guide.waiting()
        over = not guide.guided(g)
        if over:
            body = guide.done_html(lang)
        elif waiting:
            body = guide.decision_html(lang)
        else:
            body = guide.pause_html(lang)
        self.text.value = wrap(CSS + body)
        if waiting and not over:
            self._mark(cast("tuple[Action, ...]", guide.suggestion()))     # waiting: there is one
        step = guide.last_step()
        retried = self._retried is not None and self._retried == g.history
        if not retried:
            self._retried = None
        shown = step is not None and id(step) not in self.kept and not retried
        if shown and step is not None:
            cls, html = guide.feedback_html(step, lang)
            self.feedback.value = wrap(f"<div class='{cls}' data-step='{step.number}'>{html}</div>", css=False)
        elif retried:
            self.feedback.value = wrap(f"<div class='pt-guide-close pt-guide-retried'>"
                                       f"{escape(self.t('coach.guide.retried'))}</div>", css=False)
        self.feedback.layout.display = None if shown or retried else "none"
        mistake = shown and step is not None and step.mistake
        self.play.layout.display = None if waiting and not over and not mistake else "none"
        self.go_on.layout.display = None if not waiting and not over and not g.is_over and not mistake else "none"
        self.retry.layout.display = None if mistake else "none"
        self.keep.layout.display = None if mistake else "none"
        self.review.layout.display = None if over and self.on_review is not None else "none"
