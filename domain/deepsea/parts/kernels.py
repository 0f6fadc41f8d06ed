"""The compiled kernels of Deep Sea Voyage's searcher's position (:mod:`~.position`): which
placements fit a board, and random playouts of whole games.

A board's cells are bits ``row * (size + 1) + column`` (:class:`~.board.Board`'s masks: a spare
column stops a row from wrapping into the next), here as arrays of flags; a placement is an index
in :func:`~.pentominoes.all_placements` (``cells[p]``: its five cells, ``pieces[p]``: its piece).
"""

from __future__ import annotations

import numba


@numba.njit(cache=True)
def fitting(free, bank, cells, pieces, out):  # pragma: no cover - compiled
    """The placements of a piece of ``bank`` (a bit mask of piece indices) on ``free`` cells, into
    ``out``; how many."""
    n = 0
    for p in range(cells.shape[0]):
        if not bank >> pieces[p] & 1:
            continue
        if free[cells[p, 0]] and free[cells[p, 1]] and free[cells[p, 2]] and free[cells[p, 3]] and free[cells[p, 4]]:
            out[n] = p
            n += 1
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
