"""What ``REDIS_FSYNC=always`` costs a move, next to ``everysec`` (the default), in the same run.

Run: ``.venv/bin/python bench/durability.py [--seconds 3] [--rounds 2] [--matches 20] [--dir PATH]``
(about a minute with the defaults).

It starts three embedded Redis servers as ``serve`` starts them, with their files in ``--dir``
(default: a temporary folder in the checkout's ``var/``, so on the disk ``serve`` would use;
``/tmp`` may be a tmpfs, where an fsync costs nothing): ``appendfsync everysec``, ``appendfsync always``, and
``everysec`` with its password switched off (the baseline for what the password costs). For
each, alternating, ``--rounds`` times, each figure over ``--seconds``:

- **moves, 1 match**: one Trax game at a time through the API called in-process (the ASGI app;
  per move a page ``GET /events?legal_moves=true`` and a ``POST /commands``): wall-clock ms a move
  and moves a second. Every write a move makes waits for its reply, so with ``always`` for its
  fsync.
- **moves, N matches**: ``--matches`` games at once through the same app: moves a second. Redis
  syncs once for all the writes of one turn of its event loop, so ``always`` costs less a move here.
- **appends, 1 at a time**: the append script alone (``EventStore.append``), one after the other:
  µs an append.

It also prints the connections Redis received a move and the commands that authenticate them
(``AUTH``, or ``HELLO`` as redis-py sends it: the password costs one per new connection, nothing
per command), and the filesystem the files were on.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import secrets
import shutil
import sys
import tempfile
import time

import msgspec
import redis
import redis.asyncio as aioredis
import uvloop

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from inprocess_moves import InProcess  # noqa: E402
from service.app import create_app  # noqa: E402
from service.matches.event_store import EventStore  # noqa: E402
from service.redis.embedded import EmbeddedRedis  # noqa: E402
from service.settings import Settings  # noqa: E402

CONFIGS = (("everysec", "everysec", True), ("always", "always", True), ("everysec, no password", "everysec", False))


def filesystem_of(path: str) -> str:
    """The device and type of the filesystem holding ``path`` (from /proc/mounts)."""
    best = ("?", "?", "")
    for line in open("/proc/mounts"):
        device, mount, kind = line.split()[:3]
        if os.path.realpath(path).startswith(mount.rstrip("/") + "/") and len(mount) >= len(best[2]):
            best = (device, kind, mount)
    return f"{best[0]} ({best[1]}, mounted on {best[2]})"


class Target:
    """One embedded Redis and the API wired to it."""

    def __init__(self, folder: str, name: str, fsync: str, password: bool):
        self.name = name
        self.redis = EmbeddedRedis(os.path.join(folder, name.replace(", ", "-").replace(" ", "-")), fsync=fsync)
        self.url = self.redis.start()
        if not password:
            with redis.Redis.from_url(self.url) as client:
                client.config_set("requirepass", "")
            self.url = self.url.replace(f":{self.redis.password}@", "")
        self.app = InProcess(create_app(Settings(redis_url=self.url, rate_limit=0)))
        self.client = redis.Redis.from_url(self.url)  # one connection for the counters, made now
        self.results: dict[str, list[float]] = {}

    def counters(self) -> tuple[int, int, int]:
        """AUTH (or HELLO, which redis-py's connections authenticate with) commands, connections
        received, all commands so far."""
        stats = self.client.info("commandstats")
        auth = sum(stats.get(f"cmdstat_{name}", {}).get("calls", 0) for name in ("auth", "hello"))
        info = self.client.info("stats")
        return auth, info["total_connections_received"], info["total_commands_processed"]

    def record(self, figure: str, value: float) -> None:
        self.results.setdefault(figure, []).append(value)


class Players:
    """Two accounts on one app, playing random Trax games."""

    def __init__(self, api: InProcess, rng: random.Random):
        self.api, self.rng = api, rng

    async def sign_up(self) -> Players:
        accounts = []
        for _ in range(2):
            status, account = await self.api.call("POST", "/accounts", body=msgspec.json.encode(
                {"name": f"durable{secrets.token_hex(4)}"}))
            assert status == 201, account
            accounts.append(account)
        self.tokens = [a["token"] for a in accounts]
        self.seats = {"white": accounts[0]["id"], "red": accounts[1]["id"]}
        return self

    async def new_game(self) -> str:
        status, view = await self.api.call("POST", "/matches", self.tokens[0], msgspec.json.encode(
            {"game": "trax", "seats": self.seats, "options": {"time": {"type": "none"}}}))
        assert status == 201, view
        for token in self.tokens:
            await self.api.call("POST", f"/matches/{view['id']}/ready", token)
        return view["id"]

    async def play_until(self, deadline: float) -> int:
        """Moves of one game after another until ``deadline`` (loop time)."""
        loop, played = asyncio.get_running_loop(), 0
        match, version, turn = await self.new_game(), 0, 0
        while loop.time() < deadline:
            status, page = await self.api.call("GET", f"/matches/{match}/events", self.tokens[turn],
                                               query=f"after={version}&legal_moves=true")
            assert status == 200, page
            if page["status"] != "running":
                match, version, turn = await self.new_game(), 0, 0
                continue
            status, accepted = await self.api.call("POST", f"/matches/{match}/commands", self.tokens[turn],
                                                   msgspec.json.encode({"type": "play",
                                                                        "move": self.rng.choice(page["legal_moves"])["move"]}))
            assert status == 200, accepted
            version, turn, played = accepted["version"], 1 - turn, played + 1
        return played


async def measure(target: Target, seconds: float, matches: int, rng: random.Random) -> None:
    loop = asyncio.get_running_loop()
    await target.app.start()
    try:
        players = await Players(target.app, rng).sign_up()
        before, started = target.counters(), loop.time()
        played = await players.play_until(started + seconds)
        took = loop.time() - started
        target.record("ms a move, 1 match", took / played * 1000)
        target.record("moves/s, 1 match", played / took)
        started = loop.time()
        played_many = sum(await asyncio.gather(*(players.play_until(started + seconds) for _ in range(matches))))
        target.record(f"moves/s, {matches} matches", played_many / (loop.time() - started))
        after = target.counters()
        moves = played + played_many
        target.record("AUTH or HELLO a move", (after[0] - before[0]) / moves)
        target.record("connections a move", (after[1] - before[1]) / moves)
        target.record("Redis commands a move", (after[2] - before[2]) / moves)
    finally:
        await target.app.stop()
    client = aioredis.Redis.from_url(target.url)
    store = EventStore(client)
    try:
        match, version, appended = f"durability-{secrets.token_hex(4)}", 0, 0
        started = loop.time()
        while loop.time() < started + seconds:
            outcome = await store.append(match, version, [b'{"type":"bench"}'])
            version, appended = outcome.version, appended + 1
        target.record("us an append, 1 at a time", (loop.time() - started) / appended * 1e6)
    finally:
        await store.close()
        await client.aclose()


def report(targets: list[Target]) -> None:
    figures = list(targets[0].results)
    width = max(len(f) for f in figures) + 2
    print(f"{'':{width}}" + "".join(f"{t.name:>26}" for t in targets))
    for figure in figures:
        cells = []
        for target in targets:
            values = target.results[figure]
            precise = figure.startswith(("AUTH", "connections"))
            shown = " · ".join(f"{v:.4f}" if precise else f"{v:,.2f}" if v < 100 else f"{v:,.0f}" for v in values)
            cells.append(f"{shown:>26}")
        print(f"{figure:{width}}" + "".join(cells))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="the window of each figure")
    parser.add_argument("--rounds", type=int, default=2, help="measurements of each server, alternating")
    parser.add_argument("--matches", type=int, default=20, help="games at once for the throughput figure")
    parser.add_argument("--dir", default=None, help="where the servers keep their files (default: the checkout's var/)")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    parent = args.dir or os.path.join(ROOT, "var")  # ignored by git
    os.makedirs(parent, mode=0o700, exist_ok=True)
    folder = tempfile.mkdtemp(prefix="durability-", dir=parent)
    print(f"Redis files in {folder}, on {filesystem_of(folder)}; {os.cpu_count()} CPUs; "
          f"{args.rounds} rounds of {args.seconds:g} s a figure, the servers alternating")
    targets: list[Target] = []
    try:
        targets = [Target(folder, name, fsync, password) for name, fsync, password in CONFIGS]
        rng = random.Random(args.seed)
        wall = time.monotonic()
        for _ in range(args.rounds):
            for target in targets:
                uvloop.run(measure(target, args.seconds, args.matches, rng))
        print(f"(measured in {time.monotonic() - wall:.0f} s; a value per round)\n")
        report(targets)
    finally:
        for target in targets:
            target.client.close()
            target.redis.stop()
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
