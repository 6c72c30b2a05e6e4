package stats

import (
	"encoding/json"
	"math"
)

// Num is a statistic as JSON writes it: a number, or null when it is NaN
// or infinite (an Elo at a clean sweep, the spread of one game), which
// encoding/json cannot write as a number. It is the project's one type for
// such figures.
type Num float64

// MarshalJSON writes the number, or null.
func (n Num) MarshalJSON() ([]byte, error) {
	f := float64(n)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return []byte("null"), nil
	}
	return json.Marshal(f)
}

// UnmarshalJSON reads a number, or null as NaN.
func (n *Num) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*n = Num(math.NaN())
		return nil
	}
	var f float64
	if err := json.Unmarshal(b, &f); err != nil {
		return err
	}
	*n = Num(f)
	return nil
}
