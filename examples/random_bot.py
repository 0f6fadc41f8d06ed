"""A complete Trax bot in plain Python: it plays random legal moves in every match where it is seated.

Usage::

    python examples/random_bot.py --api http://127.0.0.1:8000 --token "$BOB_TOKEN" [--once]

It lists its unfinished matches, readies up, and long-polls each match; when it is to move it
picks a random legal move and sends it with an Idempotency-Key (so a retry can never play twice).
Only the standard library is used.
"""

from __future__ import annotations

import argparse
import json
import random
import time
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


def play_turn(api: Api, match: dict) -> None:
    """If this bot is to move in ``match``, send one random legal move."""
    if match["status"] == "waiting" and match["you"] and not match["seats"][match["you"]]["ready"]:
        api.call("POST", f"/matches/{match['id']}/ready")
    if match["status"] == "pregame" and match["you"] == match["priority"]:
        api.call("POST", f"/matches/{match['id']}/commands", {"type": "choose_seat", "seat": match["you"]})
    if match["status"] != "running" or match["you"] not in match["to_move"]:
        return
    _, legal = api.call("GET", f"/matches/{match['id']}/legal-moves")
    if legal["moves"]:
        move = random.choice(legal["moves"])
        status, answer = api.call("POST", f"/matches/{match['id']}/commands?expected_version={match['version']}",
                                  {"type": "play", "move": move}, {"Idempotency-Key": str(uuid.uuid4())})
        if status != 200:
            print(f"{match['id']}: {move} refused: {answer.get('detail')}")


def run(api: Api, once: bool) -> None:
    while True:
        status, mine = api.call("GET", "/accounts/me/matches")
        if status != 200:
            raise SystemExit(f"cannot list matches: {mine}")
        for summary in mine:
            _, match = api.call("GET", f"/matches/{summary['id']}")
            play_turn(api, match)
        if once and not mine:
            return
        if not mine:
            time.sleep(1)
        else:  # wait until something happens in the first match, then look again
            first = mine[0]["id"]
            _, match = api.call("GET", f"/matches/{first}")
            api.call("GET", f"/matches/{first}/events?after={match['version']}&wait=2")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--api", default="http://127.0.0.1:8000")
    parser.add_argument("--token", required=True)
    parser.add_argument("--once", action="store_true", help="stop when no unfinished match is left")
    args = parser.parse_args()
    run(Api(args.api, args.token), args.once)
