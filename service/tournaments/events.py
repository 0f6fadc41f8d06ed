"""What happened to a tournament, as events on its stream, derived from each change of its stored value.

Every change of a stored tournament is one compare-and-set of its version (:mod:`service.tournaments.tournaments`);
the same script appends the events of that change to the Redis stream ``tournament-events:{<id>}``
with the ids ``<version>-0``, ``<version>-1``..., so each event is appended exactly once however
many processes drive the tournament: only the one whose compare-and-set succeeds appends, and
the ids follow the versions. :func:`events_between` says what a change did; the organizer's own
acts (a withdrawal, a replacement, a correction) add their event to it.

>>> from domain.tournaments import create
>>> t = create("round_robin", ["ann", "bob"], seed=1)
>>> [e.type for e in events_between(None, t, rounds_created=0, paused=False, tournament_id="t1", now=5)]
['tournament_started', 'pairings']
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.tournaments import Tournament, winner

EventType = Literal[
    "player_joined", "player_left", "tournament_started", "pairings", "round_started", "result", "paused",
    "resumed", "player_withdrawn", "player_replaced", "result_corrected", "tournament_ended"]


class TableView(msgspec.Struct, frozen=True):
    """A game of a round's pairings: ``players`` first seat first."""

    table: int
    players: list[str]
    match_id: str


class TournamentEvent(msgspec.Struct, frozen=True, omit_defaults=True):
    """One thing that happened to a tournament (``at``: server ms). Which fields come with which type:

    - ``player_joined`` / ``player_left`` (``player``): sign-up while the registration is open;
    - ``tournament_started`` (``players``, in seed order);
    - ``pairings`` (``round``, ``games``, ``byes``): a round is paired;
    - ``round_started`` (``round``): its matches are created (not while paused);
    - ``result`` (``round``, ``table``, ``match_id``, ``winner``; ``null``: a draw);
    - ``paused`` / ``resumed``;
    - ``player_withdrawn`` (``player``): forfeits the rest;
    - ``player_replaced`` (``player`` by ``replaced_by``);
    - ``result_corrected`` (``round``, ``table``, ``winner``, ``by`` the organizer);
    - ``tournament_ended`` (``winner``)."""

    type: EventType
    at: int
    player: str | None = None
    replaced_by: str | None = None
    players: list[str] | None = None
    round: int | None = None
    table: int | None = None
    match_id: str | None = None
    winner: str | None = None
    games: list[TableView] | None = None
    byes: list[str] | None = None
    by: str | None = None


def match_id_for(tournament_id: str, round: int, table: int) -> str:
    return f"{tournament_id}-r{round}-t{table}"


def events_between(old: Tournament | None, new: Tournament | None, *, rounds_created: int, paused: bool,
                   tournament_id: str, now: int, old_rounds_created: int = 0,
                   old_paused: bool = False) -> list[TournamentEvent]:
    """The events of the change from ``old`` to ``new`` (``None``: not started): the start, each
    new round's pairings, each round whose matches were created, each new result, a pause or a
    resume, and the end."""
    events = []
    if paused != old_paused:
        events.append(TournamentEvent(type="paused" if paused else "resumed", at=now))
    if new is None:
        return events
    if old is None:
        events.append(TournamentEvent(type="tournament_started", at=now, players=list(new.players)))
    before = {r.number: {x.table for x in r.results} for r in (old.rounds if old else ())}
    for r in new.rounds:
        if r.number not in before:
            games = [TableView(table=p.table, players=list(p.seats),
                               match_id=match_id_for(tournament_id, r.number, p.table)) for p in r.pairings]
            events.append(TournamentEvent(type="pairings", at=now, round=r.number, games=games,
                                          byes=[b.player for b in r.byes]))
        for x in sorted(r.results, key=lambda x: x.table):
            if x.table not in before.get(r.number, ()):
                events.append(TournamentEvent(type="result", at=now, round=r.number, table=x.table, winner=x.winner,
                                              match_id=match_id_for(tournament_id, r.number, x.table)))
    for number in range(old_rounds_created + 1, rounds_created + 1):
        events.append(TournamentEvent(type="round_started", at=now, round=number))
    if new.closed and not (old and old.closed):
        events.append(TournamentEvent(type="tournament_ended", at=now, winner=winner(new)))
    return events

