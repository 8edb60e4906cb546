"""``cuttle play`` at three and four seats in a pseudo-terminal at 80x24, read back through a
VT100 emulator (``ptyscreen.Term``): games against AIs to their end, a hot-seat round of three
with its pass screens (no hand of another seat ever on the screen or in the scrollback), the
teams' out-of-turn nine asked of a person out of turn, and a counter as one of two opponents.

The seeds were found by playing the same games headless (the first legal move for each person,
the seeded random AI for the others): seed 3 of cutthroat gives you a 2 against a one-off at the
third move, seed 11 of teams a royal a person may answer with a 9 at the second.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cuttle import Game
from cuttle.files.storage import play_recorded
from cuttle.text.cardtext import CardStyle

pytest.importorskip("pexpect")
pytest.importorskip("pyte")

from ptyscreen import Term  # noqa: E402

NAMES = ("Ann", "Bob", "Cy", "Di")
PROMPT = r"(?m)^(You|Ann|Bob|Cy|Di)( \([^)]*\))?> "
PASS = r"Pass to (Ann|Bob|Cy|Di)"
OVER = r"Rematch, the deal moving one seat on"
MENU = r"Legal moves \("
GLYPH = CardStyle()


def _mirror(record: Path, rules: str, seed: int) -> Game:
    """The game as the record written after every move holds it."""
    game = Game.new(seed=seed, rules=rules)
    if record.exists():
        for move in json.loads(record.read_text())["moves"]:
            play_recorded(game, move)
    return game


def _hidden_from(game: Game, viewer: int | None) -> set[str]:
    """Every card in a hand that ``viewer`` cannot see (None: every card in every hand), as the
    screen draws it."""
    pos = game.to_position()
    seen = game.view(viewer)["hands"] if viewer is not None else None
    out = set()
    for seat, hand in enumerate(pos["hands"]):
        if seen is not None and seat == viewer:
            continue
        visible = set(seen[seat]) if seen is not None else set()
        out |= {GLYPH.plain(c) for c in hand if c not in visible}
    return out


def _play_to_the_end(t: Term) -> None:
    """The first move of the menu at every prompt until the game is over (a line sent while
    the AIs still moved is not read: it is sent again)."""
    for _ in range(900):
        found = t.wait(f"{PROMPT}|{OVER}", timeout=60)
        if found.group(0).startswith("Rematch"):
            return
        t.settle(0.1)
        t.line("\x15moves")  # Ctrl-U first: a line typed while the AIs moved stays there
        try:
            t.wait(f"{MENU}|\\[Y/n\\]", timeout=3)
        except AssertionError:
            continue
        t.send("\r")  # the first move (a list of one asks yes or no: Enter is yes)
        t.settle(0.1)
    pytest.fail("the game did not end")


@pytest.mark.parametrize(("players", "seed", "outcomes"), [
    (3, 7, {"p0", "p1", "p2", "draw"}), (4, 24, {"team0", "team1", "draw"}),
])
def test_a_game_against_ais_to_its_end(tmp_path: Path, players: int, seed: int,
                                       outcomes: set[str]) -> None:
    # seeds whose games end after 8 and 6 decisions of yours (seed 2 took 22 and 20: the same
    # proof at three times the time)
    record = tmp_path / "rec.json"
    t = Term(["play", "--players", str(players), "--ai", "random", "--seed", str(seed),
              "--pace", "fast", "--record", str(record)], tmp_path)
    t.wait(PROMPT)
    assert "Seats: 0 You" in t.text()
    _play_to_the_end(t)
    assert "Game over" in t.text()
    t.line("n")
    assert t.finish() == 0
    data = json.loads(record.read_text())
    assert data["outcome"] in outcomes
    assert len(data["players"]) == players
    assert data["controllers"] == ["human"] + ["ai:random"] * (players - 1)
    assert list((tmp_path / "data" / "cuttle" / "games").glob("*.json"))


def test_a_hotseat_round_of_three_shows_no_other_hand(tmp_path: Path) -> None:
    record = tmp_path / "rec.json"
    rules = "classic+cutthroat"
    t = Term(["play", "--hotseat", "--players", "3", "--names", *NAMES[:3], "--seed", "5",
              "--record", str(record)], tmp_path)
    passes: list[str] = []
    decisions = 0
    while decisions < 15:
        found = t.wait(f"{PROMPT}|{PASS}")
        game = _mirror(record, rules, 5)
        screen = t.history()
        if found.group(0).startswith("Pass to"):
            passes.append(found.group(0).split()[-1])
            # the pass screen: no hand at all, no card of any hand (but a public last move's)
            last = next((line for line in screen.splitlines() if "Last:" in line), "")
            assert "hand" not in screen
            assert not {c for c in _hidden_from(game, None) if c not in last} & set(
                screen.replace("│", " ").split()), screen
            t.send("\r")
            t.settle(0.1)
            continue
        person = NAMES.index(found.group(1))
        assert game.to_move == person
        for card in _hidden_from(game, person):
            assert card not in screen, f"{card} of another seat on {NAMES[person]}'s screen"
        t.line(str(game.legal_moves()[0]))
        t.settle(0.1)
        decisions += 1
    assert {"Ann", "Bob", "Cy"} <= set(passes)
    # typed ahead on the pass screen: dropped, the screen stays
    t.wait(f"{PROMPT}|{PASS}")
    if not t.text().lstrip().startswith("╭"):
        t.line(str(_mirror(record, rules, 5).legal_moves()[0]))
    t.wait(PASS)
    t.line("draw")
    t.wait("Only Enter passes")
    assert "hand" not in t.text()
    t.line("q")
    t.wait(r"Quit\?")
    t.line("y")
    assert t.finish() == 0


def test_an_out_of_turn_nine_window_passes_the_screen_to_the_person_asked(tmp_path: Path) -> None:
    rules = "classic+teams"
    record = tmp_path / "rec.json"
    t = Term(["play", "--seats", "human,random,human,random", "--names", *NAMES, "--seed", "11",
              "--pace", "fast", "--record", str(record)], tmp_path)
    for _ in range(40):
        found = t.wait(f"{PROMPT}|{PASS}")
        if found.group(0).startswith("Pass to"):
            t.send("\r")
            t.settle(0.1)
            continue
        game = _mirror(record, rules, 11)
        if game.phase == "respond_royal":
            break
        t.line(str(game.legal_moves()[0]))
        t.settle(0.1)
    else:
        pytest.fail("no window of the nine came")
    person = NAMES[game.to_move or 0]
    assert found.group(0).startswith(f"{person} (9 against the royal?)> ")
    assert game.turn_player != game.to_move  # asked out of turn
    # asked though no 9 is in hand: another person sits at the table, so the question and the
    # wait must not tell what the hand holds
    assert [str(m) for m in game.legal_moves()] == ["resolve"]
    t.line("resolve")
    t.settle()
    found = t.wait(f"{PROMPT}|{PASS}")
    assert found.group(0).startswith("Pass to")  # the screen goes back round the table
    t.send("\x03")
    t.wait(r"Quit\?")
    t.line("y")
    assert t.finish() == 0


def test_a_counter_as_one_of_two_opponents(tmp_path: Path) -> None:
    rules = "classic+cutthroat"
    record = tmp_path / "rec.json"
    t = Term(["play", "--players", "3", "--ai", "random", "--seed", "3", "--pace", "fast",
              "--record", str(record)], tmp_path)
    for _ in range(10):
        found = t.wait(PROMPT)
        game = _mirror(record, rules, 3)
        if game.phase == "counter":
            break
        t.line(str(game.legal_moves()[0]))
        t.settle(0.1)
    else:
        pytest.fail("no counter window came")
    assert found.group(0).startswith("You (counter?)> ")
    stack = game.to_position()["stack"]
    assert stack[-1]["player"] != 0
    counters = [str(m) for m in game.legal_moves() if str(m).startswith("counter")]
    assert counters
    t.line(counters[0])
    t.wait("You countered|You played 2")
    t.send("\x03")
    t.wait(r"Quit\?")
    t.line("y")
    assert t.finish() == 0


def test_a_table_of_three_resumes_after_kill_9(tmp_path: Path) -> None:
    import signal

    t = Term(["play", "--players", "3", "--ai", "random", "--seed", "2", "--pace", "fast"],
             tmp_path)
    t.wait(PROMPT)
    t.line("draw")
    t.wait("You drew")
    t.wait(PROMPT)
    (slot,) = (tmp_path / "state" / "cuttle" / "saves").glob("*.json")
    saved = json.loads(slot.read_text())
    assert len(saved["players"]) == 3
    t.child.kill(signal.SIGKILL)
    t.child.close()
    again = Term(["play", "--resume"], tmp_path)
    again.wait(f"Resuming the saved game {slot.stem}: seed 2, classic\\+cutthroat, "
               f"{len(saved['moves'])} mo")
    again.wait(PROMPT)
    assert "AI 2 (random)" in again.text()
    again.line("quit")
    assert again.finish() == 0
