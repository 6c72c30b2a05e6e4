package tablebase

import (
	"math/rand/v2"
	"testing"

	"github.com/surakarta/surakarta/rules"
)

// The brute force below is written without anything of the package: plain
// negamax over rules positions (colours as they are, no symmetry, no
// frame), the endings from rules.Rules.Ending, memoized on the board, side
// and counter. It defines "best play" independently: a side that can win
// wins as fast as it can, one that must lose loses as late as it can.

type bruteValue struct {
	result int // +1 win, 0 draw, -1 loss for the side to move
	plies  int
}

type bruteKey struct {
	red, black rules.Bitboard
	side       rules.Color
	counter    int
}

type brute struct {
	r    rules.Rules
	memo map[bruteKey]bruteValue
}

// prefer reports whether a is better than b for the side that chooses.
func prefer(a, b bruteValue) bool {
	if a.result != b.result {
		return a.result > b.result
	}
	switch a.result {
	case 1:
		return a.plies < b.plies
	case -1:
		return a.plies > b.plies
	}
	return false
}

func (b *brute) value(p rules.Position) bruteValue {
	k := bruteKey{p.Red(), p.Black(), p.SideToMove(), p.NoCapturePlies()}
	if v, ok := b.memo[k]; ok {
		return v
	}
	var v bruteValue
	if o := b.r.Ending(&p, p.HasMoves(), 1); o.IsTerminal() {
		switch o.Result {
		case rules.WinFor(p.SideToMove()):
			v.result = 1
		case rules.WinFor(p.SideToMove().Other()):
			v.result = -1
		}
	} else {
		first := true
		for _, m := range p.GenerateMoves(nil) {
			c := b.value(p.Apply(m))
			mine := bruteValue{-c.result, c.plies + 1}
			if mine.result == 0 {
				mine.plies = 0
			}
			if first || prefer(mine, v) {
				v, first = mine, false
			}
		}
	}
	b.memo[k] = v
	return v
}

func checkAgainstBrute(t *testing.T, tabs *Tables, b *brute, p rules.Position) {
	t.Helper()
	want := b.value(p)
	got, ok, err := tabs.Probe(&p)
	if err != nil || !ok {
		t.Fatalf("%s: probe ok %v, %v", p.FEN(), ok, err)
	}
	if int(got.Score) != want.result || got.Plies != want.plies {
		t.Fatalf("%s under %s: tables say %v, the brute-force search %+v", p.FEN(), b.r, got, want)
	}
}

// Every 1 v 1 position, both sides to move, every counter of the default
// 50-ply limit, both variants.
func TestTablesAgreeWithBruteForceOnEvery1v1Position(t *testing.T) {
	for _, v := range []rules.Variant{rules.Standard, rules.Majority} {
		r := rulesWith(v, 50)
		tabs := tablesFor(t, r, 3)
		b := &brute{r: r, memo: map[bruteKey]bruteValue{}}
		m := Material{1, 1}
		m.placements(func(_ uint32, own, enemy rules.Bitboard) {
			for _, side := range []rules.Color{rules.Red, rules.Black} {
				red, black := own, enemy
				if side == rules.Black {
					red, black = enemy, own
				}
				for c := 0; c < r.NoCaptureLimit; c++ {
					p, err := rules.NewPosition(red, black, side, c, 1)
					if err != nil {
						t.Fatal(err)
					}
					checkAgainstBrute(t, tabs, b, p)
				}
			}
		})
	}
}

// Random positions of 2 v 1 and 1 v 2 (limit 6) and of 2 v 2 (limit 3) at
// random counters, both variants. The limits are short so that the brute
// force, which sees no symmetry and explores everything reachable, stays
// within seconds; the tables are built for those limits.
func TestTablesAgreeWithBruteForceOnRandomSmallPositions(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	cases := []struct {
		limit, pieces, trials int
		balances              []Material
	}{
		{6, 3, 100, []Material{{2, 1}, {1, 2}}},
		{3, 4, 30, []Material{{2, 2}}},
	}
	for _, v := range []rules.Variant{rules.Standard, rules.Majority} {
		for _, tc := range cases {
			r := rulesWith(v, tc.limit)
			tabs := tablesFor(t, r, tc.pieces)
			b := &brute{r: r, memo: map[bruteKey]bruteValue{}}
			for _, m := range tc.balances {
				for trial := 0; trial < tc.trials; trial++ {
					own, enemy := randomPlacement(rng, m.Own, m.Enemy)
					side := rules.Color(rng.IntN(2))
					red, black := own, enemy
					if side == rules.Black {
						red, black = enemy, own
					}
					p, err := rules.NewPosition(red, black, side, rng.IntN(r.NoCaptureLimit), 1)
					if err != nil {
						t.Fatal(err)
					}
					checkAgainstBrute(t, tabs, b, p)
				}
			}
			t.Logf("%s: %d states searched by brute force", r, len(b.memo))
		}
	}
}
