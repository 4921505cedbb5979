"""Errors of the Kingdom Legacy engine.  Each carries a message key of the catalogue
(``papertales.i18n``) and its parameters, so that it can be shown in any language;
``str(error)`` uses the current language."""

from __future__ import annotations

import errno
import json
from typing import Any

from papertales.i18n import t


class Text:
    """A piece of a message translated only when shown (a zone, a decision, a stage ...),
    so that an error raised in one language reads in any other."""

    __slots__ = ("key", "params")

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params

    def message(self, lang: str | None = None) -> str:
        return t(self.key, lang, **_render(self.params, lang))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Text) and (self.key, self.params) == (other.key, other.params)

    def __repr__(self) -> str:
        return f"Text({self.key!r}, {self.params!r})"


def _render(params: dict[str, Any], lang: str | None) -> dict[str, Any]:
    return {k: (v.message(lang) if hasattr(v, "message") else v) for k, v in params.items()}


class LegacyError(ValueError):
    """Base class of every error the package raises on purpose."""

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(key)

    def message(self, lang: str | None = None) -> str:
        return t(self.key, lang, **_render(self.params, lang))

    def __str__(self) -> str:
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


# ---------------------------------------------------------------------------- Python's words
#
# The system and the JSON reader word their errors in English; inside a Polish sentence they
# are given in the game's language instead, by errno name and by the reader's message.

_OS_ERRORS = {"ENOENT": "no_file", "EACCES": "denied", "EPERM": "denied", "EISDIR": "folder",
              "ENOTDIR": "not_folder", "ENOSPC": "full", "EDQUOT": "full", "EROFS": "read_only",
              "ENAMETOOLONG": "long_name", "EBUSY": "busy"}
_JSON_ERRORS = {"Expecting value": "value", "Expecting property name enclosed in double quotes": "name",
                "Expecting ':' delimiter": "colon", "Expecting ',' delimiter": "comma",
                "Unterminated string starting at": "open_text", "Invalid control character at": "control",
                "Invalid \\escape": "escape", "Invalid \\uXXXX escape": "escape", "Extra data": "extra"}


def os_reason(exc: OSError) -> Text:
    """Why the system refused a file, in any language (an unknown error by its number)."""
    name = _OS_ERRORS.get(errno.errorcode.get(exc.errno, "") if exc.errno is not None else "")
    return Text("legacy.os." + name) if name else Text("legacy.os.other", number=exc.errno if exc.errno else "-")


def json_reason(exc: json.JSONDecodeError) -> Text:
    """What the JSON reader found wrong (a ``JSONDecodeError``), in any language."""
    return Text("legacy.json." + _JSON_ERRORS.get(exc.msg, "other"))


def without_bom(text: str) -> str:
    """The text without a UTF-8 byte-order mark (Windows Notepad writes one first)."""
    return text[1:] if text.startswith("\ufeff") else text
