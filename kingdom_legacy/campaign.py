"""The :class:`Campaign` state machine: one object holds a whole Kingdom Legacy campaign.

Where every card is (box, draw pile, play area, discard pile, permanent row, set aside,
destroyed), each discovered card's stage, stickers, marked boxes and crossed-out effects,
the resources of the turn, what is waiting to be resolved, the seeded generator and the
event log.  Everything is plain data (numbers, strings, lists, dicts), so that
:meth:`clone` is a few list copies and a save file is that data as JSON.

Progress is automatic until the player has something to decide: ``legal_actions()`` lists
it, ``apply(action)`` does it (an illegal action raises and changes nothing).

How work is ordered (docs/kingdom-legacy.md, "timing"): ``work`` is a stack of effect
frames, card draws and rule steps.  Frames and draws run at once; before a rule step runs,
the triggered effects in ``queue`` are resolved, in the order the player chooses (one
forced effect alone resolves by itself).
"""

from __future__ import annotations

from .actions import (DEVELOP, DISCOVER, EQUIP, EXPANSION, MARK, PASS, PRODUCE, PURGE, RESOLVE, RESOURCE,
                      REVEAL, SIDE, SKIP, TARGET, UPGRADE, USE, Action)
from .cards import FLIP, MAX_PRODUCTION_FOR_STICKER, RESOURCES, ROTATE, STATIC_KINDS, Pack, demo_pack
from .errors import IllegalAction, LegacyError
from .events import Event
from .rng import Rng

START_PLAY = 4          # cards played at the start of a turn
DEVELOP_PLAY = 2        # cards played by the develop action
MAX_EXPANSIONS = 10
ZONES = ("box", "deck", "play", "discard", "permanent", "aside", "destroyed")
_SLOTS = ("pack", "seed", "rng", "manual", "phase", "round", "turn", "box", "deck", "play", "discard",
          "permanent", "aside", "destroyed", "purged", "purged_glory", "cards", "entered", "blocked",
          "attached", "pool", "stickers", "pending", "work", "queue", "last_round", "expansion",
          "expansions_done", "scores", "events", "history")


def _copy_cards(cards):
    return {n: {"stage": c["stage"], "stickers": [s[:] for s in c["stickers"]],
                "checks": [s[:] for s in c["checks"]], "crossed": [s[:] for s in c["crossed"]]}
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
    def new(cls, pack: Pack | None = None, seed: int = 0, manual: bool = False) -> "Campaign":
        """Setup: cards 1-10 (the pack's ``kingdom_start``) are the kingdom, the rest stays in
        the box; the kingdom is shuffled into a face-up draw pile and round 1 begins.

        ``manual=True`` is the companion mode for a real box: nothing is shuffled, and every
        time a card comes off the draw pile you say which one it is (``reveal N``)."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise LegacyError("legacy.error.seed", value=repr(seed))
        pack = pack or demo_pack()
        c = cls.__new__(cls)
        c.pack = pack
        c.seed = seed
        c.rng = Rng(seed)
        c.manual = bool(manual)
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
        c.stickers = dict(pack.stickers)
        c.pending = None
        c.work, c.queue = [], []
        c.last_round = None
        c.expansion = None
        c.expansions_done = []
        c.scores = []
        c.events = []
        c.history = []
        for n in range(1, start + 1):
            c.cards[n] = {"stage": "front", "stickers": [], "checks": [], "crossed": []}
            (c.permanent if c._st(n).permanent else c.discard).append(n)
        c.log("setup", cause="rule:setup", n=start, box=len(c.box))
        c.log("round", cause="rule:round", n=1)
        c.work.append({"t": "flow", "name": "begin_round"})
        c._run()
        return c

    def clone(self) -> "Campaign":
        """An independent copy (explicit copies of every container; the pack is shared)."""
        c = Campaign.__new__(Campaign)
        c.pack, c.seed, c.manual, c.lang = self.pack, self.seed, self.manual, self.lang
        c.rng = self.rng.clone()
        c.phase, c.round, c.turn = self.phase, self.round, self.turn
        for z in ("box", "deck", "play", "discard", "permanent", "aside", "destroyed", "purged",
                  "expansions_done", "history", "events"):
            setattr(c, z, getattr(self, z)[:])
        c.purged_glory = self.purged_glory
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
            raise LegacyError("legacy.error.no_card", card=n, box=self.pack.box_size)
        if n in self.box:
            raise LegacyError("legacy.error.in_box", card=n)

    def kingdom(self) -> list[int]:
        """Every card of the kingdom: draw pile, play area, discard pile, permanent row."""
        return self.deck + self.play + self.discard + self.permanent

    def is_blocked(self, n) -> bool:
        return n in self.blocked or (n in self.attached and self.attached[n] in self.blocked)

    def is_active(self, n) -> bool:
        """In play and not blocked, or a permanent card (always active)."""
        return (n in self.play and not self.is_blocked(n)) or n in self.permanent

    def equipment_of(self, n) -> list[int]:
        return [e for e, w in self.attached.items() if w == n]

    def _own_production(self, n) -> list[dict]:
        st = self._st(n)
        opts = [dict(o) for o in st.production]
        for sid, sticker, *_ in self.cards[n]["stickers"]:
            if sid != st.id or sticker not in RESOURCES:
                continue
            if not opts:
                opts = [{}]
            with_it = [o for o in opts if sticker in o] or opts
            for o in with_it:
                o[sticker] = o.get(sticker, 0) + 1
        return opts

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

    def total_production(self, n) -> int:
        """The card's total production for golden rule 5 (the largest option, its
        equipment counted as part of it)."""
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
        glory kept from purged cards."""
        return sum(a for _, a, _ in self.glory_breakdown())

    def glory_breakdown(self) -> list[tuple]:
        """``(card or None, glory, source)`` rows: source ``card``, ``bonus`` or ``purged``."""
        rows = []
        kingdom = self.kingdom()
        for n in sorted(kingdom):
            g = self.card_glory(n)
            if g:
                rows.append((n, g, "card"))
            for e in self._st(n).effects:
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
        ``purge``, ``reveal``), or ``over``."""
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
            return [Action(REVEAL, n) for n in sorted(self.deck)]
        if d == "order":
            out = []
            for q in self.queue:
                for a in ([Action(RESOLVE, q["card"], q["idx"] + 1)]
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

    def _main_actions(self) -> list[Action]:
        out = []
        for n in self.play:
            if self.is_blocked(n) or n in self.attached:
                continue
            for i in range(len(self.production(n))):
                out.append(Action(PRODUCE, n, i + 1))
        for n in self.play + self.permanent:
            if self.is_blocked(n) or n in self.attached:
                continue
            for u in self._st(n).upgrades:
                if _covers(self.pool, u["cost"]):
                    out.append(Action(UPGRADE, n, u["to"]))
        for n in self.play + self.permanent:
            for i in self._usable(n):
                out.append(Action(USE, n, i + 1))
        for e in self.play:
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
        for i, e in enumerate(st.effects):
            if e["trigger"] in ("optional", "forced") or st.is_static(i):
                continue
            if [st.id, i] in crossed or not _covers(self.pool, e.get("cost", {})):
                continue
            out.append(i)
        return out

    # ------------------------------------------------------------------ acting

    def apply(self, action) -> "Campaign":
        """Do ``action`` (an :class:`Action` or its text).  An illegal action raises
        :class:`IllegalAction` saying what is wrong and what is allowed; a failure while
        resolving (a card not entered yet) leaves the campaign exactly as it was."""
        action = Action.parse(action) if not isinstance(action, Action) else action
        legal = self.legal_actions()
        if action not in legal:
            key, params = self._why_not(action)
            shown = ", ".join(str(a) for a in legal[:30]) + (" ..." if len(legal) > 30 else "")
            raise IllegalAction("legacy.error.illegal", action=str(action), decision=self.decision(),
                                reason=LegacyError(key, **params), allowed=shown or "-")
        before = self.clone()
        try:
            self._do_action(action)
            self._run()
        except LegacyError:
            self._restore(before)
            raise
        self.history.append(str(action))
        return self

    def _why_not(self, a: Action):
        d = self.decision()
        main = (PRODUCE, UPGRADE, USE, DEVELOP, PASS, EQUIP)
        if d == "over":
            return "legacy.why.over", {}
        if (a.kind in main) != (d == "main"):
            return "legacy.why.decision", {"decision": d}
        if d != "main":
            return "legacy.why.option", {}
        if a.kind == DEVELOP:
            return "legacy.why.empty_deck", {}
        n = a.a
        if not isinstance(n, int) or not 1 <= n <= self.pack.box_size:
            return "legacy.why.no_card", {"card": n}
        z = self.zone(n)
        if a.kind in (PRODUCE, USE, UPGRADE, EQUIP) and n not in self.play and not (
                a.kind in (USE, UPGRADE) and n in self.permanent):
            return "legacy.why.not_in_play", {"card": n, "zone": z}
        if self.is_blocked(n):
            return "legacy.why.blocked", {"card": n, "by": self.blocked.get(n, self.blocked.get(self.attached.get(n)))}
        st = self._st(n)
        if a.kind == PRODUCE:
            if not self.production(n):
                return "legacy.why.no_production", {"card": n}
            return "legacy.why.option_number", {"n": len(self.production(n))}
        if a.kind == UPGRADE:
            u = st.upgrade_to(a.b)
            if n in self.attached:
                return "legacy.why.equipped", {"card": n}
            if u is None:
                return "legacy.why.no_upgrade", {"card": n, "stage": a.b}
            return "legacy.why.cost", {"need": _bundle_str(u["cost"]), "have": _bundle_str(self.pool)}
        if a.kind == USE:
            i = a.b - 1 if isinstance(a.b, int) else -1
            if not 0 <= i < len(st.effects):
                return "legacy.why.no_effect", {"card": n, "n": len(st.effects)}
            e = st.effects[i]
            if [st.id, i] in self.cards[n]["crossed"]:
                return "legacy.why.crossed", {}
            if not _covers(self.pool, e.get("cost", {})):
                return "legacy.why.cost", {"need": _bundle_str(e["cost"]), "have": _bundle_str(self.pool)}
            return "legacy.why.not_usable", {}
        if a.kind == EQUIP:
            if not st.equip:
                return "legacy.why.not_equipment", {"card": n}
            return "legacy.why.equip_target", {"keyword": st.equip}
        return "legacy.why.option", {}

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
            self.pending = None
            n = a.a
            self.cards[n]["stage"] = a.b
            self.aside.remove(n)
            self.log("side", cause="rule:discover", card=n, stage=a.b)
            self._place_discovered(n)
        elif k == REVEAL:
            self.pending = None
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
            self.log("produce", cause="action", card=n, stage=self.cards[n]["stage"], what=dict(opt))
            self._discard(n, "produced")
            self._gain(opt, f"card:{n}")
        elif k == UPGRADE:
            n = a.a
            u = self._st(n).upgrade_to(a.b)
            self._pay(u["cost"])
            self.log("upgrade", cause="action", card=n, stage=self.cards[n]["stage"], to=a.b, cost=dict(u["cost"]))
            self._change_stage(n, a.b, "action:upgrade", "upgrade")
            self.log("turn_ends_upgrade", cause="rule:golden4", card=n)
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
            self.log("equip", cause="action", card=a.a, stage=self.cards[a.a]["stage"], wielder=a.b)
        elif k == EXPANSION:
            self._start_expansion(a.a)

    def _use(self, n, i):
        st = self._st(n)
        e = st.effects[i]
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
        e = self.pack.card(n).stages[q["stage"]].effects[q["idx"]]
        if e.get("once") and n in self.cards:
            self.cards[n]["crossed"].append([q["stage"], q["idx"]])
        self.log("trigger", cause=f"card:{n}:{q['stage']}", card=n, stage=q["stage"], idx=q["idx"] + 1,
                 when=e["when"])
        self.work.append(self._frame([n, q["stage"], "effect", q["idx"]], q["me"], f"card:{n}:{q['stage']}"))

    # ------------------------------------------------------------------ the engine loop

    def _run(self) -> None:
        guard = 0
        while True:
            guard += 1
            if guard > 100000:          # a pack whose effects never stop
                raise LegacyError("legacy.error.loop")
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
        st = self.pack.card(n).stages[sid]
        return st.effects[i]["do"] if kind == "effect" else st.all_checked

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
                for i, e in enumerate(st.effects):
                    if e.get("when") == when and [st.id, i] not in self.cards[src]["crossed"]:
                        self.queue.append({"card": src, "me": n, "stage": st.id, "idx": i,
                                           "forced": e["trigger"] == "forced"})

    # ------------------------------------------------------------------ rule steps (flow)

    def _flow_begin_round(self):
        self.deck = sorted(self.discard)
        self.discard = []
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
        self._discover(n, "rule:round")          # taken out of the box first, then read
        if k == 2:
            if self.pack.card(n).stages["front"].parchment:
                self.log("parchment_first", cause="rule:round", card=n)
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
        return self.is_active(n) and any(self._st(x).has_static("stay_in_play")
                                         for x in [n] + self.equipment_of(n))

    def _flow_cleanup_turn(self):
        self._lose_resources("rule:end_turn")
        for n in self.play[:]:
            if n in self.play and n not in self.attached and n not in self.blocked:
                if self._stays(n):
                    self.log("stays", cause=self._cause(n), card=n, stage=self.cards[n]["stage"])
                else:
                    self._discard(n, "end_turn", cleanup=True)
        self.work.append({"t": "flow", "name": "start_turn" if self.deck else "end_round"})

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

    def _discover(self, n, cause):
        if not self.pack.has(n):
            raise LegacyError("legacy.error.missing_card", card=n)
        self.box.remove(n)
        if n not in self.cards:
            self.cards[n] = {"stage": "front", "stickers": [], "checks": [], "crossed": []}
        self.cards[n]["stage"] = "front"
        self.aside.append(n)
        card = self.pack.card(n)
        self.log("discover", cause=cause, card=n, stage="front")
        if n == self.pack.final_card and self.expansion is None and self.last_round is None:
            self.last_round = self.round if self.turn == 0 else self.round + 1
            self.log("final_round", cause=f"card:{n}:front", n=self.last_round)
        if card.stages["front"].parchment:
            self.log("parchment", cause=f"card:{n}:front", card=n)
            self.work.append({"t": "flow", "name": "destroy_parchment", "args": [n]})
            st = card.stages["front"]
            for i in reversed(range(len(st.effects))):
                if st.effects[i].get("when") == "discover":
                    self.work.append(self._frame([n, "front", "effect", i], n, f"card:{n}:front"))
            return
        if card.choose_side:
            self.pending = {"kind": "side", "card": n}
            return
        self._place_discovered(n)

    def _place_discovered(self, n):
        self.aside.remove(n) if n in self.aside else None
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
        if spec.get("scope") == "kingdom":
            pool = [n for n in self.kingdom() if not self.is_blocked(n)]
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
            r = self._choose(fr, "resource", s["choice"], choice)
            if r is None:
                return False
            self._gain({r: s.get("n", 1)}, cause)
            return True
        if k in STATIC_KINDS:
            return True
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
                if len(present) == 1:
                    self._discover(present[0], cause)
                    return True
                for n in present:
                    if not self.pack.has(n):
                        raise LegacyError("legacy.error.missing_card", card=n)
                for n in present:
                    self.box.remove(n)
                    self.aside.append(n)
                    self.cards.setdefault(n, {"stage": "front", "stickers": [], "checks": [], "crossed": []})
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
        if fr.get("tmp") is not None and k in ("increase_production", "check"):
            target = fr["tmp"]
        else:
            target = None
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
            self.log("block", cause=cause, card=target, stage=self.cards[target]["stage"], by=me)
        elif k == "undiscover":
            eq, freed = self._leave(target)
            for e in eq:
                self._discard(e, "with_wielder")
            self.cards[target]["stage"] = "front"
            self.box.append(target)
            self.box.sort()
            self.log("undiscover", cause=cause, card=target)
        elif k == "add_production":
            self._sticker(target, s["resource"], cause)
        elif k == "add_glory":
            self._sticker(target, "glory", cause, s["glory"])
        elif k == "increase_production":
            produced = sorted({r for o in self._own_production(target) for r in o}, key=RESOURCES.index)
            fr["tmp"] = target
            r = self._choose(fr, "resource", produced, choice)
            if r is None:
                return False
            self._sticker(target, r, cause)
        elif k == "check":
            st = self._st(target)
            marked = {i for sid, i in self.cards[target]["checks"] if sid == st.id}
            free = [i for i in range(len(st.checkboxes)) if i not in marked]
            same = all(st.checkboxes[i] == st.checkboxes[free[0]] for i in free)
            fr["tmp"] = target
            b = free[0] if same else self._choose(fr, "mark", free, choice, card=target)
            if b is None:
                return False
            self.cards[target]["checks"].append([st.id, b])
            box = st.checkboxes[b]
            self.log("check", cause=cause, card=target, stage=st.id, box=b + 1)
            if box.get("gain"):
                self._gain(box["gain"], f"card:{target}:{st.id}")
            if len(free) == 1 and st.all_checked:
                self.log("all_checked", cause=f"card:{target}:{st.id}", card=target, stage=st.id)
                fr["i"] += 1
                fr.pop("tmp", None)
                self.work.append(self._frame([target, st.id, "all_checked", 0], target, f"card:{target}:{st.id}"))
                return False                     # the frame index was moved on already
        return True

    def _step_targets(self, s, me):
        k = s["kind"]
        spec = s.get("target", "self")
        opts = self._targets(spec, me)
        if k == "transform":
            if "to" in s:
                opts = [n for n in opts if self.pack.card(n).stages[s["to"]] is not None]
            else:
                m = ROTATE if s["how"] == "rotate" else FLIP
                opts = [n for n in opts if self.pack.card(n).stages[m[self.cards[n]["stage"]]] is not None]
        elif k == "reset":
            opts = [n for n in opts if self.cards[n]["stage"] != "front"]
        elif k in ("destroy", "undiscover"):
            opts = [n for n in opts if not self._st(n).indestructible]
        elif k == "discard":
            opts = [n for n in opts if n in self.play]
        elif k == "block":
            opts = [n for n in opts if me in self.play and not self.is_blocked(me) and n != me
                    and n not in self.blocked.values()]
        elif k in ("increase_production", "add_production"):
            opts = [n for n in opts if self.total_production(n) < MAX_PRODUCTION_FOR_STICKER]
            if k == "increase_production":
                opts = [n for n in opts if self._own_production(n)]
        elif k == "check":
            def free(n):
                st = self._st(n)
                return len(st.checkboxes) > sum(1 for sid, _ in self.cards[n]["checks"] if sid == st.id)
            opts = [n for n in opts if free(n)]
        return opts

    def _sticker(self, n, sticker, cause, value=None):
        if self.stickers.get(sticker, 0) <= 0:
            self.log("no_sticker", cause=cause, sticker=sticker)
            return
        if sticker in RESOURCES and self.total_production(n) >= MAX_PRODUCTION_FOR_STICKER:
            self.log("golden5", cause="rule:golden5", card=n)          # never reached: targets exclude it
            return
        self.stickers[sticker] -= 1
        st = self.cards[n]["stage"]
        self.cards[n]["stickers"].append([st, sticker] + ([value] if value is not None else []))
        self.log("sticker", cause=cause, card=n, stage=st, sticker=sticker, value=value or 1)

    # ------------------------------------------------------------------ expansions and purge

    def _start_expansion(self, n):
        e = self.pack.expansion(n)
        self.box.remove(n)
        self.cards.setdefault(n, {"stage": "front", "stickers": [], "checks": [], "crossed": []})
        self.aside.append(n)
        self.phase = "play"
        self.round += 1
        self.turn = 0
        self.expansion = {"card": n, "rounds_left": e.get("rounds", 4), "size": e.get("purge", 12),
                          "pos": 0, "picks": [], "permanent_left": e.get("purge_permanent", 1)}
        self.log("expansion", cause="action", card=n, rounds=self.expansion["rounds_left"])
        self.deck = sorted(self.discard)
        self.discard = []
        if not self.manual:
            self.rng.shuffle(self.deck)
        self.log("purge_start", cause="rule:purge", n=self.expansion["size"])
        for name in ("expansion_begin", "purge_finish", "purge_permanent", "purge_group"):
            self.work.append({"t": "flow", "name": name})

    def _purgeable(self, cards):
        return [n for n in cards if not self._st(n).obstacle and not self._st(n).indestructible]

    def _flow_purge_group(self):
        x = self.expansion
        size = x["size"]
        if self.manual:
            groups = (len(self.deck) + len(x["picks"])) // size
            if len(x["picks"]) >= groups:
                return
            group = self.deck
        else:
            if len(self.deck) - x["pos"] < size:
                return
            group = self.deck[x["pos"]:x["pos"] + size]
        self.work.append({"t": "flow", "name": "purge_group"})
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
        The whole pack is checked again; nothing changes if the card is wrong."""
        self.pack = self.pack.with_card(card_raw)

    # ------------------------------------------------------------------ views

    def card_view(self, n, lang=None) -> dict:
        """Everything visible about card ``n`` (golden rule 2: not for cards in the box)."""
        from .cards import stage_lines
        self._visible(n)
        card = self.pack.card(n)
        c = self.cards[n]
        st = self._st(n)
        return {
            "number": n, "zone": self.zone(n), "stage": c["stage"], "name": st.title(lang),
            "lines": stage_lines(st, lang), "glory": self.card_glory(n) if n not in self.destroyed else 0,
            "obstacle": st.obstacle, "permanent": st.permanent,
            "blocked_by": self.blocked.get(n), "attached_to": self.attached.get(n),
            "equipment": self.equipment_of(n),
            "stickers": [list(s) for s in c["stickers"]], "checks": [list(x) for x in c["checks"]],
            "production": self.production(n) if self.zone(n) in ("play", "permanent") else [dict(o) for o in self._own_production(n)],
            "stages": {sid: (card.stages[sid].title(lang) if card.stages[sid] else None) for sid in card.stages},
        }

    def top_card(self):
        """The visible top card of the face-up draw pile (None when empty or unknown)."""
        if not self.deck or (self.manual and len(self.deck) > 1):
            return None
        return self.deck[0]

    def describe(self, lang=None, events=None) -> list[str]:
        from .events import describe
        return [describe(self, e, lang) for e in (self.events if events is None else events)]

    # ------------------------------------------------------------------ io

    def to_json(self) -> str:
        from .save import dumps
        return dumps(self)

    @classmethod
    def from_json(cls, text, pack: Pack | None = None) -> "Campaign":
        from .save import loads
        return loads(text, pack)

    def __repr__(self):
        return (f"<Campaign {self.pack.id} round {self.round} turn {self.turn} {self.decision()} "
                f"glory {self.glory()}>")




def _covers(pool, cost) -> bool:
    return all(pool.get(r, 0) >= k for r, k in cost.items())


def _add(a, b):
    out = dict(a)
    for r, k in b.items():
        out[r] = out.get(r, 0) + k
    return out


def _bundle_str(b):
    return ", ".join(f"{k} {r}" for r, k in sorted(b.items())) or "0"
