"""A computation past its wall-clock limit is really ended, compiled code included
(:mod:`workers.limits`): the worker kills the child process it runs in."""

from __future__ import annotations

import os
import time

import numba

from workers.limits import Crashed, Finished, TimedOut, run_limited


@numba.njit(cache=False)
def spin_forever(n: int) -> int:
    """Compiled code that never returns to Python (a signal handler would never run)."""
    total = 0
    while n > 0:
        total = (total * 31 + n) % 1_000_003
    return total


def test_compiled_code_that_never_returns_is_killed_at_its_limit():
    spin_forever(0)  # compiled here, so the child inherits it
    started = time.monotonic()
    outcome = run_limited(spin_forever, (1,), seconds=0.5)
    assert outcome == TimedOut(seconds=0.5)
    assert time.monotonic() - started < 30  # (it spins for ever; 30 s of room for a busy machine)


def test_a_finished_computation_answers_and_a_failing_one_says_why():
    assert run_limited(sorted, ([3, 1, 2],), seconds=5) == Finished(value=[1, 2, 3])
    crashed = run_limited(int, ("not a number",), seconds=5)
    assert isinstance(crashed, Crashed) and crashed.error.startswith("ValueError")


def forked_children() -> list[int]:
    """Our child processes that are copies of this one (what :func:`run_limited` forks)."""
    me, cmdline = os.getpid(), open("/proc/self/cmdline", "rb").read()
    found = []
    for entry in os.listdir("/proc"):
        try:
            if entry.isdigit() and int(open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()[1]) == me \
                    and open(f"/proc/{entry}/cmdline", "rb").read() == cmdline:
                found.append(int(entry))
        except OSError:
            pass
    return found


def test_no_child_process_is_left_behind():
    before = set(forked_children())  # (long-lived ones other tests started on purpose: a pool of thinkers)
    for _ in range(5):
        run_limited(time.sleep, (10,), seconds=0.05)
        run_limited(sum, ([1],), seconds=5)
    assert set(forked_children()) <= before


class Overthinking:
    """A game whose level-3 bot searches on past its think time (a bug, or compiled code that never
    asks ``spent()``) unless it is told from the start that its time is spent."""

    name, seats = "overthinking", ("white", "red")
    bots = {3: lambda state, seat, think: ["best so far"] if think.spent() else spin_forever(1)}

    def to_move(self, state) -> tuple[str, ...]:
        return ("white",)


class State:
    """The little of a match state :func:`workers.jobs.think_limited` reads."""

    match_id, game, status = "m", None, "running"


def test_a_search_past_its_think_time_is_ended_and_the_bot_still_moves_in_time():
    """Issue 17: the worker runs a bot's search in a child killed after its time; then the same bot,
    its time spent, answers at once with its best move so far."""
    from domain.bots import Think, never
    from workers.jobs import think_limited, thinkers

    spin_forever(0)
    state = State()
    replaced = thinkers().replaced
    started = time.monotonic()
    with_time = Think(seed=1, spent=never)
    assert think_limited(Overthinking(), state, "white", 3, with_time, seconds=0.5) == ["best so far"]
    assert time.monotonic() - started < 30  # (0.5 s of search, then the kill and the answer; a busy machine)
    assert thinkers().replaced == replaced + 1  # the thinker was killed, and another took its place
