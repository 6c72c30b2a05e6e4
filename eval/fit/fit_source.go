package fit

import (
	"context"
	"fmt"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/rules"
)

// Row is one position of a fitting dataset, the columns fit reads.
type Row struct {
	Red, Black rules.Bitboard
	Side       rules.Color
	NoCapture  int
	// Result is the game's result for the side to move: +1, 0 or -1.
	Result float64
	// RootValue is the search's value of the position for the side to
	// move, in [-1, 1]; only the blended target (FitOptions.Blend) reads it.
	RootValue float64
	// GameID identifies the game; the held-out split is by game.
	GameID int64
}

// Source streams rows for fitting. Scan calls fn for every row, the rows of
// a game one after another, and may be called more than once: each call
// must yield the same rows in the same order. The *Row is reused after fn
// returns. An error from fn ends the scan and is returned.
type Source interface {
	Scan(ctx context.Context, fn func(*Row) error) error
}

// RowSlice is a Source over rows held in memory.
type RowSlice []Row

// Scan calls fn for each row in order; the *Row is a copy, reused.
func (s RowSlice) Scan(ctx context.Context, fn func(*Row) error) error {
	var r Row
	for i := range s {
		if i&4095 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		r = s[i]
		if err := fn(&r); err != nil {
			return err
		}
	}
	return nil
}

// InHoldout reports whether game id falls in the held-out part of a split
// with the given seed and fraction: a SplitMix64 hash of the seed and the id,
// read as a number in [0, 1), below frac. Every position of a game falls on
// the same side, and the split does not depend on the order of the rows.
func InHoldout(id int64, seed uint64, frac float64) bool {
	h := dataset.SplitMix64(dataset.SplitMix64(seed^0x686f6c646f7574) ^ uint64(id)) // "holdout"
	return float64(h>>11)/(1<<53) < frac
}

// splitCounts counts the positions and games on each side of a holdout
// split as a scan yields the rows, a game's rows one after another.
type splitCounts struct {
	train, held         eval.Counts
	lastTrain, lastHeld int64
}

// add counts r and reports whether its game is held out (InHoldout with
// seed and frac); every 256th training game it returns ctx's error, if
// any, so that a long scan stops when asked.
func (c *splitCounts) add(ctx context.Context, r *Row, seed uint64, frac float64) (bool, error) {
	if InHoldout(r.GameID, seed, frac) {
		c.held.Positions++
		if r.GameID != c.lastHeld || c.held.Games == 0 {
			c.held.Games++
			c.lastHeld = r.GameID
		}
		return true, nil
	}
	c.train.Positions++
	if r.GameID != c.lastTrain || c.train.Games == 0 {
		c.train.Games++
		c.lastTrain = r.GameID
		if c.train.Games&255 == 0 {
			return false, ctx.Err()
		}
	}
	return false, nil
}

// usable reports why the split cannot be fitted and scored: no training
// positions, or no held-out game to score the fit on (ErrNoHeldOut, which
// the commands turn into advice on --holdout or --games).
func (c *splitCounts) usable() error {
	if c.train.Positions == 0 {
		return fmt.Errorf("%w: no training positions (%d positions held out)", errNoRows, c.held.Positions)
	}
	if c.held.Positions == 0 {
		return fmt.Errorf("%w among %d games", ErrNoHeldOut, c.train.Games)
	}
	return nil
}
