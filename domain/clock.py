"""Time-control state machines, pure and driven by the timestamps passed in (milliseconds).

Each seat owns a :class:`SeatClock`; a turn starts at ``started_at``. Four controls cover every game:

- :class:`OneGrace` (Trax): ``per_move_ms`` per move; once per game a move may run over, up to
  ``grace_ms`` in all for that move; running over a second time (or past the grace) is out of time.
- :class:`Bank` (Duorail, MonUnrail, Cairo Corridor): ``per_move_ms`` per move; time beyond it is
  taken from a reserve that is never refilled. With ``bank_size_ms > 1`` the reserve is held as
  fixed-size banks (a whole number of them) and every started bank is used up whole (Cairo: 36
  banks of 5 s).
- :class:`Window` (construction phases, Deep Sea Voyage): a fixed window per phase, no carry-over.
- :class:`NoClock`: correspondence play, no deadline.

What happens when time runs out (loss, pass, random choice) is the game's business.

Every boundary is a deadline, and a command that reaches the server **at or after** a deadline is
late (the shared rules): a move at exactly ``per_move_ms`` uses the grace or starts the first bank,
a move at exactly the end of a bank starts the next, and one at the turn's deadline is out of time.

>>> tc = OneGrace(per_move_ms=60_000, grace_ms=600_000)
>>> c = initial_clock(tc)
>>> turn_deadline(tc, c, started_at=0)      # grace unused: the move may take up to 10 minutes
600000
>>> c = spend(tc, c, started_at=0, now=60_000)  # at the minute's deadline: late, the grace is gone
>>> c.grace_used, turn_deadline(tc, c, started_at=0)
(True, 60000)
"""

from __future__ import annotations

import msgspec

from domain.errors import InvalidCommand
from domain.game import Deadline


MAX_WINDOW_MS = 30 * 24 * 3600 * 1000
"""No time control or phase window may be longer than 30 days."""


def check_window(name: str, window_ms: int, minimum_ms: int, minimum_said: str) -> None:
    """Refuse a phase window outside ``minimum_ms`` .. 30 days: ``InvalidCommand("bad_options")``.

    >>> check_window("action_ms", 10, 1_000, "1 second")
    Traceback (most recent call last):
    domain.errors.InvalidCommand: action_ms must be between 1 second and 30 days.
    """
    if not minimum_ms <= window_ms <= MAX_WINDOW_MS:
        raise InvalidCommand("bad_options", f"{name} must be between {minimum_said} and 30 days.")


class OneGrace(msgspec.Struct, frozen=True, tag="one_grace", forbid_unknown_fields=True):
    per_move_ms: int = 60_000
    grace_ms: int = 600_000


class Bank(msgspec.Struct, frozen=True, tag="bank", forbid_unknown_fields=True):
    per_move_ms: int = 60_000
    reserve_ms: int = 300_000
    bank_size_ms: int = 1


class Window(msgspec.Struct, frozen=True, tag="window", forbid_unknown_fields=True):
    window_ms: int = 300_000


class NoClock(msgspec.Struct, frozen=True, tag="none", forbid_unknown_fields=True):
    pass


TimeControl = OneGrace | Bank | Window | NoClock


class SeatClock(msgspec.Struct, frozen=True):
    """What a seat has left: its reserve (Bank) and whether its grace is used (OneGrace)."""

    reserve_ms: int = 0
    grace_used: bool = False


def check_time_control(tc: TimeControl) -> None:
    """Refuse a time control that makes no sense: ``InvalidCommand("bad_options")`` with a sentence.

    >>> check_time_control(Bank(bank_size_ms=0))
    Traceback (most recent call last):
    domain.errors.InvalidCommand: The time control is not valid: bank_size_ms must be at least 1.
    >>> check_time_control(Bank(reserve_ms=7_000, bank_size_ms=5_000))
    Traceback (most recent call last):
    domain.errors.InvalidCommand: The time control is not valid: reserve_ms must be a whole number of banks of bank_size_ms (7000 ms is not a multiple of 5000 ms).
    """
    if (problem := _time_control_problem(tc)) is not None:
        raise InvalidCommand("bad_options", f"The time control is not valid: {problem}")


def _time_control_problem(tc: TimeControl) -> str | None:
    for name in ("per_move_ms", "grace_ms", "reserve_ms", "bank_size_ms", "window_ms"):
        value = getattr(tc, name, None)
        if value is not None and not (0 <= value <= MAX_WINDOW_MS):
            return f"{name} must be between 0 and 30 days in milliseconds."
    if isinstance(tc, OneGrace) and tc.grace_ms < tc.per_move_ms:
        return "grace_ms is the whole time allowed for the grace move; it cannot be shorter than per_move_ms."
    if isinstance(tc, Bank) and tc.bank_size_ms < 1:
        return "bank_size_ms must be at least 1."
    if isinstance(tc, Bank) and tc.reserve_ms % tc.bank_size_ms:
        return (f"reserve_ms must be a whole number of banks of bank_size_ms ({tc.reserve_ms} ms is not a "
                f"multiple of {tc.bank_size_ms} ms).")
    if isinstance(tc, (OneGrace, Bank)) and tc.per_move_ms < 1:
        return "per_move_ms must be at least 1."
    if isinstance(tc, Window) and tc.window_ms < 1:
        return "window_ms must be at least 1."
    return None


def spend_turn(tc: TimeControl, clocks: dict[str, SeatClock], seat: str, started_at: int | None,
               now: int) -> dict[str, SeatClock]:
    """Every seat's clock after ``seat`` acted at ``now`` in a turn that started at ``started_at``
    (``None``: at ``now``); the same dict when nothing changed.

    >>> spend_turn(Bank(per_move_ms=10), {"red": SeatClock(reserve_ms=50)}, "red", started_at=0, now=25)
    {'red': SeatClock(reserve_ms=35, grace_used=False)}
    """
    if isinstance(tc, NoClock):
        return clocks
    clock = clocks[seat]
    spent = spend(tc, clock, now if started_at is None else started_at, now)
    return clocks if spent == clock else {**clocks, seat: spent}


def initial_clock(tc: TimeControl) -> SeatClock:
    """A seat's clock at the start of the game."""
    return SeatClock(reserve_ms=tc.reserve_ms if isinstance(tc, Bank) else 0)


def turn_deadline(tc: TimeControl, clock: SeatClock, started_at: int) -> int | None:
    """The instant (ms) at which a turn that started at ``started_at`` is out of time."""
    if isinstance(tc, OneGrace):
        return started_at + (tc.per_move_ms if clock.grace_used else tc.grace_ms)
    if isinstance(tc, Bank):
        return started_at + tc.per_move_ms + clock.reserve_ms
    if isinstance(tc, Window):
        return started_at + tc.window_ms
    return None


def seat_deadline(tc: TimeControl, clock: SeatClock, started_at: int, seat: str,
                  key: str) -> Deadline | None:
    """The :class:`~domain.game.Deadline` named ``key`` of ``seat``'s turn (``None`` without a clock).

    >>> seat_deadline(Bank(), SeatClock(reserve_ms=300_000), started_at=0, seat="red", key="turn:4")
    Deadline(at=360000, key='turn:4', seat='red')
    """
    at = turn_deadline(tc, clock, started_at)
    return None if at is None else Deadline(at=at, key=key, seat=seat)


def is_out_of_time(tc: TimeControl, clock: SeatClock, started_at: int, now: int) -> bool:
    """True when ``now`` is at or past the turn's deadline."""
    deadline = turn_deadline(tc, clock, started_at)
    return deadline is not None and now >= deadline


def spend(tc: TimeControl, clock: SeatClock, started_at: int, now: int) -> SeatClock:
    """The seat's clock after a move made at ``now`` in a turn that started at ``started_at``. A
    move at or after ``per_move_ms`` is late for the move's time: it uses the grace, or starts a
    bank (one at or after a bank's end starts the next).

    >>> cairo = Bank(per_move_ms=60_000, reserve_ms=180_000, bank_size_ms=5_000)
    >>> [spend(cairo, initial_clock(cairo), 0, now).reserve_ms for now in (59_999, 60_000, 64_999, 65_000)]
    [180000, 175000, 175000, 170000]
    """
    elapsed = max(0, now - started_at)
    if isinstance(tc, OneGrace):
        if elapsed >= tc.per_move_ms and not clock.grace_used:
            return SeatClock(reserve_ms=clock.reserve_ms, grace_used=True)
        return clock
    if isinstance(tc, Bank):
        over = elapsed - tc.per_move_ms
        if over < 0:
            return clock
        if tc.bank_size_ms > 1:
            over = (over // tc.bank_size_ms + 1) * tc.bank_size_ms  # the bank it falls in is started
        return SeatClock(reserve_ms=max(0, clock.reserve_ms - over), grace_used=clock.grace_used)
    return clock
