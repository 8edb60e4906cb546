"""Perft counts from the fixed positions of tests/data/perft.json, and a way to regenerate them.

``python benchmarks/perft.py`` prints each case's count and whether it matches the stored one;
``--write`` stores fresh cases (start positions and mid-game positions reached by seeded random
play) — only after checking a rule change is intended.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

from cuttle import Game
from cuttle.engine.perft import perft

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "perft.json"


def make_cases() -> list[dict[str, object]]:
    """Start positions and mid-game positions of both presets, a few variant sets and the
    modes of three and four seats (the two-player cases first, as they always were)."""
    cases: list[dict[str, object]] = []
    for rules in ("classic", "cuttlecards", "classic+joker+ten-counters-scuttle",
                  "cuttlecards+four-random+eight-oneoff+nine-to-deck"):
        for seed in (1, 2):
            g = Game.new(seed=seed, rules=rules)
            cases.append({"rules": rules, "position": g.to_position(), "depth": 4})
            rng = random.Random(seed)
            for _ in range(18):
                if g.outcome is not None:
                    break
                g.play(rng.choice(g.legal_moves()))
            if g.outcome is None:
                cases.append({"rules": rules, "position": g.to_position(), "depth": 4})
    # A crowded table: jacks (one stacked twice), queens, glasses, kings, 2s on both sides.
    busy = {
        "turn_player": 0,
        "hands": [["2C", "9D", "JH", "3S", "4H", "7C", "AS"], ["2D", "2H", "QC", "6S", "TC"]],
        "points": [["TS+JD", "5H"], ["8D", "4C+JC+JS"]],
        "permanents": [["8S"], ["QD", "KH"]],
        "deck": ("5C AH 7H 3C KD 6D 8C 4D 2S AC AD 3D 3H 9C 4S 5D 5S 6C 6H 7D 7S 8H "
                 "9H 9S TD TH QH QS KC KS").split(),
        "scrap": [],
    }
    for rules in ("classic", "cuttlecards"):
        g = Game.from_position(busy, rules=rules)
        cases.append({"rules": rules, "position": g.to_position(), "depth": 3})
    cases += _mode_cases()
    return cases


def _mode_cases() -> list[dict[str, object]]:
    """Three and four seats (issue 29): the start and a mid-game position of every mode, and a
    crowded table per mode with stacks of jacks and jokers, queens, kings and glasses."""
    cases: list[dict[str, object]] = []
    for rules in ("classic+cutthroat", "cuttlecards+cutthroat", "classic+teams",
                  "cuttlecards+teams"):
        depth = 4
        for seed in (1, 2):
            g = Game.new(seed=seed, rules=rules)
            cases.append({"rules": rules, "position": g.to_position(), "depth": depth})
            rng = random.Random(seed)
            for _ in range(24):
                if g.outcome is not None:
                    break
                g.play(rng.choice(g.legal_moves()))
            if g.outcome is None:
                cases.append({"rules": rules, "position": g.to_position(), "depth": depth})
    crowded: dict[str, dict[str, object]] = {
        "cutthroat": {
            "turn_player": 0,
            "hands": [["2C", "9D", "JH", "X2", "4H", "7C", "KH"], ["2D", "2H", "6S"],
                      ["9C", "3S"]],
            "points": [["TS@1+JD@0"], ["8D", "4C@2+JC@1"], ["3H"]],
            "permanents": [["8S"], ["QD"], ["KC@0+X1@2"]],
        },
        "teams": {
            "turn_player": 0,
            "hands": [["2C", "9D", "JH", "X2", "4H"], ["2D", "9H", "6S"], ["9C", "3S"],
                      ["QS", "KD"]],
            "points": [["TS@1+JD@3>0", "5H"], ["8D"], ["4C@0+JC@1>2"], []],
            "permanents": [["8S"], ["QD"], ["KC@3+X1@2"], ["KH"]],
        },
    }
    for mode, table in crowded.items():
        for preset in ("classic", "cuttlecards"):
            rules = f"{preset}+{mode}"
            rows = [row for key in ("hands", "points", "permanents")
                    for row in table[key]]  # type: ignore[attr-defined]
            named = {part.split("@")[0] for row in rows for e in row for part in e.split("+")}
            pos = {**table, "rules": rules, "scrap": [],
                   "deck": [c for c in _ALL if c not in named]}
            g = Game.from_position(pos)
            cases.append({"rules": rules, "position": g.to_position(), "depth": 3})
    return cases


_ALL = [r + s for r in "A23456789TJQK" for s in "CDHS"] + ["X1", "X2"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", action="store_true", help="regenerate tests/data/perft.json")
    args = parser.parse_args()
    if args.write:
        cases = make_cases()
        for case in cases:
            g = Game.from_position(case["position"])  # type: ignore[arg-type]
            case["nodes"] = perft(g, case["depth"])  # type: ignore[arg-type]
        DATA.write_text(json.dumps(cases, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {len(cases)} cases to {DATA}")
        return
    for case in json.loads(DATA.read_text(encoding="utf-8")):
        g = Game.from_position(case["position"])
        start = time.perf_counter()
        n = perft(g, case["depth"])
        ok = "ok" if n == case["nodes"] else f"MISMATCH (stored {case['nodes']})"
        print(f"{case['rules']:<48} depth {case['depth']} {n:8d} nodes "
              f"{time.perf_counter() - start:6.2f}s {ok}")


if __name__ == "__main__":
    main()
