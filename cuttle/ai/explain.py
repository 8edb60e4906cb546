"""Reasons in plain words: why a move is good here, and how the opponent could win next turn.

Everything is read from one seat's view (``game.view(seat)``), so a reason never names a card
that seat cannot see. ``reason_for`` gives the reason for a move (hints, ``Player.explain``, the
game review); ``win_ways`` lists, from public information only, the single moves that would win
the game for a player on their next turn (the threat line).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from cuttle import Game, Move
from cuttle.engine.seats import Seating, seating
from cuttle.rules import Rules
from cuttle.words import count, plural

View = dict[str, Any]
SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
NAMES = ("you", "the AI")


def show(card: str) -> str:
    """``TD`` -> ``10♦``."""
    if len(card) != 2 or card[1] not in SYMBOL:
        return card
    return ("10" if card[0] == "T" else card[0]) + SYMBOL[card[1]]


def value(card: str) -> int:
    """Points of a point card (A=1 ... T=10); 0 for anything else."""
    r = "A23456789T".find(card[:1])
    return r + 1 if r >= 0 and len(card) == 2 else 0


def poss(name: str) -> str:
    """``you`` -> ``your``, ``the AI`` -> ``the AI's``."""
    return "your" if name.lower() == "you" else f"{name}'s"


def _v(subject: str, verb: str) -> str:
    """``verb`` agreeing with ``subject``: "you need", "the AI needs", "Ann has"."""
    if subject.lower() == "you" or verb == "may":
        return verb
    return "has" if verb == "have" else verb + "s"


def _list(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


@dataclass(frozen=True)
class Side:
    """One player's table as the view shows it."""

    score: int
    goal: int
    kings: int
    queens: int
    points: list[str]  # entries, "TS+JD" with jacks
    hand: list[str]

    @property
    def need(self) -> int:
        return max(0, self.goal - self.score)

    def best(self) -> str | None:
        """The highest point card in front of this player."""
        cards = [e.split("+")[0] for e in self.points]
        return max(cards, key=lambda c: (value(c), "CDHS".index(c[1]))) if cards else None


def side(view: View, p: int) -> Side:
    """Player ``p``'s table in ``view`` (at three or four seats the entries lose their ``@N``
    and ``>N`` marks: ``TS+JD``, as with two players)."""
    rules = Rules.parse(view.get("rules", "classic"))
    perms = [plain(e).split("+")[0] for e in view["permanents"][p]]
    kings = sum(1 for c in perms if c.startswith("K"))
    points = [plain(e) for e in view["points"][p]]
    return Side(
        score=sum(value(e.split("+")[0]) for e in points),
        goal=rules.goal(kings),
        kings=kings,
        queens=sum(1 for c in perms if c.startswith("Q")),
        points=points,
        hand=list(view["hands"][p]),
    )


def plain(entry: str) -> str:
    """A table entry without the seats of three or four (``TS@1+JD@3>0`` -> ``TS+JD``)."""
    if "@" not in entry:
        return entry
    return "+".join(part.partition("@")[0] for part in entry.split("+"))


def links(entry: str, holder: int, players: int) -> tuple[int, int]:
    """Who first played an entry's bottom card, and whom control goes back to when its top jack
    (or joker) goes (-1 with nothing on it); ``holder`` controls it now."""
    parts = entry.split("+")
    if len(parts) == 1:
        return holder, -1
    if players == 2:
        first = holder if len(parts) % 2 == 1 else 1 - holder
        return first, 1 - holder
    control = []
    for part in parts:
        by, _, to = part.partition("@")[2].partition(">")
        control.append(int(to or by) if by else holder)
    return control[0], control[-2]


def seats_of(view: View) -> Seating:
    """The seats of the view's table: turn order, opponents, partners."""
    rules = Rules.parse(view.get("rules", "classic"))
    return seating(len(view["hands"]), rules.teams, tuple(view.get("out", ())))


def seat_names(view: View, seat: int, names: tuple[str, ...] = ()) -> list[str]:
    """A name for every seat of ``view``. With two players ``names`` are (the seat's, the
    opponent's); at three or four seats a name a seat (``("Ann", "Bob", "Carol")``), or only the
    seat's own (the others are then called ``seat N``)."""
    n = len(view["hands"])
    names = tuple(names) or NAMES
    if n == 2:
        out = ["", ""]
        out[seat], out[1 - seat] = names[0], names[1]
        return out
    if len(names) == n:
        return list(names)
    return [names[0] if q == seat else f"seat {q}" for q in range(n)]


def view_of(game_or_view: Game | View, seat: int) -> View:
    """The seat's view of a game (or the view itself)."""
    if isinstance(game_or_view, Game):
        return game_or_view.view(seat)
    return game_or_view


# -- how a player could win next turn (public information only) ------------------------------
SEVEN = "a 7 played as a one-off"  # a 7's one-off plays the deck's top card
_SHORT = {"jack": "a jack", "unjack": "a 2 or a 9", "seven": "a 7 off the deck"}


@dataclass(frozen=True)
class WinWay:
    """One single move that would win: ``kind`` is points, king, jack, unjack, six or seven."""

    kind: str
    words: str
    ranks: str  # the ranks that do it: "456789T", "K", "J", "29", "6", "7"


def win_ways(view: View, attacker: int) -> list[WinWay]:
    """The moves that would give ``attacker`` the game on their next turn, judged from ``view``
    (whoever's view it is): only what that view shows is used. When the view shows the
    attacker's whole hand (glasses, open hands), only ways with cards they hold are listed.
    At three or four seats the jacks' targets are every opponent's cards, named without "your"."""
    rules = Rules.parse(view.get("rules", "classic"))
    seats = seats_of(view)
    players = seats.players
    a = side(view, attacker)
    defenders = [q for q in seats.opps[attacker]] if players > 2 else [1 - attacker]
    your = "your " if players == 2 else ""
    ways: list[WinWay] = []
    need = a.goal - a.score
    if need <= 0:
        return [WinWay("points", "any move", "A23456789TJQK")]
    if need <= 10:
        ranks = "A23456789T"[need - 1 :]
        article = "an" if need == 8 else "a"  # "an 8+"
        label = "a 10" if need == 10 else ("any point card" if need == 1 else f"{article} {need}+")
        ways.append(WinWay("points", label, ranks))
    if a.kings < 4 and rules.goal(a.kings + 1) <= a.score:
        ways.append(WinWay("king", "a king", "K"))
    # A jack on a defender's card; the best such card is named.
    open_to_jacks = [side(view, q) for q in defenders if side(view, q).queens == 0]
    bases = [e.split("+")[0] for d in open_to_jacks for e in d.points]
    takes = [b for b in bases if a.score + value(b) >= a.goal]
    if takes:
        best = max(takes, key=lambda c: (value(c), "CDHS".index(c[1])))
        ways.append(WinWay("jack", f"a jack on {your}{show(best)}", "J"))
    # A jack of the defender on a card the attacker would get back.
    for q in defenders:
        d = side(view, q)
        if d.queens:
            continue
        back = [e for e, raw in zip(d.points, view["points"][q], strict=True)
                if "+" in e and links(raw, q, players)[1] == attacker
                and a.score + value(e.split("+")[0]) >= a.goal]
        if back:
            top = back[0].split("+")[-1]
            ways.append(WinWay("unjack", f"a 2 or a 9 on {your}{show(top)}", "29"))
            break
    # A 6 scraps every jack (each card goes back to its first owner) and every king.
    after = 0
    covered = False
    for q in range(players):
        for raw in view["points"][q]:
            first, _ = links(raw, q, players)
            covered = covered or "+" in raw
            if first == attacker:
                after += value(plain(raw).split("+")[0])
    if after >= rules.goal(0) and covered:
        ways.append(WinWay("six", "a 6", "6"))
    if ways and view.get("deck"):
        # named by what it would have to turn up, not "one of these": the list may be cut
        # down to the cards held below, and the 7 alone may stay
        turned = _list([_SHORT.get(w.kind, w.words) for w in ways])
        ways.append(WinWay("seven", f"{SEVEN} when the deck's top card, which it plays, is "
                                    f"{turned}", "7"))
    hand = view["hands"][attacker]
    if hand and "??" not in hand:
        held = {c[0] for c in hand}
        ways = [w for w in ways if held & set(w.ranks)]
    return ways


def threat_words(view: View, attacker: int, name: str = "the AI") -> str:
    """``"the AI needs 4 · a 4+, a king or a jack on your 10♦ wins it"`` (public info only);
    a 7 comes last, in a clause of its own that says what it does: ``"...; so does a 7 played
    as a one-off when the deck's top card, which it plays, is a 4+ or a king"``."""
    a = side(view, attacker)
    head = f"{name} needs {a.need}"
    ways = win_ways(view, attacker)
    if not ways:
        return f"{head} · no single card wins it next turn"
    seen = [c for c in known_cards(view, attacker) if any(c[0] in w.ranks for w in ways)]
    held = f" (it holds {' '.join(show(c) for c in seen)})" if seen else ""
    return f"{head} · {_ways_words(ways)}{held}"


def _ways_words(ways: list[WinWay]) -> str:
    """The ways that win, then ``wins it``; the 7's (which names what it must turn up) apart,
    after the others: "a 7+ or a 7 ... wins it" read as two sevens."""
    others = [w.words for w in ways if w.kind != "seven"]
    seven = [w.words for w in ways if w.kind == "seven"]
    if not seven:
        return f"{_list(others)} wins it"
    if not others:  # only the 7 is held: "a 7 ... when ... is a 4+ wins it"
        return seven[0].replace(SEVEN, f"{SEVEN} wins it", 1)
    return f"{_list(others)} wins it; so does {seven[0]}"


def threat_forms(view: View, attacker: int, name: str = "the AI") -> list[str]:
    """The threat of :func:`threat_words` in ever shorter whole wordings, each still saying the
    threat, for a bar that shows the first one that fits: the whole sentence, without the cards
    held, the ways in short words, that it can win next turn, and who needs how much."""
    head = f"{name} needs {side(view, attacker).need}"
    ways = win_ways(view, attacker)
    forms = [threat_words(view, attacker, name)]
    if ways:
        forms += [
            f"{head} · {_ways_words(ways)}",
            f"{head} · {_list([_SHORT.get(w.kind, w.words) for w in ways])} wins it",
            f"{head} · can win next turn",
            f"{head} · can win it",
        ]
    forms.append(head)
    return list(dict.fromkeys(forms))


def known_cards(view: View, p: int) -> list[str]:
    """The cards of ``p``'s hand that ``view`` shows (all of them for the viewer's own hand; for
    the other hand, the ones that became public: taken back with a 3, seen through glasses)."""
    return [c for c in view["hands"][p] if c != "??"]


# -- why a move -------------------------------------------------------------------------------
def _after(view: View, seat: int, move: Move) -> Game | None:
    """The seat's view with ``move`` played (hidden cards dealt by a fixed seed); a royal of
    teams is let be by the opponents who may answer it with a 9, so that it takes effect."""
    try:
        g = Game.from_view(view, random.Random(0))
        g.play(move)
        while g.phase == "respond_royal":
            g.play("resolve")
    except ValueError:
        return None
    return g


def _goal_words(before: Side, after: Side) -> str:
    return f"{after.score} of {after.goal}" + (
        "" if after.score >= after.goal else f", {after.goal - after.score} to go"
    )


_EFFECT = {
    "A": "scrap every point card, {score} points of yours too",
    "2": "scrap {target}",
    "3": "take a card back from the scrap",
    "4": "make {you} discard two cards",
    "5": "draw cards",
    "6": "scrap every king, queen, glasses and jack",
    "7": "play the top card of the deck",
    "9": "send {target} back to a hand",
    "scuttle": "scuttle {target}",
}


def _blocked(
    view: View, after_view: View | None, seat: int, won: bool, names: tuple[str, ...]
) -> tuple[int | None, str]:
    """The opponent whose win next turn the move takes away (the nearest its goal first), and
    the words that say so ("; Carol needed 4 and a 4+ would have won it"); (None, "") if none."""
    if view.get("phase") != "main" or after_view is None or won:
        return None, ""
    seats = seats_of(view)
    opps = seats.opps[seat] if seats.players > 2 else (1 - seat,)
    nm = seat_names(view, seat, names)
    for q in sorted(opps, key=lambda q: side(view, q).need):
        threat = win_ways(view, q)
        if threat and not win_ways(after_view, q):
            named = [w.words for w in threat if w.kind != "seven"][:3]
            if named:
                need = side(view, q).need
                return q, f"; {nm[q]} needed {need} and {_list(named)} would have won it"
    return None, ""


def _aimed_at(view: View, m: Move, seat: int, cards: list[str]) -> int:
    """The seat a move is about: the one a 4 names, the holder of its target, else the opponent
    nearest its goal (with two players, the opponent)."""
    seats = seats_of(view)
    if seats.players == 2:
        return 1 - seat
    if m.kind == "oneoff" and m.seat is not None:
        return m.seat
    if len(cards) > 1:
        target = cards[1]
        for zone in ("points", "permanents"):
            for q, row in enumerate(view[zone]):
                if q != seat and any(target in plain(e).split("+") for e in row):
                    return q
    opps = seats.opps[seat] or tuple(q for q in range(seats.players) if q != seat)
    return min(opps, key=lambda q: side(view, q).need)


def reason_for(
    game_or_view: Game | View, move: Move | str, seat: int, names: tuple[str, ...] = NAMES
) -> str:
    """Why ``move`` is a good idea for ``seat`` here, in plain words naming cards and numbers.

    ``names`` are how the seat and the opponent are called ("you", "the AI"); at three or four
    seats a name a seat, or the seat's own only (the others are ``seat N``: ``seat_names``).
    There the reason speaks of the seat the move is about: the one whose win it takes away,
    the one a 4 names or whose card it targets, else the opponent nearest its goal."""
    view = view_of(game_or_view, seat)
    m = move if isinstance(move, Move) else Move.parse(move)
    text = str(m).split()
    cards = [w for w in text[1:] if w[:1] not in "@>"]
    kind = m.kind
    g = _after(view, seat, m)
    after_view = g.view(seat) if g is not None else None
    won = g is not None and g.outcome == seats_of(view).side(seat) and kind != "oneoff"
    other, stop = _blocked(view, after_view, seat, won, names)
    if other is None:
        other = _aimed_at(view, m, seat, cards)
    nm = seat_names(view, seat, names)
    you, them = nm[seat], nm[other]
    me, op = side(view, seat), side(view, other)
    its = "its" if them.lower().startswith("the ") or them == "AI" else poss(them)
    threat = win_ways(view, other) if view.get("phase") == "main" else []
    me2 = side(after_view, seat) if after_view else me
    op2 = side(after_view, other) if after_view else op
    c0 = show(cards[0]) if cards else ""
    ace = next((c for c in known_cards(view, other) if c[0] == "A"), None)
    ace_warning = (
        f"; careful: {them} {_v(them, 'hold')} {show(ace)}, which would scrap every point card"
        if ace and view.get("phase") == "main" else ""
    )
    if kind == "points":
        if won:
            return f"{c0} for points wins: {me2.score} of {me2.goal}"
        return f"{c0} for points: {me.score} to {_goal_words(me, me2)}{stop}{ace_warning}"
    if kind == "scuttle":
        t = cards[1]
        best = " and it is " + its + " best card" if op.best() == t else ""
        return (
            f"scuttle {show(t)} with {c0}: {them} {_v(them, 'drop')} from {op.score} to "
            f"{op2.score} (needs {op2.need} more){best}{stop}"
        )
    if kind == "jack":
        t = show(cards[1])
        v = value(cards[1])
        moved = count(v, "point", digits=True)
        if m.seat is not None and m.seat != seat and after_view is not None:
            to = side(after_view, m.seat)
            return (
                f"jack on {t} gives {moved} to {nm[m.seat]}: {nm[m.seat]} {to.score} of "
                f"{to.goal}{', which wins' if won else ''}{stop}"
            )
        if won:
            make = "makes" if v == 1 else "make"
            more = f"{v} more {plural('point', v)}"
            return f"jack on {t} wins: {more} {make} {me2.score} of {me2.goal}"
        return (
            f"jack on {t}: {moved} {'changes' if v == 1 else 'change'} sides, {you} "
            f"{me2.score} of {me2.goal}, {them} {op2.score}{stop}"
        )
    if kind == "perm":
        r = cards[0][0]
        if r == "K":
            if won:
                return (
                    f"{c0} wins: {poss(you)} goal drops from {me.goal} to {me2.goal} and "
                    f"{you} already {_v(you, 'have')} {me.score}"
                )
            return (
                f"{c0}: {poss(you)} goal drops from {me.goal} to {me2.goal}; "
                f"{you} {_v(you, 'have')} {me.score} ({me2.goal - me.score} to go){stop}"
            )
        if r == "Q":
            guarded = " ".join(show(e.split("+")[0]) for e in me.points) or "the cards to come"
            return f"{c0}: a queen protects {guarded} from 2s, 9s and jacks{stop}"
        held = count(len(op.hand), "card", digits=True)
        stay = "stays" if len(op.hand) == 1 else "stay"
        return f"{c0} as glasses: {poss(them)} {held} {stay} open to {you}{stop}"
    if kind == "oneoff":
        seats = seats_of(view)
        answer = None if seats.players == 2 else [  # every opponent who may counter, by name
            nm[q] for q in seats.opps[seat] if side(view, q).queens == 0 and view["hands"][q]]
        return _oneoff_reason(view, other, m, me, op, me2, op2, (you, them), stop, answer)
    if kind == "counter":
        stack = view.get("stack", [])
        below = stack[-1]["move"].split() if stack else []
        what = show(below[1]) if len(below) > 1 else "it"
        first = stack[0]["move"].split() if stack else []
        key = "scuttle" if first[:1] == ["scuttle"] else first[1][0] if len(first) > 1 else ""
        effect = _EFFECT.get(key, "") if len(stack) == 1 else ""
        if effect:
            effect = " (it would " + effect.format(
                you=you, them=them, score=me.score, target=show(first[2]) if len(first) > 2 else ""
            ) + ")"
        return f"counter with {c0}: {what} does nothing{effect}"
    if kind == "resolve":
        twos = sum(1 for c in me.hand if c[:1] == "2")
        if not twos:
            return "let it resolve: no 2 in hand to counter with"
        kept = "a 2" if twos == 1 else f"{twos} twos"
        return f"let it resolve: it costs little, and {you} {_v(you, 'keep')} {kept} for later"
    if kind == "take":
        v = value(cards[0])
        if v and v >= me.need:
            return f"take {c0}: {me.score} + {v} reaches {me.goal} next turn"
        return f"take {c0}: the most useful card in the scrap for {you} now"
    if kind == "discard":
        shown = " ".join(show(c) for c in cards)
        return f"discard {shown}: the least useful of {count(len(me.hand), 'card', digits=True)}"
    if kind == "scrap":
        return f"scrap {c0}: it has no legal play"
    if kind == "pass":
        return (
            f"pass: the deck is empty ({you} {_v(you, 'need')} {me.need}, "
            f"{them} {_v(them, 'need')} {op.need})"
        )
    # draw
    extra = f"; {them} {_v(them, 'need')} {op.need}" + (
        f" but no single card wins it for {them} now" if not threat else ""
    )
    if ace and any(value(c) for c in me.hand):
        return (
            f"draw: don't play points now: {them} {_v(them, 'hold')} {show(ace)}, which would "
            "scrap them; "
            f"{you} {_v(you, 'need')} {me.need} more{extra}"
        )
    return f"draw: nothing in hand helps more now; {you} {_v(you, 'need')} {me.need} more{extra}"


def _oneoff_reason(
    view: View,
    other: int,
    m: Move,
    me: Side,
    op: Side,
    me2: Side,
    op2: Side,
    names: tuple[str, str],
    stop: str,
    answer: list[str] | None = None,
) -> str:
    """A one-off's reason; ``other`` is the seat it is about (``them``); ``answer``, at three
    or four seats, the names of the opponents who may counter it (with two: ``them``)."""
    you, them = names
    cards = [w for w in str(m).split()[1:] if w[:1] not in "@>"]
    c0 = show(cards[0])
    r = cards[0][0]
    counter = ""
    if answer is not None:
        if answer and me.queens == 0:
            counter = f" ({_list(answer)} may counter with a 2)"
    elif op.queens == 0 and me.queens == 0 and len(op.hand) > 0:
        counter = f" ({them} {_v(them, 'may')} counter with a 2)"
    if r == "A":
        return (
            f"{c0}: every point card goes: {them} {_v(them, 'lose')} {op.score}, "
            f"{you} {_v(you, 'lose')} {me.score}"
            f"{stop}{counter}"
        )
    if r in "29" and len(cards) > 1:
        t = cards[1]
        tr = t[0]
        verb = "scraps" if r == "2" else "returns"
        if tr == "K":
            whose = them if any(t in plain(s) for s in view["permanents"][other]) else you
            return f"{c0} {verb} {show(t)}: {poss(whose)} goal goes back up{stop}{counter}"
        if tr == "Q":
            return f"{c0} {verb} the queen {show(t)} that guards {poss(them)} cards{stop}{counter}"
        if tr == "J":
            for entry in view["points"][other]:
                base, *jacks = plain(entry).split("+")
                if jacks and jacks[-1] == t:
                    return (
                        f"{c0} {verb} {show(t)}: {show(base)} ({value(base)} points) comes back "
                        f"to {you}{stop}{counter}"
                    )
            return f"{c0} {verb} the jack {show(t)}{stop}{counter}"
        if tr == "8":
            return f"{c0} {verb} the glasses {show(t)}: {poss(you)} hand is hidden again{counter}"
        return f"{c0} {verb} {show(t)} to its owner's hand{stop}{counter}"
    if r == "3":
        scrap = view.get("scrap", [])
        best = max(scrap, key=value) if scrap else None
        pick = f": {show(best)} is there" if best else ""
        held = count(len(scrap), "card", digits=True)
        return f"{c0}: take a card back from the scrap ({held}){pick}{counter}"
    if r == "4":
        n = min(2, len(op.hand))
        held = count(len(op.hand), "card", digits=True)
        return f"{c0}: {them} {_v(them, 'discard')} {n} of {held}{stop}{counter}"
    if r == "5":
        return (
            f"{c0}: two new cards for one ({you} {_v(you, 'hold')} {len(me.hand) - 1} before "
            f"them){counter}"
        )
    if r == "6":
        kings = op.kings
        what = (
            f"{poss(them)} {count(kings, 'king', digits=True)} and every jack" if kings
            else "every king, queen and jack"
        )
        return f"{c0}: scraps {what}; {them} then {_v(them, 'need')} {op2.need}{stop}{counter}"
    if r == "7":
        return f"{c0}: play the top card of the deck at once ({len(view.get('deck', []))} left)"
    return f"{c0} as a one-off{stop}{counter}"


def explain_choice(
    game: Game,
    move: Move,
    why: str,
    values: dict[Move, float] | None = None,
    names: tuple[str, ...] = NAMES,
) -> str:
    """A player's reason: the plain-words reason for ``move``, then the player's own note when it
    adds something (search statistics may follow the reason, never replace it). ``values`` are
    the search's win chances per move, when the player searched: the runner-up is named."""
    seat = game.to_move
    if seat is None:
        return why
    try:
        reason = reason_for(game, move, seat, names)
    except (ValueError, KeyError, IndexError):
        return why
    # Moves dropped early by the search were scored on fewer deals: a runner-up is named only
    # when the search scored it below the chosen move.
    below = [m for m in (values or {}) if m is not move and values and values[m] <= values[move]]
    if why.startswith("best by search") and values and move in values and below:
        alt = max(below, key=lambda m: values[m])
        words = " ".join([str(alt).split()[0], *(show(c) for c in str(alt).split()[1:])])
        return (
            f"{reason} ({why.removeprefix('best by ')}; next best: {words}, "
            f"{100 * values[alt]:.0f}%)"
        )
    if why.startswith("best by search") or why == "the only legal move":
        return f"{reason} ({why})"
    if why == "wins now" and "wins" not in reason:
        return f"{reason}: it wins now"
    if why == "blocks the opponent's win" and "would have won" not in reason:
        return f"{reason}; it takes away the opponent's win"
    return reason
