"""The built-in bots of Deep Sea Voyage, by level (:data:`BOTS`; see :mod:`domain.bots`). All
submit their ships' true shortest routes when routes are asked for.

- 0 ``random``: a random open board; then, at random, a placement that keeps every ship afloat,
  any legal placement (which may cut a ship off and lose the board) or a pass.
- 1 ``sane``: never a placement that cuts a ship off (that loses the board): at random one of the
  safe placements that help its side (the opponent's routes grow more than its own), else a pass.
  It selects, at random, a board where such a placement exists, else any open board.
- 2 ``greedy``: the safe placement that helps its side most (the route-length difference, one ply
  ahead); else, unless play ending now would win, a placement that narrows the opponent's ways
  without slowing a ship (a setup for its next placement there); else a pass. It selects the board
  where that placement raises its chance of winning the game most (:mod:`domain.deepsea.parts.outlook`:
  each board's route-length difference, how many pieces are left, the DMO). On the last board it
  passes to end play when the opponent just passed and that wins.
- 3 ``search``: :mod:`domain.deepsea.search` on the searcher's positions (the position the seat
  knows): every open board's placements and both sides' threats (their best placements); then,
  within its think time, its most promising placements (the most gaining, those that spend a
  piece the opponent's best placement needs, and setups) are each scanned again on the position
  after them, so each counts the opponent's best reply there. It selects the board by its chance
  of winning the game once the opponent too has played its best on the board left to it, and
  never passes when play ending then would lose.

A bot reads the boards, their pentominoes and the public selections: never the opponent's sealed
action.

>>> from domain.bots import Think, after_calls
>>> from domain.deepsea.parts.presets import PRESETS
>>> from domain.deepsea.state import DeepseaOptions
>>> from domain.deepsea.rules import begin, initial
>>> s = begin(initial(DeepseaOptions(boards=[*PRESETS][:3]), seed=1), at=0)
>>> [select] = sane_bot(s, "empire", Think(seed=1))
>>> select.move in ("select 1", "select 2", "select 3")
True
>>> [select] = search_bot(s, "empire", Think(seed=1, spent=after_calls(20)))
>>> select.move in ("select 1", "select 2", "select 3")
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.bots import Think, first_passing, shuffled
from domain.deepsea.parts.best import Candidate, Search, fitting
from domain.deepsea.parts.board import SIDE_SHIPS
from domain.deepsea.moves import board_in_play, legal_moves, placements, safe_placements
from domain.deepsea.parts.outlook import dmo_of, outlook, scan_of, seat_chance
from domain.deepsea.parts.outlook import evaluate as evaluate  # the evaluation, with the board scans it reads
from domain.deepsea.parts.pentominoes import format_placement, placement_of
from domain.deepsea.parts.routes import route_cells
from domain.deepsea.rules import blocked_mask, selector, undecided, water
from domain.deepsea.parts.position import PASS, position
from domain.deepsea.search import placement_move, search_move, winner_if_ended
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
    kind = rng.random()
    chosen = safe_placements(state, number) if kind < 0.6 else placements(state, number) if kind < 0.8 else []
    if not chosen:
        return [DeepseaMove("pass")]
    piece, cells = rng.choice(chosen)
    return [DeepseaMove(format_placement(placement_of(piece, cells, state.board(number).size))), DeepseaMove("pass")]


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

    def helps(candidate: Candidate) -> bool:
        _, _, mask, positions = candidate
        slowed = search.slowed(mask, positions)
        after = search.new_distances(mask, positions, slowed) if slowed else None
        return after is not None and search.value(seat, {**search.distances, **after}) > current

    found = first_passing(shuffled(fitting(board, blocked, sea.bank), think), helps, think)
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


def greedy_board(state: DeepseaState, seat: str, think: Think) -> int:
    """The board where its best placement raises its chance of winning the game most (then: gains most)."""
    boards, dmo, sign = outlook(state), dmo_of(state), 1 if seat == "empire" else -1

    def worth(move: str) -> tuple[float, int]:
        number = int(move.split()[1])
        gain = scan_of(state, number).threat(seat)
        _, value, pieces = boards[number]
        return seat_chance({**boards, number: ("open", value + sign * gain, pieces - 1)}, seat, dmo), gain

    return int(max(shuffled(legal_moves(state, seat), think), key=worth).split()[1])


def turn(state: DeepseaState, seat: str, select: Callable[[], int], place: Callable[[int], list[Any]]) -> list[Any]:
    """A level's turn: ``select()`` when it selects a board, its routes when they are asked for,
    else ``place(board)`` on the board it plays on (nothing once its action is sealed)."""
    if selector(state) == seat:
        return [DeepseaMove(f"select {select()}")]
    if state.phase == "routes":
        return [] if has_submitted(state.box, seat) else routes_submission(state, seat)
    number = board_in_play(state, seat)
    return [] if number is None or sealed_already(state, seat) else place(number)


def greedy_bot(state: DeepseaState, seat: str, think: Think) -> list[Any]:
    """Level 2 (see the module's docstring). Its one ply is a scan of each open board: no search
    to cut short, so it does not look at the think time."""

    def place(number: int) -> list[Any]:
        ending = winner_if_ended(state)
        if state.phase == "single" and state.passes >= 1 and ending == seat:
            return [DeepseaMove("pass")]
        scan = scan_of(state, number)
        best = scan.ranked(seat)[:1] if scan.threat(seat) > 0 else [] if ending == seat else scan.setups[seat][:1]
        return [placement_move(state, number, move) for move in best] + [DeepseaMove("pass")]

    return turn(state, seat, lambda: greedy_board(state, seat, think), place)


def search_bot(state: DeepseaState, seat: str, think: Think) -> list[Any]:
    """Level 3 (see the module's docstring): :func:`~domain.deepsea.search.search_move` on the
    position ``seat`` knows."""

    def place(number: int) -> list[Any]:
        move = search_move(state, seat, think)
        return ([] if move == PASS else [DeepseaMove(position(state).name(move))]) + [DeepseaMove("pass")]

    return turn(state, seat, lambda: search_move(state, seat, think), place)


BOTS = {0: random_bot, 1: sane_bot, 2: greedy_bot, 3: search_bot}
"""The bot of each level (:data:`domain.bots.LEVELS`)."""
