"""The observation vector: its layout, and that it shows a seat nothing that seat cannot see."""

from __future__ import annotations

import random

import numpy as np
import pytest
from envkit import MODE_RULESETS, RULESETS, random_positions

from cuttle import Game
from cuttle.cards import card_text, parse_card
from cuttle.env.observation import CARDS, PHASES, encode_view, layout, observe, size


def block(name: str, vec: np.ndarray, seats: int = 2) -> np.ndarray:
    for n, start, length in layout(seats):
        if n == name:
            return vec[start:start + length]
    raise KeyError(name)


def test_layout_is_contiguous_and_its_size_is_pinned() -> None:
    at = 0
    for _, start, length in layout(2):
        assert start == at
        at += length
    assert size(2) == at == 848
    assert size(3) > size(2) and size(4) > size(3)
    # Three and four seats only add blocks: the names of two seats keep their order.
    two = [n for n, _, _ in layout(2)]
    four = [n for n, _, _ in layout(4)]
    assert [n for n in four if n in two] == two


def test_the_start_of_a_game() -> None:
    g = Game.new(seed=7)
    vec = observe(g, 0)
    hand = block("cards.hand_0", vec)
    assert {i for i in range(CARDS) if hand[i]} == set(g.hands[0])
    assert block("cards.hand_1", vec).sum() == 0  # the opponent's hand is hidden
    unseen = block("cards.unseen", vec)
    assert unseen.sum() == 52 - len(g.hands[0])
    assert block("table.phase", vec)[PHASES.index("main")] == 1
    assert list(block("table.to_move", vec)) == [1, 0]
    assert list(block("table.to_move", observe(g, 1))) == [0, 1]  # relative seats
    assert block("seats.0.hand", vec)[0] == pytest.approx(5 / 54)
    assert block("seats.1.hand", vec)[0] == pytest.approx(6 / 54)


USED = {"3C", "2D", "4H", "TS", "JD", "7H", "KS", "QH", "2C"}


def test_point_cards_jacks_and_the_stack_are_placed() -> None:
    g = Game.from_position({
        "turn_player": 0, "phase": "counter", "to_move": 1,
        "hands": [["3C"], ["2D", "4H"]],
        "points": [["TS+JD"], ["7H"]],
        "permanents": [["KS"], ["QH"]],
        "deck": [card_text(c) for c in range(52) if card_text(c) not in USED],
        "scrap": [],
        "stack": [{"player": 0, "move": "oneoff 2C QH"}],
    })
    vec = observe(g, 1)  # seat 1: relative seat 0 is seat 1 itself
    assert block("cards.points_1", vec)[parse_card("TS")] == 1
    assert block("cards.jacks_1", vec)[parse_card("JD")] == 1
    assert block("cards.points_0", vec)[parse_card("7H")] == 1
    assert block("cards.permanents_0", vec)[parse_card("QH")] == 1
    assert block("cards.stack", vec)[parse_card("2C")] == 1
    assert block("cards.stack_target", vec)[parse_card("QH")] == 1
    assert list(block("table.stack_player", vec)) == [0, 1]
    assert block("seats.1.kings", vec)[0] == pytest.approx(1 / 4)


@pytest.mark.parametrize("rules", RULESETS)
def test_redealing_what_a_seat_cannot_see_changes_nothing_it_observes(rules: str) -> None:
    rng = random.Random(rules)
    checked = moved_seen = 0
    for seed in range(4):
        for g in random_positions(rules, seed):
            if g.outcome is not None:
                break
            for seat in range(g.players):
                other = g.redeal(seat, rng)
                mine = observe(g, seat)
                assert np.array_equal(mine, observe(other, seat))
                checked += 1
                # The redeal did move hidden cards: the seat holding them sees the change.
                for q in range(g.players):
                    if q != seat and sorted(other.hands[q]) != sorted(g.hands[q]):
                        assert not np.array_equal(observe(g, q), observe(other, q))
                        moved_seen += 1
    assert checked > 50 and moved_seen > 20


def test_encode_view_is_observe() -> None:
    g = Game.new(seed=3, rules="cuttlecards")
    assert np.array_equal(encode_view(g.view(1), 1, 2, g), observe(g, 1))


@pytest.mark.parametrize("rules", ["classic", "cuttlecards", *MODE_RULESETS])
def test_scores_goals_and_kings_read_from_the_view_are_the_engines(rules: str) -> None:
    for seed in range(6):
        for g in random_positions(rules, seed):
            n = g.players
            for seat in range(n):
                vec = observe(g, seat)
                for p in range(n):
                    r = (p - seat) % n
                    assert block(f"seats.{r}.score", vec, n)[0] == pytest.approx(g.score(p) / 220)
                    assert block(f"seats.{r}.goal", vec, n)[0] == pytest.approx(g.goal(p) / 21)
                    assert block(f"seats.{r}.kings", vec, n)[0] == pytest.approx(g.kings(p) / 4)


@pytest.mark.parametrize(("rules", "seats", "length"), [
    ("classic+cutthroat", 3, 1075), ("cuttlecards+teams", 4, 1302),
])
def test_three_and_four_seats_observe_every_seat_relative_to_the_observer(
        rules: str, seats: int, length: int) -> None:
    g = Game.new(seed=4, rules=rules)
    assert g.players == seats and size(seats) == length
    for seat in range(seats):
        vec = observe(g, seat)
        assert vec.shape == (length,)
        own = block("cards.hand_0", vec, seats)
        assert {i for i in range(CARDS) if own[i]} == set(g.hands[seat])
        for r in range(1, seats):
            assert block(f"cards.hand_{r}", vec, seats).sum() == 0  # five hidden cards
            assert block(f"seats.{r}.hand", vec, seats)[0] == pytest.approx(5 / 54)
        # Seat 0 moves first: r places after the observer is seat 0 when r = -seat mod n.
        assert list(block("table.to_move", vec, seats)) == [
            1 if r == (-seat) % seats else 0 for r in range(seats)]
        unseen = block("cards.unseen", vec, seats)
        assert unseen.sum() == 54 - 5  # two royal jokers in the deck: 54 cards
