"""The SDK's streams resume by themselves: through a proxy that cuts every connection mid-answer
and refuses new ones for a while (as a restarting server would), the match stream and the account
stream deliver every item exactly once, in order, and the match stream ends with the match."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator

from deathmatch_client import Client, Event, Match, Turns
from tests.api.cutting_proxy import CuttingProxy
from tests.api.helpers import G3


def play_slowly(url: str, tokens: dict[str, str], match_id: str, proxy: CuttingProxy) -> threading.Thread:
    """Plays G3 (white wins) in a thread, a move every 0.1 s; the proxy refuses connections for
    0.5 s halfway."""
    def run() -> None:
        players = {seat: Client(url, token) for seat, token in tokens.items()}
        for n, move in enumerate(G3):
            players["white" if n % 2 == 0 else "red"].command(match_id, {"type": "play", "move": move})
            if n == len(G3) // 2:
                proxy.refusing = True
                time.sleep(0.5)
                proxy.refusing = False
            time.sleep(0.1)
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def collect(stream: Iterator, last: Callable[[object], bool] = lambda item: False, limit_s: float = 60) -> list:
    """The stream's items up to the one that is ``last`` (or the stream's end), failing the test
    rather than hanging past ``limit_s``."""
    items: list = []

    def run() -> None:
        for item in stream:
            items.append(item)
            if last(item):
                break
        items.append("end")
    reader = threading.Thread(target=run, daemon=True)
    reader.start()
    reader.join(limit_s)
    assert items[-1:] == ["end"], f"the stream did not end in {limit_s} s: {items}"
    return items[:-1]


def new_trax_match(url: str) -> tuple[str, dict[str, str]]:
    with Client(url) as anonymous:
        white = anonymous.create_account(f"sw{time.time_ns()}")
        red = anonymous.create_account(f"sr{time.time_ns()}")
    with Client(url, white.token) as w:
        match = w.create_match("trax", {"white": white.id, "red": red.id})
    return match.id, {"white": white.token, "red": red.token}


def test_the_match_stream_delivers_every_event_once_across_cut_connections(live_server):
    match_id, tokens = new_trax_match(live_server.url)
    with Client(live_server.url, tokens["white"]) as white, Client(live_server.url, tokens["red"]) as red:
        white.ready(match_id)
        red.ready(match_id)
        size = len(white.http.get(f"/matches/{match_id}").content)
    proxy = CuttingProxy(live_server.port, budgets=[size + 600, 450, 700, 380, 2500])  # bytes, headers included
    with Client(proxy.url, tokens["white"]) as watcher:
        stream = watcher.iter_match_stream(match_id)
        first = next(stream)
        player = play_slowly(live_server.url, tokens, match_id, proxy)
        events = collect(stream)  # it ends when the match is over
    player.join(10)
    assert isinstance(first, Match) and all(isinstance(e, Event) for e in events)
    with Client(live_server.url) as spectator:
        over = spectator.match(match_id)
        recorded = spectator.events(match_id, after=first.version).events
    assert over.status == "finished" and proxy.connections > 5
    assert [e.version for e in events] == list(range(first.version + 1, over.version + 1))
    assert events == recorded


def test_the_account_stream_delivers_every_item_once_across_cut_connections(live_server):
    match_id, tokens = new_trax_match(live_server.url)
    proxy = CuttingProxy(live_server.port, budgets=[500, 420, 650, 380, 2500])
    with Client(proxy.url, tokens["white"]) as cut, Client(live_server.url, tokens["white"]) as whole:
        through_cuts, direct = cut.iter_account_stream(), whole.iter_account_stream()
        assert isinstance(next(through_cuts), Turns) and isinstance(next(direct), Turns)
        with Client(live_server.url, tokens["red"]) as red:
            red.ready(match_id)
            whole.ready(match_id)
        player = play_slowly(live_server.url, tokens, match_id, proxy)
        items = {name: collect(stream, lambda item: item.type == "match_ended")
                 for name, stream in (("cut", through_cuts), ("direct", direct))}
    player.join(10)
    assert proxy.connections > 3
    assert items["cut"] == items["direct"]
    kinds = [item.type for item in items["direct"]]
    actions = [item.action for item in items["direct"] if item.type == "your_turn"]
    assert kinds == ["your_turn", "match_started", *["your_turn"] * 6, "match_ended"]  # red's ready asks white's
    assert actions == ["ready", *["play"] * 6]
