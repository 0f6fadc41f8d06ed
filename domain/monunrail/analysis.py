"""Analysis of a position, using only what every player may know (never the hidden supply).

In the unrail phase: the exact game value -- whether the seat to move wins with best play, and a
winning move -- from :mod:`domain.monunrail.unrail`. In the build phase: why the track is not yet
complete, and the legal moves as :mod:`domain.monunrail.legal` lists them. Whether the track can
still be completed depends on the supply, so it is not analysed while the game runs.

>>> from domain.game import Context
>>> from domain.monunrail.rules import begin, decide, evolve
>>> from domain.monunrail.setup import initial
>>> from domain.monunrail.state import Build
>>> s = begin(initial(None, seed=0), at=0)
>>> for seat, tiles in (("first", "D3 RD, E3 DL"), ("second", "D5 UR, E5 LU")):
...     [e] = decide(s, Build(tiles), Context(now=0, seat=seat))
...     s = evolve(s, e)
>>> a = analyse(s)
>>> a.phase, a.to_move, a.wins, a.winning_move, len(a.legal_moves)
('unrail', 'first', True, 'D3 E3', 15)
"""

from __future__ import annotations

import msgspec

from domain.monunrail.legal import legal_moves
from domain.monunrail.rules import grid_of
from domain.monunrail.state import MonunrailState
from domain.monunrail.track import incompleteness
from domain.monunrail.turns import seat_to_act
from domain.monunrail.unrail import position_of, solver_for


class MonunrailAnalysis(msgspec.Struct, frozen=True):
    """``wins``/``winning_move``: the unrail phase's exact value for ``to_move`` (``None`` in the
    build phase); ``incomplete``: why the track is not complete yet (build phase)."""

    phase: str
    to_move: str | None
    legal_moves: list[str]
    wins: bool | None = None
    winning_move: str | None = None
    grundy: int | None = None
    incomplete: str | None = None


def analyse(state: MonunrailState) -> MonunrailAnalysis:
    """The analysis of ``state``; pure."""
    seat = seat_to_act(state)
    moves = legal_moves(state, seat) if seat is not None else []
    g, position = grid_of(state), state.position
    if position.phase == "unrail":
        solver = solver_for(g)
        mask = position_of(position.board, state.multicolor)
        wins, move = solver.value(mask)
        return MonunrailAnalysis(phase="unrail", to_move=seat, legal_moves=moves, wins=wins,
                                 winning_move=" ".join(move) if move else None, grundy=solver.grundy(mask))
    return MonunrailAnalysis(phase="build", to_move=seat, legal_moves=moves,
                             incomplete=incompleteness(position.board, g))
