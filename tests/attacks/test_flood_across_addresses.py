"""Issue 28, item 2, against the served server: bounds that hold across addresses.

On 024e629 (before), 1,500 never-read SSE streams on one match, 30 from each of 50 loopback
addresses (each under its address's cap of 32), were all accepted: the API went from about 25 open
files to about 1,590, and every move of that match was written 1,500 times (about 150 ms of the API
process's time a move), which its players waited behind. Account creation, the anonymous rate limit
and the stream caps counted exact addresses, so an IPv6 /64 was 2**64 clients.

Now an IPv6 client is its /64 (``IPV6_PREFIX``) in every per-address bound, and one API process
holds at most ``MAX_OPEN_STREAMS`` (1,000) streams and long-polls, ``MAX_OPEN_STREAMS_ANONYMOUS``
(100) of them without a token: past either, a 503 ``server_busy`` with ``Retry-After``."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from collections import Counter

import httpx

from domain import trax
from tests.attacks.floods import Held, Others, close_all, loopback, open_files, open_never_read, within_twice_of_calm
from tests.attacks.targets import errors_logged, is_problem
from tests.conftest import ServedServer

ROUNDS, WINDOW_S, THINK_S = 6, 8, 0.2
"""Six rounds of 8 s windows; the players think 0.2 s between moves (a quick human, a bot in no hurry):
the time a move takes to reach each stream (about 0.05 ms of the API's CPU a stream) is spent
before the next move when the streams are capped, and always in its way when they are not (1,500
streams: 75 ms of CPU a move, about 150 on 024e629)."""


class Players:
    """alice and bob playing Trax on ``match``, a move per sample, each a random legal move that
    does not end the game (chosen with the rules library before the sample is timed)."""

    def __init__(self, server: ServedServer):
        self.server, self.match, self.rng = server, None, random.Random(28)
        self._played_in, self.state, self.next = None, None, None

    def new_match(self, http: httpx.Client) -> str:
        server = self.server
        seats = {"white": server.tokens["ALICE_ID"], "red": server.tokens["BOB_ID"]}
        match = http.post("/matches", headers=server.headers("alice"), json={"game": "trax", "seats": seats}).json()["id"]
        for who in ("alice", "bob"):
            assert http.post(f"/matches/{match}/ready", headers=server.headers(who)).status_code == 200
        self.match = match
        return match

    def choose(self) -> None:
        match = self.match
        if match != self._played_in:
            self._played_in, self.state = match, trax.new_game(seed=0)
        seat = trax.to_act(self.state)[0]
        moves = list(trax.legal_moves(self.state, seat))
        self.rng.shuffle(moves)
        played, after = next((m.move, a) for m in moves if trax.result(a := trax.play(self.state, seat, m.move)) is None)
        self.next = (match, "alice" if seat == "white" else "bob", played, after)

    def move(self, client: httpx.Client) -> httpx.Response:
        match, who, played, after = self.next
        response = client.post(f"/matches/{match}/commands", headers=self.server.headers(who),
                               json={"type": "play", "move": played})
        if response.status_code == 200:
            self.state = after
        return response


def test_never_read_streams_from_fifty_addresses_leave_the_players_of_their_match_served(tmp_path):
    """Six rounds, each on a new match that alice and bob play (a move, then 0.2 s to think): 8 s
    with no one watching, and 8 s while 1,500 anonymous never-read streams (30 from each of 50 addresses)
    are asked for on it (the order alternates from round to round). 100 streams are held, 1,400
    refused; others' (the players') p99 while the flood is on stays within twice their p99 without."""
    server = ServedServer(tmp_path).start()
    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, daemon=True).start()
    players = Players(server)
    statuses: Counter = Counter()
    files = {"calm": open_files(server.process.pid), "flood": 0}
    try:
        with httpx.Client(base_url=server.url, timeout=30) as http:
            players.new_match(http)  # (before the players start)
            others = Others(server.url, players.move, pause_s=THINK_S, prepare=players.choose).__enter__()
            for round_ in range(ROUNDS):
                match = players.new_match(http) if round_ else players.match
                request = f"GET /matches/{match}/stream HTTP/1.1\r\nHost: deathmatch\r\n\r\n".encode()
                for phase in (("calm", "attacked") if round_ % 2 == 0 else ("attacked", "calm")):
                    if phase == "calm":
                        others.measure("calm", WINDOW_S)
                        continue
                    held = asyncio.run_coroutine_threadsafe(
                        open_never_read(server.port, request, loopback(50), 30), loop).result(timeout=120)
                    statuses.update(h.status for h in held)
                    others.measure("attacked", WINDOW_S)
                    files["flood"] = max(files["flood"], open_files(server.process.pid))  # while the flood holds
                    loop.call_soon_threadsafe(close_all, held)
                    time.sleep(1)
            others.__exit__(None, None, None)
        print(f"\nflood statuses {dict(statuses)}; API open files: calm {files['calm']}, flood {files['flood']}"
              f"\nthe players' moves: {others.figures()}")
        assert statuses == {200: 100 * ROUNDS, 503: 1_400 * ROUNDS}, statuses  # MAX_OPEN_STREAMS_ANONYMOUS
        # the 100 streams, the Redis pool the burst may have filled (REDIS_POOL_SIZE, 64), and some slack
        # for sockets still closing on a busy machine (before: about 1,590 files, one per stream asked for)
        assert files["flood"] < files["calm"] + 100 + 64 + 100
        assert others.failures == [], others.failures[:3]
        calm, attacked = others.seconds["calm"], others.seconds["attacked"]
        assert len(calm) > 150 and len(attacked) > 150
        assert within_twice_of_calm(calm, attacked), others.figures()
        assert errors_logged(server.output()) == []
    finally:
        loop.call_soon_threadsafe(loop.stop)
        server.stop()


def forwarded(address: str) -> dict[str, str]:
    return {"X-Forwarded-For": address}


def test_an_ipv6_prefix_is_one_client_and_the_process_caps_streams_in_all(tmp_path):
    """Behind a proxy (``TRUSTED_PROXIES``), clients named by ``X-Forwarded-For``: 40 addresses of
    one /64 share its 30 accounts an hour, its 32 anonymous streams and its 600 anonymous requests a
    minute; another /64 is another client. With ``MAX_OPEN_STREAMS=60`` and
    ``MAX_OPEN_STREAMS_ANONYMOUS=40``, the 41st anonymous stream and the 61st of all are 503s, and
    closed streams give their room back."""
    server = ServedServer(tmp_path, env={"TRUSTED_PROXIES": "127.0.0.1", "MAX_OPEN_STREAMS": "60",
                                         "MAX_OPEN_STREAMS_ANONYMOUS": "40"}).start()
    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, daemon=True).start()

    def streams(addresses: list[str], token: str | None = None) -> list:
        async def each():
            opened = []
            for address in addresses:
                auth = f"Authorization: Bearer {token}\r\n" if token else ""
                request = (f"GET /accounts/me/stream HTTP/1.1\r\nHost: x\r\n{auth}" if token else
                           f"GET /matches/{match}/stream HTTP/1.1\r\nHost: x\r\n")
                opened += await open_never_read(server.port, f"{request}X-Forwarded-For: {address}\r\n\r\n".encode(),
                                                ["127.0.0.1"], 1)
            return opened
        return asyncio.run_coroutine_threadsafe(each(), loop).result(timeout=120)

    try:
        with httpx.Client(base_url=server.url, timeout=30) as http:
            created = [http.post("/accounts", json={"name": f"v6_{n}"}, headers=forwarded(f"2001:db8:1:2::{n:x}"))
                       for n in range(1, 41)]
            assert [r.status_code for r in created].count(201) == 30  # ACCOUNTS_PER_ADDRESS, for the whole /64
            assert all(is_problem(r, 429, "rate_limited") for r in created[30:])
            assert http.post("/accounts", json={"name": "v6_other"},
                             headers=forwarded("2001:db8:1:3::1")).status_code == 201  # another /64
            match = http.post("/matches", headers=server.headers("alice"), json={"game": "trax", "seats": {
                "white": server.tokens["ALICE_ID"], "red": server.tokens["BOB_ID"]}}).json()["id"]

            one_prefix = streams([f"2001:db8:5:6:{n:x}::1" for n in range(1, 41)])
            assert Counter(h.status for h in one_prefix) == {200: 32, 429: 8}  # MAX_STREAMS_ANONYMOUS, per /64
            others = streams([f"2001:db8:{n:x}::1" for n in range(100, 110)])  # ten other prefixes
            assert Counter(h.status for h in others) == {200: 8, 503: 2}  # 40 anonymous in all
            tokens = [r.json()["token"] for r in created[:30]]
            signed_in = []
            for token in tokens[:21]:
                signed_in += streams(["2001:db8:9::1"], token=token)
            assert Counter(h.status for h in signed_in) == {200: 20, 503: 1}  # 60 in all
            refused = http.get(f"/matches/{match}/stream", headers=forwarded("2001:db8:99::1"))
            assert is_problem(refused, 503, "server_busy") and refused.headers["retry-after"] == "5"

            loop.call_soon_threadsafe(close_all, one_prefix + others + signed_in)
            time.sleep(1.5)
            assert Counter(h.status for h in streams(["2001:db8:99::1"])) == {200: 1}  # the room given back

            anonymous = Counter(http.get("/games", headers=forwarded(f"2001:db8:7:8::{n:x}")).status_code
                                for n in range(1, 701))
            assert anonymous == {200: 600, 429: 100}, anonymous  # RATE_LIMIT_ANONYMOUS, for the whole /64
        assert errors_logged(server.output()) == []
    finally:
        loop.call_soon_threadsafe(loop.stop)
        server.stop()


async def _long_polls(port: int, request_of, addresses: list[str], answer_within_s: float = 1.0) -> list:
    """One long-poll from each of ``addresses`` (named by ``X-Forwarded-For``), all at once: each
    ``Held``'s status is what the server answered within ``answer_within_s`` (0: nothing, held)."""
    async def one(address: str):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        held = Held(writer)
        writer.write(request_of(address))
        try:
            line = await asyncio.wait_for(reader.readuntil(b"\r\n"), answer_within_s)
            held.status = int(line.split()[1])
        except TimeoutError:  # (held: no answer yet)
            pass
        return held
    return list(await asyncio.gather(*[one(a) for a in addresses]))


WAIT_S = 12
"""The long-polls' wait: long enough for every check below to run while they are held."""


def test_long_polls_count_in_the_caps_in_all_and_ipv6_prefix_is_a_setting(tmp_path):
    """Long-polls (``GET /matches/{id}/events?wait=``) are held like streams: with
    ``IPV6_PREFIX=48``, 40 anonymous long-polls from 40 /64s of one /48 are one client's (32 held,
    8 ``429 too_many_streams``); ten from other /48s fill ``MAX_OPEN_STREAMS_ANONYMOUS`` (40: 8
    held, 2 ``503 server_busy``); eleven with tokens fill ``MAX_OPEN_STREAMS`` (50: 10 held, then
    ``503``), and a stream is refused too; once their waits are over, they give their room back."""
    server = ServedServer(tmp_path, env={"TRUSTED_PROXIES": "127.0.0.1", "IPV6_PREFIX": "48",
                                         "MAX_OPEN_STREAMS": "50", "MAX_OPEN_STREAMS_ANONYMOUS": "40"}).start()
    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, daemon=True).start()

    def polls(addresses: list[str], tokens: list[str] | None = None) -> list:
        tokens = iter(tokens or [])

        def request_of(address: str) -> bytes:
            token = next(tokens, None)
            auth = f"Authorization: Bearer {token}\r\n" if token else ""
            return (f"GET /matches/{match}/events?after={version}&wait={WAIT_S} HTTP/1.1\r\nHost: x\r\n{auth}"
                    f"X-Forwarded-For: {address}\r\n\r\n").encode()
        return asyncio.run_coroutine_threadsafe(_long_polls(server.port, request_of, addresses), loop).result(60)

    try:
        with httpx.Client(base_url=server.url, timeout=30) as http:
            created = [http.post("/accounts", json={"name": f"v48_{n}"}, headers=forwarded(f"2001:db8:{n:x}::1"))
                       for n in range(1, 12)]  # (eleven /48s: eleven clients)
            assert [r.status_code for r in created] == [201] * 11
            in_one_48 = [http.post("/accounts", json={"name": f"w48_{n}"}, headers=forwarded(f"2001:db8:77:{n:x}::1"))
                         for n in range(1, 32)]  # 31 /64s of one /48: one client
            assert [r.status_code for r in in_one_48].count(201) == 30 and in_one_48[-1].status_code == 429
            players = Players(server)
            match = players.new_match(http)
            version = http.get(f"/matches/{match}").json()["version"]

            one_prefix = polls([f"2001:db8:5:{n:x}::1" for n in range(1, 41)])
            assert Counter(h.status for h in one_prefix) == {0: 32, 429: 8}  # MAX_STREAMS_ANONYMOUS, per /48
            others = polls([f"2001:db8:{n:x}::1" for n in range(100, 110)])
            assert Counter(h.status for h in others) == {0: 8, 503: 2}  # 40 anonymous in all
            last_asked = time.monotonic()
            signed_in = polls(["2001:db8:9::1"] * 11, tokens=[r.json()["token"] for r in created])
            assert Counter(h.status for h in signed_in) == {0: 10, 503: 1}  # 50 in all
            refused = http.get(f"/matches/{match}/events", params={"after": version, "wait": WAIT_S},
                               headers={**forwarded("2001:db8:99::1"), **server.headers("alice")})
            assert is_problem(refused, 503, "server_busy") and refused.headers["retry-after"] == "5"
            stream = http.get(f"/matches/{match}/stream", headers=forwarded("2001:db8:98::1"))
            assert is_problem(stream, 503, "server_busy")  # streams and long-polls share the caps

            loop.call_soon_threadsafe(close_all, one_prefix + others + signed_in)
            time.sleep(max(0.0, last_asked + WAIT_S + 2 - time.monotonic()))  # (their waits over)
            started = time.monotonic()
            polled = http.get(f"/matches/{match}/events", params={"after": version, "wait": 1},
                              headers=forwarded("2001:db8:99::1"))
            assert polled.status_code == 200 and time.monotonic() - started >= 0.9  # held its second: room again
        assert errors_logged(server.output()) == []
    finally:
        loop.call_soon_threadsafe(loop.stop)
        server.stop()
