"""Words for the game: move descriptions, one-off effects, the status line and log entries.

Everything here works on the move notation and the position dicts (docs/notation.md), so it reads
the same for a live game, a resumed one and a replay. Every sentence names its players through
``Person``: the seat named ``You`` (or the player a line speaks to) is "you", with a verb to agree
("you discard", "Ann discards") and "your" for a possessive; counts are spelt out ("two cards").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cuttle.cards import HIDDEN
from cuttle.engine import phases
from cuttle.rules import Rules
from cuttle.text.cardtext import CardStyle, point_value, rank_char, rank_word, split_stack
from cuttle.words import count

Position = dict[str, Any]

#: Each phase in a few words, for the prompt and the status bar (``phase_words``).
PHASE_WORDS: dict[str, str] = {
    phases.MAIN: "turn",
    phases.COUNTER_PHASE: "counter?",
    phases.RESOLVE_THREE: "3: take a card",
    phases.RESOLVE_FOUR: "4: discard",
    phases.RESOLVE_FIVE: "5: discard one",
    phases.RESOLVE_SEVEN: "7: play a card",
    phases.HAND_LIMIT: "hand limit",
    phases.OVER: "game over",
}


def parse_move_text(text: str) -> tuple[str, list[str]]:
    """``scuttle 9C 7H`` -> (``scuttle``, [``9C``, ``7H``])."""
    parts = text.split()
    return (parts[0].lower() if parts else ""), [p.upper() for p in parts[1:]]


def rules_parts(rules: str) -> tuple[str, set[str]]:
    """``classic+joker`` -> (``classic``, {``joker``})."""
    parts = [p for p in rules.split("+") if p]
    return (parts[0] if parts else "classic"), set(parts[1:])


YOU = "You"
_IRREGULAR = {"be": ("are", "is"), "have": ("have", "has"), "do": ("do", "does")}


@dataclass(frozen=True)
class Person:
    """A player as a sentence names them: ``you`` (the seat named ``You``) or by name.

    Every sentence about a player goes through this, so the verb agrees with the subject
    ("you discard", "Ann discards") and the possessive reads right ("your", "Ann's").
    """

    name: str
    you: bool = False

    @classmethod
    def of(cls, name: str, *, addressed: bool = False) -> Person:
        """``name`` as a person; ``addressed``: the sentence speaks to this player (``you``)."""
        return cls(name, addressed or name == YOU)

    def subject(self, start: bool = False) -> str:
        """``You``/``you`` or the name."""
        if self.you:
            return "You" if start else "you"
        return self.name

    def object(self) -> str:
        """``you`` or the name."""
        return "you" if self.you else self.name

    def possessive(self, start: bool = False) -> str:
        """``Your``/``your``, ``Ann's``."""
        if self.you:
            return "Your" if start else "your"
        return self.name + "'s"

    def their(self) -> str:
        """The possessive pronoun, once the name has been said: ``your`` or ``their``."""
        return "your" if self.you else "their"

    def verb(self, base: str) -> str:
        """``discard`` -> ``discard`` for you, ``discards`` for a name (present tense)."""
        if base in _IRREGULAR:
            return _IRREGULAR[base][0 if self.you else 1]
        return base if self.you else third_person(base)

    def does(self, base: str, start: bool = False) -> str:
        """Subject and verb: ``you discard``, ``AI discards``."""
        return f"{self.subject(start)} {self.verb(base)}"


def third_person(verb: str) -> str:
    """``discard`` -> ``discards``, ``pass`` -> ``passes``, ``carry`` -> ``carries``."""
    if verb.endswith(("s", "x", "z", "ch", "sh", "o")):
        return verb + "es"
    if len(verb) > 1 and verb.endswith("y") and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def capitalize(text: str) -> str:
    """The first letter upper-cased, the rest untouched (``your 2♣`` -> ``Your 2♣``)."""
    return text[:1].upper() + text[1:]


def possessive(name: str) -> str:
    """``You`` -> ``your``; ``Alice`` -> ``Alice's``."""
    return Person.of(name).possessive()


def other(player: int) -> int:
    """The other seat."""
    return 1 - player


def locate(card: str, pos: Position) -> tuple[str, int, str]:
    """Where a table card is: (zone, player, base). zone is ``points``, ``jack``, ``perm``, ``?``.

    For a jack on a point card, ``player`` controls the point card and ``base`` is that card.
    """
    for p in (0, 1):
        for entry in pos.get("points", [[], []])[p]:
            base, jacks = split_stack(entry)
            if base == card:
                return "points", p, base
            if card in jacks:
                return "jack", p, base
        if card in pos.get("permanents", [[], []])[p]:
            return "perm", p, card
    return "?", -1, card


def target_words(card: str, pos: Position, names: tuple[str, str], style: CardStyle) -> str:
    """``AI's K♠``, ``your J♦ (on 7♥)``."""
    zone, p, base = locate(card, pos)
    owner = Person.of(names[p]).possessive() + " " if p >= 0 else ""
    if zone == "jack":
        return f"{owner}{style.plain(card)} on {style.plain(base)}"
    return f"{owner}{style.plain(card)}"


def oneoff_effect(
    card: str,
    target: str | None,
    pos: Position,
    player: int,
    names: tuple[str, str],
    style: CardStyle,
) -> str:
    """What a one-off does, in a few words: ``scrap all point cards``."""
    preset, variants = rules_parts(str(pos.get("rules", "classic")))
    cc = preset == "cuttlecards"
    r = rank_char(card)
    opp = Person.of(names[other(player)])
    tgt = target_words(target, pos, names, style) if target else ""
    if r == "A":
        return "scrap all point cards"
    if r == "2":
        return f"scrap {tgt}" if target else "counter"
    if r == "3":
        return "take a card from the scrap"
    if r == "4":
        held = len(pos.get("hands", [[], []])[other(player)]) if "hands" in pos else 2
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
    names: tuple[str, str],
    style: CardStyle,
) -> str:
    """A short description of a legal move for the completer and the numbered list."""
    verb, cards = parse_move_text(text)
    c = [style.plain(x) for x in cards]
    if verb == "draw":
        return f"draw a card ({len(pos.get('deck', []))} left)"
    if verb == "pass":
        return f"pass (deck empty; {count(int(pos.get('passes', 0) or 0), 'pass')} so far)"
    if verb == "points" and cards:
        v = point_value(cards[0])
        return f"{c[0]} for {count(v, 'point', digits=True)}"
    if verb == "scuttle" and len(cards) == 2:
        return f"scuttle {c[0]} → {c[1]}"
    if verb == "oneoff" and cards:
        eff = oneoff_effect(
            cards[0], cards[1] if len(cards) > 1 else None, pos, player, names, style
        )
        return f"{c[0]} one-off: {eff}"
    if verb == "perm" and cards:
        r = rank_char(cards[0])
        if r == "K":
            return f"king {c[0]}: lowers your goal"
        if r == "Q":
            return f"queen {c[0]}: protects your other cards"
        if r == "8":
            return f"{c[0]} as glasses: see their hand"
        return f"{c[0]} as a permanent"
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
    counters = len(stack) - 1
    if counters <= 0:
        return "takes effect unless countered"
    if counters % 2:
        return f"cancelled ({count(counters, 'counter', digits=True)})"
    return f"takes effect ({counters} counters cancel out)"


def _options(legal: list[str], style: CardStyle, limit: int = 4) -> str:
    """A few legal moves for the status line: ``counter 2♦ · resolve``."""
    shown = " · ".join(style.words(m) for m in legal[:limit])
    return shown + (" · … (Tab lists them)" if len(legal) > limit else "")


def _counter_sentence(
    pos: Position, viewer: int, names: tuple[str, str], legal: list[str], style: CardStyle
) -> str:
    stack = pos.get("stack", [])
    if not stack:
        return f"Counter or resolve: {_options(legal, style)}"
    top_verb, top_cards = parse_move_text(str(stack[-1].get("move", "")))
    top_player = int(stack[-1].get("player", other(viewer)))
    top_who = Person.of(names[top_player], addressed=top_player == viewer)
    top = f"{top_who.possessive(True)} {style.plain(top_cards[0]) if top_cards else top_verb}"
    base_verb, base_cards = parse_move_text(str(stack[0].get("move", "")))
    base_player = int(stack[0].get("player", other(viewer)))
    base_card = style.plain(base_cards[0]) if base_cards else base_verb
    base_who = Person.of(names[base_player], addressed=base_player == viewer)
    base = f"{base_who.possessive()} {base_card}"
    cancelled = (len(stack) - 1) % 2 == 1
    if base_verb == "scuttle" and len(base_cards) > 1:
        target = style.plain(base_cards[1])
        if base_player == viewer:
            fate = f"your scuttle of {target} {'is stopped' if cancelled else 'goes ahead'}"
        else:
            fate = f"your {target} {'stays' if cancelled else 'is scrapped'}"
        if len(stack) == 1:
            what = f"{top_who.possessive(True)} {base_card} scuttles your {target}"
            if legal == ["resolve"]:
                return f"{what}: you have no 10 to stop it, so type resolve ({fate})."
            return f"{what}: counter with a 10, or resolve ({fate}): {_options(legal, style)}"
    else:
        fate = f"{base} {'is cancelled' if cancelled else 'takes effect'}"
    if legal == ["resolve"]:
        hand = pos.get("hands", [[], []])[viewer]
        why = "a queen stops your 2s" if any(c[:1] == "2" for c in hand) else "you have no 2"
        return f"{top}: {why}, so type resolve ({fate})."
    return f"Counter {top} with a 2, or resolve ({fate}): {_options(legal, style)}"


def phase_words(phase: object) -> str:
    """The phase in a few words (``resolve_four`` -> ``4: discard``); an unknown phase's own
    name, underscores as spaces."""
    text = str(phase)
    return PHASE_WORDS.get(text, text.replace("_", " "))


def phase_sentence(
    pos: Position,
    viewer: int,
    names: tuple[str, str],
    legal: list[str],
    style: CardStyle,
) -> str:
    """What the player at ``viewer`` must do now, in one sentence."""
    phase = pos.get("phase", "main")
    to_move = pos.get("to_move")
    if phase == "over" or to_move is None:
        return "The game is over."
    if to_move != viewer:
        return f"Waiting for {Person.of(names[to_move]).object()}."
    cards_in = [parse_move_text(m)[1] for m in legal]
    if phase == "main":
        if any(m == "draw" for m in legal):
            return "Your move: draw, or play a card (Tab or `moves` lists them)."
        return "Your move: pass (the deck is empty), or play a card (Tab or `moves` lists them)."
    if phase == "counter":
        return _counter_sentence(pos, viewer, names, legal, style)
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
    hand = before.get("hands", [[], []])[other(player)]
    frozen = set(before.get("frozen", []))
    return any(c not in frozen for c in hand)


def describe_play(
    before: Position,
    after: Position,
    player: int,
    move: str,
    names: tuple[str, str],
    style: CardStyle,
    ply: int,
) -> LogEntry:
    """Words for ``move`` played by ``player``; ``before``/``after`` are full positions."""
    verb, cards = parse_move_text(move)
    c = [style.plain(x) for x in cards]
    who = Person.of(names[player])
    a = who.subject(True)
    opp = Person.of(names[other(player)])
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
            cards[0], cards[1] if len(cards) > 1 else None, before, player, names, style
        )
        text = f"{a} played {c[0]} as a one-off ({eff})"
    elif verb == "perm":
        r = rank_char(cards[0])
        kind = {"K": "king", "Q": "queen", "8": "glasses", "J": "jack"}.get(r, "permanent")
        text = f"{a} played {c[0]} as {'a ' if kind != 'glasses' else ''}{kind}"
    elif verb == "jack":
        tgt = target_words(cards[1], before, names, style)
        text = f"{a} put {c[0]} on {tgt}"
    elif verb == "counter":
        stack = before.get("stack", [])
        if stack:
            top = stack[-1]
            _, tcards = parse_move_text(str(top.get("move", "")))
            whose = Person.of(names[int(top.get("player", other(player)))]).possessive()
            what = rank_word(tcards[0]) if tcards else "one-off"
            text = f"{a} countered {whose} {what} with {c[0]}"
        else:
            text = f"{a} countered with {c[0]}"
    elif verb == "resolve":
        stack = before.get("stack", [])
        if stack:
            base = stack[0]
            _, bcards = parse_move_text(str(base.get("move", "")))
            whose = Person.of(names[int(base.get("player", other(player)))]).possessive()
            card = style.plain(bcards[0]) if bcards else "one-off"
            cancelled = (len(stack) - 1) % 2 == 1
            if str(base.get("move", "")).startswith("scuttle") and len(bcards) > 1:
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
    full = private.get(player, text)
    if verb != "draw":
        for p in (0, 1):
            got = _drawn(before, after, p)
            if got:
                drawer = Person.of(names[p]).subject()
                extra = f"; {drawer} drew {count(len(got), 'card')}"
                named = f"; {drawer} drew {' '.join(style.plain(x) for x in got)}"
                private[p] = private.get(p, text) + named
                full += named
                for q in (0, 1):
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


def concede_question(name: str) -> str:
    """``Concede this game?`` to you; ``Ann, concede this game?`` in hot-seat."""
    return "Concede this game?" if Person.of(name).you else f"{name}, concede this game?"


def outcome_words(
    pos: Position, names: tuple[str, str], reason: str | None = None, start: bool = True
) -> str:
    """``Alice wins on points``, ``You win on points``, ``draw: three passes in a row``;
    ``start=False`` for the middle of a sentence (``you win``)."""
    outcome = pos.get("outcome")
    reason = reason or pos.get("outcome_reason")
    if outcome == "draw":
        if reason == "agreement":
            return "draw by agreement"
        return "draw: three passes in a row"
    if outcome in ("p0", "p1"):
        w = int(outcome[1])
        how = {
            "points": "on points",
            "kings": "on points, with kings lowering the goal",
            "concession": f"({Person.of(names[other(w)]).subject()} conceded)",
            "stalemate": "",
        }.get(reason or "points", "")
        return f"{Person.of(names[w]).does('win', start)} {how}".strip()
    return "in play"
