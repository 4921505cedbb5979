"""Structured results of every phase, kept per turn in ``game.results``.

Why records and not only the event log?  Panels, the coach and the tests want facts
("who fought whom with which strengths", "which Netherworld cards met this quest") without
re-running rules or reading words.  Each phase appends one frozen record when the game
records events (simulations with ``record_events=False`` skip them, as they skip events).
Card and building ids, never names: the words come from the message catalogue.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import TYPE_CHECKING, Any, Final

from .errors import ArgumentError

#: LP for each war won (beside the records that count in it; :mod:`papertales.wars` scores it)
LP_PER_WAR: Final = 3


@dataclass(frozen=True, slots=True)
class DraftResult:
    """Recruitment: the cards each seat kept this turn, in the order kept."""
    turn: int
    kept: tuple[tuple[str, ...] | None, ...]   # per seat: (card id, ...); None: hidden from this seat


@dataclass(frozen=True, slots=True)
class DeploymentResult:
    """Deployment: the units each seat revealed ((spot, card id), ...) and the gold paid."""
    turn: int
    revealed: tuple[tuple[tuple[int, str], ...], ...]   # per seat: ((spot, card id), ...)
    paid: tuple[int, ...]   # per seat: gold paid (negative: a Monkey's gold)


@dataclass(frozen=True, slots=True)
class War:
    seat: int
    opponent: int        # a seat, or BLACK_ARMY / PURPLE_ARMY in solo
    strength: int
    against: int
    won: int             # wars won against this opponent (2 for a two-player double win)

    @property
    def lp(self) -> int:
        """The LP this war brought ``seat``: a panel reads it, never multiplies again."""
        return LP_PER_WAR * self.won


@dataclass(frozen=True, slots=True)
class WarsResult:
    """Wars: every kingdom's strength, every war, the LP of wars won (3 each)."""
    turn: int
    strengths: tuple[int, ...]   # per seat
    wars: tuple[War, ...]   # (War, ...) one per seat and opponent
    lp: tuple[int, ...]   # per seat: LP from wars won (abilities not included)


@dataclass(frozen=True, slots=True)
class SoloWarsResult:
    """Solo Wars: the player's strength against the Lich King's two armies."""
    turn: int
    strength: int
    black: int
    purple: int
    # not tuple[bool, bool]: the compiled build would check the items of a loaded save's pair
    player_won: tuple[bool, ...]   # (against Black, against Purple): True on a win or a tie
    army_won: tuple[bool, ...]   # (Black, Purple): True when the army wins or ties
    player_lp: int       # LP of the wars won by the player
    lich_lp: int         # LP the Lich King scores for his armies


@dataclass(frozen=True, slots=True)
class IncomeResult:
    turn: int
    gold: tuple[tuple[tuple[str, int], ...], ...]   # per seat: ((cause, gold), ...)


@dataclass(frozen=True, slots=True)
class ConstructionResult:
    turn: int
    built: tuple[tuple[str, int, int] | None, ...]   # per seat: (building id, level, gold paid) or None (passed)


@dataclass(frozen=True, slots=True)
class AgingResult:
    turn: int
    deaths: tuple[tuple[tuple[int, str, int], ...], ...]   # per seat: ((spot, card id, age tokens), ...)
    spared: tuple[tuple[int, ...], ...]   # per seat: (spot, ...)


@dataclass(frozen=True, slots=True)
class EndResult:
    turn: int
    lp: tuple[tuple[tuple[str, int], ...], ...]   # per seat: ((cause, LP), ...) scored at the end of the game
    winners: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Quest:
    card: str            # the Necropolis card whose quest scored
    lp_each: int
    matches: tuple[str, ...]   # ids of the Netherworld cards that met it
    lp: int


@dataclass(frozen=True, slots=True)
class SoloRecruitmentResult:
    """Solo Recruitment: what the Lich King scored and why."""
    turn: int
    current: str         # the Necropolis card under the Time token
    immediate: int       # its immediate gain
    netherworld: tuple[str, ...]   # the ids of the Netherworld cards scored
    quests: tuple[Quest, ...]   # (Quest, ...)
    lich_king_cards: tuple[tuple[str, int], ...]   # ((card id, LP), ...)
    lp: int              # the total


if TYPE_CHECKING:     # a record of a phase, one of RECORDS
    Record = (DraftResult | DeploymentResult | WarsResult | SoloWarsResult | IncomeResult | ConstructionResult
              | AgingResult | EndResult | SoloRecruitmentResult)

RECORDS: dict[str, type[Record]] = {cls.__name__: cls for cls in (
    DraftResult, DeploymentResult, WarsResult, SoloWarsResult, IncomeResult, ConstructionResult,
    AgingResult, EndResult, SoloRecruitmentResult)}
_NESTED = {"wars": War, "quests": Quest}


def to_json(record: Record) -> dict[str, Any]:
    return {"type": type(record).__name__, **asdict(record)}


def _freeze(value: object) -> object:
    return tuple(_freeze(v) for v in value) if isinstance(value, list) else value


def from_json(data: object) -> Record:
    """A record from :func:`to_json`'s output; raises ValueError on anything else."""
    if not isinstance(data, dict) or data.get("type") not in RECORDS:
        raise ArgumentError("err.results.record", value=repr(data)[:80])
    cls = RECORDS[data["type"]]
    names = {f.name for f in fields(cls)}
    if set(data) - {"type"} != names:
        raise ArgumentError("err.results.fields", record=data["type"], fields=", ".join(sorted(names)))
    values: dict[str, Any] = {}     # from the save, unchecked: the record's constructor takes them
    for name in names:
        v = data[name]
        if name in _NESTED:
            v = tuple(_NESTED[name](**{k: _freeze(x) for k, x in item.items()}) for item in v)
        values[name] = _freeze(v)
    return cls(**values)
