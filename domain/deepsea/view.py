"""What a viewer sees. The boards, the pieces, the selections and every revealed action are public;
a seat alone sees its own sealed action or routes, until the reveal shows them to everyone.

>>> from domain.game import Viewer
>>> from domain.deepsea.parts.presets import PRESETS
>>> from domain.deepsea.state import DeepseaOptions
>>> from domain.deepsea.rules import begin, initial
>>> v = view(begin(initial(DeepseaOptions(boards=[*PRESETS][:3]), seed=1), at=0), Viewer(seat="empire"))
>>> v.phase, v.round, v.priority, v.to_move, v.boards[0].bank[:3], v.boards[0].status
('select', 1, 'empire', ['empire'], ['F', 'I', 'L'], 'open')
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from domain.deepsea.rules import deadline, describe, priority_side, to_move
from domain.deepsea.parts.board import parse_text
from domain.deepsea.parts.pentominoes import Placement, parse_placement
from domain.deepsea.state import (BOARDS, SEATS, Action, BoardScore, DeepseaOptions, DeepseaState, PlacedPiece, Sea,
                                  ShipRoutes)
from domain.errors import InvalidCommand
from domain.known import game_view
from domain.sealed import SealedBox
from domain.game import Result, Viewer
from domain.sealed import has_submitted, own_submission


class DeepseaPieceView(msgspec.Struct, frozen=True):
    """A pentomino on a board: ``DeepseaPieceView(piece="T", cells=[...], seat="empire", round=3)``."""

    piece: str
    cells: list[str]
    seat: str
    round: int


class SeaView(msgspec.Struct, frozen=True):
    """One board: its starting ``rows`` (text layout, top row first: ``.`` empty, ``#`` wall, ``C``
    channel, ``D`` dropoff, ``R W B K`` ship starts), ``ships`` and ``dropoffs``; the pieces placed;
    the ``bank`` left; ``status`` ``open``, ``used_up`` or ``lost`` (``lost_by`` that seat);
    ``selected_by`` this round; once over its ``score``, the ``routes`` the players sent and the
    ``shortest_routes`` the server found."""

    board: int
    size: int
    rows: list[str]
    ships: dict[str, str]
    dropoffs: list[str]
    pieces: list[DeepseaPieceView]
    bank: list[str]
    status: Literal["open", "used_up", "lost"]
    lost_by: str | None
    selected_by: str | None
    score: BoardScore | None
    routes: ShipRoutes | None
    shortest_routes: ShipRoutes | None


class DeepseaView(msgspec.Struct, frozen=True, tag_field="game", tag="deepsea"):
    """The match in play: ``phase`` (``pregame``: the boards are shown until ``deadline``, then
    ``select``, ``action``, ``single``: turns on the last open board, ``routes``, ``over``),
    ``round`` and the side with its ``priority``; ``to_move`` and the window's ``deadline`` (ms);
    this round's ``selections`` by seat; the ``last_actions``
    revealed; ``your_action`` / ``your_routes``: what you have sealed (``None``: nothing yet)."""

    routes_mode: Literal["submitted", "computed"]
    boards: list[SeaView]
    phase: Literal["pregame", "select", "action", "single", "routes", "over"]
    round: int
    priority: str
    to_move: list[str]
    deadline: int | None
    selections: dict[str, int]
    last_actions: dict[str, str]
    your_action: str | None
    your_routes: dict[str, ShipRoutes] | None
    result: Result | None


def view(state: DeepseaState, viewer: Viewer) -> DeepseaView:
    """The view of ``state`` for ``viewer`` (see the module docstring for what is private)."""
    due = deadline(state)
    phase = "over" if state.phase == "scoring" else state.phase
    box, seat = state.box, viewer.seat
    your_action = your_routes = None
    if seat is not None and has_submitted(box, seat):
        mine = own_submission(box, seat)
        if state.phase == "action":
            your_action = "pass" if mine is None else f"{mine.piece} on {', '.join(mine.cells)}"
        else:
            your_routes = mine
    return DeepseaView(
        routes_mode=state.options.routes,
        boards=[_sea_view(state, n) for n in BOARDS],
        phase=phase, round=state.round, priority=priority_side(state.round), to_move=list(to_move(state)),
        deadline=due.at if due else None, selections=dict(state.selections),
        last_actions={s: describe(a) for s, a in state.last_actions.items()},
        your_action=your_action, your_routes=your_routes, result=state.result,
    )


def _sea_view(state: DeepseaState, number: int) -> SeaView:
    board, sea = state.board(number), state.sea(number)
    status: Literal["open", "used_up", "lost"] = "lost" if sea.lost_by else ("open" if sea.is_open else "used_up")
    score = next((s for s in state.scores or [] if s.board == number), None)
    routes = None
    if state.submitted_routes:
        routes = {ship: r for side in state.submitted_routes.values() for ship, r in side.get(str(number), {}).items()}
    return SeaView(
        board=number, size=board.size, rows=board.rows(), ships=dict(board.ships), dropoffs=board.dropoffs,
        pieces=[DeepseaPieceView(piece=p.placement.piece, cells=list(p.placement.cells), seat=p.seat, round=p.round)
                for p in sea.pieces],
        bank=list(sea.bank), status=status, lost_by=sea.lost_by,
        selected_by=next((s for s, n in state.selections.items() if n == number), None),
        score=score, routes=routes,
        shortest_routes=(state.shortest_routes or {}).get(str(number)),
    )


def from_view(view: Any, seat: str | None = None) -> DeepseaState:
    """The state a Deep Sea Voyage match view shows to a seat or a spectator (the API's match
    JSON, the SDK's ``Match`` or the game's ``state``): the boards as shown, their pentominoes,
    banks and losses, the round, the selections, the seat's own sealed action (the opponent's,
    if any, is not shown: it stays open, as :func:`domain.deepsea.determinize` leaves it) and
    the result. Not shown, so not rebuilt: the match's seed and secret board option (``boards``
    holds the boards shown), its windows' lengths (the defaults) and when the current one began
    (0), the DMO (its position is the Marauder's unless told, see ``position``), the routes a seat
    sealed, and how many turns the one-board phase has had (only whose turn it is). ``seat``: whose
    view it is (read from the match JSON's ``you`` when not given). From the match JSON (or the
    SDK's ``Match``) the public options are read too, and its priority player is the DMO when the
    options name none (``options.dmo`` then holds it)."""
    you, options = _match_facts(view)
    seat = seat or you
    try:
        shown = msgspec.convert(game_view(view), DeepseaView)
    except msgspec.ValidationError as e:
        raise InvalidCommand("bad_view", f"This is not a Deep Sea Voyage match view: {e}.") from None
    boards = tuple(parse_text("\n".join(sea.rows)) for sea in shown.boards)
    seas = tuple(Sea(pieces=tuple(PlacedPiece(Placement(p.piece, tuple(p.cells)), p.seat, p.round) for p in sea.pieces),
                     lost_by=sea.lost_by) for sea in shown.boards)
    phase = shown.phase
    box = None
    if phase == "action":
        mine = {}
        if shown.your_action is not None and seat in SEATS:
            size = boards[shown.selections[seat] - 1].size
            mine[seat] = None if shown.your_action == "pass" else parse_placement(shown.your_action, size)
        box = SealedBox(window=f"action:{shown.round}", submissions=mine)
    last = {seat: _action_of(text, boards) for seat, text in shown.last_actions.items()}
    single_turns = passes = 0
    if phase == "single":
        single_turns = 0 if shown.to_move == [priority_side(shown.round)] else 1
        passes = int(len(last) == 1 and all(a.placement is None for a in last.values()))
    scores = [sea.score for sea in shown.boards if sea.score is not None] or None
    return DeepseaState(options=msgspec.structs.replace(options, routes=shown.routes_mode), boards=boards, seed=0, seas=seas,
                        phase=phase, begun=True, round=shown.round, phase_started_at=0,
                        selections=dict(shown.selections), box=box, single_turns=single_turns, passes=passes,
                        last_actions=last, scores=scores, result=shown.result)


def _match_facts(view: Any) -> tuple[str | None, DeepseaOptions]:
    """The viewer's seat and the public options (the DMO: the priority player unless named) of a
    match JSON or ``Match``; nothing of a game's view alone."""
    def get(name: str) -> Any:
        if hasattr(view, "state"):
            return getattr(view, name, None)
        return view.get(name) if isinstance(view, dict) and "state" in view else None

    public = {k: v for k, v in (get("options") or {}).items() if k in ("routes", "selection_ms", "action_ms",
                                                                        "routes_ms", "dmo")}
    try:
        options = msgspec.convert(public, DeepseaOptions)
    except msgspec.ValidationError:
        options = DeepseaOptions()
    you, priority = get("you"), get("priority")
    if options.dmo is None and priority in SEATS:
        options = msgspec.structs.replace(options, dmo=priority)
    return (you if isinstance(you, str) else None), options


def _action_of(text: str, boards: tuple[Any, ...]) -> Action:
    """``board 2: T on A11, ... , losing the board`` (:func:`~domain.deepsea.rules.describe`) read back."""
    head, _, what = text.partition(": ")
    number = int(head.removeprefix("board "))
    loses = what.endswith(", losing the board")
    what = what.removesuffix(", losing the board")
    placement = None if what == "pass" else parse_placement(what, boards[number - 1].size)
    return Action(board=number, placement=placement, loses_board=loses)
