"""This machine's address on the local network: the one the phones at the table open.

Found without sending anything: connecting a UDP socket only asks the system which route, and so
which of its own addresses, it would use to reach an address; no packet leaves the machine.
"""

import ipaddress
import socket

# One address in each private range, then one that only a default route reaches (TEST-NET-2):
# a home network is one of the first three, and whichever has a route answers.
ROUTED_TO = ("192.168.254.254", "10.254.254.254", "172.31.254.254", "198.51.100.254")
WILDCARDS = ("", "0", "0.0.0.0", "::")


def machine_addresses() -> list[str]:
    """This machine's own IPv4 addresses on the routes to other machines, most likely first."""
    found: list[str] = []
    for destination in ROUTED_TO:
        address = source_address_towards(destination)
        if address and address not in found:
            found.append(address)
    return found


def lan_address() -> str | None:
    """The address other machines on this network reach this one at, None when it has none."""
    return next(iter(machine_addresses()), None)


def source_address_towards(destination: str) -> str | None:
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect((destination, 9))
            address = probe.getsockname()[0]
    except OSError:  # no route to that range
        return None
    ip = ipaddress.ip_address(address)
    return None if ip.is_loopback or ip.is_unspecified or ip.is_link_local else address


def is_wildcard(host: str) -> bool:
    """Whether a server bound to `host` listens on every address of the machine."""
    return host in WILDCARDS


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False
