"""The ratings operations (``docs/ratings.md``): open to anyone, a profile, a rating history, a
leaderboard, the built-in bots; with the account's own token, the organizers it lets seat it in
rated matches (its consents). Part of :class:`~deathmatch_client.endpoints.Endpoints`.

>>> from deathmatch_client import Client
>>> with Client("http://127.0.0.1:8000") as anyone:  # doctest: +SKIP
...     for row in anyone.leaderboard("cairo", provisional=True).rows:
...         print(row.rank, row.name, round(row.rating), "±", round(row.deviation))
"""

from __future__ import annotations

from typing import Any

from deathmatch_client.calls import Call
from deathmatch_client.rating_types import AccountProfile, Bot, Consent, Leaderboard, RatingHistory


class RatingEndpoints:
    """A subclass supplies ``send(call)``."""

    def send(self, call: Call) -> Any:
        raise NotImplementedError

    def profile(self, account_id: str) -> AccountProfile:
        """Any account's public profile: its name, its ``ratings`` by game, its unfinished matches
        (a built-in bot's ``level`` too). 404 ``account_not_found``."""
        return self.send(Call("GET", f"/accounts/{account_id}", AccountProfile))

    def rating_history(self, account_id: str, game: str, *, offset: int = 0, limit: int = 50) -> RatingHistory:
        """A page of ``account_id``'s rated games of ``game``, newest first, each with the rating
        after it (``limit`` at most 200)."""
        params = {"offset": offset, "limit": limit}
        return self.send(Call("GET", f"/accounts/{account_id}/ratings/{game}", RatingHistory, params=params))

    def leaderboard(self, game: str, *, offset: int = 0, limit: int = 50, provisional: bool = False) -> Leaderboard:
        """A page of ``game``'s leaderboard, highest rating first; players still provisional
        (fewer than about seven games) only with ``provisional=True``."""
        params = {"offset": offset, "limit": limit, "provisional": "true" if provisional else "false"}
        return self.send(Call("GET", f"/games/{game}/leaderboard", Leaderboard, params=params))

    def bots(self) -> list[Bot]:
        """The built-in bots (ids such as ``bot_greedy_2``), their levels and games: seat them in
        a match or a tournament and the server's workers play them."""
        return self.send(Call("GET", "/bots", list[Bot]))

    def consents(self) -> list[Consent]:
        """The organizers the caller lets seat it in rated matches, oldest first."""
        return self.send(Call("GET", "/accounts/me/consents", list[Consent]))

    def give_consent(self, organizer_id: str) -> Consent:
        """Let ``organizer_id`` seat the caller in rated matches (its bulk pairings, its tournaments'
        lists of players); with the account's own token only (403 ``own_token_only``). Again: no change."""
        return self.send(Call("PUT", f"/accounts/me/consents/{organizer_id}", Consent))

    def withdraw_consent(self, organizer_id: str) -> None:
        """The organizer no longer seats the caller in rated matches (matches created stay)."""
        return self.send(Call("DELETE", f"/accounts/me/consents/{organizer_id}", None))
