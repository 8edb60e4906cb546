"""``cuttle replay FILE``: a recorded game, move by move (all cards face up).

The record is checked first, whole (``storage.rebuild``: every move with the engine's legality
checks, the outcome against the moves), so a bad record is refused before anything is shown.
Positions are then streamed, not kept: piped output walks the game once; the interactive screen
asks for frame ``i`` and gets it from the nearest checkpoint (a copy of the game kept every
``CHECKPOINT`` moves), so a 100,000-move record replays in seconds and flat memory.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.text import Text

from cuttle import Game
from cuttle.files.storage import GameRecord, new_game, play_recorded, rebuild
from cuttle.text.cardtext import CardStyle
from cuttle.text.describe import LogEntry, describe_play, outcome_words
from cuttle.text.render import TableModel, TableView, changed_cards
from cuttle.text.safetext import safe_text
from cuttle.ui.terminal import PlainIO
from cuttle.words import count

if TYPE_CHECKING:
    from cuttle.ai.review import Review

CHECKPOINT = 256


@dataclass
class Frame:
    """The table after some number of moves."""

    pos: dict[str, object]
    scores: tuple[int, ...]
    goals: tuple[int, ...]
    entry: LogEntry | None


def bottom_seat(record: GameRecord) -> int:
    """The seat the replay draws below, where the game drew it: the one human of a game
    against the AI (seat 1 when the AI moved first), else the first seat."""
    humans = [s for s, ctl in enumerate(record.controllers) if ctl == "human"]
    return humans[0] if len(humans) == 1 else 0


class Replay:
    """A checked record and its positions on demand, with the words for each move."""

    def __init__(self, record: GameRecord, style: CardStyle, where: str = "record") -> None:
        self.record = record
        self.style = style
        self.where = where
        self.names = tuple(safe_text(name, 40) for name in record.players)
        self.bottom = bottom_seat(record)
        self.game = rebuild(record, where)  # raises CorruptFileError for a bad record
        # a concession or agreed draw after the last move is one more frame
        # (at three or four seats a concession is one of the moves, ``concede @1``)
        self.extra = self.game.outcome is not None and self.game.outcome_reason in (
            "concession",
            "agreement",
        ) and not (record.moves and record.moves[-1].startswith("concede"))
        self.last = len(record.moves) + (1 if self.extra else 0)
        self._checkpoints: dict[int, Game] = {0: new_game(record, where)}
        self._moves: list[str] | None = None
        self.review: Review | None = None  # a review of the game: its labels beside the moves
        self.show_seed = True  # False: the seed is on no frame (a server's replays)

    # -- positions on demand -----------------------------------------------------------------
    def _game_at(self, ply: int) -> Game:
        """A fresh game after ``ply`` moves (0 <= ply <= number of moves)."""
        base = max(k for k in self._checkpoints if k <= ply)
        game = self._checkpoints[base].copy(history=False)
        for i in range(base, ply):
            play_recorded(game, self.record.moves[i])
            if (i + 1) % CHECKPOINT == 0 and i + 1 not in self._checkpoints:
                self._checkpoints[i + 1] = game.copy(history=False)
        return game

    def frames(self, start: int = 0, stop: int | None = None) -> Iterator[tuple[int, Frame]]:
        """Frames ``start`` to ``stop`` (inclusive; default: to the end), one game walked
        forward: nothing but the current frame is kept."""
        for i, entry, game, pos in self._walk(start, stop):
            seats = range(game.players)
            yield i, Frame(pos, tuple(game.score(p) for p in seats),
                           tuple(game.goal(p) for p in seats), entry)

    def entries(self, start: int = 1, stop: int | None = None) -> Iterator[LogEntry]:
        """The words of moves ``start`` to ``stop`` (1-based, inclusive), streamed."""
        for _, entry, _, _ in self._walk(max(1, start), stop):
            if entry is not None:
                yield entry

    def _walk(
        self, start: int, stop: int | None
    ) -> Iterator[tuple[int, LogEntry | None, Game, dict[str, Any]]]:
        """``(ply, entry, game, position)`` for plies ``start`` to ``stop``: one position per
        move (the one after it is the next move's before)."""
        stop = self.last if stop is None else min(stop, self.last)
        moves = self.record.moves
        first = max(0, min(start, len(moves)) - 1)  # frame i needs the position before move i
        game = self._game_at(first)
        pos = game.to_position()
        if start == 0:
            yield 0, None, game, pos
        for i in range(first, min(stop, len(moves))):
            before = pos
            player = play_recorded(game, moves[i])  # rebuild checked every move
            if (i + 1) % CHECKPOINT == 0 and i + 1 not in self._checkpoints:
                self._checkpoints[i + 1] = game.copy(history=False)
            pos = game.to_position()
            if i + 1 >= start:
                names, style = self.names, self.style
                entry = (LogEntry(i + 1, player, "concede", f"{names[player]} conceded")
                         if moves[i].startswith("concede") else
                         describe_play(before, pos, player, moves[i], names, style, i + 1))
                yield i + 1, entry, game, pos
        if self.extra and stop == self.last:
            self._end(game)
            yield self.last, self._end_entry(), game, game.to_position()

    def frame(self, i: int) -> Frame:
        """The frame after ``i`` moves (``0 <= i <= last``)."""
        for _, f in self.frames(i, i):
            return f
        raise IndexError(i)

    def _end(self, game: Game) -> None:
        if self.game.outcome_reason == "concession":
            game.concede(self._loser())
        else:
            game.agree_draw()

    def _loser(self) -> int:
        return 0 if self.game.outcome == "p1" else 1

    def _end_entry(self) -> LogEntry:
        if self.game.outcome_reason == "concession":
            loser = self._loser()
            return LogEntry(self.last, loser, "concede", f"{self.names[loser]} conceded")
        return LogEntry(self.last, 0, "draw", "The players agreed to a draw")

    def events(self, i: int, n: int = 12) -> list[str]:
        """The words of the moves that led to frame ``i`` (the last ``n``)."""
        lo = max(1, i - n + 1)
        return [e.text_for(None) for e in self.entries(lo, i)]

    # -- output ------------------------------------------------------------------------------
    def headline(self) -> str:
        if self.game.outcome is None:
            return "The record ends with the game still in play."
        words = outcome_words({"outcome": self.game.outcome}, self.names, self.game.outcome_reason)
        return "Result: " + words

    def view(self, i: int, events: list[str], frame: Frame | None = None) -> TableView:
        f = frame if frame is not None else self.frame(i)
        status = f"Move {i}/{self.last}"
        if f.entry is not None:
            status += ": " + f.entry.text_for(None)
        return TableView(self.frame_model(f, status=status, events=events))

    def as_text(self, console: Console) -> int:
        """The whole game as text (piped output), streamed."""
        r = self.record
        out = PlainIO(console)  # no trailing padding, like a cuttle play transcript
        say = self.style.say
        out.show(
            Text(
                say(
                    f"Game record: {' vs '.join(self.names)}, "
                    f"{safe_text(r.rules, 60)} rules, seed {r.seed}, "
                    f"{count(len(r.moves), 'move', digits=True)}"
                )
            )
        )
        write = console.file.write
        width = max(20, console.width)
        judged = {j.ply: j for j in self.review.judgements} if self.review is not None else {}
        for entry in self.entries():
            line = say(f"{entry.ply:3d}. {entry.text_for(None)}")
            j = judged.get(entry.ply - 1)
            if j is not None:
                line += f"  [{j.label}]"
            # plain text, wrapped like the console would, without a render per line
            if len(line) > width:
                line = "\n".join(textwrap.wrap(line, width))
            write(line + "\n")
            if j is not None and j.label in ("inaccuracy", "mistake", "blunder"):
                from cuttle.text.reviewtext import shown_advice

                write("\n".join(textwrap.wrap(shown_advice(j, self.style), width,
                                               initial_indent=" " * 6,
                                               subsequent_indent=" " * 6)) + "\n")
        last = self.frame(self.last)
        out.show(self.view(self.last, [], last))
        out.show(Text(say(self.headline())))
        return 0

    # -- what the replay screen asks for (it keeps no list of positions itself) ----------------
    def model(self, i: int) -> TableModel:
        """The table after ``i`` moves, face up, the cards move ``i`` moved marked."""
        pair = [f for _, f in self.frames(max(0, i - 1), i)]
        f = pair[-1]
        highlight = changed_cards(pair[0].pos, f.pos) if i > 0 and len(pair) > 1 else frozenset()
        return self.frame_model(f, events=self.events(i, 40), highlight=highlight)

    def frame_model(
        self,
        f: Frame,
        *,
        status: str = "",
        events: list[str] | None = None,
        highlight: frozenset[str] = frozenset(),
    ) -> TableModel:
        """The table of frame ``f``, face up, with the record's names and seed (if shown)."""
        return TableModel(
            pos=dict(f.pos),
            viewer=None,
            names=self.names,
            scores=f.scores,
            goals=f.goals,
            status=status,
            events=events if events is not None else [],
            seed=self.record.seed if self.show_seed else None,
            style=self.style,
            highlight=highlight,
            bottom_seat=self.bottom,
        )

    def moves(self) -> list[str]:
        """Each move in words, in order (built once, on first use)."""
        if self._moves is None:
            self._moves = [e.text_for(None) for e in self.entries()]
        return self._moves

    def interactive(self, color: bool = True) -> int:
        """Step through the game full screen (``replay_app.ReplayScreen``)."""
        from cuttle.ui.replay_app import ReplayScreen

        return ReplayScreen(self, self.style, color=color, review=self.review).run()
