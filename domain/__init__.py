"""Pure game rules: no I/O, no wall clock, no global randomness.

Every game is a decider (see :mod:`domain.game`); :mod:`domain.match` wraps any game in the shared
match lifecycle (seats, readiness, pregame seat choice, resignation, timeouts).
"""
