package dataset_test

import (
	"path/filepath"
	"testing"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/internal/testing/testgames"
	"github.com/surakarta/surakarta/rules"
)

// The fixtures in testdata/schema-v1 were written by the program of schema
// version 1 (the commit before run_id): a two-variant self-play dataset
// (surakarta selfplay --games 4 --sims 10 --part-games 2 --seed 5, both
// variants) and a match (surakarta match --a sims=4,leaf=value --b
// sims=2,leaf=value --games 4).
//
// testdata/schema-v2 was written by the program of schema version 2 (the
// commit before the game was named, 94b5fcf): surakarta selfplay --games 4
// --sims 10 --part-games 2 --seed 5 --random-opening 2 --evaluator
// material, both variants.
var (
	v1SelfPlay = filepath.Join("testdata", "schema-v1", "selfplay")
	v1Match    = filepath.Join("testdata", "schema-v1", "match")
	v2SelfPlay = filepath.Join("testdata", "schema-v2", "selfplay")
)

// TestEarlierDatasetsReadAsSurakarta: datasets of versions 1 and 2 read
// as game=surakarta with the outcome their winner says (Red moved
// first), and keep their run ids: the run_id column version 2 wrote is the
// id its manifest's run has now.
func TestEarlierDatasetsReadAsSurakarta(t *testing.T) {
	for _, dir := range []string{v1SelfPlay, v2SelfPlay} {
		vs, err := dataset.Variants(dir)
		if err != nil || len(vs) != 2 || vs[0] != "majority" || vs[1] != "standard" {
			t.Fatalf("%s: partitions %v, %v: want majority and standard", dir, vs, err)
		}
		for _, v := range vs {
			run, ok, err := dataset.ReadManifest(dir, v)
			if err != nil || !ok || run.GameName() != "surakarta" || run.Partition() != v {
				t.Fatalf("%s %s manifest: %+v, %v, %v", dir, v, run, ok, err)
			}
			want := map[string]string{"red": "first", "black": "second", "draw": "draw"}
			n := 0
			err = dataset.ScanGames(dir, v, func(g *dataset.GameRow) error {
				n++
				if g.Game != "surakarta" || g.Outcome != want[g.Winner] || g.RunID != run.ID() {
					t.Fatalf("%s %s game %d: game %q, winner %q, outcome %q, run_id %q (the run's id now %q)", dir, v, g.GameID, g.Game, g.Winner, g.Outcome, g.RunID, run.ID())
				}
				return nil
			})
			if err != nil || n != 4 {
				t.Fatalf("%s %s: %d games, %v", dir, v, n, err)
			}
			err = dataset.ScanPositions(dir, v, []string{dataset.ColRunID, dataset.ColGame}, func(p *dataset.PositionRow) error {
				if p.Game != "surakarta" || p.RunID != run.ID() {
					t.Fatalf("%s %s position: game %q, run_id %q (want %q)", dir, v, p.Game, p.RunID, run.ID())
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestSchemaVersion1DatasetsStillRead: a dataset written before run_id and
// the policy's moves reads with run_id computed from each
// file's footer (the id a run of those settings has now), policy moves
// empty, and a match's clean games without a fault.
func TestSchemaVersion1DatasetsStillRead(t *testing.T) {
	ids := map[string]string{}
	for _, v := range []string{"standard", "majority"} {
		run, ok, err := dataset.ReadManifest(v1SelfPlay, v)
		if err != nil || !ok || run.SchemaVersion != 1 {
			t.Fatalf("%s manifest: %+v, %v, %v", v, run, ok, err)
		}
		ids[v] = run.ID()
		games, positions := 0, 0
		err = dataset.ScanGames(v1SelfPlay, v, func(g *dataset.GameRow) error {
			if g.RunID != run.ID() {
				t.Fatalf("%s game %d: run_id %q, want the footer's %q", v, g.GameID, g.RunID, run.ID())
			}
			games++
			return nil
		})
		if err != nil || games != 4 {
			t.Fatalf("%s: %d games, %v", v, games, err)
		}
		err = dataset.ScanPositions(v1SelfPlay, v, []string{dataset.ColRunID, dataset.ColPolicy}, func(p *dataset.PositionRow) error {
			if p.RunID != run.ID() || len(p.Policy) == 0 || p.Policy[0].Move != "" {
				t.Fatalf("%s position: run_id %q (want %q), policy %+v", v, p.RunID, run.ID(), p.Policy)
			}
			positions++
			return nil
		})
		if err != nil || positions == 0 {
			t.Fatalf("%s: %d positions, %v", v, positions, err)
		}
	}
	if ids["standard"] == ids["majority"] || len(ids["standard"]) != 16 {
		t.Fatalf("run ids %v: want two distinct 16-digit ids", ids)
	}
	var gameRun string
	dataset.ScanGames(v1Match, "standard", func(g *dataset.GameRow) error { gameRun = g.RunID; return nil })
	n := 0
	err := dataset.ScanMatches(v1Match, "standard", func(m *dataset.MatchRow) error {
		if m.RunID != gameRun || m.RunID == "" || m.Fault != "" || (m.Red != "a" && m.Red != "b") {
			t.Fatalf("version-1 match row %+v: want run_id %q and no fault", m, gameRun)
		}
		n++
		return nil
	})
	if err != nil || n != 4 {
		t.Fatalf("version-1 matches: %d rows, %v", n, err)
	}
}

// TestRunIDIsTheRunsSettingsNotItsSize: the id joins a run's rows, so it
// must be the same for a run and its extension, shards or replays (Games
// and GameIDs differ: game i's rows are the same) and for the same engine
// described with keys in another order, and differ when anything that
// decides the games does.
func TestRunIDIsTheRunsSettingsNotItsSize(t *testing.T) {
	base := testgames.SynthRun(t, rules.DefaultRules(), 9, 100, 4)
	base.Engine = `{"sims":200,"leaf":"value"}`
	grown := base
	grown.Games, grown.SchemaVersion, grown.GameIDs = 400, 1, "3,17"
	reordered := base
	reordered.Engine = `{"leaf":"value","sims":200}`
	if base.ID() != grown.ID() || base.ID() != reordered.ID() {
		t.Fatalf("ids %s, %s (grown, a replay), %s (keys reordered): want one id", base.ID(), grown.ID(), reordered.ID())
	}
	seen := map[string]string{base.ID(): "base"}
	for name, change := range map[string]func(*dataset.Run){
		"seed":              func(r *dataset.Run) { r.Seed++ },
		"variant":           func(r *dataset.Run) { r.Variant = "majority" },
		"rules":             func(r *dataset.Run) { r.Rules += ",repetition=4" },
		"engine":            func(r *dataset.Run) { r.Engine = `{"sims":201,"leaf":"value"}` },
		"opening":           func(r *dataset.Run) { r.RandomOpening++ },
		"opening procedure": func(r *dataset.Run) { r.Opening = "enumerated" },
		"start":             func(r *dataset.Run) { r.Start = "6/6/b5/1r4/2r1b1/r5 r 0 1" },
	} {
		r := base
		change(&r)
		if other, ok := seen[r.ID()]; ok {
			t.Errorf("changing the %s gives the id of %s", name, other)
		}
		seen[r.ID()] = name
	}
}
