"""The built-in bots of Trax, by level (:data:`BOTS`; see :mod:`domain.bots`).

- 0 ``random``: a random legal move; it declines a Mulligan.
- 1 ``sane``: a move that wins at once when there is one; else, at random, a move that neither
  forms only the opponent's loop or line nor leaves the opponent a move that wins at once (when
  every move does, one that at least does not lose on the spot). Facing a win it may rewind, it
  uses its Mulligan. Out of think time it plays the safest move checked so far.

>>> from domain.bots import Think
>>> from domain.game import Context
>>> from domain.trax.rules import begin, decide, evolve, initial
>>> from domain.trax.state import Play
>>> s = begin(initial(None, seed=0), at=0)
>>> for seat, move in (("white", "@0/"), ("red", "B1\\\\")):
...     [e] = decide(s, Play(move), Context(now=0, seat=seat))
...     s = evolve(s, e)
>>> sane_bot(s, "white", Think(seed=1)) in ([Play('A2\\\\')], [Play('B2/')])  # the two moves that lose at once
False
"""

from __future__ import annotations

from typing import Any

from domain.bots import Think, first_passing, shuffled
from domain.errors import IllegalMove
from domain.trax.board import Board
from domain.trax.moves import Variant, legal_moves, play_move
from domain.trax.notation import parse_move
from domain.trax.rules import legal_moves as seat_moves
from domain.trax.rules import other, variant_of
from domain.trax.state import DeclineMulligan, Mulligan, Play, TraxState
from domain.trax.tiles import COLOUR_NAMES
from domain.trax.wins import wins_formed


def random_bot(state: TraxState, seat: str, think: Think) -> list[Any]:
    """A random legal move; a bot that may use its Mulligan declines it."""
    if state.pending is not None:
        return [DeclineMulligan()] if state.pending.decider == seat else []
    moves = seat_moves(state, seat)
    return [Play(think.rng().choice(moves))] if moves else []


def winner_after(board: Board, move: str, mover: str, variant: Variant) -> tuple[Board, str | None]:
    """The board after ``mover`` plays ``move`` (a legal move) and who it makes the winner, if
    anyone: the mover for a loop or line of its colour, else the opponent for one of theirs.

    >>> from domain.trax.moves import STANDARD
    >>> board, winner = winner_after(Board(), "@0+", "white", STANDARD)
    >>> len(board.tiles), winner
    (1, None)
    """
    after, placed = play_move(board, parse_move(move), variant)
    formed = {COLOUR_NAMES[colour] for colour, _ in wins_formed(after.tiles, after.box, placed, variant.lines)}
    return after, (mover if mover in formed else other(mover) if formed else None)


def sane_bot(state: TraxState, seat: str, think: Think) -> list[Any]:
    """Level 1 (see the module's docstring)."""
    if state.pending is not None:
        if state.pending.decider != seat:
            return []
        return ([Mulligan()] if state.mulligans_left.get(seat, 0) > 0 else []) + [DeclineMulligan()]
    moves = seat_moves(state, seat)
    if not moves:
        return []
    variant, opponent = variant_of(state), other(seat)
    outcomes: dict[str, tuple[Board, str | None]] = {}
    for move in shuffled(moves, think):
        if think.spent():
            break
        outcomes[move] = winner_after(state.board, move, seat, variant)
        if outcomes[move][1] == seat:
            return [Play(move)]
    not_losing = [m for m, (_, winner) in outcomes.items() if winner != opponent]

    def leaves_no_win(move: str) -> bool:
        after = outcomes[move][0]
        return not any(_wins(after, reply, opponent, variant) for reply in legal_moves(after, variant)
                       if not think.spent())

    safe = first_passing(not_losing, leaves_no_win, think)
    chosen = safe or (not_losing[0] if not_losing else next(iter(outcomes), moves[0]))
    return [Play(chosen)]


def _wins(board: Board, move: str, mover: str, variant: Variant) -> bool:
    try:
        return winner_after(board, move, mover, variant)[1] == mover
    except IllegalMove:  # (legal_moves lists only legal ones; kept for safety)
        return False


BOTS = {0: random_bot, 1: sane_bot}
"""The bot of each level (:data:`domain.bots.LEVELS`)."""
