"""Bit masks as sets of small integers, shared by the games that keep their boards as masks
(Cairo Corridor's cells, Deep Sea Voyage's sea).

>>> bit_positions(0b10110)
[1, 2, 4]
"""

from __future__ import annotations


def bit_positions(mask: int) -> list[int]:
    """The positions of the set bits of ``mask``, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found
