"""Trax move-generation speed: ``trax.perft`` (compiled, issue 30) from the empty board, depth 4 up.

Run: ``.venv/bin/python bench/trax_perft.py [max_depth]`` (default 6). perft(4) must be 9,568 (the
rules file's reference figure); the target for perft(6) (7,209,480) is 2 s or less.
"""

from __future__ import annotations

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from domain.trax import new_game, perft  # noqa: E402

REFERENCE = {1: 2, 2: 24, 3: 432, 4: 9_568, 5: 246_888, 6: 7_209_480}


def main(max_depth: int = 6) -> int:
    ok = True
    for depth in range(4, max_depth + 1):
        started = time.perf_counter()
        count = perft(new_game(), depth)
        seconds = time.perf_counter() - started
        expected = REFERENCE.get(depth)
        check = "" if expected is None else "  (reference: ok)" if count == expected else f"  (expected {expected:,}!)"
        print(f"perft({depth}) = {count:>10,}  in {seconds:6.3f} s  ({count / seconds:,.0f} moves/s){check}")
        ok &= expected is None or count == expected
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 6))
