"""HTML/SVG pictures of a game: cards, kingdoms, the phase track, the event log.

Standard library only (``import papertales`` must work without any UI package): every
function returns an HTML string.  ``Game._repr_html_`` uses :func:`game_html`, and the
notebook panels (``papertales_widgets``) put the same strings into their HTML widgets.

Every word shown comes from the message catalogue (:mod:`papertales.i18n`, keys ``app.``;
card names and texts from ``card.<id>.name`` / ``card.<id>.text`` when the catalogue has
them, else the card's own name: cards of a user's pack).  Each function takes ``lang``
(default: the current language).

Everything shown is read through the engine's public API: ``game.unit_strengths(seat)``
for the strength each unit has *now*, ``game.strength(seat)`` for the kingdom's,
``game.resources(seat)`` for what a kingdom produces, ``game.players`` / ``game.cards`` /
``game.lich`` for the rest.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from html import escape as _html_escape
from typing import TYPE_CHECKING

from .abilities import RESOURCES
from .deployment import usable_spots
from .events import LICH_SEAT, cause_label
from .i18n import LANGUAGES, get_language, has, printed_name, t
from .state import BACK_SPOTS, FRONT_SPOTS, SPOT_NAMES
from .turns import PHASES as PHASE_ORDER

if TYPE_CHECKING:     # drawn, never imported to draw (duck-typed: older engines too)
    from .cards import BuildingType, CardSet, UnitType
    from .events import Event
    from .game import Game

#: the badges' changes of the last step: ``{seat: {"lp": delta, "gold": delta}}``
Changes = Mapping[int, Mapping[str, int]]
RES_COLOR = {"wood": "#8a5a2b", "food": "#d9a21b", "ore": "#5f6f80"}
# production conditions of a card (papertales.cards: ALWAYS, IN_FRONT, PER_AGE_TOKEN, AGED)
_WHEN = {1: "in_front", 2: "per_age_token", 3: "aged"}
PLAYER_COLORS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e")

CSS = """<style>
.pt-root{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#222;font-size:13px;line-height:1.3}
.pt-kingdoms{display:flex;flex-wrap:wrap;gap:10px}
.pt-kingdom{border:2px solid #ccc;border-radius:10px;padding:8px;background:#fbf8f1;min-width:360px;flex:1 1 360px;max-width:600px}
.pt-kingdom.pt-you{border-color:#1f77b4;box-shadow:0 0 0 2px #1f77b455}
.pt-kingdom.pt-waiting{background:#fff6dc}
.pt-khead{display:flex;align-items:center;gap:8px;flex-wrap:wrap;margin-bottom:6px}
.pt-pname{font-weight:700;font-size:15px}
.pt-dot{display:inline-block;width:12px;height:12px;border-radius:6px}
.pt-badge{display:inline-block;padding:1px 7px;border-radius:10px;background:#eee;font-size:12px;white-space:nowrap}
.pt-badge.pt-lp{background:#3b2f6b;color:#fff}
.pt-badge.pt-gold{background:#f3cf4a;color:#3d2c00}
.pt-badge.pt-str{background:#b3261e;color:#fff}
.pt-badge.pt-wait{background:#ffb300;color:#222}
.pt-row{display:flex;gap:6px;align-items:flex-start;margin:3px 0}
.pt-rowlabel{writing-mode:vertical-rl;transform:rotate(180deg);font-size:10px;color:#777;text-align:center;width:12px}
.pt-card{position:relative;width:114px;height:140px;border-radius:8px;border:1px solid #8c7b5a;background:linear-gradient(#fffdf7,#f2e8d2);box-sizing:border-box;padding:4px 5px;overflow:hidden;flex:0 0 auto}
.pt-card.pt-empty{background:repeating-linear-gradient(45deg,#f4f1ea,#f4f1ea 6px,#ece7dc 6px,#ece7dc 12px);border-style:dashed;color:#999;display:flex;align-items:center;justify-content:center;text-align:center;font-size:11px}
.pt-card.pt-locked{opacity:.45}
.pt-card.pt-back{background:repeating-linear-gradient(135deg,#5b3f8c,#5b3f8c 8px,#6d51a0 8px,#6d51a0 16px);color:#fff;display:flex;align-items:center;justify-content:center;text-align:center;font-weight:600}
.pt-card.pt-new{box-shadow:0 0 0 2px #2ca02c}
.pt-card.pt-idle{filter:saturate(.45)}
.pt-card.pt-dying{box-shadow:0 0 0 2px #b3261e}
.pt-cname{font-weight:700;font-size:11.5px;margin:19px 0 0 0;min-height:27px;line-height:1.15}
.pt-cname.pt-own{text-decoration:underline dotted #8c7b5a;text-underline-offset:2px}
.pt-cost{position:absolute;left:3px;top:3px;width:18px;height:18px;border-radius:9px;background:#f3cf4a;color:#3d2c00;font-weight:700;font-size:11px;text-align:center;line-height:18px}
.pt-strength{position:absolute;right:3px;top:3px;min-width:20px;height:20px;border-radius:10px;background:#b3261e;color:#fff;font-weight:700;font-size:12px;text-align:center;line-height:20px;padding:0 2px;box-sizing:border-box}
.pt-strength.pt-changed{background:#e8590c}
.pt-strength.pt-nofight{background:#999}
.pt-printed{position:absolute;left:24px;right:26px;top:6px;font-size:9px;color:#777;text-align:center}
.pt-ctext{font-size:9.5px;line-height:1.2;color:#444;height:57px;overflow:hidden;margin-top:2px}
.pt-cfoot{position:absolute;left:4px;right:4px;bottom:3px;display:flex;justify-content:space-between;align-items:center;font-size:10px}
.pt-spot{position:absolute;left:0;right:0;bottom:4px;font-size:9px;color:#999;text-align:center;pointer-events:none}
.pt-res{display:inline-block;min-width:15px;height:15px;border-radius:8px;color:#fff;font-size:9px;font-weight:700;text-align:center;line-height:15px;padding:0 2px;box-sizing:border-box;margin-right:1px}
.pt-buildings{display:flex;flex-wrap:wrap;gap:4px;margin-top:5px}
.pt-building{border:1px solid #bbb;border-radius:6px;padding:2px 6px;font-size:11px;background:#f3f3f3;color:#999}
.pt-building.pt-l1{background:#e4efe0;color:#234;border-color:#7a9f6b}
.pt-building.pt-l2{background:#cfe3f7;color:#123;border-color:#3f77b5;font-weight:700}
.pt-hand{margin-top:6px;font-size:12px}
.pt-track{display:flex;gap:4px;align-items:stretch;flex-wrap:wrap;margin:4px 0}
.pt-phase{padding:6px 10px;border-radius:6px;background:#eee;color:#777;font-weight:600;font-size:13px}
.pt-phase.pt-done{background:#dcd6ea;color:#4a3f73}
.pt-phase.pt-current{background:#3b2f6b;color:#fff;box-shadow:0 0 0 3px #ffb30099}
.pt-turn{padding:6px 10px;font-weight:700}
table.pt-table{border-collapse:collapse;font-size:12.5px;margin:4px 0}
table.pt-table th,table.pt-table td{border-bottom:1px solid #e3e3e3;padding:3px 8px;text-align:left;vertical-align:top}
table.pt-table th{background:#f5f3ee}
.pt-plus{color:#1b7a2a;font-weight:700}
.pt-minus{color:#b3261e;font-weight:700}
.pt-muted{color:#888}
.pt-msg{padding:6px 10px;border-radius:6px;margin:4px 0}
.pt-msg.pt-error{background:#fde7e6;border:1px solid #e0a3a0;color:#7a1712}
.pt-msg.pt-info{background:#eef4fb;border:1px solid #b7cde8}
.pt-msg.pt-ok{background:#e8f5e9;border:1px solid #a5d6a7}
.pt-msg.pt-warn{background:#fff4e0;border:1px solid #e8b86a;color:#5c3b00}
.pt-decision{background:#fff8e1}
.pt-card[tabindex]:focus{outline:3px solid #1f77b4;outline-offset:1px}
.pt-card:hover,.pt-card:focus{overflow:visible;z-index:20}
.pt-card:hover .pt-ctext,.pt-card:focus .pt-ctext{height:auto;min-height:57px;overflow:visible;position:absolute;left:2px;right:2px;top:46px;background:#fffdf7;border:1px solid #8c7b5a;border-radius:6px;padding:3px 4px;box-shadow:0 3px 10px #0004;z-index:21;font-size:10.5px}
.pt-badge.pt-chg{box-shadow:0 0 0 3px #ff9800;animation:pt-flash 1.2s ease-out 2}
@keyframes pt-flash{0%{box-shadow:0 0 0 6px #ff9800aa}100%{box-shadow:0 0 0 3px #ff9800}}
.pt-delta{font-size:11px;font-weight:700;color:#b35c00;margin-left:2px}
.pt-has-pop{position:relative;cursor:help}
.pt-has-pop:focus{outline:2px solid #1f77b4}
.pt-pop{display:none;position:absolute;left:0;top:100%;z-index:30;min-width:200px;max-width:280px;background:#fffdf7;color:#222;border:1px solid #8c7b5a;border-radius:6px;padding:4px 6px;box-shadow:0 3px 10px #0004;font-weight:400;white-space:normal;font-size:11.5px}
.pt-has-pop:hover .pt-pop,.pt-has-pop:focus .pt-pop{display:block}
.pt-bcost{color:#555;font-weight:400;margin-left:3px}
.pt-legend{display:flex;flex-wrap:wrap;gap:4px 12px;align-items:center;font-size:11.5px;color:#444;margin:4px 0}
.pt-legend .pt-cost,.pt-legend .pt-strength{position:static;display:inline-block}
.pt-happened{border:2px solid #3b2f6b;border-radius:8px;padding:6px 10px;background:#f6f3fc;margin:4px 0}
.pt-h-head{font-weight:700;font-size:14px;color:#3b2f6b;margin-bottom:2px}
.pt-h-death{color:#7a1712;font-weight:600}
.pt-h-war,.pt-h-built,.pt-h-end{font-weight:600}
.pt-stale{opacity:.45;filter:grayscale(.8)}
.pt-linkbutton{display:inline-block;padding:5px 12px;margin:2px 6px 2px 0;border-radius:3px;background:#eee;color:#222;text-decoration:none;font-size:13px;border:1px solid #ccc;white-space:normal}
.pt-linkbutton:hover{background:#e0e0e0}
.jupyter-button.pt-wrap,.widget-button.pt-wrap{white-space:normal !important;height:auto !important;min-height:32px;line-height:1.2 !important;padding:4px 6px !important;text-overflow:clip !important}
.pt-stale-note{background:#fff3cd;border:1px solid #e0c36a;color:#5c4600}
@media (max-width:640px){
.pt-kingdom{min-width:0;flex:1 1 100%;padding:5px}
.pt-card{width:98px;height:132px}
.pt-row{gap:4px}
.pt-phase{padding:4px 6px;font-size:12px}
.pt-kingdoms{gap:6px}
}
</style>"""

# ------------------------------------------------------------------ words

def escape(text: object) -> str:
    """``text`` made safe for HTML (quotes too, for attributes)."""
    return _html_escape(str(text), quote=True)



def lang_of(lang: str | None = None) -> str:
    return lang or get_language()


def phase_title(phase: str, lang: str | None = None) -> str:
    """The name of a phase in ``lang``; ``end`` and ``over`` as the phase track says them."""
    if phase in PHASE_ORDER:
        return t(f"phase.{phase}.name", lang)
    if phase in ("end", "over"):
        return t(f"render.phase.{phase}", lang)
    return phase


#: the phase titles in English (for older callers; use :func:`phase_title` for a language)
PHASE_TITLES = {p: phase_title(p, "en") for p in PHASE_ORDER + ("end", "over")}


def card_name(card: UnitType | BuildingType, lang: str | None = None) -> str:
    """A unit's or building's name in ``lang``: the catalogue's ``card.<id>.name``, else the
    card's own name (a user's pack)."""
    key = f"card.{card.id}.name"
    return t(key, lang) if has(key, "en") else card.name


def own_name_note(card: UnitType | BuildingType, lang: str | None = None) -> str:
    """Where the name :func:`card_name` shows is the project's own (a Polish name the Polish
    rulebook does not give), the words saying so, with the printed name; else ``""``."""
    printed = printed_name(card.id, lang) if has(f"card.{card.id}.name", "en") else None
    return t("render.card.own_name", lang, printed=printed) if printed else ""


def card_text(card: UnitType, lang: str | None = None) -> str:
    """A unit's ability text in ``lang`` (``card.<id>.text``, else the card's own)."""
    key = f"card.{card.id}.text"
    return t(key, lang) if has(key, "en") else card.text


def level_text(btype: BuildingType, level: int, lang: str | None = None) -> str:
    """The text of a building's level-1 or level-2 face in ``lang``."""
    key = f"card.{btype.id}.l{level}.text"
    return t(key, lang) if has(key, "en") else btype.levels[level].text


def resource_name(resource: str, lang: str | None = None) -> str:
    return t(f"resource.{resource}", lang)


def lp_text(n: int, lang: str | None = None) -> str:
    """``5 LP`` / ``5 PL``."""
    return t("render.lp_n", lang, n=n)


def gold_text(n: int, lang: str | None = None) -> str:
    """``5 gold`` / ``5 monet``."""
    return t("render.gold_n", lang, n=n)


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


# ------------------------------------------------------------------ small pieces

def res_icon(resource: str, amount: int | str = "", lang: str | None = None) -> str:
    letter = t(f"render.res.{resource}.letter", lang)
    label = f"{amount}{letter}" if amount != "" else letter
    return (f'<span class="pt-res" style="background:{RES_COLOR[resource]}" '
            f'title="{escape(resource_name(resource, lang))}">{escape(label)}</span>')


def resources_html(res: Mapping[str, int], lang: str | None = None) -> str:
    parts = [res_icon(r, res.get(r, 0), lang) for r in RESOURCES if res.get(r, 0)]
    return "".join(parts) if parts else f'<span class="pt-muted">{escape(t("render.res.none", lang))}</span>'


def age_tokens_svg(n: int, lang: str | None = None) -> str:
    """``n`` small hourglass tokens (an SVG)."""
    if n <= 0:
        return ""
    shown = min(n, 4)
    w = 13 * shown + (12 if n > 4 else 0)
    label = escape(t("render.age_tokens_n", lang, n=n))
    parts = [f'<svg width="{w}" height="13" viewBox="0 0 {w} 13" role="img" aria-label="{label}">'
             f"<title>{label}</title>"]
    for i in range(shown):
        x = i * 13
        parts.append(f'<circle cx="{x + 6.5}" cy="6.5" r="6" fill="#6d4c2f"/>'
                     f'<path d="M{x + 3.5} 3 h6 l-3 3.5 l3 3.5 h-6 l3 -3.5 z" fill="#f6e7c8"/>')
    if n > 4:
        parts.append(f'<text x="{shown * 13 + 1}" y="10" font-size="9" fill="#6d4c2f">+{n - 4}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _produces_html(utype: UnitType, lang: str | None = None) -> str:
    out = []
    for r, amount, when in getattr(utype, "produces", ()):
        name = RESOURCES[r]
        cond = _WHEN.get(when)
        title = t("render.card.produces", lang, n=amount, resource=resource_name(name, lang))
        if cond:
            title += " " + t(f"render.card.when.{cond}", lang)
        out.append(f'<span title="{escape(title)}">{res_icon(name, amount, lang)}'
                   f'{"<sup>*</sup>" if cond else ""}</span>')
    return "".join(out)


# ------------------------------------------------------------------ strength per unit

def unit_strengths(game: Game, seat: int, lang: str | None = None) -> tuple[int, dict[int, tuple[int, bool, str]]]:
    """``(kingdom strength, {spot: (strength now, fights, note)})`` from the engine's data
    (``game.unit_strengths(seat)``); the note is a tooltip in words."""
    units = game.players[seat].units
    out: dict[int, tuple[int, bool, str]] = {}
    for row in game.unit_strengths(seat):
        spot, s, fights = row["spot"], row["strength"], row["fights"]
        printed = units[spot].type.strength
        where = SPOT_NAMES[spot]
        if fights:
            note = t("render.note.printed", lang, spot=where, printed=printed)
            if s != printed:
                note += t("render.note.with_ability", lang, strength=s)
            if spot not in FRONT_SPOTS:
                note += t("render.note.from_back", lang)
        elif spot in FRONT_SPOTS:
            note = t("render.note.cannot_fight", lang, spot=where, strength=s)
        else:
            note = t("render.note.in_back", lang, spot=where, strength=s)
        out[spot] = (s, fights, note)
    return game.strength(seat), out


# ------------------------------------------------------------------ cards

def card_html(utype: UnitType, age: int = 0, strength: int | None = None, fights: bool = True,
              note: str = "", spot: int | None = None, new: bool = False, dying: bool = False,
              lang: str | None = None) -> str:
    """One unit card: cost, name, strength now (the printed one in small when it
    differs), ability text, resources produced, age tokens."""
    lang = lang_of(lang)
    s = utype.strength if strength is None else strength
    cls = "pt-strength"
    if not fights:
        cls += " pt-nofight"
    elif s != utype.strength:
        cls += " pt-changed"
    printed = (f'<div class="pt-printed">{escape(t("render.card.printed", lang, strength=utype.strength))}</div>'
               if s != utype.strength else "")
    name, text, own = card_name(utype, lang), card_text(utype, lang), own_name_note(utype, lang)
    title = t("render.card.title", lang, name=name, cost=utype.cost, strength=utype.strength, text=text)
    for line in (own, note):
        if line:
            title += f"\n{line}"
    cname = (f'<div class="pt-cname pt-own" title="{escape(own)}">' if own else '<div class="pt-cname">') + escape(name)
    classes = "pt-card" + (" pt-new" if new else "") + ("" if fights else " pt-idle") + (" pt-dying" if dying else "")
    spot_html = f'<div class="pt-spot">{SPOT_NAMES[spot]}</div>' if spot is not None else ""
    return (f'<div class="{classes}" tabindex="0" title="{escape(title)}" data-card="{escape(utype.id)}" data-age="{age}" '
            f'data-strength="{s}">'
            f'<div class="pt-cost" title="{escape(t("render.card.cost_tip", lang))}">{utype.cost}</div>'
            f'<div class="{cls}" title="{escape(t("render.card.strength_tip", lang))}">{s}</div>{printed}'
            f'{cname}</div>'
            f'<div class="pt-ctext">{escape(text)}</div>{spot_html}'
            f'<div class="pt-cfoot"><span>{_produces_html(utype, lang)}</span>'
            f'<span>{age_tokens_svg(age, lang)}</span></div></div>')


def card_back_html(spot: int | None = None, lang: str | None = None) -> str:
    label = escape(t("render.card.face_down", lang)) + (f"<br>{SPOT_NAMES[spot]}" if spot is not None else "")
    return f'<div class="pt-card pt-back" title="{escape(t("render.card.face_down_tip", lang))}">{label}</div>'


def empty_spot_html(spot: int, locked: bool = False, lang: str | None = None) -> str:
    word = t("render.spot.locked" if locked else "render.spot.empty", lang)
    return (f'<div class="pt-card pt-empty{" pt-locked" if locked else ""}">'
            f'{SPOT_NAMES[spot]}<br>{escape(word)}</div>')


def _needs_html(need: Iterable[int], lang: str | None = None) -> str:
    """Resources needed, as icons (``(wood, food, ore)`` counts)."""
    return "".join(res_icon(r, n, lang) for r, n in zip(RESOURCES, need) if n)


def building_cost(btype: BuildingType, frm: int, to: int, lang: str | None = None) -> str:
    """What building (or upgrading) ``btype`` from level ``frm`` to ``to`` needs, in words."""
    ways = getattr(btype, "payments", {}).get((frm, to), ())
    parts = []
    for need, gold, _how in ways:
        bits = [f"{n} {resource_name(r, lang)}" for r, n in zip(RESOURCES, need) if n]
        if gold:
            bits.append(gold_text(gold, lang))
        parts.append(" + ".join(bits) or t("render.building.free", lang))
    return t("render.building.or", lang).join(parts)


def building_html(btype: BuildingType, level: int, lang: str | None = None) -> str:
    """A building chip: name and level (or what level 1 needs), with a pop-up (hover or
    tap) saying what each level needs, gives and does."""
    name = card_name(btype, lang)
    lines = [own for own in [own_name_note(btype, lang)] if own]      # none of the base game's buildings
    for lv in (1, 2):
        if lv < len(btype.levels) and btype.levels[lv] is not None:
            L = btype.levels[lv]
            lines.append(t("render.building.level_line", lang, level="I" * lv, lp=lp_text(L.lp, lang),
                           cost=building_cost(btype, lv - 1, lv, lang), text=level_text(btype, lv, lang)))
    pop = "".join(f"<div>{escape(x)}</div>" for x in lines)
    if level:
        L = btype.levels[level]
        title = t("render.building.title", lang, name=name, level=level, lp=lp_text(L.lp, lang),
                  text=level_text(btype, level, lang))
        return (f'<span class="pt-building pt-l{level} pt-has-pop" tabindex="0" aria-label="{escape(title)}" '
                f'data-building="{escape(btype.id)}" data-level="{level}">{escape(name)} {"I" * level}'
                f'<span class="pt-pop"><b>{escape(name)}</b>{pop}</span></span>')
    title = t("render.building.not_built", lang, name=name)
    need = ""
    ways = getattr(btype, "payments", {}).get((0, 1), ())
    if ways:
        need = f'<span class="pt-bcost">{_needs_html(ways[0][0], lang)}</span>'
    return (f'<span class="pt-building pt-has-pop" tabindex="0" aria-label="{escape(title)}" '
            f'data-building="{escape(btype.id)}" data-level="0">{escape(name)}{need}'
            f'<span class="pt-pop"><b>{escape(title)}</b>{pop}</span></span>')


# ------------------------------------------------------------------ kingdoms

def buildings_of(game: Game) -> Sequence[BuildingType]:
    """The building cards of this game (``game.buildings``; older engines: the card set's)."""
    b = getattr(game, "buildings", None)
    return b if b is not None else game.cards.buildings


def _hidden_new(game: Game) -> bool:
    """During Deployment, units placed this turn stay face down until the reveal."""
    return game.phase == "deployment" and getattr(game, "stage", "") in ("place", "reveal")


def is_you(name: str) -> bool:
    """Is ``name`` the default name of the one human seat ("You" in some language)?"""
    return any(name == t("render.name.you", lang) for lang in LANGUAGES)


def _badge_change(changes: Changes | None, seat: int, key: str, lang: str) -> tuple[str, str]:
    """``(extra class, delta html)`` for a badge that changed in the last step."""
    d = (changes or {}).get(seat, {}).get(key, 0)
    if not d:
        return "", ""
    tip = escape(t("render.kingdom.changed_tip", lang, change=change_text(key, d, lang)))
    return " pt-chg", f'<span class="pt-delta" title="{tip}" data-delta-{key}="{d}">{signed(d)}</span>'


def kingdom_html(game: Game, seat: int, viewer: int | None = None, you: bool = False, show_hand: bool = False,
                 lang: str | None = None, changes: Changes | None = None) -> str:
    """One player's kingdom.  ``viewer`` (a seat, or None for "show everything") hides
    the face-down units other players placed in the current Deployment.  ``changes``
    (``{seat: {"lp": delta, "gold": delta}}``) highlights the badges the last step changed."""
    lang = lang_of(lang)
    p = game.players[seat]
    hide = viewer is not None and seat != viewer and _hidden_new(game)
    hidden_units = hide and any(u is not None and u.new for u in p.units)
    total, strengths = unit_strengths(game, seat, lang)
    res = game.resources(seat)
    f3_open = p.spots == 5 or usable_spots(p) == 5      # now, or from the next Deployment
    pending = game.decision(seat) if seat in game.pending_players() else None

    def spot_html(s: int) -> str:
        u = p.units[s]
        if u is None:
            return empty_spot_html(s, locked=(s == 4 and not f3_open), lang=lang)
        if hide and u.new:
            return card_back_html(s, lang)
        st, fights, note = strengths.get(s, (u.type.strength, s in FRONT_SPOTS, ""))
        return card_html(u.type, u.age, st, fights, note, s, new=u.new, lang=lang)

    color = PLAYER_COLORS[seat % len(PLAYER_COLORS)]
    classes = "pt-kingdom" + (" pt-you" if you else "") + (" pt-waiting" if pending else "")
    wait = ""
    if pending:
        kind = t(f"render.decision.kind.{pending.kind}", lang) if has(f"render.decision.kind.{pending.kind}", "en") \
            else pending.kind
        wait = (f'<span class="pt-badge pt-wait" title="{escape(decision_prompt(game, seat, lang))}">'
                f'{escape(t("render.kingdom.deciding", lang, kind=kind))}</span>')
    you_mark = escape(t("render.kingdom.you_mark", lang)) if you and not is_you(p.name) else ""
    strength = (f'<span class="pt-badge pt-str" title="{escape(t("render.kingdom.strength_hidden_tip", lang))}">'
                f'{escape(t("render.kingdom.strength_hidden", lang))}</span>'
                if hidden_units else
                f'<span class="pt-badge pt-str" title="{escape(t("render.kingdom.strength_tip", lang))}" '
                f'data-strength="{total}">{escape(t("render.kingdom.strength", lang, n=total))}</span>'
                f'<span>{resources_html(res, lang)}</span>')
    lp_cls, lp_delta = _badge_change(changes, seat, "lp", lang)
    gold_cls, gold_delta = _badge_change(changes, seat, "gold", lang)
    head = (f'<div class="pt-khead"><span class="pt-dot" style="background:{color}"></span>'
            f'<span class="pt-pname">{escape(p.name)}{you_mark}</span>'
            f'<span class="pt-badge pt-lp{lp_cls}" title="{escape(t("render.lp_long", lang))}" data-lp="{p.lp}">'
            f'{escape(lp_text(p.lp, lang))}</span>{lp_delta}'
            f'<span class="pt-badge pt-gold{gold_cls}" title="{escape(t("render.gold", lang))}" data-gold="{p.gold}">'
            f'{escape(gold_text(p.gold, lang))}</span>{gold_delta}'
            f'{strength}{wait}</div>')
    front = "".join(spot_html(s) for s in FRONT_SPOTS)
    back = "".join(spot_html(s) for s in BACK_SPOTS)
    rows = (f'<div class="pt-row"><div class="pt-rowlabel">{escape(t("render.kingdom.front", lang))}</div>{front}</div>'
            f'<div class="pt-row"><div class="pt-rowlabel">{escape(t("render.kingdom.back", lang))}</div>{back}</div>')
    blds = "".join(building_html(b, p.buildings[i], lang) for i, b in enumerate(buildings_of(game)))
    extra = ""
    if show_hand:
        hand = ", ".join(escape(card_name(c, lang)) for c in p.hand) or escape(t("render.kingdom.hand_empty", lang))
        kept = (escape(t("render.kingdom.kept", lang, name=card_name(p.kept, lang)))
                if p.kept is not None else "")
        extra = f'<div class="pt-hand"><b>{escape(t("render.kingdom.hand", lang))}</b> {hand}{kept}</div>'
    elif p.kept is not None:
        extra = f'<div class="pt-hand pt-muted">{escape(t("render.kingdom.kept_hidden", lang))}</div>'
    return (f'<div class="{classes}" data-seat="{seat}">{head}{rows}'
            f'<div class="pt-buildings">{blds}</div>{extra}</div>')


def decision_prompt(game: Game, seat: int, lang: str | None = None) -> str:
    """What ``seat`` must decide now, in words (the engine's prompt)."""
    d = game.decision(seat, lang_of(lang))
    return d.prompt if d is not None else t("render.decision.nothing", lang)


def phase_track_html(game: Game, lang: str | None = None) -> str:
    """The six phases of a turn, the current one highlighted."""
    lang = lang_of(lang)
    phase = game.phase
    idx = PHASE_ORDER.index(phase) if phase in PHASE_ORDER else len(PHASE_ORDER)
    parts = [f'<span class="pt-turn" data-turn="{game.turn}">'
             f'{escape(t("render.track.turn", lang, turn=game.turn))}</span>']
    for i, ph in enumerate(PHASE_ORDER):
        cls = "pt-phase" + (" pt-current" if i == idx else " pt-done" if i < idx else "")
        parts.append(f'<span class="{cls}" data-phase="{ph}">{i + 1}. {escape(phase_title(ph, lang))}</span>')
    if phase in ("end", "over"):
        parts.append(f'<span class="pt-phase pt-current" data-phase="{phase}">'
                     f'{escape(phase_title(phase, lang))}</span>')
    return f'<div class="pt-track" lang="{lang}">{"".join(parts)}</div>'


def kingdoms_html(game: Game, viewer: int | None = None, humans: Collection[int] = (), show_hands: Collection[int] = (),
                  lang: str | None = None, changes: Changes | None = None) -> str:
    return ('<div class="pt-kingdoms">'
            + "".join(kingdom_html(game, s, viewer=viewer, you=s in humans, show_hand=s in show_hands, lang=lang,
                                   changes=changes)
                      for s in range(game.n))
            + "</div>")


def legend_html(lang: str | None = None) -> str:
    """What the badges and card corners mean."""
    items = [
        f'<span class="pt-badge pt-lp">{escape(t("render.lp", lang))}</span> {escape(t("render.legend.lp", lang))}',
        f'<span class="pt-badge pt-gold">{escape(t("render.gold", lang))}</span> {escape(t("render.legend.gold", lang))}',
        f'<span class="pt-badge pt-str">⚔</span> {escape(t("render.legend.str", lang))}',
        f'<span class="pt-cost">2</span> {escape(t("render.legend.cost", lang))}',
        f'<span class="pt-strength">3</span> {escape(t("render.legend.unit_str", lang))}',
        f'<span class="pt-badge" style="box-shadow:0 0 0 2px #2ca02c">&nbsp;</span> {escape(t("render.legend.new", lang))}',
        f'<span class="pt-badge pt-chg">&nbsp;</span> {escape(t("render.legend.changed", lang))}',
        f'{age_tokens_svg(1, lang)} {escape(t("render.legend.age", lang))}',
        f'<span class="pt-muted">{escape(t("render.legend.tap", lang))}</span>',
        f'<span class="pt-muted pt-keys">{escape(t("render.legend.keys", lang))}</span>',
    ]
    return (f'<div class="pt-legend"><b>{escape(t("render.legend.title", lang))}:</b>'
            + "".join(f"<span>{i}</span>" for i in items) + "</div>")


def lich_king_name(lang: str | None = None) -> str:
    return t("who.lich_king", lang)


#: the Lich King's name in English (for older callers; use :func:`lich_king_name`)
LICH_KING = lich_king_name("en")


def seat_name(names: Sequence[str], seat: int, lang: str | None = None) -> str:
    """The name of an event's seat: a player, the Lich King (solo), or '' (nobody)."""
    if 0 <= seat < len(names):
        return names[seat]
    return lich_king_name(lang) if seat == LICH_SEAT else ""


def winner_names(game: Game, lang: str | None = None) -> list[str]:
    """Who won (several on a full tie).  In solo the Lich King when the player did not
    score strictly more (he wins ties)."""
    if game.lich is not None and not game.winners():
        return [lich_king_name(lang)]
    return [game.players[s].name for s in game.winners()]


def scores_html(game: Game, lang: str | None = None) -> str:
    """The ranking table (LP, then gold).  In solo the Lich King has a row (seat
    ``LICH_SEAT``), ranked first on a tie since he wins ties."""
    rows: list[tuple[int, str, int, int | None]] = [(s, p.name, p.lp, p.gold) for s, p in enumerate(game.players)]
    if game.lich is not None:
        rows.append((LICH_SEAT, lich_king_name(lang), game.lich.lp, None))
    rows.sort(key=lambda r: (-r[2], r[3] is not None, -(r[3] or 0), r[0]))
    winners = set(game.winners()) if game.is_over else set()
    if game.is_over and game.lich is not None and not winners:
        winners = {LICH_SEAT}
    out = []
    crown_tip = escape(t("render.scores.winner_tip", lang))
    for rank, (s, name, lp, gold) in enumerate(rows, 1):
        crown = f' <span class="pt-crown" title="{crown_tip}">★</span>' if s in winners else ""
        out.append(f'<tr data-seat="{s}"><td>{rank}</td><td class="pt-final-name">{escape(name)}{crown}</td>'
                   f'<td class="pt-final-lp" data-seat="{s}">{lp}</td>'
                   f'<td class="pt-final-gold">{"—" if gold is None else gold}</td></tr>')
    head = "".join(f"<th>{escape(t(k, lang))}</th>" for k in ("render.scores.player", "render.lp", "render.gold_title"))
    return f'<table class="pt-table pt-scores"><tr><th>#</th>{head}</tr>' + "".join(out) + "</table>"


def game_html(game: Game, viewer: int | None = None, humans: Collection[int] = (), lang: str | None = None) -> str:
    """The whole table: phase track, scores, every kingdom."""
    status = ""
    if game.is_over:
        names = ", ".join(winner_names(game, lang))
        status = (f'<div class="pt-msg pt-ok">{escape(t("render.final.winner", lang))} <b>{escape(names)}</b></div>'
                  + scores_html(game, lang))
    return (f'{CSS}<div class="pt-root">{phase_track_html(game, lang)}{status}'
            f'{kingdoms_html(game, viewer=viewer, humans=humans, lang=lang)}</div>')


# ------------------------------------------------------------------ events

def change_text(kind: str, amount: int, lang: str | None = None) -> str:
    """``+3 LP``, ``+1 Moneta``, ``-5 Monet``: a change of LP or gold in words (the unit
    agrees with the number)."""
    return t(f"render.change.{kind}", lang, n=abs(amount), signed=signed(amount))


def event_change_html(e: Event, lang: str | None = None) -> str:
    if e.kind in ("lp", "gold"):
        cls = "pt-plus" if e.amount >= 0 else "pt-minus"
        return f'<span class="{cls}">{escape(change_text(e.kind, e.amount, lang))}</span>'
    if e.kind == "age":
        return escape(t("render.change.age", lang, n=e.amount))
    if e.kind == "war":
        return escape(t("render.change.wars", lang, n=e.amount))
    key = f"render.change.kind.{e.kind}"
    return escape(t(key, lang) if has(key, "en") else e.kind)


def event_cause(e: Event, lang: str | None = None, cards: CardSet | None = None) -> str:
    """An event's cause in words ("Knight", "Mine (level 2)", "Wars")."""
    return cause_label(e.cause, lang_of(lang), cards)


def event_detail(e: Event, names: Sequence[str] | None = None, lang: str | None = None,
                 cards: CardSet | None = None) -> str:
    """An event's detail in words ("reveals Knight at F1")."""
    return e.detail(lang_of(lang), names, cards)


def events_table_html(events: Iterable[Event], names: Sequence[str], limit: int | None = None, lang: str | None = None,
                      cards: CardSet | None = None) -> str:
    """A table of events: when, who, change, cause, detail."""
    lang = lang_of(lang)
    if not events:
        return f'<div class="pt-muted">{escape(t("render.events.none", lang))}</div>'
    shown = list(events)
    cut = ""
    if limit is not None and len(shown) > limit:
        cut = f'<div class="pt-muted">{escape(t("render.events.cut", lang, n=len(shown) - limit))}</div>'
        shown = shown[-limit:]
    rows = []
    for e in shown:
        who = seat_name(names, e.seat, lang)
        rows.append(f'<tr class="pt-ev pt-ev-{escape(e.kind)}" data-seat="{e.seat}" data-kind="{escape(e.kind)}">'
                    f"<td>T{e.turn}</td><td>{escape(phase_title(e.phase, lang))}</td><td>{escape(who)}</td>"
                    f"<td>{event_change_html(e, lang)}</td><td>{escape(event_cause(e, lang, cards))}</td>"
                    f"<td>{escape(event_detail(e, names, lang, cards))}</td></tr>")
    head = "".join(f"<th>{escape(t('render.events.col.' + c, lang))}</th>"
                   for c in ("turn", "phase", "player", "change", "cause", "detail"))
    return cut + f'<table class="pt-table pt-events"><tr>{head}</tr>' + "".join(rows) + "</table>"
