"""The Redis plumbing every feature stands on: the pipelined connection and its channel subscriber
(:mod:`.pipe`), the same interface over a Redis Cluster (:mod:`.cluster_pipe`), sharded pub/sub
(:mod:`.sharded_subscriber`), leases counted in Redis (:mod:`.leases`) and the embedded Redis used
when no ``REDIS_URL`` is given (:mod:`.embedded`). May import :mod:`service.settings`,
:mod:`service.private_files` and :mod:`service.http.one_write`; no feature."""
