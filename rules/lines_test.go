package rules

import (
	"math/rand/v2"
	"testing"
)

// TestLineEndsAreTheLinesFirstAndLastPieces: LineLows and LineHighs, which
// package eval reads the segments' ends from, give each rank's west-most
// and east-most piece and each file's south-most and north-most, on random
// boards.
func TestLineEndsAreTheLinesFirstAndLastPieces(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		occ := Bitboard(rng.Uint64()&rng.Uint64()) & BoardMask
		var wantRL, wantRH, wantFL, wantFH Bitboard
		for i := 0; i < 6; i++ {
			for _, line := range []struct {
				low *Bitboard
				hi  *Bitboard
				at  func(j int) Square
			}{
				{&wantRL, &wantRH, func(j int) Square { return MakeSquare(j, i) }},
				{&wantFL, &wantFH, func(j int) Square { return MakeSquare(i, j) }},
			} {
				first := true
				for j := 0; j < 6; j++ {
					if s := line.at(j); occ.Has(s) {
						if first {
							*line.low |= s.Bit()
							first = false
						}
						*line.hi = *line.hi&^lineOf(line.at) | s.Bit()
					}
				}
			}
		}
		rl, fl := LineLows(occ)
		rh, fh := LineHighs(occ)
		if rl != wantRL || rh != wantRH || fl != wantFL || fh != wantFH {
			t.Fatalf("occ %#x: lows %#x %#x highs %#x %#x, want %#x %#x, %#x %#x", uint64(occ), uint64(rl), uint64(fl), uint64(rh), uint64(fh),
				uint64(wantRL), uint64(wantFL), uint64(wantRH), uint64(wantFH))
		}
	}
}

func lineOf(at func(j int) Square) Bitboard {
	var b Bitboard
	for j := 0; j < 6; j++ {
		b |= at(j).Bit()
	}
	return b
}

// TestSegmentLinesAndCrossingsAreTheTrack: segment k of each circuit is
// the line of track positions 6k..6k+5, and Crossings the points a circuit
// passes twice.
func TestSegmentLinesAndCrossingsAreTheTrack(t *testing.T) {
	var twice Bitboard
	for c := Inner; c <= Outer; c++ {
		var seen Bitboard
		for i := 0; i < TrackLen; i++ {
			s := TrackSquare(c, i)
			if !SegmentLine(c, i/6).Has(s) {
				t.Errorf("%v track position %d (%v) is not on segment %d's line", c, i, s, i/6)
			}
			if seen.Has(s) {
				twice |= s.Bit()
			}
			seen |= s.Bit()
		}
	}
	if twice != Crossings {
		t.Errorf("Crossings %#x, the points passed twice %#x", uint64(Crossings), uint64(twice))
	}
}
