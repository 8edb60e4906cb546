"""Summarise a table arena's ``--log`` file (one JSON line a game), as ``cuttle arena`` would
have at the end: for runs stopped before their last game (benchmarks/bench_ai_modes.sh).

    python benchmarks/bench_ai_modes_log.py FILE --rules classic+teams --seed 9001 hard medium

Only whole rounds are counted (cutthroat: the three rotations of a deal; teams: both first
seats), so no seat's advantage favours an entrant in a partial run either.
"""

from __future__ import annotations

import argparse
import json

from cuttle.ai.table_arena import TableMatch, TableResult, labels_of, summarize_table, table_report
from cuttle.rules import Rules


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("log")
    ap.add_argument("entrants", nargs="+")
    ap.add_argument("--rules", required=True)
    ap.add_argument("--seed", type=int, required=True)
    args = ap.parse_args()
    rules = Rules.parse(args.rules)
    per = 2 if rules.teams else rules.players
    rows = [json.loads(line) for line in open(args.log, encoding="utf-8") if line.strip()]
    by_index = {r["index"]: r for r in rows}
    whole = [i for i in sorted(by_index) if all(i - i % per + k in by_index for k in range(per))]
    results = [TableResult(i, tuple(by_index[i]["seating"]), by_index[i]["winner"],
                           by_index[i]["plies"], tuple(tuple(t) for t in by_index[i]["times"]))
               for i in whole]
    match = TableMatch(tuple(args.entrants), tuple({} for _ in args.entrants), len(results),
                       args.seed, str(rules))
    summary = summarize_table(match, results, labels_of(args.entrants))
    print(table_report(summary))
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
