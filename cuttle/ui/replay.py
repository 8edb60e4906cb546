"""``cuttle replay FILE``: a recorded game, move by move (all cards face up)."""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import Console
from rich.text import Text

from cuttle import Game
from cuttle.ui.cardtext import CardStyle
from cuttle.ui.describe import LogEntry, describe_play, outcome_words
from cuttle.ui.render import TableModel, TableView, changed_cards
from cuttle.ui.storage import CorruptFileError, GameRecord
from cuttle.ui.terminal import PlainIO


@dataclass
class Frame:
    """The table after some number of moves."""

    pos: dict[str, object]
    scores: tuple[int, int]
    goals: tuple[int, int]
    entry: LogEntry | None


class Replay:
    """Every position of a recorded game, with the words for each move."""

    def __init__(self, record: GameRecord, style: CardStyle, where: str = "record") -> None:
        self.record = record
        self.style = style
        self.names = (record.players[0], record.players[1])
        try:
            game = Game.new(seed=record.seed, rules=record.rules)
        except ValueError as exc:
            raise CorruptFileError(f"{where}: unknown rules {record.rules!r} ({exc})") from None
        self.frames = [self._frame(game, None)]
        for i, move in enumerate(record.moves):
            before = game.to_position()
            player = game.to_move
            try:
                game.play(move)
            except ValueError as exc:
                raise CorruptFileError(
                    f"{where}: move {i + 1} {move!r} is not legal ({exc})"
                ) from None
            assert player is not None
            entry = describe_play(
                before, game.to_position(), player, move, self.names, style, i + 1
            )
            self.frames.append(self._frame(game, entry))
        self.game = game
        if record.reason == "concession" and game.outcome is None and record.outcome:
            loser = 1 - int(record.outcome[1])
            game.concede(loser)
            self.frames.append(
                self._frame(
                    game,
                    LogEntry(
                        len(record.moves) + 1, loser, "concede", f"{self.names[loser]} conceded"
                    ),
                )
            )

    @staticmethod
    def _frame(game: Game, entry: LogEntry | None) -> Frame:
        return Frame(
            game.to_position(), (game.score(0), game.score(1)), (game.goal(0), game.goal(1)), entry
        )

    def headline(self) -> str:
        if self.game.outcome is None:
            return "The record ends with the game still in play."
        words = outcome_words({"outcome": self.game.outcome}, self.names, self.game.outcome_reason)
        return "Result: " + words

    def view(self, i: int, events: list[str]) -> TableView:
        f = self.frames[i]
        status = f"Move {i}/{len(self.frames) - 1}"
        if f.entry is not None:
            status += ": " + f.entry.text_for(None)
        return TableView(
            TableModel(
                pos=dict(f.pos),
                viewer=None,
                names=self.names,
                scores=f.scores,
                goals=f.goals,
                status=status,
                events=events,
                seed=self.record.seed,
                style=self.style,
            )
        )

    def as_text(self, console: Console) -> int:
        """The whole game as text (piped output)."""
        r = self.record
        out = PlainIO(console)  # no trailing padding, like a cuttle play transcript
        say = self.style.say
        out.show(
            Text(
                say(
                    f"Game record: {self.names[0]} vs {self.names[1]}, {r.rules} rules, "
                    f"seed {r.seed}, {len(r.moves)} moves"
                )
            )
        )
        for f in self.frames[1:]:
            if f.entry is not None:
                out.show(Text(say(f"{f.entry.ply:3d}. {f.entry.text_for(None)}")))
        out.show(self.view(len(self.frames) - 1, []))
        out.show(Text(say(self.headline())))
        return 0

    # -- what the replay screen asks for (it keeps no list of positions itself) ----------------
    @property
    def last(self) -> int:
        """The number of the last position (0 is the deal)."""
        return len(self.frames) - 1

    def model(self, i: int) -> TableModel:
        """The table after ``i`` moves, face up, the cards move ``i`` moved marked."""
        f = self.frames[i]
        highlight = changed_cards(self.frames[i - 1].pos, f.pos) if i > 0 else frozenset()
        return TableModel(
            pos=dict(f.pos),
            viewer=None,
            names=self.names,
            scores=f.scores,
            goals=f.goals,
            events=self.moves()[:i],
            seed=self.record.seed,
            style=self.style,
            highlight=highlight,
        )

    def moves(self) -> list[str]:
        """Each move in words, in order."""
        return [f.entry.text_for(None) for f in self.frames[1:] if f.entry is not None]

    def interactive(self, color: bool = True) -> int:
        """Step through the game full screen (``replay_app.ReplayScreen``)."""
        from cuttle.ui.replay_app import ReplayScreen

        return ReplayScreen(self, self.style, color=color).run()
