"""Positions: the JSON form of a game (docs/notation.md), per-player views, and parsing.

``position_of`` writes a position (``viewer=None``) or a player's view (every card that player
cannot see becomes ``"??"``); ``game_from_position`` validates and loads one; ``game_from_view``
samples the hidden cards of a view to build a complete game for search.
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
)
from cuttle.rules import Rules
from cuttle.safejson import loads_limited
from cuttle.words import count

if TYPE_CHECKING:
    from cuttle.engine.game import Game

FORMAT = "cuttle-position/1"
_R_EIGHT, _R_JACK, _R_QUEEN, _R_KING = 7, 10, 11, 12


def is_player(value: object) -> bool:
    """True for the int 0 or 1 (not a bool, not a float such as 1.0)."""
    return value.__class__ is int and 0 <= value <= 1  # type: ignore[operator]


def check_player(value: object, what: str = "player") -> int:
    """``value`` if it is the int 0 or 1; ``ValueError`` naming it otherwise."""
    if not is_player(value):
        raise ValueError(f"{what} must be 0 or 1 (an int), not {repr(value)[:40]}")
    return value  # type: ignore[return-value]


def _texts(cards: list[int]) -> list[str]:
    return [card_text(c) for c in sorted(cards)]


def sees_opponent_hand(game: Game, viewer: int) -> bool:
    """True when ``viewer`` may see the whole of the opponent's hand (glasses, or open hands)."""
    if game.has_glasses(viewer):
        return True
    return game.rules.open_hands_when_deck_empty and not game.deck and not game.revealed


def position_of(game: Game, viewer: int | None) -> dict[str, Any]:
    """The position of ``game`` as a dict; as ``viewer`` sees it when viewer is 0 or 1."""
    known = game.known
    hands: list[list[str]] = []
    for p in (0, 1):
        h = game.hands[p]
        if viewer is None or viewer == p or sees_opponent_hand(game, viewer):
            hands.append(_texts(h))
        else:
            shown = [c for c in h if known >> c & 1]
            hands.append(_texts(shown) + [HIDDEN] * (len(h) - len(shown)))
    deck_top_first = game.deck[::-1]
    if viewer is None:
        deck = [card_text(c) for c in deck_top_first]
    else:
        deck = [card_text(c) if known >> c & 1 else HIDDEN for c in deck_top_first]
    points = []
    for p in (0, 1):
        row = []
        for b in sorted(game.points[p]):
            row.append("+".join([card_text(b)] + [card_text(j) for j in game.jacks.get(b, ())]))
        points.append(row)
    in_hidden_zones = game.hands[0] + game.hands[1] + game.deck
    pos: dict[str, Any] = {
        "format": FORMAT,
        "rules": str(game.rules),
        "turn_player": game.turn_player,
        "phase": game.phase,
        "to_move": game.to_move,
        "hands": hands,
        "points": points,
        "permanents": [_texts(game.perms[0]), _texts(game.perms[1])],
        "deck": deck,
        "scrap": [card_text(c) for c in game.scrap],
        "passes": game.passes,
        "frozen": _texts(game.frozen),
        "stack": [{"player": p, "move": str(m)} for p, m in game.stack],
        "revealed": [card_text(c) for c in game.revealed],
        "outcome": game.outcome,
        "known": _texts([c for c in in_hidden_zones if known >> c & 1]),
        "own_jacks": _texts([j for js in game.jacks.values() for j in js
                             if game.own_jacks >> j & 1]),
    }
    if viewer is None:
        pos["seed"] = game.seed
    return pos


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
                             f"{self.rules} have no jokers (add the 'joker' variant)")
        self.where[c] += 1
        return c

    def cards(self, value: Any, field: str) -> list[int]:
        if not isinstance(value, list):
            raise ValueError(f"bad position: {field} must be a list of cards")
        return [self.card(t, f"{field}[{i}]") for i, t in enumerate(value)]

    def pair(self, key: str) -> tuple[Any, Any]:
        value = self.pos.get(key)
        if not isinstance(value, list) or len(value) != 2:
            raise ValueError(f"bad position: {key!r} must be a list of two lists (players 0 and 1)")
        return value[0], value[1]


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
    tp = pos["turn_player"]
    if not is_player(tp):
        raise ValueError(f"bad position: turn_player must be 0 or 1, not {tp!r}")
    g.turn_player = tp
    h0, h1 = rd.pair("hands")
    g.hands = [rd.cards(h0, "hands[0]"), rd.cards(h1, "hands[1]")]
    pts = rd.pair("points")
    for p in (0, 1):
        if not isinstance(pts[p], list):
            raise ValueError(f"bad position: points[{p}] must be a list")
        for i, entry in enumerate(pts[p]):
            field = f"points[{p}][{i}]"
            if not isinstance(entry, str):
                raise ValueError(f"bad position: {field} must be text like 'TS+JD'")
            parts = entry.split("+")
            base = rd.card(parts[0], field)
            if base >= 40:
                raise ValueError(f"bad position: {field}: {parts[0]} cannot be a point card "
                                 "(only A–10 score)")
            js = tuple(rd.card(j, field) for j in parts[1:])
            for j, jt in zip(js, parts[1:], strict=True):
                if j >> 2 != _R_JACK or j >= 52:
                    raise ValueError(f"bad position: {field}: only jacks sit on point cards, "
                                     f"not {jt}")
            g.points[p].append(base)
            if js:
                g.jacks[base] = js
    perms = rd.pair("permanents")
    for p in (0, 1):
        for c in rd.cards(perms[p], f"permanents[{p}]"):
            if c >= 52 or c >> 2 not in (_R_EIGHT, _R_QUEEN, _R_KING):
                raise ValueError(f"bad position: permanents[{p}] holds {card_text(c)}: only kings, "
                                 "queens and 8s (glasses) are permanents; jacks sit on point cards")
            g.perms[p].append(c)
    g.deck = rd.cards(pos["deck"], "deck")[::-1]
    g.scrap = rd.cards(pos["scrap"], "scrap")
    g.revealed = rd.cards(pos.get("revealed", []), "revealed")
    stack = pos.get("stack", [])
    if not isinstance(stack, list):
        raise ValueError("bad position: stack must be a list")
    for i, entry in enumerate(stack):
        if not isinstance(entry, dict) or not is_player(entry.get("player")) \
                or not isinstance(entry.get("move"), str):
            raise ValueError(f"bad position: stack[{i}] must be {{'player': 0 or 1, 'move': text}}")
        try:
            m = Move.parse(entry["move"])
        except ValueError as exc:
            raise ValueError(f"bad position: stack[{i}]: {exc}") from None
        if m.kind not in ("oneoff", "counter", "scuttle") or (m.kind != "counter") != (i == 0):
            raise ValueError(f"bad position: stack[{i}] {m}: the stack holds a one-off (or a "
                             "scuttle) first and counters above it")
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
    if not isinstance(passes, int) or isinstance(passes, bool) or not 0 <= passes <= 3 \
            or (passes == 3 and phase != OVER):
        raise ValueError(f"bad position: passes must be 0, 1 or 2, not {passes!r}")
    if passes and g.deck:
        raise ValueError("bad position: passes are only possible once the deck is empty")
    g.passes = passes
    frozen = pos.get("frozen", [])
    if not isinstance(frozen, list):
        raise ValueError("bad position: frozen must be a list of cards")
    for t in frozen:
        c = parse_card(t) if isinstance(t, str) and t != HIDDEN else -1
        if c not in g.hands[0] and c not in g.hands[1]:
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
        if c not in g.hands[0] and c not in g.hands[1] and c not in g.deck:
            raise ValueError(f"bad position: known card {t!r} is not in a hand or the deck")
        g.known |= 1 << c
    for c in g.frozen:
        if not g.known >> c & 1:
            # A frozen card came back from the table in view of both players: a position with
            # one hidden would tell the other seat which hidden card it is.
            raise ValueError(f"bad position: frozen card {card_text(c)!r} is not in known")
    own = pos.get("own_jacks", []) or []
    on_table = {j for js in g.jacks.values() for j in js}
    if not isinstance(own, list):
        raise ValueError("bad position: own_jacks must be a list of jacks")
    for t in own:
        c = parse_card(t) if isinstance(t, str) and t != HIDDEN else -1
        if c not in on_table:
            raise ValueError(f"bad position: own_jacks lists {t!r}, which is not a jack on the "
                             "table")
        g.own_jacks |= 1 << c
    seed = pos.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise ValueError(f"bad position: seed must be an integer, not {seed!r}")
    g.seed = seed
    outcome = pos.get("outcome")
    if outcome not in (None, "p0", "p1", "draw"):
        raise ValueError("bad position: outcome must be null, 'p0', 'p1' or 'draw', "
                         f"not {outcome!r}")
    g.outcome = outcome
    if (outcome is None) != (phase != OVER):
        raise ValueError("bad position: phase 'over' goes with an outcome, and only it")
    _check_phase(g, pos)
    if outcome is None:
        for p in (0, 1):
            if g.score(p) >= g.goal(p):
                raise ValueError(f"bad position: player {p} has {g.score(p)} points, already at "
                                 f"their goal of {g.goal(p)}, yet the game is not over")
    default_to_move = None if phase == OVER else g.to_move
    to_move = pos.get("to_move", default_to_move)
    if to_move != default_to_move or not (to_move is None or is_player(to_move)):
        raise ValueError(f"bad position: to_move is {to_move!r} but in phase {phase!r} "
                         f"player {default_to_move!r} must act")
    if phase == HAND_LIMIT and r.hand_limit is None:
        raise ValueError(f"bad position: the {r} rules have no hand limit")
    if outcome is not None:
        g.outcome_reason = "position"
    return g


def _check_phase(g: Game, pos: dict[str, Any]) -> None:
    """Check the stack and reveal agree with the phase; set ``to_move`` from them."""

    phase = g.phase
    tp = g.turn_player
    g.to_move = tp
    need = {RESOLVE_THREE: 2, RESOLVE_FOUR: 3, RESOLVE_FIVE: 4, RESOLVE_SEVEN: 6}
    if phase == COUNTER_PHASE:
        if not g.stack:
            raise ValueError("bad position: the counter phase needs a one-off on the stack")
        for i, (p, _m) in enumerate(g.stack):
            if p != (tp if i % 2 == 0 else 1 - tp):
                raise ValueError("bad position: the stack must alternate players, starting "
                                 "with the turn player's one-off")
        if g.stack[0][1].kind == "scuttle" and not g.rules.ten_counters_scuttle:
            raise ValueError("bad position: a scuttle waits on the stack only under "
                             "ten-counters-scuttle")
        g.to_move = 1 - g.stack[-1][0]
    elif phase in need:
        if len(g.stack) != 1 or g.stack[0][0] != tp or g.stack[0][1].kind != "oneoff" \
                or (g.stack[0][1].card or 0) >> 2 != need[phase]:
            raise ValueError(f"bad position: phase {phase!r} needs the turn player's "
                             f"{need[phase] + 1} alone on the stack")
        if phase == RESOLVE_FOUR:
            g.to_move = 1 - tp
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
    if phase == RESOLVE_FOUR and not g.hands[1 - tp]:
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
    if g.phase == COUNTER_PHASE and not g._window_open():
        raise ValueError("bad position: no counter window can be open here (the player to "
                         "answer has no card they may play, or a queen forbids it)")


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
        if m.kind == "counter":
            on_scuttle = i == 1 and g.stack[0][1].kind == "scuttle"
            if r != (9 if on_scuttle else 1):
                raise ValueError(where + ("only a 10 answers a scuttle" if on_scuttle
                                          else "only a 2 counters a one-off"))
        elif m.kind == "scuttle":
            if t not in g.points[1 - p] or t > c:  # type: ignore[operator]
                raise ValueError(where + f"{card_text(t)} is not an opponent's point card "  # type: ignore[arg-type]
                                 f"that {card_text(c)} beats")
        elif t is None:
            if r not in (0, 2, 3, 4, 5, 6) and not (c >= 52 and rules.jokers):
                raise ValueError(where + "that card has no one-off effect")
        else:
            if r == _R_EIGHT:
                owner = 0 if t in g.perms[0] else 1
                ok = (rules.eight_oneoff and t in g.perms[owner] and t >> 2 == _R_EIGHT
                      and (owner != p or rules.target_own) and g._targetable(p, owner, t))
            else:
                ok = t in g._perm_targets(p, r == 8 and rules.nine_hits_points)
            if not ok:
                raise ValueError(where + f"{card_text(t)} is not a card it may target here")


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
    for key in ("hands", "points", "permanents"):
        pair = pos.get(key)
        if not isinstance(pair, list) or len(pair) != 2:
            raise ValueError(f"bad view: {key!r} must be a list of two lists")
        rows += [_text_list(pair[0], f"{key}[0]"), _text_list(pair[1], f"{key}[1]")]
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
                    seen.update(card_text(parse_card(part)) for part in t.split("+"))
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
