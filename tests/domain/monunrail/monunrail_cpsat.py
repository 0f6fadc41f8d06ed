"""An independent formulation of "can the track be completed?" in OR-Tools CP-SAT (tests and bench
only; ``domain/`` never imports OR-Tools), and random positions to compare it with the solver.

Per cell one Boolean per shape (none, UD, LR, UR, RD, DL, LU, crossroads), exactly one true; a
rail between neighbours exists iff both cells' shapes reach the shared side. Every cell has two
circuit nodes, ``h`` and ``v``: an ordinary tile uses ``h`` for all its rails and skips ``v``; a
crossroads uses ``h`` for its left-right bar and ``v`` for its up-down bar; an empty cell skips both.
Each rail is one arc between the nodes its cells use there (in one of the two directions), and
``AddCircuit`` asks for a single circuit through every node not skipped.
"""

from __future__ import annotations

import random

from ortools.sat.python import cp_model

from domain.monunrail.parts.board import Grid
from domain.monunrail.parts.tiles import CROSS, DL, LR, LU, OPPOSITE, RD, SIDES, UD, UR, D, R, kind_of

MASKS = (0, UD, LR, UR, RD, DL, LU, CROSS)


def cpsat_completable(board: tuple[int, ...], g: Grid, supply: dict[str, int],
                      hint: list[tuple[int, int]] | None = None) -> bool:
    """Whether CP-SAT finds a completion of ``board`` from ``supply``. A ``hint`` (cells and tiles,
    say the solver's witness) only guides its search: the answer is still its own. Its limit is
    deterministic time (the same on any machine; the slowest of the tests' positions takes 5)."""
    m, shape = _model(board, g, supply)
    if hint is not None:
        hinted = dict(hint)
        for i in range(g.size):
            if not board[i]:
                for s, mask in enumerate(MASKS):
                    m.AddHint(shape[i, s], mask == hinted.get(i, 0))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_deterministic_time = 120
    status = solver.Solve(m)
    assert status in (cp_model.OPTIMAL, cp_model.FEASIBLE, cp_model.INFEASIBLE), solver.StatusName(status)
    return status != cp_model.INFEASIBLE


def random_track(rng: random.Random, g: Grid, board: tuple[int, ...], supply: dict[str, int],
                 size: int | None = None, seconds: float = 2) -> tuple[int, ...]:
    """A complete track through ``board``'s tiles from ``supply`` (CP-SAT), made to pass through a
    few random cells (one of them a crossroads when the supply has some); ``size`` tiles in all if given."""
    free = [i for i in range(g.size) if not board[i]]
    for forced in (rng.randint(2, 5), 1, 0):
        m, shape = _model(board, g, supply)
        if size is not None:
            m.Add(sum(shape[i, s] for i in free for s in range(1, 8)) == size - (g.size - len(free)))
        cells = rng.sample(free, forced)
        for i in cells:
            m.Add(shape[i, 0] == 0)
        if cells and supply.get("crossroads", 0) and rng.random() < 0.6:
            m.Add(shape[cells[0], 7] == 1)
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.max_deterministic_time = seconds  # not wall time: the same tracks on any machine
        solver.parameters.random_seed = rng.randint(0, 1000)
        if solver.Solve(m) in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return tuple(board[i] or next(MASKS[s] for s in range(8) if solver.Value(shape[i, s]))
                         for i in range(g.size))
    raise AssertionError("no track")


def _model(board: tuple[int, ...], g: Grid, supply: dict[str, int]):
    m = cp_model.CpModel()
    shape = {}
    for i in range(g.size):
        for s, mask in enumerate(MASKS):
            fixed = board[i] & 15
            if fixed:
                allowed = mask == fixed
            else:
                allowed = all(g.neighbours[i][side] is not None for side in SIDES if mask & side)
            shape[i, s] = m.NewBoolVar(f"x{i}_{s}")
            if not allowed:
                m.Add(shape[i, s] == 0)
        m.AddExactlyOne(shape[i, s] for s in range(8))
        if board[i]:
            m.Add(shape[i, MASKS.index(board[i] & 15)] == 1)
    for kind in ("straight", "turn", "crossroads"):
        m.Add(sum(shape[i, s] for i in range(g.size) if not board[i] for s in range(1, 8)
                  if kind_of(MASKS[s]) == kind) <= supply.get(kind, 0))

    def reaches(i: int, side: int):
        return sum(shape[i, s] for s in range(8) if MASKS[s] & side)

    cross = {i: shape[i, 7] for i in range(g.size)}
    node_h = {i: 2 * i for i in range(g.size)}
    node_v = {i: 2 * i + 1 for i in range(g.size)}
    arcs = []
    for i in range(g.size):
        arcs.append((node_h[i], node_h[i], shape[i, 0]))  # empty: h skipped
        arcs.append((node_v[i], node_v[i], cross[i].Not()))  # not a crossroads: v skipped
    for i in range(g.size):
        for side in (R, D):
            j = g.neighbours[i][side]
            if j is None:
                continue
            rail = m.NewBoolVar(f"e{i}_{j}")
            m.Add(reaches(i, side) == rail)
            m.Add(reaches(j, OPPOSITE[side]) == rail)
            if side == R:  # horizontal rails always meet the h nodes
                ends = [(node_h[i], node_h[j], [])]
            else:  # vertical rails meet v on a crossroads, h on any other tile
                ends = []
                for a, ca in ((node_h[i], cross[i].Not()), (node_v[i], cross[i])):
                    for b, cb in ((node_h[j], cross[j].Not()), (node_v[j], cross[j])):
                        ends.append((a, b, [ca, cb]))
            lits = []
            for a, b, conds in ends:
                for tail, head in ((a, b), (b, a)):
                    lit = m.NewBoolVar(f"a{tail}_{head}")
                    for cond in conds:
                        m.AddImplication(lit, cond)
                    arcs.append((tail, head, lit))
                    lits.append(lit)
            m.Add(sum(lits) == rail)
    m.AddCircuit(arcs)
    return m, shape


SHAPES_OF = {"straight": (UD, LR), "turn": (UR, RD, DL, LU), "crossroads": (CROSS,)}


def random_position(rng: random.Random, g: Grid, builds: int, supply: dict[str, int],
                    stations: tuple[int, ...]) -> tuple[tuple[int, ...], dict[str, int]]:
    """A position reached by ``builds`` single tiles put next to the track, each fitting its
    neighbours (no rail against the edge or a railless side; rails meet) with probability 0.85, any
    shape otherwise; and the supply left."""
    board = [0] * g.size
    for cell in stations:
        board[cell] = UD
    left = dict(supply)
    for _ in range(builds):
        frontier = [i for i in range(g.size) if not board[i]
                    and any(j is not None and board[j] for j in g.neighbours[i].values())]
        kinds = [k for k, n in left.items() if n > 0]
        if not frontier or not kinds:
            break
        fitting = []
        if rng.random() < 0.85:
            for i in frontier:
                for kind in kinds:
                    for mask in SHAPES_OF[kind]:
                        ok = True
                        for side in SIDES:
                            j = g.neighbours[i][side]
                            if j is None:
                                ok &= not mask & side
                            elif board[j]:
                                ok &= bool(mask & side) == bool(board[j] & OPPOSITE[side])
                        if ok:
                            fitting.append((i, mask, kind))
        if fitting:
            i, mask, kind = rng.choice(fitting)
        else:
            i, kind = rng.choice(frontier), rng.choice(kinds)
            mask = rng.choice(SHAPES_OF[kind])
        board[i] = mask
        left[kind] -= 1
    return tuple(board), left


def carved_position(rng: random.Random, g: Grid, stations: tuple[int, ...], extra: int = 20,
                    ) -> tuple[tuple[int, ...], dict[str, int]]:
    """A random complete track with some of its tiles taken away; the supply holds what was taken,
    with random changes (often one too few of a kind, so the answer is near the edge)."""
    start = tuple(UD if i in stations else 0 for i in range(g.size))
    track = random_track(rng, g, start, {"straight": extra, "turn": extra, "crossroads": rng.choice((0, 3, extra))})
    board, taken = list(track), {"straight": 0, "turn": 0, "crossroads": 0}
    for i, code in enumerate(track):
        if code and i not in stations and rng.random() < 0.6:
            board[i] = 0
            taken[kind_of(code)] += 1
    for kind in taken:
        taken[kind] = max(0, taken[kind] + rng.choice((-1, -1, 0, 0, 0, 1, 2)))
    return tuple(board), taken
