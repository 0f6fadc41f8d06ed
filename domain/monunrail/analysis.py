"""Analysis of a position, using only what every player may know (never the hidden supply).

In the unrail phase: the exact game value -- whether the seat to move wins with best play, and a
winning move -- from :mod:`domain.monunrail.parts.unrail`, or ``unknown`` when its search needs more than
``budget`` work units (:data:`ANALYSIS_BUDGET`, under a second; the shared memo keeps what it
finished, so the next analysis in the same process, of this position or a later one, goes
further -- the worker, though, forks a child for each). In the build phase: why the track is not yet complete, and the legal moves as
:mod:`domain.monunrail.moves` lists them. Whether the track can still be completed depends on the
supply, so it is not analysed while the game runs.

The completion solver with a state in (:func:`find_completion`) also answers the Impossible's job
(:func:`work`). A completion is, like every track of the library, a tuple of items in notation --
here the tiles to add (``E3 LR``; Multicolor ``E3 LR red``) -- and ``None`` is the one answer for
"none".

>>> from domain.game import Context
>>> from domain.monunrail.rules import begin, decide, evolve
>>> from domain.monunrail.parts.setup import initial
>>> from domain.monunrail.state import Build
>>> s = begin(initial(None, seed=0), at=0)
>>> for seat, tiles in (("first", "D3 RD, E3 DL"), ("second", "D5 UR, E5 LU")):
...     [e] = decide(s, Build(tiles), Context(now=0, seat=seat))
...     s = evolve(s, e)
>>> a = analyse(s)
>>> a.phase, a.to_move, a.wins, a.winning_move, a.unknown, len(a.legal_moves)
('unrail', 'first', True, 'D3 E3', False, 15)
>>> a = analyse(s, budget=0)  # a search that may not open a single group (this solver knows these)
>>> a.wins, a.grundy, a.unknown
(True, 2, False)
>>> find_completion(begin(initial(None, seed=0), at=0))
('D3 RD', 'E3 DL', 'D5 UR', 'E5 LU')
"""

from __future__ import annotations

import msgspec

from domain.game import Job
from domain.monunrail.moves import legal_moves
from domain.monunrail.parts.completion import complete
from domain.monunrail.parts.tiles import BLUE, supply_kind
from domain.monunrail.parts.notation import format_tiles
from domain.monunrail.rules import grid_of
from domain.monunrail.state import MonunrailSolverAnswer, MonunrailState
from domain.monunrail.parts.track import incompleteness
from domain.monunrail.parts.turns import seat_to_act
from domain.monunrail.parts.unrail import DEFAULT_BUDGET, position_of, solver_for

ANALYSIS_BUDGET = DEFAULT_BUDGET
"""Work units (groups searched) one analysis may spend on the unrail value."""


class MonunrailAnalysis(msgspec.Struct, frozen=True):
    """``wins``/``winning_move``/``grundy``: the unrail phase's exact value for ``to_move`` (``None`` in
    the build phase, and when ``unknown``: the search ran out of its budget); ``incomplete``: why the
    track is not complete yet (build phase)."""

    phase: str
    to_move: str | None
    legal_moves: list[str]
    wins: bool | None = None
    winning_move: str | None = None
    grundy: int | None = None
    incomplete: str | None = None
    unknown: bool = False


def analyse(state: MonunrailState, budget: int = ANALYSIS_BUDGET) -> MonunrailAnalysis:
    """The analysis of ``state``, spending at most ``budget`` work units on the unrail value; pure
    (but a value the shared memo already holds costs nothing)."""
    seat = seat_to_act(state)
    moves = legal_moves(state, seat) if seat is not None else []
    g, position = grid_of(state), state.position
    if position.phase == "unrail":
        value = solver_for(g).value(position_of(position.board, state.multicolor), budget)
        return MonunrailAnalysis(phase="unrail", to_move=seat, legal_moves=moves, wins=value.wins,
                                 winning_move=" ".join(value.move) if value.move else None, grundy=value.grundy,
                                 unknown=value.wins is None)
    return MonunrailAnalysis(phase="build", to_move=seat, legal_moves=moves,
                             incomplete=incompleteness(position.board, g))


def find_completion(state: MonunrailState) -> tuple[str, ...] | None:
    """The tiles that complete the track from the supply ``state`` holds (Multicolor: coloured
    from what it holds, red first), or ``None`` when it cannot be completed. ``()``: it is complete."""
    g = grid_of(state)
    tiles = complete(state.position.board, g, state.supply)
    if tiles is None:
        return None
    left, coloured = dict(state.supply), []
    for cell, code in tiles:
        if state.multicolor and left.get(supply_kind(code, True), 0) < 1:
            code |= BLUE
        left[supply_kind(code, state.multicolor)] = left.get(supply_kind(code, state.multicolor), 0) - 1
        coloured.append((cell, code))
    return tuple(format_tiles(g, coloured, state.multicolor))


def warm_up() -> None:
    """Load the compiled completion and unrail solvers (and the bots' completability check) now
    rather than at their first question."""
    from domain.monunrail.parts.completion import warm_up as load_completion_solver
    from domain.monunrail.parts.tactics import warm_up as load_bot_checks
    from domain.monunrail.parts.unrail import warm_up as load_unrail_solver

    load_completion_solver()
    load_unrail_solver()
    load_bot_checks()


def work(state: MonunrailState, job: Job) -> MonunrailSolverAnswer:
    """Run the completion solver for ``job``: the system answer, with a witness (colours picked
    from what the supply holds, red first) when the track can be completed."""
    if job.kind != "completion" or state.call is None or state.call.key != job.key:
        raise ValueError(f"MonUnrail has no job {job.key!r} in this state.")
    tiles = find_completion(state)
    if tiles is None:
        return MonunrailSolverAnswer(key=job.key, completable=False)
    return MonunrailSolverAnswer(key=job.key, completable=True, witness=list(tiles))
