"""Request and response bodies of the tournament endpoints, and how a stored tournament is shown."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from domain.registry import game_named
from domain.tournaments import Standing, standings, winner
from domain.tournaments.matches import SeatRule
from service.api.views import public_options
from service.tournaments import Schedule, StoredTournament, match_id_for


class FormatOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``rounds``: Swiss only (default ``ceil(log2 players)``); ``double``: round robin only, a
    second cycle with the seats swapped."""

    rounds: Annotated[int, msgspec.Meta(ge=1, le=64)] | None = None
    double: bool = False


class CreateTournament(msgspec.Struct, forbid_unknown_fields=True):
    """``players``: account ids in seed order (best first). Every game is a match of ``game`` with
    ``game_options``; ``seat_rule`` says who takes which seat (``pairing``: the pairing's first
    player takes the game's first seat; ``random``; ``choose``: the pairing's first player chooses
    in the pregame). Without a ``schedule`` a match starts when both players are ready."""

    name: Annotated[str, msgspec.Meta(min_length=1, max_length=100)]
    format: Literal["single_elimination", "round_robin", "swiss"]
    players: Annotated[list[str], msgspec.Meta(min_length=2, max_length=256)]
    game: Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
    game_options: dict[str, Any] = {}
    seat_rule: SeatRule = "pairing"
    format_options: FormatOptions = FormatOptions()
    schedule: Schedule | None = None


class GameView(msgspec.Struct):
    """One game of a round: ``players`` (first seat first), its ``match_id``, and its result once
    recorded (``finished``; ``winner`` null then means a draw)."""

    table: int
    players: list[str]
    match_id: str
    finished: bool
    winner: str | None


class RoundView(msgspec.Struct):
    number: int
    status: Literal["open", "closed"]
    games: list[GameView]
    byes: list[str]


class TournamentView(msgspec.Struct):
    """A tournament: ``status`` ``running`` until its last round is closed; ``seed`` orders
    equally-scored Swiss players (reproducible pairings)."""

    id: str
    name: str
    format: str
    status: Literal["running", "finished"]
    organizer: str
    game: str
    game_options: dict[str, Any]
    seat_rule: SeatRule
    schedule: Schedule | None
    players: list[str]
    seed: int
    total_rounds: int
    created_at: int
    finished_at: int | None
    winner: str | None
    rounds: list[RoundView]
    standings: list[Standing]


class TournamentSummary(msgspec.Struct):
    id: str
    name: str
    format: str
    status: Literal["running", "finished"]
    game: str
    players: int
    rounds: int
    total_rounds: int
    created_at: int


def tournament_view(stored: StoredTournament, owner: bool) -> TournamentView:
    """The tournament as a caller sees it: ``owner`` (its organizer, or an admin) sees the game
    options the game keeps from players (MonUnrail's ``supply``, Deep Sea Voyage's ``boards``)."""
    t = stored.tournament
    options = stored.game_options if owner else public_options(game_named(stored.game), stored.game_options)
    rounds = []
    for r in t.rounds:
        results = {x.table: x.winner for x in r.results}
        games = [GameView(table=p.table, players=list(p.seats), match_id=match_id_for(stored.id, r.number, p.table),
                          finished=p.table in results, winner=results.get(p.table)) for p in r.pairings]
        closed = t.closed or r.number < len(t.rounds)
        rounds.append(RoundView(number=r.number, status="closed" if closed else "open", games=games,
                                byes=[b.player for b in r.byes]))
    return TournamentView(
        id=stored.id, name=stored.name, format=t.format, status="finished" if t.closed else "running",
        organizer=stored.organizer, game=stored.game, game_options=options, seat_rule=stored.seat_rule,
        schedule=stored.schedule, players=list(t.players), seed=t.seed, total_rounds=t.total_rounds,
        created_at=stored.created_at, finished_at=stored.finished_at,
        winner=winner(t), rounds=rounds, standings=standings(t))


def tournament_summary(stored: StoredTournament) -> TournamentSummary:
    t = stored.tournament
    return TournamentSummary(id=stored.id, name=stored.name, format=t.format,
                             status="finished" if t.closed else "running", game=stored.game, players=len(t.players),
                             rounds=len(t.rounds), total_rounds=t.total_rounds, created_at=stored.created_at)
