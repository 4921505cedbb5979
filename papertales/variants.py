"""Rule variants: the points where readings of the rulebook differ, as options.

``Game.new(..., rules={"discard_in_play": "any"})``; the chosen values are saved with the
game.  Each default is the reading closest to the printed text
(``docs/rules-interpretations.md`` quotes both rulebooks and says what each value does).
"""

from __future__ import annotations

from .errors import PaperTalesError

#: option -> its values, the default first
OPTIONS = {
    # may a unit already in play be discarded in Deployment?  only to make room for a
    # unit you want to place (the text), or at any time (the engine's first reading)
    "discard_in_play": ("when_full", "any"),
    # two players at 0 against 0: one war each (single), two each ("greater or equal than
    # twice", read literally: double), or nobody wins without strength above 0 (none)
    "two_player_zero": ("single", "double", "none"),
    # one player's own simultaneous abilities whose order changes the result: the owner
    # chooses (ask) or the engine's fixed order applies (fixed)
    "own_order": ("ask", "fixed"),
}
DEFAULTS = {name: values[0] for name, values in OPTIONS.items()}


def check(rules: object) -> dict[str, str]:
    """The full set of variants from a partial dict; refuses unknown names and values,
    saying which are valid."""
    if rules is None:
        return dict(DEFAULTS)
    if not isinstance(rules, dict):
        raise PaperTalesError("err.variants.object", value=repr(rules))
    out = dict(DEFAULTS)
    for name, value in rules.items():
        if name not in OPTIONS:
            raise PaperTalesError("err.variants.unknown", name=repr(name), variants=", ".join(OPTIONS))
        if value not in OPTIONS[name]:
            raise PaperTalesError("err.variants.value", name=name, value=repr(value),
                                  values=", ".join(OPTIONS[name]))
        out[name] = value
    return out


def parse(text: str) -> tuple[str, str]:
    """``NAME=VALUE`` (the CLI's ``--rule``) into a checked pair."""
    name, sep, value = str(text).partition("=")
    if not sep:
        raise PaperTalesError("err.variants.syntax", value=repr(text),
                              variants="; ".join(f"{n}={'|'.join(v)}" for n, v in OPTIONS.items()))
    check({name.strip(): value.strip()})
    return name.strip(), value.strip()
