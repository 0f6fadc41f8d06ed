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
from domain.duorail.view import DuorailView
from domain.game import Game, Job
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
        analysis.warm_up()

    def seats_moved(self, state: DuorailState) -> frozenset[str]:
        """The seats with a turn that was not a pass by timeout."""
        return rules.seats_moved(state)


DUORAIL = DuorailGame(rules, moves, notation, view, svg, analysis, bot)
LIBRARY = Rules(DUORAIL)
"""The rules library (:mod:`domain.library`): the same functions in every game, exported below."""
GAME, new_game, to_act, legal_moves, play = DUORAIL, LIBRARY.new_game, LIBRARY.to_act, LIBRARY.legal_moves, LIBRARY.play
wait, result, parse_move, format_move = LIBRARY.wait, LIBRARY.result, LIBRARY.parse_move, LIBRARY.format_move
analyse, perft, warm_up = LIBRARY.analyse, LIBRARY.perft, LIBRARY.warm_up

__all__ = ["GAME", "new_game", "to_act", "legal_moves", "play", "wait", "result", "parse_move", "format_move",
           "analyse", "perft", "warm_up", "LIBRARY", "DUORAIL", "find_track", "longest_track", "ChallengeDecided",
           "Challenged", "DuorailAnalysis", "DuorailCommand", "DuorailEvent", "DuorailGame", "DuorailMove",
           "DuorailOptions", "DuorailPlaced", "DuorailSolverAnswer", "DuorailState", "DuorailView", "Passed",
           "RecordPublished", "SubmitTrack", "TrackSealed", "TracksRevealed"]
