"""The game template's shape (``domain/README.md``): every game package has the same modules, its
own parts in ``parts/``, and no module of ``domain/`` imports itself back through others."""

from __future__ import annotations

import ast
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


def module_name(path: pathlib.Path) -> str:
    parts = path.relative_to(DOMAIN.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_at_load(path: pathlib.Path, modules: set[str]) -> set[str]:
    """The ``domain`` modules ``path`` imports when it is loaded (its top level; not the imports
    inside functions, which run later, nor those under ``if TYPE_CHECKING``)."""
    found = set()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name in modules}
        elif isinstance(node, ast.ImportFrom) and node.module in modules and node.level == 0:
            found |= {f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in modules else node.module
                      for a in node.names}
    return found


def test_no_import_cycles():
    paths = {module_name(p): p for p in DOMAIN.rglob("*.py")}
    graph = {name: imports_at_load(path, set(paths)) for name, path in paths.items()}
    done: set[str] = set()

    def visit(name: str, trail: list[str]) -> None:
        if name in trail:
            cycle = trail[trail.index(name):] + [name]
            raise AssertionError(f"an import cycle: {' -> '.join(cycle)}")
        if name in done:
            return
        for imported in sorted(graph[name]):
            # a package imports its submodules when they are imported: only a package's own
            # __init__ importing them back would be a cycle, which the edge from it shows
            if not name.startswith(f"{imported}."):
                visit(imported, [*trail, name])
        done.add(name)

    for name in sorted(graph):
        visit(name, [])
