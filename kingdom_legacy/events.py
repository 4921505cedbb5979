"""The event log: every card played, produced, upgraded, turned, discarded (and why),
every resource gained or lost, every sticker and mark, each with its cause.

An event is data (kind + parameters, no text), so the same log reads in any language:
:func:`describe` turns it into a sentence of the message catalogue.  A card is named with
the stage it had when the event happened (an event keeps it), not the one it has now."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from papertales.i18n import t

from .cards import bundle_text, effect_text, resource_name, step_text, sticker_text, text

if TYPE_CHECKING:
    from .actions import Action
    from .campaign import Campaign
    from .facts import CardFacts


class Event(NamedTuple):
    round: int
    turn: int
    kind: str
    cause: str        # "action", "action:develop", "manual", "rule:<name>" or "card:<n>:<stage>"
    params: dict[str, Any]

    def to_json(self) -> list[Any]:
        return [self.round, self.turn, self.kind, self.cause, self.params]


def card_label(campaign: CardFacts, n: int, stage: str | None = None, lang: str | None = None) -> str:
    """``#4 Sawmill``: the card's number and the name of ``stage`` (default: its stage now)."""
    try:
        card = campaign.pack.card(n)
        if card.placeholder:
            return t("legacy.placeholder.label", lang, card=n)
        st = card.stages[stage or campaign.cards[n]['stage']]
        if st is None:
            return f"#{n}"
        return f"#{n} {st.title(lang)}"
    except (KeyError, AttributeError, TypeError):
        return f"#{n}"


def cause_text(campaign: CardFacts, cause: str, lang: str | None = None) -> str:
    if cause.startswith("card:"):
        parts = cause.split(":")
        return card_label(campaign, int(parts[1]), parts[2] if len(parts) > 2 else None, lang)
    if cause.startswith("rule:"):
        return t("legacy.rule." + cause[5:], lang)
    if cause.startswith("action:"):
        return t("legacy.cause.action_" + cause[7:], lang)
    return t("legacy.cause." + (cause or "none"), lang)


def sticker_label(campaign: CardFacts, sticker: str, lang: str | None = None, value: int | None = None) -> str:
    """A sticker of the sheet, or a kind of sticker the sheet has none of any more."""
    if sticker in campaign.pack.sheet:
        return sticker_text(sticker, campaign.pack, lang, value)
    if sticker in ("glory", "tab", "resource"):
        return t("legacy.sticker.kind." + sticker, lang)
    return t("legacy.sticker.resource", lang, resource=resource_name(sticker, 1, lang, campaign.pack))


def params_text(campaign: CardFacts, e: Event, lang: str | None = None) -> dict[str, Any]:
    p = dict(e.params)
    out = dict(p)
    pack = campaign.pack
    if "card" in p and isinstance(p["card"], int):
        out["card"] = card_label(campaign, p["card"], p.get("stage"), lang)
    for k in ("by", "wielder"):
        if k in p:
            out[k] = card_label(campaign, p[k], p.get(k + "_stage"), lang)
    if "what" in p:
        out["what"] = bundle_text(p["what"], lang, pack, "nom" if e.kind == "lost" else "acc")
    if "cost" in p:
        out["cost"] = bundle_text(p["cost"], lang, pack, "acc")
    for k in ("to", "stage", "on"):
        if k in p and p[k] in ("front", "front_rotated", "back", "back_rotated"):
            out[k] = t("legacy.stage." + p[k], lang)
    if "reason" in p:
        out["reason"] = t("legacy.reason." + p["reason"], lang)
    if "sticker" in p:
        out["sticker"] = sticker_label(campaign, p["sticker"], lang, p.get("value"))
    if "trigger" in p:
        out["trigger"] = t("legacy.trigger." + p["trigger"], lang)
    if "when" in p:
        out["when"] = t("legacy.when." + p["when"], lang)
    if "step" in p:
        out["step"] = t("legacy.stepname." + p["step"], lang)
    if "resource" in p:
        out["resource"] = resource_name(p["resource"], 1, lang, pack)
    if e.kind == "manual_move":
        out["to"] = t("legacy.zone_to." + p["to"], lang)
        out["source"] = t("legacy.zone_from." + p["source"], lang)
    return out


def _key(e: Event) -> str:
    p = e.params
    if e.kind == "discard" and p.get("permanent"):
        return "discard_permanent"
    if e.kind == "discover":
        to: str = p.get("to", "discard")
        return "discover_" + to
    if e.kind == "to_deck":
        where: str = p["where"]
        return "to_deck_" + where
    if e.kind == "sticker" and p.get("on") not in (None, p.get("stage")):
        return "sticker_on"
    if e.kind == "manual_start" and "card" in p:
        return "manual_start_card"
    return e.kind


#: events whose sentence already says why they happen (no cause in brackets)
_SAID = ("discard", "manual_start", "manual_done", "manual_move", "manual_lose", "setup", "round", "shuffle",
         "turn", "end_turn", "end_round", "stage", "turn_ends_upgrade", "purge_start", "purge_pick", "purged",
         "no_discovery", "over", "box_empty", "parchment_first", "parchment_entered", "entered_before")


def describe(campaign: CardFacts, e: Event, lang: str | None = None) -> str:
    """One line: ``[R2 T3] #4 Sawmill is discarded (produced) — cause``."""
    text_ = t("legacy.event." + _key(e), lang, **params_text(campaign, e, lang))
    where = t("legacy.when_round_turn", lang, round=e.round, turn=e.turn) if e.turn else \
        t("legacy.when_round", lang, round=e.round)
    p = e.params
    if e.kind in _SAID or not e.cause or e.cause == "action" \
            or any(e.cause.startswith(f"card:{p[k]}:") for k in ("card", "by") if k in p):
        return f"[{where}] {text_}"
    return f"[{where}] {text_} ({cause_text(campaign, e.cause, lang)})"


def decision_text(campaign: Campaign, lang: str | None = None) -> str:
    """What is asked now, and which card's effect asks it (a bare "choose a card" does not
    say what for)."""
    said = t("legacy.decision." + campaign.decision(), lang)
    asked = campaign.asking()
    if asked is None:
        return said
    n, sid, step = asked
    return t("legacy.decision.asked_by", lang, what=said, card=card_label(campaign, n, sid, lang),
             step=step_text(step, lang, campaign.pack, sid))


def action_text(campaign: Campaign, a: Action, lang: str | None = None) -> str:
    """A sentence for an action (the buttons of the panel, the lesson, the terminal); its
    notation is ``str(a)``."""
    p = {}
    k = a.kind
    pack = campaign.pack
    if k in ("produce", "upgrade", "use", "equip", "resolve", "skip", "target", "mark", "discover", "side",
             "purge", "reveal"):
        p["card"] = card_label(campaign, a.a, None if a.a in campaign.cards and a.a not in campaign.box
                               else "front", lang)
    if k == "expansion":        # the card is still in the box: show the expansion's name only
        x = pack.expansion(a.a) or {}
        p["card"] = f"#{a.a} " + (text(x.get("name"), lang) or "")
    elif k == "produce":
        p["what"] = bundle_text(campaign.production(a.a)[a.b - 1], lang, pack, "acc")
    elif k == "upgrade":
        p["stage"] = t("legacy.stage." + a.b, lang)
        u = campaign._st(a.a).upgrade_to(a.b)
        if u is None:
            raise TypeError(f"card {a.a} has no upgrade to {a.b}")
        p["cost"] = bundle_text(u["cost"], lang, pack, "acc")
    elif k == "use":
        st = campaign._st(a.a)
        p["effect"] = effect_text(campaign.effects(a.a)[a.b - 1], lang, pack, st.id)
    elif k in ("resolve", "skip"):
        q = next(q for q in campaign.queue if q["card"] == a.a and q["idx"] == a.b - 1)
        p["effect"] = effect_text(campaign.effects(a.a, q["stage"])[q["idx"]], lang, pack, q["stage"])
    elif k == "equip":
        p["wielder"] = card_label(campaign, a.b, None, lang)
    elif k == "resource":
        step: dict[str, Any] = (campaign.asking() or (None, None, {}))[2]
        if step.get("kind") == "gain":
            p["what"] = bundle_text({a.a: step.get("n", 1)}, lang, pack, "acc")
        else:                   # a production sticker to put on a card
            k, p["resource"] = "resource_sticker", resource_name(a.a, 1, lang, pack)
    elif k == "mark":
        p["box"] = a.b
    elif k == "blank":
        p["card"] = a.a
    elif k == "side":
        p["stage"] = t("legacy.stage." + a.b, lang)
        p["card"] = card_label(campaign, a.a, a.b, lang)
    elif k == "reveal" and campaign.pending and campaign.pending.get("purge"):
        k = "reveal_purge"
    elif k == "manual":
        return _manual_text(campaign, a, lang)
    return t("legacy.action." + k, lang, **p)


def _manual_text(campaign: Campaign, a: Action, lang: str | None) -> str:
    tool = a.a
    p: dict[str, Any] = {}
    if tool in ("gain", "lose"):
        p["resource"] = resource_name(a.b, 1, lang, campaign.pack, "acc")
    if tool in ("move", "turn", "sticker", "mark", "unsticker", "unmark", "block", "unblock", "equip", "cross",
                "strike"):
        p["card"] = card_label(campaign, a.b, None, lang)
    if tool == "discover":
        p["card"] = a.b
    if tool == "move":
        p["zone"] = t("legacy.zone_to." + a.c, lang)
    elif tool == "turn":
        p["stage"] = t("legacy.stage." + a.c, lang)
    elif tool == "sticker":
        p["sticker"] = sticker_label(campaign, str(a.c), lang)
    elif tool in ("mark", "unmark"):
        p["box"] = a.c
    elif tool == "unsticker":
        s = campaign.cards[a.b]["stickers"][a.c - 1]
        p["n"] = a.c
        if len(s) == 2:
            p["sticker"] = t("legacy.sticker.resource", lang, resource=resource_name(s[1], 1, lang, campaign.pack))
        elif s[1] == "glory":
            p["sticker"] = t("legacy.sticker.glory", lang, n=s[2])
        else:
            p["sticker"] = sticker_text(s[2], campaign.pack, lang)
    elif tool == "block":
        p["by"] = card_label(campaign, a.c, None, lang)
    elif tool == "equip":
        p["wielder"] = card_label(campaign, a.c, None, lang)
    elif tool == "cross":
        p["n"] = a.c
        p["effect"] = effect_text(campaign.effects(a.b)[a.c - 1], lang, campaign.pack, campaign.cards[a.b]["stage"])
    return t("legacy.action.manual_" + tool, lang, **p)
