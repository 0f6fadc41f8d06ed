"""Deep Sea Voyage game records: one line per turn, the side first.

Each round starts with a comment (``; round 2``), then its board selections (``empire select 2``), its two sealed actions on one line once revealed
(``empire T on A13, A12, A11, B12, C12 (board 1) | marauder pass (board 2)``), the public turns on
the last open board, and the routes the sides sent once revealed (``empire routes 1: red A13 B13,
white ... / 2: ...``). A sealed action or routes its reader may see (its own) and not yet revealed
end the record, marked as sealed. Board scores and the shortest routes published for the record
are comments.

>>> from domain.deepsea.state import Action, ActionSealed, ActionsRevealed, BoardSelected
>>> from domain.deepsea.parts.pentominoes import Placement
>>> t = Placement("T", ("A11", "A12", "A13", "B12", "C12"))
>>> move_lines([BoardSelected("empire", 1, 1, "choice", 0), BoardSelected("marauder", 2, 1, "last_open", 0),
...             ActionsRevealed(1, {"marauder": Action(2, None), "empire": Action(1, t)}, "submissions", False, 1),
...             ActionSealed("empire", 2, None, 2)])  # doctest: +NORMALIZE_WHITESPACE
['; round 1', 'empire select 1', 'marauder select 2 ; the last open board',
 'empire T on A11, A12, A13, B12, C12 (board 1) | marauder pass (board 2)',
 'empire pass ; sealed, not yet revealed']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from domain.deepsea.parts.pentominoes import Placement, format_placement
from domain.deepsea.state import (
    SEATS,
    Action,
    ActionSealed,
    ActionsRevealed,
    BoardScore,
    BoardSelected,
    BoardsScored,
    RoutesSealed,
    ShipRoutes,
    ShortestRoutesPublished,
    DeepseaTurnPlayed,
)

_SELECTED_BY = {"choice": "", "timeout": " ; at random, out of time", "last_open": " ; the last open board"}
_SEALED = " ; sealed, not yet revealed"


def move_lines(events: Iterable[Any]) -> list[str]:
    lines: list[str] = []
    actions: dict[str, ActionSealed] = {}
    routes: dict[str, RoutesSealed] = {}
    round_ = 0
    for event in events:
        if isinstance(event, BoardSelected):
            if event.round != round_:
                round_ = event.round
                lines.append(f"; round {round_}")
            lines.append(f"{event.seat} select {event.board}{_SELECTED_BY[event.by]}")
        elif isinstance(event, ActionSealed):
            actions[event.seat] = event
        elif isinstance(event, ActionsRevealed):
            actions.clear()
            lines.append(" | ".join(f"{seat} {action_text(event.actions[seat])}" for seat in SEATS
                                    if seat in event.actions))
        elif isinstance(event, DeepseaTurnPlayed):
            lines.append(f"{event.seat} {action_text(event.action)}" + (" ; out of time" if event.timeout else ""))
        elif isinstance(event, RoutesSealed):
            routes[event.seat] = event
        elif isinstance(event, BoardsScored):
            routes.clear()
            if event.routes:
                lines.append(" | ".join(f"{seat} routes {routes_text(event.routes.get(seat) or {})}" for seat in SEATS))
            lines += [score_comment(board) for board in event.boards]
        elif isinstance(event, ShortestRoutesPublished):
            lines.append(f"; shortest routes for the record: {routes_text(event.routes)}")
    lines += [f"{seat} {placement_text(actions[seat].placement)}{_SEALED}" for seat in SEATS if seat in actions]
    lines += [f"{seat} routes {routes_text(routes[seat].routes)}{_SEALED}" for seat in SEATS if seat in routes]
    return lines


def placement_text(placement: Placement | None) -> str:
    return "pass" if placement is None else format_placement(placement)


def action_text(action: Action) -> str:
    """``T on A11, ... (board 1)``, ``pass (board 2)``; ``, loses it`` when it cut a ship off."""
    return f"{placement_text(action.placement)} (board {action.board}{', loses it' if action.loses_board else ''})"


def routes_text(by_board: dict[str, ShipRoutes]) -> str:
    """``1: red A13 B13, white none / 2: ...`` (boards in order, ships as sent)."""
    return " / ".join(f"{board}: " + ", ".join(f"{ship} {' '.join(cells) if cells else 'none'}"
                                               for ship, cells in ships.items())
                      for board, ships in sorted(by_board.items()))


def score_comment(board: BoardScore) -> str:
    winner = board.winner or "nobody"
    how = "the other side lost it" if board.by == "lost" else "routes " + ", ".join(
        f"{seat} {total if total is not None else 'unreachable'}" for seat, total in board.totals.items())
    return f"; board {board.board}: {winner} wins ({how})"
