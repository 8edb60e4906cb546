"""The search path (``cuttle.engine.search``) gives exactly the positions and legal moves of the
checked path (``Game.play`` / ``Game.legal_moves``), move for move."""

from __future__ import annotations

import random

import pytest

from cuttle import Game
from cuttle.engine import search
from cuttle.rules import CONFLICTS, PRESETS, VARIANTS


def _all_rules() -> list[str]:
    out = []
    for preset in PRESETS:
        out.append(preset)
        out += [f"{preset}+{v}" for v in VARIANTS]
        dropped = {b for _, b in CONFLICTS}
        out.append("+".join([preset, *(v for v in VARIANTS if v not in dropped)]))
    return out


RULES = _all_rules()

STATE = ("hands", "points", "jacks", "perms", "deck", "scrap", "stack", "revealed", "phase",
         "turn_player", "to_move", "passes", "frozen", "known", "own_jacks", "outcome",
         "outcome_reason", "_freeze_later")


def state(g: Game) -> tuple[object, ...]:
    """Everything a position is made of (history and events aside), hands as dealt order."""
    return tuple(getattr(g, name) for name in STATE)


@pytest.mark.parametrize("rules", RULES)
def test_search_path_agrees_with_the_checked_path(rules: str) -> None:
    rng = random.Random(rules)
    for seed in range(12):
        checked = Game.new(seed=seed, rules=rules)
        pushed = search.search_copy(checked)  # played in place with push
        chained = search.search_copy(checked)  # a new child per move
        plies = 0
        while checked.outcome is None:
            legal = checked.legal_moves()
            assert search.moves(pushed) == legal
            assert search.moves(chained) == legal
            move = rng.choice(legal)
            checked.play(move)
            search.push(pushed, move)
            chained = search.child(chained, move)
            assert state(pushed) == state(checked)
            assert state(chained) == state(checked)
            if plies % 7 == 0:
                assert pushed.to_position() == checked.to_position()
            plies += 1
        assert search.moves(pushed) == [] == checked.legal_moves()
        assert plies > 0
        assert pushed.history == [] and list(pushed.events) == []
        assert pushed.to_position() == checked.to_position()


def test_child_leaves_its_parent_unchanged() -> None:
    g = search.search_copy(Game.new(seed=3, rules="cuttlecards"))
    before = state(g)
    for m in search.moves(g):
        search.child(g, m)
    assert state(g) == before


def test_search_copies_log_nothing_and_real_games_still_do() -> None:
    g = Game.new(seed=5)
    c = search.search_copy(g)
    search.push(c, search.moves(c)[0])
    assert list(c.events) == [] and c.history == []
    g.play(g.legal_moves()[0])
    assert len(g.events) == 1 and len(g.history) == 1

