"""Exceptions the engine raises.  Every message says what was wrong and what is allowed.

A message is a catalogue key (``err.…``, ``papertales/locales/<lang>/errors.json``) with
its values, so it reads in the language of whoever shows it: ``str(error)`` uses the
current language, ``error.text(lang)`` any other.  Nothing is worded when the error is
raised: only when it is shown.

Values are language-free, and some are worded by their name (as in
:mod:`papertales.events`):

* a value that is an error itself, or a :class:`Phrase` (the reason inside "X cannot do Y
  now", a part of a message), is worded in the same language; a list of them is joined
  with commas;
* ``card`` / ``*_card``: a card (or building) id, worded as the card's name; ``cards``: a
  list of ids;
* ``spot``: a spot index (0-4), shown as F1 F2 B1 B2 F3;
* ``phase`` / ``*_phase``: a phase id (``"wars"``), shown as the phase's name;
* ``decision``: a decision kind (``"deploy"``), shown as ``err.decision.<kind>``;
* ``resource``: ``wood`` / ``food`` / ``ore``, worded.

Anything else is shown as it is (ids, spot names, numbers, action notations, paths)."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from .i18n import card_name, get_language, has, t
from .state import SPOT_NAMES


class Phrase:
    """A part of a message (catalogue key and values) that is worded only when shown."""

    __slots__ = ("key", "params")

    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = params

    def text(self, lang: str | None = None) -> str:
        return _text(self.key, self.params, lang)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Phrase({self.key!r}, **{self.params!r})"

    def __reduce__(self) -> tuple[Callable[[str, dict[str, object]], Phrase], tuple[str, dict[str, object]]]:
        return (_phrase, (self.key, self.params))


def _phrase(key: str, params: dict[str, object]) -> Phrase:
    return Phrase(key, **params)


class PaperTalesError(Exception):
    """Base class of every error the package raises on purpose."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def text(self, lang: str | None = None) -> str:
        return _text(self.key, self.params, lang)

    def __str__(self) -> str:
        return self.text()


def _text(key: str, params: dict[str, object], lang: str | None) -> str:
    if not has(key, "en"):
        return key                    # a message built elsewhere, already in words
    lang = lang or get_language()
    return t(key, lang, **{name: _word(name, value, lang) for name, value in params.items()})


def _word(name: str, value: object, lang: str) -> object:
    """One value of a message in words (see the module's docstring)."""
    if isinstance(value, (PaperTalesError, Phrase)):
        return value.text(lang)
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, (PaperTalesError, Phrase)) for v in value):
        return ", ".join(v.text(lang) for v in value)
    if name == "card" or name.endswith("_card"):
        return card_name(cast(str, value), lang)          # a card id (module docstring)
    if name == "cards" and isinstance(value, (list, tuple)):
        return ", ".join(card_name(v, lang) for v in value) or t("word.nothing", lang)
    if name == "spot" and isinstance(value, int) and not isinstance(value, bool):
        return SPOT_NAMES[value] if 0 <= value < len(SPOT_NAMES) else value
    if (name in ("phase", "decision", "resource") or name.endswith("_phase")) and isinstance(value, str):
        key = f"err.decision.{value}" if name == "decision" else f"resource.{value}" \
            if name == "resource" else f"phase.{value}.name"
        return t(key, lang) if has(key, "en") else value
    return value


class IllegalActionError(PaperTalesError):
    """An action that the rules do not allow now.  The game state is left untouched."""


class NotYourTurnError(IllegalActionError):
    """A player acted while no decision of theirs was pending."""


class ArgumentError(PaperTalesError, ValueError):
    """A value an engine function does not take (also a ``ValueError``, as it always was)."""


class ActionSyntaxError(ArgumentError):
    """A text that is not an action's notation (a ``ValueError`` too)."""


class UnknownCardError(PaperTalesError, KeyError):
    """A card or building id that the card set does not hold (also a ``KeyError``, as
    look-ups always raised)."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key, **params)
        # KeyError's own str() would quote args[0]; callers that show args[0] get words
        self.args = (self.text(),)


class PackError(PaperTalesError):
    """A card pack (JSON) is malformed: the message names file, card and field."""


class SaveFileError(PaperTalesError):
    """A saved game (JSON) cannot be loaded; nothing is half-loaded."""


class PositionError(PaperTalesError):
    """A what-if position (JSON) is malformed or breaks a rule."""


class MissingExtraError(PaperTalesError, ImportError):
    """An optional package is not installed: the message names the extra to install
    (also an ``ImportError``, as the failed import always was)."""
