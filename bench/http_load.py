"""HTTP load: bots playing random Trax games against the real server, 2 API processes vs 1.

Run: ``.venv/bin/python bench/http_load.py [--seconds 20] [--warmup 3] [--clients 100]
[--mode turn,poll] [--api-workers 2,1] [--rate 0,1000] [--arrivals poisson|even|per-match]
[--redis-url URL] [--store embedded,cluster] [--url URL] [--root CHECKOUT]`` (``bench/README.md``
explains them; ``--store cluster`` runs the same load on a 3-master Redis Cluster started here).

For every entry of ``--api-workers`` it starts the real server as a subprocess
(``python -m service serve --port <free> --api-workers N --workers 1``) with a temporary
``DATA_DIR`` -- so with its embedded Redis -- or, with ``--redis-url``, against that Redis. It
creates accounts and Trax matches without a clock (``{"time": {"type": "none"}}``, so nobody
times out), runs the bots for ``--warmup`` + ``--seconds`` seconds, stops them and the server
(SIGTERM), then times a raw Redis XADD+XRANGE loop from this process (the floor).

Modes (``--clients`` bots; all but ``drivers`` are 50 matches, each seat its own bot with its own
token and keep-alive connection, at most one move per match in flight):

- ``turn``: ``POST /matches/{id}/turn?wait=5`` sends the move and answers with the opponent's
  reply and the bot's legal moves (one request a move).
- ``poll``: long-poll ``GET /events?after=V&wait=5&legal_moves=true``, then ``POST /commands``.
- ``classic``: long-poll until it is the bot's turn, ``GET /legal-moves``, ``POST /commands``.
- ``drivers``: 100 loops, each driving both seats of its own match, no long-polls (comparison only).

Paced runs (``--rate R``) offer R moves a second in all, spaced as ``--arrivals`` says (see
``ARRIVALS``); a full-speed run (``--rate 0``) moves as fast as the server answers, so it measures
throughput, and a paced one latency.

When a game ends (the seat to move gets no legal moves: the match is over) the bot that sees it
creates the next match for the pair and readies; its partner is handed the new match id in-process
(its pending long-poll on the finished match is abandoned; a pending ``POST /turn`` is answered at
once, the match being over) and readies too.

Only figures are printed; the targets from the issue are printed next to them, not asserted. The
load generator runs on the same machine (``os.cpu_count()`` is printed) and competes with the
server for the CPU; the CPU each side used during the window is printed too.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import gc
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field

import httpx
import urllib.parse
import msgspec
import redis
import redis.asyncio as aioredis
import uvloop

from lean_http import Closed, LeanConnection

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from service.redis.embedded import unredacted  # noqa: E402
from service.redis import RedisPipe, options_of  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGET_COMMANDS_PER_S = 1_000
TARGET_P99_MS = 25.0
LONG_POLL_WAIT_S = 5
CLOCKS = {"none": {"time": {"type": "none"}}, "default": {}}  # default: Trax's one-grace clock (60 s + grace)
SEATS = ("white", "red")
ARRIVALS = ("poisson", "even", "per-match")
"""How a paced run (``--rate R``) spaces the moves it offers. ``poisson``: R moves a second in all,
at the times of a Poisson process (independent bots: the gaps are random, bursts happen); the bot
to move that asked first takes the next time. ``even``: the same, one move every 1/R s. ``per-match``:
each match its own clock of R/matches moves a second; the matches start together, so their clocks
tick together and the moves arrive in bursts of one per match (the bench's pacing before
2026-11-23, kept to compare)."""
_json = msgspec.json.Encoder()
_decode = msgspec.json.Decoder()


# ---------------------------------------------------------------- the server under test


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def notation(move: str | dict) -> str:
    """A listed legal move's notation: a ``{"move", "command"}`` object, or a bare string in trees
    older than the listing of commands (an A/B run may time one)."""
    return move if isinstance(move, str) else move["move"]


class Server:
    """``python -m service serve`` in its own session; stopped with SIGTERM."""

    def __init__(self, api_workers: int, redis_url: str | None, root: str = ROOT, workers: int = 1,
                 env: dict[str, str] | None = None):
        self.api_workers, self.workers, self.external_redis, self.root = api_workers, workers, redis_url, root
        self.extra_env = env or {}
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.data_dir = tempfile.mkdtemp(prefix="http-load-")
        self.log_path = os.path.join(self.data_dir, "server.log")
        self.process: subprocess.Popen | None = None
        self.redis_url = redis_url

    def start(self, timeout: float = 60.0) -> Server:
        env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "QUEUE_REDIS_URL", "API_WORKERS")}
        env.update(DATA_DIR=self.data_dir, PYTHONUNBUFFERED="1", PYTHONPATH=self.root,
                   ACCOUNTS_PER_ADDRESS="0", MAX_CONNECTIONS_PER_ADDRESS="0")  # all the bots come from one address
        env.update(self.extra_env)
        if self.external_redis:
            env["REDIS_URL"] = self.external_redis
        cmd = [sys.executable, "-m", "service", "serve", "--host", "127.0.0.1", "--port", str(self.port),
               "--api-workers", str(self.api_workers), "--workers", str(self.workers)]
        self._log = open(self.log_path, "wb")
        self.process = subprocess.Popen(cmd, cwd=self.root, env=env, stdout=self._log, stderr=subprocess.STDOUT,
                                        start_new_session=True)
        give_up = time.monotonic() + timeout
        with httpx.Client(timeout=2) as client:
            while True:
                if self.process.poll() is not None:
                    raise RuntimeError(f"the server exited ({self.process.returncode}):\n{self.log_tail()}")
                try:
                    if client.get(f"{self.url}/ready").status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                if time.monotonic() > give_up:
                    self.stop()
                    raise RuntimeError(f"the server was not ready within {timeout:.0f} s:\n{self.log_tail()}")
                time.sleep(0.1)
        if not self.redis_url:
            found = re.search(r"embedded Redis on ((?:redis|unix)://\S+)", open(self.log_path, errors="replace").read())
            self.redis_url = found.group(1) if found else None
            if self.redis_url and ":***@" in self.redis_url:  # the log hides the password
                self.redis_url = unredacted(self.redis_url, self.data_dir)
        return self

    def log_tail(self, lines: int = 30) -> str:
        try:
            return "\n".join(open(self.log_path, errors="replace").read().splitlines()[-lines:])
        except OSError:
            return ""

    def log_size(self) -> int:
        try:
            return os.path.getsize(self.log_path)
        except OSError:
            return 0

    def log_errors(self, start: int = 0, end: int | None = None) -> collections.Counter:
        """The errors the server logged between two log offsets, by their final exception line."""
        try:
            with open(self.log_path, "rb") as f:
                f.seek(start)
                text = f.read(None if end is None else max(0, end - start)).decode(errors="replace")
        except OSError:
            return collections.Counter()
        found: collections.Counter = collections.Counter()
        for block in re.split(r"(?m)^(?=ERROR)", text):
            if "Traceback (most recent call last)" not in block:
                continue
            last = [line for line in block.splitlines() if line[:1].strip() and not line.startswith(
                ("ERROR", "Traceback", "The above", "During handling"))]
            found[re.sub(r"127\.0\.0\.1:\d+", "127.0.0.1:<port>", last[-1]) if last else "?"] += 1
        return found

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=40)
            except subprocess.TimeoutExpired:
                print("  (the server did not stop within 40 s of SIGTERM; killing its process group)")
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
        self.process = None
        self._log.close()
        shutil.rmtree(self.data_dir, ignore_errors=True)

    def cpu_ticks(self) -> dict[int, tuple[str, int]]:
        """CPU ticks (user + system) of the server's process tree, by pid, with a category."""
        if self.process is None:
            return {}
        parents: dict[int, int] = {}
        stats: dict[int, tuple[str, int]] = {}
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat") as f:
                    raw = f.read()
                with open(f"/proc/{entry}/cmdline", "rb") as f:
                    cmdline = f.read().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
            rest = raw[raw.rindex(")") + 2:].split()
            parents[int(entry)] = int(rest[1])
            stats[int(entry)] = (_category(cmdline), int(rest[11]) + int(rest[12]))
        tree, todo = {}, [self.process.pid]
        while todo:
            pid = todo.pop()
            if pid in stats:
                tree[pid] = stats[pid]
            todo.extend(child for child, parent in parents.items() if parent == pid)
        return tree


class RunningServer:
    """A server started elsewhere (``--url``): nothing to start or stop, and its CPU is not seen."""

    def __init__(self, url: str, redis_url: str | None):
        self.url, self.redis_url, self.external_redis = url.rstrip("/"), redis_url, redis_url
        self.api_workers = 0

    def start(self) -> RunningServer:
        return self

    def stop(self) -> None:
        pass

    def cpu_ticks(self) -> dict[int, tuple[str, int]]:
        return {}

    def log_size(self) -> int:
        return 0

    def log_errors(self, start: int = 0, end: int | None = None) -> collections.Counter:
        return collections.Counter()


class ClusterServer(Server):
    """The server on a 3-master Redis Cluster of its own (``REDIS_CLUSTER=1``), its queues on an
    embedded Redis; the nodes' ``INFO commandstats`` summed."""

    store = "cluster"

    def __init__(self, api_workers: int, root: str = ROOT, workers: int = 1, env: dict[str, str] | None = None):
        sys.path.insert(0, root)
        from service.redis.embedded import EmbeddedRedis
        from tests.redis_cluster import LocalCluster

        folder = tempfile.mkdtemp(prefix="http-load-cluster-")
        self.cluster = LocalCluster(os.path.join(folder, "cluster")).start()
        self.queues = EmbeddedRedis(os.path.join(folder, "queues"))
        server_env = self.cluster.server_env(self.queues.start())
        super().__init__(api_workers, server_env.pop("REDIS_URL"), root, workers, env={**server_env, **(env or {})})
        self.stat_urls = [self.cluster.node_url(port) for port in self.cluster.ports]

    def stop(self) -> None:
        super().stop()
        self.queues.stop()
        self.cluster.stop()


def machine_busy_ticks() -> int:
    """CPU ticks the whole machine spent busy (all cores), from /proc/stat."""
    try:
        with open("/proc/stat") as f:
            fields = [int(v) for v in f.readline().split()[1:]]
    except (OSError, ValueError):
        return 0
    user, nice, system, _idle, _iowait, irq, softirq, steal = (fields + [0] * 8)[:8]
    return user + nice + system + irq + softirq + steal


def _category(cmdline: str) -> str:
    if "redis-server" in cmdline:
        return "redis"
    if "-m workers" in cmdline:
        return "rq worker"
    if "resource_tracker" in cmdline:
        return "other"
    return "api"  # the uvicorn processes (and the supervisor when there are several)


def cpu_delta(before: dict[int, tuple[str, int]], after: dict[int, tuple[str, int]], seconds: float) -> dict[str, float]:
    """Cores used per category between two snapshots (1.0 = one core busy all the time)."""
    ticks = os.sysconf("SC_CLK_TCK")
    used: dict[str, float] = collections.defaultdict(float)
    for pid, (category, t) in after.items():
        used[category] += (t - before.get(pid, (category, 0))[1]) / ticks / seconds
    return dict(used)


# ---------------------------------------------------------------- measuring


@dataclass
class Stats:
    t0: float = 0.0  # the measuring window, perf_counter seconds
    t1: float = 0.0
    latencies: dict[str, list[float]] = field(default_factory=lambda: collections.defaultdict(list))
    errors: collections.Counter = field(default_factory=collections.Counter)  # whole run, warm-up included
    notify: list[float] = field(default_factory=list)  # POST sent -> opponent's long-poll back (ms)
    games: int = 0

    def in_window(self, t: float) -> bool:
        return self.t0 <= t <= self.t1

    def record(self, kind: str, start: float, end: float, status: int | str, code: str | None = None) -> None:
        ok = status in (200, 201)
        if not ok:
            self.errors[(kind, status, code)] += 1
        if ok and self.in_window(end):
            self.latencies[kind].append((end - start) * 1000)


def percentiles(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    s = sorted(values)
    pick = lambda q: s[min(len(s) - 1, int(q * len(s)))]  # noqa: E731
    return {"p50": pick(0.50), "p90": pick(0.90), "p99": pick(0.99), "max": s[-1]}


class Http:
    """One keep-alive connection (:class:`lean_http.LeanConnection`) per bot; each call is timed and
    recorded in the shared :class:`Stats`. (httpx cost about 1.2 ms of this process's CPU per
    request, as much as the server spent answering it.)"""

    def __init__(self, base_url: str, stats: Stats):
        host, port = base_url.removeprefix("http://").rsplit(":", 1)
        self.stats = stats
        self.connection = LeanConnection(host, int(port))

    async def call(self, kind: str, method: str, path: str, token: str, body: dict | None = None,
                   params: dict | None = None, key: str | None = None) -> tuple[int, dict | None]:
        if params:
            path += "?" + urllib.parse.urlencode(params)
        start = time.perf_counter()
        try:
            status, content = await self.connection.request(
                method, path, token, None if body is None else _json.encode(body), key)
        except (OSError, Closed) as e:
            self.stats.record(kind, start, time.perf_counter(), f"{type(e).__name__}")
            return 0, None
        end = time.perf_counter()
        try:
            answer = _decode.decode(content) if content else None
        except msgspec.DecodeError:
            answer = None
        code = answer.get("code") if isinstance(answer, dict) and status >= 400 else None
        self.stats.record(kind, start, end, status, code)
        return status, answer

    async def close(self) -> None:
        self.connection.close()


# ---------------------------------------------------------------- the bots


async def create_accounts(run: Run, count: int, prefix: str) -> list[tuple[str, str]]:
    """``count`` accounts, made over ten connections at once."""
    made: dict[int, tuple[str, str]] = {}

    async def maker(first: int) -> None:
        http = run.http()
        for i in range(first, count, 10):
            status, body = await http.call("setup", "POST", "/accounts", "", {"name": f"{prefix}{i}"})
            if status != 201:
                raise RuntimeError(f"cannot create an account: {status} {body}")
            made[i] = (body["id"], body["token"])

    await asyncio.gather(*(maker(first) for first in range(min(10, count))))
    return [made[i] for i in range(count)]


async def new_match(http: Http, white: tuple[str, str], red: tuple[str, str], creator_token: str,
                    options: dict) -> str:
    status, body = await http.call("setup", "POST", "/matches", creator_token,
                                   {"game": "trax", "seats": {"white": white[0], "red": red[0]}, "options": options})
    if status != 201:
        raise RuntimeError(f"cannot create a match: {status} {body}")
    return body["id"]


class Run:
    def __init__(self, base_url: str, stats: Stats, options: dict, protocol: str, rate: float,
                 matches: int, arrivals: str = "poisson"):
        self.base_url, self.stats, self.options = base_url, stats, options
        self.protocol = protocol  # "turn", "poll" or "classic"
        self.rate = rate  # offered moves per second, all matches together; 0: as fast as the server answers
        self.match_rate = rate / max(1, matches)
        self.arrivals = arrivals  # see ARRIVALS
        self.next_slot = 0.0  # the last move slot handed out (arrivals "poisson" and "even")
        self.slots = random.Random(7)
        self.stopping = False
        self.clients: list[Http] = []

    def http(self) -> Http:
        client = Http(self.base_url, self.stats)
        self.clients.append(client)
        return client

    async def close(self) -> None:
        await asyncio.gather(*(c.close() for c in self.clients))


class SeatBot:
    """One seat of one pair (``pairs`` mode): plays its own seat, long-polls while the other moves."""

    def __init__(self, run: Run, seat: str, account: tuple[str, str], pair: Pair):
        self.run, self.seat, self.account, self.pair = run, seat, account, pair
        self.http = run.http()
        self.token = account[1]
        self.partner: SeatBot
        self.match = ""
        self.version = 0
        self.my_turn = False
        self.inbox: list[str] = []  # a new match id handed over by the partner
        self.polling: asyncio.Task | None = None
        self.moves: list[str] = []  # this seat's legal moves, from the last page (``turn`` protocol)

    def absorb(self, events: list[dict]) -> None:
        """Follow the turn from the events (Trax without Mulligans: seats alternate)."""
        for recorded in events:
            self.version = max(self.version, recorded["version"])
            event = recorded["event"]
            kind = event.get("type")
            if kind == "seats_assigned":
                self.my_turn = self.seat == "white"
            elif kind == "played":
                self.my_turn = event["seat"] != self.seat
                if self.my_turn:
                    sent = self.pair.posted.pop((self.match, recorded["version"]), None)
                    if sent is not None and self.run.stats.in_window(time.perf_counter()):
                        self.run.stats.notify.append((time.perf_counter() - sent) * 1000)

    async def ready(self, match_id: str) -> None:
        self.match, self.version, self.my_turn, self.moves = match_id, 0, False, []
        status, body = await self.http.call("setup", "POST", f"/matches/{match_id}/ready", self.token)
        if status == 200:
            self.absorb(_events_of(body))

    async def loop(self) -> None:
        while not self.run.stopping:
            if self.inbox == ["new"]:
                self.inbox.clear()
                await self.next_game()
            elif self.inbox:
                await self.ready(self.inbox.pop())
            elif self.run.protocol == "turn":
                await self.turn_step()
            elif self.run.protocol == "poll":
                await self.poll_step()
            else:
                await self.classic_step()

    async def turn_step(self) -> None:
        """``POST /turn``: the move and the wait for the opponent's in one request (one request a
        move). The legal moves come with the opponent's move; without them (a new game) it asks
        with a long-poll first."""
        if not self.moves:
            await self.poll_step(play=False)
            return
        sent = await self.about_to_move()
        answer = await self.cancellable(self.http.call(
            "turn", "POST", f"/matches/{self.match}/turn", self.token,
            {"type": "play", "move": notation(self.pair.rng.choice(self.moves))}, params={"wait": LONG_POLL_WAIT_S},
            key=os.urandom(12).hex()), partner_may_cancel=False)
        self.moves = []
        if answer is None:
            self.pair.posted.pop(sent, None)
            return
        self.absorb(answer["accepted"]["events"])
        self.on_page(answer["next"])

    async def poll_step(self, play: bool = True) -> None:
        """Long-poll with ``legal_moves=true``; move when the page lists moves (two requests a move).
        A seat whose turn it already is (the events it has say so: it is white at the start) asks
        without waiting."""
        page = await self.cancellable(self.http.call(
            "events", "GET", f"/matches/{self.match}/events", self.token,
            params={"after": self.version, "wait": 0 if self.my_turn else LONG_POLL_WAIT_S, "legal_moves": "true"}))
        if page is not None and self.on_page(page) and play:
            await self.play(self.moves)

    def on_page(self, page: dict) -> bool:
        """Take in a page of events; True when this seat is to move (its legal moves are kept)."""
        self.absorb(page["events"])
        self.moves = page["legal_moves"] or []
        if page["status"] in ("finished", "aborted") and self.pair.ended != self.match:
            self.pair.ended = self.match  # the seat that sees the end first starts the next game
            self.run.stats.games += 1
            self.inbox.append("new")
        return bool(self.moves)

    async def classic_step(self) -> None:
        """Long-poll until the events say it is this seat's turn, then ask for the legal moves and
        move (three requests a move)."""
        if not self.my_turn:
            page = await self.cancellable(self.http.call("events", "GET", f"/matches/{self.match}/events", self.token,
                                                         params={"after": self.version, "wait": LONG_POLL_WAIT_S}))
            if page is not None:
                self.absorb(page["events"])
            return
        status, body = await self.http.call("legal", "GET", f"/matches/{self.match}/legal-moves", self.token)
        if status != 200:
            await asyncio.sleep(0.05)
        elif not body["moves"]:  # the match is over: start the next game of this pair
            self.pair.ended = self.match
            self.run.stats.games += 1
            await self.next_game()
        else:
            await self.play(body["moves"])

    async def cancellable(self, call, partner_may_cancel: bool = True) -> dict | None:
        """The answer of ``call`` (a request of this seat's match), or ``None`` when it failed or the
        partner cancelled it because it started the next match. A ``POST /turn`` is not cancelled:
        its move was sent, and the answer comes at once when the match ends (so it is counted)."""
        if self.inbox:
            call.close()
            return None  # the partner started the next match (checked with no await before the call starts)
        pending = asyncio.ensure_future(call)
        self.polling = pending if partner_may_cancel else None
        try:
            await asyncio.wait({pending})
        finally:
            self.polling = None
            if not pending.done():
                pending.cancel()
        if pending.cancelled():
            return None
        status, body = pending.result()
        if status != 200:
            await asyncio.sleep(0.05)  # recorded as an error; do not spin
            return None
        return body

    async def about_to_move(self) -> tuple[str, int]:
        """Wait for the pair's pace, then note when the move about to be sent left (for the
        handoff latency the partner measures); the note's key."""
        await self.pair.pace()
        sent = (self.match, self.version + 1)
        self.pair.posted[sent] = time.perf_counter()
        return sent

    async def play(self, moves: list[str]) -> None:
        sent = await self.about_to_move()
        status, body = await self.http.call("command", "POST", f"/matches/{self.match}/commands", self.token,
                                            {"type": "play", "move": notation(self.pair.rng.choice(moves))},
                                            key=os.urandom(12).hex())
        if status == 200:
            self.absorb(_events_of(body))
        else:
            self.pair.posted.pop(sent, None)
            self.my_turn = False  # find out from the events what happened

    async def next_game(self) -> None:
        white, red = self.pair.bots
        match_id = await new_match(self.http, white.account, red.account, self.token, self.run.options)
        await self.ready(match_id)
        self.partner.inbox.append(match_id)
        if self.partner.polling is not None:
            self.partner.polling.cancel()  # its long-poll waits on the finished match


class Pair:
    def __init__(self, run: Run, white: tuple[str, str], red: tuple[str, str], seed: int):
        self.run = run
        self.rng = random.Random(seed)
        self.posted: dict[tuple[str, int], float] = {}
        self.bots = (SeatBot(run, "white", white, self), SeatBot(run, "red", red, self))
        self.bots[0].partner, self.bots[1].partner = self.bots[1], self.bots[0]
        self.next_move_at = 0.0
        self.ended = ""  # the last match of the pair seen to end

    async def pace(self) -> None:
        """With a paced run, wait for this move's slot (see ``ARRIVALS``)."""
        run = self.run
        if not run.rate:
            return
        now = time.perf_counter()
        if run.arrivals == "per-match":  # a match late for its slot moves at once
            self.next_move_at = max(self.next_move_at + 1 / run.match_rate, now - 1 / run.match_rate)
            slot = self.next_move_at
        else:  # the next slot of the whole run, in the order the bots ask; a slot nobody wanted is gone
            gap = run.slots.expovariate(run.rate) if run.arrivals == "poisson" else 1 / run.rate
            slot = run.next_slot = max(run.next_slot + gap, now)
        if slot > now:
            await asyncio.sleep(slot - now)


def _events_of(accepted: dict | None) -> list[dict]:
    """The events of an Accepted response (its ``events`` are the recorded envelopes)."""
    return list(accepted.get("events", [])) if isinstance(accepted, dict) else []


class Driver:
    """``drivers`` mode: one loop drives both seats of its own match."""

    def __init__(self, run: Run, white: tuple[str, str], red: tuple[str, str], seed: int):
        self.run, self.rng = run, random.Random(seed)
        self.http = run.http()
        self.accounts = {"white": white, "red": red}
        self.match = ""
        self.turn = "white"

    async def new_game(self) -> None:
        http = self.http
        self.match = await new_match(http, self.accounts["white"], self.accounts["red"], self.accounts["white"][1],
                                     self.run.options)
        for seat in SEATS:
            await http.call("setup", "POST", f"/matches/{self.match}/ready", self.accounts[seat][1])
        self.turn = "white"

    async def loop(self) -> None:
        http, stats = self.http, self.run.stats
        while not self.run.stopping:
            token = self.accounts[self.turn][1]
            status, body = await http.call("legal", "GET", f"/matches/{self.match}/legal-moves", token)
            if status != 200:
                await asyncio.sleep(0.05)
                continue
            if not body["moves"]:
                stats.games += 1
                await self.new_game()
                continue
            status, _ = await http.call("command", "POST", f"/matches/{self.match}/commands", token,
                                        {"type": "play", "move": self.rng.choice(body["moves"])},
                                        key=os.urandom(12).hex())
            if status == 200:
                self.turn = "red" if self.turn == "white" else "white"


# ---------------------------------------------------------------- one load run


@dataclass
class LoadResult:
    label: str
    stats: Stats
    seconds: float
    client_cpu: float  # cores used by this process during the window
    server_cpu: dict[str, float]
    redis_calls: dict[str, int]
    matches: int
    log_window: collections.Counter  # errors the server logged during the window


async def run_load(server: Server, mode: str, clients: int, warmup: float, seconds: float,
                   options: dict, rate: float, arrivals: str = "poisson") -> LoadResult:
    stats = Stats()
    run = Run(server.url, stats, options, protocol=mode, rate=rate, matches=max(1, clients // 2), arrivals=arrivals)
    prefix = f"b{os.urandom(3).hex()}_"
    if mode in ("turn", "poll", "classic"):
        accounts = await create_accounts(run, 2 * (clients // 2), prefix)
        pairs = [Pair(run, accounts[2 * i], accounts[2 * i + 1], seed=i) for i in range(clients // 2)]

        async def start_pair(pair: Pair) -> None:
            white, red = pair.bots
            match_id = await new_match(white.http, white.account, red.account, white.token, run.options)
            await white.ready(match_id)
            await red.ready(match_id)  # white learns that play began from its first long-poll

        await asyncio.gather(*(start_pair(p) for p in pairs))
        loops = [bot.loop() for pair in pairs for bot in pair.bots]
        matches = len(pairs)
    else:
        accounts = await create_accounts(run, 2 * clients, prefix)
        drivers = [Driver(run, accounts[2 * i], accounts[2 * i + 1], seed=i) for i in range(clients)]
        await asyncio.gather(*(d.new_game() for d in drivers))
        loops = [d.loop() for d in drivers]
        matches = len(drivers)
    stats.errors.clear()  # setup errors would have raised; count only what the load produces

    gc.collect()
    gc.disable()  # the generator's own collections paused every bot at once (26 ms, counted as latency)
    tasks = [asyncio.ensure_future(loop) for loop in loops]
    await asyncio.sleep(warmup)
    rclients = [redis.Redis.from_url(url) for url in getattr(server, "stat_urls", None) or [server.redis_url] if url]
    calls_before = _redis_calls(rclients)
    cpu_before, proc_before, log_before = server.cpu_ticks(), time.process_time(), server.log_size()
    busy_before = machine_busy_ticks()
    stats.t0 = time.perf_counter()
    stats.t1 = stats.t0 + seconds
    await asyncio.sleep(seconds)
    window = time.perf_counter() - stats.t0
    cpu_after, proc_after, log_after = server.cpu_ticks(), time.process_time(), server.log_size()
    busy = (machine_busy_ticks() - busy_before) / os.sysconf("SC_CLK_TCK") / window
    calls_after = _redis_calls(rclients)
    run.stopping = True
    gc.enable()
    await asyncio.sleep(0.2)
    for task in tasks:
        task.cancel()
    outcomes = await asyncio.gather(*tasks, return_exceptions=True)
    crashed = [o for o in outcomes if isinstance(o, BaseException) and not isinstance(o, asyncio.CancelledError)]
    for failure in crashed[:3]:
        print(f"  a bot loop failed: {failure!r}")
    await run.close()
    for rclient in rclients:
        rclient.close()
    calls = {k: calls_after.get(k, 0) - calls_before.get(k, 0) for k in calls_after}
    server_cpu = cpu_delta(cpu_before, cpu_after, window)
    client_cpu = (proc_after - proc_before) / window
    server_cpu["other processes"] = max(0.0, busy - client_cpu - sum(server_cpu.values()))
    if server.external_redis:
        server_cpu["redis"] = float("nan")  # not in the server's process tree: counted in "rest of the machine"
    label = f"{mode}, {server.api_workers or 'ext.'} API, {f'{rate:,.0f}/s {arrivals}' if rate else 'max'}"
    if getattr(server, "store", None) == "cluster":
        label = "cluster: " + label
    return LoadResult(label=label, stats=stats, seconds=window, client_cpu=client_cpu,
                      server_cpu=server_cpu, redis_calls=calls, matches=matches,
                      log_window=server.log_errors(log_before, log_after))


def _redis_calls(clients: list[redis.Redis]) -> dict[str, int]:
    """Commands counted by ``INFO commandstats``, summed over the store's nodes."""
    calls: dict[str, int] = collections.Counter()
    for client in clients:
        try:
            info = client.info("commandstats")
        except redis.RedisError:
            continue
        calls.update({k.removeprefix("cmdstat_"): v["calls"] for k, v in info.items()})
    return dict(calls)


# ---------------------------------------------------------------- the raw Redis floor


@dataclass
class TasksFloor:
    rtt: dict[str, float]
    per_s: float
    cpu_us: float  # CPU of this process per Redis command in the asyncio loop


@dataclass
class RedisFloor:
    sync_rtt: dict[str, float]
    sync_per_s: float
    tasks: int
    sync_cpu_us: float
    pooled: TasksFloor  # redis.asyncio's pool (what the API used for every command before)
    piped: TasksFloor  # service.redis.pipe (what the API uses for the commands of a move)


async def redis_floor(url: str, seconds: float, tasks: int) -> RedisFloor:
    """XADD + XRANGE of one ~200-byte event, as the event store does per command: one client in a
    tight loop (redis-py, blocking), then ``tasks`` asyncio tasks on one redis.asyncio pool, and on one
    pipelined connection (:mod:`service.redis.pipe`)."""
    payload = b'{"version":1,"at":1700000000000,"visibility":"public","event":{"type":"played","seat":"white",' \
              b'"move":"@0+","placed":["@0+"],"at":1700000000000}}' + b" " * 60
    tag = os.urandom(4).hex()
    keys: list[str] = []

    sync = redis.Redis.from_url(url)
    key = f"bench-floor:{tag}:sync"
    keys.append(key)
    samples, n, end = [], 0, time.perf_counter() + seconds
    cpu = time.process_time()
    while True:
        start = time.perf_counter()
        if start > end:
            break
        n += 1
        sync.xadd(key, {"e": payload}, id=f"{n}-0")
        sync.xrange(key, min=f"{n}-0", max="+")
        samples.append((time.perf_counter() - start) * 1000)
    sync_rate = n / seconds
    sync_cpu_us = (time.process_time() - cpu) / max(1, 2 * n) * 1e6

    client = aioredis.Redis.from_url(url, max_connections=tasks + 10)
    pooled = await _tasks_floor(tasks, seconds, f"{tag}:a", keys,
                                lambda k, v: client.xadd(k, {"e": payload}, id=f"{v}-0"),
                                lambda k, v: client.xrange(k, min=f"{v}-0", max="+"))
    pipe = RedisPipe(options_of(client))
    piped = await _tasks_floor(tasks, seconds, f"{tag}:p", keys,
                               lambda k, v: pipe.execute("XADD", k, f"{v}-0", "e", payload),
                               lambda k, v: pipe.execute("XRANGE", k, f"{v}-0", "+"))
    await pipe.close()
    await client.aclose()
    for chunk in range(0, len(keys), 100):
        sync.delete(*keys[chunk:chunk + 100])
    sync.close()
    return RedisFloor(sync_rtt=percentiles(samples), sync_per_s=sync_rate, tasks=tasks, sync_cpu_us=sync_cpu_us,
                      pooled=pooled, piped=piped)


async def _tasks_floor(tasks: int, seconds: float, tag: str, keys: list[str], xadd, xrange) -> TasksFloor:
    """``tasks`` asyncio tasks each appending and reading back one event in a loop."""
    lat: list[float] = []
    done = 0
    stop_at = time.perf_counter() + seconds

    async def worker(i: int) -> None:
        nonlocal done
        k = f"bench-floor:{tag}{i}"
        keys.append(k)
        v = 0
        while time.perf_counter() < stop_at:
            v += 1
            start = time.perf_counter()
            await xadd(k, v)
            await xrange(k, v)
            lat.append((time.perf_counter() - start) * 1000)
            done += 1

    begun, cpu = time.perf_counter(), time.process_time()
    await asyncio.gather(*(worker(i) for i in range(tasks)))
    return TasksFloor(rtt=percentiles(lat), per_s=done / (time.perf_counter() - begun),
                      cpu_us=(time.process_time() - cpu) / max(1, 2 * done) * 1e6)


# ---------------------------------------------------------------- output


def _ms(p: dict[str, float]) -> str:
    return "-" if not p else f"{p['p50']:.1f}/{p['p90']:.1f}/{p['p99']:.1f}/{p['max']:.0f}"


def print_table(results: list[LoadResult], clients: int) -> None:
    width = max(26, *(len(r.label) + 2 for r in results))
    head = f"{'':36}" + "".join(f"{r.label:>{width}}" for r in results) + "   target (issue)"
    print(head)
    print("-" * len(head))

    def row(name: str, values: list[str], target: str = "") -> None:
        print(f"{name:36}" + "".join(f"{v:>{width}}" for v in values) + (f"   {target}" if target else ""))

    def rate(r: LoadResult, kind: str) -> float:
        return len(r.stats.latencies[kind]) / r.seconds

    def moves(r: LoadResult) -> int:
        return len(r.stats.latencies["command"]) + len(r.stats.latencies["turn"])

    def all_requests(r: LoadResult) -> float:
        return sum(len(v) for v in r.stats.latencies.values()) / r.seconds

    row("bot clients / matches", [f"{clients} / {r.matches}" for r in results])
    row("window (s)", [f"{r.seconds:.1f}" for r in results])
    row("commands/s (accepted moves)", [f"{moves(r) / r.seconds:,.0f}" for r in results],
        f">= {TARGET_COMMANDS_PER_S:,}/s")
    row("  POST /commands ms p50/p90/p99/max", [_ms(percentiles(r.stats.latencies["command"])) for r in results],
        f"p99 <= {TARGET_P99_MS:.0f} ms")
    row("legal-moves/s (GET 200)", [f"{rate(r, 'legal'):,.0f}" for r in results])
    row("  legal ms p50/p90/p99/max", [_ms(percentiles(r.stats.latencies["legal"])) for r in results])
    row("long-polls returned/s", [f"{rate(r, 'events'):,.0f}" for r in results])
    row("  long-poll ms p50/p90/p99/max", [_ms(percentiles(r.stats.latencies["events"])) for r in results])
    row("  long-polls that waited >= 1 s", [f"{sum(1 for v in r.stats.latencies['events'] if v >= 1000):,}"
                                             for r in results])
    row("  turn handoff ms p50/p90/p99/max", [_ms(percentiles(r.stats.notify)) for r in results])
    row("set-up requests/s (create, ready)", [f"{rate(r, 'setup'):,.0f}" for r in results])
    row("games finished (warm-up + window)", [f"{r.stats.games:,}" for r in results])
    row("all requests/s", [f"{all_requests(r):,.0f}" for r in results])
    row("Redis commands per accepted move",
        [f"{sum(r.redis_calls.values()) / max(1, moves(r)):.1f}" if r.redis_calls else "n/a"
         for r in results])
    row("CPU cores: load generator", [f"{r.client_cpu:.2f}" for r in results])
    for category in ("api", "redis", "rq worker", "other"):
        row(f"CPU cores: server {category}", [f"{r.server_cpu.get(category, 0):.2f}".replace("nan", "external")
                                              if r.server_cpu else "n/a" for r in results])
    row("CPU cores: rest of the machine", [f"{r.server_cpu.get('other processes', 0):.2f}" for r in results],
        f"of {os.cpu_count()}; not ours: other jobs on the box")
    row("API CPU ms per accepted move", [f"{r.server_cpu.get('api', 0) * 1000 / max(moves(r) / r.seconds, 1e-9):.2f}"
                                         if r.server_cpu else "n/a" for r in results])
    row("API CPU ms per request", [f"{r.server_cpu.get('api', 0) * 1000 / max(all_requests(r), 1e-9):.2f}"
                                   if r.server_cpu else "n/a" for r in results])
    row("generator CPU ms per request", [f"{r.client_cpu * 1000 / max(all_requests(r), 1e-9):.2f}" for r in results])
    for r in results:
        listed = ", ".join(f"{kind} {status} {code or ''}".strip() + f": {n}"
                           for (kind, status, code), n in r.stats.errors.most_common())
        print(f"non-2xx seen by the bots [{r.label}]: {listed or 'none'}")
        if r.log_window:
            print("  server log during the window: "
                  + "; ".join(f"{n} x {line}" for line, n in r.log_window.most_common(3)))
    for r in results:
        if r.redis_calls:
            top = sorted(((n, k) for k, n in r.redis_calls.items() if n), reverse=True)[:9]
            played = max(1, moves(r))
            print(f"Redis calls per move [{r.label}]: " + ", ".join(f"{k} {n / played:.1f}" for n, k in top))


def print_floor(floor: RedisFloor) -> None:
    print("raw Redis floor from this process (XADD + XRANGE of one ~200-byte event = 2 round trips), ms p50/p90/p99/max:")
    print(f"  1 blocking redis-py client:      {_ms(floor.sync_rtt):>24}   {floor.sync_per_s:>7,.0f} XADD+XRANGE/s   "
          f"{floor.sync_cpu_us:4.0f} us client CPU per Redis command")
    for name, tasks, note in (("one redis.asyncio pool:", floor.pooled, "(the API's other commands)"),
                              ("one pipelined connection:", floor.piped, "(service.redis.pipe: the API's moves)")):
        print(f"  {floor.tasks} tasks, {name:26s} {_ms(tasks.rtt):>18}   {tasks.per_s:>7,.0f} XADD+XRANGE/s   "
              f"{tasks.cpu_us:4.0f} us client CPU per Redis command {note}")


# ---------------------------------------------------------------- main


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=20.0, help="measuring window per run (default 20)")
    parser.add_argument("--warmup", type=float, default=3.0, help="warm-up before the window (default 3)")
    parser.add_argument("--clients", type=int, default=100, help="concurrent bot clients (default 100)")
    parser.add_argument("--mode", default="turn,poll",
                        help="comma-separated: turn, poll (default: both), classic, drivers (see the module's docstring)")
    parser.add_argument("--api-workers", default="2,1", help="API process counts to compare (default 2,1)")
    parser.add_argument("--rate", default="0,1000",
                        help="comma-separated offered commands/s, 0 = as fast as answered (default 0,1000)")
    parser.add_argument("--arrivals", choices=ARRIVALS, default="poisson",
                        help="how a paced run spaces the moves it offers (default poisson; see ARRIVALS)")
    parser.add_argument("--redis-url", default=None, help="use this Redis instead of the embedded one")
    parser.add_argument("--store", default="embedded",
                        help="comma-separated: embedded (one Redis: --redis-url or the embedded one) and/or "
                             "cluster (a 3-master Redis Cluster started here, tests/redis_cluster.py, with "
                             "REDIS_CLUSTER=1 and the queues on a Redis of their own); default embedded")
    parser.add_argument("--url", default=None,
                        help="load a server started elsewhere (its CPU is not measured; --api-workers is ignored)")
    parser.add_argument("--floor-seconds", type=float, default=3.0, help="length of each raw Redis loop")
    parser.add_argument("--clock", choices=tuple(CLOCKS), default="none",
                        help="match time control: none (default) or Trax's default one-grace clock (timers on)")
    parser.add_argument("--root", default=ROOT, help="the checkout whose server to run (default: this one)")
    args = parser.parse_args()

    modes = [m.strip() for m in args.mode.split(",") if m.strip()]
    counts = [int(n) for n in args.api_workers.split(",") if n.strip()] if not args.url else [0]
    rates = [float(r) for r in args.rate.split(",") if r.strip()]
    options = CLOCKS[args.clock]
    root = os.path.abspath(args.root)
    try:
        commit = subprocess.run(["git", "-C", root, "describe", "--always", "--dirty"], capture_output=True,
                                text=True, timeout=10).stdout.strip()
    except OSError:
        commit = ""
    print(f"os.cpu_count() = {os.cpu_count()}: the load generator (this process, one uvloop, lean_http) shares "
          f"these cores with the API processes, Redis and the RQ worker.")
    before = machine_busy_ticks()
    time.sleep(1.0)
    idle_load = (machine_busy_ticks() - before) / os.sysconf("SC_CLK_TCK")
    print(f"before starting, the machine was already busy {idle_load:.2f} of {os.cpu_count()} cores (other jobs); "
          f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}.")
    print(f"server code: {root} ({commit or 'not a git checkout'}); Redis: "
          f"{'--redis-url ' + args.redis_url if args.redis_url else 'embedded (temporary DATA_DIR per run)'}; "
          f"match options {options}; long-poll wait={LONG_POLL_WAIT_S} s.")
    print(f"window {args.seconds:.0f} s after {args.warmup:.0f} s warm-up; modes: {', '.join(modes)} "
          f"(turn / poll / classic = {args.clients // 2} matches x 2 seat bots; "
          f"drivers = {args.clients} loops driving both seats of their own match); "
          f"offered commands/s: {', '.join(f'{r:,.0f}' if r else 'max (unpaced)' for r in rates)}\n")

    results: list[LoadResult] = []
    floor: RedisFloor | None = None
    stores = [name.strip() for name in args.store.split(",") if name.strip()]
    for store, count in [(store, count) for store in stores for count in counts]:
        for mode in modes:
            for rate in rates:
                if store == "cluster":
                    server = ClusterServer(count, root).start()
                else:
                    server = (RunningServer(args.url, args.redis_url) if args.url
                              else Server(count, args.redis_url, root)).start()
                try:
                    print(f"running {mode} at {f'{rate:,.0f} commands/s' if rate else 'full speed'} against "
                          f"{server.url} ({count} API process{'es' if count > 1 else ''}) ...", flush=True)
                    results.append(uvloop.run(run_load(server, mode, args.clients, args.warmup, args.seconds,
                                                       options, rate, args.arrivals)))
                    if floor is None and server.redis_url and args.floor_seconds > 0:
                        floor = asyncio.run(redis_floor(server.redis_url, args.floor_seconds, args.clients))
                finally:
                    if errors := server.log_errors():
                        print("  server log, whole run (set-up, warm-up, window, stop): "
                              + "; ".join(f"{n} x {line}" for line, n in errors.most_common(4)))
                    server.stop()
    print()
    print_table(results, args.clients)
    if floor:
        print()
        print_floor(floor)
    return 0


if __name__ == "__main__":
    sys.exit(main())
