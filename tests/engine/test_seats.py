"""Seats and turn order (engine/seats.py): the one table the rules read for who plays next and
who is whose opponent, at two, three and four seats, with seats out of a cutthroat game."""

from __future__ import annotations

from cuttle import Game
from cuttle.engine.seats import TWO, seating


def test_two_players_are_the_n_seat_table_with_n_2() -> None:
    assert TWO is seating(2)
    assert TWO.nxt == (1, 0) and TWO.opps == ((1,), (0,)) and TWO.around == ((1, 0), (0, 1))
    assert TWO.side(0) == "p0" and TWO.partner(1) is None


def test_cutthroat_turn_order_is_clockwise_and_skips_seats_out() -> None:
    three = seating(3)
    assert three.nxt == (1, 2, 0) and three.opps[1] == (2, 0)
    one_out = seating(3, out=(1,))
    assert one_out.nxt[0] == 2 and one_out.nxt[2] == 0 and one_out.nxt[1] == 2
    assert one_out.opps[0] == (2,) and not one_out.is_opponent(0, 1)
    assert one_out.around[2] == (0, 2) and one_out.side(2) == "p2"


def test_teams_partners_sit_opposite_and_are_not_opponents() -> None:
    four = seating(4, teams=True)
    assert four.opps[0] == (1, 3) and four.opps[3] == (0, 2)
    assert four.partner(1) == 3 and not four.is_opponent(0, 2) and four.is_opponent(0, 3)
    assert (four.side(0), four.side(2), four.side(3)) == ("team0", "team0", "team1")


def test_a_game_reads_its_opponents_and_seats_out_from_the_table() -> None:
    g = Game.new(seed=3, rules="classic+cutthroat")
    assert g.players == 3 and g.opponents(0) == (1, 2) and g.out == []
    g.concede(1)
    assert g.out == [1] and g.opponents(0) == (2,) and g.seats is seating(3, out=(1,))
    t = Game.new(seed=3, rules="cuttlecards+teams")
    assert t.opponents(2) == (3, 1)
