"""Trax (David L. Smith, 1980), as ``docs/rules/trax.md`` sets out.

The modules follow the rules page: :mod:`~domain.trax.parts.tiles` (the tiles), :mod:`~domain.trax.parts.board`
(the grid and its bounding box), :mod:`~domain.trax.parts.notation` (moves as written),
:mod:`~domain.trax.parts.forced` (forced plays and the three-edge rule), :mod:`~domain.trax.parts.chains` (forced
plays by table look-up), :mod:`~domain.trax.parts.wins` (loops and lines), :mod:`~domain.trax.parts.placements` (legal
moves, perft), :mod:`~domain.trax.state` (options, commands, events, state), :mod:`~domain.trax.rules`
(the decider), :mod:`~domain.trax.view` and :mod:`~domain.trax.svg`, and :mod:`~domain.trax.analysis`
(which moves win or lose at once).
:data:`TRAX` is the :class:`domain.game.Game` the server plays.

>>> from domain.game import Context
>>> s = TRAX.begin(TRAX.initial(TraxOptions(), seed=0), at=0)
>>> [e] = TRAX.decide(s, Play("@0+"), Context(now=5_000, seat="white"))
>>> e
Played(seat='white', move='@0+', placed=['@0+'], at=5000, tiles=[(0, 0, 5)], outcome=None)
>>> s = TRAX.evolve(s, e)
>>> TRAX.to_move(s), len(TRAX.legal_moves(s, "red")), TRAX.deadline(s)
(('red',), 12, Deadline(at=605000, key='turn:1', seat='red'))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from domain.game import Game
from domain.library import Rules
from domain.trax import analysis, bot, moves, notation, rules, svg, view
from domain.trax.analysis import TraxAnalysis
from domain.trax.state import (
    COMMANDS,
    EVENTS,
    SEATS,
    DeclineMulligan,
    Mulligan,
    MulliganDeclined,
    MulliganUsed,
    Play,
    Played,
    TraxCommand,
    TraxEvent,
    TraxOptions,
    TraxState,
    TraxTimedOut,
)
from domain.trax.parts.position import TraxPosition, position
from domain.trax.parts.position import warm_up as warm_up_position
from domain.trax.view import TraxView
from domain.known import state_from_events


class TraxGame(Game[TraxOptions, TraxState, TraxCommand, TraxEvent, TraxView]):
    """Trax as a :class:`domain.game.Game`: nothing is hidden, nothing waits on a solver."""

    name = "trax"
    seats = SEATS
    Options, View, commands, events = TraxOptions, TraxView, COMMANDS, EVENTS
    previews = True
    """Its moves touch no hidden information: ``board.svg?after=<move>`` shows a tile's forced plays."""
    summary = ("Two players lay square tiles that each carry a white and a red path; forced tiles follow "
               "each move. Whoever closes a loop of their colour, or a line spanning 8 squares, wins.")
    time_control = ("One grace: 60 s a move; once a game one move may take up to 10 minutes in all. "
                    "Going over the 60 s a second time loses.")

    def count_moves(self, state: TraxState, depth: int) -> int:
        """Trax's own perft, compiled, from the board alone (no state is built per move)."""
        return moves.count_moves(state, depth)

    def warm_up(self) -> None:
        """Compile (or load from numba's cache) the searcher's position and perft."""
        warm_up_position()

    def seats_moved(self, state: TraxState) -> frozenset[str]:
        """Turns alternate from white: the first ``ply`` seats in order have moved (a Mulligan is a turn)."""
        return rules.seats_moved(state)


TRAX = TraxGame(rules, moves, notation, view, svg, analysis, bot)
LIBRARY = Rules(TRAX)
"""The rules library (:mod:`domain.library`): the same functions in every game, exported below."""
GAME, new_game, to_act, legal_moves, play = TRAX, LIBRARY.new_game, LIBRARY.to_act, LIBRARY.legal_moves, LIBRARY.play
wait, result, parse_move, format_move = LIBRARY.wait, LIBRARY.result, LIBRARY.parse_move, LIBRARY.format_move
analyse, perft, warm_up = LIBRARY.analyse, LIBRARY.perft, LIBRARY.warm_up
from_view = view.from_view
"""The state a match view shows (:func:`domain.trax.view.from_view`)."""


def from_events(events: Iterable[Any]) -> TraxState:
    """The state after a match's events as a seat or a spectator is shown them (:mod:`domain.known`)."""
    return state_from_events(TRAX, events)  # type: ignore[no-any-return]


__all__ = ["GAME", "new_game", "to_act", "legal_moves", "play", "wait", "result", "parse_move", "format_move",
           "analyse", "perft", "warm_up", "position", "from_view", "from_events", "LIBRARY", "TRAX", "TraxPosition", "DeclineMulligan", "Mulligan", "MulliganDeclined",
           "MulliganUsed", "Play", "Played", "TraxAnalysis", "TraxCommand", "TraxEvent", "TraxGame", "TraxOptions",
           "TraxState", "TraxTimedOut", "TraxView"]
