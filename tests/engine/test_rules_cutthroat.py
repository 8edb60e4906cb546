"""A test per rule and Decision of RULES.md section 4 that is Cutthroat's own (three players, each
for themselves; issue 29), for both presets: goals, jacks and jokers that take for their player,
the classic seven's jack given away, and conceding (out, skipped, mid-turn, last player left).

Rules common to both modes are in test_rules_modes.py, the position format in
test_position_format_modes.py.
"""

from __future__ import annotations

import pytest
from seats import (
    answer_all,
    deck,
    hand,
    illegal,
    make,
    moves,
    perms,
    play,
    pts,
    scrap,
    table_cards,
    turn,
)

from cuttle import Game

both = pytest.mark.parametrize("rules", ["classic+cutthroat", "cuttlecards+cutthroat"])
HANDS = ["5C 3C", "5D 3D", "5H 3H"]


# ---------------------------------------------------------------- goals
@both
@pytest.mark.parametrize(("kings", "goal"), [(0, 14), (1, 9), (2, 5)])
def test_goal_fourteen_nine_five_by_kings(rules, kings, goal):
    ks = " ".join(["KC", "KD"][:kings])
    below = {14: "TC 3C", 9: "8C", 5: "4C"}[goal]  # goal - 1
    g = make(rules, hands=["AD 5S", "5D", "5H"], points=[below], permanents=[ks])
    assert g.outcome is None
    g.play("points AD")
    assert g.outcome == "p0" and g.phase == "over" and g.to_move is None
    assert g.legal_moves() == []


@both
def test_goal_not_reached_one_point_short(rules):
    g = make(rules, hands=["2D 5S", "5D", "5H"], points=["TC"])
    g.play("points 2D")
    assert g.outcome is None  # 12 of 14


@both
def test_three_kings_win_at_once(rules):
    g = make(rules, hands=["KH 5S", "5D", "5H"], permanents=["KC KD"])
    g.play("perm KH")
    assert g.outcome == "p0"


@both
def test_another_seat_can_win_too(rules):
    g = make(rules, hands=["5S", "5D", "AH 3H"], points=["", "", "TH 3S"], turn=2)
    g.play("points AH")
    assert g.outcome == "p2"


# ---------------------------------------------------------------- jacks
@both
def test_jack_goes_on_an_opponents_point_card_and_takes_it(rules):
    g = make(rules, hands=["JD 5S", "5D", "5H"], points=["4C", "7H", "9C"])
    ms = moves(g)
    assert {"jack JD 7H", "jack JD 9C"} <= ms
    assert not any(m.startswith("jack JD 4C") for m in ms)  # never on one's own, from hand
    assert not any(m.startswith("jack") and ">" in m for m in ms)  # no receiver from hand
    g.play("jack JD 7H")
    assert pts(g, 0) == ["4C", "7H@1+JD@0"] and pts(g, 1) == []
    assert turn(g) == 1


@both
def test_jack_from_hand_with_a_receiver_is_refused(rules):
    g = make(rules, hands=["JD 5S", "5D", "5H"], points=["4C", "7H", "9C"])
    illegal(g, "jack JD 7H >2", "for its player")
    illegal(g, "jack JD 4C", "opponent")


@both
def test_jacks_stack_each_takes_for_its_player(rules):
    # seat 2's jack on seat 0's stolen card: seat 2 controls the stack
    g = make(rules, hands=["5S", "5D", "JC 5H"], points=["7H@1+JD@0"], turn=2)
    g.play("jack JC 7H")
    assert pts(g, 2) == ["7H@1+JD@0+JC@2"] and pts(g, 0) == [] and pts(g, 1) == []


@both
def test_queen_stops_jacks_on_her_players_cards_only(rules):
    g = make(rules, hands=["JD 5S", "5D", "5H"], points=["", "7H", "9C"], permanents=["", "QS"])
    assert "jack JD 7H" not in moves(g) and "jack JD 9C" in moves(g)
    illegal(g, "jack JD 7H", "queen")


@both
def test_removing_the_top_jack_gives_the_card_back_to_who_had_it_before(rules):
    # seat 1's two scraps seat 2's jack from 7H@1+JD@0+JC@2: the card goes back to seat 0, the
    # controller before that jack, not to the 2's player nor to the card's first owner
    g = make(rules, hands=["5S", "2C 5D", "5H"], points=["", "", "7H@1+JD@0+JC@2"], turn=1)
    g.play("oneoff 2C JC")
    answer_all(g)
    assert pts(g, 0) == ["7H@1+JD@0"] and pts(g, 2) == [] and "JC" in scrap(g)


@both
def test_nine_on_a_top_jack_gives_the_card_to_who_had_it_before_not_the_nines_player(rules):
    g = make(rules, hands=["5S", "5D", "9C 5H"], points=["7H@1+JD@0"], turn=2)
    g.play("oneoff 9C JD")
    answer_all(g)
    assert pts(g, 1) == ["7H"] and pts(g, 2) == [] and pts(g, 0) == []
    assert "JD" in hand(g, 0)  # the jack goes back to the hand of the player who played it


# ---------------------------------------------------------------- jokers
@both
def test_joker_takes_an_opponents_king_for_its_player(rules):
    # seat 0 has 9 points; seat 1's king under seat 0's joker lowers seat 0's goal to 9
    g = make(rules, hands=["X1 5S", "5D", "5H"], points=["9C", "8D"], permanents=["", "KD"])
    assert "joker X1 KD" in moves(g)
    g.play("joker X1 KD")
    assert perms(g, 0) == ["KD@1+X1@0"] and perms(g, 1) == []
    assert g.outcome == "p0"


@both
def test_joker_takes_a_queen_who_then_protects_her_new_controller(rules):
    g = make(rules, hands=["X1 5S", "JD 2D 5D", "5H"], points=["7C", "6D"],
             permanents=["KC", "QH"])
    play(g, "joker X1 QH")
    assert perms(g, 0) == ["QH@1+X1@0", "KC"]  # sorted by their bottom card
    # seat 1's jack may no longer go on seat 0's cards, nor its 2 on seat 0's king
    assert "jack JD 7C" not in moves(g)
    assert "oneoff 2D KC" not in moves(g)
    # the joker on her is not one of her "other cards": it stays a target
    assert "oneoff 2D X1" in moves(g)


@both
def test_joker_cannot_take_glasses(rules):
    g = make(rules, hands=["X1 5S", "5D", "5H"], permanents=["", "8C", "KH"])
    assert not any(m.startswith("joker X1 8C") for m in moves(g))
    assert "joker X1 KH" in moves(g)
    illegal(g, "joker X1 8C", "glasses")


@both
def test_joker_on_a_jack_joins_the_stack_and_acts_as_a_jack(rules):
    g = make(rules, hands=["X1 5S", "5D", "5H"], points=["", "", "7H@1+JD@2 4C"])
    assert "joker X1 7H" in moves(g)
    assert not any(m.startswith("joker X1 4C") for m in moves(g))  # a bare point card: no
    g.play("joker X1 7H")
    assert pts(g, 0) == ["7H@1+JD@2+X1@0"] and pts(g, 2) == ["4C"]


@both
def test_joker_on_the_top_joker_of_a_stack(rules):
    g = make(rules, hands=["5S", "5D", "X2 5H"], permanents=["KD@1+X1@0"], turn=2)
    assert "joker X2 KD" in moves(g)
    g.play("joker X2 KD")
    assert perms(g, 2) == ["KD@1+X1@0+X2@2"] and perms(g, 0) == []


@both
def test_two_on_the_top_joker_gives_the_royal_back(rules):
    g = make(rules, hands=["5S", "2C 5D", "5H"], permanents=["KD@1+X1@0"], turn=1)
    assert "oneoff 2C X1" in moves(g)
    assert "oneoff 2C KD" not in moves(g)  # only the top card of a stack
    g.play("oneoff 2C X1")
    answer_all(g)
    assert perms(g, 1) == ["KD"] and perms(g, 0) == [] and "X1" in scrap(g)


@pytest.mark.parametrize("rules", ["classic+cutthroat"])
def test_classic_nine_returns_a_joker_to_its_players_hand(rules):
    g = make(rules, hands=["5S", "9C 5D", "5H"], permanents=["KD@1+X1@0"], turn=1)
    g.play("oneoff 9C X1")
    answer_all(g)
    assert "X1" in hand(g, 0) and perms(g, 1) == ["KD"] and perms(g, 0) == []


@pytest.mark.parametrize("rules", ["cuttlecards+cutthroat"])
def test_cuttlecards_nine_on_the_bottom_card_returns_it_and_scraps_the_stack(rules):
    # the stolen king goes to its controller's hand (seat 0), the joker on it to the scrap
    g = make(rules, hands=["5S", "9C 5D", "5H"], permanents=["KD@1+X1@0"], turn=1)
    assert "oneoff 9C KD" in moves(g)
    g.play("oneoff 9C KD")
    answer_all(g)
    assert "KD" in hand(g, 0) and "X1" in scrap(g) and perms(g, 0) == perms(g, 1) == []
    assert "KD" in g.to_position()["frozen"]


# ---------------------------------------------------------------- a seven's jack or joker
def test_classic_sevens_jack_with_no_opponents_card_goes_on_your_own_naming_the_receiver():
    g = make("classic+cutthroat", hands=["7C 5S", "5D", "5H"], points=["4C"], deck="JD ...")
    g.play("oneoff 7C")
    answer_all(g)
    assert g.phase == "resolve_seven" and g.to_move == 0
    assert moves(g) == {"jack JD 4C >1", "jack JD 4C >2"}
    illegal(g, "jack JD 4C", "receive")
    g.play("jack JD 4C >2")
    assert pts(g, 2) == ["4C@0+JD@0>2"] and pts(g, 0) == [] and turn(g) == 1


def test_classic_sevens_jack_goes_on_an_opponents_card_when_one_can_take_it():
    g = make("classic+cutthroat", hands=["7C 5S", "5D", "5H"], points=["4C", "", "6H"],
             deck="JD ...")
    g.play("oneoff 7C")
    answer_all(g)
    assert moves(g) == {"jack JD 6H"}


def test_cuttlecards_sevens_jacks_with_no_opponents_card_are_scrapped():
    g = make("cuttlecards+cutthroat", hands=["7C 5S", "5D", "5H"], points=["4C"],
             deck="JD JH ...")
    g.play("oneoff 7C")
    answer_all(g)
    assert moves(g) == {"scrap JD", "scrap JH"}


@both
def test_sevens_joker_with_no_royal_to_take_is_scrapped(rules):
    top = "X1 ..." if rules.startswith("classic") else "X1 X2 ..."
    g = make(rules, hands=["7C 5S", "5D", "5H"], points=["4C"], permanents=["", "8C"], deck=top)
    g.play("oneoff 7C")
    answer_all(g)
    assert moves(g) == ({"scrap X1"} if rules.startswith("classic") else {"scrap X1", "scrap X2"})
    g.play("scrap X1")
    assert "X1" in scrap(g) and turn(g) == 1


@both
def test_sevens_joker_takes_a_royal_when_there_is_one(rules):
    top = "X1 ..." if rules.startswith("classic") else "X1 5S ..."
    g = make(rules, hands=["7C 4S", "5D", "5H"], permanents=["", "KH"], deck=top)
    g.play("oneoff 7C")
    answer_all(g)
    assert "joker X1 KH" in moves(g)
    g.play("joker X1 KH")
    assert perms(g, 0) == ["KH@1+X1@0"]


# ---------------------------------------------------------------- conceding
@both
def test_conceding_puts_the_player_out_and_scraps_what_they_control(rules):
    g = make(rules, hands=HANDS, points=["7H@1+JD@0", "9C@2+JH@1 4D", "6S"],
             permanents=["", "QD 8S", ""])
    g.concede(1)
    assert g.out == [1] and g.outcome is None and g.to_position()["out"] == [1]
    assert hand(g, 1) == [] and pts(g, 1) == [] and perms(g, 1) == []
    assert {"5D", "3D", "9C", "JH", "4D", "QD", "8S"} <= set(scrap(g))
    assert pts(g, 0) == ["7H@1+JD@0"]  # a card seat 1 played but does not control stays
    assert pts(g, 2) == ["6S"]


@both
def test_a_seat_that_is_out_is_skipped(rules):
    g = make(rules, hands=HANDS)
    g.concede(1)
    order = []
    for _ in range(4):
        order.append(g.to_move)
        g.play("draw")
    assert order == [0, 2, 0, 2]


@both
def test_the_last_player_left_wins(rules):
    g = make(rules, hands=HANDS)
    g.concede(2)
    assert g.outcome is None
    g.concede(0)
    assert g.outcome == "p1" and sorted(g.out) == [0, 2] and g.to_move is None


@both
def test_control_returning_to_a_seat_that_is_out_goes_to_the_scrap(rules):
    g = make(rules, hands=["5S", "", "2C 5H"], points=["7H@1+JD@0"], turn=2, out=[1])
    g.play("oneoff 2C JD")
    answer_all(g)
    assert pts(g, 0) == pts(g, 1) == pts(g, 2) == [] and {"7H", "JD"} <= set(scrap(g))


@both
def test_control_returning_to_an_out_seat_after_a_live_concession(rules):
    g = make(rules, hands=["5S", "5D", "2C 5H"], points=["7H@1+JD@0"], turn=2)
    g.concede(1)
    g.play("oneoff 2C JD")
    answer_all(g)
    assert all(pts(g, s) == [] for s in range(3)) and "7H" in scrap(g)


@both
def test_concession_on_ones_own_turn_drops_the_rest_of_it(rules):
    g = make(rules, hands=["AC 5S", "2D 5D", "5H"], points=["", "TD"])
    g.play("oneoff AC")
    assert g.phase == "counter" and g.to_move == 1
    g.concede(0)
    assert g.phase == "main" and g.to_move == 1 and turn(g) == 1
    assert g.to_position()["stack"] == [] and "AC" in scrap(g)
    assert pts(g, 1) == ["TD"]  # the ace never took effect


def test_concession_while_a_seven_shows_its_card_puts_it_back_on_the_deck():
    g = make("classic+cutthroat", hands=["7C 5S", "5D", "5H"], deck="9H 4H ...")
    g.play("oneoff 7C")
    answer_all(g)
    assert g.phase == "resolve_seven"
    g.concede(0)
    assert deck(g)[:2] == ["9H", "4H"] and g.to_position()["revealed"] == []
    assert g.phase == "main" and g.to_move == 1


def test_concession_while_the_cuttlecards_seven_reveals_two_puts_both_back():
    g = make("cuttlecards+cutthroat", hands=["7C 5S", "5D", "5H"], deck="9H 4H 8S ...")
    g.play("oneoff 7C")
    answer_all(g)
    assert g.phase == "resolve_seven"
    g.concede(0)
    assert deck(g)[:3] == ["9H", "4H", "8S"] and g.to_move == 1


@both
def test_concession_while_being_asked_moves_the_asking_on(rules):
    g = make(rules, hands=["AC 5S", "2D 5D", "2H 5H"], points=["", "", "TH"])
    g.play("oneoff AC")
    assert g.to_move == 1
    g.concede(1)
    assert g.phase == "counter" and g.to_move == 2
    g.play("resolve")
    assert pts(g, 2) == [] and g.phase == "main" and g.to_move == 2  # seat 1 is skipped


@both
def test_counters_already_played_by_a_conceder_still_count(rules):
    g = make(rules, hands=["AC 5S", "2D 5D", "5H 3H"], points=["", "", "TH"])
    play(g, "oneoff AC", "counter 2D")
    assert g.to_move == 2
    g.concede(1)
    answer_all(g)
    assert pts(g, 2) == ["TH"]  # one counter: the ace is cancelled


@both
def test_a_four_aimed_at_a_conceder_does_nothing(rules):
    g = make(rules, hands=["4S 5S", "9D 8D 7D", "5H 3H"])
    g.play("oneoff 4S @1")
    assert g.phase == "counter" and g.to_move == 1
    g.concede(1)
    answer_all(g)
    assert g.phase == "main" and g.to_move == 2
    assert hand(g, 2) == ["3H", "5H"] and "4S" in scrap(g)


@both
def test_passes_start_again_and_count_the_players_still_in(rules):
    g = make(rules, hands=HANDS, deck=[])
    play(g, "pass", "pass")
    g.concede(2)  # on seat 2's own turn: the count starts again
    assert g.to_position()["passes"] == 0 and g.to_move == 0
    play(g, "pass", "pass")
    assert g.outcome is None
    g.play("pass")  # three passes with two players still in
    assert g.outcome == "draw"


@both
def test_concede_names_a_seat_still_in(rules):
    g = make(rules, hands=HANDS)
    g.concede(1)
    before = g.to_position()
    for seat in (1, 3, -1):
        with pytest.raises(ValueError):
            g.concede(seat)
    assert g.to_position() == before


@both
def test_a_whole_random_game_with_a_concession_ends(rules):
    import random

    g = Game.new(seed=4, rules=rules)
    rng = random.Random(4)
    for ply in range(400):
        if g.outcome is not None:
            break
        if ply == 6:
            g.concede(2)
            assert 2 not in table_cards_seats(g)
        g.play(rng.choice(g.legal_moves()))
    while g.outcome is None:
        g.play(rng.choice(g.legal_moves()))
    assert g.outcome in ("p0", "p1", "draw")


def table_cards_seats(g: Game) -> set[int]:
    """The seats that hold a card in hand or control one on the table."""
    pos = g.to_position()
    return {s for s in range(3) if pos["hands"][s] or table_cards(g, s)}


@both
def test_scuttle_either_opponents_point_card(rules):
    g = make(rules, hands=["9C 5S", "5D", "5H"], points=["4C", "7H", "8D"])
    assert {"scuttle 9C 7H", "scuttle 9C 8D"} <= moves(g)
    assert not any(m.startswith("scuttle 9C 4C") for m in moves(g))


@both
def test_an_effect_aimed_at_a_card_a_conceder_held_does_nothing(rules):
    # seat 0's two aims at seat 1's king; seat 1 concedes while asked: the king is already gone
    g = make(rules, hands=["2C 5S", "5D 3D", "5H 3H"], permanents=["", "KD", "KH"])
    g.play("oneoff 2C KD")
    assert g.phase == "counter" and g.to_move == 1
    g.concede(1)
    answer_all(g)
    assert "KD" in scrap(g) and perms(g, 2) == ["KH"]
    assert g.phase == "main" and g.to_move == 2 and g.outcome is None


@both
def test_a_six_sends_a_card_whose_first_player_is_out_to_the_scrap(rules):
    g = make(rules, hands=["5S", "", "6C 5H"], points=["7H@1+JD@0"], turn=2, out=[1])
    g.play("oneoff 6C")
    answer_all(g)
    assert all(pts(g, s) == [] for s in range(3)) and {"7H", "JD", "6C"} <= set(scrap(g))


def test_removing_a_sevens_jack_given_away_gives_the_card_back_to_its_player():
    # seat 0's seven put JD on seat 0's own 4C and gave it to seat 2; seat 1's 2 scraps the jack
    g = make("classic+cutthroat", hands=["5S", "2C 5D", "5H"], points=["", "", "4C@0+JD@0>2"],
             turn=1)
    g.play("oneoff 2C JD")
    answer_all(g)
    assert pts(g, 0) == ["4C"] and pts(g, 2) == []


def test_nine_returns_a_sevens_jack_given_away_to_its_players_hand():
    g = make("classic+cutthroat", hands=["5S", "9C 5D", "5H"], points=["", "", "4C@0+JD@0>2"],
             turn=1)
    g.play("oneoff 9C JD")
    answer_all(g)
    assert "JD" in hand(g, 0) and pts(g, 0) == ["4C"] and pts(g, 2) == []


@both
def test_the_four_still_names_its_victim_when_one_opponent_is_left(rules):
    # a game of three stays one: its 4 is written 'oneoff 4S @1' (INTERFACE section 5), the
    # only form its positions take
    g = make(rules, hands=["4S 5C", "5D 3D", "5H"])
    g.concede(2)
    assert "oneoff 4S @1" in moves(g) and "oneoff 4S" not in moves(g)
    g.play("oneoff 4S @1")
    again = Game.from_position(g.to_position())
    assert again.to_position() == g.to_position()


@both
def test_a_game_won_by_a_concession_on_the_conceders_turn_round_trips(rules):
    g = make(rules, hands=HANDS)
    play(g, "draw")
    g.concede(2)  # seat 1's turn, seat 2 concedes: seat 1 to move
    g.concede(1)  # on its own turn: seat 0 is the last left
    assert g.outcome == "p0"
    pos = g.to_position()
    again = Game.from_position(pos)
    assert again.to_position() == pos and again.outcome == "p0" and again.legal_moves() == []
