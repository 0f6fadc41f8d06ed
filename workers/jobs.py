"""The jobs workers run. Each is a small synchronous entry point around the async service.

- :func:`fire_timeout` — a deadline timer: sends the ordinary ``timeout`` command for the deadline
  it was scheduled for (stale or repeated timers change nothing), applies anything else overdue and
  re-arms for the match's next deadline (see :mod:`service.jobs.timers`).
- :func:`analyse` — the game's pure ``analyse`` of a position, stored for the API.
- :func:`run_game_job` — solver work a match waits on (``Game.jobs``), answered by a system command.
- :func:`practice_work` — solver work a practice position waits on (:mod:`service.matches.practice`).
- :func:`bot_turn` — a built-in bot's turn (see :mod:`domain.bots`), played as its account.

These compute in another process killed at its wall-clock limit (``ANALYSIS_TIME_LIMIT_S``,
``SOLVER_TIME_LIMIT_S``, ``BOT_TIME_LIMIT_S``): bots' turns and solver work, many and short, in one
of the worker's long-lived thinkers (:mod:`workers.thinkers`, replaced when killed); an analysis
and a practice position's solver work, asked over the API, in a child forked for it (:mod:`workers.limits`), whose memory goes with it.
- :func:`deliver_webhook` — one attempt to post a signed notification (see :mod:`service.webhooks.webhooks`).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import logging
import time
from collections.abc import AsyncIterator, Callable, Coroutine
from typing import Any

import msgspec
from rq import get_current_job
from rq.exceptions import NoSuchJobError
from rq.job import Job, JobStatus
from rq.utils import now as rq_now
from rq.utils import utcformat

from domain import bots
from domain import match as lifecycle
from domain.codec import codec_for
from domain.errors import DomainError
from domain.match import parse_options
from domain.registry import game_named
from domain.turning_points import turning_point
from service.bots.accounts import BOT_ACCOUNTS
from service.jobs.queues import BOTS, PRIORITY
from service.matches import practice
from service.matches.analyses import analysis_key
from service.matches.match_service import now_ms
from service.matches.visibility import Actor
from service.observability.metrics import JOB_DURATION, TIMER_LATENESS
from service.settings import Settings, from_environment
from service.webhooks.delivery import deliver
from service.webhooks.targets import Destinations, HostNotFound
from service.wiring import Services, connect
from workers.limits import Finished, TimedOut, run_limited
from workers.thinkers import Thinkers

EARLY_TOLERANCE_MS = 5_000
KILL_AFTER_S = 0.5
"""How long after its think time a bot's process is killed (it should have answered by then)."""
log = logging.getLogger(__name__)


def measured(job: Callable[..., None]) -> Callable[..., None]:
    """``job`` with its duration in ``deathmatch_job_duration_seconds{queue, job, outcome}`` and a
    log line (``job``, ``queue``, ``outcome``, ``duration_ms``)."""
    @functools.wraps(job)
    def measured_job(*args, **kwargs) -> None:
        started, outcome = time.perf_counter(), "failed"
        try:
            job(*args, **kwargs)
            outcome = "ok"
        finally:
            seconds = time.perf_counter() - started
            current = get_current_job()
            queue = current.origin if current is not None and current.origin in PRIORITY else "none"
            JOB_DURATION.labels(queue, job.__name__, outcome).observe(seconds)
            log.info("%s %s", job.__name__, outcome, extra={"job": job.__name__, "queue": queue, "outcome": outcome,
                                                           "duration_ms": round(seconds * 1000, 3)})
    return measured_job


_RUNNER: asyncio.Runner | None = None
_THINKERS: Thinkers | None = None


def thinkers() -> Thinkers:
    """This worker's pool of thinking processes (``THINKERS``, ``THINKER_MAX_MB``), made on first use."""
    global _THINKERS
    if _THINKERS is None:
        settings = from_environment()
        _THINKERS = Thinkers(settings.thinkers, settings.thinker_max_mb)
    return _THINKERS


@dataclasses.dataclass(frozen=True)
class Until:
    """A think time that is spent at ``at`` (``time.monotonic()``, the same clock in every process
    of the machine): what :class:`domain.bots.Think` asks, sent to the thinker with the state."""

    at: float

    def __call__(self) -> bool:
        return time.monotonic() >= self.at
_SERVICES: dict[str, Services] = {}


def run(job: Coroutine[Any, Any, None]) -> None:
    """Run a job's coroutine on this process's one event loop: a worker runs its jobs one after
    another, and keeps one loop and one set of connections (:func:`services_from_environment`)
    for all of them -- connecting anew for each job cost about 18 ms of a timer's ~20."""
    global _RUNNER
    if _RUNNER is None:
        _RUNNER = asyncio.Runner()
    _RUNNER.run(job)


@contextlib.asynccontextmanager
async def services_from_environment() -> AsyncIterator[Services]:
    """The service parts for a job: this process's, connected on its first job (to the store the
    environment names) and kept for the next ones."""
    settings = from_environment()
    services = _SERVICES.get(settings.redis_url or "")
    if services is None:
        services = _SERVICES[settings.redis_url or ""] = connect(settings)
    yield services


@measured
def fire_timeout(match_id: str, key: str) -> None:
    run(_fire_timeout(match_id, key))


async def _fire_timeout(match_id: str, key: str) -> None:
    async with services_from_environment() as services:
        game, state = await services.matches.load(match_id)
        due = lifecycle.deadline(game, state)
        if due is not None and due.key == key and 0 < due.at - now_ms() <= EARLY_TOLERANCE_MS:
            await asyncio.sleep((due.at - now_ms()) / 1000 + 0.001)  # the scheduler woke a little early
        if await services.matches.timeout(match_id, key) and due is not None and due.key == key:
            TIMER_LATENESS.observe(max(0, now_ms() - due.at) / 1000)
        game, state = await services.matches.current(match_id)
        if (due := lifecycle.deadline(game, state)) is not None:
            services.matches.scheduler.schedule(match_id, due)  # re-arm for the next deadline (a worker: no loop to spare)


@measured
def analyse(match_id: str, version: int, account: str | None = None) -> None:
    run(_analyse(match_id, version, account))


async def _analyse(match_id: str, version: int, account: str | None) -> None:
    """The game's pure ``analyse`` of the position, stored for the API: ``done`` with the result,
    ``undetermined`` when it ran past its time limit (its process killed), ``failed`` on a bug.
    At the last version of a finished match it also finds the loser's turning point
    (:mod:`domain.turning_points`), within a time limit of its own."""
    key = analysis_key(match_id, version)
    async with services_from_environment() as services:
        game, state = await services.matches.state_at(match_id, version)
        limit = services.settings.analysis_time_limit_s
        outcome = run_limited(lambda s: msgspec.to_builtins(game.analyse(s)), (state.game,), limit)
        if isinstance(outcome, Finished):
            stored = {"status": "done", "result": outcome.value}
        elif isinstance(outcome, TimedOut):
            stored = {"status": "undetermined", "result": {"reason": "time_limit", "limit_s": limit}}
        else:  # a solver bug must be visible, not lose the job silently
            log.error("analysis of %s at %s failed: %s", match_id, version, outcome.error)
            stored = {"status": "failed", "result": {"error": outcome.error.split(":", 1)[0]}}
        if state.status in lifecycle.OVER:
            stored["turning_point"] = await _turning_point(services, match_id, limit)
        await services.redis.set(key, msgspec.json.encode(stored), ex=7 * 24 * 3600)
        if account is not None:
            await services.analyses.release(account, key)


async def _turning_point(services, match_id: str, limit: float) -> dict | None:
    """The loser's turning point of a finished match, each position's evaluation given an equal
    share of half of ``limit`` (``None``: none, or not found in time)."""
    game, positions = await services.matches.positions(match_id)
    each_s = limit / 2 / max(1, len(positions))

    def budget():
        until = time.monotonic() + each_s
        return lambda: time.monotonic() >= until

    outcome = run_limited(lambda: msgspec.to_builtins(turning_point(game, positions, budget)), (), limit)
    if not isinstance(outcome, Finished):
        log.error("turning point of %s not found: %s", match_id, outcome)
        return None
    return outcome.value


@measured
def run_game_job(match_id: str, key: str) -> None:
    run(_run_game_job(match_id, key))


async def _run_game_job(match_id: str, key: str) -> None:
    """Run the solver work ``key`` the match waits on and send the answer back as a system command
    (idempotent by ``key``). A job the match no longer waits on does nothing."""
    async with services_from_environment() as services:
        game, state = await services.matches.current(match_id)
        job = next((j for j in game.jobs(state.game) if j.key == key), None)
        if job is None:
            return
        outcome = thinkers().run(game.work, (state.game, job), services.settings.solver_time_limit_s)
        if not isinstance(outcome, Finished):  # the match keeps waiting; the job may be queued again
            log.error("solver work %s of %s did not finish: %s", key, match_id, outcome)
            return
        await services.matches.system_command(match_id, outcome.value, idempotency=key)


@measured
def practice_work(game: str, options: dict, moves: list, key: str, answer_key: str) -> None:
    run(_practice_work(game, options, [tuple(m) for m in moves], key, answer_key))


async def _practice_work(game_name: str, options: dict, moves: list[tuple[str, str]], key: str, answer_key: str) -> None:
    """Replay the practice position, run the solver work ``key`` it waits on (killed at
    ``PRACTICE_SOLVER_TIME_LIMIT_S``) and keep the answer (or why there is none) under ``answer_key``."""
    game = game_named(game_name)
    state = practice.replay(game, parse_options(game, options), moves)
    job = practice.deciding_job(game, state)
    async with services_from_environment() as services:
        if job is None or job.key != key:
            stored: dict = {"undecided": "This position waits on no solver work."}
        else:
            limit = services.settings.practice_solver_time_limit_s
            outcome = run_limited(game.work, (state, job), limit)
            if isinstance(outcome, Finished):
                stored = {"answer": msgspec.to_builtins(outcome.value)}
            elif isinstance(outcome, TimedOut):
                stored = {"undecided": f"The solver ran past its limit of {limit:g} s (PRACTICE_SOLVER_TIME_LIMIT_S)."}
            else:
                log.error("practice work %s of %s failed: %s", key, game_name, outcome.error)
                stored = {"undecided": "The solver failed on this position."}
        await services.redis.set(answer_key, msgspec.json.encode(stored), ex=practice.KEPT_S)


@measured
def bot_turn(match_id: str, seat: str, version: int | None = None, private_events: int | None = None) -> None:
    run(_bot_turn(match_id, seat, version, private_events))


async def _bot_turn(match_id: str, seat: str, version: int | None, private_events: int | None) -> None:
    until = time.monotonic() + DRAIN_S
    async with services_from_environment() as services:
        await play_bot_turn(services, match_id, seat, version, private_events)
        await drain_bot_turns(services, until)


DRAIN_S = 1.0
"""How long after a bot job starts its worker goes on taking the next queued bot turns itself."""


async def drain_bot_turns(services: Services, until: float) -> int:
    """Play the bot turns queued behind this job, one at a time, until ``until``
    (``time.monotonic()``) or the queue is empty; how many were played.

    RQ's own bookkeeping of a job (dequeue, fetch, execution and registries, result, heartbeats:
    some ten round trips and most of a play worker's CPU for a level-1 turn) is spent once for
    the batch; each turn taken here costs a pop, a fetch and one write of its status. Turns are
    taken one at a time -- as RQ would, from the same list -- so a worker never holds a turn
    another worker could play. A turn's job is marked ``started`` (``started_at``) while it is
    played and ``finished`` or ``failed`` after; one this worker dies playing stays ``started``
    until its job timeout, when :meth:`service.jobs.background.RQBackground.ensure` queues it
    again (a ``failed`` one too), as for a job RQ itself lost."""
    queue, played = services.queues[BOTS], 0
    while time.monotonic() < until and (popped := queue.connection.lpop(queue.key)) is not None:
        job_id = popped.decode() if isinstance(popped, bytes) else str(popped)
        try:
            job = Job.fetch(job_id, connection=queue.connection)
        except NoSuchJobError:
            continue
        if job.func_name != bot_turn.__module__ + "." + bot_turn.__name__ or job.get_status(refresh=False) != JobStatus.QUEUED:
            continue
        queue.connection.hset(job.key, mapping={"status": JobStatus.STARTED.value, "started_at": utcformat(rq_now())})
        status, keep = JobStatus.FINISHED, job.result_ttl if job.result_ttl is not None else 600
        try:
            await play_bot_turn(services, *job.args, **job.kwargs)
            played += 1
        except Exception:  # noqa: BLE001 -- logged, and the job marked failed: ensure() queues it again
            log.exception("drained bot turn %s failed", job_id)
            status, keep = JobStatus.FAILED, job.failure_ttl if job.failure_ttl is not None else 3600
        with queue.connection.pipeline(transaction=False) as pipe:
            pipe.hset(job.key, mapping={"status": status.value, "ended_at": utcformat(rq_now())})
            pipe.expire(job.key, max(1, int(keep)))
            pipe.execute()
    return played


MOVED_ON = frozenset({"version_conflict", "idempotency_key_reused"})
"""The refusals that say the match has moved past the position a bot chose for (another job for
the same turn played first, or the opponent's reply came in between): the turn is over, not a
command to replace."""


async def play_bot_turn(services: Services, match_id: str, seat: str, version: int | None = None,
                        private_events: int | None = None) -> None:
    """Play the built-in bot's command for ``seat`` as its account, in the position the job was
    queued for (public ``version`` and ``private_events``; ``None``: where the match stands). A job
    that finds the match elsewhere (late, or run twice) does nothing: the job of the position the
    match is in was queued when it got there. Every command names the version it was chosen for
    (``expected_version``) and an idempotency key of its position, so a job that decided while
    another played, or while the opponent replied, is refused as a whole and stops
    (:data:`MOVED_ON`): a bot never plays a move chosen for another position.

    The bot thinks for its level's time (``BOT_THINK_MS_<level>``, within the seat's time left:
    :func:`domain.bots.think_ms`) in one of the worker's thinkers, killed half a second after that
    (:func:`think_limited`); if it is killed, the same bot with no time left answers. Its
    candidates are tried in order; when the game refuses them all, the bot is asked again, told
    what was refused (what a player learns from a refusal), until it offers nothing new. A bot with
    nothing to do does nothing."""
    game, state = await services.matches.current(match_id, requeue=False)
    if version is not None and (state.version, state.private_events) != (version, private_events):
        return
    bot = BOT_ACCOUNTS.get(state.seats.get(seat) or "")
    if bot is None:
        return
    settings = services.settings
    budget_ms = bots.think_ms(settings.bot_think_ms[max(bot.level, 1) - 1], now_ms(),
                              lifecycle.deadline(game, state), seat)
    started = time.monotonic()
    until = started + budget_ms / 1000
    killed_at = started + min(budget_ms / 1000 + KILL_AFTER_S, settings.bot_time_limit_s)
    position, seed = f"{state.version}.{state.private_events}", bots.turn_seed(state, seat)
    refused: tuple[tuple[object, str], ...] = ()
    for _ in range(bots.ROUNDS):
        think = bots.Think(seed=seed, spent=Until(until), refused=refused)
        fresh = bots.untried(think_limited(game, state, seat, bot.level, think, killed_at - time.monotonic()), think)
        if not fresh:
            return
        for command in fresh:
            try:  # the first candidate the game accepts (hidden information may refuse some)
                await services.matches.execute(match_id, codec_for(game).encode(command), Actor(account=bot.id),
                                               idempotency=f"bot-{seat}-{position}-{len(refused)}",
                                               expected_version=state.version)
                return
            except DomainError as refusal:
                if refusal.code in MOVED_ON:
                    log.info("bot %s in %s: the match moved on from %s", bot.id, match_id, position)
                    return
                log.info("bot %s in %s: %s", bot.id, match_id, refusal)
                refused += ((command, refusal.code),)


def think_limited(game, state, seat: str, level: int, think: bots.Think, seconds: float) -> list:
    """The bot's candidates, computed in a thinker killed after ``seconds``; if it is killed (or
    crashes), the same bot with its time spent answers here -- cheaply, checking nothing."""
    outcome = thinkers().run(bots.next_commands, (game, state, seat, level, think), max(0.05, seconds))
    if isinstance(outcome, Finished):
        return outcome.value
    log.error("bot %s of %s did not decide in time: %s", level, state.match_id, outcome)
    return bots.next_commands(game, state, seat, level, dataclasses.replace(think, spent=lambda: True))


@measured
def deliver_webhook(account_id: str, webhook_id: str, body: bytes) -> None:
    run(_deliver_webhook(account_id, webhook_id, body, from_environment()))


async def _deliver_webhook(account_id: str, webhook_id: str, body: bytes, settings: Settings) -> None:
    """Post ``body``, signed, to the webhook; raise unless it answers 2xx, so RQ retries it. A
    webhook deleted since the notification was queued is not called. A destination refused now
    (say its host resolves to a private address since it was registered) fails the job for good:
    it is kept, with the reason, in the queue's failed jobs, and not retried."""
    async with services_from_environment() as services:
        webhook = await services.webhooks.get(account_id, webhook_id)
    if webhook is None:
        return
    destinations = Destinations(settings.webhook_allow_private, settings.webhook_resolve_timeout_s)
    try:
        await deliver(webhook, body, destinations, settings.webhook_timeout_s, now_ms())
    except HostNotFound:
        raise  # DNS may answer later: retried
    except DomainError as refused:  # a refused destination, or a URL stored before today's rules
        log.warning("webhook %s of %s refused: %s", webhook_id, account_id, refused)
        if (job := get_current_job()) is not None:
            job.retries_left = 0  # it stays refused: retrying would only knock again
        raise
