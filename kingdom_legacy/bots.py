"""Two bots: ``random`` (any legal action of the rules, for tests) and ``simple`` (a greedy
player that upgrades whenever it can and produces only for an upgrade it can complete this
turn).

Both see only what a player sees: the cards in play, the discard pile, the top card of
the draw pile and the legal actions; their choices come from their own seeded generator.
Neither opens a manual step (that is for a person doing what a card says); asked to do
one, they end it at once."""

from __future__ import annotations

from papertales.rng import Rng

from .actions import DEVELOP, MANUAL, PASS, PRODUCE, RESOLVE, UPGRADE, USE, Action
from .campaign import Campaign
from .cards import Pack
from .errors import LegacyError


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed ^ 0x5EED)

    def choose(self, c: Campaign) -> Action:
        if c.decision() == "manual":
            return Action(MANUAL, "done")
        return self.rng.choice([a for a in c.legal_actions() if a.kind != MANUAL])


class SimpleBot:
    name = "simple"

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed ^ 0xB07)

    def choose(self, c: Campaign) -> Action:
        d = c.decision()
        if d == "manual":
            return Action(MANUAL, "done")
        acts = [a for a in c.legal_actions() if a.kind != MANUAL]
        if d != "main":
            if d == "order":
                return next(a for a in acts if a.kind == RESOLVE)
            if d == "purge":        # purged glory is kept: purge the card worth the most
                return max(acts, key=lambda a: (c.card_glory(a.a), -a.a))
            return acts[0]
        ups = [a for a in acts if a.kind == UPGRADE]
        if ups:
            return max(ups, key=lambda a: self._gain(c, a))
        defeat = [a for a in acts if a.kind == USE and c._st(a.a).obstacle]
        if defeat:
            return defeat[0]
        plan = self._plan(c, acts)
        if plan is not None:
            return plan
        if any(a.kind == DEVELOP for a in acts) and not c.pool:
            return Action(DEVELOP)
        return Action(PASS)

    @staticmethod
    def _gain(c: Campaign, a: Action) -> int:
        card = c.pack.card(a.a)
        return card.stage(a.b).glory - c._st(a.a).glory

    def _sources(self, c: Campaign, acts: list[Action]) -> list[tuple[Action, int, dict[str, int]]]:
        """``(action, card, resources)`` that give resources now without ending the turn."""
        out: list[tuple[Action, int, dict[str, int]]] = []
        for a in acts:
            if a.kind == PRODUCE:
                out.append((a, a.a, c.production(a.a)[a.b - 1]))
            elif a.kind == USE:
                e = c._st(a.a).effects[a.b - 1]
                if e["trigger"] == "activated" and not e.get("cost") and len(e["do"]) >= 1 \
                        and e["do"][0]["kind"] == "gain" and "resources" in e["do"][0]:
                    out.append((a, a.a, e["do"][0]["resources"]))
        return out

    def _plan(self, c: Campaign, acts: list[Action]) -> Action | None:
        sources = self._sources(c, acts)
        best: tuple[tuple[int, int], Action] | None = None
        for n in c.play + c.permanent:
            if c.is_blocked(n) or n in c.attached:
                continue
            for u in c._st(n).upgrades:
                need = {r: k - c.pool.get(r, 0) for r, k in u["cost"].items() if k > c.pool.get(r, 0)}
                picks: list[Action] = []
                left, used = dict(need), set()
                while left:
                    cands = [(sum(min(v, left.get(r, 0)) for r, v in res.items()), a, m, res)
                             for a, m, res in sources if m != n and m not in used]
                    cands = [x for x in cands if x[0] > 0]
                    if not cands:
                        break
                    score, a, m, res = max(cands, key=lambda x: (x[0], -x[2]))
                    picks.append(a)
                    used.add(m)
                    for r, v in res.items():
                        if r in left:
                            left[r] -= v
                            if left[r] <= 0:
                                del left[r]
                if left or not picks:
                    continue
                value = (c.pack.card(n).stage(u["to"]).glory - c._st(n).glory, -len(picks))
                if best is None or value > best[0]:
                    best = (value, picks[0])
        return None if best is None else best[1]


BOTS: dict[str, type[RandomBot] | type[SimpleBot]] = {"random": RandomBot, "simple": SimpleBot}


def play_campaign(pack: Pack | None = None, seed: int = 0, bot: str = "simple", max_actions: int = 20000,
                  expansions: bool = False) -> Campaign:
    """A whole campaign played by a bot (and its mini-expansions with ``expansions=True``)."""
    c = Campaign.new(pack, seed)
    player = BOTS[bot](seed)
    for _ in range(max_actions):
        if c.is_over:
            acts = c.legal_actions()
            if not (expansions and acts):
                return c
            c.apply(acts[0])
            continue
        c.apply(player.choose(c))
    raise LegacyError("legacy.error.too_long", n=max_actions)
