"""Standings: points and each format's tie-breaks, and the columns that make sense per format.

>>> from domain.tournaments.core import create
>>> columns("single_elimination")
('rank', 'player', 'points', 'round_reached', 'withdrawn')
>>> [s.player for s in standings(create("round_robin", ["a", "b"]))]
['a', 'b']
"""

from __future__ import annotations

from collections.abc import Iterator

from domain.tournaments.swiss import points
from domain.tournaments.values import Standing, Tournament, resolved, withdrawn

_TIEBREAKS = {"swiss": ("buchholz", "sonneborn_berger"), "round_robin": (), "single_elimination": ("round_reached",)}


def columns(format: str) -> tuple[str, ...]:
    """The ``Standing`` fields that mean something in ``format`` (what exports show)."""
    return ("rank", "player", "points") + _TIEBREAKS[format] + ("withdrawn",)


def _games(t: Tournament) -> Iterator[tuple[int, tuple[str, str], str | None, bool]]:
    """(round, seats, winner, forfeit) of every recorded game."""
    for r in t.rounds:
        seats = {p.table: p.seats for p in r.pairings}
        for x in r.results:
            yield r.number, seats[x.table], x.winner, x.forfeit


def standings(t: Tournament) -> list[Standing]:
    """Ranked standings. Points (win 1, draw ½, bye 1); Swiss: then Buchholz, Sonneborn–Berger;
    all: then head-to-head between exactly two tied players, then seed order. Single elimination:
    the round reached (a loss in round k = reached k; the champion reaches total+1). Withdrawn
    players keep their place, marked."""
    t = resolved(t)
    pts = points(t)
    out = withdrawn(t)
    seedix = {p: i for i, p in enumerate(t.players)}
    buch = {p: 0.0 for p in t.players}
    sb = {p: 0.0 for p in t.players}
    h2h: dict[tuple[str, str], float] = {}
    reached = {p: 1 for p in t.players}
    for rnd, (a, b), w, forfeit in _games(t):
        if w is None and forfeit:
            continue  # a double forfeit: no game
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
        for bye in r.byes:
            reached[bye.player] = max(reached[bye.player], r.number + 1)
    if t.format == "single_elimination":
        order = sorted(t.players, key=lambda p: (-reached[p], seedix[p]))
    else:
        swiss = t.format == "swiss"

        def base(p: str) -> tuple[float, float, float]:
            return -pts[p], -buch[p] if swiss else 0, -sb[p] if swiss else 0

        order = sorted(t.players, key=lambda p: (base(p), seedix[p]))
        for i in range(len(order) - 1):  # head-to-head decides between exactly two tied players
            a, b = order[i], order[i + 1]
            group = [p for p in order if base(p) == base(a)]
            if len(group) == 2 and base(a) == base(b) and h2h.get((b, a), 0) > h2h.get((a, b), 0):
                order[i], order[i + 1] = b, a
    return [Standing(i + 1, p, pts[p], buch[p], sb[p], reached[p], p in out) for i, p in enumerate(order)]


def winner(t: Tournament) -> str | None:
    """The champion once over (the top of the standings), else ``None``."""
    return standings(t)[0].player if t.closed else None
