#!/bin/sh
# The arena runs behind the hard figures in docs/ai.md (outputs in benchmarks/arena/).
# About an hour on 2 cores. JOBS=2 by default; keep the machine otherwise idle for the timings.
cd "$(dirname "$0")/.." || exit 1
mkdir -p benchmarks/arena
run() { out=$1; shift; python -m cuttle arena "$@" --jobs ${JOBS:-2} --json > "benchmarks/arena/$out.txt" 2>&1; }
# Headline: hard (default budget) against medium and random, both presets.
run hard-medium-classic hard medium --games 400 --seed 7
run hard-medium-cuttlecards hard medium --games 400 --seed 7 --rules cuttlecards
run hard-random-classic hard random --games 200 --seed 7
run hard-random-cuttlecards hard random --games 200 --seed 7 --rules cuttlecards
# Win rate by budget (classic, the first 100 games of the same deals).
for n in 100 300 3000; do
  run hard$n-medium-classic hard:iterations=$n medium --games 100 --seed 7
done
