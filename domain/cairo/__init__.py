"""Cairo Corridor (Markus Hagenauer, 2013), as ``docs/rules/cairo.md`` sets out.

The modules follow the rules page: :mod:`~domain.cairo.parts.geometry` (the 72 pentagons, their
adjacency and sides, computed), :mod:`~domain.cairo.parts.notation` (``Gl``, ``G left``),
:mod:`~domain.cairo.parts.corridor` (which cells may be filled, the end, the scores),
:mod:`~domain.cairo.state` (options, command, events, state), :mod:`~domain.cairo.rules` (the
decider), :mod:`~domain.cairo.view`, :mod:`~domain.cairo.svg` and :mod:`~domain.cairo.analysis`.
:data:`CAIRO` is the :class:`domain.game.Game` the server plays.

>>> from domain.game import Context
>>> s = CAIRO.begin(CAIRO.initial(CairoOptions(), seed=0), at=0)
>>> [e] = CAIRO.decide(s, Place("G left"), Context(now=5_000, seat="first"))
>>> e
CairoPlaced(seat='first', cell='Gl', at=5000, outcome=None)
>>> s = CAIRO.evolve(s, e)
>>> CAIRO.to_move(s), len(CAIRO.legal_moves(s, "second")), CAIRO.deadline(s)
(('second',), 71, Deadline(at=245000, key='turn:1', seat='second'))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from domain.cairo import analysis, bot, moves, notation, rules, svg, view
from domain.cairo.analysis import CairoAnalysis
from domain.cairo.state import (
    COMMANDS,
    EVENTS,
    SEATS,
    CairoCommand,
    CairoEvent,
    CairoOptions,
    CairoPlaced,
    CairoState,
    CairoTimedOut,
    Outcome,
    Place,
)
from domain.cairo.parts.position import CairoPosition, position
from domain.cairo.parts.position import warm_up as warm_up_position
from domain.cairo.view import CairoView
from domain.game import Game
from domain.known import state_from_events
from domain.library import Rules


class CairoGame(Game[CairoOptions, CairoState, CairoCommand, CairoEvent, CairoView]):
    """Cairo Corridor as a :class:`domain.game.Game`: nothing is hidden, nothing waits on a solver."""

    name = "cairo"
    seats = SEATS
    Options, View, commands, events = CairoOptions, CairoView, COMMANDS, EVENTS
    summary = ("Two players fill the 72 pentagons of a Cairo-tiled board but must leave a corridor "
               "joining all four sides; when it cannot narrow any more, the pieces lining it score.")
    time_control = ("A free minute a turn, then a 3-minute reserve held as 36 banks of 5 s, each bank "
                    "started used up whole; running out of reserve loses.")

    def warm_up(self) -> None:
        """Compile the bots' search and the searcher's position."""
        bot.warm_up()
        warm_up_position()

    def seats_moved(self, state: CairoState) -> frozenset[str]:
        """Moves alternate from the first seat: as many seats as moves, in order."""
        return rules.seats_moved(state)


CAIRO = CairoGame(rules, moves, notation, view, svg, analysis, bot)
LIBRARY = Rules(CAIRO)
"""The rules library (:mod:`domain.library`): the same functions in every game, exported below."""
GAME, new_game, to_act, legal_moves, play = CAIRO, LIBRARY.new_game, LIBRARY.to_act, LIBRARY.legal_moves, LIBRARY.play
wait, result, parse_move, format_move = LIBRARY.wait, LIBRARY.result, LIBRARY.parse_move, LIBRARY.format_move
analyse, perft, warm_up = LIBRARY.analyse, LIBRARY.perft, LIBRARY.warm_up
from_view = view.from_view
"""The state a match view shows (:func:`domain.cairo.view.from_view`)."""


def from_events(events: Iterable[Any]) -> CairoState:
    """The state after a match's events as a seat or a spectator is shown them (:mod:`domain.known`)."""
    return state_from_events(CAIRO, events)  # type: ignore[no-any-return]


__all__ = ["GAME", "new_game", "to_act", "legal_moves", "play", "wait", "result", "parse_move", "format_move",
           "analyse", "perft", "warm_up", "position", "from_view", "from_events", "LIBRARY", "CAIRO", "CairoPosition", "CairoAnalysis", "CairoCommand", "CairoEvent",
           "CairoGame", "CairoOptions", "CairoPlaced", "CairoState", "CairoTimedOut", "CairoView", "Outcome", "Place"]
