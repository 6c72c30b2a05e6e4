package bench

import (
	"os"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/rules"
)

// TestBenchSignatureIsThisBuilds: the bench at its default simulations
// prints Signature. A failure means the search now behaves differently
// (the search code, the shipped model, the engine's defaults or the
// positions changed): if that was meant, put the new signature in
// Signature and in docs/BENCHMARKS.md, and say so in the commit.
func TestBenchSignatureIsThisBuilds(t *testing.T) {
	res, err := Run(DefaultSims, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Signature != Signature {
		t.Fatalf("bench signature %s, want %s: the search behaves differently from the build the signature was recorded for; "+
			"if the change of behaviour is intended, update Signature in eval/bench/bench.go and the signature in docs/BENCHMARKS.md on purpose",
			res.Signature, Signature)
	}
	if res.Sims == 0 || res.Nodes == 0 || len(res.Positions) != len(Positions) {
		t.Fatalf("bench searched %d positions, %d simulations, %d nodes", len(res.Positions), res.Sims, res.Nodes)
	}
}

// TestBenchSignatureFollowsTheSearch: the same run gives the same
// signature; a run that searches differently (other simulations) gives
// another.
func TestBenchSignatureFollowsTheSearch(t *testing.T) {
	a, err := Run(64, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Run(64, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.Signature != b.Signature || a.Nodes != b.Nodes {
		t.Fatalf("two identical bench runs signed %s and %s: the bench depends on something besides the search", a.Signature, b.Signature)
	}
	c, err := Run(65, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.Signature == a.Signature {
		t.Fatalf("64 and 65 simulations signed alike (%s): the signature does not see the search", a.Signature)
	}
}

// TestBenchPositionsCoverBothVariantsAndPhases: every position is legal
// and not over under its rules, the list opens each variant with the
// standard start, and each variant has middlegames and endings.
func TestBenchPositionsCoverBothVariantsAndPhases(t *testing.T) {
	start := rules.Start()
	have := map[rules.Variant]map[string]int{}
	for i, p := range Positions {
		pos, err := rules.ParseFEN(p.FEN)
		if err != nil {
			t.Fatalf("position %d: %v", i+1, err)
		}
		g, err := rules.NewGame(p.Rules(), pos)
		if err != nil || g.IsTerminal() {
			t.Fatalf("position %d (%s) is over or illegal under %v: %v", i+1, p.FEN, p.Rules(), err)
		}
		if (p.Kind == "start") != (p.FEN == start.FEN()) {
			t.Errorf("position %d (%s) is called %q", i+1, p.FEN, p.Kind)
		}
		if have[p.Variant] == nil {
			have[p.Variant] = map[string]int{}
		}
		have[p.Variant][p.Kind]++
	}
	for _, v := range []rules.Variant{rules.Standard, rules.Majority} {
		if have[v]["start"] != 1 || have[v]["middlegame"] < 2 || have[v]["ending"] < 2 {
			t.Errorf("variant %v has %v: want the start, middlegames and endings", v, have[v])
		}
	}
}

// TestBenchmarksDocQuotesTheSignature: docs/BENCHMARKS.md quotes this
// build's signature, so a reader comparing a machine's bench with the
// docs compares with the right one.
func TestBenchmarksDocQuotesTheSignature(t *testing.T) {
	doc, err := os.ReadFile("../../docs/BENCHMARKS.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(doc), "signature   "+Signature) {
		t.Fatalf("docs/BENCHMARKS.md does not quote the bench's signature %s (as bench prints it: \"signature   %s\")", Signature, Signature)
	}
}
