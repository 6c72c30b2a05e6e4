package selfplay

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/tablebase"
)

// A run whose engine searches with endgame tables records what they hold
// ("tables": rules and pieces) beside the directory; when that directory
// holds other tables on a resume the run's settings differ by that key and
// the resume is refused, instead of playing its remaining games with other
// tables. Damaged tables refuse the run before it claims its directory.
func TestARunRecordsItsTablesAndAResumeWithOthersIsRefused(t *testing.T) {
	tb := t.TempDir()
	if _, err := tablebase.Build(tb, tablebase.BuildOptions{Rules: rules.DefaultRules(), Pieces: 2}); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "data")
	cfg := testConfig(out, 4, 1)
	cfg.Engine.Tablebase = tb
	if d := string(cfg.RunSettings().Engine); !strings.Contains(d, `"tablebase":"`+tb+`","`) || !strings.HasSuffix(d, `,"tables":"standard up to 2 pieces"}`) {
		t.Fatalf("recorded engine: %s", d)
	}
	cfg.Run.Games = 2
	mustRun(t, context.Background(), cfg)
	if _, err := tablebase.Build(tb, tablebase.BuildOptions{Rules: rules.DefaultRules(), Pieces: 3}); err != nil {
		t.Fatal(err)
	}
	cfg.Run.Games, cfg.Run.Resume = 4, true
	_, err := Run(context.Background(), cfg)
	if err == nil || !strings.Contains(err.Error(), "tables") || !strings.Contains(err.Error(), "up to 3 pieces") {
		t.Fatalf("resume with 3-piece tables where the run had 2: %v", err)
	}

	os.Remove(filepath.Join(tb, tablebase.FileName(rules.DefaultRules(), tablebase.Material{Own: 1, Enemy: 2})))
	fresh := filepath.Join(t.TempDir(), "fresh")
	cfg = testConfig(fresh, 2, 1)
	cfg.Engine.Tablebase = tb
	_, err = Run(context.Background(), cfg)
	if err == nil || !strings.Contains(err.Error(), "standard-1v2.sktb") {
		t.Fatalf("a run with an incomplete set: %v", err)
	}
	if _, serr := os.Stat(fresh); serr == nil {
		t.Fatal("the refused run created its directory")
	}
}
