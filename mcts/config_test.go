package mcts

import (
	"strings"
	"testing"

	"github.com/surakarta/surakarta/rules"
)

func TestDefaultConfigIsValidAnalysis(t *testing.T) {
	c := DefaultConfig()
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	if c.NoiseWeight != 0 || c.TemperaturePlies != 0 || !c.Solver || !c.ReuseTree {
		t.Errorf("defaults %+v: want noise and temperature off, solver and reuse on", c)
	}
	if c.Rules != rules.DefaultRules() {
		t.Errorf("default rules %v", c.Rules)
	}
}

// TestConfigValidateChecksTheRulesAndOnlyUsedSettings: a Config with bad
// rules is refused, naming them, by Validate and by NewSearcher; the noise
// concentration and the temperature are not checked while unused; a nil
// evaluator is refused. Each setting's range is TestValidateNamesTheFlag's.
func TestConfigValidateChecksTheRulesAndOnlyUsedSettings(t *testing.T) {
	c := DefaultConfig()
	c.Rules.Repetition = 1
	if err := c.Validate(); err == nil || !strings.HasPrefix(err.Error(), "rules: repetition 1") {
		t.Errorf("Validate() = %v, want an error naming the rules", err)
	}
	if _, err := NewSearcher(c, Material{}); err == nil {
		t.Error("NewSearcher accepted bad rules")
	}
	c = DefaultConfig()
	c.NoiseAlpha, c.Temperature = 0, 0
	if err := c.Validate(); err != nil {
		t.Errorf("unused noise alpha and temperature refused: %v", err)
	}
	if _, err := NewSearcher(DefaultConfig(), nil); err == nil {
		t.Error("NewSearcher accepted a nil evaluator")
	}
}

func TestLeafModeRoundTrip(t *testing.T) {
	for _, m := range []LeafMode{LeafPlayout, LeafValue} {
		got, err := ParseLeafMode(m.String())
		if err != nil || got != m {
			t.Errorf("ParseLeafMode(%q) = %v, %v", m.String(), got, err)
		}
	}
	if _, err := ParseLeafMode("Value"); err == nil || !strings.Contains(err.Error(), "playout or value") {
		t.Errorf("ParseLeafMode(Value) error %v, want one listing the choices", err)
	}
}

func FuzzParseLeafMode(f *testing.F) {
	for _, s := range []string{"playout", "value", "", "PLAYOUT", "value ", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseLeafMode(s)
		if err != nil {
			return
		}
		if m.String() != s {
			t.Errorf("ParseLeafMode(%q) = %v, which prints as %q", s, m, m.String())
		}
	})
}

func TestProofStrings(t *testing.T) {
	for p, want := range map[Proof]string{ProofNone: "", ProofWin: "win", ProofLoss: "loss", ProofDraw: "draw"} {
		if p.String() != want {
			t.Errorf("%d.String() = %q, want %q", p, p.String(), want)
		}
	}
	if ProofWin.Flip() != ProofLoss || ProofLoss.Flip() != ProofWin || ProofDraw.Flip() != ProofDraw || ProofNone.Flip() != ProofNone {
		t.Error("Flip does not swap win and loss only")
	}
}

func TestMaterialFormula(t *testing.T) {
	for _, tc := range []struct {
		fen  string
		want float64
	}{
		{rules.StartFEN, 0},
		{"bbbbbb/bbbbb1/6/6/rrrrrr/rrrrrr r 0 1", 0.3215}, // tanh(1/3)
		{"bbbbbb/bbbbb1/6/6/rrrrrr/rrrrrr b 0 1", -0.3215},
		{"6/6/6/6/6/rrrrrr b 0 1", -0.9640}, // tanh(-6/3)
	} {
		p, err := rules.ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		v, priors := Material{}.Evaluate(&p, nil, nil)
		if priors || float64(v) < tc.want-1e-4 || float64(v) > tc.want+1e-4 {
			t.Errorf("%s: Material = %v, %v; want %v, false", tc.fen, v, priors, tc.want)
		}
	}
}
