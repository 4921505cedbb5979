"""What the player is asked now (:meth:`Decisions.decision`) and the moves allowed
(:meth:`Decisions.legal_actions`): the turn actions, the choices an effect waits for, the
order of triggered effects, the tools of a manual step."""

from __future__ import annotations

from typing import Any

from .actions import (BLANK, DEVELOP, DISCOVER, EQUIP, EXPANSION, MANUAL, MANUAL_ZONES, MARK, PASS, PRODUCE, PURGE,
                      RESOLVE, RESOURCE, REVEAL, SIDE, SKIP, TARGET, UPGRADE, USE, Action)
from .cards import MAX_PRODUCTION_FOR_STICKER, STAGES, is_static, needs_deck
from .facts import covers
from .flow import Flow

MAX_EXPANSIONS = 10


class Decisions(Flow):
    """The decision and its legal moves: a part of :class:`~kingdom_legacy.campaign.Campaign`, built on
    the parts below it."""

    __slots__ = ()

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def decision(self) -> str:
        """What is asked now: ``main`` (a turn action), ``order`` (which triggered effect
        next), a pending choice (``target``, ``resource``, ``mark``, ``discover``, ``side``,
        ``purge``, ``reveal``, ``manual``), or ``over``."""
        if self.pending:
            kind: str = self.pending["kind"]
            return kind
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

    def asking(self) -> tuple[int, str, dict[str, Any]] | None:
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

    def _main_actions(self, card: int | None = None) -> list[Action]:
        """The turn actions (``card``: only those of that card, and the ones of no card)."""
        out = []

        def of(cards: list[int]) -> list[int]:
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
                if covers(self.pool, u["cost"]):
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

    def _usable(self, n: int) -> list[int]:
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
            if [st.id, i] in crossed or not covers(self.pool, e.get("cost", {})):
                continue
            if needs_deck(e) and not self.deck:
                continue         # "if the deck is empty, you cannot use such an effect"
            out.append(i)
        return out

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

    def _manual_move_ok(self, n: int, z: str) -> bool:
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

    def _manual_sticker_ok(self, n: int, sid: str) -> bool:
        e = self.pack.sheet[sid]
        if self.stickers.get(sid, 0) <= 0:
            return False
        if e["kind"] == "tab":
            return not self.cards[n]["tab"]
        if e["kind"] == "resource":
            return self.total_production(n) < MAX_PRODUCTION_FOR_STICKER
        return True
