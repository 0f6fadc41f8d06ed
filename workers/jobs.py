"""The jobs workers run. Each is a small synchronous entry point around the async service.

- :func:`fire_timeout` — a deadline timer: sends the ordinary ``timeout`` command for the deadline
  it was scheduled for (stale or repeated timers change nothing), applies anything else overdue and
  re-arms for the match's next deadline (see :mod:`service.timers`).
- :func:`analyse` — a solver job: the game's pure ``analyse`` of a position, stored for the API.
- :func:`run_game_job` — solver work a match waits on (``Game.jobs``), answered by a system command.
"""

from __future__ import annotations

import asyncio

import msgspec

from domain import match as lifecycle
from domain.codec import codec_for
from service.api.analysis import analysis_key
from service.matches import now_ms
from service.settings import from_environment
from service.wiring import connect

EARLY_TOLERANCE_MS = 5_000


def fire_timeout(match_id: str, key: str) -> None:
    asyncio.run(_fire_timeout(match_id, key))


async def _fire_timeout(match_id: str, key: str) -> None:
    services = connect(from_environment())
    try:
        game, state = await services.matches.load(match_id)
        due = lifecycle.deadline(game, state)
        if due is not None and due.key == key and 0 < due.at - now_ms() <= EARLY_TOLERANCE_MS:
            await asyncio.sleep((due.at - now_ms()) / 1000 + 0.001)  # the scheduler woke a little early
        await services.matches.timeout(match_id, key)
        game, state = await services.matches.current(match_id)
        if (due := lifecycle.deadline(game, state)) is not None:
            services.matches.scheduler.schedule(match_id, due)  # re-arm for the next deadline
    finally:
        await services.close()


def analyse(match_id: str, version: int) -> None:
    asyncio.run(_analyse(match_id, version))


async def _analyse(match_id: str, version: int) -> None:
    services = connect(from_environment())
    key = analysis_key(match_id, version)
    try:
        game, _ = await services.matches.load(match_id)
        codec = codec_for(game)
        state = None
        for data in await services.store.read(match_id, 0, count=version):
            state = lifecycle.evolve(game, state, codec.decode_recorded(data).event)
        try:
            result = msgspec.to_builtins(game.analyse(state.game))  # type: ignore[attr-defined,union-attr]
            stored = {"status": "done", "result": result}
        except Exception as e:  # a solver bug must be visible, not lose the job silently
            stored = {"status": "failed", "result": {"error": type(e).__name__}}
        await services.redis.set(key, msgspec.json.encode(stored), ex=7 * 24 * 3600)
    finally:
        await services.close()


def run_game_job(match_id: str, key: str) -> None:
    asyncio.run(_run_game_job(match_id, key))


async def _run_game_job(match_id: str, key: str) -> None:
    """Run the solver work ``key`` the match waits on and send the answer back as a system command
    (idempotent by ``key``). A job the match no longer waits on does nothing."""
    services = connect(from_environment())
    try:
        game, state = await services.matches.current(match_id)
        job = next((j for j in game.jobs(state.game) if j.key == key), None)
        if job is None:
            return
        answer = game.work(state.game, job)
        await services.matches.system_command(match_id, answer, idempotency=key)
    finally:
        await services.close()
