package gamestats

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/dataset/verify"
)

// ScanGames streams the games table of dataset dir (one variant, or all
// when variant is empty) as Games, in the dataset's order. The Game passed
// to fn is reused: fn must copy what it keeps. A row the statistics cannot
// read (an unknown winner, a bad start_fen) is an error naming dir and the
// game.
func ScanGames(ctx context.Context, dir, variant string, fn func(*Game) error) error {
	var g Game
	n := 0
	return dataset.ScanGames(dir, variant, func(r *dataset.GameRow) error {
		if n++; n%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if err := FromRow(&g, r); err != nil {
			return fmt.Errorf("%s: %w", dir, err)
		}
		return fn(&g)
	})
}

// AddDir scans dataset dir and adds its games under the source name.
func (c *Collector) AddDir(ctx context.Context, source, dir string) error {
	if st, err := os.Stat(dir); err != nil {
		return fmt.Errorf("dataset %s: %w", dir, errors.Unwrap(err))
	} else if !st.IsDir() {
		return fmt.Errorf("dataset %s is not a directory: give the directory that holds games/ and positions/", dir)
	}
	return ScanGames(ctx, dir, "", func(g *Game) error {
		c.Add(source, g)
		return nil
	})
}

// SourceName returns the label a dataset directory gets as a source: its
// path, cleaned, without a trailing separator.
func SourceName(dir string) string {
	return strings.TrimSuffix(filepath.Clean(dir), string(filepath.Separator))
}

// StatsOptions are the settings of Stats.
type StatsOptions struct {
	// By are the grouping fields (ParseBy); Compare adds the comparisons,
	// Pool merges the directories into one source.
	By            []string
	Compare, Pool bool
	Confidence    float64
	// AllowDamaged reads a dataset that verify.Check finds fault with,
	// with a warning on Warn; AllowMixed pools runs of different settings,
	// the result labelled mixed.
	AllowDamaged, AllowMixed bool
	Warn                     io.Writer
}

// Stats reads the games of the datasets in dirs and analyses them, as
// surakarta stats does: several directories are sources of their own
// unless pooled. It refuses datasets that would be miscounted: one given
// twice, a damaged one (verify.CheckReadable), and when pooling, datasets
// that hold the same games of one run or runs of different settings
// (verify.CheckPool).
func Stats(ctx context.Context, dirs []string, o StatsOptions) (*Result, error) {
	seen := map[string]string{}
	for _, d := range dirs {
		abs, err := filepath.Abs(d)
		if err != nil {
			return nil, err
		}
		if first, ok := seen[abs]; ok {
			return nil, fmt.Errorf("dataset %s is given twice (%s and %s): its games would count twice", abs, first, d)
		}
		seen[abs] = d
		if err := verify.CheckDir(d); err != nil {
			return nil, err
		}
		if err := verify.CheckReadable(d, o.AllowDamaged, o.Warn); err != nil {
			return nil, err
		}
	}
	var mixed []string
	if o.Pool && len(dirs) >= 2 {
		var err error
		if mixed, err = verify.CheckPool(dirs, o.AllowMixed); err != nil {
			return nil, err
		}
	}
	fields := o.By
	if len(dirs) > 1 && !o.Pool && !slices.Contains(fields, "source") {
		fields = append([]string{"source"}, fields...) // as ParseBy orders it
	}
	c := NewCollector(fields, o.Compare)
	named := slices.Contains(fields, "source")
	for _, d := range dirs {
		source := ""
		if named {
			source = SourceName(d)
		}
		if err := c.AddDir(ctx, source, d); err != nil {
			return nil, err
		}
	}
	res, err := c.Analyze(o.Confidence, o.Compare)
	if res != nil {
		res.Mixed = mixed
	}
	return res, err
}
