"""easy and medium at three and four seats (issue 35): fair play in every mode, the time of an
answer window, and the decisions the modes add (whom a 4 names, whom a jack gives its card to,
when to counter as one of several opponents, when to answer a royal with a 9, the hand limit)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from seats import CUTTHROAT, MODES, TEAMS, make
from test_players import random_positions  # every phase shows up, at any table

from cuttle import Game
from cuttle.ai import levels_for, make_player
from cuttle.ai.base import Player
from cuttle.ai.heuristic import ANSWER_WORK, HeuristicPlayer

FAST_HARD = {"iterations": 30}


def player(level: str, seed: int = 5) -> Player:
    return make_player(level, seed=seed, **(FAST_HARD if level == "hard" else {}))


def redeal_hidden(g: Game, seat: int, rng: random.Random) -> Game:
    """The same game with every card ``seat`` cannot see -- the hidden cards of every other hand,
    a partner's included, and the deck's -- shuffled together and dealt back to those places."""
    pos: dict[str, Any] = g.to_position()
    view = g.view(seat)
    places: list[tuple[int, int]] = []  # (seat, index in hand); seat -1: the deck
    pool: list[str] = []
    for q in range(g.players):
        if q == seat:
            continue
        shown = [c for c in view["hands"][q] if c != "??"]
        hidden = [c for c in pos["hands"][q] if c not in shown]
        pos["hands"][q] = shown + hidden
        for i in range(len(shown), len(shown) + len(hidden)):
            places.append((q, i))
        pool += hidden
    for i, c in enumerate(view["deck"]):
        if c == "??":
            places.append((-1, i))
            pool.append(pos["deck"][i])
    rng.shuffle(pool)
    for (q, i), card in zip(places, pool, strict=True):
        if q < 0:
            pos["deck"][i] = card
        else:
            pos["hands"][q][i] = card
    other = Game.from_position(pos)
    assert other.view(seat) == view
    other.history = list(g.history)  # the moves played are public: every seat saw them
    return other


# -- fair play ---------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", MODES)
@pytest.mark.parametrize("level", levels_for(4))
def test_fair_play_in_every_mode_same_move_when_hidden_cards_are_redealt(
    level: str, rules: str
) -> None:
    rng = random.Random(11)
    redealt_a_partner = False
    for g in random_positions(rules, 6 if level == "hard" else 30, seed=7):
        seat = g.to_move
        assert seat is not None
        first = player(level).choose(g)
        for _ in range(2):
            other = redeal_hidden(g, seat, rng)
            assert player(level).choose(other) is first, (level, g.to_position())
            if g.players == 4:
                partner = seat ^ 2
                redealt_a_partner |= other.hands[partner] != g.hands[partner]
    assert redealt_a_partner or "cutthroat" in rules  # a partner's hand is re-dealt too


def test_a_partners_hand_is_hidden_and_redealt_by_the_helper() -> None:
    g = Game.new(seed=3, rules="classic+teams")
    assert set(g.view(0)["hands"][2]) == {"??"}
    other = redeal_hidden(g, 0, random.Random(1))
    assert other.hands[2] != g.hands[2] and other.view(0) == g.view(0)


# -- the time of a window the seat cannot answer -------------------------------------------------
class Counting(HeuristicPlayer):
    """medium, counting the tables it plays out (its work)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.work = 0

    def play_out(self, sim: Game, m: Any, me: int, depth: int) -> Any:
        self.work += 1
        return super().play_out(sim, m, me, depth)


def counter_window(rules: str, answer: str) -> Game:
    """Seat 0's ace is on the stack; seat 1 is asked, holding ``answer`` and two other cards."""
    g = make(rules, hands=["AS 5C", f"7H 8H {answer}", "3D 4D"],
             points=[["9D"], ["TH"], ["6S"]])
    g.play("oneoff AS")
    assert g.phase == "counter" and g.to_move == 1
    return g


def royal_window(rules: str, answer: str) -> Game:
    """Teams: seat 0 plays a king; seat 1 is asked whether to answer it with a 9."""
    g = make(rules, hands=["KS 5C", f"7H 8H {answer}", "3D", "4D"],
             points=[["9D"], ["TH"], [], ["6S"]])
    g.play("perm KS")
    assert g.phase == "respond_royal" and g.to_move == 1
    return g


@pytest.mark.parametrize("window,rules,card,answer", [
    (counter_window, "classic+cutthroat", "2C", "counter"),
    (counter_window, "cuttlecards+teams", "2C", "counter"),
    (royal_window, "classic+teams", "9C", "oneoff"),
])
def test_an_answer_window_takes_the_same_work_with_or_without_an_answer(
    window: Any, rules: str, card: str, answer: str
) -> None:
    work = {}
    for held in ("3C", card):
        g = window(rules, held)
        moves = g.legal_moves()
        assert len(moves) == (1 if held == "3C" else 2)
        assert any(m.kind == answer for m in moves) == (held == card)
        bot = Counting(5)
        move, note = bot.pick(g)
        assert move in moves
        if held == "3C":
            assert note == "the only legal move"
        work[held] = bot.work
    assert work["3C"] == work[card] == ANSWER_WORK


def test_a_forced_move_whose_forcing_is_public_is_played_at_once() -> None:
    g = make("classic+cutthroat", hands=["", "7H", "8H"], points=[["9D"], ["TH"], []],
             deck=[], scrap=["..."])
    assert [str(m) for m in g.legal_moves()] == ["pass"]
    bot = Counting(5)
    assert bot.pick(g) == (g.legal_moves()[0], "the only legal move")
    assert bot.work == 0


# -- the decisions the modes add -----------------------------------------------------------------
def choose_among(level: str, g: Game, moves: list[Any]) -> tuple[Any, str]:
    """The level's pick among some of the legal moves (the question a test asks), from the
    seat's view as ``Player.pick`` hands it over."""
    bot = make_player(level, seed=1)
    seat = g.to_move
    assert seat is not None and all(m in g.legal_moves() for m in moves)
    view = g.view(seat)
    return bot.decide(view, seat, moves, bot.rng_for(view))


@pytest.mark.parametrize("rules", CUTTHROAT)
def test_a_four_names_the_opponent_nearest_its_goal(rules: str) -> None:
    # Seat 1 needs 11, seat 2 needs 2: the 4 goes to seat 2 whichever way the seats are turned.
    for near, far in ((2, 1), (1, 2)):
        points: list[Any] = [["3C"], [], []]
        points[near] = ["9H", "3H"]
        points[far] = ["3S"]
        g = make(rules, hands=["4S 5D 6H", "7C 8C 9C TC AC", "7D 8D 9S TD AD"], points=points,
                 permanents=[["QC"]])
        fours = [m for m in g.legal_moves() if m.kind == "oneoff" and m.seat is not None]
        assert sorted(m.seat for m in fours if m.seat is not None) == [1, 2]
        for level in ("easy", "medium"):
            move, _ = choose_among(level, g, fours)
            assert str(move) == f"oneoff 4S @{near}", (level, str(move))


@pytest.mark.parametrize("rules", TEAMS)
def test_a_jack_gives_points_to_the_partner_when_that_wins(rules: str) -> None:
    # Seat 2 (the partner) has 15 of 21: seat 0's 7 on its own field, jacked to seat 2, wins.
    g = make(rules, hands=["JD 2H 3H", "4C 5C", "6C", "4D 5D"],
             points=[["7S"], ["AC"], ["TS", "5S"], ["2C"]])
    move = make_player("medium", seed=1).choose(g)
    assert str(move) in {"jack JD 7S >2", "jack JD AC >2", "jack JD 2C >2"}, str(move)
    g.play(move)
    while g.phase in ("counter", "respond_royal"):
        g.play("resolve")
    assert g.outcome == "team0"


@pytest.mark.parametrize("rules", TEAMS)
def test_a_nine_answers_an_opponents_winning_king(rules: str) -> None:
    # Seat 1 holds 14 points: a first king (goal 14) would win; seat 2 holds a 9.
    g = make(rules, hands=["3C", "KS 4C", "9H 5D", "6D"],
             points=[["7C"], ["TS", "4S"], [], []], turn=1)
    g.play("perm KS")
    assert g.phase == "respond_royal"
    while g.to_move != 2:
        g.play("resolve")
    assert str(make_player("medium", seed=1).choose(g)) == "oneoff 9H KS"


def test_medium_lets_a_one_off_resolve_that_hurts_only_another_opponent() -> None:
    # Seat 0 makes seat 1 discard two; seat 2, asked, keeps its 2.
    g = make("classic+cutthroat", hands=["4S 9D", "7C 8C", "2C 5H 6H"],
             points=[["3C"], ["5S"], ["6S"]])
    g.play("oneoff 4S @1")
    while g.to_move != 2:
        g.play("resolve")
    assert g.phase == "counter"
    assert str(make_player("medium", seed=1).choose(g)) == "resolve"


def test_medium_counters_an_ace_that_scraps_its_lead() -> None:
    g = make("classic+cutthroat", hands=["AS 3D", "7C 8C", "2C 5H 6H"],
             points=[["3C"], ["5S"], ["TS", "2S"]])
    g.play("oneoff AS")
    while g.to_move != 2:
        g.play("resolve")
    assert str(make_player("medium", seed=1).choose(g)) == "counter 2C"


def test_medium_does_not_open_a_win_for_the_other_opponent() -> None:
    # Seat 1's queen guards its 10 from seat 2's jack (seat 0 sees it through glasses): seat 0's 2
    # on the queen would let seat 2 jack the 10 and win.
    g = make("classic+cutthroat", hands=["2D 3C", "4C 5C", "JH 6D"],
             points=[["3H"], ["TS"], ["5S"]], permanents=[["8C"], ["QS"], []])
    assert "JH" in g.view(0)["hands"][2]
    assert str(make_player("medium", seed=1).choose(g)) != "oneoff 2D QS"


@pytest.mark.parametrize("rules", MODES)
def test_the_hand_limit_discards_the_least_useful_card(rules: str) -> None:
    n = 3 if "cutthroat" in rules else 4
    hands = ["AC 2C 3C 9C TC JC QC", "8D", "9D", "TD"][:n]
    g = make(rules, hands=hands, points=[["5H"], ["6H"], ["7H"], ["4H"]][:n], deck="3S ...")
    g.play("draw")
    assert g.phase == "hand_limit" and g.to_move == 0
    for level in ("easy", "medium"):
        move = make_player(level, seed=1).choose(g)
        assert move.kind == "discard" and move in g.legal_moves()
        assert str(move) in ("discard AC", "discard 3C", "discard 3S"), (level, str(move))
