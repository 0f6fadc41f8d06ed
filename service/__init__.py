"""The Litestar service, one folder per feature (``docs/architecture.md`` draws them and what may
import what): :mod:`service.matches`, :mod:`service.tournaments`, :mod:`service.ratings`,
:mod:`service.accounts`, :mod:`service.bots`, :mod:`service.webhooks`, :mod:`service.live` (live
updates), :mod:`service.jobs` (RQ queues, timers, background jobs), :mod:`service.redis` (the
Redis plumbing), :mod:`service.http` (protocol, problems) and :mod:`service.observability` (logs,
metrics); the routes in :mod:`service.api`, the web client in ``web/``. At the top: the settings,
the wiring of the parts, the app, and the command line."""
