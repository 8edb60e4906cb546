"""The regions of the full-screen board, drawn with rich for a given width.

``Board`` cuts one ``TableModel`` into the pieces the app stacks on screen: the opponent's side,
the table (deck, scrap, the stack and what resolving does), your side with your hand (wrapped over
several rows when it is long, each card's position kept for mouse clicks), the log and the status
bar. At three and four seats the opponent's side is a row of blocks, one for each other seat
clockwise from your left (at four your partner's in the middle, across from you): name, cards in
hand, score against goal, permanents and point cards with whom each jack or joker took its card
from. Nothing here knows about prompt_toolkit; the app (``app.py``) places the pieces.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from cuttle.cards import HIDDEN
from cuttle.text.cardtext import CardStyle
from cuttle.text.render import TableModel, TableView

MIN_WIDTH = 56
MIN_HEIGHT = 16
MIN_SEATS_WIDTH = 64  # a table of three or four: the other seats' blocks side by side
MIN_SEATS_HEIGHT = 20  # ... and their rows above the table
SIDE_LOG = 120  # columns from which the log sits beside the board
TILES_HEIGHT = 30  # rows from which your hand is drawn as little cards (when they fit)
_WRAP = Console(width=200, color_system=None, legacy_windows=False)  # wraps Text, prints nothing


@dataclass
class HandLayout:
    """Your hand as drawn: the text and where each card sits (row, first column, end column)."""

    text: Text
    spots: list[tuple[int, int, int]] = field(default_factory=list)
    tall: int = 1  # rows a card takes (3 for little cards)

    def index_at(self, x: int, y: int) -> int | None:
        """The hand position under a click, if any."""
        for i, (row, x0, x1) in enumerate(self.spots):
            if row <= y < row + self.tall and x0 <= x < x1:
                return i
        return None


class Board:
    """One model cut into screen regions, ``width`` columns wide."""

    def __init__(self, model: TableModel, width: int, selected: int | None = None) -> None:
        self.model = model
        self.width = max(20, width)
        self.selected = selected
        self.view = TableView(model)
        self.ascii = model.style.ascii

    # -- a side -----------------------------------------------------------------------------
    def _head(self, p: int) -> Text:
        """``Name ◀`` on the left and the score on the right, on one line."""
        name = self.view.name(p)
        score = self.view.score(p)
        n = len(self.model.pos["hands"][p])
        score.append(f"  {n} card{'s' if n != 1 else ''}", style="dim")
        gap = self.width - name.cell_len - score.cell_len
        if gap < 1:
            name.truncate(max(1, self.width - score.cell_len - 1), overflow="ellipsis")
            gap = 1
        return Text.assemble(name, " " * gap, score)

    def _table_line(self, p: int) -> Text:
        """Points and permanents: on one line when they fit, else each on its own (wrapped)."""
        points = Text.assemble(("points ", "dim"), self.view.points(p))
        perms = Text.assemble(("perms ", "dim"), self.view.perms(p))
        if points.cell_len + 3 + perms.cell_len <= self.width:
            return Text.assemble(points, "   ", perms)
        return Text("\n").join([points, perms])

    def _hidden_hand(self, p: int) -> Text:
        hand = list(self.model.pos["hands"][p])
        t = Text("hand ", style="dim")
        if not hand:
            t.append("(empty)", style="dim")
            return t
        known = [c for c in hand if c != HIDDEN]
        if known:  # glasses: the opponent's hand face up
            return Text.assemble(t, self.model.cards(hand))
        back = self.model.style.back
        room = (self.width - 12) // (len(back) + 1)
        if len(hand) <= room:
            t.append(" ".join([back] * len(hand)), style="dim")
        else:
            t.append(f"{back} x{len(hand)}", style="dim")
        return t

    def hand(self, p: int, tiles: bool = False) -> HandLayout:
        """Your hand, wrapped to the width; the selected card reversed, frozen ones marked."""
        m = self.model
        hand = list(m.pos["hands"][p])
        frozen = set(m.pos.get("frozen", []))
        label = "hand "
        if not hand:
            return HandLayout(Text.assemble((label, "dim"), ("(empty)", "dim")))
        if tiles and len(hand) * 5 + 6 <= self.width:
            return self._tiles(hand, frozen)
        rows: list[Text] = [Text(label, style="dim")]
        spots: list[tuple[int, int, int]] = []
        x = len(label)
        for i, card in enumerate(hand):
            face = m.card(card)
            if card in frozen:
                face.stylize("dim")
                face.append("*", style="cyan")
            if i == self.selected:
                face.stylize("reverse bold")
            w = face.cell_len
            if x + w + 1 > self.width and x > len(label):
                rows.append(Text(" " * len(label)))
                x = len(label)
            row = rows[-1]
            if x > len(label):
                row.append(" ")
                x += 1
            spots.append((len(rows) - 1, x, x + w))
            row.append_text(face)
            x += w
        return HandLayout(Text("\n").join(rows), spots)

    def _tiles(self, hand: list[str], frozen: set[str]) -> HandLayout:
        m = self.model
        a = self.ascii
        top, mid, bot = Text("     "), Text("hand "), Text("     ")
        top.stylize("dim")
        mid.stylize("dim")
        spots: list[tuple[int, int, int]] = []
        for i, card in enumerate(hand):
            edge = "dim cyan" if card in frozen else "dim"
            if i == self.selected:
                edge = "bold cyan"
            x = top.cell_len
            top.append("+---+" if a else "┌───┐", style=edge)
            bot.append("+---+" if a else "└───┘", style=edge)
            mid.append("|" if a else "│", style=edge)
            face = m.card(card)
            if i == self.selected:
                face.stylize("reverse bold")
            face.pad_right(3 - face.cell_len)
            mid.append_text(face)
            mid.append("|" if a else "│", style=edge)
            spots.append((0, x, x + 5))
        return HandLayout(Text("\n").join([top, mid, bot]), spots, tall=3)

    def opponent(self, roomy: bool = False) -> RenderableType:
        """The top side: name and score, the hand (backs with a count), points and permanents;
        at three and four seats every other seat's block side by side (``seats``; ``roomy``:
        with room to spare, each block shows the hand as card backs too)."""
        if self.model.seats > 2:
            return self.seats(roomy)
        p = self.model.others()[0]
        return Group(self._head(p), self._hidden_or_open(p), self._table_line(p))

    def seats(self, roomy: bool = False) -> RenderableType:
        """The other seats of a table of three or four, one block each in a column of its own,
        clockwise from your left (so at four your partner sits in the middle, across);
        ``roomy``: each block shows the hand as card backs, as the board of two does."""
        others = self.model.others()
        sep = Text(" | " if self.ascii else " │ ", style="dim")
        width = (self.width - sep.cell_len * (len(others) - 1)) // len(others)
        # each block wrapped to its column by hand, then the columns joined row by row: one
        # Text, drawn as cheaply as the two-seat board (a rich Table lays out every time)
        columns = [self._wrapped(self.block(p, width, roomy), width) for p in others]
        rows = []
        for i in range(max(len(c) for c in columns)):
            row = Text()
            for j, column in enumerate(columns):
                part = column[i] if i < len(column) else Text()
                if j:
                    row.append_text(sep)
                if j < len(columns) - 1:
                    part.pad_right(width - part.cell_len)
                row.append_text(part)
            row.rstrip()
            rows.append(row)
        return Text("\n").join(rows)

    @staticmethod
    def _wrapped(rows: list[Text], width: int) -> list[Text]:
        """Each row of a block wrapped to ``width`` columns (a word longer than that folded)."""
        out: list[Text] = []
        for row in rows:
            if row.cell_len <= width:  # most rows: no wrapping to lay out
                out.append(row)
            else:
                out += list(row.wrap(_WRAP, width, overflow="fold"))
        return out

    def block(self, p: int, width: int, roomy: bool = False) -> list[Text]:
        """One other seat in ``width`` columns: the name (◀ when it must act, partner, out) and
        the cards in hand; the score and goal; the hand when glasses show it (``roomy``: as
        card backs otherwise); permanents and point cards (``10♠[J♦]←Bob``: a jack took it
        from Bob), wrapped."""
        m = self.model
        name = self.view.name(p)
        n = len(m.pos["hands"][p])
        cards = Text(f"{n} card{'s' if n != 1 else ''}", style="dim")
        gap = width - name.cell_len - cards.cell_len
        score = self.view.score(p)
        if gap >= 1:
            rows: list[Text] = [Text.assemble(name, " " * gap, cards), score]
        else:  # a long name keeps its line: the count goes beside the score, or under it whole
            rows = [self._cut_name(p, name, width)]
            if score.cell_len + 2 + cards.cell_len <= width:
                rows.append(Text.assemble(score, "  ", cards))
            else:
                rows += [score, cards]
        hand = m.pos["hands"][p]
        if any(c != HIDDEN for c in hand):  # glasses, or cards a 3 made public
            rows.append(Text.assemble(("hand ", "dim"), m.cards(list(hand))))
        elif roomy:
            rows.append(self._backs(len(hand), width))
        rows.append(Text.assemble(("perms ", "dim"), self.view.perms(p)))
        rows.append(Text.assemble(("points ", "dim"), self.view.points(p)))
        return rows

    def _backs(self, n: int, width: int) -> Text:
        """``hand ▒▒ ▒▒ ▒▒``: ``n`` card backs in ``width`` columns (``▒▒ x9`` when they do
        not fit)."""
        t = Text("hand ", style="dim")
        if not n:
            t.append("(empty)", style="dim")
            return t
        back = self.model.style.back
        if 5 + n * (len(back) + 1) - 1 <= width:
            t.append(" ".join([back] * n), style="dim")
        else:
            t.append(f"{back} x{n}", style="dim")
        return t

    def _cut_name(self, p: int, name: Text, width: int) -> Text:
        """``name`` (the seat's name and its marks: ◀, partner, out) in ``width`` columns: the
        name is cut with "…", the marks stay."""
        if name.cell_len <= width:
            return name
        cut = len(self.model.names[p])
        marks = name[cut:]
        base = name[:cut]
        base.truncate(max(1, width - marks.cell_len), overflow="ellipsis")
        return Text.assemble(base, marks)

    def _hidden_or_open(self, p: int) -> Text:
        hand = self.model.pos["hands"][p]
        if hand and all(c != HIDDEN for c in hand):
            return Text.assemble(("hand ", "dim"), self.model.cards(list(hand)))
        return self._hidden_hand(p)

    def middle(self) -> RenderableType:
        """Deck, scrap, passes, the stack with what resolving does, revealed and frozen cards."""
        rule = Text(("-" if self.ascii else "─") * self.width, style="dim")
        rows: list[RenderableType] = [rule]
        rows += self.view.middle_rows()
        rows.append(rule)
        return Group(*rows)

    def own(self, tiles: bool = False) -> tuple[RenderableType, HandLayout, int]:
        """Your side: points and permanents, the hand, then your name and score.

        Returns the renderable, the hand layout and the row the hand starts on (for clicks)."""
        p = self.model.bottom
        table = self._table_line(p)
        hand_pos = self.model.pos["hands"][p]
        if hand_pos and all(c == HIDDEN for c in hand_pos):
            layout = HandLayout(self._hidden_hand(p))
        else:
            layout = self.hand(p, tiles)
        first_row = len(table.plain.split("\n"))
        return Group(table, layout.text, self._head(p)), layout, first_row


def log_text(lines: list[str], width: int, fresh: int, ascii_only: bool) -> RenderableType:
    """The log pane: one bullet an event (wrapped lines indented), the ``fresh`` newest bold."""
    grid = Table.grid()
    grid.add_column(width=2, no_wrap=True)
    grid.add_column(ratio=1)
    bullet = "- " if ascii_only else "• "
    for i, line in enumerate(lines):
        grid.add_row(
            Text(bullet, style="dim"), Text(line, style="bold" if i >= len(lines) - fresh else "")
        )
    return grid


# A command to type (``cuttle play --resume``, ``cuttle replay 12``, ``cuttle review FILE``): its
# words stay on one line. Its arguments are options, numbers and paths, never prose.
_COMMAND = re.compile(r"cuttle [a-z]+(?: (?:--?[\w-]+|\d+|\S*/\S*|\S+\.json))*")
_KEEP = "\x00"  # stands for a space inside a command while the line is wrapped


def wrap_whole(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` columns, broken only between words, never inside a
    path or a command; one longer than the width gets a line of its own (the terminal folds it)."""
    kept = _COMMAND.sub(lambda m: m.group(0).replace(" ", _KEEP), text)
    lines: list[str] = []
    line = ""
    indent = kept[: len(kept) - len(kept.lstrip(" "))]
    for word in kept.split():
        candidate = f"{line} {word}" if line else f"{indent}{word}"
        if line and len(candidate) > width:
            lines.append(line)
            line = f"{indent}{word}"
        else:
            line = candidate
    lines.append(line)
    return [piece.replace(_KEEP, " ") for piece in lines]


def min_size(seats: int = 2) -> tuple[int, int]:
    """The smallest terminal (columns, rows) the board of ``seats`` seats is drawn on."""
    if seats > 2:
        return MIN_SEATS_WIDTH, MIN_SEATS_HEIGHT
    return MIN_WIDTH, MIN_HEIGHT


def too_small(width: int, height: int, style: CardStyle, seats: int = 2) -> Text:
    """What to show when the terminal is smaller than the board of ``seats`` seats needs."""
    times = "x" if style.ascii else "×"
    least_w, least_h = min_size(seats)
    return Text(
        f"The terminal is {width}{times}{height}; cuttle needs at least "
        f"{least_w}{times}{least_h}.\nMake the window bigger, or the font smaller.",
        style="bold",
    )
