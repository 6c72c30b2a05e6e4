package eval_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/rules"
)

// Hand-built positions; the expected values in TestFeatureValues were worked
// out by hand from RULES.md (track positions: inner a2..f2 = 0..5, e1..e6 =
// 6..11, f5..a5 = 12..17, b6..b1 = 18..23; outer the same with rank 3, file
// d, rank 4, file c).
const (
	// classes: Black to move with 9 pieces against 6.
	//   black (own): b2 a5 (inner only; b2 double), c3 (outer only, double),
	//   c5 b4 e3 (both circuits), a6 f6 a1 (corners);
	//   red (opp): e1 (inner only), d1 f3 d4 (outer only; d4 double),
	//   e4 (both), f1 (corner).
	classes = "b4b/b1b3/1b1rr1/2b1br/1b4/b2rrr b 0 1"
	// classesClock is classes 20 plies into the no-capture count.
	classesClock = "b4b/b1b3/1b1rr1/2b1br/1b4/b2rrr b 20 1"
	// classesLate is classes past the clock scale: the clock saturates.
	classesLate = "b4b/b1b3/1b1rr1/2b1br/1b4/b2rrr b 70 1"
	// mobility: red a1 (to a2, b2) and b1 (to c1, a2, b2, c2): 6 quiet
	// moves; black f1 (to e1, e2, f2): 3.
	mobility = "6/6/6/6/6/rr3b r 0 1"
	// threats: red a2 (inner 0) captures b1 (inner 23) backward through the
	// bottom-left loop and e1 (inner 6) forward through the bottom-right
	// loop; both black pieces capture a2. After a2xb1, e1 walks backward
	// through the emptied a2 and the bottom-left loop to b1: recaptured;
	// after a2xe1, b1 walks forward through a2 and the bottom-right loop to
	// e1: recaptured. After either black capture of a2 Red has no piece
	// left. Loop ends: rank 2 has only a2 (both ends red), file e only e1
	// and file b only b1 (both ends black each); the outer circuit is empty.
	threats      = "6/6/6/6/r5/1b2b1 r 0 1"
	threatsBlack = "6/6/6/6/r5/1b2b1 b 0 1"
	// blocked: red b3 stands between b4 and b2 on file b (inner 20, 21, 22)
	// and between a3 and c3 on rank 3 (outer 0, 1, 2): no clear path to a
	// loop. Each black piece is first or last on some segment.
	blocked      = "6/6/1b4/brb3/1b4/6 r 0 1"
	blockedBlack = "6/6/1b4/brb3/1b4/6 b 0 1"
)

func TestFeatureValues(t *testing.T) {
	tests := []struct {
		fen     string
		feature int
		want    float64
	}{
		{rules.StartFEN, eval.Bias, 1},
		{rules.StartFEN, eval.RedToMove, 1},
		{classes, eval.RedToMove, -1},
		{classes, eval.Material, 3},
		{classes, eval.Phase, 15.0 / 24},
		{classes, eval.MaterialXPhase, 3 * 15.0 / 24},
		{classes, eval.MaterialXClock, 0},
		{classesClock, eval.MaterialXClock, 3 * 20.0 / 50},
		{classesLate, eval.MaterialXClock, 3},
		{classes, eval.InnerOwn, 2},
		{classes, eval.InnerOpp, 1},
		{classes, eval.OuterOwn, 1},
		{classes, eval.OuterOpp, 3},
		{classes, eval.BothOwn, 3},
		{classes, eval.BothOpp, 1},
		{classes, eval.CornerOwn, 3},
		{classes, eval.CornerOpp, 1},
		{classes, eval.DoubleOwn, 2},
		{classes, eval.DoubleOpp, 1},
		{mobility, eval.MobilityOwn, 6},
		{mobility, eval.MobilityOpp, 3},
		{threats, eval.AttacksOwn, 2},
		{threats, eval.AttacksOpp, 1},
		{threats, eval.DefendedOwn, 0},
		{threats, eval.DefendedOpp, 2},
		{threatsBlack, eval.DefendedOwn, 2},
		{threatsBlack, eval.DefendedOpp, 0},
		{threats, eval.LoopsOwn, 2},
		{threats, eval.LoopsOpp, 4},
		{blocked, eval.BlockedOwn, 1},
		{blocked, eval.BlockedOpp, 0},
		{blockedBlack, eval.BlockedOwn, 0},
		{blockedBlack, eval.BlockedOpp, 1},
	}
	covered := make(map[int]bool)
	for _, tc := range tests {
		p, err := rules.ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		got := eval.Extract(nil, &p)[tc.feature]
		if math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("%s in %q = %v, worked out by hand %v", eval.Names()[tc.feature], tc.fen, got, tc.want)
		}
		covered[tc.feature] = true
	}
	for i, name := range eval.Names() {
		if !covered[i] {
			t.Errorf("feature %s has no hand-worked test", name)
		}
	}
}

// TestStartPositionFeatures pins the whole vector of the start position,
// worked out by hand: 6 inner-only, 2 outer-only, 2 both, 2 corner pieces
// and 2 double points a side; 16 quiet moves a side (rank 2 to rank 3);
// no captures; 6 loop ends each (rank 2 both ends, e1 and b1 on files e
// and b, d1 and c1 on files d and c; the mirror for Black); b2, c2, d2, e2
// are interior on both their lines, and likewise b5, c5, d5, e5.
func TestStartPositionFeatures(t *testing.T) {
	p := rules.Start()
	want := eval.Vector{1, 1, 0, 1, 0, 0, 6, 6, 2, 2, 2, 2, 2, 2, 2, 2, 16, 16, 0, 0, 0, 0, 6, 6, 4, 4}
	var got eval.Vector
	eval.ExtractVector(&got, &p)
	if got != want {
		t.Fatalf("start position features\n got %v\nwant %v", got, want)
	}
}

// transform returns p with every piece moved by f, colours swapped if swap.
func transform(p rules.Position, f func(rules.Square) rules.Square, swap bool) rules.Position {
	var b [2]rules.Bitboard
	for c := rules.Red; c <= rules.Black; c++ {
		for bb := p.Pieces(c); bb != 0; {
			s := bb.PopFirst()
			d := c
			if swap {
				d = c.Other()
			}
			b[d] |= f(s).Bit()
		}
	}
	side := p.SideToMove()
	if swap {
		side = side.Other()
	}
	q, err := rules.NewPosition(b[0], b[1], side, p.NoCapturePlies(), 1)
	if err != nil {
		panic(err)
	}
	return q
}

// TestFeaturesRespectBoardSymmetry checks that the features, being for the
// side to move, do not change under the board's symmetries: the mirror
// a<->f maps each circuit onto itself, and turning the board round with the
// colours swapped gives the same game from the other side (only
// red_to_move changes sign). A feature that read one side's pieces for the
// other, or a table off by one track position, would break this.
func TestFeaturesRespectBoardSymmetry(t *testing.T) {
	mirror := func(s rules.Square) rules.Square { return rules.MakeSquare(5-s.File(), s.Rank()) }
	rotate := func(s rules.Square) rules.Square { return 35 - s }
	flip := func(s rules.Square) rules.Square { return rules.MakeSquare(s.File(), 5-s.Rank()) }
	rng := rand.New(rand.NewPCG(3, 3))
	var buf [rules.MaxMoves]rules.Move
	for game := 0; game < 30; game++ {
		g, _ := rules.NewGame(rules.DefaultRules(), rules.Start())
		for !g.IsTerminal() {
			p := g.Position()
			var v, w eval.Vector
			eval.ExtractVector(&v, &p)
			for _, tc := range []struct {
				name string
				q    rules.Position
				sign float64
			}{
				{"mirrored a<->f", transform(p, mirror, false), 1},
				{"turned round, colours swapped", transform(p, rotate, true), -1},
				{"flipped 1<->6, colours swapped", transform(p, flip, true), -1},
			} {
				eval.ExtractVector(&w, &tc.q)
				want := v
				want[eval.RedToMove] *= tc.sign
				if w != want {
					t.Fatalf("%s: %s\n%v\n%s\n%v", tc.name, p.FEN(), v, tc.q.FEN(), w)
				}
			}
			moves := g.LegalMoves(buf[:0])
			if err := g.Play(moves[rng.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestExtractDoesNotAllocate(t *testing.T) {
	p, _ := rules.ParseFEN("1br1bb/1r3b/1b1rr1/4b1/5r/r1rbr1 b 0 31")
	dst := make([]float64, 0, eval.NumFeatures)
	if n := testing.AllocsPerRun(100, func() { dst = eval.Extract(dst, &p) }); n != 0 {
		t.Fatalf("Extract allocates %v times per call", n)
	}
}

func TestNamesAreUniqueAndDocumented(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range eval.Features() {
		if f.Name == "" || f.Meaning == "" || seen[f.Name] {
			t.Fatalf("feature %+v: empty or repeated", f)
		}
		seen[f.Name] = true
	}
	if len(seen) != eval.NumFeatures {
		t.Fatalf("%d names for %d features", len(seen), eval.NumFeatures)
	}
}

func ExampleExtract() {
	p, _ := rules.ParseFEN("6/6/6/6/r5/1b2b1 r 0 1")
	x := eval.Extract(nil, &p)
	names := eval.Names()
	for _, i := range []int{eval.Material, eval.AttacksOwn, eval.AttacksOpp, eval.DefendedOpp} {
		fmt.Printf("%s %v\n", names[i], x[i])
	}
	// Output:
	// material -1
	// attacks_own 2
	// attacks_opp 1
	// defended_opp 2
}
