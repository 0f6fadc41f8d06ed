"""Request and response bodies of the tournament endpoints, and how a stored tournament is shown."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from domain.registry import game_named
from domain.tournaments import Tournament, standings, winner
from domain.tournaments.matches import SeatRule
from service.accounts.accounts import Kind
from service.api.views import public_options
from service.tournaments.tournaments import Schedule, StoredTournament, match_id_for

Status = Literal["registering", "running", "paused", "finished"]


class FormatOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``rounds``: Swiss only (default ``ceil(log2 players)``); ``double``: round robin only, a
    second cycle with the seats swapped."""

    rounds: Annotated[int, msgspec.Meta(ge=1, le=64)] | None = None
    double: bool = False


class CreateTournament(msgspec.Struct, forbid_unknown_fields=True):
    """``players``: account ids in seed order (best first). Every game is a match of ``game`` with
    ``game_options``; ``seat_rule`` says who takes which seat (``pairing``: the pairing's first
    player takes the game's first seat; ``random``; ``choose``: the pairing's first player chooses
    in the pregame). Without a ``schedule`` a match starts when both players are ready.
    ``registration``: the tournament opens for sign-up instead of starting at once (``players``,
    perhaps none, are signed up already); sign-up closes at ``registration_closes_at`` (if given)
    or when the organizer starts it (``POST /tournaments/{id}/start``)."""

    name: Annotated[str, msgspec.Meta(min_length=1, max_length=100)]
    format: Literal["single_elimination", "round_robin", "swiss"]
    game: Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
    players: Annotated[list[str], msgspec.Meta(max_length=256)] = []
    game_options: dict[str, Any] = {}
    seat_rule: SeatRule = "pairing"
    format_options: FormatOptions = FormatOptions()
    schedule: Schedule | None = None
    registration: bool = False
    registration_closes_at: Annotated[int, msgspec.Meta(ge=1, le=2**53)] | None = None


class StandingView(msgspec.Struct):
    """A player's standing (``name``: its account's name); ``withdrawn`` players keep their place."""

    rank: int
    player: str
    name: str
    points: float
    buchholz: float = 0.0
    sonneborn_berger: float = 0.0
    round_reached: int = 0
    withdrawn: bool = False
    kind: Kind = "player"
    """What the player's account is: ``player``, ``organizer`` or ``bot`` (a built-in bot)."""


class CorrectionView(msgspec.Struct):
    """A recorded result an organizer changed (``previous`` / ``winner``: ``null`` is a draw)."""

    round: int
    table: int
    previous: str | None
    winner: str | None
    by: str
    at: int


class ChangeView(msgspec.Struct):
    """A withdrawal (``player``) or a replacement (``player`` replaced by ``replaced_by``), made
    while round ``round`` was open."""

    round: int
    player: str
    replaced_by: str | None = None


class GameView(msgspec.Struct):
    """One game of a round: ``players`` (first seat first), its ``match_id``, and its result once
    recorded (``finished``; ``winner`` null then means a draw)."""

    table: int
    players: list[str]
    match_id: str
    finished: bool
    winner: str | None
    forfeit: bool = False


class RoundView(msgspec.Struct):
    number: int
    status: Literal["open", "closed"]
    games: list[GameView]
    byes: list[str]


class TournamentView(msgspec.Struct):
    """A tournament: ``status`` ``registering`` while open for sign-up (``players`` are those signed
    up, in order; no rounds yet), then ``running`` (or ``paused``) until its last round is closed;
    ``seed`` orders equally-scored Swiss players (reproducible pairings). ``names``: every player's
    account name by id."""

    id: str
    name: str
    format: str
    status: Status
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
    standings: list[StandingView]
    names: dict[str, str]
    kinds: dict[str, Kind] = {}
    """Every player's kind by id, shown beside its name: ``player``, ``organizer`` or ``bot``."""
    registration_closes_at: int | None = None
    started_at: int | None = None
    withdrawals: list[ChangeView] = []
    replacements: list[ChangeView] = []
    corrections: list[CorrectionView] = []


class TournamentSummary(msgspec.Struct):
    id: str
    name: str
    format: str
    status: Status
    game: str
    players: int
    rounds: int
    total_rounds: int
    created_at: int


def status_of(stored: StoredTournament) -> Status:
    t = stored.tournament
    if t is None:
        return "registering"
    return "finished" if t.closed else "paused" if stored.paused else "running"


def standing_views(stored: StoredTournament) -> list[StandingView]:
    """The standings, each with the player's name."""
    if stored.tournament is None:
        return []
    return [StandingView(**msgspec.to_builtins(s), name=stored.names.get(s.player, s.player),
                         kind=stored.kind_of(s.player))
            for s in standings(stored.tournament)]


def tournament_view(stored: StoredTournament, owner: bool) -> TournamentView:
    """The tournament as a caller sees it: ``owner`` (its organizer, or an admin) sees the game
    options the game keeps from players (MonUnrail's ``supply``, Deep Sea Voyage's ``boards``)."""
    t = stored.tournament
    options = stored.game_options if owner else public_options(game_named(stored.game), stored.game_options)
    common = dict(id=stored.id, name=stored.name, organizer=stored.organizer, game=stored.game, game_options=options,
                  seat_rule=stored.seat_rule, schedule=stored.schedule, created_at=stored.created_at,
                  finished_at=stored.finished_at, status=status_of(stored), names=stored.names,
                  kinds={player: stored.kind_of(player) for player in stored.names},
                  registration_closes_at=stored.registration_closes_at, started_at=stored.started_at)
    if t is None:
        return TournamentView(format=stored.format, players=list(stored.registered), seed=0, total_rounds=0,
                              winner=None, rounds=[], standings=[], **common)
    return TournamentView(format=t.format, players=list(t.players), seed=t.seed, total_rounds=t.total_rounds,
                          winner=winner(t), rounds=round_views(stored.id, t), standings=standing_views(stored),
                          withdrawals=[ChangeView(round=w.round, player=w.player) for w in t.withdrawals],
                          replacements=[ChangeView(round=r.round, player=r.old, replaced_by=r.new)
                                        for r in t.replacements],
                          corrections=[CorrectionView(**msgspec.to_builtins(c)) for c in t.corrections], **common)


def round_views(tournament_id: str, t: Tournament) -> list[RoundView]:
    rounds = []
    for r in t.rounds:
        results = {x.table: x for x in r.results}
        games = [GameView(table=p.table, players=list(p.seats), match_id=match_id_for(tournament_id, r.number, p.table),
                          finished=p.table in results, winner=results[p.table].winner if p.table in results else None,
                          forfeit=p.table in results and results[p.table].forfeit) for p in r.pairings]
        closed = t.closed or r.number < len(t.rounds)
        rounds.append(RoundView(number=r.number, status="closed" if closed else "open", games=games,
                                byes=[b.player for b in r.byes]))
    return rounds


def tournament_summary(stored: StoredTournament) -> TournamentSummary:
    t = stored.tournament
    players = len(t.players) if t else len(stored.registered)
    return TournamentSummary(id=stored.id, name=stored.name, format=t.format if t else stored.format,
                             status=status_of(stored), game=stored.game, players=players,
                             rounds=len(t.rounds) if t else 0, total_rounds=t.total_rounds if t else 0,
                             created_at=stored.created_at)
