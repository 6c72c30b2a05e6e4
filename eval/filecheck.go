package eval

import (
	"fmt"
	"math"
)

// MaxWeight bounds the magnitude of every weight an evaluator file may hold
// (value weights, prior weights after their temperature). Fitted weights
// are of order 1 (the shipped models' largest is below 3); a weight of a
// million already saturates the value wherever its feature is not 0, so a
// larger one is a broken or hand-made file, not a model. The bound also
// keeps every score finite: features are at most about a hundred in
// magnitude, so |w·x| stays below 1e10, far inside float32, where the
// prior computes.
const MaxWeight = 1e6

// checkNumbers is the one check of the numbers an evaluator file holds:
// each of values, the field named field (names[i] naming entry i; with
// names nil, entry i of a list is field[i]), must be finite and within
// ±limit. Every
// head of every file format checks its numbers through it, so a new head
// (a new format's weights, a pattern table) calls it with its own field
// name and limit. The error names the field, the entry and the value; the
// caller adds the file.
func checkNumbers(field string, names []string, values []float64, limit float64) error {
	for i, v := range values {
		if !math.IsNaN(v) && math.Abs(v) <= limit {
			continue
		}
		at := field
		switch {
		case names != nil:
			at = fmt.Sprintf("%s[%d] (%s)", field, i, names[i])
		case len(values) > 1:
			at = fmt.Sprintf("%s[%d]", field, i)
		}
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("%s is %v: want a finite number within ±%g", at, v, limit)
		}
		return fmt.Errorf("%s is %g, outside ±%g: no fitted model has such a weight; refit it or correct the file", at, v, limit)
	}
	return nil
}
