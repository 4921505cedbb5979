"""A tiny seeded random generator whose whole state is one integer.

Why not :mod:`random`?  One integer clones in no time, serialises into a save file as a
number, and gives the same sequence on every Python version (SplitMix64).

>>> rng = Rng(7)
>>> rng.below(10), rng.below(10)
(7, 4)
>>> cards = [1, 2, 3, 4, 5]
>>> Rng(1).shuffle(cards)
>>> cards
[3, 2, 5, 4, 1]

Why blocks?  In plain Python every 64-bit step is nine big-integer operations, and a
random game takes ~280 draws: the generator was a tenth of a game's time.  SplitMix64's
k-th output only depends on ``seed + k * GAMMA``, so :func:`_block` computes the next
``BLOCK`` outputs at once, one per 128-bit lane of a single big integer (the same nine
operations, each over all lanes), and unpacks them with one :mod:`struct` call.  The
numbers are exactly the one-at-a-time ones (``tests/test_rng.py``); ``state`` is still
the state after the last number handed out, so saves and clones do not see the blocks.
"""

from struct import Struct
from typing import Any, Final, Sequence, TypeVar

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15
_M1: Final = 0xBF58476D1CE4E5B9
_M2: Final = 0x94D049BB133111EB

BLOCK: Final = 48                       # outputs computed together
_LANE: Final = 128                      # bits per output: a 64-bit value times a 64-bit constant fits
# The j-th output after a state s (j = 1 .. BLOCK) is mixed from s + j * GAMMA and sits in
# lane BLOCK - j (lane 0 is the lowest), so that unpacking lists the block last-first and
# ``list.pop()`` hands it out in order.
_ONES: Final = sum(1 << (_LANE * i) for i in range(BLOCK))
_STEPS: Final = sum((BLOCK - i) * _GAMMA << (_LANE * i) for i in range(BLOCK))
_LOW64: Final = _MASK * _ONES
_UNPACK: Final = Struct("<" + "Q8x" * BLOCK)


def _block(state: int) -> list[int]:
    """The next ``BLOCK`` SplitMix64 outputs after ``state``, last one first."""
    z = (state * _ONES + _STEPS) & _LOW64
    z = ((z ^ (z >> 30 & _LOW64)) * _M1) & _LOW64
    z = ((z ^ (z >> 27 & _LOW64)) * _M2) & _LOW64
    z ^= z >> 31 & _LOW64
    return list(_UNPACK.unpack(z.to_bytes(BLOCK * 16, "little")))


class Rng:
    """``below`` and ``shuffle`` take numbers from ``_ahead`` (the rest of the current
    block, next number last); ``_end`` is the state after the block's last number."""

    __slots__ = ("_end", "_ahead")

    def __init__(self, seed: int = 0) -> None:
        self._end: int = seed & _MASK
        self._ahead: list[int] = []

    @property
    def state(self) -> int:
        """SplitMix64's state after the last number handed out (what a save file keeps)."""
        ahead = self._ahead
        return (self._end - len(ahead) * _GAMMA) & _MASK if ahead else self._end

    def _refill(self) -> list[int]:
        """Called with ``_ahead`` empty, i.e. with ``_end`` the current state."""
        start = self._end
        self._end = (start + BLOCK * _GAMMA) & _MASK
        self._ahead = ahead = _block(start)
        return ahead

    def next64(self) -> int:
        ahead = self._ahead
        if not ahead:
            ahead = self._refill()
        return ahead.pop()

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (n > 0); the tiny modulo bias is irrelevant here."""
        ahead = self._ahead
        if not ahead:
            ahead = self._refill()
        return ahead.pop() % n

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates shuffle in place."""
        ahead = self._ahead
        for i in range(len(items) - 1, 0, -1):
            if not ahead:
                ahead = self._refill()
            j = ahead.pop() % (i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def clone(self) -> "Rng":
        r = Rng(self._end)
        r._ahead = self._ahead[:]
        return r
