"""Link parameters (papertales_widgets.link): a teacher's link such as
``?lang=pl&guided=1&players=3&seed=27`` starts every page on the same mode and deal; a value
that is not allowed is said in the page (in the page's language, with what is allowed) and
left out, the rest of the link still used."""

from __future__ import annotations

import html
import re

import pytest

from papertales import i18n
from papertales_widgets import App
from papertales_widgets import guide
from papertales_widgets.link import MAX_FIELDS, MAX_QUERY, MOST_SEED, SHOWN, LinkSettings, page_query, parse_link


@pytest.fixture(autouse=True)
def restore_language():
    yield                            # a link's lang=pl sets the page's (and the engine's) language
    i18n.set_language(None)


def _text(widget) -> str:
    return html.unescape(" ".join(re.sub(r"<style>.*?</style>|<[^>]+>", " ", widget.value, flags=re.S).split()))


# ------------------------------------------------------------------ reading a link

def test_a_teachers_link_is_read_whole():
    link = parse_link(f"lang=pl&guided=1&players=3&seed={guide.SEED}")
    assert link == LinkSettings(lang="pl", guided=True, players=3, seed=guide.SEED)
    assert parse_link("?lang=PL&guided=0&seed=0") == LinkSettings(lang="pl", guided=False, seed=0)
    assert parse_link("") == parse_link(None) == parse_link("?") == LinkSettings()
    assert not parse_link("").new_game and parse_link("seed=3").new_game


def test_the_solo_game_and_the_bots_from_a_link():
    assert parse_link("players=1&lich=2&seed=11") == LinkSettings(players=1, seed=11, lich=2)
    assert parse_link("lich=4") == LinkSettings(players=1, lich=4)          # the Lich King's cards: solo
    assert parse_link("players=4&bots=greedy, Economist") == LinkSettings(players=4, bots=("greedy", "economist"))


def test_the_servers_own_parameters_are_not_refused():
    """Voilà's template and theme, and the token a Jupyter server puts in the query string
    (seen in QUERY_STRING behind `jupyter server` with the Voilà extension, as on Binder)."""
    assert parse_link("lang=pl&token=abc123&template=lab&theme=dark") == LinkSettings(lang="pl")


#: (query, the parameter refused, words of the English and of the Polish message)
BAD = [
    ("lang=xx", "lang=xx", "lang must be one of: en, pl.", "lang musi mieć jedną z wartości: en, pl."),
    ("guided=yes", "guided=yes", "1 (the guided first game) or 0", "1 (pierwsza gra z przewodnikiem) lub 0"),
    ("players=9", "players=9", "whole number from 2 to 5", "liczbą całkowitą od 2 do 5"),
    ("players=0", "players=0", "1 (solo against the Lich King)", "1 (solo przeciw Królowi Liszów)"),
    ("players=%EF%BC%93", "players=３", "from 2 to 5", "od 2 do 5"),           # a full-width 3
    ("seed=abc", "seed=abc", f"from 0 to {MOST_SEED}", f"od 0 do {MOST_SEED}"),
    ("seed=-1", "seed=-1", "whole number", "liczbą całkowitą"),
    ("seed=1e3", "seed=1e3", "whole number", "liczbą całkowitą"),
    ("seed=12345678901", "seed=12345678901", f"from 0 to {MOST_SEED}", f"od 0 do {MOST_SEED}"),
    ("lich=7", "lich=7", "from 0 to 4", "od 0 do 4"),
    ("lich=2&players=3", "lich=2", "needs the solo game (players=1)", "wymaga gry solo (players=1)"),
    ("bots=smart", "bots=smart", "one of random, greedy", "jedną z nazw: random, greedy"),
    ("players=1&bots=greedy", "bots=greedy", "against the Lich King, not against bots",
     "przeciw Królowi Liszów, a nie przeciw botom"),
    ("colour=red", "colour=red", "reads only lang, guided, players, seed, lich, bots",
     "odczytuje tylko lang, guided, players, seed, lich, bots"),
    ("guided=1&seed=9", "seed=9", f"its own deal ({guide.PLAYERS} players, seed {guide.SEED})",
     f"własne rozdanie ({guide.PLAYERS} graczy, ziarno {guide.SEED})"),
]


@pytest.mark.parametrize("query, shown, en, pl", BAD, ids=[b[0] for b in BAD])
def test_a_value_not_allowed_is_said_with_what_is_allowed_in_both_languages(query, shown, en, pl):
    link = parse_link(query)
    assert len(link.problems) == 1, link.problems
    assert link.text("en").startswith(f"The link's {shown} was left out: ") and en in link.text("en")
    assert link.text("pl").startswith(f"Pominięto {shown} z linku: ") and pl in link.text("pl")
    name = shown.partition("=")[0]
    assert getattr(link, name, None) in (None, False, ()), "a refused value was used"


def test_the_rest_of_a_link_is_used_beside_a_refused_value():
    link = parse_link("lang=pl&seed=abc&players=4&guided=1&players=2")
    assert (link.lang, link.seed, link.players, link.guided) == ("pl", None, None, True)
    texts = [p.text("en") for p in link.problems]
    assert texts == ["The link's seed=abc was left out: seed must be a whole number from 0 to 999999999.",
                     "The link gives players more than once, so none of its values was used."]
    assert parse_link(f"guided=1&players=3&seed={guide.SEED}&bots=greedy").problems == ()     # the guided deal itself


def test_a_link_too_long_or_with_too_many_parameters_is_not_read():
    long = parse_link("lang=pl&seed=" + "1" * MAX_QUERY)
    assert long.lang is None and long.text("en").startswith("The link's parameters were not read: they are longer")
    assert "dłuższe niż 1000 znaków" in long.text("pl")
    many = parse_link("lang=pl&" + "&".join(f"x{i}=1" for i in range(MAX_FIELDS)))
    assert many.lang is None and f"more than {MAX_FIELDS}" in many.text("en")


def test_a_refused_value_is_repeated_short_and_printable():
    link = parse_link("seed=" + "%01" + "9" * 50)
    value = link.problems[0].text("en").split("seed=")[1].split(" was left out")[0]
    assert len(value) == SHOWN and value.startswith("?9") and value.endswith("…")


# ------------------------------------------------------------------ the app starts what the link asks for

def test_the_app_starts_the_guided_game_in_polish_from_a_link():
    app = App(players=3, seed=7, humans=[0], lang="en")
    app.apply_link(f"lang=pl&guided=1&players=3&seed={guide.SEED}")
    assert app.lang == "pl" and "pt-lang-pl" in app._dom_classes and app.language.value == "pl"
    assert app.guide is not None and app.guide.guide.active
    assert list(app.stepper.guide_slot.children) == [app.guide]
    g = app.game
    assert (g.n, g.seed, app.session.humans) == (guide.PLAYERS, guide.SEED, [guide.SEAT])
    assert "Przewodnik proponuje:" in _text(app.guide.text)
    assert app.link_messages.layout.display == "none" and not app.stepper.messages.errors


def test_the_app_starts_a_solo_game_or_a_table_of_bots_from_a_link():
    app = App(players=3, seed=7, humans=[0], lang="en")
    app.apply_link("players=1&lich=2&seed=11")
    g = app.game
    assert g.lich is not None and len(g.lich.cards) == 2 and g.seed == 11 and app.current_tab == "lich"
    app = App(players=3, seed=7, humans=[0], lang="en")
    app.apply_link("players=4&bots=greedy,economist&seed=3")
    g = app.game
    assert (g.n, g.seed, app.session.humans) == (4, 3, [0])
    assert [s.value for s in app.stepper.seats[:4]] == ["human", "greedy", "economist", "greedy"]
    assert app.guide is None and app.lang == "en"


def test_a_link_with_wrong_values_starts_the_app_as_without_them_and_says_so():
    app = App(players=3, seed=7, humans=[0], lang="en")
    first = app.game
    app.apply_link("players=9&seed=<script>alert(1)</script>&guided=maybe")
    assert app.game is first and (first.n, first.seed) == (3, 7) and app.guide is None
    box = app.link_messages
    assert box.layout.display is None and "pt-warn" in box.value
    assert "<script>" not in box.value and "&lt;script&gt;" in box.value
    said = _text(box)
    assert "players=9 was left out" in said and "seed=<script>alert(1)</scrip… was left out" in said
    assert "guided=maybe" in said
    app.set_language("pl")
    said = _text(box)
    assert "Pominięto players=9 z linku" in said and "left out" not in said


def test_a_link_in_polish_says_its_problems_in_polish():
    app = App(players=3, seed=7, humans=[0], lang="en")
    app.apply_link("lang=pl&players=8")
    assert _text(app.link_messages).startswith("Pominięto players=8 z linku: players musi")
    assert app.game.n == 3


# ------------------------------------------------------------------ where the query string comes from

def test_the_query_string_comes_from_voilas_environment(monkeypatch):
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "lang=pl&guided=1")
    assert page_query() == "lang=pl&guided=1"
    monkeypatch.delenv("QUERY_STRING")
    assert page_query() == ""                           # a notebook outside Voilà


def test_a_preheated_kernel_waits_for_its_visitors_request(monkeypatch):
    """A kernel Voilà preheated has no QUERY_STRING until ``voila.utils.wait_for_request``
    has the visitor's request; if that fails, the page opens as without a link."""
    import voila.utils
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.delenv("QUERY_STRING", raising=False)
    asked = []

    def request_comes():
        asked.append(True)
        monkeypatch.setenv("QUERY_STRING", "players=1&lich=2")

    monkeypatch.setattr(voila.utils, "wait_for_request", request_comes)
    assert page_query() == "players=1&lich=2" and asked == [True]

    def broken():
        raise OSError("no server")

    monkeypatch.delenv("QUERY_STRING")
    monkeypatch.setattr(voila.utils, "wait_for_request", broken)
    assert page_query() == ""
