"""The game template's shape (``domain/README.md``): every game package has the same modules and
its own parts in ``parts/`` (``tests/test_import_rules.py`` finds no import cycle in ``domain/``)."""

from __future__ import annotations

import pathlib

from domain.registry import all_games

DOMAIN = pathlib.Path(__file__).resolve().parents[2] / "domain"
TEMPLATE = {"__init__.py", "state.py", "rules.py", "moves.py", "notation.py", "view.py", "svg.py", "analysis.py",
            "bot.py", "search.py", "record.py", "parts"}


def test_every_game_package_is_the_template_filled_in():
    for name in all_games():
        entries = {p.name for p in (DOMAIN / name).iterdir() if p.name != "__pycache__"}
        assert entries == TEMPLATE, f"domain/{name}: {sorted(entries ^ TEMPLATE)} differ from the template"
        assert (DOMAIN / name / "parts" / "__init__.py").is_file()
