"""The steps of effects (docs/kingdom-legacy.md, the registry of effect kinds): the targets
a step may take, the choices it asks, stickers, tabs, marked boxes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .cards import FLIP, MAX_PRODUCTION_FOR_STICKER, ROTATE, STATIC_KINDS
from .facts import new_card_state
from .moves import CardMoves


class EffectSteps(CardMoves):
    """Effect steps: a part of :class:`~kingdom_legacy.campaign.Campaign`, built on
    the parts below it."""

    __slots__ = ()

    def _targets(self, spec: Any, me: int) -> list[int]:
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

    def _choose(self, fr: dict[str, Any], kind: str, options: list[Any], choice: Any, **extra: Any) -> Any:
        """The chosen option: automatic for one option; otherwise ask (returns None)."""
        if choice is not None:
            return choice
        if len(options) == 1:
            return options[0]
        self.pending = {"kind": kind, "options": list(options), **extra}
        return None

    def _step(self, fr: dict[str, Any], s: dict[str, Any], choice: Any) -> bool:
        """Resolve step ``s`` of frame ``fr``; False when waiting for a decision.  A step of
        :data:`OWN_STEPS` does its own work; any other takes a target card first (chosen
        for you when one fits, asked otherwise), then :data:`TARGET_STEPS` does it."""
        k = s["kind"]
        if k in STATIC_KINDS:
            return True
        if k in OWN_STEPS:
            return OWN_STEPS[k](self, fr, s, choice)
        if fr.get("tmp") is not None and k in ("increase_production", "check", "add_production"):
            target = fr["tmp"]                   # the card was chosen before a second choice
        else:
            opts = self._step_targets(s, fr["me"])
            if not opts:
                self.log("no_target", cause=fr["cause"], step=k)
                return True
            target = self._choose(fr, "target", opts, choice)
            if target is None:
                return False
            choice = None
        return TARGET_STEPS[k](self, fr, s, target, choice)

    # ------------------------------------------------------------------ steps without a target

    def _step_gain(self, fr: dict[str, Any], s: dict[str, Any], choice: Any) -> bool:
        cause = fr["cause"]
        if "resources" in s:
            self._gain(s["resources"], cause)
            return True
        options = list(self.resources()) if s["choice"] == "any" else s["choice"]
        r = self._choose(fr, "resource", options, choice)
        if r is None:
            return False
        self._gain({r: s.get("n", 1)}, cause)
        return True

    def _step_manual(self, fr: dict[str, Any], s: dict[str, Any], choice: Any) -> bool:
        fr["manual"] = True
        self.pending = {"kind": "manual", "card": fr["ref"][0], "stage": fr["ref"][1],
                        "ref": list(fr["ref"]), "step": fr["i"]}
        self.log("manual_start", cause=fr["cause"], card=fr["ref"][0], stage=fr["ref"][1])
        return False

    def _step_play(self, fr: dict[str, Any], s: dict[str, Any], choice: Any) -> bool:
        self.work.append({"t": "draw", "left": s["count"], "batch": [], "cause": fr["cause"]})
        return True

    def _step_top_to_bottom(self, fr: dict[str, Any], s: dict[str, Any], choice: Any) -> bool:
        if self.deck:
            n = self.deck.pop(0)
            self.deck.append(n)
            self.log("bottom", cause=fr["cause"], card=n, stage=self.cards[n]["stage"])
        else:
            self.log("no_target", cause=fr["cause"], step=s["kind"])
        return True

    def _step_discover(self, fr: dict[str, Any], s: dict[str, Any], choice: Any) -> bool:
        """One card of the box is discovered; of several, you look at them and choose one
        (the others go back)."""
        cause = fr["cause"]
        if fr.get("tmp") is None and choice is None:
            present = [n for n in s["cards"] if n in self.box]
            if not present:
                self.log("no_target", cause=cause, step=s["kind"])
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

    # ------------------------------------------------------------------ steps on a target card

    def _on_transform(self, fr: dict[str, Any], s: dict[str, Any], target: int, choice: Any) -> bool:
        cur = self.cards[target]["stage"]
        new = s["to"] if "to" in s else (ROTATE if s["how"] == "rotate" else FLIP)[cur]
        if new != cur:
            self._change_stage(target, new, fr["cause"], "effect")
        return True

    def _on_reset(self, fr: dict[str, Any], s: dict[str, Any], target: int, choice: Any) -> bool:
        if self.cards[target]["stage"] != "front":
            self._change_stage(target, "front", fr["cause"], "reset")
        return True

    def _on_destroy(self, fr: dict[str, Any], s: dict[str, Any], target: int, choice: Any) -> bool:
        self._destroy(target, fr["cause"])
        return True

    def _on_discard(self, fr: dict[str, Any], s: dict[str, Any], target: int, choice: Any) -> bool:
        self._discard(target, "effect")
        return True

    def _on_block(self, fr: dict[str, Any], s: dict[str, Any], target: int, choice: Any) -> bool:
        me = fr["me"]
        self.blocked[target] = me
        self.log("block", cause=fr["cause"], card=target, stage=self.cards[target]["stage"], by=me,
                 by_stage=self.cards[me]["stage"])
        return True

    def _on_undiscover(self, fr: dict[str, Any], s: dict[str, Any], target: int, choice: Any) -> bool:
        self._undiscover(target, fr["cause"], current=fr)
        return True

    def _on_to_deck(self, fr: dict[str, Any], s: dict[str, Any], target: int, choice: Any) -> bool:
        self._to_deck(target, s["where"], fr["cause"])
        return True

    def _on_strike_production(self, fr: dict[str, Any], s: dict[str, Any], target: int, choice: Any) -> bool:
        self._strike(target, fr["cause"])
        return True

    def _on_add_tab(self, fr: dict[str, Any], s: dict[str, Any], target: int, choice: Any) -> bool:
        self._tab(target, fr["cause"])
        return True

    def _on_sticker(self, fr: dict[str, Any], s: dict[str, Any], target: int, choice: Any) -> bool:
        sid = str(s["number"])
        if self.pack.sheet[sid]["kind"] == "tab":
            self._tab(target, fr["cause"], sid)
        else:
            self._put_sticker(target, sid, s.get("stage") or self.cards[target]["stage"], fr["cause"])
        return True

    def _on_add_glory(self, fr: dict[str, Any], s: dict[str, Any], target: int, choice: Any) -> bool:
        self._put_sticker(target, self._find_sticker("glory", s["glory"]),
                          s.get("stage") or self.cards[target]["stage"], fr["cause"], value=s["glory"])
        return True

    def _on_add_production(self, fr: dict[str, Any], s: dict[str, Any], target: int, choice: Any) -> bool:
        cause = fr["cause"]
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
        return True

    def _on_increase_production(self, fr: dict[str, Any], s: dict[str, Any], target: int, choice: Any) -> bool:
        produced = sorted({r for o in self._own_production(target) for r in o},
                          key=lambda r: (self.pack.all_resources + (r,)).index(r))
        fr["tmp"] = target
        r = self._choose(fr, "resource", produced, choice)
        if r is None:
            return False
        self._put_sticker(target, self._find_sticker("resource", r) or r, self.cards[target]["stage"], fr["cause"])
        return True

    def _on_check(self, fr: dict[str, Any], s: dict[str, Any], target: int, choice: Any) -> bool:
        st = self._st(target)
        marked = {i for sid, i in self.cards[target]["checks"] if sid == st.id}
        free = [i for i in range(len(st.checkboxes)) if i not in marked]
        same = all(st.checkboxes[i] == st.checkboxes[free[0]] for i in free)
        fr["tmp"] = target
        b = free[0] if same else self._choose(fr, "mark", free, choice, card=target)
        if b is None:
            return False
        return not self._mark(target, b, fr["cause"], fr)   # the last box moved the frame on already

    def _step_targets(self, s: dict[str, Any], me: int) -> list[int]:
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
            def free(n: int) -> bool:
                st = self._st(n)
                return len(st.checkboxes) > sum(1 for sid, _ in self.cards[n]["checks"] if sid == st.id)
            opts = [n for n in opts if free(n)]
        return opts

    def _find_sticker(self, kind: str, what: Any) -> str | None:
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

    def _put_sticker(self, n: int, sid: str | None, stage: str, cause: str, value: int | None = None) -> None:
        """Put sticker ``sid`` of the sheet on stage ``stage`` of card ``n`` ("only on the
        active stage, unless the effect says otherwise")."""
        e = self.pack.sheet.get(sid) if sid is not None else None
        if sid is None or e is None or self.stickers.get(sid, 0) <= 0:
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

    def _tab(self, n: int, cause: str, sid: str | None = None) -> None:
        sid = sid or self._find_sticker("tab", None)
        if sid is None or self.stickers.get(sid, 0) <= 0:
            self.log("no_sticker", cause=cause, sticker=sid or "tab")
            return
        self.stickers[sid] -= 1
        self.cards[n]["tab"] = True
        self.log("tab", cause=cause, card=n, stage=self.cards[n]["stage"])

    def _strike(self, n: int, cause: str) -> None:
        """"Cross out the whole production" of a card; its equipment counts as part of the
        card, so theirs is crossed out too."""
        for x in [n] + self.equipment_of(n):
            sid = self.cards[x]["stage"]
            self.cards[x]["struck"].append([sid, self._resource_stickers(x, sid)])
            self.log("strike", cause=cause, card=x, stage=sid)

    def _mark(self, n: int, b: int, cause: str, fr: dict[str, Any] | None = None) -> bool:
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


#: the steps that do their own work (the registry of effect kinds, docs/kingdom-legacy.md)
OWN_STEPS: dict[str, Callable[..., bool]] = {
    "gain": EffectSteps._step_gain,
    "manual": EffectSteps._step_manual,
    "play": EffectSteps._step_play,
    "top_to_bottom": EffectSteps._step_top_to_bottom,
    "discover": EffectSteps._step_discover,
}
#: the steps done to a target card, once it is chosen
TARGET_STEPS: dict[str, Callable[..., bool]] = {
    "transform": EffectSteps._on_transform,
    "reset": EffectSteps._on_reset,
    "destroy": EffectSteps._on_destroy,
    "discard": EffectSteps._on_discard,
    "block": EffectSteps._on_block,
    "undiscover": EffectSteps._on_undiscover,
    "to_deck": EffectSteps._on_to_deck,
    "strike_production": EffectSteps._on_strike_production,
    "add_tab": EffectSteps._on_add_tab,
    "sticker": EffectSteps._on_sticker,
    "add_glory": EffectSteps._on_add_glory,
    "add_production": EffectSteps._on_add_production,
    "increase_production": EffectSteps._on_increase_production,
    "check": EffectSteps._on_check,
}
