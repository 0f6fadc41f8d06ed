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

import collections
import re
import time
from datetime import datetime, timezone

import msgspec
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


class RQBackground:
    """Queues the jobs a state needs (see the module's docstring); each job may run for its
    queue's time limit (the worker kills the computation then) and a little more."""

    def __init__(self, queues: dict[str, Queue], settings: Settings, remember: int = 10_000):
        self.queues = queues
        self.timeouts = {BOTS: int(settings.bot_time_limit_s) + 30, SOLVERS: int(settings.solver_time_limit_s) + 30}
        self._checked: collections.OrderedDict[str, float] = collections.OrderedDict()
        self._attempts: dict[str, int] = {}
        self._remember = remember

    @staticmethod
    def _popped_and_lost(queue: Queue, job) -> bool:
        """A job still "queued" but in no queue: a worker of several queues takes a job with
        ``BLPOP`` (RQ moves it to the intermediate list only for a worker of one queue), and a
        worker killed before it started the job took it away with it (the chaos test: a bot game
        stuck). One queued :data:`POPPED_S` ago and in neither list is lost."""
        if job.get_status(refresh=False) != JobStatus.QUEUED or job.enqueued_at is None:
            return False
        enqueued = job.enqueued_at if job.enqueued_at.tzinfo else job.enqueued_at.replace(tzinfo=timezone.utc)
        if (datetime.now(timezone.utc) - enqueued).total_seconds() < POPPED_S:
            return False
        connection = queue.connection
        return connection.lpos(queue.key, job.id) is None and connection.lpos(queue.intermediate_queue_key, job.id) is None

    @staticmethod
    def _abandoned(job) -> bool:
        """A job ``started`` longer ago than its timeout: its worker died playing it (RQ's own
        registry cleanup would fail it later; a bot turn a play worker took from the queue itself,
        :func:`workers.jobs.drain_bot_turns`, is in no registry)."""
        if job.get_status(refresh=False) != JobStatus.STARTED or job.started_at is None or not job.timeout:
            return False
        started = job.started_at if job.started_at.tzinfo else job.started_at.replace(tzinfo=timezone.utc)
        return (datetime.now(timezone.utc) - started).total_seconds() > job.timeout

    def ensure(self, game: Game, state: MatchState) -> None:
        for work in work_needed(game, state):
            job_id, queue = work.job_id, self.queues[work.queue]
            if time.monotonic() - self._checked.get(job_id, -RECHECK_S) < RECHECK_S:
                continue
            self._checked[job_id] = time.monotonic()
            self._checked.move_to_end(job_id)
            while len(self._checked) > self._remember:
                self._attempts.pop(self._checked.popitem(last=False)[0], None)
            queued = queue.fetch_job(job_id)
            lost = queued is None or queued.get_status(refresh=False) in (JobStatus.FAILED, JobStatus.STOPPED,
                                                                        JobStatus.CANCELED) \
                or self._popped_and_lost(queue, queued) or self._abandoned(queued)
            if lost and self._attempts.get(job_id, 0) < MAX_ATTEMPTS:
                self._attempts[job_id] = self._attempts.get(job_id, 0) + 1
                queue.enqueue(work.function, *work.args, job_id=job_id, result_ttl=600, failure_ttl=3600,
                              job_timeout=self.timeouts[work.queue], description=work.description)
