"""Why a move is not allowed: the reason a refusal gives, as a catalogue key and its
parameters (a card not in play says where it is, a cost says what you have)."""

from __future__ import annotations

from typing import Any

from .actions import DEVELOP, EQUIP, MANUAL, MANUAL_ZONES, PASS, PRODUCE, UPGRADE, USE, Action
from .cards import STAGES, BundleText, ResourceText, is_static, needs_deck
from .decisions import Decisions
from .errors import Text
from .facts import covers


class Refusals(Decisions):
    """The reasons of refusals: a part of :class:`~kingdom_legacy.campaign.Campaign`, built on
    the parts below it."""

    __slots__ = ()

    def _why_not(self, a: Action) -> tuple[str, dict[str, Any]]:
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
            return "legacy.why.blocked", {"card": n, "by": self.blocked.get(
                n, self.blocked.get(self.attached[n]) if n in self.attached else None)}
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
            if not covers(self.pool, e.get("cost", {})):
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

    def _why_tool(self, a: Action) -> tuple[str, dict[str, Any]]:
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

    def _cost_why(self, cost: dict[str, int]) -> tuple[str, dict[str, Any]]:
        if not self.pool:
            return "legacy.why.cost_none", {"need": BundleText(cost, self.pack)}
        return "legacy.why.cost", {"need": BundleText(cost, self.pack), "have": BundleText(self.pool, self.pack)}


def _stage_text(sid: str) -> Text | str:
    return Text("legacy.stage." + sid) if sid in STAGES else sid
