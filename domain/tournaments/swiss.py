"""Swiss pairing as one maximum-weight perfect matching (networkx's Edmonds blossom).

Every pair of active players is an edge; an odd count adds a ``BYE`` vertex joined to the players
with the fewest byes. Each edge costs, in strict priority (each level outweighs all lower levels of
a whole round together): the times the two met already; the seat clash -- both sat first more
often than second (or both second more often), so one of them moves further off balance (the
smaller of the two imbalances); the squared score difference (a bye edge: the player's score above
the lowest); the distance of the two in the ranking (ties: the nearest-ranked, as in 1-2, 3-4). The cheapest perfect matching therefore has no rematch whenever any pairing without
one exists, keeps every player's seats within one, then pairs equal scores. See docs/tournaments.md
and docs/decisions.md.

>>> from domain.tournaments.values import Tournament
>>> swiss_round(Tournament("swiss", ("a", "b", "c"), 0, 3), ["a", "b", "c"])
([('a', 'b')], ['c'])
"""

from __future__ import annotations

import random

from domain.tournaments.values import Tournament

NETWORKX = "Swiss pairing needs networkx: install the rules with it, pip install 'deathmatch-rules[swiss]'."

BYE = ("bye",)
"""The extra vertex of an odd round (a tuple: never a player id): whoever is matched with it has the bye."""

Vertex = str | tuple[str]
"""A player, or :data:`BYE`."""
Edge = tuple[str, Vertex]
Costs = tuple[int, int, int, int]
"""An edge's cost levels: rematches, a seat clash, the score gap squared, the rank gap."""


def points(t: Tournament) -> dict[str, float]:
    """Points so far (win 1, draw ½, bye 1 once its round is complete, double forfeit 0); ``t`` resolved."""
    pts = {p: 0.0 for p in t.players}
    for r in t.rounds:
        if r.number < len(t.rounds) or t.closed or len(r.results) == len(r.pairings):
            for b in r.byes:
                pts[b.player] += 1
        seats = {p.table: p.seats for p in r.pairings}
        for x in r.results:
            if x.winner is not None:
                pts[x.winner] += 1
            elif not x.forfeit:
                first, second = seats[x.table]
                pts[first] += 0.5
                pts[second] += 0.5
    return pts


def history(t: Tournament) -> tuple[dict[frozenset[str], int], dict[str, int], dict[str, int]]:
    """(meetings per pair, seat balance per player: games played first minus games played second,
    byes per player)."""
    met: dict[frozenset[str], int] = {}
    balance = {p: 0 for p in t.players}
    byes = {p: 0 for p in t.players}
    for r in t.rounds:
        forfeits = {x.table for x in r.results if x.forfeit}
        for p in r.pairings:
            a, b = p.seats
            met[frozenset(p.seats)] = met.get(frozenset(p.seats), 0) + 1
            if p.table not in forfeits:  # a game not played took no seat
                balance[a] += 1
                balance[b] -= 1
        for bye in r.byes:
            byes[bye.player] += 1
    return met, balance, byes


def first_seat(a: str, b: str, balance: dict[str, int], number: int, seeds: dict[str, int]) -> tuple[str, str]:
    """Who of a paired two sits first: the one who sat first less often so far; on a tie the higher
    seed in odd rounds, the lower seed in even rounds.

    >>> first_seat("x", "y", {"x": 1, "y": 0}, 2, {"x": 0, "y": 1})
    ('y', 'x')
    >>> first_seat("x", "y", {"x": 0, "y": 0}, 2, {"x": 0, "y": 1})
    ('y', 'x')
    """
    if balance[a] != balance[b]:
        return (a, b) if balance[a] < balance[b] else (b, a)
    high, low = (a, b) if seeds[a] < seeds[b] else (b, a)
    return (high, low) if number % 2 else (low, high)


def _radix(costs: list[tuple[int, ...]], edges_per_matching: int) -> list[int]:
    """Weights per cost level so that one unit of a level outweighs a whole matching of lower levels."""
    levels = len(costs[0])
    weights = [1] * levels
    for i in range(levels - 2, -1, -1):
        weights[i] = weights[i + 1] * (edges_per_matching * max(c[i + 1] for c in costs) + 1)
    return weights


WINDOW = 24
RETRIES = 3
"""First the matching over each player's pairs at most this far apart in the ranking and its this many
nearest-ranked partners it has not met and does not clash with on seats (fast: a fraction of the
time for 256 players). While that matching needs a rematch or a seat clash, the players in such
pairs get every partner they have not met and do not clash with, up to ``RETRIES`` tries; then the
matching over every pair decides."""


def _cheapest(edges: dict[Edge, Costs], weights: list[int], top: int) -> list[Edge] | None:
    """The cheapest perfect matching over ``edges`` (pair -> cost levels) as pairs in ``edges``' own
    order, or ``None`` if these edges allow none. networkx is imported here, so the rules install
    without it (the extra ``swiss``; the server depends on it)."""
    try:
        import networkx as nx
    except ModuleNotFoundError as missing:
        raise ModuleNotFoundError(NETWORKX, name="networkx") from missing
    graph = nx.Graph()
    for (a, b), cost in edges.items():
        graph.add_edge(a, b, weight=top - sum(w * c for w, c in zip(weights, cost)))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) < len({v for e in edges for v in e}):
        return None
    return [(a, b) if (a, b) in edges else (b, a) for a, b in matching]


def swiss_round(t: Tournament, active: list[str]) -> tuple[list[tuple[str, str]], list[str]]:
    """The next round's games (first seat first) and byes among the ``active`` players of ``t`` (resolved)."""
    score = points(t)
    met, balance, byes = history(t)
    seeds = {p: i for i, p in enumerate(t.players)}
    rng = random.Random(t.seed * 1000 + len(t.rounds))
    tiebreak = {p: rng.random() for p in t.players} if t.rounds else {}
    order = sorted(active, key=lambda p: (-score[p], tiebreak.get(p, 0), seeds[p]))
    if len(order) < 2:
        return [], order
    rank = {p: i for i, p in enumerate(order)}
    edges: dict[Edge, Costs] = {}
    for i, a in enumerate(order):
        for b in order[i + 1:]:
            clash = min(abs(balance[a]), abs(balance[b])) if balance[a] * balance[b] > 0 else 0
            edges[(a, b)] = (met.get(frozenset((a, b)), 0), clash,
                             int(2 * (score[a] - score[b])) ** 2, rank[b] - rank[a])
    if len(order) % 2:
        low, fewest = min(score[p] for p in order), min(byes[p] for p in order)
        for p in order:
            if byes[p] == fewest:
                edges[(p, BYE)] = (0, 0, int(2 * (score[p] - low)) ** 2, len(order) - 1 - rank[p])
    games: list[tuple[str, str]] = []
    bye: list[str] = []
    for player, partner in _matching(order, edges):
        if isinstance(partner, tuple):  # BYE
            bye.append(player)
        else:
            games.append(first_seat(player, partner, balance, len(t.rounds) + 1, seeds))
    games.sort(key=lambda g: min(rank[g[0]], rank[g[1]]))
    return games, bye


def _matching(order: list[str], edges: dict[Edge, Costs]) -> list[Edge]:
    """The cheapest perfect matching over ``edges`` (pair -> cost levels; ``order``: the ranking),
    tried on a sparse graph first (see ``WINDOW``)."""
    weights = _radix(list(edges.values()), (len(order) + 1) // 2)
    top = sum(w * (max(c[i] for c in edges.values()) + 1) for i, w in enumerate(weights))

    def fine(e: Edge) -> bool:  # no rematch, no seat clash
        return not edges[e][0] and not edges[e][1]

    near = {e: c for e, c in edges.items() if e[1] == BYE or c[3] <= WINDOW}
    for i, a in enumerate(order):  # and each player's nearest-ranked partners without a rematch or clash
        good = [(abs(j - i), e) for j, b in enumerate(order) if j != i
                for e in [(a, b) if j > i else (b, a)] if fine(e)]
        near.update((e, edges[e]) for _, e in sorted(good)[:WINDOW])
    for _ in range(RETRIES if len(near) < len(edges) else 0):
        found = _cheapest(near, weights, top)
        stuck = {v for e in found or () if not fine(e) for v in e}
        if found is None:
            break
        if not stuck:
            return found
        near.update((e, c) for e, c in edges.items() if (e[0] in stuck or e[1] in stuck) and fine(e))
    every = _cheapest(edges, weights, top)  # every pair: a rematch or a seat clash only if unavoidable
    assert every is not None  # every pair is an edge: some matching exists
    return every
