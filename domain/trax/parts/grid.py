"""Trax on a grid, compiled (numba): the core of the searcher's API (:mod:`domain.trax.parts.position`).

The rules are those of :mod:`~.forced`, :mod:`~.wins` and
:mod:`~.placements`, on a 2-D array of tile codes (0: empty) instead of a dict: a tile is
placed with its forced plays and taken back in place (:func:`place`, :func:`take_back`), the moves
are listed (:func:`listing`), the loops and lines a turn formed are found (:func:`wins`), and
perft and random playouts run without leaving compiled code.

A grid always keeps :data:`MARGIN` empty rows and columns around the tiles, so a forced play and
the patterns it reads never leave the array. A box is ``(top, left, bottom, right)``, inclusive.

A move is one int, ``row << 20 | column << 4 | tile``: the cell as the notation counts it from the
box before the move (column 0 is ``@``, row 0 the row above the box) and the tile code.

>>> grid = np.zeros((9, 9), np.uint8)
>>> grid[4, 4] = 5                                          # @0+ alone
>>> moves = listing(grid, (4, 4, 4, 4), 0)
>>> len(moves), decode(int(moves[0]))                       # A0+ first: row 0, column 1, tile 5
(12, (0, 1, 5))
>>> perft(grid, (4, 4, 4, 4), 2, 0, True)                   # half of perft(3) from the empty board
216
"""

from __future__ import annotations

import numba
import numpy as np

from domain.zobrist import mix
from domain.trax.parts.tiles import CLASH, EDGE, EXIT, FITS, FORCED

MARGIN = 3
"""Empty rows and columns kept around the tiles: a placement lies at most one cell off the box, its
forced plays too, and reading a pattern looks one further."""
LINE = 8
"""How long a box must be for a line (:data:`domain.trax.parts.wins.LINE_LENGTH`)."""

_FITS = np.zeros((256, 6), np.uint8)
_N_FITS = np.zeros(256, np.int64)
for _p in range(256):
    _N_FITS[_p] = len(FITS[_p])
    _FITS[_p, :len(FITS[_p])] = FITS[_p]
_FORCED = np.array(FORCED, np.uint8)
_CLASH = np.array(CLASH, np.bool_)
_EXIT = np.array(EXIT, np.int64)
_EDGE = np.array(EDGE, np.int64)
_STIRS = np.array([[bool(FORCED[p] or CLASH[p]) for p in range(256)]], np.bool_)[0]
_DY = np.array([-1, 0, 1, 0], np.int64)
_DX = np.array([0, 1, 0, -1], np.int64)

ILLEGAL = ("", "occupied", "not_adjacent", "colour_mismatch", "three_edges", "exceeds_8x8")
"""The refusal codes :func:`play` returns, by number (0: played)."""
WHITE_LOOP, WHITE_LINE, RED_LOOP, RED_LINE = 1, 2, 4, 8
"""The bits of what :func:`wins` found."""


def decode(move: int) -> tuple[int, int, int]:
    """``(row, column, tile)`` of a move.

    >>> decode(1 << 20 | 2 << 4 | 5)
    (1, 2, 5)
    """
    return move >> 20, move >> 4 & 0xFFFF, move & 15


@numba.njit(cache=True, inline="always")
def encode(row, column, tile):  # pragma: no cover - compiled
    return row << 20 | column << 4 | tile


@numba.njit(cache=True, inline="always")
def pattern(g, y, x):  # pragma: no cover - compiled
    """The constraint pattern of the empty cell ``(y, x)`` (:func:`domain.trax.parts.board.constraint`)."""
    known = 0
    white = 0
    t = g[y - 1, x]
    if t:
        known = 1
        white = (t >> 2) & 1
    t = g[y, x + 1]
    if t:
        known |= 2
        white |= (t >> 2) & 2
    t = g[y + 1, x]
    if t:
        known |= 4
        white |= (t << 2) & 4
    t = g[y, x - 1]
    if t:
        known |= 8
        white |= (t << 2) & 8
    return known | white << 4


@numba.njit(cache=True)
def place(g, y, x, tile, py, px, qy, qx):  # pragma: no cover - compiled
    """Put ``tile`` on the empty ``(y, x)`` and fill every forced cell; the cells filled go to
    ``py``/``px`` (the placed one first) and their count is returned, or -1 (the grid as it was)
    when a forced play would leave three edges of one colour entering a cell. ``qy``/``qx``: a
    queue at least four times the cells that may be filled, plus four."""
    g[y, x] = tile
    py[0], px[0] = y, x
    n = 1
    q = 0
    for d in range(4):
        qy[q], qx[q] = y + _DY[d], x + _DX[d]
        q += 1
    i = 0
    while i < q:
        cy, cx = qy[i], qx[i]
        i += 1
        if g[cy, cx]:
            continue
        p = pattern(g, cy, cx)
        if _CLASH[p]:
            take_back(g, py, px, n)
            return -1
        f = _FORCED[p]
        if f:
            g[cy, cx] = f
            py[n], px[n] = cy, cx
            n += 1
            for d in range(4):
                qy[q], qx[q] = cy + _DY[d], cx + _DX[d]
                q += 1
    return n


@numba.njit(cache=True, inline="always")
def take_back(g, py, px, n):  # pragma: no cover - compiled
    for k in range(n):
        g[py[k], px[k]] = 0


@numba.njit(cache=True)
def grown(box, py, px, n):  # pragma: no cover - compiled
    """``box`` grown by the ``n`` cells filled."""
    top, left, bottom, right = box
    for k in range(n):
        top, bottom = min(top, py[k]), max(bottom, py[k])
        left, right = min(left, px[k]), max(right, px[k])
    return top, left, bottom, right


@numba.njit(cache=True)
def _follow(g, y, x, side, seen, stamp):  # pragma: no cover - compiled
    """Walk the path leaving ``(y, x)`` by ``side`` to its end: ``(y, x, side, loop)``."""
    sy, sx = y, x
    while True:
        ny, nx = y + _DY[side], x + _DX[side]
        t = g[ny, nx]
        if t == 0:
            return y, x, side, False
        if ny == sy and nx == sx:
            return y, x, side, True
        entry = side ^ 2
        seen[ny, nx, (t >> entry) & 1] = stamp
        y, x, side = ny, nx, _EXIT[t, entry]


@numba.njit(cache=True)
def wins(g, box, py, px, n, lines, seen, stamp):  # pragma: no cover - compiled
    """The loops and lines (bits :data:`WHITE_LOOP` ...) running through the ``n`` cells filled;
    ``box`` the box after them; ``seen`` a ``(rows, columns, 2)`` int array, ``stamp`` a number it
    does not hold yet."""
    top, left, bottom, right = box
    found = 0
    for k in range(n):
        y, x = py[k], px[k]
        t = g[y, x]
        for colour in (1, 0):
            if seen[y, x, colour] == stamp:
                continue
            seen[y, x, colour] = stamp
            mask = t if colour else t ^ 15
            first = 0
            while not mask >> first & 1:
                first += 1
            ay, ax, aside, loop = _follow(g, y, x, first, seen, stamp)
            shift = 0 if colour else 2
            if loop:
                found |= 1 << shift
                continue
            if not lines:
                continue
            by, bx, bside, _ = _follow(g, y, x, _EXIT[t, first], seen, stamp)
            if aside > bside:
                ay, ax, aside, by, bx, bside = by, bx, bside, ay, ax, aside
            if aside == 0 and bside == 2 and bottom - top + 1 >= LINE and ay == top and by == bottom:
                found |= 2 << shift
            elif aside == 1 and bside == 3 and right - left + 1 >= LINE and ax == right and bx == left:
                found |= 2 << shift
    return found


@numba.njit(cache=True)
def _fits(box, max_side):  # pragma: no cover - compiled
    return max_side <= 0 or (box[2] - box[0] + 1 <= max_side and box[3] - box[1] + 1 <= max_side)


@numba.njit(cache=True)
def _scratch(g):  # pragma: no cover - compiled
    size = g.shape[0] * g.shape[1]
    return (np.empty(size, np.int64), np.empty(size, np.int64), np.empty(4 * size + 4, np.int64),
            np.empty(4 * size + 4, np.int64))


@numba.njit(cache=True)
def listing(g, box, max_side):  # pragma: no cover - compiled
    """Every legal move (:func:`encode`, relative to ``box``), row by row, left to right, in the
    order ``+ / \\``; ``g`` is left as it was."""
    top, left, bottom, right = box
    py, px, qy, qx = _scratch(g)
    out = np.empty(3 * (bottom - top + 3) * (right - left + 3), np.int64)
    count = 0
    for y in range(top - 1, bottom + 2):
        for x in range(left - 1, right + 2):
            if g[y, x]:
                continue
            p = pattern(g, y, x)
            if not p & 15:
                continue
            for j in range(_N_FITS[p]):
                tile = _FITS[p, j]
                n = place(g, y, x, tile, py, px, qy, qx)
                if n < 0:
                    continue
                ok = _fits(grown(box, py, px, n), max_side)
                take_back(g, py, px, n)
                if ok:
                    out[count] = encode(y - top + 1, x - left + 1, tile)
                    count += 1
    return out[:count]


@numba.njit(cache=True)
def count_legal(g, box, max_side, py, px, qy, qx):  # pragma: no cover - compiled
    """How many legal moves there are (``g`` left as it was). A tile that forces nothing (no empty
    neighbour would get a forced play or a clash) is legal as it lies, without being placed."""
    top, left, bottom, right = box
    count = 0
    around = np.empty(4, np.int64)
    for y in range(top - 1, bottom + 2):
        for x in range(left - 1, right + 2):
            if g[y, x]:
                continue
            p = pattern(g, y, x)
            if not p & 15:
                continue
            for d in range(4):
                ny, nx = y + _DY[d], x + _DX[d]
                around[d] = -1 if g[ny, nx] else pattern(g, ny, nx)
            inside = max_side <= 0 or _fits((min(top, y), min(left, x), max(bottom, y), max(right, x)), max_side)
            for j in range(_N_FITS[p]):
                tile = _FITS[p, j]
                quiet = True
                for d in range(4):
                    if around[d] >= 0 and _STIRS[around[d] | _EDGE[tile, d]]:
                        quiet = False
                        break
                if quiet:
                    count += inside
                    continue
                n = place(g, y, x, tile, py, px, qy, qx)
                if n < 0:
                    continue
                if max_side <= 0 or _fits(grown(box, py, px, n), max_side):
                    count += 1
                take_back(g, py, px, n)
    return count


@numba.njit(cache=True)
def play(g, box, move, mover, max_side, lines):  # pragma: no cover - compiled
    """Play ``move`` (relative to ``box``) for ``mover`` (0 white, 1 red) on ``g`` in place:
    ``(refusal, wins, new box)``, the refusal an index of :data:`ILLEGAL` (0: played; else ``g``
    is as it was)."""
    top, left, bottom, right = box
    y, x, tile = (move >> 20) + top - 1, (move >> 4 & 0xFFFF) + left - 1, move & 15
    if y < top - 1 or y > bottom + 1 or x < left - 1 or x > right + 1:
        return 2, 0, box
    if g[y, x]:
        return 1, 0, box
    p = pattern(g, y, x)
    if not p & 15:
        return 2, 0, box
    fitting = False
    for j in range(_N_FITS[p]):
        fitting = fitting or _FITS[p, j] == tile
    if not fitting:
        return 3, 0, box
    py, px, qy, qx = _scratch(g)
    n = place(g, y, x, tile, py, px, qy, qx)
    if n < 0:
        return 4, 0, box
    after = grown(box, py, px, n)
    if not _fits(after, max_side):
        take_back(g, py, px, n)
        return 5, 0, box
    seen = np.zeros((g.shape[0], g.shape[1], 2), np.int64)
    return 0, wins(g, after, py, px, n, lines, seen, 1), after


@numba.njit(cache=True)
def winner_of(found, mover):  # pragma: no cover - compiled
    """The seat (0 white, 1 red) the wins ``found`` by ``mover``'s turn make the winner, -1: none.
    The mover wins if any is its own (white's are the low bits)."""
    mine = found & 3 if mover == 0 else found >> 2 & 3
    theirs = found >> 2 & 3 if mover == 0 else found & 3
    if mine:
        return mover
    if theirs:
        return 1 - mover
    return -1


def _perft(g, box, depth, max_side, lines, py, px, qy, qx, seen, stamp):  # pragma: no cover - compiled
    if depth == 1:
        return count_legal(g, box, max_side, py, px, qy, qx)
    top, left, bottom, right = box
    total = 0
    for y in range(top - 1, bottom + 2):
        for x in range(left - 1, right + 2):
            if g[y, x]:
                continue
            p = pattern(g, y, x)
            if not p & 15:
                continue
            for j in range(_N_FITS[p]):
                n = place(g, y, x, _FITS[p, j], py, px, qy, qx)
                if n < 0:
                    continue
                after = grown(box, py, px, n)
                if _fits(after, max_side):
                    stamp[0] += 1
                    if not wins(g, after, py, px, n, lines, seen, stamp[0]):
                        total += _perft(g, after, depth - 1, max_side, lines, py[n:], px[n:], qy, qx,
                                        seen, stamp)
                take_back(g, py, px, n)
    return total


_perft = numba.njit(cache=True)(_perft)


@numba.njit(cache=True)
def perft(g, box, depth, max_side, lines):  # pragma: no cover - compiled
    """How many move sequences of ``depth`` moves there are from ``g`` (tiles in play, ``g`` with
    room for ``depth`` turns around ``box``); a won position has no moves."""
    if depth == 0:
        return 1
    size = g.shape[0] * g.shape[1]
    py, px = np.empty(size * (depth + 1), np.int64), np.empty(size * (depth + 1), np.int64)
    qy, qx = np.empty(4 * size + 4, np.int64), np.empty(4 * size + 4, np.int64)
    seen = np.zeros((g.shape[0], g.shape[1], 2), np.int64)
    return _perft(g, box, depth, max_side, lines, py, px, qy, qx, seen, np.zeros(1, np.int64))


@numba.njit(cache=True)
def _recentred(g, box):  # pragma: no cover - compiled
    """A grid with the tiles of ``g`` in its middle, large enough for many turns, and their box."""
    top, left, bottom, right = box
    h, w = bottom - top + 1, right - left + 1
    size = max(g.shape[0], g.shape[1], 2 * max(h, w) + 8 * MARGIN)
    new = np.zeros((size, size), np.uint8)
    oy, ox = (size - h) // 2, (size - w) // 2
    for y in range(h):
        for x in range(w):
            new[oy + y, ox + x] = g[top + y, left + x]
    return new, (oy, ox, oy + h - 1, ox + w - 1)


@numba.njit(cache=True)
def random_playout(g, box, mover, max_side, lines, seed, max_moves):  # pragma: no cover - compiled
    """Uniformly random legal moves from ``g`` (``mover`` to move) until the game ends or
    ``max_moves`` are played: ``(winner, reason, moves, grid, box, mover)`` with winner 0 white, 1
    red, 2 a draw (no legal move), -1 none yet; reason 1 a loop, 2 a line. A move is drawn among
    every tile fitting its neighbours and refused ones are drawn again: uniform among the legal
    ones, with no listing of them all."""
    np.random.seed(seed)
    g, box = _recentred(g, box)
    size = g.shape[0] * g.shape[1]
    py, px, qy, qx = np.empty(size, np.int64), np.empty(size, np.int64), np.empty(4 * size + 4, np.int64), np.empty(
        4 * size + 4, np.int64)
    cy, cx, ct = np.empty(3 * size, np.int64), np.empty(3 * size, np.int64), np.empty(3 * size, np.uint8)
    seen = np.zeros((g.shape[0], g.shape[1], 2), np.int64)
    played = 0
    while played < max_moves:
        top, left, bottom, right = box
        if top < MARGIN + 1 or left < MARGIN + 1 or bottom > g.shape[0] - MARGIN - 2 or right > g.shape[1] - MARGIN - 2:
            g, box = _recentred(g, box)
            size = g.shape[0] * g.shape[1]
            if py.shape[0] < size:
                py, px = np.empty(size, np.int64), np.empty(size, np.int64)
                qy, qx = np.empty(4 * size + 4, np.int64), np.empty(4 * size + 4, np.int64)
                cy, cx, ct = np.empty(3 * size, np.int64), np.empty(3 * size, np.int64), np.empty(3 * size, np.uint8)
                seen = np.zeros((g.shape[0], g.shape[1], 2), np.int64)
            top, left, bottom, right = box
        count = 0
        for y in range(top - 1, bottom + 2):
            for x in range(left - 1, right + 2):
                if g[y, x]:
                    continue
                p = pattern(g, y, x)
                if not p & 15:
                    continue
                for j in range(_N_FITS[p]):
                    cy[count], cx[count], ct[count] = y, x, _FITS[p, j]
                    count += 1
        n = -1
        after = box
        while count > 0:
            i = np.random.randint(count)
            n = place(g, cy[i], cx[i], ct[i], py, px, qy, qx)
            if n >= 0:
                after = grown(box, py, px, n)
                if _fits(after, max_side):
                    break
                take_back(g, py, px, n)
                n = -1
            count -= 1
            cy[i], cx[i], ct[i] = cy[count], cx[count], ct[count]
        if n < 0:
            return 2, 0, played, g, box, mover
        played += 1
        box = after
        found = wins(g, box, py, px, n, lines, seen, played)
        if found:
            winner = winner_of(found, mover)
            own = found & 3 if winner == 0 else found >> 2 & 3
            return winner, 1 if own & 1 else 2, played, g, box, 1 - mover
        mover = 1 - mover
    return -1, 0, played, g, box, mover


@numba.njit(cache=True)
def zobrist(g, turn, variant):  # pragma: no cover - compiled
    """A 64-bit key of the tiles of ``g`` (a position's stored grid: the box and a margin of one),
    the seat to move and the variant: XOR of a SplitMix64 value per (row, column, tile), so equal
    positions have equal keys in every process."""
    key = mix(np.uint64(turn + 1) * np.uint64(0x9E3779B97F4A7C15)) ^ mix(np.uint64(variant + 7))
    for y in range(g.shape[0]):
        for x in range(g.shape[1]):
            if g[y, x]:
                key ^= mix(np.uint64((y << 24 | x << 4 | g[y, x]) + 1))
    return key


@numba.njit(cache=True)
def features(g, lines):  # pragma: no cover - compiled
    """The features of :mod:`domain.trax.parts.evaluation` of red (row 0) and white (row 1): how many
    open paths have their two ends (the empty cells they enter) 1, 2 and 3 steps apart, and their
    progress towards a line; a loop counts 4 in the first. ``g`` has a margin of one at least."""
    found = np.zeros((2, 4))
    seen = np.zeros((g.shape[0], g.shape[1], 2), np.int64)
    for y in range(g.shape[0]):
        for x in range(g.shape[1]):
            t = g[y, x]
            if not t:
                continue
            for colour in (1, 0):
                if seen[y, x, colour]:
                    continue
                seen[y, x, colour] = 1
                mask = t if colour else t ^ 15
                first = 0
                while not mask >> first & 1:
                    first += 1
                ay, ax, aside, loop = _follow(g, y, x, first, seen, 1)
                if loop:
                    found[colour, 0] += 4
                    continue
                by, bx, bside, _ = _follow(g, y, x, _EXIT[t, first], seen, 1)
                dy = abs((ay + _DY[aside]) - (by + _DY[bside]))
                dx = abs((ax + _DX[aside]) - (bx + _DX[bside]))
                if dx + dy <= 3:
                    found[colour, dx + dy - 1] += 1
                if lines and max(dx, dy) >= 5:
                    found[colour, 3] += (max(dx, dy) - 4) ** 2 / 16
    return found
