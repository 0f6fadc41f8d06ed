"""Guards on the project's shape: the rules stay a pure library, packaged on their own, used by the
rest only through each game's public package; the OpenAPI document never drifts."""

from __future__ import annotations

import ast
import collections
import json
import pathlib
import re
import subprocess
import tomllib

from service.app import create_app, openapi_document
from service.settings import Settings

ROOT = pathlib.Path(__file__).resolve().parent.parent
FORBIDDEN = {"litestar", "redis", "rq", "service", "workers", "httpx", "uvicorn", "time", "datetime", "socket",
             "os", "asyncio", "threading", "subprocess", "secrets"}


def test_domain_imports_no_io_web_redis_or_clock():
    for path in (ROOT / "domain").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in FORBIDDEN, f"{path.relative_to(ROOT)} imports {name}"


def test_every_rules_subpackage_is_packaged():
    """``domain/pyproject.toml`` lists its packages by hand (the folder is the package ``domain``):
    a subpackage missing there would be missing from the wheel a bot author installs."""
    listed = tomllib.loads((ROOT / "domain" / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    on_disk = [".".join(("domain", *init.parent.relative_to(ROOT / "domain").parts))
               for init in (ROOT / "domain").rglob("__init__.py")]
    assert sorted(listed) == sorted(on_disk)


def test_the_server_pins_the_rules_of_its_own_version():
    server = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    rules = tomllib.loads((ROOT / "domain" / "pyproject.toml").read_text())["project"]
    assert rules["version"] == server["version"]
    pinned = [d for d in server["dependencies"] if d.startswith(rules["name"])]
    assert [re.sub(r"\[[a-z,]+\]", "", d) for d in pinned] == [f"{rules['name']}=={rules['version']}"], pinned


INSIDE_THE_RULES = {
    # Benchmarks of the rules' own algorithms against their baselines: they time the inner
    # functions themselves (a flood fill over Cairo's cells, Trax's forced plays, the solvers on
    # raw problems with their budgets, Deep Sea's placements), which no game exports. An entry
    # that is no longer needed fails the test too, so the list only shrinks.
    "bench/bot_strength.py": {"domain.cairo.search"},  # counts the level-3 search's work (its surveys)
    "bench/cairo_moves.py": {"domain.cairo.parts.geometry"},
    "bench/deepsea.py": {"domain.deepsea.parts.best", "domain.deepsea.parts.board", "domain.deepsea.parts.pentominoes",
                         "domain.deepsea.parts.routes", "domain.deepsea.parts.generator"},
    "bench/duorail_solver.py": {"domain.duorail.parts.solver", "domain.duorail.parts.track"},
    "bench/monunrail_solver.py": {"domain.monunrail.parts.board", "domain.monunrail.parts.completion", "domain.monunrail.parts.tiles",
                                  "domain.monunrail.parts.simple_bots", "domain.monunrail.parts.unrail"},
    "bench/searchers.py": {"domain.trax.parts.placements"},  # the pure-Python perft, beside the compiled one
    # a test that a sampled supply never contradicts a refusal counts the tiles a build needs as the rules do
    "tests/api/test_state_from_server_hidden.py": {"domain.monunrail.parts.board", "domain.monunrail.parts.checks",
                                                   "domain.monunrail.parts.notation"},
    "bench/trax_legal_moves.py": {"domain.trax.parts.board", "domain.trax.parts.forced", "domain.trax.parts.placements", "domain.trax.parts.notation",
                                  "domain.trax.parts.tiles", "domain.trax.parts.wins"},
}


def private_rules_imports(path: pathlib.Path, exports: dict[str, set[str]]) -> set[str]:
    """What ``path`` imports from inside a game's package: a module of it (``domain.trax.parts.board``)
    or a name the package does not export (``from domain.trax import board``)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if any(a.name.startswith(f"{g}.") for g in exports)}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if any(node.module.startswith(f"{g}.") for g in exports):
                found.add(node.module)
            elif node.module in exports:
                found |= {f"{node.module}.{a.name}" for a in node.names if a.name not in exports[node.module]}
    return found


def test_nothing_outside_the_rules_imports_a_games_private_modules():
    """The server, workers, SDK, examples, benchmarks and the API's tests use each game through what
    its package exports (``domain.trax``: the uniform rules API, ``docs/library.md``) and the shared
    modules (``domain.game``, ``domain.match``, ...) only. ``tests/domain/`` are the rules package's
    own tests: they may test its insides."""
    import importlib

    from domain.registry import all_games

    games = {type(g).__module__ for g in all_games().values()}
    assert games == {"domain.trax", "domain.duorail", "domain.monunrail", "domain.cairo", "domain.deepsea"}
    exports = {g: set(importlib.import_module(g).__all__) for g in games}
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "*.py"],
                            cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    checked = [n for n in listed if not n.startswith(("domain/", "tests/domain/")) and (ROOT / n).is_file()]
    assert any(n.startswith("service/") for n in checked) and any(n.startswith("bench/") for n in checked)
    found = {n: imports for n in checked if (imports := private_rules_imports(ROOT / n, exports))}
    offending = {n: sorted(imports - INSIDE_THE_RULES.get(n, set())) for n, imports in found.items()}
    assert not {n: i for n, i in offending.items() if i}, (
        f"import these from the game's package (domain.<game>), or have it export them: {offending}")
    stale = {n: sorted(allowed - found.get(n, set())) for n, allowed in INSIDE_THE_RULES.items()}
    assert not {n: s for n, s in stale.items() if s}, f"no longer imported; drop them from INSIDE_THE_RULES: {stale}"


def test_nothing_outside_the_tests_points_at_the_rules_outside_the_repository():
    """A clone has no ``shared/`` folder: the rules a reader can find are ``docs/rules/``."""
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    for name in tracked.splitlines():
        path = ROOT / name
        if name.startswith("tests/") or not path.is_file():
            continue
        text = path.read_bytes().decode("utf-8", errors="replace")
        assert "shared/rules" not in text, f"{name} points at shared/rules; point at docs/rules/ instead"


def current_openapi() -> dict:
    return openapi_document(create_app(Settings(redis_url="redis://unused")))


def test_openapi_document_matches_the_app():
    committed = json.loads((ROOT / "openapi" / "openapi.json").read_text())
    assert committed == current_openapi(), (
        "openapi/openapi.json is out of date: run `.venv/bin/python -m service openapi > openapi/openapi.json`")


def test_every_operation_documents_its_error_statuses():
    spec = current_openapi()
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            statuses = set(operation["responses"])
            assert "429" in statuses, (method, path)  # every operation may be rate limited
            if "{match_id}" in path:
                assert "404" in statuses, (method, path)
            if method == "post" and path not in ("/accounts",):
                assert {"401", "422"} <= statuses or path == "/matches/{match_id}/analysis", (method, path)
            if operation.get("parameters"):
                assert "400" in statuses, (method, path)


def test_command_and_event_tags_are_unique_across_games():
    from domain.match import MATCH_COMMANDS, MATCH_EVENTS
    from domain.registry import all_games

    for kind, shared, per_game in (("command", MATCH_COMMANDS, "commands"), ("event", MATCH_EVENTS, "events")):
        owners: dict[str, type] = {}
        for cls in [*shared, *(c for g in all_games().values() for c in getattr(g, per_game))]:
            tag = cls.__struct_config__.tag
            assert owners.setdefault(tag, cls) is cls, f"two {kind}s are tagged {tag!r}"


def test_every_test_module_has_a_name_of_its_own():
    """Test folders have no ``__init__.py``: two modules of one basename make pytest stop at
    collection ("import file mismatch"), so a clash would fail the whole suite in CI."""
    names = collections.Counter(path.name for path in (ROOT / "tests").rglob("test_*.py"))
    assert [name for name, count in names.items() if count > 1] == []
