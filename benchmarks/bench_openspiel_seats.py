"""OpenSpiel's ISMCTS against random seats in a game of three or four, and its time a decision.

Run: ``python benchmarks/bench_openspiel_seats.py [--rules R] [--games N] [--simulations S]
[--seed K] [--out FILE] [--time N]``. Game ``i`` deals ``python_cuttle``'s deal ``i // seats``
(each deal once with ISMCTS in every seat, so no seat's advantage favours it) and puts
OpenSpiel's Python ``ISMCTSBot`` (``cuttle.env.bots.make_bot``: a random rollout per simulation,
UCT constant 2) in seat ``i % seats`` and our ``random`` level in every other. Prints one line
a game (as it ends: a long run can be read while it goes) and a JSON summary last: ISMCTS's
wins, draws and win rate with its 95% Wilson interval (a random seat's share is 1/3 in
cutthroat, 1/2 in teams, where ISMCTS's partner is random), its mean return, and its seconds a
decision (wall and CPU).

``--time N`` plays no such games: it times N decisions of ISMCTS as ``cuttle arena`` seats it
(``openspiel:ismcts``, ``OpenSpielPlayer``: a state built from the seat's view) on positions of
games of mediums where the mover has a choice (every seventh such position), and measures the
random rollouts its evaluator plays from them (moves per rollout, the share ending drawn): one
JSON line, the seconds a decision (CPU and wall, median and largest).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

import numpy as np
import pyspiel

import cuttle.env.openspiel  # noqa: F401 - registers python_cuttle
from cuttle import Game
from cuttle.ai import make_player
from cuttle.ai.arena import wilson
from cuttle.env.bots import LevelBot, make_bot
from cuttle.env.scoring import winners


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="classic+cutthroat")
    parser.add_argument("--games", type=int, default=21)
    parser.add_argument("--simulations", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=None, help="also append each line to this file")
    parser.add_argument("--time", type=int, default=0, metavar="N",
                        help="time N decisions on positions of games of mediums instead")
    args = parser.parse_args()
    if args.time:
        print(json.dumps(time_decisions(args.rules, args.time, args.simulations, args.seed)))
        return
    game = pyspiel.load_game("python_cuttle", {"rules": args.rules, "seed": args.seed})
    seats = game.num_players()

    def say(text: str) -> None:
        print(text, flush=True)
        if args.out:
            with open(args.out, "a", encoding="utf-8") as f:
                f.write(text + "\n")

    wins = draws = decisions = 0
    total_return = wall = cpu = 0.0
    plies = 0
    for i in range(args.games):
        seat = i % seats
        bots: list[object] = [LevelBot("random", seed=args.seed * 1000 + i * seats + s)
                              for s in range(seats)]
        ismcts = make_bot("ismcts", game, args.seed * 1000 + i, simulations=args.simulations)
        bots[seat] = ismcts
        state = game.new_initial_state()
        state.apply_action(i // seats)
        while not state.is_terminal():
            player = state.current_player()
            if player == seat:
                w0, c0 = time.perf_counter(), time.process_time()
                action = ismcts.step(state)
                wall += time.perf_counter() - w0
                cpu += time.process_time() - c0
                decisions += 1
            else:
                action = bots[player].step(state)  # type: ignore[attr-defined]
            state.apply_action(int(action))
            plies += 1
        outcome = state.game.outcome
        won = seat in winners(outcome, seats)
        wins += won
        draws += outcome == "draw"
        total_return += state.returns()[seat]
        result = "won" if won else "drew" if outcome == "draw" else "lost"
        say(f"game {i + 1}: deal {i // seats}, ismcts in seat {seat}, outcome {outcome}, "
            f"{len(state.public)} plies, ismcts {result}")
    lo, hi = wilson(wins, args.games)
    say(json.dumps({
        "rules": args.rules, "seats": seats, "games": args.games, "simulations": args.simulations,
        "seed": args.seed, "ismcts_wins": wins, "draws": draws,
        "ismcts_win_rate": round(wins / args.games, 4), "ci95": [round(lo, 4), round(hi, 4)],
        "ismcts_mean_return": round(total_return / args.games, 4),
        "mean_plies": round(plies / args.games, 1),
        "ismcts_sec_per_decision_wall": round(wall / max(decisions, 1), 3),
        "ismcts_sec_per_decision_cpu": round(cpu / max(decisions, 1), 3),
    }))


def positions_of_mediums(rules: str, n: int, seed: int) -> list[Game]:
    """``n`` positions of games of mediums (deals ``seed``, ``seed + 1``, ...): every seventh
    position where the mover has more than one legal move."""
    out: list[Game] = []
    deal = seed
    while len(out) < n:
        game = Game.new(seed=deal, rules=rules)
        players = [make_player("medium", seed=deal * 10 + s) for s in range(game.players)]
        chosen = 0
        while game.outcome is None and len(out) < n:
            if len(game.legal_moves()) > 1:
                if chosen % 7 == 0:
                    out.append(game.copy())
                chosen += 1
            game.play(players[game.to_move].choose(game))  # type: ignore[index]
        deal += 1
    return out


def time_decisions(rules: str, n: int, simulations: int, seed: int) -> dict[str, object]:
    """ISMCTS's seconds a decision (``OpenSpielPlayer``, as the arena seats it) on ``n``
    positions of games of mediums, and the length of the random rollouts from them."""
    from cuttle.env.bots import OpenSpielPlayer

    cpu: list[float] = []
    wall: list[float] = []
    lengths: list[int] = []
    draws = 0
    rs = np.random.RandomState(seed)
    for i, position in enumerate(positions_of_mediums(rules, n, seed)):
        player = OpenSpielPlayer("ismcts", seed=seed + i, simulations=simulations)
        w0, c0 = time.perf_counter(), time.process_time()
        player.choose(position)
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
        seat = position.to_move
        assert seat is not None
        game = player._game(rules)
        for _ in range(20):  # what its evaluator plays: uniformly random moves to the end
            state = game.state_from_game(Game.from_view(position.view(seat),
                                                        random.Random(int(rs.randint(1 << 30)))))
            length = 0
            while not state.is_terminal():
                state.apply_action(int(rs.choice(state.legal_actions())))
                length += 1
            lengths.append(length)
            draws += state.game.outcome == "draw"
    return {
        "rules": rules, "decisions": n, "simulations": simulations, "seed": seed,
        "cpu_median": round(statistics.median(cpu), 3), "cpu_max": round(max(cpu), 3),
        "wall_median": round(statistics.median(wall), 3), "wall_max": round(max(wall), 3),
        "rollout_moves_mean": round(statistics.mean(lengths), 1),
        "rollout_moves_max": max(lengths),
        "rollouts_drawn": round(draws / len(lengths), 3),
    }


if __name__ == "__main__":
    main()
