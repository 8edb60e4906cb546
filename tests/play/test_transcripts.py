"""Golden transcripts: seeded plain-mode games (piped input) whose whole output must stay byte for
byte what it was when the transcripts were written (the front end's redesign changes no word).

Each case is one or more ``cuttle play`` runs in one private home (a later run may ``--resume`` an
earlier one); stdout and stderr of every run go into ``tests/data/transcripts/NAME.txt``. To write
them again after a change meant to be visible: ``CUTTLE_WRITE_TRANSCRIPTS=1 pytest -k transcripts``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from helpers import ROOT

DATA = Path(__file__).resolve().parent.parent / "data" / "transcripts"



def firsts(n: int) -> str:
    """The first legal move ``n`` times (listed each time)."""
    return "moves\n1\n" * n


TOUR = (
    "help\nmoves\n2\nlog\nscrap\nrules 9\nrules\nthreat\nlegend\nsettings\nsettings pace fast\n"
    "settings cards ascii\nsettings pace\nsettings nonsense 1\nblah blah\npoints ZZ\n"
    "points\n5\nhint\nundo\nsave\n" + "x" * 250 + "\n"
)

# name -> runs: (arguments, piped input)
CASES: dict[str, list[tuple[list[str], str]]] = {
    "hotseat_classic_tour": [
        (["play", "--hotseat", "--seed", "7"],
         TOUR + firsts(44) + "y\n" + firsts(44) + "maybe\nn\n"),
    ],
    "hotseat_cuttlecards_to_the_end": [
        (["play", "--hotseat", "--seed", "3", "--rules", "cuttlecards"], firsts(80) + "n\n"),
    ],
    "hotseat_names_concede": [
        (["play", "--hotseat", "--seed", "12", "--names", "Ann", "Bob"],
         "moves\n1\nconcede\nmaybe\ny\nn\n"),
    ],
    "ai_easy_tour_and_quit": [
        (["play", "--seed", "11", "--ai", "easy"],
         TOUR + "moves\n1\nmoves\n1\nundo\nmoves\n1\nquit\n"),
    ],
    "ai_random_cuttlecards_rematch": [
        (["play", "--seed", "5", "--ai", "random", "--rules", "cuttlecards"],
         firsts(7) + "y\n" + firsts(8) + "n\n"),
    ],
    "ai_medium_record_to_the_end": [
        (["play", "--seed", "4", "--ai", "medium", "--record", "game.json"],
         firsts(4) + "n\n"),
    ],
    "ai_easy_ascii_first_ai_resume": [
        (["play", "--seed", "21", "--ai", "easy", "--ascii", "--first", "ai"],
         "moves\n1\nmoves\n2\nundo\nmoves\n3\n"),
        (["play", "--resume"], "log\nmoves\n1\nundo\nsave copy.json\nquit\n"),
    ],
    "ai_easy_undo_coach_and_quit": [
        (["play", "--seed", "4", "--ai", "easy", "--coach"],
         "moves\n2\nmoves\n2\nundo\nmoves\n3\nsettings coach off\nmoves\n1\n\nquit\n"),
    ],
    "cutthroat_ai_random_to_the_end": [
        (["play", "--players", "3", "--seed", "2", "--ai", "random"],
         "moves\noneoff 4s @zed\njack jd 7h > 7\nthreat\n" + firsts(22) + "y\n"
         + firsts(3) + "quit\n"),
    ],
    "teams_ai_random_names_to_the_end": [
        (["play", "--players", "4", "--seed", "4", "--ai", "random", "--names", "Ann", "Bob",
          "Cy", "Di"], firsts(33) + "n\n"),
    ],
    "cutthroat_hotseat_concede": [
        (["play", "--hotseat", "--players", "3", "--seed", "5"],
         firsts(9) + "concede\ny\n" + firsts(65) + "n\n"),
    ],
    "teams_seats_mixed_resume": [
        (["play", "--seats", "human,random,human,random", "--seed", "11", "--rules",
          "cuttlecards"], firsts(8)),
        (["play", "--resume"], "log\n" + firsts(11) + "n\n"),
    ],
    "ai_random_variant_concede_rematch": [
        (["play", "--seed", "9", "--ai", "random", "--variant", "joker"],
         "moves\n1\nconcede\ny\ny\nmoves\n1\n"),
    ],
}


def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "CUTTLE"))}
    env.pop("NO_COLOR", None)
    env.update(
        HOME=str(home),
        XDG_STATE_HOME=str(home / "state"),
        XDG_DATA_HOME=str(home / "data"),
        XDG_CONFIG_HOME=str(home / "config"),
        XDG_CACHE_HOME=str(home / "cache"),
        PYTHONPATH=str(ROOT),
        COLUMNS="80",
        LINES="24",
        TERM="dumb",
    )
    return env


def transcript(name: str, home: Path) -> str:
    """Every run of case ``name`` in one home: each run's command, stdout, stderr and status."""
    home.mkdir(parents=True, exist_ok=True)
    parts: list[str] = []
    for args, stdin in CASES[name]:
        done = subprocess.run(
            [sys.executable, "-m", "cuttle", *args],
            input=stdin,
            capture_output=True,
            text=True,
            env=_env(home),
            cwd=home,
            timeout=300,
        )
        parts.append(
            f"$ cuttle {' '.join(args)}\n{done.stdout}--- stderr\n{done.stderr}"
            f"--- exit {done.returncode}\n"
        )
    return "".join(parts)


@pytest.mark.parametrize("name", sorted(CASES))
def test_plain_game_transcript_is_unchanged(name: str) -> None:
    # a home whose path is always as long (paths are printed, and wrapped at 80 columns)
    home = Path(tempfile.mkdtemp(prefix="cuttle-", dir="/tmp"))
    try:
        got = transcript(name, home).replace(str(home), "/tmp/cuttle-HOME")
    finally:
        shutil.rmtree(home, ignore_errors=True)
    path = DATA / f"{name}.txt"
    if os.environ.get("CUTTLE_WRITE_TRANSCRIPTS"):
        path.write_text(got, encoding="utf-8")
    want = path.read_text(encoding="utf-8")
    assert got == want
