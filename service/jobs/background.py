"""Background work a match waits on, queued as RQ jobs: solver work (:meth:`domain.game.Game.jobs`,
on the ``solvers`` queue) and the turns of built-in bots (:mod:`domain.bots`, on the ``bots`` queue).

After every append, and now and then while a match waits, the service makes sure each job the
state needs is queued: a job that is missing (never queued, expired) or failed (a worker was
killed), still "queued" in no queue (a killed worker took it away), or "started" past its timeout
(its worker died playing it), is queued again, at most
:data:`MAX_ATTEMPTS` times. Job ids name what they are for, so the
same need never queues twice. The worker sends each answer as an ordinary command -- a solver's as
a system command whose idempotency key is the job's key, a bot's as its account, naming the
version it was chosen for -- so a job that runs twice appends once, and an answer the game has
moved past is refused. A bot's job names the position it was queued for and does nothing in
another (:func:`workers.jobs.play_bot_turn`).
"""

from __future__ import annotations

import asyncio
import collections
import re
import time
from datetime import datetime, timezone

import msgspec
import redis.asyncio as aioredis
from rq import Queue
from rq.job import JobStatus

from domain import bots
from domain.game import Game
from domain.match import MatchState
from service.bots.accounts import is_bot
from service.jobs.queues import BOTS, SOLVERS
from service.settings import Settings

MAX_ATTEMPTS = 3
RECHECK_S = 10.0
POPPED_S = 5.0


def _job_id(*parts: object) -> str:
    return re.sub(r"[^A-Za-z0-9_-]", "_", "-".join(map(str, parts)))


class Work(msgspec.Struct, frozen=True):
    """One job a state waits on: its id, queue, function, arguments and what it is for."""

    job_id: str
    queue: str
    function: str
    args: tuple
    description: str


def work_needed(game: Game, state: MatchState) -> list[Work]:
    """The jobs ``state`` waits on: solver work, and a turn for each bot seat that has one."""
    needed = [Work(_job_id("work", state.match_id, job.key), SOLVERS, "workers.jobs.run_game_job",
                   (state.match_id, job.key), f"{job.kind} for match {state.match_id}") for job in game.jobs(state.game)]
    for seat, account in state.seats.items():
        if is_bot(account) and bots.action_of(game, state, seat) is not None:
            needed.append(Work(_job_id("bot", state.match_id, seat, state.version, state.private_events), BOTS,
                               "workers.jobs.bot_turn", (state.match_id, seat, state.version, state.private_events),
                               f"{account} plays {seat}"))
    return needed


class _Recorder:
    """Stands for a redis-py pipeline while RQ writes a job: records each command (RQ only writes
    to a pipeline it is given), to be sent by the event loop's client (:meth:`RQBackground._enqueue`)."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple, dict]] = []

    def __getattr__(self, name: str):
        def record(*args, **kwargs) -> _Recorder:
            self.calls.append((name, args, kwargs))
            return self
        return record


def _when(raw: bytes | None) -> datetime | None:
    """A moment RQ stored (``2026-11-27T23:30:17.665355Z``), or ``None``."""
    return datetime.fromisoformat(raw.decode().replace("Z", "+00:00")) if raw else None


def _ago(moment: datetime) -> float:
    return (datetime.now(timezone.utc) - (moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc))).total_seconds()


class RQBackground:
    """Queues the jobs a state needs (see the module's docstring); each job may run for its
    queue's time limit (the worker kills the computation then) and a little more.

    It runs on the event loop with ``redis``, an asyncio client of the queues' Redis: a job's
    state is one ``HMGET`` and queueing it one transaction of the commands RQ writes for it (RQ's
    own client is synchronous: on a thread of their own, each process's bot turns waited behind
    one another there, each round trip also waiting for the event loop to let go of the GIL --
    most of a bot reply's time under load, ``bench/bot_replies.py``)."""

    def __init__(self, queues: dict[str, Queue], settings: Settings, redis: aioredis.Redis, remember: int = 10_000):
        self.queues, self.redis = queues, redis
        self.timeouts = {BOTS: int(settings.bot_time_limit_s) + 30, SOLVERS: int(settings.solver_time_limit_s) + 30}
        self._checked: collections.OrderedDict[str, float] = collections.OrderedDict()
        self._attempts: dict[str, int] = {}
        self._remember = remember

    async def _popped_and_lost(self, queue: Queue, job_id: str, status: bytes | None, enqueued_at: bytes | None
                               ) -> bool:
        """A job still "queued" but in no queue: a worker of several queues takes a job with
        ``BLPOP`` (RQ moves it to the intermediate list only for a worker of one queue), and a
        worker killed before it started the job took it away with it (the chaos test: a bot game
        stuck). One queued :data:`POPPED_S` ago and in neither list is lost."""
        enqueued = _when(enqueued_at)
        if status != JobStatus.QUEUED.value.encode() or enqueued is None or _ago(enqueued) < POPPED_S:
            return False
        return await self.redis.lpos(queue.key, job_id) is None \
            and await self.redis.lpos(queue.intermediate_queue_key, job_id) is None

    @staticmethod
    def _abandoned(status: bytes | None, started_at: bytes | None, timeout: bytes | None) -> bool:
        """A job ``started`` longer ago than its timeout: its worker died playing it (RQ's own
        registry cleanup would fail it later; a bot turn a play worker took from the queue itself,
        :func:`workers.jobs.drain_bot_turns`, is in no registry)."""
        started = _when(started_at)
        return status == JobStatus.STARTED.value.encode() and started is not None and bool(timeout) \
            and _ago(started) > float(timeout or 0)

    async def lost(self, queue: Queue, job_id: str) -> bool:
        """Whether job ``job_id`` must be queued (again): missing, failed, or lost by a worker."""
        status, enqueued_at, started_at, timeout = await self.redis.hmget(
            queue.job_class.key_for(job_id), "status", "enqueued_at", "started_at", "timeout")
        return status is None or status.decode() in (JobStatus.FAILED, JobStatus.STOPPED, JobStatus.CANCELED) \
            or await self._popped_and_lost(queue, job_id, status, enqueued_at) \
            or self._abandoned(status, started_at, timeout)

    async def _enqueue(self, queue: Queue, work: Work) -> None:
        """Queue ``work`` as RQ would (its own code writes the job), in one transaction."""
        if not queue.redis_server_version:  # (RQ asks once, synchronously)
            await asyncio.to_thread(queue.get_redis_server_version)
        recorder = _Recorder()
        queue.enqueue_call(work.function, args=work.args, job_id=work.job_id, result_ttl=600, failure_ttl=3600,
                           timeout=self.timeouts[work.queue], description=work.description, pipeline=recorder)
        async with self.redis.pipeline(transaction=True) as pipe:
            for name, args, kwargs in recorder.calls:
                if name not in ("multi", "execute"):
                    getattr(pipe, name)(*args, **kwargs)
            await pipe.execute()

    async def ensure(self, game: Game, state: MatchState) -> None:
        for work in work_needed(game, state):
            job_id, queue = work.job_id, self.queues[work.queue]
            if time.monotonic() - self._checked.get(job_id, -RECHECK_S) < RECHECK_S:
                continue
            self._checked[job_id] = time.monotonic()
            self._checked.move_to_end(job_id)
            while len(self._checked) > self._remember:
                self._attempts.pop(self._checked.popitem(last=False)[0], None)
            if await self.lost(queue, job_id) and self._attempts.get(job_id, 0) < MAX_ATTEMPTS:
                self._attempts[job_id] = self._attempts.get(job_id, 0) + 1
                await self._enqueue(queue, work)
