"""What a practice position costs (``POST /games/{game}/positions``, the tutorials' board): the
moves replayed from the start, the legal moves listed and the board drawn, in process, against the
baseline of a real match's legal moves and drawing of the same position (what ``GET
/matches/{id}/legal-moves`` and ``board.svg`` compute). Figures printed, never asserted.

    .venv/bin/python bench/practice_positions.py
"""

from __future__ import annotations

import statistics
import time

from domain.match import parse_options
from domain.registry import game_named
from domain.terms import Viewer
from domain.worked_examples import Instruction, play_instructions

EVERYTHING = Viewer(organizer=True)
CASES = [
    ("trax", "a loop closed (7 moves)", {}, [("white", "@0+"), ("red", "@1+"), ("white", "B0/"), ("red", "@2/"),
                                               ("white", "C0\\"), ("red", "A2\\"), ("white", "@3\\")], None),
    ("cairo", "18 moves", {}, [(("first", "second")[i % 2], c) for i, c in enumerate(
        "Nr Al Mr El Pd Id Pr Md Jr Kr Tr Od Kd Lu Ll Jd Ir Or".split())], None),
    ("monunrail", "the unrail phase", {}, [("first", "D3 RD, E3 DL"), ("second", "D5 UR, E5 LU")], None),
    ("deepsea", "placements after two selections", {"boards": ["lagoon"] * 3},
     [("empire", "select 1"), ("marauder", "select 2")], "empire"),
]


def timed(run, repeat: int = 20) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    print(f"{'game':10} {'position':34} {'practice ms':>12} {'baseline ms':>12}  moves listed")
    for name, what, options, moves, seat in CASES:
        game = game_named(name)
        typed = parse_options(game, options)
        instructions = [Instruction("move", m, seat=s) for s, m in moves]
        state = None
        for step in play_instructions(game, typed, instructions):
            state = step.state
        who = seat or (game.to_move(state)[0] if game.to_move(state) else None)

        def practice():
            last = None
            for step in play_instructions(game, typed, instructions):
                last = step.state
            listed = list(game.legal_commands(last, who)) if who else []
            game.svg(last, EVERYTHING)
            return listed

        def baseline():  # the position already there: its legal moves and its drawing
            if who:
                list(game.legal_commands(state, who))
            game.svg(state, EVERYTHING)

        count = len(practice())
        print(f"{name:10} {what:34} {timed(practice):12.2f} {timed(baseline):12.2f}  {count}")


if __name__ == "__main__":
    main()
