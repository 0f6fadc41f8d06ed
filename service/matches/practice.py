"""A practice position (``POST /games/{game}/positions``) played from the start, and the solver work
it waits on done by the workers, as a match's is.

:func:`replay` plays the moves as the rules pages' worked examples do (seed 0, a move a second).
When the position then waits on solver work that decides the game (a MonUnrail Impossible, a
Duorail challenge), :meth:`PracticeSolvers.answer` has it done on the ``analysis`` queue (what is
asked over the API, never the ``solvers`` queue a match's clock waits on): the job replays the
same moves in a worker and runs the game's ``work`` in a child process killed at
``PRACTICE_SOLVER_TIME_LIMIT_S``, as a match's solver work is run (:mod:`workers.limits`). Its answer is kept
for ten minutes under ``practice:<digest of the game, options, moves and job>``: the same question
is never queued twice, and asking again after ``practice_undecided`` finds an answer that came late.
The API waits for it at most ``PRACTICE_SOLVER_WAIT_S`` without blocking its event loop (it polls
Redis), and refuses to queue more while ``MOST_QUEUED`` jobs wait on that queue.
"""

from __future__ import annotations

import asyncio
import hashlib
import time
import typing
from typing import Any

import msgspec
import redis.asyncio as aioredis
from rq import Queue

from domain.game import Context, Game, Job
from domain.worked_examples import STEP_MS, Instruction, play_instructions
from service.http.problems import Unavailable
from service.settings import Settings

MOST_QUEUED = 100
"""Past this many jobs waiting on the analysis queue, a practice position's work is not queued."""
KEPT_S = 600
POLL_S = 0.05


def replay(rules: Game, options: Any, moves: list[tuple[str, str]]) -> Any:
    """The state after ``moves`` (``(seat, move)``, in notation or a command's JSON text) from the
    start; the first one refused raises its refusal, its detail naming the move."""
    state = rules.begin(rules.initial(options, seed=0), at=0)
    for number, step in enumerate(play_instructions(rules, options, [Instruction("move", m, seat=s) for s, m in moves]),
                                  start=1):
        if step.refusal is not None:
            raise type(step.refusal)(step.refusal.code, f"Move {number} ({step.instruction.seat}: "
                                                        f"{step.instruction.text}): {step.refusal.detail}")
        state = step.state
    return state


def deciding_job(rules: Game, state: Any) -> Job | None:
    """The solver work the game waits on before it has a result (none after: a record's work)."""
    jobs = rules.jobs(state) if rules.result(state) is None else []
    return jobs[0] if jobs else None


def answer_key(game: str, options: dict[str, Any], moves: list[tuple[str, str]], job: str) -> str:
    digest = hashlib.sha256(msgspec.json.encode([game, options, moves, job])).hexdigest()[:40]
    return f"practice:{digest}"


class PracticeSolvers:
    """Has a practice position's solver work done by a worker and waits for the answer."""

    def __init__(self, redis: aioredis.Redis, queue: Queue, settings: Settings):
        self.redis, self.queue, self.settings = redis, queue, settings

    async def answer(self, rules: Game, options: dict[str, Any], moves: list[tuple[str, str]], job: Job) -> Any:
        """The system command answering ``job`` in the position ``moves`` lead to, or 503
        ``practice_undecided`` when no answer came within ``PRACTICE_SOLVER_WAIT_S`` (or the
        solver ran past its limit)."""
        key = answer_key(rules.name, options, moves, job.key)
        raw = await self.redis.get(key)
        if raw is None:
            # RQ's client is synchronous: off the event loop, as the matches' jobs are queued
            if not await asyncio.to_thread(self._queue, rules, options, moves, job, key):
                raise _undecided("The solvers are busy; ask again in a moment.")
            until = time.monotonic() + self.settings.practice_solver_wait_s
            while (raw := await self.redis.get(key)) is None:
                if time.monotonic() >= until:
                    raise _undecided(f"The solver's answer did not come within {self.settings.practice_solver_wait_s:g} s; "
                                     "ask again: it is kept when it comes.")
                await asyncio.sleep(POLL_S)
        stored = msgspec.json.decode(raw)
        if "undecided" in stored:
            raise _undecided(stored["undecided"])
        return msgspec.convert(stored["answer"], typing.Union[rules.commands])  # type: ignore[name-defined]  # noqa: UP007


    def _queue(self, rules: Game, options: dict[str, Any], moves: list[tuple[str, str]], job: Job, key: str) -> bool:
        """Queue the work unless it is queued already; ``False`` when ``MOST_QUEUED`` jobs wait."""
        job_id = key.replace(":", "-")
        if self.queue.fetch_job(job_id) is not None:
            return True
        if self.queue.count >= MOST_QUEUED:
            return False
        self.queue.enqueue("workers.jobs.practice_work", rules.name, options, moves, job.key, key,
                           job_id=job_id, result_ttl=60, failure_ttl=600,
                           job_timeout=int(self.settings.practice_solver_time_limit_s) + 30)
        return True


def settled(rules: Game, state: Any, command: Any, moves: int) -> Any:
    """The state once the solver's ``command`` is applied, a second after the last of ``moves``."""
    for event in rules.decide(state, command, Context(now=(moves + 1) * STEP_MS, system=True)):
        state = rules.evolve(state, event)
    return state


def _undecided(detail: str) -> Unavailable:
    return Unavailable("practice_undecided", detail)
