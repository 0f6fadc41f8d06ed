"""MonUnrail and Multicolor MonUnrail, as restated in ``shared/rules/monunrail.md``.

Build a closed track together from a hidden supply, then take it apart: whoever removes the last
tile (Multicolor: the last red tile) wins; or call Impossible while building.

Modules: :mod:`~domain.monunrail.tiles`, :mod:`~domain.monunrail.board`,
:mod:`~domain.monunrail.notation` (tiles as written), :mod:`~domain.monunrail.track` (is the track
complete?), :mod:`~domain.monunrail.completion` (the Impossible solver, with its compiled core
:mod:`~domain.monunrail.completion_dp`), :mod:`~domain.monunrail.unrail` (removals and their exact
value), :mod:`~domain.monunrail.state`, :mod:`~domain.monunrail.setup`,
:mod:`~domain.monunrail.moves`, :mod:`~domain.monunrail.turns`, :mod:`~domain.monunrail.timing`,
:mod:`~domain.monunrail.items`, :mod:`~domain.monunrail.rules` (the decider),
:mod:`~domain.monunrail.legal`, :mod:`~domain.monunrail.bot` (the built-in bot),
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

from typing import Any, ClassVar

from domain.codec import ORGANIZER
from domain.game import Context, Deadline, Job, Result, Viewer, is_due
from domain.monunrail import bot, legal, rules, turns
from domain.monunrail.analysis import MonunrailAnalysis, analyse
from domain.monunrail.completion import complete
from domain.monunrail.notation import format_tiles, parse_tiles
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
    SolverAnswer,
    SupplyRevealed,
    SupplySet,
    Swap,
    Swapped,
    TimedOut,
    Unrail,
    Unrailed,
    UseItem,
)
from domain.monunrail.svg import board_svg
from domain.monunrail.tiles import BLUE, supply_kind
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

    def deadline(self, state: MonunrailState) -> Deadline | None:
        return turns.deadline(state)

    def on_timeout(self, state: MonunrailState, deadline: Deadline, ctx: Context) -> list[Any]:
        """The seat on the deadline runs out of time; a stale or early deadline changes nothing."""
        current = turns.deadline(state)
        if not is_due(current, deadline.key, ctx.now):
            return []
        return rules.on_timeout_events(state, current.seat, current.key, ctx.now)  # type: ignore[arg-type]

    def bot_commands(self, state: MonunrailState, seat: str, seed: int) -> list[Any]:
        """Random legal moves, a winning removal first when a bounded search finds one, then
        Impossible where it may be called (see :mod:`domain.monunrail.bot`)."""
        return bot.bot_commands(state, seat, seed)

    def jobs(self, state: MonunrailState) -> list[Job]:
        """While an Impossible waits for the solver: ``Job(key="impossible:<n>", kind="completion")``."""
        call = state.call
        if call is None or call.adjudication != "solver" or state.result is not None:
            return []
        return [Job(key=call.key, kind="completion")]

    def work(self, state: MonunrailState, job: Job) -> SolverAnswer:
        """Run the completion solver for ``job``: the system answer, with a witness (colours picked
        from what the supply holds, red first) when the track can be completed."""
        if job.kind != "completion" or state.call is None or state.call.key != job.key:
            raise ValueError(f"MonUnrail has no job {job.key!r} in this state.")
        g = rules.grid_of(state)
        tiles = complete(state.position.board, g, state.supply)
        if tiles is None:
            return SolverAnswer(key=job.key, completable=False)
        left = dict(state.supply)
        coloured = []
        for cell, code in tiles:
            if state.multicolor and left.get(supply_kind(code, True), 0) < 1:
                code |= BLUE
            left[supply_kind(code, state.multicolor)] = left.get(supply_kind(code, state.multicolor), 0) - 1
            coloured.append((cell, code))
        return SolverAnswer(key=job.key, completable=True, witness=format_tiles(g, coloured, state.multicolor))

    def result(self, state: MonunrailState) -> Result | None:
        return state.result

    def visibility(self, event: Any) -> str | None:
        """The organizer's secret supply is private to the organizer; everything else is public."""
        return ORGANIZER if isinstance(event, SupplySet) else None

    def analyse(self, state: MonunrailState) -> MonunrailAnalysis:
        """Unrail phase: the exact value and a winning move (``unknown`` past the search's budget);
        build phase: why the track is incomplete."""
        return analyse(state)

    def svg(self, state: MonunrailState, viewer: Viewer) -> str:
        g = rules.grid_of(state)
        seat = turns.seat_to_act(state)
        if state.result is not None:
            caption = state.result.detail
        elif state.call is not None:
            caption = f"{state.call.caller.capitalize()} called Impossible."
        else:
            phase = "build" if state.position.phase == "build" else "unrail"
            caption = f"Turn {len(state.history) + 1} ({phase}): {seat} to move"
        witness = parse_tiles(g, state.witness, state.multicolor) if state.witness else None
        return board_svg(state.position.board, g, state.multicolor, caption, witness)


MONUNRAIL = MonunrailGame()

__all__ = ["MONUNRAIL", "Build", "Built", "ChooseOrder", "Complete", "Impossible", "ImpossibleCalled",
           "ImpossibleJudged", "ItemUsed", "Items", "MonunrailAnalysis", "MonunrailGame", "MonunrailOptions",
           "MonunrailState", "MonunrailView", "OrderChosen", "SetSupply", "SolverAnswer", "SupplyRevealed",
           "SupplySet", "Swap", "Swapped", "TimedOut", "Unrail", "Unrailed", "UseItem"]
