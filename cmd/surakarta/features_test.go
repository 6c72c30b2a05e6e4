package main

import (
	"strings"
	"testing"

	"github.com/surakarta/surakarta/eval"
)

func TestFeaturesPrintsEveryFeature(t *testing.T) {
	out := runOK(t, "features", "--fen", "6/6/6/6/r5/1b2b1 r 0 1")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != eval.NumFeatures+1 {
		t.Fatalf("%d lines, want a header and %d features:\n%s", len(lines), eval.NumFeatures, out)
	}
	for i, name := range eval.Names() {
		if f := strings.Fields(lines[i+1]); len(f) < 3 || f[0] != name {
			t.Errorf("line %d %q: want feature %s with value and meaning", i+1, lines[i+1], name)
		}
	}
	if !strings.Contains(out, "attacks_own       2 ") {
		t.Errorf("attacks_own should be 2 (a2 attacks b1 and e1):\n%s", out)
	}
}

func TestFeaturesJSON(t *testing.T) {
	got := runJSON[struct {
		FEN               string `json:"fen"`
		FeatureSetVersion int    `json:"feature_set_version"`
		Features          []struct {
			Name  string  `json:"name"`
			Value float64 `json:"value"`
		} `json:"features"`
	}](t, "features", "--json")
	if got.FeatureSetVersion != eval.FeatureSetVersion || len(got.Features) != eval.NumFeatures || got.Features[eval.MobilityOwn].Value != 16 {
		t.Fatalf("unexpected JSON %+v", got)
	}
}

func TestFeaturesRefusesBadFEN(t *testing.T) {
	if _, _, err := run(t, "", "features", "--fen", "7/6/6/6/6/6 r 0 1"); err == nil || !strings.HasPrefix(err.Error(), "--fen") {
		t.Fatalf("bad FEN: %v", err)
	}
}
