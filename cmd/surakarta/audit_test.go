package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/dataset/verify"
	"github.com/surakarta/surakarta/experiments"
	"github.com/surakarta/surakarta/experiments/report"
	"github.com/surakarta/surakarta/internal/app/positions"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/selfplay"
)

// decodeJSON parses out as one JSON object into v, failing the test with
// the text when it is not.
func decodeJSON(t *testing.T, what, out string, v any) {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("%s: not the JSON object expected: %v\n%s", what, err, out)
	}
	if dec.More() {
		t.Fatalf("%s: more than one JSON value:\n%s", what, out)
	}
}

// TestFigureCommandsPrintJSON: every command that reports figures has
// --json, and the object carries the figures its text gives.
func TestFigureCommandsPrintJSON(t *testing.T) {
	dir := t.TempDir()
	out, errOut, err := run(t, "", tinySelfplay(dir, "--json")...)
	if err != nil {
		t.Fatal(err)
	}
	var sp selfplay.SummaryJSON
	decodeJSON(t, "selfplay --json", out, &sp)
	if sp.Planned != 4 || sp.Played != 4 || sp.Written != 4 || sp.Skipped != 0 || sp.Positions == 0 || sp.Parts != 1 ||
		sp.Red+sp.Black+sp.Draw != 4 || sp.Out != dir || sp.Seconds <= 0 || sp.GamesPerS <= 0 || sp.PositionsPerS <= 0 || sp.Interrupted {
		t.Errorf("selfplay --json: %+v", sp)
	}
	if errOut != "" {
		t.Errorf("selfplay --json --quiet wrote to stderr: %q", errOut)
	}

	out, _, err = run(t, "", "dataset", "inspect", "--json", dir)
	if err != nil {
		t.Fatal(err)
	}
	var in verify.InspectionJSON
	decodeJSON(t, "dataset inspect --json", out, &in)
	if in.Files != 2 || len(in.Partitions) != 2 || !slices.Equal(in.Variants, []string{"standard"}) ||
		in.Manifests["standard"].Games != 4 || in.Manifests["standard"].Seed != 1 || in.Rows != 4+sp.Positions {
		t.Fatalf("inspect --json: %+v", in)
	}
	for _, p := range in.Partitions {
		if len(p.Parts) != 1 || p.Games != 4 || !slices.Equal(p.IDs, []verify.RangeJSON{{First: 0, Last: 3}}) || p.Parts[0].LastGame != 3 || p.Parts[0].Shards != 1 {
			t.Errorf("inspect --json partition %+v", p)
		}
	}

	out, _, err = run(t, "", "dataset", "verify", "--quiet", "--complete", "--json", dir)
	if err != nil {
		t.Fatal(err)
	}
	var v verify.ReportJSON
	decodeJSON(t, "dataset verify --json", out, &v)
	if !v.OK || v.Games != 4 || v.Positions != sp.Positions || v.Files != 2 || len(v.Problems) != 0 ||
		len(v.Partitions) != 1 || !v.Partitions[0].Checked || v.Partitions[0].Want != 4 {
		t.Errorf("verify --json: %+v", v)
	}

	out, _, err = run(t, "", "perft", "--depth", "3", "--divide", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var p positions.Perft
	decodeJSON(t, "perft --json", out, &p)
	var sum uint64
	for _, d := range p.Divide {
		sum += d.Nodes
	}
	if p.Nodes != 5382 || p.Depth != 3 || p.FEN != rules.StartFEN || p.Threads != 1 || len(p.Divide) != 16 || sum != 5382 ||
		!slices.IsSortedFunc(p.Divide, func(a, b positions.Divide) int { return strings.Compare(a.Move, b.Move) }) {
		t.Errorf("perft --json: %+v", p)
	}
}

// TestVerifyCompleteNamesTheShardsToRerun: shard 0 of a run of 8 games in
// 2 shards lacks shard 1; verify says so in text and in JSON, and fails.
func TestVerifyCompleteNamesTheShardsToRerun(t *testing.T) {
	dir := t.TempDir()
	args := tinySelfplay(dir, "--shard", "0", "--shards", "2")
	args[2] = "8" // --games 8, the whole run's
	if _, _, err := run(t, "", args...); err != nil {
		t.Fatal(err)
	}
	out, _, err := run(t, "", "dataset", "verify", "--quiet", "--expect-games", "8", "--shards", "2", dir)
	if err == nil || !strings.Contains(out, "missing 4..7: rerun shard(s) 1 of 2 with --resume") {
		t.Fatalf("verify --games 8 of 4 games: %v\n%s", err, out)
	}
	out, errOut, err := run(t, "", "dataset", "verify", "--quiet", "--games", "8", "--shards", "2", "--json", dir) // the old spelling
	mustContain(t, errOut, "--games is deprecated: use --expect-games")
	var v verify.ReportJSON
	decodeJSON(t, "verify --json", out, &v)
	if err == nil || v.OK || !slices.Equal(v.Partitions[0].MissingShards, []int{1}) || !slices.Equal(v.Partitions[0].Missing, []verify.RangeJSON{{First: 4, Last: 7}}) {
		t.Fatalf("verify --json of an incomplete run: %v %+v", err, v)
	}
	if _, _, err := run(t, "", "dataset", "verify", "--shards", "2", dir); err == nil || !strings.Contains(err.Error(), "--complete") {
		t.Errorf("--shards alone: %v", err)
	}
}

// TestVerifyStopsOnInterrupt: a cancelled context (Ctrl-C) ends verify with
// a message saying how to continue, not after the whole dataset.
func TestVerifyStopsOnInterrupt(t *testing.T) {
	dir := t.TempDir()
	if _, _, err := run(t, "", tinySelfplay(dir)...); err != nil {
		t.Fatal(err)
	}
	cmd := newRootCommand()
	var out bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&out)
	cmd.SetArgs([]string{"dataset", "verify", "--quiet", dir})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := cmd.ExecuteContext(ctx)
	if err == nil || !strings.Contains(err.Error(), "interrupted after checking 0 of 4 games") || !strings.Contains(err.Error(), "run the same command again") {
		t.Fatalf("verify with a cancelled context: %v", err)
	}
}

// TestMissingDatasetErrorsSayWhatToDo: commands reading a dataset name the
// directory and how to make one, not a bare stat error.
func TestMissingDatasetErrorsSayWhatToDo(t *testing.T) {
	base := t.TempDir()
	missing := filepath.Join(base, "nothing")
	empty := t.TempDir()
	exp := t.TempDir()
	os.MkdirAll(filepath.Join(exp, "arms", "a"), 0o755)
	for _, tc := range []refusal{
		{[]string{"dataset", "verify", missing}, "no dataset at " + missing + ": the directory does not exist; write one with surakarta selfplay --out " + missing},
		{[]string{"dataset", "inspect", missing}, "no dataset at " + missing},
		{[]string{"fit", missing, "--weights", filepath.Join(base, "w.json")}, "no dataset at " + missing},
		{[]string{"stats", missing}, "surakarta selfplay --out " + missing},
		{[]string{"stats", "plan", "--halfwidth", "0.1", missing}, "no dataset at " + missing},
		{[]string{"dataset", "verify", empty}, "no dataset at " + empty + ": it holds no games/game=G/variant=V/"},
		{[]string{"dataset", "inspect", empty}, "surakarta selfplay --out " + empty},
		{[]string{"stats", empty}, "no dataset at " + empty},
		{[]string{"stats", exp}, "experiment directory; give the datasets of its arms"},
		{[]string{"match", "pgn", missing}, "no dataset at " + missing},
		{[]string{"match", "pgn", empty}, "no dataset at " + empty},
	} {
		err := runFails(t, tc.want, tc.args...)
		if err != nil && strings.Contains(err.Error(), "stat ") {
			t.Errorf("%v: bare stat error %q", tc.args, err)
		}
	}
}

// TestSelfplayRefusalNamesTheDifferingFlags: a run with other settings than
// the partition's names each differing flag with both values instead of
// printing the engine's JSON, and says what to do.
func TestSelfplayRefusalNamesTheDifferingFlags(t *testing.T) {
	dir := t.TempDir()
	if _, _, err := run(t, "", tinySelfplay(dir)...); err != nil {
		t.Fatal(err)
	}
	_, _, err := run(t, "", tinySelfplay(dir, "--resume", "--seed", "2", "--sims", "16", "--no-capture-limit", "40", "--eval", "best")...)
	if err == nil {
		t.Fatal("a run with other settings was accepted")
	}
	msg := err.Error()
	for _, want := range []string{
		"already holds a standard run with other settings",
		"--sims: this run 16, the partition 8",
		"--seed: this run 2, the partition 1",
		"--no-capture-limit: this run 40, the partition 50",
		"repeat its settings (with --resume)",
		"another --out",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("refusal lacks %q:\n%s", want, msg)
		}
	}
	if strings.Contains(msg, "{") || strings.Contains(msg, "--eval") {
		t.Errorf("refusal prints engine JSON or an unchanged flag:\n%s", msg)
	}
}

// TestSelfplayRunMatchesManifest: the settings the refusal compares
// (Config.RunSettings) are exactly those selfplay.Run records, so the check can
// neither refuse a matching run nor pass a different one.
func TestSelfplayRunMatchesManifest(t *testing.T) {
	dir := t.TempDir()
	r := rules.DefaultRules()
	r.Variant = rules.Majority
	eng := mcts.DefaultSettings()
	eng.Sims = 4
	cfg := selfplay.Config{Run: runspec.Settings{Out: dir, Games: 6, Seed: 9, RandomOpening: 2, Concurrency: 1}, GameIDs: []int64{1, 3, 4},
		Rules: r, Engine: mcts.Engine{Settings: eng, Evaluator: mcts.MaterialName}, Evaluator: mcts.Material{}}
	if _, err := selfplay.Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	have, ok, err := dataset.ReadManifest(dir, "majority")
	if err != nil || !ok {
		t.Fatalf("manifest: %v %v", ok, err)
	}
	if mine := cfg.RunSettings(); mine != have {
		t.Fatalf("RunSettings %+v\nmanifest    %+v", mine, have)
	}
	if err := cfg.CheckPartition(); err != nil {
		t.Fatalf("the same settings refused: %v", err)
	}
}

// TestExperimentCommandsPrintJSON: experiment check, run and report have
// --json with the report's paths and headline figures.
func TestExperimentCommandsPrintJSON(t *testing.T) {
	out, _, err := run(t, "", "experiment", "check", "--json", filepath.Join("..", "..", "experiments", "specs", "ladder.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var c experiments.SpecCheck
	decodeJSON(t, "experiment check --json", out, &c)
	if c.Name != "ladder" || len(c.Arms) != 7 || c.Arms[5].Sims != 800 || !slices.Contains(c.Comparisons, [2]string{"sims400", "sims800"}) {
		t.Errorf("check --json: %+v", c)
	}

	dir := writeExperimentDir(t, 30, 30)
	out, _, err = run(t, "", "experiment", "report", "--json", dir)
	if err != nil {
		t.Fatal(err)
	}
	var r report.Headline
	decodeJSON(t, "experiment report --json", out, &r)
	if r.ReportJSON != filepath.Join(dir, "report.json") || len(r.Arms) != 2 || r.Arms[0].Games != 30 ||
		r.Arms[0].RedWins+r.Arms[0].BlackWins+r.Arms[0].Draws != 30 || len(r.Comparisons) != 1 || r.Comparisons[0].DrawRate == nil ||
		len(r.Answer) == 0 || len(r.Plots) == 0 {
		t.Fatalf("report --json: %+v", r)
	}
	for _, p := range append([]string{r.ReportJSON, r.ReportMD}, r.Plots...) {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("report --json names %s: %v", p, err)
		}
	}
}
