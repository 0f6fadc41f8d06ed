"""The unrail phase as a game: its moves and its exact value, within a budget.

A position is the bit set of the tiles that may still be removed (bit ``i`` = cell ``i``; in
Multicolor the red tiles only, blue ones are walls). A move removes 1-3 of them side by side in one
row or column; whoever removes the last one wins (normal play), so a player with no move has lost.

Tiles that do not touch never share a move, so a position is a sum of independent games, one per
group of touching tiles, and its value is the XOR of their Sprague-Grundy numbers. Each group's
number is found by exhaustive search, memoised on the group's bit set: compiled
(:mod:`domain.monunrail.parts.unrail_dp`) on boards of up to 63 cells, in Python otherwise, where the set
is first moved to the board's top-left corner (the same shape anywhere is looked up once). The
player to move wins iff the XOR is not 0; a winning move is one that makes it 0.

The search is exponential in the size of a group (a solid 5×5 block of tiles takes over a minute,
6×5 over a quarter of an hour), so every call has a budget in work units (:data:`DEFAULT_BUDGET`):
the answer is exact when the search finishes within it, and unknown (``None``) otherwise.

>>> from domain.monunrail.parts.board import grid
>>> g = grid(8, 7)
>>> ring = cells_mask(g, "C3 D3 E3 C4 E4 C5 D5 E5")
>>> solver = UnrailSolver(g)
>>> solver.value(ring)  # the second player mirrors every move
UnrailValue(wins=False, move=None, grundy=0, work=57)
>>> solver.value(ring ^ cells_mask(g, "D3")).move
('C4',)
>>> solver.value(cells_mask(g, "C3 D3")).move, solver.value(cells_mask(g, "C3 E3")).wins
(('C3', 'D3'), False)
>>> block = cells_mask(g, " ".join(f"{c}{r}" for c in "ABCDEF" for r in "12345"))
>>> solver.value(block, budget=1_000)
UnrailValue(wins=None, move=None, grundy=None, work=1000)
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

import msgspec
import numpy as np

from domain.monunrail.parts import unrail_dp
from domain.monunrail.parts.board import Board, Grid
from domain.monunrail.parts.tiles import removable


def cells_mask(g: Grid, cells: str) -> int:
    """The bit set of cells written like ``"C3 D3"``."""
    return sum(1 << g.index(name) for name in cells.split())


def position_of(board: Board, multicolor: bool) -> int:
    """The bit set of the tiles the unrail phase may remove."""
    return sum(1 << i for i, code in enumerate(board) if removable(code, multicolor))


def bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


MEMO_LIMIT = 2_000_000
"""A shared solver forgets what it learnt when its memo grows past this many groups."""

DEFAULT_BUDGET = 200_000
"""Work units one call may spend: one per group searched (a memo miss) by the compiled search,
:data:`PYTHON_GROUP_COST` by the Python one; what is already memoised costs nothing."""

PYTHON_GROUP_COST = 20
"""How many work units a group searched in Python costs (it is that much slower than compiled)."""

UNKNOWN = unrail_dp.UNKNOWN
"""What the search returns inside this module once its budget has run out."""


class UnrailValue(msgspec.Struct, frozen=True):
    """``wins``: whether the player to move wins; ``move``: a winning move (cell names; ``None`` when
    it loses); ``grundy``: the position's Sprague-Grundy number; all three ``None`` when the budget
    ran out. ``work``: the work units spent."""

    wins: bool | None
    move: tuple[str, ...] | None
    grundy: int | None
    work: int


def warm_up() -> None:
    """Load (or compile) the compiled search ahead of the first analysis."""
    UnrailSolver(Grid(3, 3), compiled=True).value(0b111)


@functools.cache
def solver_for(g: Grid) -> UnrailSolver:
    """The solver shared by every position on ``g``'s board size (its memo is pure: shapes' values;
    so a call that ran out of budget leaves what it finished for the next)."""
    return UnrailSolver(g)


class UnrailSolver:
    """Moves and values of unrail positions on one board size; keeps its memo between calls.
    ``compiled``: use the numba search (the default where the board has at most 63 cells)."""

    def __init__(self, g: Grid, compiled: bool | None = None):
        self.g = g
        self.compiled = g.size <= 63 if compiled is None else compiled
        w = g.width
        self.full = (1 << g.size) - 1
        column0 = sum(1 << (r * w) for r in range(g.height))
        self.not_first = self.full & ~column0
        self.not_last = self.full & ~(column0 << (w - 1))
        self.row0 = (1 << w) - 1
        self.starting = [[sum(1 << c for c in seg) for seg in g.segments() if seg[0] == i] for i in range(g.size)]
        self.memo: dict[int, int] = {0: 0}
        if self.compiled:
            self.table = unrail_dp.Memo()
            segments = sorted({seg for starting in self.starting for seg in starting})
            self._args = (self.table.keys, self.table.values, self.table.used, np.array(segments, np.int64),
                          g.width, np.int64(self.not_first), np.int64(self.not_last))

    def moves(self, mask: int) -> list[int]:
        """Every legal removal in ``mask``, as bit sets."""
        return [seg for i in bits(mask) for seg in self.starting[i] if seg & mask == seg]

    def components(self, mask: int) -> Iterator[int]:
        """The groups of touching tiles in ``mask``."""
        w = self.g.width
        while mask:
            group = mask & -mask
            while True:
                grown = (group | (group << 1) & self.not_first | (group >> 1) & self.not_last
                         | group << w | group >> w) & mask
                if grown == group:
                    break
                group = grown
            yield group
            mask ^= group

    def _normal(self, group: int) -> int:
        """``group`` moved to the top-left corner."""
        w = self.g.width
        top = ((group & -group).bit_length() - 1) // w
        folded, rest = 0, group >> (top * w)
        while rest:
            folded |= rest & self.row0
            rest >>= w
        left = (folded & -folded).bit_length() - 1
        return group >> (top * w + left)

    def grundy(self, mask: int, budget: int = DEFAULT_BUDGET) -> int | None:
        """The Sprague-Grundy number of a position (the XOR over its groups); ``None`` when the
        search needs more than ``budget`` work units."""
        value = self._sum(mask, np.array([budget], np.int64))
        return None if value == UNKNOWN else value

    def value(self, mask: int, budget: int = DEFAULT_BUDGET) -> UnrailValue:
        """Whether the player to move wins, a winning move and the number, spending at most ``budget``
        work units (see :data:`DEFAULT_BUDGET`); all three ``None`` when that was not enough."""
        left = np.array([budget], np.int64)
        found = self._winning_move(mask, left)
        work = budget - int(left[0])
        if found is None:
            return UnrailValue(wins=None, move=None, grundy=None, work=work)
        number, move = found
        return UnrailValue(wins=number != 0, move=tuple(self.g.name(i) for i in bits(move)) if move else None,
                           grundy=number, work=work)

    def _winning_move(self, mask: int, left: np.ndarray) -> tuple[int, int] | None:
        """The position's number and a removal after which the opponent is lost (0: there is none);
        ``None`` when the budget ran out."""
        groups = []
        for group in self.components(mask):
            value = self._sum(group, left)
            if value == UNKNOWN:
                return None
            groups.append((group, value))
        total = 0
        for _, value in groups:
            total ^= value
        if not total:
            return 0, 0
        for group, value in groups:
            target = total ^ value
            for seg in self.moves(group):
                after = self._sum(group ^ seg, left)
                if after == UNKNOWN:
                    return None
                if after == target:
                    return total, seg
        raise AssertionError("a position with a non-zero value has a winning move")

    def _sum(self, mask: int, left: np.ndarray) -> int:
        """The XOR of the groups' numbers, or ``UNKNOWN`` once ``left`` (work units) runs out."""
        if self.compiled:
            return int(unrail_dp.sum_value(np.int64(mask), *self._args, left))
        value = 0
        for group in self.components(mask):
            number = self._group_grundy(self._normal(group), left)
            if number == UNKNOWN:
                return UNKNOWN
            value ^= number
        return value

    def _group_grundy(self, group: int, left: np.ndarray) -> int:
        known = self.memo.get(group)
        if known is not None:
            return known
        if left[0] < PYTHON_GROUP_COST:
            return UNKNOWN
        left[0] -= PYTHON_GROUP_COST
        if len(self.memo) > MEMO_LIMIT:
            self.memo = {0: 0}
        reached = set()
        for seg in self.moves(group):
            number = self._sum(group ^ seg, left)
            if number == UNKNOWN:
                return UNKNOWN
            reached.add(number)
        value = 0
        while value in reached:
            value += 1
        self.memo[group] = value
        return value
