"""RQ jobs (deadline timers, solver/analysis jobs) and the worker entry point ``python -m workers``."""
