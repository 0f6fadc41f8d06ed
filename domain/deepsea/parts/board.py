"""Deep Sea Voyage boards: cells, the text and JSON layouts, and the board as bit masks.

A board is square, 13 to 18 cells a side. Columns are letters from ``A`` (left), rows numbers from
``1`` at the bottom, as in chess. The text layout lists the rows top first, one character a cell::

    .  empty      #  wall      C  channel      D  dropoff
    R  red start  W  white start (Empire)      B  blue start  K  black start (Marauder)

Spaces inside a row are ignored, so a layout may be written ``. . # C``. The JSON layout names the
special cells instead: ``{"size": 13, "walls": ["A1", ...], "channels": [...], "dropoffs": [...],
"ships": {"red": "B2", "white": ..., "blue": ..., "black": ...}}``.

>>> b = parse_text('''
... R....D....W..
... ''' + ".............\\n" * 11 + "B....D....K..")
>>> b.size, b.ships["red"], b.ships["black"], sorted(b.dropoffs)
(13, 'A13', 'K1', ['F1', 'F13'])
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property

import msgspec

from domain.errors import InvalidCommand

MIN_SIZE, MAX_SIZE = 13, 18
SHIPS = ("red", "white", "blue", "black")
SIDE_SHIPS = {"empire": ("red", "white"), "marauder": ("blue", "black")}
SHIP_LETTERS = {"R": "red", "W": "white", "B": "blue", "K": "black"}
EMPTY, WALL, CHANNEL, DROPOFF, START = ".", "#", "C", "D", "S"
"""Terrain kinds; ``START`` marks a ship's start cell in :attr:`Board.terrain`."""


class BoardLayout(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The JSON form of a board (see the module docstring)."""

    size: int
    ships: dict[str, str]
    dropoffs: list[str]
    walls: list[str] = []
    channels: list[str] = []


def cell_name(index: int, size: int) -> str:
    """``A1`` is index 0 (bottom left); indices run along a row, rows bottom up.

    >>> cell_name(0, 13), cell_name(12, 13), cell_name(13 * 13 - 13, 13)
    ('A1', 'M1', 'A13')
    """
    row, col = divmod(index, size)
    return f"{chr(ord('A') + col)}{row + 1}"


def cell_index(name: str, size: int) -> int:
    """The index of a cell written ``A1``..``R18`` (any case); ``InvalidCommand("bad_cell")`` else.

    >>> cell_index("b1", 13), cell_index("A2", 13)
    (1, 13)
    """
    text = name.strip().upper()
    if len(text) < 2 or not text[0].isalpha() or not text[1:].isdigit():
        raise InvalidCommand("bad_cell", f"{name!r} is not a cell: write a column letter and a row number, like C7.")
    col, row = ord(text[0]) - ord("A"), int(text[1:]) - 1
    if not (0 <= col < size and 0 <= row < size):
        last = cell_name(size * size - 1, size)
        raise InvalidCommand("bad_cell", f"{text} is off the board; cells run from A1 to {last}.")
    return row * size + col


class Board(msgspec.Struct, frozen=True, dict=True):
    """A starting configuration: ``terrain`` has one character per cell in index order (see
    :func:`cell_name`), ``ships`` each ship's start cell. ``Board`` is immutable; its masks are
    computed once (bit ``row * (size + 1) + col``: a spare column stops shifts from wrapping)."""

    size: int
    terrain: str
    ships: dict[str, str]

    @property
    def dropoffs(self) -> list[str]:
        return [cell_name(i, self.size) for i, kind in enumerate(self.terrain) if kind == DROPOFF]

    def kind(self, index: int) -> str:
        return self.terrain[index]

    def bit(self, index: int) -> int:
        """The mask bit of the cell at ``index``."""
        row, col = divmod(index, self.size)
        return 1 << (row * (self.size + 1) + col)

    def mask_of(self, cells: list[str] | tuple[str, ...]) -> int:
        mask = 0
        for cell in cells:
            mask |= self.bit(cell_index(cell, self.size))
        return mask

    @cached_property
    def width(self) -> int:
        """The row stride of the masks."""
        return self.size + 1

    @cached_property
    def passable(self) -> int:
        """Cells a ship may cross before any pentomino is placed (everything but walls)."""
        return self._mask_where(lambda kind: kind != WALL)

    @cached_property
    def placeable(self) -> int:
        """Empty cells: the only ones a pentomino may cover."""
        return self._mask_where(lambda kind: kind == EMPTY)

    @cached_property
    def dropoff_mask(self) -> int:
        return self._mask_where(lambda kind: kind == DROPOFF)

    @cached_property
    def ship_bits(self) -> dict[str, int]:
        return {ship: self.bit(cell_index(cell, self.size)) for ship, cell in self.ships.items()}

    def _mask_where(self, wanted: Callable[[str], bool]) -> int:
        mask = 0
        for index, kind in enumerate(self.terrain):
            if wanted(kind):
                mask |= self.bit(index)
        return mask

    def rows(self) -> list[str]:
        """The text layout, top row first (see the module docstring)."""
        letters = {cell_index(cell, self.size): ship[0].upper() if ship != "black" else "K"
                   for ship, cell in self.ships.items()}
        return ["".join(letters.get(r * self.size + c, self.terrain[r * self.size + c]) for c in range(self.size))
                for r in reversed(range(self.size))]


def parse_text(text: str) -> Board:
    """The board a text layout describes (rows top first; blank lines and spaces ignored).
    Raises ``InvalidCommand("bad_board")`` saying what is wrong; see also :func:`check_board`."""
    rows = ["".join(line.split()).upper() for line in text.strip().splitlines() if line.strip()]
    size = len(rows)
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise InvalidCommand("bad_board", f"A board has {MIN_SIZE} to {MAX_SIZE} rows; this layout has {size}.")
    terrain, ships = [EMPTY] * (size * size), dict[str, str]()
    for number, row in enumerate(rows):
        if len(row) != size:
            raise InvalidCommand("bad_board", f"Row {size - number} (line {number + 1}) has {len(row)} cells; "
                                              f"a {size}x{size} board needs {size} in every row.")
        for col, char in enumerate(row):
            index = (size - 1 - number) * size + col
            if char in SHIP_LETTERS:
                ship = SHIP_LETTERS[char]
                if ship in ships:
                    raise InvalidCommand("bad_board", f"The {ship} ship starts twice ({ships[ship]} and "
                                                      f"{cell_name(index, size)}).")
                ships[ship] = cell_name(index, size)
                terrain[index] = START
            elif char in (EMPTY, WALL, CHANNEL, DROPOFF):
                terrain[index] = char
            else:
                raise InvalidCommand("bad_board", f"{char!r} at {cell_name(index, size)} is not a cell kind; use "
                                                  "'.', '#', 'C', 'D' or a ship's start R, W, B, K.")
    return _with_ships(size, terrain, ships)


def from_layout(layout: BoardLayout) -> Board:
    """The board a JSON layout describes; ``InvalidCommand("bad_board")`` when it cannot be one."""
    size = layout.size
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise InvalidCommand("bad_board", f"A board is {MIN_SIZE} to {MAX_SIZE} cells a side, not {size}.")
    terrain, taken = [EMPTY] * (size * size), dict[int, str]()
    named = [(cell, WALL, "a wall") for cell in layout.walls] + [(cell, CHANNEL, "a channel") for cell in layout.channels]
    named += [(cell, DROPOFF, "a dropoff") for cell in layout.dropoffs]
    named += [(cell, START, f"the {ship} start") for ship, cell in layout.ships.items()]
    for cell, kind, what in named:
        index = cell_index(cell, size)
        if index in taken:
            raise InvalidCommand("bad_board", f"{cell_name(index, size)} is both {taken[index]} and {what}.")
        taken[index], terrain[index] = what, kind
    ships = {ship: cell_name(cell_index(cell, size), size) for ship, cell in layout.ships.items()}
    return _with_ships(size, terrain, ships)


def _with_ships(size: int, terrain: list[str], ships: dict[str, str]) -> Board:
    if unknown := sorted(set(ships) - set(SHIPS)):
        raise InvalidCommand("bad_board", f"There is no ship {unknown[0]!r}; the ships are {', '.join(SHIPS)}.")
    if missing := [ship for ship in SHIPS if ship not in ships]:
        raise InvalidCommand("bad_board", f"The board has no start for the {' and '.join(missing)} ship.")
    return Board(size=size, terrain="".join(terrain), ships={ship: ships[ship] for ship in SHIPS})


def to_layout(board: Board) -> BoardLayout:
    """The JSON form of ``board``."""
    def cells(kind: str) -> list[str]:
        return [cell_name(i, board.size) for i, k in enumerate(board.terrain) if k == kind]

    return BoardLayout(size=board.size, ships=dict(board.ships), dropoffs=cells(DROPOFF), walls=cells(WALL),
                       channels=cells(CHANNEL))
