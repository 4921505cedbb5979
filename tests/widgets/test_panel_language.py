"""The app in Polish and in English: one switch redraws every panel; the catalogue of the
app (keys ``app.`` and ``nb.``) is complete in both languages."""

from __future__ import annotations

import ast
import html
import json
import re
import string
from pathlib import Path

import pytest

from papertales import i18n
from papertales import render as R
from papertales_widgets import App, EventLog, KingdomView, ScoreRace, Session, WarGraph, lesson_editor

from widget_helpers import position_game

ROOT = Path(__file__).resolve().parents[2]
#: the app's words: the panels' own (app.json) and those the engine's HTML says (render.json)
APP_CATALOGUES = (ROOT / "widgets" / "locales", "app.json"), (ROOT / "papertales" / "locales", "render.json")
#: the files whose words must all come from the catalogue (see test_no_english_literals)
APP_FILES = sorted((ROOT / "widgets").glob("*.py")) + [ROOT / "papertales" / "render.py"]
PHASES_PL = ("Rekrutacja", "Wystawianie", "Wojny", "Dochód", "Budowanie", "Przemijanie")
PHASES_EN = ("Recruitment", "Deployment", "Wars", "Income", "Construction", "Aging")


@pytest.fixture(autouse=True)
def restore_language():
    yield
    i18n.set_language(None)


def farmer_game():
    """You have a Farmer (Polish: Rolnik, base.json ``names.pl``) in the Front."""
    return position_game("wars", {"name": "You", "gold": 3, "front": ["farmer", "knight"]},
                         {"name": "Ada", "front": ["knight"]})


def text(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", re.sub(r"<style>.*?</style>", "", html, flags=re.S))


def test_polish_name_of_the_farmer_is_the_rulebook_one():
    base = json.loads((ROOT / "papertales" / "data" / "base.json").read_text(encoding="utf-8"))
    farmer = next(u for u in base["units"] if u["id"] == "farmer")
    assert farmer["names"]["pl"] == "Rolnik"
    assert i18n.t("card.farmer.name", "pl") == "Rolnik"


def test_switching_the_app_to_polish_and_back_redraws_everything():
    app = App(players=3, seed=7, humans=[0], lang="en")
    track = app.stepper.track.value
    assert all(f"{i}. {name}" in track for i, name in enumerate(PHASES_EN, 1))
    assert app.shown("why")[0].startswith("Why?")
    assert app.stepper.next_phase.description.startswith("Next phase")
    assert app.stepper.decision_panel(0).buttons[0].description.startswith("Keep ")

    app.language.value = "pl"                              # the switch at the top of the page
    assert app.lang == "pl" and i18n.get_language() == "pl"
    track = app.stepper.track.value
    assert all(f"{i}. {name}" in track for i, name in enumerate(PHASES_PL, 1)), track
    assert "Tura 1/4" in track and "Recruitment" not in track
    assert app.stepper.next_phase.description.startswith("Następna faza")
    assert app.stepper.decision_panel(0).buttons[0].description.startswith("Zatrzymaj ")
    assert app.tabs.titles == ("Dlaczego? (zdarzenia)", "Graf Wojen", "Wyścig punktów",
                               "Edytor „co jeśli”", "Zasady w skrócie", "Analiza gry", "Kingdom Legacy")
    assert "Rekrutacja" in text(app.rules.value)
    assert "Ty" in app.session.game.names                  # the default names follow the language
    assert "Dlaczego?" in text(app.why.summary.value) or app.why.summary.value == ""

    # a kingdom with a Farmer: its card label is the Polish name
    app.session.load_game(farmer_game(), humans=[0])
    html = app.kingdoms.html.value
    assert '<div class="pt-cname">Rolnik</div>' in html and ">Farmer<" not in html
    assert "PRZÓD" in html and "TYŁ" in html
    assert 'data-phase="wars"' in app.stepper.track.value and "3. Wojny" in app.stepper.track.value

    app.set_language("en")
    assert app.language.value == "en" and i18n.get_language() == "en"
    track = app.stepper.track.value
    assert all(f"{i}. {name}" in track for i, name in enumerate(PHASES_EN, 1))
    assert "Turn 1/4" in track and "Rekrutacja" not in track
    html = app.kingdoms.html.value
    assert '<div class="pt-cname">Farmer</div>' in html and "Rolnik" not in html
    assert app.shown("wars")[0] == "War graph"
    assert not app.messages.errors and not app.stepper.messages.errors


def test_hidden_tabs_redraw_in_the_new_language_when_opened():
    app = App(players=3, seed=4, humans=[], lang="pl")
    app.stepper.next_turn.click()
    app.select("score")
    assert app.race.series[0][1] == "T1 Rek"
    app.select("wars")
    assert app.wars.fig.layout.title.text.startswith("Podgląd: gdyby Wojny")
    app.wars.which.value = 1                               # the resolved Wars of turn 1
    assert app.wars.fig.layout.title.text == "Wojny w turze 1 (rozstrzygnięte)"
    app.select("why")
    app.set_language("en")
    assert "Why? —" in app.why.summary.value
    app.select("score")
    assert app.race.series[0][1] == "T1 Rec"
    app.select("wars")
    assert app.wars.fig.layout.title.text == "Wars of turn 1 (resolved)"
    assert [label for label, _ in app.wars.which.options][-1] == "turn 1 (resolved)"
    app.select("whatif")
    app.set_language("pl")
    assert "Podgląd Wojen" in app.whatif.results.value
    assert not app.messages.errors and not app.whatif.messages.errors


def test_each_panel_takes_a_language():
    session = Session(players=3, seed=2, humans=[], lang="pl")
    session.advance("turn")
    assert session.message.startswith("Teraz: tura 2")
    assert "Rekrutacja" in session.message
    log = EventLog(session=session, lang="pl")
    assert "Dlaczego?" in log.summary.value and "<th>Przyczyna</th>" in log.table.value
    kingdoms = KingdomView(farmer_game(), lang="pl")
    assert "Rolnik" in kingdoms.html.value and "Monety" in kingdoms.html.value
    kingdoms.set_language("en")
    assert "Farmer" in kingdoms.html.value and "3 gold" in kingdoms.html.value
    graph = WarGraph(farmer_game(), lang="pl")
    assert "Pokonuje" in graph.table.value
    race = ScoreRace(session=session, lang="pl")
    assert race.fig.layout.yaxis.title.text == "PL"
    editor = lesson_editor("cerberus")
    editor.set_language("pl")
    assert "Dlaczego Cerber chce żywności" in editor.header.value
    assert editor.editors[0].cards["B1"].label.startswith("Rolnik")
    assert not editor.messages.errors


def test_refusals_are_said_in_the_panel_language():
    app = App(players=3, seed=7, humans=[0], lang="pl")
    app.stepper.next_phase.click()                         # you must draft first: refused
    assert "Niedozwolone:" in app.stepper.messages.value
    assert "czekamy na decyzję" in app.stepper.messages.last_error


# ------------------------------------------------------------------ the catalogue

def app_keys(lang):
    keys = {}
    for folder, name in APP_CATALOGUES:
        keys.update(json.loads((folder / lang / name).read_text(encoding="utf-8")))
    return keys


def fields(value) -> set:
    values = value.values() if isinstance(value, dict) else [value]
    return {f for v in values for _, f, _, _ in string.Formatter().parse(v) if f}


def test_every_app_and_notebook_key_exists_in_both_languages():
    en, pl = app_keys("en"), app_keys("pl")
    assert set(en) == set(pl)
    heads = ("app.", "nb.", "render.")
    assert all(k.startswith(heads) for k in en), [k for k in en if not k.startswith(heads)]
    for key, value in en.items():
        other = pl[key]
        assert isinstance(value, dict) == isinstance(other, dict), key
        if isinstance(value, dict):
            assert set(value) == {"one", "many"} and set(other) == {"one", "few", "many"}, key
        assert fields(other) - {"n"} <= fields(value) | {"n"}, key    # Polish asks for nothing more
    for lang in ("en", "pl"):
        i18n.catalogue(lang)                               # no key defined twice across the files


def test_every_key_the_panels_use_is_in_the_catalogue():
    en = i18n.catalogue("en")
    used = set()
    for path in APP_FILES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and re.fullmatch(r"(app|nb)\.[a-z0-9_.]+[a-z0-9_]", node.value):
                used.add(node.value)
    assert len(used) > 150
    missing = sorted(k for k in used if k not in en)
    assert not missing, missing


def test_a_message_on_screen_is_said_again_in_the_new_language_or_taken_away():
    from papertales_widgets import App
    app = App(players=3, seed=7, humans=[0], lang="en")
    st = app.stepper
    st.advance("phase")                               # refused: your draft decision comes first
    assert "waiting for a decision" in st.messages.value
    app.set_language("pl")                            # worded in English when refused: taken away
    assert st.messages.layout.display == "none" and not st.messages.value
    app.set_language("en")
    st.on_save()
    assert R.escape(i18n.t("app.step.saved_spoiler", "en")) in st.messages.value
    app.set_language("pl")                            # said again in Polish
    assert R.escape(i18n.t("app.step.saved_spoiler", "pl")) in st.messages.value
    assert R.escape(i18n.t("app.step.saved_spoiler", "en")) not in st.messages.value


def test_what_happened_speaks_to_you_and_names_the_spared_unit():
    from papertales_widgets.happened import result_lines
    from widget_helpers import position_game
    g = position_game("aging", {"name": "You", "front": [{"card": "knight", "age": 1}, {"card": "farmer", "age": 1}],
                                "back": ["mystical_healer"]}, {"name": "Ada", "front": [{"card": "knight", "age": 1}]})
    start = len(g.events)
    g.advance()
    from papertales import Action
    g.apply(0, Action("save", 0))
    g.advance(until="phase")
    record = [r for r in g.results if type(r).__name__ == "AgingResult"][-1]
    for lang, you, spared, ada in (
            ("en", "Your Farmer at F2 (1 age token) died.", "Your Knight at F1 was saved.", "Ada: Knight at F1"),
            ("pl", "Ginie twoja jednostka: Rolnik na F2", "Ocalono twoją jednostkę: Rycerz na polu F1.",
             "Ada: ginie Rycerz na F1")):
        lines = [text for _, text in result_lines(g, record, lang, g.events[start:])]
        joined = " | ".join(lines)
        assert you in joined and spared in joined and ada in joined, joined
        assert "the unit at" not in joined and "You:" not in joined and "Ty:" not in joined, joined


def test_the_solo_banner_names_the_pack_in_the_page_language():
    from papertales_widgets import App
    app = App(players=1, seed=3, humans=[0], lang="pl")
    assert "POGLĄDOWE" in app.stepper.banner.value and "ILLUSTRATIVE" not in app.stepper.banner.value
    app.set_language("en")
    assert "ILLUSTRATIVE" in app.stepper.banner.value


def test_the_page_credits_the_games_authors_and_says_it_is_unofficial():
    """At the bottom of the app, in the page's language: the designer, illustrator and
    publisher as the publisher's rulebooks print them, and that this app is a fan project."""
    app = App(players=3, seed=7, humans=[0], lang="en")
    assert app.children[-1] is app.credits
    said = html.unescape(re.sub(r"<style>.*?</style>|<[^>]+>", " ", app.credits.value, flags=re.S))
    for words in ("designed by Masato Uesugi", "illustrated by Christine Alcouffe", "published by Catch Up Games",
                  "unofficial, fan-made project"):
        assert words in said, said
    app.set_language("pl")
    said = html.unescape(re.sub(r"<style>.*?</style>|<[^>]+>", " ", app.credits.value, flags=re.S))
    for words in ("Autor gry Paper Tales: Masato Uesugi", "ilustracje: Christine Alcouffe", "wydawca: Catch Up Games",
                  "nieoficjalny projekt fanowski"):
        assert words in said, said
