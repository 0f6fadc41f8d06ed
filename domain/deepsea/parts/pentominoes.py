"""The twelve pentominoes, their rotations and reflections, and placements as players write them.

A placement names the piece and its five cells: ``T on A13, A12, A11, B12, C12``. The cells must
form that piece in some rotation or reflection; their order does not matter.

>>> p = parse_placement("t on a13, A12, A11, B12, C12", size=13)
>>> p.piece, p.cells
('T', ('A11', 'A12', 'A13', 'B12', 'C12'))
>>> format_placement(p)
'T on A11, A12, A13, B12, C12'
>>> sum(len(orientations(piece)) for piece in PIECES)
63
"""

from __future__ import annotations

from collections.abc import Iterable

import re
from functools import cache

import msgspec

from domain.deepsea.parts.board import cell_index, cell_name
from domain.errors import IllegalMove, InvalidCommand

Shape = frozenset[tuple[int, int]]
"""Cells as (column, row) offsets, normalised so the smallest column and row are 0."""

DRAWINGS = {
    "F": (".XX", "XX.", ".X."),
    "I": ("XXXXX",),
    "L": ("X.", "X.", "X.", "XX"),
    "N": (".X", ".X", "XX", "X."),
    "P": ("XX", "XX", "X."),
    "T": ("XXX", ".X.", ".X."),
    "U": ("X.X", "XXX"),
    "V": ("X..", "X..", "XXX"),
    "W": ("X..", "XX.", ".XX"),
    "X": (".X.", "XXX", ".X."),
    "Y": (".X", "XX", ".X", ".X"),
    "Z": ("XX.", ".X.", ".XX"),
}
PIECES = tuple(sorted(DRAWINGS))
"""``F I L N P T U V W X Y Z``: every board's bank holds one of each."""


class Placement(msgspec.Struct, frozen=True):
    """A pentomino on five cells (sorted, column then row)."""

    piece: str
    cells: tuple[str, ...]


def normalise(cells: Iterable[tuple[int, int]]) -> Shape:
    min_col = min(c for c, _ in cells)
    min_row = min(r for _, r in cells)
    return frozenset((c - min_col, r - min_row) for c, r in cells)


def _drawn(piece: str) -> Shape:
    rows = DRAWINGS[piece]
    return normalise({(c, len(rows) - 1 - r) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch == "X"})


@cache
def orientations(piece: str) -> tuple[Shape, ...]:
    """Every distinct rotation and reflection of ``piece`` (1 for X, 2 for I, up to 8)."""
    shape, found = _drawn(piece), []
    for _ in range(2):
        for _ in range(4):
            shape = normalise({(r, -c) for c, r in shape})
            if shape not in found:
                found.append(shape)
        shape = normalise({(-c, r) for c, r in shape})
    return tuple(found)


@cache
def _shape_names() -> dict[Shape, str]:
    return {shape: piece for piece in PIECES for shape in orientations(piece)}


def piece_of(indices: list[int] | tuple[int, ...], size: int) -> str | None:
    """The pentomino five cell indices form, or ``None``."""
    if len(set(indices)) != 5:
        return None
    return _shape_names().get(normalise({(i % size, i // size) for i in indices}))


PLACEMENT = re.compile(r"^\s*([A-Za-z])\s+on\s+(.+)$", re.IGNORECASE)


def parse_placement(text: str, size: int) -> Placement:
    """A placement written ``T on A13, A12, A11, B12, C12`` on a board of ``size``; the cells must
    form the piece named. Raises ``InvalidCommand("bad_placement")`` or ``IllegalMove("wrong_shape")``."""
    found = PLACEMENT.match(text)
    if found is None:
        raise InvalidCommand("bad_placement", f"{text!r} is not a placement; write the piece and its five cells, "
                                              "like 'T on A13, A12, A11, B12, C12'.")
    piece = found.group(1).upper()
    if piece not in DRAWINGS:
        raise InvalidCommand("bad_placement", f"There is no pentomino {piece}; they are {' '.join(PIECES)}.")
    names = found.group(2).replace(",", " ").split()
    indices = [cell_index(name, size) for name in names]
    if len(indices) != 5 or len(set(indices)) != 5:
        raise InvalidCommand("bad_placement", f"A pentomino covers five different cells; {len(set(indices))} given.")
    formed = piece_of(indices, size)
    if formed != piece:
        shape = f"they form {formed}" if formed else "they are not a pentomino"
        raise IllegalMove("wrong_shape", f"Those cells do not form {piece} in any rotation or reflection ({shape}).")
    return Placement(piece=piece, cells=_sorted_cells(indices, size))


def _sorted_cells(indices: Iterable[int], size: int) -> tuple[str, ...]:
    return tuple(cell_name(i, size) for i in sorted(indices, key=lambda i: (i % size, i // size)))


def format_placement(placement: Placement) -> str:
    return f"{placement.piece} on {', '.join(placement.cells)}"


@cache
def all_placements(size: int) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Every (piece, cell indices) that fits inside a ``size`` board, ignoring what is on it."""
    found = []
    for piece in PIECES:
        for shape in orientations(piece):
            width = 1 + max(c for c, _ in shape)
            height = 1 + max(r for _, r in shape)
            for row in range(size - height + 1):
                for col in range(size - width + 1):
                    found.append((piece, tuple((row + r) * size + col + c for c, r in sorted(shape))))
    return tuple(found)


def placement_of(piece: str, indices: tuple[int, ...], size: int) -> Placement:
    return Placement(piece=piece, cells=_sorted_cells(indices, size))
