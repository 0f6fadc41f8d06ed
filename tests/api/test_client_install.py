"""The SDK installs on its own: ``pip install ./client`` into a clean virtualenv brings httpx and
msgspec but nothing of the server (``service``, ``domain``, ``litestar``), and a script run with
that virtualenv's Python plays a Trax game against the live server, then follows one with the
async client's match stream."""

from __future__ import annotations

import pytest

from tests.clean_venv import install_alone, run

PLAY = """
import sys, time
from deathmatch_client import Client, ProblemError
url, moves = sys.argv[1], sys.argv[2].split()
with Client(url) as anonymous:
    ids, tokens = zip(*((a.id, a.token) for a in (anonymous.create_account(f"i{n}{time.time_ns()}") for n in (1, 2))))
white, red = Client(url, tokens[0]), Client(url, tokens[1])
match = white.create_match("trax", {"white": ids[0], "red": ids[1]})
white.ready(match.id); red.ready(match.id)
try:
    red.command(match.id, {"type": "play", "move": moves[0]})
except ProblemError as refused:
    print(refused.code)
for n, move in enumerate(moves):
    played = (red if n % 2 else white).play_turn(match.id, {"type": "play", "move": move}, wait=0)
print(white.match(match.id).status, white.match(match.id).result.winner)
"""

FOLLOW = """
import asyncio, sys, time
from deathmatch_client import AsyncClient, Event, Match
url, moves = sys.argv[1], sys.argv[2].split()

async def main():
    async with AsyncClient(url) as anonymous:
        white, red = [await anonymous.create_account(f"f{n}{time.time_ns()}") for n in (1, 2)]
    async with AsyncClient(url, white.token) as w, AsyncClient(url, red.token) as r, AsyncClient(url) as watcher:
        match = await w.create_match("trax", {"white": white.id, "red": red.id})
        await w.ready(match.id); await r.ready(match.id)
        seen, watching = [], asyncio.Event()
        async def follow():
            async for item in watcher.iter_match_stream(match.id):
                seen.append(item)
                watching.set()
        following = asyncio.create_task(follow())
        await asyncio.wait_for(watching.wait(), 10)
        for n, move in enumerate(moves):
            await (r if n % 2 else w).command(match.id, {"type": "play", "move": move})
        await asyncio.wait_for(following, 30)  # the stream ends with the match
        assert isinstance(seen[0], Match) and all(isinstance(e, Event) for e in seen[1:])
        print(seen[-1].version - seen[0].version, [e.event["move"] for e in seen[1:] if "move" in e.event] == moves)

asyncio.run(main())
"""


@pytest.fixture(scope="module")
def clean_python(tmp_path_factory) -> str:
    """A fresh virtualenv with only the SDK installed."""
    return install_alone("client", tmp_path_factory.mktemp("client"))


def test_the_sdk_installs_alone_without_the_server(clean_python):
    found = run(clean_python, "-c", "import importlib.util as u; print([m for m in ('deathmatch_client', 'httpx', "
                                    "'msgspec', 'service', 'domain', 'litestar', 'redis') if u.find_spec(m)])")
    assert found.strip() == "['deathmatch_client', 'httpx', 'msgspec']"


def test_the_installed_sdk_plays_a_trax_game(clean_python, live_server):
    from tests.api.helpers import G3
    played = run(clean_python, "-c", PLAY, live_server.url, " ".join(G3))
    assert played.split() == ["not_your_turn", "finished", "white"]


def test_the_installed_async_sdk_follows_a_game_on_its_match_stream(clean_python, live_server):
    from tests.api.helpers import G3
    assert run(clean_python, "-c", FOLLOW, live_server.url, " ".join(G3)).split() == [str(len(G3)), "True"]
