"""Is the track complete? Every rail end meets a rail end of its neighbour, and all the tiles on
the board form one single closed circuit that passes every tile -- a crossroads twice, once
along each bar.

The circuit is followed rail by rail: a *segment* is a tile's rail (one per tile, two per
crossroads); the track is complete when every end is joined and following the rails from any
segment comes back to it after visiting every segment.

>>> from domain.monunrail.parts.board import grid
>>> from domain.monunrail.parts.tiles import UD, RD, DL, UR, LU, CROSS
>>> g = grid(3, 3)
>>> ring = {0: RD, 1: 10, 2: DL, 3: UD, 5: UD, 6: UR, 7: 10, 8: LU}
>>> board = tuple(ring.get(i, 0) for i in range(9))
>>> is_complete(board, g), incompleteness(board, g)
(True, None)
>>> incompleteness(board[:8] + (0,), g)
'the rail of C2 faces the empty cell C3'
"""

from __future__ import annotations

from domain.monunrail.parts.board import Board, Grid
from domain.monunrail.parts.tiles import CROSS, OPPOSITE, SIDES, STEP, L, U

_SIDE_WORD = {1: "top", 2: "right", 4: "bottom", 8: "left"}


def open_end(board: Board, g: Grid) -> tuple[int, int] | None:
    """The first ``(cell, side)`` whose rail end meets no rail end, in reading order, or ``None``."""
    for i, code in enumerate(board):
        if not code:
            continue
        for side in SIDES:
            if code & side:
                j = g.neighbours[i][side]
                if j is None or not board[j] & OPPOSITE[side]:
                    return i, side
    return None


def dead_end(board: Board, g: Grid) -> tuple[int, int] | None:
    """The first ``(cell, side)`` whose rail end no tile can ever meet -- it faces the board's edge
    or a tile's side without rail -- in reading order, or ``None``.

    >>> from domain.monunrail.parts.board import grid
    >>> from domain.monunrail.parts.tiles import LR, UD
    >>> dead_end((LR,) + (0,) * 8, grid(3, 3)), dead_end((0, 0, 0, 0, LR, UD, 0, 0, 0), grid(3, 3))
    ((0, 8), (4, 2))
    """
    for i, code in enumerate(board):
        for side in SIDES:
            if code & side:
                j = g.neighbours[i][side]
                if j is None or (board[j] and not board[j] & OPPOSITE[side]):
                    return i, side
    return None


def closed_circuit(board: Board, g: Grid) -> int | None:
    """A cell on a closed circuit of rails -- every rail end along it joined, so no tile can ever
    join it -- or ``None``. (A complete track is one; so is any closed loop among more tiles.)

    >>> from domain.monunrail.parts.board import grid
    >>> from domain.monunrail.parts.tiles import DL, LU, RD, UR
    >>> closed_circuit((RD, DL, 0, UR, LU, 0, 0, 0, 0), grid(3, 3)), closed_circuit((RD, DL, 0) + (0,) * 6, grid(3, 3))
    (0, None)
    """
    for start, code in enumerate(board):
        rails = code & 15
        for first in ((U, L) if rails == CROSS else (rails & -rails,) if rails else ()):
            i, entered = start, first  # follow the segment out of its other end
            for _ in range(2 * len(board)):
                out = OPPOSITE[entered] if board[i] & 15 == CROSS else (board[i] & 15) & ~entered
                j = g.neighbours[i][out]
                if j is None or not board[j] & OPPOSITE[out]:
                    break
                i, entered = j, OPPOSITE[out]
                if (i, entered) == (start, first):
                    return start
    return None


def _next(board: Board, g: Grid, i: int, entered: int) -> tuple[int, int]:
    """Following a rail that enters cell ``i`` through side ``entered``: the next cell and the side
    it is entered through."""
    code = board[i]
    out = OPPOSITE[entered] if code & 15 == CROSS else (code & 15) & ~entered
    j = g.neighbours[i][out]
    assert j is not None
    return j, OPPOSITE[out]


def circuit_segments(board: Board, g: Grid) -> int:
    """The number of segments on the circuit through the first tile (every end must be joined)."""
    start = next(i for i, code in enumerate(board) if code)
    first_side = next(s for s in SIDES if board[start] & s)
    i, entered = start, first_side
    count = 0
    while True:
        i, entered = _next(board, g, i, entered)
        count += 1
        if i == start and entered == first_side:
            return count


def is_complete(board: Board, g: Grid) -> bool:
    """True when every tile lies on one closed circuit through every segment."""
    return incompleteness(board, g) is None


def incompleteness(board: Board, g: Grid) -> str | None:
    """Why the track is not complete, in words, or ``None`` when it is."""
    if not any(board):
        return "there are no tiles"
    end = open_end(board, g)
    if end is not None:
        i, side = end
        j = g.neighbours[i][side]
        where = ("the edge of the board" if j is None else f"the empty cell {g.name(j)}" if not board[j]
                 else f"a side of {g.name(j)} without rail")
        return f"the rail of {g.name(i)} faces {where}"
    segments = sum(2 if code & 15 == CROSS else 1 for code in board if code)
    on_circuit = circuit_segments(board, g)
    if on_circuit != segments:
        return f"the tiles form more than one circuit ({on_circuit} of {segments} rails on the first)"
    return None


__all__ = ["STEP", "circuit_segments", "closed_circuit", "dead_end", "incompleteness", "is_complete", "open_end"]
