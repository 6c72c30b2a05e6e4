package main

import (
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// parseEngineFlags parses args into a fresh command's engine flags.
func parseEngineFlags(t *testing.T, args ...string) (mcts.Config, mcts.Evaluator, error) {
	t.Helper()
	var f engineFlags
	cmd := &cobra.Command{Use: "x"}
	addEngineFlags(cmd, &f)
	if err := cmd.Flags().Parse(args); err != nil {
		t.Fatalf("parse %v: %v", args, err)
	}
	return f.config(rules.DefaultRules())
}

func TestEngineFlagsDefaultToDefaultConfig(t *testing.T) {
	cfg, ev, err := parseEngineFlags(t)
	if err != nil {
		t.Fatal(err)
	}
	if cfg != mcts.DefaultConfig() {
		t.Errorf("no flags: %+v, want mcts.DefaultConfig() %+v", cfg, mcts.DefaultConfig())
	}
	if _, ok := ev.(mcts.Material); !ok {
		t.Errorf("default evaluator %T, want mcts.Material", ev)
	}
}

func TestEngineFlagsSetEveryField(t *testing.T) {
	cfg, _, err := parseEngineFlags(t, "--sims", "123", "--cpuct", "2.5", "--leaf", "value", "--playout-plies", "17",
		"--capture-prob", "0.5", "--eval", "material", "--seed", "99", "--solver=false", "--noise-weight", "0.25",
		"--noise-alpha", "3", "--temperature-plies", "8", "--temperature", "0.7", "--max-nodes", "5000", "--reuse-tree=false")
	if err != nil {
		t.Fatal(err)
	}
	want := mcts.Config{Sims: 123, CPUCT: 2.5, Leaf: mcts.LeafValue, PlayoutPlies: 17, PlayoutCaptureProb: 0.5,
		Solver: false, NoiseWeight: 0.25, NoiseAlpha: 3, TemperaturePlies: 8, Temperature: 0.7, Seed: 99,
		MaxNodes: 5000, Rules: rules.DefaultRules(), ReuseTree: false}
	if cfg != want {
		t.Errorf("config\n%+v\nwant\n%+v", cfg, want)
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
		{[]string{"--capture-prob", "2"}, "--capture-prob"},
		{[]string{"--noise-weight", "1.5"}, "--noise-weight"},
		{[]string{"--noise-weight", "0.25", "--noise-alpha", "0"}, "--noise-alpha"},
		{[]string{"--temperature-plies", "-1"}, "--temperature-plies"},
		{[]string{"--temperature-plies", "5", "--temperature", "0"}, "--temperature"},
		{[]string{"--max-nodes", "5"}, "--max-nodes"},
		{[]string{"--eval", "weights.json"}, "--eval"},
		{[]string{"--eval", ""}, "--eval"},
	} {
		_, _, err := parseEngineFlags(t, tc.args...)
		if err == nil || !strings.HasPrefix(err.Error(), tc.flag+":") && !strings.HasPrefix(err.Error(), tc.flag+" ") {
			t.Errorf("%v: error %v, want one starting with %s", tc.args, err, tc.flag)
		}
	}
}

func TestEngineFlagsWithOtherDefaults(t *testing.T) {
	d := mcts.DefaultConfig()
	d.NoiseWeight, d.TemperaturePlies, d.Sims = 0.25, 20, 800
	var f engineFlags
	cmd := &cobra.Command{Use: "x"}
	addEngineFlagsWithDefaults(cmd, &f, d)
	if err := cmd.Flags().Parse(nil); err != nil {
		t.Fatal(err)
	}
	cfg, _, err := f.config(d.Rules)
	if err != nil || cfg != d {
		t.Errorf("defaults %+v (%v), want %+v", cfg, err, d)
	}
}
