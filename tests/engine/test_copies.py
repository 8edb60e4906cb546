"""Copies of a game are independent, although they share the records of the stacks (``jacks``
and ``links`` are replaced on every change, never changed in place, so that a copy costs nothing
for them): whatever one copy plays, scuttles, blows up, takes back or concedes, the other's
position stays what it was. Every preset, both modes, and the variants that move stacks most."""

from __future__ import annotations

import json
import random

import pytest

from cuttle import Game
from cuttle.engine.search import child, moves, push, search_copy

RULESETS = [
    "classic",
    "cuttlecards",
    "classic+joker",
    "cuttlecards+nine-to-deck+eight-oneoff",
    "classic+cutthroat",
    "cuttlecards+cutthroat",
    "classic+teams",
    "cuttlecards+teams",
]
GAMES = 12
AHEAD = 6  # plies a copy plays before the original is checked


def snapshot(g: Game) -> str:
    """The whole position, stacks' records included, as one comparable text."""
    return json.dumps([g.to_position(), sorted(g.jacks.items()), sorted(g.links.items())],
                      sort_keys=True)


def run_ahead(c: Game, rng: random.Random) -> int:
    """Play ``c`` on for a few random plies (a concession now and then at three or four seats);
    return how many of them changed a stack."""
    changed = 0
    for _ in range(AHEAD):
        if c.outcome is not None:
            break
        before = (c.jacks, c.links)
        if c.players > 2 and rng.random() < 0.05:
            seat = rng.choice([q for q in range(c.players) if q not in c.out])
            c.concede(seat)
        else:
            c.play(rng.choice(c.legal_moves()))
        changed += (c.jacks, c.links) != before
    return changed


@pytest.mark.parametrize("rules", RULESETS)
def test_a_copy_never_sees_the_other_ones_moves(rules: str) -> None:
    rng = random.Random(rules)
    stack_changes = 0
    for seed in range(GAMES):
        g = Game.new(seed=seed, rules=rules)
        while g.outcome is None:
            before = snapshot(g)
            c = g.copy()
            stack_changes += run_ahead(c, rng)
            assert snapshot(g) == before  # the copy's moves left the original alone
            kept = snapshot(c)
            g.play(rng.choice(g.legal_moves()))
            assert snapshot(c) == kept  # and the original's move left the copy alone
    assert stack_changes > 20  # stacks were built, stolen and broken up along the way


@pytest.mark.parametrize("rules", RULESETS)
def test_search_children_never_change_their_parent(rules: str) -> None:
    rng = random.Random(rules + "search")
    for seed in range(GAMES):
        g = search_copy(Game.new(seed=seed, rules=rules))
        while g.outcome is None:
            before = snapshot(g)
            kids = [child(g, m) for m in moves(g)]
            for k in kids:
                run_ahead(k, rng)
            assert snapshot(g) == before
            push(g, rng.choice(moves(g)))
