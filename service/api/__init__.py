"""HTTP routes, grouped by resource: Litestar controllers, their schemas and dependencies. May import
every feature folder and :mod:`service.wiring`; no feature imports them (``docs/architecture.md``)."""
