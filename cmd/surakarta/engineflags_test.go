package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// parseEngineFlags parses args into a fresh command's engine flags.
func parseEngineFlags(t *testing.T, args ...string) (mcts.Config, mcts.Evaluator, error) {
	t.Helper()
	var f engineFlags
	cmd := &cobra.Command{Use: "x"}
	addEngineFlags(cmd, &f)
	cmd.Flags().SetOutput(new(bytes.Buffer))
	if err := cmd.Flags().Parse(args); err != nil {
		return mcts.Config{}, nil, err
	}
	cfg, ev, err := f.config(rules.DefaultRules())
	return cfg, ev, flagNamed(cmd, err) // as execute names the settings of a command's errors
}

func TestEngineFlagsDefaultToDefaultConfig(t *testing.T) {
	cfg, ev, err := parseEngineFlags(t)
	if err != nil {
		t.Fatal(err)
	}
	if want := runspec.AnalysisEngine().Config(rules.DefaultRules(), 1); cfg != want {
		t.Errorf("no flags: %+v, want runspec.AnalysisEngine() %+v", cfg, want)
	}
	if _, ok := ev.(*eval.WithPrior); !ok {
		t.Errorf("default evaluator %T, want the shipped model (*eval.WithPrior)", ev)
	}
	// --preset baseline is the former default, mcts's own; a flag beside
	// it wins, in any spelling.
	cfg, ev, err = parseEngineFlags(t, "--preset", "baseline", "--sims", "7", "--capture-prob", "0.5")
	want := mcts.DefaultConfig()
	want.Sims, want.PlayoutCaptureProb = 7, 0.5
	if _, ok := ev.(mcts.Material); err != nil || !ok || cfg != want {
		t.Errorf("--preset baseline --sims 7 --capture-prob 0.5: %+v (%T), %v; want %+v", cfg, ev, err, want)
	}
	if _, _, err := parseEngineFlags(t, "--preset", "strong"); err == nil || !strings.Contains(err.Error(), `--preset "strong": want best (`) {
		t.Errorf("--preset strong: %v", err)
	}
}

func TestEngineFlagsSetEveryField(t *testing.T) {
	cfg, _, err := parseEngineFlags(t, "--sims", "123", "--cpuct", "2.5", "--leaf", "value", "--playout-plies", "17",
		"--playout-capture-prob", "0.5", "--evaluator", "material", "--seed", "99", "--solver=false", "--noise-weight", "0.25",
		"--noise-alpha", "3", "--temperature-plies", "8", "--temperature", "0.7", "--max-nodes", "5000", "--reuse-tree=false")
	if err != nil {
		t.Fatal(err)
	}
	want := mcts.Config{Settings: mcts.Settings{Sims: 123, CPUCT: 2.5, Leaf: mcts.LeafValue, PlayoutPlies: 17, PlayoutCaptureProb: 0.5,
		Solver: false, NoiseWeight: 0.25, NoiseAlpha: 3, TemperaturePlies: 8, Temperature: 0.7, MaxNodes: 5000, ReuseTree: false},
		Seed: 99, Rules: rules.DefaultRules()}
	if cfg != want {
		t.Errorf("config\n%+v\nwant\n%+v", cfg, want)
	}
}

// TestDeprecatedEngineFlagsStillWork: --eval and --capture-prob, the old
// spellings of --evaluator and --playout-capture-prob, set the same field
// and say that they are deprecated.
func TestDeprecatedEngineFlagsStillWork(t *testing.T) {
	var f engineFlags
	cmd := &cobra.Command{Use: "x", Run: func(*cobra.Command, []string) {}, PersistentPreRun: newRootCommand().PersistentPreRun}
	var stdout, stderr bytes.Buffer
	addEngineFlags(cmd, &f)
	cmd.SetOut(&stdout)
	cmd.SetErr(&stderr)
	cmd.SetArgs([]string{"--capture-prob", "0.25", "--eval", "w.json"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if f.engine.PlayoutCaptureProb != 0.25 || f.engine.Evaluator != "w.json" {
		t.Errorf("deprecated flags set %+v", f.engine)
	}
	for _, want := range []string{"--capture-prob is deprecated: use --playout-capture-prob", "--eval is deprecated: use --evaluator"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("no deprecation note %q on stderr %q", want, stderr.String())
		}
	}
	if stdout.Len() > 0 {
		t.Errorf("deprecation notes on stdout, where --json goes: %q", stdout.String())
	}
	if cmd.Flags().Lookup("eval").Hidden != true {
		t.Error("--eval is listed in the help")
	}
}

func TestEngineFlagErrorsNameTheFlag(t *testing.T) {
	for _, tc := range []struct {
		args []string
		flag string
	}{
		{[]string{"--sims", "0"}, "--sims"},
		{[]string{"--cpuct", "-1"}, "--cpuct"},
		{[]string{"--leaf", "rollout"}, "--leaf"},
		{[]string{"--playout-plies", "-3"}, "--playout-plies"},
		{[]string{"--playout-capture-prob", "2"}, "--playout-capture-prob"},
		{[]string{"--noise-weight", "1.5"}, "--noise-weight"},
		{[]string{"--noise-weight", "0.25", "--noise-alpha", "0"}, "--noise-alpha"},
		{[]string{"--temperature-plies", "-1"}, "--temperature-plies"},
		{[]string{"--temperature-plies", "5", "--temperature", "0"}, "--temperature"},
		{[]string{"--max-nodes", "5"}, "--max-nodes"},
		{[]string{"--evaluator", "weights.json"}, "--evaluator"},
		{[]string{"--evaluator", ""}, "--evaluator"},
	} {
		_, _, err := parseEngineFlags(t, tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.flag+":") && !strings.Contains(err.Error(), tc.flag+" ") && !strings.Contains(err.Error(), `"`+tc.flag+`"`) {
			t.Errorf("%v: error %v, want one naming %s", tc.args, err, tc.flag)
		}
	}
}

func TestEngineFlagsWithOtherDefaults(t *testing.T) {
	d := mcts.DefaultEngine()
	d.NoiseWeight, d.TemperaturePlies, d.Sims = 0.25, 20, 800
	var f engineFlags
	cmd := &cobra.Command{Use: "x"}
	addEngineFlagsWithDefaults(cmd, &f, d)
	if err := cmd.Flags().Parse(nil); err != nil {
		t.Fatal(err)
	}
	cfg, _, err := f.config(rules.DefaultRules())
	if want := d.Config(rules.DefaultRules(), 1); err != nil || cfg != want {
		t.Errorf("defaults %+v (%v), want %+v", cfg, err, want)
	}
}
