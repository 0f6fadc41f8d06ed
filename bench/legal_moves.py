"""What a legal-move listing costs the API: one page (the default 200) against the whole list in
one answer (what every listing was before it was paged), for the longest listing there is -- an open
18x18 Deep Sea Voyage board -- and for the other games' opening positions; and a page as the API
lists it now, each move with the command that makes it, next to the page of bare notation it
listed before. Baselines side by side in the same run; CPU time of the listing and its JSON, as
``GET /legal-moves`` makes them.

    .venv/bin/python bench/legal_moves.py [--repeat 30]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

import msgspec

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from domain import match as lifecycle  # noqa: E402
from domain.game import Context  # noqa: E402
from domain.registry import game_named  # noqa: E402
from service.api.views import LEGAL_MOVES_PAGE, listed  # noqa: E402

SETUPS = {
    "deepsea 18x18": ("deepsea", {"boards": ["random:19"] * 3}),
    "trax": ("trax", {}),
    "duorail": ("duorail", {}),
    "monunrail": ("monunrail", {}),
    "cairo": ("cairo", {}),
}


def opening(name: str, options: dict):
    """The game's state where its first seat has a listing to make (Deep Sea: board 1 selected)."""
    game = game_named(name)
    seats = {seat: f"p{i}" for i, seat in enumerate(game.seats)}
    state = None
    for event in lifecycle.decide_create("bench", game, options, seats, now=0, seed=1, pregame_ms=1_000):
        state = lifecycle.evolve(game, state, event)
    for account in seats.values():
        for event in lifecycle.decide(game, state, lifecycle.Ready(), Context(now=0, account=account)):
            state = lifecycle.evolve(game, state, event)
    now = 0
    while (due := lifecycle.deadline(game, state)) is not None and not game.to_move(state.game):
        now = due.at  # (Deep Sea Voyage's pregame)
        for event in lifecycle.decide(game, state, lifecycle.Timeout(key=due.key), Context(now=now, system=True)):
            state = lifecycle.evolve(game, state, event)
    move = next((c for c in game.commands if c.__struct_config__.tag == "deepsea_move"), None)
    while name == "deepsea" and (seat := next(iter(game.to_move(state.game)))) and \
            str(game.legal_moves(state.game, seat)[0]).startswith("select"):  # each side selects a board
        command = move(game.legal_moves(state.game, seat)[0])
        for event in lifecycle.decide(game, state, command, Context(now=now, account=seats[seat])):
            state = lifecycle.evolve(game, state, event)
    seat = next(iter(game.to_move(state.game)))
    return game, state, seat


def timed(work, repeat: int) -> tuple[float, int]:
    """Median milliseconds of ``work()`` and the size of what it returned."""
    times, size = [], 0
    for _ in range(repeat):
        started = time.process_time()
        size = len(work())
        times.append((time.process_time() - started) * 1000)
    return statistics.median(times), size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    print(f"{'listing':<16} {'moves':>7} {'whole list: ms':>15} {'KB':>8}   {'a page of 200: ms':>18} {'KB':>6}"
          f"   {'with commands: ms':>18} {'KB':>6}")
    for label, (name, options) in SETUPS.items():
        game, state, seat = opening(name, options)

        def whole() -> bytes:
            return msgspec.json.encode({"moves": list(game.legal_moves(state.game, seat))})

        def page() -> bytes:
            moves = game.legal_moves(state.game, seat)
            return msgspec.json.encode({"moves": list(moves[:LEGAL_MOVES_PAGE]), "total": len(moves)})

        def page_of_commands() -> bytes:
            moves = lifecycle.legal_commands(game, state, seat)
            return msgspec.json.encode({"moves": listed(moves[:LEGAL_MOVES_PAGE]), "total": len(moves)})

        count = len(game.legal_moves(state.game, seat))
        whole_ms, whole_bytes = timed(whole, args.repeat)
        page_ms, page_bytes = timed(page, args.repeat)
        commands_ms, commands_bytes = timed(page_of_commands, args.repeat)
        print(f"{label:<16} {count:>7} {whole_ms:>15.2f} {whole_bytes / 1000:>8.1f}   {page_ms:>18.2f} "
              f"{page_bytes / 1000:>6.1f}   {commands_ms:>18.2f} {commands_bytes / 1000:>6.1f}")


if __name__ == "__main__":
    main()
