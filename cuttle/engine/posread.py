"""Reading positions: validating a position dict (docs/notation.md) and building the game it
describes, at two, three or four seats; sampling the hidden cards of a view (``game_from_view``).

A position from outside is untrusted: every field is checked and a table that cannot happen is
refused with a ``ValueError`` naming the problem, so that no later move can corrupt the game.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from cuttle.cards import HIDDEN, card_text, full_deck, parse_card
from cuttle.engine.moves import Move
from cuttle.engine.phases import (
    COUNTER_PHASE,
    HAND_LIMIT,
    MAIN,
    OVER,
    PHASES,
    RESOLVE_FIVE,
    RESOLVE_FOUR,
    RESOLVE_SEVEN,
    RESOLVE_THREE,
    RESPOND_ROYAL,
    ROYAL_KINDS,
)
from cuttle.engine.position import FORMAT, is_player
from cuttle.engine.seats import seating
from cuttle.rules import Rules
from cuttle.safejson import loads_limited
from cuttle.words import count

if TYPE_CHECKING:
    from cuttle.engine.game import Game

_R_EIGHT, _R_JACK, _R_QUEEN, _R_KING = 7, 10, 11, 12


class _Reader:
    """Reads and checks one position dict, collecting every card's location."""

    def __init__(self, pos: dict[str, Any], rules: Rules) -> None:
        self.pos = pos
        self.rules = rules
        self.where: Counter[int] = Counter()

    def card(self, text: Any, field: str) -> int:
        if not isinstance(text, str):
            raise ValueError(f"bad position: {field} holds {text!r}, not a card like '7D'")
        if text.strip() == HIDDEN:
            raise ValueError(
                f"bad position: {field} holds a hidden card '??' (a view, not a position; "
                "Game.from_view samples hidden cards)")
        try:
            c = parse_card(text)
        except ValueError as exc:
            raise ValueError(f"bad position: {field}: {exc}") from None
        if c >= 52 and not self.rules.jokers:
            raise ValueError(f"bad position: {field} holds joker {text!r} but the rules "
                             f"{self.rules} have no jokers (add the 'joker' variant, or play "
                             "a mode of three or four)")
        self.where[c] += 1
        return c

    def cards(self, value: Any, field: str) -> list[int]:
        if not isinstance(value, list):
            raise ValueError(f"bad position: {field} must be a list of cards")
        return [self.card(t, f"{field}[{i}]") for i, t in enumerate(value)]

    def rows(self, key: str) -> list[Any]:
        """The per-seat lists of ``key``: one per seat of the rules' mode."""
        value = self.pos.get(key)
        n = self.rules.players
        if not isinstance(value, list) or len(value) != n:
            if n == 2:
                raise ValueError(f"bad position: {key!r} must be a list of two lists (players 0 "
                                 "and 1)")
            raise ValueError(f"bad position: {key!r} must be a list of {n} lists (seats 0 to "
                             f"{n - 1}, the {self.rules.mode} mode)")
        return value

    def stack(self, entry: str, field: str, seat: int) -> tuple[int, list[tuple[int, int, int]]]:
        """One entry of a row: a card alone, or a stack ``TS@1+JD@3>0``. Returns the bottom
        card and, for each card of the stack from the bottom, (card, played by, given to); a
        card alone or a two-player stack has no seats here (-1)."""
        n = self.rules.players
        parts = entry.split("+")
        out: list[tuple[int, int, int]] = []
        for part in parts:
            text, by, to = part, -1, -1
            if "@" in part:
                if n == 2:
                    raise ValueError(f"bad position: {field}: '@' seats belong to games of three "
                                     "or four; a two-player stack is 'TS+JD'")
                text, _, marks = part.partition("@")
                by_text, _, to_text = marks.partition(">")
                by = _seat_number(by_text, n, field)
                to = _seat_number(to_text, n, field) if to_text else by
            elif ">" in part:
                raise ValueError(f"bad position: {field}: write '>SEAT' after '@SEAT', as in "
                                 "'JD@3>0'")
            out.append((self.card(text, field), by, to))
        if n != 2:
            if len(out) == 1:
                if out[0][1] not in (-1, seat) or out[0][2] not in (-1, seat):
                    raise ValueError(f"bad position: {field}: a card alone in seat {seat}'s row "
                                     f"was played by seat {seat}")
            elif any(by < 0 for _, by, _ in out):
                raise ValueError(f"bad position: {field}: every card of a stack carries '@' and "
                                 "the seat that played it, as in 'TS@1+JD@0'")
        return out[0][0], out


def _seat_number(text: str, players: int, field: str) -> int:
    if not (text.isascii() and text.isdigit() and int(text) < players):
        raise ValueError(f"bad position: {field}: {text!r} is not a seat (0 to {players - 1})")
    return int(text)


def _load_json(position: dict[str, Any] | str) -> dict[str, Any]:
    if isinstance(position, (str, bytes)):
        try:
            position = loads_limited(position)
        except ValueError as exc:
            raise ValueError(f"bad position: {exc}") from None
    if not isinstance(position, dict):
        raise ValueError("bad position: expected a JSON object with hands, points, deck, …")
    return position


def game_from_position(cls: type[Game], position: dict[str, Any] | str,
                       rules: Rules | str | None) -> Game:
    """Validate ``position`` and build the game it describes (see Game.from_position)."""

    pos = _load_json(position)
    fmt = pos.get("format", FORMAT)
    if fmt != FORMAT:
        raise ValueError(f"bad position: format {fmt!r} is not {FORMAT!r}")
    pos_rules = pos.get("rules")
    if rules is not None and pos_rules is not None and \
            str(Rules.parse(rules)) != str(Rules.parse(str(pos_rules))):
        raise ValueError(f"bad position: it is for rules {pos_rules!r}, not {str(rules)!r}")
    try:
        r = Rules.parse(rules if rules is not None else pos_rules)
    except ValueError as exc:
        raise ValueError(f"bad position: {exc}") from None
    for key in ("turn_player", "hands", "points", "permanents", "deck", "scrap"):
        if key not in pos:
            raise ValueError(f"bad position: missing {key!r}")
    g = cls(r)
    rd = _Reader(pos, r)
    n = r.players
    seats = range(n)
    tp = pos["turn_player"]
    if not is_player(tp, n):
        raise ValueError(f"bad position: turn_player must be {_seats_text(n)}, not {tp!r}")
    g.turn_player = tp
    hands = rd.rows("hands")
    g.hands = [rd.cards(hands[p], f"hands[{p}]") for p in seats]
    pts = rd.rows("points")
    for p in seats:
        if not isinstance(pts[p], list):
            raise ValueError(f"bad position: points[{p}] must be a list")
        for i, entry in enumerate(pts[p]):
            field = f"points[{p}][{i}]"
            if not isinstance(entry, str):
                raise ValueError(f"bad position: {field} must be text like 'TS+JD'")
            base, cards = rd.stack(entry, field, p)
            if base >= 40:
                raise ValueError(f"bad position: {field}: {card_text(base)} cannot be a point "
                                 "card (only A–10 score)")
            for j, _, _ in cards[1:]:
                if j >> 2 != _R_JACK and not (j >= 52 and r.royal_jokers):
                    raise ValueError(f"bad position: {field}: only jacks sit on point cards, "
                                     f"not {card_text(j)}")
            if len(cards) > 1 and cards[1][0] >= 52:
                raise ValueError(f"bad position: {field}: a joker goes on a jack on a point "
                                 "card, never on the point card itself")
            g.points[p].append(base)
            _stacked(g, cards, p, field)
    perms = rd.rows("permanents")
    for p in seats:
        if not isinstance(perms[p], list):
            raise ValueError(f"bad position: permanents[{p}] must be a list of cards")
        for i, entry in enumerate(perms[p]):
            field = f"permanents[{p}]"
            if not isinstance(entry, str):
                rd.card(entry, f"{field}[{i}]")  # names the problem
            c, cards = rd.stack(entry, field, p)
            if c >= 52 or c >> 2 not in (_R_EIGHT, _R_QUEEN, _R_KING):
                raise ValueError(f"bad position: permanents[{p}] holds {card_text(c)}: only kings, "
                                 "queens and 8s (glasses) are permanents; jacks sit on point cards")
            if len(cards) > 1 and (c >> 2 == _R_EIGHT or any(x < 52 for x, _, _ in cards[1:])):
                raise ValueError(f"bad position: {field}: only jokers sit on a king or a queen, "
                                 f"not on {card_text(c)} as {entry}")
            g.perms[p].append(c)
            _stacked(g, cards, p, field)
    _read_out(g, pos)
    g.deck = rd.cards(pos["deck"], "deck")[::-1]
    g.scrap = rd.cards(pos["scrap"], "scrap")
    g.revealed = rd.cards(pos.get("revealed", []), "revealed")
    stack = pos.get("stack", [])
    if not isinstance(stack, list):
        raise ValueError("bad position: stack must be a list")
    for i, entry in enumerate(stack):
        if not isinstance(entry, dict) or not is_player(entry.get("player"), n) \
                or not isinstance(entry.get("move"), str):
            raise ValueError(f"bad position: stack[{i}] must be {{'player': {_seats_text(n)}, "
                             "'move': text}")
        try:
            m = Move.parse(entry["move"])
        except ValueError as exc:
            raise ValueError(f"bad position: stack[{i}]: {exc}") from None
        royal = r.teams and i == 0 and m.kind in ROYAL_KINDS
        answer = r.teams and i == 1 and g.stack[0][1].kind in ROYAL_KINDS and m.kind == "oneoff"
        first_or_counter = (m.kind != "counter") != (i == 0)
        if not royal and not answer and (
                m.kind not in ("oneoff", "counter", "scuttle") or first_or_counter):
            raise ValueError(f"bad position: stack[{i}] {m}: the stack holds a one-off (or a "
                             "scuttle) first and counters above it" + (
                                 "; in teams, a royal and the 9 answering it" if r.teams else ""))
        rd.card(card_text(m.card), f"stack[{i}]")  # type: ignore[arg-type]
        g.stack.append((entry["player"], m))
    expected = set(full_deck(r.jokers))
    dup = sorted(c for c, n in rd.where.items() if n > 1)
    if dup:
        raise ValueError("bad position: " + ", ".join(card_text(c) for c in dup)
                         + " listed more than once")
    missing = sorted(expected - set(rd.where))
    if missing:
        raise ValueError("bad position: " + ", ".join(card_text(c) for c in missing)
                         + " missing (every card must be somewhere)")
    phase = pos.get("phase", MAIN)
    if phase not in PHASES:
        raise ValueError(f"bad position: unknown phase {phase!r} (one of {', '.join(PHASES)})")
    g.phase = phase
    passes = pos.get("passes", 0)
    limit = len(g.seats.around[0]) + 1 if n != 2 else 3  # N + 1 passes end the game
    if not isinstance(passes, int) or isinstance(passes, bool) or not 0 <= passes <= limit \
            or (passes == limit and phase != OVER):
        allowed = "0, 1 or 2" if limit == 3 else f"0 to {limit - 1}"
        raise ValueError(f"bad position: passes must be {allowed}, not {passes!r}")
    if passes and g.deck:
        raise ValueError("bad position: passes are only possible once the deck is empty")
    g.passes = passes
    frozen = pos.get("frozen", [])
    if not isinstance(frozen, list):
        raise ValueError("bad position: frozen must be a list of cards")
    for t in frozen:
        c = parse_card(t) if isinstance(t, str) and t != HIDDEN else -1
        if not any(c in h for h in g.hands):
            raise ValueError(f"bad position: frozen card {t!r} is not in a hand")
        if not r.nine_freezes:
            raise ValueError(f"bad position: frozen card {t!r}, but nothing freezes cards under "
                             f"the {r} rules")
        g.frozen.append(c)
    known = pos.get("known")
    if known is None:
        # Left out: a frozen card came back from the table in view of all, so it is known.
        known = [card_text(c) for c in g.frozen]
    if not isinstance(known, list):
        raise ValueError("bad position: known must be a list of cards")
    for t in known:
        c = parse_card(t) if isinstance(t, str) and t != HIDDEN else -1
        if not any(c in h for h in g.hands) and c not in g.deck:
            raise ValueError(f"bad position: known card {t!r} is not in a hand or the deck")
        g.known |= 1 << c
    for c in g.frozen:
        if not g.known >> c & 1:
            # A frozen card came back from the table in view of both players: a position with
            # one hidden would tell the other seat which hidden card it is.
            raise ValueError(f"bad position: frozen card {card_text(c)!r} is not in known")
    if n == 2:
        _link_two_player_stacks(g, pos)
    seed = pos.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise ValueError(f"bad position: seed must be an integer, not {seed!r}")
    g.seed = seed
    outcome = pos.get("outcome")
    outcomes = (["team0", "team1"] if r.teams else [f"p{q}" for q in seats]) + ["draw"]
    if outcome is not None and outcome not in outcomes:
        raise ValueError("bad position: outcome must be null, "
                         + ", ".join(repr(o) for o in outcomes[:-1])
                         + f" or 'draw', not {outcome!r}")
    g.outcome = outcome
    if g.seats.out:
        _check_out_outcome(g, outcome)
    if (outcome is None) != (phase != OVER):
        raise ValueError("bad position: phase 'over' goes with an outcome, and only it")
    _check_phase(g, pos)
    if outcome is None:
        for p in seats:
            if g.score(p) >= g.goal(p):
                raise ValueError(f"bad position: player {p} has {g.score(p)} points, already at "
                                 f"their goal of {g.goal(p)}, yet the game is not over")
    default_to_move = None if phase == OVER else g.to_move
    to_move = pos.get("to_move", default_to_move)
    if to_move != default_to_move or not (to_move is None or is_player(to_move, n)):
        raise ValueError(f"bad position: to_move is {to_move!r} but in phase {phase!r} "
                         f"player {default_to_move!r} must act")
    if phase == HAND_LIMIT and r.hand_limit is None:
        raise ValueError(f"bad position: the {r} rules have no hand limit")
    if outcome is not None:
        g.outcome_reason = "position"
    return g


def _check_phase(g: Game, pos: dict[str, Any]) -> None:
    """Check the stack and reveal agree with the phase; set ``to_move`` from them (at three or
    four seats, who is being asked in a window is the position's ``to_move``)."""

    phase = g.phase
    tp = g.turn_player
    g.to_move = tp
    n = g.players
    need = {RESOLVE_THREE: 2, RESOLVE_FOUR: 3, RESOLVE_FIVE: 4, RESOLVE_SEVEN: 6}
    if phase == RESPOND_ROYAL and not g.rules.teams:
        raise ValueError("bad position: phase 'respond_royal' belongs to the teams mode")
    if phase == COUNTER_PHASE:
        if not g.stack:
            raise ValueError("bad position: the counter phase needs a one-off on the stack")
        if n == 2:
            for i, (p, _m) in enumerate(g.stack):
                if p != (tp if i % 2 == 0 else 1 - tp):
                    raise ValueError("bad position: the stack must alternate players, starting "
                                     "with the turn player's one-off")
        else:
            table = seating(n, g.rules.teams)  # a seat out since still counts for its 2s
            if g.stack[0][0] != tp:
                raise ValueError("bad position: the stack starts with the turn player's card")
            for i in range(1, len(g.stack)):
                if not table.is_opponent(g.stack[i - 1][0], g.stack[i][0]):
                    raise ValueError(f"bad position: stack[{i}] is not played by an opponent "
                                     "of the player of the card under it")
        if g.stack[0][1].kind in ROYAL_KINDS and len(g.stack) < 2:
            raise ValueError("bad position: a royal alone on the stack waits in phase "
                             "'respond_royal'")
        if g.stack[0][1].kind == "scuttle" and not g.rules.ten_counters_scuttle:
            raise ValueError("bad position: a scuttle waits on the stack only under "
                             "ten-counters-scuttle")
        top = g.stack[-1][0]
        g.to_move = 1 - top if n == 2 else _asked(g, pos, top, True)
    elif phase == RESPOND_ROYAL:
        if len(g.stack) != 1 or g.stack[0][0] != tp or g.stack[0][1].kind not in ROYAL_KINDS:
            raise ValueError("bad position: phase 'respond_royal' needs the turn player's royal "
                             "alone on the stack")
        g.to_move = _asked(g, pos, tp, False)
    elif phase in need:
        if len(g.stack) != 1 or g.stack[0][0] != tp or g.stack[0][1].kind != "oneoff" \
                or (g.stack[0][1].card or 0) >> 2 != need[phase]:
            raise ValueError(f"bad position: phase {phase!r} needs the turn player's "
                             f"{need[phase] + 1} alone on the stack")
        if phase == RESOLVE_FOUR:
            victim = g.stack[0][1].seat
            g.to_move = 1 - tp if victim is None else victim
        if phase == RESOLVE_SEVEN and (
                not g.revealed
                or len(g.revealed) != min(g.rules.seven_reveals, len(g.deck) + len(g.revealed))):
            raise ValueError("bad position: resolve_seven needs the revealed card(s): a 7 "
                             f"reveals {g.rules.seven_reveals} (fewer only as the deck runs out)")
    elif g.stack:
        raise ValueError(f"bad position: the stack must be empty in phase {phase!r}")
    if phase != RESOLVE_SEVEN and g.revealed:
        raise ValueError("bad position: revealed cards only exist in phase 'resolve_seven'")
    if phase == HAND_LIMIT and g.rules.hand_limit is not None \
            and len(g.hands[tp]) <= g.rules.hand_limit:
        raise ValueError("bad position: hand_limit phase but the hand is within the limit")
    _check_stack_moves(g)
    if phase == RESOLVE_THREE and not g._generate():
        raise ValueError("bad position: resolve_three but the scrap holds no card the 3 may take")
    if phase == RESOLVE_FOUR and g.rules.four_random:
        raise ValueError("bad position: under four-random the 4's discards are random: "
                         "there is no resolve_four phase")
    if phase == RESOLVE_FOUR and not g.hands[g.to_move]:  # type: ignore[index]
        raise ValueError("bad position: resolve_four but the 4's victim has no card to discard")
    if phase == RESOLVE_FIVE and not g.rules.five_discards:
        raise ValueError(f"bad position: the {g.rules.preset} 5 draws at once: there is no "
                         "resolve_five phase")
    if phase == RESOLVE_FIVE and not g.hands[tp]:
        raise ValueError("bad position: resolve_five but the 5's player has no card to discard")
    _check_stack_effect(g)
    if phase == OVER:
        g.to_move = None


def _check_stack_effect(g: Game) -> None:
    """The one-off on the stack must still have something to act on, and a counter window must
    be one that could have opened; otherwise the game would stall with no legal move."""

    if not g.stack:
        return
    base = g.stack[0][1]
    c = base.cards[0]
    r = c >> 2 if c < 52 else -1
    where = f"bad position: stack[0] {base}: "
    if base.kind == "oneoff" and r == 2:  # the 3 takes from the scrap, where counters will go
        pile = g.scrap + [m.cards[0] for _, m in g.stack[1:]]
        if not any(g.rules.three_takes_three or x >> 2 != 2 or x >= 52 for x in pile):
            raise ValueError(where + "the scrap holds no card the 3 may take")
    if base.kind == "oneoff" and r in (4, 6) and not g.deck and not g.revealed:
        raise ValueError(where + "the deck is empty: it has nothing to draw")
    asked = g.to_move
    if g.phase == COUNTER_PHASE and not (g._window_open() if g.players == 2 else (
            g.seats.is_opponent(g.stack[-1][0], asked)  # type: ignore[arg-type]
            and g._can_answer(asked) and not g._shielded(g.stack[-1][0], True))):  # type: ignore[arg-type]
        raise ValueError("bad position: no counter window can be open here (the player to "
                         "answer has no card they may play, or a queen forbids it)")
    if g.phase == COUNTER_PHASE and g.players != 2 and len(g.stack) == 1 \
            and base.kind == "scuttle" and asked != g.controller(base.cards[1]):
        raise ValueError(f"bad position: only the controller of {card_text(base.cards[1])} may "
                         f"answer the scuttle with a 10, not seat {asked}")
    if g.phase == RESPOND_ROYAL and not (
            g.seats.is_opponent(g.turn_player, g.to_move)  # type: ignore[arg-type]
            and g._can_answer(g.to_move) and not g._shielded(g.turn_player, False)):  # type: ignore[arg-type]
        raise ValueError("bad position: no answer to the royal can be open here (the player "
                         "asked is no opponent with a card, or a queen keeps the royal safe)")


def _asked(g: Game, pos: dict[str, Any], top: int, counter: bool) -> int:
    """Three or four seats: who is asked in the window over ``top``'s card: the position's
    ``to_move``, else the first who could answer."""
    asked = pos.get("to_move")
    if asked is None:
        first = g._next_asked(top, top, counter)
        if first is None:
            raise ValueError("bad position: nobody can answer the top of the stack here (no "
                             "opponent with a card, or a queen forbids it)")
        return first
    if not is_player(asked, g.players) or asked in g.seats.out:
        raise ValueError(f"bad position: to_move must be a seat still in, not {asked!r}")
    return asked  # type: ignore[no-any-return]


def _seats_text(n: int) -> str:
    return "0 or 1" if n == 2 else f"a seat from 0 to {n - 1}"


def _stacked(g: Game, cards: list[tuple[int, int, int]], seat: int, field: str) -> None:
    """Record a stack read from a row of ``seat``: its cards on the bottom one and, at three or
    four seats, who played each and to whom it gave the card, checked against the mode's rules
    (two-player stacks are linked once ``own_jacks`` is read)."""
    if len(cards) == 1:
        return
    base = cards[0][0]
    g.jacks[base] = tuple(c for c, _, _ in cards[1:])
    if g.players == 2:
        return
    rules = g.rules
    first = cards[0][1]
    g.links[base] = (first, first)
    prev = first
    for c, by, to in cards[1:]:
        what = f"bad position: {field}: {card_text(c)}@{by}>{to} "
        if rules.teams:
            if to == prev:
                raise ValueError(what + f"gives the card to seat {to}, who held it already")
        elif to == by:
            if by == prev:
                raise ValueError(what + "takes a card its own player held already")
        elif not (c < 52 and by == prev and rules.target_own):
            raise ValueError(what + "gives the card to another seat: in cutthroat only a "
                             "seven's jack on its player's own card does (classic)")
        g.links[c] = (by, to)
        prev = to
    if prev != seat:
        raise ValueError(f"bad position: {field}: the stack's top gives it to seat {prev}, so it "
                         f"belongs in row {prev}, not {seat}")


def _link_two_player_stacks(g: Game, pos: dict[str, Any]) -> None:
    """Two players: read ``own_jacks`` and derive every stack's record. Each jack flips control,
    so the top jack gave the card to its controller, and a jack its player put on their own card
    (``own_jacks``) was played by the other seat than the one it gave the card to."""
    own_list = pos.get("own_jacks", []) or []
    on_table = {j for js in g.jacks.values() for j in js}
    if not isinstance(own_list, list):
        raise ValueError("bad position: own_jacks must be a list of jacks")
    own = set()
    for t in own_list:
        c = parse_card(t) if isinstance(t, str) and t != HIDDEN else -1
        if c not in on_table:
            raise ValueError(f"bad position: own_jacks lists {t!r}, which is not a jack on the "
                             "table")
        own.add(c)
    for base, covers in g.jacks.items():
        to = 0 if base in g.points[0] else 1
        for j in reversed(covers):
            g.links[j] = (1 - to if j in own else to, to)
            to = 1 - to
        g.links[base] = (to, to)


def _read_out(g: Game, pos: dict[str, Any]) -> None:
    """The seats out of a cutthroat game (``out``): none may hold a card or act."""
    out = pos.get("out", [])
    n = g.players
    if not isinstance(out, list) or not all(is_player(q, n) for q in out) \
            or len(set(out)) != len(out):
        raise ValueError(f"bad position: out must be a list of different seats, not {out!r}")
    if out and g.rules.mode != "cutthroat":
        raise ValueError("bad position: only a cutthroat game goes on with seats out (a "
                         "concession ends the others)")
    if len(out) > n - 1:
        raise ValueError("bad position: at least one seat stays in the game")
    for q in out:
        if g.hands[q] or g.points[q] or g.perms[q]:
            raise ValueError(f"bad position: seat {q} is out, yet holds cards")
    if out:
        g.seats = seating(n, False, tuple(sorted(out)))
    if g.turn_player in out:
        raise ValueError(f"bad position: turn_player {g.turn_player} is out of the game")


def _check_out_outcome(g: Game, outcome: str | None) -> None:
    """Seats are out (cutthroat): a seat out never wins, and the last seat left has won."""
    out = g.seats.out
    if outcome is not None and outcome[0] == "p" and int(outcome[1:]) in out:
        raise ValueError(f"bad position: outcome {outcome!r} names seat {outcome[1:]}, which is "
                         "out of the game")
    inside = g.seats.around[g.turn_player]
    if len(inside) == 1 and outcome != f"p{inside[0]}":
        raise ValueError(f"bad position: seat {inside[0]} is the last one left, so the game is "
                         f"over and it won (outcome 'p{inside[0]}'), not {outcome!r}")


def _check_stack_moves(g: Game) -> None:
    """Each card on the stack must be one its player could have put there. Nothing on the
    table changes while the stack waits, so a targeted one-off must name a card it may target
    now, and a scuttle an opponent's point card it beats; counters are 2s (a 10 only directly
    on a scuttle). Otherwise resolving the stack would corrupt the game."""
    rules = g.rules
    for i, (p, m) in enumerate(g.stack):
        c: int = m.card  # type: ignore[assignment]
        r = c >> 2 if c < 52 else -1
        t = m.target
        where = f"bad position: stack[{i}] {m}: "
        if m.seat is not None and m.kind == "oneoff" and not (
                r == 3 and m.seat in seating(g.players, rules.teams).opps[p]):
            raise ValueError(where + "a 4 names an opponent of its player")
        if g.players != 2 and m.kind == "oneoff" and r == 3 and m.seat is None:
            raise ValueError(where + "at three or four seats a 4 names its victim ('@N')")
        if m.kind in ROYAL_KINDS:
            _check_royal(g, p, m, where)
        elif i == 1 and g.stack[0][1].kind in ROYAL_KINDS:
            if r != 8 or t != g.stack[0][1].cards[0]:
                raise ValueError(where + "only a 9 aimed at the royal answers it")
        elif m.kind == "counter":
            on_scuttle = i == 1 and g.stack[0][1].kind == "scuttle"
            if r != (9 if on_scuttle else 1):
                raise ValueError(where + ("only a 10 answers a scuttle" if on_scuttle
                                          else "only a 2 counters a one-off"))
            if on_scuttle and g.players != 2:
                owner = g.controller(g.stack[0][1].cards[1])
                if owner is not None and owner != p:
                    raise ValueError(where + "only the controller of the scuttled card answers "
                                     "the scuttle with a 10")
        elif m.kind == "scuttle":
            if not any(t in g.points[q] for q in g.seats.opps[p]) or t > c:  # type: ignore[operator]
                raise ValueError(where + f"{card_text(t)} is not an opponent's point card "  # type: ignore[arg-type]
                                 f"that {card_text(c)} beats")
        elif t is None:
            if r not in (0, 2, 3, 4, 5, 6) and not (c >= 52 and rules.jokers):
                raise ValueError(where + "that card has no one-off effect")
        else:
            if r == _R_EIGHT:
                owner = g.holder(t)  # type: ignore[assignment]
                ok = (rules.eight_oneoff and owner is not None and t in g.perms[owner]
                      and t >> 2 == _R_EIGHT
                      and (owner != p or rules.target_own) and g._targetable(p, owner, t))
            else:
                ok = t in g._perm_targets(p, r == 8 and rules.nine_hits_points)
            if not ok:
                raise ValueError(where + f"{card_text(t)} is not a card it may target here")


def _check_royal(g: Game, p: int, m: Move, where: str) -> None:
    """A royal waiting for its answers (teams) must be one ``p`` could have played: it is tried
    as the generator would list it with the card back in ``p``'s hand."""
    c: int = m.card  # type: ignore[assignment]
    if m.kind == "perm" and c >> 2 == _R_EIGHT:
        raise ValueError(where + "glasses are not a royal: nobody answers them")
    saved = (g.phase, g.to_move, g.stack, g.frozen)
    g.hands[p].append(c)
    g.phase, g.to_move, g.stack, g.frozen = MAIN, p, [], []
    try:
        ok = m in g._generate()
    finally:
        g.hands[p].remove(c)
        g.phase, g.to_move, g.stack, g.frozen = saved
    if not ok:
        raise ValueError(where + "it is not a move its player could make on this table")


def _text_list(value: Any, field: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
        raise ValueError(f"bad view: {field} must be a list of cards")
    return value


def game_from_view(cls: type[Game], view: dict[str, Any], rng: random.Random) -> Game:
    """A full game consistent with ``view``: hidden cards dealt at random from the unseen ones."""
    pos = dict(_load_json(view))
    try:
        rules = Rules.parse(pos.get("rules"))
    except ValueError as exc:
        raise ValueError(f"bad view: {exc}") from None
    rows: list[list[str]] = []
    n = rules.players
    for key in ("hands", "points", "permanents"):
        per_seat = pos.get(key)
        if not isinstance(per_seat, list) or len(per_seat) != n:
            raise ValueError(f"bad view: {key!r} must be a list of "
                             + ("two lists" if n == 2 else f"{n} lists"))
        rows += [_text_list(per_seat[q], f"{key}[{q}]") for q in range(n)]
    for key in ("deck", "scrap", "revealed"):
        rows.append(_text_list(pos.get(key, []), key))
    stack = pos.get("stack", [])
    if not isinstance(stack, list) or not all(
            isinstance(e, dict) and isinstance(e.get("move"), str) for e in stack):
        raise ValueError("bad view: stack must be a list of {'player': p, 'move': text}")
    seen: set[str] = set()
    try:
        for row in rows:
            for t in row:
                if t != HIDDEN:
                    seen.update(card_text(parse_card(part.partition("@")[0]))
                                for part in t.split("+"))
        for entry in stack:
            seen.add(card_text(Move.parse(entry["move"]).cards[0]))
    except (ValueError, IndexError) as exc:
        raise ValueError(f"bad view: {exc}") from None
    unseen = [card_text(c) for c in full_deck(rules.jokers) if card_text(c) not in seen]
    hidden = sum(row.count(HIDDEN) for row in pos["hands"]) + pos.get("deck", []).count(HIDDEN)
    if hidden != len(unseen):
        raise ValueError(
            f"bad view: {count(hidden, 'hidden card', digits=True)} but "
            f"{count(len(unseen), 'card', digits=True)} unaccounted for"
        )
    rng.shuffle(unseen)
    pos["hands"] = [[t if t != HIDDEN else unseen.pop() for t in row] for row in pos["hands"]]
    pos["deck"] = [t if t != HIDDEN else unseen.pop() for t in pos.get("deck", [])]
    pos.pop("seed", None)
    return game_from_position(cls, pos, None)
