package selfplay

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/dataset/verify"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/mcts"
)

// alquerqueMaterial scores an Alquerque position by its piece difference,
// as mcts.Material does Surakarta's: a test evaluator (package eval holds
// the game's real ones), enough for the search to prefer captures.
type alquerqueMaterial struct{}

func (alquerqueMaterial) Evaluate(p *alquerque.Position, _ []alquerque.Code, _ []float32) (float32, bool) {
	us := p.SideToMove()
	return float32(p.Count(us)-p.Count(us^1)) / alquerque.MaxPieces, false
}

// alquerqueConfig is testConfig's self-play of Alquerque: the same runner,
// another game.
func alquerqueConfig(dir string, games int64, workers int) ConfigOf[alquerque.Rules, alquerque.Position, alquerque.Code] {
	c := testConfig(dir, games, workers)
	return ConfigOf[alquerque.Rules, alquerque.Position, alquerque.Code]{Run: c.Run, PartGames: c.PartGames,
		Rules: alquerque.DefaultRules(), Engine: c.Engine, Evaluator: alquerqueMaterial{}}
}

// TestAlquerqueSelfPlayIsReproducibleAndVerifies: the runner plays
// Alquerque through the game contract into game=alquerque partitions; the
// same seed gives the same rows on 1 and 3 workers, every row verifies by
// Alquerque's rules, and the rows name their game and leave Surakarta's
// columns empty.
func TestAlquerqueSelfPlayIsReproducibleAndVerifies(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	ctx := context.Background()
	sa, err := RunOf(ctx, alquerqueConfig(a, 7, 1))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := RunOf(ctx, alquerqueConfig(b, 7, 3)); err != nil {
		t.Fatal(err)
	}
	if sa.Played != 7 || sa.Players != [2]string{"white", "black"} {
		t.Fatalf("summary %+v: want 7 games of white and black", sa)
	}
	key := dataset.Key("alquerque", "standard")
	if _, err := os.Stat(filepath.Join(a, dataset.TableGames, "game=alquerque", "variant=standard")); err != nil {
		t.Fatalf("no game=alquerque/variant=standard partition: %v", err)
	}
	ra, rb := readRows(t, a, key), readRows(t, b, key)
	if len(ra.games) != 7 || len(ra.pos) == 0 || !reflect.DeepEqual(ra, rb) {
		t.Fatalf("1 worker wrote %d games and %d positions, 3 workers differ: %v", len(ra.games), len(ra.pos), !reflect.DeepEqual(ra, rb))
	}
	for _, g := range ra.games {
		if g.Game != "alquerque" || g.Variant != "standard" || (g.Winner != "white" && g.Winner != "black" && g.Winner != "draw") ||
			g.RedPieces != 0 || g.MajorityWinner != "" {
			t.Fatalf("game row %+v", g)
		}
	}
	for _, p := range ra.pos {
		if p.Game != "alquerque" || p.Red != 0 || p.MoveIndex != 0 || len(p.Policy) == 0 || p.Policy[0].Action != 0 || p.Policy[0].Move == "" {
			t.Fatalf("position row %+v", p)
		}
	}
	rep, err := verify.Verify(ctx, a, verify.Options{Complete: true})
	if err != nil || !rep.OK() || rep.Games != 7 || rep.Positions != int64(len(ra.pos)) {
		t.Fatalf("verify: %v %+v", err, rep)
	}
}

// TestAlquerqueSelfPlayResumes: an Alquerque run grown with Resume plays
// only the new games, and holds the rows a run of all of them at once
// writes.
func TestAlquerqueSelfPlayResumes(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	ctx := context.Background()
	if _, err := RunOf(ctx, alquerqueConfig(a, 4, 2)); err != nil {
		t.Fatal(err)
	}
	grown := alquerqueConfig(a, 8, 2)
	grown.Run.Resume = true
	s, err := RunOf(ctx, grown)
	if err != nil || s.Skipped != 4 || s.Played != 4 {
		t.Fatalf("grown run: %+v, %v: want the 4 games of the first run kept and 4 played", s, err)
	}
	if _, err := RunOf(ctx, alquerqueConfig(b, 8, 1)); err != nil {
		t.Fatal(err)
	}
	key := dataset.Key("alquerque", "standard")
	if ra, rb := readRows(t, a, key), readRows(t, b, key); !reflect.DeepEqual(ra, rb) {
		t.Fatalf("the resumed run's rows differ from a run of all 8 games")
	}
}

// TestEarlierSurakartaDatasetResumes: a dataset of schema version 2 grows
// by a resume of the same settings where it is (its partitions of
// TABLE/variant=V/), keeping its run id, and verifies with the new parts.
func TestEarlierSurakartaDatasetResumes(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "dataset", "testdata", "schema-v2", "selfplay"))); err != nil {
		t.Fatal(err)
	}
	// The settings the fixture was written with (dataset's legacy_test.go).
	cfg := Config{Run: runspec.Settings{Out: dir, Games: 6, Concurrency: 2, Seed: 5, RandomOpening: 2, Resume: true}, PartGames: 2,
		Rules: testConfig("", 0, 0).Rules, Engine: DefaultEngine(), Evaluator: mcts.Material{}}
	cfg.Engine.Sims, cfg.Engine.Evaluator = 10, mcts.MaterialName
	cfg.Logf = t.Logf
	before, _, _ := dataset.ReadManifest(dir, "standard")
	s, err := Run(context.Background(), cfg)
	if err != nil || s.Skipped != 4 || s.Played != 2 {
		t.Fatalf("resume of a version-2 dataset: %+v, %v", s, err)
	}
	if _, err := os.Stat(dataset.PartPath(dir, dataset.TableGames, "standard", 4)); err != nil || filepath.Base(filepath.Dir(filepath.Dir(dataset.PartPath(dir, dataset.TableGames, "standard", 4)))) != dataset.TableGames {
		t.Fatalf("the new part is not beside the old ones in games/variant=standard: %v", err)
	}
	after, _, _ := dataset.ReadManifest(dir, "standard")
	if after.ID() != before.ID() || after.Games != 6 {
		t.Fatalf("manifest %+v after the resume (run id %s, was %s)", after, after.ID(), before.ID())
	}
	rep, err := verify.Verify(context.Background(), dir, verify.Options{})
	if err != nil || !rep.OK() {
		t.Fatalf("verify after the resume: %v %+v", err, rep)
	}
}
