"""The searcher's API: a compact, hashable position per game, for bots that search.

The library's states (:mod:`domain.library`) are the server's: they carry the clocks and the
history, and every move is checked and written in notation. A search wants something else: many
positions a second, moves as small ints, and positions that are equal -- and hash equal -- however
they were reached, so that a transposition table can hold them. Each game's package exports
``position(state)``, which gives its :class:`Position`: an immutable ``msgspec.Struct`` of the
position alone (no clock, no history), with the methods below, the same in every game.

>>> from domain import cairo
>>> start = cairo.position(cairo.new_game())
>>> start.to_act(), len(start.moves("first"))
(('first',), 72)
>>> a = start.apply("first", start.parse("Gl")).apply("second", start.parse("Hl"))
>>> a.apply("first", a.parse("Al")) == start.apply("first", start.parse("Al")).apply("second", a.parse("Hl")).apply(
...     "first", a.parse("Gl"))  # one position, two move orders
True

A game whose turn is several moves of one seat (a MonUnrail turn of builds, a Deep Sea Voyage
action) lists them one at a time, each an int, with an int that ends the turn; a game where both
seats act at once (Deep Sea Voyage's sealed windows) lists both seats in ``to_act`` and takes each
seat's moves on its own. A game with hidden information gives the position a seat knows
(``determinize(seat, rng)`` fills in the hidden part, consistently with what the seat observed).
"""

from __future__ import annotations

import random
from typing import ClassVar, Protocol, TypeVar

import msgspec

from domain.game import Result

P = TypeVar("P", bound="Position")


class Playout(msgspec.Struct, frozen=True):
    """What a random playout reached: the ``final`` position (over, unless the playout stopped at
    its most moves) and how many ``moves`` it played."""

    final: Position
    moves: int


class Position(Protocol):
    """What every game's position offers a search (see the module's docstring)."""

    seats: ClassVar[tuple[str, ...]]
    """The game's seats, in their order."""

    def to_act(self) -> tuple[str, ...]:
        """The seats that may move now (``()``: the game is over)."""

    def moves(self, seat: str) -> list[int]:
        """``seat``'s legal moves, each an int (``[]`` unless it is to act)."""

    def apply(self: P, seat: str, move: int) -> P:
        """The position after ``seat`` plays ``move`` (an :class:`~domain.errors.IllegalMove` or a
        :class:`~domain.errors.WrongState` when it may not)."""

    def result(self) -> Result | None:
        """How the game ended, or ``None`` while it goes on."""

    def key(self) -> int:
        """A 64-bit Zobrist-style key: equal positions have equal keys, in every process."""

    def name(self, move: int) -> str:
        """``move`` in the game's notation (what ``legal_moves`` lists and the server takes)."""

    def parse(self, text: str) -> int:
        """The move ``text`` (the game's notation) names here."""

    def random_playout(self, rng: random.Random, max_moves: int = ...) -> Playout:
        """Uniformly random legal moves to the end (compiled where it pays)."""

    def evaluate(self, seat: str) -> float:
        """``seat``'s prospects from -1.0 (lost) to 1.0 (won): the game's static estimate, exact once
        the game is over (cheap: no search; ``GAME.evaluate`` is the bots' searched one)."""
