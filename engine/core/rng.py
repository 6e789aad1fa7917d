"""A tiny seeded RNG whose whole state is one integer, so it round-trips through JSON exactly.

`random.Random` would work too, but its state is a 625-int tuple; a 64-bit SplitMix state keeps snapshots small
and makes "same seed + same choices = same game" obvious to anyone reading a saved state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from pydantic import BaseModel

T = TypeVar("T")
_MASK = (1 << 64) - 1
_SPAN = 1 << 64


class Rng(BaseModel):
    """SplitMix64. Mutates in place: engines call it only on their working copy of the state."""

    state: int = 0

    @classmethod
    def seeded(cls, seed: int) -> Rng:
        return cls(state=seed & _MASK)

    def next64(self) -> int:
        # Straight into the model's __dict__: `state` is a plain int field with nothing to validate, and a playout
        # draws often enough for pydantic's __setattr__ to show (docs/notes/engine-speed.md).
        fields = self.__dict__
        z: int = (fields["state"] + 0x9E3779B97F4A7C15) & _MASK
        fields["state"] = z
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias."""
        fields = self.__dict__
        if n == 1:
            # The one answer is 0 and every draw is under the limit: advance the state as a draw would, without
            # mixing it (a playout's pick among a lone decision).
            fields["state"] = (fields["state"] + 0x9E3779B97F4A7C15) & _MASK
            return 0
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _SPAN - _SPAN % n
        while True:
            # next64() written out: a playout draws a few times a choice, so the call itself is worth saving.
            z: int = (fields["state"] + 0x9E3779B97F4A7C15) & _MASK
            fields["state"] = z
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            x = z ^ (z >> 31)
            if x < limit:
                return x % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
