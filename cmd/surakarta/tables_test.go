package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/internal/base/filelock"
	"github.com/surakarta/surakarta/tablebase"
)

// fourPieceFEN is a 2v2 ending: the tables of up to 4 pieces solve it.
const fourPieceFEN = "6/2b3/1r4/6/1b4/5r r 0 30"

// TestAnalyzeBuildsTheDefaultTablesOnFirstUse: with no --tablebase,
// analyze builds the tables of up to 4 pieces in the default directory
// ($SURAKARTA_TABLES) once, saying so on stderr, and answers a 4-piece
// ending from them; the next run reads them without a word.
func TestAnalyzeBuildsTheDefaultTablesOnFirstUse(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cache", "tables")
	t.Setenv(tablebase.EnvDir, dir)
	out, errOut, err := run(t, "", "analyze", "--fen", fourPieceFEN, "--sims", "50", "--json")
	var a struct{ Table *tablebase.Verdict }
	if err != nil || json.Unmarshal([]byte(out), &a) != nil || a.Table == nil {
		t.Fatalf("analyze of a 4-piece ending: %v, table %v\n%s", err, a.Table, out)
	}
	if !strings.Contains(errOut, "building the endgame tables of up to 4 pieces") || strings.Count(errOut, "building") != 1 {
		t.Fatalf("stderr of the first use: %q", errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "standard-2v2.sktb")); err != nil {
		t.Fatal(err)
	}
	if _, errOut, err := run(t, "", "analyze", "--fen", fourPieceFEN, "--sims", "50", "--json"); err != nil || errOut != "" {
		t.Fatalf("second use: %v, stderr %q (want nothing)", err, errOut)
	}
	// A 5-piece ending: one line says which build would make it exact.
	_, errOut, err = run(t, "", "analyze", "--fen", "6/2b3/1r4/6/1b4/4rr r 0 30", "--sims", "50")
	if err != nil || !strings.Contains(errOut, "this ending has 5 pieces") || !strings.Contains(errOut, "tablebase build --pieces 5 --out "+dir) {
		t.Fatalf("5-piece ending: %v, stderr %q", err, errOut)
	}
}

// TestAnalyzeWithoutWritableTablesPlaysWithoutThem: a default directory
// that cannot be created (its parent is a file: a read-only or full disk
// fails the same way) leaves the search without tables and says so once.
func TestAnalyzeWithoutWritableTablesPlaysWithoutThem(t *testing.T) {
	file := filepath.Join(t.TempDir(), "a-file")
	os.WriteFile(file, nil, 0o644)
	t.Setenv(tablebase.EnvDir, filepath.Join(file, "tables"))
	out, errOut, err := run(t, "", "analyze", "--fen", fourPieceFEN, "--sims", "50", "--json")
	var a struct{ Best string }
	if err != nil || json.Unmarshal([]byte(out), &a) != nil || a.Best == "" {
		t.Fatalf("analyze without tables: %v\n%s", err, out)
	}
	if strings.Count(errOut, "playing without endgame tables") != 1 {
		t.Fatalf("stderr: %q, want one note", errOut)
	}
}

// TestEngineRefusesDamagedTables: a truncated table file refuses the
// engine's start-up and its setoption by the file's name, as
// docs/TABLEBASE.md says (it used to answer ok and fail every go).
func TestEngineRefusesDamagedTables(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tb")
	runOK(t, "tablebase", "build", "--pieces", "3", "--out", dir, "--quiet")
	path := filepath.Join(dir, "standard-2v1.sktb")
	b, _ := os.ReadFile(path)
	os.WriteFile(path, b[:len(b)-100], 0o644)
	if _, _, err := run(t, "quit\n", "engine", "--tablebase", dir); err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("start-up with a truncated table: %v", err)
	}
	out, _, _ := run(t, "setoption tablebase "+dir+"\nquit\n", "engine", "--tablebase=")
	if !strings.Contains(out, path) || !strings.Contains(out, "truncated") {
		t.Errorf("setoption with a truncated table answered %q", out)
	}
}

// TestTablebaseBuildForOtherRulesAddsBesideTheDefault: the fault
// campaign's reproduction: a build with another limit, no-moves draw or
// repetition 0 beside the default rules' tables builds its own files and
// leaves the default ones as they were.
func TestTablebaseBuildForOtherRulesAddsBesideTheDefault(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tb")
	runOK(t, "tablebase", "build", "--pieces", "3", "--out", dir, "--quiet")
	before, _ := os.ReadFile(filepath.Join(dir, "standard-2v1.sktb"))
	for _, flags := range [][]string{{"--no-capture-limit", "30"}, {"--no-moves", "draw"}, {"--repetition", "0"}} {
		out := runOK(t, append([]string{"tablebase", "build", "--pieces", "3", "--out", dir, "--quiet"}, flags...)...)
		if !strings.Contains(out, "3 balances built, 0 kept") {
			t.Errorf("%v: %q", flags, out)
		}
	}
	if now, _ := os.ReadFile(filepath.Join(dir, "standard-2v1.sktb")); !bytes.Equal(now, before) {
		t.Fatal("a build for other rules replaced the default rules' file")
	}
	out := runOK(t, "tablebase", "verify", dir, "--quiet")
	if strings.Count(out, ": sound") != 4 {
		t.Fatalf("verify of four rules' tables:\n%s", out)
	}
}

// TestTablebaseVerifyNamesMissingBalancesAndLeftovers: a directory missing
// a balance fails verify with its name and the build that adds it; the
// temporary file of a killed build is named (not passed over as sound),
// and the next build removes it, saying so even under --quiet.
func TestTablebaseVerifyNamesMissingBalancesAndLeftovers(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tb")
	runOK(t, "tablebase", "build", "--pieces", "3", "--out", dir, "--quiet")
	temp := filepath.Join(dir, ".standard-1v2.sktb.tmp-99")
	os.WriteFile(temp, []byte("half"), 0o644)
	os.Remove(filepath.Join(dir, "standard-1v2.sktb"))
	out, _, err := run(t, "", "tablebase", "verify", dir, "--quiet", "--json")
	var v tablebase.VerifyJSON
	if err == nil || json.Unmarshal([]byte(out), &v) != nil || v.Sound || len(v.Tables) != 1 ||
		len(v.Tables[0].Missing) != 1 || v.Tables[0].Missing[0] != "standard-1v2.sktb" || len(v.Leftovers) != 1 {
		t.Fatalf("verify --json of an incomplete directory: %v\n%s", err, out)
	}
	if !strings.Contains(err.Error(), "standard-1v2.sktb missing") || !strings.Contains(err.Error(), "tablebase build --pieces 3 --out "+dir) {
		t.Errorf("error: %v", err)
	}
	out, errOut, err := run(t, "", "tablebase", "build", "--pieces", "3", "--out", dir, "--quiet", "--json")
	var b tablebase.BuildJSON
	if err != nil || json.Unmarshal([]byte(out), &b) != nil || len(b.Built) != 2 || len(b.Kept) != 1 || len(b.Removed) != 1 {
		t.Fatalf("build --json after a killed build: %v\n%s", err, out)
	}
	if strings.Count(errOut, "removed 1 temporary files a killed build left") != 1 {
		t.Errorf("stderr under --quiet: %q", errOut)
	}
	if out := runOK(t, "tablebase", "verify", dir, "--quiet"); !strings.Contains(out, ": sound\n") || strings.Contains(out, "temporary") {
		t.Errorf("verify after the build: %q", out)
	}
}

// TestTablebaseBuildRefusesASecondWriter: a build into a directory whose
// lock another build holds is refused with that holder's line.
func TestTablebaseBuildRefusesASecondWriter(t *testing.T) {
	dir := t.TempDir()
	l, err := filelock.TryLock(filepath.Join(dir, tablebase.LockFile), filelock.Holder())
	if err != nil {
		t.Fatal(err)
	}
	defer l.Unlock()
	runFails(t, "another build is writing "+dir, "tablebase", "build", "--pieces", "2", "--out", dir, "--quiet")
	runFails(t, filelock.Holder()[:12], "tablebase", "build", "--pieces", "2", "--out", dir, "--quiet")
}

// TestPlaySaysOnceWhenLargerTablesWouldSolveTheEnding: a game from 6
// pieces reaches 5, which the 4-piece tables built on first use do not
// hold: one line says so and which build would, once.
func TestPlaySaysOnceWhenLargerTablesWouldSolveTheEnding(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tables")
	t.Setenv(tablebase.EnvDir, dir)
	_, errOut, err := run(t, "", "play", "--human", "none", "--fen", "6/2b3/1r4/1b4/1b4/4rr r 0 30", "--sims", "100", "--quiet")
	if err != nil || strings.Count(errOut, "this ending has 5 pieces") != 1 || !strings.Contains(errOut, "tablebase build --pieces 5 --out "+dir) {
		t.Fatalf("play: %v, stderr %q", err, errOut)
	}
}

// TestEngineUsesTheDefaultTablesWhenPresentAndBuildsNone: the engine
// started on an empty default directory answers at once and plays without
// tables, saying so; it builds nothing (play and analyze do).
func TestEngineUsesTheDefaultTablesWhenPresentAndBuildsNone(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tables")
	t.Setenv(tablebase.EnvDir, dir)
	out, errOut, err := run(t, "position fen "+fourPieceFEN+"\ngo sims 20\nquit\n", "engine")
	if err != nil || !strings.Contains(out, "bestmove") || !strings.Contains(errOut, "playing without endgame tables") {
		t.Fatalf("engine on an empty default directory: %v\n%s\nstderr %q", err, out, errOut)
	}
	if _, err := os.Stat(dir); err == nil {
		t.Fatal("the engine built tables")
	}
}

// TestAnalyzeSaysOnceWhichBalancesAreMissing: tables named with
// --tablebase that lack a balance (2v2 gone from a 4-piece set) answer up
// to 3 pieces, and analyze says which file is missing and the build that
// adds it (it used to print "table": null on a 2v2 position without a
// word).
func TestAnalyzeSaysOnceWhichBalancesAreMissing(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tb")
	runOK(t, "tablebase", "build", "--pieces", "4", "--out", dir, "--quiet")
	os.Remove(filepath.Join(dir, "standard-2v2.sktb"))
	_, errOut, err := run(t, "", "analyze", "--fen", fourPieceFEN, "--sims", "20", "--tablebase", dir)
	if err != nil || strings.Count(errOut, "lack standard-2v2.sktb") != 1 || !strings.Contains(errOut, "tablebase build --pieces 4 --out "+dir) {
		t.Fatalf("analyze with 2v2 missing: %v, stderr %q", err, errOut)
	}
}
