"""Deep Sea Voyage (uriquack), as ``docs/rules/deepsea.md`` sets out.

The package is the game template (``domain/README.md``) filled in: :mod:`~domain.deepsea.state`,
:mod:`~domain.deepsea.rules` (the decider), :mod:`~domain.deepsea.moves`,
:mod:`~domain.deepsea.notation`, :mod:`~domain.deepsea.view`, :mod:`~domain.deepsea.svg`,
:mod:`~domain.deepsea.analysis` (with the routes' job and the solvers), :mod:`~domain.deepsea.bot`
on :mod:`~domain.deepsea.search`, :mod:`~domain.deepsea.record`; its own parts, in the order of the
rules page (boards, where they come from, pentominoes, routes, the best placement, the bots'
outlook) are in :mod:`domain.deepsea.parts`. :data:`DEEPSEA` is the
:class:`domain.game.Game` the server plays.

>>> from domain.game import Context
>>> from domain.deepsea.parts.presets import PRESETS
>>> s = DEEPSEA.begin(DEEPSEA.initial(DeepseaOptions(boards=[*PRESETS][:3]), seed=0), at=0)
>>> DEEPSEA.decide(s, DeepseaMove("select 2"), Context(now=5_000, seat="empire"))
[BoardSelected(seat='empire', board=2, round=1, by='choice', at=5000)]
"""

from __future__ import annotations

from domain.deepsea import analysis, bot, moves, notation, rules, search, svg, view
from domain.deepsea.analysis import DeepseaAnalysis, best_placement, shortest_route
from domain.deepsea.state import (
    COMMANDS,
    EVENTS,
    SEATS,
    ActionSealed,
    ActionsRevealed,
    BoardSelected,
    BoardsScored,
    DeepseaCommand,
    DeepseaEvent,
    DeepseaMove,
    DeepseaOptions,
    DeepseaState,
    DeepseaTurnPlayed,
    PregameEnded,
    RoutesAnswer,
    RoutesSealed,
    ShortestRoutesPublished,
    SubmitRoutes,
)
from domain.deepsea.view import DeepseaView
from domain.deepsea.parts.position import PASS, DeepseaPosition, determinize, position
from domain.deepsea.parts.position import warm_up as warm_up_position
from domain.known import state_from_events
from collections.abc import Iterable
from typing import Any

import msgspec
from domain.game import Game, Job
from domain.library import Rules


class DeepseaGame(Game[DeepseaOptions, DeepseaState, DeepseaCommand, DeepseaEvent, DeepseaView]):
    """Deep Sea Voyage as a :class:`domain.game.Game`. Every match has its pregame (the match's
    ``pregame_ms``, 90 s), in which the boards are shown and a priority player chooses its side
    (``choose_seat``); round 1 starts when it ends (:meth:`match_started` tells the game when the
    match started). The DMO, who wins a tie, is named by the ``dmo`` option or is the priority
    player -- not both (:meth:`check_priority`). The boards are revealed when the match starts:
    their option is secret and nobody but the organizer sees the game before. Actions and routes
    are sealed until both sides' are in."""

    name = "deepsea"
    seats = SEATS
    Options, View, commands, events = DeepseaOptions, DeepseaView, COMMANDS, EVENTS
    has_private_events = True
    secret_options = ("boards",)
    pregame_ms = 90_000
    setup_hidden_until_start = True
    summary = ("Two fleets race for harbours on three boards: each round both sides pick a board and "
               "secretly place a pentomino to lengthen the other's routes; the shorter routes win the "
               "boards, the boards win the game.")
    time_control = ("No chess clock: every step is a window (pregame 90 s, selection 45 s, action 90 s, "
                    "routes 4 min); when one closes the game goes on by itself, and nobody loses on time.")
    time_options = ("selection_ms", "action_ms", "routes_ms")

    def match_started(self, state: DeepseaState, at: int, pregame_ms: int) -> DeepseaState:
        return rules.match_started(state, at, pregame_ms)

    def check_priority(self, options: DeepseaOptions, priority: str | None) -> None:
        rules.check_priority(options, priority)

    def jobs(self, state: DeepseaState) -> list[Job]:
        return rules.jobs(state)

    def work(self, state: DeepseaState, job: Job) -> RoutesAnswer:
        return analysis.work(state, job)

    def visibility(self, event: DeepseaEvent) -> str | None:
        return rules.visibility(event)

    def warm_up(self) -> None:
        """Compile the bots' search and the searcher's position."""
        super().warm_up()
        warm_up_position()

    def seats_moved(self, state: DeepseaState) -> frozenset[str]:
        """The seats that chose a board, sealed an action or routes, or played a turn themselves."""
        return rules.seats_moved(state)


DEEPSEA = DeepseaGame(rules, moves, notation, view, svg, analysis, bot)
LIBRARY = Rules(DEEPSEA)
"""The rules library (:mod:`domain.library`): the same functions in every game, exported below."""
GAME, new_game, to_act, legal_moves, play = DEEPSEA, LIBRARY.new_game, LIBRARY.to_act, LIBRARY.legal_moves, LIBRARY.play
wait, result, parse_move, format_move = LIBRARY.wait, LIBRARY.result, LIBRARY.parse_move, LIBRARY.format_move
analyse, perft, warm_up = LIBRARY.analyse, LIBRARY.perft, LIBRARY.warm_up
from_view = view.from_view
"""The state a match view shows a seat or a spectator (:func:`domain.deepsea.view.from_view`)."""
search_move = search.search_move
"""Level 3's move for a seat, within a think time, on the position the seat knows (the position's
int: ``name`` writes it; :func:`domain.deepsea.search.search_move`)."""


def from_events(events: Iterable[Any], boards: Any = None) -> DeepseaState:
    """The state after a match's events as a seat or a spectator is shown them (:mod:`domain.known`).
    The boards are a secret option: the events draw them from the match's seed, as the server does
    when the organizer named none; ``boards`` (a match view, or the boards of a state from
    :func:`from_view`) gives the boards shown instead. The match's priority player is the DMO when
    the options name none (``options.dmo`` then holds it), as in :func:`from_view`. The server's
    event feed serves no sealed action (not even to its seat), so both seats' actions of a window
    under way are open here; :func:`from_view` shows a seat its own."""
    events = list(events)
    state: DeepseaState = state_from_events(DEEPSEA, events)
    for item in events[:1]:
        body = item.event if hasattr(item, "event") else item.get("event", item) if isinstance(item, dict) else item
        priority = body.get("priority") if isinstance(body, dict) else getattr(body, "priority", None)
        if state.options.dmo is None and priority in SEATS:
            state = msgspec.structs.replace(state, options=msgspec.structs.replace(state.options, dmo=priority))
    if boards is not None:
        shown = boards if isinstance(boards, DeepseaState) else from_view(boards)
        state = msgspec.structs.replace(state, boards=shown.boards)
    return state


__all__ = ["GAME", "new_game", "to_act", "legal_moves", "play", "wait", "result", "parse_move", "format_move",
           "analyse", "perft", "warm_up", "position", "from_view", "from_events", "determinize", "search_move", "PASS",
           "DeepseaPosition", "LIBRARY", "DEEPSEA", "best_placement", "shortest_route", "ActionSealed",
           "ActionsRevealed", "BoardSelected", "BoardsScored", "DeepseaAnalysis", "DeepseaCommand", "DeepseaEvent",
           "DeepseaGame", "DeepseaMove", "DeepseaOptions", "DeepseaState", "DeepseaTurnPlayed", "DeepseaView",
           "PregameEnded", "RoutesAnswer", "RoutesSealed", "ShortestRoutesPublished", "SubmitRoutes"]
