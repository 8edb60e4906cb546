"""Seats and turn order: who plays after whom, who is whose opponent, and how a side is named.

One table of this per (players, mode, seats out), computed once and shared by every game of that
shape, so the rules read ``seats.nxt[p]`` and ``seats.opps[p]`` where the two-player code read
``1 - p``. A two-player game is the N-seat game with N = 2: ``nxt = (1, 0)``,
``opps = ((1,), (0,))``.
"""

from __future__ import annotations


class Seating:
    """The seats of one table. ``nxt[s]`` is the seat still in that plays after seat ``s`` (for a
    seat out too: the one after it); ``opps[s]`` the opponents of ``s`` still in, in turn order
    after ``s``; ``around[s]`` every seat still in, in turn order after ``s``, ``s`` itself last
    (when it is in); ``opp_bits[s]`` the opponents as a bitmask; ``opp1[s]`` the one opponent
    with two players, -1 at three or four seats (where moves name their seat).

    A plain class with slots, not a named tuple: the rules read these fields on every move, and
    slot reads are the interpreter's fastest."""

    __slots__ = ("players", "teams", "out", "nxt", "opps", "around", "opp_bits", "opp1")

    def __init__(self, players: int, teams: bool, out: tuple[int, ...], nxt: tuple[int, ...],
                 opps: tuple[tuple[int, ...], ...], around: tuple[tuple[int, ...], ...],
                 opp_bits: tuple[int, ...]) -> None:
        self.players = players
        self.teams = teams
        self.out = out
        self.nxt = nxt
        self.opps = opps
        self.around = around
        self.opp_bits = opp_bits
        self.opp1 = tuple(o[0] if players == 2 else -1 for o in opps)

    def __repr__(self) -> str:
        return f"Seating(players={self.players}, teams={self.teams}, out={self.out})"

    def is_opponent(self, a: int, b: int) -> bool:
        """True when ``b`` is an opponent of ``a`` (and still in)."""
        return bool(self.opp_bits[a] >> b & 1)

    def side(self, seat: int) -> str:
        """The outcome naming ``seat``'s side: ``p0``.. or, in teams, ``team0``/``team1``."""
        return f"team{seat & 1}" if self.teams else f"p{seat}"

    def partner(self, seat: int) -> int | None:
        """``seat``'s partner in teams (seats 0 and 2, 1 and 3); None otherwise."""
        return seat ^ 2 if self.teams else None


_CACHE: dict[tuple[int, bool, tuple[int, ...]], Seating] = {}


def seating(players: int, teams: bool = False, out: tuple[int, ...] = ()) -> Seating:
    """The seating of ``players`` seats (teams: two teams of two) with the seats ``out`` gone."""
    key = (players, teams, out)
    found = _CACHE.get(key)
    if found is not None:
        return found
    seats = range(players)
    inside = [s for s in seats if s not in out]

    def after(s: int) -> list[int]:
        return [(s + i) % players for i in range(1, players + 1) if (s + i) % players in inside]

    def opposed(a: int, b: int) -> bool:
        return a != b and (not teams or (a ^ b) & 1 == 1)

    nxt = tuple(after(s)[0] if inside else s for s in seats)
    opps = tuple(tuple(b for b in after(s) if opposed(s, b)) for s in seats)
    around = tuple(tuple(after(s)) for s in seats)
    opp_bits = tuple(sum(1 << b for b in o) for o in opps)
    found = _CACHE[key] = Seating(players, teams, tuple(sorted(out)), nxt, opps, around, opp_bits)
    return found


TWO = seating(2)
