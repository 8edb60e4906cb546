"""One game on the server: a ``GameSession`` whose input and output are its players' screens
(two to four seats, people or AIs; ``tables/`` has the claims and the waiting seats' lines).

``Match`` is the session's ``GameIO``. It hands each seat's screen only that seat's view
(``Game.view(seat)``), spectators only the public part of the table (``spectators.py``), and reads
each line from the screen of the player to move. Between people ``hint``, ``undo``, ``settings``
and ``save FILE`` are refused; ``quit`` leaves the table with the seat kept (``seats.py``), and
the player who waits may concede. A player whose connection dropped keeps the seat for ``hold``
seconds, one idle on their turn is idle after ``idle`` seconds; then the opponent is offered the
game (``timers.py``: a claim, won against the absent player). At the end both players are asked
for a rematch (``rematch.py``); what a player who goes back to the lobby is told there waits in
``parting``.

Against the AI, a counter window of a person who holds nothing to counter with is answered for
them (``resolve``), as at home; but its time would tell a spectator "no 2". So every counter
window of a person against the AI, answered for them or by them, closes no sooner than a time
drawn anew for each window (``WINDOW_WAIT``, like a person's answer), the same rule for both,
as the AI's own search takes the same time whether its answer is forced or not.

The session runs in the match's own thread; every screen call is posted to the screen's event loop.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from rich.console import RenderableType

from cuttle import Move
from cuttle.files.storage import GameRecord
from cuttle.play.session import GameSession, Options, Seat
from cuttle.serve import adapter, keep, store
from cuttle.serve.adapter import Gone, Screen
from cuttle.serve.aipool import AIPool
from cuttle.serve.limits.frames import carried
from cuttle.serve.rematch import ask_rematch, gone_question, seat_ais
from cuttle.serve.seats import Chair, Seats
from cuttle.serve.spectators import Spectators, public_model
from cuttle.serve.tables.claims import Claims, settle
from cuttle.serve.tables.out import OutSeats, out_words
from cuttle.serve.tables.waiting import Waiting, own_concede_question, takeover_level
from cuttle.serve.timers import WINDOW_WAIT, Clock, CounterWindows, Timers
from cuttle.text.cardtext import CardStyle
from cuttle.text.render import GameOverView, MoveListView, TableModel
from cuttle.text.safetext import clean_line

log = logging.getLogger("cuttle.serve")
T = TypeVar("T")

POLL = 0.05  # seconds between looks at the clock while a line is awaited
# lines the local game prints about the host's own files and commands: not for a remote player
HOST_ONLY = (
    "cuttle review", "cuttle replay", "Record kept", "cuttle play --resume", "Game saved",
    "cuttle play --seed",  # "this deal again": the seed, which is the whole deal
)
QUIT = ("quit", "exit", "q")  # leave the table, whatever follows (the session would end the game)
REFUSED_BETWEEN_PEOPLE = {
    "hint": "hint is not offered in a game between people: it would be the AI playing for you.",
    "undo": "undo is not offered in a game between people: your opponent has seen your move.",
}
REFUSED_ON_SERVER = {
    "settings": "settings are the server's own; they cannot be changed from a game over SSH.",
    "save": "The game is saved on the server after every move (save and save FILE are the "
    "server's own).",
}


class Stopped(Exception):
    """The server is stopping: the session ends where it waits (the game is saved)."""


class ServedSession(GameSession):
    """The session of a served game: an answer to a person's counter window against the AI
    (``resolve`` answered for them included) is applied no sooner than the window's time
    (``hold_window``), so its timing tells nobody what the hand holds."""

    hold_window: Callable[[int], None] = staticmethod(lambda ply: None)
    # teams: the seats an AI took over (``tables/claims.py``): seat -> (the key and the name of
    # the person who played it until then), kept in the save to outlive a restart
    replaced: dict[int, tuple[str, str]]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.replaced = {}
        super().__init__(*args, **kwargs)

    def record(self) -> GameRecord:
        """The game as a record; a seat an AI took over is kept with its person: the save
        holds who it was (``replaced``), the finished game names them (its controller says the
        AI finished it: the history, ``games`` and the ratings read both)."""
        record = super().record()
        replaced = self.replaced
        if not replaced:
            return record
        if record.session is not None:
            record.session["replaced"] = [[p, key, name] for p, (key, name) in
                                          sorted(replaced.items())]
        if record.outcome is not None:
            record.players = [replaced[p][1] if p in replaced else name
                              for p, name in enumerate(record.players)]
        return record

    def concede_question(self, p: int) -> str:
        """Asked on one's own screen (``waiting.py``), not in hot-seat's words."""
        return own_concede_question(self.game, self.names, p)

    def _apply(self, player: int | None, move: Move | str, quiet: bool = False) -> Any:
        if (
            not quiet
            and player is not None
            and self.game.phase == "counter"
            and self.seats[player].ai is None
            and not self.hotseat
        ):
            self.hold_window(len(self.game.history))
        return super()._apply(player, move, quiet)


class Match:
    """A game on the server of two to four seats (people, AIs, or both)."""

    interactive = True
    menus = True  # lists of moves are menus with numbers of their own (as on the full screen)

    def __init__(
        self,
        match_id: str,
        seed: int,
        rules: str,
        chairs: tuple[Chair, ...],
        ai: tuple[str | None, ...] = (None, None),
        *,
        hold: float = 300.0,
        idle: float = 900.0,
        clock: Clock | None = None,
        moves: list[str] | None = None,
        on_end: Callable[[Match], None] | None = None,
        on_rematch: Callable[[Match], None] | None = None,
        on_change: Callable[[], None] | None = None,
        pool: AIPool | None = None,
        window_wait: tuple[float, float] = WINDOW_WAIT,
    ) -> None:
        self.id = match_id
        self.rules = rules
        self.chairs = chairs
        self.clock = clock or Clock()
        self.on_end = on_end
        self.on_rematch = on_rematch
        self.on_change = on_change  # what the lobbies list of it changed (any thread)
        self.ai = ai
        self.started_at = time.time()
        self.lock = threading.RLock()  # the seats' and the spectators' lists, ``over``
        self.people = [p for p in range(len(chairs)) if ai[p] is None]
        self.seats = Seats(chairs, self.people, self.lock, self.clock)
        self.spectators = Spectators(self.lock)
        self.timers = Timers(self.seats, hold, idle, self.clock)
        self.acting: int | None = None
        self.prompt = ""
        self.claimed: tuple[int, int] | None = None  # (the seat claimed against, by whom)
        self.parting: dict[int, str] = {}  # seat -> the words for their lobby (the rematch off)
        self.waiting = Waiting(self)  # the lines of the seats that wait
        self.over = False
        self.kept: str | None = None  # the save slot the server's games list names
        self.stopping = False
        self.footer = ""  # the session's latest notices, shown to both seats
        seats = tuple(Seat(c.name, a) for c, a in zip(chairs, ai, strict=True))
        # the seed is the whole deal and deck: never on a screen, not even at the end (the
        # server's next deals, and a rematch's, must not be guessed from the seeds seen)
        options = Options(style=CardStyle(), show_seed=False, seed_at_end=False)
        self.finished_id: int | None = None  # the game's id in the history, once it is there
        self.pool = pool or AIPool(0)  # where the AI thinks (the server's worker processes)
        places = store.places(self.pool.choose, self._record_finished)  # the server's files
        self.windows = CounterWindows(window_wait)
        self.session = ServedSession(seed, rules, seats, self, options, moves=moves,
                                     places=places)
        self.session.hold_window = self._hold_window
        self.out = OutSeats(self.session, self.lock)  # cutthroat: who is out, who went
        self.timers.out = lambda: self.out.seats(self.people)
        self.claims = Claims(self.timers, len(chairs), self.session.game.rules.teams)
        self.told_spectators: tuple[int, int] | None = None  # the last move they were shown
        # the thread starts as the one who made the game (whoever filled the table, a
        # rematch's last yes): what it draws before a person's first line is theirs to pay for
        self.thread = threading.Thread(target=carried().run, args=(self._run,),
                                       name=f"cuttle-match-{match_id}")
        self.thread.daemon = True

    # == the server's side (event loop thread) ================================================
    def start(self) -> None:
        self.thread.start()

    def seat_of(self, key: str) -> int | None:
        """The seat of the player logged in with ``key``, if they play here (not one who was
        out of the game and went back to the lobby: free to play elsewhere)."""
        seat = self.seats.seat_of(key)
        return None if seat is None or self.out.released(seat) else seat

    def sit(self, seat: int, screen: Screen) -> None:
        """A player takes (or takes back) their seat on ``screen``: the table is drawn in full."""
        self.seats.sit(seat, screen)

    def leave(self, seat: int, screen: Screen, left: bool = False) -> None:
        """``screen`` is gone (the connection dropped; ``left``: the player left the table with
        quit): the seat is held."""
        self.seats.leave(seat, screen, left)

    def release(self, seat: int, screen: Screen) -> None:
        """The player of ``seat``, out of the game, goes back to the lobby: the seat is let
        go (not held: the others are not told), the lobby says how to follow the game."""
        playing = " and ".join(n for q, n in enumerate(self.names())
                               if q not in self.session.game.seats.out)
        self.out.release(seat)
        self.part(seat, f"You left game {self.id} (you were out); {playing} play on: "
                        f"watch {self.id} follows it.")
        self.seats.leave(seat, screen, left=True)

    def part(self, seat: int, words: str) -> None:
        """What the player of ``seat`` is told in the lobby after the game (the rematch off)."""
        with self.lock:
            self.parting[seat] = words

    def parting_words(self, seat: int) -> str:
        """What the player of ``seat`` is told in the lobby after the game (once; "" if nothing)."""
        with self.lock:
            return self.parting.pop(seat, "")

    def watch(self, screen: Screen) -> bool:
        """A spectator joins; False when the game is already over."""
        with self.lock:
            if self.over:
                return False
            self.spectators.add(screen)
        return True

    def unwatch(self, screen: Screen) -> None:
        self.spectators.remove(screen)

    def chose_lobby(self, screen: Screen) -> bool:
        """The spectator on ``screen`` answered the game-over question (not to follow a rematch)."""
        return self.spectators.chose_lobby(screen)

    def stop(self) -> None:
        """The server stops: the game is saved and its thread ends at its next wait."""
        with self.lock:
            self.stopping = True

    def names(self) -> tuple[str, ...]:
        return self.session.names

    def keys(self) -> list[str | None]:
        """Each seat's login key, in seat order; None for an AI's seat (one from the start, or
        one an AI took over in the game)."""
        return [c.key if self.ai[p] is None else None for p, c in enumerate(self.chairs)]

    def played_keys(self) -> list[str | None]:
        """``keys``, and in a seat an AI took over the key of the person who played it until
        then: the finished game is theirs too (``games``, ``me``; docs/serve.md, "Ratings")."""
        return [self.session.replaced.get(p, (k, ""))[0] for p, k in enumerate(self.keys())]

    def away(self) -> list[int]:
        return self.seats.away()

    # == the session's side (match thread) ====================================================
    def _hold_window(self, ply: int) -> None:
        """The counter window at ``ply`` closes no sooner than its time; the stop ends the wait."""
        if not self.windows.hold(ply, lambda: self.stopping):
            raise Stopped

    def _run(self) -> None:
        try:
            self.session.run()
        except Stopped:
            self.session.save()
        except Exception:  # one game's error ends that game only
            log.exception("match %s ended by an error", self.id)
            with contextlib.suppress(Exception):
                self.session.save()
        finally:
            self.session.close()
            if self.kept is not None and self.session.game.outcome is not None:
                keep.forget(self.kept)
            if self.session.game.outcome is not None:
                self._note_finished()
            with self.lock:
                self.over = True
            if self.on_end is not None:
                self.on_end(self)
            if not self.stopping:
                self._goodbye()

    def _record_finished(
        self, record: GameRecord, duration: float | None, source: str | None
    ) -> tuple[int | None, str | None]:
        """Into the history (as any finished game), the id kept for the players' ``games``."""
        # the people's keys (None: an AI's seat, from the start or taken over): ratings
        game_id, problem = store.record_finished(record, duration, source,
                                                 keys=self.played_keys())
        self.finished_id = game_id
        return game_id, problem

    def _note_finished(self) -> None:
        """Remember the finished game's history id for each player's key (``replay``)."""
        if self.finished_id is not None:
            keep.add_finished(self.played_keys(), self.finished_id)

    def _goodbye(self) -> None:
        """The game is over: the players are offered a rematch with the seats swapped (both
        must agree); then every screen goes back to the lobby."""
        with self.lock:
            players = {screen: p for p, screen in self.seats.screens()}
            watchers = self.spectators.take_all()
        # cutthroat: those out who went to the lobby (or dropped) are not waited for; an AI
        # takes their seat in the rematch, as the question says
        gone = self.out.left_at_the_end(self.people, set(players.values()))
        asked = [p for p in self.people if p not in gone]
        offered = (
            len(players) == len(asked) > 0
            and self.on_rematch is not None
            and self.session.game.outcome is not None  # not after an error
        )
        level = takeover_level(len(self.chairs))
        question, said = gone_question(self.names(), gone, level) if gone else (None, "")
        agreed = ask_rematch(
            players, watchers, asked, offered,
            until=self.clock.now() + self.timers.idle, clock=self.clock,
            stopping=lambda: self.stopping, went_to_lobby=self.spectators.went_to_lobby,
            names=self.names(), parted=self.part, question=question, said=said,
        )
        if agreed and self.on_rematch is not None:
            seat_ais(self, gone, level)
            self.on_rematch(self)  # the new game exists before the screens leave this one
        for screen in [*players, *watchers]:
            adapter.close_screen(screen)

    def _sync(self) -> None:
        """Draw in full what (re)joined since the last look: a seat taken back (the others told
        that its player is back), a spectator."""
        out = self.out.seats(self.people)
        for p in self.seats.take_returned():
            if p in out:  # nothing to the others: they play on without them
                self.out.told.pop(p, None)  # told again on the screen they came back on
                continue
            words = f"{self.session.names[p]} is back."
            for o, other in self.seats.screens():
                if o != p:
                    adapter.message(other, words)
            for watcher in self.spectators.drawn():
                adapter.message(watcher, words)
        seats = self.seats.take_redraw()
        fresh = self.spectators.take_fresh()
        for p in seats:
            screen = self.seats.screen(p)
            if screen is None:
                continue
            adapter.start_game(screen, self._source(p))
            adapter.table(screen, self._model_for(p))
            if self.acting == p and self.session.game.outcome is None:
                adapter.begin_read(screen, self.prompt)
        for screen in fresh:
            adapter.start_game(screen, list)
            adapter.table(screen, public_model(self.session))
        self._tell_out(out)

    def _tell_out(self, out: set[int]) -> None:
        """Each person just put out (or back on a screen while out) is told so, once, and
        shown the public table."""
        for p in sorted(out - self.out.told.keys()):
            screen = self.seats.screen(p)
            if screen is None:
                continue
            self.out.told[p] = out_words(self.session.names, p, self.session.game)
            adapter.table(screen, self.out.model(p))
            adapter.message(screen, self.out.told[p])

    def _model_for(self, seat: int, status: str | None = None) -> TableModel:
        """What ``seat`` sees now: its own view, or the public one while it is out."""
        if seat in self.out.seats(self.people):
            return self.out.model(seat)
        return self._own_model(seat, status)

    def _source(self, seat: int) -> Callable[[], list[tuple[str, str]]]:
        """The moves a seat's Tab lists: its own, on its own turn only."""

        def moves() -> list[tuple[str, str]]:
            if self.session.game.to_move != seat or self.over:
                return []
            return self.session.completions()

        return moves

    def _own_model(self, seat: int, status: str | None = None) -> TableModel:
        g = self.session.game
        if status is None and g.outcome is None and g.to_move is not None and g.to_move != seat:
            status = f"{self.session.names[g.to_move]} to move…"
        model = self.session.model(seat, status)
        model.footer = self.footer
        return model

    # -- GameIO --------------------------------------------------------------------------------
    def read(self, prompt: str) -> str:
        p = self.session.game.to_move
        assert p is not None
        if self.session.game.phase == "counter":  # its time runs from when it is first shown
            self.windows.shown(len(self.session.game.history))
        self.acting, self.prompt = p, prompt
        self._sync()
        begun: Screen | None = None
        since = self.clock.now()
        self.claims.reset()
        try:
            while True:
                if self.stopping or self.timers.everyone_gone():
                    self.stopping = True
                    raise Stopped
                self._sync()
                screen = self.seats.screen(p)
                self.timers.show_absence(self.names(), self.spectators.drawn())
                if screen is not None and screen is not begun:
                    adapter.begin_read(screen, prompt)
                    begun, since = screen, self.clock.now()
                line: str | None = None
                if screen is None:
                    begun = None
                    time.sleep(POLL)
                else:
                    try:
                        line = adapter.answer(screen, POLL)
                    except Gone:
                        begun = None
                    except (KeyboardInterrupt, EOFError):
                        adapter.message(screen, "Type quit to leave the table (your seat is kept).")
                        begun = None
                if line is not None:
                    done = self._line(p, screen, line)
                    if done is not None:
                        return done
                    begun = None  # a refused command: read again
                    since = self.clock.now()
                    continue
                verdict = self.claims.step(p, since, self.names(), self.waiting.conceding)
                if verdict is not None:
                    settle(self, p, *verdict)
                    return ""  # the game moved on (or is over): the session reads afresh
                conceded = self.waiting.lines(p, set(self.claims.asked.values()))
                if conceded is not None:
                    self.session.conceded(conceded)
                    self.session.dirty = True
                    return ""
        finally:
            self.claims.withdraw()
            self.waiting.close()

    def _line(self, p: int, screen: Screen | None, line: str) -> str | None:
        """A typed line: what the session gets, or None when the match answered it itself."""
        words = clean_line(line).lower().split()
        cmd = words[0] if words else ""
        between_people = len(self.people) > 1
        why = REFUSED_BETWEEN_PEOPLE.get(cmd) if between_people else None
        if cmd in REFUSED_ON_SERVER:
            why = REFUSED_ON_SERVER[cmd]
        if why is not None and screen is not None:
            adapter.message(screen, why)
            return None
        if cmd in QUIT and screen is not None:
            self.leave(p, screen, left=True)
            return None
        return line

    def ask(self, question: str) -> str:
        p = self.acting
        screen = self.seats.screen(p) if p is not None else None
        if screen is None:
            return ""
        adapter.begin_ask(screen, question)
        while True:
            if self.stopping:
                raise Stopped
            try:
                got = adapter.answer(screen, POLL)
            except (Gone, KeyboardInterrupt, EOFError):
                return ""
            if got is not None:
                return got
            if self.seats.screen(p) is not screen:  # type: ignore[arg-type]
                return ""

    def _to_actor(self) -> Screen | None:
        return self.seats.screen(self.acting) if self.acting is not None else None

    def message(self, text: str) -> None:
        if any(h in text for h in HOST_ONLY):
            return
        if self.session.game.outcome is not None:
            for _, screen in self.seats.screens():
                adapter.message(screen, text)
            return
        actor = self._to_actor()
        if actor is not None:
            adapter.message(actor, text)

    def panel(self, title: str, body: RenderableType) -> None:
        actor = self._to_actor()
        if actor is not None:
            adapter.panel(actor, title, body)

    def game_over(self, view: GameOverView) -> None:
        if self.claimed is not None:  # won against an absent player: not their concession
            p, _ = self.claimed
            names = self.session.names
            winners = (names[1 - p] if len(names) == 2
                       else f"{names[(p + 1) % 4]} and {names[(p + 3) % 4]}")
            win = "wins" if len(names) == 2 else "win"
            headline = f"{winners} {win} by claim: {names[p]} {self.timers.why}"
            view = dataclasses.replace(view, headline=headline)
        for p, screen in self.seats.screens():
            if p in self.out.told:  # "the others play on" no longer holds
                adapter.remove_message(screen, self.out.told[p])
            adapter.game_over(screen, view)

    def farewell(self, lines: list[str]) -> None:
        return None  # how to continue on the server's own terminal: not for a remote player

    def record_kept(self, lines: list[str]) -> None:
        return None  # a path or command on the server's own machine: not for a remote player

    def offer_review(self, record: GameRecord, where: str, later: str | None) -> None:
        return None  # reviews are the lobby's (review ID), where the server limits them

    def run(self, body: Callable[[], T]) -> T | None:
        return body()  # the match's thread is the game's

    def size(self) -> tuple[int, int]:
        return 80, 24

    def set_pace(self, pace: str) -> None:
        actor = self._to_actor()
        if actor is not None:
            adapter.set_pace(actor, pace)

    def set_style(self, style: CardStyle) -> None:
        actor = self._to_actor()
        if actor is not None:
            adapter.set_style(actor, style)

    def _remember(self) -> None:
        """Note the game's save slot with its seats' keys (once the first move saved it)."""
        slot = self.session.slot
        if slot is None or self.kept == slot.name or self.session.game.outcome is not None:
            return
        self.kept = slot.name
        keep.remember(slot.name, self.id, self.keys())

    def table(self, model: TableModel) -> None:
        self._sync()
        self._remember()
        out = self.out.seats(self.people)
        if model.viewer is None:  # the game is over: each seat still sees only its own view
            for p, screen in self.seats.screens():
                adapter.table(screen, self._own_model(p, model.status))
        else:
            mine = self.seats.screen(model.viewer)
            if mine is not None:
                adapter.table(mine, self.out.model(model.viewer) if model.viewer in out
                              else model)
            self.footer = model.footer  # the notices (who moves first...) are for both
            for p, other in self.seats.screens():
                if p != model.viewer:
                    adapter.table(other, self._model_for(p))
        self._tell_out(out)
        for watcher in self.spectators.drawn():
            adapter.table(watcher, public_model(self.session))

    def event(self, model: TableModel, own: bool) -> None:
        assert model.viewer is not None
        screen = self.seats.screen(model.viewer)
        if screen is not None and model.viewer in self.out.seats(self.people):
            adapter.event(screen, self.out.event_model(model.viewer, model.highlight), False)
        elif screen is not None:
            adapter.event(screen, model, own)
        ply = (len(self.session.game.history), len(self.session.log))
        if ply == self.told_spectators:  # each person's step comes with it: shown them once
            return
        self.told_spectators = ply
        for watcher in self.spectators.drawn():
            adapter.event(watcher, public_model(self.session, model.highlight), False)

    def show_moves(self, view: MoveListView, moves: list[str]) -> None:
        screen = self._to_actor()
        if screen is not None:
            adapter.show_moves(screen, view, moves)

    def wait(self, view: RenderableType) -> bool:
        return True  # each player has a screen of their own: no keyboard to hand over

    @contextlib.contextmanager
    def thinking(self, text: str) -> Iterator[None]:
        screens = self.seats.screens()
        for _, screen in screens:
            adapter.set_status(screen, text)
        try:
            yield
        finally:
            for _, screen in screens:
                adapter.set_status(screen, "")

    def start_game(self, source: Any) -> None:
        self.seats.redraw_all()
        self.spectators.redraw_all()
        self._sync()

    def flush_input(self) -> None:
        screen = self._to_actor()
        if screen is not None:
            adapter.flush_input(screen)
