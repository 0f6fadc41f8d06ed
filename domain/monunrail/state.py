"""What a MonUnrail match is made of: options, commands, events and the state they build.

The supply is hidden: it lives in the state (:attr:`MonunrailState.supply`), never in a public
event. The only event that carries counts, :class:`SupplySet` (the organizer's secret supply), is
private to the organizer; after the game :class:`SupplyRevealed` publishes them.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.clock import Bank, NoClock, SeatClock
from domain.game import Result

SEATS = ("first", "second")
Item = Literal["first_turn", "undo", "time_rush", "plus_time"]
ITEMS: tuple[Item, ...] = ("first_turn", "undo", "time_rush", "plus_time")
DEFAULT_SUPPLY = {
    "classic": {"straight": 6, "turn": 9, "crossroads": 9},
    "multicolor": {"red_straight": 3, "red_turn": 5, "red_crossroads": 5,
                   "blue_straight": 3, "blue_turn": 4, "blue_crossroads": 4},
}
"""Used when neither the options nor the organizer set the supply (24 tiles)."""


class Items(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """How many of each item every player holds (Multicolor's default: one of each)."""

    first_turn: int = 1
    undo: int = 1
    time_rush: int = 1
    plus_time: int = 1


class MonunrailOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``stations``: e.g. ``["D4 UD", "E4 UD"]`` (Multicolor adds a colour: ``"D4 UD red"``); empty:
    two vertical straights side by side in the middle. ``supply``: counts per kind; ``None``: the
    default -- note that options are public; to hide the supply the organizer sends
    ``monunrail_set_supply``. ``pie``: the pie rule; ``None`` plays it in the classic game only
    (Multicolor has none by default: First Turn plays its part). ``items``: ``None`` is one of each
    in Multicolor, none in classic."""

    variant: Literal["classic", "multicolor"] = "classic"
    width: int = 8
    height: int = 7
    stations: list[str] = []
    supply: dict[str, int] | None = None
    adjudication: Literal["solver", "submitted"] = "solver"
    pie: bool | None = None
    items: Items | None = None
    time: Bank | NoClock = Bank(per_move_ms=120_000, reserve_ms=420_000)



def plays_pie(options: MonunrailOptions) -> bool:
    """Whether the pie rule is played: the ``pie`` option, else only in the classic game.

    >>> plays_pie(MonunrailOptions()), plays_pie(MonunrailOptions(variant="multicolor"))
    (True, False)
    >>> plays_pie(MonunrailOptions(variant="multicolor", pie=True))
    True
    """
    return options.variant == "classic" if options.pie is None else options.pie


# ---------------------------------------------------------------- commands

Tiles = list[str] | str


class Build(msgspec.Struct, frozen=True, tag="monunrail_build", forbid_unknown_fields=True):
    """Place 1-3 tiles in one line: ``["E3 LR", "F3 +"]`` or ``"E3 LR, F3 +"`` (Multicolor:
    ``"E3 LR red"``)."""

    tiles: Tiles


class Unrail(msgspec.Struct, frozen=True, tag="monunrail_unrail", forbid_unknown_fields=True):
    """Remove 1-3 touching tiles in one row or column: ``["E3", "F3"]`` or ``"E3 F3"``."""

    cells: list[str] | str


class Impossible(msgspec.Struct, frozen=True, tag="monunrail_impossible", forbid_unknown_fields=True):
    """Claim the track cannot be completed from what is left in the supply."""


class Complete(msgspec.Struct, frozen=True, tag="monunrail_complete", forbid_unknown_fields=True):
    """``submitted`` adjudication: the answer to an Impossible, any number of tiles completing the track."""

    tiles: Tiles


class Swap(msgspec.Struct, frozen=True, tag="monunrail_swap", forbid_unknown_fields=True):
    """Pie rule: after the first move, take over the first mover's position; they move next."""


class UseItem(msgspec.Struct, frozen=True, tag="monunrail_use_item", forbid_unknown_fields=True):
    """Multicolor: use one of your items, ``first_turn``, ``undo``, ``time_rush`` or ``plus_time``."""

    item: Item


class ChooseOrder(msgspec.Struct, frozen=True, tag="monunrail_choose_order", forbid_unknown_fields=True):
    """After First Turn: go ``first`` or ``second``."""

    go: Literal["first", "second"]


class SetSupply(msgspec.Struct, frozen=True, tag="monunrail_set_supply", forbid_unknown_fields=True):
    """Organizer only, before the first move: the secret supply."""

    supply: dict[str, int]


class MonunrailSolverAnswer(msgspec.Struct, frozen=True, tag="monunrail_solver_answer", forbid_unknown_fields=True):
    """System only: the completion solver's answer to job ``key``, with a witness when completable."""

    key: str
    completable: bool
    witness: list[str] = []


COMMANDS = (Build, Unrail, Impossible, Complete, Swap, UseItem, ChooseOrder, SetSupply, MonunrailSolverAnswer)
MonunrailCommand = Build | Unrail | Impossible | Complete | Swap | UseItem | ChooseOrder | SetSupply | MonunrailSolverAnswer
"""Any command of the game (the type :class:`domain.game.Game` is parametrised by)."""

# ---------------------------------------------------------------- events


class Built(msgspec.Struct, frozen=True, tag="monunrail_built"):
    """``seat`` placed ``tiles`` (canonical notation); ``completed``: the track is now complete and
    the unrail phase begins. ``outcome``: Multicolor only, a completed track without a red tile."""

    seat: str
    tiles: list[str]
    at: int
    completed: bool = False
    outcome: Result | None = None


class Unrailed(msgspec.Struct, frozen=True, tag="monunrail_unrailed"):
    seat: str
    cells: list[str]
    at: int
    outcome: Result | None = None


class ImpossibleCalled(msgspec.Struct, frozen=True, tag="monunrail_impossible_called"):
    """``key`` names the adjudication (``impossible:<ply>``); ``adjudication``: ``solver`` or ``submitted``."""

    seat: str
    key: str
    adjudication: str
    at: int


class ImpossibleJudged(msgspec.Struct, frozen=True, tag="monunrail_impossible_judged"):
    """The Impossible named ``key`` decided: ``completable`` with the ``witness`` tiles (or not)."""

    key: str
    caller: str
    completable: bool
    witness: list[str]
    at: int
    outcome: Result


class Swapped(msgspec.Struct, frozen=True, tag="monunrail_swapped"):
    seat: str
    at: int


class ItemUsed(msgspec.Struct, frozen=True, tag="monunrail_item_used"):
    """``undone``: for Undo, the moves taken back, oldest first -- the holder's own last move and the
    opponent's reply since (each as its seat and what it placed or removed)."""

    seat: str
    item: str
    at: int
    undone: list[str] = []


class OrderChosen(msgspec.Struct, frozen=True, tag="monunrail_order_chosen"):
    seat: str
    go: str
    at: int
    by_default: bool = False


class MonunrailTimedOut(msgspec.Struct, frozen=True, tag="monunrail_timed_out"):
    seat: str
    at: int
    outcome: Result


class SupplySet(msgspec.Struct, frozen=True, tag="monunrail_supply_set"):
    """Private to the organizer: the supply the game starts with."""

    supply: dict[str, int]
    at: int


class SupplyRevealed(msgspec.Struct, frozen=True, tag="monunrail_supply_revealed"):
    """Public, once the game is over: the supply at the start and what was left."""

    initial: dict[str, int]
    left: dict[str, int]


EVENTS = (Built, Unrailed, ImpossibleCalled, ImpossibleJudged, Swapped, ItemUsed, OrderChosen, MonunrailTimedOut,
          SupplySet, SupplyRevealed)
MonunrailEvent = (Built | Unrailed | ImpossibleCalled | ImpossibleJudged | Swapped | ItemUsed | OrderChosen | MonunrailTimedOut
                 | SupplySet | SupplyRevealed)
"""Any event of the game."""

# ---------------------------------------------------------------- state


class Position(msgspec.Struct, frozen=True):
    """What Undo restores: the board, the supply, the phase, who acts, the moves made."""

    board: tuple[int, ...]
    supply: dict[str, int]
    to_act: str
    phase: Literal["build", "unrail"] = "build"
    moves: tuple[str, ...] = ()
    swap_open: bool = False


class Call(msgspec.Struct, frozen=True):
    """An Impossible waiting for its adjudication."""

    caller: str
    key: str
    adjudication: str


class MonunrailState(msgspec.Struct, frozen=True):
    """The whole game. ``history`` holds the position before each move still standing, one per
    entry of ``position.moves`` (Undo rewinds it); ``ply`` counts every change of turn and never
    goes back (it names deadlines and jobs). ``rush_next``: the seat whose next turn Time Rush
    shortens; ``turn_rushed`` / ``turn_bonus_ms`` apply to the running turn; ``choosing``: the seat
    deciding its order after First Turn."""

    options: MonunrailOptions
    position: Position
    initial_supply: dict[str, int]
    clocks: dict[str, SeatClock]
    items: dict[str, dict[str, int]]
    history: tuple[Position, ...] = ()
    ply: int = 0
    turn_started_at: int | None = None
    rush_next: str | None = None
    turn_rushed: bool = False
    turn_bonus_ms: int = 0
    choosing: str | None = None
    choose_until: int | None = None
    call: Call | None = None
    witness: list[str] | None = None
    result: Result | None = None

    @property
    def acting_since(self) -> int | None:
        """When the seats to act began to act: the start of the current turn (``None``: not
        begun). The library's moves are played then unless told otherwise."""
        return self.turn_started_at

    @property
    def supply(self) -> dict[str, int]:
        """The supply left (hidden from the players until the game is over)."""
        return self.position.supply

    @property
    def multicolor(self) -> bool:
        return self.options.variant == "multicolor"
