"""``hard`` at a table, the seventh pass (docs/ai.md, "seventh pass"): ``model=R`` reads the
choice of the seat that moved just before (the cards with which medium in its place would have
made a clearly better move are kept out of its hidden hand); off by default."""

from __future__ import annotations

import random

from hardfair import same_move_when_redealt
from test_modes_players import random_positions as positions

from cuttle import Game
from cuttle.ai import make_player
from cuttle.ai.base import simulation
from cuttle.ai.inference import before_last_move, choice_exclusions
from cuttle.ai.pimc import DeterminizedPlayer
from cuttle.ai.pimc_table import model_deals

FAST = {"iterations": 16}


def _after_a_nine(scuttle: bool = False) -> Game:
    """A cutthroat table where seat 0 opened with a nine for points (its hand held no ten); with
    ``scuttle``, one where seat 1 can scuttle it."""
    for seed in range(500):
        g = Game.new(seed=seed, rules="classic+cutthroat")
        if any(c >> 2 == 9 for c in g.hands[0]) or not any(c >> 2 == 8 for c in g.hands[0]):
            continue
        nine = next(c for c in g.hands[0] if c >> 2 == 8)
        g.play(next(m for m in g.legal_moves() if m.kind == "points" and m.card == nine))
        if scuttle and not any(m.kind == "scuttle" for m in g.legal_moves()):
            continue
        return g
    raise AssertionError("no such deal in 500")


def test_a_nine_played_for_points_tells_there_was_no_ten() -> None:
    g = _after_a_nine()
    seat = g.to_move
    assert seat == 1
    base = simulation(g.view(seat), random.Random(1))
    before = before_last_move(base, seat, list(g.history))
    assert before is not None and before.turn_player == 0 and before.to_move == 0
    excluded = choice_exclusions(before, seat, g.history[-1][1], random.Random(2))
    tens = {c for c in range(36, 40) if c not in g.hands[seat]}
    assert tens <= excluded  # medium holding a ten would have played it, not the nine
    player = make_player("hard", seed=1, model=1.0)
    assert isinstance(player, DeterminizedPlayer)
    player.public_history = list(g.history)
    det = model_deals(player, base, seat, random.Random(3))
    for i in range(20):
        deal = det(g.redeal(seat, random.Random(i)))
        assert not excluded & set(deal.hands[0])  # every deal: no excluded card in its hand
        assert sorted(deal.hands[0] + deal.hands[2] + deal.deck) == sorted(
            g.hands[0] + g.hands[2] + g.deck)  # cards swapped, none made up


def test_off_by_default_and_nothing_read_from_a_scuttle_at_a_table() -> None:
    g = _after_a_nine()
    player = make_player("hard", seed=1)
    assert isinstance(player, DeterminizedPlayer)
    player.public_history = list(g.history)
    rng = random.Random(5)
    state = rng.getstate()
    base = simulation(g.view(1), random.Random(1))
    assert model_deals(player, base, 1, rng)(base) is base
    assert rng.getstate() == state  # the default search draws nothing more
    # seat 1 scuttles the nine: whose card it was cannot be told from the scrap at a table
    g = _after_a_nine(scuttle=True)
    g.play(next(m for m in g.legal_moves() if m.kind == "scuttle"))
    while g.phase != "main":  # the window after a scuttle, when the rules open one
        g.play(next(m for m in g.legal_moves() if m.kind == "resolve"))
    assert g.to_move == 2 and g.history[-1][1].kind in ("scuttle", "resolve")
    assert before_last_move(g.copy(), 2, list(g.history)) is None


def test_the_model_is_reproducible_and_fair_at_a_table() -> None:
    rng = random.Random(47)
    opts = {"model": 1.0, **FAST}
    for g in [_after_a_nine(), *positions("classic+cutthroat", 4, seed=53)]:
        same_move_when_redealt(g, opts, rng)


def test_every_other_seats_last_plain_move_is_read() -> None:
    # Seat 0 opened with a nine (it held no ten), seat 1 played points: at seat 2's turn both
    # moves are read, the older one on the table taken back twice.
    g = _after_a_nine()
    plain = [m for m in g.legal_moves() if m.kind == "points"]
    assert plain
    g.play(plain[0])
    seat = g.to_move
    assert seat == 2 and g.phase == "main"
    tens = {c for c in range(36, 40) if c not in g.hands[seat] and c not in g.points[1]}
    assert tens
    player = make_player("hard", seed=1, model=1.0)
    assert isinstance(player, DeterminizedPlayer)
    player.public_history = list(g.history)
    base = simulation(g.view(seat), random.Random(1))
    det = model_deals(player, base, seat, random.Random(3))
    for i in range(20):
        deal = det(g.redeal(seat, random.Random(i)))
        assert not tens & set(deal.hands[0])
    # with only the last move read (seat 1's), seat 0 would keep a ten in some deals
    assert any(tens & set(g.redeal(seat, random.Random(i)).hands[0]) for i in range(20))
