"""Accounts and who is calling: accounts and their bearer tokens (:mod:`.accounts`), the tokens an
account mints with fewer scopes (:mod:`.tokens`), the organizers an account lets seat it in rated
matches (:mod:`.consents`), finding a request's caller from its bearer token
(:mod:`.authentication`), and the rate budgets every request is counted against, with the middleware
that finds the caller and counts the request in one pass (:mod:`.rate_limits`). May import
``domain``, :mod:`service.settings`, :mod:`service.redis` and :mod:`service.http` (problems);
nothing else of the service."""
