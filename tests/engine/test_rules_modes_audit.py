"""An independent audit of the three- and four-seat engine against RULES.md section 4 and
INTERFACE.md section 5: a test per finding (named after the rule it checks) and per corner the
tests of the modes did not reach yet. Rules common to both modes are in test_rules_modes.py, each
mode's own in test_rules_cutthroat.py and test_rules_teams.py."""

from __future__ import annotations

import pytest
from seats import answer_all, illegal, make, position, pts, refused, scrap

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
])
def test_why_illegal_at_three_or_four_seats_names_the_real_reason(rules, kw, move, reason):
    g = make(rules, **kw)
    if move.startswith("jack"):
        g.play("oneoff 7C")
        answer_all(g)
    illegal(g, move, reason)
