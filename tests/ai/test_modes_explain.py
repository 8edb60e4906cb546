"""Reasons and the threat line at three and four seats (issue 35): they name the seats (by the
names given, else ``seat N``), speak of the seat a move is about, and name only cards the seat
can see."""

from __future__ import annotations

import random
import re

import pytest
from seats import MODES, make

from cuttle import Game
from cuttle.ai import make_player
from cuttle.ai.explain import plain, reason_for, seat_names, win_ways
from cuttle.text.threat import threat_line

CARD = re.compile(r"(10|[A2-9JQK])[♣♦♥♠]")
PRETTY_TO_TEXT = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
NAMES = ("Ann", "Bob", "Carol")


def carol_threatens() -> Game:
    """Cutthroat, seat 0 to move: Carol (seat 2) needs 4 with her 10; Bob needs 11."""
    return make("classic+cutthroat", hands=["9S 3C 4D", "5C 6C", "7D 8D"],
                points=[["2H"], ["3S"], ["TH"]])


def test_a_reason_names_the_seat_whose_win_the_move_takes_away() -> None:
    g = carol_threatens()
    assert reason_for(g, "scuttle 9S 3S", 0, NAMES) == (
        "scuttle 3♠ with 9♠: Bob drops from 3 to 0 (needs 14 more) and it is Bob's best card")
    # No single move here stops Carol; a 4 aimed at her names her.
    assert reason_for(g, "oneoff 4D @2", 0, NAMES).startswith("4♦: Carol discards 2 of 2 cards")
    assert reason_for(g, "oneoff 4D @1", 0).startswith("4♦: seat 1 discards 2 of 2 cards")


def test_blocking_the_nearest_opponent_is_said_with_its_name() -> None:
    # Carol needs 4 with her 10 on the table; seat 0's jack takes it.
    g = make("classic+cutthroat", hands=["JS 3C", "5C 6C", "7D 8D"],
             points=[["2H"], ["3S"], ["TH"]])
    reason = reason_for(g, "jack JS TH", 0, NAMES)
    assert reason.startswith("jack on 10♥: 10 points change sides, Ann 12 of 14, Carol 0")
    assert reason.endswith("; Carol needed 4 and a 4+ or a king would have won it")
    assert "; seat 2 needed 4 and" in reason_for(g, "jack JS TH", 0)
    move, why = make_player("medium", seed=1).explain(g, NAMES)
    assert str(move) == "jack JS TH" and "Carol needed 4" in why


def test_a_jack_to_the_partner_says_whom_it_gives_the_points_to() -> None:
    g = make("classic+teams", hands=["JD 2H 3H", "4C 5C", "6C", "4D 5D"],
             points=[["7S"], ["AC"], ["TS", "5S"], ["2C"]])
    names = ("You", "Bob", "Cid", "Dee")
    assert reason_for(g, "jack JD 7S >2", 0, names) == (
        "jack on 7♠ gives 7 points to Cid: Cid 22 of 21, which wins")
    move, why = make_player("medium", seed=1).explain(g, names)
    assert str(move) == "jack JD 7S >2" and why.startswith("jack on 7♠ gives 7 points to Cid")


def test_the_threat_line_lists_every_opponent_nearest_first() -> None:
    g = carol_threatens()
    assert threat_line(g.view(0), 0, ("You", "Bob", "Carol")) == (
        "You need 12 · Carol needs 4 · a 4+ or a king wins it; so does a 7 played as a one-off"
        " when the deck's top card, which it plays, is a 4+ or a king"
        " · Bob needs 11 · no single card wins it next turn")
    teams = make("classic+teams", hands=["JD", "4C", "6C", "4D"],
                 points=[["7S"], ["AC"], ["TS", "5S"], ["2C"]])
    line = threat_line(teams.view(1), 1, ("Ann", "You", "Cid", "Dee"))
    assert line.startswith("You need 20 · Dee needs 19 · Cid needs 6 · a 6+ or a king wins it;")
    # Seats without a name are called by their number.
    assert threat_line(g.view(1), 1, ("Ann", "You")).startswith(
        "You need 11 · seat 2 needs 4 · a 4+ or a king wins it;")


def test_seat_names_fill_in_seat_numbers() -> None:
    g = carol_threatens()
    assert seat_names(g.view(1), 1, ("you",)) == ["seat 0", "you", "seat 2"]
    assert seat_names(g.view(1), 1, NAMES) == list(NAMES)
    two = Game.new(seed=1)
    assert seat_names(two.view(1), 1, ("you", "the AI")) == ["the AI", "you"]
    assert plain("TS@1+JD@3>0+JC@2") == "TS+JD+JC"


def test_a_jack_of_another_seat_is_a_threat_only_for_whom_it_returns_to() -> None:
    # Seat 1's 10 taken by seat 0's jack: a 2 or 9 on that jack gives it back to seat 1 only.
    g = make("classic+cutthroat", hands=["3C", "4C", "5C"],
             points=[["TS@1+JD@0"], ["4S"], ["4H"]])
    words = {q: [w.kind for w in win_ways(g.view(2), q)] for q in (1, 2)}
    assert "unjack" in words[1] and "unjack" not in words[2]


def _as_text(card: str) -> str:
    return ("T" if card.startswith("10") else card[0]) + PRETTY_TO_TEXT[card[-1]]


@pytest.mark.parametrize("rules", MODES)
def test_reasons_at_every_table_name_only_cards_the_seat_sees(rules: str) -> None:
    rng = random.Random(3)
    checked = 0
    for seed in range(40):
        g = Game.new(seed=seed, rules=rules)
        for _ in range(rng.randrange(1, 40)):
            if g.outcome is not None:
                break
            g.play(rng.choice(g.legal_moves()))
        if g.outcome is not None:
            continue
        seat = g.to_move
        assert seat is not None
        view = g.view(seat)
        visible = {c for zone in ("hands", "points", "permanents") for row in view[zone]
                   for entry in row for c in plain(entry).split("+")}
        visible |= set(view["scrap"]) | set(view.get("revealed", []))
        visible |= {c for e in view.get("stack", []) for c in e["move"].split()[1:]}
        moves = g.legal_moves()
        for move in rng.sample(moves, min(4, len(moves))):
            reason = reason_for(g, move, seat, ("Ann", "Bob", "Cid", "Dee")[:g.players])
            named = {_as_text(c.group(0)) for c in CARD.finditer(reason)}
            assert named <= visible | set(str(move).split()[1:]), (reason, view)
            assert "seat" not in reason, reason  # every seat had a name
            checked += 1
        assert threat_line(view, seat, ("You", "Bob", "Cid", "Dee")[:g.players])
    assert checked >= 40


def test_a_one_off_names_every_opponent_who_may_counter_it() -> None:
    # "(Bob may counter with a 2)" named the seat the 5 is about only: Carol may answer too.
    g = make("classic+cutthroat", hands=["5H 3C", "5C 6C", "7D 8D"], points=[["2H"], [], []])
    assert reason_for(g, "oneoff 5H", 0, NAMES).endswith("(Bob or Carol may counter with a 2)")
    # an opponent with no card left cannot answer
    g = make("classic+cutthroat", hands=["5H 3C", "5C 6C", ""], points=[["2H"], [], []])
    assert reason_for(g, "oneoff 5H", 0, NAMES).endswith("(Bob may counter with a 2)")
    # teams: both opponents, never the partner
    g = make("classic+teams", hands=["5H 3C", "5C", "7D", "8D"], points=[["2H"], [], [], []])
    reason = reason_for(g, "oneoff 5H", 0, ("Ann", "Bob", "Carol", "Dan"))
    assert reason.endswith("(Bob or Dan may counter with a 2)")
