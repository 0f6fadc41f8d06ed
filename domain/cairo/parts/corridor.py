"""Corridors: which empty cells may be filled, when the game is over, and the scores.

A corridor is a connected set of empty cells touching all four sides. At most one component of the
empty cells touches all four (a top-bottom and a left-right crossing of the board always share a
cell), so the *corridor component* is well defined. Filling a cell outside it is always allowed;
filling a cell inside it is allowed when one of the pieces it falls into still touches all four
sides. The game is over when no cell of the corridor component may be filled: it is then the final
corridor, minimal.

:func:`survey` answers all of that with one depth-first search over the empty cells (Tarjan's
articulation points). Each cell counts 1 for each side it lies on, one nibble per side; the
search adds these counts up per subtree. Removing a cell ``x`` leaves, as separate pieces,
each child subtree whose low point does not climb above ``x``, and the rest of its component, whose
counts are the component's total minus ``x`` minus those subtrees. ``x`` may be filled when one of
these pieces has all four counts non-zero.

>>> from domain.cairo.parts.geometry import INDEX, NAMES
>>> everything = (1 << len(NAMES)) - 1
>>> s = survey(everything)
>>> s.corridor == everything, s.legal == everything, s.final
(True, True, False)
>>> s = survey(everything & ~(1 << INDEX["Ar"]) & ~(1 << INDEX["Ad"]))  # Al is cut off: a pocket
>>> s.corridor >> INDEX["Al"] & 1, s.legal >> INDEX["Al"] & 1
(0, 1)
"""

from __future__ import annotations

from typing import NamedTuple

from domain.bits import bit_positions
from domain.cairo.parts.geometry import CELL_COUNT, CELL_SIDES, NEIGHBOURS, SIDES

SIDE_COUNTS: tuple[int, ...] = tuple(sum(1 << 4 * SIDES.index(side) for side in sides) for sides in CELL_SIDES)
"""Per cell, how many of each side it lies on, one nibble per side (a corner counts on two)."""
NEIGHBOUR_MASKS: tuple[int, ...] = tuple(sum(1 << n for n in neighbours) for neighbours in NEIGHBOURS)
ALL_CELLS = (1 << CELL_COUNT) - 1


def touches_all_sides(counts: int) -> bool:
    """True when every nibble of ``counts`` is non-zero (no side holds more than 9 cells)."""
    return (counts | counts >> 1 | counts >> 2 | counts >> 3) & 0x1111 == 0x1111


class Survey(NamedTuple):
    """``corridor``: the cells of the corridor component (a bit mask, 0 if there is none);
    ``legal``: the empty cells that may be filled. ``final`` when the corridor is minimal."""

    corridor: int
    legal: int

    @property
    def final(self) -> bool:
        return self.corridor != 0 and not self.legal & self.corridor


def survey(empty: int) -> Survey:
    """The corridor component of the ``empty`` cells (a bit mask) and the cells that may be filled."""
    disc = [0 if empty >> cell & 1 else -1 for cell in range(CELL_COUNT)]  # -1 filled, 0 unseen, else order
    low = [0] * CELL_COUNT
    counts = [0] * CELL_COUNT
    cut_off = [0] * CELL_COUNT  # summed counts of the pieces a cell's removal cuts off below it
    cut_off_full = [False] * CELL_COUNT  # one of those pieces touches all four sides
    parent = [-1] * CELL_COUNT
    next_neighbour = [0] * CELL_COUNT
    side_counts, neighbours, full = SIDE_COUNTS, NEIGHBOURS, touches_all_sides
    order = 0
    corridor = corridor_legal = pockets = 0
    for root in range(CELL_COUNT):
        if disc[root]:
            continue
        order += 1
        disc[root] = low[root] = order
        counts[root] = side_counts[root]
        members = [root]
        stack = [root]
        while stack:
            v = stack[-1]
            around = neighbours[v]
            i = next_neighbour[v]
            if i < len(around):
                next_neighbour[v] = i + 1
                w = around[i]
                seen = disc[w]
                if seen == 0:
                    order += 1
                    disc[w] = low[w] = order
                    counts[w] = side_counts[w]
                    parent[w] = v
                    stack.append(w)
                    members.append(w)
                elif 0 < seen < low[v] and w != parent[v]:
                    low[v] = seen
                continue
            stack.pop()
            p = parent[v]
            if p < 0:
                continue
            counts[p] += counts[v]
            if low[v] >= disc[p]:
                cut_off[p] += counts[v]
                if not cut_off_full[p] and full(counts[v]):
                    cut_off_full[p] = True
            elif low[v] < low[p]:
                low[p] = low[v]
        total = counts[root]
        if not full(total):
            for cell in members:
                pockets |= 1 << cell
            continue
        for cell in members:
            corridor |= 1 << cell
        for cell in members:
            if cut_off_full[cell] or full(total - side_counts[cell] - cut_off[cell]):
                corridor_legal |= 1 << cell
    if not corridor:
        return Survey(0, 0)
    return Survey(corridor, corridor_legal | pockets)


def cells_of(mask: int) -> list[int]:
    """The cells of a bit mask, in board order.

    >>> cells_of(0b10110)
    [1, 2, 4]
    """
    return bit_positions(mask)


def scores(owners: tuple[int, ...], corridor: int) -> tuple[int, int]:
    """How many pieces of each seat (``owners[cell]`` is 0 or 1, -1 when empty) share an edge with
    the ``corridor`` (a bit mask)."""
    points = [0, 0]
    for cell, owner in enumerate(owners):
        if owner >= 0 and NEIGHBOUR_MASKS[cell] & corridor:
            points[owner] += 1
    return points[0], points[1]
