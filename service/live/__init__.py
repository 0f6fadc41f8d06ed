"""Live updates: waking the requests that wait on a match when it changes (:mod:`.appends`, over
one pub/sub channel or sharded channels), the per-account feeds (:mod:`.feeds`) and the bounds on
open SSE streams and long-polls (:mod:`.streams`). May import ``domain``, :mod:`service.settings`,
:mod:`service.redis` and :mod:`service.observability`."""
