"""The template every game fills in: :class:`Game`, a base with defaults, and the modules it is
built from. A game is a pure value-level machine (the decider pattern)::

    state  = game.initial(options, seed)
    state  = game.begin(state, at)                 # play starts (clocks start) at ``at``
    events = game.decide(state, command, ctx)      # or raises a DomainError
    state  = game.evolve(state, event)             # total and deterministic
    view   = game.view(state, viewer)              # what this viewer may see

Each game's package has the same modules (``domain/README.md`` lists what each holds): the
decider in ``rules.py`` (:class:`Decider`), legal moves in ``moves.py`` (:class:`Moves`), moves as
written in ``notation.py`` (:class:`Notation`), ``view.py`` (:class:`Viewing`), ``svg.py``
(:class:`Drawing`), ``analysis.py`` (:class:`Analysis`) and ``bot.py`` (:class:`Bots`). Its
``__init__`` subclasses :class:`Game` with its constants (name, seats, types, sentences), hands it
those modules, and overrides only what is its own among the defaults: solver work (``jobs`` /
``work``), private events (``visibility``), the two match hooks (``check_priority``,
``match_started``), a fast perft (``count_moves``) and ``warm_up``. Mypy checks each module against
its protocol, parametrised by the game's options, state, command, event and view types.

Commands, events and views are ``msgspec.Struct`` tagged unions (tag field ``type``). The small
types they speak in (:class:`Context`, :class:`Viewer`, :class:`Result`, :class:`Deadline`,
:class:`Job`, :class:`LegalMove`...) are :mod:`domain.terms`, re-exported here.

>>> from domain.registry import all_games
>>> trax = all_games()["trax"]
>>> state = trax.begin(trax.initial(trax.Options(), seed=0), at=0)
>>> trax.to_move(state), trax.jobs(state), trax.visibility(trax.decide(state, trax.parse_move(state, "@0+"),
...                                                                    Context(now=1, seat="white"))[0])
(('white',), [], None)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

import msgspec

from domain.terms import (
    ORGANIZER,
    PUBLIC,
    RESULT_REASONS,
    Context,
    Deadline,
    Job,
    LegalMove,
    LegalMoves,
    Result,
    Seat,
    Viewer,
    is_due,
    private_to,
)

__all__ = ["ORGANIZER", "PUBLIC", "RESULT_REASONS", "Analysis", "AnyGame", "Bots", "Context", "Deadline", "Decider",
           "Drawing", "Game", "GameState", "Job", "LegalMove", "LegalMoves", "Moves", "Notation", "Result", "Seat",
           "Viewer", "Viewing", "is_due", "private_to"]


class GameState(Protocol):
    """What every game's state has: how it ended, and since when its current turn or window runs
    (``None`` until the game begins)."""

    @property
    def result(self) -> Result | None: ...
    @property
    def acting_since(self) -> int | None: ...


OptionsT = TypeVar("OptionsT", bound=msgspec.Struct)
"""A game's options."""
StateT = TypeVar("StateT", bound=GameState)
"""A game's state."""
CommandT = TypeVar("CommandT", bound=msgspec.Struct)
"""A game's command (a union of its command structs)."""
EventT = TypeVar("EventT", bound=msgspec.Struct)
"""A game's event (a union of its event structs)."""
ViewT = TypeVar("ViewT", bound=msgspec.Struct)
"""A game's view."""

_O_in = TypeVar("_O_in", contravariant=True)
_S_in = TypeVar("_S_in", contravariant=True)
_C_in = TypeVar("_C_in", contravariant=True)
_V_out = TypeVar("_V_out", covariant=True)
_S = TypeVar("_S")
_C = TypeVar("_C")
_E = TypeVar("_E")

Bot = Callable[[Any, Seat, Any], list[Any]]
"""``bot(state, seat, think)``: candidate commands, preferred first (:data:`domain.bots.Bot`)."""


# ---------------------------------------------------------------- the modules of a game


class Decider(Protocol[_O_in, _S, _C_in, _E]):
    """``rules.py``: the decider."""

    def initial(self, options: _O_in, seed: int, /) -> _S: ...
    def begin(self, state: _S, at: int, /) -> _S: ...
    def decide(self, state: _S, command: _C_in, ctx: Context, /) -> list[_E]: ...
    def evolve(self, state: _S, event: _E, /) -> _S: ...
    def to_move(self, state: _S, /) -> tuple[Seat, ...]: ...
    def deadline(self, state: _S, /) -> Deadline | None: ...
    def on_timeout(self, state: _S, deadline: Deadline, ctx: Context, /) -> list[_E]: ...


class Moves(Protocol[_S_in]):
    """``moves.py``: what a seat may play now, and where perft is defined."""

    def legal_moves(self, state: _S_in, seat: Seat, /) -> Sequence[str]: ...
    def legal_commands(self, state: _S_in, seat: Seat, /) -> Sequence[LegalMove]: ...
    def perft_refusal(self, state: _S_in, /) -> str | None: ...


class Notation(Protocol[_S_in, _C]):
    """``notation.py``: moves as written, both ways."""

    def parse_move(self, state: _S_in, text: str, /) -> _C: ...
    def format_move(self, command: _C, /) -> str: ...


class Viewing(Protocol[_S_in, _V_out]):
    """``view.py``: what a viewer may see."""

    def view(self, state: _S_in, viewer: Viewer, /) -> _V_out: ...


class Drawing(Protocol[_S_in]):
    """``svg.py``: the one drawing of the game."""

    def picture(self, state: _S_in, viewer: Viewer, /) -> str: ...


class Analysis(Protocol[_S_in]):
    """``analysis.py``: what ``GET /matches/{id}/analysis`` shows."""

    def analyse(self, state: _S_in, /) -> msgspec.Struct: ...


class Bots(Protocol[_S_in]):
    """``bot.py``: the built-in bots by level, and the game's evaluation."""

    @property
    def BOTS(self) -> Mapping[int, Bot]: ...  # noqa: N802 (a module constant)
    def evaluate(self, state: _S_in, seat: Seat, think: Any, /) -> float: ...


# ---------------------------------------------------------------- the game


class Game(Generic[OptionsT, StateT, CommandT, EventT, ViewT]):
    """A game, as :mod:`domain.match`, the service and the library (:mod:`domain.library`) use it.

    A game's package subclasses it, states its constants as class attributes and builds its one
    instance from its modules; the methods below delegate to them or are the defaults."""

    name: str
    seats: tuple[Seat, ...]
    Options: type[OptionsT]
    View: type[ViewT]
    commands: tuple[type[msgspec.Struct], ...]
    events: tuple[type[msgspec.Struct], ...]
    summary: str
    """What the game is, in a sentence or two (``GET /games/{game}``; the rules page has the rest)."""
    time_control: str
    """How the clock works in this game, in a sentence or two."""
    time_options: tuple[str, ...] = ("time",)
    """The options that set the clock and the game's windows."""
    has_private_events: bool = False
    """True when ``visibility`` may mark an event private (sealed submissions, hidden supply)."""
    secret_options: tuple[str, ...] = ()
    """Options only the organizer may see (recorded privately; the match shows the others)."""
    pregame_ms: int = 60_000
    """How long the priority player has to choose a seat, unless the match says otherwise."""
    setup_hidden_until_start: bool = False
    """True when players and spectators see nothing of the game until the match starts (Deep Sea
    Voyage reveals its boards at the pregame); organizers always see it."""
    previews: bool = False
    """True when a move touches no hidden information, so ``board.svg?after=<move>`` may show it."""

    def __init__(self, rules: Decider[OptionsT, StateT, CommandT, EventT], moves: Moves[StateT],
                 notation: Notation[StateT, CommandT], view: Viewing[StateT, ViewT], svg: Drawing[StateT],
                 analysis: Analysis[StateT], bot: Bots[StateT]) -> None:
        self._rules, self._moves, self._notation = rules, moves, notation
        self._view, self._svg, self._analysis, self._bot = view, svg, analysis, bot

    def __repr__(self) -> str:
        return f"<game {self.name}>"

    # ------------------------------------------------------------ the decider (rules.py)

    def initial(self, options: OptionsT, seed: int) -> StateT:
        return self._rules.initial(options, seed)

    def begin(self, state: StateT, at: int) -> StateT:
        return self._rules.begin(state, at)

    def decide(self, state: StateT, command: CommandT, ctx: Context) -> list[EventT]:
        return self._rules.decide(state, command, ctx)

    def evolve(self, state: StateT, event: EventT) -> StateT:
        return self._rules.evolve(state, event)

    def to_move(self, state: StateT) -> tuple[Seat, ...]:
        return self._rules.to_move(state)

    def deadline(self, state: StateT) -> Deadline | None:
        return self._rules.deadline(state)

    def on_timeout(self, state: StateT, deadline: Deadline, ctx: Context) -> list[EventT]:
        return self._rules.on_timeout(state, deadline, ctx)

    def result(self, state: StateT) -> Result | None:
        return state.result

    # ------------------------------------------------------------ moves and notation

    def legal_moves(self, state: StateT, seat: Seat) -> Sequence[str]:
        """What ``seat`` may send now, in notation (a list, or a sequence that writes each move
        only when it is read, where there are many: Deep Sea Voyage's placements)."""
        return self._moves.legal_moves(state, seat)

    def legal_commands(self, state: StateT, seat: Seat) -> Sequence[LegalMove]:
        """Everything ``seat`` may send now, each with the exact command that sends it: the
        ``legal_moves`` and the game's other commands (a Mulligan, an item, a sealed submission
        that needs no content). What it lists never depends on hidden information."""
        return self._moves.legal_commands(state, seat)

    def perft_refusal(self, state: StateT) -> str | None:
        """Why perft is not defined in ``state`` (a sentence), or ``None`` where it is."""
        return self._moves.perft_refusal(state)

    def count_moves(self, state: StateT, depth: int) -> int | None:
        """Perft counted faster than by playing every move out, where the game has such a count
        (Trax); ``None``: the library plays the moves out."""
        return None

    def parse_move(self, state: StateT, text: str) -> CommandT:
        return self._notation.parse_move(state, text)

    def format_move(self, command: CommandT) -> str:
        return self._notation.format_move(command)

    # ------------------------------------------------------------ what is shown

    def view(self, state: StateT, viewer: Viewer) -> ViewT:
        return self._view.view(state, viewer)

    def svg(self, state: StateT, viewer: Viewer) -> str:
        return self._svg.picture(state, viewer)

    def visibility(self, event: EventT) -> str | None:
        """``None`` for a public event (the default), else :func:`private_to` a seat or
        ``ORGANIZER``."""
        return None

    # ------------------------------------------------------------ analysis, solvers and bots

    def analyse(self, state: StateT) -> msgspec.Struct:
        return self._analysis.analyse(state)

    def jobs(self, state: StateT) -> list[Job]:
        """Solver work the state waits on; ``[]`` by default (and always in Trax and Cairo)."""
        return []

    def work(self, state: StateT, job: Job) -> CommandT:
        """Run ``job`` (pure, possibly slow) and return the system command that answers it."""
        raise ValueError(f"{self.name} has no job {job.key!r}.")

    def warm_up(self) -> None:
        """Load the game's compiled code now rather than at its first question (by default there
        is none)."""

    @property
    def bots(self) -> Mapping[int, Bot]:
        """The built-in bot of each level (:data:`domain.bots.LEVELS`): ``bot(state, seat, think)``
        returns candidate commands for ``seat``, preferred first (:data:`domain.bots.Bot`); the
        worker plays the first one the game accepts, since hidden information (MonUnrail's supply)
        may refuse some. Pure: ``think.seed`` is the only chance."""
        return self._bot.BOTS

    def evaluate(self, state: StateT, seat: Seat, think: Any) -> float:
        """``seat``'s prospects from -1.0 (proven lost) to 1.0 (proven won), the game's estimate in
        between (:data:`domain.bots.Evaluate`)."""
        return self._bot.evaluate(state, seat, think)

    # ------------------------------------------------------------ the match's hooks (domain.match)

    def check_priority(self, options: OptionsT, priority: Seat | None) -> None:
        """Refuse, when the match is created, options that clash with its priority seat (Deep Sea
        Voyage: the ``dmo`` option and a priority player both naming the DMO). By default none do."""

    def seats_moved(self, state: StateT) -> frozenset[Seat]:
        """The seats that have made a move of their own (a clock's default -- a pass, a random
        choice -- is not one): a match whose game would end on a timeout before every seat has is
        aborted instead (:func:`domain.match.no_first_move`). Each game says; by default every seat has."""
        return frozenset(self.seats)

    def match_started(self, state: StateT, at: int, pregame_ms: int) -> StateT:
        """The state once the match started at ``at`` with a pregame of ``pregame_ms``, for a game
        whose every match has a pregame of its own (Deep Sea Voyage shows its boards for 90 s;
        ``begin`` then waits for the rest). By default nothing changes."""
        return state

    # Room for the searcher's API (issue 30), the same in every game: a compact move type with
    # ``moves(state, seat)`` / ``apply(state, seat, move)``, ``key(state)``, ``random_playout``,
    # ``from_view`` and ``determinize``. Each will be a method here with the game's module behind it
    # (``moves.py`` the first two, ``rules.py`` the key, ``view.py`` ``from_view``...).


AnyGame = Game[Any, Any, Any, Any, Any]
"""Any game, for the code that serves them all (:mod:`domain.match`, the service)."""
