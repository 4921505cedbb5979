"""Prepared teaching positions (format ``papertales-position/1``, docs/whatif-positions.md)."""

from __future__ import annotations

import copy

CERBERUS_WANTS_FOOD = {
    "format": "papertales-position/1", "turn": 2, "phase": "wars",
    "note": "Why Cerberus wants food: remove the Farmer and watch the wars flip.",
    "players": [
        {"name": "You", "gold": 3, "lp": 3, "front": ["cerberus", "knight"], "back": ["farmer"]},
        {"name": "Ada", "gold": 3, "lp": 3, "front": ["knight", {"card": "militiaman", "age": 1}]},
        {"name": "Bruno", "gold": 3, "lp": 3, "front": ["knight", "cerberus"], "back": ["farmer"]},
    ],
}

LEVEL2_MINE = {
    "format": "papertales-position/1", "turn": 3, "phase": "wars",
    "note": "How a level-2 Mine scores: 2 LP per ore at every Wars, win or lose.",
    "players": [
        {"name": "You", "gold": 4, "lp": 8, "front": ["miner", "archer"], "back": ["woodcutter"],
         "buildings": {"mine": 2}},
        {"name": "Ada", "gold": 4, "lp": 8, "front": ["knight", "hunter"], "back": ["miner"],
         "buildings": {"mine": 1}},
    ],
}

HEALER_CHOICE = {
    "format": "papertales-position/1", "turn": 2, "phase": "aging",
    "note": "A Mystical Healer choice: which unit with one age token do you save?",
    "players": [
        {"name": "You", "gold": 2, "lp": 10,
         "front": [{"card": "demon", "age": 1}, {"card": "knight", "age": 1}],
         "back": ["mystical_healer", {"card": "sculptor", "age": 1}]},
        {"name": "Ada", "gold": 2, "lp": 10, "front": ["knight", "archer"]},
    ],
}

LESSONS = {
    "cerberus": {
        "title": "Why Cerberus wants food",
        "position": CERBERUS_WANTS_FOOD,
        "text": ("Cerberus fights at 2, but at 3 while your kingdom produces any food. Your Farmer "
                 "sits in the Back: it does not fight, yet its food makes Cerberus stronger. "
                 "With it you reach 7 and tie both neighbours (a tie is won by both: +6 LP). "
                 "<b>Try it:</b> set B1 (Farmer) to empty — your strength drops to 6 and both wars are lost."),
    },
    "mine": {
        "title": "How a level-2 Mine scores",
        "position": LEVEL2_MINE,
        "text": ("A Mine produces 1 ore at level 1. At level 2 it also scores <b>2 LP per ore your "
                 "kingdom produces at every Wars, win or lose</b>, and 3 LP at the end instead of 1. "
                 "Here the Mine and the Miner make 2 ore: 4 LP per turn whatever the war. A level-2 "
                 "building also opens the 5th spot (F3). <b>Try it:</b> put a second Miner in F3 or "
                 "set the Mine to level 1 and compare the Wars preview."),
    },
    "healer": {
        "title": "A Mystical Healer choice",
        "position": HEALER_CHOICE,
        "text": ("In this Aging, the Demon, the Knight and the Sculptor each carry one age token: they "
                 "all die. Your Mystical Healer can save one of them. The Demon costs you 3 LP if it "
                 "dies with exactly one token; the Sculptor <i>gives</i> 3 LP when she dies; the "
                 "Knight is just a good fighter. <b>Try it:</b> choose whom the Healer saves and read "
                 "the Aging outcome. (Hint: a saved Demon dies next turn with two tokens — for free.)"),
    },
}


def lesson_position(name: str) -> dict:
    """A fresh copy of a prepared position (safe to edit)."""
    try:
        return copy.deepcopy(LESSONS[name]["position"])
    except KeyError:
        raise KeyError(f"no lesson {name!r}; lessons: {', '.join(LESSONS)}") from None
