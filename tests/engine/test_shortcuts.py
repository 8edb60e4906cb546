"""The engine's shortcuts for speed change nothing a game does: a seed deals what
random.shuffle dealt, a rules string parsed once is the same rules, and the end-of-turn win check
that only table-changing moves make finds every win (no game in play ever has a player at their
goal)."""

from __future__ import annotations

import random

import pytest
from test_search import RULES

from cuttle import Game
from cuttle.cards import full_deck
from cuttle.engine import game as engine_game
from cuttle.rules import Rules


@pytest.mark.parametrize("jokers", [False, True])
def test_a_seed_deals_what_random_shuffle_deals(jokers: bool) -> None:
    """Game.new shuffles with its own copy of random.shuffle's steps; a seed's deal is the one
    random.Random(seed).shuffle gives (saved games and transcripts name only the seed)."""
    for seed in [*range(300), 2**40 + 3, -17, 10**30]:
        expected = full_deck(jokers)
        random.Random(seed).shuffle(expected)
        cards = full_deck(jokers)
        engine_game._shuffle(cards, random.Random(seed))
        assert cards == expected
    g = Game.new(seed=77, rules="classic+joker" if jokers else "classic")
    expected = full_deck(jokers)
    random.Random(77).shuffle(expected)
    assert g.hands == [sorted(expected[0:10:2]), sorted(expected[1:10:2] + [expected[10]])]
    assert g.deck == expected[11:][::-1]


def test_a_rules_string_is_parsed_once_and_bad_ones_every_time() -> None:
    a = Game.new(seed=1, rules="cuttlecards+joker")
    b = Game(rules="cuttlecards+joker")
    assert a.rules is b.rules
    assert a.rules == Rules.parse("cuttlecards+joker")
    own = Rules.parse("classic+nine-freeze")
    assert Game(rules=own).rules is own
    assert Game(rules=None).rules == Rules.parse("classic")
    for _ in range(2):
        with pytest.raises(ValueError, match="unknown variant"):
            Game.new(seed=1, rules="classic+no-such-variant")
    assert "classic+no-such-variant" not in engine_game._PARSED_RULES


@pytest.mark.parametrize("rules", RULES)
def test_no_game_in_play_has_a_player_at_their_goal(rules: str) -> None:
    """The invariant that lets a move leaving the table as it was skip the win check: were a
    move wrongly taken for one, its win would go unseen and this would fail."""
    rng = random.Random(rules)
    ended = 0
    for seed in range(40):
        g = Game.new(seed=seed, rules=rules)
        while g.outcome is None:
            g.play(rng.choice(g.legal_moves()))
            if g.outcome is None:
                assert g.score(0) < g.goal(0) and g.score(1) < g.goal(1)
        ended += g.outcome_reason in ("points", "kings")
    assert ended > 20
