"""Analysis of a position: the legal moves of the seat to move, and which of them end the game at once.

Every legal move is decided and evolved exactly as if it were played (correctness over speed): a move
is *winning* when the turn makes the mover the winner (per the mover-wins rule: a loop or line of the
mover's colour, even with one of the opponent's), *losing* when it makes the opponent the winner (it
forms only the opponent's loop or line). With the Mulligan option such a win may still be pending --
the loser could rewind it -- and it counts all the same. A move that draws is neither.

>>> from domain.game import Context
>>> from domain.trax.rules import begin, decide, evolve, initial
>>> from domain.trax.state import Play
>>> s = begin(initial(None, seed=0), at=0)
>>> for seat, move in (("white", "@0/"), ("red", "B1\\\\")):
...     [e] = decide(s, Play(move), Context(now=0, seat=seat))
...     s = evolve(s, e)
>>> a = analyse(s)
>>> a.to_move, len(a.legal_moves), a.winning_moves, a.losing_moves
('white', 18, [], ['A2\\\\', 'B2/'])
"""

from __future__ import annotations

import msgspec

from domain.game import Context
from domain.trax.moves import legal_moves
from domain.trax.rules import decide, evolve, other, to_move
from domain.trax.state import Play, TraxState


class TraxAnalysis(msgspec.Struct, frozen=True):
    """``to_move``: the seat to act (``None`` once the game is over); ``legal_moves``: its legal moves
    in notation (empty while it decides about a Mulligan or before play begins); ``winning_moves``:
    those after which it wins at once; ``losing_moves``: those after which the opponent wins at once."""

    to_move: str | None
    legal_moves: list[str]
    winning_moves: list[str]
    losing_moves: list[str]


def analyse(state: TraxState) -> TraxAnalysis:
    """The analysis of ``state``; pure (the state is not changed)."""
    seats = to_move(state)
    seat = seats[0] if seats else None
    moves = legal_moves(state, seat) if seat is not None else []
    winning: list[str] = []
    losing: list[str] = []
    ctx = Context(now=state.turn_started_at or 0, seat=seat)
    for move in moves:
        after = state
        for event in decide(state, Play(move), ctx):
            after = evolve(after, event)
        win = after.result or (after.pending.win if after.pending is not None else None)
        if win is None or win.winner is None:
            continue
        if win.winner == seat:
            winning.append(move)
        elif seat is not None and win.winner == other(seat):
            losing.append(move)
    return TraxAnalysis(to_move=seat, legal_moves=moves, winning_moves=winning, losing_moves=losing)
