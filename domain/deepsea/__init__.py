"""Deep Sea Voyage (uriquack), as ``docs/rules/deepsea.md`` sets out.

The modules follow the rules page: :mod:`~domain.deepsea.board` (cells, layouts, bit masks),
:mod:`~domain.deepsea.checks` (symmetry, every ship reaching a dropoff),
:mod:`~domain.deepsea.generator` and :mod:`~domain.deepsea.presets` (where boards come from),
:mod:`~domain.deepsea.pentominoes` (the twelve pieces, placements as written),
:mod:`~domain.deepsea.routes` (shortest routes), :mod:`~domain.deepsea.state` (options, commands,
events, state), :mod:`~domain.deepsea.rules` (the decider), :mod:`~domain.deepsea.moves` (legal
moves, the analysis), :mod:`~domain.deepsea.best` (the best placement),
:mod:`~domain.deepsea.bot` (the bots by level), :mod:`~domain.deepsea.outlook` (board scans, the
evaluation), :mod:`~domain.deepsea.search` (level 3), :mod:`~domain.deepsea.view` and :mod:`~domain.deepsea.svg`. :data:`DEEPSEA` is the
:class:`domain.game.Game` the server plays.

>>> from domain.game import Context
>>> from domain.deepsea.presets import PRESETS
>>> s = DEEPSEA.begin(DEEPSEA.initial(DeepseaOptions(boards=[*PRESETS][:3]), seed=0), at=0)
>>> DEEPSEA.decide(s, DeepseaMove("select 2"), Context(now=5_000, seat="empire"))
[BoardSelected(seat='empire', board=2, round=1, by='choice', at=5000)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from domain.deepsea import rules
from domain.deepsea.bot import BOTS
from domain.deepsea.outlook import evaluate
from domain.deepsea import moves, public
from domain.deepsea.moves import DeepseaAnalysis
from domain.deepsea.public import best_placement, shortest_route
from domain.deepsea.state import (
    COMMANDS,
    EVENTS,
    SEATS,
    ActionSealed,
    ActionsRevealed,
    BoardSelected,
    BoardsScored,
    DeepseaOptions,
    DeepseaState,
    DeepseaMove,
    PregameEnded,
    RoutesAnswer,
    RoutesSealed,
    ShortestRoutesPublished,
    SubmitRoutes,
    DeepseaTurnPlayed,
)
from domain.deepsea.svg import board_svg
from domain.deepsea.view import DeepseaView, view
from domain.library import API, Rules
from domain.game import Context, Deadline, Job, LegalMoves, Result, Viewer


class DeepseaGame:
    """Deep Sea Voyage as a :class:`domain.game.Game`. Every match has its pregame (the match's
    ``pregame_ms``, 90 s), in which the boards are shown and a priority player chooses its side
    (``choose_seat``); round 1 starts when it ends (:meth:`match_started` tells the game when the
    match started). The DMO, who wins a tie, is named by the ``dmo`` option or is the priority
    player -- not both (:meth:`check_priority`). The boards are revealed when the match starts:
    their option is secret and nobody but the organizer sees the game before."""

    name: ClassVar[str] = "deepsea"
    seats: ClassVar[tuple[str, ...]] = SEATS
    Options: ClassVar[type] = DeepseaOptions
    commands: ClassVar[tuple[type, ...]] = COMMANDS
    events: ClassVar[tuple[type, ...]] = EVENTS
    View: ClassVar[type] = DeepseaView
    has_private_events: ClassVar[bool] = True
    secret_options: ClassVar[tuple[str, ...]] = ("boards",)
    pregame_ms: ClassVar[int] = 90_000
    setup_hidden_until_start: ClassVar[bool] = True
    summary: ClassVar[str] = ("Two fleets race for harbours on three boards: each round both sides pick a board and "
                              "secretly place a pentomino to lengthen the other's routes; the shorter routes win the "
                              "boards, the boards win the game.")
    time_control: ClassVar[str] = ("No chess clock: every step is a window (pregame 90 s, selection 45 s, action 90 s, "
                                   "routes 4 min); when one closes the game goes on by itself, and nobody loses on time.")
    time_options: ClassVar[tuple[str, ...]] = ("selection_ms", "action_ms", "routes_ms")
    bots: ClassVar[dict[int, Any]] = BOTS
    evaluate: ClassVar[Callable[..., float]] = staticmethod(evaluate)

    def initial(self, options: DeepseaOptions, seed: int) -> DeepseaState:
        return rules.initial(options, seed)

    def match_started(self, state: DeepseaState, at: int, pregame_ms: int) -> DeepseaState:
        """Optional hook of :mod:`domain.match`: the match started at ``at`` with a pregame of ``pregame_ms``."""
        return rules.match_started(state, at, pregame_ms)

    def check_priority(self, options: DeepseaOptions, priority: str | None) -> None:
        """Optional hook of :mod:`domain.match`: refuse ``dmo`` together with a priority seat."""
        rules.check_priority(options, priority)

    def begin(self, state: DeepseaState, at: int) -> DeepseaState:
        return rules.begin(state, at)

    def decide(self, state: DeepseaState, command: Any, ctx: Context) -> list[Any]:
        return rules.decide(state, command, ctx)

    def evolve(self, state: DeepseaState, event: Any) -> DeepseaState:
        return rules.evolve(state, event)

    def view(self, state: DeepseaState, viewer: Viewer) -> DeepseaView:
        return view(state, viewer)

    def to_move(self, state: DeepseaState) -> tuple[str, ...]:
        return rules.to_move(state)

    def legal_moves(self, state: DeepseaState, seat: str) -> Sequence[str]:
        return moves.legal_moves(state, seat)

    def legal_commands(self, state: DeepseaState, seat: str) -> LegalMoves:
        return moves.legal_commands(state, seat)

    def deadline(self, state: DeepseaState) -> Deadline | None:
        return rules.deadline(state)

    def on_timeout(self, state: DeepseaState, deadline: Deadline, ctx: Context) -> list[Any]:
        return rules.on_timeout(state, deadline, ctx)

    def jobs(self, state: DeepseaState) -> list[Job]:
        return rules.jobs(state)

    def work(self, state: DeepseaState, job: Job) -> RoutesAnswer:
        return moves.work(state, job)

    def result(self, state: DeepseaState) -> Result | None:
        return state.result

    def visibility(self, event: Any) -> str | None:
        return rules.visibility(event)

    def analyse(self, state: DeepseaState) -> DeepseaAnalysis:
        return moves.analyse(state)

    def svg(self, state: DeepseaState, viewer: Viewer) -> str:
        return board_svg(state, viewer)


DEEPSEA = DeepseaGame()

(GAME, new_game, to_act, legal_moves, play, wait, result, parse_move, format_move, analyse, perft,
 warm_up) = Rules(DEEPSEA, parse_move=public.parse_move, format_move=public.format_move,
                  perft_refusal=public.perft_refusal).functions()
"""The rules library (:mod:`domain.library`): the same functions in every game."""

__all__ = [*API, "best_placement", "shortest_route", "DEEPSEA", "ActionSealed", "ActionsRevealed", "BoardSelected", "BoardsScored", "DeepseaGame",
           "DeepseaOptions", "DeepseaState", "DeepseaView", "DeepseaMove", "PregameEnded", "RoutesAnswer", "RoutesSealed",
           "ShortestRoutesPublished", "SubmitRoutes", "DeepseaTurnPlayed"]
