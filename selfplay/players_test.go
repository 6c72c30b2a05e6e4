package selfplay

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/mcts"
)

// rootVisits returns the visits of a position row's search: the sum of its
// policy's visits.
func rootVisits(p *dataset.PositionRow) int {
	n := 0
	for _, e := range p.Policy {
		n += int(e.Visits)
	}
	return n
}

// With tree reuse, one shared searcher starts the reply's search from the
// subtree it grew for the move before (more visits at the root than a
// search runs); independent players each start their first search from an
// empty tree and keep only their own. If independent players shared a
// tree, the first searched move of the second player would carry the
// first player's visits.
func TestIndependentPlayersDoNotHandTheTreeToTheOpponent(t *testing.T) {
	base := t.TempDir()
	for _, players := range []string{PlayersShared, PlayersIndependent} {
		cfg := testConfig(filepath.Join(base, players), 4, 1)
		cfg.Engine.Sims = 40
		cfg.Engine.NoiseWeight, cfg.Engine.TemperaturePlies = 0, 0
		cfg.Players = players
		mustRun(t, context.Background(), cfg)
		rows := readRows(t, cfg.Run.Out, "standard")
		handed := 0
		for i := range rows.pos {
			p := &rows.pos[i]
			if p.Ply != int16(cfg.Run.RandomOpening)+1 { // the second searched move of the game
				continue
			}
			if rootVisits(p) > cfg.Engine.Sims {
				handed++
			}
		}
		switch {
		case players == PlayersShared && handed == 0:
			t.Errorf("shared: no game's second searched move started from the first move's tree: the test does not see tree reuse")
		case players == PlayersIndependent && handed > 0:
			t.Errorf("independent: %d of 4 games' second searched move started with more than %d visits: the first player's tree was handed over", handed, cfg.Engine.Sims)
		}
	}
}

// Settings by side give each colour its own simulations: every Red search
// runs at most Red's, and Black's run more.
func TestSidesGiveEachColourItsSettings(t *testing.T) {
	cfg := testConfig(t.TempDir(), 3, 1)
	cfg.Engine.NoiseWeight, cfg.Engine.TemperaturePlies = 0, 0
	cfg.Engine.ReuseTree = false // a root's visits are then its own search's
	red, black := cfg.Engine.Settings, cfg.Engine.Settings
	red.Sims, black.Sims = 10, 50
	cfg.Players, cfg.Sides = PlayersIndependent, &[2]mcts.Settings{red, black}
	mustRun(t, context.Background(), cfg)
	rows := readRows(t, cfg.Run.Out, "standard")
	var most [2]int
	for i := range rows.pos {
		p := &rows.pos[i]
		side := p.Ply % 2 // Red moves at even plies from the start position
		most[side] = max(most[side], rootVisits(p))
	}
	if most[0] > red.Sims || most[1] <= red.Sims || most[1] > black.Sims {
		t.Errorf("most root visits: Red %d, Black %d; want Red at most %d and Black above it, at most %d", most[0], most[1], red.Sims, black.Sims)
	}
	run, ok, err := dataset.ReadManifest(cfg.Run.Out, "standard")
	if err != nil || !ok {
		t.Fatalf("manifest: %v %v", ok, err)
	}
	for _, key := range []string{`"players":"independent"`, `"red":{"sims":10`, `"black":{"sims":50`} {
		if !strings.Contains(string(run.Engine), key) {
			t.Errorf("the run's engine %s does not record %s", run.Engine, key)
		}
	}
}
