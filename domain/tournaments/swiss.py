"""Swiss pairing: who plays whom in the next round."""

from __future__ import annotations

import random

from domain.tournaments.values import Tournament


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
                a, b = seats[x.table]
                pts[a] += 0.5
                pts[b] += 0.5
    return pts


def swiss_round(t: Tournament, active: list[str]):
    """The next round's games and byes among the ``active`` players of ``t`` (resolved)."""
    score = points(t)
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
    order = sorted(active, key=lambda p: (-score[p], tiebreak.get(p, 0), t.players.index(p)))
    byes, pairs = [], None
    if len(order) % 2:
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
