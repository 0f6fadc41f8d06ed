"""Duorail's state from a live match (issue 30), over HTTP against a real Redis: ``from_view`` of the
match as each seat and a spectator see it equals ``from_events`` of the events each is shown --
the view also holds the seat's own sealed endgame track (the stream shows none until the reveal),
never the opponent's (left open: the seat's position still has the opponent to act) -- through play, a challenge and an endgame, and the searcher's position
follows the moves."""

from __future__ import annotations

import random

import msgspec

from domain import duorail
from domain.duorail import CHALLENGE_RED, PASS, SHOW_TRACK
from tests.api.helpers import Table

SEATS = ("blue", "red")


def _known(table: Table, seat: str | None):
    """``from_view`` and ``from_events`` of what ``seat`` is shown, read at one version."""
    for _ in range(50):  # a record published by a worker between the two reads: read again
        view, events = table.view(seat), table.events(seat)
        if table.view(seat)["version"] == view["version"]:
            break
    return view, duorail.from_view(view), duorail.from_events(events)


def _unsealed(state):
    """The state without the sealed tracks of its box."""
    if state.endgame is None:
        return state
    return msgspec.structs.replace(state, endgame=msgspec.structs.replace(
        state.endgame, box=msgspec.structs.replace(state.endgame.box, submissions={})))


def _check(table: Table, searched) -> dict:
    for seat in (*SEATS, None):
        view, from_view, from_events = _known(table, seat)
        own = view["state"]["my_submission"]
        if from_view.endgame is not None:  # the seat's own sealed track: in its view, not in the stream
            sealed = from_view.endgame.box.submissions
            assert set(sealed) == (set() if own is None else {seat})
            if own is not None:
                assert duorail.format_move(duorail.SubmitTrack(sealed[seat])) == (own["track"] or "no track")
        # who sealed first is not shown once revealed
        assert _unsealed(from_view) == _unsealed(from_events), seat
        known = duorail.position(from_view)
        if searched.phase == "endgame":  # the opponent's sealed track is not known: open
            assert set(known.to_act()) >= set(searched.to_act())
        else:
            assert known == searched, seat
    return view


def _send(table: Table, seat: str, searched, move: int):
    written = searched.name_for(seat, move)
    body = {"type": "duorail_submit_track", "track": None if written == "no track" else written} \
        if searched.phase in ("challenge", "endgame") else {"type": "duorail_move", "move": written}
    r = table.send(seat, body)
    assert r.status_code == 200, r.text
    return searched.apply(seat, move)


def test_from_view_and_from_events_of_a_live_endgame_are_what_each_seat_knows(http):
    rng = random.Random(30)
    table = Table(http, "duorail", SEATS).ready()
    searched = duorail.position(duorail.new_game())
    for _ in range(6):  # placements that keep both tracks
        seat = searched.to_act()[0]
        move = next(m for m in rng.sample(searched.moves(seat)[:-3], 60)
                    if 0 not in searched.apply(seat, m)._longest_lengths())
        searched = _send(table, seat, searched, move)
        _check(table, searched)
    searched = _send(table, searched.to_act()[0], searched, PASS)
    searched = _send(table, searched.to_act()[0], searched, PASS)
    _check(table, searched)
    searched = _send(table, "blue", searched, SHOW_TRACK)  # blue seals its longest track
    _check(table, searched)
    _, red_knows, _ = _known(table, "red")
    assert duorail.position(red_knows).to_act() == ("blue", "red")  # blue's sealing: not shown to red
    _, blue_knows, _ = _known(table, "blue")
    assert duorail.position(blue_knows).to_act() == ("red",) and blue_knows.endgame.box.submissions
    searched = _send(table, "red", searched, SHOW_TRACK)
    view = _check(table, searched)
    assert view["status"] == "finished" and searched.result().winner == view["result"]["winner"]


def test_from_view_and_from_events_of_a_live_challenge(http):
    table = Table(http, "duorail", SEATS).ready()
    searched = duorail.position(duorail.new_game())
    searched = _send(table, "blue", searched, searched.parse("E5 UD"))
    searched = _send(table, "red", searched, searched.parse("C3 LR common"))
    searched = _send(table, "blue", searched, CHALLENGE_RED)
    _check(table, searched)
    assert searched.to_act() == ("red",) and SHOW_TRACK in searched.moves("red")
    searched = _send(table, "red", searched, SHOW_TRACK)
    view = _check(table, searched)
    assert view["result"]["winner"] == "red" == searched.result().winner
