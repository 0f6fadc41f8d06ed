"""Trax for a search (:mod:`domain.searcher`): :class:`TraxPosition`, the tiles and the seat to move.

The tiles are kept as the box of the tiles in play with a margin of one empty cell -- exactly the
cells the notation names (column ``@`` and row ``0`` are the margin) -- so a position is the same
struct however it was reached and wherever its first tile lay, and a move (an int, see
:mod:`domain.trax.parts.grid`) means the same cell in equal positions. The rules run compiled
(:mod:`domain.trax.parts.grid`). A win the loser could still undo with a Mulligan ends the position: a
search plays without Mulligans.

>>> from domain import trax
>>> start = position(trax.new_game())
>>> [start.name(m) for m in start.moves("white")]
['@0+', '@0/']
>>> after = start.apply("white", start.parse("@0/")).apply("red", 1 << 20 | 2 << 4 | 3)
>>> after.name(after.moves("white")[0]), after.to_act()
('A0+', ('white',))
>>> won = after.apply("white", after.parse("A2\\\\"))   # white's move closes a red loop
>>> won.result().winner, won.to_act(), won.moves("red")
('red', (), [])
>>> after.random_playout(random.Random(1)).final.result().reason in ("loop", "line", "draw")
True
"""

from __future__ import annotations

import functools
import random
from typing import ClassVar

import msgspec
import numpy as np

from domain.errors import IllegalMove, InvalidCommand, WrongState
from domain.game import Result
from domain.searcher import Playout
from domain.trax.parts import grid
from domain.trax.parts.board import xy_of
from domain.trax.parts.evaluation import score
from domain.trax.parts.notation import column_label, parse_move
from domain.trax.state import SEATS, TraxState
from domain.trax.parts.tiles import SYMBOL, tile_for

VARIANTS = ("standard", "8x8", "loop")
MAX_SIDE = {"standard": 0, "8x8": 8, "loop": 0}
PLAYOUT_MOVES = 10_000
"""The most moves :meth:`TraxPosition.random_playout` plays (a Trax game has no other limit)."""

_FIRST = [5, 9]  # @0+ and @0/: row 0, column 0


class TraxPosition(msgspec.Struct, frozen=True, dict=True):
    """A Trax position: ``tiles`` the ``(height + 2) x (width + 2)`` cells the notation names, row
    by row, each a tile code (:mod:`domain.trax.parts.tiles`; 0 empty) -- empty before the first move;
    ``turn`` the seat to move (0 white, 1 red); the ``variant``; ``winner`` and ``reason`` once a
    turn won (or the game ended another way: a timeout, a resignation)."""

    seats: ClassVar[tuple[str, ...]] = SEATS
    tiles: bytes = b""
    height: int = 0
    width: int = 0
    turn: int = 0
    variant: str = "standard"
    winner: str | None = None
    reason: str | None = None

    # ------------------------------------------------------------ the searcher's API

    def to_act(self) -> tuple[str, ...]:
        return () if self.result() is not None else (SEATS[self.turn],)

    def moves(self, seat: str) -> list[int]:
        if self.winner is not None or self.reason is not None or seat != SEATS[self.turn]:
            return []
        return list(self._moves)  # a copy: the caller may shuffle it

    def apply(self, seat: str, move: int) -> TraxPosition:
        if self.reason is not None:
            raise WrongState("game_over", "The game is over.")
        if seat != SEATS[self.turn]:
            raise WrongState("not_your_turn", f"It is {SEATS[self.turn]}'s turn to move, not {seat}'s.")
        if not isinstance(move, int) or move < 0:
            raise InvalidCommand("bad_move", f"A Trax move here is an int from moves() or parse(), not {move!r}.")
        if not self.tiles:
            if move not in _FIRST:
                raise IllegalMove("bad_first_move", "The first move is @0+ or @0/.")
            return TraxPosition(bytes((0, 0, 0, 0, move, 0, 0, 0, 0)), 1, 1, 1, self.variant)
        g, box = self._grid()
        refusal, found, after = grid.play(g, box, move, self.turn, MAX_SIDE[self.variant], self.variant != "loop")
        if refusal:
            raise IllegalMove(grid.ILLEGAL[refusal], f"{self.name(move)} is not a legal move here "
                                                     f"({grid.ILLEGAL[refusal].replace('_', ' ')}).")
        winner = reason = None
        if found:
            seat_won = grid.winner_of(found, self.turn)
            own = found & 3 if seat_won == 0 else found >> 2 & 3
            winner, reason = SEATS[seat_won], "loop" if own & 1 else "line"
        top, left, bottom, right = after
        return TraxPosition(g[top - 1:bottom + 2, left - 1:right + 2].tobytes(), bottom - top + 1, right - left + 1,
                            1 - self.turn, self.variant, winner, reason)

    def result(self) -> Result | None:
        if self.reason is not None:
            return Result(self.winner, self.reason)
        if not self._moves:
            return Result(None, "draw")
        return None

    def key(self) -> int:
        if not self.tiles:
            return int(grid.zobrist(np.zeros((1, 1), np.uint8), self.turn, VARIANTS.index(self.variant)))
        return int(grid.zobrist(self._stored(), self.turn, VARIANTS.index(self.variant)))

    def name(self, move: int) -> str:
        row, column, tile = grid.decode(move)
        return f"{column_label(column)}{row}{SYMBOL[tile]}"

    def parse(self, text: str) -> int:
        written = parse_move(text)
        if not self.tiles:
            tile = {"+": 5, "/": 9}.get(written.symbol)
            if (written.column, written.row) != (0, 0) or tile is None:
                raise IllegalMove("bad_first_move", "The first move is @0+ or @0/.")
            return tile
        if written.row > self.height + 1 or written.column > self.width + 1:
            raise IllegalMove("not_adjacent", f"{text.strip()} is not next to any tile.")
        g, _ = self._grid()
        y, x = written.row + 2, written.column + 2
        pattern = int(grid.pattern(g, y, x))
        tile = tile_for(written.symbol, pattern)
        if g[y, x] or not pattern & 15 or tile is None:
            raise IllegalMove("not_legal", f"{text.strip()} is not a legal move here.")
        return written.row << 20 | written.column << 4 | tile

    def random_playout(self, rng: random.Random, max_moves: int = PLAYOUT_MOVES) -> Playout:
        if self.result() is not None:
            return Playout(self, 0)
        start = self if self.tiles else self.apply(SEATS[0], rng.choice(_FIRST))
        g, box = start._grid()
        winner, reason, played, g, box, turn = grid.random_playout(
            g, box, start.turn, MAX_SIDE[self.variant], self.variant != "loop", rng.getrandbits(62), max_moves)
        top, left, bottom, right = box
        final = TraxPosition(g[top - 1:bottom + 2, left - 1:right + 2].tobytes(), bottom - top + 1,
                             right - left + 1, turn, self.variant,
                             SEATS[winner] if winner in (0, 1) else None,
                             "draw" if winner == 2 else ("loop", "line")[reason - 1] if winner >= 0 else None)
        return Playout(final, played + (start is not self))

    def evaluate(self, seat: str) -> float:
        over = self.result()
        if over is not None:
            return 0.0 if over.winner is None else 1.0 if over.winner == seat else -1.0
        if not self.tiles:
            return 0.0
        found = grid.features(self._stored(), self.variant != "loop")  # red's, then white's
        value = score(tuple(found[1 - self.turn]), tuple(found[self.turn]))  # white moves first, white's colour
        return float(max(-0.99, min(0.99, value if seat == SEATS[self.turn] else -value)))

    # ------------------------------------------------------------ helpers

    @functools.cached_property
    def _moves(self) -> list[int]:
        if not self.tiles:
            return list(_FIRST)
        g, box = self._grid()
        return [int(m) for m in grid.listing(g, box, MAX_SIDE[self.variant])]

    def _stored(self) -> np.ndarray:
        return np.frombuffer(self.tiles, np.uint8).reshape(self.height + 2, self.width + 2)

    def _grid(self) -> tuple[np.ndarray, tuple[int, int, int, int]]:
        """A grid with :data:`~domain.trax.parts.grid.MARGIN` empty cells around the box, and the box."""
        g = np.zeros((self.height + 6, self.width + 6), np.uint8)
        g[2:self.height + 4, 2:self.width + 4] = self._stored()
        return g, (3, 3, self.height + 2, self.width + 2)


def position(state: TraxState | TraxPosition) -> TraxPosition:
    """The position of a library state (itself for a position): its tiles, the seat to move, the
    variant and, once the game is over (or a win awaits a Mulligan), its result."""
    if isinstance(state, TraxPosition):
        return state
    if not isinstance(state, TraxState):
        raise InvalidCommand("not_a_state", f"{type(state).__name__} is not a Trax state.")
    cached: TraxPosition | None = state.__dict__.get("_position")
    if cached is not None:
        return cached
    board = state.board
    turn = len(state.turns) % 2
    over = state.pending.win if state.pending is not None else state.result
    winner, reason = (over.winner, over.reason) if over is not None else (None, None)
    if reason == "draw":  # no legal move: the tiles say so, as in a position a search reached
        winner, reason = None, None
    if board.box is None:
        found = TraxPosition(turn=turn, variant=state.options.variant, winner=winner, reason=reason)
    else:
        box = board.box
        stored = np.zeros((box.height + 2, box.width + 2), np.uint8)
        for key, tile in board.tiles.items():
            x, y = xy_of(key)
            stored[y - box.top + 1, x - box.left + 1] = tile
        found = TraxPosition(stored.tobytes(), box.height, box.width, turn, state.options.variant, winner, reason)
    state.__dict__["_position"] = found
    return found


def perft(state: TraxState | TraxPosition, depth: int) -> int:
    """How many move sequences of ``depth`` moves there are (compiled: :func:`domain.trax.parts.grid.perft`).

    >>> from domain import trax
    >>> [perft(trax.new_game(), d) for d in range(5)]
    [1, 2, 24, 432, 9568]
    """
    start = position(state)
    if depth == 0:
        return 1
    if start.result() is not None:
        return 0
    if not start.tiles:
        return sum(perft(start.apply("white", m), depth - 1) for m in _FIRST)
    h, w = start.height, start.width
    room = depth + grid.MARGIN
    g = np.zeros((h + 2 * room, w + 2 * room), np.uint8)
    g[room - 1:room + h + 1, room - 1:room + w + 1] = start._stored()
    return int(grid.perft(g, (room, room, room + h - 1, room + w - 1), depth, MAX_SIDE[start.variant],
                          start.variant != "loop"))


def warm_up() -> None:
    """Compile (or load from numba's cache) the kernels now."""
    after = position_after("@0+", "B1+")
    after.random_playout(random.Random(0), 3)
    after.apply("white", after.moves("white")[0]).key()
    after.evaluate("white")  # the level-3 search's leaves
    position_after(*r"@0+ @1+ C1\ C2\ B3\ D2+ B0/ C4+ C5\ D4\ E4\ D5+".split())  # a win: who won
    perft(after, 2)


def position_after(*moves: str) -> TraxPosition:
    """The position after ``moves`` (notation) from the start, standard variant.

    >>> position_after("@0+", "B1+").name(position_after("@0+", "B1+").moves("white")[-1])
    'B2\\\\'
    """
    found = TraxPosition()
    for i, move in enumerate(moves):
        found = found.apply(SEATS[i % 2], found.parse(move))
    return found
