"""The decider: which commands are accepted, and what each event changes. The starting state
(:func:`initial`, checking the options) is :mod:`~domain.monunrail.parts.setup`; whose turn it is and
when it runs out (:func:`begin`, :func:`to_move`, :func:`deadline`) is :mod:`~domain.monunrail.parts.turns`,
with the clock of :mod:`~domain.monunrail.parts.timing` and the items of :mod:`~domain.monunrail.parts.items`.

:func:`decide` works out everything a move does (the tiles, whether the track is complete, the
winner) and writes it into the event; :func:`evolve` only applies events. A build asks the hidden
supply last, after all other work, so refusing an exhausted kind takes the same path as accepting.

>>> from domain.game import Context
>>> s = begin(initial(None, seed=0), at=0)
>>> for seat, tiles in (("first", "D3 RD, E3 DL"), ("second", "D5 UR, E5 LU")):
...     [e] = decide(s, Build(tiles), Context(now=1_000, seat=seat))
...     s = evolve(s, e)
>>> e.completed, s.position.phase, seat_to_act(s)
(True, 'unrail', 'first')
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.errors import IllegalMove, InvalidCommand, NotAllowed, WrongState
from domain.game import ORGANIZER, Context, Deadline, Job, Result, is_due
from domain.monunrail.parts import items
from domain.monunrail.parts.board import Grid, grid
from domain.monunrail.parts.checks import (
    check_build,
    check_completion,
    check_removal,
    exhausted,
    needs,
    place,
    shortage,
)
from domain.monunrail.parts.notation import format_tiles, parse_cells, parse_tiles
from domain.monunrail.parts.setup import check_supply, initial
from domain.monunrail.state import (
    Build,
    Built,
    Call,
    ChooseOrder,
    Complete,
    Impossible,
    ImpossibleCalled,
    ImpossibleJudged,
    ItemUsed,
    SEATS,
    MonunrailState,
    OrderChosen,
    SetSupply,
    MonunrailSolverAnswer,
    SupplyRevealed,
    SupplySet,
    Swap,
    Swapped,
    MonunrailTimedOut,
    Unrail,
    Unrailed,
    UseItem,
    plays_pie,
)
from domain.monunrail.parts.tiles import removable
from domain.monunrail.parts.track import incompleteness, is_complete
from domain.monunrail.parts.turns import begin, check_turn, deadline, end_turn, other, seat_to_act, start_turn, to_move

replace = msgspec.structs.replace

__all__ = ["begin", "deadline", "decide", "evolve", "grid_of", "initial", "jobs", "on_timeout", "seat_to_act", "seats_moved", "to_move",
           "visibility"]


def grid_of(state: MonunrailState) -> Grid:
    return grid(state.options.width, state.options.height)


def _reveal(state: MonunrailState, left: dict[str, int] | None = None) -> SupplyRevealed:
    return SupplyRevealed(initial=dict(state.initial_supply), left=dict(state.supply if left is None else left))


def _in_play(state: MonunrailState, phase: str | None) -> None:
    """Refuse a move while an order choice or an Impossible waits, or in the other phase."""
    if state.choosing is not None:
        raise WrongState("choosing_order", "First Turn was used: send monunrail_choose_order (first or second).")
    if state.call is not None:
        raise WrongState("impossible_called", "Impossible was called: answer with monunrail_complete.")
    if phase is not None and state.position.phase != phase:
        doing = "building the track" if phase == "build" else "unrailing"
        raise WrongState("wrong_phase", f"This move belongs to {doing}; the game is in its {state.position.phase} phase.")


# ---------------------------------------------------------------- decide


def decide(state: MonunrailState, command: Any, ctx: Context) -> list[Any]:
    """The events ``command`` causes, or a :class:`~domain.errors.DomainError`."""
    if isinstance(command, MonunrailSolverAnswer):
        return _decide_answer(state, command, ctx)
    if isinstance(command, SetSupply):
        return _decide_set_supply(state, command, ctx)
    if isinstance(command, UseItem):
        return items.decide_item(state, command, ctx)
    seat = check_turn(state, ctx.seat, ctx.now)
    if isinstance(command, Build):
        return _decide_build(state, command, seat, ctx.now)
    if isinstance(command, Unrail):
        return _decide_unrail(state, command, seat, ctx.now)
    if isinstance(command, Impossible):
        _in_play(state, "build")
        return [ImpossibleCalled(seat=seat, key=f"impossible:{state.ply}", adjudication=state.options.adjudication,
                                 at=ctx.now)]
    if isinstance(command, Complete):
        return _decide_complete(state, command, seat, ctx.now)
    if isinstance(command, Swap):
        _in_play(state, None)
        if not state.position.swap_open:
            raise IllegalMove("no_swap", "The pie swap is offered once, to the second player, right after the first move.")
        return [Swapped(seat=seat, at=ctx.now)]
    if isinstance(command, ChooseOrder):
        if state.choosing != seat:
            raise WrongState("not_choosing", "The order is chosen only after using First Turn.")
        return [OrderChosen(seat=seat, go=command.go, at=ctx.now)]
    raise InvalidCommand("unknown_command", "MonUnrail knows monunrail_build, monunrail_unrail, monunrail_impossible, "
                                            "monunrail_complete, monunrail_swap, monunrail_use_item and "
                                            "monunrail_choose_order.")


def _decide_build(state: MonunrailState, command: Build, seat: str, now: int) -> list[Any]:
    _in_play(state, "build")
    g, mc = grid_of(state), state.multicolor
    tiles = check_build(state.position.board, g, parse_tiles(g, command.tiles, mc))
    after = place(state.position.board, tiles)
    completed = is_complete(after, g)
    outcome = None
    if completed and not any(removable(code, mc) for code in after):
        outcome = Result(winner=seat, reason="last_tile",
                         detail=f"{seat.capitalize()} completed a track without a red tile: nothing is left to "
                                f"unrail, so {seat} wins.")
    wanted = needs(tiles, mc)
    left = {kind: n - wanted.get(kind, 0) for kind, n in state.supply.items()}
    events: list[Any] = [Built(seat=seat, tiles=format_tiles(g, tiles, mc), at=now, completed=completed,
                               outcome=outcome)]
    if outcome is not None:
        events.append(_reveal(state, left))
    short = shortage(wanted, state.supply)  # last: the only look at the hidden supply
    if short:
        raise exhausted(short, wanted)
    return events


def _decide_unrail(state: MonunrailState, command: Unrail, seat: str, now: int) -> list[Any]:
    _in_play(state, "unrail")
    g, mc = grid_of(state), state.multicolor
    board = state.position.board
    cells = check_removal(board, g, parse_cells(g, command.cells), mc)
    after = list(board)
    for cell in cells:
        after[cell] = 0
    outcome = None
    if not any(removable(code, mc) for code in after):
        last = "red tile" if mc else "tile"
        outcome = Result(winner=seat, reason="last_tile", detail=f"{seat.capitalize()} removed the last {last}.")
    events: list[Any] = [Unrailed(seat=seat, cells=[g.name(c) for c in cells], at=now, outcome=outcome)]
    return events + [_reveal(state)] if outcome else events


def _decide_complete(state: MonunrailState, command: Complete, seat: str, now: int) -> list[Any]:
    call = state.call
    if call is None or call.adjudication != "submitted":
        raise WrongState("no_impossible", "monunrail_complete answers an Impossible call (submitted adjudication).")
    g, mc = grid_of(state), state.multicolor
    tiles = check_completion(state.position.board, g, parse_tiles(g, command.tiles, mc))
    why = incompleteness(place(state.position.board, tiles), g)
    wanted = needs(tiles, mc)
    outcome = Result(winner=seat, reason="impossible_refuted",
                     detail=f"{call.caller.capitalize()} called Impossible; {seat} completed the track, so {seat} wins.")
    events = [ImpossibleJudged(key=call.key, caller=call.caller, completable=True, witness=format_tiles(g, tiles, mc),
                               at=now, outcome=outcome), _reveal(state)]
    short = shortage(wanted, state.supply)
    if why is not None:
        raise IllegalMove("not_a_completion", f"These tiles do not complete the track: {why}.")
    if short:
        raise exhausted(short, wanted)
    return events


def _decide_answer(state: MonunrailState, command: MonunrailSolverAnswer, ctx: Context) -> list[Any]:
    if not ctx.system:
        raise NotAllowed("system_only", "Only the server's solver answers an Impossible call.")
    call = state.call
    if call is None or call.key != command.key or call.adjudication != "solver" or state.result is not None:
        raise WrongState("stale_answer", f"No Impossible call {command.key!r} is waiting for the solver.")
    g, mc = grid_of(state), state.multicolor
    try:
        tiles = check_completion(state.position.board, g, parse_tiles(g, command.witness, mc)) if command.witness else []
    except (IllegalMove, InvalidCommand) as e:
        raise InvalidCommand("bad_answer", f"The witness is not valid: {e.detail}") from None
    if command.completable and (incompleteness(place(state.position.board, tiles), g) is not None
                                or shortage(needs(tiles, mc), state.supply)):
        raise InvalidCommand("bad_answer", "The witness does not complete the track from the supply.")
    caller, opponent = call.caller, other(call.caller)
    if command.completable:
        outcome = Result(winner=opponent, reason="impossible_refuted",
                         detail=f"{caller.capitalize()} called Impossible, but the track can be completed; {opponent} wins.")
    else:
        outcome = Result(winner=caller, reason="impossible_upheld",
                         detail=f"{caller.capitalize()} called Impossible and the track cannot be completed from "
                                f"the supply; {caller} wins.")
    return [ImpossibleJudged(key=call.key, caller=caller, completable=command.completable,
                             witness=format_tiles(g, tiles, mc) if command.completable else [], at=ctx.now,
                             outcome=outcome), _reveal(state)]


def _decide_set_supply(state: MonunrailState, command: SetSupply, ctx: Context) -> list[Any]:
    if not ctx.organizer:
        raise NotAllowed("organizer_only", "Only an organizer sets the supply.")
    if state.result is not None or state.history or state.position.moves or state.call is not None:
        raise WrongState("supply_locked", "The supply can only be set before the first move.")
    try:
        supply = check_supply(command.supply, state.multicolor, state.position.board.count(0))
    except InvalidCommand as e:
        raise InvalidCommand("bad_supply", e.detail) from None
    return [SupplySet(supply=supply, at=ctx.now)]


# ---------------------------------------------------------------- evolve


def evolve(state: MonunrailState, event: Any) -> MonunrailState:
    """The state after ``event``; total and deterministic."""
    if isinstance(event, Built):
        return _after_build(state, event)
    if isinstance(event, Unrailed):
        return _after_unrail(state, event)
    if isinstance(event, ImpossibleCalled):
        state = replace(end_turn(state, event.seat, event.at),
                        call=Call(caller=event.seat, key=event.key, adjudication=event.adjudication))
        if event.adjudication == "submitted":
            return start_turn(state, other(event.seat), event.at)
        return replace(state, ply=state.ply + 1, turn_started_at=event.at)
    if isinstance(event, ImpossibleJudged):
        return replace(state, witness=list(event.witness), result=event.outcome)
    if isinstance(event, Swapped):  # a move: Undo may rewind it
        position = replace(state.position, to_act=other(event.seat), swap_open=False,
                           moves=(*state.position.moves, f"{event.seat}: swap"))
        return _after_move(state, event.seat, event.at, position, None)
    if isinstance(event, OrderChosen):
        first = event.seat if event.go == "first" else other(event.seat)
        state = replace(state, choosing=None, choose_until=None, position=replace(state.position, to_act=first))
        return start_turn(state, first, event.at)
    if isinstance(event, ItemUsed):
        return items.evolve_item(state, event)
    if isinstance(event, MonunrailTimedOut):
        return replace(state, result=event.outcome)
    if isinstance(event, SupplySet):
        return replace(state, initial_supply=dict(event.supply), position=replace(state.position, supply=dict(event.supply)))
    return state  # SupplyRevealed: for the record


def _after_move(state: MonunrailState, seat: str, at: int, position: Any, outcome: Result | None) -> MonunrailState:
    state = end_turn(state, seat, at)
    state = replace(state, position=position, history=(*state.history, state.position), result=outcome)
    return start_turn(state, position.to_act, at)


def _after_build(state: MonunrailState, event: Built) -> MonunrailState:
    g, mc = grid_of(state), state.multicolor
    tiles = parse_tiles(g, event.tiles, mc)
    wanted = needs(tiles, mc)
    before = state.position
    position = replace(before, board=place(before.board, tiles), to_act=other(event.seat),
                       supply={kind: n - wanted.get(kind, 0) for kind, n in before.supply.items()},
                       phase="unrail" if event.completed else "build",
                       moves=(*before.moves, f"{event.seat}: {', '.join(event.tiles)}"),
                       swap_open=plays_pie(state.options) and not before.moves)
    return _after_move(state, event.seat, event.at, position, event.outcome)


def _after_unrail(state: MonunrailState, event: Unrailed) -> MonunrailState:
    g = grid_of(state)
    board = list(state.position.board)
    for name in event.cells:
        board[g.index(name)] = 0
    position = replace(state.position, board=tuple(board), to_act=other(event.seat), swap_open=False,
                       moves=(*state.position.moves, f"{event.seat}: unrail {' '.join(event.cells)}"))
    return _after_move(state, event.seat, event.at, position, event.outcome)


def seats_moved(state: MonunrailState) -> frozenset[str]:
    """The seats that made a move still standing (``history`` keeps the position each was made
    from), and the first seat once a turn changed (``ply``); a clock moves for nobody (running out
    loses)."""
    return frozenset({p.to_act for p in state.history} | ({SEATS[0]} if state.ply else set()))


def on_timeout_events(state: MonunrailState, seat: str, key: str, at: int) -> list[Any]:
    """What a deadline that has come does: First Turn's look ends (the holder goes first), or the
    seat loses on time -- an Impossible left unanswered in time stands."""
    if key.startswith("first_turn:"):
        return [OrderChosen(seat=seat, go="first", at=at, by_default=True)]
    call = state.call
    if call is not None and seat == other(call.caller):
        outcome = Result(winner=call.caller, reason="impossible_upheld",
                         detail=f"{seat.capitalize()} did not complete the track in time; {call.caller}'s "
                                "Impossible stands.")
    else:
        outcome = Result(winner=other(seat), reason="timeout",
                         detail=f"{seat.capitalize()} ran out of time; {other(seat)} wins.")
    return [MonunrailTimedOut(seat=seat, at=at, outcome=outcome), _reveal(state)]


def on_timeout(state: MonunrailState, due: Deadline, ctx: Context) -> list[Any]:
    """The seat on the deadline runs out of time; a stale or early deadline changes nothing."""
    current = deadline(state)
    if current is None or current.seat is None or not is_due(current, due.key, ctx.now):
        return []
    return on_timeout_events(state, current.seat, current.key, ctx.now)


def jobs(state: MonunrailState) -> list[Job]:
    """While an Impossible waits for the solver: ``Job(key="impossible:<n>", kind="completion")``."""
    call = state.call
    if call is None or call.adjudication != "solver" or state.result is not None:
        return []
    return [Job(key=call.key, kind="completion")]


def visibility(event: Any) -> str | None:
    """The organizer's secret supply is private to the organizer; everything else is public."""
    return ORGANIZER if isinstance(event, SupplySet) else None
