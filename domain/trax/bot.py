"""The built-in bots of Trax, by level (:data:`BOTS`; see :mod:`domain.bots`).

- 0 ``random``: a random legal move; it declines a Mulligan.
- 1 ``sane``: a move that wins at once when there is one; else, at random, a move that neither
  forms only the opponent's loop or line nor leaves the opponent a move that wins at once (when
  every move does, one that at least does not lose on the spot). Facing a win it may rewind, it
  uses its Mulligan. Out of think time it plays the safest move checked so far.
- 2 ``greedy``: one turn of look-ahead. Every move is played with its forced tiles; a winning one is
  taken, and the others are ranked by a simple count of threats after it
  (:func:`~domain.trax.parts.evaluation.threat_score`: open paths whose two ends are one or two steps
  apart, each side's), ties in random order. It plays the best-ranked move that leaves the opponent
  no win at once. Cheap: a few ms a move.
- 3 ``search``: alpha-beta with iterative deepening and a transposition table over the searcher's
  positions (:mod:`~domain.trax.parts.table_search`: moves, turns and evaluation compiled), whole turns,
  forced plays included, exact about every win and loss it reaches and scoring the positions at its
  horizon by the full estimate of :mod:`~domain.trax.parts.evaluation` (loops in the making at one, two
  and three steps, lines in the making). It stops when its think time is spent and plays the best
  move of the deepest search.
  Both use their Mulligan, facing a win, as level 1 does.

:func:`evaluate` is the estimate of a position for a seat (``TRAX.evaluate``): exact when the game is
over or a two-turn search proves it, the static estimate otherwise.

>>> from domain.bots import Think, after_calls
>>> from domain.game import Context
>>> from domain.trax.rules import begin, decide, evolve, initial
>>> from domain.trax.state import Play
>>> s = begin(initial(None, seed=0), at=0)
>>> for seat, move in (("white", "@0/"), ("red", "B1\\\\")):
...     [e] = decide(s, Play(move), Context(now=0, seat=seat))
...     s = evolve(s, e)
>>> sane_bot(s, "white", Think(seed=1)) in ([Play('A2\\\\')], [Play('B2/')])  # the two moves that lose at once
False
>>> [bot(s, "white", Think(seed=1, spent=after_calls(40))) for bot in (greedy_bot, search_bot)]  # stop red's loop
[[Play(move='B2\\\\')], [Play(move='B2\\\\')]]
>>> evaluate(s, "red", Think(seed=0)) > 0 > evaluate(s, "white", Think(seed=0))
True
"""

from __future__ import annotations

from typing import Any

from domain.bots import Think, first_passing, shuffled
from domain.errors import IllegalMove
from domain.trax.parts.board import Board
from domain.trax.parts.evaluation import threat_score
from domain.trax.parts.placements import Variant, legal_moves, play_move
from domain.trax.parts.notation import parse_move
from domain.trax.moves import legal_moves as seat_moves
from domain.trax.rules import other, seat_to_act, variant_of
from domain.trax.parts import table_search
from domain.trax.parts.position import position
from domain.trax.search import PROVEN, Search, Stop
from domain.trax.state import DeclineMulligan, Mulligan, Play, TraxState
from domain.trax.parts.tiles import COLOUR_NAMES
from domain.trax.parts.wins import wins_formed


def random_bot(state: TraxState, seat: str, think: Think) -> list[Any]:
    """A random legal move; a bot that may use its Mulligan declines it."""
    if state.pending is not None:
        return [DeclineMulligan()] if state.pending.decider == seat else []
    moves = seat_moves(state, seat)
    return [Play(think.rng().choice(moves))] if moves else []


def winner_after(board: Board, move: str, mover: str, variant: Variant) -> tuple[Board, str | None]:
    """The board after ``mover`` plays ``move`` (a legal move) and who it makes the winner, if
    anyone: the mover for a loop or line of its colour, else the opponent for one of theirs.

    >>> from domain.trax.parts.placements import STANDARD
    >>> board, winner = winner_after(Board(), "@0+", "white", STANDARD)
    >>> len(board.tiles), winner
    (1, None)
    """
    after, placed = play_move(board, parse_move(move), variant)
    assert after.box is not None  # a tile is down
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


def _answer_pending(state: TraxState, seat: str) -> list[Any]:
    """Facing a win it may rewind: its Mulligan if it holds one, else let the win stand."""
    if state.pending is None or state.pending.decider != seat:
        return []
    return ([Mulligan()] if state.mulligans_left.get(seat, 0) > 0 else []) + [DeclineMulligan()]


def _moving(state: TraxState, seat: str) -> bool:
    """Whether ``seat`` is to move (it then has a legal move: a seat without one has drawn)."""
    return state.turn_started_at is not None and state.result is None and seat_to_act(state) == seat


def _root(state: TraxState, think: Think, max_nodes: int, **options: Any) -> tuple[Search, list[tuple[int, int]]]:
    """A search from the board and the seat's moves as (cell, tile), in the bot's random order."""
    search = Search(state.board, variant_of(state), think.spent, max_nodes, **options)
    return search, shuffled(search.candidates(0), think)


def greedy_bot(state: TraxState, seat: str, think: Think) -> list[Any]:
    """Level 2 (see the module's docstring)."""
    if state.pending is not None or not state.board.tiles or not _moving(state, seat):
        return _answer_pending(state, seat) if state.pending is not None else random_bot(state, seat, think)
    colour = COLOUR_NAMES.index(seat)
    search, order = _root(state, think, GREEDY_NODES, estimate=threat_score)
    try:
        scored = search.scores(colour, 1, order)
    except Stop:
        scored = search.partial
    ranked = sorted(scored, key=scored.__getitem__, reverse=True)
    if not ranked:  # out of time at once
        return random_bot(state, seat, think)
    if scored[ranked[0]] > PROVEN:
        return [Play(search.name(ranked[0]))]

    def safe(turn: tuple[int, int]) -> bool:
        played = search.play(turn, colour)
        assert played is not None  # a ranked turn is a legal one
        placed, before, _ = played
        try:
            return not search.can_win(1 - colour)
        finally:
            search.undo(placed, before)

    try:
        chosen = first_passing([t for t in ranked if scored[t] > -PROVEN], safe, think)
    except Stop:
        chosen = None
    return [Play(search.name(chosen or ranked[0]))]


def search_bot(state: TraxState, seat: str, think: Think) -> list[Any]:
    """Level 3 (see the module's docstring): :func:`domain.trax.parts.table_search.search` on the position."""
    if state.pending is not None or not state.board.tiles or not _moving(state, seat):
        return _answer_pending(state, seat) if state.pending is not None else random_bot(state, seat, think)
    return [Play(table_search.search(position(state), think).name)]


def evaluate(state: TraxState, seat: str, think: Think) -> float:
    """``seat``'s prospects in -1..1: exact once the game is over or a short search finds a forced
    result (a win in one, or every move losing at once), else the static estimate. A won game
    the loser may still rewind with a Mulligan is not proven: 0.9 (or 0.95 when only found)."""
    if state.result is not None:
        return 0.0 if state.result.winner is None else 1.0 if state.result.winner == seat else -1.0
    if state.pending is not None:
        return 0.9 if state.pending.win.winner == seat else -0.9
    mover = seat_to_act(state)
    if mover is None or not state.board.tiles:
        return 0.0
    search = Search(state.board, variant_of(state), think.spent, EVALUATE_NODES)
    best, value = search.best(COLOUR_NAMES.index(mover), 2)
    if best is None:
        return 0.0
    if abs(value) > PROVEN:
        winner = mover if value > 0 else other(mover)
        sure = 0.95 if state.mulligans_left.get(other(winner), 0) > 0 else 1.0
        value = sure if winner == mover else -sure
    else:
        value = max(-0.99, min(0.99, value))
    return value if mover == seat else -value


GREEDY_NODES, EVALUATE_NODES = 20_000, 1_000
"""Most turns played per decision (a cap that ends a search with no clock)."""

BOTS = {0: random_bot, 1: sane_bot, 2: greedy_bot, 3: search_bot}
"""The bot of each level (:data:`domain.bots.LEVELS`)."""
