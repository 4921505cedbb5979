"""The panels' uploads survive tampered files: a saved game (the stepper's file box), a
what-if position (the editor) and a card pack (the pack editor), uploaded as the browser
sends them.  Each is refused with the engine's message in the panel (never the "crashed"
box with a traceback) and leaves the panel as it was, or it is loaded whole."""

from __future__ import annotations

import datetime
import json
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))      # tests/fuzzing.py

from fuzzing import base_packs, base_positions, base_saves, tamper  # noqa: E402
from papertales import SaveFileError  # noqa: E402
from papertales.serialize import dumps, loads  # noqa: E402
from papertales.i18n import t  # noqa: E402
from papertales.position import game_from_position  # noqa: E402
from papertales_widgets import GameStepper, WhatIfEditor  # noqa: E402
from papertales_widgets.companion import PackEditor  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::papertales.expansion.TileSetWarning")


def upload(widget, data: bytes, name="file.json"):
    """What the browser sends: one file, its bytes as a memoryview."""
    widget.value = ({"name": name, "type": "application/json", "size": len(data), "content": memoryview(data),
                     "last_modified": datetime.datetime(2024, 1, 1)},)


def _outcome(box) -> str:
    assert t("app.msg.crashed", box.lang) not in box.value, box.last_error
    return "refused" if box.last_error else "loaded"


def _tampered(bases, n, seed_base=0):
    for i in range(n):
        rng = random.Random(seed_base + i)
        yield i, (tamper(rng.choice(bases), rng)[0] if rng.random() < 0.8 else rng.choice(bases))


@pytest.mark.slow
def test_300_tampered_saves_through_the_file_box():
    stepper = GameStepper(players=3, seed=7, humans=[0])
    box, messages = stepper.gamefile, stepper.messages
    seen = set()
    for i, text in _tampered(base_saves(every=20), 300):
        before = dumps(stepper.session.game)
        messages.last_error = None
        upload(box.upload, text.encode("utf-8"))
        outcome = _outcome(messages)
        seen.add(outcome)
        if outcome == "refused":
            assert dumps(stepper.session.game) == before, i
            with pytest.raises(SaveFileError):
                box.open_bytes(text.encode("utf-8"))
        else:
            assert dumps(stepper.session.game) == dumps(loads(text))
    assert seen == {"refused", "loaded"}


@pytest.mark.slow
def test_300_tampered_positions_through_the_what_if_editor():
    ed = WhatIfEditor()
    seen = set()
    for i, text in _tampered(base_positions(), 300):
        before = ed.position()
        ed.messages.last_error = ed.io_messages.last_error = None
        upload(ed.upload, text.encode("utf-8"))
        _outcome(ed.messages)                          # the evaluation of what was loaded: never a crash
        outcome = _outcome(ed.io_messages)             # the file itself: refused beside the upload, or loaded
        seen.add(outcome)
        if outcome == "refused":
            assert ed.position() == before, i
        else:
            game_from_position(ed.position())          # what it shows is a position the engine reads
    assert seen == {"refused", "loaded"}


@pytest.mark.slow
def test_the_editor_keeps_an_empty_spot_and_the_kept_card():
    ed = WhatIfEditor()
    data = {"phase": "aging", "players": [{"units": {"F2": "knight", "B2": {"card": "farmer", "age": 1}},
                                           "kept": "cook", "gold": 999}, {"front": ["archer"]}]}
    upload(ed.upload, json.dumps(data).encode("utf-8"))
    assert not ed.messages.last_error and not ed.io_messages.last_error
    p0 = ed.position()["players"][0]
    assert p0["units"] == {"F2": "knight", "B2": {"card": "farmer", "age": 1}}
    assert p0["kept"] == "cook" and p0["gold"] == 999


@pytest.mark.parametrize("data, why", [
    ({"players": [{"name": "Sol"}], "lich_king": {}}, "it is a solo position"),
    ({"players": [{}] * 6, "expansion": "beyond-the-gates"}, "it uses Beyond the Gates"),
])
def test_the_editor_refuses_what_it_cannot_show_and_stays_as_it_was(data, why):
    ed = WhatIfEditor()
    before = ed.position()
    upload(ed.upload, json.dumps(data).encode("utf-8"))
    assert ed.io_messages.last_error.startswith("“file.json” was not opened: The What-if editor cannot show "
                                                "this position: " + why)
    assert ed.position() == before


def test_a_refused_save_names_its_file_in_both_languages():
    stepper = GameStepper(players=3, seed=7, humans=[0])
    before = dumps(stepper.session.game)
    upload(stepper.gamefile.upload, b'{"format": 1}', name="my-game.json")
    error = stepper.messages.last_error
    assert error.startswith("“my-game.json” was not opened: "), error
    assert dumps(stepper.session.game) == before
    stepper.set_language("pl")
    assert "Nie otwarto pliku „my-game.json”: " in stepper.messages.value


@pytest.mark.slow
def test_150_tampered_packs_through_the_pack_editor():
    ed = PackEditor()
    seen = set()
    for i, text in _tampered(base_packs(), 150):
        before = ed.data()
        ed.messages.last_error = None
        upload(ed.upload, text.encode("utf-8"), name="my-cards.json")
        outcome = _outcome(ed.messages)
        seen.add(outcome)
        if outcome == "refused":
            assert ed.data() == before, i
    assert seen == {"refused", "loaded"}
