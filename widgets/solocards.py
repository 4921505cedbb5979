"""What the stepper, the app and the solo panels share about a solo game: the card set
(the built-in *illustrative* Necropolis and Lich King cards unless you bring your own),
the warning shown whenever illustrative cards are in use, colours and the solo stylesheet,
and the words every solo panel shares: the names of cards and phases in the panel's
language (the message catalogue :mod:`papertales.i18n`, keys ``solo.*``).

No panel lives here (the stepper imports this module, and ``lichking`` imports the stepper).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from papertales import render as R
from papertales import BUILTIN_PACKS, LICH_SEAT, CardSet, card_set
from papertales.i18n import check_language, get_language, has, t
from papertales.render import escape

from .base import wrap
from .scorerace import LICH_COLOR  # noqa: F401 (one colour for the Lich King everywhere)
from .session import ILLUSTRATIVE_PACK

LICH = LICH_SEAT
LICH_KING = R.LICH_KING
BLACK_COLOR = "#2b2b2b"
PURPLE_COLOR = "#8e44ad"
PLAYER_COLOR = R.PLAYER_COLORS[0]

SOLO_CSS = """<style>
.pt-necro-line{display:flex;gap:8px;flex-wrap:wrap;align-items:flex-start}
.pt-necro{position:relative;width:150px;min-height:150px;border-radius:8px;border:2px solid #5b2a86;background:linear-gradient(#f7f1fb,#e9dcf2);padding:5px 6px;box-sizing:border-box;font-size:11px}
.pt-necro.pt-current{box-shadow:0 0 0 3px #ffb300}
.pt-necro.pt-hidden{background:repeating-linear-gradient(135deg,#3d2358,#3d2358 8px,#4d2f6e 8px,#4d2f6e 16px);color:#fff;display:flex;flex-direction:column;align-items:center;justify-content:center;text-align:center;font-weight:600}
.pt-necro-pile{position:absolute;right:5px;top:4px;font-weight:700;color:#5b2a86}
.pt-necro-name{font-weight:700;font-size:12px;margin:0 22px 4px 0;min-height:28px}
.pt-necro-imm{display:inline-block;background:#3b2f6b;color:#fff;border-radius:9px;padding:0 6px;font-weight:700}
.pt-necro-quest{margin:5px 0;min-height:40px}
.pt-shield{display:inline-block;min-width:20px;padding:1px 4px;border-radius:4px 4px 10px 10px;color:#fff;font-weight:700;text-align:center;margin-right:3px}
.pt-shield.pt-black{background:#2b2b2b}
.pt-shield.pt-purple{background:#8e44ad}
.pt-time{display:inline-block;background:#ffb300;color:#222;border-radius:8px;padding:0 5px;font-weight:700;font-size:10px}
.pt-illustrative{background:#fff3cd!important;border:1px solid #e0b84c!important;color:#5c4400!important}
table.pt-matches td.pt-hit{background:#efe3f7;font-weight:700;color:#5b2a86;text-align:center}
table.pt-matches td.pt-miss{color:#bbb;text-align:center}
.pt-total{font-size:15px;font-weight:700;color:#5b2a86}
.pt-verdict{font-size:15px;font-weight:700}
</style>"""


def swrap(html: str) -> str:
    """HTML with the shared stylesheet and the solo one."""
    return wrap(SOLO_CSS + html)


# ------------------------------------------------------------------ words in a language

def panel_language(lang: str | None = None) -> str:
    """A panel's language: ``lang`` checked, or the lab's current one."""
    return check_language(lang) if lang else get_language()


class Html(str):
    """A piece of HTML put into a message as it is (see :func:`t_html`)."""


def t_html(key: str, lang: str | None = None, **params: object) -> str:
    """:func:`~papertales.i18n.t` as HTML: the message ``key`` with its text and its parameters
    escaped, except the parameters given as :class:`Html`; ``n`` (a number) also chooses a
    plural form."""
    marks = {k: f"\x00{i}\x00" for i, (k, v) in enumerate(params.items()) if not isinstance(v, int)}
    text = escape(t(key, lang, **{k: marks.get(k, v) for k, v in params.items()}))
    for k, mark in marks.items():
        v = params[k]
        text = text.replace(mark, v if isinstance(v, Html) else escape(v))
    return text


class Card(Protocol):
    """A unit, Necropolis or Lich King card (its ``pack`` and ``text`` are read when it has them)."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...


def _catalogued(key: str, lang: str) -> bool:
    return has(key, lang) or has(key, "en")


def card_name(card: Card, lang: str | None = None) -> str:
    """The name of a unit, Necropolis or Lich King card in ``lang``: the catalogue's
    (``card.<id>.name``) for the cards shipped with the engine, else the pack's own."""
    key = f"card.{card.id}.name"
    if getattr(card, "pack", None) in BUILTIN_PACKS and _catalogued(key, lang or get_language()):
        return t(key, lang)
    return card.name


def card_text(card: Card, lang: str | None = None) -> str:
    """The text of a Necropolis or Lich King card in ``lang`` (``card.<id>.text``)."""
    key = f"card.{card.id}.text"
    if getattr(card, "pack", None) in BUILTIN_PACKS and _catalogued(key, lang or get_language()):
        return t(key, lang)
    return getattr(card, "text", "") or ""


def phase_name(phase: str, lang: str | None = None) -> str:
    """The name of a phase (``phase.<name>.name``), or of the end of the game."""
    return R.phase_title(phase, lang)


# ------------------------------------------------------------------ illustrative cards

def illustrative_titles(cards: CardSet, lang: str | None = None) -> list[str]:
    """Titles of the illustrative packs of a card set that bring solo cards: a built-in
    pack's in ``lang`` (``pack.<id>.title``), any other as its file says."""
    return [t(f"pack.{p['id']}.title", lang) if has(f"pack.{p.get('id')}.title", "en") else p["title"]
            for p in cards.packs if p.get("illustrative") and (p.get("necropolis") or p.get("lich_king_cards"))]


def illustrative_html(titles: Sequence[str], lang: str | None = None) -> str:
    """The warning shown whenever illustrative solo cards are in use ('' when none)."""
    if not titles:
        return ""
    names = "; ".join(escape(title) for title in titles)
    return ('<div class="pt-msg pt-illustrative" data-illustrative="1">'
            f'<b>{escape(t("solo.illustrative.title", lang))}</b> '
            f'{escape(t("solo.illustrative.body", lang, packs="{packs}")).replace("{packs}", names)}</div>')


def solo_cards(pack: dict[str, Any] | str | None = None) -> CardSet:
    """The card set of a solo game: the base game plus ``pack`` (a pack dict or file) or,
    by default, the built-in illustrative Necropolis and Lich King cards."""
    return card_set(pack if pack is not None else ILLUSTRATIVE_PACK)
