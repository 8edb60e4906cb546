"""The decisions taken while building the engine where RULES.md section 4 still leaves a case open
(the engine's DECISIONS.md, documented in docs/rules.md's Decisions 27 to 35; issue 29), one test
each, both presets where the case arises under both."""

from __future__ import annotations

import pytest
from seats import (
    CUTTHROAT,
    MODES,
    TEAMS,
    answer_all,
    hand,
    make,
    moves,
    play,
    pts,
    scrap,
    seats_of,
)

from cuttle import Game, Rules

modes = pytest.mark.parametrize("rules", MODES)
cutthroat = pytest.mark.parametrize("rules", CUTTHROAT)
teams = pytest.mark.parametrize("rules", TEAMS)


# ---------------------------------------------------------------- who is asked in a window
@pytest.mark.parametrize("rules", ["classic+cutthroat+nine-freeze", "cuttlecards+cutthroat",
                                   "classic+teams+nine-freeze", "cuttlecards+teams"])
def test_an_opponent_whose_hand_is_all_frozen_is_not_asked(rules):
    n = seats_of(rules)
    hands = ["AC 5C", "2D", "2H 9H", "2S 9S"][:n]
    g = make(rules, hands=hands, points=["", "", "TH"], frozen=["2D"])
    g.play("oneoff AC")
    assert g.phase == "counter" and g.to_move == (2 if n == 3 else 3)


@teams
def test_every_opponent_with_a_card_is_asked_about_a_royal_not_only_nines(rules):
    g = make(rules, hands=["KS 5C", "3D 4D", "2H 4H", "3S 6S"])
    g.play("perm KS")
    asked = []
    while g.phase == "respond_royal":
        asked.append(g.to_move)
        assert moves(g) == {"resolve"}
        g.play("resolve")
    assert asked == [1, 3]


@teams
def test_a_royal_sent_back_by_a_nine_is_known_to_every_seat(rules):
    g = make(rules, hands=["KS 5C", "9H 3D", "2H 4H", "9D 3S"])
    play(g, "perm KS", "oneoff 9H KS")
    answer_all(g)
    for viewer in (1, 2, 3):
        assert "KS" in g.view(viewer)["hands"][0] and "5C" not in g.view(viewer)["hands"][0]


# ---------------------------------------------------------------- jacks, jokers, 2s, 9s
@teams
def test_ones_own_cards_are_open_to_ones_own_jack_despite_ones_queen(rules):
    g = make(rules, hands=["JD 5C", "3D", "3H", "3S"], points=["4C"], permanents=["QH"])
    assert {"jack JD 4C >1", "jack JD 4C >2", "jack JD 4C >3"} <= moves(g)


@teams
def test_ones_own_royals_are_open_to_ones_own_joker(rules):
    g = make(rules, hands=["X1 5C", "3D", "3H", "3S"], permanents=["KC QH"])
    assert {"joker X1 KC >2", "joker X1 QH >2"} <= moves(g)


@pytest.mark.parametrize(("rules", "own", "partner"), [
    ("classic+cutthroat", True, None), ("cuttlecards+cutthroat", False, None),
    ("classic+teams", True, True), ("cuttlecards+teams", False, False),
])  # fmt: skip
def test_twos_aim_at_any_seat_under_classic_only_at_opponents_under_cuttlecards(rules, own,
                                                                                 partner):
    n = seats_of(rules)
    permanents = ["KC", "KD", "KH", "KS"][:n]
    g = make(rules, hands=["2C 5C", "3D", "3H", "3S"][:n], permanents=permanents)
    ms = moves(g)
    assert ("oneoff 2C KC" in ms) is own
    assert "oneoff 2C KD" in ms
    if partner is not None:
        assert ("oneoff 2C KH" in ms) is partner and "oneoff 2C KS" in ms
    else:
        assert "oneoff 2C KH" in ms


# ---------------------------------------------------------------- the 4 and the seven's jack
@modes
def test_a_four_with_no_opponent_holding_a_card_is_not_offered(rules):
    n = seats_of(rules)
    hands = ["4S 5C", "", "3H" if n == 4 else "", ""][:n]
    g = make(rules, hands=hands)
    assert not any(m.startswith("oneoff 4S") for m in moves(g))


@modes
def test_the_fours_victims_are_offered_in_seat_order(rules):
    n = seats_of(rules)
    g = make(rules, hands=["4S 5C", "3D", "3H", "3S"][:n])
    fours = [str(m) for m in g.legal_moves() if str(m).startswith("oneoff 4S")]
    assert fours == (["oneoff 4S @1", "oneoff 4S @2"] if n == 3 else
                     ["oneoff 4S @1", "oneoff 4S @3"])


def test_a_cutthroat_sevens_jack_is_given_only_to_opponents_still_in():
    g = make("classic+cutthroat", hands=["7C 5S", "5D", ""], points=["4C"], deck="JD ...",
             out=[2])
    g.play("oneoff 7C")
    answer_all(g)
    assert moves(g) == {"jack JD 4C >1"}


# ---------------------------------------------------------------- the rules string
@pytest.mark.parametrize(("text", "canonical"), [
    ("classic+nine-freeze+cutthroat", "classic+cutthroat+nine-freeze"),
    ("cuttlecards+four-random+teams", "cuttlecards+teams+four-random"),
    ("cutthroat", "classic+cutthroat"),
    ("teams+four-random", "classic+teams+four-random"),
])  # fmt: skip
def test_the_mode_is_written_after_the_preset_before_the_variants(text, canonical):
    assert str(Rules.parse(text)) == canonical
    assert str(Game.new(seed=1, rules=text).rules) == canonical


# ---------------------------------------------------------------- concessions in cutthroat
@cutthroat
def test_a_concession_is_kept_in_the_history_where_it_happened(rules):
    g = make(rules, hands=["5C 3C", "5D 3D", "5H 3H"])
    play(g, "draw")
    g.concede(2)
    assert [str(m) for _, m in g.history] == ["draw", "concede @2"]


@cutthroat
def test_when_two_are_left_and_one_concedes_the_other_wins_by_concession(rules):
    g = make(rules, hands=["5C 3C", "5D 3D", "5H 3H"])
    g.concede(0)
    g.concede(2)
    assert g.outcome == "p1" and g.outcome_reason == "concession" and g.winner == 1


@pytest.mark.parametrize("rules", ["classic+cutthroat+ten-counters-scuttle",
                                   "cuttlecards+cutthroat+ten-counters-scuttle"])
def test_a_waiting_scuttle_whose_target_went_with_a_conceder_goes_to_the_scrap(rules):
    g = make(rules, hands=["9C 5C", "TS 3D", "5H"], points=["", "8H"])
    g.play("scuttle 9C 8H")
    assert g.phase == "counter" and g.to_move == 1
    g.concede(1)
    answer_all(g)
    assert {"9C", "8H"} <= set(scrap(g)) and "9C" not in hand(g, 0)
    assert g.phase == "main" and g.to_move == 2


def test_a_card_a_nine_would_return_to_a_seat_that_is_out_goes_to_the_scrap():
    # seat 1's seven put its jack on its own 4C and gave the card to seat 2; seat 1 is out now
    g = make("classic+cutthroat", hands=["9C 5S", "", "5H"], points=["", "", "4C@1+JD@1>2"],
             out=[1])
    g.play("oneoff 9C JD")
    answer_all(g)
    assert {"JD", "4C"} <= set(scrap(g)) and all(pts(g, s) == [] for s in range(3))


# ---------------------------------------------------------------- positions
@modes
def test_mode_positions_write_no_own_jacks(rules):
    assert "own_jacks" not in Game.new(seed=3, rules=rules).to_position()


@modes
def test_a_card_alone_may_carry_its_own_rows_seat(rules):
    g = make(rules, hands=["5C", "5D", "5H", "5S"][: seats_of(rules)], points=["7H@0", "8D@1"])
    assert pts(g, 0) == ["7H"] and pts(g, 1) == ["8D"]


@teams
def test_respond_royal_without_to_move_asks_the_first_who_could_answer(rules):
    stack = [{"player": 0, "move": "perm KS"}]
    g = make(rules, hands=["5C", "", "5H", "9S"], phase="respond_royal", stack=stack)
    assert g.to_move == 3


# ---------------------------------------------------------------- winner
@modes
def test_winner_is_the_winning_seat_in_cutthroat_none_in_teams(rules):
    g = make(rules, hands=["5C 3C", "5D 3D", "5H 3H", "5S 3S"][: seats_of(rules)])
    g.concede(1)
    if seats_of(rules) == 3:
        g.concede(0)
        assert g.outcome == "p2" and g.winner == 2
    else:
        assert g.outcome == "team0" and g.winner is None


@cutthroat
def test_a_concession_is_logged_as_a_conceded_event(rules):
    g = make(rules, hands=["5C 3C", "5D 3D", "5H 3H"])
    g.concede(1)
    assert g.events[-1].kind == "conceded" and g.events[-1].player == 1
