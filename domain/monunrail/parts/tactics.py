"""What the level-2 and level-3 bots check in a build-phase position, quickly and from what a seat
sees: which builds are possible, which of them complete the track (and who then wins the unrail
phase), and whether the track can still be completed from a supply the bot believes in.

A :class:`Tactics` lives for one decision: it caches completability by board and supply. Unrail
verdicts use the solver shared by the board size (:func:`~domain.monunrail.parts.unrail.solver_for`): its
memo holds exact values of shapes only, so an earlier decision makes a verdict faster, and changes
it only when a search would otherwise run out of its budget. Its supply is a belief: what :func:`~domain.monunrail.parts.simple_bots.supply_bounds`
guesses, never the hidden counts.

>>> from domain.monunrail.parts.board import grid
>>> from domain.monunrail.parts.tiles import UD, STATION
>>> g = grid(8, 7)
>>> board = tuple(UD | STATION if name in ("D4", "E4") else 0 for name in g.names)
>>> t = Tactics(g, multicolor=False)
>>> t.completable(board, {"straight": 0, "turn": 4, "crossroads": 0}), t.completable(board, {"turn": 3})
(True, False)
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterator, Mapping

import numpy as np

from domain.monunrail.parts import completion_dp as dp
from domain.monunrail.parts.board import Board, Grid, sides_required
from domain.monunrail.parts.feasible_dp import completable
from domain.monunrail.parts.checks import place
from domain.monunrail.parts.tiles import (
    BLUE,
    KINDS,
    OPPOSITE,
    SHAPES,
    SIDES,
    kind_of,
    supply_kind,
)
from domain.monunrail.parts.track import is_complete
from domain.monunrail.parts.unrail import position_of, solver_for

UNRAIL_BUDGET = 20_000
"""Work units one unrail verdict may spend (as level 1's search)..."""
UNRAIL_STEP = 1_000
"""... in steps of this many (some 10 ms), the think time asked between them..."""
UNRAIL_STEPS = 200
"""... and at most this many steps in one decision, whatever its think time."""

Tile = tuple[int, int]
Build = tuple[Tile, ...]
_TRANSPOSE = {1: 8, 8: 1, 4: 2, 2: 4}
_KIND_INDEX = {kind: k for k, kind in enumerate(KINDS)}


def _transposed(mask: int) -> int:
    return sum(_TRANSPOSE[s] for s in SIDES if mask & s)


class Frame:
    """What the checks need of a board size, built once (:func:`frame_of`): the DP's cell order and
    tables, each shape's DP bit, the shapes an empty cell may take, neighbours, segments by cell."""

    def __init__(self, g: Grid):
        transpose = g.width > g.height
        rows, self.nc = (g.width, g.height) if transpose else (g.height, g.width)
        cells = [(c * g.width + r if transpose else r * g.width + c) for r in range(rows) for c in range(self.nc)]
        self.trans, self.start = dp.tables(self.nc)
        dp_index = {(_transposed(m) if transpose else m): i for i, m in enumerate(dp.SHAPE_MASKS)}
        self.fixed = np.zeros(16, np.int32)
        for m in SHAPES:
            self.fixed[m] = 1 << dp_index[m]
        self.free = np.zeros((16, 16, 8), np.int32)  # [must, cannot, kinds present] -> DP shape bits
        for must, cannot, present in itertools.product(range(16), range(16), range(8)):
            bits = 1 if not must else 0
            for m in SHAPES:
                if m & must == must and not m & cannot and present >> _KIND_INDEX[kind_of(m)] & 1:
                    bits |= int(self.fixed[m])
            self.free[must, cannot, present] = bits
        self.order = np.array(cells, np.int64)
        self.around = np.array([[-1 if g.neighbours[i][s] is None else g.neighbours[i][s] for s in SIDES]
                                for i in range(g.size)], np.int64)
        self.segments_at: list[list[tuple[int, ...]]] = [[] for _ in range(g.size)]
        for segment in g.segments():
            for cell in segment:
                self.segments_at[cell].append(segment)


@functools.cache
def frame_of(g: Grid) -> Frame:
    return Frame(g)


def warm_up() -> None:
    """Load (or compile) the completability check and the default board's tables."""
    from domain.monunrail.parts.board import grid

    g = grid(8, 7)
    Tactics(g, multicolor=False).completable((0,) * g.size, {"turn": 4})


class Tactics:
    """One decision's checks on a board of grid ``g`` (see the module's docstring); ``spent``
    bounds the unrail verdicts."""

    def __init__(self, g: Grid, multicolor: bool, spent: Callable[[], bool] = lambda: False):
        self.g, self.mc, self.spent = g, multicolor, spent
        self.frame = frame_of(g)
        self.segments_at = self.frame.segments_at
        self.known: dict[tuple[Board, tuple[int, ...]], bool] = {}
        self.verdicts: dict[int, bool | None] = {}
        self.unrail, self.steps = solver_for(g), 0

    def counts(self, supply: Mapping[str, int]) -> tuple[int, int, int]:
        """Straights, turns and crossroads in ``supply`` (Multicolor: red and blue added)."""
        merged = [0, 0, 0]
        for name, n in supply.items():
            merged[_KIND_INDEX[name.split("_")[-1]]] += n
        return merged[0], merged[1], merged[2]

    def completable(self, board: Board, supply: Mapping[str, int]) -> bool:
        """Whether tiles from ``supply`` on empty cells can complete the track (exact; cached)."""
        counts = self.counts(supply)
        key = (board, counts)
        found = self.known.get(key)
        if found is None:
            found = self.known[key] = self._completable(board, counts)
        return found

    def _completable(self, board: Board, counts: tuple[int, int, int]) -> bool:
        f = self.frame
        return bool(completable(np.array(board, np.int64), f.order, f.around, f.free, f.fixed, f.trans, f.start, f.nc,
                                np.array(counts, np.int64)))

    # ------------------------------------------------------------ builds

    def shapes_at(self, board: Board, cell: int) -> list[int]:
        """The rail masks a tile on empty ``cell`` may have without a dead end: it meets every rail
        end pointing at it and points at no board edge and no side of a tile without rail."""
        must, cannot = sides_required(board, self.g, cell)
        return [m for m in SHAPES if m & must == must and not m & cannot]

    def coloured(self, masks: list[int]) -> list[int]:
        """Each rail mask in every colour of the variant (Multicolor: red, then blue)."""
        return [m | colour for m in masks for colour in ((0, BLUE) if self.mc else (0,))]

    def single_builds(self, board: Board, supply: Mapping[str, int]) -> list[Build]:
        """Every one-tile build with no dead end, of a kind ``supply`` holds."""
        found: list[Build] = []
        for cell, code in enumerate(board):
            if code or not any(j is not None and board[j] for j in self.g.neighbours[cell].values()):
                continue
            for tile in self.coloured(self.shapes_at(board, cell)):
                if supply.get(supply_kind(tile, self.mc), 0) > 0:
                    found.append(((cell, tile),))
        return found

    def longer_builds(self, board: Board, supply: Mapping[str, int], safe: list[Build],
                      tick: Callable[[], None] = lambda: None) -> list[Build]:
        """The builds of 2-3 tiles in a line that keep the track completable and do not complete it,
        grown from ``safe`` ones (every tile of such a build lies on one completion, so the tile that
        touches the track is a safe build alone). Multicolor: a build is of one colour."""
        found: list[Build] = []
        seen: set[frozenset[Tile]] = set()
        frontier = list(safe)
        while frontier:
            tiles = frontier.pop()
            if len(tiles) == 3:
                continue
            cells = [cell for cell, _ in tiles]
            colour = tiles[0][1] & BLUE
            after = place(board, list(tiles))
            for side in SIDES:
                if len(tiles) > 1 and self.g.neighbours[cells[0]][side] not in cells and self.g.neighbours[cells[-1]][side] not in cells:
                    continue  # a line grows along itself only
                for end in (cells[0], cells[-1]):
                    nxt = self.g.neighbours[end][side]
                    if nxt is None or after[nxt] or nxt in cells:
                        continue
                    for mask in self.shapes_at(after, nxt):
                        grown = tuple(sorted(tiles + ((nxt, mask | colour),)))
                        if frozenset(grown) in seen:
                            continue
                        seen.add(frozenset(grown))
                        tick()
                        left = spend(supply, grown, self.mc)
                        whole = place(board, list(grown))
                        if min(left.values()) >= 0 and self.completable(whole, left) and not is_complete(whole, self.g):
                            found.append(grown)
                            frontier.append(grown)
        return found

    def completions(self, board: Board, supply: Mapping[str, int]) -> list[Build]:
        """Every build of 1-3 tiles in a line, of kinds ``supply`` holds, that completes the track."""
        g = self.g
        needed = {j for i, code in enumerate(board) if code for side in SIDES
                  if code & side and (j := g.neighbours[i][side]) is not None and not board[j]}
        if not needed or len(needed) > 3:
            return []
        found = []
        for segment in self.segments_at[min(needed)]:
            if not needed <= set(segment) or any(board[c] for c in segment):
                continue
            for tiles in self._fillings(board, segment):
                wanted: dict[str, int] = {}
                for _, code in tiles:
                    wanted[supply_kind(code, self.mc)] = wanted.get(supply_kind(code, self.mc), 0) + 1
                if all(supply.get(kind, 0) >= n for kind, n in wanted.items()) and is_complete(place(board, list(tiles)), g):
                    found.append(tiles)
        return found

    def _fillings(self, board: Board, segment: tuple[int, ...]) -> Iterator[Build]:
        """The tiles on ``segment`` whose every rail end meets one (inside the segment or out)."""
        g = self.g
        inside = set(segment)
        options = []
        for cell in segment:
            outward_empty = sum(s for s in SIDES if (j := g.neighbours[cell][s]) is not None and not board[j] and j not in inside)
            options.append([m for m in self.shapes_at(board, cell) if not m & outward_empty])
        for masks in itertools.product(*options):
            placed = dict(zip(segment, masks))
            if all(bool(m & s) == bool(placed[j] & OPPOSITE[s]) for c, m in placed.items() for s in SIDES
                   if (j := g.neighbours[c][s]) in placed):
                for colours in itertools.product(*([(0, BLUE)] * len(segment) if self.mc else [(0,)] * len(segment))):
                    yield tuple((c, m | colour) for (c, m), colour in zip(placed.items(), colours))

    # ------------------------------------------------------------ the unrail phase

    def mover_wins_unrail(self, board: Board) -> bool | None:
        """Whether the player to move wins the unrail phase from a complete ``board`` (``False``
        also when nothing is left to remove); ``None`` when the search ran out of budget."""
        mask = position_of(board, self.mc)
        if mask not in self.verdicts:
            wins = None if mask else False
            for _ in range(UNRAIL_BUDGET // UNRAIL_STEP if mask else 0):  # the memo keeps each step's work
                if self.spent() or self.steps >= UNRAIL_STEPS:
                    break
                self.steps += 1
                wins = self.unrail.value(mask, UNRAIL_STEP).wins
                if wins is not None:
                    break
            self.verdicts[mask] = wins
        return self.verdicts[mask]


def spend(supply: Mapping[str, int], tiles: Build, multicolor: bool) -> dict[str, int]:
    """``supply`` less the tiles of a build."""
    left = dict(supply)
    for _, code in tiles:
        left[supply_kind(code, multicolor)] = left.get(supply_kind(code, multicolor), 0) - 1
    return left


__all__ = ["Frame", "Tactics", "frame_of", "spend"]
