package scripts

import (
	"os/exec"
	"testing"
)

// TestOutsideReaderScriptParses keeps the DuckDB check from rotting; it
// needs node, npm and DuckDB's npm package, so go test does not run it.
func TestOutsideReaderScriptParses(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not found")
	}
	if out, err := exec.Command("bash", "-n", "duckdb/outside-reader.sh").CombinedOutput(); err != nil {
		t.Fatalf("bash -n duckdb/outside-reader.sh: %v\n%s", err, out)
	}
}
