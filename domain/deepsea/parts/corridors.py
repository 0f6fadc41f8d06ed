"""Every shortest route of a ship at once, and whether covering some cells makes its way longer.

A sea cell ``c`` lies on some shortest route of a ship exactly when
``from_dropoffs(c) + from_ship(c) == distance(ship)``: the ship's *corridor*. Cells outside the
corridor may be covered without changing the ship's distance. Covering corridor cells lengthens
the way only when no shortest route avoids them, which :meth:`Corridor.lengthened_by` checks by
walking the corridor's rings between the first and the last covered one (at most five rings for
a pentomino), instead of a search over the whole board.

>>> from domain.deepsea.parts.board import parse_text
>>> rows = (["R...D.......W", "#############"] + ["............."] * 8
...         + ["..D.......D..", ".............", "B...........K"])
>>> b = parse_text("\\n".join(rows))
>>> found = corridors(b, b.passable)
>>> found["red"].distance, found["red"].cells == b.mask_of(["A13", "B13", "C13", "D13", "E13"])
(4, True)
>>> found["red"].lengthened_by(b.mask_of(["C13"]))
True
>>> found["blue"].distance, bin(found["blue"].cells).count("1")    # the rectangle A1 to C3
(4, 9)
>>> found["blue"].lengthened_by(b.mask_of(["B1"])), found["blue"].lengthened_by(b.mask_of(["A2", "B2", "B1"]))
(False, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.bits import bit_positions
from domain.deepsea.parts.board import Board
from domain.deepsea.parts.routes import grow, layers


@dataclass(frozen=True, slots=True)
class Corridor:
    """The cells on a shortest route of one ship: ``rings[k]`` those ``k`` steps from the ship,
    ``cells`` all of them, ``step`` a cell's ring by bit position. ``distance`` is ``None`` (and the
    corridor empty) when the ship cannot reach a dropoff."""

    ship: str
    distance: int | None
    width: int
    cells: int
    rings: tuple[int, ...]
    step: dict[int, int]

    def lengthened_by(self, cover: int, positions: tuple[int, ...] | None = None) -> bool:
        """True when covering the cells of ``cover`` (bit positions ``positions``, if known) leaves
        no shortest route of the ship."""
        if not cover & self.cells:
            return False
        step = self.step
        steps = [step[p] for p in (bit_positions(cover & self.cells) if positions is None else positions) if p in step]
        first, last = min(steps), max(steps)
        width, rings = self.width, self.rings
        alive = rings[first] & ~cover  # every cell of a ring is reached from the ship in ring order
        for k in range(first + 1, last + 1):
            alive = grow(alive, rings[k] & ~cover, width)
        return not alive  # past the last covered ring, nothing is in the way to a dropoff


def dropoff_rings(board: Board, sea: int) -> list[int]:
    """``rings[d]``: the sea cells ``d`` steps from the nearest dropoff, far enough to reach every ship
    (or every cell the dropoffs reach, when a ship cannot)."""
    ships = 0
    for bit in board.ship_bits.values():
        ships |= bit
    return layers(board, sea, stop_when=ships & sea)


def corridors(board: Board, sea: int, rings: list[int] | None = None) -> dict[str, Corridor]:
    """Each ship's corridor through ``sea`` (``rings``: :func:`dropoff_rings`, if already known)."""
    rings = dropoff_rings(board, sea) if rings is None else rings
    return {ship: _corridor(board, sea, rings, ship, bit) for ship, bit in board.ship_bits.items()}


def _corridor(board: Board, sea: int, rings: list[int], ship: str, bit: int) -> Corridor:
    distance = next((d for d, ring in enumerate(rings) if ring & bit), None)
    if distance is None:
        return Corridor(ship, None, board.width, 0, (), {})
    own, reached, ring = [], bit, bit
    for k in range(distance + 1):
        own.append(ring & rings[distance - k])
        grown = grow(reached, sea, board.width)
        ring, reached = grown & ~reached, grown
    step = {p: k for k, ring in enumerate(own) for p in bit_positions(ring)}
    cells = 0
    for ring in own:
        cells |= ring
    return Corridor(ship, distance, board.width, cells, tuple(own), step)
