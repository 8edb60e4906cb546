"""A test per rule of RULES.md §2: where preset ``cuttlecards`` differs from classic.

Rules shared by both presets are tested for both in test_rules_classic.py.
"""

from __future__ import annotations

import pytest
from helpers import deck, hand, illegal, make, moves, perms, play, pts, scrap

from cuttle import Game, IllegalMoveError

CC = "cuttlecards"


def cc(**kw):
    return make(rules=CC, **kw)


# ---------------------------------------------------------------- rules object
def test_cuttlecards_rules_parameters():
    g = Game.new(seed=1, rules=CC)
    assert str(g.rules) == CC and g.rules.preset == CC
    assert g.rules.hand_limit == 8 and g.rules.goals == (21, 14, 10, 5, 0)


# ---------------------------------------------------------------- kings
@pytest.mark.parametrize("kings,goal", [(0, 21), (1, 14), (2, 10), (3, 5)])
def test_goal_by_kings_cuttlecards(kings, goal):
    ks = " ".join(["KC", "KD", "KH", "KS"][:kings])
    g = cc(hands=("AD", "4S"), permanents=(ks, ""))
    assert g.goal(0) == goal and g.goal(1) == 21


def test_three_kings_goal_five_cuttlecards():
    g = cc(hands=("AD", "4S"), points=("4C", ""), permanents=("KC KD KH", ""))
    g.play("points AD")
    assert g.outcome == "p0"


def test_fourth_king_wins_at_once_cuttlecards():
    g = cc(hands=("KS", "4S"), permanents=("KC KD KH", ""))
    assert g.score(0) == 0
    g.play("perm KS")
    assert g.outcome == "p0" and g.goal(0) == 0


def test_fourth_king_is_goal_five_in_classic():
    g = make(hands=("KS", "4S"), permanents=("KC KD KH", ""))
    g.play("perm KS")
    assert g.outcome is None and g.goal(0) == 5


# ---------------------------------------------------------------- simultaneous win
def test_simultaneous_win_player0_wins_cuttlecards():
    # As in test_rules_classic: unreachable from a legal table, so the opponent of the mover is
    # put at 21 behind the position's back; p1 moves and reaches 21 too: p0 still wins.
    g = cc(hands=("AD 4S", "AH 4C"), points=(["TC", "TD"], ["TH", "TS"]), turn=1)
    g.points[0].append(g.deck.pop(g.deck.index(0)))  # AC
    g._legal = None
    g.play("points AH")
    assert g.score(0) == 21 and g.score(1) == 21
    assert g.outcome == "p0"


# ---------------------------------------------------------------- hand limit
def test_hand_limit_discard_down_to_eight_after_own_draw():
    g = cc(hands=("AC 2C 3C 4C 5C 6C 7C 8C", "4S"), deck="9C ...")
    g.play("draw")
    assert g.phase == "hand_limit" and g.to_move == 0 and g.turn_player == 0
    assert all(m.startswith("discard ") and len(m.split()) == 2 for m in moves(g))
    assert len(moves(g)) == 9
    illegal(g, "draw", "discard down to 8")
    illegal(g, "discard AC 2C", "exactly 1 card")
    g.play("discard 9C")
    assert len(hand(g, 0)) == 8 and g.turn_player == 1 and g.phase == "main"
    assert scrap(g)[-1] == "9C"


def test_hand_of_eight_is_within_the_limit():
    g = cc(hands=("AC 2C 3C 4C 5C 6C 7C", "4S"))
    g.play("draw")
    assert g.phase == "main" and g.turn_player == 1


def test_hand_limit_not_in_classic():
    g = make(hands=("AC 2C 3C 4C 5C 6C 7C 8C", "4S"))
    g.play("draw")
    assert g.phase == "main" and g.turn_player == 1 and len(hand(g, 0)) == 9


def test_hand_limit_after_five_discards_two():
    g = cc(hands=("5C AC 2C 3C 4C 6C 7C 8C", "4S"), deck="9D 9H 9S ...")
    play(g, "oneoff 5C", "resolve", "discard AC")
    assert len(hand(g, 0)) == 9 and g.phase == "hand_limit"
    g2 = cc(hands=("5C AC 2C 3C 4C 6C 7C 8C 9C", "4S"), deck="9D 9H 9S ...")
    play(g2, "oneoff 5C", "resolve", "discard AC")
    assert len(hand(g2, 0)) == 10 and g2.phase == "hand_limit"
    assert all(len(m.split()) == 3 for m in moves(g2))
    g2.play("discard 2C 3C")
    assert len(hand(g2, 0)) == 8 and g2.turn_player == 1


def test_hand_limit_not_forced_by_opponents_nine():
    # p0's 9 returns p1's queen: p1 holds 9 cards on p0's turn, which forces nothing
    g = cc(hands=("9C", "AS 2S 3S 4S 5S 6S 7S 8S"), permanents=("", "QD"))
    play(g, "oneoff 9C QD", "resolve")
    assert len(hand(g, 1)) == 9 and g.phase == "main" and g.to_move == 1
    # p1's own move that leaves 8 needs nothing more
    g.play("points AS")
    assert g.phase == "main" and g.turn_player == 0


def test_hand_limit_applies_when_that_player_draws_later():
    g = cc(hands=("9C", "AS 2S 3S 4S 5S 6S 7S 8S"), permanents=("", "QD"))
    play(g, "oneoff 9C QD", "resolve", "draw")
    assert g.phase == "hand_limit" and g.to_move == 1 and len(hand(g, 1)) == 10
    assert "discard 2S 3S" in moves(g)
    g.play("discard 2S 3S")
    assert len(hand(g, 1)) == 8 and g.turn_player == 0


# ---------------------------------------------------------------- jacks
def test_jack_only_on_opponent_point_cards_cuttlecards():
    g = cc(hands=("JC", "4S"), points=(["3C"], ["7D"]))
    assert moves(g) == {"draw", "jack JC 7D"}
    illegal(g, "jack JC 3C", "only go on the opponent's point cards")


def test_jack_illegal_while_opponent_has_any_queen_cuttlecards():
    g = cc(hands=("JC", "4S"), points=(["3C"], ["7D"]), permanents=("", "QH"))
    assert moves(g) == {"draw"}
    illegal(g, "jack JC 7D", "queen protects 7♦")


# ---------------------------------------------------------------- two
def test_two_only_targets_opponent_cards_cuttlecards():
    g = cc(hands=("2C", "4S"), permanents=("KC 8D", "KD"), points=(["9H+JS"], ["7C+JD"]))
    ms = {m for m in moves(g) if m.startswith("oneoff 2C")}
    assert ms == {"oneoff 2C KD", "oneoff 2C JD"}
    illegal(g, "oneoff 2C KC", "only target the opponent's cards")
    illegal(g, "oneoff 2C JS", "only target the opponent's cards")


def test_two_on_jack_returns_point_card_to_twos_player_cuttlecards():
    g = cc(hands=("2C", "4S"), points=([], ["7C+JD"]))
    play(g, "oneoff 2C JD", "resolve")
    assert pts(g, 0) == ["7C"] and "JD" in scrap(g)


# ---------------------------------------------------------------- three
def test_three_cannot_take_a_three_cuttlecards():
    g = cc(hands=("3C", "4S"), scrap="3D 5H")
    play(g, "oneoff 3C", "resolve")
    assert moves(g) == {"take 5H"}
    illegal(g, "take 3D", "cannot take a 3")


def test_three_needs_a_non_three_in_scrap_cuttlecards():
    g = cc(hands=("3C", "4S"), scrap="3D 3H")
    assert "oneoff 3C" not in moves(g)
    illegal(g, "oneoff 3C", "no card a 3 may take")


def test_three_may_take_a_three_in_classic():
    g = make(hands=("3C", "4S"), scrap="3D")
    play(g, "oneoff 3C", "resolve")
    assert moves(g) == {"take 3D"}


# ---------------------------------------------------------------- five
def test_five_discards_one_then_draws_three_cuttlecards():
    g = cc(hands=("5C 9S KH", "4S"), deck="AH AD AS 2H ...")
    play(g, "oneoff 5C", "resolve")
    assert g.phase == "resolve_five" and g.to_move == 0
    assert moves(g) == {"discard 9S", "discard KH"}
    illegal(g, "discard 9S KH", "exactly 1 card")
    g.play("discard KH")
    assert hand(g, 0) == ["AD", "AH", "AS", "9S"]
    assert deck(g)[0] == "2H" and scrap(g)[-2:] == ["KH", "5C"]
    assert g.turn_player == 1


def test_five_with_empty_hand_just_draws_three_cuttlecards():
    g = cc(hands=("5C", "4S"), deck="AH AD AS 2H ...")
    play(g, "oneoff 5C", "resolve")
    assert g.phase == "main" and g.turn_player == 1
    assert sorted(hand(g, 0)) == ["AD", "AH", "AS"]


def test_five_draws_what_is_left_cuttlecards():
    g = cc(hands=("5C 9S", "4S"), deck="AH AD", scrap="...")
    play(g, "oneoff 5C", "resolve", "discard 9S")
    assert sorted(hand(g, 0)) == ["AD", "AH"] and deck(g) == []


# ---------------------------------------------------------------- seven
def test_seven_reveals_two_cuttlecards():
    g = cc(hands=("7C", "4S"), deck="9H KD 5S ...")
    play(g, "oneoff 7C", "resolve")
    assert g.phase == "resolve_seven" and g.to_move == 0
    assert g.to_position()["revealed"] == ["9H", "KD"]
    assert g.view(1)["revealed"] == ["9H", "KD"] and g.view(0)["revealed"] == ["9H", "KD"]
    assert deck(g)[0] == "5S"
    assert {"points 9H", "perm KD"} <= moves(g)


def test_seven_other_card_stays_on_top_visible_to_both_cuttlecards():
    g = cc(hands=("7C", "4S"), deck="9H KD 5S ...")
    play(g, "oneoff 7C", "resolve", "points 9H")
    assert deck(g)[:2] == ["KD", "5S"]
    assert g.view(0)["deck"][0] == "KD" and g.view(1)["deck"][0] == "KD"
    assert g.view(1)["deck"][1] == "??"
    assert scrap(g)[-1] == "7C" and pts(g, 0) == ["9H"]
    # p1 draws it: still known to p0
    g.play("draw")
    assert "KD" in g.view(0)["hands"][1]


def test_seven_one_card_left_reveals_only_it_cuttlecards():
    g = cc(hands=("7C", "4S"), deck="9H", scrap="...")
    play(g, "oneoff 7C", "resolve")
    assert g.to_position()["revealed"] == ["9H"] and deck(g) == []


def test_seven_only_jacks_revealed_scrap_one_other_stays_on_top_cuttlecards():
    g = cc(hands=("7C", "4S"), deck="JC JD 5S ...")
    play(g, "oneoff 7C", "resolve")
    assert moves(g) == {"scrap JC", "scrap JD"}
    g.play("scrap JD")
    assert deck(g)[:2] == ["JC", "5S"] and scrap(g)[-2:] == ["7C", "JD"]
    assert g.view(1)["deck"][0] == "JC"
    assert g.turn_player == 1


def test_seven_jack_cannot_go_on_own_card_cuttlecards():
    # classic would force the jack onto 9H; cuttlecards scraps it
    g = cc(hands=("7C", "4S"), points=(["9H"], ["TD"]), permanents=([], ["QS"]),
           deck="JC", scrap="...")
    play(g, "oneoff 7C", "resolve")
    assert moves(g) == {"scrap JC"}


def test_seven_jack_and_other_card_must_play_one_cuttlecards():
    g = cc(hands=("7C", "4S"), deck="JC 9D ...")
    play(g, "oneoff 7C", "resolve")
    assert "scrap JC" not in moves(g) and "points 9D" in moves(g)
    g.play("points 9D")
    assert deck(g)[0] == "JC"


def test_seven_revealed_seven_needs_a_card_left_cuttlecards():
    g = cc(hands=("7C", "4S"), deck="7D 9D", scrap="...")
    play(g, "oneoff 7C", "resolve")
    # 9D goes back on top before 7D is played, so 7D may be a one-off (it reveals 9D)
    assert "oneoff 7D" in moves(g)
    g2 = cc(hands=("7C", "4S"), deck="7D", scrap="...")
    play(g2, "oneoff 7C", "resolve")
    assert "oneoff 7D" not in moves(g2) and "points 7D" in moves(g2)


def test_seven_one_off_validate_rejects_revealed_three_when_scrap_holds_only_threes():
    """seven-one-off/validate, 3: the scrap is judged before the 7 itself is scrapped, so a
    scrap of 3s alone leaves the revealed 3 nothing to take (issue 15)."""
    g = cc(hands=("7C", "4S"), deck="3D 9H ...", scrap="3H 3S")
    play(g, "oneoff 7C", "resolve")
    assert moves(g) == {"points 3D", "points 9H"}
    illegal(g, "oneoff 3D", "no card a 3 may take", "7 joins the scrap only once")


def test_seven_one_off_validate_rejects_revealed_three_when_scrap_is_empty():
    """seven-one-off/validate, 3: an empty scrap (the 7 not yet in it) refuses the 3."""
    g = cc(hands=("7C", "4S"), deck="3D 9H ...", scrap="")
    play(g, "oneoff 7C", "resolve")
    assert "oneoff 3D" not in moves(g) and "points 3D" in moves(g)


def test_seven_one_off_validate_allows_revealed_three_and_it_may_take_the_seven():
    """seven-one-off/validate, 3: with a non-3 in the scrap the 3 is legal; seven-one-off/execute
    scraps the 7 before the 3 resolves, so resolve-three may take the 7 back."""
    g = cc(hands=("7C", "4S"), deck="3D 9H ...", scrap="3H 5S")
    play(g, "oneoff 7C", "resolve", "oneoff 3D", "resolve")
    assert g.phase == "resolve_three"
    assert moves(g) == {"take 5S", "take 7C"}
    g.play("take 7C")
    assert "7C" in hand(g, 0) and deck(g)[0] == "9H"


def test_seven_one_off_validate_counts_counter_twos_scrapped_before_the_seven():
    """seven-one-off/validate, 3: 2s spent countering the 7 are in the scrap when the reveal is
    played (resolve/execute scraps the twos first), so they make the 3 legal."""
    g = cc(hands=("7C 2C", "2D 4S"), deck="3D 9H ...", scrap="")
    play(g, "oneoff 7C", "counter 2D", "counter 2C")
    if g.phase == "counter":
        g.play("resolve")
    assert g.phase == "resolve_seven"
    assert "oneoff 3D" in moves(g)
    play(g, "oneoff 3D", "resolve")
    assert moves(g) == {"take 2C", "take 2D", "take 7C"}


def test_seven_oneoff_from_reveal_opens_counter_window_cuttlecards():
    g = cc(hands=("7C", "2S 4S"), points=([], ["TD"]), deck="AH 5D ...")
    play(g, "oneoff 7C", "resolve", "oneoff AH")
    assert g.phase == "counter" and g.to_move == 1
    g.play("counter 2S")
    assert pts(g, 1) == ["TD"] and deck(g)[0] == "5D"


# ---------------------------------------------------------------- nine
def test_nine_returns_opponent_point_card_frozen_cuttlecards():
    g = cc(hands=("9C", "4S"), points=([], ["8H+JD+JS"]))
    ms = moves(g)
    assert "oneoff 9C 8H" in ms and "oneoff 9C JS" in ms
    play(g, "oneoff 9C 8H", "resolve")
    assert pts(g, 1) == [] and "8H" in hand(g, 1)
    assert {"JD", "JS", "9C"} <= set(scrap(g))
    assert g.to_position()["frozen"] == ["8H"]
    assert "8H" in g.view(0)["hands"][1]
    assert not any("8H" in m for m in moves(g))
    illegal(g, "points 8H", "frozen")


def test_nine_frozen_card_thaws_after_its_holders_next_turn_cuttlecards():
    g = cc(hands=("9C 3C", "4S"), points=([], ["8H"]))
    play(g, "oneoff 9C 8H", "resolve", "draw")
    assert g.to_position()["frozen"] == []
    g.play("draw")
    assert "points 8H" in moves(g)


def test_nine_returns_permanent_frozen_cuttlecards():
    g = cc(hands=("9C", "4S"), permanents=("", "KD"))
    play(g, "oneoff 9C KD", "resolve")
    assert "KD" in hand(g, 1) and g.to_position()["frozen"] == ["KD"]
    assert "perm KD" not in moves(g)
    illegal(g, "perm KD", "frozen")


def test_nine_on_jack_returns_it_and_card_goes_to_nines_player_cuttlecards():
    g = cc(hands=("9C", "4S"), points=([], ["8C+JD"]))
    play(g, "oneoff 9C JD", "resolve")
    assert pts(g, 0) == ["8C"] and "JD" in hand(g, 1)
    assert g.to_position()["frozen"] == ["JD"]


def test_nine_cannot_target_own_cards_cuttlecards():
    g = cc(hands=("9C", "4S"), points=(["8C"], []), permanents=("KC", ""))
    assert not any(m.startswith("oneoff 9C") for m in moves(g))
    illegal(g, "oneoff 9C KC", "only target the opponent's cards")


def test_frozen_two_cannot_counter_cuttlecards():
    g = cc(hands=("AS", "2D 4S"), points=([], ["TD"]), frozen="2D")
    g.play("oneoff AS")
    assert g.phase == "counter" and moves(g) == {"resolve"}
    illegal(g, "counter 2D", "frozen")


def test_no_counter_window_when_responder_holds_only_frozen_cards_cuttlecards():
    g = cc(hands=("AS", "2D"), points=([], ["TD"]), frozen="2D")
    g.play("oneoff AS")
    assert g.phase == "main" and g.turn_player == 1 and pts(g, 1) == []


# ---------------------------------------------------------------- queens
def test_one_queen_only_it_can_be_targeted_cuttlecards():
    g = cc(hands=("2C 9C", "4S"), points=([], ["5C+JD", "8D"]), permanents=("", "QH KD 8S"))
    ms = {m for m in moves(g) if m.startswith("oneoff")}
    assert ms == {"oneoff 2C QH", "oneoff 9C QH"}
    illegal(g, "oneoff 9C 8D", "queen protects 8♦")
    illegal(g, "oneoff 2C KD", "queen protects K♦")


def test_two_queens_nothing_can_be_targeted_cuttlecards():
    g = cc(hands=("2C 9C", "4S"), points=([], ["8D"]), permanents=("", "QH QS KD"))
    assert not any(m.startswith("oneoff") for m in moves(g))
    illegal(g, "oneoff 2C QH", "queen protects Q♥")


def test_two_queens_removed_by_six_cuttlecards():
    g = cc(hands=("6C", "4S"), permanents=("", "QH QS"))
    play(g, "oneoff 6C", "resolve")
    assert perms(g, 1) == []


def test_queen_blocks_all_counters_of_opponent_cuttlecards():
    # p1's queen: p0 cannot counter p1's one-off, and p1's one-off opens no window
    g = cc(hands=("2C 4C", "AS 4S"), points=(["TD"], []), permanents=("", "QH"), turn=1)
    g.play("oneoff AS")
    assert g.phase == "main" and g.turn_player == 0 and pts(g, 0) == []


# ---------------------------------------------------------------- empty deck
def test_empty_deck_opens_both_hands_cuttlecards():
    g = cc(hands=("7D 2C", "9S KH"), deck="", scrap="...")
    assert g.view(0)["hands"] == [["2C", "7D"], ["9S", "KH"]]
    assert g.view(1)["hands"] == [["2C", "7D"], ["9S", "KH"]]


def test_empty_deck_keeps_hands_hidden_classic():
    g = make(hands=("7D 2C", "9S KH"), deck="", scrap="...")
    assert g.view(0)["hands"][1] == ["??", "??"]


def test_hands_open_once_last_card_drawn_cuttlecards():
    g = cc(hands=("7D 2C", "9S KH"), deck="5H", scrap="...")
    assert g.view(0)["hands"][1] == ["??", "??"]
    g.play("draw")
    assert g.view(1)["hands"][0] == ["2C", "5H", "7D"]


# ---------------------------------------------------------------- concede and draws
@pytest.mark.parametrize("rules", ["classic", CC])
def test_concede_at_any_time(rules):
    g = make(hands=("AS", "2D 4S"), rules=rules)
    g.play("oneoff AS")  # in the counter phase, p0 concedes
    g.concede(0)
    assert g.outcome == "p1" and g.outcome_reason == "concession" and g.phase == "over"
    with pytest.raises(IllegalMoveError, match="over"):
        g.concede(1)
    with pytest.raises(IllegalMoveError, match="over"):
        g.play("resolve")


def test_draw_by_agreement_cuttlecards():
    g = cc(hands=("AS", "4S"))
    g.agree_draw()
    assert g.outcome == "draw" and g.outcome_reason == "agreement"


def test_no_draw_by_agreement_in_classic():
    g = make(hands=("AS", "4S"))
    with pytest.raises(IllegalMoveError, match="draws by agreement"):
        g.agree_draw()
    assert g.outcome is None
