"""What the opponent's public choices tell about its hidden cards (``hard``'s ``infer`` and
``model`` options).

The search deals the cards its seat cannot see at random (:meth:`Game.redeal`); these helpers then
make a deal agree better with what the opponent did in plain sight, by swapping the cards its
choices make unlikely out of its hand into the deck (:func:`_swap_out`):

- :func:`new_cards_since_resolve` and :func:`no_old_twos`: an opponent that let one of the seat's
  one-offs resolve held no 2 then;
- :func:`no_old_winners`: an opponent that drew instead of winning held no winning card;
- :func:`choice_exclusions`: the cards with which a sensible player (the ``medium`` heuristic)
  would have made a better move than the one the opponent made on its last turn.

Everything here reads only the seat's own deal and the public moves.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from cuttle import Game, Move
from cuttle.ai.fasteval import _holds_win, _table, _winning
from cuttle.ai.heuristic import HeuristicPlayer
from cuttle.ai.knowledge import read_view
from cuttle.engine.search import moves as legal
from cuttle.engine.search import search_copy

_TWO = 1  # rank index of the 2 (card >> 2)
_FIVE = 4


def new_cards_since_resolve(history: list[tuple[int, Move]], seat: int,
                            five_draws: int) -> int | None:
    """How many of the opponent's hand cards may be 2s by the public moves: when it last let one
    of the seat's one-offs or counters resolve (it had a counter window, so it could have
    answered with a 2), it held none then (as far as its choice tells), and only the cards it has
    drawn since may be 2s. Returns that number of new cards, or None when there is no such
    moment."""
    opp = 1 - seat
    since: int | None = None
    for i in range(len(history) - 1, 0, -1):
        p, m = history[i]
        q, prev = history[i - 1]
        if p == opp and m.kind == "resolve" and q == seat and prev.kind in ("oneoff", "counter"):
            since = i
            break
    if since is None:
        return None
    drawn = 0
    for p, m in history[since + 1:]:
        if p == opp:
            if m.kind == "draw":
                drawn += 1
            elif m.kind == "oneoff" and m.card is not None and m.card < 52 and m.card >> 2 == _FIVE:
                drawn += five_draws
    return drawn


def no_old_twos(g: Game, opp: int, new: int, rng: random.Random) -> None:
    """In a deal, let only ``new`` of ``opp``'s hidden hand cards be 2s: a hidden 2 in any other
    place of the hand is swapped with a hidden card of the deck that is not a 2. (The deal put
    the hidden cards in random places, so the last ``new`` places stand for the new cards.)"""
    _swap_out_old(g, opp, new, lambda c: c < 52 and c >> 2 == _TWO, rng)


def no_old_winners(g: Game, opp: int, rng: random.Random) -> None:
    """In a deal, keep ``opp``'s hidden hand cards but its newest free of a card that would win
    at once on this table: it has just drawn instead of winning, so it held none (the table is
    as it was when it drew). Such a card is swapped with a hidden card of the deck that would
    not win either."""
    hidden = _hidden_places(g, opp)
    if len(hidden) < 2:
        return
    t_op = _table(g, opp)
    t_me = _table(g, 1 - opp)
    win = _winning(g, opp, t_op[5], t_op[0], t_op[1], t_me[2], t_me[6])
    frozen = g.frozen
    _swap_out(g, opp, hidden[:-1], lambda c: _holds_win([c], frozen, win)[0], rng)


def _hidden_places(g: Game, opp: int) -> list[int]:
    """The places in ``opp``'s hand of the cards the other seat does not know."""
    known = g.known
    return [i for i, c in enumerate(g.hands[opp]) if not known >> c & 1]


def _swap_out_old(g: Game, opp: int, new: int, unwanted: Callable[[int], bool],
                  rng: random.Random) -> None:
    """:func:`_swap_out` over ``opp``'s hidden places but the ``new`` newest (the deal put the
    hidden cards in random places, so the last ``new`` stand for the cards drawn since)."""
    hidden = _hidden_places(g, opp)
    _swap_out(g, opp, hidden[: max(0, len(hidden) - new)], unwanted, rng)


def _swap_out(g: Game, opp: int, places: list[int], unwanted: Callable[[int], bool],
              rng: random.Random) -> None:
    """Swap each card of ``opp``'s hand at ``places`` that is ``unwanted`` with a random hidden
    deck card that is not (as many as there are)."""
    hand = g.hands[opp]
    bad = [i for i in places if unwanted(hand[i])]
    if not bad:
        return
    known = g.known
    deck = g.deck
    others = [i for i, c in enumerate(deck) if not known >> c & 1 and not unwanted(c)]
    for i in bad:
        if not others:
            break
        j = others.pop(rng.randrange(len(others)))
        hand[i], deck[j] = deck[j], hand[i]
    g._legal = None


#: How much better (in the medium evaluation's units) a move with a card must score than the move
#: the opponent made for that card to count as one it did not hold.
MARGIN = 0.5

#: The opponent's moves whose turn can be taken back: the card (or the draw) is all that changed.
_UNDOABLE = ("draw", "points", "perm", "scuttle", "jack")


def before_last_move(g: Game, seat: int, history: list[tuple[int, Move]]) -> Game | None:
    """A copy of deal ``g`` as it was when the opponent (at a table: the seat that moved just
    before ``seat``) chose its last move, or None when that move cannot be taken back (it is not
    a plain main-phase move, or its turn had more to it).

    The copy is for judging the opponent's choice, not for play: a draw puts one of the hidden
    cards of the hand back on the deck (which card was drawn is not known), and frozen cards
    stay as they are."""
    if not history or g.phase != "main" or g.to_move != seat:
        return None
    opp, m = history[-1]  # with two players the opponent; at a table the seat just before
    if opp == seat or m.kind not in _UNDOABLE:
        return None
    if len(history) > 1 and history[-2][0] != opp and history[-2][1].kind == "resolve":
        return None  # the card chosen from a 7's reveal, not a free choice of the turn
    b = search_copy(g)
    c = m.card
    if m.kind == "draw":
        hidden = _hidden_places(b, opp)
        if not hidden:
            return None
        b.deck.append(b.hands[opp].pop(hidden[-1]))  # the deal's hidden places are in random order
    elif m.kind == "points":
        if c not in b.points[opp]:
            return None
        b.points[opp].remove(c)
    elif m.kind == "perm":
        if c not in b.perms[opp]:
            return None
        b.perms[opp].remove(c)
    elif m.kind == "scuttle":
        t = m.target
        assert t is not None
        if (b.rules.ten_counters_scuttle or len(b.scrap) < 2 or b.scrap[-2:] != [t, c]
                or b.players > 2):
            return None  # a window was open, jacks went with the target, or whose was it?
        del b.scrap[-2:]
        b.points[seat].append(t)
    elif m.kind == "jack":
        t = m.target
        assert c is not None and t is not None
        if b.jacks.get(t, ())[-1:] != (c,) or t not in b.points[opp]:
            return None
        b._remove_top_jack(c)
    if c is not None:
        b.hands[opp].append(c)
    b.turn_player = b.to_move = opp
    b._legal = None
    return b


def choice_exclusions(before: Game, seat: int, move: Move, rng: random.Random,
                      margin: float = MARGIN) -> set[int]:
    """The cards the seat cannot see with which the opponent, in ``before`` (from
    :func:`before_last_move`), would have had a move the medium heuristic scores at least
    ``margin`` above ``move``, the one it made: each is tried in the opponent's hand in turn.
    (The opponent is the seat whose turn ``before`` is: at a table, the one that moved last.)"""
    opp = before.turn_player
    known = before.known
    hand = before.hands[opp]
    places = [i for i in _hidden_places(before, opp) if hand[i] != move.card]
    if not places:
        return set()
    model = HeuristicPlayer(0)
    candidates = [hand[i] for i in places] + [c for c in before.deck if not known >> c & 1]
    # at a table, the hidden cards the deal put in a third seat's hand could be the opponent's
    thirds = [p for p in range(before.players) if p not in (seat, opp)]
    for p in thirds:
        candidates += [before.hands[p][i] for i in _hidden_places(before, p)]
    out: set[int] = set()
    slot = places[0]
    for c in candidates:
        g = search_copy(before)
        h = g.hands[opp]
        if h[slot] != c:  # c swapped into the slot from wherever the deal put it
            where = next(x for x in (h, g.deck, *(g.hands[p] for p in thirds)) if c in x)
            j = where.index(c)
            h[slot], where[j] = where[j], h[slot]
        g._legal = None
        moves = legal(g)
        options = [m for m in moves if m.card == c]
        if not options or not any(m is move for m in moves):
            continue
        view = g.view(opp)
        k = read_view(view, opp)
        made = model.score_move(view, g, k, move, rng, None, samples=1)
        best = max(model.score_move(view, g, k, m, rng, None, samples=1) for m in options)
        if best >= made + margin:
            out.add(c)
    return out


def no_excluded(g: Game, opp: int, excluded: set[int], new: int, rng: random.Random) -> None:
    """In a deal, keep the ``excluded`` cards out of ``opp``'s hidden hand but its ``new`` newest
    places (the cards it drew since the choice), swapping each with a hidden deck card."""
    _swap_out_old(g, opp, new, excluded.__contains__, rng)
