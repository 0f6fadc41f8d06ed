"""A built-in bot never plays a move chosen for another position (issue 27): every command it sends
names the version it was chosen for, and a job that is late or runs twice does nothing.

The issue's log: a duplicate Cairo bot job, still thinking about the empty board when the bot's
first move and the person's reply were recorded, was told "Idempotency-Key was already used" for
its first candidate and then placed the third one on top of the reply. Here that race is played out
step by step (the duplicate's thinking is held until the rest has happened), on a real Redis, with
the worker's own job body (:func:`workers.jobs.play_bot_turn`)."""

from __future__ import annotations

import asyncio
import secrets
import threading

import msgspec
import pytest

from domain.cairo import CairoPlaced, Place, legal_moves, to_act
from service.matches.match_service import NewMatch
from service.matches.visibility import Actor
from service.wiring import Services, connect
from workers import jobs

BOT = "bot_sane_1"


def services_for(settings) -> Services:
    """The service parts as a worker has them, without the queues' background work: the test runs
    each bot job itself, when it chooses."""
    services = connect(msgspec.structs.replace(settings, bot_think_ms=(100, 100, 100)))
    services.matches.background = None
    return services


async def running_match(services: Services, person: str) -> str:
    """A Cairo match: the bot holds ``first`` (it moves first), ``person`` holds ``second``; both ready."""
    state = await services.matches.create(NewMatch(game="cairo", seats={"first": BOT, "second": person},
                                                   options={}, rated=False))
    match_id = state.match_id
    await services.matches.execute(match_id, b'{"type": "ready"}', Actor(account=person))
    for _ in range(4):  # the bot's lifecycle (ready), each step by its own job
        _, state = await services.matches.current(match_id)
        if state.status == "running":
            break
        await jobs.play_bot_turn(services, match_id, "first", state.version, state.private_events)
    assert state.status == "running" and services.matches is not None
    return match_id


async def played(services: Services, match_id: str, person: str) -> list[tuple[str, str]]:
    """The placements recorded in the match, as ``(seat, cell)``, in order."""
    page = await services.matches.events(match_id, Actor(account=person))
    return [(e.event.seat, e.event.cell) for e in page.events if isinstance(e.event, CairoPlaced)]


def test_a_duplicate_bot_job_racing_the_persons_reply_plays_nothing(settings, monkeypatch):
    person = f"a_stale_{secrets.token_hex(4)}"

    async def scenario() -> None:
        services = services_for(settings)
        try:
            match_id = await running_match(services, person)
            game, start = await services.matches.current(match_id)
            empty_board = [m.move for m in legal_moves(start.game, "first")]
            real_think, held = jobs.think_limited, threading.Event()

            def everything_else_happens_meanwhile() -> list[tuple[str, str]]:
                """The first job for the empty board plays, then the person replies, on service
                parts of their own (as another worker and an API process would): the placements."""
                async def others() -> list[tuple[str, str]]:
                    elsewhere = services_for(settings)
                    try:
                        await jobs.play_bot_turn(elsewhere, match_id, "first", start.version, start.private_events)
                        _, after = await elsewhere.matches.current(match_id)
                        reply = legal_moves(after.game, "second")[0].move
                        await elsewhere.matches.execute(match_id, msgspec.json.encode(
                            {"type": "cairo_place", "cell": reply}), Actor(account=person))
                        return await played(elsewhere, match_id, person)
                    finally:
                        await elsewhere.close()
                placements: list[list[tuple[str, str]]] = []
                thread = threading.Thread(target=lambda: placements.append(asyncio.run(others())))
                thread.start()
                thread.join(timeout=120)
                return placements[0]

            def duplicate_thinks(game, state, seat, level, think, seconds):
                """The duplicate's candidates: three cells of the empty board none of which the
                first job played, decided while the first job and the reply are recorded."""
                monkeypatch.setattr(jobs, "think_limited", real_think)
                taken = {cell for _, cell in everything_else_happens_meanwhile()}
                held.set()
                return [Place(cell=cell) for cell in empty_board if cell not in taken][:3]

            monkeypatch.setattr(jobs, "think_limited", duplicate_thinks)
            await jobs.play_bot_turn(services, match_id, "first", start.version, start.private_events)
            assert held.is_set()

            placements = await played(services, match_id, person)
            assert [seat for seat, _ in placements] == ["first", "second"]  # the bot's one move, the reply
            _, now = await services.matches.current(match_id)
            assert now.version == start.version + 2 and to_act(now.game) == ("first",)

            # A late job for the empty board, run again now: nothing happens (it does not even think).
            monkeypatch.setattr(jobs, "think_limited", _never_called)
            await jobs.play_bot_turn(services, match_id, "first", start.version, start.private_events)
            assert await played(services, match_id, person) == placements

            # The job of the bot's turn now, run twice at once: one move.
            monkeypatch.setattr(jobs, "think_limited", real_think)
            await asyncio.gather(*(jobs.play_bot_turn(services, match_id, "first", now.version, now.private_events)
                                   for _ in range(3)))
            after = await played(services, match_id, person)
            assert [seat for seat, _ in after] == ["first", "second", "first"] and after[:2] == placements
            _, final = await services.matches.current(match_id)
            assert final.version == now.version + 1
        finally:
            await services.close()

    asyncio.run(scenario())


def _never_called(*args, **kwargs):
    pytest.fail("a job for a position the match has left thought about it")
