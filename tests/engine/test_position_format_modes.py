"""The position format of three and four players (INTERFACE.md section 5, issue 29): one list per
seat, stacks written ``TS@1+JD@3>0+JC@2``, ``out``, the ``respond_royal`` phase, and every table
``from_position`` must refuse with a reason (list lengths, impossible ``@``/``>`` seats, jokers
where there are none)."""

from __future__ import annotations

import json

import pytest
from seats import MODES, make, moves, position, refused, seats_of

from cuttle import Game


def round_trips(g: Game) -> None:
    pos = g.to_position()
    again = Game.from_position(json.dumps(pos))
    assert again.to_position() == pos
    assert [str(m) for m in again.legal_moves()] == [str(m) for m in g.legal_moves()]


def rows(g: Game, key: str) -> list[list[str]]:
    return [list(r) for r in g.to_position()[key]]


# ---------------------------------------------------------------- what is written
@pytest.mark.parametrize("rules", MODES)
def test_one_list_per_seat_and_out_always_written(rules):
    n = seats_of(rules)
    g = make(rules, hands=["5C", "5D", "5H", "5S"][:n])
    pos = g.to_position()
    for key in ("hands", "points", "permanents"):
        assert len(pos[key]) == n
    assert pos["out"] == [] and pos["rules"] == str(g.rules)
    round_trips(g)


@pytest.mark.parametrize("preset", ["classic", "cuttlecards"])
def test_two_player_positions_do_not_change(preset):
    g = Game.new(seed=7, rules=preset)
    pos = g.to_position()
    assert "out" not in pos and len(pos["hands"]) == 2
    g = make_two(preset)
    assert g.to_position()["points"][0] == ["TS+JD+JC"]


def make_two(preset: str) -> Game:
    from helpers import make as make2

    return make2(hands=("5C", "5D"), points=(["TS+JD+JC"], []), rules=preset)


@pytest.mark.parametrize(("rules", "seat", "entry"), [
    ("classic+cutthroat", 0, "TS@1+JD@0"),
    ("cuttlecards+cutthroat", 2, "TS@1+JD@0+JC@2"),
    ("classic+cutthroat", 2, "4C@0+JD@0>2"),  # a classic seven's jack given away
    ("classic+teams", 0, "TS@1+JD@3>0"),
    ("cuttlecards+teams", 2, "TS@1+JD@3>0+JC@2"),  # the stack three deep of INTERFACE.md
    ("classic+teams", 1, "7H@1+JD@0>2+JC@3>1"),  # control back to the card's first owner
    ("classic+teams", 3, "4C@0+JD@0>3"),  # a jack on one's own card, given away
])  # fmt: skip
def test_point_stacks_are_written_with_who_played_and_whom_it_gave(rules, seat, entry):
    points: list[list[str]] = [[] for _ in range(seats_of(rules))]
    points[seat] = [entry]
    g = make(rules, hands=["5C", "5D", "5H", "5S"][: seats_of(rules)], points=points)
    assert rows(g, "points") == points
    round_trips(g)


@pytest.mark.parametrize(("rules", "seat", "entry"), [
    ("classic+cutthroat", 0, "KD@1+X1@0"),
    ("cuttlecards+cutthroat", 2, "KD@1+X1@0+X2@2"),
    ("classic+cutthroat", 1, "QH@0+X1@1"),
    ("classic+teams", 3, "KD@1+X1@0>3"),
    ("cuttlecards+teams", 0, "QS@2+X2@1>3+X1@0"),
])  # fmt: skip
def test_royal_stacks_are_written_in_the_permanents(rules, seat, entry):
    permanents: list[list[str]] = [[] for _ in range(seats_of(rules))]
    permanents[seat] = [entry]
    g = make(rules, hands=["5C", "5D", "5H", "5S"][: seats_of(rules)], permanents=permanents)
    assert rows(g, "permanents") == permanents
    round_trips(g)


@pytest.mark.parametrize("rules", MODES)
def test_a_joker_on_a_jack(rules):
    n = seats_of(rules)
    entry = "7H@1+JD@2+X1@0" if n == 3 else "7H@1+JD@2+X1@0>3"
    seat = 0 if n == 3 else 3
    points: list[list[str]] = [[] for _ in range(n)]
    points[seat] = [entry]
    g = make(rules, hands=["5C", "5D", "5H", "5S"][:n], points=points)
    assert rows(g, "points") == points
    round_trips(g)


def test_a_seat_that_is_out():
    g = make("classic+cutthroat", hands=["5C", "", "5H"], points=["7H@1+JD@0"], out=[1])
    assert g.out == [1] and g.to_position()["out"] == [1] and g.to_move == 0
    round_trips(g)
    g.play("draw")
    assert g.to_move == 2


@pytest.mark.parametrize("rules", ["classic+teams", "cuttlecards+teams"])
def test_respond_royal_position_has_the_royal_on_the_stack(rules):
    stack = [{"player": 0, "move": "jack JD 7H >2"}]
    g = make(rules, hands=["5C", "9S 3D", "5H", "3S"], points=["", "7H"], phase="respond_royal",
             to_move=1, stack=stack)
    assert g.phase == "respond_royal" and g.to_move == 1
    assert g.to_position()["stack"] == stack
    assert moves(g) == {"oneoff 9S JD", "resolve"}
    round_trips(g)


# ---------------------------------------------------------------- what is refused
@pytest.mark.parametrize(("rules", "n"), [
    ("classic+cutthroat", 2), ("classic+cutthroat", 4), ("cuttlecards+teams", 3),
    ("classic+teams", 2), ("classic", 3), ("cuttlecards", 4),
])  # fmt: skip
@pytest.mark.parametrize("key", ["hands", "points", "permanents"])
def test_list_lengths_not_matching_the_mode_are_refused(rules, n, key):
    pos = position(rules, hands=["5C", "5D", "5H", "5S"][: seats_of(rules)])
    pos[key] = (pos[key] + [[], []])[:n]
    refused(pos, key)


@pytest.mark.parametrize("preset", ["classic", "cuttlecards"])
def test_jokers_in_a_two_player_game_without_the_variant_are_refused(preset):
    from helpers import position as position2

    pos = position2(hands=("5C X1", "5D"), rules=f"{preset}+joker")
    pos["rules"] = preset
    pos["deck"] = [c for c in pos["deck"] if c != "X2"]
    refused(pos)


@pytest.mark.parametrize("rules", MODES)
def test_a_mode_position_without_its_jokers_is_refused(rules):
    pos = position(rules, hands=["5C", "5D", "5H", "5S"][: seats_of(rules)])
    pos["deck"] = [c for c in pos["deck"] if c != "X2"]
    refused(pos, "X2")


@pytest.mark.parametrize(("rules", "seat", "entry"), [
    # listed under a seat that does not control it
    ("classic+cutthroat", 1, "TS@1+JD@0"),
    ("classic+teams", 0, "TS@1+JD@3>2"),
    # a seat that does not exist
    ("classic+cutthroat", 0, "TS@1+JD@3"),
    ("classic+teams", 0, "TS@1+JD@4>0"),
    ("classic+teams", 5, "TS@1+JD@0>5"),
    # a cutthroat jack takes for its player, from another player
    ("classic+cutthroat", 2, "TS@1+JD@0>2"),
    ("classic+cutthroat", 0, "TS@0+JD@0"),
    ("cuttlecards+cutthroat", 2, "TS@0+JD@0>2"),  # no seven's jack on one's own there
    # a teams jack gives the card to someone other than its controller
    ("classic+teams", 1, "TS@1+JD@0>1"),
    # every card of a stack carries its seat
    ("classic+cutthroat", 0, "TS+JD@0"),
    ("classic+cutthroat", 0, "TS@1+JD"),
    ("classic+teams", 0, "TS+JD"),
    # jokers take royals or a jack's place; jacks go only on point cards
    ("classic+cutthroat", 0, "9C@2+X1@0"),
])  # fmt: skip
def test_impossible_stack_seats_are_refused_with_a_reason(rules, seat, entry):
    n = seats_of(rules)
    pos = position(rules, hands=["5C", "5D", "5H", "5S"][:n])
    pos["points"] = [[] for _ in range(n)]
    pos["points"][seat if seat < n else 0] = [entry]
    refused(pos)


@pytest.mark.parametrize(("rules", "seat", "entry"), [
    ("classic+cutthroat", 0, "KD@1+JD@0"),  # a jack on a king
    ("classic+cutthroat", 0, "8C@1+X1@0"),  # a joker on glasses
    ("classic+teams", 0, "KD@1+X1@0>1"),  # given back to its controller
    ("classic+cutthroat", 0, "KD@1+X1@0>2"),  # a cutthroat joker takes for its player
])  # fmt: skip
def test_impossible_royal_stacks_are_refused(rules, seat, entry):
    n = seats_of(rules)
    pos = position(rules, hands=["5C", "5D", "5H", "5S"][:n])
    pos["permanents"] = [[] for _ in range(n)]
    pos["permanents"][seat] = [entry]
    refused(pos)


def test_a_two_player_position_with_seat_marks_is_refused():
    from helpers import position as position2

    pos = position2(hands=("5C", "5D"))
    pos["points"] = [["TS@1+JD@0"], []]
    pos["deck"] = [c for c in pos["deck"] if c not in ("TS", "JD")]
    refused(pos)


def test_an_out_seat_holding_cards_is_refused():
    refused(position("classic+cutthroat", hands=["5C", "5D", "5H"], out=[1]), "out")
    refused(position("classic+cutthroat", hands=["5C", "", "5H"], points=["", "7H"], out=[1]),
            "out")


def test_the_turn_of_an_out_seat_is_refused():
    refused(position("classic+cutthroat", hands=["5C", "", "5H"], out=[1], turn=1))


def test_out_seats_that_do_not_exist_or_in_teams_are_refused():
    refused(position("classic+cutthroat", hands=["5C", "5D", "5H"], out=[3]))
    refused(position("classic+teams", hands=["5C", "", "5H", "5S"], out=[1]))


@pytest.mark.parametrize("rules", MODES)
def test_seats_out_of_range_are_refused(rules):
    n = seats_of(rules)
    refused(position(rules, hands=["5C", "5D", "5H", "5S"][:n], turn=n))
    refused(position(rules, hands=["5C", "5D", "5H", "5S"][:n], to_move=n))


def test_respond_royal_outside_teams_is_refused():
    stack = [{"player": 0, "move": "perm KS"}]
    refused(position("classic+cutthroat", hands=["5C", "9S", "5H"], phase="respond_royal",
                     to_move=1, stack=stack))


def test_respond_royal_waiting_on_the_partner_is_refused():
    stack = [{"player": 0, "move": "perm KS"}]
    refused(position("classic+teams", hands=["5C", "9S", "9H", "3S"], phase="respond_royal",
                     to_move=2, stack=stack))


def test_a_four_naming_no_opponent_on_the_stack_is_refused():
    stack = [{"player": 0, "move": "oneoff 4S @2"}]
    refused(position("classic+teams", hands=["5C", "2D 9S", "9H", "3S"], phase="counter",
                     to_move=1, stack=stack))
