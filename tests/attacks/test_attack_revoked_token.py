"""Issue 28, item 7, against the served server: a request that carries a revoked, unknown or
malformed bearer token is refused the same way (401, the same problem code) on every operation of
the OpenAPI document, those anyone may read without a token included. On the main of that day a
revoked token got 401 on ``GET /tournaments/{id}`` but 200 on its standings, ``/matches``,
``/tournaments``, ``/games`` and ``/bots``."""

from __future__ import annotations

import httpx
import pytest

from tests.attacks.shared_fixtures import client, ids  # noqa: F401  (fixtures)
from tests.attacks.targets import EVENT_STREAMS, SPEC, is_problem, url

OPERATIONS = sorted((method.upper(), path) for path, item in SPEC["paths"].items() for method in item)


@pytest.fixture(scope="module")
def revoked(served, client) -> dict[str, str]:  # noqa: F811
    """A token alice minted with every scope she has, then revoked."""
    r = client.post("/accounts/me/tokens", json={"scopes": ["read", "play", "create"], "label": "leaked"},
                    headers=served.headers("alice"))
    assert r.status_code == 201, r.text
    assert client.delete(f"/accounts/me/tokens/{r.json()['id']}", headers=served.headers("alice")).status_code == 204
    return {"Authorization": f"Bearer {r.json()['token']}"}


def _send(client: httpx.Client, method: str, path: str, ids: dict, headers: dict) -> httpx.Response:  # noqa: F811
    body = {"json": {}} if method in ("POST", "PUT", "PATCH") else {}
    filled = {"game": "trax", "number": "1", **ids}  # (a path that names no route is a 404 before any token is read)
    return client.request(method, url(method, path, filled), headers=headers, **body)


def test_anonymous_reads_exist_so_the_attack_below_means_something(client, ids):  # noqa: F811
    readable = [p for m, p in OPERATIONS if m == "GET" and p not in EVENT_STREAMS  # (a stream never ends)
                and _send(client, m, p, ids, {}).status_code == 200]
    assert {"/games", "/bots", "/matches", "/tournaments", "/tournaments/{tournament_id}/standings"} <= set(readable)


@pytest.mark.parametrize(("method", "path"), OPERATIONS)
def test_a_revoked_token_is_refused_on_every_operation(client, ids, revoked, method, path):  # noqa: F811
    answer = _send(client, method, path, ids, revoked)
    assert is_problem(answer, 401, "unknown_token"), (method, path, answer.status_code, answer.text[:200])


@pytest.mark.parametrize(("method", "path"), OPERATIONS)
def test_a_malformed_token_is_refused_on_every_operation(client, ids, method, path):  # noqa: F811
    answer = _send(client, method, path, ids, {"Authorization": "Bearer not a token of ours"})
    assert is_problem(answer, 401, "bad_authorization"), (method, path, answer.status_code, answer.text[:200])


def test_every_operation_documents_the_401(client):  # noqa: F811
    missing = [(m, p) for m, p in OPERATIONS if "401" not in SPEC["paths"][p][m.lower()]["responses"]]
    assert not missing


@pytest.mark.parametrize("path", ["/", "/web/app.js", "/schema", "/schema/openapi.json", "/metrics"])
def test_a_refused_token_is_refused_off_the_openapi_document_too(client, revoked, path):  # noqa: F811
    """The pages and files no operation of the document names: the same 401 (a path that names no
    route at all is a 404 before any token is read: there is no endpoint to tell apart)."""
    assert is_problem(client.get(path, headers=revoked), 401, "unknown_token"), path
    assert is_problem(client.get(path, headers={"Authorization": "Bearer not a token of ours"}), 401,
                      "bad_authorization"), path
