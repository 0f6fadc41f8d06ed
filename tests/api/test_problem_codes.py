"""One list of problem codes (``service/http/problem_codes.py``): every code the sources raise is in it
with its status, every code in it is raised somewhere, and ``docs/problems.md`` and the OpenAPI
document show exactly that list."""

from __future__ import annotations

import ast
import importlib
import json
import pathlib
import pkgutil

from domain.errors import DomainError
from domain.library import LIBRARY_ONLY_CODES
from service.http.problem_codes import PROBLEM_CODES, markdown
from service.http.problems import STATUS_BY_KIND

ROOT = pathlib.Path(__file__).resolve().parents[2]
LIBRARY_MODULES = ("domain/library.py", "domain/known.py", "domain/searcher.py", "domain/*/parts/position.py")
"""Modules only a library user calls (no route does): their refusals answer a library user. Library
functions that live beside the server's (``from_view`` in a view module, a solver's question in an
analysis module) raise codes listed in ``domain.library.LIBRARY_ONLY_CODES`` instead."""
SOURCES = [p for folder in ("domain", "service", "workers") for p in (ROOT / folder).rglob("*.py")
           if p.name != "problem_codes.py" and not any(p.relative_to(ROOT).match(m) for m in LIBRARY_MODULES)]
CODES_PASSED_ON = {  # a code taken from elsewhere, not written at the call: where it comes from is scanned
    ("domain/match.py", "in_past"), ("domain/match.py", "too_far"),  # start_/open_ in_past/too_far: one loop
    ("domain/deepsea/rules.py", "bad.code"),  # a board's refusal, raised again naming the board
    ("service/matches/challenges.py", "place.code"),  # Place(code="too_many_...")
    ("service/http/problems.py", "exc.code"),  # the DomainError being answered
    ("service/http/problems.py", "code"),  # Litestar's refusals: FRAMEWORK_CODES
}


def _refusal_classes() -> dict[str, type[DomainError]]:
    for package in ("domain", "service", "workers"):
        for module in pkgutil.walk_packages([str(ROOT / package)], prefix=f"{package}."):
            importlib.import_module(module.name)
    found, todo = {}, [DomainError]
    while todo:
        cls = todo.pop()
        found[cls.__name__] = cls
        todo.extend(cls.__subclasses__())
    return found


def raised_codes() -> tuple[dict[str, set[int]], list[tuple[str, str]]]:
    """Every code written where a refusal is made, with the statuses it is made with; and the
    places that pass on a code they did not write."""
    classes = _refusal_classes()
    codes: dict[str, set[int]] = {}
    passed_on = []
    for path in SOURCES:
        where = str(path.relative_to(ROOT))
        tree = ast.parse(path.read_text())
        for cls_node in [n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name in classes]:
            for call in ast.walk(cls_node):  # super().__init__("code", ...) of a refusal class
                if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "__init__" \
                        and call.args and isinstance(call.args[0], ast.Constant):
                    codes.setdefault(call.args[0].value, set()).add(STATUS_BY_KIND[classes[cls_node.name].kind])
        for call in [n for n in ast.walk(tree) if isinstance(n, ast.Call)]:
            name = getattr(call.func, "id", None) or getattr(call.func, "attr", None)
            if name in classes and "__init__" not in vars(classes[name]) and call.args:
                code, status = call.args[0], STATUS_BY_KIND[classes[name].kind]
            elif name in ("problem", "problem_response") and len(call.args) > 1:
                code, status = call.args[1], getattr(call.args[0], "value", None)
            else:
                continue
            if isinstance(code, ast.Constant):
                codes.setdefault(code.value, set()).add(status)
            else:
                passed_on.append((where, ast.unparse(code)))
    return codes, passed_on


def test_every_code_raised_is_listed_with_its_status():
    codes, passed_on = raised_codes()
    assert set(passed_on) <= CODES_PASSED_ON, "write the code at the call, or say where it comes from"
    unlisted = sorted(set(codes) - set(PROBLEM_CODES) - LIBRARY_ONLY_CODES)
    assert unlisted == [], "add these to service/http/problem_codes.py (or, if no route can raise one, to domain.library.LIBRARY_ONLY_CODES)"
    wrong = {code: statuses for code, statuses in codes.items()
             if code not in LIBRARY_ONLY_CODES and statuses - {None, PROBLEM_CODES[code][0]}}
    assert wrong == {}, "one code, one status"


def test_every_listed_code_is_raised_somewhere():
    written = {node.value for path in SOURCES for node in ast.walk(ast.parse(path.read_text()))
               if isinstance(node, ast.Constant) and isinstance(node.value, str)}
    assert sorted(set(PROBLEM_CODES) - written) == []


def test_the_docs_and_the_openapi_document_show_the_list():
    assert (ROOT / "docs" / "problems.md").read_text() == markdown(), (
        "docs/problems.md is out of date: run `.venv/bin/python -m service problem-codes > docs/problems.md`")
    document = json.loads((ROOT / "openapi" / "openapi.json").read_text())
    assert document["components"]["schemas"]["Problem"]["properties"]["code"]["enum"] == list(PROBLEM_CODES)
