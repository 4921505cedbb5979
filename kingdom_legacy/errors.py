"""Errors of the Kingdom Legacy engine.  Each carries a message key of the catalogue
(``papertales.i18n``) and its parameters, so that it can be shown in any language;
``str(error)`` uses the current language."""

from __future__ import annotations

from papertales.i18n import t


class Text:
    """A piece of a message translated only when shown (a zone, a decision, a stage ...),
    so that an error raised in one language reads in any other."""

    __slots__ = ("key", "params")

    def __init__(self, key: str, **params):
        self.key = key
        self.params = params

    def message(self, lang: str | None = None) -> str:
        return t(self.key, lang, **_render(self.params, lang))

    def __eq__(self, other):
        return isinstance(other, Text) and (self.key, self.params) == (other.key, other.params)

    def __repr__(self):
        return f"Text({self.key!r}, {self.params!r})"


def _render(params: dict, lang) -> dict:
    return {k: (v.message(lang) if hasattr(v, "message") else v) for k, v in params.items()}


class LegacyError(ValueError):
    """Base class of every error the package raises on purpose."""

    def __init__(self, key: str, **params):
        self.key = key
        self.params = params
        super().__init__(key)

    def message(self, lang: str | None = None) -> str:
        return t(self.key, lang, **_render(self.params, lang))

    def __str__(self):
        return self.message()


class IllegalAction(LegacyError):
    """An action the rules do not allow now; the campaign is left unchanged."""


class LossWarning(IllegalAction):
    """The action would lose resources not spent yet; asked with ``allow_loss=False`` so
    that a person can confirm first.  Nothing has changed."""


class PackError(LegacyError):
    """A card pack (JSON) is malformed: the message names file, card, stage and field."""


class SaveError(LegacyError):
    """A saved campaign cannot be loaded; nothing is half-loaded."""
