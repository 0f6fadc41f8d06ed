"""The board generated from geometry is the reference board: same graph, same sides, same shapes,
and the figures and side lists of the rules file."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from cairo_helpers import REFERENCE, SIDE_NAMES, reference_name

from domain.cairo.parts.geometry import (
    CELL_SIDES,
    COLUMNS,
    GROUPS,
    INDEX,
    NAMES,
    NEIGHBOURS,
    POLYGONS,
    SIDE_CELLS,
    SIDES,
    group_letter,
)

SPEC_SIDES = """
  - top: `Al Ar Bd Cl Cr Dd El Er Fd`
  - bottom: `Su Tl Tr Uu Vl Vr Wu Xl Xr`
  - left: `Al Ad Gu Gl Gd Mu Ml Md Su`
  - right: `Fd Lu Lr Ld Ru Rr Rd Xu Xr`
"""
"""The side lists of the ruleset the server implements (its "Board" section, copied verbatim on
2026-11-27: the ruleset itself lives outside the repository)."""
RULES_PAGE = (Path(__file__).resolve().parents[3] / "docs" / "rules" / "cairo.md").read_text()


def our_graph() -> dict[str, set[str]]:
    return {NAMES[c]: {NAMES[n] for n in NEIGHBOURS[c]} for c in range(len(NAMES))}


def test_the_board_is_the_reference_graph():
    reference = {reference_name(c["bga"]): {reference_name(n) for n in c["adj_bga"]} for c in REFERENCE["cells"]}
    assert our_graph() == reference


def test_the_sides_are_the_reference_sides():
    for c in REFERENCE["cells"]:
        assert CELL_SIDES[INDEX[reference_name(c["bga"])]] == {SIDE_NAMES[s] for s in c["sides"]}, c["bga"]


def test_the_shapes_are_the_reference_polygons_at_25_px_a_unit():
    for c in REFERENCE["cells"]:
        ours = POLYGONS[INDEX[reference_name(c["bga"])]]
        assert len(ours) == len(c["bga_poly"]) == 5
        for x, y in c["bga_poly"]:  # every reference corner is one of ours
            assert min(abs(25 * ox - x) + abs(25 * oy - y) for ox, oy in ours) < 0.01, c["bga"]


def test_the_figures_of_the_rules_file():
    graph = our_graph()
    assert len(graph) == 72
    assert sum(len(n) for n in graph.values()) == 2 * 156
    assert all(a in graph[b] for a in graph for b in graph[a])  # symmetric
    assert Counter(len(n) for n in graph.values()) == {2: 4, 3: 8, 4: 20, 5: 40}
    assert {side: len(cells) for side, cells in SIDE_CELLS.items()} == dict.fromkeys(SIDES, 9)
    assert sum(bool(sides) for sides in CELL_SIDES) == 32
    corners = {NAMES[c]: set(sides) for c, sides in enumerate(CELL_SIDES) if len(sides) == 2}
    assert corners == {"Al": {"top", "left"}, "Fd": {"top", "right"}, "Su": {"bottom", "left"},
                       "Xr": {"bottom", "right"}}
    assert {NAMES[c] for c, n in enumerate(NEIGHBOURS) if len(n) == 2} == set(corners)


def test_the_side_lists_of_the_ruleset_and_of_the_rules_page():
    for rules in (SPEC_SIDES, RULES_PAGE):
        for side in SIDES:
            [listed] = re.findall(rf"^\s*- {side}: `([^`]*)`", rules, re.MULTILINE)
            assert [NAMES[c] for c in SIDE_CELLS[side]] == listed.split(), side


def test_groups_partial_rows_and_columns_of_twelve():
    present = {(column, row): "".join(NAMES[c][1] for c in range(72) if GROUPS[c] == (column, row))
               for column in range(COLUMNS) for row in range(4)}
    for (column, row), positions in present.items():
        expected = {(0, 0): "lrd", (0, 3): "u", (1, 0): "d", (1, 3): "ulr"}.get((column % 2, row), "ulrd")
        assert positions == expected, group_letter(column, row)
    assert all(sum(len(present[column, row]) for row in range(4)) == 12 for column in range(COLUMNS))
    assert [group_letter(c, r) for r in range(4) for c in range(COLUMNS)] == [chr(65 + i) for i in range(24)]


def test_inside_a_whole_group():
    graph = our_graph()
    for letter in (group_letter(c, r) for c in range(COLUMNS) for r in (1, 2)):
        up, left, right, down = (letter + p for p in "ulrd")
        assert {left, right} <= graph[up] and {left, right} <= graph[down] and right in graph[left] and down not in graph[up]
