"""Messages that name what went wrong, short and escaped (issue 25 item 17)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cuttle.cli import main
from cuttle.files.history import History
from cuttle.files.safefile import FolderError
from cuttle.files.storage import GameRecord, keep_finished


@pytest.fixture(autouse=True)
def _xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


RECORD = GameRecord("classic", 3, ["Ann", "Bot"], ["draw"], "p0", "concession",
                    ["human", "ai:hard"])


def test_a_huge_rules_topic_is_not_echoed_whole(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "x" * 100_000]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cuttle: rules: unknown") and len(err) < 600


def test_a_records_folder_that_is_a_file_is_named_at_once(tmp_path: Path) -> None:
    games = tmp_path / "data" / "cuttle" / "games"
    games.parent.mkdir(parents=True)
    games.write_text("x")
    with pytest.raises(FolderError, match=r"games is a file, not a folder"):
        keep_finished(RECORD)
    assert sorted(p.name for p in games.parent.iterdir()) == ["games"]


def test_history_messages_show_a_path_with_escapes_escaped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "d\x1b]0;x\x07"))
    History().add(RECORD)
    path = History().path
    path.write_bytes(b"not a database" * 100)
    for command in (["history"], ["stats"]):
        assert main(command) == 1
        err = capsys.readouterr().err
        assert "\x1b" not in err and "\\x1b]0;x\\x07" in err and err.count("\n") == 1
