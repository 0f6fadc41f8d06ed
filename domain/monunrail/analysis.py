"""Analysis of a position, using only what every player may know (never the hidden supply).

In the unrail phase: the exact game value -- whether the seat to move wins with best play, and a
winning move -- from :mod:`domain.monunrail.unrail`, or ``unknown`` when its search needs more than
``budget`` work units (:data:`ANALYSIS_BUDGET`, under a second; the shared memo keeps what it
finished, so the next analysis in the same process, of this position or a later one, goes
further -- the worker, though, forks a child for each). In the build phase: why the track is not yet complete, and the legal moves as
:mod:`domain.monunrail.legal` lists them. Whether the track can still be completed depends on the
supply, so it is not analysed while the game runs.

>>> from domain.game import Context
>>> from domain.monunrail.rules import begin, decide, evolve
>>> from domain.monunrail.setup import initial
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
"""

from __future__ import annotations

import msgspec

from domain.monunrail.legal import legal_moves
from domain.monunrail.rules import grid_of
from domain.monunrail.state import MonunrailState
from domain.monunrail.track import incompleteness
from domain.monunrail.turns import seat_to_act
from domain.monunrail.unrail import DEFAULT_BUDGET, position_of, solver_for

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
