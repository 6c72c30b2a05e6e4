package game

import "testing"

// TestExactSaysItsValueInWords: the verdict's words as tablebase probe and
// analyze print them, with "ply" for one ply (never "1 plies").
func TestExactSaysItsValueInWords(t *testing.T) {
	for _, c := range []struct {
		e            Exact
		result, text string
	}{
		{Exact{Score: 1, Plies: 7}, "win", "win in 7 plies"},
		{Exact{Score: 1, Plies: 1}, "win", "win in 1 ply"},
		{Exact{Score: -1, Plies: 1}, "loss", "loss in 1 ply"},
		{Exact{Score: -1, Plies: 0}, "loss", "loss in 0 plies"},
		{Exact{}, "draw", "draw"},
	} {
		if c.e.Result() != c.result || c.e.String() != c.text {
			t.Errorf("%+v: %q, %q; want %q, %q", c.e, c.e.Result(), c.e.String(), c.result, c.text)
		}
	}
}
