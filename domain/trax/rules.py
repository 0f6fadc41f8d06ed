"""The decider: whose turn it is, which commands are accepted, and what each event changes.

A turn is one move with its forced plays. After it a loop or line may be formed: the mover wins if
it is theirs (even if the opponent's is formed too), otherwise the opponent wins. With the Mulligan
option a loser who still holds a Mulligan decides first (use it or decline); a Mulligan rewinds the
game to the start of its user's most recent turn. A player with no legal move ends the game drawn.

>>> from domain.game import Context
>>> s = begin(initial(TraxOptions(), seed=0), at=0)
>>> for seat, move in zip(SEATS * 2, ["@0/", "B1\\\\", "A2\\\\"]):
...     for e in decide(s, Play(move), Context(now=1_000, seat=seat)):
...         s = evolve(s, e)
>>> s.result
Result(winner='red', reason='loop', detail="White's move A2\\\\ formed a red loop only, so red wins.")
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.clock import check_time_control, initial_clock, is_out_of_time, spend, turn_deadline
from domain.errors import IllegalMove, InvalidCommand, WrongState
from domain.game import Context, Deadline, Result
from domain.trax.board import Board
from domain.trax.moves import VARIANTS, Variant, has_legal_move, play_move
from domain.trax.moves import legal_moves as legal_moves_on
from domain.trax.notation import cell_label, format_move, parse_move
from domain.trax.state import (
    SEATS,
    DeclineMulligan,
    Mulligan,
    MulliganDeclined,
    MulliganUsed,
    PendingWin,
    Play,
    Played,
    TimedOut,
    TraxOptions,
    TraxState,
)
from domain.trax.tiles import COLOUR_NAMES, SYMBOL
from domain.trax.wins import wins_formed

replace = msgspec.structs.replace


def initial(options: TraxOptions | None, seed: int) -> TraxState:
    """The empty board, white to move, play not begun. ``seed`` is unused: Trax has no chance."""
    options = options or TraxOptions()
    try:
        check_time_control(options.time)
    except ValueError as e:
        raise InvalidCommand("bad_options", f"The trax time control is not valid: {e}") from None
    return TraxState(options=options, boards=(Board(),), moves=(),
                     clocks={seat: initial_clock(options.time) for seat in SEATS},
                     mulligans_left={seat: int(options.mulligan) for seat in SEATS})


def begin(state: TraxState, at: int) -> TraxState:
    """Play starts: white's first turn starts at ``at``."""
    return replace(state, turn_started_at=at)


def other(seat: str) -> str:
    return SEATS[1 - SEATS.index(seat)]


def variant_of(state: TraxState) -> Variant:
    return VARIANTS[state.options.variant]


def seat_to_act(state: TraxState) -> str | None:
    """The seat whose turn it is: the loser deciding about a pending win, else by move count."""
    if state.result is not None:
        return None
    if state.pending is not None:
        return state.pending.decider
    return SEATS[len(state.moves) % 2]


def to_move(state: TraxState) -> tuple[str, ...]:
    seat = seat_to_act(state)
    return () if seat is None else (seat,)


def legal_moves(state: TraxState, seat: str) -> list[str]:
    """Every legal move for ``seat``; empty unless play has begun and it is ``seat``'s move."""
    if state.turn_started_at is None or state.pending is not None or seat_to_act(state) != seat:
        return []
    return legal_moves_on(state.board, variant_of(state))


def rewind_point(state: TraxState, seat: str) -> int | None:
    """The index of ``seat``'s most recent turn (where its Mulligan rewinds to), if it had one."""
    last = len(state.moves) - 1
    if last >= 0 and SEATS[last % 2] != seat:
        last -= 1
    return last if last >= 0 else None


# ---------------------------------------------------------------- decide


def decide(state: TraxState, command: Any, ctx: Context) -> list[Any]:
    """The events ``command`` by ``ctx.seat`` causes, or a :class:`~domain.errors.DomainError`."""
    if isinstance(command, Play):
        return _decide_play(state, command, ctx)
    if isinstance(command, Mulligan):
        return _decide_mulligan(state, ctx)
    if isinstance(command, DeclineMulligan):
        return _decide_decline(state, ctx)
    raise InvalidCommand("unknown_command", "Trax knows the commands play, mulligan and decline_mulligan.")


def _check_turn(state: TraxState, ctx: Context) -> str:
    """The acting seat, once it is known to be that seat's turn and within its time."""
    if state.result is not None:
        raise WrongState("game_over", f"The game is over. {state.result.detail}")
    if state.turn_started_at is None:
        raise WrongState("not_started", "Play has not begun yet.")
    seat = seat_to_act(state)
    if ctx.seat != seat:
        doing = "to decide about the Mulligan" if state.pending else "to move"
        raise WrongState("not_your_turn", f"It is {seat}'s turn {doing}, not yours.")
    if is_out_of_time(state.options.time, state.clocks[seat], state.turn_started_at, ctx.now):
        raise WrongState("out_of_time", "Your time for this turn has run out.")
    return seat


def _decide_play(state: TraxState, command: Play, ctx: Context) -> list[Any]:
    seat = _check_turn(state, ctx)
    if state.pending is not None:
        raise WrongState("mulligan_decision", f"{state.pending.win.detail} Send mulligan to rewind the game, or "
                                              "decline_mulligan to let the win stand.")
    move = parse_move(command.move)
    board, placed = play_move(state.board, move, variant_of(state))
    box = state.board.box
    return [Played(seat=seat, move=format_move(move), at=ctx.now,
                   placed=[cell_label(box, key) + SYMBOL[board.tiles[key]] for key in placed])]


def _decide_mulligan(state: TraxState, ctx: Context) -> list[Any]:
    _check_mulligan_variant(state)
    seat = _check_turn(state, ctx)
    if state.mulligans_left[seat] < 1:
        raise IllegalMove("mulligan_used", "You have already used your Mulligan; each player has one per game.")
    start = rewind_point(state, seat)
    if start is None:
        raise IllegalMove("nothing_to_rewind", "You have not made a turn yet, so there is nothing to rewind.")
    return [MulliganUsed(seat=seat, undone=list(state.moves[start:]), at=ctx.now)]


def _decide_decline(state: TraxState, ctx: Context) -> list[Any]:
    _check_mulligan_variant(state)
    seat = _check_turn(state, ctx)
    if state.pending is None:
        raise WrongState("no_pending_win", "There is no win waiting for your decision; decline_mulligan answers "
                                           "an opponent's win.")
    return [MulliganDeclined(seat=seat, at=ctx.now)]


def _check_mulligan_variant(state: TraxState) -> None:
    if not state.options.mulligan:
        raise IllegalMove("no_mulligan_variant", "This match is played without Mulligans.")


# ---------------------------------------------------------------- evolve


def evolve(state: TraxState, event: Any) -> TraxState:
    """The state after ``event``; total and deterministic."""
    if isinstance(event, Played):
        return _after_turn(_spent(state, event.seat, event.at), event)
    if isinstance(event, MulliganUsed):
        state = _spent(state, event.seat, event.at)
        start = rewind_point(state, event.seat)
        start = len(state.moves) if start is None else start
        return replace(state, moves=state.moves[:start], boards=state.boards[:start + 1], pending=None,
                       mulligans_left={**state.mulligans_left, event.seat: state.mulligans_left[event.seat] - 1},
                       ply=state.ply + 1, turn_started_at=event.at)
    if isinstance(event, MulliganDeclined):
        return _final(_spent(state, event.seat, event.at), f"{event.seat.capitalize()} declined the Mulligan.")
    if isinstance(event, TimedOut):
        if state.pending is not None:
            return _final(state, f"{event.seat.capitalize()} did not use the Mulligan in time.")
        winner = other(event.seat)
        return replace(state, result=Result(winner=winner, reason="timeout",
                                            detail=f"{event.seat.capitalize()} ran out of time; {winner} wins."))
    return state


def _spent(state: TraxState, seat: str, at: int) -> TraxState:
    """``seat``'s clock after acting at ``at`` (a turn over the limit uses the grace)."""
    started = at if state.turn_started_at is None else state.turn_started_at
    return replace(state, clocks={**state.clocks, seat: spend(state.options.time, state.clocks[seat], started, at)})


def _after_turn(state: TraxState, event: Played) -> TraxState:
    variant = variant_of(state)
    board, placed = play_move(state.board, parse_move(event.move), variant)
    state = replace(state, boards=(*state.boards, board), moves=(*state.moves, event.move), ply=state.ply + 1,
                    turn_started_at=event.at)
    win = _win(wins_formed(board.tiles, board.box, placed, variant.lines), event.seat, event.move)
    if win is not None:
        loser = other(win.winner)  # type: ignore[arg-type]
        if state.mulligans_left[loser] > 0:
            return replace(state, pending=PendingWin(win=win, decider=loser))
        return replace(state, result=win)
    if not has_legal_move(board, variant):
        seat = seat_to_act(state)
        return replace(state, result=Result(winner=None, reason="draw",
                                            detail=f"{seat.capitalize()} has no legal move and nobody has won: "  # type: ignore[union-attr]
                                                   "the game is a draw."))
    return state


def _win(wins: list[tuple[int, str]], mover: str, move: str) -> Result | None:
    """Who a turn's loops and lines make the winner: the mover if any is theirs, else the opponent."""
    formed = {(COLOUR_NAMES[colour], kind) for colour, kind in wins}
    opponent = other(mover)
    mine, theirs = (next((k for k in ("loop", "line") if (seat, k) in formed), None) for seat in (mover, opponent))
    said = f"{mover.capitalize()}'s move {move} formed"
    if mine and theirs:
        detail = f"{said} a {mover} {mine} and a {opponent} {theirs}; the mover wins, so {mover} wins."
    elif mine:
        detail = f"{said} a {mover} {mine}, so {mover} wins."
    elif theirs:
        detail = f"{said} a {opponent} {theirs} only, so {opponent} wins."
    else:
        return None
    return Result(winner=mover if mine else opponent, reason=mine or theirs, detail=detail)  # type: ignore[arg-type]


def _final(state: TraxState, why: str) -> TraxState:
    """The pending win becomes the result."""
    if state.pending is None:
        return state
    win = state.pending.win
    return replace(state, pending=None, result=replace(win, detail=f"{win.detail} {why}"))


# ---------------------------------------------------------------- time


def deadline(state: TraxState) -> Deadline | None:
    """When the seat to act runs out of time (one grace: see :mod:`domain.clock`)."""
    seat = seat_to_act(state)
    if seat is None or state.turn_started_at is None:
        return None
    at = turn_deadline(state.options.time, state.clocks[seat], state.turn_started_at)
    return None if at is None else Deadline(at=at, key=f"turn:{state.ply}", seat=seat)


def on_timeout(state: TraxState, due: Deadline, ctx: Context) -> list[Any]:
    """The seat on the deadline ran out of time; a stale or early deadline changes nothing."""
    current = deadline(state)
    if current is None or current.key != due.key or ctx.now < current.at:
        return []
    return [TimedOut(seat=current.seat, at=ctx.now)]  # type: ignore[arg-type]
