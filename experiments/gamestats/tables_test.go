package gamestats

import (
	"testing"

	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/tablebase"
)

// TestDrawsAreJudgedByTheTables builds the 3-piece tables and judges
// drawn games that never captured (so the position judged is the start):
// a 2v1 start the tables call a win must count as won, a 1v1 start they
// call drawn as drawn (each checked against a direct probe), and a start
// of six pieces as beyond the tables.
func TestDrawsAreJudgedByTheTables(t *testing.T) {
	dir := t.TempDir()
	r := rules.DefaultRules()
	if _, err := tablebase.Build(dir, tablebase.BuildOptions{Rules: r, Pieces: 3, Concurrency: 1}); err != nil {
		t.Fatal(err)
	}
	tb, err := tablebase.Open(dir, r)
	if err != nil {
		t.Fatal(err)
	}
	d := NewDrawTables(dir)
	var an DrawAnatomy
	want := map[string]int64{}
	for _, fen := range []string{"6/6/2b3/6/1r4/r5 r 0 1", "6/6/2b3/6/6/r5 r 0 1", "6/6/4b1/6/6/r5 r 0 1", "6/b5/2b3/6/rr4/r5 r 0 1"} {
		p, err := rules.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		g := &Game{ID: 1, Variant: "standard", Rules: r.String(), StartFEN: fen, Winner: Draw, Reason: "repetition", FirstRed: true}
		v, pieces, err := d.classify(g)
		if err != nil || pieces != 3 {
			t.Fatalf("%s: %v (%d pieces)", fen, err, pieces)
		}
		exp := tableBeyond
		if e, ok, _ := tb.Probe(&p); ok {
			exp = map[bool]string{true: tableDrawn, false: tableWon}[e.Score == 0]
		}
		if v != exp {
			t.Errorf("%s: judged %s, the probe says %s", fen, v, exp)
		}
		want[v]++
		an.Add(g, d)
	}
	if want[tableBeyond] != 1 || an.Tables == nil || an.Tables.Won != want[tableWon] || an.Tables.Drawn != want[tableDrawn] || an.Tables.Beyond != 1 {
		t.Errorf("counts %+v, want %v", an.Tables, want)
	}
	if want[tableWon] == 0 || want[tableDrawn] == 0 {
		t.Errorf("verdicts %v: the positions do not cover both a win and a draw", want)
	}
}
