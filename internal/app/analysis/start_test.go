package analysis

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/tablebase"
)

// TestStartWithTablesSearchesWithTheNamedTables: named tables become the
// search's oracle (a 3-piece ending is proven at once) and the start's
// note that one more piece of tables would solve a 4-piece ending is said
// once; named tables that do not load refuse the start; named as none,
// there are none.
func TestStartWithTablesSearchesWithTheNamedTables(t *testing.T) {
	r := rules.DefaultRules()
	dir := t.TempDir()
	if _, err := tablebase.Build(dir, tablebase.BuildOptions{Rules: r, Pieces: 3}); err != nil {
		t.Fatal(err)
	}
	e := mcts.DefaultEngine()
	e.Sims, e.Tablebase = 50, dir
	cfg := e.Config(r, 1)
	var notes bytes.Buffer
	tb := tablebase.NewResolver(&notes, true, false)
	st, err := StartWithTables(line(t, r, "6/2b3/1r4/6/1b4/5r r 0 30"), cfg, mcts.Material{}, tb, true)
	if err != nil || st.Searcher == nil || st.OnPosition == nil {
		t.Fatalf("%+v, %v", st, err)
	}
	p := st.Line.Position()
	st.OnPosition(&p)
	if strings.Count(notes.String(), "this ending has 4 pieces") != 1 {
		t.Errorf("notes %q, want the 4-piece note once", notes.String())
	}
	three := line(t, r, "6/2b3/1r4/6/6/5r r 0 30")
	st, err = StartWithTables(three, cfg, mcts.Material{}, tb, true)
	if err != nil {
		t.Fatal(err)
	}
	if a, err := Analyze(context.Background(), io.Discard, three, st.Searcher, 1, true); err != nil || a.Table == nil || a.Proof == "" {
		t.Errorf("a 3-piece ending searched with 3-piece tables: %+v, %v", a, err)
	}

	cfg.Tablebase = t.TempDir()
	var te *tablebase.TablesError
	if _, err := StartWithTables(three, cfg, mcts.Material{}, tb, true); !errors.As(err, &te) {
		t.Errorf("tables that do not load: %v", err)
	}
	cfg.Tablebase = ""
	if st, err := StartWithTables(three, cfg, mcts.Material{}, tb, true); err != nil || st.Searcher == nil {
		t.Errorf("no tables: %v", err)
	}
}

// TestStartOfSearchesWithoutTables: another game's start is its line and
// a searcher of its own.
func TestStartOfSearchesWithoutTables(t *testing.T) {
	r := alquerque.Rules(rules.DefaultRules())
	e := mcts.DefaultEngine()
	st, err := StartOf(line(t, r, "5/5/5/1bb2/wb3 w 0 1"), mcts.ConfigOf[alquerque.Rules]{Settings: e.Settings, Seed: 1, Rules: r}, eval.AlquerqueMaterial{})
	if err != nil || st.Searcher == nil || st.OnPosition != nil {
		t.Fatalf("%+v, %v", st, err)
	}
}
