"""Save and load a campaign as JSON (format ``kingdom-legacy-campaign/2``; ``/1`` files
still load).

The save holds the pack it was played with (an owner's cards stay on the owner's
machine, inside their own save files), the whole state, and what made it: the seed, the
pack at the start, the actions and the cards entered on the way.  Loading checks every
field (types, ranges, cards against the pack) and then replays the actions from the seed:
the state in the file must be the one its history gives.  So an edited ``pending``,
``queue`` or ``work`` entry, a purge without an expansion or a glory sticker worth 50 is
refused with :class:`~kingdom_legacy.errors.SaveError` naming the field, and nothing is
ever half-loaded."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, NoReturn

from papertales.i18n import LANGUAGES

from .actions import Action
from .cards import STAGES, Pack, Stage, load_pack
from .errors import LegacyError, SaveError, Text, json_reason, without_bom
from .flow import FLOWS

if TYPE_CHECKING:
    from .campaign import Campaign

FORMAT = "kingdom-legacy-campaign/2"
FORMATS = ("kingdom-legacy-campaign/1", FORMAT)
_PENDING = ("target", "resource", "mark", "discover", "side", "purge", "reveal", "manual", "enter")
_ZONES = ("box", "deck", "play", "discard", "permanent", "aside", "destroyed")
_KEYS = ("format", "pack", "seed", "rng", "manual", "phase", "round", "turn", "zones", "purged", "purged_glory",
         "cards", "entered", "blocked", "attached", "pool", "stickers", "pending", "work", "queue", "last_round",
         "expansion", "expansions_done", "scores", "events", "history")
_KEYS_2 = _KEYS + ("start_pack", "edits")
#: written only when they have a value: the language chosen, and a draw pile that ran out this
#: turn (then the round ends with the turn; a save older than that rule gets it from the replay)
_OPTIONAL = ("lang", "exhausted", "ask_cards")
_CARD_KEYS = ("stage", "stickers", "checks", "crossed", "struck", "tab")
MAX_HISTORY = 200000
MAX_GLORY = 99999
_U64 = (1 << 64) - 1


def _bad(field: str, problem: str, **params: Any) -> NoReturn:
    raise SaveError("legacy.save.bad", field=field, problem=SaveError("legacy.save.problem." + problem, **params))


def _int(v: Any, field: str, lo: int | None = None, hi: int | None = None) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        _bad(field, "whole", value=repr(v)[:40])
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        _bad(field, "range", value=v, lo=lo if lo is not None else "-", hi=hi if hi is not None else "-")
    return v


def _list(v: Any, field: str) -> list[Any]:
    if not isinstance(v, list):
        _bad(field, "list")
    return v


def _dict(v: Any, field: str) -> dict[Any, Any]:
    if not isinstance(v, dict):
        _bad(field, "object")
    return v


def _num_keys(d: Any, field: str, box: int) -> dict[int, Any]:
    out = {}
    for k, v in _dict(d, field).items():
        if not (isinstance(k, str) and k.isascii() and k.isdigit() and len(k) < 6):
            _bad(f"{field}.{k}"[:80], "card_key")
        out[_int(int(k), f"{field}.{k}", 1, box)] = v
    return out


def loads(text: Any, cls: type[Campaign], pack: Pack | None = None) -> Campaign:
    """A campaign of class ``cls`` from :meth:`Campaign.to_json` output (``pack``: the
    owner's pack with more cards entered since the save: they are entered into it)."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise SaveError("legacy.save.encoding", position=exc.start) from None
    try:
        d = json.loads(without_bom(text)) if isinstance(text, str) else text
    except json.JSONDecodeError as exc:
        raise SaveError("legacy.save.json", line=exc.lineno, column=exc.colno, reason=json_reason(exc)) from None
    except RecursionError:
        raise SaveError("legacy.save.deep") from None
    try:
        return _load(cls, d, pack)
    except LegacyError:
        raise
    except RecursionError:
        raise SaveError("legacy.save.deep") from None
    except Exception as exc:            # noqa: BLE001 - a state no check foresaw: refused whole
        raise SaveError("legacy.save.broken", reason=type(exc).__name__) from None


def _load(cls: type[Campaign], d: Any, pack: Pack | None) -> Campaign:
    _dict(d, "save")
    fmt = d.get("format")
    if fmt not in FORMATS:
        _bad("format", "format", value=repr(fmt)[:40], expected=FORMAT)
    keys = _KEYS_2 if fmt == FORMAT else _KEYS
    for k in keys:
        if k not in d:
            _bad(k, "missing")
    for k in d:
        if k not in keys and not (fmt == FORMAT and k in _OPTIONAL):
            _bad(str(k)[:40], "unknown", allowed=", ".join(keys + (_OPTIONAL if fmt == FORMAT else ())))
    for k in ("exhausted", "ask_cards"):
        if k in d and not isinstance(d[k], bool):
            _bad(k, "bool")
    lang = d.get("lang")
    if lang is not None and lang not in LANGUAGES:
        _bad("lang", "choice", value=repr(lang)[:30], allowed=", ".join(LANGUAGES))
    saved = _pack(d["pack"], "pack")
    start = saved if fmt != FORMAT or d["start_pack"] is None else _pack(d["start_pack"], "start_pack")
    if fmt != FORMAT:
        d = _upgrade(d)
    _check(d, saved)
    c, unplaced = _replay(cls, d, start)
    _compare(c._state(), d, fmt == FORMAT)
    if pack is not None:
        _merge(c, pack)
    c.take_places(unplaced)
    c.lang = lang
    return c


_PACKS: dict[str, Pack] = {}          # the last packs loaded from saves, by their JSON text


def _pack(raw: Any, field: str) -> Pack:
    """The pack inside a save, checked in full (a pack seen in the last few saves loaded is
    not checked again: a companion loads the same box many times)."""
    key = json.dumps(_dict(raw, field))
    if key in _PACKS:
        return _PACKS[key]
    try:
        pack = load_pack(json.loads(key), "save:" + field)
    except LegacyError as exc:
        raise SaveError("legacy.save.pack", reason=exc) from None
    if len(_PACKS) >= 8:
        _PACKS.pop(next(iter(_PACKS)))
    _PACKS[key] = pack
    return pack


def _upgrade(d: dict[str, Any]) -> dict[str, Any]:
    """A ``/1`` save in the ``/2`` shape: no tabs, nothing crossed out, no edits."""
    d = dict(d)
    d["format"] = FORMAT
    d["start_pack"] = None
    d["edits"] = []
    cards = {}
    for k, v in _dict(d["cards"], "cards").items():
        v = dict(_dict(v, f"cards.{k}"))
        v.setdefault("struck", [])
        v.setdefault("tab", False)
        cards[k] = v
    d["cards"] = cards
    if isinstance(d["expansion"], dict):
        d["expansion"] = dict(d["expansion"], seen=d["expansion"].get("seen", 0))
    return d


# ---------------------------------------------------------------------------- field checks


def _check(d: dict[str, Any], pack: Pack) -> None:
    """Types and ranges of every field, each card's state against the pack: a clear error
    naming the field before the replay is tried (the fields in the order of the file)."""
    _check_clock(d)
    seen = _check_zones(d, pack.box_size)
    _check_cards(d, pack, seen)
    _check_pool(d, pack)
    _check_work(d)
    _check_expansions(d, pack)
    _check_log(d)


def _check_clock(d: dict[str, Any]) -> None:
    """The seed, the generator, the mode, and where in the campaign it is."""
    _int(d["seed"], "seed", 0, _U64)
    _int(d["rng"], "rng", 0, _U64)
    if not isinstance(d["manual"], bool):
        _bad("manual", "bool")
    if d["phase"] not in ("play", "over"):
        _bad("phase", "choice", value=repr(d["phase"])[:30], allowed="play, over")
    _int(d["round"], "round", 1, 100000)
    _int(d["turn"], "turn", 0, 100000)


def _check_zones(d: dict[str, Any], box: int) -> dict[int, str]:
    """Each card in one zone exactly; the purged ones among the destroyed.  Returns card -> zone."""
    zones = _dict(d["zones"], "zones")
    seen: dict[int, str] = {}
    for z in _ZONES:
        for n in _list(zones.get(z), f"zones.{z}"):
            _int(n, f"zones.{z}", 1, box)
            if n in seen:
                _bad(f"zones.{z}", "twice", card=n, other=Text("legacy.zone_in." + seen[n]))
            seen[n] = z
    missing = [n for n in range(1, box + 1) if n not in seen]
    if missing:
        _bad("zones", "missing_cards", cards=", ".join(map(str, missing[:10])))
    for n in _list(d["purged"], "purged"):
        _int(n, "purged", 1, box)
        if seen[n] != "destroyed":
            _bad("purged", "purged")
    _int(d["purged_glory"], "purged_glory", 0, MAX_GLORY)
    return seen


def _check_cards(d: dict[str, Any], pack: Pack, seen: dict[int, str]) -> None:
    """The state of every card out of the box, and who is in play, blocked and equipped."""
    box = pack.box_size
    cards = _num_keys(d["cards"], "cards", box)
    for n, v in cards.items():
        _check_card(n, v, pack)
    for n, z in seen.items():
        if z != "box" and n not in cards:
            _bad(f"cards.{n}", "no_state", card=n, zone=Text("legacy.zone_in." + z))
    for rel in ("entered", "blocked", "attached"):
        for n, v in _num_keys(d[rel], rel, box).items():
            if rel == "entered":
                if v not in STAGES:
                    _bad(f"entered.{n}", "choice", value=repr(v)[:30], allowed=", ".join(STAGES))
            else:
                _int(v, f"{rel}.{n}", 1, box)
            if seen[n] != "play" or rel != "entered" and seen.get(v) != "play":
                _bad(f"{rel}.{n}", "relation", other=v)


def _check_pool(d: dict[str, Any], pack: Pack) -> None:
    """The resources of the turn and the stickers left on the sheet."""
    resources = pack.all_resources
    for r, k in _dict(d["pool"], "pool").items():
        if r not in resources:
            _bad(f"pool.{r}"[:60], "choice", value=repr(r)[:30], allowed=", ".join(resources))
        _int(k, f"pool.{r}", 1, 9999)
    counts = pack.sticker_counts()
    for sid, k in _dict(d["stickers"], "stickers").items():
        if sid not in counts:
            _bad(f"stickers.{sid}"[:60], "choice", value=repr(sid)[:30], allowed=", ".join(counts) or "-")
        _int(k, f"stickers.{sid}", 0, counts[sid])


def _check_work(d: dict[str, Any]) -> None:
    """The choice waiting, the work stack (rule steps among :data:`~kingdom_legacy.flow.FLOWS`)
    and the triggered effects waiting."""
    p = d["pending"]
    if p is not None:
        _dict(p, "pending")
        if p.get("kind") not in _PENDING:
            _bad("pending.kind", "choice", value=repr(p.get("kind"))[:30], allowed=", ".join(_PENDING))
    for i, w in enumerate(_list(d["work"], "work")):
        _dict(w, f"work[{i}]")
        if w.get("t") not in ("flow", "frame", "draw"):
            _bad(f"work[{i}].t", "choice", value=repr(w.get("t"))[:30], allowed="flow, frame, draw")
        if w["t"] == "flow" and w.get("name") not in FLOWS:
            _bad(f"work[{i}].name", "choice", value=repr(w.get("name"))[:30], allowed=", ".join(FLOWS))
    for i, q in enumerate(_list(d["queue"], "queue")):
        _dict(q, f"queue[{i}]")
    if d["last_round"] is not None:
        _int(d["last_round"], "last_round", 1, 100000)


def _check_expansions(d: dict[str, Any], pack: Pack) -> None:
    """The mini-expansion under way, those done, and the scores after each."""
    box = pack.box_size
    x = d["expansion"]
    if x is not None:
        _dict(x, "expansion")
        e = pack.expansion(x.get("card"))
        if e is None:
            _bad("expansion.card", "choice", value=repr(x.get("card"))[:30],
                 allowed=", ".join(str(e["card"]) for e in pack.expansions) or "-")
        _int(x.get("rounds_left"), "expansion.rounds_left", 0, e.get("rounds", 4))
        for k in ("pos", "seen"):
            _int(x.get(k), f"expansion.{k}", 0, box)
        _int(x.get("permanent_left"), "expansion.permanent_left", 0, e.get("purge_permanent", 1))
    done = _list(d["expansions_done"], "expansions_done")
    for n in done:
        if pack.expansion(n) is None or done.count(n) > 1:
            _bad("expansions_done", "choice", value=repr(n)[:30],
                 allowed=", ".join(str(e["card"]) for e in pack.expansions) or "-")
    for i, s in enumerate(_list(d["scores"], "scores")):
        _int(_dict(s, f"scores[{i}]").get("glory"), f"scores[{i}].glory", -MAX_GLORY, MAX_GLORY)


def _check_log(d: dict[str, Any]) -> None:
    """The log, the moves and the cards entered on the way."""
    for i, e in enumerate(_list(d["events"], "events")):
        if not (isinstance(e, list) and len(e) == 5 and isinstance(e[2], str) and isinstance(e[3], str)
                and isinstance(e[4], dict)):
            _bad(f"events[{i}]", "event")
    history = _list(d["history"], "history")
    if len(history) > MAX_HISTORY:
        _bad("history", "too_long", n=MAX_HISTORY)
    for i, h in enumerate(history):
        if not isinstance(h, str):
            _bad(f"history[{i}]", "action", value=repr(h)[:30])
        try:
            Action.parse(h)
        except LegacyError:
            _bad(f"history[{i}]", "action", value=repr(h)[:30])
    for i, e in enumerate(_list(d["edits"], "edits")):
        _dict(e, f"edits[{i}]")
        if set(e) - {"placed"} != {"at", "card"} or e.get("placed", True) is not True:
            _bad(f"edits[{i}]", "edit")
        _int(e["at"], f"edits[{i}].at", 0, len(history))
        _dict(e["card"], f"edits[{i}].card")


def _check_card(n: int, v: Any, pack: Pack) -> None:
    field = f"cards.{n}"
    _dict(v, field)
    if set(v) != set(_CARD_KEYS):
        _bad(field, "card_fields", fields=", ".join(_CARD_KEYS))
    if not pack.has(n):
        _bad(field, "no_data", card=n)
    card = pack.card(n)

    def stage(sid: Any, f: str) -> Stage:
        if sid not in STAGES or card.stages[sid] is None:
            _bad(f, "stage", value=repr(sid)[:30],
                 allowed=", ".join(s for s in STAGES if card.stages[s] is not None))
        return card.stage(sid)

    stage(v["stage"], f"{field}.stage")
    if not isinstance(v["tab"], bool):
        _bad(f"{field}.tab", "bool")
    resources = pack.all_resources
    for s in _list(v["stickers"], f"{field}.stickers"):
        f = f"{field}.stickers"
        if not (isinstance(s, list) and len(s) in (2, 3)):
            _bad(f, "sticker", value=repr(s)[:40])
        stage(s[0], f)
        if len(s) == 2:
            if s[1] not in resources:
                _bad(f, "sticker", value=repr(s)[:40])
        elif s[1] == "glory":
            _int(s[2], f + ".glory", 1, 20)
        elif s[1] == "effect":
            e = pack.sheet.get(str(s[2])) if isinstance(s[2], int) and not isinstance(s[2], bool) else None
            if e is None or e["kind"] != "effect":
                _bad(f, "sticker", value=repr(s)[:40])
        else:
            _bad(f, "sticker", value=repr(s)[:40])
    for key in ("checks", "crossed", "struck"):
        for s in _list(v[key], f"{field}.{key}"):
            f = f"{field}.{key}"
            if not (isinstance(s, list) and len(s) == 2):
                _bad(f, "mark", value=repr(s)[:40])
            st = stage(s[0], f)
            hi = {"checks": len(st.checkboxes), "crossed": len(st.effects) + len(v["stickers"]),
                  "struck": len(v["stickers"]) + 1}[key] - 1
            _int(s[1], f, 0, max(hi, 0))


# ---------------------------------------------------------------------------- replay


def _replay(cls: type[Campaign], d: dict[str, Any], start: Pack) -> tuple[Campaign, list[int]]:
    """The campaign the file's history gives, and the cards an older version entered after
    their blanks without putting them in their place."""
    c = cls.new(start, d["seed"], d["manual"], d.get("ask_cards", False))   # older saves: a blank at once
    edits = sorted(d["edits"], key=lambda e: e["at"])
    unplaced = []
    k = 0
    for i, h in enumerate(d["history"]):
        while k < len(edits) and edits[k]["at"] <= i:
            unplaced.append(_enter(c, edits[k], k))
            k += 1
        try:
            c._replay_step(h)
        except LegacyError as exc:
            raise SaveError("legacy.save.replay", step=i + 1, action=h, reason=exc) from None
        except Exception as exc:          # noqa: BLE001 - a history no rule foresaw
            raise SaveError("legacy.save.replay", step=i + 1, action=h, reason=type(exc).__name__) from None
    for j in range(k, len(edits)):
        unplaced.append(_enter(c, edits[j], j))
    return c, [n for n in unplaced if n is not None]


def _enter(c: Campaign, edit: dict[str, Any], j: int) -> int | None:
    try:
        return c.replay_edit(edit)
    except LegacyError as exc:
        raise SaveError("legacy.save.bad", field=f"edits[{j}].card", problem=exc) from None


def _compare(mine: dict[str, Any], theirs: dict[str, Any], with_events: bool) -> None:
    """The first field where the file differs from the state its history gives."""
    for k in mine:
        if k == "events" and not with_events or k == "exhausted":
            continue
        path = _diff(mine[k], theirs.get(k), k)
        if path is not None:
            raise SaveError("legacy.save.mismatch", field=path[:80])


def _diff(a: Any, b: Any, path: str) -> str | None:
    """The path of the first difference between ``a`` (the replayed state) and ``b`` (the
    file), or None.  Equal values are equal whatever their spelling (1 and 1.0): the
    campaign loaded is the replayed one."""
    if a == b:
        return None
    if isinstance(a, tuple):
        a = list(a)
    if isinstance(a, dict) and isinstance(b, dict):
        for k in list(a) + [k for k in b if k not in a]:
            if k not in a or k not in b:
                return f"{path}.{k}"
            p = _diff(a[k], b[k], f"{path}.{k}")
            if p is not None:
                return p
        return None
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            p = _diff(x, y, f"{path}[{i}]")
            if p is not None:
                return p
        return None
    return path


def _merge(c: Campaign, pack: Pack) -> None:
    """Enter into ``c`` every card of ``pack`` that differs from the one it has."""
    try:
        c.update_cards(pack)
    except LegacyError as exc:
        raise SaveError("legacy.save.merge", reason=exc) from None
