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


def test_the_pool_is_bounded_by_settings_that_refuse_what_is_out_of_range(monkeypatch):
    import pytest

    from service.settings import from_environment

    assert (from_environment().thinkers, from_environment().thinker_max_mb) == (1, 1024)
    for name, value in (("THINKERS", "0"), ("THINKERS", "17"), ("THINKER_MAX_MB", "10")):
        monkeypatch.setenv(name, value)
        with pytest.raises(ValueError, match=name):
            from_environment()
        monkeypatch.delenv(name)
    monkeypatch.setenv("THINKERS", "2")
    assert from_environment().thinkers == 2


def nap_then_say_where(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


def test_callers_at_once_share_at_most_size_processes():
    import threading

    pool, answers = Thinkers(size=2), []
    try:
        callers = [threading.Thread(target=lambda: answers.append(pool.run(nap_then_say_where, (0.2,), 30)))
                   for _ in range(6)]
        for caller in callers:
            caller.start()
        for caller in callers:
            caller.join(timeout=60)
        assert len(answers) == 6 and all(isinstance(a, Finished) for a in answers)
        assert len({a.value for a in answers}) <= 2 and len(pool.pids()) == 2
    finally:
        pool.close()


WORKER = """
import sys, time
from tests.api.test_time_limits import spin_forever
from workers.thinkers import Thinkers
spin_forever(0)
pool = Thinkers(size=1)
pool.start()
print(pool.pids()[0], flush=True)
pool.run(spin_forever, (1,), 600)
"""


def cpu_ticks(pid: int) -> int:
    with open(f"/proc/{pid}/stat") as stat:
        return int(stat.read().rsplit(")", 1)[1].split()[11])  # utime


def test_a_thinker_dies_with_its_worker_even_inside_compiled_code():
    import signal
    import subprocess
    import sys

    from tests.conftest import ROOT

    worker = subprocess.Popen([sys.executable, "-c", WORKER], cwd=ROOT, stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": ROOT})
    try:
        thinker = int(worker.stdout.readline())
        give_up = time.monotonic() + 60
        while cpu_ticks(thinker) < 20 and time.monotonic() < give_up:  # until it spins (0.2 s of CPU)
            time.sleep(0.05)
        assert cpu_ticks(thinker) >= 20
        worker.send_signal(signal.SIGKILL)
        worker.wait(timeout=30)
        give_up = time.monotonic() + 30
        while os.path.exists(f"/proc/{thinker}") and time.monotonic() < give_up:
            with open(f"/proc/{thinker}/stat") as stat:
                if stat.read().rsplit(")", 1)[1].split()[0] == "Z":
                    break  # ended; its parent (init) has not reaped it yet
            time.sleep(0.05)
        assert not os.path.exists(f"/proc/{thinker}") or open(f"/proc/{thinker}/stat").read().rsplit(")", 1)[1].split()[0] == "Z"
    finally:
        worker.kill()
