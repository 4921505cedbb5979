"""Notebook 04's stored tournaments (``notebooks/data/strategy_lab.json``, written by
``scripts/strategy_lab_data.py``) and the tables and static charts it shows of them
(``papertales_widgets.labview``).

The file must be what the script plays today: its first games replay to the same rows (a
change of the bots that changes their games fails here: run the script again), its
tournaments are the script's, and what the notebook's prose says of them holds."""

from __future__ import annotations

import importlib.util
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from papertales import tournament
from papertales.i18n import card_name, t
from papertales_widgets import labview

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "notebooks" / "data" / "strategy_lab.json"
SVG = "{http://www.w3.org/2000/svg}"


def _script():
    spec = importlib.util.spec_from_file_location("strategy_lab_data", ROOT / "scripts" / "strategy_lab_data.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def script():
    return _script()


@pytest.fixture(scope="module")
def data():
    return labview.load(DATA)


@pytest.fixture(scope="module")
def small():
    """Complete rows of a few quick games (random and scripted bots)."""
    return tournament.run(["strongest", "random", "economist"], games=6, seed=3, jobs=1, progress=False)


# ------------------------------------------------------------------ the stored file

def test_the_stored_first_games_replay_to_the_same_rows(script):
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    stale = script.stale(raw)
    assert not stale, (f"the first games of {stale} replay differently: the bots changed since "
                       f"{DATA.relative_to(ROOT)} was written; run python scripts/strategy_lab_data.py")


def test_the_file_holds_the_script_s_tournaments(script, data):
    for part, spec in (("tournament", script.TOURNAMENT), ("cards", script.CARDS)):
        assert {k: data[part][k] for k in spec} == spec, f"{part}: run python scripts/strategy_lab_data.py"
        assert data[part]["replay"]["games"] == script.REPLAY
    spec = data["tournament"]
    assert len(spec["rows"]) == spec["games"] * spec["players"]
    assert sorted({r["game"] for r in spec["rows"]}) == list(range(spec["games"]))
    assert data["cards"]["stats"]["games"] == data["cards"]["games"]
    assert data["cards"]["stats"]["bots"] == sorted(set(data["cards"]["bots"]))


def test_the_prose_says_what_the_file_shows(data):
    spec, cards = data["tournament"], data["cards"]
    prose = t("nb.strategy.tournament", "en")
    # "the greedy bot, the scripted economist and strongest, and a random bot ..., one of each at every table"
    assert sorted(spec["bots"]) == sorted(re.findall(r"`(greedy|economist|strongest)`", prose) + ["random"])
    assert spec["players"] == len(spec["bots"])
    # "a second stored tournament, between greedy bots only"; "dozens of cards"
    assert cards["bots"] == ["greedy"] and len(cards["stats"]["units"]) >= 24
    # the replay: "the first games", "a handful of games" against "the long tournament"
    assert "games=8" in t("nb.strategy.replay", "en") and spec["games"] >= 100
    # the ratings "also order the bots that seldom win": two bots whose win rates the
    # intervals cannot tell apart stand apart in the ratings
    bots = tournament.summary(spec["rows"])["bots"]
    ratings = tournament.ratings(spec["rows"])
    pairs = [(a, b) for a in bots for b in bots if a < b
             and bots[a]["win_rate_ci"][0] <= bots[b]["win_rate_ci"][1]
             and bots[b]["win_rate_ci"][0] <= bots[a]["win_rate_ci"][1]]
    assert any(abs(ratings[a]["ordinal"] - ratings[b]["ordinal"]) > ratings[a]["sigma"] + ratings[b]["sigma"]
               for a, b in pairs)


def test_the_file_is_small():
    assert DATA.stat().st_size < 200_000


# ------------------------------------------------------------------ the compact rows

def test_compact_rows_give_the_summary_and_ratings_of_the_complete_ones(small):
    rows = labview.expand(labview.compact(small), players=3)
    assert tournament.summary(rows) == tournament.summary(small)
    assert tournament.ratings(rows) == tournament.ratings(small)


def test_same_games_notices_a_game_that_ended_otherwise(small):
    stored = labview.expand(labview.compact(small), players=3)
    live = [r for r in small if r["game"] < 2]
    assert labview.same_games(live, stored)
    assert "exactly as the file says" in labview.replay_text(live, stored, "en")
    changed = [dict(r) for r in stored]
    changed[1]["lp"] += 1
    assert not labview.same_games(live, changed)
    assert "scripts/strategy_lab_data.py" in labview.replay_text(live, changed, "en")
    assert not labview.same_games([], stored)


def test_the_digest_covers_the_picks(small):
    other = json.loads(json.dumps(small))
    other[0]["picks"][0][2] = "nobody"
    assert labview.digest(small) == labview.digest(json.loads(json.dumps(small)))
    assert labview.digest(other) != labview.digest(small)


# ------------------------------------------------------------------ tables

@pytest.mark.parametrize("lang", ["en", "pl"])
def test_tables_have_the_catalogue_s_columns_and_the_language_s_numbers(data, lang):
    summary = tournament.summary(data["tournament"]["rows"])
    table = labview.summary_table(summary, lang)
    assert list(table.columns)[0] == t("nb.strategy.col.bot", lang)
    assert list(table.index) == list(range(1, len(summary["bots"]) + 1))
    best = max(summary["bots"], key=lambda b: summary["bots"][b]["win_rate"])
    assert table.iloc[0, 0] == best
    rate = table.iloc[0, 2]
    assert ("," in rate) == (lang == "pl") and rate.endswith("\u00a0%")
    stats = data["cards"]["stats"]
    for frame in (labview.card_table(stats, lang), labview.tier_table(stats, lang), labview.building_table(stats, lang),
                  labview.ratings_table(tournament.ratings(data["tournament"]["rows"]), lang)):
        cells = [str(v) for v in frame.to_numpy().ravel()]
        assert not any(re.search(r"\d\.\d", c) for c in cells) if lang == "pl" else True
        assert not any("-0,0" in c or "-0.0" in c for c in cells)


def test_tables_show_themselves_whole(data):
    """No cell cut short: the tier list holds long lists of cards."""
    stats = data["cards"]["stats"]
    table = labview.tier_table(stats, "en")
    html = table._repr_html_()
    assert "..." not in html and "..." not in repr(table)
    for ids in stats["tiers"].values():
        if ids:
            assert ", ".join(card_name(c, "en") for c in ids) in html


def test_the_tier_table_lists_every_unit_once_and_the_rarely_played(data):
    stats = data["cards"]["stats"]
    table = labview.tier_table(stats, "en")
    counts = list(table.iloc[:, 1])
    assert sum(counts[:-1]) == len(stats["units"])
    assert counts[-1] == len(stats["rarely_played"])


def test_the_advice_table_keeps_the_coach_s_order():
    from papertales import Game
    from papertales.lab import advise
    game = Game.new(players=3, seed=4).advance()
    advice = advise(game, 0, budget="4it", seed=1, lang="pl")
    table = labview.advice_table(advice, "pl")
    assert list(table.iloc[:, 0]) == [a["text"] for a in advice]
    assert list(table.iloc[:, 4]) == [a["worlds"] for a in advice]


# ------------------------------------------------------------------ static charts

def _svg(chart):
    root = ET.fromstring(chart._repr_svg_())           # well-formed SVG
    assert root.tag == f"{SVG}svg"
    return root, [e.text for e in root.iter(f"{SVG}text")]


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_charts_are_svg_naming_every_bot_and_card(data, lang):
    summary = tournament.summary(data["tournament"]["rows"])
    _, words = _svg(labview.win_rate_chart(summary, lang))
    assert set(summary["bots"]) <= set(words)
    assert any(t("nb.strategy.chart.fair", lang, share="25\u00a0%") == w for w in words)
    stats = data["cards"]["stats"]
    for chart in (labview.tier_chart(stats, lang), labview.pick_chart(stats, lang)):
        root, words = _svg(chart)
        names = {card_name(u["id"], lang) for u in stats["units"]}
        assert names <= set(words)
        assert int(root.get("height")) < 1200 and len(chart.markup) < 40_000
        assert repr(chart) == f"<SVG chart: {chart.title}>"        # no address: the same on every run


def test_a_chart_is_saved_as_a_file(tmp_path, small):
    chart = labview.win_rate_chart(tournament.summary(small), "en")
    path = chart.save(tmp_path / "win.svg")
    assert Path(path).read_text(encoding="utf-8").startswith("<svg ")


def test_the_tier_chart_places_each_unit_by_its_difference(data):
    """The dot of a card with a larger difference lies further right."""
    stats = data["cards"]["stats"]
    root, _ = _svg(labview.tier_chart(stats, "en"))
    xs = [float(c.get("cx")) for c in root.iter(f"{SVG}circle")]
    diffs = [u["win_difference"] for u in stats["units"] if u["win_difference"] is not None]
    assert len(xs) == len(diffs)
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    assert [diffs[i] for i in order] == sorted(diffs)
