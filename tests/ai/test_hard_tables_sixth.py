"""``hard`` at a table, the sixth pass's options (docs/ai.md, "sixth pass"): the other seats
played by ``medium``'s own reply (``others=reply``), the seat's own last searched turn chosen
as medium chooses (``own=medium``), one more round of the others before the leaf (``tail=1``);
none is a default, and the defaults (three seats and teams) run the same search as before."""

from __future__ import annotations

import random

import pytest
from hardfair import same_move_when_redealt
from test_modes_players import random_positions as positions

from cuttle import Game
from cuttle.ai import make_player
from cuttle.ai.evaluate import FIXED_HAND_VALUE, hand_value
from cuttle.ai.heuristic import HeuristicPlayer
from cuttle.ai.knowledge import read_view
from cuttle.ai.pimc import DeterminizedPlayer
from cuttle.ai.pimc_table import TableSearcher, medium_policy
from cuttle.ai.tablefit import fit_values
from cuttle.engine.search import child, search_copy
from cuttle.engine.search import moves as legal

FAST = {"iterations": 16}


def test_a_seat_played_by_medium_takes_mediums_own_reply() -> None:
    # others=reply: another seat's move in a simulation is the move medium's reply picks from
    # that seat's view of the simulated table, and only that move is played out.
    checked = 0
    for g in positions("classic+cutthroat", 10, seed=23):
        if g.phase != "main" or len(g.legal_moves()) < 2:
            continue
        chooser = g.turn_player
        s = search_copy(g)
        moves = legal(s)
        ts = TableSearcher((chooser + 1) % 3, False, False, fit_values)
        ts.policy = medium_policy(random.Random(1))
        picked, (vals, _after) = ts.reply_of(s, moves, chooser)
        assert picked == HeuristicPlayer().reply(search_copy(g), chooser, moves, random.Random(1))
        assert vals == ts.settle(child(s, picked))[0]
        assert ts.nodes == 1  # one move played out, not every one
        checked += 1
    assert checked >= 3


def test_the_seats_own_last_turn_chosen_as_medium_chooses() -> None:
    # own=medium: in a simulation the seat's last searched turn is the move medium picks from
    # the seat's view then; tail=1: the other seats then play once more, and the table is
    # scored when the seat is to move again (or the game is over).
    asked: list[int] = []
    checked = 0
    for g in positions("classic+cutthroat", 8, seed=29):
        if g.phase != "main" or len(g.legal_moves()) < 2:
            continue
        seat = g.turn_player
        base = search_copy(Game.from_view(g.view(seat), random.Random(3)))
        pol = medium_policy(random.Random(2))

        def own(game: Game, moves: list, chooser: int, pol=pol) -> object:
            asked.append(chooser)
            return pol(game, moves, chooser)

        ts = TableSearcher(seat, False, False, fit_values)
        ts.own = own  # type: ignore[assignment]
        for m in legal(base)[:3]:
            before = len(asked)
            ts.play_out(child(base, m), 1)
            assert set(asked[before:]) <= {seat}
        tail = TableSearcher(seat, False, False, fit_values)
        tail.tail = True
        tail.peek_rng = random.Random(5)
        for m in legal(base)[:3]:
            tail.play_out(child(base, m), 1)
            end = tail.end
            assert end is not None
            assert end.outcome is not None or (end.phase == "main" and end.turn_player == seat)
        checked += 1
    assert checked >= 3 and asked  # the seat's own later turn was asked of medium


def test_the_sixth_pass_options_are_checked_and_reproducible() -> None:
    for bad, match in (({"tail": 2}, "tail must be"), ({"own": "ismcts"}, "own must be"),
                       ({"others": "psychic"}, "others must be")):
        with pytest.raises(ValueError, match=match):
            make_player("hard", **bad)
    g = positions("classic+cutthroat", 4, seed=31)[3]
    for opts in ({"others": "reply"}, {"own": "medium"}, {"tail": 1},
                 {"others": "reply", "own": "medium", "tail": 1}):
        a = make_player("hard", seed=5, **opts, **FAST)
        b = make_player("hard", seed=5, **opts, **FAST)
        assert a.choose(g) is b.choose(g)
        assert isinstance(a, DeterminizedPlayer) and isinstance(b, DeterminizedPlayer)
        assert a.last_values == b.last_values


@pytest.mark.parametrize("rules", ["classic+cutthroat", "classic+teams"])
def test_the_defaults_run_the_search_they_ran_before(rules: str) -> None:
    # The options this pass added are off by default, at three seats and in teams: the default
    # player makes the same moves, values and simulations as every option spelt out as before
    # (teams: the fourth pass's search, which the teams rows are measured on).
    spelt = ({"others": "medium", "iterations": 80, "tblind": 1, "peek": 0}
             if rules.endswith("cutthroat") else
             {"others": "table", "iterations": 160, "tblind": 0, "peek": 1})
    for g in positions(rules, 3, seed=37):
        a = make_player("hard", seed=7)
        b = make_player("hard", seed=7, leaf="fit", prune=4, table="maxn", tail=0, own="leaf",
                        **spelt)
        assert isinstance(a, DeterminizedPlayer) and isinstance(b, DeterminizedPlayer)
        assert a.choose(g) is b.choose(g)
        assert a.last_values == b.last_values and a.last_iterations == b.last_iterations


def test_fair_play_with_the_medium_models() -> None:
    # The other seats and the seat's own later turn played by medium still read only the views
    # of a deal built from the seat's view: re-dealing every card it cannot see changes nothing.
    rng = random.Random(41)
    opts = {"others": "reply", "own": "medium", "tail": 1, **FAST}
    for g in positions("classic+cutthroat", 4, seed=43):
        same_move_when_redealt(g, opts, rng)


def test_the_fixed_hand_values_are_the_hand_values() -> None:
    # medium's mean value of an unseen card reads the ranks whose worth does not depend on the
    # table from a table: the same floats as hand_value on any table.
    for g in positions("classic+cutthroat", 6, seed=47) + positions("classic", 4, seed=47):
        seat = g.to_move
        assert seat is not None
        k = read_view(g.view(seat), seat)
        for r, v in enumerate(FIXED_HAND_VALUE):
            if v is not None:
                for owner in range(g.players):
                    assert hand_value(4 * (r - 1) if r else 52, k, owner) == v
