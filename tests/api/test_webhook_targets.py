"""Where webhooks may post (``service.webhooks.targets``) and one delivery attempt
(``service.webhooks.delivery``): addresses judged in every spelling, the delivery pinned to the
address it checked (DNS rebinding), and every wait bounded — the resolver, a receiver that never
answers, one that answers a byte at a time or with an endless body."""

from __future__ import annotations

import asyncio
import ipaddress
import socket
import threading
import time

import msgspec
import pytest

from domain.errors import InvalidCommand
from service.webhooks import targets as webhook_targets
from service.webhooks.delivery import DeliveryFailed, deliver
from service.webhooks.targets import Destinations, DestinationRefused, HostNotFound, is_public, parse
from service.webhooks.webhooks import Notification, Webhook

REFUSED = ["127.0.0.1", "127.255.0.9", "0.0.0.0", "0.1.2.3", "10.0.0.1", "172.16.0.1", "192.168.1.1",
           "169.254.169.254", "100.64.0.1", "192.0.2.1", "198.18.0.1", "224.0.0.1", "239.1.2.3", "240.0.0.1",
           "255.255.255.255", "::", "::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "::127.0.0.1", "fd00::1",
           "fe80::1", "fec0::1", "ff02::1", "ff0e::1", "2002:7f00:1::", "2002:a00:1::", "64:ff9b::7f00:1",
           "64:ff9b:1::1", "2001::1", "2001:db8::1", "100::1"]
PUBLIC = ["8.8.8.8", "1.1.1.1", "93.184.215.14", "2606:4700::1111", "::ffff:8.8.8.8", "2002:808:808::",
          "64:ff9b::808:808"]


def test_only_public_addresses_pass_whatever_they_embed():
    assert [a for a in REFUSED if is_public(ipaddress.ip_address(a))] == []
    assert [a for a in PUBLIC if not is_public(ipaddress.ip_address(a))] == []


@pytest.mark.parametrize("url", ["http://user:pw@example.com/", "http://example.com@127.0.0.1/", "http://",
                                 "http://127.0.0.1\\@example.com/", "http://exa%20mple.com/", "ftp://example.com/",
                                 "http://[fe80::1%25lo]/", "example.com/hook"])
def test_urls_that_hide_or_lack_their_host_are_malformed(url):
    with pytest.raises(InvalidCommand) as refused:
        parse(url)
    assert refused.value.code == "bad_webhook_url"


def test_privileged_ports_other_than_http_and_https_are_refused():
    for port in (22, 25, 1023):
        with pytest.raises(DestinationRefused):
            parse(f"http://8.8.8.8:{port}/")
    for port in (80, 443, 1024, 8443, 65535):
        assert parse(f"https://8.8.8.8:{port}/").host == "8.8.8.8"
    assert parse("https://bücher.example/hook").raw_host == b"xn--bcher-kva.example"  # names may be international


@pytest.fixture()
def dns(monkeypatch) -> dict[str, list[str]]:
    """A resolver the test controls for the names it lists (``.test`` names); others resolve as usual."""
    answers: dict[str, list[str]] = {}
    real = socket.getaddrinfo

    def getaddrinfo(host, port, *args, **kwargs):
        if host in answers:
            value = answers[host]
            if value == ["hang"]:
                time.sleep(20)
                raise socket.gaierror("too late")
            return [(socket.AF_INET6 if ":" in a else socket.AF_INET, socket.SOCK_STREAM, 6, "", (a, port))
                    for a in value]
        return real(host, port, *args, **kwargs)

    monkeypatch.setattr(webhook_targets.socket, "getaddrinfo", getaddrinfo)
    return answers


def check(url: str, allow_private: bool = False, resolve_timeout_s: float = 2):
    return asyncio.run(Destinations(allow_private, resolve_timeout_s).check(url))


def test_a_host_is_judged_by_every_address_it_resolves_to_and_pinned_to_the_first(dns):
    dns["mixed.test"] = ["8.8.8.8", "10.0.0.1"]
    with pytest.raises(DestinationRefused) as refused:
        check("https://mixed.test/hook")
    assert refused.value.code == "webhook_destination_refused" and "10.0.0.1" in refused.value.detail
    dns["v6.test"] = ["2606:4700::1111", "8.8.8.8"]
    target = check("https://v6.test:8443/hook?x=1")
    assert target.url == "https://[2606:4700::1111]:8443/hook?x=1" and target.address == "2606:4700::1111"
    assert target.headers == {"Host": "v6.test:8443"} and target.extensions == {"sni_hostname": "v6.test"}


def test_a_resolver_that_hangs_is_given_up_on(dns):
    dns["slow.test"] = ["hang"]
    started = time.monotonic()
    with pytest.raises(HostNotFound) as refused:
        check("http://slow.test/", resolve_timeout_s=0.3)
    # given up at 0.3 s, not after the resolver's 20 s: a bound of 10 s holds on a busy machine
    assert refused.value.code == "webhook_host_not_found" and time.monotonic() - started < 10
    with pytest.raises(HostNotFound):
        check("http://nothing-here.invalid/")


class Receiver:
    """A TCP server on 127.0.0.1 answering each connection with ``behaviour(connection)``."""

    def __init__(self, behaviour):
        self.requests: list[bytes] = []
        self.socket = socket.create_server(("127.0.0.1", 0))
        self.port = self.socket.getsockname()[1]
        self.behaviour = behaviour
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            connection, _ = self.socket.accept()
            threading.Thread(target=self._answer, args=(connection,), daemon=True).start()

    def _answer(self, connection: socket.socket) -> None:
        with connection:
            connection.settimeout(10)
            try:
                self.requests.append(connection.recv(65536))
                self.behaviour(connection)
            except OSError:
                pass


def answer_204(connection):
    connection.sendall(b"HTTP/1.1 204 No Content\r\n\r\n")


def never_answer(connection):
    time.sleep(60)  # longer than the test's bound (20 s) by far


def one_byte_a_second(connection):
    for byte in b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n":
        connection.sendall(bytes([byte]))
        time.sleep(1)


def endless_body(connection):
    connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 100000000000\r\n\r\n")
    while True:
        connection.sendall(b"x" * 65536)


WEBHOOK = Webhook(id="wh_test", url="", events=["match_started"], secret="whsec_x", created_at=0)
BODY = msgspec.json.encode(Notification(delivery_id="d1", event="match_started", match_id="m1", game="trax", at=1,
                                        seats={"white": "a_1", "red": "a_2"}))


def attempt(url: str, allow_private: bool, timeout_s: float = 2) -> int:
    webhook = msgspec.structs.replace(WEBHOOK, url=url)
    return asyncio.run(deliver(webhook, BODY, Destinations(allow_private, 2), timeout_s, now=1))


def test_delivery_posts_to_the_checked_address_with_the_hosts_name(dns):
    receiver = Receiver(answer_204)
    dns["hooks.test"] = ["127.0.0.1"]  # a name only this resolver knows: the post went where it said
    assert attempt(f"http://hooks.test:{receiver.port}/in", allow_private=True) == 204
    request = receiver.requests[0].decode()
    assert request.startswith("POST /in HTTP/1.1\r\n") and f"\r\nhost: hooks.test:{receiver.port}\r\n" in request.lower()


def test_a_host_that_turns_private_after_registration_is_not_called(dns):
    """DNS rebinding: public when registered, loopback when the delivery comes."""
    receiver = Receiver(answer_204)
    url = f"http://rebind.test:{receiver.port}/in"
    dns["rebind.test"] = ["93.184.215.14"]
    assert check(url).address == "93.184.215.14"  # what registration saw
    dns["rebind.test"] = ["127.0.0.1"]
    with pytest.raises(DestinationRefused):
        attempt(url, allow_private=False)
    assert receiver.requests == []


@pytest.mark.parametrize("behaviour", [never_answer, one_byte_a_second])
def test_a_receiver_that_stalls_fails_the_attempt_within_the_timeout(behaviour):
    receiver = Receiver(behaviour)
    started = time.monotonic()
    with pytest.raises(DeliveryFailed):
        attempt(f"http://127.0.0.1:{receiver.port}/", allow_private=True, timeout_s=1)
    # 1 s of timeout; the receiver stalls for 60 s (never_answer) or 37 s (one byte a second): a
    # bound of 20 s tells them apart on a busy machine
    assert time.monotonic() - started < 20 and len(receiver.requests) == 1


def test_an_endless_answer_body_is_never_read():
    receiver = Receiver(endless_body)
    started = time.monotonic()
    assert attempt(f"http://127.0.0.1:{receiver.port}/", allow_private=True) == 200
    assert time.monotonic() - started < 20  # (the body is 100 GB: read, it would take minutes)
