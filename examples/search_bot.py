"""A tiny search bot: it plays Cairo Corridor on the server with the Python SDK (``client/``) and
chooses its moves with the rules library (``domain.cairo``, docs/library.md) on its own machine.

Usage::

    python examples/search_bot.py --api http://127.0.0.1:8000 --token "$BOB_TOKEN" [--once]

For each turn it rebuilds the position from the match's moves (``new_game`` then ``play``), tries
every legal move with ``play`` and ``result``, and picks one that wins at once; else one after
which the opponent cannot win at once; else any. It accepts every Cairo challenge and leaves other
games alone.
"""

from __future__ import annotations

import argparse
import random
from typing import Any

from deathmatch_client import Client, Turn, run_bot

from domain import cairo


def position(match_options: dict[str, Any], moves: list[str]) -> Any:
    """The library's state after ``moves`` (the match view's list, oldest first)."""
    state = cairo.new_game(match_options)
    for move in moves:
        state = cairo.play(state, cairo.to_act(state)[0], move)
    return state


def wins_for(state: Any, seat: str) -> bool:
    found = cairo.result(state)
    return found is not None and found.winner == seat


def choose(state: Any, seat: str, seed: int = 0) -> str:
    """One-ply look-ahead: a move that wins at once, else one the opponent cannot answer with a
    win at once, else any legal move (in notation)."""
    moves = list(cairo.legal_moves(state, seat))
    random.Random(seed).shuffle(moves)
    safe = []
    for move in moves:
        after = cairo.play(state, seat, move.command)
        if wins_for(after, seat):
            return move.move
        if cairo.result(after) is not None:
            continue  # a move that ends the game without winning it: a loss, or at best a draw
        opponent = cairo.to_act(after)[0]
        if not any(wins_for(cairo.play(after, opponent, reply.command), opponent)
                   for reply in cairo.legal_moves(after, opponent)):
            safe.append(move.move)
    return (safe or [m.move for m in moves])[0]


def play(client: Client, turn: Turn) -> None:
    """The chosen move in a Cairo match (the loop is :func:`run_bot`'s)."""
    match = client.match(turn.match_id)
    state = position(match.options, match.state["moves"])
    move = choose(state, match.you, seed=match.version)
    client.command(turn.match_id, {"type": "cairo_place", "cell": move}, expected_version=match.version)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--api", default="http://127.0.0.1:8000")
    parser.add_argument("--token", required=True)
    parser.add_argument("--once", action="store_true", help="stop when no unfinished match is left")
    args = parser.parse_args()
    with Client(args.api, args.token) as bot:
        run_bot(bot, play, once=args.once, games={"cairo"})
