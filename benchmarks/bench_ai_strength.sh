#!/bin/sh
# The arena runs behind the figures in docs/ai.md (outputs in benchmarks/arena/).
cd "$(dirname "$0")/.." || exit 1
mkdir -p benchmarks/arena
run() { out=$1; shift; python -m cuttle arena "$@" --jobs ${JOBS:-2} --json > "benchmarks/arena/$out.txt" 2>&1; }
run hard-medium-classic hard medium --games ${HARD_GAMES:-120} --seed 21
run hard-medium-cuttlecards hard medium --games ${HARD_GAMES:-120} --seed 21 --rules cuttlecards
run hard-random-classic hard random --games 60 --seed 21
run hard100-medium-classic hard:iterations=100 medium --games 60 --seed 21
run hard300-medium-classic hard:iterations=300 medium --games 60 --seed 21
