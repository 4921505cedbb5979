"""Card packs: the JSON format of Kingdom Legacy cards, checked field by field.

A pack is data only (``docs/kingdom-legacy.md`` describes every field).  Loading checks
everything and raises :class:`~kingdom_legacy.errors.PackError` naming the file, the
card, the stage and the field at fault; a pack that loads is safe for the engine.

Each card has four stages: ``front`` (the side with the number, upright), ``front_rotated``
(the same side turned 180 degrees), ``back`` and ``back_rotated``.  A stage may be absent
(``null``).  Rotating swaps upright and rotated on the same side; flipping goes to the
other side and keeps the orientation (the printed upgrade arrows name their stage).

Resources, stickers and the reset card are data of the pack too: the base game's six
resources are always there, a pack (or one of its mini-expansions) may add its own, and
the sticker sheet lists numbered stickers with what each one does.
"""

from __future__ import annotations

import json
import re
from importlib import resources as _res
from pathlib import Path
from collections.abc import Collection
from typing import Any, NoReturn

from papertales.i18n import LANGUAGES, has, plural_category, t

from .errors import PackError, json_reason, os_reason, without_bom

PACK_FORMAT = "kingdom-legacy-pack/1"

STAGES = ("front", "front_rotated", "back", "back_rotated")
ROTATE = {"front": "front_rotated", "front_rotated": "front", "back": "back_rotated", "back_rotated": "back"}
FLIP = {"front": "back", "back": "front", "front_rotated": "back_rotated", "back_rotated": "front_rotated"}
#: the six resources of the base game; a pack or a mini-expansion may declare more
RESOURCES = ("coin", "wood", "stone", "metal", "sword", "goods")
#: words a pack may not use as a resource id (they mean something else in the format)
RESERVED = ("any", "glory", "tab", "effect")
#: the keywords of the base game; a pack may use others (lower-case words)
KEYWORDS = ("building", "person", "livestock", "seafaring", "land", "enemy", "event", "other", "parchment")
TRIGGERS = ("passive", "activated", "timed", "destroy", "optional", "forced")
WHENS = ("play", "end_of_turn", "end_of_round", "discover")
SCOPES = ("play", "kingdom", "discard")
#: keys of the short sticker form ``{"wood": 6, "glory": 4}`` (stickers counted by kind)
STICKERS = RESOURCES + ("glory", "tab")
STICKER_KINDS = ("resource", "glory", "effect", "tab")
WHERE = ("top", "bottom")
#: kinds of effect steps and their parameters; see the docs
STEP_KINDS = {
    "gain": ("resources", "choice", "n"),
    "stay_in_play": (),
    "glory_per": ("keyword", "glory"),
    "play": ("count",),
    "top_to_bottom": (),
    "to_deck": ("target", "where"),
    "transform": ("target", "how", "to"),
    "increase_production": ("target",),
    "add_production": ("target", "resource", "stage"),
    "add_glory": ("target", "glory", "stage"),
    "sticker": ("target", "number", "stage"),
    "add_tab": ("target",),
    "strike_production": ("target",),
    "check": ("target",),
    "discover": ("cards",),
    "destroy": ("target",),
    "discard": ("target",),
    "block": ("target",),
    "reset": ("target",),
    "undiscover": ("target",),
    "manual": ("text",),
}
_OPTIONAL = ("n", "to", "how", "resources", "choice", "stage")
#: steps that only describe a lasting property (a passive effect without a cost)
STATIC_KINDS = ("stay_in_play", "glory_per")
#: steps that put cards on top of or under the draw pile: "if the deck is empty, you
#: cannot use such an effect"
DECK_STEPS = ("top_to_bottom", "to_deck")
_WORD = re.compile(r"^[a-z][a-z_]{0,30}$")
MAX_PRODUCTION_FOR_STICKER = 9     # golden rule 5
RESET_UNTIL = 23                   # "you may reset the game until card 23 is discovered"


def text(value: Any, lang: str | None) -> str:
    """A card text: a plain string or ``{"en": ..., "pl": ...}``."""
    if isinstance(value, dict):
        return str(value.get(lang or "en") or value.get("en") or next(iter(value.values())))
    return str(value)


def needs_deck(effect: dict[str, Any]) -> bool:
    """Whether the effect puts cards on top of or under the draw pile."""
    return any(s["kind"] in DECK_STEPS for s in effect["do"])


class Stage:
    """One printed stage of a card (immutable after loading)."""

    __slots__ = ("id", "name", "keywords", "obstacle", "permanent", "parchment", "indestructible",
                 "unpurgeable", "equip", "production", "upgrades", "effects", "glory", "checkboxes",
                 "all_checked", "note")

    def __init__(self, sid: str, d: dict[str, Any]) -> None:
        self.id = sid
        self.name: Any = d["name"]                      # a text, or one per language
        self.keywords: tuple[str, ...] = tuple(d.get("keywords", ()))
        self.obstacle: bool = d.get("obstacle", False)
        self.permanent: bool = d.get("permanent", False)
        self.parchment: bool = d.get("parchment", False)
        self.indestructible: bool = d.get("indestructible", False)
        self.unpurgeable: bool = d.get("unpurgeable", False)
        self.equip: str | None = d.get("equip")
        self.production: tuple[dict[str, int], ...] = tuple(dict(o) for o in d.get("production", ()))
        self.upgrades: tuple[dict[str, Any], ...] = tuple(dict(u) for u in d.get("upgrades", ()))
        self.effects: tuple[dict[str, Any], ...] = tuple(e for e in d.get("effects", ()))
        self.glory: int = d.get("glory", 0)
        self.checkboxes: tuple[dict[str, Any], ...] = tuple(d.get("checkboxes", ()))
        self.all_checked: tuple[dict[str, Any], ...] = tuple(d.get("all_checked", ()))
        self.note: Any = d.get("note")

    def title(self, lang: str | None = None) -> str:
        return text(self.name, lang)

    def upgrade_to(self, target: object) -> dict[str, Any] | None:
        for u in self.upgrades:
            if u["to"] == target:
                return u
        return None

    def purgeable(self) -> bool:
        """Purge destroys: a card that cannot be destroyed cannot be purged either, and
        some cards only say they cannot be purged."""
        return not (self.obstacle or self.indestructible or self.unpurgeable)


def is_static(effect: dict[str, Any]) -> bool:
    return effect["trigger"] == "passive" and all(s["kind"] in STATIC_KINDS for s in effect["do"])


class Card:
    __slots__ = ("number", "stages", "choose_side", "placeholder", "raw")

    def __init__(self, d: dict[str, Any]) -> None:
        self.number: int = d["number"]
        self.choose_side: bool = d.get("choose_side", False)
        self.placeholder: bool = d.get("placeholder", False)
        self.stages: dict[str, Stage | None] = {s: (Stage(s, d["stages"][s]) if d["stages"].get(s) else None)
                                                for s in STAGES}
        self.raw: dict[str, Any] = d

    def stage(self, sid: str) -> Stage:
        """Stage ``sid``, one the card has (a missing one fails as reading it from None did)."""
        st = self.stages[sid]
        if st is None:
            raise AttributeError(f"card {self.number} has no stage {sid}")
        return st


class Pack:
    """A validated pack: its options, resources, sticker sheet and cards by number (data
    may be missing for cards still in the box: an owner enters cards as the campaign
    discovers them)."""

    def __init__(self, raw: dict[str, Any], source: str = "pack") -> None:
        self.raw = raw
        self.source = source
        self.id: str = raw["id"]
        self.name = raw.get("name", raw["id"])
        self.invented = raw.get("invented", False)
        self.box_size: int = raw["box_size"]
        self.kingdom_start: int = raw.get("kingdom_start", 10)
        self.final_card: int = raw["final_card"]
        self.reset_until: int = raw.get("reset_until", RESET_UNTIL)
        self.expansions = [dict(e) for e in raw.get("expansions", ())]
        self.resource_names: dict[str, Any] = {}
        own = []
        for r in raw.get("resources", ()):
            own.append(r["id"])
            self.resource_names[r["id"]] = r["name"]
        self.base_resources = RESOURCES + tuple(own)
        self.expansion_resources: dict[int, tuple[str, ...]] = {}
        every = list(self.base_resources)
        for e in self.expansions:
            ids = []
            for r in e.get("resources", ()):
                ids.append(r["id"])
                self.resource_names.setdefault(r["id"], r["name"])
                if r["id"] not in every:
                    every.append(r["id"])
            self.expansion_resources[e["card"]] = tuple(ids)
        self.all_resources = tuple(every)
        self.sheet = _sheet(raw.get("stickers", {}))
        self.cards = {c["number"]: Card(c) for c in raw["cards"]}

    def card(self, n: int) -> Card:
        return self.cards[n]

    def has(self, n: object) -> bool:
        return n in self.cards

    def expansion(self, n: object) -> dict[str, Any] | None:
        for e in self.expansions:
            if e["card"] == n:
                return e
        return None

    def sticker_counts(self) -> dict[str, int]:
        """How many stickers of each sheet entry a new campaign starts with."""
        return {sid: e["count"] for sid, e in self.sheet.items()}

    def with_card(self, card_raw: dict[str, Any]) -> Pack:
        """A new pack with one more (or replaced) card, checked like a whole pack."""
        raw = dict(self.raw)
        raw["cards"] = [c for c in raw["cards"] if c["number"] != card_raw.get("number")] + [card_raw]
        raw["cards"].sort(key=lambda c: c["number"] if isinstance(c.get("number"), int) else 0)
        return load_pack(raw, self.source)

    def without_placeholders(self) -> Pack:
        """The pack as the owner entered it (blanks made for cards not entered yet left out)."""
        if not any(c.placeholder for c in self.cards.values()):
            return self
        raw = dict(self.raw)
        raw["cards"] = [c for c in raw["cards"] if not c.get("placeholder")]
        return Pack(raw, self.source)


def _sheet(stickers: Any) -> dict[str, dict[str, Any]]:
    """The sticker sheet by id: numbered stickers (``"7"``) from the list form, or one
    entry per kind (``"wood"``, ``"glory"``, ``"tab"``) from the short form."""
    out: dict[str, dict[str, Any]] = {}
    if isinstance(stickers, dict):
        for k, n in stickers.items():
            if k == "glory":
                out[k] = {"kind": "glory", "count": n, "number": None}
            elif k == "tab":
                out[k] = {"kind": "tab", "count": n, "number": None}
            else:
                out[k] = {"kind": "resource", "resource": k, "count": n, "number": None}
        return out
    for e in stickers:
        out[str(e["number"])] = dict(e)
    return out


# ---------------------------------------------------------------------------- checks


class _Checker:
    def __init__(self, source: str) -> None:
        self.source = source
        self.card = "-"
        self.stage = "-"
        self.box = 9999
        self.resources: tuple[str, ...] = RESOURCES
        self.numbers: dict[int, str] = {}            # numbered stickers: number -> kind

    def fail(self, field: str, problem: str, **params: Any) -> NoReturn:
        raise PackError("legacy.pack.error", file=self.source, card=self.card, stage=self.stage, field=field,
                        problem=PackError("legacy.pack.problem." + problem, **params))

    def whole(self, v: Any, field: str, lo: int | None = None, hi: int | None = None) -> int:
        if isinstance(v, bool) or not isinstance(v, int):
            self.fail(field, "whole", value=repr(v)[:40])
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            self.fail(field, "range", value=v, lo=lo if lo is not None else "-", hi=hi if hi is not None else "-")
        return v

    def boolean(self, v: Any, field: str) -> None:
        if not isinstance(v, bool):
            self.fail(field, "bool", value=repr(v)[:40])

    def name(self, v: Any, field: str) -> None:
        if isinstance(v, str) and v.strip():
            return
        if isinstance(v, dict) and v and all(k in LANGUAGES and isinstance(x, str) and x.strip()
                                             for k, x in v.items()):
            return
        self.fail(field, "name", value=repr(v)[:40])

    def word(self, v: Any, field: str) -> None:
        if not isinstance(v, str) or not _WORD.match(v):
            self.fail(field, "word", value=repr(v)[:40])

    def resource(self, r: Any, field: str, allow_any: bool = False) -> None:
        if allow_any and r == "any":
            return
        if r not in self.resources:
            allowed = self.resources + (("any",) if allow_any else ())
            self.fail(field, "resource", value=repr(r)[:40], allowed=", ".join(allowed))

    def bundle(self, v: Any, field: str, allow_empty: bool = True) -> None:
        if not isinstance(v, dict):
            self.fail(field, "bundle", value=repr(v)[:40])
        for k, n in v.items():
            self.resource(k, f"{field}.{k}")
            self.whole(n, f"{field}.{k}", 1, 99)
        if not v and not allow_empty:
            self.fail(field, "empty")

    def keys(self, d: Any, field: str, allowed: tuple[str, ...]) -> None:
        if not isinstance(d, dict):
            self.fail(field, "object", value=repr(d)[:40])
        for k in d:
            if k not in allowed:
                self.fail(f"{field}.{k}" if field else k, "unknown", value=k, allowed=", ".join(allowed))

    def listed(self, v: Any, field: str) -> list[Any]:
        if not isinstance(v, list):
            self.fail(field, "list")
        return v


_STAGE_KEYS = ("name", "keywords", "obstacle", "permanent", "parchment", "indestructible", "unpurgeable",
               "equip", "production", "upgrades", "effects", "glory", "checkboxes", "all_checked", "note")
_PACK_KEYS = ("format", "id", "name", "invented", "notice", "box_size", "kingdom_start", "final_card",
              "reset_until", "resources", "stickers", "expansions", "cards")
_PLURAL_KEYS = ("one", "few", "many", "acc")


def _check_resource_name(c: _Checker, v: Any, field: str) -> None:
    """A resource's name: a text, a plural table ``{"one", "few", "many", "acc"}`` (``acc``:
    the singular after "gain", where Polish changes the ending), or either per language."""
    def form(x: Any) -> bool:
        if isinstance(x, str):
            return bool(x.strip())
        return (isinstance(x, dict) and "one" in x and set(x) <= set(_PLURAL_KEYS)
                and all(isinstance(s, str) and s.strip() for s in x.values()))
    if form(v):
        return
    if isinstance(v, dict) and v and set(v) <= set(LANGUAGES) and all(form(x) for x in v.values()):
        return
    c.fail(field, "resource_name", value=repr(v)[:40])


def _check_resources(c: _Checker, v: Any, field: str, known: Collection[str]) -> list[str]:
    c.listed(v, field)
    out: list[str] = []
    for i, r in enumerate(v):
        c.keys(r, f"{field}[{i}]", ("id", "name"))
        if "id" not in r or "name" not in r:
            c.fail(f"{field}[{i}]", "missing_of", what="id, name")
        c.word(r["id"], f"{field}[{i}].id")
        if r["id"] in RESERVED or r["id"] in RESOURCES or r["id"] in out:
            c.fail(f"{field}[{i}].id", "resource_id", value=r["id"])
        if r["id"] in known:                      # an expansion cannot declare the pack's own again
            c.fail(f"{field}[{i}].id", "resource_id", value=r["id"])
        _check_resource_name(c, r["name"], f"{field}[{i}].name")
        out.append(r["id"])
    return out


def _check_target(c: _Checker, v: Any, field: str, allow_self: bool = True) -> None:
    if v == "self":
        if not allow_self:
            c.fail(field, "not_self")
        return
    c.keys(v, field, ("keyword", "obstacle", "scope", "other", "tab"))
    if "keyword" in v:
        c.word(v["keyword"], f"{field}.keyword")
    for b in ("obstacle", "other", "tab"):
        if b in v:
            c.boolean(v[b], f"{field}.{b}")
    if "scope" in v and v["scope"] not in SCOPES:
        c.fail(f"{field}.scope", "choice", value=repr(v["scope"])[:40], allowed=", ".join(SCOPES))


def _check_stage_param(c: _Checker, s: dict[str, Any], field: str, stages: dict[str, Any]) -> None:
    if "stage" in s:
        if s["stage"] not in STAGES:
            c.fail(f"{field}.stage", "choice", value=repr(s["stage"])[:40], allowed=", ".join(STAGES))
        if s.get("target", "self") == "self" and not stages.get(s["stage"]):
            c.fail(f"{field}.stage", "no_stage", value=s["stage"])


def _check_step(c: _Checker, s: Any, field: str, card: object, stages: dict[str, Any]) -> None:
    if not isinstance(s, dict):
        c.fail(field, "object", value=repr(s)[:40])
    kind = s.get("kind")
    if not isinstance(kind, str) or kind not in STEP_KINDS:
        c.fail(f"{field}.kind", "choice", value=repr(kind)[:40], allowed=", ".join(STEP_KINDS))
    c.keys(s, field, ("kind",) + STEP_KINDS[kind])
    for p in STEP_KINDS[kind]:
        if p in s or p in _OPTIONAL:
            continue
        if p == "target" and kind in ("check", "transform"):
            continue
        c.fail(f"{field}.{p}", "missing")
    if "target" in s:
        _check_target(c, s["target"], f"{field}.target", allow_self=kind != "block")
    if kind == "gain":
        if ("resources" in s) == ("choice" in s):
            c.fail(field, "gain")
        if "resources" in s:
            c.bundle(s["resources"], f"{field}.resources", allow_empty=False)
        else:
            ch = s["choice"]
            if ch != "any":
                if not isinstance(ch, list) or len(ch) < 2 or len(set(map(repr, ch))) != len(ch):
                    c.fail(f"{field}.choice", "choice_list")
                for r in ch:
                    c.resource(r, f"{field}.choice")
        if "n" in s:
            if "choice" not in s:
                c.fail(f"{field}.n", "n_choice")
            c.whole(s["n"], f"{field}.n", 1, 9)
    elif kind == "glory_per":
        c.word(s["keyword"], f"{field}.keyword")
        c.whole(s["glory"], f"{field}.glory", -20, 20)
    elif kind == "play":
        c.whole(s["count"], f"{field}.count", 1, 10)
    elif kind == "to_deck":
        if s["where"] not in WHERE:
            c.fail(f"{field}.where", "choice", value=repr(s["where"])[:40], allowed=", ".join(WHERE))
    elif kind == "transform":
        target = s.get("target", "self")
        if "to" in s:
            if target != "self":
                c.fail(f"{field}.to", "to_self")
            if s["to"] not in STAGES:
                c.fail(f"{field}.to", "choice", value=repr(s["to"])[:40], allowed=", ".join(STAGES))
            if not stages.get(s["to"]):
                c.fail(f"{field}.to", "no_stage", value=s["to"])
            if "how" in s:
                c.fail(f"{field}.how", "how_or_to")
        elif s.get("how") not in ("rotate", "flip"):
            c.fail(f"{field}.how", "choice", value=repr(s.get("how"))[:40], allowed="rotate, flip")
    elif kind == "add_production":
        c.resource(s["resource"], f"{field}.resource", allow_any=True)
        _check_stage_param(c, s, field, stages)
    elif kind == "add_glory":
        c.whole(s["glory"], f"{field}.glory", 1, 20)
        _check_stage_param(c, s, field, stages)
    elif kind == "sticker":
        n = c.whole(s["number"], f"{field}.number", 1, 999)
        if n not in c.numbers:
            c.fail(f"{field}.number", "sticker_number", value=n,
                   allowed=", ".join(map(str, sorted(c.numbers))) or "-")
        _check_stage_param(c, s, field, stages)
    elif kind == "discover":
        cards = s["cards"]
        if not isinstance(cards, list) or not cards:
            c.fail(f"{field}.cards", "cards")
        if len(set(map(repr, cards))) != len(cards):
            c.fail(f"{field}.cards", "cards_twice")
        for n in cards:
            c.whole(n, f"{field}.cards", 1, c.box)
            if n == card:
                c.fail(f"{field}.cards", "itself")
    elif kind == "manual":
        c.name(s["text"], f"{field}.text")


def _check_effect(c: _Checker, e: Any, field: str, card: object, stages: dict[str, Any],
                  stage: dict[str, Any]) -> None:
    c.keys(e, field, ("trigger", "when", "cost", "once", "do", "note"))
    trig = e.get("trigger")
    if trig not in TRIGGERS:
        c.fail(f"{field}.trigger", "choice", value=repr(trig)[:40], allowed=", ".join(TRIGGERS))
    if trig in ("optional", "forced"):
        if e.get("when") not in WHENS:
            c.fail(f"{field}.when", "choice", value=repr(e.get("when"))[:40], allowed=", ".join(WHENS))
        if e["when"] == "discover" and not stage.get("parchment"):
            c.fail(f"{field}.when", "discover_parchment")
    elif "when" in e:
        c.fail(f"{field}.when", "when_trigger")
    if "cost" in e:
        c.bundle(e["cost"], f"{field}.cost")
    if "once" in e:
        c.boolean(e["once"], f"{field}.once")
    if "note" in e:
        c.name(e["note"], f"{field}.note")
    steps = e.get("do")
    if not isinstance(steps, list) or not steps:
        c.fail(f"{field}.do", "steps")
    for j, s in enumerate(steps):
        _check_step(c, s, f"{field}.do[{j}]", card, stages)
    static = [s["kind"] for s in steps if s["kind"] in STATIC_KINDS]
    if static and (trig != "passive" or len(steps) != 1 or e.get("cost") or e.get("once")):
        c.fail(f"{field}.do", "static", kind=static[0])
    if trig == "passive" and not static and not e.get("cost") and not e.get("once"):
        c.fail(f"{field}.cost", "passive_cost")
    if trig == "activated" and stage.get("permanent"):
        c.fail(f"{field}.trigger", "permanent_activated")
    if trig == "destroy" and stage.get("indestructible"):
        c.fail(f"{field}.trigger", "indestructible_destroy")


def _check_stage(c: _Checker, d: Any, stages: dict[str, Any]) -> None:
    c.keys(d, "", _STAGE_KEYS)
    if "name" not in d:
        c.fail("name", "missing")
    c.name(d["name"], "name")
    kws = c.listed(d.get("keywords", []), "keywords")
    for i, k in enumerate(kws):
        c.word(k, f"keywords[{i}]")
    for b in ("obstacle", "permanent", "parchment", "indestructible", "unpurgeable"):
        if b in d:
            c.boolean(d[b], b)
    if "equip" in d and d["equip"] is not None:
        c.word(d["equip"], "equip")
    prod = c.listed(d.get("production", []), "production")
    for i, o in enumerate(prod):
        c.bundle(o, f"production[{i}]", allow_empty=False)
    ups = c.listed(d.get("upgrades", []), "upgrades")
    seen = set()
    for i, u in enumerate(ups):
        c.keys(u, f"upgrades[{i}]", ("cost", "to"))
        if "cost" not in u:
            c.fail(f"upgrades[{i}].cost", "missing")
        c.bundle(u["cost"], f"upgrades[{i}].cost", allow_empty=False)
        if u.get("to") not in STAGES:
            c.fail(f"upgrades[{i}].to", "choice", value=repr(u.get("to"))[:40], allowed=", ".join(STAGES))
        if u["to"] == c.stage:
            c.fail(f"upgrades[{i}].to", "same_stage")
        if not stages.get(u["to"]):
            c.fail(f"upgrades[{i}].to", "no_stage", value=u["to"])
        if u["to"] in seen:
            c.fail(f"upgrades[{i}].to", "twice", value=u["to"])
        seen.add(u["to"])
    effs = c.listed(d.get("effects", []), "effects")
    for i, e in enumerate(effs):
        _check_effect(c, e, f"effects[{i}]", c.card, stages, d)
    if d.get("parchment") and not any(e.get("when") == "discover" for e in effs):
        c.fail("effects", "parchment_effects")
    c.whole(d.get("glory", 0), "glory", -99, 99)
    boxes = c.listed(d.get("checkboxes", []), "checkboxes")
    for i, b in enumerate(boxes):
        c.keys(b, f"checkboxes[{i}]", ("gain", "glory"))
        if "gain" in b:
            c.bundle(b["gain"], f"checkboxes[{i}].gain", allow_empty=False)
        c.whole(b.get("glory", 0), f"checkboxes[{i}].glory", -99, 99)
    ac = c.listed(d.get("all_checked", []), "all_checked")
    if ac and not boxes:
        c.fail("all_checked", "no_boxes")
    for j, s in enumerate(ac):
        _check_step(c, s, f"all_checked[{j}]", c.card, stages)
        if s["kind"] in STATIC_KINDS:
            c.fail(f"all_checked[{j}].kind", "static", kind=s["kind"])
    if "note" in d:
        c.name(d["note"], "note")


def _check_stickers(c: _Checker, stickers: Any) -> None:
    """The short form (counts by kind) or the sheet: numbered stickers, each a resource,
    a glory value, an effect of its own or a tab."""
    if isinstance(stickers, dict):
        allowed = c.resources + ("glory", "tab")
        for k, n in stickers.items():
            if k not in allowed:
                c.fail(f"stickers.{k}", "unknown", value=k, allowed=", ".join(allowed))
            c.whole(n, f"stickers.{k}", 0, 999)
        return
    c.listed(stickers, "stickers")
    for i, e in enumerate(stickers):
        f = f"stickers[{i}]"
        c.keys(e, f, ("number", "count", "kind", "resource", "glory", "effect", "name", "note"))
        for k in ("number", "count", "kind"):
            if k not in e:
                c.fail(f"{f}.{k}", "missing")
        n = c.whole(e["number"], f"{f}.number", 1, 999)
        if n in c.numbers:
            c.fail(f"{f}.number", "duplicate_sticker", value=n)
        c.whole(e["count"], f"{f}.count", 0, 999)
        kind = e["kind"]
        if kind not in STICKER_KINDS:
            c.fail(f"{f}.kind", "choice", value=repr(kind)[:40], allowed=", ".join(STICKER_KINDS))
        needs = {"resource": ("resource",), "glory": (), "effect": ("effect",), "tab": ()}[kind]
        extra = {"resource": ("resource",), "glory": ("glory",), "effect": ("effect",), "tab": ()}[kind]
        for k in ("resource", "glory", "effect"):
            if k in e and k not in extra:
                c.fail(f"{f}.{k}", "sticker_field", kind=kind)
        for k in needs:
            if k not in e:
                c.fail(f"{f}.{k}", "missing")
        if kind == "resource":
            c.resource(e["resource"], f"{f}.resource")
        if "glory" in e:
            c.whole(e["glory"], f"{f}.glory", 1, 20)
        if kind == "effect":
            eff = e["effect"]
            _check_effect(c, eff, f"{f}.effect", None, {}, {})
            if eff.get("trigger") in ("destroy",) or eff.get("when") == "discover":
                c.fail(f"{f}.effect.trigger", "sticker_effect")
        for k in ("name", "note"):
            if k in e:
                c.name(e[k], f"{f}.{k}")
        c.numbers[n] = kind


def check_pack(raw: Any, source: str = "pack") -> None:
    """Raise :class:`PackError` for the first problem of ``raw`` (a decoded pack)."""
    c = _Checker(source)
    c.keys(raw, "", _PACK_KEYS)
    if raw.get("format") != PACK_FORMAT:
        c.fail("format", "format", value=repr(raw.get("format"))[:40], expected=PACK_FORMAT)
    for k in ("id", "box_size", "final_card", "cards"):
        if k not in raw:
            c.fail(k, "missing")
    c.word(raw["id"], "id")
    if "name" in raw:
        c.name(raw["name"], "name")
    if "invented" in raw:
        c.boolean(raw["invented"], "invented")
    if "notice" in raw:
        c.name(raw["notice"], "notice")
    box = c.box = c.whole(raw["box_size"], "box_size", 2, 9999)
    start = c.whole(raw.get("kingdom_start", 10), "kingdom_start", 1, box - 1)
    c.whole(raw["final_card"], "final_card", start + 1, box)
    c.whole(raw.get("reset_until", RESET_UNTIL), "reset_until", start + 1, 9999)
    own = _check_resources(c, raw.get("resources", []), "resources", ())
    exps = c.listed(raw.get("expansions", []), "expansions")
    every = RESOURCES + tuple(own)
    seen_exp = set()
    for i, e in enumerate(exps):
        c.keys(e, f"expansions[{i}]", ("card", "rounds", "purge", "purge_permanent", "name", "resources"))
        n = c.whole(e.get("card"), f"expansions[{i}].card", raw["final_card"] + 1, box)
        if n in seen_exp:
            c.fail(f"expansions[{i}].card", "expansion_twice", value=n)
        seen_exp.add(n)
        c.whole(e.get("rounds", 4), f"expansions[{i}].rounds", 1, 20)
        c.whole(e.get("purge", 12), f"expansions[{i}].purge", 2, 99)
        c.whole(e.get("purge_permanent", 1), f"expansions[{i}].purge_permanent", 0, 9)
        if "name" in e:
            c.name(e["name"], f"expansions[{i}].name")
        for r in _check_resources(c, e.get("resources", []), f"expansions[{i}].resources", own):
            if r not in every:
                every += (r,)
    c.resources = every
    _check_stickers(c, raw.get("stickers", {}))
    cards = c.listed(raw["cards"], "cards")
    seen = set()
    for i, card in enumerate(cards):
        if not isinstance(card, dict):
            c.fail(f"cards[{i}]", "object", value=repr(card)[:40])
        c.card = f"#{i + 1} in the list" if not isinstance(card.get("number"), int) else card["number"]
        c.stage = "-"
        c.keys(card, "", ("number", "choose_side", "placeholder", "stages", "note"))
        n = c.whole(card.get("number"), "number", 1, box)
        if n in seen:
            c.fail("number", "duplicate", value=n)
        seen.add(n)
        for b in ("choose_side", "placeholder"):
            if b in card:
                c.boolean(card[b], b)
        if "note" in card:
            c.name(card["note"], "note")
        stages = card.get("stages")
        if not isinstance(stages, dict):
            c.fail("stages", "object", value=repr(stages)[:40])
        c.keys(stages, "stages", STAGES)
        if not stages.get("front"):
            c.fail("stages.front", "missing")
        if card.get("choose_side") and not stages.get("back"):
            c.fail("choose_side", "choose_side")
        for sid in STAGES:
            if stages.get(sid) is not None:
                c.stage = sid
                _check_stage(c, stages[sid], stages)
        c.stage = "-"
    missing = [n for n in range(1, start + 1) if n not in seen]
    c.card = "-"
    if missing:
        c.fail("cards", "start_cards", start=start, missing=", ".join(map(str, missing[:10])))
    for i, e in enumerate(exps):
        if e["card"] not in seen:
            c.fail(f"expansions[{i}].card", "expansion_card", value=e["card"])


def load_pack(source: Any, name: str | None = None) -> Pack:
    """A :class:`Pack` from a file path, a JSON text or an already decoded dict."""
    if isinstance(source, dict):
        raw, label = source, name or "pack"
    elif isinstance(source, Path) or (isinstance(source, str) and not source.lstrip(" \t\r\n\ufeff").startswith("{")):
        label = name or str(source)
        try:
            data: Any = Path(source).read_bytes()
        except OSError as exc:
            raise PackError("legacy.pack.unreadable", file=label, reason=os_reason(exc)) from None
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise PackError("legacy.pack.encoding", file=label, position=exc.start) from None
        raw = _decode(data, label)
    else:
        label = name or "pack"
        raw = _decode(source, label)
    check_pack(raw, label)
    return Pack(raw, label)


def _decode(data: Any, label: str) -> Any:
    try:
        return json.loads(without_bom(data))
    except json.JSONDecodeError as exc:
        raise PackError("legacy.pack.json", file=label, line=exc.lineno, column=exc.colno,
                        reason=json_reason(exc)) from None
    except RecursionError:
        raise PackError("legacy.pack.deep", file=label) from None


def demo_pack() -> Pack:
    """The invented demo kingdom shipped with the package (not the printed cards)."""
    data = (_res.files("kingdom_legacy") / "data" / "demo.json").read_text(encoding="utf-8")
    return load_pack(json.loads(data), "demo.json")


# ---------------------------------------------------------------------------- texts
#
# Polish changes the ending of a noun after a verb ("zyskaj 1 monetę", "umieść naklejkę na
# krainie"), so the texts take a grammatical case: ``nom`` (a list after a colon), ``acc``
# (the object of a verb), ``loc`` (after "on") and ``gen`` ("the production of").


def resource_name(r: str, n: int = 1, lang: str | None = None, pack: Pack | None = None, case: str = "nom") -> str:
    """The name of resource ``r`` for the amount ``n``: the catalogue's for the base game,
    the pack's own for a resource a pack or a mini-expansion declares."""
    key = ("legacy.resource_acc." if case == "acc" else "legacy.resource.") + r
    if has(key, "en"):
        return t(key, lang, n=n)
    name = (pack.resource_names.get(r) if pack is not None else None)
    if name is None:
        return r
    if isinstance(name, dict) and set(name) <= set(LANGUAGES):
        name = name.get(lang or "en") or name.get("en") or next(iter(name.values()))
    if isinstance(name, str):
        return name
    cat = plural_category(lang or "en", n)
    if case == "acc" and cat == "one" and "acc" in name:
        return str(name["acc"])
    return str(name.get(cat) or name.get("many") or name["one"])


def _order(pack: Pack | None) -> tuple[str, ...]:
    return pack.all_resources if pack is not None else RESOURCES


def bundle_text(bundle: dict[str, int], lang: str | None = None, pack: Pack | None = None, case: str = "nom") -> str:
    if not bundle:
        return t("legacy.nothing", lang)
    order = _order(pack)
    items = sorted(bundle.items(), key=lambda x: (order.index(x[0]) if x[0] in order else len(order), x[0]))
    return ", ".join(f"{n} {resource_name(r, n, lang, pack, case)}" for r, n in items)


class BundleText:
    """Resources shown in the language of the reader (a parameter of an error)."""

    __slots__ = ("bundle", "pack", "case")

    def __init__(self, bundle: dict[str, int], pack: Pack | None = None, case: str = "acc") -> None:
        self.bundle, self.pack, self.case = dict(bundle), pack, case

    def message(self, lang: str | None = None) -> str:
        return bundle_text(self.bundle, lang, self.pack, self.case)


class ResourceText:
    """A resource's name in the language of the reader (a parameter of an error)."""

    __slots__ = ("r", "pack")

    def __init__(self, r: str, pack: Pack | None = None) -> None:
        self.r, self.pack = r, pack

    def message(self, lang: str | None = None) -> str:
        return resource_name(self.r, 1, lang, self.pack)


def keyword_text(k: str, lang: str | None = None) -> str:
    key = "legacy.keyword." + k
    return t(key, lang) if has(key, "en") else k


def target_text(target: Any, lang: str | None = None, case: str = "acc") -> str:
    if target in (None, "self"):
        return t(f"legacy.target.self.{case}", lang)
    noun = "obstacle" if target.get("obstacle") is True else "friendly" if target.get("obstacle") is False else "card"
    if target.get("other"):
        noun += "_other"
    kw = t("legacy.target.keyword", lang, keyword=keyword_text(target["keyword"], lang)) if "keyword" in target else ""
    tab = t("legacy.target.tab", lang) if target.get("tab") else ""
    return t("legacy.target.full", lang, noun=t(f"legacy.target.{noun}.{case}", lang), keyword=kw, tab=tab,
             place=t("legacy.target.where." + target.get("scope", "play"), lang))


def sticker_text(sid: object, pack: Pack | None, lang: str | None = None, value: int | None = None) -> str:
    """What a sticker of the sheet is: ``sticker 7: +1 glory``, ``wood sticker``."""
    e = pack.sheet.get(str(sid)) if pack is not None else None
    if e is None:
        return str(sid)
    kind = e["kind"]
    if kind == "resource":
        what = t("legacy.sticker.resource", lang, resource=resource_name(e["resource"], 1, lang, pack))
    elif kind == "glory":
        what = t("legacy.sticker.glory", lang, n=value or e.get("glory", 1))
    elif kind == "tab":
        what = t("legacy.sticker.tab", lang)
    else:
        what = text(e["name"], lang) if e.get("name") else t("legacy.sticker.effect", lang,
                                                             effect=effect_text(e["effect"], lang, pack))
    if e.get("number") is None:
        return what
    return t("legacy.sticker.numbered", lang, number=e["number"], what=what)


def _transform_key(s: dict[str, Any], from_stage: str | None) -> str:
    if "to" not in s:
        return "transform_" + str(s["how"])
    if from_stage and ROTATE.get(from_stage) == s["to"]:
        return "transform_to_rotate"
    if from_stage and FLIP.get(from_stage) == s["to"]:
        return "transform_to_flip"
    return "transform_to"


def step_text(s: dict[str, Any], lang: str | None = None, pack: Pack | None = None,
              from_stage: str | None = None) -> str:
    k = s["kind"]
    p = {}
    target = s.get("target", "self")
    if k == "gain":
        if "resources" in s:
            p["what"] = bundle_text(s["resources"], lang, pack, "acc")
        elif s["choice"] == "any":
            k, p["n"] = "gain_any", s.get("n", 1)
        else:
            n = s.get("n", 1)
            p["n"] = n
            p["what"] = t("legacy.or", lang).join(resource_name(r, n, lang, pack, "acc") for r in s["choice"])
            k = "gain_choice"
    elif k == "glory_per":
        p["keyword"] = keyword_text(s["keyword"], lang)
        p["n"] = s["glory"]
    elif k == "play":
        p["n"] = s["count"]
    elif k == "transform":
        k = _transform_key(s, from_stage)
        if "to" in s:
            p["stage"] = t("legacy.stage." + s["to"], lang)
    elif k == "to_deck":
        k = "to_deck_" + s["where"]
    elif k == "add_production":
        p["resource"] = (t("legacy.any_resource", lang) if s["resource"] == "any"
                         else resource_name(s["resource"], 1, lang, pack))
    elif k == "add_glory":
        p["n"] = s["glory"]
    elif k == "sticker":
        p["sticker"] = sticker_text(s["number"], pack, lang)
    elif k == "discover":
        p["cards"] = t("legacy.or", lang).join(str(n) for n in s["cards"])
        k = "discover" if len(s["cards"]) == 1 else "discover_choice"
    elif k == "manual":
        p["text"] = text(s["text"], lang)
    case = {"add_production": "loc", "add_glory": "loc", "sticker": "loc", "check": "loc",
            "increase_production": "gen", "strike_production": "gen"}.get(s["kind"], "acc")
    if "target" in STEP_KINDS[s["kind"]]:
        p["target"] = target_text(target, lang, case)
    out = t("legacy.step." + k, lang, **p)
    if s.get("stage"):
        out += t("legacy.step.on_stage", lang, stage=t("legacy.stage." + s["stage"], lang))
    return out


def effect_text(e: dict[str, Any], lang: str | None = None, pack: Pack | None = None,
                from_stage: str | None = None) -> str:
    head = t("legacy.trigger." + e["trigger"], lang)
    if e.get("when"):
        head = t("legacy.trigger_when", lang, trigger=head, when=t("legacy.when." + e["when"], lang))
    body = t("legacy.then", lang).join(step_text(s, lang, pack, from_stage) for s in e["do"])
    if e.get("cost"):
        body = t("legacy.pay", lang, cost=bundle_text(e["cost"], lang, pack, "acc"), then=body)
    once = t("legacy.once", lang) if e.get("once") else ""
    return t("legacy.effect_line", lang, head=head, body=body, once=once)


def stage_lines(st: Stage, lang: str | None = None, pack: Pack | None = None,
                extra_effects: tuple[dict[str, Any], ...] = ()) -> list[str]:
    """The texts of a stage, one per line (production, upgrades, effects, glory, boxes);
    ``extra_effects``: effects that stickers give this stage."""
    out = []
    kws = ", ".join(keyword_text(k, lang) for k in st.keywords)
    flags = [t("legacy.flag." + f, lang) for f in ("obstacle", "permanent", "parchment", "indestructible",
                                                  "unpurgeable") if getattr(st, f) and f not in st.keywords]
    if st.equip:
        flags.append(t("legacy.flag.equip", lang, keyword=keyword_text(st.equip, lang)))
    out.append(" · ".join(x for x in (kws, ", ".join(flags)) if x))
    if st.production:
        out.append(t("legacy.line.production", lang,
                     what=t("legacy.or", lang).join(bundle_text(o, lang, pack) for o in st.production)))
    for u in st.upgrades:
        out.append(t("legacy.line.upgrade", lang, cost=bundle_text(u["cost"], lang, pack, "acc"),
                     stage=t("legacy.stage." + u["to"], lang)))
    for e in tuple(st.effects) + tuple(extra_effects):
        out.append(effect_text(e, lang, pack, st.id))
    if st.checkboxes:
        boxes = " ".join("[" + " ".join(x for x in (
            ("+" + bundle_text(b["gain"], lang, pack)) if b.get("gain") else "",
            t("legacy.line.box_glory", lang, n=b["glory"]) if b.get("glory") else "") if x) + "]"
            for b in st.checkboxes)
        out.append(t("legacy.line.boxes", lang, boxes=boxes))
    if st.all_checked:
        out.append(t("legacy.line.all_checked", lang, what=t("legacy.then", lang).join(
            step_text(s, lang, pack, st.id) for s in st.all_checked)))
    out.append(t("legacy.line.glory", lang, n=st.glory))
    return [x for x in out if x]
