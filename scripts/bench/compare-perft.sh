#!/usr/bin/env bash
# compare-perft.sh: time perft from the start position in the naive C
# reference (naive_perft.c, gcc -O2) and in the Go rules core
# (surakarta perft), single-threaded, check that the counts agree, and print
# the times and the ratio C/Go for each depth. Go is also timed with
# --threads 2 for the record.
#
# Usage: scripts/bench/compare-perft.sh [MAX_DEPTH]
#   MAX_DEPTH   deepest perft, 6 or more (default 7; the C program needs
#               about 30 times the Go time, some minutes at depth 7)
# Environment:
#   RUNS        Go runs per depth and thread count (default 5); the best
#               and the median are printed, since other work on the machine
#               only ever adds time
#   C_RUNS      C runs (default 1; each run times every depth up to MAX_DEPTH)
#   CC, CFLAGS  C compiler and flags (default gcc, -O2)
#
# The Go binary is built once with go build (what go run would build and
# run) so that compiling is not timed; both programs time the perft
# themselves, excluding start-up. Times are wall-clock seconds.
set -euo pipefail

max_depth=${1:-7}
runs=${RUNS:-5}
c_runs=${C_RUNS:-1}
cc=${CC:-gcc}
cflags=${CFLAGS:--O2}
case $max_depth in
'' | *[!0-9]*)
	echo "compare-perft: MAX_DEPTH must be a number 6..9, got '$max_depth'" >&2
	exit 2
	;;
esac
if ((max_depth < 6 || max_depth > 9)); then
	echo "compare-perft: MAX_DEPTH $max_depth out of range: want 6..9" >&2
	exit 2
fi

root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# shellcheck disable=SC2086 # CFLAGS may hold several flags
"$cc" $cflags -o "$work/naive_perft" "$root/scripts/bench/naive_perft.c"
(cd "$root" && go build -o "$work/surakarta" ./cmd/surakarta)

echo "machine: $(nproc) CPUs, $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1)"
echo "go: $(go version | cut -d' ' -f3-), C: $("$cc" --version | head -1) $cflags"

# stats prints "best median" of the numbers on stdin.
stats() { sort -g | awk '{v[NR] = $1} END {printf "%s %s\n", v[1], v[int((NR + 1) / 2)]}'; }

# C: one run times every depth; keep each depth's times.
for ((r = 1; r <= c_runs; r++)); do
	"$work/naive_perft" "$max_depth" >"$work/c.$r"
done

# gorun DEPTH THREADS prints the seconds of one Go run, or fails if its
# count differs from the C program's ($want).
gorun() {
	local line words
	line=$("$work/surakarta" perft --depth "$1" --threads "$2" 2>&1 >/dev/null)
	read -r -a words <<<"$line" # perft depth D: N leaves in S s (...)
	if [[ ${words[3]} != "$want" ]]; then
		echo "compare-perft: Go perft $1 (--threads $2) counted ${words[3]}, C counted $want" >&2
		return 1
	fi
	echo "${words[6]}"
}

# series DEPTH THREADS prints "best median" of $runs Go runs.
series() {
	local r
	for ((r = 1; r <= runs; r++)); do
		gorun "$1" "$2" >>"$work/go.$1.$2" || exit 1
	done
	stats <"$work/go.$1.$2"
}

printf '%-6s %-12s %-20s %-20s %-16s %s\n' depth leaves "C best/median s" "Go best/median s" "C/Go best, med" "Go 2 threads best/median s"
for ((d = 6; d <= max_depth; d++)); do
	want=$(awk -v d="$d" '$1 == "depth" && $2 == d":" {print $3}' "$work/c.1")
	read -r c_best c_med < <(for ((r = 1; r <= c_runs; r++)); do
		awk -v d="$d" '$1 == "depth" && $2 == d":" {gsub(/[(]/, "", $4); print $4}' "$work/c.$r"
	done | stats)
	g=$(series "$d" 1)
	p=$(series "$d" 2)
	read -r g_best g_med <<<"$g"
	read -r p_best p_med <<<"$p"
	ratio=$(awk -v c="$c_best" -v g="$g_best" -v cm="$c_med" -v gm="$g_med" 'BEGIN {printf "%.0fx, %.0fx", c / g, cm / gm}')
	printf '%-6s %-12s %-20s %-20s %-16s %s\n' "$d" "$want" "$c_best / $c_med" "$g_best / $g_med" "$ratio" "$p_best / $p_med"
done
