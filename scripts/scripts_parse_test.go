package scripts

import (
	"os/exec"
	"testing"
)

// TestLongScriptsParse keeps the scripts that go test never runs from
// rotting: each needs minutes, root or outside tools (docs/BENCHMARKS.md,
// docs/CLUSTER.md and the README have their figures), so at least each must
// parse.
func TestLongScriptsParse(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not found")
	}
	for _, script := range []string{
		"interrupt/interrupt-loss.sh", // kill -9 at random moments, minutes
		"slurm/local-cluster-test.sh", // a real Slurm, root, apt-get
		"duckdb/outside-reader.sh",    // DuckDB from npm
		"pgn/install.sh",              // the PGN reader from npm
		"readme/pipeline-default.sh",  // the default pipeline, a minute
		"bench/interleaved-cpu.sh",    // benchmarks of two commits alternated, minutes
	} {
		if out, err := exec.Command("bash", "-n", script).CombinedOutput(); err != nil {
			t.Errorf("bash -n %s: %v\n%s", script, err, out)
		}
	}
}
