"""The decider: whose turn it is, which moves are accepted, what each event changes.

A move fills one empty pentagon and must leave a corridor. When afterwards the corridor component
is minimal (no cell of it may be filled) the game ends: each seat scores its pieces next to the
final corridor, more wins, and a tie goes by the ``tiebreak`` option. :func:`decide` works all of
that out and writes it into the :class:`CairoPlaced` event; :func:`evolve` only applies events.

>>> from domain.game import Context
>>> s = begin(initial(CairoOptions(), seed=0), at=0)
>>> [e] = decide(s, Place("m LEFT"), Context(now=69_000, seat="first"))  # 9 s over the minute: two banks
>>> e
CairoPlaced(seat='first', cell='Ml', at=69000, outcome=None)
>>> s = evolve(s, e)
>>> s.clocks["first"].reserve_ms, to_move(s), deadline(s).key
(170000, ('second',), 'turn:1')
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.cairo.parts.corridor import cells_of, scores, survey
from domain.cairo.parts.geometry import INDEX, NAMES
from domain.cairo.parts.notation import parse_cell
from domain.cairo.state import SEATS, CairoOptions, CairoState, Outcome, Place, CairoPlaced, CairoTimedOut
from domain.clock import SeatClock, check_time_control, initial_clock, is_out_of_time, seat_deadline, spend_turn
from domain.errors import IllegalMove, InvalidCommand, WrongState
from domain.game import Context, Deadline, Result, is_due

replace = msgspec.structs.replace


def initial(options: CairoOptions | None, seed: int) -> CairoState:
    """The empty board, ``first`` to move, play not begun. ``seed`` is unused: there is no chance."""
    options = options or CairoOptions()
    check_time_control(options.time)
    return CairoState(options=options, clocks={seat: initial_clock(options.time) for seat in SEATS})


def begin(state: CairoState, at: int) -> CairoState:
    """Play starts: first's turn starts at ``at``."""
    return replace(state, turn_started_at=at)


def other(seat: str) -> str:
    return SEATS[1 - SEATS.index(seat)]


def seat_to_act(state: CairoState) -> str | None:
    return None if state.result is not None else SEATS[len(state.moves) % 2]


def seats_moved(state: CairoState) -> frozenset[str]:
    """The seats that have filled a cell: move ``i`` is ``SEATS[i % 2]``'s; a clock fills none
    (running out loses)."""
    return frozenset(SEATS[:min(len(state.moves), len(SEATS))])


def to_move(state: CairoState) -> tuple[str, ...]:
    seat = seat_to_act(state)
    return () if seat is None else (seat,)


# ---------------------------------------------------------------- decide


def decide(state: CairoState, command: Any, ctx: Context) -> list[Any]:
    """The events ``command`` by ``ctx.seat`` causes, or a :class:`~domain.errors.DomainError`."""
    if not isinstance(command, Place):
        raise InvalidCommand("unknown_command", "Cairo Corridor knows one command: cairo_place.")
    seat = _check_turn(state, ctx)
    cell = parse_cell(command.cell)
    name, bit = NAMES[cell], 1 << cell
    if not state.empty & bit:
        whose = "your" if SEATS[state.moves.index(name) % 2] == seat else "your opponent's"
        raise IllegalMove("occupied", f"{name} already holds {whose} piece; choose an empty pentagon.")
    if not state.survey.legal & bit:
        raise IllegalMove("breaks_corridor", f"A piece on {name} would leave no corridor of empty pentagons "
                                             "touching all four sides.")
    return [CairoPlaced(seat=seat, cell=name, at=ctx.now, outcome=outcome_of(state, seat, cell))]


def _check_turn(state: CairoState, ctx: Context) -> str:
    """The acting seat, once it is known to be that seat's turn and within its time."""
    if state.result is not None:
        raise WrongState("game_over", f"The game is over. {state.result.detail}")
    if state.turn_started_at is None:
        raise WrongState("not_started", "Play has not begun yet.")
    seat = SEATS[len(state.moves) % 2]
    if ctx.seat != seat:
        raise WrongState("not_your_turn", f"It is {seat}'s turn to move, not yours.")
    if is_out_of_time(state.options.time, state.clocks[seat], state.turn_started_at, ctx.now):
        raise WrongState("out_of_time", "Your time for this turn has run out.")
    return seat


def outcome_of(state: CairoState, seat: str, cell: int) -> Outcome | None:
    """The end of the game if ``seat`` filling ``cell`` leaves a minimal corridor, else ``None``."""
    found = survey(state.empty & ~(1 << cell))
    if not found.final:
        return None
    owners = list(state.owners)
    owners[cell] = SEATS.index(seat)
    points = dict(zip(SEATS, scores(tuple(owners), found.corridor)))
    return Outcome(corridor=[NAMES[c] for c in cells_of(found.corridor)], scores=points,
                   result=score_result(points, state.options.tiebreak, last_mover=seat))


def score_result(points: dict[str, int], tiebreak: str, last_mover: str) -> Result:
    """Who wins on ``points``; equal points go by ``tiebreak``.

    >>> score_result({"first": 7, "second": 5}, "first_player_loses", "second").detail
    'First scores 7, second scores 5: first wins.'
    >>> score_result({"first": 6, "second": 6}, "last_mover_loses", "first").detail
    'First and second both score 6; on a tie the last mover loses, and first moved last: second wins.'
    """
    first, second = SEATS
    said = f"First scores {points[first]}, second scores {points[second]}"
    if points[first] != points[second]:
        winner = first if points[first] > points[second] else second
        return Result(winner=winner, reason="score", detail=f"{said}: {winner} wins.")
    both = f"First and second both score {points[first]}; on a tie"
    if tiebreak == "last_mover_loses":
        winner = other(last_mover)
        detail = f"{both} the last mover loses, and {last_mover} moved last: {winner} wins."
    else:
        winner = second
        detail = f"{both} the first player loses: {winner} wins."
    return Result(winner=winner, reason="tiebreak", detail=detail)


# ---------------------------------------------------------------- evolve


def evolve(state: CairoState, event: Any) -> CairoState:
    """The state after ``event``; total and deterministic, with no rule computation."""
    if isinstance(event, CairoPlaced):
        changes: dict[str, Any] = {}
        if event.outcome is not None:
            changes = {"result": event.outcome.result, "corridor": tuple(event.outcome.corridor),
                       "scores": dict(event.outcome.scores)}
        return replace(state, moves=(*state.moves, event.cell), empty=state.empty & ~(1 << INDEX[event.cell]),
                       clocks=_clocks(state, event.seat, event.at), turn_started_at=event.at, **changes)
    if isinstance(event, CairoTimedOut):
        winner = other(event.seat)
        return replace(state, clocks=_clocks(state, event.seat, event.at), result=Result(
            winner=winner, reason="timeout", detail=f"{event.seat.capitalize()} ran out of time; {winner} wins."))
    return state


def _clocks(state: CairoState, seat: str, at: int) -> dict[str, SeatClock]:
    """The clocks after ``seat`` acted at ``at`` (time over the minute uses whole banks)."""
    return spend_turn(state.options.time, state.clocks, seat, state.turn_started_at, at)


# ---------------------------------------------------------------- time


def deadline(state: CairoState) -> Deadline | None:
    """When the seat to move runs out of reserve; the key names the turn (``turn:<moves made>``)."""
    seat = seat_to_act(state)
    if seat is None or state.turn_started_at is None:
        return None
    key = f"turn:{len(state.moves)}"
    return seat_deadline(state.options.time, state.clocks[seat], state.turn_started_at, seat, key)


def on_timeout(state: CairoState, due: Deadline, ctx: Context) -> list[Any]:
    """The seat on the deadline ran out of time; a stale or early deadline changes nothing."""
    current = deadline(state)
    if current is None or current.seat is None or not is_due(current, due.key, ctx.now):
        return []
    return [CairoTimedOut(seat=current.seat, at=ctx.now)]
