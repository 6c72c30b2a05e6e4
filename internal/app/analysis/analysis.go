package analysis

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/base/progress"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/tablebase"
)

// Analysis is what a search of one position found, the object analyze
// --json prints, in the game's own position text and move notation (FEN
// and Surakarta's notation, or Alquerque's text and canonical paths).
// Values are for the side to move at the analysed position; each move's
// value and proof are for the player who plays it (the same side), null
// for a move the search neither visited nor proved (it has no value).
// Distances are plies to the end of the game along a proven win or loss
// (the move included for a move's), null without one.
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

// GameOverError is Analyze's error for a position whose game is over:
// the position's text and the outcome in the game's words.
type GameOverError struct {
	FEN     string
	Outcome string
}

func (e *GameOverError) Error() string {
	return fmt.Sprintf("the game is already over at %s (%s): nothing to analyze", e.FEN, e.Outcome)
}

// ErrorFields gives analyze --json's error object the finished game's
// position and outcome.
func (e *GameOverError) ErrorFields() map[string]string {
	return map[string]string{"fen": e.FEN, "outcome": e.Outcome}
}

// Analyze searches the position g is at with s on threads threads, the
// simulations shown on progressOut while a long search runs (unless
// quiet), and returns what it found.
func Analyze[G mcts.Game[P, M], P comparable, M game.Move](ctx context.Context, progressOut io.Writer, g *game.Line[G, P, M], s *mcts.SearcherOf[G, P, M], threads int, quiet bool) (Analysis, error) {
	r := g.Rules()
	if g.IsTerminal() {
		p := g.Position()
		return Analysis{}, &GameOverError{r.FormatPosition(&p), game.OutcomeText(r, g.Outcome())}
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
	return New(r, g.Position(), &res, threads, elapsed), nil
}

// Search is s.SearchContext with the simulations shown on w while a long
// search runs (progress.Watch).
func Search[G mcts.Game[P, M], P comparable, M game.Move](ctx context.Context, w io.Writer, s *mcts.SearcherOf[G, P, M], g game.Record[G, P, M], threads int, quiet bool) (mcts.ResultOf[M], error) {
	stop := progress.Watch(w, progress.Options{Unit: "sims", Total: int64(s.Config().Sims), Quiet: quiet},
		func() int64 { return int64(s.SimsDone()) })
	r, err := s.SearchContext(ctx, g, threads)
	stop()
	return r, err
}

// New reads the search result res of position p of game r into an
// Analysis.
func New[G game.Game[P, M], P any, M game.Move](r G, p P, res *mcts.ResultOf[M], threads int, elapsed time.Duration) Analysis {
	a := Analysis{
		FEN:        r.FormatPosition(&p),
		SideToMove: r.PlayerName(r.ToMove(&p)),
		Best:       r.FormatMove(&p, res.Best),
		Value:      res.Value,
		Proof:      res.Proof.String(),
		Distance:   proofDistance(res.Proof, res.Distance),
		Moves:      make([]MoveStat, len(res.Moves)),
		PV:         pvStrings(r, p, res.PV),
		Sims:       res.Sims,
		Nodes:      res.Nodes,
		Threads:    threads,
		Seconds:    elapsed.Seconds(),
	}
	if t := res.Table; t != nil {
		a.Table = &tablebase.Verdict{Exact: *t, Best: r.FormatMove(&p, res.TableMove)}
	}
	for i := range res.Moves {
		ms := &res.Moves[i]
		a.Moves[i] = MoveStat{Move: r.FormatMove(&p, ms.Move), Visits: ms.Visits, Value: moveValue(ms), Proof: ms.Proof.String(), Distance: proofDistance(ms.Proof, ms.Distance)}
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
func moveValue[M game.Move](ms *mcts.MoveStatOf[M]) *float64 {
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

// pvStrings writes a line of moves from p in r's notation, each in the
// position it is played in.
func pvStrings[G game.Game[P, M], P any, M game.Move](r G, p P, pv []M) []string {
	out := make([]string, len(pv))
	for i, m := range pv {
		out[i] = r.FormatMove(&p, m)
		r.Apply(&p, m)
	}
	return out
}
