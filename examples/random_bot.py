"""A complete bot in plain Python: it plays random legal moves in every match where it is seated,
in any game this server plays (Trax, Duorail, MonUnrail, Cairo Corridor, Deep Sea Voyage).

Usage::

    python examples/random_bot.py --api http://127.0.0.1:8000 --token "$BOB_TOKEN" [--once]

It accepts every challenge it receives (``GET /accounts/me/challenges``), asks the server which
matches wait on it (``GET /accounts/me/turns``), acts in each (ready, choose a seat, or a random
legal move sent with an Idempotency-Key, so a retry can never play twice), and when nothing waits
on it, listens to its account stream (``GET /accounts/me/stream``, Server-Sent Events) until
something happens. Only the standard library is used.
"""

from __future__ import annotations

import argparse
import json
import random
import urllib.error
import urllib.request
import uuid


class Api:
    def __init__(self, base: str, token: str):
        self.base, self.token = base.rstrip("/"), token

    def call(self, method: str, path: str, body: dict | None = None, headers: dict | None = None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method, headers={
            "Authorization": f"Bearer {self.token}", "Content-Type": "application/json", **(headers or {})})
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read() or b"null")

    def wait_for_news(self, seconds: float = 20) -> None:
        """Block until the account stream sends something after its first message (or time runs out)."""
        request = urllib.request.Request(self.base + "/accounts/me/stream",
                                         headers={"Authorization": f"Bearer {self.token}"})
        try:
            with urllib.request.urlopen(request, timeout=seconds) as stream:
                messages = 0
                for line in stream:
                    if line.strip() == b"" and (messages := messages + 1) >= 2:
                        return  # the `turns` message, then one piece of news
        except (TimeoutError, OSError):
            return


def commands_for(match: dict, moves: list[str]) -> list[dict]:
    """Commands to try, in order, for the seat to play: random legal moves in the game's own form."""
    game, state = match["game"], match["state"]
    random.shuffle(moves)
    if game == "trax":
        return [{"type": "play", "move": m} for m in moves[:1]]
    if game == "cairo":
        return [{"type": "cairo_place", "cell": m} for m in moves[:1]]
    if game == "duorail":
        if state["phase"] in ("challenge", "endgame"):  # a random bot has no track to show
            return [] if state.get("my_submission") else [{"type": "duorail_submit_track", "track": None}]
        return [{"type": "duorail_move", "move": m} for m in moves[:1]]
    if game == "monunrail":
        tried = [m for m in moves if m not in ("swap", "impossible")][:7]
        tried += ["impossible"] if "impossible" in moves else []  # the hidden supply may refuse every build
        return [_monunrail(state["phase"], m) for m in tried]
    if game == "deepsea":
        if state["phase"] == "routes":  # the routes are found from the view: a breadth-first search
            return [] if state["your_routes"] else [{"type": "deepsea_submit_routes",
                                                     "routes": shortest_routes(state, match["you"])}]
        return [] if state["your_action"] else [{"type": "deepsea_move", "move": m} for m in moves[:1]]
    return []


SHIPS = {"empire": ("red", "white"), "marauder": ("blue", "black")}


def shortest_routes(state: dict, side: str) -> dict:
    """Deep Sea Voyage: a shortest route for each of ``side``'s ships on every board not lost,
    found from the match view alone (``{"1": {"red": "A13 B13 ... G12", ...}, ...}``)."""
    routes = {}
    for board in state["boards"]:
        if board["status"] != "lost":
            routes[str(board["board"])] = {ship: _route(board, board["ships"][ship]) for ship in SHIPS[side]}
    return routes


def _route(board: dict, start: str) -> str:
    n, rows = board["size"], board["rows"]  # rows: the layout, top row first
    covered = {cell for piece in board["pieces"] for cell in piece["cells"]}

    def kind(col: int, row: int) -> str:
        return rows[n - 1 - row][col]

    def name(col: int, row: int) -> str:
        return f"{chr(65 + col)}{row + 1}"

    came = {(ord(start[0]) - 65, int(start[1:]) - 1): None}
    frontier = list(came)
    while frontier and not any(kind(*cell) == "D" for cell in frontier):
        reached = []
        for col, row in frontier:
            for step in ((col, row + 1), (col + 1, row), (col, row - 1), (col - 1, row)):
                if (step not in came and 0 <= step[0] < n and 0 <= step[1] < n and kind(*step) != "#"
                        and name(*step) not in covered):
                    came[step] = (col, row)
                    reached.append(step)
        frontier = reached
    cell = next(c for c in frontier if kind(*c) == "D")
    path = [cell]
    while came[path[-1]] is not None:
        path.append(came[path[-1]])
    return " ".join(name(*c) for c in reversed(path))


def _monunrail(phase: str, move: str) -> dict:
    if move in ("impossible", "swap"):
        return {"type": f"monunrail_{move}"}
    if move.startswith("go "):
        return {"type": "monunrail_choose_order", "go": move.split()[1]}
    if phase == "unrail":
        return {"type": "monunrail_unrail", "cells": move}
    return {"type": "monunrail_build", "tiles": move}


def act(api: Api, turn: dict) -> None:
    """Do what ``turn`` (an item of ``/accounts/me/turns``) asks of this bot."""
    url = f"/matches/{turn['match_id']}"
    if turn["action"] == "ready":
        api.call("POST", f"{url}/ready")
        return
    if turn["action"] == "choose_seat":
        api.call("POST", f"{url}/commands", {"type": "choose_seat", "seat": turn["seat"]})
        return
    _, match = api.call("GET", url)
    _, legal = api.call("GET", f"{url}/legal-moves")
    for command in commands_for(match, legal["moves"]):
        status, answer = api.call("POST", f"{url}/commands?expected_version={match['version']}", command,
                                  {"Idempotency-Key": str(uuid.uuid4())})
        if status == 200:
            return
        print(f"{turn['match_id']}: {command} refused: {answer.get('detail')}")


def accept_challenges(api: Api) -> int:
    """Accept every challenge received; how many there were."""
    _, challenges = api.call("GET", "/accounts/me/challenges")
    for challenge in challenges["received"]:
        api.call("POST", f"/matches/{challenge['match_id']}/accept")
    return len(challenges["received"])


def run(api: Api, once: bool) -> None:
    handled: set[tuple[str, int]] = set()  # a sealed track leaves us listed until the reveal: act once
    while True:
        accept_challenges(api)
        status, turns = api.call("GET", "/accounts/me/turns")
        if status != 200:
            raise SystemExit(f"cannot list turns: {turns}")
        turns = [t for t in turns if (t["match_id"], t["version"]) not in handled]
        for turn in turns:
            act(api, turn)
            handled.add((turn["match_id"], turn["version"]))
        if not turns:
            if once and not api.call("GET", "/accounts/me/matches")[1]:
                return  # no unfinished match left
            api.wait_for_news()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--api", default="http://127.0.0.1:8000")
    parser.add_argument("--token", required=True)
    parser.add_argument("--once", action="store_true", help="stop when no unfinished match is left")
    args = parser.parse_args()
    run(Api(args.api, args.token), args.once)
