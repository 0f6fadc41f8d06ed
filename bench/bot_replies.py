"""How fast the built-in bots answer over HTTP: person-like clients against level-1 bots.

Run: ``.venv/bin/python bench/bot_replies.py [--matches 100] [--seconds 60] [--game trax,cairo]
[--level 1] [--workers 2] [--api-workers 1] [--pause-ms 2000,8000] [--baseline ROOT] [--rounds 1]``.

Starts the real server (``python -m service serve``, its embedded Redis, ``--workers`` RQ
workers) and ``--matches`` clients, each in its own match against a built-in bot of ``--level``
(``bot_<level>_1`` ... ``_8`` in turn; the games of ``--game`` in turn; the person's seat
alternating; no clock). A client plays like a person: it waits a random pause (``--pause-ms``,
uniform; 2-8 s by default, a person's pace in a quick game) before each move (counting starts
once a bot has answered a first challenge: the play workers warm up first), sends a random legal move with ``POST /matches/{id}/turn?wait=10`` --
which answers once the next event, the bot's reply, is recorded -- and starts a new match when one
ends. Printed: the reply time (the ``/turn`` call, from sending the move to holding the bot's
reply: the bot's think time, its queue, its fork, both moves' writes) p50/p90/p99/max over the
window, the moves and matches played, and errors. The issue's target is printed beside it, not
asserted: p99 <= 200 ms at 100 matches against level-1 bots.

Each client has its own keep-alive connection (:class:`lean_http.LeanConnection`, as a browser
tab has one): with one shared ``httpx.AsyncClient`` the requests waited up to seconds in its
connection pool before they were sent. Where a reply's time went (:data:`STAGES`) comes from the
moments the reply carries (the move's and the reply's recorded ``at``) and those RQ keeps on the
bot's job (``enqueued_at``, ``started_at``), read after the window; then the cores each part of
the server used in the window, and how late this process's own event loop was.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import os
import random
import re
import sys
import time
from datetime import datetime
from typing import Any

import httpx
import msgspec
import redis

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from http_load import ROOT, Server, cpu_delta, machine_busy_ticks, percentiles  # noqa: E402
from lean_http import Closed, LeanConnection  # noqa: E402

TARGET_P99_MS = 200.0
SEATS = {"trax": ("white", "red"), "cairo": ("first", "second"), "duorail": ("blue", "red")}


@dataclasses.dataclass(frozen=True)
class Sample:
    """One timed reply: the match, the bot's seat, the version the person's move made, and the
    wall-clock moments (``time.time()``, seconds) of its way: sent, the move recorded (its event's
    ``at``), the bot's reply recorded, the answer received."""

    match_id: str
    bot_seat: str
    version: int
    sent: float
    moved: float
    replied: float
    received: float


STAGES = ("to the move's record", "to the bot's job queued", "in the queue", "to the reply's record",
          "to the client")
"""The legs of a reply (``--breakdown``): the API decides the person's move; the append and its
follow-ups until the bot's job is queued (RQ's ``enqueued_at``); the job waits for a play worker
(``started_at``); the worker loads the match, thinks and decides; the reply is appended, the API's
long-poll wakes and answers, the client reads it."""


def _job_times(connection: redis.Redis, sample: Sample) -> tuple[float, float, float] | None:
    """The bot job's ``enqueued_at``, ``started_at``, ``ended_at`` (``time.time()`` seconds) of the
    position ``sample``'s move made (``None``: no such job, say another path queued it)."""
    job_id = re.sub(r"[^A-Za-z0-9_-]", "_", f"bot-{sample.match_id}-{sample.bot_seat}-{sample.version}-0")
    fields = connection.hmget(f"rq:job:{job_id}", "enqueued_at", "started_at", "ended_at")
    if any(f is None or not f for f in fields):
        return None
    return tuple(datetime.fromisoformat(f.decode().replace("Z", "+00:00")).timestamp() for f in fields)


def breakdown(redis_url: str, samples: list[Sample]) -> dict[str, dict[str, float]]:
    """Each leg's percentiles (ms) over the samples whose bot job is still in the queues' Redis,
    and the worker's own time after the reply's record (``ended_at``: not on the reply's way)."""
    connection = redis.Redis.from_url(redis_url)
    legs: dict[str, list[float]] = {stage: [] for stage in (*STAGES, "total", "worker after the record")}
    try:
        for sample in samples:
            job = _job_times(connection, sample)
            if job is None:
                continue
            enqueued, started, ended = job
            moments = (sample.sent, sample.moved, enqueued, started, sample.replied, sample.received)
            for stage, (a, b) in zip(STAGES, zip(moments, moments[1:])):
                legs[stage].append((b - a) * 1000)
            legs["total"].append((sample.received - sample.sent) * 1000)
            legs["worker after the record"].append((ended - sample.replied) * 1000)
    finally:
        connection.close()
    return {stage: {**percentiles(values), "mean": sum(values) / len(values)} for stage, values in legs.items()
            if values}


class Tab:
    """A person's own keep-alive connection (as a browser tab has), speaking JSON with its token.
    (A shared ``httpx.AsyncClient`` queued the 100 clients' requests in its connection pool for
    up to seconds before sending them: most of what this bench timed was that queue.)"""

    def __init__(self, host: str, port: int):
        self.connection, self.token = LeanConnection(host, port), ""

    async def call(self, method: str, path: str, body: object = None) -> tuple[int, Any]:
        status, raw = await self.connection.request(method, path, self.token,
                                                    None if body is None else msgspec.json.encode(body))
        return status, (msgspec.json.decode(raw) if raw else None)

    async def ok(self, method: str, path: str, body: object = None, status: int = 200) -> Any:
        got, answer = await self.call(method, path, body)
        if got != status:
            raise ValueError(f"{method} {path.split('?')[0]} {got} {str(answer)[:80]}")
        return answer


class Person:
    """One client: an account, its matches against one bot, its reply times."""

    def __init__(self, tab: Tab, n: int, game: str, bot: str, pause_ms: tuple[int, int]):
        self.tab, self.n, self.game, self.bot, self.pause_ms = tab, n, game, bot, pause_ms
        self.rng = random.Random(n)
        self.replies: list[float] = []
        self.samples: list[Sample] = []
        self.errors: list[str] = []
        self.matches = 0

    async def sign_up(self) -> None:
        account = await self.tab.ok("POST", "/accounts", {"name": f"person{self.n}"}, 201)
        self.id, self.tab.token = account["id"], account["token"]

    async def play(self, until: float, counting_from: float) -> None:
        while time.monotonic() < until:
            try:
                await self.one_match(until, counting_from)
            except (Closed, OSError, KeyError, ValueError) as error:
                self.errors.append(f"{type(error).__name__}: {error}"[:120])
                await asyncio.sleep(1)

    async def one_match(self, until: float, counting_from: float) -> None:
        mine, theirs = SEATS[self.game] if (self.n + self.matches) % 2 == 0 else SEATS[self.game][::-1]
        created = await self.tab.ok("POST", "/matches", {
            "game": self.game, "seats": {mine: self.id, theirs: self.bot}, "options": {"time": {"type": "none"}}}, 201)
        url = f"/matches/{created['id']}"
        self.matches += 1
        while (await self.tab.ok("GET", url))["invited"]:  # the bot accepts by itself
            await asyncio.sleep(0.05)
        await self.tab.ok("POST", f"{url}/ready")
        while time.monotonic() < until:
            view = await self.tab.ok("GET", url)
            if view["status"] in ("finished", "aborted"):
                return
            if mine not in view["to_move"]:
                await asyncio.sleep(0.05)  # the bot moves first, or its reply came after the wait
                continue
            moves = (await self.tab.ok("GET", f"{url}/legal-moves"))["moves"]
            await asyncio.sleep(self.rng.uniform(*self.pause_ms) / 1000)
            started, sent_at = time.monotonic(), time.time()
            status, answer = await self.tab.call("POST", f"{url}/turn?wait=10&expected_version={view['version']}",
                                                 self.rng.choice(moves)["command"])
            took, received_at = time.monotonic() - started, time.time()
            if status != 200:
                self.errors.append(f"turn {status} {(answer or {}).get('code')}")
                continue
            following = answer["next"]["events"]
            if started >= counting_from and following:  # (none: its own move ended the match)
                self.replies.append(took)
                self.samples.append(Sample(created["id"], theirs, answer["accepted"]["version"], sent_at,
                                           answer["accepted"]["events"][-1]["at"] / 1000,
                                           following[0]["at"] / 1000, received_at))


async def bots_answer(http: httpx.AsyncClient, bot: str, seconds: float = 900) -> float:
    """Wait until a built-in bot accepts a challenge (the play workers have warmed up: they load
    or compile the solvers before their first job); how long that took."""
    started = time.monotonic()
    r = await http.post("/accounts", json={"name": "warmupprobe"})
    headers = {"Authorization": f"Bearer {r.json()['token']}"}
    r = await http.post("/matches", headers=headers, json={"game": "trax", "seats": {"white": r.json()["id"],
                                                                                     "red": bot}})
    url = f"/matches/{r.json()['id']}"
    while (await http.get(url, headers=headers)).json()["invited"] and time.monotonic() - started < seconds:
        await asyncio.sleep(0.2)
    return time.monotonic() - started


async def cpu_used(server: Server, warmup: float, seconds: float) -> dict[str, float]:
    """Cores used during the window (1.0: one core all the time): the server's processes by kind
    (its workers' thinkers count as the workers'), this client, and the whole machine."""
    await asyncio.sleep(warmup)
    ticks, before, mine, machine = os.sysconf("SC_CLK_TCK"), server.cpu_ticks(), os.times(), machine_busy_ticks()
    await asyncio.sleep(seconds)
    used = cpu_delta(before, server.cpu_ticks(), seconds)
    now = os.times()
    used["clients (this process)"] = (now.user + now.system - mine.user - mine.system) / seconds
    used["whole machine"] = (machine_busy_ticks() - machine) / ticks / seconds
    return used


async def loop_lag(counting_from: float, until: float, lags: list[float]) -> None:
    """How late this process's event loop wakes a 10 ms sleep (ms), until ``until``: when it is
    late, every client here sends and reads late, and the reply times include it."""
    while (start := time.monotonic()) < until:
        await asyncio.sleep(0.01)
        if start >= counting_from:
            lags.append((time.monotonic() - start - 0.01) * 1000)


async def run(args, root: str, label: str) -> None:
    server = Server(api_workers=args.api_workers, redis_url=None, workers=args.workers, root=root).start(timeout=300)
    try:
        limits = httpx.Limits(max_connections=args.matches + 10, max_keepalive_connections=args.matches + 10)
        async with httpx.AsyncClient(base_url=server.url, timeout=30, limits=limits) as http:
            bots = [b["id"] for b in (await http.get("/bots")).json() if b["level"] == args.level]
            warm = await bots_answer(http, bots[-1])
            games = args.game.split(",")
            host, port = server.url.rsplit("/", 1)[1].split(":")
            people = [Person(Tab(host, int(port)), n, games[n % len(games)], bots[n % len(bots)],
                             tuple(int(ms) for ms in args.pause_ms.split(","))) for n in range(args.matches)]
            await asyncio.gather(*(p.sign_up() for p in people))
            started = time.monotonic()
            counting_from, until = started + args.warmup, started + args.warmup + args.seconds
            cpu = asyncio.create_task(cpu_used(server, args.warmup, args.seconds))
            lags: list[float] = []
            lagging = asyncio.create_task(loop_lag(counting_from, until, lags))
            await asyncio.gather(*(p.play(until, counting_from) for p in people))
            for person in people:
                person.tab.connection.close()
            legs = breakdown(server.redis_url, [s for p in people for s in p.samples]) if server.redis_url else {}
            used = await cpu
            await lagging
    finally:
        server.stop()
    replies = [t * 1000 for p in people for t in p.replies]
    errors = [e for p in people for e in p.errors]
    p = percentiles(replies) if replies else {}
    print(f"[{label}: {root}] {args.matches} person-like clients vs level-{args.level} bots ({args.game}), "
          f"{args.workers} workers, {args.api_workers} API process(es), {os.cpu_count()} cores, {args.seconds} s "
          f"after {args.warmup} s warm-up (bots first answered {warm:.1f} s after start)")
    print(f"  bot replies timed: {len(replies)}  matches started: {sum(p.matches for p in people)}  "
          f"errors: {len(errors)} {sorted(set(errors))[:5]}")
    if p:
        print("  reply time ms: " + "  ".join(f"{name} {value:.1f}" for name, value in p.items())
              + f"  (target p99 <= {TARGET_P99_MS:.0f})", flush=True)
    for stage, figures in legs.items():
        print(f"    {stage:>26} ms: " + "  ".join(f"{name} {value:.1f}" for name, value in figures.items()))
    print("  this process's event loop late by ms: " + "  ".join(f"{name} {value:.1f}" for name, value in
                                                                  percentiles(lags).items()))
    print("  cores used in the window: " + "  ".join(f"{name} {value:.2f}" for name, value in sorted(used.items())),
          flush=True)


async def run_all(args) -> None:
    """This checkout, and the baseline's (``--baseline``) in the same sitting, alternating."""
    runs = [(ROOT, "this checkout")] + ([(args.baseline, "baseline")] if args.baseline else [])
    for _ in range(args.rounds):
        for root, label in runs:
            await run(args, root, label)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--warmup", type=float, default=10)
    parser.add_argument("--game", default="trax,cairo", help=f"comma-separated, of {', '.join(SEATS)}")
    parser.add_argument("--level", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--api-workers", type=int, default=1)
    parser.add_argument("--pause-ms", default="2000,8000", help="a person's pause before each move: min,max")
    parser.add_argument("--baseline", default="", help="another checkout's root, run after this one (A/B)")
    parser.add_argument("--rounds", type=int, default=1, help="how many times to run each")
    asyncio.run(run_all(parser.parse_args()))


if __name__ == "__main__":
    main()
