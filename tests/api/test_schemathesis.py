"""Schemathesis 4 against the running app on the real (embedded) Redis: every phase, every check.

What runs
- ``test_operations``: one pytest item per operation and caller (anonymous, a player, an organizer).
  Each runs Schemathesis' examples, coverage and fuzzing phases over real HTTP against the
  ``live_server`` fixture, with every built-in check on: no 5xx, documented status codes, content
  types, headers and bodies, schema-valid data accepted, schema-invalid data refused, ignored auth,
  unsupported methods and ``Allow``.
- ``test_stateful``: the stateful phase (``schema.as_state_machine()``), per caller, after that
  caller's per-operation items: chains of calls along the links Schemathesis infers from the
  document (``POST /matches`` → ``GET /matches/{match_id}``; ``GET /matches`` and
  ``GET /accounts/me/matches`` → every ``/matches/{match_id}/...`` operation).

The document under test is the app's own (``create_app(...).openapi_schema``): the one served at
``/schema/openapi.json`` and committed as ``openapi/openapi.json`` (``test_project_shape`` keeps them
equal). It is loaded without a server, so each operation is its own pytest item.

Choices (each commented where it is made)
- 422 for a schema-valid request is accepted only where ``docs/decisions.md`` makes it a rules
  refusal that no JSON Schema can express (an illegal move, an unknown account in ``seats``, a start
  in the past, a seat the match's game does not have). Anywhere else it is a finding: the document
  should carry the constraint.
- Every caller gets two real matches (``caller`` fixture), so generated requests also meet live
  matches, not only the 404 branch (``_real_match``).
- Long-poll: ``wait=`` (up to 60 s by the schema) is scaled down before sending (``_short_wait``).
- SSE: ``/matches/{match_id}/stream`` and ``/accounts/me/stream`` are tested too, with limits set
  for those operations.
  Schemathesis stops reading an event stream after ``max-stream-events`` events or after
  ``request-timeout`` seconds. Litestar cancels the stream's generator when the client disconnects,
  so no request lasts more than a second. (A random id gets a 404 before the stream starts.)

Reproducible: Hypothesis runs derandomized, with no example database. Hypothesis also draws constants
from the project's loaded modules, so the exact cases depend on which tests are collected. They are
the same on every run of the same selection (e.g. the whole suite in CI). Runtime: about 1.5 min on
2 cores once nothing fails.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, settings
from hypothesis.errors import FlakyStrategyDefinition
from rq import Queue

from service.app import create_app, openapi_document
from service.jobs.queues import WEBHOOKS as WEBHOOK_QUEUE
from service.settings import Settings
from tests.conftest import new_account

ADMIN_TOKEN = "test-admin-token"  # the session's organizer (tests/conftest.py ``settings``)

# The pytest items get their hypothesis settings here; the stateful test below gets its own.
MAX_EXAMPLES = 20  # fuzzing cases per operation and caller (coverage/examples cases come on top)
STATEFUL_SCENARIOS = 30
STATEFUL_STEPS = 8
LONG_POLL_SCALE = 200  # wait=60 s is sent as 0.3 s; see _short_wait

# 422 for a schema-valid request is a rule refusal here (docs/decisions.md): not a schema gap.
_RULE_422 = '["2xx", "3xx", "401", "403", "404", "409", "422", "429", "5xx"]'

CONFIG = schemathesis.Config.from_str(f"""
[generation]
deterministic = true
database = "none"

[phases.stateful]
max-steps = {STATEFUL_STEPS}

# SSE: stop after the first event (the `state` message) or 1 s, whichever comes first; the server
# notices the disconnect and ends the stream. Random ids get a 404 before the stream starts.
[[operations]]
include-path = "/matches/{{match_id}}/stream"
max-stream-events = 1
request-timeout = 1

# The account's stream: the same limits (its first message is the `turns` list).
[[operations]]
include-path = "/accounts/me/stream"
max-stream-events = 1
request-timeout = 1

# A tournament's stream: the same limits (its first message is the `state`).
[[operations]]
include-path = "/tournaments/{{tournament_id}}/stream"
max-stream-events = 1
request-timeout = 1

# Sign-up, start, pause, resume, replacements and corrections are refused by the tournament's state
# (409: closed, started, paused...) or its rules (422: an unknown account or round, a result unchanged).
[[operations]]
include-path-regex = "^/tournaments/\\\\{{tournament_id\\\\}}/(players/\\\\{{player\\\\}}|start|pause|resume|replacements|corrections)$"
checks.positive_data_acceptance.expected-statuses = {_RULE_422}

# A new match is refused by the rules for an unknown account id, one account on both seats, a
# start in the past, or options/seats the game does not have.
[[operations]]
include-name = "POST /matches"
checks.positive_data_acceptance.expected-statuses = {_RULE_422}

# The same refusals, for any match of a batch.
[[operations]]
include-name = "POST /matches/bulk"
checks.positive_data_acceptance.expected-statuses = {_RULE_422}

# A tournament is refused by the rules for an unknown account id, a player entered twice, an unknown
# game, options it does not have, or a schedule in the past (and for any of its first round's matches).
[[operations]]
include-name = "POST /tournaments"
checks.positive_data_acceptance.expected-statuses = {_RULE_422}

# Commands are refused by the rules of the match's game (illegal move, bad notation, a command this
# game does not have, an Idempotency-Key used for another command); turn/join/ready/resign and the
# challenge's accept/decline/cancel decide the same way.
[[operations]]
include-path-regex = "^/matches/\\\\{{match_id\\\\}}/(commands|turn|join|ready|resign|accept|decline|cancel)$"
checks.positive_data_acceptance.expected-statuses = {_RULE_422}

# `seat=` is any string of at most 40 characters; a seat the match's game does not have is a 422.
[[operations]]
include-name = "GET /matches/{{match_id}}/legal-moves"
checks.positive_data_acceptance.expected-statuses = {_RULE_422}

# A webhook's URL is any string to the schema; one that is not an absolute http(s) URL is a 422
# (docs/decisions.md), and an account holds at most 20 webhooks (409).
[[operations]]
include-name = "POST /webhooks"
checks.positive_data_acceptance.expected-statuses = {_RULE_422}

# `after=` (a preview) is any move text of at most 100 characters; one that is not the caller's
# listed legal move, or a game without previews, is a 422 (docs/decisions.md).
[[operations]]
include-name = "GET /matches/{{match_id}}/board.svg"
checks.positive_data_acceptance.expected-statuses = {_RULE_422}

# A name the schema allows is refused by the rules when it reads as a taken one (409 `name_taken`:
# case, I/l/1, O/0, punctuation folded) or as a bot's, the admin's or an account id (422
# `name_reserved`), or has no letter or digit (422 `bad_name`): docs/security.md, issue 28 item 4.
[[operations]]
include-name = "POST /accounts"
checks.positive_data_acceptance.expected-statuses = {_RULE_422}

# Blocking: an unknown account is a 404, oneself a 422 (`cannot_block_yourself`), past MAX_BLOCKS a 409.
[[operations]]
include-name = "PUT /accounts/me/blocks/{{account_id}}"
checks.positive_data_acceptance.expected-statuses = {_RULE_422}

# A practice position: moves the rules refuse (a seat the game does not have, an illegal move, bad
# notation) are a 422 naming the move (service/api/positions.py).
[[operations]]
include-name = "POST /games/{{game}}/positions"
checks.positive_data_acceptance.expected-statuses = {_RULE_422}

# An account holds at most 50 minted tokens (409 `too_many_tokens`); the fuzzer mints more.
[[operations]]
include-name = "POST /accounts/me/tokens"
checks.positive_data_acceptance.expected-statuses = {_RULE_422}
""")

# The same document /schema/openapi.json serves; building it needs no Redis.
DOCUMENT = openapi_document(create_app(Settings(redis_url="redis://unused")))
schema = schemathesis.openapi.from_dict(DOCUMENT, config=CONFIG)

# Every request is a real HTTP round trip to Redis: no deadline, no "too slow"/"filtered" health checks.
HYPOTHESIS = dict(deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))


def _short_wait(case) -> None:
    """Scale a valid long-poll ``wait`` (0–60 s) down so one request never blocks for long.

    A real match with no event after ``after`` holds the request for ``wait`` seconds (60 s at the
    schema's bound), which the stateful phase reaches easily. Out-of-range and non-numeric values are
    left alone, so the server's 400 for them is still checked; long-polling itself is tested in
    ``test_live_updates.py``.
    """
    query = case.query or {}
    wait = query.get("wait")
    if "wait" not in query and case.path.endswith("/turn"):  # its default wait is 30 s
        case.query = {**query, "wait": 60 / LONG_POLL_SCALE}
        return
    if isinstance(wait, bool) or not isinstance(wait, (int, float, str)):
        return  # absent, or a negative case (a list, null...)
    try:
        seconds = float(wait)  # the coverage phase sends query values as strings: "60.0"
    except ValueError:
        return  # "AAA", "true": the server must answer 400
    if 0 <= seconds <= 60:
        short = round(seconds / LONG_POLL_SCALE, 3)
        query["wait"] = str(short) if isinstance(wait, str) else short


class Caller:
    """Who calls (auth headers) and the real matches its requests may name (see ``_real_match``)."""

    def __init__(self, headers: dict[str, str], match_ids: list[str]):
        self.headers = headers
        self.match_ids = match_ids


def _match(http: httpx.Client, headers: dict[str, str], seats: dict[str, str | None], ready: list[dict]) -> str:
    r = http.post("/matches", json={"game": "trax", "seats": seats}, headers=headers)
    assert r.status_code == 201, r.text
    match_id = r.json()["id"]
    for who in ready:
        assert http.post(f"/matches/{match_id}/ready", headers=who).status_code == 200
    return match_id


@pytest.fixture(scope="module", params=["anonymous", "player", "organizer"])
def caller(request, live_server) -> Caller:
    """No token, a fresh player account, or the organizer; each with two real matches of its own.

    The matches give the stateful phase something to find through ``GET /matches`` (links infer
    ``match_id`` from its items) and the per-operation tests real ids to use: one waiting match with
    both seats open, and one running match (the player's own, playing white, when the caller is one).
    """
    organizer = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
    with httpx.Client(base_url=live_server.url, timeout=10) as http:
        open_match = _match(http, organizer, {"white": None, "red": None}, ready=[])
        white_id, white = new_account(http, "st")
        red_id, red = new_account(http, "st")
        running = _match(http, white, {"white": white_id, "red": red_id}, ready=[white, red])
    headers = {"anonymous": {}, "player": white, "organizer": organizer}[request.param]
    return Caller(headers, [open_match, running])


@pytest.fixture(scope="module", autouse=True)
def no_webhooks_left(redis_client) -> Iterator[None]:
    """Webhooks the fuzzer registers may point anywhere (Hypothesis draws URLs from the project's
    constants): drop them and their queued deliveries afterwards, so that no later test's worker
    spends its time calling them (a delivery for a deleted webhook does nothing)."""
    yield
    for key in redis_client.scan_iter("webhooks:*"):
        redis_client.delete(key)
    Queue(WEBHOOK_QUEUE, connection=redis_client).empty()


def _real_match(case, caller: Caller) -> None:
    """Point three in four schema-valid ``match_id`` values at one of the caller's real matches.

    Random ids only ever reach the 404 branch; a real id lets the generated query parameters,
    headers and bodies meet the rules of a live match (commands, legal moves, long-poll, analysis).
    The choice is a pure function of the generated id, so derandomized runs stay reproducible, and
    one in four keeps its random id so the 404 path is still checked. Invalid ids (negative mode:
    too long, not a string) are left alone.
    """
    match_id = (case.path_parameters or {}).get("match_id")
    if isinstance(match_id, str) and len(match_id) <= 64:
        pick = zlib.crc32(match_id.encode("utf-8", "surrogatepass")) % 4
        if pick:
            case.path_parameters["match_id"] = caller.match_ids[pick % len(caller.match_ids)]


@schema.parametrize()
@settings(max_examples=MAX_EXAMPLES, **HYPOTHESIS)
def test_operations(case, live_server, caller):
    _real_match(case, caller)
    _short_wait(case)
    case.call_and_validate(base_url=live_server.url, headers=caller.headers)


def test_stateful(live_server, caller):
    """Scenarios of up to STATEFUL_STEPS linked calls; runs after the caller's per-operation items."""

    class Workflow(schema.as_state_machine()):
        def before_call(self, case):
            _short_wait(case)

        def get_call_kwargs(self, case):
            return {"base_url": live_server.url, "headers": caller.headers}

    # Generate only: the scenarios draw from live server state (ids from earlier responses), which a
    # replay during shrinking cannot reproduce exactly. For the same reason Hypothesis may now and then
    # stop a run with FlakyStrategyDefinition (its record of earlier draws no longer matches the
    # server's answers): that is not a finding about the API, so the run is repeated once, randomized.
    for derandomize in (True, False):
        options = {**HYPOTHESIS, "derandomize": derandomize}
        try:
            Workflow.run(settings=settings(max_examples=STATEFUL_SCENARIOS, stateful_step_count=STATEFUL_STEPS,
                                           phases=[Phase.explicit, Phase.generate], **options))
            return
        except FlakyStrategyDefinition:
            if not derandomize:
                raise
