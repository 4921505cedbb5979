"""The generator's numbers: SplitMix64's published ones, identical whether they are
computed one at a time (the textbook step below) or in blocks (papertales.rng), across
block boundaries, clones and states read back."""

import pytest

from papertales.rng import BLOCK, Rng

MASK = (1 << 64) - 1


def reference(seed):
    """The textbook SplitMix64 step, one number at a time."""
    z = seed
    while True:
        z = (z + 0x9E3779B97F4A7C15) & MASK
        x = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK
        yield x ^ (x >> 31), z


def test_published_values_for_seed_0():
    r = Rng(0)
    assert [r.next64() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


@pytest.mark.parametrize("seed", [0, 1, 12345, MASK, MASK - 5, -1, 2**63 + 17])
def test_blocks_equal_the_one_at_a_time_sequence(seed):
    r, ref = Rng(seed), reference(seed & MASK)
    for i in range(3 * BLOCK + 7):
        value, state = next(ref)
        assert r.next64() == value, i
        assert r.state == state, i


def test_below_shuffle_clone_and_state_stay_on_the_sequence():
    """A mix of calls, with a clone and a restart from ``state`` at every step."""
    r, ref = Rng(99), reference(99)
    for i in range(400):
        clone, restarted = r.clone(), Rng(r.state)
        if i % 7 == 3:
            items = list(range(i % 11 + 2))
            r.shuffle(items)
            expected = list(range(len(items)))
            for k in range(len(expected) - 1, 0, -1):
                j = next(ref)[0] % (k + 1)
                expected[k], expected[j] = expected[j], expected[k]
            assert items == expected
            clone.shuffle(items[:])
        else:
            n = i % 13 + 1
            value = next(ref)[0]
            assert r.below(n) == value % n
            assert clone.below(n) == restarted.below(n) == value % n
        assert clone.state == r.state


def test_fresh_generator_reports_its_seed_as_state():
    assert Rng(7).state == 7
    assert Rng(-1).state == MASK
