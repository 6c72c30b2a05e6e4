// Package scripts holds the tests of the wrappers under scripts/: the
// Kubernetes manifest and the Slurm script that run self-play shards.
package scripts

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

type k8sJob struct {
	APIVersion string `yaml:"apiVersion"`
	Kind       string `yaml:"kind"`
	Spec       struct {
		CompletionMode       string `yaml:"completionMode"`
		Completions          int    `yaml:"completions"`
		Parallelism          int    `yaml:"parallelism"`
		BackoffLimitPerIndex *int   `yaml:"backoffLimitPerIndex"`
		Template             struct {
			Spec struct {
				RestartPolicy string `yaml:"restartPolicy"`
				Containers    []struct {
					Image        string   `yaml:"image"`
					Args         []string `yaml:"args"`
					VolumeMounts []struct {
						MountPath string `yaml:"mountPath"`
					} `yaml:"volumeMounts"`
				} `yaml:"containers"`
			} `yaml:"spec"`
		} `yaml:"template"`
	} `yaml:"spec"`
}

func TestK8sManifestIsAnIndexedJobPassingTheShardCount(t *testing.T) {
	data, err := os.ReadFile("k8s/selfplay-job.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var job k8sJob
	dec := yaml.NewDecoder(strings.NewReader(string(data)))
	if err := dec.Decode(&job); err != nil {
		t.Fatalf("manifest does not parse as a Job: %v", err)
	}
	s := job.Spec
	switch {
	case job.APIVersion != "batch/v1" || job.Kind != "Job":
		t.Errorf("apiVersion/kind = %s/%s, want batch/v1 Job", job.APIVersion, job.Kind)
	case s.CompletionMode != "Indexed":
		t.Errorf("completionMode = %q, want Indexed (pods get JOB_COMPLETION_INDEX)", s.CompletionMode)
	case s.Template.Spec.RestartPolicy != "Never":
		t.Errorf("restartPolicy = %q, want Never (retries are per index)", s.Template.Spec.RestartPolicy)
	case s.BackoffLimitPerIndex == nil:
		t.Error("backoffLimitPerIndex missing: a failing shard should retry on its own")
	case len(s.Template.Spec.Containers) != 1:
		t.Fatalf("want one container, got %d", len(s.Template.Spec.Containers))
	}
	c := s.Template.Spec.Containers[0]
	if len(c.Args) == 0 || c.Args[0] != "selfplay" {
		t.Fatalf("container args %v do not run selfplay", c.Args)
	}
	var shards, out string
	for _, a := range c.Args {
		if v, ok := strings.CutPrefix(a, "--shards="); ok {
			shards = v
		}
		if v, ok := strings.CutPrefix(a, "--out="); ok {
			out = v
		}
		if strings.HasPrefix(a, "--shard=") {
			t.Errorf("manifest sets %s: the index must come from JOB_COMPLETION_INDEX", a)
		}
	}
	if n, err := strconv.Atoi(shards); err != nil || n != s.Completions || n != s.Parallelism {
		t.Errorf("--shards=%s must equal completions %d and parallelism %d", shards, s.Completions, s.Parallelism)
	}
	if out == "" || len(c.VolumeMounts) == 0 || !strings.HasPrefix(out, c.VolumeMounts[0].MountPath) {
		t.Errorf("--out=%q must lie on the shared volume", out)
	}
}
