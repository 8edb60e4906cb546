"""A test per rule and Decision of RULES.md §1 (classic), set up from positions.

Rules that hold unchanged in both presets run for both (``@both``); where cuttlecards differs, its
own behaviour is tested in test_rules_cuttlecards.py.
"""

from __future__ import annotations

import pytest
from helpers import deck, hand, illegal, make, moves, perms, play, pts, scrap

from cuttle import Game

both = pytest.mark.parametrize("rules", ["classic", "cuttlecards"])


# ---------------------------------------------------------------- setup
@both
def test_setup_deals_five_to_player0_six_to_dealer(rules):
    g = Game.new(seed=11, rules=rules)
    pos = g.to_position()
    assert len(pos["hands"][0]) == 5 and len(pos["hands"][1]) == 6
    assert len(pos["deck"]) == 41 and pos["scrap"] == []
    assert pos["points"] == [[], []] and pos["permanents"] == [[], []]
    assert g.turn_player == 0 and g.to_move == 0 and g.phase == "main"
    assert g.outcome is None


def test_setup_classic_has_no_jokers():
    pos = Game.new(seed=3).to_position()
    every = pos["hands"][0] + pos["hands"][1] + pos["deck"]
    assert sorted(every) == sorted(set(every)) and len(every) == 52
    assert "X1" not in every and "X2" not in every


@both
def test_same_seed_deals_same_game(rules):
    a, b, c = (Game.new(seed=s, rules=rules).to_position() for s in (5, 5, 6))
    assert a == b and a != c


# ---------------------------------------------------------------- a turn
@both
def test_draw_takes_top_card_and_passes_turn(rules):
    g = make(hands=("7D", "9S"), deck="5H 4C ...", rules=rules)
    g.play("draw")
    assert hand(g, 0) == ["5H", "7D"]
    assert deck(g)[0] == "4C"
    assert g.turn_player == 1 and g.to_move == 1


@both
def test_points_ace_to_ten_score_their_rank_ace_is_one(rules):
    g = make(hands=("AS TD", "2C 3C"), rules=rules)
    g.play("points AS")
    assert g.score(0) == 1
    g.play("points 3C")
    g.play("points TD")
    assert g.score(0) == 11 and pts(g, 0) == ["AS", "TD"]


@both
@pytest.mark.parametrize("card", ["JH", "QH", "KH"])
def test_royals_score_no_points_and_cannot_scuttle(rules, card):
    g = make(hands=(card, "9S"), points=([], ["AC"]), rules=rules)
    assert not any(m.startswith(("points", "scuttle")) for m in moves(g))
    with pytest.raises(ValueError):
        g.play(f"points {card}")
    with pytest.raises(ValueError):
        g.play(f"scuttle {card} AC")


@both
def test_scuttle_lower_rank(rules):
    g = make(hands=("9C", "2S"), points=([], ["7H", "9D"]), rules=rules)
    assert "scuttle 9C 7H" in moves(g)
    assert "scuttle 9C 9D" not in moves(g)
    g.play("scuttle 9C 7H")
    assert pts(g, 1) == ["9D"]
    assert scrap(g)[-2:] == ["7H", "9C"] or set(scrap(g)[-2:]) == {"7H", "9C"}
    assert g.turn_player == 1


@both
def test_scuttle_same_rank_needs_higher_suit(rules):
    g = make(hands=("7D", "2S"), points=([], ["7C", "7H", "6S"]), rules=rules)
    ms = moves(g)
    assert "scuttle 7D 7C" in ms and "scuttle 7D 6S" in ms
    assert "scuttle 7D 7H" not in ms
    illegal(g, "scuttle 7D 7H", "7♦ cannot scuttle 7♥", "hearts outrank diamonds")


@pytest.mark.parametrize("card,target,ok", [
    ("5D", "5C", True), ("5H", "5D", True), ("5S", "5H", True), ("5S", "5C", True),
    ("5C", "5D", False), ("5D", "5H", False), ("5H", "5S", False),
    ("6C", "5S", True), ("AS", "2C", False), ("TC", "9S", True),
])
def test_scuttle_suit_order_clubs_diamonds_hearts_spades(card, target, ok):
    g = make(hands=(card, "KS"), points=([], [target]))
    assert (f"scuttle {card} {target}" in moves(g)) is ok


@both
def test_scuttle_scraps_target_with_its_jacks(rules):
    # p1 controls 8H with a jack (p1's JC on p0's 8H)
    g = make(hands=("9C", "2S"), points=([], ["8H+JC"]), rules=rules)
    g.play("scuttle 9C 8H")
    assert pts(g, 1) == [] and pts(g, 0) == []
    assert {"8H", "JC", "9C"} <= set(scrap(g))


@both
def test_scuttle_only_opponent_point_cards(rules):
    g = make(hands=("9C", "2S"), points=(["3H"], []), rules=rules)
    assert not any(m.startswith("scuttle") for m in moves(g))
    illegal(g, "scuttle 9C 3H", "not one of the opponent's point cards")


@both
def test_scuttle_not_stopped_by_queen(rules):
    g = make(hands=("9C", "2S"), points=([], ["8H"]), permanents=([], ["QD QS"]), rules=rules)
    assert "scuttle 9C 8H" in moves(g)


@both
@pytest.mark.parametrize("card", ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "9H"])
def test_oneoff_cards_are_a_to_7_and_9(rules, card):
    g = make(hands=(f"{card}", "4S 5S"), points=(["TC"], ["TD"]),
             permanents=(["KC"], ["KD"]), scrap="6C", rules=rules)
    assert any(m.startswith(f"oneoff {card}") for m in moves(g))


@both
@pytest.mark.parametrize("card", ["8H", "TH", "JH", "QH", "KH"])
def test_eight_ten_and_royals_have_no_oneoff(rules, card):
    g = make(hands=(card, "4S"), points=(["TC"], ["TD"]), permanents=(["KC"], ["KD"]),
             rules=rules)
    assert not any(m.startswith(f"oneoff {card}") for m in moves(g))


@both
@pytest.mark.parametrize("card", ["8C", "QH", "KS"])
def test_permanents_are_eight_queen_king(rules, card):
    g = make(hands=(card, "4S"), rules=rules)
    g.play(f"perm {card}")
    assert perms(g, 0) == [card] and g.turn_player == 1


@both
def test_perm_of_a_non_permanent_is_refused(rules):
    g = make(hands=("7H", "4S"), rules=rules)
    with pytest.raises(ValueError):
        g.play("perm 7H")


# ---------------------------------------------------------------- winning
@both
def test_win_when_controlled_points_reach_goal(rules):
    g = make(hands=("TD", "4S"), points=(["TC", "AC"], ["9S"]), rules=rules)
    g.play("points TD")
    assert g.outcome == "p0" and g.phase == "over" and g.to_move is None
    assert g.legal_moves() == []


@both
def test_points_below_goal_do_not_win(rules):
    g = make(hands=("9D", "4S"), points=(["TC", "AC"], []), rules=rules)
    g.play("points 9D")
    assert g.outcome is None and g.score(0) == 20


@pytest.mark.parametrize("kings,goal", [(0, 21), (1, 14), (2, 10), (3, 7), (4, 5)])
def test_goal_by_kings_classic(kings, goal):
    ks = " ".join(["KC", "KD", "KH", "KS"][:kings])
    g = make(hands=("AD", "4S"), permanents=(ks, ""))
    assert g.goal(0) == goal and g.goal(1) == 21


@pytest.mark.parametrize("kings,goal", [(1, 14), (2, 10), (3, 7), (4, 5)])
def test_kings_goal_reached_wins_classic(kings, goal):
    ks = " ".join(["KC", "KD", "KH", "KS"][:kings])
    # goal - 1 points on the table, then an ace reaches the goal exactly
    table = {14: "TC 3C", 10: "9C", 7: "6C", 5: "4C"}[goal]
    g = make(hands=("AD", "4S"), points=(table, ""), permanents=(ks, ""))
    assert g.score(0) == goal - 1 and g.outcome is None
    g.play("points AD")
    assert g.outcome == "p0"


def test_king_lowers_goal_and_can_win_at_once_classic():
    g = make(hands=("KC", "4S"), points=("TC 5C", ""))
    g.play("perm KC")
    assert g.outcome == "p0"  # 15 points >= 14


def test_removing_a_king_raises_goal_again():
    g = make(hands=("2C", "4S"), points=("", "TC 3C"), permanents=("", "KD"))
    assert g.goal(1) == 14
    play(g, "oneoff 2C KD", "resolve")
    assert g.goal(1) == 21 and g.outcome is None


@both
def test_win_on_opponents_turn_when_six_returns_a_card(rules):
    # p0's jack holds p1's TS; p0's six scraps it and TS goes back to p1, who reaches 21
    g = make(hands=("6C", "4S"), points=(["TS+JD"], ["TH AH"]), rules=rules)
    assert g.score(1) == 11
    g.play("oneoff 6C")
    g.play("resolve")
    assert g.outcome == "p1"


def test_win_on_opponents_turn_when_two_scraps_own_jack_classic():
    # classic 2 may scrap the player's own jack: the card flips back and p1 wins on p0's turn
    g = make(hands=("2C", "4S"), points=(["TS+JD"], ["TH AH"]))
    g.play("oneoff 2C JD")
    g.play("resolve")
    assert g.outcome == "p1" and g.turn_player == 0


def test_win_on_opponents_turn_when_nine_returns_own_jack_classic():
    g = make(hands=("9C", "4S"), points=(["TS+JD"], ["TH AH"]))
    g.play("oneoff 9C JD")
    g.play("resolve")
    assert g.outcome == "p1"


def _both_at_goal_after_one_move(rules: str, turn: int) -> Game:
    """Decision 1 cannot arise from a legal table (no single move raises both scores, and a
    position where a player already stands at their goal is refused), so this reaches into the
    state: the player not moving is put at 21 behind the position's back, then the mover
    reaches 21 with one move."""
    other = 1 - turn
    g = make(hands=("AD 4S", "AH 4C"), points=(["TC", "TD"], ["TH", "TS"]), rules=rules,
             turn=turn)
    g.points[other].append(g.deck.pop(g.deck.index(0 if other == 0 else 3)))  # AC / AS
    g._legal = None
    g.play(f"points {'AD' if turn == 0 else 'AH'}")
    assert g.score(0) == 21 and g.score(1) == 21
    return g


def test_simultaneous_win_mover_wins_classic():
    assert _both_at_goal_after_one_move("classic", 1).outcome == "p1"
    assert _both_at_goal_after_one_move("classic", 0).outcome == "p0"


# ---------------------------------------------------------------- empty deck, passes
@both
def test_pass_only_when_deck_empty(rules):
    g = make(hands=("7D", "4S"), deck="5H", rules=rules)
    assert "pass" not in moves(g) and "draw" in moves(g)
    illegal(g, "pass", "only when the deck is empty")
    g.play("draw")
    assert "pass" in moves(g) and "draw" not in moves(g)
    illegal(g, "draw", "deck is empty")


@both
def test_three_passes_in_a_row_draw(rules):
    g = make(hands=("7D", "4S"), deck="", scrap="...", rules=rules)
    play(g, "pass", "pass")
    assert g.outcome is None and g.to_position()["passes"] == 2
    g.play("pass")
    assert g.outcome == "draw" and g.outcome_reason == "stalemate"


@both
def test_another_move_resets_passes(rules):
    g = make(hands=("7D 6D", "4S 5S"), deck="", scrap="...", rules=rules)
    play(g, "pass", "pass", "points 7D")
    assert g.to_position()["passes"] == 0
    play(g, "pass", "pass")
    assert g.outcome is None
    g.play("pass")
    assert g.outcome == "draw"


@both
def test_oneoff_resets_passes(rules):
    g = make(hands=("AD 6D", "4S 5S"), deck="", scrap="...", rules=rules)
    play(g, "pass", "pass", "oneoff AD", "resolve")
    assert g.to_position()["passes"] == 0


# ---------------------------------------------------------------- ace
@both
def test_ace_scraps_all_point_cards_with_jacks(rules):
    g = make(hands=("AS", "4S"), points=(["TC", "9D+JH"], ["5C", "7H+JS+JD"]), rules=rules)
    g.play("oneoff AS")
    g.play("resolve")
    assert pts(g, 0) == [] and pts(g, 1) == []
    assert {"TC", "9D", "JH", "5C", "7H", "JS", "JD", "AS"} <= set(scrap(g))
    assert scrap(g)[-1] == "AS"
    assert g.turn_player == 1


@both
def test_ace_always_legal_even_with_no_points(rules):
    g = make(hands=("AS", "4S"), rules=rules)
    assert "oneoff AS" in moves(g)


@both
def test_ace_not_stopped_by_queen(rules):
    g = make(hands=("AS", "4S"), points=([], ["TC"]), permanents=([], ["QH"]), rules=rules)
    play(g, "oneoff AS", "resolve")
    assert pts(g, 1) == []


# ---------------------------------------------------------------- two
@both
@pytest.mark.parametrize("target", ["KD", "QD", "8D"])
def test_two_scraps_opponent_permanent(rules, target):
    g = make(hands=("2C", "4S"), permanents=([], [target]), rules=rules)
    play(g, f"oneoff 2C {target}", "resolve")
    assert perms(g, 1) == [] and scrap(g)[-2:] == [target, "2C"]


@both
def test_two_scraps_top_jack_and_control_flips_back(rules):
    # p1's JD holds p0's 9C
    g = make(hands=("2C", "4S"), points=([], ["9C+JD"]), rules=rules)
    play(g, "oneoff 2C JD", "resolve")
    assert pts(g, 0) == ["9C"] and pts(g, 1) == []
    assert "JD" in scrap(g)


@both
def test_two_targets_only_top_jack(rules):
    # 9C (p0's) with p1's JD, then p0's JH, then p1's JS: p1 controls it
    g = make(hands=("2C", "4S"), points=([], ["9C+JD+JH+JS"]), rules=rules)
    ms = moves(g)
    assert "oneoff 2C JS" in ms and "oneoff 2C JH" not in ms and "oneoff 2C JD" not in ms
    illegal(g, "oneoff 2C JD", "only the top jack", "covered")
    play(g, "oneoff 2C JS", "resolve")
    assert pts(g, 0) == ["9C+JD+JH"]


@both
def test_two_needs_a_target(rules):
    g = make(hands=("2C", "4S"), points=(["TC"], ["TD"]), rules=rules)
    assert not any(m.startswith("oneoff 2C") for m in moves(g))
    with pytest.raises(ValueError):
        g.play("oneoff 2C")


def test_two_may_target_own_permanent_classic():
    g = make(hands=("2C", "4S"), permanents=(["KC", "8D"], []), points=(["9H+JS"], []))
    ms = moves(g)
    assert {"oneoff 2C KC", "oneoff 2C 8D"} <= ms
    # 9H+JS in p0's points means p0 controls it, so JS is p0's own jack
    assert "oneoff 2C JS" in ms


# ---------------------------------------------------------------- three
@both
def test_three_takes_a_card_from_the_scrap(rules):
    g = make(hands=("3C", "4S"), scrap="...", deck="9S", rules=rules)
    g.play("oneoff 3C")
    g.play("resolve")
    assert g.phase == "resolve_three" and g.to_move == 0
    assert g.to_position()["stack"] == [{"player": 0, "move": "oneoff 3C"}]
    assert "take 3C" not in moves(g)
    g.play("take KH")
    assert "KH" in hand(g, 0) and "KH" not in scrap(g)
    assert scrap(g)[-1] == "3C" and g.turn_player == 1


def test_three_needs_a_nonempty_scrap_classic():
    g = make(hands=("3C", "4S"), scrap="")
    assert "oneoff 3C" not in moves(g)
    illegal(g, "oneoff 3C", "scrap")


@both
def test_three_cannot_take_itself(rules):
    g = make(hands=("3C", "4S"), scrap="5D", rules=rules)
    play(g, "oneoff 3C", "resolve")
    assert moves(g) == {"take 5D"}
    illegal(g, "take 3C", "not in the scrap")


@both
def test_three_can_take_counter_twos_scrapped_this_turn(rules):
    g = make(hands=("3C 2C", "2D 4S"), scrap="5D", rules=rules)
    play(g, "oneoff 3C", "counter 2D", "counter 2C", "resolve")
    assert g.phase == "resolve_three"
    assert moves(g) == {"take 2C", "take 2D", "take 5D"}
    g.play("take 2D")
    assert "2D" in hand(g, 0)


@both
def test_three_taken_card_is_known_to_both(rules):
    g = make(hands=("3C 7C", "4S 5S"), scrap="5D", rules=rules)
    play(g, "oneoff 3C", "resolve", "take 5D")
    view = g.view(1)
    assert "5D" in view["hands"][0] and view["hands"][0].count("??") == 1
    g.play("draw")
    assert "5D" in g.view(1)["hands"][0]


# ---------------------------------------------------------------- four
@both
def test_four_victim_chooses_two_discards(rules):
    g = make(hands=("4C", "9S 5S KH"), rules=rules)
    play(g, "oneoff 4C", "resolve")
    assert g.phase == "resolve_four" and g.to_move == 1 and g.turn_player == 0
    assert moves(g) == {"discard 5S 9S", "discard 5S KH", "discard 9S KH"}
    g.play("discard 9S 5S")  # any order
    assert hand(g, 1) == ["KH"]
    assert set(scrap(g)[-3:]) == {"5S", "9S", "4C"} and scrap(g)[-1] == "4C"
    assert g.turn_player == 1 and g.to_move == 1


@both
def test_four_victim_with_one_card_discards_it(rules):
    g = make(hands=("4C", "9S"), rules=rules)
    play(g, "oneoff 4C", "resolve")
    assert g.phase == "resolve_four"
    assert moves(g) == {"discard 9S"}
    g.play("discard 9S")
    assert hand(g, 1) == []


@both
def test_four_needs_opponent_card_in_hand(rules):
    g = make(hands=("4C", ""), rules=rules)
    assert "oneoff 4C" not in moves(g)
    illegal(g, "oneoff 4C", "no card in hand")


@both
def test_four_does_nothing_when_victim_emptied_hand_countering(rules):
    # p1's only card is a 2: counter; p0 counters back; p1 has nothing left
    g = make(hands=("4C 2C", "2D"), rules=rules)
    play(g, "oneoff 4C", "counter 2D", "counter 2C")
    assert g.phase == "main" and g.turn_player == 1
    assert hand(g, 1) == []
    assert {"4C", "2C", "2D"} <= set(scrap(g))


@both
def test_four_discards_are_public(rules):
    g = make(hands=("4C", "9S 5S KH"), rules=rules)
    play(g, "oneoff 4C", "resolve", "discard 5S 9S")
    assert {"5S", "9S"} <= set(g.view(0)["scrap"])


@both
def test_four_not_stopped_by_queen(rules):
    g = make(hands=("4C", "9S 5S"), permanents=([], ["QH"]), rules=rules)
    assert "oneoff 4C" in moves(g)


# ---------------------------------------------------------------- five
def test_five_draws_two_classic():
    g = make(hands=("5C", "4S"), deck="9H 8H 7H ...")
    play(g, "oneoff 5C", "resolve")
    assert hand(g, 0) == ["8H", "9H"] and deck(g)[0] == "7H"
    assert scrap(g)[-1] == "5C" and g.turn_player == 1


def test_five_draws_one_when_one_left_classic():
    g = make(hands=("5C", "4S"), deck="9H", scrap="...")
    play(g, "oneoff 5C", "resolve")
    assert hand(g, 0) == ["9H"] and deck(g) == []


@both
def test_five_needs_a_nonempty_deck(rules):
    g = make(hands=("5C", "4S"), deck="", scrap="...", rules=rules)
    assert "oneoff 5C" not in moves(g)
    illegal(g, "oneoff 5C", "deck is empty")


# ---------------------------------------------------------------- six
@both
def test_six_scraps_every_permanent_and_jack(rules):
    g = make(hands=("6C", "4S"),
             points=(["9D+JH", "3C"], ["7H+JS+JD", "5C+JC"]),
             permanents=(["KC", "8S"], ["QH", "QS", "KD"]), rules=rules)
    play(g, "oneoff 6C", "resolve")
    assert perms(g, 0) == [] and perms(g, 1) == []
    # 9D+JH: p0 controlled via one jack -> back to p1; 7H with two jacks stays with p1;
    # 5C+JC: p1 controlled via one jack -> back to p0
    assert pts(g, 0) == ["3C", "5C"] and pts(g, 1) == ["7H", "9D"]
    assert {"JH", "JS", "JD", "JC", "KC", "8S", "QH", "QS", "KD", "6C"} <= set(scrap(g))


@both
def test_six_always_legal(rules):
    g = make(hands=("6C", "4S"), rules=rules)
    assert "oneoff 6C" in moves(g)


# ---------------------------------------------------------------- seven (classic)
def test_seven_draws_top_card_and_plays_it_classic():
    g = make(hands=("7C", "4S"), deck="9H 8H ...")
    play(g, "oneoff 7C", "resolve")
    assert g.phase == "resolve_seven" and g.to_move == 0
    assert g.to_position()["revealed"] == ["9H"] and deck(g)[0] == "8H"
    assert g.view(1)["revealed"] == ["9H"]
    assert "points 9H" in moves(g) and "draw" not in moves(g)
    g.play("points 9H")
    assert pts(g, 0) == ["9H"] and scrap(g)[-1] == "7C" and g.turn_player == 1


def test_seven_needs_a_nonempty_deck():
    g = make(hands=("7C", "4S"), deck="", scrap="...")
    assert "oneoff 7C" not in moves(g)


def test_seven_jack_forced_onto_own_card_when_opponent_protected_classic():
    g = make(hands=("7C", "4S"), points=(["9H"], ["TD"]), permanents=([], ["QS"]),
             deck="JC ...")
    play(g, "oneoff 7C", "resolve")
    assert moves(g) == {"jack JC 9H"}
    g.play("jack JC 9H")
    assert pts(g, 1) == ["9H+JC", "TD"] and pts(g, 0) == []


def test_seven_jack_on_own_card_can_make_opponent_win_classic():
    g = make(hands=("7C", "4S"), points=(["9H"], ["TD", "2D"]), permanents=([], ["QS"]),
             deck="JC ...")
    play(g, "oneoff 7C", "resolve", "jack JC 9H")
    assert g.outcome == "p1"


def test_seven_unplayable_jack_is_scrapped_classic():
    g = make(hands=("7C", "4S"), deck="JC 5H ...")
    play(g, "oneoff 7C", "resolve")
    assert moves(g) == {"scrap JC"}
    illegal(g, "jack JC 5H", "not a point card")
    g.play("scrap JC")
    assert scrap(g)[-2:] == ["7C", "JC"] and deck(g)[0] == "5H"
    assert g.turn_player == 1 and g.phase == "main"


def test_seven_jack_must_be_played_when_it_can_classic():
    g = make(hands=("7C", "4S"), points=([], ["TD"]), deck="JC ...")
    play(g, "oneoff 7C", "resolve")
    assert moves(g) == {"jack JC TD"}
    illegal(g, "scrap JC", "can be played")


def test_seven_may_play_revealed_card_to_own_disadvantage_classic():
    g = make(hands=("7C", "4S"), points=(["TS"], []), deck="AH ...")
    play(g, "oneoff 7C", "resolve")
    assert "oneoff AH" in moves(g)
    play(g, "oneoff AH", "resolve")
    assert pts(g, 0) == []


def test_seven_oneoff_opens_a_new_counter_window():
    g = make(hands=("7C", "2S 4S"), points=([], ["TD"]), deck="AH ...")
    play(g, "oneoff 7C", "resolve")
    g.play("oneoff AH")
    assert g.phase == "counter" and g.to_move == 1
    assert g.to_position()["stack"] == [{"player": 0, "move": "oneoff AH"}]
    assert scrap(g)[-1] == "7C"  # the seven itself is done and can no longer be countered
    g.play("counter 2S")
    assert pts(g, 1) == ["TD"] and {"AH", "2S"} <= set(scrap(g))
    assert g.turn_player == 1


def test_seven_revealed_three_may_take_the_seven():
    g = make(hands=("7C", "4S"), deck="3H ...", scrap="")
    play(g, "oneoff 7C", "resolve", "oneoff 3H", "resolve")
    assert moves(g) == {"take 7C"}
    g.play("take 7C")
    assert "7C" in hand(g, 0)


def test_seven_revealed_five_needs_more_deck_classic():
    g = make(hands=("7C", "4S"), deck="5H", scrap="...")
    play(g, "oneoff 7C", "resolve")
    assert "oneoff 5H" not in moves(g) and "points 5H" in moves(g)


def test_seven_revealed_card_known_to_opponent():
    g = make(hands=("7C", "4S"), deck="KH ...")
    play(g, "oneoff 7C", "resolve")
    assert g.view(1)["revealed"] == ["KH"]
    assert g.view(1)["deck"][0] == "??"


# ---------------------------------------------------------------- nine (classic)
@pytest.mark.parametrize("target", ["KD", "QD", "8D"])
def test_nine_returns_permanent_to_owner_hand_classic(target):
    g = make(hands=("9C", "4S"), permanents=([], [target]))
    play(g, f"oneoff 9C {target}", "resolve")
    assert perms(g, 1) == [] and target in hand(g, 1)
    assert target in g.view(0)["hands"][1]  # known to both
    assert scrap(g)[-1] == "9C"
    assert g.to_position()["frozen"] == []  # no freeze in classic


def test_nine_returns_jack_and_control_flips_classic():
    g = make(hands=("9C", "4S"), points=([], ["8C+JD"]))
    play(g, "oneoff 9C JD", "resolve")
    assert pts(g, 0) == ["8C"] and "JD" in hand(g, 1)


def test_nine_may_target_own_permanent_classic():
    g = make(hands=("9C", "4S"), permanents=(["KC"], []))
    assert "oneoff 9C KC" in moves(g)
    play(g, "oneoff 9C KC", "resolve")
    assert "KC" in hand(g, 0)


def test_nine_cannot_target_point_cards_classic():
    g = make(hands=("9C", "4S"), points=([], ["8C"]), permanents=([], ["KD"]))
    assert "oneoff 9C 8C" not in moves(g)
    illegal(g, "oneoff 9C 8C", "only targets kings, queens, glasses and jacks")


def test_nine_returns_a_seven_forced_jack_to_the_player_who_played_it_classic():
    # p1's queen protects p1's cards, so the jack p0's seven reveals goes on p0's own 9H and p1
    # takes the card; when p0's 9 later returns that jack, it goes to p0, who played it.
    g = make(hands=("7C 9S 2D", "4S 5S"), points=(["9H"], ["TD"]), permanents=([], ["QS"]),
             deck="JC ...")
    play(g, "oneoff 7C", "resolve", "jack JC 9H")
    assert g.to_position()["own_jacks"] == ["JC"]
    play(g, "draw", "oneoff 2D QS", "resolve", "draw")  # first the queen that protects JC
    play(g, "oneoff 9S JC", "resolve")
    assert pts(g, 0) == ["9H"] and "JC" in hand(g, 0) and "JC" not in hand(g, 1)
    assert g.to_position()["own_jacks"] == []


def test_nine_on_a_jack_recorded_as_own_goes_to_its_player_classic():
    g = make(hands=("9S", "4S"), points=([], ["9H+JC"]), own_jacks=["JC"])
    play(g, "oneoff 9S JC", "resolve")
    assert pts(g, 0) == ["9H"] and "JC" in hand(g, 0)


def test_nine_on_a_stolen_card_returns_the_jack_to_the_thief_classic():
    g = make(hands=("9S", "4S"), points=([], ["9H+JC"]))
    play(g, "oneoff 9S JC", "resolve")
    assert pts(g, 0) == ["9H"] and "JC" in hand(g, 1)


# ---------------------------------------------------------------- counters
@both
@pytest.mark.parametrize("twos", [0, 1, 2, 3, 4])
def test_counter_chain_of_twos_odd_cancels_even_resolves(rules, twos):
    g = make(hands=("AS 2C 2H", "2D 2S 4S"), points=(["9C"], ["TD"]), rules=rules)
    g.play("oneoff AS")
    order = ["2D", "2C", "2S", "2H"][:twos]
    for i, c in enumerate(order):
        assert g.phase == "counter" and g.to_move == (1 if i % 2 == 0 else 0)
        g.play(f"counter {c}")
    if g.phase == "counter":
        g.play("resolve")
    stack_left = g.to_position()["stack"]
    assert stack_left == [] and g.phase == "main" and g.turn_player == 1
    if twos % 2:
        assert pts(g, 1) == ["TD"] and pts(g, 0) == ["9C"]
    else:
        assert pts(g, 1) == [] and pts(g, 0) == []
    assert {"AS", *order} <= set(scrap(g))


@both
def test_counter_stack_is_shown_oldest_first(rules):
    g = make(hands=("AS 2C", "2D 4S"), rules=rules)
    play(g, "oneoff AS", "counter 2D")
    assert g.to_position()["stack"] == [{"player": 0, "move": "oneoff AS"},
                                        {"player": 1, "move": "counter 2D"}]
    assert g.phase == "counter" and g.to_move == 0
    assert moves(g) == {"counter 2C", "resolve"}


@both
def test_counter_resolve_declines(rules):
    g = make(hands=("AS", "2D 4S"), points=([], ["TD"]), rules=rules)
    g.play("oneoff AS")
    assert moves(g) == {"counter 2D", "resolve"}
    g.play("resolve")
    assert pts(g, 1) == [] and "2D" in hand(g, 1)


@both
@pytest.mark.parametrize("first", ["points 9C", "scuttle 9C 8D", "perm KC", "jack JC 8D"])
def test_twos_cannot_counter_points_scuttles_or_permanents(rules, first):
    g = make(hands=("9C KC JC", "2D 4S"), points=([], ["8D"]), rules=rules)
    g.play(first)
    assert g.phase == "main" and g.turn_player == 1
    assert not any(m.startswith("counter") for m in moves(g))
    illegal(g, "counter 2D", "nothing to counter")


@both
def test_counter_window_skipped_when_responder_has_no_cards(rules):
    g = make(hands=("AS", ""), points=([], ["TD"]), rules=rules)
    g.play("oneoff AS")
    assert g.phase == "main" and g.turn_player == 1 and pts(g, 1) == []


@both
def test_counter_window_opens_without_a_two_to_hide_the_hand(rules):
    g = make(hands=("AS", "4S"), rules=rules)
    g.play("oneoff AS")
    assert g.phase == "counter" and moves(g) == {"resolve"}


@both
def test_counter_only_with_a_two(rules):
    g = make(hands=("AS", "4S 2D"), rules=rules)
    g.play("oneoff AS")
    with pytest.raises(ValueError, match="with a 2"):
        g.play("counter 4S")
    illegal(g, "points 4S", "counter with a 2")
    illegal(g, "counter 2C", "not in your hand")


@both
def test_counter_of_one_off_then_turn_passes_either_way(rules):
    g = make(hands=("5C", "2D 4S"), rules=rules)
    play(g, "oneoff 5C", "counter 2D")
    assert g.phase == "main" and g.turn_player == 1 and hand(g, 0) == []


# ---------------------------------------------------------------- queens (classic)
def test_queen_blocks_two_on_other_permanents_classic():
    g = make(hands=("2C", "4S"), permanents=([], ["QH", "KD", "8D"]))
    ms = moves(g)
    assert "oneoff 2C QH" in ms
    assert "oneoff 2C KD" not in ms and "oneoff 2C 8D" not in ms
    illegal(g, "oneoff 2C KD", "queen protects K♦")


def test_queen_does_not_protect_itself_classic():
    g = make(hands=("2C 9C", "4S"), permanents=([], ["QH"]))
    assert {"oneoff 2C QH", "oneoff 9C QH"} <= moves(g)


def test_queen_does_not_protect_other_queens_classic():
    g = make(hands=("2C 9C", "4S"), permanents=([], ["QH", "QS", "KD"]))
    ms = moves(g)
    assert {"oneoff 2C QH", "oneoff 2C QS", "oneoff 9C QH", "oneoff 9C QS"} <= ms
    assert "oneoff 2C KD" not in ms


def test_queen_blocks_nine_classic():
    g = make(hands=("9C", "4S"), permanents=([], ["QH", "KD"]), points=([], ["7C+JD"]))
    ms = moves(g)
    assert "oneoff 9C KD" not in ms and "oneoff 9C JD" not in ms and "oneoff 9C QH" in ms
    illegal(g, "oneoff 9C JD", "queen protects J♦")


def test_queen_blocks_jacks_classic():
    # the opponent's queen leaves a jack from hand nowhere to go: not even the player's own 3C
    g = make(hands=("JC", "4S"), points=(["3C"], ["7D"]), permanents=([], ["QH"]))
    assert moves(g) == {"draw"}
    illegal(g, "jack JC 7D", "queen protects 7♦")
    illegal(g, "jack JC 3C", "only go on the opponent's point cards", "not on your own 3♣")


def test_queen_blocks_two_on_jack_classic():
    g = make(hands=("2C", "4S"), points=([], ["7C+JD"]), permanents=([], ["QH"]))
    assert "oneoff 2C JD" not in moves(g)


@both
def test_queen_blocks_counters_against_its_owner(rules):
    # p0 has a queen: p1 may not counter p0's one-off; no window even though p1 holds a 2
    g = make(hands=("AS", "2D 4S"), points=([], ["TD"]), permanents=(["QC"], []), rules=rules)
    g.play("oneoff AS")
    assert g.phase == "main" and g.turn_player == 1 and pts(g, 1) == []


@both
def test_queen_blocks_counters_against_its_owners_counter(rules):
    # p1 (queen) counters p0's one-off: p0 may not counter back
    g = make(hands=("AS 2C", "2D 4S"), points=([], ["TD"]), permanents=([], ["QC"]), rules=rules)
    play(g, "oneoff AS", "counter 2D")
    assert g.phase == "main" and g.turn_player == 1 and pts(g, 1) == ["TD"]


def test_queen_owner_may_still_counter_opponent_classic():
    g = make(hands=("AS", "2D 4S"), permanents=([], ["QC"]))
    g.play("oneoff AS")
    assert g.phase == "counter" and "counter 2D" in moves(g)


def test_queen_does_not_stop_six_classic():
    g = make(hands=("6C", "4S"), permanents=([], ["QH", "KD"]))
    play(g, "oneoff 6C", "resolve")
    assert perms(g, 1) == []


# ---------------------------------------------------------------- jacks
@both
def test_jack_takes_control_of_point_card(rules):
    g = make(hands=("JC", "4S"), points=([], ["7D"]), rules=rules)
    g.play("jack JC 7D")
    assert pts(g, 0) == ["7D+JC"] and pts(g, 1) == [] and g.score(0) == 7


@both
def test_jacks_stack_and_each_flips_control(rules):
    g = make(hands=("JC JH", "JD 4S"), points=([], ["7D"]), rules=rules)
    g.play("jack JC 7D")
    g.play("jack JD 7D")
    assert pts(g, 1) == ["7D+JC+JD"]
    g.play("jack JH 7D")
    assert pts(g, 0) == ["7D+JC+JD+JH"] and g.score(0) == 7


@both
def test_jack_from_hand_on_own_point_card_is_illegal(rules):
    # RULES.md, Jack: a jack goes on one of the opponent's point cards, in both presets
    g = make(hands=("JC", "4S"), points=(["7D", "5C"], ["9H"]), rules=rules)
    assert moves(g) == {"draw", "jack JC 9H"}
    illegal(g, "jack JC 7D", "only go on the opponent's point cards", "not on your own 7♦")
    assert pts(g, 0) == ["5C", "7D"] and pts(g, 1) == ["9H"]


@both
def test_jack_from_hand_with_only_own_point_cards_has_no_move(rules):
    g = make(hands=("JC", "4S"), points=(["7D"], []), rules=rules)
    assert moves(g) == {"draw"}


@both
def test_jack_needs_a_point_card(rules):
    g = make(hands=("JC", "4S"), rules=rules)
    assert moves(g) == {"draw"}


@both
def test_jack_removed_by_scuttle_of_its_card(rules):
    g = make(hands=("TC", "4S"), points=([], ["9D+JH"]), rules=rules)
    play(g, "scuttle TC 9D")
    assert pts(g, 0) == [] and pts(g, 1) == [] and "JH" in scrap(g)


@both
def test_jack_removed_by_six_flips_back(rules):
    g = make(hands=("6C", "4S"), points=(["9D+JH"], []), rules=rules)
    play(g, "oneoff 6C", "resolve")
    assert pts(g, 1) == ["9D"]


# ---------------------------------------------------------------- glasses and views
@both
def test_opponent_hand_hidden_without_glasses(rules):
    g = make(hands=("7D 2C", "9S KH 4C"), rules=rules)
    v = g.view(0)
    assert v["hands"] == [["2C", "7D"], ["??", "??", "??"]]
    assert set(v["deck"]) == {"??"} and len(v["deck"]) == len(deck(g))
    v1 = g.view(1)
    assert v1["hands"] == [["??", "??"], ["4C", "9S", "KH"]]
    assert "seed" not in v


@both
def test_glasses_reveal_opponent_hand(rules):
    g = make(hands=("8C 2C", "9S KH"), rules=rules)
    g.play("perm 8C")
    assert g.view(0)["hands"][1] == ["9S", "KH"]
    assert g.view(1)["hands"][0] == ["??"]


@both
def test_glasses_removed_hide_hand_again(rules):
    g = make(hands=("2C", "9S KH 4C"), permanents=([], ["8D"]), rules=rules)
    assert g.view(1)["hands"][0] == ["2C"]
    play(g, "oneoff 2C 8D", "resolve")
    assert g.view(1)["hands"][0] == []
    g2 = make(hands=("2C 3C", "9S"), permanents=([], ["8D"]), rules=rules)
    play(g2, "oneoff 2C 8D", "resolve")
    assert g2.view(1)["hands"][0] == ["??"]


@both
def test_view_shows_tables_scrap_and_stack(rules):
    g = make(hands=("AS 3C", "2D 4S"), points=(["TC"], ["9H+JD"]), permanents=(["KC"], ["QD"]),
             scrap="5S", deck="6S ...", rules=rules)
    g.play("oneoff AS")
    v = g.view(1)
    assert v["points"] == [["TC"], ["9H+JD"]] and v["permanents"] == [["KC"], ["QD"]]
    assert v["scrap"] == ["5S"] and v["stack"] == [{"player": 0, "move": "oneoff AS"}]
    assert v["hands"][0] == ["??"]


def test_seven_jack_goes_on_the_opponents_card_when_one_can_take_it_classic():
    # a seven's jack goes on the player's own card only when no opponent's card can take it
    g = make(hands=("7C", "4S"), points=(["9H"], ["TD"]), deck="JC ...")
    play(g, "oneoff 7C", "resolve")
    assert moves(g) == {"jack JC TD"}
    illegal(g, "jack JC 9H", "your own card only when none of the opponent's", "and T♦ can")


def test_seven_jack_goes_on_own_card_when_opponent_has_no_point_card_classic():
    g = make(hands=("7C", "4S"), points=(["9H", "3S"], []), deck="JC ...")
    play(g, "oneoff 7C", "resolve")
    assert moves(g) == {"jack JC 3S", "jack JC 9H"}
    g.play("jack JC 3S")
    assert pts(g, 1) == ["3S+JC"] and pts(g, 0) == ["9H"]
    assert g.to_position()["own_jacks"] == ["JC"]


def test_nine_returned_jack_known_to_both():
    g = make(hands=("9C", "4S 5S"), points=([], ["8C+JD"]))
    play(g, "oneoff 9C JD", "resolve")
    assert sorted(g.view(0)["hands"][1]) == ["??", "??", "JD"]
    assert g.view(0)["known"] == ["JD"]


@both
def test_views_never_carry_the_seed(rules):
    g = Game.new(seed=9, rules=rules)
    assert g.to_position()["seed"] == 9
    assert "seed" not in g.view(0) and "seed" not in g.view(1)


@both
def test_view_hides_deck_and_opponent_hand_and_keeps_counts(rules):
    g = Game.new(seed=9, rules=rules)
    for p in (0, 1):
        v = g.view(p)
        assert v["hands"][p] == g.to_position()["hands"][p]
        assert set(v["hands"][1 - p]) == {"??"}
        assert len(v["hands"][1 - p]) == len(g.to_position()["hands"][1 - p])
        assert set(v["deck"]) == {"??"} and len(v["deck"]) == 41
