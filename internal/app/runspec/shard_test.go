package runspec

import (
	"strings"
	"testing"
)

func TestResolveShardTakesFlagOrSchedulerIndex(t *testing.T) {
	const k8s, slurm = "JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID"
	tests := []struct {
		name    string
		flag    int
		flagSet bool
		shards  int
		env     map[string]string
		want    int
		wantErr string // substring of the error; "" for none
	}{
		{name: "unsharded run, nothing set", shards: 1, want: 0},
		{name: "flag alone", flag: 2, flagSet: true, shards: 4, want: 2},
		{name: "Kubernetes index", shards: 4, env: map[string]string{k8s: "3"}, want: 3},
		{name: "Slurm index", shards: 4, env: map[string]string{slurm: "1"}, want: 1},
		{name: "index with spaces", shards: 4, env: map[string]string{slurm: " 2\n"}, want: 2},
		{name: "both set and agreeing", shards: 4, env: map[string]string{k8s: "2", slurm: "2"}, want: 2},
		{name: "flag agreeing with the environment", flag: 1, flagSet: true, shards: 4, env: map[string]string{slurm: "1"}, want: 1},
		{name: "explicit --shard 0 on an unsharded run", flag: 0, flagSet: true, shards: 1, want: 0},
		{name: "empty variable counts as unset", flag: 1, flagSet: true, shards: 2, env: map[string]string{k8s: ""}, want: 1},

		{name: "flag disagreeing with Slurm", flag: 0, flagSet: true, shards: 4, env: map[string]string{slurm: "3"}, wantErr: "shard=0 disagrees with SLURM_ARRAY_TASK_ID=3"},
		{name: "flag disagreeing with Kubernetes", flag: 2, flagSet: true, shards: 4, env: map[string]string{k8s: "1"}, wantErr: "drop shard"},
		{name: "both set and disagreeing", shards: 4, env: map[string]string{k8s: "1", slurm: "2"}, wantErr: "JOB_COMPLETION_INDEX=1 and SLURM_ARRAY_TASK_ID=2 disagree"},
		{name: "Slurm index past the shards", shards: 8, env: map[string]string{slurm: "8"}, wantErr: "sbatch --array=0-7"},
		{name: "Kubernetes index past the shards", shards: 2, env: map[string]string{k8s: "5"}, wantErr: "completions"},
		{name: "negative index", shards: 4, env: map[string]string{slurm: "-1"}, wantErr: "out of range"},
		{name: "not a number", shards: 4, env: map[string]string{k8s: "two"}, wantErr: `JOB_COMPLETION_INDEX="two" is not a shard index`},
		{name: "a Slurm range is not an index", shards: 4, env: map[string]string{slurm: "0-3"}, wantErr: "not a shard index"},
		{name: "flag out of range", flag: 4, flagSet: true, shards: 4, wantErr: "shard 4: want 0..3 for shards 4"},
		{name: "negative flag", flag: -1, flagSet: true, shards: 4, wantErr: "shard -1: want 0..3"},
		{name: "several shards and no index", shards: 4, wantErr: "pass shard 0..3"},
		{name: "no shards", shards: 0, wantErr: "shards 0: want at least 1"},
		{name: "environment index on an unsharded run", shards: 1, env: map[string]string{slurm: "1"}, wantErr: "out of range for shards=1"},
		{name: "bad variable even with the flag", flag: 1, flagSet: true, shards: 4, env: map[string]string{slurm: "x"}, wantErr: "not a shard index"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			getenv := func(k string) string { return tc.env[k] }
			got, err := ResolveShard(tc.flag, tc.flagSet, tc.shards, getenv)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("got shard %d, error %v; want an error containing %q", got, err, tc.wantErr)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("got shard %d, error %v; want %d", got, err, tc.want)
			}
		})
	}
}

func TestResolveShardReadsOnlyTheSchedulerVariables(t *testing.T) {
	var asked []string
	getenv := func(k string) string { asked = append(asked, k); return "" }
	if _, err := ResolveShard(0, true, 2, getenv); err != nil {
		t.Fatal(err)
	}
	for _, k := range asked {
		if k != "JOB_COMPLETION_INDEX" && k != "SLURM_ARRAY_TASK_ID" {
			t.Errorf("ResolveShard read %s", k)
		}
	}
}
