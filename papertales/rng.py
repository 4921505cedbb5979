"""A tiny seeded random generator whose whole state is one integer.

Why not :mod:`random`?  One integer clones in no time, serialises into a save file as a
number, and gives the same sequence on every Python version (SplitMix64).  ``below`` and
``shuffle`` repeat the three-line step instead of calling :meth:`next64`: they run once
per random choice, and a call costs as much as the step itself in plain Python.
"""

from typing import Final

_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15
_M1: Final = 0xBF58476D1CE4E5B9
_M2: Final = 0x94D049BB133111EB


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state: int = seed & _MASK

    def next64(self) -> int:
        self.state = z = (self.state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * _M1) & _MASK
        z = ((z ^ (z >> 27)) * _M2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (n > 0); the tiny modulo bias is irrelevant here."""
        self.state = z = (self.state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * _M1) & _MASK
        z = ((z ^ (z >> 27)) * _M2) & _MASK
        return (z ^ (z >> 31)) % n

    def shuffle(self, items: list) -> None:
        """Fisher-Yates shuffle in place."""
        z = self.state
        for i in range(len(items) - 1, 0, -1):
            z = (z + _GAMMA) & _MASK
            x = ((z ^ (z >> 30)) * _M1) & _MASK
            x = ((x ^ (x >> 27)) * _M2) & _MASK
            j = (x ^ (x >> 31)) % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.state = z

    def choice(self, items):
        return items[self.below(len(items))]

    def clone(self) -> "Rng":
        return Rng(self.state)
