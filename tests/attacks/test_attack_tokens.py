"""Issue 15, items 1 and 11, against the served server: tokens not shaped like ours are refused
before they are hashed, remembered or counted; an account has one budget whatever the number of
its tokens; a revoked token stops working on every API process within a second; no token creates
an account with scopes it does not have."""

from __future__ import annotations

import secrets
import time

import httpx

from tests.attacks.targets import is_problem
from tests.conftest import ServedServer


def test_2000_malformed_tokens_under_the_header_cap_leave_the_api_memory_as_it_was(served):
    """Each token is 15 KB (within MAX_HEADER_BYTES): refused as malformed, never hashed or kept."""
    def attack(client: httpx.Client, count: int) -> None:
        for _ in range(count):
            token = secrets.token_urlsafe(11_250)  # 15,000 characters: too long to be one of ours
            refused = client.get("/accounts/me", headers={"Authorization": f"Bearer {token}"})
            assert is_problem(refused, 401, "bad_authorization"), refused.text

    with httpx.Client(base_url=served.url, timeout=30) as client:
        attack(client, 20)
        before = served.api_rss_kb()
        attack(client, 2_000)
        after = served.api_rss_kb()
        odd = client.get("/accounts/me", headers={"Authorization": "Bearer dm_ünïcödé_tökén_here".encode()})
        assert is_problem(odd, 401, "bad_authorization")
    print(f"\nAPI RSS before {before} kB, after 2,000 tokens of 15 KB {after} kB (+{after - before} kB)")
    assert after - before < 20 * 1024


def mint(http: httpx.Client, headers: dict, scopes: list[str]) -> dict:
    r = http.post("/accounts/me/tokens", json={"scopes": scopes, "label": "attack"}, headers=headers)
    assert r.status_code == 201, r.text
    return {"Authorization": f"Bearer {r.json()['token']}"}


def test_fifty_tokens_of_one_account_share_its_one_budget(tmp_path):
    server = ServedServer(tmp_path, env={"RATE_LIMIT": "20", "RATE_LIMIT_ACCOUNT": "20",
                                         "RATE_LIMIT_WINDOW_S": "600"}).start()
    try:
        with httpx.Client(base_url=server.url, timeout=30) as http:
            own = server.headers("bob")
            tokens = [mint(http, own, ["read"]) for _ in range(10)]  # 10 of bob's 20 spent minting
            statuses = [http.get("/accounts/me", headers=t).status_code for t in tokens for _ in range(5)]
        assert statuses.count(200) == 10 and statuses.count(429) == 40  # not 10 tokens x 20
    finally:
        server.stop()


def test_anonymous_requests_are_limited_per_address_by_default(tmp_path):
    server = ServedServer(tmp_path).start()
    try:
        with httpx.Client(base_url=server.url, timeout=30) as http:
            statuses = [http.get("/games").status_code for _ in range(700)]
            assert statuses.count(200) == 600 and statuses.count(429) == 100  # RATE_LIMIT_ANONYMOUS
            assert http.get("/accounts/me", headers=server.headers("alice")).status_code == 200  # tokens are not
    finally:
        server.stop()


def test_a_revoked_token_stops_working_on_every_api_process_within_a_second(tmp_path):
    server = ServedServer(tmp_path, api_workers=2).start()
    try:
        with httpx.Client(base_url=server.url, timeout=30) as http:
            r = http.post("/accounts/me/tokens", json={"scopes": ["read"], "label": "leaked"},
                          headers=server.headers("alice"))
            token_id, minted = r.json()["id"], {"Authorization": f"Bearer {r.json()['token']}"}
        for _ in range(40):  # a new connection each: both API processes serve it, and remember it
            assert httpx.get(server.url + "/accounts/me", headers=minted).status_code == 200
        assert httpx.delete(f"{server.url}/accounts/me/tokens/{token_id}",
                            headers=server.headers("alice")).status_code == 204
        time.sleep(1)
        statuses = {httpx.get(server.url + "/accounts/me", headers=minted).status_code for _ in range(40)}
        assert statuses == {401}
    finally:
        server.stop()


def test_an_organize_only_token_cannot_create_an_account_with_more_scopes(served):
    with httpx.Client(base_url=served.url, timeout=30) as http:
        organize_only = mint(http, served.headers("admin"), ["organize"])
        r = http.post("/accounts", json={"name": f"esc{secrets.token_hex(3)}", "organizer": True},
                      headers=organize_only)
        assert is_problem(r, 403, "missing_scope"), r.text
        minted = http.post("/accounts/me/tokens", json={"scopes": ["read", "play"], "label": "x"},
                           headers=organize_only)
        assert minted.status_code == 403  # only the account's own token mints
