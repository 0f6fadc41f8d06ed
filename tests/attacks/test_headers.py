"""Issue 28, item 6, against the served server: the headers that keep a browser from sniffing,
caching and framing what it should not.

- ``/schema`` and ``/schema/swagger`` are HTML pages on the web client's origin (whose token is in
  ``localStorage``), with an inline script: they carry the client's strict headers, a
  Content-Security-Policy that allows that script by its hash and nothing else inline, and
  ``frame-ancestors 'none'``.
- Every answer of every OpenAPI operation, with a token and without, says ``nosniff``; with a token
  (what depends on it: a seat's view, ``/accounts/me/...``) ``Cache-Control: no-store``; without,
  ``Vary: Authorization`` unless it sets its own ``Cache-Control``.
- So do the web client's files (SVG included), the problems the HTTP layer answers itself (431) and
  an unknown path.
On 024e629 (before): no CSP on ``/schema``, and no ``nosniff`` or ``no-store`` on any JSON answer."""

from __future__ import annotations

import base64
import hashlib
import re
import socket

import httpx
import pytest

from service.api.schema_pages import ASSETS
from service.api.web import FILES
from tests.attacks.shared_fixtures import client, ids  # noqa: F401  (fixtures)
from tests.attacks.targets import EVENT_STREAMS, SPEC, url
from tests.conftest import new_account

OPERATIONS = sorted((method.upper(), path) for path, item in SPEC["paths"].items() for method in item)


def answer(client: httpx.Client, method: str, path: str, ids: dict, headers: dict) -> httpx.Response:
    """The answer's status and headers (an event stream's first, then closed)."""
    target = url(method, path, ids)
    if path in EVENT_STREAMS:
        with client.stream(method, target, headers=headers) as response:
            return response
    body = {"json": {}} if "requestBody" in SPEC["paths"][path][method.lower()] else {}
    return client.request(method, target, headers=headers, **body)


@pytest.fixture(scope="module")
def player(client) -> dict[str, str]:
    return new_account(client, "hdr")[1]


@pytest.mark.parametrize("method,path", OPERATIONS)
def test_every_operation_says_nosniff_and_no_store_with_a_token(client, ids, player, method, path):
    with_token = answer(client, method, path, ids, player)
    assert with_token.status_code < 500, (with_token.status_code, with_token.text[:200])
    assert with_token.headers.get("x-content-type-options") == "nosniff", dict(with_token.headers)
    assert "no-store" in with_token.headers.get("cache-control", ""), dict(with_token.headers)
    without = answer(client, method, path, ids, {})
    assert without.headers.get("x-content-type-options") == "nosniff", dict(without.headers)
    assert "cache-control" in without.headers or without.headers.get("vary") == "Authorization", dict(without.headers)


def inline_hashes(page: bytes, tag: bytes) -> set[str]:
    return {"'sha256-" + base64.b64encode(hashlib.sha256(content).digest()).decode() + "'"
            for content in re.findall(rb"<" + tag + rb"\b[^>]*>(.*?)</" + tag + rb">", page, re.DOTALL)
            if content.strip()}


@pytest.mark.parametrize("path", ["/", "/web/index.html"])
def test_the_web_clients_page_carries_the_strict_headers_with_no_inline_script(client, path):
    page = client.get(path)
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    policy = dict(part.strip().split(" ", 1) for part in page.headers["content-security-policy"].split(";"))
    assert policy["script-src"] == "'self'" and policy["style-src"] == "'self'"
    assert policy["frame-ancestors"] == "'none'" and policy["object-src"] == "'none'"
    assert page.headers["x-content-type-options"] == "nosniff"
    assert not inline_hashes(page.content, b"script") and not inline_hashes(page.content, b"style")


@pytest.mark.parametrize("path", ["/schema", "/schema/swagger"])
def test_the_schema_pages_carry_the_web_clients_strict_headers(client, path):
    page = client.get(path)
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    policy = dict(part.strip().split(" ", 1) for part in page.headers["content-security-policy"].split(";"))
    scripts = inline_hashes(page.content, b"script")
    assert len(scripts) == 1  # Swagger UI's set-up, the document in it
    assert set(policy["script-src"].split()) == {"'self'", *scripts}  # no 'unsafe-inline', no other host
    assert set(policy["style-src"].split()) == {"'self'", *inline_hashes(page.content, b"style")}
    assert policy["frame-ancestors"] == "'none'" and policy["object-src"] == "'none'"
    assert policy["base-uri"] == "'none'" and policy["default-src"] == "'self'"
    assert page.headers["x-content-type-options"] == "nosniff"
    assert page.headers["referrer-policy"] == "no-referrer"


def test_every_file_of_the_web_client_and_of_the_schema_pages_says_nosniff(client):
    paths = [f"/web/{name}" for name in sorted(FILES)] + [f"/schema/assets/{name}" for name in sorted(ASSETS)]
    paths += ["/schema/openapi.json", "/schema/openapi.yaml"]
    answers = {path: client.get(path) for path in paths}
    assert {p: a.status_code for p, a in answers.items()} == dict.fromkeys(paths, 200)
    assert [p for p, a in answers.items() if a.headers.get("x-content-type-options") != "nosniff"] == []


def test_an_unknown_path_and_the_http_layers_own_problems_say_nosniff(served, client):
    assert client.get("/no/such/path").headers["x-content-type-options"] == "nosniff"
    with socket.create_connection(("127.0.0.1", served.port), timeout=10) as raw:
        raw.sendall(b"GET /games HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 20_000 + b"\r\n\r\n")
        head = raw.recv(65536).split(b"\r\n\r\n")[0].lower()
    assert head.startswith(b"http/1.1 431") and b"x-content-type-options: nosniff" in head, head
