"""The engine loop and the rule steps of a round (docs/kingdom-legacy.md, "timing").

``work`` is a stack of effect frames, card draws and rule steps (``{"t": "flow", "name":
...}``, the name a save file keeps).  Frames and draws run at once; before a rule step runs,
the triggered effects in ``queue`` are resolved, in the order the player chooses (one forced
effect alone resolves by itself).  :data:`FLOWS` names the function of each rule step: the
loop calls ``FLOWS[name]``, and nothing else is called by its name."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .cards import needs_deck
from .errors import LegacyError
from .facts import new_card_state
from .steps import EffectSteps

START_PLAY = 4          # cards played at the start of a turn
DEVELOP_PLAY = 2        # cards played by the develop action
#: work that loses the resources of the turn before the player acts again
LOSING_FLOWS = ("cleanup_turn", "end_round", "start_turn")


class Flow(EffectSteps):
    """The engine loop and the rule steps: a part of :class:`~kingdom_legacy.campaign.Campaign`, built on
    the parts below it."""

    __slots__ = ()

    def _start_trigger(self, q: dict[str, Any]) -> None:
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
            FLOWS[top["name"]](self, *top.get("args", ()))

    def _draw_step(self, d: dict[str, Any]) -> None:
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

    def _lose_resources(self, cause: str) -> None:
        if any(self.pool.values()):
            self.log("lost", cause=cause, what=dict(self.pool))
        self.pool = {}

    def _enqueue(self, cards: list[int], when: str) -> None:
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

    def _flow_begin_round(self) -> None:
        self.deck = sorted(self.deck + self.discard)       # "shuffle all your cards" (any put back on the pile too)
        self.discard = []
        self.exhausted = False
        if not self.manual:
            self.rng.shuffle(self.deck)
        self.turn = 0
        self.log("shuffle", cause="rule:round", n=len(self.deck))
        self.work.append({"t": "flow", "name": "start_turn" if self.deck else "end_round"})

    def _flow_start_round(self) -> None:
        self.log("round", cause="rule:round", n=self.round)
        self.work.append({"t": "flow", "name": "begin_round"})
        if self.expansion is None:
            self.work.append({"t": "flow", "name": "discover_natural", "args": [2]})
        else:
            self.log("no_discovery", cause="rule:expansion")

    def _flow_discover_natural(self, k: int) -> None:
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
            if self.pack.card(n).stage("front").parchment:
                self.log("parchment_first", cause="rule:round", card=n, stage="front")
            else:
                self.work.append({"t": "flow", "name": "discover_natural", "args": [1]})

    def _flow_destroy_parchment(self, n: int) -> None:
        if n in self.aside:
            self.aside.remove(n)
            self.destroyed.append(n)
            self.log("destroy", cause="rule:parchment", card=n, stage=self.cards[n]["stage"])

    def _flow_start_turn(self) -> None:
        self.turn += 1
        self.log("turn", cause="rule:turn", n=self.turn, deck=len(self.deck))
        self.work.append({"t": "draw", "left": START_PLAY, "batch": [], "cause": "rule:turn"})

    def _flow_end_turn(self) -> None:
        self.log("end_turn", cause="rule:end_turn")
        self.work.append({"t": "flow", "name": "cleanup_turn"})
        self._enqueue(self.play + self.permanent, "end_of_turn")

    def _stays(self, n: int) -> bool:
        return self.is_active(n) and any(
            e["trigger"] == "passive" and any(s["kind"] == "stay_in_play" for s in e["do"])
            for x in [n] + self.equipment_of(n) for e in self.effects(x))

    def _flow_cleanup_turn(self) -> None:
        self._lose_resources("rule:end_turn")
        for n in self.play[:]:
            if n in self.play and n not in self.attached and n not in self.blocked:
                if self._stays(n):
                    self.log("stays", cause=self._cause(n), card=n, stage=self.cards[n]["stage"])
                else:
                    self._discard(n, "end_turn", cleanup=True)
        self.work.append({"t": "flow", "name": "start_turn" if self.deck and not self.exhausted else "end_round"})

    def _flow_end_round(self) -> None:
        self._lose_resources("rule:end_turn")
        self.log("end_round", cause="rule:end_round", n=self.round)
        self.work.append({"t": "flow", "name": "after_round"})
        were = [n for n in self.play if n not in self.attached and self.is_active(n)] + self.permanent
        self._enqueue(were, "end_of_round")
        for n in self.play[:]:
            if n in self.play and n not in self.attached and n not in self.blocked:
                self._discard(n, "end_round", cleanup=True)

    def _flow_after_round(self) -> None:
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

    def _finish(self, what: str) -> None:
        self.phase = "over"
        self.turn = 0
        g = self.glory()
        self.scores.append({"after": what, "glory": g})
        self.log("over", cause="rule:score", glory=g)

    def _start_expansion(self, n: int) -> None:
        e = self.pack.expansion(n)
        if e is None:
            raise AttributeError(f"card {n} is no mini-expansion")
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

    def _purgeable(self, cards: list[int]) -> list[int]:
        return [n for n in cards if self._st(n).purgeable()]

    def _flow_purge_group(self) -> None:
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

    def _flow_purge_permanent(self) -> None:
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

    def _purge_pick(self, n: int, source: str) -> None:
        x = self.expansion
        getattr(self, source).remove(n)
        self.aside.append(n)
        x["picks"].append(n)
        if source == "deck":
            x["pos"] += x["size"] - 1
        self.log("purge_pick", cause="rule:purge", card=n, stage=self.cards[n]["stage"])

    def _flow_purge_finish(self) -> None:
        x = self.expansion
        total = sum(self.card_glory(n) for n in x["picks"])
        for n in x["picks"]:
            self._destroy(n, "rule:purge", purged=True)
        self.purged_glory += total
        self.log("purged", cause="rule:purge", n=len(x["picks"]), glory=total)
        x["picks"] = []

    def _flow_expansion_begin(self) -> None:
        n = self.expansion["card"]
        self.discard.extend(self.deck)
        self.deck = []
        self.aside.remove(n)
        (self.permanent if self._st(n).permanent else self.discard).append(n)
        self.log("round", cause="rule:round", n=self.round)
        self.log("no_discovery", cause="rule:expansion")
        self.work.append({"t": "flow", "name": "begin_round"})


#: every rule step of the work stack, by its name in ``work`` (and in save files), in the order
#: a round meets them, then those of a mini-expansion's purge
FLOWS: dict[str, Callable[..., None]] = {
    "begin_round": Flow._flow_begin_round,
    "start_round": Flow._flow_start_round,
    "discover_natural": Flow._flow_discover_natural,
    "destroy_parchment": Flow._flow_destroy_parchment,
    "start_turn": Flow._flow_start_turn,
    "end_turn": Flow._flow_end_turn,
    "cleanup_turn": Flow._flow_cleanup_turn,
    "end_round": Flow._flow_end_round,
    "after_round": Flow._flow_after_round,
    "purge_group": Flow._flow_purge_group,
    "purge_permanent": Flow._flow_purge_permanent,
    "purge_finish": Flow._flow_purge_finish,
    "expansion_begin": Flow._flow_expansion_begin,
}
