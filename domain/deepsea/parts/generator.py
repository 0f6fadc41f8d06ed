"""Random symmetric boards from a seed.

The generator draws terrain on whole orbits of the chosen symmetry (a cell and its images), so the
terrain is symmetric by construction: short wall segments, a few channel segments, 2 to 6
dropoffs, then the four starts, at least :data:`MIN_DISTANCE` steps from any dropoff, placed so
that the symmetry carries the Empire's starts (red, white) onto the Marauder's (blue, black).
A draw that would be refused as an organizer's layout (its JSON layout read back by
:func:`~domain.deepsea.parts.board.from_layout` and :func:`~domain.deepsea.parts.checks.check_board`: two
ships on one start cell, say), or that shows another symmetry than the one asked for, is thrown
away and the next one drawn from the same ``random.Random(seed)``, so a seed always gives the same
board.

>>> b = random_board(7, size=15, symmetry="vertical")
>>> b.size, check_board(b)
(15, 'vertical')
>>> random_board(7, size=15, symmetry="vertical") == b
True
"""

from __future__ import annotations

import random

from domain.deepsea.parts.board import (
    CHANNEL,
    DROPOFF,
    EMPTY,
    MAX_SIZE,
    MIN_SIZE,
    START,
    WALL,
    Board,
    cell_name,
    from_layout,
    to_layout,
)
from domain.deepsea.parts.checks import HALF_TURN, MIRROR_COLUMNS, MIRROR_ROWS, QUARTER_TURN, Mapping, check_board
from domain.deepsea.parts.routes import distances, layers
from domain.errors import InvalidCommand

SYMMETRIES = ("horizontal", "vertical", "both", "fourfold")
THREE_QUARTER_TURN: Mapping = lambda c, r, n: (n - 1 - r, c)
GROUPS: dict[str, tuple[Mapping, ...]] = {
    "horizontal": (MIRROR_ROWS,),
    "vertical": (MIRROR_COLUMNS,),
    "both": (MIRROR_ROWS, MIRROR_COLUMNS, HALF_TURN),
    "fourfold": (QUARTER_TURN, HALF_TURN, THREE_QUARTER_TURN),
}
"""The images of a cell under each symmetry, besides the cell itself."""

MIN_DISTANCE = 6
"""Every ship starts at least this many steps from its nearest dropoff."""
MIN_EMPTY = 0.6
"""At least this share of the cells stays empty, for the pentominoes."""
MAX_DROPOFFS = 6
ATTEMPTS = 500


def random_board(seed: int, size: int | None = None, symmetry: str | None = None) -> Board:
    """A playable board drawn from ``seed``: ``size`` 13..18 and ``symmetry`` (one of
    :data:`SYMMETRIES`) drawn too when not given. ``InvalidCommand("bad_board")`` for a size or
    symmetry that cannot be.

    >>> b = random_board(3, size=18, symmetry="fourfold")
    >>> check_board(b), len(b.dropoffs) in range(2, 7), b.terrain.count(".") >= 0.6 * 18 * 18
    ('fourfold', True, True)
    """
    rng = random.Random(seed)
    size = rng.randint(MIN_SIZE, MAX_SIZE) if size is None else size
    symmetry = rng.choice(SYMMETRIES) if symmetry is None else symmetry
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise InvalidCommand("bad_board", f"A board is {MIN_SIZE} to {MAX_SIZE} cells a side, not {size}.")
    if symmetry not in GROUPS:
        raise InvalidCommand("bad_board", f"There is no symmetry {symmetry!r}; use {', '.join(SYMMETRIES)}.")
    for attempt in range(ATTEMPTS):
        board = _draw(rng, size, symmetry, crowding=max(0.2, 1 - attempt / 50))
        if board is not None and _acceptable(board, symmetry):
            return board
    raise AssertionError(f"no {symmetry} board of size {size} after {ATTEMPTS} draws (seed {seed})")


def orbit(index: int, size: int, symmetry: str) -> list[int]:
    """``index`` and its images under ``symmetry``, without repeats, ``index`` first.

    >>> orbit(0, 13, "both"), orbit(6 * 13 + 6, 13, "fourfold")
    ([0, 156, 12, 168], [84])
    """
    col, row = index % size, index // size
    found = [index]
    for mapping in GROUPS[symmetry]:
        c, r = mapping(col, row, size)
        if r * size + c not in found:
            found.append(r * size + c)
    return found


def _acceptable(board: Board, symmetry: str) -> bool:
    """The same checks as a board an organizer writes, then the generator's own wishes."""
    try:
        if check_board(from_layout(to_layout(board))) != symmetry:
            return False  # e.g. a "horizontal" draw that happens to be symmetric both ways
    except InvalidCommand:
        return False
    near = min(d or 0 for d in distances(board, board.passable).values())  # check_board saw every ship reach a dropoff
    return near >= MIN_DISTANCE and board.terrain.count(EMPTY) >= MIN_EMPTY * board.size ** 2


def _draw(rng: random.Random, size: int, symmetry: str, crowding: float) -> Board | None:
    """One attempt: terrain, dropoffs, then starts; ``None`` when the starts find no room."""
    terrain = [EMPTY] * (size * size)
    _segments(rng, terrain, size, symmetry, WALL, share=rng.uniform(0.10, 0.18) * crowding, longest=4)
    _segments(rng, terrain, size, symmetry, CHANNEL, share=rng.uniform(0.02, 0.05) * crowding, longest=5)
    _dropoffs(rng, terrain, size, symmetry)
    ships = _starts(rng, terrain, size, symmetry)
    if ships is None:
        return None
    for cell in ships.values():
        terrain[cell] = START
    return Board(size=size, terrain="".join(terrain), ships={s: cell_name(i, size) for s, i in ships.items()})


def _segments(rng: random.Random, terrain: list[str], size: int, symmetry: str, kind: str, share: float,
              longest: int) -> None:
    """Short segments of ``kind``, with their images, until they cover ``share`` of the board: a
    straight run of 1 to ``longest`` cells, sometimes with a bend (an L)."""
    wanted = int(share * size * size)
    placed = 0
    for _ in range(300):
        if placed >= wanted:
            return
        images = {image for cell in _segment(rng, size, longest) for image in orbit(cell, size, symmetry)}
        if all(terrain[i] == EMPTY for i in images) and placed + len(images) <= wanted + 4:
            for i in images:
                terrain[i] = kind
            placed += len(images)


def _segment(rng: random.Random, size: int, longest: int) -> list[int]:
    col, row = rng.randrange(size), rng.randrange(size)
    step_col, step_row = rng.choice([(1, 0), (-1, 0), (0, 1), (0, -1)])
    cells = []
    for k in range(rng.randint(1, longest)):
        if k == 2 and rng.random() < 0.3:
            step_col, step_row = step_row, step_col  # turn a corner
        if not (0 <= col < size and 0 <= row < size):
            break
        cells.append(row * size + col)
        col, row = col + step_col, row + step_row
    return cells


def _dropoffs(rng: random.Random, terrain: list[str], size: int, symmetry: str) -> None:
    wanted, placed = rng.randint(2, MAX_DROPOFFS), 0
    for _ in range(50):
        if placed >= wanted:
            return
        images = orbit(rng.randrange(size * size), size, symmetry)
        if placed + len(images) <= MAX_DROPOFFS and all(terrain[i] == EMPTY for i in images):
            for i in images:
                terrain[i] = DROPOFF
            placed += len(images)


def _starts(rng: random.Random, terrain: list[str], size: int, symmetry: str) -> dict[str, int] | None:
    """The ships' start cells: the swap (a symmetry of the board) carries red and white onto blue
    and black. With one reflection the two Empire starts are free; otherwise they are images of each
    other, so the four starts make one orbit."""
    far = _far_cells(terrain, size, symmetry)
    if not far:
        return None
    red = rng.choice(far)
    col, row = red % size, red // size
    if symmetry in ("horizontal", "vertical"):
        swap = GROUPS[symmetry][0]
        taken = orbit(red, size, symmetry)
        others = [i for i in far if _spread(taken + orbit(i, size, symmetry), size)]
        if not others:
            return None
        white = rng.choice(others)
    else:
        swap = QUARTER_TURN if symmetry == "fourfold" else rng.choice(GROUPS["both"])
        partner = HALF_TURN if symmetry == "fourfold" else rng.choice([m for m in GROUPS["both"] if m is not swap])
        c, r = partner(col, row, size)
        white = r * size + c
    empire = [red, white]
    marauder = [r * size + c for c, r in (swap(i % size, i // size, size) for i in empire)]
    rng.shuffle(marauder)
    return {"red": red, "white": white, "blue": marauder[0], "black": marauder[1]}


def _far_cells(terrain: list[str], size: int, symmetry: str) -> list[int]:
    """Empty cells at least :data:`MIN_DISTANCE` steps from a dropoff, in the farther half of those
    (so routes are long), whose images are all distinct and apart (no start on or by a centre line)."""
    board = Board(size=size, terrain="".join(terrain), ships={})
    full = len(GROUPS[symmetry]) + 1
    by_distance = []
    for distance, ring in enumerate(layers(board, board.passable, stop_when=board.passable)):
        if distance >= MIN_DISTANCE:
            by_distance += [i for i in range(size * size) if board.bit(i) & ring and terrain[i] == EMPTY
                            and len(images := orbit(i, size, symmetry)) == full and _spread(images, size)]
    return by_distance[len(by_distance) // 2:]


def _spread(cells: list[int], size: int) -> bool:
    """True when no two of ``cells`` are within two steps of each other."""
    return all(abs(a % size - b % size) + abs(a // size - b // size) > 2 for a in cells for b in cells if a < b)
