"""One message catalogue for every word the lab shows a person, in English and Polish.

Why our own small catalogue instead of gettext?  The lab needs flat keys shared by the
engine, the CLI and the panels, str.format placeholders, Polish plurals (1 / 2-4 / 5+) and
no compile step, so that the package keeps working from a plain checkout and without any
dependency.  Each language is a folder of JSON files (``papertales/locales/<lang>/*.json``),
one per domain (``engine.json``, ``cards.json``, ``app.json`` ...); all files of a language
are merged, and a key may live in one file only (the tests check that every key exists in
both languages).

A value is either a string with ``{placeholders}`` or a plural table
``{"one": ..., "few": ..., "many": ...}`` chosen by the parameter ``n``.

Two things a language may need beyond that, both written in its own messages:

* a grammatical case of a card's name, ``{card:acc}`` (``zbuduj {a:acc}`` gives "zbuduj
  Karczmę"): the forms are in the language's ``grammar.json`` (``card.<id>.acc``); a name
  with no form there is used as it is (English needs none);
* numbers with a decimal comma: in Polish ``{mean:.1f}`` prints ``33,2``.
"""

from __future__ import annotations

import json
import os
import string
from importlib import resources

LANGUAGES = ("en", "pl")
DEFAULT = "en"
#: the grammatical cases a message may ask a card's name in (``{name:acc}``)
CASES = ("nom", "acc", "gen", "dat", "ins", "loc")
#: the languages whose numbers have a decimal comma
DECIMAL_COMMA = ("pl",)
#: the file of each language that holds word forms (its keys need no twin in other languages)
GRAMMAR_FILE = "grammar.json"

_catalogues: dict[str, dict[str, object]] = {}
_current = [None]          # the language chosen by set_language (None: from the environment)


def _load(lang: str) -> dict[str, object]:
    cat = _catalogues.get(lang)
    if cat is None:
        cat = {}
        folder = resources.files("papertales") / "locales" / lang
        for entry in sorted(folder.iterdir(), key=lambda e: e.name):
            if not entry.name.endswith(".json") or entry.name == GRAMMAR_FILE:
                continue
            data = json.loads(entry.read_text(encoding="utf-8"))
            for key, value in data.items():
                if key in cat:
                    raise RuntimeError(f"message key {key!r} is defined twice in locales/{lang}")
                cat[key] = value
        _catalogues[lang] = cat
    return cat


def catalogue(lang: str) -> dict[str, object]:
    """Every message of ``lang`` (key -> text or plural table), for tests and tools."""
    return dict(_load(check_language(lang)))


def check_language(lang) -> str:
    if lang not in LANGUAGES:
        from .errors import ArgumentError
        raise ArgumentError("err.language", value=lang, allowed=", ".join(LANGUAGES))
    return lang


def environment_language() -> str:
    """``pl`` when the environment's locale is Polish (LC_ALL, LC_MESSAGES, LANG), else ``en``."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            return "pl" if value.lower().startswith("pl") else DEFAULT
    return DEFAULT


def set_language(lang) -> None:
    """Choose the language of every message from now on (``None``: back to the environment's)."""
    _current[0] = None if lang is None else check_language(lang)


def get_language() -> str:
    return _current[0] or environment_language()


def plural_category(lang: str, n: int) -> str:
    """CLDR plural category of a whole number: English one/many, Polish one/few/many."""
    n = abs(int(n))
    if lang == "pl":
        if n == 1:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"
    return "one" if n == 1 else "many"


def has(key: str, lang: str | None = None) -> bool:
    return key in _load(lang or get_language())


def t(key: str, lang: str | None = None, **params) -> str:
    """The message ``key`` in ``lang`` (default: the current language) with ``params``
    filled in.  A key missing in Polish falls back to English; a key missing everywhere
    is a programming error and raises ``KeyError``."""
    lang = lang or get_language()
    value = _load(lang).get(key)
    if value is None:
        value = _load(DEFAULT).get(key) if lang != DEFAULT else None
        if value is None:
            raise KeyError(f"no message {key!r} in the catalogue")
    if isinstance(value, dict):
        value = value.get(plural_category(lang, params.get("n", 0))) or value["many"]
    if not params:
        return value
    if ":" in value:                   # a case or a number format: worded for the language
        return _Formatter(lang).vformat(value, (), params)
    return value.format_map(params)


class _Formatter(string.Formatter):
    """``str.format`` that knows the language: ``{name:acc}`` puts a card's name in that
    case, and a formatted number gets the language's decimal mark."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value, format_spec):
        if format_spec in CASES:
            return word_form(value, format_spec, self.lang)
        text = format(value, format_spec)
        if self.lang in DECIMAL_COMMA and isinstance(value, float):
            text = text.replace(".", ",")
        return text


_forms: dict[str, dict[str, dict[str, str]]] = {}


def word_form(name, case: str, lang: str | None = None) -> str:
    """``name`` (a card's name as the language writes it) in grammatical ``case``: the form
    from the language's ``grammar.json``, else the name unchanged."""
    lang = lang or get_language()
    forms = _forms.get(lang)
    if forms is None:
        cat = _load(lang)
        forms = {}
        for key, form in grammar(lang).items():
            ident, form_case = key[len("card."):].rsplit(".", 1)
            nominative = cat.get(f"card.{ident}.name")
            if isinstance(nominative, str):
                forms.setdefault(form_case, {})[nominative] = form
        _forms[lang] = forms
    text = str(name)
    return forms.get(case, {}).get(text, text)


def grammar(lang: str) -> dict[str, str]:
    """The word forms of ``lang`` (``card.<id>.<case>`` -> form): not messages, so they are
    kept apart from the catalogue, and a language that needs none has an empty file."""
    entry = resources.files("papertales") / "locales" / check_language(lang) / GRAMMAR_FILE
    return json.loads(entry.read_text(encoding="utf-8")) if entry.is_file() else {}


def number(x: float, lang: str | None = None, digits: int = 1) -> str:
    """``x`` with ``digits`` decimals and the language's decimal mark (``33,2`` in Polish)."""
    text = f"{x:.{digits}f}"
    return text.replace(".", ",") if (lang or get_language()) in DECIMAL_COMMA else text


def card_name(card_id, lang: str | None = None, cards=None) -> str:
    """A card's (or building's) name in ``lang``: the catalogue's translation of the
    shipped cards, else the name in the card's own pack (``cards``: a CardSet), else the
    id itself."""
    lang = lang or get_language()
    key = f"card.{card_id}.name"
    cat = _load(lang)
    if key in cat:
        return cat[key]
    if cards is not None:
        name = cards.name_of(card_id)
        if name is not None:
            return name
    fallback = _load(DEFAULT).get(key)
    return fallback if fallback is not None else str(card_id)
