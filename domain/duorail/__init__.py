"""Duorail (jkittykitkat), as ``docs/rules/duorail.md`` sets out.

The modules: :mod:`~domain.duorail.track` (cells, shapes, track notation and validation) and
:mod:`~domain.duorail.solver` (does a track exist, the longest track), :mod:`~domain.duorail.notation`
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

from collections.abc import Callable
from typing import Any, ClassVar

from domain.duorail import rules
from domain.duorail.bot import BOTS, evaluate
from domain.duorail import analysis, public
from domain.duorail.analysis import DuorailAnalysis
from domain.duorail.public import find_track, longest_track
from domain.duorail.state import (
    COMMANDS,
    Challenge,
    EVENTS,
    SEATS,
    ChallengeDecided,
    Challenged,
    DuorailOptions,
    DuorailState,
    DuorailMove,
    Passed,
    DuorailPlaced,
    RecordPublished,
    DuorailSolverAnswer,
    SubmitTrack,
    TrackSealed,
    TracksRevealed,
)
from domain.duorail.svg import DrawnTrack, match_svg
from domain.duorail.view import DuorailView, view
from domain.library import API, Rules
from domain.game import Context, Deadline, Job, LegalMoves, Result, Viewer
from domain.sealed import has_submitted, own_submission


class DuorailGame:
    """Duorail as a :class:`domain.game.Game`."""

    name: ClassVar[str] = "duorail"
    seats: ClassVar[tuple[str, ...]] = SEATS
    Options: ClassVar[type] = DuorailOptions
    commands: ClassVar[tuple[type, ...]] = COMMANDS
    events: ClassVar[tuple[type, ...]] = EVENTS
    View: ClassVar[type] = DuorailView
    has_private_events: ClassVar[bool] = True
    secret_options: ClassVar[tuple[str, ...]] = ()
    pregame_ms: ClassVar[int] = 60_000
    setup_hidden_until_start: ClassVar[bool] = False
    summary: ClassVar[str] = ("Two players lay rail pieces on a 9x9 board, challenge each other to show a closed "
                              "track of a colour, and at the end the longer track of their own colour wins.")
    time_control: ClassVar[str] = ("A minute a move plus a 5-minute reserve; a turn that runs out of both is a pass. "
                                   "A challenge and the endgame each have their own window (5 minutes).")
    time_options: ClassVar[tuple[str, ...]] = ("time", "construction_ms")
    bots: ClassVar[dict[int, Any]] = BOTS
    evaluate: ClassVar[Callable[..., float]] = staticmethod(evaluate)

    def initial(self, options: DuorailOptions, seed: int) -> DuorailState:
        return rules.initial(options, seed)

    def begin(self, state: DuorailState, at: int) -> DuorailState:
        return rules.begin(state, at)

    def decide(self, state: DuorailState, command: Any, ctx: Context) -> list[Any]:
        return rules.decide(state, command, ctx)

    def evolve(self, state: DuorailState, event: Any) -> DuorailState:
        return rules.evolve(state, event)

    def view(self, state: DuorailState, viewer: Viewer) -> DuorailView:
        return view(state, viewer)

    def to_move(self, state: DuorailState) -> tuple[str, ...]:
        return rules.to_move(state)

    def legal_moves(self, state: DuorailState, seat: str) -> list[str]:
        return rules.legal_moves(state, seat)

    def legal_commands(self, state: DuorailState, seat: str) -> LegalMoves:
        return rules.legal_commands(state, seat)

    def deadline(self, state: DuorailState) -> Deadline | None:
        return rules.deadline(state)

    def on_timeout(self, state: DuorailState, deadline: Deadline, ctx: Context) -> list[Any]:
        return rules.on_timeout(state, deadline, ctx)

    def jobs(self, state: DuorailState) -> list[Job]:
        return rules.jobs(state)

    def work(self, state: DuorailState, job: Job) -> DuorailSolverAnswer:
        return analysis.work(state, job)

    def result(self, state: DuorailState) -> Result | None:
        return state.result

    def visibility(self, event: Any) -> str | None:
        """A sealed endgame track is private to its seat; everything else is public."""
        return rules.visibility(event)

    def analyse(self, state: DuorailState) -> DuorailAnalysis:
        """Each colour's longest track on the board as it stands (runs the solver: a worker's job)."""
        return analysis.analyse(state)

    def svg(self, state: DuorailState, viewer: Viewer) -> str:
        return match_svg(state, tracks_to_draw(state, viewer), caption(state))


def tracks_to_draw(state: DuorailState, viewer: Viewer) -> list[DrawnTrack]:
    """The revealed endgame tracks; else the tracks published for the record (dashed); and the
    viewer's own sealed track (dashed), for that seat only."""
    if state.revealed is not None:
        return [(seat, cells, False) for seat, cells in state.revealed.tracks.items() if cells]
    drawn: list[DrawnTrack] = []
    if state.record is not None:
        drawn += [(colour, cells, True) for colour, cells in state.record.tracks.items() if cells]
    box = state.endgame.box if state.endgame is not None else None
    if viewer.seat is not None and has_submitted(box, viewer.seat) and (mine := own_submission(box, viewer.seat)):
        drawn.append((viewer.seat, mine, True))
    return drawn


def caption(state: DuorailState) -> str:
    """One line: the result, or who is to act."""
    if state.result is not None:
        return state.result.detail
    if state.phase == "play":
        return f"Turn {state.ply + 1}: {rules.seat_to_play(state)} to move"
    if state.phase == "challenge":
        c: Challenge = state.challenge  # type: ignore[assignment]
        doing = "the solver decides" if rules.waits_on_solver(state) else f"{c.challenged} must show a {c.colour} track"
        return f"{c.challenger.capitalize()} challenged {c.colour}: {doing}"
    if rules.waits_on_solver(state):
        return "Endgame: the solver finds the longest tracks"
    return "Endgame: both players build their tracks"


DUORAIL = DuorailGame()

(GAME, new_game, to_act, legal_moves, play, wait, result, parse_move, format_move, analyse, perft,
 warm_up) = Rules(DUORAIL, parse_move=public.parse_move, format_move=public.format_move,
                  perft_refusal=public.perft_refusal, warm_up=public.warm_up).functions()
"""The rules library (:mod:`domain.library`): the same functions in every game."""

__all__ = [*API, "find_track", "longest_track", "DUORAIL", "ChallengeDecided", "Challenged", "DuorailAnalysis", "DuorailGame", "DuorailOptions",
           "DuorailState", "DuorailView", "DuorailMove", "Passed", "DuorailPlaced", "RecordPublished", "DuorailSolverAnswer", "SubmitTrack",
           "TrackSealed", "TracksRevealed"]
