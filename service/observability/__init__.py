"""What a running server tells its operators, from the API and the workers alike: structured JSON
logs (:mod:`.logs`) and Prometheus metrics (:mod:`.metrics`). May import ``domain`` and
:mod:`service.jobs` (the queue names its labels take)."""
