"""HTTP concerns below the routes: uvicorn's httptools protocol with capped header fields
(:mod:`.protocol`), the one-write-per-turn transport it and the Redis pipe share (:mod:`.one_write`),
RFC 9457 problems and the list of their codes (:mod:`.problems`, :mod:`.problem_codes`), and the
ASGI layer that measures, logs and numbers each request (:mod:`.observed_requests`). May import
``domain``, :mod:`service.settings` and :mod:`service.observability`; the routes are in
:mod:`service.api`."""
