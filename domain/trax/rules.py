"""The decider: whose turn it is, which commands are accepted, and what each event changes.

A turn is one move with its forced plays. After it a loop or line may be formed: the mover wins if
it is theirs (even if the opponent's is formed too), otherwise the opponent wins. With the Mulligan
option a loser who still holds a Mulligan decides first (use it or decline); a Mulligan rewinds the
game to the start of its user's most recent turn. A player with no legal move ends the game drawn.

:func:`decide` works all of that out and writes it into the :class:`Played` event (its tiles and its
outcome); :func:`evolve` only applies events, each in about the same (constant) time.

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

from domain.clock import SeatClock, check_time_control, initial_clock, is_out_of_time, seat_deadline, spend_turn
from domain.errors import IllegalMove, InvalidCommand, WrongState
from domain.game import Context, Deadline, Result, is_due
from domain.trax.parts.board import Board, Box, key_of, xy_of
from domain.trax.parts.placements import VARIANTS, Variant, has_legal_move, play_move
from domain.trax.parts.notation import cell_label, format_move, parse_move
from domain.trax.state import (
    SEATS,
    DeclineMulligan,
    Mulligan,
    MulliganDeclined,
    MulliganUsed,
    PendingWin,
    Play,
    Played,
    TraxTimedOut,
    TraxOptions,
    TraxState,
    Turn,
    Turns,
)
from domain.trax.parts.tiles import COLOUR_NAMES, SYMBOL
from domain.trax.parts.wins import wins_formed

replace = msgspec.structs.replace


def initial(options: TraxOptions | None, seed: int) -> TraxState:
    """The empty board, white to move, play not begun. ``seed`` is unused: Trax has no chance."""
    options = options or TraxOptions()
    check_time_control(options.time)
    return TraxState(options=options, turns=Turns(),
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
    return SEATS[len(state.turns) % 2]


def seats_moved(state: TraxState) -> frozenset[str]:
    """The seats that have made a turn of their own: turns (moves and Mulligans) alternate from
    white and ``ply`` counts them; a clock makes no turn (running out loses)."""
    return frozenset(SEATS[:min(state.ply, len(SEATS))])


def to_move(state: TraxState) -> tuple[str, ...]:
    seat = seat_to_act(state)
    return () if seat is None else (seat,)


def rewind_point(state: TraxState, seat: str) -> int | None:
    """The index of ``seat``'s most recent turn (where its Mulligan rewinds to), if it had one."""
    last = len(state.turns) - 1
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
    if seat is None or ctx.seat != seat:
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
    return [_played(state, seat, command.move, ctx.now)]


def _played(state: TraxState, seat: str, written: str, at: int) -> Played:
    """The event of ``seat`` playing ``written`` at ``at``, with what the turn does: the tiles it
    puts down and its outcome (a win, or a draw when the next seat has no legal move)."""
    move = parse_move(written)
    variant = variant_of(state)
    before = state.board
    board, placed = play_move(before, move, variant)
    name = format_move(move)
    assert board.box is not None  # a tile is down
    outcome = _win(wins_formed(board.tiles, board.box, placed, variant.lines), seat, name)
    if outcome is None and not has_legal_move(board, variant):
        outcome = Result(winner=None, reason="draw", detail=f"{other(seat).capitalize()} has no legal move and "
                                                            "nobody has won: the game is a draw.")
    tiles = board.tiles
    return Played(seat=seat, move=name, at=at,
                  placed=[cell_label(before.box, key) + SYMBOL[tiles[key]] for key in placed],
                  tiles=[(*xy_of(key), tiles[key]) for key in placed], outcome=outcome)


def _decide_mulligan(state: TraxState, ctx: Context) -> list[Any]:
    _check_mulligan_variant(state)
    seat = _check_turn(state, ctx)
    if state.mulligans_left[seat] < 1:
        raise IllegalMove("mulligan_used", "You have already used your Mulligan; each player has one per game.")
    start = rewind_point(state, seat)
    if start is None:
        raise IllegalMove("nothing_to_rewind", "You have not made a turn yet, so there is nothing to rewind.")
    return [MulliganUsed(seat=seat, undone=[turn.move for turn in state.turns.since(start)], at=ctx.now)]


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
    """The state after ``event``; total and deterministic. No rule is applied here: a
    :class:`Played` event carries its tiles and outcome, so every event costs about the same."""
    if isinstance(event, Played):
        return _after_turn(state, event)
    if isinstance(event, MulliganUsed):
        start = rewind_point(state, event.seat)
        start = len(state.turns) if start is None else start
        return replace(state, turns=state.turns.first(start), pending=None, clocks=_clocks(state, event.seat, event.at),
                       mulligans_left={**state.mulligans_left, event.seat: state.mulligans_left[event.seat] - 1},
                       ply=state.ply + 1, turn_started_at=event.at)  # the board is derived again when asked for
    if isinstance(event, MulliganDeclined):
        state = _keep_board(state, replace(state, clocks=_clocks(state, event.seat, event.at)))
        return _final(state, f"{event.seat.capitalize()} declined the Mulligan.")
    if isinstance(event, TraxTimedOut):
        if state.pending is not None:
            return _final(state, f"{event.seat.capitalize()} did not use the Mulligan in time.")
        winner = other(event.seat)
        return _keep_board(state, replace(state, result=Result(
            winner=winner, reason="timeout", detail=f"{event.seat.capitalize()} ran out of time; {winner} wins.")))
    return state


def _clocks(state: TraxState, seat: str, at: int) -> dict[str, SeatClock]:
    """The clocks after ``seat`` acted at ``at`` (a turn over the limit uses the grace)."""
    return spend_turn(state.options.time, state.clocks, seat, state.turn_started_at, at)


def _keep_board(old: TraxState, new: TraxState) -> TraxState:
    """``new``, with the same turns as ``old``, keeps what ``old`` derived from them (its board)."""
    new.__dict__.update(old.__dict__)
    return new


def _after_turn(state: TraxState, event: Played) -> TraxState:
    """Apply a turn as the event records it: append it, grow the box, set the outcome."""
    tiles, outcome = event.tiles, event.outcome
    if not tiles:  # recorded before events carried their outcome: play the move by the rules
        legacy = _played(state, event.seat, event.move, event.at)
        tiles, outcome = legacy.tiles, legacy.outcome
    turns = state.turns
    last = turns.last
    if last is None:
        box = Box.around(key_of(x, y) for x, y, _ in tiles)
    else:  # the box grows by the turn's tiles (most turns leave it as it was)
        box = last.box
        left, top, right, bottom = box.left, box.top, box.right, box.bottom
        grown = False
        for x, y, _ in tiles:
            if x < left or x > right or y < top or y > bottom:
                left, right, top, bottom = min(left, x), max(right, x), min(top, y), max(bottom, y)
                grown = True
        if grown:
            box = Box(left, top, right, bottom)
    turn = Turn(seat=event.seat, move=event.move, tiles=tuple(tiles), box=box)
    pending = result = None
    if outcome is not None:
        if outcome.winner is None:  # a draw
            result = outcome
        elif state.mulligans_left[loser := other(outcome.winner)] > 0:
            pending = PendingWin(win=outcome, decider=loser)
        else:
            result = outcome
    new = replace(state, turns=turns.append(turn), clocks=_clocks(state, event.seat, event.at), ply=state.ply + 1,
                  turn_started_at=event.at, pending=pending, result=result)
    board = state.__dict__.get("board")
    if board is not None:  # live play: grow the board already built instead of deriving it again
        new.__dict__["board"] = Board({**board.tiles, **{key_of(x, y): tile for x, y, tile in tiles}}, box)
    return new


def _win(wins: list[tuple[int, str]], mover: str, move: str) -> Result | None:
    """Who a turn's loops and lines make the winner: the mover if any is theirs, else the opponent."""
    if not wins:
        return None
    formed = {(COLOUR_NAMES[colour], kind) for colour, kind in wins}
    opponent = other(mover)
    mine, theirs = (next((k for k in ("loop", "line") if (seat, k) in formed), "") for seat in (mover, opponent))
    said = f"{mover.capitalize()}'s move {move} formed"
    if mine and theirs:
        detail = f"{said} a {mover} {mine} and a {opponent} {theirs}; the mover wins, so {mover} wins."
    elif mine:
        detail = f"{said} a {mover} {mine}, so {mover} wins."
    elif theirs:
        detail = f"{said} a {opponent} {theirs} only, so {opponent} wins."
    else:
        return None
    return Result(winner=mover if mine else opponent, reason=mine or theirs, detail=detail)


def _final(state: TraxState, why: str) -> TraxState:
    """The pending win becomes the result."""
    if state.pending is None:
        return state
    win = state.pending.win
    return _keep_board(state, replace(state, pending=None, result=replace(win, detail=f"{win.detail} {why}")))


# ---------------------------------------------------------------- time


def deadline(state: TraxState) -> Deadline | None:
    """When the seat to act runs out of time (one grace: see :mod:`domain.clock`)."""
    seat = seat_to_act(state)
    if seat is None or state.turn_started_at is None:
        return None
    return seat_deadline(state.options.time, state.clocks[seat], state.turn_started_at, seat, f"turn:{state.ply}")


def on_timeout(state: TraxState, due: Deadline, ctx: Context) -> list[Any]:
    """The seat on the deadline ran out of time; a stale or early deadline changes nothing."""
    current = deadline(state)
    if current is None or current.seat is None or not is_due(current, due.key, ctx.now):
        return []
    return [TraxTimedOut(seat=current.seat, at=ctx.now)]
