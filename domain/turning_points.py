"""Where a finished match was lost: the loser's turning point, by the game's evaluation.

After a match with a winner, its analysis says, where the game's :data:`~domain.bots.Evaluate`
can tell, the loser's **first losing move** -- the move after which its position was proven lost
(an evaluation of exactly -1.0, which only a solver or the end of the game gives) while before it
was not -- else its **biggest mistake**: the move whose evaluation dropped the most. A move is one
step of the match during which the loser was to move (in games where both seats act at once, any
step the loser was asked to act in); the evaluation is always the loser's own view of the
position, after each step.

>>> from domain.bot_games import play_match
>>> from domain.registry import game_named
>>> cairo = game_named("cairo")
>>> played = play_match(cairo, {"first": 0, "second": 0}, seed=3)
>>> point = turning_point(cairo, [played.state], budget=lambda: lambda: False)
>>> point is None  # one position: no move to judge
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

import msgspec

from domain.bots import Think
from domain.game import AnyGame
from domain.match import MatchState

Budget = Callable[[], Callable[[], bool]]
"""Makes the think-time callable of one evaluation (:attr:`domain.bots.Think.spent`)."""

LOST = -1.0
OFF_THE_BOARD = ("timeout", "resign")
"""Results that no move made: the step that ended such a match is not the loser's move."""


class TurningPoint(msgspec.Struct, frozen=True):
    """The loser's ``seat``; its move number ``move`` (1: its first move in the match) and the
    match ``version`` that move made; ``kind``: ``first_losing_move`` (its position was proven lost
    after it, not before) or ``biggest_mistake`` (the largest drop of the game's evaluation);
    the loser's evaluation ``before`` and ``after`` the move (-1.0 lost, 1.0 won, 0.0 even)."""

    seat: str
    move: int
    version: int
    kind: Literal["first_losing_move", "biggest_mistake"]
    before: float
    after: float


def turning_point(game: AnyGame, positions: Sequence[MatchState], budget: Budget) -> TurningPoint | None:
    """The loser's turning point over ``positions`` (the match after each of its steps, in order,
    the last one finished); ``None`` when the match has no winner, or no move of the loser's lost
    anything by the evaluation. ``budget`` bounds each evaluation."""
    final = positions[-1] if positions else None
    if final is None or final.status != "finished" or final.result is None or final.result.winner is None:
        return None
    loser = next(seat for seat in game.seats if seat != final.result.winner)
    values = [_value(game, state, loser, budget) for state in positions]
    last = len(positions) - (1 if final.result.reason in OFF_THE_BOARD else 0)  # the clock or a resignation
    moves = [(j, before, after) for j in range(1, last) if _moved(game, positions[j - 1], loser)
             and (before := values[j - 1]) is not None and (after := values[j]) is not None]
    numbered = {j: n for n, (j, _, _) in enumerate(moves, start=1)}
    for j, before, after in moves:
        if after == LOST and before != LOST:
            return _point(loser, numbered[j], positions[j], "first_losing_move", before, after)
    drop, j, before, after = max(((before - after, j, before, after) for j, before, after in moves),
                                 default=(0.0, 0, 0.0, 0.0))
    if drop <= 0:
        return None
    return _point(loser, numbered[j], positions[j], "biggest_mistake", before, after)


def _value(game: AnyGame, state: MatchState, seat: str, budget: Budget) -> float | None:
    """``seat``'s evaluation of the game in ``state`` (``None`` before the game began)."""
    if state.game is None or state.status not in ("running", "finished"):
        return None
    return float(game.evaluate(state.game, seat, Think(seed=state.version, spent=budget())))


def _moved(game: AnyGame, before: MatchState, seat: str) -> bool:
    """Whether the step from ``before`` was one where ``seat`` was to move."""
    return before.status == "running" and seat in game.to_move(before.game)


def _point(seat: str, move: int, state: MatchState, kind: Literal["first_losing_move", "biggest_mistake"],
           before: float, after: float) -> TurningPoint:
    return TurningPoint(seat=seat, move=move, version=state.version, kind=kind,
                        before=round(before, 3), after=round(after, 3))
