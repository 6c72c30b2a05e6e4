package stats

import "fmt"

// EloText writes an Elo difference as every report of the program does:
// signed with one decimal ("+12.5", "-3.0"), "+0.0" for an even score
// (never "-0.0"), "+inf" and "-inf" for a shut-out, "n/a" for no games.
func EloText(x float64) string {
	if s, ok := nonFiniteText(x); ok {
		return s
	}
	if x == 0 {
		return "+0.0"
	}
	return fmt.Sprintf("%+.1f", x)
}
