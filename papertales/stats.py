"""Confidence intervals for the numbers the strategy lab reports (win rates, mean LP).

>>> low, high = wilson(8, 10)          # 8 wins in 10 games
>>> round(low, 4), round(high, 4)
(0.4902, 0.9433)
>>> wilson(0, 0)                       # no games: anything is possible
(0.0, 1.0)
>>> [round(x, 2) for x in mean_ci([10, 12, 14])]     # mean, low, high
[12.0, 9.74, 14.26]
>>> [round(x, 4) for x in clustered_mean_ci([1, 0, 1, 1], ["a", "a", "b", "c"])]
[0.75, 0.3825, 1.1175]
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Sequence

#: the standard normal quantile of a two-sided 95 % interval
Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default); (0, 1) when n is 0."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(values: Iterable[float], z: float = Z95) -> tuple[float, float, float]:
    """(mean, low, high): the mean with a normal-approximation 95 % interval."""
    values = list(values)
    n = len(values)
    if not n:
        return (float("nan"),) * 3
    m = sum(values) / n
    if n == 1:
        return (m, m, m)
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1))
    half = z * sd / math.sqrt(n)
    return (m, m - half, m + half)


def clustered_mean_ci(values: Sequence[float], clusters: Sequence[Hashable],
                      z: float = Z95) -> tuple[float, float, float]:
    """(mean, low, high): the mean with a 95 % interval that counts the values of one
    cluster as one piece of evidence (the cluster-robust, "sandwich" standard error:
    ``sqrt(G / (G - 1) * sum over clusters of (sum of v - mean)**2) / n``, G clusters).
    Why: the positions of one game share its outcome, so counting them as independent
    makes an interval too narrow.  One cluster: no interval (mean, mean, mean)."""
    n = len(values)
    if not n:
        return (float("nan"),) * 3
    m = sum(values) / n
    sums: dict[Hashable, float] = {}
    for v, c in zip(values, clusters, strict=True):
        sums[c] = sums.get(c, 0.0) + (v - m)
    g = len(sums)
    if g == 1:
        return (m, m, m)
    half = z * math.sqrt(g / (g - 1) * sum(s * s for s in sums.values())) / n
    return (m, m - half, m + half)
