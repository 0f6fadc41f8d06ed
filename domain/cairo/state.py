"""What a Cairo Corridor match is made of: options, the command, the events, the state.

A :class:`CairoPlaced` event carries everything its move did -- when it ended the game, the final
corridor, the scores and the result -- so :func:`domain.cairo.rules.evolve` applies it without any
rule computation, and replaying the recorded events always rebuilds the same state.

>>> CairoOptions().tiebreak, CairoOptions().time
('first_player_loses', Bank(per_move_ms=60000, reserve_ms=180000, bank_size_ms=5000))
"""

from __future__ import annotations

import functools
from typing import Literal

import msgspec

from domain.cairo.parts.corridor import ALL_CELLS, Survey, survey
from domain.cairo.parts.geometry import CELL_COUNT, INDEX
from domain.clock import Bank, NoClock, SeatClock
from domain.game import Result

SEATS = ("first", "second")
"""``first`` moves first and plays the dark pieces; ``second`` the light ones."""
COLOURS = {"first": "dark", "second": "light"}


class CairoOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``tiebreak``: who loses on equal scores -- the first player (the seed rule) or the player who
    made the last move; ``time``: the clock (default 1 minute a turn plus 36 banks of 5 seconds)."""

    tiebreak: Literal["first_player_loses", "last_mover_loses"] = "first_player_loses"
    time: Bank | NoClock = Bank(per_move_ms=60_000, reserve_ms=180_000, bank_size_ms=5_000)


# ---------------------------------------------------------------- command


class Place(msgspec.Struct, frozen=True, tag="cairo_place", forbid_unknown_fields=True):
    """Put a piece on an empty pentagon: ``{"type": "cairo_place", "cell": "Gl"}`` (or ``"G left"``)."""

    cell: str


COMMANDS = (Place,)
CairoCommand = Place
"""Any command of the game (the type :class:`domain.game.Game` is parametrised by)."""

# ---------------------------------------------------------------- events


class Outcome(msgspec.Struct, frozen=True):
    """How a move ended the game: the final ``corridor`` (cells in board order), the ``scores`` and
    the ``result``."""

    corridor: list[str]
    scores: dict[str, int]
    result: Result


class CairoPlaced(msgspec.Struct, frozen=True, tag="cairo_placed"):
    """``seat`` put a piece on ``cell`` (canonical name) at ``at`` (server ms); ``outcome`` is set
    when the move ended the game."""

    seat: str
    cell: str
    at: int
    outcome: Outcome | None = None


class CairoTimedOut(msgspec.Struct, frozen=True, tag="cairo_timed_out"):
    """``seat`` ran out of reserve at ``at``: it loses."""

    seat: str
    at: int


EVENTS = (CairoPlaced, CairoTimedOut)
CairoEvent = CairoPlaced | CairoTimedOut
"""Any event of the game."""

# ---------------------------------------------------------------- state


class CairoState(msgspec.Struct, frozen=True, dict=True):
    """The whole game: ``moves`` the cells filled, oldest first (move ``i`` by ``SEATS[i % 2]``),
    ``empty`` the empty cells as a bit mask (bit ``i`` is cell ``i`` of
    :data:`domain.cairo.parts.geometry.NAMES`), the clocks, when the running turn started (``None`` until
    play begins), and once over the ``result`` with the final ``corridor`` and ``scores``.

    The corridor survey is derived when first asked for and kept with the state.
    """

    options: CairoOptions
    clocks: dict[str, SeatClock]
    moves: tuple[str, ...] = ()
    empty: int = ALL_CELLS
    turn_started_at: int | None = None
    result: Result | None = None
    corridor: tuple[str, ...] = ()
    scores: dict[str, int] | None = None

    @property
    def acting_since(self) -> int | None:
        """When the seats to act began to act: the start of the current turn (``None``: not
        begun). The library's moves are played then unless told otherwise."""
        return self.turn_started_at

    @functools.cached_property
    def survey(self) -> Survey:
        """The corridor component and the cells that may be filled."""
        return survey(self.empty)

    @functools.cached_property
    def owners(self) -> tuple[int, ...]:
        """Per cell: 0 for a first's piece, 1 for second's, -1 when empty."""
        owners = [-1] * CELL_COUNT
        for i, name in enumerate(self.moves):
            owners[INDEX[name]] = i % 2
        return tuple(owners)
