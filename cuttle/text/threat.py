"""The threat line and the legend: words for the status bar and for the ``legend`` command.

``threat_line`` says what each side needs and how the opponent could win on their next turn (at
three or four seats, every opponent, the nearest its goal first), from the viewer's view only
(``cuttle.ai.explain.win_ways``). ``legend_lines`` explains every mark the
table uses. Both return plain strings, so the plain game, the full-screen status bar and an
overlay can show them as they like.
"""

from __future__ import annotations

import textwrap
from typing import Any

from cuttle.ai.explain import seats_of, side, threat_words
from cuttle.rules import Rules

Position = dict[str, Any]


def threat_line(view: Position, viewer: int, names: tuple[str, ...]) -> str:
    """``"You need 6 · AI needs 4 · a 4+, a king or a jack on your 10♦ wins it"``.

    ``names`` a name a seat (a seat without one is ``seat N``). At three or four seats: what the
    viewer (and, in teams, the partner) needs, then every opponent, the nearest its goal first,
    with the single cards that would win it for them: ``"You need 6 · Carol needs 3 · a 3+ or a
    king wins it · Bob needs 9 · no single card wins it next turn"``."""
    me = side(view, viewer)
    seats = seats_of(view)
    if seats.players == 2:
        mine = "You need" if names[viewer] == "You" else f"{names[viewer]} needs"
        return f"{mine} {me.need} · {threat_words(view, 1 - viewer, names[1 - viewer])}"
    nm = [names[q] if q < len(names) else f"seat {q}" for q in range(seats.players)]
    mine = "You need" if nm[viewer] == "You" else f"{nm[viewer]} needs"
    parts = [f"{mine} {me.need}"]
    partner = seats.partner(viewer)
    if partner is not None and partner not in seats.out:
        parts.append(f"{nm[partner]} needs {side(view, partner).need}")
    for q in sorted(seats.opps[viewer], key=lambda q: side(view, q).need):
        parts.append(threat_words(view, q, nm[q]))
    return " · ".join(parts)


def legend_entries(rules: str = "classic") -> list[tuple[str, str]]:
    """Each mark the table uses, with what it means (the goals of ``rules``)."""
    parsed = Rules.parse(rules)
    goals = ", ".join(str(parsed.goal(k)) for k in range(5))
    return [
        ("score 15 / 21 (1K)", "15 points of the 21 needed; (1K): one king on the table. "
         f"Kings lower the goal: {goals} with 0 to 4 kings ({parsed.preset})."),
        ("10♠[J♦]", "a point card with a jack on it: it counts for the side it is on."),
        ("8♣ glasses", "an 8 played as glasses: its owner sees the other hand."),
        ("deck 30", "cards left to draw; with none left you pass."),
        ("passes 1/3", "passes in a row; the third ends the game in a draw."),
        ("scrap 10♥ (3)", "the top card of the scrap and how many cards it holds "
         "(type scrap to see them)."),
        ("▒▒ (5)", "cards you cannot see, and how many."),
        ("* (cyan)", "frozen: returned by a 9, not playable until its owner's turn ends."),
        ("◀", "the player who must act now."),
        ("You need 6 · ...", "the threat line: what each side needs, and which single card "
         "would win it for the opponent next turn, from what you can see (type threat)."),
    ]


def legend_lines(rules: str = "classic", width: int = 78) -> list[str]:
    """The legend as lines of at most ``width`` characters."""
    out = ["Legend"]
    for mark, text in legend_entries(rules):
        out += textwrap.wrap(
            text, width, initial_indent=f"  {mark:<19} ", subsequent_indent=" " * 22
        )
    return out


def legend_for(view: Position) -> list[str]:
    """The legend with the goals of the view's rules."""
    return legend_lines(str(view.get("rules", "classic")))
