package eval

import (
	"math/rand/v2"
	"testing"

	"github.com/surakarta/surakarta/rules"
)

// randomBoards returns n positions with random piece sets: 0..12 pieces a
// side on distinct points, either side to move.
func randomBoards(seed uint64, n int) []rules.Position {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	out := make([]rules.Position, 0, n)
	for len(out) < n {
		out = append(out, randomBoard(rng, func() (int, int) { return rng.IntN(13), rng.IntN(13) }, 60))
	}
	return out
}

// testSize returns full, or short when the tests run with -short.
func testSize(full, short int) int {
	if testing.Short() {
		return short
	}
	return full
}

// randomBoard draws a position from rng: a random order of the points,
// then the piece counts from counts (Red's first), the pieces on the first
// points of that order, the side to move, and a no-capture count below
// noCaptureBelow.
func randomBoard(rng *rand.Rand, counts func() (red, black int), noCaptureBelow int) rules.Position {
	var b [2]rules.Bitboard
	perm := rng.Perm(rules.NumSquares)
	nr, nb := counts()
	for i, s := range perm[:nr+nb] {
		side := 0
		if i >= nr {
			side = 1
		}
		b[side] |= rules.Square(s).Bit()
	}
	p, err := rules.NewPosition(b[0], b[1], rules.Color(rng.IntN(2)), rng.IntN(noCaptureBelow), 1)
	if err != nil {
		panic(err)
	}
	return p
}

// TestScanMatchesRulesCaptureTargets checks the segment-gap capture relation
// against the rules package's route walking: if they differed, every
// threat feature would count the wrong pieces.
func TestScanMatchesRulesCaptureTargets(t *testing.T) {
	n := testSize(20000, 3000)
	pairs := 0
	for _, p := range randomBoards(1, n) {
		pieces := [2]rules.Bitboard{p.Red(), p.Black()}
		var s circuitScan
		scanCircuits(&s, p.Red(), p.Black())
		var got [rules.NumSquares]rules.Bitboard
		for _, c := range s.captures() {
			got[c.from] |= c.to.Bit()
			pairs++
		}
		for sq := rules.Square(0); sq < rules.NumSquares; sq++ {
			if want := p.CaptureTargets(sq); got[sq] != want {
				t.Fatalf("%s: targets of %v = %x, rules say %x", p.FEN(), sq, got[sq], want)
			}
		}
		for c := rules.Red; c <= rules.Black; c++ {
			if want := p.Attacked(c); s.attacks[c] != want {
				t.Fatalf("%s: attacks of %v = %x, rules say %x", p.FEN(), c, s.attacks[c], want)
			}
			got, gotOther := quietMoves(pieces[c], pieces[c^1], rules.BoardMask&^p.Occupied())
			if want := p.QuietMoveCount(c); got != want {
				t.Fatalf("%s: quiet moves of %v = %d, rules say %d", p.FEN(), c, got, want)
			}
			if want := p.QuietMoveCount(c ^ 1); gotOther != want {
				t.Fatalf("%s: quiet moves of %v as the other side = %d, rules say %d", p.FEN(), c^1, gotOther, want)
			}
		}
	}
	if pairs < n {
		t.Fatalf("only %d captures in %d random positions: the generator is too sparse to test anything", pairs, n)
	}
}

// protectedByRules returns the pieces that a piece of their own colour
// could capture if they were the opponent's, by recolouring each piece in
// turn and asking the rules package for its own side's capture targets
// (neither side may have 12 pieces).
func protectedByRules(p rules.Position) rules.Bitboard {
	var out rules.Bitboard
	for sq := rules.Square(0); sq < rules.NumSquares; sq++ {
		c, ok := p.At(sq)
		if !ok {
			continue
		}
		b := [2]rules.Bitboard{p.Red(), p.Black()}
		b[c] &^= sq.Bit()
		b[c.Other()] |= sq.Bit()
		q, err := rules.NewPosition(b[0], b[1], c, 0, 1)
		if err != nil {
			panic(err)
		}
		for f := b[c]; f != 0; f &= f - 1 {
			if q.CaptureTargets(square(f & -f)).Has(sq) {
				out |= sq.Bit()
				break
			}
		}
	}
	return out
}

// TestScanProtectedMatchesRules checks the protected set, which lets the
// defence features skip the recapture test: a piece wrongly in it would be
// counted as defended without that test.
func TestScanProtectedMatchesRules(t *testing.T) {
	n := testSize(5000, 1000)
	some := 0
	for _, p := range randomBoards(3, n) {
		if p.Count(rules.Red) == 12 || p.Count(rules.Black) == 12 {
			continue // recolouring a piece would make 13
		}
		var s circuitScan
		scanCircuits(&s, p.Red(), p.Black())
		if want := protectedByRules(p); s.protected != want {
			t.Fatalf("%s: protected %x, rules say %x", p.FEN(), s.protected, want)
		}
		if s.protected != 0 {
			some++
		}
	}
	if some < n/4 {
		t.Fatalf("only %d of %d positions have a protected piece: the test exercises too little", some, n)
	}
}

// captures lists the captures of a scan: both ways along each link, then
// the one-way captures of double points passing over themselves.
func (s *circuitScan) captures() []capturePair {
	var out []capturePair
	for k, l := range s.links {
		if s.capturing>>k&1 == 0 {
			continue
		}
		lo := l & -l
		hi := l ^ lo
		if lo == 0 || hi == 0 || hi&(hi-1) != 0 {
			panic("eval: a capture link does not hold exactly two pieces")
		}
		out = append(out, capturePair{square(lo), square(hi)}, capturePair{square(hi), square(lo)})
	}
	return append(out, s.skips[:s.nskip]...)
}

// defendedByRules counts, the slow way through rules, the pieces of c that
// c's opponent attacks and that c could recapture after every capture.
func defendedByRules(p rules.Position, c rules.Color) int {
	attacker := p.WithSideToMove(c.Other())
	var buf [rules.MaxMoves]rules.Move
	undefended := rules.Bitboard(0)
	attacked := rules.Bitboard(0)
	for _, m := range attacker.GenerateCaptures(buf[:0]) {
		attacked |= m.To().Bit()
		after := attacker.Apply(m)
		var buf2 [rules.MaxMoves]rules.Move
		back := false
		for _, r := range after.GenerateCaptures(buf2[:0]) {
			if r.To() == m.To() {
				back = true
			}
		}
		if !back {
			undefended |= m.To().Bit()
		}
	}
	return (attacked &^ undefended).Count()
}

// TestDefendedMatchesRules checks the recapture shortcut against playing
// each capture and generating the replies.
func TestDefendedMatchesRules(t *testing.T) {
	n := testSize(20000, 3000)
	some := 0
	for _, p := range randomBoards(2, n) {
		var v Vector
		ExtractVector(&v, &p)
		us := p.SideToMove()
		if got, want := v[DefendedOwn], float64(defendedByRules(p, us)); got != want {
			t.Fatalf("%s: defended_own = %v, by playing the captures %v", p.FEN(), got, want)
		}
		if got, want := v[DefendedOpp], float64(defendedByRules(p, us.Other())); got != want {
			t.Fatalf("%s: defended_opp = %v, by playing the captures %v", p.FEN(), got, want)
		}
		if v[DefendedOwn] > 0 {
			some++
		}
	}
	if some < n/20 {
		t.Fatalf("only %d of %d positions have a defended piece: the test exercises too little", some, n)
	}
}

// TestRecapturedMatchesRules checks the recapture test on its own, for
// every capture of an unprotected piece, against playing the capture and
// generating the replies: the defence features count on it.
func TestRecapturedMatchesRules(t *testing.T) {
	n := testSize(5000, 1000)
	tested, back := 0, 0
	var buf [rules.MaxMoves]rules.Move
	for _, p := range randomBoards(4, n) {
		var s circuitScan
		scanCircuits(&s, p.Red(), p.Black())
		var st ringState
		st.fill(p.Red(), p.Black())
		for _, c := range s.captures() {
			if s.protected.Has(c.to) {
				continue
			}
			mover, _ := p.At(c.from)
			after := p.WithSideToMove(mover).Apply(rules.NewMove(c.from, c.to, true))
			want := false
			for _, r := range after.GenerateCaptures(buf[:0]) {
				want = want || r.To() == c.to
			}
			if got := st.recaptured(p.Red(), c.from, c.to); got != want {
				t.Fatalf("%s: %v takes %v: recaptured = %v, by playing it %v", p.FEN(), c.from, c.to, got, want)
			}
			tested++
			if want {
				back++
			}
		}
	}
	if back < tested/10 || back > tested*9/10 {
		t.Fatalf("%d of %d captures recaptured: the test exercises too little of one answer", back, tested)
	}
}
