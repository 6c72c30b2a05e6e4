package tablebase

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/internal/base/filelock"
	"github.com/surakarta/surakarta/rules"
)

// Tables of rules that differ in any setting, built into one directory
// after the default rules' tables, are added beside them: every file of
// the default rules is unchanged, each set opens under its own rules, and
// the names say the rules (the fault campaign's reproduction: a build with
// another limit, no-moves draw or repetition 0 overwrote all six files).
func TestOtherRulesTablesAreAddedNeverReplaced(t *testing.T) {
	dir := t.TempDir()
	def := rules.DefaultRules()
	buildInto(t, dir, def, 3, 1)
	before := map[string][]byte{}
	for _, m := range Balances(3) {
		before[FileName(def, m)], _ = os.ReadFile(filepath.Join(dir, FileName(def, m)))
	}
	others := map[string]rules.Rules{}
	for tag, edit := range map[string]func(*rules.Rules){
		"standard-limit30":             func(r *rules.Rules) { r.NoCaptureLimit = 30 },
		"standard-nomovesdraw":         func(r *rules.Rules) { r.NoMoves = rules.NoMovesDraw },
		"standard-repetition0":         func(r *rules.Rules) { r.Repetition = 0 },
		"majority-limit30-repetition0": func(r *rules.Rules) { r.Variant, r.NoCaptureLimit, r.Repetition = rules.Majority, 30, 0 },
	} {
		r := def
		edit(&r)
		if RulesTag(r) != tag {
			t.Fatalf("rules %s: tag %q, want %q", r, RulesTag(r), tag)
		}
		others[tag] = r
		if rep := buildInto(t, dir, r, 3, 1); len(rep.Built) != 3 || len(rep.Kept) != 0 {
			t.Fatalf("%s beside the default tables: built %v, kept %v; want all 3 built", tag, rep.Built, rep.Kept)
		}
	}
	for name, b := range before {
		if now, _ := os.ReadFile(filepath.Join(dir, name)); !bytes.Equal(now, b) {
			t.Errorf("%s changed when other rules' tables were built beside it", name)
		}
	}
	for _, r := range append([]rules.Rules{def}, others["standard-limit30"], others["standard-nomovesdraw"], others["standard-repetition0"], others["majority-limit30-repetition0"]) {
		if err := openAndLoad(dir, r); err != nil {
			t.Errorf("%s: %v", r, err)
		}
	}
	if rs, err := RulesIn(dir); err != nil || len(rs) != 5 {
		t.Errorf("RulesIn: %v, %v; want the 5 rules", rs, err)
	}
}

// A file under these rules' name that holds other rules' tables (what the
// earlier naming by variant alone left) is refused by Build, never
// overwritten, and RulesIn names the file and the name it should have.
func TestBuildRefusesToReplaceAFileOfOtherRulesUnderThisName(t *testing.T) {
	def := rules.DefaultRules()
	other := def
	other.NoCaptureLimit = 30
	src, dir := t.TempDir(), t.TempDir()
	buildInto(t, src, other, 2, 1)
	foreign, _ := os.ReadFile(filepath.Join(src, FileName(other, Material{1, 1})))
	name := filepath.Join(dir, FileName(def, Material{1, 1}))
	os.WriteFile(name, foreign, 0o644)
	_, err := Build(dir, BuildOptions{Rules: def, Pieces: 3})
	if !errors.Is(err, errForeign) || !strings.Contains(err.Error(), name) || !strings.Contains(err.Error(), "rename it to standard-limit30-1v1.sktb") {
		t.Fatalf("build over a foreign file: %v", err)
	}
	if now, _ := os.ReadFile(name); !bytes.Equal(now, foreign) {
		t.Fatal("the foreign file was replaced")
	}
	if _, err := RulesIn(dir); err == nil || !strings.Contains(err.Error(), "its name should be standard-limit30-1v1.sktb") {
		t.Fatalf("RulesIn over a misnamed file: %v", err)
	}
}

// A file whose header and payload were cut to half its classes, with its
// checksum recomputed so that only the count can tell, is refused at
// Open: a balance's class count is fixed.
func TestAFileWithTooFewClassesIsRefusedAtOpen(t *testing.T) {
	r := rules.DefaultRules()
	dir := t.TempDir()
	buildInto(t, dir, r, 3, 1)
	m := Material{2, 1}
	tab, err := loadTable(dir, r, m)
	if err != nil {
		t.Fatal(err)
	}
	n := tab.count()
	half := &table{m: m, limit: tab.limit, keys: tab.keys[:n/2], values: make([]byte, tab.limit*(n/2))}
	for c := 0; c < tab.limit; c++ {
		copy(half.values[c*(n/2):], tab.values[c*n:c*n+n/2])
	}
	if err := writeTable(dir, r, half); err != nil {
		t.Fatal(err)
	}
	_, err = Open(dir, r)
	if err == nil || !strings.Contains(err.Error(), FileName(r, m)) || !strings.Contains(err.Error(), "classes, balance 2v1 has") {
		t.Fatalf("open with half of 2v1's classes: %v", err)
	}
}

// A set missing one balance answers up to the pieces below it and says
// which file is missing and the command that adds it; Verify reports it.
func TestMissingBalancesAreNamed(t *testing.T) {
	r := rules.DefaultRules()
	dir := t.TempDir()
	buildInto(t, dir, r, 3, 1)
	os.Remove(filepath.Join(dir, FileName(r, Material{1, 2})))
	tabs, err := Open(dir, r)
	if err != nil {
		t.Fatal(err)
	}
	if tabs.Pieces() != 2 || !slices.Equal(tabs.Missing(), []Material{{1, 2}}) {
		t.Fatalf("pieces %d, missing %v; want 2 and [1v2]", tabs.Pieces(), tabs.Missing())
	}
	note := tabs.MissingNote()
	if !strings.Contains(note, "lack standard-1v2.sktb") || !strings.Contains(note, "up to 2 pieces") || !strings.Contains(note, "tablebase build pieces=3 out="+dir) {
		t.Fatalf("note: %q", note)
	}
	rep, err := Verify(dir, r, 1, nil)
	if err != nil || !slices.Equal(rep.Missing, []Material{{1, 2}}) || rep.Files != 1 {
		t.Fatalf("verify: %+v, %v; want 1 file checked and 1v2 missing", rep, err)
	}
	full := t.TempDir()
	buildInto(t, full, r, 3, 1)
	if tabs, err := Open(full, r); err != nil || tabs.MissingNote() != "" {
		t.Fatalf("a complete set: %v, note %q", err, tabs.MissingNote())
	}
}

// A second writer of a directory is refused with the holder's
// description while the first holds its lock.
func TestBuildRefusesASecondWriter(t *testing.T) {
	dir := t.TempDir()
	l, err := filelock.TryLock(filepath.Join(dir, LockFile), "pid 4242 (surakarta tablebase build --out tb)")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Unlock()
	_, err = Build(dir, BuildOptions{Rules: rules.DefaultRules(), Pieces: 2})
	if !errors.Is(err, filelock.ErrHeld) || !strings.Contains(err.Error(), "pid 4242 (surakarta tablebase build --out tb)") {
		t.Fatalf("second writer: %v", err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Fatalf("the refused build wrote into the directory: %v", ents)
	}
}

// The temporary files of a killed build are listed by Leftovers and
// removed by the next build, which reports them; other hidden files stay.
func TestBuildRemovesTheTempsOfAKilledBuild(t *testing.T) {
	dir := t.TempDir()
	temp := filepath.Join(dir, ".standard-2v1.sktb.tmp-123456")
	os.WriteFile(temp, []byte("half a table"), 0o644)
	keepMe := filepath.Join(dir, ".notes.txt.tmp-1")
	os.WriteFile(keepMe, nil, 0o644)
	if got, err := Leftovers(dir); err != nil || !slices.Equal(got, []string{temp}) {
		t.Fatalf("leftovers: %v, %v", got, err)
	}
	rep := buildInto(t, dir, rules.DefaultRules(), 2, 1)
	if !slices.Equal(rep.Removed, []string{temp}) {
		t.Fatalf("removed %v, want %s", rep.Removed, temp)
	}
	if _, err := os.Stat(temp); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("the temp file is still there")
	}
	if _, err := os.Stat(keepMe); err != nil {
		t.Fatal("a temp file of something else was removed")
	}
}

// Ensure builds the tables of up to AutoPieces pieces into an empty
// directory, repairs a damaged small table there on the next call, and
// fails, building nothing, where the directory cannot be written.
func TestEnsureBuildsRepairsAndFailsWithoutAWritableDirectory(t *testing.T) {
	r := rules.DefaultRules()
	dir := filepath.Join(t.TempDir(), "cache", "tables")
	var log bytes.Buffer
	tabs, err := Ensure(dir, r, &log)
	if err != nil || tabs.Pieces() != AutoPieces || !strings.Contains(log.String(), "building the endgame tables of up to 4 pieces") {
		t.Fatalf("first use: %v, %q", err, log.String())
	}
	path := filepath.Join(dir, FileName(r, Material{2, 1}))
	b, _ := os.ReadFile(path)
	os.WriteFile(path, b[:len(b)/2], 0o644)
	if tabs, err := Ensure(dir, r, nil); err != nil || tabs.Pieces() != AutoPieces {
		t.Fatalf("a truncated 2v1: %v", err)
	}
	if now, _ := os.ReadFile(path); !bytes.Equal(now, b) {
		t.Fatal("the truncated 2v1 was not rebuilt")
	}
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, nil, 0o644)
	if _, err := Ensure(filepath.Join(file, "tables"), r, nil); err == nil {
		t.Fatal("Ensure under a file succeeded")
	}
}
