package experiments

import (
	"math/rand/v2"

	"github.com/surakarta/surakarta/rules"
)

// plant describes a synthetic population of games: outcome probabilities
// (Red moves first), how often a standard draw would be decided by the
// majority rule, and game lengths.
type plant struct {
	variant    string
	red, draw  float64 // P(red wins), P(draw); black wins the rest
	majDecided float64 // P(a draw ends with unequal material)
	meanPlies  int
}

// synthGames draws n games from the plant with a seeded stream. Game ids
// run from first; each game's opening (its first two moves) is drawn from
// a stream of the id alone, so games with one id share their opening.
func synthGames(p plant, seed uint64, first int64, n int) []Game {
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	out := make([]Game, 0, n)
	for i := range n {
		id := first + int64(i)
		or := rand.New(rand.NewPCG(0x0be, uint64(id)))
		opening := []string{[]string{"a2-a3", "b2-b3", "c2-c3"}[or.IntN(3)], []string{"a5-a4", "b5-b4"}[or.IntN(2)]}
		g := Game{ID: id, Variant: p.variant, Rules: "variant=" + p.variant, StartFEN: rules.StartFEN,
			OpeningPlies: 2, Moves: opening, FirstRed: true}
		switch u := r.Float64(); {
		case u < p.red:
			g.Winner = RedWin
		case u < p.red+p.draw:
			g.Winner = Draw
		default:
			g.Winner = BlackWin
		}
		g.Plies = max(2, p.meanPlies/2+r.IntN(p.meanPlies+1))
		g.Captures = r.IntN(20)
		g.RedPieces, g.BlackPieces = 1+r.IntN(12), 1+r.IntN(12)
		switch g.Winner {
		case Draw:
			g.Reason = "no-capture-limit"
			if r.IntN(4) == 0 {
				g.Reason = "repetition"
			}
			g.MajorityWinner = Draw
			if r.Float64() < p.majDecided {
				g.MajorityWinner = []Winner{RedWin, BlackWin}[r.IntN(2)]
			}
		default:
			g.Reason = "capture-all"
			if r.IntN(10) == 0 {
				g.Reason = "no-moves"
			}
			g.MajorityWinner = g.Winner
		}
		if p.variant == "majority" {
			g.MajorityWinner = g.Winner
		}
		out = append(out, g)
	}
	return out
}
