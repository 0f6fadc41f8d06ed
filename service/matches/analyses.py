"""Analyses asked for over the API: queued on the ``analysis`` queue, bounded per account.

An analysis of match ``m`` at version ``v`` is stored under ``{m:<m>}:analysis:<v>`` (JSON:
``status`` -- ``queued``, ``done``, ``undetermined`` when it ran past its time limit, ``failed`` --
and ``result``); asking again for one that exists queues nothing. Each account may have
``ANALYSES_PER_ACCOUNT`` analyses queued or running at once (leases in ``analyses:<account>``,
:mod:`service.redis.leases`, run out a minute after the analysis's own time limit; the job gives its
place back when it ends) and may ask for
``ANALYSIS_RATE_LIMIT`` an hour. A stored ``queued`` whose job is gone (a worker died, the queue was
emptied) is reported ``failed`` and forgotten, so asking again queues it anew: a status never
says ``queued`` for a job that no longer exists.
"""

from __future__ import annotations

import datetime

import msgspec
import redis.asyncio as aioredis
from rq import Queue
from rq.job import JobStatus

from domain.errors import DomainError
from service.accounts.rate_limits import RateLimiter, RateLimited
from service.matches.event_store import match_key_prefix
from service.redis import Leases
from service.settings import Settings

TAKEN_S = 10
"""A job out of the queue but not started this long after it was queued was taken by a worker that
will not run it."""


class TooManyAnalyses(DomainError):
    kind = "rate_limited"


def analysis_key(match_id: str, version: int) -> str:
    return f"{match_key_prefix(match_id)}analysis:{version}"


def in_flight_key(account: str) -> str:
    """The leases of an account's analyses queued or running (:mod:`service.redis.leases`)."""
    return f"analyses:{account}"


def job_id(match_id: str, version: int) -> str:
    return f"analyse-{match_id}-{version}"


class Analyses:
    def __init__(self, redis: aioredis.Redis, queue: Queue, limiter: RateLimiter, settings: Settings):
        self.redis = redis
        self.queue = queue
        self.limiter = limiter
        self.settings = settings
        self.leases = Leases(limiter.pipe)

    async def ask(self, match_id: str, version: int, account: str) -> str:
        """Queue the analysis of the match at ``version`` for ``account`` unless it exists; its status."""
        key = analysis_key(match_id, version)
        stored = await self.stored(match_id, version)
        if stored is not None:
            return stored["status"]
        usage = await self.limiter.hit(f"rate-analysis:{account}", self.settings.analysis_rate_limit, 3600)
        if usage.exceeded:
            raise RateLimited(usage)
        lasts_ms = int((self.settings.analysis_time_limit_s + 60) * 1000)
        if not await self.leases.take(in_flight_key(account), key, lasts_ms, self.settings.analyses_per_account):
            raise TooManyAnalyses("too_many_analyses",
                                  f"You have {self.settings.analyses_per_account} analyses queued or running; "
                                  f"ask again when one of them is done.")
        queued = msgspec.json.encode({"status": "queued", "account": account})
        if not await self.redis.set(key, queued, nx=True, ex=3600):  # asked for at once by another request:
            if (first := await self.redis.get(key)) is None or msgspec.json.decode(first).get("account") != account:
                await self.release(account, key)  # another account's job runs it (and frees only its own)
        else:
            self.queue.enqueue("workers.jobs.analyse", match_id, version, account, job_id=job_id(match_id, version),
                               result_ttl=60, failure_ttl=3600,
                               job_timeout=int(self.settings.analysis_time_limit_s) + 30)
        return "queued"

    async def stored(self, match_id: str, version: int) -> dict | None:
        """The stored analysis (``None``: none asked for); a ``queued`` one whose job is gone is
        forgotten and reported ``failed``."""
        key = analysis_key(match_id, version)
        raw = await self.redis.get(key)
        if raw is None:
            return None
        stored = msgspec.json.decode(raw)
        if stored["status"] == "queued" and self._lost(job_id(match_id, version)):
            await self.redis.delete(key)
            if account := stored.get("account"):
                await self.release(account, key)
            return {"status": "failed", "result": {"error": "lost", "detail": "The job was lost; ask again."}}
        return stored

    def _lost(self, job: str) -> bool:
        """Gone, failed, taken from the queue by a worker that never started it (it died, or
        hangs, with the job in its socket), or started longer ago than any analysis may run."""
        queued = self.queue.fetch_job(job)
        if queued is None:
            return True
        status = queued.get_status(refresh=False)
        if status == JobStatus.QUEUED and queued.enqueued_at is not None:
            return _seconds_since(queued.enqueued_at) > TAKEN_S and self.queue.get_job_position(job) is None
        if status == JobStatus.STARTED and queued.started_at is not None:
            return _seconds_since(queued.started_at) > self.settings.analysis_time_limit_s + 60
        return status in (JobStatus.FAILED, JobStatus.STOPPED, JobStatus.CANCELED)

    async def release(self, account: str, key: str) -> None:
        """The analysis ``key`` of ``account`` ended: its place is free."""
        await self.leases.give_back(in_flight_key(account), key)


def _seconds_since(moment: datetime.datetime) -> float:
    """Seconds from ``moment`` (RQ's naive UTC times) to now."""
    return (datetime.datetime.now(datetime.timezone.utc) - moment.replace(tzinfo=datetime.timezone.utc)).total_seconds()
