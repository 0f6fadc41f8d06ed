"""The SDK (``client/``, ``deathmatch_client``) against the live server: accounts, a whole Trax
game with commands and with ``POST /turn``, sync and async, refusals, idempotency, tournaments."""

from __future__ import annotations

import asyncio
import time

import pytest

from deathmatch_client import AsyncClient, Client, Match, ProblemError
from tests.api.helpers import G3


def two_players(url: str) -> tuple[Client, Client]:
    with Client(url) as anonymous:
        white = anonymous.create_account(f"cw{time.time_ns()}")
        red = anonymous.create_account(f"cr{time.time_ns()}")
    return Client(url, white.token), Client(url, red.token)


def started_trax(white: Client, red: Client) -> Match:
    match = white.create_match("trax", {"white": white.me().id, "red": red.me().id})
    white.ready(match.id)
    red.ready(match.id)
    return match


def test_the_client_plays_a_trax_game_to_the_end(live_server):
    white, red = two_players(live_server.url)
    with white, red:
        match = started_trax(white, red)
        assert match.you == "white" and match.state is not None and match.status == "waiting"
        assert [t.match_id for t in white.my_turns()] == [match.id]
        assert [m.id for m in red.my_matches()] == [match.id]
        with pytest.raises(ProblemError) as refused:
            red.command(match.id, {"type": "play", "move": "@0+"})
        assert (refused.value.status, refused.value.code) == (409, "not_your_turn")
        accepted = white.command(match.id, {"type": "play", "move": G3[0]}, idempotency_key="first")
        again = white.command(match.id, {"type": "play", "move": G3[0]}, idempotency_key="first")
        assert again == accepted and accepted.events[0].event["move"] == G3[0]
        with pytest.raises(ProblemError) as reused:
            white.command(match.id, {"type": "play", "move": "@0/"}, idempotency_key="first")
        assert reused.value.code == "idempotency_key_reused"
        page = red.legal_moves(match.id, limit=2)
        assert len(page.moves) == 2 and page.total > 2
        listed = {m.move: m.command for m in red.legal_moves(match.id, limit=1000).moves}
        assert listed[G3[1]] == {"type": "play", "move": G3[1]}
        for n, move in enumerate(G3[1:], start=1):
            player = red if n % 2 else white
            played = player.play_turn(match.id, {"type": "play", "move": move}, wait=0,
                                      expected_version=player.match(match.id).version)
        assert played.next.status == "finished" and played.next.legal_moves == []
        over = red.match(match.id)
        assert over.result is not None and over.result.winner == "white"
        assert red.events(match.id, after=over.version - 1).events[0].version == over.version
        record = red.record(match.id)
        assert '[Game "trax"]' in record and '[Result "1-0"]' in record and f"1 {G3[0]}" in record
        past = white.account_games(white.me().id)
        assert [(g.match_id, g.status, g.result.winner) for g in past] == [(match.id, "finished", "white")]
        assert white.account_games(white.me().id, before=past[-1].cursor) == []


def test_the_async_client_plays_with_one_request_a_move(live_server):
    white, red = two_players(live_server.url)
    with white, red:
        match = started_trax(white, red)

    async def play(token: str, moves: list[str], first: bool) -> list[int]:
        """Each player sends its move and waits (POST /turn) for the reply; returns the versions seen."""
        async with AsyncClient(live_server.url, token) as me:
            page = await me.events(match.id, wait=30, legal_moves=True)
            while not first and not page.legal_moves:
                page = await me.events(match.id, after=page.version, wait=30, legal_moves=True)
            seen = [e.version for e in page.events]
            for move in moves:
                played = await me.play_turn(match.id, {"type": "play", "move": move}, wait=30)
                seen += [played.accepted.version] + [e.version for e in played.next.events]
            return seen

    async def both() -> list[list[int]]:
        white_token, red_token = (c.http.headers["Authorization"].removeprefix("Bearer ") for c in (white, red))
        return await asyncio.wait_for(asyncio.gather(
            play(white_token, G3[0::2], True), play(red_token, G3[1::2], False)), 60)

    seen_by_white, seen_by_red = asyncio.run(both())
    last = Client(live_server.url).match(match.id)
    assert last.status == "finished" and last.result.winner == "white"
    assert sorted(set(seen_by_white)) == list(range(1, last.version + 1))
    assert seen_by_red[-1] == last.version


def test_an_organizer_creates_a_tournament_and_reads_its_standings_and_export(live_server):
    with Client(live_server.url, "test-admin-token") as organizer:
        players = [organizer.create_account(f"tp{n}{time.time_ns()}").id for n in range(2)]
        tournament = organizer.create_tournament(f"sdk-{time.time_ns()}", "round_robin", players, "trax")
        assert tournament.status == "running" and tournament.rounds[0].games[0].players == players
        assert organizer.tournament(tournament.id).id == tournament.id
        assert sorted(s.player for s in organizer.tournament_standings(tournament.id)) == sorted(players)
        assert organizer.tournament_export(tournament.id, "csv").splitlines()[0]
        with pytest.raises(ProblemError) as unknown:
            organizer.tournament("t_nothing")
        assert unknown.value.status == 404
