"""Cards moving between the zones as the rules say: discarded (golden rule 3: a card
turned is discarded), destroyed, sent back to the box, put on the pile, discovered (a
parchment set aside, a side to choose), and the resources gained and paid."""

from __future__ import annotations

from typing import Any

from .errors import LegacyError
from .facts import CardFacts, new_card_state


class CardMoves(CardFacts):
    """Cards moving and resources: a part of :class:`~kingdom_legacy.campaign.Campaign`, built on
    the parts below it."""

    __slots__ = ()

    def _leave(self, n: int) -> tuple[list[int], list[int]]:
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

    def _discard(self, n: int, reason: str, cleanup: bool = False) -> None:
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

    def _destroy(self, n: int, cause: str, purged: bool = False) -> None:
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

    def _undiscover(self, n: int, cause: str, current: dict[str, Any] | None = None) -> None:
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

    def _to_deck(self, n: int, where: str, cause: str) -> None:
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

    def _change_stage(self, n: int, new: str, cause: str, reason: str) -> None:
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

    def _need_data(self, n: int) -> bool:
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

    def _blank(self, n: int) -> None:
        """A blank stand-in (no production, no effect) so that the campaign goes on; enter the
        card when you can (it then takes its place), and do by hand what it says."""
        self.pack = self.pack.with_card({"number": n, "placeholder": True,
                                         "stages": {"front": {"name": f"#{n}"}}})
        self.log("placeholder", cause="rule:discover", number=n)

    def _discover(self, n: int, cause: str) -> None:
        self._need_data(n)
        self.box.remove(n)
        if n not in self.cards:
            self.cards[n] = new_card_state()
        self.cards[n]["stage"] = "front"
        self.aside.append(n)
        card = self.pack.card(n)
        front = card.stage("front")
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

    def _place_discovered(self, n: int) -> None:
        if n in self.aside:
            self.aside.remove(n)
        (self.permanent if self._st(n).permanent else self.discard).append(n)

    def _gain(self, bundle: dict[str, int], cause: str) -> None:
        for r, k in bundle.items():
            self.pool[r] = self.pool.get(r, 0) + k
        if bundle:
            self.log("gain", cause=cause, what=dict(bundle))

    def _pay(self, bundle: dict[str, int]) -> None:
        for r, k in bundle.items():
            self.pool[r] -= k
            if not self.pool[r]:
                del self.pool[r]

    def _stop_frames(self, n: int, current: dict[str, Any] | None = None) -> None:
        """Card ``n`` went back to the box: its effects being resolved read no more of it
        (the step under way, ``current`` or a manual one, still finishes)."""
        for w in self.work:
            if w["t"] == "frame" and w["ref"][0] == n:
                w["len"] = min(w["len"], w["i"] + (1 if w is current or w.get("manual") else 0))
