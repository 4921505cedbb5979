"""A campaign's state: the plain data every part of :class:`~kingdom_legacy.campaign.Campaign`
works on, its copy, and its JSON form (the save file's fields, ``kingdom-legacy-campaign/2``).

Everything is numbers, strings, lists and dicts, so that :meth:`CampaignState.clone` is a
few list copies and a save file is that data as JSON."""

from __future__ import annotations

import json
from typing import Any, Self

from papertales.rng import Rng

from .cards import Pack
from .events import Event

FORMAT = "kingdom-legacy-campaign/2"
ZONES = ("box", "deck", "play", "discard", "permanent", "aside", "destroyed")
_SLOTS = ("pack", "pack0", "seed", "rng", "manual", "phase", "round", "turn", "box", "deck", "play", "discard",
          "permanent", "aside", "destroyed", "purged", "purged_glory", "cards", "entered", "blocked",
          "attached", "pool", "stickers", "pending", "work", "queue", "last_round", "expansion",
          "expansions_done", "scores", "events", "history", "edits", "exhausted", "ask_cards")


def _copy_cards(cards: dict[int, dict[str, Any]]) -> dict[int, dict[str, Any]]:
    return {n: {"stage": c["stage"], "stickers": [s[:] for s in c["stickers"]],
                "checks": [s[:] for s in c["checks"]], "crossed": [s[:] for s in c["crossed"]],
                "struck": [s[:] for s in c["struck"]], "tab": c["tab"]}
            for n, c in cards.items()}


def _copy_item(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: _copy_item(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_copy_item(v) for v in x]
    return x


class CampaignState:
    """The state of a campaign (the lowest part of :class:`~kingdom_legacy.campaign.Campaign`:
    each part builds on the ones below it)."""

    __slots__ = _SLOTS + ("lang",)

    pack: Pack                      # the pack now (cards entered on the way included)
    pack0: Pack                     # the pack at the start: undo and loading replay from it
    seed: int
    rng: Rng
    manual: bool                    # companion mode: you say which card is on top of your pile
    ask_cards: bool                 # companion mode asks for a card not entered yet
    lang: str | None                # the language chosen, kept in the save
    phase: str                      # "play" or "over"
    round: int
    turn: int                       # 0 between rounds
    box: list[int]
    deck: list[int]                 # the draw pile, top first
    play: list[int]
    discard: list[int]
    permanent: list[int]
    aside: list[int]
    destroyed: list[int]
    purged: list[int]
    purged_glory: int
    cards: dict[int, dict[str, Any]]        # card -> its state (stage, stickers, checks, crossed, struck, tab)
    entered: dict[int, str]                 # card in play -> the stage it came into play with
    blocked: dict[int, int]                 # card -> the card that blocks it
    attached: dict[int, int]                # equipment -> the card it equips
    pool: dict[str, int]                    # the resources of the turn
    stickers: dict[str, int]                # the stickers left on the sheet
    pending: Any                            # the choice waiting: a dict, or None
    work: list[dict[str, Any]]              # effect frames, draws and rule steps (flow.FLOWS)
    queue: list[dict[str, Any]]             # triggered effects waiting to be resolved
    last_round: int | None
    expansion: Any                          # the mini-expansion under way: a dict, or None
    expansions_done: list[int]
    scores: list[dict[str, Any]]
    events: list[Event]
    history: list[str]                      # the moves, in notation
    edits: list[dict[str, Any]]             # the cards entered on the way
    exhausted: bool                         # the draw pile ran out this turn

    def clone(self) -> Self:
        """An independent copy (explicit copies of every container; the packs are shared)."""
        c = self.__class__.__new__(self.__class__)
        c.pack, c.pack0, c.seed, c.manual, c.lang = self.pack, self.pack0, self.seed, self.manual, self.lang
        c.ask_cards = self.ask_cards
        c.rng = self.rng.clone()
        c.phase, c.round, c.turn = self.phase, self.round, self.turn
        for z in ("box", "deck", "play", "discard", "permanent", "aside", "destroyed", "purged",
                  "expansions_done", "history", "events", "edits"):
            setattr(c, z, getattr(self, z)[:])
        c.purged_glory, c.exhausted = self.purged_glory, self.exhausted
        c.cards = _copy_cards(self.cards)
        c.entered, c.blocked, c.attached = dict(self.entered), dict(self.blocked), dict(self.attached)
        c.pool, c.stickers = dict(self.pool), dict(self.stickers)
        c.pending = _copy_item(self.pending)
        c.work = _copy_item(self.work)
        c.queue = _copy_item(self.queue)
        c.last_round = self.last_round
        c.expansion = _copy_item(self.expansion)
        c.scores = _copy_item(self.scores)
        return c

    def _restore(self, other: CampaignState) -> None:
        for s in _SLOTS:
            setattr(self, s, getattr(other, s))

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (format ``kingdom-legacy-campaign/2``), a copy."""
        out: dict[str, Any] = _copy_item(self._state())
        return out

    def _state(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "pack": self.pack.raw,
            "start_pack": None if self.pack0 is self.pack else self.pack0.raw,
            "seed": self.seed, "rng": self.rng.state, "manual": self.manual,
            "phase": self.phase, "round": self.round, "turn": self.turn,
            "zones": {z: list(getattr(self, z)) for z in ZONES},
            "purged": list(self.purged), "purged_glory": self.purged_glory,
            "cards": {str(n): v for n, v in sorted(self.cards.items())},
            "entered": {str(n): v for n, v in self.entered.items()},
            "blocked": {str(n): v for n, v in self.blocked.items()},
            "attached": {str(n): v for n, v in self.attached.items()},
            "pool": self.pool, "stickers": self.stickers,
            "pending": self.pending, "work": self.work, "queue": self.queue,
            "last_round": self.last_round, "expansion": self.expansion,
            "expansions_done": self.expansions_done, "scores": self.scores,
            "events": [e.to_json() for e in self.events],
            "history": self.history, "edits": self.edits,
            **({"exhausted": True} if self.exhausted else {}), **({"ask_cards": True} if self.ask_cards else {}),
        }

    def to_json(self) -> str:
        """The save file; the language it is played in is kept when one was chosen (so a
        campaign goes on in Polish), and a file without it stays as it was."""
        state = self._state()
        if self.lang is not None:
            state["lang"] = self.lang
        return json.dumps(state, ensure_ascii=False)
