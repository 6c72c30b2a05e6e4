#!/usr/bin/env bash
# local-cluster-test.sh: run scripts/slurm/selfplay-array.sh, unchanged, on
# a real single-node Slurm cluster started on this machine, and check what
# a user of a real cluster relies on (docs/CLUSTER.md records a run).
#
#   sudo bash scripts/slurm/local-cluster-test.sh
#
# It installs slurm-wlm and munge with apt-get when they are missing,
# writes a slurm.conf for one node (this machine's CPUs and memory, as
# `slurmd -C` reports them) with its state, spool and logs in a temporary
# directory, starts munged, slurmctld and slurmd there on free ports, and
# waits for the node to be idle. Then:
#
#   1. array: `sbatch --array=0-3` of a small run; every task ends
#      COMPLETED with exit code 0:0 and writes its log where the script's
#      --output says; scripts/merge-check and `dataset verify --complete`
#      pass; the union holds the same rows as a single-process run of the
#      same seed (scripts/slurm/samerows).
#   2. kill and resubmit: a run with parts of 2 games; task 1 is cancelled
#      (scancel) and task 0 requeued (scontrol requeue) once each has
#      written a part; the requeued task finishes by itself, merge-check
#      names shard 1 as missing, `sbatch --array=1` reruns it, and the
#      union is complete, without duplicates, and equal to a
#      single-process run.
#   3. a bad index: task 4 of a 4-shard run ends FAILED with a non-zero
#      exit code and the reason in its log.
#   4. a hard kill: case 2's run with each shard one part; task 0 is killed
#      with SIGKILL (scancel --batch --signal=KILL, as the OOM killer or a
#      lost node would) once it has journaled a game; rerun, it writes the
#      journaled games without playing them, and the union equals the
#      single-process run.
#
# Whatever happens (failure, Ctrl-C), the trap cancels the jobs it
# submitted, stops the daemons it started by their pid files and removes
# the temporary directory.
#
# Environment (all optional):
#   SURAKARTA              the binary to test (default: built from this checkout)
#   GAMES SIMS             case 1's run (default 64 games at 50 simulations)
#   KILL_GAMES KILL_SIMS   cases 2 and 4 (default 64 games at 800 simulations)
#   SEED                   the runs' seed (default 7)
#   WAIT                   seconds one wait may last before the test fails (default 600)
#   NICE                   niceness of the daemons, hence the jobs, and the local runs (default 10)
#   KEEP=1                 keep the temporary directory (logs, datasets) and print its path
#
# Needs root: slurmd starts each job as the user who submitted it. Exit
# status 0 when every check passed, 1 with the reason on stderr otherwise.
set -euo pipefail
export LC_ALL=C

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
array_script=$root/scripts/slurm/selfplay-array.sh
SHARDS=4 # the array is --array=0-3
GAMES=${GAMES:-64}
SIMS=${SIMS:-50}
KILL_GAMES=${KILL_GAMES:-64}
KILL_SIMS=${KILL_SIMS:-800}
SEED=${SEED:-7}
WAIT=${WAIT:-600}
NICE=${NICE:-10}
OPENING=2 # random opening plies of every run

say() { printf 'local-cluster-test: %s\n' "$*"; }
fail() {
  printf 'local-cluster-test: FAIL: %s\n' "$*" >&2
  exit 1
}

for v in GAMES SIMS KILL_GAMES KILL_SIMS SEED WAIT; do
  [[ ${!v} =~ ^[1-9][0-9]*$ ]] || fail "$v=${!v} is not a positive whole number"
done
[[ $NICE =~ ^[0-9]+$ ]] || fail "NICE=$NICE is not a niceness (0..19)"
((GAMES >= SHARDS)) || fail "GAMES=$GAMES is too few for $SHARDS shards"
((KILL_GAMES >= 8 * SHARDS && KILL_GAMES % (2 * SHARDS) == 0)) ||
  fail "KILL_GAMES=$KILL_GAMES: give a multiple of $((2 * SHARDS)), at least $((8 * SHARDS)) (every shard whole parts of 2 games, at least 4)"
[[ $(id -u) == 0 ]] || fail "run as root: slurmd starts each job as the user who submitted it, which needs root"

# --- install --------------------------------------------------------------
missing=()
for c in munged munge slurmctld slurmd sbatch scontrol scancel squeue sinfo; do
  command -v "$c" >/dev/null || missing+=("$c")
done
if ((${#missing[@]})); then
  command -v apt-get >/dev/null || fail "${missing[*]} not found and no apt-get to install slurm-wlm and munge: install them by hand"
  say "installing slurm-wlm and munge (missing: ${missing[*]})"
  apt_log=$(mktemp)
  if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge; } >"$apt_log" 2>&1; then
    tail -20 "$apt_log" >&2
    fail "apt-get install slurm-wlm munge failed (its last lines above)"
  fi
  rm -f "$apt_log"
fi

# --- the temporary cluster ---------------------------------------------------
tmp=$(mktemp -d /tmp/surakarta-slurm.XXXXXX)
# munged refuses a socket whose directories others cannot search.
chmod 755 "$tmp"
mkdir -p "$tmp/state" "$tmp/spool" "$tmp/log" "$tmp/submit" "$tmp/bin"
submitted=()

# stop DAEMON: end the daemon this test started, found by its pid file.
stop() {
  local pidfile=$tmp/$1.pid pid
  [[ -s $pidfile ]] || return 0
  pid=$(<"$pidfile")
  [[ $(cat "/proc/$pid/comm" 2>/dev/null) == "$1" ]] || return 0
  kill -TERM "$pid" 2>/dev/null || return 0
  for _ in $(seq 50); do
    kill -0 "$pid" 2>/dev/null || return 0
    sleep 0.2
  done
  kill -KILL "$pid" 2>/dev/null || true
}

cleanup() {
  local rc=$?
  set +e
  if ((${#submitted[@]})) && [[ -s $tmp/slurmctld.pid ]]; then
    scancel "${submitted[@]}" 2>/dev/null
    for _ in $(seq 60); do
      [[ -z $(squeue -h -o %i 2>/dev/null) ]] && break
      sleep 0.5
    done
  fi
  stop slurmd
  stop slurmctld
  stop munged
  if [[ ${KEEP:-} == 1 ]]; then
    say "kept $tmp (slurm.conf, log/, submit/ with the tasks' logs, the datasets)"
  else
    rm -rf "$tmp"
  fi
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# daemon_logs: the last lines of every daemon's log, for a failure report.
daemon_logs() {
  local f
  for f in "$tmp"/log/*.log; do
    [[ -f $f ]] || continue
    echo "--- $f (last 15 lines)"
    tail -15 "$f"
  done >&2
}

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
free_port() {
  local p=$1
  until port_free "$p"; do p=$((p + 1)); done
  echo "$p"
}
ctld_port=$(free_port 16817)
slurmd_port=$(free_port $((ctld_port + 1)))

if [[ -n ${SURAKARTA:-} ]]; then
  sk=$SURAKARTA
  [[ -x $sk ]] || fail "SURAKARTA=$sk is not an executable"
else
  sk=$tmp/bin/surakarta
  nice -n "$NICE" go -C "$root" build -o "$sk" ./cmd/surakarta || fail "go build ./cmd/surakarta failed"
fi
samerows=$tmp/bin/samerows
nice -n "$NICE" go -C "$root" build -o "$samerows" ./scripts/slurm/samerows || fail "go build ./scripts/slurm/samerows failed"

nodeline=$(slurmd -C | head -1) # NodeName=... CPUs=... RealMemory=...
node=${nodeline#NodeName=}
node=${node%% *}
cpus=$(grep -o 'CPUs=[0-9]*' <<<"$nodeline" | cut -d= -f2)
mem=$(grep -o 'RealMemory=[0-9]*' <<<"$nodeline" | cut -d= -f2)
[[ -n $node && -n $cpus && -n $mem ]] || fail "slurmd -C gave no node line to configure: $nodeline"

conf=$tmp/slurm.conf
cat >"$conf" <<EOF
# One node on localhost, written by scripts/slurm/local-cluster-test.sh.
ClusterName=surakarta-test
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$tmp/munge.socket
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SwitchType=switch/none
MpiDefault=none
MailProg=/bin/true
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
JobAcctGatherType=jobacct_gather/none
# No slurmdbd, so sacct has no records: finished jobs stay visible to
# scontrol for MinJobAge seconds, and jobcomp keeps a line per job.
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$tmp/log/jobcomp.txt
MinJobAge=3600
KillWait=10
ReturnToService=2
$nodeline NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=local Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$conf

if command -v mungekey >/dev/null; then
  mungekey --create --keyfile="$tmp/munge.key"
else
  dd if=/dev/urandom of="$tmp/munge.key" bs=1024 count=1 status=none
  chmod 600 "$tmp/munge.key"
fi
munged --key-file="$tmp/munge.key" --socket="$tmp/munge.socket" --pid-file="$tmp/munged.pid" \
  --log-file="$tmp/log/munged.log" --seed-file="$tmp/munged.seed" ||
  { daemon_logs; fail "munged did not start (its log above)"; }
# The daemons' children, and so every job, inherit their niceness.
nice -n "$NICE" slurmctld -f "$conf" || { daemon_logs; fail "slurmctld did not start (its log above)"; }
nice -n "$NICE" slurmd -f "$conf" || { daemon_logs; fail "slurmd did not start (its log above)"; }

state=
for _ in $(seq 120); do
  state=$(sinfo -h -n "$node" -o %T 2>/dev/null || true)
  [[ $state == idle ]] && break
  sleep 0.5
done
[[ $state == idle ]] || { daemon_logs; fail "node $node is '${state:-unknown}' after 60 s, not idle (daemon logs above; sinfo -R: $(sinfo -h -R 2>&1))"; }
version=$(sinfo -V)
say "$version: node $node idle ($cpus CPUs, $mem MB), daemons in $tmp"

# --- helpers over the scheduler ---------------------------------------------
# submit VAR ARRAY OUT GAMES SIMS EXTRA: sbatch the array script unchanged,
# its settings in the environment as docs/CLUSTER.md shows, and set VAR to
# the job id (the cluster name cut off), which the cleanup cancels; a
# refused submission fails the test. The command line overrides the
# script's #SBATCH requests where this node is smaller: one CPU a task, so
# that tasks run side by side.
submit() {
  local id
  id=$(cd "$tmp/submit" && SURAKARTA=$sk OUT=$3 GAMES=$4 SHARDS=$SHARDS SIMS=$5 VARIANT=standard SEED=$SEED \
    EXTRA=$6 sbatch --parsable --cpus-per-task=1 --mem=1G --array="$2" "$array_script") ||
    fail "sbatch refused the array script for task(s) $2 into $3"
  id=${id%%;*}
  submitted+=("$id")
  printf -v "$1" %s "$id"
}

# field JOB TASK NAME: one field of an array task as scontrol shows it.
field() {
  scontrol -o show job "$1_$2" 2>/dev/null | grep -o " $3=[^ ]*" | head -1 | cut -d= -f2-
}

terminal='^(COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL|OUT_OF_MEMORY|PREEMPTED|BOOT_FAIL|DEADLINE)$'
# Pending reasons that never clear on this cluster: the request does not fit.
hopeless='^(PartitionConfig|BadConstraints|PartitionNodeLimit|PartitionTimeLimit|NodeDown|InvalidAccount|InvalidQOS)$'

# await JOB TASK...: wait until every task has ended, at most WAIT seconds;
# sets done_at to when the last one was seen ended.
await() {
  local job=$1 i st reason left
  shift
  local deadline=$((SECONDS + WAIT))
  while :; do
    left=0
    for i in "$@"; do
      st=$(field "$job" "$i" JobState)
      if [[ ! $st =~ $terminal ]]; then
        left=$((left + 1))
        reason=$(field "$job" "$i" Reason)
        [[ $st == PENDING && $reason =~ $hopeless ]] &&
          fail "job ${job}_$i cannot start: pending with Reason=$reason (this node has $cpus CPUs, $mem MB)"
      fi
    done
    ((left == 0)) && break
    ((SECONDS < deadline)) || fail "job $job: $left of its tasks $* still not ended after WAIT=$WAIT s"
    sleep 0.25
  done
  done_at=$(date +%s.%N)
}

# expect JOB TASK STATE EXIT: the task ended in STATE with exit code EXIT
# (scontrol's code:signal, or "nonzero").
expect() {
  local st code
  st=$(field "$1" "$2" JobState)
  code=$(field "$1" "$2" ExitCode)
  [[ $st == "$3" ]] || fail "job $1_$2 ended $st (exit code $code), want $3; its log: $(tail -5 "$(task_log "$1" "$2")" 2>/dev/null)"
  if [[ $4 == nonzero ]]; then
    [[ $code != 0:0 ]] || fail "job $1_$2 ended $st with exit code 0:0, want a non-zero code"
  else
    [[ $code == "$4" ]] || fail "job $1_$2 ended $st with exit code $code, want $4"
  fi
}

# task_log JOB TASK: where the array script's --output puts the task's log
# (selfplay-%A_%a.log in the directory sbatch ran in).
task_log() { echo "$tmp/submit/selfplay-$1_$2.log"; }

# json_last LOG KEY: the last value of KEY in the JSON summaries of a log.
json_last() { grep -o "\"$2\": [^,]*" "$1" | tail -1 | cut -d' ' -f2; }

# epoch TIME: scontrol's local time as seconds since the epoch.
epoch() { date -d "$1" +%s; }

# parts DIR LO HI: complete games parts of the standard partition whose
# first game id is in [LO, HI).
parts() {
  local f id n=0
  for f in "$1"/games/variant=standard/part-*.parquet; do
    [[ -e $f ]] || continue
    id=${f##*/part-}
    id=$((10#${id%.parquet}))
    ((id >= $2 && id < $3)) && n=$((n + 1))
  done
  echo "$n"
}

# single DIR GAMES SIMS: the same run in one process, for comparison;
# prints its seconds.
single() {
  local out
  out=$(nice -n "$NICE" "$sk" selfplay --games "$2" --sims "$3" --seed "$SEED" --variant standard \
    --random-opening "$OPENING" --concurrency "$cpus" --quiet --json --out "$1") ||
    fail "the single-process run into $1 failed"
  grep -o '"seconds": [^,]*' <<<"$out" | cut -d' ' -f2
}

# complete DIR GAMES: merge-check and dataset verify --complete accept DIR.
complete() {
  local out
  out=$(SURAKARTA=$sk SHARDS=$SHARDS nice -n "$NICE" bash "$root/scripts/merge-check" "$1" "$2" 2>&1) ||
    fail "merge-check of $1 failed: $out"
  out=$(nice -n "$NICE" "$sk" dataset verify --complete --quiet --shards "$SHARDS" "$1" 2>&1) ||
    fail "dataset verify --complete of $1 failed: $out"
}

# same A B: A and B hold the same rows; prints samerows' line.
same() {
  local out
  out=$(nice -n "$NICE" "$samerows" "$1" "$2" 2>&1) || fail "the union of the shards differs from the single-process run: $out"
  echo "$out"
}

report=()
load0=$(cut -d' ' -f1-3 /proc/loadavg)

# --- case 1: the array, merged and compared -----------------------------------
out1=$tmp/run-array
t0=$(date +%s.%N)
submit job 0-3 "$out1" "$GAMES" "$SIMS" "--random-opening $OPENING --json"
await "$job" 0 1 2 3
wall=$(awk -v a="$t0" -v b="$done_at" 'BEGIN { printf "%.1f", b - a }')
submitted_at=$(epoch "$(field "$job" 0 SubmitTime)")
first= last=
for i in 0 1 2 3; do
  expect "$job" "$i" COMPLETED 0:0
  log=$(task_log "$job" "$i")
  [[ -s $log ]] || fail "job ${job}_$i left no log at $log, where the script's --output puts it"
  ! grep -q deprecated "$log" || fail "the array script passes a deprecated flag: $(grep deprecated "$log")"
  s=$(epoch "$(field "$job" "$i" StartTime)")
  e=$(epoch "$(field "$job" "$i" EndTime)")
  [[ -z $first || $s -lt $first ]] && first=$s
  [[ -z $last || $e -gt $last ]] && last=$e
  played=$(json_last "$log" played)
  secs=$(json_last "$log" seconds)
  report+=("  task $i: COMPLETED 0:0, $played games in $(printf %.2f "$secs") s of self-play ($((e - s)) s from Slurm's start to end)")
done
complete "$out1" "$GAMES"
single_secs=$(single "$tmp/single-array" "$GAMES" "$SIMS")
cmp1=$(same "$tmp/single-array" "$out1")
rate=$(awk -v g="$GAMES" -v w="$wall" 'BEGIN { printf "%.1f", g / w }')
srate=$(awk -v g="$GAMES" -v w="$single_secs" 'BEGIN { printf "%.1f", g / w }')
report=("case 1: sbatch --array=0-3, $GAMES games at $SIMS simulations, seed $SEED, one CPU a task" "${report[@]}"
  "  array: $wall s from sbatch to the last task seen ended, $rate games/s across the array (Slurm's whole seconds: submitted at 0, first start $((first - submitted_at)), last end $((last - submitted_at)))"
  "  single process (--concurrency $cpus): $(printf %.2f "$single_secs") s, $srate games/s"
  "  merge-check and dataset verify --complete: ok; $cmp1")
say "case 1 passed"

# --- case 2: a task cancelled, one requeued, the cancelled one resubmitted ---
out2=$tmp/run-kill
extra2="--random-opening $OPENING --part-games 2 --json"
submit job 0-3 "$out2" "$KILL_GAMES" "$KILL_SIMS" "$extra2"
lo0=0 hi0=$((KILL_GAMES / SHARDS))
lo1=$hi0 hi1=$((2 * KILL_GAMES / SHARDS))
cancelled= requeued=
deadline=$((SECONDS + WAIT))
until [[ -n $cancelled && -n $requeued ]]; do
  ((SECONDS < deadline)) || fail "tasks 0 and 1 of job $job wrote no part within WAIT=$WAIT s"
  if [[ -z $cancelled && $(field "$job" 1 JobState) == RUNNING && $(parts "$out2" "$lo1" "$hi1") -ge 1 ]]; then
    scancel "${job}_1"
    cancelled=$(parts "$out2" "$lo1" "$hi1")
  fi
  if [[ -z $requeued && $(field "$job" 0 JobState) == RUNNING && $(parts "$out2" "$lo0" "$hi0") -ge 1 ]]; then
    scontrol requeue "${job}_0"
    requeued=$(parts "$out2" "$lo0" "$hi0")
  fi
  st=$(field "$job" 1 JobState)
  [[ -z $cancelled && $st =~ $terminal ]] && fail "job ${job}_1 ended $st before it could be cancelled: raise KILL_SIMS"
  st=$(field "$job" 0 JobState)
  [[ -z $requeued && $st =~ $terminal ]] && fail "job ${job}_0 ended $st before it could be requeued: raise KILL_SIMS"
  sleep 0.1
done
# Slurm holds a requeued job back for its credential's lifetime (about two
# minutes) before it may start again; let it start now.
for _ in $(seq 100); do
  [[ $(field "$job" 0 JobState) == PENDING ]] && break
  sleep 0.1
done
scontrol update JobId="${job}_0" StartTime=now || fail "scontrol update StartTime=now of the requeued ${job}_0 failed"
await "$job" 0 1 2 3
expect "$job" 1 CANCELLED nonzero
expect "$job" 0 COMPLETED 0:0
expect "$job" 2 COMPLETED 0:0
expect "$job" 3 COMPLETED 0:0
restarts=$(field "$job" 0 Restarts)
[[ $restarts == 1 ]] || fail "the requeued job ${job}_0 shows Restarts=$restarts, want 1"
log0=$(task_log "$job" 0)
grep -q '^surakarta: interrupted' "$log0" ||
  fail "the log of the requeued ${job}_0 lost its first run's interruption (want --open-mode=append): $(head -3 "$log0")"
skipped0=$(json_last "$log0" skipped)
((skipped0 >= 2)) || fail "the requeued ${job}_0 did not continue its shard: skipped $skipped0 games, want its $requeued kept part(s)"
grep -q '^surakarta: interrupted' "$(task_log "$job" 1)" || fail "the cancelled ${job}_1 did not report its interruption: $(tail -3 "$(task_log "$job" 1)")"
kept1=$(parts "$out2" "$lo1" "$hi1")
((kept1 >= 1 && kept1 < (hi1 - lo1 + 1) / 2)) ||
  fail "the cancelled shard 1 holds $kept1 of its $(((hi1 - lo1 + 1) / 2)) parts, want some but not all"
if mc=$(SURAKARTA=$sk SHARDS=$SHARDS nice -n "$NICE" bash "$root/scripts/merge-check" "$out2" "$KILL_GAMES" 2>&1); then
  fail "merge-check accepted the run with shard 1 cancelled"
fi
grep -q "rerun shard(s) 1 of $SHARDS" <<<"$mc" || fail "merge-check did not name shard 1 as the one to rerun: $mc"
submit rejob 1 "$out2" "$KILL_GAMES" "$KILL_SIMS" "$extra2"
await "$rejob" 1
expect "$rejob" 1 COMPLETED 0:0
skipped1=$(json_last "$(task_log "$rejob" 1)" skipped)
((skipped1 == 2 * kept1)) || fail "the resubmitted task 1 skipped $skipped1 games, want the $((2 * kept1)) of its kept parts"
complete "$out2" "$KILL_GAMES"
single "$tmp/single-kill" "$KILL_GAMES" "$KILL_SIMS" >/dev/null
cmp2=$(same "$tmp/single-kill" "$out2")
report+=("case 2: sbatch --array=0-3, $KILL_GAMES games at $KILL_SIMS simulations in parts of 2 games"
  "  task 1 cancelled after $cancelled part(s): CANCELLED, exit code $(field "$job" 1 ExitCode); it kept $kept1 part(s), merge-check named shard 1"
  "  task 0 requeued after $requeued part(s): Restarts=1, COMPLETED 0:0, its second run skipped the $skipped0 games already written"
  "  sbatch --array=1 (job $rejob): COMPLETED 0:0, skipped $skipped1 games, played the rest"
  "  merge-check and dataset verify --complete: ok; $cmp2")
say "case 2 passed"

# --- case 3: an index outside --shards fails with its reason -------------------
submit job 4 "$tmp/run-bad" 8 8 ""
await "$job" 4
expect "$job" 4 FAILED nonzero
grep -q 'out of range' "$(task_log "$job" 4)" || fail "the log of ${job}_4 does not say why it failed: $(cat "$(task_log "$job" 4)")"
report+=("case 3: sbatch --array=4 of a 4-shard run: FAILED, exit code $(field "$job" 4 ExitCode), its log: $(grep -m1 'out of range' "$(task_log "$job" 4)")")
say "case 3 passed"

# --- case 4: a task killed outright keeps the games it finished --------------
# scancel --batch --signal=KILL does what the OOM killer or a lost node
# does: no SIGTERM, so nothing is committed (without --batch, Slurm treats
# SIGKILL as a cancel and sends SIGTERM first). With each shard one part,
# the games the task finished live only in its journal; the rerun writes
# them unplayed.
out4=$tmp/run-sigkill
extra4="--random-opening $OPENING --part-games $((KILL_GAMES / SHARDS)) --json"
submit job 0-3 "$out4" "$KILL_GAMES" "$KILL_SIMS" "$extra4"
# journal_bytes DIR: the bytes of the journals of shard 0's part; a game
# frame is tens of kilobytes, the header well under 16 KiB.
journal_bytes() {
  local f n=0
  for f in "$1"/games/variant=standard/_journal-0000000000-*; do
    [[ -f $f ]] && n=$((n + $(stat -c %s "$f")))
  done
  echo "$n"
}
deadline=$((SECONDS + WAIT))
until (($(journal_bytes "$out4") > 16384)); do
  st=$(field "$job" 0 JobState)
  [[ $st =~ $terminal ]] && fail "job ${job}_0 ended $st before its journal (_journal-*) held a game: raise KILL_SIMS"
  ((SECONDS < deadline)) || fail "job ${job}_0 journaled no game within WAIT=$WAIT s"
  sleep 0.1
done
scancel --batch --signal=KILL "${job}_0"
await "$job" 0 1 2 3
st=$(field "$job" 0 JobState)
code=$(field "$job" 0 ExitCode)
[[ $st =~ ^(FAILED|CANCELLED)$ && $code != 0:0 ]] || fail "the killed ${job}_0 ended $st with exit code $code, want FAILED or CANCELLED with a non-zero code"
for i in 1 2 3; do expect "$job" "$i" COMPLETED 0:0; done
(($(parts "$out4" "$lo0" "$hi0") == 0)) || fail "the killed ${job}_0 committed its part: it was not killed mid-run (raise KILL_SIMS)"
submit rejob 0 "$out4" "$KILL_GAMES" "$KILL_SIMS" "$extra4"
await "$rejob" 0
expect "$rejob" 0 COMPLETED 0:0
relog=$(task_log "$rejob" 0)
journaled=$(json_last "$relog" journaled)
played=$(json_last "$relog" played)
((journaled >= 1 && journaled + played == hi0 - lo0)) ||
  fail "the resubmitted task 0 wrote $journaled journaled games and played $played, want at least 1 journaled and $((hi0 - lo0)) in all"
complete "$out4" "$KILL_GAMES"
cmp4=$(same "$tmp/single-kill" "$out4")
report+=("case 4: sbatch --array=0-3 of case 2's run, each shard one part of $((hi0 - lo0)) games"
  "  task 0 killed (scancel --batch --signal=KILL) with no part committed: $st, exit code $code"
  "  sbatch --array=0 (job $rejob): COMPLETED 0:0, wrote $journaled journaled game(s) unplayed, played $played"
  "  merge-check and dataset verify --complete: ok; $cmp4")
say "case 4 passed"

say "PASS ($version, $cpus CPUs, $mem MB, niceness $NICE, load average $load0 at the start, $(cut -d' ' -f1-3 /proc/loadavg) at the end)"
printf '%s\n' "${report[@]}"
