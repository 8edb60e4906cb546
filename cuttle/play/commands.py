"""The commands typed in a game (help, moves, rules, scrap, log, legend, threat, hint, settings,
pace, undo, save, concede, quit) and the moves typed in any of the forms the game reads.

``SessionCommands.handle`` takes one line from the player whose turn it is; bad input gets a
one-line message and changes nothing.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from rich.console import Group
from rich.text import Text

from cuttle import Move
from cuttle.files.safefile import CorruptFileError, UnsafeTargetError, os_reason, shown_path
from cuttle.files.settings import PACES
from cuttle.files.storage import (
    read_record,
    write_json,
)
from cuttle.play import players
from cuttle.play.asking import ask_yes_no
from cuttle.play.state import Result, SessionState
from cuttle.play.undo import first_reveal, refusal, undone
from cuttle.text import intent
from cuttle.text.cardtext import is_card_text
from cuttle.text.describe import (
    LogEntry,
    concede_question_at,
    concession_words,
)
from cuttle.text.helptext import card_rules, cards_view, help_view
from cuttle.text.intent import MAX_LINE, normalize_input
from cuttle.text.render import MoveListView
from cuttle.text.safetext import clean_line, one_line
from cuttle.words import count

# Commands that put something else on the screen than the numbered list of moves.
SHOWS_ANOTHER_VIEW = ("help", "?", "h", "rules", "scrap", "log", "hint", "undo")
VERBS = (
    "draw",
    "pass",
    "points",
    "scuttle",
    "oneoff",
    "perm",
    "jack",
    "counter",
    "resolve",
    "take",
    "discard",
    "scrap",
)


class SessionCommands(SessionState):
    """The session with its commands: ``handle`` reads one typed line."""

    def handle(self, raw: str, p: int) -> Result | None:
        """One line from the player at seat ``p``. Bad input changes nothing."""
        if len(raw) > MAX_LINE:
            self.say(f"That line is too long ({len(raw)} characters); type help for the commands.")
            return None
        line = clean_line(raw)
        if not line:
            return None
        words = line.split()
        cmd, rest = words[0].lower(), words[1:]
        if cmd in SHOWS_ANOTHER_VIEW:
            self.numbered = None  # the numbered list is no longer what the player sees
        if cmd in ("help", "?", "h"):
            self.panel("Help", help_view(keys=self.io.interactive))
        elif cmd in ("moves", "m", "ls"):
            self.list_moves(self.legal(), "Legal moves")
        elif cmd == "rules":
            self.show_rules(" ".join(rest))
        elif cmd == "scrap" and not rest:
            self.show_scrap()
        elif cmd == "log":
            self.show_log(p)
        elif cmd in ("legend", "threat"):
            from cuttle.text.threat import legend_for, threat_line

            view = self.position(p)
            threat = self.style.say(threat_line(view, p, self.names))
            if cmd == "threat":
                self.say(threat)
            else:
                self.panel("Legend", Text("\n".join([*legend_for(view)[1:], "", threat])))
        elif cmd == "hint":
            self.hint()
        elif cmd == "settings":
            from cuttle.play.settings_game import settings_command

            settings_command(self, rest)
        elif cmd == "pace":
            self.change_pace(rest)
        elif cmd == "undo":
            self.undo(p)
        elif cmd == "save":
            self.save_as(" ".join(rest) if rest else None)
        elif cmd == "concede":
            return self.concede(p)
        elif cmd in ("quit", "exit", "q"):
            self.save()
            self.leave()
            return "quit"
        elif cmd.isdecimal() and not rest:  # what int() reads (isdigit also takes "²")
            self.play_number(int(cmd))
        else:
            self.try_move(line, p)
        return None

    def change_pace(self, words: list[str]) -> None:
        """``pace step|normal|fast``: the opponent's turn from now on, in this game only (the
        ``pace`` setting keeps one for every game)."""
        pace = words[0].lower() if len(words) == 1 else ""
        if pace not in PACES:
            self.say("pace takes step, normal or fast.")
            return
        self.io.set_pace(pace)
        if self.io.interactive:
            self.say(f"Pace: {pace}.")
        else:
            self.say(f"Pace: {pace} (plain output never pauses; it applies on the full screen).")

    def list_moves(self, moves: list[Move], title: str) -> None:
        if len(moves) == 1 and self.io.menus:  # one item is not a menu: a yes/no question
            item, meta = self.move_items(moves)[0]
            if ask_yes_no(self.io, f"{item} ({meta})?", default=True):
                self._apply(self.game.to_move, moves[0])
            return
        self.numbered = list(moves)
        max_rows = None
        if self.io.interactive:
            max_rows = max(10, self.io.size()[1] - 14)
        self.io.show_moves(
            MoveListView(self.move_items(moves), title, max_rows), [str(m) for m in moves]
        )

    def play_number(self, n: int) -> None:
        """A bare number: a pick from the numbered list on screen, else "what can my fives do"."""
        if self.io.menus:
            self.numbered = None  # the full-screen menu took its own numbers; this one is a rank
        p = self.game.to_move
        hand = self.position(p)["hands"][p] if p is not None else []
        self.act(intent.read_number(n, self.numbered, self.legal(), hand))

    def act(self, what: intent.Intent) -> None:
        """Carry out what a typed line meant."""
        if what.kind == "play" and what.move is not None:
            self._apply(self.game.to_move, what.move)
        elif what.kind == "list":
            self.list_moves(what.moves, what.title)
        else:
            self.say(what.text)

    def card_moves(self, card: str) -> None:
        moves = [m for m in self.legal() if card in str(m).split()[1:2]]
        shown = self.style.plain(card)
        if not moves:
            p = self.game.to_move
            hand = self.position(p)["hands"][p] if p is not None else []
            frozen = self.position(p).get("frozen", []) if p is not None else []
            why = (
                "you do not hold it"
                if card not in hand
                else "it is frozen this turn (a 9 returned it)"
                if card in frozen
                else "it has no legal move now"
            )
            self.say(f"{shown} cannot be played now: {why}.")
            return
        self.list_moves(moves, f"What {shown} can do")

    def try_move(self, line: str, p: int) -> None:
        text, wrong_seat = intent.seat_refs(normalize_input(line).strip(), self.names)
        if wrong_seat is not None:
            self.say(self._no_seat_to_name(line) or wrong_seat)
            return
        words = text.split()
        verb = words[0] if words else ""
        exact: Move | None = None
        with contextlib.suppress(ValueError):
            exact = Move.parse(text)
        if exact is None:  # not the notation: perhaps a looser form (10h, play 10H, points 10)
            loose = intent.read_move(text, self.legal(), self.style.plain)
            if loose is not None:
                self.act(loose)
                return
            if len(words) == 1 and is_card_text(words[0].upper()) and verb not in VERBS:
                self.card_moves(words[0].upper())
                return
        try:
            move = Move.parse(text)
        except ValueError as exc:
            if verb in VERBS:
                options = [m for m in self.legal() if str(m).startswith(verb)]
                if options and len(text.split()) == 1:
                    self.list_moves(options, f"Your {verb} moves")
                    return
                hint = (
                    f" (legal now: {count(len(options), verb + ' move')}; type {verb} alone)"
                    if options
                    else f" ({verb} is not possible now)"
                )
                self.say(f"{one_line(str(exc), 120)}{hint}")
                return
            self.say(f"Not a move or command: {one_line(line, 120)!r}. Type help, or moves.")
            return
        legal = self.legal()
        if move not in legal:  # ``oneoff 4S`` at three seats: the seats it may name, as ``4s`` does
            aimed = [m for m in legal if _names_a_seat_after(str(m), str(move))]
            if aimed:
                self.list_moves(aimed, f"What {self.style.plain(str(move).split()[1])} can do")
                return
        try:
            self._apply(p, move)
        except ValueError as exc:
            self.say(f"Illegal: {one_line(str(exc), 120)}")

    def _no_seat_to_name(self, line: str) -> str | None:
        """Why ``jack JC 7D >`` names no seat at a cutthroat table (a jack or joker takes the
        card for its own player there), or None when its moves do name one."""
        verb = line.split()[0].lower() if line.split() else ""
        options = [str(m) for m in self.legal() if str(m).startswith(verb + " ")]
        if ">" not in line or not options or any(">" in o for o in options):
            return None
        example = self.style.words(options[0])
        return f"No seat to name: a {verb} takes the card for its own player here (e.g. {example})."

    def show_rules(self, card: str) -> None:
        if not card:
            self.panel("Rules", cards_view(str(self.game.rules)))
            return
        try:
            if self.style.ascii or not self.io.interactive:
                width = self.io.size()[0]
                text = card_rules(card, False, width)
                assert isinstance(text, Text)
                self.panel(f"Rules: {card[:20]}", Text(self.style.say(text.plain)))
            else:
                self.panel(f"Rules: {card[:20]}", card_rules(card, True))
        except ValueError as exc:
            self.say(one_line(str(exc), 120))
        except (ImportError, OSError):
            self.say("The rules text is not available; see: cuttle rules")

    def show_scrap(self) -> None:
        scrap = self.position().get("scrap", [])
        if not scrap:
            self.say("The scrap is empty.")
            return
        body = Text.assemble(
            (f"Scrap ({len(scrap)}, oldest first): ", "bold"), self.style.cards(list(scrap))
        )
        self.panel("Scrap", body)

    def show_log(self, p: int) -> None:
        if not self.log:
            self.say("No moves yet.")
            return
        lines = [Text(self.style.say(f"{e.ply:3d}. {e.text_for(p)}")) for e in self.log]
        self.panel("Log", Group(Text("The game so far", style="bold"), *lines))

    def hint(self) -> None:
        n = self.game.players
        if players.hint_level(n) is None:
            self.say(f"No hint: no AI that plays a table of {n} gives one yet.")
            return
        try:
            with self.io.thinking(self.style.say("Looking for a hint…")):
                p = self.game.to_move if self.game.to_move is not None else 0
                names = None
                if n > 2:
                    names = tuple("you" if s == p else name for s, name in enumerate(self.names))
                opponent = self.names[1 - p] if self.hotseat and n == 2 else "the AI"
                move, level, why = players.hint_move(
                    self.game, self.seed, self.options.think, opponent, names
                )
        except KeyboardInterrupt:  # Ctrl-C while the AI looks: no hint, the game goes on
            self.say("Hint cancelled.")
            return
        meta = self.move_items([move])[0][1]
        extra = f" — {why}" if why else ""
        self.say(f"Hint ({level} AI): {self.style.words(str(move))}  [{meta}]{extra}")

    def undo(self, p: int) -> None:
        if self.hotseat:
            self.say("undo works only against the AI.")
            return
        ply = len(self.game.history)
        earlier = [c for c in self.choices if c < ply]
        if not earlier:
            self.say("Nothing to undo: you have made no decision yet.")
            return
        target = earlier[-1]
        moves = [str(m) for _, m in self.game.history]
        shown = first_reveal(self.seed, self.rules, moves, target, p)
        if shown is not None:
            self.say(refusal(self.log, shown, target, p))
            return
        kept = moves[:target]
        fresh = SessionState(
            self.seed, self.rules, self.seats, self.io, self.options, kept, self.places
        )
        said = undone(self.log, target, p)
        self.game, self.log = fresh.game, fresh.log
        self.choices, self.numbered, self.dirty = fresh.choices, None, True
        self.printed_log = len(self.log)
        self.save()
        self.announce(said)

    def save_as(self, name: str | None) -> None:
        """``save`` (the game's own save) or ``save FILE`` (a copy of the record there)."""
        saved = self.save()
        if name is None:
            if saved and self.slot is not None and self.slot.exists():
                self.say(f"Saved as {self.slot.name} ({shown_path(self.slot.path)}).")
            else:
                self.say(self.leave_words())
            return
        path = Path(name).expanduser()
        try:
            replace = _holds_a_record(path)
            write_json(path, self.record().public_json(), replace=replace)
        except UnsafeTargetError as exc:
            self.say(f"Not saved: {exc} (only a cuttle game record is replaced).")
            return
        except OSError as exc:
            self.say(f"Could not save to {shown_path(name)}: {os_reason(exc)}")
            return
        if self.game.outcome is None:
            self.say(f"Saved to {shown_path(path)} (the game so far).")
        else:
            shown = shown_path(path)
            self.say(f"Saved to {shown} (watch it with: cuttle replay {shown}).")

    def concede_question(self, p: int) -> str:
        """What seat ``p`` is asked before it concedes (a server asks it on p's own screen)."""
        return concede_question_at(self.game, self.names, p)

    def concede(self, p: int) -> Result | None:
        if not ask_yes_no(self.io, self.concede_question(p)):
            self.say("Not conceded; play on.")
            return None
        self.conceded(p)
        return None

    def conceded(self, p: int, words: str | None = None) -> None:
        """``p`` loses by concession, asked already (or claimed against, on a server): the log
        says ``words`` (by default ``NAME conceded``) and the game is saved."""
        self.game.concede(p)
        if words is not None:
            line = words
        elif self.game.players > 2:  # a cutthroat seat goes out and the game may go on: say so
            line = concession_words(self.position(), self.names, p)
        else:
            line = f"{self.names[p]} conceded"
        self.log.append(LogEntry(len(self.game.history), p, "concede", line))
        self.save()


def _names_a_seat_after(move: str, typed: str) -> bool:
    """``move`` is the typed move with a seat named after it (``oneoff 4S @1``)."""
    rest = move[len(typed) :] if move.startswith(typed) else ""
    return rest.startswith((" @", " >"))


def _holds_a_record(path: Path) -> bool:
    """True when ``path`` is a cuttle game record (which ``save FILE`` may replace)."""
    if not path.exists():
        return False
    try:
        read_record(path)
    except CorruptFileError:
        return False
    return True
