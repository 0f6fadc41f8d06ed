"""The compiled kernels of Deep Sea Voyage's searcher's position (:mod:`~.position`): which
placements fit a board, and random playouts of whole games.

A board's cells are bits ``row * (size + 1) + column`` (:class:`~.board.Board`'s masks: a spare
column stops a row from wrapping into the next), here as arrays of flags; a placement is an index
in :func:`~.pentominoes.all_placements` (``cells[p]``: its five cells, ``pieces[p]``: its piece);
:func:`fitting` lists them by shape (:func:`shape_table`), a board row at a time.
"""

from __future__ import annotations

import functools

import numba
import numpy as np

from domain.deepsea.parts.pentominoes import PIECES, orientations


def flags(mask: int, n: int) -> np.ndarray:
    """The first ``n`` bits of ``mask`` as an array of flags (``np.uint8``, 0 or 1)."""
    raw = np.frombuffer(mask.to_bytes((n + 7) // 8, "little"), np.uint8)
    return np.unpackbits(raw, count=n, bitorder="little")


@functools.cache
def shape_table(size: int) -> np.ndarray:
    """The oriented pentominoes of :func:`~.pentominoes.all_placements` for a ``size`` board, a row
    each, in its order: the piece's index, the index of the shape's first placement, its width and
    height, then its five cells' (column, row) offsets."""
    rows, base = [], 0
    for number, piece in enumerate(PIECES):
        for shape in orientations(piece):
            width, height = 1 + max(c for c, _ in shape), 1 + max(r for _, r in shape)
            rows.append([number, base, width, height, *(v for cell in sorted(shape) for v in cell)])
            base += (size - height + 1) * (size - width + 1)
    return np.array(rows, np.int64)


@numba.njit(cache=True)
def fitting(free, bank, shapes, size, out):  # pragma: no cover - compiled
    """The indices of the placements (:func:`shape_table`) of a piece of ``bank`` (a bit mask of
    piece indices) on ``free`` cells, in order, into ``out``; how many. Each row of the board is
    a word of flags, so one shape is tried at every column of a row at once."""
    stride = size + 1
    rows = np.zeros(size, np.int64)
    for j in range(size):
        word = 0
        for c in range(size):
            if free[j * stride + c]:
                word |= 1 << c
        rows[j] = word
    n = 0
    for s in range(shapes.shape[0]):
        if not bank >> shapes[s, 0] & 1:
            continue
        base, width, height = shapes[s, 1], shapes[s, 2], shapes[s, 3]
        across = size - width + 1
        for row in range(size - height + 1):
            fit = (1 << across) - 1
            for k in range(5):
                fit &= rows[row + shapes[s, 5 + 2 * k]] >> shapes[s, 4 + 2 * k]
            col = base + row * across
            while fit:
                if fit & 1:
                    out[n] = col
                    n += 1
                fit >>= 1
                col += 1
    return n


@numba.njit(cache=True)
def all_reach(sea, ships, dropoffs, stride, queue, seen):  # pragma: no cover - compiled
    """Whether every ship (cells in ``ships``) reaches a dropoff through ``sea`` (flags): a search
    from the dropoffs, with the caller's ``queue`` and ``seen`` buffers."""
    seen[:] = 0
    head = tail = 0
    for d in dropoffs:
        if sea[d]:
            seen[d] = 1
            queue[tail] = d
            tail += 1
    n = sea.shape[0]
    while head < tail:
        c = queue[head]
        head += 1
        for step in (1, -1, stride, -stride):
            j = c + step
            if 0 <= j < n and sea[j] and not seen[j]:
                seen[j] = 1
                queue[tail] = j
                tail += 1
    for s in ships:
        if not seen[s]:
            return False
    return True


@numba.njit(cache=True)
def distance_sum(sea, ships, dropoffs, stride, queue, dist):  # pragma: no cover - compiled
    """Each ship's steps to the nearest dropoff through ``sea`` into ``dist`` (-1: none)."""
    dist[:] = -1
    head = tail = 0
    for d in dropoffs:
        if sea[d]:
            dist[d] = 0
            queue[tail] = d
            tail += 1
    n = sea.shape[0]
    while head < tail:
        c = queue[head]
        head += 1
        for step in (1, -1, stride, -stride):
            j = c + step
            if 0 <= j < n and sea[j] and dist[j] < 0:
                dist[j] = dist[c] + 1
                queue[tail] = j
                tail += 1
    return dist[ships]


SELECT, ACTION, SINGLE, OVER = 0, 1, 2, 3
PHASE, ROUND, SEL0, SEL1, SEALED0, SEALED1, TURN, PASSES = range(8)
"""Indices in ``game`` (a playout's state): the phase (:data:`SELECT` ...), the round, each seat's
board (1-3, 0 none), each seat's sealed action (-1 none, 0 pass, ``1 + p`` placement ``p``), whose
turn it is on the last open board and the passes in a row there."""


@numba.njit(cache=True)
def _open_count(banks):  # pragma: no cover - compiled
    n = 0
    for b in range(3):
        if banks[b]:
            n += 1
    return n


@numba.njit(cache=True)
def _random_action(b, covered, banks, placeable, cells, pieces, counts, out):  # pragma: no cover - compiled
    """A uniformly random action on board ``b``: 0 (pass) or ``1 + p``; by rejection, else listed."""
    total = counts[b]
    for _ in range(64):
        p = np.random.randint(total + 1)
        if p == total:
            return 0
        if banks[b] >> pieces[b, p] & 1:
            ok = True
            for k in range(5):
                c = cells[b, p, k]
                if not placeable[b, c] or covered[b, c]:
                    ok = False
                    break
            if ok:
                return 1 + p
    n = 0
    for p in range(total):
        if banks[b] >> pieces[b, p] & 1:
            ok = True
            for k in range(5):
                c = cells[b, p, k]
                if not placeable[b, c] or covered[b, c]:
                    ok = False
                    break
            if ok:
                out[n] = p
                n += 1
    pick = np.random.randint(n + 1)
    return 0 if pick == n else 1 + out[pick]


@numba.njit(cache=True)
def _place(b, side, action, covered, banks, lost, passable, cells, pieces, ships, dropoffs, strides, queue, seen):  # pragma: no cover - compiled
    if action == 0:
        return
    p = action - 1
    for k in range(5):
        covered[b, cells[b, p, k]] = 1
    banks[b] &= ~(1 << pieces[b, p])
    sea = passable[b] & ~covered[b]
    if not all_reach(sea, ships[b], dropoffs[b][dropoffs[b] >= 0], strides[b], queue, seen):
        lost[b] = side
        banks[b] = 0


@numba.njit(cache=True)
def random_playout(game, covered, banks, lost, passable, placeable, cells, pieces, counts, ships, dropoffs, strides,
                   seed, max_moves):  # pragma: no cover - compiled
    """Uniformly random legal moves on the arrays, in place (the Empire first in a sealed window),
    until play ends (``game[PHASE] == OVER``) or ``max_moves`` are played: how many were."""
    np.random.seed(seed)
    out = np.empty(cells.shape[1], np.int64)
    queue = np.empty(passable.shape[1], np.int64)
    seen = np.zeros(passable.shape[1], np.uint8)
    played = 0
    while played < max_moves and game[PHASE] != OVER:
        played += 1
        if game[PHASE] == SELECT:
            first = 0 if game[ROUND] % 2 else 1
            side = first if game[SEL0 + first] == 0 else 1 - first
            other = game[SEL0 + 1 - side]
            choices = np.empty(3, np.int64)
            n = 0
            for b in range(3):
                if banks[b] and b + 1 != other:
                    choices[n] = b + 1
                    n += 1
            pick = choices[np.random.randint(n)]
            game[SEL0 + side] = pick
            if other == 0:
                rest, last = 0, 0
                for b in range(3):
                    if banks[b] and b + 1 != pick:
                        rest += 1
                        last = b + 1
                if rest == 1:
                    game[SEL0 + 1 - side] = last
            if game[SEL0] and game[SEL1]:
                game[PHASE] = ACTION
        elif game[PHASE] == ACTION:
            side = 0 if game[SEALED0] < 0 else 1
            b = game[SEL0 + side] - 1
            game[SEALED0 + side] = _random_action(b, covered, banks, placeable, cells, pieces, counts, out)
            if game[SEALED0] >= 0 and game[SEALED1] >= 0:
                for s in range(2):
                    _place(game[SEL0 + s] - 1, s, game[SEALED0 + s], covered, banks, lost, passable, cells, pieces,
                           ships, dropoffs, strides, queue, seen)
                both_passed = game[SEALED0] == 0 and game[SEALED1] == 0
                game[SEL0] = game[SEL1] = 0
                game[SEALED0] = game[SEALED1] = -1
                game[PASSES] = 0
                if both_passed or _open_count(banks) == 0:
                    game[PHASE] = OVER
                else:
                    game[ROUND] += 1
                    if _open_count(banks) >= 2:
                        game[PHASE] = SELECT
                    else:
                        game[PHASE] = SINGLE
                        game[TURN] = 0 if game[ROUND] % 2 else 1
        else:
            side = game[TURN]
            b = 0
            while not banks[b]:
                b += 1
            action = _random_action(b, covered, banks, placeable, cells, pieces, counts, out)
            _place(b, side, action, covered, banks, lost, passable, cells, pieces, ships, dropoffs, strides, queue, seen)
            ended = action == 0 and game[PASSES] >= 1
            game[PASSES] = game[PASSES] + 1 if action == 0 else 0
            game[TURN] = 1 - side
            if ended or _open_count(banks) == 0:
                game[PHASE] = OVER
    return played
