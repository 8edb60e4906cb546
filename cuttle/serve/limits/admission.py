"""Who may hold a connection to the server: the pool of logins and the pool of logged-in players.

A connection still logging in (before its key is checked) is in the **logins' pool**: at most
``max_logins`` of them at once, at most ``LOGINS_PER_PREFIX`` from one network (an IPv4 /24, an
IPv6 /64: one address of an IPv6 network is as cheap as another). Once its key is checked it
leaves that pool for the **logged-in pool**, which counts nothing but logged-in connections:
unauthenticated traffic, however much of it, never refuses a player whose key logged in.

When the logins' pool is full, the newcomer and the connections in the pool are ranked, and the
worst one goes (a login in the pool is closed at once; a refused newcomer is held a while by
``login.Doorway`` and then closed):

1. the network's record: each network (and its wider one, an IPv4 /16, an IPv6 /48) gains a
   point for every connection of it that ended without logging in (closed, timed out, refused,
   made room), the points halving every ``HALF_LIFE`` seconds. A player's network has none; a
   flood's networks gain them by the hundred, so a player's connection outranks every one of
   theirs, whatever the number of addresses they have;
2. how many of the pool's logins its network holds (the most goes first);
3. how far it got: a connection that has sent nothing outranks none, one that sent its version
   line, finished the key exchange, offered a key outranks the ones before;
4. its age: the oldest goes first (the newcomer is the youngest).

So a flood of silent or slow connections from many networks takes turns among itself, and a
player, whose network has no record and whose connection moves at once, gets in.
"""

from __future__ import annotations

import functools
import ipaddress
import math
import time
from collections.abc import Callable
from typing import Any, Protocol

from cuttle.serve.limits import refusals

LOGINS_PER_PREFIX = 4  # connections logging in at once from one network (/24, /64)
HALF_LIFE = 60.0  # seconds for a network's record to halve
WIDE_WEIGHT = 0.25  # how much the wider network's record counts (a /16, a /48)
MAX_RECORDS = 4096  # networks remembered (the lowest records are forgotten first)


class Peer(Protocol):
    """A connection as the pools see it."""

    address: str  # where it comes from
    prefix: str  # its network (``prefixes``)
    wide: str  # its wider network
    arrived: float  # when it connected (the pools' clock)

    def progress(self) -> int:
        """0: nothing received; 1: its version line; 2: key exchange done; 3: a key offered."""
        ...

    def close(self) -> None:
        """Close it at once."""
        ...

    def who(self) -> str:
        """It, for the log (its name, mark and address)."""
        ...


@functools.lru_cache(maxsize=4096)  # a flood comes back from the same addresses
def prefixes(address: str) -> tuple[str, str]:
    """The network of ``address`` and its wider network: ``127.0.1.0/24`` and ``127.0.0.0/16``
    for ``127.0.1.5``, the /64 and /48 of an IPv6 address (an IPv4-mapped one as IPv4); an
    address that is not an IP address is its own network."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address, address
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    narrow, wide = (24, 16) if ip.version == 4 else (64, 48)
    return (str(ipaddress.ip_network(f"{ip}/{narrow}", strict=False)),
            str(ipaddress.ip_network(f"{ip}/{wide}", strict=False)))


class Records:
    """Each network's record of connections that ended without logging in (decaying points)."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self._points: dict[str, tuple[float, float]] = {}  # network: (points, as of when)

    def of(self, network: str) -> float:
        points, when = self._points.get(network, (0.0, 0.0))
        if not points:
            return 0.0
        return points * math.pow(0.5, (self.clock() - when) / HALF_LIFE)

    def add(self, network: str, points: float = 1.0) -> None:
        self._points[network] = (self.of(network) + points, self.clock())
        if len(self._points) > MAX_RECORDS:  # forget the lower half
            kept = sorted(self._points, key=self.of, reverse=True)[: MAX_RECORDS // 2]
            self._points = {n: self._points[n] for n in kept}

    def worst(self, count: int) -> list[tuple[str, float]]:
        """The ``count`` networks (narrow or wide) with the most points, most first."""
        ranked = sorted(((n, self.of(n)) for n in self._points), key=lambda x: -x[1])
        return [(n, round(p, 1)) for n, p in ranked if p >= 0.5][:count]


class Pools:
    """The logins' pool and the logged-in pool (see the module's doc)."""

    def __init__(self, max_logins: int, max_logged_in: int,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.max_logins = max_logins
        self.max_logged_in = max_logged_in
        self.clock = clock
        self.records = Records(clock)
        self.logging_in: dict[Peer, None] = {}  # oldest first
        self.per_prefix: dict[str, int] = {}  # logins in the pool from each network
        self.logged_in: dict[Peer, str] = {}  # each logged-in connection's key
        self.per_key: dict[str, int] = {}

    def record(self, peer: Peer, known: dict[str, float] | None = None) -> float:
        """``peer``'s network's record (``known``: the records already worked out)."""
        known = {} if known is None else known
        if peer.prefix not in known:
            known[peer.prefix] = round(self.records.of(peer.prefix) +
                                       WIDE_WEIGHT * self.records.of(peer.wide), 1)
        return known[peer.prefix]

    def refuses(self, peer: Peer) -> str | None:
        """Whether ``peer`` would be refused (``"per-prefix"``, ``"full"``) or let in (None),
        nothing changed."""
        held = self.per_prefix.get(peer.prefix, 0)
        if held >= LOGINS_PER_PREFIX:
            return "per-prefix"
        if len(self.logging_in) >= self.max_logins and self._worst(peer, held) is None:
            return "full"
        return None

    def enter(self, peer: Peer) -> tuple[str, Peer | None] | None:
        """A new connection wants to log in: None (it is in the pool), or why it is closed at
        once (``"per-prefix"`` or ``"full"``) with None; or ``"made room"`` with the connection
        closed to make room for it (the caller closes it and says so)."""
        held = self.per_prefix.get(peer.prefix, 0)
        if held >= LOGINS_PER_PREFIX:
            self.failed(peer)
            return "per-prefix", None
        victim: Peer | None = None  # (what refuses() says, and the login that makes room)
        if len(self.logging_in) >= self.max_logins:
            victim = self._worst(peer, held)
            if victim is None:
                self.failed(peer)
                return "full", None
            self.leave(victim)
        self.logging_in[peer] = None
        self.per_prefix[peer.prefix] = self.per_prefix.get(peer.prefix, 0) + 1
        return ("made room", victim) if victim is not None else None

    def _worst(self, peer: Peer, held: int) -> Peer | None:
        """The login that goes to make room for ``peer`` (None: ``peer`` is the worst). Ranked
        by the network's record, then its logins in the pool, then how little the login got,
        then its age; the network's part of it worked out once a network (a flood of
        refusals costs little)."""
        known: dict[str, float] = {}
        top = max((self.record(p, known), self.per_prefix[p.prefix]) for p in self.logging_in)
        record = self.record(peer, known)
        if held and (record, held) == top:  # its own network is among the worst: one of its
            mine = top  # logins makes room for it, or it is refused
            group = [p for p in self.logging_in if p.prefix == peer.prefix]
        else:
            mine = (record, held + 1)
            if mine > top:
                return None
            group = [p for p in self.logging_in
                     if (self.record(p, known), self.per_prefix[p.prefix]) == top]
        now = self.clock()
        victim = max(group, key=lambda p: (-p.progress(), now - p.arrived))
        if mine == top and (-victim.progress(), now - victim.arrived) <= (0, 0.0):
            return None  # as far and as old as the newcomer: the newcomer is not let in
        return victim

    def failed(self, peer: Peer) -> None:
        """A login of ``peer``'s network ended without logging in: a point on its record."""
        self.records.add(peer.prefix)
        self.records.add(peer.wide)

    def logged_in_with(self, peer: Peer, key: str, per_key: int) -> str | None:
        """``peer`` logged in with ``key``: it moves to the logged-in pool; or why not
        (``"full"``: that pool is full; ``"per-key"``: ``per_key`` connections of that key are
        there already), and it leaves both pools."""
        self._out_of_logins(peer)
        if len(self.logged_in) >= self.max_logged_in:
            return "full"
        if self.per_key.get(key, 0) >= per_key:
            return "per-key"
        self.logged_in[peer] = key
        self.per_key[key] = self.per_key.get(key, 0) + 1
        return None

    def _out_of_logins(self, peer: Peer) -> bool:
        if peer not in self.logging_in:
            return False
        del self.logging_in[peer]
        left = self.per_prefix[peer.prefix] - 1
        if left:
            self.per_prefix[peer.prefix] = left
        else:
            del self.per_prefix[peer.prefix]
        return True

    def leave(self, peer: Peer) -> None:
        """``peer`` is gone: one that had not logged in adds to its network's record."""
        if self._out_of_logins(peer):
            self.failed(peer)
        key = self.logged_in.pop(peer, None)
        if key is not None:
            left = self.per_key[key] - 1
            if left:
                self.per_key[key] = left
            else:
                del self.per_key[key]


class Gate:
    """The pools of a server, and what they turn away noted in its refusals."""

    def __init__(self, max_logins: int, max_logged_in: int, per_key: int,
                 noted: refusals.Refusals) -> None:
        self.pools = Pools(max_logins, max_logged_in)
        self.per_key = per_key
        self.refusals = noted
        self.connections: set[Peer] = set()  # logging in or logged in

    def admits(self, peer: Peer) -> bool:
        """Whether ``peer`` would be let in (``connect``); a refusal is counted, logged and
        put on its network's record. Nothing else changes: called before the SSH
        connection's objects are made, so that a refused one costs next to nothing."""
        why = self.pools.refuses(peer)
        if why is not None:
            self.pools.failed(peer)
            self._refused(peer, why)
        return why is None

    def _refused(self, peer: Peer, why: str) -> None:
        cause = refusals.PER_ADDRESS if why == "per-prefix" else refusals.LOGINS_FULL
        self.refusals.note(cause, f"{peer.address} ({peer.prefix})")

    def connect(self, peer: Peer) -> bool:
        """A new connection: into the logins' pool, or False: to be closed at once."""
        found = self.pools.enter(peer)
        if found is not None and found[1] is None:
            self._refused(peer, found[0])
            return False
        if found is not None and found[1] is not None:
            victim = found[1]
            self.refusals.note(refusals.LOGINS_FULL, f"the login from {victim.address} "
                               f"closed to make room for {peer.address}")
            self.connections.discard(victim)
            victim.close()
        self.connections.add(peer)
        return True

    def logged_in(self, peer: Peer, key: str) -> str | None:
        """``peer`` logged in with ``key``: None, or why it is closed (one line for the
        player): the logged-in pool is full, or the key has ``per_key`` connections already."""
        why = self.pools.logged_in_with(peer, key, self.per_key)
        if why == "full":
            self.refusals.note(refusals.SLOTS_FULL, f"connection of {peer.who()}")
            return "The server is full; try again later."
        if why == "per-key":
            self.refusals.note(refusals.PER_KEY,
                               f"{self.per_key} connections: {peer.who()}")
            return (f"You have {self.per_key} connections to this server already (the most "
                    "for one key); close one and try again.")
        return None

    def disconnect(self, peer: Peer) -> None:
        self.connections.discard(peer)
        self.pools.leave(peer)

    def counts(self) -> dict[str, Any]:
        """The pools' counts, and the networks with the worst records (for ``--status``)."""
        pools = self.pools
        return {"logged_in": len(pools.logged_in), "max_logged_in": pools.max_logged_in,
                "logging_in": len(pools.logging_in), "max_logins": pools.max_logins,
                "networks": pools.records.worst(5)}
