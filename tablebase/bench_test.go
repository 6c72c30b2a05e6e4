package tablebase

import (
	"math/rand/v2"
	"testing"

	"github.com/surakarta/surakarta/rules"
)

func benchPositions(b *testing.B, n int) []rules.Position {
	rng := rand.New(rand.NewPCG(9, 9))
	var out []rules.Position
	bal := Balances(n)
	for len(out) < 4096 {
		m := bal[rng.IntN(len(bal))]
		own, enemy := randomPlacement(rng, m.Own, m.Enemy)
		p, err := rules.NewPosition(own, enemy, rules.Color(rng.IntN(2)), rng.IntN(50), 1)
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// BenchmarkProbe is one probe from memory (tables loaded): canonical form
// under the eight symmetries, a binary search, one byte.
func BenchmarkProbe(b *testing.B) {
	tabs, ps := loadedBench(b)
	for i := 0; i < b.N; i++ {
		if _, ok, err := tabs.Probe(&ps[i&4095]); !ok || err != nil {
			b.Fatal(ok, err)
		}
	}
}

// BenchmarkBest is a probe with the best move: every move's child probed.
func BenchmarkBest(b *testing.B) {
	tabs, ps := loadedBench(b)
	for i := 0; i < b.N; i++ {
		if _, _, ok, err := tabs.Best(&ps[i&4095]); !ok || err != nil {
			b.Fatal(ok, err)
		}
	}
}

// loadedBench returns the 4-piece standard tables, loaded, and positions to
// probe, with the timer reset.
func loadedBench(b *testing.B) (*Tables, []rules.Position) {
	tabs := tablesFor(b, rulesWith(rules.Standard, 50), 4)
	if err := tabs.LoadAll(); err != nil {
		b.Fatal(err)
	}
	ps := benchPositions(b, 4)
	b.ReportAllocs()
	b.ResetTimer()
	return tabs, ps
}
