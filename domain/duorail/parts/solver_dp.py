"""The compiled core of the Duorail track solver: a frontier ("plug") dynamic programme.

See :mod:`domain.duorail.parts.solver` for the public functions; this module only knows integers.

Cells are processed one at a time in reading order (``k = 9 * row + column``). Before cell
``(row, column)`` the *frontier* is the line that separates the processed cells from the rest; ten
edges cross it, numbered left to right as *slots*:

- slots ``0 … column-1``: the edges going down from cells ``(row, 0 … column-1)``;
- slot ``column``: the edge between ``(row, column-1)`` and the current cell (its *left plug*);
- slots ``column+1 … 9``: the edges going down from cells ``(row-1, column … 8)``; slot
  ``column+1`` is the current cell's *up plug*.

A state packs the ten slots in 2 bits each (slot ``i`` at bits ``2i``): ``0`` no track crosses
there, ``1`` an open bracket, ``2`` a close bracket. The track segments drawn so far are disjoint
paths above the frontier, each crossing it twice, and since they cannot cross each other their two
ends nest like brackets: ``1`` marks a path's left end, ``2`` its right end. The valid states are
the balanced words of length 10 over ``0, 1, 2``: 2,188 of them (the Motzkin number M₁₀), each with
a dense id (see :func:`bracket_states`), so a layer of the DP is a few small arrays indexed by id.

Processing a cell reads its left plug ``a`` and up plug ``b``, picks an exit mask for the cell
(bits ``U=1, D=2, L=4, R=8``; ``0`` = not on the track) that has ``L`` iff ``a`` and ``U`` iff
``b``, among the masks the position allows there, and writes the cell's down plug in slot
``column`` and its right plug in slot ``column+1``:

- ``a = b = 0``: skip the cell, or start a new path going right and down (``1`` down, ``2`` right);
- one of ``a``, ``b``: carry that bracket on, down or to the right;
- both: join the two paths. ``(`` ``(`` : the partner of ``b`` becomes ``(``; ``)`` ``)`` : the
  partner of ``a`` becomes ``)``; ``)`` ``(`` : nothing else changes; ``(`` ``)`` closes the loop,
  which is only allowed when no other slot is in use and no mandatory cell comes later (so the
  loop is the whole track). A closed loop is not a state: it is recorded as a finished track.

After the last cell of a row the right plug is always empty and the state shifts by one slot
(``code << 2``), which makes it the frontier before the first cell of the next row.

The value of a state is the largest number of track cells among the partial tracks reaching it
(the partial tracks reaching the same state have the same possible futures, so keeping the best
one is exact); ``pred`` and ``choice`` per layer keep its parent state and the cell's exit mask, so
a witness is read back from the finished track's cell to ``A1``. A run visits at most 81 × 2,188
states (about 93,000 on the empty board, under 1 ms); ``stop_at_first`` ends it at the first closed
loop (existence only).

The functions are compiled by numba at their first call (about 4–5 s on the project's machine) and
cached on disk (``cache=True``), so later processes only load them (about 0.2 s). Hot loops call
helpers with scalar arguments only: passing arrays to a helper per state costs reference counting
that made the DP ten times slower.
"""

from __future__ import annotations

import numba
import numpy as np

WIDTH = 9
HEIGHT = 9
CELL_COUNT = WIDTH * HEIGHT
SLOTS = WIDTH + 1
BITS = 2 * SLOTS

U, D, L, R = 1, 2, 4, 8
"""Exit bits of a cell's exit mask."""
NONE, UD, LR, UR, RD, DL, LU = 0, U | D, L | R, U | R, R | D, D | L, L | U
"""Exit masks: a cell off the track, the two straights, the four bends."""

OPEN, CLOSE = 1, 2


@numba.njit(cache=True)
def _is_balanced(code):
    """Whether a 10-slot code is a balanced bracket word (no slot holds the unused value 3)."""
    depth = 0
    for slot in range(SLOTS):
        v = (code >> (2 * slot)) & 3
        if v == 3:
            return False
        if v == OPEN:
            depth += 1
        elif v == CLOSE:
            depth -= 1
            if depth < 0:
                return False
    return depth == 0


@numba.njit(cache=True)
def _base3(code):
    """The slot values of a 2-bit-per-slot code read as a base-3 number (slot 0 least significant)."""
    index, power = 0, 1
    while code:
        index += (code & 3) * power
        code >>= 2
        power *= 3
    return index


@numba.njit(cache=True)
def bracket_states():
    """The state tables ``(code_of, half, sid_of3)``.

    ``code_of[sid]`` is the code of state ``sid``. A code's id is ``sid_of3[half[code & 1023] +
    half[1024 + (code >> 10)]]``: ``half`` turns each five-slot half of the code into its part of
    the base-3 number of the code (so the id table has 3¹⁰ = 59,049 entries and fits in the cache),
    ``sid_of3`` gives the id (``-1`` for unbalanced words, which never occur).
    """
    half = np.empty(2048, np.int32)
    for chunk in range(1024):
        half[chunk] = _base3(chunk)
        half[1024 + chunk] = _base3(chunk) * 243
    sid_of3 = np.full(3 ** SLOTS, -1, np.int16)
    codes: list[int] = []
    for code in range(1 << BITS):
        if _is_balanced(code):
            sid_of3[half[code & 1023] + half[1024 + (code >> 10)]] = len(codes)
            codes.append(code)
    code_of = np.empty(len(codes), np.int32)
    for sid in range(len(codes)):
        code_of[sid] = codes[sid]
    return code_of, half, sid_of3


def _masks_with(bit):
    """The bit set (over the 16 exit masks) of the masks that have exit ``bit``."""
    return sum(1 << m for m in range(16) if m & bit)


_WITH = np.array([_masks_with(1 << i) for i in range(4)], np.int32)
"""``_WITH[i]``: the masks having exit ``1 << i`` (U, D, L, R)."""


@numba.njit(cache=True)
def propagate(allowed):
    """Arc consistency, in place: drop each mask of a cell whose exit (or absence of exit) toward a
    neighbour no mask of that neighbour matches, until nothing changes. Exact: a dropped mask is
    used by no track. Returns False if some cell is left with no mask at all (then no track exists).
    """
    changed = True
    while changed:
        changed = False
        for k in range(CELL_COUNT):
            row, column = k // WIDTH, k % WIDTH
            for i in range(4):  # U, D, L, R
                if i == 0:
                    there, back = k - WIDTH, 1
                    if row == 0:
                        continue
                elif i == 1:
                    there, back = k + WIDTH, 0
                    if row == HEIGHT - 1:
                        continue
                elif i == 2:
                    there, back = k - 1, 3
                    if column == 0:
                        continue
                else:
                    there, back = k + 1, 2
                    if column == WIDTH - 1:
                        continue
                with_back = allowed[there] & _WITH[back] != 0
                without_back = allowed[there] & ~_WITH[back] != 0
                keep = allowed[k] & ((_WITH[i] if with_back else 0) | (~_WITH[i] if without_back else 0))
                if keep != allowed[k]:
                    allowed[k] = keep
                    changed = True
            if allowed[k] == 0:
                return False
    return True


@numba.njit(cache=True)
def _partner_right(code, slot):
    """The slot of the close bracket matching the open bracket in ``slot``."""
    depth = 0
    for j in range(slot, SLOTS):
        v = (code >> (2 * j)) & 3
        if v == OPEN:
            depth += 1
        elif v == CLOSE:
            depth -= 1
            if depth == 0:
                return j
    return -1


@numba.njit(cache=True)
def _partner_left(code, slot):
    """The slot of the open bracket matching the close bracket in ``slot``."""
    depth = 0
    for j in range(slot, -1, -1):
        v = (code >> (2 * j)) & 3
        if v == CLOSE:
            depth += 1
        elif v == OPEN:
            depth -= 1
            if depth == 0:
                return j
    return -1


@numba.njit(cache=True)
def _set_slot(code, slot, value):
    return (code & ~(3 << (2 * slot))) | (value << (2 * slot))


@numba.njit(cache=True)
def _successors(code, column, mask):
    """The states after the cell at ``column`` from state ``code`` with the masks ``mask`` allows.

    Returns ``(code1, mask1, code2, mask2, closes)``: at most two successor codes (``-1`` for none)
    with the exit mask the cell takes for each, and whether the cell can close the loop (left plug
    ``(``, up plug ``)``, bend ``LU`` allowed); the caller checks the rest of the closing rule.
    Only scalars go in and out: the hot loop then pays no reference counting.
    """
    sa = 2 * column
    sb = sa + 2
    a = (code >> sa) & 3
    b = (code >> sb) & 3
    rest = code & ~((3 << sa) | (3 << sb))
    code1 = code2 = -1
    mask1 = mask2 = NONE
    if a == 0 and b == 0:
        if mask & (1 << NONE):
            code1, mask1 = rest, NONE
        if mask & (1 << RD):
            code2, mask2 = rest | (OPEN << sa) | (CLOSE << sb), RD
    elif b == 0:
        if mask & (1 << DL):
            code1, mask1 = rest | (a << sa), DL
        if mask & (1 << LR):
            code2, mask2 = rest | (a << sb), LR
    elif a == 0:
        if mask & (1 << UD):
            code1, mask1 = rest | (b << sa), UD
        if mask & (1 << UR):
            code2, mask2 = rest | (b << sb), UR
    elif mask & (1 << LU):
        if a == OPEN and b == CLOSE:
            return code1, mask1, code2, mask2, True
        if a == OPEN:  # and b == OPEN: b's partner becomes the left end
            rest = _set_slot(rest, _partner_right(code, column + 1), OPEN)
        elif b == CLOSE:  # and a == CLOSE: a's partner becomes the right end
            rest = _set_slot(rest, _partner_left(code, column), CLOSE)
        code1, mask1 = rest, LU
    return code1, mask1, code2, mask2, False


@numba.njit(cache=True)
def solve(allowed, last_mandatory, stop_at_first, code_of, half, sid_of3):
    """Run the frontier DP over the 81 cells.

    ``allowed[k]`` has bit ``m`` set when exit mask ``m`` may be used on cell ``k`` (bit 0: the cell
    may stay off the track); ``last_mandatory`` is the index of the last cell that must be on the
    track (``-1`` if none); the last three arguments come from :func:`bracket_states`. Returns
    ``(length, exits)``: the best length found (0 if there is no track) and the exit mask of every
    cell of one such track.
    """
    n_states = code_of.shape[0]
    pred = np.empty((CELL_COUNT + 1, n_states), np.int16)  # layer k: states before cell k
    choice = np.empty((CELL_COUNT + 1, n_states), np.int8)
    values = np.full(n_states, -1, np.int32)  # -1: state not reached
    next_values = np.full(n_states, -1, np.int32)
    members = np.empty(n_states, np.int32)  # the reached states, in order of arrival
    next_members = np.empty(n_states, np.int32)
    start = sid_of3[0]
    values[start] = 0
    members[0] = start
    count = 1
    best, best_cell, best_sid = 0, -1, -1
    for k in range(CELL_COUNT):
        column = k % WIDTH
        mask = allowed[k]
        shift = column == WIDTH - 1
        next_count = 0
        for t in range(count):
            sid = members[t]
            code = code_of[sid]
            value = values[sid]
            code1, mask1, code2, mask2, closes = _successors(code, column, mask)
            if closes and code == (OPEN << (2 * column)) | (CLOSE << (2 * column + 2)) \
                    and k >= last_mandatory and value + 1 > best:
                best, best_cell, best_sid = value + 1, k, sid
                if stop_at_first:
                    return best, _read_back(best_cell, best_sid, pred, choice)
            for j in range(2):
                new, new_mask = (code1, mask1) if j == 0 else (code2, mask2)
                if new < 0:
                    continue
                if shift:  # end of the row: the right plug is empty; move to the next row's frontier
                    new <<= 2
                new_sid = sid_of3[half[new & 1023] + half[1024 + (new >> 10)]]
                new_value = value + (new_mask != NONE)
                if next_values[new_sid] < 0:
                    next_members[next_count] = new_sid
                    next_count += 1
                if new_value > next_values[new_sid]:
                    next_values[new_sid] = new_value
                    pred[k + 1, new_sid] = sid
                    choice[k + 1, new_sid] = new_mask
        for t in range(count):
            values[members[t]] = -1
        values, next_values = next_values, values
        members, next_members = next_members, members
        count = next_count
        if count == 0:
            break
    if best_cell < 0:
        return 0, np.zeros(CELL_COUNT, np.int8)
    return best, _read_back(best_cell, best_sid, pred, choice)


@numba.njit(cache=True)
def _read_back(cell, sid, pred, choice):
    """The exit mask of every cell of the track closed on ``cell`` from state ``sid``."""
    exits = np.zeros(CELL_COUNT, np.int8)
    exits[cell] = LU
    for layer in range(cell, 0, -1):
        exits[layer - 1] = choice[layer, sid]
        sid = pred[layer, sid]
    return exits
