"""Matches: the application service that applies a command and serves what a viewer sees
(:mod:`.match_service`), the event store (one Redis stream per match, appended by one Lua script:
:mod:`.event_store`), the read models projected from it (:mod:`.read_models`), the one visibility
gate (:mod:`.visibility`), challenges (:mod:`.challenges`), game records (:mod:`.records`) and the
analyses asked for over the API (:mod:`.analyses`). May import ``domain``, :mod:`service.settings`,
:mod:`service.redis`, :mod:`service.http` (problems), :mod:`service.observability`,
:mod:`service.live` and :mod:`service.accounts`."""
