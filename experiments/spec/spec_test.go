package spec

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/mcts"
	"go.yaml.in/yaml/v3"
)

// mustParse is the spec the YAML text gives, for tests whose specs are
// valid.
func mustParse(t testing.TB, text string) *Spec {
	t.Helper()
	s, err := Parse([]byte(text), false)
	if err != nil {
		t.Fatalf("spec %q: %v", text, err)
	}
	return s
}

func TestSpecBaselineLadderAndMargins(t *testing.T) {
	s := mustParse(t, goodSpec+"baseline: c\nladder: [a, c]\n")
	if got := s.Comparisons(); !reflect.DeepEqual(got, [][2]int{{2, 0}, {2, 1}}) {
		t.Errorf("comparisons against baseline c: %v, want [[2 0] [2 1]]", got)
	}
	if s.EquivalenceMargin != DefaultEquivalenceMargin || s.ConvergenceMargin != DefaultConvergenceMargin {
		t.Errorf("margins %v, %v: want the defaults", s.EquivalenceMargin, s.ConvergenceMargin)
	}
	for _, c := range []struct{ extra, want string }{
		{"baseline: z\n", `baseline: no arm named "z"`},
		{"ladder: [a]\n", "one rung"},
		{"ladder: [a, z]\n", `ladder: no arm named "z"`},
		{"ladder: [a, a]\n", "named twice"},
		{"equivalence_margin: 0.7\n", "equivalence_margin 0.7"},
		{"convergence_margin: -0.1\n", "convergence_margin -0.1"},
	} {
		if _, err := Parse([]byte(goodSpec+c.extra), false); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: err %v, want it to mention %q", c.extra, err, c.want)
		}
	}
}

const goodSpec = `
name: t
seed: 3
games: 10
random_opening: 2
pairing: openings
engine: {sims: 16, cpuct: 1.2}
rules: {no_capture_limit: 30}
arms:
  - {name: a, variant: standard}
  - {name: b, variant: majority}
  - {name: c, variant: standard, engine: {sims: 32}, rules: {repetition: 0}}
`

func TestSpecDefaultsAndOverrides(t *testing.T) {
	s := mustParse(t, goodSpec)
	if s.Confidence != 0.95 {
		t.Errorf("confidence default %v", s.Confidence)
	}
	e := s.ArmEngine(2).Apply(mcts.DefaultEngine())
	if e.Sims != 32 || e.CPUCT != 1.2 {
		t.Errorf("arm c engine %+v", e)
	}
	r, err := s.ArmRules(2)
	if err != nil || r.NoCaptureLimit != 30 || r.Repetition != 0 {
		t.Errorf("arm c rules %+v %v", r, err)
	}
	// a–b differ in variant, a–c in sims and rules: only a–b is compared.
	if got := s.Comparisons(); !reflect.DeepEqual(got, [][2]int{{0, 1}}) {
		t.Errorf("default comparisons %v, want [[0 1]]", got)
	}
	s.Pairing = PairNone
	if s.ArmSeed(0) == s.ArmSeed(1) {
		t.Error("unpaired arms share a seed")
	}
}

func TestSpecErrorsNameTheProblem(t *testing.T) {
	cases := []struct {
		name, spec, want string
	}{
		{"unknown field", "name: t\ngames: 1\npairing: none\nengine: {sims: 1}\narms: [{name: a, variant: standard}]\nsimulations: 5\n", `unknown field "simulations" in the spec`},
		{"unknown engine field", "name: t\ngames: 1\npairing: none\nengine: {sims: 1, simz: 2}\narms: [{name: a, variant: standard}]\n", `unknown field "simz" in engine`},
		{"bad variant", "name: t\ngames: 1\npairing: none\nengine: {sims: 1}\narms: [{name: a, variant: mayority}]\n", `arm "a"`},
		{"no sims", "name: t\ngames: 1\npairing: none\narms: [{name: a, variant: standard}]\n", "no sims"},
		{"duplicate arm", "name: t\ngames: 1\npairing: none\nengine: {sims: 1}\narms: [{name: a, variant: standard}, {name: a, variant: majority}]\n", "used twice"},
		{"pairing without opening", "name: t\ngames: 1\npairing: openings\nengine: {sims: 1}\narms: [{name: a, variant: standard}]\n", "random_opening"},
		{"bad pairing", "name: t\ngames: 1\npairing: maybe\nengine: {sims: 1}\narms: [{name: a, variant: standard}]\n", "pairing"},
		{"zero games", "name: t\ngames: 0\npairing: none\nengine: {sims: 1}\narms: [{name: a, variant: standard}]\n", "games 0"},
		{"wrong type", "name: t\ngames: many\npairing: none\nengine: {sims: 1}\narms: [{name: a, variant: standard}]\n", "line 2: `many` is not an integer"},
		{"compare unknown", "name: t\ngames: 1\npairing: none\nengine: {sims: 1}\narms: [{name: a, variant: standard}]\ncompare: [[a, z]]\n", `no arm named "z"`},
		{"empty", "", "empty"},
		{"two documents", "name: t\ngames: 1\npairing: none\nengine: {sims: 1}\narms: [{name: a, variant: standard}]\n---\nname: u\n", "more than one"},
		{"bad name", "name: ../x\ngames: 1\npairing: none\nengine: {sims: 1}\narms: [{name: a, variant: standard}]\n", "spec name"},
		{"bad rules", "name: t\ngames: 1\npairing: none\nengine: {sims: 1}\nrules: {no_moves: win}\narms: [{name: a, variant: standard}]\n", "rules"},
		{"negative noise", "name: t\ngames: 1\npairing: none\nengine: {sims: 1, noise_weight: -1}\narms: [{name: a, variant: standard}]\n", "noise_weight"},
	}
	for _, c := range cases {
		_, err := Parse([]byte(c.spec), false)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err %v, want it to mention %q", c.name, err, c.want)
		}
	}
	_, err := Parse([]byte(`{"name":"t","games":1,"pairing":"none","engine":{"sims":1},"arms":[{"name":"a","variant":"standard"}],"extra":1}`), true)
	if err == nil || !strings.Contains(err.Error(), `unknown field "extra"`) {
		t.Errorf("JSON unknown field: %v", err)
	}
}

func TestSpecJSONAndYAMLAgree(t *testing.T) {
	y := mustParse(t, goodSpec)
	b, _ := json.Marshal(y)
	j, err := Parse(b, true)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(y, j) {
		t.Errorf("YAML %+v and its JSON %+v differ", y, j)
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "s.json")
	os.WriteFile(p, b, 0o644)
	if _, err := Read(p); err != nil {
		t.Errorf("Read JSON: %v", err)
	}
}

func FuzzParseSpec(f *testing.F) {
	f.Add([]byte(goodSpec), false)
	for _, p := range []string{"specs/variants.yaml", "specs/ladder.yaml"} {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b, false)
		}
	}
	f.Add([]byte(`{"name":"t","games":1,"pairing":"none","engine":{"sims":1},"arms":[{"name":"a","variant":"standard"}]}`), true)
	f.Add([]byte("arms: [{name: a, variant: standard}]\nengine: {sims: &x 1, cpuct: *x}"), false)
	f.Fuzz(func(t *testing.T, data []byte, isJSON bool) {
		s, err := Parse(data, isJSON)
		if err != nil {
			return
		}
		// A spec that parses is valid, and survives a round trip.
		if err := s.Validate(); err != nil {
			t.Fatalf("parsed spec fails validation: %v", err)
		}
		out, err := yaml.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		back, err := Parse(out, false)
		if err != nil {
			t.Fatalf("re-parsing %q: %v", out, err)
		}
		if MustJSON(back) != MustJSON(s) {
			t.Fatalf("round trip changed the spec:\n%s\n%s", MustJSON(s), MustJSON(back))
		}
	})
}

// TestSpecMarginsInPointsAreTheSameExperiment: a margin written in points
// (as every output says it) parses to the fraction the old key gave, so
// the recorded spec.json of a run is the same either way; the old key is
// noted as deprecated, both keys at once refused.
func TestSpecMarginsInPointsAreTheSameExperiment(t *testing.T) {
	base := "name: m\ngames: 10\npairing: none\nengine: {sims: 5}\narms: [{name: a, variant: standard}]\n"
	pts := mustParse(t, base+"equivalence_margin_points: 2\nconvergence_margin_points: 1.5\n")
	frac := mustParse(t, base+"equivalence_margin: 0.02\nconvergence_margin: 0.015\n")
	if MustJSON(pts) != MustJSON(frac) || len(pts.Notes) != 0 || len(frac.Notes) != 2 || !strings.Contains(frac.Notes[0], "equivalence_margin_points: 2") {
		t.Errorf("points %s (notes %q), fraction %s (notes %q)", MustJSON(pts), pts.Notes, MustJSON(frac), frac.Notes)
	}
	if _, err := Parse([]byte(base+"equivalence_margin_points: 2\nequivalence_margin: 0.02\n"), false); err == nil || !strings.Contains(err.Error(), "only") {
		t.Errorf("both keys: %v", err)
	}
}

// TestSpecKeysAreTheRunSettingsNames: the run settings a spec holds are
// keyed by their names in runspec's table (the flags' names with '_'), and
// their old spellings are still read, so that a spec and the flags say a
// setting alike.
func TestSpecKeysAreTheRunSettingsNames(t *testing.T) {
	keys := map[string]bool{}
	st := reflect.TypeFor[Spec]()
	for i := range st.NumField() {
		k, _, _ := strings.Cut(st.Field(i).Tag.Get("yaml"), ",")
		keys[k] = true
	}
	for _, name := range []string{"games", "seed", "random_opening", "concurrency"} {
		s := runspec.Lookup(name)
		if s == nil || s.Name != name {
			t.Fatalf("runspec has no setting %s", name)
		}
		for _, k := range append([]string{s.Name}, s.Deprecated...) {
			if !keys[k] {
				t.Errorf("the spec has no key %s for the run setting %s", k, s.Name)
			}
		}
	}
}

// TestSpecIntegersAreIntegers: games: 7.9, seed: 3.9 and random_opening:
// 2.5 were truncated silently by the YAML decoder (7 games, seed 3), and
// sims: 1000000000000 passed where extend's max_sims stops at 2^20; each
// is now refused naming its key and line. Whole numbers written as floats
// (1e3) are still whole.
func TestSpecIntegersAreIntegers(t *testing.T) {
	base := "name: t\nseed: 3\ngames: 8\nrandom_opening: 2\npairing: none\nengine: {sims: 10}\narms:\n  - {name: a, variant: standard}\n"
	for _, c := range []struct{ from, to, want string }{
		{"games: 8", "games: 7.9", "spec: line 3: games 7.9 is not an integer: write a whole number"},
		{"seed: 3", "seed: 3.9", "spec: line 2: seed 3.9 is not an integer: write a whole number"},
		{"random_opening: 2", "random_opening: 2.5", "spec: line 4: random_opening 2.5 is not an integer: write a whole number"},
		{"variant: standard}", "variant: standard, random_opening: 1.5}", `spec: line 8: arm "a" random_opening 1.5 is not an integer: write a whole number`},
		{"pairing: none", "pairing: none\nrules: {no_capture_limit: 20.5}", "spec: line 6: rules no_capture_limit 20.5 is not an integer: write a whole number"},
		{"sims: 10", "sims: 1000000000000", `arm "a" engine: sims 1000000000000: want at most 1048576, as extend's max_sims`},
	} {
		spec := strings.Replace(base, c.from, c.to, 1)
		if _, err := Parse([]byte(spec), false); err == nil || err.Error() != c.want {
			t.Errorf("%s: %v\nwant %s", c.to, err, c.want)
		}
	}
	s, err := Parse([]byte(strings.Replace(base, "games: 8", "games: 1e3", 1)), false)
	if err != nil || s.Games != 1000 {
		t.Errorf("games: 1e3: %v, %+v; want 1000 games", err, s)
	}
	_, err = Parse([]byte("{\"name\": \"t\", \"games\": 8, \"pairing\": \"none\",\n \"seed\": 3.9}"), true)
	if want := "spec: line 2: seed 3.9 is not an integer: write a whole number"; err == nil || err.Error() != want {
		t.Errorf("JSON seed 3.9: %v\nwant %s", err, want)
	}
}
