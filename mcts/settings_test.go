package mcts

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/internal/testing/testutil"
	"github.com/surakarta/surakarta/rules"
)

// TestEverySettingsFieldIsDeclared fails when a field of Settings or
// Engine has no entry in engineSettings: a setting the flags, specs and
// run descriptions would silently miss. Config's own fields (Seed, Rules)
// belong to the run and the game, not to the engine.
func TestEverySettingsFieldIsDeclared(t *testing.T) {
	testutil.CheckEveryFieldDeclared(t, "engineSettings (config.go)", engineSettings, func(s *Setting, e *Engine) (string, any) { return s.Name, s.Field(e) })
	if n := reflect.TypeFor[Config]().NumField(); n != 3 {
		t.Errorf("Config has %d fields, want Settings, Seed and Rules: a search setting belongs in Settings", n)
	}
}

// TestDefaultsAreTheDocumentedOnes pins the table's defaults to the values
// DefaultSettings documents.
func TestDefaultsAreTheDocumentedOnes(t *testing.T) {
	want := Settings{Sims: 10000, CPUCT: 1.5, Leaf: LeafPlayout, PlayoutPlies: 40, PlayoutCaptureProb: 0.9, Solver: true,
		NoiseWeight: 0, NoiseAlpha: 10, TemperaturePlies: 0, Temperature: 1, MaxNodes: 1 << 20, ReuseTree: true}
	if got := DefaultSettings(); got != want {
		t.Errorf("defaults %+v, want %+v", got, want)
	}
	if e := DefaultEngine(); e.Evaluator != MaterialName {
		t.Errorf("default evaluator %q", e.Evaluator)
	}
}

// TestDescribeIsTheRecordedJSON pins the description runs record in their
// manifests and footers: its keys, their order and the values' format must
// not change, or old datasets would no longer match new runs.
func TestDescribeIsTheRecordedJSON(t *testing.T) {
	e := DefaultEngine()
	e.Sims, e.NoiseWeight, e.TemperaturePlies, e.MaxNodes = 800, 0.25, 20, 1<<20
	const want = `{"sims":800,"cpuct":1.5,"leaf":"playout","playout_plies":40,"playout_capture_prob":0.9,"solver":true,` +
		`"noise_weight":0.25,"noise_alpha":10,"temperature_plies":20,"temperature":1,"max_nodes":1048576,"reuse_tree":true,"evaluator":"material"}`
	if got := e.Describe(); got != want {
		t.Errorf("description\n%s\nwant\n%s", got, want)
	}
	if !json.Valid([]byte(e.Describe())) {
		t.Error("the description is not JSON")
	}
}

func TestTextFormRoundTrips(t *testing.T) {
	e := DefaultEngine()
	e.Sims, e.Leaf, e.CPUCT, e.Solver, e.Evaluator = 123, LeafValue, 0.25, false, "w.json"
	back, err := ParseEngine(Engine{}, e.String())
	if err != nil || back != e {
		t.Fatalf("ParseEngine(%q) = %+v, %v; want %+v", e.String(), back, err, e)
	}
	if got := e.Text("sims", "leaf", "cpuct"); got != "sims=123,leaf=value,cpuct=0.25" {
		t.Errorf("Text = %q", got)
	}
	// Keys by flag, by name, with "--", and the deprecated spellings.
	got, err := ParseEngine(DefaultEngine(), " --sims=5, playout_plies=7,capture-prob=0.5 ,eval=x.json")
	if err != nil || got.Sims != 5 || got.PlayoutPlies != 7 || got.PlayoutCaptureProb != 0.5 || got.Evaluator != "x.json" {
		t.Errorf("ParseEngine spellings: %+v, %v", got, err)
	}
	for _, tc := range []struct{ text, want string }{
		{"sims", "key=value"},
		{"simz=4", `unknown key "simz"`},
		// The form of Validate's errors (SettingError), saying what is
		// wanted, not strconv's words.
		{"sims=abc", "sims abc: want a whole number"},
		{"leaf=rollout", "leaf rollout: want playout or value"},
		{"solver=maybe", "solver maybe: want true or false"},
		{"cpuct=x", "cpuct x: want a number"},
		{"playout-plies=x", "playout_plies x: want a whole number"},
	} {
		if _, err := ParseEngine(DefaultEngine(), tc.text); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want an error mentioning %q", tc.text, err, tc.want)
		}
	}
}

// TestValidateNamesTheSetting: a setting out of range is refused as a
// *SettingError that names the setting (as the declaration does: a
// library names values, not flags), its value and what is wanted; a
// search setting is refused so by Config.Validate too, and by NewSearcher.
// Named says the same in a reader's names, the flags' here.
func TestValidateNamesTheSetting(t *testing.T) {
	for _, tc := range []struct {
		change func(*Engine)
		want   string
	}{
		{func(e *Engine) { e.Sims = 0 }, "sims 0: want at least 1"},
		{func(e *Engine) { e.CPUCT = 0 }, "cpuct 0: want a positive number"},
		{func(e *Engine) { e.CPUCT = math.Inf(1) }, "cpuct +Inf: want a positive number"},
		{func(e *Engine) { e.Leaf = 9 }, "leaf LeafMode(9): want playout or value"},
		{func(e *Engine) { e.PlayoutPlies = -1 }, "playout_plies -1: want 0..100000"},
		{func(e *Engine) { e.PlayoutCaptureProb = 1.5 }, "playout_capture_prob 1.5: want a probability 0..1"},
		{func(e *Engine) { e.NoiseWeight = -0.1 }, "noise_weight -0.1: want 0..1 (0: no noise)"},
		{func(e *Engine) { e.NoiseWeight, e.NoiseAlpha = 0.25, 0 }, "noise_alpha 0: want a positive concentration when noise_weight is above 0"},
		{func(e *Engine) { e.TemperaturePlies = -2 }, "temperature_plies -2: want 0 or more"},
		{func(e *Engine) { e.TemperaturePlies, e.Temperature = 10, 0 }, "temperature 0: want a positive number when temperature_plies is above 0"},
		{func(e *Engine) { e.MaxNodes = minNodes - 1 }, fmt.Sprintf("max_nodes %d: want %d..%d", minNodes-1, minNodes, MaxNodesLimit)},
		{func(e *Engine) { e.MaxNodes = MaxNodesLimit + 1 }, fmt.Sprintf("max_nodes %d: want %d..%d", MaxNodesLimit+1, minNodes, MaxNodesLimit)},
		{func(e *Engine) { e.Evaluator = "" }, "evaluator : want an evaluator's name or a file"},
	} {
		e := DefaultEngine()
		tc.change(&e)
		err := e.Validate()
		var se *SettingError
		if !errors.As(err, &se) || err.Error() != tc.want {
			t.Errorf("error %v, want a *SettingError %q", err, tc.want)
		}
		if e.Evaluator == "" { // the engine's, not the search's
			continue
		}
		c := e.Config(rules.DefaultRules(), 1)
		if err := c.Validate(); fmt.Sprint(err) != tc.want {
			t.Errorf("Config.Validate() = %v, want %q", err, tc.want)
		}
		if _, err := NewSearcher(c, Material{}); err == nil {
			t.Errorf("NewSearcher accepted a config Validate refuses (%s)", tc.want)
		}
	}
}

// TestSettingErrorsSayItInTheReadersNames: a command names the settings
// of an error by its flags (NameSettings, SettingError.Named), both the
// setting and the one its range depends on, in place inside a wrapped
// error that still unwraps to the *SettingError; a parse error too.
func TestSettingErrorsSayItInTheReadersNames(t *testing.T) {
	flag := func(s *Setting) string { return "--" + s.Flag() }
	e := DefaultEngine()
	e.NoiseWeight, e.NoiseAlpha = 0.25, 0
	err := NameSettings(fmt.Errorf("side a: %w", e.Validate()), flag)
	var se *SettingError
	if want := "side a: --noise-alpha 0: want a positive concentration when --noise-weight is above 0"; err.Error() != want || !errors.As(err, &se) {
		t.Errorf("named %q, want %q unwrapping to a *SettingError", err, want)
	}
	_, err = ParseEngine(DefaultEngine(), "max_nodes=lots")
	if want := "--max-nodes lots: want a whole number, e.g. 800"; fmt.Sprint(NameSettings(err, flag)) != want {
		t.Errorf("named %q, want %q", NameSettings(err, flag), want)
	}
	if err := errors.New("other"); NameSettings(err, flag) != err || NameSettings(nil, flag) != nil {
		t.Errorf("an error without a SettingError is renamed")
	}
}

func TestDiffNamesTheSettings(t *testing.T) {
	a, b := DefaultEngine(), DefaultEngine()
	b.Sims, b.Evaluator = 7, "w.json"
	if got := a.Diff(b); !reflect.DeepEqual(got, []string{"sims", "evaluator"}) {
		t.Errorf("Diff = %v", got)
	}
}

// TestAddingASettingIsOneDeclaration adds a setting the way a new one is
// added, with one entry in the table, and finds it in everything the table
// feeds: defaults, flag values, the text form and its parser, validation
// with the flag's name, and the recorded description. (A real setting
// also adds its field to Settings; this one lives in a variable so that
// the test needs no field.)
func TestAddingASettingIsOneDeclaration(t *testing.T) {
	var budget int
	saved := engineSettings
	defer func() { engineSettings = saved }()
	engineSettings = append(append([]Setting(nil), saved...),
		declare("node_budget", 64, "at least 1", "nodes a move may grow",
			func(*Engine) *int { return &budget }, func(v int, _ *Engine) bool { return v >= 1 }))

	e := DefaultEngine()
	if budget != 64 {
		t.Errorf("default %d, want 64", budget)
	}
	v := LookupSetting("node-budget").Value(&e)
	if err := v.Set("9"); err != nil || budget != 9 || v.String() != "9" || v.Type() != "int" {
		t.Errorf("flag value: %v, budget %d", err, budget)
	}
	if !strings.HasSuffix(e.String(), ",node-budget=9") || !strings.HasSuffix(e.Describe(), `,"node_budget":9}`) {
		t.Errorf("text %q, description %q lack the new setting", e.String(), e.Describe())
	}
	if _, err := ParseEngine(e, "node-budget=0"); err != nil {
		t.Fatal(err)
	}
	if err := e.Validate(); err == nil || !strings.HasPrefix(err.Error(), "node_budget 0: want at least 1") {
		t.Errorf("validation: %v", err)
	}
}

// TestUsedSaysWhenASettingMatters: playout settings with playout leaves,
// the noise concentration with noise, the temperature with sampled plies;
// the others always.
func TestUsedSaysWhenASettingMatters(t *testing.T) {
	e := DefaultEngine()
	e.Leaf, e.NoiseWeight, e.TemperaturePlies = LeafValue, 0, 0
	unused := map[string]bool{"playout_plies": true, "playout_capture_prob": true, "noise_alpha": true, "temperature": true}
	for i := range engineSettings {
		s := &engineSettings[i]
		if s.Used(&e) == unused[s.Name] {
			t.Errorf("%s: Used = %v with value leaves, no noise, no sampling", s.Name, s.Used(&e))
		}
	}
	e.Leaf, e.NoiseWeight, e.TemperaturePlies = LeafPlayout, 0.25, 20
	for i := range engineSettings {
		if s := &engineSettings[i]; !s.Used(&e) {
			t.Errorf("%s unused with playouts, noise and sampling", s.Name)
		}
	}
}

// TestDescriptionTextReadsADescriptionBack: a run's JSON description comes
// back as the flags' text, unknown keys of another version last, and a
// text that is no description is refused.
func TestDescriptionTextReadsADescriptionBack(t *testing.T) {
	e := DefaultEngine()
	got, ok := DescriptionText(e.Describe())
	if !ok {
		t.Fatal("a description was refused")
	}
	back, err := ParseEngine(Engine{}, got)
	if err != nil || back.Describe() != e.Describe() {
		t.Errorf("%q does not parse back to the engine: %v", got, err)
	}
	if got, _ := DescriptionText(`{"sims":5,"zz_new":1}`); got != "sims=5,zz-new=1" {
		t.Errorf("with a key of another version: %q", got)
	}
	if _, ok := DescriptionText("engine:./mine"); ok {
		t.Error("an external engine's text was read as a description")
	}
}
