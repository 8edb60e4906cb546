"""Lessons inside the full-screen game: ``cuttle learn`` on a terminal.

The lessons use the screen of ``cuttle play`` (``AppIO``): the lesson's table on the board, the
lesson's words and every move of the try in the log pane, the task on the line above the input,
the answer to each line under the board (an illegal move's reason, why a tempting wrong line
fails, the hint, the solution). The AI's replies inside the turn are told step by step at the
game's pace. The lesson itself is the same ``LessonRun`` as in plain mode: this module only decides
where its words go. The menu of lessons is a window over the log (arrows and Enter, or a number);
a solved lesson opens it again with the next lesson selected.
"""

from __future__ import annotations

from typing import Literal

from rich.console import Group, RenderableType
from rich.text import Text

from cuttle import Move
from cuttle.learn.lessons import Lesson, find_lesson
from cuttle.learn.progress import load_done, mark_done
from cuttle.learn.run import (
    AGAIN,
    HELP_WORDS,
    MOVES_WORDS,
    RETRY_WORDS,
    TABLE_WORDS,
    LessonRun,
    clean,
)
from cuttle.text import intent
from cuttle.text.cardtext import CardStyle
from cuttle.text.describe import move_meta
from cuttle.text.intent import normalize_input
from cuttle.text.render import TableModel, changed_cards
from cuttle.text.tablemodel import game_model
from cuttle.ui.app import AppIO

Ending = Literal["solved", "menu", "quit"]
MENU_TIP = (
    "Cuttle lessons: each is a table from a real game and a task the engine checks.\n"
    "Choose one in the window: ↑ ↓ and Enter, or its number; Esc closes it, q quits."
)
MENU_HELP = (
    "Cuttle lessons: each is a table from a real game and a task the engine checks.\n\n"
    "In the lessons window: ↑ ↓ and Enter open a lesson, or type its number (or a name or a "
    "topic: ace, counter); Enter alone opens the next lesson not done; Esc closes a window, q "
    "quits.\n\nInside a lesson F1 shows its words and the keys; menu comes back here."
)
TRY_AGAIN = "Try again, or type solution."
KEYS = (
    "Type a move (Tab lists them; ← → and Enter pick a card of your hand), or: moves, hint, "
    "solution (the answer and why), retry, scrap, legend (or ?), menu (the lessons), quit. "
    "F1 shows this page again."
)


class LessonScreen:
    """The lessons menu and one lesson at a time; runs on the app's worker thread."""

    def __init__(self, io: AppIO, lessons: list[Lesson], style: CardStyle) -> None:
        self.io = io
        self.lessons = lessons
        self.style = style
        self.run: LessonRun | None = None
        self.log: list[str] = []
        self.moves: list[tuple[str, str]] = []  # Tab completion while a lesson waits for a move
        self.shown: dict | None = None  # the table as last shown (for the changed cards)
        self.moved = 0  # moves played by the line being handled

    # -- the whole session --------------------------------------------------------------------
    def main(self, first: Lesson | None) -> int:
        """The menu (or ``first``), lessons, back to the menu, until the student quits."""
        self.io.log_placeholder = self.style.say(MENU_TIP)
        self.io.start_game(lambda: self.moves)
        lesson = first if first is not None else self.pick(None)
        while lesson is not None:
            ending = self.play(lesson, from_menu=first is None)
            if ending == "quit":
                break
            lesson = self.after(lesson) if ending == "solved" else self.pick(None)
            first = None  # from here on, leaving a lesson goes back to the menu
        return 0

    def _next(self, solved: Lesson | None) -> Lesson | None:
        """The first lesson not done, looking from the one after ``solved``."""
        done, _ = load_done()
        after = self.lessons.index(solved) + 1 if solved in self.lessons else 0
        order = self.lessons[after:] + self.lessons[:after]
        return next((x for x in order if x.slug not in done), None)

    def after(self, solved: Lesson) -> Lesson | None:
        """A lesson solved: its table stays on screen; Enter opens the next one."""
        self.moves = []
        self.io.offer_tab = False
        nxt = self._next(solved)
        then = f"Enter: lesson {nxt.id}, {nxt.title}; " if nxt else "All lessons done! "
        self.io.set_note(self.style.say(f"{then}retry; menu: the lessons; q: quit."))
        while True:
            try:
                answer = clean(self.io.read(f"lesson {solved.id} solved> ")).lower()
            except (EOFError, KeyboardInterrupt):
                return None
            if answer in ("q", "quit", "exit"):
                return None
            if answer in ("menu", "m", "l", "lessons") or (not answer and nxt is None):
                return self.pick(solved)
            if answer in RETRY_WORDS:
                return solved
            lesson = nxt if not answer else find_lesson(self.lessons, answer)
            if lesson is not None:
                return lesson
            self.io.message(f"No lesson {answer[:40]!r}: 1 to {len(self.lessons)}, or menu.")

    def pick(self, solved: Lesson | None) -> Lesson | None:
        """The menu: None when the student quits. After a solved lesson the next one not done
        is selected, so Enter goes on."""
        self.moves = []
        self.io.offer_tab = False  # Tab lists moves, and the menu has none
        self.io.set_note("")
        keys = False  # the menu's help page, over the menu
        while True:
            done, warning = load_done()
            if warning:
                self.io.message(self.style.say(f"Note: {warning}"))
            nxt = self._next(solved)
            items = [
                (self.style.say(x.title), "done" if x.slug in done else "") for x in self.lessons
            ]
            title = f"Cuttle lessons ({len(done & {x.slug for x in self.lessons})} of "
            title += f"{len(self.lessons)} done)"
            index = self.lessons.index(nxt) if nxt is not None else 0
            self.io.open_menu(title, items, [str(x.id) for x in self.lessons], index, "q")
            if keys:
                self.io.panel("Lessons: keys", Text(self.style.say(MENU_HELP)))
            default = f"Enter for {nxt.id}, " if nxt else ""
            try:
                answer = clean(self.io.read(f"Lesson ({default}q quits)> ")).lower()
            except (EOFError, KeyboardInterrupt):
                return None
            if answer in ("q", "quit", "exit"):
                return None
            keys = answer in (*HELP_WORDS, "legend")  # F1, help; ? sends legend
            if keys:
                continue
            lesson = nxt if not answer else find_lesson(self.lessons, answer)
            if lesson is not None:
                return lesson
            if answer:
                self.io.message(f"No lesson {answer[:40]!r}: 1 to {len(self.lessons)}.")

    # -- one lesson ---------------------------------------------------------------------------
    def play(self, lesson: Lesson, from_menu: bool) -> Ending:
        """One lesson until it is solved or the student leaves it."""
        run = self.run = LessonRun(lesson, self.style)
        run.watch = self._watch
        rules = "" if lesson.rules == "classic" else f" ({lesson.rules} rules)"
        self.log = [f"Lesson {lesson.id}: {lesson.title}{rules}"]
        self.log += [self.style.say(p) for p in lesson.text]
        self.log += self._deck_top()
        self.log.append(run.task_text())
        self.io.start_game(lambda: self.moves)
        self.io.offer_tab = True
        self.io.set_note(run.task_text())
        self.shown = None
        self._table()
        while not run.done:
            try:
                line = self.io.read(run.prompt())
            except (EOFError, KeyboardInterrupt):
                return "menu" if from_menu else "quit"
            self._line(line)
            if clean(line).lower() == "menu":
                return "menu"
        if not run.solved:
            return "menu" if from_menu else "quit"
        warning = mark_done(lesson.slug)
        if warning:
            self.io.message(self.style.say(f"Note: {warning}"))
        return "solved"

    def _line(self, raw: str) -> None:
        """One line typed in a lesson: the screen's own commands, else the lesson's."""
        run = self.run
        assert run is not None
        word = clean(raw).lower()
        if word in HELP_WORDS or word in TABLE_WORDS:
            self.io.panel(f"Lesson {run.lesson.id}", self._page())
            return
        if word == "scrap":
            scrap = list(run.game.to_position().get("scrap", []))
            body = Text.assemble((f"Scrap ({len(scrap)}, oldest first): ", "bold"))
            body.append_text(self.style.cards(scrap) if scrap else Text("empty"))
            self.io.panel("Scrap", body)
            return
        if word in MOVES_WORDS:
            self._menu_of(list(run.game.legal_moves()), "Legal moves")
            return
        if word == "legend":
            from cuttle.text.threat import legend_for

            self.io.panel("Legend", Text("\n".join(legend_for(self._pos())[1:])))
            return
        line = self._loose(clean(raw))
        if line is None:
            return
        self.moved = 0
        out = run.respond(line)
        if word in RETRY_WORDS:
            out = out[:1]
            self.log.append(self.style.say("Back to the start."))
        elif self.moved:
            out = out[self.moved :]  # the verdict, when the turn is over
            if out:  # the verdict goes to the log, what follows it under the board: said once
                self.log.append(out.pop(0))
            if not run.played and not run.solved:
                self.log.append(self.style.say("Back to the start."))
                out = [TRY_AGAIN if text == AGAIN else text for text in out]
        for text in out:
            self.io.message(text)
        self._table()

    def _loose(self, line: str) -> str | None:
        """A loose form of a move (``7d``, ``scuttle 9 7``) as the notation, as in the game;
        a form that names several moves opens them as a menu (None: nothing more to do)."""
        run = self.run
        assert run is not None
        line, wrong_seat = intent.seat_refs(line, run.names)  # ``>partner``: its number
        if wrong_seat is not None:
            self.io.message(wrong_seat)
            return None
        try:
            Move.parse(line)
            return line
        except ValueError:
            pass
        found = intent.read_move(normalize_input(line), run.game.legal_moves(), self.style.plain)
        if found is None or run.game.to_move != run.lesson.student:
            return line
        if found.kind == "play" and found.move is not None:
            return str(found.move)
        if found.kind == "list":
            self._menu_of(found.moves, found.title)
            return None
        self.io.message(found.text)
        return None

    def _menu_of(self, moves: list[Move], title: str) -> None:
        meta = dict(self.moves)
        items = [(self.style.words(str(m)), meta.get(str(m), "")) for m in moves]
        self.io.open_menu(title, items, [str(m) for m in moves])

    def _page(self) -> RenderableType:
        """The lesson's words, the task and the keys (F1, ``help``)."""
        run = self.run
        assert run is not None
        head = Text(self.style.say(f"Lesson {run.lesson.id}: {run.lesson.title}"), style="bold")
        parts: list[RenderableType] = [head, *(Text(self.style.say(p)) for p in run.lesson.text)]
        parts += [Text(line) for line in self._deck_top()]
        parts.append(Text(run.task_text(), style="bold"))
        parts.append(Text(self.style.say(KEYS), style="dim"))
        return Group(*[x for part in parts for x in (part, Text(""))][:-1])

    def _deck_top(self) -> list[str]:
        run = self.run
        assert run is not None
        deck = run.lesson.position.get("deck") or []
        if not (deck and run.lesson.show.get("deck_top")):
            return []
        return [self.style.say(f"The top card of the deck is {self.style.plain(deck[0])}.")]

    # -- the board ----------------------------------------------------------------------------
    def _names(self) -> tuple[str, ...]:
        assert self.run is not None
        return self.run.names

    def _pos(self) -> dict:
        """The student's view; the AI's hand face up when the lesson shows it."""
        run = self.run
        assert run is not None
        g, me = run.game, run.lesson.student
        pos = g.view(me)
        if run.lesson.show.get("ai_hand", True):
            hands = g.to_position()["hands"]
            for seat in range(g.players):
                if seat != me:
                    pos["hands"][seat] = list(hands[seat])
        pos.setdefault("rules", str(g.rules))
        return pos

    def _model(self, status: str | None = None) -> TableModel:
        run = self.run
        assert run is not None
        return game_model(run.game, run.lesson.student, self._names(), self.style,
                          pos=self._pos(), status=status, events=self.log)

    def _table(self) -> None:
        """The table as it is now, and the moves Tab offers."""
        run = self.run
        assert run is not None
        model = self._model(None if not run.solved else "")
        self.shown = model.pos
        g, me = run.game, run.lesson.student
        self.moves = []
        if g.outcome is None and g.to_move == me and not run.solved:
            names = self._names()
            for m in g.legal_moves():
                meta = move_meta(str(m), model.pos, me, names, self.style)
                self.moves.append((str(m), self.style.say(meta)))
        self.io.table(model)

    def _watch(self, player: int, text: str) -> None:
        """A move was played: into the log, and on the board with the cards it moved marked
        (the AI's replies stay on screen at the game's pace)."""
        assert self.run is not None
        self.moved += 1
        self.log.append(text)
        model = self._model("")
        if self.shown is not None:
            model.highlight = changed_cards(self.shown, model.pos)
        self.shown = model.pos
        self.io.event(model, player == self.run.lesson.student)


def run_learn_app(
    lessons: list[Lesson],
    first: Lesson | None,
    style: CardStyle,
    *,
    color: bool = True,
    pace: str = "normal",
    io: AppIO | None = None,
) -> int:
    """``cuttle learn [LESSON]`` full screen; returns the exit status."""
    io = io or AppIO(style, color=color, pace=pace)
    rc = io.run(lambda: LessonScreen(io, lessons, style).main(first))
    return 0 if rc is None else int(rc)
