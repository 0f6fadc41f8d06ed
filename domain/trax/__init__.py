"""Trax (David L. Smith, 1980), as ``docs/rules/trax.md`` sets out.

The modules follow the rules page: :mod:`~domain.trax.tiles` (the tiles), :mod:`~domain.trax.board`
(the grid and its bounding box), :mod:`~domain.trax.notation` (moves as written),
:mod:`~domain.trax.forced` (forced plays and the three-edge rule), :mod:`~domain.trax.chains` (forced
plays by table look-up), :mod:`~domain.trax.wins` (loops and lines), :mod:`~domain.trax.moves` (legal
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

from collections.abc import Callable
from typing import Any, ClassVar

from domain.known import state_from_events
from domain.library import API, Rules
from domain.game import Context, Deadline, Job, LegalMoves, Result, Viewer
from domain.trax import rules
from domain.trax.bot import BOTS, evaluate
from domain.trax import analysis, public
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
    TraxTimedOut,
    TraxOptions,
    TraxState,
    display_colours,
)
from domain.trax.board import key_of
from domain.trax.position import TraxPosition, position
from domain.trax.position import perft as compiled_perft
from domain.trax.position import warm_up as warm_up_position
from domain.trax.known import from_view
from domain.trax.rules import variant_of
from domain.trax.svg import board_svg
from domain.trax.tiles import COLOUR_NAMES
from domain.trax.wins import winning_cells
from domain.trax.view import TraxView, view


class TraxGame:
    """Trax as a :class:`domain.game.Game`."""

    name: ClassVar[str] = "trax"
    seats: ClassVar[tuple[str, ...]] = SEATS
    Options: ClassVar[type] = TraxOptions
    commands: ClassVar[tuple[type, ...]] = COMMANDS
    events: ClassVar[tuple[type, ...]] = EVENTS
    View: ClassVar[type] = TraxView
    has_private_events: ClassVar[bool] = False
    secret_options: ClassVar[tuple[str, ...]] = ()
    pregame_ms: ClassVar[int] = 60_000
    setup_hidden_until_start: ClassVar[bool] = False
    previews: ClassVar[bool] = True
    """Its moves touch no hidden information: ``board.svg?after=<move>`` shows a tile's forced plays."""
    summary: ClassVar[str] = ("Two players lay square tiles that each carry a white and a red path; forced tiles follow "
                              "each move. Whoever closes a loop of their colour, or a line spanning 8 squares, wins.")
    time_control: ClassVar[str] = ("One grace: 60 s a move; once a game one move may take up to 10 minutes in all. "
                                   "Going over the 60 s a second time loses.")
    time_options: ClassVar[tuple[str, ...]] = ("time",)
    bots: ClassVar[dict[int, Any]] = BOTS
    evaluate: ClassVar[Callable[..., float]] = staticmethod(evaluate)

    def initial(self, options: TraxOptions, seed: int) -> TraxState:
        return rules.initial(options, seed)

    def begin(self, state: TraxState, at: int) -> TraxState:
        return rules.begin(state, at)

    def decide(self, state: TraxState, command: Any, ctx: Context) -> list[Any]:
        return rules.decide(state, command, ctx)

    def evolve(self, state: TraxState, event: Any) -> TraxState:
        return rules.evolve(state, event)

    def view(self, state: TraxState, viewer: Viewer) -> TraxView:
        return view(state, viewer)

    def to_move(self, state: TraxState) -> tuple[str, ...]:
        return rules.to_move(state)

    def legal_moves(self, state: TraxState, seat: str) -> list[str]:
        return rules.legal_moves(state, seat)

    def legal_commands(self, state: TraxState, seat: str) -> LegalMoves:
        return rules.legal_commands(state, seat)

    def deadline(self, state: TraxState) -> Deadline | None:
        return rules.deadline(state)

    def on_timeout(self, state: TraxState, deadline: Deadline, ctx: Context) -> list[Any]:
        return rules.on_timeout(state, deadline, ctx)

    def jobs(self, state: TraxState) -> list[Job]:
        """Trax never waits on a solver."""
        return []

    def work(self, state: TraxState, job: Job) -> Any:
        raise ValueError(f"Trax has no job {job.key!r}.")

    def result(self, state: TraxState) -> Result | None:
        return state.result

    def visibility(self, event: Any) -> None:
        """Who may see ``event``: ``None``, the default (public) -- nothing in Trax is hidden."""
        return None

    def analyse(self, state: TraxState) -> TraxAnalysis:
        """The seat to move, its legal moves, and those that win or lose at once."""
        return analysis.analyse(state)

    def svg(self, state: TraxState, viewer: Viewer) -> str:
        """The board; the caption names the seat to act by its displayed colour (recorded
        sentences, such as a result's, keep the seats' names)."""
        acting = rules.seat_to_act(state)
        shown = display_colours(state.options).get(acting or "", acting)
        caption = state.result.detail if state.result else f"Turn {len(state.turns) + 1}: {shown} to move"
        if state.pending is not None:
            caption = f"{state.pending.win.detail} {shown} may use the Mulligan."
        last = frozenset(key_of(x, y) for x, y, _ in state.turns.last.tiles) if state.turns else frozenset()
        return board_svg(state.board, caption, state.options.second_colour, won=_won(state), last=last)


def _won(state: TraxState) -> frozenset[int]:
    """The cells of the loop or line that won (or may win, a Mulligan pending), to highlight."""
    win = state.pending.win if state.pending is not None else state.result
    if win is None or win.reason not in ("loop", "line") or win.winner is None or not state.turns:
        return frozenset()
    board, last = state.board, state.turns.last
    placed = [key_of(x, y) for x, y, _ in last.tiles]
    colour = COLOUR_NAMES.index(win.winner)
    return frozenset(winning_cells(board.tiles, board.box, placed, colour, variant_of(state).lines))


TRAX = TraxGame()

(GAME, new_game, to_act, legal_moves, play, wait, result, parse_move, format_move, analyse, perft,
 warm_up) = Rules(TRAX, parse_move=public.parse_move, format_move=public.format_move,
                  perft_refusal=public.perft_refusal, count_moves=compiled_perft, warm_up=warm_up_position).functions()
"""The rules library (:mod:`domain.library`): the same functions in every game."""


def from_events(events: Any) -> Any:
    """The state after the match's events as a seat or a spectator is shown them (:mod:`domain.known`)."""
    return state_from_events(GAME, events)


__all__ = [*API, "position", "from_view", "from_events", "TraxPosition", "TRAX", "DeclineMulligan", "Mulligan", "MulliganDeclined", "MulliganUsed", "Play", "Played", "TraxTimedOut",
           "TraxAnalysis", "TraxGame", "TraxOptions", "TraxState", "TraxView"]
