"""The engine's error messages come from the message catalogue (``err.…`` keys in
``papertales/locales/<lang>/errors.json``): complete in English and Polish, worded in the
language of whoever shows them, and no engine module builds an English text of its own."""

from __future__ import annotations

import ast
import json
import pickle
import re
import string
from importlib import resources
from pathlib import Path

import pytest

from papertales import i18n
from papertales.serialize import dumps, loads
from papertales.actions import Action
from papertales.cards import BASE, load_pack
from papertales.errors import (ActionSyntaxError, IllegalActionError, NotYourTurnError, PackError,
                               PaperTalesError, Phrase, SaveFileError, UnknownCardError)
from papertales.game import Game

ROOT = Path(__file__).resolve().parents[1]
#: every module of the engine but the two whose only errors are a programmer's, never shown to a
#: player: i18n (a key missing from the catalogue, a key defined twice) and __init__ (no such name)
PROGRAMMERS_ONLY = ("i18n", "__init__")
ENGINE_FILES = tuple(sorted(p.stem for p in (ROOT / "papertales").glob("*.py") if p.stem not in PROGRAMMERS_ONLY))
#: helpers that raise an error from a key (the first argument) and its values
RAISING_HELPERS = ("_err",)
#: calls that take a catalogue key at another place than a raise: the position of the key
#: (a part of a message, ``Phrase``; the name of a spot in a deployment error, ``_spot``)
KEY_ARGUMENTS = {"Phrase": 0, "_spot": 2}


@pytest.fixture(autouse=True)
def _english_unless_asked():
    i18n.set_language("en")
    yield
    i18n.set_language(None)


def _placeholders(value):
    texts = value.values() if isinstance(value, dict) else [value]
    return {name for text in texts for _, name, _, _ in string.Formatter().parse(text) if name}


def _errors_file(lang):
    entry = resources.files("papertales") / "locales" / lang / "errors.json"
    return json.loads(entry.read_text(encoding="utf-8"))


# ------------------------------------------------------------------ the catalogue

def test_every_err_key_exists_in_both_languages_with_the_same_placeholders():
    en, pl = i18n.catalogue("en"), i18n.catalogue("pl")
    en_keys = {k for k in en if k.startswith("err.")}
    pl_keys = {k for k in pl if k.startswith("err.")}
    assert en_keys, "no err. keys in the catalogue"
    assert sorted(en_keys - pl_keys) == [], "err. keys missing in Polish"
    assert sorted(pl_keys - en_keys) == [], "err. keys missing in English"
    for key in en_keys:
        assert _placeholders(en[key]) == _placeholders(pl[key]), key


def test_err_keys_live_in_errors_json_and_nothing_else_does():
    for lang in i18n.LANGUAGES:
        data = _errors_file(lang)
        assert all(k.startswith("err.") for k in data), lang
        assert set(data) == {k for k in i18n.catalogue(lang) if k.startswith("err.")}, lang


def _words_of(value):
    """The text of a message without its placeholders: what a translation changes."""
    texts = value.values() if isinstance(value, dict) else [value]
    return "".join(lit for text in texts for lit, _, _, _ in string.Formatter().parse(text))


def test_polish_error_texts_are_translated():
    en, pl = _errors_file("en"), _errors_file("pl")
    same = [k for k in en if en[k] == pl[k] and any(c.isalpha() for c in _words_of(en[k]))]
    assert same == []


# ------------------------------------------------------------------ no English text in the engine

def _engine_sources():
    for name in ENGINE_FILES:
        path = ROOT / "papertales" / f"{name}.py"
        if path.exists():
            yield path.name, path.read_text(encoding="utf-8")


def _name_of(func) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _literal_firsts(node):
    """The string literals (and f-strings) a first argument can be: both sides of ``a if c else b``."""
    if isinstance(node, ast.IfExp):
        yield from _literal_firsts(node.body)
        yield from _literal_firsts(node.orelse)
    elif isinstance(node, ast.JoinedStr):
        yield node
    elif isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node
    elif isinstance(node, ast.BinOp):           # "text " + more
        yield from _literal_firsts(node.left)
        yield from _literal_firsts(node.right)


def english_texts(name, source):
    """``raise …Error("words")`` (or an f-string) and ``_err("words")`` calls: every first
    argument written in the source must be a catalogue key (``err.`` in the engine)."""
    known = i18n.catalogue("en")
    calls = []
    for node in ast.walk(ast.parse(source, name)):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and _name_of(node.exc.func).endswith("Error"):
            calls.append((node.exc, 0))
        elif isinstance(node, ast.Call) and _name_of(node.func) in RAISING_HELPERS:
            calls.append((node, 0))
        elif isinstance(node, ast.Call) and _name_of(node.func) in KEY_ARGUMENTS:
            calls.append((node, KEY_ARGUMENTS[_name_of(node.func)]))
    for call, at in calls:
        if len(call.args) <= at:
            continue
        for lit in _literal_firsts(call.args[at]):
            where = f"{name}:{lit.lineno}"
            if isinstance(lit, ast.JoinedStr):
                yield f"{where}: an f-string message"
            elif not lit.value.startswith("err."):
                yield f"{where}: {lit.value!r} is not an err. key"
            elif lit.value not in known:
                yield f"{where}: {lit.value!r} is not in the catalogue"


def test_no_engine_error_is_written_in_english():
    found = [v for name, source in _engine_sources() for v in english_texts(name, source)]
    assert found == []


def test_the_scan_finds_english_messages():
    source = ('def f(x):\n'
              '    raise IllegalActionError(f"{x} is not in your hand")\n'
              '    raise PackError("a pack must be a JSON object")\n'
              '    raise ValueError("err.no.such.key")\n'
              '    raise PaperTalesError("err.game.over" if x else "the game is over")\n'
              '    _err("not valid JSON")\n'
              '    raise IllegalActionError("err.game.over")\n'
              '    s = _spot(p, action.spot, "the spot")\n'
              '    s = _spot(p, action.spot, "err.deploy.what.spot")\n'
              '    raise IllegalActionError("err.deploy.not_usable", what=Phrase("the unit"))\n')
    assert len(list(english_texts("sample.py", source))) == 7


def test_every_err_key_written_in_the_engine_exists():
    known = i18n.catalogue("en")
    used = set()
    for name, source in _engine_sources():
        for node in ast.walk(ast.parse(source, name)):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith("err."):
                used.add(node.value)
    assert used
    # a head that code completes ("err.decision." + kind) stands for the keys that start with it
    completed = {k for k in used if k.endswith(".") and any(e.startswith(k) for e in known)}
    assert sorted(k for k in used - completed if k not in known) == []


# ------------------------------------------------------------------ an illegal action in both languages

def _drafting():
    g = Game.new(players=3, seed=1)
    g.advance()
    return g


def test_an_illegal_action_reads_in_english_by_default_and_in_polish_on_request():
    g = _drafting()
    with pytest.raises(IllegalActionError) as err:
        g.apply(0, "pick unicorn")
    e = err.value
    english = str(e)
    assert english.startswith("Player 1 cannot 'pick unicorn' now (draft decision): 'unicorn' is not in your pack. "
                              "Allowed: pick ")
    assert e.text() == english == e.text("en")
    polish = e.text("pl")
    assert polish.startswith("Player 1 nie może teraz wykonać 'pick unicorn' (decyzja: wybór karty z pakietu): "
                             "'unicorn' nie ma w twoim pakiecie. Dozwolone: pick ")
    assert english.split("Allowed: ")[1] == polish.split("Dozwolone: ")[1]   # notations: no language
    assert isinstance(e.params["reason"], IllegalActionError)            # the phase's refusal, as an object
    i18n.set_language("pl")
    assert str(e) == polish
    assert g.pending[0] is not None and not g.history                      # nothing changed


def test_a_bad_notation_is_a_value_error_and_an_illegal_action_in_polish():
    with pytest.raises(ValueError) as err:
        Action.parse("fly F9")
    assert isinstance(err.value, ActionSyntaxError) and isinstance(err.value, PaperTalesError)
    assert err.value.text("pl").startswith("to nie jest akcja: 'fly F9'; napisz jedną z: pick CARD")
    with pytest.raises(ValueError, match="is not a spot in 'place knight F9'; spots are F1 F2 B1 B2 F3"):
        Action.parse("place knight F9")
    with pytest.raises(IllegalActionError) as err:
        _drafting().apply(0, "place knight F9")
    assert err.value.text("pl") == "'F9' w 'place knight F9' nie jest polem; pola to F1 F2 B1 B2 F3"


def test_not_your_turn_and_waiting_decisions_in_polish():
    g = _drafting()
    g.apply(0, g.legal_actions(0)[0])
    with pytest.raises(NotYourTurnError) as err:
        g.apply(0, g.legal_actions(1)[0])
    assert "waiting for Player 2 (draft), Player 3 (draft)" in str(err.value)
    assert "Player 2 (wybór karty z pakietu), Player 3 (wybór karty z pakietu)" in err.value.text("pl")


def test_card_params_are_worded_as_card_names_in_each_language():
    err = IllegalActionError("err.deploy.occupied", spot=0, card="knight")
    assert err.text("en") == f"spot F1 is occupied by {i18n.card_name('knight', 'en')}"
    assert err.text("pl") == f"pole F1 jest zajęte: stoi na nim {i18n.card_name('knight', 'pl')}"
    err = IllegalActionError("err.aging.save", card="mystical_healer", n=2, spots="F1 B2")
    assert i18n.card_name("mystical_healer", "pl") in err.text("pl")
    assert "exactly 2 age tokens; candidates: F1 B2" in err.text("en")
    assert "dokładnie 2 znacznikami Przemijania" in err.text("pl")


def test_parts_and_nested_errors_are_worded_in_the_same_language():
    inner = IllegalActionError("err.deploy.same_spot")
    outer = PaperTalesError("err.save.field", where="x", reason=inner)
    assert outer.text("pl") == "x: przesunięcie wymaga dwóch różnych pól"
    listed = PaperTalesError("err.game.waiting_for_decisions",
                             waiting=[Phrase("err.game.waiting_one", name="Ann", decision="deploy")])
    assert listed.text("en") == "waiting for decisions of Ann (deploy)"
    assert listed.text("pl") == "trwa oczekiwanie na decyzje graczy: Ann (Wystawianie)"


def test_a_text_that_is_not_a_key_is_shown_as_it_is():
    assert str(PaperTalesError("already in words")) == "already in words"


def test_errors_survive_pickling_between_processes():
    g = _drafting()
    with pytest.raises(IllegalActionError) as err:
        g.apply(0, "pick unicorn")
    back = pickle.loads(pickle.dumps(err.value))
    assert back.text("pl") == err.value.text("pl") and str(back) == str(err.value)


def test_an_unknown_card_is_a_key_error_whose_argument_is_words():
    with pytest.raises(KeyError) as err:
        BASE.unit("unicorn")
    assert isinstance(err.value, UnknownCardError)
    assert str(err.value).startswith("unknown unit 'unicorn'; known units: ")
    assert err.value.args[0] == str(err.value)
    assert err.value.text("pl").startswith("nieznana Jednostka 'unicorn'; znane Jednostki: ")


# ------------------------------------------------------------------ packs and saves

def test_a_pack_error_in_polish_names_file_card_and_field():
    pack = {"format": "papertales-pack/1", "id": "goblins",
            "units": [{"id": "goblin", "name": "Goblin", "copies": 1, "strength": 1, "text": "-"}]}
    with pytest.raises(PackError) as err:
        load_pack(pack, name="goblins.json")
    assert str(err.value) == "goblins.json: units[0] ('goblin'): field 'cost' is required"
    assert err.value.text("pl") == "goblins.json: units[0] ('goblin'): pole 'cost' jest wymagane"


def test_a_broken_save_reads_in_polish():
    g = _drafting()
    data = json.loads(dumps(g))
    data["turn"] = 9
    with pytest.raises(SaveFileError) as err:
        loads(json.dumps(data))
    assert str(err.value) == "turn must be between 1 and 4, got 9"
    assert err.value.text("pl") == "turn musi wynosić od 1 do 4, podano 9"


# ------------------------------------------------------------------ a deployment error names its spot in words

def _deploying():
    """Seat 0 of a 3-player game at its first Deployment (4 usable spots: F1 F2 B1 B2)."""
    g = _drafting()
    while g.phase != "deployment":
        for seat in range(g.n):
            if g.pending[seat] is not None:
                g.apply(seat, g.legal_actions(seat)[0])
        g.advance()
    return g


@pytest.mark.parametrize("action, polish, english", [
    ("return F3", "pole musi być jednym z twoich dostępnych pól (F1 F2 B1 B2), podano F3",
     "the spot must be one of your usable spots (F1 F2 B1 B2), got F3"),
    ("discard F3", "pole musi być jednym z twoich dostępnych pól (F1 F2 B1 B2), podano F3",
     "the spot must be one of your usable spots (F1 F2 B1 B2), got F3"),
    ("move F3 F1", "pole przesuwanej Jednostki musi być jednym z twoich dostępnych pól (F1 F2 B1 B2), podano F3",
     "the unit to move must be one of your usable spots (F1 F2 B1 B2), got F3"),
    ("move F1 F3", "pole docelowe musi być jednym z twoich dostępnych pól (F1 F2 B1 B2), podano F3",
     "the destination must be one of your usable spots (F1 F2 B1 B2), got F3"),
])
def test_a_deployment_error_for_a_spot_that_is_not_usable_has_no_english_in_polish(action, polish, english):
    g = _deploying()
    with pytest.raises(IllegalActionError) as err:
        g.apply(0, action)
    reason = err.value.params["reason"]
    assert reason.text("pl") == polish
    assert reason.text("en") == english
    whole = err.value.text("pl")
    assert polish in whole
    # the notations (return F3, place knight F1 ...) are no language; no English word besides
    words = set(re.findall(r"[A-Za-ząćęłńóśźż]+", whole.split("Dozwolone:")[0].replace(action, "")))
    assert not words & {"the", "spot", "unit", "must", "be", "one", "of", "your", "usable", "got", "destination"}


def test_a_place_on_a_spot_that_is_not_usable_names_it_too():
    g = _deploying()
    card = g.legal_actions(0)[0].card
    with pytest.raises(IllegalActionError) as err:
        g.apply(0, f"place {card} F3")
    assert err.value.params["reason"].text("pl") \
        == "pole musi być jednym z twoich dostępnych pól (F1 F2 B1 B2), podano F3"


def test_a_simulation_refuses_a_bad_count_in_either_language():
    from papertales.simulate import simulate
    with pytest.raises(ValueError) as err:
        simulate(players=3, games=0)
    assert isinstance(err.value, PaperTalesError)
    assert err.value.text("en") == "games must be at least 1, got 0"
    assert err.value.text("pl") == "liczba gier musi wynosić co najmniej 1, podano 0"
    with pytest.raises(ValueError) as err:
        simulate(players=3, games=1, jobs=-1)                  # was a KeyError: the message lacked {most}
    assert err.value.text("pl") == "jobs musi wynosić 0 (jeden proces na rdzeń) lub więcej, podano -1"
