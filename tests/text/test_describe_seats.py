"""Words for games of three and four seats: the log names the seats a card is taken from and
given to, and the status sentence speaks of the windows those games add (a counter asked of
each opponent in turn, the teams' 9 against a royal, a seat out of a cutthroat game)."""

from __future__ import annotations

from seats import make

from cuttle import Game
from cuttle.text.cardtext import CardStyle
from cuttle.text.describe import (
    concession_words,
    describe_play,
    move_meta,
    outcome_words,
    phase_sentence,
    stack_outcome,
)
from cuttle.text.people import move_seats, opponents_of, parse_move_text

STYLE = CardStyle()
NAMES = ("Ann", "Bob", "Carol", "Dan")
YOU = ("You", "Bob", "Carol", "Dan")  # seat 0 is the one person, against AIs


def logged(g: Game, move: str, names: tuple[str, ...] = NAMES) -> str:
    """Play ``move`` and return the log's public line for it."""
    before, p = g.to_position(), g.to_move
    assert p is not None
    g.play(move)
    return describe_play(before, g.to_position(), p, move, names[: g.players], STYLE, 0).public


def says(g: Game, viewer: int, names: tuple[str, ...] = NAMES) -> str:
    legal = [str(m) for m in g.legal_moves()] if g.to_move == viewer else []
    return phase_sentence(g.view(viewer), viewer, names[: g.players], legal, STYLE)


def teams_table() -> Game:
    return make("classic+teams", hands=["JD 4C 9S", "9C 2H 5D", "2C 3C", "9D 5S"],
                points=["", "9H", "8H", ""])


def test_seat_words_are_read_apart_from_the_cards() -> None:
    assert parse_move_text("jack JD 7H >2") == ("jack", ["JD", "7H"])
    assert parse_move_text("oneoff 4S @1") == ("oneoff", ["4S"])
    assert move_seats("jack JD 7H >2") == (None, 2)
    assert move_seats("oneoff 4S @1") == (1, None)
    assert move_seats("scuttle 9C 7H") == (None, None)
    teams = {"rules": "classic+teams", "hands": [[], [], [], []]}
    assert opponents_of(teams, 0) == [1, 3] and opponents_of(teams, 3) == [0, 2]
    three = {"rules": "classic+cutthroat", "hands": [[], [], []], "out": [2]}
    assert opponents_of(three, 1) == [0]  # a seat out is nobody's opponent
    assert opponents_of({"hands": [[], []]}, 1) == [0]


def test_a_jack_that_gives_a_card_to_another_seat_names_both_and_the_nine_may_answer() -> None:
    g = teams_table()
    assert logged(g, "jack JD 9H >2") == (
        "Ann's jack J♦ gives Bob's 9♥ to Carol (an opponent may answer it with a 9)"
    )
    # Bob is asked first, and told that Dan is asked after him
    assert says(g, 1) == (
        "Ann played J♦ on your 9♥ for Carol: a 9 sends it back to their hand, or resolve: "
        "oneoff 9♣ J♦ · resolve. Then Dan may answer."
    )
    assert says(g, 0) == "Waiting for Bob (9 against the royal?) in your turn."
    assert logged(g, "resolve") == "Bob did not answer Ann's J♦"
    assert "Then" not in says(g, 3)  # the last opponent asked
    assert logged(g, "oneoff 9D JD") == (
        "Dan played 9♦ as a one-off (send Ann's J♦ back to their hand)"
    )


def test_the_nine_against_a_royal_opens_a_counter_window_over_the_royal() -> None:
    g = teams_table()
    for move in ("jack JD 9H >2", "resolve", "oneoff 9D JD"):
        g.play(move)
    stack = g.to_position()["stack"]
    assert stack_outcome(stack) == "takes effect unless countered"  # the royal is no counter
    assert says(g, 0) == (
        "Dan's 9♦: you have no 2, so type resolve (Dan's 9♦ takes effect). Then Carol may answer."
    )
    assert logged(g, "resolve") == "Ann did not counter Dan's 9♦"
    assert logged(g, "counter 2C") == "Carol countered Dan's 9♦ with 2♣"
    assert stack_outcome(g.to_position()["stack"]) == "cancelled (1 counter)"
    assert logged(g, "resolve") == "Dan did not counter Carol's 2♣"
    assert logged(g, "resolve") == "Bob let it resolve: Dan's 9♦ is cancelled"
    assert "9H@1+JD@0>2" in g.to_position()["points"][2]  # the jack took effect: Carol's now


def test_a_counter_asked_of_each_of_two_opponents_in_turn() -> None:
    g = make("classic+cutthroat", hands=["AS 4C 9S JD", "2H 5D", "2C 3C"],
             points=["", "9H", "8H"])
    assert logged(g, "oneoff 4C @2", YOU) == "You played 4♣ as a one-off (Carol discards two cards)"
    assert says(g, 1) == (  # Bob's screen in hot-seat
        "Counter Ann's 4♣ with a 2, or resolve (Ann's 4♣ takes effect): counter 2♥ · resolve. "
        "Then Carol may answer."
    )
    assert says(g, 0, YOU) == "Waiting for Bob (counter?) in your turn."
    assert logged(g, "resolve", YOU) == "Bob did not counter your 4♣"
    assert "Then" not in says(g, 2)
    assert logged(g, "resolve", YOU) == "Carol let it resolve: your 4♣ takes effect"
    assert says(g, 2, YOU) == "A 4 hit you: choose two cards to discard (discard CARD CARD)."


def test_a_scuttle_and_a_steal_name_the_seat_the_card_was_taken_from() -> None:
    g = make("classic+cutthroat", hands=["9S JD", "5D", "3C"], points=["", "9H", "8H"])
    assert logged(g, "scuttle 9S 8H") == "Ann scuttled Carol's 8♥ with 9♠"
    g = make("classic+cutthroat", hands=["9S JD", "5D", "3C"], points=["", "9H", "8H"])
    assert logged(g, "jack JD 9H") == "Ann's jack J♦ takes Bob's 9♥"
    pos = make("classic+teams", hands=["JD"], points=["", "9H"]).to_position()
    g = make("classic+teams", hands=["JD"], points=["9H"])
    assert logged(g, "jack JD 9H >2").startswith("Ann's jack J♦ gives their own 9♥ to Carol")
    assert move_meta("jack JD 9H >2", pos, 0, NAMES, STYLE) == "J♦ gives Bob's 9♥ to Carol (9 pts)"
    assert move_meta("jack JD 9H >0", pos, 0, YOU, STYLE) == "J♦ gives Bob's 9♥ to you (9 pts)"
    assert move_meta("oneoff 4C @3", pos, 0, NAMES, STYLE).endswith("Dan discards two cards")


def test_a_seat_out_and_the_ends_of_the_games_of_three_and_four() -> None:
    g = make("classic+cutthroat", hands=["9S JD", "5D", "3C"], points=["", "9H", "8H"])
    g.concede(1)
    assert concession_words(g.to_position(), NAMES[:3], 1) == (
        "Bob conceded and is out: their hand and cards go to the scrap"
    )
    assert says(g, 1) == "You are out of this game (you conceded): the others play on."
    g.concede(2)
    assert concession_words(g.to_position(), NAMES[:3], 2) == (
        "Carol conceded; Ann wins (every other player conceded)"
    )
    assert outcome_words({"outcome": "team0", "outcome_reason": "points"}, YOU) == (
        "You and Carol win on points"
    )
    assert outcome_words({"outcome": "team1", "outcome_reason": "concession"}, YOU,
                         start=False) == "Bob and Dan win (you and Carol conceded)"
    assert outcome_words({"outcome": "team0"}, ("Bob", "Ann", "You", "Dan")) == (
        "You and Bob win on points"  # you first, wherever you sit
    )
    assert outcome_words({"outcome": "p2", "outcome_reason": "points"}, NAMES[:3]) == (
        "Carol wins on points"
    )
    assert outcome_words({"outcome": "draw", "outcome_reason": "stalemate"}, NAMES) == (
        "draw: five passes in a row"
    )
    assert outcome_words({"outcome": "draw", "outcome_reason": "stalemate"}, NAMES[:2]) == (
        "draw: three passes in a row"  # two seats: as ever
    )
