"""``hard`` at a table of three or four (``cuttle.ai.pimc_table``): it plays every mode from its
seat's view only, reproducibly, with either opponent model; two players take the old code."""

from __future__ import annotations

import random

import pytest
from test_modes_players import random_positions as positions

from cuttle import Game
from cuttle.ai import make_player
from cuttle.ai.fasteval import table_values
from cuttle.ai.pimc import DeterminizedPlayer
from cuttle.ai.pimc_table import TableSearcher

MODES = ["classic+cutthroat", "cuttlecards+cutthroat", "classic+teams", "cuttlecards+teams"]
FAST = {"iterations": 24}


@pytest.mark.parametrize("rules", MODES)
@pytest.mark.parametrize("model", ["maxn", "paranoid"])
def test_fair_play_every_hidden_hand_redealt_gives_the_same_move(rules: str, model: str) -> None:
    # Every card the seat cannot see (each opponent's hidden cards, the partner's hand, the
    # deck) re-dealt among the same places: the view is the same, and so is the move.
    rng = random.Random(31)
    for g in positions(rules, 6, seed=7):
        seat = g.to_move
        assert seat is not None
        first = make_player("hard", seed=3, table=model, **FAST).choose(g)
        for _ in range(2):
            other = g.redeal(seat, rng)
            other.history = g.history[:]
            assert other.view(seat) == g.view(seat)
            assert make_player("hard", seed=3, table=model, **FAST).choose(other) is first
        assert make_player("hard", seed=3, table=model, **FAST).choose(g.copy()) is first


def test_the_partners_hand_is_among_the_cards_redealt() -> None:
    # In teams the search deals the partner's hand at random too: two deals of seat 0's view
    # differ in seat 2's hand.
    g = Game.new(seed=4, rules="classic+teams")
    view = g.view(0)
    assert all(c == "??" for c in view["hands"][2])
    base = Game.from_view(view, random.Random(1))
    hands = {tuple(sorted(base.redeal(0, random.Random(k)).hands[2])) for k in range(5)}
    assert len(hands) > 1


@pytest.mark.parametrize("rules", MODES)
def test_hard_finishes_a_game_of_every_mode(rules: str) -> None:
    g = Game.new(seed=12, rules=rules)
    players = [make_player("hard", seed=s, iterations=8) for s in range(g.players)]
    for _ in range(400):
        if g.outcome is not None:
            break
        seat = g.to_move
        assert seat is not None
        move, why = players[seat].pick(g)
        assert move in g.legal_moves() and why
        g.play(move)
    assert g.outcome is not None


def test_hard_takes_a_win_on_the_spot_at_a_table() -> None:
    # The first position of random play where the seat to move has a win on the spot.
    for start in positions("classic+cutthroat", 60, seed=11):
        seat = start.to_move
        assert seat is not None
        winners = []
        for m in start.legal_moves():
            c = start.copy()
            c.play(m)
            if c.outcome == f"p{seat}":
                winners.append(m)
        if winners and start.phase == "main":
            move, why = make_player("hard", seed=1, iterations=8).pick(start)
            assert why == "wins now" and move in winners
            return
    pytest.fail("no position with a win on the spot among these (the first of them had one)")


def test_the_two_models_differ_only_in_what_the_others_prefer() -> None:
    g = positions("classic+cutthroat", 1, seed=3)[0]
    vals = table_values(g)
    maxn = TableSearcher(0, paranoid=False, teams=False)
    paranoid = TableSearcher(0, paranoid=True, teams=False)
    for chooser in range(3):
        assert maxn.util(vals, chooser) == vals[chooser]
        assert paranoid.util(vals, chooser) == (vals[0] if chooser == 0 else -vals[0])
    teams = TableSearcher(1, paranoid=True, teams=True)
    v4 = table_values(positions("classic+teams", 1, seed=3)[0])
    assert teams.util(v4, 3) == v4[1] and teams.util(v4, 0) == -v4[1]


@pytest.mark.parametrize("rules", ["classic+cutthroat", "cuttlecards+teams"])
def test_table_values_favour_the_side_ahead(rules: str) -> None:
    g = Game.new(seed=5, rules=rules)
    vals = table_values(g)
    if g.seats.teams:
        assert vals[0] == vals[2] == -vals[1] == -vals[3]
    # a seat out of cutthroat counts as lost; a finished game: the winners WIN, the others -WIN
    g.concede(1)
    if g.outcome is None:
        assert table_values(g)[1] == -1000.0 and abs(table_values(g)[0]) < 1000.0
        g.concede(2)
    assert g.outcome is not None
    done = table_values(g)
    assert all(v in (1000.0, -1000.0) for v in done)
    assert sum(1 for s in range(g.players) if done[s] > 0) >= 1


def test_a_window_the_seat_cannot_answer_costs_the_same_search() -> None:
    # With one legal move the table search still runs its whole budget (the time of a forced
    # answer in a window must not tell the hand).
    p = make_player("hard", seed=1, iterations=30)
    assert isinstance(p, DeterminizedPlayer)
    g = Game.new(seed=3, rules="classic+cutthroat")
    base = Game.from_view(g.view(0), random.Random(1))
    from cuttle.ai.pimc_table import decide_table
    from cuttle.engine.search import search_copy

    moves = g.legal_moves()
    decide_table(p, search_copy(base), 0, moves[:1], random.Random(2), g.view(0))
    one = p.last_iterations
    decide_table(p, search_copy(base), 0, moves, random.Random(2), g.view(0))
    assert one == 30 and abs(p.last_iterations - 30) <= len(moves)


def test_options_at_a_table() -> None:
    p = make_player("hard", table="paranoid")
    assert isinstance(p, DeterminizedPlayer) and p.table_model == "paranoid"
    assert p.max_players == 4
    with pytest.raises(ValueError, match="table must be one of 'maxn', 'paranoid'"):
        make_player("hard", table="psychic")
    # the table's own budget unless iterations are given
    assert make_player("hard").table_iterations != make_player("hard", iterations=77).iterations
    assert make_player("hard", iterations=77).table_iterations == 77  # type: ignore[attr-defined]


def test_two_players_never_reach_the_table_search(monkeypatch: pytest.MonkeyPatch) -> None:
    # A two-player decision runs the two-player code only (its moves stay what they were).
    import cuttle.ai.pimc as pimc

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the table search ran for two players")

    monkeypatch.setattr(pimc, "decide_table", refuse)
    for rules in ("classic", "cuttlecards"):
        g = Game.new(seed=8, rules=rules)
        for _ in range(6):
            if g.outcome is not None:
                break
            g.play(make_player("hard", seed=2, iterations=12).choose(g))
    g3 = Game.new(seed=8, rules="classic+cutthroat")
    with pytest.raises(AssertionError, match="table search ran"):
        make_player("hard", seed=2, iterations=12).choose(g3)


def test_prune_searches_mediums_best_few_on_its_own_turn() -> None:
    # On the seat's own turn only medium's best `prune` moves are searched (ranked from the
    # seat's view); prune=0 searches every move.
    from cuttle.ai.pimc_table import medium_ranking

    for g in positions("classic+cutthroat", 12, seed=5):
        seat = g.to_move
        assert seat is not None
        moves = g.legal_moves()
        if g.phase != "main" or g.turn_player != seat or len(moves) <= 3:
            continue
        p = make_player("hard", seed=2, prune=3, iterations=24)
        assert isinstance(p, DeterminizedPlayer)
        move = p.choose(g)
        searched = set(p.last_values)
        assert len(searched) == 3 and move in searched
        ranked = medium_ranking(g.view(seat), seat, moves, random.Random(1))
        assert ranked[0] in moves and sorted(ranked, key=moves.index) == moves
        everything = make_player("hard", seed=2, prune=0, iterations=24)
        assert isinstance(everything, DeterminizedPlayer)
        everything.choose(g)
        assert set(everything.last_values) == set(moves)
        return
    pytest.fail("no position with more than three moves on the seat's own turn")



def test_stick_keeps_mediums_first_choice_unless_the_search_beats_it_clearly(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # With medium's ranking made the reverse of the legal order, stick=1 (no move can beat the
    # first choice by a whole win chance) plays that first choice; stick=0 the search's best
    # (the hand-set leaf, on which this position was found).
    import cuttle.ai.pimc_table as pimc_table

    monkeypatch.setattr(pimc_table, "medium_ranking",
                        lambda view, seat, moves, rng: list(reversed(moves)))
    for g in positions("classic+cutthroat", 20, seed=5):
        seat = g.to_move
        assert seat is not None
        moves = g.legal_moves()
        if g.phase != "main" or g.turn_player != seat or len(moves) <= 2:
            continue
        sticky = make_player("hard", seed=2, stick=1, prune=0, iterations=24,
                             leaf="table")
        assert sticky.choose(g) is moves[-1]
        plain = make_player("hard", seed=2, prune=0, iterations=24, leaf="table")
        assert plain.choose(g) is not moves[-1]  # this position: the search prefers another
        half = make_player("hard", seed=2, stick=0.02, prune=0, iterations=24,
                           leaf="table")
        assert isinstance(half, DeterminizedPlayer)
        chosen = half.choose(g)
        vals = half.last_values
        assert chosen is moves[-1] or vals[chosen] - vals[moves[-1]] >= 0.02
        return
    pytest.fail("no position with more than two moves on the seat's own turn")


def test_soft_opponents_are_reproducible_and_change_the_search() -> None:
    # soft=T: the other seats' moves in a simulation are drawn (exp(value / T)), from the
    # decision's own random source: the same seed gives the same move and values.
    g = positions("classic+cutthroat", 3, seed=11)[2]
    a = make_player("hard", seed=4, soft=5, **FAST)
    b = make_player("hard", seed=4, soft=5, **FAST)
    assert isinstance(a, DeterminizedPlayer) and isinstance(b, DeterminizedPlayer)
    assert a.choose(g) is b.choose(g) and a.last_values == b.last_values
    with pytest.raises(ValueError, match="soft must be"):
        make_player("hard", soft=-1)


def test_the_blind_value_ignores_the_cards_in_the_opponents_hands() -> None:
    # table_value_blind counts an opponent's hand by its size only: re-dealing the opponents'
    # hands (same sizes) leaves a seat's blind value unchanged, where table_values reads them.
    from cuttle.ai.fasteval import table_value_blind

    rng = random.Random(8)
    for rules in ("classic+cutthroat", "classic+teams"):
        for g in positions(rules, 4, seed=9):
            seat = g.to_move
            assert seat is not None
            blind = table_value_blind(g, seat)
            for _ in range(3):
                other = g.redeal(seat, rng)
                assert table_value_blind(other, seat) == pytest.approx(blind)
    g = Game.new(seed=5, rules="classic+cutthroat")
    g.concede(1)
    g.concede(2)
    assert table_value_blind(g, 0) == table_values(g)[0]
    with pytest.raises(ValueError, match="tblind must be"):
        make_player("hard", tblind=2)


def test_peek_0_chooses_the_seats_next_turn_on_a_fresh_deal() -> None:
    # peek=0: the seat's own next turn in a simulation is chosen on a re-deal of the cards it
    # cannot see (so it cannot know what a draw brings), then played on the simulation's deal:
    # reproducible from the seed, never better for the seat than peeking, and sometimes worse.
    from cuttle.ai.pimc_table import TableSearcher
    from cuttle.engine.search import child, search_copy
    from cuttle.engine.search import moves as legal

    differ = False
    for g in positions("classic+cutthroat", 8, seed=11):
        seat = g.to_move
        assert seat is not None
        base = Game.from_view(g.view(seat), random.Random(3))
        peeking = TableSearcher(seat, paranoid=False, teams=False)
        blind = TableSearcher(seat, paranoid=False, teams=False)
        blind.peek_rng = random.Random(5)
        again = TableSearcher(seat, paranoid=False, teams=False)
        again.peek_rng = random.Random(5)
        for m in legal(search_copy(base)):
            a = peeking.play_out(child(search_copy(base), m), 1)
            b = blind.play_out(child(search_copy(base), m), 1)
            assert b == again.play_out(child(search_copy(base), m), 1)
            assert a[seat] >= b[seat] - 1e-9
            differ = differ or a != b
    assert differ
    g = positions("classic+cutthroat", 3, seed=11)[2]
    a1 = make_player("hard", seed=4, peek=0, **FAST)
    a2 = make_player("hard", seed=4, peek=0, **FAST)
    assert a1.choose(g) is a2.choose(g)
    with pytest.raises(ValueError, match="peek must be"):
        make_player("hard", peek=3)


def test_the_table_defaults_blind_and_no_peeking_at_three_the_second_pass_in_teams() -> None:
    # Not given, tblind and peek take the table's default: at three seats the other seats judge
    # without seeing the hands and the seat's next turn is chosen without peeking; in teams
    # the second pass's search (the same moves and values as tblind=0,peek=1).
    from cuttle.ai.pimc_table import table_defaults

    p = make_player("hard")
    assert isinstance(p, DeterminizedPlayer)
    assert table_defaults(p, teams=False) == (True, False)
    assert table_defaults(p, teams=True) == (False, True)
    given = make_player("hard", tblind=0, peek=1)
    assert isinstance(given, DeterminizedPlayer)
    assert table_defaults(given, teams=False) == (False, True)
    for rules, same in (("classic+cutthroat", {"tblind": 1, "peek": 0}),
                        ("classic+teams", {"tblind": 0, "peek": 1})):
        for g in positions(rules, 2, seed=13):
            a = make_player("hard", seed=6, **FAST)
            b = make_player("hard", seed=6, **same, **FAST)
            assert isinstance(a, DeterminizedPlayer) and isinstance(b, DeterminizedPlayer)
            assert a.choose(g) is b.choose(g) and a.last_values == b.last_values


def test_the_other_seats_judged_by_medium_at_three_by_the_table_values_in_teams() -> None:
    # Not given, ``others`` is medium at a table of three (with its own budget of 80
    # simulations) and the hand-set values in teams (160): the defaults are the same search as
    # those options spelt out, and others=table at three is the fourth pass's search.
    from cuttle.ai.pimc_table import (
        MEDIUM_ITERATIONS,
        TABLE_ITERATIONS,
        table_budget,
        table_others,
    )

    p = make_player("hard")
    assert isinstance(p, DeterminizedPlayer)
    assert table_others(p, teams=False) == "medium" and table_others(p, teams=True) == "table"
    assert table_budget(p, teams=False) == MEDIUM_ITERATIONS == 80
    assert table_budget(p, teams=True) == TABLE_ITERATIONS == 160
    old = make_player("hard", others="table")
    assert isinstance(old, DeterminizedPlayer) and table_budget(old, teams=False) == 160
    given = make_player("hard", iterations=30)
    assert isinstance(given, DeterminizedPlayer) and table_budget(given, teams=False) == 30
    for rules, same in (("classic+cutthroat", {"others": "medium", "iterations": 80}),
                        ("classic+teams", {"others": "table", "iterations": 160})):
        for g in positions(rules, 2, seed=13):
            a = make_player("hard", seed=6)
            b = make_player("hard", seed=6, **same)
            assert isinstance(a, DeterminizedPlayer) and isinstance(b, DeterminizedPlayer)
            assert a.choose(g) is b.choose(g) and a.last_values == b.last_values
            assert a.last_iterations == b.last_iterations


def test_a_seat_judged_by_medium_takes_the_move_medium_rates_best() -> None:
    # others=medium: another seat's move in a simulation is the one after which medium's
    # evaluation of that seat's view of the table is highest; the seat's own moves are still
    # judged by the search's values.
    from cuttle.ai.pimc_table import medium_chance
    from cuttle.engine.search import child, search_copy
    from cuttle.engine.search import moves as legal

    checked = 0
    for g in positions("classic+cutthroat", 8, seed=21):
        if g.phase != "main":
            continue
        chooser = g.turn_player
        s = search_copy(g)
        moves = legal(s)
        ts = TableSearcher((chooser + 1) % 3, False, False)
        ts.judge = medium_chance
        ts.blind = True
        picked, (_vals, after) = ts.reply_of(s, moves, chooser)
        rated = [medium_chance(ts.settle(child(s, m))[1], chooser) for m in moves]
        assert rated[moves.index(picked)] == max(rated)
        assert medium_chance(after, chooser) == max(rated)
        assert ts.best_reply(s, moves, chooser)[0] == _vals
        checked += 1
    assert checked >= 3
