"""What the ratings endpoints answer (``docs/ratings.md``): an account's public profile, its rating
history in one game, a game's leaderboard, and the built-in bots. Unknown fields are ignored.

>>> import msgspec
>>> row = msgspec.json.decode(b'{"rank": 1, "account_id": "bot_sane_1", "name": "Sane 1", "rating": 1612.5,'
...     b' "deviation": 140.2, "games": 12, "wins": 9, "losses": 2, "draws": 1, "provisional": false,'
...     b' "is_bot": true}', type=LeaderboardRow)
>>> f"{row.rank}. {row.name} {row.rating:.0f} ± {row.deviation:.0f}"
'1. Sane 1 1612 ± 140'
"""

from __future__ import annotations

from typing import Literal

import msgspec


class GameRating(msgspec.Struct):
    """An account's rating in one game: ``rating`` ± ``deviation`` (how unsure it is) after
    ``games`` rated games; ``provisional`` while the deviation is above 300."""

    rating: float
    deviation: float
    games: int
    wins: int
    losses: int
    draws: int
    provisional: bool


class AccountProfile(msgspec.Struct):
    """Any account's public profile (``GET /accounts/{id}``): its ``ratings`` by game (the games
    it has played rated), its unfinished matches, and, for a built-in bot, its ``level``."""

    id: str
    name: str
    is_bot: bool
    ratings: dict[str, GameRating]
    current_matches: list[str]
    level: int | None = None
    level_name: str | None = None


class RatingEntry(msgspec.Struct):
    """One rated game of a history: how it went (``outcome``) and the rating after it."""

    match_id: str
    finished_at: int
    outcome: Literal["win", "loss", "draw"]
    rating: float
    deviation: float
    games: int


class RatingHistory(msgspec.Struct):
    """A page of an account's rating history in ``game``, newest first, from ``offset``."""

    account_id: str
    game: str
    offset: int
    entries: list[RatingEntry]


class LeaderboardRow(msgspec.Struct):
    """An account's place on a game's leaderboard."""

    rank: int
    account_id: str
    name: str | None
    rating: float
    deviation: float
    games: int
    wins: int
    losses: int
    draws: int
    provisional: bool
    is_bot: bool


class Leaderboard(msgspec.Struct):
    """A page of a game's leaderboard, highest rating first, from ``offset``; provisional players
    only if ``provisional``."""

    game: str
    offset: int
    provisional: bool
    rows: list[LeaderboardRow]


class Bot(msgspec.Struct):
    """A built-in bot (``GET /bots``): its account ``id`` (seat it in a match or a tournament), its
    ``level`` and the games it plays; ``ready`` whether it plays now (false while the server's
    workers warm up or none runs) and ``status`` why not, in a sentence."""

    id: str
    name: str
    level: int
    level_name: str
    games: list[str]
    ready: bool = True
    status: str = ""


class Consent(msgspec.Struct):
    """An organizer the account lets seat it in rated matches (its bulk pairings, its tournaments'
    lists of players), since ``given_at`` (server ms)."""

    organizer: str
    organizer_name: str | None
    given_at: int
