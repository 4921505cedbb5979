"""Companion mode's cards entered on the way: a card discovered before it was entered, a
card that had a blank stand-in taking its rightful place, your pack file read again, and the
entries of ``edits`` replayed as they were made."""

from __future__ import annotations

from typing import Any

from .cards import Card, Pack
from .errors import LegacyError, Text
from .refusals import Refusals


class Companion(Refusals):
    """Cards entered as they are discovered: a part of :class:`~kingdom_legacy.campaign.Campaign`, built on
    the parts below it."""

    __slots__ = ()

    def enter_card(self, card_raw: dict[str, Any]) -> None:
        """Companion mode: add the data of a card you have just discovered (or fix one).
        The whole pack is checked again, and the card's state must still fit it (its stage,
        stickers, boxes and row); nothing changes if not.  A card the campaign waits for is
        discovered at once; one that had a blank takes its rightful place (a permanent card
        goes to the permanent row; a parchment is set aside, its "when discovered" effects
        are resolved, with their choices, and it is destroyed).  Undo and save files replay
        the campaign with the card entered at this point."""
        self._enter(card_raw, "follow")

    def replay_edit(self, edit: dict[str, Any]) -> int | None:
        """An entry of ``edits`` entered again as it was made.  ``"placed"``: the card took
        its place then.  Without it, as the version that wrote it did: a campaign that asks
        for cards put a card that had a blank in its place without following a parchment,
        an older one only took the card's data -- then the card's number is returned when
        it is out of its place (see :meth:`take_places`)."""
        if edit.get("placed"):
            return self._enter(edit["card"], "follow", placed=True)
        return self._enter(edit["card"], "destroy" if self.ask_cards else "data")

    def take_places(self, cards: list[int]) -> list[int]:
        """Cards an older save entered after their blanks without moving them: each one
        still out of its place takes it now, as a card entered later does (recorded as an
        entry of ``edits``, so undo and the save keep it).  Returns their numbers."""
        done = []
        for n in cards:
            if self._out_of_place(n):
                self._enter(self.pack.card(n).raw, "follow", placed=True)
                done.append(n)
        return done

    def _enter(self, card_raw: dict[str, Any], mode: str, placed: bool = False) -> int | None:
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

    def _out_of_place(self, n: int) -> bool:
        z = self.zone(n)
        if z in ("box", "destroyed", "aside"):
            return False
        st = self._st(n)
        return st.parchment or st.permanent != (z == "permanent")

    def _take_place(self, n: int, follow: bool) -> None:
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

    def _follow_late(self, n: int) -> None:
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

    def _check_fits(self, card: Card, n: int, blank: bool = False) -> None:
        c = self.cards[n]
        stages = [c["stage"]] + [s[0] for s in c["stickers"] + c["checks"] + c["crossed"] + c["struck"]]
        for sid in stages:
            if card.stages[sid] is None:
                raise LegacyError("legacy.error.enter_stage", card=n, stage=Text("legacy.stage." + sid))
        for sid, i in c["checks"]:
            if i >= len(card.stage(sid).checkboxes):
                raise LegacyError("legacy.error.enter_boxes", card=n)
        for sid, i in c["crossed"]:
            if i >= len(card.stage(sid).effects):
                raise LegacyError("legacy.error.enter_effects", card=n)
        if not blank and n not in self.box and n not in self.destroyed and n not in self.aside \
                and card.stage(c["stage"]).permanent != (n in self.permanent):
            raise LegacyError("legacy.error.enter_permanent", card=n)
