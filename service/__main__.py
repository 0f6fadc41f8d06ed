"""Command line: ``python -m service serve | openapi | problem-codes | rebuild-read-models | create-account NAME``.

``serve`` with no ``REDIS_URL`` starts an embedded persistent Redis (files under ``DATA_DIR``,
default ``./var``) and worker processes, bootstraps an admin token and two demo accounts
(``alice``, ``bob``; tokens in ``var/tokens.env``), then serves the API. Its API processes and
workers write their metrics to ``<DATA_DIR>/metrics`` (emptied at each start), so that ``/metrics``
shows them all (:mod:`service.observability.metrics`), and log JSON lines to standard error (:mod:`service.observability.logs`).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from service.private_files import kept_secret, write_private
from service.settings import Settings, from_environment


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m service", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="start the API (and, without REDIS_URL, Redis and workers)")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--api-workers", type=int, default=int(os.environ.get("API_WORKERS", "1")))
    serve.add_argument("--workers", type=int, default=1,
                       help="worker processes for bots and solvers (besides one each for timers, webhooks and "
                            "analyses; 0: start no worker)")
    sub.add_parser("openapi", help="print the OpenAPI document")
    sub.add_parser("problem-codes", help="print docs/problems.md, every problem code with its status and meaning")
    sub.add_parser("rebuild-read-models", help="rebuild match lists, active games and ratings from the streams")
    account = sub.add_parser("create-account", help="create an account and print its token")
    account.add_argument("name")
    account.add_argument("--organizer", action="store_true")
    args = parser.parse_args(argv)

    if args.command == "openapi":
        from service.app import create_app, openapi_document

        print(json.dumps(openapi_document(create_app(Settings(redis_url="redis://unused"))), indent=2, sort_keys=True))
        return 0
    if args.command == "problem-codes":
        from service.http.problem_codes import markdown

        print(markdown(), end="")
        return 0
    if args.command == "serve":
        return serve_forever(args)
    with embedded_if_needed(from_environment()) as settings:
        return asyncio.run(_admin_command(args, settings))


async def _admin_command(args: argparse.Namespace, settings: Settings) -> int:
    from service.wiring import connect

    services = connect(settings)
    try:
        if args.command == "rebuild-read-models":
            count = await rebuild_read_models(services)
            print(f"rebuilt the read models of {count} matches")
        elif args.command == "create-account":
            from service.matches.match_service import now_ms

            account, token = await services.accounts.create(args.name, organizer=args.organizer, now=now_ms())
            print(json.dumps({"id": account.id, "name": account.name, "token": token}))
    finally:
        await services.close()
    return 0


async def rebuild_read_models(services) -> int:
    """Drop and rebuild every read model from the match streams (the ratings too: every rated
    game's result recorded, then each game's applied in order, :mod:`service.ratings.ratings`)."""
    from service.ratings.model import rated_result
    from service.ratings.ratings import Ratings

    await services.read_models.clear()
    await services.ratings.clear()
    ids = await services.store.match_ids()
    services.matches._cache.clear()
    games = set()
    for match_id in ids:
        game, state = await services.matches.load(match_id)
        await services.read_models.rebuild(game, state)
        if (result := rated_result(state)) is not None:
            await services.ratings.record(result)
            games.add(result.game)
    ratings = Ratings(services.redis, lock_ms=3_600_000)  # one replay of every result: give it time
    for game_name in sorted(games):
        await ratings.apply(game_name)
    await services.read_models.mark_layout()
    return len(ids)


class embedded_if_needed:
    """Context manager: the settings, with an embedded Redis started when ``REDIS_URL`` is unset."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.redis = None

    def __enter__(self) -> Settings:
        if self.settings.redis_url:
            return self.settings
        from service.redis.embedded import EmbeddedRedis, redacted

        self.redis = EmbeddedRedis(self.settings.data_dir, fsync=self.settings.redis_fsync)
        url = self.redis.start()
        print(f"embedded Redis on {redacted(url)} (data in {self.redis.dir}, appendfsync {self.redis.fsync})",
              flush=True)
        import msgspec

        return msgspec.structs.replace(self.settings, redis_url=url)

    def __exit__(self, *exc) -> None:
        if self.redis is not None:
            self.redis.stop()


def metrics_folder(data: Path) -> Path:
    """A new, empty ``<data>/metrics`` for the metrics of every process ``serve`` starts, named in
    ``PROMETHEUS_MULTIPROC_DIR`` before anything measures (:mod:`service.observability.metrics`); the files of
    processes of an earlier start are gone."""
    folder = data / "metrics"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(mode=0o700)
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = str(folder.resolve())
    return folder


def serve_forever(args: argparse.Namespace) -> int:
    settings = from_environment()
    os.umask(0o077)  # every file serve and the processes it starts create is the owner's alone (metrics too)
    data = Path(settings.data_dir)
    data.mkdir(mode=0o700, parents=True, exist_ok=True)  # the owner's alone (the secrets in it: 0600 anyway)
    metrics_folder(data)
    from service.observability.logs import configure_logging

    configure_logging(settings.log_level)
    with embedded_if_needed(settings) as settings:
        admin_token = settings.admin_token or _stored_admin_token(data)
        env = {**os.environ, "REDIS_URL": settings.redis_url or "", "ADMIN_TOKEN": admin_token}
        if settings.queue_redis_url:
            env["QUEUE_REDIS_URL"] = settings.queue_redis_url
        asyncio.run(wait_for_store(settings))
        asyncio.run(_bootstrap(settings, admin_token, data, demo_accounts=not from_environment().redis_url))
        workers = [subprocess.Popen([sys.executable, "-m", "workers", *queues], env=env)
                   for queues in worker_processes(args.workers)]
        threading.Thread(target=announce_when_listening, daemon=True, name="announce",
                         args=(args.host, args.port, f"(OpenAPI: /schema, tokens: {data / 'tokens.env'})",
                               settings.queue_url if workers else None)).start()
        signal.signal(signal.SIGTERM, _exit_cleanly)  # uvicorn re-raises SIGTERM after its shutdown
        try:
            import uvicorn

            os.environ.update(env)  # the API processes read their settings from the environment
            from service.http.protocol import OneWriteHttpToolsProtocol

            # the client's address is the peer's unless TRUSTED_PROXIES names the proxies in front
            # (uvicorn would otherwise trust X-Forwarded-For from 127.0.0.1: any local client)
            # the app writes the access lines (service.http.observed_requests); uvicorn's own go to its handler
            uvicorn.run("service.asgi:app", host=args.host, port=args.port, workers=args.api_workers,
                        http=OneWriteHttpToolsProtocol, access_log=False, timeout_graceful_shutdown=3,
                        log_level="warning", log_config=None, proxy_headers=bool(settings.trusted_proxies),
                        forwarded_allow_ips=settings.trusted_proxies or None)
            return 0
        finally:
            for w in workers:
                w.terminate()
            for w in workers:
                w.wait(timeout=30)


BOTS_WAIT_S = 60
"""How long "API on" waits for the workers to play the built-in bots once the API answers (their
warm-up loads the compiled solvers: about a second on a quiet machine once setup has compiled them)."""


def announce_when_listening(host: str, port: int, note: str, queue_url: str | None, give_up_s: float = 600) -> None:
    """Print "API on http://..." once the API answers ``GET /health`` and, with workers
    (``queue_url``), once a worker plays the built-in bots (at most :data:`BOTS_WAIT_S` more; what
    they wait for is printed every 10 s meanwhile, and after "API on" if they still do): a person
    who reads the line may challenge a bot at once (:mod:`service.jobs.readiness`)."""
    import http.client

    reach = {"0.0.0.0": "127.0.0.1", "::": "::1"}.get(host, host)
    started = time.monotonic()
    while time.monotonic() - started < give_up_s:
        connection = http.client.HTTPConnection(reach, port, timeout=2)
        try:
            connection.request("GET", "/health")
            if connection.getresponse().status == 200:
                break
        except OSError:
            pass
        finally:
            connection.close()
        time.sleep(0.1)
    else:
        print(f"the API did not answer on port {port} within {give_up_s:.0f} s", file=sys.stderr, flush=True)
        return
    line = f"API on http://{host}:{port}  {note}"
    if queue_url is None:
        print(line, flush=True)
        return
    import redis

    from service.jobs.readiness import read_bots_readiness

    queues = redis.Redis.from_url(queue_url)
    answered, said, announced = time.monotonic(), time.monotonic(), False
    try:
        while time.monotonic() - started < give_up_s:
            try:
                bots = read_bots_readiness(queues, int(time.time() * 1000))
            except (redis.RedisError, OSError):
                break
            if bots.ready:
                print("built-in bots: ready" if announced else line, flush=True)
                return
            if not announced and time.monotonic() - answered >= BOTS_WAIT_S:
                print(f"{line}\nbuilt-in bots: {bots.status} (GET /bots and /ready say when they are ready)",
                      flush=True)
                announced, said = True, time.monotonic()
            elif time.monotonic() - said >= 10:
                print(f"{'built-in bots' if announced else 'waiting for the built-in bots'}: {bots.status}", flush=True)
                said = time.monotonic()
            time.sleep(0.2)
    finally:
        queues.close()
    if not announced:
        print(line, flush=True)


def worker_processes(play: int) -> list[tuple[str, ...]]:
    """The queues of each worker process ``serve`` starts: one per pool of :data:`service.jobs.queues.POOLS`,
    ``play`` of the bots' and solvers' pool (none at all for 0).

    >>> worker_processes(2)
    [('timers',), ('bots', 'solvers'), ('bots', 'solvers'), ('webhooks',), ('analysis',)]
    """
    from service.jobs.queues import POOLS

    if play <= 0:
        return []
    return [queues for pool, queues in POOLS.items() for _ in range(play if pool == "play" else 1)]


def _exit_cleanly(signum, frame) -> None:
    raise SystemExit(0)


def _stored_admin_token(data: Path) -> str:
    return kept_secret(data / "admin-token", lambda: "dm_admin_" + secrets.token_urlsafe(24))


async def wait_for_store(settings: Settings) -> None:
    """Until the store answers on every connection (a Redis still loading its AOF, a cluster whose
    slots are not all served yet), at most ``STORE_WAIT_S``; then exit saying why."""
    from redis.exceptions import RedisClusterException, RedisError

    from service.wiring import connect

    give_up, said = time.monotonic() + settings.store_wait_s, 0.0
    while True:
        services = None
        try:
            services = connect(settings)
            await asyncio.gather(services.redis.ping(), services.store.pipe.execute("PING"))
            return
        except (RedisError, RedisClusterException, OSError) as error:
            if time.monotonic() >= give_up:
                raise SystemExit(f"the store did not answer within STORE_WAIT_S={settings.store_wait_s:g} s: {error}") \
                    from error
            if time.monotonic() - said >= 5:
                print(f"waiting for the store: {error}", file=sys.stderr, flush=True)
                said = time.monotonic()
            await asyncio.sleep(0.5)
        finally:
            if services is not None:
                await services.close()


async def _bootstrap(settings: Settings, admin_token: str, data: Path, demo_accounts: bool) -> None:
    """The admin account and, on a first embedded start, two demo players; their tokens go to
    tokens.env. With a shared ``REDIS_URL`` (several API processes) only the admin is ensured."""
    from service.wiring import connect

    services = connect(settings)
    try:
        if not await services.read_models.layout_is_current():
            if count := await rebuild_read_models(services):
                print(f"rebuilt the read models of {count} matches (their layout changed)", flush=True)
        admin = await services.accounts.ensure_admin(admin_token)
        tokens = data / "tokens.env"
        if demo_accounts and not tokens.exists():
            lines = [f"ADMIN_TOKEN={admin_token}", f"ADMIN_ID={admin.id}"]
            for name in ("alice", "bob"):
                if await services.accounts.redis.exists(f"account-name:{name}"):
                    continue
                account, token = await services.accounts.create(name)
                lines += [f"{name.upper()}_TOKEN={token}", f"{name.upper()}_ID={account.id}"]
            write_private(tokens, "\n".join(lines) + "\n")
    finally:
        await services.close()


if __name__ == "__main__":
    sys.exit(main())
