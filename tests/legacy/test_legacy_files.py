"""Pack validation (errors name file, card, stage and field), save files (round trip,
broken saves refused whole), the message catalogue (every legacy. key in both languages)."""

import json
from pathlib import Path

import pytest
from legacy_helpers import demo_dict, fresh, pack_dict

from kingdom_legacy import Campaign, PackError, SaveError, load_pack
from papertales import i18n

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "kingdom_legacy" / "data" / "demo.json"


def pack_error(raw, name="mine.json"):
    with pytest.raises(PackError) as info:
        load_pack(raw, name)
    return info.value.message("en")


# ---------------------------------------------------------------------------- packs

def test_the_demo_pack_is_valid_invented_and_labelled():
    pack = load_pack(DEMO)
    assert pack.invented and len(pack.cards) == pack.box_size == 25
    assert "NOT the printed cards" in pack.raw["notice"]["en"]
    assert pack.kingdom_start == 10 and pack.final_card == 18


@pytest.mark.parametrize("edit, fragments", [
    (lambda d: d["cards"][6]["stages"]["front"]["production"][0].update(sword=-1),
     ["card 7", "stage front", "field production[0].sword", "between 1 and 99"]),
    (lambda d: d["cards"][0]["stages"]["front_rotated"]["upgrades"][0].update(to="back_rotated"),
     ["card 1", "stage front_rotated", "field upgrades[0].to", "no stage back_rotated"]),
    (lambda d: d["cards"][1]["stages"]["front"]["effects"][0]["do"][0].update(kind="teleport"),
     ["card 2", "stage front", "field effects[0].do[0].kind", "teleport"]),
    (lambda d: d["cards"][3]["stages"]["front"]["effects"][0].pop("cost"),
     ["card 4", "stage front", "field effects[0].cost", "needs a cost"]),
    (lambda d: d["cards"][4]["stages"]["front"].update(colour="red"),
     ["card 5", "stage front", "field colour", "unknown field"]),
    (lambda d: d["cards"][10]["stages"]["front"]["effects"][0].update(when="dawn"),
     ["card 11", "stage front", "field effects[0].when", "dawn"]),
    (lambda d: d["cards"][17]["stages"]["front"]["effects"][0].update(trigger="activated"),
     ["card 18", "stage front", "field effects[0].trigger", "permanent"]),
    (lambda d: d["cards"][2]["stages"]["front"]["production"][0].update(gold=1),
     ["card 3", "stage front", "field production[0].gold", "unknown resource"]),
    (lambda d: d["cards"][2]["stages"].pop("front"),
     ["card 3", "stage -", "field stages.front", "missing"]),
    (lambda d: d["cards"][3].update(number=3),
     ["card 3", "field number", "twice"]),
    (lambda d: d["cards"][11]["stages"]["front"].update(effects=[]),
     ["card 12", "stage front", "field effects", "parchment"]),
    (lambda d: d["cards"][1]["stages"]["front"]["effects"][0]["do"][1].update(to="back_rotated"),
     ["card 2", "stage front", "field effects[0].do[1].to", "no stage back_rotated"]),
    (lambda d: d.update(final_card=99), ["card -", "field final_card", "between 11 and 25"]),
])
def test_pack_errors_name_file_card_stage_and_field(edit, fragments):
    raw = demo_dict()
    edit(raw)
    msg = pack_error(raw)
    assert msg.startswith("mine.json: ")
    for f in fragments:
        assert f in msg, msg
    assert "\n" not in msg


def test_pack_errors_in_polish():
    raw = demo_dict()
    raw["cards"][6]["stages"]["front"]["glory"] = "many"
    with pytest.raises(PackError) as info:
        load_pack(raw, "moje.json")
    assert info.value.message("pl") == ("moje.json: karta 7, etap front, pole glory: "
                                        "musi być liczbą całkowitą, a jest 'many'")


def test_a_pack_may_leave_box_cards_out_but_not_the_starting_kingdom():
    load_pack(pack_dict([], box=30, start=10, final=25))      # an owner enters cards as discovered
    raw = pack_dict([], box=30, start=10, final=25)
    raw["cards"] = raw["cards"][1:]
    assert "missing: 1" in pack_error(raw)


def test_unreadable_and_not_json(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json", encoding="utf-8")
    assert "not valid JSON (line 1" in pack_error(bad, str(bad))
    with pytest.raises(PackError) as info:
        load_pack(tmp_path / "missing.json")
    assert "cannot read" in info.value.message("en")


# ---------------------------------------------------------------------------- saves

def test_save_round_trip_keeps_everything():
    c = fresh(3)
    c.apply(c.legal_actions()[0])
    text = c.to_json()
    d = Campaign.from_json(text)
    assert d.to_json() == text
    assert d.glory() == c.glory() and d.legal_actions() == c.legal_actions()
    assert d.describe("pl") == c.describe("pl")


def _broken(mutate):
    d = json.loads(fresh(2).to_json())
    mutate(d)
    with pytest.raises(SaveError) as info:
        Campaign.from_json(json.dumps(d))
    return info.value.message("en")


@pytest.mark.parametrize("mutate, fragment", [
    (lambda d: d.update(format="kingdom-legacy-campaign/9"), "field format"),
    (lambda d: d["zones"]["discard"].append(d["zones"]["box"][0]), "is in two places"),
    (lambda d: d["zones"]["box"].pop(), "are nowhere"),
    (lambda d: d["cards"]["1"].update(stage="back_rotated"), "field cards.1.stage"),
    (lambda d: d["cards"]["2"]["stickers"].append(["front", "gold"]), "field cards.2.stickers"),
    (lambda d: d["pool"].update(wood=-1), "field pool.wood"),
    (lambda d: d.update(round="two"), "field round"),
    (lambda d: d["blocked"].update({"15": 1}), "field blocked.15"),
    (lambda d: d["pack"]["cards"][0]["stages"]["front"].update(glory="x"), "pack inside this save"),
    (lambda d: d["history"].append("fly away"), "field history"),
    (lambda d: d.pop("queue"), "field queue: is missing"),
    (lambda d: d["work"].append({"t": "flow", "name": "rm -rf"}), "field work[0].name"),
])
def test_broken_saves_are_refused_whole(mutate, fragment):
    assert fragment in _broken(mutate)


def test_not_json_at_all():
    with pytest.raises(SaveError):
        Campaign.from_json("{{{")


# ---------------------------------------------------------------------------- messages

def _legacy_keys(lang):
    return {k for k in i18n.catalogue(lang) if k.startswith("legacy.")}


def test_every_legacy_key_exists_in_both_languages_in_our_own_files():
    import papertales_widgets  # noqa: F401  (the Kingdom Legacy panel's words: legacy.panel.*)
    en, pl = _legacy_keys("en"), _legacy_keys("pl")
    assert en == pl and len(en) > 300
    for lang in ("en", "pl"):
        own = json.loads((ROOT / "kingdom_legacy" / "locales" / lang / "legacy.json").read_text(encoding="utf-8"))
        panel = json.loads((ROOT / "widgets" / "locales" / lang / "legacy_panel.json").read_text(encoding="utf-8"))
        assert set(own) | set(panel) == _legacy_keys(lang)     # the game's legacy. keys and its panel's
        assert all(k.startswith("legacy.") for k in own) and all(k.startswith("legacy.panel.") for k in panel)
        assert set(i18n.catalogue(lang, "kingdom_legacy")) == set(own)


def test_every_event_kind_and_stage_has_a_message():
    from kingdom_legacy.cards import RESOURCES, STAGES, STEP_KINDS, TRIGGERS, WHENS
    keys = _legacy_keys("pl")
    for s in STAGES:
        assert f"legacy.stage.{s}" in keys
    for r in RESOURCES:
        assert isinstance(i18n.catalogue("pl")[f"legacy.resource.{r}"], dict)    # Polish plurals
    for k in STEP_KINDS:
        assert f"legacy.stepname.{k}" in keys
    for k in TRIGGERS:
        assert f"legacy.trigger.{k}" in keys
    for k in WHENS:
        assert f"legacy.when.{k}" in keys


def test_polish_uses_the_rulebook_terms():
    assert i18n.t("legacy.glory", "pl") == "chwała"
    assert i18n.t("legacy.resource.coin", "pl", n=2) == "monety"
    assert i18n.t("legacy.resource.coin", "pl", n=5) == "monet"
    assert "złotych zasad" in i18n.t("legacy.lesson.golden", "pl")


# ---------------------------------------------------------------------------- a byte-order mark, system errors

BOM = "\ufeff"


def test_a_pack_and_a_save_with_a_byte_order_mark_load(tmp_path):
    """Windows Notepad writes a UTF-8 byte-order mark first: the file is the same file."""
    raw = demo_dict()
    plain = load_pack(raw, "mine.json")
    mine = tmp_path / "mine.json"
    mine.write_bytes((BOM + json.dumps(raw, ensure_ascii=False)).encode("utf-8"))
    assert load_pack(mine).raw == plain.raw
    assert load_pack(BOM + json.dumps(raw), "mine.json").raw == plain.raw           # a text (the panel's upload)
    c = fresh(3)
    text = c.to_json()
    assert Campaign.from_json((BOM + text).encode("utf-8")).to_json() == text
    assert Campaign.from_json(BOM + text).to_json() == text


@pytest.mark.parametrize("broken, en, pl", [
    ('{"id": "x",}', "a field name in double quotes was expected here (is there a comma too many?)",
     "tu powinna być nazwa pola w podwójnym cudzysłowie (czy nie ma o jeden przecinek za dużo?)"),
    ('{"id" "x"}', "a colon was expected after the field name", "po nazwie pola powinien być dwukropek"),
    ('{"id": "x"} }', "more text after the end of the data", "dalszy tekst po końcu danych"),
    ('{"id": "x', "a text in quotes is not closed", "tekst w cudzysłowie nie jest zamknięty"),
])
def test_the_json_readers_complaint_is_given_in_the_games_language(broken, en, pl):
    with pytest.raises(PackError) as info:
        load_pack(broken, "mine.json")
    assert info.value.message("en").startswith("mine.json: not valid JSON (line 1, column ")
    assert info.value.message("en").endswith(en)
    assert info.value.message("pl").endswith(pl)
    with pytest.raises(SaveError) as info:
        Campaign.from_json(broken)
    assert info.value.message("pl").startswith("zapis nie jest poprawnym JSON-em (wiersz 1, kolumna ")
    assert info.value.message("pl").endswith(pl) and "Expecting" not in info.value.message("pl")


def test_a_system_error_is_given_in_the_games_language(tmp_path):
    with pytest.raises(PackError) as info:
        load_pack(tmp_path / "missing.json")
    assert info.value.message("pl") == f"{tmp_path / 'missing.json'}: nie można odczytać pliku: nie ma takiego pliku " \
                                       "ani folderu"
    assert info.value.message("en").endswith("cannot read the file: there is no such file or folder")
    with pytest.raises(PackError) as info:
        load_pack(tmp_path)                                    # a folder
    assert info.value.message("pl").endswith("nie można odczytać pliku: to jest folder, nie plik")
