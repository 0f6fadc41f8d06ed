"""MonUnrail and Multicolor MonUnrail, as ``docs/rules/monunrail.md`` sets out.

Build a closed track together from a hidden supply, then take it apart: whoever removes the last
tile (Multicolor: the last red tile) wins; or call Impossible while building.

The package is the game template (``domain/README.md``) filled in: :mod:`~domain.monunrail.state`,
:mod:`~domain.monunrail.rules` (the decider), :mod:`~domain.monunrail.moves`,
:mod:`~domain.monunrail.notation`, :mod:`~domain.monunrail.view`, :mod:`~domain.monunrail.svg`,
:mod:`~domain.monunrail.analysis` (with the completion solver), :mod:`~domain.monunrail.bot` on
:mod:`~domain.monunrail.search`, :mod:`~domain.monunrail.record`; its own parts (tiles, board, setup,
turns, clock and items, the compiled completion and unrail solvers, the bots' levels) are in
:mod:`domain.monunrail.parts`. :data:`MONUNRAIL` is the :class:`domain.game.Game`.

>>> from domain.game import Context
>>> s = MONUNRAIL.begin(MONUNRAIL.initial(MonunrailOptions(), seed=0), at=0)
>>> [e] = MONUNRAIL.decide(s, Build("D3 RD, E3 DL"), Context(now=5_000, seat="first"))
>>> e
Built(seat='first', tiles=['D3 RD', 'E3 DL'], at=5000, completed=False, outcome=None)
>>> s = MONUNRAIL.evolve(s, e)
>>> MONUNRAIL.to_move(s), MONUNRAIL.deadline(s), MONUNRAIL.legal_moves(s, "second")[-2:]
(('second',), Deadline(at=545000, key='turn:1', seat='second'), ['swap', 'impossible'])
"""

from __future__ import annotations

from domain.bots import Think
from domain.game import Game, Job
from domain.library import Rules
from domain.monunrail import analysis, bot, moves, notation, rules, svg, view
from domain.monunrail.analysis import MonunrailAnalysis, find_completion
from domain.monunrail.state import (
    COMMANDS,
    EVENTS,
    SEATS,
    Build,
    Built,
    ChooseOrder,
    Complete,
    Impossible,
    ImpossibleCalled,
    ImpossibleJudged,
    Items,
    ItemUsed,
    MonunrailCommand,
    MonunrailEvent,
    MonunrailOptions,
    MonunrailSolverAnswer,
    MonunrailState,
    MonunrailTimedOut,
    OrderChosen,
    SetSupply,
    SupplyRevealed,
    SupplySet,
    Swap,
    Swapped,
    Unrail,
    Unrailed,
    UseItem,
)
from domain.monunrail.view import MonunrailView
from domain.monunrail.parts.position import END, IMPOSSIBLE, SWAP, MonunrailPosition, determinize, position
from domain.monunrail.parts.position import warm_up as warm_up_position
from domain.known import state_from_events
from collections.abc import Iterable
from typing import Any

import msgspec


class MonunrailGame(Game[MonunrailOptions, MonunrailState, MonunrailCommand, MonunrailEvent, MonunrailView]):
    """MonUnrail (both variants) as a :class:`domain.game.Game`: the supply is hidden (a secret
    supply is the organizer's); an Impossible may wait on the completion solver."""

    name = "monunrail"
    seats = SEATS
    Options, View, commands, events = MonunrailOptions, MonunrailView, COMMANDS, EVENTS
    has_private_events = True
    secret_options = ("supply",)
    summary = ("Two players build one closed track together from a supply whose contents they cannot "
               "see, then take it apart; whoever removes the last tile wins (Multicolor: the last red "
               "tile).")
    time_control = ("Two minutes a move; time beyond them comes out of a 7-minute overflow that is never "
                    "refilled, and running out of it loses. Items may shorten or lengthen a turn.")

    def jobs(self, state: MonunrailState) -> list[Job]:
        return rules.jobs(state)

    def work(self, state: MonunrailState, job: Job) -> MonunrailSolverAnswer:
        return analysis.work(state, job)

    def visibility(self, event: MonunrailEvent) -> str | None:
        return rules.visibility(event)

    def warm_up(self) -> None:
        """Compile the solvers and the searcher's position."""
        analysis.warm_up()
        warm_up_position()

    def seats_moved(self, state: MonunrailState) -> frozenset[str]:
        """The seats that made a move still standing, and the first seat once a turn changed."""
        return rules.seats_moved(state)


MONUNRAIL = MonunrailGame(rules, moves, notation, view, svg, analysis, bot)
LIBRARY = Rules(MONUNRAIL)
"""The rules library (:mod:`domain.library`): the same functions in every game, exported below."""
GAME, new_game, to_act, legal_moves, play = MONUNRAIL, LIBRARY.new_game, LIBRARY.to_act, LIBRARY.legal_moves, LIBRARY.play
wait, result, parse_move, format_move = LIBRARY.wait, LIBRARY.result, LIBRARY.parse_move, LIBRARY.format_move
analyse, perft, warm_up = LIBRARY.analyse, LIBRARY.perft, LIBRARY.warm_up
from_view = view.from_view
"""The state a match view shows a seat or a spectator (:func:`domain.monunrail.view.from_view`)."""


def search_move(state: MonunrailState, seat: str, think: Think) -> list[MonunrailCommand]:
    """Level 3's turn for ``seat`` within ``think``: its commands, best first (a build the hidden
    supply refuses is answered ``kind_exhausted``: try the next, or ask again with the refusals in
    ``think.refused``). It reads what the seat sees only -- the board, the builds refused -- never
    the state's supply (:mod:`domain.monunrail.search`: an alpha-beta over the positions)."""
    return bot.BOTS[3](state, seat, think)


def from_events(events: Iterable[Any]) -> MonunrailState:
    """The state after a match's events as a seat or a spectator is shown them (:mod:`domain.known`):
    the hidden supply is the rules' default less what was built, as in :func:`from_view`, until the
    game is over and its events reveal it."""
    events = list(events)
    state: MonunrailState = state_from_events(MONUNRAIL, events)
    for item in events:
        body = item.event if hasattr(item, "event") else item.get("event", item) if isinstance(item, dict) else item
        if isinstance(body, dict) and body.get("type") == "monunrail_supply_revealed":
            revealed = msgspec.convert(body, SupplyRevealed)
            state = msgspec.structs.replace(state, initial_supply=dict(revealed.initial),
                                            position=msgspec.structs.replace(state.position, supply=dict(revealed.left)))
    return state


__all__ = ["GAME", "new_game", "to_act", "legal_moves", "play", "wait", "result", "parse_move", "format_move",
           "analyse", "perft", "warm_up", "position", "from_view", "from_events", "determinize", "search_move", "END", "IMPOSSIBLE",
           "SWAP", "MonunrailPosition", "LIBRARY", "MONUNRAIL", "find_completion", "Build", "Built", "ChooseOrder",
           "Complete", "Impossible", "ImpossibleCalled", "ImpossibleJudged", "ItemUsed", "Items", "MonunrailAnalysis",
           "MonunrailCommand", "MonunrailEvent", "MonunrailGame", "MonunrailOptions", "MonunrailSolverAnswer",
           "MonunrailState", "MonunrailTimedOut", "MonunrailView", "OrderChosen", "SetSupply", "SupplyRevealed",
           "SupplySet", "Swap", "Swapped", "Unrail", "Unrailed", "UseItem"]
