"""File-layer speed: replay and resume of a very long legal record (issue 11).

Classic rules allow a game without end: with the deck empty, a player holding a 3 while the other
3 is in the scrap plays the 3, takes the other 3 back, the opponent resolves and passes, and so
on. This script finds such a position by seeded random play, extends the game to N moves with
that loop, writes the record and times ``cuttle replay FILE`` (piped) and the rebuild that
``cuttle play --resume`` does, with peak memory.

    python benchmarks/bench_files.py --moves 100000
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cuttle import Game


def endless_record(moves: int, seed0: int = 1) -> dict[str, object]:
    """A legal classic record of exactly ``moves`` moves that never ends."""
    for seed in range(seed0, seed0 + 5000):
        rng = random.Random(seed)
        g = Game.new(seed=seed)
        while g.outcome is None and len(g.history) < 400:
            legal = g.legal_moves()
            if g.phase == "main" and not g.to_position()["deck"]:
                p = g.to_move
                pos = g.to_position()
                threes = [c for c in pos["hands"][p] if c.startswith("3")]
                if threes and any(c.startswith("3") for c in pos["scrap"]):
                    seq = [str(m) for _, m in g.history]
                    try:
                        return _loop(seed, seq, moves)
                    except ValueError:
                        pass
            safe = [m for m in legal if not str(m).startswith(("points", "perm K"))] or legal
            g.play(rng.choice(safe))
    raise SystemExit("no looping position found")


def _loop(seed: int, seq: list[str], moves: int) -> dict[str, object]:
    g = Game.new(seed=seed)
    for m in seq:
        g.play(m)
    while len(seq) < moves:
        p = g.to_move
        assert p is not None
        if g.phase == "main" and g.turn_player == p:
            hand = g.to_position()["hands"][p]
            threes = [c for c in hand if c.startswith("3")]
            loop = threes and _mine(g, p)
            move = f"oneoff {threes[0]}" if loop else "pass"
        elif g.phase == "counter":
            move = "resolve"
        elif g.phase == "resolve_three":
            other = [c for c in g.to_position()["scrap"] if c.startswith("3")]
            move = f"take {other[-1]}"
        else:
            raise ValueError(g.phase)
        g.play(move)
        seq.append(move)
        if g.outcome is not None:
            raise ValueError("ended")
    return {"format": "cuttle-game/1", "rules": "classic", "seed": seed,
            "players": ["A", "B"], "controllers": ["human", "human"],
            "moves": seq[:moves], "outcome": None, "reason": None}


_looper: dict[int, int] = {}


def _mine(g: Game, p: int) -> bool:
    """Only the player who started the loop plays 3s; the other passes."""
    return _looper.setdefault(id(g), p) == p


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--moves", type=int, default=100_000)
    args = ap.parse_args()
    t = time.perf_counter()
    rec = endless_record(args.moves)
    print(f"built a legal {args.moves}-move record in {time.perf_counter() - t:.1f} s")
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "long.json"
        path.write_text(json.dumps(rec))
        print(f"record: {path.stat().st_size:,} bytes")
        t = time.perf_counter()
        r = subprocess.run([sys.executable, "-m", "cuttle", "replay", str(path)],
                           capture_output=True, text=True)
        took = time.perf_counter() - t
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        print(f"cuttle replay (piped): exit {r.returncode}, {took:.1f} s, "
              f"{len(r.stdout):,} bytes out, peak RSS {peak:.0f} MB")
        from cuttle.files.storage import GameRecord, rebuild

        t = time.perf_counter()
        rebuild(GameRecord.from_json(rec))
        print(f"rebuild (the check --resume and replay do first): {time.perf_counter() - t:.1f} s")


if __name__ == "__main__":
    main()
