"""The compiled core of :mod:`domain.monunrail.parts.unrail` for boards of at most 63 cells: the
Sprague-Grundy number of a group of touching tiles, by exhaustive search memoised in a typed dict
keyed by the group's bit set (cells of the board, bit ``i`` = cell ``i``; the board never changes
size, so a key means the same shape in every game on it).

The memo is an open-addressing hash table in two flat arrays (``keys`` holds ``group + 1``, 0 marks
a free slot; ``values`` the numbers), allocated lazily by the OS; when it is half full it is
emptied and the search goes on (forgetting only costs time).

A group's options are its removals (``segments``: every 1-3-cell line of the board, as bit sets);
what a removal leaves splits into groups by flood fill with shifts (``not_first`` / ``not_last``
mask the cells a left / right shift may not wrap onto), and an option's value is the XOR of those
groups' numbers. Numbers up to 125 are tracked (two 63-bit words of reached values); a group
reaching more raises ``ValueError``.

The search is bounded: ``left`` (a one-element array) counts the groups it may still search (memo
misses); when none are left it returns :data:`UNKNOWN` up the whole recursion at once. Groups
finished before that stay in the memo, so a repeated call goes further.
"""

from __future__ import annotations

import numba
import numpy as np

TABLE_BITS = 22
"""4,194,304 slots (36 MB of address space, touched only as used)."""
UNKNOWN = -1
"""What a search that ran out of its budget returns instead of a number."""
_MULTIPLIER = -7046029254386353131  # 0x9E3779B97F4A7C15 as a signed 64-bit number


class Memo:
    """The hash table: ``keys``, ``values`` and ``used`` (a one-element count)."""

    def __init__(self, bits: int = TABLE_BITS):
        self.keys = np.zeros(1 << bits, np.int64)
        self.values = np.zeros(1 << bits, np.int8)
        self.used = np.zeros(1, np.int64)

    def __len__(self) -> int:
        return int(self.used[0])


@numba.njit(cache=True)
def _slot(keys, group):  # pragma: no cover - compiled
    """The slot holding ``group``, or the free slot where it would go."""
    mask = keys.shape[0] - 1
    slot = ((group * _MULTIPLIER) >> 40) & mask
    while keys[slot] != 0 and keys[slot] != group + 1:
        slot = (slot + 1) & mask
    return slot


@numba.njit(cache=True)
def _flood(seed, within, width, not_first, not_last):  # pragma: no cover - compiled
    group = seed
    while True:
        grown = (group | ((group << 1) & not_first) | ((group >> 1) & not_last) | (group << width)
                 | (group >> width)) & within
        if grown == group:
            return group
        group = grown


@numba.njit(cache=True)
def sum_value(mask, keys, values, used, segments, width, not_first, not_last, left):  # pragma: no cover
    """The XOR of the numbers of the groups in ``mask`` (:data:`UNKNOWN` past the budget)."""
    value = np.int64(0)
    rest = mask
    while rest:
        group = _flood(rest & -rest, rest, width, not_first, not_last)
        rest ^= group
        part = group_value(group, keys, values, used, segments, width, not_first, not_last, left)
        if part < 0:
            return np.int64(UNKNOWN)
        value ^= part
    return value


@numba.njit(cache=True)
def group_value(group, keys, values, used, segments, width, not_first, not_last, left):  # pragma: no cover
    """The Sprague-Grundy number of one group of touching tiles (:data:`UNKNOWN` past the budget)."""
    if group == 0:
        return np.int64(0)
    slot = _slot(keys, group)
    if keys[slot] != 0:
        return np.int64(values[slot])
    if left[0] <= 0:
        return np.int64(UNKNOWN)
    left[0] -= 1
    low_words = np.int64(0)
    high_words = np.int64(0)
    for k in range(segments.shape[0]):
        seg = segments[k]
        if seg & group != seg:
            continue
        rest = group ^ seg
        row = seg | ((seg << 1) & not_first) | ((seg >> 1) & not_last)
        touching = (row | (seg << width) | (seg >> width)) & rest
        ring = (row | (row << width) | (row >> width)) & rest
        if _flood(touching & -touching, ring, width, not_first, not_last) & touching == touching:
            # every tile left reaches the removed line through a tile touching it, and those are
            # joined around it: what is left is one group
            value = group_value(rest, keys, values, used, segments, width, not_first, not_last, left)
        else:
            value = np.int64(0)
            while rest:
                part = _flood(rest & -rest, rest, width, not_first, not_last)
                rest ^= part
                found = group_value(part, keys, values, used, segments, width, not_first, not_last, left)
                if found < 0:
                    return np.int64(UNKNOWN)
                value ^= found
        if value < 0:
            return np.int64(UNKNOWN)
        if value < 63:
            low_words |= np.int64(1) << value
        elif value < 126:
            high_words |= np.int64(1) << (value - 63)
        else:
            raise ValueError("a Sprague-Grundy number above 125")
    mex = 0
    while mex < 63 and (low_words >> mex) & 1:
        mex += 1
    if mex == 63:
        while mex < 126 and (high_words >> (mex - 63)) & 1:
            mex += 1
    if used[0] * 2 >= keys.shape[0]:
        keys[:] = 0
        used[0] = 0
    slot = _slot(keys, group)
    keys[slot] = group + 1
    values[slot] = mex
    used[0] += 1
    return np.int64(mex)


def segment_array(masks: list[int]) -> np.ndarray:
    return np.array(masks, dtype=np.int64)
