"""What a game asks of its screen and of its files: every screen implements the whole ``GameIO``;
undo refuses to take back a look at a hidden card (``undo``); ``--record`` never overwrites a
file it was not given, and a save cannot point the game at another file (``recordfile``); the
in-game settings table (``settings_game``)."""

from __future__ import annotations

import inspect
import re
from io import StringIO
from pathlib import Path

import pytest
from rich.console import Console

from cuttle import Game
from cuttle.files.recordfile import adopt_record_path, next_record_path, record_target_problem
from cuttle.files.saves import saves_dir
from cuttle.files.settings import Settings, names
from cuttle.files.storage import GameRecord, write_json
from cuttle.play.io import GameIO
from cuttle.play.settings_game import settings_view
from cuttle.play.undo import first_reveal, seen_cards
from cuttle.text.cardtext import CardStyle
from cuttle.ui.app import AppIO
from cuttle.ui.terminal import PlainIO


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.setenv(name, str(tmp_path / name.lower()))


# -- GameIO ------------------------------------------------------------------------------------
@pytest.mark.parametrize("screen", [PlainIO, AppIO])
def test_every_screen_implements_every_call_of_gameio(screen: type) -> None:
    calls = [n for n, v in vars(GameIO).items() if callable(v) and not n.startswith("_")]
    assert {"read", "ask", "table", "show_moves", "thinking"} <= set(calls)
    for name in calls:
        wanted = list(inspect.signature(getattr(GameIO, name)).parameters)
        have = list(inspect.signature(getattr(screen, name)).parameters)
        assert have[: len(wanted)] == wanted, f"{screen.__name__}.{name}{have} vs {wanted}"


# -- undo --------------------------------------------------------------------------------------
def test_what_a_seat_has_seen_is_every_card_its_view_names() -> None:
    view = {"hands": [["7D", "??"], []], "points": [["9S+JH"], []], "permanents": [[], ["QH"]],
            "scrap": ["2C"], "deck": ["??", "??"], "stack": [{"move": "oneoff AS"}],
            "revealed": [], "known": ["4D"]}
    assert seen_cards(view) == {"7D", "9S", "JH", "QH", "2C", "AS", "4D"}


def test_going_back_is_refused_from_the_move_that_showed_a_hidden_card() -> None:
    g = Game.new(seed=6)
    moves: list[str] = []
    for _ in range(6):
        move = next(m for m in g.legal_moves() if str(m) == "draw")
        g.play(move)
        moves.append(str(move))
    # seat 0 drew at ply 1: going back to before it would take back the look at that card
    assert first_reveal(6, str(g.rules), moves, 0, 0) == 1
    # going back to the end takes nothing back
    assert first_reveal(6, str(g.rules), moves, len(moves), 0) is None


# -- recordfile --------------------------------------------------------------------------------
def test_a_record_target_is_refused_where_it_would_overwrite(tmp_path: Path) -> None:
    target = tmp_path / "g.json"
    assert record_target_problem(target, force=False) is None
    target.write_text("{}")
    assert "add --force" in (record_target_problem(target, force=False) or "")
    assert record_target_problem(target, force=True) is None
    assert "not a regular file" in (record_target_problem(tmp_path, force=True) or "")
    assert "not a file name" in (record_target_problem(Path(".."), force=True) or "")
    assert "saves live" in (record_target_problem(saves_dir() / "x.json", force=True) or "")


def test_a_rematch_records_to_the_next_free_name(tmp_path: Path) -> None:
    (tmp_path / "g.json").write_text("{}")
    assert next_record_path(tmp_path / "g.json") == tmp_path / "g-2.json"
    (tmp_path / "g-2.json").write_text("{}")
    assert next_record_path(tmp_path / "g-2.json") == tmp_path / "g-3.json"


def test_a_save_may_name_only_a_record_of_this_very_game(tmp_path: Path) -> None:
    record = GameRecord(rules="classic", seed=4, players=["A", "B"], moves=["draw", "draw"])
    kept = tmp_path / "g.json"
    write_json(kept, GameRecord("classic", 4, ["A", "B"], moves=["draw"]).to_json())
    assert adopt_record_path(str(kept), record) == (kept, None)
    assert adopt_record_path(None, record) == (None, None)
    path, notice = adopt_record_path(7, record)
    assert path is None and notice and "not a path" in notice
    other = tmp_path / "other.json"
    write_json(other, GameRecord("classic", 5, ["A", "B"]).to_json())
    path, notice = adopt_record_path(str(other), record)
    assert path is None and notice and "another game" in notice
    bashrc = tmp_path / ".bashrc"
    bashrc.write_text("echo hi\n")
    path, notice = adopt_record_path(str(bashrc), record)
    assert path is None and notice and "does not hold this game's record" in notice


# -- settings_game -----------------------------------------------------------------------------
def test_the_settings_table_lists_each_setting_with_its_value_and_choices() -> None:
    console = Console(width=120, file=StringIO(), color_system=None)
    console.print(settings_view(Settings(pace="fast"), CardStyle(ascii=True), Path("s.json")))
    text = console.file.getvalue()  # type: ignore[attr-defined]
    for name in names():
        assert name in text
    assert re.search(r"^pace +fast ", text, re.MULTILINE)
    assert re.search(r"^cards +symbols ", text, re.MULTILINE)
    console = Console(width=120, file=StringIO(), color_system=None)
    console.print(settings_view(Settings(), CardStyle(ascii=True), Path("s.json"), "pace",
                                ["bad value"]))
    only = console.file.getvalue()  # type: ignore[attr-defined]
    assert "pace" in only and "coach" not in only and "Note: bad value" in only
    assert "s.json" in only  # the file they are kept in
