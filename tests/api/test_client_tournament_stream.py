"""A tournament run through the SDK and followed with its stream iterator: sign-up (a person joins
and leaves, the organizer signs up three built-in bots), start, pause (the next round is paired but
not played) and resume, a result corrected; the stream (sync, then async from its start) delivers
every event once, in order, and ends with the tournament, through a proxy that cuts its connections too. Then its exports: CSV per table, JSON and
the games' records."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import threading
import time
from collections.abc import Callable, Iterator

import pytest

from deathmatch_client import AsyncClient, Client, ProblemError, Tournament, TournamentEvent
from tests.api.cutting_proxy import CuttingProxy

BOTS = ["bot_random_1", "bot_random_2", "bot_random_3"]


def start_following(stream: Iterator, act: Callable[[object], None] = lambda item: None) -> Callable[[float], list]:
    """Reads the stream in a thread, ``act`` called on each item there; the function returned waits
    for the stream's end and gives its items, failing the test rather than hanging past its limit."""
    items: list = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            for item in stream:
                items.append(item)
                act(item)
            items.append("end")
        except BaseException as error:  # reported below, in the test's thread
            failure.append(error)
    reader = threading.Thread(target=run, daemon=True)
    reader.start()

    def finish(limit_s: float) -> list:
        reader.join(limit_s)
        if failure:
            raise failure[0]
        assert items[-1:] == ["end"], f"the stream did not end in {limit_s} s: {items}"
        return items[:-1]
    return finish


def follow(stream: Iterator, act: Callable[[object], None] = lambda item: None, limit_s: float = 150) -> list:
    """Every item of the stream until it ends, ``act`` called on each."""
    return start_following(stream, act)(limit_s)


def test_a_tournament_with_sign_up_pause_and_a_correction_followed_to_its_end(live_server, worker):
    with Client(live_server.url) as anonymous:
        person = anonymous.create_account(f"stp{time.time_ns()}")
    with Client(live_server.url, "test-admin-token") as organizer, Client(live_server.url, person.token) as player:
        cup = organizer.create_tournament(f"sdk-cup-{time.time_ns()}", "round_robin", [], "trax", registration=True)
        assert cup.status == "registering" and cup.players == [] and cup.rounds == []
        stream = organizer.iter_tournament_stream(cup.id)
        state = next(stream)
        assert isinstance(state, Tournament) and state.id == cup.id and state.status == "registering"
        size = len(organizer.http.get(f"/tournaments/{cup.id}").content)
        proxy = CuttingProxy(live_server.port, budgets=[size + 600, 450, 700, 380, 2500])  # bytes, headers included
        cut = Client(proxy.url).iter_tournament_stream(cup.id)
        assert next(cut).status == "registering"
        cut_events = start_following(cut)

        assert player.join_tournament(cup.id).players == [person.id]
        for bot in BOTS:
            organizer.join_tournament(cup.id, bot)
        with pytest.raises(ProblemError) as twice:
            organizer.join_tournament(cup.id, BOTS[0])
        assert (twice.value.status, twice.value.code) == (409, "already_registered")
        assert player.leave_tournament(cup.id).players == BOTS
        started = organizer.start_tournament(cup.id)
        assert started.status == "running" and started.players == BOTS and started.names["bot_random_1"]
        assert organizer.pause_tournament(cup.id).status == "paused"

        corrected: list[TournamentEvent] = []

        def act(item: object) -> None:
            assert isinstance(item, TournamentEvent)
            if item.type == "pairings" and item.round == 2:  # round 1 complete while paused
                now = organizer.tournament(cup.id)
                assert now.status == "paused" and len(now.rounds) == 2 and now.rounds[0].status == "closed"
                assert organizer.resume_tournament(cup.id).status == "running"
            if item.type == "result" and item.round == 1 and not corrected:
                game = organizer.tournament(cup.id).rounds[0].games[item.table - 1]
                other = next(p for p in game.players if p != item.winner)
                corrected.append(item)
                organizer.correct_result(cup.id, 1, item.table, other)

        events = follow(stream, act)
        organizer_id = organizer.me().id
        assert cut_events(60) == events and proxy.connections > 3  # every event once, in order, across cuts

    kinds = [e.type for e in events]
    assert kinds[:6] == ["player_joined"] * 4 + ["player_left", "tournament_started"], kinds
    assert [e.player for e in events[:5]] == [person.id, *BOTS, person.id]
    assert kinds.index("paused") < kinds.index("resumed") and kinds[-1] == "tournament_ended"
    assert kinds.count("pairings") == 3 and kinds.count("result") == 3 and kinds.count("result_corrected") == 1
    assert kinds.index("pairings", kinds.index("paused")) < kinds.index("resumed")  # paired, not played, while paused

    with Client(live_server.url) as anyone:
        over = anyone.tournament(cup.id)
        assert over.status == "finished" and events[-1].winner == over.winner
        fix = over.corrections[0]
        assert (fix.round, fix.table, fix.by) == (1, corrected[0].table, organizer_id)
        assert fix.previous == corrected[0].winner and fix.winner != fix.previous
        assert [s.name for s in over.standings] == [over.names[s.player] for s in over.standings]
        assert sorted(s.player for s in anyone.tournament_standings(cup.id)) == sorted(BOTS)
        assert any(t.id == cup.id and t.status == "finished" for t in anyone.tournaments(limit=200))

    async def from_the_start() -> list:
        async with AsyncClient(live_server.url) as spectator:
            return [item async for item in spectator.iter_tournament_stream(cup.id)]
    replay = asyncio.run(asyncio.wait_for(from_the_start(), 30))  # a finished tournament: its state, then the end
    assert len(replay) == 1 and replay[0].status == "finished" and replay[0].corrections == over.corrections


def test_the_exports_per_table_and_the_records(live_server, worker):
    with Client(live_server.url, "test-admin-token") as organizer:
        cup = organizer.create_tournament(f"sdk-export-{time.time_ns()}", "round_robin", BOTS[:2], "trax")
        with Client(live_server.url) as watcher:
            events = follow(watcher.iter_tournament_stream(cup.id), lambda item: None)
        assert isinstance(events[0], Tournament) and events[-1].type == "tournament_ended"
        over = organizer.tournament(cup.id)
        names = over.names

        standings = list(csv.DictReader(io.StringIO(organizer.tournament_export(cup.id, "csv", "standings"))))
        assert [row["player_id"] for row in standings] == [s.player for s in over.standings]
        assert [row["player_name"] for row in standings] == [names[s.player] for s in over.standings]
        assert standings[0]["rank"] == "1" and standings[0]["withdrawn"] in ("False", "false", "0", "")
        games = list(csv.DictReader(io.StringIO(organizer.tournament_export(cup.id, "csv", "games"))))
        game = over.rounds[0].games[0]
        assert [(row["round"], row["first_id"], row["second_id"]) for row in games] == \
            [("1", game.players[0], game.players[1])]
        assert games[0]["winner_id"] == game.winner and games[0]["result"] in ("first", "second", "draw")
        whole = json.loads(organizer.tournament_export(cup.id))
        assert whole["names"] == names and len(whole["games"]) == 1
        records = organizer.tournament_records(cup.id)
        assert [(r.round, r.table, r.match_id) for r in records] == [(1, 1, game.match_id)]
        assert '[Game "trax"]' in records[0].record
        with pytest.raises(ProblemError) as unknown:
            organizer.tournament_export(cup.id, "csv", "records")
        assert unknown.value.status == 400


def test_an_organizer_replaces_a_player_who_then_withdraws(live_server):
    with Client(live_server.url) as anonymous:
        accounts = [anonymous.create_account(f"stw{n}{time.time_ns()}") for n in range(4)]
    players = {a.id: Client(live_server.url, a.token) for a in accounts}
    first, second, third, newcomer = (a.id for a in accounts)
    with Client(live_server.url, "test-admin-token") as organizer:
        cup = organizer.create_tournament(f"sdk-swap-{time.time_ns()}", "round_robin", [first, second, third], "trax")
        assert organizer.pause_tournament(cup.id).status == "paused"
        game = cup.rounds[0].games[0]
        resting = next(p for p in (first, second, third) if p not in game.players)
        with pytest.raises(ProblemError) as playing:
            organizer.replace_player(cup.id, game.players[0], newcomer)
        assert (playing.value.status, playing.value.code) == (409, "player_is_playing")
        for seat in game.players:
            players[seat].ready(game.match_id)
        players[game.players[1]].resign(game.match_id)
        assert organizer.tournament(cup.id).rounds[0].status == "closed"

        swapped = organizer.replace_player(cup.id, resting, newcomer)
        assert [(c.player, c.replaced_by) for c in swapped.replacements] == [(resting, newcomer)]
        assert newcomer in swapped.players and swapped.names[newcomer] == accounts[3].name
        assert organizer.resume_tournament(cup.id).status == "running"
        left = players[newcomer].withdraw_from_tournament(cup.id)
        assert [(c.player, c.round) for c in left.withdrawals] == [(newcomer, 2)]
        assert [s.withdrawn for s in left.standings if s.player == newcomer] == [True]
        assert any(g.forfeit and g.winner != newcomer for g in left.rounds[1].games if newcomer in g.players)
    for client in players.values():
        client.close()
