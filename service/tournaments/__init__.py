"""Tournaments: stored in Redis, changed by compare-and-set and played as ordinary matches
(:mod:`.tournaments`), what people do to one (:mod:`.acts`), the events each change makes
(:mod:`.events`) and the stream they are read from (:mod:`.event_stream`). May import ``domain``,
:mod:`service.settings`, :mod:`service.redis`, :mod:`service.http` (problems), :mod:`service.live`,
:mod:`service.accounts`, :mod:`service.bots` and :mod:`service.matches`."""
