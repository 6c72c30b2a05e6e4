package game

// Record is a game in progress as a search reads it: its rules (a Game
// value, compared with ==), the position it started from, the moves played
// and the position now, and the keys of the positions since the last
// irreversible move, oldest first, the current one last (so the last
// key's count among them is the current position's occurrences, as Judge
// takes them). Surakarta's rules.Game is one.
type Record[G any, P any, M Move] interface {
	Rules() G
	Start() P
	Position() P
	Moves() []M
	History(dst []uint64) []uint64
}

// Occurrences returns how often the last key of history occurs in it
// (0 for an empty history): the current position's occurrences, for Judge.
// The keys are the contract's hashes, or the whole boards a game's own
// Game compares (Course).
func Occurrences[K comparable](history []K) int {
	if len(history) == 0 {
		return 0
	}
	last, n := history[len(history)-1], 0
	for _, h := range history {
		if h == last {
			n++
		}
	}
	return n
}
