"""The rules as a library: one API, the same in every game, built once on the :class:`~domain.game.Game`.

Each game's package binds a :class:`Rules` to its game and exports its functions under the names
of :data:`API` (``from domain.trax import new_game, legal_moves, play, result``); only the notation
(``parse_move`` / ``format_move``) and the solvers are the game's own. A state is the game's own
immutable state; every function returns a new one.

>>> from domain.cairo import new_game, to_act, legal_moves, play, result
>>> state = new_game(seed=1)
>>> to_act(state), legal_moves(state, "first")[0]
(('first',), LegalMove(move='Al', command=Place(cell='Al')))
>>> state = play(state, "first", "Gl")
>>> to_act(state), result(state)
(('second',), None)

Calling it wrong raises a :class:`~domain.errors.DomainError` saying so, never an empty answer:

>>> legal_moves(state, "third")
Traceback (most recent call last):
domain.errors.InvalidCommand: A cairo game has the seats first, second, not 'third'.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic

import msgspec

from domain.errors import InvalidCommand, WrongState
from domain.game import CommandT, Context, EventT, Game, LegalMove, OptionsT, Result, StateT, ViewT
from domain.match import parse_options

API = ("GAME", "new_game", "to_act", "legal_moves", "play", "wait", "result", "parse_move", "format_move",
       "analyse", "perft", "warm_up")
"""The names every game's package exports, with the same meaning in all five."""

LIBRARY_ONLY_CODES = frozenset({
    "bad_depth", "bad_event", "bad_view", "no_notation", "no_perft", "not_a_state", "not_legal", "not_started",
    "nothing_to_wait_for", "unknown_colour", "unknown_level", "unknown_ship",
})
"""The refusal codes only the library's own functions raise (perft, ``wait``, positions, ``from_view``,
``from_events``, the solvers' questions, ``domain.bots.bot``): they answer a library user and no
route serves them, so the server's list of problem codes (``docs/problems.md``) leaves them out
(``tests/api/test_problem_codes.py``)."""


class Rules(Generic[OptionsT, StateT, CommandT, EventT, ViewT]):
    """One game's library functions, typed by its options, state, command, event and view. Each
    game's package exports them by name (``new_game = TRAX_RULES.new_game`` ...); the notation,
    where perft is defined and the compiled solvers are the game's own (:class:`domain.game.Game`)."""

    def __init__(self, game: Game[OptionsT, StateT, CommandT, EventT, ViewT]):
        self.game = game

    # ------------------------------------------------------------ a game and its moves

    def new_game(self, options: OptionsT | dict[str, Any] | None = None, *, seed: int = 0, at: int = 0) -> StateT:
        """A new game, begun at ``at`` and ready for its first decision. ``options``: the game's
        Options struct, or a dict read as the server reads it (unknown fields refused); ``seed``
        draws whatever the game draws (Deep Sea Voyage's boards, MonUnrail's supply)."""
        game = self.game
        if options is None:
            typed = game.Options()
        elif isinstance(options, dict):
            typed = parse_options(game, options)  # as the server reads a match's options
        elif isinstance(options, game.Options):
            typed = options
        else:
            raise InvalidCommand("bad_options", f"The {game.name} options are a {game.Options.__name__} or a dict, "
                                                f"not {type(options).__name__}.")
        return self._settled(game.begin(game.initial(typed, seed), at), at)

    def to_act(self, state: StateT) -> tuple[str, ...]:
        """The seats that may act now (both, in a sealed window); ``()`` once the game is over."""
        self._check_begun(state)
        return self.game.to_move(state)

    def legal_moves(self, state: StateT, seat: str) -> Sequence[LegalMove]:
        """What ``seat`` may play now, each as notation (``.move``) and as the command the server
        takes (``.command``): the listing ``GET /matches/{id}/legal-moves`` serves."""
        self._check_begun(state)
        self._check_seat(seat)
        return self.game.legal_commands(state, seat)

    def play(self, state: StateT, seat: str, move: str | CommandT, *, at: int | None = None) -> StateT:
        """The state after ``seat`` plays ``move`` (notation, or a command struct) at ``at``, settled:
        a deadline due by ``at`` is applied first, as the server would, and solver work the state
        then waits on is done (the answer to a challenge, computed routes). Refused moves raise the
        game's :class:`~domain.errors.DomainError` and change nothing. ``at`` defaults to the moment
        the current turn or window started: a move takes no time, so nobody is ever timed out."""
        self._check_begun(state)
        self._check_seat(seat)
        command = self.parse_move(state, move) if isinstance(move, str) else move
        if not isinstance(command, self.game.commands):
            raise InvalidCommand("unknown_command", f"{move!r} is not a {self.game.name} command or notation.")
        at = self._begun_at(state) if at is None else at
        state = self._settled(state, at)
        return self._settled(self._apply(state, self.game.decide(state, command, Context(now=at, seat=seat))), at)

    def wait(self, state: StateT, *, until: int | None = None) -> StateT:
        """The state once time has run on to ``until`` (by default the deadline it waits on): a
        turn runs out (a pass, or a loss on time, as the game's clock says), a window closes (Deep
        Sea Voyage then computes the routes nobody sent), as the server's timers would. A sealed
        window both seats have answered may wait on nothing else: ``wait`` moves it on."""
        self._check_begun(state)
        due = self.game.deadline(state)
        if until is None and due is None:
            raise WrongState("nothing_to_wait_for", f"This {self.game.name} state waits on no deadline.")
        return self._settled(state, until if until is not None else due.at if due is not None else 0)

    def result(self, state: StateT) -> Result | None:
        """How the game ended, or ``None`` while it goes on."""
        return self.game.result(state)

    # ------------------------------------------------------------ notation

    def parse_move(self, state: StateT, text: str) -> CommandT:
        """The command ``text`` stands for in ``state`` (the phase decides between, say, a Duorail
        placement and a track); :class:`~domain.errors.InvalidCommand` when it is not notation."""
        if not isinstance(text, str):
            raise InvalidCommand("bad_notation", f"A {self.game.name} move is text, not {type(text).__name__}.")
        return self.game.parse_move(state, text)

    def format_move(self, command: CommandT) -> str:
        """The notation of ``command``: what ``legal_moves`` lists as its ``.move``."""
        if not isinstance(command, self.game.commands):
            raise InvalidCommand("unknown_command", f"{command!r} is not a {self.game.name} command.")
        return self.game.format_move(command)

    # ------------------------------------------------------------ analysis and solvers

    def analyse(self, state: StateT) -> msgspec.Struct:
        """The game's analysis of ``state`` (what ``GET /matches/{id}/analysis`` shows)."""
        return self.game.analyse(state)

    def perft(self, state: StateT, depth: int) -> int:
        """How many move sequences of ``depth`` moves ``state`` has (every listed move counts; a
        finished game has none). Where it is not defined it raises ``InvalidCommand("no_perft")``."""
        if not isinstance(depth, int) or depth < 0:
            raise InvalidCommand("bad_depth", f"perft counts a depth of 0 or more moves, not {depth!r}.")
        self._check_begun(state)
        return self._perft(state, depth)

    def warm_up(self) -> None:
        """Load the game's compiled solvers now rather than at their first question (a no-op for a
        game without them)."""
        self.game.warm_up()

    # ------------------------------------------------------------ helpers

    def _perft(self, state: StateT, depth: int) -> int:
        if depth == 0:
            return 1
        if self.game.result(state) is not None:
            return 0
        self._check_perft(state)
        if (counted := self.game.count_moves(state, depth)) is not None:
            return counted
        [seat] = self.game.to_move(state)
        return sum(self._perft(self.play(state, seat, m.command), depth - 1)
                   for m in self.game.legal_commands(state, seat))

    def _check_perft(self, state: StateT) -> None:
        why = self.game.perft_refusal(state)
        if why is None and len(self.game.to_move(state)) > 1:
            why = "both seats act at once here."
        if why is not None:
            raise InvalidCommand("no_perft", f"perft is not defined for {self.game.name} here: {why}")

    def _check_begun(self, state: StateT) -> None:
        if not isinstance(state, msgspec.Struct) or not hasattr(state, "acting_since"):
            raise InvalidCommand("not_a_state", f"{type(state).__name__} is not a {self.game.name} state.")
        if state.acting_since is None:
            raise WrongState("not_started", f"This {self.game.name} game has not begun: start one with new_game().")

    def _begun_at(self, state: StateT) -> int:
        if state.acting_since is None:  # (checked by _check_begun)
            raise WrongState("not_started", f"This {self.game.name} game has not begun: start one with new_game().")
        return state.acting_since

    def _check_seat(self, seat: str) -> None:
        if seat not in self.game.seats:
            raise InvalidCommand("unknown_seat",
                                 f"A {self.game.name} game has the seats {', '.join(self.game.seats)}, not {seat!r}.")

    def _apply(self, state: StateT, events: list[EventT]) -> StateT:
        for event in events:
            state = self.game.evolve(state, event)
        return state

    def _settled(self, state: StateT, at: int) -> StateT:
        """``state`` once the deadlines due by ``at`` are applied and the solver work it waits on is
        done, as the server's timers and workers would."""
        system = Context(now=at, system=True)
        while True:
            due = self.game.deadline(state)
            if due is not None and due.at <= at:
                events = self.game.on_timeout(state, due, system)
            elif jobs := self.game.jobs(state):
                events = self.game.decide(state, self.game.work(state, jobs[0]), system)
            else:
                return state
            if not events:
                return state
            state = self._apply(state, events)
