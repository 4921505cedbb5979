"""The scripted players (papertales.scripted) on hand-built positions: the choices their
rules of thumb make, worked out by hand from the cards' printed numbers."""

from __future__ import annotations

from papertales import Action, Game
from papertales.bots import play
from papertales.registry import get
from papertales.position import game_from_position


def deployment(hand, gold=5, front=(), back=(), rules=None):
    return game_from_position({"turn": 2, "phase": "deployment", "rules": rules or {}, "players": [
        {"name": "Eve", "gold": gold, "hand": list(hand), "front": list(front), "back": list(back)},
        {"name": "Ada"}, {"name": "Bob"}]})


def draft(pack):
    g = Game.new(players=3, seed=1).advance()
    g.players[0].pack = [g.cards.unit(c) for c in pack]
    return g


def test_strongest_keeps_the_highest_printed_strength():
    # Farmer 1, Knight 4, Dragon 0 (7 only with ore: the printed number is 0), Militiaman 2
    assert get("strongest").choose(draft(["farmer", "knight", "dragon", "militiaman"]), 0) == Action("pick", "knight")
    # a tie (Cave Spirit 4, Knight 4, both cost 1): the first of the pack
    assert get("strongest").choose(draft(["cave_spirit", "knight"]), 0) == Action("pick", "cave_spirit")


def test_the_economist_keeps_the_card_that_produces_most():
    # Forest Child: 1 wood + 1 food; Woodcutter: 1 wood; Knight: nothing; Peddler: 1 wood + income
    assert get("economist").choose(draft(["knight", "woodcutter", "forest_child"]), 0) == \
        Action("pick", "forest_child")
    # one resource each: the one with an Income ability (Peddler) before Woodcutter
    assert get("economist").choose(draft(["woodcutter", "peddler"]), 0) == Action("pick", "peddler")


def test_strongest_fields_the_strong_in_front_and_the_weak_behind():
    g = deployment(["farmer", "knight"], gold=5)
    bot = get("strongest")
    assert bot.choose(g, 0) == Action("place", "knight", 0)       # strength 4 -> F1
    g.apply(0, Action("place", "knight", 0))
    assert bot.choose(g, 0) == Action("place", "farmer", 2)       # strength 1 -> B1
    g.apply(0, Action("place", "farmer", 2))
    assert bot.choose(g, 0) == Action("done")                     # nothing left to keep


def test_strongest_pays_only_what_it_can_and_keeps_the_strongest_left():
    # 2 gold: the Knight (1) is placed, the Dragon (3) cannot be paid for any more
    g = deployment(["dragon", "knight", "farmer"], gold=2)
    bot = get("strongest")
    g.apply(0, bot.choose(g, 0))
    assert g.players[0].units[0].type.id == "knight"
    g.apply(0, bot.choose(g, 0))                                  # the Farmer (0 gold), to B1
    assert g.players[0].units[2].type.id == "farmer"
    assert bot.choose(g, 0) == Action("done", "dragon")           # 0 gold left: keeps the Dragon


def test_strongest_discards_its_weakest_unit_for_a_stronger_card_when_full():
    g = deployment(["knight"], gold=3, front=["farmer", "militiaman"], back=["woodcutter", "cook"])
    bot = get("strongest")
    # no spot free and the Knight affordable: the weakest unit in play goes -- Farmer (F1) and
    # Cook (B2) both have strength 1 and cost 0: the first spot's
    assert bot.choose(g, 0) == Action("discard", 0)


def test_the_economist_puts_producers_behind_and_builds_the_highest_level():
    g = deployment(["woodcutter", "knight", "hunter"], gold=5)
    bot = get("economist")
    assert bot.choose(g, 0) == Action("place", "woodcutter", 2)   # a producer: B1
    g.apply(0, Action("place", "woodcutter", 2))
    assert bot.choose(g, 0) == Action("place", "hunter", 0)       # food only in the Front: F1
    b = game_from_position({"turn": 2, "phase": "construction", "players": [
        {"name": "Eve", "gold": 9, "front": ["miner", "woodcutter"], "buildings": {"mine": 1}}, {"name": "Ada"}]})
    b.advance()
    options = [a for a, _, _ in b.construction_options(0)]
    choice = get("economist").choose(b, 0)
    assert choice in options and (choice.kind == "upgrade" or choice.b == 2)
    assert get("strongest").choose(b, 0) == options[0]


def test_scripted_games_end_and_are_deterministic():
    def game():
        return play(Game.new(players=4, seed=3, record_events=False),
                    [get(n, seed=k) for k, n in enumerate(["strongest", "economist"] * 2)])
    a, b = game(), game()
    assert a.is_over and a.history == b.history
