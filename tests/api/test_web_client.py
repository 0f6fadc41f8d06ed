"""The web client's files as the server serves them: the page at ``/`` and its modules under
``/web/``, with strict security headers, none of them in the OpenAPI document; and
``board.svg?at=`` (a replay's step)."""

from __future__ import annotations

import re

from domain.terms import RESULT_REASONS
from service.api.web import FILES
from tests.conftest import new_account


def test_the_page_and_every_module_it_imports_are_served_with_a_strict_policy(http):
    page = http.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    policy = page.headers["content-security-policy"]
    assert "default-src 'self'" in policy and "script-src 'self'" in policy and "unsafe-inline" not in policy
    assert page.headers["x-content-type-options"] == "nosniff"
    assert '<script type="module" src="/web/app.js">' in page.text and "<script>" not in page.text
    modules = [name for name in FILES if name.endswith(".js")]
    for name in modules:
        r = http.get(f"/web/{name}")
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/javascript"), name
        assert "innerHTML" not in r.text and "eval(" not in r.text, name
        for imported in re.findall(r'^import .* from "(\.{1,2}/[\w/.]+)";$', r.text, re.M):
            base = name.rsplit("/", 1)[0] + "/" if "/" in name else ""
            path = (base + imported).replace("pages/../", "").removeprefix("./").replace("/./", "/")
            assert path in FILES, f"{name} imports {imported}"
    assert http.get("/web/app.css").headers["content-type"].startswith("text/css")


def test_anything_else_is_a_404_problem(http):
    for path in ("/web/nothing.js", "/web/../api/web.py", "/web/%2e%2e/api/web.py", "/web/pages"):
        r = http.get(path)
        assert r.status_code == 404 and r.json()["code"] == "not_found", path


def test_the_client_is_not_in_the_openapi_document(http):
    paths = http.get("/schema/openapi.json").json()["paths"]
    assert "/" not in paths and not any(p.startswith("/web/") for p in paths)


def test_board_svg_at_a_version_draws_the_board_as_it_stood(http):
    first, first_headers = new_account(http, "svgat")
    second, second_headers = new_account(http, "svgat")
    match_id = http.post("/matches", json={"game": "cairo", "seats": {"first": first, "second": second}},
                         headers=first_headers).json()["id"]
    for headers in (first_headers, second_headers):
        http.post(f"/matches/{match_id}/ready", headers=headers)
    started = http.get(f"/matches/{match_id}").json()["version"]
    assert http.post(f"/matches/{match_id}/commands", json={"type": "cairo_place", "cell": "Gl"},
                     headers=first_headers).status_code == 200
    now = http.get(f"/matches/{match_id}/board.svg").text
    before = http.get(f"/matches/{match_id}/board.svg", params={"at": started}).text
    assert 'r="15"' in now and 'r="15"' not in before and 'data-cell="Gl"' in before
    assert http.get(f"/matches/{match_id}/board.svg", params={"at": 10**6}).text == now
    assert http.get(f"/matches/{match_id}/board.svg", params={"at": 0}).status_code == 400


def test_every_result_reason_has_its_words_in_the_page(http):
    """The pages never show a raw reason code (``impossible_upheld``): ``words.js`` has the short
    words and the sentence for every ``Result.reason`` the API can give."""
    words = http.get("/web/words.js").text
    short = words[words.index("export const REASONS"):words.index("export const REASON_SENTENCES")]
    sentences = words[words.index("export const REASON_SENTENCES"):]
    for code in RESULT_REASONS:
        assert re.search(rf"^  {code}: \"[^\"_]+\",$", short, re.M), f"no short words for {code}"
        assert re.search(rf"^  {code}: \"[^\"_]+\",$", sentences, re.M), f"no sentence for {code}"
