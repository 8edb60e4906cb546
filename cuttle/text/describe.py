"""Words for the game: move descriptions, one-off effects, the status line and log entries.

Everything here works on the move notation and the position dicts (docs/notation.md), so it reads
the same for a live game, a resumed one and a replay. Every sentence names its players through
``Person``: the seat named ``You`` (or the player a line speaks to) is "you", with a verb to agree
("you discard", "Ann discards") and "your" for a possessive; counts are spelt out ("two cards").
``names`` holds one name a seat: at three and four seats the words name the seat a card is taken
from or given to, and the windows of those games (a counter asked of each opponent in turn, a 9
against a royal in teams, a seat out of a cutthroat game) have sentences of their own. ``Person``
and the readers of seats in moves and positions live in ``people`` and are re-exported here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cuttle.cards import HIDDEN
from cuttle.engine import phases
from cuttle.rules import Rules
from cuttle.text.cardtext import CardStyle, point_value, rank_char, rank_word
from cuttle.text.people import ROYAL_VERBS as ROYAL_VERBS
from cuttle.text.people import YOU as YOU
from cuttle.text.people import Person as Person
from cuttle.text.people import Position as Position
from cuttle.text.people import answered as answered
from cuttle.text.people import capitalize as capitalize
from cuttle.text.people import is_teams as is_teams
from cuttle.text.people import locate as locate
from cuttle.text.people import move_seats as move_seats
from cuttle.text.people import opponents_of as opponents_of
from cuttle.text.people import other as other
from cuttle.text.people import parse_move_text as parse_move_text
from cuttle.text.people import possessive as possessive
from cuttle.text.people import rules_parts as rules_parts
from cuttle.text.people import seat_count as seat_count
from cuttle.text.people import third_person as third_person
from cuttle.words import count

if TYPE_CHECKING:
    from cuttle.engine.game import Game

#: Each phase in a few words, for the prompt and the status bar (``phase_words``).
PHASE_WORDS: dict[str, str] = {
    phases.MAIN: "turn",
    phases.COUNTER_PHASE: "counter?",
    phases.RESOLVE_THREE: "3: take a card",
    phases.RESOLVE_FOUR: "4: discard",
    phases.RESOLVE_FIVE: "5: discard one",
    phases.RESOLVE_SEVEN: "7: play a card",
    phases.HAND_LIMIT: "hand limit",
    phases.RESPOND_ROYAL: "9 against the royal?",
    phases.OVER: "game over",
}
def target_words(card: str, pos: Position, names: Sequence[str], style: CardStyle,
                 viewer: int | None = None) -> str:
    """``AI's K♠``, ``your J♦ (on 7♥)`` (``viewer``: the seat the words speak to, ``your``)."""
    zone, p, base = locate(card, pos)
    owner = Person.of(names[p], addressed=p == viewer).possessive() + " " if p >= 0 else ""
    if zone == "jack":
        return f"{owner}{style.plain(card)} on {style.plain(base)}"
    return f"{owner}{style.plain(card)}"


def oneoff_effect(
    card: str,
    target: str | None,
    pos: Position,
    player: int,
    names: Sequence[str],
    style: CardStyle,
    at: int | None = None,
) -> str:
    """What a one-off does, in a few words: ``scrap all point cards``; ``at``: the seat a 4
    names at three and four seats."""
    preset, variants = rules_parts(str(pos.get("rules", "classic")))
    cc = preset == "cuttlecards"
    r = rank_char(card)
    victim = at if at is not None else other(player)
    opp = Person.of(names[victim])
    stack = pos.get("stack", [])
    royal_move = parse_move_text(str(stack[0].get("move", ""))) if stack else ("", [])
    if r == "9" and target and royal_move[0] in ROYAL_VERBS and royal_move[1][:1] == [target]:
        royal = int(stack[0].get("player", other(player)))
        owner = Person.of(names[royal])
        return f"send {owner.possessive()} {style.plain(target)} back to {owner.their()} hand"
    tgt = target_words(target, pos, names, style) if target else ""
    if r == "A":
        return "scrap all point cards"
    if r == "2":
        return f"scrap {tgt}" if target else "counter"
    if r == "3":
        return "take a card from the scrap"
    if r == "4":
        held = len(pos["hands"][victim]) if "hands" in pos else 2
        if held == 1:
            return f"{opp.does('discard')} the only card in {opp.their()} hand"
        how = "two random cards" if "four-random" in variants else "two cards"
        return f"{opp.does('discard')} {how}"
    if r == "5":
        return "discard one card, then draw three" if cc else "draw two cards"
    if r == "6":
        return "scrap all permanents"
    if r == "7":
        return "reveal the top two cards and play one" if cc else "draw the top card and play it"
    if r == "8":
        return f"scrap the glasses {tgt}"
    if r == "9":
        if "nine-to-deck" in variants:
            return f"put {tgt} on top of the deck"
        _, holder, _ = locate(target, pos) if target else ("?", -1, "")
        whose = Person.of(names[holder]).their() if holder >= 0 else "its owner's"
        if cc or "nine-freeze" in variants:
            return f"return {tgt} to {whose} hand, frozen for {whose} next turn"
        return f"return {tgt} to {whose} hand"
    if r == "T":
        return "cancel the scuttle"
    if r == "X":
        return "swap hands"
    return "one-off"


def move_meta(
    text: str,
    pos: Position,
    player: int,
    names: Sequence[str],
    style: CardStyle,
) -> str:
    """A short description of a legal move for the completer and the numbered list."""
    verb, cards = parse_move_text(text)
    at, to = move_seats(text)
    c = [style.plain(x) for x in cards]
    if verb == "draw":
        return f"draw a card ({len(pos.get('deck', []))} left)"
    if verb == "pass":
        return f"pass (deck empty; {count(int(pos.get('passes', 0) or 0), 'pass')} so far)"
    if verb == "points" and cards:
        v = point_value(cards[0])
        return f"{c[0]} for {count(v, 'point', digits=True)}"
    if verb == "scuttle" and len(cards) == 2:
        if seat_count(pos) > 2:
            return f"scuttle {c[0]} → {target_words(cards[1], pos, names, style)}"
        return f"scuttle {c[0]} → {c[1]}"
    if verb == "oneoff" and cards:
        eff = oneoff_effect(
            cards[0], cards[1] if len(cards) > 1 else None, pos, player, names, style, at
        )
        return f"{c[0]} one-off: {eff}"
    if verb == "perm" and cards:
        r = rank_char(cards[0])
        if r == "K":
            return f"king {c[0]}: lowers your goal"
        if r == "Q":
            return f"queen {c[0]}: protects your other cards"
        if r == "8":
            if seat_count(pos) > 2:
                return f"{c[0]} as glasses: see your opponents' hands"
            return f"{c[0]} as glasses: see their hand"
        return f"{c[0]} as a permanent"
    if verb in ("jack", "joker") and len(cards) == 2 and seat_count(pos) > 2:
        tgt = target_words(cards[1], pos, names, style)
        gets = Person.of(names[to if to is not None else player], addressed=to in (None, player))
        pts = point_value(cards[1])
        worth = f" ({pts} pts)" if pts else ""
        return f"{c[0]} gives {tgt} to {gets.object()}{worth}"
    if verb == "jack" and len(cards) == 2:
        zone, p, _ = locate(cards[1], pos)
        pts = point_value(cards[1])
        if p == player:  # only a seven's jack with no card of the opponent's to take
            receiver = Person.of(names[other(player)]).object()
            return f"{c[0]} on your own {c[1]}: it goes to {receiver} ({pts} pts)"
        return f"{c[0]} steals {c[1]} ({pts} pts)"
    if verb == "counter" and cards:
        return f"counter with {c[0]}"
    if verb == "resolve":
        return "let the stack resolve (no counter)"
    if verb == "take" and cards:
        return f"take {c[0]} from the scrap"
    if verb == "discard":
        hand = list(pos.get("hands", [[], []])[player])
        if not cards or not set(cards) <= set(hand):
            return "discard " + " ".join(c)
        kept = [style.plain(x) for x in hand if x not in cards]
        return "keep " + " ".join(kept) if kept else "discard your last card" + "s" * (len(c) > 1)
    if verb == "scrap" and cards:
        return f"scrap {c[0]} (it cannot be played)"
    return style.words(text)


def stack_outcome(stack: list[dict[str, Any]]) -> str:
    """What the counter stack will do if it resolves now."""
    counters = len(stack) - 1 - answered(stack)
    if counters <= 0:
        return "takes effect unless countered"
    if counters % 2:
        return f"cancelled ({count(counters, 'counter', digits=True)})"
    return f"takes effect ({counters} counters cancel out)"


def _options(legal: list[str], style: CardStyle, limit: int = 4) -> str:
    """A few legal moves for the status line: ``counter 2♦ · resolve``."""
    shown = " · ".join(style.words(m) for m in legal[:limit])
    return shown + (" · … (Tab lists them)" if len(legal) > limit else "")


def _asked_after(pos: Position, viewer: int, names: Sequence[str]) -> str:
    """At three and four seats, who is asked after the viewer in this window (the top card's
    player's other opponents still to answer, in turn order): `` Then Dan may answer.``"""
    stack = pos.get("stack", [])
    if seat_count(pos) == 2 or not stack:
        return ""
    order = opponents_of(pos, int(stack[-1].get("player", 0)))
    later = order[order.index(viewer) + 1:] if viewer in order else []
    if not later:
        return ""
    who = " and ".join(Person.of(names[p]).subject() for p in later)
    return f" Then {who} may answer."


def _counter_sentence(
    pos: Position, viewer: int, names: Sequence[str], legal: list[str], style: CardStyle
) -> str:
    stack = pos.get("stack", [])
    if not stack:
        return f"Counter or resolve: {_options(legal, style)}"
    top_verb, top_cards = parse_move_text(str(stack[-1].get("move", "")))
    top_player = int(stack[-1].get("player", other(viewer)))
    top_who = Person.of(names[top_player], addressed=top_player == viewer)
    top = f"{top_who.possessive(True)} {style.plain(top_cards[0]) if top_cards else top_verb}"
    first = answered(stack)
    base_verb, base_cards = parse_move_text(str(stack[first].get("move", "")))
    base_player = int(stack[first].get("player", other(viewer)))
    base_card = style.plain(base_cards[0]) if base_cards else base_verb
    base_who = Person.of(names[base_player], addressed=base_player == viewer)
    base = f"{base_who.possessive()} {base_card}"
    cancelled = (len(stack) - 1 - first) % 2 == 1
    then = _asked_after(pos, viewer, names)
    if base_verb == "scuttle" and len(base_cards) > 1:
        target = style.plain(base_cards[1])
        _, holder, _ = locate(base_cards[1], pos)
        owner = Person.of(names[holder], addressed=holder == viewer) if holder >= 0 else None
        yours = f"{owner.possessive()} {target}" if owner is not None else f"your {target}"
        if base_player == viewer:
            fate = f"your scuttle of {target} {'is stopped' if cancelled else 'goes ahead'}"
        else:
            fate = f"{yours} {'stays' if cancelled else 'is scrapped'}"
        if len(stack) == 1:
            what = f"{top_who.possessive(True)} {base_card} scuttles {yours}"
            if legal == ["resolve"]:
                return f"{what}: you have no 10 to stop it, so type resolve ({fate}).{then}"
            return (f"{what}: counter with a 10, or resolve ({fate}): "
                    f"{_options(legal, style)}{'.' if then else ''}{then}")
    else:
        fate = f"{base} {'is cancelled' if cancelled else 'takes effect'}"
    if legal == ["resolve"]:
        hand = pos.get("hands", [[], []])[viewer]
        why = "a queen stops your 2s" if any(c[:1] == "2" for c in hand) else "you have no 2"
        return f"{top}: {why}, so type resolve ({fate}).{then}"
    options = _options(legal, style) + ("." if then else "")
    return f"Counter {top} with a 2, or resolve ({fate}): {options}{then}"


def royal_words(move: str, pos: Position, player: int, names: Sequence[str],
                style: CardStyle, card: bool = True, viewer: int | None = None) -> str:
    """A royal played, in a few words: ``K♠ as a king``, ``J♦ on Ann's 7♥ for Carol``
    (``card=False``: without the royal itself, ``as a king``; ``viewer``: the seat the words
    speak to)."""
    verb, cards = parse_move_text(move)
    if not cards:
        return style.words(move)
    c = f"{style.plain(cards[0])} " if card else ""
    if verb == "perm":
        return f"{c}as a {rank_word(cards[0])}"
    _, to = move_seats(move)
    tgt = target_words(cards[1], pos, names, style, viewer) if len(cards) > 1 else ""
    if to is None or to == player:
        return f"{c}on {tgt}"
    return f"{c}on {tgt} for {Person.of(names[to], addressed=to == viewer).object()}"


def _royal_sentence(
    pos: Position, viewer: int, names: Sequence[str], legal: list[str], style: CardStyle
) -> str:
    """Teams: a royal was played and the viewer, its player's opponent, may answer with a 9."""
    stack = pos.get("stack", [])
    if not stack:
        return f"Answer with a 9, or resolve: {_options(legal, style)}"
    player = int(stack[0].get("player", 0))
    who = Person.of(names[player])
    royal = royal_words(str(stack[0].get("move", "")), pos, player, names, style, viewer=viewer)
    what = f"{who.subject(True)} played {royal}"
    then = _asked_after(pos, viewer, names)
    if legal == ["resolve"]:
        return f"{what}: you have no 9 to answer it with, so type resolve.{then}"
    return (
        f"{what}: a 9 sends it back to {who.their()} hand, or resolve: "
        f"{_options(legal, style)}{'.' if then else ''}{then}"
    )


def phase_words(phase: object) -> str:
    """The phase in a few words (``resolve_four`` -> ``4: discard``); an unknown phase's own
    name, underscores as spaces."""
    text = str(phase)
    return PHASE_WORDS.get(text, text.replace("_", " "))


def phase_sentence(
    pos: Position,
    viewer: int,
    names: Sequence[str],
    legal: list[str],
    style: CardStyle,
) -> str:
    """What the player at ``viewer`` must do now, in one sentence."""
    phase = pos.get("phase", "main")
    to_move = pos.get("to_move")
    if phase == "over" or to_move is None:
        return "The game is over."
    if viewer in pos.get("out", ()):
        return "You are out of this game (you conceded): the others play on."
    if to_move != viewer:
        waiting = f"Waiting for {Person.of(names[to_move]).object()}"
        turn = pos.get("turn_player")
        if seat_count(pos) > 2 and turn is not None and turn != to_move:
            owner = Person.of(names[turn], addressed=turn == viewer)
            return f"{waiting} ({phase_words(phase)}) in {owner.possessive()} turn."
        return waiting + "."
    cards_in = [parse_move_text(m)[1] for m in legal]
    if phase == "main":
        if any(m == "draw" for m in legal):
            return "Your move: draw, or play a card (Tab or `moves` lists them)."
        return "Your move: pass (the deck is empty), or play a card (Tab or `moves` lists them)."
    if phase == "counter":
        return _counter_sentence(pos, viewer, names, legal, style)
    if phase == phases.RESPOND_ROYAL:
        return _royal_sentence(pos, viewer, names, legal, style)
    if phase == "resolve_three":
        pile = " ".join(style.plain(c[0]) for c in cards_in if c)
        return f"Your 3: take a card from the scrap (take CARD): {pile}"
    if phase == "resolve_four":
        n = len(cards_in[0]) if cards_in else 2
        if n == 1:
            return "A 4 hit you: discard your last card (discard CARD)."
        return "A 4 hit you: choose two cards to discard (discard CARD CARD)."
    if phase == "resolve_five":
        return "Your 5: discard one card (discard CARD), then you draw three."
    if phase == "resolve_seven":
        shown = [style.plain(c) for c in pos.get("revealed", [])]
        if legal and all(m.startswith("scrap") for m in legal):
            return f"Your 7 revealed {' '.join(shown)}: it cannot be played, so scrap it: " + (
                _options(legal, style)
            )
        what = (
            f"drew {shown[0]}: play it"
            if len(shown) == 1
            else (f"revealed {' '.join(shown)}: play one of them")
        )
        return f"Your 7 {what} (Tab or `moves` lists the ways): {_options(legal, style, 3)}"
    if phase == "hand_limit":
        hand = len(pos.get("hands", [[], []])[viewer])
        n = len(cards_in[0]) if cards_in else 1
        word = "CARD" if n == 1 else " ".join(["CARD"] * min(n, 3)) + (" ..." if n > 3 else "")
        return (
            f"Too many cards: you hold {hand}, the limit is {hand - n}: "
            f"discard {n} (discard {word})."
        )
    return f"Your move ({phase.replace('_', ' ')}): {_options(legal, style)}"


@dataclass
class LogEntry:
    """One line of the game log: public words, fuller words for a player who saw more, and the
    words with every card named (``full``: a finished game, a replay, where every hand shows)."""

    ply: int
    actor: int
    move: str
    public: str
    private: dict[int, str] = field(default_factory=dict)
    full: str | None = None

    def text_for(self, viewer: int | None) -> str:
        """The line as ``viewer`` may read it (``None``: everything, as in a replay: every card
        drawn named, whoever drew it)."""
        if viewer is None:
            if self.full is not None:
                return self.full
            return self.private.get(self.actor, self.public) if self.private else self.public
        return self.private.get(viewer, self.public)

    def reworded(self, change: Callable[[str], str]) -> None:
        """Apply ``change`` to every version of the line (public, private, full)."""
        self.public = change(self.public)
        self.private = {p: change(t) for p, t in self.private.items()}
        if self.full is not None:
            self.full = change(self.full)


def _drawn(before: Position, after: Position, p: int) -> list[str]:
    """Cards that came from the deck (or the revealed row) into p's hand with this move."""
    pool = set(before.get("deck", [])) | set(before.get("revealed", []))
    old = set(before["hands"][p])
    return sorted(c for c in after["hands"][p] if c not in old and c in pool and c != HIDDEN)


def _queen_stopped_counters(before: Position, after: Position, player: int, verb: str) -> bool:
    """The move went on the stack and the other player's counter window was skipped because
    the mover's queen protects it. All of it is public: the queen, the size of the other hand
    and its frozen cards (the window is skipped too for an empty or frozen hand)."""
    if after.get("phase") == phases.COUNTER_PHASE or verb not in ("oneoff", "counter", "scuttle"):
        return False
    if not any(rank_char(c) == "Q" for c in before.get("permanents", [[], []])[player]):
        return False
    if verb == "scuttle":  # on the stack only with ten-counters-scuttle; some queens let it be
        rules = Rules.parse(str(before.get("rules", "classic")))
        if not (rules.ten_counters_scuttle and rules.queens_block_all_counters):
            return False
    frozen = set(before.get("frozen", []))
    hands = before.get("hands", [[], []])
    return any(c not in frozen for q in opponents_of(before, player) for c in hands[q])


def _royal_taken(before: Position, after: Position, player: int, move: str,
                 names: Sequence[str], style: CardStyle) -> str:
    """A jack or a joker at three and four seats: ``Bob's jack J♦ gives Ann's 7♥ to Carol``,
    ``Your joker X1 takes Ann's K♦``."""
    verb, cards = parse_move_text(move)
    _, to = move_seats(move)
    who = Person.of(names[player])
    _, holder, _ = locate(cards[1], before)
    if holder == player:  # a seven's jack, or a gift in teams, of one's own card
        tgt = f"{who.their()} own {style.plain(cards[1])}"
    else:
        tgt = target_words(cards[1], before, names, style)
    head = f"{who.possessive(True)} {verb} {style.plain(cards[0])}"
    if to is None or to == player:
        text = f"{head} takes {tgt}"
    else:
        text = f"{head} gives {tgt} to {Person.of(names[to]).object()}"
    return text


def describe_play(
    before: Position,
    after: Position,
    player: int,
    move: str,
    names: Sequence[str],
    style: CardStyle,
    ply: int,
) -> LogEntry:
    """Words for ``move`` played by ``player``; ``before``/``after`` are full positions."""
    verb, cards = parse_move_text(move)
    at, _ = move_seats(move)
    c = [style.plain(x) for x in cards]
    who = Person.of(names[player])
    a = who.subject(True)
    seats = seat_count(before)
    opp = Person.of(names[other(player)])
    if seats > 2 and verb == "scuttle" and len(cards) > 1:
        _, holder, _ = locate(cards[1], before)
        opp = Person.of(names[holder if holder >= 0 else other(player)])
    private: dict[int, str] = {}
    if verb == "draw":
        text = f"{a} drew a card"
        got = _drawn(before, after, player)
        if got:
            private[player] = f"{a} drew {' '.join(style.plain(x) for x in got)}"
    elif verb == "pass":
        passes = int(after.get("passes", 0) or 0)
        text = f"{a} passed" + (f" ({count(passes, 'pass')} in a row)" if passes > 1 else "")
    elif verb == "points":
        v = point_value(cards[0])
        text = f"{a} played {c[0]} for {count(v, 'point', digits=True)}"
    elif verb == "scuttle" and after.get("phase") == "counter":
        text = (
            f"{who.does('scuttle', True)} {opp.possessive()} {c[1]} with {c[0]} (a 10 may stop it)"
        )
    elif verb == "scuttle":
        text = f"{a} scuttled {opp.possessive()} {c[1]} with {c[0]}"
    elif verb == "oneoff":
        eff = oneoff_effect(
            cards[0], cards[1] if len(cards) > 1 else None, before, player, names, style, at
        )
        text = f"{a} played {c[0]} as a one-off ({eff})"
    elif verb == "perm":
        r = rank_char(cards[0])
        kind = {"K": "king", "Q": "queen", "8": "glasses", "J": "jack"}.get(r, "permanent")
        text = f"{a} played {c[0]} as {'a ' if kind != 'glasses' else ''}{kind}"
    elif verb in ("jack", "joker") and len(cards) > 1 and seats > 2:
        text = _royal_taken(before, after, player, move, names, style)
    elif verb == "jack":
        tgt = target_words(cards[1], before, names, style)
        text = f"{a} put {c[0]} on {tgt}"
    elif verb == "counter":
        stack = before.get("stack", [])
        if stack:
            top = stack[-1]
            _, tcards = parse_move_text(str(top.get("move", "")))
            whose = Person.of(names[int(top.get("player", other(player)))]).possessive()
            what = style.plain(tcards[0]) if tcards else "one-off"  # a card as the log writes it
            text = f"{a} countered {whose} {what} with {c[0]}"
        else:
            text = f"{a} countered with {c[0]}"
    elif verb == "resolve":
        stack = before.get("stack", [])
        if stack:
            first = answered(stack)
            base = stack[first]
            _, bcards = parse_move_text(str(base.get("move", "")))
            whose = Person.of(names[int(base.get("player", other(player)))]).possessive()
            card = style.plain(bcards[0]) if bcards else "one-off"
            cancelled = (len(stack) - 1 - first) % 2 == 1
            top_player = int(stack[-1].get("player", other(player)))
            _, tcards = parse_move_text(str(stack[-1].get("move", "")))
            top_card = style.plain(tcards[0]) if tcards else "one-off"
            still_open = after.get("phase") == before.get("phase") and after.get("stack")
            if seats > 2 and still_open:  # another opponent is asked next
                answer = "answer" if before.get("phase") == phases.RESPOND_ROYAL else "counter"
                top_whose = Person.of(names[top_player]).possessive()
                text = f"{a} did not {answer} {top_whose} {top_card}"
            elif str(base.get("move", "")).startswith("scuttle") and len(bcards) > 1:
                fate = "is stopped" if cancelled else "goes ahead"
                text = f"{a} let it resolve: {whose} scuttle of {style.plain(bcards[1])} {fate}"
            else:
                fate = "is cancelled" if cancelled else "takes effect"
                text = f"{a} let it resolve: {whose} {card} {fate}"
        else:
            text = f"{a} let it resolve"
    elif verb == "take":
        text = f"{a} took {c[0]} from the scrap"
    elif verb == "discard":
        text = f"{a} discarded {' '.join(c)}"
    elif verb == "scrap":
        text = f"{a} scrapped {c[0]} (it could not be played)"
    else:
        text = f"{a}: {style.words(move)}"
    if _queen_stopped_counters(before, after, player, verb):
        text += f"; no counter: {who.possessive()} queen protects it"
    if after.get("phase") == phases.RESPOND_ROYAL and verb in ROYAL_VERBS:
        text += " (an opponent may answer it with a 9)"
    full = private.get(player, text)
    if verb != "draw":
        for p in range(seats):
            got = _drawn(before, after, p)
            if got:
                drawer = Person.of(names[p]).subject()
                extra = f"; {drawer} drew {count(len(got), 'card')}"
                named = f"; {drawer} drew {' '.join(style.plain(x) for x in got)}"
                private[p] = private.get(p, text) + named
                full += named
                for q in range(seats):
                    if q != p:
                        private[q] = private.get(q, text) + extra
                text += extra
    shown = [x for x in after.get("revealed", []) if x not in before.get("revealed", [])]
    if shown and shown != [HIDDEN] * len(shown):
        tail = " — revealed " + " ".join(style.plain(x) for x in shown)
        text += tail
        full += tail
        private = {p: t + tail for p, t in private.items()}
    if after.get("outcome") and not before.get("outcome"):
        tail = "; " + outcome_words(after, names, start=False)
        text += tail
        full += tail
        private = {p: t + tail for p, t in private.items()}
    return LogEntry(ply=ply, actor=player, move=move, public=text, private=private, full=full)


def concession_words(after: Position, names: Sequence[str], player: int) -> str:
    """A concession in the log: ``Bob conceded`` with two seats or in teams (the game is over);
    in a cutthroat game that goes on, ``Bob conceded and is out: ...``."""
    who = Person.of(names[player])
    text = f"{who.subject(True)} conceded"
    if seat_count(after) > 2 and not is_teams(after) and not after.get("outcome"):
        text += (f" and {who.verb('be')} out: {who.their()} hand and cards go to the scrap")
    if after.get("outcome"):
        text += "; " + outcome_words(after, names, "concession", start=False)
    return text


def concede_question(name: str, partner: str | None = None, play_on: bool = False) -> str:
    """``Concede this game?`` to you; ``Ann, concede this game?`` in hot-seat. In teams (the
    ``partner``'s name given) it says the team concedes: ``Concede this game for you and Carol?``,
    ``Bob, concede this game for Bob and Dan?``. ``play_on`` (cutthroat, with more than one
    other seat still in): the one who concedes is out and the others go on, and it says so."""
    you = Person.of(name).you
    team = "" if partner is None else f" for {'you' if you else name} and {partner}"
    then = " You are out; the others play on." if play_on else ""
    asked = f"Concede this game{team}?" if you else f"{name}, concede this game{team}?"
    return asked + then


def concede_question_at(game: Game, names: Sequence[str], p: int) -> str:
    """``concede_question`` for seat ``p`` of ``game``: in teams it names the partner, in
    cutthroat it says the others play on while more than one other seat is still in."""
    seats = game.seats
    partner = seats.partner(p)
    play_on = not seats.teams and seats.players - len(seats.out) > 2
    return concede_question(names[p], None if partner is None else names[partner], play_on)


def outcome_words(
    pos: Position, names: Sequence[str], reason: str | None = None, start: bool = True
) -> str:
    """``Alice wins on points``, ``You win on points``, ``draw: three passes in a row``;
    ``start=False`` for the middle of a sentence (``you win``). At three and four seats the
    winner is a seat (``p2``) or a team (``team0``: seats 0 and 2, ``You and Carol win``)."""
    outcome = pos.get("outcome")
    reason = reason or pos.get("outcome_reason")
    n = len(names)
    if outcome == "draw":
        if reason == "agreement":
            return "draw by agreement"
        return f"draw: {count(n + 1, 'pass')} in a row"
    if isinstance(outcome, str) and outcome[:1] == "p" and outcome[1:].isdigit():
        w = int(outcome[1:])
        if n == 2:
            gave_up = Person.of(names[other(w)]).subject()
        else:
            gave_up = "every other player"
        how = {
            "points": "on points",
            "kings": "on points, with kings lowering the goal",
            "concession": f"({gave_up} conceded)",
            "stalemate": "",
        }.get(reason or "points", "")
        return f"{Person.of(names[w]).does('win', start)} {how}".strip()
    if isinstance(outcome, str) and outcome.startswith("team") and outcome[4:].isdigit() and n == 4:
        t = int(outcome[4:])
        team = [Person.of(names[t]), Person.of(names[t + 2])]
        team.sort(key=lambda person: not person.you)  # "you and Carol"
        lost = " and ".join(Person.of(names[s]).subject() for s in (1 - t, 3 - t))
        how = {
            "points": "on points",
            "kings": "on points, with kings lowering the goal",
            "concession": f"({lost} conceded)",
        }.get(reason or "points", "")
        pair = f"{team[0].subject(start)} and {team[1].subject()}"
        return f"{pair} win {how}".strip()
    return "in play"
