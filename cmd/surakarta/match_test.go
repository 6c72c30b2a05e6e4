package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// TestEngineSpecMeansTheFlags: each CONFIG key sets what the engine flag of
// that name sets.
func TestEngineSpecMeansTheFlags(t *testing.T) {
	r := rules.DefaultRules()
	cfg, ev, err := parseEngineSpec("sims=123, leaf=value,cpuct=2.5,solver=false,--temperature-plies=3,eval=material", r)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Sims != 123 || cfg.Leaf != mcts.LeafValue || cfg.CPUCT != 2.5 || cfg.Solver || cfg.TemperaturePlies != 3 || cfg.Rules != r {
		t.Errorf("config %+v", cfg)
	}
	if _, ok := ev.(mcts.Material); !ok {
		t.Errorf("evaluator %T, want mcts.Material", ev)
	}
	def, _, err := parseEngineSpec("", r)
	if want := mcts.DefaultConfig(); err != nil || def != want {
		t.Errorf("empty CONFIG: %+v, %v; want the flag defaults %+v", def, err, want)
	}
	for _, tc := range []struct{ spec, want string }{
		{"sims", "key=value"},
		{"simz=4", `unknown key "simz"`},
		{"sims=abc", "sims=abc"},
		{"sims=0", "--sims"},
		{"eval=/no/such/weights.json", "--eval"},
	} {
		if _, _, err := parseEngineSpec(tc.spec, r); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want an error mentioning %q", tc.spec, err, tc.want)
		}
	}
}

func TestParseSPRT(t *testing.T) {
	b, err := parseSPRT("0, 20, 0.05, 0.1")
	if err != nil || b.Elo0 != 0 || b.Elo1 != 20 || b.Alpha != 0.05 || b.Beta != 0.1 {
		t.Fatalf("%+v, %v", b, err)
	}
	for _, s := range []string{"0,20,0.05", "a,20,0.05,0.05", "20,0,0.05,0.05", "0,20,0.7,0.05"} {
		if _, err := parseSPRT(s); err == nil || !strings.Contains(err.Error(), "--sprt") {
			t.Errorf("%q: %v", s, err)
		}
	}
}

func TestMatchTextReportAndSPRT(t *testing.T) {
	out, errOut, err := run(t, "", "match", "--a", "sims=16,leaf=value", "--b", "sims=1,leaf=value", "--games", "40", "--sprt", "0,100,0.2,0.2")
	if err != nil {
		t.Fatal(err)
	}
	// Progress: games of the planned 40 with rate, ETA or time, and A's tally.
	if !regexp.MustCompile(`games \d+/40 \d+\.\d% \| \S+ games/s \| (ETA|done in) \S+ \| A \d+-\d+-\d+, score \d\.\d{3}, LLR `).MatchString(errOut) {
		t.Errorf("match progress on stderr lacks count, rate, ETA and score:\n%s", errOut)
	}
	for _, want := range []string{"A: sims=16,leaf=value", "B: sims=1,leaf=value", "Elo A - B:", "LOS", "A as red:", "pairs by A's points", "endings:", "SPRT elo0 0 elo1 100"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	if _, _, err := run(t, "", "match", "--games", "3"); err == nil || !strings.Contains(err.Error(), "--games") {
		t.Errorf("odd --games: %v", err)
	}
}

// FuzzMatchSpecs: no CONFIG or --sprt value may panic the parsers.
func FuzzMatchSpecs(f *testing.F) {
	for _, s := range []string{"sims=400,leaf=value,eval=material", "", ",,", "sims", "=", "solver=maybe", "cpuct=NaN", "0,20,0.05,0.05", "1e308,inf,0,1"} {
		f.Add(s)
	}
	r := rules.DefaultRules()
	f.Fuzz(func(t *testing.T, s string) {
		if strings.Contains(s, "eval=") {
			return // would read files named by the fuzzer
		}
		parseEngineSpec(s, r)
		parseSPRT(s)
	})
}
