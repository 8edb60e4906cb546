"""A test per rule and Decision of RULES.md section 4 that is Teams' own (four players, 2v2; issue
29), for both presets: partners, goals per player and the team win, jacks and jokers that give a
card to any player, queens against a partner, out-of-turn nines (phase ``respond_royal``) and the
team's concession.

Rules common to both modes are in test_rules_modes.py, the position format in
test_position_format_modes.py.
"""

from __future__ import annotations

import pytest
from seats import answer_all, hand, illegal, make, moves, perms, play, pts, scrap, turn

from cuttle import Game

both = pytest.mark.parametrize("rules", ["classic+teams", "cuttlecards+teams"])
HANDS = ["5C 3C", "5D 3D", "5H 3H", "5S 3S"]


def royal_answered(rules: str, **kw: object) -> Game:
    """Seat 0 to play a king (``perm KS``); seats 1 and 3 each hold a nine."""
    hands = kw.pop("hands", ["KS 5C", "9H 3D", "2H 4H", "9D 3S"])
    return make(rules, hands=hands, **kw)  # type: ignore[arg-type]


# ---------------------------------------------------------------- partners and the team win
@both
def test_partners_sit_opposite_seats_zero_two_and_one_three(rules):
    for seat, team in ((0, "team0"), (1, "team1"), (2, "team0"), (3, "team1")):
        g = make(rules, hands=HANDS)
        g.concede(seat)
        assert g.outcome == ("team1" if team == "team0" else "team0")
        assert g.out == []  # a team concession ends the game; no seat is "out"


@both
@pytest.mark.parametrize(("seat", "team"), [(0, "team0"), (1, "team1"), (2, "team0"),
                                            (3, "team1")])
def test_the_team_wins_when_either_partner_reaches_their_own_goal(rules, seat, team):
    hands = list(HANDS)
    hands[seat] += " AH"
    points = [[] for _ in range(4)]
    points[seat] = ["TD", "TS"] if seat in (0, 2) else ["TC", "TH"]
    g = make(rules, hands=hands, points=points, turn=seat)
    g.play("points AH")
    assert g.outcome == team and g.phase == "over" and g.to_move is None


@both
def test_points_count_for_each_player_alone(rules):
    # partners at 20 and 18 do not add up: neither is at 21
    g = make(rules, hands=["AH 3H", "5D", "5C", "5S"], points=["TD 9D", "", "TS 8S"])
    g.play("points AH")  # 20
    assert g.outcome is None


@pytest.mark.parametrize(("rules", "goals"), [("classic+teams", (21, 14, 10, 7, 5)),
                                              ("cuttlecards+teams", (21, 14, 10, 5, 0))])
@pytest.mark.parametrize("kings", [0, 1, 2, 3])
def test_each_players_goal_comes_from_their_own_kings(rules, goals, kings):
    goal = goals[kings]
    ks = " ".join(["KC", "KD", "KH"][:kings])
    below = {21: "TC 9C AH", 14: "TC 3C", 10: "9C", 7: "6C", 5: "4C"}[goal]  # goal - 1
    g = make(rules, hands=["AD 5S", "5D", "5H", "3S"], points=[below], permanents=[ks])
    g.play("points AD")
    assert g.outcome == "team0"


def test_cuttlecards_fourth_king_wins_at_once_in_teams():
    g = make("cuttlecards+teams", hands=["KS 5S", "5D", "5H", "3S"], permanents=["KC KD KH"])
    g.play("perm KS")
    answer_all(g)
    assert g.outcome == "team0"


# ---------------------------------------------------------------- jacks to anyone
@both
def test_jack_may_go_on_any_point_card_and_names_its_receiver(rules):
    g = make(rules, hands=["JD 5C", "3D", "3H", "3S"], points=["4C", "7H", "9H", "6S"])
    ms = moves(g)
    for card, controller in (("4C", 0), ("7H", 1), ("9H", 2), ("6S", 3)):
        for receiver in range(4):
            assert (f"jack JD {card} >{receiver}" in ms) is (receiver != controller), (card,
                                                                                    receiver)
        assert f"jack JD {card}" not in ms  # in teams the receiver is always named


@both
def test_jack_passes_points_to_the_partner(rules):
    g = make(rules, hands=["JD 5C", "3D", "3H", "3S"], points=["4C", "7H"])
    g.play("jack JD 7H >2")
    answer_all(g)
    assert pts(g, 2) == ["7H@1+JD@0>2"] and pts(g, 1) == []


@both
def test_jack_on_ones_own_card_given_to_the_partner(rules):
    g = make(rules, hands=["JD 5C", "3D", "3H", "3S"], points=["4C"])
    g.play("jack JD 4C >2")
    answer_all(g)
    assert pts(g, 2) == ["4C@0+JD@0>2"] and pts(g, 0) == []


@both
def test_jack_on_the_partners_card_taken_for_oneself(rules):
    g = make(rules, hands=["JD 5C", "3D", "3H", "3S"], points=["", "", "9H"])
    g.play("jack JD 9H >0")
    answer_all(g)
    assert pts(g, 0) == ["9H@2+JD@0"] and pts(g, 2) == []


@both
def test_jack_cannot_give_a_card_to_its_controller(rules):
    g = make(rules, hands=["JD 5C", "3D", "3H", "3S"], points=["", "7H"])
    illegal(g, "jack JD 7H >1", "controls")
    illegal(g, "jack JD 7H", "receive")


@both
def test_a_stack_three_deep_gives_back_one_controller_at_a_time(rules):
    # seat 1's ten, given to seat 0 by seat 3's jack, then taken by seat 2's jack; seat 1's 2
    # scraps the top jack: the ten goes back to seat 0
    g = make(rules, hands=["5C", "2D 3D", "3H", "3S"], points=["", "", "TS@1+JD@3>0+JC@2"],
             turn=1)
    g.play("oneoff 2D JC")
    answer_all(g)
    assert pts(g, 0) == ["TS@1+JD@3>0"] and pts(g, 2) == []


@both
def test_queen_protects_against_the_partner_too(rules):
    g = make(rules, hands=["JD 2C 5C", "3D", "3H", "3S"], points=["", "", "9H"],
             permanents=["", "", "QS KH"])
    assert not any(m.startswith("jack JD 9H") for m in moves(g))
    assert "oneoff 2C KH" not in moves(g)
    illegal(g, "jack JD 9H >0", "queen")


@pytest.mark.parametrize("rules", ["classic+teams"])
def test_classic_two_may_take_a_partners_unprotected_permanent(rules):
    g = make(rules, hands=["2C 5C", "3D", "3H", "3S"], permanents=["", "", "KH"])
    assert "oneoff 2C KH" in moves(g)


@pytest.mark.parametrize("rules", ["cuttlecards+teams"])
def test_cuttlecards_two_takes_only_an_opponents_permanent(rules):
    g = make(rules, hands=["2C 5C", "3D", "3H", "3S"], permanents=["", "KD", "KH"])
    assert "oneoff 2C KD" in moves(g) and "oneoff 2C KH" not in moves(g)


@both
def test_scuttle_only_an_opponents_point_card(rules):
    g = make(rules, hands=["9C 5C", "3D", "3H", "3S"], points=["", "7H", "7D", "7S"])
    ms = moves(g)
    assert {"scuttle 9C 7H", "scuttle 9C 7S"} <= ms and "scuttle 9C 7D" not in ms


# ---------------------------------------------------------------- jokers to anyone
@both
def test_joker_gives_a_royal_to_the_player_it_names(rules):
    g = make(rules, hands=["X1 5C", "3D", "3H", "3S"], permanents=["", "KD"])
    ms = moves(g)
    assert {"joker X1 KD >0", "joker X1 KD >2", "joker X1 KD >3"} <= ms
    assert "joker X1 KD >1" not in ms and "joker X1 KD" not in ms
    g.play("joker X1 KD >3")
    answer_all(g)
    assert perms(g, 3) == ["KD@1+X1@0>3"] and perms(g, 1) == []


@both
def test_joker_on_a_jack_in_teams(rules):
    g = make(rules, hands=["X1 5C", "3D", "3H", "3S"], points=["", "7H@2+JD@1"])
    assert "joker X1 7H >2" in moves(g)
    g.play("joker X1 7H >2")
    answer_all(g)
    assert pts(g, 2) == ["7H@2+JD@1+X1@0>2"] and pts(g, 1) == []


# ---------------------------------------------------------------- counters
@both
def test_the_partner_is_never_asked_to_counter(rules):
    g = make(rules, hands=["AC 5C", "2D 9D", "2H 9H", "2S 9S"], points=["", "TD"])
    g.play("oneoff AC")
    asked = []
    while g.phase == "counter":
        asked.append(g.to_move)
        g.play("resolve")
    assert asked == [1, 3]


# ---------------------------------------------------------------- out-of-turn nines
@both
def test_a_royal_waits_in_respond_royal_for_each_opponent_in_turn_order(rules):
    g = royal_answered(rules)
    g.play("perm KS")
    assert g.phase == "respond_royal" and g.to_move == 1 and turn(g) == 0
    assert g.to_position()["stack"] == [{"player": 0, "move": "perm KS"}]
    assert perms(g, 0) == [] and "KS" not in hand(g, 0)
    assert moves(g) == {"oneoff 9H KS", "resolve"}
    g.play("resolve")
    assert g.phase == "respond_royal" and g.to_move == 3  # seat 2, the partner, is not asked
    assert moves(g) == {"oneoff 9D KS", "resolve"}
    g.play("resolve")
    assert perms(g, 0) == ["KS"] and g.phase == "main" and g.to_move == 1


@both
def test_an_out_of_turn_nine_sends_the_royal_back_and_ends_its_players_turn(rules):
    g = royal_answered(rules)
    play(g, "perm KS", "oneoff 9H KS")
    assert g.phase == "counter" and g.to_move == 2  # the nine is a one-off: seat 1's opponents
    answer_all(g)
    assert "KS" in hand(g, 0) and perms(g, 0) == [] and "9H" in scrap(g)
    assert "KS" not in g.to_position()["frozen"]  # not frozen, under either preset
    assert g.phase == "main" and turn(g) == 1 and g.to_move == 1  # seat 1 keeps its own turn
    play(g, "draw", "draw", "draw")
    assert turn(g) == 0 and "perm KS" in moves(g)


@both
def test_an_out_of_turn_nine_is_asked_of_opponents_after_the_royals_player(rules):
    g = royal_answered(rules)
    play(g, "perm KS", "oneoff 9H KS")
    asked = []
    while g.phase == "counter":
        asked.append(g.to_move)
        g.play("resolve")
    assert asked == [2, 0]


@both
def test_a_countered_nine_lets_the_royal_take_effect_and_no_one_else_is_asked(rules):
    g = royal_answered(rules)
    play(g, "perm KS", "oneoff 9H KS", "counter 2H")  # seat 2 counters seat 1's nine
    asked = []
    while g.phase == "counter":  # seats 3 and 1 let the counter stand
        asked.append(g.to_move)
        g.play("resolve")
    assert asked == [3, 1]
    assert perms(g, 0) == ["KS"] and g.phase == "main" and g.to_move == 1
    assert "9D" in hand(g, 3)  # seat 3 was never asked about the king


@both
def test_a_player_with_a_queen_is_safe_from_out_of_turn_nines(rules):
    g = royal_answered(rules, permanents=["QH"])
    g.play("perm KS")
    assert perms(g, 0) == ["QH", "KS"] and g.phase == "main" and g.to_move == 1


@both
def test_glasses_are_not_a_royal(rules):
    g = royal_answered(rules, hands=["8C 5C", "9H 3D", "2H 4H", "9D 3S"])
    g.play("perm 8C")
    assert perms(g, 0) == ["8C"] and g.phase == "main" and g.to_move == 1


@both
@pytest.mark.parametrize(("card", "royal", "setup"), [
    ("QH", "perm QH", {}),
    ("JD", "jack JD 7H >0", {"points": ["", "7H"]}),
    ("X1", "joker X1 KC >0", {"permanents": ["", "KC"]}),
])  # fmt: skip
def test_every_royal_may_be_answered(rules, card, royal, setup):
    g = royal_answered(rules, hands=[f"{card} 5C", "9H 3D", "2H 4H", "9D 3S"], **setup)
    g.play(royal)
    assert g.phase == "respond_royal" and g.to_move == 1
    assert g.to_position()["stack"] == [{"player": 0, "move": royal}]
    assert f"oneoff 9H {card}" in moves(g)
    g.play(f"oneoff 9H {card}")
    answer_all(g)
    assert card in hand(g, 0) and turn(g) == 1


@both
def test_a_royal_played_from_a_seven_may_be_answered(rules):
    top = "KS ..." if rules.startswith("classic") else "KS 6D ..."
    g = make(rules, hands=["7C 5C", "9H 3D", "2H 4H", "9D 3S"], deck=top)
    g.play("oneoff 7C")
    answer_all(g)
    assert g.phase == "resolve_seven"
    g.play("perm KS")
    assert g.phase == "respond_royal" and g.to_move == 1
    g.play("oneoff 9H KS")
    answer_all(g)
    assert "KS" in hand(g, 0) and turn(g) == 1


@both
def test_a_hand_above_seven_after_the_royal_comes_back_is_discarded_down(rules):
    g = royal_answered(rules, hands=["KS 4C 4D 4H 4S 5C 5D 5H", "9H 3D", "2H 6S", "9D 3S"])
    play(g, "perm KS", "oneoff 9H KS")
    answer_all(g)
    assert len(hand(g, 0)) == 8 and g.phase == "hand_limit" and g.to_move == 0
    while g.phase == "hand_limit":
        g.play(g.legal_moves()[0])
    assert len(hand(g, 0)) == 7 and g.phase == "main" and turn(g) == 1


@pytest.mark.parametrize("rules", ["classic+teams+nine-freeze", "cuttlecards+teams"])
def test_a_frozen_nine_cannot_answer_a_royal(rules):
    g = royal_answered(rules, frozen=["9H"])
    g.play("perm KS")
    # seat 1 still holds a card it may play (3D), so it is asked, and may only let the king be
    assert g.phase == "respond_royal" and g.to_move == 1
    assert moves(g) == {"resolve"}
    illegal(g, "oneoff 9H KS", "frozen")


@both
def test_on_ones_own_turn_a_nine_is_the_presets_one_off(rules):
    g = make(rules, hands=["9S 5C", "3D", "3H", "3S"], permanents=["", "KD"])
    g.play("oneoff 9S KD")
    answer_all(g)
    assert "KD" in hand(g, 1) and perms(g, 1) == []
    frozen = "KD" in g.to_position()["frozen"]
    assert frozen is rules.startswith("cuttlecards")


@pytest.mark.parametrize("rules", ["classic+cutthroat", "cuttlecards+cutthroat"])
def test_cutthroat_has_no_out_of_turn_nines(rules):
    g = make(rules, hands=["KS 5C", "9H 3D", "9D 3S"])
    g.play("perm KS")
    assert perms(g, 0) == ["KS"] and g.phase == "main" and g.to_move == 1


# ---------------------------------------------------------------- concession
@both
def test_a_concession_concedes_for_the_team(rules):
    g = make(rules, hands=HANDS)
    g.concede(3)
    assert g.outcome == "team0" and g.phase == "over" and g.legal_moves() == []
    g = make(rules, hands=HANDS, turn=1)
    g.concede(0)
    assert g.outcome == "team1"


@both
def test_the_nines_player_keeps_their_turn_when_the_last_opponent_answers(rules):
    # seat 1 lets the king be, seat 3 answers it; seat 1 then plays its turn, and seat 3 its own
    g = royal_answered(rules, hands=["KS 5C", "3D 4D", "2H 4H", "9D 3S"])
    g.play("perm KS")
    assert g.to_move == 1
    play(g, "resolve", "oneoff 9D KS")
    asked = []
    while g.phase == "counter":
        asked.append(g.to_move)
        g.play("resolve")
    assert asked == [0, 2]
    assert "KS" in hand(g, 0) and turn(g) == 1 and g.to_move == 1
    play(g, "draw", "draw")
    assert turn(g) == 3 and g.to_move == 3 and "draw" in moves(g)


@both
def test_an_opponent_with_an_empty_hand_is_not_asked_about_a_royal(rules):
    g = royal_answered(rules, hands=["KS 5C", "", "2H 4H", "9D 3S"])
    g.play("perm KS")
    assert g.phase == "respond_royal" and g.to_move == 3


@both
def test_no_one_may_counter_the_nine_of_a_player_with_a_queen(rules):
    g = royal_answered(rules, permanents=["", "QC"])
    play(g, "perm KS", "oneoff 9H KS")
    assert g.phase == "main" and "KS" in hand(g, 0) and g.to_move == 1


@both
def test_a_concession_while_a_choice_waits_leaves_a_position_that_loads(rules):
    # seat 0's 3 waits for its 'take' when seat 1 concedes for team 1: the game is over, and its
    # position loads again as the same finished game
    g = make(rules, hands=["3C 5C", "5D", "5H", "5S"], scrap=["7S", "..."], deck=["KS"])
    g.play("oneoff 3C")
    answer_all(g)
    assert g.phase == "resolve_three"
    g.concede(1)
    pos = g.to_position()
    assert g.outcome == "team0" and pos["phase"] == "over"
    again = Game.from_position(pos)
    assert again.to_position() == pos and again.outcome == "team0" and again.legal_moves() == []
