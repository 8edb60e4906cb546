"""The status bar's text: pieces ranked by importance, fitted to the width."""

from __future__ import annotations

from collections.abc import Sequence

from cuttle.text.cardtext import CardStyle

# A piece of the bar: its text (or its wordings, longest first) and its rank.
Piece = tuple[str | Sequence[str], int]


def fit_bar(pieces: Sequence[Piece], room: int, sep: str,
            cut_rank: int | None = None) -> str:
    """A status bar's text: ``pieces`` as ``(text, rank)`` joined by ``sep`` in their order,
    keeping the lowest ranks first while they fit in ``room`` columns (empty texts are left
    out). A piece given as several wordings shows the first that fits the room left. A piece
    of ``cut_rank`` too long for the room left is cut with "…" rather than lost, when at least
    30 columns are left for it."""
    said = [text if isinstance(text, str) else "" for text, _ in pieces]
    kept: set[int] = set()
    for i in sorted(range(len(pieces)), key=lambda i: pieces[i][1]):
        gap = len(sep) if kept else 0
        forms = pieces[i][0]
        if not isinstance(forms, str):
            said[i] = next((f for f in forms if len(f) + gap <= room), forms[-1] if forms else "")
        if not said[i]:
            continue
        if pieces[i][1] == cut_rank and len(said[i]) + gap > room and room - gap >= 30:
            said[i] = said[i][: room - gap - 1].rstrip(" ·,-") + "…"
        cost = len(said[i]) + gap
        if cost <= room:
            kept.add(i)
            room -= cost
    return sep.join(said[i] for i in sorted(kept))


def status_line(pieces: Sequence[Piece], width: int, style: CardStyle,
                cut_rank: int | None = None) -> str:
    """A status bar ``width`` columns wide: ``pieces`` in ``style``'s characters, fitted by
    :func:`fit_bar` between a space on each side."""
    sep = " - " if style.ascii else " · "
    said: list[Piece] = [
        (style.say(text) if isinstance(text, str) else [style.say(t) for t in text], rank)
        for text, rank in pieces
    ]
    return " " + fit_bar(said, width - 2, sep, cut_rank).ljust(max(0, width - 1))
