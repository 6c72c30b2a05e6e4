package fit

import (
	"context"
	"fmt"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/rules"
)

// Sample is one searched position as every fit reads it: the position,
// the targets of the value fits (the game's result, the search's value)
// and the target of the prior's fit (the search's visit counts over the
// position's legal moves). A Source fills what a fit asks for (Fields);
// the rest keeps its zero value.
type Sample struct {
	// The position: its pieces, side to move and plies without a capture;
	// GameID identifies its game (the held-out split is by game). For
	// Alquerque (FitAlquerquePatterns) Red and Black hold the first and
	// the second player's pieces, White's and Black's (alquerque.Bitboard
	// values), and Side is White 0 or Black 1: the fits' sources, splits,
	// targets and windows serve both games unchanged. WithPolicy is
	// Surakarta's only.
	Red, Black rules.Bitboard
	Side       rules.Color
	NoCapture  int
	GameID     int64
	// Result is the game's result for the side to move: +1, 0 or -1.
	// RootValue is the search's value of the position for the side to
	// move, in [-1, 1]; only a blended target (FitOptions.Blend) reads it.
	// Both are read with WithTargets.
	Result    float64
	RootValue float64
	// Ply is the position's ply in its game, Policy the search's visit
	// count per root move (dataset.PositionRow.Policy), whose shares are
	// the prior's target; Pos is the position as the rules core holds it
	// and Moves its legal moves (rules.Position.GenerateMoves), made once
	// as the sample is read. All are read with WithPolicy.
	Ply    int
	Policy []dataset.PolicyEntry
	Pos    rules.Position
	Moves  []rules.Move
}

// Fields say which of a Sample's fields a fit reads beyond the position
// and game id: a dataset reads only their columns.
type Fields uint8

const (
	// WithTargets asks for Result and RootValue.
	WithTargets Fields = 1 << iota
	// WithPolicy asks for Ply, Policy, Pos and Moves.
	WithPolicy
)

// readPosition makes Pos and Moves from the position fields of a sample
// held in memory (a dataset's row makes its own: PositionRow.Position).
func (s *Sample) readPosition() error {
	p, err := rules.NewPosition(s.Red, s.Black, s.Side, s.NoCapture, 1)
	if err != nil {
		return fmt.Errorf("game %d ply %d: %w", s.GameID, s.Ply, err)
	}
	s.setPosition(p)
	return nil
}

// setPosition sets Pos to p and Moves to its legal moves, reusing Moves'
// array.
func (s *Sample) setPosition(p rules.Position) {
	s.Pos = p
	s.Moves = p.GenerateMoves(s.Moves[:0])
}

// Source streams samples for fitting. Scan calls fn for every sample with
// at least the fields asked for, the samples of a game one after another,
// and may be called more than once: each call must yield the same samples
// in the same order. The *Sample, and its slices, are reused after fn
// returns. An error from fn ends the scan and is returned.
type Source interface {
	Scan(ctx context.Context, fields Fields, fn func(*Sample) error) error
}

// Samples is a Source over samples held in memory: their positions,
// targets and policies (Pos and Moves are made as they are scanned).
type Samples []Sample

// Scan calls fn for each sample in order; the *Sample is a copy, reused,
// of the fields asked for (the position and targets always).
func (s Samples) Scan(ctx context.Context, fields Fields, fn func(*Sample) error) error {
	var r Sample
	for i := range s {
		if i&4095 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		// Field by field, the fields asked for: the value fits' scans
		// copy no more than the rows they read.
		e := &s[i]
		r.Red, r.Black, r.Side, r.NoCapture, r.GameID = e.Red, e.Black, e.Side, e.NoCapture, e.GameID
		r.Result, r.RootValue = e.Result, e.RootValue
		if fields&WithPolicy != 0 {
			r.Ply, r.Policy = e.Ply, e.Policy
			if err := r.readPosition(); err != nil {
				return err
			}
		}
		if err := fn(&r); err != nil {
			return err
		}
	}
	return nil
}

// Sources is a Source over several sources, one after another: a fit on a
// window of datasets. Game ids may repeat across them; the held-out split,
// by game id, then puts a game and its namesakes on the same side.
type Sources []Source

// Scan scans each source in order.
func (s Sources) Scan(ctx context.Context, fields Fields, fn func(*Sample) error) error {
	for _, src := range s {
		if err := src.Scan(ctx, fields, fn); err != nil {
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
func (c *splitCounts) add(ctx context.Context, r *Sample, seed uint64, frac float64) (bool, error) {
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
