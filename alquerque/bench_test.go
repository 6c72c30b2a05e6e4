package alquerque_test

import (
	"testing"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/game"
)

// benchPositions are the positions the move-generation benchmarks run on:
// the start, a middlegame of a random game, and one where a piece has many
// capture sequences, several of them made by more than one path.
var benchPositions = []struct{ name, text string }{
	{"start", alquerque.StartText},
	{"middlegame", "b1bbb/bwb1b/bw1w1/1w1ww/w1w1w b 0 9"},
	{"captures", "5/1bbb1/1b1b1/1bbb1/w4 w 0 1"},
}

var (
	benchSinkInt   int
	benchSinkMoves []alquerque.Move
	benchSinkPos   alquerque.Position
	benchSinkN     uint64
)

func BenchmarkGenerateMoves(b *testing.B) {
	for _, bp := range benchPositions {
		b.Run(bp.name, func(b *testing.B) {
			p := mustParse(b, bp.text)
			buf := make([]alquerque.Move, 0, alquerque.MaxMoves)
			b.ReportAllocs()
			for b.Loop() {
				buf = p.GenerateMoves(buf)
			}
			benchSinkMoves = buf
			b.ReportMetric(float64(len(buf)), "moves/op")
		})
	}
}

func BenchmarkCountMoves(b *testing.B) {
	for _, bp := range benchPositions {
		b.Run(bp.name, func(b *testing.B) {
			p := mustParse(b, bp.text)
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				n += p.CountMoves()
			}
			benchSinkInt = n
		})
	}
}

// BenchmarkApply plays each legal move of the middlegame once per op.
func BenchmarkApply(b *testing.B) {
	p := mustParse(b, benchPositions[1].text)
	moves := p.GenerateMoves(make([]alquerque.Move, 0, alquerque.MaxMoves))
	b.ReportAllocs()
	var q alquerque.Position
	for b.Loop() {
		for _, m := range moves {
			q = p.Apply(m)
		}
	}
	benchSinkPos = q
	b.ReportMetric(float64(len(moves)), "moves/op")
}

func benchPerft(b *testing.B, depth int) {
	p := alquerque.Start()
	b.ReportAllocs()
	var n uint64
	for b.Loop() {
		n = alquerque.Perft(p, depth)
	}
	if want := perftCounts[depth-1]; n != want {
		b.Fatalf("perft(%d) = %d, want %d", depth, n, want)
	}
	benchSinkN = n
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "leaves/s")
}

func BenchmarkPerft10(b *testing.B) { benchPerft(b, 10) }

func BenchmarkPerft12(b *testing.B) { benchPerft(b, 12) }

// BenchmarkContractMoves lists each position's moves as the game contract
// does (16-bit codes, package game).
func BenchmarkContractMoves(b *testing.B) {
	r := alquerque.DefaultRules()
	for _, bp := range benchPositions {
		b.Run(bp.name, func(b *testing.B) {
			p := mustParse(b, bp.text)
			buf := make([]alquerque.Code, 0, alquerque.MaxMoves)
			b.ReportAllocs()
			for b.Loop() {
				buf = r.Moves(&p, buf)
			}
			b.ReportMetric(float64(len(buf)), "moves/op")
		})
	}
}

// BenchmarkContractApply plays each legal move of each position once per
// op through its code: a capture's code is decoded by regenerating its
// piece's captures.
func BenchmarkContractApply(b *testing.B) {
	r := alquerque.DefaultRules()
	for _, bp := range benchPositions {
		b.Run(bp.name, func(b *testing.B) {
			p := mustParse(b, bp.text)
			codes := r.Moves(&p, make([]alquerque.Code, 0, alquerque.MaxMoves))
			b.ReportAllocs()
			var q alquerque.Position
			for b.Loop() {
				for _, c := range codes {
					q = p
					r.Apply(&q, c)
				}
			}
			benchSinkPos = q
			b.ReportMetric(float64(len(codes)), "moves/op")
		})
	}
}

// BenchmarkContractPerft10 is game.Perft through the contract: the walk
// every game shares, against BenchmarkPerft10's bitboard walk.
func BenchmarkContractPerft10(b *testing.B) {
	r := alquerque.DefaultRules()
	b.ReportAllocs()
	var n uint64
	for b.Loop() {
		n = game.Perft(r, alquerque.Start(), 10)
	}
	if n != perftCounts[9] {
		b.Fatalf("contract perft(10) = %d", n)
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "leaves/s")
}
