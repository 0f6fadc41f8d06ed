"""Cairo Corridor for a search (:mod:`domain.searcher`): :class:`CairoPosition`, who holds each
pentagon. A move is the pentagon's index in :data:`domain.cairo.parts.geometry.NAMES` (0-71); the
corridor survey runs compiled (:func:`domain.cairo.parts.board.survey`).

>>> from domain import cairo
>>> start = position(cairo.new_game())
>>> len(start.moves("first")), start.name(start.moves("first")[6]), start.parse("G left")
(72, 'Cd', 13)
>>> after = start.apply("first", 13)
>>> after.to_act(), len(after.moves("second")), after.result() is None
(('second',), 71, True)
>>> final = after.random_playout(random.Random(1)).final
>>> final.result().reason in ("score", "tiebreak"), final.to_act()
(True, ())
"""

from __future__ import annotations

import functools
import math
import random
from typing import ClassVar

import msgspec
import numpy as np

from domain.cairo.parts import kernels
from domain.cairo.parts.board import N
from domain.cairo.parts.estimates import heuristic
from domain.cairo.parts.geometry import NAMES, NEIGHBOURS
from domain.cairo.parts.notation import parse_cell
from domain.cairo.rules import score_result
from domain.cairo.state import SEATS, CairoState
from domain.errors import IllegalMove, InvalidCommand, WrongState
from domain.game import Result
from domain.searcher import Playout

TIEBREAKS = ("first_player_loses", "last_mover_loses")
EMPTY = 0xFF
"""An empty pentagon in :attr:`CairoPosition.owners` (-1 as a signed byte)."""
LIKELY = np.array([0.4, 1.0, 0.3, 0.3])
"""The weights of the search's estimate (:data:`domain.cairo.search.LIKELY`)."""


class CairoPosition(msgspec.Struct, frozen=True, dict=True):
    """A Cairo Corridor position: ``owners`` one byte per pentagon (0 first's piece, 1 second's,
    :data:`EMPTY`), ``turn`` the seat to move (0 first, 1 second), the ``tiebreak`` option, and
    ``winner``/``reason`` when the game ended off the board (a timeout, a resignation)."""

    seats: ClassVar[tuple[str, ...]] = SEATS
    owners: bytes = bytes([EMPTY] * N)
    turn: int = 0
    tiebreak: str = "first_player_loses"
    winner: str | None = None
    reason: str | None = None

    def to_act(self) -> tuple[str, ...]:
        return () if self.reason is not None or self._survey[0] != 1 else (SEATS[self.turn],)

    def moves(self, seat: str) -> list[int]:
        if self.reason is not None or seat != SEATS[self.turn] or self._survey[0] != 1:
            return []
        return list(self._survey[3])  # a copy: the caller may shuffle it

    def apply(self, seat: str, move: int) -> CairoPosition:
        if self.reason is not None or self._survey[0] != 1:
            raise WrongState("game_over", "The game is over.")
        if seat != SEATS[self.turn]:
            raise WrongState("not_your_turn", f"It is {SEATS[self.turn]}'s turn to move, not {seat}'s.")
        if not (isinstance(move, int) and 0 <= move < N and self._survey[2][move]):
            occupied = isinstance(move, int) and 0 <= move < N and self.owners[move] != EMPTY
            raise IllegalMove("occupied" if occupied else "breaks_corridor", f"{move!r} is not a legal move here.")
        owners = bytearray(self.owners)
        owners[move] = self.turn
        return CairoPosition(bytes(owners), 1 - self.turn, self.tiebreak)

    def result(self) -> Result | None:
        if self.reason is not None:
            return Result(self.winner, self.reason)
        status, corridor, _, _ = self._survey
        if status == 1:
            return None
        owners = self._owners()
        points = {seat: int(sum(1 for c in range(N) if owners[c] == side and _touches(corridor, c)))
                  for side, seat in enumerate(SEATS)}
        found = score_result(points, self.tiebreak, last_mover=SEATS[1 - self.turn])
        return Result(found.winner, found.reason, found.detail)

    def key(self) -> int:
        return int(kernels.zobrist(self._owners(), self.turn, TIEBREAKS.index(self.tiebreak)))

    def name(self, move: int) -> str:
        return NAMES[move]

    def parse(self, text: str) -> int:
        return parse_cell(text)

    def random_playout(self, rng: random.Random, max_moves: int = N) -> Playout:
        if self.result() is not None:
            return Playout(self, 0)
        owners = self._owners().copy()
        turn, played = kernels.random_playout(owners, self.turn, rng.getrandbits(62), max_moves)
        return Playout(CairoPosition(owners.tobytes(), turn, self.tiebreak), played)

    def evaluate(self, seat: str) -> float:
        over = self.result()
        if over is not None:
            return 0.0 if over.winner is None else 1.0 if over.winner == seat else -1.0
        _, corridor, legal, _ = self._survey
        side = SEATS.index(seat)
        value = heuristic(self._owners(), corridor, legal, side, TIEBREAKS.index(self.tiebreak), LIKELY)
        return math.tanh(float(value) / 4) * 0.95

    # ------------------------------------------------------------ helpers

    def _owners(self) -> np.ndarray:
        return np.frombuffer(self.owners, np.int8)

    @functools.cached_property
    def _survey(self) -> tuple[int, np.ndarray, np.ndarray, list[int]]:
        """(0 no corridor / 1 going on / 2 final, the corridor and legal flags, the legal moves)."""
        status, corridor, legal = kernels.surveyed(self._owners())
        return status, corridor, legal, np.flatnonzero(legal).tolist() if status == 1 else []


def _touches(corridor: np.ndarray, cell: int) -> bool:
    return any(corridor[n] for n in NEIGHBOURS[cell])


def position(state: CairoState | CairoPosition) -> CairoPosition:
    """The position of a library state (itself for a position)."""
    if isinstance(state, CairoPosition):
        return state
    if not isinstance(state, CairoState):
        raise InvalidCommand("not_a_state", f"{type(state).__name__} is not a Cairo Corridor state.")
    cached = state.__dict__.get("_position")
    if cached is None:
        timed_out = state.result is not None and state.result.reason == "timeout"
        winner, reason = (state.result.winner, state.result.reason) if state.result and timed_out else (None, None)
        cached = CairoPosition(bytes(o & 0xFF for o in state.owners), len(state.moves) % 2, state.options.tiebreak,
                               winner, reason)
        state.__dict__["_position"] = cached
    return cached


def warm_up() -> None:
    """Compile (or load from numba's cache) the kernels now."""
    start = CairoPosition()
    start.apply("first", 0).random_playout(random.Random(0), 3).final.key()
    start.evaluate("first")


__all__ = ["CairoPosition", "position", "warm_up"]
