"""The import rules that keep the layers apart (``docs/architecture.md``): the rules library
(``domain/``) imports neither the service nor the workers; the service's feature folders import
neither the routes (``service/api``), nor the wiring at the top, nor the workers, and each other
only as their ``__init__`` docstrings say and without cycles; nothing imports another module's
private name; and no module of ``domain/``, ``service/`` or ``workers/`` takes part in an import
cycle.

The graph is read from the sources with :mod:`ast`, every ``import`` counted wherever it is written
(inside a function too: an import put off to the first call hides a cycle, it does not remove it).
``from x import y`` counts as an import of the module ``x.y`` when there is one, else of ``x``; a
package's ``__init__`` is not counted for its submodules (importing ``a.b`` runs ``a/__init__`` too,
but ``a/__init__`` importing ``a.b`` back is how a package exports its parts)."""

from __future__ import annotations

import ast
import functools
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent
TOP_PACKAGES = ("domain", "service", "workers")

KNOWN_CYCLES: set[frozenset[str]] = set()
"""None: MonUnrail's bot <-> levels cycle went with the game template (issue 29). No cycle may appear."""

SERVICE_TOP = {"service", "service.__main__", "service.app", "service.asgi", "service.settings", "service.wiring",
               "service.private_files"}
"""The modules at the top of ``service/``: the command line, the app and the wiring assemble the
features; the settings and the private files are read by all."""

FEATURES_MAY_IMPORT_AT_THE_TOP = {"service.settings", "service.private_files"}


def module_name(path: pathlib.Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@functools.cache
def modules() -> dict[str, pathlib.Path]:
    """Every module of ``domain/``, ``service/`` and ``workers/`` by its dotted name."""
    return {module_name(p): p for top in TOP_PACKAGES for p in sorted((ROOT / top).rglob("*.py"))
            if "__pycache__" not in p.parts}


def _base(name: str, path: pathlib.Path, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for _ in range(node.level - 1):
        package = package.rpartition(".")[0]
    return f"{package}.{node.module}" if node.module else package


@functools.cache
def imports() -> dict[str, list[tuple[str, list[str], int]]]:
    """For each module: what it imports from the project, as (module, names taken from it, line)."""
    known, found = modules(), {}
    for name, path in known.items():
        found[name] = []
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                found[name] += [(a.name, [], node.lineno) for a in node.names if a.name.split(".")[0] in TOP_PACKAGES]
            elif isinstance(node, ast.ImportFrom):
                base = _base(name, path, node)
                if base.split(".")[0] not in TOP_PACKAGES:
                    continue
                plain = [a.name for a in node.names if f"{base}.{a.name}" not in known]
                found[name] += [(f"{base}.{a.name}", [], node.lineno) for a in node.names if f"{base}.{a.name}" in known]
                if plain:
                    found[name].append((base, plain, node.lineno))
    return found


def graph() -> dict[str, set[str]]:
    """Module → the project's modules it imports (a package's own ``__init__`` left out)."""
    known = modules()
    return {name: {target for target, _, _ in found if target in known and not name.startswith(f"{target}.")}
            for name, found in imports().items()}


def cycles(edges: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one node (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in edges.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            if len(component) > 1 or node in edges.get(node, ()):
                found.append(component)

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def feature_of(name: str) -> str | None:
    """The feature folder a service module lives in (``service.matches.records`` → ``matches``)."""
    parts = name.split(".")
    if parts[0] != "service" or name in SERVICE_TOP or len(parts) < 2 or parts[1] == "api":
        return None
    return parts[1]


def test_service_shows_its_features():
    """``ls service/`` shows the design: the modules at the top are the few that assemble the rest;
    everything else lives in a folder whose ``__init__`` says what lives there and what it may import."""
    top = {module_name(p) for p in (ROOT / "service").glob("*.py")}
    assert top == SERVICE_TOP, f"put {sorted(top - SERVICE_TOP)} in a feature folder" if top - SERVICE_TOP else top
    for folder in (ROOT / "service").iterdir():
        if folder.is_dir() and folder.name not in ("web", "__pycache__"):
            docstring = ast.get_docstring(ast.parse((folder / "__init__.py").read_text())) or ""
            assert re.search("may import", docstring, re.I), f"service/{folder.name}/__init__.py: say what it may import"


def test_the_graph_sees_the_project():
    edges = graph()
    assert "service.matches.match_service" in edges and "domain.match" in edges and "workers.jobs" in edges
    assert "service.matches.event_store" in edges["service.matches.match_service"]


def test_no_import_cycles():
    found = [c for c in cycles(graph()) if frozenset(c) not in KNOWN_CYCLES]
    assert not found, f"import cycles: {[sorted(c) for c in found]}"


def test_the_rules_import_neither_the_service_nor_the_workers():
    wrong = [(name, target) for name, targets in graph().items() if name.startswith("domain")
             for target in targets if not target.startswith("domain")]
    assert not wrong, wrong


def test_the_service_does_not_import_the_workers():
    wrong = [(name, target) for name, targets in graph().items() if name.startswith("service")
             for target in targets if target.startswith("workers")]
    assert not wrong, wrong


def test_features_import_neither_the_routes_nor_the_wiring():
    """Routes (``service/api``) call the features; the app, the wiring and the command line assemble
    them. A feature imports only other features, the settings and the private files."""
    wrong = [(name, target) for name, targets in graph().items() if feature_of(name)
             for target in targets if target.startswith("service.api")
             or (target in SERVICE_TOP and target not in FEATURES_MAY_IMPORT_AT_THE_TOP)]
    assert not wrong, wrong


def folder_imports() -> dict[str, set[str]]:
    """Feature folder → the other feature folders its modules import."""
    found: dict[str, set[str]] = {}
    for name, targets in graph().items():
        if (folder := feature_of(name)) is not None:
            found.setdefault(folder, set())
            found[folder] |= {other for t in targets if (other := feature_of(t)) not in (None, folder)}
    return found


def test_feature_folders_import_each_other_without_cycles():
    found = cycles(folder_imports())
    assert not found, f"feature folders that import each other: {[sorted(c) for c in found]}"


def test_each_feature_folder_says_what_it_may_import():
    """Each folder's ``__init__`` docstring names every other folder it imports (``service.<folder>``)."""
    for folder, others in folder_imports().items():
        init = ROOT / "service" / folder / "__init__.py"
        docstring = ast.get_docstring(ast.parse(init.read_text())) or ""
        named = set(re.findall(r"service\.(\w+)", re.split("may import", docstring, maxsplit=1, flags=re.I)[-1]))
        assert others <= named, f"service/{folder}/__init__.py: say it may import {sorted(others - named)}"


REDIS_PUBLIC_MODULES = {"service.redis", "service.redis.embedded"}
"""The Redis plumbing's interface (the package's own names) and the embedded Redis the command line starts."""


def test_the_redis_plumbing_is_used_through_its_interface():
    """Outside ``service/redis`` the server imports ``service.redis`` (its ``__all__``), not its modules."""
    wrong = [(name, target) for name, targets in graph().items()
             if name.startswith(("service", "workers")) and not name.startswith("service.redis")
             for target in targets if target.startswith("service.redis.") and target not in REDIS_PUBLIC_MODULES]
    assert not wrong, wrong


def test_no_module_imports_another_modules_private_names():
    """``from x import _y`` reaches into ``x``: give ``_y`` a public name (or a public home) instead."""
    wrong = [f"{modules()[name].relative_to(ROOT)}:{line} imports {private} from {target}"
             for name, found in imports().items() for target, names, line in found
             for private in names if private.startswith("_") and not private.startswith("__")]
    wrong += [f"{modules()[name].relative_to(ROOT)}:{line} imports {target}"
              for name, found in imports().items() for target, _, line in found
              if any(p.startswith("_") and not p.startswith("__") for p in target.split("."))]
    assert not wrong, wrong
