"""The longest track of a colour after every placement at once: what the bots of levels 2 and 3 read.

The solver (:mod:`domain.duorail.parts.solver`) answers for one position. A bot asks the same question
for each of some 600 placements; one frontier DP per placement would cost a second. Instead the
DP of :mod:`domain.duorail.parts.solver_dp` runs forward (``fwd[k][s]``: the most track cells before
cell ``k`` reaching frontier state ``s``) and backward (``bwd[k][s]``: the most cells from ``k``
on that close the loop from ``s``), and a track that gives cell ``k`` the exit mask ``m`` is a
forward half, the cell, and a backward half. So :func:`lengths_with` gives, for every cell and
every exit mask, the longest track whose cell takes that mask (mask 0: the cell off the track):

- a piece of the opponent's colour on ``k``: the cell is off the track, ``with_[k][0]``;
- a piece of the track's colour or a common piece of shape ``m`` on ``k``: ``with_[k][m]``.

Exact, in two DP passes (about the cost of two :func:`~domain.duorail.parts.solver.longest_track`).
``0`` means no track. Compiled by numba (cached on disk, like the solver).

>>> with_ = lengths_with({"E4": ("red", "UD")}, "blue")
>>> int(with_[0].max()), int(with_[39][0]), int(with_[39][3])  # E4 (index 39) is red's: off blue's tracks
(78, 78, 0)
>>> empty = lengths_with({}, "red")
>>> int(empty[40][3]), int(empty[0][0]), int(empty[1][0])  # E5 UD; A1 off; A2 off (the parity)
(80, 80, 78)
"""

from __future__ import annotations

import numba
import numpy as np

from domain.duorail.parts import solver_dp as dp
from domain.duorail.parts.track import Pieces

CELL_COUNT, WIDTH = dp.CELL_COUNT, dp.WIDTH


def lengths_with(pieces: Pieces, colour: str) -> np.ndarray:
    """``with_[k][m]``: the length of the longest track of ``colour`` in which cell ``k`` takes exit
    mask ``m`` (0: off the track), 0 if there is none; an int32 array of shape (81, 16)."""
    from domain.duorail.parts.solver import allowed_masks, state_tables

    masks, last = allowed_masks(pieces, colour)
    allowed = np.array(masks, np.int32)
    if not dp.propagate(allowed):
        return np.zeros((CELL_COUNT, 16), np.int32)
    lengths: np.ndarray = _lengths_with(allowed, last, *state_tables())
    return lengths


@numba.njit(cache=True)
def _lengths_with(allowed, last_mandatory, code_of, half, sid_of3):
    n_states = code_of.shape[0]
    fwd = np.full((CELL_COUNT + 1, n_states), -1, np.int32)
    done = np.full(CELL_COUNT + 1, -1, np.int32)  # done[k]: the longest loop closed before cell k
    fwd[0, sid_of3[0]] = 0
    for k in range(CELL_COUNT):
        column = k % WIDTH
        done[k + 1] = done[k]
        for sid in range(n_states):
            value = fwd[k, sid]
            if value < 0:
                continue
            code = code_of[sid]
            code1, mask1, code2, mask2, closes = dp._successors(code, column, allowed[k])
            if closes and code == (dp.OPEN << (2 * column)) | (dp.CLOSE << (2 * column + 2)) \
                    and k >= last_mandatory and value + 1 > done[k + 1]:
                done[k + 1] = value + 1
            for j in range(2):
                new, new_mask = (code1, mask1) if j == 0 else (code2, mask2)
                if new < 0:
                    continue
                if column == WIDTH - 1:
                    new <<= 2
                new_sid = sid_of3[half[new & 1023] + half[1024 + (new >> 10)]]
                new_value = value + (new_mask != dp.NONE)
                fwd[k + 1, new_sid] = max(fwd[k + 1, new_sid], new_value)
    with_ = np.zeros((CELL_COUNT, 16), np.int32)
    bwd = np.full(n_states, -1, np.int32)  # bwd[s] after cell k: the most cells closing the loop from s
    new_bwd = np.full(n_states, -1, np.int32)
    for k in range(CELL_COUNT - 1, -1, -1):
        column = k % WIDTH
        with_[k, dp.NONE] = max(with_[k, dp.NONE], done[k])
        for sid in range(n_states):
            value = fwd[k, sid]
            new_bwd[sid] = -1
            if value < 0:
                continue
            code = code_of[sid]
            code1, mask1, code2, mask2, closes = dp._successors(code, column, allowed[k])
            best = -1
            if closes and code == (dp.OPEN << (2 * column)) | (dp.CLOSE << (2 * column + 2)) \
                    and k >= last_mandatory:
                best = 1
                with_[k, dp.LU] = max(with_[k, dp.LU], value + 1)
            for j in range(2):
                new, new_mask = (code1, mask1) if j == 0 else (code2, mask2)
                if new < 0:
                    continue
                if column == WIDTH - 1:
                    new <<= 2
                rest = bwd[sid_of3[half[new & 1023] + half[1024 + (new >> 10)]]]
                if rest < 0:
                    continue
                tail = rest + (new_mask != dp.NONE)
                best = max(best, tail)
                with_[k, new_mask] = max(with_[k, new_mask], value + tail)
            new_bwd[sid] = best
        bwd, new_bwd = new_bwd, bwd
    return with_
