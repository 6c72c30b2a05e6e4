package fit

import (
	"context"
	"fmt"
	"math"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/rules"
)

// The value targets a training loop needs, besides the game result and
// the blend of FitOptions.Blend: TDSource turns each game's root values and
// result into TD(λ) returns, and SpreadScale calibrates a fitted value's
// scale.

// TDSource is a Source whose samples carry, in RootValue, the TD(λ) return of
// their position instead of the search's root value; fitting it with
// FitOptions.Blend = 1 fits the λ-returns, and a Blend below 1 mixes them
// with the result. Along a game of positions 0..T-1 (root values v, results
// z, all for the side to move), the return is, from the last position back,
//
//	g(T-1) = z(T-1),  g(t) = -(1-λ)·v(t+1) - λ·g(t+1),
//
// the signs flipping because the side to move alternates: λ = 1 gives the
// result, λ = 0 the next position's root value (one-step TD), and between
// the two an exponentially weighted mix of every later root value and the
// result, as in TD-Gammon and KnightCap's TDLeaf. Src's samples of a game
// must come one after another in ply order, as a dataset's do; a game's
// samples are buffered, so memory grows with the longest game only.
type TDSource struct {
	Src    Source
	Lambda float64
}

// Scan calls fn for Src's samples with their λ-returns; it reads the
// targets whatever fields asks for.
func (s TDSource) Scan(ctx context.Context, fields Fields, fn func(*Sample) error) error {
	if !(s.Lambda >= 0 && s.Lambda <= 1) {
		return fmt.Errorf("td lambda %v out of range 0..1", s.Lambda)
	}
	var game []Sample
	values := make([]float64, 0, 256)
	emit := func() error {
		n := len(game)
		values = values[:0]
		for i := range game {
			v := game[i].RootValue
			if !(v >= -1 && v <= 1) {
				return fmt.Errorf("game %d: root value %v out of range -1..1, needed by the td target", game[i].GameID, v)
			}
			values = append(values, v)
		}
		g := game[n-1].Result
		game[n-1].RootValue = g
		for t := n - 2; t >= 0; t-- {
			g = -(1-s.Lambda)*values[t+1] - s.Lambda*g
			game[t].RootValue = g
		}
		for i := range game {
			if err := fn(&game[i]); err != nil {
				return err
			}
		}
		game = game[:0]
		return nil
	}
	err := s.Src.Scan(ctx, fields|WithTargets, func(r *Sample) error {
		if len(game) > 0 && game[0].GameID != r.GameID {
			if err := emit(); err != nil {
				return err
			}
		}
		game = appendSample(game, r)
		return nil
	})
	if err != nil {
		return err
	}
	if len(game) > 0 {
		return emit()
	}
	return nil
}

// appendSample appends a copy of r to buf, its slices copied into the
// arrays of the sample it replaces, which the source reuses.
func appendSample(buf []Sample, r *Sample) []Sample {
	n := len(buf)
	if n < cap(buf) {
		buf = buf[:n+1]
	} else {
		buf = append(buf, Sample{})
	}
	s := &buf[n]
	policy, moves := s.Policy, s.Moves
	*s = *r
	if r.Policy != nil {
		s.Policy = append(policy[:0], r.Policy...)
	}
	if r.Moves != nil {
		s.Moves = append(moves[:0], r.Moves...)
	}
	return buf
}

// SpreadScale returns the factor s by which to multiply l's weights so that
// its values on the training rows of src (the games InHoldout with seed and
// frac leaves in) spread as widely as the results: the standard deviation
// of the score s·w·x equals that of the result (for Logistic, whose value
// tanh(z/2) is about z/2, twice the result's). A least-squares value is
// flatter than the results it predicts by the share of their variance it
// cannot explain, and the search reads a flat value as a near draw
// everywhere, as if its exploration constant were larger; the scale undoes
// that.
func SpreadScale(ctx context.Context, src Source, l *eval.Linear, seed uint64, frac float64) (float64, error) {
	var x eval.Vector
	score := func(red, black rules.Bitboard, side rules.Color, noCapture int) float64 {
		eval.ExtractBoards(&x, red, black, side, noCapture)
		return l.Score(&x)
	}
	return spreadScale(ctx, src, score, l.Model() == eval.Logistic, seed, frac)
}

// spreadScale is SpreadScale for any score of a position; logistic says
// that the value is tanh(score/2).
func spreadScale(ctx context.Context, src Source, score func(red, black rules.Bitboard, side rules.Color, noCapture int) float64, logistic bool, seed uint64, frac float64) (float64, error) {
	var n, sz, szz, sy, syy float64
	err := src.Scan(ctx, WithTargets, func(r *Sample) error {
		if InHoldout(r.GameID, seed, frac) {
			return nil
		}
		z := score(r.Red, r.Black, r.Side, r.NoCapture)
		y := r.Result
		if logistic {
			y *= 2
		}
		n++
		sz, szz, sy, syy = sz+z, szz+z*z, sy+y, syy+y*y
		return nil
	})
	if err != nil {
		return 0, err
	}
	if n < 2 {
		return 0, fmt.Errorf("value scale: %w", errNoRows)
	}
	vz, vy := szz/n-(sz/n)*(sz/n), syy/n-(sy/n)*(sy/n)
	if !(vz > 1e-12) {
		return 1, nil
	}
	return math.Sqrt(vy / vz), nil
}
