"""The solo-mode panels driven from Python: the Lich King panel, a solo game played by
clicking, the companion mode for the physical game and the pack editor.  The numbers are
worked out by hand (the solo rules' turn-2 examples, and the illustrative cards)."""

import pytest
import base64
import json
import re
from html import unescape
from datetime import datetime, timezone


from papertales import Game, load_pack
from papertales import solo
from papertales.cards import card_set
from papertales_widgets import lp_series
from papertales_widgets.companion import RULES_EXAMPLE, CompanionPanel, PackEditor
from papertales_widgets.lichking import LichKingPanel, SoloGame
from papertales_widgets.solocalc import solo_record
from papertales.state import Unit

RULES_NETHERWORLD = ["miner", "knight", "veteran", "treefolk", "farmer", "cook", "archer"]


def text(html):
    """What a person reads: no style sheets, no tags."""
    html = re.sub(r"<style>.*?</style>", "", html, flags=re.S)
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip())


def necro(id, pile, immediate=0, req=None, lp=0, black=0, purple=0):
    c = {"id": id, "name": id.title(), "pile": pile, "immediate_lp": immediate, "black": black, "purple": purple}
    if req is not None:
        c["quest"] = {"requirement": req, "lp": lp}
    return c


# the solo rules' examples (the requirements are ours, the rules do not print them): card 1
# gives 1 LP per Miner, card 2 has immediate 1, 2 LP per unit of printed strength 3+, Black 2
# Purple 3; card 3 has Black 4, Purple 5 -- and a second pile-3 card for the forecast range
EXAMPLE = load_pack({"format": "papertales-pack/1", "id": "test-example", "necropolis": [
    necro("one", "1", 0, {"card": "miner"}, 1, 1, 1),
    necro("two", "2", 1, {"strength_at_least": 3}, 2, 2, 3),
    necro("three", "3", 0, None, 0, 4, 5),
    necro("three_b", "3", 0, None, 0, 1, 7),
    necro("four", "4", 0, None, 0, 5, 5),
    necro("end", "E", 6, None, 0, 6, 6)]})


def example_game():
    """Turn 2 of a solo game with the line one, two, three, four, end."""
    g = Game.new(players=1, seed=0, cards=card_set(EXAMPLE))
    g.lich.line = [g.cards.necropolis[i] for i in (0, 1, 2, 4, 5)]
    g.turn, g.lich.time, g.lich.revealed = 2, 1, 2
    return g


def take(g, ids):
    out = []
    for i in ids:
        out.append(g.draw.pop(next(k for k, c in enumerate(g.draw) if c.id == i)))
    return out


def play_to_the_end(panel, limit=200):
    for _ in range(limit):
        g = panel.game
        if g.is_over:
            return g
        p = panel.decision_panel()
        if p is None:
            panel.to_end.click()
        elif p.kind == "deploy":
            [b for b in p.buttons if "pt-done" in b._dom_classes][0].click()
        else:
            p.buttons[0].click()
    raise AssertionError("the game did not end")


# ------------------------------------------------------------------ Lich King panel

def test_panel_shows_the_rules_turn_2_gains_card_by_card():
    g = example_game()
    g.phase = "recruitment"
    g.lich.netherworld = take(g, RULES_NETHERWORLD)
    panel = LichKingPanel(g)
    assert not panel.messages.errors
    assert panel.gains_turn.options == (("now (Netherworld so far)", 0),)
    gains = panel.gains
    assert gains.live and gains.total == 8                       # immediate 1 + 1 x 1 + 3 x 2
    assert [(kind, c.id, lp) for kind, c, lp, _ in gains.causes()] == [
        ("immediate", "two", 1), ("quest", "one", 1), ("quest", "two", 6)]
    html = panel.gains_html.value
    assert "data-total='8'" in html and "Total: 8 LP" in text(html)
    assert "data-quest='one' data-lp='1'" in html and "data-quest='two' data-lp='6'" in html
    assert "1 × 1 = 1 LP" in text(html) and "3 × 2 = 6 LP" in text(html)
    # the bars: one segment per Netherworld card meeting the quest, the immediate gain apart
    fig = panel.gains_fig
    assert list(fig.data[0].x) == ["1: One", "2: Two"]
    assert list(fig.data[0].y) == [0, 1]                         # immediate gain of card 2
    assert [list(fig.data[k].y) for k in (1, 2, 3, 4)] == [[1, 2], [0, 2], [0, 2], [0, 0]]
    # (the Netherworld is shown sorted by name: which card is on top stays hidden)
    assert [fig.data[1].text[0], fig.data[1].text[1], fig.data[2].text[1], fig.data[3].text[1]] == [
        "Miner", "Knight", "Treefolk", "Veteran"]
    assert "printed strength 3 or more" in fig.data[2].hovertext[1]
    # the line: cards 1 and 2 face up, the Time pawn on card 2, cards 3, 4, E face down
    line = panel.line_html.value
    assert line.count('data-revealed="1"') == 2 and line.count('data-revealed="0"') == 3
    assert 'pt-necro pt-current" data-pile="2"' in line


def test_panel_armies_forecast_then_the_rules_war_example():
    g = example_game()
    g.players[0].units[0] = Unit(*take(g, ["forest_spirit"]))
    g.players[0].units[1] = Unit(*take(g, ["golem"]))
    g.phase = "deployment"
    panel = LichKingPanel(g)
    a = panel.armies
    # card 3 is not revealed yet: it is one of the two pile-3 cards (Black 4 or 1, Purple 5 or 7)
    assert a.strength == 6 and a.hidden["pile"] == "3"
    assert (a.black_total, a.purple_total) == (2, 3)
    assert a.hidden["black"] == (1, 4) and a.hidden["purple"] == (5, 7)
    shown = text(panel.armies_html.value)
    assert "Black army 3 to 6" in shown and "Purple army 8 to 10" in shown
    assert "A strength of 10 wins both wars" in shown
    assert "forecast" in panel.armies_fig.layout.title.text
    assert list(panel.armies_fig.data[3].y) == [0, 3, 2]       # the hatched "up to" part
    # the Wars reveal card 3: Black 2 + 4 = 6, Purple 3 + 5 = 8; strength 6 ties Black, loses
    g.lich.revealed = 3
    panel.show(g)
    a = panel.armies
    assert a.hidden is None and (a.black_total, a.purple_total) == (6, 8)
    assert a.outcome()[:2] == (3, 2)                           # you +3, the Lich King +2
    html = panel.armies_html.value
    assert "data-you-lp='3'" in html and "data-lich-lp='2'" in html
    assert "tie: both win" in text(html) and "the army wins" in text(html)
    assert list(panel.armies_fig.data[0].y) == [6, 0, 0]
    assert list(panel.armies_fig.data[1].y) == [0, 2, 3] and list(panel.armies_fig.data[2].y) == [0, 4, 5]


def test_panel_refuses_a_multiplayer_game():
    panel = LichKingPanel(Game.new(players=3, seed=1))
    assert "not a solo game" in panel.messages.last_error


# ------------------------------------------------------------------ a solo game by clicking

def test_solo_game_starts_with_the_illustrative_warning_and_a_hidden_next_card():
    play = SoloGame(seed=4)
    g = play.game
    assert g.n == 1 and g.lich is not None and g.players[0].name == "You"
    assert 'data-illustrative="1"' in play.banner.value
    assert "NOT the printed" in text(play.banner.value)
    assert "1st pick: 5 cards drawn" in text(play.status.value)
    assert play.decision_panel().kind == "draft" and len(play.decision_panel().buttons) == len({t.id for t in g.players[0].pack})
    a = play.lich.armies
    assert a.hidden["pile"] == "2"
    # pile 2 of the illustrative pack (rebalanced): Black 2, 2, 2, 2 and Purple 3, 2, 2, 2
    assert a.hidden["black"] == (2, 2) and a.hidden["purple"] == (2, 3)


def test_solo_game_pick_and_undo():
    play = SoloGame(seed=4)
    pack = [t.id for t in play.game.players[0].pack]
    play.decision_panel().buttons[0].click()
    g = play.game
    assert [t.id for t in g.players[0].hand] == [pack[0]]
    assert len(g.lich.netherworld) == 4                          # the 4 others
    assert "2nd pick: 4 cards drawn" in text(play.status.value)
    assert play.lich.gains_turn.value == 0                       # the Netherworld so far
    assert len(play.lich.gains.netherworld) == 4
    play.undo_button.click()
    assert [t.id for t in play.game.players[0].pack] == pack and not play.game.players[0].hand


@pytest.mark.slow
def test_a_whole_solo_game_by_clicking_matches_the_engine():
    play = SoloGame(seed=11, lich_king_cards=2)
    g = play_to_the_end(play)
    assert not play.messages.errors and not play.lich.messages.errors
    lk = g.lich
    # the verdict: strictly more LP than the Lich King wins
    winner = "you" if g.players[0].lp > lk.lp else "lich"
    assert f"data-winner='{winner}'" in play.final.value
    assert f"data-lich-lp='{lk.lp}'" in play.lich.header.value
    # every Recruitment: the panel draws the engine's records, which add up to the LP logged
    record = solo_record(g)
    assert sorted(record.recruitment) == [1, 2, 3, 4]
    for turn, gains in record.recruitment.items():
        logged = sum(e.amount for e in g.events
                     if e.seat == solo.LICH and e.kind == "lp" and e.turn == turn and e.phase == "recruitment")
        assert gains.total == logged == sum(lp for _, _, lp, _ in gains.causes())
        assert len(gains.netherworld) == 7 and [c.id for c in gains.line] == [c.id for c in lk.line[:turn]]
        for card, matches, each, lp in gains.quests():
            assert lp == each * len(matches) and all(m in gains.netherworld for m in matches)
    # every Wars: the record's LP are those the engine logged
    assert sorted(record.wars) == [1, 2, 3, 4]
    for turn, armies in record.wars.items():
        you, lich, _ = armies.outcome()
        assert armies.resolved
        assert lich == sum(e.amount for e in g.events if e.seat == solo.LICH and e.kind == "lp"
                           and e.turn == turn and e.phase == "wars")
        assert you == 3 * sum(e.amount for e in g.events if e.seat == 0 and e.kind == "war" and e.turn == turn)
    # the panel: one button per Recruitment, the score race ends at both scores
    assert play.lich.gains_turn.options == tuple((f"turn {t}", t) for t in (1, 2, 3, 4))
    play.lich.gains_turn.value = 2
    assert f"data-total='{record.recruitment[2].total}'" in play.lich.gains_html.value
    race = play.lich.race_fig
    assert race.data[0].y[-1] == g.players[0].lp and race.data[1].y[-1] == lk.lp
    assert list(race.data[0].y) == lp_series(g)[1][0]            # same as the app's score race
    assert list(race.data[0].x)[-1] == "T4 End"
    assert play.lich.log_html.value.count("<tr data-seat='-2'>") == sum(
        1 for e in g.events if e.seat == solo.LICH and e.kind == "lp")
    assert all(b.disabled for b in (play.next_phase, play.next_turn, play.to_end))


def test_new_game_button_and_its_difficulty():
    play = SoloGame(seed=1)
    play.seed.value = 8
    play.lich_count.value = 3
    play.new_button.click()
    assert play.game.seed == 8 and len(play.game.lich.cards) == 3
    assert text(play.lich.line_html.value).count("NOT the printed one") == 3   # the cards' own texts


# ------------------------------------------------------------------ companion mode

def enter_rules_example(c):
    f = c.forms
    f["1"].requirement.kind.value = "card"
    f["1"].requirement.card.value = "miner"
    f["1"].quest_lp.value = 1
    f["2"].immediate.value = 1
    f["2"].requirement.kind.value = "strength_at_least"
    f["2"].requirement.number.value = 3
    f["2"].quest_lp.value = 2
    f["2"].black.value, f["2"].purple.value = 2, 3
    f["3"].black.value, f["3"].purple.value = 4, 5
    c.turn.value = 2
    for dropdown, unit in zip(c.netherworld, RULES_NETHERWORLD):
        dropdown.value = unit


def test_companion_scores_the_rules_turn_2_example():
    c = CompanionPanel()
    enter_rules_example(c)
    c.strength.value = 6
    c.score_button.click()
    assert not c.messages.errors
    assert c.gains.total == 8                                    # 1 + 1 x 1 + 3 x 2
    assert [(lp, [u.name for u in m]) for _, _, lp, m in c.gains.causes()] == [
        (1, []), (1, ["Miner"]), (6, ["Knight", "Veteran", "Treefolk"])]
    assert "data-total='8'" in c.result.value
    assert "immediate gain" in text(c.result.value)
    assert list(c.fig.data[0].y) == [0, 1] and list(c.fig.data[1].y) == [1, 2]
    # the Wars: Black 2 + 4 = 6, Purple 3 + 5 = 8 against strength 6
    wars = c.wars_html.value
    assert "data-army='black'>6" in wars and "data-army='purple'>8" in wars
    assert "data-you-lp='3'" in wars and "data-lich-lp='2'" in wars
    # nothing illustrative was used: no warning
    assert c.banner.value == "" or "data-illustrative" not in c.banner.value
    c.sheet_button.click()
    assert c.sheet == {2: {"recruitment": 8, "wars": 2}}
    assert "data-sheet-total='10'" in c.sheet_html.value


def test_companion_end_of_the_game():
    c = CompanionPanel()
    c.fill_from(E="world_tomb")                                 # illustrative: immediate 7
    c.lich_cards.value = ("war_drums",)                          # +2 LP at the end
    c.turn.value = 5
    c.sheet_button.click()
    assert [(name, lp) for _, name, lp, _ in c.end_rows] == [("World Tomb", 7), ("War Drums", 2)]
    assert "data-sheet-total='9'" in c.sheet_html.value
    assert 'data-illustrative="1"' in c.banner.value


def test_companion_from_the_illustrative_cards_says_so_and_counts_lich_king_cards():
    c = CompanionPanel()
    c.fill_from(**{"1": "ashen_gate", "2": "weeping_crypt", "3": "black_spire"})
    assert 'data-illustrative="1"' in c.banner.value
    c.turn.value = 2
    for dropdown, unit in zip(c.netherworld, ["knight", "kraken", "woodcutter", "farmer", "cook", "archer", "monkey"]):
        dropdown.value = unit
    c.score_button.click()
    # Ashen Gate: strength 4+ -> Knight, Kraken: 2 x 1; Weeping Crypt: wood -> Woodcutter:
    # 1 x 2; its immediate gain 1
    assert c.gains.total == 5
    c.lich_cards.value = ("soul_harvest", "dread_tribute")       # +1 LP per match, +1 LP
    c.score_button.click()
    assert c.gains.total == 2 * 2 + 1 * 3 + 1 + 1
    # your own value in a row: that row is no longer the illustrative card
    c.lich_cards.value = ()
    c.forms["1"].black.value += 1
    assert c.origin["1"] is None and c.origin["2"]
    assert c.fill["1"].value == "" and c.fill["2"].value == "weeping_crypt"
    assert 'data-illustrative="1"' in c.banner.value
    c.forms["2"].black.value = 9
    c.forms["3"].black.value = 9
    assert "data-illustrative" not in c.banner.value


def test_companion_shows_the_engine_errors():
    c = CompanionPanel()
    enter_rules_example(c)
    c.forms["2"].immediate.value = -1
    c.score_button.click()
    assert "immediate_lp: must be a whole number from 0 to 30, got -1" in c.messages.last_error
    c.forms["2"].immediate.value = 1
    c.forms["3"].requirement.kind.value = "json"
    c.forms["3"].requirement.json.value = '{"strength_at_least": "four"}'
    c.score_button.click()
    assert "expected a whole number, got 'four'" in c.messages.last_error
    c.forms["3"].requirement.json.value = '{"any": [{"kind": "relic"}'
    c.score_button.click()
    assert "not valid JSON" in c.messages.last_error
    assert not [e for e in c.messages.errors if "Something went wrong" in e or "Error:" in e.split(":")[0]]
    c.forms["3"].requirement.json.value = '{"any": [{"kind": "relic"}, {"kind": "artifact"}]}'
    c.score_button.click()
    assert c.messages.layout.display == "none" and c.gains.total == 8


# ------------------------------------------------------------------ your own cards

def enter_five_cards(ed):
    f = ed.necro_form
    for i, pile in enumerate("1234E"):
        f.card_id.value = f"crypt_{pile.lower()}"
        f.card_name.value = f"Crypt {pile}"
        f.pile.value = pile
        f.immediate.value = i
        f.black.value, f.purple.value = i + 1, i + 2
        f.requirement.kind.value = "produces"
        f.requirement.resource.value = "food"
        f.quest_lp.value = 2
        ed.add_necro.click()
    assert not ed.messages.errors


@pytest.mark.slow
def test_pack_editor_builds_a_pack_the_engine_accepts_and_plays():
    play = SoloGame(seed=3)
    companion = CompanionPanel()
    ed = PackEditor(targets=[play, companion])
    ed.necro_form.card_name.value = "Crypt 1"
    ed.add_necro.click()
    ed.check_button.click()
    assert "Not ready for a solo game yet" in text(ed.summary.value)
    assert "missing pile(s) 2, 3, 4, E" in text(ed.summary.value)
    ed.use_button.click()
    play.new_button.click()                                      # the engine refuses: shown
    assert "missing pile(s) 2, 3, 4, E" in play.messages.last_error
    ed.necro_list.value = 0
    ed.del_necro.click()
    enter_five_cards(ed)
    ed.lk_id.value = "legion"
    ed.lk_name.value = "Legion"
    ed.lk_abilities[0][0].value = ("wars", "army_strength", "black")
    ed.lk_abilities[0][1].value = 2
    ed.add_lk.click()
    ed.check_button.click()
    assert "Ready for a solo game" in text(ed.summary.value)
    data = json.loads(ed.json.value)
    assert [c["id"] for c in data["necropolis"]] == ["crypt_1", "crypt_2", "crypt_3", "crypt_4", "crypt_e"]
    assert data["necropolis"][2] == {"id": "crypt_3", "name": "Crypt 3", "pile": "3", "immediate_lp": 2,
                                     "black": 3, "purple": 4, "quest": {"requirement": {"produces": "food"}, "lp": 2}}
    assert data["lich_king_cards"] == [{"id": "legion", "name": "Legion", "abilities": [
        {"on": "wars", "do": "army_strength", "amount": 2, "army": "black"}]}]
    assert load_pack(data)["id"] == "my-solo-cards"
    assert "download my-solo-cards.json" in ed.download.value
    # download, upload into a fresh editor: the same pack (through the browser, never a
    # server path)
    href = re.search(r'href="data:application/json;base64,([^"]+)"', ed.download.value).group(1)
    other = PackEditor()
    other.upload.value = ({"name": "my-solo-cards.json", "type": "application/json", "size": 1,
                           "content": memoryview(base64.b64decode(href)),
                           "last_modified": datetime(2024, 1, 1, tzinfo=timezone.utc)},)
    assert not other.messages.errors and other.data() == ed.data()
    assert other.upload.value == ()                    # emptied: the same file can come again
    # use it: a whole game with your cards, no illustrative warning
    ed.use_button.click()
    assert play.card_source.value == "user"
    play.lich_count.value = 1
    play.new_button.click()
    assert [c.id for c in play.game.lich.line] == ["crypt_1", "crypt_2", "crypt_3", "crypt_4", "crypt_e"]
    assert play.game.lich.cards[0].id == "legion"
    assert "data-illustrative" not in play.banner.value
    a = play.lich.armies
    assert a.black_total == 1 + 2 and a.hidden["black"] == (2, 2)   # card 1, Legion; card 2 is Black 2
    refused = len(play.messages.errors)                           # the refused game above
    g = play_to_the_end(play)
    assert g.is_over and len(play.messages.errors) == refused and not play.lich.messages.errors
    # Crypt E's immediate 4 at the end
    assert [e.amount for e in g.events if e.seat == solo.LICH and e.phase == "end"] == [4]
    # the companion can fill its rows from your cards
    companion.fill_from(**{"2": "crypt_2"})
    assert companion.forms["2"].black.value == 2 and companion.forms["2"].requirement.spec == {"produces": "food"}
    assert "data-illustrative" not in companion.banner.value


def test_pack_editor_shows_the_engine_errors():
    ed = PackEditor()
    f = ed.necro_form
    f.card_id.value = "bad"
    f.requirement.kind.value = "json"
    f.requirement.json.value = '{"flies": true}'
    ed.add_necro.click()
    assert "unknown requirement 'flies'; allowed: strength_at_least" in ed.messages.last_error
    assert ed.necropolis == []
    ed.lk_id.value = "empty"
    ed.add_lk.click()
    assert "'abilities' must be a non-empty list" in ed.messages.last_error
    ed.json.value = '{"format": "papertales-pack/1", "id": "x", "necropolis": [' \
                    '{"id": "a", "pile": "7", "immediate_lp": 0, "black": 0, "purple": 0}]}'
    ed.load_button.click()
    assert "necropolis[0] ('a'): 'pile' must be one of 1, 2, 3, 4, E, got '7'" in ed.messages.last_error
    ed.json.value = "{oops"
    ed.load_button.click()
    assert "not valid JSON" in ed.messages.last_error
    ed.pack_id.value = "lich-king-illustrative"
    ed.check_button.click()
    assert "belongs to a built-in pack" in ed.messages.last_error
    assert not any("Something went wrong" in e for e in ed.messages.errors)


def test_pack_editor_starts_from_the_illustrative_cards_and_says_so():
    ed = PackEditor()
    ed.start_button.click()
    assert len(ed.necropolis) == 20 and len(ed.lich_king_cards) == 4
    assert ed.illustrative.value and 'data-illustrative="1"' in ed.banner.value
    assert "NOT the printed cards" in text(ed.messages.value)
    ed.lk_list.value = 3                                           # War Drums: two abilities
    assert ed.lk_abilities[0][0].value == ("wars", "gain_lp_per_army_win", None)
    assert ed.lk_abilities[1][0].value == ("end_of_game", "gain_lp", None) and ed.lk_abilities[1][1].value == 2
    ed.necro_list.value = 10                                       # Lich Library: any(relic, artifact)
    assert ed.necro_form.requirement.kind.value == "json"
    assert json.loads(ed.necro_form.requirement.json.value) == {"any": [{"kind": "relic"}, {"kind": "artifact"}]}
    ed.illustrative.value = False
    assert "data-illustrative" not in ed.banner.value


@pytest.mark.slow
def test_pack_editor_upload():
    ed = PackEditor()
    content = json.dumps({"format": "papertales-pack/1", "id": "up", "title": "Uploaded",
                          "necropolis": [necro("a", "1", 2, {"cost_at_most": 1}, 1, 1, 1)]}).encode()
    ed.upload.value = ({"name": "up.json", "type": "application/json", "size": len(content),
                        "content": memoryview(content), "last_modified": datetime.now(timezone.utc)},)
    assert not ed.messages.errors
    assert ed.pack_id.value == "up" and ed.necropolis[0]["quest"]["requirement"] == {"cost_at_most": 1}
    ed.necro_list.value = 0
    assert ed.necro_form.requirement.kind.value == "cost_at_most" and ed.necro_form.requirement.number.value == 1


def test_companion_from_code_says_the_rules_example_in_words():
    c = CompanionPanel()
    c.enter(**RULES_EXAMPLE)
    lines = c.score_text().splitlines()
    assert lines[-2] == "The Lich King scores 8 LP at the end of the Recruitment of turn 2"
    assert lines[-1].endswith("-> you +3 LP, the Lich King +2 LP")
    c.enter(turn=5, cards={"E": {"name": "End", "immediate_lp": 6, "black": 0, "purple": 0}})
    assert c.score_text().splitlines()[-1] == "The Lich King scores 6 LP at the end"


# ------------------------------------------------------------------ in Polish

def test_the_lich_king_panel_in_polish_and_back():
    g = example_game()
    g.phase = "recruitment"
    g.lich.netherworld = take(g, RULES_NETHERWORLD)
    panel = LichKingPanel(g, lang="pl")
    assert not panel.messages.errors
    assert text(panel.gains_head.value) == "Zyski Króla Liszów na koniec Rekrutacji"
    assert text(panel.armies_head.value).startswith("Wojny:")            # the phase's name
    assert panel.gains_turn.options == (("teraz (Zaświaty do tej pory)", 0),)
    html = text(panel.gains_html.value)
    assert "Razem: 8 PL" in html and "3 × 2 = 6 PL" in html and "Karta w Zaświatach" in html
    assert "nadrukowana siła 3 lub więcej" in html
    assert "Tura 2" in text(panel.header.value) and "Król Liszów" in text(panel.header.value)
    assert "znacznik Czasu" in text(panel.line_html.value) and "Zadanie:" in text(panel.line_html.value)
    assert panel.log_box.get_title(0).startswith("Dlaczego?")
    assert "Wyścig punktów" in panel.race_fig.layout.title.text
    assert "prognoza" in panel.armies_fig.layout.title.text or "gdyby" in panel.armies_fig.layout.title.text
    panel.set_language("en")
    assert text(panel.gains_head.value) == "The Lich King's gains at the end of Recruitment"
    assert text(panel.armies_head.value).startswith("Wars:")
    assert "Total: 8 LP" in text(panel.gains_html.value)


@pytest.mark.slow
def test_a_solo_game_in_polish_to_the_end():
    play = SoloGame(seed=11, lich_king_cards=1, lang="pl")
    assert play.game.players[0].name == "Ty"
    g = play_to_the_end(play)
    assert not play.messages.errors and not play.lich.messages.errors
    shown = text(play.lich.armies_html.value)
    assert "Twoja siła" in shown and "To dało:" in shown
    assert "Czarna armia" in shown and "Fioletowa armia" in shown
    assert "Razem:" in text(play.lich.gains_html.value)
    log = play.lich.log_html.value
    assert log.count("<tr data-seat='-2'>") == sum(1 for e in g.events if e.seat == solo.LICH and e.kind == "lp")
    assert "<th>Przyczyna</th>" in log and "Wojny" in text(log)


@pytest.mark.slow
def test_companion_and_pack_editor_in_polish():
    c = CompanionPanel(lang="pl")
    c.enter(**RULES_EXAMPLE)
    lines = c.score_text().splitlines()
    assert lines[-2] == "Król Liszów zdobywa 8 PL na koniec Rekrutacji w turze 2"
    assert lines[-1].endswith("-> ty +3 PL, Król Liszów +2 PL")
    assert "Karta Nekropolii 2: +1 PL, natychmiastowy zysk" in lines
    assert c.score_button.description == "Policz punkty Króla Liszów"
    assert c.forms["1"].requirement.kind.options[1] == ("nadrukowana siła co najmniej", "strength_at_least")
    c.set_language("en")
    assert c.score_button.description == "Score the Lich King"
    assert c.forms["1"].requirement.kind.value == "card"                 # the values stay
    assert c.fig.layout.title.text == "Turn 2: the Lich King scores 8 LP"
    ed = PackEditor(lang="pl")
    ed.start_button.click()
    assert "NIE są karty drukowane" in text(ed.messages.value)
    ed.check_button.click()
    assert "Silnik przyjmuje zestaw" in text(ed.summary.value) and "20 kart Nekropolii" in text(ed.summary.value)
    ed.set_language("en")
    assert ed.check_button.description == "Check and show the pack JSON"
    assert "The engine accepts pack" in text(ed.summary.value)
