"""Card packs: the JSON format of Kingdom Legacy cards, checked field by field.

A pack is data only (``docs/kingdom-legacy.md`` describes every field).  Loading checks
everything and raises :class:`~kingdom_legacy.errors.PackError` naming the file, the
card, the stage and the field at fault; a pack that loads is safe for the engine.

Each card has four stages: ``front`` (the side with the number, upright), ``front_rotated``
(the same side turned 180 degrees), ``back`` and ``back_rotated``.  A stage may be absent
(``null``).  Rotating swaps upright and rotated on the same side; flipping goes to the
other side and keeps the orientation (the printed upgrade arrows name their stage).
"""

from __future__ import annotations

import json
import re
from importlib import resources as _res
from pathlib import Path

from papertales.i18n import t

from .errors import PackError

PACK_FORMAT = "kingdom-legacy-pack/1"

STAGES = ("front", "front_rotated", "back", "back_rotated")
ROTATE = {"front": "front_rotated", "front_rotated": "front", "back": "back_rotated", "back_rotated": "back"}
FLIP = {"front": "back", "back": "front", "front_rotated": "back_rotated", "back_rotated": "front_rotated"}
RESOURCES = ("coin", "wood", "stone", "metal", "sword", "goods")
#: the keywords of the base game; a pack may use others (lower-case words)
KEYWORDS = ("building", "person", "livestock", "seafaring", "land", "enemy", "event", "other", "parchment")
TRIGGERS = ("passive", "activated", "timed", "destroy", "optional", "forced")
WHENS = ("play", "end_of_turn", "end_of_round", "discover")
SCOPES = ("play", "kingdom")
STICKERS = RESOURCES + ("glory",)
#: kinds of effect steps and their parameters (name -> checker key); see the docs
STEP_KINDS = {
    "gain": ("resources", "choice", "n"),
    "stay_in_play": (),
    "glory_per": ("keyword", "glory"),
    "play": ("count",),
    "top_to_bottom": (),
    "transform": ("target", "how", "to"),
    "increase_production": ("target",),
    "add_production": ("target", "resource"),
    "add_glory": ("target", "glory"),
    "check": ("target",),
    "discover": ("cards",),
    "destroy": ("target",),
    "discard": ("target",),
    "block": ("target",),
    "reset": ("target",),
    "undiscover": ("target",),
}
#: steps that only describe a lasting property (a passive effect without a cost)
STATIC_KINDS = ("stay_in_play", "glory_per")
_WORD = re.compile(r"^[a-z][a-z_]{0,30}$")
MAX_PRODUCTION_FOR_STICKER = 9     # golden rule 5


def text(value, lang: str | None) -> str:
    """A card text: a plain string or ``{"en": ..., "pl": ...}``."""
    if isinstance(value, dict):
        return value.get(lang or "en") or value.get("en") or next(iter(value.values()))
    return value


def bundle_total(bundle: dict) -> int:
    return sum(bundle.values())


class Stage:
    """One printed stage of a card (immutable after loading)."""

    __slots__ = ("id", "name", "keywords", "obstacle", "permanent", "parchment", "indestructible",
                 "equip", "production", "upgrades", "effects", "glory", "checkboxes", "all_checked", "note")

    def __init__(self, sid, d):
        self.id = sid
        self.name = d["name"]
        self.keywords = tuple(d.get("keywords", ()))
        self.obstacle = d.get("obstacle", False)
        self.permanent = d.get("permanent", False)
        self.parchment = d.get("parchment", False)
        self.indestructible = d.get("indestructible", False)
        self.equip = d.get("equip")
        self.production = tuple(dict(o) for o in d.get("production", ()))
        self.upgrades = tuple(dict(u) for u in d.get("upgrades", ()))
        self.effects = tuple(e for e in d.get("effects", ()))
        self.glory = d.get("glory", 0)
        self.checkboxes = tuple(d.get("checkboxes", ()))
        self.all_checked = tuple(d.get("all_checked", ()))
        self.note = d.get("note")

    def title(self, lang=None) -> str:
        return text(self.name, lang)

    def upgrade_to(self, target):
        for u in self.upgrades:
            if u["to"] == target:
                return u
        return None

    def is_static(self, i) -> bool:
        e = self.effects[i]
        return e["trigger"] == "passive" and all(s["kind"] in STATIC_KINDS for s in e["do"])

    def has_static(self, kind) -> bool:
        return any(e["trigger"] == "passive" and any(s["kind"] == kind for s in e["do"]) for e in self.effects)


class Card:
    __slots__ = ("number", "stages", "choose_side", "raw")

    def __init__(self, d):
        self.number = d["number"]
        self.choose_side = d.get("choose_side", False)
        self.stages = {s: (Stage(s, d["stages"][s]) if d["stages"].get(s) else None) for s in STAGES}
        self.raw = d

    def stage(self, sid) -> Stage:
        return self.stages[sid]


class Pack:
    """A validated pack: its options and its cards by number (data may be missing for
    cards still in the box: an owner enters cards as the campaign discovers them)."""

    def __init__(self, raw: dict, source: str = "pack"):
        self.raw = raw
        self.source = source
        self.id = raw["id"]
        self.name = raw.get("name", raw["id"])
        self.invented = raw.get("invented", False)
        self.box_size = raw["box_size"]
        self.kingdom_start = raw.get("kingdom_start", 10)
        self.final_card = raw["final_card"]
        self.stickers = dict(raw.get("stickers", {}))
        self.expansions = [dict(e) for e in raw.get("expansions", ())]
        self.cards = {c["number"]: Card(c) for c in raw["cards"]}

    def card(self, n) -> Card:
        return self.cards[n]

    def has(self, n) -> bool:
        return n in self.cards

    def expansion(self, n):
        for e in self.expansions:
            if e["card"] == n:
                return e
        return None

    def with_card(self, card_raw: dict) -> "Pack":
        """A new pack with one more (or replaced) card, checked like a whole pack."""
        raw = dict(self.raw)
        raw["cards"] = [c for c in raw["cards"] if c["number"] != card_raw.get("number")] + [card_raw]
        raw["cards"].sort(key=lambda c: c["number"] if isinstance(c.get("number"), int) else 0)
        return load_pack(raw, self.source)


# ---------------------------------------------------------------------------- checks


class _Checker:
    def __init__(self, source):
        self.source = source
        self.card = "-"
        self.stage = "-"

    def fail(self, field, problem, **params):
        raise PackError("legacy.pack.error", file=self.source, card=self.card, stage=self.stage, field=field,
                        problem=PackError("legacy.pack.problem." + problem, **params))

    def whole(self, v, field, lo=None, hi=None):
        if isinstance(v, bool) or not isinstance(v, int):
            self.fail(field, "whole", value=repr(v))
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            self.fail(field, "range", value=v, lo=lo if lo is not None else "-", hi=hi if hi is not None else "-")
        return v

    def boolean(self, v, field):
        if not isinstance(v, bool):
            self.fail(field, "bool", value=repr(v))

    def name(self, v, field):
        if isinstance(v, str) and v.strip():
            return
        if isinstance(v, dict) and v and all(k in ("en", "pl") and isinstance(x, str) and x.strip()
                                             for k, x in v.items()):
            return
        self.fail(field, "name", value=repr(v)[:40])

    def word(self, v, field):
        if not isinstance(v, str) or not _WORD.match(v):
            self.fail(field, "word", value=repr(v)[:40])

    def bundle(self, v, field, allow_empty=True):
        if not isinstance(v, dict):
            self.fail(field, "bundle", value=repr(v)[:40])
        for k, n in v.items():
            if k not in RESOURCES:
                self.fail(f"{field}.{k}", "resource", value=k, allowed=", ".join(RESOURCES))
            self.whole(n, f"{field}.{k}", 1, 99)
        if not v and not allow_empty:
            self.fail(field, "empty")

    def keys(self, d, field, allowed):
        if not isinstance(d, dict):
            self.fail(field, "object", value=repr(d)[:40])
        for k in d:
            if k not in allowed:
                self.fail(f"{field}.{k}" if field else k, "unknown", value=k, allowed=", ".join(allowed))


_STAGE_KEYS = ("name", "keywords", "obstacle", "permanent", "parchment", "indestructible", "equip",
               "production", "upgrades", "effects", "glory", "checkboxes", "all_checked", "note")
_PACK_KEYS = ("format", "id", "name", "invented", "notice", "box_size", "kingdom_start", "final_card",
              "stickers", "expansions", "cards")


def _check_target(c: _Checker, v, field, allow_self=True):
    if v == "self":
        if not allow_self:
            c.fail(field, "not_self")
        return
    c.keys(v, field, ("keyword", "obstacle", "scope", "other"))
    if "keyword" in v:
        c.word(v["keyword"], f"{field}.keyword")
    for b in ("obstacle", "other"):
        if b in v:
            c.boolean(v[b], f"{field}.{b}")
    if "scope" in v and v["scope"] not in SCOPES:
        c.fail(f"{field}.scope", "choice", value=v["scope"], allowed=", ".join(SCOPES))


def _check_step(c: _Checker, s, field, card, stages):
    if not isinstance(s, dict):
        c.fail(field, "object", value=repr(s)[:40])
    kind = s.get("kind")
    if kind not in STEP_KINDS:
        c.fail(f"{field}.kind", "choice", value=kind, allowed=", ".join(STEP_KINDS))
    c.keys(s, field, ("kind",) + STEP_KINDS[kind])
    for p in STEP_KINDS[kind]:
        if p in s or p in ("n", "to", "how", "resources", "choice"):
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
            if not isinstance(ch, list) or len(ch) < 2 or len(set(ch)) != len(ch):
                c.fail(f"{field}.choice", "choice_list")
            for r in ch:
                if r not in RESOURCES:
                    c.fail(f"{field}.choice", "resource", value=r, allowed=", ".join(RESOURCES))
            c.whole(s.get("n", 1), f"{field}.n", 1, 9)
    elif kind == "glory_per":
        c.word(s["keyword"], f"{field}.keyword")
        c.whole(s["glory"], f"{field}.glory", -20, 20)
    elif kind == "play":
        c.whole(s["count"], f"{field}.count", 1, 10)
    elif kind == "transform":
        target = s.get("target", "self")
        if "to" in s:
            if target != "self":
                c.fail(f"{field}.to", "to_self")
            if s["to"] not in STAGES:
                c.fail(f"{field}.to", "choice", value=s["to"], allowed=", ".join(STAGES))
            if not stages.get(s["to"]):
                c.fail(f"{field}.to", "no_stage", value=s["to"])
            if "how" in s:
                c.fail(f"{field}.how", "how_or_to")
        elif s.get("how") not in ("rotate", "flip"):
            c.fail(f"{field}.how", "choice", value=s.get("how"), allowed="rotate, flip")
    elif kind == "add_production":
        if s["resource"] not in RESOURCES:
            c.fail(f"{field}.resource", "resource", value=s["resource"], allowed=", ".join(RESOURCES))
    elif kind == "add_glory":
        c.whole(s["glory"], f"{field}.glory", 1, 20)
    elif kind == "discover":
        cards = s["cards"]
        if not isinstance(cards, list) or not cards:
            c.fail(f"{field}.cards", "cards")
        for n in cards:
            c.whole(n, f"{field}.cards", 1, 9999)
            if n == card:
                c.fail(f"{field}.cards", "itself")


def _check_effect(c: _Checker, e, field, card, stages, stage):
    c.keys(e, field, ("trigger", "when", "cost", "once", "do", "note"))
    trig = e.get("trigger")
    if trig not in TRIGGERS:
        c.fail(f"{field}.trigger", "choice", value=trig, allowed=", ".join(TRIGGERS))
    if trig in ("optional", "forced"):
        if e.get("when") not in WHENS:
            c.fail(f"{field}.when", "choice", value=e.get("when"), allowed=", ".join(WHENS))
        if e["when"] == "discover" and not stage.get("parchment"):
            c.fail(f"{field}.when", "discover_parchment")
    elif "when" in e:
        c.fail(f"{field}.when", "when_trigger")
    if "cost" in e:
        c.bundle(e["cost"], f"{field}.cost")
    if "once" in e:
        c.boolean(e["once"], f"{field}.once")
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


def _check_stage(c: _Checker, d, stages):
    c.keys(d, "", _STAGE_KEYS)
    if "name" not in d:
        c.fail("name", "missing")
    c.name(d["name"], "name")
    kws = d.get("keywords", [])
    if not isinstance(kws, list):
        c.fail("keywords", "list")
    for i, k in enumerate(kws):
        c.word(k, f"keywords[{i}]")
    for b in ("obstacle", "permanent", "parchment", "indestructible"):
        if b in d:
            c.boolean(d[b], b)
    if "equip" in d and d["equip"] is not None:
        c.word(d["equip"], "equip")
    prod = d.get("production", [])
    if not isinstance(prod, list):
        c.fail("production", "list")
    for i, o in enumerate(prod):
        c.bundle(o, f"production[{i}]", allow_empty=False)
    ups = d.get("upgrades", [])
    if not isinstance(ups, list):
        c.fail("upgrades", "list")
    seen = set()
    for i, u in enumerate(ups):
        c.keys(u, f"upgrades[{i}]", ("cost", "to"))
        if "cost" not in u:
            c.fail(f"upgrades[{i}].cost", "missing")
        c.bundle(u["cost"], f"upgrades[{i}].cost", allow_empty=False)
        if u.get("to") not in STAGES:
            c.fail(f"upgrades[{i}].to", "choice", value=u.get("to"), allowed=", ".join(STAGES))
        if u["to"] == c.stage:
            c.fail(f"upgrades[{i}].to", "same_stage")
        if not stages.get(u["to"]):
            c.fail(f"upgrades[{i}].to", "no_stage", value=u["to"])
        if u["to"] in seen:
            c.fail(f"upgrades[{i}].to", "twice", value=u["to"])
        seen.add(u["to"])
    effs = d.get("effects", [])
    if not isinstance(effs, list):
        c.fail("effects", "list")
    for i, e in enumerate(effs):
        _check_effect(c, e, f"effects[{i}]", c.card, stages, d)
    if d.get("parchment") and not any(e.get("when") == "discover" for e in effs):
        c.fail("effects", "parchment_effects")
    c.whole(d.get("glory", 0), "glory", -99, 99)
    boxes = d.get("checkboxes", [])
    if not isinstance(boxes, list):
        c.fail("checkboxes", "list")
    for i, b in enumerate(boxes):
        c.keys(b, f"checkboxes[{i}]", ("gain", "glory"))
        if "gain" in b:
            c.bundle(b["gain"], f"checkboxes[{i}].gain", allow_empty=False)
        c.whole(b.get("glory", 0), f"checkboxes[{i}].glory", -99, 99)
    ac = d.get("all_checked", [])
    if not isinstance(ac, list):
        c.fail("all_checked", "list")
    if ac and not boxes:
        c.fail("all_checked", "no_boxes")
    for j, s in enumerate(ac):
        _check_step(c, s, f"all_checked[{j}]", c.card, stages)
        if s["kind"] in STATIC_KINDS:
            c.fail(f"all_checked[{j}].kind", "static", kind=s["kind"])
    if "note" in d:
        c.name(d["note"], "note")


def check_pack(raw, source: str = "pack") -> None:
    """Raise :class:`PackError` for the first problem of ``raw`` (a decoded pack)."""
    c = _Checker(source)
    c.keys(raw, "", _PACK_KEYS)
    if raw.get("format") != PACK_FORMAT:
        c.fail("format", "format", value=repr(raw.get("format")), expected=PACK_FORMAT)
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
    box = c.whole(raw["box_size"], "box_size", 2, 9999)
    start = c.whole(raw.get("kingdom_start", 10), "kingdom_start", 1, box - 1)
    c.whole(raw["final_card"], "final_card", start + 1, box)
    stickers = raw.get("stickers", {})
    c.keys(stickers, "stickers", STICKERS)
    for k, n in stickers.items():
        c.whole(n, f"stickers.{k}", 0, 999)
    exps = raw.get("expansions", [])
    if not isinstance(exps, list):
        c.fail("expansions", "list")
    for i, e in enumerate(exps):
        c.keys(e, f"expansions[{i}]", ("card", "rounds", "purge", "purge_permanent", "name"))
        c.whole(e.get("card"), f"expansions[{i}].card", raw["final_card"] + 1, box)
        c.whole(e.get("rounds", 4), f"expansions[{i}].rounds", 1, 20)
        c.whole(e.get("purge", 12), f"expansions[{i}].purge", 2, 99)
        c.whole(e.get("purge_permanent", 1), f"expansions[{i}].purge_permanent", 0, 9)
        if "name" in e:
            c.name(e["name"], f"expansions[{i}].name")
    cards = raw["cards"]
    if not isinstance(cards, list):
        c.fail("cards", "list")
    seen = set()
    for i, card in enumerate(cards):
        if not isinstance(card, dict):
            c.fail(f"cards[{i}]", "object", value=repr(card)[:40])
        c.card = f"#{i + 1} in the list" if not isinstance(card.get("number"), int) else card["number"]
        c.stage = "-"
        c.keys(card, "", ("number", "choose_side", "stages", "note"))
        n = c.whole(card.get("number"), "number", 1, box)
        if n in seen:
            c.fail("number", "duplicate", value=n)
        seen.add(n)
        if "choose_side" in card:
            c.boolean(card["choose_side"], "choose_side")
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


def load_pack(source, name: str | None = None) -> Pack:
    """A :class:`Pack` from a file path, a JSON text or an already decoded dict."""
    if isinstance(source, dict):
        raw, label = source, name or "pack"
    elif isinstance(source, Path) or (isinstance(source, str) and not source.lstrip().startswith("{")):
        label = name or str(source)
        try:
            data = Path(source).read_text(encoding="utf-8")
        except OSError as exc:
            raise PackError("legacy.pack.unreadable", file=label, reason=exc.strerror or str(exc)) from None
        raw = _decode(data, label)
    else:
        label = name or "pack"
        raw = _decode(source, label)
    check_pack(raw, label)
    return Pack(raw, label)


def _decode(data, label):
    try:
        return json.loads(data)
    except json.JSONDecodeError as exc:
        raise PackError("legacy.pack.json", file=label, line=exc.lineno, column=exc.colno, reason=exc.msg) from None


def demo_pack() -> Pack:
    """The invented demo kingdom shipped with the package (not the printed cards)."""
    data = (_res.files("kingdom_legacy") / "data" / "demo.json").read_text(encoding="utf-8")
    return load_pack(json.loads(data), "demo.json")


# ---------------------------------------------------------------------------- texts


def bundle_text(bundle: dict, lang=None) -> str:
    if not bundle:
        return t("legacy.nothing", lang)
    return ", ".join(f"{n} {t('legacy.resource.' + r, lang, n=n)}" for r, n in sorted(bundle.items(), key=lambda x: RESOURCES.index(x[0])))


def keyword_text(k, lang=None) -> str:
    from papertales.i18n import has
    key = "legacy.keyword." + k
    return t(key, lang) if has(key, lang or None) or has(key, "en") else k


def target_text(target, lang=None) -> str:
    if target in (None, "self"):
        return t("legacy.target.self", lang)
    parts = []
    if "keyword" in target:
        parts.append(keyword_text(target["keyword"], lang))
    if target.get("obstacle") is True:
        parts.append(t("legacy.target.obstacle", lang))
    elif target.get("obstacle") is False:
        parts.append(t("legacy.target.friendly", lang))
    what = " ".join(parts) or t("legacy.target.any", lang)
    key = "legacy.target.kingdom" if target.get("scope") == "kingdom" else "legacy.target.play"
    return t(key, lang, what=what) + (t("legacy.target.other", lang) if target.get("other") else "")


def step_text(s, lang=None) -> str:
    k = s["kind"]
    p = {}
    if k == "gain":
        if "resources" in s:
            p["what"] = bundle_text(s["resources"], lang)
        else:
            p["what"] = f"{s.get('n', 1)} " + " / ".join(t("legacy.resource." + r, lang, n=s.get("n", 1)) for r in s["choice"])
    if "target" in s or k in ("check", "transform"):
        p["target"] = target_text(s.get("target", "self"), lang)
    if k == "glory_per":
        p["keyword"] = keyword_text(s["keyword"], lang)
        p["n"] = s["glory"]
    if k == "play":
        p["n"] = s["count"]
    if k == "transform":
        if "to" in s:
            k = "transform_to"
            p["stage"] = t("legacy.stage." + s["to"], lang)
        else:
            k = "transform_" + s["how"]
    if k == "add_production":
        p["resource"] = t("legacy.resource." + s["resource"], lang, n=1)
    if k == "add_glory":
        p["n"] = s["glory"]
    if k == "discover":
        p["cards"] = " / ".join(str(n) for n in s["cards"])
        p["n"] = len(s["cards"])
    return t("legacy.step." + k, lang, **p)


def effect_text(e, lang=None) -> str:
    head = t("legacy.trigger." + e["trigger"], lang)
    if e.get("when"):
        head = t("legacy.trigger_when", lang, trigger=head, when=t("legacy.when." + e["when"], lang))
    cost = e.get("cost")
    body = "; ".join(step_text(s, lang) for s in e["do"])
    if cost:
        body = t("legacy.pay", lang, cost=bundle_text(cost, lang)) + " " + body
    once = " " + t("legacy.once", lang) if e.get("once") else ""
    return f"{head}: {body}{once}"


def stage_lines(st: Stage, lang=None) -> list[str]:
    """The texts of a stage, one per line (production, upgrades, effects, glory, boxes)."""
    out = []
    kws = ", ".join(keyword_text(k, lang) for k in st.keywords)
    flags = [t("legacy.flag." + f, lang) for f in ("obstacle", "permanent", "parchment", "indestructible")
             if getattr(st, f)]
    if st.equip:
        flags.append(t("legacy.flag.equip", lang, keyword=keyword_text(st.equip, lang)))
    out.append(" · ".join(x for x in (kws, ", ".join(flags)) if x))
    if st.production:
        out.append(t("legacy.line.production", lang, what=" / ".join(bundle_text(o, lang) for o in st.production)))
    for u in st.upgrades:
        out.append(t("legacy.line.upgrade", lang, cost=bundle_text(u["cost"], lang),
                     stage=t("legacy.stage." + u["to"], lang)))
    for e in st.effects:
        out.append(effect_text(e, lang))
    if st.checkboxes:
        boxes = " ".join("[" + ("+" + bundle_text(b["gain"], lang) if b.get("gain") else "")
                         + (f" {b['glory']}★" if b.get("glory") else "") + "]" for b in st.checkboxes)
        out.append(t("legacy.line.boxes", lang, boxes=boxes))
    if st.all_checked:
        out.append(t("legacy.line.all_checked", lang, what="; ".join(step_text(s, lang) for s in st.all_checked)))
    out.append(t("legacy.line.glory", lang, n=st.glory))
    return [x for x in out if x]
