"""The built-in bots of three levels play a tournament; then the game's leaderboard, with the Python SDK.

Usage::

    python examples/bot_leaderboard.py --api http://127.0.0.1:8000 --token "$ADMIN_TOKEN" [--game cairo]
        [--format round_robin|swiss] [--per-level 2] [--bots bot_random_1,bot_random_2]

With an organizer's token it picks ``--per-level`` built-in bots of each of the levels 1, 2 and 3
(``bots()``: ``bot_sane_1``, ``bot_greedy_1``, ``bot_search_1``, ...; ``--bots`` names them
instead), creates a tournament of them in ``--game`` (``create_tournament``; the server's workers
play the bots' moves), follows it on its stream (``iter_tournament_stream``: pairings and results
as they happen, to its end), prints the standings, then the game's leaderboard with provisional
players (``leaderboard(game, provisional=True)``: rank, name, rating ± deviation, games, W/L/D;
``*`` marks the tournament's players).
"""

from __future__ import annotations

import argparse
import uuid

from deathmatch_client import Bot, Client, Leaderboard, Tournament, TournamentEvent

LEVELS = (1, 2, 3)


def pick_bots(client: Client, game: str, per_level: int, levels: tuple[int, ...] = LEVELS) -> list[str]:
    """``per_level`` bots of each level that play ``game``, strongest level first (the seed order)."""
    bots: list[Bot] = [bot for bot in client.bots() if game in bot.games]
    chosen = []
    for level in sorted(levels, reverse=True):
        of_level = [bot.id for bot in bots if bot.level == level][:per_level]
        if len(of_level) < per_level:
            raise SystemExit(f"the server has fewer than {per_level} bots of level {level} playing {game}")
        chosen += of_level
    return chosen


def play_tournament(organizer: Client, players: list[str], game: str, format: str = "round_robin",
                    say=print) -> Tournament:
    """Create the tournament, follow its stream to the end (telling each pairing and result) and
    return it as it ended."""
    tournament = organizer.create_tournament(f"bots-{game}-{uuid.uuid4().hex[:6]}", format, players, game)
    say(f"{tournament.name}: {len(players)} bots, {format}, {game}, {tournament.total_rounds} rounds ({tournament.id})")
    names = tournament.names
    for item in organizer.iter_tournament_stream(tournament.id):
        if isinstance(item, Tournament):  # the tournament so far: its rounds already paired (and played)
            names = item.names or names
            for round in item.rounds:
                say(describe(TournamentEvent("pairings", 0, round=round.number, games=round.games, byes=round.byes),
                             names))
                for game in (g for g in round.games if g.finished):
                    say(describe(TournamentEvent("result", 0, round=round.number, table=game.table,
                                                 winner=game.winner), names))
        elif item.type in ("pairings", "result", "tournament_ended"):
            say(describe(item, names))
    return organizer.tournament(tournament.id)


def describe(event: TournamentEvent, names: dict[str, str]) -> str:
    def name(account: str | None) -> str:
        return names.get(account or "", account or "nobody")
    if event.type == "pairings":
        games = ", ".join(" - ".join(name(p) for p in g.players) for g in event.games or [])
        byes = f" (bye: {', '.join(name(p) for p in event.byes)})" if event.byes else ""
        return f"round {event.round}: {games}{byes}"
    if event.type == "result":
        return f"  round {event.round}, table {event.table}: {name(event.winner) if event.winner else 'a draw'}"
    return f"over: {name(event.winner)} wins"


def print_standings(tournament: Tournament) -> None:
    print(f"Standings of {tournament.name} ({tournament.format}, {tournament.game})")
    for s in tournament.standings:
        print(f"{s.rank:>3}. {s.name or s.player:<20} {s.points:g} points")


def print_leaderboard(board: Leaderboard, marked: set[str] = frozenset()) -> None:
    print(f"Leaderboard of {board.game} (provisional players included)")
    for row in board.rows:
        mark = "*" if row.account_id in marked else " "
        print(f"{row.rank:>3}.{mark}{row.name or row.account_id:<20} {row.rating:7.1f} ± {row.deviation:5.1f}"
              f"  {row.games:>4} games  {row.wins}/{row.losses}/{row.draws}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--api", default="http://127.0.0.1:8000")
    parser.add_argument("--token", required=True, help="an organizer's token")
    parser.add_argument("--game", default="cairo")
    parser.add_argument("--format", default="round_robin", choices=("round_robin", "swiss"))
    parser.add_argument("--per-level", type=int, default=2, help="bots of each level 1, 2 and 3")
    parser.add_argument("--bots", help="comma-separated bot ids instead (e.g. bot_random_1,bot_random_2)")
    parser.add_argument("--top", type=int, default=20, help="leaderboard rows to print (at most 200)")
    args = parser.parse_args()
    with Client(args.api, args.token) as organizer:
        players = args.bots.split(",") if args.bots else pick_bots(organizer, args.game, args.per_level)
        tournament = play_tournament(organizer, players, args.game, args.format)
        print_standings(tournament)
        print_leaderboard(organizer.leaderboard(args.game, provisional=True, limit=args.top), set(players))


if __name__ == "__main__":
    main()
