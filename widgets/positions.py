"""Prepared teaching positions (format ``papertales-position/1``, docs/whatif-positions.md).

Their titles, texts and notes are catalogue keys (``app.lesson.*``): the What-if editor
shows them in its language, and :func:`lesson_position` fills the note and the name of the
player "You" in ``lang``."""

from __future__ import annotations

import copy
from typing import Any

from papertales.i18n import t

YOU = "render.name.you"          # the player's name in the positions: a key, put in words on use

CERBERUS_WANTS_FOOD = {
    "format": "papertales-position/1", "turn": 2, "phase": "wars",
    "note": "app.lesson.cerberus.note",
    "players": [
        {"name": YOU, "gold": 3, "lp": 3, "front": ["cerberus", "knight"], "back": ["farmer"]},
        {"name": "Ada", "gold": 3, "lp": 3, "front": ["knight", {"card": "militiaman", "age": 1}]},
        {"name": "Bruno", "gold": 3, "lp": 3, "front": ["knight", "cerberus"], "back": ["farmer"]},
    ],
}

LEVEL2_MINE = {
    "format": "papertales-position/1", "turn": 3, "phase": "wars",
    "note": "app.lesson.mine.note",
    "players": [
        {"name": YOU, "gold": 4, "lp": 8, "front": ["miner", "archer"], "back": ["woodcutter"],
         "buildings": {"mine": 2}},
        {"name": "Ada", "gold": 4, "lp": 8, "front": ["knight", "hunter"], "back": ["miner"],
         "buildings": {"mine": 1}},
    ],
}

HEALER_CHOICE = {
    "format": "papertales-position/1", "turn": 2, "phase": "aging",
    "note": "app.lesson.healer.note",
    "players": [
        {"name": YOU, "gold": 2, "lp": 10,
         "front": [{"card": "demon", "age": 1}, {"card": "knight", "age": 1}],
         "back": ["mystical_healer", {"card": "sculptor", "age": 1}]},
        {"name": "Ada", "gold": 2, "lp": 10, "front": ["knight", "archer"]},
    ],
}

LESSONS: dict[str, dict[str, Any]] = {
    name: {"title": f"app.lesson.{name}.title", "position": position, "text": f"app.lesson.{name}.text"}
    for name, position in (("cerberus", CERBERUS_WANTS_FOOD), ("mine", LEVEL2_MINE), ("healer", HEALER_CHOICE))
}


def lesson_position(name: str, lang: str | None = None) -> dict[str, Any]:
    """A fresh copy of a prepared position (safe to edit), its words in ``lang``."""
    try:
        pos: dict[str, Any] = copy.deepcopy(LESSONS[name]["position"])
    except KeyError:
        raise KeyError(t("app.lesson.unknown", lang, name=name, lessons=", ".join(LESSONS))) from None
    pos["note"] = t(pos["note"], lang)
    for p in pos["players"]:
        if p["name"] == YOU:
            p["name"] = t(YOU, lang)
    return pos
