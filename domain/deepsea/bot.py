"""The built-in bots of Deep Sea Voyage, by level (:data:`BOTS`; see :mod:`domain.bots`). Both
submit their ships' true shortest routes when routes are asked for.

- 0 ``random``: a random open board; then the placement that helps its side most among those that
  keep every ship afloat (:mod:`domain.deepsea.best`), when it helps -- else, at random, some safe
  placement or a pass.
- 1 ``sane``: never a placement that cuts a ship off (that loses the board): at random one of the
  safe placements that help its side (the opponent's routes grow more than its own), else a pass.
  It selects, at random, a board where such a placement exists, else any open board.

A bot reads the boards, their pentominoes and the public selections: never the opponent's sealed
action.

>>> from domain.bots import Think
>>> from domain.deepsea.presets import PRESETS
>>> from domain.deepsea.state import DeepseaOptions
>>> from domain.deepsea.rules import begin, initial
>>> s = begin(initial(DeepseaOptions(boards=[*PRESETS][:3]), seed=1), at=0)
>>> [select] = sane_bot(s, "empire", Think(seed=1))
>>> select.move in ("select 1", "select 2", "select 3")
True
"""

from __future__ import annotations

from typing import Any

from domain.bots import Think, first_passing, shuffled
from domain.deepsea.best import Search, _fitting, best_placement
from domain.deepsea.board import SIDE_SHIPS
from domain.deepsea.moves import board_in_play, legal_moves, safe_placements
from domain.deepsea.pentominoes import format_placement, placement_of
from domain.deepsea.routes import route_cells
from domain.deepsea.rules import blocked_mask, selector, undecided, water
from domain.deepsea.state import DeepseaMove, DeepseaState, SubmitRoutes
from domain.sealed import has_submitted


def routes_submission(state: DeepseaState, seat: str) -> list[Any]:
    """Its ships' true shortest routes on every undecided board."""
    routes = {str(n): {ship: route_cells(state.board(n), water(state, n), ship) for ship in SIDE_SHIPS[seat]}
              for n in undecided(state)}
    return [SubmitRoutes(routes={n: {s: r for s, r in ships.items() if r} for n, ships in routes.items()})]


def sealed_already(state: DeepseaState, seat: str) -> bool:
    """Whether ``seat`` has sealed its action this round (its own submission: the bot does not
    send it again)."""
    return state.phase == "action" and has_submitted(state.box, seat)


def random_bot(state: DeepseaState, seat: str, think: Think) -> list[Any]:
    """Level 0 (see the module's docstring)."""
    rng = think.rng()
    if selector(state) == seat:
        return [DeepseaMove(rng.choice(legal_moves(state, seat)))]
    if state.phase == "routes":
        return [] if has_submitted(state.box, seat) else routes_submission(state, seat)
    number = board_in_play(state, seat)
    if number is None or sealed_already(state, seat):
        return []
    board, sea = state.board(number), state.sea(number)
    best = best_placement(board, blocked_mask(board, sea), sea.bank, seat)
    chosen = [best.placement] if best.placement is not None and best.value > best.current else []
    if not chosen and rng.random() < 0.5 and (safe := safe_placements(state, number)):
        piece, cells = rng.choice(safe)
        chosen = [placement_of(piece, cells, board.size)]
    return [DeepseaMove(format_placement(p)) for p in chosen] + [DeepseaMove("pass")]


def helping_placement(state: DeepseaState, number: int, seat: str, think: Think) -> str | None:
    """A random safe placement on board ``number`` that raises ``seat``'s value (the opponent's
    route lengths minus its own), in notation; ``None`` when none does, or the think time ran out
    before one was found."""
    board, sea = state.board(number), state.sea(number)
    blocked = blocked_mask(board, sea)
    search = Search(board, blocked)
    if None in search.distances.values():
        return None
    current = search.value(seat, search.distances)

    def helps(candidate) -> bool:
        _, _, mask, positions = candidate
        slowed = search.slowed(mask, positions)
        after = search.new_distances(mask, positions, slowed) if slowed else None
        return after is not None and search.value(seat, search.distances | after) > current

    found = first_passing(shuffled(_fitting(board, blocked, sea.bank), think), helps, think)
    return None if found is None else format_placement(placement_of(found[0], found[1], board.size))


def sane_bot(state: DeepseaState, seat: str, think: Think) -> list[Any]:
    """Level 1 (see the module's docstring)."""
    if selector(state) == seat:
        choices = shuffled(legal_moves(state, seat), think)
        useful = first_passing(choices, lambda move: helping_placement(state, int(move.split()[1]), seat, think)
                               is not None, think)
        return [DeepseaMove(useful or choices[0])]
    if state.phase == "routes":
        return [] if has_submitted(state.box, seat) else routes_submission(state, seat)
    number = board_in_play(state, seat)
    if number is None or sealed_already(state, seat):
        return []
    placement = helping_placement(state, number, seat, think)
    return ([DeepseaMove(placement)] if placement else []) + [DeepseaMove("pass")]


BOTS = {0: random_bot, 1: sane_bot}
"""The bot of each level (:data:`domain.bots.LEVELS`)."""
