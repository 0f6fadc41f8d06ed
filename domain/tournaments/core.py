"""Tournament formats, results and standings — pure functions over immutable values.

>>> t = create("round_robin", ["a", "b", "c", "d"], seed=1)
>>> [p.seats for p in pairings(t)]
[('a', 'd'), ('c', 'b')]
>>> t = record(record(t, 1, 1, "a"), 1, 2, None)
>>> advance(t).rounds[-1].number
2
"""

from __future__ import annotations

import csv
import io
import json
import random

import msgspec

from domain.errors import InvalidCommand, WrongState

FORMATS = ("single_elimination", "round_robin", "swiss")


class Pairing(msgspec.Struct, frozen=True):
    """One game: ``seats[0]`` takes the first seat."""

    round: int
    table: int
    seats: tuple[str, str]


class Bye(msgspec.Struct, frozen=True):
    round: int
    player: str


class Result(msgspec.Struct, frozen=True):
    table: int
    winner: str | None  # None = draw


class Round(msgspec.Struct, frozen=True):
    number: int
    pairings: tuple[Pairing, ...]
    byes: tuple[Bye, ...] = ()
    results: tuple[Result, ...] = ()


class Tournament(msgspec.Struct, frozen=True):
    format: str
    players: tuple[str, ...]  # in seed order
    seed: int
    total_rounds: int
    double: bool = False
    rounds: tuple[Round, ...] = ()
    closed: bool = False  # the last round is closed and no further round exists


class Standing(msgspec.Struct, frozen=True):
    rank: int
    player: str
    points: float
    buchholz: float = 0.0
    sonneborn_berger: float = 0.0
    round_reached: int = 0


# ---------------------------------------------------------------- creation


def create(format: str, players, *, seed: int = 0, options: dict | None = None) -> Tournament:
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
    if format == "single_elimination":
        total = max(1, (n - 1).bit_length())
    elif format == "round_robin":
        total = (n if n % 2 else n - 1) * (2 if double else 1)
    else:
        total = int(options.get("rounds", max(1, (n - 1).bit_length())))
        if total < 1:
            raise InvalidCommand("bad_rounds", "A Swiss tournament needs at least one round.")
    t = Tournament(format, players, seed, total, double)
    return msgspec.structs.replace(t, rounds=(_next_round(t),))


def _next_round(t: Tournament) -> Round:
    number = len(t.rounds) + 1
    if t.format == "round_robin":
        games, byes = _rr_round(t.players, number, t.double)
    elif t.format == "single_elimination":
        games, byes = _se_round(t)
    else:
        games, byes = _swiss_round(t)
    return Round(number,
                 tuple(Pairing(number, i + 1, g) for i, g in enumerate(games)),
                 tuple(Bye(number, b) for b in byes))


def _rr_round(players, number, double):
    """Circle method: the first entry stays, the others rotate; ``None`` pads an odd count."""
    ring = list(players) + ([None] if len(players) % 2 else [])
    m = len(ring)
    single = m - 1
    k = (number - 1) % single
    swap = number > single
    rest = ring[1:]
    rest = rest[-k:] + rest[:-k] if k else rest
    order = [ring[0]] + rest
    games, byes = [], []
    for i in range(m // 2):
        a, b = order[i], order[m - 1 - i]
        if a is None or b is None:
            byes.append(a if b is None else b)
            continue
        if (k + i) % 2:  # alternate who sits first
            a, b = b, a
        games.append((b, a) if swap else (a, b))
    return games, byes


def _se_round(t: Tournament):
    if not t.rounds:
        size = 1 << (len(t.players) - 1).bit_length()
        nbyes = size - len(t.players)
        byes, rest = list(t.players[:nbyes]), list(t.players[nbyes:])
        return [(rest[i], rest[-1 - i]) for i in range(len(rest) // 2)], byes
    last = t.rounds[-1]
    alive = [b.player for b in last.byes] + [r.winner for r in sorted(last.results, key=lambda r: r.table)]
    alive.sort(key=t.players.index)
    return [(alive[i], alive[-1 - i]) for i in range(len(alive) // 2)], []


def _swiss_round(t: Tournament):
    score = _points(t)
    met = {p: set() for p in t.players}
    firsts = {p: 0 for p in t.players}
    had_bye = set()
    for r in t.rounds:
        for p in r.pairings:
            a, b = p.seats
            met[a].add(b), met[b].add(a)
            firsts[a] += 1
            firsts[b] -= 1
        had_bye.update(b.player for b in r.byes)
    rng = random.Random(t.seed * 1000 + len(t.rounds))
    tiebreak = {p: rng.random() for p in t.players} if t.rounds else {}
    order = sorted(t.players, key=lambda p: (-score[p], tiebreak.get(p, 0), t.players.index(p)))
    byes, pairs = [], None
    if len(order) % 2:
        # the lowest-ranked player without a bye, moving up if the rest cannot pair without a rematch
        cands = [p for p in reversed(order) if p not in had_bye] or list(reversed(order))
        for c in cands:
            rest = [p for p in order if p != c]
            pairs = _pair(rest, met, strict=True)
            if pairs is not None:
                break
        byes = [c if pairs is not None else cands[0]]
        order.remove(byes[0])
    pairs = pairs or _pair(order, met, strict=True) or _pair(order, met, strict=False)
    games = []
    for a, b in pairs:
        if firsts[a] > firsts[b] or (firsts[a] == firsts[b] and t.players.index(a) > t.players.index(b)):
            a, b = b, a
        games.append((a, b))
    return games, byes


def _pair(order, met, strict):
    """Pair the first unpaired with the nearest-ranked opponent not yet met (backtracking)."""
    if not order:
        return []
    head, rest = order[0], order[1:]
    for i, opp in enumerate(rest):
        if strict and opp in met[head]:
            continue
        tail = _pair(rest[:i] + rest[i + 1:], met, strict)
        if tail is not None:
            return [(head, opp)] + tail
        if not strict:
            break
    return None if strict else [(head, rest[0])] + (_pair(rest[1:], met, False) or [])


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
    return msgspec.structs.replace(t, rounds=t.rounds + (_next_round(t),))


def is_over(t: Tournament) -> bool:
    return t.closed


def winner(t: Tournament) -> str | None:
    """The champion once over (the top of the standings), else ``None``."""
    return standings(t)[0].player if t.closed else None


# ---------------------------------------------------------------- standings


def _games(t):
    for r in t.rounds:
        res = {x.table: x.winner for x in r.results}
        for p in r.pairings:
            if p.table in res:
                yield r.number, p.seats, res[p.table]


def _points(t):
    pts = {p: 0.0 for p in t.players}
    for r in t.rounds:
        if r.number < len(t.rounds) or t.closed or len(r.results) == len(r.pairings):
            for b in r.byes:
                pts[b.player] += 1
    for _, (a, b), w in _games(t):
        if w is None:
            pts[a] += 0.5
            pts[b] += 0.5
        else:
            pts[w] += 1
    return pts


def standings(t: Tournament) -> list[Standing]:
    """Ranked standings. Points (win 1, draw ½, bye 1); Swiss: then Buchholz, Sonneborn–Berger;
    all: then head-to-head between exactly two tied players, then seed order. Single elimination:
    the round reached (a loss in round k = reached k; the champion reaches total+1)."""
    pts = _points(t)
    seedix = {p: i for i, p in enumerate(t.players)}
    buch = {p: 0.0 for p in t.players}
    sb = {p: 0.0 for p in t.players}
    h2h = {}
    reached = {p: 1 for p in t.players}
    for rnd, (a, b), w in _games(t):
        buch[a] += pts[b]
        buch[b] += pts[a]
        for x, y in ((a, b), (b, a)):
            s = 0.5 if w is None else (1.0 if w == x else 0.0)
            sb[x] += s * pts[y]
            h2h[(x, y)] = h2h.get((x, y), 0.0) + s
        if w is not None:
            reached[w] = rnd + 1
            reached[a if w == b else b] = rnd
    for r in t.rounds:
        for b in r.byes:
            reached[b.player] = max(reached[b.player], r.number + 1)
    if t.format == "single_elimination":
        key = lambda p: (-reached[p], seedix[p])  # noqa: E731
        order = sorted(t.players, key=key)
    else:
        swiss = t.format == "swiss"
        base = lambda p: (-pts[p], -buch[p] if swiss else 0, -sb[p] if swiss else 0)  # noqa: E731
        order = sorted(t.players, key=lambda p: (base(p), seedix[p]))
        for i in range(len(order) - 1):  # head-to-head decides between exactly two tied players
            a, b = order[i], order[i + 1]
            group = [p for p in order if base(p) == base(a)]
            if len(group) == 2 and base(a) == base(b) and h2h.get((b, a), 0) > h2h.get((a, b), 0):
                order[i], order[i + 1] = b, a
    return [Standing(i + 1, p, pts[p], buch[p], sb[p], reached[p]) for i, p in enumerate(order)]


# ---------------------------------------------------------------- export


def export_json(t: Tournament) -> str:
    """JSON: the tournament as stored, plus ``standings``."""
    doc = msgspec.to_builtins(t)
    doc["standings"] = msgspec.to_builtins(standings(t))
    return json.dumps(doc, sort_keys=True)


def export_csv(t: Tournament) -> str:
    """CSV in two sections: ``standing`` rows (rank, player, points, buchholz, sonneborn_berger,
    round_reached) then ``game`` rows (round, table, first seat, second seat, result)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["kind", "rank_or_round", "player_or_table", "points_or_first", "buchholz_or_second",
                "sonneborn_berger_or_winner", "round_reached"])
    for s in standings(t):
        w.writerow(["standing", s.rank, s.player, s.points, s.buchholz, s.sonneborn_berger, s.round_reached])
    for r in t.rounds:
        res = {x.table: x.winner for x in r.results}
        for p in r.pairings:
            w.writerow(["game", r.number, p.table, p.seats[0], p.seats[1],
                        ("draw" if res[p.table] is None else res[p.table]) if p.table in res else "", ""])
        for b in r.byes:
            w.writerow(["bye", r.number, "", b.player, "", b.player, ""])
    return buf.getvalue()
