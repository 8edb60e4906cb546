"""The spectators of a game on the server: they see only what is public.

``public_position`` is the table as anyone watching may see it (the fields, the scrap, the
counts; no hand, no deck card, no seed), and ``public_model`` the board drawn from it. A
spectator who joins is drawn in full at the match's next look (``take_fresh``). Every method may
be called from any thread: the match's lock guards the list.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cuttle import Game
from cuttle.cards import HIDDEN
from cuttle.serve.adapter import Screen
from cuttle.text.render import TableModel

if TYPE_CHECKING:
    from cuttle.play.session import GameSession


def public_position(game: Game) -> dict[str, Any]:
    """What anyone watching may see: the fields, the scrap, the counts; no hand, no deck card,
    no seed (only what every seat's view shows alike)."""
    views = [game.view(p) for p in range(game.players)]
    v0 = views[0]
    pos = dict(v0)
    pos["hands"] = [[HIDDEN] * len(v["hands"][p]) for p, v in enumerate(views)]
    pos["deck"] = [HIDDEN] * len(v0["deck"])
    pos["known"] = []
    pos["revealed"] = [c for c in v0["revealed"] if all(c in v["revealed"] for v in views)]
    pos["frozen"] = [c for c in v0["frozen"] if all(c in v["frozen"] for v in views)]
    pos.pop("seed", None)
    return pos


def cards_shown(pos: dict[str, Any]) -> set[str]:
    """Every card a position shows face up."""
    seen: set[str] = set()
    for row in pos.get("points", []):
        for stack in row:
            seen.update(stack.split("+"))
    for key in ("scrap", "revealed", "known", "frozen"):
        seen.update(pos.get(key, []))
    for row in [*pos.get("permanents", []), *pos.get("hands", [])]:
        seen.update(row)
    seen.update(pos.get("deck", []))
    seen.discard(HIDDEN)
    return seen


def public_model(session: GameSession, highlight: frozenset[str] = frozenset()) -> TableModel:
    """The board a spectator sees (``highlight``: the cards just played, those face up)."""
    g = session.game
    pos = public_position(g)
    to_move = g.to_move
    if g.outcome is not None:
        status = "The game is over."
    elif to_move is not None:
        status = f"Watching: {session.names[to_move]} to move."
    else:
        status = "Watching."
    return TableModel(
        pos=pos,
        viewer=None,
        names=session.names,
        scores=tuple(g.score(p) for p in range(g.players)),
        goals=tuple(g.goal(p) for p in range(g.players)),
        status=status,
        events=[e.public for e in session.log],
        seed=None,
        style=session.style,
        highlight=frozenset(highlight & cards_shown(pos)),
        bottom_seat=0,
    )


@dataclass
class Watcher:
    screen: Screen
    fresh: bool = True  # not drawn yet: drawn in full at the next look


class Spectators:
    """Who watches a match, and who of them chose to go back to the lobby when it ended."""

    def __init__(self, lock: threading.RLock) -> None:
        self.lock = lock
        self.watchers: list[Watcher] = []
        self.to_lobby: set[int] = set()  # spectators' screens that went back to the lobby

    def __len__(self) -> int:
        return len(self.watchers)

    def add(self, screen: Screen) -> None:
        with self.lock:
            self.watchers.append(Watcher(screen))

    def remove(self, screen: Screen) -> None:
        with self.lock:
            self.watchers = [w for w in self.watchers if w.screen is not screen]

    def drawn(self) -> list[Screen]:
        """The spectators' screens that show the table already (those to update)."""
        with self.lock:
            return [w.screen for w in self.watchers if not w.fresh]

    def take_fresh(self) -> list[Screen]:
        """The screens to draw in full now (each once)."""
        with self.lock:
            fresh = [w for w in self.watchers if w.fresh]
            for w in fresh:
                w.fresh = False
        return [w.screen for w in fresh]

    def redraw_all(self) -> None:
        """Every spectator's screen is drawn in full at the next look (a new game)."""
        with self.lock:
            for w in self.watchers:
                w.fresh = True

    def take_all(self) -> list[Screen]:
        """The game is over: every spectator's screen, and the list emptied."""
        with self.lock:
            screens = [w.screen for w in self.watchers]
            self.watchers = []
        return screens

    def went_to_lobby(self, screen: Screen) -> None:
        """The spectator on ``screen`` answered the game-over question."""
        self.to_lobby.add(id(screen))

    def chose_lobby(self, screen: Screen) -> bool:
        """The spectator on ``screen`` answered the game-over question (not to follow a rematch)."""
        return id(screen) in self.to_lobby
