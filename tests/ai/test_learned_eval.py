"""The learned evaluation of the hard search: features, weights, and the tuning script."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest
from helpers import make

from cuttle import Game
from cuttle.ai import make_player
from cuttle.ai.learned import NAMES, evaluate_learned, features, weights_for, weights_key
from cuttle.ai.learned_weights import WEIGHTS

RULES = ("classic", "cuttlecards", "classic+joker+nine-freeze", "cuttlecards+joker")


def playout_positions(rules: str, games: int) -> list[Game]:
    rng = random.Random(3)
    out = []
    for s in range(games):
        g = Game.new(seed=s, rules=rules)
        while g.outcome is None:
            out.append(g.copy())
            g.play(rng.choice(g.legal_moves()))
    return out


def test_every_preset_has_one_weight_per_feature() -> None:
    assert {"classic", "cuttlecards"} <= set(WEIGHTS)
    assert all(len(row) == len(NAMES) for row in WEIGHTS.values())
    assert len(set(NAMES)) == len(NAMES)


@pytest.mark.parametrize("rules", RULES)
def test_the_fast_sum_is_the_dot_product_of_weights_and_features(rules: str) -> None:
    for g in playout_positions(rules, 12):
        w = weights_for(g.rules)
        for me in (0, 1):
            f = features(g, me)
            assert len(f) == len(NAMES)
            expected = sum(a * b for a, b in zip(w, f, strict=True))
            assert evaluate_learned(g, me) == pytest.approx(expected, abs=1e-9)


@pytest.mark.parametrize("rules", RULES[:2])
def test_the_two_seats_see_opposite_chances(rules: str) -> None:
    # The model is fitted on every table from both sides, so it must be (nearly) antisymmetric;
    # a feature read from the wrong seat breaks this.
    for g in playout_positions(rules, 8):
        assert evaluate_learned(g, 0) == pytest.approx(-evaluate_learned(g, 1), abs=0.05)


def test_finished_games_score_as_certain() -> None:
    g = make(hands=("9C", ""), points=("TH TS", ""))
    g.play("points 9C")
    assert g.outcome == "p0"
    assert evaluate_learned(g, 0) == 30.0 and evaluate_learned(g, 1) == -30.0


def test_a_winning_card_in_hand_with_the_move_is_close_to_a_win() -> None:
    near = make(hands=("9C 3D", "4H 5H"), points=("TH TS", "2C"))
    far = make(hands=("AC 3D", "4H 5H"), points=("2H", "TS TH"))
    assert evaluate_learned(near, 0) > 1.5  # better than 4 in 5
    assert evaluate_learned(far, 0) < 0
    assert evaluate_learned(near, 0) > evaluate_learned(far, 0) + 2


def test_the_opponent_holding_a_win_on_their_move_is_bad() -> None:
    threat = make(hands=("3D 4D", "9C 5H"), points=("2C", "TH 9S"), turn=1)
    quiet = make(hands=("3D 4D", "AC QH"), points=("2C", "TH 9S"), turn=1)
    assert evaluate_learned(threat, 0) < evaluate_learned(quiet, 0) - 1


def test_hard_takes_the_evaluation_as_an_option() -> None:
    g = Game.new(seed=4)
    for name in ("learned", "heuristic"):
        bot = make_player("hard", seed=1, iterations=30, eval=name)
        assert bot.choose(g) in g.legal_moves()
    with pytest.raises(ValueError, match="eval must be one of"):
        make_player("hard", eval="oracle")
    with pytest.raises(ValueError, match="scale must be a number more than 0"):
        make_player("hard", scale=0)


def test_the_tuning_script_fits_a_model_better_than_a_coin(
        capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("numpy")  # a development tool: `pip install -e '.[dev]'` brings numpy
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    try:
        import tune_eval
    finally:
        sys.path.pop(0)
    assert tune_eval.main(["--games", "30", "--rules", "classic", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    found = re.search(r"held-out log-loss ([0-9.]+) \(a coin: ([0-9.]+)\)", out)
    assert found, out
    loss, coin = float(found.group(1)), float(found.group(2))
    assert loss < coin
    assert "win_me_next" in out


def test_weights_are_chosen_by_preset_and_jokers() -> None:
    from cuttle.rules import Rules

    assert weights_key(Rules.parse("classic+nine-freeze")) == "classic"
    assert weights_key(Rules.parse("cuttlecards+joker+nine-to-deck")) == "cuttlecards+joker"
    assert weights_for(Rules.parse("classic+eight-oneoff")) is WEIGHTS["classic"]
    assert weights_for(Rules.parse("classic+joker")) is WEIGHTS["classic+joker"]
    assert WEIGHTS["classic+joker"] is not WEIGHTS["classic"]
