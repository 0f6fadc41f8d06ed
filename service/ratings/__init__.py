"""Ratings: the rating model, pure functions over openskill (:mod:`.model`), and the projection of the
match streams that keeps one rating per account per game (:mod:`.ratings`). May import ``domain``,
:mod:`service.settings`, :mod:`service.redis` and :mod:`service.matches` (the read models it
projects from)."""
