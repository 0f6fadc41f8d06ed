"""A thin typed Python client for the game server, sharing the server's own msgspec types
(:mod:`service.api.schemas`), so a response is decoded into the same structs the server encoded.

>>> from client import Client, ProblemError
>>> # bob = Client("http://127.0.0.1:8000", token)
>>> # view = bob.match(match_id); view.game, view.to_move, view.state  (the game's own view struct)
>>> # bob.command(match_id, {"type": "cairo_place", "cell": "Gl"})

Every refusal raises :class:`ProblemError` with the problem document's ``status``, ``code`` and
``detail``; commands carry a fresh ``Idempotency-Key`` unless you give one, so a retry after a
network error can never act twice.
"""

from __future__ import annotations

import uuid
from typing import Any, TypeVar

import httpx
import msgspec

from service.api.schemas import (
    Accepted,
    AccountOut,
    Challenges,
    EventsPage,
    LegalMoves,
    MatchView,
    NewAccount,
    TurnPlayed,
    YourTurn,
)

T = TypeVar("T")


class ProblemError(Exception):
    """The server refused: ``status`` (HTTP), ``code`` (stable) and ``detail`` (a sentence)."""

    def __init__(self, status: int, code: str, detail: str):
        super().__init__(f"{status} {code}: {detail}")
        self.status, self.code, self.detail = status, code, detail


class Client:
    """One account's view of the server (``token`` may be ``None`` for a spectator)."""

    def __init__(self, base_url: str, token: str | None = None, timeout: float = 70.0):
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        self.http = httpx.Client(base_url=base_url.rstrip("/"), headers=headers, timeout=timeout)

    def close(self) -> None:
        self.http.close()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------ plumbing
    def _call(self, type_: type[T], method: str, path: str, **kwargs: Any) -> T:
        response = self.http.request(method, path, **kwargs)
        if response.status_code >= 400:
            problem = response.json() if response.headers.get("content-type", "").endswith("json") else {}
            raise ProblemError(response.status_code, problem.get("code", "http_error"),
                               problem.get("detail", response.text))
        return msgspec.json.decode(response.content, type=type_)

    # ------------------------------------------------------------ accounts
    def create_account(self, name: str, organizer: bool = False) -> NewAccount:
        """A new account; its ``token`` is shown only in this answer."""
        return self._call(NewAccount, "POST", "/accounts", json={"name": name, "organizer": organizer})

    def me(self) -> AccountOut:
        return self._call(AccountOut, "GET", "/accounts/me")

    def turns(self) -> list[YourTurn]:
        """The matches waiting on this account now, soonest deadline first."""
        return self._call(list[YourTurn], "GET", "/accounts/me/turns")

    # ------------------------------------------------------------ matches
    def create_match(self, game: str, seats: dict[str, str | None], options: dict | None = None,
                     **extra: Any) -> MatchView:
        """``extra``: ``priority``, ``starts_at``, ``pregame_ms``."""
        body = {"game": game, "seats": seats, "options": options or {}, **extra}
        return self._call(MatchView, "POST", "/matches", json=body)

    def match(self, match_id: str) -> MatchView:
        return self._call(MatchView, "GET", f"/matches/{match_id}")

    def ready(self, match_id: str) -> Accepted:
        """Say ready (which also accepts a challenge)."""
        return self._call(Accepted, "POST", f"/matches/{match_id}/ready")

    def challenges(self) -> Challenges:
        """The challenges this account has received (accept or decline them) and sent."""
        return self._call(Challenges, "GET", "/accounts/me/challenges")

    def accept(self, match_id: str) -> Accepted:
        return self._call(Accepted, "POST", f"/matches/{match_id}/accept")

    def decline(self, match_id: str) -> Accepted:
        return self._call(Accepted, "POST", f"/matches/{match_id}/decline")

    def cancel(self, match_id: str) -> Accepted:
        """Withdraw a match this account created that has not started."""
        return self._call(Accepted, "POST", f"/matches/{match_id}/cancel")

    def command(self, match_id: str, body: dict[str, Any] | msgspec.Struct, *, idempotency_key: str | None = None,
                expected_version: int | None = None) -> Accepted:
        """Send a command (a dict, or one of the game's command structs)."""
        params = {} if expected_version is None else {"expected_version": expected_version}
        return self._post_command(Accepted, f"/matches/{match_id}/commands", body, idempotency_key, params)

    def turn(self, match_id: str, body: dict[str, Any] | msgspec.Struct, *, wait: float = 30,
             idempotency_key: str | None = None) -> TurnPlayed:
        """Send a command and wait up to ``wait`` seconds for what follows it (``.next``: the
        events after it and your legal moves there) -- a bot's whole turn in one request."""
        return self._post_command(TurnPlayed, f"/matches/{match_id}/turn", body, idempotency_key, {"wait": wait})

    def _post_command(self, type_: type[T], path: str, body: dict[str, Any] | msgspec.Struct,
                      idempotency_key: str | None, params: dict[str, Any]) -> T:
        return self._call(type_, "POST", path, params=params,
                          content=body if isinstance(body, bytes) else msgspec.json.encode(body),
                          headers={"Content-Type": "application/json",
                                   "Idempotency-Key": idempotency_key or str(uuid.uuid4())})

    def legal_moves(self, match_id: str, seat: str | None = None) -> list[str]:
        """Every legal move of ``seat`` (the caller's own by default), read page by page."""
        moves: list[str] = []
        while True:
            params = {"offset": len(moves), "limit": 1000, **({"seat": seat} if seat else {})}
            page = self._call(LegalMoves, "GET", f"/matches/{match_id}/legal-moves", params=params)
            moves += page.moves
            if not page.moves or len(moves) >= page.total:
                return moves

    def events(self, match_id: str, after: int = 0, wait: float = 0, legal_moves: bool = False) -> EventsPage:
        """Events after version ``after``; with ``wait`` (seconds) a long-poll for the first one; with
        ``legal_moves`` the page also lists the caller's legal moves at its ``version``."""
        params: dict = {"after": after, "wait": wait}
        if legal_moves:
            params["legal_moves"] = "true"
        return self._call(EventsPage, "GET", f"/matches/{match_id}/events", params=params)


__all__ = ["Client", "ProblemError"]
