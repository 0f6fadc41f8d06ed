"""A search bot for the games with hidden information, MonUnrail and Deep Sea Voyage: determinized
Monte Carlo over the rules library's positions, within a think time, playing on the server with
the Python SDK (``client/``). It accepts only challenges of those two games.

Usage::

    python examples/hidden_search_bot.py --api http://127.0.0.1:8000 --token "$BOB_TOKEN" [--think 1.0] [--once]

For each turn, :func:`~deathmatch_client.run_bot` hands :func:`play` the library's state the seat
knows (``from_view``). The bot never sees what its seat cannot: it searches over *draws* of the
hidden part (``determinize``) and keeps, for each candidate move, the share of compiled random
playouts (``random_playout``) it won, over every draw, for the think time:

- MonUnrail: a turn is played one tile at a time on the position; the supply is drawn anew for
  each round of playouts, consistently with the builds the server refused this turn
  (``kind_exhausted``, which sends the bot back to its search with one more fact). Before any
  playout it takes a sure thing: Impossible when no draw can complete the track, a tile that
  completes it into an unrail phase the solver wins.
- Deep Sea Voyage: random playouts say little here (a random placement soon cuts a ship off and
  loses its board), so the bot runs the library's own search over the positions
  (``domain.deepsea.search_move``, level 3's) for the think time, on the position its seat knows:
  the opponent's sealed action left open (``determinize``).

The turn goes back as one command (MonUnrail: ``p.command(moves)``, one build of its tiles; Deep
Sea Voyage: the move's notation).
"""

from __future__ import annotations

import argparse
import importlib
import random
import time
from typing import Any

import msgspec
from deathmatch_client import Client, ProblemError, Turn, run_bot

CANDIDATES = 24
"""At most this many candidate moves a decision (sampled when there are more), keeping a few
playouts each within a second."""
FILTER_DRAWS = 3
"""MonUnrail: draws of the supply in which a tile must keep the track completable (most of them)."""
GAMES = ("monunrail", "deepsea")


def _monte_carlo(position: Any, seat: str, candidates: list[int], draw: Any, seconds: float,
                 rng: random.Random) -> int:
    """The candidate whose playouts ``seat`` won most often (each from a fresh ``draw()`` of the
    hidden part; a candidate not legal in a draw is skipped there)."""
    wins = {move: 0.0 for move in candidates}
    tried = {move: 0 for move in candidates}
    until = time.monotonic() + seconds
    while True:
        drawn = draw()
        for move in candidates:
            if move not in drawn.moves(seat):
                continue
            after = drawn.apply(seat, move)
            over = after.result() or after.random_playout(rng).final.result()
            wins[move] += 0.5 if over.winner is None else float(over.winner == seat)
            tried[move] += 1
        if time.monotonic() >= until or not any(tried.values()):
            break
    return max(candidates, key=lambda m: (wins[m] / tried[m] if tried[m] else -1.0, tried[m]))


# ---------------------------------------------------------------- MonUnrail


def monunrail_turn(state: Any, seat: str, seconds: float, rng: random.Random,
                   refused: list[tuple[Any, str]]) -> Any:
    """The command for ``seat``'s turn (a library state or position the seat knows)."""
    from domain import monunrail

    known = monunrail.position(state)
    if known.phase == "unrail":  # no hidden part left: the solver, then playouts
        best = known.best_unrail(50_000)
        if best is not None:
            return known.command([best])
        return known.command([_monte_carlo(known, seat, _sample(known.moves(seat), rng), lambda: known, seconds, rng)])
    draws = [known.determinize(seat, rng, refused) for _ in range(8)]
    if all(draw.apply(seat, monunrail.IMPOSSIBLE).winner == seat for draw in draws):
        return monunrail.Impossible()
    moves: list[int] = []
    position = known
    deadline = time.monotonic() + seconds
    while position.to_act() == (seat,):
        options = _keeping(position, seat, [position.determinize(seat, rng, refused) for _ in range(FILTER_DRAWS)],
                           time.monotonic() + max(0.05, (deadline - time.monotonic()) / 3))
        sure = next((m for m in options if m < monunrail.END and (after := position.apply(seat, m)).phase == "unrail"
                     and after.evaluate(seat) > 0), None)
        if sure is not None:
            move = sure
        else:
            left = max(0.05, (deadline - time.monotonic()) / 2)
            base = position

            def draw() -> Any:
                return base.determinize(seat, rng, refused)

            move = _monte_carlo(position, seat, _sample(options, rng, keep=(monunrail.END,)), draw, left, rng)
        moves.append(move)
        position = position.apply(seat, move)  # the turn goes on while the seat is still to act
    return known.command(moves)


def _keeping(position: Any, seat: str, draws: list[Any], until: float) -> list[int]:
    """The moves that keep the track completable in most draws of the supply (a tile after which
    it is not hands the opponent a winning Impossible), as many as are checked by ``until``. All
    of them, less Impossible, when none does."""
    from domain import monunrail

    options = [m for m in position.moves(seat) if m != monunrail.IMPOSSIBLE]
    random.Random(len(options)).shuffle(options)
    kept = []
    for move in options:
        if time.monotonic() > until and kept:  # out of time: what is checked so far
            break
        if move > monunrail.END:
            kept.append(move)
            continue
        keeps = 0
        for drawn in draws:
            if move == monunrail.END or move in drawn.moves(seat):
                after = drawn if move == monunrail.END else drawn.apply(seat, move)
                keeps += after.phase == "unrail" or after.completable()
        if keeps * 2 > len(draws):
            kept.append(move)
    return kept or options or position.moves(seat)


def _sample(options: list[int], rng: random.Random, keep: tuple[int, ...] = ()) -> list[int]:
    if len(options) <= CANDIDATES:
        return options
    kept = [m for m in options if m in keep]
    return kept + rng.sample([m for m in options if m not in keep], CANDIDATES - len(kept))


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
