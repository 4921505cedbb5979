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

How work is ordered (docs/kingdom-legacy.md, "timing"): ``work`` is a stack of effect
frames, card draws and rule steps.  Frames and draws run at once; before a rule step runs,
the triggered effects in ``queue`` are resolved, in the order the player chooses (one
forced effect alone resolves by itself).
"""

from __future__ import annotations

import json

from papertales.rng import Rng

from .actions import (BLANK, DEVELOP, DISCOVER, EQUIP, EXPANSION, MANUAL, MANUAL_ZONES, MARK, PASS, PRODUCE,
                      PURGE, RESOLVE, RESOURCE, REVEAL, SIDE, SKIP, TARGET, UPGRADE, USE, Action)
from .cards import (FLIP, MAX_PRODUCTION_FOR_STICKER, ROTATE, STAGES, STATIC_KINDS, BundleText, Pack,
                    ResourceText, demo_pack, is_static, needs_deck, stage_lines, text)
from .errors import IllegalAction, LegacyError, LossWarning, Text
from .events import Event
from .events import describe as describe_event
from .save import loads

START_PLAY = 4          # cards played at the start of a turn
DEVELOP_PLAY = 2        # cards played by the develop action
MAX_EXPANSIONS = 10
MAX_LISTED = 30         # allowed moves named in a refusal (then how many more)
ZONES = ("box", "deck", "play", "discard", "permanent", "aside", "destroyed")
#: work that loses the resources of the turn before the player acts again
_LOSING_FLOWS = ("cleanup_turn", "end_round", "start_turn")
_SLOTS = ("pack", "pack0", "seed", "rng", "manual", "phase", "round", "turn", "box", "deck", "play", "discard",
          "permanent", "aside", "destroyed", "purged", "purged_glory", "cards", "entered", "blocked",
          "attached", "pool", "stickers", "pending", "work", "queue", "last_round", "expansion",
          "expansions_done", "scores", "events", "history", "edits", "exhausted", "ask_cards")


def new_card_state(stage="front") -> dict:
    return {"stage": stage, "stickers": [], "checks": [], "crossed": [], "struck": [], "tab": False}


def _copy_cards(cards):
    return {n: {"stage": c["stage"], "stickers": [s[:] for s in c["stickers"]],
                "checks": [s[:] for s in c["checks"]], "crossed": [s[:] for s in c["crossed"]],
                "struck": [s[:] for s in c["struck"]], "tab": c["tab"]}
            for n, c in cards.items()}


def _copy_item(x):
    if isinstance(x, dict):
        return {k: _copy_item(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_copy_item(v) for v in x]
    return x


class Campaign:
    """A Kingdom Legacy campaign.  Create with :meth:`Campaign.new`."""

    __slots__ = _SLOTS + ("lang",)

    # ------------------------------------------------------------------ creation

    @classmethod
    def new(cls, pack: Pack | None = None, seed: int = 0, manual: bool = False,
            ask_cards: bool | None = None) -> "Campaign":
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

    def clone(self) -> "Campaign":
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

    def _restore(self, other: "Campaign") -> None:
        for s in _SLOTS:
            setattr(self, s, getattr(other, s))

    # ------------------------------------------------------------------ undo and restart

    def replay(self, upto: int | None = None) -> "Campaign":
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

    def back_to(self, step: int) -> "Campaign":
        """Undo: the campaign as it was after its first ``step`` actions (0: the start)."""
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(self.history):
            raise IllegalAction("legacy.error.undo_range", value=repr(step)[:20], n=len(self.history))
        self._restore(self.replay(step))
        return self

    def undo(self, steps: int = 1) -> "Campaign":
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

    def restart(self, seed: int | None = None) -> "Campaign":
        """Start the campaign again (same pack and mode; the cards you entered are kept),
        allowed until the pack's reset card is discovered."""
        if not self.can_restart():
            raise IllegalAction("legacy.error.restart", card=self.pack.reset_until)
        c = self.__class__.new(self.pack.without_placeholders(), self.seed if seed is None else seed, self.manual,
                               self.ask_cards)
        c.lang = self.lang
        self._restore(c)
        return self

    # ------------------------------------------------------------------ card facts

    def _st(self, n):
        """The active stage of card ``n`` (never called for a card in the box)."""
        return self.pack.card(n).stages[self.cards[n]["stage"]]

    def stage_of(self, n) -> str:
        self._visible(n)
        return self.cards[n]["stage"]

    def zone(self, n) -> str:
        for z in ("play", "deck", "discard", "permanent", "aside", "box", "destroyed"):
            if n in getattr(self, z):
                return z
        raise LegacyError("legacy.error.no_card", card=n, box=self.pack.box_size)

    def _visible(self, n):
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= self.pack.box_size:
            raise LegacyError("legacy.error.no_card", card=repr(n)[:20], box=self.pack.box_size)
        if n in self.box:
            raise LegacyError("legacy.error.in_box", card=n)

    def kingdom(self) -> list[int]:
        """Every card of the kingdom: draw pile, play area, discard pile, permanent row."""
        return self.deck + self.play + self.discard + self.permanent

    def resources(self) -> tuple:
        """The resources of the game now: the base game's, the pack's own, and those of
        every mini-expansion begun ("1 any resource" may be one of the new ones)."""
        out = list(self.pack.base_resources)
        started = list(self.expansions_done) + ([self.expansion["card"]] if self.expansion else [])
        for x in started:
            for r in self.pack.expansion_resources.get(x, ()):
                if r not in out:
                    out.append(r)
        return tuple(out)

    def effects(self, n, sid=None) -> tuple:
        """The effects of card ``n`` on stage ``sid`` (default: its active stage): the printed
        ones, then those of the numbered stickers put on that stage, in the order put."""
        sid = sid or self.cards[n]["stage"]
        printed = self.pack.card(n).stages[sid].effects
        extra = tuple(self.pack.sheet[str(s[2])]["effect"] for s in self.cards[n]["stickers"]
                      if s[0] == sid and s[1] == "effect")
        return printed + extra if extra else printed

    def tabs_in_deck(self) -> list[tuple[int, int]]:
        """``(position from the top, 1-based; card)`` of every card with a tab in the draw pile:
        "its tab sticks out of the deck", so it is seen wherever it is.  In companion mode the
        engine does not know the order of your real pile: you see the tabs there."""
        if self.manual:
            return []
        return [(i + 1, n) for i, n in enumerate(self.deck) if self.cards[n]["tab"]]

    def is_blocked(self, n) -> bool:
        return n in self.blocked or (n in self.attached and self.attached[n] in self.blocked)

    def is_active(self, n) -> bool:
        """In play and not blocked, or a permanent card (always active)."""
        return (n in self.play and not self.is_blocked(n)) or n in self.permanent

    def equipment_of(self, n) -> list[int]:
        return [e for e, w in self.attached.items() if w == n]

    def _stage_production(self, n, sid) -> list[dict]:
        """The production printed on stage ``sid`` with its resource stickers, less what
        was crossed out ("cross out the whole production": the printed production and the
        stickers on it then; a sticker put later produces again)."""
        st = self.pack.card(n).stages[sid]
        c = self.cards[n]
        struck = max((k for s, k in c["struck"] if s == sid), default=None)
        opts = [] if struck is not None else [dict(o) for o in st.production]
        k = 0
        for s in c["stickers"]:
            if s[0] != sid or s[1] in ("glory", "effect"):
                continue
            k += 1
            if struck is not None and k <= struck:
                continue
            r = s[1]
            if not opts:
                opts = [{}]
            with_it = [o for o in opts if r in o] or opts
            for o in with_it:
                o[r] = o.get(r, 0) + 1
        return opts

    def _resource_stickers(self, n, sid) -> int:
        return sum(1 for s in self.cards[n]["stickers"] if s[0] == sid and s[1] not in ("glory", "effect"))

    def _own_production(self, n) -> list[dict]:
        return self._stage_production(n, self.cards[n]["stage"])

    def _combined_production(self, n) -> list[dict]:
        opts = self._own_production(n)
        for e in self.equipment_of(n):
            eopts = self._own_production(e)
            if not eopts:
                continue
            opts = [_add(o, x) for o in (opts or [{}]) for x in eopts]
        return opts

    def production(self, n) -> list[dict]:
        """What producing with card ``n`` can give now (its options, equipment included);
        an equipment card gives nothing on its own."""
        if self._st(n).equip:
            return []
        return self._combined_production(n)

    def total_production(self, n, sid=None) -> int:
        """The card's total production for golden rule 5 (the largest option, its
        equipment counted as part of it); ``sid``: of another stage of the card."""
        if sid is not None and sid != self.cards[n]["stage"]:
            return max((sum(o.values()) for o in self._stage_production(n, sid)), default=0)
        return max((sum(o.values()) for o in self._combined_production(n)), default=0)

    def card_glory(self, n) -> int:
        """Glory printed on the active stage, plus its glory stickers and marked boxes."""
        st = self._st(n)
        c = self.cards[n]
        g = st.glory
        g += sum(x[2] for x in c["stickers"] if x[0] == st.id and x[1] == "glory")
        g += sum(st.checkboxes[i].get("glory", 0) for sid, i in c["checks"] if sid == st.id)
        return g

    def glory(self) -> int:
        """The score: glory of every card of the kingdom, bonuses for keywords, and the
        purged glory."""
        return sum(a for _, a, _ in self.glory_breakdown())

    def glory_breakdown(self) -> list[tuple]:
        """``(card or None, glory, source)`` rows: source ``card``, ``bonus`` or ``purged``."""
        rows = []
        kingdom = self.kingdom()
        for n in sorted(kingdom):
            g = self.card_glory(n)
            if g:
                rows.append((n, g, "card"))
            for e in self.effects(n):
                if e["trigger"] != "passive":
                    continue
                for s in e["do"]:
                    if s["kind"] == "glory_per":
                        count = sum(1 for m in kingdom if s["keyword"] in self._st(m).keywords)
                        if count * s["glory"]:
                            rows.append((n, count * s["glory"], "bonus"))
        if self.purged_glory:
            rows.append((None, self.purged_glory, "purged"))
        return rows

    # ------------------------------------------------------------------ the log

    def log(self, kind, cause="", **params) -> None:
        self.events.append(Event(self.round, self.turn, kind, cause, params))

    def _cause(self, n) -> str:
        return f"card:{n}:{self.cards[n]['stage']}"

    # ------------------------------------------------------------------ decisions

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def decision(self) -> str:
        """What is asked now: ``main`` (a turn action), ``order`` (which triggered effect
        next), a pending choice (``target``, ``resource``, ``mark``, ``discover``, ``side``,
        ``purge``, ``reveal``, ``manual``), or ``over``."""
        if self.pending:
            return self.pending["kind"]
        if self.queue:
            return "order"
        if self.phase == "over":
            return "over"
        return "main"

    def legal_actions(self) -> list[Action]:
        d = self.decision()
        p = self.pending
        if d == "target":
            return [Action(TARGET, n) for n in p["options"]]
        if d == "resource":
            return [Action(RESOURCE, r) for r in p["options"]]
        if d == "mark":
            return [Action(MARK, p["card"], b + 1) for b in p["options"]]
        if d == "discover":
            return [Action(DISCOVER, n) for n in p["options"]]
        if d == "side":
            return [Action(SIDE, p["card"], "front"), Action(SIDE, p["card"], "back")]
        if d == "purge":
            return [Action(PURGE, n) for n in p["options"]]
        if d == "reveal":
            return [Action(REVEAL, n) for n in self._reveal_options()]
        if d == "enter":
            return [Action(BLANK, p["card"])]
        if d == "manual":
            return self._manual_actions()
        if d == "order":
            out = []
            for q in self.queue:
                usable = not (needs_deck(self._queued_effect(q)) and not self.deck)
                for a in (([Action(RESOLVE, q["card"], q["idx"] + 1)] if usable or q["forced"] else [])
                          + ([] if q["forced"] else [Action(SKIP, q["card"], q["idx"] + 1)])):
                    if a not in out:
                        out.append(a)
            return out
        if d == "over":
            if len(self.expansions_done) >= MAX_EXPANSIONS:
                return []
            return [Action(EXPANSION, e["card"]) for e in self.pack.expansions
                    if e["card"] in self.box and e["card"] not in self.expansions_done and self.pack.has(e["card"])]
        return self._main_actions()

    def asking(self):
        """The card, stage and effect step that asks the choice waiting now (a target, a
        resource, a box, a card to discover), or None: the prompt says which effect asks."""
        if not self.pending or self.pending["kind"] not in ("target", "resource", "mark", "discover") \
                or not self.work or self.work[-1]["t"] != "frame":
            return None
        fr = self.work[-1]
        return fr["ref"][0], fr["ref"][1], self._steps(fr)[fr["i"]]

    def _reveal_options(self) -> list[int]:
        x = self.expansion
        if self.pending.get("purge"):
            return sorted(self.deck[x["pos"] + x["seen"]:])
        return sorted(self.deck)

    def _queued_effect(self, q):
        return self.effects(q["card"], q["stage"])[q["idx"]]

    def _main_actions(self, card=None) -> list[Action]:
        """The turn actions (``card``: only those of that card, and the ones of no card)."""
        out = []

        def of(cards):
            return cards if card is None else [card] if card in cards else []

        for n in of(self.play):
            if self.is_blocked(n) or n in self.attached:
                continue
            for i in range(len(self.production(n))):
                out.append(Action(PRODUCE, n, i + 1))
        for n in of(self.play + self.permanent):
            if self.is_blocked(n) or n in self.attached:
                continue
            for u in self._st(n).upgrades:
                if _covers(self.pool, u["cost"]):
                    out.append(Action(UPGRADE, n, u["to"]))
        for n in of(self.play + self.permanent):
            for i in self._usable(n):
                out.append(Action(USE, n, i + 1))
        for e in of(self.play):
            st = self._st(e)
            if not st.equip or e in self.attached or self.is_blocked(e):
                continue
            for w in self.play:
                if w != e and w not in self.attached and not self.is_blocked(w) \
                        and st.equip in self._st(w).keywords and not self._st(w).equip:
                    out.append(Action(EQUIP, e, w))
        if self.deck:
            out.append(Action(DEVELOP))
        out.append(Action(PASS))
        out.append(Action(MANUAL, "start"))
        return out

    def _usable(self, n) -> list[int]:
        """Indices of the effects of card ``n`` that can be used as an action now."""
        if not self.is_active(n):
            return []
        st = self._st(n)
        if st.equip and n not in self.attached:
            return []            # equipment that is not attached has no effects
        crossed = self.cards[n]["crossed"]
        out = []
        for i, e in enumerate(self.effects(n)):
            if e["trigger"] in ("optional", "forced") or is_static(e):
                continue
            if [st.id, i] in crossed or not _covers(self.pool, e.get("cost", {})):
                continue
            if needs_deck(e) and not self.deck:
                continue         # "if the deck is empty, you cannot use such an effect"
            out.append(i)
        return out

    # ------------------------------------------------------------------ manual steps

    def _manual_actions(self) -> list[Action]:
        """Every tool of a manual step, for whatever the card format cannot say."""
        out = [Action(MANUAL, "done")]
        out += [Action(MANUAL, "gain", r) for r in self.resources()]
        out += [Action(MANUAL, "lose", r) for r in self.pool]
        for n in sorted(self.deck + self.play + self.discard + self.permanent
                        + [d for d in self.destroyed if d not in self.purged]):
            out += [Action(MANUAL, "move", n, z) for z in MANUAL_ZONES if self._manual_move_ok(n, z)]
        for n in sorted(self.kingdom()):
            card = self.pack.card(n)
            out += [Action(MANUAL, "turn", n, s) for s in STAGES
                    if card.stages[s] is not None and s != self.cards[n]["stage"]]
            out += [Action(MANUAL, "sticker", n, int(sid) if sid.isdigit() else sid)
                    for sid in self.pack.sheet if self._manual_sticker_ok(n, sid)]
            st = self._st(n)
            marked = {i for sid, i in self.cards[n]["checks"] if sid == st.id}
            out += [Action(MANUAL, "mark", n, b + 1) for b in range(len(st.checkboxes)) if b not in marked]
        out += [Action(MANUAL, "discover", n) for n in self.box if self.manual or self.pack.has(n)]
        for n in sorted(self.kingdom()):
            sid = self.cards[n]["stage"]
            out += [Action(MANUAL, "unsticker", n, k + 1) for k in range(len(self.cards[n]["stickers"]))]
            out += [Action(MANUAL, "unmark", n, b + 1) for s, b in sorted(self.cards[n]["checks"]) if s == sid]
            out += [Action(MANUAL, "cross", n, i + 1) for i in range(len(self.effects(n)))
                    if [sid, i] not in self.cards[n]["crossed"]]
            if self._own_production(n):
                out.append(Action(MANUAL, "strike", n))
        free = [n for n in self.play if n not in self.attached]
        for n in free:
            out += [Action(MANUAL, "block", n, by) for by in free if by != n and n not in self.blocked]
        out += [Action(MANUAL, "unblock", n) for n in sorted(self.blocked)]
        for e in free:
            if self._st(e).equip:
                out += [Action(MANUAL, "equip", e, w) for w in free if w != e and not self._st(w).equip]
        return out

    def _manual_move_ok(self, n, z) -> bool:
        where = self.zone(n)
        if where in ("box", "aside"):
            return False
        permanent = self._st(n).permanent
        if permanent and z not in ("permanent", "box", "destroyed"):
            return False                # permanent cards are never in the pile, play or discard
        if z == "permanent" and not permanent:
            return False
        if z == "top":
            return not (self.deck and self.deck[0] == n)
        if z == "bottom":
            return not (self.deck and self.deck[-1] == n)
        return z != where

    def _manual_sticker_ok(self, n, sid) -> bool:
        e = self.pack.sheet[sid]
        if self.stickers.get(sid, 0) <= 0:
            return False
        if e["kind"] == "tab":
            return not self.cards[n]["tab"]
        if e["kind"] == "resource":
            return self.total_production(n) < MAX_PRODUCTION_FOR_STICKER
        return True

    # ------------------------------------------------------------------ acting

    def is_legal(self, action) -> bool:
        try:
            action = Action.parse(action)
        except IllegalAction:
            return False
        if self.decision() == "main" and action.kind in (PRODUCE, UPGRADE, USE, EQUIP):
            return action in self._main_actions(card=action.a)     # the same rules, one card's worth
        return action in self.legal_actions()

    def apply(self, action, allow_loss: bool = True) -> "Campaign":
        """Do ``action`` (an :class:`Action` or its text).  An illegal action raises
        :class:`IllegalAction` saying what is wrong and what is allowed; with
        ``allow_loss=False`` an action that would lose unspent resources raises
        :class:`LossWarning` first.  Whatever goes wrong, the campaign is left exactly as
        it was."""
        action = Action.parse(action) if not isinstance(action, Action) else action
        if not self.is_legal(action):
            key, params = self._why_not(action)
            raise IllegalAction("legacy.error.illegal", action=str(action), reason=Text(key, **params),
                                allowed=self._allowed_text(action))
        if not allow_loss:
            lost = self.losses(action)
            if lost:
                raise LossWarning("legacy.warn.loss", action=str(action), what=BundleText(lost, self.pack, "nom"))
        before = self.clone()
        try:
            self._do_action(action)
            self._run()
        except LegacyError:
            self._restore(before)
            raise
        except Exception as exc:                 # a bug or a state no rule foresaw: nothing changes
            self._restore(before)
            raise LegacyError("legacy.error.internal", action=str(action), reason=type(exc).__name__) from exc
        self.history.append(str(action))
        return self

    def _allowed_text(self, action: Action):
        """The moves allowed instead: for a tool of a manual step, that tool's (on that card
        when it has some); a long list ends with how many more there are, never cut silently."""
        legal = self.legal_actions()
        if action.kind == MANUAL and self.decision() == "manual":
            legal = [a for a in legal if a.a == action.a] or legal
            legal = [a for a in legal if a.b == action.b] or legal
        if not legal:
            return "-"
        shown = ", ".join(str(a) for a in legal[:MAX_LISTED])
        return Text("legacy.error.more", list=shown, n=len(legal) - MAX_LISTED) if len(legal) > MAX_LISTED else shown

    def _replay_step(self, text) -> None:
        """One action of a replayed history: checked like :meth:`apply` but without the
        copy that makes a refusal change nothing (a failed replay is thrown away whole)."""
        action = Action.parse(text)
        if not self.is_legal(action):
            key, params = self._why_not(action)
            raise IllegalAction("legacy.error.illegal", action=str(action), reason=Text(key, **params), allowed="-")
        self._do_action(action)
        self._run()
        self.history.append(str(action))

    def losses(self, action) -> dict:
        """The resources you have now that ``action`` would lose unspent (a new card comes
        into play, or the turn ends, before you could act again): ``{}`` when none."""
        if not self.pool:
            return {}
        action = Action.parse(action)
        if action.kind == REVEAL or not self.is_legal(action):
            return {}      # a card on top of your pile: the move that began the draw warned already
        c = self.clone()
        mark = len(c.events)
        try:
            c._do_action(action)
            c._run()
        except Exception:           # noqa: BLE001 - apply itself will say what is wrong
            return {}
        lost = {}
        for e in c.events[mark:]:
            if e.kind == "lost":
                for r, k in e.params["what"].items():
                    lost[r] = lost.get(r, 0) + k
        if c.pool and any(w["t"] == "draw" and w["left"] > 0 and c.deck
                          or w["t"] == "flow" and w["name"] in _LOSING_FLOWS for w in c.work):
            for r, k in c.pool.items():
                lost[r] = lost.get(r, 0) + k
        return {r: min(k, self.pool[r]) for r, k in lost.items() if r in self.pool}

    def _why_not(self, a: Action):
        d = self.decision()
        main = (PRODUCE, UPGRADE, USE, DEVELOP, PASS, EQUIP)
        if d == "over":
            return "legacy.why.over", {}
        if a.kind == MANUAL:
            if a.a == "start":
                if d == "manual":
                    return "legacy.why.manual_open", {}
                return "legacy.why.manual_when", {"decision": Text("legacy.decision_name." + d)}
            if d != "manual":
                return "legacy.why.manual_closed", {}
            return self._why_tool(a)
        if (a.kind in main) != (d == "main"):
            return "legacy.why.decision", {"decision": Text("legacy.decision_name." + d)}
        if d != "main":
            return "legacy.why.option", {}
        if a.kind == DEVELOP:
            return "legacy.why.empty_deck", {}
        n = a.a
        if not isinstance(n, int) or not 1 <= n <= self.pack.box_size:
            return "legacy.why.no_card", {"card": n, "box": self.pack.box_size}
        z = self.zone(n)
        if a.kind in (PRODUCE, USE, UPGRADE, EQUIP) and n not in self.play and not (
                a.kind in (USE, UPGRADE) and n in self.permanent):
            return "legacy.why.not_in_play", {"card": n, "zone": Text("legacy.zone_in." + z)}
        if self.is_blocked(n):
            return "legacy.why.blocked", {"card": n, "by": self.blocked.get(n, self.blocked.get(self.attached.get(n)))}
        st = self._st(n)
        if a.kind == PRODUCE:
            if n in self.attached:
                return "legacy.why.equipped_produce", {"card": n}
            k = len(self.production(n))
            if not k:
                return "legacy.why.no_production", {"card": n}
            return "legacy.why.option_number", {"n": k}
        if a.kind == UPGRADE:
            u = st.upgrade_to(a.b)
            if n in self.attached:
                return "legacy.why.equipped", {"card": n}
            if u is None:
                return "legacy.why.no_upgrade", {"card": n, "stage": _stage_text(a.b)}
            return self._cost_why(u["cost"])
        if a.kind == USE:
            effs = self.effects(n)
            i = a.b - 1 if isinstance(a.b, int) else -1
            if not effs:
                return "legacy.why.no_effects", {"card": n}
            if not 0 <= i < len(effs):
                return "legacy.why.no_effect", {"card": n, "n": len(effs)}
            e = effs[i]
            if st.equip and n not in self.attached:
                return "legacy.why.not_attached", {"card": n}
            if e["trigger"] in ("optional", "forced") or is_static(e):
                return "legacy.why.not_usable", {}
            if [st.id, i] in self.cards[n]["crossed"]:
                return "legacy.why.crossed", {}
            if not _covers(self.pool, e.get("cost", {})):
                return self._cost_why(e["cost"])
            if needs_deck(e) and not self.deck:
                return "legacy.why.deck_effect", {}
            return "legacy.why.option", {}
        if a.kind == EQUIP:
            if not st.equip:
                return "legacy.why.not_equipment", {"card": n}
            if n in self.attached:
                return "legacy.why.equipped_again", {"card": n}
            return "legacy.why.equip_target", {"keyword": st.equip}
        return "legacy.why.option", {}

    def _why_tool(self, a: Action):
        """Why a tool of a manual step cannot do this (the golden rules still hold)."""
        tool, n, x = a.a, a.b, a.c
        if tool in ("gain", "lose"):
            if n not in self.resources():
                return "legacy.why.tool_resource", {"value": n, "allowed": ", ".join(self.resources())}
            return "legacy.why.tool_lose", {"resource": ResourceText(n, self.pack)}
        if not isinstance(n, int) or not 1 <= n <= self.pack.box_size:
            return "legacy.why.no_card", {"card": n, "box": self.pack.box_size}
        z = self.zone(n)
        if tool == "discover":
            if z != "box":
                return "legacy.why.tool_not_in_box", {"card": n, "zone": Text("legacy.zone_in." + z)}
            return "legacy.why.tool_not_entered", {"card": n}
        if z in ("box", "aside") or (z == "destroyed" and tool != "move"):
            return "legacy.why.tool_where", {"card": n, "zone": Text("legacy.zone_in." + z)}
        st, c = self._st(n), self.cards[n]
        if tool == "move":
            if x not in MANUAL_ZONES:
                return "legacy.why.tool_zone", {"value": x, "allowed": ", ".join(MANUAL_ZONES)}
            if n in self.purged:
                return "legacy.why.tool_purged", {"card": n}
            if st.permanent and x not in ("permanent", "box", "destroyed"):
                return "legacy.why.tool_permanent", {"card": n}
            if x == "permanent" and not st.permanent:
                return "legacy.why.tool_not_permanent", {"card": n}
            return "legacy.why.tool_there", {"card": n}
        if tool == "turn":
            if x not in STAGES or self.pack.card(n).stages[x] is None:
                return "legacy.why.tool_stage", {"card": n, "value": x, "allowed": ", ".join(
                    s for s in STAGES if self.pack.card(n).stages[s] is not None)}
            return "legacy.why.tool_same_stage", {"card": n}
        if tool == "sticker":
            sid = str(x)
            if sid not in self.pack.sheet:
                return "legacy.why.tool_sticker", {"value": x, "allowed": ", ".join(self.pack.sheet) or "-"}
            if self.stickers.get(sid, 0) <= 0:
                return "legacy.why.tool_sticker_none", {"value": x}
            if self.pack.sheet[sid]["kind"] == "tab":
                return "legacy.why.tool_tab", {"card": n}
            return "legacy.why.golden5", {"card": n}
        if tool == "unsticker":
            return "legacy.why.tool_stickers", {"card": n, "n": len(c["stickers"])}
        if tool in ("mark", "unmark"):
            k = len(st.checkboxes)
            if not isinstance(x, int) or not 1 <= x <= k:
                return "legacy.why.tool_boxes", {"card": n, "n": k}
            return "legacy.why.tool_" + ("marked" if tool == "mark" else "unmarked"), {"card": n, "box": x}
        if tool == "cross":
            k = len(self.effects(n))
            if not k:
                return "legacy.why.no_effects", {"card": n}
            if not isinstance(x, int) or not 1 <= x <= k:
                return "legacy.why.no_effect", {"card": n, "n": k}
            return "legacy.why.tool_crossed", {}
        if tool == "strike":
            return "legacy.why.no_production", {"card": n}
        if tool == "unblock":
            return "legacy.why.tool_not_blocked", {"card": n}
        for m in (n, x):                                   # block, equip: two cards in play
            if not isinstance(m, int) or not 1 <= m <= self.pack.box_size:
                return "legacy.why.no_card", {"card": m, "box": self.pack.box_size}
            if m not in self.play:
                return "legacy.why.not_in_play", {"card": m, "zone": Text("legacy.zone_in." + self.zone(m))}
        if n == x:
            return "legacy.why.tool_same_card", {}
        if n in self.attached or x in self.attached:
            return "legacy.why.tool_attached", {"card": n if n in self.attached else x}
        if tool == "block":
            return "legacy.why.tool_blocked_already", {"card": n}
        if not st.equip:
            return "legacy.why.not_equipment", {"card": n}
        return "legacy.why.tool_wielder", {"card": x}

    def _cost_why(self, cost):
        if not self.pool:
            return "legacy.why.cost_none", {"need": BundleText(cost, self.pack)}
        return "legacy.why.cost", {"need": BundleText(cost, self.pack), "have": BundleText(self.pool, self.pack)}

    def _do_action(self, a: Action) -> None:
        k = a.kind
        p = self.pending
        if k in (TARGET, RESOURCE, MARK, DISCOVER):
            self.pending = None
            choice = a.b - 1 if k == MARK else a.a
            fr = self.work[-1]
            step = self._steps(fr)[fr["i"]]
            if self._step(fr, step, choice):
                fr["i"] += 1
                fr.pop("tmp", None)
        elif k == SIDE:
            self.pending = p.get("resume")
            n = a.a
            self.cards[n]["stage"] = a.b
            self.aside.remove(n)
            self.log("side", cause="rule:discover", card=n, stage=a.b, to="permanent" if self._st(n).permanent
                     else "discard")
            self._place_discovered(n)
        elif k == REVEAL:
            self.pending = None
            if p.get("purge"):
                x = self.expansion
                self.deck.remove(a.a)
                self.deck.insert(x["pos"] + x["seen"], a.a)
                x["seen"] += 1
                self.log("purge_seen", cause="rule:purge", card=a.a, stage=self.cards[a.a]["stage"], n=x["seen"])
            else:
                self.deck.remove(a.a)
                self.deck.insert(0, a.a)
        elif k == PURGE:
            self.pending = None
            self._purge_pick(a.a, p["from"])
        elif k in (RESOLVE, SKIP):
            i = next(j for j, q in enumerate(self.queue) if q["card"] == a.a and q["idx"] == a.b - 1)
            q = self.queue.pop(i)
            if k == SKIP:
                self.log("skip", cause=f"card:{q['card']}:{q['stage']}", card=q["card"], stage=q["stage"])
            else:
                self._start_trigger(q)
        elif k == PRODUCE:
            n = a.a
            opt = self.production(n)[a.b - 1]
            cause = self._cause(n)
            self.log("produce", cause="action", card=n, stage=self.cards[n]["stage"], what=dict(opt))
            self._discard(n, "produced")
            self._gain(opt, cause)
        elif k == UPGRADE:
            n = a.a
            u = self._st(n).upgrade_to(a.b)
            self._pay(u["cost"])
            self.log("upgrade", cause="action", card=n, stage=self.cards[n]["stage"], to=a.b, cost=dict(u["cost"]))
            self._change_stage(n, a.b, "action:upgrade", "upgrade")
            self.log("turn_ends_upgrade", cause="rule:golden4", card=n, stage=a.b)
            self.work.append({"t": "flow", "name": "end_turn"})
        elif k == USE:
            self._use(a.a, a.b - 1)
        elif k == DEVELOP:
            self.log("develop", cause="action")
            self.work.append({"t": "draw", "left": DEVELOP_PLAY, "batch": [], "cause": "action:develop"})
        elif k == PASS:
            self.log("pass", cause="action")
            self.work.append({"t": "flow", "name": "end_turn"})
        elif k == EQUIP:
            self.attached[a.a] = a.b
            self.log("equip", cause="action", card=a.a, stage=self.cards[a.a]["stage"], wielder=a.b,
                     wielder_stage=self.cards[a.b]["stage"])
        elif k == EXPANSION:
            self._start_expansion(a.a)
        elif k == BLANK:
            self.pending = None
            self._blank(a.a)
        elif k == MANUAL:
            self._manual(a)

    def _manual(self, a: Action) -> None:
        """A tool of a manual step: what you did by hand, logged as such."""
        tool, n = a.a, a.b
        if tool == "start":
            self.pending = {"kind": "manual", "card": None}
            self.log("manual_start", cause="manual")
            return
        if tool == "done":
            p = self.pending
            self.pending = None
            self.log("manual_done", cause="manual")
            if p.get("card") is not None:
                for fr in reversed(self.work):
                    if fr["t"] == "frame" and fr.get("manual"):
                        fr.pop("manual")
                        fr["i"] += 1
                        break
            return
        if tool == "gain":
            self._gain({n: 1}, "manual")
        elif tool == "lose":
            self._pay({n: 1})
            self.log("manual_lose", cause="manual", what={n: 1})
        elif tool == "move":
            self._manual_move(n, a.c)
        elif tool == "turn":
            self._change_stage(n, a.c, "manual", "manual")
        elif tool == "sticker":
            sid = str(a.c)
            if self.pack.sheet[sid]["kind"] == "tab":
                self._tab(n, "manual", sid)
            else:
                self._put_sticker(n, sid, self.cards[n]["stage"], "manual")
        elif tool == "mark":
            self._mark(n, a.c - 1, "manual")
        elif tool == "unsticker":
            self._unsticker(n, a.c - 1)
        elif tool == "unmark":
            sid = self.cards[n]["stage"]
            self.cards[n]["checks"].remove([sid, a.c - 1])
            self.log("manual_unmark", cause="manual", card=n, stage=sid, box=a.c)
        elif tool == "block":
            self.blocked[n] = a.c
            self.log("block", cause="manual", card=n, stage=self.cards[n]["stage"], by=a.c,
                     by_stage=self.cards[a.c]["stage"])
        elif tool == "unblock":
            del self.blocked[n]
            self.log("release", cause="manual", card=n, stage=self.cards[n]["stage"])
        elif tool == "equip":
            self.attached[n] = a.c
            self.log("equip", cause="manual", card=n, stage=self.cards[n]["stage"], wielder=a.c,
                     wielder_stage=self.cards[a.c]["stage"])
        elif tool == "cross":
            sid = self.cards[n]["stage"]
            self.cards[n]["crossed"].append([sid, a.c - 1])
            self.log("manual_cross", cause="manual", card=n, stage=sid, idx=a.c)
        elif tool == "strike":
            self._strike(n, "manual")
        elif tool == "discover":
            keep = self.pending
            if not self.pack.has(n):
                self._blank(n)                     # by hand: enter it when you can
            self._discover(n, "manual")
            if self.pending is not keep:           # a side to choose: then back to the manual step
                self.pending["resume"] = keep
            else:
                self.pending = keep

    def _unsticker(self, n, k):
        """Take sticker ``k`` off card ``n`` (by hand: it does not go back to the sheet).  The
        crossed-out sticker effects and production after it keep pointing at theirs."""
        c = self.cards[n]
        entry = c["stickers"].pop(k)
        sid = entry[0]
        same = [s for s in c["stickers"][:k] if s[0] == sid]
        if entry[1] == "effect":
            i = len(self.pack.card(n).stages[sid].effects) + sum(1 for s in same if s[1] == "effect")
            c["crossed"] = [[s, j - (s == sid and j > i)] for s, j in c["crossed"] if [s, j] != [sid, i]]
        elif entry[1] != "glory":
            k_res = sum(1 for s in same if s[1] not in ("glory", "effect")) + 1
            c["struck"] = [[s, m - (s == sid and m >= k_res)] for s, m in c["struck"]]
        self.log("manual_unsticker", cause="manual", card=n, stage=c["stage"],
                 sticker=entry[1] if len(entry) == 2 else "glory" if entry[1] == "glory" else str(entry[2]))

    def _manual_move(self, n, z):
        old = self.zone(n)
        stage = self.cards[n]["stage"]
        if z == "destroyed":
            self._destroy(n, "manual")
            return
        if z == "box":
            self._undiscover(n, "manual")
            return
        if old == "destroyed":
            self.destroyed.remove(n)
        elif old == "deck" and z in ("top", "bottom"):
            self.deck.remove(n)
        else:
            eq, freed = self._leave(n)
            for e in eq:
                self._discard(e, "with_wielder")
            for b in freed:
                self.log("release", cause="manual", card=b, stage=self.cards[b]["stage"])
        if z == "top":
            self.deck.insert(0, n)
        elif z == "bottom":
            self.deck.append(n)
        elif z == "play":
            self.play.append(n)
            self.entered[n] = stage
        else:
            getattr(self, z).append(n)
        self.log("manual_move", cause="manual", card=n, stage=stage, to=z, source=old)

    def _use(self, n, i):
        st = self._st(n)
        e = self.effects(n)[i]
        me = self.attached.get(n, n)
        cause = self._cause(n)
        if e.get("cost"):
            self._pay(e["cost"])
        if e.get("once"):
            self.cards[n]["crossed"].append([st.id, i])
        self.log("use", cause="action", card=n, stage=st.id, idx=i + 1, trigger=e["trigger"])
        frame = self._frame([n, st.id, "effect", i], me, cause)
        trig = e["trigger"]
        if trig == "activated":
            self._discard(me, "used")
        elif trig == "timed":
            self.work.append({"t": "flow", "name": "end_turn"})
            if me not in self.permanent:
                self._discard(me, "used")
        elif trig == "destroy":
            self._destroy(me, cause)
        self.work.append(frame)

    def _start_trigger(self, q):
        n = q["card"]
        e = self._queued_effect(q)
        cause = f"card:{n}:{q['stage']}"
        if needs_deck(e) and not self.deck:
            self.log("deck_empty_effect", cause=cause, card=n, stage=q["stage"], idx=q["idx"] + 1)
            return
        if e.get("once") and n in self.cards:
            self.cards[n]["crossed"].append([q["stage"], q["idx"]])
        self.log("trigger", cause=cause, card=n, stage=q["stage"], idx=q["idx"] + 1, when=e["when"])
        self.work.append(self._frame([n, q["stage"], "effect", q["idx"]], q["me"], cause))

    # ------------------------------------------------------------------ the engine loop

    def _run(self) -> None:
        guard = 0
        while True:
            guard += 1
            if guard > 100000:          # a pack whose effects never stop
                raise LegacyError("legacy.error.loop")
            if not self.deck and self.turn:
                self.exhausted = True   # "an exhausted deck always means that the round ends with this turn"
            if self.pending:
                return
            top = self.work[-1] if self.work else None
            if top is not None and top["t"] == "frame":
                if top["i"] >= top["len"]:
                    self.work.pop()
                    continue
                if self._step(top, self._steps(top)[top["i"]], None):
                    top["i"] += 1
                    top.pop("tmp", None)
                continue
            if top is not None and top["t"] == "draw":
                self._draw_step(top)
                continue
            if self.queue:
                if len(self.queue) == 1 and self.queue[0]["forced"]:
                    self._start_trigger(self.queue.pop())
                    continue
                return
            if top is None:
                return
            self.work.pop()
            getattr(self, "_flow_" + top["name"])(*top.get("args", ()))

    def _frame(self, ref, me, cause) -> dict:
        """An effect being resolved; its length is noted so that a card sent back to the
        box by its own effect is not read again (golden rule 2)."""
        fr = {"t": "frame", "ref": ref, "me": me, "i": 0, "cause": cause}
        fr["len"] = len(self._steps(fr))
        return fr

    def _steps(self, fr):
        n, sid, kind, i = fr["ref"]
        if kind == "effect":
            return self.effects(n, sid)[i]["do"]
        return self.pack.card(n).stages[sid].all_checked

    def _stop_frames(self, n, current=None):
        """Card ``n`` went back to the box: its effects being resolved read no more of it
        (the step under way, ``current`` or a manual one, still finishes)."""
        for w in self.work:
            if w["t"] == "frame" and w["ref"][0] == n:
                w["len"] = min(w["len"], w["i"] + (1 if w is current or w.get("manual") else 0))

    def _draw_step(self, d):
        if d["left"] <= 0 or not self.deck:
            self.work.pop()
            if d["batch"]:
                self._enqueue(d["batch"], "play")
            return
        if self.manual and len(self.deck) > 1 and not d.get("revealed"):
            d["revealed"] = True
            self.pending = {"kind": "reveal"}
            return
        d.pop("revealed", None)
        n = self.deck.pop(0)
        d["left"] -= 1
        d["batch"].append(n)
        self.play.append(n)
        self.entered[n] = self.cards[n]["stage"]
        self.log("play", cause=d["cause"], card=n, stage=self.cards[n]["stage"])
        self._lose_resources("rule:new_card")

    def _lose_resources(self, cause):
        if any(self.pool.values()):
            self.log("lost", cause=cause, what=dict(self.pool))
        self.pool = {}

    def _enqueue(self, cards, when):
        for n in cards:
            if n not in self.cards or not (self.is_active(n) or when == "end_of_round"):
                continue
            for src in [n] + self.equipment_of(n):
                st = self._st(src)
                if st.equip and src not in self.attached:
                    continue
                for i, e in enumerate(self.effects(src)):
                    if e.get("when") == when and [st.id, i] not in self.cards[src]["crossed"]:
                        self.queue.append({"card": src, "me": n, "stage": st.id, "idx": i,
                                           "forced": e["trigger"] == "forced"})

    # ------------------------------------------------------------------ rule steps (flow)

    def _flow_begin_round(self):
        self.deck = sorted(self.deck + self.discard)       # "shuffle all your cards" (any put back on the pile too)
        self.discard = []
        self.exhausted = False
        if not self.manual:
            self.rng.shuffle(self.deck)
        self.turn = 0
        self.log("shuffle", cause="rule:round", n=len(self.deck))
        self.work.append({"t": "flow", "name": "start_turn" if self.deck else "end_round"})

    def _flow_start_round(self):
        self.log("round", cause="rule:round", n=self.round)
        self.work.append({"t": "flow", "name": "begin_round"})
        if self.expansion is None:
            self.work.append({"t": "flow", "name": "discover_natural", "args": [2]})
        else:
            self.log("no_discovery", cause="rule:expansion")

    def _flow_discover_natural(self, k):
        nxt = [n for n in self.box if n <= self.pack.final_card]
        if not nxt:
            self.log("box_empty", cause="rule:round")
            return
        n = nxt[0]
        if not self._need_data(n):
            self.work.append({"t": "flow", "name": "discover_natural", "args": [k]})   # again once entered
            return
        self._discover(n, "rule:round")          # taken out of the box first, then read
        if k == 2:
            if self.pack.card(n).stages["front"].parchment:
                self.log("parchment_first", cause="rule:round", card=n, stage="front")
            else:
                self.work.append({"t": "flow", "name": "discover_natural", "args": [1]})

    def _flow_destroy_parchment(self, n):
        if n in self.aside:
            self.aside.remove(n)
            self.destroyed.append(n)
            self.log("destroy", cause="rule:parchment", card=n, stage=self.cards[n]["stage"])

    def _flow_start_turn(self):
        self.turn += 1
        self.log("turn", cause="rule:turn", n=self.turn, deck=len(self.deck))
        self.work.append({"t": "draw", "left": START_PLAY, "batch": [], "cause": "rule:turn"})

    def _flow_end_turn(self):
        self.log("end_turn", cause="rule:end_turn")
        self.work.append({"t": "flow", "name": "cleanup_turn"})
        self._enqueue(self.play + self.permanent, "end_of_turn")

    def _stays(self, n) -> bool:
        return self.is_active(n) and any(
            e["trigger"] == "passive" and any(s["kind"] == "stay_in_play" for s in e["do"])
            for x in [n] + self.equipment_of(n) for e in self.effects(x))

    def _flow_cleanup_turn(self):
        self._lose_resources("rule:end_turn")
        for n in self.play[:]:
            if n in self.play and n not in self.attached and n not in self.blocked:
                if self._stays(n):
                    self.log("stays", cause=self._cause(n), card=n, stage=self.cards[n]["stage"])
                else:
                    self._discard(n, "end_turn", cleanup=True)
        self.work.append({"t": "flow", "name": "start_turn" if self.deck and not self.exhausted else "end_round"})

    def _flow_end_round(self):
        self._lose_resources("rule:end_turn")
        self.log("end_round", cause="rule:end_round", n=self.round)
        self.work.append({"t": "flow", "name": "after_round"})
        were = [n for n in self.play if n not in self.attached and self.is_active(n)] + self.permanent
        self._enqueue(were, "end_of_round")
        for n in self.play[:]:
            if n in self.play and n not in self.attached and n not in self.blocked:
                self._discard(n, "end_round", cleanup=True)

    def _flow_after_round(self):
        if self.expansion is not None:
            self.expansion["rounds_left"] -= 1
            if self.expansion["rounds_left"] <= 0:
                self.expansions_done.append(self.expansion["card"])
                self._finish(f"expansion:{self.expansion['card']}")
                self.expansion = None
                return
        elif self.last_round is not None and self.round >= self.last_round:
            self._finish("base")
            return
        self.round += 1
        self.turn = 0
        self.work.append({"t": "flow", "name": "start_round"})

    def _finish(self, what):
        self.phase = "over"
        self.turn = 0
        g = self.glory()
        self.scores.append({"after": what, "glory": g})
        self.log("over", cause="rule:score", glory=g)

    # ------------------------------------------------------------------ moving cards

    def _leave(self, n):
        """Take ``n`` out of its zone; returns its equipment and the cards it blocked."""
        for z in ("play", "deck", "discard", "permanent", "aside"):
            lst = getattr(self, z)
            if n in lst:
                lst.remove(n)
                break
        self.entered.pop(n, None)
        self.attached.pop(n, None)
        self.blocked.pop(n, None)
        eq = self.equipment_of(n)
        for e in eq:
            del self.attached[e]
        freed = [b for b, by in self.blocked.items() if by == n]
        for b in freed:
            del self.blocked[b]
        return eq, freed

    def _discard(self, n, reason, cleanup=False):
        if n in self.discard:
            return
        st = self._st(n)
        if n in self.permanent and st.permanent:
            return                                   # permanent cards are never discarded
        eq, freed = self._leave(n)
        (self.permanent if st.permanent else self.discard).append(n)
        self.log("discard", cause=f"rule:{reason}", card=n, stage=st.id, reason=reason,
                 permanent=st.permanent)
        for e in eq:
            self._discard(e, "with_wielder", cleanup)
        for b in freed:
            if cleanup:
                self._discard(b, "with_blocker", cleanup)
            else:
                self.log("release", cause=f"card:{n}:{st.id}", card=b, stage=self.cards[b]["stage"])

    def _destroy(self, n, cause, purged=False):
        if n in self.destroyed:
            return
        eq, freed = self._leave(n)
        self.destroyed.append(n)
        if purged:
            self.purged.append(n)
        self.log("destroy", cause=cause, card=n, stage=self.cards[n]["stage"])
        for e in eq:
            self._destroy(e, f"card:{n}:{self.cards[n]['stage']}")
        for b in freed:
            self.log("release", cause=cause, card=b, stage=self.cards[b]["stage"])

    def _undiscover(self, n, cause, current=None):
        """"Reset it and put it back into the box, in the order of the numbers"."""
        stage = self.cards[n]["stage"]
        if n in self.destroyed:
            self.destroyed.remove(n)
        eq, freed = self._leave(n)
        for e in eq:
            self._discard(e, "with_wielder")
        for b in freed:
            self.log("release", cause=cause, card=b, stage=self.cards[b]["stage"])
        self.cards[n]["stage"] = "front"
        self.box.append(n)
        self.box.sort()
        self.log("undiscover", cause=cause, card=n, stage=stage)
        self._stop_frames(n, current)

    def _to_deck(self, n, where, cause):
        stage = self.cards[n]["stage"]
        eq, freed = self._leave(n)
        if where == "top":
            self.deck.insert(0, n)
        else:
            self.deck.append(n)
        self.log("to_deck", cause=cause, card=n, stage=stage, where=where)
        for e in eq:
            self._discard(e, "with_wielder")
        for b in freed:
            self.log("release", cause=cause, card=b, stage=self.cards[b]["stage"])

    def _change_stage(self, n, new, cause, reason):
        """Turn or flip card ``n`` to stage ``new``.  Golden rule 3: a card turned or flipped
        for any reason is discarded at once (to the permanent row if the new stage is)."""
        old = self.cards[n]["stage"]
        self.cards[n]["stage"] = new
        st = self._st(n)
        self.log("stage", cause=cause, card=n, stage=old, to=new, reason=reason)
        if n in self.play or n in self.deck:
            self._discard(n, "turned")
        elif n in self.permanent and not st.permanent:
            self.permanent.remove(n)
            self.discard.append(n)
            self.log("discard", cause="rule:turned", card=n, stage=new, reason="turned", permanent=False)
        elif n in self.discard and st.permanent:
            self.discard.remove(n)
            self.permanent.append(n)
            self.log("discard", cause="rule:turned", card=n, stage=new, reason="turned", permanent=True)

    def _need_data(self, n) -> bool:
        """A card comes out of the box: its data must be known.  In companion mode a card you
        have not entered yet is asked for (False: the campaign waits, nothing moved yet), or,
        in a campaign that does not ask, gets a blank stand-in at once."""
        if self.pack.has(n):
            return True
        if not self.manual:
            raise LegacyError("legacy.error.missing_card", card=n)
        if self.ask_cards:
            self.pending = {"kind": "enter", "card": n}
            return False
        self._blank(n)
        return True

    def _blank(self, n):
        """A blank stand-in (no production, no effect) so that the campaign goes on; enter the
        card when you can (it then takes its place), and do by hand what it says."""
        self.pack = self.pack.with_card({"number": n, "placeholder": True,
                                         "stages": {"front": {"name": f"#{n}"}}})
        self.log("placeholder", cause="rule:discover", number=n)

    def _discover(self, n, cause):
        self._need_data(n)
        self.box.remove(n)
        if n not in self.cards:
            self.cards[n] = new_card_state()
        self.cards[n]["stage"] = "front"
        self.aside.append(n)
        card = self.pack.card(n)
        front = card.stages["front"]
        to = "aside" if front.parchment else "side" if card.choose_side else \
            "permanent" if front.permanent else "discard"
        self.log("discover", cause=cause, card=n, stage="front", to=to)
        if n == self.pack.final_card and self.expansion is None and self.last_round is None:
            self.last_round = self.round if self.turn == 0 else self.round + 1
            self.log("final_round", cause=f"card:{n}:front", n=self.last_round)
        if front.parchment:
            self.log("parchment", cause=f"card:{n}:front", card=n, stage="front")
            self.work.append({"t": "flow", "name": "destroy_parchment", "args": [n]})
            effs = self.effects(n, "front")
            for i in reversed(range(len(effs))):
                if effs[i].get("when") == "discover":
                    self.work.append(self._frame([n, "front", "effect", i], n, f"card:{n}:front"))
            return
        if card.choose_side:
            self.pending = {"kind": "side", "card": n}
            return
        self._place_discovered(n)

    def _place_discovered(self, n):
        if n in self.aside:
            self.aside.remove(n)
        (self.permanent if self._st(n).permanent else self.discard).append(n)

    def _gain(self, bundle, cause):
        for r, k in bundle.items():
            self.pool[r] = self.pool.get(r, 0) + k
        if bundle:
            self.log("gain", cause=cause, what=dict(bundle))

    def _pay(self, bundle):
        for r, k in bundle.items():
            self.pool[r] -= k
            if not self.pool[r]:
                del self.pool[r]

    # ------------------------------------------------------------------ effect steps

    def _targets(self, spec, me):
        if spec in (None, "self"):
            return [me] if me in self.cards and me not in self.box and me not in self.destroyed else []
        scope = spec.get("scope", "play")
        if scope == "kingdom":
            pool = [n for n in self.kingdom() if not self.is_blocked(n)]
        elif scope == "discard":
            pool = list(self.discard)
        else:
            pool = [n for n in self.play if not self.is_blocked(n)]
        out = []
        for n in pool:
            if n in self.attached:
                continue
            st = self._st(n)
            if "keyword" in spec and spec["keyword"] not in st.keywords:
                continue
            if "obstacle" in spec and st.obstacle != spec["obstacle"]:
                continue
            if spec.get("other") and n == me:
                continue
            if "tab" in spec and self.cards[n]["tab"] != spec["tab"]:
                continue
            out.append(n)
        return sorted(out)

    def _choose(self, fr, kind, options, choice, **extra):
        """The chosen option: automatic for one option; otherwise ask (returns None)."""
        if choice is not None:
            return choice
        if len(options) == 1:
            return options[0]
        self.pending = {"kind": kind, "options": list(options), **extra}
        return None

    def _step(self, fr, s, choice) -> bool:
        """Resolve step ``s`` of frame ``fr``; False when waiting for a decision."""
        k = s["kind"]
        me, cause = fr["me"], fr["cause"]
        if k == "gain":
            if "resources" in s:
                self._gain(s["resources"], cause)
                return True
            options = list(self.resources()) if s["choice"] == "any" else s["choice"]
            r = self._choose(fr, "resource", options, choice)
            if r is None:
                return False
            self._gain({r: s.get("n", 1)}, cause)
            return True
        if k in STATIC_KINDS:
            return True
        if k == "manual":
            fr["manual"] = True
            self.pending = {"kind": "manual", "card": fr["ref"][0], "stage": fr["ref"][1],
                            "ref": list(fr["ref"]), "step": fr["i"]}
            self.log("manual_start", cause=cause, card=fr["ref"][0], stage=fr["ref"][1])
            return False
        if k == "play":
            self.work.append({"t": "draw", "left": s["count"], "batch": [], "cause": cause})
            return True
        if k == "top_to_bottom":
            if self.deck:
                n = self.deck.pop(0)
                self.deck.append(n)
                self.log("bottom", cause=cause, card=n, stage=self.cards[n]["stage"])
            else:
                self.log("no_target", cause=cause, step=k)
            return True
        if k == "discover":
            if fr.get("tmp") is None and choice is None:
                present = [n for n in s["cards"] if n in self.box]
                if not present:
                    self.log("no_target", cause=cause, step=k)
                    return True
                if not all(self._need_data(n) for n in present):
                    return False                 # asked again once the card is entered
                if len(present) == 1:
                    self._discover(present[0], cause)
                    return True
                for n in present:
                    self.box.remove(n)
                    self.aside.append(n)
                    self.cards.setdefault(n, new_card_state())
                self.log("look", cause=cause, cards=" / ".join(map(str, present)))
                fr["tmp"] = present
                self.pending = {"kind": "discover", "options": present}
                return False
            for n in fr["tmp"]:
                self.aside.remove(n)
                self.box.append(n)
            self.box.sort()
            self._discover(choice, cause)
            return True
        # steps on a target card
        if fr.get("tmp") is not None and k in ("increase_production", "check", "add_production"):
            target = fr["tmp"]
        else:
            opts = self._step_targets(s, me)
            if not opts:
                self.log("no_target", cause=cause, step=k)
                return True
            target = self._choose(fr, "target", opts, choice)
            if target is None:
                return False
            choice = None
        if k == "transform":
            cur = self.cards[target]["stage"]
            new = s["to"] if "to" in s else (ROTATE if s["how"] == "rotate" else FLIP)[cur]
            if new != cur:
                self._change_stage(target, new, cause, "effect")
        elif k == "reset":
            if self.cards[target]["stage"] != "front":
                self._change_stage(target, "front", cause, "reset")
        elif k == "destroy":
            self._destroy(target, cause)
        elif k == "discard":
            self._discard(target, "effect")
        elif k == "block":
            self.blocked[target] = me
            self.log("block", cause=cause, card=target, stage=self.cards[target]["stage"], by=me,
                     by_stage=self.cards[me]["stage"])
        elif k == "undiscover":
            self._undiscover(target, cause, current=fr)
        elif k == "to_deck":
            self._to_deck(target, s["where"], cause)
        elif k == "strike_production":
            self._strike(target, cause)
        elif k == "add_tab":
            self._tab(target, cause)
        elif k == "sticker":
            sid = str(s["number"])
            if self.pack.sheet[sid]["kind"] == "tab":
                self._tab(target, cause, sid)
            else:
                self._put_sticker(target, sid, s.get("stage") or self.cards[target]["stage"], cause)
        elif k == "add_glory":
            self._put_sticker(target, self._find_sticker("glory", s["glory"]),
                              s.get("stage") or self.cards[target]["stage"], cause, value=s["glory"])
        elif k == "add_production":
            stage = s.get("stage") or self.cards[target]["stage"]
            r = s["resource"]
            if r == "any":
                fr["tmp"] = target
                options = [x for x in self.resources() if self._find_sticker("resource", x)]
                if not options:
                    self.log("no_sticker", cause=cause, sticker="resource")
                    return True
                r = self._choose(fr, "resource", options, choice)
                if r is None:
                    return False
            self._put_sticker(target, self._find_sticker("resource", r) or r, stage, cause)
        elif k == "increase_production":
            produced = sorted({r for o in self._own_production(target) for r in o},
                              key=lambda r: (self.pack.all_resources + (r,)).index(r))
            fr["tmp"] = target
            r = self._choose(fr, "resource", produced, choice)
            if r is None:
                return False
            self._put_sticker(target, self._find_sticker("resource", r) or r, self.cards[target]["stage"], cause)
        elif k == "check":
            st = self._st(target)
            marked = {i for sid, i in self.cards[target]["checks"] if sid == st.id}
            free = [i for i in range(len(st.checkboxes)) if i not in marked]
            same = all(st.checkboxes[i] == st.checkboxes[free[0]] for i in free)
            fr["tmp"] = target
            b = free[0] if same else self._choose(fr, "mark", free, choice, card=target)
            if b is None:
                return False
            if self._mark(target, b, cause, fr):
                return False                     # the frame index was moved on already
        return True

    def _step_targets(self, s, me):
        k = s["kind"]
        opts = self._targets(s.get("target", "self"), me)
        stage = s.get("stage")
        if stage:
            opts = [n for n in opts if self.pack.card(n).stages[stage] is not None]
        if k == "transform":
            if "to" in s:
                opts = [n for n in opts if self.pack.card(n).stages[s["to"]] is not None]
            else:
                m = ROTATE if s["how"] == "rotate" else FLIP
                opts = [n for n in opts if self.pack.card(n).stages[m[self.cards[n]["stage"]]] is not None]
        elif k == "reset":
            opts = [n for n in opts if self.cards[n]["stage"] != "front"]
        elif k == "destroy":
            opts = [n for n in opts if not self._st(n).indestructible]
        elif k == "discard":
            opts = [n for n in opts if n in self.play]
        elif k == "block":
            opts = [n for n in opts if me in self.play and not self.is_blocked(me) and n != me
                    and n not in self.blocked.values()]
        elif k == "to_deck":
            opts = [n for n in opts if not self._st(n).permanent]
        elif k == "strike_production":
            opts = [n for n in opts if self._own_production(n)]
        elif k == "add_tab":
            opts = [n for n in opts if not self.cards[n]["tab"]]
        elif k in ("increase_production", "add_production") or (
                k == "sticker" and self.pack.sheet[str(s["number"])]["kind"] == "resource"):
            opts = [n for n in opts if self.total_production(n, stage) < MAX_PRODUCTION_FOR_STICKER]
            if k == "increase_production":
                opts = [n for n in opts if self._own_production(n)]
        elif k == "check":
            def free(n):
                st = self._st(n)
                return len(st.checkboxes) > sum(1 for sid, _ in self.cards[n]["checks"] if sid == st.id)
            opts = [n for n in opts if free(n)]
        return opts

    def _find_sticker(self, kind, what):
        """The sheet entry to take a sticker from: a resource's (``what``: the resource) or a
        glory sticker (``what``: its value; a blank glory sticker takes any value)."""
        best = None
        for sid, e in self.pack.sheet.items():
            if e["kind"] != kind or self.stickers.get(sid, 0) <= 0:
                continue
            if kind == "resource" and e["resource"] != what:
                continue
            if kind == "glory" and e.get("glory", what) != what:
                continue
            key = (e.get("glory") is None, e["number"] or 0)          # a printed value first
            if best is None or key < best[0]:
                best = (key, sid)
        return best[1] if best else None

    def _put_sticker(self, n, sid, stage, cause, value=None):
        """Put sticker ``sid`` of the sheet on stage ``stage`` of card ``n`` ("only on the
        active stage, unless the effect says otherwise")."""
        e = self.pack.sheet.get(sid) if sid is not None else None
        if e is None or self.stickers.get(sid, 0) <= 0:
            self.log("no_sticker", cause=cause, sticker=sid or "glory")
            return
        if e["kind"] == "resource" and self.total_production(n, stage) >= MAX_PRODUCTION_FOR_STICKER:
            self.log("golden5", cause="rule:golden5", card=n, stage=self.cards[n]["stage"])
            return
        self.stickers[sid] -= 1
        if e["kind"] == "resource":
            entry = [stage, e["resource"]]
        elif e["kind"] == "glory":
            entry = [stage, "glory", value or e.get("glory", 1)]
        else:
            entry = [stage, "effect", e["number"]]
        self.cards[n]["stickers"].append(entry)
        self.log("sticker", cause=cause, card=n, stage=self.cards[n]["stage"], on=stage, sticker=sid,
                 value=entry[2] if e["kind"] == "glory" else None)

    def _tab(self, n, cause, sid=None):
        sid = sid or self._find_sticker("tab", None)
        if sid is None or self.stickers.get(sid, 0) <= 0:
            self.log("no_sticker", cause=cause, sticker=sid or "tab")
            return
        self.stickers[sid] -= 1
        self.cards[n]["tab"] = True
        self.log("tab", cause=cause, card=n, stage=self.cards[n]["stage"])

    def _strike(self, n, cause):
        """"Cross out the whole production" of a card; its equipment counts as part of the
        card, so theirs is crossed out too."""
        for x in [n] + self.equipment_of(n):
            sid = self.cards[x]["stage"]
            self.cards[x]["struck"].append([sid, self._resource_stickers(x, sid)])
            self.log("strike", cause=cause, card=x, stage=sid)

    def _mark(self, n, b, cause, fr=None) -> bool:
        """Mark box ``b`` of card ``n`` (its gain first); True when it was the last box and
        the stage's all-marked steps were put to work."""
        st = self._st(n)
        free = len(st.checkboxes) - sum(1 for sid, _ in self.cards[n]["checks"] if sid == st.id)
        self.cards[n]["checks"].append([st.id, b])
        box = st.checkboxes[b]
        self.log("check", cause=cause, card=n, stage=st.id, box=b + 1)
        if box.get("gain"):
            self._gain(box["gain"], f"card:{n}:{st.id}")
        if free == 1 and st.all_checked:
            self.log("all_checked", cause=f"card:{n}:{st.id}", card=n, stage=st.id)
            if fr is not None:
                fr["i"] += 1
                fr.pop("tmp", None)
            self.work.append(self._frame([n, st.id, "all_checked", 0], n, f"card:{n}:{st.id}"))
            return True
        return False

    # ------------------------------------------------------------------ expansions and purge

    def _start_expansion(self, n):
        e = self.pack.expansion(n)
        self.box.remove(n)
        self.cards.setdefault(n, new_card_state())
        self.aside.append(n)
        self.phase = "play"
        self.round += 1
        self.turn = 0
        self.expansion = {"card": n, "rounds_left": e.get("rounds", 4), "size": e.get("purge", 12),
                          "pos": 0, "seen": 0, "picks": [], "permanent_left": e.get("purge_permanent", 1)}
        self.log("expansion", cause="action", card=n, n=self.expansion["rounds_left"])
        for r in self.pack.expansion_resources.get(n, ()):
            self.log("new_resource", cause=f"card:{n}:front", resource=r)
        self.deck = sorted(self.discard)
        self.discard = []
        if not self.manual:
            self.rng.shuffle(self.deck)
        self.log("purge_start", cause="rule:purge", n=self.expansion["size"])
        for name in ("expansion_begin", "purge_finish", "purge_permanent", "purge_group"):
            self.work.append({"t": "flow", "name": name})

    def _purgeable(self, cards):
        return [n for n in cards if self._st(n).purgeable()]

    def _flow_purge_group(self):
        """"Shuffle your deck and look at 12 cards at a time, each time choosing 1 friendly
        card of them to purge ... when fewer than 12 cards are left, the choosing ends."
        In companion mode you shuffle your real pile and say which cards each group holds
        (not needed when the group is the rest of the pile)."""
        x = self.expansion
        size = x["size"]
        if len(self.deck) - x["pos"] < size:
            return
        self.work.append({"t": "flow", "name": "purge_group"})
        if self.manual and x["seen"] < size and len(self.deck) - x["pos"] > size:
            self.pending = {"kind": "reveal", "purge": True}
            return
        group = self.deck[x["pos"]:x["pos"] + size]
        x["seen"] = 0
        opts = sorted(self._purgeable(group))
        if not opts:
            x["pos"] += size
            self.log("purge_none", cause="rule:purge")
            return
        self.pending = {"kind": "purge", "options": opts, "from": "deck"}

    def _flow_purge_permanent(self):
        x = self.expansion
        if x["permanent_left"] <= 0:
            return
        x["permanent_left"] -= 1
        self.work.append({"t": "flow", "name": "purge_permanent"})
        opts = sorted(self._purgeable(self.permanent))
        if not opts:
            self.log("purge_none", cause="rule:purge")
            x["permanent_left"] = 0
            return
        self.pending = {"kind": "purge", "options": opts, "from": "permanent"}

    def _purge_pick(self, n, source):
        x = self.expansion
        getattr(self, source).remove(n)
        self.aside.append(n)
        x["picks"].append(n)
        if source == "deck":
            x["pos"] += x["size"] - 1
        self.log("purge_pick", cause="rule:purge", card=n, stage=self.cards[n]["stage"])

    def _flow_purge_finish(self):
        x = self.expansion
        total = sum(self.card_glory(n) for n in x["picks"])
        for n in x["picks"]:
            self._destroy(n, "rule:purge", purged=True)
        self.purged_glory += total
        self.log("purged", cause="rule:purge", n=len(x["picks"]), glory=total)
        x["picks"] = []

    def _flow_expansion_begin(self):
        n = self.expansion["card"]
        self.discard.extend(self.deck)
        self.deck = []
        self.aside.remove(n)
        (self.permanent if self._st(n).permanent else self.discard).append(n)
        self.log("round", cause="rule:round", n=self.round)
        self.log("no_discovery", cause="rule:expansion")
        self.work.append({"t": "flow", "name": "begin_round"})

    # ------------------------------------------------------------------ companion

    def enter_card(self, card_raw: dict) -> None:
        """Companion mode: add the data of a card you have just discovered (or fix one).
        The whole pack is checked again, and the card's state must still fit it (its stage,
        stickers, boxes and row); nothing changes if not.  A card the campaign waits for is
        discovered at once; one that had a blank takes its rightful place (a permanent card
        goes to the permanent row; a parchment is set aside, its "when discovered" effects
        are resolved, with their choices, and it is destroyed).  Undo and save files replay
        the campaign with the card entered at this point."""
        self._enter(card_raw, "follow")

    def replay_edit(self, edit: dict) -> int | None:
        """An entry of ``edits`` entered again as it was made.  ``"placed"``: the card took
        its place then.  Without it, as the version that wrote it did: a campaign that asks
        for cards put a card that had a blank in its place without following a parchment,
        an older one only took the card's data -- then the card's number is returned when
        it is out of its place (see :meth:`take_places`)."""
        if edit.get("placed"):
            return self._enter(edit["card"], "follow", placed=True)
        return self._enter(edit["card"], "destroy" if self.ask_cards else "data")

    def take_places(self, cards) -> list[int]:
        """Cards an older save entered after their blanks without moving them: each one
        still out of its place takes it now, as a card entered later does (recorded as an
        entry of ``edits``, so undo and the save keep it).  Returns their numbers."""
        done = []
        for n in cards:
            if self._out_of_place(n):
                self._enter(self.pack.card(n).raw, "follow", placed=True)
                done.append(n)
        return done

    def _enter(self, card_raw, mode, placed=False):
        """``mode``: ``follow`` (a card that had a blank takes its place, a parchment is
        followed), ``destroy`` (... a parchment is destroyed unfollowed) or ``data`` (the
        data only); ``placed``: take the place even if the card is no blank any more."""
        pack = self.pack.with_card(card_raw)
        n = card_raw["number"]
        was_blank = self.pack.has(n) and self.pack.card(n).placeholder
        blank = placed or was_blank
        if n in self.cards:
            self._check_fits(pack.card(n), n, blank)
        before = self.clone()
        try:
            self.pack = pack
            moves = blank and n in self.cards and self._out_of_place(n)
            self.edits.append({"at": len(self.history), "card": card_raw,
                               **({"placed": True} if moves and mode == "follow" else {})})
            if moves and not was_blank:
                self.log("entered_before", cause="rule:entered", card=n, stage=self.cards[n]["stage"])
            run = moves and mode == "follow" and self._st(n).parchment
            if moves and mode != "data":
                self._take_place(n, mode == "follow")
            if self.pending and self.pending["kind"] == "enter" and self.pending["card"] == n:
                self.pending, run = None, True
            if run:
                self._run()
        except Exception:
            self._restore(before)
            raise
        return n if moves and mode == "data" else None

    def _out_of_place(self, n) -> bool:
        z = self.zone(n)
        if z in ("box", "destroyed", "aside"):
            return False
        st = self._st(n)
        return st.parchment or st.permanent != (z == "permanent")

    def _take_place(self, n, follow):
        """A card that had a blank, entered out of its place: where the rules would have put it."""
        st = self._st(n)
        if st.parchment and follow:
            self._follow_late(n)
        elif st.parchment:
            self.log("parchment", cause=f"card:{n}:{st.id}", card=n, stage=st.id)
            self._destroy(n, "rule:parchment")
        else:
            self._leave(n)
            (self.permanent if st.permanent else self.discard).append(n)
            self.log("discard", cause="rule:entered", card=n, stage=st.id, reason="entered", permanent=st.permanent)

    def _follow_late(self, n):
        """A parchment entered after its blank is followed as on its discovery: set aside,
        its "when discovered" effects, then destroyed.  That work goes in after the effect or
        draw under way (whose choice may be waiting), so it runs as soon as it can."""
        sid = self.cards[n]["stage"]
        eq, freed = self._leave(n)
        self.aside.append(n)
        self.log("parchment_entered", cause="rule:entered", card=n, stage=sid)
        for e in eq:
            self._discard(e, "with_wielder")
        for b in freed:
            self.log("release", cause="rule:entered", card=b, stage=self.cards[b]["stage"])
        work = [{"t": "flow", "name": "destroy_parchment", "args": [n]}]
        effs = self.effects(n, sid)
        work += [self._frame([n, sid, "effect", i], n, f"card:{n}:{sid}")
                 for i in reversed(range(len(effs))) if effs[i].get("when") == "discover"]
        at = len(self.work)
        while at and self.work[at - 1]["t"] in ("frame", "draw"):
            at -= 1
        self.work[at:at] = work

    def update_cards(self, pack: Pack) -> list[int]:
        """Enter every card of ``pack`` (your pack file, read again) that is new or differs
        from the one the campaign has; returns their numbers.  All or nothing."""
        if pack.id != self.pack.id or pack.box_size != self.pack.box_size:
            raise LegacyError("legacy.error.other_pack", pack=pack.id, mine=self.pack.id)
        work = self.clone()
        changed = []
        for n, card in sorted(pack.cards.items()):
            if not card.placeholder and (not work.pack.has(n) or work.pack.card(n).raw != card.raw):
                work.enter_card(card.raw)
                changed.append(n)
        self._restore(work)
        return changed

    def _check_fits(self, card, n, blank=False):
        c = self.cards[n]
        stages = [c["stage"]] + [s[0] for s in c["stickers"] + c["checks"] + c["crossed"] + c["struck"]]
        for sid in stages:
            if card.stages[sid] is None:
                raise LegacyError("legacy.error.enter_stage", card=n, stage=Text("legacy.stage." + sid))
        for sid, i in c["checks"]:
            if i >= len(card.stages[sid].checkboxes):
                raise LegacyError("legacy.error.enter_boxes", card=n)
        for sid, i in c["crossed"]:
            if i >= len(card.stages[sid].effects):
                raise LegacyError("legacy.error.enter_effects", card=n)
        if not blank and n not in self.box and n not in self.destroyed and n not in self.aside \
                and card.stages[c["stage"]].permanent != (n in self.permanent):
            raise LegacyError("legacy.error.enter_permanent", card=n)

    def manual_text(self, lang=None) -> str | None:
        """The card text of the manual step under way (None when it was opened by hand)."""
        p = self.pending
        if not p or p["kind"] != "manual" or p.get("card") is None:
            return None
        n, sid, kind, i = p["ref"]
        steps = self.effects(n, sid)[i]["do"] if kind == "effect" else self.pack.card(n).stages[sid].all_checked
        return text(steps[p["step"]]["text"], lang)

    # ------------------------------------------------------------------ views

    def card_view(self, n, lang=None) -> dict:
        """Everything visible about card ``n`` (golden rule 2: not for cards in the box)."""
        self._visible(n)
        card = self.pack.card(n)
        c = self.cards[n]
        st = self._st(n)
        extra = self.effects(n)[len(st.effects):]
        return {
            "number": n, "zone": self.zone(n), "stage": c["stage"], "name": st.title(lang),
            "lines": stage_lines(st, lang, self.pack, extra), "glory": self.card_glory(n) if n not in self.destroyed else 0,
            "obstacle": st.obstacle, "permanent": st.permanent, "placeholder": card.placeholder,
            "blocked_by": self.blocked.get(n), "attached_to": self.attached.get(n),
            "equipment": self.equipment_of(n), "tab": c["tab"],
            "stickers": [list(s) for s in c["stickers"]], "checks": [list(x) for x in c["checks"]],
            "struck": [list(x) for x in c["struck"]],
            "production": self.production(n) if self.zone(n) in ("play", "permanent") else [dict(o) for o in self._own_production(n)],
            "stages": {sid: (card.stages[sid].title(lang) if card.stages[sid] else None) for sid in card.stages},
        }

    def top_card(self):
        """The visible top card of the face-up draw pile (None when empty or unknown)."""
        if not self.deck or (self.manual and len(self.deck) > 1):
            return None
        return self.deck[0]

    def describe(self, lang=None, events=None) -> list[str]:
        return [describe_event(self, e, lang) for e in (self.events if events is None else events)]

    # ------------------------------------------------------------------ io

    def to_dict(self) -> dict:
        """The whole state as JSON-ready data (format ``kingdom-legacy-campaign/2``), a copy."""
        return _copy_item(self._state())

    def _state(self) -> dict:
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

    @classmethod
    def from_json(cls, text, pack: Pack | None = None) -> "Campaign":
        """A campaign from :meth:`to_json` output, checked field by field and then by
        replaying its history (``pack``: your pack with more cards entered since)."""
        return loads(text, cls, pack)

    def __repr__(self):
        return (f"<Campaign {self.pack.id} round {self.round} turn {self.turn} {self.decision()} "
                f"glory {self.glory()}>")


FORMAT = "kingdom-legacy-campaign/2"


def _covers(pool, cost) -> bool:
    return all(pool.get(r, 0) >= k for r, k in cost.items())


def _add(a, b):
    out = dict(a)
    for r, k in b.items():
        out[r] = out.get(r, 0) + k
    return out


def _stage_text(sid):
    return Text("legacy.stage." + sid) if sid in STAGES else sid
