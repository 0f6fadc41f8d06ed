"""The API's own cost of a Trax move, without HTTP or a load generator: the ASGI app called in-process.

Run: ``REDIS_URL=redis://127.0.0.1:6379/5 .venv/bin/python bench/inprocess_moves.py [--moves 2000]``
(any Redis; without ``REDIS_URL`` an embedded one is started in a temporary folder).

Two accounts play random Trax games through the app itself: per move one page
``GET /events?after=V&legal_moves=true`` and one ``POST /commands``; a new match (create, two
readies) whenever one ends. It prints the process CPU per move, next to a fixed Python loop timed
the same way, because this machine's speed drifts by up to a third within minutes.

For a figure that does not drift, count instructions: ``--callgrind`` compiles a four-line helper
(needs gcc and valgrind's headers) that switches valgrind's counting on and off around the moves,
so run it as ``valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file=/dev/null
.venv/bin/python bench/inprocess_moves.py --callgrind --moves 300`` and read ``Collected`` / moves
(4.33 M instructions a move at commit dd16c57, repeatable to 0.2 %). The Python-side work of the
server is in it; the kernel's and Redis's are not.
"""

from __future__ import annotations

import argparse
import asyncio
import ctypes
import os
import random
import subprocess
import sys
import tempfile
import time

import msgspec
import uvloop

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from service.app import create_app  # noqa: E402
from service.settings import from_environment  # noqa: E402

_TOGGLE_C = "#include <valgrind/callgrind.h>\nvoid toggle(void) { CALLGRIND_TOGGLE_COLLECT; }\n"
_decode = msgspec.json.Decoder()


def callgrind_toggle() -> ctypes.CDLL:
    """valgrind's client request to start/stop counting, built into a small shared library."""
    folder = tempfile.mkdtemp(prefix="cg-toggle-")
    source, library = os.path.join(folder, "toggle.c"), os.path.join(folder, "toggle.so")
    with open(source, "w") as f:
        f.write(_TOGGLE_C)
    subprocess.run(["gcc", "-shared", "-fPIC", "-O1", "-o", library, source], check=True)
    return ctypes.CDLL(library)


class InProcess:
    """Calls the ASGI app directly (its lifespan started first)."""

    def __init__(self, app):
        self.app = app

    async def start(self) -> None:
        self._lifespan_in: asyncio.Queue = asyncio.Queue()
        self._lifespan_out: asyncio.Queue = asyncio.Queue()
        await self._lifespan_in.put({"type": "lifespan.startup"})
        self._lifespan = asyncio.ensure_future(self.app({"type": "lifespan", "asgi": {"version": "3.0"}, "state": {}},
                                                        self._lifespan_in.get, self._lifespan_out.put))
        started = await self._lifespan_out.get()
        assert started["type"] == "lifespan.startup.complete", started

    async def stop(self) -> None:
        await self._lifespan_in.put({"type": "lifespan.shutdown"})
        await self._lifespan

    async def call(self, method: str, path: str, token: str = "", body: bytes = b"", query: str = "") -> tuple[int, dict]:
        headers = [(b"host", b"bench")]
        if token:
            headers.append((b"authorization", f"Bearer {token}".encode()))
        if body:
            headers += [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method, "scheme": "http",
                 "path": path, "raw_path": path.encode(), "query_string": query.encode(), "root_path": "",
                 "headers": headers, "client": ("127.0.0.1", 1), "server": ("127.0.0.1", 8000), "state": {}}
        sent: list[dict] = []

        async def receive() -> dict:
            return {"type": "http.request", "body": body, "more_body": False}

        async def send(message: dict) -> None:
            sent.append(message)

        await self.app(scope, receive, send)
        return sent[0]["status"], _decode.decode(b"".join(m.get("body", b"") for m in sent[1:]) or b"null")


async def play_turns(api: InProcess, tokens: list[str], new_game, moves: int, rng: random.Random) -> tuple[int, int]:
    """The ``turn`` protocol: each seat's bot is a task sending ``POST /turn?wait=5`` with its move
    and getting back the opponent's reply and its next legal moves (a long-poll woken by the other
    task's command, as over HTTP). Returns the moves played and the games finished."""
    played, games = 0, 0
    while played < moves:
        match = await new_game()
        played += sum(await asyncio.gather(*(seat_bot(api, match, tokens[seat], rng) for seat in (0, 1))))
        games += 1
    return played, games


async def seat_bot(api: InProcess, match: str, token: str, rng: random.Random) -> int:
    """One seat's moves until the game ends."""
    status, page = await api.call("GET", f"/matches/{match}/events", token, query="after=0&wait=5&legal_moves=true")
    played = 0
    while status == 200 and page["status"] == "running":
        if not page["legal_moves"]:  # the opponent is to move: wait for it
            status, page = await api.call("GET", f"/matches/{match}/events", token,
                                          query=f"after={page['version']}&wait=5&legal_moves=true")
            continue
        status, turn = await api.call("POST", f"/matches/{match}/turn", token, msgspec.json.encode(
            rng.choice(page["legal_moves"])["command"]), query="wait=5")
        assert status == 200, turn
        played, page = played + 1, turn["next"]
    assert status == 200, page
    return played


async def play(moves: int, toggle: ctypes.CDLL | None, seed: int, protocol: str) -> tuple[float, int]:
    """CPU seconds for ``moves`` moves, and the games they took."""
    api = InProcess(create_app(from_environment()))
    await api.start()
    try:
        accounts = []
        for _ in range(2):
            status, account = await api.call("POST", "/accounts", body=msgspec.json.encode(
                {"name": f"inproc{os.urandom(4).hex()}"}))
            assert status == 201, account
            accounts.append(account)
        tokens = [a["token"] for a in accounts]
        seats = {"white": accounts[0]["id"], "red": accounts[1]["id"]}
        rng = random.Random(seed)

        async def new_game() -> str:
            status, view = await api.call("POST", "/matches", tokens[0], msgspec.json.encode(
                {"game": "trax", "seats": seats, "options": {"time": {"type": "none"}}}))
            assert status == 201, view
            for token in tokens:
                await api.call("POST", f"/matches/{view['id']}/ready", token)
            return view["id"]

        if toggle is not None:
            toggle.toggle()
        started, played, games = time.process_time(), 0, 0
        if protocol == "turn":
            played, games = await play_turns(api, tokens, new_game, moves, rng)
        match, version, turn = await new_game(), 0, 0
        while played < moves:
            status, page = await api.call("GET", f"/matches/{match}/events", tokens[turn],
                                          query=f"after={version}&legal_moves=true")
            assert status == 200, page
            if page["status"] != "running":
                games += 1
                match, version, turn = await new_game(), 0, 0
                continue
            status, accepted = await api.call("POST", f"/matches/{match}/commands", tokens[turn], msgspec.json.encode(
                rng.choice(page["legal_moves"])["command"]))
            assert status == 200, accepted
            version, turn, played = accepted["version"], 1 - turn, played + 1
        used = time.process_time() - started
        if toggle is not None:
            toggle.toggle()
        return used, games
    finally:
        await api.stop()


def reference_loop() -> float:
    """CPU seconds of a fixed pure-Python loop (the machine's speed right now)."""
    started, total = time.process_time(), 0
    for i in range(1_000_000):
        total += i
    return time.process_time() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--protocol", choices=("poll", "turn"), default="poll",
                        help="poll: a page and a command a move (default); turn: POST /turn, two seat tasks")
    parser.add_argument("--callgrind", action="store_true", help="count only the moves under valgrind (see above)")
    args = parser.parse_args()
    embedded = None
    if not os.environ.get("REDIS_URL"):
        from service.redis.embedded import EmbeddedRedis

        embedded = EmbeddedRedis(tempfile.mkdtemp(prefix="inprocess-moves-"))
        os.environ["REDIS_URL"] = embedded.start()
    try:
        used, games = uvloop.run(play(args.moves, callgrind_toggle() if args.callgrind else None, args.seed,
                                      args.protocol))
    finally:
        if embedded is not None:
            embedded.stop()
    reference = reference_loop()
    print(f"{used / args.moves * 1e6:.0f} us of CPU per move ({args.moves} moves, {games} games set up on the way); "
          f"a 1M-step Python loop took {reference * 1000:.0f} ms just after")
    return 0


if __name__ == "__main__":
    sys.exit(main())
