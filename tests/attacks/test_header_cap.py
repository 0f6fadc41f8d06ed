"""Issue 15, item 1 (part): request headers are capped. ``MAX_HEADER_BYTES`` (default 16 KiB) for
the request line and header fields; past it a 431 problem ``headers_too_large``, the connection
closed and nothing handed to the app. At 05467de a 1 MB header was read whole and served (200)."""

from __future__ import annotations

import secrets

import httpx

from tests.attacks.targets import errors_logged, is_problem

CAP = 16_384  # MAX_HEADER_BYTES's default, as documented (docs/security.md)


def test_a_1_mb_header_is_a_431_problem_and_reaches_nothing(served):
    before = len(served.output())
    name = f"capped{secrets.token_hex(4)}"
    refused = httpx.post(served.url + "/accounts", json={"name": name}, headers={"X-Padding": "a" * 1_000_000})
    assert is_problem(refused, 431, "headers_too_large"), (refused.status_code, refused.text[:200])
    assert refused.headers["connection"] == "close"
    assert httpx.post(served.url + "/accounts", json={"name": name}).status_code == 201  # the name was free
    assert errors_logged(served.output()[before:]) == []


def test_a_request_just_under_the_cap_is_served(served):
    headers = {**served.headers("alice"), "X-Padding": "a" * (CAP - 1024)}
    assert httpx.get(served.url + "/accounts/me", headers=headers).status_code == 200
    headers["X-Padding"] = "a" * CAP
    assert httpx.get(served.url + "/accounts/me", headers=headers).status_code == 431


def test_500_bearer_tokens_of_1_mb_leave_the_api_memory_as_it_was(served):
    def attack(client: httpx.Client, count: int) -> None:
        for _ in range(count):
            token = secrets.token_urlsafe(750_000)  # 1,000,000 characters
            assert client.get("/accounts/me", headers={"Authorization": f"Bearer {token}"}).status_code == 431

    with httpx.Client(base_url=served.url, timeout=30) as client:
        attack(client, 10)  # (the first ones may grow buffers that stay)
        before = served.api_rss_kb()
        attack(client, 500)
        after = served.api_rss_kb()
    print(f"API RSS before {before} kB, after 500 tokens of 1 MB {after} kB (+{after - before} kB)")
    assert after - before < 20 * 1024
