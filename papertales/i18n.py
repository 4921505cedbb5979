"""One message catalogue for every word the lab shows a person, in English and Polish.

Why our own small catalogue instead of gettext?  The lab needs flat keys shared by the
engine, the CLI and the panels, str.format placeholders, Polish plurals (1 / 2-4 / 5+) and
no compile step, so that the package keeps working from a plain checkout and without any
dependency.  Each language is a folder of JSON files (``papertales/locales/<lang>/*.json``),
one per domain (``engine.json``, ``cards.json``, ``errors.json`` ...); all files of a language
are merged, and a key may live in one file only (the tests check that every key exists in
both languages).

Each package keeps its own words: the engine's catalogue holds what ``papertales`` looks
up, and a package above it (the panels, ``papertales_widgets``; Kingdom Legacy) ships its
own ``locales/<lang>/`` folder and adds it with :func:`register_catalogue` when it is
imported, so that the engine never imports them and still reads their words with the same
``t``.  A key a package shares with a lower one lives in the lower one.

A value is either a string with ``{placeholders}`` or a plural table
``{"one": ..., "few": ..., "many": ...}`` chosen by the parameter ``n``.

Two things a language may need beyond that, both written in its own messages:

* a grammatical case of a card's name, ``{card:acc}`` (``zbuduj {a:acc}`` gives "zbuduj
  Karczmę"), or of a name the catalogue gives a person (``przeciw {opponent:dat}`` gives
  "przeciw Tobie" for the default name "Ty", "przeciw Graczowi 2" for "Gracz {n}"): the
  forms are in the language's ``grammar.json`` (``card.<id>.acc``, ``render.name.you.dat``);
  a name with no form there is used as it is (English needs none; a name a player typed);
* numbers with a decimal comma: in Polish ``{mean:.1f}`` prints ``33,2``.

>>> t("phase.aging.name", "en"), t("phase.aging.name", "pl")
('Aging', 'Przemijanie')
>>> [plural_category("pl", n) for n in (1, 2, 5, 12, 22)]     # 1 / 2-4 but 12-14 / the rest
['one', 'few', 'many', 'many', 'few']
>>> number(33.24, "pl")
'33,2'
"""

from __future__ import annotations

import json
import os
import re
import string
from importlib import resources
from importlib.resources.abc import Traversable
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, cast

if TYPE_CHECKING:
    class Names(Protocol):
        """What names a user's cards: a :class:`~papertales.cards.CardSet` (this module sits below it)."""

        def name_of(self, ident: str) -> str | None: ...

#: a message: a text, or a plural table (``{"one": ..., "few": ..., "many": ...}``)
Message = str | dict[str, str]

LANGUAGES = ("en", "pl")
DEFAULT = "en"
#: the grammatical cases a message may ask a card's name in (``{name:acc}``)
CASES = ("nom", "acc", "gen", "dat", "ins", "loc")
#: the languages whose numbers have a decimal comma
DECIMAL_COMMA = ("pl",)
#: the file of each language that holds word forms (its keys need no twin in other languages)
GRAMMAR_FILE = "grammar.json"

_catalogues: dict[str, dict[str, Message]] = {}
_current: list[str | None] = [None]          # the language chosen by set_language (None: from the environment)
#: the packages whose ``locales/`` folders make up the catalogue, the engine first, with each
#: folder found when the package registered it (None: the engine's, found when first read)
_packages: dict[str, Traversable | None] = {"papertales": None}


def register_catalogue(package: str) -> None:
    """Add the messages of ``package`` (its ``locales/<lang>/*.json``) to the catalogue.

    The panels and Kingdom Legacy call this when they are imported: their words travel with
    them, and the engine, which never imports them, still says them through :func:`t`.  The
    folder is found now, while the package is being imported, so that its words stay
    readable even if the rest of its import then fails."""
    if package not in _packages:
        _packages[package] = resources.files(package) / "locales"
        _catalogues.clear()               # read again, with the new folder, when next asked
        _forms.clear()


def packages() -> tuple[str, ...]:
    """The packages whose messages are in the catalogue now, in the order they came."""
    return tuple(_packages)


def _folder(package: str, lang: str) -> Traversable:
    folder = _packages.get(package)
    return (folder or resources.files(package) / "locales") / lang


def _files(package: str, lang: str) -> list[Traversable]:
    """The JSON files of ``package``'s ``locales/<lang>`` folder (none when it has no folder)."""
    folder = _folder(package, lang)
    if not folder.is_dir():
        return []
    return sorted((e for e in folder.iterdir() if e.name.endswith(".json")), key=lambda e: e.name)


def _read(package: str, lang: str) -> dict[str, Message]:
    cat: dict[str, Message] = {}
    for entry in _files(package, lang):
        if entry.name == GRAMMAR_FILE:
            continue
        data = json.loads(entry.read_text(encoding="utf-8"))
        for key, value in data.items():
            if key in cat:
                raise RuntimeError(f"message key {key!r} is defined twice in {package}/locales/{lang}")
            cat[key] = value
    return cat


def _load(lang: str) -> dict[str, Message]:
    cat = _catalogues.get(lang)
    if cat is None:
        cat = {}
        for package in _packages:
            for key, value in _read(package, lang).items():
                if key in cat:
                    raise RuntimeError(f"message key {key!r} of {package} is already in another package's catalogue")
                cat[key] = value
        _catalogues[lang] = cat
    return cat


def catalogue(lang: str, package: str | None = None) -> dict[str, Message]:
    """Every message of ``lang`` (key -> text or plural table), for tests and tools: of
    every registered package, or only of ``package``'s own files."""
    check_language(lang)
    return dict(_load(lang) if package is None else _read(package, lang))


class LanguageError(ValueError):
    """A language this package does not speak.  Raised here, below :mod:`papertales.errors`
    (whose messages are worded through this catalogue), so the two never import each other;
    :meth:`text` words it in any language, as the engine's errors do."""

    def __init__(self, lang: object) -> None:
        super().__init__(lang)
        self.lang = lang

    def text(self, lang: str | None = None) -> str:
        return t("err.language", lang if lang in LANGUAGES else None, value=self.lang, allowed=", ".join(LANGUAGES))

    def __str__(self) -> str:
        return self.text()


def check_language(lang: object) -> str:
    """``lang`` when it is one of :data:`LANGUAGES`, else :class:`LanguageError`."""
    if not isinstance(lang, str) or lang not in LANGUAGES:     # (isinstance: for the type checker)
        raise LanguageError(lang)
    return lang


def environment_language() -> str:
    """The language of the environment's locale (LC_ALL, LC_MESSAGES, LANG: ``pl_PL.UTF-8``
    is ``pl``) when it is one of :data:`LANGUAGES`, else :data:`DEFAULT`."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            code = value.lower()[:2]
            return code if code in LANGUAGES else DEFAULT
    return DEFAULT


def set_language(lang: str | None) -> None:
    """Choose the language of every message from now on (``None``: back to the environment's)."""
    _current[0] = None if lang is None else check_language(lang)


def get_language() -> str:
    return _current[0] or environment_language()


def _polish_plural(n: int) -> str:
    if n == 1:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"


#: the CLDR plural rule of each language whose rule is not English's (one/many): a new
#: language with another rule adds it here (docs/translations.md)
PLURAL_RULES: dict[str, Callable[[int], str]] = {"pl": _polish_plural}


def plural_category(lang: str, n: float) -> str:
    """CLDR plural category of a whole number in ``lang``: English one/many, Polish
    one/few/many (:data:`PLURAL_RULES`)."""
    n = abs(int(n))
    rule = PLURAL_RULES.get(lang)
    if rule is not None:
        return rule(n)
    return "one" if n == 1 else "many"


def has(key: str, lang: str | None = None) -> bool:
    return key in _load(lang or get_language())


def t(key: str, lang: str | None = None, **params: object) -> str:
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
        value = value.get(plural_category(lang, cast(float, params.get("n", 0)))) or value["many"]   # n: a count
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

    def format_field(self, value: object, format_spec: str) -> str:
        if format_spec in CASES:
            return word_form(value, format_spec, self.lang)
        text = format(value, format_spec)
        if self.lang in DECIMAL_COMMA and isinstance(value, float):
            text = text.replace(".", ",")
        return text


#: per language: case -> (word forms by nominative, forms of templates such as "Gracz {n}")
_forms: dict[str, dict[str, tuple[dict[str, str], list[tuple[re.Pattern[str], str]]]]] = {}


def _named_by(key: str) -> str:
    """The catalogue key whose text a word form ``key`` declines: ``card.<id>.<case>`` the card's
    name (``card.<id>.name``), any other ``<key>.<case>`` the text of ``<key>``."""
    base = key.rsplit(".", 1)[0]
    return f"{base}.name" if base.startswith("card.") else base


def _template(nominative: str) -> re.Pattern[str]:
    """A name with placeholders ("Gracz {n}") as a pattern: each placeholder is a number."""
    parts = string.Formatter().parse(nominative)
    return re.compile("".join(re.escape(lit) + (f"(?P<{name}>\\d+)" if name else "") for lit, name, _, _ in parts))


def word_form(name: object, case: str, lang: str | None = None) -> str:
    """``name`` (a card's or a person's name as the language writes it) in grammatical ``case``:
    the form from the language's ``grammar.json``, else the name unchanged (a card of a
    user's own pack, a name a player typed)."""
    lang = lang or get_language()
    forms = _forms.get(lang)
    if forms is None:
        cat = _load(lang)
        forms = {}
        for key, form in grammar(lang).items():
            nominative = cat.get(_named_by(key))
            if isinstance(nominative, str):
                exact, templates = forms.setdefault(key.rsplit(".", 1)[1], ({}, []))
                if "{" in nominative:
                    templates.append((_template(nominative), form))
                else:
                    exact[nominative] = form
        _forms[lang] = forms
    text = str(name)
    exact, templates = forms.get(case, ({}, []))
    if text in exact:
        return exact[text]
    for pattern, form in templates:
        m = pattern.fullmatch(text)
        if m:
            return form.format_map(m.groupdict())
    return text


def grammar(lang: str) -> dict[str, str]:
    """The word forms of ``lang`` (``card.<id>.<case>`` or ``<key>.<case>`` -> form) of every registered package:
    not messages, so they are kept apart from the catalogue, and a language that needs none
    has an empty file (or none)."""
    check_language(lang)
    forms: dict[str, str] = {}
    for package in _packages:
        entry = _folder(package, lang) / GRAMMAR_FILE
        if entry.is_file():
            forms.update(json.loads(entry.read_text(encoding="utf-8")))
    return forms


def number(x: float, lang: str | None = None, digits: int = 1) -> str:
    """``x`` with ``digits`` decimals and the language's decimal mark (``33,2`` in Polish)."""
    text = f"{x:.{digits}f}"
    return text.replace(".", ",") if (lang or get_language()) in DECIMAL_COMMA else text


def card_name(card_id: str, lang: str | None = None, cards: Names | None = None) -> str:
    """A card's (or building's) name in ``lang``: the catalogue's translation of the
    shipped cards, else the name in the card's own pack (``cards``: a CardSet), else the
    id itself."""
    lang = lang or get_language()
    key = f"card.{card_id}.name"
    cat = _load(lang)
    if key in cat:
        return cast(str, cat[key])          # a name is a text, never a plural table
    if cards is not None:
        name = cards.name_of(card_id)
        if name is not None:
            return name
    fallback = cast("str | None", _load(DEFAULT).get(key))
    return fallback if fallback is not None else str(card_id)


def printed_name(card_id: str, lang: str | None = None) -> str | None:
    """The name printed on the card, to show beside :func:`card_name` where the catalogue's
    name in ``lang`` is the project's own (``card.<id>.printed``: a card whose name in some
    language is not known from its edition, e.g. a Polish name the Polish rulebook does not
    give); None where the name shown is the printed one.

    >>> printed_name("manticore", "pl"), printed_name("manticore", "en"), printed_name("farmer", "pl")
    ('Manticore', None, None)
    """
    lang = lang or get_language()
    cat = _load(lang)
    printed = cat.get(f"card.{card_id}.printed")
    if not isinstance(printed, str) or printed == cat.get(f"card.{card_id}.name"):
        return None
    return printed
