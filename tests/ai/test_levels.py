"""Each AI level on its own: legal, reproducible with a seed, and the strong ones take a win.

Also the option checker every level with options shares (``cuttle.ai.options``).
"""

from __future__ import annotations

import pytest
from helpers import make

from cuttle import Game
from cuttle.ai import LEVELS, make_player
from cuttle.ai.heuristic import EasyPlayer, HeuristicPlayer
from cuttle.ai.ismcts import SearchPlayer
from cuttle.ai.options import ITERATIONS, THINK, Spec, check_options, check_value
from cuttle.ai.simple import RandomPlayer

PLAYERS = {
    "random": lambda seed: RandomPlayer(seed),
    "easy": lambda seed: EasyPlayer(seed),
    "medium": lambda seed: HeuristicPlayer(seed),
    "ismcts": lambda seed: SearchPlayer(seed=seed, iterations=30),
}


def a_game(player_of: str, seed: int, plies: int = 40) -> list[str]:
    """The moves of a game in which both seats are the same level with the same seed."""
    g = Game.new(seed=11)
    bots = (PLAYERS[player_of](seed), PLAYERS[player_of](seed + 1))
    played = []
    for _ in range(plies):
        if g.outcome is not None:
            break
        bot = bots[g.to_move if g.to_move is not None else 0]
        move = bot.choose(g)
        assert move in g.legal_moves()
        g.play(move)
        played.append(str(move))
    return played


@pytest.mark.parametrize("level", sorted(PLAYERS))
def test_every_level_plays_legal_moves_and_the_same_seed_plays_the_same_game(level: str) -> None:
    first = a_game(level, 5, 16 if level == "ismcts" else 40)
    assert first == a_game(level, 5, 16 if level == "ismcts" else 40)


def test_the_levels_are_the_ones_make_player_builds() -> None:
    small = {"hard": {"iterations": 5}}
    built = {level: type(make_player(level, seed=1, **small.get(level, {}))) for level in LEVELS}
    assert built["random"] is RandomPlayer and built["easy"] is EasyPlayer
    assert built["medium"] is HeuristicPlayer
    assert type(make_player("hard", seed=1, method="ismcts", iterations=5)) is SearchPlayer
    assert [PLAYERS[name](1).level for name in ("random", "easy", "medium", "ismcts")] == [
        "random", "easy", "medium", "hard"]


@pytest.mark.parametrize("level", ["medium", "ismcts"])
def test_a_strong_level_takes_a_winning_move(level: str) -> None:
    # 11 points on the table and a ten in hand: points TH wins, no other move does
    g = make(hands=("TH AC 4D", "4C 5D 6H"), points=("8S 3C", ""))
    move = PLAYERS[level](3).choose(g)
    assert str(move) == "points TH"


def test_a_level_explains_its_move_in_words() -> None:
    g = Game.new(seed=2)
    move, why = HeuristicPlayer(1).explain(g)
    assert move in g.legal_moves() and isinstance(why, str) and why


def test_options_are_checked_with_a_message_that_names_them() -> None:
    assert check_value("iterations", ITERATIONS, "300") == 300
    assert check_value("think", THINK, None) is None
    assert check_value("think", THINK, 0.5) == 0.5
    for bad in (0, 1.5, "many", True, float("nan"), 10**7):
        with pytest.raises(ValueError, match="iterations must be a whole number at least 1"):
            check_value("iterations", ITERATIONS, bad)
    with pytest.raises(ValueError, match="more than 0 and at most 600 seconds"):
        check_value("think", THINK, 0)
    pick = Spec("choice", choices=("greedy", "minimax"))
    assert check_value("opponent", pick, " Minimax ") == "minimax"
    with pytest.raises(ValueError, match="one of 'greedy', 'minimax'"):
        check_value("opponent", pick, "best")


def test_options_merge_over_the_defaults_and_unknown_ones_are_refused() -> None:
    specs = {"iterations": (ITERATIONS, 400), "think": (THINK, None)}
    assert check_options(specs, {}) == {"iterations": 400, "think": None}
    assert check_options(specs, {"think": "2"}) == {"iterations": 400, "think": 2.0}
    with pytest.raises(ValueError, match=r"unknown option for AI level 'hard': depht"):
        check_options(specs, {"depht": 3})


def test_every_level_can_be_chosen_in_the_settings_and_has_a_rating() -> None:
    from dataclasses import fields

    from cuttle.files.settings import Settings
    from cuttle.files.stats import LEVEL_RATINGS

    ai = next(f for f in fields(Settings) if f.name == "ai")
    assert tuple(ai.metadata["choices"]) == LEVELS
    assert tuple(LEVEL_RATINGS) == LEVELS
