#!/bin/sh
# The arena runs behind the figures of hard at three and four seats in docs/ai.md ("Three and four
# seats: hard"); outputs in benchmarks/arena/modes-*.txt (each file: the report, then one JSON line).
# The issue's rows want 300 games each (cutthroat: 100 of each rotation; ISMCTS rows 120): GAMES and
# ISGAMES set how many; the defaults are what a shared 2-core machine finished in one session.
# SEED: the deals (the model was chosen on seed 101, the root pruning on 3501: report on others).
# JOBS: worker processes. Each run also keeps its games (--log, one JSON line a game) beside the
# report, so a run stopped early is summed by benchmarks/bench_ai_modes_log.py.
# Run under nice on a shared machine: nice -n 10 sh benchmarks/bench_ai_modes.sh
cd "$(dirname "$0")/.." || exit 1
mkdir -p benchmarks/arena
G=${GAMES:-300}
I=${ISGAMES:-120}
S=${SEED:-9001}
run() { out=$1; shift; python -m cuttle arena "$@" --seed "$S" --jobs "${JOBS:-2}" --json \
  --log "benchmarks/arena/modes-$out-$S.jsonl" > "benchmarks/arena/modes-$out-$S.txt" 2>&1; }
# hard against two mediums in classic+cutthroat, its games kept beside the report: the pass (the
# files' prefix), games, seed, JOBS's default, hard's options ("" or ":OPTIONS"), the label.
vs_mediums() { python -m cuttle arena "hard$5" medium medium --rules classic+cutthroat \
  --games "$2" --seed "$3" --jobs "${JOBS:-$4}" --json \
  --log "benchmarks/arena/modes-$1-$6-$3.jsonl" > "benchmarks/arena/modes-$1-$6-$3.txt" 2>&1; }
# A classic+cutthroat run of 120 games kept beside its report (the OpenSpiel rows): the pass,
# the label, the seed, then the three seats.
run120() { pass=$1 label=$2 seed=$3; shift 3
  python -m cuttle arena "$@" --rules classic+cutthroat --games 120 --seed "$seed" \
    --jobs "${JOBS:-1}" --json --log "benchmarks/arena/modes-$pass-$label-$seed.jsonl" \
    > "benchmarks/arena/modes-$pass-$label-$seed.txt" 2>&1; }
# A screen of hard's table options against two mediums, on the same 30 deals (90 games) each.
screen() { vs_mediums screen 90 3501 2 ":$1" "$2"; }
case "${1:-all}" in
  models|all)
    # The opponent model: each against the other (seed 101, the tuning seed).
    python -m cuttle arena hard:table=maxn hard:table=paranoid hard:table=paranoid \
      --rules classic+cutthroat --games 30 --seed 101 --jobs "${JOBS:-2}" --json \
      > benchmarks/arena/modes-model-maxn-vs-paranoid-cutthroat-101.txt 2>&1
    python -m cuttle arena hard:table=maxn hard:table=paranoid --rules classic+teams \
      --games 30 --seed 101 --jobs "${JOBS:-2}" --json \
      > benchmarks/arena/modes-model-maxn-vs-paranoid-teams-101.txt 2>&1
    [ "${1:-all}" = all ] || exit 0 ;;
esac
case "${1:-all}" in
  screen)
    # Root pruning by medium's ranking (prune=K: medium's best K moves searched on its own
    # turn; 0 searches every move), the share-of-the-win leaf, medium's evaluation as the leaf.
    screen prune=0 prune0
    for k in 2 4 6; do screen "prune=$k" "prune$k"; done
    screen prune=0,share=12 share12
    screen prune=4,leaf=medium prune4-leafmedium
    screen prune=4,depth=1 prune4-depth1
    screen prune=4,later=0.8 prune4-later08
    exit 0 ;;
esac
case "${1:-all}" in
  third)
    # The third pass (docs/ai.md): each option against the default on the same deals of seed
    # 3502 (the first 90 games of 3501 chose prune=4, so every change looks worse there), then
    # compared game by game: python benchmarks/bench_ai_modes_pair.py NEW.jsonl BASE.jsonl
    third() { vs_mediums third 240 3502 2 "$1" "$2"; }
    # (the base of the screens: the second pass's default, tblind=0,peek=1 since the third)
    third :tblind=0,peek=1 seconddefault
    third :peek=0,tblind=0 peek0
    third :tblind=1,peek=1 tblind1
    third :peek=0,tblind=1 peek0-tblind1
    third :later=1,tblind=0,peek=1 later1
    # the confirmation on fresh deals (seed 9301): the new default and the second pass's
    vs_mediums third 300 9301 2 "" peek0-tblind1
    vs_mediums third 300 9301 2 :tblind=0,peek=1 seconddefault
    python -m cuttle arena hard medium --rules classic+teams --games 100 --seed 9301 \
      --jobs "${JOBS:-2}" --json --log benchmarks/arena/modes-third-teams-default-9301.jsonl \
      > benchmarks/arena/modes-third-teams-default-9301.txt 2>&1
    exit 0 ;;
esac
case "${1:-all}" in
  fourth)
    # The fourth pass (docs/ai.md): the fitted leaf. Its weights first (self-play of mediums,
    # deals 7_700_000 and up, never an arena deal: --check-seeds says so):
    #   python benchmarks/tune_table_eval.py --games 4000 --rules classic+cutthroat --write
    #   (and --games 1200 classic+teams, 2500 cuttlecards+cutthroat, 600 cuttlecards+teams)
    # then each option against the default's games of seed 3502 (cutthroat) and 9302 (teams),
    # compared game by game with benchmarks/bench_ai_modes_pair.py (teams: --per 2).
    fourth() { vs_mediums fourth 120 3502 2 "$1" "$2"; }
    fourth :leaf=fit leaffit
    fourth :others=fit othersfit
    fourth :leaf=fit,others=fit fitboth
    fourth :leaf=fit,others=fit,prune=6 fitboth-prune6
    python -m cuttle arena hard:leaf=fit medium --rules classic+teams --games 100 --seed 9302 \
      --jobs "${JOBS:-2}" --json --log benchmarks/arena/modes-fourth-teams-leaffit-9302.jsonl \
      > benchmarks/arena/modes-fourth-teams-leaffit-9302.txt 2>&1
    # the confirmation on fresh deals (seed 9501): the new default (leaf=fit) and, on the same
    # deals, the hand-set leaf; then the teams row
    vs_mediums fourth 300 9501 2 "" final-cutthroat
    vs_mediums fourth 300 9501 2 :leaf=table final-cutthroat-leaftable
    python -m cuttle arena hard medium --rules classic+teams --games 100 --seed 9501 \
      --jobs "${JOBS:-2}" --json --log benchmarks/arena/modes-fourth-final-teams-9501.jsonl \
      > benchmarks/arena/modes-fourth-final-teams-9501.txt 2>&1
    exit 0 ;;
esac
case "${1:-all}" in
  sixth)
    # The sixth pass (docs/ai.md): each option against the default's games of seed 9801 (the
    # fifth pass's modes-fifth-final-9801.jsonl: the arena replays them game for game), compared
    # with benchmarks/bench_ai_modes_pair.py; the runs of the docs were stopped once level.
    sixth() { vs_mediums sixth-screen 300 9801 1 ":$1" "$2"; }
    sixth prune=6 prune6
    sixth others=reply,iterations=40 reply40
    sixth others=reply,iterations=80 reply80
    sixth tail=1,iterations=60 tail60
    sixth own=medium,iterations=60 own60
    sixth others=reply,own=medium,tail=1,iterations=50 roll50
    sixth prune=3 prune3
    sixth peek=1 peek1
    # the default on fresh deals (seeds 9951 and 9952)
    for s in 9951 9952; do vs_mediums sixth 300 "$s" 1 "" final; done
    exit 0 ;;
esac
case "${1:-all}" in
  seventh)
    # The seventh pass (docs/ai.md). hard's decisions judged against rollouts (seed 9971):
    python benchmarks/bench_ai_table_truth.py collect --games 80 --seed 9971 \
      --out benchmarks/arena/truth-positions-9971.jsonl
    python benchmarks/bench_ai_table_truth.py truth benchmarks/arena/truth-positions-9971.jsonl \
      --rollouts 150 --top 5 --jobs "${JOBS:-2}" --out benchmarks/arena/truth-values-9971.jsonl
    # (then: python benchmarks/bench_ai_table_truth.py judge benchmarks/arena/truth-values-9971.jsonl
    #  medium hard hard:iterations=320 ...). The options played on the sixth pass's fresh seeds,
    # paired with its modes-sixth-final-*.jsonl by benchmarks/bench_ai_modes_pair.py:
    for s in 9951 9952; do
      vs_mediums seventh 300 "$s" 1 :others=reply,prune=5,iterations=120 reply-prune5-it120
      vs_mediums seventh 300 "$s" 1 :model=1 model1
      python benchmarks/bench_ai_table_ceiling.py --seed "$s" --games 300 --sees all \
        --log "benchmarks/arena/modes-seventh-ceiling-all-$s.jsonl" \
        > "benchmarks/arena/modes-seventh-ceiling-all-$s.txt" 2>&1
      python benchmarks/bench_ai_table_ceiling.py --seed "$s" --games 300 --sees hands \
        --log "benchmarks/arena/modes-seventh-ceiling-hands-$s.jsonl" \
        > "benchmarks/arena/modes-seventh-ceiling-hands-$s.txt" 2>&1
    done
    # against two ISMCTS (seed 9451, paired with modes-sixth-ismcts-ismcts-cutthroat-9451.jsonl)
    python benchmarks/bench_ai_table_ceiling.py --seed 9451 --games 120 --sees all \
      --opponent openspiel:ismcts --log benchmarks/arena/modes-seventh-ceiling-all-ismcts-9451.jsonl \
      > benchmarks/arena/modes-seventh-ceiling-all-ismcts-9451.txt 2>&1
    for x in "table=paranoid table-paranoid" "soft=5 soft-5"; do
      set -- $x
      run120 seventh "ismcts-$2" 9451 "hard:$1" openspiel:ismcts openspiel:ismcts
    done
    exit 0 ;;
  eighth)
    # The eighth pass (docs/ai.md): where the sighted and the fair hard part...
    python benchmarks/bench_ai_table_diverge.py --seed 9951 --sees hands --limit 44 \
      benchmarks/arena/modes-seventh-ceiling-hands-9951.jsonl \
      benchmarks/arena/modes-sixth-final-9951.jsonl > benchmarks/arena/modes-eighth-diverge-9951.txt
    # ... the hands seen from the seat's second own turn on (paired with
    # modes-sixth-final-*.jsonl and modes-seventh-ceiling-*.jsonl)...
    for s in 9951 9952; do
      python benchmarks/bench_ai_table_ceiling.py --seed "$s" --games 300 --sees hands \
        --blind-first 1 --log "benchmarks/arena/modes-eighth-ceiling-hands-blind1-$s.jsonl" \
        > "benchmarks/arena/modes-eighth-ceiling-hands-blind1-$s.txt" 2>&1
    done
    # ... the decisions judged by the seat's own turn ...
    python benchmarks/bench_ai_table_truth.py judge benchmarks/arena/truth-values-9971.jsonl \
      medium hard hard:iterations=320 > benchmarks/arena/truth-judge-byturn-9971.txt 2>&1
    # ... and against two ISMCTS on a fresh seed, seeing every card and fairly
    python benchmarks/bench_ai_table_ceiling.py --seed 9453 --games 120 --sees all \
      --opponent openspiel:ismcts --log benchmarks/arena/modes-eighth-ceiling-all-ismcts-9453.jsonl \
      > benchmarks/arena/modes-eighth-ceiling-all-ismcts-9453.txt 2>&1
    run120 eighth ismcts-ismcts-cutthroat 9453 hard openspiel:ismcts openspiel:ismcts
    # others=race against two ISMCTS on the same deals (and on 9456, with the default beside it),
    # and against two mediums (paired with modes-sixth-final-9951.jsonl)
    run120 eighth ismcts-race 9453 hard:others=race openspiel:ismcts openspiel:ismcts
    run120 eighth ismcts-fair 9456 hard openspiel:ismcts openspiel:ismcts
    run120 eighth ismcts-race 9456 hard:others=race openspiel:ismcts openspiel:ismcts
    vs_mediums eighth 300 9951 1 :others=race race
    python benchmarks/bench_ai_table_ceiling.py --seed 9453 --games 120 --sees all \
      --opponent openspiel:ismcts --player hard:others=race \
      --log benchmarks/arena/modes-eighth-ceiling-race-ismcts-9453.jsonl \
      > benchmarks/arena/modes-eighth-ceiling-race-ismcts-9453.txt 2>&1
    # the ladder at a table: medium against two ISMCTS, ISMCTS against two mediums
    run120 eighth medium-ismcts-ismcts-cutthroat 9454 medium openspiel:ismcts openspiel:ismcts
    run120 eighth ismcts-medium-medium-cutthroat 9455 openspiel:ismcts medium medium
    exit 0 ;;
esac
case "${1:-all}" in
  medium|all)
    run hard-medium-medium-cutthroat hard medium medium --rules classic+cutthroat --games "$G"
    # the same deals without the root pruning (what prune=4 gained, on deals not tuned on)
    run hard0-medium-medium-cutthroat hard:prune=0 medium medium --rules classic+cutthroat \
      --games "$G"
    run hard-medium-teams hard medium --rules classic+teams --games "$G" ;;
esac
case "${1:-all}" in
  ismcts|all)
    run hard-ismcts-ismcts-cutthroat hard openspiel:ismcts openspiel:ismcts \
      --rules classic+cutthroat --games "$I"
    run hard-ismcts-teams hard openspiel:ismcts --rules classic+teams --games "$I" ;;
esac
