"""The rulebook's order rule for simultaneous abilities that clash: the player highest on
the score track acts first, then the one with less gold, then a seeded random draw.

In the base game only a Shapeshifter shares something with other players (the draw pile),
and there is one Shapeshifter; a pack with a second copy makes the clash possible."""

from papertales import Game
from papertales.cards import card_set, load_pack

TWIN = load_pack({"format": "papertales-pack/1", "id": "twin", "units": [{
    "id": "twin_shifter", "name": "Twin Shifter", "copies": 1, "cost": 0, "strength": 0,
    "text": "A second Shapeshifter.",
    "abilities": [{"on": "reveal", "do": "shapeshift", "max_cost": 3, "age_tokens": 1}]}]})
CARDS = card_set(TWIN)


def clash(lp, gold, seed=0, order=(0, 1)):
    """Both players reveal a Shapeshifter; the top of the draw pile is Knight then Farmer."""
    g = Game.new(players=2, seed=seed, cards=CARDS)
    shifters = [CARDS.unit("shapeshifter"), CARDS.unit("twin_shifter")]
    knight, farmer = CARDS.unit("knight"), CARDS.unit("farmer")
    for t in shifters + [knight, farmer]:
        g.draw.remove(t)
    g.draw += [farmer, knight]                     # the pile's top is its end: Knight first
    g.phase, g.stage = "deployment", "start"
    for seat in (0, 1):
        g.players[seat].lp, g.players[seat].gold = lp[seat], gold[seat]
        g.players[seat].hand = [shifters[seat]]
    g.advance()
    for seat in order:
        g.apply(seat, f"place {shifters[seat].id} F1")
        g.apply(seat, "done")
    g.advance(until="phase")
    return [g.players[s].units[0].type.id for s in (0, 1)]


def test_highest_score_draws_first():
    assert clash(lp=(5, 9), gold=(3, 3)) == ["farmer", "knight"]
    assert clash(lp=(9, 5), gold=(3, 3)) == ["knight", "farmer"]


def test_on_equal_scores_less_gold_draws_first():
    assert clash(lp=(4, 4), gold=(2, 6)) == ["knight", "farmer"]
    assert clash(lp=(4, 4), gold=(6, 2)) == ["farmer", "knight"]


def test_full_tie_is_a_seeded_draw():
    results = {tuple(clash(lp=(4, 4), gold=(3, 3), seed=s)) for s in range(12)}
    assert results == {("knight", "farmer"), ("farmer", "knight")}   # both orders happen
    for s in range(12):    # the draw depends on the seed only, not on who acted first
        assert clash(lp=(4, 4), gold=(3, 3), seed=s) == clash(lp=(4, 4), gold=(3, 3), seed=s, order=(1, 0))
