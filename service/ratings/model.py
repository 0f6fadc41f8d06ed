"""The rating model and the values the ratings projection keeps: pure functions, no Redis.

The model is openskill's Weng-Lin Plackett-Luce (``openskill.models.PlackettLuce``), on a
Glicko-like scale: a new player starts at rating (``mu``) 1500 with deviation (``sigma``) 350;
``beta`` 175 and ``tau`` 3.5 keep openskill's own proportions (``beta = sigma / 2``,
``tau = sigma / 100``). Why openskill and not a Glicko-2 package: ``docs/decisions.md``.

>>> a, b = Standing(), Standing()
>>> a, b = rated(a, b, 1.0)
>>> round(a.rating, 2), round(a.deviation, 2), (a.games, a.wins, b.losses)
(1610.69, 338.77, (1, 1, 1))
>>> round(b.rating, 2)
1389.31
"""

from __future__ import annotations

from typing import Literal

import msgspec
from openskill.models import PlackettLuce

from domain.match import MatchState

MODEL = PlackettLuce(mu=1500.0, sigma=350.0, beta=175.0, tau=3.5)
"""The one model every game's ratings use (its parameters are part of the ratings' meaning:
changing one means ``rebuild-read-models``)."""
PROVISIONAL_DEVIATION = 300.0
"""A player whose deviation is above this is provisional: listed on a leaderboard only when asked
(``provisional=true``). A new player falls below it after about seven games."""

Outcome = Literal["win", "loss", "draw"]


class Standing(msgspec.Struct, frozen=True):
    """One account's rating in one game and its record there."""

    rating: float = MODEL.mu
    deviation: float = MODEL.sigma
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0

    @property
    def provisional(self) -> bool:
        return self.deviation > PROVISIONAL_DEVIATION


def rated(first: Standing, second: Standing, score: float) -> tuple[Standing, Standing]:
    """Both standings after one game: ``score`` is 1 when ``first`` won, 0 when it lost, 0.5 for a draw."""
    ranks = {1.0: [1, 2], 0.0: [2, 1], 0.5: [1, 1]}[score]
    [[a], [b]] = MODEL.rate([[MODEL.rating(mu=first.rating, sigma=first.deviation)],
                             [MODEL.rating(mu=second.rating, sigma=second.deviation)]], ranks=ranks)
    return _after(first, a, score), _after(second, b, 1.0 - score)


def _after(before: Standing, rating, score: float) -> Standing:
    return Standing(rating=rating.mu, deviation=rating.sigma, games=before.games + 1,
                    wins=before.wins + (score == 1.0), losses=before.losses + (score == 0.0),
                    draws=before.draws + (score == 0.5))


class RatedResult(msgspec.Struct, frozen=True):
    """A rated game's result: who played (``players``, in seat order) and ``score``, the first
    player's (1, 0 or 0.5), ended at ``finished_at`` (server ms)."""

    match_id: str
    game: str
    players: tuple[str, str]
    score: float
    finished_at: int

    @property
    def member(self) -> str:
        """Its place in the order results are applied: the end's time (16 digits), then the id.

        >>> RatedResult("m1", "trax", ("a", "b"), 1.0, 1_700_000_000_000).member
        '0001700000000000:m1'
        """
        return f"{self.finished_at:016d}:{self.match_id}"


def rated_result(state: MatchState) -> RatedResult | None:
    """The rated result of a match, or ``None`` when it does not count: not finished (aborted
    matches and those that never started are not games), created with ``rated: false``, or a seat
    not held by an account. (One account never holds both seats: :func:`domain.match.decide_create`
    refuses it.)"""
    return result_of(state.match_id, state.game_name, state.status, state.started_at, state.finished_at,
                     state.seats, state.result.winner if state.result else None, state.rated)


def result_of(match_id: str, game: str, status: str, started_at: int | None, finished_at: int | None,
              seats: dict[str, str | None], winner: str | None, rated_match: bool) -> RatedResult | None:
    """:func:`rated_result` from a match's parts (a state's, or a stored summary's)."""
    holders = list(seats.values())
    if status != "finished" or started_at is None or not rated_match or len(holders) != 2:
        return None
    first, second = holders
    if first is None or second is None or first == second:
        return None
    seat_names = list(seats)
    score = 0.5 if winner is None else (1.0 if winner == seat_names[0] else 0.0)
    return RatedResult(match_id=match_id, game=game, players=(first, second), score=score,
                       finished_at=finished_at or started_at)


class HistoryEntry(msgspec.Struct, frozen=True):
    """One line of an account's rating history in a game: the standing after a rated game."""

    member: str
    outcome: Outcome
    standing: Standing

    @property
    def match_id(self) -> str:
        return self.member.partition(":")[2]

    @property
    def finished_at(self) -> int:
        return int(self.member.partition(":")[0])


def history_member(member: str, outcome: Outcome, standing: Standing) -> str:
    """A history entry as stored: a sorted set member that sorts by ``member`` (a space sorts
    before every character of a match id), then the exact standing (``repr`` of a float reads
    back the same float, so a standing restored from history continues exactly as before).

    >>> entry = history_member("0000000000000005:m1", "win", Standing(1610.5, 338.25, 1, 1, 0, 0))
    >>> entry
    '0000000000000005:m1 win 1610.5 338.25 1 1 0 0'
    >>> parse_history(entry).standing == Standing(1610.5, 338.25, 1, 1, 0, 0)
    True
    """
    s = standing
    return f"{member} {outcome} {s.rating!r} {s.deviation!r} {s.games} {s.wins} {s.losses} {s.draws}"


def parse_history(entry: str) -> HistoryEntry:
    member, outcome, rating, deviation, games, wins, losses, draws = entry.split(" ")
    standing = Standing(float(rating), float(deviation), int(games), int(wins), int(losses), int(draws))
    return HistoryEntry(member=member, outcome=outcome, standing=standing)  # type: ignore[arg-type]


def outcome_of(score: float) -> Outcome:
    return "win" if score == 1.0 else "loss" if score == 0.0 else "draw"


def replay(results: list[RatedResult], before: dict[str, Standing]) -> tuple[dict[str, Standing], dict[str, list[str]]]:
    """Apply ``results`` in order to the standings ``before`` (an account missing there is new):
    the standings after them and each account's new history entries, oldest first.

    >>> r = [RatedResult("m1", "trax", ("a", "b"), 1.0, 5), RatedResult("m2", "trax", ("b", "a"), 0.5, 6)]
    >>> after, history = replay(r, {})
    >>> after["a"].games, after["b"].draws, [h.split(" ")[1] for h in history["a"]]
    (2, 1, ['win', 'draw'])
    """
    standings, history = dict(before), {}
    for result in sorted(results, key=lambda r: r.member):
        first, second = result.players
        a, b = rated(standings.get(first, Standing()), standings.get(second, Standing()), result.score)
        standings[first], standings[second] = a, b
        history.setdefault(first, []).append(history_member(result.member, outcome_of(result.score), a))
        history.setdefault(second, []).append(history_member(result.member, outcome_of(1.0 - result.score), b))
    return standings, history
