"""Whose turn it is, when it runs out, and how a turn ends and the next begins.

>>> from domain.monunrail.parts.setup import initial
>>> s = begin(initial(None, seed=0), at=0)
>>> seat_to_act(s), deadline(s)
('first', Deadline(at=540000, key='turn:0', seat='first'))
"""

from __future__ import annotations

import msgspec

from domain.errors import WrongState
from domain.game import Deadline
from domain.monunrail.state import SEATS, MonunrailState
from domain.monunrail.parts.timing import spend_turn, turn_end

replace = msgspec.structs.replace


def other(seat: str) -> str:
    return SEATS[1 - SEATS.index(seat)]


def begin(state: MonunrailState, at: int) -> MonunrailState:
    """Play starts: the first seat's turn starts at ``at``. Beginning again changes nothing."""
    if state.turn_started_at is not None or state.result is not None or state.ply:
        return state
    return replace(state, turn_started_at=at)


def seat_to_act(state: MonunrailState) -> str | None:
    """The seat expected to act: the mover, the seat choosing its order after First Turn, or the
    opponent of an Impossible answered by a submitted completion; ``None`` while the solver works."""
    if state.result is not None or state.turn_started_at is None:
        return None
    if state.call is not None:
        return None if state.call.adjudication == "solver" else other(state.call.caller)
    if state.choosing is not None:
        return state.choosing
    return state.position.to_act


def to_move(state: MonunrailState) -> tuple[str, ...]:
    seat = seat_to_act(state)
    return () if seat is None else (seat,)


def deadline(state: MonunrailState) -> Deadline | None:
    """When the seat to act runs out of time: the First Turn look (1 minute) or its turn's end."""
    seat = seat_to_act(state)
    if seat is None or state.turn_started_at is None:
        return None
    if state.choosing is not None and state.choose_until is not None:
        return Deadline(at=state.choose_until, key=f"first_turn:{state.ply}", seat=seat)
    at = turn_end(state.options.time, state.clocks[seat], state.turn_started_at, state.turn_rushed,
                  state.turn_bonus_ms)
    return None if at is None else Deadline(at=at, key=f"turn:{state.ply}", seat=seat)


def end_turn(state: MonunrailState, seat: str, at: int) -> MonunrailState:
    """``seat``'s running turn ends at ``at``: its overflow pays for the time past the limit."""
    started = state.turn_started_at
    if started is None or state.choosing is not None:
        return state
    clock = state.clocks[seat]
    spent = spend_turn(state.options.time, clock, started, at, state.turn_rushed, state.turn_bonus_ms)
    if spent == clock:
        return state
    return replace(state, clocks={**state.clocks, seat: spent})


def start_turn(state: MonunrailState, seat: str, at: int) -> MonunrailState:
    """A new turn of ``seat`` starts at ``at``; Time Rush applies if it waits for that seat."""
    rushed = state.rush_next == seat
    return replace(state, ply=state.ply + 1, turn_started_at=at, turn_rushed=rushed, turn_bonus_ms=0,
                   rush_next=None if rushed else state.rush_next)


def check_turn(state: MonunrailState, ctx_seat: str | None, now: int) -> str:
    """The acting seat, once it is known to be its turn and within its time; else a refusal."""
    if state.result is not None:
        raise WrongState("game_over", f"The game is over. {state.result.detail}")
    if state.turn_started_at is None:
        raise WrongState("not_started", "Play has not begun yet.")
    if state.call is not None and state.call.adjudication == "solver":
        raise WrongState("judging", "The Impossible call is being judged by the solver; nothing can be played.")
    seat = seat_to_act(state)
    if seat is None or ctx_seat != seat:
        raise WrongState("not_your_turn", f"It is {seat}'s turn, not yours.")
    due = deadline(state)
    if due is not None and now >= due.at:
        raise WrongState("out_of_time", "Your time for this turn has run out.")
    return seat
