"""A bot that acts only on its account stream plays every game to the end, in either seat.

Each :class:`StreamBot` holds one connection, ``GET /accounts/me/stream``, for all its matches and
acts on nothing but what it hears there: the ``turns`` list it is sent first, then each
``your_turn`` (``accept`` and ``ready`` by their endpoints; ``choose_seat`` and ``play`` by one of
``GET /legal-moves``, sending the ``command`` the move carries at the item's version). It drops
its connection every few messages and resumes with ``Last-Event-ID``, so a lost turn would stall
a game into a timeout. Two such bots play one match of each game against each other (one
challenges, the other accepts; priority players choose seats; Duorail's challenges and endgame are
decided by the solver on a worker, so its answers must reach the feeds too), and two matches
against the built-in bots. No game may end, or even move on, by a timeout of a stream-driven
seat."""

from __future__ import annotations

import json
import random
import threading
import time
import traceback
import uuid

import httpx

from tests.api.helpers import ADMIN
from tests.conftest import new_account

SHORT = {"type": "bank", "per_move_ms": 10_000, "reserve_ms": 10_000}
GAMES = {  # seats, options: every clock short, so a lost turn ends the test soon
    "trax": (("white", "red"), {"time": {"type": "one_grace", "per_move_ms": 10_000, "grace_ms": 10_000}}),
    "cairo": (("first", "second"), {"time": SHORT}),
    "duorail": (("blue", "red"), {"time": SHORT, "construction_ms": 10_000, "adjudication": "solver",
                                  "scoring": "optimal"}),
    "monunrail": (("first", "second"), {"time": SHORT}),
    "deepsea": (("empire", "marauder"), {"selection_ms": 10_000, "action_ms": 10_000, "routes": "computed"}),
}  # (Deep Sea's routes measured: the listed "no routes" is legal, but leaves the routes window open until it closes)
RECONNECT_EVERY = 15
"""The bots drop their stream after this many messages and resume it with ``Last-Event-ID``."""


def sse(lines) -> tuple[str, str | None, str]:
    """The (event, id, data) of each message of an SSE stream (comments skipped)."""
    event, entry_id, data = "message", None, []
    for line in lines:
        if line == "":
            if data:
                yield event, entry_id, "\n".join(data)
            event, data = "message", []
        elif not line.startswith(":"):
            field, _, value = line.partition(":")
            value = value.removeprefix(" ")
            if field == "data":
                data.append(value)
            elif field == "event":
                event = value
            elif field == "id":
                entry_id = value


class StreamBot:
    """Plays the matches ``expected`` until each has ended, acting only on its account stream."""

    def __init__(self, base_url: str, headers: dict, expected: set[str]):
        self.http = httpx.Client(base_url=base_url, headers=headers, timeout=60)  # (a loaded CI machine)
        self.expected = set(expected)
        self.ended: dict[str, dict] = {}
        self.acted: set[tuple[str, str, int]] = set()
        self.log: list[tuple[str, str, int, str]] = []
        """(match, seat, version, what the bot did): the test shows it when a game goes wrong."""
        self.last_id: str | None = None
        self.reconnects = 0
        self.failure: str | None = None
        """What stopped the bot, with its traceback (the test shows it)."""
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        try:
            while not self.expected <= set(self.ended):
                self._listen()
        except BaseException:  # reported by the test
            self.failure = traceback.format_exc()

    def _listen(self) -> None:
        resume = {"Last-Event-ID": self.last_id} if self.last_id else {}
        with self.http.stream("GET", "/accounts/me/stream", headers=resume,
                              timeout=httpx.Timeout(60, read=120)) as stream:
            assert stream.status_code == 200, stream.read()
            for count, (event, entry_id, data) in enumerate(sse(stream.iter_lines()), 1):
                self.last_id = entry_id or self.last_id
                if event == "turns":
                    for turn in json.loads(data):
                        self._act(turn)
                elif event == "your_turn":
                    self._act(json.loads(data))
                elif event == "match_ended":
                    item = json.loads(data)
                    self.ended[item["match_id"]] = item["result"]
                if self.expected <= set(self.ended):
                    return
                if count % RECONNECT_EVERY == 0:
                    self.reconnects += 1
                    return  # hang up; resume at once

    def _act(self, turn: dict) -> None:
        """Once per (match, seat, version): what ``turn`` asks."""
        key = (turn["match_id"], turn["seat"], turn["version"])
        if key in self.acted or turn["match_id"] not in self.expected:
            return
        self.acted.add(key)
        self.log.append((*key, turn["action"]))
        url = f"/matches/{turn['match_id']}"
        if turn["action"] in ("accept", "ready"):  # (409 for a stale one: the match started meanwhile)
            assert self.http.post(f"{url}/{turn['action']}").status_code in (200, 409)
            return
        listing = self.http.get(f"{url}/legal-moves").json()
        if listing["version"] != turn["version"]:
            self.log.append((*key, f"overtaken by {listing['version']}"))
            return  # overtaken: a newer your_turn follows if this seat still must act
        moves = listing["moves"]
        random.shuffle(moves)
        for move in moves:  # until one is taken: MonUnrail's hidden supply refuses some builds (422)
            r = self.http.post(f"{url}/commands", params={"expected_version": turn["version"]},
                               json=move["command"], headers={"Idempotency-Key": uuid.uuid4().hex})
            if r.status_code != 422:
                assert r.status_code in (200, 409), r.text
                self.log.append((*key, f"{move['move']}: {r.status_code}"))
                return


def create(http: httpx.Client, game: str, seats: dict, by: dict, **more) -> str:
    r = http.post("/matches", json={"game": game, "seats": seats, "options": GAMES[game][1], **more}, headers=by)
    assert r.status_code == 201, r.text
    return r.json()["id"]


def timed_out(event: dict) -> bool:
    """Whether an event says a seat let its time run out (a pass, a random pick, a reveal or a
    result forced by its clock)."""
    return event.get("timeout") is True or event.get("by") == "timeout" or event.get("reason") == "timeout"


def test_bots_acting_only_on_their_account_streams_play_every_game_to_the_end(http, live_server, worker):
    (ann, ann_h), (bob, bob_h) = new_account(http, "ann"), new_account(http, "bob")
    matches = {}
    for n, (game, ((first, second), _)) in enumerate(GAMES.items()):
        one, other = ((ann, ann_h), (bob, bob_h)) if n % 2 == 0 else ((bob, bob_h), (ann, ann_h))
        seats = {first: one[0], second: other[0]}
        short = {"pregame_ms": 1_000}  # (every Deep Sea match has one: 90 s by default)
        if n % 2 == 0:  # a challenge (the other accepts), its priority player chooses the seats
            matches[game] = create(http, game, seats, one[1], priority=second, **short)
        else:  # an organizer's match: both say ready
            matches[game] = create(http, game, seats, ADMIN, **short)
    against_bots = [create(http, "trax", {"white": "bot_random_1", "red": ann}, ann_h),
                    create(http, "cairo", {"first": bob, "second": "bot_random_2"}, bob_h)]
    bots = [StreamBot(live_server.url, ann_h, {*matches.values(), against_bots[0]}),
            StreamBot(live_server.url, bob_h, {*matches.values(), against_bots[1]})]
    for bot in bots:
        bot.thread.start()
    give_up = time.monotonic() + 240
    while any(bot.thread.is_alive() for bot in bots) and time.monotonic() < give_up:
        assert all(bot.failure is None for bot in bots), [bot.failure for bot in bots]
        time.sleep(0.2)
    for bot in bots:
        assert bot.failure is None, bot.failure
        assert not bot.thread.is_alive(), f"unfinished: {bot.expected - set(bot.ended)}"
        assert bot.reconnects > 0

    for match_id in [*matches.values(), *against_bots]:
        view = http.get(f"/matches/{match_id}").json()
        assert view["status"] == "finished", (view["game"], view["status"])
        events = http.get(f"/matches/{match_id}/events").json()["events"]
        late = [e["event"] for e in events if timed_out(e["event"])]
        log = [entry for bot in bots for entry in bot.log if entry[0] == match_id]
        assert not late and view["result"]["reason"] != "timeout", (view["game"], late, view["result"], log)
