"""A search bot: searches over the rules library's positions (docs/library.md), within a think
time, playing on the server with the Python SDK (``client/``). It plays Trax, Cairo Corridor and
Duorail (:data:`SEARCHED`; MonUnrail and Deep Sea Voyage, whose seats cannot see everything:
``examples/hidden_search_bot.py``) and accepts only challenges of those games.

Usage::

    python examples/search_bot.py --api http://127.0.0.1:8000 --token "$BOB_TOKEN" [--think 1.0] [--once]

For each turn, :func:`~deathmatch_client.run_bot` hands :func:`play` the library's state of the
match (``from_view``); :func:`choose` searches from its position for ``--think`` seconds, a move
that wins at once taken at once, with one of two searches over the same API:

- :func:`uct` (Cairo Corridor): Monte Carlo tree search -- upper confidence bounds over a tree of
  positions, each new leaf scored by one compiled random playout (``random_playout``);
- :func:`alpha_beta` (Trax, where random playouts say little about threats): iterative deepening
  with a transposition table keyed by the positions themselves (equal however reached), the
  position's ``evaluate`` at the horizon;
- :func:`duorail_search` (Duorail, where a random placement soon breaks a track, so random
  playouts say nothing): the library's own search over the positions (``domain.duorail.search_move``,
  level 3's: the placement scores -- every placement's longest tracks at once -- order an
  iterative-deepening alpha-beta), stopped by the think time; a track asked for is shown if there
  is one (``SHOW_TRACK``: the solver finds it).

The move goes back in the game's notation (``name``), as the command ``parse_move`` reads it into.
"""

from __future__ import annotations

import argparse
import importlib
import math
import random
import time
from typing import Any

import msgspec
from deathmatch_client import Client, Turn, run_bot

EXPLORATION = 0.7
"""UCT's exploration constant (results are 0, ½ or 1)."""


class Node:
    """A position in the tree: who moved into it (``by``), its children by move, the moves not yet
    tried, and the results of the playouts through it for ``by``."""

    __slots__ = ("position", "by", "children", "untried", "visits", "score")

    def __init__(self, position: Any, by: str | None, rng: random.Random):
        self.position, self.by = position, by
        acting = position.to_act()
        self.untried = list(position.moves(acting[0])) if acting else []
        rng.shuffle(self.untried)
        self.children: dict[int, Node] = {}
        self.visits, self.score = 0, 0.0

    def best_child(self) -> Node:
        log_n = math.log(self.visits)
        return max(self.children.values(),
                   key=lambda c: c.score / c.visits + EXPLORATION * math.sqrt(log_n / c.visits))


def winning_move(position: Any, seat: str) -> int | None:
    """A move that wins at once, if there is one."""
    for move in position.moves(seat):
        over = position.apply(seat, move).result()
        if over is not None and over.winner == seat:
            return move
    return None


def search(position: Any, seconds: float, rng: random.Random, seat: str | None = None) -> int:
    """The move of ``seat`` (by default the one seat to act) from ``position`` after ``seconds`` of
    the game's search (:data:`SEARCHES`)."""
    seat = seat or position.to_act()[0]
    won = winning_move(position, seat)
    if won is not None:
        return won
    return SEARCHES[type(position).__module__.split(".")[1]](position, seconds, rng, seat)[0]


def uct(position: Any, seconds: float, rng: random.Random, seat: str | None = None) -> tuple[int, int]:
    """The most visited move after ``seconds`` of UCT, and how many playouts it made."""
    root, playouts = Node(position, None, rng), 0
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        node, path = root, [root]
        while not node.untried and node.children:  # select
            node = node.best_child()
            path.append(node)
        if node.untried:  # expand
            mover = node.position.to_act()[0]
            move = node.untried.pop()
            child = Node(node.position.apply(mover, move), mover, rng)
            node.children[move] = child
            node, path = child, [*path, child]
        over = node.position.result() or node.position.random_playout(rng).final.result()  # simulate
        playouts += 1
        for visited in path:  # back up, each node for the seat that moved into it
            visited.visits += 1
            visited.score += 0.5 if over.winner is None else float(over.winner == visited.by)
    if not root.children:
        return root.untried[0], playouts
    return max(root.children.items(), key=lambda item: item[1].visits)[0], playouts


WIN = 1_000.0
EXACT, LOWER, UPPER = 0, 1, 2


class OutOfTime(Exception):
    pass


def alpha_beta(position: Any, seconds: float, rng: random.Random, seat: str | None = None) -> tuple[int, int]:
    """The best move of the deepest search finished in ``seconds`` (iterative deepening), and
    that depth. The table maps a position to ``(depth, value, bound, best move)``."""
    until = time.monotonic() + seconds
    table: dict[Any, tuple[int, float, int, int]] = {}
    [seat] = position.to_act()
    moves = position.moves(seat)
    rng.shuffle(moves)
    best, depth = moves[0], 0
    try:
        for depth in range(1, 30):
            value = _negamax(position, seat, depth, -2 * WIN, 2 * WIN, table, until)
            best = table[position][3]
            if abs(value) >= WIN - 100:  # a forced win or loss: deeper changes nothing
                break
    except OutOfTime:
        depth -= 1
    return best, depth


def _negamax(position: Any, seat: str, depth: int, alpha: float, beta: float, table: dict, until: float) -> float:
    """The value of ``position`` for ``seat``, to move, ``depth`` plies deep (a win sooner is worth more)."""
    over = position.result()
    if over is not None:
        return 0.0 if over.winner is None else WIN + depth if over.winner == seat else -(WIN + depth)
    if depth == 0:
        return position.evaluate(seat)
    if time.monotonic() > until:
        raise OutOfTime
    seen = table.get(position)
    if seen is not None and seen[0] >= depth and (seen[2] == EXACT or (seen[2] == LOWER and seen[1] >= beta)
                                                  or (seen[2] == UPPER and seen[1] <= alpha)):
        return seen[1]
    moves = position.moves(seat)
    other = next(s for s in position.seats if s != seat)
    if seen is not None:  # the best move found before, first
        moves = [seen[3], *(m for m in moves if m != seen[3])]
    start, best, best_move = alpha, -3 * WIN, moves[0]
    for move in moves:
        value = -_negamax(position.apply(seat, move), other, depth - 1, -beta, -alpha, table, until)
        if value > best:
            best, best_move = value, move
        alpha = max(alpha, value)
        if alpha >= beta:
            break
    table[position] = (depth, best, UPPER if best <= start else LOWER if best >= beta else EXACT, best_move)
    return best


def duorail_search(position: Any, seconds: float, rng: random.Random, seat: str | None = None) -> tuple[int, int]:
    """Duorail: a track asked for is shown if there is one; in play the library's search (level 3's,
    ``domain.duorail.search_move``) until ``seconds`` are spent (the depth it reached: not reported, 0)."""
    from domain.bots import Think
    from domain.duorail import NO_TRACK, SHOW_TRACK, search_move

    seat = seat or position.to_act()[0]
    if position.phase != "play":
        return (SHOW_TRACK if SHOW_TRACK in position.moves(seat) else NO_TRACK), 0
    until = time.monotonic() + seconds
    return search_move(position, seat, Think(seed=rng.randrange(1 << 30), spent=lambda: time.monotonic() >= until)), 0


SEARCHES = {"trax": alpha_beta, "cairo": uct, "duorail": duorail_search}
"""Each game's search."""


def choose(state: Any, seat: str, seconds: float = 1.0, seed: int = 0) -> str | None:
    """The move (notation) the bot plays for ``seat`` in ``state`` (a library state or position
    of a game with the searcher's API) after ``seconds`` of search; ``None`` when ``seat`` has
    nothing to play (in Duorail's endgame, once it sealed its track)."""
    rules = importlib.import_module(f"domain.{type(state).__module__.split('.')[1]}")
    position = rules.position(state)
    if seat not in position.to_act():
        return None
    move = search(position, seconds, random.Random(seed), seat)
    name_for = getattr(position, "name_for", None)  # Duorail's endgame: both to act, each its own track
    return name_for(seat, move) if name_for else position.name(move)


def play(client: Client, turn: Turn, state: Any, think: float = 1.0) -> None:
    """One turn (the loop is :func:`run_bot`'s): search, then send the move as the game's command."""
    rules = importlib.import_module(f"domain.{turn.game}")
    move = choose(state, turn.seat, think, seed=turn.version)
    if move is None:
        return
    command = msgspec.to_builtins(rules.parse_move(state, move))
    client.command(turn.match_id, command, expected_version=turn.version)


SEARCHED = ("trax", "cairo", "duorail")
"""The games whose package has the searcher's API (``position``)."""


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--api", default="http://127.0.0.1:8000")
    parser.add_argument("--token", required=True)
    parser.add_argument("--think", type=float, default=1.0, help="seconds of search a move")
    parser.add_argument("--once", action="store_true", help="stop when no unfinished match is left")
    args = parser.parse_args()
    with Client(args.api, args.token) as bot:
        run_bot(bot, lambda client, turn, state: play(client, turn, state, args.think), once=args.once,
                games=set(SEARCHED))
