package dataset

import (
	"errors"
	"fmt"
	"io"

	"github.com/parquet-go/parquet-go"
)

// MatchRow is one row of the matches table: what a match between two
// engines (surakarta match --out) records about a game beyond its games
// row, which has the same game_id. docs/DATASET.md documents every column.
type MatchRow struct {
	// RunID identifies the match (Run.ID), as in its games table; the
	// writer sets it.
	RunID string `parquet:"run_id,dict"`
	// GameID is the game's number in the match: pair game_id/2, engine A
	// as Red when even, as Black when odd.
	GameID int64 `parquet:"game_id,delta"`
	// Red and Black name the engine on each side: "a" or "b".
	Red   string `parquet:"red,dict"`
	Black string `parquet:"black,dict"`
	// RedName and BlackName are the engines' names (an external engine's
	// id name, the built-in engine's settings).
	RedName   string `parquet:"red_name,dict"`
	BlackName string `parquet:"black_name,dict"`
	// RedTimeMS and BlackTimeMS are each side's total thinking time in
	// milliseconds as the referee measured it: a measurement, never a
	// budget (count budgets give the same games at any speed).
	RedTimeMS   int64 `parquet:"red_time_ms"`
	BlackTimeMS int64 `parquet:"black_time_ms"`
	// RedNodes and BlackNodes are each side's total nodes as the engine
	// counted them (simulations for the built-in search; 0 when an
	// external engine does not say).
	RedNodes   int64 `parquet:"red_nodes"`
	BlackNodes int64 `parquet:"black_nodes"`
	// Fault says what went wrong when an engine's fault ended the game
	// (the games row's reason is then illegal-move, crash, timeout,
	// garbage or refused); empty when the rules ended it, which the file
	// stores as NULL (fault IS NULL finds the clean games).
	Fault string `parquet:"fault,optional"`
}

// ScanMatches streams the matches table of dataset dir: one variant, or all
// of them when variant is empty, ordered by variant and game id.
func ScanMatches(dir, variant string, fn func(*MatchRow) error) error {
	return eachFile(dir, TableMatches, variant, func(f *File) error { return f.ScanMatches(fn) })
}

// ScanMatches streams the file's matches rows, as ScanGames streams
// a games file's.
func (f *File) ScanMatches(fn func(*MatchRow) error) (err error) {
	if f.Meta.Table != TableMatches {
		return fmt.Errorf("%s holds the %s table, not %s", f.Path, f.Meta.Table, TableMatches)
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%s: unreadable rows (%v)", f.Path, r)
		}
	}()
	if f.Meta.SchemaVersion == 1 {
		// The reader matches columns by name: run_id, which version 1
		// lacks, reads as "" and is filled from the footer; its fault, ''
		// for a clean game where version 2 writes NULL, reads as "" either
		// way.
		runID := f.Meta.Run.ID()
		return readRows(f, func(m *MatchRow) error {
			m.RunID = runID
			return fn(m)
		})
	}
	return readRows(f, fn)
}

// readRows reads every row of f as a T, whose columns parquet-go matches to
// the file's by name.
func readRows[T any](f *File, fn func(*T) error) error {
	r := parquet.NewGenericReader[T](f.pf)
	defer r.Close()
	buf := make([]T, 256)
	for {
		n, rerr := r.Read(buf)
		for i := 0; i < n; i++ {
			if err := fn(&buf[i]); err != nil {
				return err
			}
		}
		if errors.Is(rerr, io.EOF) {
			return nil
		}
		if rerr != nil {
			return fmt.Errorf("%s: %w", f.Path, rerr)
		}
	}
}
