package scripts

import (
	"os/exec"
	"testing"
)

// TestInterruptLossScriptParses keeps the measuring script from rotting;
// running it takes minutes (docs/BENCHMARKS.md has its figures).
func TestInterruptLossScriptParses(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not found")
	}
	if out, err := exec.Command("bash", "-n", "interrupt/interrupt-loss.sh").CombinedOutput(); err != nil {
		t.Fatalf("bash -n interrupt/interrupt-loss.sh: %v\n%s", err, out)
	}
}
