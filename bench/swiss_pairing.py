"""How long the Swiss pairing (one blossom matching per round, domain/tournaments/swiss.py) takes.

Run: ``.venv/bin/python bench/swiss_pairing.py [--players 64,256] [--rounds 6] [--seed 1]``.

Plays a Swiss of each size with seeded random results (a draw in one game of ten) and times each
round's pairing (``advance``: the blossom over every pair of players). Printed per size: the rounds'
pairing time min/median/max, the rematches paired (0 expected) and the largest seat imbalance
(|games first - games second|; 1 expected).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from domain.tournaments import advance, create, pairings, record


def run(n: int, rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    players = [f"p{i:03d}" for i in range(n)]
    started = time.perf_counter()
    t = create("swiss", players, seed=seed, options={"rounds": rounds})
    times = [time.perf_counter() - started]
    while True:
        for p in pairings(t):
            t = record(t, p.round, p.table, None if rng.random() < 0.1 else rng.choice(p.seats))
        if t.rounds[-1].number == rounds:
            break
        started = time.perf_counter()
        t = advance(t)
        times.append(time.perf_counter() - started)
    seen, rematches, balance = set(), 0, {p: 0 for p in players}
    for r in t.rounds:
        for p in r.pairings:
            rematches += frozenset(p.seats) in seen
            seen.add(frozenset(p.seats))
            balance[p.seats[0]] += 1
            balance[p.seats[1]] -= 1
    print(f"{n} players, {rounds} rounds: pairing a round min {min(times) * 1000:.0f} ms, "
          f"median {statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms; "
          f"rematches {rematches}; largest seat imbalance {max(map(abs, balance.values()))}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="64,256")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for n in map(int, args.players.split(",")):
        run(n, args.rounds, args.seed)


if __name__ == "__main__":
    main()
