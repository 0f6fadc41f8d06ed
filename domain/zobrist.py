"""Zobrist keys, compiled: SplitMix64's finaliser turns a small int (a cell and what lies on it) into
a 64-bit value, the same in every process (no table drawn at import, no hash seed); a position's
key is the XOR of the values of what it holds (``domain.<game>.parts.position``).

>>> int(mix(np.uint64(1))) == int(mix(np.uint64(1))) != int(mix(np.uint64(2)))
True
"""

from __future__ import annotations

import numba
import numpy as np


@numba.njit(cache=True, inline="always")
def mix(z):  # pragma: no cover - compiled
    """SplitMix64's finaliser of ``z`` (a ``np.uint64``)."""
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))
