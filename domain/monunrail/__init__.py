"""MonUnrail and Multicolor MonUnrail, as ``docs/rules/monunrail.md`` sets out.

Build a closed track together from a hidden supply, then take it apart: whoever removes the last
tile (Multicolor: the last red tile) wins; or call Impossible while building.

Modules: :mod:`~domain.monunrail.tiles`, :mod:`~domain.monunrail.board`,
:mod:`~domain.monunrail.notation` (tiles as written), :mod:`~domain.monunrail.track` (is the track
complete?), :mod:`~domain.monunrail.completion` (the Impossible solver, with its compiled core
:mod:`~domain.monunrail.completion_dp`), :mod:`~domain.monunrail.unrail` (removals and their exact
value), :mod:`~domain.monunrail.state`, :mod:`~domain.monunrail.setup`,
:mod:`~domain.monunrail.moves`, :mod:`~domain.monunrail.turns`, :mod:`~domain.monunrail.timing`,
:mod:`~domain.monunrail.items`, :mod:`~domain.monunrail.rules` (the decider),
:mod:`~domain.monunrail.legal`, :mod:`~domain.monunrail.bot` (the built-in bots; levels 2 and 3 in
:mod:`~domain.monunrail.levels` on :mod:`~domain.monunrail.search` and :mod:`~domain.monunrail.tactics`),
:mod:`~domain.monunrail.view`, :mod:`~domain.monunrail.svg` and :mod:`~domain.monunrail.analysis`. :data:`MONUNRAIL` is the :class:`domain.game.Game`.

>>> from domain.game import Context
>>> s = MONUNRAIL.begin(MONUNRAIL.initial(MonunrailOptions(), seed=0), at=0)
>>> [e] = MONUNRAIL.decide(s, Build("D3 RD, E3 DL"), Context(now=5_000, seat="first"))
>>> e
Built(seat='first', tiles=['D3 RD', 'E3 DL'], at=5000, completed=False, outcome=None)
>>> s = MONUNRAIL.evolve(s, e)
>>> MONUNRAIL.to_move(s), MONUNRAIL.deadline(s), MONUNRAIL.legal_moves(s, "second")[-2:]
(('second',), Deadline(at=545000, key='turn:1', seat='second'), ['swap', 'impossible'])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from domain.codec import ORGANIZER
from domain.library import API, Rules
from domain.game import Context, Deadline, Job, LegalMoves, Result, Viewer, is_due
from domain.monunrail import bot, legal, rules, turns
from domain.monunrail import analysis, public
from domain.monunrail.analysis import MonunrailAnalysis
from domain.monunrail.levels import evaluate
from domain.monunrail.public import find_completion
from domain.monunrail.notation import format_tiles
from domain.monunrail.setup import initial
from domain.monunrail.state import (
    COMMANDS,
    EVENTS,
    SEATS,
    Build,
    Built,
    ChooseOrder,
    Complete,
    Impossible,
    ImpossibleCalled,
    ImpossibleJudged,
    Items,
    ItemUsed,
    MonunrailOptions,
    MonunrailState,
    OrderChosen,
    SetSupply,
    MonunrailSolverAnswer,
    SupplyRevealed,
    SupplySet,
    Swap,
    Swapped,
    MonunrailTimedOut,
    Unrail,
    Unrailed,
    UseItem,
)
from domain.monunrail.svg import match_svg
from domain.monunrail.view import MonunrailView, view


class MonunrailGame:
    """MonUnrail (both variants) as a :class:`domain.game.Game`."""

    name: ClassVar[str] = "monunrail"
    seats: ClassVar[tuple[str, ...]] = SEATS
    Options: ClassVar[type] = MonunrailOptions
    commands: ClassVar[tuple[type, ...]] = COMMANDS
    events: ClassVar[tuple[type, ...]] = EVENTS
    View: ClassVar[type] = MonunrailView
    has_private_events: ClassVar[bool] = True
    secret_options: ClassVar[tuple[str, ...]] = ("supply",)
    pregame_ms: ClassVar[int] = 60_000
    setup_hidden_until_start: ClassVar[bool] = False
    summary: ClassVar[str] = ("Two players build one closed track together from a supply whose contents they cannot "
                              "see, then take it apart; whoever removes the last tile wins (Multicolor: the last red "
                              "tile).")
    time_control: ClassVar[str] = ("Two minutes a move; time beyond them comes out of a 7-minute overflow that is never "
                                   "refilled, and running out of it loses. Items may shorten or lengthen a turn.")
    time_options: ClassVar[tuple[str, ...]] = ("time",)
    bots: ClassVar[dict[int, Any]] = bot.BOTS
    evaluate: ClassVar[Callable[..., float]] = staticmethod(evaluate)

    def initial(self, options: MonunrailOptions, seed: int) -> MonunrailState:
        return initial(options, seed)

    def begin(self, state: MonunrailState, at: int) -> MonunrailState:
        return turns.begin(state, at)

    def decide(self, state: MonunrailState, command: Any, ctx: Context) -> list[Any]:
        return rules.decide(state, command, ctx)

    def evolve(self, state: MonunrailState, event: Any) -> MonunrailState:
        return rules.evolve(state, event)

    def view(self, state: MonunrailState, viewer: Viewer) -> MonunrailView:
        return view(state, viewer)

    def to_move(self, state: MonunrailState) -> tuple[str, ...]:
        return turns.to_move(state)

    def legal_moves(self, state: MonunrailState, seat: str) -> list[str]:
        """Single-tile builds, ``impossible`` and ``swap`` (build phase) or every removal; see
        :mod:`domain.monunrail.legal` (:func:`~domain.monunrail.legal.command_for` turns one into
        its command)."""
        return legal.legal_moves(state, seat)

    def legal_commands(self, state: MonunrailState, seat: str) -> LegalMoves:
        return legal.legal_commands(state, seat)

    def deadline(self, state: MonunrailState) -> Deadline | None:
        return turns.deadline(state)

    def on_timeout(self, state: MonunrailState, deadline: Deadline, ctx: Context) -> list[Any]:
        """The seat on the deadline runs out of time; a stale or early deadline changes nothing."""
        current = turns.deadline(state)
        if not is_due(current, deadline.key, ctx.now):
            return []
        return rules.on_timeout_events(state, current.seat, current.key, ctx.now)  # type: ignore[arg-type]

    def jobs(self, state: MonunrailState) -> list[Job]:
        """While an Impossible waits for the solver: ``Job(key="impossible:<n>", kind="completion")``."""
        call = state.call
        if call is None or call.adjudication != "solver" or state.result is not None:
            return []
        return [Job(key=call.key, kind="completion")]

    def work(self, state: MonunrailState, job: Job) -> MonunrailSolverAnswer:
        """Run the completion solver for ``job``: the system answer, with a witness (colours picked
        from what the supply holds, red first) when the track can be completed."""
        if job.kind != "completion" or state.call is None or state.call.key != job.key:
            raise ValueError(f"MonUnrail has no job {job.key!r} in this state.")
        tiles = find_completion(state)
        if tiles is None:
            return MonunrailSolverAnswer(key=job.key, completable=False)
        return MonunrailSolverAnswer(key=job.key, completable=True, witness=list(tiles))

    def result(self, state: MonunrailState) -> Result | None:
        return state.result

    def visibility(self, event: Any) -> str | None:
        """The organizer's secret supply is private to the organizer; everything else is public."""
        return ORGANIZER if isinstance(event, SupplySet) else None

    def analyse(self, state: MonunrailState) -> MonunrailAnalysis:
        """Unrail phase: the exact value and a winning move (``unknown`` past the search's budget);
        build phase: why the track is incomplete."""
        return analysis.analyse(state)

    def svg(self, state: MonunrailState, viewer: Viewer) -> str:
        return match_svg(state, viewer)


MONUNRAIL = MonunrailGame()

(GAME, new_game, to_act, legal_moves, play, wait, result, parse_move, format_move, analyse, perft,
 warm_up) = Rules(MONUNRAIL, parse_move=public.parse_move, format_move=public.format_move,
                  perft_refusal=public.perft_refusal, warm_up=public.warm_up).functions()
"""The rules library (:mod:`domain.library`): the same functions in every game."""

__all__ = [*API, "find_completion", "MONUNRAIL", "Build", "Built", "ChooseOrder", "Complete", "Impossible", "ImpossibleCalled",
           "ImpossibleJudged", "ItemUsed", "Items", "MonunrailAnalysis", "MonunrailGame", "MonunrailOptions",
           "MonunrailState", "MonunrailView", "OrderChosen", "SetSupply", "MonunrailSolverAnswer", "SupplyRevealed",
           "SupplySet", "Swap", "Swapped", "MonunrailTimedOut", "Unrail", "Unrailed", "UseItem"]
