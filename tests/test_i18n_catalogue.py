"""The message catalogue (``<package>/locales/<lang>/*.json`` of the engine, Kingdom Legacy
and the panels, read by papertales.i18n): complete in both languages, one definition per
key across the packages, the same placeholders and markup everywhere, Polish plurals, a name
and a text for every card of the shipped packs, and each key in the package that uses it.

The files are found through the installed packages (importlib), never through the working
directory."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import json
import re
import string
from collections import Counter
from pathlib import Path

import pytest

from papertales import i18n
from papertales.cards import BASE, BUILTIN_PACKS, builtin_pack

LANGS = i18n.LANGUAGES
PL_PLURAL = {"one", "few", "many"}
_TAG = re.compile(r"</?[a-zA-Z][^>]*>")
#: every package with a catalogue, the engine first (the others register theirs on import)
PACKAGES = ("papertales", "kingdom_legacy", "papertales_widgets")


def _locales(package):
    """``package``'s locales folder, found without importing it (the panels need ipywidgets)."""
    spec = importlib.util.find_spec(package)
    return Path(next(iter(spec.submodule_search_locations))) / "locales"


def _files(lang, grammar=False, package=None):
    """The message files of ``lang`` (and its word forms, ``grammar.json``, when asked), of one
    package or of all: (package, file) pairs."""
    out = []
    for pkg in [package] if package else PACKAGES:
        folder = _locales(pkg) / lang
        out += [(pkg, e) for e in sorted(folder.iterdir(), key=lambda e: e.name)
                if e.name.endswith(".json") and (grammar or e.name != i18n.GRAMMAR_FILE)]
    return out


def _pairs(entry):
    """(key, value) pairs of one file in file order, duplicates kept (json.loads drops them)."""
    return json.loads(entry.read_text(encoding="utf-8"), object_pairs_hook=lambda pairs: pairs)


def _raw(lang, package=None):
    """key -> ("package/file name", value) of every file of ``lang``."""
    out = {}
    for pkg, entry in _files(lang, package=package):
        for key, value in _pairs(entry):
            out.setdefault(key, (f"{pkg}/{entry.name}", value))
    return out


RAW = {lang: _raw(lang) for lang in LANGS}


def _variants(value):
    """The texts of a message: itself, or every form of a plural table."""
    return [v for _, v in value] if isinstance(value, list) else [value]


def _placeholders(text):
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


# ------------------------------------------------------------------ files and keys

@pytest.mark.parametrize("package", PACKAGES)
def test_every_language_has_files_and_the_same_files(package):
    names = {lang: [e.name for _, e in _files(lang, grammar=True, package=package)] for lang in LANGS}
    assert names["en"], f"no catalogue file of {package} for English"
    for lang in LANGS:
        assert names[lang] == names["en"], f"{package}/locales/{lang} has other files than locales/en"


@pytest.mark.parametrize("lang", LANGS)
def test_no_key_is_defined_twice(lang):
    counts = Counter()
    where = {}
    for pkg, entry in _files(lang):
        for key, _ in _pairs(entry):
            counts[key] += 1
            where.setdefault(key, []).append(f"{pkg}/{entry.name}")
    twice = {k: where[k] for k, n in counts.items() if n > 1}
    assert not twice, f"keys defined more than once in the {lang} catalogues: {twice}"


@pytest.mark.parametrize("package", PACKAGES)
def test_the_loader_agrees_with_the_files(package):
    if package == "papertales_widgets":
        pytest.importorskip("ipywidgets")       # the loader imports the package, which needs the app extra
    for lang in LANGS:
        assert set(i18n.catalogue(lang, package)) == set(_raw(lang, package))


def test_a_package_adds_its_catalogue_when_imported():
    pytest.importorskip("ipywidgets")           # the panels need the app extra (installed by [test])
    for package in PACKAGES:
        importlib.import_module(package)
        assert package in i18n.packages()
    for lang in LANGS:
        assert set(i18n.catalogue(lang)) == set(RAW[lang])


def test_the_engines_catalogue_holds_only_the_engines_words():
    """No key of the panels (``app.``, ``nb.``, ``solo.``, ``rules.``) or of Kingdom Legacy
    in the engine's files: the engine's own HTML (papertales.render) has ``render.`` keys."""
    engine = _raw("en", "papertales")
    assert not [k for k in engine if k.startswith(("app.", "legacy.", "nb.", "solo.", "rules."))]
    assert any(k.startswith("render.") for k in engine)


def test_every_key_the_engine_names_is_in_its_own_catalogue():
    """A key written out in papertales/*.py must be in the engine's files: the engine runs
    without the panels or Kingdom Legacy, so their catalogues cannot lend it a word."""
    engine = _raw("en", "papertales")
    heads = {k.split(".")[0] for k in engine}
    used = set()
    for path in sorted(Path(i18n.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and re.fullmatch(r"[a-z_]+(\.[a-z0-9_]+)+", node.value) and node.value.split(".")[0] in heads:
                used.add(node.value)
    assert len(used) > 300
    missing = sorted(k for k in used if k not in engine and not any(e.startswith(k + ".") for e in engine))
    assert not missing, f"keys papertales uses that only another package's catalogue has: {missing}"


def test_a_text_is_empty_in_both_languages_or_in_none():
    for key, (_, en_value) in RAW["en"].items():
        if key not in RAW["pl"]:
            continue                            # reported by the completeness test
        pl_value = RAW["pl"][key][1]
        if isinstance(en_value, str) and isinstance(pl_value, str):
            assert bool(en_value.strip()) == bool(pl_value.strip()), f"{key}: empty in one language only"


def test_every_key_exists_in_both_languages_in_the_same_file():
    en, pl = RAW["en"], RAW["pl"]
    assert sorted(set(en) - set(pl)) == [], "keys missing in Polish"
    assert sorted(set(pl) - set(en)) == [], "keys missing in English"
    moved = {k: (en[k][0], pl[k][0]) for k in en if en[k][0] != pl[k][0]}
    assert not moved, f"keys living in different files: {moved}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_value_is_a_text_or_a_plural_table(lang):
    for key, (name, value) in RAW[lang].items():
        assert re.fullmatch(r"[a-z0-9_]+(\.[A-Za-z0-9_\-]+)+", key), f"{lang}/{name}: odd key {key!r}"
        for text in _variants(value):
            assert isinstance(text, str), f"{lang}/{name}: {key} is not text"
            try:
                _placeholders(text)
            except ValueError as exc:           # a lone { or }
                pytest.fail(f"{lang}/{name}: {key} is not a valid format string ({exc})")


# ------------------------------------------------------------------ placeholders, markup, plurals

def test_placeholders_are_the_same_in_both_languages():
    for key, (_, en_value) in RAW["en"].items():
        if key not in RAW["pl"]:
            continue                            # reported by the completeness test
        en_ph = set().union(*(_placeholders(s) for s in _variants(en_value)))
        pl_ph = set().union(*(_placeholders(s) for s in _variants(RAW["pl"][key][1])))
        assert en_ph == pl_ph, f"{key}: placeholders {sorted(en_ph)} in English, {sorted(pl_ph)} in Polish"


def test_html_markup_is_the_same_in_both_languages():
    for key, (_, en_value) in RAW["en"].items():
        if key not in RAW["pl"]:
            continue                            # reported by the completeness test
        en_tags = Counter(tag for s in _variants(en_value) for tag in _TAG.findall(s))
        pl_tags = Counter(tag for s in _variants(RAW["pl"][key][1]) for tag in _TAG.findall(s))
        if isinstance(en_value, list) or isinstance(RAW["pl"][key][1], list):
            assert set(en_tags) == set(pl_tags), key
        else:
            assert en_tags == pl_tags, f"{key}: markup differs between English and Polish"


def test_plural_tables():
    for key, (name, value) in RAW["pl"].items():
        if isinstance(value, list):
            forms = [f for f, _ in value]
            assert sorted(forms) == sorted(PL_PLURAL), f"pl/{name}: {key} needs exactly one, few, many"
    for key, (name, value) in RAW["en"].items():
        if isinstance(value, list):
            forms = {f for f, _ in value}
            assert {"one", "many"} <= forms <= PL_PLURAL, f"en/{name}: {key} needs one and many"
            assert isinstance(RAW["pl"].get(key, ("", []))[1], list), f"{key}: plural in English, not in Polish"


@pytest.mark.parametrize("n, category", [
    (0, "many"), (1, "one"), (2, "few"), (3, "few"), (4, "few"), (5, "many"), (11, "many"),
    (12, "many"), (13, "many"), (14, "many"), (21, "many"), (22, "few"), (24, "few"),
    (25, "many"), (101, "many"), (102, "few"), (112, "many"), (122, "few"), (-2, "few")])
def test_polish_plural_category(n, category):
    # 1 alone is "one"; 2-4 at the end, but not 12-14, is "few"; all else (21, 101 too) "many"
    assert i18n.plural_category("pl", n) == category


@pytest.mark.parametrize("n, category", [(0, "many"), (1, "one"), (2, "many"), (21, "many")])
def test_english_plural_category(n, category):
    assert i18n.plural_category("en", n) == category


# ------------------------------------------------------------------ t()

def test_t_picks_the_language_and_fills_placeholders(monkeypatch):
    assert i18n.t("phase.recruitment.name", "en") == "Recruitment"
    assert i18n.t("phase.recruitment.name", "pl") == "Rekrutacja"
    assert i18n.t("phase.aging.name", "pl") == "Przemijanie"
    monkeypatch.setitem(i18n._load("pl"), "test.only.greeting", "Witaj, {name}!")
    monkeypatch.setitem(i18n._load("en"), "test.only.greeting", "Hello, {name}!")
    assert i18n.t("test.only.greeting", "pl", name="Gosia") == "Witaj, Gosia!"
    assert i18n.t("test.only.greeting", "en", name="Gosia") == "Hello, Gosia!"


def test_t_chooses_the_polish_plural_form(monkeypatch):
    monkeypatch.setitem(i18n._load("pl"), "test.only.coins",
                        {"one": "{n} Moneta", "few": "{n} Monety", "many": "{n} Monet"})
    monkeypatch.setitem(i18n._load("en"), "test.only.coins", {"one": "{n} gold", "many": "{n} gold"})
    said = {n: i18n.t("test.only.coins", "pl", n=n) for n in (1, 2, 5, 12, 22, 101)}
    assert said == {1: "1 Moneta", 2: "2 Monety", 5: "5 Monet", 12: "12 Monet", 22: "22 Monety",
                    101: "101 Monet"}


def test_a_key_missing_everywhere_raises_keyerror():
    for lang in LANGS:
        with pytest.raises(KeyError):
            i18n.t("no.such.key.anywhere", lang)


def test_a_key_missing_in_polish_falls_back_to_english(monkeypatch):
    # no shipped key is missing in Polish (see above): the fallback is checked with a test key
    monkeypatch.setitem(i18n._load("en"), "test.only.english", "only in English")
    assert not i18n.has("test.only.english", "pl")
    assert i18n.t("test.only.english", "pl") == "only in English"


# ------------------------------------------------------------------ cards of the shipped packs

def _cards():
    """(pack id, kind, card) of every card of every shipped pack."""
    out = []
    for pack_id in BUILTIN_PACKS:
        pack = builtin_pack(pack_id)
        for kind in ("units", "buildings", "necropolis", "lich_king_cards"):
            out += [(pack_id, kind, card) for card in pack[kind]]
    return out


CARDS = _cards()


def test_card_ids_do_not_collide_across_packs():
    ids = Counter(card.id for _, _, card in CARDS)
    assert [i for i, n in ids.items() if n > 1] == []
    assert len(CARDS) >= 42 + 5 + 20 + 4


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_has_its_name_and_texts(lang):
    cat = i18n.catalogue(lang)
    missing = []
    for _, kind, card in CARDS:
        keys = [f"card.{card.id}.name"]
        keys += ([f"card.{card.id}.l1.text", f"card.{card.id}.l2.text"] if kind == "buildings"
                 else [f"card.{card.id}.text"])
        missing += [k for k in keys if k not in cat]
    assert missing == []


def test_english_card_texts_are_the_data_files_texts():
    en = i18n.catalogue("en")
    for _, kind, card in CARDS:
        assert en[f"card.{card.id}.name"] == card.name
        if kind == "buildings":
            assert en[f"card.{card.id}.l1.text"] == card.levels[1].text
            assert en[f"card.{card.id}.l2.text"] == card.levels[2].text
        else:
            assert en[f"card.{card.id}.text"] == card.text


def test_polish_card_names_are_the_polish_editions():
    pl = i18n.catalogue("pl")
    known = 0
    for _, _, card in CARDS:
        printed = (getattr(card, "names", None) or {}).get("pl")
        if printed:
            known += 1
            assert pl[f"card.{card.id}.name"] == printed
    assert known >= 20
    assert pl["card.relic_of_wisdom.name"] == "Relikt"
    assert pl["card.barracks.name"] == "Koszary"


def test_polish_card_texts_are_translated():
    en, pl = i18n.catalogue("en"), i18n.catalogue("pl")
    same = [k for k in en if k.startswith("card.") and not k.endswith((".name", ".printed")) and en[k] == pl[k]]
    assert same == []


#: units whose Polish rulebook name is the English word itself (paper-tales-rules-pl.txt: "Z Demonem
#: i Drwalem", the "Kraken" and "Golem" clarifications): the only Polish names equal to the English
SAME_IN_THE_POLISH_RULEBOOK = {"demon": "Demon", "golem": "Golem", "kraken": "Kraken"}
#: names whose Polish accusative is the nominative (a neuter, an inanimate masculine, a plural)
ACCUSATIVE_AS_NOMINATIVE = {"forest_child": "Dziecię Lasu", "relic_of_wisdom": "Relikt", "town": "Miasto",
                            "barracks": "Koszary"}


def _base_units_and_buildings():
    return [(kind, card) for pack_id, kind, card in CARDS if kind in ("units", "buildings")]


def test_every_unit_has_a_polish_name_other_than_the_english_one():
    pl = i18n.catalogue("pl")
    units = [card for kind, card in _base_units_and_buildings() if kind == "units"]
    assert len(units) == 42
    same = {card.id: card.name for card in units if pl[f"card.{card.id}.name"] == card.name}
    assert same == SAME_IN_THE_POLISH_RULEBOOK
    for ident, name in SAME_IN_THE_POLISH_RULEBOOK.items():      # recorded as the rulebook's, not as ours
        assert BASE.unit(ident).names.get("pl") == name
        assert f"card.{ident}.printed" not in pl
    names = [pl[f"card.{card.id}.name"] for card in units]
    assert len(set(names)) == 42, "two units with one Polish name"


def test_a_polish_name_is_the_rulebooks_or_marked_as_the_projects_own():
    """A name the Polish rulebook gives is in the data file (``names.pl``) and has no mark; a
    name of the project's own has ``card.<id>.printed``, the printed English name, in both
    languages, and is shown with it (:func:`papertales.i18n.printed_name`)."""
    en, pl = i18n.catalogue("en"), i18n.catalogue("pl")
    rulebook, own = [], []
    for kind, card in _base_units_and_buildings():
        printed = (getattr(card, "names", None) or {}).get("pl")
        if printed:
            rulebook.append(card.id)
            assert pl[f"card.{card.id}.name"] == printed and f"card.{card.id}.printed" not in en
            assert i18n.printed_name(card.id, "pl") is None
        else:
            own.append(card.id)
            assert en[f"card.{card.id}.printed"] == pl[f"card.{card.id}.printed"] == card.name
            assert pl[f"card.{card.id}.name"] != card.name
            assert i18n.printed_name(card.id, "pl") == card.name
        assert i18n.printed_name(card.id, "en") is None
    # 18 units and the 5 buildings are named by the Polish rulebook; 24 units are the project's own
    assert (len(rulebook), len(own)) == (23, 24)
    assert {k.split(".")[1] for k in en if k.startswith("card.") and k.endswith(".printed")} == set(own)


def test_every_polish_unit_and_building_name_has_its_accusative():
    """A verb's object is ``{card:acc}``: every name has its form in grammar.json, or is one
    whose accusative is the nominative."""
    pl, forms = i18n.catalogue("pl"), i18n.grammar("pl")
    missing = [card.id for kind, card in _base_units_and_buildings()
               if f"card.{card.id}.acc" not in forms and card.id not in ACCUSATIVE_AS_NOMINATIVE]
    assert missing == []
    for ident, name in ACCUSATIVE_AS_NOMINATIVE.items():
        assert pl[f"card.{ident}.name"] == name
    assert i18n.t("action.pick", "pl", a=pl["card.manticore.name"]) == "zatrzymaj Mantykorę"
    assert i18n.t("action.place", "pl", a=pl["card.militiaman.name"], b="F1") == "wystaw Ochotniczkę na polu F1"
    assert i18n.t("action.place", "pl", a=pl["card.forest_child.name"], b="B2") == "wystaw Dziecię Lasu na polu B2"


def test_invented_solo_cards_say_so_in_both_languages():
    en, pl = i18n.catalogue("en"), i18n.catalogue("pl")
    solo = [card for _, kind, card in CARDS if kind in ("necropolis", "lich_king_cards")]
    for card in solo:
        assert "NOT the printed one" in en[f"card.{card.id}.text"]
        assert pl[f"card.{card.id}.text"].startswith("Karta poglądowa, NIE ta drukowana: ")
        # invented in both languages: a Polish name of its own, and no printed name to show
        assert pl[f"card.{card.id}.name"] != en[f"card.{card.id}.name"]
        assert f"card.{card.id}.printed" not in en and i18n.printed_name(card.id, "pl") is None
    assert len({pl[f"card.{card.id}.name"] for card in solo}) == len(solo) == 24
    assert pl["card.ashen_gate.name"] == "Popielna Brama" and pl["card.war_drums.name"] == "Bębny Wojny"


# ------------------------------------------------------------------ the panels' teaching texts

def test_teaching_texts_come_from_the_catalogue_in_both_languages():
    pytest.importorskip("ipywidgets")
    from papertales_widgets import texts as T

    # the old English constants still hold, and equal the functions' English
    assert T.PHASE_EXPLAIN == {p: T.phase_explain(p, "en") for p in T.PHASES}
    assert T.DECISION_HELP == {k: T.decision_help(k, "en") for k in T.DECISION_KINDS}
    assert T.SOLO_PHASE_EXPLAIN == {p: T.solo_phase_explain(p, "en") for p in T.SOLO_PHASES}
    assert T.APP_INTRO == T.app_intro("en") and T.SOLO_RULES == T.solo_rules("en")
    assert T.DRAFT_STEPS == T.draft_steps("en") and len(T.DRAFT_STEPS) == 4
    assert T.PHASE_EXPLAIN["wars"].startswith("<b>Wars")

    for p in T.PHASES:
        assert T.phase_explain(p, "pl") and T.phase_explain(p, "pl") != T.phase_explain(p, "en")
        assert T.phase_name(p, "pl") != T.phase_name(p, "en")
        assert T.phase_help(p, "pl") != T.phase_help(p, "en")
    for k in T.DECISION_KINDS:
        assert T.decision_help(k, "pl") != T.decision_help(k, "en")
    assert T.phase_explain("aging", "pl").startswith("<b>Przemijanie")
    assert T.phase_name("construction", "pl") == "Budowanie"
    assert T.solo_phase_explain("deployment", "pl") == T.phase_explain("deployment", "pl")
    assert T.solo_phase_explain("deployment", "pl", fallback=False) == ""
    assert T.draft_step(9, "pl") == T.draft_steps("pl")[-1]
    assert T.phase_explain("no_such_phase") == "" and T.decision_help("no_such_kind") == ""
    assert T.rules_summary(solo=True, lang="pl").startswith(T.solo_rules("pl"))
    assert "Zaświatów" in T.solo_phase_explain("recruitment", "pl")


def test_an_installed_package_ships_its_catalogue():
    """pyproject lists every package's locales/<lang> folder of every language as a package
    with its JSON files as package data, so the wheel takes them (a regular install reads
    the words from there, not from this checkout); tests/test_package.py builds the wheel."""
    import tomllib
    root = Path(__file__).resolve().parents[1]
    setup = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    for package in PACKAGES:
        for lang in i18n.LANGUAGES:
            folder = f"{package}.locales.{lang}"
            assert folder in setup["packages"] and "*.json" in setup["package-data"].get(folder, []), \
                f"{package}'s {lang} words are not package data"


def test_a_card_drawing_shows_the_printed_name_beside_a_name_of_our_own():
    from papertales import render as R
    manticore, farmer = BASE.unit("manticore"), BASE.unit("farmer")
    html = R.card_html(manticore, lang="pl")
    note = ("nazwa nadana przez Paper Tales Lab (nazwa z polskiej karty nie jest nam znana); "
            "na angielskiej karcie: Manticore")
    assert R.own_name_note(manticore, "pl") == note
    assert f'<div class="pt-cname pt-own" title="{note}">Mantykora</div>' in html
    assert f"siła 2): Dostaje +2 do siły za każdą żywność produkowaną przez twoje Królestwo.\n{note}" in html
    for card, lang, name in ((farmer, "pl", "Rolnik"), (manticore, "en", "Manticore"), (farmer, "en", "Farmer")):
        html = R.card_html(card, lang=lang)
        assert f'<div class="pt-cname">{name}</div>' in html and "pt-own" not in html
        assert R.own_name_note(card, lang) == ""
