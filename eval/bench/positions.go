package bench

import "github.com/surakarta/surakarta/rules"

// Position is one position of the bench: its FEN, the variant it is
// searched under (the default rules otherwise) and what it stands for.
type Position struct {
	FEN     string
	Variant rules.Variant
	Kind    string // "start", "middlegame" or "ending"
}

// Positions are the bench's positions, in the order it searches them.
// They were taken from games of the material engine at 200 simulations
// against itself from the start (seeds 77, 154, 231) at plies 16 and 40
// and where 8 or 5 pieces were left; the last ending of each variant has
// its no-capture counter set near the limit of 50, where the variants
// score the end differently. Changing the list changes the signature.
var Positions = []Position{
	{"bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 1", rules.Standard, "start"},
	{"b1bbb1/1bbb1b/2bbb1/br1rr1/1rrrrr/rr1r1r r 16 9", rules.Standard, "middlegame"},
	{"1b2b1/b5/4b1/r5/r3rr/rr4 r 0 21", rules.Standard, "middlegame"},
	{"1b1b1b/2b1b1/b2b2/r2bbr/1rrrr1/r1rrr1 r 0 21", rules.Standard, "middlegame"},
	{"2bb1b/6/4bb/1r3r/6/4r1 b 0 31", rules.Standard, "ending"},
	{"6/3b2/4rb/5b/6/4r1 b 0 35", rules.Standard, "ending"},
	{"4bb/4b1/4b1/1r4/1b2r1/4r1 b 44 34", rules.Standard, "ending"},
	{"bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 1", rules.Majority, "start"},
	{"b1bbbb/1bbbr1/2b1b1/r3rr/rrrr2/rr1r1r r 5 9", rules.Majority, "middlegame"},
	{"1bbbb1/bb1bbb/br1b2/1b1r1r/r1r1r1/rrrrrr r 16 9", rules.Majority, "middlegame"},
	{"1b1bb1/2bbbb/1bb2b/2rrr1/1r2rr/r3r1 r 3 21", rules.Majority, "middlegame"},
	{"4b1/5b/1b4/4r1/r4r/rr4 r 0 24", rules.Majority, "ending"},
	{"6/5r/6/6/r4b/rr4 b 0 25", rules.Majority, "ending"},
	{"4bb/4b1/4b1/1r4/1b2r1/4r1 b 44 34", rules.Majority, "ending"},
}

// Rules returns the rules p is searched under: the default rules in p's
// variant.
func (p Position) Rules() rules.Rules {
	r := rules.DefaultRules()
	r.Variant = p.Variant
	return r
}
