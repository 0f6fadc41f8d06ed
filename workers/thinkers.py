"""Long-lived processes a worker computes in, each killed at its wall-clock limit and replaced.

A bot's turn used to fork a child to think in (:func:`workers.limits.run_limited`): about 9 ms of
fork, page copies and exit a turn, which capped two play workers at 25-30 bot turns a second
(``bench/bot_replies.py``). A :class:`Thinkers` pool keeps its processes instead: each is forked
once from the warmed-up worker (so it has every module imported and every solver compiled), then
reads requests from a pipe, computes and answers on another. The worker waits for an answer at
most the computation's limit; past it the process is killed with ``SIGKILL`` -- which compiled code
cannot ignore -- and a fresh one forked in its place, exactly as the forked child was.

Bounds: at most ``size`` processes (``THINKERS``, per worker; a worker runs one job at a time,
so one is busy at a time and the others are spares), each replaced after ``max_tasks`` requests or
once it holds ``max_mb`` MB more than when it was forked (``THINKER_MAX_MB``): what computations
leave behind (caches, fragmentation) cannot grow without end.

The function and its arguments travel by pickle; a game (``domain.registry``) or a module goes as
its name, and the function must be one the process can find by name (a module's, or one defined
before the pool started): no lambdas.

>>> pool = Thinkers(size=1)
>>> pool.run(sum, ([1, 2, 3],), seconds=5)
Finished(value=6)
>>> import time
>>> pool.run(time.sleep, (10,), seconds=0.2)
TimedOut(seconds=0.2)
>>> pool.run(sum, ([4],), seconds=5)  # a fresh process took the killed one's place
Finished(value=4)
>>> pool.close()
"""

from __future__ import annotations

import contextlib
import ctypes
import importlib
import io
import os
import pickle
import select
import signal
import struct
import threading
import time
import traceback
import types
from collections.abc import Callable
from typing import Any

from workers.limits import Crashed, Finished, Outcome, TimedOut

HEADER = struct.Struct("!Q")
_FORKING = threading.Lock()
_PARENT_ENDS: set[int] = set()
"""The worker's ends of every thinker's pipes (a new thinker closes its copies)."""
MAX_TASKS = 10_000
"""Requests a process answers before it is replaced (a bound on what it may accumulate)."""


def _games() -> dict[int, str]:
    from domain.registry import all_games

    return {id(game): name for name, game in all_games().items()}


class _Pickler(pickle.Pickler):
    """Sends a registered game or a module by its name (neither pickles by value)."""

    games: dict[int, str] = {}

    def persistent_id(self, obj: Any) -> tuple[str, str] | None:
        if isinstance(obj, types.ModuleType):
            return ("module", obj.__name__)
        name = self.games.get(id(obj))
        return None if name is None else ("game", name)


class _Unpickler(pickle.Unpickler):
    def persistent_load(self, pid: Any) -> Any:
        kind, name = pid
        if kind == "module":
            return importlib.import_module(name)
        from domain.registry import game_named

        return game_named(name)


def _dumps(value: Any) -> bytes:
    if not _Pickler.games:
        _Pickler.games = _games()
    buffer = io.BytesIO()
    _Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump(value)
    return buffer.getvalue()


def _loads(data: bytes) -> Any:
    return _Unpickler(io.BytesIO(data)).load()


def _read_exactly(fd: int, size: int, deadline: float | None) -> bytes | None:
    """``size`` bytes from ``fd``; ``None`` at its end or (with a ``deadline``) past it."""
    chunks, missing = [], size
    while missing:
        if deadline is not None:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not select.select([fd], [], [], remaining)[0]:
                return None
        chunk = os.read(fd, min(missing, 1 << 20))
        if not chunk:
            return None
        chunks.append(chunk)
        missing -= len(chunk)
    return b"".join(chunks)


def _read_frame(fd: int, deadline: float | None = None) -> bytes | None:
    header = _read_exactly(fd, HEADER.size, deadline)
    if header is None:
        return None
    return _read_exactly(fd, HEADER.unpack(header)[0], deadline)


def _write_frame(fd: int, data: bytes) -> None:
    with memoryview(HEADER.pack(len(data)) + data) as view:
        while view:
            view = view[os.write(fd, view):]


def _die_with_parent() -> None:
    """Ask Linux to kill this process when the worker's thread that forked it ends -- the worker's
    main thread: when the worker dies -- even in compiled code that never reads its pipe again
    (elsewhere than Linux: nothing; the thinker leaves when its pipe closes)."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def _serve(requests: int, answers: int) -> None:
    """A thinker's life: answer each request until the worker closes the pipe."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the worker's handlers: a signal simply ends it
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    while (request := _read_frame(requests)) is not None:
        try:
            function, args = _loads(request)
            answer: Outcome = Finished(value=function(*args))
        except BaseException as error:  # noqa: BLE001 -- every failure goes back to the worker
            answer = Crashed(error=f"{type(error).__name__}: {error}\n{traceback.format_exc(limit=5)}")
        try:
            data = _dumps(answer)
        except Exception as error:  # noqa: BLE001
            data = _dumps(Crashed(error=f"unpicklable answer: {error}"))
        _write_frame(answers, data)


class Thinker:
    """One long-lived process: the pipes to it and how many requests it answered."""

    def __init__(self) -> None:
        from_main_thread = threading.current_thread() is threading.main_thread()
        with _FORKING:  # (another thread's fork in between would inherit this one's pipes)
            to_child, self.requests = os.pipe()
            self.answers, from_child = os.pipe()
            self.pid = os.fork()
            if self.pid == 0:  # the thinker: serve, then leave without running the worker's cleanup
                code = 0
                try:
                    for fd in (self.requests, self.answers, *_PARENT_ENDS):  # (another's pipe held open
                        os.close(fd)                                          # would never tell it to leave)
                    _PARENT_ENDS.clear()
                    if from_main_thread:  # (Linux sends it when the forking *thread* ends)
                        _die_with_parent()
                    _serve(to_child, from_child)
                except BaseException:  # noqa: BLE001
                    code = 1
                finally:
                    os._exit(code)
            os.close(to_child)
            os.close(from_child)
            _PARENT_ENDS.update((self.requests, self.answers))
        self.tasks = 0
        self.born_mb = self.rss_mb()

    def ask(self, request: bytes, deadline: float) -> bytes | None:
        """The answer to ``request`` (``b""``: the process died), or ``None`` past ``deadline``."""
        self.tasks += 1
        try:
            _write_frame(self.requests, request)
        except BrokenPipeError:
            return b""
        answer = _read_frame(self.answers, deadline)
        if answer is None and time.monotonic() < deadline:
            return b""  # its end of the pipe closed before the deadline: it died
        return answer

    def rss_mb(self) -> float:
        """The memory the process holds, in MB (0 if it cannot be read); at first, what it shares
        with the worker it was forked from."""
        try:
            with open(f"/proc/{self.pid}/statm") as statm:
                return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
        except (OSError, ValueError, IndexError):
            return 0.0

    def stop(self, kill: bool = False) -> None:
        """End the process: close its pipes (it leaves by itself; killed if it has not within a
        second) or, with ``kill``, ``SIGKILL`` it at once."""
        if kill:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)
        for fd in (self.requests, self.answers):
            _PARENT_ENDS.discard(fd)
            with contextlib.suppress(OSError):
                os.close(fd)
        until = time.monotonic() + 1.0
        while not kill and time.monotonic() < until:
            if os.waitpid(self.pid, os.WNOHANG) != (0, 0):
                return
            time.sleep(0.002)
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGKILL)
        with contextlib.suppress(ChildProcessError):
            os.waitpid(self.pid, 0)


class Thinkers:
    """A pool of at most ``size`` :class:`Thinker` processes (see the module's docstring)."""

    def __init__(self, size: int = 1, max_mb: float = 1024, max_tasks: int = MAX_TASKS):
        self.size, self.max_mb, self.max_tasks = max(1, size), max_mb, max_tasks
        self._idle: list[Thinker] = []
        self._slots = threading.BoundedSemaphore(self.size)
        self._lock = threading.Lock()
        self.replaced = 0
        """How many processes were killed at their limit, died, or were retired."""

    def start(self) -> None:
        """Fork every process now (say, once the worker has warmed up), not at the first request."""
        with self._lock:
            while len(self._idle) < self.size:
                self._idle.append(Thinker())

    def run(self, function: Callable[..., Any], args: tuple[Any, ...], seconds: float) -> Outcome:
        """``function(*args)`` in one of the processes, ended after ``seconds``."""
        try:
            request = _dumps((function, args))
        except Exception as error:  # noqa: BLE001 -- a caller's bug, said as such
            return Crashed(error=f"unpicklable request: {type(error).__name__}: {error}")
        with self._slots:
            with self._lock:
                thinker = self._idle.pop() if self._idle else None
            thinker = thinker or Thinker()
            answer = thinker.ask(request, time.monotonic() + seconds)
            if answer is None:
                outcome: Outcome = TimedOut(seconds=seconds)
            elif not answer:
                outcome = Crashed(error="the computation's process died without an answer")
            else:
                outcome = _loads(answer)
            if not answer:
                thinker.stop(kill=True)
                self.replaced += 1
                thinker = Thinker()  # in its place at once, for the next request
            elif thinker.tasks >= self.max_tasks or thinker.rss_mb() - thinker.born_mb > self.max_mb:
                thinker.stop()
                self.replaced += 1
                thinker = Thinker()
            with self._lock:
                self._idle.append(thinker)
        return outcome

    def pids(self) -> list[int]:
        """The idle processes' ids."""
        with self._lock:
            return [t.pid for t in self._idle]

    def close(self) -> None:
        """End every idle process."""
        with self._lock:
            idle, self._idle = self._idle, []
        for thinker in idle:
            thinker.stop()
