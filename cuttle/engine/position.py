"""Positions: the JSON form of a game (docs/notation.md) and per-player views, written.

``position_of`` writes a position (``viewer=None``) or a player's view (every card that player
cannot see becomes ``"??"``): the one place that decides what a seat sees. Reading one back
(``game_from_position``, ``game_from_view``) is :mod:`cuttle.engine.posread`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cuttle.cards import HIDDEN, card_text

if TYPE_CHECKING:
    from cuttle.engine.game import Game

FORMAT = "cuttle-position/1"


def is_player(value: object, players: int = 2) -> bool:
    """True for an int seat below ``players``: 0 or 1 with two (not a bool, not a float)."""
    return value.__class__ is int and 0 <= value < players  # type: ignore[operator]


def check_player(value: object, what: str = "player", players: int = 2) -> int:
    """``value`` if it is an int seat below ``players``; ``ValueError`` naming it otherwise."""
    if not is_player(value, players):
        seats = "0 or 1" if players == 2 else f"a seat from 0 to {players - 1}"
        raise ValueError(f"{what} must be {seats} (an int), not {repr(value)[:40]}")
    return value  # type: ignore[return-value]


def _texts(cards: list[int]) -> list[str]:
    return [card_text(c) for c in sorted(cards)]


def sees_opponent_hand(game: Game, viewer: int) -> bool:
    """Two players: True when ``viewer`` may see the whole of the opponent's hand (glasses, or
    open hands). With more, True when it sees every opponent's hand (glasses)."""
    if game.has_glasses(viewer):
        return True
    return game.rules.open_hands_when_deck_empty and not game.deck and not game.revealed


def sees_hand(game: Game, viewer: int, seat: int) -> bool:
    """True when ``viewer`` may see the whole of ``seat``'s hand: its own; an opponent's
    through glasses (or open hands, two players); never a partner's."""
    if viewer == seat:
        return True
    if game.players == 2:
        return sees_opponent_hand(game, viewer)
    return game.seats.is_opponent(viewer, seat) and game.has_glasses(viewer)


def stack_text(game: Game, base: int) -> str:
    """A card on the table with the jacks and jokers on it, bottom to top, joined by ``+``; at
    three or four seats each card of a stack carries ``@`` the seat that played it and ``>``
    the seat it gave control to, when another (``TS@1+JD@3>0+JC@2``)."""
    covers = game.jacks.get(base)
    if not covers:
        return card_text(base)
    if game.players == 2:
        return "+".join([card_text(base)] + [card_text(j) for j in covers])
    links = game.links
    parts = [f"{card_text(base)}@{links[base][0]}"]
    for c in covers:
        by, to = links[c]
        parts.append(f"{card_text(c)}@{by}" + (f">{to}" if to != by else ""))
    return "+".join(parts)


def position_of(game: Game, viewer: int | None) -> dict[str, Any]:
    """The position of ``game`` as a dict; as ``viewer`` sees it when viewer is a seat."""
    known = game.known
    seats = range(game.players)
    hands: list[list[str]] = []
    for p in seats:
        h = game.hands[p]
        if viewer is None or sees_hand(game, viewer, p):
            hands.append(_texts(h))
        else:
            shown = [c for c in h if known >> c & 1]
            hands.append(_texts(shown) + [HIDDEN] * (len(h) - len(shown)))
    deck_top_first = game.deck[::-1]
    if viewer is None:
        deck = [card_text(c) for c in deck_top_first]
    else:
        deck = [card_text(c) if known >> c & 1 else HIDDEN for c in deck_top_first]
    points = [[stack_text(game, b) for b in sorted(game.points[p])] for p in seats]
    if game.players == 2:
        perms = [_texts(game.perms[0]), _texts(game.perms[1])]
    else:
        perms = [[stack_text(game, b) for b in sorted(game.perms[p])] for p in seats]
    in_hidden_zones = [c for h in game.hands for c in h] + game.deck
    pos: dict[str, Any] = {
        "format": FORMAT,
        "rules": str(game.rules),
        "turn_player": game.turn_player,
        "phase": game.phase,
        "to_move": game.to_move,
        "hands": hands,
        "points": points,
        "permanents": perms,
        "deck": deck,
        "scrap": [card_text(c) for c in game.scrap],
        "passes": game.passes,
        "frozen": _texts(game.frozen),
        "stack": [{"player": p, "move": str(m)} for p, m in game.stack],
        "revealed": [card_text(c) for c in game.revealed],
        "outcome": game.outcome,
        "known": _texts([c for c in in_hidden_zones if known >> c & 1]),
    }
    if game.players == 2:
        own = game.own_jacks
        pos["own_jacks"] = _texts([j for js in game.jacks.values() for j in js if own >> j & 1])
    else:
        pos["out"] = game.out
    if viewer is None:
        pos["seed"] = game.seed
    return pos
