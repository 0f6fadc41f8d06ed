"""The best placement for one side on one board, for bots and analysis.

A position's value for a side is the opponent's two route lengths minus its own two (bigger is
better). A placement that leaves some ship without a way to a dropoff loses the board, so it is
never chosen. Only placements that cover a cell of some ship's :mod:`corridor
<domain.deepsea.parts.corridors>` can change a distance; the others keep the value as it is, so only the
few that really lengthen a route cost a search (from the ring where the placement starts).

>>> from domain.deepsea.parts.board import parse_text
>>> rows = (["R...D.......W", "###.#######.#"] + ["............."] * 8
...         + ["..D.......D..", ".............", "B...........K"])
>>> b = parse_text("\\n".join(rows))
>>> best = best_placement(b, 0, {"I"}, "marauder")
>>> best.current, best.value, best.placement
(4, 8, Placement(piece='I', cells=('F13', 'G13', 'H13', 'I13', 'J13')))

Red cannot be slowed without being cut off (its only way out is ``B13``). White can: the ``I``
sends it down through ``L12`` to ``K3``, 12 steps instead of 8.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import cache

import msgspec
import numpy as np

from domain.deepsea.parts.board import SHIPS, SIDE_SHIPS, Board
from domain.deepsea.parts.corridors import Corridor, corridors, dropoff_rings
from domain.deepsea.parts import kernels
from domain.deepsea.parts.pentominoes import PIECES, Placement, all_placements, placement_of
from domain.deepsea.parts.routes import grow

Candidate = tuple[str, tuple[int, ...], int, tuple[int, ...]]
"""A piece, its cell indices, its mask and the bit positions of its cells."""

Bank = Collection[str]
"""The pieces still available on a board."""

FAR = 1 << 30


class BestPlacement(msgspec.Struct, frozen=True):
    """The chosen placement (``None``: no placement keeps every ship afloat), the value after it,
    the value now, and how many placements fitted on the board."""

    placement: Placement | None
    value: int
    current: int
    examined: int


@cache
def candidates(size: int) -> tuple[Candidate, ...]:
    """Every placement of :func:`~domain.deepsea.parts.pentominoes.all_placements`, with its mask."""
    width = size + 1
    found = []
    for piece, cells in all_placements(size):
        positions = tuple(i // size * width + i % size for i in cells)
        mask = 0
        for p in positions:
            mask |= 1 << p
        found.append((piece, cells, mask, positions))
    return tuple(found)


def fitting(board: Board, blocked: int, bank: Bank) -> list[Candidate]:
    """Every candidate from ``bank`` on free placeable cells (``blocked``: the cells pentominoes
    cover), in :func:`candidates`' order; the scan is compiled (:func:`~.kernels.fitting`: an open
    18x18 board's 14,000 candidates in a tenth of a millisecond, where testing each mask in Python
    took a few)."""
    found = candidates(board.size)
    free = kernels.flags(board.placeable & ~blocked, board.size * board.width)
    out = np.empty(len(found), np.int64)
    n = kernels.fitting(free, sum(1 << PIECES.index(piece) for piece in set(bank)), kernels.shape_table(board.size),
                        board.size, out)
    return [found[i] for i in out[:n].tolist()]


def legal_placements(board: Board, blocked: int, bank: Bank) -> list[tuple[str, tuple[int, ...]]]:
    """Every (piece, cell indices) from ``bank`` on free placeable cells, cutting a ship off or not."""
    return [(piece, cells) for piece, cells, _, _ in fitting(board, blocked, bank)]


class Search:
    """What a placement does to the ships on ``board`` once ``blocked`` is covered: which ships it
    slows down (:meth:`slowed`) and their new distances (:meth:`new_distances`)."""

    def __init__(self, board: Board, blocked: int):
        self.board = board
        self.sea = board.passable & ~blocked
        rings = dropoff_rings(board, self.sea)
        self.reached = []  # reached[d]: cells at most d steps from a dropoff
        self.step = [FAR] * (board.size * board.width)  # a cell's distance from the dropoffs
        reached = 0
        for d, ring in enumerate(rings):
            reached |= ring
            self.reached.append(reached)
            while ring:
                low = ring & -ring
                self.step[low.bit_length() - 1] = d
                ring ^= low
        self.corridors: dict[str, Corridor] = corridors(board, self.sea, rings)
        self.distances = {ship: c.distance for ship, c in self.corridors.items()}
        self.touched = 0  # the cells on some ship's shortest route
        for c in self.corridors.values():
            self.touched |= c.cells

    def slowed(self, mask: int, positions: tuple[int, ...] | None = None, ships: Sequence[str] = SHIPS) -> list[str]:
        """Which of ``ships`` have every shortest route crossing ``mask`` (bit positions ``positions``)."""
        if not mask & self.touched:
            return []
        return [ship for ship in ships if self.corridors[ship].lengthened_by(mask, positions)]

    def new_distances(self, mask: int, positions: tuple[int, ...], ships: list[str]) -> dict[str, int | None] | None:
        """The distances of ``ships`` once ``mask`` is covered (``positions``: its bit positions),
        ``None`` if one of them is cut off. Cells nearer the dropoffs than every covered one keep
        their distance, so the search starts from them."""
        start = min(self.step[p] for p in positions)
        if start >= len(self.reached):  # the dropoffs do not reach it: nobody's way crosses it
            return {ship: self.distances[ship] for ship in ships}
        sea, width, bits = self.sea & ~mask, self.board.width, self.board.ship_bits
        wanted = 0
        for ship in ships:
            wanted |= bits[ship]
        found: dict[str, int | None] = {}
        reached, d = (self.reached[start - 1], start - 1) if start else (self.board.dropoff_mask & sea, 0)
        while wanted:
            grown = grow(reached, sea, width)
            if grown == reached:
                return None
            d += 1
            if grown & wanted:
                for ship in ships:
                    if grown & wanted & bits[ship]:
                        found[ship] = d
                        wanted ^= bits[ship]
            reached = grown
        return found

    def value(self, side: str, distances: dict[str, int | None]) -> int:
        """The opponent's total minus ``side``'s (a ship cut off counts 0)."""
        own = sum(distances[ship] or 0 for ship in SIDE_SHIPS[side])
        return sum(distances[ship] or 0 for ships in SIDE_SHIPS.values() for ship in ships) - 2 * own


def placements_keeping_routes(board: Board, blocked: int, bank: Bank) -> list[tuple[str, tuple[int, ...]]]:
    """Every legal placement after which every ship still reaches a dropoff (none loses the board)."""
    search = Search(board, blocked)
    if None in search.distances.values():
        return []
    kept = []
    for piece, cells, mask, positions in fitting(board, blocked, bank):
        slowed = search.slowed(mask, positions)
        if not slowed or search.new_distances(mask, positions, slowed) is not None:
            kept.append((piece, cells))
    return kept


def placement_values(board: Board, blocked: int, bank: Bank, side: str) -> list[tuple[str, tuple[int, ...], int]]:
    """Every placement that keeps every ship afloat, with the value for ``side`` after it."""
    search = Search(board, blocked)
    if None in search.distances.values():
        return []
    current, found = search.value(side, search.distances), []
    for piece, cells, mask, positions in fitting(board, blocked, bank):
        slowed = search.slowed(mask, positions)
        after = search.new_distances(mask, positions, slowed) if slowed else {}
        if after is not None:
            found.append((piece, cells, search.value(side, {**search.distances, **after}) if after else current))
    return found


def best_placement(board: Board, blocked: int, bank: Bank, side: str) -> BestPlacement:
    """The placement from ``bank`` on free cells that maximises the value for ``side`` without
    cutting any ship off; among equals the first in :func:`candidates` order. ``blocked``: the cells
    the pentominoes placed so far cover. Placements that only slow ``side``'s own ships are not
    searched once one keeps the value (they only lower it)."""
    search = Search(board, blocked)
    current = search.value(side, search.distances)
    fits = fitting(board, blocked, bank)
    if None in search.distances.values():
        return BestPlacement(placement=None, value=current, current=current, examined=len(fits))
    opponents = [ship for ship in SHIPS if ship not in SIDE_SHIPS[side]]
    opponent_cells = search.corridors[opponents[0]].cells | search.corridors[opponents[1]].cells
    best: tuple[str, tuple[int, ...]] | None = None
    best_value: int | None = None
    for piece, cells, mask, positions in fits:
        if best_value is not None and best_value >= current:
            # Only a placement that slows an opponent can do better than the value now.
            if not mask & opponent_cells or not search.slowed(mask, positions, opponents):
                continue
        slowed = search.slowed(mask, positions)
        if slowed:
            after = search.new_distances(mask, positions, slowed)
            if after is None:
                continue
            value = search.value(side, {**search.distances, **after})
        else:
            value = current
        if best_value is None or value > best_value:
            best, best_value = (piece, cells), value
    if best is None or best_value is None:
        return BestPlacement(placement=None, value=current, current=current, examined=len(fits))
    return BestPlacement(placement=placement_of(*best, board.size), value=best_value, current=current,
                         examined=len(fits))
