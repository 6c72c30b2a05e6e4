package mcts

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/tablebase"
)

// tablesDir builds the tables of up to n pieces for r in a new directory.
func tablesDir(t *testing.T, r rules.Rules, n int) string {
	t.Helper()
	dir := t.TempDir()
	if _, err := tablebase.Build(dir, tablebase.BuildOptions{Rules: r, Pieces: n}); err != nil {
		t.Fatal(err)
	}
	return dir
}

// tablesSearcher is a searcher of cfg with the tables cfg names opened as
// its oracle, as the searcher's callers open them.
func tablesSearcher(t *testing.T, cfg Config) *Searcher {
	t.Helper()
	o, err := tablebase.OpenOracle(cfg.Tablebase, cfg.Rules)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSearcherOf(cfg, Material{}, o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// randomPosition places own and enemy pieces at random with side to move.
func randomPosition(rng *RNG, own, enemy int, side rules.Color, counter int) rules.Position {
	var o, e rules.Bitboard
	for o.Count() < own {
		o |= rules.Square(rng.IntN(rules.NumSquares)).Bit()
	}
	for e.Count() < enemy {
		if s := rules.Square(rng.IntN(rules.NumSquares)).Bit(); s&o == 0 {
			e |= s
		}
	}
	red, black := o, e
	if side == rules.Black {
		red, black = e, o
	}
	p, err := rules.NewPosition(red, black, side, counter, 1)
	if err != nil {
		panic(err)
	}
	return p
}

// A root the tables cover: the search proves it with exactly the tables'
// result and distance (its children are solved from the tables at their
// first visit and the solver does the rest), the Result carries the
// tables' verdict, and Best and Choose play the tables' move.
func TestTablesProveTheRootExactlyAndPlayTheirMove(t *testing.T) {
	for _, v := range []rules.Variant{rules.Standard, rules.Majority} {
		r := rules.DefaultRules()
		r.Variant = v
		dir := tablesDir(t, r, 3)
		tabs, err := tablebase.Open(dir, r)
		if err != nil {
			t.Fatal(err)
		}
		cfg := testConfig(400, LeafValue)
		cfg.Rules, cfg.Tablebase = r, dir
		s := tablesSearcher(t, cfg)
		rng := NewRNG(5)
		wins := 0
		for trial := 0; trial < 60; trial++ {
			p := randomPosition(&rng, 1+rng.IntN(2), 1, rules.Color(rng.IntN(2)), rng.IntN(50))
			g, err := rules.NewGame(r, p)
			if err != nil || g.IsTerminal() {
				continue
			}
			e, best, _, err := tabs.Best(&p)
			if err != nil {
				t.Fatal(err)
			}
			res := s.Search(g)
			if res.Table == nil || *res.Table != e || res.TableMove != best {
				t.Fatalf("%s: verdict %v (move %v), the tables say %v (move %v)", p.FEN(), res.Table, res.TableMove, e, best)
			}
			if res.Best != best || s.Choose(&res, 0) != best {
				t.Fatalf("%s: plays %v, the tables' move is %v", p.FEN(), res.Best, best)
			}
			if res.Proof.String() != e.Result() || res.Proof != ProofDraw && res.Distance != e.Plies {
				t.Fatalf("%s: the search proves %v in %d, the tables say %v", p.FEN(), res.Proof, res.Distance, e)
			}
			if res.Proof == ProofWin {
				wins++
			}
		}
		if wins == 0 {
			t.Fatalf("%s: no won position among the trials: the distances were not compared", v)
		}
	}
}

// With tables the search still commutes exactly with rules.Rotate: roots in
// the tables (3 pieces) and above them (4 pieces, whose captures reach
// them), with playout and value leaves.
func TestSearchWithTablesCommutesWithRotate(t *testing.T) {
	r := rules.Rules{Variant: rules.Majority, NoCaptureLimit: 30, Repetition: 3}
	dir := tablesDir(t, r, 3)
	rng := NewRNG(9)
	for _, leaf := range []LeafMode{LeafValue, LeafPlayout} {
		cfg := testConfig(64, leaf)
		cfg.Rules, cfg.Tablebase, cfg.PlayoutPlies = r, dir, 20
		a, b := tablesSearcher(t, cfg), tablesSearcher(t, cfg)
		for trial := 0; trial < 40; trial++ {
			n := 3 + trial%2
			own := 1 + rng.IntN(n-1)
			p := randomPosition(&rng, own, n-own, rules.Color(rng.IntN(2)), rng.IntN(30))
			g, err := rules.NewGame(r, p)
			if err != nil || g.IsTerminal() {
				continue
			}
			a.Reset(uint64(trial))
			b.Reset(uint64(trial))
			ra, rb := a.Search(g), b.Search(rules.Rotate.Game(g))
			if d := sameUnderRotate(&ra, &rb); d != "" {
				t.Fatalf("%v, %s: search of the image: %s", leaf, p.FEN(), d)
			}
			if (ra.Table == nil) != (rb.Table == nil) || ra.Table != nil && rb.TableMove != rules.Rotate.Move(ra.TableMove) {
				t.Fatalf("%v, %s: verdicts %+v and %+v are not images", leaf, p.FEN(), ra.Table, rb.Table)
			}
		}
	}
}

func TestTablebaseSettingIsOmittedFromDescriptionsUntilSetAndNeedsItsTables(t *testing.T) {
	e := DefaultEngine()
	if strings.Contains(e.Describe(), "tablebase") {
		t.Fatalf("default description names the tables: %s", e.Describe())
	}
	e.Tablebase = "tb"
	if !strings.Contains(e.Describe(), `"tablebase":"tb"`) {
		t.Fatalf("description without the tables: %s", e.Describe())
	}
	// The search opens no file: a configuration that names tables needs
	// them opened by the caller, and is refused without them rather than
	// searched as if it named none.
	cfg := testConfig(10, LeafValue)
	cfg.Tablebase = filepath.Join(t.TempDir(), "missing")
	if _, err := NewSearcher(cfg, Material{}); err == nil || !strings.Contains(err.Error(), "not opened") {
		t.Fatalf("tables named, none given: %v", err)
	}
}
