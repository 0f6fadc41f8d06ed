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
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import time

import httpx

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from http_load import ROOT, Server, percentiles  # noqa: E402

TARGET_P99_MS = 200.0
SEATS = {"trax": ("white", "red"), "cairo": ("first", "second"), "duorail": ("blue", "red")}


class Person:
    """One client: an account, its matches against one bot, its reply times."""

    def __init__(self, http: httpx.AsyncClient, n: int, game: str, bot: str, pause_ms: tuple[int, int]):
        self.http, self.n, self.game, self.bot, self.pause_ms = http, n, game, bot, pause_ms
        self.rng = random.Random(n)
        self.replies: list[float] = []
        self.errors: list[str] = []
        self.matches = 0

    async def sign_up(self) -> None:
        r = await self.http.post("/accounts", json={"name": f"person{self.n}"})
        r.raise_for_status()
        self.id, self.headers = r.json()["id"], {"Authorization": f"Bearer {r.json()['token']}"}

    async def play(self, until: float, counting_from: float) -> None:
        while time.monotonic() < until:
            try:
                await self.one_match(until, counting_from)
            except (httpx.HTTPError, KeyError, ValueError) as error:
                self.errors.append(f"{type(error).__name__}: {error}"[:120])
                await asyncio.sleep(1)

    async def one_match(self, until: float, counting_from: float) -> None:
        mine, theirs = SEATS[self.game] if (self.n + self.matches) % 2 == 0 else SEATS[self.game][::-1]
        r = await self.http.post("/matches", headers=self.headers, json={
            "game": self.game, "seats": {mine: self.id, theirs: self.bot}, "options": {"time": {"type": "none"}}})
        if r.status_code != 201:
            raise ValueError(f"create {r.status_code} {r.text[:80]}")
        url = f"/matches/{r.json()['id']}"
        self.matches += 1
        while (await self.http.get(url, headers=self.headers)).json()["invited"]:  # the bot accepts by itself
            await asyncio.sleep(0.05)
        await self.http.post(f"{url}/ready", headers=self.headers)
        while time.monotonic() < until:
            view = (await self.http.get(url, headers=self.headers)).json()
            if view["status"] in ("finished", "aborted"):
                return
            if mine not in view["to_move"]:
                await asyncio.sleep(0.05)  # the bot moves first, or its reply came after the wait
                continue
            moves = (await self.http.get(f"{url}/legal-moves", headers=self.headers)).json()["moves"]
            await asyncio.sleep(self.rng.uniform(*self.pause_ms) / 1000)
            started = time.monotonic()
            r = await self.http.post(f"{url}/turn", params={"wait": 10, "expected_version": view["version"]},
                                     json=self.rng.choice(moves)["command"], headers=self.headers)
            took = time.monotonic() - started
            if r.status_code != 200:
                self.errors.append(f"turn {r.status_code} {r.json().get('code')}")
                continue
            following = r.json()["next"]["events"]
            if started >= counting_from and following:  # (none: its own move ended the match)
                self.replies.append(took)


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


async def run(args, root: str, label: str) -> None:
    server = Server(api_workers=args.api_workers, redis_url=None, workers=args.workers, root=root).start()
    try:
        limits = httpx.Limits(max_connections=args.matches + 10, max_keepalive_connections=args.matches + 10)
        async with httpx.AsyncClient(base_url=server.url, timeout=30, limits=limits) as http:
            bots = [b["id"] for b in (await http.get("/bots")).json() if b["level"] == args.level]
            warm = await bots_answer(http, bots[-1])
            games = args.game.split(",")
            people = [Person(http, n, games[n % len(games)], bots[n % len(bots)],
                             tuple(int(ms) for ms in args.pause_ms.split(","))) for n in range(args.matches)]
            await asyncio.gather(*(p.sign_up() for p in people))
            started = time.monotonic()
            counting_from, until = started + args.warmup, started + args.warmup + args.seconds
            await asyncio.gather(*(p.play(until, counting_from) for p in people))
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
