package eval_test

import (
	"crypto/sha256"
	"encoding/binary"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/internal/testing/testgames"
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
		p := testgames.Position(t, tc.fen)
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

// TestFeaturesRespectBoardSymmetry checks that the features, being for the
// side to move, do not change under the board's symmetries (rules.Symmetry:
// the mirror a<->f, the turn-round with colours swapped, the flip 1<->6
// with colours swapped, each mapping the circuits onto themselves), except
// red_to_move, the one feature that knows the colour on purpose, which
// changes sign when the colours swap: a colour-blind model (FitOptions.
// ColorBlind) is therefore exactly symmetric. The positions are those of the
// digest: random games (captures, endgames) and random boards. A feature
// that read one side's pieces for the other, or a table off by one track
// position, would break this.
func TestFeaturesRespectBoardSymmetry(t *testing.T) {
	for _, p := range featureTestPositions(3, 1500) {
		var v, w eval.Vector
		eval.ExtractVector(&v, &p)
		for _, sym := range rules.Symmetries {
			q := sym.Position(&p)
			eval.ExtractVector(&w, &q)
			want := v
			if sym.SwapsColors() {
				want[eval.RedToMove] = -want[eval.RedToMove]
			}
			if w != want {
				t.Fatalf("%v: %s\n%v\n%s\n%v", sym, p.FEN(), v, q.FEN(), w)
			}
		}
	}
}

func TestExtractDoesNotAllocate(t *testing.T) {
	p := testgames.Position(t, testgames.Middlegame)
	dst := make([]float64, 0, eval.NumFeatures)
	if n := testing.AllocsPerRun(100, func() { dst = eval.Extract(dst, &p) }); n != 0 {
		t.Fatalf("Extract allocates %v times per call", n)
	}
}

// TestNamesAreUniqueAndDocumented: every position feature and every move
// feature has a name of its own and a meaning, one per index.
func TestNamesAreUniqueAndDocumented(t *testing.T) {
	for _, set := range []struct {
		what     string
		features []eval.Feature
		n        int
	}{
		{"feature", eval.Features(), eval.NumFeatures},
		{"move feature", eval.MoveFeatures(), eval.NumMoveFeatures},
	} {
		seen := map[string]bool{}
		for _, f := range set.features {
			if f.Name == "" || f.Meaning == "" || seen[f.Name] {
				t.Fatalf("%s %+v: empty or repeated", set.what, f)
			}
			seen[f.Name] = true
		}
		if len(seen) != set.n {
			t.Fatalf("%d names for %d %ss", len(seen), set.n, set.what)
		}
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

// naiveFeatures computes the feature vector of p the slow way, from the
// rules package's per-piece queries and by playing captures, sharing no
// code with the extractor: the reference that TestFeaturesMatchNaive
// compares Extract with.
func naiveFeatures(p rules.Position) eval.Vector {
	var v eval.Vector
	us := p.SideToMove()
	them := us.Other()
	own, opp := p.Pieces(us), p.Pieces(them)
	nOwn, nOpp := own.Count(), opp.Count()
	material := float64(nOwn - nOpp)
	phase := float64(nOwn+nOpp) / 24
	clock := float64(min(p.NoCapturePlies(), eval.ClockScale)) / eval.ClockScale
	v[eval.Bias] = 1
	v[eval.RedToMove] = 1
	if us == rules.Black {
		v[eval.RedToMove] = -1
	}
	v[eval.Material] = material
	v[eval.Phase] = phase
	v[eval.MaterialXPhase] = material * phase
	v[eval.MaterialXClock] = material*clock + 0
	// Track positions of every square, per circuit.
	var visits [2][rules.NumSquares][]int
	for c := rules.Inner; c <= rules.Outer; c++ {
		for i := 0; i < rules.TrackLen; i++ {
			s := rules.TrackSquare(c, i)
			visits[c][s] = append(visits[c][s], i)
		}
	}
	occupied := func(c rules.Circuit, i int) (rules.Color, bool) {
		return p.At(rules.TrackSquare(c, i))
	}
	side := func(col rules.Color, ownIdx, oppIdx int) int {
		if col == us {
			return ownIdx
		}
		return oppIdx
	}
	for s := rules.Square(0); s < rules.NumSquares; s++ {
		col, ok := p.At(s)
		if !ok {
			continue
		}
		in, out := len(visits[rules.Inner][s]) > 0, len(visits[rules.Outer][s]) > 0
		switch {
		case in && out:
			v[side(col, eval.BothOwn, eval.BothOpp)]++
		case in:
			v[side(col, eval.InnerOwn, eval.InnerOpp)]++
		case out:
			v[side(col, eval.OuterOwn, eval.OuterOpp)]++
		default:
			v[side(col, eval.CornerOwn, eval.CornerOpp)]++
		}
		if len(visits[rules.Inner][s]) == 2 || len(visits[rules.Outer][s]) == 2 {
			v[side(col, eval.DoubleOwn, eval.DoubleOpp)]++
		}
		quiet := (rules.Neighbours(s) &^ p.Occupied()).Count()
		v[side(col, eval.MobilityOwn, eval.MobilityOpp)] += float64(quiet)
		// blocked: a circuit piece none of whose track positions has a
		// clear run to either end of its segment.
		if in || out {
			clear := false
			for c := rules.Inner; c <= rules.Outer; c++ {
				for _, i := range visits[c][s] {
					k := i / 6
					up, down := true, true
					for j := i + 1; j < 6*k+6; j++ {
						if _, ok := occupied(c, j); ok {
							up = false
						}
					}
					for j := 6 * k; j < i; j++ {
						if _, ok := occupied(c, j); ok {
							down = false
						}
					}
					clear = clear || up || down
				}
			}
			if !clear {
				v[side(col, eval.BlockedOwn, eval.BlockedOpp)]++
			}
		}
	}
	// attacks: the union of every piece's capture targets.
	var attacked [2]rules.Bitboard
	for s := rules.Square(0); s < rules.NumSquares; s++ {
		if col, ok := p.At(s); ok {
			attacked[col] |= p.CaptureTargets(s)
		}
	}
	v[eval.AttacksOwn] = float64(attacked[us].Count())
	v[eval.AttacksOpp] = float64(attacked[them].Count())
	v[eval.DefendedOwn] = float64(defendedByPlaying(p, us))
	v[eval.DefendedOpp] = float64(defendedByPlaying(p, them))
	// loop ends: from each end of each segment, the nearest piece.
	for c := rules.Inner; c <= rules.Outer; c++ {
		for k := 0; k < 4; k++ {
			for _, dir := range []int{1, -1} {
				i := 6 * k
				if dir < 0 {
					i = 6*k + 5
				}
				for ; i >= 6*k && i < 6*k+6; i += dir {
					if col, ok := occupied(c, i); ok {
						v[side(col, eval.LoopsOwn, eval.LoopsOpp)]++
						break
					}
				}
			}
		}
	}
	return v
}

// defendedByPlaying counts the pieces of c that c's opponent can capture
// and that c can capture back on that point after every such capture,
// found by playing each capture and generating the replies.
func defendedByPlaying(p rules.Position, c rules.Color) int {
	attacker := p.WithSideToMove(c.Other())
	var buf, buf2 [rules.MaxMoves]rules.Move
	var attacked, undefended rules.Bitboard
	for _, m := range attacker.GenerateCaptures(buf[:0]) {
		attacked |= m.To().Bit()
		after := attacker.Apply(m)
		back := false
		for _, r := range after.GenerateCaptures(buf2[:0]) {
			back = back || r.To() == m.To()
		}
		if !back {
			undefended |= m.To().Bit()
		}
	}
	return (attacked &^ undefended).Count()
}

// featureTestPositions returns n positions of each of four kinds, all
// seeded: every position of uniformly random games, of capture-greedy
// random games (captures taken with probability 0.8: many threats and
// recaptures), random boards of 0..12 pieces a side, and sparse random
// boards of 1..4 pieces a side (endgames, lone pieces on a circuit).
func featureTestPositions(seed uint64, n int) []rules.Position {
	rng := rand.New(rand.NewPCG(seed, 77))
	out := gamePositions(seed, n)
	var buf, cbuf [rules.MaxMoves]rules.Move
	for start := len(out); len(out) < start+n; {
		g, err := rules.NewGame(rules.DefaultRules(), rules.Start())
		if err != nil {
			panic(err)
		}
		for !g.IsTerminal() && len(out) < start+n {
			p := g.Position()
			out = append(out, p)
			moves, caps := squareOrder(&p, buf[:0], cbuf[:0])
			m := moves[rng.IntN(len(moves))]
			if len(caps) > 0 && rng.Float64() < 0.8 {
				m = caps[rng.IntN(len(caps))]
			}
			if err := g.Play(m); err != nil {
				panic(err)
			}
		}
	}
	for _, most := range []int{12, 4} {
		counts := func() (int, int) { return rng.IntN(most + 1), rng.IntN(most + 1) }
		if most == 4 {
			// 1..4 a side. The two draws of 0..4 before them are kept so
			// that the positions stay those the tests were written with.
			counts = func() (int, int) {
				rng.IntN(most + 1)
				rng.IntN(most + 1)
				return 1 + rng.IntN(most), 1 + rng.IntN(most)
			}
		}
		for i := 0; i < n; i++ {
			out = append(out, eval.RandomBoard(rng, counts, 70))
		}
	}
	return out
}

// TestFeaturesMatchNaive compares every feature of Extract with the naive
// reference on random-game, capture-heavy, random and sparse positions: a
// fast path that miscounted a threat, a recapture, a loop end or a blocked
// piece in any of them would show here.
func TestFeaturesMatchNaive(t *testing.T) {
	n := 20000
	if testing.Short() {
		n = 3000
	}
	names := eval.Names()
	var defended, attacked int
	for _, p := range featureTestPositions(11, n) {
		var got eval.Vector
		eval.ExtractVector(&got, &p)
		want := naiveFeatures(p)
		if got != want {
			for i := range got {
				if got[i] != want[i] {
					t.Errorf("%s: %s = %v, naive reference %v", p.FEN(), names[i], got[i], want[i])
				}
			}
			t.FailNow()
		}
		if want[eval.DefendedOwn]+want[eval.DefendedOpp] > 0 {
			defended++
		}
		if want[eval.AttacksOwn]+want[eval.AttacksOpp] > 0 {
			attacked++
		}
	}
	t.Logf("%d positions with a threat, %d with a defended piece", attacked, defended)
	if defended < n/4 || attacked < n {
		t.Fatalf("only %d positions with a defended piece and %d with a threat in %d: the test exercises too little", defended, attacked, 4*n)
	}
}

var updateGolden = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestFeatureDigest pins the feature vectors of 20,000 seeded positions (the
// mix of featureTestPositions) by a SHA-256 of their float64 bits: weights
// files fitted for FeatureSetVersion 1 rely on these exact values, so a
// change to any feature of any position fails here. Run with -update only
// when the feature set is deliberately redefined (and its version bumped).
func TestFeatureDigest(t *testing.T) {
	h := sha256.New()
	var v eval.Vector
	var b [8 * eval.NumFeatures]byte
	for _, p := range featureTestPositions(5, 5000) {
		eval.ExtractVector(&v, &p)
		for i, x := range v {
			binary.LittleEndian.PutUint64(b[8*i:], math.Float64bits(x))
		}
		h.Write(b[:])
	}
	got := fmt.Sprintf("feature set version %d: %x\n", eval.FeatureSetVersion, h.Sum(nil))
	path := filepath.Join("testdata", "features.digest")
	if *updateGolden {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run TestFeatureDigest -update once to create it)", err)
	}
	if got != string(want) {
		t.Fatalf("feature vectors changed:\n got %s want %s", got, want)
	}
}

// TestFeaturesOfNamesEveryFeatureInOrder: the features command's object
// has every feature, named and explained, with Extract's values.
func TestFeaturesOfNamesEveryFeatureInOrder(t *testing.T) {
	p := rules.Start()
	pf := eval.FeaturesOf(&p)
	x := eval.Extract(nil, &p)
	if len(pf.Features) != len(eval.Features()) || pf.FEN != p.FEN() || pf.FeatureSetVersion != eval.FeatureSetVersion {
		t.Fatalf("%+v", pf)
	}
	for i, f := range pf.Features {
		if f.Name != eval.Features()[i].Name || f.Value != x[i] || f.Meaning == "" {
			t.Errorf("feature %d: %+v", i, f)
		}
	}
	var b strings.Builder
	if err := pf.WriteText(&b); err != nil || strings.Count(b.String(), "\n") != 1+len(pf.Features) {
		t.Errorf("text (%v):\n%s", err, b.String())
	}
}
