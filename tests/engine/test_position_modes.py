"""Positions of three and four seats (INTERFACE.md section 5): one list per seat, stacks whose
every card carries the seat that played it (``@``) and the seat it gave control to (``>``),
``out``; what ``from_position`` refuses, with a reason; and the edge cases a format of this kind
can get wrong: a stack three deep, a joker on a jack, control returning to a seat that is out."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cuttle import Game
from cuttle.cards import HIDDEN, card_text, parse_card
from cuttle.engine.posread import game_from_position

MODES = ["classic+cutthroat", "cuttlecards+cutthroat", "classic+teams", "cuttlecards+teams"]


def table(rules: str, hands: list[str], points: list[list[str]], perms: list[list[str]],
          turn: int = 0, **extra: Any) -> dict[str, Any]:
    """A position of ``rules`` with every card not named elsewhere in the deck."""
    named = {parse_card(part.split("@")[0]) for row in points + perms for e in row
             for part in e.split("+")}
    named |= {parse_card(c) for h in hands for c in h.split()}
    named |= {parse_card(c) for c in extra.get("scrap", [])}
    pos: dict[str, Any] = {
        "rules": rules, "turn_player": turn,
        "hands": [h.split() for h in hands], "points": points, "permanents": perms,
        "deck": [card_text(c) for c in range(54 if "+" in rules else 52) if c not in named],
        "scrap": [],
    }
    pos.update(extra)
    return pos


@pytest.mark.parametrize("rules", MODES)
def test_a_mode_deals_five_cards_to_each_seat_from_54(rules: str) -> None:
    g = Game.new(seed=11, rules=rules)
    n = 3 if "cutthroat" in rules else 4
    assert g.players == n and [len(h) for h in g.hands] == [5] * n
    assert len(g.deck) == 54 - 5 * n and str(g.rules) == rules
    pos = g.to_position()
    assert len(pos["hands"]) == len(pos["points"]) == len(pos["permanents"]) == n
    assert pos["out"] == [] and "own_jacks" not in pos
    assert Game.from_position(pos).to_position() == pos
    assert Game.new(seed=11, rules=rules).to_position() == pos  # same seed, same deal


def test_a_stack_three_deep_keeps_who_played_each_card_and_whom_it_gave_to() -> None:
    stack = "TS@1+JD@3>0+JC@2"
    pos = table("classic+teams", ["2C", "", "", ""], [[], [], [stack], []], [[], [], [], []])
    g = Game.from_position(pos)
    assert g.points[2] == [parse_card("TS")] and g.controller(parse_card("TS")) == 2
    assert g.links[parse_card("JD")] == (3, 0) and g.links[parse_card("TS")] == (1, 1)
    assert g.to_position()["points"][2] == [stack]
    g.play("oneoff 2C JC")  # the top jack off: the ten goes back to seat 0, JD's receiver
    while g.phase == "counter":
        g.play("resolve")
    assert g.to_position()["points"][0] == ["TS@1+JD@3>0"] and g.controller(parse_card("TS")) == 0


def test_a_joker_on_a_jack_joins_the_point_cards_stack_and_a_six_sends_it_home() -> None:
    pos = table("classic+cutthroat", ["6C", "", ""], [[], [], ["7H@0+JD@1+X1@2"]],
                [[], [], []])
    g = Game.from_position(pos)
    assert g.jacks[parse_card("7H")] == (parse_card("JD"), parse_card("X1"))
    assert g.score(2) == 7
    g.play("oneoff 6C")
    while g.phase == "counter":
        g.play("resolve")
    assert g.points[0] == [parse_card("7H")] and not g.jacks and not g.links
    assert {"JD", "X1", "6C"} <= set(g.to_position()["scrap"])


def test_a_joker_on_a_king_is_written_in_its_new_controllers_permanents() -> None:
    pos = table("cuttlecards+cutthroat", ["", "", ""], [[], [], []], [["KD@1+X1@0"], [], []])
    g = Game.from_position(pos)
    assert g.kings(0) == 1 and g.kings(1) == 0 and g.goal(0) == 9
    assert g.to_position()["permanents"][0] == ["KD@1+X1@0"]


def test_control_returning_to_a_seat_that_is_out_sends_the_card_to_the_scrap() -> None:
    pos = table("classic+cutthroat", ["", "", "2S"], [["7H@2+JD@1+JC@0"], [], []],
                [[], [], []], turn=2, out=[1])
    g = Game.from_position(pos)
    assert g.out == [1] and g.to_position()["out"] == [1]
    g.play("oneoff 2S JC")  # seat 0 holds no card: no window; JC off gives 7H back to seat 1
    assert g.phase == "main" and g.turn_player == 0
    assert not any(g.points) and {"7H", "JD", "JC", "2S"} <= set(g.to_position()["scrap"])


def test_a_concession_scraps_what_the_seat_holds_and_the_game_goes_on() -> None:
    pos = table("classic+cutthroat", ["5C", "6D", "7S"], [["3C"], ["5H"], []],
                [[], ["KS"], []], turn=0)
    g = Game.from_position(pos)
    g.concede(1)
    assert g.out == [1] and g.outcome is None and g.hands[1] == [] and g.perms[1] == []
    assert {"6D", "5H", "KS"} <= set(g.to_position()["scrap"])
    assert [str(m) for _, m in g.history] == ["concede @1"]
    g.play("draw")
    assert g.turn_player == 2  # seat 1 is skipped
    g.concede(0)
    assert g.outcome == "p2" and g.outcome_reason == "concession"


@pytest.mark.parametrize(("change", "reason"), [
    (lambda p: p["hands"].pop(), "must be a list of 3 lists"),
    (lambda p: p["points"][1].append("9C@1+JS@0>2"), "only a seven's jack"),
    (lambda p: p["points"][1].append("9C@1+X1@2"), "never on the point card itself"),
    (lambda p: p["points"][1].append("9C@1+JS@1"), "takes a card its own player held already"),
    (lambda p: p["points"][1].append("9C@2+JS@0"), "belongs in row 0, not 1"),
    (lambda p: p["points"][1].append("9C@2+JS"), "every card of a stack carries '@'"),
    (lambda p: p["points"][1].append("9C@7+JS@1"), "is not a seat"),
    (lambda p: p["permanents"][1].append("KC@2+JS@1"), "only jokers sit on a king or a queen"),
    (lambda p: p.update(out=[0, 1, 2]), "at least one seat stays"),
    (lambda p: p.update(out=[1]), "seat 1 is out, yet holds cards"),
    (lambda p: p.update(outcome="team0", phase="over"), "outcome must be null, 'p0', 'p1', 'p2'"),
])
def test_an_impossible_table_of_three_is_refused_with_a_reason(change: Any, reason: str) -> None:
    pos = table("classic+cutthroat", ["2C", "3D", "4H"], [[], [], []], [[], [], []])
    pos["deck"] = [c for c in pos["deck"] if c not in ("9C", "JS", "KC", "X1")]
    pos["hands"][1] += [c for c in ("9C", "JS", "KC", "X1")]
    change(pos)
    for row in pos["points"] + pos["permanents"]:
        for entry in row:
            for part in entry.split("+"):
                name = part.split("@")[0]
                if name in pos["hands"][1]:
                    pos["hands"][1].remove(name)
    with pytest.raises(ValueError, match=reason):
        Game.from_position(pos)


def test_teams_refuses_a_jack_giving_to_the_holder_and_seats_out() -> None:
    base = table("classic+teams", ["", "", "", ""], [[], ["9C@1+JS@0>1"], [], []],
                 [[], [], [], []])
    with pytest.raises(ValueError, match="who held it already"):
        game_from_position(Game, base, None)
    ok = table("classic+teams", ["", "", "", ""], [[], [], ["9C@1+JS@0>2"], []], [[], [], [], []])
    assert Game.from_position(ok).controller(parse_card("9C")) == 2
    ok["out"] = [1]
    with pytest.raises(ValueError, match="only a cutthroat game goes on with seats out"):
        Game.from_position(ok)


def test_two_player_positions_keep_their_format_and_refuse_seats_and_jokers() -> None:
    pos = Game.new(seed=5).to_position()
    assert "out" not in pos and pos["own_jacks"] == []
    card = pos["deck"].pop()
    pos["points"][0].append(card + "@0")
    with pytest.raises(ValueError, match="'@' seats belong to games of three or four"):
        Game.from_position(pos)
    jokers = table("classic", ["", ""], [[], []], [[], []])
    jokers["deck"] += ["X1", "X2"]
    with pytest.raises(ValueError, match="have no jokers"):
        Game.from_position(jokers)


@pytest.mark.parametrize("rules", MODES)
def test_views_hide_every_other_hand_and_glasses_show_only_opponents(rules: str) -> None:
    n = 3 if "cutthroat" in rules else 4
    hands = ["AC 2C", "AD 2D", "AH 2H", "AS 2S"][:n]
    pos = table(rules, hands, [[] for _ in range(n)], [["8C"]] + [[] for _ in range(n - 1)])
    g = Game.from_position(pos)
    for viewer in range(n):
        view = g.view(viewer)
        for seat in range(n):
            seen = HIDDEN not in view["hands"][seat]
            opponent = seat in g.opponents(0)
            assert seen == (seat == viewer or (viewer == 0 and opponent)), (viewer, seat)
        again = Game.from_view(view, random.Random(viewer))
        assert again.view(viewer)["hands"] == view["hands"]
    assert g.redeal(1, random.Random(2)).hands[1] == g.hands[1]


@pytest.mark.parametrize("rules", ["classic", "cuttlecards", "classic+teams"])
def test_a_concession_while_a_choice_waits_leaves_a_position_that_loads(rules: str) -> None:
    """A concession ends the game whatever waits (here a 3's choice): what waited is dropped, so
    the finished game's position loads again (it was refused: a 3 left on the stack in phase
    'over'; two players too)."""
    n = 4 if "teams" in rules else 2
    hands = ["3C"] + [""] * (n - 1)
    g = Game.from_position(table(rules, hands, [[] for _ in range(n)], [[] for _ in range(n)],
                                 scrap=["5D"]))
    g.play("oneoff 3C")
    assert g.phase == "resolve_three"
    g.concede(1)
    pos = g.to_position()
    assert pos["stack"] == [] and "3C" in pos["scrap"] and g.outcome in ("p0", "team0")
    assert Game.from_position(pos).to_position() == pos


def test_a_game_won_by_a_concession_on_the_conceders_turn_round_trips() -> None:
    g = Game.new(seed=6, rules="classic+cutthroat")
    g.play("draw")
    assert g.turn_player == 1
    g.concede(2)
    g.concede(1)
    pos = g.to_position()
    assert g.outcome == "p0" and pos["turn_player"] == 0 and pos["out"] == [1, 2]
    assert Game.from_position(pos).to_position() == pos


def test_with_one_opponent_left_moves_still_name_their_seat() -> None:
    """A cutthroat game with a seat out is still a game of three: the 4 names its victim and a
    seven's jack on one's own card the opponent it goes to (the form of a move follows the
    seats of the mode, not how many opponents are left; found by the mode tests)."""
    deck = ["JD"]
    g = Game.from_position(table("classic+cutthroat", ["4S 7C 5S", "5D", ""],
                                 [["4C"], [], []], [[], [], []], out=[2]))
    assert "oneoff 4S @1" in [str(m) for m in g.legal_moves()]
    assert "oneoff 4S" not in [str(m) for m in g.legal_moves()]
    pos = g.to_position()
    pos["deck"].remove("JD")
    pos["deck"] = deck + pos["deck"]
    g = Game.from_position(pos)
    g.play("oneoff 7C")
    while g.phase == "counter":
        g.play("resolve")
    assert [str(m) for m in g.legal_moves()] == ["jack JD 4C >1"]
