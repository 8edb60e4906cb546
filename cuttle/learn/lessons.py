"""The lessons as data: loading and validating ``cuttle-lesson/1`` files, and their tasks.

A lesson file is package data, but it is read like any file: its shape is checked and a broken one
raises ``LessonError`` naming the file, never a traceback. A task is a set of conditions on the
table when the student's turn is over, all decided by the engine (``solve.py`` for the ones about
the AI's next turn).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from cuttle import Game
from cuttle.cards import parse_card
from cuttle.learn.solve import opponent_won, side_won, winning_moves, wins_next_turn
from cuttle.words import count, plural

LESSON_FORMAT = "cuttle-lesson/1"
MAX_LESSON_BYTES = 100_000
CONDITIONS = (
    "won",
    "safe",
    "in_hand",
    "not_in_hand",
    "hand_size",
    "controls",
    "permanent",
)


class LessonError(ValueError):
    """A lesson file that cannot be used; the message names it and says why."""


@dataclass(frozen=True)
class WrongMove:
    """A tempting wrong line of play and why it fails."""

    moves: tuple[str, ...]
    why: str


@dataclass(frozen=True)
class OtherSolution:
    """Another line that solves the task, and why (told instead of the lesson's explanation)."""

    moves: tuple[str, ...]
    explain: str


@dataclass(frozen=True)
class Lesson:
    """One lesson: words, a table, a task the engine checks, a solution and wrong moves."""

    id: int
    slug: str
    title: str
    topics: tuple[str, ...]
    text: tuple[str, ...]
    task: str
    check: dict[str, Any]
    solution: tuple[str, ...]
    explain: str
    position: dict[str, Any]
    wrong: tuple[WrongMove, ...] = ()
    replies: tuple[str, ...] = ()
    show: dict[str, bool] = field(default_factory=dict)
    also: tuple[OtherSolution, ...] = ()

    @property
    def student(self) -> int:
        """The student's seat: the one to move when the lesson starts."""
        return int(self.position.get("to_move", self.position.get("turn_player", 0)))

    @property
    def rules(self) -> str:
        return str(self.position.get("rules", "classic"))

    def new_game(self) -> Game:
        """The lesson's table as a fresh game."""
        return Game.from_position(self.position)

    def summary(self) -> dict[str, Any]:
        """The ``--list --json`` entry."""
        return {"id": self.id, "title": self.title, "topics": list(self.topics)}


def _strings(value: Any, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"{what} must be a list of strings")
    for v in value:
        _printable(v, what)
    return tuple(value)


def _printable(text: str, what: str) -> None:
    """Lesson words reach the terminal: no control characters, no runaway lengths."""
    if len(text) > 2000 or not all(ch.isprintable() for ch in text):
        raise ValueError(f"{what}: text with control characters or too long")


def _check_cards(cards: Any, what: str) -> None:
    for c in _strings(cards, what):
        parse_card(c)


def parse_lesson(data: Any) -> Lesson:
    """Validate one lesson's JSON data; ValueError says what is wrong."""
    if not isinstance(data, dict):
        raise ValueError("expected a JSON object")
    if data.get("format") != LESSON_FORMAT:
        raise ValueError(f"format is {data.get('format')!r}, expected {LESSON_FORMAT!r}")
    for key in ("slug", "title", "task", "explain"):
        if not isinstance(data.get(key), str) or not data[key].strip():
            raise ValueError(f"{key} must be a non-empty string")
        _printable(data[key], key)
    ident = data.get("id")
    if not isinstance(ident, int) or isinstance(ident, bool) or ident < 1:
        raise ValueError("id must be a positive integer")
    check = data.get("check")
    if not isinstance(check, dict) or not check:
        raise ValueError("check must be a non-empty object")
    unknown = sorted(set(check) - set(CONDITIONS))
    if unknown:
        what = plural("check condition", len(unknown))
        raise ValueError(f"unknown {what}: {', '.join(unknown)}")
    for key in ("in_hand", "not_in_hand", "controls", "permanent"):
        if key in check:
            _check_cards(check[key], f"check.{key}")
    if "hand_size" in check and not isinstance(check["hand_size"], int):
        raise ValueError("check.hand_size must be an integer")
    wrong = []
    for i, w in enumerate(data.get("wrong", [])):
        if not isinstance(w, dict) or not isinstance(w.get("why"), str):
            raise ValueError(f"wrong[{i}] needs moves and a why")
        _printable(w["why"], f"wrong[{i}].why")
        wrong.append(WrongMove(_strings(w.get("moves"), f"wrong[{i}].moves"), w["why"]))
    also = []
    for i, a in enumerate(data.get("also", [])):
        if not isinstance(a, dict) or not isinstance(a.get("explain"), str):
            raise ValueError(f"also[{i}] needs moves and an explain")
        _printable(a["explain"], f"also[{i}].explain")
        also.append(OtherSolution(_strings(a.get("moves"), f"also[{i}].moves"), a["explain"]))
    show = data.get("show", {})
    if not isinstance(show, dict) or not all(isinstance(v, bool) for v in show.values()):
        raise ValueError("show must map names to true or false")
    position = data.get("position")
    if not isinstance(position, dict):
        raise ValueError("position must be a cuttle-position object")
    lesson = Lesson(
        id=ident,
        slug=data["slug"],
        title=data["title"],
        topics=_strings(data.get("topics"), "topics"),
        text=_strings(data.get("text"), "text"),
        task=data["task"],
        check=dict(check),
        solution=_strings(data.get("solution"), "solution"),
        explain=data["explain"],
        position=position,
        wrong=tuple(wrong),
        replies=_strings(data.get("replies", []), "replies"),
        show=dict(show),
        also=tuple(also),
    )
    lesson.new_game()  # the engine validates the table (ValueError)
    return lesson


def load_lessons() -> list[Lesson]:
    """Every packaged lesson, by id; LessonError names a broken file."""
    folder = resources.files("cuttle.learn").joinpath("lessons")
    lessons = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".json"):
            continue
        try:
            raw = entry.read_bytes()
            if len(raw) > MAX_LESSON_BYTES:
                raise ValueError("too large for a lesson")
            lessons.append(parse_lesson(json.loads(raw.decode("utf-8"))))
        except (ValueError, UnicodeDecodeError) as exc:
            raise LessonError(f"lesson file {entry.name}: {exc}") from None
    ids = [lesson.id for lesson in lessons]
    if ids != list(range(1, len(ids) + 1)):
        raise LessonError(f"lesson ids must run 1..{len(ids)}, found {ids}")
    return lessons


# -- tasks -------------------------------------------------------------------------------------
def _on_points(game: Game, seat: int) -> set[str]:
    pos = game.to_position()
    return {entry.split("+")[0] for entry in pos["points"][seat]}


def card_list(cards: list[str], words: Callable[[str], str]) -> tuple[str, bool]:
    """Cards in words (``10♥ and 8♣``) and whether they are more than one (for the verb)."""
    shown = [words(c) for c in cards]
    text = shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]
    return text, len(shown) > 1


def _are(cards: list[str], words: Callable[[str], str], singular: str, plural: str) -> str:
    text, many = card_list(cards, words)
    return f"{text} {plural if many else singular}"


def failures(
    lesson: Lesson, game: Game, words: Callable[[str], str] = lambda text: text
) -> list[str]:
    """What the table at the end of the student's turn misses of the task ([] = solved).

    ``words`` turns card and move texts into display form (``7D`` -> ``7♦``)."""
    seat = lesson.student
    # who moves next, when that is an opponent (two players: the AI; at three or four the next
    # seat may be a partner, who is no threat)
    opp = game.to_move if game.to_move in game.opponents(seat) else None
    pos = game.to_position()
    hand = set(pos["hands"][seat])
    out: list[str] = []
    check = lesson.check
    if check.get("won") and not side_won(game, seat):
        out.append(f"you have {game.score(seat)} of {game.goal(seat)} points: no win")
    if check.get("safe"):
        if opponent_won(game, seat):
            out.append("the AI won")
        elif game.outcome is None and opp is not None and wins_next_turn(game, opp):
            moves = winning_moves(game) if game.to_move == opp else []
            wins = ", ".join(words(str(m)) for m in moves)
            out.append("the AI can still win next turn" + (f" ({wins})" if wins else ""))
    missing = [c for c in check.get("in_hand", []) if c not in hand]
    if missing:
        out.append(_are(missing, words, "is", "are") + " not in your hand")
    kept = [c for c in check.get("not_in_hand", []) if c in hand]
    if kept:
        out.append(_are(kept, words, "is", "are") + " still in your hand")
    if "hand_size" in check and len(hand) != check["hand_size"]:
        out.append(f"you hold {_count(len(hand))}, not {check['hand_size']}")
    lost = [c for c in check.get("controls", []) if c not in _on_points(game, seat)]
    if lost:
        had = _on_points(lesson.new_game(), seat)
        gone = [c for c in lost if c in had]
        never = [c for c in lost if c not in had]
        if gone:
            out.append(_are(gone, words, "is", "are") + " no longer among your points")
        if never:
            out.append(_are(never, words, "is", "are") + " not among your points")
    perms = set(pos["permanents"][seat])
    absent = [c for c in check.get("permanent", []) if c not in perms]
    if absent:
        out.append(_are(absent, words, "is", "are") + " not among your permanents")
    return out


def _count(n: int) -> str:
    return count(n, "card", digits=True)


def achieved(
    lesson: Lesson, game: Game, words: Callable[[str], str] = lambda text: text
) -> list[str]:
    """What the table at the end of the student's turn shows of a solved task, condition by
    condition (the words for a solution other than the lesson's own)."""
    seat = lesson.student
    check = lesson.check
    out: list[str] = []
    if check.get("won"):
        out.append(f"you reach {game.score(seat)} of {game.goal(seat)} points and win")
    if check.get("safe"):
        out.append("the AI cannot win in its next turn")
    if check.get("in_hand"):
        out.append(_are(list(check["in_hand"]), words, "is", "are") + " still in your hand")
    if check.get("not_in_hand"):
        out.append(_are(list(check["not_in_hand"]), words, "has", "have") + " left your hand")
    if "hand_size" in check:
        out.append(f"you hold {_count(check['hand_size'])}")
    if check.get("controls"):
        out.append(_are(list(check["controls"]), words, "is", "are") + " among your points")
    if check.get("permanent"):
        out.append(_are(list(check["permanent"]), words, "is", "are") + " among your permanents")
    return out


def task_check(lesson: Lesson) -> Callable[[Game], bool]:
    """The task as a predicate on the table at the end of the student's turn."""
    return lambda game: not failures(lesson, game)


def find_lesson(lessons: list[Lesson], key: str) -> Lesson | None:
    """A lesson by number, name (slug) or topic (the first lesson on it: ``cuttle learn queen``)."""
    word = key.strip().lower()
    for lesson in lessons:
        if word == str(lesson.id) or word == lesson.slug:
            return lesson
    return next((lesson for lesson in lessons if word in lesson.topics), None)
