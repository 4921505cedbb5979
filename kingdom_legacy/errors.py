"""Errors of the Kingdom Legacy engine.  Each carries a message key of the catalogue
(``papertales.i18n``) and its parameters, so that it can be shown in any language;
``str(error)`` uses the current language."""

from __future__ import annotations

from papertales.i18n import t


class LegacyError(ValueError):
    """Base class of every error the package raises on purpose."""

    def __init__(self, key: str, **params):
        self.key = key
        self.params = params
        super().__init__(key)

    def message(self, lang: str | None = None) -> str:
        params = {k: (v.message(lang) if isinstance(v, LegacyError) else v)
                  for k, v in self.params.items()}
        return t(self.key, lang, **params)

    def __str__(self):
        return self.message()


class IllegalAction(LegacyError):
    """An action the rules do not allow now; the campaign is left unchanged."""


class PackError(LegacyError):
    """A card pack (JSON) is malformed: the message names file, card, stage and field."""


class SaveError(LegacyError):
    """A saved campaign cannot be loaded; nothing is half-loaded."""
