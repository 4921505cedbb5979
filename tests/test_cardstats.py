"""Card statistics on a small hand-made table, numbers worked out by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from papertales import cardstats as C

ROOT = Path(__file__).resolve().parent.parent


def row(game, seat, win, lp, picks=(), revealed=(), buildings=None, bot="greedy"):
    return {"game": game, "seat": seat, "players": 2, "bot": bot, "win": win, "lp": lp, "gold": 0,
            "wars_won": 0, "picks": [list(p) for p in picks], "drafted": [[p[0], p[2]] for p in picks],
            "revealed": [list(r) for r in revealed], "built": [], "buildings": buildings or {}}


# 4 seat-games.  knight offered 4 times (rows 0, 1, 2 and twice in row 3's packs -> once per pack),
# picked 3 times at pick indices 0, 0, 1: pick rate 3/4, mean pick index 1/3.
TABLE = [
    row(0, 0, 1.0, 30, picks=[(1, 0, "knight", ["knight", "farmer", "cook"])], revealed=[(1, "knight")],
        buildings={"temple": 2}),
    row(0, 1, 0.0, 20, picks=[(1, 0, "farmer", ["knight", "farmer"])], revealed=[(2, "farmer")]),
    row(1, 0, 0.5, 25, picks=[(1, 0, "knight", ["knight", "cook"])], revealed=[(2, "knight"), (3, "knight")],
        buildings={"temple": 1}),
    row(1, 1, 0.5, 25, picks=[(1, 0, "cook", ["cook", "farmer"]), (1, 1, "knight", ["knight", "farmer"])]),
]


def stats():
    return C.card_stats(TABLE)


def unit(s, ident):
    return next(u for u in s["units"] if u["id"] == ident)


def test_pick_rate_and_pick_index_by_hand():
    k = unit(stats(), "knight")
    assert (k["offered"], k["picked"]) == (4, 3)
    assert k["pick_rate"] == 0.75
    assert k["mean_pick_index"] == pytest.approx(0.33, abs=0.01)
    assert k["picked_over"] == [["cook", 2], ["farmer", 2]]
    # Wilson 95 % of 3/4: centre (0.75 + 0.48021) / 1.96036 = 0.62755,
    # half 1.96 * sqrt(0.046875 + 0.060030) / 1.96036 = 0.32690 -> [0.3006, 0.9544]
    assert k["pick_rate_ci"] == [pytest.approx(0.301, abs=1e-3), pytest.approx(0.954, abs=1e-3)]


def test_revealed_and_win_rates_by_hand():
    k = unit(stats(), "knight")
    assert k["revealed"] == 2 and k["revealed_rate"] == 0.5       # rows 0 and 2 (twice in row 2: once)
    assert k["win_rate_revealed"] == 0.75 and k["win_rate_not"] == 0.25
    assert k["win_difference"] == 0.5
    assert k["mean_lp_revealed"] == 27.5 and k["mean_lp_not"] == 22.5 and k["lp_difference"] == 5.0
    assert k["lp_by_reveal_turn"] == {1: {"mean_lp": 30.0, "n": 1}, 2: {"mean_lp": 25.0, "n": 1}}
    assert k["tier"] == "?"                                          # far too few games to judge
    low, high = k["win_difference_ci"]
    assert low < 0.5 < high


def test_buildings_by_hand():
    b = next(x for x in stats()["buildings"] if x["id"] == "temple")
    assert b["built"] == 2 and b["built_rate"] == 0.5 and b["mean_level"] == 1.5 and b["level2_rate"] == 0.25
    assert b["win_rate_built"] == 0.75


def test_the_source_is_labelled_and_random_only_warns():
    s = stats()
    assert s["source"] == "2 games, 2 players, bots: greedy x4 seats" and not s["random_only"]
    rnd = [{**r, "bot": "random"} for r in TABLE]
    with pytest.warns(C.RandomOnlyWarning, match="RANDOM"):
        assert C.card_stats(rnd)["random_only"]


def test_tiers_follow_the_difference_and_its_interval():
    """A card leaves B only when its interval excludes 0."""
    assert C.tier(0.15, 0.05, 0.25, 100, 100) == "S"
    assert C.tier(0.05, 0.01, 0.09, 100, 100) == "A"
    assert C.tier(0.15, -0.01, 0.3, 100, 100) == "B"        # large but uncertain: not A
    assert C.tier(0.0, -0.1, 0.1, 100, 100) == "B"
    assert C.tier(-0.05, -0.1, 0.0, 100, 100) == "B"
    assert C.tier(-0.05, -0.09, -0.01, 100, 100) == "C"
    assert C.tier(-0.2, -0.3, -0.1, 100, 100) == "D"
    assert C.tier(0.5, 0.2, 0.8, 5, 100) == "?"


def test_cards_drafted_but_seldom_played_are_listed():
    """Knight: drafted in rows 0, 2 and 3, revealed in rows 0 and 2: 2/3.  Farmer: drafted
    and revealed in row 1: 1.  Cook: drafted in row 3 only, never revealed: 0 < 5 %."""
    s = stats()
    assert unit(s, "knight")["played_when_drafted"] == pytest.approx(2 / 3, abs=1e-3)
    assert unit(s, "farmer")["played_when_drafted"] == 1.0
    assert unit(s, "cook")["played_when_drafted"] == 0.0
    assert s["rarely_played"] == ["cook"]


def test_charts_are_plotly_figures():
    pytest.importorskip("plotly")
    s = stats()
    for fig in (C.tier_chart(s), C.pick_chart(s), C.reveal_turn_chart(s)):
        assert fig.layout.title.text.endswith(" - 2 games, 4 seats, bots: greedy")


def test_the_charts_speak_polish():
    """2 games (0 and 1) of 2 seats each: 4 seats, all greedy."""
    pytest.importorskip("plotly")
    s = stats()
    assert C.source_text(s, "pl") == "2 gry, miejsca przy stołach: 4, boty: greedy"
    assert C.tier_chart(s, "pl").layout.title.text \
        == "Odsetek zwycięstw z odkrytą kartą minus bez niej (95 %) — 2 gry, miejsca przy stołach: 4, boty: greedy"
    picks = C.pick_chart(s, "pl")
    assert (picks.layout.xaxis.title.text, picks.layout.yaxis.title.text) \
        == ("średni numer wyboru (0 = pierwszy wybór w turze)", "odsetek wyborów")
    turns = C.reveal_turn_chart(s, lang="pl")
    assert (turns.layout.xaxis.title.text, turns.layout.yaxis.title.text) == ("tura", "średnie końcowe PL")
    assert "Rycerz" in {trace.name for trace in turns.data}
