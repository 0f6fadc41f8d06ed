"""Challenges in the match lifecycle: an invited seat must accept (or ready) before the match can
start, may decline; the creator may cancel; an unstarted match expires."""

from __future__ import annotations

import pytest

from domain import bots
from domain import match as m
from domain.errors import InvalidCommand, NotAllowed, WrongState
from domain.game import Context
from domain.registry import game_named

TRAX = game_named("trax")
SEATS = {"white": "alice", "red": "bob"}


def run(state, command, now=0, account=None, system=False, organizer=False):
    events = m.decide(TRAX, state, command, Context(now=now, account=account, system=system, organizer=organizer))
    for e in events:
        state = m.evolve(TRAX, state, e)
    return state, events


def challenge(**kwargs):
    """alice (white) challenges bob (red)."""
    state = None
    for e in m.decide_create("m", TRAX, {}, SEATS, now=0, seed=1, created_by="alice", invited=["red"], **kwargs):
        state = m.evolve(TRAX, state, e)
    return state


def test_an_invited_seat_must_accept_before_the_match_starts():
    s = challenge()
    assert s.invited == ("red",)
    assert bots.action_of(TRAX, s, "red") == "accept"  # nothing else asks bob to act: not ready, not play
    s, _ = run(s, m.Ready(), account="alice")
    assert s.status == "waiting"
    s, events = run(s, m.Accept(), account="bob")
    assert [type(e) for e in events] == [m.ChallengeAccepted] and s.invited == ()
    assert run(s, m.Accept(), account="bob")[1] == []  # accepting twice changes nothing
    s, _ = run(s, m.Ready(), account="bob")
    assert s.status == "running"


def test_ready_accepts_the_challenge_too():
    s, _ = run(challenge(), m.Ready(), account="bob")
    assert s.invited == () and s.ready == ("red",)
    s, _ = run(s, m.Ready(), account="alice")
    assert s.status == "running"


def test_declining_ends_the_match_and_only_the_invited_may_decline():
    s = challenge()
    with pytest.raises(WrongState) as refused:
        run(s, m.Decline(), account="alice")
    assert refused.value.code == "not_invited"
    s, _ = run(s, m.Decline(), now=7, account="bob")
    assert s.status == "aborted" and s.result.reason == "declined" and s.finished_at == 7
    with pytest.raises(WrongState):
        run(s, m.Accept(), account="bob")


def test_the_creator_cancels_a_match_that_has_not_started_and_nobody_else_can():
    s = challenge()
    with pytest.raises(NotAllowed) as refused:
        run(s, m.Cancel(), account="bob")
    assert refused.value.code == "creator_only"
    cancelled, _ = run(s, m.Cancel(), account="alice")
    assert cancelled.status == "aborted" and cancelled.result.reason == "cancelled"
    for who in ("alice", "bob"):
        s, _ = run(s, m.Ready(), account=who)
    with pytest.raises(WrongState):
        run(s, m.Cancel(), account="alice")


def test_a_match_that_does_not_start_in_time_expires():
    s = challenge(expires_at=1_000)
    assert m.deadline(TRAX, s).key == "expire"
    assert run(s, m.Timeout(key="expire"), now=999, system=True)[1] == []
    s, _ = run(s, m.Timeout(key="expire"), now=1_000, system=True)
    assert s.status == "aborted" and s.result.reason == "expired"


def test_a_scheduled_start_replaces_the_expiry_and_aborts_an_unanswered_challenge():
    s = challenge(starts_at=5_000, expires_at=1_000)
    assert s.expires_at is None and m.deadline(TRAX, s).key == "start"
    s, _ = run(s, m.Timeout(key="start"), now=5_000, system=True)
    assert s.status == "aborted" and s.result.reason == "expired"


def test_only_a_held_seat_can_be_invited():
    with pytest.raises(InvalidCommand):
        m.decide_create("m", TRAX, {}, {"white": "alice", "red": None}, now=0, seed=1, invited=["red"])


def test_a_bot_accepts_a_challenge_by_itself_then_says_ready():
    s = None
    for e in m.decide_create("m", TRAX, {}, {"white": "alice", "red": "bot_random_1"}, now=0, seed=1,
                             created_by="alice", invited=["red"], opens_at=500):
        s = m.evolve(TRAX, s, e)
    assert bots.action_of(TRAX, s, "red") == "accept" and bots.next_commands(TRAX, s, "red", 1, bots.Think(seed=1)) == [m.Accept()]
    s, _ = run(s, m.Accept(), account="bot_random_1")
    assert bots.action_of(TRAX, s, "red") is None  # not open yet
    s, _ = run(s, m.Timeout(key="open"), now=500, system=True)
    assert bots.next_commands(TRAX, s, "red", 1, bots.Think(seed=1)) == [m.Ready()]


def test_a_challenge_accepted_at_its_expiry_is_too_late():
    s = challenge(expires_at=1_000)
    for command in (m.Accept(), m.Ready()):
        assert run(s, command, now=999, account="bob")[0].status == "waiting"
        with pytest.raises(WrongState) as late:
            run(s, command, now=1_000, account="bob")
        assert late.value.code == "out_of_time"
