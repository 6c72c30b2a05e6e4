package alquerque_test

import (
	"testing"

	"github.com/surakarta/surakarta/alquerque"
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
