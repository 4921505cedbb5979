"""The Kingdom Legacy panel, driven from Python: it builds, draws the cards and the top
of the pile, reacts to clicks, refuses what the rules refuse, saves and loads through the
browser (data-URL link, FileUpload)."""

import base64
import datetime
import json

import pytest

pytest.importorskip("ipywidgets")

from legacy_helpers import arrange, fresh  # noqa: E402

from kingdom_legacy import Campaign, demo_pack  # noqa: E402
from papertales_widgets.legacy import LegacyPanel  # noqa: E402


def button(panel, notation):
    return next(b for b in panel.buttons if b.tooltip == notation)


def test_panel_builds_with_cards_top_card_and_actions():
    p = LegacyPanel(lang="en")
    c = p.campaign
    assert len(p.buttons) == len(c.legal_actions()) > 0
    assert [b.tooltip for b in p.buttons] == [str(a) for a in c.legal_actions()]
    for n in c.play:
        assert f'data-card="{n}"' in p.board.value
    assert f'data-card="{c.top_card()}"' in p.board.value
    assert "NOT the printed cards" in p.header.value
    assert "Round 1, turn 1" in p.header.value
    for n in c.box:                                            # golden rule 2: nothing of the box
        assert f'data-card="{n}"' not in p.board.value


def test_clicking_an_action_applies_it_and_redraws():
    c = arrange(fresh(1), play=[3, 1], deck=[2, 4, 5, 6])
    p = LegacyPanel(lang="en", campaign=c)
    assert "Produce with #3 Quarry: discard it, gain 1 stone" in [b.description for b in p.buttons]
    button(p, "produce 3 1").click()
    assert c.pool == {"stone": 1} and 3 in c.discard
    assert "Resources: 1 stone" in p.header.value
    assert "produce 3 1" not in [b.tooltip for b in p.buttons]
    assert "is discarded to produce 1 stone" in p.log_view.value
    button(p, "pass").click()
    assert c.turn == 2 and 'data-card="2"' in p.board.value


def test_a_refused_action_is_shown_and_changes_nothing():
    c = arrange(fresh(1), play=[6, 1], deck=[2, 3, 4, 5])
    p = LegacyPanel(lang="pl", campaign=c)
    before = c.to_json()
    assert not p.act("produce 6 1")
    assert c.to_json() == before
    assert "Niedozwolone" in p.message.value and "niczego nie produkuje" in p.message.value


def test_bot_buttons_play_on():
    p = LegacyPanel(lang="en", seed=2)
    h = len(p.campaign.history)
    p.bot_button.click()
    assert len(p.campaign.history) == h + 1
    t0 = (p.campaign.round, p.campaign.turn)
    p.turn_button.click()
    assert (p.campaign.round, p.campaign.turn) != t0


def test_save_link_and_upload_round_trip():
    p = LegacyPanel(lang="en", seed=4)
    p.bot_turn()
    href = p.download.value.split('href="')[1].split('"')[0]
    assert href.startswith("data:application/json;base64,")
    text = base64.b64decode(href.split(",", 1)[1]).decode("utf-8")
    assert text == p.campaign.to_json()
    q = LegacyPanel(lang="en", seed=9)
    q.upload.value = ({"name": "mine.json", "type": "application/json", "size": len(text),
                       "content": memoryview(text.encode("utf-8")),
                       "last_modified": datetime.datetime(2024, 1, 1)},)
    assert q.campaign.to_json() == text
    assert "Campaign loaded: mine.json" in q.message.value


def test_a_broken_upload_is_refused_and_the_campaign_stays():
    p = LegacyPanel(lang="en", seed=5)
    before = p.campaign.to_json()
    broken = json.loads(before)
    broken["zones"]["box"] = []
    assert not p.load_text(json.dumps(broken), "bad.json")
    assert p.campaign.to_json() == before and "Not allowed" in p.message.value


def test_companion_mode_asks_for_the_top_card():
    p = LegacyPanel(lang="pl", campaign=Campaign.new(demo_pack(), 0, manual=True))
    assert "Tryb towarzysza" in p.header.value
    assert sorted(b.tooltip for b in p.buttons) == sorted(f"reveal {n}" for n in range(1, 11))
    button(p, "reveal 7").click()
    assert p.campaign.play == [7]
