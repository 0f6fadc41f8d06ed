"""The clock: 2 minutes a move, then a 7-minute overflow never refilled (:class:`domain.clock.Bank`),
shaped by the items: Time Rush gives the opponent's next turn 1 minute instead of 2 before its
overflow starts (the overflow then runs as usual; with a shorter per-move time of the match's own,
a rush never lengthens a turn), +Time adds 4 minutes to the holder's running turn.

>>> from domain.clock import Bank, SeatClock
>>> bank = Bank(per_move_ms=120_000, reserve_ms=420_000)
>>> turn_limit(bank, rushed=False, bonus_ms=0), turn_limit(bank, rushed=True, bonus_ms=240_000)
(120000, 300000)
>>> turn_limit(Bank(per_move_ms=30_000, reserve_ms=420_000), rushed=True, bonus_ms=0)
30000
>>> turn_end(bank, SeatClock(reserve_ms=420_000), started_at=0, rushed=False, bonus_ms=0)
540000
>>> turn_end(bank, SeatClock(reserve_ms=420_000), started_at=0, rushed=True, bonus_ms=0)
480000
>>> spend_turn(bank, SeatClock(reserve_ms=420_000), 0, 150_000, rushed=False, bonus_ms=0)
SeatClock(reserve_ms=390000, grace_used=False)
"""

from __future__ import annotations

from domain.clock import Bank, NoClock, SeatClock

RUSH_MS = 60_000
PLUS_TIME_MS = 240_000
FIRST_TURN_LOOK_MS = 60_000


def turn_limit(tc: Bank | NoClock, rushed: bool, bonus_ms: int) -> int | None:
    """The time a turn may take before its overflow is used (``None`` without a clock)."""
    if isinstance(tc, NoClock):
        return None
    return (min(RUSH_MS, tc.per_move_ms) if rushed else tc.per_move_ms) + bonus_ms


def turn_end(tc: Bank | NoClock, clock: SeatClock, started_at: int, rushed: bool, bonus_ms: int) -> int | None:
    """The instant the running turn is out of time: its limit, then the overflow left (rushed or not)."""
    limit = turn_limit(tc, rushed, bonus_ms)
    if limit is None:
        return None
    return started_at + limit + clock.reserve_ms


def spend_turn(tc: Bank | NoClock, clock: SeatClock, started_at: int, now: int, rushed: bool,
               bonus_ms: int) -> SeatClock:
    """The seat's clock after its turn ends at ``now``: time past the limit comes off the overflow."""
    limit = turn_limit(tc, rushed, bonus_ms)
    if limit is None:
        return clock
    over = max(0, now - started_at - limit)
    if not over:
        return clock
    return SeatClock(reserve_ms=max(0, clock.reserve_ms - over), grace_used=clock.grace_used)
