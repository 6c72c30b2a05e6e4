package scripts

import (
	"os"
	"strings"
	"testing"
)

// sbatchOptions returns the #SBATCH options of a batch script and fails
// the test if one comes after the first command: sbatch stops reading
// them there and would silently ignore the rest.
func sbatchOptions(t *testing.T, path string) map[string]bool {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	opts := map[string]bool{}
	commands := false
	for n, line := range strings.Split(string(data), "\n") {
		trimmed := strings.TrimSpace(line)
		if v, ok := strings.CutPrefix(trimmed, "#SBATCH "); ok {
			if commands {
				t.Errorf("%s:%d: #SBATCH %s comes after the first command, where sbatch no longer reads options", path, n+1, v)
			}
			opts[strings.TrimSpace(v)] = true
			continue
		}
		if trimmed != "" && !strings.HasPrefix(trimmed, "#") {
			commands = true
		}
	}
	return opts
}

// A real Slurm showed both: a requeued task runs the script again (it must
// be allowed to, whatever the site's default), and without append its log
// is truncated, losing the first run's lines.
func TestSlurmArrayScriptRequeuesAndKeepsEveryRunsLog(t *testing.T) {
	opts := sbatchOptions(t, "slurm/selfplay-array.sh")
	for _, want := range []string{"--requeue", "--open-mode=append", "--output=selfplay-%A_%a.log"} {
		if !opts[want] {
			t.Errorf("slurm/selfplay-array.sh lacks #SBATCH %s", want)
		}
	}
}
