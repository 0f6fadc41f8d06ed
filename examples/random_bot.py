"""A complete bot: it plays random legal moves in every match where it is seated, in any game this
server plays (Trax, Duorail, MonUnrail, Cairo Corridor, Deep Sea Voyage), with the Python SDK
(``pip install ./client``).

Usage::

    python examples/random_bot.py --api http://127.0.0.1:8000 --token "$BOB_TOKEN" [--once]

It accepts every challenge it receives, asks the server which matches wait on it
(``my_turns()``), acts in each (ready, choose a seat, or a random legal move, sent with a fresh
Idempotency-Key, so a retry can never play twice), and when nothing waits on it, waits for the
next item of its account stream (``iter_account_stream()``, which reconnects by itself).
"""

from __future__ import annotations

import argparse
import random

from deathmatch_client import Client, LegalMove, Match, ProblemError, Turn, run_bot


SPECIAL = ("swap", "impossible", "mulligan")
"""Moves a random bot leaves alone while it has others (and Multicolor's items, ``use ...``)."""


def commands_for(match: Match, moves: list[LegalMove]) -> list[dict]:
    """Commands to try, in order, for the seat to play: random legal moves (each listed move
    carries the command that makes it)."""
    game, state = match.game, match.state
    random.shuffle(moves)
    ordinary = [m.command for m in moves if m.move not in SPECIAL and not m.move.startswith("use ")]
    if game == "duorail" and state["phase"] in ("challenge", "endgame"):  # a random bot has no track to show
        return [] if state.get("my_submission") else ordinary[:1]  # the listed "no track"
    if game == "monunrail":  # the hidden supply may refuse every build
        return ordinary[:7] + [m.command for m in moves if m.move == "impossible"]
    if game == "deepsea":
        if state["phase"] == "routes":  # the routes are found from the view: a breadth-first search
            return [] if state["your_routes"] else [{"type": "deepsea_submit_routes",
                                                     "routes": shortest_routes(state, match.you)}]
        if state["your_action"]:
            return []
    return ordinary[:1] or [m.command for m in moves[:1]]


SHIPS = {"empire": ("red", "white"), "marauder": ("blue", "black")}


def shortest_routes(state: dict, side: str) -> dict:
    """Deep Sea Voyage: a shortest route for each of ``side``'s ships on every board not lost,
    found from the match view alone (``{"1": {"red": "A13 B13 ... G12", ...}, ...}``)."""
    routes = {}
    for board in state["boards"]:
        if board["status"] != "lost":
            routes[str(board["board"])] = {ship: _route(board, board["ships"][ship]) for ship in SHIPS[side]}
    return routes


def _route(board: dict, start: str) -> str:
    n, rows = board["size"], board["rows"]  # rows: the layout, top row first
    covered = {cell for piece in board["pieces"] for cell in piece["cells"]}

    def kind(col: int, row: int) -> str:
        return rows[n - 1 - row][col]

    def name(col: int, row: int) -> str:
        return f"{chr(65 + col)}{row + 1}"

    came = {(ord(start[0]) - 65, int(start[1:]) - 1): None}
    frontier = list(came)
    while frontier and not any(kind(*cell) == "D" for cell in frontier):
        reached = []
        for col, row in frontier:
            for step in ((col, row + 1), (col + 1, row), (col, row - 1), (col - 1, row)):
                if (step not in came and 0 <= step[0] < n and 0 <= step[1] < n and kind(*step) != "#"
                        and name(*step) not in covered):
                    came[step] = (col, row)
                    reached.append(step)
        frontier = reached
    cell = next(c for c in frontier if kind(*c) == "D")
    path = [cell]
    while came[path[-1]] is not None:
        path.append(came[path[-1]])
    return " ".join(name(*c) for c in reversed(path))


def play(client: Client, turn: Turn) -> None:
    """A random legal move in the match ``turn`` names (the rest of the loop is :func:`run_bot`'s)."""
    match = client.match(turn.match_id)
    moves = client.legal_moves(turn.match_id).moves
    for command in commands_for(match, moves):
        try:
            client.command(turn.match_id, command, expected_version=match.version)
            return
        except ProblemError as refused:
            print(f"{turn.match_id}: {command} refused: {refused.detail}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--api", default="http://127.0.0.1:8000")
    parser.add_argument("--token", required=True)
    parser.add_argument("--once", action="store_true", help="stop when no unfinished match is left")
    args = parser.parse_args()
    with Client(args.api, args.token) as bot:
        run_bot(bot, play, once=args.once)
