"""The Duorail track solver: does a track of a colour exist, and which is the longest?

Both questions are answered exactly by one frontier dynamic programme over the 9×9 board
(:mod:`domain.duorail.parts.solver_dp` explains its bracket-encoded states), compiled with numba:

- the position becomes, per cell, the set of exit masks a track may use there: any shape or
  nothing on an empty cell, exactly the piece's shape on a piece of the track's colour or a common
  piece (they must be on the track), nothing on the opponent's pieces; shapes leaving the board are
  dropped, and a cheap arc-consistency pass removes shapes that no neighbour can match (if a cell
  is left with no possibility at all, there is no track and the DP does not run);
- the DP walks the cells in reading order keeping, for every frontier state, the longest partial
  track; a loop may close only when no other path is open and no mandatory cell comes later.
  :func:`find_track` stops at the first closed loop, :func:`longest_track` runs to the end.

Every answer comes with a witness: the track's cells in loop order, starting with its first cell in
reading order (see :func:`domain.duorail.parts.track.format_track` to print it).

The first call in a process compiles the DP (about 4–5 s) or, usually, loads it from numba's on-disk
cache (about 0.2 s); :func:`warm_up` does that ahead of time. After that an answer takes about a
millisecond at most (``bench/duorail_solver.py``).

>>> from domain.duorail.parts.track import format_track, track_problem
>>> pieces = {"B2": ("blue", "UD"), "E5": ("red", "LR"), "C2": ("common", "UD")}
>>> format_track(find_track(pieces, "blue"))
'A1 RDDDLUUU'
>>> track = longest_track(pieces, "blue")
>>> len(track), track_problem(pieces, "blue", track), len(longest_track({}, "red"))
(80, None, 80)
>>> find_track(pieces, "red") is None  # C2 must join B2, which is blue's
True
"""

from __future__ import annotations

import functools

import numpy as np

from domain.duorail.parts import solver_dp as dp
from domain.duorail.parts.track import CELLS, INDEX, PLAYER_COLOURS, SIZE, Pieces, is_mandatory, other_colour, parse_shape

EXIT_BIT = {"U": dp.U, "D": dp.D, "L": dp.L, "R": dp.R}
ON_TRACK_MASKS = (dp.UD, dp.LR, dp.UR, dp.RD, dp.DL, dp.LU)
"""The six exit masks of a cell on a track (the six shapes)."""

_NEIGHBOURS = ((dp.U, -1, 0), (dp.D, 1, 0), (dp.L, 0, -1), (dp.R, 0, 1))
"""Each exit bit with its row and column step."""

_tables: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None


def state_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The DP's state tables (built once per process), for the solver and :mod:`domain.duorail.lengths`."""
    global _tables
    if _tables is None:
        _tables = dp.bracket_states()
    return _tables


def shape_mask(shape: str) -> int:
    """The exit mask of a shape: ``UD`` is ``U | D`` = 3.

    >>> shape_mask("UD"), shape_mask("ru")
    (3, 9)
    """
    return sum(EXIT_BIT[e] for e in parse_shape(shape))


def _inside(row: int, column: int) -> bool:
    return 0 <= row < SIZE and 0 <= column < SIZE


def _on_board(mask: int, k: int) -> bool:
    """Whether every exit of ``mask`` on cell ``k`` leads to a cell of the board."""
    row, column = divmod(k, SIZE)
    return all(_inside(row + dr, column + dc) for bit, dr, dc in _NEIGHBOURS if mask & bit)


_FREE = tuple(1 << dp.NONE | sum(1 << m for m in ON_TRACK_MASKS if _on_board(m, k)) for k in range(len(CELLS)))
"""Per cell, the masks allowed on an empty cell: off the track, or any shape that stays on the board."""


@functools.cache
def _piece_bits(k: int, shape: str) -> int:
    """The one mask a piece of ``shape`` on cell ``k`` allows a track (none when it leaves the
    board); kept per cell and shape: the bots ask it for every piece of thousands of positions."""
    mask = shape_mask(shape)
    return 1 << mask if _on_board(mask, k) else 0


def allowed_masks(pieces: Pieces, colour: str) -> tuple[list[int], int]:
    """Per cell, the bit set of exit masks a track of ``colour`` may use there (bit ``m`` for exit
    mask ``m``; bit 0: off the track), and the index of the last cell the track must visit (-1 if
    none).

    >>> allowed, last = allowed_masks({"A1": ("blue", "RD"), "A2": ("red", "LR")}, "blue")
    >>> allowed[0] == 1 << shape_mask("RD"), allowed[1] == 1, last
    (True, True, 0)
    """
    opponent = other_colour(colour)
    allowed, last = list(_FREE), -1
    for cell, (piece_colour, shape) in pieces.items():
        k = INDEX[cell.upper()]
        if is_mandatory(piece_colour, colour):
            allowed[k] = _piece_bits(k, shape)
            last = max(last, k)
        elif piece_colour == opponent:
            allowed[k] = 1 << dp.NONE
        else:
            raise ValueError(f"unknown piece colour {piece_colour!r} on {cell}")
    return allowed, last


_WALK = ((dp.R, 1), (dp.D, SIZE), (dp.L, -1), (dp.U, -SIZE))
"""Exit bits and index steps; the walk leaves the first cell (a bend ``RD``) to the right."""


def _loop_from_exits(exits: np.ndarray) -> list[str]:
    """The cells of the track whose exit masks are ``exits``, in loop order from its first cell in
    reading order (so the loop runs clockwise)."""
    start = next(k for k in range(len(CELLS)) if exits[k])
    loop, previous, here = [], -1, start
    while True:
        loop.append(CELLS[here])
        step = next(step for bit, step in _WALK if exits[here] & bit and here + step != previous)
        previous, here = here, here + step
        if here == start:
            return loop


def _solve(pieces: Pieces, colour: str, stop_at_first: bool) -> list[str] | None:
    if colour not in PLAYER_COLOURS:
        raise ValueError(f"a track's colour is 'blue' or 'red', not {colour!r}")
    masks, last = allowed_masks(pieces, colour)
    allowed = np.array(masks, np.int32)
    if not dp.propagate(allowed):
        return None
    length, exits = dp.solve(allowed, last, stop_at_first, *state_tables())
    return _loop_from_exits(exits) if length else None


def find_track(pieces: Pieces, colour: str) -> list[str] | None:
    """A track of ``colour`` (``blue`` or ``red``) in this position, as its cells in loop order, or
    None if there is none. Exact: None means no track exists.

    >>> from domain.duorail.parts.track import track_problem
    >>> pieces = {"E5": ("blue", "LR"), "D5": ("red", "UD")}
    >>> track = find_track(pieces, "blue")
    >>> track_problem(pieces, "blue", track) is None, find_track(pieces, "red")
    (True, None)
    """
    return _solve(pieces, colour, stop_at_first=True)


def longest_track(pieces: Pieces, colour: str) -> list[str] | None:
    """A longest track of ``colour`` in this position (cells in loop order), or None if there is none.

    >>> len(longest_track({"A2": ("red", "UD")}, "blue"))  # A1 is cut off: 79 cells left, the parity allows 78
    78
    """
    return _solve(pieces, colour, stop_at_first=False)


def warm_up() -> None:
    """Compile (or load from numba's cache) the DP now rather than at the first question."""
    state_tables()
    longest_track({}, "blue")
