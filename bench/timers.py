"""Deadline timers under load: how late the workers end matches whose players never move.

Run: ``.venv/bin/python bench/timers.py [--matches 500] [--spread-s 20] [--workers 1] [--store embedded|cluster]
[--root CHECKOUT]``.

Starts the real server (``python -m service serve``, its embedded Redis and workers), creates
``--matches`` Trax matches (organizer bulk requests, 200 at a time) between pairs of 20 accounts
with the one-grace clock -- 15 s a move, and a grace of 15 s plus a spread over ``--spread-s`` -- and readies
them, so that every white player runs out: with its grace unused the turn may last the whole grace,
and at its deadline the timer ends the match. Nobody reads a match until every deadline is
past (a read applies an overdue timeout itself): then each match's ``timed_out`` event is read from
the store, and its recorded time is compared with the deadline the match showed at its start.
Printed: lateness p50/p90/p99/max in ms, how many fired early (should be none) or never, and the
issue's target beside them (p99 <= 250 ms, max <= 1 s).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import httpx
import msgspec
import redis
from redis.cluster import RedisCluster

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from http_load import ClusterServer, Server, percentiles  # noqa: E402

from service.matches.event_store import stream_key  # noqa: E402

ADMIN_TOKEN = "bench-timers-admin-token-0123456789"
PLAYERS = 20
PER_MOVE_MS = 15_000
"""Long enough for every match to be readied (and read once) before the first turn runs out."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=500)
    parser.add_argument("--spread-s", type=float, default=20)
    parser.add_argument("--workers", type=int, default=1, help="workers of the play pool (timers have their own)")
    parser.add_argument("--root", default=None, help="run the server of another checkout (an A/B baseline)")
    parser.add_argument("--store", choices=("embedded", "cluster"), default="embedded",
                        help="the embedded Redis, or a 3-master Redis Cluster started here (queues apart)")
    args = parser.parse_args()
    roots = {"root": args.root} if args.root else {}
    env = {"ADMIN_TOKEN": ADMIN_TOKEN, "RATE_LIMIT": "0", "RATE_LIMIT_ACCOUNT": "0"}
    if args.store == "cluster":
        server = ClusterServer(1, **roots, workers=args.workers, env=env).start()
    else:
        server = Server(api_workers=1, redis_url=None, workers=args.workers, **roots, env=env).start()
    try:
        late, missing = run(server, args)
    finally:
        server.stop()
    early = [ms for ms in late if ms < 0]
    p = percentiles(late)
    print(f"{args.root or 'this checkout'} ({args.store} store): {args.matches} matches timing out over {args.spread_s:.0f} s, {args.workers} play worker(s) "
          f"+ the timers worker, {os.cpu_count()} cores")
    print("  lateness ms: " + "  ".join(f"{k} {v:.0f}" for k, v in p.items())
          + f"   early {len(early)}, never fired {missing}   (target p99 <= 250, max <= 1000, none early)")


def run(server: Server, args) -> tuple[list[float], int]:
    admin = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
    with httpx.Client(base_url=server.url, timeout=60) as http:
        players = []
        for n in range(PLAYERS):
            r = http.post("/accounts", json={"name": f"timer{n}"})
            players.append((r.json()["id"], {"Authorization": f"Bearer {r.json()['token']}"}))
        bodies = []
        for n in range(args.matches):
            white, red = players[n % PLAYERS], players[(n + 1 + n // PLAYERS) % PLAYERS]
            if white == red:
                red = players[(n + 2) % PLAYERS]
            grace = PER_MOVE_MS + int(args.spread_s * 1000 * n / args.matches)  # (never shorter than a move)
            bodies.append(({"game": "trax", "seats": {"white": white[0], "red": red[0]},
                            "options": {"time": {"type": "one_grace", "per_move_ms": PER_MOVE_MS, "grace_ms": grace}}},
                           white, red, grace))
        matches = []
        for first in range(0, len(bodies), 200):
            chunk = bodies[first:first + 200]
            r = http.post("/matches/bulk", json={"matches": [b for b, *_ in chunk]}, headers=admin)
            if r.status_code != 201:
                raise RuntimeError(f"cannot create the matches: {r.status_code} {r.text[:300]}")
            matches += [(view["id"], white, red, grace) for view, (_, white, red, grace) in zip(r.json(), chunk)]
        due = {}
        for match_id, white, red, _grace in matches:
            http.post(f"/matches/{match_id}/ready", headers=white[1]).raise_for_status()
            http.post(f"/matches/{match_id}/ready", headers=red[1]).raise_for_status()
            first = http.get(f"/matches/{match_id}").json()["deadline"]  # read long before it is due
            due[match_id] = first["at"]  # (an unused grace is the whole time for the move: S + grace)
    time.sleep(max(0.0, (max(due.values()) - time.time() * 1000) / 1000) + 5)
    store = (RedisCluster.from_url(server.redis_url) if getattr(server, "store", None) == "cluster"
             else redis.Redis.from_url(server.redis_url))
    late, missing = [], 0
    for match_id, at in due.items():
        fired = [msgspec.json.decode(f[b"e"]) for _, f in store.xrange(stream_key(match_id))]
        times = [e["at"] for e in fired if e["event"]["type"] == "timed_out"]
        if times:
            late.append(times[0] - at)
        else:
            missing += 1
    return late, missing


if __name__ == "__main__":
    main()
