"""An independent audit of the three- and four-seat engine against RULES.md section 4 and
INTERFACE.md section 5: a test per finding (named after the rule it checks) and per corner the
tests of the modes did not reach yet. Rules common to both modes are in test_rules_modes.py, each
mode's own in test_rules_cutthroat.py and test_rules_teams.py."""

from __future__ import annotations

import pytest
from seats import (
    answer_all,
    hand,
    illegal,
    make,
    moves,
    perms,
    position,
    pts,
    refused,
    scrap,
)

from cuttle import Game

CUTTHROAT = ["classic+cutthroat", "cuttlecards+cutthroat"]
TEAMS = ["classic+teams", "cuttlecards+teams"]
cutthroat = pytest.mark.parametrize("rules", CUTTHROAT)
teams = pytest.mark.parametrize("rules", TEAMS)
modes = pytest.mark.parametrize("rules", CUTTHROAT + TEAMS)


def asked(g: Game) -> list[tuple[int, list[str]]]:
    """Answer ``resolve`` while a window waits; each seat asked, with the moves it had."""
    seen = []
    while g.phase in ("counter", "respond_royal"):
        seen.append((g.to_move, sorted(str(m) for m in g.legal_moves())))
        g.play("resolve")
    return seen


# ---------------------------------------------------------------- ten-counters-scuttle
@modes
def test_ten_counters_scuttle_only_the_scuttled_cards_controller_may_answer(rules):
    # RULES.md 3: "When a point card is scuttled, its controller may respond with a 10". Seat 1's
    # 8H is scuttled: seat 1 is asked, never the other opponent (seat 2, or seat 1's partner 3)
    # though they hold a 10 too.
    n = 3 if "cutthroat" in rules else 4
    g = make(f"{rules}+ten-counters-scuttle", hands=["9C 5S", "TD 3C", "TH 3H", "TS 4S"][:n],
             points=["", "8H"])
    g.play("scuttle 9C 8H")
    assert asked(g) == [(1, ["counter TD", "resolve"])]
    assert pts(g, 1) == [] and {"8H", "9C"} <= set(scrap(g))
    g = make(f"{rules}+ten-counters-scuttle", hands=["9C 5S", "", "TH 3H", "TS 4S"][:n],
             points=["", "8H"])
    g.play("scuttle 9C 8H")  # the controller holds nothing: nobody is asked
    assert g.phase == "main" and pts(g, 1) == []


@modes
def test_ten_counters_scuttle_a_position_asking_another_seat_is_refused(rules):
    n = 3 if "cutthroat" in rules else 4
    other = 2 if n == 3 else 3
    kw = dict(hands=["5S", "TD 3C", "TH 3H", "TS 4S"][:n], points=["", "8H"], phase="counter")
    scuttle = {"player": 0, "move": "scuttle 9C 8H"}
    refused(position(f"{rules}+ten-counters-scuttle", stack=[scuttle], to_move=other, **kw),
            "only the controller of 8H")
    ten = {"player": other, "move": f"counter T{'HS'[n - 3]}"}
    kw["hands"] = ["5S 2C", "TD 3C", "3H", "4S"][:n]
    refused(position(f"{rules}+ten-counters-scuttle", stack=[scuttle, ten], to_move=0, **kw),
            "only the controller of the scuttled card")
    g = Game.from_position(position(f"{rules}+ten-counters-scuttle", stack=[scuttle], **kw))
    assert g.to_move == 1


# ---------------------------------------------------------------- from_position, seats out
@pytest.mark.parametrize(("out", "outcome", "reason"), [
    ([1], "p1", "names seat 1, which is out"),
    ([1, 2], None, "seat 0 is the last one left"),
    ([1, 2], "draw", "seat 0 is the last one left"),
    ([1, 2], "p1", "names seat 1, which is out"),
])
def test_from_position_refuses_an_outcome_seats_out_make_impossible(out, outcome, reason):
    # Decision 24: "the last player left wins"; Decision 34: a seat out never moves (nor wins)
    over = {"phase": "over", "outcome": outcome} if outcome else {}
    refused(position("classic+cutthroat", hands=["5S", "", "" if 2 in out else "5H"], out=out,
                     **over), reason)


@pytest.mark.parametrize(("out", "outcome"), [([1], "p0"), ([1], "draw"), ([1, 2], "p0")])
def test_from_position_takes_an_outcome_seats_out_allow(out, outcome):
    g = Game.from_position(position("classic+cutthroat", hands=["5S", "", "" if 2 in out else "5H"],
                                    out=out, phase="over", outcome=outcome))
    assert g.outcome == outcome and g.out == out


# ---------------------------------------------------------------- why a move is illegal
@pytest.mark.parametrize(("rules", "kw", "move", "reason"), [
    # a scuttle of a second opponent's card that is too high: the ranks, not "the opponent's"
    ("classic+cutthroat", dict(hands=["3S 5S", "5D", "5H"], points=["", "", "7D"]),
     "scuttle 3S 7D", "3♠ cannot scuttle 7♦: a three is lower than a seven"),
    ("classic+cutthroat", dict(hands=["5S", "5D", "3S 5H"], points=["", "", "7D"], turn=2),
     "scuttle 3S 7D", "7♦ is not one of an opponent's point cards"),
    ("classic+teams", dict(hands=["TS 5S", "5D", "5H", "5C"], points=["", "", "7D"]),
     "scuttle TS 7D", "7♦ is not one of an opponent's point cards"),
    # the 4's example names an opponent who holds a card; a seat out is said to be out
    ("classic+cutthroat", dict(hands=["4C 5S", "", "5H"]), "oneoff 4C", "'oneoff 4C @2'"),
    ("classic+cutthroat", dict(hands=["4C 5S", "", "5H"], out=[1]), "oneoff 4C @1",
     "seat 1 is out of the game"),
    ("classic+cutthroat", dict(hands=["7C 5S", "", "5H"], points=["4D"], out=[1],
                               deck=["JC", "..."]), "jack JC 4D >1", "seat 1 is out of the game"),
    # cuttlecards' 9 may name the royal under a joker: the reason is the queen, or the partner
    ("cuttlecards+cutthroat", dict(hands=["9C 5S", "5D", "5H"],
                                   permanents=["", "", "KD@1+X1@2 QH"]),
     "oneoff 9C KD", "seat 2's queen protects K♦"),
    ("cuttlecards+teams", dict(hands=["9C 5S", "5D", "5H", "5C"],
                               permanents=["", "", "KD@1+X1@2"]),
     "oneoff 9C KD", "a nine may only target an opponent's cards"),
    # a joker of the modes is a royal, never the joker variant's one-off
    ("cuttlecards+cutthroat", dict(hands=["X1 5S", "5D", "5H"], permanents=["", "KD"]),
     "oneoff X1", "a joker is a royal, not a one-off"),
])
def test_why_illegal_at_three_or_four_seats_names_the_real_reason(rules, kw, move, reason):
    g = make(rules, **kw)
    if move.startswith("jack"):
        g.play("oneoff 7C")
        answer_all(g)
    illegal(g, move, reason)


# ---------------------------------------------------------------- corners not yet pinned
@cutthroat
def test_ace_scraps_a_point_stack_with_a_joker_and_leaves_a_stolen_king(rules):
    # "A and 6 hit every player's cards": the ace takes the point cards with every jack and
    # joker on them; a king under a joker is no point card and stays with its controller
    g = make(rules, hands=["AC 5S", "5D", "5H"], points=["4S@1+JD@2+X1@0", "9C@2+JC@1", "3C"],
             permanents=["KD@1+X2@0"])
    g.play("oneoff AC")
    answer_all(g)
    assert all(pts(g, s) == [] for s in range(3)) and perms(g, 0) == ["KD@1+X2@0"]
    assert {"4S", "JD", "X1", "9C", "JC", "3C", "AC"} <= set(scrap(g))


def test_six_sends_each_point_card_of_mixed_stacks_to_its_first_player():
    # a jack then a joker on seat 1's four; a jack on seat 2's nine; a joker on seat 1's king
    g = make("cuttlecards+cutthroat", hands=["6C 5S", "5D", "5H"],
             points=["4S@1+JD@2+X1@0", "9C@2+JC@1", "3C"], permanents=["KD@1+X2@0", "QH"])
    g.play("oneoff 6C")
    answer_all(g)
    assert [pts(g, s) for s in range(3)] == [[], ["4S"], ["3C", "9C"]]
    assert all(perms(g, s) == [] for s in range(3))
    assert {"JD", "X1", "JC", "KD", "X2", "QH", "6C"} <= set(scrap(g))


def test_cuttlecards_nine_on_a_top_joker_returns_it_frozen_and_the_card_goes_back():
    # the joker goes to the hand of the seat that played it (frozen: cuttlecards' 9), and the
    # four to seat 2, who held it before the joker
    g = make("cuttlecards+cutthroat", hands=["9C 5S", "5D", "5H"],
             points=["", "4S@1+JD@2+X1@1"])
    g.play("oneoff 9C X1")
    answer_all(g)
    assert pts(g, 2) == ["4S@1+JD@2"] and pts(g, 1) == [] and "X1" in hand(g, 1)
    assert g.to_position()["frozen"] == ["X1"]


@cutthroat
def test_a_stolen_royal_whose_owner_is_out_goes_to_the_scrap_when_its_joker_goes(rules):
    # Decision 24: "a card whose control would return to them goes to the scrap", kings too
    g = make(rules, hands=["5S", "", "2C 5H"], permanents=["KD@1+X1@0"], out=[1], turn=2)
    g.play("oneoff 2C X1")
    answer_all(g)
    assert all(perms(g, s) == [] for s in range(3)) and {"KD", "X1", "2C"} <= set(scrap(g))


def test_classic_sevens_jack_goes_on_your_own_card_when_queens_guard_every_opponents():
    # RULES.md 4 "Seven with a jack and no card it may go on": every opponent's point card is
    # under a queen, so it is "no card it may go on"; the jack goes on one of your own
    g = make("classic+cutthroat", hands=["7C 5S", "5D", "5H"], points=["4C", "6H", "8D"],
             permanents=["", "QS", "QD"], deck="JD ...")
    g.play("oneoff 7C")
    answer_all(g)
    assert moves(g) == {"jack JD 4C >1", "jack JD 4C >2"}


@teams
def test_a_sevens_jack_with_only_your_own_point_card_goes_on_it_given_away(rules):
    # Decision 29: teams' jacks go on any card under both presets, so even under cuttlecards
    # a seven's jack has a card to go on (and names its receiver: any seat but seat 0)
    g = make(rules, hands=["7C 5S", "5D", "5H", "5C"], points=["4C"],
             deck="JD 6D ..." if rules.startswith("cuttle") else "JD ...")
    g.play("oneoff 7C")
    answer_all(g)
    assert {m for m in moves(g) if m.startswith("jack")} == {
        "jack JD 4C >1", "jack JD 4C >2", "jack JD 4C >3"}
    illegal(g, "jack JD 4C", "receive")


@teams
def test_a_partners_queen_does_not_protect_you(rules):
    # "Queens protect their controller's other cards": seat 2's queen, not seat 0's cards
    g = make(rules, hands=["5C", "JD 2D 5D", "5H", "5S"], points=["7C"],
             permanents=["KC", "", "QS"], turn=1)
    assert {"jack JD 7C >1", "jack JD 7C >2", "jack JD 7C >3", "oneoff 2D KC"} <= moves(g)


@teams
@pytest.mark.parametrize(("receiver", "outcome"), [(2, "team0"), (3, "team1")])
def test_a_jack_giving_points_wins_for_the_receivers_team(rules, receiver, outcome):
    # seat 0's jack moves seat 1's ten to the partner (team 0 at 21) or to seat 3 (team 1 at 21)
    g = make(rules, hands=["JD 5C", "5D", "5H", "5S"], points=["", "TH", "9C 2C", "9D 2D"])
    g.play(f"jack JD TH >{receiver}")
    answer_all(g)
    assert g.outcome == outcome


# ---------------------------------------------------------------- Decision 36: house rules
@pytest.mark.parametrize("rules", ["classic+teams+nine-to-deck", "classic+teams+nine-freeze",
                                   "cuttlecards+teams"])
def test_decision_36_an_out_of_turn_nine_sends_the_royal_to_hand_under_every_nine_rule(rules):
    g = make(rules, hands=["KS 5S", "9C 3D", "5H", "5C"], deck=["6D", "..."])
    g.play("perm KS")
    g.play("oneoff 9C KS")
    answer_all(g)
    pos = g.to_position()
    assert "KS" in pos["hands"][0] and pos["deck"][0] == "6D" and pos["frozen"] == []
    assert pos["turn_player"] == 1


@pytest.mark.parametrize(("rules", "where"), [("classic+cutthroat+nine-to-deck", "deck"),
                                              ("classic+cutthroat", "scrap")])
def test_decision_36_nine_to_deck_puts_an_out_seats_jack_on_the_deck(rules, where):
    # seat 1 (out) put a seven's jack on its own seven of hearts, giving it to seat 0
    g = make(rules, hands=["5S", "", "9C 5H"], points=["7H@1+JD@1>0"], out=[1], turn=2)
    g.play("oneoff 9C JD")
    answer_all(g)
    pos = g.to_position()
    assert ("JD" == pos["deck"][0]) is (where == "deck") and ("JD" in pos["scrap"]) is (
        where == "scrap")
    assert "7H" in pos["scrap"] and all(row == [] for row in pos["points"])


# ---------------------------------------------------------------- Decision 37: the hand limit
EIGHT = "3D 4D 5D 6D 7D 8D TD"


@modes
def test_decision_37_a_counter_from_a_hand_above_seven_forces_no_discard_until_its_turn_ends(
        rules):
    n = 3 if "cutthroat" in rules else 4
    g = make(rules, hands=["AC 5S", f"2D 9C {EIGHT}", "5H", "5C"][:n], points=["", "TH"])
    g.play("oneoff AC")
    g.play("counter 2D")  # seat 1 keeps eight cards
    answer_all(g)
    assert g.phase == "main" and g.to_move == 1 and len(hand(g, 1)) == 8
    g.play("draw")  # its own move leaves nine: down to seven
    assert g.phase == "hand_limit" and g.to_move == 1
    assert moves(g) == {m for m in moves(g) if m.startswith("discard ") and len(m.split()) == 3}


@teams
def test_decision_37_an_out_of_turn_nine_from_a_hand_above_seven_forces_no_discard(rules):
    g = make(rules, hands=["KS 5S", f"9C 2D {EIGHT}", "5H", "5C"])
    g.play("perm KS")
    g.play("oneoff 9C KS")
    answer_all(g)
    assert g.phase == "main" and g.to_move == 1 and len(hand(g, 1)) == 8
