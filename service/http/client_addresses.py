"""Which clients count as one for every per-address bound: rate limits, account creation, streams
and long-polls, connections.

An IPv4 address is one client. An IPv6 client is its prefix (``IPV6_PREFIX``, /64 by default): a
single host is commonly given a whole /64, so counting exact IPv6 addresses would give one
attacker 2**64 buckets. An IPv4 address written as IPv6 (``::ffff:192.0.2.1``) counts as itself.
Anything that is not an IP address (a Unix socket's peer, a test client's name) counts as written.

>>> client_group("2001:db8:1:2:3:4:5:6", 64), client_group("2001:db8:1:2::ffff", 64)
('2001:db8:1:2::/64', '2001:db8:1:2::/64')
>>> client_group("2001:db8:1:2::1", 128), client_group("2001:db8:1:2::1", 48)
('2001:db8:1:2::1', '2001:db8:1::/48')
>>> client_group("::ffff:192.0.2.1", 64), client_group("192.0.2.1", 64), client_group("testclient", 64)
('192.0.2.1', '192.0.2.1', 'testclient')
"""

from __future__ import annotations

import functools
import ipaddress


@functools.lru_cache(maxsize=8192)
def client_group(address: str, ipv6_prefix: int) -> str:
    """The key ``address`` is counted under (cached: a parse costs about 2 µs, a hit 0.1)."""
    try:
        ip = ipaddress.ip_address(address.partition("%")[0])  # (a scope id, fe80::1%eth0, is not a client's)
    except ValueError:
        return address
    if ip.version == 4:
        return str(ip)
    if ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    if ipv6_prefix >= 128:
        return str(ip)
    return str(ipaddress.IPv6Network((ip, ipv6_prefix), strict=False))
