"""Shortest routes on bit masks: how far each ship is from the nearest dropoff, the cells of a
shortest route, and the check of a route a player writes.

The sea is a mask of passable cells (see :class:`~domain.deepsea.parts.board.Board`: bit
``row * width + col``, one spare column so that shifting never wraps). A breadth-first search grows
the set of cells reached from the dropoffs one step at a time (one shift each way), so a whole
board's distances cost a few dozen big-integer operations.

>>> from domain.deepsea.parts.board import parse_text
>>> b = parse_text("R.#..D.......\\n" + ".#...........\\n" * 11 + "B.....D....KW")
>>> sea = b.passable
>>> distances(b, sea)["red"], distances(b, sea)["black"]
(18, 5)
>>> route_cells(b, sea, "black")
['L1', 'K1', 'J1', 'I1', 'H1', 'G1']
"""

from __future__ import annotations

from collections.abc import Iterable

from domain.deepsea.parts.board import Board, cell_index, cell_name
from domain.errors import IllegalMove, InvalidCommand

UNREACHABLE = None


def grow(reached: int, sea: int, width: int) -> int:
    """``reached`` and every sea cell one orthogonal step from it."""
    return (reached | reached << 1 | reached >> 1 | reached << width | reached >> width) & sea


def layers(board: Board, sea: int, stop_when: int = 0) -> list[int]:
    """Rings of cells by their distance from the nearest dropoff: ``layers[d]`` holds the sea
    cells exactly ``d`` steps away. Stops when every bit of ``stop_when`` is reached, or nothing grows."""
    reached = board.dropoff_mask & sea
    rings = [reached]
    while reached & stop_when != stop_when:
        grown = grow(reached, sea, board.width)
        if grown == reached:
            break
        rings.append(grown & ~reached)
        reached = grown
    return rings


def distances(board: Board, sea: int) -> dict[str, int | None]:
    """Each ship's number of steps to the nearest dropoff (``None``: it cannot reach one)."""
    ships = board.ship_bits
    rings = layers(board, sea, stop_when=_all(ships.values()) & sea)
    found: dict[str, int | None] = {}
    for ship, bit in ships.items():
        found[ship] = next((d for d, ring in enumerate(rings) if ring & bit), UNREACHABLE)
    return found


def all_reach(board: Board, sea: int) -> bool:
    """True when every ship can still reach a dropoff through ``sea``."""
    return all(d is not None for d in distances(board, sea).values())


def route_cells(board: Board, sea: int, ship: str) -> list[str] | None:
    """One shortest route of ``ship``, its start first and a dropoff last (``None``: unreachable).
    Among equal routes the walk prefers up, right, down, left, so the answer is deterministic."""
    rings = layers(board, sea, stop_when=board.ship_bits[ship])
    index = cell_index(board.ships[ship], board.size)
    distance = next((d for d, ring in enumerate(rings) if ring & board.bit(index)), None)
    if distance is None:
        return None
    cells = [index]
    for d in range(distance - 1, -1, -1):
        index = next(n for n in neighbours(board, index) if rings[d] & board.bit(n))
        cells.append(index)
    return [cell_name(i, board.size) for i in cells]


def neighbours(board: Board, index: int) -> list[int]:
    """The orthogonal neighbours of a cell on the board: up, right, down, left."""
    row, col = divmod(index, board.size)
    steps = [(row + 1, col), (row, col + 1), (row - 1, col), (row, col - 1)]
    return [r * board.size + c for r, c in steps if 0 <= r < board.size and 0 <= c < board.size]


def parse_route(written: str | list[str], size: int) -> list[int]:
    """The cell indices of a route written ``"A1 A2 B2"`` (commas allowed) or as a list of cells."""
    cells = written.replace(",", " ").split() if isinstance(written, str) else list(written)
    if not cells:
        raise InvalidCommand("bad_route", "A route lists its cells from the ship's start to a dropoff.")
    return [cell_index(cell, size) for cell in cells]


def route_length(board: Board, sea: int, ship: str, written: str | list[str]) -> int:
    """The number of steps of a valid route of ``ship``; ``IllegalMove("invalid_route")`` saying why not.

    A route starts on the ship's start, moves one orthogonal step at a time through sea cells (no
    wall, no pentomino) and ends on a dropoff; it may cross cells more than once (it is only longer)."""
    cells = parse_route(written, board.size)
    start = cell_index(board.ships[ship], board.size)
    if cells[0] != start:
        raise IllegalMove("invalid_route", f"The {ship} route must start on its ship, {board.ships[ship]}, "
                                           f"not {cell_name(cells[0], board.size)}.")
    for before, after in zip(cells, cells[1:]):
        if after not in neighbours(board, before):
            raise IllegalMove("invalid_route", f"The {ship} route jumps from {cell_name(before, board.size)} to "
                                               f"{cell_name(after, board.size)}; steps go to a neighbouring cell.")
        if not sea & board.bit(after):
            raise IllegalMove("invalid_route", f"The {ship} route crosses {cell_name(after, board.size)}, "
                                               "a wall or a pentomino.")
    if not board.dropoff_mask & board.bit(cells[-1]):
        raise IllegalMove("invalid_route", f"The {ship} route ends on {cell_name(cells[-1], board.size)}, "
                                           "not on a dropoff.")
    return len(cells) - 1


def _all(bits: Iterable[int]) -> int:
    mask = 0
    for bit in bits:
        mask |= bit
    return mask
