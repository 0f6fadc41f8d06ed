"""The built-in bots as the server knows them: their accounts, eight per level (:mod:`.accounts`); the
bots themselves are the domain's (:mod:`domain.bots`) and play on the workers (:mod:`workers.jobs`).
May import ``domain`` only."""
