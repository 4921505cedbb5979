"""Solo mode, "Army of the Lich King": one player against the Lich King.

The Lich King deploys nothing and builds nothing.  He scores through a line of five
Necropolis cards (one drawn from each pile 1, 2, 3, 4, E):

* Recruitment: the player draws 5 and keeps 1, draws 4 and keeps 1, draws 3 and keeps 1;
  the 9 cards not kept form the Netherworld, which is shuffled; the player takes its 2 top
  cards, keeps one and puts the other at the bottom, then takes the new top card.  The
  Lich King then scores the immediate gain of the current card and, for every revealed
  card, its quest bonus for each of the 7 Netherworld cards meeting its requirement
  (printed strength; conditional production counts as met).  The Netherworld is then
  discarded.
* Wars: the next card is revealed; the Black army is the black value of the current card
  plus that of the next one, the Purple army likewise.  The player fights each army: 3 LP
  per war won; the Lich King scores 1 LP per army that wins; ties are won by both sides.
* End: the Lich King scores the E card's immediate gain; the player needs strictly more
  LP to win.

Interpretation: the card kept from last turn still joins the hand after Recruitment (the
solo rules do not revoke that base rule).  Lich King cards add their abilities to these
steps (see :mod:`papertales.necropolis`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, NamedTuple, Sequence, cast

from . import recruitment, scoring, wars
from .actions import DRAFT, PICK
from .decisions import simple
from .errors import IllegalActionError, PaperTalesError
from .events import (BLACK_ARMY, DRAFT as EV_DRAFT, LICH_SEAT, NOTE, PURPLE_ARMY, RULE_ARMIES,
                     RULE_NETHERWORLD, RULE_WARS, WAR)
from .results import Quest, SoloRecruitmentResult, SoloWarsResult
from .necropolis import PILES, LichKingCard

if TYPE_CHECKING:     # the game imports the solo rules
    from .actions import Action
    from .cards import UnitType
    from .decisions import Decision
    from .game import Game
    from .necropolis import NecropolisCard

LICH = LICH_SEAT        # the seat number of the Lich King in events
DRAWS = (5, 4, 3)       # cards drawn from the pile at the first three picks
LP_PER_ARMY_WIN = 1
#: the Netherworld the Lich King scores: the 9 cards not kept, less the 2 the player takes
NETHERWORLD_SCORED = 7
#: the stage of Recruitment at which the draft is over and the Lich King scores the Netherworld
SCORING = "netherworld"


def next_war_card(line: Sequence[NecropolisCard], time: int) -> int:
    """The index in the Necropolis ``line`` of the card that joins ``line[time]`` (the card
    under the Time token) in this turn's armies: the next one, the last card at the end."""
    return min(time + 1, len(line) - 1)


def armies(line: Sequence[NecropolisCard], time: int, lich_cards: Sequence[LichKingCard] = ()) -> tuple[int, int]:
    """(Black, Purple) strength of the Lich King's armies in the Wars of the turn whose
    Time token is on ``line[time]``: that card, the next card and the Lich King cards."""
    cur, nxt = line[time], line[next_war_card(line, time)]
    black = cur.black + nxt.black + sum(c.black for c in lich_cards)
    purple = cur.purple + nxt.purple + sum(c.purple for c in lich_cards)
    return black, purple


def lp_per_army_win(lich_cards: Sequence[LichKingCard] = ()) -> int:
    """The Lich King's LP for each army that wins (1, more with some Lich King cards)."""
    return LP_PER_ARMY_WIN + sum(c.lp_per_army_win for c in lich_cards)


class WarOutcome(NamedTuple):
    """The solo Wars of one turn (see :func:`war_outcome`)."""

    player_won: tuple[bool, bool]   #: the player against the Black, the Purple army
    army_won: tuple[bool, bool]     #: the Black, the Purple army against the player
    player_lp: int                  #: the player's LP for the wars won (without war abilities)
    lich_lp: int                    #: the Lich King's LP for his armies that won


def war_outcome(strength: int, black: int, purple: int, per_army_win: int = LP_PER_ARMY_WIN) -> WarOutcome:
    """The solo war rule: the player's ``strength`` fights each army; a tie is won by both
    sides.  Pure, so the panels forecast with the very rule the engine plays by."""
    player_won = (strength >= black, strength >= purple)
    army_won = (black >= strength, purple >= strength)
    return WarOutcome(player_won, army_won, wars.LP_PER_WAR * sum(player_won),
                      per_army_win * sum(army_won))


class LichKing:
    """The Lich King's side of the table."""

    __slots__ = ("lp", "line", "time", "revealed", "netherworld", "cards", "draft_step")

    def __init__(self, line: Iterable[NecropolisCard], cards: Iterable[LichKingCard]) -> None:
        self.lp = 0
        self.line = list(line)         # Necropolis cards, piles 1 2 3 4 E
        self.time = 0                  # index of the card under the Time token
        self.revealed = 1              # cards revealed so far (the first at setup)
        self.netherworld: list[UnitType] = []     # index 0 is the top
        self.cards = list(cards)       # Lich King difficulty cards
        self.draft_step = 0

    def clone(self) -> "LichKing":
        k = LichKing(self.line, self.cards)
        k.lp, k.time, k.revealed = self.lp, self.time, self.revealed
        k.netherworld = self.netherworld[:]
        k.draft_step = self.draft_step
        return k

    def armies(self) -> tuple[int, int]:
        """(Black, Purple) strength this turn (:func:`armies`).  Before the Wars phase
        reveals the next card this reads a face-down card: a program showing a player the
        armies must wait until ``revealed > time + 1``."""
        return armies(self.line, self.time, self.cards)


def setup(game: Game, lich_king_cards: Any = 0) -> LichKing:
    """Draw the Necropolis line and the difficulty cards (a number, or a list of ids)."""
    # lich_king_cards: Any, checked here (anything but a number or ids raises err.solo.*)
    cards = game.cards
    piles = {p: [c for c in cards.necropolis if c.pile == p] for p in PILES}
    missing = [p for p in PILES if not piles[p]]
    if missing:
        raise PaperTalesError("err.solo.piles_missing", piles=", ".join(missing),
                              path="papertales/data/lich_king_illustrative.json")
    line = [piles[p][game.rng.below(len(piles[p]))] for p in PILES]
    available = list(cards.lich_king_cards)
    if isinstance(lich_king_cards, int) and not isinstance(lich_king_cards, bool):
        if not 0 <= lich_king_cards <= min(4, len(available)):
            raise PaperTalesError("err.solo.lich_king_count", most=min(4, len(available)),
                                  n=len(available), value=lich_king_cards)
        game.rng.shuffle(available)
        chosen = sorted(available[:lich_king_cards], key=lambda c: c.id)
    else:
        by_id = {c.id: c for c in available}
        try:
            chosen = [by_id[i] for i in lich_king_cards]
        except (KeyError, TypeError):
            raise PaperTalesError("err.solo.lich_king_unknown" if by_id else "err.solo.lich_king_unknown_none",
                                  value=repr(lich_king_cards), loaded=", ".join(by_id)) from None
        if len(chosen) > 4 or len(set(lich_king_cards)) != len(chosen):
            raise PaperTalesError("err.solo.lich_king_many")
    return LichKing(line, chosen)


def gain(game: Game, amount: int, cause: str, key: str = "", params: dict[str, Any] | None = None) -> None:
    lk = cast(LichKing, game.lich)      # solo games only
    before = lk.lp
    lk.lp = max(0, lk.lp + amount)
    game.log_event(LICH, "lp", lk.lp - before, cause, key, params)


# ------------------------------------------------------------------ Recruitment

def recruitment_start(game: Game) -> None:
    cast(LichKing, game.lich).draft_step = 0
    game.stage = "draft"
    _offer(game)


def _offer(game: Game) -> None:
    lk = cast(LichKing, game.lich)      # solo games only
    p = game.players[0]
    step = lk.draft_step
    if step < len(DRAWS):
        p.pack = game.draw_cards(DRAWS[step])
    elif step == len(DRAWS):
        game.rng.shuffle(lk.netherworld)
        p.pack = [lk.netherworld.pop(0) for _ in range(min(2, len(lk.netherworld)))]
        game.log_event(0, EV_DRAFT, 0, RULE_NETHERWORLD, "ev.netherworld_shuffled",
                  {"n": len(lk.netherworld) + len(p.pack)})
    else:
        if lk.netherworld:
            t = lk.netherworld.pop(0)
            p.hand.append(t)
            game.log_event(0, EV_DRAFT, 0, RULE_NETHERWORLD, "ev.takes_top", {"card": t.id})
        score_netherworld(game)
        return
    game.pending[0] = simple(DRAFT, 0) if p.pack else None
    if not p.pack:
        lk.draft_step += 1
        _offer(game)


def score_netherworld(game: Game) -> None:
    """The end of the solo Recruitment: the Lich King scores the Netherworld as it stands
    (also the automatic stage :data:`SCORING` of a what-if position that gives one)."""
    _lich_king_gains(game)
    recruitment.finish(game)


def check_draft(game: Game, seat: int, decision: Decision, action: Action) -> None:
    if action.kind != PICK:
        raise IllegalActionError("err.draft.pick_expected")
    if not any(t.id == action.card for t in game.players[0].pack):
        raise IllegalActionError("err.solo.not_offered", value=repr(action.card))


def apply_draft(game: Game, seat: int, decision: Decision, action: Action) -> None:
    p = game.players[0]
    lk = cast(LichKing, game.lich)      # solo games only
    i = next(i for i, t in enumerate(p.pack) if t.id == action.card)
    t = p.pack.pop(i)
    p.hand.append(t)
    rest = p.pack
    p.pack = []
    if lk.draft_step < len(DRAWS):
        lk.netherworld.extend(rest)
        game.log_event(0, EV_DRAFT, 0, "", "ev.keeps_into_netherworld", {"card": t.id, "cards": [c.id for c in rest]})
    else:
        lk.netherworld.extend(rest)          # the other card goes to the bottom
        game.log_event(0, EV_DRAFT, 0, RULE_NETHERWORLD, "ev.keeps_to_bottom", {"card": t.id, "cards": [c.id for c in rest]})
    lk.draft_step += 1
    game.decision_made(0)


def draft_decided(game: Game) -> None:
    _offer(game)


def quest_matches(card: NecropolisCard, netherworld: Iterable[UnitType]) -> list[UnitType]:
    """The Netherworld cards meeting a Necropolis card's quest requirement."""
    if card.quest is None:
        return []
    return [t for t in netherworld if card.quest(t)]


def recruitment_gains(line: Sequence[NecropolisCard], time: int, revealed: int, netherworld: Sequence[UnitType],
                      lich_cards: Sequence[LichKingCard] = ()) -> list[dict[str, Any]]:
    """What the Lich King scores at the end of a Recruitment, one row per cause:
    the immediate gain of ``line[time]``, the quest of every revealed card (``line[:revealed]``)
    over the ``netherworld`` cards, and the Lich King cards.  Pure: also serves the
    companion mode for people playing the physical game."""
    rows: list[dict[str, Any]] = []
    current = line[time]
    if current.immediate_lp:
        rows.append({"cause": current.id, "lp": current.immediate_lp, "key": "ev.immediate_gain",
                     "params": {}, "matches": []})
    bonus = sum(c.quest_bonus for c in lich_cards)
    for card in line[:revealed]:
        matches = quest_matches(card, netherworld)
        if matches:
            per = card.quest_lp + bonus
            ids = [t.id for t in matches]
            rows.append({"cause": card.id, "lp": per * len(matches), "matches": ids, "lp_each": per,
                         "key": "ev.quest", "params": {"n": len(matches), "each": per, "cards": ids}})
    for c in lich_cards:
        if c.recruitment_lp:
            rows.append({"cause": c.id, "lp": c.recruitment_lp, "key": "ev.lich_king_card",
                         "params": {}, "matches": []})
    return rows


def recruitment_record(turn: int, line: Sequence[NecropolisCard], time: int, revealed: int,
                       netherworld: Sequence[UnitType], lich_cards: Sequence[LichKingCard] = ()) -> SoloRecruitmentResult:
    """:func:`recruitment_gains` as the record a game keeps of its Recruitment.  Pure: the
    panels forecast a Recruitment and score a physical game's with the engine's own record."""
    return _recruitment_record(turn, line[time], netherworld,
                               recruitment_gains(line, time, revealed, netherworld, lich_cards))


def _recruitment_record(turn: int, current: NecropolisCard, netherworld: Sequence[UnitType],
                        rows: list[dict[str, Any]]) -> SoloRecruitmentResult:
    return SoloRecruitmentResult(
        turn, current.id, current.immediate_lp, tuple(t.id for t in netherworld),
        tuple(Quest(r["cause"], r["lp_each"], tuple(r["matches"]), r["lp"]) for r in rows if r["matches"]),
        tuple((r["cause"], r["lp"]) for r in rows if r["key"] == "ev.lich_king_card"),
        sum(r["lp"] for r in rows))


def _lich_king_gains(game: Game) -> None:
    lk = cast(LichKing, game.lich)      # solo games only
    rows = recruitment_gains(lk.line, lk.time, lk.revealed, lk.netherworld, lk.cards)
    for row in rows:
        gain(game, row["lp"], row["cause"], row["key"], row["params"])
    if game.record_events:
        game.results.append(_recruitment_record(game.turn, lk.line[lk.time], lk.netherworld, rows))
    if lk.netherworld:
        game.log_event(LICH, NOTE, len(lk.netherworld), RULE_NETHERWORLD, "ev.netherworld_discarded")
        game.discard.extend(lk.netherworld)
        lk.netherworld = []


# ------------------------------------------------------------------ Wars

def wars_resolve(game: Game) -> None:
    lk = cast(LichKing, game.lich)      # solo games only
    if lk.revealed < len(lk.line):
        nxt = lk.line[lk.revealed]
        lk.revealed += 1
        game.log_event(LICH, NOTE, 0, nxt.id, "ev.necropolis_revealed", {"pile": nxt.pile})
    black, purple = lk.armies()
    ctx = game.context(0)
    s = wars.kingdom_strength(game, 0, ctx)
    out = war_outcome(s, black, purple, lp_per_army_win(lk.cards))
    player_won = out.player_won
    for a, code, w in ((black, BLACK_ARMY, player_won[0]), (purple, PURPLE_ARMY, player_won[1])):
        game.log_event(0, WAR, int(w), RULE_WARS, "ev.war" if w else "ev.war_lost", {"opponent": code, "strength": s, "against": a, "n": int(w)})
    army_wins = sum(out.army_won)
    wars.score(game, 0, ctx, sum(player_won))
    if army_wins:
        gain(game, out.lich_lp, RULE_ARMIES, "ev.armies_won", {"n": army_wins})
    if game.record_events:
        game.results.append(SoloWarsResult(game.turn, s, black, purple, player_won, out.army_won,
                                           out.player_lp, out.lich_lp))
    game.end_phase()


# ------------------------------------------------------------------ End

def end_gains(line: Sequence[NecropolisCard], lich_cards: Sequence[LichKingCard] = ()) -> list[tuple[str, int, str]]:
    """What the Lich King scores at the end of the game, ``(card id, LP, event key)`` per
    cause: the End card's immediate gain, then each Lich King card's end LP.  Pure: the
    companion scores a physical game's end with it."""
    end = line[-1]
    rows = [(end.id, end.immediate_lp, "ev.end_card_gain")] if end.immediate_lp else []
    return rows + [(c.id, c.end_lp, "ev.lich_king_card_end") for c in lich_cards if c.end_lp]


def final(game: Game) -> None:
    scoring.score_kingdoms(game)
    lk = cast(LichKing, game.lich)      # solo games only
    lk.time = len(lk.line) - 1
    for cause, lp, key in end_gains(lk.line, lk.cards):
        gain(game, lp, cause, key)
    game.end_phase()
    scoring.record_end(game)


def winners(game: Game) -> list[int]:
    """``[0]`` if the player beat the Lich King (strictly more LP), else ``[]``."""
    return [0] if game.players[0].lp > cast(LichKing, game.lich).lp else []
