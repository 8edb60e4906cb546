"""Tables of three and four seats for the board's tests: seeded random games played to a ply with
their log as each seat reads it, and a crowded position where every kind of card is on the table.

Only the public surface and ``text`` are used: ``Game``, ``game_model``, ``describe_play``.
"""

from __future__ import annotations

import random

from seats import make

from cuttle import Game
from cuttle.cards import HIDDEN
from cuttle.text.cardtext import CardStyle
from cuttle.text.describe import LogEntry, describe_play
from cuttle.text.render import TableModel
from cuttle.text.tablemodel import game_model

NAMES = ("Ann", "Bob", "Carol", "Dan")
STYLE = CardStyle()


def played(rules: str, seed: int, plies: int) -> tuple[Game, list[LogEntry]]:
    """A game of ``rules`` with random moves (seeded) for up to ``plies`` moves, and its log."""
    g = Game.new(seed=seed, rules=rules)
    rng = random.Random(seed)
    names = NAMES[: g.players]
    log: list[LogEntry] = []
    for ply in range(plies):
        if g.outcome is not None:
            break
        before = g.to_position()
        p = g.to_move
        assert p is not None
        move = rng.choice(g.legal_moves())
        g.play(move)
        log.append(describe_play(before, g.to_position(), p, str(move), names, STYLE, ply))
    return g, log


def model_of(g: Game, viewer: int | None, log: list[LogEntry] = (),  # type: ignore[assignment]
             style: CardStyle = STYLE) -> TableModel:
    """The table of ``g`` as ``viewer`` sees it, with the log as that seat reads it."""
    names = NAMES[: g.players]
    return game_model(g, viewer, names, style, events=[e.text_for(viewer) for e in log])


def crowded_teams(turn: int = 0, **extra: object) -> Game:
    """A game of teams with kings, queens, glasses, jacks and a joker on the table (see
    ``CROWDED_SHOWN``) and five cards in every hand."""
    return make(
        "classic+teams",
        hands=["2C 3D 4H 5S 6C", "7D 2H 3C 4D 5C", "6D 7C 2S 3H 4C", "5D 6H 7S 9C AH"],
        points=["TS@1+JD@0 AS", "9H 3S", "5H@1+JC@3>2 8H", "9D@0+JH@3 2D"],
        permanents=["KC", "KD@2+X1@1 8C", "QD 8S", "QH KS"],
        turn=turn,
        **extra,
    )


# what each seat's block shows of the crowded table (as cards are drawn, ``←`` and all)
CROWDED_SHOWN = {
    0: ["10♠[J♦]←Bob", "A♠", "K♣"],
    1: ["9♥", "3♠", "K♦[X1]←Carol", "8♣ glasses"],
    2: ["5♥[J♣]←Bob", "8♥", "Q♦", "8♠ glasses"],
    3: ["9♦[J♥]←Ann", "2♦", "Q♥", "K♠"],
}


def hidden_from(g: Game, viewer: int) -> set[str]:
    """The cards of other seats' hands ``viewer`` may not see (drawn as on screen)."""
    view = g.view(viewer)
    out = set()
    for q, hand in enumerate(g.to_position()["hands"]):
        if q == viewer:
            continue
        shown = set(view["hands"][q]) - {HIDDEN}
        out |= {STYLE.plain(c) for c in hand if c not in shown}
    return out
