package train

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/eval/fit"
	"github.com/surakarta/surakarta/internal/base/atomicfile"
	"github.com/surakarta/surakarta/internal/testing/testutil"
	"github.com/surakarta/surakarta/mcts"
)

// tinyAlquerque is tinyConfig for Alquerque: two generations of a dozen
// games at a few simulations, generation 0 Alquerque's engine.
func tinyAlquerque(out string) Config {
	c := DefaultConfig()
	if err := c.WithGame(AlquerqueGame); err != nil {
		panic(err)
	}
	c.Run.Out, c.Generations, c.Run.Games = out, 2, 12
	c.SelfPlay.Sims, c.Match.Sims = 8, 8
	c.GateGames, c.AnchorGames, c.StrengthGames, c.PoolGames = 4, 2, 0, 2
	c.Gate = GateHalf // two pairs cannot put an interval above one half
	c.Fit.Value.Holdout = 0.3
	return c
}

// TestAlquerqueTrainsThroughTheOneRunner trains Alquerque by the runner
// Surakarta's runs use: generation 0 is Alquerque's engine (its shipped
// model, best, with value leaves), the data lies in the game=alquerque partitions, each
// generation's model is an Alquerque model file (a pattern head, no
// prior) that opens as Alquerque's evaluator, the ladder records the game,
// and a resumed finished run plays nothing again and gives the same
// ladder, as the same run on one worker does.
func TestAlquerqueTrainsThroughTheOneRunner(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "a")
	l, err := Run(context.Background(), tinyAlquerque(dir))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := l.Generations[0].GateOpponent, 0; got != want || len(l.Generations) != 2 {
		t.Fatalf("%d generations, the first gated against gen-%02d: want 2, gen-00", len(l.Generations), got)
	}
	if l.game() != AlquerqueGame || !strings.Contains(string(l.Settings), `"game":"alquerque"`) {
		t.Errorf("the ladder's settings do not record the game: %s", l.Settings)
	}
	if got := l.Ratings.Anchor; got != "gen-00 (best)" {
		t.Errorf("ratings anchored at %q, want generation 0, Alquerque's engine (its shipped model, best)", got)
	}
	for g := 1; g <= 2; g++ {
		data := filepath.Join(dir, genDir(g), DataDir)
		keys, err := dataset.Variants(data)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(keys, []string{dataset.Key(AlquerqueGame, "standard")}) {
			t.Errorf("generation %d's data holds partitions %v, want alquerque/standard only", g, keys)
		}
		path := filepath.Join(dir, genDir(g), ModelFile)
		var mf eval.ModelFile
		if err := atomicfile.ReadJSON(path, &mf); err != nil {
			t.Fatal(err)
		}
		if mf.Game != AlquerqueGame || mf.Prior != nil || mf.Patterns == nil || mf.Provenance.Generation != g {
			t.Errorf("generation %d's model: game %q, prior %v, pattern head %v, generation %d: want an Alquerque pattern model of generation %d",
				g, mf.Game, mf.Prior != nil, mf.Patterns != nil, mf.Provenance.Generation, g)
		}
		if _, err := eval.OpenAlquerqueEvaluator(path); err != nil {
			t.Errorf("generation %d's model does not open as Alquerque's evaluator: %v", g, err)
		}
		if _, err := eval.OpenEvaluator(path); err == nil {
			t.Errorf("generation %d's model opened as Surakarta's evaluator", g)
		}
	}
	want := ladderWithoutTimes(t, dir)
	c := tinyAlquerque(dir)
	c.Run.Resume = true
	l, err = Run(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range l.Generations {
		if len(g.Seconds) != 0 {
			t.Errorf("resumed finished run reran generation %d's stages %v", g.Generation, g.Seconds)
		}
	}
	one := filepath.Join(base, "one")
	c = tinyAlquerque(one)
	c.Run.Concurrency = 1
	if _, err := Run(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	if got := ladderWithoutTimes(t, one); got != want {
		t.Errorf("on one worker the ladder differs:\n%s\nwant\n%s", got, want)
	}
}

// TestAlquerqueRefusesWhatItHasNot: Alquerque has no linear head, no move
// prior, no endgame tables, and a game train does not know is named;
// generation 0 is Alquerque's default engine (its shipped model, value
// leaves at cpuct 0.5), or under the preset baseline the engine that made
// that model (playouts scored by material at cpuct 1.5), with no pool
// model either way.
func TestAlquerqueRefusesWhatItHasNot(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, want string
		change     func(*Config)
	}{
		{"linear head", "Alquerque's value head is patterns", func(c *Config) { c.Fit.ValueHead = fit.LinearHead }},
		{"prior", "no move prior", func(c *Config) { c.Fit.NoPrior = false }},
		{"tables", "endgame tables are Surakarta's", func(c *Config) { c.SelfPlay.Tablebase = dir }},
		{"another game", `game=growths: want surakarta or alquerque`, func(c *Config) { c.Game = "growths" }},
	} {
		c := tinyAlquerque(filepath.Join(dir, "out"))
		tc.change(&c)
		_, err := Run(context.Background(), c)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error saying %q", tc.name, err, tc.want)
		}
	}
	c := DefaultConfig()
	if err := c.WithGame("growths"); err == nil {
		t.Error("WithGame(growths): no error")
	}
	if err := c.WithGame(AlquerqueGame); err != nil || c.Gen0 != eval.BestName || c.SelfPlay.Leaf != mcts.LeafValue || c.Match.CPUCT != 0.5 || c.Pool != nil {
		t.Errorf("WithGame(alquerque): %v, generation 0 %q with %s leaves at cpuct %g, pool %v: want Alquerque's engine (best, value leaves at 0.5), no pool model",
			err, c.Gen0, c.SelfPlay.Leaf, c.Match.CPUCT, c.Pool)
	}
	c = DefaultConfig()
	if err := c.WithPreset("baseline"); err != nil {
		t.Fatal(err)
	}
	if err := c.WithGame(AlquerqueGame); err != nil || c.Gen0 != mcts.MaterialName || c.SelfPlay.Leaf != mcts.LeafPlayout || c.Match.CPUCT != 1.5 || c.Pool != nil {
		t.Errorf("WithPreset(baseline), WithGame(alquerque): %v, generation 0 %q with %s leaves at cpuct %g, pool %v: want the former default (material, playouts at 1.5), no pool model",
			err, c.Gen0, c.SelfPlay.Leaf, c.Match.CPUCT, c.Pool)
	}
	if got := gen0Text(&c); got != "the built-in engine: playouts, material" {
		t.Errorf("generation 0 under the baseline is %q", got)
	}
	c = DefaultConfig()
	if err := c.WithGame(AlquerqueGame); err != nil {
		t.Fatal(err)
	}
	if got, want := gen0Text(&c), "the shipped model, "+eval.ShippedAlquerqueModel+", with value leaves at cpuct 0.5"; got != want {
		t.Errorf("generation 0 of Alquerque is %q, want %q (Alquerque's model, not Surakarta's)", got, want)
	}
}

// TestAlquerquesPoolIsTheTournamentsGauntlet: Alquerque's pool matches
// were played one match at a time beside Surakarta's gauntlet of
// eval/tournament; they are the same gauntlet, each match kept in its
// pool file and rated with the rest, and a resumed run plays none again.
func TestAlquerquesPoolIsTheTournamentsGauntlet(t *testing.T) {
	dir := t.TempDir()
	c := tinyAlquerque(dir)
	c.Generations, c.PoolDepth, c.AnchorGames = 3, 2, 0 // generation 3 meets 1 or 2 besides its gate
	log := &testutil.Buffer{}
	c.Log = log
	l, err := Run(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	g3 := l.Generations[2]
	if len(g3.Pool) == 0 || !strings.Contains(log.String(), "generation 3: pool, gen-03 against ") || !strings.Contains(log.String(), "pairing 1 of ") {
		t.Fatalf("generation 3's pool %+v, log:\n%s\nwant its matches played as a gauntlet of the tournament", g3.Pool, log.String())
	}
	for _, m := range g3.Pool {
		var rec matchRecord
		if m.A != "gen-03" || m.Games != c.PoolGames || atomicfile.ReadJSON(filepath.Join(dir, genDir(3), poolFile(m.B)), &rec) != nil || rec.Result.Games != m.Games {
			t.Errorf("pool match %s against %s: %d games, its file %+v: want %d games, kept in %s", m.A, m.B, m.Games, rec.Result, c.PoolGames, poolFile(m.B))
		}
		if l.Ratings.Of(m.B) == nil {
			t.Errorf("pool opponent %s is not rated", m.B)
		}
	}
	c.Run.Resume, c.Log = true, nil
	again, err := Run(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if s := again.Generations[2].Seconds; len(s) != 0 {
		t.Errorf("the resumed finished run played generation 3's stages %v again", s)
	}
}
