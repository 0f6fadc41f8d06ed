"""The compiled placement listing (a board row at a time, by shape) against a plain test of every
placement's five cells, on random boards of every size and random banks."""

from __future__ import annotations

import random

import numpy as np
import pytest

from domain.deepsea.parts import kernels
from domain.deepsea.parts.board import MAX_SIZE, MIN_SIZE
from domain.deepsea.parts.pentominoes import PIECES, all_placements


@pytest.mark.parametrize("size", range(MIN_SIZE, MAX_SIZE + 1))
def test_fitting_lists_exactly_the_placements_whose_cells_are_free_in_order(size: int) -> None:
    rng, stride = random.Random(size), size + 1
    found = all_placements(size)
    cells = [[i // size * stride + i % size for i in indices] for _, indices in found]
    pieces = [PIECES.index(piece) for piece, _ in found]
    out = np.empty(len(found), np.int64)
    for trial in range(8):
        free = np.zeros(size * stride, np.uint8)
        density = 1.0 if trial == 0 else rng.uniform(0.6, 1.0)
        for row in range(size):
            for col in range(size):
                free[row * stride + col] = rng.random() < density
        bank = (1 << len(PIECES)) - 1 if trial < 2 else rng.getrandbits(len(PIECES))
        expected = [p for p in range(len(found)) if bank >> pieces[p] & 1 and all(free[c] for c in cells[p])]
        n = kernels.fitting(free, bank, kernels.shape_table(size), size, out)
        assert out[:n].tolist() == expected
        if trial == 0:  # an open board, every piece: every placement
            assert n == len(found)
