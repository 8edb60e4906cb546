"""Fit the table of cuttle/ai/hand_prior.py: what an opponent keeps in hand, by rank and stage.

Plays games between two levels (``--players A/B``, seats swapped every other game) under each
preset and, at every main-phase decision of A, counts for each card A cannot see whether it is in
B's hand, against how often a uniform deal would put it there (the hand's hidden share of all the
cards A cannot see). The ratio of the two, per rank and per stage of the game (the deck's size,
:data:`cuttle.ai.hand_prior.STAGES`), is the table; ``--write`` stores it in the package.

The deals come from seeds 2 * 10**9 + i, far from the seeds of the arena runs in docs/ai.md.

    python benchmarks/fit_hand_prior.py --games 2000 --jobs 2 --write
"""

from __future__ import annotations

import argparse
import multiprocessing
import re
from pathlib import Path

from cuttle import Game
from cuttle.ai import make_player
from cuttle.ai.arena import parse_level
from cuttle.ai.hand_prior import PRIOR, stage

ROOT = Path(__file__).resolve().parent.parent
PRIOR_FILE = ROOT / "cuttle" / "ai" / "hand_prior.py"
SEED_BASE = 2 * 10**9
RANKS = 13
STAGE_COUNT = 3

Counts = list[list[float]]  # [stage][rank]


def play(job: tuple[str, int, str]) -> tuple[Counts, Counts]:
    """One game: (cards in B's hand, cards a uniform deal would put there) per stage and rank,
    counted at A's main-phase decisions."""
    rules, index, players = job
    seed = SEED_BASE + index
    a, b = players.split("/")
    (na, oa), (nb, ob) = parse_level(a), parse_level(b)
    seat = index % 2
    bots = {seat: make_player(na, seed=seed, **oa), 1 - seat: make_player(nb, seed=seed + 1, **ob)}
    held = [[0.0] * RANKS for _ in range(STAGE_COUNT)]
    uniform = [[0.0] * RANKS for _ in range(STAGE_COUNT)]
    g = Game.new(seed=seed, rules=rules)
    for _ in range(2000):
        if g.outcome is not None or g.to_move is None:
            break
        if g.to_move == seat and g.phase == "main":
            known = g.known
            hidden = [c for c in g.hands[1 - seat] if not known >> c & 1]
            unseen = hidden + [c for c in g.deck if not known >> c & 1]
            if hidden and len(unseen) > len(hidden):
                share = len(hidden) / len(unseen)
                row = stage(len(g.deck))
                for c in hidden:
                    if c < 52:
                        held[row][c >> 2] += 1
                for c in unseen:
                    if c < 52:
                        uniform[row][c >> 2] += share
        g.play(bots[g.to_move].choose(g))
    return held, uniform


def fit(rules: str, games: int, players: str, jobs: int) -> tuple[tuple[float, ...], ...]:
    """The table's rows for ``rules``: per stage, the held / uniform ratio of each rank."""
    held = [[0.0] * RANKS for _ in range(STAGE_COUNT)]
    uniform = [[0.0] * RANKS for _ in range(STAGE_COUNT)]
    jobs_list = [(rules, i, players) for i in range(games)]
    with multiprocessing.Pool(jobs) as pool:
        for h, u in pool.imap_unordered(play, jobs_list, chunksize=4):
            for s in range(STAGE_COUNT):
                for r in range(RANKS):
                    held[s][r] += h[s][r]
                    uniform[s][r] += u[s][r]
    return tuple(
        tuple(round(held[s][r] / uniform[s][r], 2) if uniform[s][r] else 1.0 for r in range(RANKS))
        for s in range(STAGE_COUNT)
    )


def table_text(prior: dict[str, tuple[tuple[float, ...], ...]]) -> str:
    """The PRIOR assignment as it stands in hand_prior.py."""
    lines = ["PRIOR: dict[str, tuple[tuple[float, ...], ...]] = {"]
    for preset, rows in prior.items():
        lines.append(f'    "{preset}": (')
        lines += ["        (" + ", ".join(f"{x:.2f}" for x in row) + ")," for row in rows]
        lines.append("    ),")
    lines.append("}")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000, help="games per preset")
    ap.add_argument("--rules", default="classic,cuttlecards", help="presets, comma-separated")
    ap.add_argument("--players", default="hard:iterations=30/medium",
                    help="A/B: A's decisions are where B's hand is counted")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--write", action="store_true", help="store the table in the package")
    args = ap.parse_args()
    prior = dict(PRIOR)
    for rules in args.rules.split(","):
        prior[rules] = fit(rules, args.games, args.players, args.jobs)
        print(rules)
        for s, row in enumerate(prior[rules]):
            print(f"  stage {s}: " + " ".join(f"{x:.2f}" for x in row))
    if args.write:
        text = PRIOR_FILE.read_text()
        text = re.sub(r"PRIOR: dict\[.*?\n}", lambda _: table_text(prior), text, flags=re.S)
        PRIOR_FILE.write_text(text)
        print(f"wrote {PRIOR_FILE}")


if __name__ == "__main__":
    main()
