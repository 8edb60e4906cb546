"""Who sits where (``cuttle.play.seating``), seats named in typed moves (``text.intent``), the
results of three and four seats in the history (``files.gamerows``) and the session's answers to
windows at those tables."""

from __future__ import annotations

import pytest

from cuttle.commands.saves import opponents
from cuttle.files.gamerows import cutthroat_place, seat_score
from cuttle.files.storage import GameRecord
from cuttle.play.seating import (
    SeatingError,
    next_table,
    plan_table,
    rules_for,
    seats_line,
)
from cuttle.play.state import Seat, _reword_resolve
from cuttle.text.intent import find_seat, read_move, seat_refs


def test_two_seats_are_the_table_they_always_were() -> None:
    t = plan_table(rules="classic", ai="easy")
    assert t.rules == "classic"
    assert t.seats == (Seat("You"), Seat("AI (easy)", "easy"))
    assert plan_table(rules="classic", ai="easy", first="ai").seats == (
        Seat("AI (easy)", "easy"), Seat("You"))
    hot = plan_table(rules="classic", hotseat=True, names=["Ann", "Bob"])
    assert hot.seats == (Seat("Ann"), Seat("Bob"))


@pytest.mark.parametrize("seed", range(12))
def test_first_random_decides_from_the_seed_as_before(seed: int) -> None:
    import random

    low = random.Random(seed).random() < 0.5
    vs_ai = plan_table(rules="classic", ai="easy", first="random", seed=seed).seats
    assert (vs_ai[0].ai is None) == low
    hot = plan_table(rules="classic", hotseat=True, first="random", seed=seed).seats
    assert (hot[0].name == "Player 2") == low  # the two-player draw swapped on a low number


def test_three_and_four_seats_with_their_mode_and_names() -> None:
    three = plan_table(rules="classic", players=3, ai="random")
    assert three.rules == "classic+cutthroat"
    assert [s.name for s in three.seats] == ["You", "AI 1 (random)", "AI 2 (random)"]
    four = plan_table(rules="cuttlecards+nine-freeze", players=4, ai="random")
    assert four.rules == "cuttlecards+teams+nine-freeze"
    assert [s.name for s in four.seats] == [
        "You", "AI 1 (random)", "Partner (random)", "AI 2 (random)"]
    assert plan_table(rules="classic+cutthroat", ai="random").rules == "classic+cutthroat"
    mixed = plan_table(rules="classic", seats="human,random,human,random")
    assert [s.ai for s in mixed.seats] == [None, "random", None, "random"]
    assert mixed.seats[0].name == "Player 1" and mixed.seats[2].name == "Player 2"
    assert plan_table(rules="classic", default_players=3, ai="random").rules == (
        "classic+cutthroat")


def test_a_settings_level_the_table_cannot_seat_gives_way_a_chosen_one_is_refused(
        pair: str) -> None:
    from cuttle.ai import levels_for

    level = pair  # every real level plays a table of three: a two-seat level made for the test
    given = plan_table(rules="classic", players=3, ai=level, ai_chosen=False)
    assert given.seats[1].ai == levels_for(3)[-1]
    with pytest.raises(SeatingError, match=f"the {level} AI plays"):
        plan_table(rules="classic", players=3, ai=level)
    assert plan_table(rules="classic", ai=level).seats[1].ai == level  # at two seats it sits


@pytest.mark.parametrize(("options", "words"), [
    ({"players": 4, "rules": "classic+cutthroat"}, "--players 4 contradicts --rules"),
    ({"players": 3, "seats": "human,random"}, "--seats with two seats contradicts --players 3"),
    ({"seats": "human,hal"}, "not 'hal'"),
    ({"seats": "random,random,random"}, "at least one human"),
    ({"seats": "human,human", "hotseat": True}, "not both"),
    ({"players": 3, "names": ["A", "B"]}, "three names"),
    ({"players": 3, "names": ["A", "B", "a "]}, "three different names"),
    ({"players": 3, "names": ["A", "B", "2"]}, "cannot be a number"),
])
def test_options_that_make_no_table_are_one_line(options: dict, words: str) -> None:
    options = {"rules": "classic", "ai": "random", **options}
    with pytest.raises(SeatingError, match=words) as caught:
        plan_table(**options)
    assert "\n" not in str(caught.value)


def test_a_series_moves_the_deal_one_seat_on() -> None:
    seats = tuple(Seat(n) for n in "ABCD")
    assert [s.name for s in next_table(seats)] == list("BCDA")
    assert next_table(seats[:2]) == (seats[1], seats[0])
    assert seats_line(seats[:3]) == "Seats: 0 A · 1 B · 2 C."
    assert rules_for("classic", 2) == "classic"


def test_seats_named_in_a_move() -> None:
    names = ("Ann", "Bob", "AI 1 (random)", "AI 2 (random)")
    assert seat_refs("jack JD 7H >bob", names) == ("jack JD 7H >1", None)
    assert seat_refs("oneoff 4S @ ai2", names) == ("oneoff 4S @3", None)
    assert seat_refs("oneoff 4S @2", names) == ("oneoff 4S @2", None)
    assert seat_refs("draw", names) == ("draw", None)
    text, why = seat_refs("oneoff 4S @ai", names)
    assert text == "oneoff 4S @ai" and why is not None and "more than one seat" in why
    assert "No seat 9" in str(find_seat("9", names))
    assert find_seat("AN", names) == 0
    # with two seats the marks are left to the notation (which has none)
    assert seat_refs("oneoff 4S @bob", names[:2]) == ("oneoff 4S @bob", None)


def test_a_loose_move_keeps_to_the_seat_it_names() -> None:
    from cuttle import Game

    g = Game.new(seed=2, rules="classic+cutthroat")
    legal = g.legal_moves()
    said = read_move("oneoff 4 @2", legal, str)
    assert said is not None and said.kind == "play" and str(said.move) == "oneoff 4S @2"
    listed = read_move("oneoff 4S", legal, str)
    assert listed is not None and listed.kind == "list" and len(listed.moves) == 2


def test_results_of_three_and_four() -> None:
    assert seat_score("team1", 3) == 1.0 and seat_score("team1", 2) == 0.0
    assert seat_score("p2", 2) == 1.0 and seat_score("draw", 0) == 0.5
    # said in words: "2nd=" read as a riddle
    assert cutthroat_place("p1", [], 1) == "1st of 3"
    assert cutthroat_place("p1", [], 0) == "2nd of 3, tied"
    assert cutthroat_place("p1", ["draw", "concede @2"], 2) == "3rd of 3"
    assert cutthroat_place("p1", ["draw", "concede @2"], 0) == "2nd of 3"
    rec = GameRecord(rules="classic+cutthroat", seed=1, players=["You", "Bo", "Cy"], moves=[],
                     controllers=["human", "ai:random", "ai:random"])
    assert opponents(rec) == "Bo, Cy"


def test_a_window_answered_for_you_says_why_beside_the_card() -> None:
    assert _reword_resolve("You did not counter Ann's 7♦; Bob passed", "You",
                           "You could not counter (no 2 in hand)") == (
        "You could not counter Ann's 7♦ (no 2 in hand); Bob passed")
    assert _reword_resolve("You let it resolve: Ann's 7♦ takes effect", "You",
                           "You could not counter (no 2 in hand)") == (
        "You could not counter (no 2 in hand): Ann's 7♦ takes effect")


def test_a_review_of_three_or_four_waits_for_the_hard_ai() -> None:
    from cuttle.ai import levels_for
    from cuttle.files.reviews import review_refusal

    two = GameRecord(rules="classic", seed=1, players=["You", "AI"], moves=[],
                     controllers=["human", "ai:easy"])
    three = GameRecord(rules="classic+cutthroat", seed=1, players=["You", "Bo", "Cy"], moves=[],
                       controllers=["human", "ai:random", "ai:random"])
    assert review_refusal(two) is None
    refused = review_refusal(three)
    assert (refused is None) == ("hard" in levels_for(3))


@pytest.mark.parametrize(("args", "words"), [
    (["--players", "4", "--rules", "classic+cutthroat"],
     "--players 4 contradicts --rules classic+cutthroat (a game of 3); a table of 4 plays teams"),
    (["--seats", "human,hard,bogus"], "not 'bogus'"),
    (["--players", "3", "--names", "Ann", "Bob"], "three names"),
    (["--hotseat", "--seats", "human,human,human"], "not both"),
    (["--rules", "classic+teams", "--seats", "human,random,random"], "a table of 3 plays"),
    (["--players", "3", "--variant", "joker"], "joker"),
])
def test_cuttle_play_refuses_a_table_that_does_not_fit_in_one_line(
    args: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from cuttle.cli import main

    assert main(["play", "--seed", "1", *args]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


def test_a_four_typed_without_its_target_lists_the_targets() -> None:
    """``oneoff 4D`` at three seats: the moves that complete it, as ``4d`` alone lists them, not
    "Illegal"; a jack's line with a trailing ``>`` says what is wrong in one line."""
    from scriptio import ScriptIO

    from cuttle.play.session import GameSession, Options

    table = (Seat("You"), Seat("AI 1", "easy"), Seat("AI 2", "easy"))
    io = ScriptIO(lines=["oneoff 4d", "oneoff 4D ", "jack jc 7d >"])
    GameSession(11, "classic+cutthroat", table, io, Options(save=False)).run()
    shown = [moves for _, moves in io.moves_shown]
    assert shown[:2] == [["oneoff 4D @1", "oneoff 4D @2"]] * 2, io.said()
    assert "Illegal: at three" not in io.said()


def test_a_jack_with_a_seat_mark_at_cutthroat_says_it_names_none() -> None:
    """``jack JH 8D >`` in cutthroat (a jack takes the card for its player, so no ``>``): one
    line saying so with a legal example, not "name a seat"."""
    from scriptio import ScriptIO

    from cuttle.play.session import GameSession, Options

    table = (Seat("AI 1", "random"), Seat("You"), Seat("AI 2", "random"))
    io = ScriptIO(lines=["jack jh 8d >"])
    GameSession(0, "classic+cutthroat", table, io, Options(save=False), ["points 8D"]).run()
    assert "No seat to name: a jack takes the card for its own player here (e.g. jack J♥ 8♦)." \
        in io.messages, io.said()


def test_ai_seats_are_named_one_way_at_the_terminal_and_on_the_server() -> None:
    """``text.people.ai_seat_names`` names the AI seats for ``cuttle play`` (whose names stay
    what they were: ``AI (LEVEL)`` at two seats, ``Partner (LEVEL)`` across the one person of
    four, ``AI N (LEVEL)`` numbered in seat order) and for the server's hall, rematch and
    takeover (a number already given is never given again, across levels)."""
    from cuttle.text.people import ai_seat_names

    def names(seats: str) -> list[str]:
        return [s.name for s in plan_table(rules="classic", seats=seats).seats]

    assert names("human,easy") == ["You", "AI (easy)"]
    assert names("human,easy,hard") == ["You", "AI 1 (easy)", "AI 2 (hard)"]
    assert names("human,easy,medium,hard") == [
        "You", "AI 1 (easy)", "Partner (medium)", "AI 2 (hard)"]
    assert names("human,human,random,easy") == [
        "Player 1", "Player 2", "AI 1 (random)", "AI 2 (easy)"]
    assert names("easy,human,human") == ["AI 1 (easy)", "Player 1", "Player 2"]
    assert ai_seat_names(["easy", None]) == ["AI (easy)", None]
    # an AI taking a seat over, or a rematch's: the lowest number no seat holds
    assert ai_seat_names(["random", "medium", "random", None],
                         ["AI 1 (random)", None, "AI 3 (random)", "ann"]) == [
        "AI 1 (random)", "AI 2 (medium)", "AI 3 (random)", "ann"]
    assert ai_seat_names([None, "hard", "easy", None], ["ann", None, "AI 1 (easy)", "bob"],
                         partner=None)[1] == "AI 2 (hard)"
    assert ai_seat_names([None, "easy", "hard", "easy"], partner=2) == [
        None, "AI 1 (easy)", "Partner (hard)", "AI 2 (easy)"]
