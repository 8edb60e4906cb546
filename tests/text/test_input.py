"""Input that forgives and never surprises: bare numbers, loose move texts, yes/no questions."""

from __future__ import annotations

import sys
from io import StringIO
from pathlib import Path

import pytest
from helpers import make
from rich.console import Console

from cuttle import Game, Move
from cuttle.play.asking import answer_of, ask_yes_no
from cuttle.play.session import GameSession, Options, Seat
from cuttle.text.cardtext import CardStyle
from cuttle.text.intent import Intent, read_move, read_number
from cuttle.ui.terminal import PlainIO

STYLE = CardStyle()
PRETTY = STYLE.plain


@pytest.fixture(autouse=True)
def _xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def game(hand: str, their_points: str = "", mine: str = "") -> Game:
    """Player 0 to move in the main phase holding ``hand``."""
    return make(hands=(hand, "2C 3C"), points=(mine, their_points))


def moves(g: Game) -> list[Move]:
    return g.legal_moves()


def texts(intent: Intent) -> list[str]:
    return [str(m) for m in intent.moves]


# ------------------------------------------------------------------ bare numbers
def test_a_number_without_a_list_shows_what_that_rank_can_do() -> None:
    g = game("5D 5H TH KC")
    what = read_number(5, None, moves(g), ["5D", "5H", "TH", "KC"])
    assert what.kind == "list" and what.title == "What your fives can do"
    assert texts(what) and all(t.split()[1][0] == "5" for t in texts(what))
    assert {t.split()[1] for t in texts(what)} == {"5D", "5H"}
    ten = read_number(10, None, moves(g), ["5D", "5H", "TH", "KC"])
    assert ten.kind == "list" and ten.title == "What your tens can do"
    assert all(t.split()[1] == "TH" for t in texts(ten))


def test_a_number_picks_from_the_list_on_screen_only() -> None:
    g = game("5D 5H TH KC")
    listed = moves(g)[3:6]
    assert read_number(2, listed, moves(g), []) == Intent("play", move=listed[1])
    out = read_number(5, listed, moves(g), [])
    assert out.kind == "say" and "No move number 5" in out.text and "has 3" in out.text


def test_numbers_that_name_no_card_you_hold() -> None:
    g = game("5D 5H TH KC")
    hand = ["5D", "5H", "TH", "KC"]
    assert "You hold no seven" in read_number(7, None, moves(g), hand).text
    assert "You hold no ace" in read_number(1, None, moves(g), hand).text
    assert "No card has the number 11" in read_number(11, None, moves(g), hand).text
    assert read_number(0, None, moves(g), hand).kind == "say"


# ------------------------------------------------------------------ loose move texts
def test_a_card_with_one_move_plays_it_and_with_several_lists_them() -> None:
    g = game("TH KC", their_points="")  # nothing to scuttle: 10♥ can only score
    one = read_move("TH", moves(g), PRETTY)
    assert one == Intent("play", move=Move.parse("points TH"))
    assert read_move("play TH", moves(g), PRETTY) == one
    g = game("TH KC", their_points="7S")
    several = read_move("TH", moves(g), PRETTY)
    assert several is not None and several.kind == "list"
    assert texts(several) == ["points TH", "scuttle TH 7S"]
    assert several.title == "What 10♥ can do"


def test_a_verb_and_a_rank_play_when_they_name_one_move() -> None:
    g = game("TH 5C KC")
    assert read_move("points 10", moves(g), PRETTY) == Intent("play", move=Move.parse("points TH"))
    g = game("TH TS KC")
    two = read_move("points 10", moves(g), PRETTY)
    assert two is not None and two.kind == "list" and texts(two) == ["points TH", "points TS"]
    assert two.title == "points 10: which one?"


def test_scuttle_with_ranks() -> None:
    g = game("9C 2D", their_points="7H 3S")
    assert read_move("scuttle 9 7", moves(g), PRETTY) == Intent(
        "play", move=Move.parse("scuttle 9C 7H")
    )


def test_points_with_a_king_suggests_the_king_move() -> None:
    g = game("KD 5C")
    said = read_move("points KD", moves(g), PRETTY)
    assert said is not None and said.kind == "say"
    assert (
        said.text == "K♦ cannot be played that way (kings score nothing); did you mean `perm K♦`?"
    )


def test_a_rank_alone_with_nothing_to_play_says_so() -> None:
    g = game("KD 5C")
    assert read_move("j", moves(g), PRETTY) == Intent(
        "say", text="No move plays one of your jacks now."
    )
    kings = read_move("kings", moves(g), PRETTY)  # a rank lists even one move: no surprise
    assert kings is not None and kings.kind == "list" and texts(kings) == ["perm KD"]
    assert kings.title == "What your kings can do"


def test_texts_that_are_no_loose_move_are_left_to_the_session() -> None:
    g = game("KD 5C")
    for text in ("banana", "scuttle banana", "points", "jack JD 7H 9C 2S", ""):
        what = read_move(text, moves(g), PRETTY)
        assert what is None or what.kind in ("list", "say")
    assert read_move("banana", moves(g), PRETTY) is None


def test_discards_in_any_order() -> None:
    g = make(
        hands=("4S 9D", "7C 8D 9H"),
        points=("", ""),
        deck="2C 3C 4C",
    )
    g.play("oneoff 4S")
    g.play("resolve")
    assert g.phase == "resolve_four"
    assert read_move("discard 9 7", g.legal_moves(), PRETTY) == Intent(
        "play", move=Move.parse("discard 7C 9H")
    )


# ------------------------------------------------------------------ in a session
def run_plain(lines: list[str], seed: int = 1) -> tuple[GameSession, str]:
    out = StringIO()
    console = Console(file=out, width=80, color_system=None, highlight=False)
    io = PlainIO(console, StringIO("".join(line + "\n" for line in lines)))
    seats = (Seat("You"), Seat("AI (random)", "random"))
    session = GameSession(seed, "classic", seats, io, Options(save=False))
    session.run()
    return session, out.getvalue()


def test_session_a_bare_number_shows_then_picks() -> None:
    hand = Game.new(seed=1).view(0)["hands"][0]
    rank = next(c[0] for c in hand if c[0] in "A23456789T")
    number = "10" if rank == "T" else "1" if rank == "A" else rank
    session, out = run_plain([number, "1"])
    assert "What your " in out
    assert len(session.game.history) >= 1
    first = str(session.game.history[0][1])
    assert first.split()[1][0] == rank  # the pick came from that rank's list, not the legal moves


def test_session_a_number_after_another_view_is_a_rank_again() -> None:
    session, out = run_plain(["moves", "help", "9"])
    assert "Legal moves" in out
    assert not session.game.history  # 9 did not play legal move 9
    assert "You hold no nine" in out or "What your nines can do" in out


def test_session_points_king_suggests_perm() -> None:
    g = Game.new(seed=1)
    hand = g.view(0)["hands"][0]
    kings = [c for c in hand if c[0] == "K"]
    seed = 1
    if not kings:  # find a deal whose first hand has a king
        seed = next(
            s
            for s in range(2, 200)
            if any(c[0] == "K" for c in Game.new(seed=s).view(0)["hands"][0])
        )
        kings = [c for c in Game.new(seed=seed).view(0)["hands"][0] if c[0] == "K"]
    session, out = run_plain([f"points {kings[0]}"], seed=seed)
    assert f"did you mean `perm {STYLE.plain(kings[0])}`?" in out
    assert not session.game.history


# ------------------------------------------------------------------ questions
class FakeIO:
    """Answers from a list; records the questions, what was shown and each flush."""

    def __init__(self, answers: list[str], interactive: bool = True) -> None:
        self.answers = answers
        self.interactive = interactive
        self.asked: list[str] = []
        self.shown: list[str] = []
        self.flushed = 0

    def ask(self, question: str) -> str:
        self.asked.append(question)
        if not self.answers:
            raise EOFError
        return self.answers.pop(0)

    def message(self, text: str) -> None:
        self.shown.append(text)

    def flush_input(self) -> None:
        self.flushed += 1


@pytest.mark.parametrize(
    ("text", "answer"),
    [("y", True), ("YES", True), (" n ", False), ("no", False), ("", False), ("draw", None)],
)
def test_answer_of(text: str, answer: bool | None) -> None:
    assert answer_of(text, False) is answer


def test_a_question_asks_again_until_the_answer_is_clear() -> None:
    io = FakeIO(["draw", "5", "y"])
    assert ask_yes_no(io, "Rematch with seats swapped?") is True  # type: ignore[arg-type]
    assert io.asked == ["Rematch with seats swapped? [y/N]"] * 3
    assert io.shown == ["Please answer y (yes) or n (no)."] * 2
    assert io.flushed == 1


def test_a_question_flushes_only_on_a_terminal() -> None:
    plain = FakeIO(["n"], interactive=False)
    assert ask_yes_no(plain, "Quit?") is False  # type: ignore[arg-type]
    assert plain.flushed == 0
    ended = FakeIO([])
    assert ask_yes_no(ended, "Quit?", if_interrupted=True) is True  # type: ignore[arg-type]


def test_concede_is_asked_in_english() -> None:
    session, out = run_plain(["concede", "what", "n"])
    assert "Concede this game? [y/N] what" in out
    assert "Please answer y (yes) or n (no)." in out
    assert "You, concede" not in out and "Not conceded" in out


# ------------------------------------------------------------------ the real terminal
def test_keys_typed_before_the_quit_question_do_not_answer_it(tmp_path: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    from helpers import cli_env

    env = cli_env(tmp_path, TERM="xterm-256color", PROMPT_TOOLKIT_NO_CPR="1")
    child = pexpect.spawn(
        sys.executable,
        ["-m", "cuttle", "play", "--seed", "3", "--ai", "random"],
        env=env,
        dimensions=(24, 80),
        encoding="utf-8",
        timeout=20,
        cwd=str(tmp_path),
    )
    child.expect("Your move")
    child.expect(r"You> ")
    child.send("\x03y\r")  # Ctrl-C and, typed ahead of the question, "y" and Enter
    child.expect(r"Quit\? \[y/N\]")  # no move yet: nothing is saved, so no promise of it
    # The typed-ahead "y" was thrown away: the question still waits for an answer.
    with pytest.raises(pexpect.TIMEOUT):
        child.expect("nothing to save", timeout=1.5)
    child.send("n\r")
    child.expect(r"You> ")
    child.send("quit\r")
    child.expect("No move was made, so there is nothing to save")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_in_teams_the_concede_question_says_the_team_concedes() -> None:
    from cuttle.text.describe import concede_question

    assert concede_question("bob", "dan") == "bob, concede this game for bob and dan?"
    assert concede_question("bob") == "bob, concede this game?"


def test_in_cutthroat_the_concede_question_says_the_others_play_on() -> None:
    from cuttle.text.describe import concede_question

    assert concede_question("carol", None, play_on=True) == (
        "carol, concede this game? You are out; the others play on.")
    assert concede_question("You", None, play_on=True) == (
        "Concede this game? You are out; the others play on.")
    out = StringIO()
    console = Console(file=out, width=80, color_system=None, highlight=False)
    io = PlainIO(console, StringIO("concede\nn\n"))
    seats = (Seat("You"), Seat("AI 1 (random)", "random"), Seat("Partner (random)", "random"),
             Seat("AI 2 (random)", "random"))
    GameSession(1, "classic+teams", seats, io, Options(save=False)).run()
    assert "Concede this game for you and Partner (random)? [y/N]" in out.getvalue()


def test_why_nothing_fits_names_the_rule_in_the_way() -> None:
    """What Tab says when no legal move starts with the line: the engine's reason for the card
    typed (aimed at each card on the table), or why the verb or card cannot be."""
    from cuttle.text.intent import why_nothing_fits

    plain = CardStyle().plain
    g = make(hands=("JC 5D 9S", "6H 7S"), points=("", "7H"), permanents=("", "QS"),
                  deck="2C 3C 4D")
    legal = [str(m) for m in g.legal_moves()]

    def why(typed: str) -> str:
        return why_nothing_fits(typed, g.view(0), legal, plain)

    assert why("jack JC ") == "No jack move for J♣ now: the opponent's queen protects 7♥."
    assert why("scuttle 5d") == (
        "No scuttle move for 5♦ now: 5♦ cannot scuttle 7♥: a five is lower than a seven.")
    assert why("points jc") == "No points move for J♣: jacks score nothing."
    assert why("jack JD") == "No jack move for J♦: you do not hold J♦."
    assert why("zzz") == "Nothing legal starts with 'zzz': Tab on an empty line lists every move."


def test_the_concede_question_of_a_game_reads_its_table() -> None:
    from cuttle.text.describe import concede_question_at

    names = ["Ann", "Bob", "Carol", "Dan"]
    teams = Game.new(seed=3, rules="classic+teams")
    assert concede_question_at(teams, names, 1) == "Bob, concede this game for Bob and Dan?"
    cutthroat = Game.new(seed=3, rules="classic+cutthroat")
    assert concede_question_at(cutthroat, names, 2) == (
        "Carol, concede this game? You are out; the others play on.")
    cutthroat.concede(0)  # two left: a concession now ends the game
    assert concede_question_at(cutthroat, names, 2) == "Carol, concede this game?"
    assert concede_question_at(Game.new(seed=3), ["You", "Bob"], 0) == "Concede this game?"
