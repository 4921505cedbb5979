"""Polish as the rulebook words it: every legacy message rendered in Polish with sample
values (each plural form), and the whole log and every move of random campaigns, checked
for the known mistakes -- "obróć" for a flip, stage names "prosto", "zachowana chwała",
"1 chwały", "zyskaj: 1 moneta", engine words such as "coin", "deck" or "order" in a
sentence, "argument(s)" -- and for the rulebook's own terms."""

import io
import re
import string
from pathlib import Path

import pytest
from legacy_helpers import arrange, card, fresh, make_pack, play_until, refused, stage, take_from_box

from kingdom_legacy import Campaign, RandomBot, demo_pack
from kingdom_legacy.cards import step_text
from kingdom_legacy.events import action_text, decision_text
from kingdom_legacy.lesson import stages_text
from kingdom_legacy.terminal import Session
from papertales import i18n

SAMPLES = {
    "card": "#3 Kamieniołom", "by": "#11 Bandyci", "wielder": "#5 Chłop", "what": "1 kamień", "cost": "2 drewna",
    "need": "2 kamienie", "have": "1 monetę", "resource": "drewno", "stage": "awers", "to": "druga strona",
    "on": "druga strona", "zone": "w talii dobierania", "source": "z gry", "target": "kartę („budynek”) w grze",
    "keyword": "budynek", "sticker": "nr 7: chwała +1", "trigger": "Pasywny efekt", "when": "na koniec tury",
    "step": "zysk", "reason": "produkcja", "decision": "akcja w turze", "effect": "Pasywny efekt: zyskaj 1 monetę.",
    "action": "produce 3 1", "words": "Produkcja: odrzuć kartę #3 Kamieniołom i zyskaj 1 kamień",
    "text": "Zamień tę kartę z kartą ze stosu", "message": "to nie jest jedna z możliwości", "file": "moje.json",
    "field": "cards.4.stage", "problem": "brakuje tego pola", "value": "'x'", "allowed": "1, 2", "expected": "a",
    "noun": "kartę", "place": "w grze", "tab": "", "head": "Pasywny efekt", "body": "zyskaj 1 monetę", "once": "",
    "then": "zyskaj 1 monetę", "cards": "19 albo 20", "list": "nr 1: drewno ×2", "pool": "nic", "where": "Runda 2",
    "usage": "produce KARTA WARIANT", "pack": "Moje pudełko", "languages": "en|pl", "mine": "moje", "saved": "inne", "name": "moje.json",
}
PLURAL_SAMPLES = (1, 2, 5, 12, 22)
NOTATION_KEYS = re.compile(r"^legacy\.(usage\.|pack\.|save\.|error\.parse_|cli\.(usage|help|how|bot|lang|need_pack|bot_only"
                           r"|not_with_bot|usage_|unknown|value|number)|panel\.type$|decision\.manual$|why\.manual_closed$)")
ENGINE_WORDS = re.compile(r"\b(coin|wood|stone|sword|goods|deck|discard|order|main|aside|destroyed|box"
                          r"|front_rotated|back_rotated|front|back|None|True|False|decision)\b")
MISTAKES = [
    (re.compile(r"\bprosto\b"), "a stage is not 'prosto'"),
    (re.compile(r"zachowan\w+ chwał"), "the rulebook's term is 'oczyszczona chwała'"),
    (re.compile(r"\b\d+ chwały\b"), "'1 chwały' is not Polish"),
    (re.compile(r"[Zz]yskaj:|[Zz]yskujesz:"), "'zyskaj 1 monetę', without a colon"),
    (re.compile(r"\b(?:zyskaj|zyskujesz|zapłać|płacisz|weź|produkuje|kosztuje|masz|strać|tracisz)\s[^.;:()]*"
                r"\b1 moneta\b"), "after a verb: '1 monetę'"),
    (re.compile(r"\(s\)|argument"), "no '(s)' plurals, no 'arguments'"),
    (re.compile(r"[{}]"), "a placeholder left unfilled"),
]


def placeholders(value):
    texts = value.values() if isinstance(value, dict) else [value]
    return {f for s in texts for _, f, _, _ in string.Formatter().parse(s) if f}


def check_polish(key, s):
    """The known mistakes; the file format's own words (field names, JSON, the notation) are
    allowed in the messages about files and notation."""
    notation = NOTATION_KEYS.match(key)
    for pattern, why in MISTAKES[:-1] if notation else MISTAKES:
        assert not pattern.search(s), f"{key}: {why}: {s!r}"
    if not notation:
        bad = ENGINE_WORDS.search(s)
        assert bad is None, f"{key}: engine word {bad.group(0)!r} in {s!r}"


def legacy_keys(lang):
    import papertales_widgets  # noqa: F401  (its catalogue holds the Kingdom Legacy panel's words too)
    return sorted(k for k in i18n.catalogue(lang) if k.startswith("legacy."))


def test_every_legacy_message_renders_in_both_languages_with_every_plural_form():
    for lang in ("en", "pl"):
        keys = legacy_keys(lang)                   # imports the panels' catalogue first
        cat = i18n.catalogue(lang)
        for key in keys:
            names = placeholders(cat[key])
            assert names <= set(SAMPLES) | {"n", "count", "round", "turn", "glory", "box", "deck", "discard",
                                            "permanent", "destroyed", "idx", "step", "seed", "line", "column",
                                            "position", "number", "lo", "hi", "start", "missing", "top", "after",
                                            "actions", "boxes", "id", "final", "option", "arg", "bot", "event",
                                            "kinds", "tools", "word", "fields", "kind", "other"}, (key, names)
            for n in PLURAL_SAMPLES:
                values = {name: SAMPLES.get(name, n) for name in names}
                values["n"] = n
                s = i18n.t(key, lang, **values)
                assert "(s)" not in s and not re.search(r"[{}]", s.replace("{{", "").replace("}}", "")) or \
                    key.startswith("legacy.pack.problem"), (key, s)
                if lang == "pl":
                    check_polish(key, s)


def test_the_rulebook_terms():
    t = i18n.t
    assert t("legacy.step.transform_flip", "pl", target="tę kartę") == "odwróć tę kartę na drugą stronę"
    assert t("legacy.step.transform_rotate", "pl", target="tę kartę") == "obróć tę kartę o 180°"
    assert t("legacy.step.transform_to_flip", "pl", target="tę kartę", stage="druga strona").startswith("odwróć")
    assert t("legacy.step.transform_to_rotate", "pl", target="tę kartę", stage="x").startswith("obróć")
    assert [t(f"legacy.trigger.{k}", "pl").split(" (")[0] for k in
            ("passive", "activated", "timed", "destroy", "optional", "forced")] == [
        "Pasywny efekt", "Aktywowany efekt", "Czasowy efekt", "Efekt zniszczenia", "Aktywowany efekt opcjonalny",
        "Aktywowany efekt wymuszony"]
    assert t("legacy.once", "pl").strip().startswith("Jednorazowy efekt")
    assert [t(f"legacy.stage.{s}", "pl") for s in ("front", "front_rotated", "back", "back_rotated")] == [
        "awers", "awers obrócony o 180°", "druga strona", "druga strona obrócona o 180°"]
    assert "oczyszczona chwała: +4" in t("legacy.event.purged", "pl", n=2, glory=4)
    assert t("legacy.event.over", "pl", glory=1) == "Koniec kampanii — twoja chwała: 1"
    assert t("legacy.step.gain_any", "pl", n=1) == "zyskaj 1 dowolny zasób (także nowy)"   # "1 dowolny zasób"


@pytest.mark.parametrize("n, coins", [(1, "1 monetę"), (2, "2 monety"), (5, "5 monet"), (22, "22 monety")])
def test_gain_takes_the_accusative(n, coins):
    assert step_text({"kind": "gain", "resources": {"coin": n}}, "pl") == f"zyskaj {coins}"


def test_targets_take_the_case_of_their_verb():
    land = {"keyword": "land", "scope": "kingdom"}
    assert step_text({"kind": "destroy", "target": {"obstacle": False, "other": True}}, "pl") == \
        "zniszcz inną przyjazną kartę w grze"
    assert step_text({"kind": "add_production", "resource": "wood", "target": land}, "pl") == \
        "umieść naklejkę (drewno) jako produkcję na karcie („kraina”) w twoim królestwie"
    assert step_text({"kind": "strike_production", "target": land}, "pl") == \
        "wykreśl całą produkcję karty („kraina”) w twoim królestwie"
    assert step_text({"kind": "play", "count": 3}, "pl") == "zagraj 3 kolejne karty"
    assert step_text({"kind": "play", "count": 1}, "en") == "play 1 more card"


def test_the_log_and_every_move_of_random_campaigns_read_in_polish():
    for seed in range(6):
        c = Campaign.new(demo_pack(), seed)
        bot = RandomBot(seed)
        while True:
            acts = c.legal_actions()
            if c.is_over and not acts:
                break
            for a in acts:
                if a.kind != "manual":
                    check_polish("action " + str(a), action_text(c, a, "pl"))
            c.apply(acts[0] if c.is_over else bot.choose(c))
        for line in c.describe("pl"):
            check_polish("log", line)
        for n in c.kingdom():
            for line in c.card_view(n, "pl")["lines"]:
                check_polish(f"card {n}", line)


def test_errors_give_the_right_reason_without_engine_words():
    c = arrange(fresh(), play=[6, 4], deck=[1, 2, 3])
    msg = refused(c, "produce 6 x1", "'x1' is neither a card number nor a word")
    assert "argument" not in msg
    refused(c, "produce 6", "has the wrong number of words; write: produce CARD OPTION")
    refused(c, "produce 6", "napisz: produce KARTA WARIANT", lang="pl")
    refused(c, "use 4 3", "card 4 has only effect 1")
    refused(c, "use 6 5", "karta 6 ma efekty od 1 do 2", lang="pl")
    refused(c, "use 1 1", "karty 1 nie ma w grze (jest w talii dobierania)", lang="pl")
    refused(c, "use 4 1", "to kosztuje 1 drewno, a nie masz żadnych zasobów", lang="pl")
    c.pool = {"coin": 1}
    refused(c, "use 4 1", "to kosztuje 1 drewno; masz 1 monetę", lang="pl")
    refused(c, "upgrade 4 back", "karta 4 nie ma ulepszenia na etap: druga strona", lang="pl")
    pack = make_pack([card(1, stage("Blank", ["other"]))], box=3, start=2)
    b = arrange(fresh(pack=pack), play=[1, 2], deck=[])
    refused(b, "use 1 1", "card 1 has no effects")
    d = arrange(fresh(), play=[8], deck=[1, 2, 3, 4])
    d.apply("pass")
    refused(d, "pass", "najpierw czeka: kolejność wyzwolonych efektów", lang="pl")


@pytest.mark.parametrize("old", ["Karta #2 zmienia etap: awers, prosto → awers, obrócony",
                                 "Zniszczono oczyszczone karty (2); zachowana chwała: 3",
                                 "Koniec kampanii: 1 chwały", "zyskaj: 1 moneta", "zyskaj 1 moneta",
                                 "koszt to 2 coin; masz 1 wood", "karty 5 nie ma w grze (jest w: deck)",
                                 "najpierw czeka decyzja: order", "'produce 3 x': produce przyjmuje argumentów: 2"])
def test_the_checks_catch_the_mistakes_the_issue_found(old):
    """The strings the owner reported (the old catalogue's) fail the checks above."""
    with pytest.raises(AssertionError):
        check_polish("legacy.event.sample", old)


def test_a_flip_is_odwrocic_and_a_180_degree_turn_is_obrocic_everywhere():
    """The rulebook: "an arrow to the right means you must flip the card to its other side"
    (odwrócić), "an arrow down means you must turn the card by 180°" (obrócić)."""
    en, pl = i18n.catalogue("en"), i18n.catalogue("pl")
    checked = 0
    for key in legacy_keys("en"):
        e, p = str(en[key]).lower(), str(pl[key]).lower()
        flips = "flip" in e and "turn" not in e
        turns = "180°" in e and "flip" not in e
        if flips:
            assert "odwr" in p and "obró" not in p, (key, p)
        if turns:
            assert "obró" in p and "odwr" not in p, (key, p)
        checked += flips + turns
    assert checked >= 6


# ---------------------------------------------------------------------------- the slips of issue #28

def test_a_resource_sticker_is_not_offered_as_take_1_coin():
    guild = stage("Guild", effects=[{"trigger": "passive", "once": True, "do": [
        {"kind": "add_production", "resource": "any", "target": {"scope": "play"}}]}])
    market = stage("Fair", effects=[{"trigger": "passive", "once": True, "do": [
        {"kind": "gain", "choice": ["wood", "stone"], "n": 2}]}])
    pack = make_pack([card(1, stage("Mill", production=[{"wood": 1}])), card(2, guild), card(3, market)],
                     box=5, start=3, stickers={"wood": 2, "stone": 2})
    c = arrange(Campaign.new(pack, 0), play=[1, 2, 3], deck=[])
    c.apply("use 2 1")
    c.apply("target 1")
    assert [action_text(c, a, "pl") for a in c.legal_actions()] == ["Umieść naklejkę produkcji: drewno",
                                                                   "Umieść naklejkę produkcji: kamień"]
    assert decision_text(c, "pl") == ("wybierz zasób (efekt karty #2 Guild: umieść naklejkę (dowolny zasób) jako "
                                      "produkcję na karcie w grze)")
    c.apply("resource stone")
    c.apply("use 3 1")
    assert [action_text(c, a, "pl") for a in c.legal_actions()] == ["Weź 2 drewna", "Weź 2 kamienie"]
    assert [action_text(c, a, "en") for a in c.legal_actions()] == ["Take 2 wood", "Take 2 stone"]


def test_the_target_prompt_says_which_effect_asks():
    c = arrange(fresh(), play=[1], deck=[])
    c.apply("pass")                                      # round 2: the parchment Fertile Soil asks for a land
    assert decision_text(c, "pl") == ("wybierz kartę (efekt karty #12 Żyzna ziemia: umieść naklejkę (drewno) jako "
                                      "produkcję na karcie („kraina”) w twoim królestwie)")
    assert decision_text(c, "en") == ("choose a card (the effect of #12 Fertile Soil: put a production sticker "
                                      "(wood) on a card (land) in your kingdom)")


def test_a_parchment_is_said_once():
    c = take_from_box(fresh(), 12)
    text = stages_text(c, 12, "pl")
    assert "pergamin" in text and "pergamin · pergamin" not in text and "pergamin, pergamin" not in text


def test_the_end_offers_a_mini_expansion_only_when_one_is_left():
    c = play_until(Campaign.new(make_pack([card(3, stage("Crown", glory=5))], box=3, start=2, final=3), 0),
                   lambda c: c.is_over)
    out = io.StringIO()
    Session(c, out, "pl").run([])
    said = out.getvalue()
    assert "Nie zostało żadne mini-rozszerzenie do rozpoczęcia: zapisz ją albo zakończ." in said
    assert "Możesz zacząć mini-rozszerzenie" not in said


def test_the_interpretations_of_the_docs_are_numbered_in_order():
    doc = (Path(__file__).resolve().parents[2] / "docs" / "kingdom-legacy.md").read_text(encoding="utf-8")
    part = doc.split("## Interpretations")[1].split("\n## ")[0]
    numbers = [int(n) for n in re.findall(r"^(\d+)\. ", part, re.M)]
    assert numbers == list(range(1, len(numbers) + 1))
