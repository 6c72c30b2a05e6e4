package rundir

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/internal/base/filelock"
)

// TestASecondWriterIsRefusedNamingTheFirst: train and experiment run had
// no lock on their directory, and two resumes both ran to the end.
func TestASecondWriterIsRefusedNamingTheFirst(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	d, err := Claim(dir, "_x.lock", "train")
	if err != nil {
		t.Fatal(err)
	}
	_, err = Claim(dir, "_x.lock", "train")
	if err == nil || !errors.Is(err, filelock.ErrHeld) {
		t.Fatalf("second writer: %v, want refused", err)
	}
	if want := "another train is writing " + dir + " now: " + filelock.Holder(); !strings.HasPrefix(err.Error(), want[:strings.Index(want, " since ")]) ||
		!strings.HasSuffix(err.Error(), "("+strings.Join(os.Args, " ")+"); wait for it to finish or stop it, then resume") {
		t.Errorf("refusal %q: want the holder's pid, host and command line, and what to do", err)
	}
	d.Release()
	if _, err := os.Stat(filepath.Join(dir, "_x.lock")); !os.IsNotExist(err) {
		t.Errorf("Release left the lock file: %v", err)
	}
	d, err = Claim(dir, "_x.lock", "train")
	if err != nil {
		t.Fatalf("claim after release: %v", err)
	}
	d.Release()
}

// TestNotEmptySaysWhatIsThereAndThatNoRunIsLive: the refusal of a new run
// in a used directory said only "not empty … or --resume a run there",
// which, with a run live there, led straight into a race.
func TestNotEmptySaysWhatIsThereAndThatNoRunIsLive(t *testing.T) {
	dir := t.TempDir()
	d, err := Claim(dir, "_x.lock", "train")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Release()
	if err := d.NotEmpty(); err != nil {
		t.Fatalf("a directory holding only its lock: %v", err)
	}
	for _, n := range []string{"b", "c", "d", "e", "f"} {
		os.WriteFile(filepath.Join(dir, n), nil, 0o644)
	}
	os.Mkdir(filepath.Join(dir, "a"), 0o755)
	want := dir + " is not empty (it holds a/, b, c, d and 2 more) and no run is writing it: resume to continue the run there, or choose an empty or new out"
	if err := d.NotEmpty(); err == nil || err.Error() != want {
		t.Fatalf("NotEmpty: %v\nwant %s", err, want)
	}
}

// TestRemoveTempsSaysWhatAKilledWriterLeft: a killed train left
// .model.json.tmp-… and .ladder.png.tmp-… that no resume removed.
func TestRemoveTempsSaysWhatAKilledWriterLeft(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "gen-01"), 0o755)
	os.Mkdir(filepath.Join(dir, "other"), 0o755)
	left := []string{".ladder.png.tmp-123", "gen-01/.model.json.tmp-456"}
	kept := []string{"ladder.png", "gen-01/model.json", "other/.x.tmp-1", ".hidden"}
	for _, n := range append(append([]string{}, left...), kept...) {
		os.WriteFile(filepath.Join(dir, n), []byte("x"), 0o644)
	}
	d, err := Claim(dir, "_x.lock", "train")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Release()
	note, err := d.RemoveTemps("gen-*")
	want := "removed 2 temporary files a killed run left: " + filepath.Join(dir, left[0]) + ", " + filepath.Join(dir, left[1])
	if err != nil || note != want {
		t.Fatalf("RemoveTemps: %q, %v\nwant %q", note, err, want)
	}
	for _, n := range left {
		if _, err := os.Stat(filepath.Join(dir, n)); !os.IsNotExist(err) {
			t.Errorf("%s not removed", n)
		}
	}
	for _, n := range kept {
		if _, err := os.Stat(filepath.Join(dir, n)); err != nil {
			t.Errorf("%s removed", n)
		}
	}
	if note, err := d.RemoveTemps("gen-*"); note != "" || err != nil {
		t.Errorf("second RemoveTemps: %q, %v; want nothing to say", note, err)
	}
}
