"""The tournament operations (``docs/tournaments.md``): create and read them, sign up and leave,
run them (organizers: start, pause, resume, replace, correct), export them. Part of
:class:`~deathmatch_client.endpoints.Endpoints`; the stream is the clients' ``iter_tournament_stream``.

>>> from deathmatch_client import Client
>>> with Client("http://127.0.0.1:8000", token="...") as organizer:  # doctest: +SKIP
...     cup = organizer.create_tournament("Cup", "swiss", [], "cairo", registration=True)
...     organizer.join_tournament(cup.id, "bot_greedy_1")
...     organizer.join_tournament(cup.id, "bot_sane_2")
...     organizer.start_tournament(cup.id).status
'running'
"""

from __future__ import annotations

from typing import Any

import msgspec

from deathmatch_client.calls import Call
from deathmatch_client.sse import BadResponse
from deathmatch_client.tournament_types import GameRecord, Standing, Tournament, TournamentEvent, TournamentSummary


class TournamentEndpoints:
    """A subclass supplies ``send(call)``."""

    def send(self, call: Call) -> Any:
        raise NotImplementedError

    def create_tournament(self, name: str, format: str, players: list[str], game: str,
                          **settings: Any) -> Tournament:
        """``format``: ``single_elimination``, ``round_robin`` or ``swiss``; ``players``: account
        ids in seed order; ``settings``: ``game_options``, ``seat_rule``, ``format_options``,
        ``schedule``, and ``registration=True`` (open for sign-up: ``status`` ``registering``,
        ``players`` signed up already) with ``registration_closes_at`` (server ms)."""
        body = {"name": name, "format": format, "players": players, "game": game, **settings}
        return self.send(Call("POST", "/tournaments", Tournament, body=body))

    def tournaments(self, *, offset: int = 0, limit: int = 50) -> list[TournamentSummary]:
        """The tournaments, newest first (``limit`` at most 200)."""
        return self.send(Call("GET", "/tournaments", list[TournamentSummary],
                              params={"offset": offset, "limit": limit}))

    def tournament(self, tournament_id: str) -> Tournament:
        return self.send(Call("GET", f"/tournaments/{tournament_id}", Tournament))

    def tournament_standings(self, tournament_id: str) -> list[Standing]:
        return self.send(Call("GET", f"/tournaments/{tournament_id}/standings", list[Standing]))

    def join_tournament(self, tournament_id: str, player: str = "me") -> Tournament:
        """Sign up (``me``: the caller's account; an organizer may sign up any account, a built-in
        bot say) while the registration is open."""
        return self.send(Call("POST", f"/tournaments/{tournament_id}/players/{player}", Tournament))

    def leave_tournament(self, tournament_id: str, player: str = "me") -> Tournament:
        """Leave before the start; after it, **withdraw**: the game being played and every later
        one are lost by forfeit (``player``: ``me``, or any player for the organizer)."""
        return self.send(Call("DELETE", f"/tournaments/{tournament_id}/players/{player}", Tournament))

    withdraw_from_tournament = leave_tournament

    def start_tournament(self, tournament_id: str) -> Tournament:
        """(Organizer.) Close the sign-up and create round 1 of the players signed up, seeded in
        the order they signed up."""
        return self._act(tournament_id, "start")

    def pause_tournament(self, tournament_id: str) -> Tournament:
        """(Organizer.) No new round's matches are created until :meth:`resume_tournament`; the
        games being played go on."""
        return self._act(tournament_id, "pause")

    def resume_tournament(self, tournament_id: str) -> Tournament:
        return self._act(tournament_id, "resume")

    def _act(self, tournament_id: str, name: str) -> Tournament:
        return self.send(Call("POST", f"/tournaments/{tournament_id}/{name}", Tournament))

    def replace_player(self, tournament_id: str, player: str, replaced_by: str) -> Tournament:
        """(Organizer.) ``replaced_by`` (an account new to the tournament) takes ``player``'s place,
        points and games to come (409 ``player_is_playing`` while its game of the open round goes on)."""
        return self.send(Call("POST", f"/tournaments/{tournament_id}/replacements", Tournament,
                              body={"player": player, "replaced_by": replaced_by}))

    def correct_result(self, tournament_id: str, round: int, table: int, winner: str | None) -> Tournament:
        """(Organizer.) Change the recorded result of ``round``, ``table``: ``winner`` an account id,
        ``None`` a draw; kept in ``corrections`` with who made it and when."""
        return self.send(Call("POST", f"/tournaments/{tournament_id}/corrections", Tournament,
                              body={"round": round, "table": table, "winner": winner}))

    def tournament_export(self, tournament_id: str, format: str = "json", table: str | None = None) -> str:
        """The tournament as served: a JSON document (``format="json"``), or one CSV table
        (``format="csv"``, ``table="standings"`` or ``"games"``)."""
        params = {"format": format, "table": table}
        return self.send(Call("GET", f"/tournaments/{tournament_id}/export", str, params=params))

    def tournament_records(self, tournament_id: str, *, offset: int = 0, limit: int = 100) -> list[GameRecord]:
        """A page of the games' match records, round by round (``limit`` at most 100)."""
        params = {"format": "records", "offset": offset, "limit": limit}
        return self.send(Call("GET", f"/tournaments/{tournament_id}/export", list[GameRecord], params=params))


class TournamentWatch:
    """Decodes a tournament stream's messages (the ``state``, a :class:`Tournament`, then each
    :class:`TournamentEvent`) and knows when the stream is over: after ``tournament_ended``, or a
    ``state`` already finished.

    >>> watch = TournamentWatch()
    >>> watch.decode("tournament_ended", '{"type": "tournament_ended", "at": 1, "winner": "a"}').winner, watch.over
    ('a', True)
    """

    def __init__(self) -> None:
        self.over = False

    def decode(self, event: str, data: str) -> Tournament | TournamentEvent:
        try:
            item = msgspec.json.decode(data, type=Tournament if event == "state" else TournamentEvent)
        except msgspec.MsgspecError as error:
            raise BadResponse(f"a stream message: {error}") from None
        self.over = self.over or (item.status == "finished" if isinstance(item, Tournament)
                                  else item.type == "tournament_ended")
        return item

    def ended(self, position: object) -> bool:
        return self.over

    async def ended_async(self, position: object) -> bool:
        return self.over
