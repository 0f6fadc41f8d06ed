"""Every operation of the API, written once: each method describes its request as a :class:`Call`
and hands it to ``self.send``, which :class:`~deathmatch_client.Client` performs at once and
:class:`~deathmatch_client.AsyncClient` as a coroutine (``await client.match(id)``).

>>> Call("GET", "/accounts/me", Account).method
'GET'
"""

from __future__ import annotations

import time
from typing import Any

import httpx
import msgspec

from deathmatch_client.calls import Call, Lines
from deathmatch_client.rating_endpoints import RatingEndpoints
from deathmatch_client.sse import BadResponse
from deathmatch_client.tournament_endpoints import TournamentEndpoints
from deathmatch_client.types import (
    Accepted, Account, Challenges, Event, EventsPage, FeedItem, LegalMovesPage, Match, MatchSummary, NewAccount,
    NewWebhook, PastGame, Problem, Turn, TurnPlayed, Turns, Webhook,
)

MAX_RESPONSE_BYTES = 16 * 2**20
RETRIED_STATUSES = (429, 502, 503, 504)
"""Refusals a stream waits out and reconnects after (too many streams, a server restarting)."""


class ProblemError(Exception):
    """The server refused: ``status`` (HTTP), ``code`` (stable, e.g. ``not_your_turn``) and
    ``detail`` (a sentence)."""

    def __init__(self, status: int, code: str, detail: str):
        super().__init__(f"{status} {code}: {detail}")
        self.status, self.code, self.detail = status, code, detail


def check_size(size: int, limit: int) -> None:
    if size > limit:
        raise BadResponse(f"an answer larger than {limit} bytes")


def check_time(deadline: float) -> None:
    """A server that dribbles its answer a byte at a time still meets the request's whole timeout."""
    if time.monotonic() > deadline:
        raise httpx.ReadTimeout("the answer took longer than its timeout")


def decode_answer(call: Call, status: int, body: bytes) -> Any:
    """The answer's body as ``call.answer``, or the refusal raised as a :class:`ProblemError`."""
    if status >= 400:
        try:
            problem = msgspec.json.decode(body, type=Problem)
        except msgspec.MsgspecError:
            problem = Problem(detail=body[:500].decode("utf-8", "replace"))
        raise ProblemError(status, problem.code, problem.detail)
    if call.answer is None:
        return None
    if call.answer is str:
        return body.decode("utf-8", "replace")
    try:
        if isinstance(call.answer, Lines):
            return [msgspec.json.decode(line, type=call.answer.type) for line in body.splitlines() if line.strip()]
        return msgspec.json.decode(body, type=call.answer)
    except msgspec.MsgspecError as error:
        raise BadResponse(f"{call.method} {call.path}: {error}") from None


def decode_match_message(event: str, data: str) -> Match | Event:
    """A match stream's message: the ``state`` (a :class:`Match`), then each :class:`Event`."""
    return _decode_message(data, Match if event == "state" else Event)


def decode_account_message(event: str, data: str) -> Turns | FeedItem:
    """An account stream's message: first the ``turns`` waiting, then each :class:`FeedItem`."""
    if event == "turns":
        return Turns(turns=_decode_message(data, list[Turn]))
    return _decode_message(data, FeedItem)


def _decode_message(data: str, type_: Any) -> Any:
    try:
        return msgspec.json.decode(data, type=type_)
    except msgspec.MsgspecError as error:
        raise BadResponse(f"a stream message: {error}") from None


class Endpoints(RatingEndpoints, TournamentEndpoints):
    """The operations (those of ratings and tournaments in their own modules); a subclass
    supplies ``send(call)``."""

    def send(self, call: Call) -> Any:
        raise NotImplementedError

    # ------------------------------------------------------------------ accounts
    def create_account(self, name: str, organizer: bool = False) -> NewAccount:
        """A new account; its ``token`` is shown only in this answer."""
        return self.send(Call("POST", "/accounts", NewAccount, body={"name": name, "organizer": organizer}))

    def me(self) -> Account:
        return self.send(Call("GET", "/accounts/me", Account))

    def my_matches(self) -> list[MatchSummary]:
        """The account's unfinished matches."""
        return self.send(Call("GET", "/accounts/me/matches", list[MatchSummary]))

    def my_turns(self) -> list[Turn]:
        """The matches waiting on the account now, soonest deadline first."""
        return self.send(Call("GET", "/accounts/me/turns", list[Turn]))

    def my_challenges(self) -> Challenges:
        """The challenges the account has received (accept or decline them) and sent."""
        return self.send(Call("GET", "/accounts/me/challenges", Challenges))

    # ------------------------------------------------------------------ matches
    def create_match(self, game: str, seats: dict[str, str | None], options: dict[str, Any] | None = None,
                     *, rated: bool = True, **schedule: Any) -> Match:
        """A match (a challenge when it names another player); ``rated=False``: a casual game that
        changes no rating; ``schedule``: ``priority``, ``starts_at``, ``opens_at``, ``pregame_ms``."""
        body = {"game": game, "seats": seats, "options": options or {}, "rated": rated, **schedule}
        return self.send(Call("POST", "/matches", Match, body=body))

    def create_matches(self, matches: list[dict[str, Any]]) -> list[Match]:
        """(Organizers.) Up to 200 matches at once, all or none: each a ``POST /matches`` body
        (``game``, ``seats``, ``options``, ``rated``, ``starts_at``...)."""
        return self.send(Call("POST", "/matches/bulk", list[Match], body={"matches": matches}))

    def match(self, match_id: str) -> Match:
        return self.send(Call("GET", f"/matches/{match_id}", Match))

    def accept(self, match_id: str, *, idempotency_key: str | None = None) -> Accepted:
        return self._match_command(match_id, "accept", idempotency_key)

    def decline(self, match_id: str, *, idempotency_key: str | None = None) -> Accepted:
        return self._match_command(match_id, "decline", idempotency_key)

    def cancel(self, match_id: str, *, idempotency_key: str | None = None) -> Accepted:
        """Withdraw a match this account created that has not started."""
        return self._match_command(match_id, "cancel", idempotency_key)

    def join(self, match_id: str, *, idempotency_key: str | None = None) -> Accepted:
        """Take an open seat."""
        return self._match_command(match_id, "join", idempotency_key)

    def ready(self, match_id: str, *, idempotency_key: str | None = None) -> Accepted:
        """Say ready (which also accepts a challenge)."""
        return self._match_command(match_id, "ready", idempotency_key)

    def resign(self, match_id: str, *, idempotency_key: str | None = None) -> Accepted:
        return self._match_command(match_id, "resign", idempotency_key)

    def _match_command(self, match_id: str, name: str, idempotency_key: str | None) -> Accepted:
        return self.send(Call("POST", f"/matches/{match_id}/{name}", Accepted,
                              idempotent=True, idempotency_key=idempotency_key))

    def command(self, match_id: str, command: dict[str, Any], *, idempotency_key: str | None = None,
                expected_version: int | None = None) -> Accepted:
        """Send a command (a dict tagged by ``type``) with an ``Idempotency-Key`` (a fresh one unless
        given: a retry with the same key never acts twice)."""
        return self.send(Call("POST", f"/matches/{match_id}/commands", Accepted, body=command,
                              params={"expected_version": expected_version}, idempotent=True,
                              idempotency_key=idempotency_key))

    def play_turn(self, match_id: str, command: dict[str, Any], *, wait: float = 30,
                  idempotency_key: str | None = None, expected_version: int | None = None) -> TurnPlayed:
        """Send a command, then wait up to ``wait`` seconds for what follows it (``.next``: the
        events after it and the caller's legal moves there): a bot's whole turn in one request."""
        return self.send(Call("POST", f"/matches/{match_id}/turn", TurnPlayed, body=command,
                              params={"expected_version": expected_version, "wait": wait}, idempotent=True,
                              idempotency_key=idempotency_key, wait=wait))

    def events(self, match_id: str, after: int = 0, *, wait: float = 0, legal_moves: bool = False) -> EventsPage:
        """The events after version ``after``; with ``wait`` (seconds, at most 60) a long-poll for
        the first; with ``legal_moves`` the caller's legal moves at the page's ``version`` too."""
        params = {"after": after, "wait": wait, "legal_moves": "true" if legal_moves else None}
        return self.send(Call("GET", f"/matches/{match_id}/events", EventsPage, params=params, wait=wait))

    def legal_moves(self, match_id: str, *, offset: int = 0, limit: int = 200,
                    seat: str | None = None) -> LegalMovesPage:
        """A page of the legal moves of ``seat`` (the caller's own by default); ``.total`` says how
        many there are in all."""
        params = {"offset": offset, "limit": limit, "seat": seat}
        return self.send(Call("GET", f"/matches/{match_id}/legal-moves", LegalMovesPage, params=params))

    def record(self, match_id: str) -> str:
        """The match's record as text, like a PGN file: tag pairs, then one numbered line per turn
        in the game's notation (only what the caller may see)."""
        return self.send(Call("GET", f"/matches/{match_id}/record", str))

    def account_games(self, account_id: str, *, limit: int = 50, before: str | None = None) -> list[PastGame]:
        """A page of ``account_id``'s games that are over, newest first; the last one's ``cursor``,
        as ``before``, asks for the page after it."""
        params = {"limit": limit, "before": before}
        return self.send(Call("GET", f"/accounts/{account_id}/games", Lines(PastGame), params=params))

    # ------------------------------------------------------------------ webhooks (organizers)
    def create_webhook(self, url: str, events: list[str]) -> NewWebhook:
        """Have the server post ``match_started`` / ``match_ended`` of your matches to ``url``."""
        return self.send(Call("POST", "/webhooks", NewWebhook, body={"url": url, "events": events}))

    def webhooks(self) -> list[Webhook]:
        return self.send(Call("GET", "/webhooks", list[Webhook]))

    def delete_webhook(self, webhook_id: str) -> None:
        return self.send(Call("DELETE", f"/webhooks/{webhook_id}", None))
