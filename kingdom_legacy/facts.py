"""What a campaign's state says about its cards: where a card is, its active stage, its
effects (printed and from stickers), production (golden rule 5 counts it), glory, and the
event log.  Read-only but for :meth:`CardFacts.log`; the other parts of :class:`Campaign`
ask these questions."""

from __future__ import annotations

from typing import Any

from .cards import Stage, stage_lines, text
from .errors import LegacyError
from .events import Event
from .events import describe as describe_event
from .state import CampaignState


def new_card_state(stage: str = "front") -> dict[str, Any]:
    """A card just out of the box: its stage, and nothing stuck, marked or crossed out yet."""
    return {"stage": stage, "stickers": [], "checks": [], "crossed": [], "struck": [], "tab": False}


def covers(pool: dict[str, int], cost: dict[str, int]) -> bool:
    """The resources ``pool`` pay ``cost``."""
    return all(pool.get(r, 0) >= k for r, k in cost.items())


class CardFacts(CampaignState):
    """The facts of the cards: a part of :class:`~kingdom_legacy.campaign.Campaign`, built on
    the parts below it."""

    __slots__ = ()

    def _st(self, n: int) -> Stage:
        """The active stage of card ``n`` (never called for a card in the box)."""
        return self.pack.card(n).stage(self.cards[n]["stage"])

    def stage_of(self, n: int) -> str:
        self._visible(n)
        stage: str = self.cards[n]["stage"]
        return stage

    def zone(self, n: int) -> str:
        for z in ("play", "deck", "discard", "permanent", "aside", "box", "destroyed"):
            if n in getattr(self, z):
                return z
        raise LegacyError("legacy.error.no_card", card=n, box=self.pack.box_size)

    def _visible(self, n: int) -> None:
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= self.pack.box_size:
            raise LegacyError("legacy.error.no_card", card=repr(n)[:20], box=self.pack.box_size)
        if n in self.box:
            raise LegacyError("legacy.error.in_box", card=n)

    def kingdom(self) -> list[int]:
        """Every card of the kingdom: draw pile, play area, discard pile, permanent row."""
        return self.deck + self.play + self.discard + self.permanent

    def resources(self) -> tuple[str, ...]:
        """The resources of the game now: the base game's, the pack's own, and those of
        every mini-expansion begun ("1 any resource" may be one of the new ones)."""
        out = list(self.pack.base_resources)
        started = list(self.expansions_done) + ([self.expansion["card"]] if self.expansion else [])
        for x in started:
            for r in self.pack.expansion_resources.get(x, ()):
                if r not in out:
                    out.append(r)
        return tuple(out)

    def effects(self, n: int, sid: str | None = None) -> tuple[dict[str, Any], ...]:
        """The effects of card ``n`` on stage ``sid`` (default: its active stage): the printed
        ones, then those of the numbered stickers put on that stage, in the order put."""
        sid = sid or self.cards[n]["stage"]
        printed = self.pack.card(n).stage(sid).effects
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

    def is_blocked(self, n: int) -> bool:
        return n in self.blocked or (n in self.attached and self.attached[n] in self.blocked)

    def is_active(self, n: int) -> bool:
        """In play and not blocked, or a permanent card (always active)."""
        return (n in self.play and not self.is_blocked(n)) or n in self.permanent

    def equipment_of(self, n: int) -> list[int]:
        return [e for e, w in self.attached.items() if w == n]

    def _stage_production(self, n: int, sid: str) -> list[dict[str, int]]:
        """The production printed on stage ``sid`` with its resource stickers, less what
        was crossed out ("cross out the whole production": the printed production and the
        stickers on it then; a sticker put later produces again)."""
        st = self.pack.card(n).stage(sid)
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

    def _resource_stickers(self, n: int, sid: str) -> int:
        return sum(1 for s in self.cards[n]["stickers"] if s[0] == sid and s[1] not in ("glory", "effect"))

    def _own_production(self, n: int) -> list[dict[str, int]]:
        return self._stage_production(n, self.cards[n]["stage"])

    def _combined_production(self, n: int) -> list[dict[str, int]]:
        opts = self._own_production(n)
        for e in self.equipment_of(n):
            eopts = self._own_production(e)
            if not eopts:
                continue
            opts = [_add(o, x) for o in (opts or [{}]) for x in eopts]
        return opts

    def production(self, n: int) -> list[dict[str, int]]:
        """What producing with card ``n`` can give now (its options, equipment included);
        an equipment card gives nothing on its own."""
        if self._st(n).equip:
            return []
        return self._combined_production(n)

    def total_production(self, n: int, sid: str | None = None) -> int:
        """The card's total production for golden rule 5 (the largest option, its
        equipment counted as part of it); ``sid``: of another stage of the card."""
        if sid is not None and sid != self.cards[n]["stage"]:
            return max((sum(o.values()) for o in self._stage_production(n, sid)), default=0)
        return max((sum(o.values()) for o in self._combined_production(n)), default=0)

    def card_glory(self, n: int) -> int:
        """Glory printed on the active stage, plus its glory stickers and marked boxes."""
        st = self._st(n)
        c = self.cards[n]
        g = st.glory
        g += sum(int(x[2]) for x in c["stickers"] if x[0] == st.id and x[1] == "glory")
        g += sum(int(st.checkboxes[i].get("glory", 0)) for sid, i in c["checks"] if sid == st.id)
        return g

    def glory(self) -> int:
        """The score: glory of every card of the kingdom, bonuses for keywords, and the
        purged glory."""
        return sum(a for _, a, _ in self.glory_breakdown())

    def glory_breakdown(self) -> list[tuple[int | None, int, str]]:
        """``(card or None, glory, source)`` rows: source ``card``, ``bonus`` or ``purged``."""
        rows: list[tuple[int | None, int, str]] = []
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

    def log(self, kind: str, cause: str = "", **params: Any) -> None:
        self.events.append(Event(self.round, self.turn, kind, cause, params))

    def _cause(self, n: int) -> str:
        return f"card:{n}:{self.cards[n]['stage']}"

    def card_view(self, n: int, lang: str | None = None) -> dict[str, Any]:
        """Everything visible about card ``n`` (golden rule 2: not for cards in the box)."""
        self._visible(n)
        card = self.pack.card(n)
        c = self.cards[n]
        st = self._st(n)
        extra = self.effects(n)[len(st.effects):]
        return {
            "number": n, "zone": self.zone(n), "stage": c["stage"], "name": st.title(lang),
            "lines": stage_lines(st, lang, self.pack, extra),
            "glory": self.card_glory(n) if n not in self.destroyed else 0,
            "obstacle": st.obstacle, "permanent": st.permanent, "placeholder": card.placeholder,
            "blocked_by": self.blocked.get(n), "attached_to": self.attached.get(n),
            "equipment": self.equipment_of(n), "tab": c["tab"],
            "stickers": [list(s) for s in c["stickers"]], "checks": [list(x) for x in c["checks"]],
            "struck": [list(x) for x in c["struck"]],
            "production": self.production(n) if self.zone(n) in ("play", "permanent")
            else [dict(o) for o in self._own_production(n)],
            "stages": {sid: (st.title(lang) if st else None) for sid, st in card.stages.items()},
        }

    def top_card(self) -> int | None:
        """The visible top card of the face-up draw pile (None when empty or unknown)."""
        if not self.deck or (self.manual and len(self.deck) > 1):
            return None
        return self.deck[0]

    def describe(self, lang: str | None = None, events: list[Event] | None = None) -> list[str]:
        return [describe_event(self, e, lang) for e in (self.events if events is None else events)]

    def manual_text(self, lang: str | None = None) -> str | None:
        """The card text of the manual step under way (None when it was opened by hand)."""
        p = self.pending
        if not p or p["kind"] != "manual" or p.get("card") is None:
            return None
        n, sid, kind, i = p["ref"]
        steps = self.effects(n, sid)[i]["do"] if kind == "effect" else self.pack.card(n).stage(sid).all_checked
        return text(steps[p["step"]]["text"], lang)

    def _frame(self, ref: list[Any], me: int, cause: str) -> dict[str, Any]:
        """An effect being resolved; its length is noted so that a card sent back to the
        box by its own effect is not read again (golden rule 2)."""
        fr = {"t": "frame", "ref": ref, "me": me, "i": 0, "cause": cause}
        fr["len"] = len(self._steps(fr))
        return fr

    def _steps(self, fr: dict[str, Any]) -> tuple[dict[str, Any], ...]:
        n, sid, kind, i = fr["ref"]
        if kind == "effect":
            steps: tuple[dict[str, Any], ...] = self.effects(n, sid)[i]["do"]
            return steps
        return self.pack.card(n).stage(sid).all_checked

    def _queued_effect(self, q: dict[str, Any]) -> dict[str, Any]:
        effect: dict[str, Any] = self.effects(q["card"], q["stage"])[q["idx"]]
        return effect


def _add(a: dict[str, int], b: dict[str, int]) -> dict[str, int]:
    out = dict(a)
    for r, k in b.items():
        out[r] = out.get(r, 0) + k
    return out
