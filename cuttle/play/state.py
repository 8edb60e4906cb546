"""One game's state: the seats, the game, the log, each move applied and described, the saves.

``SessionState`` never prints: it hands what it has to say to its ``GameIO`` (``io.py``). The
game itself is only ever changed through ``Game.play`` and ``Game.concede``; bad input changes
nothing. The commands (``commands.py``) and the loop (``session.py``) are built on it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from rich.console import RenderableType

from cuttle import Game, Move
from cuttle.ai import levels_for
from cuttle.engine.phases import COUNTER_PHASE, RESPOND_ROYAL
from cuttle.files.safefile import os_reason, shown_path
from cuttle.files.saves import Slot, SlotError
from cuttle.files.storage import (
    GameRecord,
    play_recorded,
    write_json,
)
from cuttle.play.io import GameIO
from cuttle.play.places import Places
from cuttle.text.cardtext import CardStyle
from cuttle.text.describe import (
    LogEntry,
    concession_words,
    describe_play,
    move_meta,
    parse_move_text,
    possessive,
)
from cuttle.text.render import (
    TableModel,
    changed_cards,
)
from cuttle.text.tablemodel import game_model

if TYPE_CHECKING:
    from cuttle.play.coach import Coach

Result = Literal["over", "quit", "eof", "interrupt"]

#: The windows of answers out of turn: a counter, and the teams' nine against a royal.
ANSWER_PHASES = (COUNTER_PHASE, RESPOND_ROYAL)

LOG_REPLAY = 400  # moves described when a game is rebuilt; earlier ones are only replayed


@dataclass(frozen=True)
class Seat:
    """Who plays a seat: a human (``ai`` is None) or an AI of a level."""

    name: str
    ai: str | None = None

    @property
    def controller(self) -> str:
        return "human" if self.ai is None else f"ai:{self.ai}"


@dataclass
class Options:
    """Session options that outlive one game (and go into the save file)."""

    style: CardStyle = field(default_factory=CardStyle)
    think: float | None = None
    record_path: Path | None = None
    save: bool = True
    coach: bool = False
    show_seed: bool = True  # against the AI: the seed was chosen (--seed), so it may be shown
    seed_at_end: bool = True  # shown once the game is over (a server's games: never, see serve)
    record_force: bool = False  # the first write of record_path may replace an existing file


class SessionState:
    """One game of two to four seats through a GameIO: its state, its moves applied, saved."""

    def __init__(
        self,
        seed: int,
        rules: str,
        seats: tuple[Seat, ...],
        io: GameIO,
        options: Options | None = None,
        moves: list[str] | None = None,
        places: Places | None = None,
    ) -> None:
        self.seed = seed
        self.rules = rules
        self.seats = seats
        self.io = io  # the screen: everything the session shows or asks goes through it
        self.options = options or Options()
        self.places = places or Places()  # where it saves, keeps, records; its clock
        self.style = self.options.style
        self.names: tuple[str, ...] = tuple(s.name for s in seats)
        self.game = Game.new(seed=seed, rules=rules)
        if self.game.players != len(seats):
            raise ValueError(
                f"the rules {rules} seat {self.game.players} players, not {len(seats)}"
            )
        self.log: list[LogEntry] = []
        self.choices: list[int] = []  # plies where a human had more than one legal move
        self.numbered: list[Move] | None = None
        self.dirty = True
        self.shown_to: int | None = None
        self.printed_log = 0
        self.notices: list[str] = []
        # who the result lists first and the final table draws below: the first person at the
        # table; a series (the rematch) keeps it, so the result reads the same after every deal
        self.home: str | None = next((s.name for s in seats if s.ai is None), None)
        self.started = self.places.clock()
        self.coach = _make_coach(self.options.coach and self.coach_refusal() is None)
        self.slot: Slot | None = None  # the save slot, taken at the first save (or on resume)
        self.save_problem: str | None = None  # why the last save failed, until one succeeds
        self._record_started = False
        # the positions and legal moves of the game as it is now, built once per move and
        # shared by everything that asks (read only): (game, plies, outcome) they belong to
        self._ply: tuple[Game, int, str | None] | None = None
        self._positions: dict[int | None, dict[str, Any]] = {}
        self._legal: list[Move] | None = None
        # each viewer's text of every log entry, rendered once: viewer -> (the log, texts)
        self._texts: dict[int | None, tuple[list[LogEntry], list[str]]] = {}
        self._replay_moves(moves or [])
        self.printed_log = len(self.log)

    def _replay_moves(self, moves: list[str]) -> None:
        """Rebuild a resumed or undone game: every move played, only the last ones described
        (a long game resumes in about the time the engine needs to replay it)."""
        fast = max(0, len(moves) - LOG_REPLAY)
        g = self.game
        for i, move in enumerate(moves):
            if g.to_move is None:
                raise ValueError("a move comes after the end of the game")
            if move.startswith("concede"):  # three or four seats: a seat went out here
                seat = play_recorded(g, move)
                if i >= fast:
                    words = (concession_words(g.to_position(), self.names, seat)
                             if g.players > 2 else f"{self.names[seat]} conceded")
                    self.log.append(LogEntry(len(g.history), seat, "concede", words))
            elif i >= fast:
                self._apply(g.to_move, move, quiet=True)
            else:
                legal = g.legal_moves()
                if self.seats[g.to_move].ai is None and len(legal) > 1:
                    self.choices.append(len(g.history))
                g.play(move)

    # -- the game now ------------------------------------------------------------------------
    def _fresh(self) -> None:
        """Forget the positions and moves kept when the game has moved on (or was replaced)."""
        g = self.game
        now = (g, len(g.history), g.outcome)
        if self._ply is None or self._ply[0] is not g or now[1:] != self._ply[1:]:
            self._ply = now
            self._positions = {}
            self._legal = None

    def position(self, viewer: int | None = None) -> dict[str, Any]:
        """The table now as ``viewer`` sees it (None: every card), built once per move and shared:
        read it, never change it."""
        self._fresh()
        pos = self._positions.get(viewer)
        if pos is None:
            g = self.game
            pos = g.to_position() if viewer is None else g.view(viewer)
            pos.setdefault("rules", str(g.rules))
            self._positions[viewer] = pos
        return pos

    def legal(self) -> list[Move]:
        """The legal moves now, listed once per move (a copy: the caller may keep it)."""
        self._fresh()
        if self._legal is None:
            self._legal = self.game.legal_moves()
        return list(self._legal)

    def log_texts(self, viewer: int | None) -> list[str]:
        """Every log entry's line as ``viewer`` reads it; each entry's text is taken once."""
        kept = self._texts.get(viewer)
        if kept is None or kept[0] is not self.log or len(kept[1]) > len(self.log):
            kept = (self.log, [])
            self._texts[viewer] = kept
        texts = kept[1]
        texts.extend(e.text_for(viewer) for e in self.log[len(texts) :])
        return list(texts)

    # -- who is who --------------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        return [p for p, seat in enumerate(self.seats) if seat.ai is None]

    @property
    def hotseat(self) -> bool:
        """More than one person at the table: the keyboard is passed between them."""
        return len(self.humans) > 1

    def search_refusal(self, what: str) -> str | None:
        """Why the hard AI's search (the hint, the coach) cannot look at this game, or None:
        it plays the game's table size only once the AI can (``cuttle.ai.levels_for``)."""
        n = self.game.players
        if "hard" in levels_for(n):
            return None
        return f"{what} needs the hard AI, which does not play a table of {n} yet"

    def coach_refusal(self) -> str | None:
        """Why the coach cannot judge this game's moves, or None (one person against AIs, and a
        table the hard AI plays)."""
        if len(self.humans) != 1:
            return "the coach works in games against the AI"
        return self.search_refusal("the coach")

    def home_seat(self) -> int:
        """The seat of ``home`` (the person the result starts with), else the first seat."""
        return next((p for p, seat in enumerate(self.seats) if seat.name == self.home), 0)

    def result_order(self) -> tuple[int, ...]:
        """The seats as the result lists them: from ``home``'s seat clockwise (the order of the
        table and the status bar), the same order before and after a rematch moves the deal."""
        n, first = len(self.seats), self.home_seat()
        return tuple((first + r) % n for r in range(n))

    def perspective(self, actor: int | None = None) -> int | None:
        """Whose eyes the shared output uses: the one human; in hot-seat the acting player
        when a person acts, else the person who has the keyboard (an AI's move is never told
        as its own seat reads it)."""
        humans = self.humans
        if len(humans) == 1:
            return humans[0]
        if not humans:
            return None
        who = actor if actor is not None else self.game.to_move
        if who is None or self.seats[who].ai is None:
            return who
        return self.shown_to

    # -- applying moves ----------------------------------------------------------------------
    def _apply(self, player: int | None, move: Move | str, quiet: bool = False) -> LogEntry:
        assert player is not None
        before = self.position()
        watchers = [] if quiet else self._watchers(player)
        seen = [(w, self.position(w)) for w in watchers]
        legal = self.legal()
        ply = len(self.game.history)
        forced = self._forced_resolve(player, legal)
        why = self._no_counter_reason(player) if forced else ""
        coached = self.game.copy() if self.coach and not quiet and player in self.humans else None
        self.game.play(move)  # raises IllegalMoveError with the game unchanged
        if self.seats[player].ai is None and len(legal) > 1:
            self.choices.append(ply)
        after = self.position()
        entry = describe_play(
            before,
            after,
            player,
            str(move if isinstance(move, Move) else Move.parse(move)),
            self.names,
            self.style,
            ply + 1,
        )
        if forced:  # resolved by itself (also when a resumed or undone game is rebuilt)
            self._tell_why_resolved(entry, player, why)
        self.log.append(entry)
        self.numbered = None
        self.dirty = True
        for watcher, saw in seen:
            self._event(watcher, player, saw)
        if not quiet:
            self._after_move()
        coach = self.coach
        # at a table the reasons call every seat by name (with two: "you", "the opponent")
        said = (tuple("you" if s == player else name for s, name in enumerate(self.names))
                if self.game.players > 2 else None)
        if coached is not None and coach and (remark := (
                coach.remark(coached, move, self.style, names=said) if said
                else coach.remark(coached, move, self.style))):
            # a message, not a notice under the next table: on the full screen the opponent's
            # turn redraws the table at once and a notice would go with it unseen
            self.say(remark)
        return entry

    def _watchers(self, actor: int) -> list[int]:
        """Who is shown a move step by step: the human; in hot-seat every other person (each
        is told it from their own seat when the keyboard comes to them)."""
        if not self.io.interactive:
            return []
        humans = self.humans
        if len(humans) > 1:
            return [h for h in humans if h != actor]
        return humans

    def _event(self, viewer: int, actor: int, seen: dict[str, Any]) -> None:
        """Hand the screen the table just after a move, the cards it moved marked."""
        model = self.model(viewer, status="")
        model.highlight = changed_cards(seen, model.pos)
        model.actor = actor  # at three or four seats the step names whose move it shows
        self.io.event(model, viewer == actor)

    def _after_move(self) -> None:
        self.save()  # before anything is written to the screen, which may fail
        self.print_log()

    def print_log(self) -> None:
        """Plain output: the log entries not printed yet, each as its actor's side reads it (the
        full screen shows its log itself)."""
        if self.io.interactive:
            return
        for entry in self.log[self.printed_log :]:
            self.io.message(entry.text_for(self.perspective(entry.actor)))
        self.printed_log = len(self.log)

    # -- records -----------------------------------------------------------------------------
    def record(self) -> GameRecord:
        """The game so far as a record (with the session, for the save file)."""
        return GameRecord(
            rules=str(self.game.rules),
            seed=self.seed,
            players=list(self.names),
            moves=[str(m) for _, m in self.game.history],
            outcome=self.game.outcome,
            reason=self.game.outcome_reason,
            controllers=[s.controller for s in self.seats],
            session={
                "seats": [{"name": s.name, "ai": s.ai} for s in self.seats],
                "think": self.options.think,
                "record": str(self.options.record_path) if self.options.record_path else None,
                # whether the player chose the seed: a resumed game shows it only then
                "seed_shown": self.options.show_seed,
            },
        )

    def save(self) -> bool:
        """Write the ``--record`` file and the save slot. A failed write is told to the player
        (every time) and the game goes on. True when the game is safely saved, or there is
        nothing to save yet (no move made) or any more (the game is over: ``finish`` keeps it).
        """
        rec = self.record()
        self.write_record_file(rec)
        if not self.options.save or not rec.moves or self.game.outcome is not None:
            return self.save_problem is None
        try:
            if self.slot is None:
                self.slot = self.places.new_slot(self.seed)
            self.slot.write(rec)
        except (OSError, SlotError) as exc:
            self.save_problem = os_reason(exc) if isinstance(exc, OSError) else str(exc)
            self.announce(
                f"Could not save the game ({self.save_problem}); play goes on and the next "
                "move tries again."
            )
            return False
        self.save_problem = None
        return True

    def write_record_file(self, rec: GameRecord) -> None:
        """Write ``--record`` FILE; the first write replaces nothing unless ``--force``."""
        path = self.options.record_path
        if path is None:
            return
        replace = self._record_started or self.options.record_force
        try:
            write_json(path, rec.public_json(), replace=replace)
        except OSError as exc:
            self.announce(f"Could not write the record {shown_path(path)}: {os_reason(exc)}")
            return
        self._record_started = True

    def leave_words(self) -> str:
        """What the player is told on leaving: saved (and how to continue), or why not."""
        if not self.options.save:
            return "The game was not saved."
        if not self.game.history:
            return (
                "No move was made, so there is nothing to save (this deal again: "
                f"cuttle play --seed {self.seed})."
            )
        if not self.resumable() or self.slot is None:  # (resumable: a slot holds the save)
            why = self.save_problem or "no save was written"
            return f"The game could not be saved ({why}); it ends here."
        return f"Game saved as {self.slot.name} (continue it with: cuttle play --resume)."

    def resumable(self) -> bool:
        """The game is saved and can be continued with ``cuttle play --resume``."""
        return (
            self.options.save
            and bool(self.game.history)
            and self.save_problem is None
            and self.slot is not None
            and self.slot.exists()
        )

    def close(self) -> None:
        """Release the save slot (the session ends; the save stays for --resume)."""
        if self.slot is not None:
            self.slot.release()

    # -- screens -----------------------------------------------------------------------------
    def model(self, viewer: int | None, status: str | None = None) -> TableModel:
        g = self.game
        return game_model(
            g,
            viewer,
            self.names,
            self.style,
            pos=self.position(viewer),
            legal=[str(m) for m in self.legal()] if g.outcome is None else [],
            status=status,
            events=self.log_texts(self._reader(viewer)) if self.io.interactive else [],
            seed=self.seed if self.seed_visible() else None,
            bottom_seat=self.home_seat() if viewer is None else None,
        )

    def _reader(self, viewer: int | None) -> int | None:
        """Whose log the table shows: the viewer's; on the final table (``None``) the one person
        against AIs still reads it from their seat (the hands are shown, the draws stay unnamed,
        also when that seat went out early); in hot-seat the whole log."""
        if viewer is None and len(self.humans) == 1:
            return self.humans[0]
        return viewer

    def seed_visible(self) -> bool:
        """The seed is the whole deal: shown in hot-seat only at the end, against the AI only
        when the player chose it (or at the end); never when ``seed_at_end`` is off."""
        if self.game.outcome is not None:
            return self.options.seed_at_end
        return self.options.show_seed and not self.hotseat

    def render(self, viewer: int | None, status: str | None = None, keep: bool = False) -> None:
        """The table for ``viewer``, the start's notices under it (``keep``: shown again under
        the next table too, as while the AIs move before the person's first turn)."""
        model = self.model(viewer, status)
        model.footer = "\n".join(self.notices)
        if not keep:
            self.notices = []
        self.io.table(model)
        self.dirty = False

    def move_items(self, moves: list[Move]) -> list[tuple[str, str]]:
        g = self.game
        p = g.to_move if g.to_move is not None else 0
        pos = self.position(p)
        return [
            (
                self.style.words(str(m)),
                self.style.say(move_meta(str(m), pos, p, self.names, self.style)),
            )
            for m in moves
        ]

    def completions(self) -> list[tuple[str, str]]:
        g = self.game
        if g.outcome is not None or g.to_move is None or self.seats[g.to_move].ai is not None:
            return []
        moves = self.legal()
        return [(str(m), meta) for m, (_, meta) in zip(moves, self.move_items(moves), strict=True)]

    def announce(self, text: str) -> None:
        """A message for the start of the game: printed now (plain), or under the next table."""
        if self.io.interactive:
            self.notices.append(text)
        else:
            self.say(text)

    def panel(self, title: str, body: RenderableType) -> None:
        """Something to read (help, rules, the scrap, the log): a window over the board on the
        full screen, printed in plain mode."""
        self.io.panel(title, body)

    def say(self, text: str) -> None:
        self.io.message(self.style.say(text))

    def leave(self, head: str = "") -> None:
        """Tell the player what becomes of the game on leaving (``head`` first, on the line). When
        it can be continued, the screen keeps the words for after it closes."""
        words = f"{head}{self.leave_words()}"
        if self.resumable():
            self.io.farewell([self.style.say(words)])
        else:
            self.say(words)

    def _forced_resolve(self, p: int, legal: list[Move]) -> bool:
        """A person's window against AIs only (a counter, or the teams' out-of-turn nine) where
        ``resolve`` is the only move: answered for them at once. With another person at the
        table they are asked all the same, so neither the wait nor the question shows their hand.
        """
        return (
            not self.hotseat
            and self.seats[p].ai is None
            and self.game.phase in ANSWER_PHASES
            and len(legal) == 1
            and str(legal[0]) == "resolve"
        )

    def _tell_why_resolved(self, entry: LogEntry, p: int, why: str) -> None:
        """The line of a window answered for ``p`` says why to ``p`` alone: the reason is their
        hand. The other seats and spectators read the answer only, as after a chosen resolve."""
        name = self.names[p]
        verb = "answer" if "9" in why else "counter"
        prefix = f"{name} could not {verb} ({why})"
        entry.private[p] = _reword_resolve(entry.text_for(p), name, prefix)
        if entry.full is not None:  # every card named (a finished game's replay): why too
            entry.full = _reword_resolve(entry.full, name, prefix)

    def _no_counter_reason(self, p: int) -> str:
        """Why the player at ``p`` has nothing but ``resolve`` in this window."""
        pos = self.position(p)
        stack = pos.get("stack", [])
        if self.game.phase == RESPOND_ROYAL:
            need = "9"
        else:
            verb = parse_move_text(str(stack[0].get("move", "")))[0] if stack else ""
            need = "10" if verb == "scuttle" and len(stack) == 1 else "2"
        rank = "T" if need == "10" else need
        hand = [c for c in pos["hands"][p] if c[:1] == rank]
        if hand and set(hand) <= set(pos.get("frozen", [])):
            return f"only a frozen {need} in hand"
        if hand:
            top = stack[-1].get("player") if stack else None
            owner = top if isinstance(top, int) and 0 <= top < len(self.names) else 1 - p
            return f"{possessive(self.names[owner])} queen prevents it"
        return f"no {need} in hand"

    def keep_in_slot(self, why: str) -> None:
        """The history could not take the finished game: leave it in its save slot instead."""
        try:
            if self.slot is None:
                self.slot = self.places.new_slot(self.seed)
            self.slot.write(self.record())
        except (OSError, SlotError):
            self.say(f"Could not keep the game record ({why}).")
            return
        self.say(f"Could not keep the game record ({why}); it stays saved as {self.slot.name}.")


def _make_coach(wanted: bool) -> Coach | None:
    """The coach (imported only when asked for: it loads the search)."""
    if not wanted:
        return None
    from cuttle.play.coach import Coach

    return Coach()


def _reword_resolve(text: str, name: str, prefix: str) -> str:
    """``You let it resolve: X`` -> ``You could not counter (no 2 in hand): X``; at three or four
    seats ``You did not counter Ann's 7♦`` -> ``You could not counter Ann's 7♦ (no 2 in hand)``
    (one opponent of several passed)."""
    head = f"{name} let it resolve"
    if text.startswith(head):
        return prefix + text[len(head) :]
    why = prefix[prefix.rfind(" (") :]
    for verb in ("counter", "answer"):
        passed = f"{name} did not {verb}"
        if text.startswith(passed):
            rest = text[len(passed) :]
            clause, sep, more = rest.partition(";")
            return f"{name} could not {verb}{clause}{why}{sep}{more}"
    return f"{prefix}: {text}"
