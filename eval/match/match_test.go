package match

import (
	"math"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/internal/base/stats"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// TestEngineSpecMeansTheFlags: each CONFIG key sets what the engine flag of
// that name sets.
func TestEngineSpecMeansTheFlags(t *testing.T) {
	r := rules.DefaultRules()
	cfg, ev, err := ParseEngineSpec("sims=123, leaf=value,cpuct=2.5,solver=false,--temperature-plies=3,evaluator=material,seed=7", r)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Sims != 123 || cfg.Leaf != mcts.LeafValue || cfg.CPUCT != 2.5 || cfg.Solver || cfg.TemperaturePlies != 3 || cfg.Seed != 7 || cfg.Rules != r {
		t.Errorf("config %+v", cfg)
	}
	if _, ok := ev.(mcts.Material); !ok {
		t.Errorf("evaluator %T, want mcts.Material", ev)
	}
	// setoption seed S takes the whole 64-bit range (docs/PROTOCOL.md).
	if cfg, _, err := ParseEngineSpec("seed=18446744073709551615", r); err != nil || cfg.Seed != 1<<64-1 {
		t.Errorf("the largest seed: %d, %v", cfg.Seed, err)
	}
	def, _, err := ParseEngineSpec("", r)
	if want := runspec.AnalysisEngine().Config(r, 1); err != nil || def != want {
		t.Errorf("empty CONFIG: %+v, %v; want the flag defaults %+v", def, err, want)
	}
	// preset=baseline is the former default wherever it stands, the keys
	// beside it over it.
	for _, spec := range []string{"preset=baseline,sims=7", "sims=7,preset=baseline"} {
		cfg, ev, err := ParseEngineSpec(spec, r)
		want := runspec.BaselineEngine()
		want.Sims = 7
		if _, ok := ev.(mcts.Material); err != nil || !ok || cfg != want.Config(r, 1) {
			t.Errorf("%s: %+v (%T), %v; want the baseline at 7 simulations", spec, cfg, ev, err)
		}
	}
	for _, tc := range []struct{ spec, want string }{
		{"simz=4", `unknown key "simz"`},
		{"sims=0", "sims 0: want at least 1"},
		{"seed=x", "seed=x"},
		{"seed=18446744073709551616", "seed=18446744073709551616: want a whole number from 0 to 18446744073709551615"},
		{"seed=-1", "from 0 to 18446744073709551615"},
		{"evaluator=/no/such/weights.json", "evaluator /no/such/weights.json: "},
		{"eval=/no/such/weights.json", "evaluator /no/such/weights.json: "},
		{"preset=strongest", `preset "strongest": want best (`},
	} {
		if _, _, err := ParseEngineSpec(tc.spec, r); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want an error mentioning %q", tc.spec, err, tc.want)
		}
	}
}

// TestParseSPRTNamesTheSetting: the four numbers are read, and each
// malformed value is refused naming the setting sprt.
func TestParseSPRTNamesTheSetting(t *testing.T) {
	b, err := ParseSPRT("0, 20, 0.05, 0.1")
	if err != nil || b.Elo0 != 0 || b.Elo1 != 20 || b.Alpha != 0.05 || b.Beta != 0.1 {
		t.Fatalf("%+v, %v", b, err)
	}
	for _, s := range []string{"0,20,0.05", "a,20,0.05,0.05", "20,0,0.05,0.05", "0,20,0.7,0.05"} {
		if _, err := ParseSPRT(s); !setting.Advises(err, setting.Key("sprt")) {
			t.Errorf("%q: %v", s, err)
		}
	}
}

// FuzzMatchSpecs: no CONFIG or --sprt value may panic the parsers.
func FuzzMatchSpecs(f *testing.F) {
	for _, s := range []string{"sims=400,leaf=value,evaluator=material", "", ",,", "sims", "=", "solver=maybe", "cpuct=NaN", "0,20,0.05,0.05", "1e308,inf,0,1"} {
		f.Add(s)
	}
	r := rules.DefaultRules()
	f.Fuzz(func(t *testing.T, s string) {
		if strings.Contains(s, "eval") {
			return // would read files named by the fuzzer
		}
		ParseEngineSpec(s, r)
		ParseSPRT(s)
	})
}

// TestNoIntervalSaysWhyThePairsHaveNoSpread: one pair, or pairs that all
// scored the same, have no interval, and the reason says which.
func TestNoIntervalSaysWhyThePairsHaveNoSpread(t *testing.T) {
	for _, tc := range []struct {
		p    stats.Pentanomial
		want string
	}{
		{stats.Pentanomial{0, 0, 1, 0, 0}, "one pair"},
		{stats.Pentanomial{0, 0, 0, 0, 6}, "all 6 pairs scored 2 of 2 points"},
		{stats.Pentanomial{0, 0, 5, 1, 0}, ""},
	} {
		if got := NoInterval(tc.p); got != tc.want {
			t.Errorf("pairs %v: %q, want %q", tc.p, got, tc.want)
		}
	}
}

// TestEloOfAnEvenScoreIsPlusZero: an even match (Elo -0 by the formula)
// reads "+0.0", not "-0.0", in the text report.
func TestEloOfAnEvenScoreIsPlusZero(t *testing.T) {
	for _, x := range []float64{0, math.Copysign(0, -1)} {
		if got := eloString(stats.Num(x)); got != "+0.0" {
			t.Errorf("eloString(%v) = %q, want +0.0", x, got)
		}
	}
}
