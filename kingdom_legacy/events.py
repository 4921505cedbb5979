"""The event log: every card played, produced, upgraded, turned, discarded (and why),
every resource gained or lost, every sticker and mark, each with its cause.

An event is data (kind + parameters, no text), so the same log reads in any language:
:func:`describe` turns it into a sentence of the message catalogue."""

from __future__ import annotations

from typing import NamedTuple

from papertales.i18n import t

from .cards import bundle_text


class Event(NamedTuple):
    round: int
    turn: int
    kind: str
    cause: str        # "action", "action:develop", "rule:<name>" or "card:<n>:<stage>"
    params: dict

    def to_json(self) -> list:
        return [self.round, self.turn, self.kind, self.cause, self.params]


def card_label(campaign, n, stage=None, lang=None) -> str:
    try:
        st = campaign.pack.card(n).stages[stage or campaign.cards[n]["stage"]]
        return f"#{n} {st.title(lang)}"
    except (KeyError, AttributeError):
        return f"#{n}"


def cause_text(campaign, cause: str, lang=None) -> str:
    if cause.startswith("card:"):
        parts = cause.split(":")
        return card_label(campaign, int(parts[1]), parts[2] if len(parts) > 2 else None, lang)
    if cause.startswith("rule:"):
        return t("legacy.rule." + cause[5:], lang)
    if cause.startswith("action:"):
        return t("legacy.cause.action_" + cause[7:], lang)
    return t("legacy.cause." + (cause or "none"), lang)


def params_text(campaign, e: Event, lang=None) -> dict:
    p = dict(e.params)
    out = dict(p)
    if "card" in p and isinstance(p["card"], int):
        out["card"] = card_label(campaign, p["card"], p.get("stage"), lang)
    for k in ("by", "wielder"):
        if k in p:
            out[k] = card_label(campaign, p[k], None, lang)
    for k in ("what", "cost"):
        if k in p:
            out[k] = bundle_text(p[k], lang)
    if "to" in p:
        out["to"] = t("legacy.stage." + p["to"], lang)
    if "stage" in p:
        out["stage"] = t("legacy.stage." + p["stage"], lang)
    if "reason" in p:
        out["reason"] = t("legacy.reason." + p["reason"], lang)
    if "sticker" in p:
        out["sticker"] = t("legacy.sticker." + p["sticker"], lang)
    if "trigger" in p:
        out["trigger"] = t("legacy.trigger." + p["trigger"], lang)
    if "when" in p:
        out["when"] = t("legacy.when." + p["when"], lang)
    if "step" in p:
        out["step"] = t("legacy.stepname." + p["step"], lang)
    return out


def describe(campaign, e: Event, lang=None) -> str:
    """One line: ``[R2 T3] #4 Sawmill is discarded (produced) — cause``."""
    kind = "discard_permanent" if e.kind == "discard" and e.params.get("permanent") else e.kind
    text = t("legacy.event." + kind, lang, **params_text(campaign, e, lang))
    where = t("legacy.when_round_turn", lang, round=e.round, turn=e.turn) if e.turn else \
        t("legacy.when_round", lang, round=e.round)
    if e.kind == "discard":           # the reason says it already
        return f"[{where}] {text}"
    cause = cause_text(campaign, e.cause, lang)
    return f"[{where}] {text} ({cause})"


def action_text(campaign, a, lang=None) -> str:
    """A sentence for an action (the buttons of the panel, the lesson); its notation is
    ``str(a)``."""
    from .cards import effect_text
    p = {}
    k = a.kind
    if k in ("produce", "upgrade", "use", "equip", "resolve", "skip", "target", "mark", "discover", "side",
             "purge", "reveal"):
        p["card"] = card_label(campaign, a.a, None if a.a in campaign.cards and a.a not in campaign.box else "front", lang)
    if k == "expansion":        # the card is still in the box: show the expansion's name only
        from .cards import text
        x = campaign.pack.expansion(a.a) or {}
        p["card"] = f"#{a.a} " + (text(x.get("name"), lang) or "")
    elif k == "produce":
        p["what"] = bundle_text(campaign.production(a.a)[a.b - 1], lang)
    elif k == "upgrade":
        p["stage"] = t("legacy.stage." + a.b, lang)
    elif k == "use":
        p["effect"] = effect_text(campaign._st(a.a).effects[a.b - 1], lang)
    elif k in ("resolve", "skip"):
        q = next(q for q in campaign.queue if q["card"] == a.a and q["idx"] == a.b - 1)
        p["effect"] = effect_text(campaign.pack.card(a.a).stages[q["stage"]].effects[q["idx"]], lang)
    elif k == "equip":
        p["wielder"] = card_label(campaign, a.b, None, lang)
    elif k == "resource":
        p["resource"] = t("legacy.resource." + a.a, lang, n=1)
    elif k == "mark":
        p["box"] = a.b
    elif k == "side":
        p["stage"] = t("legacy.stage." + a.b, lang)
        p["card"] = card_label(campaign, a.a, a.b, lang)
    return t("legacy.action." + k, lang, **p)
