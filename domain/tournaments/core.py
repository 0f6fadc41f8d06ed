"""Tournament formats, results and rounds — pure functions over immutable values.

>>> t = create("round_robin", ["a", "b", "c", "d"], seed=1)
>>> [p.seats for p in pairings(t)]
[('a', 'b'), ('d', 'c')]
>>> t = record(record(t, 1, 1, "a"), 1, 2, None)
>>> advance(t).rounds[-1].number
2
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import msgspec

from domain.errors import InvalidCommand, WrongState
from domain.tournaments.swiss import first_seat, history, swiss_round
from domain.tournaments.values import (
    FORMATS, Bye, Pairing, Result, Round, Tournament, resolved, withdrawn,
)


def max_rounds(format: str, n: int, double: bool = False) -> int:
    """The most rounds a format allows for ``n`` players: Swiss as many as a round robin
    (``n - 1``, or ``n`` for an odd count, where each round one player has a bye).

    >>> max_rounds("swiss", 8), max_rounds("swiss", 9), max_rounds("single_elimination", 9)
    (7, 9, 4)
    """
    if format == "single_elimination":
        return max(1, (n - 1).bit_length())
    return (n if n % 2 else n - 1) * (2 if double and format == "round_robin" else 1)


def create(format: str, players: Sequence[str], *, seed: int = 0, options: dict[str, Any] | None = None) -> Tournament:
    """Create a tournament and its first round; ``players`` in seed order (best first).

    >>> t = create("single_elimination", ["a", "b", "c"], seed=0)
    >>> [p.seats for p in pairings(t)], [b.player for b in t.rounds[0].byes]
    ([('b', 'c')], ['a'])
    """
    options = dict(options or {})
    players = tuple(players)
    if format not in FORMATS:
        raise InvalidCommand("unknown_format", f"Unknown tournament format {format!r}; use one of {', '.join(FORMATS)}.")
    if len(players) < 2:
        raise InvalidCommand("too_few_players", "A tournament needs at least two players.")
    if len(set(players)) != len(players):
        raise InvalidCommand("duplicate_player", "A player may enter a tournament only once.")
    n = len(players)
    double = bool(options.get("double", False))
    total = max_rounds(format, n, double)
    if format == "swiss":
        rounds = options.get("rounds", max(1, (n - 1).bit_length()))
        if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= total:
            raise InvalidCommand("bad_rounds", f"A Swiss tournament of {n} players has 1 to {total} rounds"
                                 " (no round without a player it has not met yet).")
        total = rounds
    t = Tournament(format, players, seed, total, double)
    return msgspec.structs.replace(t, rounds=(next_round(t),))


def next_round(t: Tournament) -> Round:
    """The round after ``t``'s last; a game with a withdrawn player is created already recorded, as a
    forfeit (both withdrawn: no points; in single elimination the higher seed goes on, to forfeit again)."""
    number = len(t.rounds) + 1
    view = resolved(t)
    out = withdrawn(t)
    if t.format == "round_robin":
        games, byes = _rr_round(view)
    elif t.format == "single_elimination":
        games, byes = _se_round(view)
    else:
        games, byes = swiss_round(view, [p for p in t.players if p not in out])
    pairs = tuple(Pairing(number, i + 1, g) for i, g in enumerate(games))
    results = []
    for p in pairs:
        gone = [s for s in p.seats if s in out]
        if len(gone) == 1:
            results.append(Result(p.table, next(s for s in p.seats if s not in out), forfeit=True))
        elif gone:
            knockout = t.format == "single_elimination"
            results.append(Result(p.table, min(p.seats, key=t.players.index) if knockout else None, forfeit=True))
    return Round(number, pairs, tuple(Bye(number, b) for b in byes), tuple(results))


def _rr_round(t: Tournament) -> tuple[list[tuple[str, str]], list[str]]:
    """Round ``r`` (from 0) of ``N`` (odd) players, indexed by seed: player ``r`` rests and
    ``r+k`` meets ``r-k`` (mod ``N``, ``k = 1 .. N//2``), ``r-k`` first when ``k`` is odd -- so every
    player alternates seats, its rest included. An even count: the first seed is fixed and meets
    the resting player ``r``, sitting first when ``r`` is even (one double seat per player). A
    double round robin's second cycle plays the first's rounds backwards with every game's seats
    swapped: the seat balance retraces the first cycle's, within one throughout."""
    players, number = t.players, len(t.rounds) + 1
    fixed = players[0] if len(players) % 2 == 0 else None
    ring = list(players[1:] if fixed else players)
    n = len(ring)
    if number > n:  # the second cycle: the first backwards, so the seats still alternate
        earlier = t.rounds[2 * n - number]
        return [(p.seats[1], p.seats[0]) for p in earlier.pairings], [b.player for b in earlier.byes]
    r = number - 1
    games = []
    if fixed:
        games.append((fixed, ring[r]) if r % 2 == 0 else (ring[r], fixed))
    for k in range(1, n // 2 + 1):
        up, down = ring[(r + k) % n], ring[(r - k) % n]
        games.append((down, up) if k % 2 else (up, down))
    return games, ([] if fixed else [ring[r]])


def _se_round(t: Tournament) -> tuple[list[tuple[str, str]], list[str]]:
    """Best seed against worst; the first seat to who sat first less often (``first_seat``)."""
    seeds = {p: i for i, p in enumerate(t.players)}
    if not t.rounds:
        size = 1 << (len(t.players) - 1).bit_length()
        nbyes = size - len(t.players)
        alive, byes = list(t.players[nbyes:]), list(t.players[:nbyes])
    else:
        last = t.rounds[-1]
        alive = [b.player for b in last.byes] + [cast(str, r.winner)  # (a knockout game always has a winner)
                                                 for r in sorted(last.results, key=lambda r: r.table)]
        alive.sort(key=seeds.__getitem__)
        byes = []
    balance = history(t)[1]
    number = len(t.rounds) + 1
    return [first_seat(alive[i], alive[-1 - i], balance, number, seeds) for i in range(len(alive) // 2)], byes


# ---------------------------------------------------------------- commands


def pairings(t: Tournament) -> list[Pairing]:
    """The current round's games (empty once the tournament is over)."""
    return [] if t.closed else list(t.rounds[-1].pairings)


def record(t: Tournament, round: int, table: int, winner: str | None) -> Tournament:
    """Record a game's result; ``winner=None`` is a draw (not in single elimination)."""
    if t.closed or round != t.rounds[-1].number:
        raise WrongState("round_not_open", f"Round {round} is not the open round.")
    r = t.rounds[-1]
    p = next((p for p in r.pairings if p.table == table), None)
    if p is None:
        raise InvalidCommand("unknown_table", f"Round {round} has no table {table}.")
    if any(x.table == table for x in r.results):
        raise WrongState("result_already_recorded", f"Table {table} of round {round} already has a result.")
    if winner is None and t.format == "single_elimination":
        raise InvalidCommand("draw_not_allowed", "A knockout game needs a winner.")
    if winner is not None and winner not in p.seats:
        raise InvalidCommand("not_at_table", f"{winner} does not play at table {table}.")
    r = msgspec.structs.replace(r, results=r.results + (Result(table, winner),))
    return msgspec.structs.replace(t, rounds=t.rounds[:-1] + (r,))


def advance(t: Tournament) -> Tournament:
    """Close the current round and create the next one (or end the tournament)."""
    if t.closed:
        raise WrongState("tournament_over", "The tournament is over.")
    r = t.rounds[-1]
    if len(r.results) < len(r.pairings):
        raise WrongState("results_missing", f"Round {r.number} still has {len(r.pairings) - len(r.results)} game(s) without a result.")
    if r.number >= t.total_rounds:
        return msgspec.structs.replace(t, closed=True)
    return msgspec.structs.replace(t, rounds=t.rounds + (next_round(t),))


def is_over(t: Tournament) -> bool:
    return t.closed
