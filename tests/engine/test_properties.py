"""Random-playout properties of the engine, over thousands of seeded games per preset.

Each game is played with uniformly random legal moves; at sampled plies the position is checked
against the engine's invariants: every card in exactly one place, positions round-trip, views
hide exactly what they must, every listed move applies, and anything else is refused without
changing the game.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cuttle import Game, IllegalMoveError, Move
from cuttle.cards import HIDDEN, card_text, full_deck
from cuttle.engine.moves import _TABLE
from cuttle.rules import Rules

ALL_MOVES = list(_TABLE.values())
RULESETS = [
    "classic",
    "cuttlecards",
    "classic+four-random+eight-oneoff+nine-freeze+joker",
    "cuttlecards+ten-counters-scuttle+queens-protect-queens+nine-to-deck",
    "classic+ten-counters-scuttle+nine-to-deck+joker",
    "cuttlecards+four-random+eight-oneoff+joker",
]


def cards_everywhere(pos: dict) -> Counter[str]:
    """Every card named in a position, counted by where it appears."""
    seen: Counter[str] = Counter()
    for p in (0, 1):
        seen.update(pos["hands"][p])
        for entry in pos["points"][p]:
            seen.update(entry.split("+"))
        seen.update(pos["permanents"][p])
    seen.update(pos["deck"])
    seen.update(pos["scrap"])
    seen.update(pos["revealed"])
    for entry in pos["stack"]:
        seen[card_text(Move.parse(entry["move"]).card)] += 1  # type: ignore[arg-type]
    return seen


def check_cards(g: Game) -> None:
    seen = cards_everywhere(g.to_position())
    expected = Counter(card_text(c) for c in full_deck(g.rules.jokers))
    assert seen == expected, "every card must be in exactly one place"


def check_round_trip(g: Game) -> None:
    pos = g.to_position()
    again = Game.from_position(json.dumps(pos))
    assert again.to_position() == pos
    assert [str(m) for m in again.legal_moves()] == [str(m) for m in g.legal_moves()]


def check_views(g: Game, rng: random.Random) -> None:
    pos = g.to_position()
    for viewer in (0, 1):
        view = g.view(viewer)
        assert "seed" not in view
        opp = 1 - viewer
        assert view["hands"][viewer] == pos["hands"][viewer]
        assert len(view["hands"][opp]) == len(pos["hands"][opp])
        sees_all = g.has_glasses(viewer) or (
            g.rules.open_hands_when_deck_empty and not g.deck and not g.revealed)
        for t in view["hands"][opp]:
            if t != HIDDEN:
                assert t in pos["hands"][opp]
                assert sees_all or t in pos["known"]
        if not sees_all:
            hidden = [t for t in pos["hands"][opp] if t not in pos["known"]]
            assert view["hands"][opp].count(HIDDEN) == len(hidden)
        assert len(view["deck"]) == len(pos["deck"])
        for shown, real in zip(view["deck"], pos["deck"], strict=True):
            assert shown in (HIDDEN, real)
            if shown != HIDDEN:
                assert real in pos["known"]
        for key in ("points", "permanents", "scrap", "stack", "revealed", "phase", "to_move"):
            assert view[key] == pos[key]
        # a game re-dealt from the view looks the same from that seat
        sampled = Game.from_view(view, rng)
        assert sampled.view(viewer) == view
        assert [str(m) for m in sampled.legal_moves()] == [str(m) for m in g.legal_moves()] \
            or g.to_move != viewer


def check_moves(g: Game, rng: random.Random) -> None:
    legal = g.legal_moves()
    assert legal, "a game in play always has a legal move"
    assert len(set(legal)) == len(legal), "each move is listed once"
    # RULES.md, Jack: on the opponent's point cards; on one's own only a classic seven's jack
    # that no opponent's card can take
    jacks = [m for m in legal if m.kind == "jack"]
    on_own = [m for m in jacks if m.target not in g.points[1 - g.to_move]]  # type: ignore[operator]
    if on_own:
        assert g.phase == "resolve_seven" and g.rules.target_own and on_own == jacks, on_own
    for m in legal:
        c = g.copy()
        c.play(str(m))  # every listed move applies, by text too
    before = g.to_position()
    for m in rng.sample(ALL_MOVES, 25):
        if m in legal:
            continue
        with pytest.raises(IllegalMoveError) as info:
            g.play(m)
        assert str(info.value)
        assert g.to_position() == before, f"refused {m} changed the game"


def random_game(seed: int, rules: str, rng: random.Random, check_every: int) -> int:
    g = Game.new(seed=seed, rules=rules)
    ply = 0
    while g.outcome is None:
        if check_every and ply % check_every == 0:
            check_cards(g)
            check_round_trip(g)
            check_views(g, rng)
            check_moves(g, rng)
        g.play(rng.choice(g.legal_moves()))
        ply += 1
        assert ply < 2000, "every game ends"
    check_cards(g)
    check_round_trip(g)
    assert g.legal_moves() == []
    assert g.to_move is None and g.phase == "over"
    return ply


@pytest.mark.parametrize("rules", RULESETS)
def test_random_playouts_keep_invariants(rules: str) -> None:
    rng = random.Random(rules)
    for seed in range(150):
        random_game(seed, rules, rng, check_every=5)


@pytest.mark.parametrize("rules", ["classic", "cuttlecards"])
def test_thousands_of_games_end_with_every_card_in_place(rules: str) -> None:
    rng = random.Random(7)
    outcomes: Counter[str | None] = Counter()
    for seed in range(2000):
        g = Game.new(seed=seed, rules=rules)
        plies = 0
        while g.outcome is None:
            g.play(rng.choice(g.legal_moves()))
            plies += 1
            assert plies < 2000
        if seed % 50 == 0:
            check_cards(g)
        outcomes[g.outcome] += 1
    assert outcomes["p0"] > 0 and outcomes["p1"] > 0


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), rules=st.sampled_from(RULESETS),
       choices=st.lists(st.integers(0, 10**6), max_size=120))
def test_any_sequence_of_legal_moves_round_trips(seed: int, rules: str, choices: list[int]) -> None:
    g = Game.new(seed=seed, rules=rules)
    for pick in choices:
        if g.outcome is not None:
            break
        moves = g.legal_moves()
        g.play(moves[pick % len(moves)])
    check_cards(g)
    check_round_trip(g)


def test_same_seed_and_moves_give_the_same_game() -> None:
    for rules in RULESETS:
        a = Game.new(seed=99, rules=rules)
        b = Game.new(seed=99, rules=rules)
        assert a.to_position() == b.to_position()
        rng = random.Random(5)
        while a.outcome is None:
            m = rng.choice(a.legal_moves())
            a.play(m)
            b.play(str(m))
            assert a.to_position() == b.to_position()
        assert a.history == b.history


def test_different_seeds_deal_differently() -> None:
    assert Game.new(seed=1).to_position()["deck"] != Game.new(seed=2).to_position()["deck"]


def test_deal_gives_five_to_player_zero_and_six_to_the_dealer() -> None:
    for rules in ("classic", "cuttlecards", "classic+joker"):
        g = Game.new(seed=3, rules=rules)
        assert [len(h) for h in g.hands] == [5, 6]
        assert len(g.deck) == (43 if Rules.parse(rules).jokers else 41)
        assert g.to_move == 0 and g.turn_player == 0 and g.phase == "main"


def test_copy_is_independent() -> None:
    g = Game.new(seed=4)
    c = g.copy()
    c.play(c.legal_moves()[0])
    assert g.to_position() != c.to_position()
    assert g.to_position() == Game.new(seed=4).to_position()


def test_move_objects_pickle_to_the_same_interned_move() -> None:
    import pickle

    m = Move.parse("scuttle 9c 7h")
    assert pickle.loads(pickle.dumps(m)) is m


def test_redeal_keeps_the_viewers_view_and_shuffles_only_hidden_cards() -> None:
    rng = random.Random(12)
    for rules in RULESETS:
        for seed in range(20):
            g = Game.new(seed=seed, rules=rules)
            for _ in range(rng.randrange(40)):
                if g.outcome is not None:
                    break
                g.play(rng.choice(g.legal_moves()))
            for viewer in (0, 1):
                r = g.redeal(viewer, rng)
                assert r.view(viewer) == g.view(viewer)
                check_cards(r)
                check_round_trip(r)


@pytest.mark.parametrize("rules", ["classic", "cuttlecards"])
def test_a_game_read_from_its_position_goes_on_the_same_way(rules: str) -> None:
    """After every ply of seeded random games, the game read back from its position and the game
    itself play the next move to the same position (an ace or a 6 scraps its cards in one order,
    whether the table was built by moves or read from a position)."""
    rng = random.Random(20261201)
    for n in range(120):
        g = Game.new(seed=n, rules=rules)
        while g.outcome is None and len(g.history) < 400:
            move = rng.choice(g.legal_moves())
            again = Game.from_position(g.to_position(), rules=rules)
            g.play(move)
            again.play(str(move))
            assert again.to_position() == g.to_position(), (n, str(move))
