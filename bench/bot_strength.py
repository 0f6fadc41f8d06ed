"""Is a built-in bot as strong on the workers as the rules library's at the same think time?

Run: ``.venv/bin/python bench/bot_strength.py [--game cairo] [--level 3] [--think-ms 1000]
[--library-think-ms T] [--games 6] [--workers 2] [--baseline ROOT] [--work-games N]``.

``--work-games N`` first measures what decides a search's strength, its work in the think time:
Cairo's level-3 search on the positions of ``N`` random games, in this process (the library), in
a play worker's thinker and in a child forked for it (the worker before issue 27), the surveys
each made in ``--think-ms``.

Starts the real server (``python -m service serve``, its embedded Redis, ``--workers`` play
workers, ``BOT_THINK_MS_<level>`` = ``--think-ms``) and plays ``--games`` matches, seats
alternating, between a built-in bot of ``--level`` on the workers and the same level of the
library (``domain.bots.bot``) in this process, given the same think time a move on the same clock
(or ``--library-think-ms``)
(``time.monotonic``) and fed the state its seat sees (``domain.<game>.from_view`` of the match
view). The two sides never think at once. Printed: the workers' bot's score (wins + half the
draws) with a 95 % Wilson interval -- equal strength is 50 % -- and its reply time per move
(from sending the library's move to holding the bot's reply: its queue, think, writes) against
the library's think per move. ``--baseline`` runs another checkout's server the same way after
this one's (A/B in one sitting).
"""

from __future__ import annotations

import argparse
import importlib
import math
import os
import sys
import time
import types

import httpx
import msgspec

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from http_load import ROOT, Server, percentiles  # noqa: E402

from domain import bots  # noqa: E402
from domain.registry import game_named  # noqa: E402


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion, in percent."""
    if n == 0:
        return 0.0, 100.0
    p = wins / n
    centre, spread = p + z * z / (2 * n), z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return 100 * (centre - spread) / (1 + z * z / n), 100 * (centre + spread) / (1 + z * z / n)


class Library:
    """The library's bot of one level, thinking ``think_ms`` a move."""

    def __init__(self, game: str, level: int, think_ms: int):
        self.rules, self.game = importlib.import_module(f"domain.{game}"), game_named(game)
        self.bot, self.think_s = bots.bot(self.game, level), think_ms / 1000
        self.thinks: list[float] = []

    def command(self, view: dict, seat: str, seed: int) -> dict:
        state = self.rules.from_view(view)
        started = time.monotonic()
        until = started + self.think_s
        [best, *_] = self.bot(state, seat, bots.Think(seed=seed, spent=lambda: time.monotonic() >= until))
        self.thinks.append(time.monotonic() - started)
        return msgspec.to_builtins(best)


def play_one(http: httpx.Client, library: Library, bot: str, game: str, n: int) -> tuple[float, list[float]]:
    """One match; the workers' bot's score (1, 0.5, 0) and its reply times."""
    seats = game_named(game).seats
    mine, theirs = (seats if n % 2 == 0 else seats[::-1])
    r = http.post("/accounts", json={"name": f"library{n}x{time.time_ns() % 10**6}"})
    me, headers = r.json()["id"], {"Authorization": f"Bearer {r.json()['token']}"}
    r = http.post("/matches", headers=headers, json={"game": game, "seats": {mine: me, theirs: bot},
                                                     "options": {"time": {"type": "none"}}, "rated": False})
    r.raise_for_status()
    url, replies = f"/matches/{r.json()['id']}", []
    while http.get(url, headers=headers).json()["invited"]:
        time.sleep(0.05)
    http.post(f"{url}/ready", headers=headers)
    give_up = time.monotonic() + 1800
    while time.monotonic() < give_up:
        view = http.get(url, headers=headers).json()
        if view["status"] in ("finished", "aborted"):
            winner = (view.get("result") or {}).get("winner")
            return (0.5 if winner is None else 1.0 if winner == theirs else 0.0), replies
        if mine not in view["to_move"]:
            http.get(f"{url}/events", params={"after": view["version"], "wait": 30}, headers=headers)
            continue
        command = library.command(view, mine, seed=n * 1000 + view["version"])
        started = time.monotonic()
        r = http.post(f"{url}/turn", params={"wait": 30, "expected_version": view["version"]}, json=command,
                      headers=headers)
        if r.status_code == 200 and r.json()["next"]["events"]:
            replies.append(time.monotonic() - started)
    raise RuntimeError(f"{url} did not end")


SURVEYS = [0]


def _counted(root_values):
    """``engine.root_values`` counting the surveys it makes (in whichever process runs it)."""
    def counting(*args):
        budget = args[8]
        before = int(budget[0])
        found = root_values(*args)
        SURVEYS[0] += before - max(0, int(budget[0]))
        return found
    return counting


def searched(state, seat: str, think_s: float) -> int:
    """The surveys Cairo's level 3 makes in ``think_s`` from ``state`` (in this process)."""
    SURVEYS[0] = 0
    until = time.monotonic() + think_s
    bots.bot(game_named("cairo"), 3)(state, seat, bots.Think(seed=1, spent=lambda: time.monotonic() >= until))
    return SURVEYS[0]


def search_work(args) -> None:
    """Cairo's level-3 search work at the same think time, in this process (the library), in a
    play worker's thinker (:mod:`workers.thinkers`, forked after the same warm-up) and in a child
    forked for the search (before issue 27), one after the other on each position of a few random
    games."""
    import random

    from domain.cairo import CAIRO, Place
    from domain.cairo import search as cairo_search  # (its compiled engine, to count the work)
    from domain.game import Context
    from workers.thinkers import Thinkers

    game_named("cairo").warm_up()
    counted = types.SimpleNamespace(**{n: getattr(cairo_search.engine, n) for n in dir(cairo_search.engine)})
    counted.root_values = _counted(cairo_search.engine.root_values)
    cairo_search.engine = counted
    pool = Thinkers(size=1)
    pool.start()
    from workers.limits import run_limited

    rng, library, worker, forked = random.Random(7), [], [], []
    try:
        for _ in range(args.work_games):
            state = CAIRO.begin(CAIRO.initial(CAIRO.Options(), 0), 0)
            for ply in range(0, 30, 3):
                while len(state.moves) < ply and state.result is None:
                    seat = CAIRO.seats[len(state.moves) % 2]
                    move = rng.choice(CAIRO.legal_moves(state, seat))
                    for event in CAIRO.decide(state, Place(cell=move), Context(now=0, seat=seat)):
                        state = CAIRO.evolve(state, event)
                if state.result is not None:
                    break
                seat = CAIRO.seats[len(state.moves) % 2]
                library.append(searched(state, seat, args.think_ms / 1000))
                worker.append(pool.run(searched, (state, seat, args.think_ms / 1000), args.think_ms / 1000 + 5).value)
                forked.append(run_limited(searched, (state, seat, args.think_ms / 1000), args.think_ms / 1000 + 5).value)
    finally:
        pool.close()
    print(f"cairo level 3, {args.think_ms} ms a search, {len(library)} positions, surveys made (the search's work):")
    for name, done in (("a worker's thinker (today)", worker), ("a child forked per turn (before)", forked)):
        ratio = sorted(w / max(1, lib) for w, lib in zip(done, library))
        print(f"  {name}: p50 {percentiles(done)['p50']:.0f} against the library's {percentiles(library)['p50']:.0f}; "
              f"per position, its / the library's: p50 {ratio[len(ratio) // 2]:.2f} "
              f"(p10 {ratio[len(ratio) // 10]:.2f}, p90 {ratio[len(ratio) * 9 // 10]:.2f})", flush=True)


def run(args, root: str, label: str) -> None:
    env = {f"BOT_THINK_MS_{max(args.level, 1)}": str(args.think_ms)}
    server = Server(api_workers=1, redis_url=None, workers=args.workers, root=root, env=env).start()
    library = Library(args.game, args.level, args.library_think_ms or args.think_ms)
    scores, replies = [], []
    try:
        with httpx.Client(base_url=server.url, timeout=60) as http:
            bot = next(b["id"] for b in http.get("/bots").json() if b["level"] == args.level)
            for n in range(args.games):
                score, times = play_one(http, library, bot, args.game, n)
                scores.append(score)
                replies += times
                print(f"  game {n + 1}: workers' bot {score:g}", flush=True)
    finally:
        server.stop()
    low, high = wilson(sum(scores), len(scores))
    reply = percentiles([t * 1000 for t in replies])
    think = percentiles([t * 1000 for t in library.thinks])
    print(f"[{label}: {root}] {args.game} level {args.level}, {args.think_ms} ms a move on the workers, "
          f"{library.think_s * 1000:.0f} ms in the library, {args.workers} play workers, "
          f"{os.cpu_count()} cores: the workers' bot scored {sum(scores):g} of {len(scores)} "
          f"({100 * sum(scores) / max(1, len(scores)):.0f} %, 95 % CI {low:.0f}-{high:.0f} %; equal strength: 50 %)")
    print(f"  workers' bot reply ms p50 {reply['p50']:.0f} max {reply['max']:.0f}; "
          f"library's think ms p50 {think['p50']:.0f} max {think['max']:.0f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="cairo")
    parser.add_argument("--level", type=int, default=3)
    parser.add_argument("--think-ms", type=int, default=1000)
    parser.add_argument("--library-think-ms", type=int, default=0, help="the library's, if not --think-ms")
    parser.add_argument("--games", type=int, default=6, help="matches against the server (0: none)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--baseline", default="", help="another checkout's root, run after this one (A/B)")
    parser.add_argument("--work-games", type=int, default=0,
                        help="first compare the search's work in the library and in a thinker over N games")
    args = parser.parse_args()
    if args.work_games:
        search_work(args)
    for root, label in [(ROOT, "this checkout")] + ([(args.baseline, "baseline")] if args.baseline else []):
        if args.games:
            run(args, root, label)


if __name__ == "__main__":
    main()
