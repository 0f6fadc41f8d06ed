"""Settings read from the environment, once.

- ``REDIS_URL``: the event store. Unset → the server starts an embedded persistent Redis.
- ``QUEUE_REDIS_URL``: Redis for RQ queues (defaults to ``REDIS_URL``; must not be a cluster: RQ
  does not support Redis Cluster, so with ``REDIS_CLUSTER=1`` it is required).
- ``STORE_WAIT_S``: how long ``serve`` waits at its start for the store to answer (a Redis loading
  its AOF, a cluster not yet serving every slot) before it exits saying why (default 60).
- ``REDIS_CLUSTER``: ``1`` when ``REDIS_URL`` names a node of a Redis Cluster (any node: the others
  are found from it); the store then spreads over its masters (:mod:`service.redis.cluster_pipe`).
- ``DATA_DIR``: where the embedded Redis keeps its files (default ``./var``).
- ``REDIS_FSYNC``: when the embedded Redis syncs its AOF to disk (``appendfsync``): ``everysec``
  (default; a host crash or power loss may lose about the last second of acknowledged commands,
  up to two while the disk is slow) or ``always`` (before every reply: none; its cost a move is
  in ``bench/README.md``). The README says what an acknowledged command survives. Ignored with
  ``REDIS_URL``: that Redis has its own ``appendfsync``.
- ``ADMIN_TOKEN``: bootstraps the ``admin`` organizer account with this bearer token.
- ``RATE_LIMIT``: requests per window a bearer token may make (default 6000; 0: no limit).
- ``RATE_LIMIT_ACCOUNT``: requests per window an account may make with all its tokens together
  (default 6000: minting tokens buys no more; 0: no limit).
- ``RATE_LIMIT_WINDOW_S``: the window, in seconds (default 60).
- ``RATE_LIMIT_ANONYMOUS``: requests per window without a (known) token, per client address
  (default 600; 0: no limit). Behind a proxy, set ``TRUSTED_PROXIES`` so the address is the client's.
- ``TRUSTED_PROXIES``: addresses of proxies whose ``X-Forwarded-For`` names the client (comma
  separated, ``*`` for any; default none: the peer's address is the client's).
- ``ACCOUNTS_PER_ADDRESS``: accounts one client address may open per hour without a token
  (default 30; 0: no limit). Organizers are not limited.
- ``IPV6_PREFIX``: an IPv6 client is counted by this prefix of its address in every per-address
  bound (rate limits, account creation, streams, connections): default 64, 32 to 128
  (:mod:`service.http.client_addresses`; an IPv4 address is one client).
- ``WEBHOOK_RETRY_BASE_S``: the first webhook retry's delay; each next one waits 4 times longer (default 10).
- ``OUTBOX_GRACE_MS``: how long the workers leave an append's follow-ups to the process that
  appended before they do them themselves (:mod:`service.matches.outbox`; default 3000).
- ``MATCH_EXPIRY_S``: a match with no ``starts_at`` that has not started this long after its
  creation ends, aborted as ``expired`` (default 86400: a day).
- ``MAX_UNSTARTED_MATCHES``: matches a player (not an organizer) may have created that have not
  started yet, open challenges included (default 20).
- ``MAX_INVITATIONS``: challenges an account may have received and not yet answered (default 20).
- ``MAX_INVITATIONS_PER_SENDER``: of those, how many may come from one account (default 3), so one
  account cannot fill another's ``MAX_INVITATIONS`` (issue 28, item 5).
- ``MAX_BLOCKS``: accounts one account may block (default 1000; :mod:`service.accounts.blocks`).
- ``MAX_CONSENTS``: organizers one account may give its standing consent to (default 100; an
  organizer seats an account in a rated match only with it: :mod:`service.accounts.consents`).
- ``BOT_TIME_LIMIT_S``, ``SOLVER_TIME_LIMIT_S``, ``ANALYSIS_TIME_LIMIT_S``: the wall-clock limit
  of a built-in bot's turn, of solver work a match waits on, of an analysis; past it the
  computation's process is killed (defaults 10, 60, 20).
- ``PRACTICE_SOLVER_TIME_LIMIT_S``: the wall-clock limit of the solver work a practice position
  waits on (``POST /games/{game}/positions``: a MonUnrail Impossible, a Duorail challenge), done on
  the analysis queue (default 5); ``PRACTICE_SOLVER_WAIT_S``: how long that request waits for it
  before a 503 ``practice_undecided`` (default 30; :mod:`service.matches.practice`).
- ``BOT_THINK_MS_1``, ``BOT_THINK_MS_2``, ``BOT_THINK_MS_3``: how long a built-in bot of each level
  may think about a move (defaults 1000, 3000, 5000; the random bots take level 1's), never more
  than the seat's time left less :data:`domain.bots.MARGIN_MS`. A bot stops its search when the time
  is spent and plays its best move so far; its process is killed half a second later
  (``BOT_TIME_LIMIT_S`` caps that too).
- ``THINKERS``: the long-lived processes each play worker computes bots' turns and solver work in
  (:mod:`workers.thinkers`; default 1: a worker runs one job at a time), 1 to 16;
  ``THINKER_MAX_MB``: a thinker that holds this much more memory after a computation than when it
  was forked is replaced by a fresh one (default 1024).
- ``ANALYSES_PER_ACCOUNT``: analyses an account may have queued or running at once (default 2).
- ``ANALYSIS_RATE_LIMIT``: analyses an account may ask for per hour (default 60).
- ``REDIS_POOL_SIZE``: Redis connections an API process keeps for the commands that are not on
  its pipelined connection; a request waits up to 5 s for one, then gets a 503 (default 64).
- ``MAX_STREAMS``: SSE streams and long-polls one account may hold open at once, across every API
  process (default 16); ``MAX_STREAMS_ANONYMOUS``: the same for one client address without a
  token (default 32).
- ``MAX_OPEN_STREAMS``: SSE streams and long-polls one API process holds open at once, everyone's
  together (default 1000); ``MAX_OPEN_STREAMS_ANONYMOUS``: of those, the ones without a token
  (default 100). Past either, a 503 ``server_busy`` with ``Retry-After`` (:mod:`service.live.streams`).
- ``WEBHOOK_TIMEOUT_S``: how long one delivery attempt may take, connect to answer (default 5).
- ``WEBHOOK_RESOLVE_TIMEOUT_S``: how long resolving a webhook's host may take (default 3).
- ``WEBHOOK_ALLOW_PRIVATE``: ``1`` lets webhooks aim at loopback, private, link-local and other
  non-public addresses (default 0: refused; tests and a receiver on the server's own network set it).
- ``MAX_HEADER_BYTES``: how many bytes a request's line and header fields may take together (default
  16384); past it the answer is a 431 and the connection is closed (:mod:`service.http.protocol`).
- ``REQUEST_HEADER_TIMEOUT_S``: how long a request's line and header fields may take to arrive,
  from the connection's opening (or the request's first byte on a kept-alive connection); past
  it a 408 and the connection is closed (default 5). ``REQUEST_BODY_TIMEOUT_S``: the same for its
  body, from the end of its header fields (default 10) (:mod:`service.http.protocol`).
- ``MAX_CONNECTIONS``: connections one API process holds open at once (default 4000; past it a
  503 and the connection is closed); ``MAX_CONNECTIONS_PER_ADDRESS``: of those, from one client
  address or IPv6 prefix (default 256; past it a 429; 0: no limit). A proxy named in
  ``TRUSTED_PROXIES`` is counted in the total only.
- ``MAX_JSON_DEPTH``: how deep arrays and objects may nest in a request body (default 32; deeper is a 400).
- ``RULES_DIR``: the folder of the rules pages served at ``/games/{game}/rules`` (default the
  repository's ``docs/rules``; the container image sets it, as the package is installed apart from
  its docs).
- ``LOG_LEVEL``: ``INFO`` (default: an access line a request), ``DEBUG``, ``WARNING`` or ``ERROR``;
  every line is JSON (:mod:`service.observability.logs`).
- ``METRICS_TOKEN``: the bearer token that reads ``GET /metrics`` (besides an admin's token; unset:
  admins only) and a worker's ``METRICS_PORT``.
- ``METRICS_PORT``: a worker (``python -m workers``) shows its metrics on this port, with
  ``METRICS_TOKEN`` only (unset: no port, as under ``serve``, whose ``/metrics`` shows its workers').
- ``SSE_KEEPALIVE_S``: how long an SSE stream (a match's, an account's) stays silent before it
  sends a keep-alive comment (``: keep-alive``), which keeps proxies from closing it (default 15).
- ``TOURNAMENT_MAX_PLAYERS``: players one tournament may have, registered or listed (default 64).
- ``TOURNAMENT_MAX_ROUNDS``: rounds one tournament may have (default 64; a round robin of n players
  has n-1, twice that doubled).
- ``TOURNAMENT_MAX_SPAN_DAYS``: days a tournament's schedule may span, first round to last (default 90).
- ``TOURNAMENT_OPEN_REGISTRATIONS``: tournaments an organizer may have open for sign-up at once (default 10).
- ``TOURNAMENT_EVENTS_KEPT``: events a tournament's stream keeps (default 10000; older ones are
  trimmed, and a stream resumed from before them starts again with the whole tournament).
"""

from __future__ import annotations

import os
import pathlib

import msgspec

from service.observability.logs import LEVELS

RULES_DIR = str(pathlib.Path(__file__).resolve().parent.parent / "docs" / "rules")
"""The repository's rules pages, where a checkout (or an editable install) has them."""

FSYNC_POLICIES = ("everysec", "always")
"""The embedded Redis's ``appendfsync`` choices (``REDIS_FSYNC``), the default first."""


class Settings(msgspec.Struct, frozen=True):
    redis_url: str | None = None
    queue_redis_url: str | None = None
    redis_cluster: bool = False
    store_wait_s: float = 60
    data_dir: str = "var"
    redis_fsync: str = "everysec"
    admin_token: str | None = None
    rate_limit: int = 6000
    rate_limit_account: int = 6000
    rate_limit_window_s: int = 60
    rate_limit_anonymous: int = 600
    trusted_proxies: str = ""
    accounts_per_address: int = 30
    ipv6_prefix: int = 64
    webhook_retry_base_s: int = 10
    match_expiry_s: int = 86_400
    outbox_grace_ms: int = 3_000
    max_unstarted_matches: int = 20
    max_invitations: int = 20
    max_invitations_per_sender: int = 3
    max_blocks: int = 1_000
    max_consents: int = 100
    bot_time_limit_s: float = 10
    bot_think_ms: tuple[int, int, int] = (1_000, 3_000, 5_000)
    thinkers: int = 1
    thinker_max_mb: int = 1024
    solver_time_limit_s: float = 60
    analysis_time_limit_s: float = 20
    practice_solver_time_limit_s: float = 5
    practice_solver_wait_s: float = 30
    analyses_per_account: int = 2
    analysis_rate_limit: int = 60
    redis_pool_size: int = 64
    max_streams: int = 16
    max_streams_anonymous: int = 32
    max_open_streams: int = 1000
    max_open_streams_anonymous: int = 100
    webhook_timeout_s: int = 5
    webhook_resolve_timeout_s: int = 3
    webhook_allow_private: bool = False
    max_header_bytes: int = 16_384
    request_header_timeout_s: float = 5
    request_body_timeout_s: float = 10
    max_connections: int = 4000
    max_connections_per_address: int = 256
    max_json_depth: int = 32
    rules_dir: str = RULES_DIR
    log_level: str = "INFO"
    metrics_token: str | None = None
    metrics_port: int | None = None
    sse_keepalive_s: float = 15
    tournament_max_players: int = 64
    tournament_max_rounds: int = 64
    tournament_max_span_days: int = 90
    tournament_open_registrations: int = 10
    tournament_events_kept: int = 10_000

    @property
    def queue_url(self) -> str | None:
        return self.queue_redis_url or self.redis_url


def _number(name: str, default: int) -> int:
    value = os.environ.get(name)
    return int(value) if value else default


def _think_ms(name: str, default: int) -> int:
    """A bot's think time in ms: 0 to 60,000."""
    value = _number(name, default)
    if not 0 <= value <= 60_000:
        raise ValueError(f"{name} must be 0 to 60000 (ms), not {value}")
    return value


def _choice(name: str, choices: tuple[str, ...]) -> str:
    """One of ``choices`` (the first by default)."""
    value = os.environ.get(name) or choices[0]
    if value not in choices:
        raise ValueError(f"{name} must be one of {', '.join(choices)}, not {value!r}")
    return value
def _flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in ("1", "true", "yes", "on")


def _seconds(name: str, default: float) -> float:
    value = os.environ.get(name)
    return float(value) if value else default


def _keepalive(seconds: float) -> float:
    """A keep-alive interval well within a stream's lease (:data:`service.live.streams.LEASE_MS`, 60 s),
    which each keep-alive renews."""
    if not 0.01 <= seconds <= 30:
        raise ValueError(f"SSE_KEEPALIVE_S must be between 0.01 and 30 seconds, not {seconds}")
    return seconds


def _timeout(name: str, default: float) -> float:
    """A deadline of a request's part: 0.1 to 300 seconds."""
    seconds = _seconds(name, default)
    if not 0.1 <= seconds <= 300:
        raise ValueError(f"{name} must be 0.1 to 300 seconds, not {seconds}")
    return seconds


def from_environment() -> Settings:
    return Settings(
        redis_url=os.environ.get("REDIS_URL") or None,
        queue_redis_url=os.environ.get("QUEUE_REDIS_URL") or None,
        redis_cluster=_flag("REDIS_CLUSTER"),
        store_wait_s=_seconds("STORE_WAIT_S", 60),
        data_dir=os.environ.get("DATA_DIR") or "var",
        redis_fsync=_choice("REDIS_FSYNC", FSYNC_POLICIES),
        admin_token=os.environ.get("ADMIN_TOKEN") or None,
        rate_limit=_number("RATE_LIMIT", 6000),
        rate_limit_account=_number("RATE_LIMIT_ACCOUNT", 6000),
        rate_limit_window_s=_number("RATE_LIMIT_WINDOW_S", 60),
        rate_limit_anonymous=_number("RATE_LIMIT_ANONYMOUS", 600),
        trusted_proxies=os.environ.get("TRUSTED_PROXIES", ""),
        accounts_per_address=_number("ACCOUNTS_PER_ADDRESS", 30),
        ipv6_prefix=_bounded("IPV6_PREFIX", 64, 32, 128),
        webhook_retry_base_s=_number("WEBHOOK_RETRY_BASE_S", 10),
        match_expiry_s=_number("MATCH_EXPIRY_S", 86_400),
        outbox_grace_ms=_number("OUTBOX_GRACE_MS", 3_000),
        max_unstarted_matches=_number("MAX_UNSTARTED_MATCHES", 20),
        max_invitations=_number("MAX_INVITATIONS", 20),
        max_invitations_per_sender=_number("MAX_INVITATIONS_PER_SENDER", 3),
        max_blocks=_number("MAX_BLOCKS", 1_000),
        max_consents=_number("MAX_CONSENTS", 100),
        bot_time_limit_s=_seconds("BOT_TIME_LIMIT_S", 10),
        bot_think_ms=(_think_ms("BOT_THINK_MS_1", 1_000), _think_ms("BOT_THINK_MS_2", 3_000),
                      _think_ms("BOT_THINK_MS_3", 5_000)),
        thinkers=_bounded("THINKERS", 1, 1, 16),
        thinker_max_mb=_bounded("THINKER_MAX_MB", 1024, 64, 1_000_000),
        solver_time_limit_s=_seconds("SOLVER_TIME_LIMIT_S", 60),
        analysis_time_limit_s=_seconds("ANALYSIS_TIME_LIMIT_S", 20),
        practice_solver_time_limit_s=_seconds("PRACTICE_SOLVER_TIME_LIMIT_S", 5),
        practice_solver_wait_s=_seconds("PRACTICE_SOLVER_WAIT_S", 30),
        analyses_per_account=_number("ANALYSES_PER_ACCOUNT", 2),
        analysis_rate_limit=_number("ANALYSIS_RATE_LIMIT", 60),
        redis_pool_size=_number("REDIS_POOL_SIZE", 64),
        max_streams=_number("MAX_STREAMS", 16),
        max_streams_anonymous=_number("MAX_STREAMS_ANONYMOUS", 32),
        max_open_streams=_bounded("MAX_OPEN_STREAMS", 1000, 1, 1_000_000),
        max_open_streams_anonymous=_bounded("MAX_OPEN_STREAMS_ANONYMOUS", 100, 0, 1_000_000),
        webhook_timeout_s=_number("WEBHOOK_TIMEOUT_S", 5),
        webhook_resolve_timeout_s=_number("WEBHOOK_RESOLVE_TIMEOUT_S", 3),
        webhook_allow_private=_flag("WEBHOOK_ALLOW_PRIVATE"),
        max_header_bytes=_number("MAX_HEADER_BYTES", 16_384),
        request_header_timeout_s=_timeout("REQUEST_HEADER_TIMEOUT_S", 5),
        request_body_timeout_s=_timeout("REQUEST_BODY_TIMEOUT_S", 10),
        max_connections=_bounded("MAX_CONNECTIONS", 4000, 1, 1_000_000),
        max_connections_per_address=_bounded("MAX_CONNECTIONS_PER_ADDRESS", 256, 0, 1_000_000),
        rules_dir=os.environ.get("RULES_DIR") or RULES_DIR,
        max_json_depth=_number("MAX_JSON_DEPTH", 32),
        log_level=_choice("LOG_LEVEL", LEVELS),
        metrics_token=os.environ.get("METRICS_TOKEN") or None,
        metrics_port=_number("METRICS_PORT", 0) or None,
        sse_keepalive_s=_keepalive(_seconds("SSE_KEEPALIVE_S", 15)),
        tournament_max_players=_bounded("TOURNAMENT_MAX_PLAYERS", 64, 2, 256),
        tournament_max_rounds=_bounded("TOURNAMENT_MAX_ROUNDS", 64, 1, 512),
        tournament_max_span_days=_bounded("TOURNAMENT_MAX_SPAN_DAYS", 90, 0, 365),
        tournament_open_registrations=_bounded("TOURNAMENT_OPEN_REGISTRATIONS", 10, 0, 1000),
        tournament_events_kept=_bounded("TOURNAMENT_EVENTS_KEPT", 10_000, 100, 1_000_000),
    )


def _bounded(name: str, default: int, lowest: int, highest: int) -> int:
    """A whole number from ``lowest`` to ``highest``."""
    value = _number(name, default)
    if not lowest <= value <= highest:
        raise ValueError(f"{name} must be {lowest} to {highest}, not {value}")
    return value
