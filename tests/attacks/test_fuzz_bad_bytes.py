"""Issue 15, item 10: byte-level garbage at every JSON body and every header the API reads, against
the served server. Not one answer may be a 5xx, and the server's log must show no error.

- Bodies: every operation of the OpenAPI document that reads JSON (``targets.py``), each with
  random bytes, invalid UTF-8, arrays and objects nested up to 20,000 deep, numbers of up to 6,000
  digits, NaN and Infinity, duplicate keys, strings of up to 2 MB (lone surrogates, NULs,
  escapes), byte-level mutations of a valid body, and a valid body with one field made garbage;
  sent as JSON or under a wrong or garbage ``Content-Type``, by an organizer, a player or no one.
- Headers, through httpx (values it can send): ``Authorization`` on every operation,
  ``Idempotency-Key`` where documented, ``Last-Event-ID`` on every SSE stream, ``Content-Type``
  on every JSON body.
- Headers on a raw socket (what httpx refuses to send): control bytes and obs-text in values,
  garbage header names, a ``Content-Length`` shorter or longer than the body (the longer one then
  abandoned), two ``Content-Length``, ``Content-Length`` with ``Transfer-Encoding``.

Hypothesis runs derandomized with no example database, so a run is reproducible; every failure
is collected (not shrunk) and the counts are printed (``pytest -s``).
"""

from __future__ import annotations

import json
import re
import socket
from collections import Counter

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.attacks.shared_fixtures import client, ids  # noqa: F401  (fixtures)
from tests.attacks.targets import EVENT_STREAMS, HEADER_PARAMETERS, JSON_BODY_OPERATIONS, SPEC, errors_logged, url

EXAMPLES_PER_BODY_OPERATION = 70
HEADER_EXAMPLES = 400
RAW_EXAMPLES = 200
FUZZ = settings(max_examples=EXAMPLES_PER_BODY_OPERATION, deadline=None, derandomize=True, database=None,
                phases=(Phase.explicit, Phase.generate), suppress_health_check=list(HealthCheck))

BAD_UTF8 = [b"\xed\xa0\x80", b"\xed\xbf\xbf", b"\xff", b"\xfe\xff", b"\xc0\xaf", b"\xe0\x80\xaf",
            b"\xf4\x90\x80\x80", b"\x80", b"\xe2\x82", b"\xf8\x88\x80\x80\x80", b"\x00"]
SPECIALS = [b"NaN", b"-NaN", b"Infinity", b"-Infinity", b"nan", b"inf", b"1e309", b"-1e309", b"-0", b"0x10",
            b"01", b"+1", b".5", b"5.", b"1e", b"--1", b"1e-400", b"true1", b"nul", b"[", b"{", b'"', b"]", b""]
GIANT_PIECES = [b"a", b"\\u0000", b"\\ud800", b"\\udfff\\ud800", b"\xc3\xa9", b"\\\\", b'\\"', b"\\n",
                b"\xf0\x9f\x98\x80", b"\x01"]
CONTENT_TYPES = ["application/json", "application/json; charset=utf-8", "application/json; charset=latin-1",
                 "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=xyz",
                 "multipart/form-data", "application/msgpack", "application/problem+json", "*/*", ""]


def valid_bodies(ids: dict[str, str]) -> dict[str, dict]:
    """A body each operation accepts, to be broken; an operation added later starts from ``{}``."""
    seats = {"white": ids["alice"], "red": ids["bob"]}
    return {"/accounts": {"name": "fuzzer"}, "/accounts/me/tokens": {"scopes": ["read"], "label": "fuzz"},
            "/matches": {"game": "trax", "seats": seats}, "/matches/bulk": {"matches": [{"game": "trax", "seats": seats}]},
            "/matches/{match_id}/commands": {"type": "play", "move": "@0+"},
            "/matches/{match_id}/turn": {"type": "play", "move": "@0+"},
            "/tournaments": {"name": "fuzz", "format": "round_robin", "players": [ids["alice"], ids["bob"]],
                             "game": "trax"},
            "/webhooks": {"url": "http://127.0.0.1:9/hook", "events": ["match_ended"]}}


# -- garbage --------------------------------------------------------------------------------------

def nested(depth: int, kind: str) -> bytes:
    if kind == "[":
        return b"[" * depth + b"]" * depth
    if kind == "{":
        return b'{"a":' * depth + b"1" + b"}" * depth
    return b'[{"a":' * (depth // 2) + b"0" + b"}]" * (depth // 2)


def number(sign: bytes, digits: int, fraction: int, exponent: int) -> bytes:
    return sign + b"9" * digits + (b"." + b"1" * fraction if fraction else b"") + (b"e%d" % exponent if exponent else b"")


def giant_string(piece: bytes, size: int) -> bytes:
    return b'"' + piece * max(1, min(size, 2_000_000) // len(piece)) + b'"'


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)

garbage_values = st.one_of(
    st.builds(lambda text, bad: b'"' + text.encode() + bad + b'"', st.text(max_size=16), st.sampled_from(BAD_UTF8)),
    st.builds(nested, st.integers(1, 40) | st.integers(40, 20_000), st.sampled_from("[{m")),
    st.builds(number, st.sampled_from([b"", b"-"]), st.integers(1, 6_000), st.integers(0, 400),
              st.integers(-99_999, 99_999)),
    st.sampled_from(SPECIALS),
    st.builds(giant_string, st.sampled_from(GIANT_PIECES), st.integers(1, 2_000_000)),
    json_values.map(lambda v: json.dumps(v).encode()),
    st.binary(max_size=64),
)


def with_field(valid: dict, key: str, value: bytes) -> bytes:
    return json.dumps({**valid, key: "\x00hole"}).encode().replace(b'"\\u0000hole"', value)


def with_duplicate(valid: dict, key: str, value: object) -> bytes:
    return json.dumps(valid).encode()[:-1] + (b", " if valid else b"") + json.dumps({key: value}).encode()[1:]


def mutated(valid: bytes, edits: list[tuple[int, int]]) -> bytes:
    out = bytearray(valid)
    for position, byte in edits:
        position %= len(out) + 1
        if byte % 3 == 0 and position < len(out):
            out[position] = byte
        elif byte % 3 == 1:
            out.insert(position, byte)
        elif position < len(out):
            del out[position]
    return bytes(out)


def garbage_bodies(valid: dict) -> st.SearchStrategy[bytes]:
    keys = st.sampled_from(sorted(valid) or ["x"])
    return st.one_of(
        st.binary(max_size=4096),
        garbage_values,
        st.builds(with_field, st.just(valid), keys, garbage_values),
        st.builds(with_duplicate, st.just(valid), keys, json_values),
        st.builds(mutated, st.just(json.dumps(valid).encode()),
                  st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 255)), min_size=1, max_size=8)),
    )


header_safe = st.binary(min_size=1, max_size=300).map(  # what httpx sends: no controls, no edge spaces
    lambda raw: bytes(b if 0x21 <= b <= 0x7E or b >= 0x80 else 0x21 + b % 94 for b in raw))
header_values = st.one_of(
    header_safe,
    st.builds(lambda a, b: a + b" " + b, header_safe, header_safe),
    st.builds(lambda scheme, value: scheme + b" " + value, st.sampled_from([b"Bearer", b"bearer", b"Basic", b"Token"]),
              header_safe),
    st.sampled_from([b"Bearer", b"-1", b"0", b"00", b"9" * 40, b"0-0", b"1-", b"-1-1", b"\xb2", b"1e3", b"0x1"]),
    st.integers(1, 20_000).map(lambda n: b"Bearer " + b"a" * n),
)
raw_values = st.binary(max_size=200).map(lambda raw: raw.replace(b"\r\n", b"").replace(b"\n", b""))


# -- the fuzzing ----------------------------------------------------------------------------------

class Tally:
    """Requests sent per operation, and every answer of 500 or more."""

    def __init__(self) -> None:
        self.sent: Counter[str] = Counter()
        self.statuses: Counter[int | None] = Counter()
        self.server_errors: list[str] = []

    def record(self, operation: str, status: int | None, what: str) -> None:
        self.sent[operation] += 1
        self.statuses[status] += 1
        if status is not None and status >= 500:
            self.server_errors.append(f"{operation} {status}: {what[:200]}")

    def report(self, title: str) -> str:
        answers = ", ".join(f"{status or 'none'}: {n}" for status, n in sorted(self.statuses.items(), key=str))
        lines = [f"{title}: {sum(self.sent.values())} requests, {len(self.server_errors)} server errors ({answers})"]
        lines += [f"  {count:4d}  {operation}" for operation, count in sorted(self.sent.items())]
        return "\n".join(lines + [f"  5xx: {e}" for e in self.server_errors[:10]])


def callers(served, path: str) -> st.SearchStrategy[dict[str, str]]:
    who = [served.headers("alice"), {}] + ([served.headers("admin")] if path != "/webhooks" else [])
    return st.sampled_from(who)  # (no organizer webhooks: their deliveries would fail in the workers' log)


@pytest.mark.parametrize("method,path", JSON_BODY_OPERATIONS)
def test_garbage_bodies_get_no_server_error(served, client, ids, method, path):
    before, tally = len(served.output()), Tally()
    valid = valid_bodies(ids).get(path, {})

    @FUZZ
    @given(body=garbage_bodies(valid), content_type=st.sampled_from(CONTENT_TYPES) | header_safe,
           caller=callers(served, path))
    def send(body: bytes, content_type: str | bytes, caller: dict[str, str]) -> None:
        response = client.request(method, url(method, path, ids), content=body,
                                  headers={**caller, "Content-Type": content_type})
        tally.record(f"{method} {path}", response.status_code, repr(body[:100]))

    send()
    print(tally.report(f"bodies to {method} {path}"))
    assert tally.server_errors == []
    assert errors_logged(served.output()[before:]) == []


def header_targets() -> list[tuple[str, str, str]]:
    """``(header, method, path)``: every header the API reads, on every operation that reads it."""
    every = [(m.upper(), p) for p, item in SPEC["paths"].items() for m in item]
    return ([("Authorization", m, p) for m, p in every] + [(h, m, p) for m, p, h in HEADER_PARAMETERS]
            + [("Last-Event-ID", "GET", p) for p in EVENT_STREAMS]
            + [("Content-Type", m, p) for m, p in JSON_BODY_OPERATIONS])


def test_garbage_headers_get_no_server_error(served, client, ids):
    before, tally = len(served.output()), Tally()
    bodies = valid_bodies(ids)

    @settings(FUZZ, max_examples=HEADER_EXAMPLES)
    @given(target=st.sampled_from(header_targets()), value=header_values)
    def send(target: tuple[str, str, str], value: bytes) -> None:
        header, method, path = target
        headers = {**served.headers("alice"), header: value}
        body = json.dumps(bodies.get(path, {})).encode() if (method, path) in JSON_BODY_OPERATIONS else None
        with client.stream(method, url(method, path, ids), headers=headers, content=body) as response:
            if "text/event-stream" not in response.headers.get("content-type", ""):
                response.read()
        tally.record(f"{header} on {method} {path}", response.status_code, repr(value[:100]))

    send()
    print(tally.report("headers"))
    assert tally.server_errors == []
    assert errors_logged(served.output()[before:]) == []


def exchange(port: int, request: bytes, abandon: bool) -> int | None:
    """Send ``request`` on a new connection (``abandon``: then stop sending) and the status of the
    answer. A server still waiting after a second (for a body announced longer) is abandoned too."""
    with socket.create_connection(("127.0.0.1", port), timeout=1) as connection:
        connection.sendall(request)
        if abandon:
            connection.shutdown(socket.SHUT_WR)
        answer = b""
        for _ in range(2):
            try:
                while chunk := connection.recv(65536):
                    answer += chunk
                break
            except ConnectionResetError:
                break
            except TimeoutError:
                WAITED.append(request[:300])
                connection.shutdown(socket.SHUT_WR)
    status = re.match(rb"HTTP/1\.1 (\d{3}) ", answer)
    return int(status.group(1)) if status else None


WAITED: list[bytes] = []
FRAMINGS = ["right", "shorter", "longer, then abandoned", "two lengths", "length and chunked"]


def test_garbage_on_the_wire_gets_no_server_error(served, ids):
    before, tally = len(served.output()), Tally()
    bodies = valid_bodies(ids)
    names = st.sampled_from(["Authorization", "Idempotency-Key", "Last-Event-ID", "Content-Type", "Content-Length",
                             "Transfer-Encoding", "Host", "Expect", "Connection"]) | header_safe.map(
        lambda b: b.replace(b":", b"").decode("latin-1") or "x")

    @settings(FUZZ, max_examples=RAW_EXAMPLES)
    @given(operation=st.sampled_from(JSON_BODY_OPERATIONS + [("GET", p) for p in EVENT_STREAMS]), name=names,
           value=raw_values, framing=st.sampled_from(FRAMINGS))
    def send(operation: tuple[str, str], name: str, value: bytes, framing: str) -> None:
        method, path = operation
        body = json.dumps(bodies.get(path, {})).encode() if method == "POST" else b""
        length = {"shorter": len(body) // 2, "longer, then abandoned": len(body) + 100}.get(framing, len(body))
        head = [f"{method} {url(method, path, ids)} HTTP/1.1".encode(), b"Host: x", b"Connection: close",
                *(f"{k}: {v}".encode() for k, v in served.headers("alice").items()),
                b"Content-Type: application/json", b"Content-Length: %d" % length]
        if framing == "two lengths":
            head.append(b"Content-Length: %d" % (length + 1))
        if framing == "length and chunked":
            head.append(b"Transfer-Encoding: chunked")
        head.append(name.encode("latin-1") + b": " + value)
        status = exchange(served.port, b"\r\n".join(head) + b"\r\n\r\n" + body, framing.endswith("abandoned"))
        tally.record(f"{method} {path} ({framing})", status, f"{name}: {value[:80]!r}")

    send()
    print(tally.report("raw requests"), *WAITED[:5], sep="\n")
    assert tally.server_errors == []
    assert errors_logged(served.output()[before:]) == []
