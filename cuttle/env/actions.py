"""The fixed action numbering shared by the PettingZoo environment and the OpenSpiel game.

Every distinct move the notation can write is one index, listed once here in a documented
order (docs/env.md), so an index means the same move for every ruleset, every game and every
version of the engine that keeps the notation (INTERFACE.md section 2, a fixed contract):

- indices ``0 .. TWO_PLAYER_ACTIONS - 1``: the moves of the two-player game, every move the
  notation of section 2 can write, by kind (``KIND_ORDER``), then by the cards' numbers;
- indices ``TWO_PLAYER_ACTIONS .. NUM_ACTIONS - 1``: the moves of three and four seats of
  section 5 (``jack JD 7H >2``, ``joker X1 KD``, ``joker X1 KD >3``, ``oneoff 4S @2``, the 2s
  and 9s on a joker), numbered before the engine played the modes, so that they moved no index.

Every move of the engine's table has its index, but for ``concede @N``: a concession is
``Game.concede``, never a move of ``legal_moves()``, so it has none. A move added to the
notation later gets an index after the last one here; none is ever renumbered.
"""

from __future__ import annotations

from functools import cache

from cuttle import Game, Move
from cuttle.cards import card_text
from cuttle.engine.search import moves

#: The order of the two-player block: one group per move kind.
KIND_ORDER = (
    "draw", "pass", "resolve", "points", "scuttle", "oneoff", "perm", "jack",
    "counter", "take", "scrap", "discard",
)
MAX_SEATS = 4

_POINT = range(40)
_JACKS = range(40, 44)
_JOKERS = (52, 53)
_ALL = range(54)
_PERM_TARGETS = [t for t in range(28, 52) if t // 4 in (7, 10, 11, 12)]  # 8s, jacks, Q, K


def _rank(card: int) -> int:
    return card // 4


def _two_player() -> list[tuple[str, tuple[int, ...]]]:
    out: list[tuple[str, tuple[int, ...]]] = [("draw", ()), ("pass", ()), ("resolve", ())]
    out += [("points", (c,)) for c in _POINT]
    out += [("scuttle", (c, t)) for c in _POINT for t in _POINT if t != c]
    for c in _ALL:  # one-offs: the card alone, then each target it can name
        if c in _JOKERS or _rank(c) in (0, 2, 3, 4, 5, 6, 9):
            out.append(("oneoff", (c,)))
        if _rank(c) == 1:  # a 2 on a permanent or a jack
            out += [("oneoff", (c, t)) for t in _PERM_TARGETS]
        elif _rank(c) == 8:  # a 9 (cuttlecards: on a point card too)
            out += [("oneoff", (c, t)) for t in sorted({*_POINT, *_PERM_TARGETS})]
        elif _rank(c) == 7 and c < 52:  # eight-oneoff: an 8 on glasses
            out += [("oneoff", (c, t)) for t in range(28, 32) if t != c]
    out += [("perm", (c,)) for c in range(52) if _rank(c) in (7, 11, 12)]
    out += [("jack", (j, t)) for j in _JACKS for t in _POINT]
    out += [("counter", (c,)) for c in range(52) if _rank(c) in (1, 9)]
    out += [("take", (c,)) for c in _ALL]
    out += [("scrap", (c,)) for c in _ALL]
    out += [("discard", (c,)) for c in _ALL]
    out += [("discard", (a, b)) for a in _ALL for b in _ALL if a < b]
    return out


def _text(kind: str, cards: tuple[int, ...], seat_word: str = "") -> str:
    words = [kind, *(card_text(c) for c in cards)]
    if seat_word:
        words.append(seat_word)
    return " ".join(words)


def _reserved() -> list[str]:
    """The moves of three and four seats (INTERFACE.md section 5), in this fixed order."""
    seats = range(MAX_SEATS)
    joker_targets = [t for t in range(52) if _rank(t) in (11, 12)] + list(_POINT)
    out = [_text("jack", (j, t), f">{n}") for j in _JACKS for t in _POINT for n in seats]
    out += [_text("oneoff", (c,), f"@{n}") for c in range(12, 16) for n in seats]
    out += [_text("joker", (x, t)) for x in _JOKERS for t in joker_targets]
    out += [_text("joker", (x, t), f">{n}") for x in _JOKERS for t in joker_targets
            for n in seats]
    out += [_text("oneoff", (c, x)) for c in list(range(4, 8)) + list(range(32, 36))
            for x in _JOKERS]
    return out


#: Every action's move text, index by index.
ACTION_TEXTS: tuple[str, ...] = tuple(
    [_text(kind, cards) for kind, cards in _two_player()] + _reserved()
)
TWO_PLAYER_ACTIONS = len(ACTION_TEXTS) - len(_reserved())
NUM_ACTIONS = len(ACTION_TEXTS)
_INDEX = {text: i for i, text in enumerate(ACTION_TEXTS)}


def action_of(move: Move | str) -> int:
    """The index of a move (a Move or its canonical text). Raises ValueError for a text that is
    not in the numbering."""
    text = str(move)
    try:
        return _INDEX[text]
    except KeyError:
        raise ValueError(f"{text!r} has no action index (not a move of the notation)") from None


@cache
def move_of(action: int) -> Move | None:
    """The engine's move for an index (None only where an engine cannot parse the text, which
    this one parses every index of). Raises ValueError for an index out of range."""
    if isinstance(action, bool) or not 0 <= int(action) < NUM_ACTIONS:
        raise ValueError(f"action must be an index from 0 to {NUM_ACTIONS - 1}, not {action!r}")
    try:
        return Move.parse(ACTION_TEXTS[int(action)])
    except ValueError:
        return None


def action_index(action: object) -> int:
    """``action`` as an index of the numbering: a Python or numpy integer, or a 0-d numpy array
    of one. Raises ValueError, in one line, for anything else (a float, a string, a bool, an
    array of another shape) and for an integer out of range."""
    value = getattr(action, "item", None)
    if getattr(action, "shape", None) == () and value is not None:
        action = value()  # a 0-d array or a numpy scalar: its Python number
    if isinstance(action, bool) or not isinstance(action, int):
        raise ValueError(f"an action is an integer index from 0 to {NUM_ACTIONS - 1}, not "
                         f"{action!r} ({type(action).__name__})")
    if not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"action must be an index from 0 to {NUM_ACTIONS - 1}, not {action!r}")
    return action


_BY_MOVE: dict[Move, int] = {}  # interned moves hash by identity: the index without the text


def legal_actions(game: Game) -> list[int]:
    """The indices of ``game``'s legal moves, ascending (empty once the game is over)."""
    if game.outcome is not None:
        return []
    by_move = _BY_MOVE
    out = []
    for m in moves(game):  # the engine's cached list (a search calls this at every node)
        i = by_move.get(m)
        if i is None:
            i = by_move[m] = action_of(m)
        out.append(i)
    out.sort()
    return out


__all__ = [
    "ACTION_TEXTS", "KIND_ORDER", "MAX_SEATS", "NUM_ACTIONS", "TWO_PLAYER_ACTIONS",
    "action_index", "action_of", "legal_actions", "move_of",
]
