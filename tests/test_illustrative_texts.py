"""The texts of the illustrative Lich King pack promise exactly what its values do.

The pack was rebalanced (docs/strategy.md) and three end cards kept texts promising 6, 5
and 4 LP while their values were 0.  Every number a text states about a value (the
immediate gain, the quest's LP, the armies; a Lich King card's amounts) is read back here
and compared with the card's data, in the pack and in both languages of the catalogue; a
gain the card has must be stated."""

from __future__ import annotations

import re

import pytest

from papertales import i18n
from papertales.cards import builtin_pack

PACK = builtin_pack("lich-king-illustrative")
#: (what, pattern) per language: each number a text states about a value
CLAIMS = {
    "en": {"immediate": r"\bimmediate (\d+) LP", "quest": r"\bquest (\d+) LP", "black": r"\bBlack (\d+)",
           "purple": r"\bPurple (\d+)"},
    "pl": {"immediate": r"\bnatychmiast (\d+) PL", "quest": r"\bzadanie:? (\d+) PL", "black": r"\bCzarna (\d+)",
           "purple": r"\bFioletowa (\d+)"},
}
PREFIX = {"en": "Illustrative card, NOT the printed one: ", "pl": "Karta poglądowa, NIE ta drukowana: "}


def _texts(card):
    """(language, where, text) of a card: the pack's own text and the catalogue's."""
    yield "en", "pack", card.text
    for lang in i18n.LANGUAGES:
        yield lang, f"catalogue {lang}", i18n.t(f"card.{card.id}.text", lang)


def _claims(lang, text):
    return {what: [int(n) for n in re.findall(pattern, text)] for what, pattern in CLAIMS[lang].items()}


def _values(card):
    return {"immediate": card.immediate_lp, "quest": card.quest_lp if card.quest else None,
            "black": card.black, "purple": card.purple}


@pytest.mark.parametrize("card", PACK["necropolis"], ids=lambda c: c.id)
def test_a_necropolis_text_states_its_values_and_nothing_else(card):
    values = _values(card)
    for lang, where, text in _texts(card):
        assert text.startswith(PREFIX[lang]), (where, text)
        claims = _claims(lang, text)
        for what, numbers in claims.items():
            assert all(n == values[what] for n in numbers), (card.id, where, what, numbers, values[what])
        if card.immediate_lp:
            assert claims["immediate"], (card.id, where, "the immediate gain is not stated")
        if card.quest is not None:
            assert claims["quest"], (card.id, where, "the quest's LP is not stated")


@pytest.mark.parametrize("card", PACK["lich_king_cards"], ids=lambda c: c.id)
def test_a_lich_king_card_text_states_its_amounts(card):
    amounts = sorted(a["amount"] for a in card.spec["abilities"])
    for lang, where, text in _texts(card):
        stated = sorted(int(n) for n in re.findall(r"\d+", text[len(PREFIX[lang]):]))
        assert stated == amounts, (card.id, where, stated, amounts)


def test_the_check_catches_a_text_that_promises_more_than_the_value():
    en = _claims("en", "Illustrative card, NOT the printed one: immediate 6 LP at the end of the game.")
    pl = _claims("pl", "Karta poglądowa, NIE ta drukowana: natychmiast 6 PL na koniec gry.")
    assert en["immediate"] == pl["immediate"] == [6]
    eternal = next(c for c in PACK["necropolis"] if c.id == "eternal_night")
    assert eternal.immediate_lp == 0          # so the old text (above) would have failed
