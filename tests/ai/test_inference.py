"""``hard``'s ``model`` inference: the opponent's last move taken back, and the cards with which a
sensible player would have done better kept out of its hand in the search's deals."""

from __future__ import annotations

import random

from helpers import make

from cuttle import Game, Move
from cuttle.ai import make_player
from cuttle.ai.inference import before_last_move, choice_exclusions, no_excluded
from cuttle.cards import card_text, parse_card
from cuttle.engine.search import search_copy


def _played(g: Game, *texts: str) -> Game:
    for t in texts:
        g.play(t)
    return g


def test_a_points_card_goes_back_to_the_hand_it_came_from() -> None:
    g = _played(make(hands=("AC 4C", "2D 3D 9D"), points=("5C", "6C"), turn=1), "points 9D")
    b = before_last_move(search_copy(g), 0, list(g.history))
    assert b is not None
    assert b.to_move == b.turn_player == 1 and b.phase == "main"
    assert parse_card("9D") in b.hands[1] and parse_card("9D") not in b.points[1]
    assert sorted(b.hands[0]) == sorted(g.hands[0]) and b.deck == g.deck
    assert g.points[1] == [parse_card("6C"), parse_card("9D")]  # the game itself is untouched


def test_a_scuttle_and_a_jack_are_taken_back() -> None:
    g = _played(make(hands=("AC 4C", "TD 3D"), points=("9S", "6C"), turn=1), "scuttle TD 9S")
    b = before_last_move(search_copy(g), 0, list(g.history))
    assert b is not None and b.points[0] == [parse_card("9S")] and b.scrap == []
    assert parse_card("TD") in b.hands[1]
    g = _played(make(hands=("AC 4C", "JD 3D"), points=("9S", "6C"), turn=1), "jack JD 9S")
    b = before_last_move(search_copy(g), 0, list(g.history))
    assert b is not None and b.points == [[parse_card("9S")], [parse_card("6C")]]
    assert parse_card("JD") in b.hands[1] and not b.jacks


def test_nothing_is_taken_back_but_the_opponents_plain_last_move() -> None:
    g = make(hands=("AC 4C", "AD 3D 9D"), points=("5C", "6C"), turn=1)
    assert before_last_move(search_copy(g), 0, []) is None  # no history
    _played(g, "oneoff AD", "resolve")  # a one-off: its effects are not undone
    assert g.to_move == 0 and before_last_move(search_copy(g), 0, list(g.history)) is None
    g2 = _played(make(hands=("AC 4C", "2D 9D"), turn=1), "draw", "draw")
    assert before_last_move(search_copy(g2), 1, list(g2.history)) is not None
    assert before_last_move(search_copy(g2), 0, list(g2.history)) is None  # seat 1 to move
    # The card a 7 revealed is not a free choice of the turn.
    g3 = _played(make(hands=("AC 4C", "7D 9D"), deck="5S 8S", turn=1), "oneoff 7D", "resolve")
    choice = next(m for m in g3.legal_moves() if m.kind == "points")
    g3.play(choice)
    assert before_last_move(search_copy(g3), 0, list(g3.history)) is None


def test_a_player_who_scored_a_small_card_held_no_winner() -> None:
    # Seat 1 had 15 points and played an ace for points: any 6 to 10 in its hand would have won
    # at once (medium's first choice), so none of them was there.
    g = _played(make(hands=("AC 4C", "AD 3D 4D"), points=("", "9C 6C"), turn=1), "points AD")
    b = before_last_move(search_copy(g), 0, list(g.history))
    assert b is not None
    out = choice_exclusions(b, 0, Move.parse("points AD"), random.Random(1))
    names = {card_text(c) for c in out}
    for rank in "6789T":
        for suit in "CDHS":
            card = rank + suit
            if card not in ("6C", "9C"):
                assert card in names, (card, sorted(names))
    assert "AH" not in names  # another ace would have done no better


def test_excluded_cards_leave_the_old_places_of_the_hand_only() -> None:
    g = make(hands=("AC 4C", "2D 3D 4D 5D 6D 7D"), points=("", "9C 6C"), turn=0)
    view = g.view(0)
    rng = random.Random(3)
    excluded = {c for c in range(52) if 5 <= c >> 2 <= 9}
    for _ in range(40):
        det = Game.from_view(view, rng)
        cards = sorted(det.hands[1] + det.deck)
        no_excluded(det, 1, excluded, 1, rng)
        assert not [c for c in det.hands[1][:-1] if c in excluded]
        assert sorted(det.hands[1] + det.deck) == cards
        assert det.view(0) == view


def test_the_exclusions_are_rarely_wrong_against_medium() -> None:
    # Medium against medium: the cards the inference keeps out of the opponent's hand are
    # rarely there (it is a model of a sensible player, not a certainty), far more rarely than
    # the other unseen cards.
    med = make_player("medium", seed=1)
    ex_in = ex_all = other_in = other_all = 0
    for seed in range(4):
        g = Game.new(seed=500 + seed)
        while g.outcome is None:
            seat = g.to_move
            assert seat is not None
            if g.phase == "main":
                before = before_last_move(search_copy(Game.from_view(g.view(seat),
                                                                     random.Random(seed))),
                                          seat, list(g.history))
                if before is not None:
                    last = g.history[-1][1]
                    real = g.hands[1 - seat][:-1] if last.kind == "draw" else g.hands[1 - seat]
                    out = choice_exclusions(before, seat, last, random.Random(2))
                    for c in before.hands[1 - seat] + before.deck:
                        if before.known >> c & 1 or c == last.card:
                            continue
                        if c in out:
                            ex_in += c in real
                            ex_all += 1
                        else:
                            other_in += c in real
                            other_all += 1
            g.play(med.choose(g))
    assert ex_all > 50 and other_all > 50
    assert ex_in / ex_all < 0.3 * other_in / other_all
