package synthgames

import (
	"math/rand/v2"

	"github.com/surakarta/surakarta/experiments/gamestats"
	"github.com/surakarta/surakarta/rules"
)

// Plant describes a synthetic population of games: outcome probabilities
// (Red moves first), how often a standard draw would be decided by the
// majority rule, and game lengths.
type Plant struct {
	Variant    string
	Red, Draw  float64 // P(red wins), P(draw); black wins the rest
	MajDecided float64 // P(a draw ends with unequal material)
	MeanPlies  int
}

// Games draws n games from the plant with a seeded stream. Game ids
// run from first; each game's opening (its first two moves) is drawn from
// a stream of the id alone, so games with one id share their opening.
func Games(p Plant, seed uint64, first int64, n int) []gamestats.Game {
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	out := make([]gamestats.Game, 0, n)
	for i := range n {
		id := first + int64(i)
		or := rand.New(rand.NewPCG(0x0be, uint64(id)))
		opening := []string{[]string{"a2-a3", "b2-b3", "c2-c3"}[or.IntN(3)], []string{"a5-a4", "b5-b4"}[or.IntN(2)]}
		g := gamestats.Game{ID: id, Variant: p.Variant, Rules: "variant=" + p.Variant, StartFEN: rules.StartFEN,
			OpeningPlies: 2, Moves: opening, FirstRed: true}
		switch u := r.Float64(); {
		case u < p.Red:
			g.Winner = gamestats.RedWin
		case u < p.Red+p.Draw:
			g.Winner = gamestats.Draw
		default:
			g.Winner = gamestats.BlackWin
		}
		g.Plies = max(2, p.MeanPlies/2+r.IntN(p.MeanPlies+1))
		g.Captures = r.IntN(20)
		g.RedPieces, g.BlackPieces = 1+r.IntN(12), 1+r.IntN(12)
		switch g.Winner {
		case gamestats.Draw:
			g.Reason = "no-capture-limit"
			if r.IntN(4) == 0 {
				g.Reason = "repetition"
			}
			g.MajorityWinner = gamestats.Draw
			if r.Float64() < p.MajDecided {
				g.MajorityWinner = []gamestats.Winner{gamestats.RedWin, gamestats.BlackWin}[r.IntN(2)]
			}
		default:
			g.Reason = "capture-all"
			if r.IntN(10) == 0 {
				g.Reason = "no-moves"
			}
			g.MajorityWinner = g.Winner
		}
		if p.Variant == "majority" {
			g.MajorityWinner = g.Winner
		}
		out = append(out, g)
	}
	return out
}
