package scripts

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestFirstMoveShellEnginePlaysAMatch: the shell engine of
// scripts/engine, written from docs/PROTOCOL.md, plays whole games
// against the built-in engine through surakarta match, and every game
// ends by the rules (no fault).
func TestFirstMoveShellEnginePlaysAMatch(t *testing.T) {
	bin := surakarta(t)
	script, err := filepath.Abs(filepath.Join("engine", "first-move.sh"))
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "match", "--a", "engine:bash '"+script+"' '"+bin+"'", "--b", "sims=8,leaf=value",
		"--games", "2", "--concurrency", "1", "--quiet").CombinedOutput()
	if err != nil {
		t.Fatalf("match: %v\n%s", err, out)
	}
	report := string(out)
	if !strings.Contains(report, "2 games") || !strings.Contains(report, "A: engine:bash") {
		t.Fatalf("report:\n%s", report)
	}
	endings := report[strings.Index(report, "endings:"):]
	endings = endings[:strings.Index(endings, ";")]
	for _, fault := range []string{"illegal-move", "crash", "timeout", "garbage", "refused"} {
		if strings.Contains(endings, fault) {
			t.Errorf("a game of the shell engine ended by a fault: %s", endings)
		}
	}
}
