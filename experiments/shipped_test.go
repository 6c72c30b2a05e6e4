package experiments

import (
	"github.com/surakarta/surakarta/experiments/spec"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestShippedSpecsParse(t *testing.T) {
	paths, _ := filepath.Glob("specs/*.yaml")
	if len(paths) < 3 {
		t.Fatalf("found %d shipped specs, want variants.yaml, ladder.yaml and sensitivity.yaml", len(paths))
	}
	for _, p := range paths {
		s, err := spec.Read(p)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		if len(s.Comparisons()) == 0 {
			t.Errorf("%s: no comparisons", p)
		}
	}
	v, err := spec.Read("specs/variants.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if v.Pairing != spec.PairOpenings || v.ArmSeed(0) != v.ArmSeed(1) || v.Arms[0].Variant != "standard" || v.Arms[1].Variant != "majority" {
		t.Errorf("variants spec: %+v", v)
	}
	l, err := spec.Read("specs/ladder.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var sims []int
	for i := range l.Arms {
		sims = append(sims, l.ArmEngine(i).Sims())
	}
	if !reflect.DeepEqual(sims, []int{25, 50, 100, 200, 400, 800, 1600}) || len(l.Ladder) != len(l.Arms) {
		t.Errorf("ladder sims %v, rungs %v", sims, l.Ladder)
	}
	// Studies play best moves: no shipped spec sets noise or temperature
	// except the sensitivity arms that test them against a best-play
	// baseline.
	sv, err := spec.Read("specs/sensitivity.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if sv.Baseline != "best-play" || len(sv.Comparisons()) != len(sv.Arms)-1 {
		t.Errorf("sensitivity spec: baseline %q, %d comparisons for %d arms", sv.Baseline, len(sv.Comparisons()), len(sv.Arms))
	}
	for _, s := range []*spec.Spec{v, l} {
		for i := range s.Arms {
			e := s.ArmEngine(i)
			_, noise := e.Get("noise_weight")
			if _, temp := e.Get("temperature_plies"); noise || temp {
				t.Errorf("%s arm %s sets noise or temperature: studies play best moves", s.Name, s.Arms[i].Name)
			}
		}
	}
}

// TestShippedSpecsRecordTheSpecJSONOfTheirFindings: the shipped specs,
// margins now in points, record the margins their findings' spec.json
// hold as fractions (a spec that changed since, as strongest.yaml's
// model, differs in those settings only).
func TestShippedSpecsRecordTheSpecJSONOfTheirFindings(t *testing.T) {
	for _, name := range []string{"variants", "ladder", "sensitivity", "strongest", "strength-sensitivity"} {
		b, err := os.ReadFile(filepath.Join("..", "docs", "findings", name, "spec.json"))
		if err != nil {
			continue // no finding of this spec
		}
		rec, err := spec.Parse(b, true)
		if err != nil {
			t.Fatal(err)
		}
		s, err := spec.Read(filepath.Join("specs", name+".yaml"))
		if err != nil {
			t.Fatal(err)
		}
		if rec.EquivalenceMargin != s.EquivalenceMargin || rec.ConvergenceMargin != s.ConvergenceMargin {
			t.Errorf("%s: specs/%s.yaml gives margins %v and %v, its finding's spec.json %v and %v",
				name, name, s.EquivalenceMargin, s.ConvergenceMargin, rec.EquivalenceMargin, rec.ConvergenceMargin)
		}
	}
}

// TestShippedSpecsAskTheirQuestionWhole: experiment --help shows each
// shipped spec's first comment paragraph, which must be its question,
// whole: tables.yaml's once ended "Build the tables first ...:" and the
// help cut it before the build commands. A first paragraph ending with a
// colon is refused, so no spec can be listed cut short.
func TestShippedSpecsAskTheirQuestionWhole(t *testing.T) {
	specs, err := ShippedSpecs()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range specs {
		if strings.HasSuffix(s.Question, ":") {
			t.Errorf("%s: question %q", s.File, s.Question)
		}
	}
	if !strings.Contains(ShippedSpecsText(), "  tables.yaml (4 arms × 300 games)\n      How much of the draw rate is the engine's handling of small endings: does playing them\n      exactly (the endgame tables) change it?\n") {
		t.Errorf("experiment --help's list:\n%s", ShippedSpecsText())
	}
}

// mustSpec is the spec the YAML text gives, for tests whose specs are
// valid.
func mustSpec(t testing.TB, text string) *spec.Spec {
	t.Helper()
	s, err := spec.Parse([]byte(text), false)
	if err != nil {
		t.Fatalf("spec %q: %v", text, err)
	}
	return s
}
