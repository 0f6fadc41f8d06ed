"""Duorail's level-3 search, cap-bound: the time of its decisions with no think limit (each stops at
its own cap, :data:`domain.duorail.bot.SEARCH_CAP` positions), so that two versions of the code are
compared on the same work, whatever the machine's load does to a think-time budget.

Run: ``.venv/bin/python bench/duorail_search.py [--positions N]``. Builds ``N`` positions of play
(default 4) by level 2's moves from the start (10, 16, 22... plies), then times one level-3
decision on each and prints the total and the moves chosen (equal moves: the same search). To
compare with an older version, run this file from a checkout of it (``git worktree add``).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from domain import duorail  # noqa: E402
from domain.bots import Think, bot  # noqa: E402


def positions(count: int) -> list[duorail.DuorailState]:
    found = []
    for n in range(count):
        state = duorail.new_game()
        for ply in range(10 + 6 * n):
            seat = duorail.to_act(state)[0]
            state = duorail.play(state, seat, bot(duorail.GAME, 2)(state, seat, Think(seed=ply))[0])
            if state.phase != "play":
                break
        if state.phase == "play":
            found.append(state)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=4)
    args = parser.parse_args()
    states = positions(args.positions)
    search = bot(duorail.GAME, 3)
    search(states[0], duorail.to_act(states[0])[0], Think(seed=0))  # compiled code loaded
    started, moves = time.perf_counter(), []
    for state in states:
        moves.append(search(state, duorail.to_act(state)[0], Think(seed=1))[0].move)
    print(f"{len(states)} level-3 decisions, cap-bound: {time.perf_counter() - started:.2f} s; moves {moves}")


if __name__ == "__main__":
    main()
