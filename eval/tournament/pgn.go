package tournament

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/eval/match"
	"github.com/surakarta/surakarta/internal/base/atomicfile"
	"github.com/surakarta/surakarta/internal/base/setting"
)

// WritePGN prints the games of the tournament recorded in dir, pairing
// after pairing in the order they are played, each pairing's games as
// match pgn prints a match's (arena.WriteDirPGN), and returns how many
// pairings it found recorded. A pairing without games yet is skipped.
func WritePGN(w io.Writer, dir string) (int, error) {
	var s settingsFile
	if err := atomicfile.ReadJSON(filepath.Join(dir, SettingsFile), &s); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return 0, setting.Errorf("no tournament in %s (no %s): write one with %s", dir, SettingsFile, setting.Line{setting.Cmd("tournament"), setting.Set("out", dir)})
		}
		return 0, fmt.Errorf("reading %s's settings: %w", dir, err)
	}
	found := 0
	for _, p := range Pairings(len(s.Engines), s.Schedule == Schedule(true)) {
		pd := filepath.Join(dir, p.Dir())
		if has, err := hasGames(pd); err != nil {
			return found, err
		} else if !has {
			continue // not begun, or claimed by an interrupted run before its first pair
		}
		if _, err := arena.WriteDirPGN(w, pd, "", nil, match.PGNWriters()); err != nil {
			return found, fmt.Errorf("%s: %w", pd, err)
		}
		found++
	}
	return found, nil
}

// hasGames reports whether the pairing directory dir holds a recorded
// game: it exists and a variant's games table has a part.
func hasGames(dir string) (bool, error) {
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	vs, err := dataset.Variants(dir)
	if err != nil {
		return false, err
	}
	for _, v := range vs {
		parts, err := filepath.Glob(filepath.Join(dataset.PartitionDir(dir, dataset.TableGames, v), "part-*.parquet"))
		if err != nil || len(parts) > 0 {
			return len(parts) > 0, err
		}
	}
	return false, nil
}
