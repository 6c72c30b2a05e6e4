#!/usr/bin/env bash
# Makes again what README says of the default pipeline run, which
# cmd/surakarta's TestREADMEQuotesTheCommittedDefaultRun and
# TestCommittedDefaultRunIsTodaysDefaults hold README to:
#
#   1. builds surakarta and runs `surakarta pipeline` with every flag at its
#      default in a fresh directory (so "everything is in out"), timed;
#   2. copies its summary.json to cmd/surakarta/testdata/pipeline-default/;
#   3. rewrites first-games.txt there from the run's first games, and checks
#      that today's program replays them;
#   4. prints the summary for README's block and the wall and CPU time.
#
# Then paste the summary into README ("It ends with a summary like this
# one"), and update its time line, the DuckDB counts and "What we found"
# from it (go test ./cmd/surakarta -run README says what differs). About 80
# CPU-seconds; say in README how loaded the machine was.
#
#   scripts/readme/pipeline-default.sh
set -euo pipefail
root=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/surakarta" "$root/cmd/surakarta"
cd "$work"
load=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
/usr/bin/time -f '%e s wall, %U s user, %S s system' -o time.txt ./surakarta pipeline --quiet >summary.txt
cp out/summary.json "$root/cmd/surakarta/testdata/pipeline-default/summary.json"
(cd "$root" && SURAKARTA_PIPELINE_DATA="$work/out/data" go test ./cmd/surakarta -count 1 -run 'TestCommittedDefaultRunIsTodaysDefaults' -update)
cat summary.txt
echo "time: $(cat time.txt) (load average before the run: $load)"
