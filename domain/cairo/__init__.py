"""Cairo Corridor (Markus Hagenauer, 2013), as ``docs/rules/cairo.md`` sets out.

The modules follow the rules page: :mod:`~domain.cairo.geometry` (the 72 pentagons, their
adjacency and sides, computed), :mod:`~domain.cairo.notation` (``Gl``, ``G left``),
:mod:`~domain.cairo.corridor` (which cells may be filled, the end, the scores),
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

from collections.abc import Callable
from typing import Any, ClassVar

from domain.cairo import rules
from domain.cairo.bot import BOTS, evaluate, warm_up as warm_up_bots
from domain.cairo import analysis, public
from domain.cairo.analysis import CairoAnalysis
from domain.cairo.geometry import INDEX
from domain.cairo.position import CairoPosition, position
from domain.cairo.position import warm_up as warm_up_position
from domain.cairo.known import from_view
from domain.cairo.state import (
    COLOURS,
    COMMANDS,
    EVENTS,
    SEATS,
    CairoOptions,
    CairoState,
    Outcome,
    Place,
    CairoPlaced,
    CairoTimedOut,
)
from domain.cairo.svg import board_svg
from domain.cairo.view import CairoView, view
from domain.known import state_from_events
from domain.library import API, Rules, perft_everywhere
from domain.game import Context, Deadline, Job, LegalMoves, Result, Viewer


class CairoGame:
    """Cairo Corridor as a :class:`domain.game.Game`."""

    name: ClassVar[str] = "cairo"
    seats: ClassVar[tuple[str, ...]] = SEATS
    Options: ClassVar[type] = CairoOptions
    commands: ClassVar[tuple[type, ...]] = COMMANDS
    events: ClassVar[tuple[type, ...]] = EVENTS
    View: ClassVar[type] = CairoView
    has_private_events: ClassVar[bool] = False
    secret_options: ClassVar[tuple[str, ...]] = ()
    pregame_ms: ClassVar[int] = 60_000
    setup_hidden_until_start: ClassVar[bool] = False
    summary: ClassVar[str] = ("Two players fill the 72 pentagons of a Cairo-tiled board but must leave a corridor "
                              "joining all four sides; when it cannot narrow any more, the pieces lining it score.")
    time_control: ClassVar[str] = ("A free minute a turn, then a 3-minute reserve held as 36 banks of 5 s, each bank "
                                   "started used up whole; running out of reserve loses.")
    time_options: ClassVar[tuple[str, ...]] = ("time",)
    bots: ClassVar[dict[int, Any]] = BOTS
    evaluate: ClassVar[Callable[..., float]] = staticmethod(evaluate)

    def initial(self, options: CairoOptions, seed: int) -> CairoState:
        return rules.initial(options, seed)

    def begin(self, state: CairoState, at: int) -> CairoState:
        return rules.begin(state, at)

    def decide(self, state: CairoState, command: Any, ctx: Context) -> list[Any]:
        return rules.decide(state, command, ctx)

    def evolve(self, state: CairoState, event: Any) -> CairoState:
        return rules.evolve(state, event)

    def view(self, state: CairoState, viewer: Viewer) -> CairoView:
        return view(state, viewer)

    def to_move(self, state: CairoState) -> tuple[str, ...]:
        return rules.to_move(state)

    def legal_moves(self, state: CairoState, seat: str) -> list[str]:
        return rules.legal_moves(state, seat)

    def legal_commands(self, state: CairoState, seat: str) -> LegalMoves:
        """The legal moves as ``cairo_place`` commands."""
        return LegalMoves(rules.legal_moves(state, seat), Place)

    def deadline(self, state: CairoState) -> Deadline | None:
        return rules.deadline(state)

    def on_timeout(self, state: CairoState, deadline: Deadline, ctx: Context) -> list[Any]:
        return rules.on_timeout(state, deadline, ctx)

    def jobs(self, state: CairoState) -> list[Job]:
        """Cairo Corridor never waits on a solver."""
        return []

    def work(self, state: CairoState, job: Job) -> Any:
        raise ValueError(f"Cairo Corridor has no job {job.key!r}.")

    def result(self, state: CairoState) -> Result | None:
        return state.result

    def visibility(self, event: Any) -> None:
        """Every event is public: nothing in Cairo Corridor is hidden."""
        return None

    def analyse(self, state: CairoState) -> CairoAnalysis:
        """The seat to move, its legal moves, the cells no one may fill, the moves that end the game."""
        return analysis.analyse(state)

    def svg(self, state: CairoState, viewer: Viewer) -> str:
        seat = rules.seat_to_act(state)
        if state.result is not None:
            caption = state.result.detail
        elif state.turn_started_at is None:
            caption = "Waiting for play to begin: first (dark) moves first."
        else:
            caption = f"Turn {len(state.moves) + 1}: {seat} ({COLOURS[seat]}) to move."  # type: ignore[index]
        last = INDEX[state.moves[-1]] if state.moves else None
        return board_svg(state.owners, caption, frozenset(INDEX[c] for c in state.corridor), last)


CAIRO = CairoGame()

(GAME, new_game, to_act, legal_moves, play, wait, result, parse_move, format_move, analyse, perft,
 warm_up) = Rules(CAIRO, parse_move=public.parse_move, format_move=public.format_move,
                  perft_refusal=perft_everywhere, warm_up=lambda: (warm_up_bots(), warm_up_position())).functions()
"""The rules library (:mod:`domain.library`): the same functions in every game."""


def from_events(events: Any) -> Any:
    """The state after the match's events as a seat or a spectator is shown them (:mod:`domain.known`)."""
    return state_from_events(GAME, events)


__all__ = [*API, "position", "from_view", "from_events", "CairoPosition", "CAIRO", "CairoAnalysis", "CairoGame", "CairoOptions", "CairoState", "CairoView", "Outcome", "Place",
           "CairoPlaced", "CairoTimedOut"]
