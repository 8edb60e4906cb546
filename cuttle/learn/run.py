"""One lesson as a loop of text in, text out: ``LessonRun.handle(line) -> lines``.

The loop holds the game and never prints: the plain-text menu (``menu``) prints what it
returns, and a full-screen app can show the same lines in its own panes. The student's moves go to
the engine; the AI's replies inside the turn (a counter, a discard) are chosen so that they refute
the student's play when any reply can, which makes "solved" mean "solved against every reply".
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field

from cuttle import Game, IllegalMoveError, Move
from cuttle.learn.lessons import Lesson, achieved, failures, task_check
from cuttle.learn.solve import refutation, turn_over
from cuttle.text.cardtext import CardStyle
from cuttle.text.describe import describe_play
from cuttle.text.intent import MAX_LINE, seat_refs
from cuttle.text.safetext import clean_line
from cuttle.words import count

NAMES = ("You", "AI")


def seat_names(players: int, student: int, teams: bool = False) -> tuple[str, ...]:
    """Each seat's name in a lesson: ``You`` for the student, ``AI`` for the one opponent of
    two; at three or four ``AI 1``, ``AI 2``... round the table from you, and ``Partner``."""
    if players == 2:
        return (NAMES[0], NAMES[1]) if student == 0 else (NAMES[1], NAMES[0])
    names = [""] * players
    number = 0
    for step in range(players):
        seat = (student + step) % players
        if step == 0:
            names[seat] = NAMES[0]
        elif teams and step == 2:
            names[seat] = "Partner"
        else:
            number += 1
            names[seat] = f"AI {number}"
    return tuple(names)
# The commands a lesson understands besides moves (a screen may take some of them itself).
HELP_WORDS = ("help", "?", "h")
QUIT_WORDS = ("quit", "q", "exit", "menu")
TABLE_WORDS = ("table", "look", "t")
SOLUTION_WORDS = ("solution", "solve", "answer", "show")
RETRY_WORDS = ("retry", "reset", "again", "restart")
MOVES_WORDS = ("moves", "m", "ls")
# Told of each move as it is played: the player's seat and the move in words.
Watcher = Callable[[int, str], None]
WIDTH = 78
AGAIN = "Back to the start: try again, or type solution."
HELP = (
    "Type a move (scuttle 8S 7H, points 6D, oneoff AC, ...), or: "
    "moves (the legal moves), table, hint, solution, retry, quit."
)


def clean(raw: str) -> str:
    """A typed line with control characters gone and spaces collapsed, at most 200 characters."""
    return clean_line(raw, MAX_LINE)


def ai_reply(lesson: Lesson, game: Game, used: list[str]) -> Move:
    """The AI's move inside the student's turn: a refutation if one exists, else the lesson's
    scripted reply, else letting the stack resolve, else the first legal move."""
    legal = game.legal_moves()
    found = refutation(game, lesson.student, task_check(lesson))
    if found is not None:
        return found
    for text in lesson.replies:
        move = Move.parse(text)
        if move in legal and text not in used:
            used.append(text)
            return move
    for move in legal:
        if str(move) == "resolve":
            return move
    return legal[0]


@dataclass
class LineResult:
    """A line of student moves played out: the final game, the AI's replies, and the verdict."""

    game: Game
    replies: list[str] = field(default_factory=list)
    finished: bool = False
    problems: list[str] = field(default_factory=list)


def play_line(lesson: Lesson, moves: list[str]) -> LineResult:
    """Play the student's ``moves`` (AI replies in between) until the turn ends or moves run out.

    Raises IllegalMoveError (with the engine's reason) for an illegal student move.
    """
    game = lesson.new_game()
    start = game.turn_player
    result = LineResult(game)
    used: list[str] = []
    todo = list(moves)
    while not turn_over(game, start):
        if game.to_move == lesson.student:
            if not todo:
                return result
            game.play(todo.pop(0))
        else:
            move = ai_reply(lesson, game, used)
            result.replies.append(str(move))
            game.play(move)
    result.finished = not todo
    result.problems = failures(lesson, game)
    return result


class LessonRun:
    """A lesson in progress: feed it lines, show what it returns."""

    def __init__(self, lesson: Lesson, style: CardStyle | None = None) -> None:
        self.lesson = lesson
        self.style = style or CardStyle()
        self.solved = False
        self.left = False
        self.tries = 0
        self.watch: Watcher | None = None  # a screen that shows each move as it happens
        self._reset()

    def _reset(self) -> None:
        self.game = self.lesson.new_game()
        self.start_player = self.game.turn_player
        self.names = seat_names(self.game.players, self.lesson.student, self.game.rules.teams)
        self.played: list[str] = []
        self.used: list[str] = []

    @property
    def done(self) -> bool:
        """Solved, or the student left."""
        return self.solved or self.left

    def say(self, text: str) -> str:
        return self.style.say(text)

    # -- what to show ------------------------------------------------------------------------
    def intro(self) -> list[str]:
        """The lesson's title, words, task and table."""
        lesson = self.lesson
        rules = "" if lesson.rules == "classic" else f" ({lesson.rules} rules)"
        out = [f"Lesson {lesson.id}: {lesson.title}{rules}", ""]
        for paragraph in lesson.text:
            out += textwrap.wrap(self.say(paragraph), WIDTH)
        out += ["", *self.table(), "", self.task_text()]
        out += textwrap.wrap(HELP, WIDTH)
        return out

    def task_text(self) -> str:
        """``Your task: ...``."""
        return self.say(f"Your task: {self.lesson.task}")

    def table(self) -> list[str]:
        """The table in a few lines; the AI's hand shows when the lesson opens it."""
        g = self.game
        pos = g.to_position()
        s = self.style
        lines = []
        me = self.lesson.student
        names = self.names
        for seat in [*(s for s in range(g.players) if s != me), me]:
            name = names[seat]
            points = " ".join(self._entry(e) for e in pos["points"][seat]) or "none"
            kings = g.kings(seat)
            mark = f" ({kings}K)" if kings else ""
            head = f"{name}: {g.score(seat)}/{g.goal(seat)}{mark} points: {points}"
            perms = " ".join(s.plain(c) for c in pos["permanents"][seat])
            if perms:
                head += f" · permanents: {perms}"
            hand = pos["hands"][seat]
            if seat == self.lesson.student or self.lesson.show.get("ai_hand", True):
                shown = " ".join(s.plain(c) for c in hand) or "empty"
            else:
                shown = " ".join(s.back for _ in hand) + " (hidden)"
            lines.append(self.say(f"{head} · hand: {shown}"))
        deck = pos["deck"]
        bottom = f"Deck: {count(len(deck), 'card', digits=True)}"
        if deck and self.lesson.show.get("deck_top"):
            bottom += f" (top: {s.plain(deck[0])})"
        scrap = " ".join(s.plain(c) for c in pos["scrap"]) or "empty"
        bottom += f" · Scrap: {scrap}"
        lines.append(self.say(bottom))
        if pos.get("stack"):
            items = [f"{names[e['player']]}: {s.words(e['move'])}" for e in pos["stack"]]
            lines.append(self.say("On the stack (oldest first): " + "; ".join(items)))
        return lines

    def _entry(self, entry: str) -> str:
        base, *jacks = entry.split("+")
        text = self.style.plain(base)
        if jacks:
            text += "[" + " ".join(self.style.plain(j) for j in jacks) + "]"
        return text

    def prompt(self) -> str:
        """The input prompt."""
        return f"lesson {self.lesson.id}> "

    def solution_text(self) -> list[str]:
        """The solution, with why it works."""
        moves = ", then ".join(self.style.words(m) for m in self.lesson.solution)
        return [self.say(f"Solution: {moves}."), self.say(self.lesson.explain)]

    # -- input -------------------------------------------------------------------------------
    def handle(self, raw: str) -> list[str]:
        """One line of input; returns what to show, in lines of at most WIDTH characters (longer
        ones continue on an indented line). Bad input changes nothing."""
        out: list[str] = []
        for line in self.respond(raw):
            out += textwrap.wrap(line, WIDTH, subsequent_indent="  ") or [""]
        return out

    def respond(self, raw: str) -> list[str]:
        """One line of input; returns what to show, one paragraph a string (not wrapped: a
        screen wraps them to its own width). Bad input changes nothing."""
        line = clean(raw)
        word = line.lower()
        if not line:
            return []
        if word in HELP_WORDS:
            return [HELP]
        if word in QUIT_WORDS:
            self.left = True
            return []
        if word in TABLE_WORDS:
            return self.table()
        if word in SOLUTION_WORDS:
            return self.solution_text()
        if word == "hint":
            first = self.lesson.solution[len(self.played)] if len(self.played) < len(
                self.lesson.solution) else self.lesson.solution[0]
            card = first.split()[1] if len(first.split()) > 1 else ""
            what = f"Look at what {self.style.plain(card)} can do." if card else f"Try: {first}."
            return [self.say(f"Hint: {what} (solution shows the whole answer)")]
        if word in RETRY_WORDS:
            self._reset()
            return ["Back to the start.", *self.table()]
        if word in MOVES_WORDS:
            moves = [self.style.words(str(m)) for m in self.game.legal_moves()]
            return [self.say("Legal moves: " + ", ".join(moves))]
        return self.move(line)

    def move(self, text: str) -> list[str]:
        """Play the student's move, the AI's replies, and judge the turn when it is over."""
        text, wrong_seat = seat_refs(text, self.names)  # ``>partner``: the seat's number
        if wrong_seat is not None:
            return [self.say(wrong_seat)]
        try:
            move = Move.parse(text)
        except ValueError as exc:
            return [self.say(f"Not a move: {exc}. {HELP}")]
        before = self.game.to_position()
        ply = len(self.game.history)
        try:
            self.game.play(move)
        except IllegalMoveError as exc:
            out = [self.say(f"Illegal: {exc}.")]
            why = self._wrong_why([*self.played, str(move)])
            if why:
                out.append(self.say(why))
            return out
        self.played.append(str(move))
        out = [self._describe(before, self.lesson.student, str(move), ply)]
        while not turn_over(self.game, self.start_player) and (
            self.game.to_move != self.lesson.student
        ):
            reply = ai_reply(self.lesson, self.game, self.used)
            before = self.game.to_position()
            ply = len(self.game.history)
            player = self.game.to_move
            assert player is not None  # the turn is not over
            self.game.play(reply)
            out.append(self._describe(before, player, str(reply), ply))
        if not turn_over(self.game, self.start_player):
            return out
        return out + self._judge()

    def _describe(self, before: dict, player: int, move: str, ply: int) -> str:
        after = self.game.to_position()
        entry = describe_play(before, after, player, move, self.names, self.style, ply + 1)
        text = self.say(entry.text_for(self.lesson.student) + ".")
        if self.watch is not None:
            self.watch(player, text)
        return text

    def _wrong_why(self, moves: list[str]) -> str | None:
        for wrong in self.lesson.wrong:
            listed = [str(Move.parse(m)) for m in wrong.moves]
            if listed == moves:
                return wrong.why
        return None

    def explanation(self) -> str:
        """Why the line just played solves the task: the lesson's explanation for its solution,
        a listed other solution's own, else what the table shows, and the lesson's answer."""
        played = [_norm(m) for m in self.played]
        lesson = self.lesson
        if played == [_norm(m) for m in lesson.solution]:
            return lesson.explain
        for other in lesson.also:
            if played == [_norm(m) for m in other.moves]:
                return other.explain
        done = "; ".join(achieved(lesson, self.game, self.style.words))
        answer = ", then ".join(self.style.words(m) for m in lesson.solution)
        return f"That works too: {done}. The lesson's own answer: {answer}. {lesson.explain}"

    def _judge(self) -> list[str]:
        self.tries += 1
        problems = failures(self.lesson, self.game, self.style.words)
        if not problems:
            self.solved = True
            return [self.say(f"Solved! {self.explanation()}")]
        out = [self.say("Not yet: " + "; ".join(problems) + ".")]
        why = self._wrong_why(self.played)
        if why:
            out.append(self.say(why))
        self._reset()
        out.append(AGAIN)
        return out


def _norm(move: str) -> str:
    """A move text in the engine's notation (``scuttle 10d 7h`` -> ``scuttle TD 7H``)."""
    try:
        return str(Move.parse(move))
    except ValueError:
        return move
