package arena

import (
	"time"

	"github.com/surakarta/surakarta/rules"
)

// GameRecord is one arena game as played: what the games table and the
// text export need.
type GameRecord struct {
	// Game is the game's index in the match: pair Game/2, A as Red when
	// Game is even, as Black when odd.
	Game int
	// Start is the position the game started from; Moves are every move
	// from it, the random opening's OpeningPlies first.
	Start        rules.Position
	Moves        []rules.Move
	OpeningPlies int
	// Winner is RedWins, BlackWins or Draw.
	Winner rules.Result
	// Reason is the rules' ending (capture-all, no-moves, no-capture-limit,
	// repetition) or, when a player's fault ended the game, the fault's
	// reason (FaultIllegalMove, ...), in which case Fault holds its detail
	// and Faulty the colour that lost by it.
	Reason string
	Fault  string
	Faulty rules.Color
	// Time is each colour's total thinking time as the arena measured it
	// (from sending the position to receiving the move), Nodes each
	// colour's total nodes as the players counted them; indexed by
	// rules.Color. Time is a measurement, never a budget: no result
	// depends on it.
	Time  [2]time.Duration
	Nodes [2]int64
}

// AColor returns the colour A played.
func (r *GameRecord) AColor() rules.Color {
	if r.Game%2 == 1 {
		return rules.Black
	}
	return rules.Red
}

// ScoreA returns A's points: 1, ½ or 0.
func (r *GameRecord) ScoreA() float64 {
	switch r.Winner {
	case rules.Draw:
		return 0.5
	case rules.WinFor(r.AColor()):
		return 1
	}
	return 0
}

// Faulted reports whether a player's fault ended the game.
func (r *GameRecord) Faulted() bool { return r.Fault != "" }
