"""Webhooks: the URLs an organizer registers and the notifications sent to them (:mod:`.webhooks`),
where a webhook may post (:mod:`.targets`, public addresses only) and one delivery attempt
(:mod:`.delivery`). May import ``domain``, :mod:`service.settings`, :mod:`service.redis`,
:mod:`service.http` (problems), :mod:`service.live` (feed milestones) and :mod:`service.tournaments`
(their events)."""
