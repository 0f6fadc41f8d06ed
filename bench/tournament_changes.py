"""What a tournament change and a tournament read cost: a sign-up change (one compare-and-set that
also appends its event to the tournament's stream and publishes), reading the stream, and the
``refresh`` every read of a tournament makes (each unfinished match of the open round is read).

Run: ``.venv/bin/python bench/tournament_changes.py [--changes 400] [--players 64]`` (an embedded
Redis in a temporary folder; ``REDIS_URL`` to use another). Prints the median and 90th percentile
in milliseconds.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from service.redis.embedded import EmbeddedRedis  # noqa: E402
from service.settings import Settings  # noqa: E402
from service.tournaments.acts import TournamentActs  # noqa: E402
from service.wiring import connect  # noqa: E402


def summary(name: str, times: list[float]) -> None:
    ms = sorted(t * 1000 for t in times)
    print(f"{name:<44} median {statistics.median(ms):7.3f} ms   p90 {ms[int(len(ms) * 0.9)]:7.3f} ms   (n={len(ms)})")


async def bench(url: str, changes: int, players: int) -> None:
    services = connect(Settings(redis_url=url, tournament_max_players=max(64, players)))
    try:
        names = [f"b{os.getpid()}x{n}" for n in range(players)]
        accounts = [(await services.accounts.create(name))[0].id for name in names]
        acts = TournamentActs(services.tournaments, services.accounts, services.consents)
        common = dict(organizer="a_admin", format="round_robin", game="trax", game_options={}, seat_rule="pairing",
                      format_options={}, schedule=None, registration_closes_at=None)
        signup = await acts.create(name="bench sign-up", players=[], registration=True, **common)
        times = []
        for n in range(changes):
            started = time.perf_counter()
            if n % 2 == 0:
                await acts.join(signup.id, accounts[0])
            else:
                await acts.leave(signup.id, accounts[0], by=accounts[0])
            times.append(time.perf_counter() - started)
        summary("sign-up change (CAS + event + publish)", times)
        times = []
        for _ in range(200):
            started = time.perf_counter()
            await services.tournaments.stream.events(signup.id, "0-0", 200)
            times.append(time.perf_counter() - started)
        summary("read 200 events of the stream", times)
        await services.redis.srem("tournaments-registering:a_admin", signup.id)

        created = await acts.create(name="bench league", players=accounts, registration=False, **common)
        times = []
        for _ in range(50):
            started = time.perf_counter()
            await services.tournaments.refresh(created.id)
            times.append(time.perf_counter() - started)
        summary(f"refresh, {players} players ({players // 2} matches open)", times)
    finally:
        await services.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--changes", type=int, default=400)
    parser.add_argument("--players", type=int, default=64)
    args = parser.parse_args()
    if url := os.environ.get("REDIS_URL"):
        asyncio.run(bench(url, args.changes, args.players))
        return
    with tempfile.TemporaryDirectory() as folder:
        server = EmbeddedRedis(folder)
        try:
            asyncio.run(bench(server.start(), args.changes, args.players))
        finally:
            server.stop()


if __name__ == "__main__":
    main()
