"""Every message rendered with sample values in both languages, read for the grammar
mistakes a person would see: a third-person verb after "You"/"Ty" ("You wins"), a card's
name in the nominative after a Polish verb ("Zbuduj Karczma"), a singular verb before a
list of dying units ("ginie Rolnik, Wróżka"), a Polish unit of gold that does not agree
with its number ("+1 Monety"), and a decimal point in Polish numbers."""

from __future__ import annotations

import re
import string

import pytest

import papertales_widgets  # noqa: F401  (its catalogue too: the panels' messages are read here)
from papertales import i18n
from papertales import render as R

#: who a message may speak about or to
PERSON = {"en": "You", "pl": "Ty"}
#: the placeholders that may name a player
PERSON_FIELDS = ("name", "who", "player", "a", "b", "winner", "opponent")
#: cards whose Polish accusative differs from the nominative (a feminine and a masculine one)
CARDS = {"en": ["Tavern", "Palm Reader"], "pl": ["Karczma", "Wróżka", "Rolnik", "Mantykora", "Ochotniczka"]}
#: Polish verbs (imperative and third or second person) that take a direct object
PL_OBJECT_VERBS = ("zbuduj", "zatrzymaj", "wystaw", "odrzuć", "rozbuduj", "zachowaj", "wybierz", "uratuj",
                   "buduje", "rozbudowuje", "odrzuca", "odkrywa", "zatrzymuje", "zachowuje", "ratuje",
                   "traci", "bierze z powrotem", "ocalono")


def _fields(text):
    """The placeholders of ``text`` (a text shown as it is, with literal braces, has none)."""
    fields = [(name, spec) for _, name, spec, _ in string.Formatter().parse(text) if name]
    return fields if all(re.fullmatch(r"[A-Za-z_]\w*", name) for name, _ in fields) else []


def _render(key, texts, lang, value, n):
    """The message with every placeholder of its ``texts`` given ``value`` (numbers where a
    number format asks)."""
    params = {}
    for name, spec in [f for text in texts for f in _fields(text)]:
        if spec and spec[-1] in "dfeg%":
            params[name] = n if spec[-1] == "d" else 7.25
        elif name == "n":
            params[name] = n
        elif value in PERSON.values() and name not in PERSON_FIELDS:
            params[name] = "3"                  # a number, a phase, a spot ...: not a person
        else:
            params[name] = value
    return i18n.t(key, lang, **params)


def _rendered(lang, values):
    out = []
    for key, value in i18n.catalogue(lang).items():
        if key.startswith("legacy."):
            continue                        # the Kingdom Legacy tab: another engineer's texts
        texts = value.values() if isinstance(value, dict) else [value]
        if not any(_fields(x) for x in texts):
            continue
        for v in values:
            for n in (1, 2, 5):
                out.append((key, _render(key, list(texts), lang, v, n)))
    return out


def _said_to_you(lang):
    """Every message as said of the person playing: its ``.you`` form where it has one."""
    cat = i18n.catalogue(lang)
    return [(k, s) for k, s in _rendered(lang, [PERSON[lang]]) if k + ".you" not in cat]


def test_no_third_person_verb_after_you():
    bad = [(k, s) for k, s in _said_to_you("en")
           if re.search(r"\bYou (wins|earns|scores|gains|loses|pays|builds|keeps|reveals|has|is|takes|dies|"
                        r"plays|makes|gets|needs|upgrades|discards|spares|draws)\b", s)]
    assert not bad, sorted({k for k, _ in bad})
    bad = [(k, s) for k, s in _said_to_you("pl")
           if re.search(r"\bTy (wygrywa|zarabia|zdobywa|traci|płaci|buduje|zatrzymuje|odkrywa|ma|jest|bierze|"
                        r"ginie|rozbudowuje|odrzuca|ratuje|zachowuje)\b", s)
           or re.search(r"\b(wygrywa|zarabia|zdobywa|buduje|zatrzymuje|odkrywa) Ty\b", s)]
    assert not bad, bad[:10]


def test_a_polish_verb_takes_the_card_in_the_accusative():
    verbs = "|".join(PL_OBJECT_VERBS)
    pattern = re.compile(rf"\b(?i:{verbs}) ({'|'.join(CARDS['pl'])})\b")
    bad = [(k, s) for k, s in _rendered("pl", CARDS["pl"]) if pattern.search(s)]
    assert not bad, bad[:10]
    assert i18n.t("action.build", "pl", a="Karczma", b=1) == "zbuduj Karczmę na poziomie 1"
    assert i18n.t("action.pick", "pl", a="Wróżka") == "zatrzymaj Wróżkę"
    assert i18n.t("action.pick", "pl", a="Koszary") == "zatrzymaj Koszary"       # no other form
    assert i18n.t("action.pick", "en", a="Palm Reader") == "keep Palm Reader"


def test_a_list_of_dying_units_takes_a_plural_verb():
    units = "Manticore, Rolnik"
    assert "giną Manticore, Rolnik" in i18n.t("app.happened.deaths", "pl", name="Ada", units=units, n=2)
    assert "ginie Rolnik" in i18n.t("app.happened.deaths", "pl", name="Ada", units="Rolnik", n=1)
    bad = [(k, s) for k, s in _rendered("pl", ["Manticore, Rolnik"]) if re.search(r"\bginie [^.:]*, ", s)]
    assert not bad, bad[:10]


@pytest.mark.parametrize("amount, text", [(1, "+1 Moneta"), (2, "+2 Monety"), (5, "+5 Monet"), (-1, "-1 Moneta"),
                                          (22, "+22 Monety"), (12, "+12 Monet")])
def test_gold_agrees_with_its_number_in_polish(amount, text):
    assert R.change_text("gold", amount, "pl") == text
    assert R.change_text("gold", amount, "en").endswith(" gold")


def test_no_gold_unit_disagrees_with_its_number():
    for lang_value in (1, 2, 5):
        for key, s in _rendered("pl", ["x"]):
            for m in re.finditer(r"(?<![\d,])([+-]\d+) (Moneta|Monety|Monet)\b", s):
                n, word = int(m.group(1)), m.group(2)
                want = {"one": "Moneta", "few": "Monety", "many": "Monet"}[i18n.plural_category("pl", n)]
                assert word == want, (key, s)


def test_polish_numbers_have_a_decimal_comma():
    assert i18n.number(33.25, "pl") == "33,2" and i18n.number(33.25, "en") == "33.2"
    bad = [(k, s) for k, s in _rendered("pl", ["x"]) if re.search(r"\b7\.\d", s)]      # 7.25 given
    assert not bad, bad[:10]
    assert i18n.t("cli.simulate.seat", "pl", seat=1, mean=33.25, win=50.0).count(",") >= 2


def test_word_forms_belong_to_known_cards_and_cases():
    """``card.<id>.<case>`` declines a card's name, ``<key>.<case>`` the name a message gives
    a person (``render.name.you``); a form differs from its name and keeps its placeholders."""
    for lang in i18n.LANGUAGES:
        cat = i18n.catalogue(lang)
        for key, form in i18n.grammar(lang).items():
            m = re.fullmatch(r"card\.([a-z0-9_]+)\.([a-z]+)", key) or re.fullmatch(r"([a-z0-9_.]+)\.([a-z]+)", key)
            assert m and m.group(2) in i18n.CASES, f"{lang}/grammar.json: odd key {key!r}"
            named = f"card.{m.group(1)}.name" if key.startswith("card.") else m.group(1)
            assert isinstance(cat.get(named), str), f"{lang}/grammar.json: {key} declines no name of the catalogue"
            assert form.strip() and form != cat[named], f"{lang}/grammar.json: {key}"
            assert {f for f, _ in _fields(form)} == {f for f, _ in _fields(cat[named])}, f"{lang}/grammar.json: {key}"


# ------------------------------------------------------------------ people in sentences: "przeciw Tobie"

#: Polish prepositions after which a person's name is never in the nominative
PL_PREPOSITIONS = ("przeciw", "przeciwko", "dla", "do", "od", "u", "z", "ze", "o", "wobec", "dzięki", "ku")


def test_the_default_name_ty_is_declined_after_a_preposition():
    bad = [(k, s) for k, s in _rendered("pl", [PERSON["pl"]])
           if re.search(rf"\b(?i:{'|'.join(PL_PREPOSITIONS)}) Ty\b", s)]
    assert not bad, bad[:10]


@pytest.mark.parametrize("name, dative", [("Ty", "Tobie"), ("Gracz 2", "Graczowi 2"), ("Gracz 12", "Graczowi 12"),
                                          ("Gracz", "Graczowi"), ("Czarna armia", "Czarnej armii"),
                                          ("Fioletowa armia", "Fioletowej armii"), ("Król Liszów", "Królowi Liszów"),
                                          ("Ada", "Ada"), ("Gracz Ada", "Gracz Ada")])
def test_a_persons_name_in_the_dative(name, dative):
    # the catalogue's names of people have their forms; a name somebody typed stays as it is
    assert i18n.word_form(name, "dat", "pl") == dative
    assert i18n.word_form(name, "dat", "en") == name


def test_a_war_against_you_reads_przeciw_tobie():
    """Three kingdoms at war: Ty (a Knight, 4), Ada (a Farmer, 1), Gracz 3 (two Knights, 8).
    Each fights both others; the strongest side (or a tie) wins."""
    from helpers import position, run_phase
    g = position({"name": "Ty", "front": ["knight"]}, {"name": "Ada", "front": ["farmer"]},
                 {"name": "Gracz 3", "front": ["knight", "knight"]})
    said = sorted(e.detail("pl", g.names) for e in run_phase(g) if e.kind == "war")
    assert said == ["siła 1 przeciw Graczowi 3 (8): przegrywa",
                    "siła 1 przeciw Tobie (4): przegrywa",
                    "siła 4 przeciw Ada (1): wygrywa 1 Wojnę",
                    "siła 4 przeciw Graczowi 3 (8): przegrywa",
                    "siła 8 przeciw Ada (1): wygrywa 1 Wojnę",
                    "siła 8 przeciw Tobie (4): wygrywa 1 Wojnę"]
    assert i18n.t("app.happened.war", "pl", a="Ada", sa=1, b="Ty", sb=4, result="nikt nie wygrywa") \
        == "Ada (1) przeciw Tobie (4): nikt nie wygrywa."


# ------------------------------------------------------------------ numbers before a unit of gold

def test_a_building_paid_in_gold_says_2_monety():
    """Player 1 owns the Town (level 1) and a Miner (1 ore), and has 5 gold: a level-2 Temple
    costs land 2 gold (2 x the 1 building owned), level 1 paid with the ore, level 2 with 3
    gold instead of its 2 ore: 5 gold in all."""
    from helpers import construct, position
    g = position({"gold": 5, "back": ["miner"], "buildings": {"town": 1}}, {}, {}, phase="construction")
    g.advance()
    pays = [e for e in construct(g, 0, "build temple 2") if e.kind == "gold"]
    assert [e.amount for e in pays] == [-5]
    assert pays[0].detail("pl") == "teren: 2 Monety; poziom 2 opłacony w Monetach: 3 Monety"
    assert pays[0].detail("en") == "land 2 gold; level 2 paid with 3 gold"


@pytest.mark.parametrize("gold, words", [(1, "1 Moneta"), (2, "2 Monety"), (4, "4 Monety"), (5, "5 Monet"),
                                         (0, "0 Monet"), (12, "12 Monet"), (22, "22 Monety")])
def test_land_and_bought_resources_agree_with_their_gold(gold, words):
    from papertales.events import render_parts
    assert render_parts([["how.land", {"gold": gold}]], "pl") == f"teren: {words}"
    assert render_parts([["how.bought", {"n": gold, "resource": "wood", "gold": gold}]], "pl") \
        == f"brakujące surowce (drewno: {gold}) dokupione, koszt: {words}"


def test_no_polish_number_is_put_before_a_fixed_form_of_moneta():
    """Outside a plural table (whose form follows ``n``) a number before "Monet" cannot agree
    with it ("teren: 2 Monet"): the amount is worded with its unit ({gold} -> "2 Monety")."""
    bad = []
    for key, value in i18n.catalogue("pl").items():
        if isinstance(value, str):
            bad += [(key, m.group(0)) for m in re.finditer(r"\{\w+(:[^}]*)?\}\s+Monet\w*", value)]
    assert not bad


def test_a_panels_message_gets_the_engines_word_forms_and_plurals():
    """The panels' catalogue is a package of its own, yet a card's case from the engine's
    grammar.json and the Polish plural forms work in its messages."""
    assert "app.step.keep" in i18n.catalogue("pl", "papertales_widgets")
    assert "app.step.keep" not in i18n.catalogue("pl", "papertales")
    assert i18n.t("app.step.keep", "pl", name="Karczma") == "Zatrzymaj Karczmę"
    plural = next(k for k, v in i18n.catalogue("pl", "papertales_widgets").items()
                  if isinstance(v, dict) and all({f for f, _ in _fields(x)} == {"n"} for x in v.values()))
    said = [i18n.t(plural, "pl", n=n) for n in (1, 2, 5)]
    assert said == [i18n.catalogue("pl", "papertales_widgets")[plural][f].format(n=n)
                    for f, n in (("one", 1), ("few", 2), ("many", 5))]


#: Polish words after which "1 Moneta" would have to be "1 Monetę" (the accusative): a worded
#: amount of gold ({gold} = "1 Moneta") may follow a colon, never one of these
PL_ACCUSATIVE_BEFORE_AMOUNT = ("płaci", "płacisz", "zapłać", "masz", "ma", "mają", "kosztuje", "kosztują", "za",
                               "zarabia", "zarabiasz", "dostaje", "dostajesz", "zdobywa", "zdobywasz", "traci",
                               "tracisz", "wydaje", "wydajesz", "daje", "otrzymuje")


#: the placeholders that may hold an amount of gold in words ("1 Moneta", render.gold_n)
GOLD_FIELDS = ("gold", "cost", "free", "paid", "price")


def test_a_worded_amount_of_gold_never_follows_a_word_that_needs_its_accusative():
    one = i18n.t("render.gold_n", "pl", n=1)
    assert one == "1 Moneta"
    words = "|".join(PL_ACCUSATIVE_BEFORE_AMOUNT)
    bad = []
    for key, value in i18n.catalogue("pl").items():
        for text in (value.values() if isinstance(value, dict) else [value]):
            fields = _fields(text)
            if key.startswith("legacy.") or not any(name in GOLD_FIELDS and not spec for name, spec in fields):
                continue
            params = {name: one if name in GOLD_FIELDS and not spec else 1 for name, spec in fields}
            said = text.format_map(params) if ":" not in text else i18n._Formatter("pl").vformat(text, (), params)
            if re.search(rf"\b(?i:{words}) 1 Moneta\b", said):
                bad.append((key, said))
    assert not bad, bad[:10]
    assert i18n.t("app.happened.revealed", "pl", name="Ada", units="Małpa (F1)", gold=one) \
        == "Ada odkrywa: Małpa (F1); koszt: 1 Moneta."
