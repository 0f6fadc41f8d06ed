"""Duorail (jkittykitkat), as ``docs/rules/duorail.md`` sets out.

The modules: :mod:`~domain.duorail.parts.track` (cells, shapes, track notation and validation) and
:mod:`~domain.duorail.parts.solver` (does a track exist, the longest track), :mod:`~domain.duorail.parts.notation`
(moves as written), :mod:`~domain.duorail.state` (options, commands, events, state),
:mod:`~domain.duorail.rules` (the decider), :mod:`~domain.duorail.view`, :mod:`~domain.duorail.svg`
and :mod:`~domain.duorail.analysis` (solver work for the jobs, and the analysis of a position).
:data:`DUORAIL` is the :class:`domain.game.Game` the server plays.

>>> from domain.game import Context
>>> s = DUORAIL.begin(DUORAIL.initial(DuorailOptions(), seed=0), at=0)
>>> [e] = DUORAIL.decide(s, DuorailMove("c3 ru"), Context(now=5_000, seat="blue"))
>>> e
DuorailPlaced(seat='blue', cell='C3', colour='blue', shape='UR', at=5000)
>>> s = DUORAIL.evolve(s, e)
>>> DUORAIL.to_move(s), len(DUORAIL.legal_moves(s, "red")), DUORAIL.deadline(s)
(('red',), 643, Deadline(at=365000, key='turn:1', seat='red'))
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from domain.duorail import analysis, bot, moves, notation, rules, svg, view
from domain.duorail.analysis import DuorailAnalysis, find_track, longest_track
from domain.duorail.state import (
    COMMANDS,
    EVENTS,
    SEATS,
    ChallengeDecided,
    Challenged,
    DuorailCommand,
    DuorailEvent,
    DuorailMove,
    DuorailOptions,
    DuorailPlaced,
    DuorailSolverAnswer,
    DuorailState,
    Passed,
    RecordPublished,
    SubmitTrack,
    TrackSealed,
    TracksRevealed,
)
from domain.duorail.parts.position import CHALLENGE_BLUE, CHALLENGE_RED, NO_TRACK, PASS, SHOW_TRACK, DuorailPosition, position
from domain.duorail.parts.position import warm_up as warm_up_position
from domain.duorail.view import DuorailView
from domain.bots import Think
from domain.game import Game, Job
from domain.known import state_from_events
from domain.library import Rules


class DuorailGame(Game[DuorailOptions, DuorailState, DuorailCommand, DuorailEvent, DuorailView]):
    """Duorail as a :class:`domain.game.Game`: a sealed endgame track is private until the reveal;
    challenges and the endgame wait on the track solver."""

    name = "duorail"
    seats = SEATS
    Options, View, commands, events = DuorailOptions, DuorailView, COMMANDS, EVENTS
    has_private_events = True
    summary = ("Two players lay rail pieces on a 9x9 board, challenge each other to show a closed "
               "track of a colour, and at the end the longer track of their own colour wins.")
    time_control = ("A minute a move plus a 5-minute reserve; a turn that runs out of both is a pass. "
                    "A challenge and the endgame each have their own window (5 minutes).")
    time_options = ("time", "construction_ms")

    def jobs(self, state: DuorailState) -> list[Job]:
        return rules.jobs(state)

    def work(self, state: DuorailState, job: Job) -> DuorailSolverAnswer:
        return analysis.work(state, job)

    def visibility(self, event: DuorailEvent) -> str | None:
        return rules.visibility(event)

    def warm_up(self) -> None:
        """Compile (or load from numba's cache) the track solver and the searcher's position."""
        analysis.warm_up()
        warm_up_position()

    def seats_moved(self, state: DuorailState) -> frozenset[str]:
        """The seats with a turn that was not a pass by timeout."""
        return rules.seats_moved(state)


DUORAIL = DuorailGame(rules, moves, notation, view, svg, analysis, bot)
LIBRARY = Rules(DUORAIL)
"""The rules library (:mod:`domain.library`): the same functions in every game, exported below."""
GAME, new_game, to_act, legal_moves, play = DUORAIL, LIBRARY.new_game, LIBRARY.to_act, LIBRARY.legal_moves, LIBRARY.play
wait, result, parse_move, format_move = LIBRARY.wait, LIBRARY.result, LIBRARY.parse_move, LIBRARY.format_move
analyse, perft, warm_up = LIBRARY.analyse, LIBRARY.perft, LIBRARY.warm_up
from_view = view.from_view
"""The state a match view shows to its seat (:func:`domain.duorail.view.from_view`)."""


def from_events(events: Iterable[Any]) -> DuorailState:
    """The state after a match's events as a seat or a spectator is shown them (:mod:`domain.known`).
    The event stream carries no sealed endgame track until the reveal, not even to its own seat
    (docs/decisions.md, "Events and visibility"): the seat's own is in :func:`from_view`."""
    return state_from_events(DUORAIL, events)  # type: ignore[no-any-return]


def search_move(state: DuorailState | DuorailPosition, seat: str, think: Think) -> int:
    """Level 3's move for ``seat``, to play, within ``think`` (the position's int: ``name`` writes
    it): a winning challenge, else an iterative-deepening alpha-beta over the positions among the
    best placements by the library's scores of every placement (:mod:`domain.duorail.search`)."""
    from domain.duorail.search import searched_move

    return searched_move(state, seat, think, bot.SEARCH_WIDTHS, bot.SEARCH_DEPTH, bot.SEARCH_CAP)


def determinize(state: DuorailState | DuorailPosition, seat: str,
                rng: random.Random | None = None) -> DuorailState | DuorailPosition:
    """The state (or position) ``seat`` knows with the hidden part filled in: Duorail hides only the
    opponent's sealed endgame track, which is left open (``state`` itself: the opponent may still
    seal, and a search plays that as a move of the position, :data:`SHOW_TRACK` or :data:`NO_TRACK`)."""
    return state

__all__ = ["GAME", "new_game", "to_act", "legal_moves", "play", "wait", "result", "parse_move", "format_move",
           "analyse", "perft", "warm_up", "position", "from_view", "from_events", "determinize", "search_move", "CHALLENGE_BLUE", "CHALLENGE_RED", "PASS", "SHOW_TRACK", "NO_TRACK", "LIBRARY", "DUORAIL", "find_track", "longest_track", "ChallengeDecided",
           "Challenged", "DuorailAnalysis", "DuorailCommand", "DuorailEvent", "DuorailGame", "DuorailMove",
           "DuorailOptions", "DuorailPlaced", "DuorailPosition", "DuorailSolverAnswer", "DuorailState", "DuorailView", "Passed",
           "RecordPublished", "SubmitTrack", "TrackSealed", "TracksRevealed"]
