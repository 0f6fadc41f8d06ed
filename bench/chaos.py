"""The long chaos run of issue 19 on a 3-master Redis Cluster, printing its counts.

Run: ``.venv/bin/python bench/chaos.py [--seconds 300] [--players 4] [--seed 1]``

Two API processes, two workers, a 3-master cluster (AOF, ``appendfsync always``) and a plain Redis
for the queues, all on this machine; a bounded load of player-driven, bot and clocked games while,
in turn, an API process, the worker holding the scheduler, another worker and a Redis master are
killed with SIGKILL and replaced (:mod:`tests.chaos` says what is checked). CI runs a 45-second
one (``tests/cluster/test_chaos.py``). Exits 1 if anything was lost, repeated or left unfinished.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
from tests.chaos import run  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=300)
    parser.add_argument("--players", type=int, default=4, help="clients driving player-vs-player games at once")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="chaos-") as folder:
        counts = run(Path(folder), seconds=args.seconds, players=args.players, seed=args.seed)
    print(f"chaos run of {args.seconds:.0f} s load ({time.monotonic() - started:.0f} s in all), seed {args.seed}")
    print(f"  kills (SIGKILL, in turn): {', '.join(counts.kills)}")
    print(f"  matches: {dict(counts.matches)}")
    print(f"  moves acknowledged: {counts.acknowledged}; requests sent again: {counts.resent} "
          f"(503 answers: {counts.unavailable})")
    print(f"  timers fired: {counts.timers_fired} (twice: {counts.timers_twice}, timer matches never ended "
          f"by one: {counts.timers_never})")
    print(f"  acknowledged moves lost: {counts.lost}; versions with a gap or a repeat: {counts.gaps_or_repeats}")
    print(f"  unfinished matches: {counts.unfinished}; replayed differently: {counts.replay_differs}; "
          f"listings changed by rebuild-read-models: {counts.rebuild_differs}")
    for problem in counts.problems[:20]:
        print("  problem:", problem)
    return 1 if counts.failures() else 0


if __name__ == "__main__":
    sys.exit(main())
