"""Learn the rules on the demo kingdom, one turn at a time (used by the notebook
``notebooks/05_kingdom_legacy.ipynb``), and a text summary for the companion mode.

Every method returns text in the chosen language (``print`` it)."""

from __future__ import annotations

from papertales.i18n import t

from .bots import SimpleBot
from .campaign import Campaign
from .cards import STAGES, Pack, bundle_text, stage_lines
from .events import action_text, card_label, describe


class Lesson:
    """A campaign of the demo kingdom played by the simple bot, explained turn by turn."""

    def __init__(self, seed: int = 3, lang: str = "en", pack: Pack | None = None) -> None:
        self.lang = lang
        self.campaign = Campaign.new(pack, seed)
        self.bot = SimpleBot(seed)

    def setup(self) -> str:
        c = self.campaign
        return "\n".join([t("legacy.lesson.setup", self.lang, n=c.pack.kingdom_start, box=len(c.box)),
                          top_line(c, self.lang)])

    def stages(self, n: int) -> str:
        """The four stages of card ``n`` (golden rule 2: not for a card in the box)."""
        return stages_text(self.campaign, n, self.lang)

    def golden_rules(self) -> str:
        return t("legacy.lesson.golden", self.lang)

    def actions(self) -> str:
        return t("legacy.lesson.actions", self.lang)

    def state(self) -> str:
        return summary(self.campaign, self.lang, legal=False)

    def turn(self) -> str:
        """Play one turn with the bot: every choice, and what the rules did because of it."""
        c, lang = self.campaign, self.lang
        if c.is_over:
            return t("legacy.lesson.over", lang)
        lines = [t("legacy.lesson.turn_title", lang, round=c.round, turn=c.turn),
                 summary(c, lang, legal=False)]
        start = (c.round, c.turn)
        while not c.is_over and (c.round, c.turn) == start:
            a = self.bot.choose(c)
            lines.append(t("legacy.lesson.choice", lang, action=f"{action_text(c, a, lang)}  [{a}]"))
            mark = len(c.events)
            c.apply(a)
            lines += [t("legacy.lesson.why", lang, event=describe(c, e, lang)) for e in c.events[mark:]]
        lines.append(t("legacy.lesson.glory", lang, n=c.glory()))
        return "\n".join(lines)


def top_line(c: Campaign, lang: str | None = None) -> str:
    top = c.top_card()
    return t("legacy.lesson.top", lang, card=card_label(c, top, None, lang)) if top \
        else t("legacy.lesson.top_none", lang)


def stages_text(c: Campaign, n: int, lang: str | None = None) -> str:
    c.card_view(n)                          # refuses a card still in the box
    card = c.pack.card(n)
    out = [t("legacy.lesson.stages_title", lang, card=card_label(c, n, None, lang))]
    for sid in STAGES:
        st = card.stages[sid]
        mark = " ◀" if c.cards[n]["stage"] == sid else ""
        if st is None:
            out.append(f"  {t('legacy.stage.' + sid, lang)}: {t('legacy.lesson.stage_absent', lang)}")
            continue
        out.append(f"  {t('legacy.stage.' + sid, lang)}: {st.title(lang)}{mark}")
        extra = c.effects(n, sid)[len(st.effects):]
        out += [f"      {line}" for line in stage_lines(st, lang, c.pack, extra)]
    out.append(t("legacy.lesson.stages_how", lang))
    return "\n".join(out)


def summary(c: Campaign, lang: str | None = None, legal: bool = True) -> str:
    """The state in a few lines: play area, resources, top card, zones, glory (and the
    legal actions with their notation)."""
    none = t("legacy.lesson.none", lang)
    lines = [t("legacy.lesson.in_play", lang, cards=", ".join(
        card_label(c, n, None, lang) for n in c.play) or none),
        t("legacy.lesson.pool", lang, what=bundle_text(c.pool, lang, c.pack)),
        top_line(c, lang),
        t("legacy.lesson.zones", lang, deck=len(c.deck), discard=len(c.discard), permanent=len(c.permanent),
          box=len(c.box), destroyed=len(c.destroyed)),
        t("legacy.lesson.glory", lang, n=c.glory())]
    if legal:
        acts = c.legal_actions()
        lines.append(t("legacy.lesson.legal", lang, actions="; ".join(
            f"{action_text(c, a, lang)} [{a}]" for a in acts) or none))
    return "\n".join(lines)
