"""Duorail tracks: the board's cells, piece shapes, track notation and track validation.

The board is 9×9: rows ``A``–``I`` top to bottom, columns ``1``–``9`` left to right (``A1`` is the
top-left corner). A piece has a colour (``blue``, ``red`` or ``common``) and a shape named by its
two exits among ``U`` (toward row A), ``D``, ``L`` (toward column 1) and ``R``. The six canonical
shapes are the straights ``UD``, ``LR`` and the bends ``UR``, ``RD``, ``DL``, ``LU``; exits are an
unordered pair, so ``RU`` is read as ``UR``.

A *position* is a mapping ``cell -> (colour, shape)`` (:data:`Pieces`). A *track* for colour X is a
simple closed loop of orthogonally adjacent cells (at least 4, each used once) that passes through
every piece of colour X and every common piece, entering and leaving each through exactly the
piece's two exits, and through no piece of the other player colour. It is written as a start cell
and the moves that walk around it back to the start, ``C3 RRDDLLUU``, or as a list of cells.

>>> parse_cell("c3"), parse_shape("ru"), parse_shape("LD")
('C3', 'UR', 'DL')
>>> cells = parse_track("c3 rrddlluu")
>>> cells
['C3', 'C4', 'C5', 'D5', 'E5', 'E4', 'E3', 'D3']
>>> format_track(cells)
'C3 RRDDLLUU'
>>> parse_track(["C3", "C4", "D4", "D3"]) == parse_track("C3 RDLU")
True
>>> pieces = {"C4": ("common", "LR"), "D4": ("red", "UD"), "D3": ("blue", "UD")}
>>> track_problem(pieces, "blue", cells) is None
True
>>> track_problem(pieces, "red", cells)
"The track passes through blue's piece on D3."
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from domain.errors import InvalidCommand

SIZE = 9
ROWS = "ABCDEFGHI"
COLUMNS = "123456789"
CELLS: tuple[str, ...] = tuple(row + column for row in ROWS for column in COLUMNS)
"""Every cell, in reading order: ``A1``, ``A2``, … ``A9``, ``B1``, … ``I9``."""

INDEX: dict[str, int] = {cell: i for i, cell in enumerate(CELLS)}
"""The reading-order index of each cell (``A1`` is 0, ``I9`` is 80)."""

PLAYER_COLOURS = ("blue", "red")
COMMON = "common"
COLOURS = (*PLAYER_COLOURS, COMMON)

Pieces = Mapping[str, tuple[str, str]]
"""A position: cell -> (colour, canonical shape), e.g. ``{"E5": ("red", "UD")}``."""

DIRECTIONS = "UDLR"
STEP = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
"""Row and column change of one move (rows grow downward, columns to the right)."""
OPPOSITE = {"U": "D", "D": "U", "L": "R", "R": "L"}

SHAPES = ("UD", "LR", "UR", "RD", "DL", "LU")
"""The six canonical shapes: two straights, then the four bends."""
STRAIGHTS = ("UD", "LR")
_CANONICAL_SHAPE = {frozenset(shape): shape for shape in SHAPES}

_LEAVES = {"U": "upwards", "D": "downwards", "L": "to the left", "R": "to the right"}
_ENTERS = {"U": "from above", "D": "from below", "L": "from the left", "R": "from the right"}
_WORD = {"U": "up", "D": "down", "L": "left", "R": "right"}

TRACK_FORM = "a start cell and the moves around the loop back to it, like C3 RRDDLLUU, or a list of cells"
_CELL = re.compile(r"[A-I][1-9]")
_SEPARATORS = re.compile(r"[\s,;]+")


# ---------------------------------------------------------------- cells and shapes


def parse_cell(text: str) -> str:
    """The canonical name of a cell written in any case. Raises ``InvalidCommand("bad_cell")``.

    >>> parse_cell(" e5 ")
    'E5'
    """
    cell = text.strip().upper() if isinstance(text, str) else ""
    if _CELL.fullmatch(cell) is None:
        raise InvalidCommand("bad_cell", f"{text!r} is not a cell: write a row A–I and a column 1–9, like C3 "
                                         "(A1 is the top-left corner).")
    return cell


def parse_shape(text: str) -> str:
    """The canonical name of a shape given by its two exits, in either order and any case.

    Raises ``InvalidCommand("bad_shape")``.

    >>> parse_shape("du"), parse_shape("Rl"), parse_shape("dr"), parse_shape("UL")
    ('UD', 'LR', 'RD', 'LU')
    """
    letters = text.strip().upper() if isinstance(text, str) else ""
    shape = _CANONICAL_SHAPE.get(frozenset(letters)) if len(letters) == 2 else None
    if shape is None:
        raise InvalidCommand(
            "bad_shape", f"{text!r} is not a shape: name two different exits among U, D, L and R, "
            f"like {', '.join(SHAPES)}.")
    return shape


def neighbour(cell: str, direction: str) -> str | None:
    """The cell one move away from ``cell`` in ``direction`` (``U``/``D``/``L``/``R``), or None off the board.

    >>> neighbour("A1", "R"), neighbour("A1", "U")
    ('A2', None)
    """
    row, column = divmod(INDEX[cell], SIZE)
    d_row, d_column = STEP[direction]
    row, column = row + d_row, column + d_column
    if 0 <= row < SIZE and 0 <= column < SIZE:
        return CELLS[row * SIZE + column]
    return None


def direction_between(start: str, end: str) -> str | None:
    """The move from ``start`` to the adjacent cell ``end``, or None if they are not adjacent.

    >>> direction_between("C3", "D3"), direction_between("C3", "C5")
    ('D', None)
    """
    (row, column), (row2, column2) = divmod(INDEX[start], SIZE), divmod(INDEX[end], SIZE)
    for direction, step in STEP.items():
        if (row2 - row, column2 - column) == step:
            return direction
    return None


def owner_phrase(colour: str) -> str:
    """How a sentence names a piece by its colour: ``blue's piece`` or ``the common piece``."""
    return "the common piece" if colour == COMMON else f"{colour}'s piece"


# ---------------------------------------------------------------- notation


def _bad_track(sentence: str) -> InvalidCommand:
    return InvalidCommand("bad_track", sentence)


def parse_track(text: str | Sequence[str]) -> list[str]:
    """The cells of a track in loop order, the start first and not repeated.

    ``text`` is a start cell and moves (``"C3 RRDDLLUU"``, any case, spaces inside the moves are
    ignored), cells separated by spaces or commas (``"C3 C4 D4 D3"``), or a list of cells (the start
    may be repeated at the end). Raises ``InvalidCommand("bad_track")`` when the notation does not
    describe a closed loop of at least 4 distinct adjacent cells on the board; it does not look at
    pieces (see :func:`track_problem`).

    >>> parse_track("A1 RDLU")
    ['A1', 'A2', 'B2', 'B1']
    >>> parse_track("a1, a2, b2, b1, a1")
    ['A1', 'A2', 'B2', 'B1']
    """
    if isinstance(text, str):
        tokens = [t for t in _SEPARATORS.split(text.strip()) if t]
        if not tokens:
            raise _bad_track(f"The track is empty: write {TRACK_FORM}.")
        if len(tokens) > 1 and all(_CELL.fullmatch(t.upper()) for t in tokens):
            return _cells_from_list(tokens)
        return _cells_from_moves(text)
    if isinstance(text, Sequence) and all(isinstance(item, str) for item in text):
        return _cells_from_list(list(text))
    raise _bad_track(f"A track must be text or a list of cells: write {TRACK_FORM}.")


def _cells_from_moves(text: str) -> list[str]:
    found = re.fullmatch(r"\s*([A-Za-z][0-9]+)[\s,;]*(.*?)\s*", text, re.DOTALL)
    if found is None or _CELL.fullmatch(found.group(1).upper()) is None:
        first = text.strip().split()[0] if text.strip() else text
        raise _bad_track(f"The track must start with a cell like C3, not {first!r}: write {TRACK_FORM}.")
    start = found.group(1).upper()
    moves = re.sub(r"[\s,;]+", "", found.group(2)).upper()
    if not moves:
        raise _bad_track(f"The track has a start cell ({start}) but no moves: write {TRACK_FORM}.")
    for letter in moves:
        if letter not in STEP:
            raise _bad_track(f"{letter!r} is not a move: moves are U (up), D (down), L (left) and R (right).")
    cells, seen, here = [start], {start}, start
    for number, move in enumerate(moves, start=1):
        there = neighbour(here, move)
        if there is None:
            raise _bad_track(f"The track leaves the board: move {number} ({move}) goes {_WORD[move]} from {here}.")
        if there == start and number < len(moves):
            raise _bad_track(f"The track comes back to its start {start} after {number} moves, before its last move.")
        if there in seen and there != start:
            raise _bad_track(f"The track visits {there} twice (move {number}).")
        if there != start:
            cells.append(there)
            seen.add(there)
        here = there
    if here != start:
        raise _bad_track(f"The track does not return to its start: it ends on {here}, not {start}.")
    _check_length(cells)
    return cells


def _cells_from_list(items: list[str]) -> list[str]:
    cells = []
    for item in items:
        try:
            cells.append(parse_cell(item))
        except InvalidCommand:
            raise _bad_track(f"{item!r} is not a cell: a track's cells are written like C3.") from None
    if len(cells) > 1 and cells[0] == cells[-1]:
        cells.pop()
    seen: set[str] = set()
    for cell in cells:
        if cell in seen:
            raise _bad_track(f"The track visits {cell} twice.")
        seen.add(cell)
    _check_length(cells)
    for here, there in zip(cells, cells[1:]):
        if direction_between(here, there) is None:
            raise _bad_track(f"{here} and {there} follow each other in the track but are not next to each other.")
    if direction_between(cells[-1], cells[0]) is None:
        raise _bad_track(f"The track does not close: its last cell {cells[-1]} is not next to its first, {cells[0]}.")
    return cells


def _check_length(cells: list[str]) -> None:
    if len(cells) < 4:
        raise _bad_track(f"A track needs at least 4 cells; this one has {len(cells)}.")


def format_track(cells: Sequence[str]) -> str:
    """A loop of cells as a start cell and moves: the inverse of :func:`parse_track`.

    Raises ``ValueError`` if consecutive cells (or the last and the first) are not adjacent.

    >>> format_track(["A1", "A2", "B2", "B1"])
    'A1 RDLU'
    """
    moves = []
    for here, there in zip(cells, [*cells[1:], cells[0]]):
        move = direction_between(here, there)
        if move is None:
            raise ValueError(f"{here} and {there} are not adjacent: not a loop of cells")
        moves.append(move)
    return f"{cells[0]} {''.join(moves)}"


# ---------------------------------------------------------------- validation


def other_colour(colour: str) -> str:
    """The opponent's colour: ``blue`` <-> ``red``. Raises ``ValueError`` for anything else."""
    if colour not in PLAYER_COLOURS:
        raise ValueError(f"a track's colour is 'blue' or 'red', not {colour!r}")
    return "red" if colour == "blue" else "blue"


def is_mandatory(piece_colour: str, colour: str) -> bool:
    """Whether a track of ``colour`` must pass through a piece of ``piece_colour``."""
    return piece_colour in (colour, COMMON)


def track_problem(pieces: Pieces, colour: str, cells: Sequence[str]) -> str | None:
    """None if ``cells`` (a loop, as from :func:`parse_track`) is a valid track of ``colour`` in the
    position ``pieces``; otherwise one sentence saying why (the first problem along the loop, then
    the first skipped piece in reading order).

    >>> pieces = {"B2": ("blue", "UD"), "C3": ("common", "LR")}
    >>> track_problem(pieces, "blue", parse_track("A1 RDLU"))
    "The track leaves B2 to the left, but blue's piece there joins up and down."
    >>> track_problem(pieces, "blue", parse_track("A1 RDDLUU"))
    'The track skips the common piece on C3.'
    """
    opponent = other_colour(colour)
    try:
        loop = _cells_from_list(list(cells))
    except InvalidCommand as refusal:
        return refusal.detail
    count = len(loop)
    for i, cell in enumerate(loop):
        piece = pieces.get(cell)
        if piece is None:
            continue
        piece_colour, shape = piece
        if piece_colour == opponent:
            return f"The track passes through {owner_phrase(opponent)} on {cell}."
        entry = direction_between(cell, loop[i - 1])
        leave = direction_between(cell, loop[(i + 1) % count])
        exits = set(shape.upper())
        if {entry, leave} != exits:
            joins = " and ".join(_WORD[e] for e in _CANONICAL_SHAPE[frozenset(exits)])
            where = (f"enters {cell} {_ENTERS[entry or '']}" if entry not in exits
                     else f"leaves {cell} {_LEAVES[leave or '']}")
            return f"The track {where}, but {owner_phrase(piece_colour)} there joins {joins}."
    on_loop = set(loop)
    skipped = [c for c in CELLS if c in pieces and is_mandatory(pieces[c][0], colour) and c not in on_loop]
    if skipped:
        more = "" if len(skipped) == 1 else f" (and {len(skipped) - 1} more piece{'s' if len(skipped) > 2 else ''})"
        return f"The track skips {owner_phrase(pieces[skipped[0]][0])} on {skipped[0]}{more}."
    return None
