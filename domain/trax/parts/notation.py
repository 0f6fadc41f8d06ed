"""Standard Trax notation: ``<column><row><tile>``, relative to the bounding box before the move.

Columns are ``@`` (the empty column left of the box), ``A`` (the leftmost occupied column), ``B``
... ``Z``, ``AA``, ``AB`` ... (bijective base 26); rows are ``0`` (the empty row above the box),
``1`` (the top row), ``2`` ...; the highest usable label is one past the right or bottom edge.
The tile is ``+``, ``/`` or ``\\``.

>>> parse_move("b1+")
Move(column=2, row=1, symbol='+')
>>> format_move(Move(column=27, row=0, symbol="/"))
'AA0/'
>>> column_label(0), column_label(26), column_label(27), column_index("AZ"), column_index("BA")
('@', 'Z', 'AA', 52, 53)
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

import msgspec

from domain.errors import InvalidCommand
from domain.trax.parts.board import STRIDE, Box, key_of, xy_of
from domain.trax.parts.tiles import SYMBOLS

MOVE_FORM = "column, row and tile, like B1+, A2/ or @3\\"
_MOVE = re.compile(r"(@|[A-Z]{1,6})(0|[1-9][0-9]{0,7})([+/\\])")


class Move(msgspec.Struct, frozen=True):
    """A move as written: column index (``@`` is 0), row index and tile symbol."""

    column: int
    row: int
    symbol: str


@functools.cache
def column_label(index: int) -> str:
    """The column label of index ``index`` (``@`` is 0, ``A`` is 1, ``AA`` is 27)."""
    label = ""
    while index > 0:
        index, digit = divmod(index - 1, 26)
        label = chr(ord("A") + digit) + label
    return label or "@"


def column_index(label: str) -> int:
    """The index of a column label (the inverse of :func:`column_label`)."""
    index = 0
    for letter in label.upper().lstrip("@"):
        index = index * 26 + ord(letter) - ord("A") + 1
    return index


def parse_move(text: str) -> Move:
    """Read a move; column letters may be in either case. Raises ``InvalidCommand("bad_notation")``."""
    found = _MOVE.fullmatch(text.strip().upper()) if isinstance(text, str) else None
    if found is None:
        raise InvalidCommand(
            "bad_notation",
            f"{text!r} is not a Trax move. Write {MOVE_FORM}: the column is @, A, B, ... counted from the left "
            f"edge of the tiles in play, the row is 0, 1, 2, ... counted from the top, and the tile is one of "
            f"{' '.join(SYMBOLS)}.",
        )
    column, row, symbol = found.groups()
    return Move(column_index(column), int(row), symbol)


def format_move(move: Move) -> str:
    return f"{column_label(move.column)}{move.row}{move.symbol}"


def cell_at(box: Box | None, column: int, row: int) -> int:
    """The cell a move names. On the empty board ``@0`` is the first cell, at ``x = y = 0``."""
    if box is None:
        return key_of(column, row)
    return key_of(box.left - 1 + column, box.top - 1 + row)


def cell_label(box: Box | None, key: int) -> str:
    """The name of a cell relative to ``box``, e.g. ``B2``.

    >>> cell_label(Box(0, 0, 0, 0), key_of(1, 1))
    'B2'
    """
    x, y = xy_of(key)
    if box is None:
        return f"{column_label(x)}{y}"
    return f"{column_label(x - box.left + 1)}{y - box.top + 1}"


def cell_labeller(box: Box | None) -> Callable[[int], str]:
    """:func:`cell_label` for many cells of one box (the labels of its columns and rows are made once).

    >>> cell_labeller(Box(0, 0, 0, 0))(key_of(1, 1))
    'B2'
    """
    if box is None:
        return functools.partial(cell_label, None)
    columns = [column_label(index) for index in range(box.width + 2)]
    rows = [str(index) for index in range(box.height + 2)]
    top, left = divmod(key_of(box.left - 1, box.top - 1), STRIDE)  # the cell @0, as stored

    def label(key: int) -> str:
        y, x = divmod(key, STRIDE)
        return columns[x - left] + rows[y - top]

    return label


def last_labels(box: Box | None) -> tuple[str, int]:
    """The highest usable column label and row number (one past the right and bottom edges)."""
    if box is None:
        return "@", 0
    return column_label(box.width + 1), box.height + 1
