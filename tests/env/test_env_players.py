"""Our levels as their policies and bots, their bots as our players, and the arena seating them."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

import cuttle.env.openspiel  # noqa: E402, F401 - registers python_cuttle
from cuttle import Game  # noqa: E402
from cuttle.ai import LEVELS, levels_for, make_player  # noqa: E402
from cuttle.ai.arena import Match, run_match  # noqa: E402
from cuttle.cli import main  # noqa: E402
from cuttle.commands.arena import parse_seat, seat_player  # noqa: E402
from cuttle.env.actions import action_of, move_of  # noqa: E402
from cuttle.env.bots import LevelBot, OpenSpielPlayer, play_bots  # noqa: E402
from cuttle.env.pettingzoo import raw_env  # noqa: E402
from cuttle.env.players import LevelPolicy, check_level  # noqa: E402


def test_a_level_plays_pettingzoo_agents_as_it_plays_the_game() -> None:
    e = raw_env()
    e.reset(seed=9)
    policies = {a: LevelPolicy("medium", seed=i) for i, a in enumerate(e.possible_agents)}
    twins = [make_player("medium", seed=i) for i in range(2)]
    shadow = Game.new(seed=9)
    for agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        action = policies[agent](e, agent)
        assert obs["action_mask"][action] == 1
        assert action == action_of(twins[e.seat(agent)].choose(shadow))  # the same decision
        shadow.play(move_of(action))  # type: ignore[arg-type]
        e.step(action)
    assert shadow.outcome == e.game.outcome is not None


def test_a_policy_refuses_to_act_out_of_turn() -> None:
    e = raw_env()
    e.reset(seed=1)
    with pytest.raises(ValueError, match="it is not player_1's move"):
        LevelPolicy("random", seed=0)(e, "player_1")


def test_an_openspiel_bot_plays_our_game_from_its_view_only() -> None:
    player = OpenSpielPlayer("ismcts", seed=3, simulations=20)
    g = Game.new(seed=5, rules="cuttlecards")
    hidden = g.copy()
    while g.outcome is None:
        move = player.choose(g) if g.to_move == 0 else make_player("easy", seed=1).choose(g)
        assert move in g.legal_moves()
        g.play(move)
    # Seeded, and deciding from its view only: the same move on a twin of the start whose
    # cards seat 0 cannot see are dealt otherwise.
    twin = hidden.redeal(0, random.Random(1))
    assert twin.hands[1] != hidden.hands[1]
    for _ in range(3):
        assert (OpenSpielPlayer("ismcts", seed=3, simulations=20).choose(hidden)
                == OpenSpielPlayer("ismcts", seed=3, simulations=20).choose(twin))


def test_the_arena_seats_openspiel_bots() -> None:
    name, options = parse_seat("openspiel:mcts:simulations=10")
    assert (name, options) == ("openspiel:mcts", {"simulations": 10})
    assert parse_seat("hard:iterations=50") == ("hard", {"iterations": 50})
    match = Match("random", name, 2, 1, "classic", {}, options, seat_player)
    results = run_match(match)
    assert len(results) == 2 and all(r.plies > 0 for r in results)
    assert isinstance(seat_player("openspiel:random", seed=1), OpenSpielPlayer)
    # OpenSpiel's random bot in either seat (its own UniformRandomBot acts for player 0 only).
    results = run_match(Match("random", "openspiel:random", 4, 2, "classic", {}, {}, seat_player))
    assert {r.a_seat for r in results} == {0, 1} and all(r.plies > 0 for r in results)


def test_cuttle_arena_hard_openspiel_ismcts(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["arena", "easy", "openspiel:ismcts:simulations=10", "--games", "2",
                 "--seed", "4", "--jobs", "2", "--json"])
    out = capsys.readouterr().out
    assert code == 0
    summary = json.loads(out.splitlines()[-1])
    assert summary["b"] == "openspiel:ismcts:simulations=10" and summary["games"] == 2


@pytest.mark.parametrize(("spec", "message"), [
    ("openspiel:alphazero", "unknown OpenSpiel bot 'alphazero'"),
    ("openspiel:ismcts:depth=3", "unknown option for openspiel:ismcts: depth"),
    ("openspiel:ismcts:simulations", "bad option 'simulations'"),
])
def test_bad_openspiel_seats_exit_2_in_one_line(spec: str, message: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "medium", spec, "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_start_up_and_the_game_do_not_import_the_research_packages() -> None:
    probe = (
        "import json, sys\n"
        "from cuttle.cli import build_parser\n"
        "build_parser()\n"
        "import cuttle.play.session, cuttle.ai.arena, cuttle.commands.arena\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('pyspiel', 'open_spiel', 'pettingzoo', 'gymnasium', 'numpy') "
        "or m.startswith('cuttle.env'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         timeout=120, check=True).stdout
    assert json.loads(out.splitlines()[-1]) == []


MODES = ["classic+cutthroat", "cuttlecards+teams"]


def test_check_level_refuses_in_the_ais_own_words(pair: str) -> None:
    for rules in ["classic", "cuttlecards+joker"]:
        for level in LEVELS:
            check_level(level, rules)
        check_level(pair, rules)
    for rules in MODES:
        for level in levels_for(Game.new(seed=0, rules=rules).players):
            check_level(level, rules)
    with pytest.raises(ValueError, match=r"^the pair AI plays two-player games only, "
                                         r"not a table of 3$"):
        check_level("PAIR:iterations=5", "classic+cutthroat")


@pytest.mark.parametrize("rules", MODES)
def test_a_policy_refuses_a_mode_it_cannot_play_before_it_moves(rules: str, pair: str) -> None:
    seats = Game.new(seed=0, rules=rules).players
    refusal = f"^the pair AI plays two-player games only, not a table of {seats}$"
    with pytest.raises(ValueError, match=refusal):
        LevelPolicy(pair, seed=1, rules=rules)  # up front
    with pytest.raises(ValueError, match=refusal):
        LevelBot(pair, seed=1, rules=rules)
    e = raw_env(rules=rules)
    e.reset(seed=2)
    before = e.game.to_position()
    policy = LevelPolicy(pair, seed=1)  # no rules given: the level refuses at its first call
    with pytest.raises(ValueError, match=refusal):
        policy(e, e.agent_selection)
    assert e.game.to_position() == before
    # and at two seats it plays
    two = raw_env()
    two.reset(seed=2)
    action = LevelPolicy(pair, seed=1, rules="classic")(two, two.agent_selection)
    assert action in {action_of(m) for m in two.game.legal_moves()}


@pytest.mark.parametrize("rules", MODES)
def test_random_plays_every_seat_of_a_mode(rules: str) -> None:
    e = raw_env(rules=rules)
    e.reset(seed=6)
    policies = {a: LevelPolicy("random", seed=i, rules=rules)
                for i, a in enumerate(e.possible_agents)}
    for agent in e.agent_iter():
        _, _, terminated, truncated, _ = e.last()
        e.step(None if terminated or truncated else policies[agent](e, agent))
    assert e.game.outcome is not None
    game = pyspiel.load_game("python_cuttle", {"rules": rules})
    bots = [LevelBot("random", seed=s) for s in range(game.num_players())]
    assert sum(play_bots(game, bots, seed=4)) == pytest.approx(0.0)


def test_play_bots_refuses_a_level_or_a_count_of_bots_before_the_deal(pair: str) -> None:
    game = pyspiel.load_game("python_cuttle", {"rules": "classic+cutthroat"})
    with pytest.raises(ValueError, match="played by 3 seats: give one bot a seat, not 2"):
        play_bots(game, [LevelBot("random"), LevelBot("random")], seed=1)
    with pytest.raises(ValueError, match="the pair AI plays two-player games only"):
        play_bots(game, [LevelBot("random"), LevelBot(pair), LevelBot("random")], seed=1)
