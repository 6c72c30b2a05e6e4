#!/usr/bin/env bash
# Self-play as a Slurm job array: one array task per shard. Slurm sets
# SLURM_ARRAY_TASK_ID; `surakarta selfplay --shards N` reads it as --shard,
# so this script only passes the index through.
#
#   OUT=/shared/run1 GAMES=100000 SHARDS=8 sbatch --array=0-7 scripts/slurm/selfplay-array.sh
#   # when all tasks are done:
#   SHARDS=8 scripts/merge-check /shared/run1
#
# Settings come from the environment, which sbatch exports to the job by
# default, so the script needs no editing:
#   SURAKARTA  the binary (default: surakarta on PATH)
#   OUT        output directory on shared storage (default: ./selfplay-run,
#              relative to the directory sbatch ran in)
#   GAMES      total games of the run, all shards together (default 10000)
#   SHARDS     number of shards = array size (default 8)
#   SIMS VARIANT SEED   engine and rules settings (defaults 200, standard, 1)
#   EXTRA      more selfplay flags, e.g. "--random-opening 4"
#
# The #SBATCH lines below are defaults: options on sbatch's command line
# override them. A task asking for more CPUs or memory than any node has
# is not refused but pends for ever (Reason=PartitionConfig), so on small
# nodes pass e.g. --cpus-per-task=2 --mem=1G. Each task plays with
# SLURM_CPUS_PER_TASK workers.
#
# A task that Slurm requeues (node failure, scontrol requeue) runs this
# script again with the same index, and --resume continues its shard; its
# log is appended to, so it keeps the first run's lines.
#SBATCH --job-name=surakarta-selfplay
#SBATCH --cpus-per-task=4
#SBATCH --mem=4G
#SBATCH --time=24:00:00
#SBATCH --requeue
#SBATCH --open-mode=append
#SBATCH --output=selfplay-%A_%a.log
set -euo pipefail

: "${SLURM_ARRAY_TASK_ID:?run this under sbatch --array, or set SLURM_ARRAY_TASK_ID to the shard index}"
SURAKARTA=${SURAKARTA:-surakarta}
OUT=${OUT:-./selfplay-run}
GAMES=${GAMES:-10000}
SHARDS=${SHARDS:-8}
SIMS=${SIMS:-200}
VARIANT=${VARIANT:-standard}
SEED=${SEED:-1}
WORKERS=${SLURM_CPUS_PER_TASK:-$(nproc)}

# shellcheck disable=SC2086 # EXTRA is a list of flags
exec "$SURAKARTA" selfplay \
  --games "$GAMES" --shards "$SHARDS" \
  --sims "$SIMS" --variant "$VARIANT" --seed "$SEED" \
  --concurrency "$WORKERS" --resume --quiet --out "$OUT" ${EXTRA:-}
