"""Short explanations of the phases, written for newcomers (HTML snippets), in every language
of the message catalogue (``widgets/locales/<lang>/rules.json``, see docs/translations.md).

Each text is a function taking ``lang`` (``None``: the current language of
:mod:`papertales.i18n`).  The upper-case constants of the first, English-only version
(``PHASE_EXPLAIN``, ``DECISION_HELP``, ``APP_INTRO``, ``SOLO_PHASE_EXPLAIN``, ``DRAFT_STEPS``,
``SOLO_RULES``) are kept, with their English values, for the modules that still import them.
"""

from papertales import PHASES as PLAYED
from papertales.i18n import has, t

#: the phases that have a text, in playing order (``end`` and ``over`` are not played phases)
PHASES = PLAYED + ("end", "over")
#: the kinds of decision that have a help line
DECISION_KINDS = ("draft", "draft_discard", "deploy", "target", "build", "save")
#: the phases whose text differs in a solo game (the others are played as in the base game)
SOLO_PHASES = ("recruitment", "wars", "end", "over")
#: how many picks a solo Recruitment has (``game.lich.draft_step`` counts from 0)
SOLO_DRAFT_PICKS = 4


def phase_name(phase: str, lang: str | None = None) -> str:
    """The phase's name (``Recruitment`` / ``Rekrutacja`` ...)."""
    return t(f"phase.{phase}.name", lang)


def phase_help(phase: str, lang: str | None = None) -> str:
    """The one-line summary of the phase (the English one is ``papertales.game.PHASE_HELP``)."""
    return t(f"phase.{phase}.help", lang)


def phase_explain(phase: str, lang: str | None = None) -> str:
    """The newcomer's explanation of the phase (HTML); ``""`` for an unknown phase."""
    key = f"rules.phase.{phase}.explain"
    return t(key, lang) if phase and has(key, "en") else ""


def decision_help(kind: str, lang: str | None = None) -> str:
    """The help line shown under a decision of this kind; ``""`` for an unknown kind."""
    key = f"rules.decision.{kind}.help"
    return t(key, lang) if kind and has(key, "en") else ""


def app_intro(lang: str | None = None) -> str:
    """The "How to play" box at the top of the app."""
    return t("rules.app.intro", lang)


def solo_phase_explain(phase: str, lang: str | None = None, fallback: bool = True) -> str:
    """The phase's explanation in a solo game.  A phase played as in the base game gets the
    base text (or ``""`` with ``fallback=False``)."""
    key = f"rules.solo.phase.{phase}.explain"
    if phase and has(key, "en"):
        return t(key, lang)
    return phase_explain(phase, lang) if fallback else ""


def draft_step(step: int, lang: str | None = None) -> str:
    """The status line of pick ``step`` of a solo Recruitment (0 = first pick; later steps
    say the last pick's text)."""
    step = min(max(int(step), 0), SOLO_DRAFT_PICKS - 1)
    return t(f"rules.solo.draft_step.{step + 1}", lang)


def draft_steps(lang: str | None = None) -> tuple:
    """The status lines of the four picks of a solo Recruitment."""
    return tuple(draft_step(i, lang) for i in range(SOLO_DRAFT_PICKS))


def solo_rules(lang: str | None = None) -> str:
    """The solo mode in one paragraph (HTML ``<p>``), at the top of the solo rules summary."""
    return t("rules.solo.summary", lang)


def rules_intro(lang: str | None = None) -> str:
    """The opening paragraph (HTML ``<p>``) of the base game's rules summary."""
    return t("rules.summary.intro", lang)


def rules_summary(solo: bool = False, lang: str | None = None) -> str:
    """The whole "Rules in short" text (HTML, not wrapped): an opening paragraph, the six
    phases as a list, then the end of the game."""
    played = PHASES[:6]
    if solo:
        items = "".join(f"<li>{solo_phase_explain(p, lang)}</li>" for p in played)
        return f"{solo_rules(lang)}<ol>{items}</ol><p>{solo_phase_explain('end', lang)}</p>"
    items = "".join(f"<li>{phase_explain(p, lang)}</li>" for p in played)
    return f"{rules_intro(lang)}<ol>{items}</ol><p>{phase_explain('end', lang)}</p>"


# ------------------------------------------------- the former English constants (kept for importers)

PHASE_EXPLAIN = {p: phase_explain(p, "en") for p in PHASES}
DECISION_HELP = {k: decision_help(k, "en") for k in DECISION_KINDS}
APP_INTRO = app_intro("en")
#: phase texts of a solo game (the other phases are played as in the base game)
SOLO_PHASE_EXPLAIN = {p: solo_phase_explain(p, "en") for p in SOLO_PHASES}
#: what the status line says at each pick of a solo Recruitment (``game.lich.draft_step``)
DRAFT_STEPS = draft_steps("en")
SOLO_RULES = solo_rules("en")
