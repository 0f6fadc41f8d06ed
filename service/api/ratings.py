"""Ratings served: an account's public profile, its rating history in a game, and a game's
leaderboard (:mod:`service.ratings.ratings`). Anyone may read them."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from litestar import Controller, get
from litestar.params import Parameter

from service.accounts.accounts import Account, Caller, Kind
from service.api.deps import problems
from service.api.games import GameName, known_game
from service.api.records import AccountId
from service.bots.accounts import BOT_ACCOUNTS
from service.http.problems import NotFound
from service.matches.read_models import ACTIVE
from service.ratings.model import PROVISIONAL_DEVIATION, Standing
from service.wiring import Services

PAGE = 50
"""Rows a leaderboard or history page shows unless ``limit`` asks for fewer or more."""
PAGE_MAX = 200
OFFSET_MAX = 1_000_000

Offset = Annotated[int, Parameter(ge=0, le=OFFSET_MAX, description="How many rows to pass over first.")]
Limit = Annotated[int, Parameter(ge=1, le=PAGE_MAX, description=f"How many rows (default {PAGE}, at most {PAGE_MAX}).")]


class GameRating(msgspec.Struct, frozen=True):
    """An account's rating in one game (openskill's Plackett-Luce model on a 1500 scale: ``rating``
    is the estimate, ``deviation`` its uncertainty) and its rated games there. ``provisional``:
    the deviation is still above 300 (a few games more)."""

    rating: float
    deviation: float
    games: int
    wins: int
    losses: int
    draws: int
    provisional: bool


class AccountProfile(msgspec.Struct, frozen=True):
    """An account as anyone may see it: its name, its ratings in the games it has played rated
    (by game), the ids of its unfinished matches, and for a built-in bot its level."""

    id: str
    name: str
    is_bot: bool
    level: int | None
    level_name: str | None
    ratings: dict[str, GameRating]
    current_matches: list[str]
    kind: Kind = "player"
    """What the account is, shown beside its name: ``player``, ``organizer`` or ``bot`` (a built-in bot)."""


class LeaderboardRow(msgspec.Struct, frozen=True):
    rank: int
    account_id: str
    name: str | None
    is_bot: bool
    rating: float
    deviation: float
    games: int
    wins: int
    losses: int
    draws: int
    provisional: bool
    kind: Kind | None = None
    """What the account is: ``player``, ``organizer`` or ``bot`` (``null``: an account no longer stored)."""


class Leaderboard(msgspec.Struct, frozen=True):
    """A page of a game's leaderboard, highest rating first; ``rank`` counts from 1 over the
    whole list (established players only, unless ``provisional`` was asked)."""

    game: str
    provisional: bool
    offset: int
    rows: list[LeaderboardRow]


class RatingHistoryEntry(msgspec.Struct, frozen=True):
    """The account's rating after one rated game: the match, when it ended (server ms), its
    outcome for the account, and the rating, deviation and games played after it."""

    match_id: str
    finished_at: int
    outcome: Literal["win", "loss", "draw"]
    rating: float
    deviation: float
    games: int


class RatingHistory(msgspec.Struct, frozen=True):
    """A page of an account's rating history in one game, newest first."""

    account_id: str
    game: str
    offset: int
    entries: list[RatingHistoryEntry]


def game_rating(s: Standing) -> GameRating:
    return GameRating(rating=s.rating, deviation=s.deviation, games=s.games, wins=s.wins, losses=s.losses,
                      draws=s.draws, provisional=s.provisional)


async def known_account(services: Services, account_id: str) -> Account:
    """The account; a 404 ``account_not_found`` for an unknown id."""
    account = await services.accounts.get(account_id)
    if account is not None:
        return account
    if account_id in BOT_ACCOUNTS:
        return Account(id=account_id, name=BOT_ACCOUNTS[account_id].name)
    raise NotFound("account_not_found", f"There is no account {account_id!r}.")


class RatingController(Controller):
    path = "/"

    @get("/accounts/{account_id:str}", operation_id="getAccountProfile", tags=["accounts"],
         summary="An account's public profile: name, ratings by game, unfinished matches",
         responses=problems(400, 401, 404))
    async def profile(self, account_id: AccountId, services: Services, caller: Caller | None) -> AccountProfile:
        """Anyone may read it. ``ratings`` has the games the account has played rated;
        ``current_matches`` the ids of its unfinished matches (as ``GET /matches`` lists them)."""
        account = await known_account(services, account_id)
        current = await services.read_models.active_for(account_id)  # (drops the matches found over)
        bot = BOT_ACCOUNTS.get(account_id)
        return AccountProfile(
            id=account_id, name=account.name, kind=account.kind, is_bot=bot is not None, level=bot.level if bot else None,
            level_name=bot.level_name if bot else None,
            ratings={game: game_rating(s) for game, s in (await services.ratings.standings(account_id)).items()},
            current_matches=[s.id for s in current if s.status in ACTIVE])

    @get("/accounts/{account_id:str}/ratings/{game:str}", operation_id="listAccountRatingHistory",
         tags=["accounts"], summary="An account's rating after each of its rated games in one game, newest first",
         responses=problems(400, 401, 404))
    async def history(self, account_id: AccountId, game: GameName, services: Services, caller: Caller | None,
                      offset: Offset = 0, limit: Limit = PAGE) -> RatingHistory:
        name = known_game(game).name
        await known_account(services, account_id)
        entries = await services.ratings.history(name, account_id, offset, limit)
        return RatingHistory(account_id=account_id, game=name, offset=offset, entries=[
            RatingHistoryEntry(match_id=e.match_id, finished_at=e.finished_at, outcome=e.outcome,
                               rating=e.standing.rating, deviation=e.standing.deviation, games=e.standing.games)
            for e in entries])

    @get("/games/{game:str}/leaderboard", operation_id="getLeaderboard", tags=["games"],
         summary="A game's leaderboard, highest rating first, a page at a time",
         responses=problems(400, 401, 404))
    async def leaderboard(self, game: GameName, services: Services, caller: Caller | None,
                          offset: Offset = 0, limit: Limit = PAGE,
                          provisional: Annotated[bool, Parameter(description=(
                              f"Also list provisional players (deviation above {PROVISIONAL_DEVIATION:g}: "
                              "too few games to be sure of); by default they are left out."))] = False
                          ) -> Leaderboard:
        """Every account with a rated game in ``game`` whose deviation is at most 300, by rating
        (``provisional=true``: every account with a rated game). Built-in bots are rated like anyone,
        so each level has its place on the board."""
        name = known_game(game).name
        entries = await services.ratings.leaderboard(name, offset, limit, provisional)
        accounts = await services.accounts.get_many([e.account for e in entries])
        rows = []
        for rank, entry in enumerate(entries, start=offset + 1):
            s = entry.standing
            found = accounts.get(entry.account)
            rows.append(LeaderboardRow(rank=rank, account_id=entry.account, name=found.name if found else None,
                                       kind=found.kind if found else None,
                                       is_bot=entry.account in BOT_ACCOUNTS, rating=s.rating, deviation=s.deviation,
                                       games=s.games, wins=s.wins, losses=s.losses, draws=s.draws,
                                       provisional=s.provisional))
        return Leaderboard(game=name, provisional=provisional, offset=offset, rows=rows)
