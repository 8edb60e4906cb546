"""The cuttlecards preset: RULES.md §2, and cuttle.cards' move validators condition by condition.

Rules shared by both presets are tested for both in test_rules_classic.py. Tests named after a
cuttle.cards helper (``draw/validate``, ``seven-one-off/validate``, ``check-game-state-for-win``...)
check one condition of that helper each (its name, or its docstring, says which). Where the
engine differs from cuttle.cards, and why: docs/rules.md, "Differences from cuttle.cards, and
why"; the tests named ``test_difference_...`` pin those places.
"""

from __future__ import annotations

import random

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
    assert not g.rules.seven_three_sees_seven and Game.new(seed=1).rules.seven_three_sees_seven


# ---------------------------------------------------------------- kings
@pytest.mark.parametrize("kings,goal", [(0, 21), (1, 14), (2, 10), (3, 5)])
def test_win_check_goal_by_kings_cuttlecards(kings, goal):
    """check-game-state-for-win: the goal is 21, 14, 10 or 5 points with 0-3 kings."""
    ks = " ".join(["KC", "KD", "KH", "KS"][:kings])
    g = cc(hands=("AD", "4S"), permanents=(ks, ""))
    assert g.goal(0) == goal and g.goal(1) == 21


def test_win_check_three_kings_need_five_points():
    """check-game-state-for-win: with 3 kings 5 points win."""
    g = cc(hands=("AD", "4S"), points=("4C", ""), permanents=("KC KD KH", ""))
    g.play("points AD")
    assert g.outcome == "p0"


def test_win_check_fourth_king_wins_at_once():
    """check-game-state-for-win: with 4 kings the goal is 0, so the fourth king wins."""
    g = cc(hands=("KS", "4S"), permanents=("KC KD KH", ""))
    assert g.score(0) == 0
    g.play("perm KS")
    assert g.outcome == "p0" and g.goal(0) == 0


def test_fourth_king_is_goal_five_in_classic():
    g = make(hands=("KS", "4S"), permanents=("KC KD KH", ""))
    g.play("perm KS")
    assert g.outcome is None and g.goal(0) == 5


# ---------------------------------------------------------------- simultaneous win
def test_win_check_both_at_goal_player0_wins():
    """check-game-state-for-win: p0 is checked first, so when both reach their goal p0 wins."""
    # As in test_rules_classic: unreachable from a legal table, so the opponent of the mover is
    # put at 21 behind the position's back; p1 moves and reaches 21 too: p0 still wins.
    g = cc(hands=("AD 4S", "AH 4C"), points=(["TC", "TD"], ["TH", "TS"]), turn=1)
    g.points[0].append(g.deck.pop(g.deck.index(0)))  # AC
    g._legal = None
    g.play("points AH")
    assert g.score(0) == 21 and g.score(1) == 21
    assert g.outcome == "p0"


# ---------------------------------------------------------------- hand limit
def test_draw_execute_ninth_card_holds_the_turn_for_a_hand_limit_discard():
    """draw/execute: a hand above 8 sets the discarding phase and holds the turn;
    discard-to-hand-limit/validate: exactly hand - 8 cards, then the turn passes."""
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


def test_draw_execute_passes_the_turn_at_eight_cards():
    """draw/execute: a hand of 8 is within the limit, the turn passes."""
    g = cc(hands=("AC 2C 3C 4C 5C 6C 7C", "4S"))
    g.play("draw")
    assert g.phase == "main" and g.turn_player == 1


def test_hand_limit_not_in_classic():
    g = make(hands=("AC 2C 3C 4C 5C 6C 7C 8C", "4S"))
    g.play("draw")
    assert g.phase == "main" and g.turn_player == 1 and len(hand(g, 0)) == 9


def test_resolve_five_execute_draws_three_then_hand_limit_discards():
    """resolve-five/execute (rules 1.0.2): draw 3 whatever the hand size, then discard to 8."""
    g = cc(hands=("5C AC 2C 3C 4C 6C 7C 8C", "4S"), deck="9D 9H 9S ...")
    play(g, "oneoff 5C", "resolve", "discard AC")
    assert len(hand(g, 0)) == 9 and g.phase == "hand_limit"
    g2 = cc(hands=("5C AC 2C 3C 4C 6C 7C 8C 9C", "4S"), deck="9D 9H 9S ...")
    play(g2, "oneoff 5C", "resolve", "discard AC")
    assert len(hand(g2, 0)) == 10 and g2.phase == "hand_limit"
    assert all(len(m.split()) == 3 for m in moves(g2))
    g2.play("discard 2C 3C")
    assert len(hand(g2, 0)) == 8 and g2.turn_player == 1


def test_discard_to_hand_limit_not_forced_by_opponents_nine():
    """discard-to-hand-limit: set only by the over-limit player's own move."""
    # p0's 9 returns p1's queen: p1 holds 9 cards on p0's turn, which forces nothing
    g = cc(hands=("9C", "AS 2S 3S 4S 5S 6S 7S 8S"), permanents=("", "QD"))
    play(g, "oneoff 9C QD", "resolve")
    assert len(hand(g, 1)) == 9 and g.phase == "main" and g.to_move == 1
    # p1's own move that leaves 8 needs nothing more
    g.play("points AS")
    assert g.phase == "main" and g.turn_player == 0


def test_discard_to_hand_limit_when_that_player_draws_later():
    """draw/execute: the limit applies when the over-limit player's own move ends."""
    g = cc(hands=("9C", "AS 2S 3S 4S 5S 6S 7S 8S"), permanents=("", "QD"))
    play(g, "oneoff 9C QD", "resolve", "draw")
    assert g.phase == "hand_limit" and g.to_move == 1 and len(hand(g, 1)) == 10
    assert "discard 2S 3S" in moves(g)
    g.play("discard 2S 3S")
    assert len(hand(g, 1)) == 8 and g.turn_player == 0


# ---------------------------------------------------------------- jacks
def test_jack_validate_rejects_target_not_in_opponents_points():
    """jack/validate: targetCard must be in the opponent's points."""
    g = cc(hands=("JC", "4S"), points=(["3C"], ["7D"]))
    assert moves(g) == {"draw", "jack JC 7D"}
    illegal(g, "jack JC 3C", "only go on the opponent's point cards")


def test_jack_validate_rejects_while_opponent_has_a_queen():
    """jack/validate: no jack while the opponent has any queen."""
    g = cc(hands=("JC", "4S"), points=(["3C"], ["7D"]), permanents=("", "QH"))
    assert moves(g) == {"draw"}
    illegal(g, "jack JC 7D", "queen protects 7♦")


# ---------------------------------------------------------------- two
def test_one_off_validate_two_targets_only_opponents_cards():
    """one-off/validate, 2: the target is found on the opponent's board only."""
    g = cc(hands=("2C", "4S"), permanents=("KC 8D", "KD"), points=(["9H+JS"], ["7C+JD"]))
    ms = {m for m in moves(g) if m.startswith("oneoff 2C")}
    assert ms == {"oneoff 2C KD", "oneoff 2C JD"}
    illegal(g, "oneoff 2C KC", "only target the opponent's cards")
    illegal(g, "oneoff 2C JS", "only target the opponent's cards")


def test_resolve_execute_two_on_jack_returns_point_card_to_twos_player():
    """resolve/two: the jack is scrapped and its point card goes to the 2's player."""
    g = cc(hands=("2C", "4S"), points=([], ["7C+JD"]))
    play(g, "oneoff 2C JD", "resolve")
    assert pts(g, 0) == ["7C"] and "JD" in scrap(g)


# ---------------------------------------------------------------- three
def test_resolve_three_validate_rejects_a_three():
    """resolve-three/validate (rules 1.0.1): the card taken may not be a 3."""
    g = cc(hands=("3C", "4S"), scrap="3D 5H")
    play(g, "oneoff 3C", "resolve")
    assert moves(g) == {"take 5H"}
    illegal(g, "take 3D", "cannot take a 3")


def test_one_off_validate_three_needs_a_non_three_in_scrap():
    """one-off/validate, 3 (rules 1.0.1): the scrap must hold a card other than a 3."""
    g = cc(hands=("3C", "4S"), scrap="3D 3H")
    assert "oneoff 3C" not in moves(g)
    illegal(g, "oneoff 3C", "no card a 3 may take")


def test_three_may_take_a_three_in_classic():
    g = make(hands=("3C", "4S"), scrap="3D")
    play(g, "oneoff 3C", "resolve")
    assert moves(g) == {"take 3D"}


# ---------------------------------------------------------------- five
def test_resolve_five_validate_exactly_one_discard_then_draws_three():
    """resolve-five/validate: one card of the hand must be chosen; execute draws 3."""
    g = cc(hands=("5C 9S KH", "4S"), deck="AH AD AS 2H ...")
    play(g, "oneoff 5C", "resolve")
    assert g.phase == "resolve_five" and g.to_move == 0
    assert moves(g) == {"discard 9S", "discard KH"}
    illegal(g, "discard 9S KH", "exactly 1 card")
    g.play("discard KH")
    assert hand(g, 0) == ["AD", "AH", "AS", "9S"]
    assert deck(g)[0] == "2H" and scrap(g)[-2:] == ["KH", "5C"]
    assert g.turn_player == 1


def test_resolve_five_validate_empty_hand_discards_nothing():
    """resolve-five/validate: with an empty hand no card is chosen (the engine skips that
    forced empty move: "Differences from cuttle.cards" in docs/rules.md)."""
    g = cc(hands=("5C", "4S"), deck="AH AD AS 2H ...")
    play(g, "oneoff 5C", "resolve")
    assert g.phase == "main" and g.turn_player == 1
    assert sorted(hand(g, 0)) == ["AD", "AH", "AS"]


def test_resolve_five_execute_draws_what_is_left():
    """resolve-five/execute: draws min(3, deck)."""
    g = cc(hands=("5C 9S", "4S"), deck="AH AD", scrap="...")
    play(g, "oneoff 5C", "resolve", "discard 9S")
    assert sorted(hand(g, 0)) == ["AD", "AH"] and deck(g) == []


# ---------------------------------------------------------------- seven
def test_resolve_execute_seven_reveals_top_two():
    """resolve/execute, 7: the seven validators read deck.slice(0, 2): two cards, public."""
    g = cc(hands=("7C", "4S"), deck="9H KD 5S ...")
    play(g, "oneoff 7C", "resolve")
    assert g.phase == "resolve_seven" and g.to_move == 0
    assert g.to_position()["revealed"] == ["9H", "KD"]
    assert g.view(1)["revealed"] == ["9H", "KD"] and g.view(0)["revealed"] == ["9H", "KD"]
    assert deck(g)[0] == "5S"
    assert {"points 9H", "perm KD"} <= moves(g)


def test_seven_points_execute_other_card_stays_on_top():
    """seven-points/execute: only the chosen card leaves the deck, the 7 is scrapped."""
    g = cc(hands=("7C", "4S"), deck="9H KD 5S ...")
    play(g, "oneoff 7C", "resolve", "points 9H")
    assert deck(g)[:2] == ["KD", "5S"]
    assert g.view(0)["deck"][0] == "KD" and g.view(1)["deck"][0] == "KD"
    assert g.view(1)["deck"][1] == "??"
    assert scrap(g)[-1] == "7C" and pts(g, 0) == ["9H"]
    # p1 draws it: still known to p0
    g.play("draw")
    assert "KD" in g.view(0)["hands"][1]


def test_resolve_execute_seven_with_one_card_left_reveals_it():
    """resolve/execute, 7: deck.slice(0, 2) of a one-card deck is that card."""
    g = cc(hands=("7C", "4S"), deck="9H", scrap="...")
    play(g, "oneoff 7C", "resolve")
    assert g.to_position()["revealed"] == ["9H"] and deck(g) == []


def test_seven_discard_validate_allows_scrapping_unplayable_jacks():
    """seven-discard/validate: both revealed cards are jacks and the opponent has no point
    card for them; seven-discard/execute leaves the other on top."""
    g = cc(hands=("7C", "4S"), deck="JC JD 5S ...")
    play(g, "oneoff 7C", "resolve")
    assert moves(g) == {"scrap JC", "scrap JD"}
    g.play("scrap JD")
    assert deck(g)[:2] == ["JC", "5S"] and scrap(g)[-2:] == ["7C", "JD"]
    assert g.view(1)["deck"][0] == "JC"
    assert g.turn_player == 1


def test_seven_jack_validate_rejects_own_card_and_queen_protected_target():
    """seven-jack/validate: target in the opponent's points, none while they have a queen."""
    # classic would force the jack onto 9H; cuttlecards scraps it
    g = cc(hands=("7C", "4S"), points=(["9H"], ["TD"]), permanents=([], ["QS"]),
           deck="JC", scrap="...")
    play(g, "oneoff 7C", "resolve")
    assert moves(g) == {"scrap JC"}


def test_seven_jacks_never_go_on_own_cards_when_the_opponent_has_none():
    """RULES.md §2: jacks only on the opponent's point cards; the classic exception (a seven's jack
    on one's own card) does not apply: with only jacks revealed, one is scrapped."""
    g = cc(hands=("7C", "4S"), points=(["9H", "3D"], []), deck="JC JD 5S ...")
    play(g, "oneoff 7C", "resolve")
    assert moves(g) == {"scrap JC", "scrap JD"}
    illegal(g, "jack JC 9H", "only go on the opponent's point cards")


def test_seven_discard_validate_rejects_unless_both_revealed_are_jacks():
    """seven-discard/validate: the top two must both be jacks."""
    g = cc(hands=("7C", "4S"), deck="JC 9D ...")
    play(g, "oneoff 7C", "resolve")
    assert "scrap JC" not in moves(g) and "points 9D" in moves(g)
    g.play("points 9D")
    assert deck(g)[0] == "JC"


def test_seven_one_off_validate_seven_needs_a_card_left_in_deck():
    """seven-one-off/validate, 7: not the last card of the deck (sevenWithOneCardInDeck)."""
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


def test_seven_one_off_execute_opens_a_counter_window():
    """seven-one-off/execute: the revealed one-off goes to the countering phase."""
    g = cc(hands=("7C", "2S 4S"), points=([], ["TD"]), deck="AH 5D ...")
    play(g, "oneoff 7C", "resolve", "oneoff AH")
    assert g.phase == "counter" and g.to_move == 1
    g.play("counter 2S")
    assert pts(g, 1) == ["TD"] and deck(g)[0] == "5D"


# ---------------------------------------------------------------- nine
def test_resolve_execute_nine_returns_point_card_frozen():
    """one-off/validate, 9 (1.0.2): a point card is a target; resolve: it returns to its
    controller's hand, jacks on it scrapped, frozen (points/validate: cardFrozen)."""
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


def test_frozen_card_thaws_after_its_holders_next_turn():
    """isFrozen: only for the returned card, and not after its holder's next turn."""
    g = cc(hands=("9C 3C", "4S"), points=([], ["8H"]))
    play(g, "oneoff 9C 8H", "resolve", "draw")
    assert g.to_position()["frozen"] == []
    g.play("draw")
    assert "points 8H" in moves(g)


def test_face_card_validate_rejects_a_frozen_royal():
    """face-card/validate: cardFrozen (a king a 9 returned)."""
    g = cc(hands=("9C", "4S"), permanents=("", "KD"))
    play(g, "oneoff 9C KD", "resolve")
    assert "KD" in hand(g, 1) and g.to_position()["frozen"] == ["KD"]
    assert "perm KD" not in moves(g)
    illegal(g, "perm KD", "frozen")


def test_resolve_execute_nine_on_jack_returns_it_frozen_card_to_nines_player():
    """resolve/execute, 9 on a jack: the jack to its owner's hand (frozen), the point
    card back to the 9's player."""
    g = cc(hands=("9C", "4S"), points=([], ["8C+JD"]))
    play(g, "oneoff 9C JD", "resolve")
    assert pts(g, 0) == ["8C"] and "JD" in hand(g, 1)
    assert g.to_position()["frozen"] == ["JD"]


def test_one_off_validate_nine_targets_only_opponents_cards():
    """one-off/validate, 9: the target is found on the opponent's board only."""
    g = cc(hands=("9C", "4S"), points=(["8C"], []), permanents=("KC", ""))
    assert not any(m.startswith("oneoff 9C") for m in moves(g))
    illegal(g, "oneoff 9C KC", "only target the opponent's cards")


def test_counter_validate_rejects_a_frozen_two():
    """counter: a frozen 2 may not counter (engine; see the freeze difference in docs/rules.md)."""
    g = cc(hands=("AS", "2D 4S"), points=([], ["TD"]), frozen="2D")
    g.play("oneoff AS")
    assert g.phase == "counter" and moves(g) == {"resolve"}
    illegal(g, "counter 2D", "frozen")


def test_counter_window_skipped_when_responder_holds_only_frozen_cards():
    """Difference (on purpose): no window when nobody could answer but "resolve"."""
    g = cc(hands=("AS", "2D"), points=([], ["TD"]), frozen="2D")
    g.play("oneoff AS")
    assert g.phase == "main" and g.turn_player == 1 and pts(g, 1) == []


# ---------------------------------------------------------------- queens
def test_one_off_validate_one_queen_only_the_queen_may_be_targeted():
    """one-off/validate, 2 and 9: one queen => only the queen (blockedByQueen)."""
    g = cc(hands=("2C 9C", "4S"), points=([], ["5C+JD", "8D"]), permanents=("", "QH KD 8S"))
    ms = {m for m in moves(g) if m.startswith("oneoff")}
    assert ms == {"oneoff 2C QH", "oneoff 9C QH"}
    illegal(g, "oneoff 9C 8D", "queen protects 8♦")
    illegal(g, "oneoff 2C KD", "queen protects K♦")


def test_one_off_validate_two_queens_block_every_target():
    """one-off/validate, 2 and 9: two or more queens => no target (blockedByMultipleQueens)."""
    g = cc(hands=("2C 9C", "4S"), points=([], ["8D"]), permanents=("", "QH QS KD"))
    assert not any(m.startswith("oneoff") for m in moves(g))
    illegal(g, "oneoff 2C QH", "queen protects Q♥")


def test_resolve_execute_six_removes_queens():
    """resolve/six: every face card goes, queens included."""
    g = cc(hands=("6C", "4S"), permanents=("", "QH QS"))
    play(g, "oneoff 6C", "resolve")
    assert perms(g, 1) == []


def test_counter_validate_rejects_when_opponent_has_a_queen():
    """counter: no counter against a player with a queen (cuttle.cards' cannot-counter
    dialog, opponentWithQueen); nobody can answer, so the engine skips the window."""
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
def test_concede_validate_always_legal(rules):
    """concede/validate: always succeeds, in any phase."""
    g = make(hands=("AS", "2D 4S"), rules=rules)
    g.play("oneoff AS")  # in the counter phase, p0 concedes
    g.concede(0)
    assert g.outcome == "p1" and g.outcome_reason == "concession" and g.phase == "over"
    with pytest.raises(IllegalMoveError, match="over"):
        g.concede(1)
    with pytest.raises(IllegalMoveError, match="over"):
        g.play("resolve")


def test_stalemate_accept_ends_the_game_as_a_draw():
    """stalemate-request + stalemate-accept: the game ends as a draw."""
    g = cc(hands=("AS", "4S"))
    g.agree_draw()
    assert g.outcome == "draw" and g.outcome_reason == "agreement"


def test_no_draw_by_agreement_in_classic():
    g = make(hands=("AS", "4S"))
    with pytest.raises(IllegalMoveError, match="draws by agreement"):
        g.agree_draw()
    assert g.outcome is None


# ================================================================ cuttle.cards' validators
# One test per condition of each game-states/moves/*/validate.js (and what its execute.js
# decides), cuttle.cards rules 1.0.2. The conditions "must be your turn" and "must be <phase>"
# open every validator; in this engine they are the phase and ``to_move`` themselves, so they
# are checked once for all validators below.


def refused_text(g, text, *fragments):
    """``text`` is not even a move of the notation (a rank the validator refuses outright):
    ValueError naming the problem, and the game unchanged."""
    before = g.to_position()
    with pytest.raises(ValueError) as exc:
        g.play(text)
    assert not isinstance(exc.value, IllegalMoveError)
    for f in fragments:
        assert f.lower() in str(exc.value).lower()
    assert g.to_position() == before


def _counter_phase_game():
    """p0's ace on the stack, p1 (holding every kind of card) to answer; the deck is empty."""
    g = cc(hands=("AS 9C", "2D 4S KH JC 7C"), points=(["3C"], ["TD"]), deck="", scrap="...")
    g.play("oneoff AS")
    assert g.phase == "counter" and g.to_move == 1
    return g


@pytest.mark.parametrize("text", [
    pytest.param("draw", id="draw/validate"),
    pytest.param("pass", id="pass/validate"),
    pytest.param("points 4S", id="points/validate"),
    pytest.param("scuttle 4S 3C", id="scuttle/validate"),
    pytest.param("perm KH", id="face-card/validate"),
    pytest.param("jack JC 3C", id="jack/validate"),
    pytest.param("oneoff 7C", id="one-off/validate-oneOffInPlay"),
])
def test_main_phase_validators_reject_moves_while_a_one_off_is_pending(text):
    """draw, pass, points, scuttle, face-card, jack, one-off /validate: phase must be MAIN (and
    one-off/validate: no one-off already in play)."""
    g = _counter_phase_game()
    illegal(g, text, "you may only counter with a 2")


@pytest.mark.parametrize("setup,phase,to_move", [
    pytest.param((), "main", 0, id="MAIN-turn-player"),
    pytest.param(("oneoff 4C",), "counter", 1, id="COUNTERING-opponent-first"),
    pytest.param(("oneoff 4C", "counter 2D"), "counter", 0, id="COUNTERING-alternates"),
    pytest.param(("oneoff 4C", "resolve"), "resolve_four", 1, id="RESOLVING_FOUR-victim"),
    pytest.param(("oneoff 3C", "resolve"), "resolve_three", 0, id="RESOLVING_THREE-turn-player"),
    pytest.param(("oneoff 5C", "resolve"), "resolve_five", 0, id="RESOLVING_FIVE-turn-player"),
    pytest.param(("oneoff 7C", "resolve"), "resolve_seven", 0, id="RESOLVING_SEVEN-turn-player"),
])
def test_validators_must_be_your_turn_follow_get_active_player_pnum(setup, phase, to_move):
    """Every validate.js: 'must be your turn' / yourTurnToCounter / resolve-four's 'not your
    turn' - the player allowed to move in each phase is get-active-player-pnum's."""
    g = cc(hands=("3C 4C 5C 7C 2C 9S", "2D 2H 8H KD"), scrap="6H", deck="AH AD ...")
    play(g, *setup)
    assert g.phase == phase and g.to_move == to_move
    # the other player's cards are not the mover's to play
    if phase == "main":
        illegal(g, "points 8H", "not in your hand")
    elif phase == "counter":
        illegal(g, "counter 2H" if to_move == 0 else "counter 2C", "not in your hand")


def test_discard_to_hand_limit_validate_active_player_is_the_one_above_eight():
    """discard-to-hand-limit/validate: the player to discard is the one above 8 cards."""
    g = cc(hands=("AC 2C 3C 4C 5C 6C 7C 8C", "4S"), deck="9C ...")
    g.play("draw")
    assert g.phase == "hand_limit" and g.to_move == 0
    illegal(g, "discard 4S", "not in your hand")


# ---------------------------------------------------------------- draw
def test_draw_validate_rejects_an_empty_deck():
    """draw/validate: the deck must have cards (deckIsEmpty)."""
    g = cc(hands=("AC", "4S"), deck="", scrap="...")
    assert "draw" not in moves(g)
    illegal(g, "draw", "the deck is empty")


def test_draw_validate_allows_drawing_at_eight_cards_since_rules_1_0_2():
    """draw/validate: the old 'hand limit of 8' refusal is gone in rules 1.0.2 (the hand-limit
    rework): a player holding 8 cards may draw, then discards."""
    g = cc(hands=("AC 2C 3C 4C 5C 6C 7C 8C", "4S"))
    assert "draw" in moves(g)


# ---------------------------------------------------------------- pass
def test_pass_validate_rejects_while_the_deck_has_cards():
    """pass/validate: no pass while there are cards in the deck."""
    g = cc(hands=("AC", "4S"))
    assert "pass" not in moves(g)
    illegal(g, "pass", "only when the deck is empty")


def test_pass_validate_allows_passing_with_an_empty_deck():
    """pass/validate: with an empty deck pass is legal; pass/execute passes the turn."""
    g = cc(hands=("AC", "4S"), deck="", scrap="...")
    assert "pass" in moves(g)
    g.play("pass")
    assert g.turn_player == 1 and g.phase == "main"


def test_pass_execute_above_eight_cards_discards_before_the_turn_passes():
    """pass/execute: a hand above 8 (the opponent's 9 returned a card) still has to be
    discarded down when its holder passes."""
    g = cc(hands=("9C", "AS 2S 3S 4S 5S 6S 7S 8S"), permanents=("", "QD"), deck="", scrap="...")
    play(g, "oneoff 9C QD", "resolve", "pass")
    assert g.phase == "hand_limit" and g.to_move == 1
    g.play("discard AS")
    assert g.turn_player == 0 and g.phase == "main" and len(hand(g, 1)) == 8


# ---------------------------------------------------------------- points
def test_points_validate_rejects_a_card_not_in_hand():
    """points/validate: the card must be in the player's hand (playFromHand)."""
    g = cc(hands=("AC", "4S"))
    illegal(g, "points 4S", "not in your hand")


def test_points_validate_rejects_a_frozen_card():
    """points/validate: cardFrozen."""
    g = cc(hands=("8H 3C", "4S"), frozen="8H")
    assert "points 8H" not in moves(g) and "points 3C" in moves(g)
    illegal(g, "points 8H", "frozen")


def test_points_validate_rejects_royals():
    """points/validate: rank above 10 (numberOnlyForPoints): not even a move of the notation."""
    g = cc(hands=("KC JC QC", "4S"))
    for t in ("points KC", "points JC", "points QC"):
        refused_text(g, t, "a card A–10")


def test_points_execute_adds_the_card_to_points_and_passes_the_turn():
    """points/execute: the card joins the player's points; turn++."""
    g = cc(hands=("9C", "4S"))
    g.play("points 9C")
    assert pts(g, 0) == ["9C"] and g.turn_player == 1 and g.score(0) == 9


# ---------------------------------------------------------------- scuttle
def _scuttle_game(**kw):
    return cc(hands=("9C 7H 7C 6S KC", "4S"), points=(["5S"], ["7D"]), **kw)


def test_scuttle_validate_rejects_lower_rank():
    """scuttle/validate: rankTooLow (lower rank)."""
    illegal(_scuttle_game(), "scuttle 6S 7D", "lower than")


def test_scuttle_validate_rejects_same_rank_lower_suit():
    """scuttle/validate: rankTooLow (same rank, lower suit: clubs < diamonds)."""
    illegal(_scuttle_game(), "scuttle 7C 7D", "outrank")


def test_scuttle_validate_allows_higher_rank_or_same_rank_higher_suit():
    """scuttle/validate: a higher rank, or the same rank of a higher suit, may scuttle."""
    ms = moves(_scuttle_game())
    assert {"scuttle 9C 7D", "scuttle 7H 7D"} <= ms and "scuttle 7C 7D" not in ms


def test_scuttle_validate_rejects_a_target_not_in_opponents_points():
    """scuttle/validate: mustTargetPointCard (own point card)."""
    illegal(_scuttle_game(), "scuttle 9C 5S", "not one of the opponent's point cards")


def test_scuttle_validate_rejects_royals():
    """scuttle/validate: numberOnlyForPoints: a royal cannot scuttle (not a move)."""
    refused_text(_scuttle_game(), "scuttle KC 7D", "cards A–10")


def test_scuttle_validate_rejects_a_card_not_in_hand():
    """scuttle/validate: playFromHand."""
    illegal(_scuttle_game(), "scuttle 4S 7D", "not in your hand")


def test_scuttle_validate_rejects_a_frozen_card():
    """scuttle/validate: cardFrozen."""
    g = _scuttle_game(frozen="9C")
    illegal(g, "scuttle 9C 7D", "frozen")


def test_scuttle_execute_scraps_both_cards_and_the_jacks_on_the_target():
    """scuttle/execute: target, its attachments and the scuttling card go to the scrap."""
    g = cc(hands=("9C", "4S"), points=([], ["7D+JS"]))
    g.play("scuttle 9C 7D")
    assert pts(g, 1) == [] and {"7D", "JS", "9C"} <= set(scrap(g))
    assert g.turn_player == 1


# ---------------------------------------------------------------- face cards (and glasses)
def test_face_card_validate_allows_kings_queens_and_glasses():
    """face-card/validate: ranks 8, 12, 13 are face cards."""
    g = cc(hands=("8C QC KC", "4S"))
    assert {"perm 8C", "perm QC", "perm KC"} <= moves(g)


def test_face_card_validate_rejects_other_ranks():
    """face-card/validate: withoutTarget: nothing else (a jack needs a target) - not a move."""
    g = cc(hands=("7C JC", "4S"))
    refused_text(g, "perm 7C", "an 8, queen or king")
    refused_text(g, "perm JC", "an 8, queen or king")


def test_face_card_validate_rejects_a_card_not_in_hand():
    """face-card/validate: playFromHand."""
    g = cc(hands=("7C", "KS"))
    illegal(g, "perm KS", "not in your hand")


def test_face_card_execute_glasses_open_the_opponents_hand():
    """face-card/execute: the card joins the player's face cards; an 8 there is glasses."""
    g = cc(hands=("8C", "4S 9D"))
    assert g.view(0)["hands"][1] == ["??", "??"]
    g.play("perm 8C")
    assert perms(g, 0) == ["8C"] and g.view(0)["hands"][1] == ["4S", "9D"]


# ---------------------------------------------------------------- jack
def test_jack_validate_rejects_a_card_not_in_hand():
    """jack/validate: playFromHand."""
    g = cc(hands=("7C", "JD"), points=([], ["7D"]))
    illegal(g, "jack JD 7D", "not in your hand")


def test_jack_validate_rejects_a_card_that_is_not_a_jack():
    """jack/validate: playedCard must be a jack (stealOnlyPointCards) - not a move."""
    g = cc(hands=("9C", "4S"), points=([], ["7D"]))
    refused_text(g, "jack 9C 7D", "jack JACK TARGET")


def test_jack_validate_rejects_a_frozen_jack():
    """jack/validate: cardFrozen."""
    g = cc(hands=("JC", "4S"), points=([], ["7D"]), frozen="JC")
    assert "jack JC 7D" not in moves(g)
    illegal(g, "jack JC 7D", "frozen")


def test_jack_execute_steals_the_card_and_jacks_stack():
    """jack/execute: the jack goes on the card, which moves to the jack's player; a second
    jack steals it back."""
    g = cc(hands=("JC", "JD 4S"), points=([], ["7D"]))
    g.play("jack JC 7D")
    assert pts(g, 0) == ["7D+JC"] and pts(g, 1) == [] and g.score(0) == 7
    g.play("jack JD 7D")
    assert pts(g, 1) == ["7D+JC+JD"] and g.score(1) == 7


# ---------------------------------------------------------------- one-off
def test_one_off_validate_ace_and_six_always_allowed():
    """one-off/validate: ace and six are always allowed, even with nothing to hit."""
    g = cc(hands=("AC 6C", "4S"))
    assert {"oneoff AC", "oneoff 6C"} <= moves(g)


def test_one_off_validate_rejects_a_card_not_in_hand():
    """one-off/validate: playFromHand."""
    g = cc(hands=("AC", "AS"))
    illegal(g, "oneoff AS", "not in your hand")


def test_one_off_validate_rejects_a_frozen_card():
    """one-off/validate: cardFrozen."""
    g = cc(hands=("AC 6C", "4S"), frozen="AC")
    assert "oneoff AC" not in moves(g)
    illegal(g, "oneoff AC", "frozen")


def test_one_off_validate_two_rejects_a_point_card_target():
    """one-off/validate, 2: 'Twos can only target royals or glasses' (or jacks)."""
    g = cc(hands=("2C", "4S"), points=([], ["7D"]))
    refused_text(g, "oneoff 2C 7D", "oneoff CARD [TARGET]")
    assert not any(m.startswith("oneoff 2C") for m in moves(g))


def test_one_off_validate_nine_may_target_a_point_card():
    """one-off/validate, 9 (rules 1.0.2): targetType 'point' is allowed for a 9."""
    g = cc(hands=("9C", "4S"), points=([], ["7D"]))
    assert "oneoff 9C 7D" in moves(g)


def test_one_off_validate_no_queen_any_opponent_card_may_be_targeted():
    """one-off/validate, 2 and 9: no queen => always allowed."""
    g = cc(hands=("2C 9C", "4S"), points=([], ["7D"]), permanents=("", "KD 8S"))
    assert {"oneoff 2C KD", "oneoff 2C 8S", "oneoff 9C KD", "oneoff 9C 8S",
            "oneoff 9C 7D"} <= moves(g)


def test_one_off_validate_only_the_top_jack_may_be_targeted():
    """one-off/validate, 2 and 9 on a jack: only the top jack of a stack (RULES.md; cuttle.cards
    added the same guard later, is-top-jack.js: see docs/rules.md)."""
    g = cc(hands=("2C 9C", "4S"), points=([], ["7D+JS+JH"]))
    ms = moves(g)
    assert "oneoff 2C JH" in ms and "oneoff 9C JH" in ms
    assert "oneoff 2C JS" not in ms and "oneoff 9C JS" not in ms
    illegal(g, "oneoff 2C JS", "only the top jack")


def test_one_off_validate_three_rejects_an_empty_scrap():
    """one-off/validate, 3: scrapIsEmpty."""
    g = cc(hands=("3C", "4S"), scrap="")
    assert "oneoff 3C" not in moves(g)
    illegal(g, "oneoff 3C", "no card a 3 may take")


def test_one_off_validate_four_rejects_an_opponent_without_cards():
    """one-off/validate, 4: opponentHasNoCards."""
    g = cc(hands=("4C 5C", ""))
    assert "oneoff 4C" not in moves(g)
    illegal(g, "oneoff 4C", "no card in hand")


def test_one_off_validate_five_rejects_an_empty_deck():
    """one-off/validate, 5: emptyDeck."""
    g = cc(hands=("5C", "4S"), deck="", scrap="...")
    illegal(g, "oneoff 5C", "the deck is empty")


def test_one_off_validate_seven_rejects_an_empty_deck():
    """one-off/validate, 7: sevenWithEmptyDeck."""
    g = cc(hands=("7C", "4S"), deck="", scrap="...")
    illegal(g, "oneoff 7C", "the deck is empty")


def test_one_off_validate_rejects_ranks_without_a_one_off():
    """one-off/validate: 'You cannot play that card as a one-off' (8, 10, J, Q, K)."""
    g = cc(hands=("TC 8C KC QC JC", "4S"))
    illegal(g, "oneoff TC", "no one-off effect")
    for t in ("oneoff 8C", "oneoff KC", "oneoff QC", "oneoff JC"):
        refused_text(g, t, "oneoff CARD [TARGET]")


def test_one_off_execute_puts_it_on_the_stack_for_the_opponent_to_answer():
    """one-off/execute: phase COUNTERING with the card as oneOff."""
    g = cc(hands=("AC", "4S"))
    g.play("oneoff AC")
    assert g.phase == "counter" and g.to_move == 1
    assert g.to_position()["stack"] == [{"player": 0, "move": "oneoff AC"}]


# ---------------------------------------------------------------- counter
def test_counter_validate_rejects_outside_the_countering_phase():
    """counter/validate: 'Can only counter during the countering phase'."""
    g = cc(hands=("2C", "4S"))
    illegal(g, "counter 2C", "nothing to counter")


def test_counter_validate_rejects_a_card_not_in_hand():
    """counter/validate: playFromHand."""
    g = cc(hands=("AC 2H", "2D 4S"), points=([], ["TD"]))
    g.play("oneoff AC")
    illegal(g, "counter 2H", "not in your hand")


def test_counter_validate_rejects_a_card_that_is_not_a_two():
    """counter: only a 2 counters (cuttle.cards' counter dialog, noTwoPresent) - not a move."""
    g = cc(hands=("AC", "2D 3S"), points=([], ["TD"]))
    g.play("oneoff AC")
    refused_text(g, "counter 3S", "with a 2")
    assert moves(g) == {"counter 2D", "resolve"}


def test_counter_validate_chance_alternates_between_the_players():
    """counter/validate + your-turn-to-counter: after each 2 the other player has the chance."""
    g = cc(hands=("AC 2C", "2D 2H 4S"), points=([], ["TD"]))
    play(g, "oneoff AC", "counter 2D")
    assert g.to_move == 0 and moves(g) == {"counter 2C", "resolve"}
    g.play("counter 2C")
    assert g.to_move == 1 and moves(g) == {"counter 2H", "resolve"}


def test_counter_validate_queen_of_the_counterer_blocks_the_counter_back():
    """counter: a player whose opponent has a queen cannot counter, countering back included:
    p1 counters with a queen on the table, p0's 2 cannot answer, the ace is cancelled."""
    g = cc(hands=("AC 2C", "2D 4S"), points=([], ["TD"]), permanents=("", "QH"))
    play(g, "oneoff AC", "counter 2D")
    assert g.phase == "main" and g.turn_player == 1
    assert pts(g, 1) == ["TD"] and "2C" in hand(g, 0)


def test_counter_execute_adds_the_two_to_the_stack():
    """counter/execute: the 2 joins the twos; the phase stays COUNTERING."""
    g = cc(hands=("AC 9C", "2D 4S"), points=([], ["TD"]))
    play(g, "oneoff AC", "counter 2D")
    assert g.phase == "counter"
    assert [e["move"] for e in g.to_position()["stack"]] == ["oneoff AC", "counter 2D"]


# ---------------------------------------------------------------- resolve
def test_resolve_validate_rejects_outside_the_countering_phase():
    """resolve/validate: 'Can only resolve during the countering phase'."""
    g = cc(hands=("AC", "4S"))
    illegal(g, "resolve", "nothing to counter")


def test_resolve_execute_odd_number_of_twos_fizzles():
    """resolve/execute: an odd number of twos fizzles the one-off; all go to the scrap and the
    turn passes."""
    g = cc(hands=("AC 9C", "2D 4S"), points=(["5C"], ["TD"]))
    play(g, "oneoff AC", "counter 2D", "resolve")
    assert pts(g, 0) == ["5C"] and pts(g, 1) == ["TD"]
    assert {"AC", "2D"} <= set(scrap(g)) and g.turn_player == 1 and g.phase == "main"


def test_resolve_execute_even_number_of_twos_resolves():
    """resolve/execute: an even number of twos lets the one-off resolve."""
    g = cc(hands=("AC 2C 9C", "2D 4S"), points=(["5C"], ["TD"]))
    play(g, "oneoff AC", "counter 2D", "counter 2C", "resolve")
    assert pts(g, 0) == [] and pts(g, 1) == [] and g.turn_player == 1


def test_resolve_execute_ace_scraps_every_point_card_and_its_jacks():
    """resolve/ace: every point card, both players', with its attachments."""
    g = cc(hands=("AC", "4S"), points=(["5C"], ["7D+JC"]))
    play(g, "oneoff AC", "resolve")
    assert pts(g, 0) == [] and pts(g, 1) == [] and {"5C", "7D", "JC", "AC"} <= set(scrap(g))


def test_resolve_execute_two_scraps_a_face_card():
    """resolve/two: a face card target is scrapped."""
    g = cc(hands=("2C", "4S"), permanents=("", "KD"))
    play(g, "oneoff 2C KD", "resolve")
    assert perms(g, 1) == [] and {"KD", "2C"} <= set(scrap(g))


def test_resolve_execute_six_scraps_royals_glasses_and_jacks():
    """resolve/six: every face card and jack; stolen point cards return to their owners."""
    g = cc(hands=("6C", "4S"), points=(["9C+JD"], ["5H"]), permanents=("KC", "QD 8S"))
    play(g, "oneoff 6C", "resolve")
    assert perms(g, 0) == [] and perms(g, 1) == []
    assert pts(g, 0) == [] and sorted(pts(g, 1)) == ["5H", "9C"]
    assert {"JD", "KC", "QD", "8S"} <= set(scrap(g))


def test_resolve_execute_four_on_an_empty_hand_discards_nothing():
    """resolve/execute, 4: RESOLVING_FOUR with an empty hand discards nothing (cuttle.cards asks
    the victim for an empty resolveFour; the engine skips that forced move) and the turn
    passes."""
    g = cc(hands=("4C 2C 9C", "2D"))
    play(g, "oneoff 4C", "counter 2D", "counter 2C")
    assert g.phase == "main" and g.turn_player == 1 and hand(g, 1) == []
    assert {"4C", "2C", "2D"} <= set(scrap(g))


# ---------------------------------------------------------------- resolve three / four / five
def test_resolve_three_validate_rejects_a_card_not_in_the_scrap():
    """resolve-three/validate: mustPickFromScrap."""
    g = cc(hands=("3C", "4S"), scrap="5H")
    play(g, "oneoff 3C", "resolve")
    illegal(g, "take 9H", "not in the scrap")


def test_resolve_three_validate_rejects_take_outside_its_phase():
    """resolve-three/validate: notResolvingThreePhase."""
    g = cc(hands=("3C", "4S"), scrap="5H")
    illegal(g, "take 5H", "nothing to take")


def test_resolve_three_execute_card_to_hand_known_to_both():
    """resolve-three/execute: the card to the player's hand, the 3 to the scrap, turn++."""
    g = cc(hands=("3C", "4S"), scrap="5H")
    play(g, "oneoff 3C", "resolve", "take 5H")
    assert "5H" in hand(g, 0) and "5H" in g.view(1)["hands"][0]
    assert scrap(g)[-1] == "3C" and g.turn_player == 1


def test_resolve_four_validate_victim_discards_two_of_their_choice():
    """resolve-four/validate: the victim (not the turn player) names two cards of their hand;
    resolve-four/execute scraps them and the 4, turn++."""
    g = cc(hands=("4C", "5D 9H KS"))
    play(g, "oneoff 4C", "resolve")
    assert g.phase == "resolve_four" and g.to_move == 1
    assert moves(g) == {"discard 5D 9H", "discard 5D KS", "discard 9H KS"}
    illegal(g, "discard 5D", "exactly 2 cards")
    illegal(g, "discard 5D AH", "not in your hand")
    g.play("discard 5D KS")
    assert hand(g, 1) == ["9H"] and {"5D", "KS", "4C"} <= set(scrap(g)) and g.turn_player == 1


def test_resolve_four_validate_victim_with_one_card_discards_it():
    """resolve-four/validate: a second card is needed only while the hand holds more than one."""
    g = cc(hands=("4C", "9H"))
    play(g, "oneoff 4C", "resolve")
    assert moves(g) == {"discard 9H"}


def test_resolve_five_validate_rejects_a_card_not_in_hand():
    """resolve-five/validate: 'You must discard a card from your hand'."""
    g = cc(hands=("5C 9S", "4S"), deck="AH AD AS ...")
    play(g, "oneoff 5C", "resolve")
    illegal(g, "discard 4S", "not in your hand")


# ---------------------------------------------------------------- seven
def _seven(deck_top, **kw):
    g = cc(hands=kw.pop("hands", ("7S 9S", "4S")), deck=deck_top + " ...", **kw)
    play(g, "oneoff 7S", "resolve")
    assert g.phase == "resolve_seven"
    return g


def test_seven_validators_reject_a_card_that_was_not_revealed():
    """seven-points (and every seven-*) /validate: pickAndPlay: only the top two cards."""
    g = _seven("9H KD")
    illegal(g, "points 9S", "play a card it revealed")


def test_seven_points_validate_rejects_royals():
    """seven-points/validate: numberOnlyForPoints."""
    g = _seven("KD QH")
    assert not any(m.startswith("points") for m in moves(g))
    refused_text(g, "points KD", "a card A–10")


def test_seven_scuttle_validate_rank_then_suit():
    """seven-scuttle/validate: target in the opponent's points, not a lower rank, not the same
    rank of a lower suit."""
    g = _seven("7H 6C", points=(["5S"], ["7D"]))
    assert "scuttle 7H 7D" in moves(g)
    illegal(g, "scuttle 6C 7D", "lower than")
    illegal(g, "scuttle 7H 5S", "not one of the opponent's point cards")
    g2 = _seven("7C 6H", points=([], ["7D"]))
    illegal(g2, "scuttle 7C 7D", "outrank")


def test_seven_face_card_validate_only_eights_queens_and_kings():
    """seven-face-card/validate: ranks 8, 12, 13."""
    g = _seven("QH 5C")
    assert "perm QH" in moves(g)
    refused_text(g, "perm 5C", "an 8, queen or king")


def test_seven_jack_validate_target_must_be_an_opponents_point_card():
    """seven-jack/validate: targetCard in the opponent's points."""
    g = _seven("JC 5C", points=(["9H"], ["TD"]))
    assert "jack JC TD" in moves(g)
    illegal(g, "jack JC 9H", "only go on the opponent's point cards")


def test_seven_jack_validate_rejects_while_opponent_has_a_queen():
    """seven-jack/validate: noJackWithQueen."""
    g = _seven("JC 5C", points=([], ["TD"]), permanents=("", "QS"))
    assert not any(m.startswith("jack") for m in moves(g))
    illegal(g, "jack JC TD", "queen protects")


def test_seven_discard_validate_rejects_scrapping_a_playable_jack():
    """seven-discard/validate: jacksMustBeUnplayable."""
    g = _seven("JC JD", points=([], ["TD"]))
    assert moves(g) == {"jack JC TD", "jack JD TD"}
    illegal(g, "scrap JC", "can be played")


def test_seven_one_off_validate_targets_on_the_opponents_board():
    """seven-one-off/validate, 2 and 9: the same target rules as one-off/validate."""
    g = _seven("2D 9D", permanents=("KC", "KH"))
    ms = moves(g)
    assert {"oneoff 2D KH", "oneoff 9D KH"} <= ms
    assert "oneoff 2D KC" not in ms and "oneoff 9D KC" not in ms


def test_seven_one_off_validate_ace_and_six_always_allowed():
    """seven-one-off/validate: a revealed ace or six is always a legal one-off."""
    g = _seven("AD 6D")
    assert {"oneoff AD", "oneoff 6D"} <= moves(g)


def test_seven_one_off_validate_one_queen_only_the_queen_may_be_targeted():
    """seven-one-off/validate, 2 and 9: blockedByQueen, as from the hand."""
    g = _seven("2D 9D", permanents=("", "QH KH"), points=([], ["TD"]))
    assert {m for m in moves(g) if m.startswith("oneoff")} == {"oneoff 2D QH", "oneoff 9D QH"}


def test_seven_one_off_validate_rejects_ranks_without_a_one_off():
    """seven-one-off/validate: 'You cannot play that card as a one-off' (a revealed 10)."""
    g = _seven("TD 5C")
    illegal(g, "oneoff TD", "no one-off effect")


def test_seven_one_off_validate_four_needs_cards_in_opponents_hand():
    """seven-one-off/validate, 4: opponentHasNoCards."""
    g = cc(hands=("7S", ""), deck="4D 9D ...")
    g.play("oneoff 7S")  # p1 holds nothing: no counter window, the 7 resolves at once
    assert g.phase == "resolve_seven" and "oneoff 4D" not in moves(g)


def test_seven_one_off_validate_five_needs_a_card_left_to_draw():
    """seven-one-off/validate, 5: a revealed 5 needs a card left in the deck once it is played
    (resolve-five/validate refuses to resolve a 5 over an empty deck; docs/rules.md)."""
    g = cc(hands=("7S", "4S"), deck="5D", scrap="...")
    play(g, "oneoff 7S", "resolve")
    assert "oneoff 5D" not in moves(g) and "points 5D" in moves(g)
    g2 = cc(hands=("7S", "4S"), deck="5D 9D", scrap="...")
    play(g2, "oneoff 7S", "resolve")
    assert "oneoff 5D" in moves(g2)


# ---------------------------------------------------------------- discard to hand limit
def test_discard_to_hand_limit_validate_rejects_cards_not_in_hand():
    """discard-to-hand-limit/validate: every discarded card must be in the hand."""
    g = cc(hands=("AC 2C 3C 4C 5C 6C 7C 8C", "4S"), deck="9C ...")
    g.play("draw")
    illegal(g, "discard 9D", "not in your hand")


def test_discard_to_hand_limit_validate_rejects_outside_its_phase():
    """discard-to-hand-limit/validate: notDiscardingPhase."""
    g = cc(hands=("AC 2C", "4S"))
    illegal(g, "discard AC", "nothing to discard")


# ---------------------------------------------------------------- win checks
def test_win_check_three_passes_end_in_a_stalemate():
    """check-game-state-for-win: numPasses >= 3 ends the game without a winner."""
    g = cc(hands=("AC", "4S"), deck="", scrap="...")
    play(g, "pass", "pass")
    assert g.outcome is None
    g.play("pass")
    assert g.outcome == "draw" and g.outcome_reason == "stalemate"


def test_win_check_opponent_wins_on_the_movers_move():
    """check-game-state-for-win: both players are checked after every move: p0's 6 sends p1's
    stolen 5 back, and p1 reaches 21 on p0's move."""
    g = cc(hands=("6C", "4S"), points=(["5C+JD"], ["9H", "7S"]))
    assert g.score(1) == 16
    play(g, "oneoff 6C", "resolve")
    assert g.outcome == "p1" and g.score(1) == 21


def test_win_check_comes_before_the_hand_limit_discard():
    """check-game-state-for-win runs on the state a move leaves, discarding phase or not: a
    goal reached by a move that leaves 9 cards wins without a discard."""
    g = cc(hands=("JC AC 2C 3C 4C 5C 6C 7C 8C 9C", "4S"), points=(["TC", "2D"], ["9H"]))
    assert g.score(0) == 12
    g.play("jack JC 9H")
    assert g.outcome == "p0" and len(hand(g, 0)) == 9


# ---------------------------------------------------------------- stalemate offers
def test_stalemate_request_validate_rejects_outside_the_main_phase():
    """stalemate-request/validate: wrongPhase - only in the MAIN phase."""
    g = cc(hands=("AC 9C", "2D 4S"), points=([], ["TD"]))
    g.play("oneoff AC")
    with pytest.raises(IllegalMoveError, match="main phase"):
        g.agree_draw()
    assert g.outcome is None and g.phase == "counter"


# ================================================================ differences, and why
# docs/rules.md, "Differences from cuttle.cards, and why", lists each; these tests pin them.


def test_difference_skipped_counter_window_is_cuttle_cards_forced_resolve(monkeypatch):
    """On purpose: where cuttle.cards opens a countering phase whose only answer is "resolve"
    (the responder holds no card, only frozen ones, or faces a queen), the engine skips it.
    Over random cuttlecards games, every window the engine skips is such a one, and forcing it
    open and answering "resolve" reaches exactly the position the engine reached: the skip
    cannot change a game."""
    rng = random.Random(15)
    skipped = 0
    for seed in range(200):
        g = Game.new(seed=seed, rules=CC)
        while g.outcome is None:
            for m in g.legal_moves():
                if m.kind not in ("oneoff", "counter"):
                    continue
                a = g.copy(history=False)
                a.play(m)
                if a.phase == "counter" and a.stack and a.stack[-1][1] is m:
                    continue  # the window opened, as on cuttle.cards
                skipped += 1
                with monkeypatch.context() as mp:
                    mp.setattr(Game, "_window_open", lambda self: True)
                    b = g.copy(history=False)
                    b.play(m)
                assert b.phase == "counter"
                r = b.to_move
                twos = [c for c in b.hands[r] if c >> 2 == 1 and c < 52 and c not in b.frozen]
                assert not twos or b.queens(1 - r), f"seed {seed}: {m} skipped a real choice"
                b.play("resolve")
                assert b.to_position() == a.to_position()
            g.play(rng.choice(g.legal_moves()))
    assert skipped >= 500  # the property was exercised, not vacuously true


def test_difference_frozen_card_stays_frozen_for_counters_in_its_holders_next_turn():
    """RULES.md over cuttle.cards' code: the returned card is frozen for its holder's whole next
    turn. cuttle.cards derives isFrozen only for the state right after the 9 resolves, so there
    the 2 below could counter back once its holder's first move is made; the engine follows
    RULES.md and keeps it frozen (docs/rules.md)."""
    g = cc(hands=("9C 2C 5C", "AS 4S"), points=([], ["2H", "TD"]))
    play(g, "oneoff 9C 2H", "resolve")  # 2H back to p1's hand, frozen
    assert g.to_position()["frozen"] == ["2H"] and g.turn_player == 1
    play(g, "oneoff AS", "counter 2C")
    assert g.to_move == 1 and moves(g) == {"resolve"}
    illegal(g, "counter 2H", "frozen")
