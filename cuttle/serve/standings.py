"""The lobby's views of the ratings: ``top`` (the table of the best) and ``me`` (your own line
and your recent games). Every name and key comes from the history database, a file: each is
shown through ``safe_text`` as a rich ``Text`` (never markup), so nothing a client typed
reaches a terminal as itself.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cuttle.files.history import HistoryError
from cuttle.serve import keep, ratings, store
from cuttle.serve.hall import HallError
from cuttle.serve.keys import Login
from cuttle.serve.names import MAX_NAME, marked
from cuttle.serve.ratings import Played, Standing
from cuttle.serve.tables.listing import Cell, Column, listing
from cuttle.text.safetext import safe_text

TOP = 20  # lines of ``top``
RECENT = 8  # games listed by ``me``
ORDINALS = ("1st", "2nd", "3rd")
LEFT = "* you left; an AI finished your seat."  # a game whose seat an AI took over
NOT_RATED = "not rated: "
ME_COLUMNS = [Column("id"), Column("finished"), Column("rules", cut=True), Column("result"),
              Column("rating")]


def shown_name(name: str, key: str) -> str:
    """A rated player's name as the lists show it: cleaned, with the key's mark."""
    return marked(safe_text(name, MAX_NAME), safe_text(key, 80))


def place_words(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``..."""
    return ORDINALS[n - 1] if 0 < n <= 3 else f"{n}th"


def top_view(rows: list[Standing], mine: str | None = None) -> RenderableType:
    """The table of the best: place, name, rating (``mu - 3 sigma``), games, wins; the line
    of the key ``mine`` in bold."""
    if not rows:
        return Text("Nobody is rated yet: a finished game between people rates them "
                    "(help says which games count).")
    table = Table(title="The best players (rating: mu - 3 sigma)", title_justify="left")
    for col, right in (("#", True), ("name", False), ("rating", True), ("games", True),
                       ("wins", True)):
        table.add_column(col, justify="right" if right else "left")
    for n, row in enumerate(rows, start=1):
        table.add_row(
            str(n), Text(shown_name(row.name, row.key)), f"{row.rating:.1f}", str(row.games),
            str(row.wins), style="bold" if row.key == mine else None,
        )
    return table


def me_view(who: str, line: Standing | None, place: int, total: int,
            games: list[Played], unkeyed: int = 0) -> RenderableType:
    """Your line in the table (or that you have none yet) and your latest games, each with
    the rating it left you or why it was not rated; ``unkeyed``: your games recorded before
    the server kept each seat's key (never rated), said in a line when there are any."""
    head: RenderableType
    if line is None:
        head = Text(f"{who}: not rated yet (a finished game between people rates you).")
    else:
        head = Text(
            f"{who}: rating {line.rating:.1f} (mu {line.mu:.1f}, sigma {line.sigma:.1f}), "
            f"{place_words(place)} of {total}, {line.games} rated "
            f"game{'s' if line.games != 1 else ''}, {line.wins} won."
        )
    if unkeyed:
        head = Group(head, Text(
            f"{unkeyed} of your games {'was' if unkeyed == 1 else 'were'} recorded before the "
            "server kept each seat's key, and could not be given it back: not rated."))
    if not games:
        return Group(head, Text("You have no finished game between people here yet."))
    reasons: list[str] = []  # why a game was not rated, each said once under the list
    rows: list[list[Cell]] = []
    for g in games:
        words = _rating_words(g)
        if words.startswith(NOT_RATED):
            if words not in reasons:
                reasons.append(words)
            words = f"not rated ({reasons.index(words) + 1})"
        rows.append([str(g.game_id), safe_text(g.finished_at[:16].replace("T", " "), 16),
                     safe_text(g.rules, 40), g.result + ("*" if g.left else ""), words])
    notes = [*([LEFT] if any(g.left for g in games) else []),
             *(f"({n}) {why}" for n, why in enumerate(reasons, start=1))]
    return Group(head, listing("Your latest games", ME_COLUMNS, rows, "\n".join(notes)))


def _rating_words(g: Played) -> str:
    if g.counted is None:
        return "not rated yet"
    if not g.counted or g.after is None or g.before is None:
        return NOT_RATED + safe_text(g.why or "see help", 60)
    change = g.after - g.before
    return f"{g.after:.1f} ({change:+.1f})"


def lobby_view(cmd: str, args: list[str], login: Login) -> RenderableType:
    """What ``top`` or ``me`` shows for ``login``; HallError (one line) for bad words or a
    history that cannot be read."""
    if args:
        raise HallError(f"{cmd} takes nothing after it")
    try:
        if cmd == "top":
            rows = store.history().read(lambda con: ratings.table(con, TOP))
            return top_view(rows, login.key)
        line, place, total = store.history().read(lambda con: ratings.standing(con, login.key))
        games = store.history().read(lambda con: ratings.recent(con, login.key, RECENT))
        mine = keep.finished(login.key)
        unkeyed = store.history().read(lambda con: ratings.without_keys(con, mine))
    except (HistoryError, OSError) as exc:
        raise HallError(store.unsaid("the ratings cannot be read", exc)) from None
    return me_view(marked(login.name, login.key), line, place, total, games, unkeyed)
