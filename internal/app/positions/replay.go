package positions

import (
	"fmt"
	"io"

	"github.com/surakarta/surakarta/game"
)

// Replay is the position moves reach and the game's outcome there, whole
// and in its parts (replay --json's object).
type Replay struct {
	FEN     string `json:"fen"`
	Plies   int    `json:"plies"`
	Outcome string `json:"outcome"`
	Result  string `json:"result"`
	Reason  string `json:"reason,omitempty"`
}

// ReplayOf plays moves (r's notation) from p under r and returns where
// they lead; a move that is illegal, or played after the game ended, is
// an error naming it by its number.
func ReplayOf[G game.Game[P, M], P any, M game.Move](r G, p P, moves []string) (Replay, error) {
	g, err := game.NewLine(r, p)
	if err != nil {
		return Replay{}, err
	}
	for i, s := range moves {
		if g.IsTerminal() {
			return Replay{}, fmt.Errorf("move %d %q: the game is already over (%s) after move %d", i+1, s, game.OutcomeText(r, g.Outcome()), i)
		}
		if _, err := g.PlayString(s); err != nil {
			return Replay{}, fmt.Errorf("move %d %q: %w", i+1, s, err)
		}
	}
	pos, o := g.Position(), g.Outcome()
	return Replay{FEN: r.FormatPosition(&pos), Plies: len(moves), Outcome: game.OutcomeText(r, o),
		Result: game.ResultName(r, o.Result), Reason: r.ReasonName(o.Reason)}, nil
}

// WriteText writes the position on the first line and the outcome on the
// second.
func (j Replay) WriteText(w io.Writer) error {
	fmt.Fprintln(w, j.FEN)
	fmt.Fprintln(w, j.Outcome)
	return nil
}
