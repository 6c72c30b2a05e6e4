package eval_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/internal/testing/testgames"
	"github.com/surakarta/surakarta/rules"
)

// naiveMoveFeatures computes the move features of m in p the slow way: the
// position features (Extract, tested against its own reference) of p and of
// the position m leads to, read from the mover's side, and the rules
// package's attack sets.
func naiveMoveFeatures(p rules.Position, m rules.Move) eval.MoveVector {
	var before, after eval.Vector
	eval.ExtractVector(&before, &p)
	q := p.Apply(m)
	eval.ExtractVector(&after, &q) // for the opponent: own and opp swap
	us := p.SideToMove()
	from, to := m.From().Bit(), m.To().Bit()
	cls := func(b rules.Bitboard) [4]float32 {
		in, out := rules.OnCircuit(rules.Inner)&b != 0, rules.OnCircuit(rules.Outer)&b != 0
		return [4]float32{f32(in && !out), f32(out && !in), f32(in && out), f32(!in && !out)}
	}
	double := func(b rules.Bitboard) float32 {
		for c := rules.Inner; c <= rules.Outer; c++ {
			n := 0
			for i := 0; i < rules.TrackLen; i++ {
				if rules.TrackSquare(c, i).Bit() == b {
					n++
				}
			}
			if n == 2 {
				return 1
			}
		}
		return 0
	}
	capf := f32(m.IsCapture())
	lands := q.Attacked(us.Other())&to != 0
	fc, tc := cls(from), cls(to)
	var v eval.MoveVector
	v[eval.MoveCapture] = capf
	v[eval.MoveRecapturable] = f32(m.IsCapture() && lands)
	v[eval.MoveCaptureXClock] = capf * float32(min(p.NoCapturePlies(), 50)) / 50
	v[eval.MoveTakesInner], v[eval.MoveTakesOuter], v[eval.MoveTakesBoth] = capf*tc[0], capf*tc[1], capf*tc[2]
	copy(v[eval.MoveFromInner:eval.MoveFromCorner+1], fc[:])
	copy(v[eval.MoveToInner:eval.MoveToCorner+1], tc[:])
	v[eval.MoveFromDouble], v[eval.MoveToDouble] = double(from), double(to)
	v[eval.MoveFromAttacked] = f32(p.Attacked(us.Other())&from != 0)
	v[eval.MoveLandsAttacked] = f32(lands)
	v[eval.MoveThreatsOwnDelta] = float32(after[eval.AttacksOpp] - before[eval.AttacksOwn])
	v[eval.MoveThreatsOppDelta] = float32(after[eval.AttacksOwn] - before[eval.AttacksOpp])
	v[eval.MoveLoopsOwnDelta] = float32(after[eval.LoopsOpp] - before[eval.LoopsOwn])
	v[eval.MoveLoopsOppDelta] = float32(after[eval.LoopsOwn] - before[eval.LoopsOpp])
	v[eval.MoveMobilityOwnDelta] = float32(after[eval.MobilityOpp] - before[eval.MobilityOwn])
	v[eval.MoveMobilityOppDelta] = float32(after[eval.MobilityOwn] - before[eval.MobilityOpp])
	return v
}

func f32(b bool) float32 {
	if b {
		return 1
	}
	return 0
}

// TestMoveFeaturesMatchNaive compares every move feature of every legal
// move with the slow reference on random-game, capture-heavy, random and
// sparse positions.
func TestMoveFeaturesMatchNaive(t *testing.T) {
	var buf [rules.MaxMoves]rules.Move
	for _, p := range featureTestPositions(5, 800) {
		c := eval.NewMoveContext(&p)
		for _, m := range p.GenerateMoves(buf[:0]) {
			var got eval.MoveVector
			c.Features(&got, m)
			if want := naiveMoveFeatures(p, m); got != want {
				names := eval.MoveNames()
				for i := range got {
					if got[i] != want[i] {
						t.Errorf("%s %s: %s = %v, want %v", p.FEN(), m, names[i], got[i], want[i])
					}
				}
				t.FailNow()
			}
		}
	}
}

// TestMoveFeaturesAreColourSymmetric checks that a move's features do not
// depend on which colour moves or on the board's mirror images: the same
// move in the position turned round (or flipped) with the colours swapped,
// or mirrored a<->f, has the same features.
func TestMoveFeaturesAreColourSymmetric(t *testing.T) {
	var buf [rules.MaxMoves]rules.Move
	for _, p := range featureTestPositions(6, 300) {
		c := eval.NewMoveContext(&p)
		for _, sym := range rules.Symmetries {
			q := sym.Position(&p)
			cq := eval.NewMoveContext(&q)
			for _, m := range p.GenerateMoves(buf[:0]) {
				mq := sym.Move(m)
				if !q.IsLegal(mq) {
					t.Fatalf("%v: %s is not legal in %s", sym, mq, q.FEN())
				}
				var v, w eval.MoveVector
				c.Features(&v, m)
				cq.Features(&w, mq)
				if v != w {
					t.Fatalf("%v: %s %s has features\n%v\nbut %s %s has\n%v", sym, p.FEN(), m, v, q.FEN(), mq, w)
				}
			}
		}
	}
}

// TestPriorFill checks that the prior is a distribution over the moves,
// uniform with zero weights, and favours captures with a capture weight.
func TestPriorFill(t *testing.T) {
	p := testgames.Position(t, testgames.Middlegame)
	moves := p.GenerateMoves(nil)
	dst := make([]float32, len(moves))
	eval.NewPrior([eval.NumMoveFeatures]float64{}).Fill(&p, moves, dst)
	for j, x := range dst {
		if math.Abs(float64(x)-1/float64(len(moves))) > 1e-6 {
			t.Fatalf("zero weights: prior of %s is %v, want uniform %v", moves[j], x, 1/float64(len(moves)))
		}
	}
	var w [eval.NumMoveFeatures]float64
	w[eval.MoveCapture] = math.Log(10)
	eval.NewPrior(w).Fill(&p, moves, dst)
	var sum float64
	var capP, quietP float32
	for j, m := range moves {
		sum += float64(dst[j])
		if m.IsCapture() {
			capP = dst[j]
		} else {
			quietP = dst[j]
		}
	}
	if math.Abs(sum-1) > 1e-5 {
		t.Fatalf("priors sum to %v, want 1", sum)
	}
	if r := capP / quietP; math.Abs(float64(r)-10) > 1e-3 {
		t.Fatalf("capture weight log 10: capture/quiet prior ratio %v, want 10", r)
	}
}

func TestPriorFillDoesNotAllocate(t *testing.T) {
	p := testgames.Position(t, testgames.Middlegame)
	moves := p.GenerateMoves(nil)
	dst := make([]float32, len(moves))
	var w [eval.NumMoveFeatures]float64
	w[eval.MoveCapture], w[eval.MoveLandsAttacked] = 1, -1
	pr := eval.NewPrior(w)
	ev := &eval.WithPrior{Value: eval.NewLinear(eval.Ridge, eval.Vector{eval.Material: 0.1}), Prior: pr}
	if n := testing.AllocsPerRun(100, func() { ev.Evaluate(&p, moves, dst) }); n != 0 {
		t.Fatalf("WithPrior.Evaluate allocates %v times per call", n)
	}
}

// TestPriorFillMatchesFeatureScores checks that Fill's fused scoring gives
// the softmax of Score over the features MoveContext.Features builds, the
// features the fit sees, with random weights on many positions.
func TestPriorFillMatchesFeatureScores(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	var buf [rules.MaxMoves]rules.Move
	var got [rules.MaxMoves]float32
	for i, p := range featureTestPositions(9, 200) {
		var w [eval.NumMoveFeatures]float64
		for f := range w {
			w[f] = rng.NormFloat64() * float64(i%3)
		}
		pr := eval.NewPrior(w)
		moves := p.GenerateMoves(buf[:0])
		if len(moves) == 0 {
			continue
		}
		pr.Fill(&p, moves, got[:])
		c := eval.NewMoveContext(&p)
		scores := make([]float64, len(moves))
		best := math.Inf(-1)
		for j, m := range moves {
			var x eval.MoveVector
			c.Features(&x, m)
			scores[j] = float64(pr.Score(&x))
			best = max(best, scores[j])
		}
		var sum float64
		for _, z := range scores {
			sum += math.Exp(z - best)
		}
		for j, z := range scores {
			if want := math.Exp(z-best) / sum; math.Abs(float64(got[j])-want) > 1e-4 {
				t.Fatalf("%s %s: prior %v, softmax of the feature scores %v", p.FEN(), moves[j], got[j], want)
			}
		}
	}
}
