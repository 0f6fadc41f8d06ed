"""Fixtures for the Cairo Corridor tests; the helpers themselves (the reference board, the
flood-fill oracle, :class:`Table`) live in ``cairo_helpers.py``."""

from __future__ import annotations

import pytest
from cairo_helpers import CairoOptions, Table


@pytest.fixture
def table():
    """``table(cells="", options=None)``: a :class:`Table` after ``cells``."""

    def make(cells: str = "", options: CairoOptions | None = None, start: int = 0) -> Table:
        return Table(options, start).play(cells)

    return make
