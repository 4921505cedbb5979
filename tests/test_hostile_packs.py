"""Card packs a user writes by hand survive tampering: each one is refused with a
:class:`PackError` naming the file, the card and the field (English and Polish), or it
loads and a game with its cards (2-7 players or solo) plays on legally to the end, and
saves and loads again."""

from __future__ import annotations

import json

import pytest

from fuzzing import base_packs, pack_or_refuse, tampered_outcomes
from papertales import PackError, load_pack

pytestmark = pytest.mark.filterwarnings("ignore::papertales.expansion.TileSetWarning")

BASES = base_packs()
TAMPERED = 400


def test_the_untampered_packs_play():
    for i, text in enumerate(BASES):
        assert pack_or_refuse(text, i) == "played"


@pytest.mark.slow
def test_400_tampered_packs_are_refused_or_play_on():
    outcomes = tampered_outcomes(BASES, TAMPERED, pack_or_refuse, "pack")
    assert outcomes["refused"] > 0 and outcomes["played"] > 0, outcomes


def _pack(**unit):
    spec = {"id": "squire", "name": "Squire", "copies": 2, "cost": 1, "strength": 2, "text": "mine"}
    spec.update(unit)
    return {"format": "papertales-pack/1", "id": "mine", "units": [spec]}


@pytest.mark.parametrize("unit, en, pl", [
    ({"copies": 2 ** 64}, "my-cards.json: units[0] ('squire').copies: must be a whole number from 0 to 20, got "
                          "18446744073709551616", "musi być liczbą całkowitą od 0 do 20"),
    ({"id": "Black Knight"}, "my-cards.json: units[0].id: the id 'Black Knight' must be lowercase letters, digits "
                             "and _ only", "może zawierać tylko małe litery, cyfry i _"),
    ({"abilities": [{"on": "reveal", "do": "age_tokens", "target": "self", "amount": -1}]},
     "my-cards.json: units[0] ('squire').abilities[0].amount: must be a whole number from 0 to 10, got -1", "od 0 do 10"),
    ({"abilities": [{"on": ["wars"], "do": {"x": 1}}]}, "my-cards.json: units[0] ('squire').abilities[0]: "
                                                        "unknown trigger", "abilities[0]"),
])
def test_refusals_name_the_file_the_card_and_the_field(unit, en, pl):
    with pytest.raises(PackError) as err:
        load_pack(_pack(**unit), name="my-cards.json")
    assert err.value.text("en").startswith(en), err.value.text("en")
    assert pl in err.value.text("pl")


def test_an_id_twice_in_one_pack_names_the_file():
    data = _pack()
    data["units"].append(dict(data["units"][0]))
    with pytest.raises(PackError, match=r"^my-cards.json: units: each id may appear once; twice: squire$"):
        load_pack(json.loads(json.dumps(data)), name="my-cards.json")
