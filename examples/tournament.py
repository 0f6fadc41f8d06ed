"""A small tournament end to end with the Python SDK: two random bots play a double round robin of Trax.

Usage::

    python examples/tournament.py --api http://127.0.0.1:8000 --token "$ADMIN_TOKEN"

With the organizer's token it opens two bot accounts (``create_account``), creates the tournament
(``create_tournament``: the server schedules each round's matches and advances as they end), runs
the two bots of ``examples/random_bot.py`` in threads, waits until the tournament is over and
prints the standings.
"""

from __future__ import annotations

import argparse
import threading
import time
import uuid

from deathmatch_client import Client, Tournament, run_bot
from random_bot import play  # examples/random_bot.py


def run_tournament(organizer: Client, game: str = "trax", limit_s: float = 300) -> Tournament:
    """Create the tournament, let two bots play it and return it once over."""
    suffix = uuid.uuid4().hex[:6]
    accounts = [organizer.create_account(f"example-bot-{n}-{suffix}") for n in (1, 2)]
    tournament = organizer.create_tournament(f"example-{suffix}", "round_robin", [a.id for a in accounts], game,
                                             format_options={"double": True})
    for account in accounts:
        bot = Client(str(organizer.http.base_url), account.token)
        threading.Thread(target=run_bot, args=(bot, play), daemon=True).start()
    give_up = time.monotonic() + limit_s
    while tournament.status != "finished":
        if time.monotonic() > give_up:
            raise SystemExit("the tournament did not finish in time")
        time.sleep(0.5)
        tournament = organizer.tournament(tournament.id)
    return tournament


def print_standings(tournament: Tournament) -> None:
    print(f"{tournament.name} ({tournament.format}, {tournament.game}): over")
    for standing in tournament.standings:
        print(f"{standing.rank}. {standing.player}  {standing.points:g} points")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--api", default="http://127.0.0.1:8000")
    parser.add_argument("--token", required=True, help="an organizer's token")
    parser.add_argument("--game", default="trax")
    args = parser.parse_args()
    with Client(args.api, args.token) as organizer:
        print_standings(run_tournament(organizer, args.game))
