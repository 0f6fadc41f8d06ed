"""What the tournament endpoints answer (``docs/tournaments.md``): a tournament, its standings, its
list's summaries and the events of its stream. Unknown fields are ignored, so a newer server still
decodes.

>>> import msgspec
>>> event = msgspec.json.decode(b'{"type": "result", "at": 1700000000000, "round": 1, "table": 2,'
...     b' "match_id": "t_x-r1-t2", "winner": "bot_random_3"}', type=TournamentEvent)
>>> event.type, event.round, event.winner
('result', 1, 'bot_random_3')
"""

from __future__ import annotations

from typing import Any

import msgspec



class Standing(msgspec.Struct):
    """A player's place: ``player`` (an account id) and its ``name``; the tie-breaks its format uses
    (``buchholz``, ``sonneborn_berger`` in Swiss, ``round_reached`` in single elimination)."""

    player: str
    points: float
    rank: int
    name: str | None = None
    withdrawn: bool = False
    round_reached: int | None = None
    buchholz: float | None = None
    sonneborn_berger: float | None = None
    kind: str = "player"
    """``player``, ``organizer`` or ``bot``: shown beside the name."""


class TournamentGame(msgspec.Struct):
    """A game of a round: ``players`` (first seat first), its match, and its result once recorded
    (``forfeit``: won without being played, a withdrawal)."""

    table: int
    players: list[str]
    match_id: str
    finished: bool
    winner: str | None
    forfeit: bool = False


class Round(msgspec.Struct):
    number: int
    status: str
    games: list[TournamentGame]
    byes: list[str]


class Change(msgspec.Struct):
    """A withdrawal (``player`` left in ``round``) or a replacement (by ``replaced_by``)."""

    player: str
    round: int
    replaced_by: str | None = None


class CorrectionRecord(msgspec.Struct):
    """A result corrected by the organizer: the game (``round``, ``table``), the ``previous`` and
    new ``winner`` (``None``: a draw), who corrected it and when (server ms)."""

    round: int
    table: int
    previous: str | None
    winner: str | None
    by: str
    at: int


class Tournament(msgspec.Struct):
    """A tournament: ``status`` is ``registering`` (sign-up open), ``running``, ``paused`` or
    ``finished``; ``names`` gives every player's name by account id."""

    id: str
    name: str
    format: str
    status: str
    game: str
    players: list[str]
    total_rounds: int
    created_at: int
    rounds: list[Round]
    standings: list[Standing]
    organizer: str = ""
    game_options: dict[str, Any] = {}
    seat_rule: str = "pairing"
    schedule: dict[str, Any] | None = None
    seed: int = 0
    finished_at: int | None = None
    winner: str | None = None
    started_at: int | None = None
    registration_closes_at: int | None = None
    names: dict[str, str] = {}
    kinds: dict[str, str] = {}
    """Every player's kind by id: ``player``, ``organizer`` or ``bot``."""
    withdrawals: list[Change] = []
    replacements: list[Change] = []
    corrections: list[CorrectionRecord] = []


class TournamentSummary(msgspec.Struct):
    """A line of ``GET /tournaments``: ``players`` and ``rounds`` (created so far) are counts."""

    id: str
    name: str
    format: str
    game: str
    status: str
    players: int
    rounds: int
    total_rounds: int
    created_at: int


class TableGame(msgspec.Struct):
    """A game of a ``pairings`` event: the table, its players (first seat first) and its match."""

    table: int
    players: list[str]
    match_id: str


class TournamentEvent(msgspec.Struct):
    """One change on the tournament stream, tagged by ``type``: ``player_joined``, ``player_left``,
    ``tournament_started``, ``pairings`` (``round``, ``games``, ``byes``), ``round_started``,
    ``result`` (``round``, ``table``, ``match_id``, ``winner``), ``paused``, ``resumed``,
    ``player_withdrawn``, ``player_replaced`` (``player``, ``replaced_by``), ``result_corrected``,
    ``tournament_ended`` (``winner``); ``at`` is server ms."""

    type: str
    at: int
    round: int | None = None
    table: int | None = None
    match_id: str | None = None
    winner: str | None = None
    player: str | None = None
    players: list[str] | None = None
    replaced_by: str | None = None
    by: str | None = None
    games: list[TableGame] | None = None
    byes: list[str] | None = None


class GameRecord(msgspec.Struct):
    """A tournament game's match record (``tournament_records``): the text of
    :meth:`~deathmatch_client.Client.record` for the match of ``round``, ``table``."""

    round: int
    table: int
    match_id: str
    record: str
