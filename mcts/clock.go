package mcts

import "time"

// The built-in engine's time allocation under a game clock (a protocol go
// with each side's time left and increment, match --tc): MoveTime.
const (
	// ClockMovesToGo is how many more moves the rule expects to share the
	// time left with: a Surakarta game between engines lasts about 60 to
	// 120 plies, 30 to 60 moves a side, and a search gains most early,
	// so the rule plans for fewer than that and stretches as the game
	// goes on (each share is of what is left).
	ClockMovesToGo = 25
	// ClockMaxShare bounds one move's time to this fraction of the time
	// left, so that a large increment never lets one move spend the
	// clock.
	ClockMaxShare = 0.3
	// ClockReserve is kept back from every allocation for what the search
	// does not measure (the move's transmission, the process waking up,
	// the referee's own reading of its clock), up to a tenth of the time
	// left.
	ClockReserve = 20 * time.Millisecond
)

// MoveTime returns how long the built-in engine searches a move with left
// on its clock and inc added to it after the move: left/ClockMovesToGo
// plus three quarters of inc, at most ClockMaxShare of left, less the
// reserve (ClockReserve, or a tenth of left when that is smaller), and at
// least a millisecond (the search's first simulation always runs). It
// depends on nothing else, so a clock gives the same allocations on any
// machine; the moves found in them do not.
func MoveTime(left, inc time.Duration) time.Duration {
	left, inc = max(left, 0), max(inc, 0)
	t := left/ClockMovesToGo + inc*3/4
	t = min(t, time.Duration(float64(left)*ClockMaxShare))
	t -= min(ClockReserve, left/10)
	return max(t, time.Millisecond)
}
