"""The server's ratings: every login key's rating from its finished games between people.

The model is ``openskill``'s Plackett-Luce (Weng-Lin), which rates a ranking of any number of
sides, teams and ties: two players are a ranking of two, cutthroat a ranking of three by place
(the winner first, those still in when it ended next and tied, those who conceded below them,
the first out last), 2v2 two openskill teams (seats 0 and 2 against 1 and 3), a draw a tie.
A rating is ``mu`` and ``sigma``; it is shown as ``mu - 3 sigma`` (``ordinal``), a number the
player is almost surely above, which starts at 0 and grows only with games won.

Only the people are rated: AI seats are left out of the ranking (so an AI's strength never
moves anyone's rating, and two people sharing a side against AIs are not rated at all: nobody
is ranked against anybody). A game is rated when (the anti-farming rules, docs/serve.md's
"Ratings"):

- it has people on at least two sides (a game against AIs only does not count), each with a
  key of their own; in 2v2 both teams hold as many people (a person with an AI partner is
  rated against a person with an AI partner, never against two people);
- every person made at least :data:`MIN_OWN_MOVES` moves of their own (a concession does not
  count): a concession after one move leaves every rating as it was;
- the same people (the same set of keys) have had fewer than :data:`DAILY_CAP` rated games
  that day (UTC): two keys of one person, or two friends trading wins, move a rating a few
  games a day at most;
- a seat an AI took over (its player left a 2v2, the partner let an AI play on) still counts
  as its player's, but the game is rated only when that seat's side lost: leaving a losing
  game to an AI protects no rating, and an AI that plays on is no way to win one.

Everything is kept in the server's history database (``history.db``, schema 6), in the same
transaction as the game itself: ``seat_keys`` (who sat where), ``rated`` (each game's decision),
``rating_steps`` (each person's rating after each rated game) and ``ratings`` (the current
table). :func:`update` rates one new game; :func:`rebuild` replays every game with keys in the
order of their ids through the same code, so it gives the same numbers, to the last bit. A game
that reaches the history out of that order (a kept record imported later) rebuilds the whole.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from openskill.models import PlackettLuce

from cuttle.files.gamerows import cutthroat_place, seat_score
from cuttle.files.storage import (
    CorruptFileError,
    GameRecord,
    finish_record,
    new_game,
    play_recorded,
)
from cuttle.safejson import loads_limited

MIN_OWN_MOVES = 3  # moves each person makes before a game is rated (a concession is none)
# why a game whose seat an AI finished is not rated: it counts only when that side lost (leaving
# a losing game to an AI protects no rating; an AI playing on is no way to win one)
TAKEN_OVER = "an AI finished the seat of a side that did not lose"
DAILY_CAP = 5  # rated games a day (UTC) for the same people
MODEL = PlackettLuce()  # mu 25, sigma 25/3: a newcomer's ordinal is 0
Z = 3.0  # the shown rating is mu - Z * sigma
# an entry of the server's finished games written this soon after its game's end was written by
# the server that played it, with the keys in seat order (one made later from the games list,
# as an earlier server's list brought over, holds them in no order)
WRITTEN_WITHIN = (-2.0, 120.0)


def shown(mu: float, sigma: float) -> float:
    """The rating shown: ``mu - 3 sigma`` (openskill's ordinal)."""
    return mu - Z * sigma


@dataclass(frozen=True)
class Standing:
    """One key's line in the table."""

    key: str
    name: str
    mu: float
    sigma: float
    games: int
    wins: int

    @property
    def rating(self) -> float:
        return shown(self.mu, self.sigma)


@dataclass(frozen=True)
class Outcome:
    """What a replayed game says about its seats: each seat's place (0 the best; equal places
    tie) and how many moves each seat made of its own."""

    places: tuple[int, ...]
    own_moves: tuple[int, ...]
    winners: frozenset[int]


def outcome_of(record: GameRecord) -> Outcome:
    """Replay ``record`` (every move checked) and rank its seats; CorruptFileError if it does
    not replay."""
    game = new_game(record)
    own = [0] * game.players
    gone: list[int] = []  # the seats that conceded, in the order they went out
    for i, move in enumerate(record.moves, start=1):
        if game.outcome is not None:
            raise CorruptFileError(f"record: move {i} comes after the end of the game")
        try:
            seat = play_recorded(game, move)
        except ValueError as exc:
            raise CorruptFileError(f"record: move {i} is not legal ({exc})") from None
        if move.startswith("concede"):
            gone.append(seat)
        else:
            own[seat] += 1
    finish_record(game, record)
    n = game.players
    result = game.outcome
    if result is not None and result.startswith("team"):
        winners = frozenset(s for s in range(n) if f"team{s % 2}" == result)
        places = tuple(0 if s in winners else 1 for s in range(n))
    else:
        winners = frozenset(s for s in range(n) if f"p{s}" == result)
        still = 0 if not winners else 1  # a draw: those still in share the first place
        places = tuple(
            0 if s in winners else still if s not in gone else still + len(gone) - gone.index(s)
            for s in range(n)
        )
    return Outcome(places, tuple(own), winners)


@dataclass(frozen=True)
class Decision:
    """Whether a game is rated, and why not; the people's seats and keys."""

    counted: bool
    why: str
    seats: tuple[int, ...] = ()
    keys: tuple[str, ...] = ()
    outcome: Outcome | None = None

    @property
    def people(self) -> str:
        """The set of keys, as the daily cap counts them."""
        return " ".join(sorted(self.keys))


def decide(record: GameRecord, keys: dict[int, str], done_today: int) -> Decision:
    """The anti-farming rules (the module's text) for one game; ``keys``: seat -> login key
    of the people; ``done_today``: the rated games these people had already that day."""
    seats = tuple(sorted(s for s in keys if s < len(record.players)))
    people = tuple(keys[s] for s in seats)

    def no(why: str) -> Decision:
        return Decision(False, why, seats, people)

    if len(seats) < 2:
        return no("fewer than two people")
    if len(set(people)) < len(people):
        return no("one key at two seats")
    if record.outcome is None:
        return no("not finished")
    try:
        outcome = outcome_of(record)
    except CorruptFileError:
        return no("its record does not replay")
    if len(record.players) == 4:
        sides = [sum(1 for s in seats if s % 2 == t) for t in (0, 1)]
        if 0 in sides:
            return no("the people were all on one side")
        if sides[0] != sides[1]:
            return no("one person against two people")
    short = [s for s in seats if outcome.own_moves[s] < MIN_OWN_MOVES]
    if short:
        return no(f"a player made fewer than {MIN_OWN_MOVES} moves")
    if any(not lost(record, outcome, s) for s in taken_over(record, seats)):
        return no(TAKEN_OVER)
    if done_today >= DAILY_CAP:
        return no(f"the same players' {DAILY_CAP} rated games today were played")
    return Decision(True, "", seats, people, outcome)


def taken_over(record: GameRecord, seats: Sequence[int]) -> list[int]:
    """The people's seats (``seats``: those with a key) that an AI finished: their player
    left and an AI took the seat over (teams), so the record names an AI controller there."""
    return [s for s in seats if s < len(record.controllers) and record.controllers[s] != "human"]


def lost(record: GameRecord, outcome: Outcome, seat: int) -> bool:
    """Did ``seat`` (its side, in teams) lose the game (not a win, not a draw)?"""
    return record.outcome != "draw" and seat not in outcome.winners


# == the database (inside the history's transaction) ===========================================
def update(con: sqlite3.Connection, game_id: int) -> None:
    """Rate the game ``game_id`` just stored (with its ``seat_keys``), inside the caller's
    transaction; a game that is not the newest with keys, or one left unrated before it (a
    failed update), rebuilds every rating instead."""
    if con.execute("SELECT 1 FROM rated WHERE game_id = ?", (game_id,)).fetchone():
        return  # rated already (the same game stored again)
    newest = con.execute("SELECT max(game_id) FROM rated").fetchone()[0]
    missing = con.execute(
        "SELECT min(k.game_id) FROM seat_keys k JOIN games g ON g.id = k.game_id"
        " WHERE k.game_id NOT IN (SELECT game_id FROM rated)"
    ).fetchone()[0]
    if (newest is not None and newest > game_id) or (missing is not None and missing < game_id):
        rebuild(con)
    else:
        _rate_one(con, game_id)


def rebuild(con: sqlite3.Connection) -> int:
    """Every rating made again from the games with keys, in the order of their ids, inside
    the caller's transaction; returns how many games were rated."""
    for table in ("ratings", "rated", "rating_steps"):
        con.execute(f"DELETE FROM {table}")
    ids = [r[0] for r in con.execute("SELECT DISTINCT game_id FROM seat_keys ORDER BY game_id")]
    return sum(_rate_one(con, game_id) for game_id in ids)


def _rate_one(con: sqlite3.Connection, game_id: int) -> bool:
    """Decide on one game and, when it counts, move its people's ratings; True if rated."""
    row = con.execute(
        "SELECT record, finished_at FROM games WHERE id = ?", (game_id,)
    ).fetchone()
    if row is None:
        return False  # keys of a game deleted since
    keys = {int(s): str(k) for s, k in con.execute(
        "SELECT seat, key FROM seat_keys WHERE game_id = ?", (game_id,))}
    day = str(row[1])[:10]
    try:
        record = GameRecord.from_json(loads_limited(row[0]), f"game {game_id}")
    except (ValueError, CorruptFileError):
        decision = Decision(False, "its record is not usable", tuple(keys), tuple(keys.values()))
    else:
        people = " ".join(sorted(keys.values()))
        done = con.execute(
            "SELECT count(*) FROM rated WHERE people = ? AND day = ? AND counted = 1",
            (people, day),
        ).fetchone()[0]
        decision = decide(record, keys, int(done))
    con.execute(
        "INSERT INTO rated (game_id, counted, why, people, day) VALUES (?, ?, ?, ?, ?)",
        (game_id, int(decision.counted), decision.why, decision.people, day),
    )
    if not decision.counted or decision.outcome is None:
        return False
    _move_ratings(con, game_id, record, decision, decision.outcome)
    return True


def _move_ratings(con: sqlite3.Connection, game_id: int, record: GameRecord,
                  decision: Decision, outcome: Outcome) -> None:
    """openskill's update for the people of a rated game, written to ``ratings`` and
    ``rating_steps``."""
    before = {key: current(con, key) for key in decision.keys}
    if len(record.players) == 4:  # two openskill teams: seats 0 and 2, seats 1 and 3
        sides = [[s for s in decision.seats if s % 2 == t] for t in (0, 1)]
    else:
        sides = [[s] for s in decision.seats]
    key_of = dict(zip(decision.seats, decision.keys, strict=True))
    teams = [[MODEL.rating(mu=before[key_of[s]][0], sigma=before[key_of[s]][1]) for s in side]
             for side in sides]
    ranks = [float(outcome.places[side[0]]) for side in sides]
    after = MODEL.rate(teams, ranks=ranks)
    for side, rated in zip(sides, after, strict=True):
        for seat, rating in zip(side, rated, strict=True):
            key = key_of[seat]
            mu, sigma = float(rating.mu), float(rating.sigma)
            won = int(seat in outcome.winners)
            con.execute(
                "INSERT INTO ratings (key, name, mu, sigma, games, wins) VALUES (?, ?, ?, ?, 1, ?)"
                " ON CONFLICT(key) DO UPDATE SET name = excluded.name, mu = excluded.mu,"
                " sigma = excluded.sigma, games = games + 1, wins = wins + excluded.wins",
                (key, record.players[seat], mu, sigma, won),
            )
            con.execute(
                "INSERT INTO rating_steps (game_id, key, place, before, mu, sigma)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, key, outcome.places[seat], shown(*before[key]), mu, sigma),
            )


def current(con: sqlite3.Connection, key: str) -> tuple[float, float]:
    """``key``'s (mu, sigma) now; a newcomer's when it has none."""
    row = con.execute("SELECT mu, sigma FROM ratings WHERE key = ?", (key,)).fetchone()
    if row is None:
        return float(MODEL.mu), float(MODEL.sigma)
    return float(row[0]), float(row[1])


# == games recorded before the history kept their keys (schema 6) ===============================
def unkeyed(con: sqlite3.Connection) -> list[tuple[int, str, int]]:
    """The games no seat's key was kept for: (id, finished_at, number of seats)."""
    rows = con.execute(
        "SELECT id, finished_at, more_seats FROM games"
        " WHERE id NOT IN (SELECT game_id FROM seat_keys) ORDER BY id"
    ).fetchall()
    out = []
    for gid, finished, more in rows:
        try:
            extra = loads_limited(more) if more else []
        except ValueError:
            continue
        if isinstance(gid, int) and isinstance(finished, str) and isinstance(extra, list):
            out.append((gid, finished, 2 + len(extra)))
    return out


def recovered_keys(keys: object, seats: int, written: float,
                   finished_at: str) -> list[str | None] | None:
    """The seats' keys a finished game's entry (its ``keys``, the file written at ``written``)
    gives back, when they can be trusted: one a seat (None for an AI), two people at least,
    and the entry written as the game ended (``WRITTEN_WITHIN``), so in seat order; else None."""
    if not isinstance(keys, list) or len(keys) != seats:
        return None
    if not all(k is None or (isinstance(k, str) and 0 < len(k) <= 100) for k in keys):
        return None
    if sum(k is not None for k in keys) < 2:
        return None
    try:
        ended = datetime.fromisoformat(finished_at).timestamp()
    except ValueError:
        return None
    low, high = WRITTEN_WITHIN
    return keys if low <= written - ended <= high else None


def without_keys(con: sqlite3.Connection, game_ids: list[int]) -> int:
    """How many of ``game_ids`` (a key's finished games) are in the history without their
    seats' keys: never rated."""
    keyed = {r[0] for r in con.execute("SELECT DISTINCT game_id FROM seat_keys")}
    stored = {r[0] for r in con.execute("SELECT id FROM games")}
    return len([i for i in game_ids if i in stored and i not in keyed])


def add_keys(con: sqlite3.Connection, found: dict[int, list[str | None]]) -> int:
    """Keep the keys ``found`` (game id -> each seat's key) and make every rating again with
    them, inside the caller's transaction; returns how many games were rated."""
    for game_id, keys in found.items():
        for seat, key in enumerate(keys):
            if key is not None:
                con.execute("INSERT OR IGNORE INTO seat_keys (game_id, seat, key)"
                            " VALUES (?, ?, ?)", (game_id, seat, key))
    return rebuild(con)


# == reading ===================================================================================
def table(con: sqlite3.Connection, limit: int) -> list[Standing]:
    """The best ``limit`` keys by shown rating (then more games, then the key)."""
    rows = con.execute(
        "SELECT key, name, mu, sigma, games, wins FROM ratings"
        " ORDER BY mu - ? * sigma DESC, games DESC, key LIMIT ?", (Z, limit)
    ).fetchall()
    return [s for s in (_standing(r) for r in rows) if s is not None]


def standing(con: sqlite3.Connection, key: str) -> tuple[Standing | None, int, int]:
    """``key``'s line, its place in the table (1 the best; 0 without a rated game) and how
    many keys the table holds."""
    total = int(con.execute("SELECT count(*) FROM ratings").fetchone()[0])
    row = con.execute(
        "SELECT key, name, mu, sigma, games, wins FROM ratings WHERE key = ?", (key,)
    ).fetchone()
    line = _standing(row) if row is not None else None
    if line is None:
        return None, 0, total
    above = con.execute(
        "SELECT count(*) FROM ratings WHERE mu - ? * sigma > ?", (Z, line.rating)
    ).fetchone()[0]
    return line, int(above) + 1, total


@dataclass(frozen=True)
class Played:
    """One of a key's recent games on the server, as ``me`` lists it."""

    game_id: int
    finished_at: str
    rules: str
    result: str  # won, lost, draw (the key's seat, or its team)
    counted: bool | None  # None: not decided (the ratings are being rebuilt)
    why: str  # why it was not rated
    before: float | None  # the shown rating before and after a rated game
    after: float | None
    left: bool = False  # the key's player left and an AI finished the seat


def recent(con: sqlite3.Connection, key: str, limit: int) -> list[Played]:
    """``key``'s latest ``limit`` games, newest first (a row that does not fit is left out)."""
    rows = con.execute(
        "SELECT g.id, g.finished_at, g.rules, k.seat, g.outcome, r.counted, r.why,"
        " t.before, t.mu, t.sigma, g.record FROM seat_keys k JOIN games g ON g.id = k.game_id"
        " LEFT JOIN rated r ON r.game_id = g.id"
        " LEFT JOIN rating_steps t ON t.game_id = g.id AND t.key = k.key"
        " WHERE k.key = ? GROUP BY g.id ORDER BY g.id DESC LIMIT ?", (key, limit)
    ).fetchall()
    out = []
    for gid, finished, rules, seat, result, counted, why, before, mu, sigma, text in rows:
        if not (isinstance(gid, int) and isinstance(finished, str) and isinstance(rules, str)
                and isinstance(seat, int) and isinstance(result, str)):
            continue
        record = record_of(gid, text)
        out.append(Played(
            gid, finished, rules, result_words(result, seat, record),
            None if counted is None else bool(counted), why if isinstance(why, str) else "",
            before if isinstance(before, float) else None,
            shown(mu, sigma) if isinstance(mu, float) and isinstance(sigma, float) else None,
            left=record is not None and bool(taken_over(record, [seat])),
        ))
    return out


def record_of(game_id: int, text: object) -> GameRecord | None:
    """A stored record read back (checked as any file); None when it does not read."""
    try:
        return GameRecord.from_json(loads_limited(str(text)), f"game {game_id}")
    except (ValueError, CorruptFileError):
        return None


def result_words(result: str, seat: int, record: GameRecord | None) -> str:
    """A game's result for ``seat``: ``won``, ``lost``, ``draw``; ``team won``/``team lost``
    in 2v2; the place in cutthroat (``2nd of 3, tied``) read from the stored record."""
    score = seat_score(result, seat)
    words = "won" if score == 1 else "lost" if score == 0 else "draw"
    if result.startswith("team"):
        return f"team {words}"
    if record is None:
        return words
    place = cutthroat_place(result, record.moves, seat) if len(record.players) == 3 else ""
    return place or words


def seat_keys(con: sqlite3.Connection, game_ids: Sequence[int]) -> dict[int, dict[int, str]]:
    """Each of ``game_ids``'s people: game id -> {seat: login key} (games without: left out)."""
    found: dict[int, dict[int, str]] = {}
    for start in range(0, len(game_ids), 500):
        part = list(game_ids[start:start + 500])
        marks = ",".join("?" * len(part))
        for gid, seat, key in con.execute(
            f"SELECT game_id, seat, key FROM seat_keys WHERE game_id IN ({marks})", part
        ):
            if isinstance(gid, int) and isinstance(seat, int) and isinstance(key, str):
                found.setdefault(gid, {})[seat] = key
    return found


def _standing(r: Sequence[object]) -> Standing | None:
    """A row of ``ratings`` checked (data from a file): None when it does not fit."""
    key, name, mu, sigma, games, wins = r
    if not (isinstance(key, str) and isinstance(name, str) and isinstance(mu, float)
            and isinstance(sigma, float) and isinstance(games, int) and isinstance(wins, int)):
        return None
    return Standing(key, name, mu, sigma, games, wins)
