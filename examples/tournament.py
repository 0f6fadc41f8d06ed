"""A small tournament end to end, in plain Python: two random bots play a double round robin of Trax.

Usage::

    python examples/tournament.py --api http://127.0.0.1:8000 --token "$ADMIN_TOKEN"

With the organizer's token it opens two bot accounts (``POST /accounts``), creates the tournament
(``POST /tournaments``: the server schedules each round's matches and advances as they end), runs
the two bots of ``examples/random_bot.py`` in threads, waits until the tournament is over and
prints the standings. Only the standard library is used.
"""

from __future__ import annotations

import argparse
import threading
import time
import uuid

from random_bot import Api, run  # examples/random_bot.py


def open_bot(api: Api, name: str) -> tuple[str, Api]:
    """A new account for a bot: its id and an API client holding its token."""
    status, account = api.call("POST", "/accounts", {"name": name})
    if status != 201:
        raise SystemExit(f"cannot open an account: {account}")
    return account["id"], Api(api.base, account["token"])


def run_tournament(api: Api, game: str = "trax", limit_s: float = 300) -> dict:
    """Create the tournament, let two bots play it and return it once over."""
    suffix = uuid.uuid4().hex[:6]
    bots = [open_bot(api, f"example-bot-{n}-{suffix}") for n in (1, 2)]
    body = {"name": f"example-{suffix}", "format": "round_robin", "format_options": {"double": True},
            "players": [bot_id for bot_id, _ in bots], "game": game}
    status, tournament = api.call("POST", "/tournaments", body)
    if status != 201:
        raise SystemExit(f"cannot create the tournament: {tournament}")
    for _, bot in bots:
        threading.Thread(target=run, args=(bot, False), daemon=True).start()
    give_up = time.monotonic() + limit_s
    while tournament["status"] != "finished":
        if time.monotonic() > give_up:
            raise SystemExit("the tournament did not finish in time")
        time.sleep(0.5)
        _, tournament = api.call("GET", f"/tournaments/{tournament['id']}")
    return tournament


def print_standings(tournament: dict) -> None:
    print(f"{tournament['name']} ({tournament['format']}, {tournament['game']}): over")
    for standing in tournament["standings"]:
        print(f"{standing['rank']}. {standing['player']}  {standing['points']:g} points")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--api", default="http://127.0.0.1:8000")
    parser.add_argument("--token", required=True, help="an organizer's token")
    parser.add_argument("--game", default="trax")
    args = parser.parse_args()
    print_standings(run_tournament(Api(args.api, args.token), args.game))
