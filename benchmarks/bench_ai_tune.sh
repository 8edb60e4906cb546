#!/bin/sh
# Tuning runs of the hard AI against medium (output in benchmarks/arena/tune-*.txt), e.g.
#   sh benchmarks/bench_ai_tune.sh hard:opponent=minimax hard:depth=1 hard:iterations=300
cd "$(dirname "$0")/.." || exit 1
mkdir -p benchmarks/arena
for spec in "$@"; do
  name=$(echo "$spec" | tr ':,=' '___')
  python -m cuttle arena "$spec" medium --games ${GAMES:-100} --jobs ${JOBS:-2} --seed ${SEED:-11} \
    --rules ${RULES:-classic} --json > "benchmarks/arena/tune-${RULES:-classic}-$name.txt" 2>&1
done
