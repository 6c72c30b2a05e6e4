package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/internal/testing/testgames"
	"github.com/surakarta/surakarta/rules"
)

// TestStatsRefusesCountingGamesTwice: the same dataset twice, pooled or
// not, used to report twice its games.
func TestStatsRefusesCountingGamesTwice(t *testing.T) {
	dir := t.TempDir()
	writeRandomGames(t, dir, 6, 5, rules.Standard)
	for _, args := range [][]string{{"stats", dir, dir, "--pool"}, {"stats", dir, dir + "/"}} {
		if _, _, err := run(t, "", args...); err == nil || !strings.Contains(err.Error(), "twice") {
			t.Fatalf("%v: %v, want a refusal saying the games would count twice", args, err)
		}
	}
	// A copy of the dataset under another name holds the same games.
	cp := filepath.Join(t.TempDir(), "copy")
	os.CopyFS(cp, os.DirFS(dir))
	if _, _, err := run(t, "", "stats", dir, cp, "--pool"); err == nil || !strings.Contains(err.Error(), "count twice") {
		t.Fatalf("pooling a copy: %v, want a refusal", err)
	}
}

// TestStatsPoolsOtherSettingsOnlyWhenAllowed: runs of different settings
// are one population only if the user says so, and the result says mixed.
func TestStatsPoolsOtherSettingsOnlyWhenAllowed(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	writeRandomGames(t, a, 6, 5, rules.Standard)
	writeRandomGames(t, b, 6, 6, rules.Standard) // another seed: poolable
	if _, _, err := run(t, "", "stats", a, b, "--pool"); err != nil {
		t.Fatalf("pooling two seeds of one setting: %v", err)
	}
	m, _, _ := dataset.ReadManifest(b, "standard")
	m.Engine = `{"test":"other"}`
	c := t.TempDir()
	writeRandomGamesOfRun(t, c, m)
	if _, _, err := run(t, "", "stats", a, c, "--pool"); err == nil || !strings.Contains(err.Error(), "--allow-mixed") {
		t.Fatalf("pooling other engine settings: %v, want a refusal naming --allow-mixed", err)
	}
	out, _, err := run(t, "", "stats", a, c, "--pool", "--allow-mixed")
	if err != nil || !strings.Contains(out, "mixed: pooled runs of different settings") {
		t.Fatalf("--allow-mixed: %v\n%s", err, out)
	}
}

// writeRandomGamesOfRun rewrites dataset b's games as a run of other
// settings r.
func writeRandomGamesOfRun(t *testing.T, dir string, r dataset.Run) {
	t.Helper()
	rows := testgames.Rows(t, randomRules(rules.Standard), r.Seed, r.Games, randomOpening, false)
	if err := dataset.ClaimPartition(dir, r); err != nil {
		t.Fatal(err)
	}
	if err := dataset.WritePart(dir, dataset.FileMeta{Run: r, Shards: 1, FirstGame: 0, LastGame: r.Games - 1}, rows, nil); err != nil {
		t.Fatal(err)
	}
}

// TestStatsAndFitRefuseADamagedDataset: a stray copy of a part, which a
// *.parquet glob reads as rows, makes stats and fit refuse the dataset
// unless --allow-damaged.
func TestStatsAndFitRefuseADamagedDataset(t *testing.T) {
	dir := t.TempDir()
	writeRandomGames(t, dir, 6, 5, rules.Standard)
	pdir := dataset.PartitionDir(dir, dataset.TableGames, "standard")
	b, _ := os.ReadFile(filepath.Join(pdir, "part-0000000000.parquet"))
	os.WriteFile(filepath.Join(pdir, "part-0000000000 (copy).parquet"), b, 0o644)
	for _, args := range [][]string{{"stats", dir}, {"fit", dir, "--weights", filepath.Join(t.TempDir(), "w.json"), "--quiet"}} {
		_, _, err := run(t, "", args...)
		if err == nil || !strings.Contains(err.Error(), "--allow-damaged") || !strings.Contains(err.Error(), "(copy)") {
			t.Fatalf("%s of a dataset with a stray copy: %v, want a refusal naming the file and --allow-damaged", args[0], err)
		}
	}
	out, errOut, err := run(t, "", "stats", dir, "--allow-damaged")
	if err != nil || !strings.Contains(errOut, "warning") || out == "" {
		t.Fatalf("stats --allow-damaged: %v\n%s", err, errOut)
	}
}
