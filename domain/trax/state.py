"""What a Trax match is made of: its options, the commands players send, the events recorded, and
the state the events build.

Every event carries what :func:`domain.trax.rules.evolve` needs, so replaying the recorded events
always rebuilds the same state.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.clock import NoClock, OneGrace, SeatClock
from domain.game import Result
from domain.trax.board import Board

SEATS = ("white", "red")
"""White moves first. A seat's colour is its path colour on the tiles."""


class TraxOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``variant``: ``standard``, ``8x8`` (the play area never exceeds 8 x 8) or ``loop`` (only
    loops win); ``mulligan``: each player holds one Mulligan; ``time``: the clock."""

    variant: Literal["standard", "8x8", "loop"] = "standard"
    mulligan: bool = False
    time: OneGrace | NoClock = OneGrace()


# ---------------------------------------------------------------- commands


class Play(msgspec.Struct, frozen=True, tag="play", forbid_unknown_fields=True):
    """Place a tile, in standard notation such as ``B1+``."""

    move: str


class Mulligan(msgspec.Struct, frozen=True, tag="mulligan", forbid_unknown_fields=True):
    """Use your Mulligan: rewind the game to the start of your most recent turn."""


class DeclineMulligan(msgspec.Struct, frozen=True, tag="decline_mulligan", forbid_unknown_fields=True):
    """Let the opponent's win stand instead of using your Mulligan."""


COMMANDS = (Play, Mulligan, DeclineMulligan)

# ---------------------------------------------------------------- events


class Played(msgspec.Struct, frozen=True, tag="played"):
    """A turn: ``move`` as written (canonical form), ``placed`` every tile it put down -- the
    played one first, then the forced ones -- as cell and symbol relative to the box before the
    move (e.g. ``["A2\\\\", "B2/"]``), ``at`` the server time in ms."""

    seat: str
    move: str
    placed: list[str]
    at: int


class MulliganUsed(msgspec.Struct, frozen=True, tag="mulligan_used"):
    """``seat`` used its Mulligan at ``at``; ``undone`` lists the moves taken back, oldest first."""

    seat: str
    undone: list[str]
    at: int


class MulliganDeclined(msgspec.Struct, frozen=True, tag="mulligan_declined"):
    """``seat`` let the opponent's win stand."""

    seat: str
    at: int


class TimedOut(msgspec.Struct, frozen=True, tag="timed_out"):
    """``seat`` let its turn's deadline pass."""

    seat: str
    at: int


EVENTS = (Played, MulliganUsed, MulliganDeclined, TimedOut)

# ---------------------------------------------------------------- state


class PendingWin(msgspec.Struct, frozen=True):
    """A win the loser may still undo with their Mulligan; the loser (``decider``) is to act."""

    win: Result
    decider: str


class TraxState(msgspec.Struct, frozen=True):
    """The whole game. ``boards[i]`` is the board after ``i`` turns (``boards[0]`` is empty), so a
    Mulligan can rewind; ``moves[i]`` is turn ``i``'s move, made by ``SEATS[i % 2]``. ``ply``
    counts every change of turn (moves and Mulligans) and never goes back; it names deadlines."""

    options: TraxOptions
    boards: tuple[Board, ...]
    moves: tuple[str, ...]
    clocks: dict[str, SeatClock]
    mulligans_left: dict[str, int]
    ply: int = 0
    turn_started_at: int | None = None
    pending: PendingWin | None = None
    result: Result | None = None

    @property
    def board(self) -> Board:
        return self.boards[-1]
