"""A Python client for the death-match game server (Trax, Duorail, MonUnrail, Cairo Corridor,
Deep Sea Voyage): :class:`Client` blocks, :class:`AsyncClient` has the same methods for asyncio.

>>> from deathmatch_client import Client, ProblemError
>>> bob = Client("http://127.0.0.1:8000", token="...")  # doctest: +SKIP
>>> for item in bob.iter_account_stream():  # doctest: +SKIP
...     print(item)  # Turns(...), then FeedItem(type='your_turn', match_id=..., action='play', ...)

Every refusal raises :class:`ProblemError` with the problem's ``status``, stable ``code`` and
``detail``; an answer that is not the API (too large, undecodable) raises :class:`BadResponse`;
a network failure raises httpx's own errors. Commands carry a fresh ``Idempotency-Key`` unless
given one, so a retry after a network error never acts twice.
"""

from deathmatch_client.async_client import AsyncClient
from deathmatch_client.bot_loop import run_bot
from deathmatch_client.endpoints import ProblemError
from deathmatch_client.sse import BadResponse
from deathmatch_client.sync_client import Client
from deathmatch_client.types import (
    OVER, Accepted, Account, AccountProfile, Bot, Challenge, Challenges, Change, Consent, CorrectionRecord, Deadline,
    Event, EventsPage, FeedItem, GameRating, GameRecord, Leaderboard, LeaderboardRow, LegalMove,
    LegalMovesPage, Match, MatchSummary, NewAccount, NewWebhook, PastGame, Player, RatingEntry, RatingHistory,
    Result, Round, Seat, Standing, TableGame, Tournament, TournamentEvent, TournamentGame, TournamentSummary,
    Turn, TurnPlayed, Turns, Webhook,
)

__version__ = "0.1.0"
__all__ = [
    "OVER", "Accepted", "Account", "AccountProfile", "AsyncClient", "BadResponse", "Bot", "Challenge",
    "Challenges", "Change", "Client", "Consent", "CorrectionRecord", "Deadline", "Event", "EventsPage", "FeedItem",
    "GameRating", "GameRecord", "Leaderboard", "LeaderboardRow", "LegalMove", "LegalMovesPage", "Match",
    "MatchSummary", "NewAccount", "NewWebhook", "PastGame", "Player", "ProblemError", "RatingEntry",
    "RatingHistory", "Result", "Round", "run_bot", "Seat", "Standing", "TableGame", "Tournament",
    "TournamentEvent", "TournamentGame", "TournamentSummary", "Turn", "TurnPlayed", "Turns", "Webhook",
]
