"""One delivery attempt: check the destination again, post to the checked address, judge the answer.

The destination is checked again at each attempt (:mod:`service.webhooks.targets`), since what a
host resolves to may have changed since it was registered, and the post goes to the address just
checked. The whole attempt — connecting, sending, the answer's status line and headers — must fit in
``timeout_s``; the answer's body is never read (a receiver could send gigabytes, slowly), and
neither proxies from the environment nor redirects are followed.
"""

from __future__ import annotations

import asyncio

import httpx
import msgspec

from service.webhooks.targets import Destinations
from service.webhooks.webhooks import Delivered, Webhook, signed_headers


class DeliveryFailed(Exception):
    """The receiver did not answer 2xx in time; the attempt is retried."""


async def deliver(webhook: Webhook, body: bytes, destinations: Destinations, timeout_s: float, now: int) -> int:
    """Post ``body``, signed, to ``webhook``; its 2xx status, or :class:`DeliveryFailed`, or the
    destination's refusal (:class:`~service.webhooks.targets.DestinationRefused`,
    :class:`~service.webhooks.targets.HostNotFound`)."""
    target = await destinations.check(webhook.url)
    headers = {**signed_headers(webhook, msgspec.json.decode(body, type=Delivered), body, now), **target.headers}
    try:
        async with asyncio.timeout(timeout_s):
            async with httpx.AsyncClient(timeout=timeout_s, follow_redirects=False, trust_env=False) as client:
                async with client.stream("POST", target.url, content=body, headers=headers,
                                         extensions=target.extensions) as response:
                    status = response.status_code
    except (TimeoutError, httpx.HTTPError) as e:
        raise DeliveryFailed(f"webhook {webhook.id} at {target.address}: {type(e).__name__} {e}".strip()) from None
    if not 200 <= status < 300:
        raise DeliveryFailed(f"webhook {webhook.id} at {target.address} answered {status}")
    return status
