package analysis

import (
	"fmt"
	"io"
	"strings"

	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/internal/base/words"
	"github.com/surakarta/surakarta/mcts"
)

// proofText is a proof as the text prints it: "win in 3", "loss in 2",
// "draw", or "" when unproven.
func proofText(proof string, d *int) string {
	if d == nil {
		return proof
	}
	return fmt.Sprintf("%s in %d", proof, *d)
}

// WriteText prints the analysis as analyze does, listing the top moves
// (all for top 0).
func (a *Analysis) WriteText(w io.Writer, top int) error {
	rate := 0.0
	if a.Seconds > 0 {
		rate = float64(a.Sims) / a.Seconds
	}
	fmt.Fprintf(w, "position  %s (%s to move)\n", a.FEN, a.SideToMove)
	fmt.Fprintf(w, "search    %d sims in %.3f s (%.0f sims/s, %d %s), %d nodes\n", a.Sims, a.Seconds, rate, a.Threads, words.Plural(a.Threads, "thread", "threads"), a.Nodes)
	value := fmt.Sprintf("%+.3f for %s", a.Value, a.SideToMove)
	if a.Proof != "" {
		value += " (proven " + proofText(a.Proof, a.Distance) + ")"
	}
	fmt.Fprintf(w, "value     %s\n", value)
	if t := a.Table; t != nil {
		fmt.Fprint(w, "tables    ")
		if err := t.WriteText(w); err != nil {
			return err
		}
	}
	best := a.Best
	if len(a.Moves) > 0 && a.Moves[0].Proof != "" {
		// A move proven at its parent's expansion has no visits: say
		// what it is on its own line.
		best += " (" + proofText(a.Moves[0].Proof, a.Moves[0].Distance) + ")"
	}
	fmt.Fprintf(w, "best      %s\n\n", best)
	n := len(a.Moves)
	if top > 0 && top < n {
		n = top
	}
	width := len("move")
	for _, m := range a.Moves[:n] {
		width = max(width, len(m.Move))
	}
	total := 0
	for _, m := range a.Moves {
		total += m.Visits
	}
	fmt.Fprintf(w, "%-*s  %9s  %6s  %6s  %s\n", width, "move", "visits", "share", "value", "proof")
	for _, m := range a.Moves[:n] {
		// A move without visits has no share, and one the search did not
		// reach (unproven) no value: blank, not a 0 that reads as a draw.
		share, value := "", ""
		if m.Visits > 0 {
			share = fmt.Sprintf("%5.1f%%", 100*float64(m.Visits)/float64(total))
		}
		if m.Value != nil {
			value = fmt.Sprintf("%+6.3f", *m.Value)
		}
		line := fmt.Sprintf("%-*s  %9d  %6s  %6s  %s", width, m.Move, m.Visits, share, value, proofText(m.Proof, m.Distance))
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
	if n < len(a.Moves) {
		fmt.Fprint(w, setting.Sprintf("(%d more moves; %s lists all)\n", len(a.Moves)-n, setting.Set("top", 0)))
	}
	_, err := fmt.Fprintf(w, "\npv        %s\n", strings.Join(a.PV, " "))
	return err
}

// ValueNote says what a search found, for the side it searched for (by
// its name in the game): the proof if solved ("proven win in 3": plies to
// the game's end, as analyze says it), the value and the simulations.
func ValueNote[M game.Move](r *mcts.ResultOf[M], side string) string {
	note := fmt.Sprintf("value %+.3f for %s, %d sims", r.Value, side, r.Sims)
	switch r.Proof {
	case mcts.ProofWin, mcts.ProofLoss:
		note = fmt.Sprintf("proven %s in %d for %s, %s", r.Proof, r.Distance, side, note)
	case mcts.ProofDraw:
		note = "proven draw, " + note
	}
	return note
}
