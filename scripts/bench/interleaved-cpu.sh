#!/usr/bin/env bash
# interleaved-cpu.sh: compare benchmarks of the working tree with those of
# an earlier commit on a loaded machine. It builds both versions' test
# binaries (go test -c) and runs them alternately, ROUNDS times each, every
# benchmark at a fixed count (-test.benchtime Nx), and measures each run's
# CPU time (perf stat's task-clock, a software counter every VM has), which
# the other jobs on the machine inflate far less than wall time: time spent
# waiting for a core is not counted. Each run's line is
# "BenchmarkNAME N CPU-ns/op" (the process's CPU time over N, start-up and
# the benchmark's setup included), in OUT/old.txt and OUT/new.txt, for
#   go run golang.org/x/perf/cmd/benchstat@latest OUT/old.txt OUT/new.txt
# OUT/load.txt has the load average after each round.
#
# Usage: scripts/bench/interleaved-cpu.sh OLD_REV ROUNDS OUT SPEC...
#   SPEC   PKGDIR:REGEX:N:NAME, e.g. eval:ExtractGames$:1500000:ExtractGames
#          (REGEX is -test.bench's, N the fixed count, NAME the line's)
# Environment:
#   TESTS  test files (paths from the root) copied from the working tree
#          into the earlier version: a benchmark it lacks
# docs/BENCHMARKS.md (issue 32, the hot functions split) has the runs.
set -euo pipefail

if [ $# -lt 4 ]; then
	echo "usage: $0 OLD_REV ROUNDS OUT PKGDIR:REGEX:N:NAME..." >&2
	exit 2
fi
old_rev=$1 rounds=$2 out=$3
shift 3
root=$(git rev-parse --show-toplevel)
mkdir -p "$out"
out=$(cd "$out" && pwd)
src=$(mktemp -d)
trap 'rm -rf "$src"' EXIT
git -C "$root" archive "$old_rev" | tar -x -C "$src"
for f in ${TESTS:-}; do
	cp "$root/$f" "$src/$f"
done
declare -A dirs
for spec in "$@"; do
	dirs[${spec%%:*}]=1
done
for d in "${!dirs[@]}"; do
	bin=${d//\//_}
	(cd "$src" && go test -c -o "$out/$bin.old" "./$d")
	(cd "$root" && go test -c -o "$out/$bin.new" "./$d")
done
rm -f "$out/old.txt" "$out/new.txt" "$out/load.txt"
for ((i = 1; i <= rounds; i++)); do
	for v in old new; do
		for spec in "$@"; do
			IFS=: read -r d regex n name <<<"$spec"
			ms=$(cd "$root/$d" && perf stat -x, -e task-clock "$out/${d//\//_}.$v" \
				-test.run '^$' -test.bench "$regex" -test.benchtime "${n}x" 2>&1 >/dev/null |
				awk -F, '/task-clock/ {print $1}')
			echo "Benchmark$name $n $(echo "$ms * 1000000 / $n" | bc -l) cpu-ns/op" >>"$out/$v.txt"
		done
	done
	echo "$i $(cat /proc/loadavg)" >>"$out/load.txt"
done
