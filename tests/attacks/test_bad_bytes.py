"""Issue 15, item 10: bytes that made the server answer 500 with a traceback in its log.

Invalid UTF-8 or JSON nested 5,000 deep in any body, a 5,000-digit ``Last-Event-ID``, and ids
past what Redis takes (``10**30`` killed the match stream after its 200; a feed id past 2**64 the
account stream). Each is now a 400 problem, nothing is logged as an error, nothing is changed."""

from __future__ import annotations

import json

import httpx
import pytest

from tests.attacks.shared_fixtures import client, ids  # noqa: F401  (fixtures)
from tests.attacks.targets import EVENT_STREAMS, JSON_BODY_OPERATIONS, errors_logged, is_problem, url

BAD_BODIES = {
    "invalid UTF-8 (an encoded surrogate)": b'{"name": "\xed\xa0\x80"}',
    "invalid UTF-8 (a stray byte)": b'{"type": "play", "move": "\xff"}',
    "arrays nested 5,000 deep": b"[" * 5000 + b"]" * 5000,
    "objects nested 5,000 deep": b'{"a":' * 5000 + b"1" + b"}" * 5000,
    "arrays nested 33 deep (MAX_JSON_DEPTH is 32)": b"[" * 33 + b"]" * 33,
    "NaN": b'{"name": NaN}',
    "a 5,000-digit number": b'{"name": ' + b"9" * 5000 + b"}",
}

MATCH_IDS_PAST_THE_RANGE = ["9" * 5000, str(10**30), str(2**53 + 1), "²", "-1", "1.0", ""]
FEED_IDS_PAST_THE_RANGE = ["9" * 5000, f"{2**64}-0", f"0-{2**64}", "99999999999999999999-1", "1-²", "1-", "-"]


@pytest.mark.parametrize("name", BAD_BODIES)
@pytest.mark.parametrize("method,path", JSON_BODY_OPERATIONS)
def test_a_bad_body_is_a_400_problem(served, client, ids, method, path, name):
    before = len(served.output())
    version = client.get(f"/matches/{ids['match_id']}", headers=served.headers("admin")).json()["version"]
    response = client.request(method, url(method, path, ids), content=BAD_BODIES[name],
                              headers={**served.headers("admin"), "content-type": "application/json"})
    assert is_problem(response, 400, "bad_request"), (response.status_code, response.text[:300])
    assert client.get(f"/matches/{ids['match_id']}", headers=served.headers("admin")).json()["version"] == version
    assert errors_logged(served.output()[before:]) == []


def _opened(client: httpx.Client, path: str, headers: dict[str, str]) -> httpx.Response:
    """The answer to a stream request, up to its status and headers (the stream is then left)."""
    with client.stream("GET", path, headers=headers) as response:
        if response.status_code != 200:
            response.read()
        return response


@pytest.mark.parametrize("path", EVENT_STREAMS)
def test_a_last_event_id_past_the_range_is_a_400_problem(served, client, ids, path):
    before = len(served.output())
    bad = FEED_IDS_PAST_THE_RANGE if "{match_id}" not in path else MATCH_IDS_PAST_THE_RANGE
    for last_event_id in bad:
        headers = {**served.headers("alice"), "Last-Event-ID": last_event_id.encode("latin-1")}
        response = _opened(client, url("GET", path, ids), headers)
        assert is_problem(response, 400, "bad_last_event_id"), (last_event_id[:30], response.status_code)
    assert errors_logged(served.output()[before:]) == []


@pytest.mark.parametrize("path", EVENT_STREAMS)
def test_the_largest_last_event_id_still_opens_the_stream(served, client, ids, path):
    largest = (str(2**53) if "{match_id}" in path  # a match version; a tournament's version and event number
               else f"{2**53}-{2**64 - 1}" if "{tournament_id}" in path else f"{2**64 - 1}-{2**64 - 1}")  # a feed id
    response = _opened(client, url("GET", path, ids), {**served.headers("alice"), "Last-Event-ID": largest})
    assert response.status_code == 200


def test_after_past_the_range_is_a_400_problem(served, client, ids):
    before = len(served.output())
    for after in ["9" * 5000, str(10**30), str(2**53 + 1)]:
        for path in (f"/matches/{ids['match_id']}/events", f"/matches/{ids['match_id']}/stream"):
            response = _opened(client, f"{path}?after={after}", served.headers("alice"))
            assert is_problem(response, 400, "bad_request"), (path, after[:30], response.status_code)
    assert errors_logged(served.output()[before:]) == []


def test_a_body_nested_to_the_limit_is_decoded_and_one_level_more_is_not(served, client):
    seats = {"white": served.tokens["ALICE_ID"], "red": served.tokens["BOB_ID"]}

    def create(depth: int) -> httpx.Response:  # the body's own object and "options" are 2 levels
        options = {"x": json.loads("[" * (depth - 2) + "]" * (depth - 2))}
        return client.post("/matches", headers=served.headers("alice"),
                           json={"game": "trax", "seats": seats, "options": options})

    assert create(32).status_code == 422  # decoded, then refused by the rules: Trax has no option "x"
    too_deep = create(33)
    assert is_problem(too_deep, 400, "bad_request") and "deeper than 32 levels" in too_deep.json()["detail"]
