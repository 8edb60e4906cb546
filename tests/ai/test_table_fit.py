"""The fitted table leaf (``cuttle.ai.tablefit``, ``hard:leaf=fit`` / ``hard:others=fit``): its
fast scores are the fitted model's, it is deterministic, reads only the simulation's position
(blind: not the other hands), and the options parse, are refused when bad, and keep hard fair."""

from __future__ import annotations

import math
import random

import pytest
from hardfair import same_move_when_redealt
from test_modes_players import random_positions as positions

from cuttle import Game
from cuttle.ai import make_player
from cuttle.ai.pimc import DeterminizedPlayer
from cuttle.ai.tablefit import (
    NAMES,
    SCALE,
    WEIGHTS,
    _scores,
    chances,
    features,
    fit_value_blind,
    fit_values,
    weights_for,
    weights_key,
)
from cuttle.rules import Rules

MODES = ["classic+cutthroat", "cuttlecards+cutthroat", "classic+teams", "cuttlecards+teams"]
FAST = {"iterations": 24}


def test_every_rule_set_has_a_weight_for_every_feature() -> None:
    for rules in MODES:
        key = weights_key(Rules.parse(rules))
        w = weights_for(Rules.parse(rules))
        assert key == rules and len(w) == len(NAMES)
        assert any(x != 0.0 for x in w)  # fitted, not a placeholder
        # a rule set without its own weights takes its mode's classic ones
        assert w is WEIGHTS.get(key, WEIGHTS["classic+" + key.split("+")[1]])
    # the house rules on top use their preset's weights
    assert weights_for(Rules.parse("classic+cutthroat+nine-freeze")) is WEIGHTS[
        "classic+cutthroat"]


@pytest.mark.parametrize("rules", MODES)
def test_the_fast_scores_are_the_fitted_model(rules: str) -> None:
    # _scores (what the search calls) is w . features (what the fit saw), side by side, and the
    # chances are their softmax: partners share one, they add up to 1.
    w = weights_for(Rules.parse(rules))
    for g in positions(rules, 12, seed=3):
        if g.outcome is not None:
            continue
        fs = features(g)
        sc = _scores(g, w, -1)
        assert len(fs) == len(sc) == (2 if g.seats.teams else g.players - len(g.seats.out))
        for f, s in zip(fs, sc, strict=True):
            assert s == pytest.approx(sum(a * b for a, b in zip(f, w, strict=True)), abs=1e-9)
        ch = chances(g)
        if g.seats.teams:
            assert ch[0] == ch[2] and ch[1] == ch[3]
            assert ch[0] + ch[1] == pytest.approx(1.0)
        else:
            assert sum(ch) == pytest.approx(1.0)
        vals = fit_values(g)
        for p in range(g.players):
            assert 1 / (1 + math.exp(-vals[p] / SCALE)) == pytest.approx(ch[p], abs=1e-6)


def test_the_fitted_leaf_is_deterministic_and_scores_a_finished_game_as_won() -> None:
    for rules in MODES:
        for g in positions(rules, 4, seed=21):
            assert fit_values(g) == fit_values(g.copy())
            seat = g.to_move
            assert seat is not None
            assert fit_value_blind(g, seat) == fit_value_blind(g.copy(), seat)
    g = Game.new(seed=5, rules="classic+cutthroat")
    g.concede(1)
    assert fit_values(g)[1] == -1000.0 and abs(fit_values(g)[0]) < 1000.0
    g.concede(2)
    assert fit_values(g) == [1000.0, -1000.0, -1000.0] and fit_value_blind(g, 0) == 1000.0


def test_the_fitted_leaf_reads_the_hands_it_is_given_and_blind_only_their_sizes() -> None:
    # Seeing: another deal of the hidden cards changes some value. Blind: re-dealing every card
    # the seat cannot see (the partner's hand too) leaves the seat's blind value as it was.
    rng = random.Random(8)
    changed = False
    for rules in MODES:
        for g in positions(rules, 4, seed=9):
            seat = g.to_move
            assert seat is not None
            blind = fit_value_blind(g, seat)
            for _ in range(3):
                other = g.redeal(seat, rng)
                assert fit_value_blind(other, seat) == pytest.approx(blind)
                changed = changed or fit_values(other) != fit_values(g)
    assert changed


def test_a_nearer_goal_and_a_winning_card_are_worth_more() -> None:
    # The fit's signs where the game leaves no doubt: three points from the goal is better than
    # the whole goal still to make, and a winning card in hand is worth more to the next to
    # move than to a later seat.
    for rules in MODES:
        named = dict(zip(NAMES, weights_for(Rules.parse(rules)), strict=True))
        goal = Rules.parse(rules).goals[0]
        near = named["need"] * 3 / goal + named["reach10"] + named["reach6"] + named["reach3"]
        assert near > named["need"]
        assert named["win_next"] > named["win_later"] > 0


def test_the_options_parse_and_bad_ones_are_refused() -> None:
    p = make_player("hard", leaf="fit", others="fit")
    assert isinstance(p, DeterminizedPlayer)
    assert p.table_leaf == "fit" and p.table_others == "fit"
    with pytest.raises(ValueError, match="leaf must be one of"):
        make_player("hard", leaf="fitted")
    with pytest.raises(ValueError, match="others must be one of"):
        make_player("hard", others="psychic")


@pytest.mark.parametrize("rules", MODES)
@pytest.mark.parametrize("opts", [{"leaf": "fit"}, {"others": "fit"},
                                  {"others": "fit", "tblind": 0}, {"others": "medium"},
                                  {"others": "medium", "tblind": 0}])
def test_fair_play_with_the_fitted_leaf(rules: str, opts: dict[str, object]) -> None:
    # Every card the seat cannot see re-dealt: the same view, the same move.
    rng = random.Random(31)
    for g in positions(rules, 3, seed=7):
        same_move_when_redealt(g, {**opts, **FAST}, rng)


def test_the_fitted_options_change_the_search_and_replay() -> None:
    # Each option is used: on some position the values differ from the default's; and the same
    # seed gives the same move and values.
    differ = {"leaf": False, "others": False}
    for g in positions("classic+cutthroat", 10, seed=13):
        base = make_player("hard", seed=6, leaf="table", **FAST)
        assert isinstance(base, DeterminizedPlayer)
        base.choose(g)
        for opt in differ:
            a = make_player("hard", seed=6, **{opt: "fit"}, **FAST)
            b = make_player("hard", seed=6, **{opt: "fit"}, **FAST)
            assert isinstance(a, DeterminizedPlayer) and isinstance(b, DeterminizedPlayer)
            assert a.choose(g) is b.choose(g) and a.last_values == b.last_values
            differ[opt] = differ[opt] or a.last_values != base.last_values
    assert all(differ.values())


def test_the_fitted_leaf_is_the_default_at_every_table() -> None:
    # Not given, the leaf is the fitted one at three seats and in teams: the same moves and
    # values as giving it; leaf=table is the hand-set one.
    from cuttle.ai.pimc_table import table_leaf

    p = make_player("hard")
    assert isinstance(p, DeterminizedPlayer) and p.table_leaf is None
    assert table_leaf(p, teams=False) == "fit" and table_leaf(p, teams=True) == "fit"
    given = make_player("hard", leaf="table")
    assert isinstance(given, DeterminizedPlayer) and table_leaf(given, teams=True) == "table"
    for rules in ("classic+cutthroat", "classic+teams"):
        for g in positions(rules, 2, seed=13):
            a = make_player("hard", seed=6, **FAST)
            b = make_player("hard", seed=6, leaf="fit", **FAST)
            assert isinstance(a, DeterminizedPlayer) and isinstance(b, DeterminizedPlayer)
            assert a.choose(g) is b.choose(g) and a.last_values == b.last_values
