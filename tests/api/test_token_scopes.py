"""Tokens an account mints with restricted scopes: shown once, listed without secrets, revocable,
and refused (403 ``missing_scope``, naming the scope) outside their scopes."""

from __future__ import annotations

from tests.api.helpers import Duel
from tests.conftest import new_account


def mint(http, headers: dict, scopes: list[str], label: str = "bot") -> tuple[str, dict[str, str]]:
    """A minted token's id and auth headers."""
    r = http.post("/accounts/me/tokens", json={"scopes": scopes, "label": label}, headers=headers)
    assert r.status_code == 201, r.text
    return r.json()["id"], {"Authorization": f"Bearer {r.json()['token']}"}


def refused(response, code: str = "missing_scope") -> str:
    assert response.status_code == 403, response.text
    assert response.headers["content-type"] == "application/problem+json"
    assert response.json()["code"] == code
    return response.json()["detail"]


def test_a_minted_token_is_shown_once_listed_without_its_secret_and_revoked(http):
    me, own = new_account(http, "tk")
    token_id, minted = mint(http, own, ["read", "play", "read"], label="my bot")
    assert http.get("/accounts/me", headers=minted).json() == {"id": me, "name": http.get(
        "/accounts/me", headers=own).json()["name"], "organizer": False, "scopes": ["play", "read"], "kind": "player"}
    assert http.get("/accounts/me", headers=own).json()["scopes"] == ["create", "play", "read"]
    listed = http.get("/accounts/me/tokens", headers=own).json()
    assert [(t["id"], t["label"], t["scopes"]) for t in listed] == [(token_id, "my bot", ["play", "read"])]
    assert "token" not in listed[0] and "token_hash" not in listed[0]
    assert http.delete(f"/accounts/me/tokens/{token_id}", headers=own).status_code == 204
    gone = http.get("/accounts/me", headers=minted)
    assert gone.status_code == 401 and gone.json()["code"] == "unknown_token"
    assert http.get("/accounts/me/tokens", headers=own).json() == []
    again = http.delete(f"/accounts/me/tokens/{token_id}", headers=own)
    assert again.status_code == 404 and again.json()["code"] == "token_not_found"


def test_only_the_accounts_own_token_manages_tokens(http):
    _, own = new_account(http, "tk")
    token_id, minted = mint(http, own, ["read", "play", "create"])
    refused(http.get("/accounts/me/tokens", headers=minted), "own_token_only")
    refused(http.post("/accounts/me/tokens", json={"scopes": ["read"]}, headers=minted), "own_token_only")
    refused(http.delete(f"/accounts/me/tokens/{token_id}", headers=minted), "own_token_only")
    bad = http.post("/accounts/me/tokens", json={"scopes": ["admin"]}, headers=own)
    assert bad.status_code == 400 and bad.json()["code"] == "bad_request"
    refused(http.post("/accounts/me/tokens", json={"scopes": ["organize"]}, headers=own), "organizer_only")


def test_read_and_play_scopes(http):
    duel = Duel(http)
    _, read_only = mint(http, duel.white, ["read"])
    _, play_only = mint(http, duel.white, ["play"])
    assert http.get(duel.url, headers=read_only).json()["you"] == "white"
    assert "'play'" in refused(http.post(f"{duel.url}/ready", headers=read_only))
    assert "'play'" in refused(http.post(f"{duel.url}/commands", json={"type": "resign"}, headers=read_only))
    assert "'read'" in refused(http.get(duel.url, headers=play_only))
    assert "'read'" in refused(http.get("/accounts/me/turns", headers=play_only))
    assert http.post(f"{duel.url}/ready", headers=play_only).status_code == 200
    assert http.get("/games", headers=play_only).status_code == 200  # reads no account: no scope needed
    body = {"game": "trax", "seats": {"white": duel.white_id, "red": duel.red_id}}
    assert "'create'" in refused(http.post("/matches", json=body, headers=play_only))
    _, creator = mint(http, duel.white, ["create"])
    assert http.post("/matches", json=body, headers=creator).status_code == 201


def test_an_organizer_token_without_organize_acts_as_a_player(http, admin_headers):
    duel = Duel(http).ready()
    _, plain = mint(http, admin_headers, ["read", "play", "create"])
    assert http.get(duel.url, headers=admin_headers).json()["role"] == "organizer"
    assert http.get(duel.url, headers=plain).json()["role"] == "spectator"
    assert http.get("/accounts/me", headers=plain).json()["organizer"] is True  # the account still is one
    body = {"game": "trax", "seats": {"white": duel.white_id, "red": duel.red_id}}
    assert "'organize'" in refused(http.post("/matches", json=body, headers=plain))
    assert "'organize'" in refused(http.post("/matches/bulk", json={"matches": [body]}, headers=plain))
    assert "'organize'" in refused(http.post(f"{duel.url}/commands", json={"type": "abort"}, headers=plain))
    assert "'organize'" in refused(http.post("/webhooks", json={"url": "http://127.0.0.1:9/"}, headers=plain))
    _, organize = mint(http, admin_headers, ["organize"])
    assert http.post(f"{duel.url}/commands", json={"type": "abort"}, headers=organize).status_code == 200
    # a player's own token has no organize scope to lack: the organizer check refuses as before
    refused(http.post("/matches/bulk", json={"matches": [body]}, headers=duel.white), "organizer_only")
