"""Doing a move: :meth:`Acting.apply` checks it, does it and runs the engine on (the
campaign is left as it was if anything goes wrong), :meth:`Acting.losses` says what a move
would lose, and :meth:`Acting._do_action` dispatches each kind of move explicitly, the tools
of a manual step included."""

from __future__ import annotations

from typing import Self

from .actions import (BLANK, DEVELOP, DISCOVER, EQUIP, EXPANSION, MANUAL, MARK, PASS, PRODUCE, PURGE, RESOLVE,
                      RESOURCE, REVEAL, SIDE, SKIP, TARGET, UPGRADE, USE, Action)
from .cards import BundleText
from .companion import Companion
from .errors import IllegalAction, LegacyError, LossWarning, Text
from .flow import DEVELOP_PLAY, LOSING_FLOWS

MAX_LISTED = 30         # allowed moves named in a refusal (then how many more)


class Acting(Companion):
    """Moves and manual tools: a part of :class:`~kingdom_legacy.campaign.Campaign`, built on
    the parts below it."""

    __slots__ = ()

    def is_legal(self, action: object) -> bool:
        try:
            action = Action.parse(action)
        except IllegalAction:
            return False
        if self.decision() == "main" and action.kind in (PRODUCE, UPGRADE, USE, EQUIP):
            return action in self._main_actions(card=action.a)     # the same rules, one card's worth
        return action in self.legal_actions()

    def apply(self, action: object, allow_loss: bool = True) -> Self:
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

    def _allowed_text(self, action: Action) -> str | Text:
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

    def _replay_step(self, text: str) -> None:
        """One action of a replayed history: checked like :meth:`apply` but without the
        copy that makes a refusal change nothing (a failed replay is thrown away whole)."""
        action = Action.parse(text)
        if not self.is_legal(action):
            key, params = self._why_not(action)
            raise IllegalAction("legacy.error.illegal", action=str(action), reason=Text(key, **params), allowed="-")
        self._do_action(action)
        self._run()
        self.history.append(str(action))

    def losses(self, action: object) -> dict[str, int]:
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
        lost: dict[str, int] = {}
        for e in c.events[mark:]:
            if e.kind == "lost":
                for r, k in e.params["what"].items():
                    lost[r] = lost.get(r, 0) + k
        if c.pool and any(w["t"] == "draw" and w["left"] > 0 and c.deck
                          or w["t"] == "flow" and w["name"] in LOSING_FLOWS for w in c.work):
            for r, k in c.pool.items():
                lost[r] = lost.get(r, 0) + k
        return {r: min(k, self.pool[r]) for r, k in lost.items() if r in self.pool}

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
            if u is None:
                raise TypeError(f"card {n} has no upgrade to {a.b}")
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

    def _unsticker(self, n: int, k: int) -> None:
        """Take sticker ``k`` off card ``n`` (by hand: it does not go back to the sheet).  The
        crossed-out sticker effects and production after it keep pointing at theirs."""
        c = self.cards[n]
        entry = c["stickers"].pop(k)
        sid = entry[0]
        same = [s for s in c["stickers"][:k] if s[0] == sid]
        if entry[1] == "effect":
            i = len(self.pack.card(n).stage(sid).effects) + sum(1 for s in same if s[1] == "effect")
            c["crossed"] = [[s, j - (s == sid and j > i)] for s, j in c["crossed"] if [s, j] != [sid, i]]
        elif entry[1] != "glory":
            k_res = sum(1 for s in same if s[1] not in ("glory", "effect")) + 1
            c["struck"] = [[s, m - (s == sid and m >= k_res)] for s, m in c["struck"]]
        self.log("manual_unsticker", cause="manual", card=n, stage=c["stage"],
                 sticker=entry[1] if len(entry) == 2 else "glory" if entry[1] == "glory" else str(entry[2]))

    def _manual_move(self, n: int, z: str) -> None:
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

    def _use(self, n: int, i: int) -> None:
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
