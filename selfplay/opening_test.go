package selfplay

import (
	"context"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/rules"
)

// TestEnumeratedOpeningsArePlayedInTurnAndVerify plays a run with
// enumerated 2-ply openings: game i must open with opening i mod 256 of
// dataset.EnumerateOpenings, the manifest must record the procedure, and
// verify (which replays each opening from the manifest) must pass; a
// resume under random openings must be refused.
func TestEnumeratedOpeningsArePlayedInTurnAndVerify(t *testing.T) {
	dir := t.TempDir()
	cfg := testConfig(dir, 6, 2)
	cfg.Run.RandomOpening, cfg.Opening = 2, dataset.OpeningEnumerated
	cfg.Engine.Sims = 4
	mustRun(t, context.Background(), cfg)
	list, err := dataset.EnumerateOpenings(cfg.Rules, rules.Start(), 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range readRows(t, dir, "standard").games {
		want := list[g.GameID%int64(len(list))]
		if g.OpeningPlies != 2 || g.Moves[0] != want[0].String() || g.Moves[1] != want[1].String() {
			t.Fatalf("game %d opens %v (%d plies), want opening %d: %v", g.GameID, g.Moves[:2], g.OpeningPlies, g.GameID, want)
		}
	}
	if m, _, _ := dataset.ReadManifest(dir, "standard"); m.Opening != dataset.OpeningEnumerated {
		t.Fatalf("manifest records opening %q", m.Opening)
	}
	mustVerify(t, dir)
	cfg.Opening, cfg.Run.Resume, cfg.Run.Games = "", true, 8
	if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "opening") {
		t.Fatalf("resuming with random openings: %v, want a refusal naming the opening", err)
	}
}
