"""The search path (``cuttle.engine.search``) gives exactly the positions and legal moves of the
checked path (``Game.play`` / ``Game.legal_moves``), move for move."""

from __future__ import annotations

import random

import pytest

from cuttle import Game
from cuttle.engine import search
from cuttle.rules import CONFLICTS, MODES, PRESETS, VARIANTS


def _all_rules() -> list[str]:
    out = []
    dropped = {b for _, b in CONFLICTS}
    for preset in PRESETS:
        out.append(preset)
        out += [f"{preset}+{v}" for v in VARIANTS]
        out.append("+".join([preset, *(v for v in VARIANTS if v not in dropped)]))
        for mode in MODES:  # three and four seats: every variant but the joker's hand swap
            out.append(f"{preset}+{mode}")
            out.append("+".join([preset, mode, *(v for v in VARIANTS
                                                 if v not in dropped and v != "joker")]))
    return out


RULES = _all_rules()

STATE = ("hands", "points", "jacks", "perms", "deck", "scrap", "stack", "revealed", "phase",
         "turn_player", "to_move", "passes", "frozen", "known", "own_jacks", "links", "players",
         "seats", "outcome", "outcome_reason", "_freeze_later")


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



@pytest.mark.parametrize("rules", ["classic+cutthroat", "cuttlecards+teams"])
def test_redeal_keeps_every_seats_view_of_its_own_seat_at_three_and_four(rules: str) -> None:
    """``redeal`` shuffles only what the viewer cannot see: every hand it cannot see (a
    partner's too) and the deck's hidden cards; what the viewer sees stays as it was."""
    rng = random.Random(rules)
    for seed in range(6):
        g = Game.new(seed=seed, rules=rules)
        for _ in range(12):
            if g.outcome is not None:
                break
            g.play(rng.choice(g.legal_moves()))
        if g.outcome is not None:
            continue
        for viewer in range(g.players):
            r = g.redeal(viewer, random.Random(seed))
            assert r.view(viewer) == g.view(viewer)
            assert sorted([c for h in r.hands for c in h] + r.deck) == \
                sorted([c for h in g.hands for c in h] + g.deck)
            assert search.moves(search.search_copy(r)) == r.legal_moves()


def test_the_search_path_goes_on_after_a_seat_concedes() -> None:
    g = Game.new(seed=8, rules="classic+cutthroat")
    rng = random.Random(8)
    for _ in range(5):
        g.play(rng.choice(g.legal_moves()))
    g.concede(g.seats.nxt[g.turn_player])
    pushed = search.search_copy(g)
    while g.outcome is None:
        legal = g.legal_moves()
        assert search.moves(pushed) == legal
        move = rng.choice(legal)
        g.play(move)
        search.push(pushed, move)
        assert state(pushed) == state(g)
    assert pushed.outcome == g.outcome and len(g.out) == 1
