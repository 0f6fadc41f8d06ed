"""A play worker plays the bot turns queued behind its job itself (:func:`workers.jobs.drain_bot_turns`,
issue 27: RQ's bookkeeping once for the batch): every queued turn is played once, in the position it
was queued for, each job marked finished; a duplicate of a job already played does nothing. On a
real Redis, with the real queues (the match service queues each next turn as the bot's move is
appended, and the same drain picks it up)."""

from __future__ import annotations

import asyncio
import secrets
import time

import msgspec
from rq import Queue

from domain.cairo import CairoPlaced
from service.jobs.queues import BOTS
from service.matches.match_service import NewMatch
from service.matches.visibility import Actor
from service.wiring import connect
from workers import jobs

BOT = "bot_sane_1"


def test_queued_bot_turns_are_each_played_once_by_one_drain(settings):
    async def scenario() -> None:
        services = connect(msgspec.structs.replace(settings, bot_think_ms=(50, 50, 50)))
        queue: Queue = services.queues[BOTS]
        queue.empty()
        try:
            person = (await services.accounts.create(f"drained{secrets.token_hex(3)}"))[0].id
            matches = []
            for _ in range(3):  # the bot holds "first": it accepts nothing, readies, then moves first
                state = await services.matches.create(NewMatch(game="cairo", seats={"first": BOT, "second": person},
                                                               options={}, rated=False))
                await services.matches.execute(state.match_id, b'{"type": "ready"}', Actor(account=person))
                matches.append(state.match_id)
            queued = queue.get_job_ids()
            assert len(queued) == 6  # the bot's ready, queued as each match was created and again after the person's

            played = await jobs.drain_bot_turns(services, time.monotonic() + 60)

            assert played == 9 and queue.count == 0  # those (the first of each pair now a no-op), then each first move
            for match_id in matches:
                page = await services.matches.events(match_id, Actor(account=person))
                placed = [e.event.seat for e in page.events if isinstance(e.event, CairoPlaced)]
                assert placed == ["first"] and page.state.status == "running"
            assert {queue.fetch_job(job_id).get_status() for job_id in queued} == {"finished"}

            queue.connection.rpush(queue.key, *queued)  # the same jobs again (say, queued twice)
            assert await jobs.drain_bot_turns(services, time.monotonic() + 60) == 0 and queue.count == 0
            for match_id in matches:
                page = await services.matches.events(match_id, Actor(account=person))
                assert [e.event.seat for e in page.events if isinstance(e.event, CairoPlaced)] == ["first"]
        finally:
            queue.empty()
            await services.close()

    asyncio.run(scenario())
