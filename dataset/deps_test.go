package dataset

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestDatasetNeverImportsTheSearch keeps the data layer independent of the
// engine (docs/ARCHITECTURE.md): readers of a dataset must not need the
// search, and the schema must not change with it.
func TestDatasetNeverImportsTheSearch(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		goTool = filepath.Join(runtime.GOROOT(), "bin", "go")
		if _, err := exec.LookPath(goTool); err != nil {
			t.Skip("go tool not found: cannot list dependencies")
		}
	}
	out, err := exec.Command(goTool, "list", "-deps", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if len(deps) == 0 {
		t.Fatal("go list -deps listed nothing")
	}
	for _, d := range deps {
		for _, banned := range []string{"/mcts", "/selfplay", "/eval", "/experiments"} {
			if strings.HasPrefix(d, "github.com/surakarta/surakarta/") && strings.HasSuffix(d, banned) {
				t.Errorf("package dataset depends on %s", d)
			}
		}
	}
}
