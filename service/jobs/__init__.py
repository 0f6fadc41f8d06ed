"""Work the server queues on RQ: the queues by kind and the worker pools that serve them
(:mod:`.queues`), the deadline timers (:mod:`.timers`), and the solver jobs and bot turns a match
waits on (:mod:`.background`). The jobs themselves run in :mod:`workers`. May import ``domain``,
:mod:`service.settings` and :mod:`service.bots`."""
