package rules

// Zobrist keys come from splitmix64 with a fixed seed, so a position has the
// same Hash in every process and on every machine.
var (
	zobristPiece [2][NumSquares]uint64
	zobristBlack uint64
)

const zobristSeed = 0x5375726B61727461 // "Surkarta" in ASCII

func init() {
	state := uint64(zobristSeed)
	for c := 0; c < 2; c++ {
		for s := 0; s < NumSquares; s++ {
			zobristPiece[c][s] = splitmix64(&state)
		}
	}
	zobristBlack = splitmix64(&state)
}

func splitmix64(state *uint64) uint64 {
	*state += 0x9E3779B97F4A7C15
	z := *state
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}
