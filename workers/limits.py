"""A hard wall-clock limit for pure computations: run one in a forked child and kill it at its limit.

RQ's own job timeout raises an exception in the job from a signal handler, which compiled code
(numba's solvers) never returns to Python to notice: a job could run for minutes past it. Here the
computation runs in a child process (``os.fork``: it inherits everything already imported and
compiled, so it starts in about a millisecond) and the worker waits for its answer on a pipe, at most
``seconds``; then it kills the child with ``SIGKILL``, which nothing can ignore.

The function and its arguments must be picklable only on the way back: the answer is pickled by the
child. Only pure functions should be run here (the child must not touch the worker's connections).

>>> run_limited(sum, ([1, 2, 3],), seconds=5)
Finished(value=6)
>>> import time
>>> run_limited(time.sleep, (10,), seconds=0.2)
TimedOut(seconds=0.2)
"""

from __future__ import annotations

import os
import pickle
import select
import signal
import time
import traceback
from collections.abc import Callable
from typing import Any

import msgspec


class Finished(msgspec.Struct, frozen=True):
    """The computation returned ``value``."""

    value: Any


class TimedOut(msgspec.Struct, frozen=True):
    """The computation was killed at its limit of ``seconds``."""

    seconds: float


class Crashed(msgspec.Struct, frozen=True):
    """The computation raised (``error``: the exception's type and message) or its process died."""

    error: str


Outcome = Finished | TimedOut | Crashed


def run_limited(function: Callable[..., Any], args: tuple, seconds: float) -> Outcome:
    """``function(*args)`` in a child process, killed after ``seconds``."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: compute, send the answer, leave without running any cleanup
        os.close(read_end)
        try:
            answer: Outcome = Finished(value=function(*args))
        except BaseException as error:  # noqa: BLE001 -- every failure goes back to the parent
            answer = Crashed(error=f"{type(error).__name__}: {error}\n{traceback.format_exc(limit=5)}")
        try:
            data = pickle.dumps(answer)
        except Exception as error:  # noqa: BLE001
            data = pickle.dumps(Crashed(error=f"unpicklable answer: {error}"))
        with os.fdopen(write_end, "wb") as pipe:
            pipe.write(data)
        os._exit(0)
    os.close(write_end)
    try:
        sent = _read_until(read_end, time.monotonic() + seconds)
    finally:
        os.close(read_end)
    if sent is None:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        return TimedOut(seconds=seconds)
    os.waitpid(pid, 0)
    if not sent:
        return Crashed(error="the computation's process died without an answer")
    return pickle.loads(sent)


def _read_until(fd: int, deadline: float) -> bytes | None:
    """Everything written to ``fd`` until it is closed, or ``None`` if that takes past ``deadline``."""
    chunks: list[bytes] = []
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return None
        ready, _, _ = select.select([fd], [], [], remaining)
        if not ready:
            return None
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
