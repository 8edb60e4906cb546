"""Why a move is illegal, in words a player understands.

Only called after a move failed the legal-move check, so nothing here decides legality: it finds
the first rule the move breaks and names it, with the cards in question.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cuttle.cards import RANK_NAMES, SUIT_NAMES, pretty
from cuttle.engine.moves import Move
from cuttle.words import count

if TYPE_CHECKING:
    from cuttle.engine.game import Game

_ONE_OFF_RANKS = {0, 1, 2, 3, 4, 5, 6, 8}
_PERM_RANKS = {7, 11, 12}


def _rank_word(c: int) -> str:
    return "joker" if c >= 52 else RANK_NAMES[c >> 2]


def _a(c: int) -> str:
    """The card's rank with its article: "a seven", "an eight", "an ace"."""
    word = _rank_word(c)
    return ("an " if word[0] in "aeiou" else "a ") + word


def _where(g: Game, c: int) -> tuple[str, int] | None:
    """Where a card on the table is: ("points" | "perm" | "jack", controlling player); a joker
    on a stack counts as a "jack"."""
    for q in range(g.players):
        if c in g.points[q]:
            return ("points", q)
        if c in g.perms[q]:
            return ("perm", q)
        for b in g.points[q] + g.perms[q]:
            if c in g.jacks.get(b, ()):
                return ("jack", q)
    return None


def _seat(g: Game, q: int) -> str:
    """How a reason names seat ``q``'s side: "the opponent" with two players, "seat 2"."""
    return "the opponent" if g.players == 2 else f"seat {q}"


def _queen_of(g: Game, q: int) -> str:
    return "the opponent's queen" if g.players == 2 else f"seat {q}'s queen"


def _not_opponent(g: Game, q: int, why: str) -> str:
    """Why seat ``q``, named by a move's ``@`` or ``>``, is not one it may name."""
    if q in g.seats.out:
        return f"seat {q} is out of the game: {why} still in"
    return f"seat {q} is not an opponent of yours: {why}"


def _target_problem(g: Game, p: int, t: int, what: str, bottom: bool = False) -> str | None:
    """Why ``p`` cannot aim ``what`` at ``t`` (or None if no reason found); with ``bottom``
    (cuttlecards' 9) the card at the bottom of a stack is a target too."""
    place = _where(g, t)
    if place is None:
        return f"{pretty(t)} is not on the table"
    kind, owner = place
    if kind == "jack":
        for b in g.points[owner] + g.perms[owner]:
            js = g.jacks.get(b, ())
            if t in js and js[-1] != t:
                top = "jack" if g.players == 2 else "card"
                return f"only the top {top} of a stack can be targeted, and {pretty(t)} is covered"
    if kind == "perm" and g.jacks.get(t) and not bottom:
        return f"{pretty(t)} is under a joker: only the top card of a stack can be targeted"
    if not g.rules.target_own and (owner == p or not g.seats.is_opponent(p, owner)):
        whose = "the opponent's" if g.players == 2 else "an opponent's"
        return f"under {g.rules.preset} rules {what} may only target {whose} cards"
    if owner != p and not g._targetable(p, owner, t):
        return f"{_queen_of(g, owner)} protects {pretty(t)}"
    return None


def why_illegal(g: Game, m: Move) -> str:
    """A one-line reason ``m`` is not legal in ``g`` now."""
    if g.outcome is not None:
        return "the game is over"
    if m.kind == "concede":
        return ("a concession is not a move of the turn: a seat concedes at any time "
                f"(Game.concede({m.seat}))")
    p: int = g.to_move  # type: ignore[assignment]
    phase = g.phase
    k = m.kind
    need = {
        "counter": "you may only counter with a 2 ('counter 2D') or let the stack resolve "
                   "('resolve')",
        "resolve_three": "your 3 is resolving: take a card from the scrap ('take 7S')",
        "resolve_four": "a 4 hit you: discard the cards it asks for ('discard 5C 9H')",
        "resolve_five": "your 5 is resolving: discard one card ('discard 9H')",
        "resolve_seven": "your 7 is resolving: play a card it revealed, "
                         + ", ".join(pretty(c) for c in g.revealed),
        "hand_limit": f"you hold {count(len(g.hands[p]), 'card', digits=True)}: discard down to "
                      f"{g.rules.hand_limit} ('discard …')",
    }
    if phase == "respond_royal":
        royal = g.stack[0][1]
        mine = [c for c in sorted(g.hands[p]) if c >> 2 == 8 and c < 52]
        nine = (f"oneoff {pretty(mine[0] if mine else 35, ascii=True)} "
                f"{pretty(royal.cards[0], ascii=True)}")
        if k == "oneoff" and m.card is not None and m.card >> 2 == 8 and m.card < 52:
            if m.card not in g.hands[p]:
                return f"{pretty(m.card)} is not in your hand"
            if m.card in g.frozen:
                return f"{pretty(m.card)} is frozen until the end of your next turn"
            return (f"a 9 answering {_seat(g, g.stack[0][0])}'s {royal} aims at the royal: "
                    f"'{nine}'")
        return (f"{_seat(g, g.stack[0][0])} played {royal}: answer it with a 9 ('{nine}') or "
                "let it take effect ('resolve')")
    if phase == "counter":
        if k not in ("counter", "resolve"):
            if g.stack[0][1].kind == "scuttle" and len(g.stack) == 1:
                return ("you may only answer the scuttle with a 10 ('counter TS') or let it "
                        "resolve ('resolve')")
            return need["counter"]
        base = g.stack[0][1]
        c: int = m.card  # type: ignore[assignment]
        if c not in g.hands[p]:
            return f"{pretty(c)} is not in your hand"
        top = g.stack[-1][0]
        if g.players > 2 and g.queens(top) and c >> 2 == 1:
            return f"{pretty(c)} cannot counter: seat {top} has a queen"
        if c in g.frozen:
            return f"{pretty(c)} is frozen until the end of your next turn"
        if base.kind == "scuttle" and len(g.stack) == 1:
            return "only a 10 can counter a scuttle"
        return "only a 2 can counter" + (" a one-off" if c >> 2 == 9 else "")
    if phase in ("resolve_three", "resolve_four", "resolve_five", "hand_limit"):
        expected = {"resolve_three": "take"}.get(phase, "discard")
        if k != expected:
            return need[phase]
        if k == "take":
            c = m.card  # type: ignore[assignment]
            if c not in g.scrap:
                return f"{pretty(c)} is not in the scrap"
            return f"under {g.rules.preset} rules a 3 cannot take a 3"
        hand = g.hands[p]
        for c in m.cards:
            if c not in hand:
                return f"{pretty(c)} is not in your hand"
        n = {"resolve_five": 1, "resolve_four": min(2, len(hand))}.get(
            phase, min(2, len(hand) - (g.rules.hand_limit or 0)))
        return f"discard exactly {n} card{'s' if n != 1 else ''}"
    if phase == "resolve_seven":
        if k in ("draw", "pass", "counter", "resolve", "take", "discard"):
            return need[phase]
        c = m.card  # type: ignore[assignment]
        if c not in g.revealed:
            return need[phase]
        if k == "scrap":
            return f"{pretty(c)} can be played, so it cannot be scrapped"
        return _play_problem(g, p, m, from_seven=True) or f"{m} is not legal now"
    # main phase
    if k in ("counter", "resolve"):
        return "there is nothing to counter: it is your turn to move"
    if k in ("take", "discard", "scrap"):
        return f"there is nothing to {k} now: it is your turn to move"
    if k == "draw":
        return "the deck is empty: pass instead"
    if k == "pass":
        return "you may pass only when the deck is empty: draw instead"
    c = m.card  # type: ignore[assignment]
    if c >= 52 and not g.rules.jokers:
        return f"there are no jokers under the {g.rules} rules (add the joker variant)"
    if c not in g.hands[p]:
        return f"{pretty(c)} is not in your hand"
    if c in g.frozen:
        return (f"{pretty(c)} is frozen: it came back by a 9 and cannot be played "
                "until your turn ends")
    return _play_problem(g, p, m, from_seven=False) or f"{m} is not legal now"


def _play_problem(g: Game, p: int, m: Move, from_seven: bool) -> str | None:
    k = m.kind
    c: int = m.card  # type: ignore[assignment]
    r = c >> 2
    opp = 1 - p
    name = pretty(c)
    if k == "points":
        return f"{name} cannot be played for points: only A–10 score"
    if k == "scuttle":
        t: int = m.target  # type: ignore[assignment]
        if r > 9:
            return f"{name} cannot scuttle: only A–10 can"
        if g.players == 2 and t not in g.points[opp]:
            return f"{pretty(t)} is not one of the opponent's point cards"
        if g.players > 2 and not any(t in g.points[q] for q in g.opponents(p)):
            return f"{pretty(t)} is not one of an opponent's point cards"
        if t >> 2 == r:
            return (f"{name} cannot scuttle {pretty(t)}: {SUIT_NAMES[t & 3]} outrank "
                    f"{SUIT_NAMES[c & 3]}")
        return (f"{name} cannot scuttle {pretty(t)}: {_a(c)} is lower than "
                f"{_a(t)}")
    if k == "perm":
        if r == 10:
            return f"a jack goes on a point card: 'jack {m.cards[0] and str(m)[5:]} <target>'"
        return f"{name} is not a permanent: only 8s (glasses), queens and kings are"
    if k == "joker":
        return _joker_problem(g, p, m)
    if m.seat is not None and g.players == 2:
        return "'>' and '@' seats belong to games of three or four players"
    if k == "jack":
        t = m.target  # type: ignore[assignment]
        if r != 10 or c >= 52:
            return f"{name} is not a jack"
        owner = g.controller(t)
        if owner is None:
            return f"{pretty(t)} is not a point card on the table"
        if g.players > 2:
            return _jack_problem(g, p, m, owner, from_seven)
        if owner != p:
            return f"the opponent's queen protects {pretty(t)}" if g.queens(opp) else None
        if not from_seven or not g.rules.target_own:
            return (f"a jack may only go on the opponent's point cards, not on your own "
                    f"{pretty(t)}")
        if not g.queens(opp) and g.points[opp]:
            return (f"a jack a seven reveals goes on your own card only when none of the "
                    f"opponent's can take it, and {pretty(min(g.points[opp]))} can")
        return None
    if k == "oneoff":
        if c >= 52 and g.rules.royal_jokers:
            return (f"at three or four seats a joker is a royal, not a one-off: it takes a king, "
                    f"a queen or a stack's top jack or joker ('joker {pretty(c, ascii=True)} "
                    "KD', named by the stack's bottom card)")
        if c < 52 and r not in _ONE_OFF_RANKS and not (r == 7 and g.rules.eight_oneoff):
            return f"{_a(c)} has no one-off effect"
        needs_target = r in (1, 8) or (r == 7 and c < 52)
        if needs_target and m.target is None:
            return f"{_a(c)} one-off needs a target, e.g. 'oneoff {m} KH'"[:200]
        if not needs_target and m.target is not None:
            return f"{_a(c)} one-off takes no target"
        deck_len = len(g.deck) + (len(g.revealed) - 1 if from_seven else 0)
        if r == 2:
            if from_seven:
                return ("the scrap holds no card a 3 may take (the 7 joins the scrap only once "
                        "the card it revealed is played)")
            return "the scrap holds no card a 3 may take"
        if r == 3:
            if g.players == 2:
                return "the opponent has no card in hand for a 4 to discard"
            if m.seat is None:
                victims = [q for q in g.opponents(p) if g.hands[q]] or list(g.opponents(p))
                return ("at three or four seats a 4 names the opponent who discards, e.g. "
                        f"'oneoff {pretty(c, ascii=True)} @{min(victims)}'")
            if m.seat not in g.opponents(p):
                return _not_opponent(g, m.seat, "a 4 aims at an opponent")
            return f"seat {m.seat} has no card in hand for a 4 to discard"
        if r in (4, 6) and not deck_len:
            return f"the deck is empty: {_a(c)} has nothing to draw"
        t = m.target  # type: ignore[assignment]
        if t is not None:
            place = _where(g, t)
            if r == 7 and (place is None or place[0] != "perm" or t >> 2 != 7):
                return "an 8 one-off only scraps an 8 on the table as glasses"
            if r != 7 and place is not None and place[0] == "points" \
                    and not (r == 8 and g.rules.nine_hits_points):
                return f"{_a(c)} only targets kings, queens, glasses and jacks"
            return _target_problem(g, p, t, _a(c), bottom=r == 8 and g.rules.nine_hits_points)
    return None


def _jack_problem(g: Game, p: int, m: Move, owner: int, from_seven: bool) -> str | None:
    """Why jack move ``m`` of ``p`` is illegal at a table of three or four (``owner`` controls
    its point card)."""
    t: int = m.target  # type: ignore[assignment]
    name = pretty(t)
    write = f"'jack {pretty(m.cards[0], ascii=True)} {pretty(t, ascii=True)} >N'"
    if g.rules.teams:
        if m.seat is None:
            return f"the jack must name who receives {name}: {write}, any seat but {owner}"
        if m.seat == owner:
            return f"seat {owner} controls {name} already: the jack gives it to another seat"
        if owner != p and g.queens(owner):
            return f"{_queen_of(g, owner)} protects {name}"
        return None
    if owner == p:
        if not from_seven or not g.rules.target_own:
            return f"a jack may only go on an opponent's point cards, not on your own {name}"
        for q in g.opponents(p):
            if g.points[q] and not g.queens(q):
                return (f"a jack a seven reveals goes on your own card only when none of the "
                        f"opponents' can take it, and {pretty(min(g.points[q]))} can")
        if m.seat is None:
            return f"the jack must name who receives {name}: {write}, an opponent"
        if m.seat not in g.opponents(p):
            return _not_opponent(g, m.seat, f"the jack gives {name} to one")
        return None
    if m.seat is not None:
        return ("in cutthroat a jack takes the card for its player: "
                f"'jack {pretty(m.cards[0], ascii=True)} {pretty(t, ascii=True)}'")
    if g.queens(owner):
        return f"{_queen_of(g, owner)} protects {name}"
    return None


def _joker_problem(g: Game, p: int, m: Move) -> str | None:
    """Why joker move ``m`` of ``p`` is illegal (a royal joker, three or four seats)."""
    c: int = m.card  # type: ignore[assignment]
    if c < 52:
        return f"{pretty(c)} is not a joker"
    if not g.rules.royal_jokers:
        return f"under the joker variant a joker is a one-off: 'oneoff {pretty(c)}'"
    t: int = m.target  # type: ignore[assignment]
    name = pretty(t)
    place = _where(g, t)
    if place is None:
        return f"{name} is not on the table"
    kind, q = place
    if t >> 2 == 7 and kind == "perm":
        return f"glasses are not a royal: a joker cannot take {name}"
    if kind == "points" and not g.jacks.get(t):
        return (f"a joker takes a royal (a king, a queen, or the jack on a point card), and "
                f"{name} has no jack on it")
    if kind == "jack":
        return "name a stack by its bottom card: the king, queen or point card under the jack"
    if g.rules.teams:
        if m.seat is None:
            return f"the joker must name who receives {name}: '>N', any seat but {q}"
        if m.seat == q:
            return f"seat {q} controls {name} already: the joker gives it to another seat"
    else:
        if q == p:
            return f"a joker takes an opponent's royal, not your own {name}"
        if m.seat is not None:
            return "in cutthroat a joker takes the royal for its player: no '>N'"
    if q != p and not g._targetable(p, q, t):
        return f"{_queen_of(g, q)} protects {name}"
    return None
