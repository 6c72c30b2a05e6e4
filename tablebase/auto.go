package tablebase

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/surakarta/surakarta/internal/base/progress"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/rules"
)

// The default tables directory, as Syzygy's users keep one directory of
// tables that every program reads: play, analyze, engine and match read
// it when no tables are named, and tablebase build writes it when given
// no --out.

// EnvDir is the environment variable that overrides the default tables
// directory.
const EnvDir = "SURAKARTA_TABLES"

// DefaultDirHelp says where DefaultDir is, for help texts.
const DefaultDirHelp = "$" + EnvDir + ", else surakarta/tables in the user cache directory"

// DefaultDir returns the default tables directory: $SURAKARTA_TABLES when
// set, else surakarta/tables under os.UserCacheDir (~/.cache on Linux,
// ~/Library/Caches on macOS, %LocalAppData% on Windows).
func DefaultDir() (string, error) {
	if d := os.Getenv(EnvDir); d != "" {
		return d, nil
	}
	c, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no default tables directory (%v): set %s or name a directory", err, EnvDir)
	}
	return filepath.Join(c, "surakarta", "tables"), nil
}

// AutoPieces is the most pieces of the tables Ensure builds on first use:
// every balance of up to 4 pieces is 109,236 classes, 5.9 MB and under a
// CPU-second (docs/BENCHMARKS.md); 5 pieces would take 13 CPU-seconds and
// 82 MB, too much to spend unasked.
const AutoPieces = 4

// Ensure returns the tables of dir for r, opened and loaded (every file's
// checksum verified, so no probe fails later), first building the
// balances of up to AutoPieces pieces into dir when it lacks them or
// holds a damaged one, with a progress line on w (nil: none). It waits
// for another process building dir, then uses what that one built. An
// error (a read-only or full disk, a damaged larger table) says why there
// are no tables; the caller plays without them and says so.
func Ensure(dir string, r rules.Rules, w io.Writer) (*Tables, error) {
	t, err := openLoaded(dir, r)
	if err == nil && t.Pieces() >= AutoPieces {
		return t, nil
	}
	o := BuildOptions{Rules: r, Pieces: AutoPieces, Wait: true}
	if err := o.Validate(); err != nil {
		return nil, err // rules without tables: no no-capture limit
	}
	quiet := w == nil
	if w == nil {
		w = io.Discard
	}
	fmt.Fprintf(w, "building the endgame tables of up to %d pieces for %s in %s (once, about a second)\n", AutoPieces, r, dir)
	if _, err := buildShowing(dir, o, w, quiet); err != nil {
		return nil, err
	}
	return openLoaded(dir, r)
}

// BuildWithProgress builds as Build does, with a progress line on w
// (quiet: none; o.Progress is the line's), and says on w, quiet or not,
// how many temporary files of a killed build it removed (files went
// away). It returns what tablebase build prints, the time taken measured
// here: on an error too, with the balances built and kept so far.
func BuildWithProgress(dir string, o BuildOptions, w io.Writer, quiet bool) (BuildJSON, error) {
	start := time.Now()
	rep, err := buildShowing(dir, o, w, quiet)
	if len(rep.Removed) > 0 {
		fmt.Fprintf(w, "removed %d temporary files a killed build left in %s\n", len(rep.Removed), dir)
	}
	return NewBuildJSON(dir, o, rep, time.Since(start)), err
}

// buildShowing is Build with o's progress on a line on w (quiet: none).
func buildShowing(dir string, o BuildOptions, w io.Writer, quiet bool) (BuildReport, error) {
	if err := o.Validate(); err != nil { // before BuildWork, which has no count past MaxPieces
		return BuildReport{}, err
	}
	bar := progress.Start(w, progress.Options{Unit: "positions", Total: BuildWork(o.Pieces, o.Rules.NoCaptureLimit), Quiet: quiet})
	o.Progress = bar.Add
	rep, err := Build(dir, o)
	bar.Stop()
	return rep, err
}

// Load opens dir's tables for r and loads every file (Open, LoadAll): what
// an engine does before it searches, so that a damaged file is refused at
// start-up, never in a search.
func Load(dir string, r rules.Rules) (*Tables, error) { return openLoaded(dir, r) }

func openLoaded(dir string, r rules.Rules) (*Tables, error) {
	t, err := Open(dir, r)
	if err == nil {
		err = t.LoadAll()
	}
	if err != nil {
		return nil, err
	}
	return t, nil
}

// Check validates dir as the tables of r that a run or a spec names: every
// file of the balances up to Pieces() is read and checked (name, header,
// class count, length, checksum, key order), and a missing balance below
// the largest total present is an error naming it and the command that
// adds it. It returns the pieces the tables answer for. It does not
// re-derive the values (Verify does, at the cost of a build).
func Check(dir string, r rules.Rules) (int, error) {
	t, err := openLoaded(dir, r)
	if err != nil {
		return 0, err
	}
	if note := t.MissingNote(); note != "" {
		return 0, errors.New(note)
	}
	return t.Pieces(), nil
}

// LargerNote returns a one-line note when p is an ending that tables of
// one more piece would solve exactly and these do not: p's pieces are
// Pieces()+1. "" otherwise.
func (t *Tables) LargerNote(p *rules.Position) string {
	n := p.Occupied().Count()
	if n != t.pieces+1 || n > MaxPieces {
		return ""
	}
	return setting.Sprintf("note: this ending has %d pieces and the endgame tables in %s hold up to %d; '%s' makes such endings exact (%s)",
		n, t.dir, t.pieces, BuildLine(t.rules, n, t.dir), buildCost[n])
}

// buildCost is what building all balances of up to n pieces costs
// (docs/BENCHMARKS.md, "tablebase").
var buildCost = map[int]string{
	3: "well under a second",
	4: "about a CPU-second, 5.9 MB",
	5: "about 13 CPU-seconds and 82 MB",
	6: "about 5 CPU-minutes, 0.9 GB and 2.4 GB of memory",
	7: "about an hour of CPU, 8 GB and 20 GB of memory",
	8: "about 8 hours of CPU, 60 GB and 150 GB of memory",
}

// Identity names what the tables in dir hold for r, as a run records it
// beside the directory its engine names: the rules' tag and the pieces
// they answer for ("standard up to 4 pieces"). The tables of given rules
// and pieces are the same byte for byte wherever and however they are
// built, so this identifies them; a run whose directory holds more or
// fewer pieces on resume is another run. Headers only: Check is the
// validation. A directory that does not open is "unreadable: " and why.
func Identity(dir string, r rules.Rules) string {
	t, err := Open(dir, r)
	if err != nil {
		return "unreadable: " + err.Error()
	}
	return fmt.Sprintf("%s up to %d pieces", RulesTag(r), t.Pieces())
}
