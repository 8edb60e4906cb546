"""One game at the terminal: the loop, the AI's turns, hot-seat handoffs, the end of the game.

``GameSession`` is the whole session (its state in ``state.py``, its commands in ``commands.py``):
``run`` plays until the game ends or the player leaves. ``session_from_record`` continues a saved
game.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from cuttle.ai import LEVELS
from cuttle.files.safefile import os_reason, shown_path
from cuttle.files.storage import (
    GameRecord,
    check_name,
)
from cuttle.play.asking import ask_yes_no
from cuttle.play.commands import SessionCommands
from cuttle.play.io import GameIO
from cuttle.play.places import Places
from cuttle.play.state import Options, Result, Seat
from cuttle.text.describe import (
    capitalize,
    outcome_words,
    parse_move_text,
    phase_words,
)
from cuttle.text.intent import MAX_LINE
from cuttle.text.render import (
    GameOverView,
    HandoffView,
)
from cuttle.text.safetext import safe_repr


class GameSession(SessionCommands):
    """Runs one game of two to four seats through a GameIO."""

    # -- the loop ----------------------------------------------------------------------------
    def run(self) -> Result:
        """Play until the game ends or the player leaves."""
        self.io.start_game(self.completions)
        while True:
            g = self.game
            if g.outcome is not None:
                self.finish()
                return "over"
            p = g.to_move
            assert p is not None
            seat = self.seats[p]
            try:
                if seat.ai is not None:
                    self.ai_turn(p, seat.ai)
                    continue
                if self.auto_resolve(p):
                    continue
                if self.hotseat and self.shown_to != p and not self.handoff(p):
                    if self.ask_quit():
                        return "quit"
                    continue
                self.shown_to = p
                if self.dirty:
                    self.render(p)
                line = self.io.read(self.prompt(p))
            except EOFError:
                if not self.io.interactive:
                    self.save()
                    self.leave("End of input. ")
                    return "eof"
                if self.ask_quit():
                    return "quit"
                continue
            except KeyboardInterrupt:
                if not self.io.interactive:
                    self.save()
                    self.leave("Interrupted. ")
                    return "interrupt"
                if self.ask_quit():
                    return "quit"
                continue
            outcome = self.handle(line, p)
            if outcome is not None:
                return outcome

    def prompt(self, p: int) -> str:
        phase = self.game.phase
        tag = "" if phase == "main" else f" ({phase_words(phase)})"
        return f"{self.names[p]}{tag}> "

    def ask_quit(self) -> bool:
        """Ctrl-C / Ctrl-D at the prompt: quit? The game is saved either way."""
        saved = self.save() and bool(self.game.history) and self.options.save
        question = "Quit? The game is saved either way." if saved else "Quit?"
        quit_now = ask_yes_no(self.io, question, if_interrupted=True, extra_yes=("q", "quit"))
        if quit_now:
            self.save()
            self.leave()
            return True
        self.dirty = True
        return False

    def handoff(self, p: int) -> bool:
        """The pass screen before ``p``'s hand is shown: False when the player asked to quit."""
        note = ""
        if self.log:
            note = "Last: " + self.log[-1].public
        passed = self.io.wait(HandoffView(self.names[p], note, self.style))
        self.dirty = True
        return passed

    def auto_resolve(self, p: int) -> bool:
        """Against the AI, a counter window with nothing but ``resolve`` resolves by itself."""
        legal = self.legal()
        if not self._forced_resolve(p, legal):
            return False
        self._apply(p, legal[0])
        return True

    def ai_turn(self, p: int, level: str) -> None:
        viewer = self.perspective()
        if self.io.interactive and self.dirty and viewer is not None:
            self.render(viewer, status=f"{self.names[p]} is thinking…", keep=True)
        cm = (
            self.io.thinking(self.style.say(f"{self.names[p]} is thinking…"))
            if self.io.interactive
            else contextlib.nullcontext()
        )
        with cm:
            move = self.places.choose_move(level, self.game, self.seed, self.options.think)
        self._apply(p, move)

    def finish(self) -> Path | None:
        """Game over: the final table (all cards shown), the result, the record kept."""
        g = self.game
        headline = outcome_words({"outcome": g.outcome}, self.names, g.outcome_reason)
        if g.outcome == "draw":  # a win begins with the winner: "You", or a name as typed
            headline = capitalize(headline)
        self.render(None, status="")
        self.print_log()  # a concession is logged without a move
        self.io.game_over(
            GameOverView(
                headline,
                self.names,
                tuple(g.score(p) for p in range(g.players)),
                tuple(g.goal(p) for p in range(g.players)),
                len(g.history),
                self.seed if self.seed_visible() else None,
                self.style,
                self.result_order(),
            )
        )
        self.save()
        record = self.record()  # the finished game, as kept, recorded and offered for review
        kept: Path | None = None
        game_id: int | None = None
        if self.options.save:
            try:
                kept = self.places.keep_finished(record)
            except OSError as exc:
                self.keep_in_slot(os_reason(exc))
            else:
                if self.slot is not None:
                    self.slot.remove()
                    self.slot = None
            game_id, problem = self.places.record_finished(
                record, self.places.clock() - self.started, kept.name if kept else None
            )
            if problem:
                self.say(problem)
        later = f"cuttle review {game_id}" if game_id is not None and not problem else None
        where = f"game {game_id}" if game_id is not None else "this game"
        if self.search_refusal("the review") is None:  # hard judges the table's size
            self.io.offer_review(record, where, later)
        if self.options.record_path is not None and self._record_started:
            self.say(f"Record written to {shown_path(self.options.record_path)}.")
        if kept is not None:
            # the history's number is short where the file's path may be wider than the screen
            target = str(game_id) if later is not None else shown_path(kept)
            self.io.record_kept(
                [
                    self.style.say("Record kept; watch the game again with:"),
                    self.style.say(f"  cuttle replay {target}"),
                ]
            )
        return kept


def session_from_record(
    record: GameRecord,
    io: GameIO,
    options: Options,
    places: Places | None = None,
) -> GameSession:
    """A session continuing a saved game (seats from its ``session`` block)."""
    info: dict[str, Any] = record.session or {}
    seats_data = info.get("seats")
    seats: list[Seat] = []
    if isinstance(seats_data, list) and len(seats_data) == len(record.players):
        for s in seats_data:
            if not isinstance(s, dict):
                raise ValueError("each seat must be an object with a name")
            name = check_name(s.get("name"), "a seat's name")
            ai = s.get("ai")
            if ai is not None and (not isinstance(ai, str) or ai not in LEVELS):
                raise ValueError(f"unknown AI level {safe_repr(ai, 20)}")
            seats.append(Seat(name, ai))
    else:
        for name, ctl in zip(record.players, record.controllers, strict=True):
            level = ctl.split(":", 1)[1] if ctl.startswith("ai:") else None
            seats.append(Seat(name, level if level in LEVELS else None))
    return GameSession(record.seed, record.rules, tuple(seats), io, options, record.moves, places)


__all__ = [
    "MAX_LINE",
    "GameSession",
    "Options",
    "Result",
    "Seat",
    "parse_move_text",
    "session_from_record",
]
