"""What a worker job pays before its work: connecting afresh each job vs one loop and connections kept.

Run: ``REDIS_URL=redis://127.0.0.1:6379/7 .venv/bin/python bench/job_overhead.py [--jobs 50]``.
Times ``--jobs`` empty jobs (a PING through the pool and one through the pipelined connection)
each way, side by side: ``asyncio.run`` with :func:`service.wiring.connect` and ``close`` per job
(the workers before 2026-11-24), and :func:`workers.jobs.run` with the process's services kept.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from service.settings import from_environment  # noqa: E402
from service.wiring import connect  # noqa: E402
from workers.jobs import run, services_from_environment  # noqa: E402


async def fresh() -> None:
    services = connect(from_environment())
    try:
        await services.redis.ping()
        await services.store.pipe.execute("PING")
    finally:
        await services.close()


async def kept() -> None:
    async with services_from_environment() as services:
        await services.redis.ping()
        await services.store.pipe.execute("PING")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=50)
    jobs = parser.parse_args().jobs
    if not os.environ.get("REDIS_URL"):
        sys.exit("set REDIS_URL")
    started = time.perf_counter()
    for _ in range(jobs):
        asyncio.run(fresh())
    each_fresh = (time.perf_counter() - started) / jobs * 1000
    started = time.perf_counter()
    for _ in range(jobs):
        run(kept())
    each_kept = (time.perf_counter() - started) / jobs * 1000
    print(f"{jobs} jobs: connecting per job {each_fresh:.2f} ms a job, connections kept {each_kept:.2f} ms a job "
          f"({each_fresh / each_kept:.1f}x)")


if __name__ == "__main__":
    main()
