"""``SessionState`` on its own: the position and legal moves built once per move and shared, the
log's text taken once per entry and viewer, moves applied and replayed, who sees what, and the
saves and the ``--record`` file written through a ``Places`` of the test's own."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from scriptio import ScriptIO, as_gameio

from cuttle import Game
from cuttle.cards import HIDDEN
from cuttle.files.saves import Slot, SlotError
from cuttle.files.storage import GameRecord
from cuttle.play import state as state_module
from cuttle.play.places import Places
from cuttle.play.state import Options, Seat, SessionState
from cuttle.text.describe import LogEntry

HOTSEAT = (Seat("Ann"), Seat("Bob"))
VS_AI = (Seat("You"), Seat("AI", "random"))
# seed 1: Ann holds AH 5S 9S TD KD and moves first; Bob holds 2D 3D 3S 6H 8D TH
FIRST_MOVES = ["draw", "points 2D", "points 9S"]


def make(
    seats: tuple[Seat, Seat] = HOTSEAT,
    io: ScriptIO | None = None,
    moves: list[str] | None = None,
    places: Places | None = None,
    **options: Any,
) -> SessionState:
    opts = Options(**{"save": False, **options})
    return SessionState(1, "classic", seats, as_gameio(io or ScriptIO()), opts, moves, places)


def count(monkeypatch: pytest.MonkeyPatch, cls: type, name: str, counts: Counter[str]) -> None:
    orig = getattr(cls, name)

    def wrapped(self: Any, *args: Any) -> Any:
        counts[name] += 1
        return orig(self, *args)

    monkeypatch.setattr(cls, name, wrapped)


# -- the game now -----------------------------------------------------------------------------


def test_the_position_is_built_once_per_move_and_shared(monkeypatch: pytest.MonkeyPatch) -> None:
    s = make()
    counts: Counter[str] = Counter()
    count(monkeypatch, Game, "to_position", counts)
    count(monkeypatch, Game, "view", counts)
    whole = s.position()
    assert s.position() is whole and s.position(None) is whole
    mine = s.position(0)
    assert s.position(0) is mine and mine is not whole
    assert counts == Counter(to_position=1, view=1)
    s.game.play("draw")  # the game moved on: built again, once
    after = s.position()
    assert after is not whole and s.position() is after
    assert len(after["hands"][0]) == 6 and len(whole["hands"][0]) == 5
    assert counts["to_position"] == 2


def test_a_viewer_sees_only_their_own_hand() -> None:
    s = make()
    assert s.position(0)["hands"][1] == [HIDDEN] * 6
    assert HIDDEN not in s.position(0)["hands"][0]
    assert HIDDEN not in s.position(1)["hands"][1]
    assert s.position(1)["hands"][0] == [HIDDEN] * 5
    assert HIDDEN not in s.position()["hands"][1]  # None: every card (the end, the record)
    assert s.position()["rules"] == "classic"


def test_a_game_put_in_place_of_the_old_one_is_not_answered_from_the_old_one() -> None:
    s = make()
    old = s.position()
    s.game = Game.new(seed=2)  # same number of moves (none), another deal
    assert s.position() is not old
    assert s.position()["hands"] == Game.new(seed=2).to_position()["hands"]
    assert [str(m) for m in s.legal()] == [str(m) for m in Game.new(seed=2).legal_moves()]


def test_the_legal_moves_are_listed_once_per_move_and_handed_out_as_copies(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    s = make()
    counts: Counter[str] = Counter()
    count(monkeypatch, Game, "legal_moves", counts)
    first = s.legal()
    first.clear()  # the caller's own list: changing it changes nothing kept
    again = s.legal()
    assert [str(m) for m in again][:2] == ["draw", "points AH"]
    assert counts["legal_moves"] == 1
    s.game.play("draw")
    assert [str(m) for m in s.legal()][1] == "points 2D"
    assert counts["legal_moves"] == 2


def test_the_log_text_adds_only_the_new_entries(monkeypatch: pytest.MonkeyPatch) -> None:
    s = make(moves=FIRST_MOVES[:2])  # replayed: nothing printed or drawn yet
    counts: Counter[str] = Counter()
    count(monkeypatch, LogEntry, "text_for", counts)
    texts = s.log_texts(0)
    assert counts["text_for"] == 2 and len(texts) == 2
    assert s.log_texts(0) == texts and counts["text_for"] == 2  # nothing taken again
    s._apply(0, "points 9S")
    counts.clear()  # (plain output printed it)
    assert s.log_texts(0)[:2] == texts and len(s.log_texts(0)) == 3
    assert counts["text_for"] == 1  # only the new entry
    texts.append("changed by the caller")
    assert len(s.log_texts(0)) == 3  # a copy was handed out
    s.log_texts(1)
    assert counts["text_for"] == 4  # another viewer: each entry once for them too


def test_the_log_text_is_each_viewers_own() -> None:
    s = make()
    s._apply(0, "draw")
    drawn = next(c for c in s.position(0)["hands"][0] if c not in ("AH", "5S", "9S", "TD", "KD"))
    assert s.style.plain(drawn) in s.log_texts(0)[0]
    assert s.style.plain(drawn) not in s.log_texts(1)[0]  # Bob does not see the card drawn


def test_a_log_put_in_place_of_the_old_one_is_read_again() -> None:
    s = make()
    for move, p in zip(FIRST_MOVES, (0, 1, 0), strict=True):
        s._apply(p, move)
    assert len(s.log_texts(None)) == 3
    s.log = s.log[:1]  # undo puts a fresh, shorter log in place
    assert s.log_texts(None) == [s.log[0].text_for(None)]
    s.log = [*s.log]  # another list of the same entries
    s._apply(1, "points 3D")
    assert len(s.log_texts(None)) == 2


# -- moves applied and replayed ---------------------------------------------------------------


def test_a_move_applied_is_logged_counted_and_refused_moves_change_nothing() -> None:
    s = make()
    before = s.game.to_position()
    with pytest.raises(ValueError):
        s._apply(0, "points 2D")  # Bob's card, not Ann's
    assert s.game.to_position() == before and s.log == [] and s.game.history == []
    entry = s._apply(0, "draw")
    assert entry is s.log[-1] and entry.ply == 1 and entry.actor == 0
    assert s.choices == [0]  # a human with more than one move: a decision
    assert s.dirty and s.numbered is None


def test_an_ai_seat_makes_no_decisions_to_undo() -> None:
    s = make(VS_AI)
    s._apply(0, "draw")
    s._apply(1, "points 2D")
    assert s.choices == [0]


def test_a_resumed_game_is_replayed_and_its_log_not_printed_again() -> None:
    io = ScriptIO()
    s = make(io=io, moves=FIRST_MOVES)
    assert [str(m) for _, m in s.game.history] == FIRST_MOVES
    assert [e.ply for e in s.log] == [1, 2, 3]
    assert s.choices == [0, 1, 2]
    assert s.printed_log == 3 and io.messages == []


def test_only_the_last_moves_of_a_long_game_are_described(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(state_module, "LOG_REPLAY", 2)
    s = make(moves=FIRST_MOVES)
    assert len(s.game.history) == 3  # every move played
    assert [e.ply for e in s.log] == [2, 3]  # only the last two described
    assert s.choices == [0, 1, 2]  # counted for the early ones too


def test_a_move_after_the_end_of_the_game_is_refused() -> None:
    g = Game.new(seed=4)
    moves: list[str] = []
    while g.outcome is None:  # the first legal move each time, to the end of the game
        move = str(g.legal_moves()[0])
        g.play(move)
        moves.append(move)
    assert len(make(moves=moves).game.history) == len(moves)
    with pytest.raises(ValueError, match="after the end"):
        make(moves=[*moves, "draw"])


def test_plain_output_prints_each_move_once_as_its_player_reads_it() -> None:
    io = ScriptIO()
    s = make(VS_AI, io=io)
    s._apply(0, "draw")
    s._apply(1, "points 2D")
    assert len(io.messages) == 2
    assert io.messages[1] == s.log[1].text_for(0)  # the human's eyes
    assert io.events == []  # plain output is not told step by step


def test_a_screen_is_told_each_move_with_the_cards_it_moved() -> None:
    io = ScriptIO(interactive=True)
    s = make(VS_AI, io=io)
    s._apply(0, "draw")
    s._apply(1, "points 2D")
    assert io.messages == []  # the screen's log shows them
    (_, own), (model, theirs) = io.events
    assert own and not theirs
    assert model.viewer == 0 and "2D" in model.highlight


# -- who is who -------------------------------------------------------------------------------


def test_whose_eyes_the_output_uses() -> None:
    assert make(VS_AI).perspective(1) == 0
    assert make((Seat("AI", "random"), Seat("You"))).perspective() == 1
    both = make()
    assert both.hotseat and both.perspective() == 0 and both.perspective(1) == 1
    assert make((Seat("A", "random"), Seat("B", "random"))).perspective() is None


def test_the_seed_is_shown_only_when_it_gives_nothing_away() -> None:
    assert make(VS_AI).seed_visible()
    assert not make(VS_AI, show_seed=False).seed_visible()
    hotseat = make()
    assert not hotseat.seed_visible()  # either player could read the other's hand from it
    hotseat.game.concede(0)
    assert hotseat.seed_visible()


# -- saves and records ------------------------------------------------------------------------


class TmpSlot(Slot):
    """A save slot in the test's folder (no lock)."""

    def __init__(self, folder: Path, name: str = "mine-1") -> None:
        super().__init__(name, None)
        self.folder = folder

    @property
    def path(self) -> Path:
        return self.folder / f"{self.name}.json"

    def release(self) -> None:
        return None


def places_in(folder: Path, slots: list[int | None], ticks: list[float]) -> Places:
    def new_slot(seed: int | None) -> Slot:
        slots.append(seed)
        folder.mkdir(exist_ok=True)
        return TmpSlot(folder)

    clock = iter(ticks)
    return Places(new_slot=new_slot, clock=lambda: next(clock))


def test_saves_go_to_the_places_slot_after_each_move(tmp_path: Path) -> None:
    slots: list[int | None] = []
    s = make(places=places_in(tmp_path / "saves", slots, [10.0]), save=True)
    assert s.started == 10.0  # the game's length is measured by the clock it was given
    assert s.save() and slots == []  # no move yet: nothing to save, no slot taken
    assert s.leave_words().startswith("No move was made")
    s._apply(0, "draw")
    assert slots == [1]
    saved = json.loads((tmp_path / "saves" / "mine-1.json").read_text(encoding="utf-8"))
    assert saved["moves"] == ["draw"]
    assert saved["session"]["seats"] == [{"name": "Ann", "ai": None}, {"name": "Bob", "ai": None}]
    s._apply(1, "points 2D")
    assert slots == [1]  # the same slot, written again
    saved = json.loads((tmp_path / "saves" / "mine-1.json").read_text(encoding="utf-8"))
    assert saved["moves"] == ["draw", "points 2D"]
    assert s.resumable()
    assert s.leave_words() == "Game saved as mine-1 (continue it with: cuttle play --resume)."


def test_a_save_that_fails_is_told_and_the_next_move_tries_again(tmp_path: Path) -> None:
    failures = [OSError(28, "No space left on device"), SlotError("every slot is taken")]

    def new_slot(seed: int | None) -> Slot:
        if failures:
            raise failures.pop(0)
        return TmpSlot(tmp_path)

    io = ScriptIO()
    s = make(io=io, places=Places(new_slot=new_slot), save=True)
    s._apply(0, "draw")
    assert "Could not save the game (No space left on device)" in io.said()
    assert not s.resumable() and "could not be saved" in s.leave_words()
    assert s.game.history and len(s.log) == 1  # the game goes on
    assert not s.save() and "every slot is taken" in io.messages[-1]
    assert s.save() and s.save_problem is None and s.resumable()


def test_no_save_when_saving_is_off(tmp_path: Path) -> None:
    slots: list[int | None] = []
    s = make(places=places_in(tmp_path, slots, [0.0]), save=False)
    s._apply(0, "draw")
    assert slots == [] and s.leave_words() == "The game was not saved."


def test_the_record_file_replaces_nothing_at_first_then_follows_the_game(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("mine", encoding="utf-8")
    io = ScriptIO()
    s = make(io=io, record_path=path)
    s._apply(0, "draw")
    assert path.read_text(encoding="utf-8") == "mine"  # not replaced
    assert "Could not write the record" in io.said()
    path.unlink()
    s._apply(1, "points 2D")
    assert json.loads(path.read_text(encoding="utf-8"))["moves"] == ["draw", "points 2D"]
    s._apply(0, "points 9S")  # written by this game: replaced from now on
    assert len(json.loads(path.read_text(encoding="utf-8"))["moves"]) == 3


def test_record_force_replaces_the_file_at_the_first_write(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("old", encoding="utf-8")
    s = make(record_path=path, record_force=True)
    s._apply(0, "draw")
    assert json.loads(path.read_text(encoding="utf-8"))["moves"] == ["draw"]


def test_the_record_holds_the_game_and_the_session() -> None:
    s = make(VS_AI, moves=["draw"], think=0.5)
    rec = s.record()
    assert isinstance(rec, GameRecord)
    assert rec.seed == 1 and rec.rules == "classic" and rec.moves == ["draw"]
    assert rec.controllers == ["human", "ai:random"] and rec.outcome is None
    assert rec.session is not None and rec.session["think"] == 0.5


def test_the_result_lists_the_same_person_first_after_the_deal_moves() -> None:
    """The result (and the final table's bottom seat) start from the first person at the table;
    a rematch turns the seats but keeps that person first, so the list reads the same."""
    from cuttle.play.seating import next_table

    three = (Seat("You"), Seat("AI 1", "random"), Seat("AI 2", "random"))
    first = SessionState(1, "classic+cutthroat", three, as_gameio(ScriptIO()), Options(save=False))
    assert first.home == "You" and first.result_order() == (0, 1, 2)
    turned = next_table(three)  # AI 1, AI 2, You
    again = SessionState(2, "classic+cutthroat", turned, as_gameio(ScriptIO()),
                         Options(save=False))
    assert [turned[p].name for p in again.result_order()] == ["You", "AI 1", "AI 2"]
    assert again.model(None).bottom == 2
    hotseat = make(HOTSEAT[::-1])  # after a hot-seat rematch: Bob at seat 0
    hotseat.home = "Ann"  # kept from the first game by the series
    assert hotseat.result_order() == (1, 0) and hotseat.model(None).bottom == 1
