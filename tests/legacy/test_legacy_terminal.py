"""Playing a campaign in the terminal (``papertales legacy play``), driven by scripted input:
moves in the notation or by number, words for every move and result, the warning before
unspent resources are lost, undo, saving after every move and going on from the file,
companion mode with cards entered on the way."""

import io
import json

import pytest

from legacy_helpers import card, pack_dict, stage

from kingdom_legacy import Campaign, SaveError, demo_pack, load_pack
from kingdom_legacy.cli import main
from kingdom_legacy.terminal import Session


def play(argv, *lines):
    out = io.StringIO()
    code = main(["play", *argv], out, io.StringIO("".join(line + "\n" for line in lines)))
    return code, out.getvalue()


def test_moves_typed_in_the_notation_or_by_number_play_the_same_campaign(tmp_path):
    save = tmp_path / "kingdom.json"
    code, out = play(["--demo", "--seed", "1", "--save", str(save)], "2", "produce 3 1", "quit")
    assert code == 0
    assert "Kingdom Legacy — Invented demo kingdom" in out and "NOT the printed cards" in out
    assert "   2  skip 9 1               Skip #9 Harbour: Optional activated effect when played: gain 1 coin." in out
    assert "▶ Produce with #3 Quarry: discard it, gain 1 stone  [produce 3 1]" in out
    assert "  · [R1 T1] #3 Quarry is discarded to produce 1 stone" in out
    assert "— Round 1, turn 1 · glory 0 · resources: 1 stone —" in out
    c = Campaign.new(demo_pack(), 1)
    for a in ("skip 9 1", "produce 3 1"):
        c.apply(a)
    assert json.loads(save.read_text(encoding="utf-8")) == c.to_dict()


def test_a_move_that_loses_resources_asks_first():
    code, out = play(["--demo", "--seed", "1"], "skip 9 1", "produce 3 1", "develop", "history", "develop",
                     "yes", "history")
    assert ("Careful: 'develop' loses resources you have not spent: 1 stone. "
            "Type 'yes' to do it anyway, anything else to think again.") in out
    first, second = (part.split("\n> ")[0].split("End of the input.")[0] for part in out.split("> history")[1:])
    assert first.split() == ["1", "skip", "9", "1", "2", "produce", "3", "1"]      # not done yet
    assert second.split()[-2:] == ["3", "develop"]
    assert "Unspent resources are lost: 1 stone" in out


def test_refused_moves_and_commands_explain_and_change_nothing(tmp_path):
    save = tmp_path / "s.json"
    code, out = play(["--demo", "--seed", "1", "--save", str(save)], "produce 3 1", "produce 3 x1", "99", "fly",
                     "show 15", "yes", "undo 4", "²", "show ³", "restart 1e3")
    assert code == 0
    assert "Not allowed: you cannot 'produce 3 1' now: the order of triggered effects is waiting first." in out
    assert "'produce 3 x1': 'x1' is neither a card number nor a word" in out
    assert "There is no move 99: the list has 2 moves." in out
    assert "card 15 is still in the box" in out and "There is nothing to confirm." in out
    assert "there is no move to take back yet" in out and "from 1 to 0" not in out
    assert "'²' is not an action" in out and "Write: show CARD" in out and "Write: restart, or restart SEED" in out
    assert json.loads(save.read_text(encoding="utf-8"))["history"] == []


def test_undo_and_going_on_from_a_saved_file(tmp_path):
    save = tmp_path / "s.json"
    play(["--demo", "--seed", "5", "--save", str(save)], "1", "1", "1", "undo", "1")
    once = json.loads(save.read_text(encoding="utf-8"))
    code, out = play(["--resume", str(save)], "1", "history")
    assert code == 0 and "1 move taken back" not in out
    again = json.loads(save.read_text(encoding="utf-8"))
    assert again["history"][:-1] == once["history"] and len(again["history"]) == 4
    c = Campaign.new(demo_pack(), 5)
    for h in again["history"]:
        c.apply(h)
    assert c.to_dict() == again


def test_in_polish():
    code, out = play(["--demo", "--seed", "1", "--lang", "pl"], "skip 9 1", "produce 3 1", "develop")
    assert "— Runda 1, tura 1 · chwała: 0 · zasoby: 1 kamień —" in out
    assert "Produkcja: odrzuć kartę #3 Kamieniołom i zyskaj 1 kamień" in out
    assert "Uwaga: po 'develop' przepadną niewydane zasoby: 1 kamień." in out


def test_companion_mode_with_a_card_entered_on_the_way(tmp_path):
    raw = pack_dict([card(4, stage("Crown", glory=5))], box=4, start=2, final=4)   # card 3 not entered yet
    mine = tmp_path / "box.json"
    mine.write_text(json.dumps(raw), encoding="utf-8")
    save = tmp_path / "campaign.json"
    script = ["reveal 2", "pass", "pass", "blank 3", "state"]
    code, out = play(["--pack", str(mine), "--companion", "--save", str(save)], *script)
    assert "Companion mode" in out and "which card is on top of your draw pile?" in out
    assert "Card 3 has not been entered yet: a blank stands in for it" in out
    raw["cards"].append(card(3, stage("Hut", production=[{"wood": 1}])))
    mine.write_text(json.dumps(raw), encoding="utf-8")
    code, out = play(["--resume", str(save), "--pack", str(mine)], "reload", "show 3")
    assert "cards entered: none" in out                           # --pack with --resume entered it already
    assert "The four stages of #3 Hut:" in out
    saved = json.loads(save.read_text(encoding="utf-8"))
    assert saved["edits"] and saved["edits"][0]["card"]["number"] == 3


def test_a_manual_step_in_the_terminal():
    code, out = play(["--demo", "--seed", "1"], "skip 9 1", "manual start", "manual gain coin", "manual move 2 discard",
                     "manual done", "log 4")
    assert "Tools of a manual step (type them in full):" in out and "   manual move CARD top|bottom" in out
    assert "Stickers left: 1: sticker 1 (wood sticker) ×2" in out
    assert "[R1 T1] By hand: #2 Woodland goes from play onto the discard pile" in out
    assert "[R1 T1] You gain 1 coin (manual step)" in out


def test_the_end_of_a_campaign_offers_the_mini_expansion():
    raw = pack_dict([card(3, stage("Crown", glory=5)), card(4, stage("Winter", ["event"], permanent=True))],
                    box=4, start=2, final=3, expansions=[{"card": 4, "rounds": 1, "purge": 2, "purge_permanent": 0}])
    c = Campaign.new(load_pack(raw), 0)
    while not c.is_over:
        c.apply("pass" if c.decision() == "main" else c.legal_actions()[0])
    out = io.StringIO()
    Session(c, out, "en").run(["expansion 4"])
    assert "The campaign is over: glory 5. You may begin a mini-expansion, or quit." in out.getvalue()
    assert "Mini-expansion #4 Winter: a purge, then 1 round without discovering cards" in out.getvalue()


def test_a_broken_save_names_the_file_and_the_field(tmp_path, capsys):
    save = tmp_path / "kingdom.json"
    play(["--demo", "--save", str(save)], "skip 9 1")
    d = json.loads(save.read_text(encoding="utf-8"))
    d["purged_glory"] = -1
    save.write_text(json.dumps(d), encoding="utf-8")
    code, out = play(["--resume", str(save)], "pass")
    err = capsys.readouterr().err
    assert code == 2 and out == "" and err.count("\n") == 1
    assert f"{save}: this save cannot be loaded: field purged_glory: must be between 0 and 99999, got -1" in err


def test_a_restart_asks_first_keeps_the_campaign_in_a_file_and_undo_brings_it_back(tmp_path):
    save = tmp_path / "kingdom.json"
    code, out = play(["--demo", "--seed", "1", "--save", str(save)], "skip 9 1", "produce 3 1", "restart", "history")
    assert ("Start the campaign again from the beginning? Its 2 moves are set aside: 'undo' right after the restart "
            "brings them back. Type 'yes' to start again, anything else to keep playing.") in out
    assert json.loads(save.read_text(encoding="utf-8"))["history"] == ["skip 9 1", "produce 3 1"]   # not restarted
    before = save.read_text(encoding="utf-8")
    code, out = play(["--resume", str(save)], "restart 7", "yes", "history")
    backup = tmp_path / "kingdom.before-restart.json"
    assert "The campaign starts again (seed 7)." in out
    assert f"The campaign before the restart is kept in {backup}" in out and "No move yet." in out
    assert backup.read_text(encoding="utf-8") == before
    assert json.loads(save.read_text(encoding="utf-8"))["seed"] == 7
    code, out = play(["--resume", str(save)], "restart", "yes", "1", "restart", "yes", "undo")
    assert "The campaign starts again (seed 7)." in out and "There is nothing to confirm." in out   # no move to lose
    assert "The restart was taken back: you are after move 1 of the campaign you had." in out
    assert json.loads(save.read_text(encoding="utf-8"))["history"] == ["resolve 9 1"]
    code, out = play(["--demo", "--seed", "1"], "skip 9 1", "restart", "yes", "1", "undo", "undo", "history")
    assert "The campaign before the restart is kept until you quit: 'undo' brings it back." in out
    assert "The restart was taken back: you are after move 1 of the campaign you had." in out
    assert out.rsplit("> history", 1)[1].split()[:4] == ["1", "skip", "9", "1"]


def test_a_restart_is_refused_once_the_reset_card_is_discovered_in_both_languages():
    raw = pack_dict([card(4, stage("Crown", glory=5))], box=4, start=2, final=4, reset_until=3)
    c = Campaign.new(load_pack(raw), 0, manual=True)
    while c.round < 2 or c.decision() == "enter":
        c.apply("pass" if c.decision() == "main" else c.legal_actions()[0])
    for lang, said in (("en", "Not allowed: card 3 has been discovered: the campaign can no longer be reset"),
                       ("pl", "Niedozwolone: karta 3 została odkryta: kampanii nie można już zresetować")):
        out = io.StringIO()
        before = c.to_json()
        Session(c, out, lang).run(["restart", "yes"])
        assert said in out.getvalue() and c.to_json() == before


# ---------------------------------------------------------------------------- a terminal that feels like one (#28)

def test_commands_and_moves_in_polish_with_or_without_the_polish_letters():
    code, out = play(["--demo", "--seed", "1", "--lang", "pl"], "pomiń 9 1", "produkuj 3 1", "rozwin", "tak",
                     "ręcznie początek", "ręcznie zyskaj monetę", "reczne", "RĘCZNIE zyskaj drewno",
                     "ręcznie gotowe", "historia")
    assert "Uwaga: po 'develop' przepadną niewydane zasoby: 1 kamień. Wpisz 'tak'" in out
    assert out.rsplit("> historia", 1)[1].split()[:16] == [
        "1", "skip", "9", "1", "2", "produce", "3", "1", "3", "develop", "4", "manual", "start", "5", "manual", "gain"]
    assert "Niedozwolone: 'reczne' to nie akcja" in out                   # a word that is no command is refused
    assert ("Polecenia: pomoc, ruchy, pokaż, stan, dziennik, historia, cofnij, wróć, zacznij, zapisz, wczytaj, tak, "
            "koniec; numer wybiera ruch z listy.") in out
    assert "Zyskujesz 1 monetę (krok ręczny)" in out and "Zyskujesz 1 drewno (krok ręczny)" in out


def test_no_polish_word_means_two_things():
    from kingdom_legacy.terminal import plain_word
    from papertales.i18n import catalogue
    seen = {}
    for key, value in catalogue("pl").items():
        if key.startswith("legacy.word."):
            for w in value.split("|"):
                english = catalogue("en")[key]
                assert seen.setdefault(plain_word(w), english) == english, (w, seen[plain_word(w)], english)


def test_the_language_is_kept_in_the_save(tmp_path):
    save = tmp_path / "kampania.json"
    play(["--demo", "--seed", "1", "--lang", "pl", "--save", str(save)], "pomiń 9 1")
    assert json.loads(save.read_text(encoding="utf-8"))["lang"] == "pl"
    code, out = play(["--resume", str(save)], "stan")
    assert "— Runda 1, tura 1 · chwała: 0" in out and "Round 1" not in out
    code, out = play(["--resume", str(save), "--lang", "en"], "state")          # --lang still chooses
    assert "— Round 1, turn 1 · glory 0" in out
    assert json.loads(save.read_text(encoding="utf-8"))["lang"] == "en"
    d = json.loads(save.read_text(encoding="utf-8"))
    d["lang"] = "xx"
    with pytest.raises(SaveError) as info:
        Campaign.from_json(json.dumps(d))
    assert info.value.message("pl") == "nie można wczytać zapisu: pole lang: musi być jednym z: en, pl, a jest 'xx'"


def test_several_cards_of_your_pile_at_once_in_companion_mode():
    c = Campaign.new(demo_pack(), 0, manual=True)
    out = io.StringIO()
    Session(c, out, "pl").run(["odsłoń 3 1 4 6"])
    assert c.play == [3, 1, 4, 6] and c.history == ["reveal 3", "reveal 1", "reveal 4", "reveal 6"]
    code, out = play(["--demo", "--companion"], "reveal 3 99 4", "history")
    assert "you cannot 'reveal 99' now" in out
    assert out.rsplit("> history", 1)[1].split()[:3] == ["1", "reveal", "3"]           # up to the card refused


def test_a_file_name_is_not_translated(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out = play(["--demo", "--seed", "1", "--lang", "pl"], "zapisz gra")       # "gra" is also the word for play
    assert (tmp_path / "gra").exists() and not (tmp_path / "play").exists()
