"""The RQ queues, and which worker processes serve which.

Work is queued by kind, so that nothing a player or an organizer can ask for delays a clock or a
bot. In priority order:

- ``timers`` — deadline timers (tiny: one command each);
- ``bots`` — the built-in bots' turns;
- ``solvers`` — solver work a match waits on (a Duorail challenge, a MonUnrail Impossible);
- ``webhooks`` — deliveries to organizers' servers (they wait on other servers);
- ``analysis`` — analyses asked for over the API.

``serve`` starts one worker process per pool (:data:`POOLS`), so a timer never waits behind a bot,
and neither waits behind a solver, an analysis or a hanging webhook receiver: each pool has its own
process. Every job that computes (a bot's turn, solver work, an analysis) runs in a child process
that is killed at its wall-clock limit (:mod:`workers.limits`), compiled code included.
"""

from __future__ import annotations

TIMERS = "timers"
BOTS = "bots"
SOLVERS = "solvers"
WEBHOOKS = "webhooks"
ANALYSIS = "analysis"

PRIORITY: tuple[str, ...] = (TIMERS, BOTS, SOLVERS, WEBHOOKS, ANALYSIS)
"""Every queue, most urgent first (a worker given several serves them in this order)."""

POOLS: dict[str, tuple[str, ...]] = {
    "timers": (TIMERS,),
    "play": (BOTS, SOLVERS),
    "webhooks": (WEBHOOKS,),
    "analysis": (ANALYSIS,),
}
"""The worker processes ``serve`` starts: one per pool (``--workers N``: N of the ``play`` pool)."""
