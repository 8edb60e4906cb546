"""Every decision told plainly on the screen: why there was no counter, what each status and
discard means, --ascii everywhere, short terminals, rules and undo words in the game."""

from __future__ import annotations

import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from rich.console import Console

from cuttle.play.session import GameSession, Options, Seat
from cuttle.text.cardtext import CardStyle
from cuttle.text.describe import move_meta, phase_sentence
from cuttle.text.helptext import card_summary, markdown_as_text
from cuttle.text.intent import normalize_input, normalize_word
from cuttle.text.render import MoveListView
from cuttle.ui.terminal import PlainIO

ROOT = Path(__file__).resolve().parents[2]
NAMES = ("You", "AI")
STYLE = CardStyle()


@pytest.fixture(autouse=True)
def _xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


def run_plain(
    lines: list[str],
    seats: tuple[Seat, Seat],
    seed: int = 1,
    rules: str = "classic",
    style: CardStyle = STYLE,
) -> tuple[GameSession, str]:
    out = StringIO()
    console = Console(file=out, width=80, color_system=None, highlight=False)
    io = PlainIO(console, StringIO("".join(line + "\n" for line in lines)))
    session = GameSession(seed, rules, seats, io, Options(style=style))
    session.run()
    return session, out.getvalue()


def test_auto_resolve_says_plainly_why_there_was_no_counter() -> None:
    # seed 1: after the king, the medium AI plays 6H; the player holds no 2.
    seats = (Seat("You"), Seat("AI", "medium"))
    session, out = run_plain(["points 10d", "points 9s", "perm kd", "log"], seats)
    line = "You could not counter (no 2 in hand): AI's 6♥ takes effect"
    assert line in out
    assert "no counter possible" not in out and "You let it resolve" not in out
    assert any(e.text_for(0) == line for e in session.log)
    # the same words when the game is rebuilt from its moves (--resume, undo)
    moves = [str(m) for _, m in session.game.history]
    again = GameSession(1, "classic", seats, session.io, Options(), moves=moves)
    assert any(e.text_for(0) == line for e in again.log)


def counter_pos(stack: list[dict[str, object]], hand: list[str]) -> dict[str, object]:
    return {
        "phase": "counter",
        "to_move": 0,
        "stack": stack,
        "hands": [hand, ["??"] * 4],
        "rules": "classic",
    }


def test_counter_status_says_what_resolving_does() -> None:
    five = {"move": "oneoff 5S", "player": 1}
    first = phase_sentence(counter_pos([five], ["2C"]), 0, NAMES, ["counter 2C", "resolve"], STYLE)
    assert first.startswith("Counter AI's 5♠ with a 2, or resolve (AI's 5♠ takes effect)")
    # the AI countered the player's own five: resolving now cancels it
    mine = [{"move": "oneoff 5S", "player": 0}, {"move": "counter 2D", "player": 1}]
    chain = phase_sentence(counter_pos(mine, ["2C"]), 0, NAMES, ["counter 2C", "resolve"], STYLE)
    assert "Counter AI's 2♦ with a 2, or resolve (your 5♠ is cancelled)" in chain
    # nothing to counter with (hot-seat asks anyway): say so, and what happens
    none = phase_sentence(counter_pos([five], ["3C"]), 0, NAMES, ["resolve"], STYLE)
    assert none == "AI's 5♠: you have no 2, so type resolve (AI's 5♠ takes effect)."
    queen = phase_sentence(counter_pos([five], ["2C"]), 0, NAMES, ["resolve"], STYLE)
    assert queen.startswith("AI's 5♠: a queen stops your 2s, so type resolve")


def test_scuttle_counter_status_under_ten_counters_scuttle() -> None:
    pos = counter_pos([{"move": "scuttle 9C 7H", "player": 1}], ["TD"])
    text = phase_sentence(pos, 0, NAMES, ["oneoff TD", "resolve"], STYLE)
    assert text.startswith("AI's 9♣ scuttles your 7♥: counter with a 10, or resolve")
    stuck = phase_sentence(counter_pos(pos["stack"], ["3C"]), 0, NAMES, ["resolve"], STYLE)  # type: ignore[arg-type]
    assert "no 10" in stuck


def test_decision_statuses_name_the_choice() -> None:
    four = {"phase": "resolve_four", "to_move": 0, "hands": [["3C", "4D", "9S"], []]}
    legal4 = ["discard 3C 4D", "discard 3C 9S", "discard 4D 9S"]
    assert phase_sentence(four, 0, NAMES, legal4, STYLE) == (
        "A 4 hit you: choose two cards to discard (discard CARD CARD)."
    )
    last = phase_sentence(dict(four, hands=[["3C"], []]), 0, NAMES, ["discard 3C"], STYLE)
    assert "your last card" in last
    three = {"phase": "resolve_three", "to_move": 0, "hands": [[], []]}
    text = phase_sentence(three, 0, NAMES, ["take 4D", "take 9C"], STYLE)
    assert text.endswith("(take CARD): 4♦ 9♣")
    limit = {"phase": "hand_limit", "to_move": 0, "hands": [["AC"] * 10, []]}
    text = phase_sentence(limit, 0, NAMES, ["discard AC 2C", "discard AC 3C"], STYLE)
    assert text == "Too many cards: you hold 10, the limit is 8: discard 2 (discard CARD CARD)."
    seven = {"phase": "resolve_seven", "to_move": 0, "revealed": ["KS", "6H"], "hands": [[], []]}
    text = phase_sentence(seven, 0, NAMES, ["perm KS", "points 6H", "oneoff 6H"], STYLE)
    assert text.startswith("Your 7 revealed K♠ 6♥: play one of them")
    drew = phase_sentence(dict(seven, revealed=["JS"]), 0, NAMES, ["scrap JS"], STYLE)
    assert "cannot be played" in drew and "scrap J♠" in drew


def test_discard_descriptions_say_what_you_keep() -> None:
    pos = {"hands": [["3C", "4D", "9S"], []], "rules": "classic"}
    assert move_meta("discard 3C 9S", pos, 0, NAMES, STYLE) == "keep 4♦"
    assert move_meta("discard 3C 4D 9S", pos, 0, NAMES, STYLE) == "discard your last cards"


def test_ascii_style_says_everything_in_ascii() -> None:
    say = CardStyle(ascii=True).say
    assert say("10♠ — ok… X1 · 7♦ → 8♣ ⇒ ◀ •") == "TS - ok... X1 - 7D -> 8C => < -"
    assert CardStyle().say("7♦ — ok…") == "7♦ — ok…"


def test_ascii_transcript_has_no_unicode(tmp_path: Path) -> None:
    seats = (Seat("You"), Seat("AI", "medium"))
    lines = ["points 10d", "oneoff", "points 9s", "perm kd", "log", "rules", "rules 7", "scrap"]
    lines += ["points zz", "scuttle 9s", "help", "moves", "99", "hint"]
    _, out = run_plain(lines, seats, style=CardStyle(ascii=True))
    bad = sorted({ch for ch in out if ord(ch) > 126})
    assert not bad, bad


def test_long_move_lists_fit_a_short_terminal() -> None:
    items = [(f"discard {a}♣ {b}♦", f"keep {a}♥ {b}♠ 7♣") for a in range(2, 9) for b in range(2, 6)]
    assert len(items) == 28
    out = StringIO()
    console = Console(file=out, width=80, color_system=None)
    console.print(MoveListView(items, "Your discard moves", max_rows=10))
    lines = out.getvalue().splitlines()
    assert len(lines) <= 11  # the title, then at most ten rows in columns
    assert " 1 discard 2♣ 2♦" in lines[1] and "28 discard 8♣ 5♦" in out.getvalue()
    full = StringIO()
    Console(file=full, width=80, color_system=None).print(MoveListView(items[:5], "x", 10))
    assert "keep 2♥ 2♠ 7♣" in full.getvalue()  # short lists keep their descriptions


def test_jokers_can_be_typed_as_the_screen_shows_them() -> None:
    assert normalize_word("Jk1") == "X1" and normalize_word("jk2") == "X2"
    assert normalize_input("oneoff jk2") == "oneoff X2"
    assert normalize_word("x1") == "X1"


def test_rules_follow_the_game_preset_and_variants() -> None:
    cc = {r: what for r, _, what in card_summary("cuttlecards+joker")}
    assert "21 -> 14 -> 10 -> 5 -> 0" in cc["K"] and "reveal the top two" in cc["7"]
    assert "swap hands" in cc["Joker"]
    classic = {r: what for r, _, what in card_summary("classic")}
    assert "cuttlecards" not in " ".join(classic.values())


def test_rules_text_reflows_for_plain_output() -> None:
    md = "### 7 — seven\n\n- **Points**: 7.\n- **One-off**: a long\n  line that goes on. "
    md += "See [Seven](#seven).\n"
    text = markdown_as_text(md, 40).plain
    assert text.splitlines()[0] == "7 — seven"
    assert "- One-off: a long line that goes on. See" in text.replace("\n  ", " ")
    assert "**" not in text and "(#seven)" not in text


def test_replay_transcript_has_no_trailing_spaces(tmp_path: Path) -> None:
    seats = (Seat("You"), Seat("AI", "random"))
    session, _ = run_plain(["draw", "draw"], seats)
    record = tmp_path / "g.json"
    session.save_as(str(record))
    r = subprocess.run(
        [sys.executable, "-m", "cuttle", "replay", "--reveal", str(record)],  # not finished
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        timeout=60,
    )
    assert r.returncode == 0, r.stderr
    assert all(line == line.rstrip() for line in r.stdout.splitlines())


def test_a_scuttle_that_a_ten_may_stop_is_told_as_pending() -> None:
    seats = (Seat("Ann"), Seat("Bob"))
    lines = ["points 9s", "scuttle th 9s", "counter td", "resolve"]
    session, out = run_plain(lines, seats, rules="classic+ten-counters-scuttle")
    assert "Bob scuttles Ann's 9♠ with 10♥ (a 10 may stop it)" in out
    assert "Bob's 10♥ scuttles your 9♠: counter with a 10, or resolve (your 9♠ is scrapped)" in out
    assert "resolve (your scuttle of 9♠ is stopped)" in out
    assert "Bob let it resolve: Bob's scuttle of 9♠ is stopped" in out
    assert session.game.score(0) == 9


def test_undo_message_survives_the_redrawn_table() -> None:
    from appdriver import play, typed

    seats = (Seat("You"), Seat("AI", "random"))
    # seed 7: you play AC for points, the AI draws: nothing hidden is shown, so undo may go back
    _, io, _ = play(typed(["points ac\r", "undo\r", "quit\r"]), seats, seed=7, save=True)
    text = io.transcript.getvalue()
    after = text[text.rindex("Undone") :]
    assert "Your move" in after  # shown under the new table, above the status line


def test_frozen_card_is_explained_and_tens_read_as_on_the_table() -> None:
    seats = (Seat("Ann"), Seat("Bob"))
    lines = ["points ts", "oneoff 9c ts", "resolve", "points ts", "ts"]
    _, out = run_plain(lines, seats, seed=24, rules="cuttlecards")
    assert "Illegal: 10♠ is frozen" in out and "T♠" not in out
    assert "10♠ cannot be played now: it is frozen this turn (a 9 returned it)." in out
    assert CardStyle().say("T♠ is frozen") == "10♠ is frozen"


def test_in_game_rules_take_a_topic_and_keep_table_rows_apart() -> None:
    from rich.text import Text

    from cuttle.text.helptext import card_rules

    text = card_rules("one-offs", False, 80)
    assert isinstance(text, Text)
    lines = text.plain.splitlines()
    assert lines[0] == "One-offs"
    rows = [line for line in lines if line.startswith(("A | ", "2 | ", "4 | ", "9 | "))]
    assert len(rows) == 4  # one row a line (continuations indented), not one paragraph
    assert not any(set(line) <= set("|-: ") for line in lines if line)
    assert card_rules("counters", False, 60).plain.startswith("Counters (the stack)")


def test_replay_refuses_a_game_still_in_play_which_would_show_every_hand(tmp_path: Path) -> None:
    seats = (Seat("You"), Seat("AI", "random"))
    session, out = run_plain(["draw", f"save {tmp_path / 'g.json'}"], seats)
    assert "Saved to" in out and "cuttle replay" not in out  # not offered: it shows the AI's hand

    def replay(*flags: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "cuttle", "replay", *flags, str(tmp_path / "g.json")],
            capture_output=True, text=True, timeout=60,
            env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        )

    ai_hand = session.game.to_position()["hands"][1]
    refused = replay()
    assert refused.returncode == 2 and refused.stdout == ""
    assert "the game is not finished" in refused.stderr and "--resume" in refused.stderr
    shown = replay("--reveal")  # asked for: every hand face up
    assert shown.returncode == 0
    assert all(CardStyle().plain(card) in shown.stdout for card in ai_hand)
