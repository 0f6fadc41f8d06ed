"""A search bot for the games with hidden information, MonUnrail and Deep Sea Voyage: a search over
the rules library's positions, within a think time, playing on the server with the Python SDK
(``client/``). It accepts only challenges of those two games.

Usage::

    python examples/hidden_search_bot.py --api http://127.0.0.1:8000 --token "$BOB_TOKEN" [--think 1.0] [--once]

For each turn, :func:`~deathmatch_client.run_bot` hands :func:`play` the library's state the seat
knows (``from_view``). The bot never sees what its seat cannot:

- MonUnrail: the library's own search (``monunrail.search_move``, level 3's: an alpha-beta over
  the positions of the build phase, a game of tempo, on the supply the seat can believe in -- the
  rules' default less what was built, below what the builds the server refused this turn asked),
  then the unrail solver's winning removal. A build the hidden supply refuses (``kind_exhausted``)
  sends the bot back to its search with one more fact.
- Deep Sea Voyage: random playouts say little here (a random placement soon cuts a ship off and
  loses its board), so the bot runs the library's own search over the positions
  (``domain.deepsea.search_move``, level 3's) for the think time, on the position its seat knows:
  the opponent's sealed action left open (``determinize``).

The turn goes back as one command (MonUnrail: the search's, one build of its tiles; Deep Sea
Voyage: the move's notation).
"""

from __future__ import annotations

import argparse
import importlib
import random
import time
from typing import Any

import msgspec
from deathmatch_client import Client, ProblemError, Turn, run_bot

GAMES = ("monunrail", "deepsea")


# ---------------------------------------------------------------- MonUnrail


def monunrail_turn(state: Any, seat: str, seconds: float, rng: random.Random,
                   refused: list[tuple[Any, str]]) -> Any:
    """The command for ``seat``'s turn (the library's state the seat knows): the best of the
    library's own search (``monunrail.search_move``, level 3's alpha-beta over the positions, on
    the supply the seat can believe in) within ``seconds``, less the builds refused this turn."""
    from domain import monunrail
    from domain.bots import Think

    until = time.monotonic() + seconds
    think = Think(seed=rng.randrange(1 << 30), refused=tuple(refused), spent=lambda: time.monotonic() >= until)
    commands = monunrail.search_move(state, seat, think)
    return commands[0] if commands else monunrail.Impossible()


# ---------------------------------------------------------------- Deep Sea Voyage


def deepsea_move(state: Any, seat: str, seconds: float, rng: random.Random) -> str:
    """The move (notation) for ``seat`` (a library state or position the seat knows): the library's
    search (``deepsea.search_move``) until ``seconds`` are spent."""
    from domain import deepsea
    from domain.bots import Think

    known = deepsea.determinize(deepsea.position(state), seat)
    until = time.monotonic() + seconds
    move = deepsea.search_move(known, seat, Think(seed=rng.randrange(1 << 30),
                                                  spent=lambda: time.monotonic() >= until))
    return str(known.name(move))


# ---------------------------------------------------------------- the SDK's loop


def choose(state: Any, seat: str, seconds: float = 1.0, seed: int = 0, refused: list | None = None) -> Any:
    """The command (MonUnrail) or move (Deep Sea Voyage) the bot sends for ``seat`` after about
    ``seconds`` of search."""
    rng = random.Random(seed)
    if type(state).__module__.split(".")[1] == "monunrail":
        return monunrail_turn(state, seat, seconds, rng, refused or [])
    return deepsea_move(state, seat, seconds, rng)


def play(client: Client, turn: Turn, state: Any, think: float = 1.0) -> None:
    """One turn (the loop is :func:`run_bot`'s): search, send; a build the hidden supply refuses
    is remembered and the search runs again with it (up to 10 times, then Impossible)."""
    rules = importlib.import_module(f"domain.{turn.game}")
    refused: list[tuple[Any, str]] = []
    for attempt in range(10):
        chosen = choose(state, turn.seat, think, seed=turn.version + attempt, refused=refused)
        command = rules.parse_move(state, chosen) if isinstance(chosen, str) else chosen
        body = msgspec.to_builtins(command)
        body["type"] = command.__struct_config__.tag
        try:
            client.command(turn.match_id, body, expected_version=turn.version)
            return
        except ProblemError as refusal:
            if getattr(refusal, "code", None) != "kind_exhausted":
                raise
            refused.append((command, "kind_exhausted"))
    client.command(turn.match_id, {"type": "monunrail_impossible"}, expected_version=turn.version)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--api", default="http://127.0.0.1:8000")
    parser.add_argument("--token", required=True)
    parser.add_argument("--think", type=float, default=1.0, help="seconds of search a move")
    parser.add_argument("--once", action="store_true", help="stop when no unfinished match is left")
    args = parser.parse_args()
    with Client(args.api, args.token) as bot:
        run_bot(bot, lambda client, turn, state: play(client, turn, state, args.think), once=args.once,
                games=set(GAMES))
