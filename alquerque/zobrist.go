package alquerque

import "github.com/surakarta/surakarta/internal/base/rng"

// Zobrist keys come from the project's SplitMix64 stream with a fixed
// seed, so a position has the same Hash in every process and on every
// machine.
var (
	zobristPiece [2][NumPoints]uint64
	zobristBlack uint64
)

const zobristSeed = 0x416C717565727175 // "Alquerqu" in ASCII

func init() {
	s := rng.NewSplitMix(zobristSeed)
	for c := range 2 {
		for p := range NumPoints {
			zobristPiece[c][p] = s.Uint64()
		}
	}
	zobristBlack = s.Uint64()
}
