"""The reference the Duorail solver is checked against (tests and bench only): a CP-SAT model of
a track, and random positions to ask it about.

The model has one Boolean per directed arc between adjacent cells and one "skipped" self-loop per
cell, tied together by ``AddCircuit`` (the non-skipped cells form one directed cycle). Pieces the
track must follow (the colour's own and the common ones) are not skipped and use exactly the
undirected edges through their two exits; the opponent's pieces are skipped. A 2-cell "cycle" is
excluded by asking for at least 4 cells. The bipartite balance (as many used cells of each
checkerboard colour) is a redundant constraint that lets CP-SAT prove optimality. Four workers
were the fastest setting measured on this 2-core machine (two were the slowest).

Random positions (:func:`random_position`) come in four kinds: ``empty``, ``few`` (1–6 random
pieces), ``crowded`` (pieces along two random loops, one per player, plus a few random changes) and
``infeasible`` (like crowded, with one or two pieces of each player turned to another shape, so
that usually neither colour has a track any more).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ortools.sat.python import cp_model

from domain.duorail.parts.track import CELLS, INDEX, SHAPES, SIZE, STEP, STRAIGHTS, Pieces, direction_between

PROVEN = (cp_model.OPTIMAL, cp_model.INFEASIBLE)


@dataclass
class Reference:
    """What CP-SAT found: ``proven`` (optimal or infeasible within the deterministic time limit), the ``length``
    of its track (0 if none), the track's ``cells`` in loop order, and the solve time in seconds."""

    proven: bool
    length: int
    cells: list[str] | None
    seconds: float


def _neighbours(k: int):
    row, column = divmod(k, SIZE)
    for direction, (dr, dc) in STEP.items():
        if 0 <= row + dr < SIZE and 0 <= column + dc < SIZE:
            yield direction, (row + dr) * SIZE + column + dc


def cpsat_track(pieces: Pieces, colour: str, longest: bool = True, seconds: float = 60.0,
                workers: int = 4, hint: list[str] | None = None) -> Reference:
    """Solve the position with CP-SAT: a longest track (``longest``) or any track. A ``hint`` (a
    track's cells in loop order, say the solver's) only guides its search: the answer and its proof
    are still its own."""
    opponent = "red" if colour == "blue" else "blue"
    model = cp_model.CpModel()
    skipped = [model.NewBoolVar(f"skip{k}") for k in range(len(CELLS))]
    arcs = {(k, n): model.NewBoolVar(f"arc{k}_{n}") for k in range(len(CELLS)) for _, n in _neighbours(k)}
    model.AddCircuit([(k, k, skipped[k]) for k in range(len(CELLS))] + [(k, n, x) for (k, n), x in arcs.items()])
    for (k, n), x in arcs.items():
        if k < n:
            model.Add(x + arcs[n, k] <= 1)
    used = [skipped[k].Not() for k in range(len(CELLS))]
    for cell, (piece_colour, shape) in pieces.items():
        k = INDEX[cell]
        if piece_colour == opponent:
            model.Add(skipped[k] == 1)
            continue
        model.Add(skipped[k] == 0)
        exits = set(shape)
        toward = dict(_neighbours(k))
        if not exits <= set(toward):
            model.AddBoolOr([])  # an exit leaves the board: no track
        for direction, n in toward.items():
            model.Add(arcs[k, n] + arcs[n, k] == (1 if direction in exits else 0))
    model.Add(sum(used) >= 4)
    black = [used[k] for k in range(len(CELLS)) if sum(divmod(k, SIZE)) % 2 == 0]
    white = [used[k] for k in range(len(CELLS)) if sum(divmod(k, SIZE)) % 2 == 1]
    model.Add(sum(black) == sum(white))
    if longest:
        model.Maximize(sum(used))
    if hint:
        cycle = {(INDEX[a], INDEX[b]) for a, b in zip(hint, hint[1:] + hint[:1])}
        for (k, n), x in arcs.items():
            model.AddHint(x, (k, n) in cycle)
        on = {INDEX[c] for c in hint}
        for k in range(len(CELLS)):
            model.AddHint(skipped[k], k not in on)
    solver = cp_model.CpSolver()
    solver.parameters.max_deterministic_time = seconds  # not wall time: as proven on a busy machine
    solver.parameters.num_workers = workers
    status = solver.Solve(model)
    seconds_used = solver.WallTime()
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return Reference(status in PROVEN, 0, None, seconds_used)
    successor = {k: n for (k, n), x in arcs.items() if solver.Value(x)}
    start = min(successor)
    cells, here = [], start
    while True:
        cells.append(CELLS[here])
        here = successor[here]
        if here == start:
            break
    return Reference(status == cp_model.OPTIMAL or not longest, len(cells), cells, seconds_used)


# ---------------------------------------------------------------- random positions


def random_loop(rng: random.Random, target: int) -> list[str]:
    """A random simple loop of about ``target`` cells (an even number ≥ 4): a 2×2 square grown by
    bumps (an edge ``a-b`` of the loop replaced by ``a-a'-b'-b`` through two free cells beside it)."""
    row, column = rng.randrange(SIZE - 1), rng.randrange(SIZE - 1)
    loop = [(row, column), (row, column + 1), (row + 1, column + 1), (row + 1, column)]
    on = set(loop)
    for _ in range(40 * target):
        if len(loop) >= target:
            break
        i = rng.randrange(len(loop))
        a, b = loop[i], loop[(i + 1) % len(loop)]
        dr, dc = b[0] - a[0], b[1] - a[1]
        pr, pc = rng.choice(((dc, -dr), (-dc, dr)))
        a2, b2 = (a[0] + pr, a[1] + pc), (b[0] + pr, b[1] + pc)
        if all(0 <= r < SIZE and 0 <= c < SIZE and (r, c) not in on for r, c in (a2, b2)):
            loop[i + 1:i + 1] = [a2, b2]
            on.update((a2, b2))
    return [CELLS[r * SIZE + c] for r, c in loop]


def loop_shapes(cells: list[str]) -> dict[str, str]:
    """The shape of each cell of a loop: its exits toward the previous and the next cell."""
    shapes = {}
    for i, cell in enumerate(cells):
        exits = {direction_between(cell, cells[i - 1]), direction_between(cell, cells[(i + 1) % len(cells)])}
        shapes[cell] = next(s for s in SHAPES if set(s) == exits)
    return shapes


def _perturb(rng: random.Random, pieces: dict[str, tuple[str, str]]) -> None:
    """Change one piece's shape, or add one random piece, or remove one."""
    choice = rng.random()
    if pieces and choice < 0.5:
        cell = rng.choice(sorted(pieces))
        colour, shape = pieces[cell]
        pieces[cell] = (colour, rng.choice([s for s in (STRAIGHTS if colour == "common" else SHAPES) if s != shape]))
    elif pieces and choice < 0.6:
        del pieces[rng.choice(sorted(pieces))]
    else:
        cell = rng.choice([c for c in CELLS if c not in pieces])
        pieces[cell] = (rng.choice(("blue", "red")), rng.choice(SHAPES))


def _commons(pieces: Pieces) -> int:
    return sum(1 for colour, _ in pieces.values() if colour == "common")


def _on_board_shapes(cell: str, shapes: tuple[str, ...]) -> list[str]:
    row, column = divmod(INDEX[cell], SIZE)
    return [s for s in shapes if all(0 <= row + STEP[e][0] < SIZE and 0 <= column + STEP[e][1] < SIZE for e in s)]


def few_pieces(rng: random.Random) -> dict[str, tuple[str, str]]:
    """1–6 pieces: half the time taken from two random loops (so both colours have a track), else
    on random cells with random colours and shapes that stay on the board (at most 2 commons)."""
    if rng.random() < 0.5:
        pieces = two_loops(rng, 1.0)
        return {cell: pieces[cell] for cell in rng.sample(sorted(pieces), min(len(pieces), rng.randint(1, 6)))}
    pieces: dict[str, tuple[str, str]] = {}
    for cell in rng.sample(CELLS, rng.randint(1, 6)):
        colour = rng.choice(("blue", "red", "blue", "red", "common"))
        if colour == "common" and _commons(pieces) < 2:
            pieces[cell] = ("common", rng.choice(_on_board_shapes(cell, STRAIGHTS) or STRAIGHTS))
        else:
            pieces[cell] = (rng.choice(("blue", "red")), rng.choice(_on_board_shapes(cell, SHAPES)))
    return pieces


def two_loops(rng: random.Random, density: float) -> dict[str, tuple[str, str]]:
    """Pieces along one random loop per player: each cell of a player's loop that the other loop
    misses gets that player's piece with probability ``density``; a cell both loops cross with the
    same straight shape may get a common piece (at most 2). Both colours then have a track."""
    blue = loop_shapes(random_loop(rng, rng.randrange(8, 64, 2)))
    red = loop_shapes(random_loop(rng, rng.randrange(8, 64, 2)))
    pieces: dict[str, tuple[str, str]] = {}
    for own, other, colour in ((blue, red, "blue"), (red, blue, "red")):
        for cell, shape in own.items():
            if cell not in other and rng.random() < density:
                pieces[cell] = (colour, shape)
    shared = [c for c in CELLS if c in blue and blue[c] == red.get(c) and blue[c] in STRAIGHTS]
    for cell in rng.sample(shared, min(len(shared), rng.randint(0, 2))):
        pieces[cell] = ("common", blue[cell])
    return pieces


def random_position(rng: random.Random, kind: str) -> dict[str, tuple[str, str]]:
    """A random position of one of the four kinds (see the module's docstring)."""
    if kind == "empty":
        return {}
    if kind == "few":
        return few_pieces(rng)
    if kind == "crowded":
        pieces = two_loops(rng, rng.uniform(0.5, 1.0))
        for _ in range(rng.choice((0, 0, 0, 1, 2))):
            _perturb(rng, pieces)
        return pieces
    if kind == "infeasible":
        pieces = two_loops(rng, rng.uniform(0.3, 0.9))
        for player in ("blue", "red"):
            mine = [c for c, (colour, _) in pieces.items() if colour == player]
            for cell in rng.sample(mine, min(len(mine), rng.randint(1, 2))):
                pieces[cell] = (player, rng.choice([s for s in SHAPES if s != pieces[cell][1]]))
        return pieces
    raise ValueError(kind)


KINDS = ("empty", "few", "crowded", "infeasible")
