"""Random campaigns of the demo kingdom: invariants after every action (every card in
exactly one place, golden rules, glory >= 0), determinism, no peeking into the box, the
action notation and save files over every position reached."""

import json

import pytest
from legacy_helpers import where

from kingdom_legacy import Action, Campaign, RandomBot, SimpleBot, demo_pack
from kingdom_legacy.cards import MAX_PRODUCTION_FOR_STICKER, RESOURCES

PACK = demo_pack()
RANDOM_SEEDS = range(200)
SIMPLE_SEEDS = range(1000, 1060)


class Spy(dict):
    """The pack's cards, noting every card read while it is still in the box."""

    def __init__(self, cards):
        super().__init__(cards)
        self.campaign = None
        self.peeks = []

    def __getitem__(self, n):
        if self.campaign is not None and n in self.campaign.box:
            self.peeks.append(n)
        return super().__getitem__(n)

    def get(self, n, default=None):
        return self[n] if n in self else default


def check_invariants(c: Campaign, before: dict, action: str, new_events):
    w = where(c)                                               # raises if a card is in two places
    assert sorted(w) == list(range(1, PACK.box_size + 1))
    for n, z in w.items():
        if z != "box":
            assert n in c.cards
    for n in c.play:
        assert c.cards[n]["stage"] == c.entered[n], f"golden rule 3: {n} turned but still in play"
    for n in c.deck + c.play + c.discard:
        assert not c._st(n).permanent, f"permanent card {n} outside the permanent row"
    for n in c.permanent:
        assert c._st(n).permanent
    for rel in (c.blocked, c.attached):
        for a, b in rel.items():
            assert a in c.play and b in c.play and a != b
    assert all(isinstance(v, int) and v > 0 for v in c.pool.values())
    assert all(v >= 0 for v in c.stickers.values())
    for n, st in c.cards.items():                              # golden rule 5
        if any(s[1] in RESOURCES for s in st["stickers"]) and n not in c.box:
            own = max((sum(o.values()) for o in c._own_production(n)), default=0)
            assert own <= MAX_PRODUCTION_FOR_STICKER
    assert c.glory() >= 0 and c.purged_glory >= 0
    # golden rule 1: a card changes stage only with an event that says why
    changed = {n for n, s in before.items() if n in c.cards and c.cards[n]["stage"] != s}
    explained = {e.params.get("card") for e in new_events if e.kind in ("stage", "undiscover", "discover", "side")}
    assert changed <= explained, (action, changed - explained)
    if action.startswith("upgrade "):                         # golden rule 4
        assert any(e.kind == "end_turn" for e in new_events)


def run(seed, bot_cls, expansions=True, checks=True, limit=5000):
    spy = Spy(PACK.cards)
    pack = PACK.__class__.__new__(PACK.__class__)
    pack.__dict__.update(PACK.__dict__)
    pack.cards = spy
    c = Campaign.new(pack, seed)
    spy.campaign = c
    bot = bot_cls(seed)
    for _ in range(limit):
        acts = c.legal_actions()
        if c.is_over and not (expansions and acts):
            break
        for a in acts:                                         # one notation, read back exactly
            assert Action.parse(str(a)) == a
        action = acts[0] if c.is_over else bot.choose(c)
        before = {n: v["stage"] for n, v in c.cards.items()}
        mark = len(c.events)
        c.apply(action)
        if checks:
            check_invariants(c, before, str(action), c.events[mark:])
    assert c.is_over, "the campaign must end"
    assert spy.peeks == [], f"cards read while in the box: {sorted(set(spy.peeks))}"
    return c


@pytest.mark.slow
@pytest.mark.parametrize("seeds, bot", [(RANDOM_SEEDS, RandomBot), (SIMPLE_SEEDS, SimpleBot)],
                         ids=["random-bot", "simple-bot"])
def test_random_campaigns_keep_every_invariant(seeds, bot):
    glories = []
    for seed in seeds:
        c = run(seed, bot)
        glories.append(c.glory())
        assert len(c.scores) == 2                              # the base game and the mini-expansion
    assert min(glories) >= 0
    assert len(set(glories)) > 3                               # campaigns really differ


@pytest.mark.slow
def test_every_mechanism_happens_in_random_campaigns():
    seen = set()
    for seed in range(60):
        c = run(seed, RandomBot, checks=False)
        seen |= {e.kind for e in c.events}
        seen |= {e.params.get("reason") for e in c.events if e.kind == "discard"}
    wanted = {"produce", "upgrade", "use", "develop", "pass", "equip", "block", "release", "stays",
              "check", "all_checked", "sticker", "destroy", "discover", "parchment", "final_round",
              "bottom", "undiscover", "purge_pick", "purged", "expansion", "no_discovery", "lost",
              "produced", "used", "turned", "end_turn", "end_round", "with_wielder", "with_blocker", "effect",
              "tab", "to_deck", "strike", "new_resource", "no_sticker"}
    assert wanted <= seen, wanted - seen


def test_simple_bot_beats_random_play():
    simple = sum(run(s, SimpleBot, expansions=False, checks=False).glory() for s in range(20))
    rand = sum(run(s, RandomBot, expansions=False, checks=False).glory() for s in range(20))
    assert simple > rand


@pytest.mark.parametrize("seed", range(0, 40, 3))
def test_same_seed_and_same_actions_give_the_same_campaign(seed):
    c = run(seed, RandomBot, checks=False)
    again = Campaign.new(PACK, seed)
    for text in c.history:
        again.apply(text)
    assert again.to_json() == c.to_json()


def test_different_seeds_deal_different_kingdoms():
    deals = {tuple(Campaign.new(PACK, s).play + Campaign.new(PACK, s).deck) for s in range(10)}
    assert len(deals) > 5
    assert all(sorted(d) == list(range(1, 11)) for d in deals)


@pytest.mark.parametrize("seed", range(8))
def test_save_and_load_anywhere_continues_identically(seed):
    c = Campaign.new(PACK, seed)
    bot = RandomBot(seed)
    step = 0
    while not c.is_over:
        if step % 7 == 0:
            text = c.to_json()
            loaded = Campaign.from_json(text)
            assert loaded.to_json() == text
            assert loaded.legal_actions() == c.legal_actions()
            assert loaded.glory() == c.glory()
            a = c.legal_actions()[-1]
            assert loaded.apply(a).to_json() == c.clone().apply(a).to_json()
        c.apply(bot.choose(c))
        step += 1
    assert json.loads(c.to_json())["format"] == "kingdom-legacy-campaign/2"


def test_clone_is_independent():
    c = Campaign.new(PACK, 5)
    d = c.clone()
    before = c.to_json()
    bot = RandomBot(1)
    for _ in range(40):
        if d.is_over:
            break
        d.apply(bot.choose(d))
    assert c.to_json() == before and d.to_json() != before


class ChaosBot(RandomBot):
    """A random player that now and then opens a manual step and does random things by
    hand (moves cards anywhere, turns them, puts stickers, marks boxes, discovers cards)."""

    def choose(self, c: Campaign) -> Action:
        acts = c.legal_actions()
        if c.decision() == "manual":
            tools = [a for a in acts if a.a != "done"]
            if tools and self.rng.below(3):
                return self.rng.choice(tools)
            return Action("manual", "done")
        if c.decision() == "main" and self.rng.below(12) == 0:
            return Action("manual", "start")
        return super().choose(c)


@pytest.mark.parametrize("seed", range(12))
def test_manual_steps_keep_every_invariant(seed):
    """Whatever is done by hand, every card stays in exactly one place, the golden rules
    hold, and the campaign saves, loads and undoes exactly."""
    c = Campaign.new(PACK, seed)
    bot = ChaosBot(seed)
    manual = 0
    snapshots = {}
    for step in range(600):
        acts = c.legal_actions()
        if not acts:
            break
        action = acts[0] if c.is_over else bot.choose(c)
        manual += action.kind == "manual"
        before = {n: v["stage"] for n, v in c.cards.items()}
        mark = len(c.events)
        c.apply(action)
        check_invariants(c, before, str(action), c.events[mark:])
        if step % 97 == 0:
            assert Campaign.from_json(c.to_json()).to_json() == c.to_json()
        snapshots[len(c.history)] = c.to_json()
    assert manual > 10
    k = len(c.history) - 5
    c.undo(5)
    assert c.to_json() == snapshots[k]


@pytest.mark.parametrize("seed", range(4))
def test_is_legal_agrees_with_the_list_of_legal_actions(seed):
    """``is_legal`` looks at one card's actions only: it must say exactly what the whole list says."""
    c = Campaign.new(PACK, seed)
    bot = RandomBot(seed)
    while not c.is_over:
        legal = c.legal_actions()
        cards = sorted(set(c.play + c.permanent + c.deck[:2] + c.discard[:2]))
        candidates = set(legal) | {Action(k, n, x) for k in ("produce", "use") for n in cards for x in (1, 2, 3)}
        candidates |= {Action("upgrade", n, s) for n in cards for s in ("front", "front_rotated", "back")}
        candidates |= {Action("equip", e, w) for e in c.play for w in c.play}
        for a in candidates:
            assert c.is_legal(a) == (a in legal), a
        c.apply(bot.choose(c))
