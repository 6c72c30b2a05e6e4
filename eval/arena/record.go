package arena

import (
	"time"

	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/rules"
)

// GameRecordOf is one arena game as played, of a game with positions P
// and moves M: what the games table and the text export need.
type GameRecordOf[P any, M game.Move] struct {
	// Game is the game's index in the match: pair Game/2, A as the first
	// player when Game is even, as the second when odd.
	Game int
	// Start is the position the game started from; Moves are every move
	// from it, the random opening's OpeningPlies first.
	Start        P
	Moves        []M
	OpeningPlies int
	// Winner is game.FirstWins, game.SecondWins or game.Draw.
	Winner game.Result
	// Reason is the rules' ending (capture-all, no-moves, no-capture-limit,
	// repetition) or, when a player's fault ended the game, the fault's
	// reason (FaultIllegalMove, ...), in which case Fault holds its detail
	// and Faulty the player that lost by it.
	Reason string
	Fault  string
	Faulty game.Player
	// Time is each player's total thinking time as the arena measured it
	// (from sending the position to receiving the move), Nodes each
	// player's total nodes as the players counted them; indexed by
	// game.Player. Time is a measurement, never a budget: no result
	// depends on it.
	Time  [2]time.Duration
	Nodes [2]int64
}

// GameRecord is a Surakarta GameRecordOf.
type GameRecord = GameRecordOf[rules.Position, rules.Move]

// APlayer returns the player A was: game.First (Red, White) in a pair's
// first game, game.Second in its second.
func (r *GameRecordOf[P, M]) APlayer() game.Player {
	if r.Game%2 == 1 {
		return game.Second
	}
	return game.First
}

// ScoreA returns A's points: 1, ½ or 0.
func (r *GameRecordOf[P, M]) ScoreA() float64 {
	switch r.Winner {
	case game.Draw:
		return 0.5
	case game.WinFor(r.APlayer()):
		return 1
	}
	return 0
}

// Faulted reports whether a player's fault ended the game.
func (r *GameRecordOf[P, M]) Faulted() bool { return r.Fault != "" }
