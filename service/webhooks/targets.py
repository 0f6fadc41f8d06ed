"""Where a webhook may post: public addresses only, judged by what its host resolves to.

A URL chosen by an organizer could aim the workers at the server's own Redis, a cloud metadata
endpoint or anything else on the private network. So a destination is judged by the addresses its
host resolves to, whatever its spelling (``127.1``, ``0x7f000001``, ``2130706433``,
``[::ffff:127.0.0.1]`` and ``localhost`` all resolve to loopback): when the webhook is registered,
and again at every delivery, which then connects to the very address it checked (:class:`Target`:
the URL names the address, ``Host`` and TLS still name the host), so a DNS answer that changes in
between (DNS rebinding) cannot reach a private address.

Refused: any address :mod:`ipaddress` does not call global, and multicast, reserved and site-local
ones (loopback, RFC 1918, ULA, link-local, CGNAT ``100.64/10``, unspecified, documentation...); an
IPv6 address that carries an IPv4 one (IPv4-mapped, 6to4, NAT64 ``64:ff9b::/96``) is judged by
that one, Teredo is refused. A host with one refused address is refused. Ports: 80, 443 and
1024-65535 (the other privileged ports are other protocols' services). ``WEBHOOK_ALLOW_PRIVATE=1``
turns the address filter off.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import ipaddress
import re
import socket

import httpx
import msgspec

from domain.errors import InvalidCommand

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
NAT64 = ipaddress.IPv6Network("64:ff9b::/96")
HOSTNAME = re.compile(r"^[A-Za-z0-9_.-]+$")
_RESOLVERS = concurrent.futures.ThreadPoolExecutor(max_workers=4, thread_name_prefix="webhook-resolve")
"""getaddrinfo blocks and cannot be cancelled: at most 4 threads ever wait on it, apart from the rest."""


class DestinationRefused(InvalidCommand):
    """The URL's host is (or resolves to) an address webhooks may not reach; it stays refused."""

    def __init__(self, detail: str):
        super().__init__("webhook_destination_refused", detail)


class HostNotFound(InvalidCommand):
    """The URL's host did not resolve (in time); it may later."""

    def __init__(self, detail: str):
        super().__init__("webhook_host_not_found", detail)


class Target(msgspec.Struct, frozen=True):
    """A checked destination: post to ``url`` (its host replaced by the checked address) with
    ``headers`` (the original ``Host``) and httpx ``extensions`` (TLS verifies the original host)."""

    url: str
    address: str
    headers: dict[str, str]
    extensions: dict[str, str]


def parse(url: str) -> httpx.URL:
    """``url`` as httpx will send it, if it is an absolute http(s) URL with a plain host, no user
    info and a port webhooks may use; else :class:`InvalidCommand` or :class:`DestinationRefused`."""
    try:
        parsed = httpx.URL(url)
    except (httpx.InvalidURL, ValueError):
        parsed = None
    if parsed is None or parsed.scheme not in ("http", "https") or not parsed.host or any(
            c.isspace() or c == "\\" for c in url):
        raise InvalidCommand("bad_webhook_url", "A webhook URL is an absolute http:// or https:// URL with a host.")
    if parsed.userinfo:
        raise InvalidCommand("bad_webhook_url", "A webhook URL may not carry a user name or password before its host.")
    host = parsed.raw_host.decode("ascii")  # an internationalized name as DNS knows it: xn--...
    if not (HOSTNAME.match(host) or ("%" not in host and _literal(host))):
        raise InvalidCommand("bad_webhook_url", "A webhook URL's host is a domain name or an IP address.")
    port = parsed.port
    if port is not None and not (port in (80, 443) or 1024 <= port <= 65535):
        raise DestinationRefused(f"Webhooks post to port 80, 443 or 1024-65535, not {port}.")
    return parsed


def _literal(host: str) -> IPAddress | None:
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        return None


def is_public(address: IPAddress) -> bool:
    """Whether a webhook may reach ``address`` (see the module's docstring)."""
    if isinstance(address, ipaddress.IPv6Address):
        if address.teredo:
            return False
        embedded = address.ipv4_mapped or address.sixtofour or (
            ipaddress.IPv4Address(int(address) & 0xFFFFFFFF) if address in NAT64 else None)
        if embedded is not None:
            return is_public(embedded)
        if address.is_site_local:
            return False
    return address.is_global and not (address.is_multicast or address.is_reserved or address.is_private
                                      or address.is_loopback or address.is_link_local or address.is_unspecified)


class Destinations:
    """Checks webhook URLs: ``allow_private`` turns the address filter off; resolving a host may
    take ``resolve_timeout_s``."""

    def __init__(self, allow_private: bool, resolve_timeout_s: float):
        self.allow_private = allow_private
        self.resolve_timeout_s = resolve_timeout_s

    async def check(self, url: str) -> Target:
        """The checked :class:`Target` of ``url``, or the refusal (:func:`parse`,
        :class:`DestinationRefused`, :class:`HostNotFound`)."""
        parsed = parse(url)
        host = parsed.raw_host.decode("ascii")
        port = parsed.port or (443 if parsed.scheme == "https" else 80)
        addresses = await self.resolve(host, port)
        refused = [a for a in addresses if not (self.allow_private or is_public(a))]
        if refused:
            shown = host if _literal(host) == refused[0] else f"{host} ({refused[0]})"
            raise DestinationRefused(f"Webhooks post to public addresses only; {shown} is loopback, private, "
                                     "link-local, multicast or otherwise not public.")
        address = str(addresses[0])
        extensions = {"sni_hostname": host} if parsed.scheme == "https" else {}
        return Target(url=str(parsed.copy_with(host=address)), address=address,
                      headers={"Host": parsed.netloc.decode("ascii")}, extensions=extensions)

    async def resolve(self, host: str, port: int) -> list[IPAddress]:
        """Every address ``host`` resolves to, in the resolver's order of preference."""
        loop = asyncio.get_running_loop()
        lookup = loop.run_in_executor(_RESOLVERS, socket.getaddrinfo, host, port, 0, socket.SOCK_STREAM)
        try:
            found = await asyncio.wait_for(lookup, self.resolve_timeout_s)
        except (TimeoutError, OSError, UnicodeError):
            raise HostNotFound(f"The webhook's host {host} did not resolve to an address "
                               f"(within {self.resolve_timeout_s} s).") from None
        addresses = list(dict.fromkeys(ipaddress.ip_address(str(info[4][0]).partition("%")[0]) for info in found))
        if not addresses:
            raise HostNotFound(f"The webhook's host {host} resolved to no address.")
        return addresses
