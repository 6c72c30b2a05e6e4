#!/usr/bin/env bash
# interrupt-loss.sh measures what a self-play run loses when it is killed
# with SIGKILL at a random moment, and checks that --resume then ends with
# exactly the rows of an uninterrupted run of the same seed.
#
# Each trial starts `surakarta selfplay` (progress on stderr, a plain line
# every 5 s), kills it with kill -9 after a random delay drawn from SEED,
# resumes it with --json and compares the result with the reference run
# (scripts/slurm/samerows). Per trial it prints:
#   kill_s    when the kill came
#   reported  games the last progress line before the kill counted as done
#   kept      games the resume found written: complete parts + journal
#   replayed  games the resume had to play (never finished before the kill)
#   lost      reported - kept when positive: finished games the kill lost
#   same      whether the resumed dataset holds the reference's rows
# The run is lossless when lost is 0 in every trial: every game finished
# before the last progress line (at most 5 s before the kill) was kept.
# Earlier versions kept only complete parts of 256 games.
#
# Usage: scripts/interrupt/interrupt-loss.sh [TRIALS]
# Environment: GAMES (600), SIMS (40), WORKERS (2), SEED (1), MAX_KILL_S (9),
# SURAKARTA and SAMEROWS (binaries; built from this checkout when unset),
# WORK (scratch directory; a new temporary one when unset).
set -euo pipefail

trials=${1:-5}
games=${GAMES:-600}
sims=${SIMS:-40}
workers=${WORKERS:-2}
seed=${SEED:-1}
max_kill=${MAX_KILL_S:-9}
root=$(cd "$(dirname "$0")/../.." && pwd)
work=${WORK:-$(mktemp -d)}
mkdir -p "$work"
bin=${SURAKARTA:-$work/surakarta}
same=${SAMEROWS:-$work/samerows}
[[ -x $bin ]] || (cd "$root" && go build -o "$bin" ./cmd/surakarta)
[[ -x $same ]] || (cd "$root" && go build -o "$same" ./scripts/slurm/samerows)

args=(selfplay --games "$games" --sims "$sims" --concurrency "$workers" --seed "$seed" --random-opening 2)
"$bin" "${args[@]}" --out "$work/ref" --quiet >/dev/null

# json FIELD FILE: an integer field of selfplay --json.
json() { sed -n "s/^ *\"$1\": \([0-9]*\),*$/\1/p" "$2"; }

RANDOM=$seed
printf '%-6s %7s %9s %5s %9s %5s %s\n' trial kill_s reported kept replayed lost same
worst=0
for t in $(seq 1 "$trials"); do
  dir=$work/run$t
  rm -rf "$dir"
  ms=$((1000 + (RANDOM * 32768 + RANDOM) % ((max_kill - 1) * 1000)))
  "$bin" "${args[@]}" --out "$dir" 2>"$work/progress$t" >/dev/null &
  pid=$!
  sleep "$((ms / 1000)).$(printf '%03d' $((ms % 1000)))"
  kill -9 "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  reported=$(tr '\r' '\n' <"$work/progress$t" | sed -n 's/^games \([0-9]*\)\/.*/\1/p' | tail -1)
  reported=${reported:-0}
  "$bin" "${args[@]}" --out "$dir" --resume --json --quiet >"$work/resume$t.json"
  kept=$(( $(json skipped "$work/resume$t.json") + $(json journaled "$work/resume$t.json") ))
  replayed=$(json played "$work/resume$t.json")
  lost=$(( reported > kept ? reported - kept : 0 ))
  worst=$(( lost > worst ? lost : worst ))
  if "$same" "$work/ref" "$dir" >/dev/null 2>"$work/same$t"; then s=yes; else s="NO: $(cat "$work/same$t")"; fi
  printf '%-6s %7.2f %9d %5d %9d %5d %s\n' "$t" "$(awk "BEGIN { print $ms / 1000 }")" "$reported" "$kept" "$replayed" "$lost" "$s"
  [[ $s == yes ]] || exit 1
done
echo "games=$games sims=$sims workers=$workers seed=$seed trials=$trials: at most $worst finished games lost; every resumed run holds the reference's rows"
[[ $worst -eq 0 ]]
