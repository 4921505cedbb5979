"""The :class:`Campaign` state machine: one object holds a whole Kingdom Legacy campaign.

Where every card is (box, draw pile, play area, discard pile, permanent row, set aside,
destroyed), each discovered card's stage, stickers, tab, marked boxes and crossed-out
effects and production, the resources of the turn, what is waiting to be resolved, the
seeded generator and the event log.  Everything is plain data (numbers, strings, lists,
dicts), so that :meth:`clone` is a few list copies and a save file is that data as JSON.

Progress is automatic until the player has something to decide: ``legal_actions()`` lists
it, ``apply(action)`` does it (an illegal action raises and changes nothing).  The seed,
the pack as it was at the start, the actions (``history``) and the cards entered on the
way (``edits``) decide everything else: :meth:`back_to` replays them to undo, and loading
a save replays them to check the file.

The class is made of one part per concern, each in its own module, each part built on the
one below it (docs/architecture.md): the state, its copy and its JSON form
(:mod:`.state`); the facts of the cards (:mod:`.facts`); cards moving between zones
(:mod:`.moves`); effect steps (:mod:`.steps`); the engine loop and the rule steps of a
round (:mod:`.flow`); the decision and its legal moves (:mod:`.decisions`); the reasons of
refusals (:mod:`.refusals`); cards entered on the way (:mod:`.companion`); moves and manual
tools (:mod:`.acting`); and here creation, undo and restart.
"""

from __future__ import annotations

from typing import Any

from papertales.rng import Rng

from .acting import Acting
from .cards import Pack, demo_pack
from .errors import IllegalAction, LegacyError
from .facts import new_card_state
from .save import loads
from .state import FORMAT, ZONES

__all__ = ["Campaign", "FORMAT", "ZONES", "new_card_state"]


class Campaign(Acting):
    """A Kingdom Legacy campaign.  Create with :meth:`Campaign.new`."""

    __slots__ = ()

    @classmethod
    def new(cls, pack: Pack | None = None, seed: int = 0, manual: bool = False,
            ask_cards: bool | None = None) -> Campaign:
        """Setup: cards 1-10 (the pack's ``kingdom_start``) are the kingdom, the rest stays in
        the box; the kingdom is shuffled into a face-up draw pile and round 1 begins.

        ``manual=True`` is the companion mode for a real box: nothing is shuffled, and every
        time a card comes off the draw pile you say which one it is (``reveal N``).  A card
        discovered before you entered it then waits for you to enter it (``enter_card``) or to
        go on with a blank (``blank N``); ``ask_cards=False`` is the older way, a blank at once
        (saves made before the question load so)."""
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64:
            raise LegacyError("legacy.error.seed", value=repr(seed)[:40])
        pack = pack or demo_pack()
        c = cls.__new__(cls)
        c.pack = c.pack0 = pack
        c.seed = seed
        c.rng = Rng(seed)
        c.manual = bool(manual)
        c.ask_cards = c.manual if ask_cards is None else bool(ask_cards) and c.manual
        c.lang = None
        c.phase = "play"
        c.round = 1
        c.turn = 0
        start = pack.kingdom_start
        c.box = list(range(start + 1, pack.box_size + 1))
        c.deck, c.play, c.discard, c.permanent, c.aside, c.destroyed, c.purged = [], [], [], [], [], [], []
        c.purged_glory = 0
        c.cards = {}
        c.entered, c.blocked, c.attached = {}, {}, {}
        c.pool = {}
        c.stickers = pack.sticker_counts()
        c.pending = None
        c.work, c.queue = [], []
        c.last_round = None
        c.expansion = None
        c.expansions_done = []
        c.scores = []
        c.events = []
        c.history = []
        c.edits = []
        c.exhausted = False
        for n in range(1, start + 1):
            c.cards[n] = new_card_state()
            (c.permanent if c._st(n).permanent else c.discard).append(n)
        c.log("setup", cause="rule:setup", n=start, box=len(c.box))
        c.log("round", cause="rule:round", n=1)
        c.work.append({"t": "flow", "name": "begin_round"})
        c._run()
        return c

    def replay(self, upto: int | None = None) -> Campaign:
        """A new campaign from the seed, the first ``upto`` actions of the history and the
        cards entered on the way (all of them; those entered later come at the end).  An
        action that no longer replays (a card's data was changed since) raises and nothing
        changes."""
        upto = len(self.history) if upto is None else upto
        c = self.__class__.new(self.pack0, self.seed, self.manual, self.ask_cards)
        c.lang = self.lang
        edits = sorted(self.edits, key=lambda e: e["at"])
        k = 0
        for i, h in enumerate(self.history[:upto]):
            while k < len(edits) and edits[k]["at"] <= i:
                c.replay_edit(edits[k])
                k += 1
            try:
                c._replay_step(h)
            except LegacyError as exc:
                raise LegacyError("legacy.error.replay", step=i + 1, action=h, reason=exc) from None
        for e in edits[k:]:
            c.replay_edit(e)
        return c

    def back_to(self, step: int) -> Campaign:
        """Undo: the campaign as it was after its first ``step`` actions (0: the start)."""
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(self.history):
            raise IllegalAction("legacy.error.undo_range", value=repr(step)[:20], n=len(self.history))
        self._restore(self.replay(step))
        return self

    def undo(self, steps: int = 1) -> Campaign:
        """Take back the last ``steps`` actions."""
        if not self.history:
            raise IllegalAction("legacy.error.undo_nothing")
        if isinstance(steps, bool) or not isinstance(steps, int) or not 1 <= steps <= len(self.history):
            raise IllegalAction("legacy.error.undo_steps", value=repr(steps)[:20], n=len(self.history))
        return self.back_to(len(self.history) - steps)

    def undo_crossings(self, step: int) -> list[tuple[str, int]]:
        """Companion mode: what going back to ``step`` takes back that your real box cannot
        follow -- the discovery of the reset card (the campaign could be reset again) and the
        cards destroyed (torn up for real): ``[("reset", 23), ("destroy", 12)]``."""
        if not self.manual or isinstance(step, bool) or not isinstance(step, int) \
                or not 0 <= step < len(self.history):
            return []
        out = []
        for e in self.events[len(self.replay(step).events):]:
            n = e.params.get("card")
            if e.kind == "discover" and n == self.pack.reset_until:
                out.append(("reset", n))
            elif e.kind == "destroy":
                out.append(("destroy", n))
        return out

    def can_restart(self) -> bool:
        """"You may reset the game until card 23 is discovered" (the pack's ``reset_until``)."""
        n = self.pack.reset_until
        return not any(e.kind == "discover" and e.params.get("card") == n for e in self.events)

    def restart(self, seed: int | None = None) -> Campaign:
        """Start the campaign again (same pack and mode; the cards you entered are kept),
        allowed until the pack's reset card is discovered."""
        if not self.can_restart():
            raise IllegalAction("legacy.error.restart", card=self.pack.reset_until)
        c = self.__class__.new(self.pack.without_placeholders(), self.seed if seed is None else seed, self.manual,
                               self.ask_cards)
        c.lang = self.lang
        self._restore(c)
        return self

    @classmethod
    def from_json(cls, text: Any, pack: Pack | None = None) -> Campaign:
        """A campaign from :meth:`to_json` output, checked field by field and then by
        replaying its history (``pack``: your pack with more cards entered since)."""
        campaign: Campaign = loads(text, cls, pack)
        return campaign

    def __repr__(self) -> str:
        return (f"<Campaign {self.pack.id} round {self.round} turn {self.turn} {self.decision()} "
                f"glory {self.glory()}>")
