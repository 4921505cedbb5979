"""The event log: every change of LP, gold and age tokens, every death, with its cause.

An event is a plain tuple of language-free facts, so that logging costs almost nothing in
simulations and the same log reads in English or Polish:

* ``cause`` names what is responsible: a card id (``"knight"``), a building at a level
  (``"mine:2"``), or a rule (``"rule.wars"``) -- :func:`cause_label` turns it into words;
* ``key`` is the catalogue message (``papertales/locales``) that tells the detail, and
  ``params`` its values; by convention a parameter named ``card`` / ``*_card`` holds a
  card id, ``cards`` a list of ids, ``spot`` a spot index, ``opponent`` a seat (or an
  army of the Lich King), ``how`` a list of ``[key, params]`` explanation parts, ``gold``
  an amount of gold (worded with its unit, which agrees with the number: "2 Monety").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Collection, Iterable, NamedTuple, Sequence

from .i18n import card_name, get_language, t
from .state import SPOT_NAMES

if TYPE_CHECKING:     # the card set is data this module only names
    from .cards import CardSet

LICH_SEAT = -2      # events of the Lich King (solo mode)
BLACK_ARMY, PURPLE_ARMY = -3, -4   # the Lich King's armies as war opponents (solo mode)

# event kinds
LP, GOLD, AGE, DEATH, DISCARD, DEPLOY, BUILT, WAR, DRAFT, SPARED, NOTE = (
    "lp", "gold", "age", "death", "discard", "deploy", "built", "war", "draft", "spared", "note")
KINDS = (LP, GOLD, AGE, DEATH, DISCARD, DEPLOY, BUILT, WAR, DRAFT, SPARED, NOTE)

# rule causes (cards are named by their id)
RULE_WARS, RULE_INCOME, RULE_AGING, RULE_DEPLOYMENT = "rule.wars", "rule.income", "rule.aging", "rule.deployment"
RULE_DRAW_PILE, RULE_TWO_PLAYER_DRAFT = "rule.draw_pile", "rule.two_player_draft"
RULE_NETHERWORLD, RULE_ARMIES = "rule.netherworld", "rule.armies"


def building_cause(building_id: str, level: int) -> str:
    return f"{building_id}:{level}"


def cause_label(cause: str, lang: str | None = None, cards: CardSet | None = None) -> str:
    """The cause of an event in words: a card's name, "Mine (level 2)", "Wars" ...

    >>> cause_label("mine:2", "en"), cause_label("rule.wars", "pl"), cause_label("knight", "en")
    ('Mine (level 2)', 'Wojny', 'Knight')
    """
    if not cause:
        return ""
    if cause.startswith("rule."):
        return t("cause." + cause[5:], lang)
    ident, sep, level = cause.partition(":")
    if sep:
        return t("cause.building_level", lang, name=card_name(ident, lang, cards), level=level)
    return card_name(cause, lang, cards)


def army_name(code: int, lang: str | None = None) -> str:
    return t("who.black_army" if code == BLACK_ARMY else "who.purple_army", lang)


def seat_name(seat: int, names: Sequence[str] | None = None, lang: str | None = None) -> str:
    if seat >= 0:
        return names[seat] if names else f"P{seat}"
    if seat == LICH_SEAT:
        return t("who.lich_king", lang)
    if seat in (BLACK_ARMY, PURPLE_ARMY):
        return army_name(seat, lang)
    return ""


def render_parts(parts: Iterable[Sequence[Any]], lang: str | None = None, cards: CardSet | None = None) -> str:
    """``[[key, params], ...]`` explanation parts joined into one sentence."""
    return "; ".join(t(key, lang, **_words(params, lang, cards, None)) for key, params in parts)


def _words(params: dict[str, Any], lang: str | None, cards: CardSet | None,
           names: Sequence[str] | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, value in params.items():
        if name == "card" or name.endswith("_card"):
            value = card_name(value, lang, cards)
        elif name == "cards":
            value = ", ".join(card_name(v, lang, cards) for v in value) or t("word.nothing", lang)
        elif name == "spot":
            value = SPOT_NAMES[value]
        elif name == "opponent":
            value = seat_name(value, names, lang)
        elif name == "how":
            value = render_parts(value, lang, cards)
        elif name == "resource":
            value = t("resource." + value, lang)
        elif name == "gold":
            value = t("render.gold_n", lang, n=value)
        out[name] = value
    return out


class Event(NamedTuple):
    turn: int
    phase: str
    seat: int          # -1 for events that belong to no player, LICH_SEAT for the Lich King
    kind: str
    amount: int
    cause: str         # a card id, "building:level" or "rule.…" (see cause_label)
    key: str = ""      # the catalogue message of the detail
    #: the message's values; for "war" events ``opponent``, ``strength``, ``against``
    params: dict[str, Any] = {}

    def detail(self, lang: str | None = None, names: Sequence[str] | None = None,
               cards: CardSet | None = None) -> str:
        """The detail of the event in words ("reveals Knight at F1")."""
        text = t(self.key, lang, **_words(self.params, lang, cards, names)) if self.key else ""
        if "asked" in self.params:
            floored = t("event.floored", lang, asked=self.params["asked"])
            text = f"{text}; {floored}" if text else floored
        return text

    def describe(self, names: Sequence[str] | None = None, lang: str | None = None,
                 cards: CardSet | None = None) -> str:
        """One line: ``[T2 Wars] Ann +3 LP (Wars) - 1 war won``."""
        lang = lang or get_language()
        who = seat_name(self.seat, names, lang)
        phase = t(f"phase.{self.phase}.name", lang) if self.phase else ""
        head = t("event.head", lang, turn=self.turn, phase=phase)
        cause = cause_label(self.cause, lang, cards)
        detail = self.detail(lang, names, cards)
        k, n = self.kind, self.amount
        if k in (LP, GOLD):
            text = t("event.change." + k, lang, who=who, n=n, signed=f"{'+' if n >= 0 else ''}{n}")
            line = f"{head} {text} ({cause})"
            return line + (f" - {detail}" if detail else "")
        if k == AGE:
            text = t("event.age", lang, who=who, n=n, unit=detail)
        elif k == DEATH:
            text = t("event.death", lang, who=who, unit=detail)
        else:
            text = f"{who}: {detail}" if who else detail
        return f"{head} {text}" + (f" ({cause})" if cause else "")


def explain(events: Iterable[Event], names: Sequence[str] | None = None, seat: int | None = None,
            kinds: Collection[str] | None = None, lang: str | None = None,
            cards: CardSet | None = None) -> list[str]:
    """Readable lines for the events, optionally only one seat's or some kinds."""
    return [e.describe(names, lang, cards) for e in events
            if (seat is None or e.seat == seat) and (kinds is None or e.kind in kinds)]


def totals(events: Iterable[Event], seat: int, kind: str = LP, phase: str | None = None,
           turn: int | None = None) -> dict[str, int]:
    """Sum of ``kind`` changes for ``seat`` grouped by cause: "why did I score 7?".
    The keys are causes (see :func:`cause_label` for their words)."""
    out: dict[str, int] = {}
    for e in events:
        if e.seat == seat and e.kind == kind and (phase is None or e.phase == phase) \
                and (turn is None or e.turn == turn):
            out[e.cause] = out.get(e.cause, 0) + e.amount
    return out
