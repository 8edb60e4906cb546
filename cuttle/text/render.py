"""View objects for the screen: each renders itself with rich; nothing here prints.

``TableView`` picks a compact layout for small terminals (80×24) and a roomier one with panels and
a log column when the console is wide. ``viewer`` is the seat shown at the bottom with its hand
face up; ``None`` shows everything (replays). Two seats face each other; at three and four seats
the others sit in clockwise order from the bottom seat's left (at four, the partner across),
each its own block, the same rows for every seat.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from cuttle.cards import HIDDEN
from cuttle.text.cardtext import CardStyle, rank_char, split_stack, taken_from
from cuttle.text.describe import (
    ROYAL_VERBS,
    answered,
    is_teams,
    move_seats,
    oneoff_effect,
    parse_move_text,
    royal_words,
    stack_outcome,
)

Position = dict[str, Any]
WIDE = 100  # columns from which the roomy layout is used
TALL = 30  # ... and rows (on a real terminal)


@dataclass
class TableModel:
    """Everything one screen of the table shows."""

    pos: Position
    viewer: int | None
    names: tuple[str, ...]  # one a seat, as are scores and goals
    scores: tuple[int, ...]
    goals: tuple[int, ...]
    status: str = ""
    events: list[str] = field(default_factory=list)
    seed: int | None = None
    style: CardStyle = field(default_factory=CardStyle)
    footer: str = ""
    highlight: frozenset[str] = frozenset()  # cards the last events changed
    bottom_seat: int | None = None  # overrides the viewer's seat (game over: your side below)
    actor: int | None = None  # whose move this table shows, when it is a step of another's turn

    @property
    def bottom(self) -> int:
        """The seat drawn at the bottom."""
        if self.bottom_seat is not None:
            return self.bottom_seat
        return 0 if self.viewer is None else self.viewer

    @property
    def seats(self) -> int:
        """How many seats the table has (2, 3 or 4)."""
        return len(self.names)

    def others(self) -> list[int]:
        """Every seat but the bottom one, clockwise from its left (at four: left, across,
        right; with two: the opponent)."""
        n, b = self.seats, self.bottom
        return [(b + r) % n for r in range(1, n)]

    def partner(self, p: int) -> int | None:
        """Seat ``p``'s partner in a game of teams (seats 0 and 2, 1 and 3), else ``None``."""
        if self.seats == 4 and is_teams(self.pos):
            return (p + 2) % 4
        return None

    def is_out(self, p: int) -> bool:
        """Seat ``p`` conceded a cutthroat game and plays no more."""
        return p in self.pos.get("out", ())

    def card(self, card: str) -> Text:
        """A card in its colours, marked when the last events changed it."""
        t = self.style.text(card)
        if card in self.highlight:
            t.stylize("underline on grey30")
        return t

    def cards(self, cards: list[str], sep: str = " ") -> Text:
        """Several cards, each marked like ``card``."""
        return Text(sep).join(self.card(c) for c in cards)

    def stack_entry(self, entry: str, holder: int | None = None) -> Text:
        """A point card with its jacks (``10♠[J♦]``), changed cards marked; at three and four
        seats, when its top jack or joker took it from another seat than ``holder``, that
        seat's name (``10♠[J♦]←Bob``)."""
        t = self.style.stack(entry, self.card)
        source = taken_from(entry)
        if source is not None and source != holder and 0 <= source < self.seats:
            t.append(("<-" if self.style.ascii else "←") + short_name(self.names[source]),
                     style="dim")
        return t


def short_name(name: str) -> str:
    """A name without its last words in brackets (``AI 1 (random)`` -> ``AI 1``), for the marks
    that name a seat beside a card; a name that is only brackets stays whole."""
    if name.endswith(")") and " (" in name:
        head = name[: name.rindex(" (")].strip()
        if head:
            return head
    return name


def _box(style: CardStyle) -> box.Box:
    return box.ASCII if style.ascii else box.ROUNDED


class TableView:
    """The whole table: the opponent at the top, the deck/scrap/stack, you at the bottom."""

    def __init__(self, model: TableModel, wide: bool | None = None) -> None:
        self.model = model
        self.wide = wide

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        wide = self.wide
        if wide is None:
            short = console.is_terminal and console.size.height < TALL
            wide = options.max_width >= WIDE and not short
        yield self._wide() if wide else self._compact()

    # -- pieces ---------------------------------------------------------------------------
    def _hand(self, p: int) -> Text:
        m = self.model
        hand = list(m.pos["hands"][p])
        frozen = set(m.pos.get("frozen", []))
        out = Text()
        for i, card in enumerate(hand):
            if i:
                out.append(" ")
            t = m.card(card)
            if card in frozen:
                t.stylize("dim")
                t.append("*", style="cyan")
            out.append_text(t)
        if not hand:
            out.append("(empty)", style="dim")
        return out

    def _tiles(self, p: int) -> Text:
        """The hand as little cards, three lines high (roomy layout)."""
        m = self.model
        hand = list(m.pos["hands"][p])
        if not hand:
            return Text("(empty)", style="dim")
        frozen = set(m.pos.get("frozen", []))
        a = m.style.ascii
        top, mid, bot = Text(), Text(), Text()
        for card in hand:
            edge = "dim cyan" if card in frozen else "dim"
            top.append("+---+" if a else "┌───┐", style=edge)
            bot.append("+---+" if a else "└───┘", style=edge)
            mid.append("|" if a else "│", style=edge)
            face = m.card(card) if card != HIDDEN else Text("###" if a else "▒▒▒", style="dim")
            face.pad_right(3 - face.cell_len)
            mid.append_text(face)
            mid.append("|" if a else "│", style=edge)
        return Text("\n").join([top, mid, bot])

    def _card_row(self, texts: list[Text]) -> Text:
        """Cards side by side, or a dash for an empty row."""
        if not texts:
            return Text("-" if self.model.style.ascii else "—", style="dim")
        return Text("  ").join(texts)

    def points(self, p: int) -> Text:
        """Seat ``p``'s point cards with their jacks (a dash when none)."""
        m = self.model
        return self._card_row([m.stack_entry(entry, p) for entry in m.pos["points"][p]])

    def perms(self, p: int) -> Text:
        """Seat ``p``'s permanents (an 8 marked as glasses)."""
        m = self.model
        texts = []
        for card in m.pos["permanents"][p]:
            t = m.stack_entry(card, p) if "+" in card else m.card(card)
            if rank_char(card) == "8":
                t.append(" glasses", style="dim")
            texts.append(t)
        return self._card_row(texts)

    def score(self, p: int) -> Text:
        """``score 15 / 21 (1K)``."""
        m = self.model
        kings = sum(1 for c in m.pos["permanents"][p] if rank_char(c) == "K")
        t = Text.assemble(("score ", "dim"), (f"{m.scores[p]} / {m.goals[p]}", "bold"))
        if kings:
            t.append(f" ({kings}K)", style="dim")
        return t

    def name(self, p: int) -> Text:
        """The seat's name in its colour, marked when it must act; at four seats the bottom
        seat's partner is marked as such, and a seat out of a cutthroat game as out."""
        m = self.model
        partner = m.partner(m.bottom) == p
        style = "bold green" if p == m.bottom or partner else "bold yellow"
        t = Text(m.names[p], style=style)
        if m.pos.get("to_move") == p and m.pos.get("phase") != "over":
            t.append(" ◀" if not m.style.ascii else " <", style="bold cyan")
        if partner and "partner" not in m.names[p].lower():
            t.append(" partner", style="green")
        if m.is_out(p):
            t.append(" out", style="red")
        return t

    def _hand_line(self, p: int) -> Text:
        hand = self.model.pos["hands"][p]
        t = Text.assemble(("hand ", "dim"), self._hand(p))
        if hand and all(c == HIDDEN for c in hand):
            t.append(f" ({len(hand)})", style="dim")
        return t

    def middle_rows(self) -> list[RenderableType]:
        """Deck, scrap, passes, seed, the stack, revealed and frozen cards."""
        m = self.model
        pos = m.pos
        scrap = list(pos.get("scrap", []))
        line = Text.assemble(("  deck ", "dim"), (str(len(pos.get("deck", []))), "bold"))
        line.append("   scrap ", style="dim")
        if scrap:
            line.append_text(m.card(scrap[-1]))
            line.append(f" ({len(scrap)})", style="dim")
        else:
            line.append("empty", style="dim")
        if pos.get("passes"):
            line.append(f"   passes {pos['passes']}/{m.seats + 1}", style="yellow")
        if m.seed is not None:
            line.append(f"   seed {m.seed}", style="dim")
        rules = str(pos.get("rules", "classic"))
        if rules != "classic":
            line.append(f"   {rules}", style="dim")
        rows: list[RenderableType] = [line]
        turn = self.turn_line()
        if turn is not None:
            rows.append(turn)
        stack = pos.get("stack", [])
        if stack:
            rows.append(self._stack(stack))
        revealed = pos.get("revealed", [])
        if revealed:
            rows.append(Text.assemble(("  revealed ", "dim"), m.cards(list(revealed))))
        if pos.get("frozen"):
            rows.append(Text("  * frozen: may not be played this turn", style="cyan"))
        return rows

    def turn_line(self) -> Text | None:
        """At three and four seats, while another seat than the turn's player must answer
        (a counter, a 9 against a royal, a 4's discard): whose turn it is and who answers."""
        m = self.model
        pos = m.pos
        turn, to_move = pos.get("turn_player"), pos.get("to_move")
        if m.seats == 2 or to_move is None or turn is None or turn == to_move:
            return None
        if pos.get("phase") == "over":
            return None
        return Text.assemble(
            ("  turn ", "dim"), (m.names[int(turn)], "bold"),
            ("   answering now ", "dim"), (m.names[int(to_move)], "bold cyan"),
        )

    def _stack(self, stack: list[dict[str, Any]]) -> RenderableType:
        m = self.model
        t = Text()
        for i, item in enumerate(stack):
            verb, cards = parse_move_text(str(item.get("move", "")))
            who = m.names[int(item.get("player", 0))]
            if i:
                t.append(" <- " if m.style.ascii else " ← ", style="magenta")
            if cards:
                t.append_text(m.card(cards[0]))
            t.append(f" {who}", style="dim")
            if i == 0 and verb == "scuttle" and len(cards) > 1:
                t.append(f": scuttle {m.style.plain(cards[1])}")
            elif i == 0 and verb in ROYAL_VERBS:  # teams: a royal a 9 may answer
                player = int(item.get("player", 0))
                words = royal_words(str(item["move"]), m.pos, player, m.names, m.style, False)
                t.append(f": {words}")
            elif i == answered(stack) and cards:
                eff = oneoff_effect(
                    cards[0],
                    cards[1] if len(cards) > 1 else None,
                    m.pos,
                    int(item.get("player", 0)),
                    m.names,
                    m.style,
                    move_seats(str(item.get("move", "")))[0],
                )
                t.append(f": {eff}")
        if m.pos.get("phase") == "counter":
            arrow = "=>" if m.style.ascii else "⇒"
            t.append(f" {arrow} {stack_outcome(stack)}", style="italic")
        # a grid, so a long stack wraps under its first card, not under the word "stack"
        grid = Table.grid()
        grid.add_column(no_wrap=True)
        grid.add_column()
        grid.add_row(Text("  stack ", style="bold magenta"), t)
        return grid

    def _events(self, n: int) -> Text:
        events = self.model.events[-n:]
        t = Text()
        for i, e in enumerate(events):
            if i:
                t.append("\n")
            t.append("• " if not self.model.style.ascii else "- ", style="dim")
            t.append(self.model.style.say(e), style="bold" if i == len(events) - 1 else "")
        return t

    # -- layouts --------------------------------------------------------------------------
    def _side_compact(self, p: int, top: bool) -> Table:
        grid = Table.grid(expand=True, padding=(0, 1))
        grid.add_column(ratio=1)
        grid.add_column(justify="right", no_wrap=True)
        head = Text.assemble(self.name(p), "  ", self._hand_line(p))
        rows = [
            (head, self.score(p)),
            (Text.assemble(("  points  ", "dim"), self.points(p)), Text()),
            (Text.assemble(("  perms   ", "dim"), self.perms(p)), Text()),
        ]
        if not top:
            rows.reverse()
        for left, right in rows:
            grid.add_row(left, right)
        return grid

    def _compact(self) -> RenderableType:
        m = self.model
        rule = "-" if m.style.ascii else "─"
        parts: list[RenderableType] = [self._side_compact(p, True) for p in m.others()]
        parts += [Rule(characters=rule, style="dim")]
        parts += self.middle_rows()
        parts += [Rule(characters=rule, style="dim"), self._side_compact(m.bottom, False)]
        if m.events:
            parts.append(self._events(3))
        parts += self._bottom_lines()
        return Group(*parts)

    def _bottom_lines(self) -> list[RenderableType]:
        """Notices (start of game), then the status line, which sits just above the prompt."""
        m = self.model
        out: list[RenderableType] = []
        if m.footer:
            out.append(Text(m.style.say(m.footer), style="dim"))
        if m.status:
            out.append(Text(m.style.say(m.status), style="bold cyan"))
        return out

    def _side_panel(self, p: int) -> Panel:
        rows = Table.grid(padding=(0, 1))
        rows.add_column(style="dim", no_wrap=True)
        rows.add_column()
        lines = [("hand", self._tiles(p)), ("points", self.points(p)), ("perms", self.perms(p))]
        if p == self.model.bottom:  # the player's own side reads from the middle outwards
            lines.reverse()
        for label, cell in lines:
            rows.add_row(label, cell)
        n = len(self.model.pos["hands"][p])
        return Panel(
            rows,
            title=self.name(p),
            title_align="left",
            subtitle=Text.assemble(
                self.score(p), f" {'-' if self.model.style.ascii else '·'} {n} in hand"
            ),
            subtitle_align="right",
            box=_box(self.model.style),
        )

    def _seat_panel(self, p: int) -> Panel:
        """Another seat at a table of three or four: its hand as one line (backs, or the cards
        glasses show), points and permanents, in a panel as narrow as its column."""
        rows = Table.grid(padding=(0, 1))
        rows.add_column(style="dim", no_wrap=True)
        rows.add_column()
        rows.add_row("hand", self._hand_line(p)[len("hand "):])
        rows.add_row("points", self.points(p))
        rows.add_row("perms", self.perms(p))
        return Panel(
            rows,
            title=self.name(p),
            title_align="left",
            subtitle=self.score(p),
            subtitle_align="right",
            box=_box(self.model.style),
        )

    def _wide(self) -> RenderableType:
        m = self.model
        middle = Panel(Group(*self.middle_rows()), box=_box(m.style), border_style="dim")
        if m.seats == 2:
            top: RenderableType = self._side_panel(m.others()[0])
        else:
            top = Table.grid(expand=True, padding=(0, 1))
            for _ in m.others():
                top.add_column(ratio=1)
            top.add_row(*(self._seat_panel(p) for p in m.others()))
        left = Group(top, middle, self._side_panel(m.bottom))
        log = Panel(
            self._events(12) if m.events else Text("no moves yet", style="dim"),
            title="log",
            title_align="left",
            box=_box(m.style),
            border_style="dim",
        )
        grid = Table.grid(expand=True, padding=(0, 1))
        grid.add_column(ratio=3)
        grid.add_column(ratio=2)
        grid.add_row(left, log)
        parts: list[RenderableType] = [grid, *self._bottom_lines()]
        return Group(*parts)


@dataclass
class MoveListView:
    """A numbered list of moves with their descriptions (``moves``, or a card's moves).

    A list longer than ``max_rows`` (a short terminal) is drawn in columns without the
    descriptions, so the table above it stays on screen.
    """

    items: list[tuple[str, str]]  # (display text, description)
    title: str = "Legal moves"
    max_rows: int | None = None

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        head = Text(self.title + " (type the number or the move):", style="bold")
        n = len(self.items)
        if self.max_rows is not None and n > self.max_rows:
            yield head
            yield self._columns(options.max_width, self.max_rows)
            return
        table = Table.grid(padding=(0, 2))
        table.add_column(justify="right", style="bold cyan")
        table.add_column(style="bold")
        table.add_column(style="dim")
        for i, (text, meta) in enumerate(self.items, start=1):
            table.add_row(str(i), text, meta)
        yield Group(head, table)

    def _columns(self, width: int, max_rows: int) -> Table:
        """The moves top to bottom in as many columns as fit; with their descriptions when
        that still fits in ``max_rows`` rows."""
        n = len(self.items)
        num = len(str(n))
        move_w = max(Text(t).cell_len for t, _ in self.items)
        meta_w = max(Text(m).cell_len for _, m in self.items)

        def layout(with_meta: bool) -> tuple[int, int]:
            cell = num + 1 + move_w + (1 + meta_w if with_meta else 0)
            ncols = max(1, min(n, (width + 3) // (cell + 3)))
            return ncols, -(-n // ncols)

        ncols, nrows = layout(True)
        with_meta = nrows <= max_rows
        if not with_meta:
            ncols, nrows = layout(False)
        grid = Table.grid(padding=(0, 3))
        for _ in range(ncols):
            grid.add_column(no_wrap=True)
        for r in range(nrows):
            row = []
            for c in range(ncols):
                i = c * nrows + r
                if i >= n:
                    row.append(Text())
                    continue
                text, meta = self.items[i]
                t = Text.assemble((f"{i + 1:>{num}} ", "bold cyan"), (text, "bold"))
                if with_meta:
                    t.pad_right(num + 1 + move_w + 1 - t.cell_len)
                    t.append(meta, style="dim")
                row.append(t)
            grid.add_row(*row)
        return grid


@dataclass
class GameOverView:
    """The result of a game: who won and how, the final scores, the number of moves (both
    players' moves, each one line of the log, as the history and the review count them)."""

    headline: str
    names: tuple[str, ...]  # one a seat, as are scores and goals
    scores: tuple[int, ...]
    goals: tuple[int, ...]
    moves: int
    seed: int | None
    style: CardStyle = field(default_factory=CardStyle)
    order: tuple[int, ...] = ()  # the seats in the order listed (empty: seat 0 first)

    def _table(self) -> Table:
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold")
        table.add_column()
        for p in self.order or range(len(self.names)):
            table.add_row(self.names[p], f"{self.scores[p]} / {self.goals[p]}")
        table.add_row("moves", str(self.moves))
        if self.seed is not None:
            table.add_row("seed", str(self.seed))
        return table

    def body(self) -> RenderableType:
        """The result without its frame (the full-screen app draws its own)."""
        return Group(Text(self.style.say(self.headline), style="bold green"), self._table())

    def __rich__(self) -> RenderableType:
        body = self._table()
        return Panel(
            Group(Text(self.style.say(self.headline), style="bold green", justify="center"), body),
            title="Game over",
            box=_box(self.style),
            expand=False,
        )


@dataclass
class HandoffView:
    """The screen between two hot-seat players: nothing of either hand is shown."""

    name: str
    note: str = ""
    style: CardStyle = field(default_factory=CardStyle)

    def __rich__(self) -> RenderableType:
        dash = "-" if self.style.ascii else "—"
        lines = [Text(f"Pass to {self.name} {dash} press Enter", style="bold", justify="center")]
        if self.note:
            lines.append(Text(self.style.say(self.note), style="dim", justify="center"))
        return Panel(Group(*lines), box=_box(self.style), padding=(1, 4))


def _zones(pos: Position) -> dict[str, tuple[str, ...]]:
    """Where each visible card is: its zone, and for a jack the point card it sits on."""
    where: dict[str, tuple[str, ...]] = {}
    for p in range(len(pos["hands"])):
        for card in pos["hands"][p]:
            where[card] = ("hand", str(p))
        for entry in pos["points"][p]:
            base, jacks = split_stack(entry)
            where[base] = ("points", str(p))
            for jack in jacks:
                where[jack] = ("jack", str(p), base)
        for entry in pos["permanents"][p]:
            base, jokers = split_stack(entry)
            where[base] = ("perm", str(p))
            for joker in jokers:
                where[joker] = ("joker", str(p), base)
    for card in pos.get("scrap", []):
        where[card] = ("scrap",)
    for card in pos.get("revealed", []):
        where[card] = ("revealed",)
    for item in pos.get("stack", []):
        _, cards = parse_move_text(str(item.get("move", "")))
        if cards:
            where.setdefault(cards[0], ("stack",))
    where.pop(HIDDEN, None)
    return where


def changed_cards(before: Position, after: Position) -> frozenset[str]:
    """The cards one move moved, as one viewer sees the table before and after it."""
    old, new = _zones(before), _zones(after)
    return frozenset(card for card, zone in new.items() if old.get(card) != zone)
