"""The long-lived processes a play worker computes in (:mod:`workers.thinkers`): reused from one
computation to the next, killed at the limit and replaced, replaced when they hold too much memory,
and none left behind."""

from __future__ import annotations

import os
import time

import numba
import numpy as np

from tests.api.test_time_limits import forked_children, spin_forever
from workers.limits import Crashed, Finished, TimedOut
from workers.thinkers import Thinkers


def hold_megabytes(n: int) -> int:
    """Keep ``n`` MB alive in the process (as a leaking cache would) and say where it runs."""
    global KEPT
    KEPT = np.ones(n * 2**20, np.uint8)
    return os.getpid()


KEPT = None


@numba.njit(cache=False)
def add(a: int, b: int) -> int:
    return a + b


def test_one_process_answers_one_computation_after_another():
    pool = Thinkers(size=1)
    try:
        pool.start()
        [pid] = pool.pids()
        assert [pool.run(os.getpid, (), 5) for _ in range(3)] == [Finished(value=pid)] * 3
        add(1, 2)  # compiled in the worker after the thinker started: compiled there on first use
        assert pool.run(add, (2, 3), 30) == Finished(value=5)
    finally:
        pool.close()


def test_compiled_code_past_its_limit_is_killed_and_a_fresh_process_takes_its_place():
    spin_forever(0)
    pool = Thinkers(size=1)
    try:
        pool.start()
        [first] = pool.pids()
        assert pool.run(spin_forever, (1,), 0.3) == TimedOut(seconds=0.3)
        [second] = pool.pids()
        assert second != first and pool.replaced == 1
        with open(f"/proc/{first}/stat") if os.path.exists(f"/proc/{first}") else open(os.devnull) as stat:
            assert "Z" not in stat.read().split(")")[-1][:3]  # reaped, not a zombie
        assert pool.run(sum, ([1, 2],), 5) == Finished(value=3)
        crashed = pool.run(int, ("x",), 5)
        assert isinstance(crashed, Crashed) and crashed.error.startswith("ValueError")
        died = pool.run(os._exit, (3,), 5)
        assert isinstance(died, Crashed) and "died" in died.error
        assert pool.run(sum, ([4],), 5) == Finished(value=4)
        unpicklable = pool.run(lambda: 1, (), 5)
        assert isinstance(unpicklable, Crashed) and "unpicklable" in unpicklable.error
    finally:
        pool.close()


def test_a_process_holding_more_memory_than_its_bound_is_replaced():
    pool = Thinkers(size=1, max_mb=64)
    try:
        small = pool.run(hold_megabytes, (1,), 30)
        assert pool.run(os.getpid, (), 5) == small  # under the bound: kept
        big = pool.run(hold_megabytes, (200,), 30)
        assert big == small
        assert pool.run(os.getpid, (), 5).value != big.value and pool.replaced == 1
    finally:
        pool.close()


def test_a_process_is_replaced_after_its_number_of_computations():
    pool = Thinkers(size=1, max_tasks=2)
    try:
        pids = [pool.run(os.getpid, (), 5).value for _ in range(4)]
        assert pids[0] == pids[1] != pids[2] == pids[3]
    finally:
        pool.close()


def test_no_process_is_left_behind():
    others = set(forked_children())  # (the process-wide pool of workers.jobs, if a test made it)
    pool = Thinkers(size=3)
    pool.start()
    assert len(pool.pids()) == 3
    pool.run(time.sleep, (10,), 0.05)
    pool.close()
    give_up = time.monotonic() + 30
    while set(forked_children()) - others and time.monotonic() < give_up:
        time.sleep(0.05)
    assert set(forked_children()) - others == set()
