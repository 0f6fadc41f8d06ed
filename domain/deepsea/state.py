"""What a Deep Sea Voyage match is made of: its options, the commands, the events and the state.

Seats are the sides, ``empire`` (red and white ships) and ``marauder`` (blue and black ships).
Boards are numbered 1 to 3. Every event carries what :func:`domain.deepsea.rules.evolve` needs --
the board chosen, the placements revealed and whether they lost their board, whether play ends,
the scores -- so replaying the recorded events rebuilds the state without deciding anything.

>>> DeepseaOptions().routes, DeepseaOptions().action_ms
('submitted', 90000)
>>> msgspec.json.encode(DeepseaMove("T on A13, A12, A11, B12, C12"))
b'{"type":"deepsea_move","move":"T on A13, A12, A11, B12, C12"}'
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.deepsea.parts.board import Board, BoardLayout
from domain.deepsea.parts.pentominoes import PIECES, Placement
from domain.game import Result
from domain.sealed import SealedBox

SEATS = ("empire", "marauder")
BOARDS = (1, 2, 3)

BoardSpec = str | BoardLayout
"""A preset's name, ``random`` (drawn from the match seed) or ``random:<n>``, a text layout, or the JSON layout."""

ShipRoutes = dict[str, list[str] | None]
"""A route per ship (its cells, start first), ``None`` for none."""


class DeepseaOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``boards``: the three boards (see :data:`BoardSpec`; ``None``: three random boards, and what
    players see in the match's options, the boards being a secret option); ``routes``: ``submitted`` (each player
    writes its ships' routes after play) or ``computed`` (the server measures them); the windows
    in ms (board selection, action, routes); ``dmo``: the side that is the DMO (wins a tie). The
    DMO is named once: by ``dmo`` or by the match's priority player, never both; with neither, the
    Marauder. (The pregame's 90 s are the match's ``pregame_ms``.)"""

    boards: list[BoardSpec] | None = None
    routes: Literal["submitted", "computed"] = "submitted"
    selection_ms: int = 45_000
    action_ms: int = 90_000
    routes_ms: int = 240_000
    dmo: Literal["empire", "marauder"] | None = None


# ---------------------------------------------------------------- commands


class DeepseaMove(msgspec.Struct, frozen=True, tag="deepsea_move", forbid_unknown_fields=True):
    """``select 2`` (pick a board), ``T on A13, A12, A11, B12, C12`` (place) or ``pass``; any case.
    In the action phase a placement or pass is sealed and may be replaced until the reveal."""

    move: str


class SubmitRoutes(msgspec.Struct, frozen=True, tag="deepsea_submit_routes", forbid_unknown_fields=True):
    """Routes for your ships, by board number then ship: ``{"1": {"red": "A1 A2 B2", "white": [...]}}``.
    Sealed until both are in or time is up; routes sent again replace those of the same ships."""

    routes: dict[str, dict[str, str | list[str]]]


class RoutesAnswer(msgspec.Struct, frozen=True, tag="deepsea_routes_answer", forbid_unknown_fields=True):
    """Server only: the shortest routes found by the job ``key``, by board number then ship."""

    key: str
    routes: dict[str, ShipRoutes]


COMMANDS = (DeepseaMove, SubmitRoutes, RoutesAnswer)
DeepseaCommand = DeepseaMove | SubmitRoutes | RoutesAnswer
"""Any command of the game (the type :class:`domain.game.Game` is parametrised by)."""

# ---------------------------------------------------------------- events


class BoardSelected(msgspec.Struct, frozen=True, tag="deepsea_board_selected"):
    """``seat`` plays on ``board`` this round; ``by``: its ``choice``, a random pick on ``timeout``,
    or ``last_open`` (the one board left to it)."""

    seat: str
    board: int
    round: int
    by: Literal["choice", "timeout", "last_open"]
    at: int


class PregameEnded(msgspec.Struct, frozen=True, tag="deepsea_pregame_ended"):
    """The pregame's time is up (the boards have been shown): round 1's selection starts at ``at``."""

    at: int


class ActionSealed(msgspec.Struct, frozen=True, tag="deepsea_action_sealed"):
    """Private to ``seat`` until the reveal: its placement this round (``None``: pass)."""

    seat: str
    round: int
    placement: Placement | None
    at: int


class Action(msgspec.Struct, frozen=True):
    """What a seat did on ``board``: a ``placement`` (``None``: pass); ``loses_board`` when it cut a
    ship off from every dropoff, so the board is lost for that seat."""

    board: int
    placement: Placement | None
    loses_board: bool = False


class ActionsRevealed(msgspec.Struct, frozen=True, tag="deepsea_actions_revealed"):
    """Both actions of the round, applied together. ``by``: ``submissions`` (both were in) or
    ``timeout`` (a missing one is a pass). ``ends_play``: both passed, or no board is open."""

    round: int
    actions: dict[str, Action]
    by: Literal["submissions", "timeout"]
    ends_play: bool
    at: int


class DeepseaTurnPlayed(msgspec.Struct, frozen=True, tag="deepsea_turn_played"):
    """One public turn on the last open board (``timeout``: no move in time, a pass)."""

    seat: str
    action: Action
    timeout: bool
    ends_play: bool
    at: int


class RoutesSealed(msgspec.Struct, frozen=True, tag="deepsea_routes_sealed"):
    """Private to ``seat`` until the reveal: every route it has sent, by board number then ship."""

    seat: str
    routes: dict[str, ShipRoutes]
    at: int


class BoardScore(msgspec.Struct, frozen=True):
    """One board's outcome: ``winner`` (``None``: a tie), ``by`` ``lost`` (a placement cut a ship
    off) or ``routes``; ``lengths`` each ship's route length (``None``: unreachable), ``totals`` by seat."""

    board: int
    winner: str | None
    by: Literal["lost", "routes"]
    lengths: dict[str, int | None] = {}
    totals: dict[str, int | None] = {}


class BoardsScored(msgspec.Struct, frozen=True, tag="deepsea_boards_scored"):
    """The end: every board's score and the result. ``by``: ``computed`` (the server measured the
    routes), ``submissions`` or ``timeout`` (the routes the players sent, revealed here as ``routes``)."""

    boards: list[BoardScore]
    routes: dict[str, dict[str, ShipRoutes]]
    by: Literal["computed", "submissions", "timeout"]
    outcome: Result
    at: int


class ShortestRoutesPublished(msgspec.Struct, frozen=True, tag="deepsea_shortest_routes"):
    """For the record, after the result: one true shortest route per ship, by board number."""

    key: str
    routes: dict[str, ShipRoutes]
    at: int


EVENTS = (PregameEnded, BoardSelected, ActionSealed, ActionsRevealed, DeepseaTurnPlayed, RoutesSealed, BoardsScored,
          ShortestRoutesPublished)
DeepseaEvent = (PregameEnded | BoardSelected | ActionSealed | ActionsRevealed | DeepseaTurnPlayed | RoutesSealed | BoardsScored
                 | ShortestRoutesPublished)
"""Any event of the game."""

# ---------------------------------------------------------------- state


class PlacedPiece(msgspec.Struct, frozen=True):
    """A pentomino on a board, who placed it and in which round."""

    placement: Placement
    seat: str
    round: int


class Sea(msgspec.Struct, frozen=True):
    """One board in play: the pieces placed, and who lost it (``lost_by``) if anyone did."""

    pieces: tuple[PlacedPiece, ...] = ()
    lost_by: str | None = None

    @property
    def bank(self) -> tuple[str, ...]:
        """The pentominoes left (none once the board is lost: its bank counts as used up)."""
        if self.lost_by is not None:
            return ()
        used = {p.placement.piece for p in self.pieces}
        return tuple(piece for piece in PIECES if piece not in used)

    @property
    def is_open(self) -> bool:
        return bool(self.bank)


Phase = Literal["pregame", "select", "action", "single", "routes", "scoring", "over"]


class DeepseaState(msgspec.Struct, frozen=True):
    """The whole game. ``pregame_until``: when the match's pregame ends (set when the match
    starts; round 1 waits for it); ``phase_started_at`` starts the current window; ``selections`` are this
    round's boards by seat; ``box`` the sealed actions (action phase) or routes (routes phase);
    ``single_turns`` counts the turns of the one-board phase, ``passes`` the passes in a row there."""

    options: DeepseaOptions
    boards: tuple[Board, ...]
    seed: int
    seas: tuple[Sea, ...] = (Sea(), Sea(), Sea())
    phase: Phase = "select"
    begun: bool = False
    pregame_until: int | None = None
    round: int = 1
    phase_started_at: int | None = None
    selections: dict[str, int] = {}
    box: SealedBox | None = None
    single_turns: int = 0
    passes: int = 0
    last_actions: dict[str, Action] = {}
    scores: list[BoardScore] | None = None
    submitted_routes: dict[str, dict[str, ShipRoutes]] | None = None
    shortest_routes: dict[str, ShipRoutes] | None = None
    result: Result | None = None
    moved: tuple[str, ...] = ()
    """The seats that acted themselves (chose a board, sealed an action or routes, played a turn),
    in the order they first did: a window that closes acts for nobody."""

    @property
    def acting_since(self) -> int | None:
        """When the seats to act began to act: the start of the current window (``None``: not
        begun). The library's moves are played then unless told otherwise."""
        return self.phase_started_at if self.begun else None

    def open_boards(self) -> list[int]:
        return [number for number, sea in zip(BOARDS, self.seas) if sea.is_open]

    def sea(self, number: int) -> Sea:
        return self.seas[number - 1]

    def board(self, number: int) -> Board:
        return self.boards[number - 1]
