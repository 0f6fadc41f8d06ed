"""The SDK reads ratings: after a rated game its profile, rating history and leaderboard (sync and
async) show what the server recorded; a casual match (``rated=False``, one and in bulk) changes
nothing; the built-in bots are listed; unknown ids are problems."""

from __future__ import annotations

import asyncio
import time

import pytest

from deathmatch_client import AccountProfile, AsyncClient, Client, Leaderboard, ProblemError


def two_players(url: str) -> tuple[Client, Client]:
    with Client(url) as anonymous:
        alice = anonymous.create_account(f"sra{time.time_ns()}")
        bob = anonymous.create_account(f"srb{time.time_ns()}")
    return Client(url, alice.token), Client(url, bob.token)


def a_trax_game(white: Client, red: Client, *, rated: bool = True) -> str:
    """Both ready, then red resigns: white wins."""
    match = white.create_match("trax", {"white": white.me().id, "red": red.me().id}, rated=rated)
    white.ready(match.id)
    red.ready(match.id)
    red.resign(match.id)
    return match.id


def test_profile_history_and_leaderboard_after_a_rated_game(live_server):
    alice, bob = two_players(live_server.url)
    with alice, bob, Client(live_server.url) as anyone:
        alice_id, bob_id = alice.me().id, bob.me().id
        match_id = a_trax_game(alice, bob)
        assert anyone.match(match_id).rated is True

        profile = anyone.profile(alice_id)
        assert isinstance(profile, AccountProfile) and profile.id == alice_id and not profile.is_bot
        assert profile.level is None and profile.current_matches == []
        trax = profile.ratings["trax"]
        assert (trax.games, trax.wins, trax.losses, trax.draws, trax.provisional) == (1, 1, 0, 0, True)
        loser = anyone.profile(bob_id).ratings["trax"]
        assert (loser.losses, loser.wins) == (1, 0) and loser.rating < 1500 < trax.rating

        history = anyone.rating_history(alice_id, "trax")
        finished_at = anyone.match(match_id).finished_at
        assert (history.account_id, history.game, history.offset) == (alice_id, "trax", 0)
        assert [(e.match_id, e.outcome, e.finished_at, e.rating, e.deviation, e.games) for e in history.entries] == \
            [(match_id, "win", finished_at, trax.rating, trax.deviation, 1)]
        assert anyone.rating_history(alice_id, "cairo").entries == []

        board = anyone.leaderboard("trax", provisional=True, limit=200)
        rows = {row.account_id: row for row in board.rows}
        assert board.provisional is True and board.game == "trax"
        assert rows[alice_id].rank < rows[bob_id].rank and rows[alice_id].name == profile.name
        assert (rows[alice_id].rating, rows[alice_id].wins, rows[alice_id].is_bot) == (trax.rating, 1, False)
        assert [row.rank for row in board.rows] == list(range(1, len(board.rows) + 1))
        established = anyone.leaderboard("trax", limit=200)
        assert established.provisional is False and alice_id not in {row.account_id for row in established.rows}
        page = anyone.leaderboard("trax", provisional=True, offset=1, limit=1)
        assert page.offset == 1 and page.rows == board.rows[1:2]

        async def read() -> tuple[AccountProfile, Leaderboard]:
            async with AsyncClient(live_server.url) as spectator:
                return await spectator.profile(alice_id), await spectator.leaderboard("trax", provisional=True,
                                                                                      limit=200)
        async_profile, async_board = asyncio.run(read())
        assert async_profile == profile and async_board == board


def test_casual_matches_one_and_in_bulk_change_no_rating(live_server):
    alice, bob = two_players(live_server.url)
    with alice, bob, Client(live_server.url, "test-admin-token") as organizer:
        match_id = a_trax_game(alice, bob, rated=False)
        assert alice.match(match_id).rated is False
        assert alice.profile(alice.me().id).ratings == {}
        seats = {"white": alice.me().id, "red": bob.me().id}
        created = organizer.create_matches([{"game": "trax", "seats": seats, "rated": False},
                                            {"game": "trax", "seats": seats}])
        assert [m.rated for m in created] == [False, True]
        assert alice.rating_history(alice.me().id, "trax").entries == []


def test_bots_are_listed_and_unknown_ids_are_problems(live_server):
    with Client(live_server.url) as anyone:
        bots = {bot.id: bot for bot in anyone.bots()}
        assert {"bot_random_1", "bot_sane_1", "bot_greedy_1", "bot_search_1"} <= set(bots)
        assert bots["bot_sane_2"].level == 1 and "cairo" in bots["bot_sane_2"].games
        bot = anyone.profile("bot_greedy_1")
        assert bot.is_bot and bot.level == bots["bot_greedy_1"].level and bot.level_name == "greedy"
        for read, code in ((lambda: anyone.profile("a_nobody"), "account_not_found"),
                           (lambda: anyone.leaderboard("chess"), "game_not_found")):
            with pytest.raises(ProblemError) as refused:
                read()
            assert (refused.value.status, refused.value.code) == (404, code)
        with pytest.raises(ProblemError) as too_many:
            anyone.leaderboard("trax", limit=201)
        assert (too_many.value.status, too_many.value.code) == (400, "bad_request")


def test_a_player_gives_lists_and_withdraws_its_consent_to_an_organizer(live_server):
    with Client(live_server.url, "test-admin-token") as admin:
        made = admin.create_account(f"sro{time.time_ns()}", organizer=True)
        bob_token = admin.create_account(f"srb{time.time_ns()}").token
    alice, bob = two_players(live_server.url)[0], Client(live_server.url, bob_token)
    with alice, bob, Client(live_server.url, made.token) as organizer:
        seats = {"white": alice.me().id, "red": bob.me().id}
        with pytest.raises(ProblemError) as refused:
            organizer.create_matches([{"game": "trax", "seats": seats}])
        assert (refused.value.status, refused.value.code) == (403, "consent_required")
        given = alice.give_consent(made.id)
        assert (given.organizer, given.organizer_name) == (made.id, made.name)
        assert bob.give_consent(made.id).organizer == made.id
        assert [c.organizer for c in alice.consents()] == [made.id]
        assert [m.rated for m in organizer.create_matches([{"game": "trax", "seats": seats}])] == [True]

        async def withdraw() -> list:
            async with AsyncClient(live_server.url, bob_token) as bob_async:
                await bob_async.withdraw_consent(made.id)
                return await bob_async.consents()
        assert asyncio.run(withdraw()) == []
        with pytest.raises(ProblemError):
            organizer.create_matches([{"game": "trax", "seats": seats}])
