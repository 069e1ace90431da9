"""A small seeded random generator whose whole state is one integer.

SplitMix64 (Steele, Lea and Flood, 2014): fast, well distributed, and its state
serialises as a single JSON number, so it is stored with the game record.
"""

import hashlib

MASK64 = (1 << 64) - 1
SPAN64 = 1 << 64


def derive_seed(*labels) -> int:
    """A 64-bit seed derived from any labels (e.g. game seed, version, seat)."""
    text = "\x1f".join(str(label) for label in labels).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


class Rng:
    """SplitMix64 with unbiased bounded draws."""

    __slots__ = ("state",)

    def __init__(self, state: int):
        self.state = state & MASK64

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` for any positive integer ``n`` (rejection sampling
        over as many 64-bit words as ``n`` needs: no modulo bias, and each draw is accepted
        with probability above 1/2, so it terminates)."""
        if type(n) is not int or n <= 0:
            raise ValueError("below() needs a positive integer bound")
        if n <= SPAN64:                                      # the common case: one word a draw
            limit = SPAN64 - SPAN64 % n
            while True:
                x = self.next64()
                if x < limit:
                    return x % n
        words = ((n - 1).bit_length() + 63) // 64
        span = 1 << (64 * words)
        limit = span - span % n
        while True:
            x = 0
            for _ in range(words):
                x = (x << 64) | self.next64()
            if x < limit:
                return x % n

    def choice(self, items):
        return items[self.below(len(items))]

    def weighted_index(self, weights) -> int:
        """Index ``i`` drawn with probability ``weights[i] / sum(weights)`` (integers)."""
        total = sum(weights)
        x = self.below(total)
        for i, w in enumerate(weights):
            if x < w:
                return i
            x -= w
        raise AssertionError("unreachable")

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
