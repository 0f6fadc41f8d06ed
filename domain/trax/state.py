"""What a Trax match is made of: its options, the commands players send, the events recorded, and
the state the events build.

Every event carries what :func:`domain.trax.rules.evolve` needs, so replaying the recorded events
always rebuilds the same state. A :class:`Played` event carries its outcome -- the tiles the turn put
down (forced ones included) and the win or draw it made -- so evolving it applies the turn without
any rule computation; the decider worked all of that out once, when it decided the move.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator
from typing import Literal

import msgspec

from domain.clock import NoClock, OneGrace, SeatClock
from domain.game import Result
from domain.trax.parts.board import Board, Box, key_of

SEATS = ("white", "red")
"""White moves first. A seat's colour is its path colour on the tiles."""


class TraxOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``variant``: ``standard``, ``8x8`` (the play area never exceeds 8 x 8) or ``loop`` (only
    loops win); ``mulligan``: each player holds one Mulligan; ``time``: the clock;
    ``second_colour``: how the second player's colour is displayed -- ``red``, ``black`` or
    ``purple`` -- in drawings and views only: the seat stays ``red`` in the rules, the notation,
    the events and the API."""

    variant: Literal["standard", "8x8", "loop"] = "standard"
    mulligan: bool = False
    time: OneGrace | NoClock = OneGrace()
    second_colour: Literal["red", "black", "purple"] = "red"


def display_colours(options: TraxOptions) -> dict[str, str]:
    """Each seat's colour as drawn.

    >>> display_colours(TraxOptions(second_colour="purple"))
    {'white': 'white', 'red': 'purple'}
    """
    return {"white": "white", "red": options.second_colour}


# ---------------------------------------------------------------- commands


class Play(msgspec.Struct, frozen=True, tag="play", forbid_unknown_fields=True):
    """Place a tile, in standard notation such as ``B1+``."""

    move: str


class Mulligan(msgspec.Struct, frozen=True, tag="mulligan", forbid_unknown_fields=True):
    """Use your Mulligan: rewind the game to the start of your most recent turn."""


class DeclineMulligan(msgspec.Struct, frozen=True, tag="decline_mulligan", forbid_unknown_fields=True):
    """Let the opponent's win stand instead of using your Mulligan."""


COMMANDS = (Play, Mulligan, DeclineMulligan)
TraxCommand = Play | Mulligan | DeclineMulligan
"""Any command of the game (the type :class:`domain.game.Game` is parametrised by)."""

# ---------------------------------------------------------------- events


TileAt = tuple[int, int, int]
"""A tile in play as ``(x, y, tile)``: absolute coordinates (the game's first tile lies at ``(0, 0)``,
``x`` grows to the right, ``y`` downwards) and the tile code -- the mask of its white sides, see
:mod:`domain.trax.parts.tiles` -- so the colouring, not just the symbol."""


class Played(msgspec.Struct, frozen=True, tag="played"):
    """A turn: ``move`` as written (canonical form), ``placed`` every tile it put down -- the
    played one first, then the forced ones -- as cell and symbol relative to the box before the
    move (e.g. ``["A2\\\\", "B2/"]``), ``at`` the server time in ms.

    What the turn did, so that evolving it needs no rule: ``tiles`` the same tiles in the same order
    as :data:`TileAt` triples, and ``outcome`` the result the turn made -- the win it formed (mover
    wins rule) or a draw when the next player has no legal move -- or ``None``. With the Mulligan
    option a win still waits for the loser's decision when the loser holds a Mulligan.

    An event recorded before these two fields existed has ``tiles == []``; evolving it replays the
    move by the rules, as it always did.
    """

    seat: str
    move: str
    placed: list[str]
    at: int
    tiles: list[TileAt] = []
    outcome: Result | None = None


class MulliganUsed(msgspec.Struct, frozen=True, tag="mulligan_used"):
    """``seat`` used its Mulligan at ``at``; ``undone`` lists the moves taken back, oldest first."""

    seat: str
    undone: list[str]
    at: int


class MulliganDeclined(msgspec.Struct, frozen=True, tag="mulligan_declined"):
    """``seat`` let the opponent's win stand."""

    seat: str
    at: int


class TraxTimedOut(msgspec.Struct, frozen=True, tag="timed_out"):
    """``seat`` let its turn's deadline pass."""

    seat: str
    at: int


EVENTS = (Played, MulliganUsed, MulliganDeclined, TraxTimedOut)
TraxEvent = Played | MulliganUsed | MulliganDeclined | TraxTimedOut
"""Any event of the game."""

# ---------------------------------------------------------------- state


class PendingWin(msgspec.Struct, frozen=True):
    """A win the loser may still undo with their Mulligan; the loser (``decider``) is to act."""

    win: Result
    decider: str


class Turn(msgspec.Struct, frozen=True, gc=False):
    """One turn made: who, the move as written, the tiles it put down (:data:`TileAt`) and the
    bounding box of every tile in play after it."""

    seat: str
    move: str
    tiles: tuple[TileAt, ...]
    box: Box


CHUNK = 32


class Turns(msgspec.Struct, frozen=True):
    """The turns made, oldest first: an immutable sequence that grows by one turn in (amortised)
    constant time, where a tuple would copy every earlier turn. The turns are kept in full chunks
    of :data:`CHUNK` and a tail of 1 to ``CHUNK`` turns (none when empty): one layout per sequence,
    so equal sequences are equal structs.

    >>> turns = Turns()
    >>> for i in range(70):
    ...     turns = turns.append(Turn(seat="white", move=str(i), tiles=(), box=Box(0, 0, 0, 0)))
    >>> len(turns), turns[-1].move, [t.move for t in turns.first(33)][-2:], turns.first(33) == turns.first(34).first(33)
    (70, '69', ['31', '32'], True)
    """

    chunks: tuple[tuple[Turn, ...], ...] = ()
    tail: tuple[Turn, ...] = ()

    def __len__(self) -> int:
        return len(self.chunks) * CHUNK + len(self.tail)

    def __iter__(self) -> Iterator[Turn]:
        for chunk in self.chunks:
            yield from chunk
        yield from self.tail

    def __getitem__(self, index: int) -> Turn:
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("turn index out of range")
        chunk, at = divmod(index, CHUNK)
        return (self.chunks[chunk] if chunk < len(self.chunks) else self.tail)[at]

    @property
    def last(self) -> Turn | None:
        return self.tail[-1] if self.tail else None

    def append(self, turn: Turn) -> Turns:
        if len(self.tail) == CHUNK:
            return Turns((*self.chunks, self.tail), (turn,))
        return Turns(self.chunks, self.tail + (turn,))

    def first(self, n: int) -> Turns:
        """The first ``n`` turns."""
        if n >= len(self):
            return self
        if n <= 0:
            return Turns()
        full, rest = divmod(n, CHUNK)
        if not rest:
            full, rest = full - 1, CHUNK
        return Turns(self.chunks[:full], (self.chunks[full] if full < len(self.chunks) else self.tail)[:rest])

    def since(self, start: int) -> list[Turn]:
        """The turns from index ``start`` on."""
        return list(itertools.islice(self, start, None))


class TraxState(msgspec.Struct, frozen=True, dict=True):
    """The whole game. ``turns[i]`` is turn ``i``, made by ``SEATS[i % 2]``; a Mulligan rewinds by
    dropping the last turns. ``ply`` counts every change of turn (moves and Mulligans) and never
    goes back; it names deadlines.

    The board is derived from the turns when first asked for and then kept with the state (equality
    compares only the fields). :func:`domain.trax.rules.evolve` hands a board already built on to
    the next state, adding the turn's tiles, so live play never rebuilds it; a cold replay builds it
    once, at the end.
    """

    options: TraxOptions
    turns: Turns
    clocks: dict[str, SeatClock]
    mulligans_left: dict[str, int]
    ply: int = 0
    turn_started_at: int | None = None
    pending: PendingWin | None = None
    result: Result | None = None

    @property
    def acting_since(self) -> int | None:
        """When the seats to act began to act: the start of the current turn (``None``: not
        begun). The library's moves are played then unless told otherwise."""
        return self.turn_started_at

    @functools.cached_property
    def board(self) -> Board:
        """The tiles in play and their box."""
        return self.board_at(len(self.turns))

    @functools.cached_property
    def moves(self) -> tuple[str, ...]:
        """The moves of the turns made, oldest first."""
        return tuple(turn.move for turn in self.turns)

    def board_at(self, turns: int) -> Board:
        """The board after the first ``turns`` turns."""
        made = self.turns.first(turns)
        if not made:
            return Board()
        tiles: dict[int, int] = {}
        for turn in made:
            for x, y, tile in turn.tiles:
                tiles[key_of(x, y)] = tile
        last = made.last
        return Board(tiles, None if last is None else last.box)
