"""Solo numbers for the panels: what the Lich King scored or would score, and his armies.

The Lich King panel and the companion draw the same numbers, derived here from the
engine's records (:class:`~papertales.results.SoloRecruitmentResult`,
:class:`~papertales.results.SoloWarsResult`) and its pure rules (``recruitment_gains``,
``next_war_card``, ``war_outcome``), so no rule is restated and no figure or HTML is
needed to compute them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, cast

from papertales import Game, LP_PER_ARMY_WIN, lp_per_army_win, next_war_card, recruitment_record, war_outcome
from papertales import render as R
from papertales.i18n import t
from papertales.results import SoloRecruitmentResult, SoloWarsResult

from .solocards import card_name

ARMIES = ("black", "purple")

#: the engine's card types the panels may not name (papertales.necropolis, papertales.cards:
#: not public modules): a Necropolis card, a Lich King card, a unit card
NecropolisCard = Any
LichKingCard = Any
UnitCard = Any


@dataclass
class Gains:
    """What the Lich King scored at the end of one Recruitment (the engine's record
    :class:`~papertales.results.SoloRecruitmentResult`) or would score now (``live``), with
    the cards its ids name: ``line`` the Necropolis cards revealed then, ``netherworld`` the
    unit cards scored, ``lich_cards`` the Lich King cards."""
    result: SoloRecruitmentResult
    line: list[NecropolisCard]
    netherworld: list[UnitCard]
    lich_cards: list[LichKingCard] = field(default_factory=list)
    live: bool = False            # the Netherworld as it is now: the Recruitment is not over

    @property
    def turn(self) -> int:
        return self.result.turn

    @property
    def total(self) -> int:
        return self.result.lp

    @property
    def current(self) -> NecropolisCard | None:
        return next((c for c in self.line if c.id == self.result.current), None)

    def quests(self) -> list[tuple[NecropolisCard, list[UnitCard], int, int]]:
        """``[(card, matching Netherworld cards, LP per match, LP)]`` for every revealed
        Necropolis card (no match: ``[], 0, 0``)."""
        scored = {q.card: q for q in self.result.quests}
        out: list[tuple[NecropolisCard, list[UnitCard], int, int]] = []
        for c in self.line:
            q = scored.get(c.id)
            if q is None:
                out.append((c, [], 0, 0))
            else:
                ids = list(q.matches)
                matches = []
                for u in self.netherworld:            # the cards themselves, as often as they met it
                    if u.id in ids:
                        ids.remove(u.id)
                        matches.append(u)
                out.append((c, matches, q.lp_each, q.lp))
        return out

    def causes(self) -> list[tuple[str, Any, int, list[UnitCard]]]:
        """``[(kind, card, LP, matches)]``: the immediate gain, every quest that paid and the
        Lich King cards (``kind``: immediate, quest, lich_card)."""
        out: list[tuple[str, Any, int, list[UnitCard]]] = []
        if self.result.immediate:
            out.append(("immediate", self.current, self.result.immediate, []))
        out += [("quest", c, lp, m) for c, m, _, lp in self.quests() if lp]
        by_id = {c.id: c for c in self.lich_cards}
        out += [("lich_card", by_id.get(i), lp, []) for i, lp in self.result.lich_king_cards]
        return out


def gains_forecast(turn: int, line: Sequence[NecropolisCard], time: int, revealed: int, netherworld: Sequence[UnitCard],
                   lich_cards: Sequence[LichKingCard] = (), live: bool = False) -> Gains:
    """The engine's record of a Recruitment (``papertales.recruitment_record``) for these
    cards: the Netherworld so far during a Recruitment, or the cards entered in the companion."""
    result = recruitment_record(turn, line, time, revealed, netherworld, lich_cards)
    return Gains(result, list(line[:revealed]), list(netherworld), list(lich_cards), live)


class Part(NamedTuple):
    """One part of an army: a Necropolis card (``current``, ``next``), a Lich King card
    (``lich``) or the army's strength as the engine recorded it (``total``)."""
    kind: str
    label: str
    value: int


@dataclass
class Armies:
    """The two Lich King armies of one Wars phase against your strength: the engine's
    record :class:`~papertales.results.SoloWarsResult` once fought, else a forecast."""
    turn: int
    strength: int
    black: list[Part]             # the parts that are known
    purple: list[Part]
    hidden: dict[str, Any] | None = None    # the next card when not revealed yet: pile and value ranges
    result: SoloWarsResult | None = None         # the SoloWarsResult of Wars fought
    strength_rows: list[tuple[str, int]] = field(default_factory=list)      # [(label, strength)] of a forecast
    per_army_win: int = LP_PER_ARMY_WIN    # the Lich King's LP per army that wins (forecast)

    @property
    def resolved(self) -> bool:
        return self.result is not None

    @property
    def black_total(self) -> int:
        return self.result.black if self.result else sum(p.value for p in self.black)

    @property
    def purple_total(self) -> int:
        return self.result.purple if self.result else sum(p.value for p in self.purple)

    def outcome(self) -> tuple[int, int, list[tuple[str, int, str]]]:
        """``(your LP, the Lich King's LP, [(army, its strength, who wins)])`` -- only when
        both armies are known; ``army`` is black or purple, ``who wins``: tie, you or army.
        Fought Wars: the engine's record; else the engine's rule on the armies known now."""
        r = self.result
        black, purple = self.black_total, self.purple_total
        out = r if r is not None else war_outcome(self.strength, black, purple, self.per_army_win)
        lines = [(army, a, "tie" if pw and aw else "you" if pw else "army")
                 for army, a, pw, aw in zip(ARMIES, (black, purple), out.player_won, out.army_won)]
        return out.player_lp, out.lich_lp, lines


def army_parts(line: Sequence[NecropolisCard], time: int, revealed: int, lich_cards: Sequence[LichKingCard] = (),
               pool: Sequence[NecropolisCard] = (), lang: str | None = None) -> tuple[list[Part], list[Part], dict[str, Any] | None]:
    """The known parts (:class:`Part`) of the Black and Purple armies of the turn whose
    current card is ``line[time]`` and, when the next card is not revealed, its pile and the
    range of its values over ``pool`` (the Necropolis cards it may be)."""
    cur = line[time]
    nxt_i = next_war_card(line, time)
    nxt = line[nxt_i]

    def part(kind: str, c: NecropolisCard, army: str) -> Part:
        return Part(kind, t("solo.part.card", lang, pile=c.pile, card=card_name(c, lang)), getattr(c, army))

    black = [part("current", cur, "black")]
    purple = [part("current", cur, "purple")]
    hidden: dict[str, Any] | None = None
    if nxt_i < revealed:
        black.append(part("next", nxt, "black"))
        purple.append(part("next", nxt, "purple"))
    else:
        options = [c for c in pool if c.pile == nxt.pile] or [nxt]
        hidden = {"pile": nxt.pile, "count": len(options),
                  "black": (min(c.black for c in options), max(c.black for c in options)),
                  "purple": (min(c.purple for c in options), max(c.purple for c in options))}
    for c in lich_cards:
        label = t("solo.part.lich_card", lang, card=card_name(c, lang))
        if c.black:
            black.append(Part("lich", label, c.black))
        if c.purple:
            purple.append(Part("lich", label, c.purple))
    return black, purple, hidden


@dataclass
class SoloRecord:
    """Per turn: the Lich King's Recruitment gains and the Wars (see :func:`solo_record`)."""
    recruitment: dict[int, Gains] = field(default_factory=dict)
    wars: dict[int, Armies] = field(default_factory=dict)


def _parts_of(game: Game, turn: int, key: str, total: int, lang: str | None) -> list[Part]:
    """The parts of one army at the Wars of ``turn`` (the card under the Time pawn is card
    ``turn - 1``, the next one was revealed by them), shown when they add up to the
    ``total`` the engine recorded; else the total alone."""
    lk = game.lich
    assert lk is not None                    # a solo game
    black, purple, _ = army_parts(lk.line, turn - 1, min(turn + 1, len(lk.line)), lk.cards, lang=lang)
    parts = black if key == "black" else purple
    if sum(p.value for p in parts) != total:
        parts = [Part("total", t(f"solo.army.{key}", lang), total)]
    return parts


def solo_record(game: Game, lang: str | None = None) -> SoloRecord:
    """For every turn played, the engine's records of the Lich King's Recruitment
    (``Gains``) and of the Wars (``Armies``), with the cards they name."""
    rec = SoloRecord()
    lk = game.lich
    assert lk is not None                    # a solo game
    by_id = {c.id: c for c in lk.line}
    for r in getattr(game, "results", ()):
        if isinstance(r, SoloRecruitmentResult):
            line = list(lk.line[:r.turn])
            line += [by_id[q.card] for q in r.quests if q.card in by_id and by_id[q.card] not in line]
            nether = [game.cards.unit(i) for i in r.netherworld]
            rec.recruitment[r.turn] = Gains(r, line, nether, list(lk.cards))
        elif isinstance(r, SoloWarsResult):
            rec.wars[r.turn] = Armies(r.turn, r.strength, _parts_of(game, r.turn, "black", r.black, lang),
                                      _parts_of(game, r.turn, "purple", r.purple, lang), result=r)
    return rec


def live_gains(game: Game) -> Gains | None:
    """During a Recruitment, what the Netherworld as it is now would give the Lich King."""
    lk = game.lich
    if game.phase != "recruitment":
        return None
    assert lk is not None                    # a solo game
    if not lk.netherworld:
        return None
    # sorted: the order of the Netherworld (which card is on top) stays hidden
    cards = sorted(lk.netherworld, key=lambda u: u.name)
    return gains_forecast(game.turn, list(lk.line), lk.time, lk.revealed, cards, list(lk.cards), live=True)


def current_armies(game: Game, record: SoloRecord | None = None, lang: str | None = None) -> Armies | None:
    """The Wars of this turn: the engine's record once they happened, else a forecast with
    your strength now and the next card's possible values."""
    if game.lich is None:
        return None
    record = record or solo_record(game, lang)
    turn = game.turn
    if game.phase in ("end", "over"):
        return record.wars.get(turn) or record.wars.get(cast(int, max(record.wars, default=None)))   # None: no Wars yet
    if turn in record.wars:
        return record.wars[turn]
    lk = game.lich
    strength = game.strength(0)
    rows = [(f"{R.SPOT_NAMES[u['spot']]} {card_name(game.cards.unit(u['card']), lang)}", u["strength"])
            for u in game.unit_strengths(0) if u["fights"]]
    rest = strength - sum(s for _, s in rows)
    if rest:
        rows.append((t("solo.strength.other", lang), rest))
    black, purple, hidden = army_parts(lk.line, lk.time, lk.revealed, lk.cards, game.cards.necropolis, lang)
    return Armies(turn, strength, black, purple, hidden, None, rows, lp_per_army_win(lk.cards))


def cause_rows(gains: Gains, lang: str | None = None) -> list:
    """``[(cause id, cause name, LP, detail)]`` of a Recruitment's gains, in words."""
    out = []
    for kind, c, lp, matches in gains.causes():
        name = card_name(c, lang) if c is not None else "?"
        ident = c.id if c is not None else ""
        if kind == "quest":
            per = lp // len(matches) if matches else 0
            detail = t("solo.gains.detail.quest", lang, n=len(matches), lp=per,
                       cards=", ".join(card_name(u, lang) for u in matches))
        else:
            detail = t(f"solo.gains.detail.{kind}", lang)
        out.append((ident, name, lp, detail))
    return out
