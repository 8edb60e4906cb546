"""The full-screen game drawn: the regions, their arrangement for the terminal's size, the windows.

``ScreenLayout`` builds the prompt_toolkit containers of one screen from its ``ScreenState``:
the opponent, the table, your side (``screen.Board`` cuts the table into them), the log, the
messages, the input line and the status bar, and the window over them (a text to scroll or a
menu). It picks an arrangement for the size (narrow or wide, a window over the log or over
everything, the handoff, too small). Drawings are kept in the state's cache until the state
changes. Nothing here changes the game's state: a click on a card or the mouse wheel is handed to
the app's actions (``on_pick_card``, ``on_wheel``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

from prompt_toolkit.buffer import Buffer
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.layout import (
    ConditionalContainer,
    Container,
    DynamicContainer,
    Float,
    FloatContainer,
    HSplit,
    VSplit,
    Window,
)
from prompt_toolkit.layout.containers import AnyContainer
from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl
from prompt_toolkit.layout.dimension import Dimension
from prompt_toolkit.layout.menus import CompletionsMenu
from prompt_toolkit.layout.processors import BeforeInput
from prompt_toolkit.widgets import Frame
from rich.console import RenderableType
from rich.text import Text

from cuttle.text.cardtext import rank_char
from cuttle.text.describe import phase_words
from cuttle.text.people import Person
from cuttle.text.render import TableModel
from cuttle.ui.richpt import LinesControl, RichControl, rich_lines
from cuttle.ui.screen import TILES_HEIGHT, Board, log_text, too_small, wrap_whole
from cuttle.ui.screenstate import ScreenState
from cuttle.ui.statusbar import Piece, status_line

T = TypeVar("T")
MAX_ENTRIES = 4096  # log entries kept drawn (a few widths of a long game)


def leader(model: TableModel) -> int | None:
    """The opponent the bar watches: with two seats the other one; at three and four the
    opponent still in nearest their goal (public: scores and goals; the leader is everyone's
    target); ``None`` when no opponent is left."""
    me = model.bottom
    if model.seats == 2:
        return 1 - me
    partner = model.partner(me)
    rivals = [p for p in model.others() if p != partner and not model.is_out(p)]
    if not rivals:
        return None
    return min(rivals, key=lambda p: model.goals[p] - model.scores[p])


# windows over the board whose text is the same for every player (never a hand, a log or moves)
PUBLIC_PANELS = frozenset({"Help", "Watching", "Rules", "Legend", "Lessons: keys"})
KEPT_DRAWINGS = 32  # drawings kept by what they were drawn from (a few widths of each)


# the table's fields drawn elsewhere (the messages, the log, the bar), not on the board
OFF_THE_BOARD = frozenset({"status", "events", "footer", "actor"})


def board_key(model: TableModel) -> tuple[object, ...]:
    """What the board's regions and the bar's threat are drawn from: every field of the table
    but those ``OFF_THE_BOARD`` (a field added to the table is in it unless named there). Two
    tables with equal keys draw the same board."""
    return tuple(getattr(model, f.name) for f in dataclasses.fields(model)
                 if f.name not in OFF_THE_BOARD)


class ScreenLayout:
    """The containers of one full screen, drawn from ``state``."""

    def __init__(
        self,
        state: ScreenState,
        buffer: Buffer,
        on_pick_card: Callable[[int], None],
        on_wheel: Callable[[int], None],
    ) -> None:
        self.state = state
        self.buffer = buffer
        self.on_pick_card = on_pick_card  # a click on the card at this position of the hand
        self.on_wheel = on_wheel  # the mouse wheel over the log (lines, up is negative)
        self._entries: dict[tuple[str, int, bool, bool], list[StyleAndTextTuples]] = {}
        # (drawing, width) -> (what it was drawn from, the drawing): kept past a change of the
        # state that leaves it as it was (a table handed over while a step is on screen, the
        # same table again), so the frame finds the same objects and lays nothing out again
        self._kept: dict[tuple[str, int], tuple[object, Any]] = {}
        self.container = self._build()

    def _keep(self, name: str, width: int, source: object, make: Callable[[], T]) -> T:
        """The drawing ``name`` at ``width`` made from ``source`` (compared by ``==``): the one
        made before when ``source`` is equal to what that was made from, else made now."""
        kept = self._kept.get((name, width))
        if kept is not None and kept[0] == source:
            return kept[1]  # type: ignore[no-any-return]
        value = make()
        if len(self._kept) >= KEPT_DRAWINGS:
            self._kept.clear()
        self._kept[(name, width)] = (source, value)
        return value

    def _board(self, width: int) -> Board | None:
        model = self.state.shown()
        if model is None:
            return None
        selected = self.state.selected
        board: Board = self.state.memo("board", width, lambda: self._keep(
            "board", width, (board_key(model), selected), lambda: Board(model, width, selected)))
        return board

    def _region(self, name: str, width: int, board: Board, make: Callable[[], T]) -> T:
        """A region of ``board`` (the same object while the board is: see ``_keep``)."""
        return self.state.memo(name, width, lambda: self._keep(  # type: ignore[no-any-return]
            name, width, board, make))  # a board equals only itself

    def _opp(self, width: int) -> RenderableType | None:
        board = self._board(width)
        if board is None:
            return None
        if self._roomy():
            return self._region("opp-roomy", width, board, lambda: board.opponent(roomy=True))
        return self._region("opp", width, board, board.opponent)

    def _roomy(self) -> bool:
        """A table of three or four with the log beside it on a tall terminal: room to spare
        over the board, so the blocks show the other hands as card backs."""
        return self.state.seats() > 2 and self.state.wide() and (
            self.state.screen_size()[1] >= TILES_HEIGHT)

    def _middle(self, width: int) -> RenderableType | None:
        board = self._board(width)
        return None if board is None else self._region("mid", width, board, board.middle)

    def _own(self, width: int) -> RenderableType | None:
        board = self._board(width)
        if board is None:
            return None
        key = self._own_key()
        own = self._region(key, width, board, lambda: board.own(key == "own-tiles"))
        return own[0]  # type: ignore[no-any-return]

    def _own_key(self) -> str:
        """Your side is drawn as little cards on a tall terminal: one drawing for each."""
        return "own-tiles" if self.state.screen_size()[1] >= TILES_HEIGHT else "own"

    def _log_lines(self) -> list[str]:
        model = self.state.shown()
        return list(model.events) if model is not None else []

    def _log(self, width: int) -> list[StyleAndTextTuples]:
        """The log's rows: each entry drawn once (per width and boldness) and kept, so a long
        game costs no more to draw than a short one."""

        def draw(lines: list[str], fresh: int) -> list[StyleAndTextTuples]:
            st = self.state
            if not lines:
                keys = st.style.say(
                    st.log_placeholder
                    or "The log: every move of the game appears here.\n"
                    "Type a move (Tab lists them), or pick a card of your hand with ← → and "
                    "Enter. F1: help."
                )
                return rich_lines(Text(keys, style="dim"), width)
            bold_from = len(lines) - fresh
            rows: list[StyleAndTextTuples] = []
            for i, line in enumerate(lines):
                rows += self._entry_rows(line, width, i >= bold_from)
            return rows

        def make() -> list[StyleAndTextTuples]:
            st = self.state
            lines = self._log_lines()
            fresh = 1 if st.current_step() is not None else min(st.fresh, len(lines))
            return self._keep("log", width, (lines, fresh, st.style, st.log_placeholder),
                              lambda: draw(lines, fresh))

        return self.state.memo("log", width, make)  # type: ignore[no-any-return]

    def _entry_rows(self, line: str, width: int, bold: bool) -> list[StyleAndTextTuples]:
        """One entry of the log as drawn in the log (a bullet, the text wrapped under itself)."""
        st = self.state
        key = (line, width, bold, st.style.ascii)
        rows = self._entries.get(key)
        if rows is None:
            if len(self._entries) >= MAX_ENTRIES:
                self._entries.clear()
            text = st.style.say(line)
            rows = self._entries[key] = rich_lines(
                log_text([text], width, 1 if bold else 0, st.style.ascii), width
            )
        return rows

    def _log_scroll(self, count: int, height: int) -> int:
        most = max(0, count - height)
        self.state.log_back = min(self.state.log_back, most)
        return most - self.state.log_back

    def message_lines(self) -> list[tuple[str, str]]:
        """The lines above the input (text, style): the turn's state, notices, messages."""
        st = self.state
        say = st.style.say
        out: list[tuple[str, str]] = []
        step = st.current_step()
        if step is not None:
            keys = "Space: next · Esc: skip" if st.pace == "step" else "Space: skip"
            whose = "Opponent's turn"
            if step.model.seats > 2:
                actor = self._step_actor(step.model)
                whose = "The others' turns" if actor is None else (
                    f"{Person.of(step.model.names[actor]).possessive(start=True)} turn"
                )
            out.append((say(f"{whose}, step by step ({keys})"), "bold yellow"))
        elif st.thinking_text:
            out.append((say(st.thinking_text), "bold yellow"))
        elif st.tbl is not None and st.tbl.status and st.mode != "ask":
            out.append((say(st.tbl.status), "bold cyan"))
        if st.tbl is not None and st.tbl.footer:
            out += [(say(line), "dim") for line in st.tbl.footer.split("\n")]
        out += [(say(m), "") for m in st.messages[-3:]]
        if st.note:
            out.append((say(st.note), "italic"))
        return out[-4:]

    def _messages(self, width: int) -> RenderableType:
        def make() -> RenderableType:
            lines = self.message_lines()
            return Text("\n").join(
                Text("\n".join(wrap_whole(text, width)), style=style) for text, style in lines
            )

        return self.state.memo("msg", width, make)  # type: ignore[no-any-return]

    def status(self) -> StyleAndTextTuples:
        w = self.state.screen_size()[0]
        model = self.state.shown()
        # (text, rank): when the bar is too narrow the lowest ranks are kept first, in their
        # order. Whose turn, F1 and a threat to win next turn (rank 2) matter most: scores,
        # deck and seed are on the table as well.
        pieces: list[Piece] = []
        step = self.state.current_step()
        if self.state.handoff_view is not None:
            pieces.append(("Hot-seat: pass the keyboard", 0))
        elif model is not None:
            pos = model.pos
            p = pos.get("to_move")
            phase = phase_words(pos.get("phase"))
            actor = self._step_actor(model) if step is not None else None
            if step is not None and not step.own and model.viewer is not None:
                # another seat's turn is being told: the table's turn marker is already past it
                whose = "others' turns" if actor is None else f"{model.names[actor]}: turn"
                pieces.append((whose, 0))
            elif p is not None and pos.get("phase") != "over":
                pieces.append((f"{model.names[int(p)]}: {phase}", 0))
            elif pos.get("phase") == "over":
                pieces.append(("game over", 0))
            scores = [f"{model.names[s]} " + ("out" if model.is_out(s) else
                                              f"{model.scores[s]}/{model.goals[s]}")
                      for s in (model.bottom, *model.others())]
            if model.seats == 2:  # each score a piece of its own, dropped whole (as ever)
                pieces.extend((score, 4) for score in scores)
            else:  # one piece: the seats that do not fit are cut with "…", never dropped unseen
                pieces.append(([" · ".join(scores[:k]) + (" · …" if k < len(scores) else "")
                                for k in range(len(scores), 0, -1)], 4))
            pieces.append((f"deck {len(pos.get('deck', []))}", 5))
            if model.seed is not None:
                pieces.append((f"seed {model.seed}", 6))
            if (
                model.viewer is not None
                and step is None
                and pos.get("phase") != "over"
                and self.state.mode != "ask"
            ):
                forms, urgent = self.state.memo("threat", model.viewer, lambda: self._keep(
                    "threat", 0, board_key(model), lambda: self._threat_piece(model)))
                pieces.append((forms, 2 if urgent else 5))
        pieces += [(extra(), 3) for extra in self.state.status_extras]
        pieces.append(("F1 help", 1))
        pieces.append((f"pace {self.state.pace} F2", 7))
        if self.state.mode == "read" and self.state.offer_tab:
            pieces.append(("Tab moves", 8))
        # A threat too long for a narrow bar takes a shorter whole wording (at least who needs
        # how much); the legend and `threat` say the rest.
        return [("class:status", status_line(pieces, w, self.state.style))]

    @staticmethod
    def _step_actor(model: TableModel) -> int | None:
        """Whose move a step shows: the model's ``actor`` when the session says it; with two
        seats, the viewer's opponent (a step is never the viewer's own move told)."""
        if model.actor is not None:
            return model.actor
        if model.seats == 2 and model.viewer is not None:
            return 1 - model.viewer
        return None

    def _threat_piece(self, model: TableModel) -> tuple[list[str], bool]:
        """The threat's wordings for the bar (longest first), and whether the opponent it
        watches (``leader``: at three and four seats the one nearest their goal) has a way to
        win next turn; none while that opponent has no points and no king (no threat yet)."""
        from cuttle.ai.explain import threat_forms, win_ways

        assert model.viewer is not None
        lead = leader(model)
        if lead is None:
            return [], False
        ways = bool(win_ways(model.pos, lead))
        kings = any(rank_char(c) == "K" for c in model.pos["permanents"][lead])
        if not ways and not model.scores[lead] and not kings:
            return [], False  # no threat yet: "needs 21" of a fresh deal says nothing
        forms = threat_forms(model.pos, lead, model.names[lead])
        return forms, ways

    def threat(self, model: TableModel) -> str:
        """What the opponent could win with next turn, from the viewer's view (public only)."""
        from cuttle.text.threat import threat_line

        assert model.viewer is not None
        line = threat_line(model.pos, model.viewer, model.names)
        # the viewer's own need is already in the bar as a score: keep the opponent's threat
        return line.split(" · ", 1)[-1]

    def _prompt(self) -> StyleAndTextTuples:
        if self.state.mode in ("read", "ask"):
            return [("class:prompt", self.state.style.say(self.state.prompt))]
        if self.state.mode == "handoff":
            return [("class:prompt", "Enter> ")]
        return [("", "   ")]

    def _overlay_public(self) -> bool:
        """The window over the board shows what every player may see alike (help, rules)."""
        ov = self.state.overlay
        return ov is not None and ov.title in PUBLIC_PANELS

    def _overlay_body(self, width: int) -> RenderableType:
        ov = self.state.overlay
        if ov is None:
            return Text("")
        if not ov.menu:
            return self.state.memo("ovl", width, lambda: ov.body)  # type: ignore[no-any-return]

        def make() -> RenderableType:
            t = Text()
            num = len(str(len(ov.items)))
            for i, (text, meta) in enumerate(ov.items):
                if i:
                    t.append("\n")
                row = Text.assemble((f"{i + 1:>{num}} ", "bold cyan"), (text, "bold"))
                if meta:
                    row.append("  " + meta, style="dim")
                if i == ov.index:
                    row.stylize("reverse")
                row.truncate(width, overflow="ellipsis")
                t.append_text(row)
            return t

        return self.state.memo("ovl", width, make)  # type: ignore[no-any-return]

    def _overlay_scroll(self, count: int, height: int) -> int:
        ov = self.state.overlay
        if ov is None:
            return 0
        if ov.menu:
            if ov.index < ov.top:
                ov.top = ov.index
            elif ov.index >= ov.top + height:
                ov.top = ov.index - height + 1
        ov.top = max(0, min(ov.top, count - height))
        return ov.top

    def _overlay_title(self) -> str:
        ov = self.state.overlay
        if ov is None:
            return ""
        arrows = "up/down" if self.state.style.ascii else "↑↓"
        last = len(ov.items)
        number = "1" if last == 1 else f"1-{last}"  # a number picks (see type_in_menu)
        hint = f"{number} or {arrows} Enter · Esc" if ov.menu else (
            f"{arrows} PgUp/PgDn · Esc/q closes"
        )
        return self.state.style.say(f" {ov.title} ({hint}) ")

    def _frame(self, body: Window) -> AnyContainer:
        """A box with the overlay's title in its top edge (plain ASCII with --ascii)."""
        if not self.state.style.ascii:
            return Frame(body, title=self._overlay_title)
        edge = "class:frame.border"
        title = Window(
            FormattedTextControl(lambda: [("class:frame.label", self._overlay_title())]),
            dont_extend_width=True,
            height=1,
        )
        return HSplit(
            [
                VSplit(
                    [
                        Window(width=1, height=1, char="+", style=edge),
                        Window(width=2, height=1, char="-", style=edge),
                        title,
                        Window(height=1, char="-", style=edge),
                        Window(width=1, height=1, char="+", style=edge),
                    ],
                    height=1,
                ),
                VSplit(
                    [
                        Window(width=1, char="|", style=edge),
                        body,
                        Window(width=1, char="|", style=edge),
                    ]
                ),
                VSplit(
                    [
                        Window(width=1, height=1, char="+", style=edge),
                        Window(height=1, char="-", style=edge),
                        Window(width=1, height=1, char="+", style=edge),
                    ],
                    height=1,
                ),
            ]
        )

    def _build(self) -> FloatContainer:
        st = self.state
        self.opp_control = RichControl(self._opp)
        self.mid_control = RichControl(self._middle)
        self.own_control = RichControl(self._own, on_click=self._click_hand)
        self.log_control = LinesControl(self._log, scroll=self._log_scroll, on_wheel=self.on_wheel)
        self.msg_control = RichControl(self._messages)
        self.overlay_control = RichControl(
            self._overlay_body, scroll=self._overlay_scroll, focusable=True,
            shared=self._overlay_public,
        )
        self.input_window = Window(
            BufferControl(self.buffer, input_processors=[BeforeInput(self._prompt)]),
            height=1,
            get_horizontal_scroll=self._input_scroll,
        )
        self.overlay_window = Window(self.overlay_control, style="class:overlay")
        frame = self._frame(self.overlay_window)
        self.short_overlay_window = Window(
            self.overlay_control, style="class:overlay", height=self._overlay_rows
        )
        short_frame = self._frame(self.short_overlay_window)
        opp = Window(self.opp_control, height=self._exact(self.opp_control))
        mid = Window(self.mid_control, height=self._exact(self.mid_control))
        own = Window(self.own_control, height=self._exact(self.own_control))
        log = Window(self.log_control)
        log_under = ConditionalContainer(
            Window(self.log_control),
            filter=Condition(lambda: self._overlay_room() - 2 - self._overlay_rows() > 0),
        )
        bar = "|" if self.state.style.ascii else "│"
        side = Window(width=1, char=bar, style="fg:#5f5f5f")
        # wide: the opponent at the top, the table in the middle, your side just above the input;
        # at three and four seats a compact table in the middle of the column (the blocks are
        # short: spread over the height they left ten empty rows on each side)
        spread = HSplit([opp, Window(), mid, Window(), own])
        gap, pad = Dimension(min=0, max=3, preferred=3), Dimension(min=0, preferred=0)
        compact = HSplit([Window(height=pad), opp, Window(height=gap), mid,
                          Window(height=gap), own, Window(height=pad)])
        board_only = DynamicContainer(lambda: compact if self.state.seats() > 2 else spread)
        bottom = [
            ConditionalContainer(
                Window(self.msg_control, dont_extend_height=True),
                filter=Condition(lambda: bool(self.message_lines())),
            ),
            self.input_window,
            Window(FormattedTextControl(self.status), height=1, style="class:status"),
        ]
        wide_log = VSplit([board_only, side, Window(self.log_control, width=self.state.log_width)])
        bodies: dict[str, Container] = {
            "narrow": HSplit([opp, mid, own, log, *bottom]),
            # an overlay takes the log's place, or the whole board when the log is too short
            "narrow+overlay": HSplit([opp, mid, own, short_frame, log_under, *bottom]),
            "overlay": HSplit([frame, *bottom]),
            "wide": HSplit([wide_log, *bottom]),
            "wide+overlay": HSplit(
                [
                    VSplit(
                        [
                            board_only,
                            side,
                            HSplit([short_frame, log_under], width=self.state.log_width),
                        ]
                    ),
                    *bottom,
                ]
            ),
            "handoff": HSplit([Window(RichControl(lambda w: st.handoff_view)), *bottom]),
            "small": HSplit(
                [
                    Window(RichControl(lambda w: too_small(*st.screen_size(), st.style,
                                                           st.seats()))),
                    *bottom,
                ]
            ),
        }
        return FloatContainer(
            DynamicContainer(lambda: bodies[self.arrangement()]),
            floats=[
                Float(
                    CompletionsMenu(max_height=8, scroll_offset=1),
                    xcursor=True,
                    ycursor=True,
                ),
            ],
        )

    def _exact(self, control: RichControl) -> Callable[[], Dimension]:
        """A board region is exactly as tall as its text: the log and windows give way first."""
        return lambda: Dimension.exact(len(control.lines(self.state.board_width())))

    def _overlay_room(self) -> int:
        """Rows for a window and what is left of the log under it."""
        if self.state.wide():
            return self.state.screen_size()[1] - len(self.message_lines()) - 2
        return self._below_board()

    def _overlay_rows(self) -> int:
        """A window over the log as tall as its text, leaving the log's last lines below it."""
        width = (self.state.log_width() if self.state.wide() else self.state.screen_size()[0]) - 2
        lines = len(self.overlay_control.lines(width))
        return max(1, min(lines, self._overlay_room() - 2))

    def _input_scroll(self, window: Window) -> int:
        """Scroll the input line only as far as the cursor needs (the prompt back at 0)."""
        width = self.state.screen_size()[0]
        cursor = sum(len(t) for _, t, *_ in self._prompt()) + self.buffer.cursor_position
        return max(0, cursor - width + 2)

    def arrangement(self) -> str:
        """Which arrangement of the regions the screen uses now."""
        if not self.state.big_enough():
            return "small"
        if self.state.handoff_view is not None:  # a quit question asked there keeps it
            return "handoff"
        overlay = bool(self.state.overlays)
        if overlay and self.state.overlays[-1].full:
            return "overlay"
        if self.state.wide():
            return "wide+overlay" if overlay else "wide"
        if not overlay:
            return "narrow"
        # a window takes the whole screen when the log's place is too short for it, except one
        # that must leave the board visible (the result over the final board): a frame and a row
        least = 3 if self.state.overlays[-1].beside else 8
        return "narrow+overlay" if self._below_board() >= least else "overlay"

    def _below_board(self) -> int:
        """Rows left under the board for the log (narrow layout)."""
        w, h = self.state.screen_size()
        used = sum(len(c.lines(w)) for c in (self.opp_control, self.mid_control, self.own_control))
        return h - used - len(self.message_lines()) - 2

    def overlay_target(self) -> Window:
        """The overlay's window that is on screen now (two arrangements, one each)."""
        if self.arrangement() in ("narrow+overlay", "wide+overlay"):
            return self.short_overlay_window
        return self.overlay_window

    def _click_hand(self, x: int, y: int) -> None:
        own = self.state.cache.get((self._own_key(), self.state.board_width()))
        if own is None or self.state.mode != "read":
            return
        _, layout, first = own
        index = layout.index_at(x, y - first)
        if index is not None:
            self.on_pick_card(index)
