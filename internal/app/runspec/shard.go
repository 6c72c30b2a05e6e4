package runspec

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/surakarta/surakarta/internal/base/setting"
)

// The environment variables through which schedulers tell a task its index.
const (
	// envK8sIndex is set in every pod of a Kubernetes Indexed Job
	// (completionMode: Indexed): 0..completions-1.
	envK8sIndex = "JOB_COMPLETION_INDEX"
	// envSlurmIndex is set in every task of a Slurm job array
	// (sbatch --array=0-N): the task's array index.
	envSlurmIndex = "SLURM_ARRAY_TASK_ID"
)

// ResolveShard returns the shard a run plays: the setting shard when it was given,
// else the index the scheduler set in JOB_COMPLETION_INDEX or
// SLURM_ARRAY_TASK_ID, else 0 for an unsharded run. It is an error, saying
// what to change (naming the settings shard and shards: setting.Advice),
// when an index is not a number or is out of range for shards, when both
// variables are set and disagree, when shard disagrees with the
// environment, and when a run of several shards has no index at all (it
// would play shard 0 again and again). The ranges of shards and shard are
// the table's checks. getenv is os.Getenv in a command and a map in tests.
func ResolveShard(flagShard int, flagSet bool, shards int, getenv func(string) string) (int, error) {
	given := Settings{Shards: shards, Shard: flagShard}
	if err := given.Validate("shards"); err != nil {
		return 0, err
	}
	type envIndex struct {
		name  string
		value int
	}
	var found []envIndex
	for _, e := range []struct {
		name string
		hint error // what to change in the scheduler's job
	}{
		{envK8sIndex, setting.Errorf("set the Job's completions and parallelism to %s", setting.Key("shards"))},
		{envSlurmIndex, fmt.Errorf("submit the array as sbatch --array=0-%d", shards-1)},
	} {
		raw := strings.TrimSpace(getenv(e.name))
		if raw == "" {
			continue
		}
		v, err := strconv.Atoi(raw)
		if err != nil {
			return 0, setting.Errorf("%s=%q is not a shard index: want a whole number 0..%d; unset it, or pass %s", e.name, raw, shards-1, setting.Key("shard"))
		}
		if v < 0 || v >= shards {
			return 0, setting.Errorf("%s=%d is out of range for %s (want 0..%d): %v, or pass the %s the scheduler runs", e.name, v, setting.Set("shards", shards), shards-1, e.hint, setting.Key("shards"))
		}
		found = append(found, envIndex{e.name, v})
	}
	if len(found) == 2 && found[0].value != found[1].value {
		return 0, setting.Errorf("%s=%d and %s=%d disagree: unset the one this job does not run under, or pass %s",
			found[0].name, found[0].value, found[1].name, found[1].value, setting.Key("shard"))
	}
	if flagSet {
		if err := given.Validate("shard"); err != nil {
			return 0, err
		}
		for _, e := range found {
			if e.value != flagShard {
				return 0, setting.Errorf("%s disagrees with %s=%d set by the scheduler: drop %s to play the scheduler's index, or unset %s",
					setting.Set("shard", flagShard), e.name, e.value, setting.Key("shard"), e.name)
			}
		}
		return flagShard, nil
	}
	if len(found) > 0 {
		return found[0].value, nil
	}
	if shards > 1 {
		return 0, setting.Errorf("%s without a shard index: pass %s 0..%d, or run under a scheduler that sets %s (Kubernetes Indexed Job) or %s (Slurm job array)",
			setting.Set("shards", shards), setting.Key("shard"), shards-1, envK8sIndex, envSlurmIndex)
	}
	return 0, nil
}
