package analysis

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/surakarta/surakarta/internal/base/progress"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/tablebase"
)

// Analysis is what a search of one position found, the object analyze
// --json prints. Values are for the side to move at the analysed
// position; each move's value and proof are for the player who plays it
// (the same side), null for a move the search neither visited nor proved
// (it has no value). Distances are plies to the end of the game along a
// proven win or loss (the move included for a move's), null without one.
type Analysis struct {
	FEN        string     `json:"fen"`
	SideToMove string     `json:"side_to_move"`
	Best       string     `json:"best"`
	Value      float64    `json:"value"`
	Proof      string     `json:"proof"`
	Distance   *int       `json:"distance"`
	Moves      []MoveStat `json:"moves"`
	PV         []string   `json:"pv"`
	Sims       int        `json:"sims"`
	Nodes      int        `json:"nodes"`
	Threads    int        `json:"threads"`
	Seconds    float64    `json:"seconds"`
	// Table is the endgame tables' verdict (the engine's tablebase), when
	// they cover the position: the object tablebase probe --json prints.
	Table *tablebase.Verdict `json:"table,omitempty"`
}

// MoveStat is one root move of an Analysis, the chosen move first.
type MoveStat struct {
	Move     string   `json:"move"`
	Visits   int      `json:"visits"`
	Value    *float64 `json:"value"`
	Proof    string   `json:"proof"`
	Distance *int     `json:"distance"`
}

// GameOverError is Analyze's error for a position whose game is over.
type GameOverError struct {
	FEN     string
	Outcome rules.Outcome
}

func (e *GameOverError) Error() string {
	return fmt.Sprintf("the game is already over at %s (%v): nothing to analyze", e.FEN, e.Outcome)
}

// ErrorFields gives analyze --json's error object the finished game's
// position and outcome.
func (e *GameOverError) ErrorFields() map[string]string {
	return map[string]string{"fen": e.FEN, "outcome": e.Outcome.String()}
}

// Analyze searches the position g is at with s on threads threads, the
// simulations shown on progressOut while a long search runs (unless
// quiet), and returns what it found.
func Analyze(ctx context.Context, progressOut io.Writer, g *rules.Game, s *mcts.Searcher, threads int, quiet bool) (Analysis, error) {
	if g.IsTerminal() {
		p := g.Position()
		return Analysis{}, &GameOverError{p.FEN(), g.Outcome()}
	}
	start := time.Now()
	res, err := Search(ctx, progressOut, s, g, threads, quiet)
	elapsed := time.Since(start)
	if err != nil && ctx.Err() != nil {
		// Interrupted: said in words, not as Go's "context canceled".
		return Analysis{}, fmt.Errorf("search interrupted after %d simulations: nothing to show", res.Sims)
	}
	if err != nil {
		return Analysis{}, fmt.Errorf("search stopped after %d simulations: %w", res.Sims, err)
	}
	return New(g, &res, threads, elapsed), nil
}

// Search is s.SearchContext with the simulations shown on w while a long
// search runs (progress.Watch).
func Search(ctx context.Context, w io.Writer, s *mcts.Searcher, g *rules.Game, threads int, quiet bool) (mcts.Result, error) {
	stop := progress.Watch(w, progress.Options{Unit: "sims", Total: int64(s.Config().Sims), Quiet: quiet},
		func() int64 { return int64(s.SimsDone()) })
	r, err := s.SearchContext(ctx, g, threads)
	stop()
	return r, err
}

// New reads the search result r of g's position into an Analysis.
func New(g *rules.Game, r *mcts.Result, threads int, elapsed time.Duration) Analysis {
	p := g.Position()
	a := Analysis{
		FEN:        p.FEN(),
		SideToMove: p.SideToMove().String(),
		Best:       p.MoveString(r.Best),
		Value:      r.Value,
		Proof:      r.Proof.String(),
		Distance:   proofDistance(r.Proof, r.Distance),
		Moves:      make([]MoveStat, len(r.Moves)),
		PV:         pvStrings(p, r.PV),
		Sims:       r.Sims,
		Nodes:      r.Nodes,
		Threads:    threads,
		Seconds:    elapsed.Seconds(),
	}
	if t := r.Table; t != nil {
		a.Table = &tablebase.Verdict{Result: t.Proof.String(), Plies: t.Distance, Best: p.MoveString(t.Move)}
	}
	for i, ms := range r.Moves {
		a.Moves[i] = MoveStat{Move: p.MoveString(ms.Move), Visits: ms.Visits, Value: moveValue(&r.Moves[i]), Proof: ms.Proof.String(), Distance: proofDistance(ms.Proof, ms.Distance)}
	}
	// The chosen move leads the list even when it has fewer visits than
	// others, as a proven win found at expansion has (0 visits).
	for i := range a.Moves {
		if a.Moves[i].Move == a.Best {
			best := a.Moves[i]
			copy(a.Moves[1:i+1], a.Moves[:i])
			a.Moves[0] = best
			break
		}
	}
	return a
}

// moveValue returns a move's mean or exact value, or nil when the search
// neither visited nor proved it.
func moveValue(ms *mcts.MoveStat) *float64 {
	if ms.Visits == 0 && ms.Proof == mcts.ProofNone {
		return nil
	}
	v := ms.Value
	return &v
}

// proofDistance returns d for a proven win or loss, else nil.
func proofDistance(pr mcts.Proof, d int) *int {
	if pr != mcts.ProofWin && pr != mcts.ProofLoss {
		return nil
	}
	return &d
}

// pvStrings writes a line of moves from p in notation, each in the
// position it is played in.
func pvStrings(p rules.Position, pv []rules.Move) []string {
	out := make([]string, len(pv))
	for i, m := range pv {
		out[i] = p.MoveString(m)
		p = p.Apply(m)
	}
	return out
}
