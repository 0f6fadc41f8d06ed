"""Two people in two browsers: each signs up, one challenges the other by account id, the other
sees the invitation arrive in the lobby by itself and accepts it, and the challenger resigns; a
second challenge is declined;
a third match with an open seat is taken from the lobby. Signing out and in again with the token."""

from __future__ import annotations

from tests.browser.conftest import new_match, screenshot, sign_up


def test_sign_up_challenge_accept_resign_and_decline_between_two_browsers(pages):
    alice, bob = pages.open(), pages.open()
    alice_id, _ = sign_up(alice, "alice")
    bob_id, bob_token = sign_up(bob, "bob")
    assert alice_id != bob_id and alice.inner_text("header").count("alice")

    match_id = new_match(alice, "cairo", "player", bob_id)
    assert "Waiting for bob" in alice.inner_text("#status")
    invitation = bob.wait_for_selector(f"li.challenge[data-match='{match_id}']")  # live, from bob's stream
    assert "challenges you" in invitation.inner_text()
    screenshot(bob, "lobby-invitation")
    bob.locator(f"li.challenge[data-match='{match_id}'] >> text=Accept").click()  # (a locator: the lobby may redraw)
    bob.wait_for_url(f"**/#/matches/{match_id}")
    bob.wait_for_selector("#board[data-status=running]")
    assert bob.inner_text("#status") == "First to move"
    alice.wait_for_selector("#board[data-status=running] .legal")  # alice's page learns it by itself
    assert alice.inner_text("#status") == "Your turn"
    screenshot(alice, "challenge-accepted")

    alice.click("[data-action=resign]")
    assert alice.inner_text("[data-action=resign]") == "Really resign?"  # one slip loses nothing
    alice.click("[data-action=resign]")
    alice.wait_for_selector("#board[data-status=finished]")
    bob.wait_for_selector("#board[data-status=finished]")
    assert bob.inner_text("#result").startswith(f"Second ({bob.inner_text('header .who')}) wins: resign")

    declined = new_match(alice, "trax", "player", bob_id)
    bob.goto("/#/")
    bob.locator(f"li.challenge[data-match='{declined}'] >> text=Decline").click()
    bob.wait_for_selector(f"li.challenge[data-match='{declined}']", state="detached")
    alice.wait_for_selector("#board[data-status=aborted]")
    assert "declined" in alice.inner_text("#status")

    open_seat = new_match(alice, "trax", "open")
    assert "open seat" in alice.inner_text("#status")
    bob.reload()  # (the lobby learns of new open seats when it is shown)
    bob.locator(f"li.match[data-match='{open_seat}'] >> text=Take the seat").click()
    bob.wait_for_url(f"**/#/matches/{open_seat}")
    bob.wait_for_selector("#board[data-status=running]")
    alice.wait_for_selector("#board[data-status=running] .legal")  # white: alice, who made it

    bob.click("text=Sign out")
    bob.locator("header >> text=Sign in").click()
    bob.fill("input[name=token]", bob_token)
    bob.click("form button[type=submit]")
    bob.wait_for_selector(f"li.match[data-match='{match_id}']")  # back in the lobby, with the match
    assert "bob" in bob.inner_text("header")
